//! The shipped network's bots from the command line: `take6 arena` and `play` seat `nn` and
//! `nn-mc:N` on the rules the networks play, and refuse them on others with what they play.

mod common;

use common::{run, stderr, success_stdout};

const REASON: &str = "the shipped networks play only 4 players with 10 cards a hand, 4 rows, \
                      cards 1 to 104 and the row rule `choose`; 5 players with 10 cards a hand, \
                      4 rows, cards 1 to 104 and the row rule `choose`";

#[test]
fn arena_seats_the_network_bots() {
    let text = success_stdout(&run(
        &["take6", "arena", "--bots", "nn,nn-mc:3,heuristic,random", "--deals", "3"],
        "",
    ));
    for bot in ["nn ", "nn-mc:3 ", "heuristic ", "random "] {
        assert!(text.lines().any(|l| l.starts_with(bot)), "{bot}: {text}");
    }
    assert!(text.contains("3 deals x 4 seatings = 12 hands"), "{text}");
}

#[test]
fn play_seats_the_network_bots() {
    let text = success_stdout(&run(&["play", "take6", "--seats", "nn,nn-mc:2,nn,heuristic"], ""));
    assert!(text.contains("returns: player 1"), "{text}");
}

#[test]
fn other_rules_refuse_the_network_bots_with_what_it_plays() {
    for args in [
        &["take6", "arena", "--players", "6", "--bots", "nn", "--deals", "1"][..],
        &["take6", "arena", "--rules", "forced", "--bots", "nn-mc:20ms", "--deals", "1"],
        &["play", "take6", "-p", "players=3", "--seats", "nn"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(REASON), "{args:?}: {}", stderr(&o));
    }
}
