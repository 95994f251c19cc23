//! Typed game events and their log text.

use std::fmt;
use std::str::FromStr;

use tabletop_core::text::lines;

use crate::error::{EventSyntaxError, ParseEventError};
use crate::tile::{Kind, Player};

/// One line of a game log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// `X IN t`: the player draws the front tile of the wall (dealing too).
    Draw {
        /// Who draws.
        player: Player,
        /// The tile drawn.
        tile: Kind,
    },
    /// `X OUT t`: the player discards (`PASS` is [`Event::Pass`]).
    Discard {
        /// Who discards.
        player: Player,
        /// The tile discarded.
        tile: Kind,
    },
    /// `X OUT PASS Y`: the player discards `PASS`, naming `target`, who skips a turn.
    Pass {
        /// Who discards.
        player: Player,
        /// The player who skips their next turn.
        target: Player,
    },
    /// `X CHOW a b c`: the player claims the last discard into a sequence.
    Chow {
        /// Who claims.
        player: Player,
        /// The lowest tile of the sequence.
        lowest: Kind,
    },
    /// `X PONG t t t`: the player claims the last discard into a triplet.
    Pong {
        /// Who claims.
        player: Player,
        /// The kind.
        tile: Kind,
    },
    /// `X RON`: the player wins on the last discard.
    Ron {
        /// Who wins.
        player: Player,
    },
    /// `X SELFDRAWN`: the player wins on their own draw.
    SelfDrawn {
        /// Who wins.
        player: Player,
    },
    /// `X WIN`: the game is over, `player` won.
    Win {
        /// Who won.
        player: Player,
    },
    /// `DRAW`: the wall is empty, nobody won.
    WallEmpty,
}

impl fmt::Display for Event {
    /// The log line, without the newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Draw { player, tile } => write!(f, "{player} IN {tile}"),
            Event::Discard { player, tile } => write!(f, "{player} OUT {tile}"),
            Event::Pass { player, target } => write!(f, "{player} OUT PASS {target}"),
            Event::Chow { player, lowest } => {
                let next = |d| lowest.offset(d).map_or_else(|| "?".to_owned(), |k| k.to_string());
                write!(f, "{player} CHOW {lowest} {} {}", next(1), next(2))
            }
            Event::Pong { player, tile } => write!(f, "{player} PONG {tile} {tile} {tile}"),
            Event::Ron { player } => write!(f, "{player} RON"),
            Event::SelfDrawn { player } => write!(f, "{player} SELFDRAWN"),
            Event::Win { player } => write!(f, "{player} WIN"),
            Event::WallEmpty => f.write_str("DRAW"),
        }
    }
}

impl FromStr for Event {
    type Err = EventSyntaxError;

    /// A log line (single spaces or any whitespace).
    fn from_str(s: &str) -> Result<Event, EventSyntaxError> {
        // At most 5 tokens make an event: a sixth means no shape fits, so the line is not
        // collected whole.
        let mut tokens = s.split_whitespace();
        let t: Vec<&str> = tokens.by_ref().take(5).collect();
        if tokens.next().is_some() {
            return Err(EventSyntaxError::UnknownShape);
        }
        if t == ["DRAW"] {
            return Ok(Event::WallEmpty);
        }
        let Some((first, rest)) = t.split_first() else {
            return Err(EventSyntaxError::Empty);
        };
        let player: Player = first.parse()?;
        let kind = |s: &str| s.parse::<Kind>();
        match rest {
            ["IN", tile] => Ok(Event::Draw { player, tile: kind(tile)? }),
            ["OUT", "PASS", target] => Ok(Event::Pass { player, target: target.parse()? }),
            ["OUT", tile] if *tile != "PASS" => Ok(Event::Discard { player, tile: kind(tile)? }),
            ["CHOW", a, b, c] => {
                let (a, b, c) = (kind(a)?, kind(b)?, kind(c)?);
                if a.offset(1) == Some(b) && a.offset(2) == Some(c) {
                    Ok(Event::Chow { player, lowest: a })
                } else {
                    Err(EventSyntaxError::NotASequence)
                }
            }
            ["PONG", a, b, c] => {
                let (a, b, c) = (kind(a)?, kind(b)?, kind(c)?);
                if a == b && b == c && !a.is_special() {
                    Ok(Event::Pong { player, tile: a })
                } else {
                    Err(EventSyntaxError::NotATriplet)
                }
            }
            ["RON"] => Ok(Event::Ron { player }),
            ["SELFDRAWN"] => Ok(Event::SelfDrawn { player }),
            ["WIN"] => Ok(Event::Win { player }),
            _ => Err(EventSyntaxError::UnknownShape),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player won on a discard.
    Ron(Player),
    /// The player won on their own draw.
    SelfDrawn(Player),
    /// The wall ran out.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Ron(p) | Outcome::SelfDrawn(p) => Some(p),
            Outcome::Draw => None,
        }
    }

    /// The log's word for it: `RON`, `SELFDRAWN` or `DRAW`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Ron(_) => "RON",
            Outcome::SelfDrawn(_) => "SELFDRAWN",
            Outcome::Draw => "DRAW",
        }
    }

    /// A sentence for people: `A wins on a discard (RON)`, `the wall ran out (DRAW)`.
    pub fn describe(self) -> String {
        match self {
            Outcome::Ron(p) => format!("{p} wins on a discard (RON)"),
            Outcome::SelfDrawn(p) => format!("{p} wins on their own draw (SELFDRAWN)"),
            Outcome::Draw => "the wall ran out (DRAW)".to_owned(),
        }
    }
}

/// The log text of `events`: one line each, each ending with `\n`.
pub fn log_text(events: &[Event]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(events.len() * 9);
    for e in events {
        writeln!(s, "{e}").expect("writing to a String cannot fail");
    }
    s
}

/// Parses a game log, one event per non-empty line.
pub fn parse_log(text: &str) -> Result<Vec<Event>, ParseEventError> {
    Ok(parse_log_lines(text)?.into_iter().map(|(_, e)| e).collect())
}

/// Parses a game log, one event per non-empty line, each with its 1-based line number (a line
/// ends at `\n`, `\r\n` or a lone `\r`; any whitespace separates tokens).
pub fn parse_log_lines(text: &str) -> Result<Vec<(usize, Event)>, ParseEventError> {
    lines(text)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(line, l)| {
            let event =
                l.parse().map_err(|reason| ParseEventError { line, text: l.to_owned(), reason })?;
            Ok((line, event))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines_round_trip() {
        let lines = [
            "A IN 8M",
            "B OUT 4S",
            "C OUT PASS D",
            "D OUT REVERSE",
            "A CHOW 7P 8P 9P",
            "B PONG E E E",
            "C RON",
            "C SELFDRAWN",
            "C WIN",
            "DRAW",
        ];
        for l in lines {
            let e: Event = l.parse().unwrap();
            assert_eq!(e.to_string(), l);
        }
        for bad in ["", "E IN 1M", "A IN", "A CHOW 8P 9P 1S", "A PONG 1M 1M 2M", "A OUT PASS"] {
            assert!(bad.parse::<Event>().is_err(), "{bad:?}");
        }
        let log = parse_log("A IN 1M\n\nDRAW\n").unwrap();
        assert_eq!(log_text(&log), "A IN 1M\nDRAW\n");
        let err = parse_log("A IN 1M\nA FLY\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(
            err.to_string()
                .starts_with("line 2: cannot read \"A FLY\" as a log event: expected X IN t,"),
            "{err}"
        );
        let err = parse_log("A IN 1M\n\nA IN 1X\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: cannot read \"A IN 1X\" as a log event: unknown tile \"1X\": expected 1M..9M, \
             1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE"
        );
        let err = parse_log("A PONG 1M 1M 2M").unwrap_err();
        assert!(
            err.to_string().ends_with(": expected a PONG of three identical non-special tiles"),
            "{err}"
        );
    }
}
