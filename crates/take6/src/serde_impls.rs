//! The optional `serde` feature: cards as numbers, sets and rows as lists of numbers, the
//! table as a list of rows; actions, bots and row rules in their notation.

use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Action, BotKind, Card, CardSet, Row, RowRule, Table};

tabletop_core::serde_via_str!(Action, BotKind, RowRule);

impl Serialize for Card {
    /// The card's number.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.value())
    }
}

impl<'de> Deserialize<'de> for Card {
    /// A number from 1 to 104.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let v = u8::deserialize(d)?;
        Card::new(v)
            .ok_or_else(|| serde::de::Error::custom(format!("no card {v}: cards are 1 to 104")))
    }
}

impl Serialize for CardSet {
    /// The cards' numbers, ascending.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    /// A list of distinct card numbers.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let mut set = CardSet::EMPTY;
        for c in Vec::<Card>::deserialize(d)? {
            if !set.insert(c) {
                return Err(serde::de::Error::custom(format!("card {c} appears twice")));
            }
        }
        Ok(set)
    }
}

impl Serialize for Row {
    /// The row's cards, ascending (the order they were placed).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards().serialize(s)
    }
}

impl Serialize for Table {
    /// The rows, in their fixed order.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.num_rows()))?;
        for row in self.rows() {
            seq.serialize_element(row)?;
        }
        seq.end()
    }
}
