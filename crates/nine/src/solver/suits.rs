//! The per-suit tables: what the search reads of one suit in one run state (the counters of
//! the static bounds, the suit's part of the table key, the moves as packed words), built once
//! per process for each suit and holding and copied into a deal's [`SuitTables`].

use std::sync::OnceLock;

use crate::card::Suit;
use crate::deal::Deal;
use crate::state::{RUN_STATES, run_ranks, run_state};

/// A move as one word, so that a move list sorts as plain integers: the ordering score
/// (biased by 128; 255 for the table's best move) in bits 56..64, `7 - slot` in bits 48..56
/// (the slot is `suit * 2 + k`; ties go to the lower slot), the suit's next run state in bits
/// 40..48, [`RESERVE`] in bit 39, and the difference of the suit's key parts after and before
/// the move (see [`child_key`]): shifted right by the suit's [`BASE`], signed, in bits 0..34,
/// and that shift in bits 34..39. 0 is no move: below every move, whose score byte is never 0.
pub(super) type Packed = u64;

/// The flag of a move that plays a reserve card of its holder.
const RESERVE: Packed = 1 << 39;

/// Where each suit's index (see [`outside_index`]) lies in a table key: bit 0 is the player
/// to move, Bob's and Alice's counts of reserve cards played lie in bits 23..28 and 28..33.
const FIELD: [u32; 4] = [1, 12, 33, 44];

/// How far a move's key difference is shifted right in its word, per suit: the lowest bit
/// the move can change (its suit's index, or the counts).
const BASE: [u32; 4] = [1, 1, 23, 23];

/// The run states a `u8` can name: the per-suit tables have this many rows (only the first
/// [`RUN_STATES`] are used), so indexing them with a run state needs no bounds check.
const ROWS: usize = 256;

/// The table key of the child reached by move `m` from the position with key `key`: the other
/// player to move, and the key difference of the move (in bits 0..34 of its word, signed,
/// shifted left by bits 34..39).
#[inline]
pub(super) fn child_key(key: u64, m: Packed) -> u64 {
    let delta = ((m << 30) as i64 >> 30) as u64;
    (key ^ 1).wrapping_add(delta << (m >> 34 & 31))
}

/// The slot (`suit * 2 + k`) of a packed move.
#[inline]
pub(super) fn slot(m: Packed) -> u8 {
    7 - (m >> 48) as u8
}

/// What the search reads of one suit in one run state.
#[derive(Clone, Copy, Debug, Default)]
struct SuitState {
    /// Per player to move ("me"): the counters `[held_me, held_opp, reserve_me, reserve_opp,
    /// supply_me, supply_opp]` in bytes 0 to 5 of one word, then `safe_me` and `locked_me` in
    /// the low and high half of byte 6 and `locked_opp` in the low half of byte 7, so the four
    /// suits add up in three additions (no byte counter exceeds 36 and no half-byte one 8, so
    /// none overflows into the next). `supply` counts a player's non-reserve cards, its pool
    /// (the reserve chains it can start now) and its hidden runs (the arms wholly its own of an
    /// unstarted suit whose nine it holds, not reserve): the cards it is sure to be able to
    /// play, should it lose; `locked` counts the opponent's cards that each lock a run of the player's
    /// reserve cards (see [`static_bounds`](super::static_bounds)). `safe_me` counts the
    /// mover's playable non-reserve cards that open only its own cards.
    counts: [u64; 2],
    /// This suit's part of the table key (see [`SuitTables::key`]).
    key: u64,
    /// The playable cards of each player (at most two per suit), packed (see [`Packed`]).
    moves: [[Packed; 2]; 2],
    /// How many of `moves` are used.
    len: [u8; 2],
}

/// What the search reads of one suit in one run state for one player to move: a
/// [`SuitState`]'s `counts` and moves of that player, the moves split into the non-reserve
/// ones and one reserve one (any stands for all), 32 bytes (so a row's address is a shift
/// away).
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
pub(super) struct Row {
    /// The counters (see [`SuitState::counts`]), with the number of non-reserve moves in
    /// the high half of byte 7 (summed over the suits it stays at most 8).
    pub(super) counts: u64,
    /// The non-reserve moves first, then 0.
    pub(super) moves: [Packed; 2],
    /// A playable reserve card (all of them lead to the same class), or 0.
    pub(super) reserve: Packed,
}

/// The counters of [`SuitState::counts`], summed over the suits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counts {
    pub(super) held_me: i32,
    pub(super) held_opp: i32,
    pub(super) reserve_me: i32,
    pub(super) reserve_opp: i32,
    pub(super) supply_me: i32,
    pub(super) supply_opp: i32,
    pub(super) safe_me: i32,
    pub(super) locked_me: i32,
    pub(super) locked_opp: i32,
}

impl Counts {
    /// Packs `[held_me, held_opp, reserve_me, reserve_opp, supply_me, supply_opp]` and
    /// `[safe_me, locked_me, locked_opp]` (see [`SuitState::counts`]).
    fn pack(bytes: [u8; 6], halves: [u8; 3]) -> u64 {
        let low = bytes.iter().enumerate().map(|(i, &b)| u64::from(b) << (8 * i)).sum::<u64>();
        low | halves.iter().enumerate().map(|(i, &h)| u64::from(h) << (48 + 4 * i)).sum::<u64>()
    }

    /// The counters of a word of [`Row::counts`] summed over the four suits.
    pub(super) fn unpack(w: u64) -> Counts {
        let b = |i: u32| (w >> (8 * i) & 0xFF) as i32;
        Counts {
            held_me: b(0),
            held_opp: b(1),
            reserve_me: b(2),
            reserve_opp: b(3),
            supply_me: b(4),
            supply_opp: b(5),
            safe_me: b(6) & 0xF,
            locked_me: b(6) >> 4,
            locked_opp: b(7) & 0xF,
        }
    }
}

/// The per-suit tables of one deal: for each suit and run state, its part of the table key,
/// and per player to move its [`Row`].
#[derive(Clone)]
pub(super) struct SuitTables {
    /// The key parts per suit and run state (see [`SuitTables::key`]).
    keys: [[u64; ROWS]; 4],
    /// The rows per player to move, suit and run state, as the search reads them.
    rows: Box<[[[Row; ROWS]; 4]; 2]>,
    /// Alice's ranks in each suit whose rows the tables hold (`None`: none yet), so that a
    /// deal sharing a suit's holding with the previous one copies nothing for it.
    loaded: [Option<u16>; 4],
}

impl SuitTables {
    /// Empty tables (every row without cards or moves).
    pub(super) fn new() -> SuitTables {
        SuitTables {
            keys: [[0; ROWS]; 4],
            rows: vec![[[Row::default(); ROWS]; 4]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("two players"),
            loaded: [None; 4],
        }
    }

    /// The table key of the position of this deal with run states `runs`, less its bit 0
    /// (the player to move): the sum of the suits' parts, 55 bits. A suit's part is its index
    /// ([`outside_index`]: its non-reserve run and the holders of its cards outside that run,
    /// which name it in every deal) in its 11 bits at [`FIELD`], plus Alice's count of played
    /// reserve cards in bits 28..33 and Bob's in bits 23..28 (the counts of the four suits add
    /// up to at most 18 each, so neither overflows its five bits).
    pub(super) fn key(&self, runs: [u8; 4]) -> u64 {
        (0..4).map(|s| self.keys[s][runs[s] as usize]).sum::<u64>()
    }

    /// The rows of the four suits for the player to move (bit 0 of `key`) in run states
    /// `runs` (one byte per suit, suit 0 lowest).
    #[inline]
    pub(super) fn rows(&self, key: u64, runs: u32) -> [&Row; 4] {
        let table = &self.rows[(key & 1) as usize];
        [0, 1, 2, 3].map(|s| &table[s][(runs >> (8 * s)) as u8 as usize])
    }

    /// Loads the tables of `deal`: each suit's rows and key parts, built once per process for
    /// each suit and holding, copied unless the tables already hold that suit's holding.
    pub(super) fn load(&mut self, deal: Deal) {
        let reserve = deal.reserve().bits();
        let alice = deal.alice().bits();
        for suit in Suit::ALL {
            let s = suit.index();
            let (res, ali) =
                ((reserve >> (9 * s)) as u16 & 0x1FF, (alice >> (9 * s)) as u16 & 0x1FF);
            if self.loaded[s] == Some(ali) {
                continue;
            }
            // A suit's rows depend only on the suit (its key parts and move slots) and who
            // holds which of its cards (its reserve cards follow from that).
            let built = SUIT_ROWS[s * 512 + ali as usize].get_or_init(|| suit_rows(s, ali, res));
            self.keys[s][..RUN_STATES].copy_from_slice(&built.keys);
            for side in 0..2 {
                self.rows[side][s][..RUN_STATES].copy_from_slice(&built.rows[side]);
            }
            self.loaded[s] = Some(ali);
        }
    }
}

/// What a deal's [`SuitTables`] hold of one suit, for one holding of it.
struct SuitRows {
    keys: [u64; RUN_STATES],
    rows: [[Row; RUN_STATES]; 2],
}

/// The rows of each suit (`suit * 512` plus Alice's ranks in it as 9 bits), built on first use.
static SUIT_ROWS: [OnceLock<SuitRows>; 2048] = [const { OnceLock::new() }; 2048];

/// The tables of a suit of weight 1, one per holding (Alice's ranks as 9 bits), built on first
/// use and shared by the four suits' rows.
static SUIT_TABLES: [OnceLock<[SuitState; RUN_STATES]>; 512] = [const { OnceLock::new() }; 512];

/// The rows and key parts of suit `s` held as `ali` (Alice's ranks; `res`: the reserve ranks).
fn suit_rows(s: usize, ali: u16, res: u16) -> SuitRows {
    let mut states = *SUIT_TABLES[ali as usize].get_or_init(|| suit_table(ali, res));
    for state in &mut states {
        let k = state.key;
        state.key = (k >> 11) << FIELD[s] | (k >> 6 & 31) << 28 | (k >> 1 & 31) << 23;
    }
    // Each move learns its slot and the difference of the keys it makes.
    for state in 0..RUN_STATES {
        for side in 0..2 {
            for k in 0..states[state].len[side] as usize {
                let m = states[state].moves[side][k];
                let next = (m >> 40) as u8 as usize;
                let delta = states[next].key.wrapping_sub(states[state].key) as i64 >> BASE[s];
                debug_assert!((-(1 << 33)..1 << 33).contains(&delta), "a key difference fits");
                states[state].moves[side][k] = m
                    | ((7 - (s * 2 + k)) as u64) << 48
                    | u64::from(BASE[s]) << 34
                    | delta as u64 & ((1 << 34) - 1);
            }
        }
    }
    let rows = [0, 1].map(|side| {
        states.map(|src| {
            let mut row = Row { counts: src.counts[side], ..Row::default() };
            let mut len = 0;
            for &m in &src.moves[side][..src.len[side] as usize] {
                if m & RESERVE != 0 {
                    if row.reserve == 0 {
                        row.reserve = m;
                    }
                } else {
                    row.moves[len] = m;
                    len += 1;
                }
            }
            row.counts |= (len as u64) << 60;
            row
        })
    });
    SuitRows { keys: states.map(|state| state.key), rows }
}

/// The index (below 1,457, so 11 bits) of a suit whose non-reserve cards on the table are
/// `core` (a run around the nine, or none) and whose other cards Alice holds as in `ali`: the
/// ranks outside the core, with their holders. Every suit of every deal with this index has
/// the same core and the same cards, held by the same players, outside it.
fn outside_index(core: u16, ali: u16) -> u32 {
    if core == 0 {
        return u32::from(ali & 0x1FF);
    }
    let (lo, hi) = (core.trailing_zeros(), 15 - core.leading_zeros());
    let outside = u32::from(ali & ((1 << lo) - 1)) | u32::from(ali >> (hi + 1)) << lo;
    // After the 512 of no core, each core run of `len` ranks in the order of its run state
    // takes `2^(9 - len)` indices.
    let state = run_state(core).expect("a core is a run") as u32;
    let before: u32 = (1..state).map(|t| 1 << (9 - run_ranks(t as u8).count_ones())).sum();
    512 + before + outside
}

/// The ranks (0: six ... 8: ace) playable on a suit whose table holds `ranks`, and how many.
fn playable_ends(ranks: u16) -> ([usize; 2], usize) {
    if ranks == 0 {
        return ([3, 0], 1);
    }
    let (lo, hi) = (ranks.trailing_zeros() as usize, 15 - ranks.leading_zeros() as usize);
    let mut ends = ([0; 2], 0);
    if lo > 0 {
        ends.0[ends.1] = lo - 1;
        ends.1 += 1;
    }
    if hi < 8 {
        ends.0[ends.1] = hi + 1;
        ends.1 += 1;
    }
    ends
}

/// The length of the chain from rank `r` outwards (the whole suit from the nine).
fn chain_len(r: usize) -> u8 {
    match r {
        0..=2 => r as u8 + 1,
        3 => 9,
        _ => 9 - r as u8,
    }
}

/// What the search reads of a suit held as `ali` (Alice's ranks; `res`: the reserve ranks) in
/// each run state, with the key part of suit 0's weight 1 (the caller scales it).
fn suit_table(ali: u16, res: u16) -> [SuitState; RUN_STATES] {
    let mut table = [SuitState::default(); RUN_STATES];
    // 0 for Alice, 1 for Bob.
    let owner = |r: usize| (ali >> r & 1 == 0) as usize;
    let is_reserve = |r: usize| res >> r & 1 == 1;
    for state in 0..RUN_STATES as u8 {
        let ranks = run_ranks(state);
        let (ends, n) = playable_ends(ranks);
        let ends = &ends[..n];
        // [held, reserve, supply (non-reserve cards, pool and hidden runs)] per player.
        let mut c = [[0u8; 2]; 4];
        for r in (0..9).filter(|r| ranks >> r & 1 == 0) {
            c[0][owner(r)] += 1;
            c[1][owner(r)] += is_reserve(r) as u8;
        }
        for &r in ends.iter().filter(|&&r| is_reserve(r)) {
            // The chain from r outwards is the owner's and can be played now.
            c[2][owner(r)] += chain_len(r);
        }
        if ranks == 0 && !is_reserve(3) {
            // The hidden runs: the arms of an unstarted suit wholly held by the holder of its
            // nine, which is not reserve (it opens them when it likes).
            let p = owner(3);
            if (0..3).all(|r| owner(r) == p) {
                c[2][p] += 3;
            }
            if (4..9).all(|r| owner(r) == p) {
                c[2][p] += 5;
            }
        }
        c[2] = [0, 1].map(|p| c[2][p] + c[0][p] - c[1][p]);
        let locked = locked_runs(ali, res, ranks);
        let mut info = SuitState::default();
        for me in 0..2 {
            let opp = 1 - me;
            info.counts[me] = Counts::pack(
                [c[0][me], c[0][opp], c[1][me], c[1][opp], c[2][me], c[2][opp]],
                [0, locked[me], locked[opp]],
            );
        }
        // The non-reserve cards on the table form a run around the nine; of the reserve
        // cards on it only the number each player has played counts.
        let played = ranks & res;
        let core = run_state(ranks & !res & 0x1FF).expect("non-reserve cards form a run");
        info.key = u64::from(outside_index(run_ranks(core), ali)) << 11
            | u64::from((played & ali).count_ones()) << 6
            | u64::from((played & !ali).count_ones()) << 1;
        // The number of cards from rank `e` outwards held by the holder of `e` (below the
        // nine the run goes down, above it up; the nine is never asked, since it is playable
        // from the start and no move newly opens it).
        let run_of = |e: usize| -> i8 {
            let step = match e {
                0..=2 => usize::MAX,
                _ => 1,
            };
            let mut r = e;
            let mut n = 0;
            while r < 9 && owner(r) == owner(e) {
                n += 1;
                r = r.wrapping_add(step);
            }
            n
        };
        for &r in ends {
            let p = owner(r);
            let after = ranks | 1 << r;
            let next = run_state(after).expect("playing an end keeps a run");
            let (opened, m) = playable_ends(after);
            let new = || opened[..m].iter().filter(|e| !ends.contains(e));
            // The mover likes opening runs of its own cards, and dislikes opening runs of the
            // opponent's twice as much (each card of a run counts).
            let score: i8 =
                new().map(|&e| if owner(e) == p { 1 + run_of(e) } else { -2 * run_of(e) }).sum();
            let safe = !is_reserve(r) && new().all(|&e| owner(e) == p);
            c[3][p] += safe as u8;
            info.moves[p][info.len[p] as usize] = u64::from(score as u8 ^ 0x80) << 56
                | u64::from(next) << 40
                | if is_reserve(r) { RESERVE } else { 0 };
            info.len[p] += 1;
        }
        for (counts, safe) in info.counts.iter_mut().zip(c[3]) {
            *counts |= u64::from(safe) << 48;
        }
        table[state as usize] = info;
    }
    table
}

/// Per player (0 for Alice), the number of cards of the other player that each lock a run of
/// the player's reserve cards, in a suit held as `ali` (Alice's ranks, `res` the reserve ones)
/// whose table holds `ranks`: a reserve run is the outermost run of one holder in an arm (the
/// cards below or above the nine), and the unplayed card of the other player just inside it
/// (the nine, for a whole arm of an unstarted suit) locks it. A nine that locks both arms
/// counts once.
fn locked_runs(ali: u16, res: u16, ranks: u16) -> [u8; 2] {
    let unplayed = !ranks & 0x1FF;
    [ali, !ali & 0x1FF].map(|mine| {
        let runs = res & mine;
        // The card just inside each reserve card: one rank up below the nine, one down above.
        let inside = (runs & 0b1_1111_0000) >> 1 | (runs & 0b111) << 1;
        (inside & unplayed & !mine).count_ones() as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counters of a suit nobody has started, for Alice to move.
    fn unstarted(ali: u16, res: u16) -> Counts {
        let empty = (0..RUN_STATES as u8).find(|&s| run_ranks(s) == 0).expect("a run state");
        Counts::unpack(suit_table(ali, res)[empty as usize].counts[0])
    }

    /// The hidden runs count in the supply of the nine's holder, each arm on its own: Alice
    /// holds the nine (not reserve: Bob holds cards behind it) and one whole arm, whose cards
    /// are reserve, as are Bob's (his arm is his to the end). Her supply is the nine and the
    /// arm; without the hidden runs it would be the nine alone.
    #[test]
    fn hidden_runs_count_each_arm() {
        // Ranks 6 7 8 9 T J Q K A are bits 0 to 8; every card but the nine is reserve.
        let res = 0b1_1111_0111;
        // Alice: the nine and T to A (the upper arm, 5 cards); Bob: 6, 7, 8.
        let upper = unstarted(0b1_1111_1000, res);
        assert_eq!((upper.held_me, upper.reserve_me, upper.held_opp), (6, 5, 3));
        assert_eq!((upper.supply_me, upper.supply_opp), (1 + 5, 0));
        // Alice: 6 to 9 (the lower arm, 3 cards); Bob: T to A.
        let lower = unstarted(0b0_0000_1111, res);
        assert_eq!((lower.held_me, lower.reserve_me, lower.held_opp), (4, 3, 5));
        assert_eq!((lower.supply_me, lower.supply_opp), (1 + 3, 0));
    }
}
