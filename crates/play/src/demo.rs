//! Every game on its built-in sample data, as text ([`demo`]) and as JSON ([`demo_json`]): what
//! `tabletop demo` prints.
//!
//! The samples are the original problems' own (Codeforces 1769 D1, NTHU 14463, HDU 5754,
//! P7147) plus one seeded search, one seeded arena and one huge race board, so the demo is the
//! same on every run and every machine.

use std::fmt::Write as _;

use serde_json::{Value, json};
use tabletop_mahjong::{Event, GameReport, Hand, Wall, distance, simulate};
use tabletop_nine::{Deal, FirstMoverReport, Solver, find_distinct_counted};
use tabletop_race::{Board, BoardOutcomes, OutcomeTable, Piece, explain, judge_hdu5754, solve};
use tabletop_take6::{
    ArenaConfig, ArenaReport, BotKind, Entrant, RowRule, Rules, ScriptReport, judge_nthu14463,
    parse_nthu14463,
};

/// The D1 sample deal of the demo.
const NINE_DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                         KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";

/// The judge's sample of NTHU 14463.
const TAKE6_SAMPLE: &str = tabletop_take6::SAMPLES_NTHU14463[0];

/// The judge's sample of HDU 5754: each piece on a 5 x 5 board.
const RACE_SAMPLE: &str = "4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n";

/// The official sample wall (test 1 of P7147).
const MAHJONG_WALL: &str = tabletop_mahjong::SAMPLES_P7147[0];

/// The hand whose distance the demo shows.
const MAHJONG_HAND: &str = "1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F";

/// The huge race board of the demo: the closed forms answer it at once.
const BIG_BOARD: (u64, u64) = (618_033_988_749_894_847, 999_999_999_999_999_998);

/// The demo's text: each game under `==` headings, the games separated by a blank line.
pub fn demo() -> String {
    [nine(), take6(), race(), mahjong()].join("\n")
}

/// The demo as one JSON object, a member per game: `nine` (the sample deal solved, six deals
/// of distinct importances), `take6` (the sample traced, the arena), `race` (the judge's
/// sample answered, the knight's 8 x 8 table, a huge board), `mahjong` (the sample wall's
/// game, a hand's distance).
pub fn demo_json() -> Value {
    json!({"nine": nine_json(), "take6": take6_json(), "race": race_json(),
        "mahjong": mahjong_json()})
}

fn nine_deal() -> Deal {
    NINE_DEAL.parse().expect("the demo's deal is valid")
}

/// Six deals with distinct importances, and how many deals the search solved.
fn nine_distinct() -> (Vec<(Deal, u32)>, u64) {
    find_distinct_counted(6, 1, tabletop_nine::JUDGE_BUDGET)
        .expect("the demo's search finds six importances within the judge's budget")
}

fn nine() -> String {
    let mut out = String::from("== Nine (Девятка): the first sample deal of Codeforces 1769 D1\n");
    out += &FirstMoverReport::new(&mut Solver::new(), nine_deal()).to_string();
    out += "\n== Nine: six deals with distinct importances (seeded local search)\n";
    let (deals, solved) = nine_distinct();
    for (deal, importance) in deals {
        let _ = writeln!(out, "importance {importance}:\n{deal}");
    }
    let _ = writeln!(out, "({solved} deals solved)");
    out
}

fn nine_json() -> Value {
    let (deals, solved) = nine_distinct();
    let distinct: Vec<Value> = deals
        .iter()
        .map(|(d, i)| {
            json!({"importance": i, "alice": d.alice().to_string(), "bob": d.bob().to_string()})
        })
        .collect();
    json!({"sample": FirstMoverReport::new(&mut Solver::new(), nine_deal()),
        "distinct": distinct, "deals_solved": solved})
}

/// The demo's arena, played: `mc:50,heuristic,random,lowest`, 25 deals, seed 1.
fn take6_arena() -> ArenaReport {
    let bots = ["mc:50", "heuristic", "random", "lowest"]
        .map(|b| Entrant::from(b.parse::<BotKind>().expect("the demo's bots are valid")));
    let rules = Rules::new(
        RowRule::Choose,
        4,
        4,
        10,
        tabletop_take6::DECK_SIZE.into(),
        tabletop_take6::MATCH_TARGET,
    )
    .expect("the demo's rules are valid");
    let config = ArenaConfig { rules, bots: bots.to_vec(), deals: 25, seed: 1, matches: false };
    config.run(|| ()).expect("the demo's arena plays")
}

fn take6() -> String {
    let script = parse_nthu14463(TAKE6_SAMPLE).expect("the judge's sample is valid");
    let judged = judge_nthu14463(TAKE6_SAMPLE).expect("the judge's sample is valid");
    format!(
        "== Take 6! (NTHU 14463 sample), every placement\n{}judge output: {}\n\
         == Take 6! arena (tabletop take6 arena --bots mc:50,heuristic,random,lowest --deals 25 \
         --seed 1)\n{}",
        script.text(true),
        judged.replace('\n', " ").trim_end(),
        take6_arena()
    )
}

fn take6_json() -> Value {
    let script = parse_nthu14463(TAKE6_SAMPLE).expect("the judge's sample is valid");
    json!({"sample": ScriptReport::new(&script, true), "arena": take6_arena()})
}

fn big_board() -> Board {
    Board::new(BIG_BOARD.0, BIG_BOARD.1).expect("the demo's board is valid")
}

fn knight_table() -> OutcomeTable {
    OutcomeTable::new(Piece::Knight, 8, 8).expect("8 x 8 is a valid table")
}

fn race() -> String {
    let answers = judge_hdu5754(RACE_SAMPLE).expect("the judge's sample is valid");
    let mut out = String::from("== Race games (HDU 5754, Life Winner Bo): the judge's sample\n");
    for (case, answer) in RACE_SAMPLE.lines().skip(1).zip(answers.lines()) {
        let piece = case[..1].parse().ok().and_then(Piece::from_number).expect("a sample piece");
        let _ = writeln!(out, "  {case:<8} ({piece:<6}) -> {answer}");
    }
    out += &knight_table().to_string();
    let big = big_board();
    let _ = writeln!(out, "queen on {} x {}: {}", big.rows(), big.cols(), solve(Piece::Queen, big));
    let _ = writeln!(out, "  {}", explain(Piece::Queen, big));
    out
}

fn race_json() -> Value {
    let output = judge_hdu5754(RACE_SAMPLE).expect("the judge's sample is valid");
    let answers: Vec<&str> = output.lines().collect();
    let big = big_board();
    json!({
        "judge_sample": {"input": RACE_SAMPLE, "output": answers},
        "knight_8x8": BoardOutcomes::from_tables(&knight_table(), None),
        "queen_big": {"rows": big.rows(), "cols": big.cols(),
            "outcome": solve(Piece::Queen, big).to_string(), "reason": explain(Piece::Queen, big)},
    })
}

fn mahjong_wall() -> Wall {
    Wall::parse(MAHJONG_WALL).expect("the official sample wall is valid")
}

fn mahjong_hand() -> Hand {
    MAHJONG_HAND.parse().expect("the demo's hand is valid")
}

fn mahjong() -> String {
    let record = simulate(&mahjong_wall());
    let lines: Vec<String> = record.events.iter().map(Event::to_string).collect();
    let mut out = String::from("== Mahjong (THUPC 2021, P7147): the official sample wall\n");
    let _ = writeln!(out, "{} log lines; after the deal (52 IN lines):", lines.len());
    for l in &lines[52..] {
        let _ = writeln!(out, "  {l}");
    }
    let _ = writeln!(out, "result: {}", record.outcome.describe());
    let hand = mahjong_hand();
    let _ = writeln!(out, "distance of {hand}: {}", distance(&hand, 0));
    out
}

fn mahjong_json() -> Value {
    let hand = mahjong_hand();
    json!({
        "sample": GameReport::play(&mahjong_wall()),
        "distance": {"hand": hand.to_string(), "melds": 0, "distance": distance(&hand, 0)},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_shows_each_sample_with_its_known_answer() {
        let text = demo();
        let headings: Vec<&str> = text.lines().filter(|l| l.starts_with("== ")).collect();
        assert_eq!(headings.len(), 6, "{text}");
        for (heading, game) in headings.iter().zip(["Nine", "Nine", "Take", "Take", "Race", "Mah"])
        {
            assert!(heading.starts_with(&format!("== {game}")), "{heading}");
        }
        // A blank line before each game and before the Nine search.
        assert_eq!(text.matches("\n\n== ").count(), 4, "{text}");
        // The known answers of the samples, as the original problems give them.
        for known in [
            "Alice moves first: Alice wins, Bob keeps 2 cards (result +2)",
            "(33 deals solved)",
            "importance 11:\n6C 9C QC KC AC 6D 7D JD 8S 9S QS KS AS 8H 9H TH JH KH\n",
            "judge output: 0 5 0 6\n",
            "  1 5 5    (king  ) -> G\n  2 5 5    (rook  ) -> G\n  3 5 5    (knight) -> D\n",
            "  4 5 5    (queen ) -> B\n",
            "D D D D D D D *\nqueen on 618033988749894847 x 999999999999999998: G\n",
            "mc:50 - lowest: -10.000 ± 1.860 heads/hand",
            "84 log lines; after the deal (52 IN lines):\n  A IN N\n",
            "  A RON\n  A WIN\nresult: A wins on a discard (RON)\n",
            "distance of 1M 2M 3M 4P 5P 6P 7S 8S 9S E E E F Z: 1\n",
        ] {
            assert!(text.contains(known), "no {known:?} in the demo:\n{text}");
        }
        assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{text}");
    }

    #[test]
    fn the_json_holds_what_the_text_shows() {
        let v = demo_json();
        assert_eq!(v["nine"]["deals_solved"], 33);
        assert_eq!(v["nine"]["distinct"].as_array().map(Vec::len), Some(6));
        assert_eq!(v["nine"]["distinct"][5]["importance"], 11);
        assert_eq!(v["nine"]["sample"]["importance"], 0);
        assert_eq!(v["take6"]["arena"]["deals"], 25);
        assert_eq!(v["take6"]["arena"]["seed"], 1);
        assert_eq!(v["take6"]["sample"]["penalties"], json!([0, 5, 0, 6]));
        assert_eq!(v["race"]["judge_sample"]["output"].as_array().map(Vec::len), Some(4));
        assert_eq!(v["race"]["judge_sample"]["input"], RACE_SAMPLE);
        assert_eq!(v["race"]["knight_8x8"]["rows"], 8);
        assert_eq!(v["race"]["queen_big"]["rows"], BIG_BOARD.0);
        assert_eq!(v["mahjong"]["distance"]["distance"], 1);
        assert_eq!(v["mahjong"]["distance"]["melds"], 0);
        let text = demo();
        let outcome = v["race"]["queen_big"]["outcome"].as_str().unwrap_or_default();
        assert!(text.contains(&format!("999999999999999998: {outcome}\n")), "{text}");
    }
}
