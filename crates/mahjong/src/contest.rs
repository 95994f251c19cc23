//! The problem setters' toolkit for Luogu P7147: the statement's sample, a strict validator, a
//! checker naming the first wrong log line, and a generator of walls that force an event.
//!
//! The generator draws walls `sub_seed(seed, 0)`, `sub_seed(seed, 1)`, ... (the walls of
//! `tabletop mahjong gen --seed S`) and keeps the first whose game has the event of the mode:
//! a PONG, a CHOW, a RON, a SELFDRAWN, a draw, or the discard of a special tile.
//!
//! ```
//! use tabletop_mahjong::{check_p7147, gen_p7147, judge_p7147, validate_p7147, MahjongMode, Verdict};
//!
//! let input = gen_p7147(1, MahjongMode::Draw)?;
//! validate_p7147(&input)?;
//! let output = judge_p7147(&input)?;
//! assert!(output.ends_with("DRAW\n"));
//! assert_eq!(check_p7147(&input, &output, None).verdict, Verdict::Ok);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use tabletop_core::contest::{InvalidInput, Strict, first_difference, tokens};
use tabletop_core::text::clip;
use tabletop_core::{seeded_rng, sub_seed};
use thiserror::Error;

pub use tabletop_core::contest::{Checked, Verdict};

use crate::event::{Event, Outcome};
use crate::judge::judge_p7147;
use crate::state::simulate;
use crate::tile::Kind;
use crate::wall::Wall;

/// The statement's sample (official test 1).
pub const SAMPLES_P7147: [&str; 1] = [include_str!("../data/p7147_sample.in")];

/// Validates an input strictly: 148 lines, each one tile (`1M`..`9S`, `E S W N B F Z`, `PASS
/// REVERSE DOUBLE`) ended by `\n`, exactly 4 copies of each of the 37 kinds, nothing else.
pub fn validate_p7147(input: &str) -> Result<(), InvalidInput> {
    let mut r = Strict::new(input);
    let mut lines: [Vec<usize>; Kind::COUNT] = std::array::from_fn(|_| Vec::new());
    for i in 1..=Wall::LEN {
        let token = r.token(&format!("tile {i} of 148"))?;
        let kind: Kind = token.text.parse().map_err(|_| {
            token.invalid(format!(
                "{:?} is not a tile: expected 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, PASS, REVERSE or DOUBLE",
                clip(token.text)
            ))
        })?;
        let seen = &mut lines[kind.index()];
        if seen.len() == 4 {
            let at: Vec<String> = seen.iter().map(usize::to_string).collect();
            return Err(token.invalid(format!(
                "a fifth copy of {kind} (the four others are on lines {})",
                at.join(", ")
            )));
        }
        seen.push(token.line);
        r.eoln()?;
    }
    r.eof()
}

/// Whether `t` can be a token of a log: a player, a keyword or a tile.
fn is_log_token(t: &str) -> bool {
    matches!(
        t,
        "A" | "B"
            | "C"
            | "D"
            | "IN"
            | "OUT"
            | "CHOW"
            | "PONG"
            | "RON"
            | "SELFDRAWN"
            | "WIN"
            | "DRAW"
    ) || t.parse::<Kind>().is_ok()
}

/// Checks an output (a game log) token by token against `answer`, else against
/// [`judge_p7147`]; a wrong answer names the log line and shows the expected and found lines.
pub fn check_p7147(input: &str, output: &str, answer: Option<&str>) -> Checked {
    let own = match judge_p7147(input) {
        Ok(own) => own,
        Err(e) => return Checked::fail(format!("the input is invalid: {e}")),
    };
    let expected = answer.unwrap_or(&own);
    if let Some((line, t)) = tokens(expected).find(|(_, t)| !is_log_token(t)) {
        return Checked::fail(format!(
            "the answer is invalid: line {line}: {:?} is not a player, an event or a tile",
            clip(t)
        ));
    }
    if let Some((line, t)) = tokens(output).find(|(_, t)| !is_log_token(t)) {
        return Checked::presentation(format!(
            "log line {line}: {:?} is not a player, an event or a tile",
            clip(t)
        ));
    }
    let line_of = |text: &str, line: usize| {
        let l: Vec<&str> = text.lines().nth(line - 1).unwrap_or("").split_whitespace().collect();
        l.join(" ")
    };
    match first_difference(expected, output) {
        None => Checked::ok(format!("{} log lines match", expected.lines().count())),
        Some(d) => Checked::wrong(match (d.expected, d.found) {
            (Some((e, _)), Some((f, _))) => format!(
                "log line {f}: expected {:?}, found {:?}",
                clip(&line_of(expected, e)),
                clip(&line_of(output, f))
            ),
            (Some((e, _)), None) => {
                format!(
                    "log line {e}: expected {:?}, found the end of the output",
                    clip(&line_of(expected, e))
                )
            }
            (None, Some((f, _))) => {
                format!(
                    "log line {f}: expected the end of the log, found {:?}",
                    clip(&line_of(output, f))
                )
            }
            (None, None) => unreachable!("a difference has a side"),
        }),
    }
}

tabletop_core::named_enum! {
    /// The event a generated wall forces into its game.
    #[derive(Default)]
    pub enum MahjongMode: "mode" {
        /// Any wall: the first one drawn.
        #[default]
        Random = "random",
        /// A PONG happens.
        Pong = "pong",
        /// A CHOW happens.
        Chow = "chow",
        /// The game ends with a RON.
        Ron = "ron",
        /// The game ends with a SELFDRAWN.
        SelfDrawn = "selfdrawn",
        /// The wall runs out: `DRAW`.
        Draw = "draw",
        /// A PASS is discarded.
        Pass = "pass",
        /// A REVERSE is discarded.
        Reverse = "reverse",
        /// A DOUBLE is discarded.
        Double = "double",
        /// All three special tiles are discarded.
        Specials = "specials",
    }
}

impl MahjongMode {
    /// Whether a game with these events and this outcome has what the mode asks for.
    pub fn holds(self, events: &[Event], outcome: Outcome) -> bool {
        let discarded = |kind: Kind| {
            events.iter().any(|e| match *e {
                Event::Discard { tile, .. } => tile == kind,
                Event::Pass { .. } => kind == Kind::PASS,
                _ => false,
            })
        };
        match self {
            MahjongMode::Random => true,
            MahjongMode::Pong => events.iter().any(|e| matches!(e, Event::Pong { .. })),
            MahjongMode::Chow => events.iter().any(|e| matches!(e, Event::Chow { .. })),
            MahjongMode::Ron => matches!(outcome, Outcome::Ron(_)),
            MahjongMode::SelfDrawn => matches!(outcome, Outcome::SelfDrawn(_)),
            MahjongMode::Draw => outcome == Outcome::Draw,
            MahjongMode::Pass => discarded(Kind::PASS),
            MahjongMode::Reverse => discarded(Kind::REVERSE),
            MahjongMode::Double => discarded(Kind::DOUBLE),
            MahjongMode::Specials => {
                [Kind::PASS, Kind::REVERSE, Kind::DOUBLE].into_iter().all(discarded)
            }
        }
    }
}

/// The generator found no wall for its mode.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no wall whose game has {mode} found among {attempts} random walls")]
pub struct GenError {
    /// The mode.
    pub mode: MahjongMode,
    /// The walls tried.
    pub attempts: u64,
}

/// The walls tried before [`GenError`] (a draw, the rarest mode, ends about 0.7% of games).
const ATTEMPTS: u64 = 100_000;

/// An input from `seed`: the first of the walls `sub_seed(seed, i)` whose game has `mode`,
/// one tile per line.
pub fn gen_p7147(seed: u64, mode: MahjongMode) -> Result<String, GenError> {
    for i in 0..ATTEMPTS {
        let wall = Wall::random(&mut seeded_rng(sub_seed(seed, i)));
        if mode != MahjongMode::Random {
            let game = simulate(&wall);
            if !mode.holds(&game.events, game.outcome) {
                continue;
            }
        }
        let mut out = String::with_capacity(Wall::LEN * 3);
        for tile in wall.tiles() {
            out += &tile.to_string();
            out.push('\n');
        }
        return Ok(out);
    }
    Err(GenError { mode, attempts: ATTEMPTS })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = SAMPLES_P7147[0];

    fn rule(input: &str) -> String {
        validate_p7147(input).unwrap_err().to_string()
    }

    /// The sample with line `line` (from 1) replaced by `text`.
    fn with_line(line: usize, text: &str) -> String {
        let mut lines: Vec<&str> = SAMPLE.lines().collect();
        lines[line - 1] = text;
        lines.join("\n") + "\n"
    }

    #[test]
    fn the_sample_validates_and_checks() {
        validate_p7147(SAMPLE).unwrap();
        let out = judge_p7147(SAMPLE).unwrap();
        assert_eq!(check_p7147(SAMPLE, &out, None).verdict, Verdict::Ok);
    }

    #[test]
    fn each_constraint_has_its_own_error() {
        let first = SAMPLE.lines().next().unwrap();
        let other = Kind::ALL.iter().map(|k| k.to_string()).find(|k| k != first).unwrap();
        let fifth = rule(&with_line(1, &other));
        assert!(fifth.contains(&format!("a fifth copy of {other}")), "{fifth}");
        assert!(rule(&with_line(3, "10M")).starts_with("line 3, column 1: \"10M\" is not a tile"));
        assert!(rule(&with_line(3, "pass")).contains("is not a tile"));
        assert!(rule(&with_line(3, &format!("{first} "))).starts_with("line 3, column"));
        assert!(
            rule(&with_line(3, &format!(" {first}")))
                .starts_with("line 3, column 1: expected tile 3 of 148, found a space")
        );
        assert!(
            rule(&with_line(3, &format!("{first} {first}")))
                .contains("expected the end of the line, found a space")
        );
        assert!(rule(&SAMPLE.replacen('\n', "\r\n", 1)).contains("carriage return"));
        assert!(rule(SAMPLE.trim_end()).contains("line 148, column"));
        assert!(
            rule(&format!("{SAMPLE}\n"))
                .starts_with("line 149, column 1: expected the end of the input")
        );
        let short: String = SAMPLE.lines().take(147).map(|l| format!("{l}\n")).collect();
        assert!(rule(&short).starts_with(
            "line 148, column 1: expected tile 148 of 148, found the end of the input"
        ));
    }

    #[test]
    fn checker_names_the_log_line() {
        let out = judge_p7147(SAMPLE).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        let i = (55..lines.len()).find(|&i| lines[i].contains(" IN ")).unwrap();
        let wrong_line = lines[i].replace(" IN ", " OUT ");
        let mut wrong = lines.clone();
        wrong[i] = &wrong_line;
        assert_eq!(
            check_p7147(SAMPLE, &wrong.join("\n"), None),
            Checked::wrong(format!(
                "log line {}: expected {:?}, found {:?}",
                i + 1,
                lines[i],
                wrong_line
            ))
        );
        let short = lines[..70].join("\n");
        assert_eq!(
            check_p7147(SAMPLE, &short, None),
            Checked::wrong(format!(
                "log line 71: expected {:?}, found the end of the output",
                lines[70]
            ))
        );
        let long = format!("{out}DRAW\n");
        assert_eq!(check_p7147(SAMPLE, &long, None).verdict, Verdict::WrongAnswer);
        assert_eq!(
            check_p7147(SAMPLE, &out.replace("IN", "in"), None).verdict,
            Verdict::PresentationError
        );
        let spaced = out.replace(' ', "   ").replace('\n', " \n");
        assert_eq!(check_p7147(SAMPLE, &spaced, None).verdict, Verdict::Ok);
        assert_eq!(check_p7147(SAMPLE, &out, Some(&out)).verdict, Verdict::Ok);
        assert_eq!(check_p7147(SAMPLE, &out, Some("A GO")).verdict, Verdict::Fail);
        assert_eq!(check_p7147("1M\n", &out, None).verdict, Verdict::Fail);
    }

    #[test]
    fn every_mode_is_generated_and_valid() {
        for mode in MahjongMode::ALL {
            for seed in 0..3 {
                let input = gen_p7147(seed, mode).unwrap();
                assert_eq!(input, gen_p7147(seed, mode).unwrap());
                validate_p7147(&input).unwrap();
                let game = simulate(&Wall::parse(&input).unwrap());
                assert!(mode.holds(&game.events, game.outcome), "{mode}");
                let out = judge_p7147(&input).unwrap();
                assert_eq!(check_p7147(&input, &out, None).verdict, Verdict::Ok);
            }
        }
        // The random mode is the first wall of `mahjong gen --seed S`.
        let first = Wall::random(&mut seeded_rng(sub_seed(9, 0)));
        assert_eq!(Wall::parse(&gen_p7147(9, MahjongMode::Random).unwrap()).unwrap(), first);
        assert_eq!("selfdrawn".parse(), Ok(MahjongMode::SelfDrawn));
    }
}
