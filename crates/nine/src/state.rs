//! Positions of a deal: the run on the table in each suit and the player to move; legal moves,
//! forced passes and the end of the game.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::deal::{Deal, Player};
use crate::error::{IllegalMoveError, ParseCardError, PositionError};

/// The number of states of one suit on the table: empty, or a run `[low, high]` with low in
/// `6..=9` and high in `9..=A` (4 x 6 + 1).
pub const RUN_STATES: usize = 25;

/// The number of dense position indices of a deal: 25 run states per suit, two players to
/// move.
pub const POSITIONS: usize = RUN_STATES.pow(4) * 2;

/// The state index (`0..25`) of a suit whose cards on the table have the rank bits `ranks`
/// (bit 0 is the six); `None` if they are not an unbroken run containing the nine.
pub(crate) const fn run_state(ranks: u16) -> Option<u8> {
    if ranks == 0 {
        return Some(0);
    }
    let lo = ranks.trailing_zeros();
    let hi = 15 - ranks.leading_zeros();
    let run = ((1u32 << (hi + 1)) - (1 << lo)) as u16;
    if run != ranks || lo > 3 || hi < 3 || hi > 8 {
        return None;
    }
    Some((1 + lo * 6 + (hi - 3)) as u8)
}

/// The rank bits of a run state (the inverse of [`run_state`]).
pub(crate) const fn run_ranks(state: u8) -> u16 {
    if state == 0 {
        return 0;
    }
    let lo = (state as u32 - 1) / 6;
    let hi = (state as u32 - 1) % 6 + 3;
    ((1u32 << (hi + 1)) - (1 << lo)) as u16
}

/// A move: a card, or a pass when the player to move has no legal card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put this card on the table.
    Play(Card),
    /// No card can be played: the turn goes to the opponent.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(card) => write!(f, "{card}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Move, ParseCardError> {
        if s == "pass" { Ok(Move::Pass) } else { s.parse().map(Move::Play) }
    }
}

/// The legal moves of a position: at most two cards per suit (the two ends of its run, or its
/// nine), so eight; a single pass when there is none.
pub type Moves = ArrayVec<Move, 8>;

/// A position of a deal: the cards on the table (an unbroken run containing the nine in each
/// suit) and the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    deal: Deal,
    played: CardSet,
    to_move: Player,
}

impl Position {
    /// The start of a deal with `first` to move.
    pub fn start(deal: Deal, first: Player) -> Position {
        Position { deal, played: CardSet::EMPTY, to_move: first }
    }

    /// The position with `played` on the table and `to_move` to move, checked: the cards of
    /// every suit on the table form an unbroken run containing the nine.
    pub fn new(deal: Deal, played: CardSet, to_move: Player) -> Result<Position, PositionError> {
        for suit in Suit::ALL {
            let cards = played & CardSet::suit(suit);
            if run_state((cards.bits() >> (suit.index() * 9)) as u16).is_none() {
                return Err(PositionError::BrokenRun { suit: suit.char(), cards });
            }
        }
        Ok(Position { deal, played, to_move })
    }

    /// The deal.
    pub const fn deal(&self) -> Deal {
        self.deal
    }

    /// The cards on the table.
    pub const fn played(&self) -> CardSet {
        self.played
    }

    /// The player to move (meaningless once the game is over).
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// The cards `player` still holds.
    pub fn hand(&self, player: Player) -> CardSet {
        self.deal.hand(player) - self.played
    }

    /// The run state (`0..25`) of each suit.
    pub fn run_states(&self) -> [u8; 4] {
        Suit::ALL.map(|s| {
            run_state((self.played.bits() >> (s.index() * 9)) as u16 & 0x1FF)
                .expect("positions hold unbroken runs")
        })
    }

    /// The dense index of the position in `0..POSITIONS`, unique within its deal.
    pub fn index(&self) -> usize {
        let s = self.run_states();
        let runs = ((s[0] as usize * 25 + s[1] as usize) * 25 + s[2] as usize) * 25 + s[3] as usize;
        runs * 2 + self.to_move.index()
    }

    /// The cards that may be put on the table now, by whoever holds them.
    pub fn playable(&self) -> CardSet {
        // The sixes and the aces of the four suits (bits 0 and 8 of each suit's nine bits).
        const SIXES: u64 = 0x0804_0201;
        const ACES: u64 = SIXES << 8;
        let p = self.played.bits();
        // The cards of a suit on the table are one unbroken run, so the cards beside a card
        // on the table, in its suit (a six has none below, an ace none above), are the two
        // ends' outer neighbours.
        let beside = ((p << 1) & !SIXES | (p >> 1) & !ACES) & !p;
        // And the nine of each suit with nothing on the table.
        let mut nines = 0;
        for suit in 0..4 {
            nines |= u64::from((p >> (suit * 9)) & 0x1FF == 0) << (suit * 9 + 3);
        }
        CardSet::from_bits(beside | nines)
    }

    /// Whether the game is over (a player has put down their last card).
    pub fn is_over(&self) -> bool {
        self.hand(Player::Alice).is_empty() || self.hand(Player::Bob).is_empty()
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Player> {
        Player::ALL.into_iter().find(|&p| self.hand(p).is_empty())
    }

    /// The result once the game is over, signed from Alice's side: `+c` when Alice has won and
    /// Bob holds `c` cards, `-c` when Bob has won and Alice holds `c` cards.
    pub fn result(&self) -> Option<i32> {
        match self.winner()? {
            Player::Alice => Some(self.hand(Player::Bob).len() as i32),
            Player::Bob => Some(-(self.hand(Player::Alice).len() as i32)),
        }
    }

    /// The legal moves: the playable cards of the player to move, a single pass when there is
    /// none, nothing once the game is over.
    pub fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        if self.is_over() {
            return moves;
        }
        for card in self.playable() & self.hand(self.to_move) {
            moves.push(Move::Play(card));
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// Plays `mv` if it is legal.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let reason = if self.is_over() {
            Some("the game is over")
        } else {
            match mv {
                Move::Play(card) if !self.hand(self.to_move).contains(card) => {
                    Some("the player to move does not hold it")
                }
                Move::Play(card) if !self.playable().contains(card) => {
                    Some("its neighbour in the suit is not on the table")
                }
                Move::Pass if !(self.playable() & self.hand(self.to_move)).is_empty() => {
                    Some("a card can be played")
                }
                _ => None,
            }
        };
        if let Some(reason) = reason {
            return Err(IllegalMoveError { mv, reason });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv`.
    ///
    /// # Panics
    /// If `mv` is not legal.
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Plays `mv` without checking it. Precondition: `mv` is one of [`Position::legal_moves`];
    /// otherwise the position is meaningless (but memory-safe).
    pub fn play_unchecked(&mut self, mv: Move) {
        if let Move::Play(card) = mv {
            self.played.insert(card);
        }
        self.to_move = self.to_move.opponent();
        debug_assert!(self.check_invariants().is_ok(), "{:?}", self.check_invariants());
    }

    /// The position's consistency check: the deal is one ([`Deal::new`]: two disjoint hands of
    /// 18 cards making the deck, so the hands and the table partition it), and the cards of
    /// every suit on the table form an unbroken run containing the nine ([`Position::new`]).
    pub fn check_invariants(&self) -> Result<(), String> {
        Deal::new(self.deal.alice(), self.deal.bob()).map_err(|e| format!("not a deal: {e}"))?;
        Position::new(self.deal, self.played, self.to_move).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The position of these parts, unchecked: for the tests of [`Position::check_invariants`].
    #[cfg(test)]
    pub(crate) fn from_parts_unchecked(deal: Deal, played: CardSet, to_move: Player) -> Position {
        Position { deal, played, to_move }
    }
}

/// The table suit by suit (`C 8-J` for a run from 8 to J, `-` for an empty suit), then the
/// player to move.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for suit in Suit::ALL {
            let ranks = (self.played.bits() >> (suit.index() * 9)) as u16 & 0x1FF;
            if ranks == 0 {
                write!(f, "{suit} -  ")?;
            } else {
                let lo = Rank::ALL[ranks.trailing_zeros() as usize];
                let hi = Rank::ALL[15 - ranks.leading_zeros() as usize];
                write!(f, "{suit} {lo}-{hi}  ")?;
            }
        }
        match self.winner() {
            Some(w) => write!(f, "{w} has won"),
            None => write!(f, "{} to move", self.to_move),
        }
    }
}

impl tabletop_core::TwoPlayerZeroSum for Position {
    type Key = usize;

    fn key(&self) -> usize {
        self.index()
    }

    fn terminal_value(&self) -> Option<i32> {
        self.result()
    }

    fn first_player_to_move(&self) -> bool {
        self.to_move == Player::Alice
    }

    fn children(&self) -> Vec<Position> {
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *self;
                next.play_unchecked(mv);
                next
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_core::rand::Rng as _;

    #[test]
    fn run_states_are_dense_and_invert() {
        let mut seen = [false; RUN_STATES];
        for ranks in 0u16..512 {
            if let Some(s) = run_state(ranks) {
                assert!(!seen[s as usize]);
                seen[s as usize] = true;
                assert_eq!(run_ranks(s), ranks);
            }
        }
        assert!(seen.iter().all(|&b| b));
    }

    #[test]
    fn legal_moves_and_passes() {
        let deal: Deal = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
                          6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H"
            .parse()
            .unwrap();
        let mut pos = Position::start(deal, Player::Bob);
        assert_eq!(pos.legal_moves().as_slice(), &[Move::Pass]);
        assert!(pos.try_play("9S".parse().unwrap()).is_err());
        pos.play(Move::Pass);
        assert_eq!(pos.legal_moves().len(), 4);
        pos.play("9S".parse().unwrap());
        // Alice holds every nine, 8S and TS: Bob passes again.
        assert_eq!(pos.legal_moves().as_slice(), &[Move::Pass]);
        assert_eq!(pos.to_string(), "C -  D -  S 9-9  H -  Bob to move");
    }

    /// The rule itself, card by card: a card not on the table may be played when it is the
    /// nine of a suit with nothing on the table, or its neighbour in its suit is on the table.
    fn playable_by_the_rule(pos: &Position) -> CardSet {
        let on = |suit: Suit, rank: usize| {
            Rank::from_index(rank).is_some_and(|r| pos.played().contains(Card::new(suit, r)))
        };
        (0..36)
            .filter_map(Card::from_index)
            .filter(|&c| {
                let (suit, rank) = (c.suit(), c.rank().index());
                !pos.played().contains(c)
                    && ((c.rank() == Rank::Nine && (pos.played() & CardSet::suit(suit)).is_empty())
                        || (rank > 0 && on(suit, rank - 1))
                        || on(suit, rank + 1))
            })
            .collect()
    }

    /// The word-wide `playable` against the rule, along random games.
    #[test]
    fn playable_is_the_rule() {
        let mut rng = tabletop_core::seeded_rng(8);
        for _ in 0..300 {
            let mut pos = Position::start(crate::random_deal(&mut rng), Player::Alice);
            loop {
                assert_eq!(pos.playable(), playable_by_the_rule(&pos), "{pos}");
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                pos.play(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
