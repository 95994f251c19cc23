//! The census of every deal: the enumeration of the classes against Burnside's count and a
//! brute-force orbit over the 48 symmetries, deal ids, sampled classes against the plain
//! minimax, and shards that merge and resume to the same counts.

use std::collections::{BTreeMap, HashSet};

use tabletop_core::rand::Rng as _;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{
    CLASSES, CensusTally, Deal, DealClass, Shard, Symmetry, minimax_deal, random_deal, solve_deal,
};

#[test]
fn the_enumeration_reproduces_burnsides_count() {
    // Every class once (the shards are disjoint and in increasing id within a block), and the
    // class sizes add up to C(36, 18). A few seconds with optimisations.
    let mut classes = 0u64;
    let mut deals = 0u64;
    let mut symmetric = 0u64;
    for i in 1..=3 {
        for class in Shard::new(i, 3).unwrap().classes() {
            classes += 1;
            deals += class.size();
            symmetric += u64::from(class.is_swap_symmetric());
        }
    }
    assert_eq!(classes, CLASSES);
    assert_eq!(classes, 190_884_467);
    assert_eq!(deals, Deal::COUNT);
    assert_eq!(deals, 9_075_135_300);
    // Burnside: 190,884,467 = (C(36,18) + the deals fixed by the other 47 symmetries) / 48;
    // the swap-symmetric classes are those the exchanges of the hands fix.
    println!("{symmetric} swap-symmetric classes");
    assert!(symmetric > 0);
}

/// The orbit of `deal` under the 48 symmetries, by brute force.
fn orbit(deal: Deal) -> HashSet<Deal> {
    Symmetry::all().into_iter().map(|s| s.apply(deal)).collect()
}

#[test]
fn random_deals_have_the_class_and_size_of_their_orbit() {
    for i in 0..400 {
        let deal = random_deal(&mut seeded_rng(sub_seed(23, i)));
        let class = DealClass::of(deal);
        let orbit = orbit(deal);
        assert_eq!(class.size(), orbit.len() as u64, "{deal}");
        let smallest = orbit.iter().map(|d| d.id()).min().unwrap();
        assert_eq!(class.id(), smallest, "{deal}");
        assert_eq!(class.deal().id(), smallest);
        assert_eq!(DealClass::of(class.deal()), class);
        // The relabellings of the canonical deal are half the orbit, or all of it.
        let relabelled: HashSet<Deal> =
            Symmetry::all().into_iter().filter(|s| !s.swaps()).map(|s| s.apply(deal)).collect();
        assert_eq!(class.relabellings(), relabelled.len() as u64);
        assert_eq!(class.is_swap_symmetric(), relabelled.len() == orbit.len());
        let swapped = orbit.difference(&relabelled).map(|d| d.id()).min();
        if !class.is_swap_symmetric() {
            let canonical_side = relabelled.contains(&class.deal());
            let other =
                if canonical_side { swapped } else { relabelled.iter().map(|d| d.id()).min() };
            assert_eq!(Some(class.swapped_id()), other, "{deal}");
        }
        // The class is enumerated in the shard that holds it.
        if i < 8 {
            let shard = Shard::containing(class, Shard::BLOCKS as u32).unwrap();
            assert!(shard.classes().any(|c| c == class), "{deal} not in {shard}");
        }
    }
}

#[test]
fn swap_symmetric_classes_exist_and_match_their_orbit() {
    // Bob's spades are Alice's clubs, his hearts her diamonds: the exchange of the hands is
    // the relabelling C <-> S, D <-> H.
    let deal: Deal = "6C 7C 8C 9C TC JS QS KS AS 6D 7D 8D 9H TH JH QH KH AH\n\
                      JC QC KC AC 6S 7S 8S 9S TS 9D TD JD QD KD AD 6H 7H 8H"
        .parse()
        .unwrap();
    let class = DealClass::of(deal);
    assert!(class.is_swap_symmetric());
    assert_eq!(class.size(), orbit(deal).len() as u64);
    assert_eq!(class.swapped_id(), class.id());
    let v = solve_deal(deal);
    assert_eq!(v.bob_first, -v.alice_first, "a swap-symmetric deal has r_B = -r_A");
}

#[test]
fn symmetries_map_results_as_documented() {
    // Relabelled deals keep their results; deals with the hands exchanged get
    // (-r_B, -r_A). Every symmetry of a few deals, each image solved.
    for i in 0..3 {
        let deal = random_deal(&mut seeded_rng(sub_seed(7, i)));
        let value = solve_deal(deal);
        for sym in Symmetry::all() {
            assert_eq!(solve_deal(sym.apply(deal)), sym.apply_value(value), "{sym:?} of\n{deal}");
        }
    }
}

#[test]
fn the_joint_table_of_a_slice_equals_its_deals_solved_one_by_one() {
    // Every deal of every class of a shard, by brute force over the 48 symmetries, solved
    // directly: the weighted joint table and its smallest ids are theirs.
    let mut tally = CensusTally::new();
    let mut direct: BTreeMap<(i32, i32), (u64, u64)> = BTreeMap::new();
    for class in Shard::new(7, 40_000).unwrap().classes() {
        tally.add(class, solve_deal(class.deal()));
        for deal in orbit(class.deal()) {
            let v = solve_deal(deal);
            let cell = direct.entry((v.alice_first, v.bob_first)).or_insert((0, u64::MAX));
            cell.0 += 1;
            cell.1 = cell.1.min(deal.id());
        }
    }
    let joint: BTreeMap<(i32, i32), (u64, u64)> =
        tally.joint().map(|(v, deals, id)| ((v.alice_first, v.bob_first), (deals, id))).collect();
    assert!(joint.len() > 5, "{joint:?}");
    assert_eq!(tally.classes(), 93);
    assert_eq!(joint, direct);
}

#[test]
fn deal_ids_round_trip() {
    for id in [0, 1, 2, Deal::COUNT / 2, Deal::COUNT - 2, Deal::COUNT - 1] {
        assert_eq!(Deal::from_id(id).unwrap().id(), id);
    }
    let mut rng = seeded_rng(5);
    for _ in 0..2000 {
        let id = rng.random_range(0..Deal::COUNT);
        assert_eq!(Deal::from_id(id).unwrap().id(), id);
    }
    for i in 0..200 {
        let deal = random_deal(&mut seeded_rng(sub_seed(11, i)));
        assert!(deal.id() < Deal::COUNT);
        assert_eq!(Deal::from_id(deal.id()).unwrap(), deal);
    }
    assert!(Deal::from_id(Deal::COUNT).is_err());
}

#[test]
fn sampled_classes_equal_the_plain_minimax() {
    // Classes picked at random from three shards, solved again by the plain memoised
    // minimax (no pruning, no bounds, no reserve equivalences).
    let mut rng = seeded_rng(1769);
    let mut checked = 0;
    for index in [1, 20_000, 40_000] {
        let classes: Vec<DealClass> = Shard::new(index, 40_000).unwrap().classes().collect();
        assert!(!classes.is_empty());
        for _ in 0..4 {
            let class = classes[rng.random_range(0..classes.len())];
            let (value, _) = minimax_deal(class.deal());
            assert_eq!(solve_deal(class.deal()), value, "class {}", class.id());
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
}

#[cfg(feature = "rayon")]
mod runs {
    use std::ops::ControlFlow;

    use tabletop_nine::{Census, CensusReport, CensusTally, Shard, Solver};

    /// Shard `shard` solved in one run on `threads` threads, in chunks of `chunk` classes.
    fn run(shard: Shard, threads: usize, chunk: u64) -> Census {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let mut census = Census::new(shard);
        let done = pool.install(|| census.run(chunk, || {}, |_| ControlFlow::Continue(())));
        assert_eq!(done, Ok(true));
        census
    }

    /// The report without the times, which differ from run to run.
    fn timeless(census: &Census) -> CensusReport {
        let mut report = census.report();
        report.seconds = 0.0;
        report.shards.iter_mut().for_each(|r| r.seconds = 0.0);
        report
    }

    #[test]
    fn shards_merge_to_the_undivided_slice_on_any_number_of_threads() {
        // Shards i/2K and (i + K)/2K are shard i/K split in two.
        let k = 30_000;
        let whole = run(Shard::new(5, k).unwrap(), 1, 1000);
        assert!(whole.tally().classes() > 100, "{}", whole.tally().classes());
        let halves = [5, 5 + k].map(|i| run(Shard::new(i, 2 * k).unwrap(), 2, 300));
        let merged = Census::merge(halves).unwrap();
        assert_eq!(merged.tally(), whole.tally());
        assert_eq!(merged.missing().len(), 2 * k as usize - 2);
        assert!(!merged.is_complete());
        // The same shard on two threads and other chunks: the same census.
        let again = run(Shard::new(5, k).unwrap(), 2, 77);
        assert_eq!(timeless(&again), timeless(&whole));
        // Its report reads back as itself.
        assert_eq!(Census::try_from(whole.report()), Ok(whole.clone()));
        let mut edited = whole.report();
        edited.deals += 1;
        assert!(Census::try_from(edited).is_err());
    }

    #[test]
    fn a_run_counts_its_classes_whatever_order_it_solves_them_in() {
        // A run solves each block's classes in its own order (nearest the nine changing
        // first): its tally is that of the shard's classes in id order, solved one by one.
        let shard = Shard::new(11, 30_000).unwrap();
        let census = run(shard, 1, 1);
        let mut tally = CensusTally::new();
        for class in shard.classes() {
            tally.add(class, Solver::new().solve(class.deal()));
        }
        assert!(tally.classes() > 100, "{}", tally.classes());
        assert_eq!(census.tally(), &tally);
    }

    #[test]
    fn a_resumed_shard_equals_one_run() {
        let shard = Shard::new(3, 20_000).unwrap();
        let one = run(shard, 2, 500);
        // Stopped after its first chunk, saved, read back and resumed.
        let mut census = Census::new(shard);
        let mut saved = None;
        let done = census.run(
            200,
            || {},
            |c| {
                saved = Some(c.report());
                ControlFlow::Break(())
            },
        );
        assert_eq!(done, Ok(false));
        let saved = saved.unwrap();
        assert!(!saved.partial.is_empty());
        let mut resumed = Census::try_from(saved).unwrap();
        assert!(resumed.shards()[0].blocks_done > 0);
        assert_eq!(resumed.run(200, || {}, |_| ControlFlow::Continue(())), Ok(true));
        assert_eq!(timeless(&resumed), timeless(&one));
        // A done shard runs nothing.
        let before = timeless(&resumed);
        assert_eq!(
            resumed.run(200, || panic!("nothing to solve"), |_| ControlFlow::Continue(())),
            Ok(true)
        );
        assert_eq!(timeless(&resumed), before);
    }
}
