//! The exact solver: the signed result of any position under optimal play.
//!
//! Trade-offs. A deal has at most 25^4 x 2 = 781,250 positions (the run state of each suit and
//! the player to move), but a search visits about a thousand, so the transposition table is a
//! small hashed one: 65,536 entries of 8 bytes (512 KB, which stays in the L2 cache where the
//! former dense 2.3 MB array did not), each with its full key, a lower and an upper bound and
//! the best move, replaced on collision. An entry carries the generation of its deal, so a new
//! deal costs nothing up front (the table is wiped once every 255 deals).
//! The bounds stay valid for every window and for both first movers of a deal, so the two
//! solves of a deal and all the null-window searches of MTD(f) share them. A full minimax
//! visits about 440,000 positions per deal; the search below visits about a thousand:
//!
//! - null-window alpha-beta (MTD(f)) instead of exact values everywhere;
//! - static score bounds: the loser ends holding only *reserve* cards (cards all of whose
//!   dependents belong to their owner, see [`Deal::reserve`]), so the value of the player to
//!   move lies in `[-R_me, R_opp]` (and is `>= 1` when `R_me = 0`, `<= -1` when `R_opp = 0`);
//!   moreover the loser must play on each of its turns while it holds a playable card, and its
//!   *pool* (reserve chains it can start now) stays playable, so it plays at least
//!   `min(turns, pool + non-reserve cards)` cards, where it has at least as many turns as the
//!   winner has cards, less one if the winner is to move;
//! - locked reserve runs: a run of the loser's reserve cards (the outermost run of one
//!   holder's cards in an arm, the cards below or above the nine) that is neither playable
//!   nor behind the loser's own nine waits for the card of the winner just inside it (the nine,
//!   for a whole arm of an unstarted suit), which *locks* it; the winner must play every
//!   locking card, and after each of them but the last the loser has a turn with a card to
//!   play, so it plays at least `min(turns, pool + non-reserve cards + locks - 1)` cards when
//!   the winner holds `locks >= 1` locking cards (the proof is below; this bound alone cut
//!   the positions and the nodes by 4.6 and the time by 3.7);
//! - move equivalence: playing a reserve card only opens more of its owner's reserve cards,
//!   so all playable reserve cards of the player to move lead to equivalent positions and one
//!   of them is searched;
//! - dominance: a playable non-reserve card that opens only cards of the player to move (the
//!   card beyond it in its suit, both neighbours for a nine, are the mover's) is at least as
//!   good as a reserve move, so no reserve move is searched beside such a card (the proof is
//!   below);
//! - position equivalence (the table key): the inner neighbour of a non-reserve card is
//!   non-reserve, so which non-reserve cards are playable depends only on the non-reserve
//!   cards on the table, and a player's reserve moves depend only on how many of the reserve
//!   cards unlocked by those are left. Two positions with the same non-reserve cards on the
//!   table, the same number of reserve cards played by each player and the same player to
//!   move have the same value, and share one key: the non-reserve run of each suit (base 25),
//!   then the two reserve counts and the player to move, each suit's part precomputed per
//!   run state so the key of a child is one subtraction and one addition;
//! - move ordering: the table's best move, then by a static score (runs of the mover's own
//!   cards opened count for, runs of the opponent's cards opened count twice against);
//! - enhanced transposition cutoffs: before searching any child, the children's table
//!   entries are read; one that already proves a cutoff ends the node, and children proven
//!   unable to beat alpha are skipped;
//! - MTD(f) starts from a guess: "does the player to move win?" for a first solve, and
//!   Alice-first's result for Bob-first (most deals have importance 0);
//! - a lean node: MTD(f) and the winner search only ever use null windows, so a node takes
//!   one bound (`beta`) and reads the player to move from bit 0 of its key; the counters of
//!   the bounds (and the number of dominating cards) are packed bytes summed in one word per
//!   suit; a suit's row for the player to move (32 bytes) keeps its non-reserve moves apart
//!   from one reserve move, so the move list is written without a branch per move; a move is
//!   one integer (score, slot, next run state, reserve flag, child key) made from a per-suit
//!   template with one addition; up to four moves are sorted by a network of max/min (more by
//!   insertion); the per-suit tables have 256 rows and the table a size known to the
//!   compiler, so no index is bounds-checked; a deal's per-suit tables are copies of tables
//!   built once per process for each holding of a suit (who holds which of its nine cards
//!   decides everything in them).
//!
//! Proof of the bound from locked runs. Let `W` win and `L` lose, `T` be the number of `L`'s
//! turns before `W`'s last card, `p` the size of `L`'s pool, `n` the number of its
//! non-reserve cards and `x >= 1` the number of `W`'s locking cards (a nine that locks both
//! arms counts once). Let `L` play a reserve card whenever it has one to play: it plays at
//! least `min(T, p + n + x - 1)` cards, so that many against optimal play too. If it never
//! passes, it plays `T` cards. Otherwise, at its last pass `k`, it had nothing to play: its
//! pool (playable from the start, it stays playable until played) is spent, every run
//! unlocked before `k` is spent (one card at least each; say `x - y` of the locking cards
//! were down), and some `n_1` of its non-reserve cards are down. After `k` it plays on every
//! turn, among them the other `n - n_1` non-reserve cards (each must be down before `W`'s
//! last card, since `W` holds a card beyond it). Let `j` be the last turn after `k` on which
//! it plays a non-reserve card (`j = k` if none): by its rule it had no reserve card to play,
//! so every run unlocked between `k` and `j` is spent too, one card each at least on turns
//! other than those `n - n_1`; the `w` locking cards played after `j` are played on distinct
//! turns of `W`, and `L` has a turn after every turn of `W` but the last, so it plays on
//! `w - 1` more turns at least. In all it plays at least `p + n_1 + (x - y) + (n - n_1) +
//! (y - w) + (w - 1) = p + n + x - 1` cards (`w = 0` gives one more). Counting each locked
//! run's length instead (the run locked `i`-th from last gives `min(length, i)` cards) is
//! wrong: the turns after the locking cards overlap (Alice `JC` and seven locked reserve
//! cards, Bob nine cards of which four lock her runs, Bob to move: that count gives her five
//! cards played, she plays four). The test `tests/solver_rules.rs` checks the bound with the
//! plain minimax on mid-game positions.
//!
//! Proof of the dominance. Let `M` be the player to move, `b` a playable non-reserve card of
//! `M` whose newly playable cards all belong to `M`, and `r` a playable reserve card of `M`.
//! By the position equivalence above, a position's value depends only on its class: the
//! non-reserve cards on the table, the number of reserve cards each player has played and the
//! player to move. Let `σ` be an optimal strategy of `M` after `r` (the *imagined* game); after
//! `b` (the *real* game) `M` plays what `σ` plays, except that where `σ` plays `b`, `M` plays
//! one of its playable reserve cards; from then on both games are in the same class (`b` and
//! one more reserve card of `M` played). Until then: (1) both hands have the same sizes, so
//! both games end at the same time with the same result; (2) the non-reserve cards on the
//! table differ only by `b`, which opens no card of the opponent, and `r` opens only `M`'s
//! reserve cards, so the opponent's playable cards (non-reserve and reserve) are the same in
//! both games and each of its moves or passes in the real game is one in the imagined game;
//! (3) every non-reserve card `σ` plays other than `b` is playable in the real game too (its
//! inner neighbour is on both tables); (4) `M`'s playable reserve cards in the real game are
//! at least one more than in the imagined game (the same ones unlocked, plus any that `b`
//! unlocks, and one fewer played), so `σ`'s reserve moves and the substitute for `b` can be
//! played; (5) `M` never passes in the imagined game before `b` is played (`b` is playable
//! there). So against every play of the opponent the real game reaches the imagined game's
//! result: the value after `b` is at least the value after `r` for `M`. The test
//! `tests/solver_rules.rs` checks the inequality with the plain minimax on the mid-game
//! positions where the rule bites.
//!
//! What each step bought, on the 1,000 seeded deals of the criterion bench (both first
//! movers, exact scores; medians per deal; times are the fastest of 3 rounds per deal, with
//! the baseline run beside it in the same session, on a shared 2-core machine, so the ratio
//! is the figure to trust), measured with
//! `cargo run --release -p tabletop-nine --example solver_stats 1000 3`:
//!
//! | step | positions | nodes | time | D1 (winner, Alice first) |
//! | --- | ---: | ---: | ---: | ---: |
//! | before: dense 2.3 MB table, everything above but the key and the lean node | 9,388 | 12,546 | 698-828 us | 57-84 us |
//! | lean node, allocation-free load, 512 KB hashed table | 9,517 | 12,658 | 683 us (0.82x) | 49 us |
//! | table keyed on the position equivalence | 6,049 | 8,149 | 470-520 us (0.67x) | 33-42 us (0.55x) |
//! | per-suit tables built once per process per holding of a suit (512), copied per deal | 6,049 | 8,149 | 448 us (0.66x) | 29 us (0.51x) |
//!
//! A second session, each step's example binary built and kept, then all of them run in
//! turn, twice (`solver_stats 1000 3`; time and D1 are the two runs' medians; ratios against
//! the first row of the same runs; instructions are callgrind's total for
//! `solver_stats 200 1 --no-d3`, which is repeatable):
//!
//! | step | positions | nodes | time | D1 (winner, Alice first) | instructions |
//! | --- | ---: | ---: | ---: | ---: | ---: |
//! | start of the session (the last row above) | 6,049 | 8,149 | 456-461 us | 29.1-31.6 us | 1,116 M |
//! | dominance of the reserve move by a card that opens only the mover's cards | 4,414 | 6,005 | 343-355 us (0.76x) | 29.8-30.5 us (0.98x) | 876 M (0.79x) |
//! | move ordering on the runs a move opens (own runs +1 each, the opponent's -2) | 3,718 | 5,028 | 280-284 us (0.61x) | 19.8-20.1 us (0.66x) | 742 M (0.66x) |
//! | lean node: packed integer moves, no bounds checks, dominance count in the counters | 3,718 | 5,028 | 222-226 us (0.49x) | 16.9 us (0.55x) | 582 M (0.52x) |
//!
//! The ordering score was chosen among variants on positions and nodes (1,000 deals, medians):
//! cards opened, own +1 and opponent -2 (the previous score): 4,414 / 6,005; opponent -1:
//! 4,418 / 6,054; opponent's runs -1 each: 3,875 / 5,204; -2: 3,875 / 5,188; -3: 3,831 /
//! 5,155; own runs +1 with opponent's runs -2: 3,718 / 5,028 (kept); a bonus or malus for
//! nines (+-2): 4,763 / 6,460 and 5,031 / 6,863; a malus for the dominating cards: 6,997 /
//! 9,794.
//!
//! Tried and dropped (300 deals, same run): searching the reserve move last (positions
//! 5,933 -> 9,432, time 1.9x) or first (5,910, no gain); a bound for a player that cannot be
//! blocked (all its cards unlocked reserve cards: it finishes on its turn `held`, the other
//! plays at most one card a turn meanwhile), which the bounds above already imply (no
//! position saved); a 2 MB table (2^18 entries: 1% fewer positions, 1.2-1.3x slower, out of
//! L2). In this session (1,000 deals, callgrind on 200): positions with a single legal card
//! searched through without a table entry, as forced passes (positions 4,414 -> 3,175 but
//! nodes 6,005 -> 7,553: the parents' transposition cutoffs miss them; 1.20x the
//! instructions); forced passes alone without an entry (4,210 positions, 1.04x the
//! instructions); the static bounds tested before the table is read (1.12x the
//! instructions, the compiler's code got worse); no transposition cutoffs for a single move
//! (nodes 5,028 -> 5,350); two-way table buckets (nodes 5,028 -> 4,992, 1.04x the
//! instructions); tables of 2^14, 2^15 and 2^17 entries (no clear gain; 2^17 slower); a
//! software prefetch of the children's entries (it needs `unsafe`; within the noise, so not
//! kept), although `perf` puts a quarter of the time on the loads of those entries; the
//! transposition cutoffs without branches or early exit (1.11x the instructions, slower); a
//! loser's pool widened to every reserve card it reaches through its own cards (positions
//! mean 5,984 -> 5,982: the bound almost never binds).
//!
//! `tabletop judge cf1769d3` with k = 26 (1,209 deals solved, many of them hard): 0.15-0.17 s
//! of CPU against 0.32-0.34 s for the start of the session (hyperfine, 20 runs each, twice,
//! same session; callgrind 1,994 M -> 1,048 M instructions, 0.53x); the first session had
//! brought it from 0.39 s to 0.28 s.
//!
//! A third session (each step's example binary kept; times are medians of alternating runs
//! of `solver_stats 1000 3 --no-d3` against the previous step on a machine with a load of
//! 5 to 9 on its 2 cores, so only differences above about 3% mean anything; instructions and
//! mispredicted branches are callgrind's and cachegrind's `--branch-sim=yes` totals for
//! `solver_stats 200 1 --no-d3`; positions and nodes did not change until the last row,
//! which searches another of the equivalent reserve moves: 1,000 deals 5,984,139 ->
//! 5,984,087 positions in all, medians unchanged):
//!
//! | step | time | D1 | instructions | mispredicted |
//! | --- | ---: | ---: | ---: | ---: |
//! | start of the session (the last row above) | 212-220 us | 16.2-16.7 us | 582 M | 8.87 M |
//! | null windows only (one `beta`, the side in the key), rows per player to move | 202-206 us (0.95x) | 17.0-17.8 us | 546 M | |
//! | move list without a branch per move | 189-195 us (0.89x) | 17.4-17.9 us | 572 M | 6.34 M |
//! | sorting network for at most four moves | 186-188 us (0.88x) | 17.0-17.1 us | 581 M | 4.89 M |
//! | per-player rows built for the 25 run states, not 256 (a deal's load: 44 k -> 7 k instructions) | 183-192 us (0.87x) | 13.8-15.4 us (0.86x) | 566 M | 4.89 M |
//! | the reserve move kept is the greatest word, not the first suit's (a `max`, no branch) | 182-185 us (0.86x) | 13.3-13.4 us (0.82x) | 569 M | 4.30 M |
//! | the counters hold each player's supply (pool and non-reserve cards) instead of its pool | 179-181 us (0.84x) | 13.0-13.1 us (0.80x) | 560 M | |
//! | children the table proves unable to reach beta dropped from the list, not skipped by a mask | 180-181 us | 12.7-13.1 us | 549 M | 4.02 M |
//! | one comparator only when there are at most two moves (half of the expanded nodes) | 179-180 us | 12.9-13.2 us | 537 M | 4.25 M |
//!
//! At the end of the session, beside its start (three alternating runs of `solver_stats
//! 1000 3`): median 177-185 us against 215-217 us (0.84x), p99 1.47-1.54 ms against
//! 1.81-2.05 ms, mean 297-318 us against 353-373 us, D1 12.9-14.0 us against 16.1-16.5 us
//! (0.82x); callgrind 537 M instructions against 582 M (0.92x). `tabletop judge cf1769d3`
//! with k = 26: 117-123 ms of CPU against 142-157 ms, 174-212 ms of wall time against
//! 235-326 ms (hyperfine, 30 runs each, four times, each beside the start of the session;
//! machine load 7). The time of a node follows its mispredicted branches more than its
//! instructions: the branch-free move list costs 5% more instructions and saves 7% of the
//! time. What the node does now, per node (1.74 M nodes): about 320 instructions in all, of
//! which the bounds (counters and formula) about 40, the table probes 25, the move list 55,
//! the call and return 35.
//!
//! Measured in this session and dropped (positions / nodes are medians over the 1,000
//! deals, against 3,718 / 5,028):
//!
//! - Bounds from forced passes (the brief's "bounds from forced play"). Let `W` be the winner
//!   and `L` the loser, `reach_P` the cards `P` can reach alone (every unplayed card from the
//!   table to it is `P`'s) and `free_P` those among them that `P` can play without opening a
//!   card of the opponent (nor does any card on the way: a run from an end, less its last
//!   card when an opponent's card lies beyond it). Give `L` the strategy "play a free card
//!   while there is one": during its first `free_L` turns it opens no card of `W`, so `W`
//!   plays only cards it reaches alone; if `W` holds a card it does not reach, it cannot
//!   finish meanwhile and passes at least `free_L - reach_W` times (`+ 1` when `W` is to
//!   move), each a turn more for `L` in the bound above. Symmetrically, a player that reaches
//!   all its cards is never blocked, so the other plays at most one card a turn, less the
//!   turns it must pass while the first plays its free cards: the value is at least
//!   `held_L - (held_W - 1) + max(0, min(free_W, held_W - 1) - reach_L)` (`W` to move). Both
//!   are sound (the checksum of the 1,000 deals and the oracle tests held) but bite little:
//!   3,665 positions, 4,857 nodes; their four counters no longer fit the counters' word,
//!   and the wider word made the node 9% more instructions and 10% slower.
//! - The history heuristic (cutoffs counted per card and player to move) as a tie-break after
//!   the static score: 3,676 / 5,004; as the first key: 5,836 / 7,977. The static ordering is
//!   already nearly perfect: 99.6% of the nodes that cut off do so on the first child
//!   searched.
//! - Other first guesses for Alice first (`+2`, `-1`, `+3` instead of `+1`): 3,724 / 5,115,
//!   3,714 / 5,041, 3,720 / 5,147.
//! - Enhanced transposition cutoffs only with at least 8 or 14 cards held: 1.04x and 1.08x
//!   the instructions (at nodes met for the first time, 27% of the children's probes hit
//!   and 14% cut off).
//! - Passing what the parent's probe found to the child instead of probing again: 1.10x to
//!   1.18x the instructions in four forms (an `Option`, an entry with "no bounds" for a
//!   miss, an 8-byte entry word, a packed `u32`), no faster.
//! - The table's hit chosen without a branch: at the node's own probe, 1.05x the
//!   instructions and no fewer mispredictions (the compiler branched elsewhere); in the
//!   transposition-cutoff loop, 1.05x the instructions, 5% fewer mispredictions, mean and
//!   p99 2-6% lower but median and D1 2-5% higher (three alternating runs): not kept.
//! - Single-move nodes calling their child directly (no sort, no probe of the child): 6%
//!   more nodes (1.74 M -> 1.85 M on 200 deals), 1.03x the instructions.
//! - Tables of 2^14 and 2^15 entries: no faster (the table is not what a node waits for).
//! - Two-way buckets again (the new entry first, the old one moved to the second slot):
//!   nodes in all -3.2% and mean positions 5,984 -> 5,772 on the 1,000 deals, but 1.06x the
//!   instructions and about 10% slower (median, mean and p99, two alternating runs).
//! - Bob first searched from Alice's result plus or minus one: 3,737 / 5,326 and
//!   3,718 / 5,057.
//!
//! Where the nodes are: 81% of them are expanded (16% end on the static bounds, 2% on the
//! table), nearly all with 6 to 12 cards in each hand; 79% of the nodes of the MTD(f)
//! passes (200 deals) are in the passes that prove how few cards the loser can keep, where
//! every move of the winner must be refuted. The goal of issue 11 (80 us per deal,
//! p99 500 us) needs both fewer nodes (a pruning rule that removes moves of the winner where
//! all must be refuted) and a node at about half of today's cost.
//!
//! A fourth session (each step's example binary kept, then the three run in turn, three
//! times, while a mutation run kept both cores busy: `solver_stats 1000 3 --no-d3`; time and
//! D1 are the ranges of the three runs' medians, ratios against the first row of the same
//! runs; instructions and mispredicted branches as in the third session, on `solver_stats
//! 200 1 --no-d3`):
//!
//! | step | time | D1 | instructions | mispredicted |
//! | --- | ---: | ---: | ---: | ---: |
//! | start of the session (the last row above) | 178-180 us | 12.9-13.2 us | 537 M | 4.25 M |
//! | the run states passed as one `u32`, not `[u8; 4]` | 150-154 us (0.85x) | 10.9-11.3 us (0.85x) | 546 M | 4.22 M |
//! | transposition cutoffs before the sort, on the moves in suit order (a dropped child zeroed, so the sort puts it last) | 138-139 us (0.78x) | 10.1-10.4 us (0.79x) | 513 M | 4.36 M |
//! | a probe compares the key and the generation as one `u64` (one branch, not two) | 134-135 us (0.97x of the row before) | 10.1-10.2 us (1.00x) | 537 M | 3.99 M |
//! | the same when an entry is stored | 133-135 us (0.98x of the row before, four runs of six; two were slower, under load spikes) | 10.2-10.4 us | 541 M | 3.92 M |
//! | the forced pass and the last card marked as cold paths (a call to an empty `#[cold]` function) | 131-132 us (0.99x of the row before in four runs of four; mean 0.99x, p99 0.97x) | 10.2-10.5 us | 530 M | 3.93 M |
//!
//! In the same runs, the third row's p99 was 1.17 ms against 1.45-1.49 ms (0.80x) and its
//! mean 233 us against 296-298 us (0.78x). The last three rows were measured against the
//! row before each (three, six and four alternating runs).
//!
//! At the end of the session (the last row), beside its start (three alternating runs of
//! `solver_stats 1000 3 --no-d3`, machine load 3.8-4.2): median 130-132 us against
//! 178-180 us (0.73x), p99 0.95-0.96 ms against 1.46-1.47 ms (0.65x), mean 205-206 us
//! against 296-298 us (0.69x), D1 10.1 us against 12.8-13.3 us (0.77x); positions median
//! 3,718, nodes 5,028 (unchanged); callgrind 530 M instructions against 537 M, 3.93 M
//! mispredicted branches against 4.25 M. `tabletop judge cf1769d3` with k = 26: 82-96 ms
//! of CPU against 117-124 ms (0.71x), 86-101 ms of wall time against 120-130 ms
//! (hyperfine, 30 runs each, three times, each beside the start of the session).
//!
//! The second row: `perf annotate` put 12% of the cycles on the load of the child's run
//! states just before the call, a 4-byte load of an array into which the child's byte had
//! just been stored (a store that cannot be forwarded to the wider load stalls it until the
//! store retires); as one `u32` changed with a mask and a shift they stay in a register.
//! The third: a node that ends on a transposition cutoff no longer sorts, and the sort
//! handles the dropped children as zeros; the cutoff found first may now be another child
//! (its slot is stored as the best move): 1,000 deals 5,984,087 -> 5,983,997 positions in
//! all, 7,841,318 -> 7,841,041 nodes, medians unchanged.
//! The fourth (three runs alternating with the row before): p99 1.01-1.03 ms against
//! 1.16-1.17 ms (0.88x), mean 214-215 us against 231-232 us (0.93x).
//!
//! Where the time and the nodes are now: `perf` puts 25-30% of the cycles on the
//! transposition-cutoff probes of the children (the entry is not in the L1 cache, and the
//! branch on a hit, a quarter of the probes, is mispredicted); by cachegrind, the hit
//! branches are 29% of the mispredictions and the ends of the two loops over the moves
//! another 29%. Of the nodes of the 1,000 deals (one round), the last MTD(f) pass of
//! Alice-first takes 61% (37.5% where Alice loses: she shows how few cards she can keep;
//! 23.9% where she wins: every move of hers is refuted above her score), the first pass
//! of Bob-first 13%, all other passes 26%. The other solver's speed is thus a node about
//! half as dear, since the positions are already about the same (3.7 k against 3.5 k).
//!
//! Measured in this session and dropped (times against the row they were tried on, in
//! alternating runs as above):
//!
//! - Dominance between two playable non-reserve cards of the mover: a card that opens only
//!   the mover's own cards is NOT always at least as good as one that opens an opponent's
//!   card (the stealing argument fails: the opponent's extra card changes when it must
//!   pass, and the mover's must play). Over 20,000 seeded playouts of 2 to 25 random moves
//!   the fast solver found 53 counterexamples among the 8,530 positions with both kinds of
//!   card. The first, checked with the plain minimax: Alice `JC QC AC 6D 9D JD KD 6S 7S 8S
//!   TS JS QS KS 6H 8H JH AH`, Bob the rest, `9C` and `9D` on the table, Bob to move: `8D`
//!   (opens Bob's `7D`) loses by 1, `TD` (opens Alice's `JD`) wins by 1. No weaker rule
//!   between non-reserve cards was found in the time.
//! - The table's hit chosen without a branch in the transposition-cutoff loop
//!   (`select_unpredictable`), again: 1.08x the instructions and 0.81x the mispredictions,
//!   but 1.10x the time; after the third row, with the dropped children zeroed without a
//!   branch too: 595 M instructions, 3.70 M mispredictions, 1.11x the time.
//! - No transposition cutoffs where the table gives a best move: 0.9% more nodes, the same
//!   time.
//! - The four-word sorting network in full for one or two moves too: 521 M, 4.12 M, the
//!   same time.
//! - The transposition-cutoff loop run at least four times (a key no position has past the
//!   moves), so that its end is predictable: 549 M, 4.82 M, 1.04x the time.
//! - An eight-word sorting network (19 comparators) for five to eight moves: 556 M,
//!   4.12 M, 1.04-1.08x the time.
//! - The children's entries read before the node's own probe and bounds, to warm the cache
//!   (the move list built first, the loads folded into a `black_box`): 550 M, 4.61 M,
//!   1.10x the time.
//!
//! And after the probes compared one word (against 541 M instructions, 3.92 M
//! mispredictions):
//!
//! - The three ways out on the bounds as one branch: 3.82 M mispredictions, the same
//!   instructions and time.
//! - The transposition-cutoff loop run at least four times, again: 596 M, 4.37 M, slower.
//! - More than four moves picked greatest first as they are searched (a branch-free
//!   maximum over nine words, then zeroed) instead of sorted: 570 M, 3.99 M, 1.01-1.02x
//!   the time.
//! - The best child and its slot kept without a branch (only the cutoff branches): 554 M,
//!   3.84 M, no faster.
//! - The table as words (tag, bounds and best move in one `u64`, so a probe is one load):
//!   544 M, 3.78 M, within 1.5% of the time, so not kept.
//! - The table's best move marked inside the transposition-cutoff loop, without a branch,
//!   instead of searched for afterwards: 577 M, 3.82 M, no faster.
//! - `std::hint::cold_path` for the last row: the same code, but it needs Rust 1.95 and the
//!   workspace's minimum is 1.85 (clippy refuses it), hence the empty `#[cold]` function.
//!
//! A fifth session (the binaries of both rows kept and run in turn, three times, on a quiet
//! machine: `solver_stats 1000 3 --no-d3`; the ranges of the three runs' medians; ratios
//! against the first row of the same runs):
//!
//! | step | positions | nodes | time | p99 | mean | D1 |
//! | --- | ---: | ---: | ---: | ---: | ---: | ---: |
//! | start of the session (the last row above) | 3,718 | 5,028 | 130-131 us | 949-972 us | 205-206 us | 10.0-10.3 us |
//! | the bound from locked reserve runs | 795 | 1,083 | 35-36 us (0.27x) | 367-373 us (0.38x) | 62 us (0.30x) | 10.3-10.4 us |
//!
//! The values did not change (the checksum of the 1,000 deals, and the oracle tests); 1,000
//! deals 5,983,997 -> 1,697,467 positions in all. `tabletop judge cf1769d3` with k = 26:
//! means of 36.7-46.0 ms of wall time against 86.8-89.7 ms, 0.42-0.52x (hyperfine, 30 runs
//! each, three times, same session). What pointed to it: before it, a quarter of the expanded
//! nodes that failed low (2.3 M on the 1,000 deals) had a static upper bound equal to
//! `beta`, so a bound one lower would have ended them, and as many that failed high had a
//! lower bound one below. The D1 path (does Alice win?) gains nothing: a null window at 1
//! asks about the winner, not the loser's cards. The two counters of locking cards share
//! two bytes of the counters' word with the dominating cards and the move count, so a node
//! reads no more words.
//!
//! What is left: 22% of the expanded nodes that fail low still have a static upper bound at
//! `beta`. In the endgames where the bound stays one above the value, the loser gains more
//! than it counts from the winner's passes (the winner's cards behind non-reserve cards the
//! loser holds back while it has reserve cards to play) and from runs unlocked early (a whole
//! run, not one card): a bound on those needs a relaxed playout, not a counter.
//!
//! The plain memoised minimax [`minimax_value`] is the oracle the tests compare against.

mod suits;
mod transposition;

use std::cell::RefCell;

use crate::deal::{Deal, Player};
use crate::state::{Move, POSITIONS, Position};

use suits::{Counts, Packed, SuitTables, slot};
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

/// The fast exact solver. Reuse one per thread: it owns a 512 KB table (65,536 entries of
/// 8 bytes) and per-deal tables.
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
    /// The transposition table.
    table: TranspositionTable,
    /// The deal the per-suit tables are built for.
    deal: Option<Deal>,
    /// What the search reads of each suit of `deal` in each run state.
    suits: SuitTables,
    nodes: u64,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
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

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Solver {
        Solver { table: TranspositionTable::new(), deal: None, suits: SuitTables::new(), nodes: 0 }
    }

    /// The number of positions (classes of equivalent positions) stored in the table for the
    /// current deal.
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

    /// Loads the deal of `pos` if needed (a new generation of the table, the deal's per-suit
    /// tables); its run states, table key and side to move.
    fn enter(&mut self, pos: &Position) -> (u32, u32, usize) {
        if self.deal != Some(pos.deal()) {
            self.table.new_deal();
            self.suits.load(pos.deal());
            self.deal = Some(pos.deal());
        }
        let runs = pos.run_states();
        let side = pos.to_move().index();
        let key = self.suits.key(runs) | side as u32;
        (u32::from_le_bytes(runs), key, side)
    }

    /// Fail-soft null-window alpha-beta (window `(beta - 1, beta)`; MTD(f) needs no other),
    /// values for the player to move (bit 0 of `key`, the table key of the position whose run
    /// states are the bytes of `runs`, suit 0 lowest): a value `< beta` is an upper bound,
    /// `>= beta` a lower bound.
    fn search(&mut self, runs: u32, key: u32, beta: i32) -> i32 {
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
        let child_key = key ^ 1;
        // The low word becomes the child's key; a carry out of it only touches bits 32..34,
        // which nothing reads once the moves are made.
        let fix = |m: Packed| m.wrapping_add(u64::from(child_key));
        let mut reserve = 0;
        for row in rows {
            moves[n & 15] = fix(row.moves[0]);
            moves[(n + 1) & 15] = fix(row.moves[1]);
            n += (row.counts >> 60) as usize;
            reserve = reserve.max(row.reserve);
        }
        let keep = reserve != 0 && c.safe_me == 0;
        // A move left out is zeroed, below every move (whose score byte is never 0).
        moves[n & 15] = fix(reserve) & u64::from(keep).wrapping_neg();
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
            let Some(e) = self.table.probe(*m as u32) else { continue };
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
        if best_move != 0 {
            if let Some(m) = moves[..n].iter_mut().find(|m| **m != 0 && slot(**m) + 1 == best_move)
            {
                *m |= 0xFF << 56;
            }
        }
        if n <= 4 {
            sort_network(&mut moves, n);
        } else {
            insertion_sort(&mut moves, n);
        }

        // 7. The children in order, until one reaches beta.
        let mut best_slot = 0;
        for &m in &moves[..kept] {
            let v = -self.search(child_runs(runs, m), m as u32, 1 - beta);
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
/// until its pool and its non-reserve cards are spent, plus one card for each of the winner's
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
