//! Take 6! with bots from outside the library (a front end's callbacks, such as Python
//! functions) beside the built-in bots, in one hand ([`play_outside_hand`]) or in a seeded
//! arena ([`play_outside_arena`]).
//!
//! An outside bot names a card and, under the `choose` row rule, a row; both answers are
//! checked against its hand and the table. The first failure (an error of the bot, or an
//! answer the rules refuse) is kept; from then on every seat plays its lowest card and the row
//! with the fewest heads, so that the hand ends at once, and the failure is returned when the
//! hand (in an arena, the deal) is over. The built-in bots decide through a [`Runner`], where
//! the front end lets go of its lock (Python's GIL) and answers Ctrl-C.

use std::cell::RefCell;

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_take6::{
    AnyBot, Arena, ArenaReport, Bot, BotKind, Card, Hand, RefusedBot, Rules, View,
};
use thiserror::Error;

/// A Take 6! bot whose answers come from outside the library and may fail.
pub trait OutsideBot {
    /// The failure of a call (the front end's exception).
    type Error;

    /// The number of the card to reveal this round (checked: it must be in `view.hand`).
    fn card(&mut self, view: &View<'_>) -> Result<u8, Self::Error>;

    /// The row (0-based) that `card`, below every row end, takes, or `None` for the row with
    /// the fewest heads (checked: the row must exist).
    fn row(&mut self, view: &View<'_>, card: Card) -> Result<Option<usize>, Self::Error>;
}

/// Runs the decisions of the built-in bots that sit beside outside ones.
pub trait Runner {
    /// The failure that stops a decision (the front end's Ctrl-C).
    type Error;

    /// Runs `work`, one decision of a built-in bot (`slow` when it may take long: a Monte
    /// Carlo bot), and returns its answer, or the failure that stopped it.
    fn run<T: Send>(&self, slow: bool, work: impl FnOnce() -> T + Send) -> Result<T, Self::Error>;
}

/// A seat's bot: a built-in bot, or an outside one.
#[derive(Clone, Debug)]
pub enum Entry<O> {
    /// A built-in bot (seeded by the hand or the arena).
    Builtin(BotKind),
    /// An outside bot.
    Outside(O),
}

/// Why a hand or an arena with outside bots stopped.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum OutsideError<E> {
    /// An outside bot's call, or a built-in bot's decision, failed with this error.
    #[error("{0}")]
    Failed(E),
    /// A built-in bot does not play the hand's rules (a network bot on rules no shipped
    /// network plays).
    #[error("{0}")]
    Refused(RefusedBot),
    /// An outside bot named a card it does not hold.
    #[error("the bot in seat {seat} played {card}, which it does not hold (hand: {hand:?})")]
    NotHeld {
        /// The seat (0-based).
        seat: usize,
        /// The card number named.
        card: u8,
        /// The numbers of the cards it holds, lowest first.
        hand: Vec<u8>,
    },
    /// An outside bot named a row that does not exist.
    #[error("the bot in seat {seat} chose row {row}: expected 0 to {last}")]
    NoSuchRow {
        /// The seat (0-based).
        seat: usize,
        /// The row named.
        row: usize,
        /// The last row index.
        last: usize,
    },
}

/// Whether a built-in bot's decision may take long: the Monte Carlo bots, network-guided or
/// not.
pub fn slow_bot(kind: BotKind) -> bool {
    matches!(
        kind,
        BotKind::MonteCarlo { .. }
            | BotKind::MonteCarloTimed { .. }
            | BotKind::NetworkMc { .. }
            | BotKind::NetworkMcTimed { .. }
    )
}

/// The first failure of a hand or an arena, shared by its seats.
type Failure<E> = RefCell<Option<OutsideError<E>>>;

/// A seat: its bot, the runner of the built-in bots and the shared first failure.
struct Seat<'a, O: OutsideBot, R> {
    bot: SeatBot<O>,
    runner: &'a R,
    failed: &'a Failure<O::Error>,
}

enum SeatBot<O> {
    Builtin { bot: AnyBot, slow: bool },
    Outside(O),
}

impl<'a, O: OutsideBot, R: Runner<Error = O::Error>> Seat<'a, O, R> {
    /// The seat of `entry`, a built-in bot built by `build`.
    fn new(
        entry: Entry<O>,
        build: impl FnOnce(BotKind) -> Result<AnyBot, RefusedBot>,
        runner: &'a R,
        failed: &'a Failure<O::Error>,
    ) -> Result<Self, RefusedBot> {
        let bot = match entry {
            Entry::Builtin(kind) => SeatBot::Builtin { bot: build(kind)?, slow: slow_bot(kind) },
            Entry::Outside(o) => SeatBot::Outside(o),
        };
        Ok(Seat { bot, runner, failed })
    }

    /// The answer of `ask`, or `fallback` once a failure is kept (this one included).
    fn answer<T>(
        &mut self,
        ask: impl FnOnce(&mut SeatBot<O>, &R) -> Result<Option<T>, OutsideError<O::Error>>,
        fallback: T,
    ) -> T {
        if self.failed.borrow().is_some() {
            return fallback;
        }
        match ask(&mut self.bot, self.runner) {
            Ok(answer) => answer.unwrap_or(fallback),
            Err(e) => {
                *self.failed.borrow_mut() = Some(e);
                fallback
            }
        }
    }
}

impl<O: OutsideBot, R: Runner<Error = O::Error>> Bot for Seat<'_, O, R> {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        let lowest = view.hand.first().expect("a player to move holds a card");
        self.answer(
            |bot, runner| match bot {
                SeatBot::Builtin { bot, slow } => runner
                    .run(*slow, || bot.choose_card(view))
                    .map(Some)
                    .map_err(OutsideError::Failed),
                SeatBot::Outside(o) => {
                    let card = o.card(view).map_err(OutsideError::Failed)?;
                    match Card::new(card).filter(|&c| view.hand.contains(c)) {
                        Some(c) => Ok(Some(c)),
                        None => Err(OutsideError::NotHeld {
                            seat: view.seat,
                            card,
                            hand: view.hand.iter().map(Card::value).collect(),
                        }),
                    }
                }
            },
            lowest,
        )
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        self.answer(
            |bot, runner| match bot {
                SeatBot::Builtin { bot, slow } => runner
                    .run(*slow, || bot.choose_row(view, card))
                    .map(Some)
                    .map_err(OutsideError::Failed),
                SeatBot::Outside(o) => match o.row(view, card).map_err(OutsideError::Failed)? {
                    Some(row) if row >= view.table.num_rows() => Err(OutsideError::NoSuchRow {
                        seat: view.seat,
                        row,
                        last: view.table.num_rows() - 1,
                    }),
                    row => Ok(row),
                },
            },
            view.table.fewest_heads_row(),
        )
    }
}

/// Deals one hand of `rules` from `seed` and plays it with `bots[i]` in seat `i` (built-in
/// bot `i` seeded with `sub_seed(seed, i + 1)`): the heads each seat took.
///
/// # Errors
/// [`OutsideError::Refused`] before the deal when a built-in bot does not play `rules`; else
/// the first failure of the hand ([`OutsideError`]), once the hand is over.
///
/// # Panics
/// Unless there is one bot per seat.
pub fn play_outside_hand<O: OutsideBot, R: Runner<Error = O::Error>>(
    rules: Rules,
    seed: u64,
    bots: Vec<Entry<O>>,
    runner: &R,
) -> Result<Vec<u32>, OutsideError<O::Error>> {
    let failed = RefCell::new(None);
    let mut seats: Vec<Seat<'_, O, R>> = bots
        .into_iter()
        .enumerate()
        .map(|(i, entry)| {
            let bot_seed = sub_seed(seed, i as u64 + 1);
            Seat::new(entry, |kind| kind.build(&rules, bot_seed), runner, &failed)
        })
        .collect::<Result<_, _>>()
        .map_err(OutsideError::Refused)?;
    let mut hand = Hand::deal(rules, &mut seeded_rng(seed));
    tabletop_take6::play_hand(&mut hand, &mut seats);
    drop(seats);
    match failed.into_inner() {
        Some(e) => Err(e),
        None => Ok(hand.penalties()[..rules.num_players()].to_vec()),
    }
}

/// Plays deals `0..deals` of `arena` one after another (as [`Arena::summarise_with`]: the
/// same deals, seatings and bot seeds as the arena of built-in bots), `bots` being the bots
/// its lineup was made of (entry `e` of the lineup is `bots[e % bots.len()]`), and reports
/// it. An outside bot plays each of its seats (cloned).
///
/// # Errors
/// The first failure, at the end of the deal it happened in.
pub fn play_outside_arena<O: OutsideBot + Clone, R: Runner<Error = O::Error>>(
    arena: &Arena,
    deals: u64,
    seed: u64,
    bots: &[Entry<O>],
    runner: &R,
) -> Result<ArenaReport, OutsideError<O::Error>> {
    let failed = RefCell::new(None);
    let summary = arena.summarise_with(
        deals,
        seed,
        |e, bot_seed| {
            let entry = bots[e % bots.len()].clone();
            // Arena::new has checked that its built-in bots play its rules.
            Seat::new(entry, |kind| Ok(arena.build(kind, bot_seed)), runner, &failed)
                .unwrap_or_else(|e| panic!("{e}"))
        },
        || failed.borrow_mut().take().map_or(Ok(()), Err),
    )?;
    Ok(ArenaReport::new(arena, &summary, seed))
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use tabletop_take6::{ArenaConfig, Entrant, RowRule};

    use super::*;

    /// An outside bot: the lowest card, row `row`; `card` instead from round `from` on;
    /// failing with "boom" from round `fail` on.
    #[derive(Clone, Default)]
    struct Scripted {
        card: Option<(usize, u8)>,
        row: Option<usize>,
        fail: Option<usize>,
    }

    impl OutsideBot for Scripted {
        type Error = String;

        fn card(&mut self, view: &View<'_>) -> Result<u8, String> {
            if self.fail.is_some_and(|r| view.round >= r) {
                return Err(format!("boom in seat {}", view.seat));
            }
            match self.card {
                Some((from, card)) if view.round >= from => Ok(card),
                _ => Ok(view.hand.first().unwrap().value()),
            }
        }

        fn row(&mut self, _: &View<'_>, _: Card) -> Result<Option<usize>, String> {
            Ok(self.row)
        }
    }

    /// Runs every decision; counts the slow ones; fails slow ones when `refuse_slow`.
    #[derive(Default)]
    struct Direct {
        slow: Cell<usize>,
        refuse_slow: bool,
    }

    impl Runner for Direct {
        type Error = String;

        fn run<T: Send>(&self, slow: bool, work: impl FnOnce() -> T + Send) -> Result<T, String> {
            self.slow.set(self.slow.get() + usize::from(slow));
            if slow && self.refuse_slow { Err("stopped".to_owned()) } else { Ok(work()) }
        }
    }

    fn rules(players: usize, row_rule: RowRule) -> Rules {
        Rules::full_deck(row_rule, players, 4, 10, None).unwrap()
    }

    /// The heads of the hand of `seed` played by built-in bots only, the library's way.
    fn builtin_hand(rules: Rules, seed: u64, kinds: &[BotKind]) -> Vec<u32> {
        let mut bots: Vec<AnyBot> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| k.build(&rules, sub_seed(seed, i as u64 + 1)).unwrap())
            .collect();
        let mut hand = Hand::deal(rules, &mut seeded_rng(seed));
        tabletop_take6::play_hand(&mut hand, &mut bots);
        hand.penalties()[..rules.num_players()].to_vec()
    }

    #[test]
    fn a_network_bot_on_rules_it_does_not_play_is_refused_before_the_deal() {
        let runner = Direct::default();
        let bots =
            vec![Entry::<Scripted>::Builtin(BotKind::Network), Entry::Builtin(BotKind::Lowest)];
        let err = play_outside_hand(rules(3, RowRule::Choose), 1, bots, &runner).unwrap_err();
        let OutsideError::Refused(refused) = &err else { panic!("{err:?}") };
        assert_eq!(refused.bot, "nn");
        assert!(err.to_string().starts_with("bot `nn` cannot play these rules: "), "{err}");
        assert_eq!(runner.slow.get(), 0, "no decision made");
    }

    #[test]
    fn an_outside_bot_playing_lowest_is_the_lowest_bot() {
        for row_rule in [RowRule::Choose, RowRule::Forced] {
            let rules = rules(3, row_rule);
            for seed in 0..20 {
                let kinds = [BotKind::Lowest, BotKind::Random, BotKind::Heuristic];
                let mut bots: Vec<Entry<Scripted>> =
                    kinds.iter().map(|&k| Entry::Builtin(k)).collect();
                bots[0] = Entry::Outside(Scripted::default());
                let runner = Direct::default();
                let got = play_outside_hand(rules, seed, bots, &runner).unwrap();
                assert_eq!(got, builtin_hand(rules, seed, &kinds), "seed {seed}");
                assert_eq!(runner.slow.get(), 0);
            }
        }
    }

    #[test]
    fn a_card_not_held_stops_the_hand_and_is_returned() {
        let rules = rules(2, RowRule::Choose);
        let bot = Scripted { card: Some((2, 200)), ..Scripted::default() };
        let bots = vec![Entry::Builtin(BotKind::Lowest), Entry::Outside(bot)];
        let err = play_outside_hand(rules, 7, bots, &Direct::default()).unwrap_err();
        let OutsideError::NotHeld { seat, card, ref hand } = err else { panic!("{err:?}") };
        assert_eq!((seat, card, hand.len()), (1, 200, 8));
        assert!(hand.windows(2).all(|w| w[0] < w[1]));
        let text = err.to_string();
        assert!(text.starts_with("the bot in seat 1 played 200, which it does not hold (hand: ["));
        // A card of the deck that the other player holds is refused too.
        let other = Hand::deal(rules, &mut seeded_rng(7)).view(0).hand.first().unwrap().value();
        let bot = Scripted { card: Some((0, other)), ..Scripted::default() };
        let bots = vec![Entry::Builtin(BotKind::Lowest), Entry::Outside(bot)];
        let err = play_outside_hand(rules, 7, bots, &Direct::default()).unwrap_err();
        assert!(matches!(err, OutsideError::NotHeld { seat: 1, card, .. } if card == other));
    }

    #[test]
    fn the_first_failure_is_kept_and_the_hand_ends() {
        let rules = rules(3, RowRule::Choose);
        let failing = |round| Entry::Outside(Scripted { fail: Some(round), ..Scripted::default() });
        let bots = vec![failing(5), failing(3), Entry::Builtin(BotKind::Random)];
        let err = play_outside_hand(rules, 1, bots, &Direct::default()).unwrap_err();
        assert_eq!(err, OutsideError::Failed("boom in seat 1".to_owned()));
        assert_eq!(err.to_string(), "boom in seat 1");
    }

    #[test]
    fn rows_are_checked_and_none_is_the_fewest_heads_row() {
        // Some seed makes a card of the lowest-card player go below every row.
        let rules = rules(2, RowRule::Choose);
        let row = |row| Entry::Outside(Scripted { row, ..Scripted::default() });
        let mut refused = 0;
        for seed in 0..30 {
            let lowest = [BotKind::Lowest, BotKind::Lowest];
            let expected = builtin_hand(rules, seed, &lowest);
            let bots = vec![row(None), Entry::Builtin(BotKind::Lowest)];
            assert_eq!(play_outside_hand(rules, seed, bots, &Direct::default()), Ok(expected));
            let bots = vec![row(Some(4)), Entry::Builtin(BotKind::Lowest)];
            match play_outside_hand(rules, seed, bots, &Direct::default()) {
                Err(e) => {
                    assert_eq!(e, OutsideError::NoSuchRow { seat: 0, row: 4, last: 3 });
                    assert_eq!(e.to_string(), "the bot in seat 0 chose row 4: expected 0 to 3");
                    refused += 1;
                }
                Ok(heads) => assert_eq!(heads, builtin_hand(rules, seed, &lowest)),
            }
            // The last row exists.
            let bots = vec![row(Some(3)), Entry::Builtin(BotKind::Lowest)];
            assert!(play_outside_hand(rules, seed, bots, &Direct::default()).is_ok());
        }
        assert!(refused > 0, "no seed asked for a row");
    }

    #[test]
    fn slow_builtin_bots_run_as_slow_and_their_failure_is_kept() {
        let rules = rules(2, RowRule::Choose);
        let mc = BotKind::MonteCarlo { playouts: 2 };
        let bots = vec![Entry::<Scripted>::Builtin(mc), Entry::Builtin(BotKind::Lowest)];
        let runner = Direct::default();
        assert!(play_outside_hand(rules, 3, bots.clone(), &runner).is_ok());
        assert_eq!(runner.slow.get(), 10, "one slow decision a round");
        let runner = Direct { refuse_slow: true, ..Direct::default() };
        let err = play_outside_hand(rules, 3, bots, &runner).unwrap_err();
        assert_eq!(err, OutsideError::Failed("stopped".to_owned()));
        assert_eq!(runner.slow.get(), 1, "no decision after the failure");
        // A failing runner stops a row choice too.
        let runner = Direct { refuse_slow: true, ..Direct::default() };
        let failed = RefCell::new(None);
        let mut seat =
            Seat::new(Entry::<Scripted>::Builtin(mc), |k| k.build(&rules, 1), &runner, &failed)
                .unwrap();
        let hand = Hand::deal(rules, &mut seeded_rng(3));
        let view = hand.view(0);
        let card = view.hand.first().unwrap();
        assert_eq!(seat.choose_row(&view, card), view.table.fewest_heads_row());
        assert_eq!(*failed.borrow(), Some(OutsideError::Failed("stopped".to_owned())));
    }

    #[test]
    fn which_bots_are_slow() {
        for (name, slow) in [
            ("mc", true),
            ("mc:5", true),
            ("mc:5ms", true),
            ("nn-mc:5", true),
            ("nn-mc:5ms", true),
            ("nn", false),
            ("heuristic", false),
            ("random", false),
        ] {
            assert_eq!(slow_bot(name.parse().unwrap()), slow, "{name}");
        }
    }

    #[test]
    fn an_arena_with_an_outside_bot_reports_as_the_builtin_one() {
        let rules = rules(3, RowRule::Choose);
        let config = |bots| ArenaConfig { rules, bots, deals: 6, seed: 9, matches: false };
        let builtin = vec![Entrant::Builtin(BotKind::Lowest), BotKind::Heuristic.into()];
        let arena = config(builtin).arena().unwrap();
        let deals: Vec<_> = (0..6).map(|i| arena.play_deal(sub_seed(9, i))).collect();
        let expected = ArenaReport::new(&arena, &arena.summary(&deals), 9);
        let entrants = vec![Entrant::External("lowest".to_owned()), BotKind::Heuristic.into()];
        let arena = config(entrants).arena().unwrap();
        let bots = [Entry::Outside(Scripted::default()), Entry::Builtin(BotKind::Heuristic)];
        let got = play_outside_arena(&arena, 6, 9, &bots, &Direct::default()).unwrap();
        let json = |r: &ArenaReport| serde_json::to_value(r).unwrap();
        assert_eq!(json(&got), json(&expected));
        // A failure stops the arena at the end of its deal.
        let failing = Scripted { fail: Some(9), ..Scripted::default() };
        let bots = [Entry::Outside(failing), bots[1].clone()];
        let err = play_outside_arena(&arena, 6, 9, &bots, &Direct::default()).unwrap_err();
        assert!(matches!(err, OutsideError::Failed(ref m) if m.starts_with("boom")));
    }
}
