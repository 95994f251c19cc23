//! `tabletop._native.census`: one shard of the Nine census solved into its file (resumed when
//! the file holds part of it), and the merge of census files; the Ray driver that runs shards
//! as tasks is `python/tabletop/census.py`. The file handling is `tabletop nine census`'s: the
//! file is rewritten after each chunk through a renamed temporary file, and its JSON is
//! `CensusReport`'s.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use tabletop_core::cancel;
use tabletop_nine::{Census, CensusReport, Shard};

use crate::args;
use crate::interrupt::interruptible;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The census in `path`, checked.
fn read(path: &Path) -> PyResult<Census> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
    let report: CensusReport = serde_json::from_str(&text)
        .map_err(|e| value_error(format!("{} is not a census file: {e}", path.display())))?;
    Census::try_from(report)
        .map_err(|e| value_error(format!("{} is not a valid census: {e}", path.display())))
}

/// `census` written to `path` through a renamed temporary file.
fn write(path: &Path, census: &Census) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    let text = serde_json::to_string_pretty(&census.report()).map_err(std::io::Error::other)?;
    std::fs::write(&tmp, text + "\n")?;
    std::fs::rename(&tmp, path)
}

/// Solves shard `index` of `count` (1 <= index <= count) into the file `out`, resuming what the
/// file holds, and returns the shard's census as JSON text (the file's content). The GIL is
/// released while it runs; `threads` threads solve (default: one per core).
///
/// Raises ValueError for a bad shard or a file that holds another shard, OSError when the
/// file cannot be read or written.
#[pyfunction]
#[pyo3(signature = (index, count, out, checkpoint = args::Int::of(50_000), threads = None))]
fn run_shard(
    py: Python<'_>,
    index: args::Int,
    count: args::Int,
    out: PathBuf,
    checkpoint: args::Int,
    threads: Option<args::Int>,
) -> PyResult<String> {
    // The types' ranges here; Shard::new checks 1 <= index <= count.
    let index = index.get("index", 0, i128::from(u32::MAX))? as u32;
    let count = count.get("count", 0, i128::from(u32::MAX))? as u32;
    let checkpoint = checkpoint.get("checkpoint", 1, i128::from(u64::MAX))? as u64;
    let threads = threads.map(|t| t.get("threads", 0, 1024)).transpose()?.map(|t| t as usize);
    let shard = Shard::new(index, count).map_err(value_error)?;
    let mut census = if out.exists() { read(&out)? } else { Census::new(shard) };
    match census.shards() {
        [r] if census.shard_count() == count && r.index == index => {}
        _ => {
            return Err(value_error(format!(
                "{} holds another census than shard {shard}",
                out.display()
            )));
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(value_error)?;
    // Ctrl-C stops the solving within a class or so (rayon's workers read the flag through the
    // scope entered in the pool) and raises KeyboardInterrupt; the file keeps the chunks
    // finished before.
    let written = interruptible(py, |cancel| -> std::io::Result<()> {
        let mut saved = Ok(());
        pool.install(|| {
            cancel::scope(cancel, || {
                census.run(
                    checkpoint,
                    || {},
                    |c| {
                        saved = write(&out, c);
                        if saved.is_err() {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    },
                )
            })
        })
        .expect("a census of one shard");
        saved?;
        if cancel.is_cancelled() {
            return Ok(()); // the file holds the chunks done; the caller raises
        }
        write(&out, &census)
    })?;
    written.map_err(|e| PyOSError::new_err(format!("cannot write {}: {e}", out.display())))?;
    serde_json::to_string_pretty(&census.report()).map_err(value_error)
}

/// The merge of census files of distinct shards of the same count, as JSON text: the JSON of
/// `tabletop nine census --merge FILES --json` (complete or not).
///
/// Raises ValueError when the files do not merge, OSError when one cannot be read.
#[pyfunction]
fn merge(py: Python<'_>, files: Vec<PathBuf>) -> PyResult<String> {
    let parts = files.iter().map(|f| read(f)).collect::<PyResult<Vec<Census>>>()?;
    let merged = py.detach(|| Census::merge(parts)).map_err(value_error)?;
    serde_json::to_string_pretty(&merged.report()).map_err(value_error)
}

/// The census functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__doc__", "The census of every Nine deal: one shard into its file, and merges.")?;
    m.add("CLASSES", tabletop_nine::CLASSES)?;
    m.add("DEALS", tabletop_nine::Deal::COUNT)?;
    m.add("BLOCKS", Shard::BLOCKS)?;
    m.add_function(wrap_pyfunction!(run_shard, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    Ok(())
}
