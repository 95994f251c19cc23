//! Take 6!: a hand or a match, the simultaneous rounds presented turn by turn.

use serde::{Deserialize, Serialize};
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_take6::{
    Action, Bot, BotKind, Card, CardSet, DECK_SIZE, FastRng, Hand, Placement, Reason, RowRule,
    Rules, Target, expected_penalty, parse_nthu14463,
};

use crate::{Analyse, PlayError, Playable};

/// The most playouts per candidate of an `mc:N` bot seat.
pub const MAX_MC_PLAYOUTS: u32 = 10_000;

/// The samples per card of the Monte Carlo estimate in [`Take6`]'s analysis.
pub const ANALYSIS_SAMPLES: u32 = 2_000;

/// Hand or match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// One hand: the returns are minus each player's heads.
    #[default]
    Hand,
    /// Hands until someone reaches the target at the end of a hand: the returns are minus
    /// each player's total.
    Match,
}

/// The parameters of a Take 6! game. Default: the published rules (104 cards, 4 rows,
/// 10 cards each, free row choice) for 4 players, one hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Take6Params {
    /// Players, `2..=10`.
    pub players: u8,
    /// Rows, `1..=4`.
    pub rows: u8,
    /// Cards per player per hand (rounds), `1..=50`.
    pub hand_size: u8,
    /// The highest card, at most 104 and at least `players * hand_size + rows`.
    pub deck: u8,
    /// `choose` (the published game: the owner of a too-low card picks the row) or `forced`
    /// (the judge's: the row ending highest).
    pub row_rule: String,
    /// A match ends after the hand in which someone reaches this many heads.
    pub target: u16,
    /// `hand` or `match`.
    pub mode: Mode,
    /// The judge's input (NTHU 14463) to replay: its rules and deal replace the fields above,
    /// and the bot `script` plays its cards.
    pub script: Option<String>,
}

impl Default for Take6Params {
    fn default() -> Take6Params {
        let r = Rules::standard(4);
        Take6Params {
            players: r.players,
            rows: r.rows,
            hand_size: r.hand_size,
            deck: r.deck,
            row_rule: r.row_rule.to_string(),
            target: r.target,
            mode: Mode::Hand,
            script: None,
        }
    }
}

/// Take 6! for the session layer. Each round the players choose a card in seat order (each
/// choice hidden from the others until the last player has chosen); then the cards are placed,
/// and the owner of a too-low card picks a row (under `choose`) as a decision of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Take6 {
    rules: Rules,
    mode: Mode,
    seed: u64,
    hand: Hand,
    hands_dealt: u32,
    /// The heads of every finished hand of a match.
    scores: Vec<u32>,
    /// Each finished hand's heads per player (a match).
    finished: Vec<Vec<u32>>,
    /// This round's choices, not revealed yet.
    chosen: Vec<Option<Card>>,
    /// The placements of the round last revealed.
    last_round: Vec<Placement>,
    /// The script's cards, `plays[player][round]`.
    script: Option<Vec<Vec<Card>>>,
}

impl Take6 {
    /// The hand in progress (the last one once the game is over).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    fn over(&self) -> bool {
        self.hand.is_over()
    }

    /// Every player's total: finished hands plus the hand in progress.
    fn totals(&self) -> Vec<u32> {
        let mut s = self.scores.clone();
        if !(self.mode == Mode::Match && self.over()) {
            for (p, v) in s.iter_mut().enumerate() {
                *v += self.hand.penalty(p);
            }
        }
        s
    }

    fn after_placements(&mut self) {
        if self.mode == Mode::Match && self.hand.is_over() {
            for p in 0..self.rules.num_players() {
                self.scores[p] += self.hand.penalty(p);
            }
            self.finished
                .push((0..self.rules.num_players()).map(|p| self.hand.penalty(p)).collect());
            if self.scores.iter().all(|&s| s < u32::from(self.rules.target)) {
                let mut rng = seeded_rng(sub_seed(self.seed, u64::from(self.hands_dealt)));
                self.hand = Hand::deal(self.rules, &mut rng).expect("the rules were validated");
                self.hands_dealt += 1;
            }
        }
    }

    fn bot(&self, name: &str) -> Option<BotKind> {
        match name.parse::<BotKind>() {
            Ok(BotKind::MonteCarloTimed { .. }) => None,
            Ok(BotKind::MonteCarlo { playouts }) if playouts > MAX_MC_PLAYOUTS => None,
            Ok(kind) => Some(kind),
            Err(_) => None,
        }
    }
}

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
    /// `samples` deals of the unseen cards to the opponents.
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

impl Playable for Take6 {
    type Params = Take6Params;
    type Action = Action;
    type View = Take6View;

    const NAME: &'static str = "take6";
    const DESCRIPTION: &'static str = "Take 6! (6 nimmt!): 2 to 10 players, the fewest cattle heads wins; the published rules or the judge's";

    fn new(params: &Take6Params, seed: u64) -> Result<Take6, PlayError> {
        let (rules, hand, script) = if let Some(text) = &params.script {
            if params.mode == Mode::Match {
                return Err(PlayError::bad("mode", "a script is one hand"));
            }
            let script = parse_nthu14463(text).map_err(|e| PlayError::bad("script", e))?;
            (*script.rules(), script.hand(), Some(script.plays().to_vec()))
        } else {
            let row_rule: RowRule = params
                .row_rule
                .parse()
                .map_err(|e: tabletop_take6::ParseRowRuleError| PlayError::bad("row_rule", e))?;
            let rules = Rules {
                row_rule,
                players: params.players,
                rows: params.rows,
                hand_size: params.hand_size,
                deck: params.deck,
                target: params.target,
            };
            rules.validate().map_err(|e| PlayError::bad("rules", e))?;
            if params.mode == Mode::Match && !rules.hand_always_scores() {
                return Err(PlayError::bad(
                    "mode",
                    "these rules let a hand end with no heads taken: a match might never end",
                ));
            }
            if params.mode == Mode::Match && params.target == 0 {
                return Err(PlayError::bad("target", "a match needs a target of at least 1"));
            }
            let s = if params.mode == Mode::Match { sub_seed(seed, 0) } else { seed };
            let hand =
                Hand::deal(rules, &mut seeded_rng(s)).map_err(|e| PlayError::bad("rules", e))?;
            (rules, hand, None)
        };
        let n = rules.num_players();
        Ok(Take6 {
            rules,
            mode: params.mode,
            seed,
            hand,
            hands_dealt: 1,
            scores: vec![0; n],
            finished: Vec::new(),
            chosen: vec![None; n],
            last_round: Vec::new(),
            script,
        })
    }

    fn num_players(&self) -> usize {
        self.rules.num_players()
    }

    fn player_name(&self, player: usize) -> String {
        format!("player {}", player + 1)
    }

    fn current_player(&self) -> Option<usize> {
        if self.over() {
            return None;
        }
        if let Some(next) = self.hand.row_choice() {
            return Some(next.player);
        }
        self.chosen.iter().position(Option::is_none)
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Some(p) = self.current_player() else {
            return Vec::new();
        };
        if self.hand.row_choice().is_some() {
            (0..self.rules.rows).map(Action::TakeRow).collect()
        } else {
            self.hand.hand(p).iter().map(Action::Play).collect()
        }
    }

    fn apply(&mut self, action: Action) {
        let p = self.current_player().expect("a player to move");
        match action {
            Action::TakeRow(r) => {
                self.last_round.push(self.hand.place_next(Some(r as usize)));
            }
            Action::Play(card) => {
                self.chosen[p] = Some(card);
                if self.chosen.iter().all(Option::is_some) {
                    let cards: Vec<Card> = self.chosen.iter().flatten().copied().collect();
                    self.hand.reveal(&cards);
                    self.chosen.fill(None);
                    self.last_round.clear();
                }
            }
        }
        let log = &mut self.last_round;
        self.hand.place_forced(|_, placement| log.push(*placement));
        self.after_placements();
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        let a: Action =
            text.parse().map_err(|e: tabletop_take6::ParseActionError| e.to_string())?;
        match a {
            Action::Play(c) if c.value() > self.rules.deck => {
                Err(format!("card {c} is above the deck's highest card {}", self.rules.deck))
            }
            Action::TakeRow(r) if r >= self.rules.rows => {
                Err(format!("row {} does not exist: the table has {} rows", r + 1, self.rules.rows))
            }
            _ => Ok(a),
        }
    }

    fn returns(&self) -> Vec<f64> {
        self.totals().iter().map(|&s| -f64::from(s)).collect()
    }

    /// Cards 1..=deck are ids 0..deck, then the rows `r1`..`r4` are `deck..deck + rows`.
    fn num_distinct_actions(&self) -> usize {
        usize::from(self.rules.deck) + usize::from(self.rules.rows)
    }

    fn action_id(&self, action: Action) -> usize {
        match action {
            Action::Play(c) => usize::from(c.value()) - 1,
            Action::TakeRow(r) => usize::from(self.rules.deck) + usize::from(r),
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Action> {
        let deck = usize::from(self.rules.deck);
        if id < deck {
            Card::new(id as u8 + 1).map(Action::Play)
        } else if id < self.num_distinct_actions() {
            Some(Action::TakeRow((id - deck) as u8))
        } else {
            None
        }
    }

    fn bots(&self) -> Vec<String> {
        let mut bots: Vec<String> =
            ["heuristic", "mc", "random", "lowest", "highest"].map(str::to_owned).to_vec();
        if self.script.is_some() {
            bots.insert(0, "script".to_owned());
        }
        bots
    }

    /// The built-in bots by their arena names (`heuristic`, `mc`, `mc:<playouts>` up to
    /// [`MAX_MC_PLAYOUTS`], `random`, `lowest`, `highest`), and `script` when replaying the
    /// judge's input. Time-limited bots (`mc:<n>ms`) are refused: they are not reproducible.
    fn check_bot(&self, name: &str) -> Result<(), String> {
        if name == "script" && self.script.is_some() || self.bot(name).is_some() {
            Ok(())
        } else {
            Err(format!("unknown bot {name:?}"))
        }
    }

    fn bot_action(&self, bot: &str, seed: u64) -> Action {
        let p = self.current_player().expect("a player to move");
        let view = self.hand.view(p);
        if let Some(next) = self.hand.row_choice() {
            let mut b = self.bot(bot).unwrap_or(BotKind::Heuristic).build(seed);
            return Action::TakeRow(b.choose_row(&view, next.card) as u8);
        }
        if let (Some(plays), "script") = (&self.script, bot) {
            return Action::Play(plays[p][self.hand.round()]);
        }
        let mut b = self.bot(bot).unwrap_or(BotKind::Heuristic).build(seed);
        Action::Play(b.choose_card(&view))
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn secret_params(&self) -> &'static [&'static str] {
        &["script"]
    }

    fn view(&self, viewer: Option<usize>) -> Take6View {
        let n = self.num_players();
        let sees = |p: usize| viewer.is_none_or(|v| v == p);
        let h = &self.hand;
        Take6View {
            mode: self.mode,
            rules: Take6Params {
                players: self.rules.players,
                rows: self.rules.rows,
                hand_size: self.rules.hand_size,
                deck: self.rules.deck,
                row_rule: self.rules.row_rule.to_string(),
                target: self.rules.target,
                mode: self.mode,
                script: None,
            },
            hands_dealt: self.hands_dealt,
            round: h.round(),
            rows: h
                .table()
                .rows()
                .iter()
                .map(|r| Take6Row { cards: values(r.cards()), heads: r.heads() })
                .collect(),
            hands: (0..n).map(|p| sees(p).then(|| values(h.hand(p)))).collect(),
            hand_sizes: (0..n).map(|p| h.hand(p).len() as usize).collect(),
            chosen: self.chosen.iter().map(Option::is_some).collect(),
            choices: (0..n).map(|p| self.chosen[p].filter(|_| sees(p)).map(Card::value)).collect(),
            revealed: (0..n).map(|p| h.revealed(p).map(Card::value)).collect(),
            row_choice: h
                .row_choice()
                .map(|next| Take6RowChoice { player: next.player, card: next.card.value() }),
            taken: (0..n).map(|p| values(h.taken(p))).collect(),
            penalties: (0..n).map(|p| h.penalty(p)).collect(),
            scores: self.totals(),
            finished_hands: self.finished.clone(),
            last_round: self
                .last_round
                .iter()
                .map(|pl| Take6Placement {
                    player: pl.player,
                    card: pl.card.value(),
                    row: pl.row + 1,
                    taken: values(pl.taken),
                    heads: pl.heads(),
                    reason: reason(pl.reason).to_owned(),
                })
                .collect(),
        }
    }

    fn hidden_tail(&self) -> usize {
        self.chosen.iter().flatten().count()
    }

    fn check_invariants(&self) -> Result<(), String> {
        tabletop_core::Game::check_invariants(&self.hand)?;
        if self.chosen.len() != self.num_players() {
            return Err("one choice slot per player".to_owned());
        }
        for (p, c) in self.chosen.iter().enumerate() {
            if c.is_some_and(|c| !self.hand.hand(p).contains(c)) {
                return Err(format!("player {p} chose a card they do not hold"));
            }
        }
        Ok(())
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![9, usize::from(DECK_SIZE)]
    }

    /// Nine planes of 104 cards (card `c` at index `c - 1`): 0 the player's hand; 1-4 the
    /// cards of rows 1-4; 5 every card taken this hand; 6 the cards revealed and not placed
    /// yet; 7 the player's own choice this round; 8 all ones when the player must pick a row.
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        let w = usize::from(DECK_SIZE);
        let mut t = vec![0.0; 9 * w];
        let mut mark = |plane: usize, set: CardSet| {
            for c in set {
                t[plane * w + usize::from(c.value()) - 1] = 1.0;
            }
        };
        let h = &self.hand;
        mark(0, h.hand(player));
        for (r, row) in h.table().rows().iter().enumerate() {
            mark(1 + r, row.cards());
        }
        mark(5, (0..self.num_players()).fold(CardSet::EMPTY, |s, p| s | h.taken(p)));
        mark(6, h.pending());
        if let Some(c) = self.chosen.get(player).copied().flatten() {
            mark(7, CardSet::single(c));
        }
        if h.row_choice().is_some_and(|n| n.player == player) {
            t[8 * w..].fill(1.0);
        }
        t
    }

    fn text(&self) -> String {
        let mut s = self.hand.to_string();
        if self.mode == Mode::Match {
            s.push_str(&format!("scores: {:?}\n", self.totals()));
        }
        s
    }

    fn max_remaining_steps(&self) -> usize {
        let n = self.num_players();
        let per_hand = usize::from(self.rules.hand_size) * 2 * n;
        let this = (usize::from(self.rules.hand_size) - self.hand.round()) * 2 * n;
        if self.mode == Mode::Hand {
            return this;
        }
        let total: u32 = self.totals().iter().sum();
        let hands_left =
            (n * usize::from(self.rules.target).saturating_sub(1)).saturating_sub(total as usize);
        this + hands_left * per_hand
    }
}

/// The heads `player` takes this round when their card is `card` and every opponent who
/// has not placed yet plays a card drawn from `unseen` (without replacement); too-low cards
/// take the row the rule gives (the fewest heads under `choose`, every bot's default).
fn sample_round(
    rules: &Rules,
    hand: &Hand,
    player: usize,
    card: Card,
    unseen: &[Card],
    rng: &mut FastRng,
) -> u32 {
    let n = rules.num_players();
    let mut pool = unseen.to_vec();
    let mut cards: Vec<(Card, usize)> = vec![(card, player)];
    for p in (0..n).filter(|&p| p != player) {
        let i = rng.below(pool.len() as u32) as usize;
        cards.push((pool.swap_remove(i), p));
    }
    cards.sort();
    let mut table = *hand.table();
    let mut heads = 0;
    for (c, owner) in cards {
        let row = match table.target(c) {
            Target::Row(r) => r,
            Target::TooLow if rules.row_rule == RowRule::Forced => table.forced_row(),
            Target::TooLow => table.fewest_heads_row(),
        };
        let taken = table.place(c, row);
        if owner == player {
            heads += taken.heads();
        }
    }
    heads
}

impl Analyse for Take6 {
    type Analysis = Take6Analysis;

    /// For a card: the analytic expected heads this round and a Monte Carlo estimate over
    /// [`ANALYSIS_SAMPLES`] deals of the unseen cards (at most 10 cards x 2,000 samples x 10
    /// players: well under a second). For a row choice: the row's heads.
    fn analyse(&self, seed: u64) -> Result<Take6Analysis, PlayError> {
        let Some(p) = self.current_player() else {
            return Ok(Take6Analysis { player: None, samples: 0, actions: Vec::new() });
        };
        let view = self.hand.view(p);
        let legal = self.legal_actions();
        let unseen: Vec<Card> = view.unseen().iter().collect();
        let mut rng = FastRng::new(seed);
        let samples = if unseen.len() + 1 >= self.num_players() { ANALYSIS_SAMPLES } else { 0 };
        let actions = legal
            .iter()
            .map(|&a| match a {
                Action::TakeRow(r) => {
                    let heads = f64::from(self.hand.table().rows()[usize::from(r)].heads());
                    Take6Estimate { action: a.to_string(), expected: heads, monte_carlo: heads }
                }
                Action::Play(c) => {
                    let total: u64 = (0..samples)
                        .map(|_| {
                            u64::from(sample_round(
                                &self.rules,
                                &self.hand,
                                p,
                                c,
                                &unseen,
                                &mut rng,
                            ))
                        })
                        .sum();
                    Take6Estimate {
                        action: a.to_string(),
                        expected: expected_penalty(&view, c),
                        monte_carlo: if samples == 0 {
                            0.0
                        } else {
                            total as f64 / f64::from(samples)
                        },
                    }
                }
            })
            .collect();
        Ok(Take6Analysis { player: Some(p), samples, actions })
    }
}
