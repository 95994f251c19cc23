//! `tabletop demo` (the README's first command) and the shared command line.

mod common;

use common::{run, stderr, success_stdout};

#[test]
fn demo_runs_every_game_on_its_sample() {
    let text = success_stdout(&run(&["demo"], ""));
    for heading in ["== Nine", "== Take 6!", "== Race games", "== Mahjong"] {
        assert!(text.contains(heading), "no {heading:?} in the demo:\n{text}");
    }
    // The known answers of the samples, as the original problems give them.
    assert!(text.contains("(result +2)"), "{text}");
    assert!(text.contains("judge output: 0 5 0 6"), "{text}");
    assert!(text.contains("4 5 5    (queen ) -> B"), "{text}");
    assert!(text.contains("A RON"), "{text}");
}

#[test]
fn unknown_problem_and_subcommand_exit_2() {
    for args in [&["judge", "nope"][..], &["chess"][..], &["nine", "solve", "--bogus"][..]] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn bench_with_a_filter_that_matches_nothing_fails_with_no_report() {
    // A filter that matches nothing is a failed run (exit 1), not an empty report.
    let o = run(&["bench", "--filter", "no-such-workload", "--json"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty(), "{}", String::from_utf8_lossy(&o.stdout));
}
