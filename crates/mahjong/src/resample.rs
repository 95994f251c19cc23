//! A state one player cannot tell from a dealt game (Mahjong's
//! [`tabletop_core::Game::resample_from_infostate`]), and the player actions that played a
//! game from its deal.
//!
//! What a player cannot see of a dealt game is the wall: the tiles the other players drew and
//! the tiles not drawn yet. A new wall keeps the player's own draws; the game is replayed
//! from it with the same player actions, and the wall is kept only if the replay shows the
//! player exactly what they saw (every event, every skip, the decision due).
//!
//! 1. A candidate wall fits what the log says of the other players' hands: each tile they
//!    gave up (a discard, a pass, the two tiles of a pong, the two of a chow) is one of their
//!    draws before it, and a pair the rules would have ponged is broken up.
//! 2. The replay stops at the first thing the player would see differently, and names the
//!    other player whose hand made it: one who claims, wins or is offered a decision that the
//!    true game does not show holds too much; one who does not holds too little.
//! 3. The repair changes that player's tiles held then, and the replay starts again. Too
//!    much: a tile related to the discard in question (the same kind for a pong, within two
//!    ranks otherwise) goes, moved to a later draw of theirs if they give it up later, else
//!    swapped with an unseen tile away from everything they hold. Too little: a free tile is
//!    swapped with an unseen one related to the discard.
//! 4. After 64 repairs a new candidate; after 8 candidates, the walk: the true wall with its
//!    undrawn part shuffled, changed by swaps of hidden tiles, each kept only if it replays
//!    the same, so a sample is always found.
//!
//! Steps 1 to 3 read only what the player saw (the true game is compared where the player
//! sees it, the other players' draws as draws), so their samples do not depend on the hidden
//! tiles: two games the player cannot tell apart give the same sample from the same seed.
//! Only the walk starts from the truth. It is needed at the end of a game won by another
//! player (a winning hand is not found by repairs) and, before the end, in about 1 call in
//! 200 without `claims` and 1 in 10 with them (seeded games of the rules bots, mostly when
//! a player skipped a claim the rules would make).

use tabletop_core::Rng;
use tabletop_core::rand::Rng as _;
use tabletop_core::rand::seq::IndexedRandom;

use crate::game::MahjongAction;
use crate::hand::Hand;
use crate::state::{Claim, Position};
use crate::tile::Player;
use crate::wall::{Wall, shuffle};
use crate::{Event, Kind};

/// The candidate walls tried before the walk (step 4).
const CANDIDATES: usize = 8;

/// The repairs tried on one candidate before it is given up (step 4).
const REPAIRS: usize = 64;

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

/// Whether `me` sees `x` and `y` the same: another player's draw shows only who drew.
fn seen_same(x: &Event, y: &Event, me: Player) -> bool {
    match (*x, *y) {
        (Event::Draw { player: p, .. }, Event::Draw { player: q, .. }) if p != me => p == q,
        _ => x == y,
    }
}

/// The first thing a replay shows `me` differently from the true game, and whose hidden
/// tiles to change for it.
#[derive(Clone, Copy, Debug)]
struct Divergence {
    /// The events replayed when it showed: the culprit's draws before this made it.
    at: usize,
    /// The player whose hidden tiles to change (`None`: no repair known; a new candidate).
    culprit: Option<Player>,
    /// The discard the divergence is about (a claim or win on it, or an offer), if any.
    tile: Option<Kind>,
    /// Whether it is about a pong: only the same kind as the tile matters.
    pong: bool,
    /// Whether the culprit held too much (a claim, win or offer the true game does not show)
    /// rather than too little.
    excess: bool,
}

/// The last plain discard among `events`.
fn last_discard(events: &[Event]) -> Option<Kind> {
    events.iter().rev().find_map(|e| match *e {
        Event::Discard { tile, .. } => Some(tile),
        _ => None,
    })
}

/// Who made a claim or win in `e`, if it is one.
fn claimer(e: Option<&Event>) -> Option<Player> {
    match e.copied()? {
        Event::Ron { player }
        | Event::SelfDrawn { player }
        | Event::Pong { player, .. }
        | Event::Chow { player, .. } => Some(player),
        _ => None,
    }
}

/// Replays `actions` (the true game's, `truth`) on `wall`, stopping at the first event,
/// skip or decision that `me` would see differently; the game, when there is none.
fn replay(
    wall: &Wall,
    truth: &Position,
    actions: &[(Player, MahjongAction)],
    me: Player,
    rng: &mut Rng,
) -> Result<Position, (Divergence, Hand)> {
    let mut u = Position::with_claims(wall, truth.decides_claims());
    let theirs = truth.events();
    // The culprit's hand when it showed, for the repair.
    let blame = |d: Divergence, u: &Position| (d, *u.hand(d.culprit.unwrap_or(me)));
    let mut checked = 0;
    // Which of two players to blame when one is offered a decision and the other is due:
    // the stage order is not in the log, so either may hold the wrong tiles.
    let either = |rng: &mut Rng, r: Player, q: Player, tile| {
        let excess = rng.random_bool(0.5);
        Divergence { at: 0, culprit: Some(if excess { r } else { q }), tile, excess, pong: false }
    };
    for step in 0..=actions.len() {
        // 1. The events so far, against the true ones.
        let ours = u.events();
        for i in checked..ours.len() {
            if theirs.get(i).is_some_and(|y| seen_same(&ours[i], y, me)) {
                continue;
            }
            let tile = last_discard(&ours[..i]);
            let (culprit, excess, e) = match (claimer(ours.get(i)), claimer(theirs.get(i))) {
                (Some(r), _) => (Some(r), true, ours.get(i)),
                (None, Some(q)) => (Some(q), false, theirs.get(i)),
                (None, None) => (None, false, None),
            };
            let pong = matches!(e, Some(Event::Pong { .. }));
            let tile = if matches!(e, Some(Event::SelfDrawn { .. })) { None } else { tile };
            return Err(blame(Divergence { at: i, culprit, tile, excess, pong }, &u));
        }
        checked = ours.len();
        let at = ours.len();
        // 2. Who is to act, and on what, against the true game's next action (or its end).
        let due = u.claim_due();
        let Some(&(q, action)) = actions.get(step) else {
            let truth_due = truth.claim_due();
            if at == theirs.len() && due == truth_due && u.to_discard() == truth.to_discard() {
                return Ok(u);
            }
            let d = match (due, truth_due) {
                (Some(r), Some(c)) if r.player != c.player => {
                    either(rng, r.player, c.player, Some(c.tile))
                }
                (Some(r), _) => Divergence {
                    at,
                    culprit: Some(r.player),
                    tile: Some(r.tile),
                    excess: true,
                    pong: r.is_pong(),
                },
                (None, Some(c)) => Divergence {
                    at,
                    culprit: Some(c.player),
                    tile: Some(c.tile),
                    excess: false,
                    pong: false,
                },
                (None, None) => {
                    Divergence { at, culprit: None, tile: None, excess: false, pong: false }
                }
            };
            return Err(blame(Divergence { at, ..d }, &u));
        };
        let claim_due = matches!(action, MahjongAction::Claim(_));
        if u.to_act() != Some(q) || due.is_some() != claim_due {
            let tile = last_discard(ours);
            let pong = matches!(action, MahjongAction::Claim(Claim::Pong));
            let d = match due {
                Some(r) if claim_due => either(rng, r.player, q, tile),
                Some(r) => Divergence {
                    at,
                    culprit: Some(r.player),
                    tile,
                    excess: true,
                    pong: r.is_pong(),
                },
                None if claim_due => Divergence { at, culprit: Some(q), tile, excess: false, pong },
                None => Divergence { at, culprit: None, tile, excess: false, pong: false },
            };
            return Err(blame(Divergence { at, ..d }, &u));
        }
        // 3. The action.
        let done = match action {
            MahjongAction::Tile(k) => u.try_discard(k),
            MahjongAction::Claim(c) => u.try_claim(c),
            MahjongAction::SelfDrawn => u.try_self_drawn(),
        };
        if done.is_err() {
            // A claim refused: offered at an earlier stage than the claim's (a win on the
            // tile, or a pair besides a sequence), so the claimer holds too much.
            let tile = due.map(|c| c.tile);
            let pong = due.is_some_and(|c| c.is_pong());
            return Err(blame(Divergence { at, culprit: Some(q), tile, excess: true, pong }, &u));
        }
    }
    unreachable!("the loop returns at the end of the actions")
}

/// A game `me` cannot tell from `t` (dealt from a wall drawn by chance), drawn at random (see
/// the module documentation).
pub(crate) fn resample(t: &Position, me: Player, rng: &mut Rng) -> Position {
    resample_counted(t, me, rng).0
}

/// How a sample was found: the replays it took, and whether it came from the walk.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Effort {
    /// The replays run (each stops at its first divergence).
    pub(crate) replays: usize,
    /// Whether every candidate failed and the sample is the walk's.
    pub(crate) walked: bool,
}

/// [`resample`], and what it took.
pub(crate) fn resample_counted(t: &Position, me: Player, rng: &mut Rng) -> (Position, Effort) {
    let actions = actions(t);
    let plan = Plan::of(t, me);
    let mut effort = Effort::default();
    for _ in 0..CANDIDATES {
        let Some((mut tiles, mut need)) = plan.candidate(rng) else { continue };
        for _ in 0..REPAIRS {
            let wall = Wall::from_tiles(&tiles).expect("a candidate holds four of each kind");
            effort.replays += 1;
            match replay(&wall, t, &actions, me, rng) {
                Ok(u) => return (u, effort),
                Err((d, hand)) if plan.repair(&mut tiles, &mut need, d, &hand, rng) => {}
                Err(_) => break,
            }
        }
    }
    // The walk, from the true wall with its undrawn part shuffled (nobody has seen it).
    effort.walked = true;
    let fits = |tiles: &[Kind; Wall::LEN], rng: &mut Rng| -> Option<Position> {
        let wall = Wall::from_tiles(tiles).ok()?;
        replay(&wall, t, &actions, me, rng).ok()
    };
    let mut tiles = *t.wall().tiles();
    shuffle(&mut tiles[plan.drawn..], rng);
    let mut current = fits(&tiles, rng)
        .expect("the true wall with its undrawn tiles shuffled plays the same game");
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
        match fits(&tiles, rng) {
            Some(u) => current = u,
            None => tiles.swap(a, b),
        }
    }
    (current, effort)
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

    /// One candidate wall and the positions holding a tile a player gave up, or `None` when
    /// this attempt ran out of a kind.
    fn candidate(&self, rng: &mut Rng) -> Option<([Kind; Wall::LEN], [u16; Wall::LEN])> {
        let mut wall: [Option<Kind>; Wall::LEN] = [None; Wall::LEN];
        let mut need = [0u16; Wall::LEN];
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
                need[pos] = u16::try_from(when).expect("at most 278 events");
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
        self.avoid_pongs(&mut tiles, &need, rng);
        Some((tiles, need))
    }

    /// Changes the culprit's hidden tiles held when `d` showed. Holding too much: one held
    /// tile, preferably one related to the discard in question (the same kind for a pong;
    /// within two ranks in its suit otherwise), goes: a tile given up later moves to a later
    /// draw of theirs that comes before it is given up, and a free tile (never given up) is
    /// swapped with an unseen tile of the wall away from everything they hold. Holding too
    /// little: a free tile is swapped with an unseen one (related to the discard, for a
    /// sequence). `false` when there is no such change.
    fn repair(
        &self,
        wall: &mut [Kind; Wall::LEN],
        need: &mut [u16; Wall::LEN],
        d: Divergence,
        hand: &Hand,
        rng: &mut Rng,
    ) -> bool {
        let Some(q) = d.culprit.filter(|&q| q != self.viewer) else {
            return false;
        };
        let related = |k: Kind| match d.tile {
            Some(x) if k == x => true,
            Some(x) => !d.pong && (-2..=2).any(|o| x.offset(o) == Some(k)),
            None => false,
        };
        let draws = &self.others[q.index()].0;
        let free_before: Vec<usize> = draws
            .iter()
            .filter(|&&(t, pos)| t < d.at && need[pos] == 0)
            .map(|&(_, pos)| pos)
            .collect();
        let unseen: Vec<usize> = (self.drawn..Wall::LEN).collect();
        let preferring = |places: &[usize], want: bool, rng: &mut Rng| -> Option<usize> {
            let preferred: Vec<usize> =
                places.iter().copied().filter(|&p| related(wall[p]) == want).collect();
            preferred.choose(rng).or_else(|| places.choose(rng)).copied()
        };
        if !d.excess {
            // Out goes a tile unrelated to the discard (or a third copy of it).
            let spare = |k: Kind| !related(k) || (Some(k) == d.tile && hand.count(k) > 2);
            let spares: Vec<usize> =
                free_before.iter().copied().filter(|&p| spare(wall[p])).collect();
            let Some(&out) = spares.choose(rng).or_else(|| free_before.choose(rng)) else {
                return false;
            };
            let into: Vec<usize> = unseen.into_iter().filter(|&p| wall[p] != wall[out]).collect();
            let into = if d.tile.is_some() {
                preferring(&into, true, rng)
            } else {
                into.choose(rng).copied()
            };
            return into.is_some_and(|into| {
                wall.swap(out, into);
                true
            });
        }
        let held: Vec<usize> = draws
            .iter()
            .filter(|&&(t, pos)| t < d.at && (need[pos] == 0 || usize::from(need[pos]) > d.at))
            .map(|&(_, pos)| pos)
            .collect();
        let Some(out) = preferring(&held, true, rng) else {
            return false;
        };
        if need[out] != 0 {
            // A later draw (before the use) takes it; what that draw held (free, or given
            // up later still) is drawn here instead.
            let later: Vec<usize> = draws
                .iter()
                .filter(|&&(t, pos)| t >= d.at && t < usize::from(need[out]) && !related(wall[pos]))
                .map(|&(_, pos)| pos)
                .collect();
            if let Some(&to) = later.choose(rng) {
                wall.swap(out, to);
                need.swap(out, to);
                return true;
            }
        }
        let Some(out) =
            (if need[out] == 0 { Some(out) } else { preferring(&free_before, true, rng) })
        else {
            return false;
        };
        // A tile away from everything the culprit holds makes no new pair or sequence.
        let apart = |k: Kind| (-2..=2).all(|o| k.offset(o).is_none_or(|n| hand.count(n) == 0));
        let into: Vec<usize> = unseen.into_iter().filter(|&p| wall[p] != wall[out]).collect();
        let lone: Vec<usize> =
            into.iter().copied().filter(|&p| apart(wall[p]) && !related(wall[p])).collect();
        match lone.choose(rng).or_else(|| into.choose(rng)) {
            Some(&into) => {
                wall.swap(out, into);
                true
            }
            None => false,
        }
    }

    /// A candidate often gives another player two copies of a tile someone discarded where
    /// that player did not pong: the rules would have ponged or asked them (when it lowers
    /// the distance, or always with `claims`), so the replay would differ. Such a pair's free
    /// tile (one not needed for a discard or meld) is swapped with an unseen tile of the rest
    /// of the wall.
    fn avoid_pongs(&self, wall: &mut [Kind; Wall::LEN], need: &[u16], rng: &mut Rng) {
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
                    .find(|&pos| wall[pos] == x && need[pos] == 0);
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

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_core::{Game, seeded_rng, sub_seed};

    use crate::{Mahjong, MahjongParams};

    /// Seeded games by chance, played some actions by the rules (one random action in ten,
    /// so players also skip claims the rules make), not yet over.
    fn positions(count: u64, claims: bool) -> Vec<Position> {
        (0..count)
            .filter_map(|s| {
                let mut g = Mahjong::new(&MahjongParams { wall: None, claims }).unwrap();
                for k in g.chance_from_seed(s) {
                    g.apply(k);
                }
                for i in 0..10 + (s * 7) % 80 {
                    if g.is_terminal() {
                        return None;
                    }
                    let bot = if sub_seed(s, i).is_multiple_of(10) { "random" } else { "rules" };
                    g.apply(g.bot_action(bot, sub_seed(s, 1000 + i)));
                }
                (!g.is_terminal()).then(|| g.position().unwrap().clone())
            })
            .collect()
    }

    /// The samples read only what the player saw: a game they cannot tell from the true one
    /// (a sample of it) gives exactly the true game's sample from the same seed, unless one
    /// of the two needed the walk from the truth. And the walk is rare.
    #[test]
    fn games_a_player_cannot_tell_apart_give_the_same_samples() {
        for (claims, most_walked) in [(false, 0.02), (true, 0.2)] {
            let (mut calls, mut walked, mut compared, mut differ) = (0, 0, 0, 0);
            for (i, t) in positions(120, claims).iter().enumerate() {
                for me in Player::ALL {
                    let seed = sub_seed(i as u64, me.index() as u64);
                    let (twin, e) = resample_counted(t, me, &mut seeded_rng(seed));
                    let (a, f) = resample_counted(t, me, &mut seeded_rng(seed + 1));
                    let (b, g) = resample_counted(&twin, me, &mut seeded_rng(seed + 1));
                    calls += 3;
                    walked += [e, f, g].iter().filter(|x| x.walked).count();
                    differ += usize::from(twin.wall() != t.wall());
                    if !f.walked && !g.walked {
                        assert_eq!(a, b, "claims {claims}, game {i}, {me}");
                        compared += 1;
                    }
                }
            }
            assert!(compared > 200, "claims {claims}: {compared} pairs compared");
            assert!(differ > compared / 2, "claims {claims}: twins differ {differ} times");
            let share = walked as f64 / calls as f64;
            assert!(share <= most_walked, "claims {claims}: the walk in {walked} of {calls}");
        }
    }
}
