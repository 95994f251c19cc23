//! What every command shares: input, progress bars, parallel maps, JSON, exit codes.

use std::fmt;
use std::io::{IsTerminal, Read};
use std::path::Path;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

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

/// The whole input: the file if one is named, else stdin. Text must be UTF-8 (the error
/// names the line and column of the first byte that is not); a leading byte order mark is
/// dropped.
pub fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    let (bytes, source) = match file {
        Some(path) => (
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?,
            path.display().to_string(),
        ),
        None => {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).context("cannot read stdin")?;
            (bytes, "stdin".to_owned())
        }
    };
    let text = String::from_utf8(bytes).map_err(|err| {
        let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        anyhow::anyhow!(
            "{source} is not UTF-8 text: line {line}, column {column} holds the byte 0x{:02x}",
            err.as_bytes()[valid.len()]
        )
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// A progress bar on stderr with `len` steps, drawn only when stderr is a terminal.
pub fn progress_bar(len: u64, message: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta})",
        )
        .expect("the progress template is valid"),
    );
    bar.set_message(message.to_owned());
    bar
}

/// `f` over `0..n` on all cores, results in index order, with a progress bar.
pub fn par_map_progress<T, F>(n: u64, message: &str, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(u64) -> T + Sync + Send,
{
    let bar = progress_bar(n, message);
    let out = (0..n)
        .into_par_iter()
        .map(|i| {
            let r = f(i);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    out
}

/// Pretty JSON of `value` followed by a newline.
pub fn to_json<T: serde::Serialize>(value: &T) -> anyhow::Result<String> {
    let mut s = serde_json::to_string_pretty(value).context("cannot serialise to JSON")?;
    s.push('\n');
    Ok(s)
}

/// A text histogram: one line per (label, count), bars scaled to `width` characters.
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

    #[test]
    fn histogram_scales_bars() {
        let h = histogram(&[("0".into(), 10), ("1".into(), 5), ("2".into(), 0)], 10);
        let lines: Vec<&str> = h.lines().collect();
        assert!(lines[0].ends_with(&"#".repeat(10)));
        assert!(lines[1].ends_with(" #####"));
        assert!(lines[2].ends_with("% "));
    }
}
