//! `POST /api/judge/{problem}`: the original problems' input and output, byte for byte,
//! through [`tabletop_play::judge`] (the code `tabletop judge` runs).

use tabletop_play::Problem;

use crate::error::ApiError;

/// The problem named in the URL; 404 when there is none.
pub fn problem(name: &str) -> Result<Problem, ApiError> {
    name.parse().map_err(|e: tabletop_play::ParseNameError| ApiError::not_found(e.to_string()))
}

/// Each problem's id, game, title, input format and example input, for the judge page: the
/// library's table ([`Problem::info`]).
pub fn catalogue() -> serde_json::Value {
    serde_json::json!(Problem::ALL.map(Problem::info))
}

/// The largest input that [`is_quick`] lets run on the async worker itself.
pub const QUICK_INPUT: usize = 16 << 10;

/// Whether judging `len` bytes of `problem` is quick enough to run where the request is
/// served, without a hop to the blocking pool: the race closed forms and the Take 6! script
/// take time linear in the input, under a millisecond for [`QUICK_INPUT`] bytes. The
/// others (the Nine solver and deal searches, the Mahjong simulator) always go to the pool.
pub fn is_quick(problem: Problem, len: usize) -> bool {
    matches!(problem, Problem::Hdu5754 | Problem::Nthu14463) && len <= QUICK_INPUT
}

/// The judge's output for `input`, or a 400 with the command line's message and its line.
pub fn judge(problem: Problem, input: &str) -> Result<String, ApiError> {
    Ok(tabletop_play::judge(problem, input)?)
}

/// The body as text, as `tabletop judge` reads its input ([`tabletop_play::decode`]): UTF-8
/// (the error names the line, column and byte of the first byte that is not), a leading byte
/// order mark dropped.
pub fn body_text(bytes: &[u8]) -> Result<&str, ApiError> {
    tabletop_play::decode(bytes).map_err(|e| ApiError {
        line: Some(e.line),
        column: Some(e.column),
        ..ApiError::bad_request(format!("the body is not UTF-8 text: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_text_locates_bad_bytes_and_drops_the_bom() {
        let err = body_text(b"ok\nab\xffcd").unwrap_err();
        assert!(err.message.ends_with("line 2, column 3 holds the byte 0xff"), "{}", err.message);
        assert_eq!((err.line, err.column), (Some(2), Some(3)));
        assert_eq!(body_text("\u{feff}1\n".as_bytes()).unwrap(), "1\n");
    }

    #[test]
    fn unknown_problem_is_404() {
        assert_eq!(problem("nope").unwrap_err().status, axum::http::StatusCode::NOT_FOUND);
        assert_eq!(problem("p7147").unwrap(), Problem::P7147);
    }
}
