//! `tabletop race ...`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use tabletop_core::cancel::Cancel;
use tabletop_race::{
    Board, GrundyTable, OutcomeTable, Piece, SolveReport, Verification, write_random_input,
};

use crate::common::{Unsuccessful, print, progress_bar, text_or_json, to_json};

use tabletop_play::limits::{
    RACE_MAX_GEN_CASES, RACE_MAX_SVG_SIDE as MAX_SVG, RACE_MAX_TEXT_SIDE as MAX_TEXT,
    RACE_MAX_VERIFY_SIDE,
};

/// The race subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Who wins one board, from the closed form (boards up to 10^18 x 10^18).
    #[command(after_help = "Examples:
  tabletop race solve queen 5 5
  tabletop race solve 2 1000000000000000000 999 --json")]
    Solve {
        /// The piece: king, rook, knight, queen, or the judge number 1..=4.
        piece: Piece,
        /// The number of rows N (1..=10^18).
        n: u64,
        /// The number of columns M (1..=10^18).
        m: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The outcome when the piece starts on each cell of a board, as a text grid or an SVG.
    #[command(after_help = "Examples:
  tabletop race table knight 8 8
  tabletop race table rook 6 6 --grundy
  tabletop race table queen 12 12 --svg queen.svg
  tabletop race table queen 40 40 --svg - > queen.svg
  tabletop race table king 5 7 --json")]
    Table {
        /// The piece: king, rook, knight, queen, or the judge number 1..=4.
        piece: Piece,
        /// The number of rows N (2..=200 for text, 2..=300 for SVG).
        n: u64,
        /// The number of columns M (2..=200 for text, 2..=300 for SVG).
        m: u64,
        /// Write an SVG picture to this file instead of printing text (`-`: stdout).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Print the Grundy value of each cell instead of its outcome (king, rook, queen).
        #[arg(long, conflicts_with = "svg")]
        grundy: bool,
        /// Print JSON: every cell's outcome, and Grundy value where the piece has them (with
        /// --svg FILE: the picture to the file, the JSON to stdout).
        #[arg(long, conflicts_with = "grundy")]
        json: bool,
    },
    /// Checks every closed form against retrograde tables for every board up to K x K.
    #[command(after_help = "Examples:
  tabletop race verify
  tabletop race verify --max 2000 --json")]
    Verify {
        /// The largest board side K (memory is about 16 K^2 bytes: 1.6 GB at 10000).
        #[arg(long = "max", default_value_t = 200, value_parser = crate::ranged::<u64>(2..=RACE_MAX_VERIFY_SIDE))]
        max: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Prints a random HDU 5754 judge input (for benchmarks).
    #[command(after_help = "Examples:
  tabletop race gen --cases 1000 --seed 7 > boards.txt
  tabletop race gen | tabletop judge hdu5754 | sort | uniq -c")]
    Gen {
        /// The number of cases T (at most 10^8: about 4 GB of text, written as it is made).
        #[arg(long, default_value_t = 1_000_000,
              value_parser = crate::ranged::<u64>(0..=RACE_MAX_GEN_CASES))]
        cases: u64,
        /// The seed.
        #[arg(long, default_value_t = 5754)]
        seed: u64,
        /// The largest board side (2..=10^18).
        #[arg(long, default_value_t = tabletop_race::MAX_SIDE,
              value_parser = crate::ranged::<u64>(2..=tabletop_race::MAX_SIDE))]
        max_side: u64,
    },
}

/// Runs a race subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    let out = match command {
        Command::Solve { piece, n, m, json } => solve_cmd(piece, n, m, json)?,
        Command::Table { piece, n, m, svg, grundy, json } => {
            table_cmd(piece, n, m, svg, grundy, json)?
        }
        Command::Verify { max, json } => verify_cmd(max, json)?,
        Command::Gen { cases, seed, max_side } => return gen_cmd(cases, seed, max_side),
    };
    print(&out)
}

/// Streams the random input to stdout as it is generated: up to 10^8 cases (4 GB) in
/// constant memory. Only a write can fail, so there is no partial output to hold back.
fn gen_cmd(cases: u64, seed: u64, max_side: u64) -> anyhow::Result<()> {
    let mut out = crate::common::stdout();
    write_random_input(&mut out, cases, seed, max_side)?;
    Ok(out.flush()?)
}

fn solve_cmd(piece: Piece, n: u64, m: u64, json: bool) -> anyhow::Result<String> {
    let solved = SolveReport::new(piece, Board::new(n, m)?);
    text_or_json(&solved, json)
}

fn table_json(table: &OutcomeTable, grundy: Option<&GrundyTable>) -> anyhow::Result<String> {
    to_json(&tabletop_race::BoardOutcomes::from_tables(table, grundy))
}

fn table_cmd(
    piece: Piece,
    n: u64,
    m: u64,
    svg: Option<PathBuf>,
    show_grundy: bool,
    json: bool,
) -> anyhow::Result<String> {
    let to_stdout = svg.as_deref().is_some_and(|p| crate::common::is_stdin(Some(p)));
    if to_stdout && json {
        anyhow::bail!("--svg - and --json both write to stdout: name a file for the SVG");
    }
    Board::new(n, m)?;
    let limit = if svg.is_some() { MAX_SVG } else { MAX_TEXT };
    if n > limit || m > limit {
        anyhow::bail!(
            "a {n} x {m} board is too large to {}: at most {limit} x {limit} (`race solve` answers any board)",
            if svg.is_some() { "draw" } else { "print" }
        );
    }
    let (rows, cols) = (n as usize, m as usize);
    let table = OutcomeTable::new(piece, rows, cols)?;
    let grundy = (!piece.has_draws()).then(|| GrundyTable::new(piece, rows, cols)).transpose()?;
    match svg {
        Some(_) if to_stdout => Ok(table.svg(grundy.as_ref())),
        Some(path) => {
            let picture = table.svg(grundy.as_ref());
            std::fs::write(&path, picture)
                .with_context(|| format!("cannot write {}", path.display()))?;
            if json {
                return table_json(&table, grundy.as_ref());
            }
            let [b, g, d] = table.counts();
            Ok(format!(
                "wrote {}: {piece} on {n} x {m}, {b} B, {g} G, {d} D cells (the target counted as G)\n",
                path.display()
            ))
        }
        None if show_grundy => {
            let grundy = grundy.ok_or(tabletop_race::TableError::NoGrundy(piece))?;
            Ok(grundy.to_string())
        }
        None if json => table_json(&table, grundy.as_ref()),
        None => Ok(table.to_string()),
    }
}

fn verify_cmd(max: u64, json: bool) -> anyhow::Result<String> {
    let k = max as usize;
    let bar = progress_bar(Verification::steps(k), &format!("steps (7 tables, {} rows)", 4 * k));
    let v = Verification::run(k, &Cancel::new(), &|n| bar.inc(n))?;
    bar.finish_and_clear();
    if let Some(failure) = v.failure() {
        return Err(Unsuccessful(failure).into());
    }
    if json {
        // Through a JSON value: its keys sorted, as this command prints every object.
        return to_json(&serde_json::to_value(&v)?);
    }
    Ok(v.to_string())
}
