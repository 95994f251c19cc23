//! Nine as a [`tabletop_core::Game`]: the deal as chance nodes, then the play of a
//! [`Position`], with the exact solver and a random player as bots.

use std::cell::RefCell;

use tabletop_core::rand::seq::{IndexedRandom, SliceRandom};
use tabletop_core::text::clip;
use tabletop_core::{
    ChanceMode, Dynamics, Game, GameType, IllegalAction, Information, Number, ParamsError, Returns,
    RewardModel, Turn, Utility, seeded_rng,
};

use crate::card::{Card, CardSet};
use crate::deal::{Deal, Player};
use crate::error::DealError;
use crate::solver::Solver;
use crate::state::{Move, Position};

thread_local! {
    /// One solver per thread: it owns a 2.3 MB table that is reused between calls.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs `f` with this thread's [`Solver`], which keeps its table between calls (the `solver`
/// bot uses it; analysis should too, rather than building a 2.3 MB table per call).
///
/// # Panics
/// If `f` itself calls `with_thread_solver` (the solver is borrowed once at a time).
pub fn with_thread_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// Who moves first, in the parameters (`"alice"` or `"bob"` in JSON); [`Player`] is the same
/// two players under the names the reports and census files write (`"Alice"`, `"Bob"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum First {
    /// Alice (player 0).
    #[default]
    Alice,
    /// Bob (player 1).
    Bob,
}

impl From<First> for Player {
    fn from(first: First) -> Player {
        match first {
            First::Alice => Player::Alice,
            First::Bob => Player::Bob,
        }
    }
}

/// The parameters of a [`Nine`] game. Default: the deal is left to chance, Alice moves first.
///
/// With the `serde` feature they read from JSON with every field optional and no other field
/// allowed: `{"deal": "<Alice's 18 cards>\n<Bob's 18 cards>" | null, "alice": null, "bob":
/// null, "first": "alice" | "bob"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct NineParams {
    /// The deal in the notation of [`Deal`]: two lines of 18 cards, Alice's then Bob's.
    /// `None` (with `alice` and `bob`): the deal is left to chance.
    pub deal: Option<String>,
    /// Alice's 18 cards alone (with `bob`), instead of `deal`.
    pub alice: Option<String>,
    /// Bob's 18 cards alone (with `alice`), instead of `deal`.
    pub bob: Option<String>,
    /// Who moves first.
    pub first: First,
}

/// Where a game is: Alice's cards being dealt, or the play of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    /// Chance deals Alice's cards one at a time: these are dealt (fewer than 18).
    Dealing(CardSet),
    /// The deal is complete: the play.
    Playing(Position),
}

/// Nine as a [`Game`]: players 0 (Alice) and 1 (Bob), a [`Position`] and who moved first.
///
/// - **Chance.** Without a deal in the parameters, the game starts at a chance node that deals
///   Alice's 18 cards one per step: each outcome is an undealt card, all equally likely (so
///   every deal is equally likely), written and numbered as the move that plays that card
///   ([`Move::Play`], ids `0..36`). After the 18th, Bob holds the other 18 and the play starts
///   with the player of [`NineParams::first`]. [`Game::chance_from_seed`] gives, in ascending
///   order, Alice's cards of [`random_deal`](crate::random_deal) from that seed (the deal a
///   session with that seed has always played).
/// - **Actions.** 37 ids: a card's index `suit * 9 + rank` (suits C D S H, ranks 6 to A) for
///   playing it, 36 for `pass`; the notation is the card (`9S`) or `pass`.
/// - **Returns.** The result signed from each side: `[r, -r]` where `r` is
///   [`Position::result`] (the cards the loser keeps, `+` when Alice wins), so in `-18..=18`
///   (zero-sum, at the end only).
/// - **Observations.** Nine is open: both players see everything, and the information state
///   is the observation. The observation string is the deal (two lines, `Alice was dealt
///   ...` and `Bob was dealt ...`) and the position line ([`Position`]'s `Display`); while
///   dealing, the cards dealt so far. The position is a complete description of what can
///   follow (the order of the earlier moves changes nothing), so two histories reaching one
///   position share one information state.
///   The observation tensor is shaped `[5, 36]`: five planes of the 36 card indices: 0 the
///   player's hand, 1 the opponent's hand, 2 the cards on the table, 3 the cards playable now
///   (by whoever holds them), 4 all ones when the player is to move. While dealing, the plane
///   of Alice's hand holds the cards dealt so far and the others are zero.
/// - **Bots.** `solver` (exact: the first of [`Solver::best_moves`]) and `random` (uniform
///   over the legal moves, from the seed).
///
/// ```
/// use tabletop_core::{Game, Turn};
/// use tabletop_nine::{Move, Nine, NineParams, random_deal};
///
/// let mut game = Nine::new(&NineParams::default())?;
/// assert_eq!(game.turn(), Turn::Chance);
/// for card in game.chance_from_seed(42) {
///     game.apply(card);
/// }
/// let deal = random_deal(&mut tabletop_core::seeded_rng(42));
/// assert_eq!(game.position().unwrap().deal(), deal);
/// while !game.is_terminal() {
///     let mv: Move = game.bot_action("solver", 0);
///     game.apply(mv);
/// }
/// assert_eq!(game.returns()[0], -game.returns()[1]);
/// # Ok::<(), tabletop_core::ParamsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nine {
    stage: Stage,
    first: Player,
}

impl Nine {
    /// The game of `deal` from its start, `first` to move.
    pub fn start(deal: Deal, first: Player) -> Nine {
        Nine { stage: Stage::Playing(Position::start(deal, first)), first }
    }

    /// The game before the deal (a chance node), `first` to move once it is dealt.
    pub fn undealt(first: Player) -> Nine {
        Nine { stage: Stage::Dealing(CardSet::EMPTY), first }
    }

    /// The game at `pos`, in which `first` moved first.
    pub fn from_position(pos: Position, first: Player) -> Nine {
        Nine { stage: Stage::Playing(pos), first }
    }

    /// The position, once the deal is complete.
    pub fn position(&self) -> Option<&Position> {
        match &self.stage {
            Stage::Dealing(_) => None,
            Stage::Playing(pos) => Some(pos),
        }
    }

    /// Who moved (or moves) first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// Alice's cards dealt so far: all 18 of her hand once the deal is complete.
    pub fn dealt(&self) -> CardSet {
        match self.stage {
            Stage::Dealing(dealt) => dealt,
            Stage::Playing(pos) => pos.deal().alice(),
        }
    }
}

/// The error of hands given as the parameters `alice` and `bob`, in their terms: the hand at
/// fault and the column in its string, not the line of the two-line deal they make.
fn hands_error(e: DealError) -> ParamsError {
    let param = |player: Player| match player {
        Player::Alice => "alice",
        Player::Bob => "bob",
    };
    let line_param = |line: usize| if line == 1 { "alice" } else { "bob" };
    match &e {
        DealError::UnknownToken { line, .. } | DealError::Duplicate { line, .. } => {
            let text = e.to_string();
            // "line L, column C: ...": the line is the parameter's name now.
            let reason = text.split_once(", ").map_or(text.as_str(), |(_, rest)| rest);
            ParamsError::bad(line_param(*line), reason)
        }
        DealError::EmptyHand { player, .. } => {
            ParamsError::bad(param(*player), "an empty hand: expected 18 cards")
        }
        DealError::HandSize { player, .. } => ParamsError::bad(param(*player), e),
        _ => ParamsError::bad("alice and bob", e),
    }
}

impl Game for Nine {
    type Params = NineParams;
    type Action = Move;

    const TYPE: GameType = GameType {
        short_name: "nine",
        long_name: "Nine (Девятка)",
        description: "Nine (Девятка): 36 open cards, runs from the nines; play against the exact solver",
        dynamics: Dynamics::Sequential,
        chance_mode: ChanceMode::ExplicitStochastic,
        information: Information::Perfect,
        utility: Utility::ZeroSum,
        reward_model: RewardModel::Terminal,
        min_num_players: 2,
        max_num_players: 2,
    };

    /// The deal from `deal`, or from `alice` and `bob`, or left to chance when none is given.
    ///
    /// # Errors
    /// [`ParamsError::Bad`] of `deal` (a malformed deal, or `deal` given with `alice` or `bob`,
    /// or only one of these two), of `alice` or `bob` (a malformed hand, by its column), or of
    /// `alice and bob` (hands that do not make the deck).
    fn new(params: &NineParams) -> Result<Nine, ParamsError> {
        let deal = match (&params.deal, &params.alice, &params.bob) {
            (Some(text), None, None) => {
                Some(text.parse::<Deal>().map_err(|e| ParamsError::bad("deal", e))?)
            }
            (None, Some(a), Some(b)) => {
                for (name, hand) in [("alice", a), ("bob", b)] {
                    if hand.contains(['\n', '\r']) {
                        return Err(ParamsError::bad(name, "a hand is one line: no line breaks"));
                    }
                }
                Some(Deal::from_hands(a, b).map_err(hands_error)?)
            }
            (None, None, None) => None,
            _ => {
                return Err(ParamsError::bad(
                    "deal",
                    "give either deal (two lines) or both alice and bob, or none for a random deal",
                ));
            }
        };
        let first = params.first.into();
        Ok(match deal {
            Some(deal) => Nine::start(deal, first),
            None => Nine::undealt(first),
        })
    }

    fn num_players(&self) -> usize {
        2
    }

    /// `Alice` and `Bob`.
    fn player_name(&self, player: usize) -> String {
        Player::ALL.get(player).map_or_else(|| format!("player {player}"), |p| p.to_string())
    }

    fn turn(&self) -> Turn {
        match &self.stage {
            Stage::Dealing(_) => Turn::Chance,
            Stage::Playing(pos) if pos.is_over() => Turn::Terminal,
            Stage::Playing(pos) => Turn::Player(pos.to_move().index()),
        }
    }

    /// While dealing, the undealt cards (in index order); then [`Position::legal_moves`].
    fn legal_actions(&self) -> Vec<Move> {
        match &self.stage {
            Stage::Dealing(dealt) => (!*dealt).iter().map(Move::Play).collect(),
            Stage::Playing(pos) => pos.legal_moves().to_vec(),
        }
    }

    /// With no list on the heap: the cards not dealt, or the position's moves (an array).
    fn write_legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        match &self.stage {
            Stage::Dealing(dealt) => (!*dealt).iter().for_each(|c| mask[c.index()] = true),
            Stage::Playing(pos) => {
                pos.legal_moves().into_iter().for_each(|mv| mask[self.action_id(mv)] = true);
            }
        }
    }

    /// From the start: Alice's cards of [`random_deal`](crate::random_deal) from `seed`, in
    /// ascending order. From a partial deal: the first cards of the undealt ones shuffled by
    /// the seed (the same draw, which at the start is exactly `random_deal`'s), ascending.
    fn chance_from_seed(&self, seed: u64) -> Vec<Move> {
        let Stage::Dealing(dealt) = self.stage else {
            return Vec::new();
        };
        let mut cards: Vec<Card> = (!dealt).iter().collect();
        cards.shuffle(&mut seeded_rng(seed));
        cards.truncate(Deal::HAND - dealt.len());
        cards.sort_unstable();
        cards.into_iter().map(Move::Play).collect()
    }

    fn apply_unchecked(&mut self, action: Move) {
        match &mut self.stage {
            Stage::Dealing(dealt) => {
                if let Move::Play(card) = action {
                    dealt.insert(card);
                }
                if dealt.len() == Deal::HAND {
                    let deal = Deal::from_alice(*dealt).expect("18 distinct cards");
                    self.stage = Stage::Playing(Position::start(deal, self.first));
                }
            }
            Stage::Playing(pos) => pos.play_unchecked(action),
        }
    }

    /// Applies `action` if it is legal, with [`Position::try_play`]'s reasons (or, while
    /// dealing, why the card cannot be dealt).
    fn try_apply(&mut self, action: Move) -> Result<(), IllegalAction> {
        let not_legal = |reason: &str| IllegalAction::NotLegal {
            action: action.to_string(),
            reason: reason.to_owned(),
        };
        match &mut self.stage {
            Stage::Dealing(dealt) => match action {
                Move::Pass => return Err(not_legal("the deal deals cards")),
                Move::Play(card) if dealt.contains(card) => {
                    return Err(not_legal("the card is already dealt"));
                }
                Move::Play(_) => self.apply_unchecked(action),
            },
            Stage::Playing(pos) if pos.is_over() => return Err(IllegalAction::GameOver),
            Stage::Playing(pos) => pos.try_play(action).map_err(|e| not_legal(e.reason))?,
        }
        debug_assert_eq!(self.check_invariants(), Ok(()));
        Ok(())
    }

    /// 37: the 36 cards, then `pass`.
    fn num_distinct_actions(&self) -> usize {
        Card::COUNT + 1
    }

    /// 36: a card is dealt.
    fn max_chance_outcomes(&self) -> usize {
        Card::COUNT
    }

    fn action_id(&self, action: Move) -> usize {
        match action {
            Move::Play(card) => card.index(),
            Move::Pass => Card::COUNT,
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Move> {
        if id == Card::COUNT { Some(Move::Pass) } else { Card::from_index(id).map(Move::Play) }
    }

    /// A card (`9S`) or `pass`.
    fn parse_action(&self, text: &str) -> Result<Move, IllegalAction> {
        text.parse().map_err(|e: crate::ParseCardError| IllegalAction::Parse {
            text: clip(text).to_string(),
            reason: e.to_string(),
        })
    }

    /// `[r, -r]`, `r` the result signed from Alice's side ([`Position::result`]); 0 before the
    /// end.
    fn returns(&self) -> Returns {
        let v = self.position().and_then(Position::result).unwrap_or(0) as f64;
        vec![v, -v]
    }

    /// The loser keeps at most 18 cards: `(-18, 18)`.
    fn utility_range(&self) -> (f64, f64) {
        let most = Deal::HAND as f64;
        (-most, most)
    }

    /// The cards still to deal, then two steps per card still held (every card still held is
    /// played at most once, and a pass is always followed by a card).
    fn max_remaining_steps(&self) -> usize {
        match &self.stage {
            Stage::Dealing(dealt) => Deal::HAND - dealt.len() + 2 * Card::COUNT,
            Stage::Playing(pos) => 2 * (Card::COUNT - pos.played().len()),
        }
    }

    /// The same for both players (Nine is open): see [`Nine`].
    fn observation_string(&self, _player: usize) -> String {
        self.text()
    }

    /// `[5, 36]`: see [`Nine`].
    fn write_observation_tensor<T: Number>(&self, player: usize, t: &mut [T]) {
        let me = Player::ALL[player.min(1)];
        let planes = match &self.stage {
            Stage::Dealing(dealt) => {
                let mut hands = [CardSet::EMPTY; 2];
                hands[Player::Alice.index()] = *dealt;
                [hands[me.index()], hands[me.opponent().index()], CardSet::EMPTY, CardSet::EMPTY]
            }
            Stage::Playing(p) => [p.hand(me), p.hand(me.opponent()), p.played(), p.playable()],
        };
        for (plane, set) in t.chunks_exact_mut(Card::COUNT).zip(planes) {
            tabletop_core::write_flags(plane, u128::from(set.bits()));
        }
        let to_move = self.current_player() == Some(me.index());
        t[4 * Card::COUNT..].fill(T::from_flag(to_move));
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![5, Card::COUNT]
    }

    /// The deal (two lines, `Alice was dealt ...` and `Bob was dealt ...`) and the position
    /// line; while dealing, the cards dealt so far.
    fn text(&self) -> String {
        match &self.stage {
            Stage::Dealing(dealt) => {
                format!("dealing Alice's cards ({} of 18): {dealt}", dealt.len())
                    .trim_end()
                    .to_owned()
            }
            Stage::Playing(pos) => {
                let deal = pos.deal();
                format!("Alice was dealt {}\nBob was dealt   {}\n{pos}", deal.alice(), deal.bob())
            }
        }
    }

    /// `solver` (exact, the default) and `random`.
    fn bots(&self) -> Vec<String> {
        vec!["solver".to_owned(), "random".to_owned()]
    }

    /// `random`: uniform over [`Game::legal_actions`] from `seed`; `solver` (any other name):
    /// the first of [`Solver::best_moves`], with this thread's solver.
    fn bot_action(&self, bot: &str, seed: u64) -> Move {
        let Some(pos) = self.position().filter(|p| !p.is_over()) else {
            panic!("a bot acts only for a player to move");
        };
        match bot {
            "random" => *pos.legal_moves().choose(&mut seeded_rng(seed)).expect("a legal move"),
            _ => with_thread_solver(|s| s.best_moves(pos))[0].0,
        }
    }

    /// While dealing: fewer than 18 cards dealt. Then [`Position::check_invariants`].
    fn check_invariants(&self) -> Result<(), String> {
        match &self.stage {
            Stage::Dealing(dealt) if dealt.len() >= Deal::HAND => Err(format!(
                "{} of Alice's cards dealt and still dealing: the play starts at 18",
                dealt.len()
            )),
            Stage::Dealing(_) => Ok(()),
            Stage::Playing(pos) => pos.check_invariants(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Alice holds every nine: the first D3 sample.
    const DEAL: &str = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
                        6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H";

    fn deal() -> Deal {
        DEAL.parse().unwrap()
    }

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn playing(deal: Deal, played: CardSet) -> Nine {
        Nine::from_position(Position::from_parts_unchecked(deal, played, Player::Bob), Player::Bob)
    }

    fn broken(game: Nine) -> String {
        game.check_invariants().expect_err("a corrupt state passes the check")
    }

    #[test]
    fn the_check_passes_every_valid_state_of_a_deal() {
        let mut game = Nine::undealt(Player::Alice);
        for card in deal().alice() {
            assert_eq!(game.check_invariants(), Ok(()));
            game.apply(Move::Play(card));
        }
        assert_eq!(game.position().map(Position::deal), Some(deal()));
        assert_eq!(playing(deal(), cards("8S 9S TS")).check_invariants(), Ok(()));
    }

    #[test]
    fn the_check_refuses_a_deal_that_went_on_past_18_cards() {
        let mut alice = deal().alice();
        let e = broken(Nine { stage: Stage::Dealing(alice), first: Player::Alice });
        assert_eq!(e, "18 of Alice's cards dealt and still dealing: the play starts at 18");
        alice.insert("6D".parse().unwrap());
        let e = broken(Nine { stage: Stage::Dealing(alice), first: Player::Alice });
        assert!(e.starts_with("19 of Alice's cards"), "{e}");
        // 17 is a state of the deal.
        alice.remove("6D".parse().unwrap());
        alice.remove("9C".parse().unwrap());
        assert_eq!(
            Nine { stage: Stage::Dealing(alice), first: Player::Bob }.check_invariants(),
            Ok(())
        );
    }

    #[test]
    fn the_check_refuses_a_card_in_both_hands() {
        let d = deal();
        let six: Card = "6D".parse().unwrap();
        let alice = d.alice() | CardSet::from(six);
        let e = broken(playing(Deal::from_parts_unchecked(alice, d.bob()), CardSet::EMPTY));
        assert_eq!(e, "not a deal: cards in both hands: 6D");
    }

    #[test]
    fn the_check_refuses_a_card_missing_from_the_deck() {
        let d = deal();
        let bob = d.bob() - cards("6D");
        let e = broken(playing(Deal::from_parts_unchecked(d.alice(), bob), CardSet::EMPTY));
        assert_eq!(e, "not a deal: 1 card missing from the deck: 6D");
    }

    #[test]
    fn the_check_refuses_hands_of_17_and_19() {
        let d = deal();
        let moved = cards("6D");
        let (alice, bob) = (d.alice() | moved, d.bob() - moved);
        let e = broken(playing(Deal::from_parts_unchecked(alice, bob), CardSet::EMPTY));
        assert_eq!(e, "not a deal: Alice holds 19 cards, expected 18");
        let moved = cards("9C");
        let (alice, bob) = (d.alice() - moved, d.bob() | moved);
        let e = broken(playing(Deal::from_parts_unchecked(alice, bob), CardSet::EMPTY));
        assert_eq!(e, "not a deal: Alice holds 17 cards, expected 18");
    }

    #[test]
    fn the_check_refuses_a_broken_run_in_every_suit() {
        // A lone six, a run without its nine, a gap: in each suit in turn.
        for suit in ["C", "D", "S", "H"] {
            for run in ["6", "8 T", "7 9"] {
                let played: CardSet =
                    run.split(' ').map(|r| format!("{r}{suit}").parse::<Card>().unwrap()).collect();
                let e = broken(playing(deal(), played));
                assert!(e.starts_with(&format!("the cards of suit {suit} on the table")), "{e}");
            }
        }
    }
}
