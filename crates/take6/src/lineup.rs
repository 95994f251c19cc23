//! An arena set up from the names of built-in bots (`tabletop take6 arena --bots`, Python's
//! `take6.arena` and `tabletop.batch` with names): the names read, the set-up checked.

use thiserror::Error;

use crate::{ArenaConfig, ArenaError, BotKind, Entrant, ParseBotError, Rules};

/// Why an arena cannot be set up from names.
#[derive(Debug, Error)]
pub enum LineupError {
    /// A name that is not a built-in bot's.
    #[error(transparent)]
    Bot(#[from] ParseBotError),
    /// The set-up is refused ([`ArenaConfig::arena`]).
    #[error(transparent)]
    Arena(#[from] ArenaError),
}

impl LineupError {
    /// Whether the bots are at fault (a bad name, or a list that cannot fill the seats),
    /// rather than the other numbers.
    pub fn is_about_bots(&self) -> bool {
        matches!(self, LineupError::Bot(_) | LineupError::Arena(ArenaError::Bots { .. }))
    }
}

impl ArenaConfig {
    /// The arena of `rules` with the built-in bots `names` (each trimmed: `mc:200`,
    /// `heuristic`, ...; a shorter list is repeated to fill the seats), checked as
    /// [`ArenaConfig::arena`] checks it.
    ///
    /// # Errors
    /// [`LineupError::Bot`] for the first name that is not a bot's; [`LineupError::Arena`]
    /// when the set-up is refused.
    pub fn of_names<S: AsRef<str>>(
        rules: Rules,
        names: &[S],
        deals: u64,
        seed: u64,
        matches: bool,
    ) -> Result<ArenaConfig, LineupError> {
        let bots = names
            .iter()
            .map(|n| n.as_ref().trim().parse::<BotKind>().map(Entrant::from))
            .collect::<Result<Vec<_>, _>>()?;
        let config = ArenaConfig { rules, bots, deals, seed, matches };
        config.arena()?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MAX_ARENA_DEALS, RowRule};

    fn rules(players: usize) -> Rules {
        Rules::full_deck(RowRule::Choose, players, 4, 10, None).unwrap()
    }

    #[test]
    fn names_become_the_lineup() {
        let config = ArenaConfig::of_names(rules(3), &[" mc:20", "random "], 5, 7, true).unwrap();
        let expected = [BotKind::MonteCarlo { playouts: 20 }, BotKind::Random];
        assert_eq!(config.bots, expected.map(Entrant::from));
        assert_eq!((config.deals, config.seed, config.matches), (5, 7, true));
        assert_eq!(config.rules, rules(3));
    }

    #[test]
    fn a_bad_name_or_too_many_bots_is_about_the_bots() {
        let bad = ArenaConfig::of_names(rules(2), &["nobody"], 1, 0, false).unwrap_err();
        assert!(matches!(bad, LineupError::Bot(_)) && bad.is_about_bots(), "{bad:?}");
        assert_eq!(bad.to_string(), "nobody".parse::<BotKind>().unwrap_err().to_string());
        let many = ArenaConfig::of_names(rules(2), &["random"; 3], 1, 0, false).unwrap_err();
        assert!(many.is_about_bots(), "{many:?}");
        assert_eq!(many.to_string(), "3 bots for 2 players, expected 1 to 2");
    }

    #[test]
    fn other_refusals_are_not_about_the_bots() {
        let deals = MAX_ARENA_DEALS + 1;
        let e = ArenaConfig::of_names(rules(2), &["random"], deals, 0, false).unwrap_err();
        assert!(matches!(e, LineupError::Arena(ArenaError::Deals { .. })), "{e:?}");
        assert!(!e.is_about_bots());
    }
}
