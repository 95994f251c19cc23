//! The problem setters' toolkit end to end: `tabletop check|validate|gen|package`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{run, stderr, stdout, success_stdout};

const PROBLEMS: [&str; 6] = ["cf1769d1", "cf1769d2", "cf1769d3", "nthu14463", "hdu5754", "p7147"];

fn code(o: &Output) -> i32 {
    o.status.code().expect("the binary exits")
}

/// A fresh temporary directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletop-contest-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Builds a package of every problem and checks every test with `validate` and every answer
/// with `check`; every generated test is what its line of tests.txt makes.
#[test]
fn packages_round_trip() {
    for problem in PROBLEMS {
        let dir = temp_dir(&format!("package-{problem}"));
        let out = dir.to_str().unwrap();
        let o = run(&["package", problem, "--out", out, "--seed", "5"], "");
        let said = success_stdout(&o);
        let index = read(&dir.join("tests.txt"));
        let lines: Vec<&str> = index.lines().collect();
        assert!(said.starts_with(&format!("{} tests", lines.len())), "{said}");
        assert!(lines[0].starts_with("01.in: sample 1 of the statement"), "{problem}: {index}");
        let generated: Vec<&&str> = lines.iter().filter(|l| l.contains("tabletop gen")).collect();
        assert!(generated.len() >= 3, "{problem}: {index}");
        for line in &lines {
            let (file, how) = line.split_once(": ").unwrap();
            let input = dir.join(file);
            let answer = dir.join(file.replace(".in", ".ans"));
            let (i, a) = (input.to_str().unwrap(), answer.to_str().unwrap());
            let v = run(&["validate", problem, i], "");
            assert_eq!(code(&v), 0, "{problem} {file}: {}", stderr(&v));
            let c = run(&["check", problem, i, a], "");
            assert_eq!(code(&c), 0, "{problem} {file}: {}", stdout(&c));
            assert!(stdout(&c).starts_with("ok: "), "{}", stdout(&c));
            let c = run(&["check", problem, i, a, a], "");
            assert_eq!(code(&c), 0, "{problem} {file}: {}", stdout(&c));
            if let Some(command) = how.strip_prefix("tabletop ") {
                let args: Vec<&str> = command.split(' ').collect();
                let again = success_stdout(&run(&args, ""));
                assert_eq!(again, read(&input), "{problem}: {how}");
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn packages_are_reproducible_and_cover_every_mode() {
    let a = temp_dir("repro-a");
    let b = temp_dir("repro-b");
    for dir in [&a, &b] {
        let o = run(&["package", "p7147", "--out", dir.to_str().unwrap(), "--tests", "12"], "");
        success_stdout(&o);
    }
    let index = read(&a.join("tests.txt"));
    assert_eq!(index.lines().count(), 13);
    for mode in [
        "random",
        "pong",
        "chow",
        "ron",
        "selfdrawn",
        "draw",
        "pass",
        "reverse",
        "double",
        "specials",
    ] {
        assert!(index.contains(&format!("--mode {mode}\n")), "{mode}: {index}");
    }
    // Tests 12 and 13 wrap around to the first modes with new seeds.
    assert!(index.contains("13.in: tabletop gen p7147 --seed 12 --mode pong\n"), "{index}");
    for n in 1..=13 {
        for ext in ["in", "ans"] {
            let name = format!("{n:02}.{ext}");
            assert_eq!(read(&a.join(&name)), read(&b.join(&name)), "{name}");
        }
    }
    assert_eq!(read(&a.join("tests.txt")), read(&b.join("tests.txt")));
    let draw = read(&a.join("07.ans"));
    assert!(draw.ends_with("DRAW\n"), "{draw}");
    std::fs::remove_dir_all(&a).unwrap();
    std::fs::remove_dir_all(&b).unwrap();
}

#[test]
fn check_exit_codes_follow_testlib() {
    let dir = temp_dir("codes");
    let input = write(&dir, "in", "4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n");
    let check = |output: &str, extra: &[&str]| {
        let mut args = vec!["check", "hdu5754", input.as_str(), "-"];
        args.extend_from_slice(extra);
        run(&args, output)
    };
    let o = check("G\nG\nD\nB\n", &[]);
    assert_eq!((code(&o), stdout(&o)), (0, "ok: 4 cases match\n".to_owned()));
    let o = check("G G B B", &[]);
    assert_eq!(
        (code(&o), stdout(&o)),
        (1, "wrong answer: case 3 (line 1): expected D, found B\n".to_owned())
    );
    let o = check("G\nG\nD\nwin\n", &[]);
    assert_eq!(code(&o), 2, "{}", stdout(&o));
    assert!(stdout(&o).starts_with("presentation error: line 4: \"win\" is not B, G or D"));
    let bad_answer = write(&dir, "ans", "G\nG\nD\nQ\n");
    let o = check("G\nG\nD\nB\n", &[bad_answer.as_str()]);
    assert_eq!(code(&o), 3, "{}", stdout(&o));
    assert!(stdout(&o).starts_with("fail: the answer is invalid"));
    let bad_input = write(&dir, "bad", "2\n1 5 5\n");
    let o = run(&["check", "hdu5754", &bad_input, "-"], "G\n");
    assert_eq!(code(&o), 3);
    assert!(stdout(&o).starts_with("fail: the input is invalid"), "{}", stdout(&o));
    let o = run(&["check", "hdu5754", &input, "/nonexistent/out"], "");
    assert_eq!(code(&o), 3);
    let binary = dir.join("binary");
    std::fs::write(&binary, b"G\nG\n\xffD\nB\n").unwrap();
    let o = run(&["check", "hdu5754", &input, binary.to_str().unwrap()], "");
    assert_eq!(code(&o), 2);
    assert_eq!(
        stdout(&o),
        "presentation error: the output: line 3, column 1: the byte 0xff is not UTF-8 text\n"
    );
    let o = check("G G B B", &["--json"]);
    assert_eq!(code(&o), 1);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["verdict"], "wrong answer");
    assert_eq!(json["exit_code"], 1);
    assert_eq!(json["reason"], "case 3 (line 1): expected D, found B");
    let o = run(&["check", "hdu5754", "-", "-"], "");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("only one of INPUT, OUTPUT and ANSWER"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn d3_checker_solves_the_deals_and_names_the_clash() {
    let dir = temp_dir("d3");
    let input = write(&dir, "in", "3\n");
    let output = success_stdout(&run(&["judge", "cf1769d3", &input], ""));
    let o = run(&["check", "cf1769d3", &input, "-"], &output);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(stdout(&o).starts_with("ok: 3 deals with distinct importances"));
    // The first deal twice: the checker solves both and names them.
    let blocks: Vec<&str> = output.split("\n\n").collect();
    let clash = format!("{}\n\n{}\n\n{}", blocks[0], blocks[1], blocks[0]);
    let o = run(&["check", "cf1769d3", &input, "-"], &format!("{clash}\n"));
    assert_eq!(code(&o), 1);
    let said = stdout(&o);
    assert!(said.starts_with("wrong answer: deals 1 and 3 both have importance "), "{said}");
    // Two deals only: the output cannot be read as three.
    let o = run(&["check", "cf1769d3", &input, "-"], &format!("{}\n\n{}\n", blocks[0], blocks[1]));
    assert_eq!(code(&o), 2, "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn p7147_checker_names_the_log_line() {
    let dir = temp_dir("p7147");
    let input = success_stdout(&run(&["gen", "p7147", "--seed", "3", "--mode", "pong"], ""));
    let input_path = write(&dir, "in", &input);
    let log = success_stdout(&run(&["judge", "p7147", &input_path], ""));
    let mut lines: Vec<String> = log.lines().map(str::to_owned).collect();
    let i = lines.iter().position(|l| l.contains("PONG")).unwrap();
    let expected = lines[i].clone();
    lines[i] = expected.replace("PONG", "CHOW");
    let o = run(&["check", "p7147", &input_path, "-"], &lines.join("\n"));
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        format!("wrong answer: log line {}: expected {expected:?}, found {:?}\n", i + 1, lines[i])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn validate_reports_the_rule_and_exits_1() {
    let o = run(&["validate", "hdu5754"], "1\n1 5 1001\n");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o)
            .contains("invalid hdu5754 input: line 2, column 5: M = 1001 is out of range 2..=1000"),
        "{}",
        stderr(&o)
    );
    let o = run(&["validate", "hdu5754", "--extended", "-"], "1\n1 5 1001\n");
    assert_eq!((code(&o), stdout(&o)), (0, "valid hdu5754 input (extended)\n".to_owned()));
    let o = run(&["validate", "nthu14463", "--json"], "4 3 2\r\n");
    assert_eq!(code(&o), 1);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!((json["line"].as_u64(), json["column"].as_u64()), (Some(1), Some(6)));
    assert!(json["rule"].as_str().unwrap().contains("carriage return"));
    let o = run(&["validate", "cf1769d2"], "2\n");
    assert_eq!((code(&o), stdout(&o)), (0, "valid cf1769d2 input\n".to_owned()));
    let o = run(&["validate", "cf1769d2"], "\u{feff}2\n");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("line 1, column 1: expected k, found the character U+FEFF"),
        "{}",
        stderr(&o)
    );
    let o = run(&["validate", "cf1769d2"], "");
    assert_eq!(code(&o), 1);
    // Not UTF-8: the byte is located.
    let dir = temp_dir("utf8");
    let path = dir.join("in");
    std::fs::write(&path, b"4 3 \xff\n").unwrap();
    let o = run(&["validate", "nthu14463", path.to_str().unwrap()], "");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("line 1, column 5: the byte 0xff is not UTF-8 text"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_take6_sample_file_validates() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/take6/sample.in");
    let o = run(&["validate", "nthu14463", sample.to_str().unwrap()], "");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn gen_is_deterministic_and_rejects_foreign_options() {
    for (problem, options) in [
        ("cf1769d1", vec![]),
        ("cf1769d3", vec!["--k", "26"]),
        ("nthu14463", vec!["--force", "too-low", "--rows", "1"]),
        ("hdu5754", vec!["--mode", "edge", "--cases", "50", "--extended"]),
        ("p7147", vec!["--mode", "specials"]),
    ] {
        let mut args = vec!["gen", problem, "--seed", "9"];
        args.extend(options);
        let a = success_stdout(&run(&args, ""));
        assert_eq!(a, success_stdout(&run(&args, "")));
        let extended = args.contains(&"--extended");
        let mut v = vec!["validate", problem];
        if extended {
            v.push("--extended");
        }
        assert_eq!(code(&run(&v, &a)), 0, "{problem}");
        let out = success_stdout(&run(&["judge", problem], &a));
        let dir = temp_dir(&format!("gen-{problem}"));
        let input = write(&dir, "in", &a);
        assert_eq!(code(&run(&["check", problem, &input, "-"], &out)), 0, "{problem}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    let other = success_stdout(&run(&["gen", "hdu5754", "--seed", "10", "--cases", "5"], ""));
    let mine = success_stdout(&run(&["gen", "hdu5754", "--seed", "9", "--cases", "5"], ""));
    assert_ne!(other, mine);
    for args in [
        vec!["gen", "hdu5754", "--k", "3"],
        vec!["gen", "p7147", "--cases", "3"],
        vec!["gen", "nthu14463", "--mode", "small"],
        vec!["gen", "hdu5754", "--mode", "tiny"],
        vec!["gen", "hdu5754", "--cases", "1001"],
        vec!["gen", "cf1769d2", "--k", "14"],
        vec!["gen", "cf1769d1", "--importance", "25"],
        vec!["gen", "nthu14463", "--players", "2", "--rounds", "1", "--force", "sixth"],
    ] {
        let o = run(&args, "");
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(stderr(&o).starts_with("error: "), "{args:?}: {}", stderr(&o));
    }
    // The older generators stay.
    let walls = success_stdout(&run(&["mahjong", "gen", "--seed", "1", "--games", "2"], ""));
    assert_eq!(walls.lines().count(), 2);
    let boards = success_stdout(&run(&["race", "gen", "--cases", "3", "--seed", "1"], ""));
    assert_eq!(boards.lines().count(), 4);
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn package_replaces_an_earlier_package_whole() {
    let dir = temp_dir("again");
    let pkg = dir.join("pkg");
    let out = pkg.to_str().unwrap();
    let said = success_stdout(&run(&["package", "hdu5754", "--out", out, "--tests", "4"], ""));
    assert_eq!(said, format!("5 tests (1 sample, 4 generated) written to {out}\n"));
    assert_eq!(names(&pkg).len(), 11);
    // A smaller package into the same folder: no test of the earlier one stays.
    let said = success_stdout(&run(&["package", "hdu5754", "--out", out, "--tests", "1"], ""));
    assert_eq!(said, format!("2 tests (1 sample, 1 generated) written to {out}\n"));
    assert_eq!(names(&pkg), ["01.ans", "01.in", "02.ans", "02.in", "tests.txt"]);
    assert_eq!(read(&pkg.join("tests.txt")).lines().count(), 2);
    let said = success_stdout(&run(&["package", "hdu5754", "--out", out, "--tests", "0"], ""));
    assert_eq!(said, format!("1 test (1 sample, 0 generated) written to {out}\n"));
    // Nothing is left beside it.
    assert_eq!(names(&dir), ["pkg"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn package_refuses_a_folder_with_other_files_unless_forced() {
    let dir = temp_dir("foreign");
    let pkg = dir.join("pkg");
    std::fs::create_dir(&pkg).unwrap();
    write(&pkg, "notes.md", "my notes\n");
    write(&pkg, "07.in", "1\n1 5 5\n");
    let out = pkg.to_str().unwrap();
    let o = run(&["package", "hdu5754", "--out", out, "--tests", "1"], "");
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        format!(
            "error: {out} holds files that are not a test package's (notes.md): refusing to \
             write into it without --force\n"
        )
    );
    assert_eq!(names(&pkg), ["07.in", "notes.md"]);
    // --force keeps the other files and removes the earlier tests.
    let o = run(&["package", "hdu5754", "--out", out, "--tests", "1", "--force"], "");
    success_stdout(&o);
    assert_eq!(names(&pkg), ["01.ans", "01.in", "02.ans", "02.in", "notes.md", "tests.txt"]);
    assert_eq!(read(&pkg.join("notes.md")), "my notes\n");
    assert_eq!(names(&dir), ["pkg"]);
    // A file is not a folder.
    let file = write(&dir, "file", "x");
    let o = run(&["package", "hdu5754", "--out", &file], "");
    assert_eq!((code(&o), stderr(&o)), (2, format!("error: {file} is not a directory\n")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn package_into_the_current_folder_or_through_a_link_keeps_the_folder() {
    let dir = temp_dir("here");
    let pkg = dir.join("pkg");
    let write_here = |out: &str| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .args(["package", "hdu5754", "--out", out, "--tests", "1"])
            .current_dir(&pkg)
            .output()
            .unwrap();
        success_stdout(&o)
    };
    std::fs::create_dir(&pkg).unwrap();
    write(&pkg, "05.in", "1\n1 5 5\n");
    write_here(".");
    assert_eq!(names(&pkg), ["01.ans", "01.in", "02.ans", "02.in", "tests.txt"]);
    // The shell's folder is the same folder, not a removed one.
    write(&pkg, "05.ans", "G\n");
    write_here(pkg.to_str().unwrap());
    assert_eq!(names(&pkg), ["01.ans", "01.in", "02.ans", "02.in", "tests.txt"]);
    // Through a symbolic link: the files go where it points, and the link stays.
    #[cfg(unix)]
    {
        let link = dir.join("link");
        std::os::unix::fs::symlink(&pkg, &link).unwrap();
        write(&pkg, "09.in", "1\n1 5 5\n");
        success_stdout(&run(&["package", "hdu5754", "--out", link.to_str().unwrap()], ""));
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(names(&pkg).len(), 2 * 7 + 1);
        assert!(!names(&pkg).contains(&"09.in".to_owned()));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gen_names_the_foreign_options_given() {
    let o = run(&["gen", "hdu5754", "--rounds", "2"], "");
    assert_eq!(stderr(&o), "error: --rounds applies to nthu14463 only, not to hdu5754\n");
    let o = run(&["gen", "p7147", "--players", "2", "--force", "sixth", "--cases", "3"], "");
    assert_eq!(stderr(&o), "error: --players and --force apply to nthu14463 only, not to p7147\n");
    let o = run(&["gen", "cf1769d1", "--piece", "king", "--extended"], "");
    assert_eq!(
        stderr(&o),
        "error: --piece and --extended apply to hdu5754 only, not to cf1769d1\n"
    );
}

/// Every line of a run's output, stdout and stderr, is short.
fn assert_short(o: &Output, what: &str) -> String {
    let all = format!("{}{}", stdout(o), stderr(o));
    assert!(all.lines().all(|l| l.len() < 250), "{what}: a line of {} bytes", all.len());
    all
}

#[test]
fn a_huge_token_is_quoted_cut_by_judge_validate_and_check() {
    let dir = temp_dir("huge");
    let big = "A".repeat(300_000);
    let cut = "... (300000 bytes)";
    for problem in PROBLEMS {
        let p: tabletop_play::Problem = problem.parse().unwrap();
        let input = p.generate(4, &Default::default()).unwrap();
        let answer = tabletop_play::judge(p, &input).unwrap();
        let bad_input = write(&dir, "bad.in", &format!("{input}{big}\n"));
        let bad_output = write(&dir, "bad.out", &format!("{} {big}\n", answer.trim_end()));
        let (input, answer) = (write(&dir, "in", &input), write(&dir, "ans", &answer));
        let first = write(&dir, "first", &format!("{big}\n"));
        for bad in [&first, &bad_input] {
            let said = assert_short(&run(&["validate", problem, bad], ""), "validate");
            assert!(bad != &first || said.contains(cut), "validate {problem}: {said}");
            assert_short(&run(&["validate", problem, "--json", bad], ""), "validate --json");
            assert_short(&run(&["judge", problem, bad], ""), "judge");
            assert_short(&run(&["check", problem, bad, &answer], ""), "check a bad input");
        }
        for bad in [&first, &bad_output] {
            let said = assert_short(&run(&["check", problem, &input, bad], ""), "check");
            if bad == &bad_output || !matches!(problem, "cf1769d2" | "cf1769d3") {
                assert!(said.contains(cut), "check {problem}: {said}");
            }
            assert_short(&run(&["check", problem, &input, bad, "--json"], ""), "check --json");
            assert_short(&run(&["check", problem, &input, &answer, bad], ""), "check answer");
        }
    }
    let o = run(&["judge", "hdu5754"], &format!("1\n1 5 {big}\n"));
    assert_eq!(
        stderr(&o),
        format!(
            "error: line 2: expected the number of columns M, found \"{}\"{cut}\n",
            "A".repeat(40)
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
