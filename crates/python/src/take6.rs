//! `tabletop.take6`: the scripted judge simulation, the seeded arena, and Python bots.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_take6::{
    AnyBot, Arena, Bot, BotKind, Card, CardSet, Hand, RowRule, Rules, Tally, View,
};

use crate::error;

/// The most deals of one `arena` call (as the command line).
const MAX_DEALS: u64 = 10_000_000;

fn cards(set: CardSet) -> Vec<u8> {
    set.iter().map(Card::value).collect()
}

/// The result of a scripted game (`simulate`).
#[pyclass(module = "tabletop.take6", frozen, get_all)]
pub struct Outcome {
    /// The heads each player took, in player order (the judge's output).
    penalties: Vec<u32>,
    /// The cards each player took, in player order.
    taken: Vec<Vec<u8>>,
    /// The rows at the end, each from its first card to its last.
    rows: Vec<Vec<u8>>,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!("Outcome(penalties={:?})", self.penalties)
    }
}

/// Plays the judge's scripted game (NTHU 14463): `text` is the judge input (N M P, the P row
/// starts, then each player's M cards in play order). `penalties` is what
/// `tabletop judge nthu14463` prints, one number per player.
///
/// Raises `tabletop.InputError` for malformed input, with the line.
#[pyfunction]
fn simulate(text: &str) -> PyResult<Outcome> {
    let script = tabletop_take6::parse_nthu14463(text).map_err(|e| error::script_error(&e))?;
    let o = tabletop_take6::simulate(&script);
    Ok(Outcome {
        penalties: o.penalties,
        taken: o.taken.into_iter().map(cards).collect(),
        rows: o.table.rows().iter().map(|r| cards(r.cards())).collect(),
    })
}

/// The rules of the arguments shared by `arena` and `play_hand`, checked.
fn rules(
    players: usize,
    cards: u8,
    rows: u8,
    row_rule: &str,
    target: Option<u16>,
) -> PyResult<Rules> {
    let row_rule: RowRule = row_rule.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown row rule {row_rule:?}: expected \"choose\" or \"forced\""
        ))
    })?;
    let deck = usize::from(tabletop_take6::DECK_SIZE);
    Rules::new(row_rule, players, rows.into(), cards.into(), deck, target.unwrap_or(66))
        .map_err(|e| error::value_error(&e))
}

fn bot_kind(name: &str) -> PyResult<BotKind> {
    name.trim().parse::<BotKind>().map_err(|e| error::value_error(&e))
}

/// Plays a seeded arena, as `tabletop take6 arena --json`: the lineup `bots` (names:
/// `random`, `lowest`, `highest`, `heuristic`, `mc`, `mc:N`, `mc:Nms`; a shorter list is
/// repeated to fill the seats), `deals` deals each played once per seat rotation, on all cores
/// with the GIL released.
///
/// Returns a dict: `rules` (text), `deals`, `games`, `matches`, `bots` (per distinct bot:
/// `bot`, `seats`, `mean_penalty`, `penalty_ci95`, `win_rate`, `win_ci95`) and `comparisons`
/// (every ordered pair: `a`, `b`, `difference`, `ci95`, `z`, `p_value`; None where undefined).
#[pyfunction]
#[pyo3(signature = (
    players = 4, bots = vec!["random".to_owned()], deals = 1000, seed = 0,
    row_rule = "choose", cards = 10, rows = 4, matches = false, target = None
))]
#[allow(clippy::too_many_arguments)]
fn arena<'py>(
    py: Python<'py>,
    players: usize,
    bots: Vec<String>,
    deals: u64,
    seed: u64,
    row_rule: &str,
    cards: u8,
    rows: u8,
    matches: bool,
    target: Option<u16>,
) -> PyResult<Bound<'py, PyDict>> {
    if target.is_some() && !matches {
        return Err(PyValueError::new_err("target is only used with matches=True"));
    }
    if !(1..=MAX_DEALS).contains(&deals) {
        return Err(PyValueError::new_err(format!(
            "deals = {deals} is out of range: expected 1 to {MAX_DEALS}"
        )));
    }
    let rules = rules(players, cards, rows, row_rule, target)?;
    let kinds = bots.iter().map(|b| bot_kind(b)).collect::<PyResult<Vec<_>>>()?;
    let n = rules.num_players();
    if kinds.is_empty() || kinds.len() > n {
        return Err(PyValueError::new_err(format!(
            "{} bots for {n} players: expected 1 to {n}",
            kinds.len()
        )));
    }
    let lineup: Vec<BotKind> = (0..n).map(|i| kinds[i % kinds.len()]).collect();
    let arena = Arena::new(rules, lineup).map_err(|e| error::value_error(&e))?;
    let arena =
        if matches { arena.with_matches().map_err(|e| error::value_error(&e))? } else { arena };
    let summary = py.detach(|| {
        (0..deals)
            .into_par_iter()
            .fold(
                || arena.tally(),
                |mut tally, i| {
                    tally.add(&arena.play_deal(sub_seed(seed, i)));
                    tally
                },
            )
            .reduce(|| arena.tally(), Tally::merge)
            .summary()
    });
    let d = PyDict::new(py);
    let r = arena.rules();
    let rules_text =
        if matches { format!("{r}, match to {} heads", r.target()) } else { r.to_string() };
    d.set_item("rules", rules_text)?;
    d.set_item("deals", summary.deals)?;
    d.set_item("games", summary.games)?;
    d.set_item("matches", summary.matches)?;
    let list = PyList::empty(py);
    for b in &summary.bots {
        let e = PyDict::new(py);
        e.set_item("bot", b.bot.to_string())?;
        e.set_item("seats", b.seats)?;
        e.set_item("mean_penalty", b.mean_penalty)?;
        e.set_item("penalty_ci95", b.penalty_ci95)?;
        e.set_item("win_rate", b.win_rate)?;
        e.set_item("win_ci95", b.win_ci95)?;
        list.append(e)?;
    }
    d.set_item("bots", list)?;
    let comparisons = PyList::empty(py);
    for a in 0..summary.bots.len() {
        for b in 0..summary.bots.len() {
            if a == b {
                continue;
            }
            let c = summary.compare(a, b);
            let e = PyDict::new(py);
            e.set_item("a", summary.bots[a].bot.to_string())?;
            e.set_item("b", summary.bots[b].bot.to_string())?;
            e.set_item("difference", c.difference)?;
            e.set_item("ci95", c.ci95)?;
            e.set_item("z", c.z)?;
            e.set_item("p_value", c.p_value)?;
            comparisons.append(e)?;
        }
    }
    d.set_item("comparisons", comparisons)?;
    Ok(d)
}

/// A bot written in Python: a callable `f(view) -> card`, or an object with
/// `choose_card(view) -> card` and optionally `choose_row(view, card) -> row`.
struct PyBot<'py> {
    obj: Bound<'py, PyAny>,
    /// The first error (an exception of the bot, or an illegal answer): the hand is finished
    /// with the lowest card and the default row, then the error is raised.
    error: Option<PyErr>,
}

/// The view of a seat as a dict: `seat`, `players`, `round`, `hand`, `rows`, `revealed` (the
/// cards revealed this round not yet placed, None for the others), `taken` (heads per
/// player), `unseen` (cards neither in this hand nor public).
fn view_dict<'py>(py: Python<'py>, view: &View<'_>) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", view.seat)?;
    d.set_item("players", view.num_players())?;
    d.set_item("round", view.round)?;
    d.set_item("hand", cards(view.hand))?;
    let rows: Vec<Vec<u8>> = view.table.rows().iter().map(|r| cards(r.cards())).collect();
    d.set_item("rows", rows)?;
    let revealed: Vec<Option<u8>> = view.revealed.iter().map(|c| c.map(Card::value)).collect();
    d.set_item("revealed", revealed)?;
    let taken: Vec<u32> = view.taken.iter().map(|s| s.heads()).collect();
    d.set_item("taken", taken)?;
    d.set_item("unseen", cards(view.unseen()))?;
    Ok(d)
}

impl PyBot<'_> {
    fn ask_card(&mut self, view: &View<'_>) -> PyResult<Card> {
        let py = self.obj.py();
        let v = view_dict(py, view)?;
        let answer = match self.obj.getattr_opt("choose_card")? {
            Some(method) => method.call1((v,))?,
            None => self.obj.call1((v,))?,
        };
        let value: u8 = answer.extract().map_err(|_| {
            PyValueError::new_err(format!("a bot must return a card number it holds, not {answer}"))
        })?;
        match Card::new(value).filter(|&c| view.hand.contains(c)) {
            Some(c) => Ok(c),
            None => Err(PyValueError::new_err(format!(
                "the bot in seat {} played {value}, which it does not hold (hand: {:?})",
                view.seat,
                cards(view.hand)
            ))),
        }
    }

    fn ask_row(&mut self, view: &View<'_>, card: Card) -> PyResult<Option<usize>> {
        let py = self.obj.py();
        let Some(method) = self.obj.getattr_opt("choose_row")? else { return Ok(None) };
        let answer = method.call1((view_dict(py, view)?, card.value()))?;
        let row: usize = answer.extract().map_err(|_| {
            PyValueError::new_err(format!("choose_row must return a row index, not {answer}"))
        })?;
        if row >= view.table.num_rows() {
            return Err(PyValueError::new_err(format!(
                "the bot in seat {} chose row {row}: expected 0 to {}",
                view.seat,
                view.table.num_rows() - 1
            )));
        }
        Ok(Some(row))
    }
}

impl Bot for PyBot<'_> {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        if self.error.is_none() {
            match self.ask_card(view) {
                Ok(c) => return c,
                Err(e) => self.error = Some(e),
            }
        }
        view.hand.first().expect("a player to move holds a card")
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        if self.error.is_none() {
            match self.ask_row(view, card) {
                Ok(Some(row)) => return row,
                Ok(None) => {}
                Err(e) => self.error = Some(e),
            }
        }
        view.table.fewest_heads_row()
    }
}

/// A seat of `play_hand`: a built-in bot or a Python one.
enum Seat<'py> {
    Builtin(AnyBot),
    Python(PyBot<'py>),
}

impl Bot for Seat<'_> {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        match self {
            Seat::Builtin(b) => b.choose_card(view),
            Seat::Python(b) => b.choose_card(view),
        }
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        match self {
            Seat::Builtin(b) => b.choose_row(view, card),
            Seat::Python(b) => b.choose_row(view, card),
        }
    }
}

/// Deals one hand from `seed` and plays it with `bots[i]` in seat `i`; returns the heads each
/// seat took. Each bot is a built-in bot's name (seeded with `sub_seed(seed, i + 1)`) or a
/// Python bot: a callable `f(view) -> card`, or an object with `choose_card(view) -> card` and
/// optionally `choose_row(view, card) -> row index` (asked under the `"choose"` row rule when
/// its card is below every row; default: the row with the fewest heads).
///
/// `view` is a dict: `seat`, `players`, `round`, `hand` (its cards), `rows` (each row's cards),
/// `revealed` (this round's revealed cards not yet placed, None for the others), `taken` (the
/// heads of each player so far) and `unseen` (the cards it cannot see). A Python bot sees only
/// what its seat may see.
///
/// An exception raised by a Python bot, or a card it does not hold, is raised once the hand is
/// over.
#[pyfunction]
#[pyo3(signature = (bots, seed = 0, cards = 10, rows = 4, row_rule = "choose"))]
fn play_hand(
    bots: Vec<Bound<'_, PyAny>>,
    seed: u64,
    cards: u8,
    rows: u8,
    row_rule: &str,
) -> PyResult<Vec<u32>> {
    let rules = rules(bots.len(), cards, rows, row_rule, None)?;
    let mut seats = Vec::with_capacity(bots.len());
    for (i, b) in bots.into_iter().enumerate() {
        if let Ok(name) = b.extract::<String>() {
            seats.push(Seat::Builtin(bot_kind(&name)?.build(sub_seed(seed, i as u64 + 1))));
        } else if b.is_callable() || b.hasattr("choose_card")? {
            seats.push(Seat::Python(PyBot { obj: b, error: None }));
        } else {
            return Err(PyTypeError::new_err(format!(
                "bot {i} must be a bot name, a callable or an object with choose_card, not {}",
                b.get_type().name()?
            )));
        }
    }
    let mut hand = Hand::deal(rules, &mut seeded_rng(seed));
    tabletop_take6::play_hand(&mut hand, &mut seats);
    for s in &mut seats {
        if let Seat::Python(b) = s {
            if let Some(e) = b.error.take() {
                return Err(e);
            }
        }
    }
    Ok(hand.penalties()[..rules.num_players()].to_vec())
}

/// Registers `tabletop.take6`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "Take 6! (6 nimmt!): the judge's scripted game, the seeded arena of bots, and bots \
         written in Python.",
    )?;
    m.add_class::<Outcome>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add_function(wrap_pyfunction!(play_hand, m)?)?;
    Ok(())
}
