//! How long a search bot thinks, as bot names spell it after the colon: `N` playouts or `Nms`
//! milliseconds (`mc:300`, `nn-mc:20ms`), with the caps every game's bots share.
//!
//! ```
//! use std::time::Duration;
//! use tabletop_core::budget::{Budget, BudgetError};
//!
//! assert_eq!("300".parse(), Ok(Budget::Playouts(300)));
//! assert_eq!("020ms".parse(), Ok(Budget::Time(Duration::from_millis(20))));
//! assert_eq!("0".parse::<Budget>(), Err(BudgetError::Playouts));
//! assert_eq!("10001ms".parse::<Budget>(), Err(BudgetError::TooManyMillis));
//! assert_eq!(Budget::Time(Duration::from_millis(20)).to_string(), "20ms");
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::text::thousands;

/// The most playouts a search bot may be given (`mc:N`, `nn-mc:N`).
pub const MAX_PLAYOUTS: u32 = 10_000;

/// The most milliseconds a decision may be given (`mc:Nms`, `nn-mc:Nms`): ten seconds.
pub const MAX_MILLIS: u32 = 10_000;

/// How long a search thinks: a count of playouts (deterministic in the seed) or a time (the
/// choice depends on the machine's speed). What the count counts (per candidate, per
/// decision) is the bot's to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many playouts.
    Playouts(u32),
    /// Playouts until this much time has passed (at least one).
    Time(Duration),
}

/// Why a budget's text is no budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum BudgetError {
    /// `N` with N not a positive whole number.
    #[error("expected N with N from 1 to {} playouts", thousands(MAX_PLAYOUTS))]
    Playouts,
    /// `Nms` with N not a positive whole number.
    #[error("expected Nms with N from 1 to {} milliseconds", thousands(MAX_MILLIS))]
    Millis,
    /// `N` above [`MAX_PLAYOUTS`].
    #[error("at most {} playouts", thousands(MAX_PLAYOUTS))]
    TooManyPlayouts,
    /// `Nms` above [`MAX_MILLIS`].
    #[error("at most {} milliseconds", thousands(MAX_MILLIS))]
    TooManyMillis,
}

impl Budget {
    /// Whether a search that began at `start` and has run `done` playouts (as the bot counts
    /// them) must stop: the count is reached, or the time has passed after at least one.
    pub fn spent(self, done: u32, start: Instant) -> bool {
        match self {
            Budget::Playouts(n) => done >= n.max(1),
            Budget::Time(t) => done > 0 && start.elapsed() >= t,
        }
    }
}

impl FromStr for Budget {
    type Err = BudgetError;

    /// `N` (1 to [`MAX_PLAYOUTS`]) or `Nms` (1 to [`MAX_MILLIS`]), N in decimal digits,
    /// leading zeros allowed. A number of any size is a number: above its cap it is refused
    /// by the cap, not as garbage.
    fn from_str(text: &str) -> Result<Budget, BudgetError> {
        let (digits, timed) = match text.strip_suffix("ms") {
            Some(digits) => (digits, true),
            None => (text, false),
        };
        let (bad, cap, too_many) = if timed {
            (BudgetError::Millis, MAX_MILLIS, BudgetError::TooManyMillis)
        } else {
            (BudgetError::Playouts, MAX_PLAYOUTS, BudgetError::TooManyPlayouts)
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad);
        }
        let significant = digits.trim_start_matches('0');
        let n = match significant.parse::<u32>() {
            Ok(n) => n,
            Err(_) if significant.is_empty() => 0,
            Err(_) => u32::MAX,
        };
        match n {
            0 => Err(bad),
            n if n > cap => Err(too_many),
            n if timed => Ok(Budget::Time(Duration::from_millis(u64::from(n)))),
            n => Ok(Budget::Playouts(n)),
        }
    }
}

impl fmt::Display for Budget {
    /// The text [`Budget::from_str`] reads back: `300` or `20ms` (whole milliseconds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n}"),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_spent_by_its_count_or_after_one_playout_by_its_time() {
        let now = Instant::now();
        assert!(!Budget::Playouts(3).spent(2, now));
        assert!(Budget::Playouts(3).spent(3, now));
        assert!(!Budget::Playouts(0).spent(0, now) && Budget::Playouts(0).spent(1, now));
        let long = Budget::Time(Duration::from_secs(3600));
        assert!(!long.spent(1_000_000, now));
        let past = now.checked_sub(Duration::from_millis(30)).expect("a clock 30 ms old");
        let short = Budget::Time(Duration::from_millis(20));
        assert!(!short.spent(0, past), "at least one playout");
        assert!(short.spent(1, past));
    }

    #[test]
    fn budgets_parse_within_their_caps() {
        let ms = |n| Budget::Time(Duration::from_millis(n));
        assert_eq!("1".parse(), Ok(Budget::Playouts(1)));
        assert_eq!("10000".parse(), Ok(Budget::Playouts(MAX_PLAYOUTS)));
        assert_eq!("0010000".parse(), Ok(Budget::Playouts(MAX_PLAYOUTS)));
        assert_eq!("1ms".parse(), Ok(ms(1)));
        assert_eq!("10000ms".parse(), Ok(ms(10_000)));
        for (text, err) in [
            ("", BudgetError::Playouts),
            ("0", BudgetError::Playouts),
            ("000", BudgetError::Playouts),
            ("x", BudgetError::Playouts),
            ("-5", BudgetError::Playouts),
            ("+5", BudgetError::Playouts),
            ("5s", BudgetError::Playouts),
            (" 5", BudgetError::Playouts),
            ("ms", BudgetError::Millis),
            ("0ms", BudgetError::Millis),
            ("5 ms", BudgetError::Millis),
            ("10001", BudgetError::TooManyPlayouts),
            ("4294967296", BudgetError::TooManyPlayouts),
            ("99999999999999999999999999", BudgetError::TooManyPlayouts),
            ("10001ms", BudgetError::TooManyMillis),
            ("99999999999999999999999999ms", BudgetError::TooManyMillis),
        ] {
            assert_eq!(text.parse::<Budget>(), Err(err), "{text:?}");
        }
        for budget in [Budget::Playouts(1), Budget::Playouts(MAX_PLAYOUTS), ms(20), ms(10_000)] {
            assert_eq!(budget.to_string().parse(), Ok(budget), "{budget}");
        }
        assert_eq!(BudgetError::TooManyMillis.to_string(), "at most 10,000 milliseconds");
    }
}
