//! Analyses equal the game libraries' own answers (slow oracles where they exist).

use serde_json::{Value, json};
use tabletop_core::{rand::Rng as _, seeded_rng};
use tabletop_mahjong::{Hand, Kind, distance_direct};
use tabletop_nine::{Deal, Move, Player, Position, minimax_value};
use tabletop_play::{Seat, Session};
use tabletop_race::{GrundyTable, Outcome, OutcomeTable, Piece};

fn humans(n: usize) -> Vec<Seat> {
    vec![Seat::Human; n]
}

/// Plays `k` random legal actions.
fn random_steps(s: &mut Session, k: usize, seed: u64) {
    let mut rng = seeded_rng(seed);
    for _ in 0..k {
        if s.is_terminal() {
            break;
        }
        let legal = s.legal_actions();
        s.apply_action(legal[rng.random_range(0..legal.len())]).unwrap();
    }
}

/// The Nine position of a session, rebuilt from its view and history.
fn nine_position(s: &Session) -> Position {
    let v = s.view(None);
    let deal: Deal = v["deal"].as_str().unwrap().parse().unwrap();
    let first = if v["first"] == "Alice" { Player::Alice } else { Player::Bob };
    let mut pos = Position::start(deal, first);
    for step in s.steps() {
        pos.play(step.action.parse::<Move>().unwrap());
    }
    pos
}

#[test]
fn nine_move_values_equal_plain_minimax() {
    for seed in 0..6 {
        let mut s = Session::new("nine", json!({}), humans(2), seed).unwrap();
        // Late positions: the plain minimax oracle is quick there.
        random_steps(&mut s, 18 + seed as usize, seed);
        let pos = nine_position(&s);
        let a = s.analysis().unwrap();
        let moves = a["moves"].as_array().unwrap();
        assert_eq!(moves.len(), s.legal_actions().len());
        for m in moves {
            let mut next = pos;
            next.play(m["action"].as_str().unwrap().parse().unwrap());
            assert_eq!(m["value"], json!(minimax_value(&next).0), "seed {seed}");
        }
        if let Some(best) = moves.first() {
            assert_eq!(a["value"], best["value"]);
            assert_eq!(a["value"], json!(minimax_value(&pos).0));
        }
        // The principal variation reaches the value.
        let mut end = pos;
        for mv in a["principal_variation"].as_array().unwrap() {
            end.play(mv.as_str().unwrap().parse().unwrap());
        }
        assert_eq!(json!(end.result().unwrap()), a["value"]);
        let dv = tabletop_nine::solve_deal(pos.deal());
        assert_eq!(a["deal"]["alice_first"], json!(dv.alice_first));
        assert_eq!(a["deal"]["importance"], json!(dv.importance()));
    }
}

#[test]
fn nine_solver_seat_plays_the_value() {
    // The solver against the solver: the result is the deal's value.
    for seed in 0..3 {
        let mut s =
            Session::new("nine", json!({}), vec![Seat::Solver, Seat::Solver], seed).unwrap();
        let deal: Deal = s.view(None)["deal"].as_str().unwrap().parse().unwrap();
        s.advance().unwrap();
        assert!(s.is_terminal());
        let v = tabletop_nine::solve_deal(deal).alice_first as f64;
        assert_eq!(s.returns(), vec![v, -v]);
    }
}

fn letter(o: Outcome) -> String {
    o.letter().to_string()
}

#[test]
fn race_outcomes_equal_the_retrograde_tables() {
    for piece in Piece::ALL {
        for (rows, cols) in [(8, 8), (9, 7), (5, 12), (2, 2)] {
            let params = json!({"piece": piece.name(), "rows": rows, "cols": cols});
            let mut s = Session::new("race", params, humans(2), 3).unwrap();
            let table = OutcomeTable::new(piece, rows, cols).unwrap();
            let grundy = GrundyTable::new(piece, rows, cols).ok();
            loop {
                let a = s.analysis().unwrap();
                let cells = a["cells"].as_array().unwrap();
                for x in 1..=rows {
                    let row = cells[x - 1].as_str().unwrap();
                    for y in 1..=cols {
                        assert_eq!(row[y - 1..y], letter(table.at(x, y)));
                    }
                }
                let Some(_) = s.current_player() else { break };
                let [x, y] =
                    serde_json::from_value::<[usize; 2]>(s.view(None)["cell"].clone()).unwrap();
                let here = match table.at(x, y) {
                    Outcome::B => "win",
                    Outcome::G => "loss",
                    Outcome::D => "draw",
                };
                assert_eq!(a["result"], here);
                let moves = a["moves"].as_array().unwrap();
                assert_eq!(moves.len(), s.legal_actions().len());
                for m in moves {
                    let [mx, my] = serde_json::from_value::<[usize; 2]>(m["cell"].clone()).unwrap();
                    let expect = match table.at(mx, my) {
                        Outcome::B => "loss",
                        Outcome::G => "win",
                        Outcome::D => "draw",
                    };
                    assert_eq!(m["result"], expect, "{piece} {rows}x{cols} to ({mx},{my})");
                    let g = grundy.as_ref().map(|g| u64::from(g.at(mx, my)));
                    assert_eq!(m["grundy"], json!(g));
                }
                random_steps(&mut s, 1, (x * 31 + y) as u64);
            }
        }
    }
}

#[test]
fn race_solver_wins_every_won_start() {
    for piece in Piece::ALL {
        let table = OutcomeTable::new(piece, 10, 10).unwrap();
        for x in 1..=10u64 {
            for y in 1..=10u64 {
                let params =
                    json!({"piece": piece.name(), "rows": 10, "cols": 10, "start": [x, y]});
                let mut s =
                    Session::new("race", params, vec![Seat::Solver, Seat::Solver], 0).unwrap();
                s.advance().unwrap();
                let expect = match table.at(x as usize, y as usize) {
                    Outcome::B => vec![1.0, -1.0],
                    Outcome::G => vec![-1.0, 1.0],
                    Outcome::D => vec![0.0, 0.0],
                };
                if (x, y) != (10, 10) {
                    assert_eq!(s.returns(), expect, "{piece} from ({x},{y})");
                }
            }
        }
    }
}

fn kinds(v: &Value) -> Vec<Kind> {
    v.as_array().unwrap().iter().map(|t| t.as_str().unwrap().parse().unwrap()).collect()
}

#[test]
fn mahjong_discard_distances_equal_the_direct_search() {
    for seed in 0..4 {
        let mut s = Session::new("mahjong", json!({}), humans(4), seed).unwrap();
        let mut checked = 0;
        while let Some(p) = s.current_player() {
            let view = s.view(None);
            let seat = &view["players"][p];
            let hand = Hand::from_tiles(kinds(&seat["hand"])).unwrap();
            let melds = seat["melds"].as_array().unwrap().len();
            let a = s.analysis().unwrap();
            assert_eq!(a["distance"], json!(distance_direct(&hand, melds)));
            assert_eq!(seat["distance"], a["distance"]);
            let discards = a["discards"].as_array().unwrap();
            assert_eq!(discards.len(), s.legal_actions().len());
            for d in discards {
                let mut h = hand;
                h.remove(d["action"].as_str().unwrap().parse().unwrap());
                assert_eq!(d["distance"], json!(distance_direct(&h, melds)));
            }
            // Follow the fixed rules, so the game looks like a real one.
            let choice = a["rules_choice"].as_str().unwrap().to_owned();
            s.act(p, &choice).unwrap();
            checked += 1;
        }
        assert!(checked > 10);
    }
}

#[test]
fn mahjong_rules_seats_reproduce_the_judge_log() {
    for n in [1, 7, 50] {
        let path = format!("{}/../mahjong/tests/data/p7147/{n}.in", env!("CARGO_MANIFEST_DIR"));
        let wall = std::fs::read_to_string(path).unwrap();
        let mut s =
            Session::new("mahjong", json!({ "wall": wall }), vec![Seat::Bot("rules".into()); 4], 0)
                .unwrap();
        s.advance().unwrap();
        let events: Vec<String> = s.view(None)["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| format!("{}\n", e.as_str().unwrap()))
            .collect();
        assert_eq!(
            events.concat(),
            tabletop_play::judge(tabletop_play::Problem::P7147, &wall).unwrap()
        );
    }
}

#[test]
fn take6_estimates_cover_every_action_and_are_seeded() {
    for seed in 0..5 {
        let mut s = Session::new("take6", json!({"players": 5}), humans(5), seed).unwrap();
        random_steps(&mut s, 10 * seed as usize, seed);
        let a = s.analysis().unwrap();
        assert_eq!(a, s.analysis().unwrap(), "same state, same estimate");
        let actions = a["actions"].as_array().unwrap();
        assert_eq!(actions.len(), s.legal_actions().len());
        for est in actions {
            let (e, mc) = (est["expected"].as_f64().unwrap(), est["monte_carlo"].as_f64().unwrap());
            assert!(e >= 0.0 && mc >= 0.0);
        }
    }
}

/// The exact expected heads of `card` this round for a player whose only opponent plays a
/// card drawn uniformly from `unseen`, by enumeration over the rules as written (rows as
/// plain vectors).
fn exact_two_player(rows: &[Vec<u8>], card: u8, unseen: &[u8], forced: bool) -> (f64, f64) {
    let heads = |r: &[u8]| -> u32 {
        r.iter().map(|&c| u32::from(tabletop_take6::Card::from_value(c).heads())).sum()
    };
    let (mut total, mut squares) = (0.0, 0.0);
    for &other in unseen {
        let mut t: Vec<Vec<u8>> = rows.to_vec();
        let mut cards = [(card, true), (other, false)];
        cards.sort();
        for (c, mine) in cards {
            let below = (0..t.len()).filter(|&i| *t[i].last().unwrap() < c);
            let taken = match below.max_by_key(|&i| *t[i].last().unwrap()) {
                Some(i) if t[i].len() == 5 => std::mem::replace(&mut t[i], vec![c]),
                Some(i) => {
                    t[i].push(c);
                    Vec::new()
                }
                None => {
                    let i = if forced {
                        (0..t.len()).max_by_key(|&i| *t[i].last().unwrap()).unwrap()
                    } else {
                        // The fewest heads, the first such row on a tie.
                        (0..t.len()).rev().min_by_key(|&i| heads(&t[i])).unwrap()
                    };
                    std::mem::replace(&mut t[i], vec![c])
                }
            };
            if mine {
                let h = f64::from(heads(&taken));
                total += h;
                squares += h * h;
            }
        }
    }
    let n = unseen.len() as f64;
    let mean = total / n;
    (mean, squares / n - mean * mean)
}

#[test]
fn take6_monte_carlo_estimates_agree_with_exact_enumeration() {
    let mut checked = 0;
    for seed in 0..12 {
        let forced = seed % 2 == 0;
        let rule = if forced { "forced" } else { "choose" };
        let params = json!({"players": 2, "row_rule": rule});
        let mut s = Session::new("take6", params, humans(2), seed).unwrap();
        random_steps(&mut s, 2 * (seed as usize % 8), seed);
        if s.current_player() != Some(0) || !s.view(None)["row_choice"].is_null() {
            continue;
        }
        let v = s.view(Some(0));
        let starts: Vec<Vec<u8>> = v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| serde_json::from_value(r["cards"].clone()).unwrap())
            .collect();
        let hand: Vec<u8> = serde_json::from_value(v["hands"][0].clone()).unwrap();
        let mut seen: Vec<u8> = hand.clone();
        seen.extend(starts.iter().flatten());
        for t in v["taken"].as_array().unwrap() {
            seen.extend(serde_json::from_value::<Vec<u8>>(t.clone()).unwrap());
        }
        let unseen: Vec<u8> = (1..=104).filter(|c| !seen.contains(c)).collect();
        let a = s.analysis().unwrap();
        let samples = a["samples"].as_f64().unwrap();
        for est in a["actions"].as_array().unwrap() {
            let card: u8 = est["action"].as_str().unwrap().parse().unwrap();
            let (exact, variance) = exact_two_player(&starts, card, &unseen, forced);
            let mc = est["monte_carlo"].as_f64().unwrap();
            // Five standard errors of the mean over `samples` draws.
            let tolerance = 5.0 * (variance / samples).sqrt() + 1e-9;
            assert!((mc - exact).abs() <= tolerance, "seed {seed} card {card}: {mc} vs {exact}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn nine_analysis_json_ends_with_the_deal_value_and_its_importance() {
    use tabletop_play::Present as _;
    // The field order and names are part of the output: the deal's object closes the analysis.
    let deal: Deal = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                      KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H"
        .parse()
        .unwrap();
    let dv = tabletop_nine::solve_deal(deal);
    assert_eq!(dv.alice_first, 2);
    let text =
        serde_json::to_string(&tabletop_nine::Nine::start(deal, Player::Bob).analyse(0).unwrap())
            .unwrap();
    let tail = format!(
        ",\"deal\":{{\"alice_first\":2,\"bob_first\":{},\"importance\":{}}}}}",
        dv.bob_first,
        dv.importance()
    );
    assert!(text.ends_with(&tail), "{text}");
}
