//! The shipped Mahjong network against its training framework: `models/mahjong_vectors.json`
//! holds observations, their legal action ids, the framework's outputs and its chosen
//! actions, written by the training example beside the model; the compiled-in network gives
//! the same values (to rounding) and the same actions, and fits the game its metadata names.

mod common;

use tabletop_core::Game;
use tabletop_mahjong::{Mahjong, MahjongParams};
use tabletop_nn::shipped;

const VECTORS: &str = include_str!("../models/mahjong_vectors.json");

#[test]
fn shipped_mahjong_network_fits_the_game_it_names() {
    let network = shipped::mahjong();
    let m = network.metadata();
    assert_eq!((m.game(), m.input(), m.output()), ("mahjong", "observation", "score"));
    let params: MahjongParams = serde_json::from_str(m.params()).unwrap();
    assert_eq!(params, MahjongParams { wall: None, claims: false });
    assert!(m.get("trained").unwrap().starts_with("imitation of the rules bot"));
    let game = Mahjong::new(&params).unwrap();
    assert_eq!(network.input_len(), game.observation_shape().iter().product::<usize>());
    assert_eq!(network.output_len(), game.num_distinct_actions());
    // A few MB at most.
    assert!(shipped::MAHJONG_BYTES.len() < 4 << 20, "{} bytes", shipped::MAHJONG_BYTES.len());
}

#[test]
fn shipped_mahjong_network_gives_the_frameworks_values_and_actions() {
    common::check_vectors(shipped::mahjong(), VECTORS);
}
