//! What the problem setters' toolkit of every game shares (the conventions of testlib):
//!
//! - [`Strict`]: the reader of a validator. It accepts exactly the statement's format: tokens
//!   separated by single spaces, every line ended by one `\n`, nothing after the last line; an
//!   error names the line, the column and the rule broken ([`InvalidInput`]).
//! - [`Verdict`] and [`Checked`]: a checker's verdict with testlib's exit codes and the one-line
//!   reason.
//! - [`first_difference`]: the token-by-token comparison of Codeforces' standard checkers
//!   (whitespace-insensitive), locating the first difference in both texts.
//!
//! Every message quotes the input through [`crate::text::clip`]: a token of 300 KB is
//! named by its first 40 characters and its length.
//!
//! ```
//! use tabletop_core::contest::Strict;
//!
//! let mut r = Strict::new("3 14\n");
//! assert_eq!(r.int(1, 10, "N")?, 3);
//! r.space()?;
//! let e = r.int(1, 10, "M").unwrap_err();
//! assert_eq!(e.to_string(), "line 1, column 3: M = 14 is out of range 1..=10");
//! # Ok::<(), tabletop_core::contest::InvalidInput>(())
//! ```

use std::fmt;

use thiserror::Error;

use crate::text::{NotUtf8, clip};

/// Why an input is not valid: where, and the rule broken.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {rule}")]
pub struct InvalidInput {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1 (in characters).
    pub column: usize,
    /// The rule broken, in words.
    pub rule: String,
}

impl From<NotUtf8> for InvalidInput {
    /// Bytes that are not UTF-8 break the format at the first such byte.
    fn from(e: NotUtf8) -> InvalidInput {
        InvalidInput {
            line: e.line,
            column: e.column,
            rule: format!("the byte 0x{:02x} is not UTF-8 text", e.byte),
        }
    }
}

/// A strict reader over the whole input, in the manner of testlib's validators.
#[derive(Clone, Debug)]
pub struct Strict<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

/// A token's text and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The text.
    pub text: &'a str,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
}

impl<'a> Token<'a> {
    /// An [`InvalidInput`] at this token.
    pub fn invalid(&self, rule: impl Into<String>) -> InvalidInput {
        InvalidInput { line: self.line, column: self.column, rule: rule.into() }
    }
}

/// How a character that may not appear is named in a message.
fn describe(c: Option<char>) -> String {
    match c {
        None => "the end of the input".to_owned(),
        Some(' ') => "a space".to_owned(),
        Some('\n') => "the end of the line".to_owned(),
        Some('\r') => "a carriage return (lines must end with \\n alone)".to_owned(),
        Some('\t') => "a tab".to_owned(),
        Some(c) if c.is_control() || !c.is_ascii_graphic() => {
            format!("the character U+{:04X}", c as u32)
        }
        Some(c) => format!("{c:?}"),
    }
}

/// Whether `c` may be part of a token: printable ASCII other than the space.
fn is_token_char(c: char) -> bool {
    c.is_ascii_graphic()
}

impl<'a> Strict<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Strict<'a> {
        Strict { text, pos: 0, line: 1, column: 1 }
    }

    /// The line of the reader's position, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
    }

    /// An [`InvalidInput`] at the reader's position.
    pub fn invalid(&self, rule: impl Into<String>) -> InvalidInput {
        InvalidInput { line: self.line, column: self.column, rule: rule.into() }
    }

    /// The next token, `what` naming it in the error when there is none here.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, InvalidInput> {
        let (line, column, start) = (self.line, self.column, self.pos);
        while self.peek().is_some_and(is_token_char) {
            self.bump();
        }
        if self.pos == start {
            return Err(self.invalid(format!("expected {what}, found {}", describe(self.peek()))));
        }
        Ok(Token { text: &self.text[start..self.pos], line, column })
    }

    /// The next token as an integer in `min..=max` (decimal digits, no sign, no leading zero).
    pub fn int(&mut self, min: u64, max: u64, what: &str) -> Result<u64, InvalidInput> {
        Ok(self.int_at(min, max, what)?.0)
    }

    /// [`Strict::int`] with the token, so later rules can point at it.
    pub fn int_at(
        &mut self,
        min: u64,
        max: u64,
        what: &str,
    ) -> Result<(u64, Token<'a>), InvalidInput> {
        let token = self.token(what)?;
        let t = token.text;
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(token.invalid(format!("expected {what}, an integer, found {:?}", clip(t))));
        }
        if t.len() > 1 && t.starts_with('0') {
            return Err(token.invalid(format!("{what} {:?} has a leading zero", clip(t))));
        }
        match t.parse::<u64>() {
            Ok(v) if (min..=max).contains(&v) => Ok((v, token)),
            _ => Err(token.invalid(format!("{what} = {} is out of range {min}..={max}", clip(t)))),
        }
    }

    /// Exactly one space.
    pub fn space(&mut self) -> Result<(), InvalidInput> {
        self.expect(' ', "a single space")
    }

    /// The end of the line: one `\n`.
    pub fn eoln(&mut self) -> Result<(), InvalidInput> {
        self.expect('\n', "the end of the line")
    }

    /// The end of the input.
    pub fn eof(&self) -> Result<(), InvalidInput> {
        match self.peek() {
            None => Ok(()),
            Some(c) => {
                Err(self
                    .invalid(format!("expected the end of the input, found {}", describe(Some(c)))))
            }
        }
    }

    fn expect(&mut self, want: char, what: &str) -> Result<(), InvalidInput> {
        match self.peek() {
            Some(c) if c == want => {
                self.bump();
                Ok(())
            }
            found => Err(self.invalid(format!("expected {what}, found {}", describe(found)))),
        }
    }
}

/// A checker's verdict, as testlib's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The output is right (exit code 0).
    Ok,
    /// The output is readable but wrong (exit code 1).
    WrongAnswer,
    /// The output cannot be read as the format (exit code 2).
    PresentationError,
    /// The checker cannot judge: the input or the answer is itself invalid (exit code 3).
    Fail,
}

impl Verdict {
    /// testlib's exit code.
    pub const fn exit_code(self) -> u8 {
        match self {
            Verdict::Ok => 0,
            Verdict::WrongAnswer => 1,
            Verdict::PresentationError => 2,
            Verdict::Fail => 3,
        }
    }

    /// The short name: `ok`, `wrong answer`, `presentation error`, `fail`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::Fail => "fail",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A checker's verdict and its one-line reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The verdict.
    pub verdict: Verdict,
    /// Why, in one line: which deal, line or token, expected what, found what.
    pub reason: String,
}

impl Checked {
    /// [`Verdict::Ok`] with `reason`.
    pub fn ok(reason: impl Into<String>) -> Checked {
        Checked { verdict: Verdict::Ok, reason: reason.into() }
    }

    /// [`Verdict::WrongAnswer`] with `reason`.
    pub fn wrong(reason: impl Into<String>) -> Checked {
        Checked { verdict: Verdict::WrongAnswer, reason: reason.into() }
    }

    /// [`Verdict::PresentationError`] with `reason`.
    pub fn presentation(reason: impl Into<String>) -> Checked {
        Checked { verdict: Verdict::PresentationError, reason: reason.into() }
    }

    /// [`Verdict::Fail`] with `reason`.
    pub fn fail(reason: impl Into<String>) -> Checked {
        Checked { verdict: Verdict::Fail, reason: reason.into() }
    }
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.verdict, self.reason)
    }
}

/// The whitespace-separated tokens of `text`, each with its line (from 1).
pub fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t)))
}

/// The first token that differs between `expected` and `found`, compared as sequences of
/// whitespace-separated tokens (so line breaks and runs of blanks do not matter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference<'a> {
    /// The position of the token in the sequence, from 1.
    pub index: usize,
    /// The expected token and its line, or `None` where the expected text ended.
    pub expected: Option<(usize, &'a str)>,
    /// The token found and its line, or `None` where the output ended.
    pub found: Option<(usize, &'a str)>,
}

impl fmt::Display for Difference<'_> {
    /// `token 7 (line 3): expected "5", found "4"`, or with `the end of the output`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.expected, self.found) {
            (Some((_, e)), Some((line, t))) => {
                let (e, t) = (clip(e), clip(t));
                write!(f, "token {} (line {line}): expected {e:?}, found {t:?}", self.index)
            }
            (Some((line, e)), None) => write!(
                f,
                "token {} (line {line} of the answer): expected {:?}, found the end of the output",
                self.index,
                clip(e)
            ),
            (None, Some((line, t))) => write!(
                f,
                "token {} (line {line}): expected the end of the output, found {:?}",
                self.index,
                clip(t)
            ),
            (None, None) => write!(f, "no difference"),
        }
    }
}

/// The first difference between the token sequences of `expected` and `found`, or `None`
/// when they are equal.
pub fn first_difference<'a>(expected: &'a str, found: &'a str) -> Option<Difference<'a>> {
    let mut e = tokens(expected);
    let mut f = tokens(found);
    let mut index = 0;
    loop {
        index += 1;
        match (e.next(), f.next()) {
            (None, None) => return None,
            (Some(a), Some(b)) if a.1 == b.1 => {}
            (expected, found) => return Some(Difference { index, expected, found }),
        }
    }
}

/// `n` `unit`s in words: `1 case`, `2 cases`.
fn count(n: usize, unit: &str) -> String {
    if n == 1 { format!("1 {unit}") } else { format!("{n} {unit}s") }
}

/// The token count of `text`.
pub fn token_count(text: &str) -> usize {
    tokens(text).count()
}

/// A standard token checker: `found` against `expected` token by token (whitespace-insensitive).
///
/// - [`Verdict::Fail`] when a token of `expected` (the answer) is not well formed;
/// - [`Verdict::PresentationError`] when a token of `found` is not well formed (`what` names
///   what a token should be, as "an integer");
/// - [`Verdict::WrongAnswer`] at the first difference, the `unit`-th token (a "case", a
///   "player") named with its line, expected and found;
/// - [`Verdict::Ok`] otherwise.
pub fn compare_tokens(
    expected: &str,
    found: &str,
    well_formed: &dyn Fn(&str) -> bool,
    what: &str,
    unit: &str,
) -> Checked {
    if let Some((line, t)) = tokens(expected).find(|(_, t)| !well_formed(t)) {
        let t = clip(t);
        return Checked::fail(format!("the answer is invalid: line {line}: {t:?} is not {what}"));
    }
    if let Some((line, t)) = tokens(found).find(|(_, t)| !well_formed(t)) {
        return Checked::presentation(format!("line {line}: {:?} is not {what}", clip(t)));
    }
    match first_difference(expected, found) {
        None => {
            let n = token_count(expected);
            Checked::ok(format!("{} {}", count(n, unit), if n == 1 { "matches" } else { "match" }))
        }
        Some(d) => {
            let i = d.index;
            let (expected, found) =
                (d.expected.map(|(l, e)| (l, clip(e))), d.found.map(|(l, t)| (l, clip(t))));
            Checked::wrong(match (expected, found) {
                (Some((_, e)), Some((line, t))) => {
                    format!("{unit} {i} (line {line}): expected {e}, found {t}")
                }
                (Some((_, e)), None) => {
                    format!("{unit} {i}: expected {e}, found the end of the output")
                }
                (None, Some((line, t))) => format!(
                    "line {line}: expected the end of the output after {}, found {t}",
                    count(i - 1, unit)
                ),
                (None, None) => unreachable!("a difference has a side"),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_reader_names_each_rule() {
        let rule = |text: &str| {
            let mut r = Strict::new(text);
            let result = (|| {
                r.int(1, 100, "N")?;
                r.space()?;
                r.int(1, 100, "M")?;
                r.eoln()?;
                r.eof()
            })();
            result.err().map(|e| e.to_string())
        };
        assert_eq!(rule("3 4\n"), None);
        assert_eq!(rule("3  4\n").unwrap(), "line 1, column 3: expected M, found a space");
        assert_eq!(rule(" 3 4\n").unwrap(), "line 1, column 1: expected N, found a space");
        assert_eq!(
            rule("3 4").unwrap(),
            "line 1, column 4: expected the end of the line, found the end of the input"
        );
        assert_eq!(
            rule("3 4 \n").unwrap(),
            "line 1, column 4: expected the end of the line, found a space"
        );
        assert!(rule("3 4\r\n").unwrap().contains("carriage return"));
        assert_eq!(
            rule("3 4\n\n").unwrap(),
            "line 2, column 1: expected the end of the input, found the end of the line"
        );
        assert_eq!(rule("03 4\n").unwrap(), "line 1, column 1: N \"03\" has a leading zero");
        assert_eq!(
            rule("3 +4\n").unwrap(),
            "line 1, column 3: expected M, an integer, found \"+4\""
        );
        assert_eq!(rule("3 101\n").unwrap(), "line 1, column 3: M = 101 is out of range 1..=100");
        assert_eq!(
            rule("3 99999999999999999999999\n").unwrap(),
            "line 1, column 3: M = 99999999999999999999999 is out of range 1..=100"
        );
        assert_eq!(
            rule("3\t4\n").unwrap(),
            "line 1, column 2: expected a single space, found a tab"
        );
    }

    #[test]
    fn forbidden_characters_are_named() {
        let found = |text: &str| Strict::new(text).token("N").unwrap_err().rule;
        assert_eq!(found("\u{7}"), "expected N, found the character U+0007");
        assert_eq!(found("\u{7f}"), "expected N, found the character U+007F");
        assert_eq!(found("\u{e9}"), "expected N, found the character U+00E9");
        assert_eq!(found("\u{3000}"), "expected N, found the character U+3000");
        assert_eq!(found(""), "expected N, found the end of the input");
        assert_eq!(found("\n"), "expected N, found the end of the line");
        let rule = Strict::new("x").space().unwrap_err().rule;
        assert_eq!(rule, "expected a single space, found 'x'");
    }

    #[test]
    fn the_reader_counts_lines_and_reads_a_lone_zero() {
        let mut r = Strict::new("0\n10\n");
        assert_eq!(r.line(), 1);
        assert_eq!(r.int(0, 10, "N"), Ok(0));
        r.eoln().unwrap();
        assert_eq!(r.line(), 2);
        let (v, token) = r.int_at(0, 10, "M").unwrap();
        assert_eq!((v, token.text, token.line, token.column), (10, "10", 2, 1));
        r.eoln().unwrap();
        assert_eq!(r.line(), 3);
        assert_eq!(r.eof(), Ok(()));
    }

    #[test]
    fn differences_are_located() {
        assert_eq!(first_difference("1 2\n3\n", "1\n2   3"), None);
        let d = first_difference("1\n2\n3\n", "1\n2\n4\n").unwrap();
        assert_eq!(d, Difference { index: 3, expected: Some((3, "3")), found: Some((3, "4")) });
        assert_eq!(d.to_string(), "token 3 (line 3): expected \"3\", found \"4\"");
        let d = first_difference("1\n2\n", "1\n").unwrap();
        assert_eq!(d.found, None);
        assert!(d.to_string().ends_with("expected \"2\", found the end of the output"));
        let d = first_difference("1\n", "1\n2\n").unwrap();
        assert_eq!(d.expected, None);
        assert_eq!(d.found, Some((2, "2")));
    }

    #[test]
    fn verdicts_have_testlib_codes() {
        let codes: Vec<u8> =
            [Verdict::Ok, Verdict::WrongAnswer, Verdict::PresentationError, Verdict::Fail]
                .iter()
                .map(|v| v.exit_code())
                .collect();
        assert_eq!(codes, [0, 1, 2, 3]);
        assert_eq!(Checked::wrong("x").to_string(), "wrong answer: x");
    }

    #[test]
    fn token_checker_verdicts() {
        let int = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        let check = |e: &str, f: &str| compare_tokens(e, f, &int, "an integer", "player");
        assert_eq!(check("0\n5\n", "0 5"), Checked::ok("2 players match"));
        assert_eq!(check("0\n", "0"), Checked::ok("1 player matches"));
        assert_eq!(
            check("0\n", "0 7"),
            Checked::wrong("line 1: expected the end of the output after 1 player, found 7")
        );
        assert_eq!(
            check("0\n5\n", "0\n6\n"),
            Checked::wrong("player 2 (line 2): expected 5, found 6")
        );
        assert_eq!(
            check("0\n5\n", "0\n"),
            Checked::wrong("player 2: expected 5, found the end of the output")
        );
        assert_eq!(
            check("0\n5\n", "0\n5\n7\n"),
            Checked::wrong("line 3: expected the end of the output after 2 players, found 7")
        );
        assert_eq!(check("0\n5\n", "0\nfive\n").verdict, Verdict::PresentationError);
        assert_eq!(check("0\nx\n", "0\n5\n").verdict, Verdict::Fail);
    }

    #[test]
    fn huge_tokens_are_quoted_cut() {
        let big = "7".repeat(300_000);
        let cut = format!("{}... (300000 bytes)", "7".repeat(40));
        let rule = Strict::new(&format!("{big}\n")).int(1, 9, "N").unwrap_err().rule;
        assert_eq!(rule, format!("N = {cut} is out of range 1..=9"));
        let rule = Strict::new(&format!("0{big}\n")).int(1, 9, "N").unwrap_err().rule;
        assert_eq!(rule, format!("N \"0{}\"... (300001 bytes) has a leading zero", "7".repeat(39)));
        let rule = Strict::new(&format!("x{big}\n")).int(1, 9, "N").unwrap_err().rule;
        assert!(rule.ends_with("... (300001 bytes)") && rule.len() < 100, "{rule}");
        let d = first_difference("1 2", &format!("1 {big}")).unwrap().to_string();
        assert_eq!(
            d,
            format!(
                "token 2 (line 1): expected \"2\", found \"{}\"... (300000 bytes)",
                "7".repeat(40)
            )
        );
        let int = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        let check = |e: &str, f: &str| compare_tokens(e, f, &int, "an integer", "case").reason;
        assert_eq!(
            check("1 2", &format!("1 {big}")),
            format!("case 2 (line 1): expected 2, found {cut}")
        );
        assert_eq!(
            check("1", &format!("1 {big}")),
            format!("line 1: expected the end of the output after 1 case, found {cut}")
        );
        assert!(check("1", &format!("x{big}")).len() < 100);
        assert!(check(&format!("x{big}"), "1").len() < 120);
    }
}
