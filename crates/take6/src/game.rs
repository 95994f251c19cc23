//! [`Take6`]: the game as a [`tabletop_core::Game`]: one hand or a match, the deals as chance
//! nodes, the simultaneous rounds turned into turns.

use std::fmt::Write as _;
use std::sync::Arc;

use tabletop_core::rand::seq::{IndexedRandom, SliceRandom};
use tabletop_core::text::clip;
use tabletop_core::{
    ChanceMode, Dynamics, Game, GameType, IllegalAction, Information, Number, ParamsError,
    RewardModel, Rng, Turn, UnknownBot, Utility, seeded_rng,
};

use crate::bot::{Bot, BotKind, Budget, MonteCarloBot, bot_for};
use crate::card::{Card, CardSet, DECK_SIZE};
use crate::error::{BotError, ParseBotError};
use crate::judge::parse_nthu14463;
use crate::rules::{MAX_PLAYERS, MAX_ROWS, RowRule, Rules};
use crate::script::Script;
use crate::state::{Action, Hand, Match, Placement};
#[cfg(doc)]
use crate::table::Table;

/// Writes an observation tensor: `sets` are planes 0 to 7 (see [`Take6`]), `choosing` plane
/// 8 (one flag repeated). The one writer of the observation, for the game and for the
/// network bots (from a [`View`](crate::View)).
///
/// # Panics
/// If `out` does not hold nine planes of 104 numbers.
pub(crate) fn write_observation<T: Number>(sets: &[CardSet; 8], choosing: bool, out: &mut [T]) {
    // Card `v` is bit `v` of a set, number `v - 1` of a plane; the last plane is one flag
    // repeated, written with the rest (by the same stores as every plane).
    let mut planes = [if choosing { u128::MAX } else { 0 }; 9];
    for (plane, set) in planes.iter_mut().zip(sets) {
        *plane = set.bits() >> 1;
    }
    tabletop_core::write_flag_planes(out, &planes);
}

/// The samples per card of the Monte Carlo estimate of an analysis
/// ([`sampled_penalty`](crate::sampled_penalty)).
pub const ANALYSIS_SAMPLES: u32 = 2_000;

/// One hand or a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Mode {
    /// One hand: the returns are minus each player's heads.
    #[default]
    Hand,
    /// Hands until someone reaches the target at the end of a hand: the returns are minus
    /// each player's total.
    Match,
}

/// The parameters of a [`Take6`] game. Default: the published rules (104 cards, 4 rows,
/// 10 cards each, free row choice) for 4 players, one hand. In JSON (feature `serde`) every
/// field is optional and unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct Take6Params {
    /// Players, `2..=10`.
    pub players: u8,
    /// Rows, `1..=4`.
    pub rows: u8,
    /// Cards per player per hand (rounds), `1..=50`.
    pub hand_size: u8,
    /// The highest card, at most 104 and at least `players * hand_size + rows`.
    pub deck: u8,
    /// `choose` (the published game: the owner of a too-low card picks the row) or `forced`
    /// (the judge's: the row ending highest).
    pub row_rule: String,
    /// A match ends after the hand in which someone reaches this many heads.
    pub target: u16,
    /// `hand` or `match`.
    pub mode: Mode,
    /// The judge's input (NTHU 14463) to replay: its rules and deal replace the fields above,
    /// and the bot `script` plays its cards.
    pub script: Option<String>,
}

impl Default for Take6Params {
    fn default() -> Take6Params {
        let r = Rules::standard(4).expect("the published rules for 4 players are valid");
        Take6Params::of(&r, Mode::Hand)
    }
}

impl Take6Params {
    /// The parameters of `rules` in `mode`, without a script.
    pub fn of(rules: &Rules, mode: Mode) -> Take6Params {
        Take6Params {
            players: rules.players(),
            rows: rules.rows(),
            hand_size: rules.hand_size(),
            deck: rules.deck(),
            row_rule: rules.row_rule().to_string(),
            target: rules.target(),
            mode,
            script: None,
        }
    }
}

/// The cards of one hand dealt so far, in the order of the chance outcomes: each player's
/// cards in seat order, then one starting card per row. Once complete, the hand as dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Deal {
    hands: [CardSet; MAX_PLAYERS],
    /// The starting cards, the first [`Deal::starts_dealt`] of them dealt.
    starts: [Card; MAX_ROWS],
    /// The number of cards dealt.
    dealt: u8,
}

impl Deal {
    const EMPTY: Deal =
        Deal { hands: [CardSet::EMPTY; MAX_PLAYERS], starts: [Card::MIN; MAX_ROWS], dealt: 0 };

    /// The deal of `hand` before its first round, complete.
    fn of(hand: &Hand) -> Deal {
        let mut deal = Deal::EMPTY;
        for (who, cards) in Take6::dealt(hand) {
            match who {
                Actor::Dealt(p) => deal.hands[usize::from(p)] = cards,
                Actor::Start(r) => deal.starts[usize::from(r)] = cards.first().expect("a card"),
                Actor::Player(_) => unreachable!("a deal goes to players and rows"),
            }
        }
        deal.dealt = hand.rules().cards_in_play() as u8;
        deal
    }

    fn is_complete(&self, rules: &Rules) -> bool {
        usize::from(self.dealt) == rules.cards_in_play()
    }

    fn in_hands(rules: &Rules) -> usize {
        rules.num_players() * usize::from(rules.hand_size())
    }

    fn starts_dealt(&self, rules: &Rules) -> usize {
        usize::from(self.dealt).saturating_sub(Deal::in_hands(rules))
    }

    fn starts(&self, rules: &Rules) -> &[Card] {
        &self.starts[..self.starts_dealt(rules)]
    }

    /// Every card dealt.
    fn cards(&self, rules: &Rules) -> CardSet {
        let starts: CardSet = self.starts(rules).iter().copied().collect();
        self.hands.iter().fold(starts, |s, h| s | *h)
    }

    /// The deal order, the one place that says it: who gets card `k` (from 0) of a hand's
    /// deal: each player's [`Rules::hand_size`] cards in seat order, then one starting card
    /// per row.
    fn actor_at(rules: &Rules, k: usize) -> Actor {
        let h = usize::from(rules.hand_size());
        if k < Deal::in_hands(rules) {
            Actor::Dealt((k / h) as u8)
        } else {
            Actor::Start((k - Deal::in_hands(rules)) as u8)
        }
    }

    /// Who the next card goes to.
    fn next_actor(&self, rules: &Rules) -> Actor {
        Deal::actor_at(rules, usize::from(self.dealt))
    }

    fn push(&mut self, rules: &Rules, card: Card) {
        match self.next_actor(rules) {
            Actor::Dealt(p) => {
                self.hands[usize::from(p)].insert(card);
            }
            Actor::Start(r) => self.starts[usize::from(r)] = card,
            Actor::Player(_) => unreachable!("a deal goes to players and rows"),
        }
        self.dealt += 1;
    }

    /// The hand of a complete deal.
    fn hand(&self, rules: Rules) -> Hand {
        Hand::from_deal(rules, self.starts(&rules), &self.hands[..rules.num_players()])
            .expect("a complete deal of distinct cards of the deck")
    }

    /// Its consistency: within the hand's size, one card after another to each player in
    /// turn then to the rows, every card of the deck and dealt once.
    fn check(&self, rules: &Rules) -> Result<(), String> {
        let dealt = usize::from(self.dealt);
        if dealt > rules.cards_in_play() {
            return Err(format!("deal: {dealt} cards dealt of {}", rules.cards_in_play()));
        }
        for (p, hand) in self.hands.iter().enumerate() {
            let expected =
                (0..dealt).filter(|&k| Deal::actor_at(rules, k) == Actor::Dealt(p as u8)).count();
            if hand.len() != expected {
                return Err(format!(
                    "deal: {} cards dealt to player {}, expected {expected}",
                    hand.len(),
                    p + 1
                ));
            }
        }
        let mut all = CardSet::EMPTY;
        let parts = self
            .hands
            .iter()
            .copied()
            .chain(self.starts(rules).iter().map(|&c| CardSet::single(c)));
        for part in parts {
            if let Some(c) = (all & part).first() {
                return Err(format!("deal: card {c} dealt twice"));
            }
            all |= part;
        }
        if let Some(c) = (all - CardSet::deck(rules.deck())).first() {
            return Err(format!("deal: card {c} is not in the deck 1-{}", rules.deck()));
        }
        Ok(())
    }
}

/// Who a step of the history belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Actor {
    /// A card dealt to this player (secret to the others).
    Dealt(u8),
    /// The starting card of this row (public).
    Start(u8),
    /// This player's decision.
    Player(u8),
}

/// Where the game is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// The first hand is being dealt.
    FirstDeal,
    /// One hand ([`Mode::Hand`]).
    Hand(Hand),
    /// A match ([`Mode::Match`]); between two hands, the next one is being dealt.
    Match(Match),
}

/// Take 6! as a [`Game`]: a hand or a match, dealt by chance, the simultaneous rounds
/// presented turn by turn.
///
/// # Turns
/// OpenSpiel's turn-based transform of the simultaneous round: the players choose a card in
/// seat order, each choice secret to the others ([`Game::hidden_tail`]) until the last player
/// has chosen; then the cards are revealed together and placed in ascending order
/// ([`Hand::reveal`], [`Hand::place_forced`]). Under [`RowRule::Choose`] the owner of a card
/// below every row end picks the row it takes, `r1` to `r4`, as a decision of its own
/// ([`Hand::row_choice`]: the one place that decides it is [`Table::too_low_row`]). A match
/// ([`Mode::Match`]) plays hands ([`Match`]) until someone has reached the target at the end of
/// a hand.
///
/// # Chance
/// A hand is dealt by [`Rules::cards_in_play`] chance outcomes, each uniform over the cards not
/// dealt yet: each player's [`Rules::hand_size`] cards in seat order, then one starting card
/// per row. An outcome is the card itself ([`Action::Play`], the id of a card: `value - 1`).
/// The initial state is the first deal (a script gives its deal); in a match each later deal is
/// a chance node in the middle of the game. [`Game::chance_from_seed`] gives today's seeded
/// deals: a hand is [`Hand::deal`] from `seeded_rng(seed)`, hand `k` of a match from
/// `seeded_rng(`[`Match::hand_seed`]`(seed, k))`.
///
/// # Scores
/// General-sum: the returns are minus each player's heads at the end (of the hand, or the
/// match's totals); 0 before. The utility range is from minus the heads of the
/// `players * hand_size` heaviest cards of the deck (all a player can take in one hand; plus
/// `target - 1` for a match) to 0.
///
/// # Views
/// [`Game::observation_tensor`] is nine planes of 104 cards (card `c` at index `c - 1`):
/// 0 the player's hand (while a hand is dealt: the cards dealt to them so far); 1-4 the cards of
/// rows 1-4 (while dealt: the starting cards dealt so far); 5 every card taken this hand; 6 the
/// cards revealed and not placed yet; 7 the player's own choice this round; 8 all ones when the
/// player must pick a row.
///
/// [`Game::information_state_tensor`] adds the player's memory of the hand in progress, in
/// planes of 104 (with `n` players and `h` cards each; shape `[12 + h * (n + 1), 104]`):
/// 0-8 the observation; 9 the cards dealt to the player this hand; 10 the rows' starting cards;
/// `11 + r * n + q` the card player `q` chose in round `r` (once revealed; the player's own at
/// once); `11 + h * n + r` the row choices of round `r`, index `q * 4 + row`; the last plane, at
/// index `q` the heads of player `q` in earlier hands of the match, at `10 + q` their heads this
/// hand, at 20 the number of earlier hands. Earlier hands are remembered by their heads only
/// (they do not bear on what follows); the string recalls everything.
///
/// [`Game::observation_string`] is the rules, the table, every player's cards (the player's
/// own; a count for the others), cards taken, revealed and whether each has chosen, the
/// scores and who is to move. [`Game::information_state_string`] adds the history: one token
/// per step, `d2:17` a card dealt to player 2 (`d2:?` when dealt to another), `s1:11` row 1's
/// starting card, `p1:12` player 1's card (`p1:?` while it is secret), `p1:r2` a row choice.
///
/// ```
/// use tabletop_core::{Game, Turn};
/// use tabletop_take6::{Take6, Take6Params};
///
/// let mut game = Take6::new(&Take6Params { players: 3, ..Take6Params::default() })?;
/// assert_eq!(game.turn(), Turn::Chance);
/// for card in game.chance_from_seed(42) {
///     game.apply(card);
/// }
/// // Player 1 chooses a card; player 2 does not see it.
/// let card = game.legal_actions()[0];
/// game.apply(card);
/// assert_eq!((game.turn(), game.hidden_tail()), (Turn::Player(1), 1));
/// assert!(!game.information_state_string(1).contains(&format!("p1:{card}")));
/// assert!(game.information_state_string(0).contains(&format!("p1:{card}")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Take6 {
    rules: Rules,
    mode: Mode,
    stage: Stage,
    /// The hand being dealt, or the hand in progress as it was dealt.
    deal: Deal,
    /// This round's choices, not revealed yet.
    chosen: [Option<Card>; MAX_PLAYERS],
    /// The placements of the round last revealed.
    last_round: Vec<Placement>,
    /// Every step, chance outcomes included.
    history: Vec<(Actor, Action)>,
    /// The index in `history` where the deal of the hand in progress (or being dealt) begins.
    hand_start: usize,
    /// The judge's script being replayed.
    script: Option<Arc<Script>>,
    /// Who acts now ([`Take6::find_turn`] after every change: several readers a step).
    turn: Turn,
}

impl Clone for Take6 {
    fn clone(&self) -> Take6 {
        Take6 {
            rules: self.rules,
            mode: self.mode,
            stage: self.stage.clone(),
            deal: self.deal,
            chosen: self.chosen,
            last_round: self.last_round.clone(),
            history: self.history.clone(),
            hand_start: self.hand_start,
            script: self.script.clone(),
            turn: self.turn,
        }
    }

    /// Keeps the lists' capacity: a batch of environments starts each new game this way,
    /// with no allocation.
    fn clone_from(&mut self, source: &Take6) {
        let Take6 {
            rules,
            mode,
            stage,
            deal,
            chosen,
            last_round,
            history,
            hand_start,
            script,
            turn,
        } = source;
        self.turn = *turn;
        self.rules = *rules;
        self.mode = *mode;
        self.stage.clone_from(stage);
        self.deal = *deal;
        self.chosen = *chosen;
        self.last_round.clone_from(last_round);
        self.history.clone_from(history);
        self.hand_start = *hand_start;
        self.script.clone_from(script);
    }
}

impl Take6 {
    /// The game before its first deal.
    fn start(rules: Rules, mode: Mode) -> Take6 {
        Take6 {
            rules,
            mode,
            stage: Stage::FirstDeal,
            deal: Deal::EMPTY,
            chosen: [None; MAX_PLAYERS],
            last_round: Vec::new(),
            history: Vec::new(),
            hand_start: 0,
            script: None,
            turn: Turn::Chance,
        }
    }

    /// The game replaying `script` (one hand, dealt by the script).
    fn scripted(script: Script) -> Take6 {
        let hand = script.hand();
        let rules = *script.rules();
        let mut game = Take6 {
            deal: Deal::of(&hand),
            stage: Stage::Hand(hand),
            script: Some(Arc::new(script)),
            ..Take6::start(rules, Mode::Hand)
        };
        game.turn = game.find_turn();
        game
    }

    /// The chance outcomes that deal `hand` (before its first round): each player's cards in
    /// seat order, ascending, then the rows' starting cards.
    pub fn deal_actions(hand: &Hand) -> Vec<Action> {
        Take6::dealt(hand).flat_map(|(_, cards)| cards.iter().map(Action::Play)).collect()
    }

    /// [`Take6::deal_actions`]'s cards by whom they are dealt to, in the deal order
    /// ([`Deal::actor_at`], as the history records them): each player's hand, then each row's
    /// starting card alone.
    fn dealt(hand: &Hand) -> impl Iterator<Item = (Actor, CardSet)> + '_ {
        let rules = hand.rules();
        (0..rules.cards_in_play())
            .filter(|&k| k == 0 || Deal::actor_at(rules, k - 1) != Deal::actor_at(rules, k))
            .map(|k| match Deal::actor_at(rules, k) {
                Actor::Dealt(p) => (Actor::Dealt(p), hand.hand(usize::from(p))),
                Actor::Start(r) => {
                    let row = &hand.table().rows()[usize::from(r)];
                    (Actor::Start(r), CardSet::single(row.cards().first().expect("a card")))
                }
                Actor::Player(_) => unreachable!("a deal goes to players and rows"),
            })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// One hand or a match.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The parameters of this game's rules and mode (a script left out).
    pub fn params(&self) -> Take6Params {
        Take6Params::of(&self.rules, self.mode)
    }

    /// The script being replayed, if any.
    pub fn script(&self) -> Option<&Script> {
        self.script.as_deref()
    }

    /// The hand in progress (the last one once the game is over, or while the next hand of a
    /// match is dealt); `None` while the first hand is dealt.
    pub fn hand(&self) -> Option<&Hand> {
        match &self.stage {
            Stage::FirstDeal => None,
            Stage::Hand(h) => Some(h),
            Stage::Match(m) => Some(m.hand()),
        }
    }

    /// The mean heads the player to act takes from now to the end of the hand after each of
    /// its legal actions (in the order of [`Game::legal_actions`]), as [`MonteCarloBot`] with
    /// `budget` and `seed` estimates them from that player's view: the numbers whose lowest
    /// that bot plays. `None` when no player is to act (a chance node, or the end).
    pub fn mc_means(&self, budget: Budget, seed: u64) -> Option<Vec<f64>> {
        let player = Game::current_player(self)?;
        let hand = self.hand()?;
        let view = hand.view(player);
        let mut search = MonteCarloBot::new(seed, budget);
        Some(match hand.row_choice() {
            Some(next) => search.row_means(&view, next.card),
            None => search.card_means(&view, &view.hand.iter().collect::<Vec<_>>()),
        })
    }

    /// The match, in [`Mode::Match`] once its first hand is dealt.
    pub fn as_match(&self) -> Option<&Match> {
        match &self.stage {
            Stage::Match(m) => Some(m),
            Stage::FirstDeal | Stage::Hand(_) => None,
        }
    }

    /// Whether a hand is being dealt (a chance node).
    pub fn is_dealing(&self) -> bool {
        match &self.stage {
            Stage::FirstDeal => true,
            Stage::Hand(_) => false,
            Stage::Match(m) => m.needs_hand(),
        }
    }

    /// The hands dealt so far (completely).
    pub fn hands_dealt(&self) -> u32 {
        match &self.stage {
            Stage::FirstDeal => 0,
            Stage::Hand(_) => 1,
            Stage::Match(m) => m.hands_dealt(),
        }
    }

    /// Whether `player` has chosen a card this round (public).
    pub fn has_chosen(&self, player: usize) -> bool {
        self.chosen[player].is_some()
    }

    /// The card `player` chose this round, not revealed yet: secret to the other players.
    pub fn choice(&self, player: usize) -> Option<Card> {
        self.chosen[player]
    }

    /// The placements of the round last revealed, in order (of the last hand's last round
    /// while the next hand of a match is dealt).
    pub fn last_round(&self) -> &[Placement] {
        &self.last_round
    }

    /// Every player's total: the heads of the finished hands of a match plus the hand in
    /// progress.
    pub fn scores(&self) -> Vec<u32> {
        let n = self.rules.num_players();
        match &self.stage {
            Stage::FirstDeal => vec![0; n],
            Stage::Hand(h) => (0..n).map(|p| h.penalty(p)).collect(),
            Stage::Match(m) => m.scores()[..n].to_vec(),
        }
    }

    /// The heads of each finished hand of a match per player, oldest first (the last one
    /// included once the match is over); empty for a single hand.
    pub fn finished_hands(&self) -> Vec<Vec<u32>> {
        let n = self.rules.num_players();
        match &self.stage {
            Stage::Match(m) => m.finished_hands().iter().map(|h| h[..n].to_vec()).collect(),
            Stage::FirstDeal | Stage::Hand(_) => Vec::new(),
        }
    }

    /// Planes 0 to 7 of `player`'s observation as sets (see [`Take6`]), and whether
    /// `player` is choosing a row (plane 8).
    fn observed_sets(&self, player: usize) -> ([CardSet; 8], bool) {
        let mut sets = [CardSet::EMPTY; 8];
        let mut choosing = false;
        match self.playing() {
            None => {
                sets[0] = self.deal.hands[player];
                for (r, &c) in self.deal.starts(&self.rules).iter().enumerate() {
                    sets[1 + r] = CardSet::single(c);
                }
            }
            Some(h) => {
                sets = h.view(player).observed_sets();
                if let Some(c) = self.chosen[player] {
                    sets[7] = CardSet::single(c);
                }
                choosing = h.row_choice().is_some_and(|n| n.player == player);
            }
        }
        (sets, choosing)
    }

    /// What may be done now: these cards played (dealt, at a chance node; none once the
    /// game is over), or, with `None`, a row taken.
    fn legal_cards(&self) -> Option<CardSet> {
        match self.turn() {
            Turn::Terminal => Some(CardSet::EMPTY),
            Turn::Chance => Some(CardSet::deck(self.rules.deck()) - self.deal.cards(&self.rules)),
            Turn::Player(p) => {
                let hand = self.hand().expect("a player moves in a dealt hand");
                hand.row_choice().is_none().then(|| hand.hand(p))
            }
        }
    }

    /// Who acts now, from the state (kept in `turn` after every change).
    fn find_turn(&self) -> Turn {
        let hand = match &self.stage {
            Stage::FirstDeal => return Turn::Chance,
            Stage::Hand(h) if h.is_over() => return Turn::Terminal,
            Stage::Hand(h) => h,
            Stage::Match(m) if m.is_over() => return Turn::Terminal,
            Stage::Match(m) if m.needs_hand() => return Turn::Chance,
            Stage::Match(m) => m.hand(),
        };
        if let Some(next) = hand.row_choice() {
            return Turn::Player(next.player);
        }
        let n = self.rules.num_players();
        Turn::Player(
            self.chosen[..n]
                .iter()
                .position(Option::is_none)
                .expect("a round is revealed when all have chosen"),
        )
    }

    /// The hand being played, if one is (not while a hand is dealt).
    fn playing(&self) -> Option<&Hand> {
        if self.is_dealing() { None } else { self.hand() }
    }

    /// Deals one card.
    fn deal_card(&mut self, card: Card) {
        self.record_dealt(card);
        if self.deal.is_complete(&self.rules) {
            let hand = self.deal.hand(self.rules);
            self.begin(hand);
        }
    }

    /// Deals all of `hand` at once (no card of it dealt yet): the state its cards dealt one
    /// by one reach, with no check of the deal (it is a hand already).
    fn deal_whole(&mut self, hand: Hand) {
        debug_assert_eq!(self.deal.dealt, 0, "a whole deal starts with no card dealt");
        for (who, cards) in Take6::dealt(&hand) {
            self.history.extend(cards.iter().map(|card| (who, Action::Play(card))));
        }
        self.deal = Deal::of(&hand);
        self.begin(hand);
    }

    /// The hand being dealt, as the seed deals it: a hand from `seeded_rng(seed)`, hand `k`
    /// of a match from `seeded_rng(Match::hand_seed(seed, k))`.
    fn seeded_deal(&self, seed: u64) -> Hand {
        let seed = match self.mode {
            Mode::Hand => seed,
            Mode::Match => Match::hand_seed(seed, self.hands_dealt()),
        };
        Hand::deal(self.rules, &mut seeded_rng(seed))
    }

    /// One card dealt, in the history and the deal (the hand not started).
    fn record_dealt(&mut self, card: Card) {
        self.history.push((self.deal.next_actor(&self.rules), Action::Play(card)));
        self.deal.push(&self.rules, card);
    }

    /// Starts playing `hand`, its deal complete.
    fn begin(&mut self, hand: Hand) {
        match &mut self.stage {
            Stage::FirstDeal if self.mode == Mode::Hand => self.stage = Stage::Hand(hand),
            Stage::FirstDeal => {
                let m =
                    Match::from_hand(hand).expect("Take6::new refuses matches that may not end");
                self.stage = Stage::Match(m);
            }
            Stage::Match(m) => m.start_hand(hand),
            Stage::Hand(_) => unreachable!("a single hand is dealt once"),
        }
    }

    /// A player's decision: a card chosen, or a row.
    fn decide(&mut self, player: usize, action: Action) {
        self.history.push((Actor::Player(player as u8), action));
        let n = self.rules.num_players();
        let hand = match &mut self.stage {
            Stage::Hand(h) => h,
            Stage::Match(m) => m.hand_mut(),
            Stage::FirstDeal => unreachable!("players decide in a dealt hand"),
        };
        let log = &mut self.last_round;
        match action {
            Action::TakeRow(r) => log.push(hand.place_next(Some(usize::from(r)))),
            Action::Play(card) => {
                self.chosen[player] = Some(card);
                if self.chosen[..n].iter().all(Option::is_some) {
                    let cards = self.chosen.map(|c| c.unwrap_or(Card::MIN));
                    hand.reveal_unchecked(&cards[..n]);
                    self.chosen = [None; MAX_PLAYERS];
                    log.clear();
                }
            }
        }
        hand.place_forced(|_, placement| log.push(*placement));
        if self.is_dealing() {
            self.deal = Deal::EMPTY;
            self.hand_start = self.history.len();
        }
    }

    /// The cards `player` has seen of the hand in progress (or being dealt): their own, the
    /// starting cards and every card revealed.
    fn seen_by(&self, player: usize) -> CardSet {
        match self.playing() {
            Some(hand) => hand.hand(player) | hand.public(),
            None => {
                self.deal.starts(&self.rules).iter().copied().collect::<CardSet>()
                    | self.deal.hands[player]
            }
        }
    }

    /// Whether `player` sees step `i` of the history.
    fn sees(&self, player: usize, i: usize) -> bool {
        match self.history[i].0 {
            Actor::Dealt(q) => usize::from(q) == player,
            Actor::Start(_) => true,
            Actor::Player(q) => {
                usize::from(q) == player || i < self.history.len() - self.hidden_tail()
            }
        }
    }

    /// The heads of the hands before the one in progress (or being dealt), and this hand's,
    /// per player.
    fn heads_split(&self) -> (Vec<u32>, Vec<u32>) {
        let scores = self.scores();
        match self.playing() {
            // In a single hand the scores are this hand's heads, so the earlier ones are 0.
            Some(hand) => {
                let this: Vec<u32> = (0..scores.len()).map(|p| hand.penalty(p)).collect();
                (scores.iter().zip(&this).map(|(s, t)| s - t).collect(), this)
            }
            None => {
                let n = scores.len();
                (scores, vec![0; n])
            }
        }
    }

    /// The heaviest heads a player can take in one hand: those of the `players * hand_size`
    /// heaviest cards of the deck (a hand ends with a card on every row).
    fn max_hand_heads(&self) -> u32 {
        let mut heads: Vec<u8> = CardSet::deck(self.rules.deck()).iter().map(Card::heads).collect();
        heads.sort_unstable_by(|a, b| b.cmp(a));
        heads.iter().take(Deal::in_hands(&self.rules)).map(|&h| u32::from(h)).sum()
    }

    /// The state before the first step, with every card of the hand in progress that
    /// `player` has not seen mapped by `swap` (a script's cards too).
    fn replayed(&self, swap: impl Fn(Card) -> Card) -> Option<Take6> {
        let mut state = match &self.script {
            Some(script) => {
                let plays =
                    script.plays().iter().map(|p| p.iter().map(|&c| swap(c)).collect()).collect();
                Take6::scripted(Script::new(script.starts().to_vec(), plays).ok()?)
            }
            None => Take6::start(self.rules, self.mode),
        };
        for (i, &(_, action)) in self.history.iter().enumerate() {
            let action = match action {
                Action::Play(c) if i >= self.hand_start => Action::Play(swap(c)),
                a => a,
            };
            // The steps were legal and `swap` exchanges cards nobody has told apart: legal
            // again (checked in debug builds; a check on every step would cost the most).
            debug_assert!(state.legal_actions().contains(&action), "{action} replays");
            state.apply_unchecked(action);
        }
        Some(state)
    }
}

/// The return of `heads` taken: minus the heads, and 0 (not `-0.0`) for none.
fn heads_return(heads: u32) -> f64 {
    0.0 - f64::from(heads)
}

impl Game for Take6 {
    type Params = Take6Params;
    type Action = Action;

    const TYPE: GameType = GameType {
        short_name: "take6",
        long_name: "Take 6!",
        description: "Take 6! (6 nimmt!): 2 to 10 players, the fewest cattle heads wins; the published rules or the judge's",
        dynamics: Dynamics::Sequential,
        chance_mode: ChanceMode::ExplicitStochastic,
        information: Information::Imperfect,
        utility: Utility::GeneralSum,
        reward_model: RewardModel::Terminal,
        min_num_players: 2,
        max_num_players: MAX_PLAYERS,
    };

    /// The first deal to come, or with a script its hand dealt.
    ///
    /// # Errors
    /// `mode` (a match with a script, or rules that let a hand score nothing), `script` (not
    /// the judge's input), `row_rule` (neither `choose` nor `forced`), or the number out of its
    /// limits (`players`, `rows`, `hand_size`, `deck`, `target`: [`crate::RulesError::parameter`]).
    fn new(params: &Take6Params) -> Result<Take6, ParamsError> {
        if let Some(text) = &params.script {
            if params.mode == Mode::Match {
                return Err(ParamsError::bad("mode", "a script is one hand"));
            }
            let script = parse_nthu14463(text).map_err(|e| ParamsError::bad("script", e))?;
            return Ok(Take6::scripted(script));
        }
        let row_rule: RowRule = params
            .row_rule
            .parse()
            .map_err(|e: tabletop_core::ParseNameError| ParamsError::bad("row_rule", e))?;
        let rules = Rules::new(
            row_rule,
            params.players.into(),
            params.rows.into(),
            params.hand_size.into(),
            params.deck.into(),
            params.target,
        )
        .map_err(|e| ParamsError::bad(e.parameter(), e))?;
        if params.mode == Mode::Match && !rules.hand_always_scores() {
            return Err(ParamsError::bad(
                "mode",
                "these rules let a hand end with no heads taken: a match might never end",
            ));
        }
        Ok(Take6::start(rules, params.mode))
    }

    fn num_players(&self) -> usize {
        self.rules.num_players()
    }

    fn turn(&self) -> Turn {
        debug_assert_eq!(self.turn, self.find_turn(), "the turn kept up to date");
        self.turn
    }

    /// At a chance node the cards not dealt yet; a player's cards, ascending, or the rows
    /// `r1`.. when a row is to be picked.
    fn legal_actions(&self) -> Vec<Action> {
        match self.legal_cards() {
            Some(cards) => cards.iter().map(Action::Play).collect(),
            None => (0..self.rules.rows()).map(Action::TakeRow).collect(),
        }
    }

    /// From the same set as the legal actions, with no list: the cards' flags from its bits.
    fn write_legal_mask(&self, mask: &mut [bool]) {
        let (cards, rows) = mask.split_at_mut(usize::from(self.rules.deck()));
        match self.legal_cards() {
            Some(set) => {
                // Card `v` is bit `v` of a set, id `v - 1`.
                tabletop_core::write_bools(cards, set.bits() >> 1);
                rows.fill(false);
            }
            None => {
                cards.fill(false);
                rows.fill(true);
            }
        }
    }

    /// Today's seeded deals (see [`Take6`]): the rest of the deal in progress
    /// (the seed's deal without the cards already dealt, in its order).
    fn chance_from_seed(&self, seed: u64) -> Vec<Action> {
        if !self.is_dealing() {
            return Vec::new();
        }
        let hand = self.seeded_deal(seed);
        let dealt = self.deal.cards(&self.rules);
        let left = self.rules.cards_in_play() - usize::from(self.deal.dealt);
        Take6::deal_actions(&hand)
            .into_iter()
            .filter(|a| !matches!(a, Action::Play(c) if dealt.contains(*c)))
            .take(left)
            .collect()
    }

    /// A whole deal at once when no card of it is dealt yet (what a batch of environments
    /// does at each new game), else the rest card by card.
    fn apply_chance_from_seed(&mut self, seed: u64) {
        if !self.is_dealing() {
            return;
        }
        if self.deal.dealt == 0 {
            self.deal_whole(self.seeded_deal(seed));
        } else {
            for outcome in self.chance_from_seed(seed) {
                let Action::Play(card) = outcome else { unreachable!("a deal is cards") };
                self.deal_card(card);
            }
        }
        self.turn = self.find_turn();
    }

    /// Precondition: `action` is legal now.
    fn apply_unchecked(&mut self, action: Action) {
        match (self.turn(), action) {
            (Turn::Chance, Action::Play(card)) => self.deal_card(card),
            (Turn::Player(p), _) => self.decide(p, action),
            (turn, _) => panic!("{action} cannot be applied: {turn:?}"),
        }
        self.turn = self.find_turn();
    }

    /// Cards `1..=deck` are ids `0..deck`, then the rows `r1`.. are `deck..deck + rows`.
    fn num_distinct_actions(&self) -> usize {
        usize::from(self.rules.deck()) + usize::from(self.rules.rows())
    }

    /// The cards dealt: ids `0..deck`, as the cards played.
    fn max_chance_outcomes(&self) -> usize {
        usize::from(self.rules.deck())
    }

    fn action_id(&self, action: Action) -> usize {
        match action {
            Action::Play(c) => usize::from(c.value()) - 1,
            Action::TakeRow(r) => usize::from(self.rules.deck()) + usize::from(r),
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Action> {
        let deck = usize::from(self.rules.deck());
        if id < deck {
            Card::new(id as u8 + 1).map(Action::Play)
        } else if id < self.num_distinct_actions() {
            Some(Action::TakeRow((id - deck) as u8))
        } else {
            None
        }
    }

    /// A card number of the deck, or `r1`.. for a row of the table.
    fn parse_action(&self, text: &str) -> Result<Action, IllegalAction> {
        let bad = |reason: String| IllegalAction::Parse { text: clip(text).to_string(), reason };
        let a: Action = text.parse().map_err(|e: crate::ParseActionError| bad(e.to_string()))?;
        match a {
            Action::Play(c) if c.value() > self.rules.deck() => {
                Err(bad(format!("card {c} is above the deck's highest card {}", self.rules.deck())))
            }
            Action::TakeRow(r) if r >= self.rules.rows() => Err(bad(format!(
                "row {} does not exist: the table has {} rows",
                r + 1,
                self.rules.rows()
            ))),
            _ => Ok(a),
        }
    }

    /// Minus each player's heads (of the hand, or the match's totals) once the game is over.
    fn returns(&self) -> Vec<f64> {
        if !self.is_terminal() {
            return vec![0.0; self.rules.num_players()];
        }
        self.scores().iter().map(|&s| heads_return(s)).collect()
    }

    fn utility_range(&self) -> (f64, f64) {
        let mut worst = self.max_hand_heads();
        if self.mode == Mode::Match {
            worst += u32::from(self.rules.target()) - 1;
        }
        (-f64::from(worst), 0.0)
    }

    /// Per round `n` choices and at most `n` row choices; a deal of
    /// [`Rules::cards_in_play`] outcomes. A match deals another hand only while every score
    /// is below the target, and every hand scores a head at least.
    fn max_remaining_steps(&self) -> usize {
        if self.is_terminal() {
            return 0;
        }
        let n = self.rules.num_players();
        let h = usize::from(self.rules.hand_size());
        let deal = self.rules.cards_in_play();
        let hand_steps = h * 2 * n;
        let this = match self.playing() {
            Some(hand) => (h - hand.round()) * 2 * n,
            None => deal - usize::from(self.deal.dealt) + hand_steps,
        };
        if self.mode == Mode::Hand {
            return this;
        }
        let (earlier, now) = self.heads_split();
        let earlier: u32 = earlier.iter().sum();
        let now: u32 = now.iter().sum();
        let below = n * usize::from(self.rules.target() - 1);
        let further = (below + 1).saturating_sub((earlier + now.max(1)) as usize);
        this + further * (deal + hand_steps)
    }

    fn hidden_tail(&self) -> usize {
        self.chosen.iter().flatten().count()
    }

    /// The cards of the hand in progress that `player` has not seen (the other players'
    /// hands, their secret choices of the round, the cards not dealt) permuted at random, and
    /// the game replayed from the start with them: every step `player` saw is the same, so
    /// is every count, and the permuted cards go where cards `player` cannot see went. Earlier
    /// hands of a match are kept as they were (nothing of them is hidden once played but the
    /// cards never dealt, which do not bear on what follows).
    ///
    /// A script's deal is a parameter, known to all: then only the other players' secret
    /// choices of the round are drawn again, each from the cards its player holds.
    fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> Take6 {
        if let (Some(_), Some(hand)) = (&self.script, self.playing()) {
            let mut other = self.clone();
            let steps = self.history.len();
            for i in steps - self.hidden_tail()..steps {
                let Actor::Player(q) = self.history[i].0 else { continue };
                let q = usize::from(q);
                if q == player {
                    continue;
                }
                // The card chosen stays in the hand until the round is revealed.
                let cards: Vec<Card> = hand.hand(q).iter().collect();
                let card = *cards.choose(rng).expect("a player who chose holds a card");
                other.chosen[q] = Some(card);
                other.history[i].1 = Action::Play(card);
            }
            return other;
        }
        let unseen: Vec<Card> =
            (CardSet::deck(self.rules.deck()) - self.seen_by(player)).iter().collect();
        let mut shuffled = unseen.clone();
        shuffled.shuffle(rng);
        let mut map: Vec<Card> =
            (0..=DECK_SIZE).map(|v| Card::new(v).unwrap_or(Card::MIN)).collect();
        for (&a, &b) in unseen.iter().zip(&shuffled) {
            map[usize::from(a.value())] = b;
        }
        self.replayed(|c| map[usize::from(c.value())])
            .expect("a permutation of the unseen cards replays: they are exchangeable")
    }

    /// Every step: the deals (after a script's, which [`Game::new`] makes) and the decisions.
    fn history(&self) -> Option<Vec<(Turn, Action)>> {
        let turn = |actor| match actor {
            Actor::Player(p) => Turn::Player(usize::from(p)),
            Actor::Dealt(_) | Actor::Start(_) => Turn::Chance,
        };
        Some(self.history.iter().map(|&(actor, a)| (turn(actor), a)).collect())
    }

    fn information_state_string(&self, player: usize) -> String {
        let mut s = self.observation_string(player);
        s.push_str("history:");
        for (i, &(actor, action)) in self.history.iter().enumerate() {
            let shown = if self.sees(player, i) { action.to_string() } else { "?".to_owned() };
            let _ = match actor {
                Actor::Dealt(q) => write!(s, " d{}:{shown}", q + 1),
                Actor::Start(r) => write!(s, " s{}:{shown}", r + 1),
                Actor::Player(q) => write!(s, " p{}:{shown}", q + 1),
            };
        }
        s.push('\n');
        s
    }

    fn information_state_tensor(&self, player: usize) -> Vec<f32> {
        let w = usize::from(DECK_SIZE);
        let (n, h) = (self.rules.num_players(), usize::from(self.rules.hand_size()));
        let mut t = self.observation_tensor(player);
        t.resize(self.information_state_shape().iter().product(), 0.0);
        let mut mark = |plane: usize, index: usize| t[plane * w + index] = 1.0;
        for c in self.deal.hands[player] {
            mark(9, usize::from(c.value()) - 1);
        }
        for c in self.deal.starts(&self.rules) {
            mark(10, usize::from(c.value()) - 1);
        }
        let mut choices = 0;
        for (i, &(actor, action)) in self.history.iter().enumerate().skip(self.hand_start) {
            let Actor::Player(q) = actor else { continue };
            let q = usize::from(q);
            match action {
                Action::Play(c) => {
                    if self.sees(player, i) {
                        mark(11 + (choices / n) * n + q, usize::from(c.value()) - 1);
                    }
                    choices += 1;
                }
                Action::TakeRow(r) => {
                    mark(11 + h * n + (choices - 1) / n, q * MAX_ROWS + usize::from(r));
                }
            }
        }
        let last = (11 + h * (n + 1)) * w;
        let (earlier, now) = self.heads_split();
        for q in 0..n {
            t[last + q] = earlier[q] as f32;
            t[last + MAX_PLAYERS + q] = now[q] as f32;
        }
        let before = self.hands_dealt() - u32::from(!self.is_dealing());
        t[last + 2 * MAX_PLAYERS] = before as f32;
        t
    }

    fn information_state_shape(&self) -> Vec<usize> {
        let (n, h) = (self.rules.num_players(), usize::from(self.rules.hand_size()));
        vec![12 + h * (n + 1), usize::from(DECK_SIZE)]
    }

    fn observation_string(&self, player: usize) -> String {
        let n = self.rules.num_players();
        let mut s = String::new();
        let _ = match self.mode {
            Mode::Hand => writeln!(s, "{}", self.rules),
            Mode::Match => writeln!(s, "{}, match to {}", self.rules, self.rules.target()),
        };
        match self.playing() {
            None => {
                let _ = writeln!(
                    s,
                    "hand {}: {} of {} cards dealt",
                    self.hands_dealt() + 1,
                    self.deal.dealt,
                    self.rules.cards_in_play()
                );
                for (r, c) in self.deal.starts(&self.rules).iter().enumerate() {
                    let _ = writeln!(s, "row {}: {c}", r + 1);
                }
                let _ = writeln!(s, "your cards: {}", self.deal.hands[player]);
            }
            Some(hand) => {
                let _ = if hand.is_over() {
                    writeln!(s, "hand {}: over", self.hands_dealt())
                } else {
                    writeln!(
                        s,
                        "hand {}: round {} of {}",
                        self.hands_dealt(),
                        hand.round() + 1,
                        self.rules.hand_size()
                    )
                };
                let _ = writeln!(s, "{}", hand.table());
                for q in 0..n {
                    let _ = if q == player {
                        write!(s, "player {} (you): hand {}", q + 1, hand.hand(q))
                    } else {
                        write!(s, "player {}: {} cards", q + 1, hand.hand(q).len())
                    };
                    let _ = write!(s, ", took {} ({} heads)", hand.taken(q), hand.penalty(q));
                    if let Some(c) = hand.revealed(q) {
                        let _ = write!(s, ", revealed {c}");
                    }
                    match self.chosen[q] {
                        Some(c) if q == player => {
                            let _ = write!(s, ", chose {c}");
                        }
                        Some(_) => s.push_str(", has chosen"),
                        None => {}
                    }
                    s.push('\n');
                }
            }
        }
        if self.mode == Mode::Match {
            let _ = writeln!(s, "scores: {:?}", self.scores());
        }
        let _ = match self.turn() {
            Turn::Terminal => writeln!(s, "over"),
            Turn::Chance => writeln!(s, "to move: chance"),
            Turn::Player(q) => match self.hand().and_then(Hand::row_choice) {
                Some(next) => {
                    writeln!(s, "to move: player {}, the row card {} takes", q + 1, next.card)
                }
                None => writeln!(s, "to move: player {}", q + 1),
            },
        };
        s
    }

    /// See [`Take6`].
    fn write_observation_tensor<T: Number>(&self, player: usize, t: &mut [T]) {
        let (sets, choosing) = self.observed_sets(player);
        write_observation(&sets, choosing, t);
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![9, usize::from(DECK_SIZE)]
    }

    /// The hand in progress ([`Hand`]'s `Display`), and in a match the scores.
    fn text(&self) -> String {
        let mut s = match self.hand() {
            Some(hand) => hand.to_string(),
            None => String::new(),
        };
        if self.mode == Mode::Match {
            let _ = writeln!(s, "scores: {:?}", self.scores());
        }
        if self.is_dealing() {
            let _ = writeln!(
                s,
                "dealing hand {}: {} of {} cards dealt",
                self.hands_dealt() + 1,
                self.deal.dealt,
                self.rules.cards_in_play()
            );
        }
        s
    }

    /// `heuristic` (the default), `mc`, `random`, `lowest`, `highest`, and `nn`, `nn-mc`
    /// when the shipped network plays these rules; `script` first when replaying the judge's
    /// input.
    fn bots(&self) -> Vec<String> {
        let mut bots: Vec<String> =
            ["heuristic", "mc", "random", "lowest", "highest"].map(str::to_owned).to_vec();
        if BotKind::Network.build(&self.rules, 0).is_ok() {
            bots.extend(["nn", "nn-mc"].map(str::to_owned));
        }
        if self.script.is_some() {
            bots.insert(0, "script".to_owned());
        }
        bots
    }

    /// The built-in bots by their arena names, parsed by [`BotKind`] with its caps
    /// (`heuristic`, `mc`, `mc:<playouts>` up to
    /// [`MAX_PLAYOUTS`](tabletop_core::budget::MAX_PLAYOUTS), `mc:<n>ms` up to
    /// [`MAX_MILLIS`](tabletop_core::budget::MAX_MILLIS), whose choices depend on the machine's speed,
    /// `random`, `lowest`, `highest`, `nn`, `nn-mc` with the same budgets), and `script` when
    /// replaying the judge's input. A budget above its cap is refused with the cap as the
    /// reason; a network bot for rules its network does not play, with what it plays.
    fn check_bot(&self, name: &str) -> Result<(), UnknownBot> {
        if name == "script" && self.script.is_some() {
            return Ok(());
        }
        bot_for(name, &self.rules, 0).map(drop).map_err(|e| UnknownBot {
            bot: name.to_owned(),
            known: self.bots(),
            reason: match e {
                BotError::Name(ParseBotError::Unknown(_)) => None,
                BotError::Name(e) => Some(e.to_string()),
                BotError::Refused(refused) => Some(refused.reason),
            },
        })
    }

    /// The bot sees only the player's [`Hand::view`]; a row is picked by the bot (`script`:
    /// the heuristic's choice, the row with the fewest heads).
    ///
    /// # Panics
    /// When no player is to move, or for a bot [`Take6::check_bot`] refuses.
    fn bot_action(&self, bot: &str, seed: u64) -> Action {
        let p = self.current_player().expect("a bot acts only for a player to move");
        let hand = self.hand().expect("a player moves in a dealt hand");
        let view = hand.view(p);
        let build = || {
            let name = if bot == "script" && self.script.is_some() { "heuristic" } else { bot };
            bot_for(name, &self.rules, seed)
                .unwrap_or_else(|e| panic!("a bot that check_bot refuses: {e}"))
        };
        if let Some(next) = hand.row_choice() {
            return Action::TakeRow(build().choose_row(&view, next.card) as u8);
        }
        if let (Some(script), "script") = (&self.script, bot) {
            return Action::Play(script.plays()[p][hand.round()]);
        }
        Action::Play(build().choose_card(&view))
    }

    /// The deal (each card dealt once, in turn), the hand or match ([`Hand::check_invariants`], [`Match::check_invariants`]),
    /// and the round: every waiting card needs a row choice, the choices are the first seats'
    /// own cards, made while no card waits.
    fn check_invariants(&self) -> Result<(), String> {
        let n = self.rules.num_players();
        self.deal.check(&self.rules)?;
        match (&self.stage, self.mode) {
            (Stage::Hand(_), Mode::Match) => return Err("a match holds a single hand".to_owned()),
            (Stage::Match(_), Mode::Hand) => return Err("a single hand holds a match".to_owned()),
            (Stage::Hand(h), _) => h.check_invariants()?,
            (Stage::Match(m), _) => m.check_invariants()?,
            (Stage::FirstDeal, _) => {}
        }
        if self.hand_start > self.history.len() {
            return Err(format!(
                "the hand starts at step {} of {}",
                self.hand_start,
                self.history.len()
            ));
        }
        let chosen = self.chosen[..n].iter().take_while(|c| c.is_some()).count();
        if chosen == n || self.chosen[chosen..].iter().any(Option::is_some) {
            return Err(format!(
                "choices {:?}: not the first seats' of a round",
                &self.chosen[..n]
            ));
        }
        let Some(hand) = self.playing() else {
            if self.deal.is_complete(&self.rules) {
                return Err("a complete deal was not played".to_owned());
            }
            if chosen > 0 {
                return Err("a card was chosen during a deal".to_owned());
            }
            return Ok(());
        };
        // The deal's check counts its cards: equal sets make a complete deal.
        if self.deal.cards(&self.rules) != hand.in_play() {
            return Err(format!(
                "the hand's cards {} are not the deal's {}",
                hand.in_play(),
                self.deal.cards(&self.rules)
            ));
        }
        if hand.next().is_some() && hand.row_choice().is_none() {
            return Err("a card that needs no choice was left waiting".to_owned());
        }
        if chosen > 0 && !hand.pending().is_empty() {
            return Err("a card was chosen while the round is placed".to_owned());
        }
        for (p, c) in self.chosen[..n].iter().enumerate() {
            if let Some(c) = c.filter(|&c| !hand.hand(p).contains(c)) {
                return Err(format!("player {} chose {c}, a card they do not hold", p + 1));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(v: u8) -> Card {
        Card::from_value(v)
    }

    /// Three players of two cards, two rows, deck 1-20, the row chosen: player 1 holds 3 8,
    /// player 2 holds 1 9, player 3 holds 12 13; the rows start with 5 and 7.
    fn game() -> Take6 {
        let rules = Rules::new(RowRule::Choose, 3, 2, 2, 20, 66).unwrap();
        let mut g = Take6::new(&Take6Params::of(&rules, Mode::Hand)).unwrap();
        for v in [3, 8, 1, 9, 12, 13, 5, 7] {
            g.apply(Action::Play(c(v)));
        }
        assert_eq!(g.check_invariants(), Ok(()));
        g
    }

    fn broken(g: &Take6) -> String {
        g.check_invariants().expect_err("the check finds the corruption")
    }

    fn hand_mut(g: &mut Take6) -> &mut Hand {
        match &mut g.stage {
            Stage::Hand(h) => h,
            Stage::Match(m) => m.hand_mut(),
            Stage::FirstDeal => panic!("no hand yet"),
        }
    }

    #[test]
    fn the_deal_follows_the_outcomes() {
        let g = game();
        let hand = g.hand().unwrap();
        assert_eq!(hand.hand(1).to_string(), "1 9");
        assert_eq!(hand.table().to_string(), "row 1: 5\nrow 2: 7");
        assert_eq!(Deal::of(hand), g.deal);
        assert_eq!(
            Take6::deal_actions(hand),
            [3, 8, 1, 9, 12, 13, 5, 7].map(|v| Action::Play(c(v)))
        );
    }

    #[test]
    fn checks_find_a_broken_deal() {
        let mut g = Take6::new(&Take6Params::default()).unwrap();
        g.apply(Action::Play(c(10)));
        assert_eq!(g.check_invariants(), Ok(()));
        let mut h = g.clone();
        h.deal.dealt = 45;
        assert_eq!(broken(&h), "deal: 45 cards dealt of 44");
        let mut h = g.clone();
        h.deal.dealt = 2;
        assert_eq!(broken(&h), "deal: 1 cards dealt to player 1, expected 2");
        let mut h = g.clone();
        h.deal.hands[7].insert(c(11));
        assert_eq!(broken(&h), "deal: 1 cards dealt to player 8, expected 0");
        let mut g = game();
        g.deal.starts[1] = c(3);
        assert_eq!(broken(&g), "deal: card 3 dealt twice");
        let mut g = game();
        g.deal.starts[1] = c(30);
        assert_eq!(broken(&g), "deal: card 30 is not in the deck 1-20");
    }

    #[test]
    fn checks_find_a_broken_stage() {
        let mut g = game();
        g.mode = Mode::Match;
        assert_eq!(broken(&g), "a match holds a single hand");
        let mut g = game();
        let m = Match::from_hand(Hand::deal(Rules::standard(2).unwrap(), &mut seeded_rng(1)));
        g.stage = Stage::Match(m.unwrap());
        assert_eq!(broken(&g), "a single hand holds a match");
        // The hand's own check.
        let mut g = game();
        hand_mut(&mut g).corrupt_round(7);
        assert_eq!(broken(&g), "round 7 of 2");
        // The match's own check.
        let p = Take6Params { players: 2, mode: Mode::Match, ..Take6Params::default() };
        let mut g = Take6::new(&p).unwrap();
        for a in g.chance_from_seed(1) {
            g.apply(a);
        }
        assert_eq!(g.check_invariants(), Ok(()));
        let Stage::Match(m) = &mut g.stage else { unreachable!() };
        m.corrupt_earlier().push([0; MAX_PLAYERS]);
        assert!(broken(&g).starts_with("hand 1 scored"));
        // A hand dealt but not the deal.
        let mut g = game();
        g.deal.hands[0] = CardSet::single(c(3)) | CardSet::single(c(4));
        assert_eq!(
            broken(&g),
            "the hand's cards 1 3 5 7 8 9 12 13 are not the deal's 1 3 4 5 7 9 12 13"
        );
        // A deal complete but not played, or a choice made during a deal.
        let mut g = game();
        g.stage = Stage::FirstDeal;
        assert_eq!(broken(&g), "a complete deal was not played");
        let mut g = Take6::new(&Take6Params::default()).unwrap();
        g.apply(Action::Play(c(10)));
        g.chosen[0] = Some(c(10));
        assert_eq!(broken(&g), "a card was chosen during a deal");
        let mut g = game();
        g.hand_start = 9;
        assert_eq!(broken(&g), "the hand starts at step 9 of 8");
    }

    #[test]
    fn checks_find_broken_choices() {
        let choices = |v: [Option<u8>; 3]| {
            let mut g = game();
            for (slot, v) in g.chosen.iter_mut().zip(v) {
                *slot = v.map(c);
            }
            g.check_invariants()
        };
        assert_eq!(choices([Some(3), None, None]), Ok(()));
        assert_eq!(choices([Some(3), Some(1), None]), Ok(()));
        let not_first = "choices [Some(Card(3)), Some(Card(1)), Some(Card(12))]: not the first seats' of a round";
        assert_eq!(choices([Some(3), Some(1), Some(12)]).unwrap_err(), not_first);
        assert!(choices([None, Some(1), None]).unwrap_err().contains("not the first seats'"));
        assert_eq!(
            choices([Some(9), None, None]),
            Err("player 1 chose 9, a card they do not hold".to_owned())
        );
        let mut g = game();
        g.chosen[5] = Some(c(4));
        assert!(broken(&g).contains("not the first seats'"));
        // Chosen while the round is placed: 1 is too low, player 2 picks a row.
        let mut g = game();
        for v in [3, 1, 12] {
            g.apply(Action::Play(c(v)));
        }
        assert_eq!(g.turn(), Turn::Player(1));
        g.chosen[0] = Some(c(8));
        assert_eq!(broken(&g), "a card was chosen while the round is placed");
        // A card left waiting that needs no row choice.
        let mut g = game();
        let hand = hand_mut(&mut g);
        hand.reveal(&[c(3), c(9), c(12)]);
        hand.place_next(Some(0));
        assert_eq!(broken(&g), "a card that needs no choice was left waiting");
    }

    #[test]
    fn resampled_states_deal_the_unseen_cards_again() {
        let mut g = game();
        g.apply(Action::Play(c(3)));
        g.apply(Action::Play(c(1)));
        let mut rng = seeded_rng(3);
        let mut differ = 0;
        for _ in 0..20 {
            let other = g.resample_from_infostate(2, &mut rng);
            assert_eq!(other.check_invariants(), Ok(()));
            let (a, b) = (g.hand().unwrap(), other.hand().unwrap());
            assert_eq!(a.hand(2), b.hand(2));
            assert_eq!(a.table(), b.table());
            assert_eq!(other.hidden_tail(), 2);
            differ += usize::from(a.hand(0) != b.hand(0) || other.chosen != g.chosen);
            assert_eq!(other.information_state_string(2), g.information_state_string(2));
        }
        assert!(differ > 10, "the others' cards are dealt again");
    }

    /// No heads is a return of 0, not `-0.0` (which prints as `-0` and compares as a
    /// different bit pattern downstream), in a hand and in a match.
    #[test]
    fn no_return_is_negative_zero() {
        let mut zero = 0;
        for (mode, seeds) in [(Mode::Hand, 0..40), (Mode::Match, 0..4)] {
            for seed in seeds {
                let params = Take6Params { players: 3, mode, ..Take6Params::default() };
                let mut g = Take6::new(&params).unwrap();
                g.apply_chance_from_seed(seed);
                let mut step = 0;
                while !g.is_terminal() {
                    if g.is_chance_node() {
                        g.apply_chance_from_seed(seed + step);
                    } else {
                        g.apply(g.bot_action("random", seed * 1000 + step));
                    }
                    step += 1;
                    for r in g.returns().into_iter().chain(g.rewards()) {
                        assert!(r != 0.0 || r.is_sign_positive(), "{r} at seed {seed}");
                        zero += usize::from(r == 0.0 && g.is_terminal());
                    }
                }
            }
        }
        assert!(zero > 0, "some player took no heads");
    }
}
