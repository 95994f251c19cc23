//! The judge's parser never panics, whatever it is fed, and accepts exactly what it should.

use proptest::prelude::*;
use tabletop_take6::judge_nthu14463;

const SAMPLE: &str = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text: an answer or an error, never a panic.
    #[test]
    fn arbitrary_text_does_not_panic(s in "\\PC{0,200}") {
        let _ = judge_nthu14463(&s);
    }

    /// Numbers and whitespace, the likeliest garbage: errors name a line that exists.
    #[test]
    fn numeric_garbage_does_not_panic(tokens in prop::collection::vec(
        prop_oneof!["[0-9]{1,3}", "-?[0-9]{1,25}", "[ \\t\\r\\n]{1,3}", "[a-z+.]{1,2}"], 0..60)) {
        let s = tokens.join(" ");
        if let Err(e) = judge_nthu14463(&s) {
            let msg = e.to_string();
            prop_assert!(msg.starts_with("line "), "{msg}");
            let line: usize = msg[5..].split(':').next().unwrap().parse().unwrap();
            // A line ends at `\n`, `\r\n` or a lone `\r`.
            let lines = s.replace("\r\n", "\n").replace('\r', "\n").lines().count();
            prop_assert!(line >= 1 && line <= lines.max(1), "{msg}");
        }
    }

    /// The sample with one token replaced: an answer or an error, never a panic.
    #[test]
    fn mutated_sample_does_not_panic(index in 0usize..17, token in "-?[0-9]{1,4}|[a-z]{1,3}") {
        let mut tokens: Vec<String> = SAMPLE.split_whitespace().map(str::to_owned).collect();
        tokens[index] = token;
        let _ = judge_nthu14463(&tokens.join("\n"));
    }
}
