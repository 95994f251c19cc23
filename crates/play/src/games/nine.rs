//! Nine: a deal (seeded or given), the exact solver as a bot, exact move values.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::seeded_rng;
use tabletop_nine::{Card, CardSet, Deal, Move, Player, Position, Solver, Suit, random_deal};

use crate::{Analyse, PlayError, Playable};

thread_local! {
    /// One solver per thread: it owns a 2.3 MB table that is reused between calls.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// Who moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// Alice (player 0).
    #[default]
    Alice,
    /// Bob (player 1).
    Bob,
}

/// The parameters of a Nine game. Default: a random deal from the session's seed, Alice
/// first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NineParams {
    /// The deal in the notation of `tabletop nine solve`: two lines of 18 cards, Alice's
    /// then Bob's. `None`: a random deal from the seed.
    pub deal: Option<String>,
    /// Alice's 18 cards alone (with `bob`), instead of `deal`.
    pub alice: Option<String>,
    /// Bob's 18 cards alone (with `alice`), instead of `deal`.
    pub bob: Option<String>,
    /// Who moves first.
    pub first: First,
}

/// Nine for the session layer: players 0 (Alice) and 1 (Bob).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nine {
    pos: Position,
    first: Player,
}

impl Nine {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
}

/// What everyone sees of a Nine game (the game is open: every viewer sees everything).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineView {
    /// The deal in its notation (two lines).
    pub deal: String,
    /// Who moved first.
    pub first: String,
    /// Who is to move, `None` once the game is over.
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

/// The results of the deal from its start.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NineDealValue {
    /// The result when Alice moves first.
    pub alice_first: i32,
    /// The result when Bob moves first.
    pub bob_first: i32,
    /// `|alice_first - bob_first|`.
    pub importance: u32,
}

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

impl Playable for Nine {
    type Params = NineParams;
    type Action = Move;
    type View = NineView;

    const NAME: &'static str = "nine";
    const DESCRIPTION: &'static str =
        "Nine (Девятка): 36 open cards, runs from the nines; play against the exact solver";

    fn new(params: &NineParams, seed: u64) -> Result<Nine, PlayError> {
        let deal = match (&params.deal, &params.alice, &params.bob) {
            (Some(text), None, None) => {
                text.parse::<Deal>().map_err(|e| PlayError::bad("deal", e))?
            }
            (None, Some(a), Some(b)) => {
                Deal::from_hands(a, b).map_err(|e| PlayError::bad("alice", e))?
            }
            (None, None, None) => random_deal(&mut seeded_rng(seed)),
            _ => {
                return Err(PlayError::bad(
                    "deal",
                    "give either deal (two lines) or both alice and bob, or none for a random deal",
                ));
            }
        };
        let first = match params.first {
            First::Alice => Player::Alice,
            First::Bob => Player::Bob,
        };
        Ok(Nine { pos: Position::start(deal, first), first })
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: usize) -> String {
        Player::ALL.get(player).map_or_else(|| format!("player {player}"), |p| p.to_string())
    }

    fn current_player(&self) -> Option<usize> {
        (!self.pos.is_over()).then(|| self.pos.to_move().index())
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.pos.legal_moves().to_vec()
    }

    fn apply(&mut self, action: Move) {
        self.pos.play(action);
    }

    fn parse_action(&self, text: &str) -> Result<Move, String> {
        text.parse().map_err(|e: tabletop_nine::ParseCardError| e.to_string())
    }

    fn returns(&self) -> Vec<f64> {
        let v = self.pos.result().unwrap_or(0) as f64;
        vec![v, -v]
    }

    fn num_distinct_actions(&self) -> usize {
        Card::COUNT + 1
    }

    fn action_id(&self, action: Move) -> usize {
        match action {
            Move::Play(c) => c.index(),
            Move::Pass => Card::COUNT,
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Move> {
        if id == Card::COUNT { Some(Move::Pass) } else { Card::from_index(id).map(Move::Play) }
    }

    fn bots(&self) -> Vec<String> {
        vec!["solver".to_owned(), "random".to_owned()]
    }

    fn bot_action(&self, bot: &str, seed: u64) -> Move {
        let legal = self.legal_actions();
        match bot {
            "random" => *legal.choose(&mut seeded_rng(seed)).expect("a legal move"),
            _ => with_solver(|s| s.best_moves(&self.pos))[0].0,
        }
    }

    fn view(&self, _viewer: Option<usize>) -> NineView {
        let p = &self.pos;
        let played = p.played();
        NineView {
            deal: p.deal().to_string(),
            first: self.first.to_string(),
            to_move: (!p.is_over()).then(|| p.to_move().to_string()),
            hands: [cards(p.hand(Player::Alice)), cards(p.hand(Player::Bob))],
            table: Suit::ALL
                .iter()
                .map(|&s| NineSuit { suit: s.char(), cards: cards(played & CardSet::suit(s)) })
                .collect(),
            playable: if p.is_over() { Vec::new() } else { cards(p.playable()) },
            winner: p.winner().map(|w| w.to_string()),
            result: p.result(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.pos.check()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![5, Card::COUNT]
    }

    /// Five planes of 36 cards (index = suit * 9 + rank, suits C D S H, ranks 6..A): the
    /// player's hand, the opponent's hand (Nine is open), the cards on the table, the cards
    /// playable now, and all ones when the player is to move.
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        let me = Player::ALL[player.min(1)];
        let p = &self.pos;
        let mut t = vec![0.0; 5 * Card::COUNT];
        let planes = [p.hand(me), p.hand(me.opponent()), p.played(), p.playable()];
        for (k, set) in planes.into_iter().enumerate() {
            for c in set {
                t[k * Card::COUNT + c.index()] = 1.0;
            }
        }
        if self.current_player() == Some(me.index()) {
            t[4 * Card::COUNT..].fill(1.0);
        }
        t
    }

    fn text(&self) -> String {
        format!("{}\n{}", self.pos.deal(), self.pos)
    }

    fn max_remaining_steps(&self) -> usize {
        2 * (Card::COUNT - self.pos.played().len())
    }
}

impl Analyse for Nine {
    type Analysis = NineAnalysis;

    /// Exact: the solver's value of every legal move and a principal variation (a few
    /// milliseconds per position; no cap needed).
    fn analyse(&self, _seed: u64) -> Result<NineAnalysis, PlayError> {
        let p = &self.pos;
        with_solver(|s| {
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
                deal: NineDealValue {
                    alice_first: dv.alice_first,
                    bob_first: dv.bob_first,
                    importance: dv.importance(),
                },
            })
        })
    }
}
