//! The store's one error type.

use std::path::PathBuf;

use tabletop_play::clip;

/// What went wrong in the store: the caller (the server) turns each into its answer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database file could not be opened, or is not a games database.
    #[error("the games database {path}: {source}")]
    Open {
        /// The file (`:memory:` for a database in memory).
        path: String,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The directory of the database file could not be made.
    #[error("cannot create {}: {source}", dir.display())]
    CreateDir {
        /// The directory.
        dir: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The database failed while reading or writing.
    #[error("the games database failed: {0}")]
    Database(#[source] rusqlite::Error),
    /// A game's change was made in memory, but its record could not be written.
    #[error("the move was played but could not be saved (it is lost on a restart): {0}")]
    GameNotSaved(#[source] rusqlite::Error),
    /// A table's change was made in memory, but it could not be written.
    #[error("the table changed but could not be saved (it is lost on a restart): {0}")]
    TableNotSaved(#[source] rusqlite::Error),
    /// The stored tables could not be read.
    #[error("the tables in the games database: {0}")]
    Tables(#[source] rusqlite::Error),
    /// The client holds its cap of games in progress (none of its games can make room).
    #[error(
        "you have {held} games in progress, the most one client may hold: finish or delete one"
    )]
    TooManyGames {
        /// How many games the client holds.
        held: usize,
    },
    /// The server's key file does not hold a key.
    #[error(
        "the key file {} {why}: it must hold the server's key (64 hex digits); remove it to \
         make a new key (every browser then gets a new identity)",
        path.display()
    )]
    BadKeyFile {
        /// The key file.
        path: PathBuf,
        /// What is wrong with it.
        why: &'static str,
    },
    /// The server's key file cannot be read or written.
    #[error("cannot {doing} the key file {}: {source}", path.display())]
    KeyFile {
        /// `read` or `write`.
        doing: &'static str,
        /// The key file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// No game has this id (never created, deleted or pushed out).
    #[error("no session {:?}", clip(id))]
    NoGame {
        /// The id asked for.
        id: String,
    },
    /// The game was unused for longer than the idle limit, and is dropped now.
    #[error("session {:?} expired", clip(id))]
    Expired {
        /// The id asked for.
        id: String,
    },
    /// A stored table cannot be read, or a table cannot be written as JSON.
    #[error("{why}")]
    TableData {
        /// What is wrong with it.
        why: String,
    },
    /// The client holds its cap of tables in progress (none of its tables can make room).
    #[error(
        "you have dealt {held} tables in progress, the most one client may hold: finish one \
         first"
    )]
    TooManyTables {
        /// How many tables the client holds.
        held: usize,
    },
    /// The server holds its cap of tables, none of them finished.
    #[error("the server holds its most tables ({cap}), none of them finished: try again later")]
    TablesFull {
        /// The most tables the server holds.
        cap: usize,
    },
    /// No person has this personal token (mistyped or cut).
    #[error("no person has this link: check that it was copied whole")]
    NoPerson,
    /// A stored personal list cannot be read, or cannot be written as JSON.
    #[error("internal error: {why}")]
    PersonData {
        /// What is wrong with it.
        why: String,
    },
    /// An entry is too long to add to a personal list.
    #[error("the entry is too long")]
    EntryTooLong,
}
