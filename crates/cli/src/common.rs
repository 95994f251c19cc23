//! What every command shares: input and output, progress bars, JSON, colours,
//! exit codes.

use std::fmt;
use std::io::{BufWriter, IsTerminal, Read, StdoutLock, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use tabletop_core::progress::{rate, time_left};

/// The error of work that ran correctly but came back empty-handed (exit code 1): a search
/// that found nothing within its budget, a verification that found a mismatch.
#[derive(Debug)]
pub struct Unsuccessful(pub String);

impl fmt::Display for Unsuccessful {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsuccessful {}

/// Whether `file` names stdin: no file, or `-`.
pub fn is_stdin(file: Option<&Path>) -> bool {
    file.is_none_or(|f| f == Path::new("-"))
}

/// The bytes of a FILE argument as they are: the file if one is named, else stdin (also for
/// `-`).
pub fn read_bytes(file: Option<&Path>) -> anyhow::Result<Vec<u8>> {
    match file {
        Some(path) if !is_stdin(Some(path)) => {
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).context("cannot read stdin")?;
            Ok(bytes)
        }
    }
}

/// The whole input ([`read_bytes`]) as text. Text must be UTF-8 (the error names the line and
/// column of the first byte that is not); a leading byte order mark is dropped
/// ([`tabletop_core::text::decode`]). On a terminal a one-line hint says that stdin is being
/// read.
pub fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    let source = match file {
        Some(path) if !is_stdin(Some(path)) => path.display().to_string(),
        _ => {
            if std::io::stdin().is_terminal() {
                eprintln!("reading the input from stdin (Ctrl-D to end); see --help");
            }
            "stdin".to_owned()
        }
    };
    tabletop_core::text::decode_owned(read_bytes(file)?)
        .map_err(|e| anyhow::anyhow!("{source} is not UTF-8 text: {e}"))
}

/// A progress bar on stderr with `len` steps, drawn only when stderr is a terminal. `what`
/// names what a step is, as counted (`deals solved`, `hands played`). The rate is rounded and
/// the time left shows only once the rate means something (2 s and 2% in).
pub fn progress_bar(len: u64, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg}: {pos}/{len} [{elapsed}] {wide_bar} {rate}, {left}")
            .expect("the progress template is valid")
            .with_key("rate", |s: &ProgressState, w: &mut dyn fmt::Write| {
                let _ =
                    w.write_str(&if s.pos() == 0 { "-/s".to_owned() } else { rate(s.per_sec()) });
            })
            .with_key("left", |s: &ProgressState, w: &mut dyn fmt::Write| {
                let _ = w.write_str(&time_left(s.pos(), s.len(), s.elapsed(), s.eta()));
            }),
    );
    bar.set_message(what.to_owned());
    bar
}

pub use tabletop_core::text::plural;

/// Pretty JSON of `value` followed by a newline.
pub fn to_json<T: serde::Serialize>(value: &T) -> anyhow::Result<String> {
    let mut s = serde_json::to_string_pretty(value).context("cannot serialise to JSON")?;
    s.push('\n');
    Ok(s)
}

/// A report as the commands print it: pretty JSON under `--json`, else its text.
pub fn text_or_json<T: serde::Serialize + fmt::Display>(
    value: &T,
    json: bool,
) -> anyhow::Result<String> {
    if json { to_json(value) } else { Ok(value.to_string()) }
}

/// One line of compact JSON per item (JSON Lines).
pub fn json_lines<T: serde::Serialize>(items: &[T]) -> anyhow::Result<String> {
    let mut s = String::new();
    for item in items {
        s += &serde_json::to_string(item).context("cannot serialise to JSON")?;
        s.push('\n');
    }
    Ok(s)
}

/// Set before `main` when stdout was closed at start (see [`record_closed_stdout`]).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Records whether stdout is closed. Rust's runtime puts `/dev/null` on a closed standard
/// descriptor before `main` runs, so writes to a closed stdout would succeed silently: this
/// runs earlier, from the executable's `.init_array` (Linux), where a closed stdout cannot be
/// duplicated. Elsewhere a closed stdout goes undetected.
#[cfg(any(target_os = "linux", target_os = "android"))]
extern "C" fn record_closed_stdout() {
    use std::os::fd::AsFd;
    let closed = std::io::stdout().as_fd().try_clone_to_owned().is_err();
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}

#[cfg(any(target_os = "linux", target_os = "android"))]
#[allow(unsafe_code)]
// SAFETY: the function only duplicates and closes a descriptor and stores an atomic; it needs
// nothing that the Rust runtime sets up, so it may run before `main` like any C constructor.
#[unsafe(link_section = ".init_array")]
#[used]
static RECORD_CLOSED_STDOUT: extern "C" fn() = record_closed_stdout;

/// The error of a failed write to stdout, worded the same for every command; the kind is kept
/// (a pipe closed by the reader stays a `BrokenPipe`, which `main` treats as success).
fn cannot_write(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write the output: {e}"))
}

/// Fails when stdout was closed at start: a command checks this before its work.
pub fn check_stdout() -> anyhow::Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(cannot_write(std::io::Error::from_raw_os_error(9)).into());
    }
    Ok(())
}

/// Exits as clap does after a parse, except that a help or version text that cannot be
/// written is an error like any other output (exit 2; a pipe closed by the reader stays quiet).
pub fn exit_clap(e: clap::Error) -> ! {
    if e.use_stderr() {
        e.exit()
    }
    let written = if STDOUT_CLOSED.load(Ordering::Relaxed) {
        Err(std::io::Error::from_raw_os_error(9))
    } else {
        e.print().and_then(|()| std::io::stdout().flush())
    };
    match written {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("{}{}", error_prefix(), cannot_write(err));
            std::process::exit(2)
        }
        _ => std::process::exit(0),
    }
}

/// Buffered stdout, the one way results are written: every error reads `cannot write the
/// output: ...`. Call `flush` at the end (a drop cannot report an error).
pub struct Output(BufWriter<StdoutLock<'static>>);

/// Standard output for results.
pub fn stdout() -> Output {
    Output(BufWriter::with_capacity(1 << 16, std::io::stdout().lock()))
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        check_stdout().map_err(|_| cannot_write(std::io::Error::from_raw_os_error(9)))?;
        self.0.write(buf).map_err(cannot_write)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(cannot_write)
    }
}

/// Writes `text` to stdout and flushes it.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Whether stderr gets colours: `--color` (`always`, `never`), else a terminal without
/// `NO_COLOR`. Set once by `main`.
static COLOR_STDERR: AtomicBool = AtomicBool::new(false);

/// The `--color` choice from the raw arguments, read before parsing so that clap's own
/// messages follow it too; remembers for [`error_prefix`] whether stderr gets colours.
pub fn color_choice(args: &[std::ffi::OsString]) -> clap::ColorChoice {
    let mut choice = clap::ColorChoice::Auto;
    for (i, a) in args.iter().enumerate() {
        let value = match a.to_str() {
            Some("--color") => args.get(i + 1).and_then(|v| v.to_str()),
            Some(a) => a.strip_prefix("--color="),
            None => None,
        };
        match value {
            Some("always") => choice = clap::ColorChoice::Always,
            Some("never") => choice = clap::ColorChoice::Never,
            Some("auto") => choice = clap::ColorChoice::Auto,
            _ => {}
        }
    }
    // As clap decides for `auto` (anstream): NO_COLOR wins, then CLICOLOR_FORCE, then a terminal.
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    let on = match choice {
        clap::ColorChoice::Always => true,
        clap::ColorChoice::Never => false,
        clap::ColorChoice::Auto => {
            !set("NO_COLOR") && (set("CLICOLOR_FORCE") || std::io::stderr().is_terminal())
        }
    };
    COLOR_STDERR.store(on, Ordering::Relaxed);
    choice
}

/// `error: `, bold red when stderr gets colours (as clap writes it).
pub fn error_prefix() -> &'static str {
    if COLOR_STDERR.load(Ordering::Relaxed) { "\x1b[1m\x1b[31merror:\x1b[0m " } else { "error: " }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_utf8_input_is_located() {
        let path = std::env::temp_dir().join(format!("tabletop-utf8-{}.txt", std::process::id()));
        std::fs::write(&path, b"ok line\nab\xffcd\n").unwrap();
        let err = read_input(Some(&path)).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(err.ends_with("is not UTF-8 text: line 2, column 3 holds the byte 0xff"), "{err}");
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let path = std::env::temp_dir().join(format!("tabletop-bom-{}.txt", std::process::id()));
        std::fs::write(&path, "\u{feff}1\n1 5 5\n").unwrap();
        let text = read_input(Some(&path)).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(text, "1\n1 5 5\n");
    }
}
