//! Every closed form against the retrograde tables, for every board up to 200 x 200 (outcomes
//! up to 1000 x 1000), and the fast Grundy sweep against the scanning oracle.

use tabletop_race::{GrundyTable, OutcomeTable, Piece, check_row};

#[test]
fn closed_forms_match_tables_up_to_200() {
    const K: usize = 200;
    for piece in Piece::ALL {
        // One table anchored at the target answers every board up to K x K.
        let table = OutcomeTable::new(piece, K, K).unwrap();
        let grundy = (!piece.has_draws()).then(|| GrundyTable::new(piece, K, K).unwrap());
        for a in 0..K {
            let bad = check_row(&table, grundy.as_ref(), a);
            assert!(bad.is_empty(), "{}", bad[0]);
        }
    }
}

#[test]
fn closed_outcomes_match_tables_up_to_1000() {
    const K: usize = 1000;
    for piece in Piece::ALL {
        let table = OutcomeTable::new(piece, K, K).unwrap();
        for a in 0..K {
            let bad = check_row(&table, None, a);
            assert!(bad.is_empty(), "{}", bad[0]);
        }
    }
}

#[test]
fn rook_grundy_is_nim() {
    let g = GrundyTable::new(Piece::Rook, 200, 200).unwrap();
    for a in 0..200 {
        for b in 0..200 {
            assert_eq!(g.get(a, b) as usize, a ^ b, "({a}, {b})");
        }
    }
}

#[test]
fn fast_grundy_matches_scanning_up_to_200() {
    for piece in [Piece::King, Piece::Rook, Piece::Queen] {
        let fast = GrundyTable::new(piece, 200, 200).unwrap();
        let slow = GrundyTable::by_scanning(piece, 200, 200).unwrap();
        assert!(fast == slow, "{piece}");
    }
    // A non-square table exercises the diagonal indexing.
    let fast = GrundyTable::new(Piece::Queen, 120, 230).unwrap();
    let slow = GrundyTable::by_scanning(Piece::Queen, 120, 230).unwrap();
    assert!(fast == slow);
}
