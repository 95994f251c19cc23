//! The small public helpers, each against an independent statement of the rules: `can_move`
//! (in distances to the target) against `Position::is_legal` and `Position::moves` (in cells), the
//! board syntax, and the outcome's words.

use tabletop_race::{
    Board, Move, Outcome, ParseBoardError, ParseMoveError, Piece, Position, can_move,
};

#[test]
fn can_move_agrees_with_the_moves_of_a_game_on_a_small_board() {
    let (n, m) = (7, 6);
    let board = Board::new(n, m).unwrap();
    for piece in Piece::ALL {
        let mut legal_pairs = 0;
        for (x, y) in cells(n, m) {
            let race = Position::from_cell(piece, board, x, y).unwrap();
            let moves = race.moves();
            for (x2, y2) in cells(n, m) {
                let mv = Move { x: x2, y: y2 };
                let legal = race.is_legal(mv);
                assert_eq!(legal, moves.contains(&mv), "{piece:?} ({x}, {y}) -> ({x2}, {y2})");
                // The target is never left: a game on it is over, while `can_move` only
                // compares distances.
                if race.on_target() {
                    continue;
                }
                assert_eq!(
                    can_move(piece, (n - x, m - y), (n - x2, m - y2)),
                    legal,
                    "{piece:?} from ({x}, {y}) to ({x2}, {y2})"
                );
                legal_pairs += usize::from(legal);
            }
        }
        // Every piece has moves here (a guard against a vacuous comparison).
        assert!(legal_pairs > 30, "{piece:?}: {legal_pairs} legal moves");
    }
    // Moves that grow a distance, or stand still, are never moves.
    for piece in Piece::ALL {
        assert!(!can_move(piece, (3, 3), (3, 3)));
        assert!(!can_move(piece, (3, 3), (4, 2)));
        assert!(!can_move(piece, (3, 3), (2, 4)));
    }
}

fn cells(n: u64, m: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..=n).flat_map(move |x| (1..=m).map(move |y| (x, y)))
}

#[test]
fn a_board_is_two_plain_decimal_numbers() {
    assert_eq!("5x7".parse::<Board>().unwrap(), Board::new(5, 7).unwrap());
    assert_eq!(" 5 X 7 ".parse::<Board>().unwrap(), Board::new(5, 7).unwrap());
    // `u64::from_str` takes a sign; the board syntax does not.
    for bad in ["+5x7", "5x+7", "x7", "5x", "5*7", "5x7x9", "-5x7", "5 5x7"] {
        assert_eq!(
            bad.parse::<Board>(),
            Err(ParseBoardError::Syntax(bad.to_owned())),
            "{bad:?} is not a board"
        );
    }
    assert!(matches!("0x5".parse::<Board>(), Err(ParseBoardError::Range(_))));
}

#[test]
fn outcomes_have_their_letters_and_words() {
    let described: Vec<(char, &str)> =
        Outcome::ALL.iter().map(|o| (o.letter(), o.describe())).collect();
    assert_eq!(
        described,
        [('B', "the first player (B) wins"), ('G', "the second player (G) wins"), ('D', "a draw")]
    );
}

#[test]
fn a_move_is_a_pair_of_plain_decimal_numbers() {
    assert_eq!("( 3 , 14 )".parse::<Move>(), Ok(Move { x: 3, y: 14 }));
    for bad in ["(+3,4)", "(3,+4)", "(,4)", "(3,)", "3,4", "(3 4)", "(-3,4)", "(3,4"] {
        assert_eq!(bad.parse::<Move>(), Err(ParseMoveError(bad.to_owned())), "{bad:?}");
    }
}
