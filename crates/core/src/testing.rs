//! What the games' tests share (behind the `testing` feature, for `[dev-dependencies]` only):
//! the checks that a parser reads any whitespace as the original `scanf`/`cin` judges do, and
//! that its time grows linearly with its input.
//!
//! - [`respaced`]: a text with its whitespace changed in every way such a reader must not
//!   notice (CRLF, lone CR, tabs, vertical tabs, form feeds, blank lines, ...), as far as the
//!   reader's answers depend on lines ([`Keep`]).
//! - [`linear_time`]: runs a parse on an input of size n/8 and of size n and fails if its time
//!   grew more than 27-fold: linear code grows 8-fold, quadratic code 64-fold. It asserts no
//!   absolute time, so a slow machine does not fail it, and it times the thread rather than
//!   the machine, so a busy one does not either (its docs say why).
//!
//! ```
//! use tabletop_core::testing::{Keep, MILLION, linear_time, respaced};
//! use tabletop_core::text::words;
//!
//! // A million tokens on one line are read in linear time, and the value is the big run's.
//! let count = linear_time("words, one line", MILLION, |n| "9S ".repeat(n), |text| {
//!     words(text).count()
//! });
//! assert_eq!(count, MILLION);
//!
//! // Any line break and any whitespace: the same tokens on the same lines.
//! let sample = "4 3\n11 6\n";
//! let lines_and_tokens = |text: &str| -> Vec<(usize, String)> {
//!     words(text).map(|(line, _, token)| (line, token.to_string())).collect()
//! };
//! for (name, text) in respaced(sample, Keep::LineNumbers) {
//!     assert_eq!(lines_and_tokens(&text), lines_and_tokens(sample), "{name}");
//! }
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

/// A million: the size of the big inputs of the parsers' linear-time tests.
pub const MILLION: usize = 1_000_000;

/// What of a text's layout a reader depends on, and so which whitespace changes [`respaced`]
/// may make without changing the reader's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Every token stays on its line and in its order: for readers whose answers or errors
    /// name line numbers. Line breaks become CRLF or a lone CR; spaces become tabs, vertical
    /// tabs, or a space, a form feed and a tab.
    LineNumbers,
    /// The lines and their order, but blank lines may come between them: for readers that
    /// skip blank lines. Adds to [`Keep::LineNumbers`] every line break as `\r\r\n` (followed
    /// by a blank line) with the spaces mixed.
    Lines,
    /// Only the tokens and their order: for readers of a stream of tokens (`scanf("%d")`,
    /// `cin >>`). Adds to [`Keep::Lines`] line breaks as tabs, as vertical tabs, and as mixed
    /// whitespace.
    Tokens,
}

/// `text` with its whitespace changed in every way that a reader keeping `keep` must not
/// notice, each with a short name for the failure message. `text` breaks lines with `\n` and
/// separates tokens with spaces; it has no `\r` (a precondition, asserted).
///
/// ```
/// use tabletop_core::testing::{Keep, respaced};
///
/// let variants = respaced("4 3\n6\n", Keep::LineNumbers);
/// assert_eq!(variants[0], ("CRLF", "4 3\r\n6\r\n".to_string()));
/// assert_eq!(variants.len(), 5);
/// assert_eq!(respaced("4 3\n6\n", Keep::Tokens).len(), 9);
/// ```
pub fn respaced(text: &str, keep: Keep) -> Vec<(&'static str, String)> {
    assert!(!text.contains('\r'), "respaced: the text must break lines with \\n alone");
    let mut variants = vec![
        ("CRLF", text.replace('\n', "\r\n")),
        ("lone CR", text.replace('\n', "\r")),
        ("tabs", text.replace(' ', "\t")),
        ("vertical tabs", text.replace(' ', "\x0b")),
        ("form feeds and mixed spaces", text.replace(' ', " \x0c\t")),
    ];
    if keep != Keep::LineNumbers {
        variants.push(("blank lines", text.replace(' ', " \x0c\t").replace('\n', "\r\r\n")));
    }
    if keep == Keep::Tokens {
        variants.extend([
            ("line breaks as tabs", text.replace('\n', "\t")),
            ("all whitespace as vertical tabs", text.replace([' ', '\n'], "\x0b")),
            ("line breaks as mixed whitespace", text.replace('\n', " \x0c\t\r\r\n")),
        ]);
    }
    variants
}

/// How many times larger the big input of [`linear_time`] is than the small one.
pub const GROWTH: usize = 8;

/// The largest ratio of the times on the big and the small input that [`linear_time`]
/// accepts: 3 per doubling of the input, so 27 for [`GROWTH`] 8. Linear code gives 8 (4 to 18
/// measured on a loaded machine: caches, allocation), quadratic code 64, and a quadratic step
/// that costs as much as the linear work on the small input still 36.
pub const MAX_RATIO: f64 = 27.0;

/// Each timing of the small input repeats its run until the timing takes this long (and the
/// big input's as many times less as it is larger), so that the resolution and the reading of
/// the clock and a stray interrupt do not count.
const MIN_TIMING: Duration = Duration::from_millis(3);

/// The most repetitions in one timing (for runs that take constant time).
const MAX_REPS: u32 = 1 << 14;

/// The most rounds (one timing of each size) before a failure.
const MAX_ROUNDS: usize = 7;

/// Fewer rounds (two at least) decide a failure once the timings add up to this: linear checks
/// take a fraction of a second in all, and a quadratic parser's big run can take minutes.
const LONG_CHECK: Duration = Duration::from_secs(10);

/// The value of `run` on `input(size)`, checking that `run`'s time grows linearly with the
/// size of its input: `run` takes at most [`MAX_RATIO`] (27) times as long on
/// `input(size)` as on `input(size / GROWTH)` ([`GROWTH`] is 8). Panics, naming `what`,
/// when it takes longer. `size` is in whatever unit `input` counts: tokens, lines, cases.
///
/// Building the inputs is not timed. Choose `size` so that `run` on the small input takes a
/// millisecond or more; shorter runs are repeated within one timing, but a constant part of
/// the work (setup, the first token's error) then hides more of the growth.
///
/// # Why it does not fail on a busy machine
///
/// - It times the thread, not the machine: the time is the wall clock less the time the
///   thread waited for a CPU while other processes ran (Linux's `/proc/thread-self/schedstat`,
///   in nanoseconds; elsewhere the wall clock alone). On a machine with more runnable threads
///   than cores a short run may finish within one time slice while a long one waits between
///   several, so wall-clock ratios swing by an order of magnitude; this time does not.
/// - What is left (cache and memory traffic of other processes, a hypervisor's stolen time)
///   only ever adds time, so the fastest of the timings of each size is its best estimate.
///   The two sizes are timed in alternation, so a busy spell slows both.
/// - The bound leaves room on both sides. Linear code gives about 8; it passes after the
///   first round if the ratio is below half the bound (13.5), else after any later round with
///   the ratio of the fastest timings below 27. Quadratic code gives 64: it would pass only if
///   both small-input timings of the first round were slowed 4.7-fold, or later all of them
///   2.4-fold. (One timing alone is, now and then, by tens of milliseconds: a pause of the
///   virtual machine, or a lock the thread sleeps on, is no wait for a CPU.) A failure needs
///   the ratio above 27 after every one of seven rounds: each big-input timing slowed 2.5-fold
///   or more while some small-input timing was not (two rounds suffice once the timings add up
///   to 10 s, which only superlinear code reaches).
pub fn linear_time<I, T>(
    what: &str,
    size: usize,
    mut input: impl FnMut(usize) -> I,
    mut run: impl FnMut(&I) -> T,
) -> T {
    assert!(size >= GROWTH, "{what}: size {size} is too small to grow {GROWTH}-fold");
    let sizes = [size / GROWTH, size];
    let inputs = [input(sizes[0]), input(sizes[1])];
    // The small input's first timing: one run, then (while a timing is shorter than
    // MIN_TIMING) batches of as many runs as the last one says it takes, at least twice as
    // many each time. The last timing counts; its runs, an eighth as many for the big input,
    // are those of every later timing.
    let mut reps: u32 = 1;
    let first = loop {
        let (per_run, _) = time(reps, &inputs[0], &mut run);
        if per_run * reps >= MIN_TIMING || reps == MAX_REPS {
            break per_run;
        }
        let wanted = MIN_TIMING.as_nanos().div_ceil(per_run.as_nanos().max(1));
        reps = u32::try_from(wanted).unwrap_or(MAX_REPS).max(2 * reps).min(MAX_REPS);
    };
    let reps = [reps, (reps / GROWTH as u32).max(1)];
    // So the first round has two timings of the small input, and a timing slowed by a
    // hypervisor's pause (tens of milliseconds, now and then) does not decide it alone.
    let mut times: [Vec<Duration>; 2] = [vec![first], Vec::new()];
    let mut value = None;
    let mut ratio = 0.0;
    let mut spent = first * reps[0];
    for round in 0..MAX_ROUNDS {
        // Small then big in even rounds, big then small in odd ones.
        for i in [round % 2, 1 - round % 2] {
            let (per_run, v) = time(reps[i], &inputs[i], &mut run);
            times[i].push(per_run);
            spent += per_run * reps[i];
            if i == 1 {
                value = Some(v);
            }
        }
        let fastest = times.each_ref().map(|t| t.iter().min().map_or(0.0, Duration::as_secs_f64));
        ratio = fastest[1] / fastest[0].max(1e-9);
        let bound = if round == 0 { MAX_RATIO / 2.0 } else { MAX_RATIO };
        if ratio < bound {
            // Shown by `cargo test -- --nocapture`: how far each check is from its bound.
            println!("{}", report(what, sizes, ratio, &times));
            return value.expect("the big input ran");
        }
        if round >= 1 && spent >= LONG_CHECK {
            break;
        }
    }
    panic!("{}", report(what, sizes, ratio, &times));
}

/// What [`linear_time`] measured, for its failure message.
fn report(what: &str, sizes: [usize; 2], ratio: f64, times: &[Vec<Duration>; 2]) -> String {
    let clock = if waited().is_some() { "time on a CPU" } else { "wall clock" };
    format!(
        "{what}: the time grew {ratio:.1}-fold from size {} to size {} (at most {MAX_RATIO} \
         for linear time); {clock} per run, small input {:?}, big input {:?}",
        sizes[0], sizes[1], times[0], times[1]
    )
}

/// The time per run of `reps` runs of `run` on `input`, with the last run's value.
fn time<I, T>(reps: u32, input: &I, run: &mut impl FnMut(&I) -> T) -> (Duration, T) {
    // The waits are read inside the wall-clock interval: a wait while reading them counts as
    // time, never the reverse.
    let start = Instant::now();
    let waited_before = waited();
    let mut value = run(black_box(input));
    for _ in 1..reps {
        drop(black_box(value));
        value = run(black_box(input));
    }
    let waited = match (waited_before, waited()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => Duration::ZERO,
    };
    (start.elapsed().saturating_sub(waited) / reps, value)
}

/// How long the calling thread has waited, runnable, for a CPU since it started, if the system
/// says (Linux with scheduler statistics).
fn waited() -> Option<Duration> {
    run_delay(&std::fs::read_to_string("/proc/thread-self/schedstat").ok()?)
}

/// The wait for a CPU in a `schedstat` line: its fields are the time on a CPU, the time
/// waiting for one (both in nanoseconds) and the number of time slices.
fn run_delay(schedstat: &str) -> Option<Duration> {
    let nanos = schedstat.split_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{lines, words};

    const SAMPLE: &str = "4 3 2\n11\n\n12 5 9\n";

    #[test]
    fn respaced_variants_are_exactly_these() {
        let got = respaced("a b\nc", Keep::Tokens);
        let want = [
            ("CRLF", "a b\r\nc"),
            ("lone CR", "a b\rc"),
            ("tabs", "a\tb\nc"),
            ("vertical tabs", "a\x0bb\nc"),
            ("form feeds and mixed spaces", "a \x0c\tb\nc"),
            ("blank lines", "a \x0c\tb\r\r\nc"),
            ("line breaks as tabs", "a b\tc"),
            ("all whitespace as vertical tabs", "a\x0bb\x0bc"),
            ("line breaks as mixed whitespace", "a b \x0c\t\r\r\nc"),
        ];
        assert_eq!(got, want.map(|(name, text)| (name, text.to_string())));
        assert_eq!(respaced("a b\nc", Keep::LineNumbers), got[..5]);
        assert_eq!(respaced("a b\nc", Keep::Lines), got[..6]);
    }

    /// The tokens of each line that has some, with the line's number.
    fn lines_with_tokens(text: &str) -> Vec<(usize, Vec<&str>)> {
        let tokens = lines(text).map(|(number, l)| (number, l.split_whitespace().collect()));
        tokens.filter(|(_, t): &(usize, Vec<&str>)| !t.is_empty()).collect()
    }

    #[test]
    fn respaced_keeps_what_it_says() {
        let want = lines_with_tokens(SAMPLE);
        for keep in [Keep::LineNumbers, Keep::Lines, Keep::Tokens] {
            for (name, text) in respaced(SAMPLE, keep) {
                assert_ne!(text, SAMPLE, "{keep:?}, {name}");
                assert!(text.split_whitespace().eq(SAMPLE.split_whitespace()), "{name}");
                let got = lines_with_tokens(&text);
                match keep {
                    Keep::LineNumbers => assert_eq!(got, want, "{name}"),
                    Keep::Lines => {
                        assert!(got.iter().map(|l| &l.1).eq(want.iter().map(|l| &l.1)), "{name}");
                    }
                    Keep::Tokens => {}
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "\\n alone")]
    fn respaced_refuses_carriage_returns() {
        respaced("4 3\r\n", Keep::Tokens);
    }

    #[test]
    fn linear_work_passes_and_gives_the_big_runs_value() {
        let count = linear_time("words", MILLION, |n| "9S ".repeat(n), |t| words(t).count());
        assert_eq!(count, MILLION);
        let mut sizes = Vec::new();
        let last = linear_time(
            "sum",
            1 << 20,
            |n| {
                sizes.push(n);
                vec![1u8; n]
            },
            |v| v.iter().map(|&b| u64::from(b)).sum::<u64>(),
        );
        assert_eq!((sizes, last), (vec![1 << 17, 1 << 20], 1 << 20));
    }

    #[test]
    fn constant_work_passes() {
        assert_eq!(linear_time("first", MILLION, |n| vec![7u8; n], |v| v[0]), 7);
    }

    /// Counting, for every byte, the bytes before it: n²/2 steps, as a parser that counts the
    /// line or column of each token from the start of the text.
    fn quadratic(bytes: &[u8]) -> usize {
        (0..bytes.len())
            .map(|i| black_box(&bytes[..i]).iter().filter(|&&b| b == b'\n').count())
            .sum()
    }

    #[test]
    fn quadratic_work_fails() {
        let result = std::panic::catch_unwind(|| {
            linear_time("quadratic", 8_000, |n| "9S\n".repeat(n / 3).into_bytes(), |b| quadratic(b))
        });
        let message = result.expect_err("quadratic work fails");
        let message = message.downcast_ref::<String>().expect("a formatted message");
        assert!(message.starts_with("quadratic: the time grew "), "{message}");
        assert!(message.contains("from size 1000 to size 8000"), "{message}");
    }

    #[test]
    #[should_panic(expected = "too small")]
    fn a_size_that_cannot_grow_is_refused() {
        linear_time("tiny", GROWTH - 1, |n| n, |&n| n);
    }

    #[test]
    fn the_bound_is_three_per_doubling() {
        assert!(GROWTH.is_power_of_two());
        assert_eq!(MAX_RATIO, 3f64.powi(GROWTH.trailing_zeros() as i32));
        assert!(MAX_RATIO < (GROWTH * GROWTH) as f64 / 2.0);
    }

    #[test]
    fn the_wait_for_a_cpu_is_the_second_field_of_schedstat() {
        assert_eq!(run_delay("2841 1200 7\n"), Some(Duration::from_nanos(1200)));
        assert_eq!(run_delay("2841"), None);
        assert_eq!(run_delay("2841 x 7"), None);
        if cfg!(target_os = "linux") {
            assert!(waited().is_some(), "Linux has /proc/thread-self/schedstat");
        }
    }
}
