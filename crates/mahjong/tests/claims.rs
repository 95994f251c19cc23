//! The players' own claims (the parameter `claims`): the decision nodes on hand-built tables,
//! their ids and notation, the `rules` bot playing exactly the problem's games, random
//! players ending legal games, and the conformance harness.

mod common;

use std::path::Path;

use common::{kind, wall_with};
use tabletop_core::conformance::{Options, check};
use tabletop_core::{Game, IllegalAction, Turn, seeded_rng, sub_seed};
use tabletop_mahjong::{
    Claim, Event, Kind, Mahjong, MahjongAction, MahjongParams, Meld, Player, Wall, log_text,
    simulate,
};

fn act(g: &Mahjong, text: &str) -> MahjongAction {
    g.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn strings(g: &Mahjong) -> Vec<String> {
    g.legal_actions().iter().map(|a| a.to_string()).collect()
}

fn data(dir: &str, file: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir).join(file),
    )
    .unwrap()
}

/// A discards 5M; C waits on it (4M 6M), B holds 5M 5M 6M 7M (a pong or a chow, not a win),
/// D has nothing on it.
fn table() -> Mahjong {
    let wall = wall_with(
        "5M 1M 1M 1M 2M 2M 2M 3M 3M 3M Z Z Z F",
        "5M 5M 6M 7M E E E S S S W N N",
        "1P 2P 3P 4P 5P 6P 7P 8P 9P 1S 1S 4M 6M",
        "9M 9M 9M 9P 9P 9P 9S 9S 9S N N B B",
    );
    let mut g = Mahjong::from_wall_with_claims(&wall, true);
    assert_eq!(g.current_player(), Some(0));
    assert!(!strings(&g).contains(&"SELFDRAWN".to_owned()));
    g.apply(act(&g, "5M"));
    g
}

#[test]
fn the_first_claim_decision_is_the_player_who_can_win_then_the_pair_with_its_chows() {
    let mut g = table();
    // C (the second round from A) may win on it; B cannot, D has nothing.
    assert_eq!(g.turn(), Turn::Player(2));
    assert_eq!(strings(&g), ["SKIP", "RON"]);
    let due = g.position().unwrap().claim_due().unwrap();
    assert_eq!((due.player, due.discarder, due.tile), (Player::C, Player::A, kind("5M")));
    assert_eq!(g.position().unwrap().to_discard(), None);
    assert_eq!(g.bot_action("rules", 0), MahjongAction::Claim(Claim::Ron));
    let seen = g.observation_string(0);
    assert!(
        seen.ends_with("C to decide a claim on A's 5M, 95 tiles in the wall, forward\n"),
        "{seen}"
    );
    assert!(
        g.text().ends_with("C to decide a claim on A's 5M, 95 tiles in the wall"),
        "{}",
        g.text()
    );
    let planes = g.observation_tensor(2);
    assert!(planes[9 * 37..].iter().all(|&x| x == 1.0), "C is to act");
    assert!(g.observation_tensor(1)[9 * 37..].iter().all(|&x| x == 0.0));
    let t = g.position().unwrap();
    assert_eq!(t.distance_after_claim(Claim::Skip), Some(1));
    assert_eq!(t.distance_after_claim(Claim::Ron), Some(0));
    assert_eq!(t.distance_after_claim(Claim::Pong), None, "not C's to make");
    g.check_invariants().unwrap();

    // C skips: B holds the pair and is A's next player, so B's pong and chow come together.
    g.apply(act(&g, "SKIP"));
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(strings(&g), ["SKIP", "PONG", "CHOW 5M 6M 7M"]);
    // Whose decision it is is public, so is a skip: every player's information state says
    // who acts.
    for p in 0..4 {
        let info = g.information_state_string(p);
        assert!(info.ends_with("A OUT 5M\nC SKIP\nB to decide a claim on A's 5M\n"), "{info}");
    }
    assert_eq!(g.last_events_from(), 53, "the claims belong to A's discard");
    let t = g.position().unwrap();
    let b_hand = |text: &str, melds| tabletop_mahjong::distance(&text.parse().unwrap(), melds);
    assert_eq!(
        t.distance_after_claim(Claim::Skip),
        Some(b_hand("5M 5M 6M 7M E E E S S S W N N", 0))
    );
    assert_eq!(t.distance_after_claim(Claim::Pong), Some(b_hand("6M 7M E E E S S S W N N", 1)));
    assert_eq!(
        t.distance_after_claim(Claim::Chow(kind("5M"))),
        Some(b_hand("5M 5M E E E S S S W N N", 1))
    );
    assert_eq!(t.distance_after_claim(Claim::Chow(kind("4M"))), None);
    let rules = t.choose_claim();
    let lowers =
        |c| t.distance_after_claim(c).unwrap() < t.distance_after_claim(Claim::Skip).unwrap();
    let expected = if lowers(Claim::Pong) {
        Claim::Pong
    } else if lowers(Claim::Chow(kind("5M"))) {
        Claim::Chow(kind("5M"))
    } else {
        Claim::Skip
    };
    assert_eq!(rules, expected, "the rules: a pong, else a chow, that lowers the distance");
    g.check_invariants().unwrap();

    // B pongs.
    let mut pong = g.clone();
    pong.apply(act(&pong, "PONG"));
    let t = pong.position().unwrap();
    assert_eq!(t.events().last(), Some(&Event::Pong { player: Player::B, tile: kind("5M") }));
    assert_eq!(t.melds(Player::B).collect::<Vec<_>>(), [Meld::Pong(kind("5M"))]);
    assert_eq!(t.claims_left(), 15, "16 melds at most, one made");
    assert_eq!(pong.turn(), Turn::Player(1));
    assert_eq!(strings(&pong), ["6M", "7M", "E", "S", "W", "N"]);
    assert_eq!(t.discards(Player::A), Vec::<Kind>::new(), "the claimed tile left the table");
    pong.check_invariants().unwrap();

    // B chows.
    let mut chow = g.clone();
    chow.apply(act(&chow, "CHOW 5M 6M 7M"));
    let t = chow.position().unwrap();
    assert_eq!(t.events().last().unwrap().to_string(), "B CHOW 5M 6M 7M");
    assert_eq!(t.hand(Player::B).to_string(), "5M 5M E E E S S S W N N");
    chow.check_invariants().unwrap();

    // B skips too: nobody else has a claim, B draws and is to discard.
    let mut skip = g.clone();
    skip.apply(act(&skip, "SKIP"));
    let t = skip.position().unwrap();
    assert!(matches!(t.events().last(), Some(Event::Draw { player: Player::B, .. })));
    assert_eq!(t.to_discard(), Some(Player::B));
    assert_eq!(t.skips(), [(54, Player::C), (54, Player::B)]);
    skip.check_invariants().unwrap();

    // C wins.
    let mut ron = table();
    ron.apply(act(&ron, "RON"));
    assert!(ron.is_terminal());
    assert_eq!(ron.returns(), [0.0, 0.0, 1.0, 0.0]);
    assert!(log_text(ron.position().unwrap().events()).ends_with("A OUT 5M\nC RON\nC WIN\n"));
}

#[test]
fn claims_out_of_turn_are_refused_and_change_nothing() {
    let g = table();
    for text in ["PONG", "1P", "SELFDRAWN", "CHOW 5M 6M 7M"] {
        let mut h = g.clone();
        let a = act(&h, text);
        assert_eq!(
            h.try_apply(a),
            Err(IllegalAction::NotLegal {
                action: text.into(),
                reason: "not one of the legal actions".into()
            })
        );
        assert_eq!(h, g);
    }
    // The position's own checks say why.
    let mut t = g.position().unwrap().clone();
    let before = t.clone();
    assert_eq!(
        t.try_discard(kind("1P")).unwrap_err().to_string(),
        "C is to decide a claim on the discard, not to discard"
    );
    assert_eq!(t.try_claim(Claim::Pong).unwrap_err().to_string(), "C cannot PONG on this discard");
    assert_eq!(
        t.try_self_drawn().unwrap_err().to_string(),
        "C is to decide a claim on the discard, not to discard"
    );
    assert_eq!(t, before);
    t.try_claim(Claim::Skip).unwrap();
    t.try_claim(Claim::Skip).unwrap();
    assert_eq!(t.try_claim(Claim::Skip).unwrap_err().to_string(), "no claim decision is due");
    assert_eq!(t.try_self_drawn().unwrap_err().to_string(), "B cannot win by self-draw now");
}

/// The asserting moves do what their checked versions do, and panic with the checked
/// versions' reason where those refuse.
#[test]
fn claim_and_self_drawn_are_the_checked_moves_that_assert() {
    let g = table();
    let start = g.position().unwrap().clone();
    let mut checked = start.clone();
    checked.try_claim(Claim::Skip).unwrap();
    let mut asserted = start.clone();
    asserted.claim(Claim::Skip);
    assert_eq!(asserted, checked);
    let refused = |f: &dyn Fn(&mut tabletop_mahjong::Position)| {
        let mut t = start.clone();
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut t))).unwrap_err();
        e.downcast_ref::<String>().cloned().unwrap_or_default()
    };
    assert_eq!(refused(&|t| t.claim(Claim::Pong)), "illegal claim: C cannot PONG on this discard");
    assert_eq!(
        refused(&|t| t.self_drawn()),
        "illegal self-draw: C is to decide a claim on the discard, not to discard"
    );

    let wall = wall_with(
        "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P 3P 5P 5P",
        "E E E S S S W W W N N N B",
        "1S 2S 3S 4S 5S 6S 7S 8S 9S 1S 2S 3S Z",
        "9P 9P 9P 8P 8P 8P 7P 7P 7P 6P 6P 6P F",
    );
    let win = Mahjong::from_wall_with_claims(&wall, true).position().unwrap().clone();
    let (mut checked, mut asserted) = (win.clone(), win);
    checked.try_self_drawn().unwrap();
    asserted.self_drawn();
    assert_eq!(asserted, checked);
    assert!(log_text(asserted.events()).ends_with("A SELFDRAWN\nA WIN\n"));
}

#[test]
fn a_self_drawn_win_is_a_choice_and_declining_it_plays_on() {
    let wall = wall_with(
        "1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 2P 3P 5P 5P",
        "E E E S S S W W W N N N B",
        "1S 2S 3S 4S 5S 6S 7S 8S 9S 1S 2S 3S Z",
        "9P 9P 9P 8P 8P 8P 7P 7P 7P 6P 6P 6P F",
    );
    assert!(Mahjong::from_wall(&wall).is_terminal(), "without claims A wins at once");
    let g = Mahjong::from_wall_with_claims(&wall, true);
    assert_eq!(g.turn(), Turn::Player(0));
    let legal = strings(&g);
    assert_eq!(legal.last().map(String::as_str), Some("SELFDRAWN"));
    assert_eq!(legal.len(), 13 + 1, "13 kinds held and the win");
    assert_eq!(g.bot_action("rules", 0), MahjongAction::SelfDrawn);
    let mut win = g.clone();
    win.apply(MahjongAction::SelfDrawn);
    assert_eq!(win.returns(), [1.0, 0.0, 0.0, 0.0]);
    assert!(log_text(win.position().unwrap().events()).ends_with("A IN 5P\nA SELFDRAWN\nA WIN\n"));
    // Declined: A discards from a winning hand; the rules' discard is still defined there.
    let mut on = g.clone();
    assert_eq!(on.position().unwrap().choose_discard(), kind("5P"));
    on.apply(act(&on, "9M"));
    assert!(!on.is_terminal());
    on.check_invariants().unwrap();
    assert_eq!(on.position().unwrap().claim_due(), None, "nobody can claim 9M here");
    assert_eq!(on.turn(), Turn::Player(1));
    assert!(!strings(&on).contains(&"SELFDRAWN".to_owned()));
}

#[test]
fn ids_and_notation_go_both_ways() {
    let g = Mahjong::from_wall_with_claims(&Wall::sorted(), true);
    assert_eq!(g.num_distinct_actions(), 62);
    let mut names = Vec::new();
    for id in 0..62 {
        let a = g.action_from_id(id).unwrap();
        assert_eq!(g.action_id(a), id);
        assert_eq!(g.parse_action(&a.to_string()), Ok(a));
        names.push(a.to_string());
    }
    assert_eq!(g.action_from_id(62), None);
    assert_eq!(names[36..42], ["PASS", "SKIP", "RON", "SELFDRAWN", "PONG", "CHOW 1M 2M 3M"]);
    assert_eq!(names[47], "CHOW 7M 8M 9M");
    assert_eq!(names[48], "CHOW 1P 2P 3P");
    assert_eq!(names[61], "CHOW 7S 8S 9S");
    assert_eq!(
        g.parse_action("CHOW  4P\t5P 6P"),
        Ok(MahjongAction::Claim(Claim::Chow(kind("4P"))))
    );
    for bad in ["CHOW 4P 5P 7P", "CHOW 8P 9P 1P", "CHOW E S W", "PONG 5M", "ron", "X"] {
        let err = g.parse_action(bad).unwrap_err();
        assert!(matches!(err, IllegalAction::Parse { .. }), "{bad}: {err:?}");
    }
    // Without claims the game keeps its 37 ids and notation.
    let plain = Mahjong::from_wall(&Wall::sorted());
    assert_eq!(plain.num_distinct_actions(), 37);
    assert!(g.decides_claims() && !plain.decides_claims());
    assert!(g.position().unwrap().decides_claims() && !plain.position().unwrap().decides_claims());
    assert_eq!(plain.action_from_id(37), None);
    assert!(plain.parse_action("RON").is_err());
    assert_eq!(plain.parse_action("PASS"), Ok(MahjongAction::Tile(Kind::PASS)));
}

#[test]
fn the_rules_bot_with_claims_plays_the_official_answers_and_the_simulator() {
    for n in 1..=50 {
        let wall = data("p7147", &format!("{n}.in"));
        let mut g = Mahjong::new(&MahjongParams { wall: Some(wall), claims: true }).unwrap();
        while !g.is_terminal() {
            g.apply(g.bot_action("rules", 0));
        }
        assert!(
            log_text(g.position().unwrap().events()) == data("p7147", &format!("{n}.ans")),
            "test {n}"
        );
    }
    let walls = data("author", "walls.txt");
    let mut played = 0;
    for line in walls.lines() {
        let Some((_, tiles)) = line.split_once(' ') else { continue };
        let wall = Wall::parse(tiles).unwrap();
        let mut g = Mahjong::from_wall_with_claims(&wall, true);
        while !g.is_terminal() {
            g.apply(g.bot_action("rules", 0));
        }
        let expected = simulate(&wall);
        assert_eq!(g.position().unwrap().events(), expected.events, "{line}");
        assert_eq!(g.position().unwrap().stats(), expected.stats);
        played += 1;
    }
    assert!(played > 400, "{played} walls");
}

#[test]
fn a_random_player_among_the_rules_ends_a_legal_game() {
    let mut decisions = [0usize; 4];
    for i in 0..200u64 {
        let seat = (i % 4) as usize;
        let mut g = Mahjong::new(&MahjongParams { wall: None, claims: true }).unwrap();
        for a in g.chance_from_seed(sub_seed(5, i)) {
            g.apply(a);
        }
        let bound = g.max_remaining_steps();
        let mut steps = 0;
        while let Some(p) = g.current_player() {
            let bot = if p == seat { "random" } else { "rules" };
            let a = g.bot_action(bot, sub_seed(6, steps as u64 + 1000 * i));
            assert!(g.legal_actions().contains(&a));
            match a {
                MahjongAction::Tile(_) => decisions[0] += 1,
                MahjongAction::Claim(Claim::Skip) => decisions[1] += 1,
                MahjongAction::Claim(_) => decisions[2] += 1,
                MahjongAction::SelfDrawn => decisions[3] += 1,
            }
            g.apply(a);
            g.check_invariants().unwrap_or_else(|e| panic!("game {i}, step {steps}: {e}"));
            steps += 1;
            assert!(steps <= bound, "game {i} longer than its bound {bound}");
        }
        assert!(g.position().unwrap().outcome().is_some());
    }
    assert!(decisions.iter().all(|&n| n > 0), "every kind of decision taken: {decisions:?}");
}

#[test]
fn the_harness_passes_with_claims() {
    let options = Options { playouts: 6, replay: true, hidden: true };
    let start = Mahjong::new(&MahjongParams { wall: None, claims: true }).unwrap();
    let report = check(start, &options, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.chance_steps, 6 * Wall::LEN);
    let fast = Options { playouts: 1, replay: false, hidden: false };
    for i in 0..100u64 {
        let wall = Wall::random(&mut seeded_rng(sub_seed(21, i)));
        check(Mahjong::from_wall_with_claims(&wall, true), &fast, sub_seed(22, i))
            .unwrap_or_else(|e| panic!("wall {i}: {e}"));
    }
    check(table(), &options, 4).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_pair_held_further_round_pongs_first_then_the_next_player_chows() {
    let wall = wall_with(
        "5M 1M 1M 1M 2M 2M 2M 3M 3M 3M Z Z Z F",
        "6M 7M E E E S S S W W N N B",
        "1P 2P 3P 4P 5P 6P 7P 8P 9P 1S 1S 9M 9M",
        "5M 5M 9P 9P 9P 9S 9S 9S N N B B F",
    );
    let mut g = Mahjong::from_wall_with_claims(&wall, true);
    g.apply(act(&g, "5M"));
    // D holds the pair but is not A's next player: a pong only.
    assert_eq!(g.turn(), Turn::Player(3));
    assert_eq!(strings(&g), ["SKIP", "PONG"]);
    let mut pong = g.clone();
    pong.apply(act(&pong, "PONG"));
    assert_eq!(pong.turn(), Turn::Player(3), "D discards, B is skipped over");
    // D skips: B, the next player, may chow.
    g.apply(act(&g, "SKIP"));
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(strings(&g), ["SKIP", "CHOW 5M 6M 7M"]);
    g.apply(act(&g, "SKIP"));
    assert!(matches!(
        g.position().unwrap().events().last(),
        Some(Event::Draw { player: Player::B, .. })
    ));
    g.check_invariants().unwrap();
}
