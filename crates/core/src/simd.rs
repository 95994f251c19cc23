//! The processor-specific kernels, all in one place: AVX-512 and AVX2 builds of the loops
//! that write observations ([`write_flag_planes`](crate::write_flag_planes),
//! [`write_counts`](crate::write_counts)) and pick random legal actions
//! ([`pick_set_flags`](crate::pick_set_flags)). Each has a portable build, which every other
//! processor runs and which gives the same result.
//!
//! The path is chosen once per process ([`path`]): the widest the processor has, or the
//! portable one when the environment variable [`PORTABLE_VAR`] (`TABLETOP_PORTABLE`) is `1`,
//! so the portable code can be tested and timed on any machine.

use std::sync::OnceLock;

/// The environment variable that forces the portable path when it is `1` (read once, at the
/// first kernel called).
pub const PORTABLE_VAR: &str = "TABLETOP_PORTABLE";

/// Which build of the kernels runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Path {
    /// As built for the crate's target (SSE2 on x86-64).
    Portable,
    /// With AVX2.
    Avx2,
    /// With AVX-512 (F and BW), BMI2 and POPCNT where they pay (the byte planes, the picks),
    /// AVX2 elsewhere.
    Avx512,
}

/// The path of this process: [`Path::Portable`] when [`PORTABLE_VAR`] is `1`, else the widest
/// the processor has.
///
/// ```
/// use tabletop_core::simd::{self, Path};
///
/// if std::env::var(simd::PORTABLE_VAR).is_ok_and(|v| v == "1") {
///     assert_eq!(simd::path(), Path::Portable);
/// }
/// ```
pub fn path() -> Path {
    static PATH: OnceLock<Path> = OnceLock::new();
    *PATH.get_or_init(|| choose(std::env::var_os(PORTABLE_VAR)))
}

/// The path for the value of [`PORTABLE_VAR`].
fn choose(portable: Option<std::ffi::OsString>) -> Path {
    if portable.is_some_and(|v| v == "1") { Path::Portable } else { widest() }
}

/// The widest path the processor has.
fn widest() -> Path {
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx512() {
            return Path::Avx512;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return Path::Avx2;
        }
    }
    Path::Portable
}

/// Whether the processor has every feature [`Path::Avx512`] is built with.
#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// A loop over an observation that runs faster built for the processor at hand.
pub(crate) enum Kernel<'a> {
    /// [`write_flag_planes`](crate::write_flag_planes)'s for `f32`.
    FlagPlanes { out: &'a mut [f32], width: usize, sets: &'a [u128] },
    /// [`write_flag_planes`](crate::write_flag_planes)'s for `u8`.
    BytePlanes { out: &'a mut [u8], width: usize, sets: &'a [u128] },
    /// [`write_counts`](crate::write_counts)'s for `f32`.
    Counts { out: &'a mut [f32], counts: &'a [u8] },
}

/// Runs `kernel` on this process's [`path`].
#[inline]
pub(crate) fn run(kernel: Kernel<'_>) {
    #[allow(unsafe_code)]
    // SAFETY: `path` is a path the processor has.
    unsafe {
        run_on(path(), kernel);
    }
}

/// Runs `kernel` on `path`: with AVX-512 the byte planes only (the other kernels run no
/// faster built with it than with AVX2), with AVX2 all of them.
///
/// # Safety
/// The processor has `path`'s features.
#[inline]
#[allow(unsafe_code)]
unsafe fn run_on(path: Path, kernel: Kernel<'_>) {
    #[cfg(target_arch = "x86_64")]
    match (path, kernel) {
        // SAFETY: the processor has AVX-512F and BW (the caller's promise).
        (Path::Avx512, Kernel::BytePlanes { out, width, sets }) => unsafe {
            byte_planes_avx512(out, width, sets)
        },
        // SAFETY: the processor has AVX2 (the caller's promise; `Avx512` includes it).
        (Path::Avx512 | Path::Avx2, kernel) => unsafe { run_avx2(kernel) },
        (Path::Portable, kernel) => run_portable(kernel),
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = path;
        run_portable(kernel);
    }
}

/// Runs `kernel` as built for the crate (inlined into [`run_avx2`], which builds it with
/// more instructions).
#[inline(always)]
fn run_portable(kernel: Kernel<'_>) {
    match kernel {
        Kernel::FlagPlanes { out, width, sets } => crate::bitset::flag_planes(out, width, sets),
        Kernel::BytePlanes { out, width, sets } => crate::bitset::flag_planes(out, width, sets),
        Kernel::Counts { out, counts } => {
            for (x, &c) in out.iter_mut().zip(counts) {
                *x = f32::from(c);
            }
        }
    }
}

/// [`write_flag_planes`](crate::write_flag_planes)'s loop for bytes with AVX-512: a plane of
/// 64 flags or more in two stores of 64 bytes, its first 64 flags and its last 64
/// (overlapping where it is shorter than 128), each made bytes by a masked move of ones;
/// narrower planes eight flags at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn byte_planes_avx512(out: &mut [u8], width: usize, sets: &[u128]) {
    use std::arch::x86_64::{_mm512_maskz_mov_epi8, _mm512_set1_epi8};
    assert!(width <= 128, "at most 128 flags");
    let Some(back) = width.checked_sub(64) else {
        return crate::bitset::flag_planes(out, width, sets);
    };
    let ones = _mm512_set1_epi8(1);
    let bytes =
        |bits: u128| bytemuck::cast::<_, [u8; 64]>(_mm512_maskz_mov_epi8(bits as u64, ones));
    for (plane, &bits) in out.chunks_exact_mut(width).zip(sets) {
        plane[..64].copy_from_slice(&bytes(bits));
        plane[back..].copy_from_slice(&bytes(bits >> back));
    }
}

/// [`run_portable`] built with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_avx2(kernel: Kernel<'_>) {
    run_portable(kernel);
}

/// [`pick_set_flags`](crate::pick_set_flags) over the flags as bytes, on this process's
/// [`path`].
#[inline]
pub(crate) fn pick<A: From<u32>>(
    bytes: &[u8],
    width: usize,
    out: &mut [A],
    draw: &mut impl FnMut(u32) -> u32,
) {
    #[allow(unsafe_code)]
    // SAFETY: `path` is a path the processor has.
    unsafe {
        pick_on(path(), bytes, width, out, draw);
    }
}

/// [`pick`] on `path`: with AVX-512, 64 flags at a time; else eight at a time.
///
/// # Safety
/// The processor has `path`'s features.
#[inline]
#[allow(unsafe_code)]
unsafe fn pick_on<A: From<u32>>(
    path: Path,
    bytes: &[u8],
    width: usize,
    out: &mut [A],
    draw: &mut impl FnMut(u32) -> u32,
) {
    #[cfg(target_arch = "x86_64")]
    if path == Path::Avx512 {
        // SAFETY: the processor has AVX-512BW, BMI2 and POPCNT (the caller's promise).
        unsafe {
            pick_avx512(bytes, width, out, draw);
        }
        return;
    }
    let _ = path;
    crate::pick::pick_portable(bytes, width, out, draw);
}

/// [`pick_set_flags`](crate::pick_set_flags) with AVX-512: each 64 flags of a row one load and
/// one test (a mask of 64 bits), counted with `popcnt`, the flag of a rank found by `pdep`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512bw,bmi2,popcnt")]
fn pick_avx512<A: From<u32>>(
    bytes: &[u8],
    width: usize,
    out: &mut [A],
    draw: &mut impl FnMut(u32) -> u32,
) {
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
            *a = A::from(0);
            continue;
        }
        let mut k = draw(count);
        assert!(k < count, "a draw below the count");
        for j in (0..width).step_by(64) {
            // Not cut at the row's end: the flag of rank k is found before any past it.
            let bits = window(start + j, 64);
            let here = bits.count_ones();
            if k < here {
                // Below the row's width, which pick_set_flags checked fits a u32.
                *a = A::from(j as u32 + _pdep_u64(1 << k, bits).trailing_zeros());
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

    /// The paths this processor can run, by name: the portable one, and AVX2's and
    /// AVX-512's where it has them.
    fn paths() -> Vec<Path> {
        let mut paths = vec![Path::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                paths.push(Path::Avx2);
            }
            if has_avx512() {
                paths.push(Path::Avx512);
            }
        }
        paths
    }

    /// Runs `kernel` on `path` (one of [`paths`]).
    fn run_listed(path: Path, kernel: Kernel<'_>) {
        #[allow(unsafe_code)]
        // SAFETY: `paths` lists only the paths the processor has.
        unsafe {
            run_on(path, kernel);
        }
    }

    /// Picks on `path` (one of [`paths`]).
    fn pick_listed(
        path: Path,
        b: &[u8],
        w: usize,
        out: &mut [i64],
        draw: &mut dyn FnMut(u32) -> u32,
    ) {
        #[allow(unsafe_code)]
        // SAFETY: `paths` lists only the paths the processor has.
        unsafe {
            pick_on(path, b, w, out, &mut |c| draw(c));
        }
    }

    /// The switch: the path is the portable one exactly when the variable asks for it (CI
    /// runs the core tests both ways), else the widest the processor has.
    #[test]
    fn the_variable_forces_the_portable_path() {
        let forced = std::env::var(PORTABLE_VAR).is_ok_and(|v| v == "1");
        let expected = if forced { Path::Portable } else { *paths().last().expect("portable") };
        assert_eq!(path(), expected);
        assert_eq!(widest(), *paths().last().expect("portable"));
        assert_eq!(choose(Some("1".into())), Path::Portable);
        assert_eq!(choose(Some("0".into())), widest());
        assert_eq!(choose(None), widest());
    }

    /// Several planes at once, on each path: each plane the plain loop over its bits, for
    /// widths up to 128 and up to 9 planes, written over stale values.
    #[test]
    fn flag_planes_are_the_plain_loop_on_every_path() {
        let mut rng = seeded_rng(5);
        for width in (1..=128).step_by(7).chain([63, 64, 65, 104, 128]) {
            for planes in 1..=9 {
                let sets: Vec<u128> = (0..planes).map(|_| rng.random()).collect();
                let plain: Vec<f32> = sets
                    .iter()
                    .flat_map(|&bits| {
                        (0..width).map(move |i| if bits >> i & 1 == 1 { 1.0 } else { 0.0 })
                    })
                    .collect();
                let bytes: Vec<u8> = plain.iter().map(|&x| x as u8).collect();
                for path in paths() {
                    let mut out = vec![f32::NAN; width * planes];
                    run_listed(path, Kernel::FlagPlanes { out: &mut out, width, sets: &sets });
                    assert_eq!(out, plain, "{planes} planes of {width}, {path:?}");
                    let mut out_bytes = vec![u8::MAX; width * planes];
                    run_listed(
                        path,
                        Kernel::BytePlanes { out: &mut out_bytes, width, sets: &sets },
                    );
                    assert_eq!(out_bytes, bytes, "{planes} planes of {width} bytes, {path:?}");
                }
            }
        }
    }

    /// Counts on each path against the plain loop, for every length up to 200 (counts of
    /// every byte value).
    #[test]
    fn counts_are_the_plain_loop_on_every_path() {
        let mut rng = seeded_rng(6);
        for len in 0..=200 {
            let counts: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            let plain: Vec<f32> = counts.iter().map(|&c| c as f32).collect();
            for path in paths() {
                let mut out = vec![f32::NAN; len];
                run_listed(path, Kernel::Counts { out: &mut out, counts: &counts });
                assert_eq!(out, plain, "{len}, {path:?}");
            }
        }
    }

    /// Each path on rows of every width to 140 and some long ones, random flags (some rows
    /// empty), every rank: the flag of that rank in index order, the counts drawn with the
    /// rows' set flags, 0 for an empty row.
    #[test]
    fn every_path_picks_the_flag_of_the_rank_drawn() {
        let mut rng = seeded_rng(4);
        let widths: Vec<usize> = (0..=140).chain([255, 256, 257, 2_041, 10_000]).collect();
        for path in paths() {
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
                    pick_listed(path, bytes, width, &mut out, &mut |count| {
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
                    assert_eq!(out, expected, "{path:?}, width {width}, rank {rank}");
                    assert_eq!(counts, nonempty, "{path:?}, width {width}");
                }
            }
        }
    }
}
