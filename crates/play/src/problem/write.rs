//! A test package written into a directory, whole or not at all ([`Package::write_to`]).

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::Package;

/// Why a package was not written; the directory is as it was.
#[derive(Debug, Error)]
pub enum WritePackageError {
    /// A file or directory could not be read, written, moved or removed.
    #[error("cannot {what} {}", path.display())]
    Io {
        /// What was done: `read`, `create`, `write`, `remove`.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// A file or directory could not be moved.
    #[error("cannot move {} to {}", from.display(), to.display())]
    Move {
        /// From.
        from: PathBuf,
        /// To.
        to: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The path is a file.
    #[error("{} is not a directory", .0.display())]
    NotADirectory(PathBuf),
    /// The path names no directory (`..`, `/`).
    #[error("{} names no directory", .0.display())]
    NoName(PathBuf),
    /// The directory holds files that are not a package's, and writing beside them was not
    /// asked for.
    #[error(
        "{} holds files that are not a test package's ({}): refusing to write into it without \
         being forced",
        path.display(),
        files.join(", ")
    )]
    Foreign {
        /// The directory.
        path: PathBuf,
        /// Those files' names, sorted.
        files: Vec<String>,
    },
    /// The path could not be resolved.
    #[error(transparent)]
    Resolve(io::Error),
}

fn io_error(what: &'static str, path: &Path) -> impl FnOnce(io::Error) -> WritePackageError {
    let path = path.to_path_buf();
    move |source| WritePackageError::Io { what, path, source }
}

fn moved(from: &Path, to: &Path) -> Result<(), WritePackageError> {
    std::fs::rename(from, to).map_err(|source| WritePackageError::Move {
        from: from.to_path_buf(),
        to: to.to_path_buf(),
        source,
    })
}

impl Package {
    /// Writes the package's files ([`Package::files`]) into `out`, whole or not at all: the
    /// files are written into a new directory first, then moved into place.
    ///
    /// - `out` absent: the new directory becomes `out`.
    /// - `out` a directory holding an earlier package, or nothing: it is replaced whole, so
    ///   no test of the earlier package stays.
    /// - `out` holding other files too: refused, unless `force`; then the earlier package's
    ///   files are removed and the new ones moved in beside the others. So too when `out` is
    ///   a symbolic link (the files go where it points) or holds the current directory (which
    ///   must stay).
    ///
    /// # Errors
    /// A path that is not a directory, other files without `force`, or a file system error;
    /// the directory is then as it was.
    pub fn write_to(&self, out: &Path, force: bool) -> Result<(), WritePackageError> {
        let link = std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink());
        let old: Option<Vec<(String, bool)>> = match std::fs::metadata(out) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_error("read", out)(e)),
            Ok(m) if !m.is_dir() => return Err(WritePackageError::NotADirectory(out.into())),
            Ok(_) => Some(
                std::fs::read_dir(out)
                    .and_then(|entries| {
                        entries
                            .map(|e| {
                                let e = e?;
                                let name = e.file_name().to_string_lossy().into_owned();
                                let ours =
                                    e.file_type()?.is_file() && Package::is_package_file(&name);
                                Ok((name, ours))
                            })
                            .collect()
                    })
                    .map_err(io_error("read", out))?,
            ),
        };
        let mut foreign: Vec<String> =
            old.iter().flatten().filter(|(_, ours)| !ours).map(|(n, _)| n.clone()).collect();
        foreign.sort_unstable();
        if !foreign.is_empty() && !force {
            return Err(WritePackageError::Foreign { path: out.into(), files: foreign });
        }
        let pid = std::process::id();
        // A directory that holds the current one cannot be renamed away under the user's
        // shell.
        let holds_cwd = old.is_some()
            && std::env::current_dir()
                .is_ok_and(|cwd| std::fs::canonicalize(out).is_ok_and(|o| cwd.starts_with(o)));
        if old.is_some() && (link || holds_cwd || !foreign.is_empty()) {
            // Into the directory itself, beside the files that stay.
            let temp = out.join(format!(".tabletop-package-{pid}"));
            self.write_files(&temp)?;
            for (name, _) in old.iter().flatten().filter(|(_, ours)| *ours) {
                let path = out.join(name);
                std::fs::remove_file(&path).map_err(io_error("remove", &path))?;
            }
            for (name, _) in self.files() {
                moved(&temp.join(&name), &out.join(&name))?;
            }
            return std::fs::remove_dir(&temp).map_err(io_error("remove", &temp));
        }
        // Beside the directory, then renamed into place.
        let full = if old.is_some() {
            std::fs::canonicalize(out).map_err(WritePackageError::Resolve)?
        } else {
            out.to_path_buf()
        };
        let name = full.file_name().ok_or_else(|| WritePackageError::NoName(out.into()))?;
        let parent = match full.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        std::fs::create_dir_all(&parent).map_err(io_error("create", &parent))?;
        let hidden = |what: &str| parent.join(format!(".{}.{what}-{pid}", name.to_string_lossy()));
        let temp = hidden("tabletop-package");
        self.write_files(&temp)?;
        if old.is_none() {
            return moved(&temp, out).inspect_err(|_| {
                let _ = std::fs::remove_dir_all(&temp);
            });
        }
        let earlier = hidden("tabletop-earlier");
        moved(&full, &earlier).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&temp);
        })?;
        if let Err(e) = moved(&temp, &full) {
            let _ = std::fs::rename(&earlier, &full);
            let _ = std::fs::remove_dir_all(&temp);
            return Err(e);
        }
        std::fs::remove_dir_all(&earlier).map_err(io_error("remove", &earlier))
    }

    /// Writes every file of the package into the new directory `dir`; on failure, removes
    /// `dir`.
    fn write_files(&self, dir: &Path) -> Result<(), WritePackageError> {
        let write = || -> Result<(), WritePackageError> {
            std::fs::create_dir(dir).map_err(io_error("create", dir))?;
            for (name, text) in self.files() {
                let path = dir.join(name);
                std::fs::write(&path, text).map_err(io_error("write", &path))?;
            }
            Ok(())
        };
        write().inspect_err(|_| {
            let _ = std::fs::remove_dir_all(dir);
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::Problem;

    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// A package whose second test cannot be written (its name holds a missing folder).
    fn broken() -> Package {
        let mut package = Problem::Hdu5754.package(Some(1), 1, |_| {}).unwrap();
        package.tests[1].name = "missing/02".to_owned();
        package
    }

    #[test]
    fn a_write_that_fails_midway_leaves_the_folder_as_it_was() {
        let dir = std::env::temp_dir().join(format!("tabletop-broken-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let pkg = dir.join("pkg");
        let good = Problem::Hdu5754.package(Some(3), 1, |_| {}).unwrap();
        good.write_to(&pkg, false).unwrap();
        let before = names(&pkg);
        assert_eq!(before.len(), 9);
        let err = broken().write_to(&pkg, false).unwrap_err();
        assert!(err.to_string().starts_with("cannot write "), "{err}");
        assert_eq!(names(&pkg), before);
        assert_eq!(names(&dir), ["pkg"], "no temporary folder stays");
        // Other files beside the package: refused, then (forced) kept.
        std::fs::write(pkg.join("notes.md"), "x").unwrap();
        let err = good.write_to(&pkg, false).unwrap_err();
        assert!(matches!(&err, WritePackageError::Foreign { files, .. } if files == &["notes.md"]));
        assert!(broken().write_to(&pkg, true).is_err());
        assert_eq!(names(&pkg).len(), 10);
        assert_eq!(names(&dir), ["pkg"]);
        // A smaller package forced in: the earlier tests go, the other file stays.
        Problem::Hdu5754.package(Some(0), 1, |_| {}).unwrap().write_to(&pkg, true).unwrap();
        assert!(names(&pkg).contains(&"notes.md".to_owned()));
        assert!(!names(&pkg).contains(&"09.in".to_owned()));
        // Into a file: refused.
        let file = pkg.join("notes.md");
        assert!(matches!(good.write_to(&file, true), Err(WritePackageError::NotADirectory(_))));
        // And into a folder that does not exist yet: none is made.
        assert!(broken().write_to(&dir.join("new"), false).is_err());
        assert_eq!(names(&dir), ["pkg"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
