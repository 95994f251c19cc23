//! A board that follows a game log event by event, for replays.

use std::fmt;

use crate::error::ReplayError;
use crate::event::{Event, Outcome};
use crate::hand::{Hand, Meld};
use crate::tile::{Direction, Kind, Player};
use crate::wall::Wall;

/// What everybody can see after each event of a log: hands, melds, discards, the wall left,
/// the direction and the outcome. [`Board::apply`] checks that each event can happen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    hands: [Hand; 4],
    melds: [Vec<Meld>; 4],
    discards: [Vec<Kind>; 4],
    last_discard: Option<(Player, Kind)>,
    drawn: usize,
    direction: Direction,
    outcome: Option<Outcome>,
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

    /// Applies one event, or says why it cannot happen here.
    pub fn apply(&mut self, event: &Event) -> Result<(), ReplayError> {
        self.applied += 1;
        let index = self.applied;
        let fail = |reason: String| ReplayError { index, event: event.to_string(), reason };
        if self.outcome.is_some() && !matches!(event, Event::Win { .. }) {
            return Err(fail("the game is already over".to_owned()));
        }
        match *event {
            Event::Draw { player, tile } => {
                if self.drawn == Wall::LEN {
                    return Err(fail("the wall is empty".to_owned()));
                }
                if self.hands[player.index()].count(tile) == 4 {
                    return Err(fail(format!("{player} would hold a fifth {tile}")));
                }
                self.drawn += 1;
                self.hands[player.index()].add(tile);
                self.last_discard = None;
            }
            Event::Discard { player, .. } | Event::Pass { player, .. } => {
                let tile = tile_of(event);
                let i = player.index();
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
            Event::Ron { player } => self.outcome = Some(Outcome::Ron(player)),
            Event::SelfDrawn { player } => self.outcome = Some(Outcome::SelfDrawn(player)),
            Event::Win { player } => {
                if self.outcome.and_then(Outcome::winner) != Some(player) {
                    return Err(fail(format!("{player} has not just won")));
                }
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
