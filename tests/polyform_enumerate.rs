//! Polyform enumeration reproduces the published tables (Polyform Puzzler's
//! FAQ, OEIS). The largest sizes run only in release builds:
//! `cargo test --release --test polyform_enumerate`.

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
    let n = if cfg!(debug_assertions) { 9 } else { 10 };
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
    let n = if cfg!(debug_assertions) { 9 } else { 11 };
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
    let n = if cfg!(debug_assertions) { 6 } else { 8 };
    let free = [1, 1, 3, 7, 22, 82, 333, 1448];
    let one_sided = [1, 1, 3, 10, 33, 147, 620, 2821];
    assert_eq!(column(Lattice::Hexagon, n, |c| c.free), free[..n]);
    assert_eq!(column(Lattice::Hexagon, n, |c| c.one_sided), one_sided[..n]);
}

#[test]
fn polycubes() {
    let n = if cfg!(debug_assertions) { 6 } else { 8 };
    // A000162: mirror images distinct (rotations only).
    let rotations = [1, 1, 2, 8, 29, 166, 1023, 6922];
    // A038119: up to rotations and reflections.
    let free = [1, 1, 2, 7, 23, 112, 607, 3811];
    assert_eq!(column(Lattice::Cube, n, |c| c.one_sided), rotations[..n]);
    assert_eq!(column(Lattice::Cube, n, |c| c.free), free[..n]);
}

#[test]
fn polysticks() {
    let n = if cfg!(debug_assertions) { 6 } else { 7 };
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

/// The speed target: free polyominoes of size 14 (901,971) in at most 3 s
/// natively. Release only.
#[test]
#[cfg(not(debug_assertions))]
fn polyominoes_14_speed() {
    let t = Instant::now();
    let counts = count(Lattice::Square, 14).unwrap();
    let secs = t.elapsed().as_secs_f64();
    eprintln!("free polyominoes n=14: {} in {secs:.2} s", counts[13].free);
    assert_eq!(counts[13].free, 901_971);
    assert_eq!(counts[13].one_sided, 1_802_312);
    assert_eq!(counts[13].fixed, 7_204_874);
    assert_eq!(counts[10].free, 17_073);
    assert_eq!(counts[11].free, 63_600);
    assert_eq!(counts[12].free, 238_591);
    assert!(secs < 6.0, "took {secs:.2} s");
}

#[test]
fn timing_is_reported() {
    let t = Instant::now();
    let c = count(Lattice::Square, 8).unwrap();
    assert_eq!(c[7].free, 369);
    assert!(t.elapsed().as_secs() < 30);
}
