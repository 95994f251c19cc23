//! The census's files: a shard cancelled, stopped at a save and resumed gives the census of
//! the shard run at once; another shard's file is refused; the files merge.
#![cfg(feature = "census-file")]

use std::path::PathBuf;
use std::time::Duration;

use tabletop_core::cancel::Cancel;
use tabletop_core::drive::NO_PROGRESS;
use tabletop_nine::{Census, CensusFileError, Shard, ShardFile, merge_census_files, read_census};

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabletop-census-file-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The census without its timings.
fn timeless(census: &Census) -> serde_json::Value {
    let mut v = serde_json::to_value(census.report()).unwrap();
    v["seconds"] = 0.into();
    for s in v["shards"].as_array_mut().unwrap() {
        s["seconds"] = 0.into();
    }
    v
}

#[test]
fn a_shard_is_resumed_from_its_file() {
    let dir = scratch("resume");
    let shard: Shard = "7/40000".parse().unwrap();
    let (whole, resumed) = (dir.join("a.json"), dir.join("b.json"));
    let go = Cancel::new();

    // Cancelled before it starts: nothing solved, no file.
    let stop = Cancel::new();
    stop.cancel();
    let mut file = ShardFile::open(shard, &resumed).unwrap();
    let err = file.run(1, Some(1), None, &stop, NO_PROGRESS).unwrap_err();
    assert!(matches!(err, CensusFileError::Cancelled(_)), "{err}");
    assert!(!resumed.exists());

    // At once, counting each class.
    let solved = std::sync::atomic::AtomicU64::new(0);
    let count = |n: u64| {
        solved.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    };
    let mut file = ShardFile::open(shard, &whole).unwrap();
    let classes = file.classes().unwrap();
    file.run(50_000, None, None, &go, &count).unwrap();
    assert!(file.is_done());
    assert_eq!(solved.into_inner(), classes);
    assert_eq!(file.classes_done(), classes);
    assert_eq!(timeless(&read_census(&whole).unwrap()), timeless(file.census()));

    // Stopped at its first save, then resumed on two threads: the same census.
    let mut part = ShardFile::open(shard, &resumed).unwrap();
    part.run(1, Some(1), Some(Duration::ZERO), &go, NO_PROGRESS).unwrap();
    assert!(!part.is_done() && part.classes_done() > 0);
    let mut part = ShardFile::open(shard, &resumed).unwrap();
    assert!(!part.is_done());
    part.run(1, Some(2), None, &go, NO_PROGRESS).unwrap();
    assert_eq!(timeless(part.census()), timeless(file.census()));
    assert_eq!(timeless(&read_census(&resumed).unwrap()), timeless(file.census()));

    // Another shard's file is refused and left alone.
    let err = ShardFile::open("8/40000".parse().unwrap(), &whole).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("{} holds shard 7/40000, not shard 8/40000", whole.display())
    );

    // Files merge; a file that is not a census is named.
    let merged = merge_census_files(&[&whole]).unwrap();
    assert_eq!(timeless(&merged), timeless(file.census()));
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{}").unwrap();
    let err = merge_census_files(&[&whole, &junk]).unwrap_err();
    assert!(matches!(err, CensusFileError::Format { .. }), "{err}");
    assert_eq!(err.to_string(), format!("{} is not a census file", junk.display()));
    std::fs::remove_dir_all(&dir).unwrap();
}
