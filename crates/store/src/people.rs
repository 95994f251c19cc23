//! Personal lists: the games and tables of one person, opened by the person's own token.
//!
//! Each entry (a seat's token or a game's id) is sealed under the person's token
//! ([`token::seal`]); the database keeps the list under the token's hash, so it reads back
//! only through the personal link.

use serde::{Deserialize, Serialize};

use crate::{Store, StoreError, token};

/// The most entries a personal list keeps (the oldest go first).
pub const MAX_PERSON_ENTRIES: usize = 1000;

/// What an entry of a personal list opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A seat at a table, by its seat token.
    Seat,
    /// A hosted game, by its id.
    Game,
}

impl EntryKind {
    fn name(self) -> &'static str {
        match self {
            EntryKind::Seat => "seat",
            EntryKind::Game => "game",
        }
    }
}

/// A personal list as stored: each entry sealed under the person's token, oldest first.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct PersonList {
    entries: Vec<Sealed>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Sealed {
    /// `seat` or `game`.
    kind: String,
    nonce: String,
    sealed: String,
}

impl PersonList {
    /// The entries `person`'s token opens, newest first (entries of another kind, or sealed
    /// under another token, are left out).
    pub fn open(&self, person: &str) -> Vec<(EntryKind, String)> {
        let kinds = [EntryKind::Seat, EntryKind::Game];
        let entries = self.entries.iter().rev();
        entries
            .filter_map(|e| {
                let kind = kinds.into_iter().find(|k| k.name() == e.kind)?;
                Some((kind, token::open(person, &e.nonce, &e.sealed)?))
            })
            .collect()
    }

    /// Adds an entry sealed under `person`'s token, unless the list has it; the oldest
    /// entries go beyond [`MAX_PERSON_ENTRIES`]. Whether the list changed.
    ///
    /// # Errors
    /// [`StoreError::EntryTooLong`] when `secret` is too long to seal.
    pub fn add(&mut self, person: &str, kind: EntryKind, secret: &str) -> Result<bool, StoreError> {
        let known = self.entries.iter().any(|e| {
            e.kind == kind.name()
                && token::open(person, &e.nonce, &e.sealed).as_deref() == Some(secret)
        });
        if known {
            return Ok(false);
        }
        let nonce = token::new_token();
        let sealed = token::seal(person, &nonce, secret).ok_or(StoreError::EntryTooLong)?;
        self.entries.push(Sealed { kind: kind.name().to_owned(), nonce, sealed });
        let over = self.entries.len().saturating_sub(MAX_PERSON_ENTRIES);
        self.entries.drain(..over);
        Ok(true)
    }
}

impl Store {
    /// The list of the person whose personal token is `person`.
    ///
    /// # Errors
    /// [`StoreError::NoPerson`] when no person has this token; [`StoreError::Database`] when
    /// the database fails; [`StoreError::PersonData`] when the stored list is unreadable.
    pub fn person_list(&self, person: &str) -> Result<PersonList, StoreError> {
        if !token::well_formed(person) {
            return Err(StoreError::NoPerson);
        }
        let data = self.person(&token::hash(person))?.ok_or(StoreError::NoPerson)?;
        serde_json::from_str(&data).map_err(|e| StoreError::PersonData { why: e.to_string() })
    }

    /// Writes the list of the person whose personal token is `person` (created or changed).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the database fails; [`StoreError::PersonData`] when the
    /// list cannot be written as JSON.
    pub fn save_person_list(&self, person: &str, list: &PersonList) -> Result<(), StoreError> {
        let text = serde_json::to_string(list)
            .map_err(|e| StoreError::PersonData { why: e.to_string() })?;
        self.save_person(&token::hash(person), &text)
    }
}
