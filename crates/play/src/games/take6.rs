//! Take 6!: the view and the analysis of [`Take6`]. The rules (the turns, the deals, the
//! match, the bots, the ids and tensors) are [`Take6`]'s `Game` impl in `tabletop-take6`.

use serde::Serialize;
use tabletop_core::Game;
pub use tabletop_take6::{ANALYSIS_SAMPLES, Mode, Take6, Take6Params};
use tabletop_take6::{
    Action, Card, CardSet, FastRng, Placement, Reason, expected_penalty, sampled_penalty,
};

use crate::{PlayError, Present};

/// One row on the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Take6Row {
    /// Its cards, in the order placed.
    pub cards: Vec<u8>,
    /// Their heads.
    pub heads: u32,
}

/// One placement of the last round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Take6Placement {
    /// The player.
    pub player: usize,
    /// The card.
    pub card: u8,
    /// The row it went to (1-based).
    pub row: usize,
    /// The cards it took.
    pub taken: Vec<u8>,
    /// Their heads.
    pub heads: u32,
    /// `appended`, `sixth`, `too_low_forced` or `too_low_chosen`.
    pub reason: String,
}

/// A pending row choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Take6RowChoice {
    /// Who picks.
    pub player: usize,
    /// Their too-low card.
    pub card: u8,
}

/// What one player (or a spectator) sees of a Take 6! game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Take6View {
    /// `hand` or `match`.
    pub mode: Mode,
    /// The rules.
    pub rules: Take6Params,
    /// The hands dealt so far (1 for a single hand).
    pub hands_dealt: u32,
    /// The rounds finished in the hand in progress.
    pub round: usize,
    /// The rows.
    pub rows: Vec<Take6Row>,
    /// Each player's cards: only the viewer's own (every hand for a spectator); `null` for
    /// the others.
    pub hands: Vec<Option<Vec<u8>>>,
    /// How many cards each player holds (public), a chosen card still counted.
    pub hand_sizes: Vec<usize>,
    /// Who has chosen a card this round (public).
    pub chosen: Vec<bool>,
    /// The chosen cards the viewer may see (their own; every one for a spectator).
    pub choices: Vec<Option<u8>>,
    /// The cards revealed this round and not placed yet (public, while a row is chosen).
    pub revealed: Vec<Option<u8>>,
    /// The row choice pending, if any.
    pub row_choice: Option<Take6RowChoice>,
    /// The cards each player took in this hand (public).
    pub taken: Vec<Vec<u8>>,
    /// The heads each player took in this hand.
    pub penalties: Vec<u32>,
    /// Each player's total: earlier hands of the match plus this hand.
    pub scores: Vec<u32>,
    /// The heads of each finished hand of a match, per player, oldest first (the last one
    /// included once the match is over).
    pub finished_hands: Vec<Vec<u32>>,
    /// The placements of the round last revealed, in order.
    pub last_round: Vec<Take6Placement>,
}

/// One candidate with its estimated penalty.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Take6Estimate {
    /// The action in notation (a card, or `r1`..`r4`).
    pub action: String,
    /// The analytic expected heads this round (take6's `expected_penalty`; for a row
    /// choice, the row's heads).
    pub expected: f64,
    /// The Monte Carlo estimate of the same: the mean heads this round over
    /// `samples` deals of the unseen cards to the opponents (take6's `sampled_penalty`).
    pub monte_carlo: f64,
}

/// The analysis of a Take 6! decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Take6Analysis {
    /// The player deciding (`None` once the game is over).
    pub player: Option<usize>,
    /// The samples behind each Monte Carlo estimate.
    pub samples: u32,
    /// Every legal action with its estimates, ascending (cards, or rows).
    pub actions: Vec<Take6Estimate>,
}

fn values(set: CardSet) -> Vec<u8> {
    set.iter().map(Card::value).collect()
}

fn reason(r: Reason) -> &'static str {
    match r {
        Reason::Appended => "appended",
        Reason::Sixth => "sixth",
        Reason::TooLowForced => "too_low_forced",
        Reason::TooLowChosen => "too_low_chosen",
    }
}

fn placement(pl: &Placement) -> Take6Placement {
    Take6Placement {
        player: pl.player,
        card: pl.card.value(),
        row: pl.row + 1,
        taken: values(pl.taken),
        heads: pl.heads(),
        reason: reason(pl.reason).to_owned(),
    }
}

impl Present for Take6 {
    type View = Take6View;
    type Analysis = Take6Analysis;

    fn secret_params(&self) -> &'static [&'static str] {
        &["script"]
    }

    /// The hand in progress; before the first deal (a chance node, which sessions resolve at
    /// once), an empty table.
    fn view(&self, viewer: Option<usize>) -> Take6View {
        let n = self.num_players();
        let sees = |p: usize| viewer.is_none_or(|v| v == p);
        let hand = self.hand();
        let hands: Vec<CardSet> =
            (0..n).map(|p| hand.map_or(CardSet::EMPTY, |h| h.hand(p))).collect();
        let taken: Vec<CardSet> =
            (0..n).map(|p| hand.map_or(CardSet::EMPTY, |h| h.taken(p))).collect();
        Take6View {
            mode: self.mode(),
            rules: self.params(),
            hands_dealt: self.hands_dealt(),
            round: hand.map_or(0, |h| h.round()),
            rows: hand
                .map(|h| {
                    h.table()
                        .rows()
                        .iter()
                        .map(|r| Take6Row { cards: values(r.cards()), heads: r.heads() })
                        .collect()
                })
                .unwrap_or_default(),
            hands: (0..n).map(|p| sees(p).then(|| values(hands[p]))).collect(),
            hand_sizes: hands.iter().map(|h| h.len()).collect(),
            chosen: (0..n).map(|p| self.has_chosen(p)).collect(),
            choices: (0..n).map(|p| self.choice(p).filter(|_| sees(p)).map(Card::value)).collect(),
            revealed: (0..n).map(|p| hand.and_then(|h| h.revealed(p)).map(Card::value)).collect(),
            row_choice: hand
                .and_then(|h| h.row_choice())
                .map(|next| Take6RowChoice { player: next.player, card: next.card.value() }),
            taken: taken.iter().map(|&t| values(t)).collect(),
            penalties: taken.iter().map(|t| t.heads()).collect(),
            scores: self.scores(),
            finished_hands: self.finished_hands(),
            last_round: self.last_round().iter().map(placement).collect(),
        }
    }

    /// For a card: the analytic expected heads this round (`expected_penalty`) and a Monte
    /// Carlo estimate over [`ANALYSIS_SAMPLES`] deals of the unseen cards (`sampled_penalty`;
    /// at most 10 cards x 2,000 samples x 10 players: well under a second). For a row choice:
    /// the row's heads.
    fn analyse(&self, seed: u64) -> Result<Take6Analysis, PlayError> {
        let (Some(p), Some(hand)) = (self.current_player(), self.hand()) else {
            return Ok(Take6Analysis { player: None, samples: 0, actions: Vec::new() });
        };
        let view = hand.view(p);
        let mut rng = FastRng::new(seed);
        // Every opponent needs an unseen card to sample a round.
        let samples =
            if view.unseen().len() + 1 >= self.num_players() { ANALYSIS_SAMPLES } else { 0 };
        let actions = self
            .legal_actions()
            .into_iter()
            .map(|a| match a {
                Action::TakeRow(r) => {
                    let heads = f64::from(hand.table().rows()[usize::from(r)].heads());
                    Take6Estimate { action: a.to_string(), expected: heads, monte_carlo: heads }
                }
                Action::Play(c) => Take6Estimate {
                    action: a.to_string(),
                    expected: expected_penalty(&view, c),
                    monte_carlo: sampled_penalty(&view, c, samples, &mut rng),
                },
            })
            .collect();
        Ok(Take6Analysis { player: Some(p), samples, actions })
    }
}
