//! HDU 5754 "Life Winner Bo": the judge's input and output, byte for byte.
//!
//! Input: `T`, then `T` lines `type N M` (type 1 king, 2 rook, 3 knight, 4 queen). Output: one
//! line per case, `B`, `G` or `D`. Beyond the original `N, M <= 1000` this accepts boards up to
//! `10^18`, any `T` and leading zeros. A line ends at `\n`, `\r\n` or a lone `\r`, and any
//! of C's whitespace (spaces, tabs, vertical tabs, form feeds) separates tokens, as `scanf`
//! reads. Blank lines are skipped; anything else that is not a
//! case is an error naming the line, the token and what was expected. Each case must sit on
//! one line (the original reads with `scanf`, which would also take a case split over lines;
//! here that is an error with the line number, which is the point of a line-based reader).

use std::io;

use tabletop_core::sub_seed;
use tabletop_core::text::{self, is_c_space};

use crate::{Board, JudgeError, Piece, solve};

/// The least board side of the problem (HDU 5754: `2 <= N, M`); a [`Board`] may be one wide.
const JUDGE_MIN_SIDE: u64 = 2;

/// A bound on the cases `input` holds: a case takes at least 6 bytes (`1 2 2\n`).
fn max_cases(input: &str) -> usize {
    input.len() / 6 + 1
}

/// The judge's output for `input`.
///
/// # Errors
/// A [`JudgeError`] naming the first malformed line.
pub fn judge_hdu5754(input: &str) -> Result<String, JudgeError> {
    let mut lines = Lines { lines: text::lines(input), line: 0 };
    // 1. The case count.
    let (line, text) = lines.next_nonblank().ok_or(JudgeError::MissingCount)?;
    let mut tokens = Tokens { line, rest: text };
    let t = tokens.number("the number of cases T")?;
    tokens.end()?;
    // 2. The cases, each decided by its closed form.
    // A case takes at least 6 bytes (`1 2 2\n`), so the input bounds the output too.
    let cases = usize::try_from(t).unwrap_or(usize::MAX).min(max_cases(input));
    let mut out = String::with_capacity(cases * 2);
    let mut found = 0u64;
    while found < t {
        let Some((line, text)) = lines.next_nonblank() else {
            return Err(JudgeError::TooFewCases { line: lines.line + 1, expected: t, found });
        };
        let mut tokens = Tokens { line, rest: text };
        let number = tokens.number("a piece type 1..=4")?;
        let piece = Piece::from_number(number).ok_or_else(|| JudgeError::BadToken {
            line,
            token: number.to_string(),
            expected: "a piece type 1..=4",
        })?;
        let n = tokens.number("the number of rows N")?;
        let m = tokens.number("the number of columns M")?;
        tokens.end()?;
        // The problem's sides start at 2, a board's at 1.
        let board = Board::new(n, m)
            .ok()
            .filter(|_| n >= JUDGE_MIN_SIDE && m >= JUDGE_MIN_SIDE)
            .ok_or(JudgeError::Board { line, rows: n, cols: m })?;
        out.push(solve(piece, board).letter());
        out.push('\n');
        found += 1;
    }
    // 3. Nothing but blank lines may follow.
    if let Some((line, text)) = lines.next_nonblank() {
        let token = Tokens { line, rest: text }.next().to_owned();
        return Err(JudgeError::TooManyCases { line, expected: t, token });
    }
    Ok(out)
}

/// A random judge input of `cases` lines with both sides uniform in `2..=max_side` and the
/// piece uniform, from `seed` (case `i` uses the stream `sub_seed(seed, i)`).
///
/// Holds the whole input in memory (about 40 bytes a case); [`write_random_input`] streams it.
///
/// # Panics
/// If `max_side < 2`.
pub fn random_input(cases: u64, seed: u64, max_side: u64) -> String {
    let mut out = Vec::with_capacity(usize::try_from(cases.min(1 << 22)).unwrap_or(0) * 40);
    write_random_input(&mut out, cases, seed, max_side).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the input is ASCII")
}

/// Writes the input of [`random_input`] to `out` as it is generated, a line at a time, so
/// memory stays constant whatever `cases` is (give it a buffered writer).
///
/// # Errors
/// The first error of `out`.
///
/// # Panics
/// If `max_side < 2`.
pub fn write_random_input(
    out: &mut impl io::Write,
    cases: u64,
    seed: u64,
    max_side: u64,
) -> io::Result<()> {
    assert!(max_side >= 2, "boards need sides of at least 2");
    // Lemire's multiply-shift maps a 64-bit draw onto 0..span (bias below 2^-60 here).
    let span = u128::from(max_side - 1);
    let pick = |r: u64| 2 + ((u128::from(r) * span) >> 64) as u64;
    writeln!(out, "{cases}")?;
    // One line: `p n m\n`, at most 1 + 1 + 20 + 1 + 20 + 1 bytes.
    let mut line = [0u8; 48];
    for i in 0..cases {
        let r0 = sub_seed(seed, 3 * i);
        let (n, m) = (pick(sub_seed(seed, 3 * i + 1)), pick(sub_seed(seed, 3 * i + 2)));
        line[0] = b'1' + (r0 % 4) as u8;
        line[1] = b' ';
        let mut len = 2 + put_decimal(&mut line[2..], n);
        line[len] = b' ';
        len += 1;
        len += put_decimal(&mut line[len..], m);
        line[len] = b'\n';
        out.write_all(&line[..=len])?;
    }
    Ok(())
}

/// Writes `v` in decimal at the start of `buf` (which has room for 20 digits); its length.
fn put_decimal(buf: &mut [u8], mut v: u64) -> usize {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let len = digits.len() - i;
    buf[..len].copy_from_slice(&digits[i..]);
    len
}

/// The lines of the input with their 1-based numbers (`\n`, `\r\n` or a lone `\r` ends one).
struct Lines<'a> {
    lines: text::Lines<'a>,
    /// The number of the last line read.
    line: usize,
}

impl<'a> Lines<'a> {
    fn next_nonblank(&mut self) -> Option<(usize, &'a str)> {
        for (line, text) in self.lines.by_ref() {
            self.line = line;
            if !text.bytes().all(is_c_space) {
                return Some((line, text));
            }
        }
        None
    }
}

/// The whitespace-separated tokens of one line.
struct Tokens<'a> {
    line: usize,
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> &'a str {
        // Byte scans: the boundaries are ASCII whitespace, so the slices stay on char
        // boundaries.
        let bytes = self.rest.as_bytes();
        let start = bytes.iter().position(|b| !is_c_space(*b)).unwrap_or(bytes.len());
        let len = bytes[start..].iter().position(|b| is_c_space(*b));
        let end = start + len.unwrap_or(bytes.len() - start);
        let token = &self.rest[start..end];
        self.rest = &self.rest[end..];
        token
    }

    /// A decimal number in `0..2^64`.
    fn number(&mut self, expected: &'static str) -> Result<u64, JudgeError> {
        // 1. Fast path: up to 19 digits cannot overflow, so no checks inside the loop.
        let bytes = self.rest.as_bytes();
        let start = bytes.iter().position(|b| !is_c_space(*b)).unwrap_or(bytes.len());
        if let Some((v, end)) = fast_number(bytes, start) {
            self.rest = &self.rest[end..];
            return Ok(v);
        }
        // 2. Slow path: 20 or more digits (leading zeros are fine), or not a number at all.
        self.number_checked(expected)
    }

    fn number_checked(&mut self, expected: &'static str) -> Result<u64, JudgeError> {
        let token = self.next();
        let bad = || JudgeError::BadToken { line: self.line, token: token.to_owned(), expected };
        if token.is_empty() {
            return Err(bad());
        }
        let mut v: u64 = 0;
        for b in token.bytes() {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return Err(bad());
            }
            v = v.checked_mul(10).and_then(|v| v.checked_add(u64::from(d))).ok_or_else(bad)?;
        }
        Ok(v)
    }

    fn end(&mut self) -> Result<(), JudgeError> {
        let token = self.next();
        if token.is_empty() {
            Ok(())
        } else {
            Err(JudgeError::BadToken {
                line: self.line,
                token: token.to_owned(),
                expected: "the end of the line",
            })
        }
    }
}

/// The fast path of [`Tokens::number`]: the number of 1 to 19 digits (which cannot overflow)
/// at `bytes[start..]` and the index after it, if it ends its token. `None` leaves the token
/// to the checked slow path, which parses every token right.
#[inline]
fn fast_number(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let mut i = start;
    let mut v: u64 = 0;
    while i < bytes.len() && i - start < 19 {
        let d = bytes[i].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        v = v * 10 + u64::from(d);
        i += 1;
    }
    (i > start && bytes.get(i).is_none_or(|b| is_c_space(*b))).then_some((v, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_path_takes_every_number_of_1_to_19_digits_that_ends_its_token() {
        assert_eq!(fast_number(b"9", 0), Some((9, 1)));
        assert_eq!(fast_number(b"  907 1", 2), Some((907, 5)));
        let digits = b" 9999999999999999999\n";
        assert_eq!(fast_number(digits, 1), Some((9_999_999_999_999_999_999, 20)));
        // Not a whole number of at most 19 digits: left to the slow path.
        assert_eq!(fast_number(b" 10000000000000000000", 1), None);
        assert_eq!(fast_number(b"12x", 0), None);
        assert_eq!(fast_number(b"x", 0), None);
        assert_eq!(fast_number(b" ", 1), None);
    }

    #[test]
    fn sample() {
        assert_eq!(judge_hdu5754("4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n").unwrap(), "G\nG\nD\nB\n");
        assert_eq!(judge_hdu5754("4\r\n1 5 5\r\n2 5 5\r\n3 5 5\r\n4 5 5").unwrap(), "G\nG\nD\nB\n");
        assert_eq!(judge_hdu5754("0\n").unwrap(), "");
        assert_eq!(
            judge_hdu5754("2\n\n2 1000000000000000000 1000000000000000000\n 2\t7 9 \n\n").unwrap(),
            "G\nB\n"
        );
    }

    #[test]
    fn random_input_is_valid_and_repeatable() {
        let a = random_input(500, 9, 10);
        assert_eq!(a, random_input(500, 9, 10));
        assert_ne!(a, random_input(500, 8, 10));
        assert_eq!(judge_hdu5754(&a).unwrap().len(), 1000);
        assert!(
            a.lines().skip(1).all(|l| l
                .split(' ')
                .skip(1)
                .all(|t| (2..=10).contains(&t.parse::<u64>().unwrap())))
        );
        let big = random_input(100, 1, crate::MAX_SIDE);
        assert_eq!(judge_hdu5754(&big).unwrap().len(), 200);
    }

    #[test]
    fn streamed_input_is_the_same_and_stops_at_the_first_write_error() {
        // The input as it was built before it streamed, with `format!`.
        let reference = |cases: u64, seed: u64, max_side: u64| {
            let span = u128::from(max_side - 1);
            let pick = |r: u64| 2 + ((u128::from(r) * span) >> 64) as u64;
            let mut s = format!("{cases}\n");
            for i in 0..cases {
                let r0 = sub_seed(seed, 3 * i);
                let (n, m) = (pick(sub_seed(seed, 3 * i + 1)), pick(sub_seed(seed, 3 * i + 2)));
                s += &format!("{} {n} {m}\n", 1 + r0 % 4);
            }
            s
        };
        let want = reference(300, 3, crate::MAX_SIDE);
        assert_eq!(random_input(300, 3, crate::MAX_SIDE), want);
        assert_eq!(random_input(300, 3, 2), reference(300, 3, 2));
        assert_eq!(random_input(0, 3, 10), "0\n");
        for v in [0, 9, 10, 99, 100, u64::MAX] {
            let mut buf = [0u8; 20];
            let len = put_decimal(&mut buf, v);
            assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), v.to_string());
        }
        let mut streamed = Vec::new();
        write_random_input(&mut streamed, 300, 3, crate::MAX_SIDE).unwrap();
        assert_eq!(streamed, want.as_bytes());
        // A full sink: an error, not a panic, after what fitted.
        let mut small = [0u8; 100];
        let mut sink = &mut small[..];
        let err = write_random_input(&mut sink, 300, 3, crate::MAX_SIDE).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::WriteZero);
    }

    #[test]
    fn long_numbers_take_the_checked_path() {
        assert_eq!(judge_hdu5754("1\n1 00000000000000000005 5\n").unwrap(), "G\n");
        assert_eq!(
            judge_hdu5754("1\n1 18446744073709551615 2\n").unwrap_err(),
            JudgeError::Board { line: 2, rows: u64::MAX, cols: 2 }
        );
        assert_eq!(
            judge_hdu5754("1\n1 18446744073709551616 2\n").unwrap_err(),
            JudgeError::BadToken {
                line: 2,
                token: "18446744073709551616".into(),
                expected: "the number of rows N"
            }
        );
        assert_eq!(
            judge_hdu5754("1\n1 5 5x\n").unwrap_err(),
            JudgeError::BadToken {
                line: 2,
                token: "5x".into(),
                expected: "the number of columns M"
            }
        );
    }

    #[test]
    fn errors_name_the_line() {
        let e = |s: &str| judge_hdu5754(s).unwrap_err();
        assert_eq!(e(""), JudgeError::MissingCount);
        assert_eq!(
            e("x\n"),
            JudgeError::BadToken { line: 1, token: "x".into(), expected: "the number of cases T" }
        );
        assert_eq!(
            e("1 2\n"),
            JudgeError::BadToken { line: 1, token: "2".into(), expected: "the end of the line" }
        );
        assert_eq!(
            e("2\n1 5 5\n5 5 5\n"),
            JudgeError::BadToken { line: 3, token: "5".into(), expected: "a piece type 1..=4" }
        );
        assert_eq!(
            e("1\n1 5\n"),
            JudgeError::BadToken { line: 2, token: "".into(), expected: "the number of columns M" }
        );
        assert_eq!(
            e("1\n1 5 -5\n"),
            JudgeError::BadToken {
                line: 2,
                token: "-5".into(),
                expected: "the number of columns M"
            }
        );
        assert_eq!(
            e("1\n1 99999999999999999999 5\n"),
            JudgeError::BadToken {
                line: 2,
                token: "99999999999999999999".into(),
                expected: "the number of rows N"
            }
        );
        assert_eq!(e("1\n1 1 5\n"), JudgeError::Board { line: 2, rows: 1, cols: 5 });
        assert_eq!(
            e("1\n1 1000000000000000001 5\n"),
            JudgeError::Board { line: 2, rows: 1_000_000_000_000_000_001, cols: 5 }
        );
        assert_eq!(
            e("3\n1 5 5\n\n2 5 5\n"),
            JudgeError::TooFewCases { line: 5, expected: 3, found: 2 }
        );
        assert_eq!(
            e("1\n1 5 5\n2 5 5\n"),
            JudgeError::TooManyCases { line: 3, expected: 1, token: "2".into() }
        );
        assert_eq!(
            e("1\n1 5\n").to_string(),
            "line 2: expected the number of columns M, found the end of the line"
        );
        assert!(
            e("1\n1 5 x\n")
                .to_string()
                .starts_with("line 2: expected the number of columns M, found \"x\"")
        );
    }
}
