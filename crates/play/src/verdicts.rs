//! The reports of a problem's checker and validator (`tabletop check` and `tabletop validate`):
//! each one line of text and one JSON object.

use std::fmt;

use serde::Serialize;

use crate::{Checked, InvalidInput, Problem};

/// A checker's verdict on an output of a problem (`tabletop check --json`): the problem's id,
/// the verdict's name, testlib's exit code and the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// The problem's id.
    pub problem: &'static str,
    /// The verdict's name (`ok`, `wrong answer`, `presentation error`, `fail`).
    pub verdict: &'static str,
    /// testlib's exit code of the verdict.
    pub exit_code: u8,
    /// Why, in one line.
    pub reason: String,
}

impl CheckReport {
    /// The report of `checked`, a verdict on an output of `problem`.
    pub fn new(problem: Problem, checked: &Checked) -> CheckReport {
        CheckReport {
            problem: problem.id(),
            verdict: checked.verdict.name(),
            exit_code: checked.verdict.exit_code(),
            reason: checked.reason.clone(),
        }
    }
}

/// Whether a test input of a problem is valid (`tabletop validate`): as text `valid hdu5754
/// input` or `invalid p7147 input (extended): line 3, column 1: ...`; as JSON the problem's id,
/// `valid`, `extended` and, for an invalid input, the `line`, `column` and `rule`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidationReport {
    /// The problem's id.
    pub problem: &'static str,
    /// Whether the input is valid.
    pub valid: bool,
    /// Whether the extended constraints were applied.
    pub extended: bool,
    /// The line of the first thing wrong, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Its column, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The rule it breaks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl ValidationReport {
    /// The report of validating an input of `problem` ([`Problem::validate`]) with or
    /// without the `extended` constraints, whose result was `result`.
    pub fn new(
        problem: Problem,
        extended: bool,
        result: &Result<(), InvalidInput>,
    ) -> ValidationReport {
        let err = result.as_ref().err();
        ValidationReport {
            problem: problem.id(),
            valid: err.is_none(),
            extended,
            line: err.map(|e| e.line),
            column: err.map(|e| e.column),
            rule: err.map(|e| e.rule.clone()),
        }
    }
}

impl fmt::Display for ValidationReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let extended = if self.extended { " (extended)" } else { "" };
        let what = format!("{} input{extended}", self.problem);
        match (self.line, self.column, &self.rule) {
            (Some(line), Some(column), Some(rule)) => {
                write!(f, "invalid {what}: line {line}, column {column}: {rule}")
            }
            _ => write!(f, "valid {what}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_report_names_the_problem_and_the_verdict() {
        let r = CheckReport::new(Problem::Hdu5754, &Checked::wrong("line 2: expected G"));
        assert_eq!(r.problem, "hdu5754");
        assert_eq!(r.verdict, crate::Verdict::WrongAnswer.name());
        assert_eq!(r.exit_code, 1);
        assert_eq!(r.reason, "line 2: expected G");
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"problem": "hdu5754", "verdict": r.verdict, "exit_code": 1,
                               "reason": "line 2: expected G"})
        );
    }

    #[test]
    fn a_valid_input_is_reported_without_a_place() {
        let r = ValidationReport::new(Problem::P7147, false, &Ok(()));
        assert_eq!(r.to_string(), "valid p7147 input");
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            serde_json::json!({"problem": "p7147", "valid": true, "extended": false})
        );
        let extended = ValidationReport::new(Problem::Hdu5754, true, &Ok(()));
        assert_eq!(extended.to_string(), "valid hdu5754 input (extended)");
    }

    #[test]
    fn an_invalid_input_is_reported_with_its_place_and_rule() {
        let err = InvalidInput { line: 3, column: 7, rule: "T = 0 is out of range".into() };
        let r = ValidationReport::new(Problem::Hdu5754, true, &Err(err.clone()));
        assert_eq!(r.to_string(), format!("invalid hdu5754 input (extended): {err}"));
        assert_eq!(
            serde_json::to_value(&r).unwrap(),
            serde_json::json!({"problem": "hdu5754", "valid": false, "extended": true,
                               "line": 3, "column": 7, "rule": "T = 0 is out of range"})
        );
        let plain = ValidationReport::new(Problem::Cf1769d1, false, &Err(err));
        assert!(plain.to_string().starts_with("invalid cf1769d1 input: line 3"), "{plain}");
    }
}
