//! The census of every deal: each class of deals under the 48 symmetries solved for both first
//! movers, and the results of all 9,075,135,300 deals counted from them.
//!
//! [`Deal::id`] numbers the deals; [`DealClass`] is a class of symmetric deals held as its
//! canonical deal; [`Shard`] is one of `N` disjoint parts of the classes; [`Census`] is the
//! result of some shards, mergeable, and [`CensusReport`] its serialisable form (`tabletop nine
//! census`).
//!
//! # What is counted
//!
//! A class's deals have the canonical deal's results `(r_A, r_B)` (its relabellings of the
//! suits) or `(-r_B, -r_A)` (those with the hands exchanged), so the *joint table* of deals by
//! `(r_A, r_B)` follows from one solve of each class for both first movers. Each cell also
//! keeps the smallest deal id reaching it, which is the canonical id or the smallest id with
//! the hands exchanged ([`DealClass::parts`]). Everything else (the importance, each first
//! mover's results and winners, how often the first move changes the winner, the smallest id
//! reaching each value) is read off the joint table. A checksum (a wrapping sum of a mix of
//! each class's id and results) tells two censuses of the same classes apart.
//!
//! # Trade-offs
//!
//! - The counts are sums and minimums, so a census does not depend on the order the classes
//!   are solved in: the same results on any number of threads, and shards merge in any order.
//! - A shard is solved in chunks of whole blocks (at least `chunk` classes, in parallel); after
//!   each chunk the caller may save the census, which then records how many of the shard's
//!   blocks are done. A run resumes after the last saved chunk; what was solved of the chunk
//!   under way when a run stopped is solved again.
//! - Solving dominates: enumerating all 190,884,467 classes takes seconds, so a shard is found
//!   by walking the block list, not by an index.
//! - A block's classes are solved in their own order, not by id: the cards nearest the nine
//!   change most often from one class to the next, so the solver's table, kept from deal to
//!   deal, holds more of the next deal's positions (0.88-0.90x the time a class; the order is
//!   inside a chunk, so it changes neither the results nor where a run resumes).
//! - The census's solvers have a table of [`CENSUS_TABLE_SIZE`](crate::CENSUS_TABLE_SIZE)
//!   entries, twice the default: consecutive classes share positions, which a larger table
//!   keeps (0.935x the time a class; random deals, sharing little, are faster with the
//!   default, which fits a core's L2 cache with room to spare).
//! - A chunk is split into pieces of at most 256 classes among the threads, so that at the end
//!   of a chunk (where the threads wait for each other before the census is saved) no thread
//!   is left with a long piece: in a whole census on two threads with rayon's own splitting,
//!   the two cores were busy 1.886 of 2 on average, with these pieces 1.97 (on shards).

mod classes;
mod id;

use std::collections::BTreeMap;

pub use classes::{CLASSES, DealClass, Shard, Symmetry};

use crate::deal::{Deal, Player};
use crate::error::CensusError;
use crate::solver::DealValue;

/// The version of tabletop that makes the census.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// One cell of the joint table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    deals: u64,
    smallest_id: u64,
}

const EMPTY: Cell = Cell { deals: 0, smallest_id: u64::MAX };

/// A result as an index of the joint table: `-18..=18` to `0..37` (0 is no result).
fn slot(v: i32) -> usize {
    debug_assert!((-18..=18).contains(&v) && v != 0, "result {v}");
    (v + 18) as usize
}

/// SplitMix64's finaliser: the mix of one class's id and results in the checksum.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The counts of some classes solved: the joint table, the classes and the checksum. Adding
/// and merging commute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusTally {
    classes: u64,
    checksum: u64,
    /// `joint[slot(r_A)][slot(r_B)]`.
    joint: Box<[[Cell; 37]; 37]>,
}

impl Default for CensusTally {
    fn default() -> CensusTally {
        CensusTally::new()
    }
}

impl CensusTally {
    /// No class yet.
    pub fn new() -> CensusTally {
        CensusTally { classes: 0, checksum: 0, joint: Box::new([[EMPTY; 37]; 37]) }
    }

    /// Counts the deals of `class`, whose canonical deal has the results `value`.
    pub fn add(&mut self, class: DealClass, value: DealValue) {
        self.classes += 1;
        let (a, b) = (value.alice_first, value.bob_first);
        let key = class.id() | (slot(a) as u64) << 40 | (slot(b) as u64) << 48;
        self.checksum = self.checksum.wrapping_add(mix(key));
        for (v, deals, id) in class.parts(value) {
            let cell = &mut self.joint[slot(v.alice_first)][slot(v.bob_first)];
            cell.deals += deals;
            cell.smallest_id = cell.smallest_id.min(id);
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &CensusTally) {
        self.classes += other.classes;
        self.checksum = self.checksum.wrapping_add(other.checksum);
        for (mine, theirs) in self.joint.iter_mut().flatten().zip(other.joint.iter().flatten()) {
            mine.deals += theirs.deals;
            mine.smallest_id = mine.smallest_id.min(theirs.smallest_id);
        }
    }

    /// The classes counted.
    pub fn classes(&self) -> u64 {
        self.classes
    }

    /// The deals counted (the sum of the classes' sizes).
    pub fn deals(&self) -> u64 {
        self.joint.iter().flatten().map(|c| c.deals).sum()
    }

    /// The checksum of the classes and their results.
    pub fn checksum(&self) -> u64 {
        self.checksum
    }

    /// The cells of the joint table that hold deals: `(results, deals, smallest id)`, by
    /// increasing `alice_first` then `bob_first`.
    pub fn joint(&self) -> impl Iterator<Item = (DealValue, u64, u64)> + '_ {
        (-18..=18).filter(|&a| a != 0).flat_map(move |a| {
            (-18..=18).filter(|&b| b != 0).filter_map(move |b| {
                let cell = self.joint[slot(a)][slot(b)];
                let value = DealValue { alice_first: a, bob_first: b };
                (cell.deals > 0).then_some((value, cell.deals, cell.smallest_id))
            })
        })
    }
}

/// What a census records of one shard.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShardRecord {
    /// The shard's `I` (its `N` is the census's).
    pub index: u32,
    /// The shard's blocks of classes.
    pub blocks: u64,
    /// Its blocks solved, from the first: all of them when the shard is done.
    pub blocks_done: u64,
    /// The classes in the blocks solved.
    pub classes: u64,
    /// The time the runs of the shard took, in seconds (all cores, wall time).
    pub seconds: f64,
    /// The version of tabletop that started the shard.
    pub version: String,
}

impl ShardRecord {
    /// Whether every block of the shard is solved.
    pub fn is_done(&self) -> bool {
        self.blocks_done == self.blocks
    }
}

/// The results of some shards of the census (all of them when complete): the counts and what
/// each shard has done. Shards of the same `N` merge into one census.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "CensusReport", into = "CensusReport")
)]
pub struct Census {
    shard_count: u32,
    /// By increasing index, distinct.
    shards: Vec<ShardRecord>,
    tally: CensusTally,
}

#[cfg(feature = "rayon")]
thread_local! {
    /// Each thread's solver for the census, with the larger table.
    static SOLVER: std::cell::RefCell<crate::Solver<{ crate::CENSUS_TABLE_SIZE }>> =
        std::cell::RefCell::new(crate::Solver::with_table());
}

/// The results of `class`'s canonical deal, with this thread's census solver.
#[cfg(feature = "rayon")]
fn solve_class(class: DealClass) -> DealValue {
    SOLVER.with(|s| s.borrow_mut().solve(class.deal()))
}

impl Census {
    /// The census of `shard`, nothing solved yet.
    pub fn new(shard: Shard) -> Census {
        let record = ShardRecord {
            index: shard.index(),
            blocks: shard.block_count(),
            blocks_done: 0,
            classes: 0,
            seconds: 0.0,
            version: VERSION.to_owned(),
        };
        Census { shard_count: shard.count(), shards: vec![record], tally: CensusTally::new() }
    }

    /// `N`, the number of shards the classes are split into.
    pub fn shard_count(&self) -> u32 {
        self.shard_count
    }

    /// The shards the census holds, by index.
    pub fn shards(&self) -> &[ShardRecord] {
        &self.shards
    }

    /// The counts.
    pub fn tally(&self) -> &CensusTally {
        &self.tally
    }

    /// The shards absent from the census, by index.
    pub fn missing(&self) -> Vec<u32> {
        let mut have = self.shards.iter().map(|r| r.index).peekable();
        (1..=self.shard_count)
            .filter(|&i| {
                let present = have.peek() == Some(&i);
                if present {
                    have.next();
                }
                !present
            })
            .collect()
    }

    /// The shards present but not done, by index.
    pub fn partial(&self) -> Vec<u32> {
        self.shards.iter().filter(|r| !r.is_done()).map(|r| r.index).collect()
    }

    /// Whether every deal is counted: every shard present and done, and the deals add up to
    /// C(36, 18).
    pub fn is_complete(&self) -> bool {
        self.shards.len() == self.shard_count as usize
            && self.shards.iter().all(ShardRecord::is_done)
            && self.tally.deals() == Deal::COUNT
    }

    /// One census of several, which must split the classes into the same number of shards
    /// and hold distinct shards.
    ///
    /// # Errors
    /// [`CensusError::Empty`], [`CensusError::ShardCount`] or [`CensusError::Duplicate`].
    pub fn merge(parts: impl IntoIterator<Item = Census>) -> Result<Census, CensusError> {
        let mut parts = parts.into_iter();
        let mut merged = parts.next().ok_or(CensusError::Empty)?;
        for part in parts {
            if part.shard_count != merged.shard_count {
                return Err(CensusError::ShardCount {
                    first: merged.shard_count,
                    other: part.shard_count,
                });
            }
            for record in part.shards {
                let at = merged.shards.partition_point(|r| r.index < record.index);
                if merged.shards.get(at).is_some_and(|r| r.index == record.index) {
                    return Err(CensusError::Duplicate {
                        index: record.index,
                        count: merged.shard_count,
                    });
                }
                merged.shards.insert(at, record);
            }
            merged.tally.merge(&part.tally);
        }
        Ok(merged)
    }

    /// The number of classes of the census's only shard (enumerated, not solved: a second or
    /// two for the whole census).
    ///
    /// # Errors
    /// [`CensusError::NotOneShard`].
    pub fn shard_classes(&self) -> Result<u64, CensusError> {
        Ok(self.only_shard()?.classes().count() as u64)
    }

    fn only_shard(&self) -> Result<Shard, CensusError> {
        match self.shards[..] {
            [ref r] => Ok(Shard::new(r.index, self.shard_count).expect("a valid shard")),
            _ => Err(CensusError::NotOneShard { shards: self.shards.len() }),
        }
    }

    /// Solves the blocks of the census's only shard that are not done yet, in order, in chunks
    /// of whole blocks of at least `chunk` classes, each solved on all cores (rayon's current
    /// pool). `on_class` is called after each class (for a progress bar), `checkpoint` after
    /// each chunk with the census so far (to save it); the run stops early when it returns
    /// [`ControlFlow::Break`](std::ops::ControlFlow::Break). Returns whether the shard is done.
    ///
    /// Called inside [`tabletop_core::cancel::scope`], the run stops within a class or so of
    /// the flag being set; the chunk in progress is dropped (not recorded), so the census holds
    /// exactly the chunks finished before.
    ///
    /// # Errors
    /// [`CensusError::NotOneShard`].
    #[cfg(feature = "rayon")]
    pub fn run(
        &mut self,
        chunk: u64,
        on_class: impl Fn() + Sync,
        mut checkpoint: impl FnMut(&Census) -> std::ops::ControlFlow<()>,
    ) -> Result<bool, CensusError> {
        use rayon::prelude::*;

        let shard = self.only_shard()?;
        // rayon's workers do not inherit the caller's cancel scope: they read the flag.
        let flag = tabletop_core::cancel::current();
        let stopped = || flag.as_ref().is_some_and(tabletop_core::cancel::Cancel::is_cancelled);
        let by_count = classes::patterns_by_count(9);
        let done = self.shards[0].blocks_done as usize;
        let blocks: Vec<(u16, u16)> = shard.blocks().skip(done).collect();
        let mut next = 0;
        while next < blocks.len() {
            let start = std::time::Instant::now();
            // 1. Whole blocks, until the chunk holds `chunk` classes.
            let mut batch = Vec::new();
            let mut end = next;
            while end < blocks.len() && (batch.len() as u64) < chunk.max(1) {
                let mut block = classes::block_classes(blocks[end], &by_count);
                classes::order_for_solving(&mut block);
                batch.extend(block);
                end += 1;
            }
            // 2. Solved on all cores; sums and minimums, so in any order.
            let tally = batch
                .par_iter()
                .with_min_len(16)
                .with_max_len(256)
                .fold(CensusTally::new, |mut tally, &class| {
                    if !stopped() {
                        tally.add(class, solve_class(class));
                        on_class();
                    }
                    tally
                })
                .reduce(CensusTally::new, |mut a, b| {
                    a.merge(&b);
                    a
                });
            if stopped() {
                break; // the chunk was cut short: not recorded
            }
            // 3. Recorded, and offered to the caller.
            self.tally.merge(&tally);
            let record = &mut self.shards[0];
            record.blocks_done += (end - next) as u64;
            record.classes += batch.len() as u64;
            record.seconds += start.elapsed().as_secs_f64();
            next = end;
            if checkpoint(self).is_break() {
                break;
            }
        }
        Ok(self.shards[0].is_done())
    }

    /// The census with every table and count, as `tabletop nine census --json` prints it and
    /// as its files hold it.
    pub fn report(&self) -> CensusReport {
        let mut importance = BTreeMap::new();
        let mut result_alice_first = BTreeMap::new();
        let mut result_bob_first = BTreeMap::new();
        let mut smallest = SmallestIds::default();
        let mut winner_changes = 0;
        let mut joint = Vec::new();
        fn lower<K: Ord>(map: &mut BTreeMap<K, u64>, key: K, id: u64) {
            let e = map.entry(key).or_insert(id);
            *e = (*e).min(id);
        }
        for (v, deals, id) in self.tally.joint() {
            let (a, b) = (v.alice_first, v.bob_first);
            *importance.entry(v.importance()).or_default() += deals;
            *result_alice_first.entry(a).or_default() += deals;
            *result_bob_first.entry(b).or_default() += deals;
            if (a > 0) != (b > 0) {
                winner_changes += deals;
            }
            lower(&mut smallest.importance, v.importance(), id);
            lower(&mut smallest.result_alice_first, a, id);
            lower(&mut smallest.result_bob_first, b, id);
            joint.push(JointCell { alice_first: a, bob_first: b, deals, smallest_id: id });
        }
        let winners = |results: &BTreeMap<i32, u64>| -> BTreeMap<Player, u64> {
            let mut w = BTreeMap::new();
            for (&v, &c) in results {
                *w.entry(if v > 0 { Player::Alice } else { Player::Bob }).or_default() += c;
            }
            w
        };
        CensusReport {
            version: VERSION.to_owned(),
            shard_count: self.shard_count,
            shards: self.shards.clone(),
            missing: ranges(&self.missing()),
            partial: self.partial(),
            complete: self.is_complete(),
            classes: self.tally.classes,
            deals: self.tally.deals(),
            checksum: format!("{:016x}", self.tally.checksum),
            seconds: self.shards.iter().map(|r| r.seconds).sum(),
            importance,
            winner_alice_first: winners(&result_alice_first),
            winner_bob_first: winners(&result_bob_first),
            result_alice_first,
            result_bob_first,
            winner_changes,
            smallest_id: smallest,
            joint,
        }
    }
}

/// Consecutive numbers as inclusive ranges `[first, last]`.
fn ranges(sorted: &[u32]) -> Vec<[u32; 2]> {
    let mut out: Vec<[u32; 2]> = Vec::new();
    for &i in sorted {
        match out.last_mut() {
            Some(r) if r[1] + 1 == i => r[1] = i,
            _ => out.push([i, i]),
        }
    }
    out
}

/// One cell of the joint table: the deals with these results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct JointCell {
    /// The result when Alice moves first, signed from Alice's side.
    pub alice_first: i32,
    /// The result when Bob moves first, signed from Alice's side.
    pub bob_first: i32,
    /// The number of deals with these results.
    pub deals: u64,
    /// The smallest id of such a deal.
    pub smallest_id: u64,
}

/// The smallest deal id reaching each value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SmallestIds {
    /// Importance -> the smallest id of a deal with it.
    pub importance: BTreeMap<u32, u64>,
    /// Result when Alice moves first -> the smallest id of a deal with it.
    pub result_alice_first: BTreeMap<i32, u64>,
    /// Result when Bob moves first -> the smallest id of a deal with it.
    pub result_bob_first: BTreeMap<i32, u64>,
}

/// A [`Census`] with every table, counts of deals (each class weighted by its size): the JSON
/// of `tabletop nine census` and of its files. The keys of `tabletop nine stats --json`
/// (`deals`, `importance`, `winner_alice_first`, ...) mean the same here, for the deals of the
/// shards present; `joint` is the table they are all read from.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CensusReport {
    /// The version of tabletop that made the report.
    pub version: String,
    /// `N`: the classes are split into this many shards.
    pub shard_count: u32,
    /// The shards present, by index.
    pub shards: Vec<ShardRecord>,
    /// The shards absent, as inclusive ranges `[first, last]`.
    pub missing: Vec<[u32; 2]>,
    /// The shards present but not done.
    pub partial: Vec<u32>,
    /// Whether every deal is counted (the deals add up to 9,075,135,300).
    pub complete: bool,
    /// The classes solved.
    pub classes: u64,
    /// The deals counted.
    pub deals: u64,
    /// A checksum of the classes and their results (16 hex digits): equal censuses of the
    /// same classes have the same.
    pub checksum: String,
    /// The time the shards took, in seconds.
    pub seconds: f64,
    /// Importance of the first move -> deals.
    pub importance: BTreeMap<u32, u64>,
    /// Winner when Alice moves first -> deals.
    pub winner_alice_first: BTreeMap<Player, u64>,
    /// Winner when Bob moves first -> deals.
    pub winner_bob_first: BTreeMap<Player, u64>,
    /// Result when Alice moves first (signed from Alice's side) -> deals.
    pub result_alice_first: BTreeMap<i32, u64>,
    /// Result when Bob moves first -> deals.
    pub result_bob_first: BTreeMap<i32, u64>,
    /// The deals whose winner depends on who moves first.
    pub winner_changes: u64,
    /// The smallest deal id reaching each value.
    pub smallest_id: SmallestIds,
    /// The joint table: deals by (result with Alice first, result with Bob first).
    pub joint: Vec<JointCell>,
}

/// Reads a report back: the joint table, the classes, the checksum and the shards are the
/// census; every other field must agree with them.
impl TryFrom<CensusReport> for Census {
    type Error = CensusError;

    fn try_from(report: CensusReport) -> Result<Census, CensusError> {
        let bad = |what: String| Err(CensusError::Inconsistent(what));
        let mut tally = CensusTally::new();
        for cell in &report.joint {
            let (a, b) = (cell.alice_first, cell.bob_first);
            let valid = |v: i32| (-18..=18).contains(&v) && v != 0;
            if !valid(a) || !valid(b) || cell.deals == 0 {
                return bad(format!("joint cell ({a}, {b}) with {} deals", cell.deals));
            }
            let slot = &mut tally.joint[slot(a)][slot(b)];
            if slot.deals != 0 {
                return bad(format!("joint cell ({a}, {b}) twice"));
            }
            *slot = Cell { deals: cell.deals, smallest_id: cell.smallest_id };
        }
        tally.classes = report.classes;
        tally.checksum = match u64::from_str_radix(&report.checksum, 16) {
            Ok(c) if report.checksum.len() == 16 => c,
            _ => return bad(format!("checksum {:?} is not 16 hex digits", report.checksum)),
        };
        let mut shards = report.shards.clone();
        shards.sort_by_key(|r| r.index);
        for (i, r) in shards.iter().enumerate() {
            let Ok(shard) = Shard::new(r.index, report.shard_count) else {
                return bad(format!("shard {}/{}", r.index, report.shard_count));
            };
            if i > 0 && shards[i - 1].index == r.index {
                return bad(format!("shard {shard} twice"));
            }
            if r.blocks != shard.block_count() || r.blocks_done > r.blocks {
                return bad(format!("shard {shard} has {} of {} blocks", r.blocks_done, r.blocks));
            }
        }
        if shards.iter().map(|r| r.classes).sum::<u64>() != report.classes {
            return bad("the shards' classes do not add up to the classes".to_owned());
        }
        let census = Census { shard_count: report.shard_count, shards, tally };
        // The version is the writer's, and the total time a float the parser may round.
        let again = CensusReport {
            version: report.version.clone(),
            seconds: report.seconds,
            ..census.report()
        };
        if again != report {
            return bad("the tables disagree with the joint table".to_owned());
        }
        Ok(census)
    }
}

impl From<Census> for CensusReport {
    fn from(census: Census) -> CensusReport {
        census.report()
    }
}

/// The tables of a census as text: the shards and deals counted, the importances'
/// histogram, each first mover's tables, the deals whose winner the first move changes, and
/// the smallest deal id with each importance.
impl std::fmt::Display for CensusReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let done = self.shards.iter().filter(|s| s.blocks_done == s.blocks).count();
        writeln!(
            f,
            "census of {} of {} shards ({done} done){}",
            self.shards.len(),
            self.shard_count,
            if self.complete { ", complete" } else { "" }
        )?;
        writeln!(
            f,
            "{} classes, {} of {} deals, checksum {}, {:.1} s",
            self.classes,
            self.deals,
            Deal::COUNT,
            self.checksum,
            self.seconds
        )?;
        writeln!(f, "\nimportance of the first move (importance, deals, share):")?;
        f.write_str(&tabletop_core::text::histogram(&crate::report::counts(&self.importance), 40))?;
        f.write_str(&crate::report::first_mover_tables([
            ("Alice moves first", &self.winner_alice_first, &self.result_alice_first),
            ("Bob moves first", &self.winner_bob_first, &self.result_bob_first),
        ]))?;
        let share = 100.0 * self.winner_changes as f64 / self.deals.max(1) as f64;
        writeln!(
            f,
            "\nthe first move changes the winner: {} deals ({share:.2}%)",
            self.winner_changes
        )?;
        writeln!(f, "\nsmallest deal id with each importance (tabletop nine deal --id N):")?;
        for (v, id) in &self.smallest_id.importance {
            writeln!(f, "{v:>3} {id}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "rayon")]
    #[test]
    fn a_cancelled_run_records_nothing() {
        use tabletop_core::cancel::{Cancel, scope};
        let mut census = Census::new(Shard::new(1, 70_000).unwrap());
        let flag = Cancel::new();
        flag.cancel();
        let mut checkpoints = 0;
        let done = scope(&flag, || {
            census.run(
                10,
                || {},
                |_| {
                    checkpoints += 1;
                    std::ops::ControlFlow::Continue(())
                },
            )
        });
        assert_eq!(done, Ok(false));
        assert_eq!(
            (census.shards[0].blocks_done, census.shards[0].classes, checkpoints),
            (0, 0, 0)
        );
        // Not cancelled, the same run finishes the shard.
        assert_eq!(census.run(10, || {}, |_| std::ops::ControlFlow::Continue(())), Ok(true));
    }

    #[test]
    fn ranges_of_shards() {
        assert_eq!(ranges(&[]), Vec::<[u32; 2]>::new());
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), vec![[1, 3], [5, 5], [7, 8]]);
    }

    #[test]
    fn tallies_count_both_sides_of_a_class() {
        let deal = Deal::from_id(123_456_789).unwrap();
        let class = DealClass::of(deal);
        let mut tally = CensusTally::new();
        tally.add(class, DealValue { alice_first: 3, bob_first: -2 });
        assert_eq!(tally.deals(), class.size());
        let cells: Vec<_> = tally.joint().collect();
        assert_eq!(cells.len(), 2, "{cells:?}");
        assert!(cells.contains(&(DealValue { alice_first: 3, bob_first: -2 }, 24, class.id())));
        assert!(cells.contains(&(
            DealValue { alice_first: 2, bob_first: -3 },
            24,
            class.swapped_id()
        )));
        let report = Census { shard_count: 1, shards: vec![], tally: tally.clone() }.report();
        assert_eq!(report.winner_changes, 48);
        assert_eq!(report.importance, BTreeMap::from([(5, 48)]));
        assert_eq!(report.smallest_id.importance[&5], class.id());
    }

    #[test]
    fn missing_and_partial_shards() {
        let mut a = Census::new(Shard::new(2, 5).unwrap());
        let b = Census::new(Shard::new(4, 5).unwrap());
        a.shards[0].blocks_done = a.shards[0].blocks;
        let merged = Census::merge([b.clone(), a.clone()]).unwrap();
        assert_eq!(merged.missing(), vec![1, 3, 5]);
        assert_eq!(merged.partial(), vec![4]);
        assert!(!merged.is_complete());
        assert_eq!(
            Census::merge([a.clone(), a.clone()]),
            Err(CensusError::Duplicate { index: 2, count: 5 })
        );
        let other = Census::new(Shard::new(1, 4).unwrap());
        assert_eq!(Census::merge([a, other]), Err(CensusError::ShardCount { first: 5, other: 4 }));
        assert_eq!(Census::merge([]), Err(CensusError::Empty));
        assert!(matches!(merged.shard_classes(), Err(CensusError::NotOneShard { shards: 2 })));
    }
}
