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
    fn d1_samples() {
        let samples = [
            (
                "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\nKH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n",
                "Alice\n",
            ),
            (
                "7S KD 8C AH QS AC KS JC 6C 7D 9H TS 7C 6D JH JD 6S KC\n8D QD AS TD AD TH KH 9S JS 9C QC 8S 8H 7H TC QH 9D 6H\n",
                "Bob\n",
            ),
            (
                "6C 7S 6H KS 9C 6S QS 7C TS JD 8H KC 9D 8C 7H KD JC QC\n6D TH TD AD JS 9H TC QD 8D AC JH AH KH AS 7D 8S 9S QH\n",
                "Alice\n",
            ),
            (
                "JS KS JD TH KH JC KC QD AS JH 6H 9H 7H 6C 9D AC 6D 9S\n8D 8H 7C 7S KD 7D 6S QH 8C TS AD TD TC 9C QC 8S QS AH\n",
                "Bob\n",
            ),
            (
                "6S KC TD 8S AC 9S KD TS TH 7D 7C KH TC QC JH QD JC JD\nQH AS 9H 6C 8C 9C 6D AH AD KS JS 7H 6H 8H 9D QS 7S 8D\n",
                "Bob\n",
            ),
        ];
        for (input, output) in samples {
            assert_eq!(judge_d1(input).unwrap(), output);
        }
    }

    #[test]
    fn bad_k_is_rejected() {
        assert!(matches!(judge_d3("27"), Err(JudgeError::OutOfRange { k: 27, max: 26 })));
        assert!(matches!(judge_d2("14"), Err(JudgeError::OutOfRange { k: 14, max: 13 })));
        assert!(matches!(judge_d2("1"), Err(JudgeError::OutOfRange { .. })));
        assert!(matches!(judge_d3("two"), Err(JudgeError::NotAnInteger(_))));
        assert!(matches!(judge_d1("9S"), Err(JudgeError::Deal(_))));
    }
}
