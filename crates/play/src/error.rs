//! The errors of the session layer.

use tabletop_core::text::clip;
use thiserror::Error;

/// Why a session operation was refused. The session is unchanged after every error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// No game of this name is registered.
    #[error("unknown game {:?}: expected one of {}", clip(.game), known.join(", "))]
    UnknownGame {
        /// The name asked for.
        game: String,
        /// The registered names.
        known: Vec<String>,
    },
    /// A parameter is missing its type, out of range, or cannot be parsed.
    #[error("bad parameter {field}: {reason}")]
    BadParams {
        /// The parameter (a JSON field name; `params` for the object as a whole).
        field: String,
        /// Why it is refused.
        reason: String,
    },
    /// A seat number that the game does not have, or seats given for more players than it has.
    #[error("unknown seat {seat}: the game has {players} players (seats 0 to {})", players.saturating_sub(1))]
    UnknownSeat {
        /// The seat as given.
        seat: String,
        /// The number of players.
        players: usize,
    },
    /// A seat given to a bot the game does not offer.
    #[error("unknown bot {:?} for seat {}: {game} offers {}", clip(.bot), seat + 1, known.join(", "))]
    UnknownBot {
        /// The seat (0-based).
        seat: usize,
        /// The bot asked for.
        bot: String,
        /// The game.
        game: String,
        /// The bots the game offers.
        known: Vec<String>,
    },
    /// A seat given to a bot the game offers, asked for beyond its caps (a Monte Carlo
    /// budget above its cap): the reason names the cap.
    #[error("seat {}: {reason}", seat + 1)]
    BotRefused {
        /// The seat (0-based).
        seat: usize,
        /// The bot asked for.
        bot: String,
        /// Why, naming the bot and the cap.
        reason: String,
    },
    /// An action that cannot be read or is not legal now.
    #[error(
        "illegal action {:?} for player {player}: {reason}; legal: {}",
        clip(.action),
        legal.join(" ")
    )]
    IllegalAction {
        /// The action as given (notation, or the integer id as text).
        action: String,
        /// The player it was given for.
        player: usize,
        /// Why it is refused.
        reason: String,
        /// The legal actions of the player to move, in notation.
        legal: Vec<String>,
    },
    /// The player is not the one to move, or the seat is held by a bot.
    #[error("not player {player}'s turn: {reason}")]
    NotYourTurn {
        /// The player who tried to act.
        player: usize,
        /// The player to move, if any.
        to_move: Option<usize>,
        /// Why (whose turn it is, or which bot holds the seat).
        reason: String,
    },
    /// Nothing to undo: no move has been made since the start.
    #[error("nothing to undo")]
    NothingToUndo,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Chance acts now (a session with explicit chance nodes): no player decides.
    #[error("chance acts now (a chance node): no player decides here")]
    ChanceNode,
    /// A request above a documented cap (board size, steps, playouts).
    #[error("too large: {what} is {value}, the cap is {cap}")]
    TooLarge {
        /// What is too large.
        what: String,
        /// The value asked for.
        value: u64,
        /// The cap.
        cap: u64,
    },
    /// A record that cannot be reviewed (see [`tabletop_core::review::review`]).
    #[error(transparent)]
    Review(#[from] tabletop_core::review::ReviewError),
}

impl PlayError {
    /// The error of a bot that `game` refused for `seat`: [`PlayError::BotRefused`] when the
    /// game offers it but not with these settings, else [`PlayError::UnknownBot`].
    pub fn of_bot(seat: usize, game: &str, e: tabletop_core::UnknownBot) -> PlayError {
        match e.reason {
            Some(reason) => PlayError::BotRefused { seat, bot: e.bot, reason },
            None => {
                PlayError::UnknownBot { seat, bot: e.bot, game: game.to_owned(), known: e.known }
            }
        }
    }

    /// A [`PlayError::BadParams`].
    pub fn bad(field: impl Into<String>, reason: impl std::fmt::Display) -> PlayError {
        PlayError::BadParams { field: field.into(), reason: reason.to_string() }
    }

    /// A short, stable name of the variant (`"unknown_game"`, `"bad_params"`, ...), for JSON
    /// error bodies and exception classes.
    pub fn kind(&self) -> &'static str {
        match self {
            PlayError::UnknownGame { .. } => "unknown_game",
            PlayError::BadParams { .. } => "bad_params",
            PlayError::UnknownSeat { .. } => "unknown_seat",
            PlayError::UnknownBot { .. } | PlayError::BotRefused { .. } => "unknown_bot",
            PlayError::IllegalAction { .. } => "illegal_action",
            PlayError::NotYourTurn { .. } => "not_your_turn",
            PlayError::NothingToUndo => "nothing_to_undo",
            PlayError::GameOver => "game_over",
            PlayError::ChanceNode => "chance_node",
            PlayError::TooLarge { .. } => "too_large",
            PlayError::Review(_) => "review",
        }
    }
}

impl From<tabletop_core::ParamsError> for PlayError {
    fn from(e: tabletop_core::ParamsError) -> PlayError {
        match e {
            tabletop_core::ParamsError::Bad { field, reason } => {
                PlayError::BadParams { field, reason }
            }
            tabletop_core::ParamsError::TooLarge { what, value, cap } => {
                PlayError::TooLarge { what, value, cap }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each error has the stable name its front ends report: one per cause, a refused bot
    /// and an unknown one alike.
    #[test]
    fn kinds_name_the_cause() {
        let unknown = tabletop_core::UnknownBot { bot: "x".into(), known: vec![], reason: None };
        let refused =
            tabletop_core::UnknownBot { reason: Some("too many".into()), ..unknown.clone() };
        let kinds = [
            PlayError::bad("seed", "not a number").kind(),
            PlayError::of_bot(1, "take6", unknown).kind(),
            PlayError::of_bot(1, "take6", refused).kind(),
            PlayError::NothingToUndo.kind(),
            PlayError::GameOver.kind(),
            PlayError::ChanceNode.kind(),
        ];
        assert_eq!(
            kinds,
            [
                "bad_params",
                "unknown_bot",
                "unknown_bot",
                "nothing_to_undo",
                "game_over",
                "chance_node"
            ]
        );
    }
}
