//! Text input as the original judges read it (`scanf`, `cin`): lines and whitespace-separated
//! tokens, in one pass.
//!
//! Every game's parsers read through these two iterators, so they agree on what a line break
//! is (`\n`, `\r\n` and a lone `\r`) and on what separates tokens (any whitespace: spaces,
//! tabs, vertical tabs, form feeds, carriage returns, and the other Unicode spaces), and they
//! stay linear in the input: a column is counted as the scan goes, never by rescanning the
//! line.
//!
//! It also holds what every front end does to input before and after a parser sees it:
//! [`decode`] turns bytes into text (UTF-8, a leading byte order mark dropped, the first bad
//! byte located), and [`clip`] cuts a piece of input that a message quotes to a readable
//! length, so a 300 KB token never becomes a 300 KB line of an error.

use std::fmt;

use thiserror::Error;

/// Whether `b` is whitespace to C's `isspace`: space, `\t`, `\n`, `\v` (0x0B), `\f` (0x0C) or
/// `\r`. (`u8::is_ascii_whitespace` leaves out the vertical tab.)
pub const fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// The lines of `text`, each with its 1-based number: `\n`, `\r\n` and a lone `\r` each end a
/// line, and the line breaks are not part of the lines. As with [`str::lines`], a final line
/// break does not start another (empty) line.
///
/// ```
/// use tabletop_core::text::lines;
///
/// let got: Vec<(usize, &str)> = lines("a\r\nb\rc\n\nd").collect();
/// assert_eq!(got, [(1, "a"), (2, "b"), (3, "c"), (4, ""), (5, "d")]);
/// ```
pub fn lines(text: &str) -> Lines<'_> {
    Lines { rest: text, number: 0 }
}

/// The iterator of [`lines`].
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a str,
    number: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        if self.rest.is_empty() {
            return None;
        }
        self.number += 1;
        let bytes = self.rest.as_bytes();
        let line = match bytes.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let crlf = bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n');
                let line = &self.rest[..i];
                // The breaks are ASCII, so both slices stay on character boundaries.
                self.rest = &self.rest[i + 1 + usize::from(crlf)..];
                line
            }
            None => std::mem::take(&mut self.rest),
        };
        Some((self.number, line))
    }
}

/// The whitespace-separated tokens of one line, each with the 1-based column (in characters)
/// of its first character.
///
/// ```
/// use tabletop_core::text::tokens;
///
/// let got: Vec<(usize, &str)> = tokens(" 9S\tТЗ  AH").collect();
/// assert_eq!(got, [(2, "9S"), (5, "ТЗ"), (9, "AH")]);
/// ```
pub fn tokens(line: &str) -> Tokens<'_> {
    Tokens { rest: line, column: 1 }
}

/// The iterator of [`tokens`].
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    rest: &'a str,
    /// The column of the first character of `rest`.
    column: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let mut chars = self.rest.char_indices();
        let start = loop {
            let (i, c) = chars.next()?;
            if !c.is_whitespace() {
                break i;
            }
            self.column += 1;
        };
        let column = self.column;
        self.column += 1;
        let mut end = self.rest.len();
        for (i, c) in chars {
            if c.is_whitespace() {
                end = i;
                break;
            }
            self.column += 1;
        }
        let token = &self.rest[start..end];
        self.rest = &self.rest[end..];
        Some((column, token))
    }
}

/// Every token of `text` with its 1-based line and column: [`tokens`] of each of [`lines`].
///
/// ```
/// use tabletop_core::text::words;
///
/// let got: Vec<(usize, usize, &str)> = words("4 3\r\n 11\r6").collect();
/// assert_eq!(got, [(1, 1, "4"), (1, 3, "3"), (2, 2, "11"), (3, 1, "6")]);
/// ```
pub fn words(text: &str) -> impl Iterator<Item = (usize, usize, &str)> + '_ {
    lines(text).flat_map(|(line, l)| tokens(l).map(move |(column, t)| (line, column, t)))
}

/// The byte order mark that editors on Windows put before UTF-8 text; [`strip_bom`] drops it.
pub const BOM: char = '\u{feff}';

/// `text` without its leading byte order mark, if it has one (only one is dropped).
///
/// ```
/// use tabletop_core::text::strip_bom;
///
/// assert_eq!(strip_bom("\u{feff}4\n"), "4\n");
/// assert_eq!(strip_bom("4\n"), "4\n");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Bytes that are not UTF-8 text: the first byte that is not, and where it is (lines counted
/// by `\n`, columns in characters, both from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column} holds the byte 0x{byte:02x}")]
pub struct NotUtf8 {
    /// The line of the byte, from 1.
    pub line: usize,
    /// The column of the byte, from 1, in characters.
    pub column: usize,
    /// The byte.
    pub byte: u8,
}

impl NotUtf8 {
    /// Where `error`, found in `bytes`, is.
    fn locate(bytes: &[u8], error: std::str::Utf8Error) -> NotUtf8 {
        let valid = &bytes[..error.valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // `valid` is UTF-8 up to `valid_up_to`, and `start` follows a `\n`.
        let column = std::str::from_utf8(&valid[start..]).map_or(0, |s| s.chars().count()) + 1;
        NotUtf8 { line, column, byte: bytes[valid.len()] }
    }
}

/// `bytes` as UTF-8 text, unchanged (a byte order mark stays: a validator must see it).
///
/// ```
/// use tabletop_core::text::{NotUtf8, utf8};
///
/// assert_eq!(utf8(b"1\n"), Ok("1\n"));
/// let err = utf8(b"ok\nab\xffcd").unwrap_err();
/// assert_eq!(err, NotUtf8 { line: 2, column: 3, byte: 0xff });
/// assert_eq!(err.to_string(), "line 2, column 3 holds the byte 0xff");
/// ```
pub fn utf8(bytes: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(bytes).map_err(|e| NotUtf8::locate(bytes, e))
}

/// `bytes` as the judges read them: UTF-8 text ([`utf8`]) with a leading byte order mark
/// dropped ([`strip_bom`]). Every front end reads a judge's input, a checker's files and the
/// games' input files through this (or [`decode_owned`]).
///
/// ```
/// use tabletop_core::text::decode;
///
/// assert_eq!(decode("\u{feff}2\n".as_bytes()), Ok("2\n"));
/// assert_eq!(decode(b"2\n\xff").unwrap_err().line, 2);
/// ```
pub fn decode(bytes: &[u8]) -> Result<&str, NotUtf8> {
    utf8(bytes).map(strip_bom)
}

/// [`decode`] without a copy: the vector becomes the string.
pub fn decode_owned(bytes: Vec<u8>) -> Result<String, NotUtf8> {
    let mut text =
        String::from_utf8(bytes).map_err(|e| NotUtf8::locate(e.as_bytes(), e.utf8_error()))?;
    let bom = text.len() - strip_bom(&text).len();
    text.drain(..bom);
    Ok(text)
}

/// The most characters of a piece of input that a message quotes whole; see [`clip`].
pub const CLIP_CHARS: usize = 40;

/// A count as messages write it, its digits in groups of three (`10,000`).
///
/// ```
/// use tabletop_core::text::thousands;
/// assert_eq!(thousands(0), "0");
/// assert_eq!(thousands(999), "999");
/// assert_eq!(thousands(10_000), "10,000");
/// assert_eq!(thousands(u32::MAX), "4,294,967,295");
/// ```
pub fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A piece of input as a message quotes it: whole when it has at most [`CLIP_CHARS`]
/// characters, else its first [`CLIP_CHARS`] characters, `...` and its length in bytes.
/// `Display` writes it bare, `Debug` quoted and escaped as `{:?}` writes a `str`:
///
/// ```
/// use tabletop_core::text::clip;
///
/// assert_eq!(format!("{:?}", clip("XX")), "\"XX\"");
/// let token = "7".repeat(300_000);
/// assert_eq!(clip(&token).to_string(), format!("{}... (300000 bytes)", "7".repeat(40)));
/// assert_eq!(format!("{:?}", clip(&token)), format!("\"{}\"... (300000 bytes)", "7".repeat(40)));
/// ```
///
/// Every message of the library that quotes its input (a token, a line, a name) quotes it
/// through this, so an error stays one readable line whatever the input.
pub fn clip(text: &str) -> Clip<'_> {
    match text.char_indices().nth(CLIP_CHARS) {
        Some((end, _)) => Clip { head: &text[..end], len: Some(text.len()) },
        None => Clip { head: text, len: None },
    }
}

/// A piece of input cut for a message: see [`clip`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Clip<'a> {
    /// The text shown.
    head: &'a str,
    /// The whole length in bytes, when the text was cut.
    len: Option<usize>,
}

impl Clip<'_> {
    fn tail(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.len {
            Some(len) => write!(f, "... ({len} bytes)"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Clip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.head)?;
        self.tail(f)
    }
}

impl fmt::Debug for Clip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.head)?;
        self.tail(f)
    }
}

/// `1 deal`, `5 deals`: a count and its noun, in the plural unless the count is 1.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// A text histogram of the reports: one line per (label, count) with the count, its share
/// of the total and a bar, the longest bar `width` characters.
pub fn histogram(rows: &[(String, u64)], width: usize) -> String {
    let max = rows.iter().map(|r| r.1).max().unwrap_or(0).max(1);
    let total: u64 = rows.iter().map(|r| r.1).sum::<u64>().max(1);
    let label_width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let mut s = String::new();
    for (label, count) in rows {
        let len = ((*count as u128 * width as u128).div_ceil(max as u128)) as usize;
        s += &format!(
            "{label:>label_width$} {count:>9} {:>6.2}% {}\n",
            100.0 * *count as f64 / total as f64,
            "#".repeat(len)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "deal"), "1 deal");
        assert_eq!(plural(0, "deal"), "0 deals");
        assert_eq!(plural(2, "non-reserve card"), "2 non-reserve cards");
    }

    #[test]
    fn histogram_scales_bars() {
        let h = histogram(&[("0".into(), 10), ("1".into(), 5), ("22".into(), 0)], 10);
        assert_eq!(
            h,
            " 0        10  66.67% ##########\n 1         5  33.33% #####\n22         0   0.00% \n"
        );
        assert_eq!(
            histogram(&[("a".into(), 1), ("b".into(), 3)], 4),
            "a         1  25.00% ##\nb         3  75.00% ####\n"
        );
        assert_eq!(histogram(&[], 10), "");
    }

    #[test]
    fn lines_match_str_lines_without_lone_carriage_returns() {
        for text in ["", "\n", "a", "a\n", "a\n\nb", "a\r\nb\r\n", "\n\nx\n", "é\nü\r\n"] {
            let ours: Vec<&str> = lines(text).map(|(_, l)| l).collect();
            let std: Vec<&str> = text.lines().collect();
            assert_eq!(ours, std, "{text:?}");
        }
        let got: Vec<(usize, &str)> = lines("\r\r\n\ra").collect();
        assert_eq!(got, [(1, ""), (2, ""), (3, ""), (4, "a")]);
    }

    #[test]
    fn tokens_match_split_whitespace_with_columns() {
        for line in ["", "  ", "a", " a b ", "a\tb\x0bc\x0cd\re", "ü  éé x\u{3000}y"] {
            let ours: Vec<&str> = tokens(line).map(|(_, t)| t).collect();
            let std: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(ours, std, "{line:?}");
            for (column, token) in tokens(line) {
                let before: String = line.chars().take(column - 1).collect();
                assert!(line[before.len()..].starts_with(token), "{line:?} {column}");
            }
        }
    }

    #[test]
    fn c_space_is_isspace() {
        let space: Vec<u8> = (0..=255u8).filter(|&b| is_c_space(b)).collect();
        assert_eq!(space, [9, 10, 11, 12, 13, 32]);
    }

    /// Time grows with the line, not its square: a million tokens against an eighth as many
    /// (`testing::linear_time`, the thread's CPU time, no absolute bound).
    #[test]
    fn a_million_tokens_on_one_line_are_read_in_linear_time() {
        use crate::testing::{MILLION, linear_time};
        let (count, last) = linear_time(
            "tokens, one line",
            MILLION,
            |n| "9S ".repeat(n),
            |line| tokens(line).fold((0, 0), |(n, _), (c, _)| (n + 1, c)),
        );
        assert_eq!((count, last), (MILLION, 3 * (MILLION - 1) + 1));
        let count = linear_time(
            "words, carriage returns",
            MILLION,
            |n| "9S\r".repeat(n),
            |text| words(text).count(),
        );
        assert_eq!(count, MILLION);
    }

    #[test]
    fn clip_keeps_short_text_and_cuts_long_text_on_a_character() {
        for short in ["", "XX", "\"é\n", &"x".repeat(CLIP_CHARS)] {
            assert_eq!(clip(short).to_string(), short);
            assert_eq!(format!("{:?}", clip(short)), format!("{short:?}"));
        }
        let long = "é".repeat(CLIP_CHARS + 1);
        assert_eq!(clip(&long).to_string(), format!("{}... (82 bytes)", "é".repeat(CLIP_CHARS)));
        let quoted = format!("{:?}", clip(&long));
        assert_eq!(quoted, format!("\"{}\"... (82 bytes)", "é".repeat(CLIP_CHARS)));
    }

    #[test]
    fn decoding_drops_one_bom_and_locates_the_first_bad_byte() {
        assert_eq!(decode("\u{feff}\u{feff}1".as_bytes()), Ok("\u{feff}1"));
        assert_eq!(utf8("\u{feff}1".as_bytes()), Ok("\u{feff}1"));
        assert_eq!(decode_owned("\u{feff}é\n".as_bytes().to_vec()), Ok("é\n".to_owned()));
        assert_eq!(decode_owned(b"1\n".to_vec()), Ok("1\n".to_owned()));
        let err = NotUtf8 { line: 3, column: 2, byte: 0xc3 };
        assert_eq!(decode(b"a\n\n\xc3\xa9\xc3"), Err(err), "a cut character");
        assert_eq!(decode_owned(b"a\n\n\xc3\xa9\xc3".to_vec()), Err(err));
        assert_eq!(utf8(b"\xfe").unwrap_err(), NotUtf8 { line: 1, column: 1, byte: 0xfe });
    }
}
