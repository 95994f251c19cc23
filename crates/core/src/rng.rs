//! Seeded randomness.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The random number generator of the whole project: ChaCha8, always from an explicit seed.
pub type Rng = ChaCha8Rng;

/// A generator from a 64-bit seed.
pub fn seeded_rng(seed: u64) -> Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The seed of work item `index` of a run seeded with `seed`.
///
/// Parallel runs give every item (a deal, a wall, a game) its own stream, so the results do
/// not depend on how the items are spread over threads. SplitMix64 finalizer over the pair.
pub fn sub_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_seeds_differ_and_repeat() {
        let seeds: Vec<u64> = (0..1000).map(|i| sub_seed(42, i)).collect();
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), seeds.len());
        assert_eq!(sub_seed(42, 17), seeds[17]);
        assert_ne!(sub_seed(41, 17), seeds[17]);
    }
}
