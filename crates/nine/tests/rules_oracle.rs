//! Nine's move generator and solver against a tiny implementation of the rules written in this
//! file from the spec's words, sharing nothing with `crates/nine/src` but the card names: the
//! legal moves along random games, and the value of whole deals by a plain minimax over it.
//! The library's own minimax uses the library's move generator, so only this catches a bug the
//! two share. Also the fast solver against the library's minimax on the low-reserve deals,
//! where the score bounds and reserve-run equivalences cut hardest.

use std::collections::{BTreeSet, HashMap};

use tabletop_core::rand::Rng as _;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{
    Deal, IllegalMoveError, Move, Player, Position, Solver, low_reserve_deals, minimax_deal,
    random_deal,
};

const RANKS: &str = "6789TJQKA";
const SUITS: &str = "CDSH";

/// The game from the rules: who holds each card (`owner[suit][rank]`, 0 Alice, 1 Bob), which
/// cards are on the table, and who moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Rules {
    owner: [[u8; 9]; 4],
    table: [[bool; 9]; 4],
    to_move: u8,
}

/// `"9S"` as (suit, rank) by position in the strings above.
fn parse(card: &str) -> (usize, usize) {
    let mut ch = card.chars();
    let rank = RANKS.find(ch.next().unwrap()).unwrap();
    let suit = SUITS.find(ch.next().unwrap()).unwrap();
    (suit, rank)
}

fn name((suit, rank): (usize, usize)) -> String {
    format!("{}{}", &RANKS[rank..=rank], &SUITS[suit..=suit])
}

impl Rules {
    /// The start of a deal, read from its text (Alice's line, then Bob's).
    fn start(deal: Deal, first: Player) -> Rules {
        let text = deal.to_string();
        let mut owner = [[9u8; 9]; 4];
        for (who, line) in text.lines().enumerate() {
            for card in line.split(' ') {
                let (s, r) = parse(card);
                owner[s][r] = who as u8;
            }
        }
        assert!(owner.iter().flatten().all(|&o| o < 2), "{text}");
        Rules { owner, table: [[false; 9]; 4], to_move: u8::from(first == Player::Bob) }
    }

    /// The cards `who` still holds.
    fn held(&self, who: u8) -> usize {
        (0..4)
            .flat_map(|s| (0..9).map(move |r| (s, r)))
            .filter(|&(s, r)| self.holds(who, s, r))
            .count()
    }

    fn holds(&self, who: u8, s: usize, r: usize) -> bool {
        self.owner[s][r] == who && !self.table[s][r]
    }

    /// "The game ends the moment a player puts down their last card."
    fn over(&self) -> bool {
        self.held(0) == 0 || self.held(1) == 0
    }

    /// Signed from Alice's side: +c if Alice won and Bob holds c cards, -c if Bob won.
    fn result(&self) -> i32 {
        if self.held(0) == 0 { self.held(1) as i32 } else { -(self.held(0) as i32) }
    }

    /// The cards the player to move may put down: a 9 at any time; 6, 7, 8 if the card one
    /// rank higher of the suit is on the table; T to A if the card one rank lower is.
    fn legal(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if self.over() {
            return out;
        }
        for s in 0..4 {
            for r in 0..9 {
                let ok = match &RANKS[r..=r] {
                    "9" => true,
                    "6" | "7" | "8" => self.table[s][r + 1],
                    _ => self.table[s][r - 1],
                };
                if ok && self.holds(self.to_move, s, r) {
                    out.push((s, r));
                }
            }
        }
        out
    }

    /// Puts down `card`, or passes with `None`; the turn goes to the opponent.
    fn play(&mut self, card: Option<(usize, usize)>) {
        if let Some((s, r)) = card {
            self.table[s][r] = true;
        }
        self.to_move = 1 - self.to_move;
    }

    /// The value under optimal play (Alice maximises, Bob minimises), memoised.
    fn value(&self, memo: &mut HashMap<Rules, i32>) -> i32 {
        if self.over() {
            return self.result();
        }
        if let Some(&v) = memo.get(self) {
            return v;
        }
        let moves = self.legal();
        let children: Vec<Option<(usize, usize)>> =
            if moves.is_empty() { vec![None] } else { moves.into_iter().map(Some).collect() };
        let values = children.into_iter().map(|m| {
            let mut next = *self;
            next.play(m);
            next.value(memo)
        });
        let v = if self.to_move == 0 { values.max().unwrap() } else { values.min().unwrap() };
        memo.insert(*self, v);
        v
    }
}

/// The library's legal moves as names (`"pass"` for a pass).
fn library_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(Move::to_string).collect()
}

fn rules_moves(g: &Rules) -> BTreeSet<String> {
    let legal = g.legal();
    if legal.is_empty() && !g.over() {
        return ["pass".to_owned()].into();
    }
    legal.into_iter().map(name).collect()
}

/// Plays one random game in both implementations, checking the moves at every step, the
/// illegal cards refused, and the result.
fn check_game(deal: Deal, first: Player, rng: &mut tabletop_core::Rng) {
    let mut pos = Position::start(deal, first);
    let mut g = Rules::start(deal, first);
    loop {
        let want = rules_moves(&g);
        assert_eq!(library_moves(&pos), want, "{deal}\n{pos}");
        assert_eq!(pos.is_over(), g.over());
        if g.over() {
            assert_eq!(pos.result(), Some(g.result()), "{deal}\n{pos}");
            // Nothing can be played once the game is over.
            let mut after = pos;
            let err = after.try_play(Move::Pass).unwrap_err();
            assert_eq!(err, IllegalMoveError { mv: Move::Pass, reason: "the game is over" });
            return;
        }
        // A pass is refused while the rules give a card to play.
        if !want.contains("pass") {
            let mut after = pos;
            let err = after.try_play(Move::Pass).unwrap_err();
            assert_eq!(err, IllegalMoveError { mv: Move::Pass, reason: "a card can be played" });
            assert_eq!(after, pos);
        }
        // Every card of the mover's hand that the rules forbid is refused, with its reason.
        for s in 0..4 {
            for r in 0..9 {
                let card = name((s, r));
                if g.holds(g.to_move, s, r) && !want.contains(&card) {
                    let mut after = pos;
                    let err = after.try_play(Move::Play(card.parse().unwrap())).unwrap_err();
                    assert_eq!(err.reason, "its neighbour in the suit is not on the table");
                    assert_eq!(after, pos);
                }
            }
        }
        let want: Vec<String> = want.into_iter().collect();
        let pick = &want[rng.random_range(0..want.len())];
        let mv: Move = pick.parse().unwrap();
        pos.try_play(mv).unwrap();
        g.play(if pick == "pass" { None } else { Some(parse(pick)) });
    }
}

#[test]
fn legal_moves_follow_the_rules_along_random_games() {
    let mut rng = seeded_rng(1769);
    // Random deals, and low-reserve deals (long suits of one player: many passes).
    let mut deals: Vec<Deal> =
        (0..150).map(|i| random_deal(&mut seeded_rng(sub_seed(8, i)))).collect();
    deals.extend(low_reserve_deals(5).into_iter().step_by(10));
    for deal in deals {
        for first in Player::ALL {
            check_game(deal, first, &mut rng);
        }
    }
}

#[test]
fn solver_equals_a_minimax_over_the_rules() {
    // A few deals only: this minimax is slow (a few hundred thousand positions a deal).
    let mut deals: Vec<Deal> =
        (0..2).map(|i| random_deal(&mut seeded_rng(sub_seed(77, i)))).collect();
    // The one deal with importance 30 among N <= 4 (its bounds cut hardest).
    let mut solver = Solver::new();
    let top = low_reserve_deals(4).into_iter().max_by_key(|&d| solver.solve(d).importance());
    let top = top.unwrap();
    assert_eq!(solver.solve(top).importance(), 30);
    deals.push(top);
    for deal in deals {
        let fast = solver.solve(deal);
        for first in Player::ALL {
            let mut memo = HashMap::new();
            let want = Rules::start(deal, first).value(&mut memo);
            assert_eq!(fast.first(first), want, "{first:?} first:\n{deal}");
        }
    }
}

#[test]
fn fast_solver_equals_minimax_on_the_lowest_reserve_deals() {
    // Every deal with at most 4 non-reserve cards, and a stride over those with 10 or 11 (the
    // stride over N <= 9 is in solver.rs), both first movers and the winner search.
    let mut deals = low_reserve_deals(4);
    let n = |d: &Deal| 36 - d.reserve().len();
    let far: Vec<Deal> = low_reserve_deals(11).into_iter().filter(|d| n(d) >= 10).collect();
    deals.extend(far.iter().step_by(far.len() / 30));
    let mut solver = Solver::new();
    for (i, &deal) in deals.iter().enumerate() {
        let (slow, _) = minimax_deal(deal);
        assert_eq!(solver.solve(deal), slow, "deal {i}:\n{deal}");
        for first in Player::ALL {
            let w = if slow.first(first) > 0 { Player::Alice } else { Player::Bob };
            assert_eq!(Solver::new().winner(&Position::start(deal, first)), w, "deal {i}:\n{deal}");
        }
    }
}
