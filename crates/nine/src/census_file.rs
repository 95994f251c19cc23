//! The census's files: one shard solved into its file and resumed from it, and the merge of
//! files (`tabletop nine census`, Python's `tabletop.census`), with the `census-file` feature.
//!
//! A file holds the JSON of a [`CensusReport`]. It is rewritten after each chunk through a new
//! file renamed over it (`FILE.part`, then renamed), so the file is always a whole census:
//! after Ctrl-C, a crash or a cancel it holds the chunks finished before, and opening the same
//! shard again resumes from there.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tabletop_core::cancel::{self, Cancel};
use tabletop_core::drive::{Progress, ThreadsError};

use crate::census::{Census, CensusReport, Shard};
use crate::error::CensusError;

/// Why a census file cannot be read, run, written or merged.
#[derive(Debug, thiserror::Error)]
pub enum CensusFileError {
    /// The file cannot be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is not UTF-8 text.
    #[error("{} is not UTF-8 text", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// Where.
        #[source]
        source: tabletop_core::text::NotUtf8,
    },
    /// The file is not the JSON of a census.
    #[error("{} is not a census file", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: serde_json::Error,
    },
    /// The file's census does not add up.
    #[error("{} is not a valid census", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: CensusError,
    },
    /// The file holds other shards than the one to run.
    #[error("{} holds {holds}, not shard {shard}", path.display())]
    OtherShard {
        /// The file.
        path: PathBuf,
        /// What it holds: `shard 7/40000`, `2 shards of 8`.
        holds: String,
        /// The shard asked for.
        shard: Shard,
    },
    /// The file cannot be written.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file written (the temporary file or the file itself).
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The census cannot be run or merged.
    #[error(transparent)]
    Census(#[from] CensusError),
    /// The threads cannot be started.
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// The run was cancelled: the file holds the chunks finished before.
    #[error(transparent)]
    Cancelled(#[from] tabletop_core::drive::Cancelled),
}

/// Reads a census file: the JSON of a [`CensusReport`], checked.
///
/// # Errors
/// [`CensusFileError::Read`], [`CensusFileError::NotText`], [`CensusFileError::Format`],
/// [`CensusFileError::Invalid`].
pub fn read_census(path: &Path) -> Result<Census, CensusFileError> {
    let bytes = std::fs::read(path)
        .map_err(|source| CensusFileError::Read { path: path.to_owned(), source })?;
    let text = tabletop_core::text::decode_owned(bytes)
        .map_err(|source| CensusFileError::NotText { path: path.to_owned(), source })?;
    let report: CensusReport = serde_json::from_str(&text)
        .map_err(|source| CensusFileError::Format { path: path.to_owned(), source })?;
    Census::try_from(report)
        .map_err(|source| CensusFileError::Invalid { path: path.to_owned(), source })
}

/// The pretty JSON of `census`'s report and a newline: a census file's text.
pub fn census_json(census: &Census) -> String {
    let mut text =
        serde_json::to_string_pretty(&census.report()).expect("a census report serialises");
    text.push('\n');
    text
}

/// Writes `census` to `path` through a new file (`path` with `.part` added) renamed over it,
/// so that the file is always a whole census.
///
/// # Errors
/// [`CensusFileError::Write`].
pub fn write_census(path: &Path, census: &Census) -> Result<(), CensusFileError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, census_json(census))
        .map_err(|source| CensusFileError::Write { path: tmp.clone(), source })?;
    std::fs::rename(&tmp, path)
        .map_err(|source| CensusFileError::Write { path: path.to_owned(), source })
}

/// The merge of census files of distinct shards of the same count.
///
/// # Errors
/// A file that cannot be read ([`read_census`]); [`CensusFileError::Census`] when they do not
/// merge.
pub fn merge_census_files<P: AsRef<Path>>(files: &[P]) -> Result<Census, CensusFileError> {
    let parts = files.iter().map(|f| read_census(f.as_ref())).collect::<Result<Vec<_>, _>>()?;
    Ok(Census::merge(parts)?)
}

/// `shard 3/8`, `2 shards of 8`: what a census holds.
pub fn describe_shards(census: &Census) -> String {
    match census.shards() {
        [r] => format!("shard {}/{}", r.index, census.shard_count()),
        many => format!("{} shards of {}", many.len(), census.shard_count()),
    }
}

/// One shard of the census and its file: opened (resumed when the file holds part of it) and
/// run to the end, or until a time limit or a cancel.
#[derive(Debug)]
pub struct ShardFile {
    path: PathBuf,
    census: Census,
}

impl ShardFile {
    /// Shard `shard` in the file `path`: what the file holds, or a new census when there is
    /// no file.
    ///
    /// # Errors
    /// A file that cannot be read ([`read_census`]); [`CensusFileError::OtherShard`] when it
    /// holds another shard.
    pub fn open(shard: Shard, path: &Path) -> Result<ShardFile, CensusFileError> {
        let census = if path.exists() { read_census(path)? } else { Census::new(shard) };
        match census.shards() {
            [r] if census.shard_count() == shard.count() && r.index == shard.index() => {}
            _ => {
                let holds = describe_shards(&census);
                return Err(CensusFileError::OtherShard { path: path.to_owned(), holds, shard });
            }
        }
        Ok(ShardFile { path: path.to_owned(), census })
    }

    /// The census so far.
    pub fn census(&self) -> &Census {
        &self.census
    }

    /// Whether every block of the shard is solved.
    pub fn is_done(&self) -> bool {
        self.census.shards()[0].is_done()
    }

    /// The classes solved so far.
    pub fn classes_done(&self) -> u64 {
        self.census.shards()[0].classes
    }

    /// The shard's classes.
    ///
    /// # Errors
    /// As [`Census::shard_classes`].
    pub fn classes(&self) -> Result<u64, CensusFileError> {
        Ok(self.census.shard_classes()?)
    }

    /// Solves the blocks not done yet in chunks of at least `checkpoint` classes on `threads`
    /// threads (None: one per core), the file rewritten after each chunk; stops at the first
    /// save after `stop_after`. `progress` is told of each class solved. The file is written
    /// at the end if it does not exist yet (a shard with no blocks, or done already).
    ///
    /// # Errors
    /// [`CensusFileError::Write`] (the run stops at the failed save);
    /// [`CensusFileError::Threads`]; [`CensusFileError::Cancelled`] when `cancel` was set
    /// (the file holds the chunks finished before).
    pub fn run(
        &mut self,
        checkpoint: u64,
        threads: Option<usize>,
        stop_after: Option<Duration>,
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<(), CensusFileError> {
        if !self.is_done() {
            let start = Instant::now();
            let (path, census) = (&self.path, &mut self.census);
            let mut saved = Ok(());
            tabletop_core::drive::with_threads(threads, || {
                cancel::scope(cancel, || {
                    census.run(
                        checkpoint,
                        || progress(1),
                        |c| {
                            saved = write_census(path, c);
                            match (&saved, stop_after) {
                                (Err(_), _) => std::ops::ControlFlow::Break(()),
                                (_, Some(limit)) if start.elapsed() >= limit => {
                                    std::ops::ControlFlow::Break(())
                                }
                                _ => std::ops::ControlFlow::Continue(()),
                            }
                        },
                    )
                })
            })??;
            saved?;
            tabletop_core::drive::check(cancel)?;
        }
        if !self.path.exists() {
            write_census(&self.path, &self.census)?;
        }
        Ok(())
    }
}
