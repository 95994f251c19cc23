//! `POST /api/judge/{problem}` against the real server: every judge on its official samples and
//! the 50 official Mahjong tests, byte for byte, and the errors.

mod common;

use common::TestServer;
use tabletop_play::{Problem, judge};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn judged(server: &TestServer, problem: &str, input: &str) -> String {
    let r = server.post_text(&format!("/api/judge/{problem}"), input);
    assert_eq!(r.status, 200, "{problem}: {}", r.text());
    assert_eq!(r.header("content-type"), Some("text/plain; charset=utf-8"));
    r.text()
}

#[test]
fn cf1769d1_answers_the_five_official_samples() {
    let server = TestServer::default_config();
    let text = read("nine/tests/data/d1_samples.txt");
    let lines: Vec<&str> =
        text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 15, "five samples of three lines");
    for sample in lines.chunks(3) {
        let input = format!("{}\n{}\n", sample[0], sample[1]);
        let winner = sample[2].split_whitespace().next().unwrap();
        assert_eq!(judged(&server, "cf1769d1", &input), format!("{winner}\n"));
    }
}

#[test]
fn cf1769d2_and_d3_print_what_the_library_prints() {
    let server = TestServer::default_config();
    for k in ["2\n", "13\n"] {
        assert_eq!(judged(&server, "cf1769d2", k), judge(Problem::Cf1769d2, k).unwrap());
    }
    let out = judged(&server, "cf1769d3", "26\n");
    assert_eq!(out, judge(Problem::Cf1769d3, "26\n").unwrap());
    // 26 deals of two 18-card lines, with a blank line between deals or not: 52 card lines.
    assert_eq!(out.lines().filter(|l| l.split_whitespace().count() == 18).count(), 52);
}

#[test]
fn nthu14463_and_hdu5754_answer_their_official_samples() {
    let server = TestServer::default_config();
    assert_eq!(
        judged(&server, "nthu14463", &read("take6/tests/data/sample.in")),
        read("take6/tests/data/sample.out")
    );
    assert_eq!(
        judged(&server, "hdu5754", &read("race/tests/data/hdu5754_sample.in")),
        read("race/tests/data/hdu5754_sample.out")
    );
    assert_eq!(
        judged(&server, "hdu5754", &read("race/tests/data/hdu5754_random.in")),
        read("race/tests/data/hdu5754_random.out")
    );
}

#[test]
fn p7147_answers_the_fifty_official_tests() {
    let server = TestServer::default_config();
    let mut client = server.connect();
    for i in 1..=50 {
        let input = read(&format!("mahjong/tests/data/p7147/{i}.in"));
        let expected = read(&format!("mahjong/tests/data/p7147/{i}.ans"));
        let r = client
            .request("POST", "/api/judge/p7147", Some(("text/plain", input.as_bytes())))
            .unwrap();
        assert_eq!(r.status, 200, "test {i}: {}", r.text());
        assert_eq!(r.text(), expected, "official test {i}");
    }
}

#[test]
fn bad_input_is_a_400_with_the_cli_message_and_its_line() {
    let server = TestServer::default_config();
    let input = "2\n1 5 5\n9 5 5\n";
    let r = server.post_text("/api/judge/hdu5754", input);
    assert_eq!(r.status, 400);
    let body = r.json();
    // What `tabletop judge` prints after "error: ".
    let expected =
        format!("{:#}", anyhow::Error::from(tabletop_race::judge_hdu5754(input).unwrap_err()));
    assert_eq!(body["error"], expected);
    assert_eq!(body["line"], 3);

    let deal = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C XX\n";
    let body = server.post_text("/api/judge/cf1769d1", deal).json();
    assert_eq!((body["line"].as_u64(), body["column"].as_u64()), (Some(2), Some(52)), "{body}");
    assert!(body["error"].as_str().unwrap().contains("unknown card \"XX\""), "{body}");

    let r = server.request("POST", "/api/judge/p7147", Some(("text/plain", b"1M\n\xff\n")));
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("line 2, column 1"), "{}", r.text());
}

#[test]
fn unknown_problems_and_routes_are_404_json() {
    let server = TestServer::default_config();
    let r = server.post_text("/api/judge/icpc2077", "1\n");
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].as_str().unwrap().contains("unknown problem \"icpc2077\""));
    let r = server.get("/api/nothing");
    assert_eq!(r.status, 404);
    assert!(r.json()["error"].is_string());
    let r = server.get("/api/judge/hdu5754");
    assert_eq!(r.status, 405);
    assert!(r.json()["error"].is_string());
}

#[test]
fn the_judge_takes_ten_to_the_sixth_race_lines_but_not_more_than_its_cap() {
    let server = TestServer::default_config();
    let mut input = String::from("1000000\n");
    for i in 0..1_000_000u32 {
        input += &format!("{} {} {}\n", i % 4 + 1, i % 997 + 2, i % 991 + 2);
    }
    let out = judged(&server, "hdu5754", &input);
    assert_eq!(out, judge(Problem::Hdu5754, &input).unwrap());
    // The same input on a server whose judge cap is smaller than it.
    let config =
        tabletop_server::Config { max_judge_body: 4 << 20, ..tabletop_server::Config::default() };
    let server = TestServer::start(config);
    let r = server.post_text("/api/judge/hdu5754", &input);
    assert_eq!(r.status, 413);
    assert_eq!(r.json()["error"], "the request body is too large");
    // The server still serves.
    assert_eq!(server.get("/api/health").json()["status"], "ok");
}

#[test]
fn every_listed_problem_judges_its_sample() {
    let server = TestServer::default_config();
    let list = server.get("/api/problems").json();
    let problems = list["problems"].as_array().unwrap();
    assert_eq!(problems.len(), Problem::ALL.len());
    for p in problems {
        let name = p["name"].as_str().unwrap();
        let sample = p["sample"].as_str().unwrap();
        let problem: Problem = name.parse().unwrap();
        assert_eq!(judged(&server, name, sample), judge(problem, sample).unwrap(), "{name}");
        assert!(!p["input_format"].as_str().unwrap().is_empty());
    }
}

#[test]
fn a_huge_token_is_quoted_cut_in_every_judge_error() {
    let server = TestServer::default_config();
    let big = "A".repeat(300_000);
    let digits = "7".repeat(300_000);
    let d1 = Problem::Cf1769d1.samples()[0].replacen("JD", &big, 1);
    let cases = [
        (Problem::Cf1769d1, d1),
        (Problem::Cf1769d2, format!("{big}\n")),
        (Problem::Cf1769d3, format!("{digits}\n")),
        (Problem::Cf1769d3, format!("26 {big}\n")),
        (Problem::Nthu14463, format!("4 3 2\n{digits}\n")),
        (Problem::Nthu14463, format!("{}{big}\n", Problem::Nthu14463.samples()[0])),
        (Problem::Hdu5754, format!("1\n1 5 {big}\n")),
        (Problem::Hdu5754, format!("1\n1 5 5\n{big}\n")),
        (Problem::P7147, format!("1M\n{big}\n")),
    ];
    for (problem, input) in cases {
        let r = server.post_text(&format!("/api/judge/{problem}"), &input);
        assert_eq!(r.status, 400, "{problem}");
        let error = r.json()["error"].as_str().unwrap().to_owned();
        assert!(error.contains("... (300000 bytes)") && error.len() < 250, "{problem}: {error}");
        assert_eq!(error, judge(problem, &input).unwrap_err().message);
    }
    // An unknown problem in the URL, and an unknown session, are cut too (a URL is at most a
    // few kilobytes).
    let long = "A".repeat(4000);
    let r = server.post_text(&format!("/api/judge/{long}"), "1\n");
    assert_eq!(r.status, 404);
    let error = r.json()["error"].as_str().unwrap().to_owned();
    assert!(error.starts_with("unknown problem \"AAAA") && error.len() < 200, "{error}");
    assert!(error.contains("\"... (4000 bytes): expected cf1769d1, cf1769d2"), "{error}");
    let r = server.get(&format!("/api/games/{long}"));
    assert_eq!(r.status, 404);
    let error = r.json()["error"].as_str().unwrap().to_owned();
    assert_eq!(error, format!("no session \"{}\"... (4000 bytes)", "A".repeat(40)));
}
