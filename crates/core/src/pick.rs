//! [`pick_set_flags`]: a uniformly random set flag in each row of legal action masks, the
//! random policy of a batch of environments.

/// For each row of `width` flags of `flags` (row `i` is `flags[i * width..(i + 1) * width]`),
/// the index of a set flag drawn uniformly, written into `out[i]`: `draw(count)` is called
/// with the row's number of set flags and returns a number below it, the rank (0-based, in
/// index order) of the flag chosen. A row with no set flag gives 0 and calls no draw. On
/// x86-64 processors with AVX-512 (checked at run time) 64 flags are read and counted at once
/// and the flag of a rank found in one instruction; the same draws give the same indices on
/// every path.
///
/// ```
/// let flags = [false, true, true, false, /* row 2 */ false, false, false, true];
/// let mut out = [9; 2];
/// let mut counts = Vec::new();
/// tabletop_core::pick_set_flags(&flags, 4, &mut out, |count| {
///     counts.push(count);
///     count - 1 // the last set flag
/// });
/// assert_eq!((out, counts), ([2, 3], vec![2, 1]));
/// ```
///
/// # Panics
/// If `flags` does not hold `out.len()` rows of `width` flags, or a draw is not below its
/// count.
pub fn pick_set_flags(
    flags: &[bool],
    width: usize,
    out: &mut [i64],
    mut draw: impl FnMut(u32) -> u32,
) {
    assert_eq!(flags.len(), width * out.len(), "a row of flags per pick");
    let bytes: &[u8] = bytemuck::cast_slice(flags);
    #[cfg(target_arch = "x86_64")]
    if runs_avx512() {
        #[allow(unsafe_code)]
        // SAFETY: the processor has AVX-512BW, BMI2 and POPCNT, checked just above. Measured
        // (python/README.md): a batch step with its random actions 1.07x (Take 6!) to 1.09x
        // (Nine, Mahjong) faster than eight flags at a time.
        unsafe {
            pick_avx512(bytes, width, out, &mut draw);
        }
        return;
    }
    pick_portable(bytes, width, out, &mut draw);
}

/// Whether the processor has what [`pick_avx512`] is built with.
#[cfg(target_arch = "x86_64")]
fn runs_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`pick_set_flags`] eight flags at a time, as built for the crate.
fn pick_portable(bytes: &[u8], width: usize, out: &mut [i64], draw: &mut impl FnMut(u32) -> u32) {
    if width == 0 {
        out.fill(0);
        return;
    }
    for (row, a) in bytes.chunks_exact(width).zip(out) {
        *a = pick_in_row(row, draw) as i64;
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

/// [`pick_set_flags`] with AVX-512: each 64 flags of a row one load and one test (a mask of
/// 64 bits), counted with `popcnt`, the flag of a rank found by `pdep`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw,bmi2,popcnt")]
fn pick_avx512(bytes: &[u8], width: usize, out: &mut [i64], draw: &mut impl FnMut(u32) -> u32) {
    use std::arch::x86_64::{__m512i, _mm512_test_epi8_mask, _pdep_u64};
    // The set flags of the 64 bytes from `at` (zeros past the end of `bytes`) as bits, the
    // bits from `len` up cleared.
    let window = |at: usize, len: usize| -> u64 {
        let v: __m512i = match bytes.get(at..at + 64) {
            Some(w) => bytemuck::cast(<[u8; 64]>::try_from(w).expect("64 bytes")),
            None => {
                let mut padded = [0u8; 64];
                let rest = &bytes[at..];
                padded[..rest.len()].copy_from_slice(rest);
                bytemuck::cast(padded)
            }
        };
        let bits = _mm512_test_epi8_mask(v, v);
        if len >= 64 { bits } else { bits & ((1 << len) - 1) }
    };
    for (i, a) in out.iter_mut().enumerate() {
        let start = i * width;
        let count: u32 =
            (0..width).step_by(64).map(|j| window(start + j, width - j).count_ones()).sum();
        if count == 0 {
            *a = 0;
            continue;
        }
        let mut k = draw(count);
        assert!(k < count, "a draw below the count");
        for j in (0..width).step_by(64) {
            // Not cut at the row's end: the flag of rank k is found before any past it.
            let bits = window(start + j, 64);
            let here = bits.count_ones();
            if k < here {
                *a = (j + _pdep_u64(1 << k, bits).trailing_zeros() as usize) as i64;
                break;
            }
            k -= here;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{rand::Rng as _, seeded_rng};

    /// The paths this processor can run: the portable one, and AVX-512's where it has it
    /// (this machine and CI's have it).
    fn paths() -> Vec<(&'static str, Path)> {
        let mut paths: Vec<(&'static str, Path)> = vec![("portable", pick_portable_dyn)];
        #[cfg(target_arch = "x86_64")]
        if runs_avx512() {
            paths.push(("avx512", pick_avx512_dyn));
        }
        paths
    }

    /// A path of [`pick_set_flags`].
    type Path = fn(&[u8], usize, &mut [i64], &mut dyn FnMut(u32) -> u32);

    fn pick_portable_dyn(b: &[u8], w: usize, out: &mut [i64], draw: &mut dyn FnMut(u32) -> u32) {
        pick_portable(b, w, out, &mut |c| draw(c));
    }

    #[cfg(target_arch = "x86_64")]
    fn pick_avx512_dyn(b: &[u8], w: usize, out: &mut [i64], draw: &mut dyn FnMut(u32) -> u32) {
        #[allow(unsafe_code)]
        // SAFETY: only listed by `paths` when the processor has the features.
        unsafe {
            pick_avx512(b, w, out, &mut |c| draw(c));
        }
    }

    /// Each path on rows of every width to 140 and some long ones, random flags (some rows
    /// empty), every rank: the flag of that rank in index order, the counts drawn with the
    /// rows' set flags, 0 for an empty row.
    #[test]
    fn every_path_picks_the_flag_of_the_rank_drawn() {
        let mut rng = seeded_rng(4);
        let widths: Vec<usize> = (0..=140).chain([255, 256, 257, 2_041, 10_000]).collect();
        for (path, pick) in paths() {
            for &width in &widths {
                let rows = 5;
                let density = rng.random_range(0.0..0.6);
                let mut flags: Vec<bool> =
                    (0..width * rows).map(|_| rng.random_bool(density)).collect();
                if width > 0 {
                    flags[..width].fill(false); // an empty row
                    flags[width * rows - 1] = true; // the last flag of all
                }
                let set: Vec<Vec<usize>> = flags
                    .chunks(width.max(1))
                    .map(|row| (0..row.len()).filter(|&i| row[i]).collect())
                    .collect();
                let most = set.iter().map(Vec::len).max().unwrap_or(0);
                for rank in 0..most.max(1) {
                    let mut out = vec![-1; rows];
                    let mut counts = Vec::new();
                    let bytes: &[u8] = bytemuck::cast_slice(&flags);
                    pick(bytes, width, &mut out, &mut |count| {
                        counts.push(count as usize);
                        rank.min(count as usize - 1) as u32
                    });
                    let expected: Vec<i64> = set
                        .iter()
                        .take(rows)
                        .map(|s| s.get(rank.min(s.len().max(1) - 1)).map_or(0, |&i| i as i64))
                        .collect();
                    let nonempty: Vec<usize> =
                        set.iter().take(rows).map(Vec::len).filter(|&n| n > 0).collect();
                    let expected = if width == 0 { vec![0; rows] } else { expected };
                    assert_eq!(out, expected, "{path}, width {width}, rank {rank}");
                    assert_eq!(counts, nonempty, "{path}, width {width}");
                }
            }
        }
    }

    /// The public function on rows of every length to 70 with random flags and a random
    /// draw: every set flag is drawn, about equally often, and no other; none set gives 0.
    #[test]
    fn picks_are_uniform_over_the_set_flags() {
        let mut rng = seeded_rng(3);
        let mut flags = seeded_rng(4);
        let mut out = [7];
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
        pick_set_flags(&[true; 7], 4, &mut [0; 2], |_| 0);
    }

    #[test]
    #[should_panic(expected = "a draw below the count")]
    fn a_draw_past_the_count_is_refused() {
        pick_set_flags(&[true; 4], 4, &mut [0], |count| count);
    }
}
