//! Hand-built walls for the tests of the players' decisions.

use tabletop_mahjong::{Kind, Wall};

pub fn kind(name: &str) -> Kind {
    name.parse().unwrap()
}

pub fn tiles(text: &str) -> Vec<Kind> {
    text.split_whitespace().map(kind).collect()
}

/// A wall dealing A the 14 tiles `a` (13 and the first draw), B, C and D their 13, the rest
/// of the wall sorted.
pub fn wall_with(a: &str, b: &str, c: &str, d: &str) -> Wall {
    let hands = [tiles(a), tiles(b), tiles(c), tiles(d)];
    assert_eq!(hands.each_ref().map(Vec::len), [14, 13, 13, 13]);
    let mut rest: Vec<Kind> = Wall::sorted().tiles().to_vec();
    for k in hands.iter().flatten() {
        let i = rest.iter().position(|r| r == k).unwrap_or_else(|| panic!("a fifth {k}"));
        rest.remove(i);
    }
    let mut rest = rest.into_iter();
    let mut hands = hands.map(Vec::into_iter);
    let tiles: Vec<Kind> = (0..Wall::LEN)
        .map(|pos| match pos {
            0..52 => hands[pos % 4].next().unwrap(),
            52 => hands[0].next().unwrap(),
            _ => rest.next().unwrap(),
        })
        .collect();
    Wall::from_tiles(&tiles).unwrap()
}
