//! Text input as the original judges read it (`scanf`, `cin`): lines and whitespace-separated
//! tokens, in one pass.
//!
//! Every game's parsers read through these two iterators, so they agree on what a line break
//! is (`\n`, `\r\n` and a lone `\r`) and on what separates tokens (any whitespace: spaces,
//! tabs, vertical tabs, form feeds, carriage returns, and the other Unicode spaces), and they
//! stay linear in the input: a column is counted as the scan goes, never by rescanning the
//! line.

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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_million_tokens_on_one_line_are_read_in_linear_time() {
        let line = "9S ".repeat(1_000_000);
        let start = std::time::Instant::now();
        let (count, last) = tokens(&line).fold((0, 0), |(n, _), (c, _)| (n + 1, c));
        assert_eq!((count, last), (1_000_000, 3 * 999_999 + 1));
        assert_eq!(words(&line.replace(' ', "\r")).count(), 1_000_000);
        assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    }
}
