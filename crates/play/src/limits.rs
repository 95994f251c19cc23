//! Every cap on the work one request can ask for, each defined once where its rules are and
//! gathered here, so front ends offer exactly what the sessions accept.

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
    /// The most playouts per candidate of a Take 6! `mc:N` bot
    /// ([`tabletop_take6::MAX_MC_PLAYOUTS`]).
    pub take6_max_mc_playouts: u32,
    /// The samples per card of a Take 6! analysis ([`tabletop_take6::ANALYSIS_SAMPLES`]).
    pub take6_analysis_samples: u32,
    /// The most actions one [`crate::Session::advance`] plays.
    pub max_advance: usize,
}

/// The caps in force.
pub const LIMITS: Limits = Limits {
    race_min_side: tabletop_race::MIN_SIDE,
    race_max_side: tabletop_race::MAX_PLAY_SIDE,
    take6_max_mc_playouts: tabletop_take6::MAX_MC_PLAYOUTS,
    take6_analysis_samples: tabletop_take6::ANALYSIS_SAMPLES,
    max_advance: MAX_ADVANCE,
};
