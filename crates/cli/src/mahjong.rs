//! `tabletop mahjong ...`.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use tabletop_core::cancel::Cancel;
use tabletop_core::drive;
use tabletop_mahjong::{DistanceReport, DistanceReportError, Hand, Replay, Walls, parse_walls};
use tabletop_play::limits;

use crate::common::{is_stdin, progress_bar, read_input, text_or_json, to_json};

/// The mahjong subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Plays walls with the fixed rules and prints each game's log (logs separated by an
    /// empty line), or aggregate statistics.
    #[command(after_help = "Examples:
  tabletop mahjong simulate walls.txt
  tabletop mahjong simulate --games 100000 --seed 3 --summary
  tabletop mahjong gen --games 10 | tabletop mahjong simulate --json -")]
    Simulate {
        /// Walls, 148 whitespace-separated tiles each, one after another (stdin if absent or
        /// `-`).
        #[arg(conflicts_with_all = ["seed", "games"])]
        file: Option<PathBuf>,
        /// Play random walls from this seed instead (wall i uses sub_seed(S, i)); 0 when only
        /// --games is given.
        #[arg(long)]
        seed: Option<u64>,
        /// How many random walls to play from --seed (default 1; --games alone plays from
        /// seed 0).
        #[arg(long, value_parser = crate::ranged::<u64>(1..=limits::MAHJONG_MAX_GAMES))]
        games: Option<u64>,
        /// Print aggregate statistics only.
        #[arg(long)]
        summary: bool,
        /// Print JSON: every game's wall, outcome, statistics and events, or with --summary
        /// the aggregate statistics only.
        #[arg(long)]
        json: bool,
    },
    /// The distance to winning of a hand; for a 14-3n hand each discard with the distance
    /// after it, for a 13-3n hand the draws that lower it.
    #[command(after_help = "Examples:
  tabletop mahjong distance 1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F
  tabletop mahjong distance --melds 2 1M 1M 5P 6P 7P --json")]
    Distance {
        /// The tiles (1M..9M 1P..9P 1S..9S E S W N B F Z PASS REVERSE DOUBLE), in any order.
        #[arg(required = true, num_args = 1..)]
        tiles: Vec<String>,
        /// The player's melds (0..=4).
        #[arg(long, default_value_t = 0, value_parser = crate::ranged::<u8>(0..=tabletop_mahjong::MAX_MELDS as u64))]
        melds: u8,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Prints random walls, one per line (148 tiles), for `simulate FILE` and benchmarks.
    #[command(after_help = "Examples:
  tabletop mahjong gen --games 1000 --seed 7 > walls.txt
  tabletop mahjong gen | tabletop judge p7147")]
    Gen {
        /// The seed (wall i uses sub_seed(S, i), as `simulate --seed`).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many walls.
        #[arg(long, default_value_t = 1, value_parser = crate::ranged::<u64>(1..=limits::MAHJONG_MAX_GEN_WALLS))]
        games: u64,
    },
    /// Shows a game step by step: after each event, every player's hand, melds and
    /// discards. The input is one game log, or a wall (which is played first). A log is checked
    /// first: every event must be legal and be what the fixed rules play (errors name the line).
    ///
    /// On a terminal it shows one event at a time (Enter for the next, q to stop) with the
    /// tiles the event changed marked `*like this*`; piped, it prints the whole listing.
    #[command(after_help = "Examples:
  tabletop mahjong replay wall.txt                  (on a terminal: Enter for the next event)
  tabletop judge p7147 wall.txt | tabletop mahjong replay --step
  tabletop mahjong replay --all wall.txt | less
  tabletop mahjong replay --json game.log")]
    Replay {
        /// A log or a wall (stdin if absent or `-`).
        file: Option<PathBuf>,
        /// One event at a time even when stdout is not a terminal: Enter (a line on stdin, or
        /// on the terminal when the log comes from stdin) shows the next, q or the end of
        /// input stops.
        #[arg(long)]
        step: bool,
        /// The whole listing at once, even on a terminal.
        #[arg(long, conflicts_with = "step")]
        all: bool,
        /// Print JSON: every step's event and board, and the result.
        #[arg(long, conflicts_with = "step")]
        json: bool,
    },
}

/// Runs a mahjong subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    let mut lock = crate::common::stdout();
    let out = match command {
        Command::Simulate { file, seed, games, summary, json } => {
            simulate_cmd(file, seed, games, summary, json, &mut lock)?;
            String::new()
        }
        Command::Distance { tiles, melds, json } => distance_cmd(&tiles, melds as usize, json)?,
        Command::Gen { seed, games } => {
            let bar = progress_bar(games, "walls generated");
            let walls = Walls::Seeded { seed, games };
            walls.write_walls(&mut lock, &Cancel::new(), &|k| bar.inc(k)).map_err(unwrap_stream)?;
            bar.finish_and_clear();
            String::new()
        }
        Command::Replay { file, step, all, json } => {
            let text = read_input(file.as_deref())?;
            let keys = (step || (!all && !json && std::io::stdout().is_terminal()))
                .then(|| keys(is_stdin(file.as_deref()), step))
                .transpose()?
                .flatten();
            let replay = Replay::parse(&text)?;
            match keys {
                Some(keys) => return replay_stepping(&replay, keys, &mut lock),
                None if json => to_json(&replay)?,
                None => replay.to_string(),
            }
        }
    };
    lock.write_all(out.as_bytes())?;
    Ok(lock.flush()?)
}

/// Where `replay` reads its Enter keys: stdin when the log comes from a file, else the
/// terminal. None when stepping was not asked for and there is no terminal to ask.
fn keys(log_on_stdin: bool, asked: bool) -> anyhow::Result<Option<Box<dyn BufRead>>> {
    if !log_on_stdin {
        if asked || std::io::stdin().is_terminal() {
            return Ok(Some(Box::new(std::io::stdin().lock())));
        }
        return Ok(None);
    }
    match std::fs::File::open("/dev/tty") {
        Ok(tty) => Ok(Some(Box::new(std::io::BufReader::new(tty)))),
        Err(e) if asked => Err(anyhow::anyhow!(
            "--step reads Enter from the terminal when the log comes from stdin, and there is \
             none ({e}): name the log as a FILE"
        )),
        Err(_) => Ok(None),
    }
}

/// The error of a stream not cancelled (the command line never cancels: Ctrl-C ends it).
fn unwrap_stream<E: Into<anyhow::Error>>(e: drive::StreamError<E>) -> anyhow::Error {
    match e {
        drive::StreamError::Sink(e) => e.into(),
        drive::StreamError::Cancelled(c) => c.into(),
    }
}

fn simulate_cmd(
    file: Option<PathBuf>,
    seed: Option<u64>,
    games: Option<u64>,
    summary: bool,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let walls = if seed.is_some() || games.is_some() {
        Walls::Seeded { seed: seed.unwrap_or(0), games: games.unwrap_or(1) }
    } else {
        Walls::Given(parse_walls(&read_input(file.as_deref())?)?)
    };
    let bar = progress_bar(walls.games(), "games played");
    let (cancel, progress) = (Cancel::new(), |k| bar.inc(k));
    if summary {
        let s = walls.summarise(&cancel, &progress)?;
        out.write_all(text_or_json(&s, json)?.as_bytes())?;
    } else if json {
        // A write error stays an `io::Error`, so a reader closing the pipe is still recognised.
        let mut ser = serde_json::Serializer::pretty(&mut *out);
        walls.serialize_reports(&mut ser, &cancel, &progress).map_err(|e| match e {
            drive::StreamError::Sink(e) => std::io::Error::from(e).into(),
            drive::StreamError::Cancelled(c) => anyhow::Error::from(c),
        })?;
        out.write_all(b"\n")?;
    } else {
        walls.write_logs(out, &cancel, &progress).map_err(unwrap_stream)?;
    }
    bar.finish_and_clear();
    Ok(())
}

fn distance_cmd(tiles: &[String], melds: usize, json: bool) -> anyhow::Result<String> {
    let hand: Hand = tiles.join(" ").parse()?;
    let report = match DistanceReport::new(&hand, melds) {
        Err(e @ DistanceReportError::EmptyHand) => {
            anyhow::bail!("{e}, e.g. `mahjong distance 1M 2M`")
        }
        r => r?,
    };
    text_or_json(&report, json)
}

/// One step at a time: each board with the tiles its event added marked, then a prompt on
/// stderr; Enter shows the next, `q` or the end of the keys stops.
fn replay_stepping(
    replay: &Replay,
    mut keys: Box<dyn BufRead>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let n = replay.steps.len();
    for (i, step) in replay.steps.iter().enumerate() {
        // The deal changes every hand: marks start with the first event after it.
        if i == 0 {
            writeln!(out, "{}\n{}\n", step.events, step.state)?;
        } else {
            writeln!(out, "{}\n{}\n", step.events, step.state.marked(&step.added))?;
        }
        if i + 1 == n {
            break;
        }
        out.flush()?;
        eprint!("[{}/{n}] Enter: next event, q: quit ", i + 1);
        let mut key = String::new();
        if keys.read_line(&mut key)? == 0 || key.trim() == "q" {
            eprintln!();
            return Ok(out.flush()?);
        }
    }
    writeln!(out, "result: {}", replay.result())?;
    Ok(out.flush()?)
}
