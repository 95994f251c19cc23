//! A state one player cannot tell from a dealt game (Mahjong's
//! [`tabletop_core::Game::resample_from_infostate`]), and the player actions that played a
//! game from its deal.
//!
//! What a player cannot see of a dealt game is the wall: the tiles the other players drew and
//! the tiles not drawn yet. A new wall keeps the player's own draws; the game is replayed
//! from it with the same player actions, and the wall is kept only if the replay shows the
//! player exactly what they saw (every event, every skip, the decision due).
//!
//! 1. A candidate wall is built to fit what the log says of the other players' hands. Each
//!    tile they gave up (a discard, a pass, the two tiles of a pong, the two of a chow) is one
//!    of their draws before it, preferably a draw after the last discard that would have put
//!    it at risk (the same kind, or a neighbour for the discarder's next player). With
//!    `claims`, each claim decision a player was seen to skip gets what it needs: the
//!    deciders on a discard are given the rules' stages in order (a win, the pair, the next
//!    player's chows), the fewest wins first, and the pair's holder holds two of the tile
//!    then, the next player at the chow stage two tiles of a sequence with it (a tile given
//!    up later is drawn early for it when there is one). A player at a win's stage, and the
//!    winner of a game another player won, holds a winning hand then (with the discard, for
//!    a win on it): the tiles they hold already are completed at random, one tile lowering
//!    the distance to winning at a time ([`crate::distance`]), from the tiles they give up
//!    later or else from the tiles nobody else needs. The remaining draws of the other
//!    players take tiles at risk with no later discard where the pool allows, and a pair the
//!    rules would have ponged is broken up.
//! 2. The replay stops at the first thing the player would see differently, and names the
//!    other player whose hand made it: one who claims, wins or is offered a decision that the
//!    true game does not show holds too much; one who does not holds too little. (Who
//!    decides a claim on which discard is compared; the stage is not, the player does not
//!    see it.)
//! 3. The repair changes that player's tiles held then (for a decision they were not
//!    offered, right after the discard), and the replay starts again. Too much: a tile
//!    related to the discard in question (the same kind for a pong, within two ranks
//!    otherwise) goes, moved to a later draw of theirs if they give it up later, else swapped
//!    with an unseen tile away from everything they hold. Too little: a free tile is swapped
//!    with an unseen one related to the discard; with `claims`, for the discarder's next
//!    player, one that completes a sequence with it and a tile held, and that draw is kept
//!    for the decision (later repairs move it only to another draw before it). The new
//!    replay resumes from the last snapshot of the one before (kept every few tiles drawn)
//!    where the tiles drawn so far are unchanged, so it gives what a replay from the deal
//!    would.
//! 4. After 16 repairs, or when one divergence shows for the fourth time (the repairs go
//!    round in a circle), a new candidate: up to 16. A call's own search stops after 4
//!    candidates and replays in all; it is the walk's turn then. The first call on a
//!    position runs the trial: steps 1 to 3 from a fixed seed. Where the trial needs more
//!    than a call's 4 (or finds no sample), a call seldom finds one in 4, and calls there
//!    walk at once. The walk: one of 8 anchors, drawn by the call, with its undrawn part
//!    shuffled, changed by 4 swaps of hidden tiles, each kept only if it replays the same,
//!    so a sample is always found. The anchors are samples made once for the position, each
//!    from its own fixed seed when a call first draws it: the trial's sample, and for the
//!    others the sample of a search (up to 32 candidates and replays), else the anchor
//!    before walked 16 swaps. Where the trial found no sample, the first anchor is the true
//!    wall walked 48 swaps.
//!
//! What does not change from one sample to the next (the player actions, what step 1 reads
//! of the log, the trial's outcome and the anchors) is kept on the position for each player,
//! and reused by the next call on the same position (IS-MCTS resamples one root again and
//! again). Each is made from fixed seeds, so a call's sample depends on the position, the
//! player and the call's seed, not on the calls before.
//!
//! Steps 1 to 3 read only what the player saw (the true game is compared where the player
//! sees it, the other players' draws as draws), so their samples do not depend on the hidden
//! tiles: two games the player cannot tell apart give the same sample from the same seed,
//! the walk's included. Only where the trial found no sample do the anchors start from the
//! truth; the tests bound how often. The samples of a walk are fewer and closer to one
//! another than those of the candidates (the tests bound how much); the walk is for the
//! positions where candidates seldom fit.

use std::ops::BitOr as _;
use std::sync::OnceLock;

use tabletop_core::rand::Rng as _;
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::{Rng, seeded_rng, sub_seed};

use arrayvec::ArrayVec;

use crate::distance::distance;
use crate::distance::is_winning;
use crate::game::MahjongAction;
use crate::hand::{Hand, Meld};
use crate::state::{Claim, ClaimDue, Position};
use crate::tile::Direction;
use crate::tile::Player;
use crate::wall::{Wall, shuffle};
use crate::{Event, Kind, Outcome};

/// The flag on the `need` of a draw kept for a claim decision the player was offered at the
/// event it is or'ed with (never given up): repairs for other decisions leave it alone, or
/// move it to another draw before that event.
const KEPT: u16 = 1 << 15;

/// The candidate walls a search tries (step 4).
const CANDIDATES: usize = 16;

/// The candidates and replays a call's own search may take before the walk (step 4); a
/// position whose trial takes more is resampled by the walk at once.
const BUDGET: usize = 4;

/// The candidates and replays the search for an anchor may take (step 4).
const ANCHOR_BUDGET: usize = 32;

/// The seed of the trial ([`PreparedFor::trial`]); anchor `j`'s is `sub_seed` of it and `j`.
const TRIAL_SEED: u64 = 0;

/// The repairs tried on one candidate before it is given up (step 4).
const REPAIRS: usize = 16;

/// The times one divergence may show on a candidate before it is given up (step 4).
const RECURRING: usize = 4;

/// The tries at completing a winning hand (step 1) before it is left to the repairs.
const WIN_TRIES: usize = 4;

/// The anchors a position keeps for each player (step 4).
const ANCHORS: usize = 8;

/// The swaps a call's walk tries from its anchor (step 4).
const STEPS: usize = 4;

/// The swaps between an anchor and the next, where the search for it finds no sample.
const SPACING: usize = 16;

/// The swaps from the true wall to the first anchor, where the trial finds no sample.
const WALK: usize = 48;

/// The player actions that played `position` from its deal, in order, with who made them:
/// the discards (a pass as `PASS`) and, when the players decide their claims, the claims,
/// skips and self-drawn wins.
pub(crate) fn actions(position: &Position) -> Vec<(Player, MahjongAction)> {
    let claims = position.decides_claims();
    let mut skips = position.skips().iter().peekable();
    let mut out = Vec::with_capacity(position.events().len() + position.skips().len());
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
    /// Whether the culprit is the next player of the discard's discarder (who may chow it).
    next: bool,
}

/// The last plain discard among `events`: its event index, discarder and tile.
fn last_discard_event(events: &[Event]) -> Option<(usize, Player, Kind)> {
    events.iter().enumerate().rev().find_map(|(i, e)| match *e {
        Event::Discard { player, tile } => Some((i, player, tile)),
        _ => None,
    })
}

/// The tile of the last plain discard among `events`.
fn last_discard(events: &[Event]) -> Option<Kind> {
    last_discard_event(events).map(|(_, _, tile)| tile)
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

/// When the culprit of `d`, found when `events[..at]` were replayed, held the tiles in
/// question: for a decision on a discard they were not offered, right after that discard
/// (draws after it came too late); else `at`.
fn held_at(events: &[Event], at: usize, d: &Divergence) -> usize {
    if d.excess || d.tile.is_none() {
        return at;
    }
    last_discard_event(&events[..at]).map_or(at, |(i, _, _)| i + 1)
}

/// Whether `k` added to `hand` gives the discarder's next player (`chow`) a sequence with the
/// discard `x` the hand lacks: its third tile, beside a tile held. Not a kind held already
/// or `x` itself (a new pair invites a pong the true game does not show).
fn gives_claim(hand: &Hand, x: Kind, k: Kind, chow: bool) -> bool {
    if !chow || k == x || hand.count(k) > 0 {
        return false;
    }
    (-2..=0).filter_map(|d| x.offset(d)).filter(|low| low.offset(2).is_some()).any(|low| {
        let tiles = Meld::Chow(low).tiles();
        tiles.contains(&k) && tiles.iter().all(|&t| t == x || t == k || hand.count(t) > 0)
    })
}

/// A divergence met on a candidate: the event, the culprit, and whether they held too much.
type Met = (usize, Option<Player>, bool);

/// Whether `key`, met once more, has shown [`RECURRING`] times among `met`.
fn recurs(met: &[Met], key: Met) -> bool {
    met.iter().filter(|&&k| k == key).count() + 1 >= RECURRING
}

/// A replay stopped before an action: where another replay on a wall with the same tiles
/// where this one has drawn can resume.
#[derive(Clone)]
struct Snapshot {
    /// The game then.
    u: Position,
    /// The action due.
    step: usize,
    /// The events compared with the true game's.
    checked: usize,
}

/// The tiles drawn between two snapshots a replay keeps (the first after the deal).
const SNAPSHOT_EVERY: usize = 16;

/// Keeps the snapshots a replay on a wall whose first `same` tiles are unchanged can resume
/// from: those that have drawn no more.
fn keep_snapshots(snapshots: &mut Vec<Snapshot>, same: usize) {
    while snapshots.last().is_some_and(|s| s.u.drawn() > same) {
        snapshots.pop();
    }
}

/// Replays `actions` (the true game's, `truth`) on `wall`, stopping at the first event,
/// skip or decision that `me` would see differently; the game, when there is none. It resumes
/// from the last of `snapshots` (kept from replays of walls with the same tiles where they
/// have drawn), and keeps more along the way.
fn replay(
    wall: &Wall,
    truth: &Position,
    actions: &[(Player, MahjongAction)],
    me: Player,
    rng: &mut Rng,
    snapshots: &mut Vec<Snapshot>,
) -> Result<Position, (Divergence, Hand)> {
    let (mut u, first, mut checked) = match snapshots.last() {
        Some(s) => {
            let mut u = s.u.clone();
            u.resume_on(wall);
            (u, s.step, s.checked)
        }
        None => (Position::replaying(wall, truth.decides_claims()), 0, 0),
    };
    let mut next_snapshot = snapshots.last().map_or(0, |s| s.u.drawn() + SNAPSHOT_EVERY);
    let theirs = truth.events();
    // The culprit's hand when it showed, for the repair.
    let blame = |mut d: Divergence, u: &Position| {
        let events = u.events();
        d.at = held_at(events, d.at, &d);
        let discarder = last_discard_event(&events[..d.at]).map(|(_, p, _)| p);
        d.next = discarder.is_some_and(|p| d.culprit == Some(p.next(u.direction())));
        let q = d.culprit.unwrap_or(me);
        // The hand then: without what the culprit drew since.
        let mut hand = *u.hand(q);
        for e in &events[d.at..] {
            if let Event::Draw { player, tile } = *e
                && player == q
            {
                hand.remove(tile);
            }
        }
        (d, hand)
    };
    // Which of two players to blame when one is offered a decision and the other is due:
    // the stage order is not in the log, so either may hold the wrong tiles.
    let either = |rng: &mut Rng, r: Player, q: Player, tile| {
        let excess = rng.random_bool(0.5);
        Divergence {
            at: 0,
            culprit: Some(if excess { r } else { q }),
            tile,
            excess,
            pong: false,
            next: false,
        }
    };
    for step in first..=actions.len() {
        if u.drawn() >= next_snapshot {
            snapshots.push(Snapshot { u: u.clone(), step, checked });
            next_snapshot = u.drawn() + SNAPSHOT_EVERY;
        }
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
            return Err(blame(Divergence { at: i, culprit, tile, excess, pong, next: false }, &u));
        }
        checked = ours.len();
        let at = ours.len();
        // 2. Who is to act, and on what, against the true game's next action (or its end).
        let due = u.claim_due();
        let Some(&(q, action)) = actions.get(step) else {
            let truth_due = truth.claim_due();
            // Who decides on which discard is public; the stage (whether they hold the pair)
            // is not.
            let public = |c: Option<ClaimDue>| c.map(|c| (c.player, c.discarder, c.tile));
            if at == theirs.len()
                && public(due) == public(truth_due)
                && u.to_discard() == truth.to_discard()
            {
                u.settle();
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
                    next: false,
                },
                (None, Some(c)) => Divergence {
                    at,
                    culprit: Some(c.player),
                    tile: Some(c.tile),
                    excess: false,
                    pong: false,
                    next: false,
                },
                (None, None) => Divergence {
                    at,
                    culprit: None,
                    tile: None,
                    excess: false,
                    pong: false,
                    next: false,
                },
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
                    next: false,
                },
                None if claim_due => {
                    Divergence { at, culprit: Some(q), tile, excess: false, pong, next: false }
                }
                None => {
                    Divergence { at, culprit: None, tile, excess: false, pong: false, next: false }
                }
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
            return Err(blame(
                Divergence { at, culprit: Some(q), tile, excess: true, pong, next: false },
                &u,
            ));
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
    /// Whether the sample is the walk's (the call's search found none in its budget, or the
    /// position walks at once).
    pub(crate) walked: bool,
    /// Whether the walk started from an anchor made from the true wall (the trial found no
    /// sample).
    pub(crate) from_truth: bool,
    /// The replays of candidates resumed from a snapshot of the replay before.
    pub(crate) resumed: usize,
    /// The candidates replayed (the first replay of each starts from the deal).
    pub(crate) candidates: usize,
}

/// What every sample for one player from one position reuses: the true game's player
/// actions, the plan of the candidate walls, and what the first calls found. A position
/// keeps it for each player ([`crate::state::Prepared`]).
pub(crate) struct PreparedFor {
    /// The player actions that played the position ([`actions`]).
    actions: Vec<(Player, MahjongAction)>,
    /// The plan of the candidate walls for the player.
    plan: Plan,
    /// The trial's outcome, run by the first call (step 4).
    trial: OnceLock<Trial>,
    /// The anchors of the walk, each made by the first call that walks from it (step 4).
    anchors: [OnceLock<Anchor>; ANCHORS],
}

impl PreparedFor {
    fn new(t: &Position, me: Player) -> PreparedFor {
        PreparedFor {
            actions: actions(t),
            plan: Plan::of(t, me),
            trial: OnceLock::new(),
            anchors: std::array::from_fn(|_| OnceLock::new()),
        }
    }
}

/// What the trial (steps 1 to 3 from [`TRIAL_SEED`], all [`CANDIDATES`]) found.
struct Trial {
    /// The wall of its sample, if any.
    sample: Option<[Kind; Wall::LEN]>,
    /// Whether the position is resampled by the walk at once: the trial found no sample in
    /// the [`BUDGET`] of a call.
    walks: bool,
}

/// [`resample`], and what it took.
pub(crate) fn resample_counted(t: &Position, me: Player, rng: &mut Rng) -> (Position, Effort) {
    let stamp = (t.events().len(), t.skips().len());
    let prepared = t.prepared().get_or(me, stamp, || PreparedFor::new(t, me));
    let (actions, plan) = (&prepared.actions, &prepared.plan);
    // The trial reads only what the player saw (from a fixed seed): games they cannot tell
    // apart get the same.
    let trial = prepared.trial.get_or_init(|| {
        let mut effort = Effort::default();
        let mut seeded = seeded_rng(TRIAL_SEED);
        let sample = search(t, actions, plan, me, usize::MAX, &mut seeded, &mut effort)
            .map(|u| *u.wall().tiles());
        Trial { walks: sample.is_none() || effort.replays + effort.candidates > BUDGET, sample }
    });
    let mut effort = Effort::default();
    if !trial.walks
        && let Some(u) = search(t, actions, plan, me, BUDGET, rng, &mut effort)
    {
        return (u, effort);
    }
    effort.walked = true;
    effort.from_truth = trial.sample.is_none();
    let anchor = anchor(t, &prepared, me, trial, rng.random_range(0..ANCHORS));
    (walk(t, actions, plan, me, anchor, STEPS, rng).u, effort)
}

/// Anchor `j` of the position (made on the first call that needs it, from its own seed):
/// the trial's sample for the first; for the others, the sample a search finds in
/// [`ANCHOR_BUDGET`], else the anchor before it walked [`SPACING`] swaps. Where the trial
/// found no sample, the first is the true wall walked [`WALK`] swaps.
fn anchor<'a>(
    t: &Position,
    prepared: &'a PreparedFor,
    me: Player,
    trial: &Trial,
    j: usize,
) -> &'a Anchor {
    let (actions, plan) = (&prepared.actions, &prepared.plan);
    prepared.anchors[j].get_or_init(|| {
        let mut seeded = seeded_rng(sub_seed(TRIAL_SEED, j as u64));
        let found = match (trial.sample, j) {
            (Some(tiles), 0) => Some(tiles),
            (Some(_), _) => {
                search(t, actions, plan, me, ANCHOR_BUDGET, &mut seeded, &mut Effort::default())
                    .map(|u| *u.wall().tiles())
            }
            (None, _) => None,
        };
        match (found, j) {
            (Some(tiles), _) => Anchor::of(t, actions, me, &tiles, &mut seeded),
            (None, 0) => {
                let truth = Anchor::of(t, actions, me, t.wall().tiles(), &mut seeded);
                walk(t, actions, plan, me, &truth, WALK, &mut seeded)
            }
            (None, _) => {
                let before = anchor(t, prepared, me, trial, j - 1);
                walk(t, actions, plan, me, before, SPACING, &mut seeded)
            }
        }
    })
}

/// A sample a walk starts from: its game, and the snapshots of its replay.
#[derive(Clone)]
struct Anchor {
    u: Position,
    snapshots: Vec<Snapshot>,
}

impl Anchor {
    /// The sample `tiles` play (a wall that replays what the player saw).
    fn of(
        t: &Position,
        actions: &[(Player, MahjongAction)],
        me: Player,
        tiles: &[Kind; Wall::LEN],
        rng: &mut Rng,
    ) -> Anchor {
        let mut snapshots = Vec::new();
        let wall = Wall::from_tiles_unchecked(tiles);
        let u = replay(&wall, t, actions, me, rng, &mut snapshots)
            .unwrap_or_else(|_| unreachable!("a sample's wall plays the same game"));
        Anchor { u, snapshots }
    }
}

/// The walk: `from` with its undrawn part shuffled (nobody has seen it), changed by up to
/// `swaps` swaps of hidden tiles, each kept only if it replays the same.
fn walk(
    t: &Position,
    actions: &[(Player, MahjongAction)],
    plan: &Plan,
    me: Player,
    from: &Anchor,
    swaps: usize,
    rng: &mut Rng,
) -> Anchor {
    let mut tiles = *from.u.wall().tiles();
    shuffle(&mut tiles[plan.drawn..], rng);
    let mut current = from.u.clone();
    current.resume_on(&Wall::from_tiles_unchecked(&tiles));
    // Each replay resumes from the last snapshot where the tiles drawn are unchanged.
    let mut snapshots = from.snapshots.clone();
    let hidden = &plan.hidden;
    for _ in 0..swaps {
        let (a, b) = (rng.random_range(0..hidden.len()), rng.random_range(0..hidden.len()));
        let (a, b) = (hidden[a], hidden[b]);
        if tiles[a] == tiles[b] || (a >= plan.drawn && b >= plan.drawn) {
            continue;
        }
        tiles.swap(a, b);
        keep_snapshots(&mut snapshots, a.min(b));
        match replay(&Wall::from_tiles_unchecked(&tiles), t, actions, me, rng, &mut snapshots) {
            Ok(u) => current = u,
            Err(_) => {
                // The wall is not kept: neither are its snapshots.
                keep_snapshots(&mut snapshots, a.min(b));
                tiles.swap(a, b);
            }
        }
    }
    Anchor { u: current, snapshots }
}

/// Steps 1 to 3: up to [`CANDIDATES`] candidate walls, each repaired until it replays what
/// `me` saw (the sample) or is given up, within `budget` candidates and replays (the counts
/// of `effort`, which starts at zero).
fn search(
    t: &Position,
    actions: &[(Player, MahjongAction)],
    plan: &Plan,
    me: Player,
    budget: usize,
    rng: &mut Rng,
    effort: &mut Effort,
) -> Option<Position> {
    let mut snapshots = Vec::new();
    for _ in 0..CANDIDATES {
        let found = plan.candidate(rng, true).or_else(|| plan.candidate(rng, false));
        let Some((mut tiles, mut need)) = found else { continue };
        effort.candidates += 1;
        snapshots.clear();
        // The divergences met on this candidate (event, culprit, direction).
        let mut met: ArrayVec<Met, REPAIRS> = ArrayVec::new();
        for _ in 0..REPAIRS {
            if effort.candidates + effort.replays >= budget {
                return None;
            }
            // A candidate holds four of each kind.
            let wall = Wall::from_tiles_unchecked(&tiles);
            effort.replays += 1;
            effort.resumed += usize::from(!snapshots.is_empty());
            let before = tiles;
            let (d, hand) = match replay(&wall, t, actions, me, rng, &mut snapshots) {
                Ok(u) => return Some(u),
                Err(found) => found,
            };
            // Repairs that come back to the same divergence again and again go round in a
            // circle: a new candidate instead.
            let key = (d.at, d.culprit, d.excess);
            if recurs(&met, key) {
                break;
            }
            met.push(key);
            if !plan.repair(&mut tiles, &mut need, d, &hand, rng) {
                break;
            }
            // The next replay resumes where the tiles drawn are still the same.
            let same = before.iter().zip(&tiles).take_while(|(a, b)| a == b).count();
            keep_snapshots(&mut snapshots, same);
        }
    }
    None
}

/// How a player was seen to decide a claim on a discard (a decision still due counts as a
/// skip: it was offered).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decided {
    Skip,
    Ron,
    Pong,
    Chow,
}

/// What a skipped claim decision needs the player to hold.
#[derive(Clone, Copy, Debug)]
enum Need {
    /// Two copies of the discard (or, when there are not two left and the player is the
    /// discarder's next, a sequence with it: `true`).
    Pair(Kind, bool),
    /// Two tiles of a sequence with the discard.
    Chow(Kind),
    /// A winning hand: with the discard (`Some`: a win on it, taken or skipped), or as held
    /// (`None`: a self-drawn win).
    Win(Option<Kind>),
}

/// How many places round from `from` (in `dir`) `to` sits: 1 for the next player.
fn round_of(from: Player, to: Player, dir: Direction) -> u8 {
    let mut q = from;
    for r in 1..4 {
        q = q.next(dir);
        if q == to {
            return r;
        }
    }
    0
}

/// The chows (lowest tiles) `hand` can make with `tile`.
fn chows_of(hand: &Hand, tile: Kind) -> ArrayVec<Kind, 3> {
    let mut out = ArrayVec::new();
    for d in [-2, -1, 0] {
        let three = [tile.offset(d), tile.offset(d + 1), tile.offset(d + 2)];
        let [Some(lowest), Some(_), Some(_)] = three else { continue };
        if three.iter().flatten().filter(|&&k| k != tile).all(|&k| hand.count(k) > 0) {
            out.push(lowest);
        }
    }
    out
}

/// Stages (strictly increasing) for the decisions `seen`, each one of its `options`, the
/// next player not at stage 4 after holding the pair at 3: the assignment with the fewest
/// wins of players other than `viewer`, the first in the options' order among those.
fn assign(
    seen: &[(Player, Decided)],
    options: &dyn Fn(Player, Decided) -> ArrayVec<u8, 3>,
    viewer: Player,
    next: Player,
) -> Option<ArrayVec<u8, 5>> {
    fn go(
        seen: &[(Player, Decided)],
        options: &dyn Fn(Player, Decided) -> ArrayVec<u8, 3>,
        viewer: Player,
        next: Player,
        now: &mut ArrayVec<u8, 5>,
        best: &mut Option<(usize, ArrayVec<u8, 5>)>,
    ) {
        let k = now.len();
        if k == seen.len() {
            let wins = now.iter().zip(seen).filter(|(s, (p, _))| **s < 3 && *p != viewer).count();
            if best.as_ref().is_none_or(|(w, _)| wins < *w) {
                *best = Some((wins, now.clone()));
            }
            return;
        }
        let (p, d) = seen[k];
        for s in options(p, d) {
            let after = now.last().is_none_or(|&l| s > l);
            let pair_next = s == 4 && now.iter().zip(seen).any(|(&t, &(q, _))| t == 3 && q == next);
            if after && !pair_next {
                now.push(s);
                go(seen, options, viewer, next, now, best);
                now.pop();
            }
        }
    }
    let mut best = None;
    go(seen, options, viewer, next, &mut ArrayVec::new(), &mut best);
    best.map(|(_, s)| s)
}

/// Whether `uses` (those not `done`, but for `also`) still each find a free draw before
/// them once draw `taken` is filled: at every use, no more uses so far than free draws
/// before it.
fn still_fits(
    draws: &[(usize, usize)],
    wall: &[Option<Kind>; Wall::LEN],
    taken: usize,
    uses: &[(usize, Kind)],
    done: &[bool],
    also: Option<usize>,
) -> bool {
    let mut due = 0;
    let mut free = 0;
    let mut d = 0;
    for (v, &(when, _)) in uses.iter().enumerate() {
        if done[v] || also == Some(v) {
            continue;
        }
        while d < draws.len() && draws[d].0 < when {
            let pos = draws[d].1;
            free += usize::from(wall[pos].is_none() && pos != taken);
            d += 1;
        }
        due += 1;
        if due > free {
            return false;
        }
    }
    true
}

/// How many of `draws` (event index, wall position; in order) come before event `at`: `at`
/// is a use or a discard, never a draw.
fn draws_before(draws: &[(usize, usize)], at: usize) -> usize {
    draws.partition_point(|&(t, _)| t < at)
}

/// The draws (`after..before`, indices into `draws`) from which no discard among `risk`
/// (event index, kinds at risk; in order) before event `when` puts a tile `k` given up then
/// at risk: those after the last such discard, before `when`.
fn safe_draws(
    draws: &[(usize, usize)],
    risk: &[(usize, u64)],
    when: usize,
    k: Kind,
) -> (usize, usize) {
    let r = risk.partition_point(|x| x.0 < when);
    let last = risk[..r].iter().rev().find(|x| x.1 & bit(k) != 0).map(|x| x.0);
    let before = draws_before(draws, when);
    (last.map_or(0, |l| draws_before(&draws[..before], l)), before)
}

/// One of the free draws among `draws[after..before]` (the safe ones), latest first, drawn
/// uniformly (counted, then found); else the latest free draw before them.
fn free_slot(
    draws: &[(usize, usize)],
    wall: &[Option<Kind>; Wall::LEN],
    after: usize,
    before: usize,
    rng: &mut Rng,
) -> Option<usize> {
    let free = |&&(_, pos): &&(usize, usize)| wall[pos].is_none();
    let safe = &draws[after..before];
    let n = safe.iter().filter(free).count();
    if n > 0 {
        let i = rng.random_range(..n);
        return safe.iter().rev().filter(free).nth(i).map(|&(_, pos)| pos);
    }
    draws[..after].iter().rev().find(free).map(|&(_, pos)| pos)
}

/// For each of `uses` (event index, kind; in order), its safe draws as [`safe_draws`] gives
/// them, found in one pass: the last discard putting each kind at risk is kept as `risk` is
/// read.
fn safe_draws_of(
    draws: &[(usize, usize)],
    risk: &[(usize, u64)],
    uses: &[(usize, Kind)],
) -> Vec<(usize, usize)> {
    let mut last = [None; Kind::COUNT];
    let mut r = 0;
    uses.iter()
        .map(|&(when, k)| {
            while let Some(&(i, mut kinds)) = risk.get(r).filter(|x| x.0 < when) {
                while kinds != 0 {
                    last[kinds.trailing_zeros() as usize] = Some(i);
                    kinds &= kinds - 1;
                }
                r += 1;
            }
            let before = draws_before(draws, when);
            (last[k.index()].map_or(0, |l| draws_before(&draws[..before], l)), before)
        })
        .collect()
}

/// How many tiles `k` of the draws `before` event `at` are still held then: kept (given up
/// never, `need` 0) or given up after it.
fn held_then(
    before: &[(usize, usize)],
    wall: &[Option<Kind>; Wall::LEN],
    need: &[u16; Wall::LEN],
    k: Kind,
    at: usize,
) -> usize {
    let held = |&&(_, pos): &&(usize, usize)| {
        wall[pos] == Some(k) && (need[pos] == 0 || usize::from(need[pos]) > at)
    };
    before.iter().filter(held).count()
}

/// A tile drawn uniformly from the copies `left` of the kinds outside `avoid`, if any.
fn pick(left: &[u8; Kind::COUNT], avoid: u64, rng: &mut Rng) -> Option<Kind> {
    let allowed = |k: &Kind| avoid >> k.index() & 1 == 0;
    let total: u32 =
        Kind::ALL.iter().filter(|k| allowed(k)).map(|k| u32::from(left[k.index()])).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.random_range(0..total);
    for k in Kind::ALL.into_iter().filter(allowed) {
        let n = u32::from(left[k.index()]);
        if r < n {
            return Some(k);
        }
        r -= n;
    }
    None
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
    /// Whether the players decide their claims (every claim open to them is offered).
    claims: bool,
    /// Per player, for each plain discard (in the order of `discards`), the kinds a tile
    /// held from before it to the end would be at risk with, from that discard on: the
    /// discard itself and, for the discarder's next player, its chow neighbours (`.0`); its
    /// neighbours for the others (`.1`, a win could use them).
    danger: Vec<Vec<(u64, u64)>>,
    /// Per player, the plain discards of the others: event index and the kinds a tile held
    /// then is at risk with (the discard, and its chow neighbours for the next player).
    risk: Vec<Vec<(usize, u64)>>,
    /// Tiles another player holds when a discard's claims are decided (event index of the
    /// discard, kind): what the claim decisions they were seen to skip need (`claims` only).
    holds: Vec<Vec<(usize, Need)>>,
    /// Per plain discard, the players seen deciding a claim on it (bit per player).
    decided: Vec<u8>,
    /// Per player, for each tile they gave up (in the order of their uses), the safe draws
    /// for it ([`safe_draws`]).
    safe: Vec<Vec<(usize, usize)>>,
    /// Per player, for each of their draws, the danger masks of a tile drawn then
    /// ([`Plan::danger_from`]).
    draw_danger: Vec<Vec<(u64, u64)>>,
    /// What every candidate starts from ([`Plan::start`]).
    start: Option<([Option<Kind>; Wall::LEN], [u8; Kind::COUNT])>,
    /// The wall positions the walk swaps: the other players' draws, then the undrawn tiles.
    hidden: Vec<usize>,
}

/// A candidate wall being built: the tiles placed, the event each is given up at (see
/// [`Plan::candidate`]), and the copies of each kind not placed yet.
struct Fill<'a> {
    wall: &'a mut [Option<Kind>; Wall::LEN],
    need: &'a mut [u16; Wall::LEN],
    left: &'a mut [u8; Kind::COUNT],
}

/// Wall positions, without an allocation.
type Places = ArrayVec<usize, { Wall::LEN }>;

/// A bit per kind.
fn bit(k: Kind) -> u64 {
    1 << k.index()
}

/// The kinds within two ranks of `t` in its suit, `t` included.
fn near(t: Kind) -> u64 {
    (-2..=2).filter_map(|o| t.offset(o)).fold(bit(t), |m, k| m | bit(k))
}

impl Plan {
    fn of(t: &Position, viewer: Player) -> Plan {
        // Every list is sized once from the events (at most one entry an event, at most
        // four for the two-tile uses and the holds).
        let n = t.events().len();
        let seen = || (Vec::with_capacity(n), Vec::with_capacity(n));
        let mut plan = Plan {
            fixed: Vec::with_capacity(n),
            others: vec![seen(), seen(), seen(), seen()],
            drawn: 0,
            discards: Vec::with_capacity(n),
            viewer,
            claims: t.decides_claims(),
            danger: (0..4).map(|_| Vec::with_capacity(n)).collect(),
            risk: (0..4).map(|_| Vec::with_capacity(n)).collect(),
            holds: (0..4).map(|_| Vec::with_capacity(n)).collect(),
            decided: Vec::new(),
            safe: Vec::with_capacity(4),
            draw_danger: Vec::with_capacity(4),
            start: None,
            hidden: Vec::new(),
        };
        // The viewer's hand and melds, to know the claim decisions open to them.
        let (mut mine, mut my_melds) = (Hand::new(), 0);
        let mut last_discard = None;
        let mut direction = Direction::Forward;
        let mut nexts = Vec::with_capacity(n);
        let mut dirs = Vec::with_capacity(n);
        // Per plain discard, the claim decisions open to the viewer (bit per stage).
        let mut my_offers = Vec::with_capacity(n);
        for (i, e) in t.events().iter().enumerate() {
            match *e {
                Event::Discard { player, tile } if player == viewer => mine.remove(tile),
                Event::Pass { player, .. } if player == viewer => mine.remove(Kind::PASS),
                Event::Pong { player, tile } if player == viewer => {
                    mine.remove(tile);
                    mine.remove(tile);
                    my_melds += 1;
                }
                Event::Chow { player, lowest } if player == viewer => {
                    for k in Meld::Chow(lowest).tiles() {
                        if Some(k) != last_discard {
                            mine.remove(k);
                        }
                    }
                    my_melds += 1;
                }
                _ => {}
            }
            match *e {
                Event::Draw { player, tile } => {
                    if player == viewer {
                        mine.add(tile);
                        plan.fixed.push((plan.drawn, tile));
                    } else {
                        plan.others[player.index()].0.push((i, plan.drawn));
                    }
                    plan.drawn += 1;
                }
                Event::Discard { player, tile } if tile.is_special() => {
                    if tile == Kind::REVERSE {
                        direction = direction.flipped();
                    }
                    if player != viewer {
                        plan.others[player.index()].1.push((i, tile));
                    }
                }
                Event::Discard { player, tile } => {
                    last_discard = Some(tile);
                    nexts.push(player.next(direction));
                    dirs.push(direction);
                    let mut offers = 0u8;
                    if player != viewer && t.decides_claims() {
                        let round = round_of(player, viewer, direction);
                        let mut won = mine;
                        won.add(tile);
                        if !mine.has_special() && is_winning(&won, my_melds) {
                            offers |= 1 << (round - 1);
                        }
                        if mine.count(tile) >= 2 {
                            offers |= 1 << 3;
                        } else if round == 1 && !chows_of(&mine, tile).is_empty() {
                            offers |= 1 << 4;
                        }
                    }
                    my_offers.push(offers);
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
        if t.decides_claims() {
            plan.holds_from(t, &dirs, &my_offers);
        }
        // A win by another player ends the game: their hand then is a winning one (with the
        // claims, a win on a discard is among the decisions above).
        let end = t.events().len().saturating_sub(2);
        match t.outcome() {
            Some(Outcome::SelfDrawn(q)) if q != viewer => {
                plan.holds[q.index()].push((end, Need::Win(None)))
            }
            Some(Outcome::Ron(q)) if q != viewer && !t.decides_claims() => {
                if let Some(x) = last_discard {
                    plan.holds[q.index()].push((end - 1, Need::Win(Some(x))));
                }
            }
            _ => {}
        }
        for q in Player::ALL {
            let risk = &mut plan.risk[q.index()];
            for (j, &(i, x, k, _)) in plan.discards.iter().enumerate() {
                if x != q {
                    risk.push((i, if nexts[j] == q { near(k) } else { bit(k) }));
                }
            }
            let danger = &mut plan.danger[q.index()];
            danger.resize(plan.discards.len(), (0, 0));
            let (mut strong, mut weak) = (0, 0);
            for (j, &(_, x, t, _)) in plan.discards.iter().enumerate().rev() {
                if x != q {
                    strong |= bit(t);
                    if nexts[j] == q {
                        strong |= near(t);
                    } else {
                        weak |= near(t);
                    }
                }
                danger[j] = (strong, weak);
            }
        }
        for (q, (draws, uses)) in plan.others.iter().enumerate() {
            plan.safe.push(safe_draws_of(draws, &plan.risk[q], uses));
            let at = draws.iter().map(|&(at, _)| plan.danger_from(Player::from_index(q), at));
            plan.draw_danger.push(at.collect());
        }
        plan.start = plan.start();
        let drawn = plan.others.iter().flat_map(|(draws, _)| draws.iter().map(|&(_, pos)| pos));
        plan.hidden = drawn.chain(plan.drawn..Wall::LEN).collect();
        plan
    }

    /// What every candidate starts from: the viewer's draws placed, and the copies of each
    /// kind left once they and the tiles given up are set aside; `None` when some kind runs
    /// out (no candidate can be made).
    fn start(&self) -> Option<([Option<Kind>; Wall::LEN], [u8; Kind::COUNT])> {
        let mut wall = [None; Wall::LEN];
        let mut left = [4u8; Kind::COUNT];
        let take = |left: &mut [u8; Kind::COUNT], k: Kind| -> Option<()> {
            left[k.index()] = left[k.index()].checked_sub(1)?;
            Some(())
        };
        for &(pos, k) in &self.fixed {
            wall[pos] = Some(k);
            take(&mut left, k)?;
        }
        // The tiles given up are set aside first: what is left is free.
        for (_, uses) in &self.others {
            for &(_, k) in uses {
                take(&mut left, k)?;
            }
        }
        Some((wall, left))
    }

    /// The tiles (`holds`) the other players' skipped claim decisions need. The decisions
    /// on a discard come in stages (see [`crate::ClaimDue`]): 0 to 2 a win for the players
    /// round from the discarder, 3 the pair's holder, 4 the next player's chows. The players
    /// seen deciding are given stages in that order, the fewest wins among the other players
    /// (a win is left to the repairs); a pair's holder holds two of the tile then, the next
    /// player at stage 4 two tiles of a sequence with it.
    fn holds_from(&mut self, t: &Position, dirs: &[Direction], my_offers: &[u8]) {
        let events = t.events();
        let mut skips = t.skips().iter().peekable();
        self.decided = vec![0; self.discards.len()];
        for (j, &(i, x, tile, _)) in self.discards.iter().enumerate() {
            let mut seen: ArrayVec<(Player, Decided), 5> = ArrayVec::new();
            while let Some(&(_, p)) = skips.next_if(|&&(at, _)| at <= i + 1) {
                if seen.try_push((p, Decided::Skip)).is_err() {
                    break;
                }
            }
            let last = match events.get(i + 1) {
                Some(&Event::Ron { player }) => Some((player, Decided::Ron)),
                Some(&Event::Pong { player, .. }) => Some((player, Decided::Pong)),
                Some(&Event::Chow { player, .. }) => Some((player, Decided::Chow)),
                None => t.claim_due().map(|c| (c.player, Decided::Skip)),
                _ => None,
            };
            if let Some(d) = last {
                let _ = seen.try_push(d);
            }
            self.decided[j] = seen.iter().fold(0, |m, &(p, _)| m | 1 << p.index());
            let (viewer, dir) = (self.viewer, dirs[j]);
            let options = |p: Player, d: Decided| -> ArrayVec<u8, 3> {
                let round = round_of(x, p, dir);
                let mut o: ArrayVec<u8, 3> = match d {
                    Decided::Ron => [round - 1].into_iter().collect(),
                    Decided::Pong => [3].into_iter().collect(),
                    Decided::Chow => [4, 3].into_iter().collect(),
                    Decided::Skip => [3, 4, round - 1].into_iter().collect(),
                };
                o.retain(|s| {
                    (*s != 4 || round == 1) && (p != viewer || my_offers[j] >> *s & 1 == 1)
                });
                o
            };
            let Some(stages) = assign(&seen, &options, viewer, x.next(dir)) else { continue };
            for (&(p, d), &stage) in seen.iter().zip(&stages) {
                if p == viewer {
                    continue;
                }
                match stage {
                    0..=2 => self.holds[p.index()].push((i, Need::Win(Some(tile)))),
                    3 if d != Decided::Pong => {
                        self.holds[p.index()].push((i, Need::Pair(tile, p == x.next(dir))));
                    }
                    4 if d == Decided::Skip => self.holds[p.index()].push((i, Need::Chow(tile))),
                    _ => {}
                }
            }
        }
    }

    /// A free draw of `draws` before `when` for a tile `k` given up then: preferably one
    /// from which no discard before `when` puts it at risk; else the latest.
    fn use_slot(
        &self,
        draws: &[(usize, usize)],
        risk: &[(usize, u64)],
        wall: &[Option<Kind>; Wall::LEN],
        when: usize,
        k: Kind,
        rng: &mut Rng,
    ) -> Option<usize> {
        let (after, before) = safe_draws(draws, risk, when, k);
        free_slot(draws, wall, after, before, rng)
    }

    /// The danger masks (see `danger`) of a tile `q` holds from event `from` to the end.
    fn danger_from(&self, q: Player, from: usize) -> (u64, u64) {
        let j = self.discards.partition_point(|d| d.0 <= from);
        self.danger[q.index()].get(j).copied().unwrap_or((0, 0))
    }

    /// Fills `q`'s empty draws before event `at` so that their hand then, with `x` when it
    /// is a discard, is a winning one: the tiles held so far stay, the rest complete them to
    /// a winning shape drawn at random (each tile added lowers the distance to winning by
    /// one), from the tiles `q` gives up later (`later`, those not `done`) or else from the
    /// pool. The later uses that would find no free draw of theirs after `at` are among the
    /// tiles drawn. `None` (nothing changed) when the tiles held cannot be completed.
    fn win_hold(
        &self,
        q: Player,
        fill: &mut Fill<'_>,
        (later, done): (&[(usize, Kind)], &mut [bool]),
        at: usize,
        x: Option<Kind>,
        rng: &mut Rng,
    ) -> Option<()> {
        let (draws, _) = &self.others[q.index()];
        let before = draws.partition_point(|&(t, _)| t < at);
        let (draws_before, draws_after) = draws.split_at(before);
        let mut hand = Hand::new();
        let mut empty = 0;
        for &(_, pos) in draws_before {
            match fill.wall[pos] {
                None => empty += 1,
                Some(k) if fill.need[pos] == 0 || usize::from(fill.need[pos]) > at => {
                    hand.add(k);
                }
                Some(_) => {}
            }
        }
        if let Some(x) = x {
            if hand.count(x) == 4 {
                return None;
            }
            hand.add(x);
        }
        let len = hand.len() + empty;
        if hand.has_special() || len > 14 || !(14 - len).is_multiple_of(3) {
            return None;
        }
        let melds = (14 - len) / 3;
        // The later uses with no free draw after `at` left: drawn before it.
        let mut must: ArrayVec<usize, 16> = ArrayVec::new();
        let (mut due, mut free, mut d) = (0, 0, 0);
        for (v, &(when, k)) in later.iter().enumerate() {
            if done[v] {
                continue;
            }
            while d < draws_after.len() && draws_after[d].0 < when {
                free += usize::from(fill.wall[draws_after[d].1].is_none());
                d += 1;
            }
            due += 1;
            if due > free {
                if k.is_special() || hand.count(k) == 4 || must.try_push(v).is_err() {
                    return None;
                }
                hand.add(k);
                due -= 1;
            }
        }
        let mut missing = empty.checked_sub(must.len())?;
        if usize::from(distance(&hand, melds)) != missing {
            return None;
        }
        // The kinds a later use (not done, not a must) offers, and the pool.
        let mut offered = *fill.left;
        for (v, &(_, k)) in later.iter().enumerate() {
            if !done[v] && !must.contains(&v) {
                offered[k.index()] += 1;
            }
        }
        // A random walk down the distance; a kind may run out on the way: a few tries.
        let (start, offered_start, missing_start) = (hand, offered, missing);
        let mut added: ArrayVec<Kind, 14> = ArrayVec::new();
        for _ in 0..WIN_TRIES {
            (hand, offered, missing) = (start, offered_start, missing_start);
            added.clear();
            while missing > 0 {
                let mut weights = [0u8; Kind::PLAIN];
                let mut total = 0u32;
                for (w, k) in weights.iter_mut().zip(Kind::ALL) {
                    if offered[k.index()] == 0 || hand.count(k) == 4 {
                        continue;
                    }
                    let mut h = hand;
                    h.add(k);
                    if usize::from(distance(&h, melds)) + 1 == missing {
                        *w = offered[k.index()];
                        total += u32::from(*w);
                    }
                }
                if total == 0 {
                    break;
                }
                let mut r = rng.random_range(0..total);
                let i = weights.iter().position(|&w| {
                    let hit = r < u32::from(w);
                    r = r.saturating_sub(u32::from(w));
                    hit
                })?;
                let k = Kind::ALL[i];
                hand.add(k);
                offered[k.index()] -= 1;
                added.push(k);
                missing -= 1;
            }
            if missing == 0 {
                break;
            }
        }
        if missing > 0 {
            return None;
        }
        // Every tile is known: place them on the empty draws before `at`.
        let risk = &self.risk[q.index()];
        let protect = u16::try_from(at + 1).expect("at most 278 events");
        let place = |fill: &mut Fill<'_>, k: Kind, until: u16, rng: &mut Rng| {
            let pos = self
                .use_slot(draws_before, risk, fill.wall, at, k, rng)
                .expect("an empty draw for each tile missing");
            fill.wall[pos] = Some(k);
            fill.need[pos] = until;
        };
        for &v in &must {
            done[v] = true;
            place(fill, later[v].1, u16::try_from(later[v].0).expect("at most 278 events"), rng);
        }
        for k in added {
            let v = (0..later.len()).find(|&v| !done[v] && later[v].1 == k && !must.contains(&v));
            match v {
                Some(v) => {
                    done[v] = true;
                    place(fill, k, u16::try_from(later[v].0).expect("at most 278 events"), rng);
                }
                None => {
                    fill.left[k.index()] -= 1;
                    place(fill, k, protect, rng);
                }
            }
        }
        Some(())
    }

    /// One candidate wall and the positions holding a tile a player gave up, or `None` when
    /// this attempt ran out of a kind.
    fn candidate(
        &self,
        rng: &mut Rng,
        with_holds: bool,
    ) -> Option<([Kind; Wall::LEN], [u16; Wall::LEN])> {
        let (mut wall, mut left) = self.start?;
        let mut need = [0u16; Wall::LEN];
        let take = |left: &mut [u8; Kind::COUNT], k: Kind| -> Option<()> {
            left[k.index()] = left[k.index()].checked_sub(1)?;
            Some(())
        };
        for (q, (draws, uses)) in self.others.iter().enumerate() {
            let risk = &self.risk[q];
            let holds: &[(usize, Need)] = if with_holds { &self.holds[q] } else { &[] };
            let mut done: ArrayVec<bool, 64> = uses.iter().map(|_| false).collect();
            let (mut u, mut h) = (0, 0);
            loop {
                // The next use or hold by its time (a hold is due at its discard).
                let hold_first = match (uses.get(u), holds.get(h)) {
                    (_, None) if u >= uses.len() => break,
                    (Some(&(when, _)), Some(&(at, _))) => at < when,
                    (None, Some(_)) => true,
                    (_, None) => false,
                };
                if !hold_first {
                    if !done[u] {
                        let (when, k) = uses[u];
                        let (after, before) = self.safe[q][u];
                        let pos = free_slot(draws, &wall, after, before, rng)?;
                        wall[pos] = Some(k);
                        need[pos] = u16::try_from(when).expect("at most 278 events");
                    }
                    u += 1;
                    continue;
                }
                let (at, n) = holds[h];
                h += 1;
                if let Need::Win(x) = n {
                    // Left to the repairs when it does not fit.
                    let _ = self.win_hold(
                        Player::from_index(q),
                        &mut Fill { wall: &mut wall, need: &mut need, left: &mut left },
                        (&uses[u..], &mut done[u..]),
                        at,
                        x,
                        rng,
                    );
                    continue;
                }
                let before = &draws[..draws_before(draws, at)];
                let held = |k: Kind, wall: &[Option<Kind>; Wall::LEN], need: &[u16; Wall::LEN]| {
                    held_then(before, wall, need, k, at)
                };
                let n = match n {
                    Need::Pair(k, true) => {
                        let later = (u..uses.len()).filter(|&v| !done[v] && uses[v].1 == k).count();
                        let most = held(k, &wall, &need) + later + usize::from(left[k.index()]);
                        if most < 2 { Need::Chow(k) } else { n }
                    }
                    n => n,
                };
                let kinds: ArrayVec<Kind, 2> = match n {
                    Need::Pair(k, _) => [k, k].into_iter().collect(),
                    Need::Win(_) => continue,
                    Need::Chow(x) => {
                        let lows: ArrayVec<Kind, 3> = [-2, -1, 0]
                            .into_iter()
                            .filter(|&d| x.offset(d + 2).is_some())
                            .filter_map(|d| x.offset(d))
                            .collect();
                        let Some(&low) = lows.as_slice().choose(rng) else { continue };
                        Meld::Chow(low).tiles().into_iter().filter(|&k| k != x).collect()
                    }
                };
                for (c, &k) in kinds.iter().enumerate() {
                    let want = kinds[..=c].iter().filter(|&&x| x == k).count();
                    if held(k, &wall, &need) >= want {
                        continue;
                    }
                    let Some(pos) = self.use_slot(draws, risk, &wall, at, k, rng) else {
                        continue;
                    };
                    // A tile given up later is drawn here; else a tile kept. Either way the
                    // uses still to place must keep a free draw each before them.
                    let later = (u..uses.len()).find(|&v| !done[v] && uses[v].1 == k);
                    if !still_fits(draws, &wall, pos, &uses[u..], &done[u..], later.map(|v| v - u))
                    {
                        continue;
                    }
                    let until = match later {
                        Some(v) => {
                            done[v] = true;
                            uses[v].0
                        }
                        None if take(&mut left, k).is_some() => 0,
                        None => continue,
                    };

                    wall[pos] = Some(k);
                    need[pos] = u16::try_from(until).expect("at most 278 events");
                }
            }
        }
        // The other players' free draws: preferably a tile at risk with no later discard,
        // each drawn uniformly from the copies left outside the kinds to avoid (a few copies
        // drawn at random until one fits, else the copies counted).
        let mut rest: ArrayVec<Kind, { Wall::LEN }> = Kind::ALL
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, usize::from(left[k.index()])))
            .collect();
        // The kinds with copies left.
        let mut avail =
            Kind::ALL.into_iter().filter(|k| left[k.index()] > 0).map(bit).fold(0, u64::bitor);
        for (q, (draws, _)) in self.others.iter().enumerate() {
            for (&(_, pos), &(strong, weak)) in draws.iter().zip(&self.draw_danger[q]) {
                if wall[pos].is_some() {
                    continue;
                }
                if rest.is_empty() {
                    return None;
                }
                let i = [strong | weak, strong, 0].into_iter().find_map(|avoid| {
                    if avail & !avoid == 0 {
                        return None;
                    }
                    (0..8)
                        .map(|_| rng.random_range(0..rest.len()))
                        .find(|&i| avoid & bit(rest[i]) == 0)
                        .or_else(|| {
                            let k = pick(&left, avoid, rng)?;
                            rest.iter().rposition(|&x| x == k)
                        })
                })?;
                let k = rest.swap_remove(i);
                wall[pos] = Some(k);
                left[k.index()] -= 1;
                if left[k.index()] == 0 {
                    avail &= !bit(k);
                }
            }
        }
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
        let free_before: Places = draws
            .iter()
            .filter(|&&(t, pos)| t < d.at && need[pos] == 0)
            .map(|&(_, pos)| pos)
            .collect();
        let unseen = self.drawn..Wall::LEN;
        let preferring = |places: &[usize], want: bool, rng: &mut Rng| -> Option<usize> {
            let preferred: Places =
                places.iter().copied().filter(|&p| related(wall[p]) == want).collect();
            preferred.choose(rng).or_else(|| places.choose(rng)).copied()
        };
        if !d.excess {
            // Out goes a tile unrelated to the discard (or a third copy of it).
            let spare = |k: Kind| !related(k) || (Some(k) == d.tile && hand.count(k) > 2);
            let spares: Places = free_before.iter().copied().filter(|&p| spare(wall[p])).collect();
            // Best, with `claims` (where every claim open is offered), a tile that gives the
            // sequence, kept from then on: later repairs for other decisions leave it.
            let gives: Places = match d.tile {
                Some(x) if self.claims => {
                    unseen.clone().filter(|&p| gives_claim(hand, x, wall[p], d.next)).collect()
                }
                _ => Places::new(),
            };
            if let (Some(&into), Some(&out)) = (gives.choose(rng), spares.choose(rng)) {
                wall.swap(out, into);
                need[out] = KEPT | u16::try_from(d.at).expect("at most 278 events");
                return true;
            }
            let Some(&out) = spares.choose(rng).or_else(|| free_before.choose(rng)) else {
                return false;
            };
            let into: Places = unseen.filter(|&p| wall[p] != wall[out]).collect();
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
        let held: Places = draws
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
            let later: Places = draws
                .iter()
                .filter(|&&(t, pos)| {
                    t >= d.at && t < usize::from(need[out] & !KEPT) && !related(wall[pos])
                })
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
        let into: Places = unseen.filter(|&p| wall[p] != wall[out]).collect();
        let lone: Places =
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
            for (j, &(at, discarder, x, ponged)) in self.discards.iter().enumerate() {
                if self.decided.get(j).is_some_and(|m| m >> q.index() & 1 == 1) {
                    continue;
                }
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
                let Some(pos) = free.filter(|_| self.drawn < Wall::LEN) else { continue };
                // An unseen tile of another kind, drawn uniformly (a few tries, else counted).
                let unseen = self.drawn..Wall::LEN;
                let other = (0..8)
                    .map(|_| rng.random_range(unseen.clone()))
                    .find(|&p| wall[p] != x)
                    .or_else(|| {
                        let others: ArrayVec<usize, { Wall::LEN }> =
                            unseen.filter(|&p| wall[p] != x).collect();
                        others.as_slice().choose(rng).copied()
                    });
                if let Some(other) = other {
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

    fn kinds(text: &str) -> Vec<Kind> {
        text.split_whitespace().map(|k| k.parse().unwrap()).collect()
    }

    /// The tile a too-little repair brings the discarder's next player completes a sequence
    /// with the discard and a tile held, and is neither the discard nor a kind held.
    #[test]
    fn a_tile_that_gives_a_sequence_completes_one_with_a_tile_held() {
        let hand = Hand::from_tiles(kinds("5M 1P 1P 9S")).unwrap();
        let x: Kind = "7M".parse().unwrap();
        let gives: Vec<Kind> =
            Kind::ALL.into_iter().filter(|&k| gives_claim(&hand, x, k, true)).collect();
        // 5M 6M 7M is the one sequence with 7M and a tile held.
        assert_eq!(gives, kinds("6M"));
        // Not for another player than the next, and not the discard's pair.
        assert!(Kind::ALL.into_iter().all(|k| !gives_claim(&hand, x, k, false)));
        let paired = Hand::from_tiles(kinds("7M 8M")).unwrap();
        let gives: Vec<Kind> =
            Kind::ALL.into_iter().filter(|&k| gives_claim(&paired, x, k, true)).collect();
        // 6M 7M 8M and 7M 8M 9M; never 7M (a pair) or 8M (held).
        assert_eq!(gives, kinds("6M 9M"));
        // Both sides held: the outer tiles, never a kind held (it would make a pair).
        let sides = Hand::from_tiles(kinds("6M 8M")).unwrap();
        let gives: Vec<Kind> =
            Kind::ALL.into_iter().filter(|&k| gives_claim(&sides, x, k, true)).collect();
        assert_eq!(gives, kinds("5M 9M"));
        // A held tile next to the discard but in another suit gives nothing.
        let apart = Hand::from_tiles(kinds("8P")).unwrap();
        assert!(Kind::ALL.into_iter().all(|k| !gives_claim(&apart, x, k, true)));
    }

    /// Steps 1 to 3 alone, without a budget: the sample they find from `seed`, and what it
    /// took.
    fn search_alone(t: &Position, me: Player, seed: u64) -> (Option<Position>, Effort) {
        let kept = PreparedFor::new(t, me);
        let mut effort = Effort::default();
        let mut rng = seeded_rng(seed);
        let u = search(t, &kept.actions, &kept.plan, me, usize::MAX, &mut rng, &mut effort);
        (u, effort)
    }

    /// With `claims`, the repairs find most samples in few replays: the sequence given to the
    /// discarder's next player, the draws kept for decisions and the candidates given up when
    /// their repairs go round in a circle keep the mean of steps 1 to 3 (without a budget)
    /// under 2.9 replays a call on the bench's positions (each of the three is needed for
    /// that).
    #[test]
    fn repairs_find_most_samples_in_few_replays() {
        let (mut calls, mut replays) = (0, 0);
        for (i, t) in positions(100, true).iter().enumerate() {
            for me in Player::ALL {
                let seed = sub_seed(i as u64, 5 + me.index() as u64);
                let (_, e) = search_alone(t, me, seed);
                calls += 1;
                replays += e.replays;
            }
        }
        assert!(calls > 200, "{calls} calls");
        eprintln!("{replays} replays in {calls} calls");
        assert!(replays * 10 < calls * 29, "{replays} replays in {calls} calls");
    }

    /// A candidate is given up when one divergence shows for the fourth time, whatever else
    /// showed between.
    #[test]
    fn a_divergence_recurs_at_its_fourth_showing() {
        let b = Some(Player::from_index(1));
        let (x, y, z) = ((82, b, false), (82, b, true), (60, b, false));
        assert!(!recurs(&[], x));
        assert!(!recurs(&[x, y, z, y, x], x));
        assert!(recurs(&[x, y, x, z, x], x));
        assert!(!recurs(&[x, x, x], y));
    }

    /// A decision a player was not offered is about what they held right after the discard:
    /// the draws after it came too late.
    #[test]
    fn a_decision_not_offered_is_about_the_tiles_held_at_the_discard() {
        let (a, b) = (Player::from_index(0), Player::from_index(1));
        let k = |t: &str| t.parse::<Kind>().unwrap();
        let events = [
            Event::Draw { player: a, tile: k("1M") },
            Event::Discard { player: a, tile: k("7M") },
            Event::Draw { player: b, tile: k("2M") },
        ];
        let d = |excess, tile| Divergence {
            at: 3,
            culprit: Some(b),
            tile,
            excess,
            pong: false,
            next: true,
        };
        assert_eq!(held_at(&events, 3, &d(false, Some(k("7M")))), 2);
        // Holding too much, or not about a discard: where it showed.
        assert_eq!(held_at(&events, 3, &d(true, Some(k("7M")))), 3);
        assert_eq!(held_at(&events, 3, &d(false, None)), 3);
    }

    /// A twin of game `i`, `t`, for `me` (a sample of it), the efforts of that call and of
    /// the samples of `t` and of the twin from the next seed, and those two samples.
    fn twins(t: &Position, me: Player, i: usize) -> (Position, [Effort; 3], Position, Position) {
        let seed = sub_seed(i as u64, me.index() as u64);
        let (twin, e) = resample_counted(t, me, &mut seeded_rng(seed));
        let (a, f) = resample_counted(t, me, &mut seeded_rng(seed + 1));
        let (b, g) = resample_counted(&twin, me, &mut seeded_rng(seed + 1));
        (twin, [e, f, g], a, b)
    }

    /// The samples read only what the player saw: a game they cannot tell from the true one
    /// (a sample of it) gives exactly the true game's sample from the same seed, unless one
    /// of the two walked from an anchor made from the truth. And those are rare.
    #[test]
    fn games_a_player_cannot_tell_apart_give_the_same_samples() {
        for (claims, most_from_truth) in [(false, 0.01), (true, 0.03)] {
            let (mut calls, mut from_truth, mut walked, mut compared, mut differ) = (0, 0, 0, 0, 0);
            for (i, t) in positions(120, claims).iter().enumerate() {
                for me in Player::ALL {
                    let (twin, [e, f, g], a, b) = twins(t, me, i);
                    calls += 3;
                    from_truth += [e, f, g].iter().filter(|x| x.from_truth).count();
                    walked += [e, f, g].iter().filter(|x| x.walked).count();
                    differ += usize::from(twin.wall() != t.wall());
                    if !f.from_truth && !g.from_truth {
                        assert_eq!(a, b, "claims {claims}, game {i}, {me}");
                        compared += 1;
                    }
                }
            }
            assert!(compared > 200, "claims {claims}: {compared} pairs compared");
            assert!(differ > compared / 2, "claims {claims}: twins differ {differ} times");
            // Twins that walked are among those compared.
            assert!(walked > from_truth, "claims {claims}: {walked} walked");
            let share = from_truth as f64 / calls as f64;
            eprintln!("claims {claims}: {walked} walked, {from_truth} from the truth, of {calls}");
            assert!(share <= most_from_truth, "claims {claims}: {from_truth} of {calls}");
        }
    }

    /// A replay resumed from a snapshot gives what a replay from the deal gives: each sample
    /// (a call's, and that of steps 1 to 3 without a budget) is the game its wall plays with
    /// the true game's actions. And most replays after a repair resume.
    #[test]
    fn resumed_replays_give_the_game_replayed_from_the_deal() {
        for claims in [false, true] {
            let (mut again, mut resumed) = (0, 0);
            for (i, t) in positions(60, claims).iter().enumerate() {
                let actions = actions(t);
                for me in Player::ALL {
                    let seed = sub_seed(i as u64, 7 + me.index() as u64);
                    let (u, _) = resample_counted(t, me, &mut seeded_rng(seed));
                    let (v, e) = search_alone(t, me, seed);
                    for u in std::iter::once(u).chain(v) {
                        let mut rng = seeded_rng(0);
                        let fresh = replay(u.wall(), t, &actions, me, &mut rng, &mut Vec::new());
                        let fresh = fresh.ok();
                        assert_eq!(fresh.as_ref(), Some(&u), "claims {claims}, game {i}, {me}");
                    }
                    again += e.replays - e.candidates;
                    resumed += e.resumed;
                }
            }
            eprintln!("claims {claims}: {resumed} of {again} replays after a repair resumed");
            assert!(again > 20, "claims {claims}: {again} replays after a repair");
            assert!(resumed * 10 > again, "claims {claims}: {resumed} of {again} resumed");
            assert!(resumed <= again, "claims {claims}: {resumed} of {again} resumed");
        }
    }

    /// A sample (replayed lazily, see `Position::replaying`) is the very position the true
    /// game's actions play on its wall from the deal, cached distances and winning tiles
    /// included; and the rules then play it to the end as they play that position.
    #[test]
    fn a_sample_is_the_position_its_wall_plays() {
        for claims in [false, true] {
            for (i, t) in positions(60, claims).iter().enumerate() {
                let actions = actions(t);
                for me in Player::ALL {
                    let seed = sub_seed(i as u64, 11 + me.index() as u64);
                    let mut u = resample(t, me, &mut seeded_rng(seed));
                    let mut v = Position::with_claims(u.wall(), claims);
                    for &(_, a) in &actions {
                        match a {
                            MahjongAction::Tile(k) => v.discard(k),
                            MahjongAction::Claim(c) => v.claim(c),
                            MahjongAction::SelfDrawn => v.self_drawn(),
                        }
                    }
                    assert_eq!(u, v, "claims {claims}, game {i}, {me}");
                    u.check_invariants().unwrap();
                    u.play_out();
                    v.play_out();
                    assert_eq!(u, v, "claims {claims}, game {i}, {me}, played out");
                }
            }
        }
    }

    /// A replay keeps a snapshot after the deal and then every `SNAPSHOT_EVERY` tiles drawn
    /// (a turn draws one), and a wall changed from tile `same` on keeps those that have drawn
    /// at most `same` tiles.
    #[test]
    fn snapshots_come_every_few_tiles_and_are_kept_up_to_the_first_change() {
        let long: Vec<Position> =
            positions(20, true).into_iter().filter(|t| t.drawn() > 90).collect();
        assert!(long.len() > 3, "{} positions", long.len());
        for t in &long {
            let mut snapshots = Vec::new();
            let u = replay(t.wall(), t, &actions(t), Player::A, &mut seeded_rng(0), &mut snapshots);
            assert_eq!(u.ok().as_ref(), Some(t));
            let drawn: Vec<usize> = snapshots.iter().map(|s| s.u.drawn()).collect();
            let every: Vec<usize> = (53..=t.drawn()).step_by(SNAPSHOT_EVERY).collect();
            assert_eq!(drawn, every);
            keep_snapshots(&mut snapshots, 69);
            assert_eq!(snapshots.iter().map(|s| s.u.drawn()).collect::<Vec<_>>(), [53, 69]);
            keep_snapshots(&mut snapshots, 68);
            assert_eq!(snapshots.iter().map(|s| s.u.drawn()).collect::<Vec<_>>(), [53]);
            // Resumed, it keeps the same snapshots as from the deal.
            let u = replay(t.wall(), t, &actions(t), Player::A, &mut seeded_rng(0), &mut snapshots);
            assert_eq!(u.ok().as_ref(), Some(t));
            assert_eq!(snapshots.iter().map(|s| s.u.drawn()).collect::<Vec<_>>(), every);
        }
    }

    /// A tile given up is drawn, where the wall is free, at one of the giver's draws after
    /// the last discard before the use that puts it at risk; else at their last draw before it.
    #[test]
    fn a_tile_given_up_is_drawn_after_the_last_discard_putting_it_at_risk() {
        let (mut safe, mut latest) = (0, 0);
        for (i, t) in positions(40, false).iter().enumerate() {
            let plan = Plan::of(t, Player::A);
            let wall = [None; Wall::LEN];
            for q in 1..4 {
                let (draws, uses) = &plan.others[q];
                let risk = &plan.risk[q];
                for &(when, k) in uses {
                    let last = risk.iter().rfind(|r| r.0 < when && r.1 & bit(k) != 0);
                    let before: Vec<(usize, usize)> =
                        draws.iter().copied().filter(|d| d.0 < when).collect();
                    let after: Vec<usize> = before
                        .iter()
                        .filter(|d| last.is_none_or(|r| d.0 > r.0))
                        .map(|d| d.1)
                        .collect();
                    let got = plan.use_slot(draws, risk, &wall, when, k, &mut seeded_rng(i as u64));
                    if after.is_empty() {
                        assert_eq!(got, before.last().map(|d| d.1), "game {i}, {k} at {when}");
                        latest += 1;
                    } else {
                        assert!(got.is_some_and(|p| after.contains(&p)), "game {i}, {k} at {when}");
                        safe += 1;
                    }
                }
            }
        }
        assert!(safe > 100 && latest > 10, "{safe} safe, {latest} latest");
    }

    /// Seeded games by chance played to the end by the rules (one random action in ten),
    /// won by someone.
    fn won(count: u64, claims: bool) -> Vec<Position> {
        (0..count)
            .filter_map(|s| {
                let mut g = Mahjong::new(&MahjongParams { wall: None, claims }).unwrap();
                for k in g.chance_from_seed(s) {
                    g.apply(k);
                }
                for i in 0.. {
                    if g.is_terminal() {
                        break;
                    }
                    let bot = if sub_seed(s, i).is_multiple_of(10) { "random" } else { "rules" };
                    g.apply(g.bot_action(bot, sub_seed(s, 1000 + i)));
                }
                let t = g.position().unwrap();
                (t.outcome() != Some(Outcome::Draw)).then(|| t.clone())
            })
            .collect()
    }

    /// At the end of a game won by another player, a winning hand is built for them: the
    /// sample is found without the walk from the truth (which every such call needed when
    /// the candidates did not build one), and it shows the player the same game.
    #[test]
    fn a_win_by_another_player_is_resampled_without_the_walk() {
        for (claims, most_from_truth) in [(false, 0.03), (true, 0.15)] {
            let (mut calls, mut from_truth) = (0, 0);
            for (i, t) in won(80, claims).iter().enumerate() {
                let winner = match t.outcome() {
                    Some(Outcome::Ron(p) | Outcome::SelfDrawn(p)) => p,
                    _ => unreachable!("a game won"),
                };
                for me in Player::ALL.into_iter().filter(|&p| p != winner) {
                    let seed = sub_seed(i as u64, me.index() as u64);
                    let (u, e) = resample_counted(t, me, &mut seeded_rng(seed));
                    calls += 1;
                    from_truth += usize::from(e.from_truth);
                    assert_eq!(u.outcome(), t.outcome(), "claims {claims}, game {i}, {me}");
                    assert_eq!(u.hand(me), t.hand(me));
                    assert_eq!(u.events().len(), t.events().len());
                    assert!(u.events().iter().zip(t.events()).all(|(x, y)| seen_same(x, y, me)));
                    u.check_invariants().unwrap();
                }
            }
            assert!(calls > 120, "claims {claims}: {calls} calls");
            let share = from_truth as f64 / calls as f64;
            eprintln!("claims {claims}: the walk from the truth in {from_truth} of {calls}");
            assert!(share <= most_from_truth, "claims {claims}: {from_truth} of {calls}");
        }
    }

    /// Where the trial finds its sample within a call's budget, a call searches (within
    /// that budget) before it walks; elsewhere it walks at once. The anchors come from the
    /// truth only where the trial found no sample (and the walk then changes the other
    /// players' draws); two games the player cannot tell apart walk alike otherwise.
    #[test]
    fn the_trial_decides_who_walks_at_once_and_where_the_anchors_come_from() {
        let (mut at_once, mut searched, mut from_truth, mut moved, mut exactly) = (0, 0, 0, 0, 0);
        for (i, t) in won(80, true).iter().enumerate() {
            for me in Player::ALL {
                let (_, [_, e, f], a, b) = twins(t, me, i);
                let stamp = (t.events().len(), t.skips().len());
                let kept = t.prepared().get_or(me, stamp, || unreachable!("kept"));
                let trial = kept.trial.get().expect("run by the first call");
                // Calls there walk at once exactly when a call with the trial's seed would
                // find no sample in its budget.
                let mut seeded = seeded_rng(TRIAL_SEED);
                let (actions, plan) = (&kept.actions, &kept.plan);
                let mut effort = Effort::default();
                let within = search(t, actions, plan, me, BUDGET, &mut seeded, &mut effort);
                assert_eq!(within.is_some(), !trial.walks, "game {i}, {me}: {effort:?}");
                let units = effort.candidates + effort.replays;
                exactly += usize::from(within.is_some() && units == BUDGET);
                for x in [e, f] {
                    assert_eq!(x.from_truth, x.walked && trial.sample.is_none(), "game {i}, {me}");
                    assert!(x.walked || !trial.walks, "game {i}, {me}: {x:?}");
                    if trial.walks {
                        assert_eq!((x.candidates, x.replays), (0, 0), "game {i}, {me}: {x:?}");
                    } else {
                        assert!(x.candidates + x.replays <= BUDGET, "game {i}, {me}: {x:?}");
                    }
                }
                if e.walked && f.walked && !e.from_truth {
                    assert_eq!(a, b, "game {i}, {me}");
                }
                at_once += usize::from(trial.walks);
                searched += usize::from(!trial.walks && e.walked);
                from_truth += usize::from(e.from_truth);
                // A walk from the truth changes the other players' draws.
                if e.from_truth {
                    let drawn = kept.plan.others.iter().flat_map(|(draws, _)| draws);
                    let (ours, theirs) = (a.wall().tiles(), t.wall().tiles());
                    moved += drawn.filter(|&&(_, pos)| ours[pos] != theirs[pos]).count();
                }
            }
        }
        eprintln!(
            "walks at once {at_once}, after a search {searched}, from the truth {from_truth}"
        );
        assert!(
            at_once > 0 && searched > 0 && from_truth > 0,
            "{at_once}, {searched}, {from_truth}"
        );
        assert!(moved >= from_truth, "{moved} draws moved in {from_truth} walks from the truth");
        // Trials that found their sample with the budget's last replay are among them.
        eprintln!("{exactly} found with the budget's last replay");
        assert!(exactly > 0, "no sample found with the budget's last replay");
    }

    /// A sample does not depend on the calls made before it, the anchors they made
    /// included: on positions whose calls walk, 16 seeds called in order give the samples
    /// the same seeds give in the reverse order on a fresh copy.
    #[test]
    fn a_sample_does_not_depend_on_the_calls_before() {
        let mut walked = 0;
        for (i, t) in won(30, true).iter().enumerate() {
            let me = Player::ALL[i % 4];
            let seeds: Vec<u64> = (0..16).map(|c| sub_seed(i as u64, c)).collect();
            let forward: Vec<(Position, Effort)> =
                seeds.iter().map(|&s| resample_counted(t, me, &mut seeded_rng(s))).collect();
            let fresh = t.clone();
            let backward: Vec<Position> =
                seeds.iter().rev().map(|&s| resample(&fresh, me, &mut seeded_rng(s))).collect();
            for ((u, e), v) in forward.iter().zip(backward.iter().rev()) {
                assert_eq!(u, v, "game {i}, {me}");
                walked += usize::from(e.walked);
            }
        }
        assert!(walked > 50, "{walked} walked");
    }

    /// Where calls walk, the samples still vary: on positions whose calls walk at once, 32
    /// calls give the other players many different hands (on average at least 14 different
    /// sets of hands), and most anchors made differ from one another.
    #[test]
    fn the_walk_gives_varied_samples() {
        for claims in [false, true] {
            let (mut walking, mut different, mut anchors, mut alike) = (0, 0, 0, 0);
            for (i, t) in won(60, claims).iter().enumerate() {
                let me = Player::ALL[i % 4];
                let stamp = (t.events().len(), t.skips().len());
                let mut seen: Vec<[Hand; 4]> = Vec::new();
                for c in 0..32 {
                    let (u, _) = resample_counted(t, me, &mut seeded_rng(sub_seed(i as u64, c)));
                    let mut hands = [*u.hand(me); 4];
                    for q in Player::ALL {
                        hands[q.index()] = *u.hand(q);
                    }
                    if !seen.contains(&hands) {
                        seen.push(hands);
                    }
                }
                let kept = t.prepared().get_or(me, stamp, || unreachable!("kept"));
                if !kept.trial.get().expect("run").walks {
                    continue;
                }
                walking += 1;
                different += seen.len();
                let made: Vec<&Anchor> = kept.anchors.iter().filter_map(OnceLock::get).collect();
                anchors += made.len();
                for (k, x) in made.iter().enumerate() {
                    let hands = |a: &Anchor| Player::ALL.map(|q| *a.u.hand(q));
                    alike += made[..k].iter().filter(|y| hands(y) == hands(x)).count();
                }
            }
            eprintln!(
                "claims {claims}: {walking} walk, {different} different, {alike} of {anchors} alike"
            );
            assert!(walking >= 10, "claims {claims}: {walking} positions walk");
            assert!(different >= 14 * walking, "claims {claims}: {different} in {walking}");
            assert!(alike * 5 <= anchors, "claims {claims}: {alike} of {anchors} anchors alike");
        }
    }

    /// The safe draws of every tile given up, found in one pass when the plan is made, are
    /// those `safe_draws` finds for it alone, and they are often a strict part of the draws
    /// before the use; the danger masks kept for each draw are those of `danger_from`.
    #[test]
    fn the_safe_draws_of_the_uses_are_found_in_one_pass() {
        let (mut uses, mut narrowed) = (0, 0);
        for claims in [false, true] {
            for t in positions(40, claims) {
                for me in Player::ALL {
                    let plan = Plan::of(&t, me);
                    for q in 0..4 {
                        let (draws, given) = &plan.others[q];
                        assert_eq!(plan.safe[q].len(), given.len());
                        assert_eq!(plan.draw_danger[q].len(), draws.len());
                        for (&(at, _), &masks) in draws.iter().zip(&plan.draw_danger[q]) {
                            assert_eq!(masks, plan.danger_from(Player::from_index(q), at));
                        }
                        for (&(when, k), &got) in given.iter().zip(&plan.safe[q]) {
                            assert_eq!(got, safe_draws(draws, &plan.risk[q], when, k));
                            uses += 1;
                            narrowed += usize::from(got.0 > 0);
                        }
                    }
                }
            }
        }
        assert!(uses > 1000 && narrowed * 4 > uses, "{narrowed} of {uses} uses narrowed");
    }

    /// A position keeps what resampling it computed for each player and gives it back while
    /// it is the same position: later calls give what a fresh copy gives from the same seed,
    /// also after the position has gone on in place (the entry kept is then made again) and
    /// in a clone (which starts without).
    #[test]
    fn the_work_a_position_keeps_gives_the_samples_of_a_fresh_copy() {
        for claims in [false, true] {
            for (i, mut t) in positions(30, claims).into_iter().enumerate() {
                for step in 0..3 {
                    for me in Player::ALL {
                        let seed = sub_seed(i as u64, 4 * step + me.index() as u64);
                        let first = resample(&t, me, &mut seeded_rng(seed));
                        let again = resample(&t, me, &mut seeded_rng(seed));
                        let fresh = resample(&t.clone(), me, &mut seeded_rng(seed));
                        assert_eq!(first, again, "claims {claims}, game {i}, step {step}, {me}");
                        assert_eq!(first, fresh, "claims {claims}, game {i}, step {step}, {me}");
                    }
                    // The position goes on in place, by the rules.
                    if t.outcome().is_some() {
                        break;
                    } else if t.claim_due().is_some() {
                        t.claim(t.choose_claim());
                    } else if t.may_self_draw() {
                        t.self_drawn();
                    } else {
                        t.discard(t.choose_discard());
                    }
                }
            }
        }
    }

    /// The entry kept for a player is given back at the same stamp, made again at another,
    /// and a clone makes its own.
    #[test]
    fn a_kept_entry_is_given_back_only_at_its_stamp() {
        let t = &positions(3, true)[0];
        let make = || PreparedFor::new(t, Player::B);
        let stamp = (t.events().len(), t.skips().len());
        let a = t.prepared().get_or(Player::B, stamp, make);
        let b = t.prepared().get_or(Player::B, stamp, || unreachable!("kept"));
        assert!(std::sync::Arc::ptr_eq(&a, &b));
        let c = t.prepared().get_or(Player::C, stamp, make);
        assert!(!std::sync::Arc::ptr_eq(&a, &c));
        let d = t.prepared().get_or(Player::B, (stamp.0 + 1, stamp.1), make);
        assert!(!std::sync::Arc::ptr_eq(&a, &d));
        let u = t.clone();
        let e = u.prepared().get_or(Player::B, (stamp.0 + 1, stamp.1), make);
        assert!(!std::sync::Arc::ptr_eq(&d, &e));
        assert_eq!(&u, t);
    }

    /// A tile drawn before a discard is held then when it is kept or given up after it, not
    /// when it was given up before.
    #[test]
    fn a_tile_is_held_when_kept_or_given_up_later() {
        let k = Kind::ALL[4];
        let mut wall = [None; Wall::LEN];
        let mut need = [0u16; Wall::LEN];
        let draws = [(10, 60), (20, 61), (30, 62), (35, 63)];
        wall[60] = Some(k); // kept
        wall[61] = Some(k); // given up at 50, after the discard at 40
        need[61] = 50;
        wall[62] = Some(k); // given up at 36, before it
        need[62] = 36;
        wall[63] = Some(Kind::ALL[5]);
        assert_eq!(held_then(&draws, &wall, &need, k, 40), 2);
        assert_eq!(held_then(&draws[..1], &wall, &need, k, 40), 1);
        assert_eq!(held_then(&draws[1..], &wall, &need, k, 40), 1);
        assert_eq!(held_then(&draws, &wall, &need, Kind::ALL[5], 40), 1);
    }
}
