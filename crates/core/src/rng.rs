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

    /// SplitMix64 (Steele, Lea and Flood, 2014) as published: the state advances by the
    /// golden gamma and each output is the finalizer of the state.
    fn splitmix64(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[test]
    fn sub_seeds_of_seed_zero_are_the_splitmix64_sequence() {
        // The reference outputs of SplitMix64 from state 0.
        let reference = [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F];
        let mut state = 0;
        for (i, want) in reference.into_iter().enumerate() {
            assert_eq!(splitmix64(&mut state), want, "the oracle, output {i}");
            assert_eq!(sub_seed(0, i as u64), want, "item {i}");
        }
        for i in 3..200 {
            assert_eq!(sub_seed(0, i), splitmix64(&mut state), "item {i}");
        }
    }

    #[test]
    fn the_seed_is_xored_into_the_state() {
        // Item i of a run seeded with g(i + 1) ^ g(j + 1) (g: the gamma's multiples) starts from
        // the state of item j of seed 0, so it is SplitMix64's output j.
        let g = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut state = 0;
        let reference: Vec<u64> = (0..40).map(|_| splitmix64(&mut state)).collect();
        for i in [0, 1, 5, 17, 39] {
            for (j, &want) in reference.iter().enumerate() {
                let seed = g(i + 1) ^ g(j as u64 + 1);
                assert_eq!(sub_seed(seed, i), want, "item {i} of seed {seed:#x}");
            }
        }
    }

    #[test]
    fn generators_repeat_from_their_seed_and_differ_between_seeds() {
        use rand::Rng as _;
        let draw = |seed| -> [u64; 4] { seeded_rng(seed).random() };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

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
