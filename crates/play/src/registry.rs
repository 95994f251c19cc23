//! The type-erased layer over [`Present`] games and the registry of games.

use serde::Serialize;
use serde_json::Value;

use tabletop_core::review::{Review, ReviewError};
use tabletop_core::{
    ChanceMode, Dynamics, Game, GameType, IllegalAction, Information, RewardModel, Rng, Turn,
    UnknownBot, Utility,
};
use tabletop_mahjong::Mahjong;
use tabletop_nine::Nine;
use tabletop_race::RaceGame;
use tabletop_take6::Take6;

use crate::{PlayError, Present};

/// A registered game behind one object-safe interface, with integer action ids as the common
/// currency: [`Game`] + [`Present`] with the types erased. Every registered game implements
/// it through the blanket impl; [`crate::Session`] holds a `Box<dyn ErasedGame>`.
pub trait ErasedGame: Send + Sync + std::fmt::Debug {
    /// The game's static description.
    fn game_type(&self) -> GameType;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn ErasedGame>;
    /// Becomes a copy of `source` in place ([`Clone::clone_from`], which keeps what it can
    /// of this game's allocations) if `source` is the same game; false otherwise.
    fn clone_from_same(&mut self, source: &dyn ErasedGame) -> bool;
    /// Whether `other` is the same game in the same state.
    fn same_state(&self, other: &dyn ErasedGame) -> bool;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// A player's name in the game's terms.
    fn player_name(&self, player: usize) -> String;
    /// Who acts now.
    fn turn(&self) -> Turn;
    /// The ids of the legal actions (or chance outcomes) now, ascending.
    fn legal_actions(&self) -> Vec<usize>;
    /// The notation of the legal actions now (in the order of their ids).
    fn legal_strings(&self) -> Vec<String>;
    /// The chance outcomes now as ids with their probabilities (empty at a player's node).
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    /// The ids of the chance outcomes `seed` picks from here (see [`Game::chance_from_seed`]).
    fn chance_from_seed(&self, seed: u64) -> Vec<usize>;
    /// Applies the chance outcomes `seed` picks from here (legal by the contract of
    /// [`Game::chance_from_seed`], which the conformance harness checks); their ids.
    fn resolve_chance(&mut self, seed: u64) -> Vec<usize>;
    /// [`Game::apply_chance_from_seed`]: the outcomes `seed` picks from here, applied at once
    /// (no ids listed).
    fn apply_chance_from_seed(&mut self, seed: u64);
    /// Applies an id if it is legal now.
    ///
    /// # Errors
    /// Why not; the state is unchanged.
    fn try_apply_id(&mut self, id: usize) -> Result<(), IllegalAction>;
    /// Applies an id the caller has checked against the legal actions now (a batch's legal
    /// masks): [`Game::apply_unchecked`], with no second check.
    ///
    /// # Panics
    /// If the id is of no action.
    fn apply_legal_id(&mut self, id: usize);
    /// [`Game::write_legal_mask`]: the legal ids as flags over `mask`.
    fn write_legal_mask(&self, mask: &mut [bool]);
    /// The notation of an id, `None` if out of range.
    fn id_to_string(&self, id: usize) -> Option<String>;
    /// The id of a notation.
    ///
    /// # Errors
    /// Why the text is not an action.
    fn string_to_id(&self, text: &str) -> Result<usize, IllegalAction>;
    /// The returns (0 before the end).
    fn returns(&self) -> Vec<f64>;
    /// The rewards of the last step.
    fn rewards(&self) -> Vec<f64>;
    /// The least and greatest return.
    fn utility_range(&self) -> (f64, f64);
    /// The number of player action ids.
    fn num_distinct_actions(&self) -> usize;
    /// The number of chance outcome ids.
    fn max_chance_outcomes(&self) -> usize;
    /// The bots offered.
    fn bots(&self) -> Vec<String>;
    /// Whether a bot can be seated.
    ///
    /// # Errors
    /// Why not.
    fn check_bot(&self, name: &str) -> Result<(), UnknownBot>;
    /// The id a bot plays now for the player to move.
    fn bot_id(&self, bot: &str, seed: u64) -> usize;
    /// The view as JSON.
    fn view(&self, viewer: Option<usize>) -> Value;
    /// See [`Game::hidden_tail`].
    fn hidden_tail(&self) -> usize;
    /// See [`Present::secret_params`].
    fn secret_params(&self) -> &'static [&'static str];
    /// See [`Game::check_invariants`].
    ///
    /// # Errors
    /// What is broken.
    fn check_invariants(&self) -> Result<(), String>;
    /// See [`Game::observation_shape`].
    fn observation_shape(&self) -> Vec<usize>;
    /// See [`Game::observation_tensor`].
    fn observation_tensor(&self, player: usize) -> Vec<f32>;
    /// See [`Game::write_observation_tensor`].
    fn write_observation_tensor(&self, player: usize, out: &mut [f32]);
    /// [`Game::write_observation_tensor`] in bytes (a batch's observations).
    fn write_observation_bytes(&self, player: usize, out: &mut [u8]);
    /// See [`Game::observation_max`].
    fn observation_max(&self) -> u8;
    /// See [`Game::observation_string`].
    fn observation_string(&self, player: usize) -> String;
    /// See [`Game::information_state_shape`].
    fn information_state_shape(&self) -> Vec<usize>;
    /// See [`Game::information_state_tensor`].
    fn information_state_tensor(&self, player: usize) -> Vec<f32>;
    /// See [`Game::information_state_string`].
    fn information_state_string(&self, player: usize) -> String;
    /// [`Game::resample_from_infostate`]: a state `player` cannot tell from this one, drawn
    /// with `rng`.
    fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> Box<dyn ErasedGame>;
    /// [`Game::history`] with ids.
    fn history_ids(&self) -> Option<Vec<(Turn, usize)>>;
    /// See [`Game::text`].
    fn text(&self) -> String;
    /// See [`Game::max_remaining_steps`].
    fn max_remaining_steps(&self) -> usize;
    /// The analysis as JSON.
    ///
    /// # Errors
    /// See [`Present::analyse`].
    fn analyse(&self, seed: u64) -> Result<Value, PlayError>;
    /// The review of the game that the ids `actions` play from this state, by the game's
    /// oracle (see [`tabletop_core::review`]).
    ///
    /// # Errors
    /// See [`tabletop_core::review::review`].
    fn review(&self, actions: &[usize], seed: u64) -> Result<Review, ReviewError>;
    /// The state as [`std::any::Any`], for [`ErasedGame::same_state`] and for callers that
    /// know the game's type.
    fn as_any(&self) -> &dyn std::any::Any;
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("views and analyses serialise to JSON")
}

impl<G: Present> ErasedGame for G {
    fn game_type(&self) -> GameType {
        G::TYPE
    }
    fn clone_box(&self) -> Box<dyn ErasedGame> {
        Box::new(self.clone())
    }
    fn clone_from_same(&mut self, source: &dyn ErasedGame) -> bool {
        match source.as_any().downcast_ref::<G>() {
            Some(source) => {
                self.clone_from(source);
                true
            }
            None => false,
        }
    }
    fn same_state(&self, other: &dyn ErasedGame) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }
    fn num_players(&self) -> usize {
        Game::num_players(self)
    }
    fn player_name(&self, player: usize) -> String {
        Game::player_name(self, player)
    }
    fn turn(&self) -> Turn {
        Game::turn(self)
    }
    fn legal_actions(&self) -> Vec<usize> {
        let mut ids: Vec<usize> =
            Game::legal_actions(self).into_iter().map(|a| self.action_id(a)).collect();
        ids.sort_unstable();
        ids
    }
    fn legal_strings(&self) -> Vec<String> {
        let mut actions = Game::legal_actions(self);
        actions.sort_by_key(|&a| self.action_id(a));
        actions.into_iter().map(|a| a.to_string()).collect()
    }
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        Game::chance_outcomes(self).into_iter().map(|(a, p)| (self.action_id(a), p)).collect()
    }
    fn chance_from_seed(&self, seed: u64) -> Vec<usize> {
        Game::chance_from_seed(self, seed).into_iter().map(|a| self.action_id(a)).collect()
    }
    fn resolve_chance(&mut self, seed: u64) -> Vec<usize> {
        let outcomes = Game::chance_from_seed(self, seed);
        let ids = outcomes.iter().map(|&a| self.action_id(a)).collect();
        for a in outcomes {
            self.apply_unchecked(a);
        }
        ids
    }
    fn apply_chance_from_seed(&mut self, seed: u64) {
        Game::apply_chance_from_seed(self, seed);
    }
    fn try_apply_id(&mut self, id: usize) -> Result<(), IllegalAction> {
        let action = self.action_from_id(id).ok_or(IllegalAction::Id {
            id,
            bound: if self.is_chance_node() {
                self.max_chance_outcomes()
            } else {
                Game::num_distinct_actions(self)
            },
        })?;
        Game::try_apply(self, action)
    }
    fn apply_legal_id(&mut self, id: usize) {
        let action = self.action_from_id(id).expect("a legal id is an action");
        self.apply_unchecked(action);
    }
    fn write_legal_mask(&self, mask: &mut [bool]) {
        Game::write_legal_mask(self, mask);
    }
    fn id_to_string(&self, id: usize) -> Option<String> {
        self.action_from_id(id).map(|a| a.to_string())
    }
    fn string_to_id(&self, text: &str) -> Result<usize, IllegalAction> {
        self.parse_action(text).map(|a| self.action_id(a))
    }
    fn returns(&self) -> Vec<f64> {
        Game::returns(self)
    }
    fn rewards(&self) -> Vec<f64> {
        Game::rewards(self)
    }
    fn utility_range(&self) -> (f64, f64) {
        Game::utility_range(self)
    }
    fn num_distinct_actions(&self) -> usize {
        Game::num_distinct_actions(self)
    }
    fn max_chance_outcomes(&self) -> usize {
        Game::max_chance_outcomes(self)
    }
    fn bots(&self) -> Vec<String> {
        Game::bots(self)
    }
    fn check_bot(&self, name: &str) -> Result<(), UnknownBot> {
        Game::check_bot(self, name)
    }
    fn bot_id(&self, bot: &str, seed: u64) -> usize {
        self.action_id(self.bot_action(bot, seed))
    }
    fn view(&self, viewer: Option<usize>) -> Value {
        to_json(&Present::view(self, viewer))
    }
    fn hidden_tail(&self) -> usize {
        Game::hidden_tail(self)
    }
    fn secret_params(&self) -> &'static [&'static str] {
        Present::secret_params(self)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Game::check_invariants(self)
    }
    fn observation_shape(&self) -> Vec<usize> {
        Game::observation_shape(self)
    }
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        Game::observation_tensor(self, player)
    }
    fn write_observation_tensor(&self, player: usize, out: &mut [f32]) {
        Game::write_observation_tensor(self, player, out);
    }
    fn write_observation_bytes(&self, player: usize, out: &mut [u8]) {
        Game::write_observation_tensor(self, player, out);
    }
    fn observation_max(&self) -> u8 {
        Game::observation_max(self)
    }
    fn observation_string(&self, player: usize) -> String {
        Game::observation_string(self, player)
    }
    fn information_state_shape(&self) -> Vec<usize> {
        Game::information_state_shape(self)
    }
    fn information_state_tensor(&self, player: usize) -> Vec<f32> {
        Game::information_state_tensor(self, player)
    }
    fn information_state_string(&self, player: usize) -> String {
        Game::information_state_string(self, player)
    }
    fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> Box<dyn ErasedGame> {
        Box::new(Game::resample_from_infostate(self, player, rng))
    }
    fn history_ids(&self) -> Option<Vec<(Turn, usize)>> {
        Game::history(self).map(|h| h.into_iter().map(|(t, a)| (t, self.action_id(a))).collect())
    }
    fn text(&self) -> String {
        Game::text(self)
    }
    fn max_remaining_steps(&self) -> usize {
        Game::max_remaining_steps(self)
    }
    fn analyse(&self, seed: u64) -> Result<Value, PlayError> {
        Present::analyse(self, seed).map(|a| to_json(&a))
    }
    fn review(&self, actions: &[usize], seed: u64) -> Result<Review, ReviewError> {
        tabletop_core::review::review(self, actions, &mut self.oracle(), seed)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl Clone for Box<dyn ErasedGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }

    /// In place when `source` is the same game (no new box).
    fn clone_from(&mut self, source: &Self) {
        if !self.clone_from_same(source.as_ref()) {
            *self = source.clone_box();
        }
    }
}

/// A new game and its parameters with every default filled in.
pub type Created = (Box<dyn ErasedGame>, Value);

/// One registered game: its name, description and constructor.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// The registry name.
    pub name: &'static str,
    /// One line about the game.
    pub description: &'static str,
    /// The default parameters, as JSON (every field, filled in).
    pub default_params: fn() -> Value,
    /// Builds the initial state (a chance node where a deal or wall is to be drawn) from JSON
    /// parameters, returning also the parameters with every default filled in.
    pub create: fn(&Value) -> Result<Created, PlayError>,
    /// Runs [`tabletop_core::conformance::check`] on the initial state of these parameters.
    pub conformance: fn(&Value, usize, u64) -> Result<tabletop_core::conformance::Report, String>,
    /// Every parameter with its default and what it takes (see [`Parameter`]).
    pub parameters: fn() -> Vec<Parameter>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry").field("name", &self.name).finish_non_exhaustive()
    }
}

fn default_params<G: Present>() -> Value {
    to_json(&G::Params::default())
}

/// Reads the parameters of `G` from JSON; a JSON error names its field where serde does.
pub(crate) fn parse_params<G: Present>(params: &Value) -> Result<G::Params, PlayError> {
    let value = match params {
        Value::Null => Value::Object(Default::default()),
        other => other.clone(),
    };
    serde_json::from_value(value).map_err(|e| {
        let text = e.to_string();
        // serde names unknown and mistyped fields in its message; keep it whole.
        let field = text
            .split('`')
            .nth(1)
            .filter(|_| text.starts_with("unknown field"))
            .unwrap_or("params")
            .to_owned();
        PlayError::BadParams { field, reason: text }
    })
}

fn create<G: Present>(params: &Value) -> Result<Created, PlayError> {
    let p = parse_params::<G>(params)?;
    let game = G::new(&p)?;
    Ok((Box::new(game), to_json(&p)))
}

fn conformance<G: Present>(
    params: &Value,
    playouts: usize,
    seed: u64,
) -> Result<tabletop_core::conformance::Report, String> {
    let p = parse_params::<G>(params).map_err(|e| e.to_string())?;
    let game = G::new(&p).map_err(|e| e.to_string())?;
    let options = tabletop_core::conformance::Options { playouts, ..Default::default() };
    tabletop_core::conformance::check(game, &options, seed).map_err(|e| e.to_string())
}

// What each parameter takes: read from the default parameters and the game's own parameter
// reader, so that a front end writing parameters as text (OpenSpiel's game strings) needs no
// table of its own.

/// What a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParamKind {
    /// `true` or `false`.
    Bool,
    /// A whole number.
    Integer,
    /// A number with a fraction.
    Float,
    /// Text (a name among several included).
    Text,
    /// A list of whole numbers.
    Numbers,
}

/// One parameter of a game: its name, its default and what it takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parameter {
    /// The name, as in the JSON parameters (`players`, `deal`, `start`).
    pub name: String,
    /// The default (`null` where the parameter is left out by default).
    pub default: Value,
    /// What it takes.
    pub kind: ParamKind,
    /// Whether it may be left out (`null`, its default).
    pub optional: bool,
}

/// What `name` takes in the parameters of `G`: the type of its default or, for a parameter
/// left out by default, the first kind of value the game's parameter reader accepts.
fn param_kind<G: Present>(name: &str, default: &Value) -> Option<ParamKind> {
    match default {
        Value::Bool(_) => return Some(ParamKind::Bool),
        Value::Number(n) if n.is_f64() => return Some(ParamKind::Float),
        Value::Number(_) => return Some(ParamKind::Integer),
        Value::String(_) => return Some(ParamKind::Text),
        Value::Array(_) => return Some(ParamKind::Numbers),
        Value::Null | Value::Object(_) => {}
    }
    let accepts = |value: Value| {
        parse_params::<G>(&Value::Object([(name.to_owned(), value)].into_iter().collect())).is_ok()
    };
    let numbers = (1..=8).any(|n| accepts(Value::Array(vec![Value::from(0); n])));
    [
        (accepts(Value::from("")), ParamKind::Text),
        (numbers, ParamKind::Numbers),
        (accepts(Value::from(0)), ParamKind::Integer),
        (accepts(Value::from(false)), ParamKind::Bool),
        (accepts(Value::from(0.5)), ParamKind::Float),
    ]
    .into_iter()
    .find_map(|(ok, kind)| ok.then_some(kind))
}

fn parameters<G: Present>() -> Vec<Parameter> {
    let Value::Object(defaults) = default_params::<G>() else {
        return Vec::new();
    };
    defaults
        .into_iter()
        .map(|(name, default)| {
            let kind = param_kind::<G>(&name, &default).unwrap_or_else(|| {
                panic!("parameter {name} of {} takes none of the known kinds", G::TYPE.short_name)
            });
            Parameter { optional: default.is_null(), name, default, kind }
        })
        .collect()
}

/// The registry entry of a game.
pub const fn entry<G: Present>() -> GameEntry {
    GameEntry {
        name: G::TYPE.short_name,
        description: G::TYPE.description,
        default_params: default_params::<G>,
        create: create::<G>,
        conformance: conformance::<G>,
        parameters: parameters::<G>,
    }
}

/// Every game, in this order. A fifth game is one more line here.
pub static REGISTRY: &[GameEntry] =
    &[entry::<Nine>(), entry::<Take6>(), entry::<RaceGame>(), entry::<Mahjong>()];

/// The entry of a game by name.
///
/// # Errors
/// [`PlayError::UnknownGame`].
pub fn find(name: &str) -> Result<&'static GameEntry, PlayError> {
    REGISTRY.iter().find(|e| e.name == name).ok_or_else(|| PlayError::UnknownGame {
        game: name.to_owned(),
        known: REGISTRY.iter().map(|e| e.name.to_owned()).collect(),
    })
}

/// What a front end needs to offer a game: name, description, default parameters, players
/// and bots (of the default game).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// The registry name (`nine`, `take6`, `race`, `mahjong`).
    pub name: String,
    /// One line about the game.
    pub description: String,
    /// The default parameters: every field, filled in.
    pub default_params: Value,
    /// The number of players with the default parameters.
    pub players: usize,
    /// The bots offered with the default parameters, the default first (`solver` where the
    /// game has an exact solver).
    pub bots: Vec<String>,
    /// The number of integer action ids with the default parameters.
    pub num_distinct_actions: usize,
    /// The observation tensor's shape with the default parameters.
    pub observation_shape: Vec<usize>,
    /// Every parameter with its default and what it takes.
    pub parameters: Vec<Parameter>,
}

/// The static facts of a game with its parameters, read from its initial state (OpenSpiel's
/// `GameType` and `GameInfo` together): Python's `Game.info()`, which its OpenSpiel
/// registration reads.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Facts {
    /// The number of players.
    pub num_players: usize,
    /// The number of action ids.
    pub num_distinct_actions: usize,
    /// The most outcomes of a chance node; 0 where no chance node occurs.
    pub max_chance_outcomes: usize,
    /// The lowest return.
    pub min_utility: f64,
    /// The highest return.
    pub max_utility: f64,
    /// The sum of the returns: 0 in a zero-sum game, else none.
    pub utility_sum: Option<f64>,
    /// The most steps from the start, chance included.
    pub max_game_length: usize,
    /// Whether chance nodes occur with these parameters: the initial state is one exactly
    /// when the deal or wall is left to chance.
    pub chance_nodes: bool,
    /// Whether the game has chance nodes with some parameters.
    pub explicit_chance: bool,
    /// Whether every player sees the whole state.
    pub perfect_information: bool,
    /// How the returns relate.
    pub utility: Utility,
    /// How players move.
    pub dynamics: Dynamics,
    /// When rewards arrive.
    pub reward_model: RewardModel,
    /// The fewest players any parameters allow.
    pub min_num_players: usize,
    /// The most players any parameters allow.
    pub max_num_players: usize,
    /// The observation tensor's shape.
    pub observation_shape: Vec<usize>,
    /// The information state tensor's shape.
    pub information_state_shape: Vec<usize>,
    /// The name a person reads.
    pub long_name: &'static str,
    /// One line about the game.
    pub description: &'static str,
    /// The bots offered, the default first.
    pub bots: Vec<String>,
    /// Every parameter of the registered game with its default and what it takes.
    pub parameters: Vec<Parameter>,
}

impl Facts {
    /// The facts of the game whose initial state is `start`.
    pub fn of(start: &dyn ErasedGame) -> Facts {
        let t = start.game_type();
        let (min_utility, max_utility) = start.utility_range();
        let explicit_chance = t.chance_mode == ChanceMode::ExplicitStochastic;
        let chance_nodes = explicit_chance && start.turn() == Turn::Chance;
        Facts {
            num_players: start.num_players(),
            num_distinct_actions: start.num_distinct_actions(),
            max_chance_outcomes: if chance_nodes { start.max_chance_outcomes() } else { 0 },
            min_utility,
            max_utility,
            utility_sum: (t.utility == Utility::ZeroSum).then_some(0.0),
            max_game_length: start.max_remaining_steps(),
            chance_nodes,
            explicit_chance,
            perfect_information: t.information == Information::Perfect,
            utility: t.utility,
            dynamics: t.dynamics,
            reward_model: t.reward_model,
            min_num_players: t.min_num_players,
            max_num_players: t.max_num_players,
            observation_shape: start.observation_shape(),
            information_state_shape: start.information_state_shape(),
            long_name: t.long_name,
            description: t.description,
            bots: start.bots(),
            parameters: find(t.short_name).map(|e| (e.parameters)()).unwrap_or_default(),
        }
    }
}

/// Every registered game with its defaults.
pub fn games() -> Vec<GameInfo> {
    REGISTRY
        .iter()
        .map(|e| {
            let (game, params) =
                (e.create)(&Value::Null).expect("the default parameters are valid");
            GameInfo {
                name: e.name.to_owned(),
                description: e.description.to_owned(),
                default_params: params,
                players: game.num_players(),
                bots: game.bots(),
                num_distinct_actions: game.num_distinct_actions(),
                observation_shape: game.observation_shape(),
                parameters: (e.parameters)(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_core::seeded_rng;

    /// Where a boxed game lives.
    fn address(game: &dyn ErasedGame) -> *const u8 {
        std::ptr::from_ref(game).cast()
    }

    /// A copy of the same game is made in place, in the box it had (a batch starts each new
    /// game this way); a copy of another game takes a new box.
    #[test]
    fn clone_from_copies_the_same_game_in_place() {
        let start = |name: &str| (find(name).unwrap().create)(&serde_json::json!({})).unwrap().0;
        let source = start("take6");
        let mut played = start("take6");
        played.resolve_chance(3);
        assert!(!played.same_state(source.as_ref()));
        let at = address(played.as_ref());
        played.clone_from(&source);
        assert!(played.same_state(source.as_ref()));
        assert_eq!(address(played.as_ref()), at, "copied in place");
        let mut other = start("nine");
        assert!(!other.clone_from_same(source.as_ref()));
        other.clone_from(&source);
        assert!(other.same_state(source.as_ref()));
        assert_eq!(other.game_type().short_name, "take6");
    }

    /// Along one game of `G` (the default parameters, the default bot moving), every method
    /// of the erased layer answers as the game's own.
    fn erased_answers_as_the_game<G: Present>() {
        let mut game = G::new(&G::Params::default()).expect("the default parameters are valid");
        for step in 0u64.. {
            let erased: Box<dyn ErasedGame> = game.clone_box();
            assert!(erased.same_state(&game));
            assert_eq!(erased.game_type(), G::TYPE);
            let n = Game::num_players(&game);
            assert_eq!(erased.num_players(), n);
            for p in 0..n {
                assert_eq!(erased.player_name(p), Game::player_name(&game, p));
                assert_eq!(erased.observation_string(p), Game::observation_string(&game, p));
                assert_eq!(erased.observation_tensor(p), Game::observation_tensor(&game, p));
                assert_eq!(
                    erased.information_state_string(p),
                    Game::information_state_string(&game, p)
                );
                assert_eq!(
                    erased.information_state_tensor(p),
                    Game::information_state_tensor(&game, p)
                );
                let seed = step + p as u64;
                let sample = erased.resample_from_infostate(p, &mut seeded_rng(seed));
                let own = Game::resample_from_infostate(&game, p, &mut seeded_rng(seed));
                assert!(sample.same_state(&own));
            }
            let ids = Game::history(&game)
                .map(|h| h.iter().map(|&(t, a)| (t, game.action_id(a))).collect());
            assert_eq!(erased.history_ids(), ids);
            assert_eq!(erased.turn(), Game::turn(&game));
            assert_eq!(erased.returns(), Game::returns(&game));
            assert_eq!(erased.rewards(), Game::rewards(&game));
            assert_eq!(erased.utility_range(), Game::utility_range(&game));
            assert_eq!(erased.num_distinct_actions(), Game::num_distinct_actions(&game));
            assert_eq!(erased.max_chance_outcomes(), Game::max_chance_outcomes(&game));
            assert_eq!(erased.bots(), Game::bots(&game));
            assert_eq!(erased.hidden_tail(), Game::hidden_tail(&game));
            assert_eq!(erased.observation_shape(), Game::observation_shape(&game));
            assert_eq!(erased.information_state_shape(), Game::information_state_shape(&game));
            assert_eq!(erased.text(), Game::text(&game));
            assert_eq!(erased.max_remaining_steps(), Game::max_remaining_steps(&game));
            assert_eq!(erased.check_invariants(), Ok(()));
            assert_eq!(erased.secret_params(), Present::secret_params(&game));
            assert_eq!(erased.view(Some(0)), to_json(&Present::view(&game, Some(0))));
            let mut actions = Game::legal_actions(&game);
            actions.sort_by_key(|&a| game.action_id(a));
            let ids: Vec<usize> = actions.iter().map(|&a| game.action_id(a)).collect();
            assert_eq!(erased.legal_actions(), ids);
            let strings: Vec<String> = actions.iter().map(ToString::to_string).collect();
            assert_eq!(erased.legal_strings(), strings);
            for (&id, text) in ids.iter().zip(&strings) {
                assert_eq!(erased.id_to_string(id).as_ref(), Some(text));
                assert_eq!(erased.string_to_id(text), Ok(id));
            }
            let outcomes: Vec<(usize, f64)> = Game::chance_outcomes(&game)
                .into_iter()
                .map(|(a, p)| (game.action_id(a), p))
                .collect();
            assert_eq!(erased.chance_outcomes(), outcomes);
            let bound = if Game::is_chance_node(&game) {
                Game::max_chance_outcomes(&game)
            } else {
                Game::num_distinct_actions(&game)
            };
            assert_eq!(
                erased.clone().try_apply_id(usize::MAX),
                Err(IllegalAction::Id { id: usize::MAX, bound })
            );
            if Game::is_terminal(&game) {
                break;
            }
            let mut next = erased.clone();
            if Game::is_chance_node(&game) {
                let outcomes = Game::chance_from_seed(&game, step);
                let ids: Vec<usize> = outcomes.iter().map(|&a| game.action_id(a)).collect();
                assert_eq!(erased.chance_from_seed(step), ids);
                assert_eq!(next.resolve_chance(step), ids);
                let mut at_once = erased.clone();
                at_once.apply_chance_from_seed(step);
                for a in outcomes {
                    game.apply_unchecked(a);
                }
                assert!(at_once.same_state(&game), "the outcomes applied at once");
            } else {
                let bot = &Game::bots(&game)[0];
                let action = game.bot_action(bot, step);
                assert_eq!(erased.bot_id(bot, step), game.action_id(action));
                next.try_apply_id(game.action_id(action)).unwrap();
                game.apply_unchecked(action);
            }
            assert!(next.same_state(&game));
            assert!(!erased.same_state(&game));
        }
    }

    /// A game's facts are its type's and its initial state's, in OpenSpiel's words.
    #[test]
    fn facts_say_what_a_game_is() {
        let (nine, _) = (find("nine").unwrap().create)(&Value::Null).unwrap();
        let facts = Facts::of(nine.as_ref());
        assert_eq!((facts.num_players, facts.num_distinct_actions), (2, 37));
        assert!(facts.chance_nodes && facts.explicit_chance && facts.perfect_information);
        assert_eq!(facts.max_chance_outcomes, nine.max_chance_outcomes());
        assert_eq!(facts.utility_sum, Some(0.0));
        assert_eq!(facts.parameters, (find("nine").unwrap().parameters)());
        let json = serde_json::to_value(&facts).unwrap();
        assert_eq!(json["utility"], "zero_sum");
        assert_eq!(json["dynamics"], "sequential");
        assert_eq!(json["reward_model"], "terminal");
        // Past its deal, a game with chance nodes has none ahead.
        let mut dealt = nine.clone();
        assert!(!dealt.resolve_chance(5).is_empty());
        let facts = Facts::of(dealt.as_ref());
        assert!(facts.explicit_chance && !facts.chance_nodes && facts.max_chance_outcomes == 0);
        let (race, _) = (find("race").unwrap().create)(&Value::Null).unwrap();
        let facts = Facts::of(race.as_ref());
        assert!(!facts.chance_nodes && !facts.explicit_chance && facts.max_chance_outcomes == 0);
        let (take6, _) = (find("take6").unwrap().create)(&Value::Null).unwrap();
        let facts = Facts::of(take6.as_ref());
        assert_eq!((facts.utility_sum, facts.perfect_information), (None, false));
    }

    #[test]
    fn an_entry_debugs_as_its_name() {
        assert_eq!(format!("{:?}", REGISTRY[1]), r#"GameEntry { name: "take6", .. }"#);
    }

    #[test]
    fn an_entrys_default_params_are_its_games_defaults_filled_in() {
        for (e, info) in REGISTRY.iter().zip(games()) {
            let defaults = (e.default_params)();
            assert!(defaults.as_object().is_some_and(|m| !m.is_empty()), "{}", e.name);
            assert_eq!(defaults, info.default_params, "{}", e.name);
        }
    }

    /// What each parameter takes, read from the defaults and the games' parameter readers.
    #[test]
    fn parameters_say_what_they_take() {
        let kinds = |name: &str| {
            (find(name).unwrap().parameters)()
                .into_iter()
                .map(|p| (p.name, (p.kind, p.optional)))
                .collect::<std::collections::BTreeMap<_, _>>()
        };
        let race = kinds("race");
        assert_eq!(race["start"], (ParamKind::Numbers, true));
        assert_eq!(race["rows"], (ParamKind::Integer, false));
        assert_eq!(race["piece"], (ParamKind::Text, false));
        let nine = kinds("nine");
        assert_eq!(nine["deal"], (ParamKind::Text, true));
        assert_eq!(nine["first"], (ParamKind::Text, false));
        assert_eq!(kinds("mahjong")["claims"], (ParamKind::Bool, false));
        assert_eq!(kinds("take6")["script"], (ParamKind::Text, true));
        // A default with a fraction is a float, a whole one an integer.
        assert_eq!(param_kind::<Take6>("x", &Value::from(0.5)), Some(ParamKind::Float));
        assert_eq!(param_kind::<Take6>("x", &Value::from(2)), Some(ParamKind::Integer));
        for (e, info) in REGISTRY.iter().zip(games()) {
            let names: Vec<&String> = info.parameters.iter().map(|p| &p.name).collect();
            let defaults = info.default_params.as_object().unwrap();
            assert_eq!(names, defaults.keys().collect::<Vec<_>>(), "{}", e.name);
            for p in &info.parameters {
                assert_eq!(p.default, defaults[&p.name], "{} {}", e.name, p.name);
            }
        }
    }

    #[test]
    fn the_erased_layer_answers_as_each_game() {
        erased_answers_as_the_game::<Nine>();
        erased_answers_as_the_game::<Take6>();
        erased_answers_as_the_game::<RaceGame>();
        erased_answers_as_the_game::<Mahjong>();
    }
}
