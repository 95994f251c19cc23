//! Values of the public API pinned one by one: each test here kills mutants of `cargo mutants`
//! that the rest of the suite let live (see `.cargo/mutants.toml` for those judged equivalent).

use tabletop_mahjong::{GenError, MahjongMode};

#[test]
fn modes_print_their_names_and_parse_back() {
    let names: Vec<String> = MahjongMode::ALL.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        names,
        [
            "random",
            "pong",
            "chow",
            "ron",
            "selfdrawn",
            "draw",
            "pass",
            "reverse",
            "double",
            "specials"
        ]
    );
    for m in MahjongMode::ALL {
        assert_eq!(m.to_string().parse::<MahjongMode>(), Ok(m));
    }
    let e = GenError { mode: MahjongMode::SelfDrawn, attempts: 12 };
    assert_eq!(e.to_string(), "no wall whose game has selfdrawn found among 12 random walls");
}
