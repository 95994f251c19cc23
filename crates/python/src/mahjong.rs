//! `tabletop.mahjong`: the THUPC 2021 Mahjong simulator and the distance to winning.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use tabletop_core::drive::NO_PROGRESS;
use tabletop_core::seeded_rng;
use tabletop_mahjong::{DistanceReport, Hand, SimulateManyError, Wall};
use tabletop_play::JudgeError;
use tabletop_play::located::wall_error;

use crate::interrupt;
use crate::{args, error};

/// The most games one `stats` call plays.
pub(crate) const MAX_GAMES: u64 = tabletop_play::limits::MAHJONG_MAX_GAMES;

/// Simulates the game of one wall and returns its log, one string per event (exactly the
/// lines of `tabletop judge p7147`, without their line ends); with `lines=False`, the log as
/// one text, exactly what `tabletop judge p7147` prints.
///
/// `wall` is the 148 tiles, front of the wall first, separated by any whitespace. Raises
/// `tabletop.InputError` for a malformed wall, with the line where known.
#[pyfunction]
#[pyo3(signature = (wall, lines = true))]
fn simulate<'py>(py: Python<'py>, wall: &str, lines: bool) -> PyResult<Bound<'py, PyAny>> {
    let wall = Wall::parse(wall).map_err(|e| error::located(wall_error(&e)))?;
    let text = py.detach(|| tabletop_mahjong::log_text(&tabletop_mahjong::simulate(&wall).events));
    log_object(py, &text, lines)
}

/// A log as a Python list of lines, or as one text.
fn log_object<'py>(py: Python<'py>, text: &str, lines: bool) -> PyResult<Bound<'py, PyAny>> {
    let text = PyString::new(py, text);
    if lines { text.call_method0("splitlines") } else { Ok(text.into_any()) }
}

/// Simulates many walls in parallel on all cores with the GIL released: one log per wall, in
/// order, as `simulate` gives it (a list of lines, or with `lines=False` one text: much
/// cheaper for many games, since every line is a Python object). Every wall is checked before
/// any game runs; the error of a malformed one names its index.
#[pyfunction]
#[pyo3(signature = (walls, lines = true))]
fn simulate_many<'py>(
    py: Python<'py>,
    walls: args::Strings,
    lines: bool,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    // Parse and play without the GIL; each game's log comes back as one text, split into
    // lines by Python's `str.splitlines` (far cheaper than one Rust string per line). Ctrl-C
    // stops the games and raises KeyboardInterrupt.
    let logs = interrupt::interruptible(py, |cancel| {
        tabletop_mahjong::simulate_many(walls.0.as_slice(), cancel, NO_PROGRESS)
    })?;
    let logs = logs.map_err(|e| match e {
        SimulateManyError::Wall { index, source } => {
            let e = wall_error(&source);
            error::located(JudgeError { message: format!("wall {index}: {}", e.message), ..e })
        }
        SimulateManyError::Cancelled(_) => interrupt::interrupted(),
    })?;
    logs.iter().map(|text| log_object(py, text, lines)).collect()
}

/// Plays `games` random walls (game `i` on the wall drawn from `sub_seed(seed, i)`, the games
/// of `tabletop mahjong simulate --seed SEED --games N`) in parallel with the GIL released, and
/// returns the summary: a dict with `games`, `wins` (per seat `"A"`..`"D"`), `ron`,
/// `selfdrawn`, `draw`, `mean_turns` (discards per game), `mean_claims`, `mean_pongs`,
/// `mean_chows`, `mean_draws` (tiles drawn after the deal per game). The command line's
/// `--summary --json`, read by `json.loads`.
#[pyfunction]
#[pyo3(signature = (games, seed = args::Int::of(0)), text_signature = "(games, seed=0)")]
fn stats<'py>(py: Python<'py>, games: args::Int, seed: args::Int) -> PyResult<Bound<'py, PyAny>> {
    let games = games.get("games", 1, i128::from(MAX_GAMES))? as u64;
    let seed = seed.seed("seed")?;
    // Ctrl-C: the games not played yet are skipped and KeyboardInterrupt raised.
    let summary = interrupt::interruptible(py, |cancel| {
        tabletop_mahjong::summarise_seeded(games, seed, cancel, NO_PROGRESS)
    })?
    .map_err(|_| interrupt::interrupted())?;
    let json = serde_json::to_string(&summary)
        .map_err(|e| PyValueError::new_err(format!("cannot serialise the summary: {e}")))?;
    py.import("json")?.call_method1("loads", (json,))
}

/// The wall drawn from `seed` (the wall of game `i` of `stats(games, seed)` is
/// `random_wall(sub_seed(seed, i))`), 148 tiles separated by spaces.
#[pyfunction]
fn random_wall(seed: args::Int) -> PyResult<String> {
    let seed = seed.seed("seed")?;
    Ok(Wall::random(&mut seeded_rng(seed)).to_string())
}

/// The distance to winning of a hand (`distance`).
#[pyclass(module = "tabletop.mahjong", frozen, eq)]
#[derive(PartialEq)]
pub struct Distance(DistanceReport);

#[pymethods]
impl Distance {
    /// The hand, lowest kind first.
    #[getter]
    fn hand(&self) -> String {
        self.0.hand.to_string()
    }

    /// The melds already laid down.
    #[getter]
    fn melds(&self) -> usize {
        self.0.melds
    }

    /// The fewest tile exchanges to a winning hand.
    #[getter]
    fn distance(&self) -> u8 {
        self.0.distance
    }

    /// Whether the hand is a winning hand (full, no special tile, distance 0).
    #[getter]
    fn winning(&self) -> bool {
        self.0.winning
    }

    /// For a full hand (`14 - 3 * melds` tiles): every kind held, highest priority first, with
    /// the distance after discarding it; else None.
    #[getter]
    fn discards(&self) -> Option<Vec<(String, u8)>> {
        let discards = self.0.discards.as_ref()?;
        Some(discards.iter().map(|d| (d.tile.to_string(), d.distance)).collect())
    }

    /// For a full hand that is not winning: the simulator's discard (the smallest distance
    /// after, ties to the highest priority); else None.
    #[getter]
    fn rule_discard(&self) -> Option<String> {
        self.0.rule_discard.map(|k| k.to_string())
    }

    /// For a hand one tile short (`13 - 3 * melds` tiles): the kinds whose draw lowers the
    /// distance, lowest first; else None.
    #[getter]
    fn useful(&self) -> Option<Vec<String>> {
        Some(self.0.improving_draws.as_ref()?.iter().map(ToString::to_string).collect())
    }

    fn __repr__(&self) -> String {
        format!(
            "Distance(hand={:?}, melds={}, distance={})",
            self.hand(),
            self.0.melds,
            self.0.distance
        )
    }

    /// Pickles as `distance(hand, melds)`, which is exact: it comes back equal.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, usize))> {
        Ok((py.import("tabletop.mahjong")?.getattr("distance")?, (self.hand(), self.0.melds)))
    }
}

/// The distance to winning of `tiles` (a string of whitespace-separated tiles, or a list of
/// tile names such as `"1M"`, `"E"`, `"PASS"`) with `melds` melds (0 to 4) already laid down,
/// with the discards (full hand) or the useful draws (one tile short).
///
/// Raises `tabletop.InputError` for an unknown tile or a fifth copy, `ValueError` for an empty
/// or over-full hand or a bad meld count.
#[pyfunction]
#[pyo3(signature = (tiles, melds = args::Int::of(0)), text_signature = "(tiles, melds=0)")]
fn distance(tiles: &Bound<'_, PyAny>, melds: args::Int) -> PyResult<Distance> {
    let melds = melds.get("melds", 0, tabletop_mahjong::MAX_MELDS as i128)? as usize;
    let text: String = match tiles.extract::<String>() {
        Ok(s) => s,
        Err(_) => tiles
            .extract::<args::Strings>()
            .map_err(|_| args::type_error("tiles must be a str or a list of str", tiles))?
            .0
            .join(" "),
    };
    let hand: Hand = text.parse().map_err(|e| error::unlocated(&e))?;
    DistanceReport::new(&hand, melds)
        .map(Distance)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Registers `tabletop.mahjong`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "Mahjong (THUPC 2021 variant, Luogu P7147): the simulator, batches with statistics, \
         the distance to winning.",
    )?;
    m.add_class::<Distance>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_many, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(random_wall, m)?)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    Ok(())
}
