//! The generators of the six problems behind one set of options.

use std::fmt;

use tabletop_race::Piece;
use tabletop_take6::Force;
use thiserror::Error;

use super::Problem;

/// What a generated input should have. Each option applies to some problems only (named on
/// each); [`Problem::generate`] refuses an option given to another problem. `Display` writes
/// the options given as `tabletop gen` takes them (`--mode wythoff --cases 1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenOptions {
    /// hdu5754: random, small, edge, equal, wythoff. p7147: random, pong, chow, ron,
    /// selfdrawn, draw, pass, reverse, double, specials (the wall's game has that event).
    pub mode: Option<String>,
    /// cf1769d1: a deal with this importance of the first move (0..=24, 26 or 30).
    pub importance: Option<u32>,
    /// cf1769d2/d3: k (default: uniform in 2..=13 or 2..=26).
    pub k: Option<usize>,
    /// nthu14463: N, the number of players (2..=10; default random).
    pub players: Option<u64>,
    /// nthu14463: M, the number of rounds (1..=50, N*M <= 100; default random).
    pub rounds: Option<u64>,
    /// nthu14463: P, the number of rows (1..=4; default random).
    pub rows: Option<u64>,
    /// nthu14463: situations the game must contain.
    pub force: Vec<Force>,
    /// hdu5754: T, the number of cases (default 1000).
    pub cases: Option<u64>,
    /// hdu5754: one piece for every case.
    pub piece: Option<Piece>,
    /// hdu5754: beyond the original constraints: boards up to 10^18, up to 10^6 cases.
    pub extended: bool,
}

impl GenOptions {
    /// The options given, each with the problems it applies to, in the order of the fields.
    fn given(&self) -> Vec<(&'static str, &'static [Problem])> {
        use Problem::*;
        const TAKE6: &[Problem] = &[Nthu14463];
        const RACE: &[Problem] = &[Hdu5754];
        let mut given = Vec::new();
        let mut add = |on: bool, option, problems: &'static [Problem]| {
            if on {
                given.push((option, problems));
            }
        };
        add(self.mode.is_some(), "--mode", &[Hdu5754, P7147]);
        add(self.importance.is_some(), "--importance", &[Cf1769d1]);
        add(self.k.is_some(), "--k", &[Cf1769d2, Cf1769d3]);
        add(self.players.is_some(), "--players", TAKE6);
        add(self.rounds.is_some(), "--rounds", TAKE6);
        add(self.rows.is_some(), "--rows", TAKE6);
        add(!self.force.is_empty(), "--force", TAKE6);
        add(self.cases.is_some(), "--cases", RACE);
        add(self.piece.is_some(), "--piece", RACE);
        add(self.extended, "--extended", RACE);
        given
    }
}

impl fmt::Display for GenOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words: Vec<String> = Vec::new();
        let mut add = |option: &str, value: Option<String>| {
            if let Some(v) = value {
                words.push(format!("{option} {v}"));
            }
        };
        add("--mode", self.mode.clone());
        add("--importance", self.importance.map(|v| v.to_string()));
        add("--k", self.k.map(|v| v.to_string()));
        add("--players", self.players.map(|v| v.to_string()));
        add("--rounds", self.rounds.map(|v| v.to_string()));
        add("--rows", self.rows.map(|v| v.to_string()));
        for force in &self.force {
            add("--force", Some(force.to_string()));
        }
        add("--cases", self.cases.map(|v| v.to_string()));
        add("--piece", self.piece.map(|v| v.name().to_owned()));
        if self.extended {
            words.push("--extended".to_owned());
        }
        f.write_str(&words.join(" "))
    }
}

/// Why [`Problem::generate`] cannot make the input asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenError {
    /// Options given to a problem they do not apply to.
    #[error(
        "{} {} to {} only, not to {problem}",
        list(options),
        if options.len() == 1 { "applies" } else { "apply" },
        list(&problems.iter().map(|p| p.id()).collect::<Vec<_>>())
    )]
    Foreign {
        /// The options, as `tabletop gen` names them (`--players`).
        options: Vec<&'static str>,
        /// The problems they apply to.
        problems: &'static [Problem],
        /// The problem they were given to.
        problem: Problem,
    },
    /// A mode that the problem's generator does not have (hdu5754's or p7147's).
    #[error(transparent)]
    Mode(#[from] tabletop_core::ParseNameError),
    /// Nine's generators cannot make it.
    #[error(transparent)]
    Nine(#[from] tabletop_nine::GenError),
    /// Take 6!'s generator cannot make it.
    #[error(transparent)]
    Take6(#[from] tabletop_take6::GenError),
    /// The race generator cannot make it.
    #[error(transparent)]
    Race(#[from] tabletop_race::GenError),
    /// The Mahjong generator cannot make it.
    #[error(transparent)]
    Mahjong(#[from] tabletop_mahjong::GenError),
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Problem {
    /// A test input from `seed` with `options`: the same seed and options give the same input.
    ///
    /// ```
    /// use tabletop_play::{GenOptions, Problem};
    ///
    /// let options = GenOptions { k: Some(3), ..GenOptions::default() };
    /// assert_eq!(Problem::Cf1769d2.generate(1, &options)?, "3\n");
    /// let options = GenOptions { players: Some(3), rows: Some(2), ..GenOptions::default() };
    /// let err = Problem::Hdu5754.generate(1, &options).unwrap_err();
    /// assert_eq!(err.to_string(), "--players and --rows apply to nthu14463 only, not to hdu5754");
    /// # Ok::<(), tabletop_play::GenError>(())
    /// ```
    pub fn generate(self, seed: u64, options: &GenOptions) -> Result<String, GenError> {
        // The first option that does not apply, with the others that apply where it does.
        let given = options.given();
        if let Some(&(_, problems)) = given.iter().find(|(_, on)| !on.contains(&self)) {
            let options =
                given.iter().filter(|(_, on)| *on == problems).map(|(option, _)| *option).collect();
            return Err(GenError::Foreign { options, problems, problem: self });
        }
        Ok(match self {
            Problem::Cf1769d1 => tabletop_nine::gen_d1(seed, options.importance)?,
            Problem::Cf1769d2 => tabletop_nine::gen_k(13, seed, options.k)?,
            Problem::Cf1769d3 => tabletop_nine::gen_k(26, seed, options.k)?,
            Problem::Nthu14463 => {
                let take = tabletop_take6::TakeGen {
                    players: options.players,
                    rounds: options.rounds,
                    rows: options.rows,
                    force: options.force.clone(),
                };
                tabletop_take6::gen_nthu14463(seed, &take)?
            }
            Problem::Hdu5754 => {
                let race = tabletop_race::RaceGen {
                    mode: options.mode.as_deref().map(str::parse).transpose()?.unwrap_or_default(),
                    cases: options.cases,
                    piece: options.piece,
                    extended: options.extended,
                };
                tabletop_race::gen_hdu5754(seed, &race)?
            }
            Problem::P7147 => {
                let mode = options.mode.as_deref().map(str::parse).transpose()?;
                tabletop_mahjong::gen_p7147(seed, mode.unwrap_or_default())?
            }
        })
    }

    /// The generator options of a package's tests, one per kind of test the generator makes
    /// (the default options first where they differ from every mode).
    pub fn package_modes(self) -> Vec<GenOptions> {
        let k = |k| GenOptions { k: Some(k), ..GenOptions::default() };
        let mode = |m: &str| GenOptions { mode: Some(m.to_owned()), ..GenOptions::default() };
        let importance = |i| GenOptions { importance: Some(i), ..GenOptions::default() };
        let take = |players, rounds, rows, force: &[Force]| GenOptions {
            players,
            rounds,
            rows,
            force: force.to_vec(),
            ..GenOptions::default()
        };
        match self {
            Problem::Cf1769d1 => {
                vec![GenOptions::default(), importance(0), importance(5), importance(11)]
            }
            Problem::Cf1769d2 => vec![k(13), k(2), GenOptions::default()],
            Problem::Cf1769d3 => vec![k(26), k(13), GenOptions::default()],
            Problem::Nthu14463 => vec![
                GenOptions::default(),
                take(Some(10), Some(10), Some(4), &[]),
                take(None, None, Some(1), &[]),
                take(None, Some(1), None, &[]),
                take(Some(2), None, None, &[]),
                take(None, None, None, &[Force::TooLow]),
                take(None, None, None, &[Force::Sixth]),
                take(Some(2), Some(50), Some(4), &[Force::TooLow, Force::Sixth]),
            ],
            Problem::Hdu5754 => {
                let mut modes: Vec<GenOptions> =
                    tabletop_race::RaceMode::ALL.map(|m| mode(m.name())).into();
                modes.push(GenOptions { cases: Some(1), ..mode("wythoff") });
                modes
            }
            Problem::P7147 => tabletop_mahjong::MahjongMode::ALL.map(|m| mode(m.name())).into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_print_as_the_command_line_takes_them() {
        let all = GenOptions {
            mode: Some("edge".into()),
            importance: Some(3),
            k: Some(4),
            players: Some(2),
            rounds: Some(50),
            rows: Some(4),
            force: vec![Force::TooLow, Force::Sixth],
            cases: Some(7),
            piece: Some(Piece::Knight),
            extended: true,
        };
        assert_eq!(
            all.to_string(),
            "--mode edge --importance 3 --k 4 --players 2 --rounds 50 --rows 4 --force too-low \
             --force sixth --cases 7 --piece knight --extended"
        );
        assert_eq!(GenOptions::default().to_string(), "");
    }

    #[test]
    fn foreign_options_are_named_with_their_problems() {
        let err = |p: Problem, o: GenOptions| p.generate(1, &o).unwrap_err().to_string();
        let o = GenOptions { rounds: Some(2), ..GenOptions::default() };
        assert_eq!(err(Problem::Hdu5754, o), "--rounds applies to nthu14463 only, not to hdu5754");
        let o = GenOptions {
            players: Some(2),
            rows: Some(1),
            force: vec![Force::Sixth],
            cases: Some(3),
            ..GenOptions::default()
        };
        assert_eq!(
            err(Problem::P7147, o.clone()),
            "--players, --rows and --force apply to nthu14463 only, not to p7147"
        );
        assert_eq!(err(Problem::Nthu14463, o), "--cases applies to hdu5754 only, not to nthu14463");
        let o = GenOptions { piece: Some(Piece::King), extended: true, ..GenOptions::default() };
        assert_eq!(
            err(Problem::Cf1769d1, o),
            "--piece and --extended apply to hdu5754 only, not to cf1769d1"
        );
        let o = GenOptions { mode: Some("x".into()), k: Some(2), ..GenOptions::default() };
        assert_eq!(
            err(Problem::Cf1769d2, o),
            "--mode applies to hdu5754 and p7147 only, not to cf1769d2"
        );
    }

    #[test]
    fn every_package_mode_generates_a_valid_input() {
        for p in Problem::ALL {
            for options in p.package_modes() {
                let input =
                    p.generate(3, &options).unwrap_or_else(|e| panic!("{p} {options}: {e}"));
                p.validate(&input, false).unwrap_or_else(|e| panic!("{p} {options}: {e}"));
            }
        }
    }
}
