//! `RaceGame` under the one game interface: the conformance harness on every piece and on the
//! edge sizes, the parameters and their errors, ids, tensors, text, and the bots against the
//! retrograde tables.

use tabletop_core::conformance::{Options, check};
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::{
    ChanceMode, Game, IllegalAction, Information, ParamsError, Turn, Utility, seeded_rng,
};
use tabletop_race::{
    MAX_PLAY_SIDE, Move, Outcome, OutcomeTable, Piece, RaceGame, RaceParams, outcome_at,
};

fn params(piece: &str, rows: u64, cols: u64, start: Option<[u64; 2]>) -> RaceParams {
    RaceParams { piece: piece.to_owned(), rows, cols, start }
}

fn game(piece: &str, rows: u64, cols: u64, start: Option<[u64; 2]>) -> RaceGame {
    RaceGame::new(&params(piece, rows, cols, start)).unwrap()
}

#[test]
fn the_harness_passes_on_every_piece_and_edge_size() {
    let cap = MAX_PLAY_SIDE;
    let mut seed = 0;
    for piece in ["king", "rook", "knight", "queen"] {
        for (rows, cols, start) in [
            (1, 1, None),
            (1, 7, None),
            (cap, 1, None),
            (2, 2, None),
            (2, cap, None),
            (cap, 2, None),
            (3, 7, None),
            (8, 8, None),
            (9, 5, Some([3, 2])),
            (6, 6, Some([6, 1])),
            (cap, cap, None),
        ] {
            seed += 1;
            let start = game(piece, rows, cols, start);
            let report = check(start.clone(), &Options::default(), seed)
                .unwrap_or_else(|e| panic!("{}: {e}", start.text()));
            assert_eq!(report.playouts, 20);
            assert_eq!((report.chance_steps, report.hidden_checks), (0, 0));
        }
    }
    let report = check(RaceGame::new(&RaceParams::default()).unwrap(), &Options::default(), 7);
    assert!(report.unwrap().steps >= 20);
}

#[test]
fn the_game_type_and_the_default_parameters() {
    let t = RaceGame::TYPE;
    assert_eq!((t.short_name, t.min_num_players, t.max_num_players), ("race", 2, 2));
    assert_eq!(t.chance_mode, ChanceMode::Deterministic);
    assert_eq!((t.information, t.utility), (Information::Perfect, Utility::ZeroSum));
    assert_eq!(
        t.description,
        "Chess-piece race (Life Winner Bo): move a king, rook, knight or queen right and down; \
         whoever reaches the far corner wins"
    );
    assert_eq!(RaceParams::default(), params("queen", 8, 8, None));
    let g = RaceGame::new(&RaceParams::default()).unwrap();
    assert_eq!(g.text(), "queen on (1,1) of 8x8: B to move");
    assert_eq!((g.num_players(), g.player_name(0), g.player_name(1)), (2, "B".into(), "G".into()));
    assert_eq!((g.turn(), g.start(), g.utility_range()), (Turn::Player(0), (1, 1), (-1.0, 1.0)));
    assert_eq!((g.max_remaining_steps(), g.hidden_tail(), g.max_chance_outcomes()), (14, 0, 0));
    assert!(g.chance_outcomes().is_empty() && g.chance_from_seed(42).is_empty());
}

#[test]
fn bad_parameters_name_their_field_in_order() {
    let bad = |p: RaceParams| RaceGame::new(&p).unwrap_err();
    let field = |field: &str, reason: &str| ParamsError::bad(field, reason);
    let too_large =
        |what: &str, value| ParamsError::TooLarge { what: what.into(), value, cap: MAX_PLAY_SIDE };
    // The piece first, even when everything else is wrong too.
    assert_eq!(
        bad(params("bishop", 0, 1000, Some([0, 0]))),
        field(
            "piece",
            "unknown piece \"bishop\": expected king, rook, knight, queen or their judge numbers \
             1 to 4"
        )
    );
    // Then the caps, rows before cols.
    assert_eq!(bad(params("queen", 101, 1000, None)), too_large("rows", 101));
    assert_eq!(bad(params("queen", 1, 101, None)), too_large("cols", 101));
    assert_eq!(bad(params("queen", u64::MAX, 5, None)), too_large("rows", u64::MAX));
    // Then the board: the field of the side below 2 (rows when both are).
    let side = |side| format!("a side of {side}: expected 1 to 100");
    assert_eq!(bad(params("queen", 0, 5, None)), field("rows", &side(0)));
    assert_eq!(bad(params("queen", 0, 0, None)), field("rows", &side(0)));
    assert_eq!(bad(params("queen", 5, 0, None)), field("cols", &side(0)));
    // Then the start.
    for (start, rows, cols) in [([0, 1], 4, 5), ([1, 0], 4, 5), ([5, 1], 4, 5), ([4, 6], 4, 5)] {
        let [x, y] = start;
        assert_eq!(
            bad(params("king", rows, cols, Some(start))),
            field("start", &format!("({x},{y}) is off the 4 x 5 board"))
        );
    }
    // The caps themselves, the judge numbers and any case.
    for (piece, want) in [("1", Piece::King), ("Castle", Piece::Rook), ("3", Piece::Knight)] {
        let g = game(piece, MAX_PLAY_SIDE, MAX_PLAY_SIDE, Some([100, 1]));
        assert_eq!(
            (g.position().piece(), g.position().cell(), g.start()),
            (want, (100, 1), (100, 1))
        );
    }
}

#[test]
fn ids_are_the_cells_row_by_row() {
    let g = game("queen", 4, 7, None);
    assert_eq!(g.num_distinct_actions(), 28);
    for id in 0..28 {
        let mv = g.action_from_id(id).unwrap();
        assert_eq!((mv.x, mv.y), (id as u64 / 7 + 1, id as u64 % 7 + 1));
        assert_eq!(g.action_id(mv), id);
    }
    assert_eq!(g.action_from_id(28), None);
    assert_eq!(g.action_id(Move { x: 4, y: 7 }), 27);
    // Ids depend on the board alone: the same after a move.
    let mut later = g.clone();
    later.apply(Move { x: 3, y: 3 });
    assert_eq!(later.action_id(Move { x: 4, y: 7 }), 27);
    assert_eq!(later.action_from_id(10), g.action_from_id(10));
}

#[test]
fn notation_reads_moves_and_refuses_the_rest() {
    let g = game("queen", 8, 8, None);
    assert_eq!(g.parse_action(" ( 3 , 5 ) "), Ok(Move { x: 3, y: 5 }));
    assert_eq!(g.parse_action("(9,9)"), Ok(Move { x: 9, y: 9 }), "legality comes later");
    assert_eq!(
        g.parse_action("3,5"),
        Err(IllegalAction::Parse {
            text: "3,5".into(),
            reason: "expected a move like (3,5), found \"3,5\"".into()
        })
    );
    for m in g.legal_actions() {
        assert_eq!(g.parse_action(&m.to_string()), Ok(m));
    }
}

#[test]
fn try_apply_refuses_an_illegal_move_and_leaves_the_game_unchanged() {
    let mut g = game("knight", 5, 5, None);
    let before = g.clone();
    for mv in [Move { x: 2, y: 2 }, Move { x: 1, y: 1 }, Move { x: 9, y: 9 }, Move { x: 0, y: 3 }] {
        let e = g.try_apply(mv).unwrap_err();
        assert!(matches!(e, IllegalAction::NotLegal { .. }), "{mv}: {e:?}");
        assert_eq!(g, before);
    }
    // The knight from (1,1) of 5x5: (2,3), (4,4), and then it is stuck: a draw.
    g.try_apply(Move { x: 2, y: 3 }).unwrap();
    g.try_apply(Move { x: 4, y: 4 }).unwrap();
    assert_eq!((g.turn(), g.returns(), g.legal_actions()), (Turn::Terminal, vec![0.0; 2], vec![]));
    assert_eq!(g.text(), "knight on (4,4) of 5x5: a draw");
    let over = g.clone();
    assert_eq!(g.try_apply(Move { x: 5, y: 5 }), Err(IllegalAction::GameOver));
    assert_eq!(g, over);
}

#[test]
fn returns_go_to_whoever_reaches_the_target() {
    let mut g = game("rook", 3, 3, None);
    g.apply(Move { x: 3, y: 1 });
    assert_eq!((g.returns(), g.text()), (vec![0.0; 2], "rook on (3,1) of 3x3: G to move".into()));
    g.apply(Move { x: 3, y: 3 });
    assert_eq!(
        (g.returns(), g.text()),
        (vec![-1.0, 1.0], "rook on (3,3) of 3x3: G has won".into())
    );
    assert_eq!(g.rewards(), g.returns());
}

/// A board one wide is the last row of a larger board: the solvers playing both sides reach
/// the outcome of the retrograde table and of the closed forms, a knight (which cannot move
/// there) draws at once, and `1 x 1` starts on the target.
#[test]
fn boards_one_wide_play_to_their_table_outcome() {
    for piece in Piece::ALL {
        for (rows, cols) in [(1, 1), (1, 2), (1, 5), (1, 6), (7, 1), (1, MAX_PLAY_SIDE)] {
            let table = OutcomeTable::new(piece, rows as usize, cols as usize).unwrap();
            let want = table.at(1, 1);
            assert_eq!(outcome_at(piece, rows - 1, cols - 1), want, "{piece} {rows}x{cols}");
            let mut g = game(piece.name(), rows, cols, None);
            while !g.is_terminal() {
                g.apply(g.bot_action("solver", 0));
            }
            let returns = match want {
                Outcome::B => [1.0, -1.0],
                Outcome::G => [-1.0, 1.0],
                Outcome::D => [0.0, 0.0],
            };
            assert_eq!(g.returns(), returns, "{piece} {rows}x{cols}");
            if piece == Piece::Knight && (rows, cols) != (1, 1) {
                assert_eq!((want, g.position().cell()), (Outcome::D, (1, 1)), "{}", g.text());
            }
        }
    }
}

/// A start on the target is over before a move, as if G had moved there (as sessions have
/// always had it), and the harness accepts a game checked from its end.
#[test]
fn a_start_on_the_target_is_won_by_g_before_a_move() {
    for piece in Piece::ALL {
        let g = game(piece.name(), 4, 4, Some([4, 4]));
        assert!(g.is_terminal() && g.legal_actions().is_empty());
        assert_eq!(g.returns(), [-1.0, 1.0]);
        assert_eq!(g.text(), format!("{piece} on (4,4) of 4x4: G has won"));
        let report = check(g, &Options::default(), 1).unwrap();
        assert_eq!((report.steps, report.total_returns[1]), (0, 20.0));
    }
}

#[test]
fn the_observation_is_the_piece_the_target_and_the_turn() {
    let mut g = game("king", 3, 4, None);
    g.apply(Move { x: 2, y: 2 });
    assert_eq!(g.observation_shape(), [3, 3, 4]);
    assert_eq!(g.information_state_shape(), [3, 3, 4]);
    let plane = |cells: &[usize]| {
        let mut p = vec![0.0f32; 12];
        for &c in cells {
            p[c] = 1.0;
        }
        p
    };
    let want = |to_move: bool| [plane(&[5]), plane(&[11]), vec![f32::from(u8::from(to_move)); 12]];
    assert_eq!(g.observation_tensor(0), want(false).concat());
    assert_eq!(g.observation_tensor(1), want(true).concat());
    for p in 0..2 {
        assert_eq!(g.information_state_tensor(p), g.observation_tensor(p));
        assert_eq!(g.observation_string(p), "king on (2,2) of 3x4: G to move");
        assert_eq!(g.information_state_string(p), g.observation_string(p));
    }
    // Over: nobody is to move.
    g.apply(Move { x: 3, y: 3 });
    g.apply(Move { x: 3, y: 4 });
    for p in 0..2 {
        assert_eq!(g.observation_tensor(p), [plane(&[11]), plane(&[11]), plane(&[])].concat());
    }
}

/// The result of `mv` for the player making it, from the retrograde table (the opponent moves
/// first after it): 1 win, 0 draw, -1 loss.
fn value_of(table: &OutcomeTable, mv: Move) -> i32 {
    match table.at(mv.x as usize, mv.y as usize) {
        Outcome::G => 1,
        Outcome::D => 0,
        Outcome::B => -1,
    }
}

#[test]
fn the_solver_picks_the_first_best_move_on_every_cell() {
    for piece in Piece::ALL {
        let (n, m) = (9, 11);
        let table = OutcomeTable::new(piece, n, m).unwrap();
        for x in 1..=n as u64 {
            for y in 1..=m as u64 {
                let g = game(piece.name(), n as u64, m as u64, Some([x, y]));
                if g.is_terminal() {
                    continue;
                }
                let legal = g.legal_actions();
                let best = legal.iter().map(|&mv| value_of(&table, mv)).max().unwrap();
                let first_best = *legal.iter().find(|&&mv| value_of(&table, mv) == best).unwrap();
                for seed in [0, 1, 99] {
                    assert_eq!(g.bot_action("solver", seed), first_best, "{}", g.text());
                }
                // The best value is the cell's own outcome for the player to move.
                let here = match table.at(x as usize, y as usize) {
                    Outcome::B => 1,
                    Outcome::D => 0,
                    Outcome::G => -1,
                };
                assert_eq!(best, here, "{}", g.text());
            }
        }
    }
}

#[test]
fn the_solver_never_loses_a_won_game_against_random() {
    for piece in Piece::ALL {
        for seed in 0..50u64 {
            let mut g = game(piece.name(), 3 + seed % 17, 2 + seed % 23, None);
            let start =
                outcome_at(piece, g.position().board().rows() - 1, g.position().board().cols() - 1);
            let solver = (seed % 2) as usize;
            let mut step = 0;
            while let Some(p) = g.current_player() {
                let bot = if p == solver { "solver" } else { "random" };
                g.apply(g.bot_action(bot, seed * 1000 + step));
                step += 1;
            }
            // B wins a B board, G a G board; the solver gets at least its due.
            let due = match (start, solver) {
                (Outcome::B, 0) | (Outcome::G, 1) => 1.0,
                (Outcome::D, _) => 0.0,
                _ => -1.0,
            };
            assert!(g.returns()[solver] >= due, "{piece} seed {seed}: {}", g.text());
        }
    }
}

#[test]
fn the_random_bot_is_a_seeded_uniform_choice() {
    let g = game("queen", 20, 30, Some([3, 4]));
    let legal = g.legal_actions();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..200 {
        let mv = g.bot_action("random", seed);
        assert_eq!(Some(&mv), legal.choose(&mut seeded_rng(seed)));
        assert_eq!(g.bot_action("random", seed), mv);
        seen.insert(mv);
    }
    assert!(seen.len() > legal.len() / 2, "{} of {}", seen.len(), legal.len());
    assert_eq!(g.bots(), ["solver", "random"]);
    assert!(g.check_bot("solver").is_ok() && g.check_bot("random").is_ok());
    let e = g.check_bot("minimax").unwrap_err();
    assert_eq!(e.to_string(), "unknown bot \"minimax\": expected one of solver, random");
}

#[test]
#[should_panic(expected = "a bot acts only for a player to move")]
fn a_bot_does_not_move_after_the_end() {
    game("rook", 2, 2, Some([2, 2])).bot_action("solver", 0);
}
