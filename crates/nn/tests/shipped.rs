//! The shipped Take 6! networks against their training framework: `models/take6_vectors.json`
//! (and `take6_5p_vectors.json` for the 5-player network) holds inputs, their legal action
//! ids, the framework's scores and its chosen actions, written by the training example beside
//! the model; the compiled-in networks give the same values (to rounding) and the same
//! actions. A network reads the observation (one score per action id) or each legal action's
//! feature vector (`input` = `action-features`: one score per vector).

mod common;

use serde_json::Value;
use tabletop_core::Game;
use tabletop_nn::{INPUT_ACTION_FEATURES, shipped};
use tabletop_take6::{ACTION_FEATURES, ACTION_FEATURES_VERSION, Take6, Take6Params};

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
        assert_eq!((m.game(), m.output()), ("take6", "score"));
        let params: Value = serde_json::from_str(m.params()).unwrap();
        let players = params["players"].as_u64().unwrap() as u8;
        let game = Take6::new(&Take6Params { players, ..Take6Params::default() }).unwrap();
        if m.input() == INPUT_ACTION_FEATURES {
            let version = ACTION_FEATURES_VERSION.to_string();
            assert_eq!(m.get("features_version"), Some(version.as_str()));
            assert_eq!((network.input_len(), network.output_len()), (ACTION_FEATURES, 1));
        } else {
            assert_eq!(m.input(), "observation");
            assert_eq!(network.input_len(), game.observation_shape().iter().product::<usize>());
            assert_eq!(network.output_len(), game.num_distinct_actions());
        }
        players_seen.push(players);
    }
    assert_eq!(players_seen, [4, 5]);
}

#[test]
fn shipped_take6_networks_give_the_frameworks_values_and_actions() {
    for (network, vectors) in shipped::take6_networks().iter().zip(VECTORS) {
        if network.metadata().input() == INPUT_ACTION_FEATURES {
            common::check_feature_vectors(network, vectors);
        } else {
            common::check_vectors(network, vectors);
        }
    }
}
