//! The type-erased layer over [`Playable`] games and the registry of games.

use serde::Serialize;
use serde_json::Value;

use crate::games::{mahjong::Mahjong, nine::Nine, race::RaceGame, take6::Take6};
use crate::{Analyse, PlayError, Playable};

/// A [`Playable`] + [`Analyse`] game behind one object-safe interface, with integer action
/// ids as the common currency. Every registered game implements it through the blanket impl;
/// [`crate::Session`] holds a `Box<dyn ErasedGame>`.
pub trait ErasedGame: Send + Sync + std::fmt::Debug {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn ErasedGame>;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// A player's name in the game's terms.
    fn player_name(&self, player: usize) -> String;
    /// The player to decide, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;
    /// The ids of the legal actions of the current player, ascending.
    fn legal_actions(&self) -> Vec<usize>;
    /// The notation of the legal actions of the current player (in the order of their ids).
    fn legal_strings(&self) -> Vec<String>;
    /// Applies a legal id (checked by the caller).
    fn apply_id(&mut self, id: usize);
    /// The notation of an id, `None` if out of range.
    fn id_to_string(&self, id: usize) -> Option<String>;
    /// The id of a notation.
    ///
    /// # Errors
    /// Why the text is not an action.
    fn string_to_id(&self, text: &str) -> Result<usize, String>;
    /// The returns.
    fn returns(&self) -> Vec<f64>;
    /// The number of ids.
    fn num_distinct_actions(&self) -> usize;
    /// The bots offered.
    fn bots(&self) -> Vec<String>;
    /// Whether a bot can be seated.
    ///
    /// # Errors
    /// Why not.
    fn check_bot(&self, name: &str) -> Result<(), String>;
    /// The id a bot plays now.
    fn bot_id(&self, bot: &str, seed: u64) -> usize;
    /// The view as JSON.
    fn view(&self, viewer: Option<usize>) -> Value;
    /// See [`Playable::hidden_tail`].
    fn hidden_tail(&self) -> usize;
    /// See [`Playable::has_hidden_information`].
    fn has_hidden_information(&self) -> bool;
    /// See [`Playable::secret_params`].
    fn secret_params(&self) -> &'static [&'static str];
    /// See [`Playable::check_invariants`].
    ///
    /// # Errors
    /// What is broken.
    fn check_invariants(&self) -> Result<(), String>;
    /// See [`Playable::observation_shape`].
    fn observation_shape(&self) -> Vec<usize>;
    /// See [`Playable::observation_tensor`].
    fn observation_tensor(&self, player: usize) -> Vec<f32>;
    /// See [`Playable::text`].
    fn text(&self) -> String;
    /// See [`Playable::max_remaining_steps`].
    fn max_remaining_steps(&self) -> usize;
    /// The analysis as JSON.
    ///
    /// # Errors
    /// See [`Analyse::analyse`].
    fn analyse(&self, seed: u64) -> Result<Value, PlayError>;
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("views and analyses serialise to JSON")
}

impl<G: Playable + Analyse> ErasedGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn clone_box(&self) -> Box<dyn ErasedGame> {
        Box::new(self.clone())
    }
    fn num_players(&self) -> usize {
        Playable::num_players(self)
    }
    fn player_name(&self, player: usize) -> String {
        Playable::player_name(self, player)
    }
    fn current_player(&self) -> Option<usize> {
        Playable::current_player(self)
    }
    fn legal_actions(&self) -> Vec<usize> {
        let mut ids: Vec<usize> =
            Playable::legal_actions(self).into_iter().map(|a| self.action_id(a)).collect();
        ids.sort_unstable();
        ids
    }
    fn legal_strings(&self) -> Vec<String> {
        let mut actions = Playable::legal_actions(self);
        actions.sort_by_key(|&a| self.action_id(a));
        actions.into_iter().map(|a| a.to_string()).collect()
    }
    fn apply_id(&mut self, id: usize) {
        let action = self.action_from_id(id).expect("a legal id");
        Playable::apply(self, action);
    }
    fn id_to_string(&self, id: usize) -> Option<String> {
        self.action_from_id(id).map(|a| a.to_string())
    }
    fn string_to_id(&self, text: &str) -> Result<usize, String> {
        self.parse_action(text).map(|a| self.action_id(a))
    }
    fn returns(&self) -> Vec<f64> {
        Playable::returns(self)
    }
    fn num_distinct_actions(&self) -> usize {
        Playable::num_distinct_actions(self)
    }
    fn bots(&self) -> Vec<String> {
        Playable::bots(self)
    }
    fn check_bot(&self, name: &str) -> Result<(), String> {
        Playable::check_bot(self, name)
    }
    fn bot_id(&self, bot: &str, seed: u64) -> usize {
        self.action_id(self.bot_action(bot, seed))
    }
    fn view(&self, viewer: Option<usize>) -> Value {
        to_json(&Playable::view(self, viewer))
    }
    fn hidden_tail(&self) -> usize {
        Playable::hidden_tail(self)
    }
    fn has_hidden_information(&self) -> bool {
        Playable::has_hidden_information(self)
    }
    fn secret_params(&self) -> &'static [&'static str] {
        Playable::secret_params(self)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Playable::check_invariants(self)
    }
    fn observation_shape(&self) -> Vec<usize> {
        Playable::observation_shape(self)
    }
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        Playable::observation_tensor(self, player)
    }
    fn text(&self) -> String {
        Playable::text(self)
    }
    fn max_remaining_steps(&self) -> usize {
        Playable::max_remaining_steps(self)
    }
    fn analyse(&self, seed: u64) -> Result<Value, PlayError> {
        Analyse::analyse(self, seed).map(|a| to_json(&a))
    }
}

impl Clone for Box<dyn ErasedGame> {
    fn clone(&self) -> Self {
        self.clone_box()
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
    /// Builds the game from JSON parameters and a seed, returning also the parameters with
    /// every default filled in.
    pub create: fn(&Value, u64) -> Result<Created, PlayError>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry").field("name", &self.name).finish_non_exhaustive()
    }
}

fn default_params<G: Playable>() -> Value {
    to_json(&G::Params::default())
}

/// Reads the parameters of `G` from JSON; a JSON error names its field where serde does.
pub(crate) fn parse_params<G: Playable>(params: &Value) -> Result<G::Params, PlayError> {
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

fn create<G: Playable + Analyse>(params: &Value, seed: u64) -> Result<Created, PlayError> {
    let p = parse_params::<G>(params)?;
    let game = G::new(&p, seed)?;
    Ok((Box::new(game), to_json(&p)))
}

/// The registry entry of a [`Playable`] + [`Analyse`] game.
pub const fn entry<G: Playable + Analyse>() -> GameEntry {
    GameEntry {
        name: G::NAME,
        description: G::DESCRIPTION,
        default_params: default_params::<G>,
        create: create::<G>,
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
}

/// Every registered game with its defaults.
pub fn games() -> Vec<GameInfo> {
    REGISTRY
        .iter()
        .map(|e| {
            let (game, params) =
                (e.create)(&Value::Null, 0).expect("the default parameters are valid");
            GameInfo {
                name: e.name.to_owned(),
                description: e.description.to_owned(),
                default_params: params,
                players: game.num_players(),
                bots: game.bots(),
                num_distinct_actions: game.num_distinct_actions(),
                observation_shape: game.observation_shape(),
            }
        })
        .collect()
}
