//! The problem setters' toolkit: `tabletop check|validate|gen|package <problem>`.
//!
//! A thin front end over the library's table of problems ([`tabletop_play::Problem`]): it reads
//! the files (`-` for stdin), calls the problem's validator, checker, generator or packager,
//! and prints the verdict or writes the files. Exit codes follow testlib: `check` 0 OK, 1 wrong
//! answer, 2 presentation error, 3 checker failure; `validate` 0 valid, 1 invalid.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser};
use tabletop_play::{
    CheckReport, Checked, GenOptions, Problem, ValidationReport, Verdict, WritePackageError,
};

use crate::common::{Unsuccessful, plural, read_bytes, read_input, to_json};

/// Ends the program with this exit code, the message already printed.
#[derive(Debug)]
pub struct Exit(pub u8);

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit code {}", self.0)
    }
}

impl std::error::Error for Exit {}

/// The arguments of `tabletop check`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  tabletop check hdu5754 01.in out.txt 01.ans\n  \
                  ./solution < 03.in | tabletop check cf1769d3 03.in -")]
pub struct CheckArgs {
    /// The problem.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The test's input (`-` for stdin).
    pub input: PathBuf,
    /// The contestant's output (`-` for stdin).
    pub output: PathBuf,
    /// The jury's answer (`-` for stdin); without it, tabletop's own judge gives the answer.
    /// cf1769d2/d3 accept any right output: an answer given there must itself pass the check.
    pub answer: Option<PathBuf>,
    /// The verdict as a JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `tabletop validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The problem.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The input to validate (stdin if absent or `-`).
    pub input: Option<PathBuf>,
    /// Accept what the judge accepts beyond the original constraints (hdu5754: boards up to
    /// 10^18 and any T); the format stays strict.
    #[arg(long)]
    pub extended: bool,
    /// The result as a JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The arguments of `tabletop gen`: which options apply depends on the problem.
#[derive(Clone, Debug, Parser)]
#[command(
    name = "tabletop gen",
    after_help = "Examples:\n  tabletop gen cf1769d1 --seed 3 --importance 12\n  \
                  tabletop gen nthu14463 --players 4 --force too-low --force sixth\n  \
                  tabletop gen hdu5754 --mode wythoff --extended --cases 100\n  \
                  tabletop gen p7147 --mode draw | tabletop validate p7147"
)]
pub struct GenArgs {
    /// The problem.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The seed: the same seed and options give the same input.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// hdu5754: random, small, edge, equal, wythoff. p7147: random, pong, chow, ron,
    /// selfdrawn, draw, pass, reverse, double, specials (the wall's game has that event).
    #[arg(long)]
    pub mode: Option<String>,
    /// cf1769d1: a deal with this importance of the first move (0..=24, 26 or 30).
    #[arg(long)]
    pub importance: Option<u32>,
    /// cf1769d2/d3: k (default: uniform in 2..=13 or 2..=26).
    #[arg(long)]
    pub k: Option<usize>,
    /// nthu14463: N, the number of players (2..=10; default random).
    #[arg(long)]
    pub players: Option<u64>,
    /// nthu14463: M, the number of rounds (1..=50, N*M <= 100; default random).
    #[arg(long)]
    pub rounds: Option<u64>,
    /// nthu14463: P, the number of rows (1..=4; default random).
    #[arg(long)]
    pub rows: Option<u64>,
    /// nthu14463: a situation the game must contain: too-low (a card below every row end) or
    /// sixth (a sixth card); repeat for both.
    #[arg(long)]
    pub force: Vec<tabletop_take6::Force>,
    /// hdu5754: T, the number of cases (default 1000).
    #[arg(long)]
    pub cases: Option<u64>,
    /// hdu5754: one piece for every case (king, rook, knight, queen or 1..=4).
    #[arg(long)]
    pub piece: Option<tabletop_race::Piece>,
    /// hdu5754: beyond the original constraints: boards up to 10^18, up to 10^6 cases.
    #[arg(long)]
    pub extended: bool,
}

/// The arguments of `tabletop package`.
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  tabletop package p7147 --out tests --tests 20 --seed 100")]
pub struct PackageArgs {
    /// The problem.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The directory to write: created, or replaced whole when it holds an earlier package
    /// (nothing but NN.in, NN.ans and tests.txt). The package is built beside it and moved into
    /// place, so a failure leaves the directory as it was.
    #[arg(long)]
    pub out: PathBuf,
    /// Write into a directory that holds other files too: they stay; its numbered tests and
    /// tests.txt are replaced by the new package's.
    #[arg(long)]
    pub force: bool,
    /// Generated tests after the samples (default: one per generator mode).
    #[arg(long, value_parser = crate::ranged::<u64>(0..=999))]
    pub tests: Option<u64>,
    /// The seed of the first generated test; test i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The problem argument: one of the library's problems, each listed with its summary.
pub fn problem_parser() -> impl TypedValueParser<Value = Problem> {
    let values = Problem::ALL.map(|p| PossibleValue::new(p.id()).help(p.summary()));
    PossibleValuesParser::new(values).map(|id| id.parse().expect("a listed problem"))
}

impl GenArgs {
    /// The generator's options.
    fn options(&self) -> GenOptions {
        GenOptions {
            mode: self.mode.clone(),
            importance: self.importance,
            k: self.k,
            players: self.players,
            rounds: self.rounds,
            rows: self.rows,
            force: self.force.clone(),
            cases: self.cases,
            piece: self.piece,
            extended: self.extended,
        }
    }
}

/// `tabletop check`: prints the verdict line and exits with testlib's code.
pub fn run_check(args: CheckArgs) -> anyhow::Result<()> {
    let stdin_uses = [Some(&args.input), Some(&args.output), args.answer.as_ref()]
        .iter()
        .filter(|p| p.is_some_and(|p| p.as_path() == Path::new("-")))
        .count();
    if stdin_uses > 1 {
        bail!("only one of INPUT, OUTPUT and ANSWER can be `-` (stdin)");
    }
    let checked = (|| -> anyhow::Result<Checked> {
        let input = read_input(Some(&args.input)).context("the input")?;
        let answer = args
            .answer
            .as_deref()
            .map(|p| read_input(Some(p)))
            .transpose()
            .context("the answer")?;
        let output = read_bytes(Some(&args.output))?;
        Ok(args.problem.check_output(&input, &output, answer.as_deref()))
    })()
    .unwrap_or_else(|e| Checked::fail(format!("{e:#}")));
    let text = if args.json {
        to_json(&CheckReport::new(args.problem, &checked))?
    } else {
        format!("{checked}\n")
    };
    crate::common::print(&text)?;
    match checked.verdict {
        Verdict::Ok => Ok(()),
        v => Err(Exit(v.exit_code()).into()),
    }
}

/// `tabletop validate`: exit 0 when valid, else 1 with the line, column and rule.
pub fn run_validate(args: ValidateArgs) -> anyhow::Result<()> {
    let bytes = read_bytes(args.input.as_deref())?;
    let result = args.problem.validate_bytes(&bytes, args.extended);
    let report = ValidationReport::new(args.problem, args.extended, &result);
    match (args.json, report.valid) {
        (true, valid) => {
            crate::common::print(&to_json(&report)?)?;
            if valid { Ok(()) } else { Err(Exit(1).into()) }
        }
        (false, true) => crate::common::print(&format!("{report}\n")),
        (false, false) => Err(Unsuccessful(report.to_string()).into()),
    }
}

/// `tabletop gen`: the input on stdout.
pub fn run_gen(args: GenArgs) -> anyhow::Result<()> {
    crate::common::print(&args.problem.generate(args.seed, &args.options())?)
}

/// `tabletop package`: the library builds the package (samples, then generated tests, each
/// validated, judged and its answer checked); this writes it.
pub fn run_package(args: PackageArgs) -> anyhow::Result<()> {
    let p = args.problem;
    let tests = args.tests.map_or(p.package_modes().len(), |t| t as usize);
    let bar = crate::common::progress_bar((p.samples().len() + tests) as u64, "packaging");
    let package = p.package(Some(tests), args.seed, |_| bar.inc(1))?;
    bar.finish_and_clear();
    package.write_to(&args.out, args.force).map_err(|e| match e {
        WritePackageError::Foreign { path, files } => anyhow::anyhow!(
            "{} holds files that are not a test package's ({}): refusing to write into it \
             without --force",
            path.display(),
            files.join(", ")
        ),
        e => e.into(),
    })?;
    crate::common::print(&format!(
        "{} ({}, {} generated) written to {}\n",
        plural(package.tests.len() as u64, "test"),
        plural(package.samples as u64, "sample"),
        package.generated,
        args.out.display()
    ))
}
