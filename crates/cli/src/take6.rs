//! `tabletop take6 ...` and the take6 parts of `judge`, `demo` and `bench`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use serde::Serialize;
use tabletop_take6::{
    Arena, ArenaConfig, ArenaError, ArenaReport, Bot, BotKind, Entrant, Hand, MAX_ARENA_DEALS,
    PairComparison, Placement, Reason, RowRule, Rules, Script, judge_nthu14463, parse_nthu14463,
    simulate_traced,
};

use crate::bench::Bench;
use crate::common::{print, progress_bar, read_input, to_json};

/// The take6 subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Plays a scripted game (the judge's input, NTHU 14463) and prints each player's heads.
    #[command(after_help = "Examples:
  tabletop take6 simulate game.txt
  printf '4 3 2\\n11\\n6\\n12 5 9\\n1 13 10\\n7 2 4\\n8 14 3\\n' | tabletop take6 simulate --trace
  tabletop take6 simulate --trace --json - < game.txt")]
    Simulate(SimulateArgs),
    /// Bots against bots in duplicate format: every deal is replayed once per seating, the
    /// lineup rotated one seat each time; mean heads per hand with 95% confidence intervals.
    #[command(after_help = "Examples:
  tabletop take6 arena --bots mc,heuristic,random,lowest --deals 200
  tabletop take6 arena --players 5 --bots heuristic,random --rules forced --json
  tabletop take6 arena --bots mc:50,heuristic --match --target 66 --deals 20")]
    Arena(ArenaArgs),
}

/// Arguments of `tabletop take6 simulate`.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The judge's input (`N M P`, the starting cards, each player's cards); stdin if absent
    /// or `-`.
    file: Option<PathBuf>,
    /// Show the rows after every placement and who took what (with --json: a `trace` array).
    #[arg(long)]
    trace: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// The row rule, as a command-line value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleArg {
    /// A too-low card takes the row ending highest (the judge's rule).
    Forced,
    /// A too-low card's owner picks the row (the published game).
    Choose,
}

/// Arguments of `tabletop take6 arena`.
#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// The number of players.
    #[arg(long, default_value_t = 4, value_parser = crate::ranged::<u8>(2..=tabletop_take6::MAX_PLAYERS as u64))]
    players: u8,
    /// The lineup, comma-separated: random, lowest, highest, heuristic, mc (Monte Carlo, 200
    /// playouts per candidate card), mc:N (N playouts per candidate card, up to 10,000),
    /// mc:Nms (N milliseconds per decision, up to 10,000: a time budget, not reproducible).
    /// A shorter list is repeated to fill the seats.
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// The number of deals, 1 to 10,000,000. Each deal is played once per seat rotation, so
    /// it makes --players hands (or matches).
    #[arg(long, default_value_t = 1000, value_parser = crate::ranged::<u64>(1..=MAX_ARENA_DEALS))]
    deals: u64,
    /// Deprecated: the old name of --deals (it always counted deals, not games).
    #[arg(long, hide = true, conflicts_with = "deals",
          value_parser = crate::ranged::<u64>(1..=MAX_ARENA_DEALS))]
    games: Option<u64>,
    /// The seed of the deals and of the bots.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Who picks the row a too-low card takes.
    #[arg(long, value_enum, default_value_t = RuleArg::Choose)]
    rules: RuleArg,
    /// Cards per hand (rounds).
    #[arg(long, default_value_t = 10, value_parser = crate::ranged::<u8>(1..=tabletop_take6::MAX_HAND as u64))]
    cards: u8,
    /// Rows on the table.
    #[arg(long, default_value_t = 4, value_parser = crate::ranged::<u8>(1..=tabletop_take6::MAX_ROWS as u64))]
    rows: u8,
    /// Play whole matches (hands until someone reaches the --target heads) instead of single
    /// hands.
    #[arg(long = "match")]
    matches: bool,
    /// The heads that end a match (with --match) [default: 66].
    #[arg(long, requires = "matches", value_parser = crate::ranged::<u16>(1..))]
    target: Option<u16>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs a take6 subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    let out = match command {
        Command::Simulate(args) => simulate_command(&args)?,
        Command::Arena(mut args) => {
            if let Some(deals) = args.games.take() {
                eprintln!("note: --games is deprecated: it counts deals, so it is now --deals");
                args.deals = deals;
            }
            arena_command(&args)?
        }
    };
    print(&out)
}

/// `1 head`, `5 heads`.
fn heads(n: u32) -> String {
    if n == 1 { "1 head".to_owned() } else { format!("{n} heads") }
}

/// `1 row`, `4 rows`.
fn count(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// One line describing a placement, from the rule the engine applied.
fn describe(p: &Placement) -> String {
    let who = format!("player {} plays {}", p.player + 1, p.card);
    match p.reason {
        Reason::Appended => format!("{who} on row {}", p.row + 1),
        Reason::Sixth => format!(
            "{who}: sixth card of row {}, takes [{}] ({})",
            p.row + 1,
            p.taken,
            heads(p.heads())
        ),
        Reason::TooLowForced => format!(
            "{who}: below every row end, takes row {} [{}] ({})",
            p.row + 1,
            p.taken,
            heads(p.heads())
        ),
        Reason::TooLowChosen => format!(
            "{who}: below every row end, chooses row {} [{}] ({})",
            p.row + 1,
            p.taken,
            heads(p.heads())
        ),
    }
}

/// The scripted game as text: optionally the trace, then the table of penalties.
fn simulate_text(script: &Script, trace: bool) -> String {
    let mut s = String::new();
    let rules = script.rules();
    let _ = writeln!(
        s,
        "Take 6! scripted game: {}, {}, {}, cards 1-{}, row rule: {}",
        count(rules.players().into(), "player"),
        count(rules.hand_size().into(), "round"),
        count(rules.rows().into(), "row"),
        rules.deck(),
        rules.row_rule()
    );
    if trace {
        let _ = writeln!(s, "start rows: {}", rows_line(script.hand().table()));
    }
    let mut round = usize::MAX;
    let outcome = simulate_traced(script, |step| {
        if !trace {
            return;
        }
        if step.round != round {
            round = step.round;
            let cards: Vec<String> = script.plays().iter().map(|p| p[round].to_string()).collect();
            let _ = writeln!(s, "round {}: players play {}", round + 1, cards.join(" "));
        }
        let _ = writeln!(s, "  {}", describe(step.placement));
        let _ = writeln!(s, "    rows: {}", rows_line(step.table));
    });
    let _ = writeln!(s, "player  heads  cards taken");
    for (p, (heads, taken)) in outcome.penalties.iter().zip(&outcome.taken).enumerate() {
        let _ = writeln!(s, "{:>6}  {heads:>5}  {taken}", p + 1);
    }
    s
}

/// The rows on one line: `[1 2 5] [14]`.
fn rows_line(table: &tabletop_take6::Table) -> String {
    table.rows().iter().map(|r| format!("[{r}]")).collect::<Vec<_>>().join(" ")
}

#[derive(Serialize)]
struct SimulateJson {
    players: u8,
    rounds: u8,
    rows: u8,
    deck: u8,
    row_rule: String,
    penalties: Vec<u32>,
    taken: Vec<Vec<u8>>,
    final_rows: Vec<Vec<u8>>,
    /// With --trace: every placement in order, with the rows after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<StepJson>>,
}

/// One placement of `take6 simulate --trace --json`.
#[derive(Serialize)]
struct StepJson {
    /// 1-based, as in the text trace.
    round: usize,
    /// 1-based.
    player: usize,
    card: u8,
    /// 1-based.
    row: usize,
    /// `appended`, `sixth`, `too_low_forced` or `too_low_chosen`.
    reason: &'static str,
    taken: Vec<u8>,
    heads: u32,
    rows: Vec<Vec<u8>>,
}

fn values(s: tabletop_take6::CardSet) -> Vec<u8> {
    s.iter().map(|c| c.value()).collect()
}

fn simulate_command(args: &SimulateArgs) -> anyhow::Result<String> {
    let input = read_input(args.file.as_deref())?;
    let script = parse_nthu14463(&input)?;
    if !args.json {
        return Ok(simulate_text(&script, args.trace));
    }
    to_json(&simulate_json(&script, args.trace))
}

fn simulate_json(script: &Script, with_trace: bool) -> SimulateJson {
    let mut trace = Vec::new();
    let outcome = simulate_traced(script, |step| {
        if with_trace {
            let p = step.placement;
            trace.push(StepJson {
                round: step.round + 1,
                player: p.player + 1,
                card: p.card.value(),
                row: p.row + 1,
                reason: match p.reason {
                    Reason::Appended => "appended",
                    Reason::Sixth => "sixth",
                    Reason::TooLowForced => "too_low_forced",
                    Reason::TooLowChosen => "too_low_chosen",
                },
                taken: values(p.taken),
                heads: p.heads(),
                rows: step.table.rows().iter().map(|r| values(r.cards())).collect(),
            });
        }
    });
    let rules = script.rules();
    SimulateJson {
        players: rules.players(),
        rounds: rules.hand_size(),
        rows: rules.rows(),
        deck: rules.deck(),
        row_rule: rules.row_rule().to_string(),
        penalties: outcome.penalties.clone(),
        taken: outcome.taken.iter().map(|&s| values(s)).collect(),
        final_rows: outcome.table.rows().iter().map(|r| values(r.cards())).collect(),
        trace: with_trace.then_some(trace),
    }
}

/// The arena set-up of `args`, checked.
fn arena_config(args: &ArenaArgs) -> anyhow::Result<ArenaConfig> {
    let bots = args
        .bots
        .iter()
        .map(|b| b.trim().parse::<BotKind>().map(Entrant::from))
        .collect::<Result<Vec<_>, _>>()
        .context("bad --bots")?;
    let row_rule = match args.rules {
        RuleArg::Forced => RowRule::Forced,
        RuleArg::Choose => RowRule::Choose,
    };
    let rules = Rules::new(
        row_rule,
        args.players.into(),
        args.rows.into(),
        args.cards.into(),
        tabletop_take6::DECK_SIZE.into(),
        args.target.unwrap_or(tabletop_take6::MATCH_TARGET),
    )?;
    let config =
        ArenaConfig { rules, bots, deals: args.deals, seed: args.seed, matches: args.matches };
    match config.arena() {
        Ok(_) => Ok(config),
        Err(e @ ArenaError::Bots { .. }) => Err(anyhow::Error::new(e).context("bad --bots")),
        Err(e) => Err(e.into()),
    }
}

/// A statistic, or `n/a` when there is none.
fn or_na(x: Option<f64>, show: impl Fn(f64) -> String) -> String {
    x.map_or_else(|| "n/a".to_owned(), show)
}

fn arena_command(args: &ArenaArgs) -> anyhow::Result<String> {
    let config = arena_config(args)?;
    let start = Instant::now();
    // The bar counts what the summary counts: hands (or matches), one per seating of a deal.
    let seatings = config.rules.players() as u64;
    let unit = if config.matches { "matches played" } else { "hands played" };
    let bar = progress_bar(args.deals * seatings, unit);
    let report = config.run(|| bar.inc(seatings))?;
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    eprintln!(
        "take6 arena: {} {} in {:.3} s ({:.0} per second)",
        report.games,
        report.games_noun(),
        elapsed,
        report.games as f64 / elapsed.max(1e-9)
    );
    if args.json {
        return to_json(&report);
    }
    Ok(arena_text(&report))
}

fn arena_text(report: &ArenaReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Take 6! arena, duplicate format. Rules: {}", report.rules.description);
    let lineup: Vec<String> = report.lineup.iter().map(Entrant::to_string).collect();
    let _ = writeln!(
        s,
        "{} x {} seatings = {} {}, seed {}, lineup {}",
        count(report.deals, "deal"),
        report.rules.players,
        report.games,
        report.games_noun(),
        report.seed,
        lineup.join(",")
    );
    let unit = report.game;
    let width = report.bots.iter().map(|b| b.bot.to_string().len()).max().unwrap_or(3).max(3);
    let _ = writeln!(
        s,
        "{:<width$}  seats  {:>10}  95% CI     win rate  95% CI",
        "bot",
        format!("heads/{unit}")
    );
    for b in &report.bots {
        let _ = writeln!(
            s,
            "{:<width$}  {:>5}  {:>10.3}  ± {:<7}  {:>7.2}%  ± {}",
            b.bot.to_string(),
            b.seats,
            b.mean_penalty,
            or_na(b.penalty_ci95, |x| format!("{x:.3}")),
            100.0 * b.win_rate,
            or_na(b.win_ci95, |x| format!("{:.2}%", 100.0 * x))
        );
    }
    for PairComparison { first, second, comparison: c } in &report.comparisons {
        let _ = writeln!(
            s,
            "{} - {}: {:+.3} ± {} heads/{unit} (paired by deal, z = {}, p {})",
            first,
            second,
            c.difference,
            or_na(c.ci95, |x| format!("{x:.3}")),
            or_na(c.z, |z| format!("{z:.2}")),
            match c.p_value {
                None => "n/a".to_owned(),
                Some(p) if p < 1e-300 => "< 1e-300".to_owned(),
                Some(p) => format!("= {p:.2e}"),
            }
        );
    }
    s
}

/// The judge's sample.
const SAMPLE: &str = tabletop_take6::SAMPLES_NTHU14463[0];

/// The game on its built-in sample data.
pub fn demo(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "== Take 6! (NTHU 14463 sample), every placement")?;
    let script = parse_nthu14463(SAMPLE)?;
    write!(out, "{}", simulate_text(&script, true))?;
    writeln!(out, "judge output: {}", judge_nthu14463(SAMPLE)?.replace('\n', " ").trim_end())?;
    let report = demo_arena()?;
    writeln!(
        out,
        "== Take 6! arena (tabletop take6 arena --bots mc:50,heuristic,random,lowest --deals 25 --seed 1)"
    )?;
    write!(out, "{}", arena_text(&report))?;
    Ok(())
}

/// The demo as JSON: the judge's sample traced, and the arena.
pub fn demo_json() -> anyhow::Result<serde_json::Value> {
    let script = parse_nthu14463(SAMPLE)?;
    Ok(serde_json::json!({
        "sample": simulate_json(&script, true),
        "arena": demo_arena()?,
    }))
}

/// The demo's arena, played: 25 deals, seed 1.
fn demo_arena() -> anyhow::Result<ArenaReport> {
    let args = ArenaArgs {
        players: 4,
        bots: vec!["mc:50".into(), "heuristic".into(), "random".into(), "lowest".into()],
        deals: 25,
        games: None,
        seed: 1,
        rules: RuleArg::Choose,
        cards: 10,
        rows: 4,
        matches: false,
        target: None,
        json: false,
    };
    Ok(arena_config(&args)?.run(|| ())?)
}

/// The game's benchmark workloads.
pub fn bench(bench: &mut Bench) -> anyhow::Result<()> {
    // The heads of an arena run, checked: one result per deal, and every game gives heads to
    // someone (40 cards cannot go into 4 rows of at most 5 without a row being taken).
    fn heads(results: &[tabletop_take6::DealResult], deals: usize) -> u64 {
        assert_eq!(results.len(), deals, "one result per deal");
        results
            .iter()
            .map(|d| {
                let heads = d.penalties.iter().map(|&p| p as u64).sum::<u64>();
                assert!(heads >= u64::from(d.games), "a game without heads");
                heads
            })
            .sum()
    }
    // The statement's answer to its sample (take6's tests/data/sample.out).
    let answer = "0\n5\n0\n6\n";
    bench.case("take6/judge-sample", "heads", 10_000, || {
        let mut heads = 0u64;
        for _ in 0..10_000 {
            let out = judge_nthu14463(std::hint::black_box(SAMPLE)).expect("the sample is valid");
            assert_eq!(out, answer, "the judge's answer to its sample");
            heads += out.lines().map(|l| l.parse::<u64>().unwrap_or(0)).sum::<u64>();
        }
        heads
    });
    let random = Arena::new(Rules::standard(4)?, vec![BotKind::Random; 4])?;
    bench.case("take6/arena-random", "heads", 4 * 5_000, || heads(&random.run(5_000, 1), 5_000));
    let heuristic = Arena::new(Rules::standard(4)?, vec![BotKind::Heuristic; 4])?;
    bench.case("take6/arena-heuristic", "heads", 4 * 1_000, || {
        heads(&heuristic.run(1_000, 1), 1_000)
    });
    let mc = Arena::new(
        Rules::standard(4)?,
        vec![
            BotKind::MonteCarlo { playouts: 200 },
            BotKind::Heuristic,
            BotKind::Heuristic,
            BotKind::Heuristic,
        ],
    )?;
    // One first-round decision (10 candidates x 200 playouts) on each of 10 deals, with 4
    // and with 10 players: the most expensive decisions of the published game.
    for players in [4usize, 10] {
        let rules = Rules::standard(players)?;
        bench.case(&format!("take6/mc-first-decision-{players}p"), "card values", 10, || {
            let mut sum = 0u64;
            for seed in 0..10 {
                let hand = Hand::deal(rules, &mut tabletop_core::seeded_rng(seed));
                let mut bot = BotKind::MonteCarlo { playouts: 200 }.build(seed);
                sum += bot.choose_card(&hand.view(0)).value() as u64;
            }
            sum
        });
    }
    // 4 hands with one MC seat each: 40 MC decisions.
    bench.case("take6/arena-mc-decisions", "heads", 40, || heads(&mc.run(1, 1), 1));
    bench.batch_case("take6")?;
    Ok(())
}
