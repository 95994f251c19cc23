//! The session layer's reports as text, for every front end alike: a game played
//! ([`Session::play_text`]), a review ([`Session::review_text`]) and a ladder
//! ([`LadderReport`]'s `Display`).

use std::fmt::{self, Write as _};

use tabletop_core::text::plural;

use crate::{LadderReport, Review, Session};

/// A value: whole numbers as such, estimates to two decimals, signed.
fn value(v: f64) -> String {
    if v == 0.0 {
        "0".to_owned()
    } else if v.fract() == 0.0 {
        format!("{v:+}")
    } else {
        format!("{v:+.2}")
    }
}

/// The player whose side every value is shown from: the first player in a two-player
/// zero-sum game (Nine's Alice, as the census shows a deal; the race games' first mover), so
/// a value keeps its sign from move to move; `None` (the mover's side) in other games.
fn one_side(session: &Session) -> Option<usize> {
    let zero_sum = session.line().game().game_type().utility == tabletop_core::Utility::ZeroSum;
    (zero_sum && session.num_players() == 2).then_some(0)
}

impl Session {
    /// A review of this session's game ([`Session::review`]) as text: a header, one
    /// decision a line (the players' moves numbered from 1, the deal left out), a summary per
    /// player. In a two-player zero-sum game every value is shown from the first player's
    /// side, so a value keeps its sign from move to move; elsewhere from the mover's.
    pub fn review_text(&self, review: &Review) -> String {
        let session = self;
        let names = session.player_names();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        let side = one_side(session);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} (seed {}), reviewed against the game's oracle: values from {}",
            review.game,
            session.seed(),
            side.map_or_else(|| "the mover's side".to_owned(), |p| format!("{}'s side", names[p]))
        );
        for d in &review.decisions {
            let mark = d.mark.map_or("", |m| m.symbol());
            // A zero-sum value for the mover is its negation for the other player.
            let sign = if side.is_some_and(|p| p != d.player) { -1.0 } else { 1.0 };
            let _ = write!(
                out,
                "{:>4}. {:<width$}  {}{mark}  {}",
                d.step + 1,
                names[d.player],
                d.action,
                value(sign * d.value)
            );
            if d.regret > 0.0 {
                let _ = write!(
                    out,
                    "  best {} {} (regret {})",
                    d.best.join(" "),
                    value(sign * d.best_value),
                    value(d.regret).trim_start_matches('+')
                );
            }
            if let Some(ci) = d.ci95 {
                let _ = write!(out, "  ±{ci:.2}");
            }
            out.push('\n');
        }
        for p in &review.players {
            let _ = writeln!(
                out,
                "{}: {}, mean regret {:.3}, {}, {}, {}, accuracy {:.1}%",
                names[p.player],
                plural(p.decisions as u64, "decision"),
                p.mean_regret,
                match p.inaccuracies {
                    1 => "1 inaccuracy".to_owned(),
                    n => format!("{n} inaccuracies"),
                },
                plural(p.mistakes as u64, "mistake"),
                plural(p.blunders as u64, "blunder"),
                100.0 * p.accuracy
            );
        }
        out
    }
}

/// The ladder as a table: one line per bot, best first, with its decisions, mean regret and
/// its 95% interval, win rate and mean score.
impl fmt::Display for LadderReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: {} (seed {}), every bot in every seat; mean regret per decision with its 95% interval",
            r.game,
            plural(r.games, "deal"),
            r.seed
        );
        let width = r.bots.iter().map(|b| b.bot.chars().count()).max().unwrap_or(3).max(3);
        let _ = writeln!(
            out,
            "  # {:<width$}  {:>9}  {:>17}  {:>8}  {:>10}",
            "bot", "decisions", "mean regret", "win rate", "mean score"
        );
        for (i, b) in r.bots.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>3} {:<width$}  {:>9}  {:>8.3} ± {:<6.3}  {:>7.1}%  {:>10.2}",
                i + 1,
                b.bot,
                b.decisions,
                b.mean_regret,
                b.ci95,
                100.0 * b.win_rate,
                b.mean_score
            );
        }
        f.write_str(&out)
    }
}

impl Session {
    /// How the game went, as text: the seats, every action, the position, and the returns
    /// once it is over.
    pub fn play_text(&self) -> String {
        let s = self;
        let state = s.state_for(None);
        let mut out = String::new();
        let seats: Vec<String> = state
            .players
            .iter()
            .zip(s.seats())
            .map(|(name, seat)| format!("{name} {seat}"))
            .collect();
        let _ = writeln!(out, "{} (seed {}): {}", s.game(), s.seed(), seats.join(", "));
        let moves: Vec<String> = s
            .steps()
            .iter()
            .map(|step| format!("{} {}", state.players[step.player], step.action))
            .collect();
        let _ = writeln!(out, "{}: {}", plural(moves.len() as u64, "action"), moves.join(", "));
        out.push_str(s.line().game().text().trim_end());
        out.push('\n');
        if let Some(r) = &state.returns {
            let r: Vec<String> =
                state.players.iter().zip(r).map(|(name, v)| format!("{name} {v}")).collect();
            let _ = writeln!(out, "returns: {}", r.join(", "));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{Decision, LadderBot, Mark, PlayerSummary, Seat};

    fn bots(game: &str, params: serde_json::Value, seats: &[&str]) -> Session {
        let seats =
            seats.iter().map(|s| s.parse::<Seat>().unwrap_or_else(|n| match n {})).collect();
        Session::new(game, params, seats, 5).unwrap()
    }

    fn decision(step: usize, player: usize, value: f64, best_value: f64) -> Decision {
        Decision {
            ply: step,
            step,
            player,
            action: format!("a{step}"),
            best: vec![format!("b{step}"), "c".to_owned()],
            value,
            best_value,
            regret: best_value - value,
            mark: None,
            ci95: None,
        }
    }

    fn summary(player: usize, inaccuracies: usize) -> PlayerSummary {
        PlayerSummary {
            player,
            decisions: 1,
            mean_regret: 0.5,
            inaccuracies,
            mistakes: 1,
            blunders: 2,
            accuracy: 0.25,
        }
    }

    fn review(game: &str) -> Review {
        let mut marked = decision(2, 1, -0.5, 0.25);
        marked.mark = Some(Mark::Mistake);
        marked.ci95 = Some(0.1);
        Review {
            game: game.to_owned(),
            decisions: vec![decision(0, 0, 1.0, 1.0), decision(1, 1, 0.0, 2.0), marked],
            players: vec![summary(0, 1), summary(1, 0)],
        }
    }

    #[test]
    fn values_are_whole_or_to_two_decimals_and_signed() {
        assert_eq!(value(0.0), "0");
        assert_eq!(value(-0.0), "0");
        assert_eq!(value(2.0), "+2");
        assert_eq!(value(-3.0), "-3");
        assert_eq!(value(0.5), "+0.50");
        assert_eq!(value(-1.25), "-1.25");
    }

    /// A two-player zero-sum game shows every value from the first player's side (the second
    /// player's values negated); the others from the mover's.
    #[test]
    fn a_review_reads_from_one_side_in_a_zero_sum_game_of_two() {
        let race =
            bots("race", json!({"piece": "queen", "rows": 5, "cols": 5}), &["random", "random"]);
        assert_eq!(one_side(&race), Some(0));
        let names = race.player_names();
        let text = race.review_text(&review("race"));
        let expected = format!(
            "race (seed 5), reviewed against the game's oracle: values from {a}'s side\n\
             \x20  1. {a:<w$}  a0  +1\n\
             \x20  2. {b:<w$}  a1  0  best b1 c -2 (regret 2)\n\
             \x20  3. {b:<w$}  a2?  +0.50  best b2 c -0.25 (regret 0.75)  ±0.10\n\
             {a}: 1 decision, mean regret 0.500, 1 inaccuracy, 1 mistake, 2 blunders, accuracy 25.0%\n\
             {b}: 1 decision, mean regret 0.500, 0 inaccuracies, 1 mistake, 2 blunders, accuracy 25.0%\n",
            a = names[0],
            b = names[1],
            w = names[0].chars().count().max(names[1].chars().count()),
        );
        assert_eq!(text, expected);
        // Take 6! is not zero-sum, with two players or more.
        for players in [2, 3] {
            let take6 = bots("take6", json!({"players": players}), &["random"; 3][..players]);
            assert_eq!(one_side(&take6), None, "{players} players");
        }
        let take6 = bots("take6", json!({"players": 2}), &["random", "random"]);
        let text = take6.review_text(&review("take6"));
        assert!(
            text.starts_with(
                "take6 (seed 5), reviewed against the game's oracle: values from the mover's side\n"
            ),
            "{text}"
        );
        assert!(text.contains("  a1  0  best b1 c +2 (regret 2)\n"), "{text}");
        assert!(text.contains("  a2?  -0.50  best b2 c +0.25 (regret 0.75)  ±0.10\n"), "{text}");
    }

    #[test]
    fn a_ladder_is_a_table_best_first() {
        let bot = |name: &str, regret| LadderBot {
            bot: name.to_owned(),
            decisions: 12,
            mean_regret: regret,
            ci95: 0.25,
            win_rate: 0.5,
            mean_score: -1.5,
            seats: 2,
        };
        let report = LadderReport {
            game: "race".to_owned(),
            games: 1,
            seed: 9,
            bots: vec![bot("solver", 0.0), bot("mc:10", 1.5)],
        };
        assert_eq!(
            report.to_string(),
            "race: 1 deal (seed 9), every bot in every seat; mean regret per decision with its 95% interval\n\
             \x20 # bot     decisions        mean regret  win rate  mean score\n\
             \x20 1 solver         12     0.000 ± 0.250      50.0%       -1.50\n\
             \x20 2 mc:10          12     1.500 ± 0.250      50.0%       -1.50\n"
        );
    }

    #[test]
    fn a_game_played_reads_as_its_seats_actions_position_and_returns() {
        let mut race =
            bots("race", json!({"piece": "rook", "rows": 3, "cols": 3}), &["random", "random"]);
        let names = race.player_names();
        let start = race.play_text();
        assert!(
            start.starts_with(&format!(
                "race (seed 5): {} random, {} random\n0 actions: \n",
                names[0], names[1]
            )),
            "{start}"
        );
        assert!(!start.contains("returns"), "{start}");
        while !race.is_terminal() {
            race.step().unwrap();
        }
        let end = race.play_text();
        let first = &race.steps()[0];
        assert!(
            end.contains(&format!("actions: {} {}", names[first.player], first.action)),
            "{end}"
        );
        assert!(
            end.ends_with(&format!(
                "returns: {} {}, {} {}\n",
                names[0],
                race.returns()[0],
                names[1],
                race.returns()[1]
            )),
            "{end}"
        );
    }
}
