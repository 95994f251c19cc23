//! The transposition table: bounds on the values of positions, with their best moves, in a
//! small hashed table. Its keys name a position the same way in every deal (see the solver's
//! module docs), so its entries hold for every deal and are kept from one deal to the next.

/// The bits of a key (see [`SuitTables::key`](super::suits::SuitTables::key)).
const KEY_BITS: u32 = 55;

/// The bits of an entry that hold its tag (the bits of the key's hash below its slot, shifted
/// to the top of the word; the hash's low 9 bits are 0 and a slot has 15 bits at least, so
/// the tag's bits below bit 24 are 0).
const ENTRY_TAG: u64 = !0xFF_FFFF;

/// An odd multiplier, shifted left by `64 - KEY_BITS`: the product of a key and it is the
/// key's hash (the key times the odd multiplier modulo `2^KEY_BITS`, a bijection) in the top
/// `KEY_BITS` bits, so the slot and the tag of a key's hash name the key exactly.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15 << (64 - KEY_BITS);

/// One table entry's bounds on the value of its position for the player to move, and the slot
/// of its best move (`1 + suit * 2 + k`, 0 for none).
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) lo: i8,
    pub(super) hi: i8,
    pub(super) best: u8,
}

/// `SIZE` entries (a power of two from `2^15` to `2^24`; `2^16` entries are 512 KB) indexed
/// by a hash of the key, each replaced by whatever else hashes to its slot. An entry is one
/// word: one byte each for `lo + 18`, `18 - hi` and the best move's slot, then the tag (the
/// hash's bits below the slot, `55 - log2(SIZE)` of them) at the top of the word, above bit
/// 24, so that the empty word 0 says nothing (`-18 <= value <= 18`) of whatever key it
/// matches.
#[derive(Clone)]
pub(super) struct TranspositionTable<const SIZE: usize> {
    /// The entries (their number known to the compiler, so the index needs no bounds check).
    entries: Box<[u64; SIZE]>,
    /// The number of entries stored for new keys since the current deal began.
    stored: usize,
}

impl<const SIZE: usize> TranspositionTable<SIZE> {
    /// The bits of a slot.
    const BITS: u32 = {
        assert!(
            SIZE.is_power_of_two() && SIZE >= 1 << 15 && SIZE <= 1 << 24,
            "a table of 2^15 to 2^24 entries (below 2^15 the tag would reach the bounds' bytes)"
        );
        SIZE.trailing_zeros()
    };

    /// An empty table.
    pub(super) fn new() -> TranspositionTable<SIZE> {
        TranspositionTable {
            // `SIZE` entries, through `BITS` so that a wrong size fails to compile here.
            entries: vec![0; 1 << Self::BITS]
                .into_boxed_slice()
                .try_into()
                .expect("the table has its size"),
            stored: 0,
        }
    }

    /// Starts counting the entries stored for a new deal (the entries stay: they hold for
    /// every deal).
    pub(super) fn new_deal(&mut self) {
        self.stored = 0;
    }

    /// The number of entries stored for new keys since the current deal began.
    pub(super) fn stored(&self) -> usize {
        self.stored
    }

    /// The slot and the tag of `key` (the tag as an entry holds it).
    #[inline]
    fn hash(key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(MIX);
        ((h >> (64 - Self::BITS)) as usize, h << Self::BITS)
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let (slot, tag) = Self::hash(key);
        let e = self.entries[slot];
        (e & ENTRY_TAG == tag).then_some(Entry {
            lo: e as u8 as i8 - 18,
            hi: 18 - (e >> 8) as u8 as i8,
            best: (e >> 16) as u8,
        })
    }

    /// Records the bounds learnt about position `key` by a null-window search (window
    /// `(beta - 1, beta)`) that returned `v` (fail-soft), and the slot of the best move found
    /// (0 for none). The entry replaces whatever else held its slot.
    #[inline]
    pub(super) fn store(&mut self, key: u64, v: i32, beta: i32, best: u8) {
        if v >= beta {
            self.store_bounds(key, v, 18, best);
        } else {
            self.store_bounds(key, -18, v, best);
        }
    }

    /// Records the bounds `lo <= value <= hi` of position `key` and the slot of its best move
    /// (0 for none).
    #[inline]
    pub(super) fn store_bounds(&mut self, key: u64, lo: i32, hi: i32, best: u8) {
        let (slot, tag) = Self::hash(key);
        let e = &mut self.entries[slot];
        if *e & ENTRY_TAG != tag {
            *e = tag;
            self.stored += 1;
        }
        let lo = (*e as u8 as i32 - 18).max(lo);
        let hi = (18 - (*e >> 8) as u8 as i32).min(hi);
        let best = if best != 0 { u64::from(best) } else { *e >> 16 & 0xFF };
        *e = tag | (lo + 18) as u64 | ((18 - hi) as u64) << 8 | best << 16;
    }
}
