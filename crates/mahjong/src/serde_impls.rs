//! The optional `serde` feature: tiles, players, hands and events in their notation; a wall
//! as its 148 tiles.

use crate::{Event, Hand, Kind, Player, Wall};

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
