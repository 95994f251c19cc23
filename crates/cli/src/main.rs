//! `tabletop`: plays, solves and simulates table games exactly.
//!
//! Exit codes: 0 success; 1 the work ran but came back empty-handed (a search found nothing
//! within its budget, a verification found a mismatch); 2 bad input or bad usage.

mod bench;
mod common;
mod mahjong;
mod nine;
mod race;
mod serve;
mod take6;

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};

use crate::common::{Unsuccessful, read_input};

/// Plays, solves and simulates table games exactly.
#[derive(Debug, Parser)]
#[command(name = "tabletop", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs an original problem: its exact stdin and stdout.
    Judge {
        /// The problem.
        problem: Problem,
        /// Read the input from this file instead of stdin.
        file: Option<std::path::PathBuf>,
    },
    /// Every game on its built-in sample data.
    Demo,
    /// Fixed workloads: deterministic node counts beside median times.
    Bench(bench::Args),
    /// Nine (Девятка): solve deals, find deals by importance, statistics.
    #[command(subcommand)]
    Nine(nine::Command),
    /// Take 6! (6 nimmt!): scripted simulation, bots, arena.
    #[command(subcommand)]
    Take6(take6::Command),
    /// Chess-piece race games (Life Winner Bo): solve, tables, verification.
    #[command(subcommand)]
    Race(race::Command),
    /// Mahjong (THUPC 2021 variant): simulation, distance, replay.
    #[command(subcommand)]
    Mahjong(mahjong::Command),
    /// The games in a browser: a local web server (loopback by default).
    Serve(serve::Args),
}

/// The original problems that `tabletop judge` reproduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Problem {
    /// Codeforces 1769 D1: the winner of a Nine deal, Alice first.
    Cf1769d1,
    /// Codeforces 1769 D2: k <= 13 Nine deals with distinct importances.
    Cf1769d2,
    /// Codeforces 1769 D3: k <= 26 Nine deals with distinct importances.
    Cf1769d3,
    /// NTHU OJ 14463: Take 6!, scripted.
    Nthu14463,
    /// HDU 5754: Life Winner Bo.
    Hdu5754,
    /// Luogu P7147 (THUPC 2021): the Mahjong simulator.
    P7147,
}

impl From<Problem> for tabletop_play::Problem {
    fn from(p: Problem) -> tabletop_play::Problem {
        match p {
            Problem::Cf1769d1 => tabletop_play::Problem::Cf1769d1,
            Problem::Cf1769d2 => tabletop_play::Problem::Cf1769d2,
            Problem::Cf1769d3 => tabletop_play::Problem::Cf1769d3,
            Problem::Nthu14463 => tabletop_play::Problem::Nthu14463,
            Problem::Hdu5754 => tabletop_play::Problem::Hdu5754,
            Problem::P7147 => tabletop_play::Problem::P7147,
        }
    }
}

/// The one judge code path shared with the server and Python: `tabletop_play::judge`.
fn judge(problem: Problem, input: &str) -> anyhow::Result<String> {
    Ok(tabletop_play::judge(problem.into(), input)?)
}

fn demo() -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    nine::demo(&mut out)?;
    writeln!(out)?;
    take6::demo(&mut out)?;
    writeln!(out)?;
    race::demo(&mut out)?;
    writeln!(out)?;
    mahjong::demo(&mut out)?;
    Ok(())
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Judge { problem, file } => {
            let input = read_input(file.as_deref())?;
            let output = judge(problem, &input)?;
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            out.write_all(output.as_bytes()).context("cannot write the output")?;
            out.flush().context("cannot write the output")?;
            Ok(())
        }
        Command::Demo => demo(),
        Command::Bench(args) => bench::run(args),
        Command::Nine(cmd) => nine::run(cmd),
        Command::Take6(cmd) => take6::run(cmd),
        Command::Race(cmd) => race::run(cmd),
        Command::Mahjong(cmd) => mahjong::run(cmd),
        Command::Serve(args) => serve::run(args),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // A closed stdout (`tabletop ... | head`) is not an error worth a message.
            if err
                .chain()
                .filter_map(|e| e.downcast_ref::<std::io::Error>())
                .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {err:#}");
            if err.downcast_ref::<Unsuccessful>().is_some() {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
