//! The original problems' input and output (Codeforces 1769 D1, D2, D3), byte for byte.

use thiserror::Error;

use crate::deal::{Deal, Player};
use crate::error::{DealError, SearchError};
use crate::search::find_distinct;
use crate::solver::winner;

/// The seed of the judge's deal searches: the answers are the same on every run. Any seed
/// works; this one makes the k = 26 search of D3 quick (about 1,200 solved deals).
pub const JUDGE_SEED: u64 = 1;

/// Why a judge input is rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum JudgeError {
    /// The deal of D1 is invalid.
    #[error("invalid deal")]
    Deal(#[from] DealError),
    /// The input of D2/D3 is not one integer.
    #[error("line 1: expected one integer k, found {0:?}")]
    NotAnInteger(String),
    /// `k` is outside the problem's range.
    #[error("line 1: k = {k} is out of range: expected 2 <= k <= {max}")]
    OutOfRange {
        /// The value read.
        k: i64,
        /// The problem's largest k.
        max: i64,
    },
    /// The deal search failed.
    #[error("deal search failed")]
    Search(#[from] SearchError),
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

fn distinct_deals(input: &str, max: i64) -> Result<String, JudgeError> {
    let text = input.trim();
    let k: i64 = text.parse().map_err(|_| JudgeError::NotAnInteger(text.to_owned()))?;
    if !(2..=max).contains(&k) {
        return Err(JudgeError::OutOfRange { k, max });
    }
    let deals = find_distinct(k as usize, JUDGE_SEED)?;
    let blocks: Vec<String> = deals.iter().map(|(deal, _)| format!("{deal}\n")).collect();
    Ok(blocks.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_k_is_rejected() {
        assert!(matches!(judge_d3("27"), Err(JudgeError::OutOfRange { k: 27, max: 26 })));
        assert!(matches!(judge_d2("14"), Err(JudgeError::OutOfRange { k: 14, max: 13 })));
        assert!(matches!(judge_d2("1"), Err(JudgeError::OutOfRange { .. })));
        assert!(matches!(judge_d3("two"), Err(JudgeError::NotAnInteger(_))));
        assert!(matches!(judge_d1("9S"), Err(JudgeError::Deal(_))));
    }
}
