//! The transfer counter against plain DLX enumeration and against the exact
//! vectors of reference/quantumino_counting.md.

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tessera::engine::polyform::polycube::{Polycube, TilingSolver, Vec3};
use tessera::engine::quantumino::pieces::polycubes;
use tessera::engine::quantumino::{
    count_asides, count_asides_in_batches, count_tilings, free_rotation_order,
    modulo_box_rotations, CountStep, Counter, QuantuminoCountError, QuantuminoSolver,
};

fn subset(mask: u32) -> Vec<Polycube> {
    polycubes()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, p)| p)
        .collect()
}

/// Plain DLX count of the tilings of `bx` by exactly the pieces of `mask`.
fn dlx_count(mask: u32, bx: Vec3) -> u64 {
    TilingSolver::new(subset(mask), bx, true, false, false)
        .unwrap()
        .number_of_solutions() as u64
}

/// Every piece set the counter reports, and some it does not, agree with
/// enumeration.
fn check_against_dlx(bx: Vec3, k: usize, samples: usize) {
    let counts = count_tilings(&polycubes(), bx, 2).unwrap();
    assert!(!counts.is_empty());
    for &(mask, c) in counts.iter().step_by((counts.len() / samples).max(1)) {
        assert_eq!(mask.count_ones() as usize, k);
        assert_eq!(c, dlx_count(mask, bx), "box {bx:?} set {mask:#x}");
    }
    // Sets that are missing must have no tiling.
    let mut checked = 0;
    for mask in (0u32..1 << 17).step_by(997) {
        if mask.count_ones() as usize == k && counts.binary_search_by_key(&mask, |p| p.0).is_err() {
            assert_eq!(dlx_count(mask, bx), 0, "box {bx:?} set {mask:#x}");
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn counter_matches_enumeration_on_small_boxes() {
    check_against_dlx([5, 2, 2], 4, 40);
    check_against_dlx([2, 5, 2], 4, 40);
    check_against_dlx([3, 2, 5], 6, 20);
    check_against_dlx([2, 3, 5], 6, 20);
}

#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (seconds natively, minutes in debug)"
)]
fn counter_matches_enumeration_on_larger_boxes() {
    check_against_dlx([5, 4, 2], 8, 25);
    check_against_dlx([2, 2, 10], 8, 25);
    check_against_dlx([4, 5, 2], 8, 10);
}

fn totals(bx: Vec3) -> (usize, u64) {
    let counts = count_tilings(&polycubes(), bx, 2).unwrap();
    (counts.len(), counts.iter().map(|c| c.1).sum())
}

#[test]
fn reference_vectors() {
    assert_eq!(totals([5, 4, 2]), (21_277, 2_429_312));
    assert_eq!(totals([2, 2, 10]), (3_087, 237_168));
    // The same boxes turned: a rotation of the box changes nothing.
    assert_eq!(totals([4, 2, 5]), (21_277, 2_429_312));
    assert_eq!(totals([10, 2, 2]), (3_087, 237_168));
}

#[test]
fn stepping_gives_the_same_counts() {
    let bx = [5, 4, 2];
    let mut c = Counter::new(&polycubes(), bx).unwrap();
    let mut pauses = 0;
    let by_steps = loop {
        match c.step(5_000).unwrap() {
            CountStep::Paused(p) => {
                assert!((0.0..=1.0).contains(&p.fraction));
                pauses += 1;
            }
            CountStep::Done(r) => break r,
        }
    };
    assert!(pauses > 10);
    assert_eq!(by_steps, count_tilings(&polycubes(), bx, 1).unwrap());
}

#[test]
fn cancel_and_progress() {
    let cancel = AtomicBool::new(true);
    let mut c = Counter::new(&polycubes(), [5, 4, 2]).unwrap();
    assert_eq!(
        c.run(2, &cancel, Duration::from_millis(1), &mut |_| {}),
        Err(QuantuminoCountError::Cancelled)
    );
    let cancel = AtomicBool::new(false);
    let mut c = Counter::new(&polycubes(), [5, 4, 2]).unwrap();
    let mut seen = Vec::new();
    c.run(2, &cancel, Duration::from_millis(1), &mut |p| seen.push(*p))
        .unwrap();
    assert!(!seen.is_empty());
    assert!(seen.windows(2).all(|w| w[0].layer <= w[1].layer));
    assert_eq!(seen.last().unwrap().layer, 5);
}

#[test]
fn rotation_quotient() {
    let sixteen: Vec<Polycube> = polycubes().into_iter().skip(1).collect();
    assert_eq!(free_rotation_order(&sixteen, [5, 8, 2]), Ok(4));
    // A box with a cell on a rotation axis (odd sides): refused.
    assert!(free_rotation_order(&sixteen, [5, 3, 2]).is_err());
    // Congruent pieces: refused.
    let twins = vec![sixteen[0].clone(), sixteen[0].translated([1, 0, 0])];
    assert!(free_rotation_order(&twins, [5, 8, 2]).is_err());
    assert_eq!(modulo_box_rotations(&[(0, 8)], [5, 8, 2]), Ok(vec![(0, 2)]));
    assert!(modulo_box_rotations(&[(0, 6)], [5, 8, 2]).is_err());
}

#[test]
fn impossible_boxes_count_zero() {
    let cancel = AtomicBool::new(false);
    for bx in [[3, 3, 3], [3, 3, 9], [40, 2, 1], [3, 2, 2]] {
        let r = count_asides(&[4, 7], bx, 1, &cancel, &mut |_| {}).unwrap();
        assert_eq!(r, vec![(4, 0), (7, 0)], "{bx:?}");
        assert_eq!(
            QuantuminoSolver::new(4, bx.map(i64::from))
                .unwrap()
                .tiling_solver()
                .number_of_solutions(),
            0
        );
    }
}

/// Twelve-piece problems in a 2×2×15 box: closer in size to the game
/// than the reference vectors, still quick to enumerate piece set by piece
/// set. (A whole 16-piece aside in 2×2×20 needs minutes of DLX per aside,
/// too slow for a test; the counter's 2×2×20 counts are in the report.)
#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (enumerates thousands of tilings per set)"
)]
fn counter_matches_enumeration_for_twelve_pieces() {
    check_against_dlx([2, 2, 15], 12, 4);
}

#[test]
fn batches_give_the_same_counts() {
    let cancel = AtomicBool::new(false);
    for bx in [[5, 4, 2], [2, 2, 10], [2, 5, 4]] {
        let whole = count_tilings(&polycubes(), bx, 2).unwrap();
        for batches in [2, 7] {
            let mut c = Counter::new(&polycubes(), bx).unwrap();
            c.set_batches(batches);
            let mut last = 0.0;
            let parts = c
                .run(2, &cancel, Duration::from_millis(1), &mut |p| {
                    assert!((0.0..=1.0).contains(&p.fraction));
                    last = p.fraction;
                })
                .unwrap();
            assert_eq!(parts, whole, "box {bx:?} in {batches} batches");
            let mut c = Counter::new(&polycubes(), bx).unwrap();
            c.set_batches(batches);
            let stepped = loop {
                match c.step(2_000).unwrap() {
                    CountStep::Paused(p) => assert!((0.0..=1.0).contains(&p.fraction)),
                    CountStep::Done(r) => break r,
                }
            };
            assert_eq!(stepped, whole, "box {bx:?} stepped in {batches} batches");
        }
    }
    let one = count_asides_in_batches(&[3], [2, 2, 20], 2, 3, &cancel, &mut |_| {}).unwrap();
    assert_eq!(
        one,
        count_asides(&[3], [2, 2, 20], 2, &cancel, &mut |_| {}).unwrap()
    );
}

/// Add per-piece-set counts.
fn add(total: &mut std::collections::BTreeMap<u32, u64>, counts: &[(u32, u64)]) {
    for &(m, c) in counts {
        *total.entry(m).or_insert(0) += c;
    }
}

/// Counters that share the parts of the peak slice (as a pool of Web
/// Workers does) add up to the whole count, by `step` and by `run`; the
/// parts each reports finished add up to its own result; and a box of one
/// slice (nothing to split) is counted once, by the owner of part 0.
#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (seconds natively, minutes in debug): make test"
)]
fn shared_parts_add_up_to_the_whole_count() {
    let cancel = AtomicBool::new(false);
    for bx in [[5, 4, 2], [2, 2, 10], [2, 5, 4], [4, 5, 1]] {
        let whole: std::collections::BTreeMap<u32, u64> = count_tilings(&polycubes(), bx, 2)
            .unwrap()
            .into_iter()
            .collect();
        // (The 17 pieces are all non-planar: a box one cell thick has none.)
        assert_eq!(whole.is_empty(), bx[2] == 1, "box {bx:?}");
        for (batches, owners) in [
            (4usize, vec![vec![0, 2], vec![1, 3]]),
            (5, vec![vec![4], vec![0, 1, 2, 3]]),
        ] {
            let mut stepped = std::collections::BTreeMap::new();
            let mut ran = std::collections::BTreeMap::new();
            for mine in &owners {
                let mut c = Counter::new(&polycubes(), bx).unwrap();
                c.set_parts(batches, mine);
                let mut reported = std::collections::BTreeMap::new();
                let result = loop {
                    match c.step(3_000).unwrap() {
                        CountStep::Paused(p) => {
                            assert!((0.0..=1.0).contains(&p.fraction));
                            for (b, counts) in c.take_finished_parts() {
                                assert!(mine.contains(&b), "box {bx:?}: part {b} is not {mine:?}");
                                add(&mut reported, &counts);
                            }
                        }
                        CountStep::Done(r) => break r,
                    }
                };
                for (b, counts) in c.take_finished_parts() {
                    assert!(mine.contains(&b));
                    add(&mut reported, &counts);
                }
                let mut own = std::collections::BTreeMap::new();
                add(&mut own, &result);
                if bx[2] > 1 {
                    assert_eq!(reported, own, "box {bx:?}: finished parts = result");
                }
                add(&mut stepped, &result);
                let mut c = Counter::new(&polycubes(), bx).unwrap();
                c.set_parts(batches, mine);
                let r = c
                    .run(2, &cancel, Duration::from_millis(1), &mut |_| {})
                    .unwrap();
                add(&mut ran, &r);
            }
            assert_eq!(stepped, whole, "box {bx:?}, {batches} parts, stepped");
            assert_eq!(ran, whole, "box {bx:?}, {batches} parts, run");
        }
    }
}
