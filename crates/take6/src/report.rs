//! The arena as the front ends run it: its set-up ([`ArenaConfig`], what
//! `tabletop take6 arena` and Python's `take6.arena` parse their arguments into) and its
//! report ([`ArenaReport`], what `tabletop take6 arena --json` prints and `take6.arena`
//! returns, field for field), with its text ([`ArenaReport`]'s `Display`); and a judge's
//! script played out ([`ScriptReport`], what `tabletop take6 simulate --json` prints, and
//! [`Script::text`]).

use std::fmt::{self, Write as _};

use tabletop_core::text::plural;

use crate::arena::{Arena, ArenaSummary, BotSummary, Comparison, Entrant, TallySums};
use crate::card::CardSet;
use crate::error::ArenaError;
use crate::rules::{RowRule, Rules};
use crate::script::{Script, simulate_traced};
use crate::state::{Placement, Reason};
use crate::table::Table;

/// The most deals of one arena run.
pub const MAX_ARENA_DEALS: u64 = 10_000_000;

/// The set-up of an arena run. The format is always duplicate: each deal is played once per
/// seating, the lineup rotated one seat each time (see [`Arena::play_deal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ArenaConfig {
    /// The rules (the match target counts only with `matches`).
    pub rules: Rules,
    /// The bots, from seat 0; a shorter list is repeated to fill the seats.
    pub bots: Vec<Entrant>,
    /// The deals, 1 to [`MAX_ARENA_DEALS`]; each makes one game per seat.
    pub deals: u64,
    /// The seed of the deals (deal `i` from `sub_seed(seed, i)`) and of the bots.
    pub seed: u64,
    /// Whole matches (hands until someone reaches the rules' target) instead of single hands.
    pub matches: bool,
}

impl ArenaConfig {
    /// The arena of this set-up, checked: the deals in range, 1 to `players` bots (the list
    /// repeated to fill the seats), rules under which matches end (with `matches`).
    pub fn arena(&self) -> Result<Arena, ArenaError> {
        if !(1..=MAX_ARENA_DEALS).contains(&self.deals) {
            return Err(ArenaError::Deals { deals: self.deals });
        }
        let n = self.rules.num_players();
        if self.bots.is_empty() || self.bots.len() > n {
            return Err(ArenaError::Bots { found: self.bots.len(), players: n });
        }
        let lineup: Vec<Entrant> = self.bots.iter().cycle().take(n).cloned().collect();
        let arena = Arena::new(self.rules, lineup)?;
        if self.matches { arena.with_matches() } else { Ok(arena) }
    }

    /// Plays the arena on all cores ([`Arena::summarise`]; `on_deal` is called after each
    /// deal) and reports it.
    ///
    /// # Panics
    /// If a bot is an [`Entrant::External`] one: the caller seats those, with
    /// [`Arena::summarise_with`] and [`ArenaReport::new`].
    #[cfg(feature = "rayon")]
    pub fn run(&self, on_deal: impl Fn() + Sync) -> Result<ArenaReport, ArenaError> {
        let arena = self.arena()?;
        let summary = arena.summarise(self.deals, self.seed, on_deal);
        Ok(ArenaReport::new(&arena, &summary, self.seed))
    }

    /// Plays deals `deals` of this run (a part of `0..self.deals`) on all cores and tallies
    /// them: a part of the run to be played anywhere and merged ([`ArenaReport::merge`]).
    /// `on_deal` is called after each deal; once it returns `false` no further deal is
    /// started and the part is not returned; nor is it when the work was cancelled
    /// ([`tabletop_core::cancel`]).
    ///
    /// # Errors
    /// As [`ArenaConfig::arena`]; [`ArenaError::Parts`] for an empty range or one beyond
    /// the run's deals; [`ArenaError::Stopped`] when `on_deal` stopped it or the work was
    /// cancelled.
    ///
    /// # Panics
    /// As [`ArenaConfig::run`].
    #[cfg(feature = "rayon")]
    pub fn run_part(
        &self,
        deals: std::ops::Range<u64>,
        on_deal: impl Fn() -> bool + Sync,
    ) -> Result<ArenaPart, ArenaError> {
        use tabletop_core::parts::PartsError;
        let arena = self.arena()?;
        let (first, stop) = (deals.start, deals.end);
        if first >= stop {
            return Err(PartsError::Empty { first, stop }.into());
        }
        if stop > self.deals {
            return Err(PartsError::Beyond { first, stop, total: self.deals }.into());
        }
        let tally = arena.tally_deals(deals, self.seed, on_deal);
        // A deal whose bots were cut short by a cancelled scope is not the deal's play.
        if tally.deals() < stop - first || tabletop_core::cancel::requested() {
            return Err(ArenaError::Stopped { played: tally.deals(), asked: stop - first });
        }
        Ok(ArenaPart { config: self.clone(), first, stop, sums: tally.sums() })
    }
}

/// A part of an arena run: deals `first..stop` of `config`'s run, played and tallied
/// ([`ArenaConfig::run_part`]). The parts of a whole run, played on any threads, processes or
/// machines, merge into the report of the run ([`ArenaReport::merge`]), the same as
/// [`ArenaConfig::run`]'s. With the `serde` feature it travels as JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ArenaPart {
    /// The whole run's set-up.
    pub config: ArenaConfig,
    /// The first deal of the part.
    pub first: u64,
    /// One past the part's last deal.
    pub stop: u64,
    /// The tally of the part's deals.
    pub sums: TallySums,
}

/// The rules of an arena report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RulesReport {
    /// The rules on one line ([`Arena::rules_line`]).
    pub description: String,
    /// Who picks the row a too-low card takes.
    pub row_rule: RowRule,
    /// The players.
    pub players: u8,
    /// The rows on the table.
    pub rows: u8,
    /// The cards of a hand (its rounds).
    pub cards_per_hand: u8,
    /// The cards of the deck.
    pub deck: u8,
    /// The heads that end a match; `None` when single hands are played.
    pub match_target: Option<u16>,
}

/// A comparison of the first bot with another, named.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PairComparison {
    /// The lineup's first bot.
    pub first: Entrant,
    /// The bot it is compared with.
    pub second: Entrant,
    /// The paired comparison (`first` minus `second`).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub comparison: Comparison,
}

/// The report of an arena run: the set-up played and the statistics.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ArenaReport {
    /// The rules played.
    pub rules: RulesReport,
    /// The seed.
    pub seed: u64,
    /// The deals played.
    pub deals: u64,
    /// The games played (deals times seatings).
    pub games: u64,
    /// What one game is: `"hand"` or `"match"`.
    pub game: &'static str,
    /// The bot first seated in each seat.
    pub lineup: Vec<Entrant>,
    /// One entry per distinct bot, in lineup order.
    pub bots: Vec<BotSummary>,
    /// The first bot compared with each other one, in lineup order.
    pub comparisons: Vec<PairComparison>,
}

impl ArenaReport {
    /// The report of `arena` run from `seed`, with statistics `summary`.
    pub fn new(arena: &Arena, summary: &ArenaSummary, seed: u64) -> ArenaReport {
        let r = arena.rules();
        let bots = &summary.bots;
        ArenaReport {
            rules: RulesReport {
                description: arena.rules_line(),
                row_rule: r.row_rule(),
                players: r.players(),
                rows: r.rows(),
                cards_per_hand: r.hand_size(),
                deck: r.deck(),
                match_target: arena.plays_matches().then_some(r.target()),
            },
            seed,
            deals: summary.deals,
            games: summary.games,
            game: if summary.matches { "match" } else { "hand" },
            lineup: arena.lineup().to_vec(),
            bots: bots.clone(),
            comparisons: (1..bots.len())
                .map(|b| PairComparison {
                    first: bots[0].bot.clone(),
                    second: bots[b].bot.clone(),
                    comparison: summary.compare(0, b),
                })
                .collect(),
        }
    }

    /// The report of a run from its parts ([`ArenaConfig::run_part`], in any order): the
    /// same report as [`ArenaConfig::run`] of the whole run.
    ///
    /// # Errors
    /// [`ArenaError::NoParts`]; [`ArenaError::OtherRun`] for parts of different set-ups;
    /// [`ArenaError::Parts`] unless the parts hold each deal of the run once;
    /// [`ArenaError::Sums`] for a part whose sums are not a tally of its deals.
    pub fn merge(parts: &[ArenaPart]) -> Result<ArenaReport, ArenaError> {
        let config = &parts.first().ok_or(ArenaError::NoParts)?.config;
        if let Some(part) = parts.iter().position(|p| p.config != *config) {
            let other = &parts[part].config;
            let what = if other.rules != config.rules || other.matches != config.matches {
                "the rules"
            } else if other.bots != config.bots {
                "the bots"
            } else if other.seed != config.seed {
                "the seeds"
            } else {
                "the numbers of deals"
            };
            return Err(ArenaError::OtherRun { part, what });
        }
        let ranges: Vec<_> = parts.iter().map(|p| p.first..p.stop).collect();
        tabletop_core::parts::check_cover(&ranges, config.deals)?;
        let arena = config.arena()?;
        let mut tally = arena.tally();
        for part in parts {
            if part.sums.deals() != part.stop - part.first {
                return Err(ArenaError::Sums {
                    problem: format!(
                        "{} deals tallied for part {}..{}",
                        part.sums.deals(),
                        part.first,
                        part.stop
                    ),
                });
            }
            tally.add_sums(&part.sums)?;
        }
        Ok(ArenaReport::new(&arena, &tally.summary(), config.seed))
    }

    /// What the games are: `"hands"` or `"matches"`.
    pub fn games_noun(&self) -> &'static str {
        if self.game == "match" { "matches" } else { "hands" }
    }
}

/// `1 head`, `5 heads`.
fn heads(n: u32) -> String {
    if n == 1 { "1 head".to_owned() } else { format!("{n} heads") }
}

/// A statistic, or `n/a` when there is none.
fn or_na(x: Option<f64>, show: impl Fn(f64) -> String) -> String {
    x.map_or_else(|| "n/a".to_owned(), show)
}

/// The report as a table: the set-up, one line per bot (mean heads and win rate with their
/// 95% confidence intervals), then the first bot against each other one.
impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Take 6! arena, duplicate format. Rules: {}", self.rules.description)?;
        let lineup: Vec<String> = self.lineup.iter().map(Entrant::to_string).collect();
        writeln!(
            f,
            "{} x {} seatings = {} {}, seed {}, lineup {}",
            plural(self.deals, "deal"),
            self.rules.players,
            self.games,
            self.games_noun(),
            self.seed,
            lineup.join(",")
        )?;
        let unit = self.game;
        let width = self.bots.iter().map(|b| b.bot.to_string().len()).max().unwrap_or(3).max(3);
        writeln!(
            f,
            "{:<width$}  seats  {:>10}  95% CI     win rate  95% CI",
            "bot",
            format!("heads/{unit}")
        )?;
        for b in &self.bots {
            writeln!(
                f,
                "{:<width$}  {:>5}  {:>10.3}  ± {:<7}  {:>7.2}%  ± {}",
                b.bot.to_string(),
                b.seats,
                b.mean_penalty,
                or_na(b.penalty_ci95, |x| format!("{x:.3}")),
                100.0 * b.win_rate,
                or_na(b.win_ci95, |x| format!("{:.2}%", 100.0 * x))
            )?;
        }
        for PairComparison { first, second, comparison: c } in &self.comparisons {
            writeln!(
                f,
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
            )?;
        }
        Ok(())
    }
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

/// The rows on one line: `[1 2 5] [14]`.
fn rows_line(table: &Table) -> String {
    table.rows().iter().map(|r| format!("[{r}]")).collect::<Vec<_>>().join(" ")
}

impl Script {
    /// The script played out, as text: the rules on one line; with `trace`, the starting
    /// rows and every placement with the rows after it; then each player's heads and the
    /// cards they took.
    pub fn text(&self, trace: bool) -> String {
        let mut s = String::new();
        let rules = self.rules();
        let _ = writeln!(
            s,
            "Take 6! scripted game: {}, {}, {}, cards 1-{}, row rule: {}",
            plural(rules.players().into(), "player"),
            plural(rules.hand_size().into(), "round"),
            plural(rules.rows().into(), "row"),
            rules.deck(),
            rules.row_rule()
        );
        if trace {
            let _ = writeln!(s, "start rows: {}", rows_line(self.hand().table()));
        }
        let mut round = usize::MAX;
        let outcome = simulate_traced(self, |step| {
            if !trace {
                return;
            }
            if step.round != round {
                round = step.round;
                let cards: Vec<String> =
                    self.plays().iter().map(|p| p[round].to_string()).collect();
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
}

/// A judge's script played out ([`ScriptReport::new`]): the rules, each player's heads and
/// cards, the rows at the end, and optionally every placement.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ScriptReport {
    /// The players.
    pub players: u8,
    /// The rounds (cards per hand).
    pub rounds: u8,
    /// The rows on the table.
    pub rows: u8,
    /// The cards of the deck.
    pub deck: u8,
    /// Who picks the row a too-low card takes (`forced` for the judge's scripts).
    pub row_rule: String,
    /// The heads of each player.
    pub penalties: Vec<u32>,
    /// The cards each player took, by value.
    pub taken: Vec<Vec<u8>>,
    /// The rows at the end, by value.
    pub final_rows: Vec<Vec<u8>>,
    /// When asked for: every placement in order, with the rows after it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub trace: Option<Vec<TraceStep>>,
}

/// One placement of a [`ScriptReport`]'s trace.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TraceStep {
    /// The round, from 1 (as in [`Script::text`]).
    pub round: usize,
    /// The player, from 1.
    pub player: usize,
    /// The card.
    pub card: u8,
    /// The row, from 1.
    pub row: usize,
    /// `appended`, `sixth`, `too_low_forced` or `too_low_chosen`.
    pub reason: &'static str,
    /// The cards taken.
    pub taken: Vec<u8>,
    /// Their heads.
    pub heads: u32,
    /// The rows after it.
    pub rows: Vec<Vec<u8>>,
}

fn values(s: CardSet) -> Vec<u8> {
    s.iter().map(|c| c.value()).collect()
}

impl ScriptReport {
    /// `script` played out, with every placement when `with_trace`.
    pub fn new(script: &Script, with_trace: bool) -> ScriptReport {
        let mut trace = Vec::new();
        let outcome = simulate_traced(script, |step| {
            if with_trace {
                let p = step.placement;
                trace.push(TraceStep {
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
        ScriptReport {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::BotKind;

    /// The judge's sample played out: its recorded trace, the same without the trace, and the
    /// report's numbers.
    #[test]
    fn the_sample_script_reads_as_recorded() {
        let sample = crate::judge::parse_nthu14463(crate::SAMPLES_NTHU14463[0]).unwrap();
        let recorded = include_str!("../../cli/tests/data/take6/sample.trace");
        assert_eq!(sample.text(true), recorded);
        let table = &recorded[recorded.find("player  heads").unwrap()..];
        let first = recorded.lines().next().unwrap();
        assert_eq!(sample.text(false), format!("{first}\n{table}"));
        let report = ScriptReport::new(&sample, true);
        assert_eq!((report.players, report.rounds, report.rows, report.deck), (4, 3, 2, 14));
        assert_eq!(report.penalties, [0, 5, 0, 6]);
        assert_eq!(report.taken[3], [6, 7, 8, 12, 13, 14]);
        assert_eq!(report.final_rows, [vec![1, 2, 5, 9, 10], vec![3, 4]]);
        let trace = report.trace.unwrap();
        assert_eq!(trace.len(), 12);
        let first = &trace[0];
        assert_eq!((first.round, first.player, first.card, first.row), (1, 2, 1, 1));
        assert_eq!(
            (first.reason, first.heads, first.taken.as_slice()),
            ("too_low_forced", 5, &[11][..])
        );
        assert_eq!(first.rows, [vec![1], vec![6]]);
        assert_eq!(trace[7].reason, "sixth");
        assert_eq!(trace[1].reason, "appended");
        assert_eq!(ScriptReport::new(&sample, false).trace, None);
    }

    #[test]
    fn plural_heads_and_placements_read_in_words() {
        assert_eq!(heads(1), "1 head");
        assert_eq!(heads(0), "0 heads");
    }

    fn config(bots: Vec<Entrant>, deals: u64) -> ArenaConfig {
        ArenaConfig { rules: Rules::standard(3).unwrap(), bots, deals, seed: 4, matches: false }
    }

    #[test]
    fn the_config_is_checked_and_fills_the_seats() {
        let lowest = Entrant::from(BotKind::Lowest);
        let random = Entrant::from(BotKind::Random);
        let arena = config(vec![lowest.clone(), random.clone()], 2).arena().unwrap();
        assert_eq!(arena.lineup(), [lowest.clone(), random.clone(), lowest.clone()]);
        assert_eq!(config(vec![], 2).arena(), Err(ArenaError::Bots { found: 0, players: 3 }));
        assert_eq!(
            config(vec![lowest.clone(); 4], 2).arena().unwrap_err().to_string(),
            "4 bots for 3 players, expected 1 to 3"
        );
        for deals in [0, MAX_ARENA_DEALS + 1] {
            assert_eq!(
                config(vec![lowest.clone()], deals).arena(),
                Err(ArenaError::Deals { deals })
            );
        }
        assert!(config(vec![lowest.clone()], MAX_ARENA_DEALS).arena().is_ok());
        let same = vec![lowest.clone(), Entrant::External("lowest".into())];
        assert_eq!(config(same, 1).arena(), Err(ArenaError::SameName { name: "lowest".into() }));
        let mut m = config(vec![lowest], 1);
        m.matches = true;
        m.rules = Rules::judge(3, 1, 4).unwrap();
        assert!(m.arena().is_err());
    }

    #[test]
    fn the_report_names_the_rules_and_compares_the_first_bot() {
        let bots = vec![BotKind::Lowest.into(), BotKind::Highest.into(), BotKind::Random.into()];
        let mut c = config(bots, 5);
        let arena = c.arena().unwrap();
        let summary = arena.summary(&arena.run(5, 4));
        let report = ArenaReport::new(&arena, &summary, 4);
        assert_eq!((report.deals, report.games, report.game), (5, 15, "hand"));
        assert_eq!(report.games_noun(), "hands");
        assert_eq!(report.rules.match_target, None);
        assert!(!report.rules.description.contains("match"));
        assert_eq!(report.comparisons.len(), 2);
        assert_eq!(report.comparisons[1].second, BotKind::Random);
        assert_eq!(report.comparisons[1].comparison, summary.compare(0, 2));
        c.matches = true;
        c.rules = c.rules.with_target(20).unwrap();
        let arena = c.arena().unwrap();
        let report = ArenaReport::new(&arena, &arena.summary(&arena.run(2, 4)), 4);
        assert_eq!((report.game, report.games_noun()), ("match", "matches"));
        assert_eq!(report.rules.match_target, Some(20));
        assert!(report.rules.description.ends_with(", match to 20"), "{report:?}");
    }

    /// The parts of a run, in any split and order, merge into the report of the whole run,
    /// for single hands and matches; a part survives JSON.
    #[cfg(all(feature = "rayon", feature = "serde"))]
    #[test]
    fn parts_merge_into_the_whole_runs_report() {
        let mut hands = config(vec![BotKind::Heuristic.into(), BotKind::Random.into()], 7);
        let mut matches = config(vec![BotKind::Lowest.into(), BotKind::Highest.into()], 3);
        matches.matches = true;
        matches.rules = matches.rules.with_target(20).unwrap();
        hands.seed = 11;
        for c in [hands, matches] {
            let whole = c.run(|| ()).unwrap();
            for shards in 1..=c.deals {
                let mut parts: Vec<ArenaPart> = tabletop_core::parts::split(c.deals, shards)
                    .unwrap()
                    .into_iter()
                    .map(|r| c.run_part(r, || true).unwrap())
                    .collect();
                parts.reverse();
                assert_eq!(ArenaReport::merge(&parts), Ok(whole.clone()), "{shards} parts");
                let json = serde_json::to_string(&parts).unwrap();
                let back: Vec<ArenaPart> = serde_json::from_str(&json).unwrap();
                assert_eq!(back, parts);
            }
        }
    }

    /// Sums edited in transit are refused: not one game per seating of each deal, or not
    /// one sum per pair of bots.
    #[cfg(all(feature = "rayon", feature = "serde"))]
    #[test]
    fn edited_sums_are_refused() {
        let bots = vec![BotKind::Lowest.into(), BotKind::Random.into(), BotKind::Highest.into()];
        let c = config(bots, 4);
        let (a, b) = (c.run_part(0..2, || true).unwrap(), c.run_part(2..4, || true).unwrap());
        let edit = |f: &dyn Fn(&mut serde_json::Value)| {
            let mut v = serde_json::to_value(&b).unwrap();
            f(&mut v["sums"]);
            let part: ArenaPart = serde_json::from_value(v).unwrap();
            ArenaReport::merge(&[a.clone(), part]).unwrap_err().to_string()
        };
        let games = |v: &mut serde_json::Value| v["games"] = 7.into();
        assert_eq!(
            edit(&games),
            "the sums are not a tally of this arena: 7 games in 2 deals of 3 seatings"
        );
        let pairs = |v: &mut serde_json::Value| {
            v["differences"].as_array_mut().unwrap().pop();
        };
        assert_eq!(
            edit(&pairs),
            "the sums are not a tally of this arena: 8 pairs' sums for 9 pairs of bots"
        );
        let wins = |v: &mut serde_json::Value| {
            v["wins"].as_array_mut().unwrap().pop();
        };
        assert_eq!(
            edit(&wins),
            "the sums are not a tally of this arena: 3 penalty and 2 win sums for 3 bots"
        );
        assert!(ArenaReport::merge(&[a, b]).is_ok());
    }

    #[cfg(feature = "rayon")]
    #[test]
    fn parts_that_are_not_one_whole_run_are_refused() {
        use tabletop_core::parts::PartsError;
        let c = config(vec![BotKind::Lowest.into(), BotKind::Random.into()], 4);
        let part = |r: std::ops::Range<u64>| c.run_part(r, || true).unwrap();
        let (a, b) = (part(0..2), part(2..4));
        assert_eq!(ArenaReport::merge(&[]), Err(ArenaError::NoParts));
        let message = |parts: &[ArenaPart]| ArenaReport::merge(parts).unwrap_err().to_string();
        assert_eq!(
            message(std::slice::from_ref(&a)),
            PartsError::Missing { missing: 2..4, total: 4 }.to_string()
        );
        assert_eq!(message(&[a.clone(), part(1..3), b.clone()]), "parts 0..2 and 1..3 overlap");
        for (change, what) in [
            ((|c: &mut ArenaConfig| c.seed += 1) as fn(&mut ArenaConfig), "the seeds"),
            (|c| c.bots.reverse(), "the bots"),
            (|c| c.deals += 1, "the numbers of deals"),
            (|c| c.matches = true, "the rules"),
        ] {
            let mut other = b.clone();
            change(&mut other.config);
            assert_eq!(
                ArenaReport::merge(&[a.clone(), other]),
                Err(ArenaError::OtherRun { part: 1, what })
            );
        }
        // Sums of the wrong size, or of another number of deals than the part's.
        let mut short = b.clone();
        short.sums = a.sums.clone();
        short.first = 3;
        let mut parts = [a.clone(), part(2..3), short];
        assert_eq!(
            message(&parts),
            "the sums are not a tally of this arena: 2 deals tallied for part 3..4"
        );
        parts[2].sums = c.run_part(3..4, || true).unwrap().sums;
        assert!(ArenaReport::merge(&parts).is_ok());
        let three = config(
            vec![BotKind::Lowest.into(), BotKind::Random.into(), BotKind::Highest.into()],
            4,
        );
        parts[2].sums = three.run_part(3..4, || true).unwrap().sums;
        assert_eq!(
            message(&parts),
            "the sums are not a tally of this arena: 3 penalty and 3 win sums for 2 bots"
        );
        // Parts out of the run, and a run stopped early.
        assert_eq!(c.run_part(2..2, || true), Err(PartsError::Empty { first: 2, stop: 2 }.into()));
        assert_eq!(
            c.run_part(3..5, || true),
            Err(PartsError::Beyond { first: 3, stop: 5, total: 4 }.into())
        );
        let c = config(vec![BotKind::Lowest.into()], 1000);
        match c.run_part(200..1000, || false) {
            Err(ArenaError::Stopped { played, asked: 800 }) => assert!(played < 800),
            other => panic!("{other:?}"),
        }
    }

    /// A bot of the caller's that plays as a built-in one gives the same statistics.
    #[test]
    fn external_bots_are_seated_like_builtin_ones() {
        let builtin = config(vec![BotKind::Lowest.into(), BotKind::Heuristic.into()], 6);
        let mut external = builtin.clone();
        external.bots[0] = Entrant::External("mine".into());
        let arena = builtin.arena().unwrap();
        let want = arena.summary(&arena.run(6, 4));
        let ext = external.arena().unwrap();
        let mut seeds = Vec::new();
        let got = ext
            .summarise_with(
                6,
                4,
                |e, seed| {
                    seeds.push((e, seed));
                    match &ext.lineup()[e] {
                        Entrant::Builtin(kind) => ext.build(*kind, seed),
                        Entrant::External(_) => ext.build(BotKind::Lowest, seed),
                    }
                },
                || Ok::<(), ()>(()),
            )
            .unwrap();
        assert_eq!(got.bots[0].bot, Entrant::External("mine".into()));
        assert_eq!(got.bots[1..], want.bots[1..]);
        assert_eq!(
            (got.bots[0].mean_penalty, got.bots[0].win_rate),
            (want.bots[0].mean_penalty, want.bots[0].win_rate)
        );
        assert_eq!(got.compare(0, 1), want.compare(0, 1));
        // One bot per entry per seating per deal.
        assert_eq!(seeds.len(), 6 * 3 * 3);
        // The check stops the run at its first error.
        let mut deals = 0;
        let stopped = ext.summarise_with(
            6,
            4,
            |_, seed| ext.build(BotKind::Lowest, seed),
            || {
                deals += 1;
                if deals == 2 { Err("stop") } else { Ok(()) }
            },
        );
        assert_eq!((stopped, deals), (Err("stop"), 2));
    }

    #[cfg(feature = "rayon")]
    #[test]
    fn the_parallel_run_is_the_sequential_one() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let c = config(vec![BotKind::Heuristic.into(), BotKind::Random.into()], 30);
        let calls = AtomicU64::new(0);
        let report = c
            .run(|| {
                calls.fetch_add(1, Ordering::Relaxed);
            })
            .unwrap();
        assert_eq!(calls.into_inner(), 30);
        let arena = c.arena().unwrap();
        assert_eq!(report, ArenaReport::new(&arena, &arena.summary(&arena.run(30, 4)), 4));
    }
}
