//! One test per legality branch of the replay (`ReplayState::try_apply_at`, through `check_log`): each
//! corrupted log is rejected on the right line with its exact reason and message. The logs are
//! the first official log (`tests/data/p7147/1.ans`, 84 lines) cut and extended by hand, and
//! simulated games that end with the wall empty.

use std::path::Path;

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_mahjong::{
    Event, Kind, Meld, Outcome, Player, ReplayError, ReplayReason, ReplayState, Wall, check_log,
    log_text, parse_log, parse_log_lines, simulate,
};

/// The first official log, one event a line.
fn official() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147/1.ans");
    std::fs::read_to_string(path).unwrap().lines().map(str::to_owned).collect()
}

/// The first `keep` lines of the official log, then `extra`.
fn log_with(keep: usize, extra: &[&str]) -> String {
    let mut lines = official();
    lines.truncate(keep);
    lines.extend(extra.iter().map(|s| (*s).to_owned()));
    lines.join("\n") + "\n"
}

/// The error of `check_log` on `text`, which must parse.
fn error(text: &str) -> ReplayError {
    check_log(&parse_log_lines(text).unwrap()).unwrap_err()
}

/// Asserts the whole error: line, event number, event, reason, and the message.
fn assert_error(text: &str, line: usize, event: &str, reason: ReplayReason, message: &str) {
    let e = error(text);
    let event: Event = event.parse().unwrap();
    assert_eq!(e, ReplayError { line, index: line, event, reason }, "{e}");
    assert_eq!(e.to_string(), format!("line {line}: event {line} ({event}): {message}"));
}

/// The board after the first `keep` lines of the official log.
fn board_after(keep: usize) -> ReplayState {
    let mut board = ReplayState::new();
    for e in parse_log(&log_with(keep, &[])).unwrap() {
        board.try_apply(&e).unwrap();
    }
    board
}

fn kind(s: &str) -> Kind {
    s.parse().unwrap()
}

#[test]
fn the_official_log_and_its_cuts_replay() {
    // The baseline every test below changes: the log and the cuts used pass.
    for keep in [53, 54, 55, 58, 82, 83, 84] {
        check_log(&parse_log_lines(&log_with(keep, &[])).unwrap()).unwrap();
    }
}

#[test]
fn an_event_after_the_end_is_game_over() {
    let after_win = log_with(84, &["B IN 1M"]);
    assert_error(&after_win, 85, "B IN 1M", ReplayReason::GameOver, "the game is already over");
    // Between RON and WIN only the winner's WIN may come.
    let after_ron = log_with(83, &["B OUT 1S"]);
    assert_error(&after_ron, 84, "B OUT 1S", ReplayReason::GameOver, "the game is already over");
    let twice = log_with(84, &["A WIN"]);
    assert_error(&twice, 85, "A WIN", ReplayReason::GameOver, "the game is already over");
}

#[test]
fn a_new_deal_after_the_end_is_a_second_game() {
    let text = log_with(84, &["A IN 1M"]);
    assert_error(
        &text,
        85,
        "A IN 1M",
        ReplayReason::SecondGame,
        "the game is already over and a new deal starts: the input holds more than one game \
         (give replay one log)",
    );
    // After a DRAW (the wall empty, nobody won) a new deal is a second game too; another
    // player's tile is only an event after the end.
    let lines = drawn_game();
    let n = lines.len() + 2;
    let e = error(&format!("{}\nDRAW\nA IN 1M\n", lines.join("\n")));
    assert_eq!((e.reason, e.line), (ReplayReason::SecondGame, n));
    let text = format!("{}\nDRAW\nB IN 1M\n", lines.join("\n"));
    assert_eq!(error(&text).reason, ReplayReason::GameOver);
}

#[test]
fn the_deal_goes_round_one_tile_at_a_time() {
    let mut lines = official();
    lines.swap(0, 1);
    let e = error(&lines.join("\n"));
    assert_eq!((e.line, e.index), (1, 1));
    assert_eq!(e.reason, ReplayReason::DealOrder { index: 1, dealt: Player::A });
    assert!(e.to_string().ends_with(
        "the deal (events 1-52) gives one tile at a time to A, B, C, D in turn: event 1 must be \
         A IN a tile"
    ));
    // A discard inside the deal: event 10 is B's tile.
    let text = log_with(9, &["B OUT 1M"]);
    assert_error(
        &text,
        10,
        "B OUT 1M",
        ReplayReason::DealOrder { index: 10, dealt: Player::B },
        "the deal (events 1-52) gives one tile at a time to A, B, C, D in turn: event 10 must \
         be B IN a tile",
    );
}

#[test]
fn a_fifth_copy_is_refused() {
    let text = "A IN 1M\nB IN 1M\nC IN 1M\nD IN 1M\nA IN 1M\n";
    assert_error(
        text,
        5,
        "A IN 1M",
        ReplayReason::FifthCopy(kind("1M")),
        "a fifth 1M is drawn, but the wall holds 4 of each kind",
    );
}

/// A simulated log that ends with the wall empty, without its last line (`DRAW`).
fn drawn_game() -> Vec<String> {
    let record = (0u64..)
        .map(|i| simulate(&Wall::random(&mut seeded_rng(sub_seed(40, i)))))
        .find(|r| r.outcome == Outcome::Draw)
        .unwrap();
    let mut lines: Vec<String> = log_text(&record.events).lines().map(str::to_owned).collect();
    assert_eq!(lines.pop().as_deref(), Some("DRAW"));
    lines
}

#[test]
fn a_draw_from_the_empty_wall_is_refused_and_draw_needs_it_empty() {
    let mut lines = drawn_game();
    let draws = lines.iter().filter(|l| l.contains(" IN ")).count();
    assert_eq!(draws, Wall::LEN);
    // The whole log, DRAW included, passes.
    let whole = format!("{}\nDRAW\n", lines.join("\n"));
    check_log(&parse_log_lines(&whole).unwrap()).unwrap();
    // One more draw instead of DRAW.
    let n = lines.len() + 1;
    let text = format!("{}\nA IN 1M\n", lines.join("\n"));
    assert_error(&text, n, "A IN 1M", ReplayReason::WallEmpty, "the wall is empty");
    // DRAW one tile early: cut the log before its last draw.
    let last = lines.iter().rposition(|l| l.contains(" IN ")).unwrap();
    lines.truncate(last);
    let text = format!("{}\nDRAW\n", lines.join("\n"));
    let n = last + 1;
    assert_error(
        &text,
        n,
        "DRAW",
        ReplayReason::TilesLeft { left: 1 },
        "1 tile is left in the wall",
    );
    // And early in a game: 53 tiles drawn by line 53.
    let text = log_with(54, &["DRAW"]);
    assert_error(
        &text,
        55,
        "DRAW",
        ReplayReason::TilesLeft { left: 95 },
        "95 tiles are left in the wall",
    );
}

#[test]
fn pass_names_the_next_player() {
    // Line 54: A OUT PASS B.
    let text = log_with(53, &["A OUT PASS C"]);
    assert_error(
        &text,
        54,
        "A OUT PASS C",
        ReplayReason::PassTarget { player: Player::A, next: Player::B },
        "A must name their next player in the current direction, B",
    );
}

#[test]
fn a_discard_must_be_held() {
    // After line 53 A holds 14 tiles: discard the first kind A does not hold.
    let board = board_after(53);
    let tile = Kind::ALL.into_iter().find(|&k| board.hand(Player::A).count(k) == 0).unwrap();
    let event = format!("A OUT {tile}");
    let text = log_with(53, &[&event]);
    assert_error(
        &text,
        54,
        &event,
        ReplayReason::NotHeld { player: Player::A, tile },
        &format!("A holds no {tile}"),
    );
    // A PASS with the right target is a discard of the PASS tile like any other: B holds none.
    assert_eq!(board.hand(Player::B).count(Kind::PASS), 0);
    let text = log_with(53, &["B OUT PASS C"]);
    assert_error(
        &text,
        54,
        "B OUT PASS C",
        ReplayReason::NotHeld { player: Player::B, tile: Kind::PASS },
        "B holds no PASS",
    );
}

#[test]
fn a_claim_needs_a_discard_of_another_player() {
    // Line 55 is C's draw: nothing to claim right after it.
    let text = log_with(55, &["A PONG Z Z Z"]);
    assert_error(&text, 56, "A PONG Z Z Z", ReplayReason::NothingToClaim, "no discard to claim");
    // A special tile (line 56: C OUT DOUBLE) cannot be claimed either.
    let text = log_with(56, &["A PONG Z Z Z"]);
    assert_error(&text, 57, "A PONG Z Z Z", ReplayReason::NothingToClaim, "no discard to claim");
    // Line 58: C OUT Z; C claims it back.
    let text = log_with(58, &["C PONG Z Z Z"]);
    assert_error(
        &text,
        59,
        "C PONG Z Z Z",
        ReplayReason::OwnDiscardClaimed(Player::C),
        "C cannot claim their own discard",
    );
}

#[test]
fn a_claimed_meld_holds_the_discard_and_the_claimer_the_rest() {
    // Line 58: C OUT Z. A pong of another kind does not hold it.
    let text = log_with(58, &["A PONG N N N"]);
    assert_error(
        &text,
        59,
        "A PONG N N N",
        ReplayReason::NotInMeld { tile: kind("Z"), meld: Meld::Pong(kind("N")) },
        "the last discard Z is not part of N N N",
    );
    // A holds the two other Z (line 59 is A's pong); B holds at most one.
    assert!(board_after(58).hand(Player::B).count(kind("Z")) < 2);
    let text = log_with(58, &["B PONG Z Z Z"]);
    assert_error(
        &text,
        59,
        "B PONG Z Z Z",
        ReplayReason::MissingForMeld {
            player: Player::B,
            tile: kind("Z"),
            meld: Meld::Pong(kind("Z")),
        },
        "B holds no Z for Z Z Z",
    );
    // Line 60: A OUT 9P, claimed at line 61 by B's CHOW 7P 8P 9P; C holds neither 7P nor 8P
    // (C: 3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N), and the first missing tile is named.
    assert_eq!(board_after(60).hand(Player::C).count(kind("7P")), 0);
    let text = log_with(60, &["C CHOW 7P 8P 9P"]);
    assert_error(
        &text,
        61,
        "C CHOW 7P 8P 9P",
        ReplayReason::MissingForMeld {
            player: Player::C,
            tile: kind("7P"),
            meld: Meld::Chow(kind("7P")),
        },
        "C holds no 7P for 7P 8P 9P",
    );
}

#[test]
fn ron_needs_a_discard_of_another_player_that_completes_the_hand() {
    // Line 55 is C's draw.
    let text = log_with(55, &["A RON"]);
    assert_error(&text, 56, "A RON", ReplayReason::NothingToWinOn, "no discard to win on");
    // Line 82: B OUT 4S, won on by A at line 83.
    let text = log_with(82, &["B RON"]);
    assert_error(
        &text,
        83,
        "B RON",
        ReplayReason::OwnDiscardWon(Player::B),
        "B cannot win on their own discard",
    );
    let text = log_with(82, &["C RON"]);
    assert_error(
        &text,
        83,
        "C RON",
        ReplayReason::NotWinningWith { player: Player::C, tile: kind("4S") },
        "C's hand plus 4S is not a winning hand",
    );
}

#[test]
fn selfdrawn_needs_the_players_own_draw_and_a_winning_hand() {
    // Line 53: A IN N, and A's hand does not win.
    let text = log_with(53, &["A SELFDRAWN"]);
    assert_error(
        &text,
        54,
        "A SELFDRAWN",
        ReplayReason::NotWinning(Player::A),
        "A's hand is not a winning hand",
    );
    // After A's discard (line 54), and after another player's draw (line 55: C IN Z).
    for keep in [54, 55] {
        let text = log_with(keep, &["A SELFDRAWN"]);
        assert_error(
            &text,
            keep + 1,
            "A SELFDRAWN",
            ReplayReason::SelfDrawnNotAfterDraw(Player::A),
            "A wins by self-draw only right after drawing",
        );
    }
}

#[test]
fn win_comes_from_the_winner_only() {
    // Line 83: A RON; then B claims the win.
    let text = log_with(83, &["B WIN"]);
    assert_error(&text, 84, "B WIN", ReplayReason::NotJustWon(Player::B), "B has not just won");
    // And nobody has won at line 54.
    let text = log_with(54, &["A WIN"]);
    assert_error(&text, 55, "A WIN", ReplayReason::NotJustWon(Player::A), "A has not just won");
}

#[test]
fn illegal_beats_not_the_rules_and_the_board_agrees() {
    // Every case above is also rejected by a bare board with the same reason: `check_log`
    // reports illegal events as illegal, not as a difference from the rules.
    let cases: [(usize, &str); 4] =
        [(53, "A OUT PASS C"), (58, "C PONG Z Z Z"), (82, "C RON"), (83, "B WIN")];
    for (keep, extra) in cases {
        let text = log_with(keep, &[extra]);
        let mut board = ReplayState::new();
        let mut first = None;
        for (line, e) in parse_log_lines(&text).unwrap() {
            if let Err(err) = board.try_apply_at(line, &e) {
                first = Some(err);
                break;
            }
        }
        assert_eq!(first, Some(error(&text)), "{extra}");
    }
}

#[test]
fn apply_numbers_its_events_from_one() {
    // `ReplayState::try_apply` gives an error the event's number as its line, as `check_log` does for
    // a log of one event a line.
    let mut board = ReplayState::new();
    let e = board.try_apply(&"B IN 1M".parse().unwrap()).unwrap_err();
    assert_eq!((e.line, e.index), (1, 1));
    let mut board = board_after(3);
    let e = board.try_apply(&"A IN 1M".parse().unwrap()).unwrap_err();
    assert_eq!((e.line, e.index), (4, 4));
}

#[test]
fn a_refused_event_changes_nothing() {
    // One refused event per reason, each on the board after the first `keep` lines of the
    // official log: the board is as it was (its count of events included), and the log's
    // next event still applies, with its own number.
    let cases: [(usize, &str); 17] = [
        (84, "B IN 1M"),
        (84, "A IN 1M"),
        (9, "B OUT 1M"),
        (53, "A OUT PASS C"),
        (53, "B OUT PASS C"),
        (55, "A PONG Z Z Z"),
        (58, "C PONG Z Z Z"),
        (58, "A PONG N N N"),
        (58, "B PONG Z Z Z"),
        (60, "C CHOW 7P 8P 9P"),
        (55, "A RON"),
        (82, "B RON"),
        (82, "C RON"),
        (53, "A SELFDRAWN"),
        (54, "A SELFDRAWN"),
        (54, "A WIN"),
        (54, "DRAW"),
    ];
    let official = official();
    for (keep, extra) in cases {
        let mut board = board_after(keep);
        let before = board.clone();
        let e = board.try_apply(&extra.parse().unwrap()).unwrap_err();
        assert_eq!((e.line, e.index), (keep + 1, keep + 1), "{extra}");
        assert_eq!(board, before, "{extra} after line {keep}");
        if let Some(next) = official.get(keep) {
            board.try_apply(&next.parse().unwrap()).unwrap();
            assert_eq!(board, board_after(keep + 1), "{next} after {extra}");
        }
    }
    // A fifth copy, and a draw from the empty wall.
    let mut board = ReplayState::new();
    for e in parse_log("A IN 1M\nB IN 1M\nC IN 1M\nD IN 1M\n").unwrap() {
        board.try_apply(&e).unwrap();
    }
    let before = board.clone();
    let e = board.try_apply(&"A IN 1M".parse().unwrap()).unwrap_err();
    assert_eq!((e.index, e.reason), (5, ReplayReason::FifthCopy(kind("1M"))));
    assert_eq!(board, before);
    let mut board = ReplayState::new();
    for e in parse_log(&drawn_game().join("\n")).unwrap() {
        board.try_apply(&e).unwrap();
    }
    let before = board.clone();
    let e = board.try_apply(&"A IN 1M".parse().unwrap()).unwrap_err();
    assert_eq!(e.reason, ReplayReason::WallEmpty);
    assert_eq!(board, before);
    board.try_apply(&Event::WallEmpty).unwrap();
    assert_eq!(board.outcome(), Some(Outcome::Draw));
}

#[test]
fn the_board_shows_each_seats_melds_and_the_discards_left_on_the_table() {
    // Lines 53-62: A passes, C discards DOUBLE and Z, A pongs the Z and discards 9P, B chows
    // it and discards Z. Claimed discards leave the table.
    let board = board_after(62);
    assert_eq!(board.melds(Player::A), [Meld::Pong(kind("Z"))]);
    assert_eq!(board.melds(Player::B), [Meld::Chow(kind("7P"))]);
    assert!(board.melds(Player::C).is_empty());
    assert_eq!(board.discards(Player::A), [Kind::PASS]);
    assert_eq!(board.discards(Player::B), [kind("Z")]);
    assert_eq!(board.discards(Player::C), [Kind::DOUBLE]);
    assert!(board.discards(Player::D).is_empty());
    assert_eq!(board.outcome(), None);
}
