//! The builder of the per-suit cost tables of [`distance`](crate::distance): shared by the
//! build script, which embeds its output in the library, and by the test that checks the
//! embedded tables against it. It uses nothing but `std`, so that `build.rs` can include it.

// The library uses only `slot` and `ENTRY_BYTES` outside its tests.
#![cfg_attr(not(test), allow(dead_code))]

/// Powers of five: the weight of each rank's count in a suit's table key.
const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

/// The bit or nibble of `(groups, pairs)` in a packed cost vector.
pub const fn slot(groups: usize, pairs: usize) -> usize {
    2 * groups + pairs
}

/// The packed cost vectors of every shape of a suit with `ranks` ranks.
pub fn build(ranks: usize, sequences: bool) -> Vec<u64> {
    let n = POW5[ranks] as usize;
    // 1. Exact targets: g groups (g <= 4) and p pairs (p <= 1), at most 4 of a rank.
    let mut groups: Vec<Vec<usize>> = (0..ranks).map(|r| vec![r, r, r]).collect();
    if sequences {
        groups.extend((0..ranks - 2).map(|r| vec![r, r + 1, r + 2]));
    }
    let mut covers = vec![0u16; n];
    let mut counts = [0u8; 9];
    mark_exact(&groups, 0, 0, &mut counts, 0, &mut covers, ranks);
    // 2. Covering: a shape covers what any shape with one tile fewer covers.
    let mut digits = [0u8; 9];
    for idx in 0..n {
        let mut c = covers[idx];
        for (r, &d) in digits[..ranks].iter().enumerate() {
            if d > 0 {
                c |= covers[idx - POW5[r] as usize];
            }
        }
        covers[idx] = c;
        // Odometer: the digits of idx + 1.
        for d in digits[..ranks].iter_mut() {
            if *d < 4 {
                *d += 1;
                break;
            }
            *d = 0;
        }
    }
    // 3. Costs: 0 when covered, else one more than the best shape with one tile more.
    let mut cost = vec![[0u8; 10]; n];
    let mut digits = [4u8; 9];
    for idx in (0..n).rev() {
        let mut best = [u8::MAX; 10];
        for (r, &d) in digits[..ranks].iter().enumerate() {
            if d < 4 {
                let up = &cost[idx + POW5[r] as usize];
                for j in 0..10 {
                    best[j] = best[j].min(up[j]);
                }
            }
        }
        let c = covers[idx];
        let mut here = [0u8; 10];
        for j in 0..10 {
            // The all-4 shape covers every target, so `best` is finite whenever needed.
            here[j] = if c >> j & 1 == 1 { 0 } else { best[j] + 1 };
        }
        cost[idx] = here;
        for d in digits[..ranks].iter_mut() {
            if *d > 0 {
                *d -= 1;
                break;
            }
            *d = 4;
        }
    }
    cost.iter().map(|c| c.iter().enumerate().map(|(j, &v)| (v as u64) << (4 * j)).sum()).collect()
}

/// Whether `more` copies of a kind fit beside the `held` ones (four copies of each kind).
fn fits(more: usize, held: u8) -> bool {
    more + held as usize <= 4
}

fn mark_exact(
    groups: &[Vec<usize>],
    start: usize,
    placed: usize,
    counts: &mut [u8; 9],
    idx: usize,
    covers: &mut [u16],
    ranks: usize,
) {
    covers[idx] |= 1 << slot(placed, 0);
    for r in 0..ranks {
        if counts[r] <= 2 {
            covers[idx + 2 * POW5[r] as usize] |= 1 << slot(placed, 1);
        }
    }
    if placed == 4 {
        return;
    }
    for (j, g) in groups.iter().enumerate().skip(start) {
        if g.iter().all(|&r| counts[r] < 4)
            && fits(g.iter().filter(|&&r| r == g[0]).count(), counts[g[0]])
        {
            let mut next = idx;
            for &r in g {
                counts[r] += 1;
                next += POW5[r] as usize;
            }
            mark_exact(groups, j, placed + 1, counts, next, covers, ranks);
            for &r in g {
                counts[r] -= 1;
            }
        }
    }
}

/// Bytes per entry of an embedded table: ten costs of four bits.
pub const ENTRY_BYTES: usize = 5;

/// A table as embedded: each packed cost vector in its low [`ENTRY_BYTES`] bytes, little
/// endian, then 3 bytes of padding so that every entry can be read as one 8-byte word.
pub fn encode(table: &[u64]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(table.len() * ENTRY_BYTES + 3);
    for &v in table {
        debug_assert!(v >> (8 * ENTRY_BYTES) == 0, "ten costs of four bits");
        bytes.extend_from_slice(&v.to_le_bytes()[..ENTRY_BYTES]);
    }
    bytes.extend_from_slice(&[0; 3]);
    bytes
}
