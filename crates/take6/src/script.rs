//! The scripted simulation of the judge (NTHU 14463): every card is known in advance.

use crate::card::{Card, CardSet};
use crate::error::ScriptError;
use crate::rules::{MAX_PLAYED, MAX_PLAYERS, Rules};
use crate::state::{Hand, Placement};
use crate::table::Table;

/// A checked script: the starting card of every row and the card every player plays in every
/// round, within the judge's limits (2 to 10 players, 1 to 50 rounds, at most 100 cards played,
/// 1 to 4 rows, cards `1..=N*M+P`, all distinct).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    rules: Rules,
    starts: Vec<Card>,
    plays: Vec<Vec<Card>>,
}

impl Script {
    /// The script with rows started by `starts` and `plays[i][j]` the card player `i` plays in
    /// round `j`, under the judge's forced-row rule.
    pub fn new(starts: Vec<Card>, plays: Vec<Vec<Card>>) -> Result<Script, ScriptError> {
        let n = plays.len();
        let m = plays.first().map_or(0, Vec::len);
        let p = starts.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            let small = u8::try_from(n).unwrap_or(u8::MAX);
            return Err(ScriptError::Rules(crate::RulesError::Players(small)));
        }
        for (i, row) in plays.iter().enumerate() {
            if row.len() != m {
                return Err(ScriptError::Rounds { player: i, found: row.len(), expected: m });
            }
        }
        if n * m > MAX_PLAYED {
            return Err(ScriptError::TooManyCards { players: n, rounds: m });
        }
        let rules = Rules::judge(n, m, p)?;
        let mut hands = Vec::with_capacity(n);
        for row in &plays {
            let mut hand = CardSet::EMPTY;
            for &c in row {
                if !hand.insert(c) {
                    return Err(ScriptError::Deal(crate::DealError::Duplicate(c)));
                }
            }
            hands.push(hand);
        }
        Hand::from_deal(rules, &starts, &hands)?;
        Ok(Script { rules, starts, plays })
    }

    /// The rules: the judge's variant with this script's numbers.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The starting cards, one per row.
    pub fn starts(&self) -> &[Card] {
        &self.starts
    }

    /// `plays()[i][j]`: the card player `i` plays in round `j`.
    pub fn plays(&self) -> &[Vec<Card>] {
        &self.plays
    }

    /// The hand before the first round.
    pub fn hand(&self) -> Hand {
        let hands: Vec<CardSet> = self.plays.iter().map(|r| r.iter().copied().collect()).collect();
        Hand::from_deal(self.rules, &self.starts, &hands).expect("a script is a valid deal")
    }
}

/// The end of a scripted game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    /// The heads of each player.
    pub penalties: Vec<u32>,
    /// The cards each player took.
    pub taken: Vec<CardSet>,
    /// The table at the end.
    pub table: Table,
}

/// One step of a traced simulation.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// The round (0-based).
    pub round: usize,
    /// The placement.
    pub placement: &'a Placement,
    /// The table after it.
    pub table: &'a Table,
}

/// Plays the script out.
///
/// ```
/// use tabletop_take6::{simulate, Card, Script};
///
/// let c = |v: &[u8]| v.iter().map(|&x| Card::from_value(x)).collect::<Vec<_>>();
/// let script = Script::new(
///     c(&[11, 6]),
///     vec![c(&[12, 5, 9]), c(&[1, 13, 10]), c(&[7, 2, 4]), c(&[8, 14, 3])],
/// ).unwrap();
/// assert_eq!(simulate(&script).penalties, [0, 5, 0, 6]);
/// ```
pub fn simulate(script: &Script) -> Outcome {
    simulate_traced(script, |_| {})
}

/// Plays the script out, calling `on_step` after every placement.
pub fn simulate_traced(script: &Script, mut on_step: impl FnMut(Step<'_>)) -> Outcome {
    let mut hand = script.hand();
    let n = script.plays.len();
    let mut cards = [Card::MIN; MAX_PLAYERS];
    for round in 0..script.rules.hand_size() as usize {
        for (slot, row) in cards.iter_mut().zip(&script.plays) {
            *slot = row[round];
        }
        hand.play_round(
            &cards[..n],
            |_, _, _| unreachable!("the judge's rule never asks for a row"),
            |h, p| on_step(Step { round, placement: p, table: h.table() }),
        );
    }
    Outcome {
        penalties: (0..n).map(|p| hand.penalty(p)).collect(),
        taken: (0..n).map(|p| hand.taken(p)).collect(),
        table: *hand.table(),
    }
}
