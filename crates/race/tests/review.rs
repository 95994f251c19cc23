//! The race games' review (`tabletop_core::review` with [`RaceOracle`]): every move's outcome
//! and moves to the end against a plain recursive search, the outcomes against the retrograde
//! table, and a king's game worked by hand.

use tabletop_core::review::{Appraised, Mark, Oracle, review};
use tabletop_core::{Game, sub_seed};
use tabletop_race::{Board, Move, OutcomeTable, Piece, Position, RaceGame, RaceOracle, RaceParams};

const PIECES: [(&str, Piece); 4] = [
    ("king", Piece::King),
    ("rook", Piece::Rook),
    ("knight", Piece::Knight),
    ("queen", Piece::Queen),
];

fn game(piece: &str, rows: u64, cols: u64, start: [u64; 2]) -> RaceGame {
    RaceGame::new(&RaceParams { piece: piece.to_owned(), rows, cols, start: Some(start) }).unwrap()
}

/// The mover's outcome (+1, 0, -1) and the moves to the end under perfect play (the winner
/// hurries, the loser holds out; a stuck piece draws at once), by plain recursion.
fn brute(pos: &Position) -> (i8, u64) {
    if pos.on_target() {
        return (-1, 0);
    }
    let children: Vec<(i8, u64)> = pos
        .moves()
        .into_iter()
        .map(|m| {
            let mut p = pos.clone();
            p.play(m);
            brute(&p)
        })
        .collect();
    if children.is_empty() {
        return (0, 0);
    }
    let best = children.iter().map(|c| -c.0).max().unwrap();
    let plies = children.iter().filter(|c| -c.0 == best).map(|c| c.1 + 1);
    (best, if best < 0 { plies.max().unwrap() } else { plies.min().unwrap() })
}

#[test]
fn every_move_is_valued_as_plain_recursion_and_the_retrograde_table_value_it() {
    for (name, piece) in PIECES {
        for (rows, cols) in [(2, 2), (3, 5), (6, 4), (7, 7)] {
            let table = OutcomeTable::new(piece, rows as usize, cols as usize).unwrap();
            for x in 1..=rows {
                for y in 1..=cols {
                    let pos =
                        Position::from_cell(piece, Board::new(rows, cols).unwrap(), x, y).unwrap();
                    let here = brute(&pos);
                    let letter = table.at(x as usize, y as usize).letter();
                    assert_eq!(
                        ["G", "D", "B"][(here.0 + 1) as usize],
                        letter.to_string(),
                        "{name} {rows}x{cols} ({x},{y})"
                    );
                    if pos.on_target() {
                        continue;
                    }
                    let g = game(name, rows, cols, [x, y]);
                    let mut oracle = RaceOracle::default();
                    let values = oracle.appraise(&g, 0).unwrap();
                    let expected: Vec<Appraised<Move>> = pos
                        .moves()
                        .into_iter()
                        .map(|m| {
                            let mut p = pos.clone();
                            p.play(m);
                            let (v, n) = brute(&p);
                            Appraised {
                                action: m,
                                value: -f64::from(v),
                                ci95: 0.0,
                                plies: Some(n + 1),
                            }
                        })
                        .collect();
                    assert_eq!(values, expected, "{name} {rows}x{cols} ({x},{y})");
                }
            }
        }
    }
}

#[test]
fn the_solver_on_both_sides_has_no_regret() {
    for (name, _) in PIECES {
        for seed in 0..4 {
            let (rows, cols) = (5 + seed * 7, 9 + seed * 5);
            let start = game(name, rows, cols, [1, 1]);
            let mut g = start.clone();
            let mut ids = Vec::new();
            while g.current_player().is_some() {
                let mv = g.bot_action("solver", 0);
                ids.push(g.action_id(mv));
                g.apply(mv);
            }
            let r = review(&start, &ids, &mut RaceOracle::default(), 0).unwrap();
            assert!(
                r.decisions.iter().all(|d| d.regret == 0.0 && d.mark.is_none()),
                "{name} {r:?}"
            );
            // Random play from the same start: regret only where the outcome is lost.
            let mut g = start.clone();
            let mut ids = Vec::new();
            while g.current_player().is_some() {
                let mv = g.bot_action("random", sub_seed(seed, ids.len() as u64));
                ids.push(g.action_id(mv));
                g.apply(mv);
            }
            let r = review(&start, &ids, &mut RaceOracle::default(), 0).unwrap();
            for d in &r.decisions {
                assert!(d.regret == 0.0 || d.mark == Some(Mark::Blunder), "{d:?}");
                assert!([-1.0, 0.0, 1.0].contains(&d.value), "{d:?}");
            }
        }
    }
}

#[test]
fn a_king_two_rows_by_three_columns_worked_by_hand() {
    // From (1,1) the king is 1 row and 2 columns from the target. Down to (2,1) leaves the
    // other 0 and 2 away, both even: lost for them (they step to (2,2), the king steps
    // home), so it wins in 3 moves. Right to (1,2) or diagonally to (2,2) leaves them one
    // step from the target: a win thrown away.
    let start = game("king", 2, 3, [1, 1]);
    let ids =
        |moves: &[Move]| -> Vec<usize> { moves.iter().map(|&m| start.action_id(m)).collect() };
    let right = Move { x: 1, y: 2 };
    let r =
        review(&start, &ids(&[right, Move { x: 2, y: 3 }]), &mut RaceOracle::default(), 0).unwrap();
    let d = &r.decisions[0];
    assert_eq!((d.ply, d.player, d.action.as_str()), (0, 0, "(1,2)"));
    assert_eq!(d.best, ["(2,1)"]);
    assert_eq!((d.value, d.best_value, d.regret, d.mark), (-1.0, 1.0, 2.0, Some(Mark::Blunder)));
    assert_eq!(r.decisions.len(), 2, "G then wins from (1,2) by stepping to (2,3)");
    assert_eq!((r.decisions[1].value, r.decisions[1].regret), (1.0, 0.0));
    assert_eq!(r.players[0].blunders, 1);
    assert_eq!(r.players[0].accuracy, 0.0);
    let mut oracle = RaceOracle::default();
    let values = oracle.appraise(&start, 0).unwrap();
    let down = values.iter().find(|a| a.action == Move { x: 2, y: 1 }).unwrap();
    assert_eq!((down.value, down.plies), (1.0, Some(3)));
}

/// One oracle kept from game to game (another piece on the same board, a board taller or
/// wider than its table) answers as a new one: its table is rebuilt whenever it does not cover
/// the position.
#[test]
fn an_oracle_kept_across_games_answers_as_a_new_one() {
    let mut kept = RaceOracle::default();
    for (piece, rows, cols) in [
        ("king", 6, 9),
        ("knight", 6, 9),
        ("knight", 9, 4),
        ("knight", 4, 12),
        ("queen", 4, 4),
        ("queen", 7, 7),
        // A small board of another piece after a large one: inside the table's rectangle.
        ("king", 3, 4),
        ("knight", 9, 9),
        ("rook", 3, 3),
        ("queen", 9, 9),
        ("knight", 4, 3),
        ("rook", 9, 9),
        ("king", 3, 3),
    ] {
        let g = game(piece, rows, cols, [1, 1]);
        let fresh = RaceOracle::default().appraise(&g, 0).unwrap();
        assert_eq!(kept.appraise(&g, 0).unwrap(), fresh, "{piece} {rows} x {cols}");
    }
}
