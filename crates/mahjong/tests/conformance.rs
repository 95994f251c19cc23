//! The one game interface ([`tabletop_core::Game`]): the conformance harness from the chance
//! nodes and on given walls, the seeded wall, chance outcomes, illegal actions, notation and
//! ids, the bots, and what each player may see.

use std::path::Path;

use tabletop_core::conformance::{Options, check};
use tabletop_core::{
    ChanceMode, Game, IllegalAction, Information, ParamsError, Turn, UnknownBot, Utility,
    seeded_rng, sub_seed,
};
use tabletop_mahjong::{
    Event, Kind, Mahjong, MahjongAction, MahjongParams, Outcome, Player, ReplayState, Wall,
    log_text, simulate,
};

fn options(playouts: usize) -> Options {
    Options { playouts, replay: true, hidden: true }
}

fn official(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    std::fs::read_to_string(dir.join(name)).unwrap()
}

fn kind(name: &str) -> Kind {
    name.parse().unwrap()
}

/// The start, then the first `n` tiles of the wall of seed `seed` drawn by chance.
fn drawing(seed: u64, n: usize) -> Mahjong {
    let mut g = Mahjong::new(&MahjongParams::default()).unwrap();
    for k in g.chance_from_seed(seed).into_iter().take(n) {
        g.apply(k);
    }
    g
}

/// A wall on which A's 13 dealt tiles and first draw are `winning`, the rest sorted.
fn a_wins_at_once() -> Wall {
    let winning: Vec<Kind> =
        "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P 3P 5P 5P".split(' ').map(kind).collect();
    let mut rest: Vec<Kind> = Wall::sorted().tiles().to_vec();
    for k in &winning {
        let i = rest.iter().position(|r| r == k).unwrap();
        rest.remove(i);
    }
    let mut tiles = Vec::with_capacity(Wall::LEN);
    let mut rest = rest.into_iter();
    let mut mine = winning.into_iter();
    for pos in 0..Wall::LEN {
        let a = (pos < 52 && pos % 4 == 0) || pos == 52;
        tiles.push(if a { mine.next() } else { rest.next() }.unwrap());
    }
    Wall::from_tiles(&tiles).unwrap()
}

#[test]
fn the_harness_passes_from_the_chance_nodes() {
    let start = Mahjong::new(&MahjongParams::default()).unwrap();
    let report = check(start, &options(6), 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.chance_steps, 6 * Wall::LEN);
    assert!(report.hidden_checks > report.steps, "{report:?}");
    assert!(report.total_returns.iter().sum::<f64>() <= 6.0);
}

#[test]
fn the_harness_passes_on_given_walls_and_part_drawn_ones() {
    let sample =
        Mahjong::new(&MahjongParams { wall: Some(official("1.in")), claims: false }).unwrap();
    let at_once = Mahjong::from_wall(&a_wins_at_once());
    assert_eq!(at_once.turn(), Turn::Terminal);
    assert_eq!(at_once.returns(), [1.0, 0.0, 0.0, 0.0]);
    // The harness does not start at the end (it would sum no rewards to the returns): the
    // wall that ends at once is drawn up to its last tile.
    let mut last_tile = drawing(0, 0);
    for &k in &a_wins_at_once().tiles()[..Wall::LEN - 1] {
        last_tile.apply(k.into());
    }
    let starts = [
        sample,
        last_tile,
        Mahjong::from_wall(&Wall::sorted()),
        drawing(5, 1),
        drawing(5, 100),
        drawing(5, Wall::LEN - 1),
    ];
    for (i, start) in starts.into_iter().enumerate() {
        let report = check(start, &options(10), sub_seed(2, i as u64))
            .unwrap_or_else(|e| panic!("start {i}: {e}"));
        assert_eq!(report.playouts, 10);
    }
}

/// The old `random_playout` test, through the harness: random discards on 300 walls.
#[test]
fn random_discards_on_many_walls_keep_the_contract() {
    let fast = Options { playouts: 1, replay: false, hidden: false };
    for i in 0..300u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(11, i)));
        check(Mahjong::from_wall(&wall), &fast, sub_seed(12, i))
            .unwrap_or_else(|e| panic!("wall {i}: {e}"));
    }
}

#[test]
fn seeded_walls_are_the_simulator_s_walls() {
    for seed in [0, 1, 7, 42, u64::MAX] {
        let start = Mahjong::new(&MahjongParams::default()).unwrap();
        let wall = Wall::random(&mut seeded_rng(seed));
        let outcomes = start.chance_from_seed(seed);
        assert_eq!(outcomes, wall.tiles().map(MahjongAction::Tile).to_vec(), "seed {seed}");
        let mut g = start;
        for k in outcomes {
            assert!(g.is_chance_node());
            g.apply(k);
        }
        assert_eq!(g, Mahjong::from_wall(&wall));
        assert!(g.chance_from_seed(seed).is_empty());
    }
    // Part-way, the seed completes the wall drawn so far.
    let g = drawing(3, 60);
    let rest = g.chance_from_seed(9);
    assert_eq!(rest.len(), Wall::LEN - 60);
    let mut done = g.clone();
    for k in rest {
        done.apply(k);
    }
    let wall = Wall::random(&mut seeded_rng(3));
    assert_eq!(done.position().unwrap().wall().tiles()[..60], wall.tiles()[..60]);
}

#[test]
fn chance_outcomes_are_the_copies_left() {
    let mut g = Mahjong::new(&MahjongParams::default()).unwrap();
    assert_eq!(g.max_chance_outcomes(), 37);
    assert_eq!(g.chance_outcomes(), Kind::ALL.map(|k| (k.into(), 4.0 / 148.0)).to_vec());
    for _ in 0..3 {
        g.apply(kind("E").into());
    }
    g.apply(kind("1M").into());
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 37);
    assert_eq!(outcomes[0], (kind("1M").into(), 3.0 / 144.0));
    assert_eq!(outcomes[27], (kind("E").into(), 1.0 / 144.0));
    assert_eq!(outcomes[36], (Kind::PASS.into(), 4.0 / 144.0));
    g.apply(kind("E").into());
    assert!(!g.legal_actions().contains(&kind("E").into()));
    assert_eq!(g.chance_outcomes().len(), 36);
    assert_eq!(g.wall_drawn(), 5);
    // A player's node lists no outcomes.
    let dealt = Mahjong::from_wall(&Wall::sorted());
    assert!(dealt.chance_outcomes().is_empty());
}

#[test]
fn illegal_actions_are_refused_and_leave_the_state_unchanged() {
    // A fifth copy in the wall.
    let mut g = drawing(0, 0);
    for _ in 0..4 {
        g.try_apply(Kind::PASS.into()).unwrap();
    }
    let before = g.clone();
    assert_eq!(
        g.try_apply(Kind::PASS.into()),
        Err(IllegalAction::NotLegal {
            action: "PASS".into(),
            reason: "not a chance outcome here".into()
        })
    );
    assert_eq!(g, before);
    // A tile A does not hold.
    let mut g =
        Mahjong::new(&MahjongParams { wall: Some(official("1.in")), claims: false }).unwrap();
    let hand = *g.position().unwrap().hand(Player::A);
    let missing = Kind::ALL.into_iter().find(|&k| hand.count(k) == 0).unwrap();
    let before = g.clone();
    let err = g.try_apply(missing.into()).unwrap_err();
    assert_eq!(
        err,
        IllegalAction::NotLegal {
            action: missing.to_string(),
            reason: "not one of the legal actions".into()
        }
    );
    assert_eq!(g, before);
    // The game is over.
    let mut g = Mahjong::from_wall(&a_wins_at_once());
    let before = g.clone();
    assert_eq!(g.try_apply(kind("1M").into()), Err(IllegalAction::GameOver));
    assert_eq!(g, before);
}

#[test]
fn parameters_are_a_wall_or_nothing() {
    let text = official("1.in");
    let g = Mahjong::new(&MahjongParams { wall: Some(text.clone()), claims: false }).unwrap();
    assert_eq!(g, Mahjong::from_wall(&Wall::parse(&text).unwrap()));
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(g.last_events_from(), 53);
    let start = Mahjong::new(&MahjongParams::default()).unwrap();
    assert!(start.is_chance_node());
    assert_eq!(start.position(), None);
    for bad in ["1M", "", "1M 2X", &format!("{text} 1M")] {
        let err =
            Mahjong::new(&MahjongParams { wall: Some(bad.to_owned()), claims: false }).unwrap_err();
        let reason = Wall::parse(bad).unwrap_err().to_string();
        assert_eq!(err, ParamsError::Bad { field: "wall".into(), reason }, "{bad:?}");
    }
}

#[test]
fn the_game_type_and_the_static_facts() {
    let t = Mahjong::TYPE;
    assert_eq!(t.short_name, "mahjong");
    assert_eq!(t.chance_mode, ChanceMode::ExplicitStochastic);
    assert_eq!(t.information, Information::Imperfect);
    assert_eq!(t.utility, Utility::GeneralSum);
    assert_eq!((t.min_num_players, t.max_num_players), (4, 4));
    let g = drawing(0, 0);
    assert_eq!(g.num_players(), 4);
    let names: Vec<String> = (0..5).map(|p| g.player_name(p)).collect();
    assert_eq!(names, ["A", "B", "C", "D", "player 4"]);
    assert_eq!(g.utility_range(), (0.0, 1.0));
    assert_eq!(g.hidden_tail(), 0);
    // The wall, then 95 draws, 16 claims and A's discard.
    assert_eq!(g.max_remaining_steps(), 148 + 95 + 16 + 1);
    assert_eq!(drawing(0, 100).max_remaining_steps(), 48 + 95 + 16 + 1);
    assert_eq!(Mahjong::from_wall(&Wall::sorted()).max_remaining_steps(), 95 + 16 + 1);
    assert_eq!(Mahjong::from_wall(&a_wins_at_once()).max_remaining_steps(), 95 + 16);
    assert_eq!(g.observation_shape(), [10, 37]);
    // The documented shape: 148 draws, 112 discards, 16 claims and 2 closing lines.
    assert_eq!(Mahjong::MAX_EVENTS, 278);
    assert_eq!(g.information_state_shape(), [1 + Mahjong::MAX_EVENTS, 54]);
}

#[test]
fn actions_are_kinds_by_index_and_name() {
    let g = Mahjong::from_wall(&Wall::sorted());
    assert_eq!(g.num_distinct_actions(), 37);
    for k in Kind::ALL {
        assert_eq!(g.action_from_id(g.action_id(k.into())), Some(k.into()));
        assert_eq!(g.parse_action(&k.to_string()), Ok(k.into()));
    }
    assert_eq!(g.action_id(Kind::PASS.into()), 36);
    assert_eq!(g.action_from_id(37), None);
    let reason = "unknown tile \"pass\": expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, \
                  PASS, REVERSE or DOUBLE";
    assert_eq!(
        g.parse_action("pass"),
        Err(IllegalAction::Parse { text: "pass".into(), reason: reason.into() })
    );
    match g.parse_action(&"X".repeat(1000)) {
        Err(IllegalAction::Parse { text, .. }) => {
            assert_eq!(text, format!("{}... (1000 bytes)", "X".repeat(40)))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_rules_bot_plays_the_judge_s_logs_and_random_picks_as_before() {
    for n in 1..=5 {
        let mut g = Mahjong::new(&MahjongParams {
            wall: Some(official(&format!("{n}.in"))),
            claims: false,
        })
        .unwrap();
        while !g.is_terminal() {
            g.apply(g.bot_action("rules", 0));
        }
        let log = log_text(g.position().unwrap().events());
        assert!(log == official(&format!("{n}.ans")), "test {n}");
    }
    let g = Mahjong::new(&MahjongParams { wall: Some(official("1.in")), claims: false }).unwrap();
    // `nn` and `nn-mc` with the shipped network (the `nn` feature; tests/nnbot.rs).
    let known: &[&str] = if cfg!(feature = "nn") {
        &["rules", "random", "nn", "nn-mc"]
    } else {
        &["rules", "random"]
    };
    assert_eq!(g.bots(), known);
    if !cfg!(feature = "nn") {
        for bot in ["nn", "nn-mc:20ms"] {
            let refused = g.check_bot(bot).unwrap_err();
            assert_eq!(
                refused.reason,
                Some(format!(
                    "bot `{bot}` cannot play this game: this build has no shipped network (the \
                     mahjong crate's `nn` feature is off)"
                ))
            );
        }
    }
    assert_eq!(g.check_bot("random"), Ok(()));
    assert_eq!(
        g.check_bot("solver"),
        Err(UnknownBot {
            bot: "solver".into(),
            known: known.iter().map(|b| b.to_string()).collect(),
            reason: None
        })
    );
    for seed in 0..20 {
        use tabletop_core::rand::seq::IndexedRandom;
        let legal = g.legal_actions();
        let expected = *legal.choose(&mut seeded_rng(seed)).unwrap();
        assert_eq!(g.bot_action("random", seed), expected);
    }
    assert_eq!(g.bot_action("rules", 1), g.position().unwrap().choose_discard().into());
}

#[test]
#[should_panic(expected = "a bot acts only for a player to move")]
fn bots_do_not_act_for_chance() {
    let _ = drawing(0, 3).bot_action("random", 0);
}

/// The table counters recounted from the log after every step, and the game against the
/// simulator (ported from the old `Game` trait's test).
#[test]
fn the_game_follows_the_simulator_step_by_step() {
    for i in 0..40u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(77, i)));
        let mut game = Mahjong::from_wall(&wall);
        loop {
            let table = game.position().unwrap();
            assert_eq!(game.current_player(), table.to_discard().map(Player::index));
            let Some(p) = table.to_discard() else { break };
            assert_eq!(
                game.legal_actions(),
                table.hand(p).kinds().map(MahjongAction::Tile).collect::<Vec<_>>()
            );
            let events = table.events().len();
            game.apply(table.choose_discard().into());
            assert_eq!(game.last_events_from(), events);
        }
        let record = simulate(&wall);
        assert_eq!(game.position().unwrap().events(), record.events);
        let mut returns = vec![0.0; 4];
        if let Some(w) = record.outcome.winner() {
            returns[w.index()] = 1.0;
        }
        assert_eq!(game.returns(), returns);
        assert_eq!(game.rewards(), returns);
    }
}

/// Plays `n` random discards (or to the end) from the sample wall.
fn sample_after(n: usize, seed: u64) -> Mahjong {
    let mut g =
        Mahjong::new(&MahjongParams { wall: Some(official("1.in")), claims: false }).unwrap();
    for i in 0..n {
        if g.is_terminal() {
            break;
        }
        g.apply(g.bot_action("random", sub_seed(seed, i as u64)));
    }
    g
}

/// Every plane of the observation tensor, against the position read plainly: the hand's
/// counts, each meld's three tiles counted one by one, the discards still on the table
/// counted from their list, and the plane of ones for the player to act; on walls where the
/// rules claim melds (both claim modes), for every player, along whole games.
#[test]
fn observation_planes_are_the_position_counted_plainly() {
    let mut melded = 0;
    for claims in [false, true] {
        for seed in 0..12u64 {
            let params = MahjongParams { wall: None, claims };
            let mut g = Mahjong::new(&params).unwrap();
            for k in g.chance_from_seed(seed) {
                g.apply(k);
            }
            for step in 0.. {
                let t = g.position().unwrap();
                for viewer in Player::ALL {
                    let mut plain = vec![0.0f32; 10 * 37];
                    for k in Kind::ALL {
                        plain[k.index()] = f32::from(t.hand(viewer).count(k));
                    }
                    for (i, p) in Player::ALL.into_iter().enumerate() {
                        for m in t.melds(p) {
                            melded += 1;
                            for k in m.tiles() {
                                plain[(1 + i) * 37 + k.index()] += 1.0;
                            }
                        }
                        for k in t.discards(p) {
                            plain[(5 + i) * 37 + k.index()] += 1.0;
                        }
                    }
                    if t.to_act() == Some(viewer) {
                        plain[9 * 37..].fill(1.0);
                    }
                    assert_eq!(
                        g.observation_tensor(viewer.index()),
                        plain,
                        "seed {seed}, step {step}"
                    );
                }
                if g.is_terminal() {
                    break;
                }
                g.apply(g.bot_action("rules", sub_seed(seed, step)));
            }
        }
    }
    assert!(melded > 1000, "melds seen {melded} times: the meld planes were tested");
}

#[test]
fn players_see_their_own_tiles_and_the_public_table_only() {
    let g = sample_after(10, 4);
    let t = g.position().unwrap();
    for me in Player::ALL {
        let info = g.information_state_string(me.index());
        let mut lines = info.lines();
        assert_eq!(lines.next(), Some(format!("you are {me}").as_str()));
        let expected: Vec<String> = t
            .events()
            .iter()
            .map(|e| match *e {
                Event::Draw { player, .. } if player != me => format!("{player} IN ?"),
                e => e.to_string(),
            })
            .collect();
        assert_eq!(lines.collect::<Vec<_>>(), expected);

        let obs = g.observation_string(me.index());
        assert!(obs.contains(&format!("{me}: {} |", t.hand(me))), "{obs}");
        for p in Player::ALL.into_iter().filter(|&p| p != me) {
            assert!(obs.contains(&format!("{p}: {} tiles |", t.hand(p).len())), "{obs}");
        }
        // Plane 0 is the own hand; the information state's first rows are the deal, with the
        // tile of the viewer's own draws only.
        let tensor = g.observation_tensor(me.index());
        let hand: Vec<f32> = Kind::ALL.iter().map(|&k| f32::from(t.hand(me).count(k))).collect();
        assert_eq!(tensor[..37], hand);
        let info = g.information_state_tensor(me.index());
        assert_eq!(info[me.index()], 1.0);
        assert_eq!(info[4], 1.0);
        for (i, e) in t.events().iter().take(52).enumerate() {
            let row = &info[(1 + i) * 54..(2 + i) * 54];
            let Event::Draw { player, tile } = *e else { unreachable!() };
            assert_eq!(row[player.index()], 1.0);
            assert_eq!(row[4], 1.0, "a draw");
            let tiles = row[13..50].iter().sum::<f32>();
            assert_eq!(tiles, if player == me { 1.0 } else { 0.0 });
            if player == me {
                assert_eq!(row[13 + tile.index()], 1.0);
            }
        }
    }
    // While the wall is drawn, nobody sees a tile.
    let g = drawing(8, 30);
    assert_eq!(g.information_state_string(2), "you are C\nthe wall: 30 of 148 tiles drawn\n");
    assert_eq!(g.observation_string(2), "you are C\nthe wall: 30 of 148 tiles drawn\n");
    assert!(g.observation_tensor(2).iter().all(|&x| x == 0.0));
    assert_eq!(g.information_state_tensor(2)[..5], [0.0, 0.0, 1.0, 0.0, 30.0 / 148.0]);
    assert_eq!(g.text(), "the wall: 30 of 148 tiles drawn");
}

#[test]
fn the_end_shows_the_outcome_and_still_hides_the_hands() {
    let mut g =
        Mahjong::new(&MahjongParams { wall: Some(official("1.in")), claims: false }).unwrap();
    while !g.is_terminal() {
        g.apply(g.bot_action("rules", 0));
    }
    let t = g.position().unwrap();
    assert_eq!(t.outcome(), Some(Outcome::Ron(Player::A)));
    let obs = g.observation_string(1);
    assert!(obs.ends_with("over: A RON\n"), "{obs}");
    assert!(obs.contains(&format!("A: {} tiles |", t.hand(Player::A).len())), "{obs}");
    assert!(g.text().ends_with("the game is over"));
    let info = g.information_state_tensor(1);
    let rows = t.events().len();
    // The last row is `A WIN`, then zero rows.
    let win = &info[rows * 54..(rows + 1) * 54];
    assert_eq!((win[0], win[4 + 7]), (1.0, 1.0));
    assert!(info[(rows + 1) * 54..].iter().all(|&x| x == 0.0));
    // Event 54 is `A OUT PASS B`: its row names B in columns 50-53.
    assert_eq!(t.events()[53], "A OUT PASS B".parse().unwrap());
    assert_eq!(info[54 * 54 + 50..55 * 54], [0.0, 1.0, 0.0, 0.0]);
    // The observation's planes 1-4 count each seat's meld tiles, 5-8 its discards on the
    // table (A and B have melded, A a pong).
    let obs = g.observation_tensor(1);
    for p in Player::ALL {
        let (mut melds, mut discards) = ([0.0f32; 37], [0.0f32; 37]);
        for m in t.melds(p) {
            for k in m.tiles() {
                melds[k.index()] += 1.0;
            }
        }
        for k in t.discards(p) {
            discards[k.index()] += 1.0;
        }
        let i = p.index();
        assert_eq!(obs[(1 + i) * 37..(2 + i) * 37], melds, "{p}'s melds");
        assert_eq!(obs[(5 + i) * 37..(6 + i) * 37], discards, "{p}'s discards");
    }
    assert!(obs[37..2 * 37].contains(&3.0));
    // Nobody is to discard at the end: plane 9 is zero; at the start it is all ones for A
    // alone, and fills nothing else.
    assert!(obs[9 * 37..].iter().all(|&x| x == 0.0));
    let start = Mahjong::from_wall(&Wall::sorted());
    let a = start.observation_tensor(0);
    assert!(a[37..9 * 37].iter().all(|&x| x == 0.0) && a[9 * 37..].iter().all(|&x| x == 1.0));
    assert!(start.observation_tensor(1)[37..].iter().all(|&x| x == 0.0));
}

/// `wall` drawn by chance, tile by tile, then `n` random actions (or to the end).
fn by_chance_after(wall: &Wall, claims: bool, n: usize, seed: u64) -> Mahjong {
    let mut g = Mahjong::new(&MahjongParams { wall: None, claims }).unwrap();
    for &k in wall.tiles() {
        g.apply(k.into());
    }
    for i in 0..n {
        if g.is_terminal() {
            break;
        }
        g.apply(g.bot_action("random", sub_seed(seed, i as u64)));
    }
    g
}

/// What a resampled state keeps: the viewer's own hand and draws, every public event, every
/// size, who acts; it changes only hidden tiles, its log is a game the rules play (a
/// [`ReplayState`] replays it, and so does its history from the start).
#[test]
fn resampled_states_keep_everything_the_player_saw() {
    let wall = Wall::parse(&official("1.in")).unwrap();
    let mut changed = 0;
    for s in 0..30u64 {
        let g = by_chance_after(&wall, s % 2 == 1, s as usize * 5, s);
        let t = g.position().unwrap();
        for me in Player::ALL {
            let mut rng = seeded_rng(sub_seed(s, me.index() as u64));
            let other = g.resample_from_infostate(me.index(), &mut rng);
            other.check_invariants().unwrap_or_else(|e| panic!("state {s}, {me}: {e}"));
            assert_eq!(
                other.information_state_string(me.index()),
                g.information_state_string(me.index())
            );
            assert_eq!(other.turn(), g.turn());
            let u = other.position().unwrap();
            assert_eq!(u.hand(me), t.hand(me));
            assert_eq!(u.wall_left(), t.wall_left());
            assert_eq!(u.to_act(), t.to_act());
            assert_eq!(u.outcome(), t.outcome());
            assert_eq!(other.last_events_from(), g.last_events_from());
            for p in Player::ALL {
                assert_eq!(u.hand(p).len(), t.hand(p).len());
                assert_eq!(u.melds(p).collect::<Vec<_>>(), t.melds(p).collect::<Vec<_>>());
                assert_eq!(u.discards(p), t.discards(p));
            }
            assert_eq!(u.events().len(), t.events().len());
            for (a, b) in t.events().iter().zip(u.events()) {
                match (*a, *b) {
                    (Event::Draw { player: p, .. }, Event::Draw { player: q, .. }) if p != me => {
                        assert_eq!(p, q);
                    }
                    _ => assert_eq!(a, b),
                }
            }
            if !g.decides_claims() {
                let mut board = ReplayState::new();
                for e in u.events() {
                    board.try_apply(e).unwrap_or_else(|err| panic!("state {s}, {me}: {err}"));
                }
            }
            let mut again =
                Mahjong::new(&MahjongParams { wall: None, claims: g.decides_claims() }).unwrap();
            for (turn, a) in other.history().unwrap() {
                assert_eq!(again.turn(), turn);
                again.try_apply(a).unwrap();
            }
            assert_eq!(again, other);
            changed += usize::from(other != g);
        }
    }
    assert!(changed > 100, "{changed}");
    // Nobody is player 4; a given wall is known to all.
    assert_eq!(drawing(0, 0).resample_from_infostate(4, &mut seeded_rng(0)), drawing(0, 0));
    let given = sample_after(20, 1);
    assert_eq!(given.resample_from_infostate(0, &mut seeded_rng(0)), given);
    let g = drawing(0, 20);
    let other = g.resample_from_infostate(0, &mut seeded_rng(1));
    assert_eq!(other.wall_drawn(), 20);
    assert_ne!(other, g);
    other.check_invariants().unwrap();
}
