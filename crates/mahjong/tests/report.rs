//! The reports: a batch's totals however it is split, the distance report of each kind of
//! hand, and the structured replay (its steps, what each step added, the marked board).

use std::path::Path;

#[cfg(feature = "rayon")]
use tabletop_core::{cancel::Cancel, drive::NO_PROGRESS};
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_mahjong::{
    Added, DistanceReport, DistanceReportError, Event, GameReport, GameStats, Hand, Kind, Meld,
    Outcome, ParseReplayError, Player, Replay, ReplayState, StepEvents, Totals, Wall, seeded_wall,
    simulate,
};

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147").join(name);
    std::fs::read_to_string(path).unwrap()
}

fn hand(text: &str) -> Hand {
    text.parse().unwrap()
}

fn kind(text: &str) -> Kind {
    text.parse().unwrap()
}

#[test]
fn totals_do_not_depend_on_how_the_batch_is_split() {
    let walls: Vec<Wall> = (0..60).map(|i| seeded_wall(3, i)).collect();
    let all: Totals = walls.iter().collect();
    let mut parts: Totals = walls[..17].iter().collect();
    parts.merge(&walls[17..].iter().collect());
    assert_eq!(all, parts);
    let s = all.summary();
    assert_eq!((s.games, all.games()), (60, 60));
    assert_eq!(s.wins.iter().sum::<u64>() + s.draw, 60);
    assert_eq!(s.ron + s.selfdrawn, s.wins.iter().sum::<u64>());
    // Each mean is one quotient of the totals of the games' statistics.
    let records: Vec<_> = walls.iter().map(simulate).collect();
    let discards: u32 = records.iter().map(|r| r.stats.discards).sum();
    assert_eq!(s.mean_turns, f64::from(discards) / 60.0);
    assert!((s.mean_claims - (s.mean_pongs + s.mean_chows)).abs() < 1e-12);
    // ... and every count and mean from the records (the batch holds each outcome).
    let won_by = |p: Player| records.iter().filter(|r| r.outcome.winner() == Some(p)).count();
    assert_eq!(s.wins, Player::ALL.map(|p| won_by(p) as u64));
    let ended = |f: fn(&Outcome) -> bool| records.iter().filter(|r| f(&r.outcome)).count();
    let ron = ended(|o| matches!(o, Outcome::Ron(_)));
    let selfdrawn = ended(|o| matches!(o, Outcome::SelfDrawn(_)));
    let draw = ended(|o| *o == Outcome::Draw);
    assert!(ron > 0 && selfdrawn > 0 && draw > 0, "{ron} {selfdrawn} {draw}");
    assert_eq!((s.ron, s.selfdrawn, s.draw), (ron as u64, selfdrawn as u64, draw as u64));
    let total =
        |f: fn(&GameStats) -> u32| f64::from(records.iter().map(|r| f(&r.stats)).sum::<u32>());
    let (pongs, chows) = (total(|t| t.pongs), total(|t| t.chows));
    assert!(pongs > 0.0 && chows > 0.0);
    assert_eq!((s.mean_pongs, s.mean_chows), (pongs / 60.0, chows / 60.0));
    assert_eq!(s.mean_claims, (pongs + chows) / 60.0);
    assert_eq!(s.mean_draws, total(|t| t.draws) / 60.0);
    // One game at a time, by its outcome.
    let mut one = Totals::new();
    one.add(records[0].outcome, records[0].stats);
    let mut played = Totals::new();
    played.play(&walls[0]);
    assert_eq!(one, played);
    // No games: all zeros, no division by zero.
    let empty = Totals::new().summary();
    assert_eq!((empty.games, empty.mean_turns, empty.mean_draws), (0, 0.0, 0.0));
}

#[cfg(feature = "rayon")]
#[test]
fn the_parallel_drivers_give_the_sequential_totals() {
    let walls: Vec<Wall> = (0..50).map(|i| seeded_wall(8, i)).collect();
    let sequential = walls.iter().collect::<Totals>().summary();
    let calls = std::sync::atomic::AtomicU64::new(0);
    let counted = |n: u64| {
        calls.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    };
    let go = Cancel::new();
    assert_eq!(tabletop_mahjong::summarise_seeded(50, 8, &go, &counted), Ok(sequential.clone()));
    assert_eq!(
        tabletop_mahjong::summarise(50, |i| walls[i as usize], &go, NO_PROGRESS),
        Ok(sequential)
    );
    assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 50);
    // The logs of many walls are each wall's log, in order; a malformed wall is named.
    let texts: Vec<String> = walls.iter().map(ToString::to_string).collect();
    let logs = tabletop_mahjong::simulate_many(&texts, &go, &counted).unwrap();
    let one_by_one: Vec<String> = walls
        .iter()
        .map(|w| tabletop_mahjong::log_text(&tabletop_mahjong::simulate(w).events))
        .collect();
    assert_eq!(logs, one_by_one);
    assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 100);
    let mut bad = texts.clone();
    bad[7] = "1M 2M".to_owned();
    let err = tabletop_mahjong::simulate_many(&bad, &go, NO_PROGRESS).unwrap_err();
    assert!(matches!(err, tabletop_mahjong::SimulateManyError::Wall { index: 7, .. }), "{err}");
    // A flag set beforehand: nothing is played.
    let stop = Cancel::new();
    stop.cancel();
    assert!(tabletop_mahjong::summarise_seeded(50, 8, &stop, NO_PROGRESS).is_err());
    assert!(matches!(
        tabletop_mahjong::simulate_many(&texts, &stop, NO_PROGRESS),
        Err(tabletop_mahjong::SimulateManyError::Cancelled(_))
    ));
}

/// The parts of a batch, in any split and order, merge into the whole batch's summary; a
/// part survives JSON, and parts that are not one whole batch are refused.
#[cfg(feature = "rayon")]
#[test]
fn parts_of_a_batch_merge_into_its_summary() {
    use tabletop_core::parts::{PartsError, split};
    use tabletop_mahjong::{StatsPart, StatsPartError};
    let whole = tabletop_mahjong::summarise_seeded(23, 5, &Cancel::new(), NO_PROGRESS).unwrap();
    for shards in [1, 2, 5, 23] {
        let mut parts: Vec<StatsPart> = split(23, shards)
            .unwrap()
            .into_iter()
            .map(|r| StatsPart::run(23, 5, r, &Cancel::new(), NO_PROGRESS).unwrap())
            .collect();
        parts.rotate_left(1);
        assert_eq!(StatsPart::merge(&parts), Ok(whole.clone()), "{shards} parts");
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&parts).unwrap();
            assert_eq!(serde_json::from_str::<Vec<StatsPart>>(&json).unwrap(), parts);
        }
    }
    let part =
        |r: std::ops::Range<u64>| StatsPart::run(23, 5, r, &Cancel::new(), NO_PROGRESS).unwrap();
    let (a, b) = (part(0..10), part(10..23));
    assert_eq!(StatsPart::merge(&[]), Err(StatsPartError::NoParts));
    assert_eq!(
        StatsPart::merge(&[b]),
        Err(PartsError::Missing { missing: 0..10, total: 23 }.into())
    );
    assert_eq!(
        StatsPart::merge(&[a, part(5..15), b]),
        Err(PartsError::Overlap { first: 0..10, second: 5..15 }.into())
    );
    let mut other = b;
    other.seed = 6;
    assert_eq!(
        StatsPart::merge(&[a, other]),
        Err(StatsPartError::OtherBatch { part: 1, what: "the seeds" })
    );
    other.seed = 5;
    other.games = 24;
    assert_eq!(
        StatsPart::merge(&[a, other]).unwrap_err().to_string(),
        "part 1 is of another batch than part 0: the numbers of games differ"
    );
    // Totals that are not the part's games, or do not add up.
    let mut wrong = b;
    wrong.totals = a.totals;
    let err = StatsPart::merge(&[a, wrong]).unwrap_err().to_string();
    assert_eq!(
        err,
        "part 10..23 holds totals of 10 games that do not add up: not one game per game of the part"
    );
    let mut one = Totals::new();
    one.play(&seeded_wall(5, 0));
    assert_eq!(one.problem(), None);
    // Totals of games of every ending add up.
    let many: Totals = (0..60).map(|i| seeded_wall(3, i)).collect::<Vec<_>>().iter().collect();
    let summary = many.summary();
    assert!(summary.ron > 0 && summary.selfdrawn > 0 && summary.draw > 0, "{summary:?}");
    assert_eq!(many.problem(), None);
    #[cfg(feature = "serde")]
    for (key, problem) in [("draw", "are not the games"), ("wins", "per seat are not the wins")] {
        let mut broken = serde_json::to_value(one).unwrap();
        if key == "wins" {
            broken["wins"][3] = (broken["wins"][3].as_u64().unwrap() + 1).into();
        } else {
            broken[key] = (broken[key].as_u64().unwrap() + 1).into();
        }
        let broken: Totals = serde_json::from_value(broken).unwrap();
        assert!(broken.problem().unwrap().contains(problem), "{key}");
        let mut part = StatsPart::run(23, 5, 0..1, &Cancel::new(), NO_PROGRESS).unwrap();
        part.totals = broken;
        let rest = StatsPart::run(23, 5, 1..23, &Cancel::new(), NO_PROGRESS).unwrap();
        assert!(matches!(StatsPart::merge(&[part, rest]), Err(StatsPartError::Totals { .. })));
    }
    // Out of the batch, and stopped early.
    assert_eq!(
        StatsPart::run(23, 5, 4..4, &Cancel::new(), NO_PROGRESS),
        Err(PartsError::Empty { first: 4, stop: 4 }.into())
    );
    assert_eq!(
        StatsPart::run(23, 5, 20..24, &Cancel::new(), NO_PROGRESS),
        Err(PartsError::Beyond { first: 20, stop: 24, total: 23 }.into())
    );
    // Cancelled while it runs: no part comes back.
    let cancel = Cancel::new();
    let calls = std::sync::atomic::AtomicU64::new(0);
    let stop_after_ten = |_| {
        if calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 10 {
            cancel.cancel();
        }
    };
    match StatsPart::run(5000, 5, 100..5000, &cancel, &stop_after_ten) {
        Err(StatsPartError::Cancelled(_)) => {
            assert!(calls.into_inner() < 4900, "games played after the flag")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_game_report_is_the_simulated_game_of_its_wall() {
    let wall = seeded_wall(1, 2);
    assert_eq!(wall, Wall::random(&mut seeded_rng(sub_seed(1, 2))));
    assert_ne!(wall, seeded_wall(1, 3));
    assert_ne!(wall, seeded_wall(2, 2));
    let game = GameReport::play(&wall);
    assert_eq!(game.wall, wall);
    assert_eq!(game.record, simulate(&wall));
}

#[test]
fn distance_reports_of_full_short_and_winning_hands() {
    // Full, not winning: every discard, and the rule's (first of the smallest).
    let full = DistanceReport::new(&hand("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F"), 0).unwrap();
    assert_eq!((full.tiles, full.distance, full.winning, full.short()), (14, 1, false, 0));
    let discards = full.discards.as_ref().unwrap();
    assert_eq!(discards.len(), 12);
    let best = discards.iter().map(|d| d.distance).min().unwrap();
    assert_eq!(full.rule_discard, discards.iter().find(|d| d.distance == best).map(|d| d.tile));
    assert_eq!(full.improving_draws, None);
    assert!(full.is_full());
    // Winning: no rule discard.
    let win = DistanceReport::new(&hand("1M 1M 2P 3P 4P 9S 9S 9S"), 2).unwrap();
    assert!(win.winning && win.discards.is_some() && win.rule_discard.is_none());
    assert!(win.is_full() && win.short() == 0);
    // One short: the draws that lower the distance.
    let ready = DistanceReport::new(&hand("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N"), 0).unwrap();
    assert_eq!(ready.improving_draws, Some(vec![kind("N")]));
    assert_eq!((ready.discards.clone(), ready.short()), (None, 1));
    assert!(!ready.is_full());
    // Shorter: the distance alone.
    let short = DistanceReport::new(&hand("1M 1M"), 0).unwrap();
    assert_eq!((&short.discards, &short.improving_draws, short.short()), (&None, &None, 12));
    // Refused.
    assert_eq!(DistanceReport::new(&Hand::new(), 0), Err(DistanceReportError::EmptyHand));
    assert_eq!(DistanceReport::new(&hand("1M"), 5), Err(DistanceReportError::TooManyMelds(5)));
    let over = DistanceReport::new(&hand("1M 1M 2M 2M 3M"), 4).unwrap_err();
    assert_eq!(over, DistanceReportError::TooManyTiles { melds: 4, tiles: 5 });
    assert_eq!(over.to_string(), "a player with 4 meld(s) holds at most 2 tiles, this hand has 5");
}

#[test]
fn a_replay_shows_the_deal_then_each_event_with_what_it_added() {
    let replay = Replay::parse(&sample("1.in")).unwrap();
    assert_eq!(replay, Replay::parse(&sample("1.ans")).unwrap());
    let events = simulate(&Wall::parse(&sample("1.in")).unwrap()).events;
    assert_eq!(replay.steps.len(), events.len() - 51);
    // The deal: 13 tiles to each seat.
    let deal = &replay.steps[0];
    assert_eq!(deal.events, StepEvents::Deal);
    assert_eq!(deal.events.to_string(), "events 1-52: the deal");
    for p in Player::ALL {
        assert_eq!(deal.added[p.index()].hand.len(), 13);
        assert_eq!(
            &deal.added[p.index()].hand[..],
            &deal.state.hand(p).tiles().collect::<Vec<_>>()
        );
    }
    // Then one step per event, numbered from 53.
    for (step, (i, event)) in replay.steps[1..].iter().zip(events.iter().enumerate().skip(52)) {
        assert_eq!(step.events, StepEvents::One { number: i + 1, event: *event });
        let at = |p: Player| &step.added[p.index()];
        match *event {
            Event::Draw { player, tile } => {
                assert_eq!(at(player), &Added { hand: vec![tile], ..Added::default() });
            }
            Event::Discard { player, tile } => {
                assert_eq!(at(player), &Added { discards: vec![tile], ..Added::default() });
            }
            Event::Pong { player, tile } => {
                assert_eq!(
                    at(player),
                    &Added { melds: vec![Meld::Pong(tile)], ..Added::default() }
                );
            }
            _ => {}
        }
        // Nothing is added at the other seats; an event that ends the game adds nothing.
        let changed = Player::ALL.iter().filter(|&&p| !at(p).is_empty()).count();
        let ends = matches!(event, Event::Ron { .. } | Event::SelfDrawn { .. } | Event::Win { .. });
        assert_eq!(changed, usize::from(!ends), "{}", step.events);
    }
    // Each part alone makes an addition.
    assert!(Added::default().is_empty());
    assert!(!Added { hand: vec![kind("1M")], ..Added::default() }.is_empty());
    assert!(!Added { melds: vec![Meld::Pong(kind("1M"))], ..Added::default() }.is_empty());
    assert!(!Added { discards: vec![kind("1M")], ..Added::default() }.is_empty());
    assert_eq!(replay.steps[1].events.to_string(), "event 53: A IN N");
    assert_eq!(replay.outcome(), Some(Outcome::Ron(Player::A)));
    assert_eq!(replay.result(), "A wins on a discard (RON)");
    assert_eq!(replay.state(), replay.steps.last().unwrap().state);
}

#[test]
fn a_log_cut_inside_the_deal_replays_event_by_event() {
    let text = sample("1.ans");
    let log: Vec<&str> = text.lines().take(10).collect();
    let replay = Replay::parse(&log.join("\n")).unwrap();
    assert_eq!(replay.steps.len(), 10);
    assert_eq!(replay.steps[9].events.to_string(), format!("event 10: {}", log[9]));
    assert_eq!(replay.outcome(), None);
    assert_eq!(replay.result(), "the log ends before the game does");
    // A wall with no game yet has no steps.
    assert_eq!(Replay::from_events(&[]).unwrap().state(), ReplayState::new());
}

#[test]
fn the_marked_board_marks_the_last_copies_added() {
    let replay = Replay::parse(&sample("1.in")).unwrap();
    for step in &replay.steps {
        let plain = step.state.to_string();
        assert_eq!(step.state.marked(&Default::default()).to_string(), plain);
        let marked = step.state.marked(&step.added).to_string();
        assert_eq!(marked.replace('*', ""), plain);
        let items: usize =
            step.added.iter().map(|a| a.hand.len() + a.melds.len() + a.discards.len()).sum();
        assert_eq!(marked.matches('*').count(), 2 * items, "{marked}");
    }
    // A second 1M dealt to A: the last copy is the one marked.
    let mut board = ReplayState::new();
    for e in ["A IN 1M", "B IN 2M", "C IN 3M", "D IN 4M"] {
        board.try_apply(&e.parse().unwrap()).unwrap();
    }
    let before = board.clone();
    board.try_apply(&"A IN 1M".parse().unwrap()).unwrap();
    let added = board.added_since(&before);
    assert_eq!(added[0], Added { hand: vec![kind("1M")], ..Added::default() });
    assert!(added[1..].iter().all(Added::is_empty));
    let shown = board.marked(&added).to_string();
    assert!(
        shown.starts_with("  A hand ( 2): 1M *1M* | discards: -\n  B hand ( 1): 2M |"),
        "{shown}"
    );
}

#[test]
fn replay_input_errors_say_what_is_wrong() {
    let e = Replay::parse("hello world\n").unwrap_err();
    assert!(matches!(e, ParseReplayError::Wall(_)));
    assert!(e.to_string().starts_with("the input is neither a game log nor a wall"));
    let e = Replay::parse("A IN 1M\nA FLY 1M\n").unwrap_err();
    assert!(matches!(e, ParseReplayError::Log(_)), "{e}");
    let e = Replay::parse("A IN 1M\nC IN 1M\n").unwrap_err();
    assert!(matches!(e, ParseReplayError::Replay(_)), "{e}");
    // A log may start with DRAW (the first event is then out of the deal's order).
    let e = Replay::parse("\nDRAW\n").unwrap_err();
    assert!(
        matches!(&e, ParseReplayError::Replay(r) if r.index == 1 && r.event == Event::WallEmpty),
        "{e}"
    );
}
