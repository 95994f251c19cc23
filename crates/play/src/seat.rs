//! Who plays a seat.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Who plays one seat: a person (through [`crate::Session::act`]), the game's exact solver,
/// or one of the game's bots by name.
///
/// In JSON a seat is a string: `"human"`, `"solver"`, or a bot name such as `"random"`,
/// `"heuristic"`, `"mc:500"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person: the session waits for [`crate::Session::act`].
    Human,
    /// The exact solver (the bot named `solver`; Nine and race have one).
    Solver,
    /// A bot by name (one of the game's bots, see [`crate::GameInfo::bots`]).
    Bot(String),
}

impl Seat {
    /// The bot name that plays this seat (`solver` for [`Seat::Solver`]), or `None` for a
    /// person.
    pub fn bot(&self) -> Option<&str> {
        match self {
            Seat::Human => None,
            Seat::Solver => Some("solver"),
            Seat::Bot(name) => Some(name),
        }
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        *self == Seat::Human
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Solver => f.write_str("solver"),
            Seat::Bot(name) => f.write_str(name),
        }
    }
}

impl FromStr for Seat {
    type Err = std::convert::Infallible;

    /// `human`, `solver`, anything else is a bot name (checked against the game later).
    fn from_str(s: &str) -> Result<Seat, Self::Err> {
        Ok(match s.trim() {
            "human" => Seat::Human,
            "solver" => Seat::Solver,
            other => Seat::Bot(other.to_owned()),
        })
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let s = String::deserialize(d)?;
        Ok(s.parse().unwrap_or(Seat::Human))
    }
}
