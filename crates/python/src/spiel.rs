//! `tabletop._native.SpielCore`: one game state with explicit chance nodes, for
//! `tabletop.openspiel` (the games registered with OpenSpiel's `pyspiel`).
//!
//! Unlike `tabletop.State` (a `tabletop_play::Session`, whose deal is drawn from a seed at the
//! start), a core keeps every chance node: the deal, the wall and a match's next deal are
//! chance outcomes with their probabilities, applied one at a time like the players' actions.
//! It holds the game's initial state (shared between copies) and every id applied since
//! (chance outcomes included), so undo replays, and a core pickles as its game, parameters and
//! ids. Tensors come out as numpy arrays that own the game's own vector, or are written into
//! a caller's numpy buffer (OpenSpiel's observers hand one out): never as Python lists.
//!
//! Player ids follow OpenSpiel: 0-based players, `CHANCE` (-1) at a chance node, `TERMINAL`
//! (-4) once the game is over.

use std::sync::Arc;

use numpy::{PyArray1, PyReadwriteArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde_json::Value;
use tabletop_core::{ChanceMode, Dynamics, Information, RewardModel, Turn, Utility, seeded_rng};
use tabletop_play::{Line, PlayError, find};

use crate::args;
use crate::env::{TERMINAL, from_json};

/// OpenSpiel's `pyspiel.PlayerId.CHANCE`.
pub const CHANCE: i64 = -1;

fn play_error(e: PlayError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game state with explicit chance nodes (see the module documentation).
#[pyclass(module = "tabletop._native")]
#[derive(Clone)]
pub struct SpielCore {
    name: &'static str,
    /// The parameters with every default filled in.
    params: Arc<Value>,
    /// The state, every step from the start and undo.
    line: Line,
}

fn turn_id(turn: Turn) -> i64 {
    match turn {
        Turn::Player(p) => p as i64,
        Turn::Chance => CHANCE,
        Turn::Terminal => TERMINAL,
    }
}

impl SpielCore {
    fn create(name: &str, params: &Value) -> PyResult<SpielCore> {
        let entry = find(name).map_err(play_error)?;
        let (game, params) = (entry.create)(params).map_err(play_error)?;
        let params = Arc::new(args::true_params(params, &game.view(None)));
        Ok(SpielCore { name: entry.name, params, line: Line::new(game) })
    }

    fn check_player(&self, player: i64) -> PyResult<usize> {
        let n = self.line.game().num_players();
        usize::try_from(player).ok().filter(|&p| p < n).ok_or_else(|| {
            PyValueError::new_err(format!("player must be 0 to {}, not {player}", n - 1))
        })
    }

    /// `out` as a slice of `len` numbers (`what` tensor's buffer, for messages).
    fn buffer<'a>(
        out: &'a mut PyReadwriteArray1<'_, f32>,
        len: usize,
        what: &str,
    ) -> PyResult<&'a mut [f32]> {
        let out = out.as_slice_mut().map_err(|_| {
            PyValueError::new_err(format!("the {what} buffer must be one contiguous array"))
        })?;
        if out.len() != len {
            return Err(PyValueError::new_err(format!(
                "the {what} buffer holds {} numbers, the {what} tensor {len}",
                out.len()
            )));
        }
        Ok(out)
    }

    /// The state after `ids` from the start.
    fn replayed(self, ids: &[usize]) -> PyResult<SpielCore> {
        let line = Line::replayed(self.line.initial().clone_box(), ids.iter().copied()).map_err(
            |(i, e)| PyValueError::new_err(format!("action {i} of the history ({}): {e}", ids[i])),
        )?;
        Ok(SpielCore { line, ..self })
    }
}

/// The state of `name` with `params` (JSON text) after the ids `history` from the start:
/// how a pickled core comes back.
#[pyfunction]
fn spiel_core_from(name: &str, params: &str, history: Vec<usize>) -> PyResult<SpielCore> {
    let params: Value =
        serde_json::from_str(params).map_err(|e| PyValueError::new_err(e.to_string()))?;
    SpielCore::create(name, &params)?.replayed(&history)
}

#[pymethods]
impl SpielCore {
    /// The initial state of game `name` (`nine`, `take6`, `race`, `mahjong`) with `params`
    /// (a dict, as `tabletop.load_game`'s keywords; None for the defaults): a chance node
    /// where a deal or a wall is to be drawn.
    #[new]
    #[pyo3(signature = (name, params = None))]
    fn new(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<SpielCore> {
        SpielCore::create(name, &args::game_params(name, params)?)
    }

    /// The registry name.
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The parameters with every default filled in, as JSON text.
    fn params_json(&self) -> String {
        self.params.to_string()
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
        let g = self.line.initial();
        let t = g.game_type();
        let (lo, hi) = g.utility_range();
        let chance = t.chance_mode == ChanceMode::ExplicitStochastic && g.turn() == Turn::Chance;
        let info = serde_json::json!({
            "num_players": g.num_players(),
            "num_distinct_actions": g.num_distinct_actions(),
            "max_chance_outcomes": if chance { g.max_chance_outcomes() } else { 0 },
            "min_utility": lo,
            "max_utility": hi,
            "utility_sum": match t.utility {
                Utility::ZeroSum => Some(0.0),
                Utility::ConstantSum | Utility::GeneralSum => None,
            },
            "max_game_length": g.max_remaining_steps(),
            "chance_nodes": chance,
            "perfect_information": t.information == Information::Perfect,
            "explicit_chance": t.chance_mode == ChanceMode::ExplicitStochastic,
            "utility": match t.utility {
                Utility::ZeroSum => "zero_sum",
                Utility::ConstantSum => "constant_sum",
                Utility::GeneralSum => "general_sum",
            },
            "dynamics": match t.dynamics {
                Dynamics::Sequential => "sequential",
                Dynamics::Simultaneous => "simultaneous",
            },
            "reward_model": match t.reward_model {
                RewardModel::Terminal => "terminal",
                RewardModel::Rewards => "rewards",
            },
            "parameters": (find(self.name).map_err(play_error)?.parameters)(),
            "min_num_players": t.min_num_players,
            "max_num_players": t.max_num_players,
            "observation_shape": g.observation_shape(),
            "information_state_shape": g.information_state_shape(),
            "long_name": t.long_name,
            "description": t.description,
            "bots": g.bots(),
        });
        from_json(py, &info)
    }

    /// The player to act, `CHANCE` (-1) at a chance node, `TERMINAL` (-4) once over.
    fn current_player(&self) -> i64 {
        turn_id(self.line.game().turn())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.line.game().turn() == Turn::Terminal
    }

    /// Whether chance acts now.
    fn is_chance_node(&self) -> bool {
        self.line.game().turn() == Turn::Chance
    }

    /// The legal ids now, ascending: the player's actions, or at a chance node the outcomes.
    fn legal_actions(&self) -> Vec<usize> {
        self.line.game().legal_actions()
    }

    /// At a chance node, `(id, probability)` pairs ascending by id; empty elsewhere.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let mut outcomes = self.line.game().chance_outcomes();
        outcomes.sort_unstable_by_key(|&(id, _)| id);
        outcomes
    }

    /// Applies a legal id (an action, or at a chance node an outcome). Raises `ValueError`
    /// for an illegal one, the state unchanged.
    fn apply(&mut self, id: i64) -> PyResult<()> {
        let id = usize::try_from(id)
            .map_err(|_| PyValueError::new_err(format!("action ids are 0 or more, not {id}")))?;
        self.line.try_apply(id).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(())
    }

    /// Takes back the last step (chance outcomes included). Raises `ValueError` at the start.
    fn undo(&mut self) -> PyResult<()> {
        if self.line.undo() {
            Ok(())
        } else {
            Err(PyValueError::new_err("nothing to undo: this is the initial state"))
        }
    }

    /// Every step from the start as `(player, id)` pairs, chance (-1) included.
    fn steps(&self) -> Vec<(i64, usize)> {
        self.line.steps().iter().map(|&(turn, id)| (turn_id(turn), id)).collect()
    }

    /// The returns, one per player (0 for everyone before the end).
    fn returns(&self) -> Vec<f64> {
        let mut returns = if self.is_terminal() { self.line.game().returns() } else { Vec::new() };
        returns.resize(self.line.game().num_players(), 0.0);
        returns
    }

    /// What each player gained with the last step.
    fn rewards(&self) -> Vec<f64> {
        self.line.game().rewards()
    }

    /// The notation of an id (`Deal:` is not added: chance outcomes are written as the card
    /// or tile they are).
    fn action_to_string(&self, id: i64) -> PyResult<String> {
        usize::try_from(id).ok().and_then(|id| self.line.game().id_to_string(id)).ok_or_else(|| {
            PyValueError::new_err(format!(
                "action ids are 0 to {}, not {id}",
                self.line.game().num_distinct_actions().max(self.line.game().max_chance_outcomes())
                    - 1
            ))
        })
    }

    /// The id of an action in notation.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.line.game().string_to_id(text).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// What `player` knows (their own hand and choices, everything public), in text.
    fn information_state_string(&self, player: i64) -> PyResult<String> {
        let p = self.check_player(player)?;
        Ok(self.line.game().information_state_string(p))
    }

    /// `information_state_string` as a flat float32 array.
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let p = self.check_player(player)?;
        Ok(PyArray1::from_vec(py, self.line.game().information_state_tensor(p)))
    }

    /// Writes `information_state_tensor(player)` over `out` (a float32 array as long).
    fn write_information_state_tensor(
        &self,
        player: i64,
        mut out: PyReadwriteArray1<'_, f32>,
    ) -> PyResult<()> {
        let p = self.check_player(player)?;
        let tensor = self.line.game().information_state_tensor(p);
        SpielCore::buffer(&mut out, tensor.len(), "information state")?.copy_from_slice(&tensor);
        Ok(())
    }

    /// What `player` sees now, in text.
    fn observation_string(&self, player: i64) -> PyResult<String> {
        let p = self.check_player(player)?;
        Ok(self.line.game().observation_string(p))
    }

    /// `observation_string` as a flat float32 array.
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let p = self.check_player(player)?;
        Ok(PyArray1::from_vec(py, self.line.game().observation_tensor(p)))
    }

    /// Writes `observation_tensor(player)` over `out` (a float32 array as long).
    fn write_observation_tensor(
        &self,
        player: i64,
        mut out: PyReadwriteArray1<'_, f32>,
    ) -> PyResult<()> {
        let p = self.check_player(player)?;
        let len = self.line.game().observation_shape().iter().product();
        self.line
            .game()
            .write_observation_tensor(p, SpielCore::buffer(&mut out, len, "observation")?);
        Ok(())
    }

    /// The game's view for `player` (None: everything) as a dict.
    #[pyo3(signature = (player = None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = player.map(|p| self.check_player(p)).transpose()?;
        from_json(py, &self.line.game().view(viewer))
    }

    /// The whole state in text.
    fn text(&self) -> String {
        self.line.game().text()
    }

    /// The bots the game offers, the default first.
    fn bots(&self) -> Vec<String> {
        self.line.game().bots()
    }

    /// The id `bot` plays now for the player to act (deterministic in `seed`); nothing is
    /// applied. The bot uses only what that player may see. Raises `ValueError` for an
    /// unknown bot, or where no player acts.
    #[pyo3(signature = (bot, seed = None))]
    fn bot_action(
        &self,
        py: Python<'_>,
        bot: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let seed = seed.map(args::seed).transpose()?.unwrap_or(0);
        let Turn::Player(_) = self.line.game().turn() else {
            return Err(PyValueError::new_err(
                "a bot acts only where a player is to act (not at a chance node, not at the end)",
            ));
        };
        self.line.game().check_bot(bot).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let game = self.line.game();
        let long = crate::interrupt::slow_bot(bot);
        crate::interrupt::interruptible_if(py, long, |_| game.bot_id(bot, seed))
    }

    /// The exact analysis of the position for the player to act, as a dict (Nine: the
    /// exact value of every move; race: win, loss or draw and the Grundy value of every
    /// move; Take 6!: the expected heads of each card; Mahjong: the distance to winning).
    /// Raises `ValueError` where there is nothing to analyse or the position is too large.
    #[pyo3(signature = (seed = None))]
    fn analysis<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seed = seed.map(args::seed).transpose()?.unwrap_or(0);
        let Turn::Player(_) = self.line.game().turn() else {
            return Err(PyValueError::new_err(
                "the analysis is of a player's decision (not a chance node, not the end)",
            ));
        };
        let game = self.line.game();
        let value =
            crate::interrupt::interruptible(py, |_| game.analyse(seed))?.map_err(play_error)?;
        from_json(py, &value)
    }

    /// A state `player` cannot tell from this one (the same information state, the same
    /// player to act), drawn at random from `seed`: the game's own resampling
    /// (`Game::resample_from_infostate`), which never fails; in the perfect-information
    /// games the state itself.
    fn resample(
        &self,
        py: Python<'_>,
        player: i64,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<SpielCore> {
        let seed = args::seed(seed)?;
        let p = self.check_player(player)?;
        let line = py.detach(|| self.line.resample(p, &mut seeded_rng(seed))).ok_or_else(|| {
            PyValueError::new_err(
                "the resampled state keeps no history to follow (a bug of the game)",
            )
        })?;
        Ok(SpielCore { name: self.name, params: self.params.clone(), line })
    }

    /// An independent copy.
    fn clone(&self) -> SpielCore {
        Clone::clone(self)
    }

    fn __copy__(&self) -> SpielCore {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> SpielCore {
        Clone::clone(self)
    }

    /// Pickles as the game, its parameters and the ids applied.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let f = py.import("tabletop._native")?.getattr("_spiel_core_from")?;
        let ids: Vec<usize> = self.line.ids().collect();
        let args = PyTuple::new(
            py,
            [
                self.name.into_pyobject(py)?.into_any(),
                self.params.to_string().into_pyobject(py)?.into_any(),
                ids.into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((f, args))
    }

    fn __eq__(&self, other: &SpielCore) -> bool {
        self.name == other.name
            && self.params == other.params
            && self.line.steps() == other.line.steps()
    }

    fn __str__(&self) -> String {
        self.line.game().text()
    }

    fn __repr__(&self) -> String {
        format!("<SpielCore {} {} steps>", self.name, self.line.len())
    }
}

/// Registers `SpielCore` and `_spiel_core_from` in the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SpielCore>()?;
    m.add_function(wrap_pyfunction!(spiel_core_from, m)?)?;
    m.add("_spiel_core_from", m.getattr("spiel_core_from")?)?;
    m.add("CHANCE", CHANCE)?;
    Ok(())
}
