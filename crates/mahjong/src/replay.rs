//! A board that follows a game log event by event, for replays.

use std::fmt;

use crate::distance::is_winning;
use crate::error::ReplayError;
use crate::event::{Event, Outcome};
use crate::hand::{Hand, Meld};
use crate::sim::simulate;
use crate::tile::{Direction, Kind, Player};
use crate::wall::Wall;

/// What everybody can see after each event of a log: hands, melds, discards, the wall left,
/// the direction and the outcome.
///
/// [`Board::apply`] checks that each event is legal on the board, whoever plays it: the deal
/// gives the first 52 tiles to `A B C D A B C D ...`; no kind is drawn more than 4 times in
/// all; a discard is of a tile held; `PASS` names the discarder's next player in the current
/// direction; a `CHOW`/`PONG` claims the last non-special discard of another player with tiles
/// held; `RON` wins on the last discard of another player and `SELFDRAWN` right after the
/// player's own draw, each with a winning hand; `WIN` follows the win once; `DRAW` comes when
/// the wall is empty; nothing follows the end. It does not check that the players follow the
/// fixed rules (whose turn it is, which tile they discard, which claims they make): that is
/// [`check_log`], which also replays the log on a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
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

impl Board {
    /// The empty board before the deal.
    pub fn new() -> Board {
        Board::default()
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

    /// Applies one event, or says why it cannot happen here (the error's line is the event's
    /// number; see [`Board::apply_at`]).
    pub fn apply(&mut self, event: &Event) -> Result<(), ReplayError> {
        self.apply_at(self.applied + 1, event)
    }

    /// Applies one event read from `line` of a log, or says why it cannot happen here.
    pub fn apply_at(&mut self, line: usize, event: &Event) -> Result<(), ReplayError> {
        self.applied += 1;
        let index = self.applied;
        let fail = |reason: String| ReplayError { line, index, event: event.to_string(), reason };
        let game_over = self.won || (self.outcome.is_some() && !matches!(event, Event::Win { .. }));
        if game_over {
            if matches!(event, Event::Draw { player: Player::A, .. })
                && (self.won || self.outcome == Some(Outcome::Draw))
            {
                return Err(fail(
                    "the game is already over and a new deal starts: the input holds more than \
                     one game (give replay one log)"
                        .to_owned(),
                ));
            }
            return Err(fail("the game is already over".to_owned()));
        }
        if index <= 52 {
            let dealt = Player::ALL[(index - 1) % 4];
            if !matches!(*event, Event::Draw { player, .. } if player == dealt) {
                return Err(fail(format!(
                    "the deal (events 1-52) gives one tile at a time to A, B, C, D in turn: \
                     event {index} must be {dealt} IN a tile"
                )));
            }
        }
        let previous = self.last_event.replace(*event);
        match *event {
            Event::Draw { player, tile } => {
                if self.drawn == Wall::LEN {
                    return Err(fail("the wall is empty".to_owned()));
                }
                if self.drawn_tiles.count(tile) == 4 {
                    return Err(fail(format!(
                        "a fifth {tile} is drawn, but the wall holds 4 of each kind"
                    )));
                }
                self.drawn_tiles.add(tile);
                self.drawn += 1;
                self.hands[player.index()].add(tile);
                self.last_discard = None;
            }
            Event::Discard { player, .. } | Event::Pass { player, .. } => {
                let tile = tile_of(event);
                let i = player.index();
                if let Event::Pass { target, .. } = *event {
                    let next = player.next(self.direction);
                    if target != next {
                        return Err(fail(format!(
                            "{player} must name their next player in the current direction, \
                             {next}"
                        )));
                    }
                }
                if self.hands[i].count(tile) == 0 {
                    return Err(fail(format!("{player} holds no {tile}")));
                }
                self.hands[i].remove(tile);
                self.discards[i].push(tile);
                self.last_discard = (!tile.is_special()).then_some((player, tile));
                if tile == Kind::REVERSE {
                    self.direction = self.direction.flipped();
                }
            }
            Event::Chow { player, lowest } => {
                let meld = Meld::Chow(lowest);
                self.claim(player, meld).map_err(fail)?;
            }
            Event::Pong { player, tile } => {
                self.claim(player, Meld::Pong(tile)).map_err(fail)?;
            }
            Event::Ron { player } => {
                let Some((from, tile)) = self.last_discard else {
                    return Err(fail("no discard to win on".to_owned()));
                };
                if from == player {
                    return Err(fail(format!("{player} cannot win on their own discard")));
                }
                let mut hand = self.hands[player.index()];
                let melds = self.melds[player.index()].len();
                if hand.count(tile) == 4 || {
                    hand.add(tile);
                    !is_winning(&hand, melds)
                } {
                    return Err(fail(format!("{player}'s hand plus {tile} is not a winning hand")));
                }
                self.outcome = Some(Outcome::Ron(player));
            }
            Event::SelfDrawn { player } => {
                if !matches!(previous, Some(Event::Draw { player: p, .. }) if p == player) {
                    return Err(fail(format!(
                        "{player} wins by self-draw only right after drawing"
                    )));
                }
                let melds = self.melds[player.index()].len();
                if !is_winning(&self.hands[player.index()], melds) {
                    return Err(fail(format!("{player}'s hand is not a winning hand")));
                }
                self.outcome = Some(Outcome::SelfDrawn(player));
            }
            Event::Win { player } => {
                if self.outcome.and_then(Outcome::winner) != Some(player) {
                    return Err(fail(format!("{player} has not just won")));
                }
                self.won = true;
            }
            Event::WallEmpty => {
                if self.drawn != Wall::LEN {
                    return Err(fail(format!(
                        "{} tiles are left in the wall",
                        Wall::LEN - self.drawn
                    )));
                }
                self.outcome = Some(Outcome::Draw);
            }
        }
        Ok(())
    }

    fn claim(&mut self, player: Player, meld: Meld) -> Result<(), String> {
        let Some((from, tile)) = self.last_discard else {
            return Err("no discard to claim".to_owned());
        };
        if from == player {
            return Err(format!("{player} cannot claim their own discard"));
        }
        let mut rest = meld.tiles().to_vec();
        let Some(pos) = rest.iter().position(|&t| t == tile) else {
            return Err(format!("the last discard {tile} is not part of {meld}"));
        };
        rest.remove(pos);
        let i = player.index();
        let mut hand = self.hands[i];
        for t in rest {
            if hand.count(t) == 0 {
                return Err(format!("{player} holds no {t} for {meld}"));
            }
            hand.remove(t);
        }
        self.hands[i] = hand;
        self.discards[from.index()].pop();
        self.melds[i].push(meld);
        self.last_discard = None;
        Ok(())
    }
}

/// Checks a whole log, events given with their line numbers: first that every event is legal
/// ([`Board::apply_at`]), then that the players follow the fixed rules, by playing the wall
/// the log draws (its `IN` tiles in order, the tiles it does not draw after them) with the
/// simulator and comparing event by event. A log may end before its game does.
pub fn check_log(events: &[(usize, Event)]) -> Result<(), ReplayError> {
    let mut board = Board::new();
    for (line, e) in events {
        board.apply_at(*line, e)?;
    }
    // Legal, so no kind is drawn more than 4 times: the drawn tiles then the rest make a wall.
    let mut left = [4u8; Kind::COUNT];
    let mut tiles: Vec<Kind> = Vec::with_capacity(Wall::LEN);
    for (_, e) in events {
        if let Event::Draw { tile, .. } = *e {
            left[tile.index()] -= 1;
            tiles.push(tile);
        }
    }
    for k in Kind::ALL {
        tiles.extend(std::iter::repeat_n(k, left[k.index()] as usize));
    }
    let wall = Wall::from_tiles(&tiles).expect("a legal log draws at most 4 of each kind");
    let played = simulate(&wall).events;
    for (index, ((line, e), rule)) in events.iter().zip(&played).enumerate() {
        if e != rule {
            return Err(ReplayError {
                line: *line,
                index: index + 1,
                event: e.to_string(),
                reason: format!("the fixed rules play {rule} here"),
            });
        }
    }
    Ok(())
}

/// The tile of a discard event.
fn tile_of(event: &Event) -> Kind {
    match *event {
        Event::Discard { tile, .. } => tile,
        _ => Kind::PASS,
    }
}

impl fmt::Display for Board {
    /// One line per player: hand, melds, discards; then the wall left and the direction.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in Player::ALL {
            let i = p.index();
            write!(f, "  {p} hand ({:2}): {}", self.hands[i].len(), self.hands[i])?;
            if !self.melds[i].is_empty() {
                let melds: Vec<String> = self.melds[i].iter().map(|m| format!("[{m}]")).collect();
                write!(f, " | melds: {}", melds.join(" "))?;
            }
            let discards: Vec<String> = self.discards[i].iter().map(Kind::to_string).collect();
            writeln!(
                f,
                " | discards: {}",
                if discards.is_empty() { "-".to_owned() } else { discards.join(" ") }
            )?;
        }
        let dir = match self.direction {
            Direction::Forward => "A->B->C->D",
            Direction::Backward => "A->D->C->B",
        };
        write!(f, "  wall: {} left, direction {dir}", Wall::LEN - self.drawn)
    }
}
