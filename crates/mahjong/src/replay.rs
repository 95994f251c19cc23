//! A game rebuilt from its log event by event ([`ReplayState`], "the board" of the text it
//! prints), and a game replayed step by step with what each step added: data for the front
//! ends, which only format it.

use std::fmt;

use crate::distance::is_winning;
use crate::error::{ParseReplayError, ReplayError, ReplayReason};
use crate::event::{Event, Outcome, parse_log_lines};
use crate::hand::{Hand, Meld};
use crate::state::simulate;
use crate::tile::{Direction, Kind, Player};
use crate::wall::Wall;

/// What everybody can see after each event of a log: hands, melds, discards, the wall left,
/// the direction and the outcome.
///
/// [`ReplayState::try_apply`] checks that each event is legal on the board, whoever plays it: the deal
/// gives the first 52 tiles to `A B C D A B C D ...`; no kind is drawn more than 4 times in
/// all; a discard is of a tile held; `PASS` names the discarder's next player in the current
/// direction; a `CHOW`/`PONG` claims the last non-special discard of another player with tiles
/// held; `RON` wins on the last discard of another player and `SELFDRAWN` right after the
/// player's own draw, each with a winning hand; `WIN` follows the win once; `DRAW` comes when
/// the wall is empty; nothing follows the end. It does not check that the players follow the
/// fixed rules (whose turn it is, which tile they discard, which claims they make): that is
/// [`check_log`], which also replays the log on a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayState {
    hands: [Hand; 4],
    melds: [Vec<Meld>; 4],
    discards: [Vec<Kind>; 4],
    last_discard: Option<(Player, Kind)>,
    drawn: usize,
    /// Every tile drawn so far, whoever holds it now.
    drawn_tiles: Hand,
    direction: Direction,
    outcome: Option<Outcome>,
    won: bool,
    last_event: Option<Event>,
    applied: usize,
}

impl ReplayState {
    /// The empty board before the deal.
    pub fn new() -> ReplayState {
        ReplayState::default()
    }

    /// The player's hand.
    pub fn hand(&self, p: Player) -> &Hand {
        &self.hands[p.index()]
    }

    /// The player's melds.
    pub fn melds(&self, p: Player) -> &[Meld] {
        &self.melds[p.index()]
    }

    /// The player's discards still on the table (claimed ones leave).
    pub fn discards(&self, p: Player) -> &[Kind] {
        &self.discards[p.index()]
    }

    /// The outcome, once the log has ended the game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// What this board shows at each seat that `before` does not (see [`Added`]).
    pub fn added_since(&self, before: &ReplayState) -> [Added; 4] {
        Player::ALL.map(|p| {
            let i = p.index();
            let hand: Vec<Kind> = self.hands[i].tiles().collect();
            Added {
                hand: added(before.hands[i].tiles(), &hand),
                melds: added(before.melds[i].iter().copied(), &self.melds[i]),
                discards: added(before.discards[i].iter().copied(), &self.discards[i]),
            }
        })
    }

    /// The board as [`Display`](fmt::Display) writes it, with the items of `added` marked
    /// `*like this*` (where a seat lists an item more often than `added` does, the last
    /// occurrences are marked).
    pub fn marked<'a>(&'a self, added: &'a [Added; 4]) -> impl fmt::Display + 'a {
        Marked { board: self, added: Some(added) }
    }

    /// Applies one event, or says why it cannot happen here (the error's line is the event's
    /// number; see [`ReplayState::try_apply_at`]).
    pub fn try_apply(&mut self, event: &Event) -> Result<(), ReplayError> {
        self.try_apply_at(self.applied + 1, event)
    }

    /// Applies one event read from `line` of a log, or says why it cannot happen here. A
    /// refused event changes nothing: the board is as it was, and the next event applied
    /// takes the refused one's number.
    pub fn try_apply_at(&mut self, line: usize, event: &Event) -> Result<(), ReplayError> {
        let index = self.applied + 1;
        self.apply_checked(index, event).map_err(|reason| ReplayError {
            line,
            index,
            event: *event,
            reason,
        })?;
        self.applied = index;
        self.last_event = Some(*event);
        Ok(())
    }

    /// The steps of [`ReplayState::try_apply_at`] for event `index` (from 1). Each step checks
    /// before it changes the board, so an event it refuses leaves the board as it was.
    fn apply_checked(&mut self, index: usize, event: &Event) -> Result<(), ReplayReason> {
        // 1. Nothing but `WIN` follows the end, and nothing follows `WIN`.
        self.check_not_over(event)?;
        // 2. The first 52 events are the deal, one tile at a time to A, B, C, D in turn.
        if index <= 52 {
            let dealt = Player::ALL[(index - 1) % 4];
            if !matches!(*event, Event::Draw { player, .. } if player == dealt) {
                return Err(ReplayReason::DealOrder { index, dealt });
            }
        }
        // 3. The event itself, on the hands, melds, discards and wall.
        let previous = self.last_event;
        match *event {
            Event::Draw { player, tile } => self.draw(player, tile),
            Event::Discard { player, tile } => self.discard(player, tile),
            Event::Pass { player, target } => {
                let next = player.next(self.direction);
                if target != next {
                    return Err(ReplayReason::PassTarget { player, next });
                }
                self.discard(player, Kind::PASS)
            }
            Event::Chow { player, lowest } => self.claim(player, Meld::Chow(lowest)),
            Event::Pong { player, tile } => self.claim(player, Meld::Pong(tile)),
            Event::Ron { player } => self.ron(player),
            Event::SelfDrawn { player } => {
                if !matches!(previous, Some(Event::Draw { player: p, .. }) if p == player) {
                    return Err(ReplayReason::SelfDrawnNotAfterDraw(player));
                }
                let melds = self.melds[player.index()].len();
                if !is_winning(&self.hands[player.index()], melds) {
                    return Err(ReplayReason::NotWinning(player));
                }
                self.outcome = Some(Outcome::SelfDrawn(player));
                Ok(())
            }
            Event::Win { player } => {
                if self.outcome.and_then(Outcome::winner) != Some(player) {
                    return Err(ReplayReason::NotJustWon(player));
                }
                self.won = true;
                Ok(())
            }
            Event::WallEmpty => {
                if self.drawn != Wall::LEN {
                    return Err(ReplayReason::TilesLeft { left: Wall::LEN - self.drawn });
                }
                self.outcome = Some(Outcome::Draw);
                Ok(())
            }
        }
    }

    /// Step 1: whether the game is over for `event`.
    fn check_not_over(&self, event: &Event) -> Result<(), ReplayReason> {
        let over = self.won || (self.outcome.is_some() && !matches!(event, Event::Win { .. }));
        if !over {
            return Ok(());
        }
        let new_deal = matches!(event, Event::Draw { player: Player::A, .. })
            && (self.won || self.outcome == Some(Outcome::Draw));
        Err(if new_deal { ReplayReason::SecondGame } else { ReplayReason::GameOver })
    }

    /// `player` draws `tile` from the front of the wall.
    fn draw(&mut self, player: Player, tile: Kind) -> Result<(), ReplayReason> {
        if self.drawn == Wall::LEN {
            return Err(ReplayReason::WallEmpty);
        }
        if self.drawn_tiles.count(tile) == 4 {
            return Err(ReplayReason::FifthCopy(tile));
        }
        self.drawn_tiles.add(tile);
        self.drawn += 1;
        self.hands[player.index()].add(tile);
        self.last_discard = None;
        Ok(())
    }

    /// `player` discards `tile` (`PASS` included; its target is checked by the caller).
    fn discard(&mut self, player: Player, tile: Kind) -> Result<(), ReplayReason> {
        let i = player.index();
        if self.hands[i].count(tile) == 0 {
            return Err(ReplayReason::NotHeld { player, tile });
        }
        self.hands[i].remove(tile);
        self.discards[i].push(tile);
        self.last_discard = (!tile.is_special()).then_some((player, tile));
        if tile == Kind::REVERSE {
            self.direction = self.direction.flipped();
        }
        Ok(())
    }

    /// `player` claims the last discard into `meld`.
    fn claim(&mut self, player: Player, meld: Meld) -> Result<(), ReplayReason> {
        let Some((from, tile)) = self.last_discard else {
            return Err(ReplayReason::NothingToClaim);
        };
        if from == player {
            return Err(ReplayReason::OwnDiscardClaimed(player));
        }
        let mut rest = meld.tiles().to_vec();
        let Some(pos) = rest.iter().position(|&t| t == tile) else {
            return Err(ReplayReason::NotInMeld { tile, meld });
        };
        rest.remove(pos);
        let i = player.index();
        let mut hand = self.hands[i];
        for t in rest {
            if hand.count(t) == 0 {
                return Err(ReplayReason::MissingForMeld { player, tile: t, meld });
            }
            hand.remove(t);
        }
        self.hands[i] = hand;
        self.discards[from.index()].pop();
        self.melds[i].push(meld);
        self.last_discard = None;
        Ok(())
    }

    /// `player` wins on the last discard.
    fn ron(&mut self, player: Player) -> Result<(), ReplayReason> {
        let Some((from, tile)) = self.last_discard else {
            return Err(ReplayReason::NothingToWinOn);
        };
        if from == player {
            return Err(ReplayReason::OwnDiscardWon(player));
        }
        let mut hand = self.hands[player.index()];
        let melds = self.melds[player.index()].len();
        if hand.count(tile) == 4 || {
            hand.add(tile);
            !is_winning(&hand, melds)
        } {
            return Err(ReplayReason::NotWinningWith { player, tile });
        }
        self.outcome = Some(Outcome::Ron(player));
        Ok(())
    }
}

/// Checks a whole log, events given with their line numbers: that every event is legal
/// ([`ReplayState::try_apply_at`]) and that the players follow the fixed rules, by playing the wall the
/// log draws (its `IN` tiles in order, up to the first that would be a fifth copy, then the
/// tiles it does not draw) with the simulator and comparing event by event. The error is the
/// first event, in log order, that is illegal or differs from the rules (an event that is
/// both is reported as illegal). A log may end before its game does.
pub fn check_log(events: &[(usize, Event)]) -> Result<(), ReplayError> {
    // 1. The wall the log draws. Up to the first illegal draw the simulator draws the same
    //    tiles as the log, so the first difference is found wherever it is.
    let mut left = [4u8; Kind::COUNT];
    let mut tiles: Vec<Kind> = Vec::with_capacity(Wall::LEN);
    for (_, e) in events {
        if let Event::Draw { tile, .. } = *e {
            if left[tile.index()] == 0 {
                break;
            }
            left[tile.index()] -= 1;
            tiles.push(tile);
        }
    }
    for k in Kind::ALL {
        tiles.extend(std::iter::repeat_n(k, left[k.index()] as usize));
    }
    let wall = Wall::from_tiles(&tiles).expect("4 of each kind, 148 in all");
    let played = simulate(&wall).events;
    // 2. Event by event: legal on the board, then the one the rules play.
    let mut board = ReplayState::new();
    for (i, (line, e)) in events.iter().enumerate() {
        board.try_apply_at(*line, e)?;
        match played.get(i) {
            Some(rule) if rule != e => {
                return Err(ReplayError {
                    line: *line,
                    index: i + 1,
                    event: *e,
                    reason: ReplayReason::NotTheRules(*rule),
                });
            }
            // The board rejects every event after the end of the game the rules play.
            _ => {}
        }
    }
    Ok(())
}

impl fmt::Display for ReplayState {
    /// One line per player: hand, melds, discards; then the wall left and the direction.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Marked { board: self, added: None }.fmt(f)
    }
}

/// A board with some items marked ([`ReplayState::marked`]), or none.
struct Marked<'a> {
    board: &'a ReplayState,
    added: Option<&'a [Added; 4]>,
}

impl fmt::Display for Marked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board;
        for p in Player::ALL {
            let i = p.index();
            let added = self.added.map(|a| &a[i]);
            let hand: Vec<Kind> = board.hands[i].tiles().collect();
            write!(f, "  {p} hand ({:2}): ", hand.len())?;
            write_items(f, &hand, added.map_or(&[], |a| &a.hand), |f, k| write!(f, "{k}"))?;
            if !board.melds[i].is_empty() {
                f.write_str(" | melds: ")?;
                let new = added.map_or(&[][..], |a| &a.melds);
                write_items(f, &board.melds[i], new, |f, m| write!(f, "[{m}]"))?;
            }
            f.write_str(" | discards: ")?;
            if board.discards[i].is_empty() {
                f.write_str("-")?;
            } else {
                let new = added.map_or(&[][..], |a| &a.discards);
                write_items(f, &board.discards[i], new, |f, k| write!(f, "{k}"))?;
            }
            writeln!(f)?;
        }
        let dir = match board.direction {
            Direction::Forward => "A->B->C->D",
            Direction::Backward => "A->D->C->B",
        };
        write!(f, "  wall: {} left, direction {dir}", Wall::LEN - board.drawn)
    }
}

/// Writes `items` separated by spaces, the last occurrences of each item of `new` (as many as
/// `new` holds) marked `*like this*`.
fn write_items<T: PartialEq>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    new: &[T],
    show: impl Fn(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    for (j, item) in items.iter().enumerate() {
        if j > 0 {
            f.write_str(" ")?;
        }
        let marks = new.iter().filter(|n| *n == item).count();
        if marks > items[j + 1..].iter().filter(|x| *x == item).count() {
            f.write_str("*")?;
            show(f, item)?;
            f.write_str("*")?;
        } else {
            show(f, item)?;
        }
    }
    Ok(())
}

/// What one step of a [`Replay`] applies: the whole deal at once, or one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepEvents {
    /// Events 1 to 52, the deal, shown as one step.
    Deal,
    /// One event.
    One {
        /// The event's number in the game, from 1.
        number: usize,
        /// The event.
        event: Event,
    },
}

impl fmt::Display for StepEvents {
    /// `events 1-52: the deal`, or `event 53: A IN N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepEvents::Deal => f.write_str("events 1-52: the deal"),
            StepEvents::One { number, event } => write!(f, "event {number}: {event}"),
        }
    }
}

/// What a step put on the table at one seat, each listed as the board lists it: the tiles
/// that came into the hand, the new melds and the new discards. Tiles that left are not
/// listed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// Tiles now in the hand that were not, lowest kind first.
    pub hand: Vec<Kind>,
    /// New melds.
    pub melds: Vec<Meld>,
    /// New discards.
    pub discards: Vec<Kind>,
}

impl Added {
    /// Whether nothing was added.
    pub fn is_empty(&self) -> bool {
        self.hand.is_empty() && self.melds.is_empty() && self.discards.is_empty()
    }
}

/// The items of `after` that `before` does not hold, as multisets: where an item occurs more
/// often in `after`, its later occurrences.
fn added<T: Copy + PartialEq>(before: impl IntoIterator<Item = T>, after: &[T]) -> Vec<T> {
    let mut gone: Vec<T> = before.into_iter().collect();
    after
        .iter()
        .filter(|item| match gone.iter().position(|g| g == *item) {
            Some(k) => {
                gone.swap_remove(k);
                false
            }
            None => true,
        })
        .copied()
        .collect()
}

/// One step of a [`Replay`]: what it applies, the board after it, and what it added at each
/// seat since the step before (since the empty board for the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayStep {
    /// The deal, or one event.
    pub events: StepEvents,
    /// The board after the step.
    pub state: ReplayState,
    /// What the step added at each seat, indexed by [`Player::index`].
    pub added: [Added; 4],
}

/// A game replayed step by step (`tabletop mahjong replay`): the deal as one step when the
/// log holds all of it, then one step per event, each with the board after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The steps, in order.
    pub steps: Vec<ReplayStep>,
}

impl Replay {
    /// Replays `events` (each with its line number), which must be legal on the board; they
    /// are not checked against the fixed rules (see [`Replay::from_log`]).
    ///
    /// # Errors
    /// The first event that cannot happen on the board ([`ReplayState::try_apply_at`]).
    pub fn from_events(events: &[(usize, Event)]) -> Result<Replay, ReplayError> {
        let deal =
            events.iter().take(52).take_while(|(_, e)| matches!(e, Event::Draw { .. })).count();
        let mut board = ReplayState::new();
        let mut shown = ReplayState::new();
        let mut steps = Vec::new();
        for (i, (line, event)) in events.iter().enumerate() {
            board.try_apply_at(*line, event)?;
            let step = if deal == 52 && i < 52 {
                if i + 1 < 52 {
                    continue;
                }
                StepEvents::Deal
            } else {
                StepEvents::One { number: i + 1, event: *event }
            };
            let added = board.added_since(&shown);
            shown = board.clone();
            steps.push(ReplayStep { events: step, state: board.clone(), added });
        }
        Ok(Replay { steps })
    }

    /// Replays a game log, checked first ([`check_log`]): every event legal and what the fixed
    /// rules play.
    ///
    /// # Errors
    /// The first event that is illegal or not what the rules play.
    pub fn from_log(events: &[(usize, Event)]) -> Result<Replay, ReplayError> {
        check_log(events)?;
        Replay::from_events(events)
    }

    /// Replays the game the fixed rules play on `wall`.
    pub fn from_wall(wall: &Wall) -> Replay {
        let events: Vec<(usize, Event)> =
            simulate(wall).events.into_iter().enumerate().map(|(i, e)| (i + 1, e)).collect();
        Replay::from_events(&events).expect("the simulator plays legal events")
    }

    /// Replays a text that is a game log (checked as [`Replay::from_log`] does) or a wall.
    /// It is a log when its first non-empty line is `DRAW`, or a player `A`-`D` followed by a
    /// log verb (no verb is a tile name); else a wall.
    ///
    /// # Errors
    /// A log line that is not an event, an event that is illegal or not what the rules play,
    /// or a text that is neither a log nor a wall.
    pub fn parse(text: &str) -> Result<Replay, ParseReplayError> {
        if is_log(text) {
            Ok(Replay::from_log(&parse_log_lines(text)?)?)
        } else {
            let wall = Wall::parse(text).map_err(ParseReplayError::Wall)?;
            Ok(Replay::from_wall(&wall))
        }
    }

    /// The board after the last step (the empty board for no steps).
    pub fn state(&self) -> ReplayState {
        self.steps.last().map_or_else(ReplayState::new, |s| s.state.clone())
    }

    /// The outcome, when the replayed events end the game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.steps.last().and_then(|s| s.state.outcome())
    }

    /// The result for people: the outcome described ([`Outcome::describe`]), or `the log ends
    /// before the game does`.
    pub fn result(&self) -> String {
        self.outcome()
            .map_or_else(|| "the log ends before the game does".to_owned(), Outcome::describe)
    }
}

/// The whole replay as text: each step's events and the board after them, then the result.
impl std::fmt::Display for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for step in &self.steps {
            writeln!(f, "{}\n{}\n", step.events, step.state)?;
        }
        writeln!(f, "result: {}", self.result())
    }
}

/// Whether `text` is a game log rather than a wall, from the shape of its first non-empty
/// line: `DRAW`, or a player `A`-`D` followed by a log verb. A wall's tokens are tiles, and no
/// verb is a tile.
fn is_log(text: &str) -> bool {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut t = first.split_whitespace();
    match (t.next(), t.next()) {
        (Some("DRAW"), _) => true,
        (Some("A" | "B" | "C" | "D"), Some(verb)) => {
            matches!(verb, "IN" | "OUT" | "CHOW" | "PONG" | "RON" | "SELFDRAWN" | "WIN")
        }
        _ => false,
    }
}
