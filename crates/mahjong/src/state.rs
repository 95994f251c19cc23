//! The simulator: the table, the fixed decision rules, and the flow of turns.
//!
//! # Trade-offs
//! Every decision is a handful of table lookups ([`distance`]), and the table keeps what the
//! decisions ask again and again, updated only when a hand changes:
//! - each waiting player's distance (`13 - 3n` tiles), recomputed after their own discard or
//!   claim, so a pong or chow test costs one lookup per candidate meld;
//! - each player's winning tiles as a 34-bit mask, filled only when that distance is 1 (the
//!   only case where a discard can complete the hand), so the win-on-discard test is a bit
//!   test;
//! - the distance of the hand of the player to discard. Removing one tile of a kind raises the
//!   distance by at most one, so the discard search walks the kinds in priority order and stops
//!   at the first that keeps it: usually after one or two lookups.

use arrayvec::ArrayVec;

use crate::distance::{OneSuitVaries, distance};
use crate::error::IllegalMoveError;
use crate::event::{Event, Outcome};
use crate::hand::key_slot;
use crate::hand::{Hand, Meld};
use crate::tile::{Direction, Kind, Player};
use crate::wall::{Wall, shuffle};

/// Counts of one finished game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameStats {
    /// Discards (`OUT` lines), the game's turns.
    pub discards: u32,
    /// Claimed pongs.
    pub pongs: u32,
    /// Claimed chows.
    pub chows: u32,
    /// Tiles drawn after the deal.
    pub draws: u32,
}

/// A game in progress: the wall, hands, melds, direction, and whose discard is due.
///
/// The fixed decision rules are [`Position::choose_discard`] and the automatic claims of
/// [`Position::discard`]; [`Position::play_out`] applies them until the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    wall: Wall,
    head: usize,
    hands: [Hand; 4],
    /// Each player's melds, in the order claimed: at most 4 (a meld takes 3 of the 13 tiles of a
    /// hand, and a fifth would leave none to win with), their number is the length.
    melds: [ArrayVec<Meld, 4>; 4],
    discarded: [u8; Kind::COUNT],
    direction: Direction,
    to_discard: Option<Player>,
    outcome: Option<Outcome>,
    events: Vec<Event>,
    stats: GameStats,
    /// Distance of each player's hand; for the player to discard, of the full hand.
    dist: [u8; 4],
    /// Winning tiles of each waiting player (bit per plain kind).
    waits: [u64; 4],
}

impl Position {
    /// Deals the wall (52 `IN` events) and starts `A`'s turn.
    pub fn new(wall: &Wall) -> Position {
        let mut table = Position {
            wall: *wall,
            head: 0,
            hands: [Hand::new(); 4],
            melds: Default::default(),
            discarded: [0; Kind::COUNT],
            direction: Direction::Forward,
            to_discard: None,
            outcome: None,
            events: Vec::with_capacity(256),
            stats: GameStats::default(),
            dist: [0; 4],
            waits: [0; 4],
        };
        for _ in 0..13 {
            for p in Player::ALL {
                let tile = table.take_front();
                table.hands[p.index()].add(tile);
                table.events.push(Event::Draw { player: p, tile });
            }
        }
        for p in Player::ALL {
            table.refresh(p);
        }
        table.begin_turn(Player::A);
        table
    }

    /// The events so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The counts so far.
    pub fn stats(&self) -> GameStats {
        self.stats
    }

    /// The player whose discard is due (`None` once the game is over).
    pub fn to_discard(&self) -> Option<Player> {
        self.to_discard
    }

    /// The player's hand.
    pub fn hand(&self, player: Player) -> &Hand {
        &self.hands[player.index()]
    }

    /// The player's melds, in the order claimed.
    pub fn melds(&self, player: Player) -> impl Iterator<Item = Meld> + '_ {
        self.melds[player.index()].iter().copied()
    }

    /// The tiles left in the wall.
    pub fn wall_left(&self) -> usize {
        Wall::LEN - self.head
    }

    /// The direction of play.
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// The number of claims still possible (each player claims at most 4 melds).
    pub fn claims_left(&self) -> usize {
        16 - self.melds.iter().map(ArrayVec::len).sum::<usize>()
    }

    fn take_front(&mut self) -> Kind {
        let t = self.wall.tiles()[self.head];
        self.head += 1;
        t
    }

    /// Recomputes the distance and winning tiles of a player who waits (`13 - 3n` tiles).
    fn refresh(&mut self, p: Player) {
        let i = p.index();
        let hand = &self.hands[i];
        let melds = self.melds[i].len();
        let d = distance(hand, melds);
        self.dist[i] = d;
        let mut waits = 0u64;
        if d == 1 && !hand.has_special() {
            // A winning tile completes a pair, triplet or sequence with tiles held, so it is
            // a kind held or (numbered) within two ranks of one.
            let keys = hand.keys();
            let mut by_suit: [Option<OneSuitVaries>; 4] = [None; 4];
            for k in &Kind::ALL[..Kind::PLAIN] {
                let near = hand.count(*k) > 0 || held_nearby(hand, *k);
                if !near || hand.count(*k) == 4 {
                    continue;
                }
                let (s, w) = key_slot(k.index());
                let dk = by_suit[s]
                    .get_or_insert_with(|| OneSuitVaries::new(hand, melds, s))
                    .distance(keys[s] + w);
                if dk == 0 {
                    waits |= 1 << k.index();
                }
            }
        }
        self.waits[i] = waits;
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.to_discard = None;
        match outcome {
            Outcome::Ron(player) => {
                self.events.push(Event::Ron { player });
                self.events.push(Event::Win { player });
            }
            Outcome::SelfDrawn(player) => {
                self.events.push(Event::SelfDrawn { player });
                self.events.push(Event::Win { player });
            }
            Outcome::Draw => self.events.push(Event::WallEmpty),
        }
    }

    /// Steps 1 to 3 of a turn: the empty-wall check, the draw, the self-draw check.
    fn begin_turn(&mut self, p: Player) {
        if self.head == Wall::LEN {
            self.finish(Outcome::Draw);
            return;
        }
        let tile = self.take_front();
        let i = p.index();
        self.hands[i].add(tile);
        self.stats.draws += 1;
        self.events.push(Event::Draw { player: p, tile });
        let hand = &self.hands[i];
        if hand.has_special() {
            self.dist[i] = u8::MAX; // not used: a special tile goes first
        } else {
            let d = distance(hand, self.melds[i].len());
            if d == 0 {
                self.finish(Outcome::SelfDrawn(p));
                return;
            }
            self.dist[i] = d;
        }
        self.to_discard = Some(p);
    }

    /// The discard rule: the kind whose removal leaves the smallest distance, ties broken by
    /// priority (so special tiles first, `PASS` before `REVERSE` before `DOUBLE`).
    ///
    /// # Panics
    /// If the game is over.
    pub fn choose_discard(&self) -> Kind {
        let p = self.to_discard.expect("a discard is due");
        let hand = &self.hands[p.index()];
        if let Some(special) = hand.top_special() {
            return special;
        }
        let melds = self.melds[p.index()].len();
        // Removing a tile never lowers the distance and raises it by at most one, so the
        // first kind (in priority order) that keeps the distance is the answer.
        let d = self.dist[p.index()];
        let keys = hand.keys();
        let mut by_suit: [Option<OneSuitVaries>; 4] = [None; 4];
        for k in hand.kinds().rev() {
            let (s, w) = key_slot(k.index());
            let dk = by_suit[s]
                .get_or_insert_with(|| OneSuitVaries::new(hand, melds, s))
                .distance(keys[s] - w);
            if dk <= d {
                return k;
            }
        }
        // A hand due to discard is not winning (it would have won), so a tile outside a best
        // target is held, and removing it keeps the distance.
        unreachable!("no discard keeps the distance {d} of {hand}")
    }

    /// Discards `tile` for the player to discard and plays on until the next discard is due
    /// (or the game ends): the tile's effect, wins on it, pong and chow claims.
    ///
    /// # Panics
    /// If the game is over or the player does not hold `tile` (see [`Position::try_discard`]).
    pub fn discard(&mut self, tile: Kind) {
        if let Err(e) = self.try_discard(tile) {
            panic!("illegal discard: {e}");
        }
    }

    /// [`Position::discard`], if it is legal now: a discard is due and the player holds `tile`.
    pub fn try_discard(&mut self, tile: Kind) -> Result<(), IllegalMoveError> {
        let player = self.to_discard.ok_or(IllegalMoveError::GameOver)?;
        if self.hands[player.index()].count(tile) == 0 {
            return Err(IllegalMoveError::NotHeld { player, tile });
        }
        self.discard_unchecked(tile);
        Ok(())
    }

    /// [`Position::discard`] without checks.
    ///
    /// Precondition: a discard is due and the player to discard holds `tile` (checked in debug
    /// builds).
    pub fn discard_unchecked(&mut self, tile: Kind) {
        let p = self.to_discard.take().expect("a discard is due");
        let i = p.index();
        debug_assert!(self.hands[i].count(tile) > 0, "{p} holds no {tile}");
        self.hands[i].remove(tile);
        self.discarded[tile.index()] += 1;
        self.stats.discards += 1;
        self.refresh(p);
        let dir = self.direction;
        match tile {
            Kind::PASS => {
                let target = p.next(dir);
                self.events.push(Event::Pass { player: p, target });
                self.begin_turn(target.next(dir));
            }
            Kind::REVERSE => {
                self.events.push(Event::Discard { player: p, tile });
                self.direction = dir.flipped();
                self.begin_turn(p.next(self.direction));
            }
            Kind::DOUBLE => {
                self.events.push(Event::Discard { player: p, tile });
                self.begin_turn(p);
            }
            _ => {
                self.events.push(Event::Discard { player: p, tile });
                self.after_plain_discard(p, tile);
            }
        }
    }

    fn after_plain_discard(&mut self, p: Player, tile: Kind) {
        let dir = self.direction;
        // 1. Win on the discard: the first player around from the discarder.
        let mut q = p.next(dir);
        while q != p {
            if self.waits[q.index()] >> tile.index() & 1 == 1 {
                self.finish(Outcome::Ron(q));
                return;
            }
            q = q.next(dir);
        }
        // 2. Pong: the (at most one) other player with two copies, if it lowers the distance.
        for q in Player::ALL {
            let j = q.index();
            if q == p || self.hands[j].count(tile) < 2 {
                continue;
            }
            let mut h = self.hands[j];
            h.remove(tile);
            h.remove(tile);
            let d = distance(&h, self.melds[j].len() + 1);
            if d < self.dist[j] {
                self.claim(p, q, h, Meld::Pong(tile), d);
                self.events.push(Event::Pong { player: q, tile });
                self.stats.pongs += 1;
                return;
            }
        }
        // 3. Chow: only the next player, first candidate that lowers the distance.
        let q = p.next(dir);
        let j = q.index();
        for (lowest, a, b) in [
            (Some(tile), tile.offset(1), tile.offset(2)),
            (tile.offset(-1), tile.offset(-1), tile.offset(1)),
            (tile.offset(-2), tile.offset(-2), tile.offset(-1)),
        ] {
            let (Some(lowest), Some(a), Some(b)) = (lowest, a, b) else { continue };
            let hand = &self.hands[j];
            if hand.count(a) == 0 || hand.count(b) == 0 {
                continue;
            }
            let mut h = *hand;
            h.remove(a);
            h.remove(b);
            let d = distance(&h, self.melds[j].len() + 1);
            if d < self.dist[j] {
                self.claim(p, q, h, Meld::Chow(lowest), d);
                self.events.push(Event::Chow { player: q, lowest });
                self.stats.chows += 1;
                return;
            }
        }
        // 4. Nobody claims: the next player's turn.
        self.begin_turn(q);
    }

    fn claim(&mut self, from: Player, to: Player, hand: Hand, meld: Meld, d: u8) {
        let _ = from;
        let j = to.index();
        let tile = match meld {
            Meld::Pong(t) => t,
            Meld::Chow(_) => {
                // The claimed tile is the one of the meld missing from the old hand.
                let old = &self.hands[j];
                let [a, b, c] = meld.tiles();
                *[a, b, c]
                    .iter()
                    .find(|&&t| old.count(t) == hand.count(t))
                    .expect("one tile of the chow is the discard")
            }
        };
        self.discarded[tile.index()] -= 1;
        self.hands[j] = hand;
        self.melds[j].push(meld);
        self.dist[j] = d;
        self.to_discard = Some(to);
    }

    /// Plays the fixed rules to the end.
    pub fn play_out(&mut self) {
        while self.to_discard.is_some() {
            let tile = self.choose_discard();
            self.discard_unchecked(tile);
        }
    }

    /// The consistency check: every kind's 4 copies are in the wall, hands, melds or discards;
    /// hand sizes fit the melds; the cached distances and waits are right.
    pub fn check(&self) -> Result<(), String> {
        let mut counts = self.discarded.map(|c| c as usize);
        for t in &self.wall.tiles()[self.head..] {
            counts[t.index()] += 1;
        }
        for p in Player::ALL {
            let i = p.index();
            let hand = &self.hands[i];
            hand.check()?;
            for k in hand.tiles() {
                counts[k.index()] += 1;
            }
            for m in self.melds(p) {
                for k in m.tiles() {
                    counts[k.index()] += 1;
                }
            }
            let melds = self.melds[i].len();
            let due = self.to_discard == Some(p);
            let expected = 13 - 3 * melds + usize::from(due);
            if self.outcome.is_none() && hand.len() != expected {
                return Err(format!("{p} holds {} tiles, expected {expected}", hand.len()));
            }
            if !due && self.outcome.is_none() {
                if self.dist[i] != distance(hand, melds) {
                    return Err(format!("{p}: cached distance {} is stale", self.dist[i]));
                }
                let mut waits = 0u64;
                for k in &Kind::ALL[..Kind::PLAIN] {
                    let mut h = *hand;
                    if h.count(*k) < 4 {
                        h.add(*k);
                        if crate::distance::is_winning(&h, melds) {
                            waits |= 1 << k.index();
                        }
                    }
                }
                if waits != self.waits[i] {
                    return Err(format!("{p}: cached winning tiles are stale"));
                }
            }
        }
        if let Some(k) = Kind::ALL.iter().find(|k| counts[k.index()] != 4) {
            return Err(format!("{} copies of {k} on the table", counts[k.index()]));
        }
        Ok(())
    }

    /// The whole wall, front first (the first `148 - wall_left()` tiles are drawn).
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// The player's discards still on the table, oldest first: every `OUT` (`PASS` included)
    /// until a claim takes it.
    pub fn discards(&self, player: Player) -> Vec<Kind> {
        let mut mine = Vec::new();
        // Whether the last discard is the player's (a claim takes it).
        let mut last_mine = false;
        for e in &self.events {
            match *e {
                Event::Discard { player: p, tile } => {
                    last_mine = p == player;
                    if last_mine {
                        mine.push(tile);
                    }
                }
                Event::Pass { player: p, .. } => {
                    last_mine = p == player;
                    if last_mine {
                        mine.push(Kind::PASS);
                    }
                }
                Event::Chow { .. } | Event::Pong { .. } if last_mine => {
                    mine.pop();
                    last_mine = false;
                }
                _ => {}
            }
        }
        mine
    }

    /// The table with every tile `keep` has not seen dealt again at random: the other
    /// players' concealed hands and the rest of the wall, keeping their sizes and everything
    /// public (discards, melds, claims, the direction, whose turn it is, the outcome).
    ///
    /// A tile in another player's hand came from one of their draws (claimed tiles go to
    /// melds). For each kind, the latest draws of that kind are taken as the ones still held,
    /// so the earlier ones account for every discard and claim of the log, which stay
    /// possible: the draws kept are redrawn from the pool of unseen tiles, the wall's draw
    /// events and the hands are rewritten to match, and the cached distances recomputed. The
    /// log stays legal tile by tile; the fixed rules may not have played it from the new
    /// hands (a re-dealt hand might have claimed or won earlier), and a winner's re-dealt hand
    /// need not be winning.
    pub(crate) fn redeal(&self, keep: Player, rng: &mut tabletop_core::Rng) -> Position {
        // 1. The player who drew each wall position: the i-th draw took position i.
        let owners: Vec<Player> = self
            .events
            .iter()
            .filter_map(|e| match *e {
                Event::Draw { player, .. } => Some(player),
                _ => None,
            })
            .collect();
        debug_assert_eq!(owners.len(), self.head);
        // 2. The positions `keep` has not seen: the latest draws of each kind still held by
        //    another player, and the rest of the wall.
        let tiles = self.wall.tiles();
        let mut held = self.hands.map(|h| *h.counts());
        let mut unseen: Vec<usize> = Vec::with_capacity(Wall::LEN);
        for pos in (0..self.head).rev() {
            let (p, k) = (owners[pos].index(), tiles[pos].index());
            if owners[pos] != keep && held[p][k] > 0 {
                held[p][k] -= 1;
                unseen.push(pos);
            }
        }
        debug_assert!(
            Player::ALL.iter().all(|&p| p == keep || held[p.index()] == [0; Kind::COUNT]),
            "every tile in hand was drawn"
        );
        unseen.extend(self.head..Wall::LEN);
        // 3. Deal them again.
        let mut pool: Vec<Kind> = unseen.iter().map(|&i| tiles[i]).collect();
        shuffle(&mut pool, rng);
        let mut new = *tiles;
        for (&i, &k) in unseen.iter().zip(&pool) {
            new[i] = k;
        }
        // 4. The wall, the draw events, the hands and the caches to match.
        let mut table = self.clone();
        table.wall = Wall::from_tiles(&new).expect("a permutation of a wall is a wall");
        let mut pos = 0;
        for e in &mut table.events {
            if let Event::Draw { tile, .. } = e {
                *tile = new[pos];
                pos += 1;
            }
        }
        for p in Player::ALL.into_iter().filter(|&p| p != keep) {
            let mut hand = Hand::new();
            for &i in unseen.iter().filter(|&&i| i < self.head && owners[i] == p) {
                hand.add(new[i]);
            }
            table.hands[p.index()] = hand;
            if table.to_discard == Some(p) {
                // As after a draw (the cache is read only without a special tile).
                let melds = table.melds[p.index()].len();
                table.dist[p.index()] =
                    if hand.has_special() { u8::MAX } else { distance(&hand, melds) };
            } else {
                table.refresh(p);
            }
        }
        table
    }
}

/// Whether a numbered kind `k` is within two ranks of a kind held (or held itself).
#[inline]
fn held_nearby(hand: &Hand, k: Kind) -> bool {
    (-2..=2).any(|o| k.offset(o).is_some_and(|n| hand.count(n) > 0))
}

/// A finished game: its events, outcome and counts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// Every event, dealing first.
    pub events: Vec<Event>,
    /// How it ended.
    pub outcome: Outcome,
    /// Its counts.
    pub stats: GameStats,
}

/// Plays a wall with the fixed rules.
pub fn simulate(wall: &Wall) -> GameRecord {
    let mut table = Position::new(wall);
    table.play_out();
    GameRecord {
        outcome: table.outcome.expect("a played-out game is over"),
        stats: table.stats,
        events: table.events,
    }
}

#[cfg(test)]
impl Position {
    /// Counts one more `kind` among the discards: a corrupt table for the tests of the checks.
    pub(crate) fn miscount_discard(&mut self, kind: Kind) {
        self.discarded[kind.index()] += 1;
    }
}

#[cfg(test)]
mod tests {
    use tabletop_core::seeded_rng;

    use super::*;

    /// A table in mid-game, with C's discard due after at least six discards.
    fn table() -> Position {
        for seed in 0.. {
            let mut t = Position::new(&Wall::random(&mut seeded_rng(seed)));
            while let Some(p) = t.to_discard() {
                if p == Player::C && t.stats().discards >= 6 {
                    t.check().unwrap();
                    return t;
                }
                t.discard(t.choose_discard());
            }
        }
        unreachable!("some wall gets there")
    }

    #[test]
    fn discards_are_checked() {
        let mut t = table();
        let missing = Kind::ALL.into_iter().find(|&k| t.hand(Player::C).count(k) == 0).unwrap();
        let before = t.clone();
        let e = t.try_discard(missing).unwrap_err();
        assert_eq!(e, IllegalMoveError::NotHeld { player: Player::C, tile: missing });
        assert_eq!(e.to_string(), format!("C holds no {missing}"));
        assert_eq!(t, before, "a refused discard changes nothing");
        let tile = t.choose_discard();
        t.try_discard(tile).unwrap();
        let mut checked = before.clone();
        checked.discard(tile);
        let mut unchecked = before;
        unchecked.discard_unchecked(tile);
        assert_eq!((&checked, &unchecked), (&t, &t));
        t.play_out();
        assert_eq!(t.try_discard(tile), Err(IllegalMoveError::GameOver));
    }

    #[test]
    #[should_panic(expected = "illegal discard: the game is over")]
    fn a_discard_after_the_end_panics() {
        let mut t = table();
        t.play_out();
        t.discard(Kind::ALL[0]);
    }

    fn broken(t: &Position) -> String {
        t.check().expect_err("the check must fail")
    }

    #[test]
    fn the_check_catches_every_kind_of_corruption() {
        let one = Kind::ALL[0];
        let two = Kind::ALL[1];
        // A hand whose length disagrees with its counts.
        let mut t = table();
        t.hands[1] = t.hands[1].with_len(3);
        assert!(broken(&t).starts_with("length or keys disagree"), "{}", broken(&t));
        // A tile moved from B's hand to the discards: every copy is there, B holds one short.
        let mut t = table();
        let k = t.hands[1].kinds().next().unwrap();
        t.hands[1].remove(k);
        t.discarded[k.index()] += 1;
        assert_eq!(broken(&t), "B holds 12 tiles, expected 13");
        // One tile too many for the player to discard.
        let mut t = table();
        let k = t.wall.tiles()[t.head];
        t.hands[2].add(k);
        t.head += 1;
        assert_eq!(broken(&t), "C holds 15 tiles, expected 14");
        // Stale caches of a waiting player.
        let mut t = table();
        t.dist[3] += 1;
        assert!(broken(&t).starts_with("D: cached distance"), "{}", broken(&t));
        let mut t = table();
        t.waits[0] ^= 1 << 5;
        assert_eq!(broken(&t), "A: cached winning tiles are stale");
        // A tile in two places: a 1M in a hand became a 2M, or a discard counted twice.
        let mut t = table();
        let p = (0..4).find(|&i| t.hands[i].count(one) > 0 && t.hands[i].count(two) < 4);
        let p = p.expect("someone holds a 1M");
        t.hands[p].remove(one);
        t.hands[p].add(two);
        if p != 2 {
            t.refresh(Player::from_index(p));
        }
        assert_eq!(broken(&t), "3 copies of 1M on the table");
        let mut t = table();
        let k = Kind::ALL.into_iter().find(|k| t.discarded[k.index()] > 0).unwrap();
        t.discarded[k.index()] += 1;
        assert_eq!(broken(&t), format!("5 copies of {k} on the table"));
        // A tile left out of the wall's count.
        let mut t = table();
        t.head += 1;
        assert!(broken(&t).ends_with("on the table"), "{}", broken(&t));
    }

    #[test]
    fn discards_leave_the_table_when_claimed() {
        for seed in 0..50 {
            let mut t = Position::new(&Wall::random(&mut seeded_rng(seed)));
            t.play_out();
            let mut counts = [0; Kind::COUNT];
            for p in Player::ALL {
                for k in t.discards(p) {
                    counts[k.index()] += 1;
                }
            }
            assert_eq!(counts, t.discarded, "wall {seed}");
        }
    }
}
