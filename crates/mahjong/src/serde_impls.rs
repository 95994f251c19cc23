//! The optional `serde` feature: tiles, players, hands and events in their notation; a wall
//! as its 148 tiles; the reports as `tabletop mahjong ... --json` prints them.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::{Event, GameReport, Hand, Kind, Player, Replay, ReplayState, ReplayStep, Wall};

tabletop_core::serde_via_str!(Kind, Player, Hand, Event);

impl serde::Serialize for Wall {
    /// The tiles, front of the wall first.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.tiles())
    }
}

impl<'de> serde::Deserialize<'de> for Wall {
    /// 148 tiles, 4 of each kind, front first.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Wall, D::Error> {
        let tiles = Vec::<Kind>::deserialize(d)?;
        Wall::from_tiles(&tiles).map_err(serde::de::Error::custom)
    }
}

/// Per-seat counts as a map from the seat's letter, `A` first.
pub(crate) fn by_seat<S: Serializer>(counts: &[u64; 4], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(Player::ALL.iter().map(|p| (p, counts[p.index()])))
}

impl Serialize for GameReport {
    /// `{wall, outcome, winner, stats, events}`: the wall as one text of 148 tiles, the
    /// outcome's name (`RON`, `SELFDRAWN`, `DRAW`), the winner's seat or null, the statistics,
    /// and the log lines.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let outcome = self.record.outcome;
        let mut game = s.serialize_struct("GameReport", 5)?;
        game.serialize_field("wall", &self.wall.to_string())?;
        game.serialize_field("outcome", outcome.name())?;
        game.serialize_field("winner", &outcome.winner())?;
        game.serialize_field("stats", &self.record.stats)?;
        game.serialize_field("events", &self.record.events)?;
        game.end()
    }
}

/// A board's four seats: `[{discards, hand, melds, seat}, ...]`, melds as their tiles.
struct Seats<'a>(&'a ReplayState);

impl Serialize for Seats<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(Player::ALL.iter().map(|&p| Seat(self.0, p)))
    }
}

/// One seat of a board. The replay's keys are in alphabetical order, as `tabletop mahjong
/// replay --json` has always printed them.
struct Seat<'a>(&'a ReplayState, Player);

impl Serialize for Seat<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Seat(board, p) = *self;
        let mut seat = s.serialize_struct("Seat", 4)?;
        seat.serialize_field("discards", board.discards(p))?;
        seat.serialize_field("hand", board.hand(p))?;
        let melds: Vec<String> = board.melds(p).iter().map(ToString::to_string).collect();
        seat.serialize_field("melds", &melds)?;
        seat.serialize_field("seat", &p)?;
        seat.end()
    }
}

impl Serialize for ReplayStep {
    /// `{players, step}`: the board's seats and the step's heading (`event 53: A IN N`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut step = s.serialize_struct("ReplayStep", 2)?;
        step.serialize_field("players", &Seats(&self.state))?;
        step.serialize_field("step", &self.events.to_string())?;
        step.end()
    }
}

impl Serialize for Replay {
    /// `{outcome, result, steps, winner}`: the outcome's name or null, the result for people
    /// ([`Replay::result`]), the steps, the winner's seat or null.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let outcome = self.outcome();
        let mut replay = s.serialize_struct("Replay", 4)?;
        replay.serialize_field("outcome", &outcome.map(|o| o.name()))?;
        replay.serialize_field("result", &self.result())?;
        replay.serialize_field("steps", &self.steps)?;
        replay.serialize_field("winner", &outcome.and_then(|o| o.winner()))?;
        replay.end()
    }
}
