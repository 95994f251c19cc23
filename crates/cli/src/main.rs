//! `tabletop`: plays, solves and simulates table games exactly.
//!
//! Exit codes: 0 success; 1 the work ran but came back empty-handed (a search found nothing
//! within its budget, a verification found a mismatch); 2 bad input or bad usage, or output
//! that cannot be written.

mod bench;
mod census;
mod common;
mod contest;
mod mahjong;
mod manual;
mod nine;
mod play;
mod race;
mod review;
mod serve;
mod take6;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::common::{Unsuccessful, read_input};

/// Plays, solves and simulates table games exactly.
#[derive(Debug, Parser)]
#[command(name = "tabletop", version, about, long_about = None, propagate_version = true)]
#[command(after_help = "Examples:
  tabletop demo                               every game on its sample data
  echo 26 | tabletop judge cf1769d3           an original problem, byte for byte
  tabletop nine solve deal.txt                exact play of a Nine deal
  tabletop race table queen 12 12 --svg q.svg
  tabletop completions bash > /etc/bash_completion.d/tabletop

A FILE argument of `-` means stdin; every result can be printed as JSON with --json.")]
struct Cli {
    /// When to colour messages (auto: on a terminal, unless NO_COLOR is set).
    #[arg(long, global = true, value_name = "WHEN", default_value_t = clap::ColorChoice::Auto)]
    color: clap::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs an original problem: its exact stdin and stdout.
    #[command(after_help = manual::JUDGE_HELP)]
    Judge {
        /// The problem.
        #[arg(value_parser = contest::problem_parser())]
        problem: tabletop_play::Problem,
        /// Read the input from this file instead of stdin (`-`: stdin).
        file: Option<std::path::PathBuf>,
    },
    /// Checks a contestant's output (testlib verdicts: exit 0 OK, 1 wrong answer, 2
    /// presentation error, 3 checker failure).
    #[command(after_help = "Examples:\n  tabletop check cf1769d3 k26.in contestant.out\n  \
                            ./solution < 01.in | tabletop check hdu5754 01.in - 01.ans --json")]
    Check(contest::CheckArgs),
    /// Validates a test input strictly against the original statement (exit 0 valid, 1 invalid).
    #[command(after_help = "Examples:\n  tabletop validate p7147 01.in\n  \
                            tabletop gen hdu5754 --extended | tabletop validate hdu5754 --extended -")]
    Validate(contest::ValidateArgs),
    /// Generates a test input, deterministic for a seed.
    #[command(after_help = "Examples:\n  tabletop gen cf1769d1 --seed 7\n  \
                            tabletop gen p7147 --mode ron --seed 3 | tabletop judge p7147")]
    Gen(contest::GenArgs),
    /// Writes a test package: samples, then generated tests, with answers and tests.txt.
    #[command(after_help = "Examples:\n  tabletop package hdu5754 --out pkg --tests 20 --seed 1")]
    Package(contest::PackageArgs),
    /// Every game on its built-in sample data.
    #[command(after_help = "Examples:\n  tabletop demo\n  tabletop demo --json | jq .race")]
    Demo {
        /// Print one JSON object, a member per game.
        #[arg(long)]
        json: bool,
    },
    /// Fixed workloads: deterministic node counts beside median times.
    #[command(
        after_help = "Examples:\n  tabletop bench\n  tabletop bench --filter race/ --samples 3 --json"
    )]
    Bench(bench::Args),
    /// Nine (Девятка): solve deals, find deals by importance, statistics.
    #[command(
        subcommand,
        after_help = "Examples:\n  tabletop nine solve deal.txt\n  tabletop nine find --importance 30 | tabletop nine solve -"
    )]
    Nine(nine::Command),
    /// Take 6! (6 nimmt!): scripted simulation, bots, arena.
    #[command(
        subcommand,
        after_help = "Examples:\n  tabletop take6 simulate --trace game.txt\n  tabletop take6 arena --bots mc,heuristic,random,lowest --deals 200"
    )]
    Take6(take6::Command),
    /// Chess-piece race games (Life Winner Bo): solve, tables, verification.
    #[command(
        subcommand,
        after_help = "Examples:\n  tabletop race solve queen 5 5\n  tabletop race table knight 8 8"
    )]
    Race(race::Command),
    /// Mahjong (THUPC 2021 variant): simulation, distance, replay.
    #[command(
        subcommand,
        after_help = "Examples:\n  tabletop mahjong replay wall.txt\n  tabletop mahjong simulate --games 10000 --summary"
    )]
    Mahjong(mahjong::Command),
    // Its help lists each game's parameters, read from the library (see `play::command`).
    /// Any game played by bots to the end, or on from a record; `--json` prints the record.
    Play(play::Args),
    /// Reviews a game against perfect play: each decision's value, the best action, the regret
    /// and a mark (`?!` inaccuracy, `?` mistake, `??` blunder), and a summary per player.
    #[command(
        after_help = "Examples:\n  tabletop play nine --seats solver,random --json > game.json\n  \
                            tabletop review game.json\n  tabletop review game.json --json | jq .players"
    )]
    Review(review::Args),
    /// Ranks bots by their mean regret against perfect play over seeded duplicate games,
    /// beside win rate and score.
    #[command(
        after_help = "Examples:\n  tabletop ladder --game take6 --bots heuristic,mc:100,random,lowest --games 50\n  \
                            tabletop ladder --game mahjong --bots rules,random --games 100 --json"
    )]
    Ladder(review::LadderArgs),
    /// The games in a browser: a local web server (loopback by default).
    Serve(serve::Args),
    /// Prints a shell completion script.
    #[command(
        after_help = "Examples:\n  tabletop completions bash > ~/.local/share/bash-completion/completions/tabletop\n  \
                            tabletop completions zsh > ~/.zfunc/_tabletop\n  \
                            tabletop completions fish > ~/.config/fish/completions/tabletop.fish"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Prints the manual page (roff) of tabletop, or of one of its commands.
    #[command(after_help = "Examples:\n  tabletop man | man -l -\n  tabletop man > tabletop.1\n  \
                            tabletop man nine solve > tabletop-nine-solve.1")]
    Man {
        /// The command, e.g. `nine solve` (none: tabletop itself).
        command: Vec<String>,
    },
}

fn demo(json: bool) -> anyhow::Result<()> {
    let text =
        if json { common::to_json(&tabletop_play::demo_json())? } else { tabletop_play::demo() };
    common::print(&text)
}

fn run(cli: Cli) -> anyhow::Result<()> {
    common::check_stdout()?;
    match cli.command {
        Command::Judge { problem, file } => {
            common::print(&tabletop_play::judge(problem, &read_input(file.as_deref())?)?)
        }
        Command::Check(args) => contest::run_check(args),
        Command::Validate(args) => contest::run_validate(args),
        Command::Gen(args) => contest::run_gen(args),
        Command::Package(args) => contest::run_package(args),
        Command::Demo { json } => demo(json),
        Command::Bench(args) => bench::run(args),
        Command::Nine(cmd) => nine::run(cmd),
        Command::Take6(cmd) => take6::run(cmd),
        Command::Race(cmd) => race::run(cmd),
        Command::Mahjong(cmd) => mahjong::run(cmd),
        Command::Play(args) => play::run(args),
        Command::Review(args) => review::run(args),
        Command::Ladder(args) => review::run_ladder(args),
        Command::Serve(args) => serve::run(args),
        Command::Completions { shell } => manual::completions(command(), shell),
        Command::Man { command: name } => manual::man(command(), &name),
    }
}

/// The command line: [`Cli`]'s, with what derive attributes cannot say added at run time.
fn command() -> clap::Command {
    negatives(Cli::command()).mut_subcommand("play", |c| c.after_help(play::help()))
}

/// Lets every option and argument that takes a value take a negative number, so that
/// `--deals -5` reaches the option's range check instead of reading as an unknown flag.
fn negatives(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| if a.get_action().takes_values() { a.allow_negative_numbers(true) } else { a })
        .mut_subcommands(negatives)
}

/// A whole number in `range` for an option of type `T`, whose error names the range for any
/// number given: a negative one too (`-5 is not in 1..=1000`), not only one too large.
pub(crate) fn ranged<T>(range: impl std::ops::RangeBounds<u64>) -> Ranged<T>
where
    T: TryFrom<u64> + TryFrom<i64> + Clone + Send + Sync + 'static,
{
    use std::ops::Bound;
    let signed = |b: Bound<&u64>| match b {
        Bound::Included(&n) => Bound::Included(i64::try_from(n).unwrap_or(i64::MAX)),
        Bound::Excluded(&n) => Bound::Excluded(i64::try_from(n).unwrap_or(i64::MAX)),
        Bound::Unbounded => Bound::Unbounded,
    };
    let (start, end) = (range.start_bound(), range.end_bound());
    Ranged {
        negative: clap::builder::RangedI64ValueParser::new().range((signed(start), signed(end))),
        other: clap::builder::RangedU64ValueParser::new().range((start.cloned(), end.cloned())),
    }
}

/// See [`ranged`]: clap's unsigned parser, with its signed one for a negative number.
#[derive(Clone)]
pub(crate) struct Ranged<T: TryFrom<u64> + TryFrom<i64> + Clone + Send + Sync + 'static> {
    negative: clap::builder::RangedI64ValueParser<T>,
    other: clap::builder::RangedU64ValueParser<T>,
}

impl<T> clap::builder::TypedValueParser for Ranged<T>
where
    T: TryFrom<u64> + TryFrom<i64> + Clone + Send + Sync + 'static,
    <T as TryFrom<u64>>::Error: Send + Sync + 'static + std::error::Error + ToString,
    <T as TryFrom<i64>>::Error: Send + Sync + 'static + std::error::Error + ToString,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        if value.to_str().is_some_and(|v| v.starts_with('-')) {
            self.negative.parse_ref(cmd, arg, value)
        } else {
            self.other.parse_ref(cmd, arg, value)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let color = common::color_choice(&args);
    let matches = command().color(color).try_get_matches_from(args);
    let cli =
        matches.and_then(|m| Cli::from_arg_matches(&m)).unwrap_or_else(|e| common::exit_clap(e));
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // `check` and `validate` have printed their verdict; the code is testlib's.
            if let Some(contest::Exit(code)) = err.downcast_ref::<contest::Exit>() {
                return ExitCode::from(*code);
            }
            // A closed stdout (`tabletop ... | head`) is not an error worth a message.
            if err
                .chain()
                .filter_map(|e| e.downcast_ref::<std::io::Error>())
                .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("{}{err:#}", common::error_prefix());
            if err.downcast_ref::<Unsuccessful>().is_some() {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
