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
