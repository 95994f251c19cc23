//! One hand of the game and a match of hands to a target.
//!
//! A round has two phases: every player reveals a card at once ([`Hand::reveal`]), then the
//! revealed cards are placed one at a time in ascending order ([`Hand::place_next`]). Under
//! [`RowRule::Choose`](crate::RowRule::Choose) the owner of a card that is below every row end
//! picks the row it takes ([`Hand::row_choice`]); that is a separate decision, which
//! [`Take6`](crate::Take6) (the [`tabletop_core::Game`]) presents as a step of its own.
//!
//! Everything lives in fixed arrays and bitsets: cloning a hand is a copy of a few hundred
//! bytes and playing one allocates nothing.

use std::fmt;
use std::str::FromStr;

use tabletop_core::{seeded_rng, sub_seed};

use crate::card::{Card, CardSet};
use crate::error::{DealError, IllegalMoveError, ParseActionError, RulesError};
use crate::rules::{MAX_PLAYERS, MAX_ROWS, Rules};
use crate::table::{Table, Target};

/// One placed card and what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    /// The player (0-based).
    pub player: usize,
    /// The card.
    pub card: Card,
    /// The row it went to (0-based).
    pub row: usize,
    /// The cards the player took (empty if none).
    pub taken: CardSet,
    /// Which rule placed the card where it went.
    pub reason: Reason,
}

/// Which rule decided a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reason {
    /// The card went after the row end below it and closest to it, and the row had room.
    Appended,
    /// The card was the sixth of its row: it took the five cards.
    Sixth,
    /// The card was below every row end and took the row ending highest
    /// ([`RowRule::Forced`](crate::RowRule::Forced)).
    TooLowForced,
    /// The card was below every row end and its owner picked the row it took
    /// ([`RowRule::Choose`](crate::RowRule::Choose)).
    TooLowChosen,
}

impl Placement {
    /// The heads the player took.
    pub fn heads(&self) -> u32 {
        self.taken.heads()
    }
}

/// The next card to place in the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Next {
    /// Its owner (0-based).
    pub player: usize,
    /// The card (the lowest revealed card not yet placed).
    pub card: Card,
    /// Where it goes.
    pub target: Target,
}

/// What one player knows: the public cards and their own hand.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The player (0-based).
    pub seat: usize,
    /// The player's cards.
    pub hand: CardSet,
    /// The table.
    pub table: &'a Table,
    /// Every card seen by all: the starting cards and every card revealed so far (placed,
    /// taken or waiting to be placed).
    pub public: CardSet,
    /// The cards revealed this round that are not placed yet.
    pub pending: CardSet,
    /// Each player's revealed card that is not placed yet (public: everyone saw it).
    pub revealed: &'a [Option<Card>],
    /// The cards each player took this hand.
    pub taken: &'a [CardSet],
    /// The rounds finished so far.
    pub round: usize,
}

impl View<'_> {
    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.taken.len()
    }

    /// Planes 0 to 7 of the player's observation tensor as sets (see
    /// [`Take6`](crate::Take6)): the hand, the rows, every card taken, the cards revealed and
    /// not placed, and the player's own choice this round, empty (a view is taken at a
    /// decision, before the player chooses).
    pub(crate) fn observed_sets(&self) -> [CardSet; 8] {
        let mut sets = [CardSet::EMPTY; 8];
        sets[0] = self.hand;
        for (set, row) in sets[1..5].iter_mut().zip(self.table.rows()) {
            *set = row.cards();
        }
        sets[5] = self.taken.iter().fold(CardSet::EMPTY, |s, &t| s | t);
        sets[6] = self.pending;
        sets
    }

    /// The cards this player has not seen: in other hands or not dealt.
    pub fn unseen(&self) -> CardSet {
        CardSet::deck(self.rules.deck()) - self.hand - self.public
    }
}

/// One hand: the table, the players' cards, what they took, the round in progress.
///
/// ```
/// use tabletop_take6::{Card, CardSet, Hand, Rules};
///
/// let rules = Rules::judge(2, 1, 1).unwrap();
/// let c = Card::from_value;
/// let hands = [CardSet::single(c(3)), CardSet::single(c(1))];
/// let mut hand = Hand::from_deal(rules, &[c(2)], &hands).unwrap();
/// hand.reveal(&[c(3), c(1)]);
/// // 1 is below the only row: player 2 takes [2].
/// let p = hand.place_next(None);
/// assert_eq!((p.player, p.taken.to_string()), (1, "2".to_string()));
/// // 3 follows 1.
/// assert_eq!(hand.place_next(None).taken, CardSet::EMPTY);
/// assert!(hand.is_over());
/// assert_eq!(hand.penalty(1), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    rules: Rules,
    table: Table,
    hands: [CardSet; MAX_PLAYERS],
    taken: [CardSet; MAX_PLAYERS],
    /// Each player's revealed card not yet placed.
    revealed: [Option<Card>; MAX_PLAYERS],
    /// The revealed cards not yet placed.
    pending: CardSet,
    /// The starting cards and every revealed card.
    public: CardSet,
    /// Every card of the hand: the starting cards and the hands as dealt.
    in_play: CardSet,
    round: u8,
}

impl Hand {
    /// The hand with the given starting cards (one per row) and hands (one per player).
    pub fn from_deal(rules: Rules, starts: &[Card], hands: &[CardSet]) -> Result<Hand, DealError> {
        if starts.len() != rules.num_rows() {
            return Err(DealError::Starts { found: starts.len(), expected: rules.num_rows() });
        }
        if hands.len() != rules.num_players() {
            return Err(DealError::Hands { found: hands.len(), expected: rules.num_players() });
        }
        let mut all = CardSet::EMPTY;
        for &c in starts {
            if !all.insert(c) {
                return Err(DealError::Duplicate(c));
            }
        }
        for (i, h) in hands.iter().enumerate() {
            if h.len() != rules.hand_size() as usize {
                return Err(DealError::HandSize {
                    player: i,
                    found: h.len(),
                    expected: rules.hand_size() as usize,
                });
            }
            if let Some(c) = (*h & all).first() {
                return Err(DealError::Duplicate(c));
            }
            all |= *h;
        }
        if let Some(c) = (all - CardSet::deck(rules.deck())).first() {
            return Err(DealError::OutOfDeck { card: c, deck: rules.deck() });
        }
        let mut hand_sets = [CardSet::EMPTY; MAX_PLAYERS];
        hand_sets[..hands.len()].copy_from_slice(hands);
        let table = Table::new(starts);
        Ok(Hand {
            rules,
            table,
            hands: hand_sets,
            taken: [CardSet::EMPTY; MAX_PLAYERS],
            revealed: [None; MAX_PLAYERS],
            pending: CardSet::EMPTY,
            public: table.cards(),
            in_play: all,
            round: 0,
        })
    }

    /// A random deal: the deck is shuffled, the first cards start the rows, the next ones go
    /// to the players in turn.
    pub fn deal<R: tabletop_core::rand::Rng + ?Sized>(rules: Rules, rng: &mut R) -> Hand {
        let deck = rules.deck() as usize;
        let mut cards = [0u8; crate::card::DECK_SIZE as usize];
        for (i, c) in cards.iter_mut().enumerate().take(deck) {
            *c = i as u8 + 1;
        }
        // Partial Fisher-Yates: only the cards dealt are drawn.
        let needed = rules.cards_in_play();
        for i in 0..needed {
            let j = rng.random_range(i as u32..deck as u32) as usize;
            cards.swap(i, j);
        }
        let card = |i: usize| Card::from_value(cards[i]);
        let mut starts = [Card::MIN; MAX_ROWS];
        for (r, s) in starts.iter_mut().enumerate().take(rules.num_rows()) {
            *s = card(r);
        }
        let table = Table::new(&starts[..rules.num_rows()]);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut k = rules.num_rows();
        for _ in 0..rules.hand_size() {
            for h in hands.iter_mut().take(rules.num_players()) {
                h.insert(card(k));
                k += 1;
            }
        }
        let in_play = hands.iter().fold(table.cards(), |s, h| s | *h);
        Hand {
            rules,
            table,
            hands,
            taken: [CardSet::EMPTY; MAX_PLAYERS],
            revealed: [None; MAX_PLAYERS],
            pending: CardSet::EMPTY,
            public: table.cards(),
            in_play,
            round: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The cards `player` holds.
    pub fn hand(&self, player: usize) -> CardSet {
        self.hands[player]
    }

    /// The cards `player` took this hand.
    pub fn taken(&self, player: usize) -> CardSet {
        self.taken[player]
    }

    /// The heads `player` took this hand.
    pub fn penalty(&self, player: usize) -> u32 {
        self.taken[player].heads()
    }

    /// The heads of every player, this hand.
    pub fn penalties(&self) -> [u32; MAX_PLAYERS] {
        let mut p = [0; MAX_PLAYERS];
        for (i, slot) in p.iter_mut().enumerate().take(self.rules.num_players()) {
            *slot = self.penalty(i);
        }
        p
    }

    /// The rounds finished so far.
    pub fn round(&self) -> usize {
        self.round as usize
    }

    /// The starting cards and every card revealed so far.
    pub fn public(&self) -> CardSet {
        self.public
    }

    /// Every card of the hand (starting cards and hands as dealt).
    pub fn in_play(&self) -> CardSet {
        self.in_play
    }

    /// The revealed cards of the current round that are not placed yet.
    pub fn pending(&self) -> CardSet {
        self.pending
    }

    /// The card `player` revealed this round, if it is not placed yet.
    pub fn revealed(&self, player: usize) -> Option<Card> {
        self.revealed[player]
    }

    /// Whether every round is played.
    pub fn is_over(&self) -> bool {
        self.round == self.rules.hand_size() && self.pending.is_empty()
    }

    /// What `player` knows.
    pub fn view(&self, player: usize) -> View<'_> {
        View {
            rules: &self.rules,
            seat: player,
            hand: self.hands[player],
            table: &self.table,
            public: self.public,
            pending: self.pending,
            revealed: &self.revealed[..self.rules.num_players()],
            taken: &self.taken[..self.rules.num_players()],
            round: self.round as usize,
        }
    }

    /// Every player reveals a card at once (`cards[i]` is player `i`'s).
    ///
    /// # Panics
    /// If the move is illegal (see [`Hand::try_reveal`]).
    pub fn reveal(&mut self, cards: &[Card]) {
        if let Err(e) = self.try_reveal(cards) {
            panic!("illegal reveal: {e}");
        }
    }

    /// Every player reveals a card at once, if that is legal now.
    pub fn try_reveal(&mut self, cards: &[Card]) -> Result<(), IllegalMoveError> {
        if let Some(next) = self.next() {
            return Err(IllegalMoveError::RowChoicePending {
                player: next.player,
                card: next.card,
            });
        }
        if self.is_over() {
            return Err(IllegalMoveError::HandOver);
        }
        let n = self.rules.num_players();
        if cards.len() != n {
            return Err(IllegalMoveError::CardCount { found: cards.len(), expected: n });
        }
        for (player, &card) in cards.iter().enumerate() {
            if !self.hands[player].contains(card) {
                return Err(IllegalMoveError::NotInHand { player, card });
            }
        }
        self.reveal_unchecked(cards);
        Ok(())
    }

    /// [`Hand::reveal`] without checks.
    ///
    /// Precondition: no card of this round is waiting, the hand is not over, and `cards` holds
    /// one card per player from that player's hand (checked in debug builds).
    #[inline]
    pub fn reveal_unchecked(&mut self, cards: &[Card]) {
        debug_assert!(self.pending.is_empty() && !self.is_over());
        debug_assert_eq!(cards.len(), self.rules.num_players());
        for (player, &card) in cards.iter().enumerate() {
            debug_assert!(self.hands[player].contains(card));
            self.hands[player].remove(card);
            self.revealed[player] = Some(card);
            self.pending.insert(card);
        }
        self.public |= self.pending;
    }

    /// The next card to place this round, if any.
    #[inline]
    pub fn next(&self) -> Option<Next> {
        let card = self.pending.first()?;
        let player = self.owner(card);
        Some(Next { player, card, target: self.table.target(card) })
    }

    fn owner(&self, card: Card) -> usize {
        self.revealed.iter().position(|&r| r == Some(card)).expect("a pending card has an owner")
    }

    /// The player who must pick a row now, and their card: under [`RowRule::Choose`](crate::RowRule::Choose), when the
    /// next card is below every row end.
    pub fn row_choice(&self) -> Option<Next> {
        self.next().filter(|n| self.asks_row(n))
    }

    /// Whether placing `next` needs its owner's row choice: the one place that decides it.
    #[inline]
    fn asks_row(&self, next: &Next) -> bool {
        next.target == Target::TooLow && self.rules.row_rule().owner_chooses()
    }

    /// Places the lowest revealed card. `choice` is the row a too-low card takes under
    /// [`RowRule::Choose`](crate::RowRule::Choose); it is ignored otherwise.
    ///
    /// # Panics
    /// If no card is waiting, or a row choice is needed and `choice` is `None` or not a row.
    #[inline]
    pub fn place_next(&mut self, choice: Option<usize>) -> Placement {
        let next = self.next().expect("a revealed card waits to be placed");
        self.place_unchecked(next, choice)
    }

    /// Places the lowest revealed card, if that is legal now: a card waits and, when its owner
    /// must pick the row it takes, `choice` is a row.
    pub fn try_place_next(&mut self, choice: Option<usize>) -> Result<Placement, IllegalMoveError> {
        let next = self.next().ok_or(IllegalMoveError::NothingToPlace)?;
        if self.asks_row(&next) && choice.is_none_or(|r| r >= self.table.num_rows()) {
            return Err(IllegalMoveError::RowChoiceNeeded {
                player: next.player,
                card: next.card,
                rows: self.table.num_rows(),
            });
        }
        Ok(self.place_unchecked(next, choice))
    }

    /// [`Hand::place_next`] for a `next` already computed.
    ///
    /// Precondition: `next == self.next().unwrap()` (checked in debug builds).
    ///
    /// # Panics
    /// If a row choice is needed and `choice` is `None` or not a row.
    #[inline(always)]
    pub fn place_unchecked(&mut self, next: Next, choice: Option<usize>) -> Placement {
        debug_assert_eq!(Some(next), self.next());
        let (row, reason) = match next.target {
            Target::Row(r) => {
                (r, if self.table.rows()[r].is_full() { Reason::Sixth } else { Reason::Appended })
            }
            Target::TooLow => {
                let rule = self.rules.row_rule();
                let r = self
                    .table
                    .too_low_row(rule, || choice.expect("a too-low card needs a row choice"));
                assert!(r < self.table.num_rows(), "row {} does not exist", r + 1);
                (r, if rule.owner_chooses() { Reason::TooLowChosen } else { Reason::TooLowForced })
            }
        };
        let taken = self.table.place(next.card, row);
        self.taken[next.player] |= taken;
        self.revealed[next.player] = None;
        self.pending.remove(next.card);
        if self.pending.is_empty() {
            self.round += 1;
        }
        debug_assert_eq!(self.check_invariants(), Ok(()));
        Placement { player: next.player, card: next.card, row, taken, reason }
    }

    /// Places every card waiting that needs no choice; stops at a row choice.
    pub fn place_forced(&mut self, mut on_place: impl FnMut(&Hand, &Placement)) {
        while let Some(next) = self.next() {
            if self.asks_row(&next) {
                return;
            }
            let p = self.place_unchecked(next, None);
            on_place(self, &p);
        }
    }

    /// Plays a whole round: reveals `cards`, then places them in ascending order, asking
    /// `choose(hand, player, card)` for the row whenever a too-low card's owner must pick one,
    /// and calling `on_place` after every placement.
    ///
    /// # Panics
    /// If the reveal is illegal or `choose` returns a row that does not exist.
    pub fn play_round(
        &mut self,
        cards: &[Card],
        mut choose: impl FnMut(&Hand, usize, Card) -> usize,
        mut on_place: impl FnMut(&Hand, &Placement),
    ) {
        self.reveal(cards);
        while let Some(next) = self.next() {
            let choice = self.asks_row(&next).then(|| choose(self, next.player, next.card));
            let p = self.place_unchecked(next, choice);
            on_place(self, &p);
        }
    }

    /// The consistency check: the rows, the hands, the cards taken and the cards waiting are
    /// disjoint and together make up the cards in play (so the heads add up: heads taken plus
    /// heads on the table equal the heads of every card placed or starting a row), the cards
    /// waiting are the revealed ones, every player holds one card per round to play, and every
    /// row agrees with itself ([`Table::check_invariants`]).
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.rules.num_players();
        let parts = std::iter::once(self.table.cards())
            .chain(self.hands[..n].iter().copied())
            .chain(self.taken[..n].iter().copied())
            .chain(std::iter::once(self.pending));
        let mut union = CardSet::EMPTY;
        for part in parts {
            if !(union & part).is_empty() {
                return Err(format!("cards {} are in two places", union & part));
            }
            union |= part;
        }
        if union != self.in_play {
            return Err(format!("cards in play {} but found {}", self.in_play, union));
        }
        let waiting = self.revealed[..n].iter().flatten().copied().collect::<CardSet>();
        if waiting != self.pending || self.revealed[n..].iter().any(Option::is_some) {
            return Err(format!("revealed cards {waiting} but pending {}", self.pending));
        }
        let Some(left) = (self.rules.hand_size() as usize).checked_sub(self.round as usize) else {
            return Err(format!("round {} of {}", self.round, self.rules.hand_size()));
        };
        for (p, h) in self.hands[..n].iter().enumerate() {
            // During a round every card is revealed, placed or not.
            let expected = left.checked_sub(usize::from(!self.pending.is_empty()));
            if Some(h.len()) != expected {
                return Err(format!(
                    "player {} holds {} cards in round {}",
                    p + 1,
                    h.len(),
                    self.round
                ));
            }
        }
        self.table.check_invariants()
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.table)?;
        for p in 0..self.rules.num_players() {
            write!(
                f,
                "player {}: hand {}, took {} ({} heads)",
                p + 1,
                self.hands[p],
                self.taken[p],
                self.penalty(p)
            )?;
            if let Some(c) = self.revealed[p] {
                write!(f, ", revealed {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A move of [`Take6`](crate::Take6): a card to choose (or dealt, at a chance node), or the row a
/// too-low card takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Choose this card to reveal (or, at a chance node, deal it).
    Play(Card),
    /// Take this row (0-based; written 1-based, `r1`).
    TakeRow(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "{c}"),
            Action::TakeRow(r) => write!(f, "r{}", r + 1),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        if let Some(row) = s.strip_prefix('r') {
            let r: u8 = row.parse().map_err(|_| ParseActionError)?;
            if r == 0 || r as usize > MAX_ROWS {
                return Err(ParseActionError);
            }
            return Ok(Action::TakeRow(r - 1));
        }
        s.parse().map(Action::Play).map_err(|_| ParseActionError)
    }
}

/// A match: hands are played one after another until, at the end of a hand, some player has
/// reached the rules' target; the fewest heads wins. The rules must make every hand score
/// ([`Rules::hand_always_scores`]), so that a match ends.
///
/// A match holds no seed: [`Match::new`] and [`Match::deal_next`] deal hand `k` from
/// [`Match::hand_seed`]`(seed, k)`, and [`Match::start_hand`] takes a hand dealt elsewhere (the
/// chance nodes of [`Take6`](crate::Take6)). Between the end of a hand and the next deal the
/// match [needs a hand](Match::needs_hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The hand in progress (the last one once it is over).
    hand: Hand,
    /// The heads of every hand before `hand`, per player, oldest first.
    earlier: Vec<[u32; MAX_PLAYERS]>,
}

impl Match {
    /// A new match seeded with `seed`: its first hand dealt from [`Match::hand_seed`]`(seed, 0)`.
    /// The rules must guarantee that every hand scores ([`Rules::hand_always_scores`]).
    pub fn new(rules: Rules, seed: u64) -> Result<Match, RulesError> {
        Match::from_hand(Hand::deal(rules, &mut seeded_rng(Match::hand_seed(seed, 0))))
    }

    /// A new match whose first hand is `first`. Its rules must guarantee that every hand
    /// scores ([`Rules::hand_always_scores`]).
    pub fn from_hand(first: Hand) -> Result<Match, RulesError> {
        if !first.rules.hand_always_scores() {
            return Err(RulesError::EndlessMatch);
        }
        Ok(Match { hand: first, earlier: Vec::new() })
    }

    /// The seed that hand `k` (0-based) of the match seeded with `seed` is dealt from.
    pub fn hand_seed(seed: u64, k: u32) -> u64 {
        sub_seed(seed, u64::from(k))
    }

    /// The hand in progress (the last one once it is over).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The number of hands dealt so far.
    pub fn hands_dealt(&self) -> u32 {
        self.earlier.len() as u32 + 1
    }

    /// The heads of every finished hand plus those of the hand in progress, per player.
    pub fn scores(&self) -> [u32; MAX_PLAYERS] {
        let mut s = self.hand.penalties();
        for hand in &self.earlier {
            for (total, heads) in s.iter_mut().zip(hand) {
                *total += heads;
            }
        }
        s
    }

    /// The heads of each finished hand per player (the first [`Rules::num_players`] entries
    /// count), oldest first; the hand in progress once it is over.
    pub fn finished_hands(&self) -> Vec<[u32; MAX_PLAYERS]> {
        let mut v = self.earlier.clone();
        if self.hand.is_over() {
            v.push(self.hand.penalties());
        }
        v
    }

    /// Whether some player reached the target at the end of a hand.
    pub fn is_over(&self) -> bool {
        self.hand.is_over() && self.reached_target()
    }

    /// Whether the hand in progress is over and nobody reached the target: the next hand is to
    /// be dealt ([`Match::start_hand`], [`Match::deal_next`]).
    pub fn needs_hand(&self) -> bool {
        self.hand.is_over() && !self.reached_target()
    }

    fn reached_target(&self) -> bool {
        let target = u32::from(self.hand.rules.target());
        self.scores().iter().any(|&s| s >= target)
    }

    /// Starts the next hand with `hand`, dealt under the match's rules.
    ///
    /// # Panics
    /// If the match does not [need a hand](Match::needs_hand), or `hand` has other rules or is
    /// already under way.
    pub fn start_hand(&mut self, hand: Hand) {
        assert!(
            self.needs_hand(),
            "a hand starts only after the last one ended short of the target"
        );
        assert_eq!(hand.rules, self.hand.rules, "a match keeps its rules");
        assert_eq!(hand.round, 0, "a hand starts at its first round");
        self.earlier.push(self.hand.penalties());
        self.hand = hand;
    }

    /// Starts the next hand of the match seeded with `seed`: hand `k` is dealt from
    /// [`Match::hand_seed`]`(seed, k)`.
    ///
    /// # Panics
    /// If the match does not [need a hand](Match::needs_hand).
    pub fn deal_next(&mut self, seed: u64) {
        let k = self.hands_dealt();
        let rules = self.hand.rules;
        self.start_hand(Hand::deal(rules, &mut seeded_rng(Match::hand_seed(seed, k))));
    }

    /// The hand in progress, to play it on (through [`Hand`]'s moves; see [`Match::play`]).
    pub(crate) fn hand_mut(&mut self) -> &mut Hand {
        &mut self.hand
    }

    /// The consistency check: the hand's ([`Hand::check_invariants`]), every earlier hand scored, and the
    /// match went on after each of them only because every score was below the target.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.hand.check_invariants()?;
        let n = self.hand.rules.num_players();
        let target = u32::from(self.hand.rules.target());
        let mut totals = [0u32; MAX_PLAYERS];
        for (k, hand) in self.earlier.iter().enumerate() {
            if hand[..n].iter().sum::<u32>() == 0 || hand[n..].iter().any(|&h| h != 0) {
                return Err(format!("hand {} scored {:?}", k + 1, &hand[..]));
            }
            for (total, heads) in totals.iter_mut().zip(hand) {
                *total += heads;
            }
            if totals.iter().any(|&s| s >= target) {
                return Err(format!("the match went on after hand {} reached the target", k + 1));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
impl Hand {
    /// Sets the round counter, to test the checks.
    pub(crate) fn corrupt_round(&mut self, round: u8) {
        self.round = round;
    }
}

#[cfg(test)]
impl Match {
    /// The earlier hands' heads, to test the checks.
    pub(crate) fn corrupt_earlier(&mut self) -> &mut Vec<[u32; MAX_PLAYERS]> {
        &mut self.earlier
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_scores_every_hand_and_ends_at_the_target() {
        let rules = Rules::standard(3).unwrap();
        let mut m = Match::new(rules, 5).unwrap();
        assert_eq!(
            m,
            Match::from_hand(Hand::deal(rules, &mut seeded_rng(sub_seed(5, 0)))).unwrap()
        );
        assert_eq!((m.hands_dealt(), m.is_over(), m.needs_hand()), (1, false, false));
        let mut bots: Vec<_> =
            (0..3).map(|p| crate::BotKind::Random.build(&rules, p).unwrap()).collect();
        let mut hands = Vec::new();
        while !m.is_over() {
            crate::play_hand(m.hand_mut(), &mut bots);
            assert!(m.hand().is_over());
            hands.push(m.hand().penalties());
            assert_eq!(m.finished_hands(), hands);
            let scores = m.scores();
            let sums: Vec<u32> =
                (0..MAX_PLAYERS).map(|p| hands.iter().map(|h| h[p]).sum()).collect();
            assert_eq!(scores[..], sums[..]);
            assert_eq!(m.is_over(), scores.iter().any(|&s| s >= 66));
            assert_eq!(m.needs_hand(), !m.is_over());
            assert_eq!(m.check_invariants(), Ok(()));
            if m.needs_hand() {
                let k = m.hands_dealt();
                m.deal_next(5);
                let dealt = Hand::deal(rules, &mut seeded_rng(Match::hand_seed(5, k)));
                assert_eq!((m.hand(), m.hands_dealt()), (&dealt, k + 1));
            }
        }
        assert!(hands.len() >= 2, "a match to 66 of three players takes more than one hand");
        assert_eq!(Match::new(Rules::judge(2, 1, 4).unwrap(), 0), Err(RulesError::EndlessMatch));
    }

    #[test]
    #[should_panic(expected = "a hand starts only after")]
    fn a_match_starts_no_hand_before_the_last_one_ends() {
        let rules = Rules::standard(2).unwrap();
        let mut m = Match::new(rules, 1).unwrap();
        m.start_hand(Hand::deal(rules, &mut seeded_rng(2)));
    }

    #[test]
    fn match_checks_find_broken_scores() {
        let rules = Rules::standard(2).unwrap().with_target(10).unwrap();
        let mut m = Match::new(rules, 1).unwrap();
        assert_eq!(m.check_invariants(), Ok(()));
        m.earlier.push([0; MAX_PLAYERS]);
        assert_eq!(m.check_invariants(), Err(format!("hand 1 scored {:?}", [0; MAX_PLAYERS])));
        let mut heads = [0; MAX_PLAYERS];
        heads[5] = 3;
        m.earlier[0] = heads;
        assert!(m.check_invariants().unwrap_err().starts_with("hand 1 scored"));
        m.earlier[0] = [0; MAX_PLAYERS];
        m.earlier[0][1] = 10;
        assert_eq!(
            m.check_invariants(),
            Err("the match went on after hand 1 reached the target".to_owned())
        );
        m.earlier[0][1] = 9;
        assert_eq!(m.check_invariants(), Ok(()));
        m.hand.round = 99;
        assert_eq!(
            m.check_invariants(),
            Err("round 99 of 10".to_owned()),
            "the hand's own check runs"
        );
    }

    #[test]
    fn hand_checks_find_every_corruption() {
        let c = Card::from_value;
        let rules = Rules::judge(2, 2, 1).unwrap();
        let s = CardSet::single;
        let good =
            Hand::from_deal(rules, &[c(1)], &[s(c(2)) | s(c(4)), s(c(3)) | s(c(5))]).unwrap();
        assert_eq!(good.check_invariants(), Ok(()));
        let broken = |f: &dyn Fn(&mut Hand)| {
            let mut h = good.clone();
            f(&mut h);
            h.check_invariants().unwrap_err()
        };
        assert_eq!(
            broken(&|h| {
                h.taken[1].insert(c(2));
            }),
            "cards 2 are in two places"
        );
        assert_eq!(
            broken(&|h| {
                h.pending.insert(c(1));
            }),
            "cards 1 are in two places"
        );
        assert_eq!(broken(&|h| h.in_play -= s(c(5))), "cards in play 1 2 3 4 but found 1 2 3 4 5");
        assert_eq!(broken(&|h| h.revealed[0] = Some(c(2))), "revealed cards 2 but pending -");
        assert_eq!(broken(&|h| h.revealed[3] = Some(c(9))), "revealed cards - but pending -");
        assert_eq!(broken(&|h| h.round = 3), "round 3 of 2");
        assert_eq!(broken(&|h| h.round = 1), "player 1 holds 2 cards in round 1");
        assert_eq!(
            broken(&|h| {
                h.hands[0].remove(c(4));
                h.taken[0].insert(c(4));
            }),
            "player 1 holds 1 cards in round 0"
        );
        // Revealed: one card each fewer in hand.
        let mut h = good.clone();
        h.reveal(&[c(2), c(3)]);
        assert_eq!(h.check_invariants(), Ok(()));
        h.round = 2;
        assert_eq!(h.check_invariants(), Err("player 1 holds 1 cards in round 2".to_owned()));
        let e = broken(&|h| h.table = Table::new(&[c(1), c(6)]));
        assert!(e.starts_with("cards in play"), "{e}");
        // The rows' own check.
        let e = broken(&|h| h.table.corrupt_heads(0, 9));
        assert!(e.starts_with("row 1 is inconsistent"), "{e}");
    }

    #[test]
    fn actions_round_trip() {
        for a in [Action::Play(Card::from_value(7)), Action::TakeRow(0), Action::TakeRow(3)] {
            assert_eq!(a.to_string().parse(), Ok(a));
        }
        for bad in ["r0", "r5", "x", "0", "105", "r"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn deals_are_checked() {
        let c = Card::from_value;
        let rules = Rules::judge(2, 1, 1).unwrap();
        let s = CardSet::single;
        assert!(Hand::from_deal(rules, &[c(1)], &[s(c(2)), s(c(3))]).is_ok());
        assert_eq!(
            Hand::from_deal(rules, &[c(1)], &[s(c(2)), s(c(4))]),
            Err(DealError::OutOfDeck { card: c(4), deck: 3 })
        );
        assert_eq!(
            Hand::from_deal(rules, &[c(2)], &[s(c(2)), s(c(3))]),
            Err(DealError::Duplicate(c(2)))
        );
        assert!(matches!(
            Hand::from_deal(rules, &[c(1), c(2)], &[s(c(2)), s(c(3))]),
            Err(DealError::Starts { .. })
        ));
        // Seats are 0-based in the API and 1-based in every message.
        let e = Hand::from_deal(rules, &[c(1)], &[s(c(2)) | s(c(3)), CardSet::EMPTY]).unwrap_err();
        assert!(matches!(e, DealError::HandSize { player: 0, .. }));
        assert_eq!(e.to_string(), "player 1's hand has 2 cards: expected 1");
        let mut h = Hand::from_deal(rules, &[c(1)], &[s(c(2)), s(c(3))]).unwrap();
        assert_eq!(
            h.try_reveal(&[c(3), c(2)]),
            Err(IllegalMoveError::NotInHand { player: 0, card: c(3) })
        );
        assert_eq!(
            h.try_reveal(&[c(2)]),
            Err(IllegalMoveError::CardCount { found: 1, expected: 2 })
        );
        assert_eq!((h.round(), h.revealed(0), h.revealed(1)), (0, None, None));
        h.reveal(&[c(2), c(3)]);
        assert_eq!((h.round(), h.revealed(0), h.revealed(1)), (0, Some(c(2)), Some(c(3))));
        h.place_next(None);
        assert_eq!((h.revealed(0), h.revealed(1)), (None, Some(c(3))));
        h.place_next(None);
        assert_eq!((h.round(), h.revealed(1)), (1, None));
        assert_eq!(h.try_reveal(&[c(2), c(3)]), Err(IllegalMoveError::HandOver));
        // Two rounds: the count goes on.
        let rules = Rules::judge(2, 2, 1).unwrap();
        let hands = [s(c(2)) | s(c(4)), s(c(3)) | s(c(5))];
        let mut h = Hand::from_deal(rules, &[c(1)], &hands).unwrap();
        h.reveal(&[c(2), c(3)]);
        h.place_next(None);
        h.place_next(None);
        h.reveal(&[c(4), c(5)]);
        assert_eq!(h.round(), 1);
        h.place_next(None);
        h.place_next(None);
        assert_eq!((h.round(), h.is_over()), (2, true));
    }

    #[test]
    fn placements_are_checked() {
        let c = Card::from_value;
        let s = CardSet::single;
        // Two rows ending at 10 and 20; player 1's 5 is too low, player 2's 30 is not.
        let rules = Rules::new(crate::RowRule::Choose, 2, 4, 1, 104, 66).unwrap();
        let mut h =
            Hand::from_deal(rules, &[c(10), c(20), c(40), c(50)], &[s(c(5)), s(c(30))]).unwrap();
        assert_eq!(h.try_place_next(Some(0)), Err(IllegalMoveError::NothingToPlace));
        h.reveal(&[c(5), c(30)]);
        let needed = IllegalMoveError::RowChoiceNeeded { player: 0, card: c(5), rows: 4 };
        assert_eq!(h.try_place_next(None), Err(needed.clone()));
        assert_eq!(h.try_place_next(Some(4)), Err(needed.clone()));
        assert_eq!(needed.to_string(), "player 1 must choose one of the 4 rows for card 5");
        let before = h.clone();
        let placed = h.try_place_next(Some(1)).unwrap();
        assert_eq!((placed.player, placed.card, placed.row), (0, c(5), 1));
        let mut again = before;
        assert_eq!(again.place_next(Some(1)), placed);
        // The next card needs no choice, and a choice given is ignored.
        assert_eq!(h.try_place_next(Some(3)).unwrap().card, c(30));
        assert_eq!(h.try_place_next(None), Err(IllegalMoveError::NothingToPlace));
    }
}
