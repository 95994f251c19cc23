//! `tabletop._native.census`: one shard of the Nine census solved into its file (resumed when
//! the file holds part of it), and the merge of census files; the Ray driver that runs shards
//! as tasks is `python/tabletop/census.py`. The file handling is the library's
//! (`tabletop_nine::ShardFile`, as `tabletop nine census`).

use std::path::PathBuf;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use tabletop_core::drive::NO_PROGRESS;
use tabletop_nine::{
    Census, CensusFileError, CensusReport, Shard, ShardFile, census_json, merge_census_files,
    write_census,
};

use tabletop_play::limits;

use crate::args;
use crate::error::chain;
use crate::interrupt::{interrupted, interruptible};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The Python exception of a census file's error: OSError for reading and writing, else
/// ValueError (KeyboardInterrupt for a cancelled run).
fn file_error(e: CensusFileError) -> PyErr {
    match e {
        CensusFileError::Read { .. } | CensusFileError::Write { .. } => {
            PyOSError::new_err(chain(&e))
        }
        CensusFileError::OtherShard { path, shard, .. } => {
            value_error(format!("{} holds another census than shard {shard}", path.display()))
        }
        CensusFileError::Cancelled(_) => interrupted(),
        e => value_error(chain(&e)),
    }
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
    // Each number's range here; Shard::new checks index <= count.
    let index = index.get("index", 1, i128::from(u32::MAX))? as u32;
    let count = count.get("count", 1, i128::from(u32::MAX))? as u32;
    let checkpoint = checkpoint.get("checkpoint", 1, limits::NINE_CENSUS_MAX_CHECKPOINT.into())?;
    let threads = threads.map(|t| t.get("threads", 0, limits::MAX_THREADS.into())).transpose()?;
    let (checkpoint, threads) = (checkpoint as u64, threads.map(|t| t as usize));
    let shard = Shard::new(index, count).map_err(value_error)?;
    let mut file = ShardFile::open(shard, &out).map_err(file_error)?;
    // Ctrl-C stops the solving within a class or so and raises KeyboardInterrupt; the file
    // keeps the chunks finished before.
    interruptible(py, |cancel| file.run(checkpoint, threads, None, cancel, NO_PROGRESS))?
        .map_err(file_error)?;
    Ok(census_json(file.census()).trim_end().to_owned())
}

/// The merge of census files of distinct shards of the same count, as JSON text: the JSON of
/// `tabletop nine census --merge FILES --json` (complete or not).
///
/// Raises ValueError when the files do not merge, OSError when one cannot be read.
#[pyfunction]
fn merge(py: Python<'_>, files: Vec<PathBuf>) -> PyResult<String> {
    let merged = py.detach(|| merge_census_files(&files)).map_err(file_error)?;
    Ok(census_json(&merged).trim_end().to_owned())
}

/// Whether the file `path` holds shard `index` of `count`, done (False when it does not
/// exist, cannot be read, or holds anything else).
#[pyfunction]
fn shard_done(index: args::Int, count: args::Int, path: PathBuf) -> bool {
    let number = |n: args::Int| n.get("", 0, u32::MAX.into()).ok().map(|n| n as u32);
    let (Some(index), Some(count)) = (number(index), number(count)) else { return false };
    Shard::new(index, count)
        .ok()
        .and_then(|shard| ShardFile::open(shard, &path).ok())
        .is_some_and(|file| path.exists() && file.is_done())
}

/// Writes the census `text` (a census's JSON, as `run_shard` returns it) to the file `path`
/// as `run_shard` writes its files: checked, then through a renamed temporary file.
///
/// Raises ValueError when the text is not a valid census, OSError when the file cannot be
/// written.
#[pyfunction]
fn save(text: &str, path: PathBuf) -> PyResult<()> {
    let report: CensusReport =
        serde_json::from_str(text).map_err(|e| value_error(format!("not a census: {e}")))?;
    let census =
        Census::try_from(report).map_err(|e| value_error(format!("not a valid census: {e}")))?;
    write_census(&path, &census).map_err(file_error)
}

/// The census functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__doc__", "The census of every Nine deal: one shard into its file, and merges.")?;
    m.add("CLASSES", tabletop_nine::CLASSES)?;
    m.add("DEALS", tabletop_nine::Deal::COUNT)?;
    m.add("BLOCKS", Shard::BLOCKS)?;
    m.add_function(wrap_pyfunction!(run_shard, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(shard_done, m)?)?;
    m.add_function(wrap_pyfunction!(save, m)?)?;
    Ok(())
}
