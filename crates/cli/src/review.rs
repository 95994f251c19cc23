//! `tabletop review`: a record reviewed against the game's oracle, one decision a line.

use std::fmt::Write as _;
use std::path::PathBuf;

use tabletop_play::{LadderConfig, LadderReport, Review, Session};

use crate::common;
use crate::play::{params, record_session};

/// Reviews a game against perfect play: each decision's value, the best action and the regret.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record (JSON, as `tabletop play --json`, `GET /api/games/{id}/record` and Python's
    /// `State.record()` write it; `-`: stdin).
    record: PathBuf,
    /// Print the review as JSON: `{"game", "decisions", "players"}`.
    #[arg(long)]
    json: bool,
}

/// Runs `tabletop review`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let session = record_session(&args.record)?;
    let review = session.review()?;
    if args.json {
        return common::print(&common::to_json(&review)?);
    }
    common::print(&text(&session, &review))
}

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
    let zero_sum = session.game_type().utility == tabletop_core::Utility::ZeroSum;
    (zero_sum && session.num_players() == 2).then_some(0)
}

/// The review as text: a header, one decision a line (the players' moves numbered from 1,
/// the deal left out), a summary per player.
fn text(session: &Session, review: &Review) -> String {
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
            common::plural(p.decisions as u64, "decision"),
            p.mean_regret,
            match p.inaccuracies {
                1 => "1 inaccuracy".to_owned(),
                n => format!("{n} inaccuracies"),
            },
            common::plural(p.mistakes as u64, "mistake"),
            common::plural(p.blunders as u64, "blunder"),
            100.0 * p.accuracy
        );
    }
    out
}

/// Ranks bots by their mean regret against perfect play, over seeded duplicate games.
#[derive(Debug, clap::Args)]
pub struct LadderArgs {
    /// The game: nine, take6, race or mahjong.
    #[arg(long)]
    game: String,
    /// The bots, comma-separated (`solver`, `random`, `heuristic`, `mc:200`, `rules`, ...):
    /// every bot plays every seat of every deal.
    #[arg(long, value_delimiter = ',', required = true, value_name = "BOTS")]
    bots: Vec<String>,
    /// The deals (each played once per bot, the bots rotated through the seats).
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// The seed of the deals and of the bots' choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// A game parameter, `KEY=VALUE`, as for `tabletop play`; repeatable.
    #[arg(long = "param", short = 'p', value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Worker threads (default: all cores); the table is the same on any number.
    #[arg(long)]
    threads: Option<usize>,
    /// Print JSON: `{"game", "games", "seed", "bots": [{"bot", "decisions", "mean_regret",
    /// "ci95", "win_rate", "mean_score", "seats"}]}`.
    #[arg(long)]
    json: bool,
}

/// Runs `tabletop ladder`.
pub fn run_ladder(args: LadderArgs) -> anyhow::Result<()> {
    let config = LadderConfig {
        game: args.game.clone(),
        params: params(&args.params)?,
        bots: args.bots.clone(),
        games: args.games,
        seed: args.seed,
    };
    let bar = common::progress_bar(args.games, "deals");
    let work = || config.run(|| bar.inc(1));
    let report = match args.threads {
        Some(n) => tabletop_core::drive::with_threads(Some(n), work)?,
        None => work(),
    }?;
    bar.finish_and_clear();
    if args.json {
        return common::print(&common::to_json(&report)?);
    }
    common::print(&ladder_text(&report))
}

fn ladder_text(r: &LadderReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} (seed {}), every bot in every seat; mean regret per decision with its 95% interval",
        r.game,
        common::plural(r.games, "deal"),
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
    out
}
