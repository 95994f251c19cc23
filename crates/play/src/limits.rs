//! Every cap on the work one request can ask for, each defined once: the rules' limits where
//! the rules are (in the game crates, gathered in [`LIMITS`]), the front ends' caps on batch
//! work here. The CLI's argument ranges, the server's `GET /api/limits`, Python's argument
//! checks and the documents read these, so every front end offers exactly what is accepted.
//!
//! The batch caps bound one call's time or memory. Where two front ends differ, they differ
//! by purpose: a call that aggregates (`tabletop nine stats`) can run longer than one that
//! returns every result as a list (Python's `nine.solve_random`), and a table printed as text
//! or drawn as SVG is smaller than one returned as arrays.

use serde::Serialize;

use crate::MAX_ADVANCE;

/// The caps of the session layer and the games (`GET /api/limits` adds the server's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// The smallest side of a race board ([`tabletop_race::MIN_SIDE`]).
    pub race_min_side: u64,
    /// The largest side of a race board that can be played, analysed and drawn
    /// ([`tabletop_race::MAX_PLAY_SIDE`]).
    pub race_max_side: u64,
    /// The largest `N` of a search bot's budget of `N` playouts (Take 6!'s `mc:N` and
    /// `nn-mc:N`, per candidate card; Mahjong's `nn-mc:N`, per decision)
    /// ([`tabletop_core::budget::MAX_PLAYOUTS`]).
    pub bot_max_playouts: u32,
    /// The largest `N` of a search bot's budget of `N` milliseconds a decision (`mc:Nms`,
    /// `nn-mc:Nms`) ([`tabletop_core::budget::MAX_MILLIS`]).
    pub bot_max_millis: u32,
    /// The samples per card of a Take 6! analysis ([`tabletop_take6::ANALYSIS_SAMPLES`]).
    pub take6_analysis_samples: u32,
    /// The most actions one [`crate::Session::advance`] plays.
    pub max_advance: usize,
}

/// The caps in force.
pub const LIMITS: Limits = Limits {
    race_min_side: tabletop_race::MIN_SIDE,
    race_max_side: tabletop_race::MAX_PLAY_SIDE,
    bot_max_playouts: tabletop_core::budget::MAX_PLAYOUTS,
    bot_max_millis: tabletop_core::budget::MAX_MILLIS,
    take6_analysis_samples: tabletop_take6::ANALYSIS_SAMPLES,
    max_advance: MAX_ADVANCE,
};

/// The most random deals one aggregate of Nine's statistics solves (`tabletop nine stats`):
/// about a day of CPU, kept in counters, not in memory.
pub const NINE_MAX_STATS_DEALS: u64 = 1_000_000_000;

/// The most deals one call solves and returns value by value (Python's `nine.solve_random`):
/// every value is kept until the call returns.
pub const NINE_MAX_SOLVED_DEALS: u64 = 100_000_000;

/// The most deals the search for a deal of a given importance solves before giving up
/// (`tabletop nine find --budget`, Python's `nine.find`).
pub const NINE_MAX_FIND_BUDGET: u64 = 1_000_000_000_000;

/// The most classes `tabletop nine census` (and Python's `census.run_shard`) solves between
/// two saves of a shard's file (`--checkpoint`).
pub const NINE_CENSUS_MAX_CHECKPOINT: u64 = 1_000_000_000;

/// The most solving threads a command or call may ask for (`--threads`, `threads=`).
pub const MAX_THREADS: u64 = 1024;

/// The most Mahjong games one simulation plays (`tabletop mahjong simulate --games`,
/// Python's `mahjong.stats` and batch simulations).
pub const MAHJONG_MAX_GAMES: u64 = 100_000_000;

/// The most walls `tabletop mahjong gen` writes (each a line of 136 tiles).
pub const MAHJONG_MAX_GEN_WALLS: u64 = 10_000_000;

/// The largest side of a race table printed as text or JSON (`tabletop race table`): a
/// grid a reader can still scroll through.
pub const RACE_MAX_TEXT_SIDE: u64 = 200;

/// The largest side of a race table drawn as SVG (`tabletop race table --svg`): 90,000
/// cells, about 10 MB of SVG.
pub const RACE_MAX_SVG_SIDE: u64 = 300;

/// The most cells of a race table returned as arrays in one call (Python's `race.table` and
/// `race.grundy`: 4096 x 4096).
pub const RACE_MAX_TABLE_CELLS: u64 = 1 << 24;

/// The largest board side the closed forms are checked up to against retrograde tables
/// (`tabletop race verify --max`): about 16 K^2 bytes, 1.6 GB at 10,000.
pub const RACE_MAX_VERIFY_SIDE: u64 = 10_000;

/// The most cases of one random HDU 5754 input (`tabletop race gen --cases`): about 4 GB of
/// text, written as it is made.
pub const RACE_MAX_GEN_CASES: u64 = 100_000_000;

/// The values an integer game parameter can take, whatever the other parameters (a Take 6!
/// deck must also hold the deal, a race start must be on the board): what every front end
/// states when a value is out of it, so that a parameter has one range in every message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ParamRange {
    /// The registered game (`take6`, `race`).
    pub game: &'static str,
    /// The parameter.
    pub field: &'static str,
    /// The least value.
    pub min: u64,
    /// The greatest value.
    pub max: u64,
}

/// The ranges of the integer parameters of the registered games, from the rules' own limits.
pub const PARAM_RANGES: &[ParamRange] = &[
    ParamRange { game: "take6", field: "players", min: 2, max: tabletop_take6::MAX_PLAYERS as u64 },
    ParamRange { game: "take6", field: "rows", min: 1, max: tabletop_take6::MAX_ROWS as u64 },
    ParamRange { game: "take6", field: "hand_size", min: 1, max: tabletop_take6::MAX_HAND as u64 },
    ParamRange { game: "take6", field: "deck", min: 1, max: tabletop_take6::DECK_SIZE as u64 },
    ParamRange { game: "take6", field: "target", min: 1, max: u16::MAX as u64 },
    ParamRange {
        game: "race",
        field: "rows",
        min: tabletop_race::MIN_SIDE,
        max: tabletop_race::MAX_PLAY_SIDE,
    },
    ParamRange {
        game: "race",
        field: "cols",
        min: tabletop_race::MIN_SIDE,
        max: tabletop_race::MAX_PLAY_SIDE,
    },
];

/// The range of the integer parameter `field` of `game`, if it has one in [`PARAM_RANGES`].
pub fn param_range(game: &str, field: &str) -> Option<ParamRange> {
    PARAM_RANGES.iter().copied().find(|r| r.game == game && r.field == field)
}
