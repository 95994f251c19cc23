//! The arena's output for fixed seeds, recorded in `data/arena_record.txt`: every bot draws
//! from a named generator (xoshiro256++, [`tabletop_take6::FastRng`]), so these numbers change only when the rules, the bots or
//! the arena change, never with a dependency update. After a deliberate change, regenerate the
//! file with `TABLETOP_BLESS=1 cargo test -p tabletop-take6 --test arena_record` and review
//! the diff.

use std::fmt::Write;
use std::path::Path;

use tabletop_take6::{Arena, BotKind, RowRule, Rules};

/// One line per deal: the heads and the wins (in 1/2520ths, exact for ties) of each lineup
/// entry, summed over the seatings.
fn record() -> String {
    let lineup = vec![
        BotKind::Random,
        BotKind::Lowest,
        BotKind::Highest,
        BotKind::Heuristic,
        BotKind::MonteCarlo { playouts: 30 },
    ];
    let mut out = String::new();
    let runs = [
        ("standard, 5 players, choose", Rules::standard(5).unwrap(), false, 8),
        (
            "standard, 5 players, forced",
            Rules::standard(5).unwrap().with_row_rule(RowRule::Forced),
            false,
            8,
        ),
        ("matches to 66, 5 players, choose", Rules::standard(5).unwrap(), true, 2),
    ];
    for (name, rules, matches, deals) in runs {
        let arena = Arena::new(rules, lineup.clone()).unwrap();
        let arena = if matches { arena.with_matches().unwrap() } else { arena };
        writeln!(
            out,
            "# {name}: {deals} deals from seed 1; lineup random lowest highest heuristic mc:30"
        )
        .unwrap();
        for (i, d) in arena.run(deals, 1).iter().enumerate() {
            let heads: Vec<String> = d.penalties[..5].iter().map(u32::to_string).collect();
            let wins: Vec<String> =
                d.wins[..5].iter().map(|w| ((w * 2520.0).round() as u64).to_string()).collect();
            writeln!(
                out,
                "deal {i}: heads {} | wins/2520 {} | games {}",
                heads.join(" "),
                wins.join(" "),
                d.games
            )
            .unwrap();
        }
    }
    out
}

#[test]
fn the_arena_output_for_fixed_seeds_is_the_recorded_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/arena_record.txt");
    let got = record();
    if std::env::var_os("TABLETOP_BLESS").is_some() {
        std::fs::write(&path, &got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(got, want, "the arena's output changed (see the module docs to regenerate)");
}

#[test]
fn an_arena_keeps_its_rules_lineup_and_kind() {
    let lineup = vec![BotKind::Lowest, BotKind::Heuristic, BotKind::Random];
    let rules = Rules::standard(3).unwrap();
    let arena = Arena::new(rules, lineup.clone()).unwrap();
    assert_eq!((arena.rules(), arena.plays_matches()), (&rules, false));
    assert_eq!(arena.lineup(), &lineup[..]);
    let arena = arena.with_matches().unwrap();
    assert_eq!((arena.rules(), arena.plays_matches()), (&rules, true));
    assert_eq!(arena.lineup(), &lineup[..]);
}
