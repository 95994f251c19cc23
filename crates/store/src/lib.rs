//! Where the tabletop server keeps its games, and who may open them.
//!
//! - [`Store`]: the hosted games ([`HostedGame`](tabletop_play::HostedGame)) in memory, each
//!   written to SQLite as its record on every change and rebuilt from it at start-up, capped
//!   per client and in all, dropped when idle; beside them, the tables of people and the
//!   personal lists as the server writes them.
//! - [`token`]: capabilities, random tokens that open a seat, a spectator's view or a
//!   person's list; the store keeps only their hashes, and seals a list's entries under the
//!   person's own token.
//! - [`TableState`]: a table of people with its links (token hashes), versions and every
//!   viewer's [`Snapshot`], its stored form, and [`make_room`] for the caps on tables;
//!   [`PersonList`]: a person's list of games and tables, sealed under their token.
//! - [`Identity`]: signed client ids (the server's key kept in a file beside the database) and
//!   how many of them one address may be issued.
//!
//! The store knows no HTTP: each failure is a [`StoreError`], and the server chooses the
//! answer.
//!
//! ```
//! use std::time::Duration;
//! use tabletop_play::HostedGame;
//! use tabletop_store::{Caps, Store, StoreError};
//!
//! let caps = Caps { total: 100, per_client: 1, idle: Duration::from_secs(3600) };
//! let store = Store::open(None, caps)?; // in memory
//! let request = serde_json::json!({"game": "nine", "seats": ["random", "random"]});
//! let (game, _) = HostedGame::create(&request, &Default::default())?;
//! let first = store.insert("client-a", game)?;
//! assert!(store.get(&first).is_ok());
//! // At the client's cap, a game nobody played makes room; a game in progress never does.
//! let (mut game, _) = HostedGame::create(&request, &Default::default())?;
//! game.step(1)?;
//! let second = store.insert("client-a", game)?;
//! assert!(!store.contains(&first) && store.contains(&second));
//! let (game, _) = HostedGame::create(&request, &Default::default())?;
//! assert!(matches!(store.insert("client-a", game), Err(StoreError::TooManyGames { held: 1 })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod games;
mod identity;
mod people;
mod tables;
pub mod token;

pub use error::StoreError;
pub use games::{Caps, Shared, Store, Summary, now_ms};
pub use identity::{ISSUE_BURST, ISSUE_EVERY, Identity, key_path};
pub use people::{EntryKind, MAX_PERSON_ENTRIES, PersonList};
pub use tables::{Dealt, Snapshot, TableCaps, TableState, make_room};
