//! Mahjong's bots by name: [`MahjongBot`], the one parser of the names and the one place that
//! builds a bot for a game or says why it cannot play it ([`BotError`]). [`Mahjong`]'s
//! [`Game::check_bot`] and [`Game::bot_action`] go through it, and so does every front end
//! that seats a bot (the ladder, `tabletop play`, the pages, Python's `bot_action` and the
//! Gymnasium opponents).

use std::fmt;
use std::str::FromStr;

use tabletop_core::budget::{Budget, BudgetError, MAX_MILLIS, MAX_PLAYOUTS};
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::text::{clip, thousands};
use tabletop_core::{Game, seeded_rng};
use thiserror::Error;

use crate::game::{Mahjong, MahjongAction, MahjongParams};

/// A Mahjong bot, built for a game by [`MahjongBot::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MahjongBot {
    /// `rules`: the problem's fixed rules (the discard that keeps the distance to winning
    /// smallest, ties by priority; with `claims`, always `RON` and `SELFDRAWN`, a pong or
    /// chow when it strictly lowers the distance).
    Rules,
    /// `random`: any legal action, uniformly.
    Random,
    /// `nn`: the shipped network's legal action of highest output on the player's
    /// observation.
    Network,
    /// `nn-mc` or `nn-mc:N`: the network's best three actions, the one of highest mean
    /// return over this many playouts in all (deterministic in the seed).
    NetworkMc {
        /// Playouts per decision, over all the candidates.
        playouts: u32,
    },
    /// `nn-mc:Nms`: as [`MahjongBot::NetworkMc`], playing out for this many milliseconds a
    /// decision (the choice depends on the machine's speed).
    NetworkMcTimed {
        /// Milliseconds per decision.
        millis: u32,
    },
}

/// Why a name is no bot of a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// A name that is no bot.
    #[error(
        "unknown bot \"{}\", expected one of: rules, random, nn, nn-mc, nn-mc:<playouts>, nn-mc:<milliseconds>ms",
        clip(.0)
    )]
    Unknown(String),
    /// `nn-mc:N` with N not a number of playouts.
    #[error(
        "bot \"{}\": expected nn-mc:N with N from 1 to {} playouts per decision",
        clip(.0),
        thousands(MAX_PLAYOUTS)
    )]
    Playouts(String),
    /// `nn-mc:Nms` with N not a number of milliseconds.
    #[error(
        "bot \"{}\": expected nn-mc:Nms with N from 1 to {} milliseconds per decision",
        clip(.0),
        thousands(MAX_MILLIS)
    )]
    Millis(String),
    /// `nn-mc:N` above the cap of playouts.
    #[error("bot \"{}\": at most {} playouts per decision", clip(.0), thousands(MAX_PLAYOUTS))]
    TooManyPlayouts(String),
    /// `nn-mc:Nms` above the cap of milliseconds.
    #[error(
        "bot \"{}\": at most {} milliseconds per decision",
        clip(.0),
        thousands(MAX_MILLIS)
    )]
    TooManyMillis(String),
    /// A network bot in a game the shipped network does not play (or in a build without it).
    #[error("bot `{bot}` cannot play this game: {why}")]
    Refused {
        /// The bot's name.
        bot: String,
        /// What the network plays, or that there is none.
        why: String,
    },
}

impl MahjongBot {
    /// The playouts of `nn-mc` with no number: about 20 ms a decision on one core.
    pub const DEFAULT_PLAYOUTS: u32 = 150;

    /// The bot `name` for a game of `params` (its wall does not matter: a network plays any
    /// deal).
    ///
    /// # Errors
    /// [`BotError`]: an unknown name, a budget out of its range (the cap is the reason), or a
    /// network bot where the shipped network does not play the game (what it plays is the
    /// reason; the message starts "bot `nn` cannot play this game: ...").
    pub fn new(name: &str, params: &MahjongParams) -> Result<MahjongBot, BotError> {
        MahjongBot::for_game(name, params.claims)
    }

    /// [`MahjongBot::new`] for a game where the players decide their claims (`claims`) or
    /// not.
    pub(crate) fn for_game(name: &str, claims: bool) -> Result<MahjongBot, BotError> {
        let bot: MahjongBot = name.parse()?;
        if bot.uses_network()
            && let Some(why) = Mahjong::network_refusal(claims)
        {
            return Err(BotError::Refused { bot: name.to_owned(), why });
        }
        Ok(bot)
    }

    /// Whether the bot reads the shipped network.
    pub fn uses_network(self) -> bool {
        matches!(
            self,
            MahjongBot::Network | MahjongBot::NetworkMc { .. } | MahjongBot::NetworkMcTimed { .. }
        )
    }

    /// The bot's action for the player to act in `game`, deterministic in `seed` (but for
    /// `nn-mc:Nms`). Every bot reads only what that player may see.
    ///
    /// # Panics
    /// When no player is to act, or for a network bot in a game [`MahjongBot::new`] refuses
    /// it for.
    pub fn action(self, game: &Mahjong, seed: u64) -> MahjongAction {
        match self {
            MahjongBot::Rules => game.rules_action(),
            MahjongBot::Random => {
                assert!(game.current_player().is_some(), "a bot acts only for a player to move");
                *game.legal_actions().choose(&mut seeded_rng(seed)).expect("a legal action")
            }
            #[cfg(feature = "nn")]
            MahjongBot::Network => crate::nnbot::network_action(game),
            #[cfg(feature = "nn")]
            MahjongBot::NetworkMc { playouts } => {
                crate::mcbot::network_mc_action(game, Budget::Playouts(playouts), seed)
            }
            #[cfg(feature = "nn")]
            MahjongBot::NetworkMcTimed { millis } => crate::mcbot::network_mc_action(
                game,
                Budget::Time(std::time::Duration::from_millis(u64::from(millis))),
                seed,
            ),
            #[cfg(not(feature = "nn"))]
            MahjongBot::Network
            | MahjongBot::NetworkMc { .. }
            | MahjongBot::NetworkMcTimed { .. } => {
                panic!(
                    "bot `{self}` cannot play: this build has no shipped network (the mahjong \
                     crate's `nn` feature is off)"
                )
            }
        }
    }
}

impl fmt::Display for MahjongBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MahjongBot::Rules => f.write_str("rules"),
            MahjongBot::Random => f.write_str("random"),
            MahjongBot::Network => f.write_str("nn"),
            MahjongBot::NetworkMc { playouts } if *playouts == MahjongBot::DEFAULT_PLAYOUTS => {
                f.write_str("nn-mc")
            }
            MahjongBot::NetworkMc { playouts } => write!(f, "nn-mc:{playouts}"),
            MahjongBot::NetworkMcTimed { millis } => write!(f, "nn-mc:{millis}ms"),
        }
    }
}

impl FromStr for MahjongBot {
    type Err = BotError;

    /// `rules`, `random`, `nn`, `nn-mc`, `nn-mc:<playouts per decision>` or
    /// `nn-mc:<milliseconds per decision>ms`, the budget as [`Budget`] reads it (with its
    /// caps). The name only: whether the game can seat it is [`MahjongBot::new`]'s question.
    fn from_str(s: &str) -> Result<MahjongBot, BotError> {
        Ok(match s {
            "rules" => MahjongBot::Rules,
            "random" => MahjongBot::Random,
            "nn" => MahjongBot::Network,
            "nn-mc" => MahjongBot::NetworkMc { playouts: MahjongBot::DEFAULT_PLAYOUTS },
            _ => {
                let Some(budget) = s.strip_prefix("nn-mc:") else {
                    return Err(BotError::Unknown(s.to_owned()));
                };
                let name = s.to_owned();
                match budget.parse() {
                    Ok(Budget::Playouts(playouts)) => MahjongBot::NetworkMc { playouts },
                    Ok(Budget::Time(t)) => {
                        MahjongBot::NetworkMcTimed { millis: t.as_millis() as u32 }
                    }
                    Err(BudgetError::Playouts) => return Err(BotError::Playouts(name)),
                    Err(BudgetError::Millis) => return Err(BotError::Millis(name)),
                    Err(BudgetError::TooManyPlayouts) => {
                        return Err(BotError::TooManyPlayouts(name));
                    }
                    Err(BudgetError::TooManyMillis) => return Err(BotError::TooManyMillis(name)),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for bot in [
            MahjongBot::Rules,
            MahjongBot::Random,
            MahjongBot::Network,
            MahjongBot::NetworkMc { playouts: MahjongBot::DEFAULT_PLAYOUTS },
            MahjongBot::NetworkMc { playouts: 1 },
            MahjongBot::NetworkMc { playouts: MAX_PLAYOUTS },
            MahjongBot::NetworkMcTimed { millis: 20 },
            MahjongBot::NetworkMcTimed { millis: MAX_MILLIS },
        ] {
            assert_eq!(bot.to_string().parse(), Ok(bot), "{bot}");
        }
        assert_eq!("nn-mc:150".parse::<MahjongBot>().unwrap().to_string(), "nn-mc");
        assert_eq!("nn-mc:0020ms".parse(), Ok(MahjongBot::NetworkMcTimed { millis: 20 }));
    }

    #[test]
    fn budgets_out_of_range_name_their_cap() {
        let err = |s: &str| s.parse::<MahjongBot>().unwrap_err();
        for s in ["nn-mc:", "nn-mc:0", "nn-mc:x", "nn-mc:-3", "nn-mc:+5", "nn-mc:3.5", "nn-mc:5s"] {
            assert_eq!(err(s), BotError::Playouts(s.to_owned()));
        }
        for s in ["nn-mc:ms", "nn-mc:0ms", "nn-mc:xms", "nn-mc:+5ms"] {
            assert_eq!(err(s), BotError::Millis(s.to_owned()));
        }
        assert_eq!(
            err("nn-mc:10001").to_string(),
            "bot \"nn-mc:10001\": at most 10,000 playouts per decision"
        );
        assert_eq!(
            err("nn-mc:99999999999999999999999").to_string(),
            "bot \"nn-mc:99999999999999999999999\": at most 10,000 playouts per decision"
        );
        assert_eq!(
            err("nn-mc:10001ms").to_string(),
            "bot \"nn-mc:10001ms\": at most 10,000 milliseconds per decision"
        );
        assert_eq!(
            err("nn-mc:0").to_string(),
            "bot \"nn-mc:0\": expected nn-mc:N with N from 1 to 10,000 playouts per decision"
        );
        assert_eq!(
            err("nn-mc:0ms").to_string(),
            "bot \"nn-mc:0ms\": expected nn-mc:Nms with N from 1 to 10,000 milliseconds per \
             decision"
        );
        for s in ["nn:5", "nn-mc5", "NN", "nn-", "mc", "mc:5", "Rules", ""] {
            assert_eq!(err(s), BotError::Unknown(s.to_owned()), "{s}");
        }
        assert!(err("genius").to_string().starts_with("unknown bot \"genius\", expected one of"));
    }

    #[test]
    fn the_plain_bots_play_any_game() {
        for claims in [false, true] {
            let params = MahjongParams { wall: None, claims };
            assert_eq!(MahjongBot::new("rules", &params), Ok(MahjongBot::Rules));
            assert_eq!(MahjongBot::new("random", &params), Ok(MahjongBot::Random));
            assert!(matches!(MahjongBot::new("solver", &params), Err(BotError::Unknown(_))));
        }
    }
}
