//! The original problem's input and output: NTHU OJ 14463 "Take 6!".
//!
//! Input: `N M P`, then `P` starting cards, then `N` lines of `M` cards (player `i`'s card in
//! each round). Tokens are read in order whatever the line breaks and whitespace (as `scanf`
//! does: `\n`, `\r\n` or a lone `\r` end a line; spaces, tabs, vertical tabs and form feeds
//! separate tokens); every error names the line of the offending token. Output: one line per player, their heads.

use tabletop_core::text;

use crate::card::Card;
use crate::error::JudgeError;
use crate::rules::{MAX_HAND, MAX_PLAYED, MAX_PLAYERS, MAX_ROWS};
use crate::script::{Script, simulate};

/// The whitespace-separated tokens of a text with their 1-based line numbers.
struct Tokens<'a> {
    lines: text::Lines<'a>,
    current: Option<(usize, text::Tokens<'a>)>,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a str) -> Tokens<'a> {
        Tokens { lines: text::lines(input), current: None, last_line: 1 }
    }

    fn next_token(&mut self) -> Option<(usize, &'a str)> {
        loop {
            if let Some((line, words)) = &mut self.current
                && let Some((_, w)) = words.next()
            {
                return Some((*line, w));
            }
            let (line, l) = self.lines.next()?;
            self.last_line = line;
            self.current = Some((line, text::tokens(l)));
        }
    }

    /// The next token as an integer in `lo..=hi`, described by `what` in errors.
    fn int(
        &mut self,
        lo: usize,
        hi: usize,
        what: &dyn Fn() -> String,
    ) -> Result<(usize, usize), JudgeError> {
        let Some((line, token)) = self.next_token() else {
            return Err(JudgeError::Missing { line: self.last_line, expected: what() });
        };
        match token.parse::<usize>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok((line, v)),
            _ => Err(JudgeError::Unexpected { line, token: token.to_owned(), expected: what() }),
        }
    }
}

/// Parses and checks the judge's input.
pub fn parse_nthu14463(input: &str) -> Result<Script, JudgeError> {
    let mut t = Tokens::new(input);
    let (_, n) = t.int(2, MAX_PLAYERS, &|| {
        format!("N, the number of players (an integer from 2 to {MAX_PLAYERS})")
    })?;
    let max_m = MAX_HAND.min(MAX_PLAYED / n);
    let (_, m) = t.int(1, max_m, &|| {
        format!("M, the number of rounds (an integer from 1 to {max_m}, as M <= {MAX_HAND} and N*M <= {MAX_PLAYED} with N = {n})")
    })?;
    let (_, p) =
        t.int(1, MAX_ROWS, &|| format!("P, the number of rows (an integer from 1 to {MAX_ROWS})"))?;
    let deck = n * m + p;
    let mut first_line = [0usize; crate::card::DECK_SIZE as usize + 1];
    let mut card = |t: &mut Tokens<'_>, what: &dyn Fn() -> String| -> Result<Card, JudgeError> {
        let (line, v) =
            t.int(1, deck, &|| format!("{} (an integer from 1 to {deck} = N*M+P)", what()))?;
        if first_line[v] != 0 {
            return Err(JudgeError::Duplicate { line, card: v as u8, first_line: first_line[v] });
        }
        first_line[v] = line;
        Ok(Card::from_value(v as u8))
    };
    let mut starts = Vec::with_capacity(p);
    for i in 1..=p {
        starts.push(card(&mut t, &|| format!("D_{i}, the starting card of row {i}"))?);
    }
    let mut plays = Vec::with_capacity(n);
    for i in 1..=n {
        let mut row = Vec::with_capacity(m);
        for j in 1..=m {
            row.push(card(&mut t, &|| format!("C_{i},{j}, player {i}'s card in round {j}"))?);
        }
        plays.push(row);
    }
    if let Some((line, token)) = t.next_token() {
        return Err(JudgeError::Trailing { line, token: token.to_owned() });
    }
    Ok(Script::new(starts, plays).expect("the parser checks every limit of a script"))
}

/// The judge's output for `input`: each player's heads, one per line.
///
/// ```
/// let input = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";
/// assert_eq!(tabletop_take6::judge_nthu14463(input).unwrap(), "0\n5\n0\n6\n");
/// ```
pub fn judge_nthu14463(input: &str) -> Result<String, JudgeError> {
    let script = parse_nthu14463(input)?;
    let mut out = String::new();
    for p in simulate(&script).penalties {
        out += &p.to_string();
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";

    #[test]
    fn sample() {
        assert_eq!(judge_nthu14463(SAMPLE).unwrap(), "0\n5\n0\n6\n");
        // Line breaks do not matter, as with scanf.
        assert_eq!(judge_nthu14463(&SAMPLE.replace('\n', " ")).unwrap(), "0\n5\n0\n6\n");
        assert_eq!(judge_nthu14463(&SAMPLE.replace('\n', "\r\n")).unwrap(), "0\n5\n0\n6\n");
    }

    fn err(input: &str) -> String {
        judge_nthu14463(input).unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_line_and_token() {
        assert_eq!(
            err(""),
            "line 1: expected N, the number of players (an integer from 2 to 10), found the end of the input"
        );
        assert_eq!(
            err("1 3 2"),
            "line 1: expected N, the number of players (an integer from 2 to 10), found `1`"
        );
        assert!(err("11 3 2").contains("found `11`"));
        assert!(
            err("4 26 2")
                .starts_with("line 1: expected M, the number of rounds (an integer from 1 to 25")
        );
        assert!(err("2 51 2").contains("found `51`"));
        assert!(err("4 3 5").contains("P, the number of rows (an integer from 1 to 4), found `5`"));
        assert!(err("4 3 0").contains("found `0`"));
        assert!(err("4 x 2").contains("found `x`"));
        assert!(err("4 3 -2").contains("found `-2`"));
        assert_eq!(
            err("4 3 2\n11\n15\n"),
            "line 3: expected D_2, the starting card of row 2 (an integer from 1 to 14 = N*M+P), found `15`"
        );
        assert_eq!(
            err("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14"),
            "line 7: expected C_4,3, player 4's card in round 3 (an integer from 1 to 14 = N*M+P), found the end of the input"
        );
        assert_eq!(
            err("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 6\n"),
            "line 7: card 6 appears twice (first on line 3), expected distinct cards"
        );
        assert_eq!(
            err(&format!("{SAMPLE}\n15\n")),
            "line 9: expected the end of the input, found `15`"
        );
        assert!(err("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 0\n").contains("found `0`"));
        assert!(err("4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3.0\n").contains("found `3.0`"));
    }

    #[test]
    fn limits() {
        // N*M = 100 with 4 rows: cards 1..=104.
        let mut s = String::from("10 10 4\n1\n2\n3\n4\n");
        for i in 0..10 {
            let row: Vec<String> = (0..10).map(|j| (5 + i * 10 + j).to_string()).collect();
            s += &row.join(" ");
            s.push('\n');
        }
        assert_eq!(judge_nthu14463(&s).unwrap().lines().count(), 10);
        assert!(err("10 11 4").contains("an integer from 1 to 10"));
        assert!(err("2 50 1").contains("D_1"));
        assert!(!err("2 50 1").contains("M, the"));
    }
}
