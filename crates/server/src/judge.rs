//! `POST /api/judge/{problem}`: the original problems' input and output, byte for byte.

use crate::error::ApiError;

/// The problems, as named in the URL and by `tabletop judge`.
pub const PROBLEMS: [&str; 6] =
    ["cf1769d1", "cf1769d2", "cf1769d3", "nthu14463", "hdu5754", "p7147"];

/// Each problem's title and a sample input (from the official samples in the game crates'
/// test data), for the judge page.
pub fn catalogue() -> serde_json::Value {
    const D1: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                      KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";
    let entries = [
        ("cf1769d1", "Codeforces 1769 D1: the winner of a Nine deal (Alice first)", D1),
        ("cf1769d2", "Codeforces 1769 D2: k ≤ 13 Nine deals with distinct importances", "3\n"),
        ("cf1769d3", "Codeforces 1769 D3: k ≤ 26 Nine deals with distinct importances", "26\n"),
        (
            "nthu14463",
            "NTHU 14463: Take 6!, a scripted game's penalties",
            include_str!("../../take6/tests/data/sample.in"),
        ),
        (
            "hdu5754",
            "HDU 5754: Life Winner Bo, B, G or D per board",
            include_str!("../../race/tests/data/hdu5754_sample.in"),
        ),
        (
            "p7147",
            "Luogu P7147 (THUPC 2021): the Mahjong game log of a wall",
            include_str!("../../mahjong/tests/data/p7147/1.in"),
        ),
    ];
    serde_json::Value::Array(
        entries
            .iter()
            .map(|(name, title, sample)| {
                serde_json::json!({ "name": name, "title": title, "sample": sample })
            })
            .collect(),
    )
}

/// The judge's output for `input`, or a 400 with the command line's message, or a 404 for an
/// unknown problem.
pub fn judge(problem: &str, input: &str) -> Result<String, ApiError> {
    fn bad<E: std::error::Error + 'static>(err: E) -> ApiError {
        ApiError::from_chain(&err)
    }
    match problem {
        "cf1769d1" => tabletop_nine::judge_d1(input).map_err(bad),
        "cf1769d2" => tabletop_nine::judge_d2(input).map_err(bad),
        "cf1769d3" => tabletop_nine::judge_d3(input).map_err(bad),
        "nthu14463" => tabletop_take6::judge_nthu14463(input).map_err(bad),
        "hdu5754" => tabletop_race::judge_hdu5754(input).map_err(bad),
        "p7147" => tabletop_mahjong::judge_p7147(input).map_err(bad),
        other => Err(unknown(other)),
    }
}

fn unknown(problem: &str) -> ApiError {
    ApiError::not_found(format!(
        "unknown problem {problem:?}: expected one of {}",
        PROBLEMS.join(", ")
    ))
}

/// The body as text, as `tabletop judge` reads its input: UTF-8 (the error names the line,
/// column and byte of the first byte that is not), a leading byte order mark dropped.
pub fn body_text(bytes: &[u8]) -> Result<&str, ApiError> {
    let text = std::str::from_utf8(bytes).map_err(|err| {
        let valid = &bytes[..err.valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        ApiError::bad_request(format!(
            "the body is not UTF-8 text: line {line}, column {column} holds the byte 0x{:02x}",
            bytes[valid.len()]
        ))
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_text_locates_bad_bytes_and_drops_the_bom() {
        let err = body_text(b"ok\nab\xffcd").unwrap_err();
        assert!(err.message.ends_with("line 2, column 3 holds the byte 0xff"), "{}", err.message);
        assert_eq!(body_text("\u{feff}1\n".as_bytes()).unwrap(), "1\n");
    }

    #[test]
    fn unknown_problem_is_404() {
        assert_eq!(judge("nope", "").unwrap_err().status, axum::http::StatusCode::NOT_FOUND);
    }
}
