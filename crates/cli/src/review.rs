//! `tabletop review`: a record reviewed against the game's oracle, one decision a line.

use std::path::PathBuf;

use tabletop_play::LadderConfig;

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
    common::print(&session.review_text(&review))
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
    common::print(&report.to_string())
}
