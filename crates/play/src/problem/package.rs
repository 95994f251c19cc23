//! A test package: the statement's samples, then generated tests, each validated, judged and
//! its answer checked; written by the front end as `01.in`, `01.ans`, ..., `tests.txt`.

use tabletop_core::contest::{Checked, InvalidInput, Verdict};
use thiserror::Error;

use super::{GenError, JudgeError, Problem};

/// One test of a [`Package`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageTest {
    /// The stem of its files: `01`, `02`, ... (at least two digits, all of one width).
    pub name: String,
    /// The input (`01.in`), valid for [`Problem::validate`].
    pub input: String,
    /// The judge's answer (`01.ans`), which passes [`Problem::check`].
    pub answer: String,
    /// Where the input comes from: `sample 1 of the statement`, or the `tabletop gen` command
    /// line that makes it again.
    pub source: String,
}

/// A problem's test package: [`Problem::package`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Package {
    /// The problem.
    pub problem: Problem,
    /// How many tests are the statement's samples (they come first).
    pub samples: usize,
    /// How many tests are generated (after the samples).
    pub generated: usize,
    /// The tests, samples first.
    pub tests: Vec<PackageTest>,
}

/// The file that lists a package's tests.
const INDEX_FILE: &str = "tests.txt";

impl Package {
    /// `tests.txt`: one line per test, `01.in: <source>`.
    pub fn index(&self) -> String {
        self.tests.iter().map(|t| format!("{}.in: {}\n", t.name, t.source)).collect()
    }

    /// The package's files, in the order to write them: `01.in`, `01.ans`, `02.in`, ..., and
    /// `tests.txt` last (so a package with its index is complete).
    pub fn files(&self) -> Vec<(String, String)> {
        let mut files = Vec::with_capacity(2 * self.tests.len() + 1);
        for t in &self.tests {
            files.push((format!("{}.in", t.name), t.input.clone()));
            files.push((format!("{}.ans", t.name), t.answer.clone()));
        }
        files.push((INDEX_FILE.to_owned(), self.index()));
        files
    }

    /// Whether a package could have written a file of this name: `tests.txt`, or digits and
    /// `.in` or `.ans` (a test of any package, whatever its number of tests).
    ///
    /// ```
    /// use tabletop_play::Package;
    ///
    /// assert!(Package::is_package_file("tests.txt") && Package::is_package_file("103.ans"));
    /// assert!(!Package::is_package_file("checker.cpp") && !Package::is_package_file("1a.in"));
    /// assert!(!Package::is_package_file(".in") && !Package::is_package_file("01.out"));
    /// ```
    pub fn is_package_file(name: &str) -> bool {
        let test = name.strip_suffix(".in").or_else(|| name.strip_suffix(".ans"));
        name == INDEX_FILE
            || test.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    }
}

/// Why a package cannot be made (nothing is written then).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PackageError {
    /// A generated test cannot be generated.
    #[error("{command}")]
    Generate {
        /// Its `tabletop gen` command line.
        command: String,
        /// Why.
        #[source]
        error: GenError,
    },
    /// A test does not pass the validator.
    #[error("test {name} ({how}) is invalid")]
    Invalid {
        /// The test's name (`03`).
        name: String,
        /// Where it comes from.
        how: String,
        /// The rule it breaks.
        #[source]
        error: InvalidInput,
    },
    /// The judge rejects a test.
    #[error("test {name} ({how})")]
    Judge {
        /// The test's name (`03`).
        name: String,
        /// Where it comes from.
        how: String,
        /// Why.
        #[source]
        error: JudgeError,
    },
    /// The judge's answer to a test does not pass the checker.
    #[error("test {name} ({how}): the judge's answer does not pass the checker: {checked}")]
    Check {
        /// The test's name (`03`).
        name: String,
        /// Where it comes from.
        how: String,
        /// The checker's verdict.
        checked: Checked,
    },
}

impl Problem {
    /// The package of the statement's samples and `generated` tests (default: one per
    /// [`Problem::package_modes`]); generated test `i` (from 0) has seed `seed + i` and the
    /// options of mode `i` (modulo their number). Every test is validated, judged, and its
    /// answer checked; `progress` is called after each.
    ///
    /// ```
    /// use tabletop_play::Problem;
    ///
    /// let package = Problem::Hdu5754.package(Some(2), 5, |_| {})?;
    /// assert_eq!((package.samples, package.generated, package.tests.len()), (1, 2, 3));
    /// assert_eq!(
    ///     package.index(),
    ///     "01.in: sample 1 of the statement\n\
    ///      02.in: tabletop gen hdu5754 --seed 5 --mode random\n\
    ///      03.in: tabletop gen hdu5754 --seed 6 --mode small\n"
    /// );
    /// # Ok::<(), tabletop_play::PackageError>(())
    /// ```
    pub fn package(
        self,
        generated: Option<usize>,
        seed: u64,
        mut progress: impl FnMut(&PackageTest),
    ) -> Result<Package, PackageError> {
        let modes = self.package_modes();
        let generated = generated.unwrap_or(modes.len());
        let samples = self.samples();
        let mut inputs: Vec<(String, String)> = samples
            .iter()
            .enumerate()
            .map(|(i, s)| ((*s).to_owned(), format!("sample {} of the statement", i + 1)))
            .collect();
        for (i, options) in modes.iter().cycle().take(generated).enumerate() {
            let seed = seed.wrapping_add(i as u64);
            let mut command = format!("tabletop gen {self} --seed {seed}");
            let flags = options.to_string();
            if !flags.is_empty() {
                command = format!("{command} {flags}");
            }
            match self.generate(seed, options) {
                Ok(input) => inputs.push((input, command)),
                Err(error) => return Err(PackageError::Generate { command, error }),
            }
        }
        let width = inputs.len().to_string().len().max(2);
        let mut tests = Vec::with_capacity(inputs.len());
        for (i, (input, how)) in inputs.into_iter().enumerate() {
            let name = format!("{:0width$}", i + 1);
            if let Err(error) = self.validate(&input, false) {
                return Err(PackageError::Invalid { name, how, error });
            }
            let answer = match self.judge(&input) {
                Ok(answer) => answer,
                Err(error) => return Err(PackageError::Judge { name, how, error }),
            };
            let checked = self.check(&input, &answer, None);
            if checked.verdict != Verdict::Ok {
                return Err(PackageError::Check { name, how, checked });
            }
            let test = PackageTest { name, input, answer, source: how };
            progress(&test);
            tests.push(test);
        }
        Ok(Package { problem: self, samples: samples.len(), generated, tests })
    }
}
