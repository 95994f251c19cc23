//! The command-line conventions every command shares: `-` for stdin, the hint on a terminal,
//! examples in every `--help`, completions and the man page, colours, failed writes.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{run, stderr, stdout, success_stdout};

const BIN: &str = env!("CARGO_BIN_EXE_tabletop");

fn wall_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../mahjong/tests/data/p7147/1.in")
}

fn wall() -> String {
    std::fs::read_to_string(wall_path()).unwrap()
}

const DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                    KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";
const TAKE6: &str = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";

/// Runs `command` in a pseudo-terminal (util-linux `script`, part of every Debian system):
/// stdin, stdout and stderr are the terminal, `keys` is what is typed.
fn run_in_terminal(command: &str, keys: &str, env: &[(&str, &str)]) -> String {
    let mut child = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("util-linux `script` runs");
    child.stdin.take().unwrap().write_all(keys.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    String::from_utf8(o.stdout).unwrap().replace("\r\n", "\n")
}

#[test]
fn a_dash_means_stdin_for_every_file_argument() {
    let cases: [(&[&str], String); 6] = [
        (&["judge", "hdu5754"], "2\n1 5 5\n4 5 5\n".to_owned()),
        (&["judge", "cf1769d1"], DEAL.to_owned()),
        (&["nine", "solve"], DEAL.to_owned()),
        (&["take6", "simulate", "--trace"], TAKE6.to_owned()),
        (&["mahjong", "simulate"], wall()),
        (&["mahjong", "replay", "--all"], wall()),
    ];
    for (args, input) in cases {
        let without = success_stdout(&run(args, &input));
        let with = success_stdout(&run(&[args, &["-"]].concat(), &input));
        assert_eq!(without, with, "{args:?}");
        assert!(!with.is_empty(), "{args:?}");
    }
    // `-` is not a file name: nothing of that name is read.
    let o = run(&["judge", "hdu5754", "-"], "1\n4 5 5\n");
    assert_eq!(success_stdout(&o), "B\n");
}

#[test]
fn svg_dash_writes_the_picture_to_stdout() {
    let dir = std::env::temp_dir().join(format!("tabletop-svg-dash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = Command::new(BIN)
        .args(["race", "table", "queen", "6", "8", "--svg", "-"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let made_dash = dir.join("-").exists();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!made_dash, "a file named - was written");
    let svg = success_stdout(&o);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"), "{svg}");
    assert_eq!(svg.matches("<title>").count(), 48);
    // --svg FILE --json: the picture to the file, the JSON (not the "wrote" line) to stdout.
    let file = std::env::temp_dir().join(format!("tabletop-svg-json-{}.svg", std::process::id()));
    let o =
        run(&["race", "table", "queen", "6", "8", "--svg", file.to_str().unwrap(), "--json"], "");
    let picture = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_eq!(picture, svg);
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&o)).unwrap();
    assert_eq!(v["outcomes"].as_array().unwrap().len(), 6);
    let o = run(&["race", "table", "queen", "6", "8", "--svg", "-", "--json"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("both write to stdout"), "{}", stderr(&o));
}

#[test]
fn a_terminal_on_stdin_gets_a_hint_and_a_pipe_does_not() {
    let screen = run_in_terminal(&format!("{BIN} judge hdu5754"), "1\n4 5 5\n\x04", &[]);
    assert!(
        screen.contains("reading the input from stdin (Ctrl-D to end); see --help\n"),
        "{screen}"
    );
    assert!(screen.ends_with("B\n"), "{screen}");
    let o = run(&["judge", "hdu5754"], "1\n4 5 5\n");
    assert_eq!(stderr(&o), "");
    // No hint when the input is a file, terminal or not.
    let path = wall_path();
    let screen =
        run_in_terminal(&format!("{BIN} mahjong simulate --summary {}", path.display()), "", &[]);
    assert!(!screen.contains("reading the input"), "{screen}");
}

/// The commands of the issue, plus one per module: each must fail to write the same way.
const WRITERS: [&[&str]; 11] = [
    &["--help"],
    &["nine", "solve", "--version"],
    &["race", "solve", "queen", "5", "5"],
    &["mahjong", "gen"],
    &["judge", "hdu5754"],
    &["nine", "stats", "--deals", "3"],
    &["demo"],
    &["nine", "find", "--importance", "2"],
    &["take6", "simulate"],
    &["race", "gen", "--cases", "10"],
    &["completions", "bash"],
];

fn stdin_for(args: &[&str]) -> &'static str {
    match args {
        ["judge", ..] => "1\n1 5 5\n",
        ["take6", ..] => TAKE6,
        _ => "",
    }
}

#[test]
fn a_closed_stdout_is_an_error() {
    for args in WRITERS {
        let mut child = Command::new("sh")
            .args(["-c", "exec \"$0\" \"$@\" >&-", BIN])
            .args(args)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The run may end before it reads its input (the stdout check comes first).
        let _ = child.stdin.take().unwrap().write_all(stdin_for(args).as_bytes());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            "error: cannot write the output: Bad file descriptor (os error 9)\n",
            "{args:?}"
        );
    }
}

#[test]
fn a_full_disk_is_an_error_worded_alike() {
    for args in WRITERS {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The run may end before it reads its input (the stdout check comes first).
        let _ = child.stdin.take().unwrap().write_all(stdin_for(args).as_bytes());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            "error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn a_pipe_closed_by_the_reader_is_quiet() {
    for args in [&["mahjong", "gen", "--games", "200000"][..], &["race", "gen"]] {
        let mut child = Command::new(BIN)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 100];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The reader's end is dropped here, as `| head -c 100` does.
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

/// Every command and subcommand, from the `Commands:` lists of the help.
fn commands(prefix: &[String]) -> Vec<Vec<String>> {
    let help = success_stdout(&run(
        &[&prefix.iter().map(String::as_str).collect::<Vec<_>>()[..], &["--help"]].concat(),
        "",
    ));
    let Some(list) = help.split("Commands:\n").nth(1) else { return Vec::new() };
    let mut found = Vec::new();
    for line in list.lines().take_while(|l| !l.trim().is_empty()) {
        let name = line.split_whitespace().next().unwrap();
        if name == "help" {
            continue;
        }
        let path: Vec<String> = prefix.iter().cloned().chain([name.to_owned()]).collect();
        found.extend(commands(&path));
        found.push(path);
    }
    found
}

#[test]
fn every_help_has_examples() {
    let all = commands(&[]);
    assert!(all.len() >= 20, "{all:?}");
    for path in std::iter::once(Vec::new()).chain(all) {
        let args: Vec<&str> = path.iter().map(String::as_str).chain(["--help"]).collect();
        let help = success_stdout(&run(&args, ""));
        let examples =
            help.split("Examples:\n").nth(1).unwrap_or_else(|| panic!("{args:?}:\n{help}"));
        let first = examples.lines().next().unwrap_or("");
        assert!(
            first.trim_start().starts_with("tabletop ") || first.contains("| tabletop "),
            "{args:?}: {first}"
        );
    }
}

#[test]
fn judge_help_gives_each_input_format_and_its_examples_run() {
    let help = success_stdout(&run(&["judge", "--help"], ""));
    for problem in ["cf1769d1", "cf1769d2", "cf1769d3", "nthu14463", "hdu5754", "p7147"] {
        assert!(help.contains(&format!("\n  {problem} ")), "{problem}:\n{help}");
    }
    // The D1 example deal, as printed, is a valid deal.
    let deal: Vec<&str> = help
        .lines()
        .filter(|l| l.trim_start().starts_with("JD 7S") || l.trim_start().starts_with("KH QC"))
        .collect();
    assert_eq!(deal.len(), 2, "{help}");
    let o = run(&["judge", "cf1769d1"], &format!("{}\n{}\n", deal[0].trim(), deal[1].trim()));
    assert_eq!(success_stdout(&o), "Alice\n");
    // The one-line examples of nthu14463 and hdu5754, one group per line.
    let example = |key: &str| -> String {
        let line = help.lines().find(|l| l.trim_start().starts_with(key)).unwrap();
        let groups = line.split("(one group").next().unwrap();
        groups.split("   ").map(str::trim).filter(|g| !g.is_empty()).collect::<Vec<_>>().join("\n")
            + "\n"
    };
    assert_eq!(success_stdout(&run(&["judge", "nthu14463"], &example("4 3 2"))), "0\n5\n0\n6\n");
    assert_eq!(success_stdout(&run(&["judge", "hdu5754"], &example("2   1 5 5"))), "G\nB\n");
}

#[test]
fn completions_for_every_shell_and_a_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = success_stdout(&run(&["completions", shell], ""));
        for word in ["tabletop", "enumerate", "replay", "color"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    assert!(success_stdout(&run(&["completions", "bash"], "")).contains("hdu5754"));
    let o = run(&["completions", "tcsh"], "");
    assert_eq!(o.status.code(), Some(2));
    let man = success_stdout(&run(&["man"], ""));
    assert!(man.contains(".TH tabletop 1"), "{man}");
    for word in ["judge", "completions", "Examples:", "\\-\\-color"] {
        assert!(man.contains(word), "no {word} in the man page:\n{man}");
    }
    let page = success_stdout(&run(&["man", "nine", "solve"], ""));
    assert!(page.contains(".TH tabletop-nine-solve 1"), "{page}");
    assert!(page.contains("\\-\\-alice") && page.contains("Examples:"), "{page}");
    let o = run(&["man", "nine", "fly"], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "error: no command `tabletop nine fly` (see `tabletop nine --help`)\n");
}

#[test]
fn errors_are_coloured_as_clap_colours_them() {
    let red = "\x1b[1m\x1b[31merror:\x1b[0m ";
    // The app's own error and clap's usage error, forced on and off.
    let own = ["race", "solve", "queen", "0", "5"];
    let usage = ["nine", "stats", "--deals", "0"];
    for args in [&own[..], &usage] {
        let on = run(&[&["--color", "always"][..], args].concat(), "");
        assert!(stderr(&on).starts_with(red), "{args:?}: {:?}", stderr(&on));
        let on = run(&[args, &["--color=always"]].concat(), "");
        assert!(stderr(&on).starts_with(red), "{args:?}: {:?}", stderr(&on));
        let off = run(&[&["--color", "never"][..], args].concat(), "");
        assert!(stderr(&off).starts_with("error: "), "{args:?}: {:?}", stderr(&off));
        assert!(!stderr(&off).contains('\x1b'), "{args:?}");
        // Piped: no colours by default; CLICOLOR_FORCE forces them as it does for clap.
        assert!(!stderr(&run(args, "")).contains('\x1b'), "{args:?}");
        let forced = Command::new(BIN).args(args).env("CLICOLOR_FORCE", "1").output().unwrap();
        assert!(stderr(&forced).starts_with(red), "{args:?}: {:?}", stderr(&forced));
        let both = Command::new(BIN)
            .args(args)
            .env("CLICOLOR_FORCE", "1")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert!(!stderr(&both).contains('\x1b'), "{args:?}");
    }
    // On a terminal: colours, unless NO_COLOR or --color never.
    let cmd = format!("{BIN} race solve queen 0 5");
    assert!(run_in_terminal(&cmd, "", &[]).starts_with(red));
    let plain = run_in_terminal(&cmd, "", &[("NO_COLOR", "1")]);
    assert!(plain.starts_with("error: a board of 0 x 5"), "{plain:?}");
    let plain = run_in_terminal(&format!("{cmd} --color never"), "", &[]);
    assert!(plain.starts_with("error: "), "{plain:?}");
    let clap = run_in_terminal(&format!("{BIN} nine stats --deals 0"), "", &[("NO_COLOR", "1")]);
    assert!(clap.starts_with("error: ") && !clap.contains('\x1b'), "{clap:?}");
}

#[test]
fn race_table_and_verify_print_json() {
    let text = success_stdout(&run(&["race", "table", "knight", "5", "7"], ""));
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&run(
        &["race", "table", "knight", "5", "7", "--json"],
        "",
    )))
    .unwrap();
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(5), Some(7)));
    assert!(v["grundy"].is_null());
    // The JSON rows are the text rows, the target shown as its outcome (G).
    let grid: Vec<String> =
        text.lines().skip(2).map(|l| l.replace(' ', "").replace('*', "G")).collect();
    let rows: Vec<String> =
        v["outcomes"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_owned()).collect();
    assert_eq!(grid, rows);
    let counts = v["counts"].as_array().unwrap();
    for (i, letter) in ["B", "G", "D"].iter().enumerate() {
        assert_eq!(counts[i].as_u64().unwrap() as usize, rows.concat().matches(letter).count());
    }
    let g: serde_json::Value = serde_json::from_str(&success_stdout(&run(
        &["race", "table", "rook", "4", "6", "--json"],
        "",
    )))
    .unwrap();
    // The rook's Grundy value is a xor b, a and b the distances to the target.
    for x in 0..4 {
        for y in 0..6 {
            assert_eq!(g["grundy"][x][y].as_u64().unwrap(), ((3 - x) ^ (5 - y)) as u64);
        }
    }
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&run(
        &["race", "verify", "--max", "30", "--json"],
        "",
    )))
    .unwrap();
    assert_eq!(v["mismatches"], 0);
    assert_eq!(v["cells_per_piece"], 900);
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 4);
    for p in pieces {
        let sum: u64 = p["counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum();
        assert_eq!(sum, 900, "{p}");
    }
}

#[test]
fn demo_prints_json() {
    let v: serde_json::Value =
        serde_json::from_str(&success_stdout(&run(&["demo", "--json"], ""))).unwrap();
    assert_eq!(v["nine"]["sample"]["alice_first"], 2);
    assert_eq!(v["nine"]["distinct"].as_array().unwrap().len(), 6);
    assert_eq!(v["take6"]["sample"]["penalties"], serde_json::json!([0, 5, 0, 6]));
    assert_eq!(v["take6"]["arena"]["deals"], 25);
    assert_eq!(v["race"]["judge_sample"]["output"], serde_json::json!(["G", "G", "D", "B"]));
    assert_eq!(v["mahjong"]["sample"]["outcome"], "RON");
    assert_eq!(v["mahjong"]["sample"]["winner"], "A");
}

#[test]
fn mahjong_replay_prints_json() {
    let listing = success_stdout(&run(&["mahjong", "replay"], &wall()));
    let v: serde_json::Value =
        serde_json::from_str(&success_stdout(&run(&["mahjong", "replay", "--json", "-"], &wall())))
            .unwrap();
    let steps = v["steps"].as_array().unwrap();
    let headings: Vec<&str> = listing.lines().filter(|l| l.starts_with("event")).collect();
    assert_eq!(steps.len(), headings.len());
    for (s, h) in steps.iter().zip(&headings) {
        assert_eq!(s["step"], *h);
    }
    assert_eq!((v["outcome"].as_str(), v["winner"].as_str()), (Some("RON"), Some("A")));
    // Each step's hands are those of the listing.
    let a_hand = steps[1]["players"][0]["hand"].as_str().unwrap();
    assert!(listing.contains(&format!("A hand (14): {a_hand} |")), "{a_hand}");
}

/// The listing without the marks of the stepping view.
fn unmarked(s: &str) -> String {
    s.replace('*', "")
}

#[test]
fn mahjong_replay_steps_one_event_at_a_time() {
    let listing = success_stdout(&run(&["mahjong", "replay"], &wall()));
    let path = wall_path();
    let file = path.to_str().unwrap();
    // --step with the log in a file: Enter comes on stdin; q stops.
    let o = run(&["mahjong", "replay", "--step", file], "\n\nq\n");
    let shown = success_stdout(&o);
    assert_eq!(shown.matches("\nevent ").count(), 2, "{shown}");
    assert!(listing.starts_with(&unmarked(&shown)), "{shown}");
    assert_eq!(stderr(&o).matches("Enter: next event").count(), 3);
    // The drawn tile is marked in the hand that drew it, the discard in the discards.
    assert!(shown.contains("A hand (14): 3M 3M 6M 7M 8M 3P 9P 2S 3S N *N* Z Z PASS |"), "{shown}");
    assert!(shown.contains("| discards: *PASS*"), "{shown}");
    // The end of the keys stops too; Enter to the end shows everything and the result.
    let one = success_stdout(&run(&["mahjong", "replay", "--step", file], ""));
    assert_eq!(one.matches("event").count(), 1, "{one}");
    let keys = "\n".repeat(200);
    let all = success_stdout(&run(&["mahjong", "replay", "--step", file], &keys));
    assert_eq!(unmarked(&all), unmarked(&listing));
    // Piped without --step: the plain listing, no marks, no prompt.
    let o = run(&["mahjong", "replay", file], "");
    assert_eq!(stdout(&o), listing);
    assert!(!listing.contains('*'));
    assert_eq!(stderr(&o), "");
    // On a terminal, stepping is the default (and --all turns it off).
    let screen = run_in_terminal(&format!("{BIN} mahjong replay {file}"), "\nq\n", &[]);
    assert!(screen.contains("event 53: A IN N\n") && !screen.contains("event 54"), "{screen}");
    assert!(screen.contains("Enter: next event"), "{screen}");
    let screen = run_in_terminal(&format!("{BIN} mahjong replay --all {file}"), "", &[]);
    assert_eq!(screen, listing);
    // The log on stdin: Enter comes from the terminal.
    let screen = run_in_terminal(&format!("cat {file} | {BIN} mahjong replay"), "\n\nq\n", &[]);
    assert!(
        screen.contains("event 54: A OUT PASS B\n") && !screen.contains("event 55"),
        "{screen}"
    );
    // ... and without a terminal, --step says why it cannot step.
    let mut child = Command::new("setsid")
        .args([BIN, "mahjong", "replay", "--step"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(wall().as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("name the log as a FILE"), "{}", stderr(&o));
}

#[test]
fn nine_enumerate_reads_well() {
    let zero = success_stdout(&run(&["nine", "enumerate", "--max-non-reserve", "0"], ""));
    assert!(zero.starts_with("1 deal with at most 0 non-reserve cards"), "{zero}");
    assert!(
        zero.contains("\nimportance of the first move (importance, deals, share):\n"),
        "{zero}"
    );
    assert!(!zero.contains("above"), "{zero}");
    let one = success_stdout(&run(&["nine", "enumerate", "--max-non-reserve", "1"], ""));
    assert!(one.contains(" with at most 1 non-reserve card ("), "{one}");
    let five = success_stdout(&run(&["nine", "enumerate", "--max-non-reserve", "5"], ""));
    assert!(five.contains(" deals with at most 5 non-reserve cards"), "{five}");
    // The line about the bound shows only when some importance is above it, and agrees with
    // the JSON.
    let v: serde_json::Value = serde_json::from_str(&success_stdout(&run(
        &["nine", "enumerate", "--max-non-reserve", "5", "--json"],
        "",
    )))
    .unwrap();
    let above = v["above_bound"].as_array().unwrap();
    assert_eq!(five.contains("importances above 30"), !above.is_empty(), "{five}");
    let help = success_stdout(&run(&["nine", "enumerate", "--help"], ""));
    assert!(help.contains("11 gives 409,766 deals, about 65 s of CPU"), "{help}");
}

#[test]
fn progress_bars_say_what_they_count() {
    // Drawn on a terminal's stderr only; the count is of the unit the summary reports.
    let screen = run_in_terminal(&format!("{BIN} nine stats --deals 300"), "", &[]);
    assert!(screen.contains("deals solved: 0/300 ["), "{screen}");
    let screen = run_in_terminal(
        &format!("{BIN} take6 arena --bots random --deals 2000 --players 3"),
        "",
        &[],
    );
    assert!(screen.contains("hands played: 0/6000 ["), "{screen}");
    assert!(screen.contains("take6 arena: 6000 hands in"), "{screen}");
    let screen = run_in_terminal(&format!("{BIN} race verify --max 100"), "", &[]);
    assert!(screen.contains("steps (7 tables, 400 rows): 0/407 ["), "{screen}");
    // Piped: no bar.
    assert_eq!(stderr(&run(&["nine", "stats", "--deals", "30"], "")), "");
}

/// A negative number given to a numeric option reaches the option's range check, which names
/// the range, instead of reading as an unknown flag; a value in range still works.
#[test]
fn a_negative_number_is_answered_with_the_options_range() {
    for (args, range) in [
        (vec!["take6", "arena", "--deals", "-5"], "1..=10000000"),
        (vec!["take6", "arena", "--players", "-1"], "2..=10"),
        (vec!["mahjong", "simulate", "--games", "-3"], "1..=100000000"),
        (vec!["bench", "--samples", "-2"], "1..=1000"),
    ] {
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        let value = args.last().unwrap();
        assert!(err.contains(&format!("{value} is not in {range}")), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
    let o = run(&["take6", "arena", "--bots", "heuristic,random", "--deals", "3", "--json"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A bare `cargo run` builds the binary alone (the workspace's default member), so every
/// command of the README that means the whole workspace says so, and CI runs the README's
/// test command.
#[test]
fn the_readmes_cargo_commands_say_what_they_build() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("\ndefault-members = [\"crates/cli\"]\n"), "{manifest}");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands: Vec<&str> = readme
        .lines()
        .map(str::trim)
        .filter(|l| {
            ["test", "build", "clippy", "doc"].iter().any(|c| l.starts_with(&format!("cargo {c} ")))
        })
        .collect();
    assert!(commands.contains(&"cargo test --workspace --locked"), "{commands:?}");
    for c in &commands {
        assert!(c.contains("--workspace") || c.contains(" -p "), "{c}");
    }
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    assert!(ci.contains("cargo test --workspace --locked\n"), "CI runs the README's test command");
}
