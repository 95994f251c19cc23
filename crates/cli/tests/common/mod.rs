//! What the end-to-end tests of every game share: running the binary.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tabletop ARGS` with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes()).expect("stdin takes");
    child.wait_with_output().expect("the binary finishes")
}

/// The standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// The standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// The standard output of a run that must have succeeded.
pub fn success_stdout(o: &Output) -> String {
    assert!(o.status.success(), "failed: {}", String::from_utf8_lossy(&o.stderr));
    stdout(o)
}

/// A file of the official sample data of P7147 (Mahjong), from the mahjong crate's tests.
pub fn p7147(name: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../mahjong/tests/data/p7147");
    std::fs::read_to_string(dir.join(name)).expect("the sample is readable")
}

/// The five samples of Codeforces 1769 D1, each two lines.
pub fn d1_deals() -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../nine/tests/data/d1_samples.txt");
    let text = std::fs::read_to_string(path).expect("the samples are readable");
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    lines.chunks(3).map(|c| format!("{}\n{}\n", c[0], c[1])).collect()
}
