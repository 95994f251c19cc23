//! The Take 6! arena report: what the library computes ([`ArenaConfig::run`]), serialised, is
//! byte for byte what `tabletop take6 arena --json` prints for the same call.

mod common;

use common::{run, success_stdout};
use tabletop_take6::{ArenaConfig, BotKind, Entrant, RowRule, Rules};

/// Pretty JSON and a newline, as the command line prints one object.
fn pretty<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("the report serialises") + "\n"
}

fn bots(names: &str) -> Vec<Entrant> {
    names.split(',').map(|b| Entrant::from(b.parse::<BotKind>().unwrap())).collect()
}

#[test]
fn arena_report_is_the_cli_json() {
    let cases: [(&[&str], ArenaConfig); 4] = [
        (
            &["--players", "3", "--bots", "heuristic,random", "--deals", "40", "--seed", "9"],
            ArenaConfig {
                rules: Rules::standard(3).unwrap(),
                bots: bots("heuristic,random"),
                deals: 40,
                seed: 9,
                matches: false,
            },
        ),
        (
            &["--bots", "mc:5,highest,lowest", "--deals", "3", "--rules", "forced"],
            ArenaConfig {
                rules: Rules::standard(4).unwrap().with_row_rule(RowRule::Forced),
                bots: bots("mc:5,highest,lowest"),
                deals: 3,
                seed: 0,
                matches: false,
            },
        ),
        (
            &["--players", "2", "--bots", "lowest,highest", "--deals", "1"],
            ArenaConfig {
                rules: Rules::standard(2).unwrap(),
                bots: bots("lowest,highest"),
                deals: 1,
                seed: 0,
                matches: false,
            },
        ),
        (
            &[
                "--players",
                "3",
                "--bots",
                "heuristic,lowest",
                "--deals",
                "4",
                "--seed",
                "2",
                "--match",
                "--target",
                "30",
                "--cards",
                "8",
                "--rows",
                "3",
            ],
            ArenaConfig {
                rules: Rules::new(RowRule::Choose, 3, 3, 8, 104, 30).unwrap(),
                bots: bots("heuristic,lowest"),
                deals: 4,
                seed: 2,
                matches: true,
            },
        ),
    ];
    for (args, config) in cases {
        let cli = success_stdout(&run(&[&["take6", "arena", "--json"], args].concat(), ""));
        assert_eq!(pretty(&config.run(|| ()).unwrap()), cli, "{args:?}");
    }
}
