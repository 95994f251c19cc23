//! `tabletop review`: a record reviewed against the game's oracle, one decision a line.

use std::fmt::Write as _;
use std::path::PathBuf;

use tabletop_play::{Review, Session};

use crate::common;
use crate::play::record_session;

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

/// The review as text: a header, one decision a line, a summary per player.
fn text(session: &Session, review: &Review) -> String {
    let names = session.state_for(None).players;
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} (seed {}), reviewed against the game's oracle: values from the mover's side",
        review.game,
        session.seed()
    );
    for d in &review.decisions {
        let mark = d.mark.map_or("", |m| m.symbol());
        let _ = write!(
            out,
            "{:>4}. {:<width$}  {}{mark}  {}",
            d.ply,
            names[d.player],
            d.action,
            value(d.value)
        );
        if d.regret > 0.0 {
            let _ = write!(
                out,
                "  best {} {} (regret {})",
                d.best.join(" "),
                value(d.best_value),
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
            common::plural(p.inaccuracies as u64, "inaccuracy").replace("cys", "cies"),
            common::plural(p.mistakes as u64, "mistake"),
            common::plural(p.blunders as u64, "blunder"),
            100.0 * p.accuracy
        );
    }
    out
}
