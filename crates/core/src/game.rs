//! The one game interface: [`Game`], shaped like OpenSpiel's `Game` and `State`.

use std::fmt::{Debug, Display};

use thiserror::Error;

use crate::{Number, Rng, seeded_rng};

/// What each player gets, indexed by player (higher is better).
pub type Returns = Vec<f64>;

/// Who acts at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A player decides (numbered from 0).
    Player(usize),
    /// Chance picks one of [`Game::chance_outcomes`] (a card dealt, a tile of the wall).
    Chance,
    /// The game is over.
    Terminal,
}

impl Turn {
    /// The player who decides, if a player does.
    pub fn player(self) -> Option<usize> {
        match self {
            Turn::Player(p) => Some(p),
            Turn::Chance | Turn::Terminal => None,
        }
    }
}

/// How players move (OpenSpiel's `Dynamics`). Every tabletop game is sequential: Take 6!'s
/// simultaneous round is presented with OpenSpiel's turn-based transform (each seat chooses in
/// turn, the choices hidden until all are revealed together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
pub enum Dynamics {
    /// One player acts at a time.
    Sequential,
    /// Several players act at once.
    Simultaneous,
}

/// Whether chance plays a part (OpenSpiel's `ChanceMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceMode {
    /// No chance nodes.
    Deterministic,
    /// Chance nodes with listed outcomes and probabilities ([`Game::chance_outcomes`]).
    ExplicitStochastic,
}

/// What players know (OpenSpiel's `Information`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Information {
    /// Every player sees the whole state.
    Perfect,
    /// Some of the state is hidden from some players.
    Imperfect,
}

/// How the returns of the players relate (OpenSpiel's `Utility`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
pub enum Utility {
    /// The returns always sum to zero.
    ZeroSum,
    /// The returns always sum to the same constant.
    ConstantSum,
    /// No constraint.
    GeneralSum,
}

/// When rewards arrive (OpenSpiel's `RewardModel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "snake_case"))]
pub enum RewardModel {
    /// Only at the end: [`Game::rewards`] is zero before the terminal state, the returns there.
    Terminal,
    /// After every step: [`Game::rewards`] of each step sum to the returns.
    Rewards,
}

/// The static description of a game (OpenSpiel's `GameType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameType {
    /// The registry name: `nine`, `take6`, `race`, `mahjong`.
    pub short_name: &'static str,
    /// The name a person reads.
    pub long_name: &'static str,
    /// One line about the game.
    pub description: &'static str,
    /// Sequential or simultaneous.
    pub dynamics: Dynamics,
    /// Deterministic or with chance nodes.
    pub chance_mode: ChanceMode,
    /// Perfect or imperfect information.
    pub information: Information,
    /// Zero-sum, constant-sum or general-sum.
    pub utility: Utility,
    /// Rewards at the end or after every step.
    pub reward_model: RewardModel,
    /// The fewest players any parameters allow.
    pub min_num_players: usize,
    /// The most players any parameters allow.
    pub max_num_players: usize,
}

/// Parameters a game cannot be built from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParamsError {
    /// A parameter is malformed or inconsistent with the others.
    #[error("bad parameter {field}: {reason}")]
    Bad {
        /// The parameter (`rows`, `deal`, ...).
        field: String,
        /// Why.
        reason: String,
    },
    /// A parameter is above what the game supports.
    #[error("too large: {what} is {value}, the cap is {cap}")]
    TooLarge {
        /// What is too large.
        what: String,
        /// Its value.
        value: u64,
        /// The largest value allowed.
        cap: u64,
    },
}

impl ParamsError {
    /// A [`ParamsError::Bad`] of `field` for `reason`.
    pub fn bad(field: impl Into<String>, reason: impl Display) -> ParamsError {
        ParamsError::Bad { field: field.into(), reason: reason.to_string() }
    }
}

/// An action that cannot be applied (or text that is not an action).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    /// The text is not an action of this game.
    #[error("{text:?} is not an action: {reason}")]
    Parse {
        /// The text, cut to a readable length.
        text: String,
        /// Why.
        reason: String,
    },
    /// The id is not an action id of this game.
    #[error("{id} is not an action id: ids are 0 to {}", bound.saturating_sub(1))]
    Id {
        /// The id.
        id: usize,
        /// Every id is below this.
        bound: usize,
    },
    /// The action is not legal here.
    #[error("{action} is not legal now: {reason}")]
    NotLegal {
        /// The action in notation.
        action: String,
        /// Why.
        reason: String,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A bot name this game does not offer, or a bot it offers asked for beyond its caps.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", match reason {
    Some(reason) => reason.clone(),
    None => format!("unknown bot {bot:?}: expected one of {}", known.join(", ")),
})]
pub struct UnknownBot {
    /// The name asked for.
    pub bot: String,
    /// The bots offered.
    pub known: Vec<String>,
    /// Why a bot the game offers cannot be seated with these settings (a Monte Carlo bot's
    /// budget above its cap), naming the bot: the whole message; `None` for a name the game
    /// does not know.
    pub reason: Option<String>,
}

/// One outcome drawn by its probability (the last one takes what rounding leaves over).
///
/// # Panics
/// If `outcomes` is empty.
pub fn sample_outcome<A: Copy>(outcomes: &[(A, f64)], rng: &mut Rng) -> A {
    let mut x: f64 = rand::Rng::random(rng);
    for &(a, p) in outcomes {
        if x < p {
            return a;
        }
        x -= p;
    }
    outcomes.last().expect("a chance node has an outcome").0
}

/// A game state: every tabletop game implements this once, and sessions, bots, analysis, the
/// conformance harness ([`crate::conformance`]), the server and Python all use it.
///
/// Shaped like OpenSpiel's `State` (with the parts of its `Game` that depend on the
/// parameters): one player acts at a time ([`Game::turn`]); deals and walls are explicit
/// chance nodes ([`Turn::Chance`], [`Game::chance_outcomes`]), which a seed resolves in one
/// call ([`Game::chance_from_seed`]); actions are dense integer ids ([`Game::action_id`]) and
/// notation (`Display`, [`Game::parse_action`]). Chance outcomes use the same action type and
/// ids as the players' actions (a card dealt is the card). A state is rebuilt exactly from
/// its parameters and its actions (chance outcomes included), which is what records and undo
/// rest on: [`Game::apply`] is deterministic.
///
/// # Adding a game
/// ```
/// use tabletop_core::{ChanceMode, Dynamics, Game, GameType, IllegalAction, Information,
///                     Number, ParamsError, RewardModel, Turn, Utility};
///
/// /// Two players take 1 or 2 from a heap; who takes the last wins.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Heap { left: u8, to_move: usize }
///
/// impl Game for Heap {
///     type Params = u8;
///     type Action = u8;
///     const TYPE: GameType = GameType {
///         short_name: "heap", long_name: "Heap", description: "take 1 or 2; the last wins",
///         dynamics: Dynamics::Sequential, chance_mode: ChanceMode::Deterministic,
///         information: Information::Perfect, utility: Utility::ZeroSum,
///         reward_model: RewardModel::Terminal, min_num_players: 2, max_num_players: 2,
///     };
///     fn new(size: &u8) -> Result<Heap, ParamsError> {
///         if *size == 0 { return Err(ParamsError::bad("size", "at least 1")); }
///         Ok(Heap { left: *size, to_move: 0 })
///     }
///     fn num_players(&self) -> usize { 2 }
///     fn turn(&self) -> Turn {
///         if self.left == 0 { Turn::Terminal } else { Turn::Player(self.to_move) }
///     }
///     fn legal_actions(&self) -> Vec<u8> { (1..=self.left.min(2)).collect() }
///     fn apply_unchecked(&mut self, take: u8) { self.left -= take; self.to_move ^= 1; }
///     fn num_distinct_actions(&self) -> usize { 2 }
///     fn action_id(&self, take: u8) -> usize { usize::from(take) - 1 }
///     fn action_from_id(&self, id: usize) -> Option<u8> { (id < 2).then(|| id as u8 + 1) }
///     fn parse_action(&self, text: &str) -> Result<u8, IllegalAction> {
///         text.parse().map_err(|_| IllegalAction::Parse {
///             text: text.into(), reason: "expected 1 or 2".into() })
///     }
///     fn returns(&self) -> Vec<f64> {
///         // The player to move did not take the last one.
///         let mut r = vec![1.0; 2];
///         if self.left == 0 { r[self.to_move] = -1.0; } else { r = vec![0.0; 2]; }
///         r
///     }
///     fn utility_range(&self) -> (f64, f64) { (-1.0, 1.0) }
///     fn max_remaining_steps(&self) -> usize { usize::from(self.left) }
///     fn observation_string(&self, _player: usize) -> String { format!("{self:?}") }
///     fn write_observation_tensor<T: Number>(&self, _player: usize, out: &mut [T]) {
///         out[0] = T::from_count(self.left);
///     }
///     fn observation_shape(&self) -> Vec<usize> { vec![1] }
///     fn observation_max(&self) -> u8 { u8::MAX } // the heap left, a u8
///     fn text(&self) -> String { format!("{} left", self.left) }
/// }
///
/// let mut heap = Heap::new(&4)?;
/// heap.try_apply(2)?;
/// assert!(heap.try_apply(3).is_err());
/// let report = tabletop_core::conformance::check(heap, &Default::default(), 1)?;
/// assert!(report.playouts > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A game joins the front ends with one line in `tabletop-play`'s registry.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The parameters the game is built from (`Default`: the published rules).
    type Params: Clone + Debug + Default + PartialEq + Send + Sync;
    /// One action (or chance outcome), written in the game's notation by `Display`.
    type Action: Copy + Eq + Debug + Display + Send + Sync;

    /// The static description of the game.
    const TYPE: GameType;

    /// The initial state for `params` (a chance node where the deal or wall is to be drawn).
    ///
    /// # Errors
    /// Why the parameters are wrong, or [`ParamsError::TooLarge`].
    fn new(params: &Self::Params) -> Result<Self, ParamsError>;

    /// The number of players.
    fn num_players(&self) -> usize;

    /// The name of a player in the game's own terms (`Alice`, `B`, `player 1`, `A`).
    fn player_name(&self, player: usize) -> String {
        format!("player {}", player + 1)
    }

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// The player who decides now, if one does (not chance, not over).
    fn current_player(&self) -> Option<usize> {
        self.turn().player()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    /// Whether chance acts now.
    fn is_chance_node(&self) -> bool {
        self.turn() == Turn::Chance
    }

    /// The legal actions of whoever acts now, in a fixed order; at a chance node the outcomes
    /// of positive probability; empty exactly when the game is over. A forced pass is an
    /// action like any other.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// [`Game::legal_actions`] as flags over `mask`, indexed by id: true at the id of each
    /// legal action, false everywhere else (everywhere once the game is over). `mask` must be
    /// longer than every id: [`Game::num_distinct_actions`] long at a player's node,
    /// [`Game::max_chance_outcomes`] at a chance node (as the conformance harness gives it).
    /// What a batch of environments calls after each step, with no allocation when a game
    /// overrides it.
    ///
    /// # Panics
    /// May panic if `mask` is too short.
    fn write_legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for a in self.legal_actions() {
            mask[self.action_id(a)] = true;
        }
    }

    /// At a chance node, its outcomes with their probabilities (positive, summing to 1); empty
    /// elsewhere. Uniform over [`Game::legal_actions`] unless the game says otherwise.
    fn chance_outcomes(&self) -> Vec<(Self::Action, f64)> {
        if !self.is_chance_node() {
            return Vec::new();
        }
        let outcomes = self.legal_actions();
        let p = 1.0 / outcomes.len() as f64;
        outcomes.into_iter().map(|a| (a, p)).collect()
    }

    /// The chance outcomes a seed picks for the chance nodes from here until a player acts
    /// (the whole deal or wall at once); empty when no chance node is next. By default drawn
    /// one by one from [`Game::chance_outcomes`]; a game overrides it to keep the deals that
    /// its seeds have always meant.
    fn chance_from_seed(&self, seed: u64) -> Vec<Self::Action> {
        let mut rng: Rng = seeded_rng(seed);
        let mut state = self.clone();
        let mut picked = Vec::new();
        while state.is_chance_node() {
            let chosen = sample_outcome(&state.chance_outcomes(), &mut rng);
            state.apply_unchecked(chosen);
            picked.push(chosen);
        }
        picked
    }

    /// Applies the outcomes [`Game::chance_from_seed`] picks from here, all at once: what a
    /// batch of environments calls to deal each new game. The default applies them one by
    /// one; a game overrides it to apply a whole deal faster, reaching the same state (the
    /// conformance harness checks it).
    fn apply_chance_from_seed(&mut self, seed: u64) {
        for outcome in self.chance_from_seed(seed) {
            self.apply_unchecked(outcome);
        }
    }

    /// Applies `action`, which must be legal now ([`Game::legal_actions`]); the fast path.
    /// Deterministic: the same actions from the same start give the same state.
    fn apply_unchecked(&mut self, action: Self::Action);

    /// Applies `action` if it is legal now.
    ///
    /// # Errors
    /// [`IllegalAction::GameOver`] or [`IllegalAction::NotLegal`]; the state is unchanged.
    fn try_apply(&mut self, action: Self::Action) -> Result<(), IllegalAction> {
        if self.is_terminal() {
            return Err(IllegalAction::GameOver);
        }
        if !self.legal_actions().contains(&action) {
            let reason = if self.is_chance_node() {
                "not a chance outcome here"
            } else {
                "not one of the legal actions"
            };
            return Err(IllegalAction::NotLegal {
                action: action.to_string(),
                reason: reason.to_owned(),
            });
        }
        self.apply_unchecked(action);
        debug_assert_eq!(self.check_invariants(), Ok(()));
        Ok(())
    }

    /// Applies a legal `action`.
    ///
    /// # Panics
    /// If the action is not legal now.
    fn apply(&mut self, action: Self::Action) {
        if let Err(e) = self.try_apply(action) {
            panic!("{e}");
        }
    }

    /// The number of integer action ids of the players: every player action has an id below
    /// it. Ids depend on the parameters alone, never on the state.
    fn num_distinct_actions(&self) -> usize;

    /// Every chance outcome has an id below this (0 for a deterministic game).
    fn max_chance_outcomes(&self) -> usize {
        0
    }

    /// The integer id of an action or chance outcome.
    fn action_id(&self, action: Self::Action) -> usize;

    /// The action (or, at a chance node's ids, outcome) of an id, if any.
    fn action_from_id(&self, id: usize) -> Option<Self::Action>;

    /// Reads an action in the game's notation (the inverse of `Display`); legality is checked
    /// when it is applied.
    ///
    /// # Errors
    /// [`IllegalAction::Parse`].
    fn parse_action(&self, text: &str) -> Result<Self::Action, IllegalAction>;

    /// The returns, one per player: the final ones once the game is over, 0 for everyone
    /// before (each game documents its score scale).
    fn returns(&self) -> Returns;

    /// What each player gained with the last action. For [`RewardModel::Terminal`] games (the
    /// default) zero before the end and the returns at the end.
    fn rewards(&self) -> Returns {
        if self.is_terminal() { self.returns() } else { vec![0.0; self.num_players()] }
    }

    /// The least and the greatest return any player can get with these parameters.
    fn utility_range(&self) -> (f64, f64);

    /// An upper bound on the number of actions (chance outcomes included) until the end from
    /// here.
    fn max_remaining_steps(&self) -> usize;

    /// How many of the last player actions are still secret to everyone but the player who
    /// made them (Take 6!: the choices of the round in progress). 0 by default.
    fn hidden_tail(&self) -> usize {
        0
    }

    /// Everything `player` knows, including what they remember (their own earlier choices);
    /// never what they cannot see. For perfect-information games the observation string
    /// (default).
    fn information_state_string(&self, player: usize) -> String {
        self.observation_string(player)
    }

    /// A state drawn at random among those `player` cannot tell from this one (OpenSpiel's
    /// `ResampleFromInfostate`): the same [`Game::information_state_string`] and
    /// [`Game::information_state_tensor`] for `player`, the same player to act, and, when
    /// `player` is to act, the same legal actions; everything `player` has not seen (other
    /// players' cards, the rest of a deck or wall, secret choices) drawn again. It never
    /// fails: there is always such a state (this one). For a perfect-information game the
    /// state itself (the default); a game with hidden information overrides it where its rules
    /// are. The conformance harness checks the contract on every game.
    fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> Self {
        let _ = (player, rng);
        self.clone()
    }

    /// Every action and chance outcome applied since the state [`Game::new`] made, oldest
    /// first, with who acted ([`Turn::Chance`] or the player: OpenSpiel's `FullHistory`),
    /// where the game keeps them (the hidden-information games do: it is how a front end that
    /// records ids follows a [`Game::resample_from_infostate`]); `None` by default.
    fn history(&self) -> Option<Vec<(Turn, Self::Action)>> {
        None
    }

    /// [`Game::information_state_string`] as numbers, shaped
    /// [`Game::information_state_shape`]. The observation tensor by default.
    fn information_state_tensor(&self, player: usize) -> Vec<f32> {
        self.observation_tensor(player)
    }

    /// The shape of [`Game::information_state_tensor`].
    fn information_state_shape(&self) -> Vec<usize> {
        self.observation_shape()
    }

    /// What `player` sees now, in text; never what they cannot see.
    fn observation_string(&self, player: usize) -> String;

    /// What `player` sees now, as numbers, flattened in row-major order of
    /// [`Game::observation_shape`] (layout documented per game).
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        let mut t = vec![0.0; self.observation_shape().iter().product()];
        self.write_observation_tensor(player, &mut t);
        t
    }

    /// [`Game::observation_tensor`] written over `out`, whose length is the product of
    /// [`Game::observation_shape`], in `f32` or in bytes ([`Number`]): what a batch of
    /// environments calls, with no allocation. The one writer of a game's observation.
    ///
    /// # Panics
    /// May panic if `out` has another length.
    fn write_observation_tensor<T: Number>(&self, player: usize, out: &mut [T]);

    /// The shape of [`Game::observation_tensor`].
    fn observation_shape(&self) -> Vec<usize>;

    /// The largest number an observation holds: 1 (the default) where every number is a
    /// flag; a game whose observation counts things says how many at most. Every number of
    /// an observation is a whole number from 0 to this, so bytes hold it exactly.
    fn observation_max(&self) -> u8 {
        1
    }

    /// The whole state in text (for logs and `__str__`).
    fn text(&self) -> String;

    /// The bots this game offers, by name, the default first (`solver` for the exact player
    /// where the game has one). Every game offers `random`.
    fn bots(&self) -> Vec<String> {
        vec!["random".to_owned()]
    }

    /// Whether `name` is a bot this game can seat (by default: one of [`Game::bots`]).
    ///
    /// # Errors
    /// [`UnknownBot`].
    fn check_bot(&self, name: &str) -> Result<(), UnknownBot> {
        if self.bots().iter().any(|b| b == name) {
            Ok(())
        } else {
            Err(UnknownBot { bot: name.to_owned(), known: self.bots(), reason: None })
        }
    }

    /// The action `bot` (accepted by [`Game::check_bot`]) plays now for the player to move.
    /// Deterministic in `seed`; it uses only what that player may see. By default every bot is
    /// `random`: uniform over the legal actions.
    ///
    /// # Panics
    /// When no player is to move.
    fn bot_action(&self, bot: &str, seed: u64) -> Self::Action {
        let _ = bot;
        let legal = self.legal_actions();
        assert!(self.current_player().is_some(), "a bot acts only for a player to move");
        *rand::seq::IndexedRandom::choose(legal.as_slice(), &mut seeded_rng(seed))
            .expect("a player to move has a legal action")
    }

    /// The game's internal consistency check (conserved quantities, bitsets agreeing with
    /// counts, ...): `Err` with a description when something is broken.
    ///
    /// # Errors
    /// What is broken.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chance deals a die (1 to 3) to player 0, who then says "stop" (1) or "double" (2);
    /// player 0 gets the die or twice the die minus 3. Every default method is used.
    #[derive(Clone, Debug, PartialEq)]
    struct Die {
        die: Option<u8>,
        choice: Option<u8>,
    }

    impl Game for Die {
        type Params = ();
        type Action = u8;
        const TYPE: GameType = GameType {
            short_name: "die",
            long_name: "Die",
            description: "a die, then stop or double",
            dynamics: Dynamics::Sequential,
            chance_mode: ChanceMode::ExplicitStochastic,
            information: Information::Perfect,
            utility: Utility::GeneralSum,
            reward_model: RewardModel::Terminal,
            min_num_players: 1,
            max_num_players: 1,
        };
        fn new(_: &()) -> Result<Die, ParamsError> {
            Ok(Die { die: None, choice: None })
        }
        fn num_players(&self) -> usize {
            1
        }
        fn turn(&self) -> Turn {
            match (self.die, self.choice) {
                (None, _) => Turn::Chance,
                (Some(_), None) => Turn::Player(0),
                _ => Turn::Terminal,
            }
        }
        fn legal_actions(&self) -> Vec<u8> {
            match self.turn() {
                Turn::Chance => vec![1, 2, 3],
                Turn::Player(_) => vec![1, 2],
                Turn::Terminal => vec![],
            }
        }
        fn apply_unchecked(&mut self, a: u8) {
            if self.die.is_none() { self.die = Some(a) } else { self.choice = Some(a) }
        }
        fn num_distinct_actions(&self) -> usize {
            3
        }
        fn max_chance_outcomes(&self) -> usize {
            4
        }
        fn action_id(&self, a: u8) -> usize {
            usize::from(a)
        }
        fn action_from_id(&self, id: usize) -> Option<u8> {
            (1..=3).contains(&id).then_some(id as u8)
        }
        fn parse_action(&self, text: &str) -> Result<u8, IllegalAction> {
            text.parse().map_err(|_| IllegalAction::Parse {
                text: text.to_owned(),
                reason: "a number".to_owned(),
            })
        }
        fn returns(&self) -> Returns {
            match (self.die, self.choice) {
                (Some(d), Some(c)) => vec![f64::from(d * c) - if c == 2 { 3.0 } else { 0.0 }],
                _ => vec![0.0],
            }
        }
        fn utility_range(&self) -> (f64, f64) {
            (-1.0, 3.0)
        }
        fn max_remaining_steps(&self) -> usize {
            usize::from(self.die.is_none()) + usize::from(self.choice.is_none())
        }
        fn observation_string(&self, _: usize) -> String {
            format!("{self:?}")
        }
        fn write_observation_tensor<T: Number>(&self, _: usize, out: &mut [T]) {
            out[0] = T::from_count(self.die.unwrap_or(0));
        }

        fn observation_max(&self) -> u8 {
            3
        }
        fn observation_shape(&self) -> Vec<usize> {
            vec![1]
        }
        fn text(&self) -> String {
            format!("{self:?}")
        }
    }

    #[test]
    fn the_defaults_serve_a_small_game() {
        let mut g = Die::new(&()).unwrap();
        assert_eq!(g.player_name(0), "player 1");
        assert!(g.is_chance_node() && !g.is_terminal() && g.current_player().is_none());
        let outcomes = g.chance_outcomes();
        assert_eq!(outcomes.iter().map(|&(a, _)| a).collect::<Vec<_>>(), [1, 2, 3]);
        assert!(outcomes.iter().all(|&(_, p)| (p - 1.0 / 3.0).abs() < 1e-12));
        // A seed resolves the one chance node; each outcome comes up for some seed.
        let mut seen = [false; 4];
        for seed in 0..60 {
            let drawn = g.chance_from_seed(seed);
            assert_eq!(drawn.len(), 1);
            assert_eq!(drawn, g.chance_from_seed(seed), "deterministic in the seed");
            seen[usize::from(drawn[0])] = true;
        }
        assert_eq!(seen, [false, true, true, true]);
        // The default applies the seed's outcomes at once: the die rolled.
        let mut rolled = g.clone();
        rolled.apply_chance_from_seed(5);
        assert_eq!(rolled.die, Some(g.chance_from_seed(5)[0]));
        assert_eq!(rolled.turn(), Turn::Player(0));
        assert_eq!(
            g.try_apply(4),
            Err(IllegalAction::NotLegal {
                action: "4".to_owned(),
                reason: "not a chance outcome here".to_owned(),
            })
        );
        // The default mask, over a stale buffer: the ids of the legal actions.
        let mut mask = [true; 4];
        g.write_legal_mask(&mut mask);
        assert_eq!(mask, [false, true, true, true]);
        g.apply(2);
        assert_eq!(g.current_player(), Some(0));
        g.write_legal_mask(&mut mask);
        assert_eq!(mask, [false, true, true, false]);
        assert!(g.chance_outcomes().is_empty() && g.chance_from_seed(1).is_empty());
        assert_eq!(g.rewards(), [0.0]);
        let before = g.clone();
        assert!(matches!(g.try_apply(3), Err(IllegalAction::NotLegal { reason, .. })
            if reason == "not one of the legal actions"));
        assert_eq!(g, before, "a refused action changes nothing");
        assert_eq!(g.bots(), ["random"]);
        assert!(g.check_bot("random").is_ok());
        assert_eq!(
            g.check_bot("x"),
            Err(UnknownBot { bot: "x".into(), known: vec!["random".into()], reason: None })
        );
        let picks: Vec<u8> = (0..40).map(|s| g.bot_action("random", s)).collect();
        assert!(picks.contains(&1) && picks.contains(&2));
        assert_eq!(g.information_state_string(0), g.observation_string(0));
        assert_eq!(g.information_state_tensor(0), [2.0]);
        assert_eq!(g.information_state_shape(), [1]);
        assert_eq!(g.hidden_tail(), 0);
        assert_eq!(g.resample_from_infostate(0, &mut seeded_rng(1)), g, "perfect information");
        assert_eq!(g.history(), None);
        assert_eq!(g.check_invariants(), Ok(()));
        g.apply(2);
        assert!(g.is_terminal());
        g.write_legal_mask(&mut mask);
        assert_eq!(mask, [false; 4], "nothing is legal once the game is over");
        assert_eq!(g.rewards(), [1.0]);
        assert_eq!(g.try_apply(1), Err(IllegalAction::GameOver));
        assert_eq!(Turn::Chance.player(), None);
        assert_eq!(Turn::Player(3).player(), Some(3));
    }

    /// One player says one word, and the game is over: no chance, so every default holds.
    #[derive(Clone, Debug, PartialEq)]
    struct Word(bool);

    impl Game for Word {
        type Params = ();
        type Action = u8;
        const TYPE: GameType = GameType {
            short_name: "word",
            long_name: "Word",
            description: "say one word",
            dynamics: Dynamics::Sequential,
            chance_mode: ChanceMode::Deterministic,
            information: Information::Perfect,
            utility: Utility::GeneralSum,
            reward_model: RewardModel::Terminal,
            min_num_players: 1,
            max_num_players: 1,
        };
        fn new(_: &()) -> Result<Word, ParamsError> {
            Ok(Word(false))
        }
        fn num_players(&self) -> usize {
            1
        }
        fn turn(&self) -> Turn {
            if self.0 { Turn::Terminal } else { Turn::Player(0) }
        }
        fn legal_actions(&self) -> Vec<u8> {
            if self.0 { vec![] } else { vec![0] }
        }
        fn apply_unchecked(&mut self, _: u8) {
            self.0 = true;
        }
        fn num_distinct_actions(&self) -> usize {
            1
        }
        fn action_id(&self, a: u8) -> usize {
            usize::from(a)
        }
        fn action_from_id(&self, id: usize) -> Option<u8> {
            (id == 0).then_some(0)
        }
        fn parse_action(&self, text: &str) -> Result<u8, IllegalAction> {
            text.parse()
                .map_err(|_| IllegalAction::Parse { text: text.to_owned(), reason: "0".to_owned() })
        }
        fn returns(&self) -> Returns {
            vec![0.0]
        }
        fn utility_range(&self) -> (f64, f64) {
            (0.0, 0.0)
        }
        fn max_remaining_steps(&self) -> usize {
            usize::from(!self.0)
        }
        fn observation_string(&self, _: usize) -> String {
            format!("{self:?}")
        }
        fn write_observation_tensor<T: Number>(&self, _: usize, _: &mut [T]) {}
        fn observation_shape(&self) -> Vec<usize> {
            vec![0]
        }
        fn text(&self) -> String {
            format!("{self:?}")
        }
    }

    #[test]
    fn a_game_without_chance_has_no_chance_outcome_ids() {
        let g = Word::new(&()).unwrap();
        assert_eq!(g.max_chance_outcomes(), 0);
        assert!(g.chance_outcomes().is_empty() && g.chance_from_seed(3).is_empty());
        // The information state is the observation by default.
        assert_eq!(g.information_state_shape(), [0]);
        assert_eq!(g.information_state_string(0), "Word(false)");
    }

    #[test]
    #[should_panic(expected = "is not legal now")]
    fn apply_panics_on_an_illegal_action() {
        Die::new(&()).unwrap().apply(9);
    }

    #[test]
    fn params_errors_read_well() {
        assert_eq!(
            ParamsError::bad("rows", "at most 4").to_string(),
            "bad parameter rows: at most 4"
        );
        let e = ParamsError::TooLarge { what: "rows".into(), value: 9, cap: 4 };
        assert_eq!(e.to_string(), "too large: rows is 9, the cap is 4");
        let e = IllegalAction::Id { id: 9, bound: 3 };
        assert_eq!(e.to_string(), "9 is not an action id: ids are 0 to 2");
    }
}
