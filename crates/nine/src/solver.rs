//! The exact solver: the signed result of any position under optimal play.
//!
//! Trade-offs. A deal has at most 25^4 x 2 = 781,250 positions (the run state of each suit and
//! the player to move), so the transposition table is a dense array indexed by position, with a
//! lower and an upper bound per entry (3 bytes x 781,250 = 2.3 MB, allocated once per
//! [`Solver`] and cleared entry by entry through a list of the touched ones, so a new deal
//! costs nothing up front).
//! The bounds stay valid for every window and for both first movers of a deal, so the two
//! solves of a deal and all the null-window searches of MTD(f) share them. A full minimax
//! visits about 440,000 positions per deal; the search below visits a few thousand:
//!
//! - null-window alpha-beta (MTD(f)) instead of exact values everywhere;
//! - static score bounds: the loser ends holding only *reserve* cards (cards all of whose
//!   dependents belong to their owner, see [`Deal::reserve`]), so the value of the player to
//!   move lies in `[-R_me, R_opp]` (and is `>= 1` when `R_me = 0`, `<= -1` when `R_opp = 0`);
//!   moreover the loser must play on each of its turns while it holds a playable card, and its
//!   *pool* (reserve chains it can start now) stays playable, so it plays at least
//!   `min(turns, pool + non-reserve cards)` cards, where it has at least as many turns as the
//!   winner has cards, less one if the winner is to move;
//! - move equivalence: playing a reserve card only opens more of its owner's reserve cards,
//!   so all playable reserve cards of the player to move lead to equivalent positions and one
//!   of them is searched;
//! - move ordering: the table's best move, then cards that open the mover's own cards first,
//!   cards that open the opponent's cards last;
//! - enhanced transposition cutoffs: before searching any child, the children's table
//!   entries are read; one that already proves a cutoff ends the node, and children proven
//!   unable to beat alpha are skipped;
//! - MTD(f) starts from a guess: "does the player to move win?" for a first solve, and
//!   Alice-first's result for Bob-first (most deals have importance 0).
//!
//! The plain memoised minimax [`minimax_value`] is the oracle the tests compare against.

use std::cell::RefCell;

use crate::card::{Card, Rank, Suit};
use crate::deal::{Deal, Player};
use crate::position::{Move, POSITIONS, Position, RUN_STATES, run_ranks, run_state};

/// One card move of the precomputed tables.
#[derive(Clone, Copy, Debug, Default)]
struct CardMove {
    /// The suit's run state after the move.
    next: u8,
    /// Whether the card is a reserve card of its holder.
    reserve: bool,
    /// The ordering score: cards opened for the mover minus twice those for the opponent.
    score: i8,
}

/// What the solver needs of one suit in one run state, per player.
#[derive(Clone, Copy, Debug, Default)]
struct SuitState {
    /// Cards of the suit each player still holds.
    held: [u8; 2],
    /// Reserve cards among them.
    reserve: [u8; 2],
    /// Reserve cards among them in chains that can be started now (the pool a player can
    /// always play from).
    pool: [u8; 2],
    /// The playable cards of each player (at most two per suit).
    moves: [[CardMove; 2]; 2],
    /// How many of `moves` are used.
    len: [u8; 2],
}

/// The powers of 25 of the dense run index, suit 0 most significant.
const POW: [u32; 4] = [15_625, 625, 25, 1];

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

/// The fast exact solver. Reuse one per thread: it owns a 2.3 MB table (781,250 entries of
/// 3 bytes).
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
pub struct Solver {
    /// Per position index: `[lower + 18, 18 - upper, 1 + best move slot]`, so zero means
    /// "nothing known".
    table: Vec<[u8; 3]>,
    /// The indices of non-zero table entries.
    touched: Vec<u32>,
    deal: Option<Deal>,
    suits: [[SuitState; RUN_STATES]; 4],
    nodes: u64,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("deal", &self.deal)
            .field("positions", &self.touched.len())
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Solver {
        Solver {
            table: vec![[0; 3]; POSITIONS],
            touched: Vec::new(),
            deal: None,
            suits: [[SuitState::default(); RUN_STATES]; 4],
            nodes: 0,
        }
    }

    /// The number of positions with something in the table for the current deal.
    pub fn positions(&self) -> usize {
        self.touched.len()
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
        let (runs, idx, side) = self.enter(pos);
        // MTD(f): null-window searches around a guess until the bounds meet.
        let g = if side == 0 { guess } else { -guess };
        let (mut lower, mut upper, mut g) = (-18, 18, g.clamp(-18, 18));
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(runs, idx, side, beta - 1, beta);
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
        let (runs, idx, side) = self.enter(pos);
        let mover_wins = self.search(runs, idx, side, 0, 1) >= 1;
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

    /// Loads the deal of `pos` if needed; its run states, dense run index and side to move.
    fn enter(&mut self, pos: &Position) -> ([u8; 4], u32, usize) {
        if self.deal != Some(pos.deal()) {
            self.load(pos.deal());
        }
        let runs = pos.run_states();
        let idx = (0..4).map(|s| runs[s] as u32 * POW[s]).sum();
        (runs, idx, pos.to_move().index())
    }

    /// Clears the table and builds the per-suit tables of `deal`.
    fn load(&mut self, deal: Deal) {
        for &i in &self.touched {
            self.table[i as usize] = [0; 3];
        }
        self.touched.clear();
        self.deal = Some(deal);
        let reserve = deal.reserve();
        for suit in Suit::ALL {
            let base = suit.index() * 9;
            let card = |r: usize| Card::from_index(base + r).expect("rank below 9");
            let owner = |r: usize| deal.owner(card(r)).index();
            let ends = |ranks: u16| -> Vec<usize> {
                if ranks == 0 {
                    return vec![Rank::Nine.index()];
                }
                let (lo, hi) =
                    (ranks.trailing_zeros() as usize, 15 - ranks.leading_zeros() as usize);
                let mut e = Vec::new();
                if lo > 0 {
                    e.push(lo - 1);
                }
                if hi < 8 {
                    e.push(hi + 1);
                }
                e
            };
            for state in 0..RUN_STATES as u8 {
                let ranks = run_ranks(state);
                let mut info = SuitState::default();
                for r in (0..9).filter(|r| ranks >> r & 1 == 0) {
                    let p = owner(r);
                    info.held[p] += 1;
                    info.reserve[p] += reserve.contains(card(r)) as u8;
                }
                let now = ends(ranks);
                for &r in &now {
                    if reserve.contains(card(r)) {
                        // The chain from r outwards (the whole suit for a nine) is the owner's.
                        info.pool[owner(r)] += match r {
                            0..=2 => r as u8 + 1,
                            3 => 9,
                            _ => 9 - r as u8,
                        };
                    }
                }
                for &r in &now {
                    let p = owner(r);
                    let after = ranks | 1 << r;
                    let next = run_state(after).expect("playing an end keeps a run");
                    let score: i32 = ends(after)
                        .into_iter()
                        .filter(|e| !now.contains(e))
                        .map(|e| if owner(e) == p { 1 } else { -2 })
                        .sum();
                    let mv =
                        CardMove { next, reserve: reserve.contains(card(r)), score: score as i8 };
                    info.moves[p][info.len[p] as usize] = mv;
                    info.len[p] += 1;
                }
                self.suits[suit.index()][state as usize] = info;
            }
        }
    }

    /// Records the bounds learnt about position `key` by a search of window `(alpha, beta)`
    /// that returned `v` (fail-soft), and the slot of the best move found (0 for none).
    fn store(&mut self, key: usize, v: i32, alpha: i32, beta: i32, best: u8) {
        let e = &mut self.table[key];
        if *e == [0, 0, 0] {
            self.touched.push(key as u32);
        }
        if v > alpha {
            e[0] = e[0].max((v + 18) as u8);
        }
        if v < beta {
            e[1] = e[1].max((18 - v) as u8);
        }
        if best != 0 {
            e[2] = best;
        }
    }

    /// Fail-soft alpha-beta, values for the player to move (`side`): a value `<= alpha` is an
    /// upper bound, `>= beta` a lower bound, in between exact.
    fn search(
        &mut self,
        runs: [u8; 4],
        idx: u32,
        side: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        let opp = 1 - side;
        let info = [0, 1, 2, 3].map(|s| &self.suits[s][runs[s] as usize]);
        let (mut held_me, mut held_opp, mut r_me, mut r_opp, mut p_me, mut p_opp) =
            (0, 0, 0, 0, 0, 0);
        for i in &info {
            held_me += i.held[side] as i32;
            held_opp += i.held[opp] as i32;
            r_me += i.reserve[side] as i32;
            r_opp += i.reserve[opp] as i32;
            p_me += i.pool[side] as i32;
            p_opp += i.pool[opp] as i32;
        }

        // 1. Static bounds, then the table's. The loser keeps reserve cards only, and plays on
        //    each of its turns while it can: it has at least `held_winner - 1` turns when the
        //    winner is to move, `held_winner` when the loser is, and can play on all of them
        //    until its pool and its non-reserve cards are spent.
        let opp_keeps = r_opp.min(held_opp - (held_me - 1).min(p_opp + held_opp - r_opp));
        let me_keeps = r_me.min(held_me - held_opp.min(p_me + held_me - r_me));
        let mut lo = if me_keeps > 0 { -me_keeps } else { 1 };
        let mut hi = if opp_keeps > 0 { opp_keeps } else { -1 };
        debug_assert!(lo <= hi, "contradictory bounds");
        let key = idx as usize * 2 + side;
        let e = self.table[key];
        lo = lo.max(e[0] as i32 - 18);
        hi = hi.min(18 - e[1] as i32);
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);

        // 2. The moves, one per class of equivalent reserve moves, ordered: the table's best
        //    move, then by score. A slot is `suit * 2 + k` for the k-th move of the suit.
        let mut moves = [(0i8, 0u8, 0u8); 8];
        let mut n = 0;
        let mut reserve_seen = false;
        for (s, inf) in info.iter().enumerate() {
            for (k, mv) in inf.moves[side][..inf.len[side] as usize].iter().enumerate() {
                if mv.reserve {
                    if reserve_seen {
                        continue;
                    }
                    reserve_seen = true;
                }
                let slot = (s * 2 + k) as u8;
                let score = if slot + 1 == e[2] { i8::MAX } else { mv.score };
                moves[n] = (score, slot, mv.next);
                n += 1;
            }
        }

        // 3. A forced pass.
        if n == 0 {
            let v = -self.search(runs, idx, opp, -beta, -alpha);
            self.store(key, v, alpha, beta, 0);
            return v;
        }

        // 4. The last card wins at once, with the best score there is.
        if held_me == 1 {
            self.store(key, held_opp, -19, 19, moves[0].1 + 1);
            return held_opp;
        }

        // 5. The moves in order, cutting off at beta.
        let moves = &mut moves[..n];
        moves.sort_unstable_by_key(|m| -m.0);
        let mut best = -19;
        let mut best_slot = 0;
        // Enhanced transposition cutoff: a child whose table entry already proves a cutoff
        // saves searching the others; a child whose entry proves it cannot beat alpha is
        // skipped (its bound still counts for the fail-soft result).
        let mut skip = 0u8;
        for (i, &(_, slot, next)) in moves.iter().enumerate() {
            let s = slot as usize / 2;
            let child_idx = idx + (next as u32 * POW[s]) - (runs[s] as u32 * POW[s]);
            let ce = self.table[child_idx as usize * 2 + opp];
            // The child's bounds (for the opponent) are [ce[0] - 18, 18 - ce[1]]; ours are
            // their negations.
            let (our_lo, our_hi) = (ce[1] as i32 - 18, 18 - ce[0] as i32);
            if our_lo >= beta {
                self.store(key, our_lo, alpha, beta, slot + 1);
                return our_lo;
            }
            if our_hi <= alpha {
                skip |= 1 << i;
                best = best.max(our_hi);
            }
        }
        for (i, &(_, slot, next)) in moves.iter().enumerate() {
            if skip >> i & 1 == 1 {
                continue;
            }
            let s = slot as usize / 2;
            let mut child = runs;
            child[s] = next;
            let child_idx = idx + (next as u32 * POW[s]) - (runs[s] as u32 * POW[s]);
            let v = -self.search(child, child_idx, opp, -beta, -alpha.max(best));
            if v > best {
                best = v;
                best_slot = slot + 1;
                if best >= beta {
                    break;
                }
            }
        }
        self.store(key, best, alpha, beta, best_slot);
        best
    }
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
