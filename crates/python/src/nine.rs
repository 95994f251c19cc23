//! `tabletop.nine`: deals, the exact solver, the deal search.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use tabletop_core::drive::NO_PROGRESS;
use tabletop_core::seeded_rng;
use tabletop_nine::{FirstMoverReport, Move, Player, Solver};
use tabletop_play::limits::{NINE_MAX_FIND_BUDGET, NINE_MAX_SOLVED_DEALS};
use tabletop_play::located::deal_error;

use crate::interrupt::{interrupted, interruptible};
use crate::{args, error};

/// A deal of Nine: Alice's 18 cards and Bob's 18 cards, the whole 36-card deck.
///
/// Cards are written rank then suit: ranks 6 7 8 9 T J Q K A, suits S C D H (`9D`, `TS`).
/// Make one with `Deal.parse(alice, bob)`, `Deal.random(seed)` or `find(importance)`.
#[pyclass(module = "tabletop.nine", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal(pub tabletop_nine::Deal);

#[pymethods]
impl Deal {
    /// The deal of these two hands, 18 space-separated cards each.
    ///
    /// Raises `tabletop.InputError` (a `ValueError`) when a card is malformed, repeated or
    /// missing; Alice's hand is line 1 and Bob's line 2 in the message.
    #[staticmethod]
    fn parse(alice: &str, bob: &str) -> PyResult<Deal> {
        tabletop_nine::Deal::from_hands(alice, bob)
            .map(Deal)
            .map_err(|e| error::located(deal_error(&e)))
    }

    /// A uniformly random deal drawn from `seed` (the same seed, the same deal).
    #[staticmethod]
    fn random(seed: args::Int) -> PyResult<Deal> {
        let seed = seed.seed("seed")?;
        Ok(Deal(tabletop_nine::random_deal(&mut seeded_rng(seed))))
    }

    /// Alice's cards, in the notation.
    #[getter]
    fn alice(&self) -> String {
        self.0.alice().to_string()
    }

    /// Bob's cards, in the notation.
    #[getter]
    fn bob(&self) -> String {
        self.0.bob().to_string()
    }

    /// The two hands, one line each (the judge's input format).
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Deal.parse({:?}, {:?})", self.alice(), self.bob())
    }

    /// Pickles as `Deal.parse(alice, bob)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        Ok((py.get_type::<Deal>().getattr("parse")?, (self.alice(), self.bob())))
    }
}

/// A deal's results for both first movers: `alice_first` and `bob_first` signed from Alice's
/// side (positive: Alice wins and Bob keeps that many cards), and the importance of moving
/// first, `abs(alice_first - bob_first)`.
#[pyclass(module = "tabletop.nine", frozen, get_all, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Value {
    /// The result when Alice moves first, signed from Alice's side.
    alice_first: i32,
    /// The result when Bob moves first, signed from Alice's side.
    bob_first: i32,
    /// The importance of moving first: `abs(alice_first - bob_first)`.
    importance: u32,
}

impl From<tabletop_nine::DealValue> for Value {
    fn from(v: tabletop_nine::DealValue) -> Value {
        Value { alice_first: v.alice_first, bob_first: v.bob_first, importance: v.importance() }
    }
}

#[pymethods]
impl Value {
    /// The value of a deal with these results (signed from Alice's side); the importance is
    /// `abs(alice_first - bob_first)`.
    #[new]
    fn new(alice_first: args::Int, bob_first: args::Int) -> PyResult<Value> {
        let alice_first = alice_first.get("alice_first", -MAX_RESULT, MAX_RESULT)? as i32;
        let bob_first = bob_first.get("bob_first", -MAX_RESULT, MAX_RESULT)? as i32;
        Ok(Value::from(tabletop_nine::DealValue { alice_first, bob_first }))
    }

    /// Pickles as `Value(alice_first, bob_first)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, (i32, i32)) {
        (py.get_type::<Value>(), (self.alice_first, self.bob_first))
    }

    fn __repr__(&self) -> String {
        format!(
            "Value(alice_first={}, bob_first={}, importance={})",
            self.alice_first, self.bob_first, self.importance
        )
    }
}

/// Optimal play of one deal with one first mover.
#[pyclass(module = "tabletop.nine", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Line {
    /// The deal, so that the line pickles as the solution's.
    deal: Deal,
    line: tabletop_nine::FirstMover,
}

#[pymethods]
impl Line {
    /// Who moves first: `"Alice"` or `"Bob"`.
    #[getter]
    fn first(&self) -> &'static str {
        self.line.first.name()
    }

    /// The result, signed from Alice's side.
    #[getter]
    fn result(&self) -> i32 {
        self.line.result
    }

    /// The winner: `"Alice"` or `"Bob"`.
    #[getter]
    fn winner(&self) -> &'static str {
        self.line.winner.name()
    }

    /// Every opening move with its value (signed from Alice's side), best first.
    #[getter]
    fn best_moves(&self) -> Vec<(String, i32)> {
        self.line.best_moves.iter().map(|m| (m.mv.to_string(), m.value)).collect()
    }

    /// The principal variation: the moves of one optimal game, `"pass"` for a pass.
    #[getter]
    fn principal_variation(&self) -> Vec<String> {
        self.line.principal_variation.iter().map(Move::to_string).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Line(first={:?}, result={:+}, winner={:?})",
            self.first(),
            self.line.result,
            self.winner()
        )
    }

    /// Pickles as `solve(deal).alice_line` (or `bob_line`): the solver is exact, so the
    /// line comes back equal.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Solution, &'static str))> {
        let getattr = py.import("builtins")?.getattr("getattr")?;
        let name = match self.line.first {
            Player::Alice => "alice_line",
            Player::Bob => "bob_line",
        };
        Ok((getattr, (Solution::of(py, self.deal), name)))
    }
}

/// The exact solution of a deal (`solve`): the first-mover report of `tabletop nine solve`.
#[pyclass(module = "tabletop.nine", frozen, eq)]
#[derive(PartialEq)]
pub struct Solution {
    deal: Deal,
    report: FirstMoverReport,
}

#[pymethods]
impl Solution {
    /// The deal.
    #[getter]
    fn deal(&self) -> Deal {
        self.deal
    }

    /// The result when Alice moves first, signed from Alice's side.
    #[getter]
    fn alice_first(&self) -> i32 {
        self.report.alice_first
    }

    /// The result when Bob moves first, signed from Alice's side.
    #[getter]
    fn bob_first(&self) -> i32 {
        self.report.bob_first
    }

    /// The importance of moving first: `abs(alice_first - bob_first)`.
    #[getter]
    fn importance(&self) -> u32 {
        self.report.importance
    }

    /// Optimal play when Alice moves first.
    #[getter]
    fn alice_line(&self) -> Line {
        Line { deal: self.deal, line: self.report.first_mover(Player::Alice).clone() }
    }

    /// Optimal play when Bob moves first.
    #[getter]
    fn bob_line(&self) -> Line {
        Line { deal: self.deal, line: self.report.first_mover(Player::Bob).clone() }
    }

    /// The best opening moves with their values when `first` (`"Alice"` or `"Bob"`) moves
    /// first, best first.
    #[pyo3(signature = (first = "Alice"))]
    fn best_moves(&self, first: &str) -> PyResult<Vec<(String, i32)>> {
        Ok(self.line(first)?.best_moves())
    }

    /// The principal variation when `first` (`"Alice"` or `"Bob"`) moves first.
    #[pyo3(signature = (first = "Alice"))]
    fn principal_variation(&self, first: &str) -> PyResult<Vec<String>> {
        Ok(self.line(first)?.principal_variation())
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(alice_first={:+}, bob_first={:+}, importance={})",
            self.report.alice_first, self.report.bob_first, self.report.importance
        )
    }

    /// Pickles as `solve(deal)`: the solver is exact (a millisecond or so a deal), so the
    /// solution comes back equal.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Deal,))> {
        Ok((py.import("tabletop.nine")?.getattr("solve")?, (self.deal,)))
    }
}

impl Solution {
    /// The solution of `deal`, the GIL released.
    fn of(py: Python<'_>, deal: Deal) -> Solution {
        let report = py.detach(|| FirstMoverReport::new(&mut Solver::new(), deal.0));
        Solution { deal, report }
    }

    fn line(&self, first: &str) -> PyResult<Line> {
        match first.to_ascii_lowercase().as_str() {
            "alice" => Ok(self.alice_line()),
            "bob" => Ok(self.bob_line()),
            _ => Err(PyValueError::new_err(format!(
                "unknown first mover {first:?}: expected \"Alice\" or \"Bob\""
            ))),
        }
    }
}

/// Solves `deal` exactly for both first movers: results, importance, best opening moves with
/// their values, principal variations. Releases the GIL.
#[pyfunction]
fn solve(py: Python<'_>, deal: Deal) -> Solution {
    Solution::of(py, deal)
}

/// Solves many deals in parallel on all cores, the GIL released: one `Value` per deal, in
/// order. Accepts any iterable of `Deal`.
#[pyfunction]
fn solve_many(py: Python<'_>, deals: &Bound<'_, PyAny>) -> PyResult<Vec<Value>> {
    // Any iterable (a generator too), not only a sequence.
    let deals = deals
        .try_iter()
        .map_err(|_| args::type_error("deals must be an iterable of Deal", deals))?
        .map(|d| d?.extract::<Deal>().map_err(PyErr::from))
        .collect::<PyResult<Vec<Deal>>>()?;
    let deals: Vec<tabletop_nine::Deal> = deals.into_iter().map(|d| d.0).collect();
    // Ctrl-C stops it: the deals not solved yet are skipped, and KeyboardInterrupt raised.
    let values =
        interruptible(py, |cancel| tabletop_nine::solve_many(&deals, cancel, NO_PROGRESS))?
            .map_err(|_| interrupted())?;
    Ok(values.into_iter().map(Value::from).collect())
}

/// The values of `count` random deals, deal `i` drawn as `Deal.random(sub_seed(seed, i))`
/// (the deals of `tabletop nine stats --seed SEED`), solved in parallel with the GIL released.
#[pyfunction]
#[pyo3(signature = (count, seed = args::Int::of(1)), text_signature = "(count, seed=1)")]
fn solve_random(py: Python<'_>, count: args::Int, seed: args::Int) -> PyResult<Vec<Value>> {
    let count = count.get("count (the deals per call)", 0, NINE_MAX_SOLVED_DEALS.into())? as u64;
    let seed = seed.seed("seed")?;
    // Ctrl-C stops it: the deals not solved yet are skipped, and KeyboardInterrupt raised.
    let values =
        interruptible(py, |cancel| tabletop_nine::solve_random(count, seed, cancel, NO_PROGRESS))?
            .map_err(|_| interrupted())?;
    Ok(values.into_iter().map(Value::from).collect())
}

/// The importance of the first move of `deal`: `abs(alice_first - bob_first)`.
#[pyfunction]
fn importance(py: Python<'_>, deal: Deal) -> u32 {
    py.detach(|| tabletop_nine::importance(deal.0))
}

/// A deal whose first move has importance `importance`, found by a seeded search that solves
/// at most `budget` deals (the deal of `tabletop nine find`).
///
/// Raises `ValueError` when no deal has that importance (the achievable ones are 0 to 24, 26
/// and 30) or when the budget runs out. Releases the GIL; Ctrl-C stops the search.
#[pyfunction]
#[pyo3(
    signature = (importance, seed = args::Int::of(1), budget = args::Int::of(1_000_000)),
    text_signature = "(importance, seed=1, budget=1000000)"
)]
fn find(
    py: Python<'_>,
    importance: args::Int,
    seed: args::Int,
    budget: args::Int,
) -> PyResult<Deal> {
    let budget = budget.get("budget (solved deals)", 1, NINE_MAX_FIND_BUDGET.into())? as u64;
    let importance = importance.get("importance", 0, MAX_IMPORTANCE)? as u32;
    let seed = seed.seed("seed")?;
    match interruptible(py, |_| tabletop_nine::find_deal(importance, seed, budget))? {
        Ok(deal) => Ok(Deal(deal)),
        Err(tabletop_nine::FindError::Cancelled) => Err(interrupted()),
        Err(e) => Err(error::value_error(&e)),
    }
}

/// The largest result of a deal: the cards the loser keeps, at most a whole hand.
const MAX_RESULT: i128 = 18;

/// The largest importance of any deal (the achievable ones are 0 to 24, 26 and 30).
const MAX_IMPORTANCE: i128 = 30;

/// Registers `tabletop.nine`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "Nine (Девятка): deals, the exact solver, the search for deals by importance.",
    )?;
    m.add_class::<Deal>()?;
    m.add_class::<Value>()?;
    m.add_class::<Line>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve_random, m)?)?;
    m.add_function(wrap_pyfunction!(importance, m)?)?;
    m.add_function(wrap_pyfunction!(find, m)?)?;
    Ok(())
}
