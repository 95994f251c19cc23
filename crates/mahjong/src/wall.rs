//! The wall: 148 tiles, 4 of each kind, front first.

use std::fmt;

use tabletop_core::Rng;
use tabletop_core::rand::Rng as _;
use tabletop_core::text::{self, lines};

use crate::error::WallError;
use crate::tile::Kind;

/// A checked wall: exactly 148 tiles, 4 copies of each of the 37 kinds, front first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wall([Kind; Wall::LEN]);

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wall({self})")
    }
}

impl Wall {
    /// The number of tiles.
    pub const LEN: usize = 148;

    /// The sorted wall: every kind's four copies together, lowest kind first.
    pub fn sorted() -> Wall {
        let mut tiles = [Kind::ALL[0]; Wall::LEN];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = Kind::ALL[i / 4];
        }
        Wall(tiles)
    }

    /// A uniformly shuffled wall: [`Wall::sorted`] shuffled by Fisher-Yates from the back
    /// (position `i`, from 147 down to 1, swaps with a uniform `j <= i`).
    pub fn random(rng: &mut Rng) -> Wall {
        let mut wall = Wall::sorted();
        shuffle(&mut wall.0, rng);
        wall
    }

    /// A wall from tiles; the error names the first kind without exactly 4 copies.
    pub fn from_tiles(tiles: &[Kind]) -> Result<Wall, WallError> {
        if tiles.len() != Wall::LEN {
            return Err(WallError::WrongCount { wall: 1, count: tiles.len() });
        }
        let lines: Vec<usize> = (1..=Wall::LEN).collect();
        check_copies(tiles, &lines, 1)
    }

    /// A wall from tiles that hold four of each kind by construction (checked in debug
    /// builds): resampling's candidate walls, replayed many times a call.
    pub(crate) fn from_tiles_unchecked(tiles: &[Kind; Wall::LEN]) -> Wall {
        debug_assert_eq!(Wall::from_tiles(tiles), Ok(Wall(*tiles)));
        Wall(*tiles)
    }

    /// The tiles, front first.
    pub fn tiles(&self) -> &[Kind; Wall::LEN] {
        &self.0
    }

    /// Parses one wall: 148 whitespace-separated tiles (one per line in the original input; a
    /// line ends at `\n`, `\r\n` or a lone `\r`, and any whitespace separates tiles).
    pub fn parse(text: &str) -> Result<Wall, WallError> {
        let count = text.split_whitespace().count();
        if count > Wall::LEN {
            // Still report an unknown token first, with its line.
            for (line, l) in lines(text) {
                if let Some(token) = l.split_whitespace().find(|t| t.parse::<Kind>().is_err()) {
                    return Err(WallError::UnknownToken { line, token: token.to_owned() });
                }
            }
            return Err(WallError::TooManyTiles { count });
        }
        let walls = parse_walls(text)?;
        Ok(walls[0])
    }
}

impl fmt::Display for Wall {
    /// The tiles, front first, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// Shuffles `tiles` uniformly (Fisher-Yates from the back: position `i` swaps with a
/// uniform `j <= i`). [`Wall::random`] is this on the sorted wall, so the seeded walls of the
/// simulator and the chance nodes of [`crate::Mahjong`] are one and the same.
pub(crate) fn shuffle(tiles: &mut [Kind], rng: &mut Rng) {
    for i in (1..tiles.len()).rev() {
        let j = rng.random_range(0..=i);
        tiles.swap(i, j);
    }
}

fn check_copies(tiles: &[Kind], lines: &[usize], wall: usize) -> Result<Wall, WallError> {
    let mut counts = [0usize; Kind::COUNT];
    for (i, (t, &line)) in tiles.iter().zip(lines).enumerate() {
        counts[t.index()] += 1;
        if counts[t.index()] == 5 {
            // The full count: the copies after this position (not this line: a wall may sit
            // on one line).
            let after = tiles[i + 1..].iter().filter(|&k| k == t).count();
            return Err(WallError::WrongCopies { wall, line, kind: *t, count: 5 + after });
        }
    }
    if let Some(k) = Kind::ALL.into_iter().find(|k| counts[k.index()] != 4) {
        let line = *lines.last().unwrap_or(&0);
        return Err(WallError::WrongCopies { wall, line, kind: k, count: counts[k.index()] });
    }
    let mut out = [Kind::ALL[0]; Wall::LEN];
    out.copy_from_slice(tiles);
    Ok(Wall(out))
}

/// Parses walls one after another: whitespace-separated tiles, 148 per wall (a line ends at
/// `\n`, `\r\n` or a lone `\r`; any whitespace separates tiles).
///
/// Errors name the line (1-based) and the token, or the wall (1-based) that is incomplete or
/// has a kind with other than 4 copies.
pub fn parse_walls(text: &str) -> Result<Vec<Wall>, WallError> {
    let mut walls = Vec::new();
    let mut tiles = Vec::with_capacity(Wall::LEN);
    let mut lines = Vec::with_capacity(Wall::LEN);
    for (line, l) in text::lines(text) {
        for token in l.split_whitespace() {
            let kind: Kind = token
                .parse()
                .map_err(|_| WallError::UnknownToken { line, token: token.to_owned() })?;
            tiles.push(kind);
            lines.push(line);
            if tiles.len() == Wall::LEN {
                walls.push(check_copies(&tiles, &lines, walls.len() + 1)?);
                tiles.clear();
                lines.clear();
            }
        }
    }
    if !tiles.is_empty() || walls.is_empty() {
        return Err(WallError::WrongCount { wall: walls.len() + 1, count: tiles.len() });
    }
    Ok(walls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_core::seeded_rng;

    #[test]
    fn walls_round_trip_and_errors_name_lines() {
        let w = Wall::random(&mut seeded_rng(1));
        let text: String = w.tiles().iter().map(|t| format!("{t}\n")).collect();
        assert_eq!(Wall::parse(&text), Ok(w));
        assert_eq!(Wall::parse(&w.to_string()), Ok(w));
        let two = format!("{text}{w}\n");
        assert_eq!(parse_walls(&two).unwrap(), vec![w, w]);

        let bad = text.replacen(&format!("{}\n", w.tiles()[3]), "XX\n", 1);
        let line = 1 + w.tiles().iter().position(|t| *t == w.tiles()[3]).unwrap();
        assert_eq!(Wall::parse(&bad), Err(WallError::UnknownToken { line, token: "XX".into() }));

        let short: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert_eq!(Wall::parse(&short), Err(WallError::WrongCount { wall: 1, count: 147 }));
        assert_eq!(Wall::parse(""), Err(WallError::WrongCount { wall: 1, count: 0 }));
        let one = format!("{text}{}\n", w.tiles()[0]);
        let err = parse_walls(&one).unwrap_err();
        assert_eq!(err.to_string(), "wall 2 holds 1 tile, expected 148");
        let err = parse_walls(&format!("{text}1M 2M\n")).unwrap_err();
        assert_eq!(err.to_string(), "wall 2 holds 2 tiles, expected 148");
        assert_eq!(Wall::parse(&two), Err(WallError::TooManyTiles { count: 296 }));
        let extra = format!("{text}1M\n");
        assert_eq!(Wall::parse(&extra), Err(WallError::TooManyTiles { count: 149 }));

        let first = w.tiles()[0];
        let other = w.tiles().iter().copied().find(|&t| t != first).unwrap();
        let pos = w.tiles().iter().position(|&t| t == other).unwrap();
        let mut tiles = *w.tiles();
        tiles[pos] = first;
        let err = Wall::from_tiles(&tiles).unwrap_err();
        assert!(matches!(err, WallError::WrongCopies { count: 5, .. }), "{err}");
        assert!(err.to_string().starts_with("line "), "{err}");
    }

    #[test]
    fn over_full_kinds_are_counted_by_position_on_one_line_or_many() {
        let w = Wall::random(&mut seeded_rng(3));
        let two_s: Kind = "2S".parse().unwrap();
        // Six 2S: two other tiles become 2S.
        let mut tiles = *w.tiles();
        let others: Vec<usize> = (0..Wall::LEN).filter(|&i| tiles[i] != two_s).take(2).collect();
        for i in others {
            tiles[i] = two_s;
        }
        let spaced: Vec<String> = tiles.iter().map(Kind::to_string).collect();
        for text in [spaced.join(" "), spaced.join("\n")] {
            match Wall::parse(&text) {
                Err(WallError::WrongCopies { kind, count, .. }) => {
                    assert_eq!((kind, count), (two_s, 6), "{text}");
                }
                other => panic!("{other:?}"),
            }
        }
    }
}
