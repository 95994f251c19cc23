//! Nine: the JSON view and the exact analysis. The rules, parameters, bots, ids and tensors
//! are [`tabletop_nine::Nine`]'s [`Game`](tabletop_core::Game) impl.

use serde::Serialize;
use tabletop_nine::{CardSet, DealValue, Player, Suit, with_thread_solver};

pub use tabletop_nine::{First, Nine, NineParams};

use crate::{PlayError, Present};

/// What everyone sees of a Nine game (the game is open: every viewer sees everything).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineView {
    /// The deal in its notation (two lines; while it is dealt, Alice's cards so far and an
    /// empty second line).
    pub deal: String,
    /// Who moved first.
    pub first: String,
    /// Who is to move, `None` once the game is over (and while the cards are dealt).
    pub to_move: Option<String>,
    /// The cards each player still holds, Alice's then Bob's, sorted by suit (C D S H) and
    /// rank.
    pub hands: [Vec<String>; 2],
    /// The table: one entry per suit (C, D, S, H), its cards on the table from low to high.
    pub table: Vec<NineSuit>,
    /// The cards that may be put down now, by whoever holds them.
    pub playable: Vec<String>,
    /// The winner once the game is over.
    pub winner: Option<String>,
    /// The result once the game is over, signed from Alice's side (the cards the loser
    /// keeps).
    pub result: Option<i32>,
}

/// One suit on the Nine table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineSuit {
    /// The suit letter (C D S H).
    pub suit: char,
    /// Its cards on the table, from low to high (empty before its nine is played).
    pub cards: Vec<String>,
}

/// One move with its exact value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineMoveValue {
    /// The move in notation.
    pub action: String,
    /// The result after it under perfect play, signed from Alice's side.
    pub value: i32,
}

/// The exact analysis of a Nine position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineAnalysis {
    /// Who is to move (`None` once the game is over).
    pub to_move: Option<String>,
    /// The result under perfect play, signed from Alice's side.
    pub value: i32,
    /// Every legal move with its value, best for the player to move first.
    pub moves: Vec<NineMoveValue>,
    /// A principal variation from here to the end.
    pub principal_variation: Vec<String>,
    /// The deal's results for both first movers and the importance of the first move.
    pub deal: NineDealValue,
}

/// The results of the deal from its start and the importance of the first move; in JSON one
/// object: `{"alice_first", "bob_first", "importance"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineDealValue {
    /// The results for both first movers.
    #[serde(flatten)]
    pub value: DealValue,
    /// [`DealValue::importance`]: `|alice_first - bob_first|`.
    pub importance: u32,
}

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

fn table(played: CardSet) -> Vec<NineSuit> {
    Suit::ALL
        .iter()
        .map(|&s| NineSuit { suit: s.char(), cards: cards(played & CardSet::suit(s)) })
        .collect()
}

impl Present for Nine {
    type View = NineView;
    type Analysis = NineAnalysis;

    fn view(&self, _viewer: Option<usize>) -> NineView {
        let first = self.first().to_string();
        let Some(p) = self.position() else {
            // The deal is being dealt (a chance node): Alice's cards so far, nothing played.
            return NineView {
                deal: format!("{}\n", self.dealt()),
                first,
                to_move: None,
                hands: [cards(self.dealt()), Vec::new()],
                table: table(CardSet::EMPTY),
                playable: Vec::new(),
                winner: None,
                result: None,
            };
        };
        NineView {
            deal: p.deal().to_string(),
            first,
            to_move: (!p.is_over()).then(|| p.to_move().to_string()),
            hands: [cards(p.hand(Player::Alice)), cards(p.hand(Player::Bob))],
            table: table(p.played()),
            playable: if p.is_over() { Vec::new() } else { cards(p.playable()) },
            winner: p.winner().map(|w| w.to_string()),
            result: p.result(),
        }
    }

    /// Exact: the solver's value of every legal move and a principal variation (a few
    /// milliseconds per position; no cap needed).
    ///
    /// # Errors
    /// [`PlayError::NotYourTurn`] while the cards are dealt (no position yet).
    fn analyse(&self, _seed: u64) -> Result<NineAnalysis, PlayError> {
        let Some(p) = self.position() else {
            return Err(PlayError::NotYourTurn {
                player: 0,
                to_move: None,
                reason: "the cards are being dealt: no position to analyse yet".to_owned(),
            });
        };
        with_thread_solver(|s| {
            let moves = s.best_moves(p);
            let value = match p.result() {
                Some(v) => v,
                None => moves[0].1,
            };
            let dv = s.solve(p.deal());
            Ok(NineAnalysis {
                to_move: (!p.is_over()).then(|| p.to_move().to_string()),
                value,
                moves: moves
                    .iter()
                    .map(|&(m, v)| NineMoveValue { action: m.to_string(), value: v })
                    .collect(),
                principal_variation: s
                    .principal_variation(p)
                    .iter()
                    .map(|m| m.to_string())
                    .collect(),
                deal: NineDealValue { value: dv, importance: dv.importance() },
            })
        })
    }
}
