//! Closed forms: the outcome of any board up to `10^18 x 10^18` in O(1), exactly.
//!
//! With `a = N - 1` and `b = M - 1` the distances still to travel (checked against the
//! retrograde tables in the tests and by `tabletop race verify`):
//! - king: G iff `a` and `b` are both even (G mirrors B's step and keeps both even);
//! - rook: two-heap Nim, G iff `a == b` (Grundy value `a ^ b`);
//! - knight: every move takes 3 from `a + b` and changes `a - b` by one; G iff `a == b` and
//!   `a % 3 == 0`, B iff `{a, b} = {3k + 1, 3k + 2}`, otherwise a draw;
//! - queen: Wythoff's game, G iff `(min, max)` is a cold pair `(floor(k * phi), floor(k * phi) +
//!   k)`; decided with integer arithmetic only (no floating point).

use std::fmt::Write as _;

use crate::{Board, Outcome, Piece};

/// The outcome of `board` for `piece`, from the closed form.
pub fn solve(piece: Piece, board: Board) -> Outcome {
    let (a, b) = board.distances();
    outcome_at(piece, a, b)
}

/// The outcome with `a` rows and `b` columns still to travel (`(0, 0)`: the target, lost for
/// the player to move).
pub fn outcome_at(piece: Piece, a: u64, b: u64) -> Outcome {
    let lost = |g: bool| if g { Outcome::G } else { Outcome::B };
    match piece {
        Piece::King => lost(a.is_multiple_of(2) && b.is_multiple_of(2)),
        Piece::Rook => lost(a == b),
        Piece::Knight => {
            let (lo, hi) = (a.min(b), a.max(b));
            if lo == hi && lo % 3 == 0 {
                Outcome::G
            } else if lo % 3 == 1 && hi == lo + 1 {
                Outcome::B
            } else {
                Outcome::D
            }
        }
        Piece::Queen => lost(is_wythoff_cold(a, b)),
    }
}

/// The Grundy value with `a` rows and `b` columns still to travel, where a closed form is known:
/// the rook (`a ^ b`) and the king (from the parities and the order of `a` and `b`).
/// `None` for the queen (Wythoff's Grundy values have no known closed form) and the knight
/// (a game with draws).
pub fn grundy_at(piece: Piece, a: u64, b: u64) -> Option<u64> {
    match piece {
        Piece::Rook => Some(a ^ b),
        Piece::King => Some(king_grundy(a, b)),
        Piece::Knight | Piece::Queen => None,
    }
}

/// The king's Grundy value: 0 when both distances are even, 2 when both are odd; with one odd
/// and one even, 3 if the odd one is the smaller, else 1 (found on the table, checked against
/// it in the tests).
fn king_grundy(a: u64, b: u64) -> u64 {
    match (a % 2, b % 2) {
        (0, 0) => 0,
        (1, 1) => 2,
        _ => {
            let (odd, even) = if a % 2 == 1 { (a, b) } else { (b, a) };
            if odd < even { 3 } else { 1 }
        }
    }
}

/// `floor(k * phi)`, `phi = (1 + sqrt 5) / 2`, exactly: `(k + isqrt(5 k^2)) / 2`.
///
/// `k * sqrt 5` is irrational for `k > 0`, so `floor((k + k sqrt 5) / 2)` equals
/// `floor((k + floor(k sqrt 5)) / 2)`. Exact for every `k < 2^64` (`5 k^2 < 2^127`).
pub fn floor_k_phi(k: u64) -> u128 {
    let k = u128::from(k);
    (k + (5 * k * k).isqrt()) / 2
}

/// Whether `(a, b)` (in either order) is a cold position of Wythoff's game: the smaller is
/// `floor(k * phi)` with `k` the difference.
///
/// Uses no square root: `lo == floor(k phi)` iff `2 lo - k < k sqrt 5 < 2 lo + 2 - k`, and both
/// sides compare by squaring in `u128` (`a, b < 2^64`).
pub fn is_wythoff_cold(a: u64, b: u64) -> bool {
    let (lo, hi) = (u128::from(a.min(b)), u128::from(a.max(b)));
    let k = hi - lo;
    if k == 0 {
        return lo == 0;
    }
    let k5 = 5 * k * k;
    // Left: 2 lo - k < k sqrt 5 (always true when 2 lo <= k).
    let left = 2 * lo <= k || (2 * lo - k) * (2 * lo - k) < k5;
    // Right: k sqrt 5 < 2 lo + 2 - k (false when 2 lo + 2 <= k).
    let right = 2 * lo + 2 > k && k5 < (2 * lo + 2 - k) * (2 * lo + 2 - k);
    left && right
}

/// A winning move with `a` rows and `b` columns still to travel, from the closed forms: the
/// distances `(a', b')` after it, which are lost for the opponent. `None` unless the position
/// is a first-player win. Exact for all `a, b < 2^63`.
pub fn winning_move(piece: Piece, a: u64, b: u64) -> Option<(u64, u64)> {
    if outcome_at(piece, a, b) != Outcome::B {
        return None;
    }
    let to = match piece {
        // Make both distances even.
        Piece::King => (a - a % 2, b - b % 2),
        // Even out the two heaps.
        Piece::Rook => (a.min(b), a.min(b)),
        // From {3k + 1, 3k + 2} to (3k, 3k).
        Piece::Knight => (a.min(b) - a.min(b) % 3, a.min(b) - a.min(b) % 3),
        Piece::Queen => {
            let (lo, hi) = (a.min(b), a.max(b));
            let (lo2, hi2) = wythoff_move(lo, hi);
            // `wythoff_move` answers in the order (smaller, larger) of the coordinates before
            // the move; map back to (a, b).
            if a <= b { (lo2, hi2) } else { (hi2, lo2) }
        }
    };
    Some(to)
}

/// The move from the hot Wythoff position `lo <= hi` to a cold one, as (new lo-coordinate, new
/// hi-coordinate).
fn wythoff_move(lo: u64, hi: u64) -> (u64, u64) {
    let k = hi - lo;
    let ak = floor_k_phi(k) as u64;
    if lo > ak {
        // 1. Slide diagonally down to the cold pair with the same difference.
        return (ak, ak + k);
    }
    // 2. `lo < ak`: `lo` belongs to exactly one cold pair j < k (Beatty's theorem), as its
    //    lower member `floor(j phi)` or as its upper member `floor(j phi) + j`.
    //    Lower: j is near lo / phi = (lo sqrt 5 - lo) / 2.
    let l = u128::from(lo);
    let guess = ((5 * l * l).isqrt().saturating_sub(l) / 2) as u64;
    for j in guess.saturating_sub(1)..=guess + 1 {
        if floor_k_phi(j) == l && j < k {
            // Shrink the larger coordinate to lo + j.
            return (lo, lo + j);
        }
    }
    //    Upper: j is near lo / phi^2 = (3 lo - lo sqrt 5) / 2.
    let guess = ((3 * l).saturating_sub((5 * l * l).isqrt()) / 2) as u64;
    for j in upper_candidates(guess) {
        if floor_k_phi(j) + u128::from(j) == l {
            // Shrink the larger coordinate to floor(j phi) < lo.
            return (lo, floor_k_phi(j) as u64);
        }
    }
    unreachable!("every positive integer is in exactly one Wythoff pair ({lo}, {hi})")
}

/// The `j` that `wythoff_move` tries for the upper member around its estimate `guess`.
fn upper_candidates(guess: u64) -> std::ops::RangeInclusive<u64> {
    guess.saturating_sub(1)..=guess + 2
}

/// Whether the piece can move from distances `(a, b)` to `(a2, b2)`.
pub fn can_move(piece: Piece, (a, b): (u64, u64), (a2, b2): (u64, u64)) -> bool {
    if a2 > a || b2 > b || (a2, b2) == (a, b) {
        return false;
    }
    let (da, db) = (a - a2, b - b2);
    match piece {
        Piece::King => da <= 1 && db <= 1,
        Piece::Knight => (da, db) == (1, 2) || (da, db) == (2, 1),
        Piece::Rook => da == 0 || db == 0,
        Piece::Queen => da == 0 || db == 0 || da == db,
    }
}

/// Why the closed form gives what it gives for `piece` on `board`, in one sentence.
pub fn explain(piece: Piece, board: Board) -> String {
    let (a, b) = board.distances();
    let (rows, cols) =
        (if a == 1 { "row" } else { "rows" }, if b == 1 { "column" } else { "columns" });
    if (a, b) == (0, 0) {
        return "the piece starts on the target of a 1 x 1 board: the game is over before B \
                moves, and G wins (the player to move at the target has lost)"
            .to_owned();
    }
    let mut s = format!("the piece must travel a = {a} {rows} and b = {b} {cols}; ");
    let _ = match piece {
        Piece::King => {
            if a % 2 == 0 && b % 2 == 0 {
                write!(
                    s,
                    "both are even, so G answers every step with the same step and keeps them even"
                )
            } else {
                write!(s, "not both are even, so B steps to a position with both even")
            }
        }
        Piece::Rook => {
            if a == b {
                write!(
                    s,
                    "they are equal (two-heap Nim), so G answers every move with the same move"
                )
            } else {
                write!(s, "they differ (two-heap Nim), so B evens them out")
            }
        }
        Piece::Knight => {
            let (lo, hi) = (a.min(b), a.max(b));
            if lo == 0 {
                write!(
                    s,
                    "a knight cannot move on a board one wide (every jump changes both coordinates), so nobody reaches the target"
                )
            } else if lo == hi && lo % 3 == 0 {
                write!(s, "they are equal and divisible by 3, so G mirrors every knight move")
            } else if lo % 3 == 1 && hi == lo + 1 {
                write!(s, "they are 3k + 1 and 3k + 2, so B jumps to an equal pair divisible by 3")
            } else if (a + b) % 3 != 0 {
                write!(
                    s,
                    "every knight move takes exactly 3 from a + b = {}, which is not a multiple of 3, so nobody can reach the target",
                    u128::from(a) + u128::from(b)
                )
            } else {
                write!(
                    s,
                    "a + b is a multiple of 3 but a and b differ by {} >= 2, so whoever would lose steers the knight away from the target (or into a corner) and nobody reaches it",
                    hi - lo
                )
            }
        }
        Piece::Queen => {
            let (lo, hi) = (a.min(b), a.max(b));
            let k = hi - lo;
            if is_wythoff_cold(a, b) {
                write!(
                    s,
                    "({lo}, {hi}) is Wythoff cold pair number {k} (floor({k} phi) = {lo}), so B cannot avoid handing G a cold pair"
                )
            } else {
                write!(
                    s,
                    "({lo}, {hi}) is not a Wythoff cold pair (for k = {k}, floor(k phi) = {}), so B moves to one",
                    floor_k_phi(k)
                )
            }
        }
    };
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_pairs_start_right() {
        // OEIS A000201: floor(n phi).
        let lower: Vec<u128> = (0..12).map(floor_k_phi).collect();
        assert_eq!(lower, [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17]);
        for k in 0..12u64 {
            let lo = floor_k_phi(k) as u64;
            assert!(is_wythoff_cold(lo, lo + k));
            assert!(is_wythoff_cold(lo + k, lo));
            assert!(!is_wythoff_cold(lo + 1, lo + k + 1));
            if lo > 0 {
                assert!(!is_wythoff_cold(lo - 1, lo - 1 + k));
            }
        }
    }

    #[test]
    fn square_free_test_agrees_with_isqrt_near_cold_pairs() {
        // Large k, including the top of the range: both exact methods must agree around each pair.
        let mut k: u64 = 1;
        while k < 700_000_000_000_000_000 {
            let lo = floor_k_phi(k) as u64;
            for lo2 in lo.saturating_sub(2)..=lo + 2 {
                if lo2.checked_add(k).is_some_and(|hi| hi <= 2_000_000_000_000_000_000) {
                    assert_eq!(is_wythoff_cold(lo2, lo2 + k), lo2 == lo, "k {k} lo {lo2}");
                }
            }
            k = k * 3 + 7;
        }
        // k = 10^17: floor(10^17 * phi) = 161803398874989484 (phi = 1.6180339887498948482045...).
        assert_eq!(floor_k_phi(100_000_000_000_000_000), 161_803_398_874_989_484);
    }

    #[test]
    fn wythoff_moves_on_huge_boards_reach_cold_pairs() {
        let mut r: u64 = 12345;
        for _ in 0..20_000 {
            r = tabletop_core::sub_seed(r, 1);
            let a = r % crate::MAX_SIDE;
            let b = (r >> 7) % crate::MAX_SIDE;
            for (a, b) in [(a, b), (a / 1_000_000, b / 1_000_000), (a % 1000, b % 1000)] {
                match winning_move(Piece::Queen, a, b) {
                    Some(to) => {
                        assert!(can_move(Piece::Queen, (a, b), to), "({a}, {b}) -> {to:?}");
                        assert!(is_wythoff_cold(to.0, to.1), "({a}, {b}) -> {to:?}");
                    }
                    None => assert!(is_wythoff_cold(a, b)),
                }
            }
        }
    }

    #[test]
    fn sample() {
        let board = Board::new(5, 5).unwrap();
        let got: Vec<Outcome> = Piece::ALL.iter().map(|&p| solve(p, board)).collect();
        assert_eq!(got, [Outcome::G, Outcome::G, Outcome::D, Outcome::B]);
        for p in Piece::ALL {
            assert!(!explain(p, board).is_empty());
        }
    }

    #[test]
    fn explanations_give_the_reason_of_the_outcome() {
        for n in 1..=14 {
            for m in 1..=14 {
                let board = Board::new(n, m).unwrap();
                let (a, b) = board.distances();
                let (lo, hi) = (a.min(b), a.max(b));
                for piece in Piece::ALL {
                    let s = explain(piece, board);
                    if (n, m) == (1, 1) {
                        assert!(s.starts_with("the piece starts on the target"), "{s}");
                        assert_eq!(solve(piece, board), Outcome::G, "{s}");
                        continue;
                    }
                    let reason = &s[s.find("; ").unwrap() + 2..];
                    let want = match (piece, solve(piece, board)) {
                        (Piece::King, Outcome::G) => "both are even, so G answers every step with the same step and keeps them even".to_owned(),
                        (Piece::King, _) => "not both are even, so B steps to a position with both even".to_owned(),
                        (Piece::Rook, Outcome::G) => "they are equal (two-heap Nim), so G answers every move with the same move".to_owned(),
                        (Piece::Rook, _) => "they differ (two-heap Nim), so B evens them out".to_owned(),
                        (Piece::Knight, _) if lo == 0 => "a knight cannot move on a board one wide (every jump changes both coordinates), so nobody reaches the target".to_owned(),
                        (Piece::Knight, Outcome::G) => "they are equal and divisible by 3, so G mirrors every knight move".to_owned(),
                        (Piece::Knight, Outcome::B) => "they are 3k + 1 and 3k + 2, so B jumps to an equal pair divisible by 3".to_owned(),
                        (Piece::Knight, _) if (a + b) % 3 != 0 => format!("every knight move takes exactly 3 from a + b = {}, which is not a multiple of 3, so nobody can reach the target", a + b),
                        (Piece::Knight, _) => format!("a + b is a multiple of 3 but a and b differ by {} >= 2, so whoever would lose steers the knight away from the target (or into a corner) and nobody reaches it", hi - lo),
                        (Piece::Queen, Outcome::G) => format!("({lo}, {hi}) is Wythoff cold pair number {k} (floor({k} phi) = {lo}), so B cannot avoid handing G a cold pair", k = hi - lo),
                        (Piece::Queen, _) => format!("({lo}, {hi}) is not a Wythoff cold pair (for k = {k}, floor(k phi) = {}), so B moves to one", floor_k_phi(hi - lo), k = hi - lo),
                    };
                    assert_eq!(reason, want, "{piece} on {board}");
                }
            }
        }
        // Hand-checked: the knight on 7x4 travels (6, 3): a + b = 9, but they differ by 3.
        let s = explain(Piece::Knight, Board::new(7, 4).unwrap());
        assert!(s.ends_with("differ by 3 >= 2, so whoever would lose steers the knight away from the target (or into a corner) and nobody reaches it"), "{s}");
        // The queen on 4x6 travels (3, 5): cold pair number 2.
        let s = explain(Piece::Queen, Board::new(4, 6).unwrap());
        assert!(s.contains("(3, 5) is Wythoff cold pair number 2 (floor(2 phi) = 3)"), "{s}");
    }

    #[test]
    fn explanations_count_rows_and_columns_in_words() {
        let start = |n, m| {
            let s = explain(Piece::Rook, Board::new(n, m).unwrap());
            s[..s.find(';').unwrap()].to_owned()
        };
        assert_eq!(start(2, 2), "the piece must travel a = 1 row and b = 1 column");
        assert_eq!(start(2, 3), "the piece must travel a = 1 row and b = 2 columns");
        assert_eq!(start(5, 2), "the piece must travel a = 4 rows and b = 1 column");
    }
}
