//! A board that follows a game log event by event, for replays.

use std::fmt;

use crate::distance::is_winning;
use crate::error::{ReplayError, ReplayReason};
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
        self.apply_checked(index, event).map_err(|reason| ReplayError {
            line,
            index,
            event: *event,
            reason,
        })
    }

    /// The steps of [`Board::apply_at`] for event `index` (from 1).
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
        let previous = self.last_event.replace(*event);
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
/// ([`Board::apply_at`]) and that the players follow the fixed rules, by playing the wall the
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
    let mut board = Board::new();
    for (i, (line, e)) in events.iter().enumerate() {
        board.apply_at(*line, e)?;
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
