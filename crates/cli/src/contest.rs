//! The problem setters' toolkit: `tabletop check|validate|gen|package <problem>`.
//!
//! A thin front end over the library's table of problems ([`tabletop_play::Problem`]): it reads
//! the files (`-` for stdin), calls the problem's validator, checker, generator or packager,
//! and prints the verdict or writes the files. Exit codes follow testlib: `check` 0 OK, 1 wrong
//! answer, 2 presentation error, 3 checker failure; `validate` 0 valid, 1 invalid.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser};
use serde::Serialize;
use tabletop_play::{Checked, GenOptions, Package, Problem, Verdict};

use crate::common::{Unsuccessful, plural, read_input, to_json};

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

/// A FILE argument: `-` is stdin.
fn read_file(path: &Path) -> anyhow::Result<String> {
    if path == Path::new("-") { read_input(None) } else { read_input(Some(path)) }
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

#[derive(Serialize)]
struct CheckJson<'a> {
    problem: &'static str,
    verdict: &'static str,
    exit_code: u8,
    reason: &'a str,
}

/// The bytes of a FILE argument (`-` or none: stdin), as they are.
fn read_bytes(path: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    match path {
        Some(p) if p != Path::new("-") => {
            std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).context("cannot read stdin")?;
            Ok(bytes)
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
        let input = read_file(&args.input).context("the input")?;
        let answer = args.answer.as_deref().map(read_file).transpose().context("the answer")?;
        let output = read_bytes(Some(&args.output))?;
        Ok(args.problem.check_output(&input, &output, answer.as_deref()))
    })()
    .unwrap_or_else(|e| Checked::fail(format!("{e:#}")));
    let text = if args.json {
        to_json(&CheckJson {
            problem: args.problem.id(),
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
    problem: &'static str,
    valid: bool,
    extended: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
}

/// `tabletop validate`: exit 0 when valid, else 1 with the line, column and rule.
pub fn run_validate(args: ValidateArgs) -> anyhow::Result<()> {
    let bytes = read_bytes(args.input.as_deref())?;
    let result = args.problem.validate_bytes(&bytes, args.extended);
    let what = format!("{} input{}", args.problem, if args.extended { " (extended)" } else { "" });
    if args.json {
        let err = result.as_ref().err();
        let json = to_json(&ValidateJson {
            problem: args.problem.id(),
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
    write_package(&package, &args.out, args.force)?;
    crate::common::print(&format!(
        "{} ({}, {} generated) written to {}\n",
        plural(package.tests.len() as u64, "test"),
        plural(package.samples as u64, "sample"),
        package.generated,
        args.out.display()
    ))
}

/// Writes `package` into `out`, whole or not at all: the files are written into a new
/// directory first, then moved into place.
///
/// - `out` absent: the new directory becomes `out`.
/// - `out` a directory holding an earlier package, or nothing: it is replaced whole, so no
///   test of the earlier package stays.
/// - `out` holding other files too: refused, unless `force`; then the earlier package's files
///   are removed and the new ones moved in beside the others. So too when `out` is a symbolic
///   link (the files go where it points) or holds the current directory (which must stay).
fn write_package(package: &Package, out: &Path, force: bool) -> anyhow::Result<()> {
    let shown = out.display();
    let link = std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink());
    let old: Option<Vec<(String, bool)>> = match std::fs::metadata(out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read {shown}")),
        Ok(m) if !m.is_dir() => bail!("{shown} is not a directory"),
        Ok(_) => Some(
            std::fs::read_dir(out)
                .and_then(|entries| {
                    entries
                        .map(|e| {
                            let e = e?;
                            let name = e.file_name().to_string_lossy().into_owned();
                            let ours = e.file_type()?.is_file() && Package::is_package_file(&name);
                            Ok((name, ours))
                        })
                        .collect()
                })
                .with_context(|| format!("cannot read {shown}"))?,
        ),
    };
    let mut foreign: Vec<&str> =
        old.iter().flatten().filter(|(_, ours)| !ours).map(|(n, _)| n.as_str()).collect();
    foreign.sort_unstable();
    if !foreign.is_empty() && !force {
        bail!(
            "{shown} holds files that are not a test package's ({}): refusing to write into it \
             without --force",
            foreign.join(", ")
        );
    }
    let pid = std::process::id();
    // A directory that holds the current one cannot be renamed away under the user's shell.
    let holds_cwd = old.is_some()
        && std::env::current_dir()
            .is_ok_and(|cwd| std::fs::canonicalize(out).is_ok_and(|o| cwd.starts_with(o)));
    if old.is_some() && (link || holds_cwd || !foreign.is_empty()) {
        // Into the directory itself, beside the files that stay.
        let temp = out.join(format!(".tabletop-package-{pid}"));
        write_files(package, &temp)?;
        for (name, _) in old.iter().flatten().filter(|(_, ours)| *ours) {
            let path = out.join(name);
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
        for (name, _) in package.files() {
            let (from, to) = (temp.join(&name), out.join(&name));
            std::fs::rename(&from, &to)
                .with_context(|| format!("cannot move {} to {}", from.display(), to.display()))?;
        }
        return std::fs::remove_dir(&temp)
            .with_context(|| format!("cannot remove {}", temp.display()));
    }
    // Beside the directory, then renamed into place.
    let full = if old.is_some() { std::fs::canonicalize(out)? } else { out.to_path_buf() };
    let name = full.file_name().with_context(|| format!("{shown} names no directory"))?;
    let parent = match full.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let hidden = |what: &str| parent.join(format!(".{}.{what}-{pid}", name.to_string_lossy()));
    let temp = hidden("tabletop-package");
    write_files(package, &temp)?;
    let moved = |from: &Path, to: &Path| {
        std::fs::rename(from, to)
            .with_context(|| format!("cannot move {} to {}", from.display(), to.display()))
    };
    if old.is_none() {
        return moved(&temp, out).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&temp);
        });
    }
    let earlier = hidden("tabletop-earlier");
    moved(&full, &earlier).inspect_err(|_| {
        let _ = std::fs::remove_dir_all(&temp);
    })?;
    if let Err(e) = moved(&temp, &full) {
        let _ = std::fs::rename(&earlier, &full);
        let _ = std::fs::remove_dir_all(&temp);
        return Err(e);
    }
    std::fs::remove_dir_all(&earlier)
        .with_context(|| format!("cannot remove {}", earlier.display()))
}

/// Writes every file of `package` into the new directory `dir`; on failure, removes `dir`.
fn write_files(package: &Package, dir: &Path) -> anyhow::Result<()> {
    let write = || -> anyhow::Result<()> {
        std::fs::create_dir(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (name, text) in package.files() {
            let path = dir.join(name);
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(())
    };
    write().inspect_err(|_| {
        let _ = std::fs::remove_dir_all(dir);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// A package whose second test cannot be written (its name holds a missing folder).
    fn broken() -> Package {
        let mut package = Problem::Hdu5754.package(Some(1), 1, |_| {}).unwrap();
        package.tests[1].name = "missing/02".to_owned();
        package
    }

    #[test]
    fn a_write_that_fails_midway_leaves_the_folder_as_it_was() {
        let dir = std::env::temp_dir().join(format!("tabletop-broken-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let pkg = dir.join("pkg");
        let good = Problem::Hdu5754.package(Some(3), 1, |_| {}).unwrap();
        write_package(&good, &pkg, false).unwrap();
        let before = names(&pkg);
        assert_eq!(before.len(), 9);
        let err = write_package(&broken(), &pkg, false).unwrap_err();
        assert!(format!("{err:#}").starts_with("cannot write "), "{err:#}");
        assert_eq!(names(&pkg), before);
        assert_eq!(names(&dir), ["pkg"], "no temporary folder stays");
        // The same with other files beside the package (--force).
        std::fs::write(pkg.join("notes.md"), "x").unwrap();
        assert!(write_package(&broken(), &pkg, true).is_err());
        assert_eq!(names(&pkg).len(), 10);
        assert_eq!(names(&dir), ["pkg"]);
        // And into a folder that does not exist yet: none is made.
        assert!(write_package(&broken(), &dir.join("new"), false).is_err());
        assert_eq!(names(&dir), ["pkg"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
