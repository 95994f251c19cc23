//! Card sets written once for every game (the set operators and API of bitset newtypes), and
//! sets and counts written as the flags and numbers of masks and observations (their
//! processor-specific builds are in [`crate::simd`]).

/// Implements `|`, `|=`, `&`, `&=`, `-` (difference) and `-=` for a newtype `Set(int)` whose
/// bits are the members of the set.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Set(u64);
/// tabletop_core::impl_set_ops!(Set);
///
/// assert_eq!(Set(0b0110) | Set(0b0011), Set(0b0111));
/// assert_eq!(Set(0b0110) & Set(0b0011), Set(0b0010));
/// assert_eq!(Set(0b0110) - Set(0b0011), Set(0b0100));
/// ```
#[macro_export]
macro_rules! impl_set_ops {
    ($set:ident) => {
        impl ::std::ops::BitOr for $set {
            type Output = $set;
            fn bitor(self, rhs: $set) -> $set {
                $set(self.0 | rhs.0)
            }
        }

        impl ::std::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, rhs: $set) {
                self.0 |= rhs.0;
            }
        }

        impl ::std::ops::BitAnd for $set {
            type Output = $set;
            fn bitand(self, rhs: $set) -> $set {
                $set(self.0 & rhs.0)
            }
        }

        impl ::std::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, rhs: $set) {
                self.0 &= rhs.0;
            }
        }

        impl ::std::ops::Sub for $set {
            type Output = $set;
            fn sub(self, rhs: $set) -> $set {
                $set(self.0 & !rhs.0)
            }
        }

        impl ::std::ops::SubAssign for $set {
            fn sub_assign(&mut self, rhs: $set) {
                self.0 &= !rhs.0;
            }
        }
    };
}

/// The API every card set of the game crates shares, written once: for a newtype `Set(int)`
/// whose bit `i` stands for the card `Card(i)` (a newtype over `u8`), it writes `EMPTY`,
/// `single`, `bits`, `len`, `is_empty`, `contains`, `insert`, `remove`, `first`, `last`,
/// `pop_first`, `iter` (ascending, an `ExactSizeIterator` named by the third argument),
/// `From<Card>`, `FromIterator`, `IntoIterator` and the set operators of [`impl_set_ops!`].
/// What differs stays with the game: the deck (`FULL`, `deck`), the complement, the notation.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Card(u8);
/// #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
/// pub struct CardSet(u64);
/// tabletop_core::card_set!(CardSet, Card, CardSetIter, u64);
///
/// let mut s: CardSet = [Card(5), Card(2)].into_iter().collect();
/// assert_eq!((s.len(), s.first(), s.last()), (2, Some(Card(2)), Some(Card(5))));
/// assert!(s.insert(Card(9)) && !s.insert(Card(9)));
/// assert_eq!(s.pop_first(), Some(Card(2)));
/// assert_eq!(s.iter().collect::<Vec<_>>(), [Card(5), Card(9)]);
/// assert_eq!(s - CardSet::single(Card(5)), CardSet::from(Card(9)));
/// ```
#[macro_export]
macro_rules! card_set {
    ($set:ident, $card:ident, $iter:ident, $bits:ty) => {
        impl $set {
            /// No card.
            pub const EMPTY: $set = $set(0);

            /// The set with the single card `card`.
            pub const fn single(card: $card) -> $set {
                $set(1 << card.0)
            }

            /// The raw bits (bit `i` for the card numbered `i`).
            pub const fn bits(self) -> $bits {
                self.0
            }

            /// The number of cards.
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether the set is empty.
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether `card` is in the set.
            #[inline]
            pub const fn contains(self, card: $card) -> bool {
                self.0 >> card.0 & 1 == 1
            }

            /// Adds `card`; returns whether it was absent.
            #[inline]
            pub fn insert(&mut self, card: $card) -> bool {
                let absent = !self.contains(card);
                self.0 |= 1 << card.0;
                absent
            }

            /// Removes `card`; returns whether it was present.
            #[inline]
            pub fn remove(&mut self, card: $card) -> bool {
                let present = self.contains(card);
                self.0 &= !(1 << card.0);
                present
            }

            /// The lowest card.
            pub const fn first(self) -> Option<$card> {
                if self.0 == 0 { None } else { Some($card(self.0.trailing_zeros() as u8)) }
            }

            /// The highest card.
            pub const fn last(self) -> Option<$card> {
                if self.0 == 0 {
                    None
                } else {
                    Some($card((<$bits>::BITS - 1 - self.0.leading_zeros()) as u8))
                }
            }

            /// Removes and returns the lowest card.
            #[inline]
            pub fn pop_first(&mut self) -> Option<$card> {
                let card = self.first()?;
                self.0 &= self.0 - 1;
                Some(card)
            }

            /// The cards in ascending order.
            pub fn iter(self) -> $iter {
                $iter(self.0)
            }
        }

        $crate::impl_set_ops!($set);

        impl From<$card> for $set {
            fn from(card: $card) -> $set {
                $set::single(card)
            }
        }

        impl FromIterator<$card> for $set {
            fn from_iter<I: IntoIterator<Item = $card>>(iter: I) -> $set {
                let mut set = $set::EMPTY;
                for card in iter {
                    set.insert(card);
                }
                set
            }
        }

        impl IntoIterator for $set {
            type Item = $card;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        #[doc = concat!("The cards of a [`", stringify!($set), "`], in ascending order.")]
        #[derive(Clone, Debug)]
        pub struct $iter($bits);

        impl Iterator for $iter {
            type Item = $card;

            #[inline]
            fn next(&mut self) -> Option<$card> {
                if self.0 == 0 {
                    return None;
                }
                let card = $card(self.0.trailing_zeros() as u8);
                self.0 &= self.0 - 1;
                Some(card)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $iter {}
    };
}

/// Writes the items separated by single spaces (the notation of hands and card sets).
pub fn write_spaced<T: std::fmt::Display>(
    f: &mut std::fmt::Formatter<'_>,
    items: impl IntoIterator<Item = T>,
) -> std::fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// `BYTE_BOOLS[b][i]` is whether bit `i` of `b` is set.
static BYTE_BOOLS: [[bool; 8]; 256] = byte_table(false, true);

/// `table[b][i]` is `one` when bit `i` of `b` is set, else `zero`.
const fn byte_table<T: Copy>(zero: T, one: T) -> [[T; 8]; 256] {
    let mut table = [[zero; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                table[b][i] = one;
            }
            i += 1;
        }
        b += 1;
    }
    table
}

/// Writes a set's bits as flags over `out`: `out[i]` is whether bit `i` of `bits` is set,
/// for every `i` below `out.len()` (the bits from `out.len()` up are not read). A legal
/// action mask, eight flags at a time, with no branch on the bits.
///
/// ```
/// let mut mask = [true; 11];
/// // Bit 11 is past the mask: not read.
/// tabletop_core::write_bools(&mut mask, 0b1000_0000_0101);
/// assert_eq!(mask, [true, false, true, false, false, false, false, false, false, false, false]);
/// ```
///
/// # Panics
/// If `out` has more than 128 flags.
pub fn write_bools(out: &mut [bool], bits: u128) {
    from_table(out, bits, &BYTE_BOOLS);
}

/// `BYTE_FLAGS[b][i]` is 1.0 when bit `i` of `b` is set, else 0.0.
static BYTE_FLAGS: [[f32; 8]; 256] = byte_table(0.0, 1.0);

/// `BYTE_ONES[b][i]` is 1 when bit `i` of `b` is set, else 0.
static BYTE_ONES: [[u8; 8]; 256] = byte_table(0, 1);

/// The numbers an observation is written in: `f32`, OpenSpiel's observation tensors, or
/// `u8`, a batch's observations in a quarter of the bytes. Every number of an observation is
/// a small count (at most [`Game::observation_max`](crate::Game::observation_max)), which
/// both hold exactly; a game writes its observation once, for either
/// ([`Game::write_observation_tensor`](crate::Game::write_observation_tensor)).
///
/// ```
/// use tabletop_core::Number;
///
/// fn plane<T: Number>(bits: u128) -> [T; 3] {
///     let mut plane = [T::ZERO; 3];
///     tabletop_core::write_flags(&mut plane, bits);
///     plane
/// }
/// assert_eq!(plane::<f32>(0b101), [1.0, 0.0, 1.0]);
/// assert_eq!(plane::<u8>(0b101), [1, 0, 1]);
/// assert_eq!(u8::from_count(4), 4);
/// assert_eq!(f32::from_flag(true), 1.0);
/// ```
pub trait Number:
    Copy + PartialEq + std::fmt::Debug + Send + Sync + 'static + kernels::Writes
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;

    /// `count` as this number (exactly).
    fn from_count(count: u8) -> Self;

    /// One for `true`, zero for `false`.
    fn from_flag(flag: bool) -> Self {
        if flag { Self::ONE } else { Self::ZERO }
    }
}

impl Number for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;

    fn from_count(count: u8) -> f32 {
        f32::from(count)
    }
}

impl Number for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;

    fn from_count(count: u8) -> u8 {
        count
    }
}

/// The loops behind [`write_flags`], [`write_flag_planes`] and [`write_counts`] for each
/// [`Number`] (a private supertrait: only this crate implements `Number`).
mod kernels {
    use super::{BYTE_FLAGS, BYTE_ONES};
    use crate::simd::{Kernel, run};

    pub trait Writes: Sized + 'static {
        /// `TABLE[b][i]` is 1 when bit `i` of `b` is set, else 0.
        const TABLE: &'static [[Self; 8]; 256];
        fn flag_planes(out: &mut [Self], width: usize, sets: &[u128]);
        fn counts(out: &mut [Self], counts: &[u8]);
    }

    impl Writes for f32 {
        const TABLE: &'static [[f32; 8]; 256] = &BYTE_FLAGS;

        fn flag_planes(out: &mut [f32], width: usize, sets: &[u128]) {
            run(Kernel::FlagPlanes { out, width, sets });
        }

        fn counts(out: &mut [f32], counts: &[u8]) {
            run(Kernel::Counts { out, counts });
        }
    }

    impl Writes for u8 {
        const TABLE: &'static [[u8; 8]; 256] = &BYTE_ONES;

        fn flag_planes(out: &mut [u8], width: usize, sets: &[u128]) {
            run(Kernel::BytePlanes { out, width, sets });
        }

        fn counts(out: &mut [u8], counts: &[u8]) {
            out.copy_from_slice(counts);
        }
    }
}

/// Writes a set's bits as numbers over `out`: `out[i]` is 1 when bit `i` of `bits` is set,
/// else 0, for every `i` below `out.len()` (the bits from `out.len()` up are not read).
/// A plane of an observation, eight numbers at a time.
///
/// ```
/// let mut plane = [f32::NAN; 11];
/// // Bit 11 is past the plane: not read.
/// tabletop_core::write_flags(&mut plane, 0b1000_0000_0101);
/// assert_eq!(plane, [1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// ```
///
/// # Panics
/// If `out` has more than 128 numbers.
pub fn write_flags<T: Number>(out: &mut [T], bits: u128) {
    from_table(out, bits, T::TABLE);
}

/// [`write_flags`] for several planes at once: `out` split into `sets.len()` planes of
/// equal width (at most 128), plane `k` the bits of `sets[k]`. Most of an observation of
/// cards; on x86-64 processors with AVX2 (checked at run time, [`crate::simd`]) it stores
/// 32 bytes at a time, and bytes with AVX-512 64 at a time.
///
/// ```
/// let mut planes = [f32::NAN; 6];
/// tabletop_core::write_flag_planes(&mut planes, &[0b101, 0b010]);
/// assert_eq!(planes, [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
/// let mut bytes = [9u8; 6];
/// tabletop_core::write_flag_planes(&mut bytes, &[0b101, 0b010]);
/// assert_eq!(bytes, [1, 0, 1, 0, 1, 0]);
/// ```
///
/// # Panics
/// If `out` does not split into `sets.len()` planes of at most 128 numbers.
pub fn write_flag_planes<T: Number>(out: &mut [T], sets: &[u128]) {
    if sets.is_empty() {
        assert!(out.is_empty(), "numbers but no planes");
        return;
    }
    let width = out.len() / sets.len();
    assert_eq!(width * sets.len(), out.len(), "planes of equal width");
    if width == 0 {
        return;
    }
    T::flag_planes(out, width, sets);
}

/// Writes byte counts as numbers: `out[i]` is `counts[i]` (an observation's planes of
/// counts). For `f32` on x86-64 processors with AVX2 (checked at run time,
/// [`crate::simd`]) it converts eight at a time; for `u8` it is a copy.
///
/// ```
/// let mut plane = [f32::NAN; 3];
/// tabletop_core::write_counts(&mut plane, &[0, 4, 2]);
/// assert_eq!(plane, [0.0, 4.0, 2.0]);
/// ```
///
/// # Panics
/// If `out` and `counts` differ in length.
pub fn write_counts<T: Number>(out: &mut [T], counts: &[u8]) {
    assert_eq!(out.len(), counts.len(), "a number per count");
    T::counts(out, counts);
}

/// [`write_flag_planes`]'s loop, inlined into each caller (so that the AVX2 build of
/// [`crate::simd`] builds it with AVX2).
#[inline(always)]
pub(crate) fn flag_planes<T: Number>(out: &mut [T], width: usize, sets: &[u128]) {
    for (plane, &bits) in out.chunks_exact_mut(width).zip(sets) {
        from_table(plane, bits, T::TABLE);
    }
}

/// Writes `out[i]` from bit `i` of `bits` through `table` (of [`byte_table`]), eight at a
/// time: whole chunks of eight copied at a known length, then the rest.
#[inline(always)]
fn from_table<T: Copy>(out: &mut [T], bits: u128, table: &[[T; 8]; 256]) {
    assert!(out.len() <= 128, "at most 128 flags");
    let bytes = bits.to_le_bytes();
    let whole = out.len() / 8;
    let mut chunks = out.chunks_exact_mut(8);
    for (chunk, &b) in (&mut chunks).zip(&bytes) {
        chunk.copy_from_slice(&table[usize::from(b)]);
    }
    let rest = chunks.into_remainder();
    if let Some(&b) = bytes.get(whole).filter(|_| !rest.is_empty()) {
        rest.copy_from_slice(&table[usize::from(b)][..rest.len()]);
    }
}

#[cfg(test)]
mod tests {
    use std::fmt;

    use super::*;
    use crate::{rand::Rng as _, seeded_rng};

    struct Spaced(Vec<u32>);

    impl fmt::Display for Spaced {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            super::write_spaced(f, &self.0)
        }
    }

    #[test]
    fn items_are_separated_by_single_spaces() {
        assert_eq!(Spaced(vec![]).to_string(), "");
        assert_eq!(Spaced(vec![7]).to_string(), "7");
        assert_eq!(Spaced(vec![1, 22, 333]).to_string(), "1 22 333");
    }

    /// Numbers, bytes and flags against the plain loop, on random sets and every length up
    /// to 128, written over stale values.
    #[test]
    fn write_flags_and_bools_are_the_plain_loop() {
        let mut rng = seeded_rng(3);
        for len in 0..=128 {
            for _ in 0..20 {
                let bits: u128 = rng.random();
                let plain: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let mut out = vec![f32::NAN; len];
                write_flags(&mut out, bits);
                let numbers: Vec<f32> = plain.iter().map(|&b| if b { 1.0 } else { 0.0 }).collect();
                assert_eq!(out, numbers, "{bits:#x}, {len}");
                let mut bytes = vec![u8::MAX; len];
                write_flags(&mut bytes, bits);
                assert_eq!(bytes, plain.iter().map(|&b| u8::from(b)).collect::<Vec<_>>());
                let mut mask: Vec<bool> = (0..len).map(|i| i % 3 == 0).collect();
                write_bools(&mut mask, bits);
                assert_eq!(mask, plain, "{bits:#x}, {len}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "at most 128 flags")]
    fn more_than_128_bools_are_refused() {
        write_bools(&mut [false; 129], 0);
    }

    /// Several planes at once, on this process's path (each path is checked in
    /// [`crate::simd`]): each plane the plain loop over its bits, for widths up to 128 and up
    /// to 9 planes.
    #[test]
    fn write_flag_planes_is_the_plain_loop() {
        let mut rng = seeded_rng(5);
        for width in (0..=128).step_by(7).chain([63, 64, 65, 104, 128]) {
            for planes in 1..=9 {
                let sets: Vec<u128> = (0..planes).map(|_| rng.random()).collect();
                let plain: Vec<f32> = sets
                    .iter()
                    .flat_map(|&bits| {
                        (0..width).map(move |i| if bits >> i & 1 == 1 { 1.0 } else { 0.0 })
                    })
                    .collect();
                let bytes: Vec<u8> = plain.iter().map(|&x| x as u8).collect();
                let mut out = vec![f32::NAN; width * planes];
                write_flag_planes(&mut out, &sets);
                assert_eq!(out, plain, "{planes} planes of {width}");
                let mut out_bytes = vec![u8::MAX; width * planes];
                write_flag_planes(&mut out_bytes, &sets);
                assert_eq!(out_bytes, bytes, "{planes} planes of {width} bytes");
            }
        }
        let mut none: [f32; 0] = [];
        write_flag_planes(&mut none, &[]);
    }

    /// Against the plain loop, on this process's path, for every length up to 200 (counts of
    /// every byte value).
    #[test]
    fn write_counts_is_the_plain_loop() {
        let mut rng = seeded_rng(6);
        for len in 0..=200 {
            let counts: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            let plain: Vec<f32> = counts.iter().map(|&c| c as f32).collect();
            let mut out = vec![f32::NAN; len];
            write_counts(&mut out, &counts);
            assert_eq!(out, plain, "{len}");
            let mut bytes = vec![u8::MAX; len];
            write_counts(&mut bytes, &counts);
            assert_eq!(bytes, counts, "{len} bytes");
        }
    }

    #[test]
    #[should_panic(expected = "a number per count")]
    fn counts_need_a_number_each() {
        write_counts(&mut [0.0; 3], &[1, 2]);
    }

    #[test]
    #[should_panic(expected = "planes of equal width")]
    fn planes_of_unequal_width_are_refused() {
        write_flag_planes(&mut [0.0; 7], &[1, 2]);
    }
}
