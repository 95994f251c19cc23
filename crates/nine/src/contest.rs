//! The problem setters' toolkit for Codeforces 1769 D1-D3: the statement's samples, strict
//! validators, checkers and generators.
//!
//! - D1's checker compares the winner with the answer (or with [`judge_d1`]).
//! - D2/D3 accept any `k` valid deals with pairwise distinct importances, so their checker
//!   solves every deal of the output exactly; the answer file is not needed (when given, it
//!   must pass the same check, else the checker fails).
//!
//! ```
//! use tabletop_nine::{check_k, gen_k, validate_k, Verdict};
//!
//! let input = gen_k(26, 7, Some(2))?;
//! assert_eq!(input, "2\n");
//! validate_k(&input, 26)?;
//! let output = tabletop_nine::judge_d3(&input)?;
//! assert_eq!(check_k(&input, &output, None, 26).verdict, Verdict::Ok);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use tabletop_core::contest::{InvalidInput, Strict, compare_tokens};
use tabletop_core::rand::Rng as _;
use tabletop_core::rand::seq::SliceRandom;
use tabletop_core::seeded_rng;
use tabletop_core::text::clip;
use thiserror::Error;

pub use tabletop_core::contest::{Checked, Verdict};

use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::error::FindError;
use crate::find::{find_deal, random_deal};
use crate::judge::{JUDGE_BUDGET, judge_d1, read_k};
use crate::solver::Solver;

/// The statement's D1 samples (Alice's 18 cards, then Bob's).
pub const SAMPLES_D1: [&str; 5] = [
    "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\nKH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n",
    "7S KD 8C AH QS AC KS JC 6C 7D 9H TS 7C 6D JH JD 6S KC\n8D QD AS TD AD TH KH 9S JS 9C QC 8S 8H 7H TC QH 9D 6H\n",
    "6C 7S 6H KS 9C 6S QS 7C TS JD 8H KC 9D 8C 7H KD JC QC\n6D TH TD AD JS 9H TC QD 8D AC JH AH KH AS 7D 8S 9S QH\n",
    "JS KS JD TH KH JC KC QD AS JH 6H 9H 7H 6C 9D AC 6D 9S\n8D 8H 7C 7S KD 7D 6S QH 8C TS AD TD TC 9C QC 8S QS AH\n",
    "6S KC TD 8S AC 9S KD TS TH 7D 7C KH TC QC JH QD JC JD\nQH AS 9H 6C 8C 9C 6D AH AD KS JS 7H 6H 8H 9D QS 7S 8D\n",
];

/// The statement's D2 and D3 sample: `k = 2`.
pub const SAMPLES_K: [&str; 1] = ["2\n"];

/// Why a generator cannot make the input asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// `k` outside `2..=max`.
    #[error("k = {k} is out of range: the problem allows 2 <= k <= {max}")]
    K {
        /// The k asked for.
        k: usize,
        /// The problem's largest k.
        max: usize,
    },
    /// No deal with the importance asked for was found.
    #[error("no deal found")]
    Find(#[from] FindError),
}

/// Validates a D1 input strictly: two lines of 18 distinct cards (so the whole deck), single
/// spaces, each line ended by `\n`, nothing else.
pub fn validate_d1(input: &str) -> Result<(), InvalidInput> {
    let mut r = Strict::new(input);
    let mut seen: [Option<(usize, usize)>; 36] = [None; 36];
    for player in ["Alice", "Bob"] {
        for i in 1..=Deal::HAND {
            if i > 1 {
                r.space()?;
            }
            let token = r.token(&format!("card {i} of {player}'s hand"))?;
            let card: Card = token.text.parse().map_err(|_| {
                token.invalid(format!(
                    "{:?} is not a card: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H)",
                    clip(token.text)
                ))
            })?;
            if let Some((line, column)) = seen[card.index()] {
                return Err(token.invalid(format!(
                    "card {card} appears twice (first at line {line}, column {column})"
                )));
            }
            seen[card.index()] = Some((token.line, token.column));
        }
        r.eoln()?;
    }
    r.eof()
}

/// Validates a D2 (`max = 13`) or D3 (`max = 26`) input strictly: one line holding `k`,
/// `2 <= k <= max`.
pub fn validate_k(input: &str, max: usize) -> Result<(), InvalidInput> {
    let mut r = Strict::new(input);
    r.int(2, max as u64, "k")?;
    r.eoln()?;
    r.eof()
}

/// Checks a D1 output: one token, `Alice` or `Bob`, the winner with Alice first; compared with
/// `answer`, else with [`judge_d1`].
pub fn check_d1(input: &str, output: &str, answer: Option<&str>) -> Checked {
    let expected = match answer {
        Some(a) => a.to_owned(),
        None => match judge_d1(input) {
            Ok(e) => e,
            Err(e) => return Checked::fail(format!("the input is invalid: {e}")),
        },
    };
    if let Err(e) = input.parse::<Deal>() {
        return Checked::fail(format!("the input is invalid: {e}"));
    }
    let winner = |t: &str| t == "Alice" || t == "Bob";
    compare_tokens(&expected, output, &winner, "Alice or Bob", "winner")
}

/// Checks a D2/D3 output: exactly `k` deals, each two lines of 18 cards (all 36 once),
/// importances pairwise distinct, every importance solved exactly. Blank lines between deals
/// are allowed. `answer`, when given, must pass the same check.
pub fn check_k(input: &str, output: &str, answer: Option<&str>, max: usize) -> Checked {
    let k = match read_k(input, max) {
        Ok(k) => k,
        Err(e) => return Checked::fail(format!("the input is invalid: {e}")),
    };
    if let Some(answer) = answer {
        let a = check_deals(k, answer);
        if a.verdict != Verdict::Ok {
            return Checked::fail(format!("the answer is invalid: {}", a.reason));
        }
    }
    check_deals(k, output)
}

/// The check of `k` deals with distinct importances in `text`.
fn check_deals(k: usize, text: &str) -> Checked {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() != 2 * k {
        return Checked::presentation(format!(
            "expected {} lines of cards (k = {k} deals of two lines), found {}",
            2 * k,
            lines.len()
        ));
    }
    let mut deals = Vec::with_capacity(k);
    for (d, pair) in lines.chunks(2).enumerate() {
        let mut hands = [CardSet::EMPTY; 2];
        let mut counts = [0usize; 2];
        for (h, &(line, text)) in pair.iter().enumerate() {
            for token in text.split_whitespace() {
                let Ok(card) = token.parse::<Card>() else {
                    return Checked::presentation(format!(
                        "line {line} (deal {}): {:?} is not a card",
                        d + 1,
                        clip(token)
                    ));
                };
                if (hands[0] | hands[1]).contains(card) {
                    return Checked::wrong(format!(
                        "deal {} (line {line}): card {card} appears twice",
                        d + 1
                    ));
                }
                hands[h].insert(card);
                counts[h] += 1;
            }
        }
        for (h, name) in ["Alice", "Bob"].iter().enumerate() {
            if counts[h] != Deal::HAND {
                return Checked::wrong(format!(
                    "deal {} (line {}): {name} holds {} card{}, expected 18",
                    d + 1,
                    pair[h].0,
                    counts[h],
                    if counts[h] == 1 { "" } else { "s" }
                ));
            }
        }
        match Deal::new(hands[0], hands[1]) {
            Ok(deal) => deals.push(deal),
            Err(e) => return Checked::wrong(format!("deal {}: {e}", d + 1)),
        }
    }
    let mut solver = Solver::new();
    let mut first: HashMap<u32, usize> = HashMap::new();
    let mut values = Vec::with_capacity(k);
    for (i, &deal) in deals.iter().enumerate() {
        let v = solver.solve(deal).importance();
        if let Some(&j) = first.get(&v) {
            return Checked::wrong(format!(
                "deals {} and {} both have importance {v}",
                j + 1,
                i + 1
            ));
        }
        first.insert(v, i);
        values.push(v);
    }
    values.sort_unstable();
    let list: Vec<String> = values.iter().map(u32::to_string).collect();
    Checked::ok(format!("{k} deals with distinct importances {}", list.join(", ")))
}

/// A D1 input from `seed`: a uniformly random deal, or with `importance` a deal of that
/// importance (found by [`find_deal`]). Each hand is listed in a random order.
pub fn gen_d1(seed: u64, importance: Option<u32>) -> Result<String, GenError> {
    let mut rng = seeded_rng(seed);
    let deal = match importance {
        None => random_deal(&mut rng),
        Some(v) => find_deal(v, rng.random(), JUDGE_BUDGET)?,
    };
    let mut out = String::new();
    for hand in [deal.alice(), deal.bob()] {
        let mut cards: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
        cards.shuffle(&mut rng);
        out += &cards.join(" ");
        out.push('\n');
    }
    Ok(out)
}

/// A D2 (`max = 13`) or D3 (`max = 26`) input: `k`, or a `k` uniform in `2..=max` from `seed`.
pub fn gen_k(max: usize, seed: u64, k: Option<usize>) -> Result<String, GenError> {
    let k = match k {
        Some(k) if !(2..=max).contains(&k) => return Err(GenError::K { k, max }),
        Some(k) => k,
        None => seeded_rng(seed).random_range(2..=max),
    };
    Ok(format!("{k}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{judge_d2, judge_d3};
    use crate::solver::importance;

    fn rule(e: Result<(), InvalidInput>) -> String {
        e.unwrap_err().to_string()
    }

    #[test]
    fn samples_validate_and_check() {
        for s in SAMPLES_D1 {
            validate_d1(s).unwrap();
            let out = judge_d1(s).unwrap();
            assert_eq!(check_d1(s, &out, None).verdict, Verdict::Ok);
        }
        validate_k(SAMPLES_K[0], 13).unwrap();
        validate_k(SAMPLES_K[0], 26).unwrap();
    }

    #[test]
    fn d1_validator_breaks_one_rule_at_a_time() {
        let s = SAMPLES_D1[0];
        assert!(
            rule(validate_d1(&s.replacen(' ', "  ", 1)))
                .starts_with("line 1, column 4: expected card 2")
        );
        assert!(rule(validate_d1(&s.replacen("JD", "XD", 1))).contains("\"XD\" is not a card"));
        assert!(
            rule(validate_d1(&s.replacen("KH", "JD", 1)))
                .starts_with("line 2, column 1: card JD appears twice (first at line 1, column 1)")
        );
        assert!(
            rule(validate_d1(&s.replacen(" AC\n", "\n", 1))).contains("expected a single space")
        );
        assert!(
            rule(validate_d1(&s.replacen(" 8H\n", " 8H AC\n", 1)))
                .contains("expected the end of the line")
        );
        assert!(rule(validate_d1(&s.replacen('\n', "\r\n", 1))).contains("carriage return"));
        assert!(rule(validate_d1(s.trim_end())).contains("found the end of the input"));
        assert!(
            rule(validate_d1(&format!("{s}\n")))
                .starts_with("line 3, column 1: expected the end of the input")
        );
        assert!(
            rule(validate_d1(&format!(" {s}"))).starts_with("line 1, column 1: expected card 1")
        );
        assert!(rule(validate_d1(&s.replacen("JD", "jd", 1))).contains("is not a card"));
    }

    #[test]
    fn k_validator_breaks_one_rule_at_a_time() {
        assert!(validate_k("13\n", 13).is_ok());
        assert_eq!(rule(validate_k("14\n", 13)), "line 1, column 1: k = 14 is out of range 2..=13");
        assert_eq!(rule(validate_k("1\n", 26)), "line 1, column 1: k = 1 is out of range 2..=26");
        assert!(rule(validate_k("02\n", 26)).contains("leading zero"));
        assert!(rule(validate_k("2", 26)).contains("expected the end of the line"));
        assert!(
            rule(validate_k("2 \n", 26)).contains("expected the end of the line, found a space")
        );
        assert!(rule(validate_k("2\n3\n", 26)).contains("expected the end of the input"));
        assert!(rule(validate_k("x\n", 26)).contains("an integer"));
    }

    #[test]
    fn d1_checker_verdicts() {
        let s = SAMPLES_D1[0];
        assert_eq!(check_d1(s, "Alice\n", None), Checked::ok("1 winner matches"));
        assert_eq!(check_d1(s, "Bob\n", None).verdict, Verdict::WrongAnswer);
        assert_eq!(check_d1(s, "alice\n", None).verdict, Verdict::PresentationError);
        assert_eq!(check_d1(s, "", None).verdict, Verdict::WrongAnswer);
        assert_eq!(check_d1(s, "Bob\n", Some("Bob\n")).verdict, Verdict::Ok);
        assert_eq!(check_d1(s, "Bob\n", Some("B\n")).verdict, Verdict::Fail);
        assert_eq!(check_d1("9S\n", "Bob\n", None).verdict, Verdict::Fail);
    }

    #[test]
    fn k_checker_solves_every_deal() {
        let out = judge_d2("5\n").unwrap();
        assert_eq!(check_k("5\n", &out, None, 13).verdict, Verdict::Ok);
        // Without the blank lines, and with extra blanks, still fine.
        let squeezed: String =
            out.lines().filter(|l| !l.is_empty()).map(|l| format!(" {l}  \n")).collect();
        assert_eq!(check_k("5\n", &squeezed, None, 13).verdict, Verdict::Ok);
        // One deal repeated: the checker names both deals and their common importance.
        let blocks: Vec<&str> = out.split("\n\n").collect();
        let repeated = format!("{}\n\n{}\n", blocks[..4].join("\n\n"), blocks[1].trim_end());
        let v = importance(blocks[1].parse().unwrap());
        assert_eq!(
            check_k("5\n", &repeated, None, 13),
            Checked::wrong(format!("deals 2 and 5 both have importance {v}"))
        );
        // Too few deals, a bad card, a card twice, a short hand.
        assert_eq!(check_k("6\n", &out, None, 13).verdict, Verdict::PresentationError);
        let bad = out.replacen("9", "1", 1);
        assert_eq!(check_k("5\n", &bad, None, 13).verdict, Verdict::PresentationError);
        let first = out.lines().next().unwrap();
        let card = &first[..2];
        let twice = out.replacen(first, &format!("{first} {card}"), 1);
        assert!(
            check_k("5\n", &twice, None, 13)
                .reason
                .ends_with(&format!("card {card} appears twice"))
        );
        let short = out.replacen(first, &first[3..], 1);
        assert_eq!(
            check_k("5\n", &short, None, 13).reason,
            "deal 1 (line 1): Alice holds 17 cards, expected 18"
        );
        let one = out.replacen(first, card, 1);
        assert_eq!(
            check_k("5\n", &one, None, 13).reason,
            "deal 1 (line 1): Alice holds 1 card, expected 18"
        );
        // Invalid input or answer: the checker fails.
        assert_eq!(check_k("14\n", &out, None, 13).verdict, Verdict::Fail);
        assert_eq!(check_k("5\n", &out, Some(&repeated), 13).verdict, Verdict::Fail);
        assert_eq!(check_k("5\n", &out, Some(&out), 13).verdict, Verdict::Ok);
    }

    #[test]
    fn k_checker_agrees_with_plain_minimax() {
        let out = judge_d2("3\n").unwrap();
        let mut slow: Vec<u32> = out
            .split("\n\n")
            .map(|block| crate::solver::minimax_deal(block.parse().unwrap()).0.importance())
            .collect();
        slow.sort_unstable();
        let list: Vec<String> = slow.iter().map(u32::to_string).collect();
        assert_eq!(
            check_k("3\n", &out, None, 13),
            Checked::ok(format!("3 deals with distinct importances {}", list.join(", ")))
        );
    }

    #[test]
    fn generators_are_valid_and_deterministic() {
        for seed in 0..20 {
            let d1 = gen_d1(seed, None).unwrap();
            assert_eq!(d1, gen_d1(seed, None).unwrap());
            validate_d1(&d1).unwrap();
            validate_k(&gen_k(26, seed, None).unwrap(), 26).unwrap();
            validate_k(&gen_k(13, seed, None).unwrap(), 13).unwrap();
        }
        // The judge on a generated input passes the checker (the judge's search takes a while).
        let k = gen_k(26, 1, None).unwrap();
        assert_eq!(check_k(&k, &judge_d3(&k).unwrap(), None, 26).verdict, Verdict::Ok);
        let d1 = gen_d1(3, Some(7)).unwrap();
        validate_d1(&d1).unwrap();
        assert_eq!(importance(d1.parse().unwrap()), 7);
        assert_eq!(gen_k(13, 0, Some(14)), Err(GenError::K { k: 14, max: 13 }));
        assert!(matches!(gen_d1(0, Some(25)), Err(GenError::Find(FindError::Impossible(25)))));
    }
}
