//! The reports of Nine and Mahjong: what the library computes, serialised, is byte for byte
//! what `tabletop ... --json` prints for the same call.

use tabletop_core::cancel::Cancel;
use tabletop_core::drive::NO_PROGRESS;

mod common;

use common::{d1_deals, p7147, run, success_stdout};
use tabletop_mahjong::{DistanceReport, GameReport, Hand, Replay, Totals, Wall};
use tabletop_nine::{FirstMoverReport, Solver};

/// Pretty JSON and a newline, as the command line prints one object.
fn pretty<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("the report serialises") + "\n"
}

#[test]
fn mahjong_summary() {
    for (games, seed) in [(1u64, 3u64), (300, 5), (400, 0)] {
        let (g, s) = (games.to_string(), seed.to_string());
        let cli = success_stdout(&run(
            &["mahjong", "simulate", "--seed", &s, "--games", &g, "--summary", "--json"],
            "",
        ));
        assert_eq!(
            pretty(
                &tabletop_mahjong::summarise_seeded(games, seed, &Cancel::new(), NO_PROGRESS)
                    .unwrap()
            ),
            cli
        );
        // Played one after another, the same totals.
        let walls: Vec<Wall> = (0..games).map(|i| tabletop_mahjong::seeded_wall(seed, i)).collect();
        assert_eq!(pretty(&walls.iter().collect::<Totals>().summary()), cli);
    }
    // Walls from stdin.
    let walls = format!("{}\n{}", p7147("1.in"), tabletop_mahjong::seeded_wall(9, 9));
    let cli = success_stdout(&run(&["mahjong", "simulate", "--summary", "--json"], &walls));
    let parsed = tabletop_mahjong::parse_walls(&walls).unwrap();
    assert_eq!(pretty(&parsed.iter().collect::<Totals>().summary()), cli);
}

#[test]
fn mahjong_games() {
    let cli =
        success_stdout(&run(&["mahjong", "simulate", "--seed", "4", "--games", "3", "--json"], ""));
    let games: Vec<GameReport> =
        (0..3).map(|i| GameReport::play(&tabletop_mahjong::seeded_wall(4, i))).collect();
    assert_eq!(pretty(&games), cli);
}

#[test]
fn mahjong_distance() {
    for (tiles, melds) in [
        ("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F", 0),
        ("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N N", 0),
        ("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E N", 0),
        ("1M 1M 5P 6P 7P", 2),
        ("1M 1M 1M 1M", 3),
        ("1M 1M", 0),
        ("PASS DOUBLE 1M 9S", 3),
    ] {
        let m = melds.to_string();
        let cli =
            success_stdout(&run(&["mahjong", "distance", tiles, "--melds", &m, "--json"], ""));
        let hand: Hand = tiles.parse().unwrap();
        assert_eq!(pretty(&DistanceReport::new(&hand, melds).unwrap()), cli, "{tiles}");
    }
}

#[test]
fn mahjong_replay() {
    let log = p7147("1.ans");
    let lines: Vec<&str> = log.lines().collect();
    let cut = lines[..60].join("\n");
    let deal = lines[..10].join("\n");
    let walls = [p7147("1.in"), tabletop_mahjong::seeded_wall(0, 77).to_string()];
    for text in [&log, &cut, &deal, &walls[0], &walls[1]] {
        let cli = success_stdout(&run(&["mahjong", "replay", "--json"], text));
        assert_eq!(pretty(&Replay::parse(text).unwrap()), cli);
    }
}

#[test]
fn nine_first_mover_reports() {
    let deals = d1_deals();
    let mut solver = Solver::new();
    for deal in &deals[..2] {
        let cli = success_stdout(&run(&["nine", "solve", "--json"], deal));
        let report = FirstMoverReport::new(&mut solver, deal.parse().unwrap());
        assert_eq!(pretty(&report), cli);
    }
    // Many deals: one line each, numbered, with the line it starts on.
    let input = format!("\n{}\n{}\n\n\n{}", deals[0], deals[1], deals[4]);
    let cli = success_stdout(&run(&["nine", "solve", "--json"], &input));
    let parsed = tabletop_nine::parse_deals(&input).unwrap();
    assert_eq!(parsed.iter().map(|&(line, _)| line).collect::<Vec<_>>(), [2, 5, 10]);
    let just: Vec<_> = parsed.iter().map(|&(_, deal)| deal).collect();
    let reports = tabletop_nine::first_mover_reports(&just, &Cancel::new(), NO_PROGRESS).unwrap();
    assert_eq!(cli.lines().count(), 3);
    for (i, (object, report)) in cli.lines().zip(&reports).enumerate() {
        let mut object: serde_json::Value = serde_json::from_str(object).unwrap();
        let map = object.as_object_mut().unwrap();
        assert_eq!(map.remove("deal"), Some((i + 1).into()));
        assert_eq!(map.remove("line"), Some(parsed[i].0.into()));
        assert_eq!(object, serde_json::to_value(report).unwrap());
    }
}

#[test]
fn nine_stats() {
    for (deals, seed) in [(1u64, 7u64), (300, 3)] {
        let (d, s) = (deals.to_string(), seed.to_string());
        let cli =
            success_stdout(&run(&["nine", "stats", "--deals", &d, "--seed", &s, "--json"], ""));
        assert_eq!(
            pretty(&tabletop_nine::seeded_stats(deals, seed, &Cancel::new(), NO_PROGRESS).unwrap()),
            cli
        );
        // Counted one after another, the same statistics.
        let tally: tabletop_nine::Tally = (0..deals)
            .map(|i| tabletop_nine::solve_deal(tabletop_nine::seeded_deal(seed, i)))
            .collect();
        assert_eq!(pretty(&tally.stats(seed)), cli);
    }
}
