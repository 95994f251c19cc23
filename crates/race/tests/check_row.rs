//! `check_row` fed corrupted tables: one test per kind of mismatch (`outcome`, `winning move`,
//! `grundy zero`, `grundy`), each asserting the exact report, so a verifier that reports nothing
//! (or the wrong cell, or the wrong values) fails here. The expected reports are worked out by
//! hand from the rules in the comments, not from the closed forms under test.

use tabletop_race::{GrundyTable, Mismatch, Outcome, OutcomeTable, Piece, check_row};

const K: usize = 12;

/// Every mismatch of every row, in row order.
fn report(table: &OutcomeTable, grundy: Option<&GrundyTable>) -> Vec<Mismatch> {
    (0..table.rows()).flat_map(|a| check_row(table, grundy, a)).collect()
}

fn mismatch(piece: Piece, a: usize, b: usize, what: &'static str, t: &str, c: &str) -> Mismatch {
    Mismatch { piece, a, b, what, table: t.to_owned(), closed: c.to_owned() }
}

#[test]
fn exact_tables_report_nothing() {
    // The baseline for every test below: the uncorrupted tables are clean.
    for piece in Piece::ALL {
        let table = OutcomeTable::new(piece, K, K).unwrap();
        let grundy = (!piece.has_draws()).then(|| GrundyTable::new(piece, K, K).unwrap());
        assert_eq!(report(&table, grundy.as_ref()), vec![], "{piece}");
    }
}

#[test]
fn a_lost_cell_marked_won_is_reported_with_the_moves_into_it() {
    // King: (2, 2) is lost (both distances even). Its neighbours (2, 3), (3, 2), (3, 3) are won
    // only by moving to (2, 2), the one lost cell among their moves.
    let piece = Piece::King;
    let mut table = OutcomeTable::new(piece, K, K).unwrap();
    assert_eq!(table.get(2, 2), Outcome::G);
    table.set(2, 2, Outcome::B);
    let to = "to (2, 2) left";
    assert_eq!(
        report(&table, None),
        vec![
            mismatch(piece, 2, 2, "outcome", "B", "G"),
            // The table claims a win where the closed form has no winning move.
            mismatch(piece, 2, 2, "winning move", "B", "none"),
            mismatch(piece, 2, 3, "winning move", "B", to),
            mismatch(piece, 3, 2, "winning move", "B", to),
            mismatch(piece, 3, 3, "winning move", "B", to),
        ]
    );
    // Only the rows holding those cells report anything.
    assert_eq!(check_row(&table, None, 1), vec![]);
    assert_eq!(check_row(&table, None, 4), vec![]);
}

#[test]
fn a_won_cell_marked_lost_is_an_outcome_mismatch_only() {
    // Rook: (1, 2) is won (a != b); marking it lost breaks no winning move, since a winning move
    // only needs its target lost.
    let piece = Piece::Rook;
    let mut table = OutcomeTable::new(piece, K, K).unwrap();
    table.set(1, 2, Outcome::G);
    assert_eq!(report(&table, None), vec![mismatch(piece, 1, 2, "outcome", "G", "B")]);
}

#[test]
fn knight_draws_corrupted_either_way_are_reported() {
    let piece = Piece::Knight;
    // (0, 5): the knight cannot reach the target (every move lowers both distances): a draw.
    let mut table = OutcomeTable::new(piece, K, K).unwrap();
    assert_eq!(table.get(0, 5), Outcome::D);
    table.set(0, 5, Outcome::B);
    assert_eq!(
        report(&table, None),
        vec![
            mismatch(piece, 0, 5, "outcome", "B", "D"),
            mismatch(piece, 0, 5, "winning move", "B", "none"),
        ]
    );
    let mut table = OutcomeTable::new(piece, K, K).unwrap();
    table.set(0, 5, Outcome::G);
    assert_eq!(report(&table, None), vec![mismatch(piece, 0, 5, "outcome", "G", "D")]);
    // (3, 3) is lost; (4, 5) and (5, 4) win only by the knight's move onto it. Marked a draw,
    // those two winning moves now land on a cell the table does not call lost.
    let mut table = OutcomeTable::new(piece, K, K).unwrap();
    assert_eq!(table.get(3, 3), Outcome::G);
    table.set(3, 3, Outcome::D);
    let to = "to (3, 3) left";
    assert_eq!(
        report(&table, None),
        vec![
            mismatch(piece, 3, 3, "outcome", "D", "G"),
            mismatch(piece, 4, 5, "winning move", "B", to),
            mismatch(piece, 5, 4, "winning move", "B", to),
        ]
    );
}

#[test]
fn a_nonzero_grundy_value_on_a_lost_cell_is_reported() {
    // Queen: (1, 2) is a cold Wythoff position (lost), so its Grundy value is 0; the queen has
    // no closed Grundy form, so only the zero test can catch this.
    let piece = Piece::Queen;
    let table = OutcomeTable::new(piece, K, K).unwrap();
    let mut grundy = GrundyTable::new(piece, K, K).unwrap();
    assert_eq!(grundy.get(1, 2), 0);
    grundy.set(1, 2, 5);
    assert_eq!(report(&table, Some(&grundy)), vec![mismatch(piece, 1, 2, "grundy zero", "5", "G")]);
    // And a zero on a won cell: (0, 1) moves straight to the target.
    let mut grundy = GrundyTable::new(piece, K, K).unwrap();
    grundy.set(0, 1, 0);
    assert_eq!(report(&table, Some(&grundy)), vec![mismatch(piece, 0, 1, "grundy zero", "0", "B")]);
}

#[test]
fn a_wrong_nonzero_grundy_value_is_reported_against_the_closed_form() {
    // Rook: the Grundy value is a xor b (Nim with two heaps): (1, 2) has 3. A 7 there is still
    // nonzero, so only the closed-form comparison catches it.
    let piece = Piece::Rook;
    let table = OutcomeTable::new(piece, K, K).unwrap();
    let mut grundy = GrundyTable::new(piece, K, K).unwrap();
    grundy.set(1, 2, 7);
    assert_eq!(report(&table, Some(&grundy)), vec![mismatch(piece, 1, 2, "grundy", "7", "3")]);
    // A zero there is both kinds at once.
    grundy.set(1, 2, 0);
    assert_eq!(
        report(&table, Some(&grundy)),
        vec![
            mismatch(piece, 1, 2, "grundy zero", "0", "B"),
            mismatch(piece, 1, 2, "grundy", "0", "3"),
        ]
    );
}

#[test]
fn king_grundy_values_are_checked_against_the_closed_form() {
    // King: (0, 1) has Grundy value 1 (its only moves lead to the target, value 0).
    let piece = Piece::King;
    let table = OutcomeTable::new(piece, K, K).unwrap();
    let mut grundy = GrundyTable::new(piece, K, K).unwrap();
    assert_eq!(grundy.get(0, 1), 1);
    grundy.set(0, 1, 2);
    assert_eq!(report(&table, Some(&grundy)), vec![mismatch(piece, 0, 1, "grundy", "2", "1")]);
}

#[test]
fn mismatches_read_as_boards() {
    let m = mismatch(Piece::King, 2, 3, "winning move", "B", "to (2, 2) left");
    assert_eq!(
        m.to_string(),
        "king on 3x4: winning move is B by the table but to (2, 2) left by the closed form"
    );
}
