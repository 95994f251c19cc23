//! [`Session`]: any registered game, its seats, its history and undo.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop_core::review::{Review, ReviewError};
use tabletop_core::{IllegalAction, Rng, Turn, sub_seed};

use crate::registry::{ErasedGame, find};
use crate::{PlayError, Seat};

/// The most actions [`Session::advance`] plays in one call (far above a game's length with
/// the capped parameters: a race on a 64 x 64 board takes at most 126 moves, Mahjong about
/// 150 discards, a Take 6! match to 66 a few hundred decisions; only a match to a target in
/// the thousands reaches it).
pub const MAX_ADVANCE: usize = 100_000;

/// One action of the history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The player who acted.
    pub player: usize,
    /// The action's integer id.
    pub id: usize,
    /// The action in the game's notation.
    pub action: String,
}

/// One action of the history as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeenStep {
    /// The player who acted.
    pub player: usize,
    /// The action in notation, or `None` while it is secret to this viewer (a Take 6! card
    /// chosen in the round in progress).
    pub action: Option<String>,
}

/// The whole state of a session as one viewer sees it: what a front end draws.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionState {
    /// The game's registry name.
    pub game: String,
    /// The players' names in the game's terms, by seat.
    pub players: Vec<String>,
    /// Who plays each seat (`"human"`, `"solver"` or a bot name).
    pub seats: Vec<Seat>,
    /// The seed of the session; `None` for a player of a game with hidden information (the
    /// seed decides the deal).
    pub seed: Option<u64>,
    /// The parameters with every default filled in; for a player of a game with hidden
    /// information, without those that reveal it (a pasted wall, a script).
    pub params: Value,
    /// The seat the view is for, `None` for everything (spectator).
    pub viewer: Option<usize>,
    /// The player to decide now, `None` once the game is over.
    pub to_move: Option<usize>,
    /// Whether the player to move is a person.
    pub human_to_move: bool,
    /// The legal actions of the player to move, in notation, when the viewer may see them
    /// (the viewer is the player to move, or a spectator); empty otherwise.
    pub legal_actions: Vec<String>,
    /// The game's own view (shape documented per game at the crate root).
    pub view: Value,
    /// Every action so far, oldest first, secrets hidden from this viewer.
    pub history: Vec<SeenStep>,
    /// The last action, as in `history`.
    pub last_action: Option<SeenStep>,
    /// Whether the game is over.
    pub terminal: bool,
    /// The returns once the game is over, one per player (higher is better).
    pub returns: Option<Vec<f64>>,
    /// Whether [`Session::undo`] would succeed.
    pub can_undo: bool,
}

/// How a session plays its chance nodes (a deal, a wall, a match's next deal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// Drawn from the session's seed as they come ([`tabletop_core::Game::chance_from_seed`]):
    /// no state a player meets is a chance node.
    #[default]
    Seeded,
    /// Left to the caller, as OpenSpiel's algorithms expect: the session stops at each chance
    /// node ([`Session::turn`] is [`Turn::Chance`]), and its outcomes
    /// ([`Session::chance_outcomes`]) are applied one at a time by [`Session::apply_action`].
    Explicit,
}

impl Chance {
    /// Whether chance is drawn from the seed (the default, left out of a [`Record`]).
    pub fn is_seeded(&self) -> bool {
        *self == Chance::Seeded
    }
}

/// A game in progress behind one type: any registered game, who plays each seat, the history
/// and every earlier state (for undo).
///
/// Two interfaces meet here: the seat-aware one for front ends ([`Session::act`],
/// [`Session::advance`], [`Session::undo`], [`Session::state`]) and OpenSpiel's integer one
/// ([`Session::current_player`], [`Session::legal_actions`], [`Session::apply_action`], ...),
/// which ignores seats.
///
/// ```
/// use tabletop_play::{Seat, Session};
/// use serde_json::json;
///
/// // A queen on an 8 x 8 board, a person against the perfect player.
/// let mut s = Session::new("race", json!({"piece": "queen", "rows": 8, "cols": 8}),
///                          vec![Seat::Human, Seat::Solver], 7)?;
/// assert_eq!(s.current_player(), Some(0));
/// s.act(0, "(1,3)")?;        // the person moves
/// s.advance()?;              // the solver answers
/// assert_eq!(s.current_player(), Some(0));
/// s.undo()?;                 // back to the person's last decision
/// assert_eq!(s.history().len(), 0);
/// let state = serde_json::to_value(s.state())?;
/// assert_eq!(state["view"]["cell"], json!([1, 1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Session {
    /// The state, every id applied since the start (the record) and undo.
    line: Line,
    /// Shared between copies, as the parameters: neither changes after the start.
    seats: Arc<[Seat]>,
    seed: u64,
    params: Arc<Value>,
    chance: Chance,
}

/// A game from its start: the state now and every id applied since, chance outcomes
/// included, with who acted. Going back is one operation, [`Line::truncate`], which replays
/// the ids from the start (the games are deterministic given the action ids, so a step costs
/// no snapshot). [`Session`] keeps one, and so does Python's OpenSpiel state.
///
/// ```
/// use tabletop_play::{Line, find};
///
/// let (start, _) = (find("take6")?.create)(&serde_json::Value::Null)?;
/// let mut line = Line::new(start);
/// line.resolve_chance(7);                     // the deal
/// let dealt = line.len();
/// let id = line.game().legal_actions()[0];
/// line.try_apply(id)?;
/// assert_eq!(line.decisions(), 1);
/// assert!(line.undo());                        // one step back: the deal again
/// assert_eq!(line.len(), dealt);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Line {
    /// The state at the start, shared between copies.
    initial: Arc<dyn ErasedGame>,
    game: Box<dyn ErasedGame>,
    /// Who acted and the id, for every step from the start.
    steps: Vec<(Turn, usize)>,
    /// How many of `steps` are players' (not chance's).
    decisions: usize,
}

impl Line {
    /// The line of a game at its start (nothing applied yet).
    pub fn new(start: Box<dyn ErasedGame>) -> Line {
        Line { initial: Arc::from(start.clone()), game: start, steps: Vec::new(), decisions: 0 }
    }

    /// The line that plays `ids` from `start`, one after another.
    ///
    /// # Errors
    /// The index of the first id that is not legal in turn, and why.
    pub fn replayed(
        start: Box<dyn ErasedGame>,
        ids: impl IntoIterator<Item = usize>,
    ) -> Result<Line, (usize, IllegalAction)> {
        let mut line = Line::new(start);
        for (i, id) in ids.into_iter().enumerate() {
            line.try_apply(id).map_err(|e| (i, e))?;
        }
        Ok(line)
    }

    /// The state now.
    pub fn game(&self) -> &dyn ErasedGame {
        self.game.as_ref()
    }

    /// The state at the start.
    pub fn initial(&self) -> &dyn ErasedGame {
        self.initial.as_ref()
    }

    /// Who acted ([`Turn::Player`] or [`Turn::Chance`]) and the id, for every step from the
    /// start, oldest first.
    pub fn steps(&self) -> &[(Turn, usize)] {
        &self.steps
    }

    /// Every id applied from the start, chance outcomes included, oldest first.
    pub fn ids(&self) -> impl Iterator<Item = usize> + '_ {
        self.steps.iter().map(|&(_, id)| id)
    }

    /// The number of steps from the start, chance outcomes included.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether nothing has been applied since the start.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The number of players' steps (chance outcomes left out).
    pub fn decisions(&self) -> usize {
        self.decisions
    }

    /// The player and id of every player's step, oldest first.
    pub fn decision_steps(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.steps.iter().filter_map(|&(turn, id)| turn.player().map(|p| (p, id)))
    }

    /// Applies an id if it is legal now (a player's action or a chance outcome); who acted.
    ///
    /// # Errors
    /// Why not; the line is unchanged.
    pub fn try_apply(&mut self, id: usize) -> Result<Turn, IllegalAction> {
        let turn = self.game.turn();
        self.game.try_apply_id(id)?;
        self.steps.push((turn, id));
        self.decisions += usize::from(turn != Turn::Chance);
        Ok(turn)
    }

    /// Applies the chance outcomes `seed` picks here ([`ErasedGame::resolve_chance`]); how
    /// many.
    pub fn resolve_chance(&mut self, seed: u64) -> usize {
        let ids = self.game.resolve_chance(seed);
        let n = ids.len();
        self.steps.extend(ids.into_iter().map(|id| (Turn::Chance, id)));
        n
    }

    /// Back to the state after the first `len` steps (no change if there are no more): the
    /// start, then those steps again.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.steps.len() {
            return;
        }
        self.steps.truncate(len);
        let mut game = self.initial.clone_box();
        for &(_, id) in &self.steps {
            game.apply_legal_id(id);
        }
        self.game = game;
        self.decisions = self.decision_steps().count();
    }

    /// Takes back the last step, chance outcomes included; false at the start.
    pub fn undo(&mut self) -> bool {
        let Some(len) = self.steps.len().checked_sub(1) else {
            return false;
        };
        self.truncate(len);
        true
    }

    /// A line to a state `player` cannot tell from this one, drawn with `rng`
    /// ([`ErasedGame::resample_from_infostate`]), with the sample's own history from the
    /// same start; `None` if the game keeps no history and the sample is another state.
    pub fn resample(&self, player: usize, rng: &mut Rng) -> Option<Line> {
        let game = self.game.resample_from_infostate(player, rng);
        match game.history_ids() {
            Some(steps) => {
                let decisions = steps.iter().filter(|(t, _)| *t != Turn::Chance).count();
                Some(Line { initial: self.initial.clone(), game, steps, decisions })
            }
            None if game.same_state(self.game.as_ref()) => Some(self.clone()),
            None => None,
        }
    }
}

/// A game in a compact form that rebuilds its exact state: the game, its parameters, the seed
/// (which decides the bots' choices and any chance node the actions do not reach), the seats,
/// and every action id applied from the start, chance outcomes (the deal, the wall) included,
/// in order. The same JSON everywhere: [`Session::record`], `GET /api/games/{id}/record`,
/// Python's `Session.record()`, and back through [`Session::from_record`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The game's registry name.
    pub game: String,
    /// The parameters with every default filled in.
    pub params: Value,
    /// The session's seed.
    pub seed: u64,
    /// Who plays each seat.
    pub seats: Vec<Seat>,
    /// Every id applied, chance outcomes included, oldest first.
    pub actions: Vec<usize>,
    /// How the chance nodes are played; left out (as `seeded`) unless explicit.
    #[serde(default, skip_serializing_if = "Chance::is_seeded")]
    pub chance: Chance,
}

impl Session {
    /// A new session of `game` (a registry name) with `params` (a JSON object; `{}` or
    /// `null` for the defaults), `seats` (one per player; missing seats are the game's
    /// default bot, and no seats at all means a person in seat 0) and a `seed` that
    /// decides the deal and every bot's choices.
    ///
    /// # Errors
    /// [`PlayError::UnknownGame`], [`PlayError::BadParams`], [`PlayError::TooLarge`],
    /// [`PlayError::UnknownSeat`] (more seats than players), [`PlayError::UnknownBot`].
    pub fn new(
        game: &str,
        params: Value,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<Session, PlayError> {
        Session::with_chance(game, params, seats, seed, Chance::Seeded)
    }

    /// [`Session::new`] with its chance nodes played as `chance` says: with
    /// [`Chance::Explicit`], a game that starts with a deal starts at a chance node.
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_chance(
        game: &str,
        params: Value,
        seats: Vec<Seat>,
        seed: u64,
        chance: Chance,
    ) -> Result<Session, PlayError> {
        let seats = seats.into_iter().map(Some).collect();
        let mut session = Session::start(game, &params, seats, seed, chance)?;
        session.resolve_chance()?;
        Ok(session)
    }

    /// The initial state (chance nodes not resolved) with its seats checked: `None` seats are
    /// the game's default bot.
    fn start(
        game: &str,
        params: &Value,
        seats: Vec<Option<Seat>>,
        seed: u64,
        chance: Chance,
    ) -> Result<Session, PlayError> {
        let entry = find(game)?;
        let (game, params) = (entry.create)(params)?;
        let players = game.num_players();
        if seats.len() > players {
            return Err(PlayError::UnknownSeat { seat: seats.len().to_string(), players });
        }
        let mut seats = seats;
        if seats.is_empty() {
            seats.push(Some(Seat::Human));
        }
        seats.resize(players, None);
        let default_bot = game.bots().first().cloned().unwrap_or_else(|| "random".to_owned());
        // `solver` reads as Seat::Solver, like a seat written by name.
        let default_seat: Seat = default_bot.parse().unwrap_or(Seat::Bot(default_bot));
        let seats: Vec<Seat> =
            seats.into_iter().map(|s| s.unwrap_or_else(|| default_seat.clone())).collect();
        for (seat, who) in seats.iter().enumerate() {
            if let Some(bot) = who.bot() {
                game.check_bot(bot)
                    .map_err(|e| PlayError::of_bot(seat, game.game_type().short_name, e))?;
            }
        }
        let (seats, params) = (seats.into(), Arc::new(params));
        Ok(Session { line: Line::new(game), seats, seed, params, chance })
    }

    /// Resolves the chance nodes ahead (a deal, a wall, a match's next deal) from the
    /// session's seed, as the game defines it ([`tabletop_core::Game::chance_from_seed`]);
    /// none with [`Chance::Explicit`].
    fn resolve_chance(&mut self) -> Result<(), PlayError> {
        while self.chance == Chance::Seeded && self.line.game().turn() == Turn::Chance {
            if self.line.resolve_chance(self.seed) == 0 {
                return Err(PlayError::bad("seed", "the game drew no chance outcome"));
            }
        }
        Ok(())
    }

    /// The record of the session: everything needed to rebuild it exactly.
    pub fn record(&self) -> Record {
        Record {
            game: self.game().to_owned(),
            params: Value::clone(&self.params),
            seed: self.seed,
            seats: self.seats.to_vec(),
            actions: self.line.ids().collect(),
            chance: self.chance,
        }
    }

    /// The session a [`Record`] describes: the same game, parameters, seed and seats, with
    /// its actions applied in order (chance outcomes where the game is at a chance node); any
    /// chance node left at the end is resolved from the seed.
    ///
    /// # Errors
    /// As [`Session::new`]; [`PlayError::IllegalAction`] for an action of the record that is
    /// not legal where it stands (its index in `actions` is in the reason).
    pub fn from_record(record: &Record) -> Result<Session, PlayError> {
        let seats = record.seats.iter().cloned().map(Some).collect();
        let mut s =
            Session::start(&record.game, &record.params, seats, record.seed, record.chance)?;
        for (i, &id) in record.actions.iter().enumerate() {
            if let Err(e) = s.line.try_apply(id) {
                return Err(s.illegal(id.to_string(), format!("record action {i}: {e}")));
            }
        }
        s.resolve_chance()?;
        Ok(s)
    }

    /// A session from one JSON object: `{"game": ..., "seed": ..., "seats": ..., ...params}`,
    /// the body of the server's `POST /api/games`. `seed` defaults to 0; `seats` is an array
    /// of seat strings, or an object from seat number (`"0"`, `"1"`, ...) to seat string;
    /// every other field is a game parameter.
    ///
    /// # Errors
    /// As [`Session::new`]; [`PlayError::BadParams`] for a malformed `game`, `seed` or
    /// `seats`.
    pub fn from_json(request: &Value) -> Result<Session, PlayError> {
        let Value::Object(map) = request else {
            return Err(PlayError::bad("request", "expected a JSON object"));
        };
        let mut params = map.clone();
        let game = match params.remove("game") {
            Some(Value::String(g)) => g,
            Some(_) => return Err(PlayError::bad("game", "expected a string")),
            None => return Err(PlayError::bad("game", "missing")),
        };
        let seed = match params.remove("seed") {
            None | Some(Value::Null) => 0,
            Some(v) => v
                .as_u64()
                .ok_or_else(|| PlayError::bad("seed", "expected an integer from 0 to 2^64-1"))?,
        };
        let seats = match params.remove("seats") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => seats_from_json(&v)?,
        };
        let mut session =
            Session::start(&game, &Value::Object(params), seats, seed, Chance::Seeded)?;
        session.resolve_chance()?;
        Ok(session)
    }

    /// The game now, its history and its start: every question about the game itself
    /// (its text, bots, rewards, sizes, invariants) is asked of `line().game()`.
    pub fn line(&self) -> &Line {
        &self.line
    }

    /// The game's registry name.
    pub fn game(&self) -> &'static str {
        self.line.game().game_type().short_name
    }

    /// The parameters with every default filled in.
    pub fn params(&self) -> &Value {
        &self.params
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How the chance nodes are played.
    pub fn chance(&self) -> Chance {
        self.chance
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The players' names in the game's terms, by seat.
    pub fn player_names(&self) -> Vec<String> {
        (0..self.num_players()).map(|p| self.line.game().player_name(p)).collect()
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.line.game().num_players()
    }

    /// The player to decide now, `None` once the game is over.
    pub fn current_player(&self) -> Option<usize> {
        self.line.game().turn().player()
    }

    /// Who acts now: a player, chance (only with [`Chance::Explicit`]), or nobody at the end.
    pub fn turn(&self) -> Turn {
        self.line.game().turn()
    }

    /// At a chance node, its outcomes as `(id, probability)` pairs ascending by id; empty
    /// elsewhere.
    pub fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let mut outcomes = self.line.game().chance_outcomes();
        outcomes.sort_unstable_by_key(|&(id, _)| id);
        outcomes
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        self.line.game().turn() == Turn::Terminal
    }

    /// The returns, one per player (0 for everyone before the end).
    pub fn returns(&self) -> Vec<f64> {
        if self.is_terminal() { self.line.game().returns() } else { vec![0.0; self.num_players()] }
    }

    /// The ids of the legal actions of the player to move, ascending (empty once the game is
    /// over); at a chance node, its outcomes.
    pub fn legal_actions(&self) -> Vec<usize> {
        if self.is_terminal() { Vec::new() } else { self.line.game().legal_actions() }
    }

    /// The legal actions of the player to move, in notation, in the order of their ids.
    pub fn legal_action_strings(&self) -> Vec<String> {
        if self.is_terminal() { Vec::new() } else { self.line.game().legal_strings() }
    }

    /// The notation of an action id.
    ///
    /// # Errors
    /// [`PlayError::IllegalAction`] if the id is out of range.
    pub fn action_to_string(&self, id: usize) -> Result<String, PlayError> {
        self.line.game().id_to_string(id).ok_or_else(|| {
            self.illegal(
                id.to_string(),
                format!("action ids are 0 to {}", self.line.game().num_distinct_actions() - 1),
            )
        })
    }

    /// The id of an action in notation (legal or not).
    ///
    /// # Errors
    /// [`PlayError::IllegalAction`] if the text is not an action of the game.
    pub fn string_to_action(&self, text: &str) -> Result<usize, PlayError> {
        self.line.game().string_to_id(text).map_err(|e| {
            let reason = match e {
                IllegalAction::Parse { reason, .. } => reason,
                other => other.to_string(),
            };
            self.illegal(text.to_owned(), reason)
        })
    }

    fn illegal(&self, action: String, reason: String) -> PlayError {
        PlayError::IllegalAction {
            action,
            player: self.current_player().unwrap_or(0),
            reason,
            legal: self.legal_action_strings(),
        }
    }

    /// Applies a legal action id for the player to move, whoever holds the seat (the
    /// OpenSpiel interface); at a chance node, one of its outcomes.
    ///
    /// # Errors
    /// [`PlayError::GameOver`], [`PlayError::IllegalAction`].
    pub fn apply_action(&mut self, id: usize) -> Result<(), PlayError> {
        if self.is_terminal() {
            return Err(PlayError::GameOver);
        }
        if self.line.try_apply(id).is_err() {
            // The state is unchanged.
            let text = self.line.game().id_to_string(id).unwrap_or_else(|| id.to_string());
            let reason = match self.turn() {
                Turn::Chance => "not an outcome of this chance node",
                _ => "not a legal action now",
            };
            return Err(self.illegal(text, reason.to_owned()));
        }
        self.resolve_chance()
    }

    /// A person's action in the game's notation: `player` must be the player to move and
    /// their seat must be [`Seat::Human`].
    ///
    /// # Errors
    /// [`PlayError::GameOver`], [`PlayError::UnknownSeat`], [`PlayError::NotYourTurn`],
    /// [`PlayError::IllegalAction`].
    pub fn act(&mut self, player: usize, action: &str) -> Result<(), PlayError> {
        let Some(to_move) = self.current_player() else {
            return Err(PlayError::GameOver);
        };
        if player >= self.num_players() {
            return Err(PlayError::UnknownSeat {
                seat: player.to_string(),
                players: self.num_players(),
            });
        }
        if player != to_move {
            return Err(PlayError::NotYourTurn {
                player,
                to_move: Some(to_move),
                reason: format!("player {to_move} is to move"),
            });
        }
        if let Some(bot) = self.seats[player].bot() {
            return Err(PlayError::NotYourTurn {
                player,
                to_move: Some(to_move),
                reason: format!("seat {player} is played by {bot}"),
            });
        }
        let id = self.string_to_action(action.trim())?;
        self.apply_action(id)
    }

    /// Plays one action for the bot (or solver) seat to move.
    ///
    /// # Errors
    /// [`PlayError::GameOver`]; [`PlayError::NotYourTurn`] when a person is to move.
    pub fn step(&mut self) -> Result<(), PlayError> {
        let id = self.bot_choice()?;
        self.apply_action(id)
    }

    /// [`Session::step`], unless the work is cancelled ([`tabletop_core::cancel`]): an action
    /// chosen while the flag is set may have been cut short (a Monte Carlo bot stops its
    /// playouts), so it is not played, and every action played is the bot's choice with its
    /// whole budget. Whether the action was played.
    ///
    /// # Errors
    /// As [`Session::step`].
    pub fn step_unless_cancelled(&mut self) -> Result<bool, PlayError> {
        if tabletop_core::cancel::requested() {
            return Ok(false);
        }
        let id = self.bot_choice()?;
        if tabletop_core::cancel::requested() {
            return Ok(false);
        }
        self.apply_action(id)?;
        Ok(true)
    }

    /// The action id the bot (or solver) seat to move chooses now.
    fn bot_choice(&self) -> Result<usize, PlayError> {
        let Some(player) = self.current_player() else {
            return Err(PlayError::GameOver);
        };
        let Some(bot) = self.seats[player].bot().map(str::to_owned) else {
            return Err(PlayError::NotYourTurn {
                player,
                to_move: Some(player),
                reason: format!("seat {player} is a person: the session waits for them"),
            });
        };
        let seed = sub_seed(sub_seed(self.seed, 1), self.line.decisions() as u64);
        Ok(self.line.game().bot_id(&bot, seed))
    }

    /// Lets the bot and solver seats move until a person must act or the game ends (at most
    /// [`MAX_ADVANCE`] actions), or the work is cancelled ([`Session::step_unless_cancelled`]);
    /// the number of actions played.
    ///
    /// # Errors
    /// [`PlayError::TooLarge`] if the cap is reached (the actions played so far stay).
    pub fn advance(&mut self) -> Result<usize, PlayError> {
        let mut n = 0;
        while let Some(p) = self.current_player() {
            if self.seats[p].is_human() {
                break;
            }
            if n == MAX_ADVANCE {
                return Err(PlayError::TooLarge {
                    what: "actions in one advance".to_owned(),
                    value: n as u64 + 1,
                    cap: MAX_ADVANCE as u64,
                });
            }
            if !self.step_unless_cancelled()? {
                break;
            }
            n += 1;
        }
        Ok(n)
    }

    /// Goes back to the previous decision of a person: undoes the last action of a human seat
    /// and every bot action after it. With no human seat, undoes one action.
    ///
    /// # Errors
    /// [`PlayError::NothingToUndo`].
    pub fn undo(&mut self) -> Result<(), PlayError> {
        let any_human = self.seats.iter().any(Seat::is_human);
        let target = if any_human {
            (self.line.decision_steps().enumerate())
                .filter(|&(_, (p, _))| self.seats[p].is_human())
                .last()
                .map(|(k, _)| k)
        } else {
            self.line.decisions().checked_sub(1)
        };
        let Some(k) = target else {
            return Err(PlayError::NothingToUndo);
        };
        self.truncate(k);
        Ok(())
    }

    /// Undoes exactly one action, whoever made it (stepping back through a replay); with
    /// [`Chance::Explicit`], exactly one step, a chance outcome included.
    ///
    /// # Errors
    /// [`PlayError::NothingToUndo`].
    pub fn undo_step(&mut self) -> Result<(), PlayError> {
        if self.chance == Chance::Explicit {
            return if self.line.undo() { Ok(()) } else { Err(PlayError::NothingToUndo) };
        }
        let k = self.line.decisions().checked_sub(1).ok_or(PlayError::NothingToUndo)?;
        self.truncate(k);
        Ok(())
    }

    /// Back to the state before the player's step `k`: the start, then the record up to that
    /// step again (the chance outcomes before it included).
    fn truncate(&mut self, k: usize) {
        let steps = self.line.steps();
        let keep = (steps.iter().enumerate())
            .filter(|(_, (turn, _))| *turn != Turn::Chance)
            .nth(k)
            .map_or(steps.len(), |(i, _)| i);
        self.line.truncate(keep);
    }

    /// The notation of an id of this session (ids map to actions by the parameters alone).
    fn notation(&self, id: usize) -> String {
        self.line.game().id_to_string(id).expect("a played id has a notation")
    }

    /// The ids of every action so far, oldest first (all of them, secrets included: the
    /// OpenSpiel history); with [`Chance::Explicit`], the chance outcomes too.
    pub fn history(&self) -> Vec<usize> {
        self.applied().map(|(_, id)| id).collect()
    }

    /// Who acted and the id of every step of [`Session::history`], oldest first.
    pub fn applied(&self) -> impl Iterator<Item = (Turn, usize)> + '_ {
        let explicit = self.chance == Chance::Explicit;
        self.line.steps().iter().copied().filter(move |&(turn, _)| explicit || turn != Turn::Chance)
    }

    /// Every action so far with its player and notation (secrets included).
    pub fn steps(&self) -> Vec<Step> {
        self.line
            .decision_steps()
            .map(|(player, id)| Step { player, id, action: self.notation(id) })
            .collect()
    }

    /// The history as `viewer` sees it (`None`: everything).
    pub fn seen_history(&self, viewer: Option<usize>) -> Vec<SeenStep> {
        let hidden_from =
            self.line.decisions() - self.line.game().hidden_tail().min(self.line.decisions());
        self.line
            .decision_steps()
            .enumerate()
            .map(|(i, (player, id))| SeenStep {
                player,
                action: (i < hidden_from || viewer.is_none_or(|v| v == player))
                    .then(|| self.notation(id)),
            })
            .collect()
    }

    /// The observation tensor of `player`: its shape and its values flattened in row-major
    /// order (layout documented per game at the crate root).
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`] if there is no such player.
    pub fn observation_tensor(&self, player: usize) -> Result<(Vec<usize>, Vec<f32>), PlayError> {
        self.seat_index(player)?;
        Ok((self.line.game().observation_shape(), self.line.game().observation_tensor(player)))
    }

    /// What `player` knows, in text: their information state (their own hand and choices,
    /// everything public; the whole position in an open game).
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`] if there is no such player.
    pub fn information_state_string(&self, player: usize) -> Result<String, PlayError> {
        self.seat_index(player)?;
        Ok(self.line.game().information_state_string(player))
    }

    /// [`Session::information_state_string`] as numbers: its shape and values.
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`] if there is no such player.
    pub fn information_state_tensor(
        &self,
        player: usize,
    ) -> Result<(Vec<usize>, Vec<f32>), PlayError> {
        self.seat_index(player)?;
        Ok((
            self.line.game().information_state_shape(),
            self.line.game().information_state_tensor(player),
        ))
    }

    /// What `player` sees now, in text.
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`] if there is no such player.
    pub fn observation_string(&self, player: usize) -> Result<String, PlayError> {
        self.seat_index(player)?;
        Ok(self.line.game().observation_string(player))
    }

    /// Writes [`Session::observation_tensor`] of `player` over `out`, which must be as long.
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`]; [`PlayError::BadParams`] for a buffer of another length.
    pub fn write_observation_tensor(
        &self,
        player: usize,
        out: &mut [f32],
    ) -> Result<(), PlayError> {
        self.seat_index(player)?;
        let len = self.line.game().observation_shape().iter().product();
        buffer_len(out, len, "observation")?;
        self.line.game().write_observation_tensor(player, out);
        Ok(())
    }

    /// Writes [`Session::information_state_tensor`] of `player` over `out`, which must be as
    /// long.
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`]; [`PlayError::BadParams`] for a buffer of another length.
    pub fn write_information_state_tensor(
        &self,
        player: usize,
        out: &mut [f32],
    ) -> Result<(), PlayError> {
        self.seat_index(player)?;
        let tensor = self.line.game().information_state_tensor(player);
        buffer_len(out, tensor.len(), "information state")?;
        out.copy_from_slice(&tensor);
        Ok(())
    }

    /// A session in a state `player` cannot tell from this one (the same information state,
    /// the same player to act), drawn with `rng` ([`Line::resample`]), with the sample's own
    /// history; in the perfect-information games this state. `None` if the game's sample
    /// keeps no history to follow (a bug of the game).
    ///
    /// # Errors
    /// [`PlayError::UnknownSeat`] if there is no such player.
    pub fn resample(&self, player: usize, rng: &mut Rng) -> Result<Option<Session>, PlayError> {
        self.seat_index(player)?;
        Ok(self.line.resample(player, rng).map(|line| Session {
            line,
            seats: self.seats.clone(),
            params: self.params.clone(),
            ..*self
        }))
    }

    fn seat_index(&self, player: usize) -> Result<(), PlayError> {
        if player >= self.num_players() {
            return Err(PlayError::UnknownSeat {
                seat: player.to_string(),
                players: self.num_players(),
            });
        }
        Ok(())
    }

    /// The id that `bot` (any of the game's bots, `solver` included where the game has one)
    /// would play now for the player to move, whoever holds the seat; deterministic in
    /// `seed`. Nothing is applied.
    ///
    /// # Errors
    /// [`PlayError::GameOver`], [`PlayError::ChanceNode`]; [`PlayError::UnknownBot`] for a
    /// bot the game does not offer.
    pub fn bot_action(&self, bot: &str, seed: u64) -> Result<usize, PlayError> {
        let player = self.decider()?;
        self.line.game().check_bot(bot).map_err(|e| PlayError::of_bot(player, self.game(), e))?;
        Ok(self.line.game().bot_id(bot, seed))
    }

    /// The game's own view for `viewer` (`None`: everything).
    pub fn view(&self, viewer: Option<usize>) -> Value {
        self.line.game().view(viewer)
    }

    /// The viewer a front end shows by default: the one human seat if there is exactly one;
    /// with no human seat, everything (`None`); with several, the human seat to move, else
    /// everything.
    pub fn default_viewer(&self) -> Option<usize> {
        let humans: Vec<usize> =
            (0..self.seats.len()).filter(|&i| self.seats[i].is_human()).collect();
        match humans.as_slice() {
            [one] => Some(*one),
            // With no human seat, no player is one: everything.
            _ => self.current_player().filter(|p| humans.contains(p)),
        }
    }

    /// The state for the [`Session::default_viewer`].
    pub fn state(&self) -> SessionState {
        self.state_for(self.default_viewer())
    }

    /// The state as `viewer` sees it (`None`: everything).
    pub fn state_for(&self, viewer: Option<usize>) -> SessionState {
        let to_move = self.current_player();
        let history = self.seen_history(viewer);
        let secret = viewer.is_some() && self.has_hidden_information();
        let mut params = Value::clone(&self.params);
        if let (true, Value::Object(map)) = (secret, &mut params) {
            for &field in self.line.game().secret_params() {
                map.remove(field);
            }
        }
        SessionState {
            game: self.game().to_owned(),
            players: self.player_names(),
            seats: self.seats.to_vec(),
            seed: (!secret).then_some(self.seed),
            params,
            viewer,
            to_move,
            human_to_move: to_move.is_some_and(|p| self.seats[p].is_human()),
            legal_actions: if viewer.is_none() || viewer == to_move {
                self.legal_action_strings()
            } else {
                Vec::new()
            },
            view: self.view(viewer),
            last_action: history.last().cloned(),
            history,
            terminal: to_move.is_none(),
            returns: to_move.is_none().then(|| self.returns()),
            can_undo: if self.seats.iter().any(Seat::is_human) {
                self.line.decision_steps().any(|(p, _)| self.seats[p].is_human())
            } else {
                self.line.decisions() > 0
            },
        }
    }

    /// The analysis of the current position for the player to move (shape documented per
    /// game at the crate root), with everything that player knows: in games with hidden
    /// information, show it only to that player (see [`Session::analysis_for`]).
    /// Deterministic: Monte Carlo analyses are seeded from the session's seed and the step.
    ///
    /// # Errors
    /// [`PlayError::ChanceNode`]; [`PlayError::TooLarge`] above a game's analysis caps.
    pub fn analysis(&self) -> Result<Value, PlayError> {
        self.analysis_seeded(sub_seed(sub_seed(self.seed, 2), self.line.decisions() as u64))
    }

    /// [`Session::analysis`] with its sampling seeded from `seed`.
    ///
    /// # Errors
    /// As [`Session::analysis`].
    pub fn analysis_seeded(&self, seed: u64) -> Result<Value, PlayError> {
        if self.turn() == Turn::Chance {
            return Err(PlayError::ChanceNode);
        }
        self.line.game().analyse(seed)
    }

    /// The player to decide now: [`PlayError::GameOver`] at the end,
    /// [`PlayError::ChanceNode`] where chance acts.
    fn decider(&self) -> Result<usize, PlayError> {
        match self.turn() {
            Turn::Player(p) => Ok(p),
            Turn::Chance => Err(PlayError::ChanceNode),
            Turn::Terminal => Err(PlayError::GameOver),
        }
    }

    /// [`Session::analysis`] for `viewer`: refused when the game has hidden information and
    /// the viewer is another player than the one to move (the analysis would show that
    /// player's hand). `None` (a spectator) sees every analysis.
    ///
    /// # Errors
    /// [`PlayError::NotYourTurn`] as above; as [`Session::analysis`].
    pub fn analysis_for(&self, viewer: Option<usize>) -> Result<Value, PlayError> {
        let to_move = self.current_player();
        if let Some(v) = viewer
            && self.has_hidden_information()
            && to_move.is_some_and(|p| p != v)
        {
            return Err(PlayError::NotYourTurn {
                player: v,
                to_move,
                reason: "the analysis of another player's decision would show their hidden cards"
                    .to_owned(),
            });
        }
        self.analysis()
    }

    /// The review of the game so far: every decision valued by the game's oracle (see
    /// [`tabletop_core::review`]), with the session's seed deciding any sampling. A game with
    /// hidden information is reviewed once it is over (the review shows every player's
    /// cards).
    ///
    /// # Errors
    /// [`PlayError::Review`]: [`ReviewError::InProgress`] for a game with hidden information
    /// still in progress, or the oracle's refusal (a position above its caps).
    pub fn review(&self) -> Result<Review, PlayError> {
        if self.has_hidden_information() && !self.is_terminal() {
            return Err(ReviewError::InProgress.into());
        }
        let ids: Vec<usize> = self.line.ids().collect();
        Ok(self.line.initial().review(&ids, self.seed)?)
    }

    /// The position before the player's step `step` (a review's [`Decision::step`]), with
    /// everything shown (`viewer` none): what a review opens when one of its decisions is
    /// chosen. Like the review, a game with hidden information shows its positions once it
    /// is over.
    ///
    /// # Errors
    /// [`PlayError::Review`] ([`ReviewError::InProgress`]) for a game with hidden
    /// information still in progress; [`PlayError::BadParams`] for a step beyond the history.
    ///
    /// [`Decision::step`]: tabletop_core::review::Decision::step
    pub fn position(&self, step: usize) -> Result<SessionState, PlayError> {
        if self.has_hidden_information() && !self.is_terminal() {
            return Err(ReviewError::InProgress.into());
        }
        if step > self.line.decisions() {
            return Err(PlayError::bad(
                "step",
                format!("expected 0 to {} (the steps played)", self.line.decisions()),
            ));
        }
        let mut before = self.clone();
        before.truncate(step);
        Ok(before.state_for(None))
    }

    /// Whether players hold information the others do not (Take 6!, Mahjong).
    pub fn has_hidden_information(&self) -> bool {
        self.line.game().game_type().information == tabletop_core::Information::Imperfect
    }
}

/// `out`'s length must be `len`, the length of the `what` tensor.
fn buffer_len(out: &[f32], len: usize, what: &str) -> Result<(), PlayError> {
    if out.len() == len {
        return Ok(());
    }
    Err(PlayError::bad(
        "buffer",
        format!("the {what} buffer holds {} numbers, the {what} tensor {len}", out.len()),
    ))
}

/// Seats from JSON: an array of seat strings, or an object from seat number to seat string.
fn seats_from_json(v: &Value) -> Result<Vec<Option<Seat>>, PlayError> {
    let seat = |v: &Value| match v {
        // An empty string is the game's default bot.
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => Ok(Some(s.parse::<Seat>().unwrap_or(Seat::Human))),
        _ => Err(PlayError::bad("seats", "every seat is a string: human, solver or a bot name")),
    };
    match v {
        Value::Array(items) => items.iter().map(seat).collect(),
        Value::Object(map) => {
            let mut seats: Vec<Option<Seat>> = Vec::new();
            for (k, v) in map {
                let i: usize = k.parse().ok().filter(|&i| i < 64).ok_or_else(|| {
                    PlayError::bad("seats", format!("{k:?} is not a seat number"))
                })?;
                if seats.len() <= i {
                    seats.resize(i + 1, None);
                }
                seats[i] = seat(v)?;
            }
            // Seats not named are the game's default bot, except that seat 0 defaults to a
            // person when no seat is human.
            let any_human = seats.iter().flatten().any(Seat::is_human);
            if !any_human && seats.first().is_some_and(Option::is_none) {
                seats[0] = Some(Seat::Human);
            }
            Ok(seats)
        }
        _ => Err(PlayError::bad("seats", "expected an array or an object of seat strings")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A replay from the start reaches the state the ids played, with who acted; an illegal
    /// id is named by its index; undo and truncate go back to the states passed through.
    #[test]
    fn a_line_replays_and_goes_back() {
        let (start, _) = (find("take6").unwrap().create)(&Value::Null).unwrap();
        let mut played = Line::new(start.clone());
        let dealt = played.resolve_chance(4);
        let mut states = vec![played.game().clone_box()];
        for seed in 0..5 {
            played.try_apply(played.game().bot_id("random", seed)).unwrap();
            states.push(played.game().clone_box());
        }
        assert_eq!(played.len(), dealt + 5);
        assert_eq!(played.decisions(), 5);
        assert!(!played.is_empty());
        let again = Line::replayed(start.clone(), played.ids()).unwrap();
        assert!(again.game().same_state(played.game()));
        assert_eq!(again.steps(), played.steps());
        assert_eq!(played.steps()[0].0, Turn::Chance);
        assert_eq!(played.steps()[dealt].0, Turn::Player(0), "the first decision is player 0's");
        let mut bad: Vec<usize> = played.ids().collect();
        bad[dealt + 3] = bad[dealt + 2];
        assert_eq!(Line::replayed(start.clone(), bad).unwrap_err().0, dealt + 3);

        for back in (0..5).rev() {
            assert!(played.undo());
            assert!(played.game().same_state(states[back].as_ref()), "undo to {back}");
            assert_eq!(played.decisions(), back);
        }
        played.truncate(dealt - 1);
        assert_eq!(played.len(), dealt - 1);
        assert_eq!(played.game().turn(), Turn::Chance);
        played.truncate(0);
        assert!(played.is_empty());
        assert!(played.game().same_state(start.as_ref()));
        assert!(!played.undo(), "nothing to undo at the start");
    }

    /// A line's resample: a game that keeps its history gives the sample's own line, with as
    /// many steps and decisions; a game of perfect information (no history) gives the line
    /// itself.
    #[test]
    fn a_line_resamples_with_its_own_history() {
        let mut rng = tabletop_core::seeded_rng(5);
        let (start, _) = (find("take6").unwrap().create)(&Value::Null).unwrap();
        let mut played = Line::new(start);
        played.resolve_chance(4);
        for seed in 0..3 {
            played.try_apply(played.game().bot_id("random", seed)).unwrap();
        }
        let sample = played.resample(1, &mut rng).expect("take6 keeps its history");
        assert_eq!((sample.len(), sample.decisions()), (played.len(), 3));
        assert_eq!(
            sample.game().information_state_string(1),
            played.game().information_state_string(1)
        );

        let (start, _) = (find("race").unwrap().create)(&Value::Null).unwrap();
        let mut played = Line::new(start);
        for seed in 0..2 {
            played.try_apply(played.game().bot_id("random", seed)).unwrap();
        }
        let sample = played.resample(0, &mut rng).expect("the state itself");
        assert!(sample.game().same_state(played.game()));
        assert_eq!((sample.steps(), sample.decisions()), (played.steps(), 2));
    }

    /// A position of a review: within the steps played (both ends included), and for a game
    /// with hidden information only once it is over.
    #[test]
    fn positions_wait_for_the_end_and_stay_within_the_steps() {
        let mut s = Session::new("take6", Value::Null, Vec::new(), 3).unwrap();
        s.apply_action(s.legal_actions()[0]).unwrap();
        assert!(matches!(s.position(0), Err(PlayError::Review(ReviewError::InProgress))));
        while !s.is_terminal() {
            s.apply_action(s.legal_actions()[0]).unwrap();
        }
        let steps = s.history().len();
        assert!(s.position(0).is_ok());
        assert!(s.position(steps).is_ok(), "the last position");
        assert!(matches!(s.position(steps + 1), Err(PlayError::BadParams { .. })));

        let mut race = Session::new("race", Value::Null, Vec::new(), 3).unwrap();
        race.apply_action(race.legal_actions()[0]).unwrap();
        assert!(race.position(1).is_ok(), "perfect information: shown during the game");
        assert!(race.position(2).is_err());
    }

    /// With explicit chance the session stops at each chance node, applies its outcomes as
    /// actions, undoes one step at a time, refuses bots and analyses there, and its record
    /// says so and rebuilds it; a seeded session never meets a chance node.
    #[test]
    fn explicit_chance_is_played_step_by_step() {
        let mut s =
            Session::with_chance("take6", Value::Null, Vec::new(), 3, Chance::Explicit).unwrap();
        let seeded = Session::new("take6", Value::Null, Vec::new(), 3).unwrap();
        assert_eq!(seeded.turn(), Turn::Player(0));
        assert!(seeded.chance_outcomes().is_empty());
        assert_eq!(s.turn(), Turn::Chance);
        assert_eq!(s.bot_action("random", 0), Err(PlayError::ChanceNode));
        assert_eq!(s.analysis().unwrap_err(), PlayError::ChanceNode);
        assert_eq!(s.undo_step(), Err(PlayError::NothingToUndo));
        let outcomes = s.chance_outcomes();
        assert!(outcomes.windows(2).all(|w| w[0].0 < w[1].0), "ascending ids");
        assert!((outcomes.iter().map(|&(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
        let first = outcomes[0].0;
        s.apply_action(first).unwrap();
        let Err(PlayError::IllegalAction { reason, .. }) = s.apply_action(first) else {
            panic!("a dealt card dealt again")
        };
        assert_eq!(reason, "not an outcome of this chance node");
        s.undo_step().unwrap();
        assert!(s.history().is_empty() && s.turn() == Turn::Chance, "one step back");
        while s.turn() == Turn::Chance {
            s.apply_action(s.chance_outcomes()[0].0).unwrap();
        }
        let dealt = s.history().len();
        assert_eq!(s.applied().count(), dealt);
        assert!(s.applied().all(|(turn, _)| turn == Turn::Chance));
        s.apply_action(s.bot_action("random", 1).unwrap()).unwrap();
        assert_eq!(s.history().len(), dealt + 1);
        let record = s.record();
        assert_eq!(serde_json::to_value(&record).unwrap()["chance"], "explicit");
        assert!(serde_json::to_value(seeded.record()).unwrap().get("chance").is_none());
        let back = Session::from_record(&record).unwrap();
        assert_eq!((back.chance(), back.history()), (Chance::Explicit, s.history()));
        // The tensors written over buffers: the returned ones, and a buffer of another length
        // refused.
        let p = s.current_player().unwrap();
        let (_, obs) = s.observation_tensor(p).unwrap();
        let mut out = vec![f32::NAN; obs.len()];
        s.write_observation_tensor(p, &mut out).unwrap();
        assert_eq!(out, obs);
        let (_, info) = s.information_state_tensor(p).unwrap();
        let mut out = vec![f32::NAN; info.len()];
        s.write_information_state_tensor(p, &mut out).unwrap();
        assert_eq!(out, info);
        let err = s.write_observation_tensor(p, &mut [0.0; 3]).unwrap_err().to_string();
        assert!(err.contains("the observation buffer holds 3 numbers"), "{err}");
        // A sample the player cannot tell apart, with the session's mode and a history.
        let sample = s.resample(p, &mut tabletop_core::seeded_rng(9)).unwrap().unwrap();
        assert_eq!(sample.chance(), Chance::Explicit);
        assert_eq!(sample.information_state_string(p), s.information_state_string(p));
        assert_eq!(sample.history().len(), s.history().len());
    }

    /// The history and legal actions in each mode: a seeded session leaves the deal out of
    /// its history (its record keeps it); an explicit one counts every step, and at a chance
    /// node its legal actions are the node's outcomes.
    #[test]
    fn history_and_legal_actions_follow_the_chance_mode() {
        let mut seeded = Session::new("take6", Value::Null, Vec::new(), 3).unwrap();
        let legal = seeded.legal_actions();
        assert!(legal.len() > 1 && legal.windows(2).all(|w| w[0] < w[1]), "{legal:?}");
        seeded.apply_action(legal[1]).unwrap();
        assert_eq!(seeded.history(), vec![legal[1]]);
        assert_eq!(seeded.applied().collect::<Vec<_>>(), vec![(Turn::Player(0), legal[1])]);
        let dealt = seeded.record().actions.len() - 1;
        assert!(dealt > 0, "the deal is in the record");

        let mut explicit =
            Session::with_chance("take6", Value::Null, Vec::new(), 3, Chance::Explicit).unwrap();
        let outcomes: Vec<usize> = explicit.chance_outcomes().iter().map(|&(id, _)| id).collect();
        assert!(outcomes.len() > 1);
        assert_eq!(explicit.legal_actions(), outcomes, "a chance node's outcomes");
        for _ in 0..dealt {
            explicit.apply_action(explicit.legal_actions()[0]).unwrap();
        }
        assert_eq!(explicit.turn(), Turn::Player(0));
        assert_eq!(explicit.history().len(), dealt, "the deal, step by step");
        assert_eq!(explicit.history(), explicit.record().actions);
        assert!(explicit.applied().all(|(turn, _)| turn == Turn::Chance));
    }
}
