//! `tabletop.mahjong`: the THUPC 2021 Mahjong simulator and the distance to winning.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use rayon::prelude::*;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_mahjong::{
    Hand, Outcome, Player, Table, Wall, discard_options, distance as hand_distance, improving_draws,
};

use crate::error;

/// The most games one `stats` call plays.
const MAX_GAMES: u64 = 100_000_000;

/// Simulates the game of one wall and returns its log, one string per event (exactly the
/// lines of `tabletop judge p7147`, without their line ends); with `lines=False`, the log as
/// one text, exactly what `tabletop judge p7147` prints.
///
/// `wall` is the 148 tiles, front of the wall first, separated by any whitespace. Raises
/// `tabletop.InputError` for a malformed wall, with the line where known.
#[pyfunction]
#[pyo3(signature = (wall, lines = true))]
fn simulate<'py>(py: Python<'py>, wall: &str, lines: bool) -> PyResult<Bound<'py, PyAny>> {
    let wall = Wall::parse(wall)
        .map_err(|e| error::input_error(error::chain(&e), error::wall_line(&e), None))?;
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
    walls: Vec<String>,
    lines: bool,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    // Parse and play without the GIL; each game's log comes back as one text, split into
    // lines by Python's `str.splitlines` (far cheaper than one Rust string per line).
    let logs = py.detach(|| -> Result<Vec<String>, (usize, tabletop_mahjong::WallError)> {
        let parsed: Vec<Result<Wall, _>> = walls.par_iter().map(|w| Wall::parse(w)).collect();
        // The first malformed wall, whatever the thread that read it.
        let walls: Vec<Wall> = parsed
            .into_iter()
            .enumerate()
            .map(|(i, w)| w.map_err(|e| (i, e)))
            .collect::<Result<_, _>>()?;
        tabletop_mahjong::warm_up();
        Ok(walls
            .par_iter()
            .map(|w| tabletop_mahjong::log_text(&tabletop_mahjong::simulate(w).events))
            .collect())
    });
    let logs = logs.map_err(|(i, e)| {
        error::input_error(format!("wall {i}: {}", error::chain(&e)), error::wall_line(&e), None)
    })?;
    logs.iter().map(|text| log_object(py, text, lines)).collect()
}

/// Running totals of a batch (the numbers of `tabletop mahjong simulate --summary`).
#[derive(Clone, Copy, Default)]
struct Totals {
    games: u64,
    wins: [u64; 4],
    ron: u64,
    selfdrawn: u64,
    draw: u64,
    discards: u64,
    pongs: u64,
    chows: u64,
    draws: u64,
}

impl Totals {
    fn add(mut self, outcome: Outcome, stats: tabletop_mahjong::GameStats) -> Totals {
        self.games += 1;
        match outcome {
            Outcome::Ron(p) => {
                self.ron += 1;
                self.wins[p.index()] += 1;
            }
            Outcome::SelfDrawn(p) => {
                self.selfdrawn += 1;
                self.wins[p.index()] += 1;
            }
            Outcome::Draw => self.draw += 1,
        }
        self.discards += u64::from(stats.discards);
        self.pongs += u64::from(stats.pongs);
        self.chows += u64::from(stats.chows);
        self.draws += u64::from(stats.draws);
        self
    }

    fn merge(mut self, o: Totals) -> Totals {
        self.games += o.games;
        for (a, b) in self.wins.iter_mut().zip(o.wins) {
            *a += b;
        }
        self.ron += o.ron;
        self.selfdrawn += o.selfdrawn;
        self.draw += o.draw;
        self.discards += o.discards;
        self.pongs += o.pongs;
        self.chows += o.chows;
        self.draws += o.draws;
        self
    }
}

/// Plays `games` random walls (game `i` on the wall drawn from `sub_seed(seed, i)`, the games
/// of `tabletop mahjong simulate --seed SEED --games N`) in parallel with the GIL released, and
/// returns the summary: a dict with `games`, `wins` (per seat `"A"`..`"D"`), `ron`,
/// `selfdrawn`, `draw`, `mean_turns` (discards per game), `mean_claims`, `mean_pongs`,
/// `mean_chows`, `mean_draws` (tiles drawn after the deal per game). The same numbers as the
/// command line's `--summary --json`.
#[pyfunction]
#[pyo3(signature = (games, seed = 0))]
fn stats<'py>(py: Python<'py>, games: u64, seed: u64) -> PyResult<Bound<'py, PyDict>> {
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(PyValueError::new_err(format!(
            "games = {games} is out of range: expected 1 to {MAX_GAMES}"
        )));
    }
    let t = py.detach(|| {
        tabletop_mahjong::warm_up();
        (0..games)
            .into_par_iter()
            .fold(Totals::default, |t, i| {
                let mut table = Table::new(&Wall::random(&mut seeded_rng(sub_seed(seed, i))));
                table.play_out();
                match table.outcome() {
                    Some(outcome) => t.add(outcome, table.stats()),
                    None => t,
                }
            })
            .reduce(Totals::default, Totals::merge)
    });
    let d = PyDict::new(py);
    let n = t.games.max(1) as f64;
    d.set_item("games", t.games)?;
    let wins = PyDict::new(py);
    for p in Player::ALL {
        wins.set_item(p.to_string(), t.wins[p.index()])?;
    }
    d.set_item("wins", wins)?;
    d.set_item("ron", t.ron)?;
    d.set_item("selfdrawn", t.selfdrawn)?;
    d.set_item("draw", t.draw)?;
    d.set_item("mean_turns", t.discards as f64 / n)?;
    d.set_item("mean_claims", (t.pongs + t.chows) as f64 / n)?;
    d.set_item("mean_pongs", t.pongs as f64 / n)?;
    d.set_item("mean_chows", t.chows as f64 / n)?;
    d.set_item("mean_draws", t.draws as f64 / n)?;
    Ok(d)
}

/// The wall drawn from `seed` (the wall of game `i` of `stats(games, seed)` is
/// `random_wall(sub_seed(seed, i))`), 148 tiles separated by spaces.
#[pyfunction]
fn random_wall(seed: u64) -> String {
    Wall::random(&mut seeded_rng(seed)).to_string()
}

/// The distance to winning of a hand (`distance`).
#[pyclass(module = "tabletop.mahjong", frozen, get_all)]
pub struct Distance {
    /// The hand, lowest kind first.
    hand: String,
    /// The melds already laid down.
    melds: usize,
    /// The fewest tile exchanges to a winning hand.
    distance: u8,
    /// Whether the hand is a winning hand (full, no special tile, distance 0).
    winning: bool,
    /// For a full hand (`14 - 3 * melds` tiles): every kind held, highest priority first, with
    /// the distance after discarding it; else None.
    discards: Option<Vec<(String, u8)>>,
    /// For a full hand that is not winning: the simulator's discard (the smallest distance
    /// after, ties to the highest priority); else None.
    rule_discard: Option<String>,
    /// For a hand one tile short (`13 - 3 * melds` tiles): the kinds whose draw lowers the
    /// distance, lowest first; else None.
    useful: Option<Vec<String>>,
}

#[pymethods]
impl Distance {
    fn __repr__(&self) -> String {
        format!("Distance(hand={:?}, melds={}, distance={})", self.hand, self.melds, self.distance)
    }
}

/// The distance to winning of `tiles` (a string of whitespace-separated tiles, or a list of
/// tile names such as `"1M"`, `"E"`, `"PASS"`) with `melds` melds (0 to 4) already laid down,
/// with the discards (full hand) or the useful draws (one tile short).
///
/// Raises `tabletop.InputError` for an unknown tile or a fifth copy, `ValueError` for an empty
/// or over-full hand or a bad meld count.
#[pyfunction]
#[pyo3(signature = (tiles, melds = 0))]
fn distance(tiles: &Bound<'_, PyAny>, melds: usize) -> PyResult<Distance> {
    let text: String = match tiles.extract::<String>() {
        Ok(s) => s,
        Err(_) => tiles.extract::<Vec<String>>()?.join(" "),
    };
    if melds > 4 {
        return Err(PyValueError::new_err(format!(
            "melds = {melds} is out of range: expected 0 to 4"
        )));
    }
    let hand: Hand = text.parse().map_err(|e| error::unlocated(&e))?;
    if hand.is_empty() {
        return Err(PyValueError::new_err("the hand is empty: give at least one tile"));
    }
    let full = 14 - 3 * melds;
    if hand.len() > full {
        return Err(PyValueError::new_err(format!(
            "a player with {melds} meld(s) holds at most {full} tiles, this hand has {}",
            hand.len()
        )));
    }
    let d = hand_distance(&hand, melds);
    let winning = tabletop_mahjong::is_winning(&hand, melds);
    let mut out = Distance {
        hand: hand.to_string(),
        melds,
        distance: d,
        winning,
        discards: None,
        rule_discard: None,
        useful: None,
    };
    if hand.len() == full {
        let options = discard_options(&hand, melds);
        let best = options.iter().min_by_key(|(_, dk)| *dk).map(|(k, _)| k.to_string());
        out.rule_discard = if winning { None } else { best };
        out.discards = Some(options.iter().map(|(k, dk)| (k.to_string(), *dk)).collect());
    } else if hand.len() + 1 == full {
        out.useful = Some(improving_draws(&hand, melds).iter().map(|k| k.to_string()).collect());
    }
    Ok(out)
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
