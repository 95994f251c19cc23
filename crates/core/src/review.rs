//! A game reviewed against its oracle: for every decision of a record, the action played, the
//! best actions, the value of each and the regret, with a mark by size, and a summary per
//! player.
//!
//! Each game brings its oracle ([`Reviewable`]): the exact solver of Nine, retrograde analysis
//! of the race games, the distance to winning of Mahjong, expected heads of Take 6!. The walk
//! over the record, the regret, the marks and the summary are written once, here.
//!
//! - A *decision* is a state where a player moves and has more than one legal action; chance
//!   nodes and forced moves are replayed, not reviewed.
//! - Values are from the mover's side, larger is better, in the game's own unit (cards for
//!   Nine, outcomes for the race games, tiles for Mahjong, heads for Take 6!). The regret is
//!   the best value minus the value of the action played, never negative.
//! - A decision's `ply` is the index of its action in the record's actions (chance outcomes
//!   included), so the position it was taken in is the record's first `ply` actions.
//!
//! ```
//! use tabletop_core::review::{Mark, Marks};
//!
//! let marks = Marks { inaccuracy: 1.0, mistake: 3.0, blunder: 6.0, throw_win: true };
//! assert_eq!(marks.mark(0.0, 4.0, 4.0), None);
//! assert_eq!(marks.mark(2.0, 5.0, 3.0), Some(Mark::Inaccuracy));
//! assert_eq!(marks.mark(2.0, 1.0, -1.0), Some(Mark::Blunder)); // a won game thrown away
//! ```

use std::fmt;

use thiserror::Error;

use crate::Game;

/// How bad a decision was, by the size of its regret (thresholds per game: [`Marks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mark {
    /// A small loss: `?!`.
    Inaccuracy,
    /// A clear loss: `?`.
    Mistake,
    /// A loss that decides the game: `??`.
    Blunder,
}

impl Mark {
    /// The annotation symbol: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The word: `inaccuracy`, `mistake` or `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game's thresholds: a decision is marked by the largest threshold its regret reaches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    /// The least regret of an inaccuracy.
    pub inaccuracy: f64,
    /// The least regret of a mistake.
    pub mistake: f64,
    /// The least regret of a blunder.
    pub blunder: f64,
    /// Whether a decision that turns a won position (best value above 0) into one that is
    /// not won (value at most 0) is a blunder whatever its regret: for the zero-sum games
    /// whose values are signed results (Nine, the race games).
    pub throw_win: bool,
}

impl Marks {
    /// The mark of a decision of `regret`, whose best action had `best_value` and whose
    /// action played has `value`.
    pub fn mark(&self, regret: f64, best_value: f64, value: f64) -> Option<Mark> {
        if self.throw_win && best_value > 0.0 && value <= 0.0 || regret >= self.blunder {
            Some(Mark::Blunder)
        } else if regret >= self.mistake {
            Some(Mark::Mistake)
        } else if regret >= self.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// One legal action as the oracle values it.
#[derive(Clone, Debug, PartialEq)]
pub struct Appraised<A> {
    /// The action.
    pub action: A,
    /// Its value from the mover's side (larger is better).
    pub value: f64,
    /// The half-width of the 95% confidence interval of `value`; 0 when it is exact.
    pub ci95: f64,
    /// The moves to the end under perfect play after the action, where the oracle knows them
    /// (the race games): among the actions of the best value, a win is best soonest and a
    /// loss latest.
    pub plies: Option<u64>,
}

impl<A> Appraised<A> {
    /// An exact value.
    pub fn exact(action: A, value: f64) -> Appraised<A> {
        Appraised { action, value, ci95: 0.0, plies: None }
    }
}

/// The half-width of the 95% confidence interval of the mean of `n` samples whose sum is
/// `sum` and sum of squares `squares` (the sample variance, normal approximation); 0 for fewer
/// than two samples. Take 6!'s Monte Carlo values and the ladder's mean regrets use it.
pub fn ci95(sum: f64, squares: f64, n: f64) -> f64 {
    if n < 2.0 {
        return 0.0;
    }
    let mean = sum / n;
    let var = (squares / n - mean * mean).max(0.0) * n / (n - 1.0);
    1.96 * (var / n).sqrt()
}

/// A game's oracle: the value of every legal action at a decision.
pub trait Oracle<G: Game> {
    /// The game's thresholds of the marks.
    fn marks(&self) -> Marks;

    /// Every legal action of the player to move in `state` with its value from that player's
    /// side, computed from what that player can see. `seed` decides any sampling.
    ///
    /// # Errors
    /// [`ReviewError::TooLarge`] when the position is beyond what the oracle can value.
    fn appraise(&mut self, state: &G, seed: u64) -> Result<Vec<Appraised<G::Action>>, ReviewError>;
}

/// A game that can be reviewed: it names its oracle.
pub trait Reviewable: Game {
    /// The oracle (it may keep tables between decisions, as Nine's solver keeps its
    /// transposition table).
    type Oracle: Oracle<Self>;

    /// A fresh oracle for games like this one.
    fn oracle(&self) -> Self::Oracle;
}

/// One reviewed decision.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decision {
    /// The index of the action in the record's actions (chance outcomes included).
    pub ply: usize,
    /// The index of the action among the players' actions (chance outcomes left out): the
    /// position it was taken in is the one after `step` moves of the game's move list.
    pub step: usize,
    /// The seat that decided.
    pub player: usize,
    /// The action played, in notation.
    pub action: String,
    /// The best actions, in notation (all those of the best value; among them, where the
    /// oracle knows the moves to the end, the soonest win or the latest loss).
    pub best: Vec<String>,
    /// The value of the action played, from the mover's side.
    pub value: f64,
    /// The value of the best actions.
    pub best_value: f64,
    /// `best_value - value`.
    pub regret: f64,
    /// The mark, by the game's thresholds; `None` for a good decision.
    pub mark: Option<Mark>,
    /// The half-width of the 95% confidence interval of the values, when they are estimates
    /// (Take 6!'s Monte Carlo); `None` when they are exact.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none", default))]
    pub ci95: Option<f64>,
}

/// One player's summary.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerSummary {
    /// The seat.
    pub player: usize,
    /// Their decisions reviewed.
    pub decisions: usize,
    /// The mean regret per decision (0 without decisions).
    pub mean_regret: f64,
    /// The decisions marked inaccuracy.
    pub inaccuracies: usize,
    /// The decisions marked mistake.
    pub mistakes: usize,
    /// The decisions marked blunder.
    pub blunders: usize,
    /// The share of the decisions without a mark, from 0 to 1 (1 without decisions).
    pub accuracy: f64,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Review {
    /// The game's registry name.
    pub game: String,
    /// Every decision, in order.
    pub decisions: Vec<Decision>,
    /// One summary per seat.
    pub players: Vec<PlayerSummary>,
}

/// Why a record cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// An action id of the record is not legal where it stands.
    #[error("action {ply} of the record (id {id}) is not legal there: {reason}")]
    Illegal {
        /// Its index in the record.
        ply: usize,
        /// The id.
        id: usize,
        /// Why.
        reason: String,
    },
    /// A position beyond what the oracle can value.
    #[error("cannot review this position: {0}")]
    TooLarge(String),
    /// A game with hidden information still in progress: its review would show every
    /// player's cards.
    #[error(
        "the game is not over: a review shows every player's hidden cards, so it waits for the end"
    )]
    InProgress,
    /// The review was stopped (Ctrl-C).
    #[error("the review was stopped")]
    Stopped,
}

/// Reviews the game that `actions` (ids, chance outcomes included) play from `start`: every
/// decision valued by `oracle`, with `seed` deciding any sampling (each decision draws from
/// `sub_seed(seed, ply)`, so a review is the same however it is run).
///
/// # Errors
/// [`ReviewError::Illegal`] for an id that is not legal where it stands,
/// [`ReviewError::TooLarge`] from the oracle, [`ReviewError::Stopped`] when the cancel flag
/// ([`crate::cancel`]) is raised.
pub fn review<G: Game, O: Oracle<G>>(
    start: &G,
    actions: &[usize],
    oracle: &mut O,
    seed: u64,
) -> Result<Review, ReviewError> {
    let marks = oracle.marks();
    let mut state = start.clone();
    let mut decisions = Vec::new();
    let mut step = 0;
    for (ply, &id) in actions.iter().enumerate() {
        let illegal = |reason: String| ReviewError::Illegal { ply, id, reason };
        let action =
            state.action_from_id(id).ok_or_else(|| illegal(format!("no action has id {id}")))?;
        if let Some(player) = state.current_player() {
            if state.legal_actions().len() > 1 {
                if crate::cancel::requested() {
                    return Err(ReviewError::Stopped);
                }
                let appraised = oracle.appraise(&state, crate::sub_seed(seed, ply as u64))?;
                decisions.push(
                    decide::<G>(&appraised, action, (ply, step), player, marks)
                        .ok_or_else(|| illegal(format!("{action} is not a legal action")))?,
                );
            }
            step += 1;
        }
        state.try_apply(action).map_err(|e| illegal(e.to_string()))?;
    }
    let players = (0..start.num_players()).map(|p| summarise(p, &decisions)).collect();
    Ok(Review { game: G::TYPE.short_name.to_owned(), decisions, players })
}

/// The decision of playing `action` where the oracle values the legal actions `appraised`;
/// `None` when `action` is not among them.
fn decide<G: Game>(
    appraised: &[Appraised<G::Action>],
    action: G::Action,
    (ply, step): (usize, usize),
    player: usize,
    marks: Marks,
) -> Option<Decision> {
    let played = appraised.iter().find(|a| a.action == action)?;
    let best_value = appraised.iter().map(|a| a.value).fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<&Appraised<G::Action>> =
        appraised.iter().filter(|a| a.value == best_value).collect();
    // Among the actions of the best value, the soonest win or the latest loss, where the
    // oracle knows the moves to the end.
    let pick = |a: &Appraised<G::Action>| match a.plies {
        Some(n) if best_value > 0.0 => Some(n),
        Some(n) if best_value < 0.0 => Some(u64::MAX - n),
        _ => None,
    };
    let fastest = top.iter().filter_map(|a| pick(a)).min();
    let best = top
        .iter()
        .filter(|a| fastest.is_none() || pick(a) == fastest)
        .map(|a| a.action.to_string())
        .collect();
    // `+ 0.0` turns a negative zero (minus no heads) into zero.
    let (value, best_value) = (played.value + 0.0, best_value + 0.0);
    let regret = best_value - value;
    let ci95 = appraised.iter().map(|a| a.ci95).fold(0.0, f64::max);
    Some(Decision {
        ply,
        step,
        player,
        action: action.to_string(),
        best,
        value,
        best_value,
        regret,
        mark: marks.mark(regret, best_value, value),
        ci95: (ci95 > 0.0).then_some(ci95),
    })
}

/// The summary of `player`'s decisions.
fn summarise(player: usize, decisions: &[Decision]) -> PlayerSummary {
    let mine: Vec<&Decision> = decisions.iter().filter(|d| d.player == player).collect();
    let count = |m: Mark| mine.iter().filter(|d| d.mark == Some(m)).count();
    let n = mine.len();
    let (mean_regret, accuracy) = if n == 0 {
        (0.0, 1.0)
    } else {
        let total: f64 = mine.iter().map(|d| d.regret).sum();
        let clean = mine.iter().filter(|d| d.mark.is_none()).count();
        (total / n as f64, clean as f64 / n as f64)
    };
    PlayerSummary {
        player,
        decisions: n,
        mean_regret,
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
        accuracy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChanceMode, Dynamics, GameType, IllegalAction, Information, ParamsError};
    use crate::{Returns, RewardModel, Turn, Utility};

    /// A heap of 4 to 6 counters dealt by chance; two players take 1 to 3 in turn; whoever
    /// takes the last wins.
    #[derive(Clone, Debug, PartialEq)]
    struct Heap {
        left: Option<u8>,
        to_move: usize,
    }

    impl Game for Heap {
        type Params = ();
        type Action = u8;
        const TYPE: GameType = GameType {
            short_name: "heap",
            long_name: "Heap",
            description: "take 1 to 3, the last wins",
            dynamics: Dynamics::Sequential,
            chance_mode: ChanceMode::ExplicitStochastic,
            information: Information::Perfect,
            utility: Utility::ZeroSum,
            reward_model: RewardModel::Terminal,
            min_num_players: 2,
            max_num_players: 2,
        };
        fn new(_: &()) -> Result<Heap, ParamsError> {
            Ok(Heap { left: None, to_move: 0 })
        }
        fn num_players(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            match self.left {
                None => Turn::Chance,
                Some(0) => Turn::Terminal,
                Some(_) => Turn::Player(self.to_move),
            }
        }
        fn legal_actions(&self) -> Vec<u8> {
            match self.left {
                None => vec![4, 5, 6],
                Some(n) => (1..=n.min(3)).collect(),
            }
        }
        fn apply_unchecked(&mut self, a: u8) {
            match self.left {
                None => self.left = Some(a),
                Some(n) => {
                    self.left = Some(n - a);
                    self.to_move ^= 1;
                }
            }
        }
        fn num_distinct_actions(&self) -> usize {
            7
        }
        fn action_id(&self, a: u8) -> usize {
            usize::from(a)
        }
        fn action_from_id(&self, id: usize) -> Option<u8> {
            (id < 7).then_some(id as u8)
        }
        fn parse_action(&self, text: &str) -> Result<u8, IllegalAction> {
            text.parse().map_err(|_| IllegalAction::Parse {
                text: text.to_owned(),
                reason: "a number".to_owned(),
            })
        }
        fn returns(&self) -> Returns {
            match self.left {
                Some(0) => {
                    let mut r = vec![-1.0; 2];
                    r[self.to_move ^ 1] = 1.0;
                    r
                }
                _ => vec![0.0; 2],
            }
        }
        fn utility_range(&self) -> (f64, f64) {
            (-1.0, 1.0)
        }
        fn max_remaining_steps(&self) -> usize {
            7
        }
        fn observation_string(&self, _: usize) -> String {
            format!("{self:?}")
        }
        fn write_observation_tensor<T: crate::Number>(&self, _: usize, _: &mut [T]) {}
        fn observation_shape(&self) -> Vec<usize> {
            vec![0]
        }
        fn text(&self) -> String {
            format!("{self:?}")
        }
    }

    /// The heap's value for the mover with `n` left (+1 a win), and the moves to the end
    /// (the winner hurries, the loser holds out): by brute force.
    fn solve(n: u8) -> (f64, u64) {
        if n == 0 {
            return (-1.0, 0);
        }
        let children: Vec<(f64, u64)> = (1..=n.min(3)).map(|t| solve(n - t)).collect();
        match children.iter().filter(|c| c.0 < 0.0).map(|c| c.1 + 1).min() {
            Some(p) => (1.0, p),
            None => (-1.0, children.iter().map(|c| c.1 + 1).max().unwrap()),
        }
    }

    struct HeapOracle {
        plies: bool,
    }

    impl Oracle<Heap> for HeapOracle {
        fn marks(&self) -> Marks {
            Marks { inaccuracy: 0.5, mistake: 1.0, blunder: 3.0, throw_win: true }
        }
        fn appraise(&mut self, state: &Heap, _: u64) -> Result<Vec<Appraised<u8>>, ReviewError> {
            let n = state.left.unwrap();
            Ok((1..=n.min(3))
                .map(|t| {
                    let (v, p) = solve(n - t);
                    Appraised {
                        action: t,
                        value: -v,
                        ci95: 0.0,
                        plies: self.plies.then_some(p + 1),
                    }
                })
                .collect())
        }
    }

    fn run(actions: &[usize], plies: bool) -> Result<Review, ReviewError> {
        review(&Heap::new(&()).unwrap(), actions, &mut HeapOracle { plies }, 0)
    }

    #[test]
    fn perfect_play_has_no_regret_and_a_throw_is_a_blunder() {
        // 6: take 2 (to 4, lost for the other), 4: any, then the rest.
        let r = run(&[6, 2, 1, 3], true).unwrap();
        assert_eq!(r.game, "heap");
        assert_eq!(r.decisions.len(), 3, "the chance node is not a decision");
        let d = &r.decisions[0];
        assert_eq!((d.ply, d.step, d.player, d.action.as_str()), (1, 0, 0, "2"));
        assert_eq!((r.decisions[2].ply, r.decisions[2].step), (3, 2));
        assert_eq!(
            (d.best.clone(), d.value, d.best_value, d.regret, d.mark),
            (vec!["2".to_owned()], 1.0, 1.0, 0.0, None)
        );
        // At 4 the mover loses whatever they take, and as late whatever they take.
        let d = &r.decisions[1];
        assert_eq!((d.player, d.value, d.regret, d.mark), (1, -1.0, 0.0, None));
        assert_eq!(d.best, ["1", "2", "3"]);
        // At 3 the last take wins at once: taking all 3 is the soonest.
        assert_eq!(r.decisions[2].best, ["3"]);
        assert_eq!(r.players[0].decisions, 2);
        assert_eq!((r.players[0].mean_regret, r.players[0].accuracy), (0.0, 1.0));
        // Taking 1 from 6 leaves 5, a win for the other: a won game thrown away.
        let r = run(&[6, 1, 1, 1, 3], false).unwrap();
        let d = &r.decisions[0];
        assert_eq!(
            (d.value, d.best_value, d.regret, d.mark),
            (-1.0, 1.0, 2.0, Some(Mark::Blunder))
        );
        // Without the moves to the end every move of the best value is best.
        assert_eq!(r.decisions[1].best, ["1"]);
        assert_eq!(r.decisions[2].best, ["1", "2", "3"]);
        let alice = &r.players[0];
        assert_eq!(
            (alice.decisions, alice.blunders, alice.mistakes, alice.inaccuracies),
            (2, 1, 0, 0)
        );
        assert_eq!((alice.mean_regret, alice.accuracy), (1.0, 0.5));
        let bob = &r.players[1];
        assert_eq!((bob.decisions, bob.mean_regret, bob.accuracy), (2, 0.0, 1.0));
    }

    #[test]
    fn forced_moves_are_replayed_not_reviewed() {
        // 4: take 3, leaving 1: the other's one legal move is no decision.
        let r = run(&[4, 3, 1], false).unwrap();
        assert_eq!(r.decisions.len(), 1);
        assert_eq!(r.players[1].decisions, 0);
        assert_eq!((r.players[1].mean_regret, r.players[1].accuracy), (0.0, 1.0));
    }

    #[test]
    fn illegal_ids_are_reported_with_their_place() {
        let e = run(&[6, 2, 7], false).unwrap_err();
        assert_eq!(
            e,
            ReviewError::Illegal { ply: 2, id: 7, reason: "no action has id 7".to_owned() }
        );
        let ReviewError::Illegal { ply: 1, id: 0, .. } = run(&[5, 0], false).unwrap_err() else {
            panic!("taking 0 is illegal")
        };
        assert!(run(&[4, 3, 1, 1], false).is_err(), "an action after the end");
    }

    /// `decide` on hand-made appraisals: among equal values the soonest win and the latest
    /// loss are best where the moves to the end are known (all of them for a draw), estimates
    /// carry their widest interval, and minus zero reads as zero.
    #[test]
    fn the_best_of_equal_values_and_the_intervals() {
        let marks = Marks { inaccuracy: 1.0, mistake: 2.0, blunder: 3.0, throw_win: true };
        let with = |action: u8, value: f64, plies: Option<u64>, ci95: f64| Appraised {
            action,
            value,
            ci95,
            plies,
        };
        let decide = |appraised: &[Appraised<u8>], played: u8| {
            decide::<Heap>(appraised, played, (4, 2), 1, marks).unwrap()
        };
        // Winning in 3 or in 5, or losing: the soonest win is best, the slower one no worse.
        let wins =
            [with(1, 1.0, Some(5), 0.0), with(2, 1.0, Some(3), 0.0), with(3, -1.0, Some(2), 0.0)];
        let d = decide(&wins, 1);
        assert_eq!((d.ply, d.step, d.player), (4, 2, 1));
        assert_eq!(
            (d.best, d.value, d.best_value, d.regret),
            (vec!["2".to_owned()], 1.0, 1.0, 0.0)
        );
        assert_eq!((d.mark, d.ci95), (None, None));
        let d = decide(&wins, 3);
        assert_eq!((d.regret, d.mark), (2.0, Some(Mark::Blunder)), "a win thrown away");
        // Every move loses: the latest loss is best.
        let losses = [with(1, -1.0, Some(4), 0.0), with(2, -1.0, Some(8), 0.0)];
        assert_eq!(decide(&losses, 1).best, ["2"]);
        let lost_now = [with(1, -1.0, Some(0), 0.0), with(2, -1.0, Some(3), 0.0)];
        assert_eq!(decide(&lost_now, 1).best, ["2"]);
        // A draw: every drawing move is best, however long.
        let draws =
            [with(1, 0.0, Some(4), 0.0), with(2, 0.0, Some(8), 0.0), with(3, -1.0, None, 0.0)];
        assert_eq!(decide(&draws, 3).best, ["1", "2"]);
        // Without moves to the end, every action of the best value.
        let plain = [with(1, 2.0, None, 0.0), with(2, 2.0, None, 0.0)];
        assert_eq!(decide(&plain, 2).best, ["1", "2"]);
        // Estimates: the widest interval; minus zero heads is zero.
        let estimates = [with(1, -0.0, None, 0.25), with(2, -1.5, None, 0.5)];
        let d = decide(&estimates, 1);
        assert_eq!(d.ci95, Some(0.5));
        assert!(d.value.is_sign_positive() && d.best_value.is_sign_positive(), "{d:?}");
        let d = decide(&estimates, 2);
        assert_eq!(
            (d.value, d.best_value, d.regret, d.mark),
            (-1.5, 0.0, 1.5, Some(Mark::Inaccuracy))
        );
    }

    #[test]
    fn intervals_of_known_samples() {
        // The samples 1, 2, 3, 4: mean 2.5, sample variance 5/3.
        let want = 1.96 * (5.0f64 / 3.0 / 4.0).sqrt();
        assert!((ci95(10.0, 30.0, 4.0) - want).abs() < 1e-12, "{}", ci95(10.0, 30.0, 4.0));
        assert_eq!(ci95(8.0, 16.0, 4.0), 0.0, "equal samples");
        assert_eq!((ci95(2.0, 4.0, 1.0), ci95(0.0, 0.0, 0.0)), (0.0, 0.0), "fewer than two");
    }

    #[test]
    fn marks_follow_the_thresholds() {
        let m = Marks { inaccuracy: 1.0, mistake: 3.0, blunder: 6.0, throw_win: false };
        assert_eq!(m.mark(0.9, 0.0, -0.9), None);
        assert_eq!(m.mark(1.0, 0.0, -1.0), Some(Mark::Inaccuracy));
        assert_eq!(m.mark(3.0, 0.0, -3.0), Some(Mark::Mistake));
        assert_eq!(m.mark(6.0, 0.0, -6.0), Some(Mark::Blunder));
        assert_eq!(m.mark(2.0, 1.0, -1.0), Some(Mark::Inaccuracy), "no throw rule");
        let t = Marks { throw_win: true, ..m };
        assert_eq!(t.mark(2.0, 1.0, -1.0), Some(Mark::Blunder));
        assert_eq!(t.mark(1.0, 1.0, 0.0), Some(Mark::Blunder), "a win turned into a draw");
        assert_eq!(t.mark(1.0, 0.0, -1.0), Some(Mark::Inaccuracy), "a draw lost is sized");
        assert_eq!(
            [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder].map(Mark::symbol),
            ["?!", "?", "??"]
        );
        assert_eq!(Mark::Blunder.to_string(), "blunder");
    }
}
