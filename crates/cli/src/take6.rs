//! `tabletop take6 ...`.

use std::path::PathBuf;
use std::time::Instant;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use tabletop_take6::{ArenaConfig, MAX_ARENA_DEALS, RowRule, Rules, ScriptReport, parse_nthu14463};

use crate::common::{print, progress_bar, read_input, text_or_json, to_json};

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

/// The row rule argument: the library's [`RowRule`] by its names, each with what it means.
fn row_rule_parser() -> impl TypedValueParser<Value = RowRule> {
    let values = RowRule::ALL.map(|rule| {
        PossibleValue::new(rule.name()).help(match rule {
            RowRule::Forced => "A too-low card takes the row ending highest (the judge's rule)",
            RowRule::Choose => "A too-low card's owner picks the row (the published game)",
        })
    });
    PossibleValuesParser::new(values).map(|name| name.parse().expect("a listed row rule"))
}

/// Arguments of `tabletop take6 arena`.
#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// The number of players.
    #[arg(long, default_value_t = 4, value_parser = crate::ranged::<u8>(2..=tabletop_take6::MAX_PLAYERS as u64))]
    players: u8,
    /// The lineup, comma-separated: random, lowest, highest, heuristic, mc (Monte Carlo, 200
    /// playouts per candidate card), mc:N (N playouts per candidate card, up to 10,000),
    /// mc:Nms (N milliseconds per decision, up to 10,000: a time budget, not reproducible),
    /// nn (the shipped learned network), nn-mc, nn-mc:N, nn-mc:Nms (the network's three best
    /// cards searched by Monte Carlo, the network playing the opponents' cards of the round);
    /// the networks play the default rules with 4 or 5 players.
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
    #[arg(long, default_value_t = RowRule::Choose, value_parser = row_rule_parser())]
    rules: RowRule,
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

fn simulate_command(args: &SimulateArgs) -> anyhow::Result<String> {
    let input = read_input(args.file.as_deref())?;
    let script = parse_nthu14463(&input)?;
    if !args.json {
        return Ok(script.text(args.trace));
    }
    to_json(&ScriptReport::new(&script, args.trace))
}

/// The arena set-up of `args`, checked.
fn arena_config(args: &ArenaArgs) -> anyhow::Result<ArenaConfig> {
    let (players, rows, cards) = (args.players.into(), args.rows.into(), args.cards.into());
    let rules = Rules::full_deck(args.rules, players, rows, cards, args.target)?;
    ArenaConfig::of_names(rules, &args.bots, args.deals, args.seed, args.matches).map_err(|e| {
        if e.is_about_bots() { anyhow::Error::new(e).context("bad --bots") } else { e.into() }
    })
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
    text_or_json(&report, args.json)
}
