//! The simulator: the [`Position`] (wall, hands, melds, discards), the fixed decision rules,
//! and the flow of turns.
//!
//! # Trade-offs
//! Every decision is a handful of table lookups ([`distance`]), and the position keeps what
//! the decisions ask again and again, updated only when a hand changes:
//! - each waiting player's distance (`13 - 3n` tiles), recomputed after their own discard or
//!   claim, so a pong or chow test costs one lookup per candidate meld;
//! - each player's winning tiles as a 34-bit mask, filled only when that distance is 1 (the
//!   only case where a discard can complete the hand), so the win-on-discard test is a bit
//!   test;
//! - the distance of the hand of the player to discard. Removing one tile of a kind raises the
//!   distance by at most one, so the discard search walks the kinds in priority order and stops
//!   at the first that keeps it: usually after one or two lookups.
//!
//! A replay whose every action is given (resampling, `Position::replaying`) makes no rule
//! decision, so it keeps none of this: after a discard only the kinds that may complete the
//! hand (by suit counts, honours and neighbours, no table) are kept, and a tile offered or
//! drawn is tested with one lookup when it is one of them.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use arrayvec::ArrayVec;

use crate::distance::{OneSuitVaries, distance};
use crate::error::IllegalMoveError;
use crate::event::{Event, Outcome};
use crate::hand::key_slot;
use crate::hand::{Hand, Meld};
use crate::resample::PreparedFor;
use crate::tile::{Direction, Kind, Player};
use crate::wall::Wall;

/// What resampling a position computes for a player and every sample from it reuses (the
/// player actions and the plan of candidate walls, [`crate::resample`]), kept for the next
/// call on the same position: IS-MCTS resamples one root again and again. Each entry is
/// stamped with the number of events and skips of the position it was made from: a position
/// only ever adds to them, so a stamp that still matches means the same position. A clone
/// starts without (its position may go another way), and two positions compare equal
/// whatever they hold.
#[derive(Default)]
pub(crate) struct Prepared(Mutex<[Option<Stamped>; 4]>);

/// An entry of [`Prepared`] and the position's numbers of events and skips when it was made.
type Stamped = ((usize, usize), Arc<PreparedFor>);

impl Prepared {
    /// The entry for `player` made at `stamp` (events and skips), else `make`'s, kept.
    pub(crate) fn get_or(
        &self,
        player: Player,
        stamp: (usize, usize),
        make: impl FnOnce() -> PreparedFor,
    ) -> Arc<PreparedFor> {
        let lock = || self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((at, kept)) = &lock()[player.index()]
            && *at == stamp
        {
            return Arc::clone(kept);
        }
        let made = Arc::new(make());
        lock()[player.index()] = Some((stamp, Arc::clone(&made)));
        made
    }
}

impl Clone for Prepared {
    fn clone(&self) -> Prepared {
        Prepared::default()
    }
}

impl PartialEq for Prepared {
    fn eq(&self, _: &Prepared) -> bool {
        true
    }
}

impl Eq for Prepared {}

impl fmt::Debug for Prepared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Prepared")
    }
}

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

/// A decision on another player's discard, when the players decide their own claims
/// ([`Position::with_claims`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Claim {
    /// No claim: leave the tile to the others (`SKIP`).
    Skip,
    /// Win on the discard (`RON`).
    Ron,
    /// Take the discard into a triplet with two tiles held (`PONG`).
    Pong,
    /// Take the discard into the sequence from `lowest`, with the other two tiles held
    /// (`CHOW a b c`).
    Chow(Kind),
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Claim::Skip => f.write_str("SKIP"),
            Claim::Ron => f.write_str("RON"),
            Claim::Pong => f.write_str("PONG"),
            Claim::Chow(lowest) => write!(f, "CHOW {}", Meld::Chow(lowest)),
        }
    }
}

/// A claim decision due: `player` decides on `discarder`'s discard of `tile`.
///
/// The decisions come in the rules' order of priority, each only once those before it
/// are skipped: the players who can win on the tile, going round from the discarder; then the
/// player holding two of the tile (`PONG`, with their `CHOW`s too if they are the next
/// player); then the discarder's next player's `CHOW`s. So a claim chosen is always made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimDue {
    /// Who decides.
    pub player: Player,
    /// Who discarded the tile.
    pub discarder: Player,
    /// The tile discarded.
    pub tile: Kind,
    /// The step of the order above: 0 to 2 the players round from the discarder who may win
    /// on it, 3 the pong (and the next player's chows if they hold the pair), 4 the chows.
    stage: u8,
}

impl ClaimDue {
    /// Whether the decision is on a pong (the player holds two of the tile), not a win or a
    /// chow only.
    pub(crate) fn is_pong(&self) -> bool {
        self.stage == 3
    }
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
    /// Each player's melds counted by kind (a pong 3 of its kind, a chow 1 of each of its
    /// three), kept as melds are claimed: what an observation shows.
    in_melds: [[u8; Kind::COUNT]; 4],
    /// Each player's discards still on the table, counted by kind (a claim takes one back).
    on_table: [[u8; Kind::COUNT]; 4],
    direction: Direction,
    to_discard: Option<Player>,
    outcome: Option<Outcome>,
    events: Vec<Event>,
    stats: GameStats,
    /// Distance of each player's hand; for the player to discard, of the full hand, or
    /// [`UNKNOWN`] after a draw that does not win (the discard rule computes it then, and a
    /// batch of random discards never needs it).
    dist: [u8; 4],
    /// Winning tiles of each waiting player (bit per plain kind).
    waits: [u64; 4],
    /// Whether the players decide their own claims and self-drawn wins.
    decide: bool,
    /// The claim decision due (only when the players decide).
    claim: Option<ClaimDue>,
    /// Each claim skipped: the number of events then and who skipped (only when the players
    /// decide).
    skips: Vec<(usize, Player)>,
    /// Whether the waiting players' distances and winning tiles are computed only when a
    /// decision reads them (a replay whose actions are given, see [`Position::replaying`]):
    /// `dist` is then [`UNKNOWN`] and `waits` holds the tiles that may complete the hand.
    lazy: bool,
    /// What resampling this position computed for each player and every sample reuses (a
    /// clone starts without; not part of the position's value).
    prepared: Prepared,
}

impl Position {
    /// Deals the wall (52 `IN` events) and starts `A`'s turn.
    pub fn new(wall: &Wall) -> Position {
        Position::with_claims(wall, false)
    }

    /// [`Position::new`], and with `decide` the players decide their own claims and
    /// self-drawn wins: after a plain discard, each claim open to a player is a decision of
    /// theirs ([`Position::claim_due`], [`Position::try_claim`]), and a player who draws a
    /// winning hand may win ([`Position::try_self_drawn`]) or discard. Without it they
    /// follow the fixed rules inside each discard. [`Position::choose_claim`] and
    /// [`Position::choose_discard`] (with [`Position::may_self_draw`]) are the rules, so
    /// played by them both give the same game.
    pub fn with_claims(wall: &Wall, decide: bool) -> Position {
        Position::dealt(wall, decide, false)
    }

    /// [`Position::with_claims`] for a replay whose every action is given (none chosen by the
    /// rules, see [`Position::choose_discard`]): a waiting player's distance and winning
    /// tiles are not computed after each discard, only the one test a claim offer or a draw
    /// needs (whether the tile wins). [`Position::settle`] makes it a position like any other.
    pub(crate) fn replaying(wall: &Wall, decide: bool) -> Position {
        Position::dealt(wall, decide, true)
    }

    fn dealt(wall: &Wall, decide: bool, lazy: bool) -> Position {
        let mut table = Position {
            wall: *wall,
            head: 0,
            hands: [Hand::new(); 4],
            melds: Default::default(),
            on_table: [[0; Kind::COUNT]; 4],
            in_melds: [[0; Kind::COUNT]; 4],
            direction: Direction::Forward,
            to_discard: None,
            outcome: None,
            events: Vec::with_capacity(256),
            stats: GameStats::default(),
            dist: [0; 4],
            waits: [0; 4],
            decide,
            claim: None,
            skips: Vec::new(),
            lazy,
            prepared: Prepared::default(),
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

    /// The player whose discard is due (`None` once the game is over or while a claim
    /// decision is due).
    pub fn to_discard(&self) -> Option<Player> {
        self.to_discard
    }

    /// Whether the players decide their own claims ([`Position::with_claims`]).
    pub fn decides_claims(&self) -> bool {
        self.decide
    }

    /// The claim decision due, if any (only when the players decide their claims).
    pub fn claim_due(&self) -> Option<ClaimDue> {
        self.claim
    }

    /// The player to act: to discard, or to decide a claim (`None` once the game is over).
    pub fn to_act(&self) -> Option<Player> {
        self.to_discard.or(self.claim.map(|c| c.player))
    }

    /// The claims skipped so far: the number of events when each was skipped, and who skipped
    /// it (empty unless the players decide their claims).
    pub fn skips(&self) -> &[(usize, Player)] {
        &self.skips
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
        if self.lazy {
            self.dist[i] = UNKNOWN;
            self.waits[i] = may_win_with(&self.hands[i]);
            return;
        }
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

    /// Whether `tile` completes the hand of `q`, who waits (`13 - 3n` tiles): their winning
    /// tiles, or in a lazy replay (where `waits` holds only the tiles that may complete it)
    /// the test itself.
    fn wins_with(&self, q: Player, tile: Kind) -> bool {
        let i = q.index();
        let may = self.waits[i] >> tile.index() & 1 == 1;
        if self.lazy && may {
            let mut h = self.hands[i];
            h.add(tile);
            distance(&h, self.melds[i].len()) == 0
        } else {
            may
        }
    }

    /// The distance of `j`'s hand, computed when not known.
    fn dist_of(&self, j: usize) -> u8 {
        match self.dist[j] {
            UNKNOWN => distance(&self.hands[j], self.melds[j].len()),
            d => d,
        }
    }

    /// Ends a lazy replay ([`Position::replaying`]): every distance and winning-tile set is
    /// computed as a position played from the deal holds them.
    pub(crate) fn settle(&mut self) {
        if !self.lazy {
            return;
        }
        self.lazy = false;
        let claimed = matches!(self.events.last(), Some(Event::Pong { .. } | Event::Chow { .. }));
        for p in Player::ALL {
            let i = p.index();
            if self.hands[i].len() + 3 * self.melds[i].len() < 14 {
                self.refresh(p);
            } else if claimed && self.to_discard == Some(p) {
                self.dist[i] = distance(&self.hands[i], self.melds[i].len());
            }
        }
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
        let wins = self.wins_with(p, tile);
        self.hands[i].add(tile);
        self.stats.draws += 1;
        self.events.push(Event::Draw { player: p, tile });
        // Read only while the player waits: a lazy replay's settled position holds the same.
        self.waits[i] = 0;
        let hand = &self.hands[i];
        if hand.has_special() {
            self.dist[i] = UNKNOWN; // not used: a special tile goes first
        } else if self.decide {
            // Read by `may_self_draw`: the hand is winning exactly when the tile drawn is one
            // of the winning tiles kept since the player's last discard (or the deal); any
            // other distance is left to the discard rule.
            self.dist[i] = if wins { 0 } else { UNKNOWN };
        } else if wins {
            // The winning tiles of the hand before the draw (kept since the player's last
            // discard, or the deal) hold every tile that completes it.
            self.dist[i] = 0;
            self.finish(Outcome::SelfDrawn(p));
            return;
        } else {
            self.dist[i] = UNKNOWN;
        }
        self.to_discard = Some(p);
    }

    /// Whether the player to discard may win by self-draw: the players decide their claims
    /// and the hand just drawn is winning (after a claim the claimer only discards).
    pub fn may_self_draw(&self) -> bool {
        match (self.to_discard, self.events.last()) {
            (Some(p), Some(&Event::Draw { player, .. })) => {
                self.decide && player == p && self.dist[p.index()] == 0
            }
            _ => false,
        }
    }

    /// The player to discard wins by self-draw.
    ///
    /// # Panics
    /// If they may not ([`Position::may_self_draw`]; see [`Position::try_self_drawn`]).
    pub fn self_drawn(&mut self) {
        if let Err(e) = self.try_self_drawn() {
            panic!("illegal self-draw: {e}");
        }
    }

    /// [`Position::self_drawn`], if it is legal now ([`Position::may_self_draw`]).
    pub fn try_self_drawn(&mut self) -> Result<(), IllegalMoveError> {
        match (self.to_discard, self.claim) {
            (_, Some(c)) => Err(IllegalMoveError::ClaimDue { player: c.player }),
            (None, None) => Err(IllegalMoveError::GameOver),
            (Some(player), None) if !self.may_self_draw() => {
                Err(IllegalMoveError::NoSelfDraw { player })
            }
            (Some(p), None) => {
                self.finish(Outcome::SelfDrawn(p));
                Ok(())
            }
        }
    }

    /// The claims open to the player deciding now, in the order of [`Claim`] (`SKIP` first);
    /// empty when no claim decision is due.
    pub fn claim_options(&self) -> Vec<Claim> {
        let Some(c) = self.claim else {
            return Vec::new();
        };
        let mut options = vec![Claim::Skip];
        options.extend(
            self.options_at(c.discarder, c.tile, c.stage).map(|(_, o)| o).unwrap_or_default(),
        );
        options
    }

    /// The chows `q` can make on `tile` (lowest tiles, ascending), if `q` is the discarder's
    /// next player.
    fn chows(&self, q: Player, tile: Kind) -> Vec<Claim> {
        self.chow_lows(q, tile).map(Claim::Chow).collect()
    }

    /// The lowest tiles of the chows `q` can make on `tile`, ascending (no list: a replay asks
    /// after every discard only whether there is one).
    fn chow_lows(&self, q: Player, tile: Kind) -> impl Iterator<Item = Kind> + '_ {
        let hand = &self.hands[q.index()];
        [-2, -1, 0].into_iter().filter_map(move |d| {
            let three = [tile.offset(d), tile.offset(d + 1), tile.offset(d + 2)];
            let [Some(lowest), Some(_), Some(_)] = three else { return None };
            three
                .iter()
                .flatten()
                .filter(|&&k| k != tile)
                .all(|&k| hand.count(k) > 0)
                .then_some(lowest)
        })
    }

    /// Who decides at step `stage` of the claims on `p`'s discard of `tile`; `None` when
    /// nobody does at that step ([`Position::options_at`] without the claims).
    fn decider_at(&self, p: Player, tile: Kind, stage: u8) -> Option<Player> {
        let dir = self.direction;
        let next = p.next(dir);
        let pair =
            || Player::ALL.into_iter().find(|&q| q != p && self.hands[q.index()].count(tile) >= 2);
        match stage {
            0..=2 => {
                let mut q = next;
                for _ in 0..stage {
                    q = q.next(dir);
                }
                self.wins_with(q, tile).then_some(q)
            }
            3 => pair(),
            4 if pair() != Some(next) => self.chow_lows(next, tile).next().map(|_| next),
            _ => None,
        }
    }

    /// Whether `claim` is one of [`Position::claim_options`] for the decision `c` due (no
    /// list: a replay checks every claim decision it makes).
    fn offers(&self, c: ClaimDue, claim: Claim) -> bool {
        // The hands are those `open_claims` found `c.player` deciding on.
        debug_assert_eq!(self.decider_at(c.discarder, c.tile, c.stage), Some(c.player));
        match (claim, c.stage) {
            (Claim::Skip, _) | (Claim::Ron, 0..=2) | (Claim::Pong, 3) => true,
            (Claim::Chow(lowest), 3) if c.player == c.discarder.next(self.direction) => {
                self.chow_lows(c.player, c.tile).any(|l| l == lowest)
            }
            (Claim::Chow(lowest), 4) => self.chow_lows(c.player, c.tile).any(|l| l == lowest),
            _ => false,
        }
    }

    /// Who decides at step `stage` of the claims on `p`'s discard of `tile`, and their claims
    /// besides `SKIP`; `None` when nobody does at that step.
    fn options_at(&self, p: Player, tile: Kind, stage: u8) -> Option<(Player, Vec<Claim>)> {
        let q = self.decider_at(p, tile, stage)?;
        let claims = match stage {
            0..=2 => vec![Claim::Ron],
            3 => {
                let mut o = vec![Claim::Pong];
                if q == p.next(self.direction) {
                    o.extend(self.chow_lows(q, tile).map(Claim::Chow));
                }
                o
            }
            _ => self.chows(q, tile),
        };
        Some((q, claims))
    }

    /// Opens the first claim decision on `p`'s discard of `tile` from step `stage` on, or
    /// (nobody to decide) starts the next player's turn.
    fn open_claims(&mut self, p: Player, tile: Kind, stage: u8) {
        for s in stage..5 {
            if let Some(q) = self.decider_at(p, tile, s) {
                self.claim = Some(ClaimDue { player: q, discarder: p, tile, stage: s });
                return;
            }
        }
        self.begin_turn(p.next(self.direction));
    }

    /// The fixed rules' claim for the player deciding now: always `RON`; `PONG` if it
    /// strictly lowers the distance, else the first `CHOW` that does (`t t+1 t+2`, then
    /// `t-1 t t+1`, then `t-2 t-1 t`); else `SKIP`.
    ///
    /// # Panics
    /// If no claim decision is due.
    pub fn choose_claim(&self) -> Claim {
        let c = self.claim.expect("a claim decision is due");
        let options = self.claim_options();
        if options.contains(&Claim::Ron) {
            return Claim::Ron;
        }
        let j = c.player.index();
        let now = self.dist_of(j);
        let lowers = |claim: Claim| self.claimed_hand(c, claim).1 < now;
        if options.contains(&Claim::Pong) && lowers(Claim::Pong) {
            return Claim::Pong;
        }
        options
            .iter()
            .rev()
            .copied()
            .find(|&o| matches!(o, Claim::Chow(_)) && lowers(o))
            .unwrap_or(Claim::Skip)
    }

    /// The distance to winning of the deciding player's hand after `claim`, if it is one of
    /// [`Position::claim_options`]: `SKIP` keeps their waiting hand's distance, `RON` is 0,
    /// `PONG` and `CHOW` leave a hand to discard from (with one more meld).
    pub fn distance_after_claim(&self, claim: Claim) -> Option<u8> {
        let c = self.claim?;
        if !self.claim_options().contains(&claim) {
            return None;
        }
        Some(match claim {
            Claim::Skip => self.dist_of(c.player.index()),
            Claim::Ron => 0,
            _ => self.claimed_hand(c, claim).1,
        })
    }

    /// The hand of the claimer after a pong or chow, and its distance with one more meld.
    fn claimed_hand(&self, c: ClaimDue, claim: Claim) -> (Hand, u8, Meld) {
        let (h, meld) = self.claimed(c, claim);
        let d = distance(&h, self.melds[c.player.index()].len() + 1);
        (h, d, meld)
    }

    /// The hand of the claimer after a pong or chow, and the meld.
    fn claimed(&self, c: ClaimDue, claim: Claim) -> (Hand, Meld) {
        let j = c.player.index();
        let mut h = self.hands[j];
        let meld = match claim {
            Claim::Chow(lowest) => {
                for k in Meld::Chow(lowest).tiles() {
                    if k != c.tile {
                        h.remove(k);
                    }
                }
                Meld::Chow(lowest)
            }
            _ => {
                h.remove(c.tile);
                h.remove(c.tile);
                Meld::Pong(c.tile)
            }
        };
        (h, meld)
    }

    /// The player deciding now makes `claim`: `SKIP` passes the decision on (or starts the
    /// next player's turn), `RON` wins, `PONG` and `CHOW` take the tile, and the claimer is to
    /// discard.
    ///
    /// # Panics
    /// If no claim decision is due or `claim` is not one of [`Position::claim_options`] (see
    /// [`Position::try_claim`]).
    pub fn claim(&mut self, claim: Claim) {
        if let Err(e) = self.try_claim(claim) {
            panic!("illegal claim: {e}");
        }
    }

    /// [`Position::claim`], if it is one of [`Position::claim_options`].
    pub fn try_claim(&mut self, claim: Claim) -> Result<(), IllegalMoveError> {
        let c = self.claim.ok_or(IllegalMoveError::NoClaimDue)?;
        if !self.offers(c, claim) {
            return Err(IllegalMoveError::NotAClaim { player: c.player, claim });
        }
        self.claim_unchecked(claim);
        Ok(())
    }

    /// [`Position::try_claim`] without checks.
    ///
    /// Precondition: a claim decision is due and `claim` is one of its options (checked in
    /// debug builds).
    pub fn claim_unchecked(&mut self, claim: Claim) {
        let c = self.claim.take().expect("a claim decision is due");
        debug_assert!(
            {
                self.claim = Some(c);
                let ok = self.claim_options().contains(&claim);
                self.claim = None;
                ok
            },
            "{} cannot {claim}",
            c.player
        );
        let q = c.player;
        match claim {
            Claim::Skip => {
                self.skips.push((self.events.len(), q));
                self.open_claims(c.discarder, c.tile, c.stage + 1);
            }
            Claim::Ron => self.finish(Outcome::Ron(q)),
            Claim::Pong | Claim::Chow(_) => {
                let (h, meld) = self.claimed(c, claim);
                // Read by the discard rule only (which computes it when unknown).
                let d =
                    if self.lazy { UNKNOWN } else { distance(&h, self.melds[q.index()].len() + 1) };
                self.take_claimed(c.discarder, q, h, meld, d);
                match meld {
                    Meld::Pong(tile) => {
                        self.events.push(Event::Pong { player: q, tile });
                        self.stats.pongs += 1;
                    }
                    Meld::Chow(lowest) => {
                        self.events.push(Event::Chow { player: q, lowest });
                        self.stats.chows += 1;
                    }
                }
            }
        }
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
        let d = match self.dist[p.index()] {
            UNKNOWN => distance(hand, melds),
            d => d,
        };
        if d == 0 {
            // A winning hand not taken (a self-drawn win declined, or a claim that completed
            // the hand): every discard leaves distance 1, so the first kind in priority order.
            return hand.kinds().next_back().expect("a hand to discard from");
        }
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
        if let Some(c) = self.claim {
            return Err(IllegalMoveError::ClaimDue { player: c.player });
        }
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
        self.on_table[i][tile.index()] += 1;
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
                if self.decide {
                    self.open_claims(p, tile, 0);
                } else {
                    self.after_plain_discard(p, tile);
                }
            }
        }
    }

    fn after_plain_discard(&mut self, p: Player, tile: Kind) {
        let dir = self.direction;
        // 1. Win on the discard: the first player around from the discarder.
        let mut q = p.next(dir);
        while q != p {
            if self.wins_with(q, tile) {
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
            if d < self.dist_of(j) {
                self.take_claimed(p, q, h, Meld::Pong(tile), d);
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
            if d < self.dist_of(j) {
                self.take_claimed(p, q, h, Meld::Chow(lowest), d);
                self.events.push(Event::Chow { player: q, lowest });
                self.stats.chows += 1;
                return;
            }
        }
        // 4. Nobody claims: the next player's turn.
        self.begin_turn(q);
    }

    fn take_claimed(&mut self, from: Player, to: Player, hand: Hand, meld: Meld, d: u8) {
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
        self.on_table[from.index()][tile.index()] -= 1;
        self.hands[j] = hand;
        self.melds[j].push(meld);
        for k in meld.tiles() {
            self.in_melds[j][k.index()] += 1;
        }
        self.dist[j] = d;
        self.waits[j] = 0;
        self.to_discard = Some(to);
    }

    /// Plays the fixed rules to the end.
    pub fn play_out(&mut self) {
        loop {
            if self.claim.is_some() {
                self.claim_unchecked(self.choose_claim());
            } else if let Some(p) = self.to_discard {
                if self.may_self_draw() {
                    self.finish(Outcome::SelfDrawn(p));
                } else {
                    self.discard_unchecked(self.choose_discard());
                }
            } else {
                return;
            }
        }
    }

    /// The consistency check: every kind's 4 copies are in the wall, hands, melds or discards;
    /// hand sizes fit the melds; the cached distances and waits are right.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut counts = [0; Kind::COUNT];
        let mut logged = [[0; Kind::COUNT]; 4];
        for (p, k) in self.table_discards() {
            logged[p.index()][k.index()] += 1;
        }
        if logged != self.on_table {
            return Err("the discards counted on the table disagree with the log".to_owned());
        }
        for (count, k) in counts.iter_mut().zip(Kind::ALL) {
            *count = self.on_table.iter().map(|mine| usize::from(mine[k.index()])).sum();
        }
        for t in &self.wall.tiles()[self.head..] {
            counts[t.index()] += 1;
        }
        for p in Player::ALL {
            let i = p.index();
            let hand = &self.hands[i];
            hand.check_invariants()?;
            for k in hand.tiles() {
                counts[k.index()] += 1;
            }
            let mut in_melds = [0; Kind::COUNT];
            for m in self.melds(p) {
                for k in m.tiles() {
                    counts[k.index()] += 1;
                    in_melds[k.index()] += 1;
                }
            }
            if in_melds != self.in_melds[i] {
                return Err(format!("{p}: the melds counted by kind disagree with the melds"));
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
        if let Some(c) = self.claim {
            let discard = Event::Discard { player: c.discarder, tile: c.tile };
            if self.to_discard.is_some() || self.outcome.is_some() || !self.decide {
                return Err(format!("a claim decision of {} is due out of turn", c.player));
            }
            if self.events.last() != Some(&discard) {
                return Err(format!("a claim decision on {discard}, not the last event"));
            }
        }
        Ok(())
    }

    /// The whole wall, front first (the first `148 - wall_left()` tiles are drawn).
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// What resampling this position computed for each player ([`Prepared`]).
    pub(crate) fn prepared(&self) -> &Prepared {
        &self.prepared
    }

    /// The tiles drawn from the wall so far (its first tiles).
    pub(crate) fn drawn(&self) -> usize {
        self.head
    }

    /// The same position on `wall`, which holds the same tiles where this one's has been
    /// drawn: what follows draws from `wall` (a replay resumed from here).
    pub(crate) fn resume_on(&mut self, wall: &Wall) {
        debug_assert_eq!(wall.tiles()[..self.head], self.wall.tiles()[..self.head]);
        self.wall = *wall;
    }

    /// How many of each kind (by [`Kind::index`]) the player's discards still on the table
    /// hold: [`Position::discards`] counted, kept as play goes.
    pub fn discard_counts(&self, player: Player) -> &[u8; Kind::COUNT] {
        &self.on_table[player.index()]
    }

    /// [`Position::meld_counts`] and [`Position::discard_counts`] of every player, in the
    /// order of [`Player::ALL`].
    pub(crate) fn all_counts(&self) -> (&[[u8; Kind::COUNT]; 4], &[[u8; Kind::COUNT]; 4]) {
        (&self.in_melds, &self.on_table)
    }

    /// How many of each kind (by [`Kind::index`]) the player's melds hold: [`Position::melds`]
    /// counted, kept as melds are claimed.
    pub fn meld_counts(&self, player: Player) -> &[u8; Kind::COUNT] {
        &self.in_melds[player.index()]
    }

    /// The player's discards still on the table, oldest first: every `OUT` (`PASS` included)
    /// until a claim takes it.
    pub fn discards(&self, player: Player) -> Vec<Kind> {
        self.table_discards().filter(|&(p, _)| p == player).map(|(_, k)| k).collect()
    }

    /// Every player's discards still on the table with who discarded them, oldest first, in
    /// one pass over the events and with no allocation: an `OUT` (`PASS` included) stays
    /// unless the next discard or claim is a claim (which takes it).
    pub fn table_discards(&self) -> impl Iterator<Item = (Player, Kind)> + '_ {
        // Each discard as Some, each claim as None; other events left out.
        let mut outs = self
            .events
            .iter()
            .filter_map(|e| match *e {
                Event::Discard { player, tile } => Some(Some((player, tile))),
                Event::Pass { player, .. } => Some(Some((player, Kind::PASS))),
                Event::Chow { .. } | Event::Pong { .. } => Some(None),
                _ => None,
            })
            .peekable();
        std::iter::from_fn(move || {
            loop {
                let out = outs.next()?;
                let claimed = matches!(outs.peek(), Some(None));
                if let (Some(d), false) = (out, claimed) {
                    return Some(d);
                }
            }
        })
    }
}

/// A distance not computed (see `Position::dist`): above every distance (at most 14).
const UNKNOWN: u8 = u8::MAX;

/// The tiles that may complete `hand` (`13 - 3n` tiles) to a winning one, a superset of
/// its winning tiles found without the tables: a winning hand has one pair and every other
/// tile in a group of three, so each numbered suit holds a multiple of three tiles but the
/// pair's suit (two more), each honour 0, 2 or 3 copies, and each numbered tile has a copy
/// or a neighbour within two ranks.
fn may_win_with(hand: &Hand) -> u64 {
    if hand.has_special() {
        return 0;
    }
    let counts = hand.counts();
    // Suits holding one more than a multiple of three, two more; honours held once or four
    // times, twice.
    let (mut ones, mut twos, mut bad, mut pairs) = (0, 0, 0, 0);
    let mut rests = [0u8; 3];
    for (rest, suit) in rests.iter_mut().zip(counts[..27].chunks_exact(9)) {
        *rest = suit.iter().sum::<u8>() % 3;
        ones += usize::from(*rest == 1);
        twos += usize::from(*rest == 2);
    }
    for &c in &counts[27..Kind::PLAIN] {
        bad += usize::from(c == 1 || c == 4);
        pairs += usize::from(c == 2);
    }
    let mut out = 0u64;
    for (s, &rest) in rests.iter().enumerate() {
        // A tile of suit `s` added: its rest goes up by one.
        let fits = match rest {
            1 => ones == 1 && bad == 0 && twos + pairs == 0,
            2 => ones == 0 && bad == 0 && twos + pairs == 2,
            _ => false,
        };
        if fits {
            let held = held_ranks(&counts[9 * s..9 * s + 9]);
            let near = held | held << 1 | held << 2 | held >> 1 | held >> 2;
            out |= (near & 0x1ff) << (9 * s);
        }
    }
    if ones == 0 {
        for (k, &c) in counts[27..Kind::PLAIN].iter().enumerate() {
            // An honour added: held once it makes the pair, twice a triplet.
            let fits = match c {
                1 => bad == 1 && twos + pairs == 0,
                2 => bad == 0 && twos + pairs == 2,
                _ => false,
            };
            out |= u64::from(fits) << (27 + k);
        }
    }
    out
}

/// The ranks of a suit's counts held, a bit per rank.
fn held_ranks(suit: &[u8]) -> u64 {
    suit.iter().enumerate().fold(0, |m, (r, &c)| m | u64::from(c > 0) << r)
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
    /// Counts one more `kind` among A's discards: a corrupt table for the tests of the checks.
    pub(crate) fn miscount_discard(&mut self, kind: Kind) {
        self.on_table[0][kind.index()] += 1;
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
                    t.check_invariants().unwrap();
                    return t;
                }
                t.discard(t.choose_discard());
            }
        }
        unreachable!("some wall gets there")
    }

    /// The claim check a move makes (`offers`) is the list of options: on every decision
    /// due in games with claims (claims at random, discards by the rules but one in four at
    /// random), for every claim; every stage (a win, the pair with or without chows, chows
    /// only) is among them.
    #[test]
    fn a_claim_is_offered_exactly_when_it_is_an_option() {
        use tabletop_core::rand::Rng as _;
        use tabletop_core::rand::seq::IndexedRandom as _;
        let every: Vec<Claim> = [Claim::Skip, Claim::Ron, Claim::Pong]
            .into_iter()
            .chain(Kind::ALL.into_iter().map(Claim::Chow))
            .collect();
        let (mut decisions, mut stages) = (0, [0usize; 4]);
        for seed in 0..150 {
            let mut rng = seeded_rng(seed);
            let mut t = Position::with_claims(&Wall::random(&mut rng), true);
            while t.to_act().is_some() {
                if let Some(c) = t.claim_due() {
                    let options = t.claim_options();
                    for &claim in &every {
                        assert_eq!(
                            t.offers(c, claim),
                            options.contains(&claim),
                            "{claim} in {t:?}"
                        );
                    }
                    // The decisions by stage: a win, the pair (with chows or not), chows only.
                    let chow = options.iter().any(|o| matches!(o, Claim::Chow(_)));
                    stages[match (options.contains(&Claim::Ron), options.contains(&Claim::Pong)) {
                        (true, _) => 0,
                        (_, true) if chow => 1,
                        (_, true) => 2,
                        _ => 3,
                    }] += 1;
                    decisions += 1;
                    t.claim(*options.choose(&mut rng).unwrap());
                } else if t.may_self_draw() {
                    t.self_drawn();
                } else if rng.random_bool(0.25) {
                    let p = t.to_discard().unwrap();
                    let held: Vec<Kind> = t.hand(p).kinds().collect();
                    t.discard(*held.choose(&mut rng).unwrap());
                } else {
                    t.discard(t.choose_discard());
                }
            }
        }
        assert!(decisions > 1000, "{decisions} decisions");
        assert!(stages.iter().all(|&k| k > 20), "decisions by stage {stages:?}");
    }

    /// The tiles a lazy replay tests hold every winning tile: on the waiting hands of games
    /// played by the rules, and it leaves out most tiles (about 6 of the 34 plain kinds stay).
    #[test]
    fn the_tiles_that_may_win_hold_the_winning_tiles() {
        let (mut waiting, mut may, mut hands) = (0, 0, 0);
        for seed in 0..200 {
            let mut t = Position::new(&Wall::random(&mut seeded_rng(seed)));
            while let Some(p) = t.to_discard() {
                for q in Player::ALL.into_iter().filter(|&q| q != p) {
                    let (w, m) = (t.waits[q.index()], may_win_with(t.hand(q)));
                    assert_eq!(w & !m, 0, "seed {seed}: {q} holds {}", t.hand(q));
                    waiting += usize::from(w != 0);
                    may += m.count_ones();
                    hands += 1;
                }
                t.discard(t.choose_discard());
            }
        }
        assert!(waiting > 1000, "{waiting} waiting hands");
        assert!(may < 8 * hands, "{may} tiles that may win in {hands} hands");
    }

    /// `may_win_with`, tile by tile: the hand with the tile has one pair and groups by its
    /// suit counts and honours, and a numbered tile has a copy or a neighbour within two ranks
    /// held.
    fn may_win_one_by_one(hand: &Hand) -> u64 {
        if hand.has_special() {
            return 0;
        }
        let mut out = 0;
        for k in &Kind::ALL[..Kind::PLAIN] {
            let mut counts = *hand.counts();
            counts[k.index()] += 1;
            let suits = counts[..27].chunks_exact(9).map(|s| s.iter().sum::<u8>() % 3);
            let honours = counts[27..Kind::PLAIN].iter();
            let groups =
                suits.clone().all(|r| r != 1) && honours.clone().all(|&c| matches!(c, 0 | 2 | 3));
            let pairs = suits.filter(|&r| r == 2).count() + honours.filter(|&&c| c == 2).count();
            let near = k.index() >= 27 || hand.count(*k) > 0 || held_nearby(hand, *k);
            if groups && pairs == 1 && near {
                out |= 1 << k.index();
            }
        }
        out
    }

    /// The tiles a lazy replay tests are exactly those of the definition, on random hands of
    /// every waiting size and on the hands of games played by the rules.
    #[test]
    fn the_tiles_that_may_win_are_found_by_suit() {
        let mut found = 0;
        let mut check = |hand: &Hand| {
            let m = may_win_with(hand);
            assert_eq!(m, may_win_one_by_one(hand), "{hand}");
            found += usize::from(m != 0);
        };
        // A suit one over a multiple of three beside three pairs of honours: no tile fits.
        for text in ["1M 2P 3P 4P 5S 6S 7S E E S S W W", "1M 1M 2P 3P 4P 5S 6S 7S 8S E E S S"] {
            check(&text.parse().unwrap());
        }
        for seed in 0..400 {
            let wall = Wall::random(&mut seeded_rng(seed));
            let len = [13, 10, 7, 4, 1][seed as usize % 5];
            check(&Hand::from_tiles(wall.tiles()[..len].iter().copied()).unwrap());
            let mut t = Position::new(&wall);
            while let Some(p) = t.to_discard() {
                for q in Player::ALL.into_iter().filter(|&q| q != p) {
                    check(t.hand(q));
                }
                t.discard(t.choose_discard());
            }
        }
        assert!(found > 10_000, "{found} hands with tiles that may win");
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
        t.check_invariants().expect_err("the check must fail")
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
        t.on_table[1][k.index()] += 1;
        t.events.push(Event::Discard { player: Player::B, tile: k });
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
        // Melds counted by kind that are not the melds.
        let mut t = table();
        t.in_melds[1][one.index()] += 3;
        assert_eq!(broken(&t), "B: the melds counted by kind disagree with the melds");
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
        let (p, k) = t.table_discards().next().unwrap();
        t.on_table[p.index()][k.index()] += 1;
        assert_eq!(broken(&t), "the discards counted on the table disagree with the log");
        t.events.push(Event::Discard { player: p, tile: k });
        assert_eq!(broken(&t), format!("5 copies of {k} on the table"));
        // A tile left out of the wall's count.
        let mut t = table();
        t.head += 1;
        assert!(broken(&t).ends_with("on the table"), "{}", broken(&t));
    }

    #[test]
    fn the_check_catches_a_claim_decision_out_of_turn() {
        // A table where a claim decision is due, with the players deciding their claims.
        let t = (0..)
            .find_map(|seed| {
                let mut t = Position::with_claims(&Wall::random(&mut seeded_rng(seed)), true);
                while t.outcome.is_none() {
                    if t.claim.is_some() {
                        return Some(t);
                    }
                    t.discard(t.choose_discard());
                }
                None
            })
            .unwrap();
        t.check_invariants().unwrap();
        // A claim due once the game is over, or without the players deciding, breaks it (a
        // discard due as well breaks the hands' lengths first).
        let mut bad = t.clone();
        bad.outcome = Some(Outcome::Draw);
        assert!(broken(&bad).contains("out of turn"), "{}", broken(&bad));
        let mut bad = t.clone();
        bad.decide = false;
        assert!(broken(&bad).contains("out of turn"), "{}", broken(&bad));
        let mut bad = t;
        bad.events.push(Event::Win { player: Player::A });
        assert!(broken(&bad).contains("not the last event"), "{}", broken(&bad));
    }

    #[test]
    fn discards_leave_the_table_when_claimed() {
        for seed in 0..50 {
            let mut t = Position::new(&Wall::random(&mut seeded_rng(seed)));
            t.play_out();
            for p in Player::ALL {
                let mut counts = [0; Kind::COUNT];
                for k in t.discards(p) {
                    counts[k.index()] += 1;
                }
                assert_eq!(counts, t.on_table[p.index()], "wall {seed}");
            }
        }
    }
}
