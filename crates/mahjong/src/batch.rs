//! Batches of games written as they are played: `tabletop mahjong simulate` and `gen`.
//!
//! A batch ([`Walls`]) is either walls given (read and checked before any game runs, so
//! nothing fails once output starts) or the seeded walls `seeded_wall(seed, i)`. Games are
//! played on all cores [`CHUNK`] at a time and written in order before the next chunk starts
//! ([`tabletop_core::drive::stream`]): the output streams with memory bounded by one chunk,
//! whatever the number of games.

use std::io::Write;

use tabletop_core::cancel::Cancel;
use tabletop_core::drive::{self, Cancelled, Progress, StreamError};

use crate::{Summary, Wall, log_text, seeded_wall, simulate};

/// Games (or walls) computed in parallel and written before the next chunk starts.
pub const CHUNK: u64 = 4096;

/// The walls of a batch of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walls {
    /// `games` random walls: wall `i` is [`seeded_wall`]`(seed, i)`.
    Seeded {
        /// The seed of the batch.
        seed: u64,
        /// How many walls.
        games: u64,
    },
    /// The walls given, in order.
    Given(Vec<Wall>),
}

impl Walls {
    /// How many walls (games) the batch has.
    pub fn games(&self) -> u64 {
        match self {
            Walls::Seeded { games, .. } => *games,
            Walls::Given(walls) => walls.len() as u64,
        }
    }

    /// Wall `i` of the batch.
    ///
    /// # Panics
    /// When `i` is not below [`Walls::games`] for given walls.
    pub fn wall(&self, i: u64) -> Wall {
        match self {
            Walls::Seeded { seed, .. } => seeded_wall(*seed, i),
            Walls::Given(walls) => walls[i as usize],
        }
    }

    /// The aggregate statistics of every game of the batch ([`crate::summarise`]).
    ///
    /// # Errors
    /// [`Cancelled`] when `cancel` was set before every game was played.
    pub fn summarise(&self, cancel: &Cancel, progress: Progress<'_>) -> Result<Summary, Cancelled> {
        crate::summarise(self.games(), |i| self.wall(i), cancel, progress)
    }

    /// Writes every wall, one per line (148 tiles), to `out`.
    ///
    /// # Errors
    /// [`StreamError::Sink`] with the first failed write; [`StreamError::Cancelled`] when
    /// `cancel` was set before every wall was written.
    pub fn write_walls(
        &self,
        out: &mut dyn Write,
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<(), StreamError<std::io::Error>> {
        self.write_text(out, cancel, progress, |i| format!("{}\n", self.wall(i)))
    }

    /// Plays every game and writes its log (the original problem's output), the logs
    /// separated by an empty line.
    ///
    /// # Errors
    /// As [`Walls::write_walls`].
    pub fn write_logs(
        &self,
        out: &mut dyn Write,
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<(), StreamError<std::io::Error>> {
        self.write_text(out, cancel, progress, |i| {
            let log = log_text(&simulate(&self.wall(i)).events);
            if i == 0 { log } else { format!("\n{log}") }
        })
    }

    /// Plays every game and serialises the sequence of their [`crate::GameReport`]s with `ser`,
    /// one game after another as they are played (a pretty JSON array with serde_json's pretty
    /// serialiser: `tabletop mahjong simulate --json`).
    ///
    /// # Errors
    /// [`StreamError::Sink`] with the serialiser's first error; [`StreamError::Cancelled`]
    /// when `cancel` was set before every game was played.
    #[cfg(feature = "serde")]
    pub fn serialize_reports<S: serde::Serializer>(
        &self,
        ser: S,
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<S::Ok, StreamError<S::Error>> {
        use serde::ser::SerializeSeq;
        let n = self.games();
        let len = usize::try_from(n).ok();
        let mut seq = ser.serialize_seq(len).map_err(StreamError::Sink)?;
        let play = |i| crate::GameReport::play(&self.wall(i));
        drive::stream(n, CHUNK, cancel, progress, play, |game| seq.serialize_element(&game))?;
        seq.end().map_err(StreamError::Sink)
    }

    /// Writes `text(i)` for every game `i` in order, computed in parallel chunks.
    fn write_text<F>(
        &self,
        out: &mut dyn Write,
        cancel: &Cancel,
        progress: Progress<'_>,
        text: F,
    ) -> Result<(), StreamError<std::io::Error>>
    where
        F: Fn(u64) -> String + Sync + Send,
    {
        drive::stream(self.games(), CHUNK, cancel, progress, text, |t| out.write_all(t.as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use tabletop_core::drive::NO_PROGRESS;

    use super::*;

    fn given(n: u64) -> Walls {
        Walls::Given((0..n).map(|i| seeded_wall(9, i)).collect())
    }

    #[test]
    fn walls_are_the_seeded_or_the_given_ones() {
        let seeded = Walls::Seeded { seed: 9, games: 3 };
        assert_eq!(seeded.games(), 3);
        assert_eq!(given(3).games(), 3);
        for i in 0..3 {
            assert_eq!(seeded.wall(i), seeded_wall(9, i));
            assert_eq!(given(3).wall(i), seeded_wall(9, i));
        }
        assert_ne!(seeded.wall(0), seeded.wall(1));
    }

    #[test]
    fn walls_are_written_one_a_line() {
        let mut out = Vec::new();
        let counted = AtomicU64::new(0);
        let progress = |k| {
            counted.fetch_add(k, Ordering::Relaxed);
        };
        let walls = Walls::Seeded { seed: 4, games: 3 };
        walls.write_walls(&mut out, &Cancel::new(), &progress).unwrap();
        let text = String::from_utf8(out).unwrap();
        let expected: String = (0..3).map(|i| format!("{}\n", seeded_wall(4, i))).collect();
        assert_eq!(text, expected);
        assert_eq!(counted.load(Ordering::Relaxed), 3);
    }

    #[test]
    fn logs_are_separated_by_an_empty_line() {
        let mut out = Vec::new();
        given(2).write_logs(&mut out, &Cancel::new(), NO_PROGRESS).unwrap();
        let logs: Vec<String> =
            (0..2).map(|i| log_text(&simulate(&given(2).wall(i)).events)).collect();
        assert_eq!(String::from_utf8(out).unwrap(), format!("{}\n{}", logs[0], logs[1]));
        assert!(logs[0].ends_with('\n'));
    }

    #[test]
    fn a_summary_counts_every_game() {
        let walls = Walls::Seeded { seed: 2, games: 5 };
        let s = walls.summarise(&Cancel::new(), NO_PROGRESS).unwrap();
        let direct = crate::summarise(5, |i| seeded_wall(2, i), &Cancel::new(), NO_PROGRESS);
        assert_eq!(s, direct.unwrap());
        assert_eq!(s.games, 5);
    }

    #[test]
    fn a_cancelled_batch_writes_nothing() {
        let cancel = Cancel::new();
        cancel.cancel();
        let mut out = Vec::new();
        let r = given(2).write_logs(&mut out, &cancel, NO_PROGRESS);
        assert!(matches!(r, Err(StreamError::Cancelled(_))), "{r:?}");
        assert!(out.is_empty());
    }

    #[test]
    fn a_failed_write_is_the_sinks_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let r = given(1).write_walls(&mut Full, &Cancel::new(), NO_PROGRESS);
        match r {
            Err(StreamError::Sink(e)) => assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe),
            r => panic!("{r:?}"),
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn reports_are_one_json_array_in_order() {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::pretty(&mut out);
        given(2).serialize_reports(&mut ser, &Cancel::new(), NO_PROGRESS).unwrap();
        let reports: Vec<crate::GameReport> =
            (0..2).map(|i| crate::GameReport::play(&given(2).wall(i))).collect();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string_pretty(&reports).unwrap()
        );
    }
}
