//! The exact solver: the signed result of any position under optimal play.
//!
//! A deal has 25^4 x 2 = 781,250 positions (the run state of each suit and the player to
//! move). The plain memoised minimax [`minimax_value`], the oracle the tests compare against,
//! evaluates about 440,000 of them per deal; [`Solver`] stores about 800 (the median) with
//! the algorithm below. `docs/nine-solver.md` in the repository says what each of its parts
//! is worth and which alternatives do not pay.
//!
//! # Algorithm
//!
//! A card is a *reserve* card when all its dependents (the cards that can only be played
//! after it) belong to its holder ([`Deal::reserve`]). To solve a position:
//!
//! 1. Load its deal, once per deal: the deal's per-suit tables, which give for each suit
//!    and run state the suit's part of the table key, its counters for the static bounds and
//!    its playable cards as packed move words. The suit and who holds which of its nine cards
//!    decide everything in its table, so the tables are built once per process for each suit
//!    and each of the 512 holdings, and copied per deal (not at all for a suit whose holding
//!    is the previous deal's). The transposition table is kept: its keys name a position
//!    alike in every deal (below), so what it learnt of one deal holds in the next.
//! 2. MTD(f): null-window searches around a guess until the bounds meet. The first guess
//!    asks "does the player to move win?"; [`Solver::solve`] starts Bob-first from
//!    Alice-first's result (most deals have importance 0). [`Solver::winner`] is a single
//!    null-window search.
//!
//! A node is a fail-soft null-window search (window `(beta - 1, beta)`, the player to move in
//! bit 0 of the key), in the steps its code is numbered by:
//!
//! 1. Bounds: the static bounds below, from the suits' counters summed in three additions,
//!    narrowed by the table's entry; a bound that decides the window ends the node.
//! 2. Moves: the mover's playable non-reserve cards, and one of its playable reserve cards
//!    (move equivalence) unless it has a playable non-reserve card that opens only its own
//!    cards (dominance).
//! 3. No move: a forced pass.
//! 4. The mover's last card: it wins, and the opponent keeps every card it holds.
//! 5. Enhanced transposition cutoffs: the children's table entries are read first; one that
//!    proves a cutoff ends the node, and the children proven unable to reach `beta` are
//!    dropped.
//! 6. Ordering: the table's best move, then a static score: each run of the mover's own cards
//!    that the move newly opens counts one plus its length, each run of the opponent's cards
//!    twice its length against.
//! 7. The children in that order until one reaches `beta`; the bound and the best move go to
//!    the table.
//!
//! # Equivalent positions (the table key)
//!
//! The card just inside a non-reserve card (towards the nine) is non-reserve: its dependents
//! include that card and all of its dependents. So a non-reserve card is playable exactly when
//! its inner neighbour is on the table (a nine always), which depends only on the non-reserve
//! cards on the table. The reserve cards of an arm of a suit (the cards below or above the
//! nine) form its outer end, all of one holder, and become playable one by one, outwards, once
//! the card just inside them is down (a reserve nine at once): which runs of reserve cards are
//! unlocked also depends only on the non-reserve cards on the table, and a player can play a
//! reserve card exactly when fewer of its reserve cards are down than are unlocked.
//!
//! Hence two positions of a deal with the same non-reserve cards on the table, the same number
//! of reserve cards played by each player and the same player to move have the same value: the
//! hands have the same sizes, each player has the same non-reserve moves and a reserve move in
//! one exactly when in the other, and every move leads from both to one class (a non-reserve
//! card adds itself, a reserve card one to its holder's count); by induction on the cards left,
//! the values are equal. Such a class is one table entry. Its key is the sum of the suits'
//! parts (below), each player's count of reserve cards played and the player to move in bit 0,
//! so the key of a child is the parent's plus a difference stored in the move word.
//!
//! Move equivalence follows: every reserve move of the mover leads to the same class, so one
//! of them is searched.
//!
//! # One key for every deal
//!
//! A suit's part of the key is not its non-reserve run alone but that run (its *core*) with the
//! holders of the suit's cards outside it: 1,457 values in 11 bits (512 with no core, and
//! `2^(9 - length)` for each of the 24 runs), so that a key is 55 bits. Two classes of two
//! deals with the same key have the same value, so the table's entries hold for every deal and
//! are kept from one deal to the next (the census meets deals one after another that differ in
//! one suit, and searches the same positions again: before this key, two thirds of the nodes
//! of a census shard were positions some earlier deal had searched).
//!
//! *Proof.* Let class `K` of deal `D` and class `K'` of deal `D'` have the same key: the same
//! core in each suit, the same holders of every card outside the cores, the same counts of
//! reserve cards played and the same player to move. A card outside the cores has all its
//! dependents outside them (they lie further out), held alike in both deals, so it is reserve
//! in `D` exactly when in `D'`. Take a position `p` of `K`: the cores and a set `X` of reserve
//! cards are on its table. The same cards on the table of `D'` make a position `p'` (the
//! runs are the same), whose non-reserve cards on the table are the cores (they are
//! non-reserve in `D'`, being the cores of `K'`, and `X` is reserve in `D'` too) and whose
//! counts of reserve cards played are those of `X`, the same as `K'`'s: `p'` is in `K'`. The
//! cards not on the table lie outside the cores and have the same holders in `p` and `p'`, so
//! both players have the same hands and the games from `p` and `p'` are the same game:
//! `value(K) = value(p) = value(p') = value(K')` (the same player moves in both).
//!
//! # Static bounds
//!
//! Write `R_P` for the reserve cards player `P` still holds, `held_P` for all the cards it
//! holds, `supply_P` for its non-reserve cards plus its *pool* (the cards of the reserve
//! runs it can start now, each counted to the end of its arm) and its *hidden* runs (the
//! arms of an unstarted suit wholly `P`'s, when `P` holds the suit's nine and the nine is not
//! reserve), and `locks_P` for the cards of `P`'s opponent that each lock a run of `P`'s
//! reserve cards (below). For the player to move, the value lies in `[lo, hi]`, where with
//! `W` the winner and `L` the loser:
//!
//! - `L` keeps at most `min(R_L, held_L - plays_L)` cards, with `plays_L = min(T,
//!   supply_L + max(locks_L - 1, 0))` and `T = held_W - 1` when `W` is to move, `held_W`
//!   when `L` is (`static_bounds`). This gives `lo` with the mover as `L` and `hi` with the
//!   opponent as `L`. When that number is 0, `L` cannot lose, so `lo = 1` (or `hi = -1`).
//!
//! *The loser holds reserve cards only.* A card `c` that `L` still holds when `W` plays its
//! last card is reserve: a dependent of `c` held by `W` would be on the table, and it can
//! only be played after `c`.
//!
//! *The loser's turns.* `W` plays at most one card a turn, so `L` has at least `T` turns
//! before `W`'s last card, and it must play on each of them while it holds a playable card.
//! Each of its non-reserve cards must be down before `W`'s last card (`W` holds a card that
//! depends on it), and its pool stays playable until it has played it.
//!
//! *Locked runs.* A run of `L`'s reserve cards (the outermost run of one holder's cards in an
//! arm) that is neither playable nor behind `L`'s own nine waits for the card of `W` just
//! inside it (the nine, for a whole arm of an unstarted suit), which *locks* it; a nine that
//! locks both arms counts once. `W` must play every locking card.
//!
//! *Proof that `L` can play `plays_L` cards.* Let `T` be the number of `L`'s turns before
//! `W`'s last card, `p` the size of `L`'s pool, `h` that of its hidden runs, `n` the number
//! of its non-reserve cards and `x` the number of `W`'s locking cards. Let `L` play a nine
//! that hides runs of its own while it holds one (a nine of an unstarted suit is always
//! playable), else a reserve card whenever it has one to play: it plays at least `min(T, p +
//! h + n + max(x - 1, 0))` cards, so that many against optimal play too. If it never passes,
//! it plays `T` cards. Otherwise, at its last pass `k`, it had nothing to play: its nines are
//! down, so its hidden runs are unlocked and, like its pool, spent (`p + h` cards; the card
//! just inside a hidden run is `L`'s own nine, so no locking card of `W` opens it), every run
//! unlocked before `k` is spent (one card at least each; say `x - y` of the locking cards
//! were down), and some `n_1` of its non-reserve cards are down (the nines among them). After
//! `k` it plays on every turn, among them the other `n - n_1` non-reserve cards. Let `j` be
//! the last turn after `k` on which it plays a non-reserve card (`j = k` if none): that card
//! is no nine of its rule's first kind (those are down before `k`), so it had no reserve card
//! to play, and every run unlocked between `k` and `j` is spent too, one card each at least
//! on turns other than those `n - n_1`; the `w` locking cards played after `j` are played on
//! distinct turns of `W`, and `L` has a turn after every turn of `W` but the last, so it plays
//! on `w - 1` more turns at least. In all it plays at least `p + h + n_1 + (x - y) +
//! (n - n_1) + (y - w) + (w - 1) = p + h + n + x - 1` cards, and `p + h + n + x` when
//! `w = 0`, which covers `x = 0`.
//!
//! One card per locking card is all this gives: counting each locked run's length instead
//! (the run locked `i`-th from last giving `min(length, i)` cards) is wrong, because the
//! turns after the locking cards overlap (Alice `JC` and seven locked reserve cards, Bob nine
//! cards of which four lock her runs, Bob to move: that count gives her five cards played,
//! she plays four). `tests/solver_rules.rs` checks the bounds with the plain minimax on
//! mid-game positions.
//!
//! # Dominance
//!
//! Let `M` be the player to move, `b` a playable non-reserve card of `M` whose newly playable
//! cards all belong to `M`, and `r` a playable reserve card of `M`. Then the value after `b`
//! is at least the value after `r` for `M`, so no reserve move is searched beside such a
//! card.
//!
//! *Proof.* A position's value depends only on its class (above). Let `σ` be an optimal
//! strategy of `M` after `r` (the *imagined* game); after `b` (the *real* game) `M` plays
//! what `σ` plays, except that where `σ` plays `b`, `M` plays one of its playable reserve
//! cards; from then on both games are in the same class (`b` and one more reserve card of
//! `M` played). Until then: (1) both hands have the same sizes, so both games end at the same
//! time with the same result; (2) the non-reserve cards on the table differ only by `b`,
//! which opens no card of the opponent, and `r` opens only `M`'s reserve cards, so the
//! opponent's playable cards (non-reserve and reserve) are the same in both games and each
//! of its moves or passes in the real game is one in the imagined game; (3) every
//! non-reserve card `σ` plays other than `b` is playable in the real game too (its inner
//! neighbour is on both tables); (4) `M`'s playable reserve cards in the real game are at
//! least one more than in the imagined game (the same ones unlocked, plus any that `b`
//! unlocks, and one fewer played), so `σ`'s reserve moves and the substitute for `b` can be
//! played; (5) `M` never passes in the imagined game before `b` is played (`b` is playable
//! there). So against every play of the opponent the real game reaches the imagined game's
//! result. `tests/solver_rules.rs` checks the inequality with the plain minimax on the
//! mid-game positions where the rule bites.
//!
//! The same does not hold between two non-reserve cards: one that opens only the mover's
//! cards can be worse than one that opens an opponent's card (the opponent's extra card
//! changes when it must pass).
//!
//! # Trade-offs
//!
//! - The table is small and hashed rather than dense: a deal's searches store about 1,700
//!   positions (the mean), so 2^16 entries of 8 bytes (512 KB, within the L2 cache), each
//!   naming its key exactly (the key's hash modulo 2^55 by an odd multiplier is a bijection:
//!   its top 16 bits are the slot, the entry keeps the other 39), with both bounds and the
//!   best move, replaced on collision, lose little (a table four times as large stored 1%
//!   fewer positions and was slower), where a dense table of every position would be 2.3 MB.
//!   Its bounds hold for every window, both first movers and every deal, so a new deal costs
//!   nothing up front and starts with what the deals before it learnt. The size is a parameter
//!   (`Solver<TABLE_SIZE>`): the census, whose classes come in an order that shares many
//!   positions, takes 2^17 entries (0.935x the time a class; random deals 1.03x, so the
//!   default stays 2^16); 2^18 was slower in both. Two-way buckets saved nodes but cost more
//!   time.
//! - Only null windows: a node takes one bound, and exact values cost a few MTD(f) passes
//!   (most of the nodes are in the passes that prove how few cards the loser can keep).
//! - The bounds come from counters precomputed per suit and run state and summed in three
//!   additions, not from the cards; a bound that needs more counters than fit the word costs
//!   more per node than the nodes it saves.
//! - The node is written for the branch predictor, which its time follows more than its
//!   instruction count: the move list is built without a branch per move, up to four moves
//!   are sorted by a network of `max`/`min` (more by insertion), a move is one integer made
//!   from a per-suit template with one addition, an entry's tag is compared as one word, and
//!   no index is bounds-checked (the per-suit tables have 256 rows and the
//!   table a size known to the compiler).
//! - The ordering is static: nearly every node that cuts off does so on its first child
//!   (99.6% when it was measured), so a history of cutoffs gains nothing.
//!
//! # Figures
//!
//! The 1,000 seeded deals of the criterion bench, both first movers, exact scores, medians
//! per deal: `cargo run --release -p tabletop-nine --example solver_stats 1000 3` (each deal
//! timed three times, the fastest kept, on a shared 2-core x86-64 machine), and the census's
//! CPU time a class over the whole census (`docs/census.md`).
//!
//! | figure | value |
//! | --- | ---: |
//! | positions stored (median; mean) | 785; 1,682 |
//! | nodes, i.e. search calls (median) | 1,050 |
//! | time, both first movers (median; p99; mean), the machine otherwise idle | 30 us; 0.33 ms; 53 us |
//! | D1: the winner with Alice first (median) | 8.2 us |
//! | `tabletop judge cf1769d3` with k = 26, 1,209 deals, the whole process | 37-46 ms |
//! | census, CPU time a class (both first movers) | 31 us |
//! | plain memoised minimax, positions per deal | about 440,000 |

mod suits;
mod transposition;

use std::cell::RefCell;

use crate::deal::{Deal, Player};
use crate::state::{Move, POSITIONS, Position};

use suits::{Counts, Packed, SuitTables, child_key, slot};
use transposition::TranspositionTable;

/// The results of a deal for both first movers, signed from Alice's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DealValue {
    /// The result when Alice moves first.
    pub alice_first: i32,
    /// The result when Bob moves first.
    pub bob_first: i32,
}

impl DealValue {
    /// The importance of the first move: `|alice_first - bob_first|`.
    pub fn importance(self) -> u32 {
        self.alice_first.abs_diff(self.bob_first)
    }

    /// The result when `first` moves first.
    pub fn first(self, first: Player) -> i32 {
        match first {
            Player::Alice => self.alice_first,
            Player::Bob => self.bob_first,
        }
    }
}

/// The fast exact solver. Reuse one per thread: it owns a transposition table of
/// `TABLE_SIZE` entries of 8 bytes (by default 65,536: 512 KB, within a core's L2 cache) and
/// per-deal tables. A larger table pays where many deals share positions: the census solves
/// its classes with [`CENSUS_TABLE_SIZE`] entries ([`Solver::with_table`]).
///
/// ```
/// use tabletop_nine::{Deal, Player, Position, Solver};
///
/// let deal: Deal = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
///                   KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H".parse()?;
/// let mut solver = Solver::new();
/// assert_eq!(solver.value(&Position::start(deal, Player::Alice)), 2);
/// # Ok::<(), tabletop_nine::DealError>(())
/// ```
#[derive(Clone)]
// The table first, so that `&mut self.table` is `self` and a store passes no offset (without
// it, the search makes 0.5% more instructions).
#[repr(C)]
pub struct Solver<const TABLE_SIZE: usize = 65_536> {
    /// The transposition table.
    table: TranspositionTable<TABLE_SIZE>,
    /// The deal the per-suit tables are built for.
    deal: Option<Deal>,
    /// What the search reads of each suit of `deal` in each run state.
    suits: SuitTables,
    nodes: u64,
}

impl<const TABLE_SIZE: usize> std::fmt::Debug for Solver<TABLE_SIZE> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("table_size", &TABLE_SIZE)
            .field("deal", &self.deal)
            .field("positions", &self.table.stored())
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// The entries of the table the census's solvers use ([`Solver::with_table`]): its classes
/// come one after another sharing many positions, so a table twice the default size keeps
/// more of them (0.935x the time a class, where random deals took 1.03x; 1 MB).
pub const CENSUS_TABLE_SIZE: usize = 1 << 17;

impl Solver {
    /// A solver with an empty table of the default size (65,536 entries).
    pub fn new() -> Solver {
        Solver::with_table()
    }
}

impl<const TABLE_SIZE: usize> Solver<TABLE_SIZE> {
    /// A solver with an empty table of `TABLE_SIZE` entries, a power of two from `2^15` to
    /// `2^24` (another size does not compile).
    ///
    /// ```
    /// use tabletop_nine::{CENSUS_TABLE_SIZE, Solver, random_deal};
    ///
    /// let deal = random_deal(&mut tabletop_core::seeded_rng(7));
    /// let mut large = Solver::<CENSUS_TABLE_SIZE>::with_table();
    /// assert_eq!(large.solve(deal), Solver::new().solve(deal));
    /// ```
    pub fn with_table() -> Solver<TABLE_SIZE> {
        Solver { table: TranspositionTable::new(), deal: None, suits: SuitTables::new(), nodes: 0 }
    }

    /// The number of positions (classes of equivalent positions) stored in the table since
    /// the current deal was loaded, for keys it did not hold (the table keeps what earlier
    /// deals stored, which holds for every deal).
    pub fn positions(&self) -> usize {
        self.table.stored()
    }

    /// The number of search calls since the solver was created.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The results of `deal` for both first movers.
    pub fn solve(&mut self, deal: Deal) -> DealValue {
        let alice_first = self.value(&Position::start(deal, Player::Alice));
        // Most deals have importance 0: Alice's result is the best first guess for Bob's.
        let bob_first = self.value_near(&Position::start(deal, Player::Bob), alice_first);
        DealValue { alice_first, bob_first }
    }

    /// The result of `pos` under optimal play, signed from Alice's side.
    pub fn value(&mut self, pos: &Position) -> i32 {
        // The first search asks "does the player to move win?".
        let guess = if pos.to_move() == Player::Alice { 1 } else { -1 };
        self.value_near(pos, guess)
    }

    /// The result of `pos`, signed from Alice's side, searched first around `guess` (any
    /// guess gives the right answer; a close one gives it sooner).
    pub fn value_near(&mut self, pos: &Position, guess: i32) -> i32 {
        if let Some(v) = pos.result() {
            return v;
        }
        let (runs, key, side) = self.enter(pos);
        // MTD(f): null-window searches around a guess until the bounds meet.
        let g = if side == 0 { guess } else { -guess };
        let (mut lower, mut upper, mut g) = (-18, 18, g.clamp(-18, 18));
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(runs, key, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        if side == 0 { g } else { -g }
    }

    /// The winner of `pos` under optimal play (one null-window search).
    pub fn winner(&mut self, pos: &Position) -> Player {
        if let Some(w) = pos.winner() {
            return w;
        }
        let (runs, key, _) = self.enter(pos);
        let mover_wins = self.search(runs, key, 1) >= 1;
        let mover = pos.to_move();
        if mover_wins { mover } else { mover.opponent() }
    }

    /// Every legal move of `pos` with the result after it (signed from Alice's side), best
    /// for the player to move first; empty once the game is over.
    pub fn best_moves(&mut self, pos: &Position) -> Vec<(Move, i32)> {
        let mut moves: Vec<(Move, i32)> = pos
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *pos;
                next.play_unchecked(mv);
                (mv, self.value(&next))
            })
            .collect();
        let sign = if pos.to_move() == Player::Alice { -1 } else { 1 };
        moves.sort_by_key(|&(_, v)| sign * v);
        moves
    }

    /// A principal variation: best moves (the first one found) from `pos` to the end.
    pub fn principal_variation(&mut self, pos: &Position) -> Vec<Move> {
        let mut pos = *pos;
        let mut line = Vec::new();
        while let Some(&(mv, _)) = self.best_moves(&pos).first() {
            line.push(mv);
            pos.play_unchecked(mv);
        }
        line
    }

    /// Loads the deal of `pos` if needed (the deal's per-suit
    /// tables); its run states, table key and side to move.
    fn enter(&mut self, pos: &Position) -> (u32, u64, usize) {
        if self.deal != Some(pos.deal()) {
            self.table.new_deal();
            self.suits.load(pos.deal());
            self.deal = Some(pos.deal());
        }
        let runs = pos.run_states();
        let side = pos.to_move().index();
        let key = self.suits.key(runs) | side as u64;
        (u32::from_le_bytes(runs), key, side)
    }

    /// Fail-soft null-window alpha-beta (window `(beta - 1, beta)`; MTD(f) needs no other),
    /// values for the player to move (bit 0 of `key`, the table key of the position whose run
    /// states are the bytes of `runs`, suit 0 lowest): a value `< beta` is an upper bound,
    /// `>= beta` a lower bound.
    fn search(&mut self, runs: u32, key: u64, beta: i32) -> i32 {
        self.nodes += 1;
        let alpha = beta - 1;

        // 1. Static bounds, then the table's; a bound that decides the window ends the node.
        let rows = self.suits.rows(key, runs);
        let c = Counts::unpack(rows.iter().map(|r| r.counts).sum());
        let (lo, hi) = static_bounds(c);
        let entry = self.table.probe(key);
        let (lo, hi, best_move) = match entry {
            Some(e) => (lo.max(e.lo as i32), hi.min(e.hi as i32), e.best),
            None => (lo, hi, 0),
        };
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi < beta {
            return hi;
        }

        // 2. The moves: one per class of equivalent reserve moves, none when a card that
        // opens only the mover's own cards dominates them.
        // Without branches on the moves (they were a third of the mispredicted branches):
        // each row writes both its move slots and counts only its non-reserve moves; then the
        // greatest of the rows' reserve moves (any one stands for all). At most 9 moves are
        // ever written.
        let mut moves = [0 as Packed; 16];
        let mut n = 0;
        let mut reserve = 0;
        for row in rows {
            moves[n & 15] = row.moves[0];
            moves[(n + 1) & 15] = row.moves[1];
            n += (row.counts >> 60) as usize;
            reserve = reserve.max(row.reserve);
        }
        let keep = reserve != 0 && c.safe_me == 0;
        // A move left out is zeroed, below every move (whose score byte is never 0).
        moves[n & 15] = reserve & u64::from(keep).wrapping_neg();
        n += usize::from(keep);
        let n = n & 15;

        // 3. A forced pass.
        if n == 0 {
            cold_path();
            let v = -self.search(runs, key ^ 1, 1 - beta);
            self.table.store(key, v, beta, 0);
            return v;
        }

        // 4. The last card wins at once, with the best score there is (no best move is
        // stored: a position with one card left in the mover's hand ends here, before its
        // table's best move is ever read).
        if c.held_me == 1 {
            cold_path();
            self.table.store_bounds(key, c.held_opp, c.held_opp, 0);
            return c.held_opp;
        }

        // 5. Enhanced transposition cutoffs: a child whose table entry already proves a
        // cutoff ends the node; children proven unable to reach beta are zeroed (below every
        // move, so the sort puts them last) and not searched (their bound still counts for
        // the fail-soft result).
        let mut best = -19;
        let mut kept = n;
        for m in &mut moves[..n] {
            let Some(e) = self.table.probe(child_key(key, *m)) else { continue };
            // The child's bounds are for the opponent; ours are their negations.
            let (our_lo, our_hi) = (-(e.hi as i32), -(e.lo as i32));
            if our_lo >= beta {
                self.table.store(key, our_lo, beta, slot(*m) + 1);
                return our_lo;
            }
            if our_hi <= alpha {
                kept -= 1;
                *m = 0;
                best = best.max(our_hi);
            }
        }

        // 6. The order: the table's best move first, then by score, as integers.
        if best_move != 0
            && let Some(m) = moves[..n].iter_mut().find(|m| **m != 0 && slot(**m) + 1 == best_move)
        {
            *m |= 0xFF << 56;
        }
        if n <= 4 {
            sort_network(&mut moves, n);
        } else {
            insertion_sort(&mut moves, n);
        }

        // 7. The children in order, until one reaches beta.
        let mut best_slot = 0;
        for &m in &moves[..kept] {
            let v = -self.search(child_runs(runs, m), child_key(key, m), 1 - beta);
            if v > best {
                best = v;
                best_slot = slot(m) + 1;
                if best >= beta {
                    break;
                }
            }
        }
        self.table.store(key, best, beta, best_slot);
        best
    }
}

/// Sorts the first `n <= 4` words of `moves` greatest first, without branches: a sorting
/// network on the first four words (its first comparator alone for `n <= 2`). The words past
/// the moves are below every move (their score byte is 0), so they stay behind.
#[inline]
fn sort_network(moves: &mut [Packed; 16], n: usize) {
    let ce = |v: &mut [Packed; 16], a: usize, b: usize| {
        let (x, y) = (v[a], v[b]);
        v[a] = x.max(y);
        v[b] = x.min(y);
    };
    ce(moves, 0, 1);
    if n > 2 {
        ce(moves, 2, 3);
        ce(moves, 0, 2);
        ce(moves, 1, 3);
        ce(moves, 1, 2);
    }
}

/// Sorts the first `n` words of `moves` greatest first (an insertion sort; there are at most
/// nine moves).
#[inline]
fn insertion_sort(moves: &mut [Packed; 16], n: usize) {
    for i in 1..n {
        let m = moves[i];
        let mut j = i;
        while j > 0 && moves[j - 1] < m {
            moves[j] = moves[j - 1];
            j -= 1;
        }
        moves[j] = m;
    }
}

/// The run states (one byte per suit, suit 0 lowest) after move `m` from `runs`. Computed in
/// a register: a byte written into an array that is then read whole stalls the load (12% of
/// the cycles, by `perf`).
#[inline]
fn child_runs(runs: u32, m: Packed) -> u32 {
    let shift = u32::from(slot(m)) / 2 % 4 * 8;
    runs & !(0xFF << shift) | u32::from((m >> 40) as u8) << shift
}

/// Marks the branch that calls it as rarely taken (`std::hint::cold_path` needs Rust 1.95).
#[cold]
fn cold_path() {}

/// The static bounds on the value for the player to move. The loser keeps reserve cards
/// only, and plays on each of its turns while it can: it has at least `held_winner - 1` turns
/// when the winner is to move, `held_winner` when the loser is, and can play on all of them
/// until its pool, its hidden runs and its non-reserve cards are spent, plus one card for each of the winner's
/// cards that lock its reserve runs but one (see the module docs). A player with no reserve
/// card left to keep cannot lose.
#[inline]
fn static_bounds(c: Counts) -> (i32, i32) {
    let opp_plays = (c.held_me - 1).min(c.supply_opp + (c.locked_opp - 1).max(0));
    let opp_keeps = c.reserve_opp.min(c.held_opp - opp_plays);
    let me_plays = c.held_opp.min(c.supply_me + (c.locked_me - 1).max(0));
    let me_keeps = c.reserve_me.min(c.held_me - me_plays);
    let lo = if me_keeps > 0 { -me_keeps } else { 1 };
    let hi = if opp_keeps > 0 { opp_keeps } else { -1 };
    debug_assert!(lo <= hi, "contradictory bounds");
    (lo, hi)
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// The results of `deal` for both first movers, with this thread's [`Solver`].
pub fn solve_deal(deal: Deal) -> DealValue {
    SOLVER.with(|s| s.borrow_mut().solve(deal))
}

/// The importance of the first move of `deal`.
pub fn importance(deal: Deal) -> u32 {
    solve_deal(deal).importance()
}

/// The winner of `deal` when `first` moves first, with this thread's [`Solver`].
pub fn winner(deal: Deal, first: Player) -> Player {
    SOLVER.with(|s| s.borrow_mut().winner(&Position::start(deal, first)))
}

/// The oracle: a plain memoised minimax over the dense position index, short and obviously
/// right (no pruning, no bounds, no move ordering). Returns the result of `pos` signed from
/// Alice's side and the number of positions evaluated.
pub fn minimax_value(pos: &Position) -> (i32, usize) {
    let mut memo = vec![i8::MIN; POSITIONS];
    let mut count = 0;
    let v = minimax_memo(pos, &mut memo, &mut count);
    (v, count)
}

fn minimax_memo(pos: &Position, memo: &mut [i8], count: &mut usize) -> i32 {
    if let Some(v) = pos.result() {
        return v;
    }
    let key = pos.index();
    if memo[key] != i8::MIN {
        return memo[key] as i32;
    }
    let values = pos.legal_moves().into_iter().map(|mv| {
        let mut next = *pos;
        next.play_unchecked(mv);
        minimax_memo(&next, memo, count)
    });
    let v = if pos.to_move() == Player::Alice { values.max() } else { values.min() }
        .expect("a position that is not over has a move");
    memo[key] = v as i8;
    *count += 1;
    v
}

/// The results of `deal` by the plain memoised minimax of [`minimax_value`], with one memo
/// for both first movers, and the number of positions evaluated.
pub fn minimax_deal(deal: Deal) -> (DealValue, usize) {
    let mut memo = vec![i8::MIN; POSITIONS];
    let mut count = 0;
    let alice_first = minimax_memo(&Position::start(deal, Player::Alice), &mut memo, &mut count);
    let bob_first = minimax_memo(&Position::start(deal, Player::Bob), &mut memo, &mut count);
    (DealValue { alice_first, bob_first }, count)
}
