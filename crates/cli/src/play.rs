//! `tabletop play`: any registered game played by bots, and its record (the format of
//! `GET /api/games/{id}/record` and Python's `State.record()`).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde_json::{Map, Value, json};
use tabletop_play::{Record, Seat, Session};

use crate::common::{self, read_input};

/// Plays a game with bots in every seat and prints how it went; `--json` prints its record.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game: nine, take6, race or mahjong (not with --record).
    #[arg(required_unless_present = "record")]
    game: Option<String>,
    /// A game parameter, `KEY=VALUE` (the value read as JSON where it is JSON, else as
    /// text); repeatable. The parameters are those of `tabletop serve`'s games (see the
    /// tabletop_play crate docs), e.g. `-p players=3 -p mode=match` for Take 6!.
    #[arg(long = "param", short = 'p', value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// The seed: the deal (cards, wall) and every bot's choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The bot of each seat, comma-separated (`solver`, `random`, `heuristic`, `mc:200`,
    /// `rules`, ...); seats not given get the game's default bot.
    #[arg(long, value_delimiter = ',', value_name = "BOTS")]
    seats: Vec<String>,
    /// Rebuild the game from a record (JSON, as `--json` prints it; `-`: stdin) and play on
    /// from where it stops.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "params", "seed", "seats"])]
    record: Option<PathBuf>,
    /// Stop after this many bot actions (default: play to the end).
    #[arg(long, value_name = "N")]
    steps: Option<usize>,
    /// Print JSON: `{"record", "terminal", "returns", "state"}`.
    #[arg(long)]
    json: bool,
}

/// `KEY=VALUE` pairs as a JSON object.
pub fn params(pairs: &[String]) -> anyhow::Result<Value> {
    let mut map = Map::new();
    for pair in pairs {
        let Some((key, value)) = pair.split_once('=') else {
            bail!("--param {pair:?}: expected KEY=VALUE, e.g. players=3");
        };
        let value = serde_json::from_str(value).unwrap_or_else(|_| json!(value));
        map.insert(key.trim().to_owned(), value);
    }
    Ok(Value::Object(map))
}

/// The session a record file rebuilds (`-`: stdin): the record alone, or the whole `--json`
/// output of `tabletop play`.
pub fn record_session(file: &Path) -> anyhow::Result<Session> {
    let text = read_input(Some(file))?;
    let mut value: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", file.display()))?;
    if let Some(inner) = value.get_mut("record") {
        value = inner.take();
    }
    let record: Record = serde_json::from_value(value)
        .with_context(|| format!("{} is not a record", file.display()))?;
    Ok(Session::from_record(&record)?)
}

fn session(args: &Args) -> anyhow::Result<Session> {
    if let Some(file) = &args.record {
        return record_session(file);
    }
    let game = args.game.as_deref().expect("clap requires a game without --record");
    let mut seats: Vec<Seat> =
        args.seats.iter().map(|s| s.parse::<Seat>().expect("infallible")).collect();
    if seats.is_empty() {
        // No seats at all would seat a person in seat 0: give it the default bot too.
        let probe = Session::new(game, params(&args.params)?, vec![], args.seed)?;
        seats.push(probe.line().game().bots()[0].parse::<Seat>().expect("infallible"));
    }
    Ok(Session::new(game, params(&args.params)?, seats, args.seed)?)
}

/// Runs `tabletop play`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut s = session(&args)?;
    if s.seats().iter().any(Seat::is_human) {
        bail!("every seat must be a bot here: play against the bots with `tabletop serve`");
    }
    let mut n = 0;
    while !s.is_terminal() && args.steps.is_none_or(|max| n < max) {
        s.step()?;
        n += 1;
    }
    if args.json {
        let out = json!({
            "record": s.record(),
            "terminal": s.is_terminal(),
            "returns": s.is_terminal().then(|| s.returns()),
            "state": s.state_for(None),
        });
        return common::print(&common::to_json(&out)?);
    }
    let mut text = s.play_text();
    if !s.is_terminal() {
        text.push_str("not over: `--json` prints the record to play on with --record\n");
    }
    common::print(&text)
}

/// The help after `tabletop play`'s options: examples, then every registered game's
/// parameters with what each takes and its default, read from the library.
pub fn help() -> String {
    let mut out = String::from(
        "Examples:\n  tabletop play race -p piece=queen -p rows=8 -p cols=8 --seats solver,random\n  \
         tabletop play take6 -p players=3 --seed 4 --steps 5 --json > game.json\n  \
         tabletop play --record game.json\n\nParameters (-p KEY=VALUE; the default in brackets):",
    );
    out.push_str(&tabletop_play::parameters_text());
    out
}
