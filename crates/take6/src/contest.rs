//! The problem setters' toolkit for NTHU OJ 14463: the statement's sample, a strict validator,
//! a checker and a generator of scripted games.
//!
//! The constraints make every valid input a permutation: `N*M + P` distinct cards from
//! `1..=N*M+P`. The generator deals a random permutation and, when asked, retries until the
//! game has a card below every row end ([`Force::TooLow`]) or a sixth card ([`Force::Sixth`]).
//!
//! ```
//! use tabletop_take6::{check_nthu14463, gen_nthu14463, judge_nthu14463, validate_nthu14463, Force, TakeGen, Verdict};
//!
//! let options = TakeGen { players: Some(4), force: vec![Force::Sixth], ..TakeGen::default() };
//! let input = gen_nthu14463(7, &options)?;
//! validate_nthu14463(&input)?;
//! let output = judge_nthu14463(&input)?;
//! assert_eq!(check_nthu14463(&input, &output, None).verdict, Verdict::Ok);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use tabletop_core::contest::{InvalidInput, Strict, compare_tokens};
use tabletop_core::rand::Rng as _;
use tabletop_core::rand::seq::SliceRandom;
use tabletop_core::seeded_rng;
use thiserror::Error;

pub use tabletop_core::contest::{Checked, Verdict};

use crate::card::Card;
use crate::judge::judge_nthu14463;
use crate::rules::{MAX_HAND, MAX_PLAYERS, MAX_ROWS};
use crate::script::{Script, simulate_traced};
use crate::state::Reason;

/// The most cards played in a game of the problem (`N * M <= 100`).
const MAX_PLAYED: u64 = crate::rules::MAX_PLAYED as u64;

/// The statement's sample.
pub const SAMPLES_NTHU14463: [&str; 1] = ["4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n"];

/// Validates an input strictly: `N M P` (2..=10, 1..=50, 1..=4, `N*M <= 100`), `P` lines of one
/// starting card, `N` lines of `M` cards, every card in `1..=N*M+P` and all distinct; single
/// spaces, every line ended by `\n`, nothing else.
pub fn validate_nthu14463(input: &str) -> Result<(), InvalidInput> {
    let mut r = Strict::new(input);
    let n = r.int(2, MAX_PLAYERS as u64, "N")?;
    r.space()?;
    let (m, m_token) = r.int_at(1, MAX_HAND as u64, "M")?;
    if n * m > MAX_PLAYED {
        return Err(m_token.invalid(format!("N*M = {n}*{m} = {} is above {MAX_PLAYED}", n * m)));
    }
    r.space()?;
    let p = r.int(1, MAX_ROWS as u64, "P")?;
    r.eoln()?;
    let deck = n * m + p;
    let mut seen = vec![None; deck as usize + 1];
    let mut card = |r: &mut Strict<'_>, what: String| -> Result<(), InvalidInput> {
        let (v, token) = r.int_at(1, deck, &format!("{what} (at most N*M+P = {deck})"))?;
        if let Some((line, column)) = seen[v as usize] {
            return Err(token.invalid(format!(
                "card {v} appears twice (first at line {line}, column {column})"
            )));
        }
        seen[v as usize] = Some((token.line, token.column));
        Ok(())
    };
    for i in 1..=p {
        card(&mut r, format!("D_{i}"))?;
        r.eoln()?;
    }
    for i in 1..=n {
        for j in 1..=m {
            if j > 1 {
                r.space()?;
            }
            card(&mut r, format!("C_{i},{j}"))?;
        }
        r.eoln()?;
    }
    r.eof()
}

/// Checks an output (one penalty per player) token by token against `answer`, else against
/// [`judge_nthu14463`]. An input the judge rejects fails the check.
pub fn check_nthu14463(input: &str, output: &str, answer: Option<&str>) -> Checked {
    let own = match judge_nthu14463(input) {
        Ok(own) => own,
        Err(e) => return Checked::fail(format!("the input is invalid: {e}")),
    };
    let expected = answer.unwrap_or(&own);
    let int = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    compare_tokens(expected, output, &int, "an integer", "player")
}

tabletop_core::named_enum! {
    /// A situation the generator can force into the game.
    pub enum Force: "situation" {
        /// Some card is below every row end and takes the row ending highest.
        TooLow = "too-low",
        /// Some card is the sixth of its row and takes the five.
        Sixth = "sixth",
    }
}

impl Force {
    fn reason(self) -> Reason {
        match self {
            Force::TooLow => Reason::TooLowForced,
            Force::Sixth => Reason::Sixth,
        }
    }
}

/// What the generator makes: each count given, or drawn within the constraints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TakeGen {
    /// N, the number of players (2..=10).
    pub players: Option<u64>,
    /// M, the number of rounds (1..=50, `N*M <= 100`).
    pub rounds: Option<u64>,
    /// P, the number of rows (1..=4).
    pub rows: Option<u64>,
    /// Situations the game must contain.
    pub force: Vec<Force>,
}

/// Why the generator cannot make the game asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// A count outside the constraints.
    #[error("{what} = {value} is out of range: the problem allows {range}")]
    Range {
        /// N, M or P.
        what: &'static str,
        /// The value given.
        value: u64,
        /// The allowed range, in words.
        range: String,
    },
    /// No game with the situations asked for was found.
    #[error("no game with {wanted} found in {attempts} random deals of these sizes")]
    NotFound {
        /// The situations, comma-separated.
        wanted: String,
        /// The deals tried.
        attempts: u32,
    },
}

/// The deals tried before [`GenError::NotFound`].
const ATTEMPTS: u32 = 10_000;

/// An input from `seed`: random cards dealt to the sizes of `options`, retried until every
/// forced situation happens.
pub fn gen_nthu14463(seed: u64, options: &TakeGen) -> Result<String, GenError> {
    let check = |what: &'static str, value: Option<u64>, lo: u64, hi: u64| match value {
        Some(v) if !(lo..=hi).contains(&v) => {
            Err(GenError::Range { what, value: v, range: format!("{lo}..={hi}") })
        }
        _ => Ok(()),
    };
    check("N", options.players, 2, MAX_PLAYERS as u64)?;
    check("P", options.rows, 1, MAX_ROWS as u64)?;
    let max_m = (MAX_HAND as u64).min(MAX_PLAYED / options.players.unwrap_or(2));
    check("M", options.rounds, 1, max_m)?;
    let mut rng = seeded_rng(seed);
    for _ in 0..ATTEMPTS {
        let n = options.players.unwrap_or_else(|| {
            let most = options
                .rounds
                .map_or(MAX_PLAYERS as u64, |m| (MAX_PLAYED / m).min(MAX_PLAYERS as u64));
            rng.random_range(2..=most)
        });
        let m = options
            .rounds
            .unwrap_or_else(|| rng.random_range(1..=(MAX_PLAYED / n).min(MAX_HAND as u64)));
        let p = options.rows.unwrap_or_else(|| rng.random_range(1..=MAX_ROWS as u64));
        let mut cards: Vec<u8> = (1..=(n * m + p) as u8).collect();
        cards.shuffle(&mut rng);
        let starts: Vec<Card> = cards[..p as usize].iter().map(|&v| Card::from_value(v)).collect();
        let plays: Vec<Vec<Card>> = cards[p as usize..]
            .chunks(m as usize)
            .map(|c| c.iter().map(|&v| Card::from_value(v)).collect())
            .collect();
        let script = Script::new(starts, plays).expect("a permutation within the limits");
        let mut seen = Vec::new();
        simulate_traced(&script, |step| seen.push(step.placement.reason));
        if options.force.iter().all(|f| seen.contains(&f.reason())) {
            let mut out = format!("{n} {m} {p}\n");
            for v in &cards[..p as usize] {
                out += &format!("{v}\n");
            }
            for row in cards[p as usize..].chunks(m as usize) {
                let row: Vec<String> = row.iter().map(u8::to_string).collect();
                out += &row.join(" ");
                out.push('\n');
            }
            return Ok(out);
        }
    }
    let wanted: Vec<&str> = options.force.iter().map(|f| f.name()).collect();
    Err(GenError::NotFound { wanted: wanted.join(", "), attempts: ATTEMPTS })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = SAMPLES_NTHU14463[0];

    fn rule(input: &str) -> String {
        validate_nthu14463(input).unwrap_err().to_string()
    }

    #[test]
    fn the_sample_validates_and_checks() {
        validate_nthu14463(SAMPLE).unwrap();
        assert_eq!(check_nthu14463(SAMPLE, "0\n5\n0\n6\n", None), Checked::ok("4 players match"));
    }

    #[test]
    fn each_constraint_has_its_own_error() {
        assert!(rule("1 3 2\n").starts_with("line 1, column 1: N = 1 is out of range 2..=10"));
        assert!(rule("11 3 2\n").contains("N = 11 is out of range"));
        assert!(rule("4 0 2\n").contains("M = 0 is out of range 1..=50"));
        assert!(rule("2 51 1\n").contains("M = 51 is out of range 1..=50"));
        assert_eq!(rule("3 34 1\n"), "line 1, column 3: N*M = 3*34 = 102 is above 100");
        assert!(rule("4 3 5\n").contains("P = 5 is out of range 1..=4"));
        assert!(rule("4 3 0\n").contains("P = 0 is out of range"));
        assert_eq!(
            rule(&SAMPLE.replacen("11\n", "15\n", 1)),
            "line 2, column 1: D_1 (at most N*M+P = 14) = 15 is out of range 1..=14"
        );
        assert_eq!(
            rule(&SAMPLE.replacen("12 5 9", "12 15 9", 1)),
            "line 4, column 4: C_1,2 (at most N*M+P = 14) = 15 is out of range 1..=14"
        );
        assert!(
            rule(&SAMPLE.replacen("12 5 9", "12 0 9", 1))
                .contains("C_1,2 (at most N*M+P = 14) = 0 is out")
        );
        assert_eq!(
            rule(&SAMPLE.replacen("12 5 9", "12 5 6", 1)),
            "line 4, column 6: card 6 appears twice (first at line 3, column 1)"
        );
        assert!(
            rule(&SAMPLE.replacen("12 5 9", "12  5 9", 1))
                .starts_with("line 4, column 4: expected C_1,2")
        );
        assert!(
            rule(&SAMPLE.replacen("12 5 9", "12 5 9 ", 1))
                .contains("expected the end of the line, found a space")
        );
        assert!(
            rule(&SAMPLE.replacen("12 5 9\n", "12 5\n9\n", 1))
                .contains("expected a single space, found the end of the line")
        );
        assert!(rule(&SAMPLE.replacen("\n", "\r\n", 1)).contains("carriage return"));
        assert!(rule(SAMPLE.trim_end()).contains("found the end of the input"));
        assert!(
            rule(&format!("{SAMPLE}\n"))
                .starts_with("line 8, column 1: expected the end of the input")
        );
        assert!(rule(&SAMPLE.replacen("11", "011", 1)).contains("leading zero"));
        assert!(rule(&SAMPLE.replacen("11", "+1", 1)).contains("an integer"));
    }

    #[test]
    fn checker_verdicts() {
        assert_eq!(
            check_nthu14463(SAMPLE, "0 5 0 7", None),
            Checked::wrong("player 4 (line 1): expected 6, found 7")
        );
        assert_eq!(check_nthu14463(SAMPLE, "0\n5\n0\n", None).verdict, Verdict::WrongAnswer);
        assert_eq!(check_nthu14463(SAMPLE, "0\n5\n0\n6\n1\n", None).verdict, Verdict::WrongAnswer);
        assert_eq!(
            check_nthu14463(SAMPLE, "0\n5\n0\n-6\n", None).verdict,
            Verdict::PresentationError
        );
        assert_eq!(check_nthu14463(SAMPLE, "0\n5\n0\n6\n", Some("0 5 0 6")).verdict, Verdict::Ok);
        assert_eq!(check_nthu14463(SAMPLE, "0\n5\n0\n6\n", Some("0 5 0 x")).verdict, Verdict::Fail);
        assert_eq!(check_nthu14463("4 3 2\n", "0\n", None).verdict, Verdict::Fail);
    }

    #[test]
    fn generated_games_are_valid_deterministic_and_forced() {
        for seed in 0..30 {
            for force in [vec![], vec![Force::TooLow], vec![Force::Sixth], Force::ALL.to_vec()] {
                let options = TakeGen { force: force.clone(), ..TakeGen::default() };
                let input = gen_nthu14463(seed, &options).unwrap();
                assert_eq!(input, gen_nthu14463(seed, &options).unwrap());
                validate_nthu14463(&input).unwrap();
                let script = crate::parse_nthu14463(&input).unwrap();
                let mut seen = Vec::new();
                simulate_traced(&script, |s| seen.push(s.placement.reason));
                assert!(force.iter().all(|f| seen.contains(&f.reason())), "{input}");
                let out = judge_nthu14463(&input).unwrap();
                assert_eq!(check_nthu14463(&input, &out, None).verdict, Verdict::Ok);
            }
        }
        let sizes = TakeGen { players: Some(10), rounds: Some(10), rows: Some(4), force: vec![] };
        assert!(gen_nthu14463(1, &sizes).unwrap().starts_with("10 10 4\n"));
        let too_many = TakeGen { players: Some(3), rounds: Some(34), ..TakeGen::default() };
        assert!(matches!(gen_nthu14463(1, &too_many), Err(GenError::Range { what: "M", .. })));
        // Two players with one card each never fill a row.
        let tiny = TakeGen {
            players: Some(2),
            rounds: Some(1),
            force: vec![Force::Sixth],
            ..TakeGen::default()
        };
        assert!(matches!(gen_nthu14463(1, &tiny), Err(GenError::NotFound { .. })));
        assert_eq!("sixth".parse(), Ok(Force::Sixth));
        assert!("six".parse::<Force>().is_err());
    }

    #[test]
    fn forces_print_as_they_parse() {
        for force in Force::ALL {
            assert_eq!(force.to_string(), force.name());
            assert_eq!(force.to_string().parse(), Ok(force));
        }
    }

    #[test]
    fn a_given_m_bounds_the_players_drawn() {
        // With M given and N drawn, N * M cards must still fit: at most MAX_PLAYED / M players.
        for m in [30, 50] {
            for seed in 0..20 {
                let options = TakeGen { rounds: Some(m), ..TakeGen::default() };
                let input = gen_nthu14463(seed, &options).unwrap();
                validate_nthu14463(&input).unwrap();
                let n: u64 = input.split_whitespace().next().unwrap().parse().unwrap();
                assert!((2..=MAX_PLAYED / m).contains(&n), "M = {m}: N = {n}");
            }
        }
    }
}
