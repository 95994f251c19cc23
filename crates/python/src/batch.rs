//! `tabletop.batch`'s native half: one part of a big batch job (a Take 6! arena, a Mahjong
//! batch), played here and returned as JSON text, and the merge of a job's parts into its
//! report (the library's `ArenaReport::merge` and `StatsPart::merge`). The parts run wherever
//! the Python driver sends them (processes, the tasks of a Ray cluster); merged, they give the
//! report of the whole job run at once.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_core::cancel::Cancel;
use tabletop_core::drive::NO_PROGRESS;
use tabletop_mahjong::StatsPart;
use tabletop_take6::{ArenaConfig, ArenaPart, ArenaReport, BotKind, Entrant};

use crate::args::{Int, Strings};
use crate::{error, interrupt, mahjong, take6};

/// Runs a part with the GIL released (Ctrl-C stops it: `work` reads the flag) and returns
/// it as JSON text.
fn part_text<T: serde::Serialize + Send, E: std::error::Error + Send>(
    py: Python<'_>,
    work: impl FnOnce(&Cancel) -> Result<T, E> + Send,
) -> PyResult<String> {
    let part = interrupt::interruptible(py, work)?.map_err(|e| error::value_error(&e))?;
    Ok(serde_json::to_string(&part).expect("a part serialises to JSON"))
}

/// Reads the parts of a job, each a part's JSON text, and merges them into the job's report,
/// as a Python value.
fn merged<'py, P, R, E>(
    py: Python<'py>,
    parts: &[String],
    what: &str,
    merge: impl FnOnce(&[P]) -> Result<R, E>,
) -> PyResult<Bound<'py, PyAny>>
where
    P: serde::de::DeserializeOwned,
    R: serde::Serialize,
    E: std::error::Error,
{
    let parts = parts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            serde_json::from_str(text).map_err(|_| {
                PyValueError::new_err(format!(
                    "part {i} is not {what} (the text a part function returns)"
                ))
            })
        })
        .collect::<PyResult<Vec<P>>>()?;
    let report = merge(&parts).map_err(|e| error::value_error(&e))?;
    let value = serde_json::to_value(&report).expect("a report serialises to JSON");
    crate::env::from_json(py, &value)
}

/// The set-up of `take6.arena(players, bots, deals, seed, ...)` with built-in bots (names),
/// checked.
#[allow(clippy::too_many_arguments)]
fn arena_config(
    players: &Int,
    bots: Option<Strings>,
    deals: &Int,
    seed: &Int,
    row_rule: &str,
    cards: &Int,
    rows: &Int,
    matches: bool,
    target: Option<&Int>,
) -> PyResult<ArenaConfig> {
    if target.is_some() && !matches {
        return Err(PyValueError::new_err("target is only used with matches=True"));
    }
    let rules = take6::rules(players, cards, rows, row_rule, target)?;
    let (deals, seed) = (deals.seed("deals")?, seed.seed("seed")?);
    let bots = match bots {
        None => vec![Entrant::Builtin(BotKind::Random)],
        Some(names) => names
            .0
            .iter()
            .map(|n| take6::bot_kind(n).map(Entrant::Builtin))
            .collect::<PyResult<_>>()?,
    };
    let config = ArenaConfig { rules, bots, deals, seed, matches };
    config.arena().map_err(|e| error::value_error(&e))?;
    Ok(config)
}

/// Checks the set-up of an arena as `take6_arena_part` takes it, without playing: raises
/// ValueError as `take6.arena` would.
#[pyfunction]
#[pyo3(signature = (
    players = Int::of(4), bots = None, deals = Int::of(1000), seed = Int::of(0),
    row_rule = "choose", cards = Int::of(10), rows = Int::of(4), matches = false, target = None
))]
#[allow(clippy::too_many_arguments)]
fn take6_arena_check(
    players: Int,
    bots: Option<Strings>,
    deals: Int,
    seed: Int,
    row_rule: &str,
    cards: Int,
    rows: Int,
    matches: bool,
    target: Option<Int>,
) -> PyResult<()> {
    let target = target.as_ref();
    arena_config(&players, bots, &deals, &seed, row_rule, &cards, &rows, matches, target).map(drop)
}

/// Deals `first` to `stop - 1` of the arena `take6.arena(players, bots, deals, seed, ...)`
/// would play, played on all cores with the GIL released (Ctrl-C stops them), as the part's
/// JSON text for `take6_arena_merge`. The bots are built-in bots' names only: a part may
/// run in another process.
#[pyfunction]
#[pyo3(signature = (
    first, stop, players = Int::of(4), bots = None, deals = Int::of(1000), seed = Int::of(0),
    row_rule = "choose", cards = Int::of(10), rows = Int::of(4), matches = false, target = None
))]
#[allow(clippy::too_many_arguments)]
fn take6_arena_part(
    py: Python<'_>,
    first: Int,
    stop: Int,
    players: Int,
    bots: Option<Strings>,
    deals: Int,
    seed: Int,
    row_rule: &str,
    cards: Int,
    rows: Int,
    matches: bool,
    target: Option<Int>,
) -> PyResult<String> {
    let (first, stop) = (first.seed("first")?, stop.seed("stop")?);
    let target = target.as_ref();
    let config =
        arena_config(&players, bots, &deals, &seed, row_rule, &cards, &rows, matches, target)?;
    part_text(py, |cancel| config.run_part(first..stop, || !cancel.is_cancelled()))
}

/// The report of an arena from the JSON texts of its parts (`take6_arena_part`, in any
/// order): the dict `take6.arena` returns for the whole arena. Raises ValueError unless the
/// parts are of one arena and hold each of its deals once.
#[pyfunction]
fn take6_arena_merge<'py>(py: Python<'py>, parts: Strings) -> PyResult<Bound<'py, PyAny>> {
    merged(py, &parts.0, "a Take 6! arena part", |p: &[ArenaPart]| ArenaReport::merge(p))
}

/// Checks `games` and `seed` as `mahjong.stats(games, seed)` does.
#[pyfunction]
#[pyo3(signature = (games, seed = Int::of(0)), text_signature = "(games, seed=0)")]
fn mahjong_stats_check(games: Int, seed: Int) -> PyResult<()> {
    games_in_range(&games)?;
    seed.seed("seed").map(drop)
}

/// `games` as `mahjong.stats` takes it.
fn games_in_range(games: &Int) -> PyResult<u64> {
    Ok(games.get("games", 1, i128::from(mahjong::MAX_GAMES))? as u64)
}

/// Games `first` to `stop - 1` of the batch `mahjong.stats(games, seed)` would play, played
/// on all cores with the GIL released (Ctrl-C stops them), as the part's JSON text for
/// `mahjong_stats_merge`.
#[pyfunction]
fn mahjong_stats_part(
    py: Python<'_>,
    first: Int,
    stop: Int,
    games: Int,
    seed: Int,
) -> PyResult<String> {
    let games = games_in_range(&games)?;
    let (first, stop, seed) = (first.seed("first")?, stop.seed("stop")?, seed.seed("seed")?);
    part_text(py, |cancel| StatsPart::run(games, seed, first..stop, cancel, NO_PROGRESS))
}

/// The summary of a batch from the JSON texts of its parts (`mahjong_stats_part`, in any
/// order): the dict `mahjong.stats` returns for the whole batch. Raises ValueError unless the
/// parts are of one batch and hold each of its games once.
#[pyfunction]
fn mahjong_stats_merge<'py>(py: Python<'py>, parts: Strings) -> PyResult<Bound<'py, PyAny>> {
    merged(py, &parts.0, "a Mahjong batch part", |p: &[StatsPart]| StatsPart::merge(p))
}

/// Cuts items `0..total` into at most `parts` consecutive ranges `(first, stop)` of sizes
/// differing by at most one, in order (fewer when there are fewer items).
#[pyfunction]
fn split(total: Int, parts: Int) -> PyResult<Vec<(u64, u64)>> {
    let (total, parts) = (total.seed("total")?, parts.seed("parts")?);
    let ranges = tabletop_core::parts::split(total, parts).map_err(|e| error::value_error(&e))?;
    Ok(ranges.into_iter().map(|r| (r.start, r.end)).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(take6_arena_check, m)?)?;
    m.add_function(wrap_pyfunction!(mahjong_stats_check, m)?)?;
    m.add_function(wrap_pyfunction!(take6_arena_part, m)?)?;
    m.add_function(wrap_pyfunction!(take6_arena_merge, m)?)?;
    m.add_function(wrap_pyfunction!(mahjong_stats_part, m)?)?;
    m.add_function(wrap_pyfunction!(mahjong_stats_merge, m)?)?;
    Ok(())
}
