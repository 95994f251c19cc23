//! The batched environments' engine, `tabletop._native.VecEnv`: n games stepped in one call
//! by `tabletop_play::Batch`, with numpy arrays in and out and the GIL released while Rust
//! works. The Gymnasium-shaped class `tabletop.VectorEnv` (python/tabletop/vector.py) wraps it.

use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tabletop_play::{Batch, BatchError, BatchRecord, Cell, Final};

use crate::args;
use crate::env::from_json;

/// The most environments in one batch.
pub const MAX_ENVS: i128 = 1 << 16;

/// n games of one kind stepped together (see `tabletop.vector_env`, which wraps it).
#[pyclass(module = "tabletop._native")]
pub struct VecEnv {
    batch: Batch,
    /// Whether observations are `float32` (else `uint8`).
    floats: bool,
    /// `numpy.empty`: each step's observations go into a new array that nothing zeroes
    /// first (every number is written).
    empty: Py<PyAny>,
}

/// What a step returns besides the observations: rewards, terminated, the finals, masks and
/// players.
type Stepped = (Vec<f64>, Vec<bool>, Vec<Final>, Vec<bool>, Vec<i64>);

/// A flat vector as a numpy array of `shape` (one array object, no copy).
pub(crate) fn array<'py, T: numpy::Element>(
    py: Python<'py>,
    values: Vec<T>,
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let values = ArrayD::from_shape_vec(IxDyn(&shape), values)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(values.into_pyarray(py).into_any())
}

/// Whether observations of `dtype` are floats: `"float32"` (else `"uint8"`); `ValueError` for
/// any other.
pub(crate) fn floats(dtype: &str) -> PyResult<bool> {
    match dtype {
        "uint8" => Ok(false),
        "float32" => Ok(true),
        _ => Err(PyValueError::new_err(format!("dtype must be uint8 or float32, not {dtype}"))),
    }
}

/// A step's actions as one vector (a strided array copied).
pub(crate) fn actions_of(actions: &PyReadonlyArray1<'_, i64>) -> Vec<i64> {
    match actions.as_slice() {
        Ok(slice) => slice.to_vec(),
        Err(_) => actions.as_array().iter().copied().collect(),
    }
}

/// The shape of `n` observations of `batch`'s game.
pub(crate) fn stacked(n: usize, batch: &Batch) -> Vec<usize> {
    let mut shape = vec![n];
    shape.extend(batch.observation_shape());
    shape
}

/// Final observations (`bytes`, one after another) of `batch`'s game as one numpy array of
/// `T`s shaped `(k, *observation_shape)`.
pub(crate) fn block<'py, T: Cell + numpy::Element>(
    py: Python<'py>,
    bytes: &[u8],
    batch: &Batch,
) -> PyResult<Bound<'py, PyAny>> {
    let shape = stacked(bytes.len() / batch.observation_size(), batch);
    array(py, bytes.iter().map(|&b| T::from_count(b)).collect(), shape)
}

/// The parameters of `batch`, every default filled in, as its games play them.
pub(crate) fn parameters<'py>(py: Python<'py>, batch: &Batch) -> PyResult<Bound<'py, PyAny>> {
    let view = batch.env(0).view(None);
    from_json(py, &tabletop_play::spiel::played_params(batch.params().clone(), &view))
}

impl VecEnv {
    fn wrap(py: Python<'_>, batch: Batch, floats: bool) -> PyResult<VecEnv> {
        let empty = PyModule::import(py, "numpy")?.getattr("empty")?.unbind();
        Ok(VecEnv { batch, floats, empty })
    }

    /// The shape of n observations.
    fn observations_shape(&self) -> Vec<usize> {
        stacked(self.batch.len(), &self.batch)
    }

    /// The legal action masks and current players as numpy arrays (n x actions, n).
    fn as_arrays<'py>(
        &self,
        py: Python<'py>,
        mask: Vec<bool>,
        players: Vec<i64>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let n = self.batch.len();
        Ok((
            array(py, mask, vec![n, self.batch.num_distinct_actions()])?,
            array(py, players, vec![n])?,
        ))
    }

    /// The observations (as a numpy array of `T`), masks and players, computed with the GIL
    /// released.
    fn snapshot<'py, T: Cell + numpy::Element>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<(Bound<'py, PyAny>, Vec<bool>, Vec<i64>)> {
        let (obs, mask, players) = py.detach(|| {
            self.batch.reset(seed);
            let mut obs = vec![T::ZERO; self.batch.len() * self.batch.observation_size()];
            self.batch.write_observations(&mut obs);
            let (mask, players) = self.masks_and_players();
            (obs, mask, players)
        });
        Ok((array(py, obs, self.observations_shape())?, mask, players))
    }

    /// One step into a new numpy array of `T`s, the GIL released while Rust works; with
    /// the final observations as one array of `T`s when a game ended.
    fn step_into<'py, T: Cell + numpy::Element>(
        &mut self,
        py: Python<'py>,
        actions: &[i64],
    ) -> PyResult<(Bound<'py, PyAny>, Option<Bound<'py, PyAny>>, Stepped)> {
        let (n, p) = (self.batch.len(), self.batch.num_players());
        let shape = self.observations_shape();
        let obs = self
            .empty
            .bind(py)
            .call1((shape, numpy::dtype::<T>(py)))?
            .cast_into::<PyArrayDyn<T>>()?;
        let outcome = {
            let mut written = obs.readwrite();
            let out = written.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
            py.detach(|| {
                let mut rewards = vec![0.0; n * p];
                let mut terminated = vec![false; n];
                let finals = self.batch.step(actions, &mut rewards, &mut terminated, out)?;
                let (mask, players) = self.masks_and_players();
                Ok::<_, BatchError>((rewards, terminated, finals, mask, players))
            })
        };
        let stepped = outcome.map_err(|e| PyValueError::new_err(e.to_string()))?;
        let bytes = self.batch.final_observations();
        let finals =
            if stepped.2.is_empty() { None } else { Some(block::<T>(py, bytes, &self.batch)?) };
        Ok((obs.into_any(), finals, stepped))
    }

    /// The masks and players (the observations come with the step).
    fn masks_and_players(&self) -> (Vec<bool>, Vec<i64>) {
        let players = self.batch.current_players().iter().map(|&p| p as i64).collect();
        (self.batch.legal_masks().to_vec(), players)
    }
}

#[pymethods]
impl VecEnv {
    /// `VecEnv(game, n, seed, dtype, **params)`: n games of `game` with `load_game`'s
    /// parameters, observations in `dtype` (`"uint8"` or `"float32"`).
    #[new]
    #[pyo3(signature = (game, n, seed, dtype, **params))]
    fn new(
        py: Python<'_>,
        game: &str,
        n: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        dtype: &str,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VecEnv> {
        let floats = floats(dtype)?;
        let n = args::int_in(n, "n", 1, MAX_ENVS)? as usize;
        let seed = args::seed(seed)?;
        let params = args::game_params(game, params)?;
        let batch = py
            .detach(|| Batch::new(game, &params, n, seed))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        VecEnv::wrap(py, batch, floats)
    }

    /// Starts a new game in every environment (from `seed` when given, else each
    /// environment's next game); returns (observations, legal masks, current players).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let seed = seed.map(args::seed).transpose()?;
        let (obs, mask, players) = if self.floats {
            self.snapshot::<f32>(py, seed)?
        } else {
            self.snapshot::<u8>(py, seed)?
        };
        let (mask, players) = self.as_arrays(py, mask, players)?;
        PyTuple::new(py, [obs, mask, players])
    }

    /// Applies one action per environment (an int64 array); returns (observations, rewards
    /// (n x players), terminated, legal masks, current players, final observations, final
    /// returns, final players). The last three are None when no game ended, else arrays
    /// over every environment: an object array with each ended game's last observation
    /// (None elsewhere), its returns (n x players, 0 elsewhere) and the player who ended it
    /// (0 elsewhere).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_of(&actions);
        let n = self.batch.len();
        let p = self.batch.num_players();
        let (obs, block, (rewards, terminated, finals, mask, players)) = if self.floats {
            self.step_into::<f32>(py, &actions)?
        } else {
            self.step_into::<u8>(py, &actions)?
        };
        let (mask, players) = self.as_arrays(py, mask, players)?;
        let none = py.None().into_bound(py);
        let (final_obs, returns, enders) = if let Some(block) = block {
            // numpy fills an object array with None; each ended game's row of one block.
            let objects = self.empty.bind(py).call1((n, "object"))?;
            let mut returns = vec![0.0; n * p];
            let mut enders = vec![0i64; n];
            for (k, f) in finals.iter().enumerate() {
                objects.set_item(f.env, block.get_item(k)?)?;
                returns[f.env * p..(f.env + 1) * p].copy_from_slice(&f.returns);
                enders[f.env] = f.player as i64;
            }
            (objects, array(py, returns, vec![n, p])?, array(py, enders, vec![n])?)
        } else {
            (none.clone(), none.clone(), none)
        };
        PyTuple::new(
            py,
            [
                obs,
                array(py, rewards, vec![n, p])?,
                array(py, terminated, vec![n])?,
                mask,
                players,
                final_obs,
                returns,
                enders,
            ],
        )
    }

    /// A uniformly random legal action in every environment (an int64 array), from the
    /// batch's own generator, seeded with it and again by `reset(seed)`.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = vec![0; self.batch.len()];
        py.detach(|| self.batch.random_actions(&mut out));
        PyArray1::from_vec(py, out)
    }

    /// The seed of the game each environment plays now (a uint64 array):
    /// `load_game(game, **params).new_initial_state(seed)` starts the same game.
    fn episode_seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, self.batch.episode_seeds())
    }

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch.num_players()
    }

    /// The number of action ids.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.batch.num_distinct_actions()
    }

    /// The shape of one observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.batch.observation_shape()
    }

    /// The observations' dtype: `"uint8"` or `"float32"`.
    #[getter]
    fn dtype(&self) -> &'static str {
        if self.floats { "float32" } else { "uint8" }
    }

    /// The largest number an observation holds (1 where every number is a flag).
    #[getter]
    fn observation_max(&self) -> u8 {
        self.batch.observation_max()
    }

    /// The game's registry name.
    #[getter]
    fn game(&self) -> &'static str {
        self.batch.game()
    }

    /// The parameters, every default filled in.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        parameters(py, &self.batch)
    }

    /// Pickles as its record (every game's seed and actions, the generator's state): the
    /// batch restored continues exactly.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let this = slf.borrow();
        let record = serde_json::to_string(&this.batch.record())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let restore = slf.get_type().getattr("_restore")?;
        Ok((restore, (record, this.dtype())))
    }

    /// The batch a pickled record describes (`__reduce__`).
    #[staticmethod]
    fn _restore(py: Python<'_>, record: &str, dtype: &str) -> PyResult<VecEnv> {
        let record: BatchRecord =
            serde_json::from_str(record).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let batch = py
            .detach(|| Batch::from_record(&record))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        VecEnv::wrap(py, batch, dtype == "float32")
    }
}

/// Registers `VecEnv` in the top-level native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_ENVS", MAX_ENVS)?;
    m.add_class::<VecEnv>()
}
