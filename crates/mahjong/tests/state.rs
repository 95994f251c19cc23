//! The simulator: invariants after every step, replays of the official logs, and the claim
//! rules (random discards through the `Game` trait: `tests/conformance.rs`).

use std::path::Path;

use tabletop_core::rand::Rng as _;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_mahjong::{
    Event, Kind, Outcome, Player, Position, ReplayError, ReplayReason, ReplayState, Wall,
    check_log, discard_options, distance, is_winning, log_text, parse_log, parse_log_lines,
    simulate,
};

/// A drawn hand wins by itself exactly when it is a winning hand (the simulator finds it from
/// the winning tiles it keeps for the hand before the draw): on the rule's discards with one
/// in five random instead (hands the rule never reaches), every draw that left the game going
/// was not winning, and every self-drawn win was.
#[test]
fn a_draw_wins_exactly_when_the_hand_is_winning() {
    let (mut wins, mut draws) = (0, 0);
    for i in 0..400u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(17, i)));
        let mut rng = seeded_rng(sub_seed(18, i));
        let mut table = Position::new(&wall);
        loop {
            if let Some(Outcome::SelfDrawn(w)) = table.outcome() {
                let hand = table.hand(w);
                assert!(is_winning(hand, table.melds(w).count()), "wall {i}: {w} won with {hand}");
                wins += 1;
            } else if let Some(&Event::Draw { player: q, .. }) = table.events().last() {
                let hand = table.hand(q);
                assert!(!is_winning(hand, table.melds(q).count()), "wall {i}: {q} holds {hand}");
                draws += 1;
            }
            let Some(p) = table.to_discard() else { break };
            let kinds: Vec<_> = table.hand(p).kinds().collect();
            let tile = if rng.random_bool(0.2) {
                kinds[rng.random_range(0..kinds.len())]
            } else {
                table.choose_discard()
            };
            table.discard(tile);
        }
    }
    assert!(wins >= 5 && draws > 10_000, "{wins} self-drawn wins, {draws} other draws");
}

#[test]
fn fixed_rules_keep_invariants_and_logs_replay() {
    for i in 0..300u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(13, i)));
        let mut table = Position::new(&wall);
        table.check_invariants().unwrap();
        while let Some(p) = table.to_discard() {
            let tile = table.choose_discard();
            // The rule, recomputed plainly: smallest distance after, ties to priority.
            let melds = table.melds(p).count();
            let options = discard_options(table.hand(p), melds);
            let best = options.iter().map(|o| o.1).min().unwrap();
            let rule = options.iter().find(|o| o.1 == best).unwrap().0;
            assert_eq!(tile, rule, "wall {i}: {p} holds {}", table.hand(p));
            table.discard(tile);
            table.check_invariants().unwrap_or_else(|e| panic!("wall {i}: {e}"));
            for q in Player::ALL {
                let mut counted = [0; Kind::COUNT];
                for k in table.melds(q).flat_map(|m| m.tiles()) {
                    counted[k.index()] += 1;
                }
                assert_eq!(table.meld_counts(q), &counted, "wall {i}: {q}'s melds");
            }
        }
        let record = simulate(&wall);
        assert_eq!(record.events, table.events());
        let text = log_text(&record.events);
        assert_eq!(parse_log(&text).unwrap(), record.events);
        let mut board = ReplayState::new();
        for e in &record.events {
            board.try_apply(e).unwrap_or_else(|e| panic!("wall {i}: {e}"));
        }
        assert_eq!(board.outcome(), Some(record.outcome));
        let outs = record
            .events
            .iter()
            .filter(|e| matches!(e, Event::Discard { .. } | Event::Pass { .. }))
            .count();
        assert_eq!(outs as u32, record.stats.discards);
    }
}

#[test]
fn official_logs_replay_on_a_board() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    for n in 1..=50 {
        let text = std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap();
        let events = parse_log(&text).unwrap();
        let mut board = ReplayState::new();
        for e in &events {
            board.try_apply(e).unwrap_or_else(|e| panic!("test {n}: {e}"));
        }
        assert!(board.outcome().is_some(), "test {n}");
    }
}

/// The spec lets only players other than the discarder pong (the problem author's program
/// also tries the discarder); check that the discarder never could, so both agree.
#[test]
fn a_discarder_never_could_pong_their_own_discard() {
    for i in 0..5000u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(14, i)));
        let mut table = Position::new(&wall);
        while let Some(p) = table.to_discard() {
            let tile = table.choose_discard();
            if !tile.is_special() {
                let melds = table.melds(p).count();
                let mut h = *table.hand(p);
                h.remove(tile);
                if h.count(tile) >= 2 && melds < 4 {
                    let before = distance(&h, melds);
                    h.remove(tile);
                    h.remove(tile);
                    assert!(distance(&h, melds + 1) >= before, "wall {i}: {p} on {tile}");
                }
            }
            table.discard(tile);
        }
    }
}

#[test]
fn outcomes_are_spread() {
    let mut wins = [0; 4];
    let mut draws = 0;
    for i in 0..500u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(15, i)));
        match simulate(&wall).outcome {
            Outcome::Ron(p) | Outcome::SelfDrawn(p) => wins[p.index()] += 1,
            Outcome::Draw => draws += 1,
        }
    }
    assert!(wins.iter().all(|&w| w > 20), "{wins:?} {draws}");
    let _ = Player::A;
}

fn official_log(n: u32) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap()
}

/// The error `check_log` gives on `text` (which must parse).
fn log_error(text: &str) -> ReplayError {
    check_log(&parse_log_lines(text).unwrap()).unwrap_err()
}

#[test]
fn official_and_random_logs_pass_the_full_check_and_cut_logs_too() {
    for n in 1..=50 {
        let text = official_log(n);
        let events = parse_log_lines(&text).unwrap();
        check_log(&events).unwrap_or_else(|e| panic!("test {n}: {e}"));
        check_log(&events[..events.len() / 2]).unwrap_or_else(|e| panic!("test {n}: {e}"));
    }
    for i in 0..300u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(16, i)));
        let text = log_text(&simulate(&wall).events);
        check_log(&parse_log_lines(&text).unwrap()).unwrap_or_else(|e| panic!("wall {i}: {e}"));
    }
}

#[test]
fn illegal_events_are_rejected_naming_their_line() {
    let log = official_log(1);
    let lines: Vec<&str> = log.lines().collect();
    // B dealt first.
    let mut swapped = lines.clone();
    swapped.swap(0, 1);
    let e = log_error(&swapped.join("\n"));
    assert_eq!((e.line, e.index), (1, 1), "{e}");
    assert!(e.to_string().contains("event 1 must be A IN"), "{e}");
    // A fifth copy, spread over the four players.
    let e = log_error("A IN 1M\nB IN 1M\nC IN 1M\nD IN 1M\n\nA IN 1M\n");
    assert_eq!((e.line, e.index), (6, 5), "{e}");
    assert!(e.to_string().contains("a fifth 1M is drawn"), "{e}");
    // PASS names the discarder's next player only.
    let e = log_error(&log.replacen("A OUT PASS B", "A OUT PASS C", 1));
    assert_eq!(e.line, 54);
    assert!(e.to_string().contains("must name their next player in the current direction, B"));
    // RON and SELFDRAWN need a winning hand.
    let e = log_error(&log.replacen("A RON\nA WIN", "C RON\nC WIN", 1));
    assert_eq!(e.line, 83);
    assert!(e.to_string().contains("C's hand plus 4S is not a winning hand"), "{e}");
    let e = log_error(&format!("{}\nA SELFDRAWN\nA WIN\n", lines[..53].join("\n")));
    assert_eq!(e.line, 54);
    assert!(e.to_string().contains("A's hand is not a winning hand"), "{e}");
    let e = log_error(&format!("{}\nB SELFDRAWN\n", lines[..53].join("\n")));
    assert!(e.to_string().contains("only right after drawing"), "{e}");
    // One WIN, nothing after it.
    let e = log_error(&format!("{log}A WIN\n"));
    assert_eq!(e.line, 85);
    assert!(e.to_string().ends_with("the game is already over"), "{e}");
    // Two games, as `simulate` prints them.
    let e = log_error(&format!("{log}\n{}", official_log(2)));
    assert_eq!((e.line, e.index), (86, 85), "{e}");
    assert!(e.to_string().contains("the input holds more than one game"), "{e}");
}

#[test]
fn legal_events_the_rules_would_not_play_are_rejected() {
    let log = official_log(1);
    // After A's draw, B draws: legal on a board, but A discards first by the rules.
    let lines: Vec<&str> = log.lines().collect();
    let text = format!("{}\n\n\nB IN Z\n", lines[..53].join("\n"));
    let e = log_error(&text);
    assert_eq!((e.line, e.index), (56, 54), "{e}");
    assert!(e.to_string().ends_with("the fixed rules play A OUT PASS B here"), "{e}");
    // The board alone accepts it.
    let mut board = ReplayState::new();
    for e in parse_log(&text).unwrap() {
        board.try_apply(&e).unwrap();
    }
}

#[test]
fn the_first_event_that_differs_from_the_rules_is_reported_even_when_later_ones_are_illegal() {
    // Line 54 (A OUT PASS B) becomes a legal draw: the log's wall then differs from the real
    // one, and a later event (line 83) is illegal on it; the first difference is line 54.
    let log = official_log(1);
    let mut lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[53], "A OUT PASS B");
    lines[53] = "D IN 1M";
    let e = log_error(&lines.join("\n"));
    assert_eq!((e.line, e.index), (54, 54), "{e}");
    assert_eq!(e.reason, ReplayReason::NotTheRules("A OUT PASS B".parse().unwrap()));
    assert_eq!(
        e.to_string(),
        "line 54: event 54 (D IN 1M): the fixed rules play A OUT PASS B here"
    );
    // Every official log with a line that is not a draw changed to a draw: the error is on
    // that line, whether the draw is illegal there (a fifth copy, the end of the game) or
    // legal but not what the rules play. (A draw of another tile is no difference: the log's
    // draws define its wall.)
    for n in 1..=50 {
        let log = official_log(n);
        let lines: Vec<&str> = log.lines().collect();
        let not_draws: Vec<usize> =
            (52..lines.len()).filter(|&i| !lines[i].contains(" IN ")).collect();
        let mid = not_draws.len() / 2;
        for at in [not_draws[0], not_draws[mid], not_draws[not_draws.len() - 1]] {
            let new = "B IN 9S";
            let mut changed = lines.clone();
            changed[at] = new;
            let e = log_error(&changed.join("\n"));
            assert_eq!(e.line, at + 1, "test {n}, line {}: {e}", at + 1);
        }
    }
}
