//! The table of problems: its samples are the official ones, its decoding is the one every
//! front end uses, and its packages are whole.

use std::path::Path;

use tabletop_play::{GenOptions, InvalidInput, Package, Problem, Verdict, decode, judge};

fn read(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_samples_are_the_official_test_data() {
    let d1 = read("nine/tests/data/d1_samples.txt");
    let lines: Vec<&str> =
        d1.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    let d1: Vec<String> = lines.chunks(3).map(|c| format!("{}\n{}\n", c[0], c[1])).collect();
    assert_eq!(Problem::Cf1769d1.samples(), d1);
    assert_eq!(Problem::Nthu14463.samples(), [read("take6/tests/data/sample.in")]);
    assert_eq!(Problem::Hdu5754.samples(), [read("race/tests/data/hdu5754_sample.in")]);
    assert_eq!(Problem::P7147.samples(), [read("mahjong/tests/data/p7147/1.in")]);
    assert_eq!(Problem::Cf1769d2.samples(), ["2\n"]);
    // The judge page starts from the first sample, but from k = 3 and k = 26 for D2 and D3.
    let examples = Problem::ALL.map(|p| p.example());
    assert_eq!(examples[1..3], ["3\n", "26\n"]);
    for p in [Problem::Cf1769d1, Problem::Nthu14463, Problem::Hdu5754, Problem::P7147] {
        assert_eq!(p.example(), p.samples()[0]);
    }
    for p in Problem::ALL {
        for sample in p.samples() {
            p.validate(sample, false).unwrap_or_else(|e| panic!("{p}: {e}"));
        }
        let info = p.info();
        assert_eq!((info.name, info.game, info.sample), (p.id(), p.game(), p.example()));
        p.validate(p.example(), false).unwrap();
        assert!(!p.summary().is_empty());
    }
}

#[test]
fn bytes_are_decoded_once_with_the_bom_dropped() {
    let race = "\u{feff}1\n1 5 5\n";
    assert_eq!(judge(Problem::Hdu5754, decode(race.as_bytes()).unwrap()).unwrap(), "G\n");
    // The validator sees the mark: it breaks the format.
    let err = Problem::Hdu5754.validate_bytes(race.as_bytes(), false).unwrap_err();
    assert_eq!(err.rule, "expected T, found the character U+FEFF");
    let err = Problem::Hdu5754.validate_bytes(b"1\n1 5\xff", false).unwrap_err();
    assert_eq!(
        err,
        InvalidInput { line: 2, column: 4, rule: "the byte 0xff is not UTF-8 text".into() }
    );
    // The checker decodes the output as the judge's input is decoded.
    let input = "1\n1 5 5\n";
    assert_eq!(
        Problem::Hdu5754.check_output(input, "\u{feff}G\n".as_bytes(), None).verdict,
        Verdict::Ok
    );
    let c = Problem::Hdu5754.check_output(input, b"\xffG\n", None);
    assert_eq!(c.verdict, Verdict::PresentationError);
    assert_eq!(c.reason, "the output: line 1, column 1: the byte 0xff is not UTF-8 text");
}

#[test]
fn every_package_is_valid_judged_and_checked() {
    for p in Problem::ALL {
        let mut seen = 0;
        let package = p.package(Some(3), 11, |_| seen += 1).unwrap();
        assert_eq!(seen, package.tests.len());
        assert_eq!((package.samples, package.generated), (p.samples().len(), 3));
        let files = package.files();
        assert_eq!(files.len(), 2 * package.tests.len() + 1);
        assert_eq!(files.last().unwrap().0, "tests.txt");
        assert!(files.iter().all(|(name, _)| Package::is_package_file(name)));
        for (i, t) in package.tests.iter().enumerate() {
            assert_eq!(t.name, format!("{:02}", i + 1));
            p.validate(&t.input, false).unwrap();
            assert_eq!(judge(p, &t.input).unwrap(), t.answer);
            if let Some(command) = t.source.strip_prefix("tabletop gen ") {
                // The recorded command makes the input again.
                let words: Vec<&str> = command.split(' ').collect();
                assert_eq!(
                    words[..3],
                    [p.id(), "--seed", &(11 + i - p.samples().len()).to_string()]
                );
            }
        }
    }
    let package = Problem::P7147.package(Some(99), 1, |_| {}).unwrap();
    assert_eq!(package.tests[99].name, "100");
    assert_eq!(package.tests[0].name, "001");
}

#[test]
fn the_generator_takes_each_problem_its_own_options() {
    let options = GenOptions { mode: Some("wythoff".into()), cases: Some(2), ..Default::default() };
    let input = Problem::Hdu5754.generate(4, &options).unwrap();
    assert_eq!(input.lines().count(), 3);
    assert_eq!(Problem::Hdu5754.generate(4, &options).unwrap(), input);
    let err = Problem::Hdu5754.generate(4, &GenOptions { mode: Some("tiny".into()), ..options });
    assert!(err.unwrap_err().to_string().starts_with("unknown mode \"tiny\""));
}
