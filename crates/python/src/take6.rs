//! `tabletop.take6`: the scripted judge simulation, the seeded arena, and Python bots.

use numpy::PyArrayMethods;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tabletop_play::located::script_error;
use tabletop_play::outside::{
    Entry, OutsideBot, OutsideError, Runner, play_outside_arena, play_outside_hand,
};
use tabletop_take6::{
    ArenaConfig, ArenaError, BotKind, Budget, Card, CardSet, Entrant, RowRule, Rules, Take6, View,
};

use tabletop_play::limits;

use crate::{args, error, interrupt};

fn cards(set: CardSet) -> Vec<u8> {
    set.iter().map(Card::value).collect()
}

/// The result of a scripted game (`simulate`).
#[pyclass(module = "tabletop.take6", frozen, get_all, eq)]
#[derive(PartialEq)]
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
    /// The outcome with these fields (as `simulate` makes it): heads per player, and card
    /// numbers (1 to 104) per player and per row.
    #[new]
    fn new(
        penalties: args::Items<'_>,
        taken: args::Items<'_>,
        rows: args::Items<'_>,
    ) -> PyResult<Outcome> {
        let heads = |p: &Bound<'_, PyAny>| {
            args::int_in(p, "a penalty", 0, i128::from(u32::MAX)).map(|h| h as u32)
        };
        let cards = |list: &Bound<'_, PyAny>| -> PyResult<Vec<u8>> {
            let deck = i128::from(tabletop_take6::DECK_SIZE);
            Ok(args::ints(list, "a card", 1, deck)?.into_iter().map(|c| c as u8).collect())
        };
        Ok(Outcome {
            penalties: penalties.0.iter().map(heads).collect::<PyResult<_>>()?,
            taken: taken.0.iter().map(cards).collect::<PyResult<_>>()?,
            rows: rows.0.iter().map(cards).collect::<PyResult<_>>()?,
        })
    }

    /// Pickles as `Outcome(penalties, taken, rows)`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, pyo3::types::PyType>, (Vec<u32>, Vec<Vec<u8>>, Vec<Vec<u8>>)) {
        (py.get_type::<Outcome>(), (self.penalties.clone(), self.taken.clone(), self.rows.clone()))
    }

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
    let script =
        tabletop_take6::parse_nthu14463(text).map_err(|e| error::located(script_error(&e)))?;
    let o = tabletop_take6::simulate(&script);
    Ok(Outcome {
        penalties: o.penalties,
        taken: o.taken.into_iter().map(cards).collect(),
        rows: o.table.rows().iter().map(|r| cards(r.cards())).collect(),
    })
}

/// The rules of the arguments shared by `arena` and `play_hand`, checked.
pub(crate) fn rules(
    players: &args::Int,
    cards: &args::Int,
    rows: &args::Int,
    row_rule: &str,
    target: Option<&args::Int>,
) -> PyResult<Rules> {
    // Each number in its own range (the game parameters' ranges, one per parameter); the
    // limits that tie them together (the deck holds the deal) in Rules::new.
    let ranged = |value: &args::Int, what: &str, field: &str| -> PyResult<i128> {
        let range = limits::param_range("take6", field).expect("take6's ranged parameter");
        value.get(what, range.min.into(), range.max.into())
    };
    let players = ranged(players, "players", "players")? as usize;
    let cards = ranged(cards, "cards", "hand_size")? as u8;
    let rows = ranged(rows, "rows", "rows")? as u8;
    let target = target.map(|t| ranged(t, "target", "target")).transpose()?.map(|t| t as u16);
    let row_rule: RowRule = row_rule.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown row rule {row_rule:?}: expected \"choose\" or \"forced\""
        ))
    })?;
    Rules::full_deck(row_rule, players, rows.into(), cards.into(), target)
        .map_err(|e| error::value_error(&e))
}

pub(crate) fn bot_kind(name: &str) -> PyResult<BotKind> {
    name.trim().parse::<BotKind>().map_err(|e| error::value_error(&e))
}

/// A Python bot's name in an arena report: its `name` attribute, else its `__name__` (a
/// function's), else its class's name.
fn bot_name(bot: &Bound<'_, PyAny>) -> PyResult<String> {
    for attr in ["name", "__name__"] {
        if let Some(v) = bot.getattr_opt(attr)?
            && let Ok(name) = v.extract::<String>()
        {
            return Ok(name);
        }
    }
    Ok(bot.get_type().name()?.to_string())
}

/// Whether `bot` is a Python bot: a callable, or an object with `choose_card`.
fn is_python_bot(bot: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(bot.is_callable() || bot.hasattr("choose_card")?)
}

/// Plays a seeded arena, as `tabletop take6 arena --json` and with its result: the lineup
/// `bots` (a shorter list is repeated to fill the seats), `deals` deals each played once per
/// seat rotation.
///
/// A bot is a built-in bot's name (`random`, `lowest`, `highest`, `heuristic`, `mc`, `mc:N`,
/// `mc:Nms`) or a Python bot as in `play_hand`, named in the report by its `name` attribute,
/// else its `__name__`, else its class's name (two different bots need two names). Python bots
/// get the same rotation and the same deals as built-in ones, and the built-in bots the same
/// seeds, so a Python bot that plays like a built-in one gives the same report. The same
/// Python object plays each of its seats.
///
/// With built-in bots only, the deals are played on all cores with the GIL released. With a
/// Python bot they are played one after another in the calling thread: a Python bot decides
/// under the GIL, the built-in bots release it while they decide. An exception raised by a
/// Python bot (or a card it does not hold) stops the arena at the end of that deal and is
/// raised.
///
/// Returns the dict that `tabletop take6 arena --json` prints: `rules` (`description`,
/// `row_rule`, `players`, `rows`, `cards_per_hand`, `deck`, `match_target`), `seed`, `deals`,
/// `games`, `game` (`"hand"` or `"match"`), `lineup`, `bots` (per distinct bot: `bot`,
/// `seats`, `mean_penalty`, `penalty_ci95`, `win_rate`, `win_ci95`) and `comparisons` (the
/// first bot against each other one: `first`, `second`, `difference`, `ci95`, `z`,
/// `p_value`); None where a statistic is undefined.
#[pyfunction]
#[pyo3(
    signature = (
        players = args::Int::of(4), bots = None, deals = args::Int::of(1000),
        seed = args::Int::of(0), row_rule = "choose", cards = args::Int::of(10),
        rows = args::Int::of(4), matches = false, target = None
    ),
    text_signature = "(players=4, bots=None, deals=1000, seed=0, row_rule='choose', cards=10, \
                      rows=4, matches=False, target=None)"
)]
#[allow(clippy::too_many_arguments)]
fn arena<'py>(
    py: Python<'py>,
    players: args::Int,
    bots: Option<args::Items<'py>>,
    deals: args::Int,
    seed: args::Int,
    row_rule: &str,
    cards: args::Int,
    rows: args::Int,
    matches: bool,
    target: Option<args::Int>,
) -> PyResult<Bound<'py, PyAny>> {
    if target.is_some() && !matches {
        return Err(PyValueError::new_err("target is only used with matches=True"));
    }
    let rules = rules(&players, &cards, &rows, row_rule, target.as_ref())?;
    let deals = deals.seed("deals")?;
    let seed = seed.seed("seed")?;
    // Each bot given, with its entrant (named by its name).
    let mut seats: Vec<Entry<PyBot<'py>>> = Vec::new();
    let mut entrants = Vec::new();
    if bots.is_none() {
        entrants.push(Entrant::Builtin(BotKind::Random));
        seats.push(Entry::Builtin(BotKind::Random));
    }
    for (i, b) in bots.map(|b| b.0).unwrap_or_default().into_iter().enumerate() {
        if let Ok(name) = b.extract::<String>() {
            let kind = bot_kind(&name)?;
            entrants.push(Entrant::Builtin(kind));
            seats.push(Entry::Builtin(kind));
        } else if is_python_bot(&b)? {
            let name = bot_name(&b)?;
            let other = seats.iter().zip(&entrants).find_map(|(s, e)| match (s, e) {
                (Entry::Outside(o), Entrant::External(n)) if *n == name => Some(o),
                _ => None,
            });
            if other.is_some_and(|o| !o.0.is(&b)) {
                return Err(error::value_error(&ArenaError::SameName { name }));
            }
            entrants.push(Entrant::External(name));
            seats.push(Entry::Outside(PyBot(b)));
        } else {
            return Err(not_a_bot(i, &b));
        }
    }
    let config = ArenaConfig { rules, bots: entrants, deals, seed, matches };
    let arena = config.arena().map_err(|e| error::value_error(&e))?;
    let report = if seats.iter().all(|s| matches!(s, Entry::Builtin(_))) {
        // Ctrl-C stops the deals (and the Monte Carlo bots) and raises KeyboardInterrupt.
        interrupt::interruptible(py, |_| config.run(|| ()))?.map_err(|e| error::value_error(&e))?
    } else {
        play_outside_arena(&arena, deals, seed, &seats, &Gil(py)).map_err(failure)?
    };
    let value = serde_json::to_value(&report).expect("a report serialises to JSON");
    crate::env::from_json(py, &value)
}

/// A bot written in Python: a callable `f(view) -> card`, or an object with
/// `choose_card(view) -> card` and optionally `choose_row(view, card) -> row`.
#[derive(Clone)]
struct PyBot<'py>(Bound<'py, PyAny>);

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

impl OutsideBot for PyBot<'_> {
    type Error = PyErr;

    fn card(&mut self, view: &View<'_>) -> PyResult<u8> {
        let v = view_dict(self.0.py(), view)?;
        let answer = match self.0.getattr_opt("choose_card")? {
            Some(method) => method.call1((v,))?,
            None => self.0.call1((v,))?,
        };
        answer.extract().map_err(|_| {
            PyValueError::new_err(format!("a bot must return a card number it holds, not {answer}"))
        })
    }

    fn row(&mut self, view: &View<'_>, card: Card) -> PyResult<Option<usize>> {
        let Some(method) = self.0.getattr_opt("choose_row")? else { return Ok(None) };
        let answer = method.call1((view_dict(self.0.py(), view)?, card.value()))?;
        answer.extract().map(Some).map_err(|_| {
            PyValueError::new_err(format!("choose_row must return a row index, not {answer}"))
        })
    }
}

/// The built-in bots beside Python ones decide with the GIL released, the Monte Carlo bots
/// with Ctrl-C answered ([`interrupt::interruptible`]).
struct Gil<'py>(Python<'py>);

impl Runner for Gil<'_> {
    type Error = PyErr;

    fn run<T: Send>(&self, slow: bool, work: impl FnOnce() -> T + Send) -> PyResult<T> {
        interrupt::interruptible_if(self.0, slow, |_| work())
    }
}

/// The exception of a hand or an arena with Python bots: the bot's own, or a ValueError.
fn failure(e: OutsideError<PyErr>) -> PyErr {
    match e {
        OutsideError::Failed(e) => e,
        e => error::value_error(&e),
    }
}

/// The TypeError of argument `bots[i]`, which is no bot.
fn not_a_bot(i: usize, b: &Bound<'_, PyAny>) -> PyErr {
    let expected = format!("bot {i} must be a bot name, a callable or an object with choose_card");
    args::type_error(&expected, b)
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
/// over. Ctrl-C stops a Monte Carlo bot's decision and ends the hand at once.
#[pyfunction]
#[pyo3(
    signature = (
        bots, seed = args::Int::of(0), cards = args::Int::of(10), rows = args::Int::of(4),
        row_rule = "choose"
    ),
    text_signature = "(bots, seed=0, cards=10, rows=4, row_rule='choose')"
)]
fn play_hand(
    py: Python<'_>,
    bots: args::Items<'_>,
    seed: args::Int,
    cards: args::Int,
    rows: args::Int,
    row_rule: &str,
) -> PyResult<Vec<u32>> {
    let bots = bots.0;
    let players = args::Int::of(bots.len() as i128);
    let rules = rules(&players, &cards, &rows, row_rule, None)?;
    let seed = seed.seed("seed")?;
    let mut seats = Vec::with_capacity(bots.len());
    for (i, b) in bots.into_iter().enumerate() {
        if let Ok(name) = b.extract::<String>() {
            seats.push(Entry::Builtin(bot_kind(&name)?));
        } else if is_python_bot(&b)? {
            seats.push(Entry::Outside(PyBot(b)));
        } else {
            return Err(not_a_bot(i, &b));
        }
    }
    play_outside_hand(rules, seed, seats, &Gil(py)).map_err(failure)
}

/// The mean heads the player to act takes from now to the end of the hand after each of its
/// legal actions (in the order of `state.legal_actions()`), as the Monte Carlo search `bot`
/// (`mc:N` or `mc:Nms`) estimates them from that player's view: the numbers whose lowest
/// `state.bot_action(bot, seed)` plays. Raises `ValueError` for another game or bot, once
/// the game is over or at a chance node.
#[pyfunction]
#[pyo3(signature = (state, bot, seed = None))]
fn mc_means(
    py: Python<'_>,
    state: &crate::env::State,
    bot: &str,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<f64>> {
    let seed = seed.map(args::seed).transpose()?.unwrap_or(0);
    let budget = match bot_kind(bot)? {
        BotKind::MonteCarlo { playouts } => Budget::Playouts(playouts),
        BotKind::MonteCarloTimed { millis } => {
            Budget::Time(std::time::Duration::from_millis(u64::from(millis)))
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "mc_means takes a Monte Carlo bot (mc:N or mc:Nms), not {other}"
            )));
        }
    };
    let game = state.session.line().game();
    let Some(take6) = game.as_any().downcast_ref::<Take6>() else {
        return Err(PyValueError::new_err("mc_means takes a state of Take 6!"));
    };
    interrupt::interruptible_if(py, interrupt::slow_bot(bot), |_| take6.mc_means(budget, seed))
        .and_then(|means| {
            means.ok_or_else(|| {
                PyValueError::new_err(
                    "mc_means needs a player to act (the game is over, or a card is being dealt)",
                )
            })
        })
}

/// The per-action feature vectors of the player to act (`tabletop_take6::action_features`):
/// a float32 array of one row of `ACTION_FEATURES` numbers per legal action, in the order of
/// `state.legal_actions()`, written from that player's view only. Raises `ValueError` for
/// another game, once the game is over or at a chance node.
#[pyfunction]
fn action_features<'py>(
    py: Python<'py>,
    state: &crate::env::State,
) -> PyResult<Bound<'py, numpy::PyArray2<f32>>> {
    let game = state.session.line().game();
    let Some(take6) = game.as_any().downcast_ref::<Take6>() else {
        return Err(PyValueError::new_err("action_features takes a state of Take 6!"));
    };
    let (Some(player), Some(hand)) = (tabletop_core::Game::current_player(take6), take6.hand())
    else {
        return Err(PyValueError::new_err(
            "action_features needs a player to act (the game is over, or a card is being dealt)",
        ));
    };
    let mut out = Vec::new();
    let n =
        tabletop_take6::action_features(&hand.view(player), hand.row_choice().is_some(), &mut out);
    numpy::PyArray1::from_vec(py, out).reshape([n, tabletop_take6::ACTION_FEATURES])
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
    m.add_function(wrap_pyfunction!(mc_means, m)?)?;
    m.add_function(wrap_pyfunction!(action_features, m)?)?;
    Ok(())
}
