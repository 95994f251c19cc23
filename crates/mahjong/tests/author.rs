//! The simulator against the problem author's own solution on 493 varied walls, recorded once
//! (`tests/data/author/README.md` says how): every log byte for byte, but for the walls in
//! `excluded.txt`, where the author's program breaks a rule and the test checks exactly that.

use std::collections::BTreeMap;
use std::path::Path;

use tabletop_mahjong::{
    Direction, Event, Kind, MahjongMode, Player, ReplayReason, check_log, gen_p7147, judge_p7147,
    parse_log, parse_log_lines,
};

/// One recorded wall: its name, the original input (148 lines) and the author's log.
struct Recorded {
    name: String,
    input: String,
    log: String,
}

fn data(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/author").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `walls.txt` (a wall a line: name, then its tiles) beside `logs.txt` (`== name`, then the
/// log), in the same order.
fn recorded() -> Vec<Recorded> {
    let walls = data("walls.txt");
    let logs = data("logs.txt");
    let mut sections = logs.split("== ").skip(1);
    let mut out = Vec::new();
    for line in walls.lines() {
        let (name, tiles) = line.split_once(' ').expect("a wall line: name and tiles");
        let section = sections.next().unwrap_or_else(|| panic!("{name}: no log recorded"));
        let (log_name, log) = section.split_once('\n').expect("a log section");
        assert_eq!(log_name, name, "walls.txt and logs.txt out of step");
        let tokens: Vec<&str> = tiles.split(' ').collect();
        assert_eq!(tokens.len(), 148, "{name}: not 148 tiles");
        let input = tokens.iter().map(|t| format!("{t}\n")).collect();
        out.push(Recorded { name: name.to_owned(), input, log: log.to_owned() });
    }
    assert!(sections.next().is_none(), "logs.txt has more logs than walls.txt has walls");
    out
}

/// `excluded.txt`: wall name -> (first differing line, reason keyword).
fn excluded() -> BTreeMap<String, (usize, String)> {
    data("excluded.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut t = l.split_whitespace();
            let (name, line, reason) = (t.next(), t.next(), t.next());
            let (Some(name), Some(line), Some(reason)) = (name, line, reason) else {
                panic!("excluded.txt: {l:?} is not `NAME LINE REASON`");
            };
            (name.to_owned(), (line.parse().unwrap(), reason.to_owned()))
        })
        .collect()
}

/// The first line (from 1) where two logs differ, with both lines (`None` past the end).
fn first_difference<'a>(
    expected: &'a str,
    got: &'a str,
) -> Option<(usize, Option<&'a str>, Option<&'a str>)> {
    if expected == got {
        return None;
    }
    let (mut e, mut g) = (expected.split_inclusive('\n'), got.split_inclusive('\n'));
    for n in 1.. {
        match (e.next(), g.next()) {
            (a, b) if a == b && a.is_some() => {}
            (a, b) => return Some((n, a, b)),
        }
    }
    unreachable!()
}

/// The message for a wall whose log differs: the wall, the line and both texts.
fn mismatch(name: &str, expected: &str, got: &str) -> Option<String> {
    let (n, a, b) = first_difference(expected, got)?;
    let show = |l: Option<&str>| l.map_or_else(|| "(end of log)".to_owned(), |l| format!("{l:?}"));
    Some(format!("wall {name}, line {n}: the author's {} but ours {}", show(a), show(b)))
}

#[test]
fn simulator_matches_the_author_on_every_recorded_wall() {
    let excluded = excluded();
    let walls = recorded();
    assert!(walls.len() >= 400, "only {} walls recorded", walls.len());
    for name in excluded.keys() {
        assert!(walls.iter().any(|w| &w.name == name), "excluded.txt: no wall {name}");
    }
    let mut failures = Vec::new();
    for w in &walls {
        let ours = judge_p7147(&w.input).unwrap_or_else(|e| panic!("wall {}: {e}", w.name));
        match excluded.get(&w.name) {
            None => failures.extend(mismatch(&w.name, &w.log, &ours)),
            Some((line, reason)) => {
                if let Err(why) = excluded_for_reason(&w.log, &ours, *line, reason) {
                    failures.push(format!("wall {} (excluded.txt): {why}", w.name));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} walls:\n{}",
        failures.len(),
        walls.len(),
        failures.join("\n")
    );
}

/// Checks that an excluded wall differs for the reason written down: the logs agree up to
/// `line`, and there the author's log shows the fault that `reason` names.
fn excluded_for_reason(author: &str, ours: &str, line: usize, reason: &str) -> Result<(), String> {
    let Some((n, a, b)) = first_difference(author, ours) else {
        return Err("the logs agree: take the wall out of excluded.txt".to_owned());
    };
    if n != line {
        return Err(format!("first difference at line {n}, not {line}"));
    }
    let lines: Vec<&str> = author.lines().collect();
    match reason {
        // The discarder holds four copies, discards one and PONGs it with the other three:
        // the rules let only the other players claim a discard (the author's own write-up says
        // the discarder cannot pong, but its loop asks all four players).
        "discarder-pongs-own-discard" => {
            let out: Vec<&str> = lines[n - 2].split(' ').collect();
            let pong: Vec<&str> = a.unwrap_or("").trim_end().split(' ').collect();
            let is_self_pong = out.len() == 3
                && out[1] == "OUT"
                && pong == [out[0], "PONG", out[2], out[2], out[2]];
            let ours_pongs = b.is_some_and(|l| l.contains(" PONG "));
            if is_self_pong && !ours_pongs {
                Ok(())
            } else {
                Err(format!("line {n} is not a self-PONG refused by ours: {a:?} / {b:?}"))
            }
        }
        other => Err(format!("unknown reason {other:?}")),
    }
}

/// The library's log checker, on its own, finds the author's fault where `excluded.txt` says
/// (a claim of the claimer's own discard) and nothing wrong in every other author's log.
#[test]
fn the_log_checker_rejects_exactly_the_excluded_logs() {
    let excluded = excluded();
    for w in recorded() {
        let events = parse_log_lines(&w.log).unwrap_or_else(|e| panic!("wall {}: {e}", w.name));
        match (check_log(&events), excluded.get(&w.name)) {
            (Ok(()), None) => {}
            (Err(e), Some((line, _))) => {
                let Event::Pong { player, .. } = e.event else {
                    panic!("wall {}: {e}: not the self-PONG", w.name);
                };
                assert_eq!((e.line, e.reason), (*line, ReplayReason::OwnDiscardClaimed(player)));
            }
            (Err(e), None) => panic!("wall {}: the author's log: {e}", w.name),
            (Ok(()), Some(_)) => panic!("wall {}: excluded, yet its log checks", w.name),
        }
    }
}

/// The walls named `gen-MODE-SEED` are what `tabletop gen p7147 --mode MODE --seed SEED` makes
/// (the generator is deterministic), and `double-last-SEED` the `draw` wall of that seed with
/// its last DOUBLE swapped with the last tile, so their names say how to make them again.
#[test]
fn generated_walls_are_what_the_generator_makes() {
    let mut generated = 0;
    for w in recorded() {
        let made = if let Some(seed) = w.name.strip_prefix("double-last-") {
            let made = gen_p7147(seed.parse().unwrap(), MahjongMode::Draw).unwrap();
            let mut tiles: Vec<&str> = made.lines().collect();
            let i = tiles.iter().rposition(|&t| t == "DOUBLE").unwrap();
            tiles.swap(i, 147);
            tiles.iter().map(|t| format!("{t}\n")).collect()
        } else if let Some((mode, seed)) =
            w.name.strip_prefix("gen-").and_then(|n| n.rsplit_once('-'))
        {
            gen_p7147(seed.parse().unwrap(), mode.parse().unwrap()).unwrap()
        } else {
            continue;
        };
        assert!(made == w.input, "wall {}: the generator now makes another wall", w.name);
        generated += 1;
    }
    assert_eq!(generated, 280);
}

#[test]
fn a_mismatch_names_the_wall_and_the_first_differing_line() {
    let author = "A IN 1M\nB IN 2M\nC IN 3M\n";
    assert_eq!(mismatch("w", author, author), None);
    assert_eq!(
        mismatch("w", author, "A IN 1M\nB IN 5M\nC IN 3M\n").unwrap(),
        r#"wall w, line 2: the author's "B IN 2M\n" but ours "B IN 5M\n""#
    );
    assert_eq!(
        mismatch("w", author, "A IN 1M\nB IN 2M\n").unwrap(),
        r#"wall w, line 3: the author's "C IN 3M\n" but ours (end of log)"#
    );
    // A missing final newline is a difference too.
    assert_eq!(first_difference(author, author.trim_end()).map(|d| d.0), Some(3));
}

#[test]
fn an_exclusion_holds_only_for_its_own_reason() {
    let author = "A OUT S\nA PONG S S S\nA OUT 8P\n";
    let ours = "A OUT S\nB IN 2P\n";
    let reason = "discarder-pongs-own-discard";
    assert_eq!(excluded_for_reason(author, ours, 2, reason), Ok(()));
    assert!(excluded_for_reason(author, ours, 3, reason).unwrap_err().contains("line 2, not 3"));
    assert!(excluded_for_reason(author, author, 2, reason).unwrap_err().contains("agree"));
    let other_pong = "A OUT S\nB PONG S S S\n";
    assert!(excluded_for_reason(other_pong, ours, 2, reason).is_err());
    assert!(excluded_for_reason(author, ours, 2, "typo").unwrap_err().contains("unknown"));
}

/// What a log shows, counted by kind of event and by branch of the rules.
fn branches(events: &[Event], counts: &mut BTreeMap<&'static str, usize>) {
    let mut direction = Direction::Forward;
    let mut last: Option<(Player, Kind)> = None;
    let seats_after = |from: Player, to: Player, d: Direction| {
        (1..4).find(|&k| (0..k).fold(from, |p, _| p.next(d)) == to).unwrap_or(0)
    };
    for (i, e) in events.iter().enumerate() {
        let key = match *e {
            Event::Draw { .. } if i < 52 => "IN (dealing)",
            Event::Draw { .. } => "IN",
            Event::Discard { tile: Kind::REVERSE, .. } => {
                direction = direction.flipped();
                "OUT REVERSE"
            }
            Event::Discard { tile: Kind::DOUBLE, .. } => "OUT DOUBLE",
            Event::Discard { player, tile } => {
                last = Some((player, tile));
                "OUT t"
            }
            Event::Pass { .. } => "OUT PASS",
            Event::Pong { player, .. } => {
                let (from, _) = last.expect("a pong follows a discard");
                ["PONG", "PONG 1 seat on", "PONG 2 seats on", "PONG 3 seats on"]
                    [seats_after(from, player, direction)]
            }
            Event::Chow { lowest, .. } => {
                let (_, tile) = last.expect("a chow follows a discard");
                ["CHOW of the lowest", "CHOW of the middle", "CHOW of the highest"]
                    [tile.index() - lowest.index()]
            }
            Event::Ron { player } => {
                let (from, _) = last.expect("a ron follows a discard");
                ["RON", "RON 1 seat on", "RON 2 seats on", "RON 3 seats on"]
                    [seats_after(from, player, direction)]
            }
            Event::SelfDrawn { .. } => "SELFDRAWN",
            Event::Win { .. } => "WIN",
            Event::WallEmpty => "DRAW",
        };
        *counts.entry(key).or_default() += 1;
        let double_at = |back: usize| {
            i >= back && matches!(events[i - back], Event::Discard { tile: Kind::DOUBLE, .. })
        };
        let also = match e {
            Event::Pong { .. } | Event::Chow { .. } if direction == Direction::Backward => {
                Some("claim while reversed")
            }
            Event::SelfDrawn { .. } if i == 53 => Some("SELFDRAWN on the first draw"),
            Event::SelfDrawn { .. } if double_at(2) => Some("SELFDRAWN in a DOUBLE turn"),
            Event::WallEmpty if double_at(1) => Some("DRAW in a DOUBLE turn"),
            _ => None,
        };
        if let Some(also) = also {
            *counts.entry(also).or_default() += 1;
        }
    }
}

#[test]
fn recorded_walls_show_every_branch_many_times() {
    let excluded = excluded();
    let mut counts = BTreeMap::new();
    for w in recorded().iter().filter(|w| !excluded.contains_key(&w.name)) {
        let events = parse_log(&w.log).unwrap_or_else(|e| panic!("wall {}: {e}", w.name));
        branches(&events, &mut counts);
    }
    let expected = [
        "IN (dealing)",
        "IN",
        "OUT t",
        "OUT PASS",
        "OUT REVERSE",
        "OUT DOUBLE",
        "PONG 1 seat on",
        "PONG 2 seats on",
        "PONG 3 seats on",
        "CHOW of the lowest",
        "CHOW of the middle",
        "CHOW of the highest",
        "claim while reversed",
        "RON 1 seat on",
        "RON 2 seats on",
        "RON 3 seats on",
        "SELFDRAWN",
        "WIN",
        "DRAW",
    ];
    // Rare in random walls: built walls make them (README.md).
    let rare =
        ["SELFDRAWN on the first draw", "SELFDRAWN in a DOUBLE turn", "DRAW in a DOUBLE turn"];
    for (key, least) in expected.iter().map(|&k| (k, 20)).chain(rare.map(|k| (k, 10))) {
        let n = counts.get(key).copied().unwrap_or(0);
        assert!(n >= least, "{key}: {n} times, fewer than {least} ({counts:?})");
    }
    assert_eq!(
        counts.len(),
        expected.len() + rare.len(),
        "a branch counted that is not expected: {counts:?}"
    );
}
