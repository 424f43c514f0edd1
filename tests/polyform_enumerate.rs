//! Polyform enumeration reproduces the published tables (Polyform Puzzler's
//! FAQ, OEIS). The largest sizes run only in optimised builds (`make test`;
//! alone: `cargo nextest run --cargo-profile checked -E 'test(/^polyform_enumerate::/)'`).

use std::time::Instant;
use tessera::engine::polyform::enumerate::{count, max_size, polyforms};
use tessera::engine::polyform::Lattice;

fn column(
    lattice: Lattice,
    n: usize,
    pick: fn(&tessera::engine::polyform::enumerate::Counts) -> u64,
) -> Vec<u64> {
    count(lattice, n).unwrap().iter().map(pick).collect()
}

#[test]
fn polyominoes_free_and_one_sided() {
    let n = if cfg!(optimized) { 10 } else { 9 };
    let free = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];
    let one_sided = [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189];
    let fixed = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446];
    let counts = count(Lattice::Square, n).unwrap();
    for (k, c) in counts.iter().enumerate() {
        assert_eq!(c.free, free[k], "free n={}", k + 1);
        assert_eq!(c.one_sided, one_sided[k], "one-sided n={}", k + 1);
        assert_eq!(c.fixed, fixed[k], "fixed n={}", k + 1);
    }
}

#[test]
fn polyiamonds() {
    let n = if cfg!(optimized) { 11 } else { 9 };
    let free = [1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186];
    let one_sided = [1, 1, 1, 4, 6, 19, 43, 120, 307, 866, 2336];
    assert_eq!(column(Lattice::Triangle, n, |c| c.free), free[..n]);
    assert_eq!(
        column(Lattice::Triangle, n, |c| c.one_sided),
        one_sided[..n]
    );
}

#[test]
fn polyhexes() {
    let n = if cfg!(optimized) { 8 } else { 6 };
    let free = [1, 1, 3, 7, 22, 82, 333, 1448];
    let one_sided = [1, 1, 3, 10, 33, 147, 620, 2821];
    assert_eq!(column(Lattice::Hexagon, n, |c| c.free), free[..n]);
    assert_eq!(column(Lattice::Hexagon, n, |c| c.one_sided), one_sided[..n]);
}

#[test]
fn polycubes() {
    let n = if cfg!(optimized) { 8 } else { 6 };
    // A000162: mirror images distinct (rotations only).
    let rotations = [1, 1, 2, 8, 29, 166, 1023, 6922];
    // A038119: up to rotations and reflections.
    let free = [1, 1, 2, 7, 23, 112, 607, 3811];
    assert_eq!(column(Lattice::Cube, n, |c| c.one_sided), rotations[..n]);
    assert_eq!(column(Lattice::Cube, n, |c| c.free), free[..n]);
}

#[test]
fn polysticks() {
    let n = if cfg!(optimized) { 7 } else { 6 };
    let free = [1, 2, 5, 16, 55, 222, 950];
    let one_sided = [1, 2, 7, 25, 99, 416, 1854];
    assert_eq!(column(Lattice::Stick, n, |c| c.free), free[..n]);
    assert_eq!(column(Lattice::Stick, n, |c| c.one_sided), one_sided[..n]);
}

#[test]
fn listed_polyforms_are_distinct_connected_and_canonical() {
    for (lattice, n, expected) in [
        (Lattice::Square, 5, 12),
        (Lattice::Triangle, 6, 12),
        (Lattice::Hexagon, 4, 7),
        (Lattice::Stick, 4, 16),
        (Lattice::Cube, 4, 7),
    ] {
        let list = polyforms(lattice, n, false).unwrap();
        assert_eq!(list.len(), expected, "{lattice:?}");
        for p in &list {
            assert_eq!(p.len(), n);
            assert!(lattice.is_connected(p), "{lattice:?} {p:?}");
        }
        // No two are congruent.
        let mut canon: Vec<Vec<_>> = list
            .iter()
            .map(|p| {
                lattice
                    .group()
                    .iter()
                    .map(|t| lattice.transform_normalized(t, p))
                    .min()
                    .unwrap()
            })
            .collect();
        canon.sort();
        canon.dedup();
        assert_eq!(canon.len(), expected);
    }
}

#[test]
fn size_limits_are_errors() {
    for l in Lattice::ALL {
        let e = count(l, max_size(l) + 1).unwrap_err().to_string();
        assert!(e.contains(&format!("limit is {}", max_size(l))), "{e}");
        assert!(count(l, 0).is_err());
    }
}

/// Polyominoes up to size 14 against OEIS A000105 (free), A000988
/// (one-sided) and A001168 (fixed). Their speed (the target: size 14 in at
/// most 3 s natively) is measured by `make bench` (benches/polyform.rs).
#[test]
#[cfg_attr(
    not(optimized),
    ignore = "seconds optimised, minutes in an unoptimised build"
)]
fn polyominoes_up_to_14() {
    let counts = count(Lattice::Square, 14).unwrap();
    assert_eq!(counts[13].free, 901_971);
    assert_eq!(counts[13].one_sided, 1_802_312);
    assert_eq!(counts[13].fixed, 7_204_874);
    assert_eq!(counts[10].free, 17_073);
    assert_eq!(counts[11].free, 63_600);
    assert_eq!(counts[12].free, 238_591);
}

#[test]
fn timing_is_reported() {
    let t = Instant::now();
    let c = count(Lattice::Square, 8).unwrap();
    assert_eq!(c[7].free, 369);
    assert!(t.elapsed().as_secs() < 30);
}
