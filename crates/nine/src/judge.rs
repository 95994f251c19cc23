//! The original problems' input and output (Codeforces 1769 D1, D2, D3), byte for byte.

use thiserror::Error;

use crate::deal::{Deal, Player};
use crate::error::{DealError, FindError};
use crate::find::find_distinct;
use crate::solver::winner;
use tabletop_core::text::{clip, words};

/// The seed of the judge's deal searches: the answers are the same on every run. Any seed
/// works; this one makes the k = 26 search of D3 quick (about 1,200 solved deals).
pub const JUDGE_SEED: u64 = 1;

/// The most deals the judge's searches solve: far above the about 1,200 that k = 26 needs with
/// [`JUDGE_SEED`] (the search is deterministic, so the answers for every k are fixed).
pub const JUDGE_BUDGET: u64 = 1_000_000;

/// Why a judge input is rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum JudgeError {
    /// The deal of D1 is invalid.
    #[error("invalid deal")]
    Deal(#[from] DealError),
    /// The input of D2/D3 has no token.
    #[error("line 1: expected one integer k, found nothing")]
    Empty,
    /// The token of D2/D3 is not an integer.
    #[error("line {line}: expected one integer k, found {:?}", clip(.token))]
    NotAnInteger {
        /// The line, from 1.
        line: usize,
        /// The token.
        token: String,
    },
    /// A second token after `k`.
    #[error(
        "line {line}, column {column}: unexpected {:?} after k: expected one integer k alone",
        clip(.token)
    )]
    ExtraToken {
        /// The line, from 1.
        line: usize,
        /// The column of the token's first character, from 1.
        column: usize,
        /// The token.
        token: String,
    },
    /// `k` is outside the problem's range.
    #[error("line {line}: k = {} is out of range: expected 2 <= k <= {max}", clip(.k))]
    OutOfRange {
        /// The line, from 1.
        line: usize,
        /// The integer as written (it may not fit any machine integer).
        k: String,
        /// The problem's largest k.
        max: usize,
    },
    /// The deal search failed.
    #[error("deal search failed")]
    Find(#[from] FindError),
}

/// D1: the winner of the deal (two lines) when Alice moves first: `Alice` or `Bob`.
pub fn judge_d1(input: &str) -> Result<String, JudgeError> {
    let deal: Deal = input.parse()?;
    Ok(format!("{}\n", winner(deal, Player::Alice)))
}

/// D2: `k <= 13` deals with pairwise distinct importances.
pub fn judge_d2(input: &str) -> Result<String, JudgeError> {
    distinct_deals(input, 13)
}

/// D3: `k <= 26` deals with pairwise distinct importances.
pub fn judge_d3(input: &str) -> Result<String, JudgeError> {
    distinct_deals(input, 26)
}

fn distinct_deals(input: &str, max: usize) -> Result<String, JudgeError> {
    let k = read_k(input, max)?;
    let deals = find_distinct(k, JUDGE_SEED, JUDGE_BUDGET)?;
    let blocks: Vec<String> = deals.iter().map(|(deal, _)| format!("{deal}\n")).collect();
    Ok(blocks.join("\n"))
}

/// The one integer `2 <= k <= max` of the input.
pub(crate) fn read_k(input: &str, max: usize) -> Result<usize, JudgeError> {
    let mut tokens = words(input);
    let (line, _, token) = tokens.next().ok_or(JudgeError::Empty)?;
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(JudgeError::NotAnInteger { line, token: token.to_owned() });
    }
    if let Some((line, column, extra)) = tokens.next() {
        return Err(JudgeError::ExtraToken { line, column, token: extra.to_owned() });
    }
    match token.parse::<usize>() {
        Ok(k) if (2..=max).contains(&k) => Ok(k),
        _ => Err(JudgeError::OutOfRange { line, k: token.to_owned(), max }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_k_is_rejected() {
        let out_of_range = |k: &str, max| JudgeError::OutOfRange { line: 1, k: k.into(), max };
        assert_eq!(judge_d3("27"), Err(out_of_range("27", 26)));
        assert_eq!(judge_d2("14"), Err(out_of_range("14", 13)));
        assert_eq!(judge_d2("1"), Err(out_of_range("1", 13)));
        assert_eq!(judge_d2("-3"), Err(out_of_range("-3", 13)));
        assert_eq!(judge_d3("two"), Err(JudgeError::NotAnInteger { line: 1, token: "two".into() }));
        assert_eq!(judge_d3(" \n"), Err(JudgeError::Empty));
        assert!(matches!(judge_d1("9S"), Err(JudgeError::Deal(_))));
    }

    #[test]
    fn huge_k_is_out_of_range_not_a_non_integer() {
        let e = judge_d2("99999999999999999999\n").unwrap_err();
        assert_eq!(
            e,
            JudgeError::OutOfRange { line: 1, k: "99999999999999999999".into(), max: 13 }
        );
        assert_eq!(
            e.to_string(),
            "line 1: k = 99999999999999999999 is out of range: expected 2 <= k <= 13"
        );
        let e = judge_d3("\n-99999999999999999999999").unwrap_err();
        assert!(e.to_string().starts_with("line 2: k = -99999999999999999999999 is out of range"));
    }

    #[test]
    fn an_extra_token_is_named_on_its_own_line() {
        let e = judge_d2("2\n3").unwrap_err();
        assert_eq!(e, JudgeError::ExtraToken { line: 2, column: 1, token: "3".into() });
        assert_eq!(
            e.to_string(),
            "line 2, column 1: unexpected \"3\" after k: expected one integer k alone"
        );
        let e = judge_d3("\n 4  x\n").unwrap_err();
        assert_eq!(e, JudgeError::ExtraToken { line: 2, column: 5, token: "x".into() });
    }
}
