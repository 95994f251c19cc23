//! A state one player cannot tell from a dealt game (Mahjong's
//! [`tabletop_core::Game::resample_from_infostate`]), and the player actions that played a
//! game from its deal.
//!
//! What a player cannot see of a dealt game is the wall: the tiles the other players drew and
//! the tiles not drawn yet. A new wall keeps the player's own draws; the game is replayed
//! from it with the same player actions, and the wall is kept only if the replay shows the
//! player exactly what they saw (every event, every skip, the decision due). Candidate walls
//! are made to fit what the log says of the other players' hands: each tile they gave up (a
//! discard, a pass, the two tiles of a pong, the two of a chow) is one of their earlier
//! draws, and a pair the rules would have ponged is broken up. When a number of candidates
//! do not replay, the sample is the true wall changed by a walk of swaps of hidden tiles,
//! each step kept only if it replays the same: every state of the walk is one the player
//! cannot tell from the true one, so a sample is always found.

use tabletop_core::Rng;
use tabletop_core::rand::Rng as _;
use tabletop_core::rand::seq::IndexedRandom;

use crate::game::MahjongAction;
use crate::state::{Claim, Position};
use crate::tile::Player;
use crate::wall::{Wall, shuffle};
use crate::{Event, Kind};

/// The candidate walls tried before the walk.
const CANDIDATES: usize = 48;

/// The swaps the walk tries.
const WALK: usize = 48;

/// The player actions that played `position` from its deal, in order, with who made them:
/// the discards (a pass as `PASS`) and, when the players decide their claims, the claims,
/// skips and self-drawn wins.
pub(crate) fn actions(position: &Position) -> Vec<(Player, MahjongAction)> {
    let claims = position.decides_claims();
    let mut skips = position.skips().iter().peekable();
    let mut out = Vec::new();
    let skip = MahjongAction::Claim(Claim::Skip);
    for (i, e) in position.events().iter().enumerate() {
        while let Some(&(_, p)) = skips.next_if(|&&(at, _)| at == i) {
            out.push((p, skip));
        }
        let action = match *e {
            Event::Discard { player, tile } => (player, MahjongAction::Tile(tile)),
            Event::Pass { player, .. } => (player, MahjongAction::Tile(Kind::PASS)),
            Event::Pong { player, .. } if claims => (player, MahjongAction::Claim(Claim::Pong)),
            Event::Chow { player, lowest } if claims => {
                (player, MahjongAction::Claim(Claim::Chow(lowest)))
            }
            Event::Ron { player } if claims => (player, MahjongAction::Claim(Claim::Ron)),
            Event::SelfDrawn { player } if claims => (player, MahjongAction::SelfDrawn),
            _ => continue,
        };
        out.push(action);
    }
    out.extend(skips.map(|&(_, p)| (p, skip)));
    out
}

/// The game dealt from `wall` and played by `actions`, if every action is legal in turn.
fn replay(wall: &Wall, claims: bool, actions: &[(Player, MahjongAction)]) -> Option<Position> {
    let mut t = Position::with_claims(wall, claims);
    for &(_, a) in actions {
        match a {
            MahjongAction::Tile(k) => t.try_discard(k).ok()?,
            MahjongAction::Claim(c) => t.try_claim(c).ok()?,
            MahjongAction::SelfDrawn => t.try_self_drawn().ok()?,
        }
    }
    Some(t)
}

/// Whether `me` sees the same in `a` and `b`: every event (another player's draw as a draw
/// by that player), every skip, and the decision due.
fn same_for(a: &Position, b: &Position, me: Player) -> bool {
    a.events().len() == b.events().len()
        && a.events().iter().zip(b.events()).all(|(x, y)| match (*x, *y) {
            (Event::Draw { player: p, .. }, Event::Draw { player: q, .. }) if p != me => p == q,
            _ => x == y,
        })
        && a.skips() == b.skips()
        && a.claim_due() == b.claim_due()
        && a.to_discard() == b.to_discard()
}

/// A game `me` cannot tell from `t` (dealt from a wall drawn by chance), drawn at random (see
/// the module documentation).
pub(crate) fn resample(t: &Position, me: Player, rng: &mut Rng) -> Position {
    let actions = actions(t);
    let claims = t.decides_claims();
    let fits = |tiles: &[Kind; Wall::LEN]| -> Option<Position> {
        let wall = Wall::from_tiles(tiles).ok()?;
        replay(&wall, claims, &actions).filter(|u| same_for(t, u, me))
    };
    let plan = Plan::of(t, me);
    for _ in 0..CANDIDATES {
        if let Some(u) = plan.candidate(rng).and_then(|w| fits(&w)) {
            return u;
        }
    }
    // The walk, from the true wall with its undrawn part shuffled (nobody has seen it).
    let mut tiles = *t.wall().tiles();
    shuffle(&mut tiles[plan.drawn..], rng);
    let mut current =
        fits(&tiles).expect("the true wall with its undrawn tiles shuffled plays the same game");
    let hidden: Vec<usize> =
        plan.others.iter().flat_map(|(draws, _)| draws.iter().map(|&(_, pos)| pos)).collect();
    let hidden: Vec<usize> = hidden.into_iter().chain(plan.drawn..Wall::LEN).collect();
    for _ in 0..WALK {
        let (a, b) = (rng.random_range(0..hidden.len()), rng.random_range(0..hidden.len()));
        let (a, b) = (hidden[a], hidden[b]);
        if tiles[a] == tiles[b] || (a >= plan.drawn && b >= plan.drawn) {
            continue;
        }
        tiles.swap(a, b);
        match fits(&tiles) {
            Some(u) => current = u,
            None => tiles.swap(a, b),
        }
    }
    current
}

/// Another player's draws (event index, wall position) and the tiles they gave up (event
/// index, kind).
type Seen = (Vec<(usize, usize)>, Vec<(usize, Kind)>);

/// What a candidate wall keeps and what it must satisfy, from the true game: the wall
/// positions the viewer drew (kept), and for every other player their draws (positions, in
/// the order of the log) and the tiles they were seen to give up, each of which must be one
/// of their draws before it.
struct Plan {
    /// The viewer's draws: wall position and kind.
    fixed: Vec<(usize, Kind)>,
    /// Per player (the viewer's empty): what they drew and gave up.
    others: Vec<Seen>,
    /// The tiles drawn from the wall so far (positions `0..drawn`; the rest is unseen).
    drawn: usize,
    /// Every plain discard: event index, discarder, kind, and who ponged it (if anyone).
    discards: Vec<(usize, Player, Kind, Option<Player>)>,
    /// The viewer.
    viewer: Player,
}

impl Plan {
    fn of(t: &Position, viewer: Player) -> Plan {
        let mut plan = Plan {
            fixed: Vec::new(),
            others: vec![(Vec::new(), Vec::new()); 4],
            drawn: 0,
            discards: Vec::new(),
            viewer,
        };
        let mut last_discard = None;
        for (i, e) in t.events().iter().enumerate() {
            match *e {
                Event::Draw { player, tile } => {
                    if player == viewer {
                        plan.fixed.push((plan.drawn, tile));
                    } else {
                        plan.others[player.index()].0.push((i, plan.drawn));
                    }
                    plan.drawn += 1;
                }
                Event::Discard { player, tile } => {
                    last_discard = Some(tile);
                    plan.discards.push((i, player, tile, None));
                    if player != viewer {
                        plan.others[player.index()].1.push((i, tile));
                    }
                }
                Event::Pass { player, .. } if player != viewer => {
                    plan.others[player.index()].1.push((i, Kind::PASS));
                }
                Event::Pong { player, tile } => {
                    if let Some(last) = plan.discards.last_mut() {
                        last.3 = Some(player);
                    }
                    if player != viewer {
                        plan.others[player.index()].1.extend([(i, tile); 2]);
                    }
                }
                Event::Chow { player, lowest } if player != viewer => {
                    let mut three: Vec<Kind> = (0..3).filter_map(|d| lowest.offset(d)).collect();
                    if let Some(k) = last_discard.and_then(|t| three.iter().position(|&x| x == t)) {
                        three.remove(k);
                    }
                    plan.others[player.index()].1.extend(three.iter().map(|&k| (i, k)));
                }
                _ => {}
            }
        }
        plan
    }

    /// One candidate wall, or `None` when this attempt ran out of a kind.
    fn candidate(&self, rng: &mut Rng) -> Option<[Kind; Wall::LEN]> {
        let mut wall: [Option<Kind>; Wall::LEN] = [None; Wall::LEN];
        let mut required = [false; Wall::LEN];
        let mut left = [4u8; Kind::COUNT];
        let mut take = |k: Kind| -> Option<()> {
            left[k.index()] = left[k.index()].checked_sub(1)?;
            Some(())
        };
        for &(pos, k) in &self.fixed {
            wall[pos] = Some(k);
            take(k)?;
        }
        for (draws, uses) in &self.others {
            for &(when, k) in uses {
                let free: Vec<usize> = draws
                    .iter()
                    .filter(|&&(at, pos)| at < when && wall[pos].is_none())
                    .map(|&(_, pos)| pos)
                    .collect();
                let &pos = free.as_slice().choose(rng)?;
                wall[pos] = Some(k);
                required[pos] = true;
                take(k)?;
            }
        }
        let mut rest: Vec<Kind> = Kind::ALL
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, usize::from(left[k.index()])))
            .collect();
        shuffle(&mut rest, rng);
        for slot in wall.iter_mut().filter(|s| s.is_none()) {
            *slot = rest.pop();
        }
        let mut tiles = [Kind::ALL[0]; Wall::LEN];
        for (t, w) in tiles.iter_mut().zip(wall) {
            *t = w?;
        }
        self.avoid_pongs(&mut tiles, &required, rng);
        Some(tiles)
    }

    /// A candidate often gives another player two copies of a tile someone discarded where
    /// that player did not pong: the rules would have ponged or asked them (when it lowers
    /// the distance, or always with `claims`), so the replay would differ. Such a pair's free
    /// tile (one not needed for a discard or meld) is swapped with an unseen tile of the rest
    /// of the wall.
    fn avoid_pongs(&self, wall: &mut [Kind; Wall::LEN], required: &[bool], rng: &mut Rng) {
        for (q, (draws, uses)) in self.others.iter().enumerate() {
            if q == self.viewer.index() || draws.is_empty() {
                continue;
            }
            let q = Player::from_index(q);
            let mut count = [0u8; Kind::COUNT];
            let (mut d, mut u) = (0, 0);
            for &(at, discarder, x, ponged) in &self.discards {
                while d < draws.len() && draws[d].0 < at {
                    count[wall[draws[d].1].index()] += 1;
                    d += 1;
                }
                while u < uses.len() && uses[u].0 < at {
                    let k = uses[u].1.index();
                    count[k] = count[k].saturating_sub(1);
                    u += 1;
                }
                if discarder == q || ponged == Some(q) || count[x.index()] < 2 {
                    continue;
                }
                let free = draws[..d]
                    .iter()
                    .map(|&(_, pos)| pos)
                    .find(|&pos| wall[pos] == x && !required[pos]);
                let unseen: Vec<usize> =
                    (self.drawn..Wall::LEN).filter(|&pos| wall[pos] != x).collect();
                if let (Some(pos), Some(&other)) = (free, unseen.as_slice().choose(rng)) {
                    count[x.index()] -= 1;
                    count[wall[other].index()] += 1;
                    wall.swap(pos, other);
                }
            }
        }
    }
}
