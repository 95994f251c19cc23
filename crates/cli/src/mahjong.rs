//! `tabletop mahjong ...` and the mahjong parts of `judge`, `demo` and `bench`.

use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use rayon::prelude::*;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_mahjong::{
    Board, Event, GameRecord, GameStats, Hand, Outcome, Player, Table, Wall, check_log,
    discard_options, distance, improving_draws, log_text, parse_log_lines, parse_walls, simulate,
};

use crate::bench::Bench;
use crate::common::{is_stdin, progress_bar, read_input, to_json};

/// Games (or walls) computed in parallel and written before the next chunk starts: the
/// output streams in input order with memory bounded by one chunk.
const CHUNK: u64 = 4096;

/// The official sample wall (test 1 of P7147).
const SAMPLE: &str = tabletop_mahjong::SAMPLES_P7147[0];

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
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
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
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=4))]
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
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
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
            stream(games, "walls generated", &mut lock, |i, s| {
                let _ = writeln!(s, "{}", Wall::random(&mut seeded_rng(sub_seed(seed, i))));
            })?;
            String::new()
        }
        Command::Replay { file, step, all, json } => {
            let text = read_input(file.as_deref())?;
            let keys = (step || (!all && !json && std::io::stdout().is_terminal()))
                .then(|| keys(is_stdin(file.as_deref()), step))
                .transpose()?
                .flatten();
            match keys {
                Some(keys) => return replay_stepping(&text, keys, &mut lock),
                None if json => replay_json(&text)?,
                None => replay(&text)?,
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

/// Writes `f(0) f(1) ... f(n - 1)` to `out` in order, computing them in parallel chunks of
/// [`CHUNK`] (each item appends its text to a String), with a progress bar on a terminal.
fn stream<F>(n: u64, message: &str, out: &mut dyn Write, f: F) -> anyhow::Result<()>
where
    F: Fn(u64, &mut String) + Sync + Send,
{
    let bar = progress_bar(n, message);
    let mut start = 0;
    while start < n {
        let end = n.min(start + CHUNK);
        let texts: Vec<String> = (start..end)
            .into_par_iter()
            .map(|i| {
                let mut s = String::new();
                f(i, &mut s);
                bar.inc(1);
                s
            })
            .collect();
        for t in &texts {
            out.write_all(t.as_bytes())?;
        }
        start = end;
    }
    bar.finish_and_clear();
    Ok(())
}

/// Aggregate statistics of many games.
#[derive(Debug, Default, Serialize)]
struct Summary {
    games: u64,
    /// Wins per seat: `{"A": .., "B": .., "C": .., "D": ..}`.
    #[serde(serialize_with = "wins_by_seat")]
    wins: [u64; 4],
    ron: u64,
    selfdrawn: u64,
    draw: u64,
    /// Mean discards (OUT lines) per game.
    mean_turns: f64,
    /// Mean pongs + chows per game.
    mean_claims: f64,
    mean_pongs: f64,
    mean_chows: f64,
    /// Mean tiles drawn after the deal per game.
    mean_draws: f64,
}

/// The wins as a map from seat letter to count, A first.
fn wins_by_seat<S: serde::Serializer>(wins: &[u64; 4], ser: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = ser.serialize_map(Some(4))?;
    for p in Player::ALL {
        map.serialize_entry(&p.to_string(), &wins[p.index()])?;
    }
    map.end()
}

/// Totals of many games, added up chunk by chunk.
#[derive(Debug, Default)]
struct Totals {
    summary: Summary,
    turns: u64,
    pongs: u64,
    chows: u64,
    draws: u64,
}

impl Totals {
    fn add(&mut self, outcome: Outcome, stats: GameStats) {
        let s = &mut self.summary;
        s.games += 1;
        match outcome {
            Outcome::Ron(p) => {
                s.ron += 1;
                s.wins[p.index()] += 1;
            }
            Outcome::SelfDrawn(p) => {
                s.selfdrawn += 1;
                s.wins[p.index()] += 1;
            }
            Outcome::Draw => s.draw += 1,
        }
        self.turns += u64::from(stats.discards);
        self.pongs += u64::from(stats.pongs);
        self.chows += u64::from(stats.chows);
        self.draws += u64::from(stats.draws);
    }

    fn finish(self) -> Summary {
        let mut s = self.summary;
        let n = s.games.max(1) as f64;
        s.mean_turns = self.turns as f64 / n;
        s.mean_pongs = self.pongs as f64 / n;
        s.mean_chows = self.chows as f64 / n;
        s.mean_claims = (self.pongs + self.chows) as f64 / n;
        s.mean_draws = self.draws as f64 / n;
        s
    }
}

fn summary_text(s: &Summary) -> String {
    let n = s.games.max(1) as f64;
    let pct = |c: u64| 100.0 * c as f64 / n;
    let mut t = format!("games: {}\n", s.games);
    for p in Player::ALL {
        let w = s.wins[p.index()];
        let _ = writeln!(t, "wins {p}: {w} ({:.2}%)", pct(w));
    }
    let _ = writeln!(t, "RON: {} ({:.2}%)", s.ron, pct(s.ron));
    let _ = writeln!(t, "SELFDRAWN: {} ({:.2}%)", s.selfdrawn, pct(s.selfdrawn));
    let _ = writeln!(t, "DRAW: {} ({:.2}%)", s.draw, pct(s.draw));
    let _ = writeln!(t, "mean turns (discards) per game: {:.3}", s.mean_turns);
    let _ = writeln!(
        t,
        "mean claims per game: {:.3} ({:.3} pongs, {:.3} chows)",
        s.mean_claims, s.mean_pongs, s.mean_chows
    );
    let _ = writeln!(t, "mean draws after the deal per game: {:.3}", s.mean_draws);
    t
}

#[derive(Serialize)]
struct GameJson {
    wall: String,
    outcome: String,
    winner: Option<String>,
    stats: GameStats,
    events: Vec<String>,
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Ron(_) => "RON",
        Outcome::SelfDrawn(_) => "SELFDRAWN",
        Outcome::Draw => "DRAW",
    }
}

fn game_json(wall: &Wall, r: &GameRecord) -> GameJson {
    GameJson {
        wall: wall.to_string(),
        outcome: outcome_name(r.outcome).to_owned(),
        winner: r.outcome.winner().map(|p| p.to_string()),
        stats: r.stats,
        events: r.events.iter().map(Event::to_string).collect(),
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
    let random = seed.is_some() || games.is_some();
    // Every wall is read and checked before any game runs: nothing fails once output starts.
    let (n, walls) = if random {
        (games.unwrap_or(1), Vec::new())
    } else {
        let walls = parse_walls(&read_input(file.as_deref())?)?;
        (walls.len() as u64, walls)
    };
    let seed = seed.unwrap_or(0);
    let wall_of = |i: u64| {
        if random { Wall::random(&mut seeded_rng(sub_seed(seed, i))) } else { walls[i as usize] }
    };
    tabletop_mahjong::warm_up();
    if summary {
        let bar = progress_bar(n, "games played");
        let mut totals = Totals::default();
        let mut start = 0;
        while start < n {
            let end = n.min(start + CHUNK);
            let results: Vec<(Outcome, GameStats)> = (start..end)
                .into_par_iter()
                .map(|i| {
                    let mut table = Table::new(&wall_of(i));
                    table.play_out();
                    bar.inc(1);
                    (table.outcome().expect("a played-out game is over"), table.stats())
                })
                .collect();
            for (outcome, stats) in results {
                totals.add(outcome, stats);
            }
            start = end;
        }
        bar.finish_and_clear();
        let s = totals.finish();
        let text = if json { to_json(&s)? } else { summary_text(&s) };
        out.write_all(text.as_bytes())?;
        return Ok(());
    }
    if json {
        // One pretty JSON array of every game, streamed chunk by chunk through serde's sequence
        // serialiser (games are played in parallel, written in order). A write error stays an
        // `io::Error`, so a reader closing the pipe is still recognised.
        let bar = progress_bar(n, "games played");
        let mut ser = serde_json::Serializer::pretty(&mut *out);
        let mut seq = ser.serialize_seq(Some(n as usize)).map_err(std::io::Error::from)?;
        let mut start = 0;
        while start < n {
            let end = n.min(start + CHUNK);
            let games: Vec<GameJson> = (start..end)
                .into_par_iter()
                .map(|i| {
                    let wall = wall_of(i);
                    let game = game_json(&wall, &simulate(&wall));
                    bar.inc(1);
                    game
                })
                .collect();
            for game in &games {
                seq.serialize_element(game).map_err(std::io::Error::from)?;
            }
            start = end;
        }
        seq.end().map_err(std::io::Error::from)?;
        bar.finish_and_clear();
        out.write_all(b"\n")?;
        return Ok(());
    }
    stream(n, "games played", out, |i, s| {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&log_text(&simulate(&wall_of(i)).events));
    })
}

#[derive(Serialize)]
struct DistanceJson {
    hand: String,
    tiles: usize,
    melds: usize,
    distance: u8,
    winning: bool,
    /// For a 14-3n hand: each kind held with the distance after discarding it.
    #[serde(skip_serializing_if = "Option::is_none")]
    discards: Option<Vec<DiscardJson>>,
    /// The discard the fixed rules make.
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_discard: Option<String>,
    /// For a 13-3n hand: the draws that lower the distance.
    #[serde(skip_serializing_if = "Option::is_none")]
    improving_draws: Option<Vec<String>>,
}

#[derive(Serialize)]
struct DiscardJson {
    tile: String,
    distance: u8,
}

fn distance_cmd(tiles: &[String], melds: usize, json: bool) -> anyhow::Result<String> {
    let hand: Hand = tiles.join(" ").parse()?;
    if hand.is_empty() {
        anyhow::bail!("the hand is empty: give at least one tile, e.g. `mahjong distance 1M 2M`");
    }
    let full = 14 - 3 * melds;
    if hand.len() > full {
        anyhow::bail!(
            "a player with {melds} meld(s) holds at most {full} tiles, this hand has {}",
            hand.len()
        );
    }
    let d = distance(&hand, melds);
    let winning = hand.len() == full && !hand.has_special() && d == 0;
    let mut out = DistanceJson {
        hand: hand.to_string(),
        tiles: hand.len(),
        melds,
        distance: d,
        winning,
        discards: None,
        rule_discard: None,
        improving_draws: None,
    };
    if hand.len() == full {
        let options = discard_options(&hand, melds);
        // The rule: smallest distance after, ties to the highest priority (listed first).
        let best = options.iter().min_by_key(|(_, dk)| *dk).map(|(k, _)| k.to_string());
        out.rule_discard = if winning { None } else { best };
        out.discards = Some(
            options
                .iter()
                .map(|(k, dk)| DiscardJson { tile: k.to_string(), distance: *dk })
                .collect(),
        );
    } else if hand.len() + 1 == full {
        out.improving_draws =
            Some(improving_draws(&hand, melds).iter().map(|k| k.to_string()).collect());
    }
    if json {
        return to_json(&out);
    }
    let mut s = format!("hand: {} ({} tiles, {melds} meld(s))\n", out.hand, out.tiles);
    let what = match (winning, d) {
        (true, _) => " (winning hand)",
        (false, 1) if hand.len() + 1 == full => " (ready: one tile from winning)",
        _ => "",
    };
    writeln!(s, "distance: {d}{what}")?;
    if let Some(discards) = &out.discards {
        writeln!(s, "discards, highest priority first (distance after):")?;
        for dj in discards {
            let mark = if out.rule_discard.as_deref() == Some(&dj.tile) { "  <- rule" } else { "" };
            writeln!(s, "  {:<7} {}{mark}", dj.tile, dj.distance)?;
        }
    }
    if let Some(draws) = &out.improving_draws {
        if draws.is_empty() {
            writeln!(s, "no draw lowers the distance")?;
        } else {
            writeln!(s, "draws that lower it to {}: {}", d - 1, draws.join(" "))?;
        }
    }
    if hand.len() + 1 < full {
        writeln!(s, "(a full hand has {full} tiles; it is {} short)", full - hand.len())?;
    }
    Ok(s)
}

/// Whether the text is a game log (rather than a wall), from the shape of its first
/// non-empty line: `DRAW`, or a player `A`-`D` followed by a log verb. A wall's tokens are
/// tiles, and no verb is a tile.
fn is_log(text: &str) -> bool {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut t = first.split_whitespace();
    match (t.next(), t.next()) {
        (Some("DRAW"), _) => true,
        (Some("A" | "B" | "C" | "D"), Some(verb)) => {
            matches!(verb, "IN" | "OUT" | "CHOW" | "PONG" | "RON" | "SELFDRAWN" | "WIN")
        }
        _ => false,
    }
}

/// The steps of a replay: a heading (`event 53: A IN N`, or the deal as one step) and the
/// board after it; the board at the end.
struct Replayed {
    steps: Vec<(String, Board)>,
    last: Board,
}

fn replay_steps(text: &str) -> anyhow::Result<Replayed> {
    let events: Vec<(usize, Event)> = if is_log(text) {
        let events = parse_log_lines(text)?;
        check_log(&events)?;
        events
    } else {
        let wall = Wall::parse(text).context("the input is neither a game log nor a wall")?;
        simulate(&wall).events.into_iter().enumerate().map(|(i, e)| (i + 1, e)).collect()
    };
    let mut board = Board::new();
    let mut steps = Vec::new();
    let deal = events.iter().take(52).take_while(|(_, e)| matches!(e, Event::Draw { .. })).count();
    for (i, (line, e)) in events.iter().enumerate() {
        board.apply_at(*line, e)?;
        if i + 1 < deal && deal == 52 {
            continue;
        }
        let heading = if i + 1 == 52 && deal == 52 {
            "events 1-52: the deal".to_owned()
        } else {
            format!("event {}: {e}", i + 1)
        };
        steps.push((heading, board.clone()));
    }
    Ok(Replayed { steps, last: board })
}

fn result_line(board: &Board) -> String {
    match board.outcome() {
        Some(o) => format!("result: {}\n", describe(o)),
        None => "result: the log ends before the game does\n".to_owned(),
    }
}

/// The whole replay as text (the listing when stdout is not a terminal).
fn replay(text: &str) -> anyhow::Result<String> {
    let r = replay_steps(text)?;
    let mut s = String::new();
    for (heading, board) in &r.steps {
        writeln!(s, "{heading}\n{board}\n")?;
    }
    s += &result_line(&r.last);
    Ok(s)
}

/// One step at a time: each board with the tiles its event added marked, then a prompt on
/// stderr; Enter shows the next, `q` or the end of the keys stops.
fn replay_stepping(
    text: &str,
    mut keys: Box<dyn BufRead>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let r = replay_steps(text)?;
    let mut before = Board::new().to_string();
    for (i, (heading, board)) in r.steps.iter().enumerate() {
        let after = board.to_string();
        // The deal changes every hand: marks start with the first event after it.
        let shown = if i == 0 { after.clone() } else { mark_changes(&before, &after) };
        writeln!(out, "{heading}\n{shown}\n")?;
        before = after;
        if i + 1 == r.steps.len() {
            break;
        }
        out.flush()?;
        eprint!("[{}/{}] Enter: next event, q: quit ", i + 1, r.steps.len());
        let mut key = String::new();
        if keys.read_line(&mut key)? == 0 || key.trim() == "q" {
            eprintln!();
            return Ok(out.flush()?);
        }
    }
    out.write_all(result_line(&r.last).as_bytes())?;
    Ok(out.flush()?)
}

/// The board `after` with what changed since `before` marked: per line and per ` | `
/// section, the tokens (tiles, melds) that were not there before are shown `*like this*`.
fn mark_changes(before: &str, after: &str) -> String {
    let mut lines = Vec::new();
    for (i, line) in after.lines().enumerate() {
        let old = before.lines().nth(i).unwrap_or("");
        if line == old || line.trim_start().starts_with("wall:") {
            lines.push(line.to_owned());
            continue;
        }
        let old_sections: Vec<&str> = old.split(" | ").collect();
        let sections: Vec<String> = line
            .split(" | ")
            .enumerate()
            .map(|(j, section)| {
                let (label, items) = section.split_once(": ").unwrap_or(("", section));
                let old_items =
                    old_sections.get(j).map_or("", |o| o.split_once(": ").map_or(*o, |x| x.1));
                let mut gone: Vec<&str> = split_items(old_items);
                let marked: Vec<String> = split_items(items)
                    .into_iter()
                    .map(|item| match gone.iter().position(|g| *g == item) {
                        Some(k) => {
                            gone.swap_remove(k);
                            item.to_owned()
                        }
                        None if item == "-" => item.to_owned(),
                        None => format!("*{item}*"),
                    })
                    .collect();
                if label.is_empty() {
                    marked.join(" ")
                } else {
                    format!("{label}: {}", marked.join(" "))
                }
            })
            .collect();
        lines.push(sections.join(" | "));
    }
    lines.join("\n")
}

/// The items of a board section: tiles, or whole melds `[4P 5P 6P]`.
fn split_items(s: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let end = if rest.starts_with('[') {
            rest.find(']').map_or(rest.len(), |e| e + 1)
        } else {
            rest.find(' ').unwrap_or(rest.len())
        };
        items.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    items
}

/// One step of `replay --json`.
#[derive(Serialize)]
struct StepJson {
    /// `event 53: A IN N`, or `events 1-52: the deal`.
    step: String,
    players: Vec<PlayerJson>,
}

#[derive(Serialize)]
struct PlayerJson {
    seat: String,
    hand: String,
    melds: Vec<String>,
    discards: Vec<String>,
}

fn replay_json(text: &str) -> anyhow::Result<String> {
    let r = replay_steps(text)?;
    let steps: Vec<StepJson> = r
        .steps
        .iter()
        .map(|(heading, board)| StepJson {
            step: heading.clone(),
            players: Player::ALL
                .iter()
                .map(|&p| PlayerJson {
                    seat: p.to_string(),
                    hand: board.hand(p).to_string(),
                    melds: board.melds(p).iter().map(ToString::to_string).collect(),
                    discards: board.discards(p).iter().map(ToString::to_string).collect(),
                })
                .collect(),
        })
        .collect();
    let outcome = r.last.outcome();
    to_json(&serde_json::json!({
        "steps": steps,
        "outcome": outcome.map(outcome_name),
        "winner": outcome.and_then(|o| o.winner()).map(|p| p.to_string()),
        "result": result_line(&r.last).trim_end().strip_prefix("result: "),
    }))
}

fn describe(o: Outcome) -> String {
    match o {
        Outcome::Ron(p) => format!("{p} wins on a discard (RON)"),
        Outcome::SelfDrawn(p) => format!("{p} wins on their own draw (SELFDRAWN)"),
        Outcome::Draw => "the wall ran out (DRAW)".to_owned(),
    }
}

/// The game on its built-in sample data.
pub fn demo(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "== Mahjong (THUPC 2021, P7147): the official sample wall")?;
    let wall = Wall::parse(SAMPLE)?;
    let record = simulate(&wall);
    let lines: Vec<String> = record.events.iter().map(Event::to_string).collect();
    writeln!(out, "{} log lines; after the deal (52 IN lines):", lines.len())?;
    for l in &lines[52..] {
        writeln!(out, "  {l}")?;
    }
    writeln!(out, "result: {}", describe(record.outcome))?;
    let hand: Hand = "1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F".parse()?;
    writeln!(out, "distance of {hand}: {}", distance(&hand, 0))?;
    Ok(())
}

/// The demo as JSON: the sample wall's game, and a hand's distance.
pub fn demo_json() -> anyhow::Result<serde_json::Value> {
    let wall = Wall::parse(SAMPLE)?;
    let hand: Hand = "1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F".parse()?;
    Ok(serde_json::json!({
        "sample": game_json(&wall, &simulate(&wall)),
        "distance": {"hand": hand.to_string(), "melds": 0, "distance": distance(&hand, 0)},
    }))
}

/// The game's benchmark workloads.
pub fn bench(bench: &mut Bench) -> anyhow::Result<()> {
    const HANDS: u64 = 1_000;
    const ROUNDS: u64 = 1_000;
    if bench.wants("mahjong/distance") {
        tabletop_mahjong::warm_up();
        // Hands of 14 - 3n tiles from random walls (n = i % 5).
        let hands: Vec<(Hand, usize)> = (0..HANDS)
            .map(|i| {
                let wall = Wall::random(&mut seeded_rng(sub_seed(2021, i)));
                let melds = (i % 5) as usize;
                let hand = Hand::from_tiles(
                    wall.tiles().iter().copied().filter(|k| !k.is_special()).take(14 - 3 * melds),
                )
                .expect("a wall holds 4 of a kind");
                (hand, melds)
            })
            .collect();
        // The table lookups against the direct search, once.
        let direct: u64 =
            hands.iter().map(|(h, m)| u64::from(tabletop_mahjong::distance_direct(h, *m))).sum();
        bench.case("mahjong/distance", "sum of distances", HANDS * ROUNDS, || {
            let mut sum = 0u64;
            for _ in 0..ROUNDS {
                for (h, m) in &hands {
                    sum += u64::from(distance(std::hint::black_box(h), *m));
                }
            }
            assert_eq!(sum, direct * ROUNDS, "the tables disagree with the direct search");
            sum
        });
    }
    const GAMES: u64 = 2_000;
    if bench.wants("mahjong/simulate") {
        let walls: Vec<Wall> =
            (0..GAMES).map(|i| Wall::random(&mut seeded_rng(sub_seed(7147, i)))).collect();
        bench.case("mahjong/simulate", "events", GAMES, || {
            walls
                .iter()
                .map(|w| {
                    let mut t = Table::new(w);
                    t.play_out();
                    assert!(!t.events().is_empty(), "a game without events");
                    t.events().len() as u64
                })
                .sum()
        });
    }
    Ok(())
}
