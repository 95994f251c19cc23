//! The problem setters' toolkit: `tabletop check|validate|gen|package <problem>`.
//!
//! A thin front end over each game crate's `contest` module: it reads the files (`-` for
//! stdin), calls the validator, checker or generator of the problem, and prints the verdict.
//! Exit codes follow testlib: `check` 0 OK, 1 wrong answer, 2 presentation error, 3 checker
//! failure; `validate` 0 valid, 1 invalid.

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, Parser, ValueEnum};
use serde::Serialize;
use tabletop_core::contest::{Checked, InvalidInput, Verdict};

use crate::Problem;
use crate::common::{Unsuccessful, read_input, to_json};

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
    pub problem: Problem,
    /// The directory to write (created if needed; existing test files are overwritten).
    #[arg(long)]
    pub out: PathBuf,
    /// Generated tests after the samples (default: one per generator mode).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=999))]
    pub tests: Option<u64>,
    /// The seed of the first generated test; test i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The command-line name of a problem.
pub fn name(problem: Problem) -> String {
    problem.to_possible_value().expect("no problem is skipped").get_name().to_owned()
}

/// A FILE argument: `-` is stdin.
fn read_file(path: &Path) -> anyhow::Result<String> {
    if path == Path::new("-") { read_input(None) } else { read_input(Some(path)) }
}

/// The validator of `problem`.
pub fn validate(problem: Problem, input: &str, extended: bool) -> Result<(), InvalidInput> {
    match problem {
        Problem::Cf1769d1 => tabletop_nine::validate_d1(input),
        Problem::Cf1769d2 => tabletop_nine::validate_k(input, 13),
        Problem::Cf1769d3 => tabletop_nine::validate_k(input, 26),
        Problem::Nthu14463 => tabletop_take6::validate_nthu14463(input),
        Problem::Hdu5754 => tabletop_race::validate_hdu5754(input, extended),
        Problem::P7147 => tabletop_mahjong::validate_p7147(input),
    }
}

/// The checker of `problem`.
pub fn check(problem: Problem, input: &str, output: &str, answer: Option<&str>) -> Checked {
    match problem {
        Problem::Cf1769d1 => tabletop_nine::check_d1(input, output, answer),
        Problem::Cf1769d2 => tabletop_nine::check_k(input, output, answer, 13),
        Problem::Cf1769d3 => tabletop_nine::check_k(input, output, answer, 26),
        Problem::Nthu14463 => tabletop_take6::check_nthu14463(input, output, answer),
        Problem::Hdu5754 => tabletop_race::check_hdu5754(input, output, answer),
        Problem::P7147 => tabletop_mahjong::check_p7147(input, output, answer),
    }
}

/// The statement's samples of `problem`.
fn samples(problem: Problem) -> &'static [&'static str] {
    match problem {
        Problem::Cf1769d1 => &tabletop_nine::SAMPLES_D1,
        Problem::Cf1769d2 | Problem::Cf1769d3 => &tabletop_nine::SAMPLES_K,
        Problem::Nthu14463 => &tabletop_take6::SAMPLES_NTHU14463,
        Problem::Hdu5754 => &tabletop_race::SAMPLES_HDU5754,
        Problem::P7147 => &tabletop_mahjong::SAMPLES_P7147,
    }
}

/// The generator options of a package's tests, one per mode of the problem's generator.
fn modes(problem: Problem) -> &'static [&'static str] {
    match problem {
        Problem::Cf1769d1 => &["", "--importance 0", "--importance 5", "--importance 11"],
        Problem::Cf1769d2 => &["--k 13", "--k 2", ""],
        Problem::Cf1769d3 => &["--k 26", "--k 13", ""],
        Problem::Nthu14463 => &[
            "",
            "--players 10 --rounds 10 --rows 4",
            "--rows 1",
            "--rounds 1",
            "--players 2",
            "--force too-low",
            "--force sixth",
            "--players 2 --rounds 50 --rows 4 --force too-low --force sixth",
        ],
        Problem::Hdu5754 => &[
            "--mode random",
            "--mode small",
            "--mode edge",
            "--mode equal",
            "--mode wythoff",
            "--mode wythoff --cases 1",
        ],
        Problem::P7147 => &[
            "--mode random",
            "--mode pong",
            "--mode chow",
            "--mode ron",
            "--mode selfdrawn",
            "--mode draw",
            "--mode pass",
            "--mode reverse",
            "--mode double",
            "--mode specials",
        ],
    }
}

/// The input that `args` describe.
pub fn generate(args: &GenArgs) -> anyhow::Result<String> {
    let p = args.problem;
    let only = |given: bool, option: &str, problems: &str| -> anyhow::Result<()> {
        if given {
            bail!("{option} applies to {problems} only, not to {}", name(p));
        }
        Ok(())
    };
    let (nine, take6, race) = (
        matches!(p, Problem::Cf1769d1 | Problem::Cf1769d2 | Problem::Cf1769d3),
        p == Problem::Nthu14463,
        p == Problem::Hdu5754,
    );
    only(
        args.mode.is_some() && !matches!(p, Problem::Hdu5754 | Problem::P7147),
        "--mode",
        "hdu5754 and p7147",
    )?;
    only(args.importance.is_some() && p != Problem::Cf1769d1, "--importance", "cf1769d1")?;
    only(args.k.is_some() && !(nine && p != Problem::Cf1769d1), "--k", "cf1769d2 and cf1769d3")?;
    let take6_given = args.players.is_some()
        || args.rounds.is_some()
        || args.rows.is_some()
        || !args.force.is_empty();
    only(take6_given && !take6, "--players, --rounds, --rows and --force", "nthu14463")?;
    let race_given = args.cases.is_some() || args.piece.is_some() || args.extended;
    only(race_given && !race, "--cases, --piece and --extended", "hdu5754")?;
    let seed = args.seed;
    Ok(match p {
        Problem::Cf1769d1 => tabletop_nine::gen_d1(seed, args.importance)?,
        Problem::Cf1769d2 => tabletop_nine::gen_k(13, seed, args.k)?,
        Problem::Cf1769d3 => tabletop_nine::gen_k(26, seed, args.k)?,
        Problem::Nthu14463 => {
            let options = tabletop_take6::TakeGen {
                players: args.players,
                rounds: args.rounds,
                rows: args.rows,
                force: args.force.clone(),
            };
            tabletop_take6::gen_nthu14463(seed, &options)?
        }
        Problem::Hdu5754 => {
            let mode = args.mode.as_deref().map(str::parse).transpose()?.unwrap_or_default();
            let options = tabletop_race::RaceGen {
                mode,
                cases: args.cases,
                piece: args.piece,
                extended: args.extended,
            };
            tabletop_race::gen_hdu5754(seed, &options)?
        }
        Problem::P7147 => {
            let mode = args.mode.as_deref().map(str::parse).transpose()?.unwrap_or_default();
            tabletop_mahjong::gen_p7147(seed, mode)?
        }
    })
}

#[derive(Serialize)]
struct CheckJson<'a> {
    problem: String,
    verdict: &'static str,
    exit_code: u8,
    reason: &'a str,
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
        let input = read_file(&args.input).context("the input")?;
        let answer = args.answer.as_deref().map(read_file).transpose().context("the answer")?;
        // A contestant's output that is not text is a presentation error, not a failure.
        let output = match read_raw(Some(&args.output))? {
            Ok(output) => output,
            Err(e) => return Ok(Checked::presentation(format!("the output: {e}"))),
        };
        let output = output.strip_prefix('\u{feff}').unwrap_or(&output);
        Ok(check(args.problem, &input, output, answer.as_deref()))
    })()
    .unwrap_or_else(|e| Checked::fail(format!("{e:#}")));
    let text = if args.json {
        to_json(&CheckJson {
            problem: name(args.problem),
            verdict: checked.verdict.name(),
            exit_code: checked.verdict.exit_code(),
            reason: &checked.reason,
        })?
    } else {
        format!("{checked}\n")
    };
    crate::common::print(&text)?;
    match checked.verdict {
        Verdict::Ok => Ok(()),
        v => Err(Exit(v.exit_code()).into()),
    }
}

#[derive(Serialize)]
struct ValidateJson {
    problem: String,
    valid: bool,
    extended: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
}

/// The raw text of a validated input: not UTF-8 is itself a broken rule, with its place.
fn read_raw(path: Option<&Path>) -> anyhow::Result<Result<String, InvalidInput>> {
    let bytes = match path {
        Some(p) if p != Path::new("-") => {
            std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).context("cannot read stdin")?;
            bytes
        }
    };
    Ok(String::from_utf8(bytes).map_err(|err| {
        let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
        InvalidInput {
            line,
            column,
            rule: format!("the byte 0x{:02x} is not UTF-8 text", err.as_bytes()[valid.len()]),
        }
    }))
}

/// `tabletop validate`: exit 0 when valid, else 1 with the line, column and rule.
pub fn run_validate(args: ValidateArgs) -> anyhow::Result<()> {
    let result = read_raw(args.input.as_deref())?
        .and_then(|input| validate(args.problem, &input, args.extended));
    let what =
        format!("{} input{}", name(args.problem), if args.extended { " (extended)" } else { "" });
    if args.json {
        let err = result.as_ref().err();
        let json = to_json(&ValidateJson {
            problem: name(args.problem),
            valid: err.is_none(),
            extended: args.extended,
            line: err.map(|e| e.line),
            column: err.map(|e| e.column),
            rule: err.map(|e| e.rule.clone()),
        })?;
        crate::common::print(&json)?;
        return match result {
            Ok(()) => Ok(()),
            Err(_) => Err(Exit(1).into()),
        };
    }
    match result {
        Ok(()) => crate::common::print(&format!("valid {what}\n")),
        Err(e) => Err(Unsuccessful(format!("invalid {what}: {e}")).into()),
    }
}

/// `tabletop gen`: the input on stdout.
pub fn run_gen(args: GenArgs) -> anyhow::Result<()> {
    let input = generate(&args)?;
    crate::common::print(&input)?;
    Ok(())
}

/// The `gen` command line of generated test `seed` with `options`.
fn gen_command(problem: Problem, seed: u64, options: &str) -> String {
    let mut c = format!("tabletop gen {} --seed {seed}", name(problem));
    if !options.is_empty() {
        c.push(' ');
        c += options;
    }
    c
}

/// `tabletop package`: samples, then generated tests, each validated and its answer checked.
pub fn run_package(args: PackageArgs) -> anyhow::Result<()> {
    let p = args.problem;
    let modes = modes(p);
    let generated = args.tests.unwrap_or(modes.len() as u64);
    let mut tests: Vec<(String, String)> = Vec::new();
    for (i, sample) in samples(p).iter().enumerate() {
        tests.push((sample.to_string(), format!("sample {} of the statement", i + 1)));
    }
    for i in 0..generated {
        let seed = args.seed + i;
        let command = gen_command(p, seed, modes[i as usize % modes.len()]);
        let gen_args = GenArgs::try_parse_from(command.split(' ').skip(1))
            .with_context(|| format!("cannot parse {command}"))?;
        let input = generate(&gen_args).with_context(|| command.clone())?;
        tests.push((input, command));
    }
    let width = tests.len().to_string().len().max(2);
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let mut index = String::new();
    let bar = crate::common::progress_bar(tests.len() as u64, "packaging");
    for (i, (input, how)) in tests.iter().enumerate() {
        let n = format!("{:0width$}", i + 1);
        validate(p, input, false).with_context(|| format!("test {n} ({how}) is invalid"))?;
        let answer = crate::judge(p, input).with_context(|| format!("test {n} ({how})"))?;
        let checked = check(p, input, &answer, None);
        if checked.verdict != Verdict::Ok {
            bail!("test {n} ({how}): the judge's answer does not pass the checker: {checked}");
        }
        let write = |ext: &str, text: &str| {
            let path = args.out.join(format!("{n}.{ext}"));
            std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
        };
        write("in", input)?;
        write("ans", &answer)?;
        writeln!(index, "{n}.in: {how}").expect("writing to a String");
        bar.inc(1);
    }
    bar.finish_and_clear();
    let path = args.out.join("tests.txt");
    std::fs::write(&path, &index).with_context(|| format!("cannot write {}", path.display()))?;
    crate::common::print(&format!(
        "{} tests ({} samples, {generated} generated) written to {}\n",
        tests.len(),
        samples(p).len(),
        args.out.display()
    ))
}
