//! The game environments, OpenSpiel's names over `tabletop_play::Session`:
//! `load_game(name, **params)`, `Game.new_initial_state(seed)`, and the `State` methods.
//! One state class serves both ways of playing chance: drawn from the seed (the default), or
//! explicit chance nodes with their probabilities (`tabletop.openspiel`'s states).
//!
//! Everything here forwards to the session: the integer action ids, the observation tensors
//! (layouts documented in `tabletop_play` and in `State.observation_tensor`), the returns
//! and the hidden information are the play crate's.

use numpy::{PyArray1, PyArrayMethods, PyReadwriteArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde_json::Value;
use tabletop_core::Turn;
use tabletop_play::spiel::{self, SpielError, player_id};
use tabletop_play::{Chance, Facts, PlayError, Session};

use crate::{args, interrupt};

fn play_error(e: PlayError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn spiel_error(e: SpielError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A Python object (the keyword parameters) as JSON, through Python's `json` module.
fn to_json(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = py.import("json")?.call_method1("dumps", (obj,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// JSON as a Python object, through Python's `json` module.
pub(crate) fn from_json<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// An action id from a Python integer (numpy's too): `ValueError` when out of range.
fn action_id(action: &Bound<'_, PyAny>, bound: usize) -> PyResult<usize> {
    Ok(args::int_in(action, "action", 0, bound as i128 - 1)? as usize)
}

/// A game with its parameters: what `load_game` returns. Make states with
/// `new_initial_state(seed)`.
#[pyclass(module = "tabletop", frozen)]
pub struct Game {
    name: &'static str,
    /// The parameters with every default filled in.
    params: Value,
    /// The session of seed 0: the game's sizes (players, actions, observation shape).
    probe: Session,
}

#[pymethods]
impl Game {
    /// A new state: the deal (cards, wall) drawn from `seed` where the parameters leave it
    /// open. The same seed gives the same game. With `explicit_chance`, chance is not drawn:
    /// the state stops at each chance node (`is_chance_node()`), whose outcomes
    /// (`chance_outcomes()`) are applied one at a time by `apply_action`, as OpenSpiel's
    /// algorithms expect; `seed` then seeds only the analysis.
    #[pyo3(signature = (seed = None, *, explicit_chance = false))]
    fn new_initial_state(
        &self,
        seed: Option<&Bound<'_, PyAny>>,
        explicit_chance: bool,
    ) -> PyResult<State> {
        let seed = seed.map(args::seed).transpose()?.unwrap_or(0);
        let chance = if explicit_chance { Chance::Explicit } else { Chance::Seeded };
        let session =
            Session::with_chance(self.name, self.params.clone(), Vec::new(), seed, chance)
                .map_err(play_error)?;
        Ok(State { session })
    }

    /// The static facts of the game as a dict: `num_players`, `num_distinct_actions`,
    /// `max_chance_outcomes`, `min_utility`, `max_utility`, `utility_sum` (None unless zero-
    /// sum), `max_game_length` (every step, chance included, from the start),
    /// `chance_nodes` (whether any chance node occurs with these parameters: the initial state
    /// is a chance node exactly when the deal or wall is left to chance), `explicit_chance`
    /// (whether the game has chance nodes with some parameters), `perfect_information`,
    /// `utility` (`zero_sum`, `constant_sum`, `general_sum`), `min_num_players`,
    /// `max_num_players`, `dynamics` (`sequential`, `simultaneous`), `reward_model`
    /// (`terminal`, `rewards`), `observation_shape`, `information_state_shape`, `long_name`,
    /// `description`, `bots`, and `parameters` (the registry's: a list of dicts with `name`,
    /// `default`, `kind` (`bool`, `integer`, `float`, `text`, `numbers`) and `optional`).
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &serde_json::json!(Facts::of(self.probe.line().initial())))
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.probe.num_players()
    }

    /// The number of action ids: every id is in `range(num_distinct_actions())`.
    fn num_distinct_actions(&self) -> usize {
        self.probe.line().game().num_distinct_actions()
    }

    /// The shape of `State.observation_tensor(player)`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.probe.line().game().observation_shape()
    }

    /// An upper bound on the number of actions of a game (from a fresh state).
    fn max_game_length(&self) -> usize {
        self.probe.line().game().max_remaining_steps()
    }

    /// The players' names in the game's terms, by seat (Nine `Alice`, `Bob`; Mahjong `A` to
    /// `D`; ...).
    fn player_names(&self) -> Vec<String> {
        self.probe.player_names()
    }

    /// The largest number `State.observation_tensor` holds: 1 where every number is a flag
    /// (Mahjong's tile counts: 4). Every number of an observation is a whole number from 0 to
    /// it.
    fn observation_max(&self) -> u8 {
        self.probe.line().game().observation_max()
    }

    /// The parameters, every default filled in (a dict; `load_game(name, **params)` makes
    /// the same game).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.params)
    }

    /// The registry name: `nine`, `take6`, `race` or `mahjong`.
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    fn __str__(&self) -> String {
        format!("{}({})", self.name, self.params)
    }

    /// Pickles as its name and parameters.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let f = py.import("tabletop._native")?.getattr("_game_from")?;
        Ok((f, (self.name.to_owned(), self.params.to_string())))
    }

    fn __repr__(&self) -> String {
        format!("load_game({:?}, **{})", self.name, self.params)
    }
}

/// A state of a game: OpenSpiel's methods over one `tabletop_play::Session`.
///
/// Player ids are 0-based; `current_player()` is `TERMINAL` (-4) once the game is over.
/// Chance is drawn from the seed (deals, walls), so no state is a chance node, unless the
/// state was made with `explicit_chance` (then `CHANCE`, -1, at a chance node).
#[pyclass(module = "tabletop")]
pub struct State {
    pub(crate) session: Session,
}

impl State {
    /// A player id from a Python integer: `ValueError` unless it is a player of the game.
    fn player(&self, p: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.session.num_players() as i128;
        Ok(args::int_in(p, "player", 0, n - 1)? as usize)
    }

    /// An id from a Python integer: every id is below the number of actions, and with
    /// explicit chance below the number of chance outcomes too.
    fn id(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        action_id(action, spiel::id_bound(&self.session))
    }
}

#[pymethods]
impl State {
    /// The player to act, `CHANCE` (-1) at a chance node, or `TERMINAL` (-4) once the game is
    /// over. Take 6!'s simultaneous round is turn-based here: the players choose in seat
    /// order, each choice secret.
    fn current_player(&self) -> i64 {
        player_id(self.session.turn())
    }

    /// The legal action ids of the player to act, ascending; empty once the game is over; at
    /// a chance node, its outcomes.
    /// `player`, if given, must be the player to act (else the list is empty).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<usize>> {
        let player = player.map(|p| self.player(p)).transpose()?;
        Ok(spiel::legal_actions(&self.session, player))
    }

    /// The notation of an action id: `action_to_string(action)` or, as OpenSpiel,
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action = last_of(args, "action_to_string", "action")?;
        self.session.action_to_string(self.id(&action)?).map_err(play_error)
    }

    /// The id of an action in notation: `string_to_action(text)` or, as OpenSpiel,
    /// `string_to_action(player, text)`. Raises `ValueError` for text that is no action.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<usize> {
        let text = last_of(args, "string_to_action", "text")?;
        let text: String =
            text.extract().map_err(|_| args::type_error("text must be a str", &text))?;
        self.session.string_to_action(&text).map_err(play_error)
    }

    /// Applies a legal action id for the player to act (at a chance node, an outcome).
    /// Raises `ValueError` for an illegal id or once the game is over.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.id(action)?;
        spiel::apply_action(&mut self.session, id).map_err(spiel_error)
    }

    /// The action ids applied so far, oldest first (Take 6!'s secret choices included: the
    /// full history, as OpenSpiel's; with explicit chance, the chance outcomes too).
    fn history(&self) -> Vec<usize> {
        self.session.history()
    }

    /// `history()` as `(player, action)` pairs, chance outcomes by `CHANCE` (-1).
    fn full_history(&self) -> Vec<(i64, usize)> {
        self.session.applied().map(|(turn, id)| (player_id(turn), id)).collect()
    }

    /// The number of actions applied so far (the length of `history()`).
    fn move_number(&self) -> usize {
        self.session.applied().count()
    }

    /// Takes back the last action of `history()` (with explicit chance, a chance outcome
    /// too). Raises `ValueError` at the start.
    fn undo(&mut self) -> PyResult<()> {
        self.session.undo_step().map_err(play_error)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.session.is_terminal()
    }

    /// Whether chance acts now: never when chance is drawn from the seed (the default).
    fn is_chance_node(&self) -> bool {
        self.session.turn() == Turn::Chance
    }

    /// At a chance node, its outcomes as `(id, probability)` pairs ascending by id; empty
    /// elsewhere.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.session.chance_outcomes()
    }

    /// One value per player (all 0 before the end). Nine: the signed result (cards the loser
    /// keeps), zero-sum. Race: +1 / -1, or 0 each for a draw. Take 6!: minus the heads each
    /// player took. Mahjong: 1 for the winner, 0 for the others.
    fn returns(&self) -> Vec<f64> {
        self.session.returns()
    }

    /// The observation of `player` (default: the player to act, else 0) as a float32 numpy
    /// array, hidden information removed:
    ///
    /// - nine `[5, 36]` (card index `suit * 9 + rank`, suits C D S H, ranks 6..A): own hand,
    ///   opponent's hand (open game), table, playable now, to-move plane.
    /// - take6 `[9, 104]` (card `c` at `c - 1`): own hand, rows 1-4, cards taken this hand,
    ///   revealed and not placed, own choice this round, must-pick-a-row plane.
    /// - race `[3, N, M]`: piece, target, to-move plane.
    /// - mahjong `[10, 37]` (tile counts by kind index): own hand, melds of A-D, discards of
    ///   A-D, to-move plane.
    ///
    /// With `flat`, the same numbers in one dimension (as OpenSpiel's games give them).
    #[pyo3(signature = (player = None, flat = false))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
        flat: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = match player {
            Some(p) => self.player(p)?,
            None => self.session.current_player().unwrap_or(0),
        };
        let tensor = self.session.observation_tensor(player).map_err(play_error)?;
        array(py, tensor, flat)
    }

    /// The game's view for `player` (None: everything) as a dict: hands, rows, board, ...
    /// with what `player` may not see removed.
    #[pyo3(signature = (player = None))]
    fn view<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = player.map(|p| self.player(p)).transpose()?;
        from_json(py, &self.session.view(player))
    }

    /// The information state of `player` in text: their own hand and choices and everything
    /// public (the whole position in an open game), never what they cannot see.
    fn information_state_string(&self, player: &Bound<'_, PyAny>) -> PyResult<String> {
        let player = self.player(player)?;
        self.session.information_state_string(player).map_err(play_error)
    }

    /// `information_state_string` as a float32 numpy array (layout documented per game in
    /// the Rust crates' `Game` impls); with `flat`, in one dimension.
    #[pyo3(signature = (player, flat = false))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
        flat: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let player = self.player(player)?;
        let tensor = self.session.information_state_tensor(player).map_err(play_error)?;
        array(py, tensor, flat)
    }

    /// What `player` sees now, in text.
    fn observation_string(&self, player: &Bound<'_, PyAny>) -> PyResult<String> {
        let player = self.player(player)?;
        self.session.observation_string(player).map_err(play_error)
    }

    /// Writes `observation_tensor(player)`, flat, over `out` (a float32 array as long).
    fn write_observation_tensor(
        &self,
        player: &Bound<'_, PyAny>,
        mut out: PyReadwriteArray1<'_, f32>,
    ) -> PyResult<()> {
        let player = self.player(player)?;
        self.session.write_observation_tensor(player, buffer(&mut out)?).map_err(play_error)
    }

    /// Writes `information_state_tensor(player)`, flat, over `out` (a float32 array as long).
    fn write_information_state_tensor(
        &self,
        player: &Bound<'_, PyAny>,
        mut out: PyReadwriteArray1<'_, f32>,
    ) -> PyResult<()> {
        let player = self.player(player)?;
        self.session.write_information_state_tensor(player, buffer(&mut out)?).map_err(play_error)
    }

    /// A state `player` cannot tell from this one (the same information state, the same
    /// player to act), drawn at random from `seed`: the game's own resampling, which never
    /// fails; in the perfect-information games the state itself.
    fn resample(
        &self,
        py: Python<'_>,
        player: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<State> {
        let (player, seed) = (self.player(player)?, args::seed(seed)?);
        let sample = py.detach(|| spiel::resample(&self.session, player, seed));
        sample.map(|session| State { session }).map_err(spiel_error)
    }

    /// What each player gained with the last action (the returns at the end, 0 before).
    fn rewards(&self) -> Vec<f64> {
        self.session.line().game().rewards()
    }

    /// The action id a built-in bot (`State.bots()`: `solver` for Nine and race, `mc`,
    /// `heuristic`, ... for Take 6!, `rules` for Mahjong, `random` everywhere) plays now for
    /// the player to act; deterministic in `seed`. Nothing is applied. Raises `ValueError`
    /// for an unknown bot or once the game is over.
    #[pyo3(signature = (bot, seed = None))]
    fn bot_action(
        &self,
        py: Python<'_>,
        bot: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let seed = seed.map(args::seed).transpose()?.unwrap_or(0);
        let session = &self.session;
        let long = interrupt::slow_bot(bot);
        interrupt::interruptible_if(py, long, |_| session.bot_action(bot, seed))?
            .map_err(play_error)
    }

    /// The bots this game offers, the default first.
    fn bots(&self) -> Vec<String> {
        self.session.line().game().bots()
    }

    /// tabletop's analysis of the position for the player to act, as a dict: Nine the exact
    /// value of the position and of every move (`value`, `moves`, signed from Alice's side),
    /// race win, loss or draw and the Grundy values (`result`, `moves`), Take 6! the expected
    /// heads of each card, Mahjong the distance to winning of each discard. Mid-game
    /// positions included. Sampling is seeded from `seed` (default: the state's seed and the
    /// move). Raises `ValueError` once the game is over, at a chance node or above a size cap.
    #[pyo3(signature = (seed = None))]
    fn analysis<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // Once the game is over, that is the refusal, whatever the seed.
        let seed =
            if self.session.is_terminal() { None } else { seed.map(args::seed).transpose()? };
        let session = &self.session;
        let value = interrupt::interruptible(py, |_| spiel::analysis(session, seed))?
            .map_err(play_error)?;
        from_json(py, &value)
    }

    /// The record of this state as a dict: `game`, `params`, `seed`, `seats` and every action
    /// id applied from the start, the deal's chance outcomes included. `tabletop.load_record`
    /// rebuilds the exact state; the command line and the HTTP API use the same format.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &serde_json::json!(self.session.record()))
    }

    /// The review of the game so far against its oracle (see `tabletop.review`).
    fn review<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        review(slf.py(), slf.as_any())
    }

    /// The legal actions of the player to act, in notation (in the order of `legal_actions`).
    fn legal_action_strings(&self) -> Vec<String> {
        self.session.legal_action_strings()
    }

    /// The number of players.
    fn num_players(&self) -> usize {
        self.session.num_players()
    }

    /// An independent copy: applying actions to one leaves the other unchanged.
    fn clone(&self) -> State {
        State { session: self.session.clone() }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// Pickles as its record (`State.record()`): `load_record` rebuilds the exact state.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = py.import("tabletop._native")?.getattr("load_record")?;
        let record = serde_json::to_string(&self.session.record())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((f, (record,)))
    }

    /// The state in text.
    fn __str__(&self) -> String {
        self.session.line().game().text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tabletop.State {} seed={} moves={}>",
            self.session.game(),
            self.session.seed(),
            self.session.history().len()
        )
    }
}

/// The last of `method`'s arguments `(what)` or, as OpenSpiel, `(player, what)`.
fn last_of<'py>(
    args: &Bound<'py, PyTuple>,
    method: &str,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    match args.len() {
        n @ 1..=2 => args.get_item(n - 1),
        n => Err(PyTypeError::new_err(format!(
            "{method} takes ({what}) or (player, {what}), not {n} arguments"
        ))),
    }
}

/// A tensor's values as a numpy array of its shape, or `flat` in one dimension.
fn array<'py>(
    py: Python<'py>,
    (shape, values): (Vec<usize>, Vec<f32>),
    flat: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let values = PyArray1::from_vec(py, values);
    if flat || shape.len() == 1 {
        return Ok(values.into_any());
    }
    Ok(values.reshape(shape)?.into_any())
}

/// `out` as one slice of numbers: `ValueError` unless it is one contiguous array.
fn buffer<'a>(out: &'a mut PyReadwriteArray1<'_, f32>) -> PyResult<&'a mut [f32]> {
    out.as_slice_mut()
        .map_err(|_| PyValueError::new_err("the buffer must be one contiguous float32 array"))
}

/// A game by name with parameters (the published rules, a default board, ... when none are
/// given): `load_game("nine" | "take6" | "race" | "mahjong", **params)`.
///
/// Parameters: nine `deal` (two lines) or `alice` and `bob` (a hand each), `first`
/// (`"alice"`/`"bob"`); take6 `players`, `rows`, `hand_size`, `deck`, `row_rule`
/// (`"choose"`/`"forced"`), `target`, `mode` (`"hand"`/`"match"`), `script`; race `piece`,
/// `rows`, `cols` (1 to 100), `start`; mahjong `wall` (148 tiles), `claims`. Raises
/// `ValueError` for an unknown game or a bad parameter.
#[pyfunction]
#[pyo3(signature = (name, **params))]
fn load_game(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    game_of(name, args::game_params(name, params)?)
}

/// The game `name` with `params` (JSON), the parameters then as the game plays them.
fn game_of(name: &str, params: Value) -> PyResult<Game> {
    let probe = Session::new(name, params, Vec::new(), 0).map_err(play_error)?;
    let params = spiel::played_params(probe.params().clone(), &probe.view(None));
    Ok(Game { name: probe.game(), params, probe })
}

/// How a pickled `Game` comes back: `name` with `params` (JSON text, every default filled in).
#[pyfunction]
#[pyo3(name = "_game_from")]
fn game_from(name: &str, params: &str) -> PyResult<Game> {
    let params = serde_json::from_str(params).map_err(|e| PyValueError::new_err(e.to_string()))?;
    game_of(name, params)
}

/// The state a record describes (a dict as `State.record()` returns, or its JSON text).
/// Raises `ValueError` for a malformed record or an action that is not legal where it stands.
#[pyfunction]
fn load_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<State> {
    session_of_record(py, record).map(|session| State { session })
}

/// The review of a game against its oracle, as a dict: `game`, `decisions` (each `ply`,
/// `player`, `action`, `best`, `value`, `best_value`, `regret`, `mark`, and `ci95` for Take
/// 6!'s estimates) and `players` (each `player`, `decisions`, `mean_regret`, `inaccuracies`,
/// `mistakes`, `blunders`, `accuracy`): the JSON of `tabletop review --json` and of `GET
/// /api/games/{id}/review`. Takes a `State` or a record (a dict as `State.record()` returns,
/// or its JSON text). Raises `ValueError` for a game with hidden cards still in progress or a
/// bad record; Ctrl-C stops it.
#[pyfunction]
fn review<'py>(
    py: Python<'py>,
    state_or_record: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let session = match state_or_record.cast::<State>() {
        Ok(state) => state.borrow().session.clone(),
        Err(_) => session_of_record(py, state_or_record)?,
    };
    let review = interrupt::interruptible(py, |_| session.review())?.map_err(play_error)?;
    from_json(py, &serde_json::json!(review))
}

/// The session a record (a dict or its JSON text) rebuilds.
fn session_of_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Session> {
    let record = match record.extract::<String>() {
        Ok(text) => spiel::parse_record(&text),
        Err(_) if record.cast::<PyDict>().is_ok() => spiel::record_of(to_json(py, record)?),
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "a record is a dict (as State.record() returns) or its JSON text, not {}",
                record.get_type().name()?
            )));
        }
    }
    .map_err(spiel_error)?;
    py.detach(|| Session::from_record(&record)).map_err(play_error)
}

/// The games `load_game` knows, with their defaults: a list of dicts with `name`,
/// `description`, `default_params`, `players`, `num_distinct_actions`,
/// `observation_shape`, `bots`.
#[pyfunction]
fn registered_games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    from_json(py, &spiel::registered_games())
}

/// Registers the environment functions and classes in the top-level module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TERMINAL", spiel::TERMINAL)?;
    m.add("CHANCE", spiel::CHANCE)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(registered_games, m)?)?;
    m.add_function(wrap_pyfunction!(load_record, m)?)?;
    m.add_function(wrap_pyfunction!(game_from, m)?)?;
    m.add_function(wrap_pyfunction!(review, m)?)?;
    Ok(())
}
