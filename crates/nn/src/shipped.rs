//! The networks shipped with tabletop, compiled into the binary (the `shipped` feature), each
//! loaded once on first use.
//!
//! - [`take6`]: Take 6!'s Q-network, trained by Deep Monte Carlo
//!   (`python/examples/train_take6.py`) on the game its metadata names (the published game
//!   for 4 players). The file is `models/take6.safetensors`; `models/take6_vectors.json`
//!   holds the training framework's outputs and chosen actions on fixed observations, which
//!   the tests reproduce.
//! - [`mahjong`]: Mahjong's network, trained by imitating the `rules` bot
//!   (`python/examples/imitate_mahjong.py`) on the game its metadata names (the problem's
//!   game, claims made by the fixed rules). Its outputs are the imitation's logits, one per
//!   tile kind; the policy is the legal kind of highest output, as for a Q-network. The file
//!   is `models/mahjong.safetensors`, with `models/mahjong_vectors.json` as for Take 6!.

use std::sync::LazyLock;

use crate::Network;

/// The bytes of Take 6!'s shipped network (a safetensors file).
pub const TAKE6_BYTES: &[u8] = include_bytes!("../models/take6.safetensors");

static TAKE6: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(TAKE6_BYTES)
        .unwrap_or_else(|e| panic!("the shipped Take 6! network does not load: {e}"))
});

/// Take 6!'s shipped network, loaded on first use and shared by every caller (the tests
/// check that it loads).
pub fn take6() -> &'static Network {
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
