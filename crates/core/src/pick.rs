//! [`pick_set_flags`]: a uniformly random set flag in each row of legal action masks, the
//! random policy of a batch of environments.

/// For each row of `width` flags of `flags` (row `i` is `flags[i * width..(i + 1) * width]`),
/// the index of a set flag drawn uniformly, written into `out[i]`: `draw(count)` is called
/// with the row's number of set flags and returns a number below it, the rank (0-based, in
/// index order) of the flag chosen. A row with no set flag gives 0 and calls no draw. On
/// x86-64 processors with AVX-512 (checked at run time, [`crate::simd`]) 64 flags are read
/// and counted at once; the same draws give the same indices on every path. The indices are
/// written in any integer type that holds a `u32` (numpy's `i64` actions, `usize`, ...).
///
/// ```
/// let flags = [false, true, true, false, /* row 2 */ false, false, false, true];
/// let mut out = [9i64; 2];
/// let mut counts = Vec::new();
/// tabletop_core::pick_set_flags(&flags, 4, &mut out, |count| {
///     counts.push(count);
///     count - 1 // the last set flag
/// });
/// assert_eq!((out, counts), ([2, 3], vec![2, 1]));
/// ```
///
/// # Panics
/// If `flags` does not hold `out.len()` rows of `width` flags, a row is longer than
/// `u32::MAX` flags, or a draw is not below its count.
pub fn pick_set_flags<A: From<u32>>(
    flags: &[bool],
    width: usize,
    out: &mut [A],
    mut draw: impl FnMut(u32) -> u32,
) {
    assert_eq!(flags.len(), width * out.len(), "a row of flags per pick");
    assert!(u32::try_from(width).is_ok(), "rows of at most u32::MAX flags");
    let bytes: &[u8] = bytemuck::cast_slice(flags);
    crate::simd::pick(bytes, width, out, &mut draw);
}

/// [`pick_set_flags`] eight flags at a time, as built for the crate.
pub(crate) fn pick_portable<A: From<u32>>(
    bytes: &[u8],
    width: usize,
    out: &mut [A],
    draw: &mut impl FnMut(u32) -> u32,
) {
    if width == 0 {
        out.fill_with(|| A::from(0));
        return;
    }
    for (row, a) in bytes.chunks_exact(width).zip(out) {
        // Below the row's width, which pick_set_flags checked fits a u32.
        *a = A::from(pick_in_row(row, draw) as u32);
    }
}

/// Eight flags as the bytes of a word (a `bool` is a byte, 0 or 1), read in one load.
fn word(eight: &[u8]) -> u64 {
    u64::from_le_bytes(eight.try_into().expect("eight flags"))
}

/// The number of set flags of a word of [`word`]: the sum of its bytes, gathered in the top
/// byte by one multiplication (`count_ones` is a long sequence without `popcnt`).
fn flags_set(w: u64) -> u32 {
    (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The index of a flag of `row` drawn with `draw` among its set ones, eight flags at a time
/// (0 when none is set).
fn pick_in_row(row: &[u8], draw: &mut impl FnMut(u32) -> u32) -> usize {
    let words = row.chunks_exact(8);
    let rest = words.remainder();
    let count = words.clone().map(|w| flags_set(word(w))).sum::<u32>()
        + rest.iter().map(|&b| u32::from(b)).sum::<u32>();
    if count == 0 {
        return 0;
    }
    let k = draw(count);
    assert!(k < count, "a draw below the count");
    // The word holding flag number k (0-based among the set ones), found with no branch on
    // the flags (a branch there is mispredicted about once a draw): the whole words before
    // it are those whose running count stays at or below k.
    let (mut index, mut below, mut running) = (0, 0, 0);
    for eight in words.clone() {
        running += flags_set(word(eight));
        let before = running <= k;
        index += usize::from(before);
        below = if before { running } else { below };
    }
    let full = words.len();
    if index < full {
        return index * 8 + nth_set_flag(word(&row[index * 8..][..8]), k - below);
    }
    let j = rest.iter().enumerate().filter(|&(_, &b)| b != 0).nth((k - below) as usize);
    full * 8 + j.expect("k is below the number of set flags").0
}

/// The index of flag number `j` (0-based) among the set flags of a word of [`word`], with
/// no branch: byte `i` of `w * 0x0101..01` counts the set flags up to flag `i`, and the
/// answer is the first byte whose count exceeds `j` (compared in each byte at once: every
/// count is at most 8, so adding the high bit carries into no byte and the subtraction
/// borrows across none).
fn nth_set_flag(w: u64, j: u32) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let running = w.wrapping_mul(ONES);
    let above = ((running + HIGH) - u64::from(j + 1) * ONES) & HIGH;
    above.trailing_zeros() as usize / 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{rand::Rng as _, seeded_rng};

    /// The public function on rows of every length to 70 with random flags and a random
    /// draw: every set flag is drawn, about equally often, and no other; none set gives 0.
    #[test]
    fn picks_are_uniform_over_the_set_flags() {
        let mut rng = seeded_rng(3);
        let mut flags = seeded_rng(4);
        let mut out = [7i64];
        pick_set_flags(&[false; 9], 9, &mut out, |_| unreachable!("no flag to draw"));
        assert_eq!(out, [0]);
        for len in 1..=70 {
            let mut row: Vec<bool> = (0..len).map(|_| flags.random_bool(0.3)).collect();
            row[flags.random_range(0..len)] = true;
            let set = row.iter().filter(|&&f| f).count();
            let mut counts = vec![0usize; len];
            for _ in 0..400 * set {
                pick_set_flags(&row, len, &mut out, |count| rng.random_range(0..count));
                counts[out[0] as usize] += 1;
            }
            let spread = 5 * 400usize.isqrt();
            for (i, &c) in counts.iter().enumerate() {
                if row[i] {
                    assert!(c.abs_diff(400) <= spread, "length {len}, {i}: {c}");
                } else {
                    assert_eq!(c, 0, "length {len}: {i} is not set");
                }
            }
        }
    }

    /// `nth_set_flag` against the plain search, on every pattern of eight flags and every
    /// rank among its set ones.
    #[test]
    fn nth_set_flag_is_the_plain_search() {
        for pattern in 0..=255u8 {
            let flags: Vec<u8> = (0..8).map(|i| pattern >> i & 1).collect();
            let w = word(&flags);
            let set: Vec<usize> = (0..8).filter(|&i| flags[i] == 1).collect();
            for (j, &i) in set.iter().enumerate() {
                assert_eq!(nth_set_flag(w, j as u32), i, "{pattern:08b}, flag {j}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "a row of flags per pick")]
    fn flags_must_fill_the_rows() {
        pick_set_flags(&[true; 7], 4, &mut [0i64; 2], |_| 0);
    }

    #[test]
    #[should_panic(expected = "a draw below the count")]
    fn a_draw_past_the_count_is_refused() {
        pick_set_flags(&[true; 4], 4, &mut [0i64], |count| count);
    }
}
