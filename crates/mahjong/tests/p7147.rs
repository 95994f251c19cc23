//! The 50 official tests of Luogu P7147, byte for byte.

use std::path::Path;

use tabletop_mahjong::judge_p7147;

#[test]
fn official_tests_match_byte_for_byte() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/p7147");
    for n in 1..=50 {
        let input = std::fs::read_to_string(dir.join(format!("{n}.in"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{n}.ans"))).unwrap();
        let got = judge_p7147(&input).unwrap_or_else(|e| panic!("test {n}: {e}"));
        assert!(got == expected, "test {n}: the log differs from {n}.ans");
    }
}
