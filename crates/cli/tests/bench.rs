//! `tabletop bench`: the list, the header, the filter and the check against recorded counts.

mod common;

use common::{run, stderr, stdout};

#[test]
fn list_names_every_game_without_running() {
    let o = run(&["bench", "--list"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("workload "), "{out}");
    for game in ["nine/", "take6/", "race/", "mahjong/"] {
        assert!(out.lines().any(|l| l.starts_with(game)), "{game} missing:\n{out}");
    }
}

#[test]
fn a_filter_that_matches_nothing_exits_1() {
    let o = run(&["bench", "--filter", "no-such-workload"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("no workload matches"), "{}", stderr(&o));
}

#[test]
fn timed_rows_follow_a_header() {
    let o = run(&["bench", "--filter", "take6/judge-sample", "--samples", "1"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("workload") && lines[0].contains("per item"), "{out}");
    assert!(lines[1].starts_with("take6/judge-sample") && lines[1].ends_with("110000 heads"));
}

#[test]
fn check_compares_with_the_recorded_counts() {
    let o = run(&["bench", "--check", "--filter", "take6/judge-sample"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("110000 ok"), "{}", stdout(&o));
    let o = run(&["bench", "--check", "--json", "--filter", "nine/minimax"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(rows[0]["name"], "nine/minimax-baseline");
    assert_eq!(rows[0]["ok"], true);
    assert_eq!(rows[0]["count"], rows[0]["recorded"]);
}
