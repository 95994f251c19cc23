//! The networks shipped with tabletop, compiled into the binary (the `shipped` feature), each
//! loaded once on first use.
//!
//! - [`take6_networks`]: Take 6!'s policy networks, trained by distilling the Monte Carlo
//!   search (`python/examples/train_take6.py`), one per game their metadata names: the
//!   published game for 4 players ([`take6`], `models/take6.safetensors`) and for 5 players
//!   (`models/take6_5p.safetensors`). Each file's `_vectors.json` holds the training
//!   framework's outputs and chosen actions on fixed observations, which the tests reproduce.
//! - [`mahjong`]: Mahjong's network, trained by imitating the `rules` bot
//!   (`python/examples/imitate_mahjong.py`) on the game its metadata names (the problem's
//!   game, claims made by the fixed rules). Its outputs are the imitation's logits, one per
//!   tile kind; the policy is the legal kind of highest output, as for a Q-network. The file
//!   is `models/mahjong.safetensors`, with `models/mahjong_vectors.json` as for Take 6!.

use std::sync::LazyLock;

use crate::Network;

/// The bytes of Take 6!'s shipped network for 4 players (a safetensors file).
pub const TAKE6_BYTES: &[u8] = include_bytes!("../models/take6.safetensors");

/// The bytes of Take 6!'s shipped network for 5 players (a safetensors file).
pub const TAKE6_5P_BYTES: &[u8] = include_bytes!("../models/take6_5p.safetensors");

/// Every Take 6! network's file name and bytes, [`take6`]'s first.
pub const TAKE6_FILES: [(&str, &[u8]); 2] =
    [("take6.safetensors", TAKE6_BYTES), ("take6_5p.safetensors", TAKE6_5P_BYTES)];

static TAKE6: LazyLock<Vec<Network>> = LazyLock::new(|| {
    TAKE6_FILES
        .iter()
        .map(|(name, bytes)| {
            Network::from_bytes(bytes)
                .unwrap_or_else(|e| panic!("the shipped Take 6! network {name} does not load: {e}"))
        })
        .collect()
});

/// Take 6!'s shipped network for 4 players, loaded on first use and shared by every caller
/// (the tests check that it loads).
pub fn take6() -> &'static Network {
    &TAKE6[0]
}

/// Every shipped Take 6! network (in the order of [`TAKE6_FILES`]), loaded on first use; a
/// bot plays the one whose metadata names the game's parameters.
pub fn take6_networks() -> &'static [Network] {
    &TAKE6
}

/// The bytes of Mahjong's shipped network (a safetensors file).
pub const MAHJONG_BYTES: &[u8] = include_bytes!("../models/mahjong.safetensors");

static MAHJONG: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(MAHJONG_BYTES)
        .unwrap_or_else(|e| panic!("the shipped Mahjong network does not load: {e}"))
});

/// Mahjong's shipped network, loaded on first use and shared by every caller (the tests
/// check that it loads).
pub fn mahjong() -> &'static Network {
    &MAHJONG
}
