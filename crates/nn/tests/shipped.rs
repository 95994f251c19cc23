//! The shipped Take 6! networks against their training framework: `models/take6_vectors.json`
//! (and `take6_5p_vectors.json` for the 5-player network) holds observations, their legal
//! action ids, the framework's scores and its chosen actions, written by the training example
//! beside the model; the compiled-in networks give the same values (to rounding) and the same
//! actions.

mod common;

use serde_json::Value;
use tabletop_core::Game;
use tabletop_nn::shipped;
use tabletop_take6::{Take6, Take6Params};

/// The test vectors of each network of `shipped::take6_networks()`, in its order.
const VECTORS: [&str; 2] =
    [include_str!("../models/take6_vectors.json"), include_str!("../models/take6_5p_vectors.json")];

#[test]
fn shipped_take6_networks_fit_the_games_they_name() {
    let networks = shipped::take6_networks();
    assert_eq!(networks.len(), shipped::TAKE6_FILES.len());
    assert!(std::ptr::eq(shipped::take6(), &networks[0]));
    let mut players_seen = Vec::new();
    for network in networks {
        let m = network.metadata();
        assert_eq!((m.game(), m.input(), m.output()), ("take6", "observation", "score"));
        let params: Value = serde_json::from_str(m.params()).unwrap();
        let players = params["players"].as_u64().unwrap() as u8;
        let game = Take6::new(&Take6Params { players, ..Take6Params::default() }).unwrap();
        assert_eq!(network.input_len(), game.observation_shape().iter().product::<usize>());
        assert_eq!(network.output_len(), game.num_distinct_actions());
        players_seen.push(players);
    }
    assert_eq!(players_seen, [4, 5]);
}

#[test]
fn shipped_take6_networks_give_the_frameworks_values_and_actions() {
    for (network, vectors) in shipped::take6_networks().iter().zip(VECTORS) {
        common::check_vectors(network, vectors);
    }
}
