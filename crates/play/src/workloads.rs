//! The benchmark workloads of `tabletop bench`: fixed work on every game, each returning a
//! deterministic count (positions visited, heads taken, events played, ...) and checking its
//! own result as it goes.
//!
//! A workload's count is the same on every run and every machine: a change that alters the
//! work done shows up in the counts whatever the timing noise (the CLI compares them with the
//! recorded ones under `tabletop bench --check`); [`crate::bench`] times them.

use serde_json::json;
use tabletop_core::{seeded_rng, sub_seed};

use crate::Batch;

/// The work of one sample: it returns the sample's count.
pub type Work = Box<dyn FnMut() -> u64>;

/// One benchmark workload.
pub struct Workload {
    /// Its name, `game/what`.
    pub name: String,
    /// What its count counts.
    pub unit: &'static str,
    /// How many items (deals, games, queries, ...) one sample handles.
    pub items: u64,
    /// Prepares the work (the preparation is not part of a sample).
    pub setup: Box<dyn FnOnce() -> Work>,
}

impl std::fmt::Debug for Workload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workload")
            .field("name", &self.name)
            .field("unit", &self.unit)
            .field("items", &self.items)
            .finish_non_exhaustive()
    }
}

fn workload(
    name: impl Into<String>,
    unit: &'static str,
    items: u64,
    setup: impl FnOnce() -> Work + 'static,
) -> Workload {
    Workload { name: name.into(), unit, items, setup: Box::new(setup) }
}

/// Every workload, game by game (Nine, Take 6!, race games, Mahjong), in the order
/// `tabletop bench` runs them.
pub fn workloads() -> Vec<Workload> {
    let mut all = nine();
    all.extend(take6());
    all.extend(race());
    all.extend(mahjong());
    all
}

/// The batched environments' workload of `game` (its default parameters): 1,024
/// environments reset from seed 1 and stepped 100 times with the batch's own random policy,
/// observations written, which is what Python's `vector_env` runs under its `step`; counts
/// the games that ended. Items are environment steps.
fn batch_steps(game: &'static str) -> Workload {
    let (n, steps) = (1024, 100);
    workload(format!("{game}/batch-steps"), "games ended", (n * steps) as u64, move || {
        let mut batch = Batch::new(game, &json!({}), n, 1).expect("a registered game");
        let (mut actions, mut done) = (vec![0; n], vec![false; n]);
        let mut rewards = vec![0.0; n * batch.num_players()];
        let mut obs = vec![0u8; n * batch.observation_size()];
        Box::new(move || {
            batch.reset(Some(1));
            let mut ended = 0;
            for _ in 0..steps {
                batch.random_actions(&mut actions);
                let finals = batch
                    .step(&actions, &mut rewards, &mut done, &mut obs)
                    .expect("the batch's own actions are legal");
                ended += finals.len() as u64;
            }
            ended
        })
    })
}

fn nine() -> Vec<Workload> {
    use tabletop_nine::{
        Deal, JUDGE_BUDGET, JUDGE_SEED, Solver, find_distinct_counted, importance, minimax_deal,
        random_deal, solve_deal,
    };
    let deals = || -> Vec<Deal> {
        (0..1000).map(|i| random_deal(&mut seeded_rng(sub_seed(1, i)))).collect()
    };
    vec![
        workload("nine/solve-deals", "positions", 1000, move || {
            let deals = deals();
            // The sum of the signed values of both first movers over the deals: the same in
            // every sample.
            let mut values = None;
            Box::new(move || {
                // A fresh solver each sample: a solver keeps its table from deal to deal, so
                // one that solved these deals in an earlier sample would search less (and
                // count fewer).
                let mut solver = Solver::new();
                let (mut positions, mut sum) = (0, 0i64);
                for &deal in &deals {
                    let v = std::hint::black_box(solver.solve(deal));
                    sum += i64::from(v.alice_first) + i64::from(v.bob_first);
                    positions += solver.positions() as u64;
                }
                assert!(values.is_none_or(|s| s == sum), "values changed between samples");
                values = Some(sum);
                positions
            })
        }),
        workload("nine/d3-k26", "deals solved", 1, || {
            Box::new(|| {
                let (deals, solved) = find_distinct_counted(26, JUDGE_SEED, JUDGE_BUDGET)
                    .expect("26 distinct importances exist");
                assert_eq!(deals.len(), 26);
                // 26 distinct importances, each the deal's own.
                for w in deals.windows(2) {
                    assert!(w[0].1 < w[1].1, "importances not distinct");
                }
                assert!(deals.iter().all(|&(d, v)| importance(d) == v), "a wrong importance");
                solved
            })
        }),
        workload("nine/minimax-baseline", "positions", 3, move || {
            let deals = deals();
            Box::new(move || {
                deals[..3]
                    .iter()
                    .map(|&d| {
                        let (value, positions) = minimax_deal(d);
                        assert_eq!(solve_deal(d), value, "the fast solver disagrees with minimax");
                        positions as u64
                    })
                    .sum()
            })
        }),
        batch_steps("nine"),
    ]
}

fn take6() -> Vec<Workload> {
    use tabletop_take6::{Arena, Bot, BotKind, DealResult, Hand, Rules, judge_nthu14463};
    // The heads of an arena run, checked: one result per deal, and every game gives heads to
    // someone (40 cards cannot go into 4 rows of at most 5 without a row being taken).
    fn heads(results: &[DealResult], deals: usize) -> u64 {
        assert_eq!(results.len(), deals, "one result per deal");
        results
            .iter()
            .map(|d| {
                let heads = d.penalties.iter().map(|&p| p as u64).sum::<u64>();
                assert!(heads >= u64::from(d.games), "a game without heads");
                heads
            })
            .sum()
    }
    fn arena(bots: Vec<BotKind>) -> Arena {
        Arena::new(Rules::standard(4).expect("4 players"), bots).expect("4 bots for 4 players")
    }
    fn arena_run(bots: Vec<BotKind>, deals: usize) -> Work {
        let arena = arena(bots);
        Box::new(move || heads(&arena.run(deals as u64, 1), deals))
    }
    let mut all = vec![
        workload("take6/judge-sample", "heads", 10_000, || {
            let sample = tabletop_take6::SAMPLES_NTHU14463[0];
            // The statement's answer to its sample (take6's tests/data/sample.out).
            let answer = "0\n5\n0\n6\n";
            Box::new(move || {
                let mut heads = 0u64;
                for _ in 0..10_000 {
                    let out =
                        judge_nthu14463(std::hint::black_box(sample)).expect("the sample is valid");
                    assert_eq!(out, answer, "the judge's answer to its sample");
                    heads += out.lines().map(|l| l.parse::<u64>().unwrap_or(0)).sum::<u64>();
                }
                heads
            })
        }),
        workload("take6/arena-random", "heads", 4 * 5_000, || {
            arena_run(vec![BotKind::Random; 4], 5_000)
        }),
        workload("take6/arena-heuristic", "heads", 4 * 1_000, || {
            arena_run(vec![BotKind::Heuristic; 4], 1_000)
        }),
    ];
    // One first-round decision (10 candidates x 200 playouts) on each of 10 deals, with 4
    // and with 10 players: the most expensive decisions of the published game.
    for players in [4usize, 10] {
        all.push(workload(
            format!("take6/mc-first-decision-{players}p"),
            "card values",
            10,
            move || {
                let rules = Rules::standard(players).expect("2 to 10 players");
                Box::new(move || {
                    let mut sum = 0u64;
                    for seed in 0..10 {
                        let hand = Hand::deal(rules, &mut seeded_rng(seed));
                        let mut bot = BotKind::MonteCarlo { playouts: 200 }
                            .build(&rules, seed)
                            .expect("mc plays every rule set");
                        sum += bot.choose_card(&hand.view(0)).value() as u64;
                    }
                    sum
                })
            },
        ));
    }
    // 4 hands with one MC seat each: 40 MC decisions.
    all.push(workload("take6/arena-mc-decisions", "heads", 40, || {
        let mc = BotKind::MonteCarlo { playouts: 200 };
        arena_run(vec![mc, BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic], 1)
    }));
    all.push(batch_steps("take6"));
    all
}

fn race() -> Vec<Workload> {
    use tabletop_race::{GrundyTable, Outcome, OutcomeTable, Piece, judge_hdu5754, random_input};
    const CASES: u64 = 1_000_000;
    let mut all = vec![workload("race/judge-1e6", "G answers", CASES, || {
        let input = random_input(CASES, 5754, tabletop_race::MAX_SIDE);
        Box::new(move || {
            let out = judge_hdu5754(&input).expect("the generated input is valid");
            assert_eq!(out.lines().count() as u64, CASES, "one answer per board");
            out.bytes().filter(|&b| b == b'G').count() as u64
        })
    })];
    for piece in Piece::ALL {
        all.push(workload(format!("race/retro-2000-{piece}"), "G cells", 2000 * 2000, move || {
            Box::new(move || {
                let t = OutcomeTable::new(piece, 2000, 2000).expect("2000 x 2000 fits");
                t.counts()[Outcome::G as usize]
            })
        }));
    }
    for piece in [Piece::King, Piece::Rook, Piece::Queen] {
        let name = format!("race/grundy-2000-{piece}");
        all.push(workload(name, "sum of values", 2000 * 2000, move || {
            Box::new(move || {
                let t = GrundyTable::new(piece, 2000, 2000).expect("2000 x 2000 fits");
                t.values().iter().map(|&v| u64::from(v)).sum()
            })
        }));
    }
    all.push(batch_steps("race"));
    all
}

fn mahjong() -> Vec<Workload> {
    use tabletop_mahjong::{Hand, Position, Wall, distance, distance_direct};
    const HANDS: u64 = 1_000;
    const ROUNDS: u64 = 1_000;
    const GAMES: u64 = 2_000;
    vec![
        workload("mahjong/distance", "sum of distances", HANDS * ROUNDS, || {
            // Hands of 14 - 3n tiles from random walls (n = i % 5).
            let hands: Vec<(Hand, usize)> = (0..HANDS)
                .map(|i| {
                    let wall = Wall::random(&mut seeded_rng(sub_seed(2021, i)));
                    let melds = (i % 5) as usize;
                    let tiles = wall.tiles().iter().copied().filter(|k| !k.is_special());
                    let hand = Hand::from_tiles(tiles.take(14 - 3 * melds))
                        .expect("a wall holds 4 of a kind");
                    (hand, melds)
                })
                .collect();
            // The table lookups against the direct search, once.
            let direct: u64 = hands.iter().map(|(h, m)| u64::from(distance_direct(h, *m))).sum();
            Box::new(move || {
                let mut sum = 0u64;
                for _ in 0..ROUNDS {
                    for (h, m) in &hands {
                        sum += u64::from(distance(std::hint::black_box(h), *m));
                    }
                }
                assert_eq!(sum, direct * ROUNDS, "the tables disagree with the direct search");
                sum
            })
        }),
        workload("mahjong/simulate", "events", GAMES, || {
            let walls: Vec<Wall> =
                (0..GAMES).map(|i| Wall::random(&mut seeded_rng(sub_seed(7147, i)))).collect();
            Box::new(move || {
                walls
                    .iter()
                    .map(|w| {
                        let mut t = Position::new(w);
                        t.play_out();
                        assert!(!t.events().is_empty(), "a game without events");
                        t.events().len() as u64
                    })
                    .sum()
            })
        }),
        batch_steps("mahjong"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workloads' names are unique and each names its game; the cheap ones give the
    /// recorded count (`tabletop bench --check`'s) twice.
    #[test]
    fn workloads_are_named_once_and_give_the_recorded_counts() {
        let recorded = include_str!("../../cli/data/bench-counts.txt");
        let all = workloads();
        let mut names: Vec<&str> = all.iter().map(|w| w.name.as_str()).collect();
        let listed: Vec<&str> = recorded
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split(' ').next())
            .collect();
        assert_eq!(names, listed);
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
        for w in workloads() {
            let name = w.name.clone();
            if [
                "take6/arena-mc-decisions",
                "nine/minimax-baseline",
                "take6/mc-first-decision-4p",
                "race/batch-steps",
            ]
            .contains(&name.as_str())
            {
                let want: u64 = recorded
                    .lines()
                    .find_map(|l| l.strip_prefix(&format!("{name} ")))
                    .and_then(|c| c.trim().parse().ok())
                    .expect("recorded");
                assert!(w.items > 0, "{name}");
                let mut work = (w.setup)();
                assert_eq!(work(), want, "{name}");
                assert_eq!(work(), want, "{name}");
            }
        }
    }

    /// The items of a sample, by which `tabletop bench` divides its time: environment steps,
    /// cells, deals; the debug form names the workload.
    #[test]
    fn workloads_count_their_items() {
        let all = workloads();
        let items = |name: &str| all.iter().find(|w| w.name == name).map(|w| w.items);
        for game in ["nine", "take6", "race", "mahjong"] {
            assert_eq!(items(&format!("{game}/batch-steps")), Some(102_400), "{game}");
        }
        for piece in tabletop_race::Piece::ALL {
            assert_eq!(items(&format!("race/retro-2000-{piece}")), Some(4_000_000), "{piece}");
        }
        for piece in ["king", "rook", "queen"] {
            assert_eq!(items(&format!("race/grundy-2000-{piece}")), Some(4_000_000), "{piece}");
        }
        assert_eq!(
            format!("{:?}", all[0]),
            "Workload { name: \"nine/solve-deals\", unit: \"positions\", items: 1000, .. }"
        );
    }
}
