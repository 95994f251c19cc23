//! `tabletop race ...` and the race parts of `judge`, `demo` and `bench`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;
use tabletop_core::cancel::Cancel;
use tabletop_race::{
    Board, GrundyTable, Mismatch, Outcome, OutcomeTable, Piece, Verification, explain, grundy_at,
    judge_hdu5754, random_input, solve, winning_move, write_random_input,
};

use crate::bench::Bench;
use crate::common::{Unsuccessful, print, progress_bar, to_json};

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

#[derive(Serialize)]
struct Solved {
    piece: &'static str,
    piece_number: u8,
    rows: u64,
    cols: u64,
    outcome: String,
    winner: &'static str,
    grundy: Option<u64>,
    /// A winning first move from (1,1), as the 1-based cell it goes to.
    winning_move: Option<(u64, u64)>,
    reason: String,
}

fn solve_cmd(piece: Piece, n: u64, m: u64, json: bool) -> anyhow::Result<String> {
    let board = Board::new(n, m)?;
    let outcome = solve(piece, board);
    let (a, b) = board.distances();
    let solved = Solved {
        piece: piece.name(),
        piece_number: piece.number(),
        rows: n,
        cols: m,
        outcome: outcome.to_string(),
        winner: outcome.describe(),
        grundy: grundy_at(piece, a, b),
        winning_move: winning_move(piece, a, b).map(|(a2, b2)| (n - a2, m - b2)),
        reason: explain(piece, board),
    };
    if json {
        return to_json(&solved);
    }
    let mut s = format!("{piece} on a {n} x {m} board: {outcome}, {}\n", outcome.describe());
    writeln!(s, "why: {}", solved.reason)?;
    if let Some((x, y)) = solved.winning_move {
        writeln!(s, "winning move: from (1,1) to ({x},{y})")?;
    }
    if let Some(g) = solved.grundy {
        writeln!(s, "grundy value of the start: {g}")?;
    }
    Ok(s)
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
        Some(_) if to_stdout => Ok(svg_picture(&table, grundy.as_ref())),
        Some(path) => {
            let picture = svg_picture(&table, grundy.as_ref());
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
            Ok(grundy_text(&grundy))
        }
        None if json => table_json(&table, grundy.as_ref()),
        None => Ok(text_table(&table)),
    }
}

fn grundy_text(grundy: &GrundyTable) -> String {
    let (rows, cols) = (grundy.rows(), grundy.cols());
    let width = grundy.values().iter().max().map_or(1, |v| v.to_string().len());
    let mut s = format!(
        "{} on {rows} x {cols}: the Grundy value of each cell (0 exactly where the second player wins)\n",
        grundy.piece()
    );
    for x in 1..=rows {
        let line: Vec<String> =
            (1..=cols).map(|y| format!("{:>width$}", grundy.at(x, y))).collect();
        s += &line.join(" ");
        s.push('\n');
    }
    s
}

fn text_table(table: &OutcomeTable) -> String {
    let (rows, cols) = (table.rows(), table.cols());
    let mut s = format!(
        "{} on {rows} x {cols}: the outcome when the piece starts on each cell, B moving first\n\
         (B: first player wins, G: second player wins, D: draw, *: the target)\n",
        table.piece()
    );
    for x in 1..=rows {
        let line: Vec<String> =
            (1..=cols)
                .map(|y| {
                    if (x, y) == (rows, cols) { "*".to_owned() } else { table.at(x, y).to_string() }
                })
                .collect();
        s += &line.join(" ");
        s.push('\n');
    }
    s
}

const fn colour(o: Outcome) -> &'static str {
    match o {
        Outcome::B => "#2e7d32",
        Outcome::G => "#c62828",
        Outcome::D => "#9e9e9e",
    }
}

/// The colour of the target cell.
const TARGET: &str = "#f9a825";

/// The legend's swatches and labels.
const LEGEND: [(&str, &str); 4] = [
    (colour(Outcome::B), "B: first player wins"),
    (colour(Outcome::G), "G: second player wins"),
    (colour(Outcome::D), "D: draw"),
    (TARGET, "target (game over)"),
];

fn svg_picture(table: &OutcomeTable, grundy: Option<&GrundyTable>) -> String {
    let (rows, cols) = (table.rows(), table.cols());
    let cell = (720 / rows.max(cols)).clamp(2, 40);
    let (margin, head, legend) = (10, 30, 60);
    let legend_width: usize = LEGEND.iter().map(|(_, l)| 20 + 9 * l.len()).sum::<usize>() + margin;
    let width = (cols * cell + 2 * margin).max(legend_width);
    let height = head + rows * cell + legend;
    let mut s = String::with_capacity(rows * cols * 110 + 2000);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">"#
    );
    let _ = writeln!(s, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{margin}" y="20">{} on {rows} x {cols}: outcome from each cell, B moving first</text>"#,
        table.piece()
    );
    for x in 1..=rows {
        for y in 1..=cols {
            let (px, py) = (margin + (y - 1) * cell, head + (x - 1) * cell);
            let target = (x, y) == (rows, cols);
            let o = table.at(x, y);
            let fill = if target { TARGET } else { colour(o) };
            let mut title = if target {
                format!("({x},{y}): the target")
            } else {
                format!("({x},{y}): {o}, {}", o.describe())
            };
            if let Some(g) = grundy {
                let _ = write!(title, ", grundy {}", g.at(x, y));
            }
            let _ = writeln!(
                s,
                r#"<rect x="{px}" y="{py}" width="{cell}" height="{cell}" fill="{fill}" stroke="white" stroke-width="{}"><title>{title}</title></rect>"#,
                if cell >= 6 { "1" } else { "0" }
            );
        }
    }
    let ly = head + rows * cell + 20;
    let mut lx = margin;
    for (fill, label) in LEGEND {
        let _ = writeln!(s, r#"<rect x="{lx}" y="{ly}" width="14" height="14" fill="{fill}"/>"#);
        let _ = writeln!(s, r#"<text x="{}" y="{}">{label}</text>"#, lx + 20, ly + 12);
        lx += 20 + 9 * label.len();
    }
    s += "</svg>\n";
    s
}

fn verify_cmd(max: u64, json: bool) -> anyhow::Result<String> {
    let k = max as usize;
    let bar = progress_bar(Verification::steps(k), &format!("steps (7 tables, {} rows)", 4 * k));
    let v = Verification::run(k, &Cancel::new(), &|n| bar.inc(n))?;
    bar.finish_and_clear();
    fail_on_mismatches(&v.mismatches, k)?;
    if json {
        return to_json(&serde_json::json!({
            "max": k, "cells_per_piece": v.cells_per_piece,
            "mismatches": 0, "pieces": v.pieces,
        }));
    }
    let mut s = format!(
        "checked {} cells per piece (distances 0..{k} each way: every board up to {k} x {k} and \
         every cell of each): the closed forms agree with the retrograde tables\n",
        v.cells_per_piece
    );
    for p in &v.pieces {
        let [b, gg, d] = p.counts;
        let extra = p.grundy.map(|n| format!("; {n}")).unwrap_or_default();
        let _ = writeln!(s, "{:<6}  B {b:>10}  G {gg:>10}  D {d:>10}{extra}", p.piece);
    }
    Ok(s)
}

/// Exit code 1 with the first ten mismatches, if there are any.
fn fail_on_mismatches(mismatches: &[Mismatch], k: usize) -> anyhow::Result<()> {
    if mismatches.is_empty() {
        return Ok(());
    }
    let mut msg = format!("{} mismatches up to {k} x {k}:", mismatches.len());
    for m in mismatches.iter().take(10) {
        let _ = write!(msg, "\n  {m}");
    }
    Err(Unsuccessful(msg).into())
}

/// The game on its built-in sample data.
pub fn demo(out: &mut dyn Write) -> anyhow::Result<()> {
    let sample = "4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n";
    writeln!(out, "== Race games (HDU 5754, Life Winner Bo): the judge's sample")?;
    let answers = judge_hdu5754(sample)?;
    for (case, answer) in sample.lines().skip(1).zip(answers.lines()) {
        let piece = Piece::from_number(case[..1].parse()?).context("sample piece")?;
        writeln!(out, "  {case:<8} ({piece:<6}) -> {answer}")?;
    }
    let table = OutcomeTable::new(Piece::Knight, 8, 8)?;
    write!(out, "{}", text_table(&table))?;
    let big = Board::new(618_033_988_749_894_847, 999_999_999_999_999_998)?;
    writeln!(out, "queen on {} x {}: {}", big.rows(), big.cols(), solve(Piece::Queen, big))?;
    writeln!(out, "  {}", explain(Piece::Queen, big))?;
    Ok(())
}

/// The demo as JSON: the judge's sample answered, the knight's 8 x 8 table, a huge board.
pub fn demo_json() -> anyhow::Result<serde_json::Value> {
    let sample = "4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n";
    let output = judge_hdu5754(sample)?;
    let answers: Vec<&str> = output.lines().collect();
    let table = OutcomeTable::new(Piece::Knight, 8, 8)?;
    let big = Board::new(618_033_988_749_894_847, 999_999_999_999_999_998)?;
    Ok(serde_json::json!({
        "judge_sample": {"input": sample, "output": answers},
        "knight_8x8": serde_json::from_str::<serde_json::Value>(&table_json(&table, None)?)?,
        "queen_big": {"rows": big.rows(), "cols": big.cols(),
            "outcome": solve(Piece::Queen, big).to_string(), "reason": explain(Piece::Queen, big)},
    }))
}

/// The game's benchmark workloads.
pub fn bench(bench: &mut Bench) -> anyhow::Result<()> {
    const CASES: u64 = 1_000_000;
    if bench.wants("race/judge-1e6") {
        let input = random_input(CASES, 5754, tabletop_race::MAX_SIDE);
        bench.case("race/judge-1e6", "G answers", CASES, || {
            let out = judge_hdu5754(&input).expect("the generated input is valid");
            assert_eq!(out.lines().count() as u64, CASES, "one answer per board");
            out.bytes().filter(|&b| b == b'G').count() as u64
        });
    }
    for piece in Piece::ALL {
        let name = format!("race/retro-2000-{piece}");
        bench.case(&name, "G cells", 2000 * 2000, || {
            let t = OutcomeTable::new(piece, 2000, 2000).expect("2000 x 2000 fits");
            t.counts()[Outcome::G as usize]
        });
    }
    for piece in [Piece::King, Piece::Rook, Piece::Queen] {
        let name = format!("race/grundy-2000-{piece}");
        bench.case(&name, "sum of values", 2000 * 2000, || {
            let t = GrundyTable::new(piece, 2000, 2000).expect("2000 x 2000 fits");
            t.values().iter().map(|&v| u64::from(v)).sum()
        });
    }
    bench.batch_case("race")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mismatches_are_unsuccessful() {
        assert!(fail_on_mismatches(&[], 10).is_ok());
        let m = Mismatch {
            piece: Piece::Queen,
            a: 2,
            b: 4,
            what: "outcome",
            table: "G".into(),
            closed: "B".into(),
        };
        let err = fail_on_mismatches(&vec![m; 12], 10).unwrap_err();
        assert!(err.downcast_ref::<Unsuccessful>().is_some());
        let text = err.to_string();
        assert!(text.starts_with("12 mismatches up to 10 x 10:\n  queen on 3x5: outcome is G"));
        assert_eq!(text.lines().count(), 11);
    }
}
