//! The learner-seat batched environments' engine, `tabletop._native.SeatedEnv`: n games where
//! one seat learns and the other seats are built-in bots, stepped in one call by
//! `tabletop_play::Seated` with numpy arrays in and out and the GIL released while Rust works.
//! The Gymnasium class `tabletop.gym_vector.SeatedVectorEnv` wraps it.

use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tabletop_play::{Autoreset, BatchError, Cell, Final, Seated, SeatedRecord};

use crate::vector::{MAX_ENVS, actions_of, array, block, floats, parameters, stacked};
use crate::{args, interrupt};

/// n games with one learning seat, the other seats played by built-in bots (see
/// `tabletop.gym_vector.SeatedVectorEnv`, which wraps it).
#[pyclass(module = "tabletop._native")]
pub struct SeatedEnv {
    seated: Seated,
    /// Whether observations are `float32` (else `uint8`).
    floats: bool,
    /// Whether a bot may take long over a move (a Monte Carlo bot): the step then runs where
    /// Ctrl-C reaches it.
    slow: bool,
    /// `numpy.empty`.
    empty: Py<PyAny>,
}

fn value_error(e: impl ToString) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The autoreset mode by Gymnasium's names (`"NextStep"`, `"SameStep"`) or their Python
/// spellings (`"next_step"`, `"same_step"`).
fn autoreset(name: &str) -> PyResult<Autoreset> {
    match name.to_ascii_lowercase().replace('_', "").as_str() {
        "nextstep" => Ok(Autoreset::NextStep),
        "samestep" => Ok(Autoreset::SameStep),
        _ => Err(PyValueError::new_err(format!(
            "autoreset_mode must be NEXT_STEP or SAME_STEP, not {}",
            tabletop_play::clip(name)
        ))),
    }
}

/// What a step returns besides the observations.
type Stepped = (Vec<f64>, Vec<bool>, Vec<Final>);

impl SeatedEnv {
    fn wrap(py: Python<'_>, seated: Seated, floats: bool) -> PyResult<SeatedEnv> {
        let slow = seated.opponents().iter().any(|b| interrupt::slow_bot(b));
        let empty = PyModule::import(py, "numpy")?.getattr("empty")?.unbind();
        Ok(SeatedEnv { seated, floats, slow, empty })
    }

    /// The shape of n observations.
    fn observations_shape(&self) -> Vec<usize> {
        stacked(self.seated.len(), self.seated.batch())
    }

    /// The learner's legal masks as an int8 numpy array (n x actions).
    fn masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mask: Vec<i8> = self.seated.legal_masks().iter().map(|&m| i8::from(m)).collect();
        let shape = vec![self.seated.len(), self.seated.batch().num_distinct_actions()];
        array(py, mask, shape)
    }

    /// The observations now as a numpy array of `T`.
    fn observations<'py, T: Cell + numpy::Element>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut obs = vec![T::ZERO; self.seated.len() * self.seated.observation_size()];
        self.seated.write_observations(&mut obs);
        array(py, obs, self.observations_shape())
    }

    /// One step into a new numpy array of `T`s, the GIL released (and Ctrl-C answered when a
    /// bot may take long); the final observations as one array when a game ended.
    fn step_into<'py, T: Cell + numpy::Element>(
        &mut self,
        py: Python<'py>,
        actions: &[i64],
    ) -> PyResult<(Bound<'py, PyAny>, Option<Bound<'py, PyAny>>, Stepped)> {
        let n = self.seated.len();
        let obs = self
            .empty
            .bind(py)
            .call1((self.observations_shape(), numpy::dtype::<T>(py)))?
            .cast_into::<PyArrayDyn<T>>()?;
        let outcome = {
            let mut written = obs.readwrite();
            let out = written.as_slice_mut().map_err(value_error)?;
            let seated = &mut self.seated;
            interrupt::interruptible_if(py, self.slow, move |_| {
                let mut rewards = vec![0.0; n];
                let mut terminated = vec![false; n];
                let finals = seated.step(actions, &mut rewards, &mut terminated, out)?;
                Ok::<_, BatchError>((rewards, terminated, finals))
            })?
        };
        let stepped = outcome.map_err(value_error)?;
        let bytes = self.seated.final_observations();
        let block =
            if bytes.is_empty() { None } else { Some(block::<T>(py, bytes, self.seated.batch())?) };
        Ok((obs.into_any(), block, stepped))
    }
}

#[pymethods]
impl SeatedEnv {
    /// `SeatedEnv(game, n, seed, seat, opponents, autoreset, dtype, **params)`: n games of
    /// `game` with `load_game`'s parameters, the learner in `seat`, the other seats played by
    /// the bots `opponents` (none: the game's default bot; one: for every other seat; else
    /// one per other seat in seat order); `autoreset` `"NextStep"` or `"SameStep"`;
    /// observations in `dtype` (`"uint8"` or `"float32"`).
    #[new]
    #[pyo3(signature = (game, n, seed, seat, opponents, autoreset_mode, dtype, **params))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        n: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        seat: args::Int,
        opponents: Vec<String>,
        autoreset_mode: &str,
        dtype: &str,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<SeatedEnv> {
        let floats = floats(dtype)?;
        let n = args::int_in(n, "num_envs", 1, MAX_ENVS)? as usize;
        let seed = args::seed(seed)?;
        let mode = autoreset(autoreset_mode)?;
        let params = args::game_params(game, params)?;
        let entry = tabletop_play::find(game).map_err(value_error)?;
        let players = (entry.create)(&params).map_err(value_error)?.0.num_players();
        let seat = seat.get("seat", 0, players as i128 - 1)? as usize;
        let slow = opponents.iter().any(|b| interrupt::slow_bot(b));
        let seated = interrupt::interruptible_if(py, slow, |_| {
            Seated::new(game, &params, n, seed, seat, &opponents, mode)
        })?
        .map_err(value_error)?;
        SeatedEnv::wrap(py, seated, floats)
    }

    /// Starts a new game in every environment (from `seed` when given, else each
    /// environment's next game), each at the learner's first decision; returns
    /// (observations, legal masks).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let seed = seed.map(args::seed).transpose()?;
        let seated = &mut self.seated;
        interrupt::interruptible_if(py, self.slow, move |_| seated.reset(seed))?
            .map_err(value_error)?;
        let obs =
            if self.floats { self.observations::<f32>(py)? } else { self.observations::<u8>(py)? };
        PyTuple::new(py, [obs, self.masks(py)?])
    }

    /// Applies one action per environment for the learner (an int64 array), lets the bots
    /// move; returns (observations, rewards (n,), terminated (n,), legal masks, final
    /// observations, final environments, final returns). The last two are None unless a
    /// game ended: then the ended games' environments (k,) and returns (k, players); the
    /// final observations (k, ...) likewise, under SameStep only.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_of(&actions);
        let n = self.seated.len();
        let (obs, block, (rewards, terminated, finals)) = if self.floats {
            self.step_into::<f32>(py, &actions)?
        } else {
            self.step_into::<u8>(py, &actions)?
        };
        let none = py.None().into_bound(py);
        let (envs, returns) = if finals.is_empty() {
            (none.clone(), none.clone())
        } else {
            let p = self.seated.batch().num_players();
            let envs: Vec<i64> = finals.iter().map(|f| f.env as i64).collect();
            let returns: Vec<f64> = finals.iter().flat_map(|f| f.returns.clone()).collect();
            (array(py, envs, vec![finals.len()])?, array(py, returns, vec![finals.len(), p])?)
        };
        PyTuple::new(
            py,
            [
                obs,
                array(py, rewards, vec![n])?,
                array(py, terminated, vec![n])?,
                self.masks(py)?,
                block.unwrap_or(none),
                envs,
                returns,
            ],
        )
    }

    /// The seed of the game each environment plays now (a uint64 array).
    fn episode_seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, self.seated.batch().episode_seeds())
    }

    /// Each environment's game as text (everything shown, hidden information included).
    fn texts(&self) -> Vec<String> {
        (0..self.seated.len()).map(|i| self.seated.batch().env(i).text()).collect()
    }

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.seated.len()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.seated.batch().num_players()
    }

    /// The number of action ids.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.seated.batch().num_distinct_actions()
    }

    /// The shape of one observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.seated.batch().observation_shape()
    }

    /// The largest number an observation holds.
    #[getter]
    fn observation_max(&self) -> u8 {
        self.seated.batch().observation_max()
    }

    /// The observations' dtype: `"uint8"` or `"float32"`.
    #[getter]
    fn dtype(&self) -> &'static str {
        if self.floats { "float32" } else { "uint8" }
    }

    /// The game's registry name.
    #[getter]
    fn game(&self) -> &'static str {
        self.seated.batch().game()
    }

    /// The learning seat.
    #[getter]
    fn seat(&self) -> usize {
        self.seated.seat()
    }

    /// The bot of every other seat, in seat order.
    #[getter]
    fn opponents(&self) -> Vec<String> {
        self.seated.opponents()
    }

    /// The autoreset mode: `"NextStep"` or `"SameStep"`.
    #[getter]
    fn autoreset_mode(&self) -> &'static str {
        match self.seated.autoreset() {
            Autoreset::NextStep => "NextStep",
            Autoreset::SameStep => "SameStep",
        }
    }

    /// The parameters, every default filled in.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        parameters(py, self.seated.batch())
    }

    /// Pickles as its record (every game's seed and actions, the generators' states): the
    /// environment restored continues exactly.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let this = slf.borrow();
        let record = serde_json::to_string(&this.seated.record()).map_err(value_error)?;
        let restore = slf.get_type().getattr("_restore")?;
        Ok((restore, (record, this.dtype())))
    }

    /// The environment a pickled record describes (`__reduce__`).
    #[staticmethod]
    fn _restore(py: Python<'_>, record: &str, dtype: &str) -> PyResult<SeatedEnv> {
        let record: SeatedRecord = serde_json::from_str(record).map_err(value_error)?;
        let seated = py.detach(|| Seated::from_record(&record)).map_err(value_error)?;
        SeatedEnv::wrap(py, seated, dtype == "float32")
    }
}

/// Registers `SeatedEnv` in the top-level native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SeatedEnv>()
}
