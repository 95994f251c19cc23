//! `tabletop nine ...` and the nine parts of `judge`, `demo` and `bench`.

use std::io::Write;

use crate::bench::Bench;

/// The nine subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {}

/// Runs a nine subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {}
}

/// The original problem's output for `input`.
pub fn judge(problem: crate::Problem, input: &str) -> anyhow::Result<String> {
    let _ = problem;
    let _ = input;
    anyhow::bail!("not implemented yet")
}

/// The game on its built-in sample data.
pub fn demo(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "nine: not implemented yet")?;
    Ok(())
}

/// The game's benchmark workloads.
pub fn bench(bench: &mut Bench) -> anyhow::Result<()> {
    let _ = bench;
    Ok(())
}
