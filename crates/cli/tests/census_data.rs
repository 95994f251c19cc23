//! The census shards committed in `crates/nine/data/census/` (the full run, continued shard by
//! shard): each file is a finished shard of the 100 that `tabletop nine census --merge` reads,
//! and every cell of its joint table is re-checked on its witness, the smallest deal id with
//! those results, solved again here for both first movers (by the fast solver, and on a sample
//! by plain minimax).

mod common;

use std::path::PathBuf;

use common::{run, stdout};
use tabletop_nine::{Deal, DealValue, minimax_deal, solve_deal};

fn shard_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../nine/data/census");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn committed_shards_are_done_and_their_witnesses_have_their_results() {
    let files = shard_files();
    assert!(!files.is_empty(), "no census shard is committed");
    let mut minimax_checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["shard_count"], 100, "{}", path.display());
        let shard = &v["shards"][0];
        let index = shard["index"].as_u64().unwrap();
        let name = format!("census-{index:03}-of-100.json");
        assert!(path.ends_with(&name), "{} holds shard {index}", path.display());
        assert_eq!(shard["blocks_done"], shard["blocks"], "{name} is not done");
        let joint = v["joint"].as_array().unwrap();
        let deals: u64 = joint.iter().map(|c| c["deals"].as_u64().unwrap()).sum();
        assert_eq!(v["deals"].as_u64(), Some(deals), "{name}");
        for (i, cell) in joint.iter().enumerate() {
            let id = cell["smallest_id"].as_u64().unwrap();
            let want = DealValue {
                alice_first: cell["alice_first"].as_i64().unwrap() as i32,
                bob_first: cell["bob_first"].as_i64().unwrap() as i32,
            };
            let deal = Deal::from_id(id).unwrap();
            assert_eq!(solve_deal(deal), want, "{name}: deal {id}");
            // Plain minimax on a few cells of each file (it takes a second or so a deal).
            if i % 60 == 0 {
                assert_eq!(minimax_deal(deal).0, want, "{name}: deal {id} by minimax");
                minimax_checked += 1;
            }
        }
    }
    assert!(minimax_checked >= files.len());
}

#[test]
fn the_committed_shards_merge_as_incomplete_until_all_are_there() {
    let files = shard_files();
    let args: Vec<&str> = ["nine", "census", "--json", "--merge"]
        .into_iter()
        .chain(files.iter().map(|p| p.to_str().unwrap()))
        .collect();
    let out = run(&args, "");
    let merged: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(merged["shards"].as_array().unwrap().len(), files.len());
    assert_eq!(merged["complete"], files.len() == 100);
    assert_eq!(out.status.code(), Some(if files.len() == 100 { 0 } else { 1 }));
}

/// The published census, `crates/nine/data/census.json`, once every shard is there.
fn published() -> Option<(PathBuf, serde_json::Value)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../nine/data/census.json");
    let text = std::fs::read_to_string(&path).ok()?;
    Some((path, serde_json::from_str(&text).unwrap()))
}

#[test]
fn the_published_census_is_the_shards_merged_and_agrees_with_enumerate_and_stats() {
    let files = shard_files();
    let Some((path, census)) = published() else {
        assert!(files.len() < 100, "all 100 shards are committed: publish census.json");
        return;
    };
    assert_eq!(files.len(), 100, "census.json is published from every shard");
    assert_eq!(census["complete"], true);
    assert_eq!(census["deals"], 9_075_135_300u64);
    assert_eq!(census["classes"], 190_884_467u64);
    // `--merge` reads it back, complete, and it is the merge of the committed shards.
    let out = run(&["nine", "census", "--json", "--merge", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0));
    let again: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(again, census);
    let args: Vec<&str> = ["nine", "census", "--json", "--merge"]
        .into_iter()
        .chain(files.iter().map(|p| p.to_str().unwrap()))
        .collect();
    let merged: serde_json::Value = serde_json::from_str(&stdout(&run(&args, ""))).unwrap();
    assert_eq!(merged, census);
    // The importances that occur are exactly those `nine enumerate` establishes.
    let mut found: Vec<u64> =
        census["importance"].as_object().unwrap().keys().map(|k| k.parse().unwrap()).collect();
    found.sort();
    let mut expected: Vec<u64> = (0..=24).collect();
    expected.extend([26, 30]);
    assert_eq!(found, expected);
    // Random deals (`nine stats`) agree with the census within five standard errors, on the
    // share of importance 0 and of Alice's wins when she moves first.
    let n = 2000.0;
    let stats = run(&["nine", "stats", "--deals", "2000", "--seed", "23", "--json"], "");
    let stats: serde_json::Value = serde_json::from_str(&stdout(&stats)).unwrap();
    let total = census["deals"].as_f64().unwrap();
    for (key, field) in [("importance", "0"), ("winner_alice_first", "Alice")] {
        let p = census[key][field].as_f64().unwrap() / total;
        let seen = stats[key][field].as_f64().unwrap() / n;
        let se = (p * (1.0 - p) / n).sqrt();
        assert!(
            (seen - p).abs() < 5.0 * se,
            "{key} {field}: {seen} in 2000 random deals, {p} in all"
        );
    }
}
