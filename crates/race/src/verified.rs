//! What a [`Verification`] tells its reader: the mismatches in words ([`Verification::failure`])
//! and, with the `serde` feature, the JSON of `tabletop race verify --json`.

use std::fmt::Write as _;

use crate::report::Verification;

impl Verification {
    /// The first ten mismatches in words under `N mismatches up to K x K:`, or `None` when
    /// the closed forms agree with the tables everywhere.
    pub fn failure(&self) -> Option<String> {
        if self.mismatches.is_empty() {
            return None;
        }
        let k = self.max;
        let mut msg = format!("{} mismatches up to {k} x {k}:", self.mismatches.len());
        for m in self.mismatches.iter().take(10) {
            let _ = write!(msg, "\n  {m}");
        }
        Some(msg)
    }
}

/// `{"max", "cells_per_piece", "mismatches": N, "pieces": [...]}`: the mismatches counted (they
/// are listed by [`Verification::failure`]).
#[cfg(feature = "serde")]
impl serde::Serialize for Verification {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Verification", 4)?;
        s.serialize_field("max", &self.max)?;
        s.serialize_field("cells_per_piece", &self.cells_per_piece)?;
        s.serialize_field("mismatches", &self.mismatches.len())?;
        s.serialize_field("pieces", &self.pieces)?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mismatch, Piece};

    fn verification(mismatches: usize) -> Verification {
        let m = Mismatch {
            piece: Piece::Queen,
            a: 2,
            b: 4,
            what: "outcome",
            table: "G".into(),
            closed: "B".into(),
        };
        Verification {
            max: 10,
            cells_per_piece: 100,
            mismatches: vec![m; mismatches],
            pieces: Vec::new(),
        }
    }

    #[test]
    fn mismatches_are_listed_ten_at_most() {
        assert_eq!(verification(0).failure(), None);
        let text = verification(12).failure().unwrap();
        assert!(text.starts_with("12 mismatches up to 10 x 10:\n  queen on 3x5: outcome is G"));
        assert_eq!(text.lines().count(), 11);
        assert_eq!(verification(1).failure().unwrap().lines().count(), 2);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn the_json_counts_the_mismatches() {
        let json = serde_json::to_string(&verification(3)).unwrap();
        assert_eq!(json, r#"{"max":10,"cells_per_piece":100,"mismatches":3,"pieces":[]}"#);
    }
}
