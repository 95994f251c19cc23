//! `tabletop nine deal`, `nine id` and `nine census` end to end.

mod common;

use std::path::{Path, PathBuf};

use common::{run, stderr, stdout, success_stdout};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-census-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A census file without its times, which differ from run to run.
fn timeless(path: &Path) -> serde_json::Value {
    let mut v = json(&std::fs::read_to_string(path).unwrap());
    v["seconds"] = 0.into();
    for shard in v["shards"].as_array_mut().unwrap() {
        shard["seconds"] = 0.into();
    }
    v
}

#[test]
fn deal_ids_round_trip_through_deal_and_id() {
    for id in ["0", "1", "4537567650", "9075135298", "9075135299"] {
        let deal = success_stdout(&run(&["nine", "deal", "--id", id], ""));
        assert_eq!(deal.lines().count(), 2, "{deal}");
        let line = success_stdout(&run(&["nine", "id"], &deal));
        assert!(line.starts_with(&format!("{id} ")), "{id}: {line}");
        let v = json(&success_stdout(&run(&["nine", "deal", "--id", id, "--json"], "")));
        assert_eq!(v["id"].as_u64().unwrap().to_string(), id);
        let v = json(&success_stdout(&run(&["nine", "id", "--json"], &deal)));
        assert_eq!(v["id"].as_u64().unwrap().to_string(), id);
    }
    // Deal 0 gives Alice the clubs and diamonds; the last deal, the spades and hearts, is the
    // same deal with the hands exchanged, so its class is deal 0's.
    let first = success_stdout(&run(&["nine", "deal", "--id", "0"], ""));
    assert!(first.starts_with("6C 7C 8C 9C TC JC QC KC AC 6D"), "{first}");
    let last = success_stdout(&run(&["nine", "deal", "--id", "9075135299"], ""));
    assert_eq!(
        success_stdout(&run(&["nine", "id"], &last)),
        "9075135299 not canonical, class 0 (6 deals)\n"
    );
    let o = run(&["nine", "deal", "--id", "9075135300"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("9075135300 is not in 0..=9075135299"), "{}", stderr(&o));
}

#[test]
fn id_reads_many_deals_and_names_bad_tokens() {
    let a = success_stdout(&run(&["nine", "deal", "--id", "42"], ""));
    let b = success_stdout(&run(&["nine", "deal", "--id", "9000000000"], ""));
    let text = format!("{a}\n{b}");
    let lines = success_stdout(&run(&["nine", "id"], &text));
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "42 canonical, class 42 (48 deals)");
    assert!(lines[1].starts_with("9000000000 not canonical, class "), "{}", lines[1]);
    let many = success_stdout(&run(&["nine", "id", "--json"], &text));
    let objects: Vec<serde_json::Value> = many.lines().map(json).collect();
    assert_eq!(objects[1]["deal"], 2);
    assert_eq!(objects[1]["line"], 4);
    assert_eq!(objects[1]["canonical"], false);

    let bad = b.replacen("QS", "QX", 1);
    let o = run(&["nine", "id"], &bad);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("unknown card \"QX\""), "{}", stderr(&o));
    assert!(stderr(&o).contains("line "), "{}", stderr(&o));
}

#[test]
fn a_shard_resumes_to_the_same_file_and_shards_merge() {
    let dir = scratch("resume");
    let (whole, resumed, other) = (dir.join("a.json"), dir.join("b.json"), dir.join("c.json"));
    let o = run(&["nine", "census", "--shard", "7/40000", "--out", arg(&whole)], "");
    let text = success_stdout(&o);
    assert!(text.starts_with("shard 7/40000: 2 of 2 blocks, "), "{text}");
    assert!(text.contains(": done; written to "), "{text}");

    // Stopped at its first save, then run again: the same census, on other threads too.
    let args = ["nine", "census", "--shard", "7/40000", "--out", arg(&resumed)];
    let stop = [&args[..], &["--checkpoint", "1", "--stop-after", "0", "--threads", "1"]].concat();
    let text = success_stdout(&run(&stop, ""));
    assert!(text.contains("1 of 2 blocks") && text.contains("partial"), "{text}");
    let partial = timeless(&resumed);
    assert_eq!(partial["partial"], serde_json::json!([7]));
    assert_ne!(partial, timeless(&whole));
    let text = success_stdout(&run(&[&args[..], &["--threads", "2"]].concat(), ""));
    assert!(text.contains("2 of 2 blocks"), "{text}");
    assert_eq!(timeless(&resumed), timeless(&whole));
    // Done: nothing solved again, nothing changed.
    let before = std::fs::read_to_string(&resumed).unwrap();
    success_stdout(&run(&args, ""));
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), before);

    // Another shard's file is not overwritten.
    let o = run(&["nine", "census", "--shard", "8/40000", "--out", arg(&whole)], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds shard 7/40000, not shard 8/40000"), "{}", stderr(&o));

    // Merged: the tables of what is there, and exit 1 naming what is missing.
    success_stdout(&run(&["nine", "census", "--shard", "9/40000", "--out", arg(&other)], ""));
    let o = run(&["nine", "census", "--merge", arg(&whole), arg(&other), "--json"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("shards missing (of 40000): 1-6, 8, 10-40000"), "{}", stderr(&o));
    let merged = json(&stdout(&o));
    for key in [
        "deals",
        "importance",
        "winner_alice_first",
        "winner_bob_first",
        "result_alice_first",
        "result_bob_first",
        "classes",
        "joint",
        "shards",
        "complete",
        "smallest_id",
        "winner_changes",
        "checksum",
        "version",
        "seconds",
    ] {
        assert!(merged.get(key).is_some(), "no {key}: {merged}");
    }
    assert_eq!(merged["complete"], false);
    let (a, c) = (timeless(&whole), timeless(&other));
    let sum = |k: &str| a[k].as_u64().unwrap() + c[k].as_u64().unwrap();
    assert_eq!(merged["deals"].as_u64(), Some(sum("deals")));
    assert_eq!(merged["classes"].as_u64(), Some(sum("classes")));
    let imp: u64 =
        merged["importance"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(Some(imp), merged["deals"].as_u64());
    // The merged file merges again, as itself.
    let merged_file = dir.join("merged.json");
    std::fs::write(&merged_file, stdout(&o)).unwrap();
    let again = run(&["nine", "census", "--merge", arg(&merged_file), "--json"], "");
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(json(&stdout(&again))["joint"], merged["joint"]);
    let text = run(&["nine", "census", "--merge", arg(&merged_file)], "");
    assert!(
        stdout(&text).starts_with("census of 2 of 40000 shards (2 done)\n"),
        "{}",
        stdout(&text)
    );
    assert!(stdout(&text).contains("importance of the first move"));

    // Bad merges: a shard twice, different N, a file that is not a census, or edited.
    let o = run(&["nine", "census", "--merge", arg(&whole), arg(&resumed)], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("shard 7/40000 is in two parts"), "{}", stderr(&o));
    let small = dir.join("d.json");
    success_stdout(&run(&["nine", "census", "--shard", "1/70000", "--out", arg(&small)], ""));
    let o = run(&["nine", "census", "--merge", arg(&whole), arg(&small)], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("into 40000 shards and into 70000"), "{}", stderr(&o));
    let edited = dir.join("e.json");
    let mut v = timeless(&whole);
    v["deals"] = (v["deals"].as_u64().unwrap() + 1).into();
    std::fs::write(&edited, v.to_string()).unwrap();
    let o = run(&["nine", "census", "--merge", arg(&edited)], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a valid census: inconsistent census"), "{}", stderr(&o));
    let o = run(&["nine", "census", "--shard", "7/40000", "--out", arg(&edited)], "");
    assert_eq!(o.status.code(), Some(2));
    std::fs::write(&edited, "{}").unwrap();
    let o = run(&["nine", "census", "--merge", arg(&edited)], "");
    assert!(stderr(&o).contains("is not a census file"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn census_arguments_are_checked() {
    let cases: [(&[&str], &str); 5] = [
        (&["nine", "census", "--shard", "0/8", "--out", "x.json"], "expected 1 <= I <= N"),
        (&["nine", "census", "--shard", "3of8", "--out", "x.json"], "expected I/N"),
        (&["nine", "census", "--shard", "3/8"], "--out <FILE>"),
        (&["nine", "census"], "--shard <I/N>"),
        (&["nine", "census", "--merge", "a.json", "--shard", "1/2"], "cannot be used with"),
    ];
    for (args, message) in cases {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn ctrl_c_leaves_a_census_that_resumes() {
    let dir = scratch("interrupt");
    let (file, whole) = (dir.join("a.json"), dir.join("b.json"));
    let args = ["nine", "census", "--shard", "1/20000", "--out", arg(&file), "--checkpoint", "1"];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Interrupted once its first chunk is saved (or when done, if it is that fast).
    while !file.exists() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    child.wait().unwrap();
    let saved = timeless(&file);
    assert_eq!(saved["shard_count"], 20000);
    assert!(saved["shards"][0]["blocks_done"].as_u64().unwrap() >= 1);
    // Resumed, it is the census of one run.
    success_stdout(&run(&args, ""));
    success_stdout(&run(&["nine", "census", "--shard", "1/20000", "--out", arg(&whole)], ""));
    assert_eq!(timeless(&file), timeless(&whole));
    std::fs::remove_dir_all(&dir).unwrap();
}
