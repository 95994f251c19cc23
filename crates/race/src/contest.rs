//! The problem setters' toolkit for HDU 5754: the statement's sample, a strict validator, a
//! checker and a generator of boards by mode.
//!
//! The original constraints are `1 <= T <= 1000` and `2 <= N, M <= 1000`; with `extended` the
//! validator and the generator accept what [`judge_hdu5754`] accepts: boards up to
//! [`MAX_SIDE`] (10^18) and any number of cases. The format stays strict either way.
//!
//! ```
//! use tabletop_race::{check_hdu5754, gen_hdu5754, judge_hdu5754, validate_hdu5754, RaceGen, RaceMode, Verdict};
//!
//! let options = RaceGen { mode: RaceMode::Wythoff, cases: Some(5), ..RaceGen::default() };
//! let input = gen_hdu5754(1, &options)?;
//! validate_hdu5754(&input, false)?;
//! let output = judge_hdu5754(&input)?;
//! assert_eq!(output.lines().count(), 5);
//! assert_eq!(check_hdu5754(&input, &output, None).verdict, Verdict::Ok);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use tabletop_core::contest::{InvalidInput, Strict, compare_tokens};
use tabletop_core::rand::Rng as _;
use tabletop_core::seeded_rng;
use thiserror::Error;

pub use tabletop_core::contest::{Checked, Verdict};

use crate::board::MAX_SIDE;
use crate::closed::floor_k_phi;
use crate::judge::judge_hdu5754;
use crate::piece::Piece;

/// The original problem's largest `T`.
pub const MAX_CASES: u64 = 1000;
/// The original problem's largest `N` and `M`.
pub const MAX_ORIGINAL_SIDE: u64 = 1000;
/// The most cases the generator makes with `extended`.
pub const MAX_EXTENDED_CASES: u64 = 1_000_000;

/// The statement's sample.
pub const SAMPLES_HDU5754: [&str; 1] = ["4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n"];

/// Validates an input strictly: `T` on the first line, then `T` lines `type N M`; single
/// spaces, every line ended by `\n`, nothing else. The ranges are the original's
/// (`1 <= T <= 1000`, `1 <= type <= 4`, `2 <= N, M <= 1000`), or with `extended` the judge's
/// (`T >= 0`, `N, M <= 10^18`).
pub fn validate_hdu5754(input: &str, extended: bool) -> Result<(), InvalidInput> {
    let (t_range, side) =
        if extended { ((0, u64::MAX), MAX_SIDE) } else { ((1, MAX_CASES), MAX_ORIGINAL_SIDE) };
    let mut r = Strict::new(input);
    let t = r.int(t_range.0, t_range.1, "T")?;
    r.eoln()?;
    for _ in 0..t {
        r.int(1, 4, "the piece type")?;
        r.space()?;
        r.int(2, side, "N")?;
        r.space()?;
        r.int(2, side, "M")?;
        r.eoln()?;
    }
    r.eof()
}

/// Checks an output (one of `B`, `G`, `D` per case) token by token against `answer`, else
/// against [`judge_hdu5754`]. An input the judge rejects fails the check.
pub fn check_hdu5754(input: &str, output: &str, answer: Option<&str>) -> Checked {
    let own = match judge_hdu5754(input) {
        Ok(own) => own,
        Err(e) => return Checked::fail(format!("the input is invalid: {e}")),
    };
    let expected = answer.unwrap_or(&own);
    let letter = |t: &str| matches!(t, "B" | "G" | "D");
    compare_tokens(expected, output, &letter, "B, G or D", "case")
}

tabletop_core::named_enum! {
    /// The kinds of boards the generator makes.
    #[derive(Default)]
    pub enum RaceMode: "mode" {
        /// Both sides uniform in `2..=max`.
        #[default]
        Random = "random",
        /// Both sides in `2..=12`, where every outcome of every piece shows up.
        Small = "small",
        /// One side 2 or 3, the other anywhere up to the largest (`2 x N` boards and their mirror).
        Edge = "edge",
        /// Square boards.
        Equal = "equal",
        /// Queen boards whose distances `(N-1, M-1)` are a Wythoff cold pair (half of them) or
        /// one step off one.
        Wythoff = "wythoff",
    }
}

/// What the generator makes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RaceGen {
    /// The kind of boards.
    pub mode: RaceMode,
    /// T, the number of cases (default: the original's largest, 1000).
    pub cases: Option<u64>,
    /// One piece for every case (default: uniform per case; the queen in
    /// [`RaceMode::Wythoff`]).
    pub piece: Option<Piece>,
    /// Boards up to 10^18 and up to [`MAX_EXTENDED_CASES`] cases, beyond the original limits.
    pub extended: bool,
}

/// Why the generator cannot make the input asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// T outside the allowed range.
    #[error("T = {cases} is out of range: 1..={max}{}", if *max == MAX_CASES { " (--extended allows more)" } else { "" })]
    Cases {
        /// The T asked for.
        cases: u64,
        /// The largest T allowed.
        max: u64,
    },
}

/// An input from `seed` with the boards of `options.mode`.
pub fn gen_hdu5754(seed: u64, options: &RaceGen) -> Result<String, GenError> {
    let (max_cases, max) = if options.extended {
        (MAX_EXTENDED_CASES, MAX_SIDE)
    } else {
        (MAX_CASES, MAX_ORIGINAL_SIDE)
    };
    let cases = options.cases.unwrap_or(MAX_CASES);
    if !(1..=max_cases).contains(&cases) {
        return Err(GenError::Cases { cases, max: max_cases });
    }
    let mut rng = seeded_rng(seed);
    let mut out = format!("{cases}\n");
    for _ in 0..cases {
        let mut piece = options.piece.unwrap_or_else(|| Piece::ALL[rng.random_range(0..4)]);
        let (n, m) = match options.mode {
            RaceMode::Random => (rng.random_range(2..=max), rng.random_range(2..=max)),
            RaceMode::Small => (rng.random_range(2..=12), rng.random_range(2..=12)),
            RaceMode::Edge => {
                let short = rng.random_range(2..=3);
                let long = match rng.random_range(0..4) {
                    0 => max,
                    1 => rng.random_range(2..=12.min(max)),
                    _ => rng.random_range(2..=max),
                };
                if rng.random() { (short, long) } else { (long, short) }
            }
            RaceMode::Equal => {
                let n = rng.random_range(2..=max);
                (n, n)
            }
            RaceMode::Wythoff => {
                piece = options.piece.unwrap_or(Piece::Queen);
                // The pair k: (floor(k phi), floor(k phi) + k), both below max.
                let mut top = (max - 1) / 2;
                while floor_k_phi(top) + u128::from(top) > u128::from(last_coordinate(max)) {
                    top = top * 3 / 4;
                }
                let k = rng.random_range(0..=top);
                let lo = floor_k_phi(k) as u64;
                let (mut a, mut b) = (lo, lo + k);
                if rng.random() {
                    // One step off: still inside the board and off the pair.
                    if b < last_coordinate(max) && rng.random() {
                        b += 1
                    } else {
                        (a, b) = step_off_short(a, b);
                    }
                }
                if rng.random() { (a + 1, b + 1) } else { (b + 1, a + 1) }
            }
        };
        // Boards need sides of at least 2 (a cold pair (0, 0) is the 1 x 1 board).
        let (n, m) = (n.clamp(2, max), m.clamp(2, max));
        out += &format!("{} {n} {m}\n", piece.number());
    }
    Ok(out)
}

/// The largest distance to the target on a board of side `max`.
fn last_coordinate(max: u64) -> u64 {
    max - 1
}

/// Steps the cold pair `(a, b)` off: its shorter side shrinks by one, or, where it cannot
/// (the pairs (0, 0) and (1, 2)), its longer side grows by one.
fn step_off_short(a: u64, b: u64) -> (u64, u64) {
    if a > 1 { (a - 1, b) } else { (a, b + 1) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::closed::is_wythoff_cold;

    const SAMPLE: &str = SAMPLES_HDU5754[0];

    fn rule(input: &str, extended: bool) -> String {
        validate_hdu5754(input, extended).unwrap_err().to_string()
    }

    #[test]
    fn the_sample_validates_and_checks() {
        validate_hdu5754(SAMPLE, false).unwrap();
        assert_eq!(check_hdu5754(SAMPLE, "G G D B", None), Checked::ok("4 cases match"));
    }

    #[test]
    fn each_constraint_has_its_own_error() {
        assert_eq!(rule("0\n", false), "line 1, column 1: T = 0 is out of range 1..=1000");
        validate_hdu5754("0\n", true).unwrap();
        assert!(rule("1001\n", false).contains("T = 1001 is out of range"));
        assert_eq!(
            rule("1\n5 5 5\n", false),
            "line 2, column 1: the piece type = 5 is out of range 1..=4"
        );
        assert!(rule("1\n0 5 5\n", true).contains("the piece type = 0"));
        assert_eq!(rule("1\n1 1 5\n", false), "line 2, column 3: N = 1 is out of range 2..=1000");
        assert_eq!(
            rule("1\n1 5 1001\n", false),
            "line 2, column 5: M = 1001 is out of range 2..=1000"
        );
        validate_hdu5754("1\n1 5 1000000000000000000\n", true).unwrap();
        assert!(
            rule("1\n1 5 1000000000000000001\n", true)
                .contains("out of range 2..=1000000000000000000")
        );
        assert!(rule("1\n1 05 5\n", true).contains("leading zero"));
        assert!(
            rule(&SAMPLE.replacen("1 5 5", "1  5 5", 1), false)
                .starts_with("line 2, column 3: expected N, found a space")
        );
        assert!(
            rule(&SAMPLE.replacen("1 5 5", "1 5 5 ", 1), false)
                .contains("expected the end of the line, found a space")
        );
        assert!(
            rule(&SAMPLE.replacen("4 5 5\n", "", 1), false).starts_with(
                "line 5, column 1: expected the piece type, found the end of the input"
            )
        );
        assert!(
            rule(&format!("{SAMPLE}1 5 5\n"), false)
                .starts_with("line 6, column 1: expected the end of the input")
        );
        assert!(rule(&SAMPLE.replace('\n', "\r\n"), false).contains("carriage return"));
        assert!(rule(SAMPLE.trim_end(), false).contains("found the end of the input"));
        assert!(
            rule(&format!("{SAMPLE}\n"), false)
                .contains("expected the end of the input, found the end of the line")
        );
    }

    #[test]
    fn checker_verdicts() {
        assert_eq!(
            check_hdu5754(SAMPLE, "G\nG\nB\nB\n", None),
            Checked::wrong("case 3 (line 3): expected D, found B")
        );
        assert_eq!(
            check_hdu5754(SAMPLE, "G\nG\nD\n", None),
            Checked::wrong("case 4: expected B, found the end of the output")
        );
        assert_eq!(check_hdu5754(SAMPLE, "G\nG\nD\nW\n", None).verdict, Verdict::PresentationError);
        assert_eq!(check_hdu5754(SAMPLE, "G\nG\nD\nB\n", Some("G G D B")).verdict, Verdict::Ok);
        assert_eq!(check_hdu5754(SAMPLE, "G\nG\nD\nB\n", Some("G G D X")).verdict, Verdict::Fail);
        assert_eq!(check_hdu5754("2\n1 5 5\n", "G\n", None).verdict, Verdict::Fail);
    }

    #[test]
    fn wythoff_boards_are_cold_pairs_or_one_step_off_and_reach_the_edge() {
        for (extended, max) in [(false, MAX_ORIGINAL_SIDE), (true, MAX_SIDE)] {
            let options =
                RaceGen { mode: RaceMode::Wythoff, cases: Some(400), piece: None, extended };
            let input = gen_hdu5754(11, &options).unwrap();
            let (mut cold, mut longer, mut shorter, mut largest) = (0, 0, 0, 0);
            for line in input.lines().skip(1) {
                let v: Vec<u64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
                let (x, y) = ((v[1] - 1).min(v[2] - 1), (v[1] - 1).max(v[2] - 1));
                largest = largest.max(y + 1);
                if is_wythoff_cold(x, y) {
                    cold += 1;
                } else if is_wythoff_cold(x, y - 1) {
                    // The longer distance of a cold pair was made one longer.
                    longer += 1;
                } else if is_wythoff_cold(x + 1, y) {
                    // The shorter distance of a cold pair was made one shorter.
                    shorter += 1;
                } else {
                    panic!("{line}: neither a cold pair nor one step off one");
                }
            }
            // Half the boards are cold; the others are stepped off both ways.
            assert!((120..=280).contains(&cold), "{cold} {longer} {shorter}");
            assert!(longer >= 40 && shorter >= 40, "{cold} {longer} {shorter}");
            // The pairs are drawn up to the largest that fits the board.
            assert!(largest >= max / 20 * 19, "{largest} of {max}");
        }
    }

    #[test]
    fn generated_inputs_follow_their_mode() {
        for mode in RaceMode::ALL {
            for extended in [false, true] {
                for seed in 0..5 {
                    let options = RaceGen { mode, cases: Some(200), piece: None, extended };
                    let input = gen_hdu5754(seed, &options).unwrap();
                    assert_eq!(input, gen_hdu5754(seed, &options).unwrap());
                    validate_hdu5754(&input, true).unwrap();
                    if !extended {
                        validate_hdu5754(&input, false).unwrap();
                    }
                    let out = judge_hdu5754(&input).unwrap();
                    assert_eq!(check_hdu5754(&input, &out, None).verdict, Verdict::Ok);
                    for line in input.lines().skip(1) {
                        let v: Vec<u64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
                        let (n, m) = (v[1], v[2]);
                        match mode {
                            RaceMode::Small => assert!(n <= 12 && m <= 12),
                            RaceMode::Edge => assert!(n.min(m) <= 3),
                            RaceMode::Equal => assert_eq!(n, m),
                            RaceMode::Wythoff => assert_eq!(v[0], 4),
                            RaceMode::Random => {}
                        }
                    }
                }
            }
        }
        // Half of the Wythoff boards are cold: the second player wins them.
        let input = gen_hdu5754(
            3,
            &RaceGen { mode: RaceMode::Wythoff, cases: Some(400), ..RaceGen::default() },
        )
        .unwrap();
        let cold = input
            .lines()
            .skip(1)
            .filter(|l| {
                let v: Vec<u64> = l.split(' ').map(|t| t.parse().unwrap()).collect();
                is_wythoff_cold(v[1] - 1, v[2] - 1)
            })
            .count();
        assert!((120..=280).contains(&cold), "{cold}");
        assert_eq!(
            gen_hdu5754(0, &RaceGen { cases: Some(1001), ..RaceGen::default() }),
            Err(GenError::Cases { cases: 1001, max: 1000 })
        );
        assert!(
            gen_hdu5754(0, &RaceGen { cases: Some(1001), extended: true, ..RaceGen::default() })
                .is_ok()
        );
        assert_eq!("edge".parse(), Ok(RaceMode::Edge));
    }

    #[test]
    fn modes_print_as_they_parse() {
        for mode in RaceMode::ALL {
            assert_eq!(mode.to_string(), mode.name());
            assert_eq!(mode.to_string().parse(), Ok(mode));
        }
    }

    #[test]
    fn edge_boards_reach_both_the_largest_and_short_long_sides() {
        // Up to 10^18 a uniform side is almost never 10^18 or at most 12: the edge mode draws
        // both on purpose (a quarter of its boards each).
        let options =
            RaceGen { mode: RaceMode::Edge, cases: Some(200), piece: None, extended: true };
        let input = gen_hdu5754(1, &options).unwrap();
        let longs: Vec<u64> = input
            .lines()
            .skip(1)
            .map(|l| {
                let v: Vec<u64> = l.split(' ').map(|t| t.parse().unwrap()).collect();
                v[1].max(v[2])
            })
            .collect();
        let at_max = longs.iter().filter(|&&l| l == MAX_SIDE).count();
        let short = longs.iter().filter(|&&l| l <= 12).count();
        assert!((20..=80).contains(&at_max), "{at_max} of 200 at the largest side");
        assert!((20..=80).contains(&short), "{short} of 200 with a long side of at most 12");
    }
}
