//! The crate's error types, one per operation.

use tabletop_core::text::clip;
use thiserror::Error;

use crate::event::Event;
use crate::hand::Meld;
use crate::tile::{Kind, Player};

/// A discard that is not legal now ([`Position::try_discard`](crate::Position::try_discard)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMoveError {
    /// The game is over: no discard is due.
    #[error("the game is over")]
    GameOver,
    /// The player to discard holds no tile of that kind.
    #[error("{player} holds no {tile}")]
    NotHeld {
        /// The player to discard.
        player: Player,
        /// The tile asked for.
        tile: Kind,
    },
    /// A discard or a self-drawn win asked for while a claim decision is due.
    #[error("{player} is to decide a claim on the discard, not to discard")]
    ClaimDue {
        /// The player to decide the claim.
        player: Player,
    },
    /// A claim asked for while no claim decision is due (a discard is, or the game is over).
    #[error("no claim decision is due")]
    NoClaimDue,
    /// A claim the player to decide cannot make on this discard.
    #[error("{player} cannot {claim} on this discard")]
    NotAClaim {
        /// The player to decide the claim.
        player: Player,
        /// The claim asked for.
        claim: crate::state::Claim,
    },
    /// A self-drawn win asked for by a player whose hand is not a winning hand just drawn.
    #[error("{player} cannot win by self-draw now")]
    NoSelfDraw {
        /// The player to discard.
        player: Player,
    },
}

/// A token that is not one of the 37 kind names.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown tile {:?}: expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE",
    clip(.0)
)]
pub struct ParseKindError(pub String);

/// A token that is not one of the players `A B C D`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown player {:?}: expected A, B, C or D", clip(.0))]
pub struct ParsePlayerError(pub String);

/// A hand that cannot be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseHandError {
    /// A token that is not a kind name.
    #[error(
        "unknown tile {:?}: expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE",
    clip(.0)
    )]
    UnknownToken(String),
    /// A fifth copy of a kind.
    #[error("more than 4 copies of {0}")]
    TooManyCopies(Kind),
}

/// A wall (or a list of walls) that cannot be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WallError {
    /// A token that is not a kind name.
    #[error(
        "line {line}: unknown tile {:?}: expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE",
        clip(.token)
    )]
    UnknownToken {
        /// The 1-based line of the token.
        line: usize,
        /// The token.
        token: String,
    },
    /// The input does not hold exactly 148 tiles (one wall) or a multiple of 148 (walls).
    #[error("wall {wall} holds {count} tile{}, expected 148{}", if *.count == 1 { "" } else { "s" }, if *.count == 0 { " (the input is empty)" } else { "" })]
    WrongCount {
        /// The 1-based number of the incomplete wall.
        wall: usize,
        /// The tiles it holds.
        count: usize,
    },
    /// More than one wall's worth of tiles where exactly one wall is expected.
    #[error("the input holds {count} tiles, expected exactly 148 (one wall)")]
    TooManyTiles {
        /// The tiles in the input.
        count: usize,
    },
    /// A kind with other than 4 copies.
    #[error("line {line}: wall {wall} holds {count} {} of {kind}, expected 4 of each kind", if *.count == 1 { "copy" } else { "copies" })]
    WrongCopies {
        /// The 1-based number of the wall.
        wall: usize,
        /// The line of the fifth copy when there are too many, else the wall's last line.
        line: usize,
        /// The kind.
        kind: Kind,
        /// Its number of copies.
        count: usize,
    },
}

/// Why a line is not a log event ([`Event`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EventSyntaxError {
    /// Nothing but whitespace.
    #[error("the line is empty")]
    Empty,
    /// The first token is not a player.
    #[error(transparent)]
    Player(#[from] ParsePlayerError),
    /// A tile token is not a kind name.
    #[error(transparent)]
    Tile(#[from] ParseKindError),
    /// A `CHOW` whose tiles are not a sequence.
    #[error("expected a CHOW of three consecutive tiles of one suit, ascending")]
    NotASequence,
    /// A `PONG` whose tiles are not a triplet.
    #[error("expected a PONG of three identical non-special tiles")]
    NotATriplet,
    /// No event has this shape.
    #[error(
        "expected X IN t, X OUT t, X OUT PASS Y, X CHOW a b c, X PONG t t t, X RON, X SELFDRAWN, \
         X WIN or DRAW"
    )]
    UnknownShape,
}

/// A game log line that cannot be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: cannot read {:?} as a log event: {reason}", clip(.text))]
pub struct ParseEventError {
    /// The 1-based line.
    pub line: usize,
    /// The line's text.
    pub text: String,
    /// What was wrong.
    pub reason: EventSyntaxError,
}

/// An event that cannot happen on the board it is replayed on, or that the fixed rules do not
/// play there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: event {index} ({event}): {reason}")]
pub struct ReplayError {
    /// The 1-based line of the event in the log (its number when no line is known).
    pub line: usize,
    /// The 1-based number of the event.
    pub index: usize,
    /// The event.
    pub event: Event,
    /// Why it cannot happen.
    pub reason: ReplayReason,
}

/// Why an event cannot happen where a log plays it (the cause of a [`ReplayError`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayReason {
    /// An event after the game's end.
    #[error("the game is already over")]
    GameOver,
    /// The deal of a second game after the end of the first.
    #[error(
        "the game is already over and a new deal starts: the input holds more than one game \
         (give replay one log)"
    )]
    SecondGame,
    /// One of the first 52 events is not the deal's next draw.
    #[error(
        "the deal (events 1-52) gives one tile at a time to A, B, C, D in turn: event {index} \
         must be {dealt} IN a tile"
    )]
    DealOrder {
        /// The 1-based number of the event.
        index: usize,
        /// Who the deal gives this tile to.
        dealt: Player,
    },
    /// A draw from the empty wall.
    #[error("the wall is empty")]
    WallEmpty,
    /// A draw of a fifth copy of a kind.
    #[error("a fifth {0} is drawn, but the wall holds 4 of each kind")]
    FifthCopy(Kind),
    /// `PASS` names someone other than the discarder's next player.
    #[error("{player} must name their next player in the current direction, {next}")]
    PassTarget {
        /// The discarder.
        player: Player,
        /// Their next player.
        next: Player,
    },
    /// A discard of a tile not held.
    #[error("{player} holds no {tile}")]
    NotHeld {
        /// The discarder.
        player: Player,
        /// The tile.
        tile: Kind,
    },
    /// A claim with no discard to claim.
    #[error("no discard to claim")]
    NothingToClaim,
    /// A claim of the claimer's own discard.
    #[error("{0} cannot claim their own discard")]
    OwnDiscardClaimed(Player),
    /// A meld that does not hold the discard it claims.
    #[error("the last discard {tile} is not part of {meld}")]
    NotInMeld {
        /// The last discard.
        tile: Kind,
        /// The meld claimed.
        meld: Meld,
    },
    /// A meld whose other tiles the claimer does not hold.
    #[error("{player} holds no {tile} for {meld}")]
    MissingForMeld {
        /// The claimer.
        player: Player,
        /// The tile missing.
        tile: Kind,
        /// The meld claimed.
        meld: Meld,
    },
    /// `RON` with no discard to win on.
    #[error("no discard to win on")]
    NothingToWinOn,
    /// `RON` on the winner's own discard.
    #[error("{0} cannot win on their own discard")]
    OwnDiscardWon(Player),
    /// `RON` with a hand that the discard does not complete.
    #[error("{player}'s hand plus {tile} is not a winning hand")]
    NotWinningWith {
        /// The player.
        player: Player,
        /// The last discard.
        tile: Kind,
    },
    /// `SELFDRAWN` other than right after the player's draw.
    #[error("{0} wins by self-draw only right after drawing")]
    SelfDrawnNotAfterDraw(Player),
    /// `SELFDRAWN` with a hand that is not winning.
    #[error("{0}'s hand is not a winning hand")]
    NotWinning(Player),
    /// `WIN` of a player who has not just won.
    #[error("{0} has not just won")]
    NotJustWon(Player),
    /// `DRAW` with tiles left in the wall.
    #[error("{left} tile{} left in the wall", if *.left == 1 { " is" } else { "s are" })]
    TilesLeft {
        /// The tiles left.
        left: usize,
    },
    /// A legal event other than the one the fixed rules play.
    #[error("the fixed rules play {0} here")]
    NotTheRules(Event),
}

/// Why a text cannot be replayed ([`Replay::parse`](crate::Replay::parse)).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseReplayError {
    /// A line of the log is not an event.
    #[error(transparent)]
    Log(#[from] ParseEventError),
    /// An event of the log is illegal, or not what the fixed rules play.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The text is not a log, and not a wall either.
    #[error("the input is neither a game log nor a wall")]
    Wall(#[source] WallError),
}

/// Why a hand has no distance report ([`DistanceReport::new`](crate::DistanceReport::new)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DistanceReportError {
    /// The hand has no tile.
    #[error("the hand is empty: give at least one tile")]
    EmptyHand,
    /// More than 4 melds.
    #[error("a player lays down at most 4 melds, not {0}")]
    TooManyMelds(usize),
    /// More tiles than a player with these melds holds.
    #[error(
        "a player with {melds} meld(s) holds at most {} tiles, this hand has {tiles}",
        14 - 3 * melds
    )]
    TooManyTiles {
        /// The melds laid down.
        melds: usize,
        /// The tiles in the hand.
        tiles: usize,
    },
}

/// Parts of a seeded batch of games that cannot be played or merged
/// ([`crate::StatsPart`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StatsPartError {
    /// Parts that are not the whole batch once, or a part out of the batch's games.
    #[error(transparent)]
    Parts(#[from] tabletop_core::parts::PartsError),
    /// Parts of different batches given to be merged.
    #[error("part {part} is of another batch than part 0: {what} differ")]
    OtherBatch {
        /// The part's index in the list.
        part: usize,
        /// What differs.
        what: &'static str,
    },
    /// No parts to merge.
    #[error("no parts to merge: expected the parts of one batch")]
    NoParts,
    /// Totals that cannot be those of the part's games.
    #[error("part {first}..{stop} holds totals of {games} games that do not add up: {problem}")]
    Totals {
        /// The part's first game.
        first: u64,
        /// One past its last game.
        stop: u64,
        /// The games its totals count.
        games: u64,
        /// What does not add up.
        problem: &'static str,
    },
    /// A part's run was cancelled before every game was played.
    #[error(transparent)]
    Cancelled(#[from] tabletop_core::drive::Cancelled),
}

/// Walls that cannot be simulated as a batch (`simulate_many`, with the `rayon` feature).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SimulateManyError {
    /// A malformed wall.
    #[error("wall {index}: {source}")]
    Wall {
        /// The wall's index in the batch (0 first).
        index: usize,
        /// Why it is malformed.
        #[source]
        source: WallError,
    },
    /// The batch was cancelled before every game was played.
    #[error(transparent)]
    Cancelled(#[from] tabletop_core::drive::Cancelled),
}
