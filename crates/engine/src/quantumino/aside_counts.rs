//! Quantumino solution counts per aside piece, from the transfer counter,
//! and the quotient by the box's rotations.
//!
//! Why one run gives every aside: counting with all 17 pieces available,
//! each 16-piece set that fills an 80-cell box is exactly one aside's
//! problem, so the final table holds all 17 counts at once.

use super::counter::{CountProgress, Counter, QuantuminoCountError, SetCounts};
use super::pieces::{self, NUM_PIECES};
use crate::polyform::polycube::{rotations, Matrix3, Polycube, Vec3};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The rotations of the cube that map the box `a × b × c` onto itself, as
/// maps of box cells (matrix, then the translation bringing the image back
/// into the box).
pub fn box_rotations(bx: Vec3) -> Vec<(Matrix3, Vec3)> {
    rotations()
        .into_iter()
        .filter_map(|m| {
            let mut t = [0; 3];
            for i in 0..3 {
                let j = (0..3).find(|&j| m[i][j] != 0)?;
                if bx[j] != bx[i] {
                    return None;
                }
                if m[i][j] < 0 {
                    t[i] = bx[i] - 1;
                }
            }
            Some((m, t))
        })
        .collect()
}

fn apply(m: &Matrix3, t: Vec3, c: Vec3) -> Vec3 {
    let mut r = [0; 3];
    for i in 0..3 {
        r[i] = (0..3).map(|k| m[i][k] * c[k]).sum::<i32>() + t[i];
    }
    r
}

/// The number of box rotations if they act freely on the tilings of `bx`
/// by `pieces` (so every rotations-distinct count divides exactly by it);
/// otherwise why not.
///
/// Why the test is sound: a rotation fixing a tiling maps each piece onto a
/// congruent one, so onto itself when the pieces are pairwise
/// non-congruent; a rotation of order 2, 3 or 4 permuting the cells of a
/// piece whose size is odd and not a multiple of 3 must fix one of them, so
/// if no non-trivial box rotation fixes a cell, no tiling is fixed.
pub fn free_rotation_order(pieces: &[Polycube], bx: Vec3) -> Result<usize, QuantuminoCountError> {
    let classes: BTreeSet<Vec<Polycube>> = pieces
        .iter()
        .map(|p| p.canonical_isometric_copies(true, false))
        .collect();
    if classes.len() != pieces.len() {
        return Err(QuantuminoCountError::Unsupported(
            "cannot count modulo box rotations: two pieces are congruent".into(),
        ));
    }
    if let Some(p) = pieces.iter().find(|p| p.len() % 2 == 0 || p.len() % 3 == 0) {
        return Err(QuantuminoCountError::Unsupported(format!(
            "cannot count modulo box rotations: a piece of {} cells may be symmetric under a box rotation",
            p.len()
        )));
    }
    let group = box_rotations(bx);
    for (m, t) in &group {
        if *m == [[1, 0, 0], [0, 1, 0], [0, 0, 1]] {
            continue;
        }
        for x in 0..bx[0] {
            for y in 0..bx[1] {
                for z in 0..bx[2] {
                    if apply(m, *t, [x, y, z]) == [x, y, z] {
                        return Err(QuantuminoCountError::Unsupported(format!(
                            "cannot count modulo box rotations: a rotation of the box {bx:?} fixes the cell ({x}, {y}, {z})"
                        )));
                    }
                }
            }
        }
    }
    Ok(group.len())
}

/// Solutions per aside piece (index 0–16), rotations of the box counted as
/// distinct, for the asides in `asides`.
///
/// One aside: the 16 other pieces are counted (about half the states of
/// the all-asides run). Several: all 17 pieces and the 16-piece sets read
/// off at the end.
pub fn count_asides(
    asides: &[usize],
    bx: Vec3,
    threads: usize,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&CountProgress),
) -> Result<Vec<(usize, u64)>, QuantuminoCountError> {
    count_asides_in_batches(asides, bx, threads, 1, cancel, progress)
}

/// [`count_asides`] with the peak slice done in `batches` parts (less
/// memory, a little more time; see [`Counter::set_batches`]).
pub fn count_asides_in_batches(
    asides: &[usize],
    bx: Vec3,
    threads: usize,
    batches: usize,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&CountProgress),
) -> Result<Vec<(usize, u64)>, QuantuminoCountError> {
    if let Some(&a) = asides.iter().find(|&&a| a >= NUM_PIECES) {
        return Err(QuantuminoCountError::Unsupported(format!(
            "aside (={a}) must be between 0 and 16"
        )));
    }
    let all = pieces::polycubes();
    let (used, counts): (Vec<usize>, SetCounts) = if let [a] = asides {
        let used: Vec<usize> = (0..NUM_PIECES).filter(|i| i != a).collect();
        let ps: Vec<Polycube> = used.iter().map(|&i| all[i].clone()).collect();
        let c = run(&ps, bx, threads, batches, cancel, progress)?;
        (used, c)
    } else {
        (
            (0..NUM_PIECES).collect(),
            run(&all, bx, threads, batches, cancel, progress)?,
        )
    };
    Ok(asides
        .iter()
        .map(|&a| {
            let mask: u32 = used
                .iter()
                .enumerate()
                .filter(|&(_, &p)| p != a)
                .map(|(k, _)| 1u32 << k)
                .sum();
            let c = counts
                .binary_search_by_key(&mask, |&(m, _)| m)
                .map_or(0, |k| counts[k].1);
            (a, c)
        })
        .collect())
}

fn run(
    pieces: &[Polycube],
    bx: Vec3,
    threads: usize,
    batches: usize,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&CountProgress),
) -> Result<SetCounts, QuantuminoCountError> {
    if bx.iter().map(|&a| a as i64).product::<i64>() != 80 {
        return Ok(Vec::new());
    }
    let mut counter = Counter::new(pieces, bx)?;
    counter.set_batches(batches);
    counter.run(threads, cancel, Duration::from_millis(500), progress)
}

/// Divide rotations-distinct counts by the order of the box's rotation
/// group, after checking it acts freely (see [`free_rotation_order`]).
pub fn modulo_box_rotations(
    counts: &[(usize, u64)],
    bx: Vec3,
) -> Result<Vec<(usize, u64)>, QuantuminoCountError> {
    let mut out = Vec::new();
    for &(a, c) in counts {
        let ps: Vec<Polycube> = pieces::polycubes()
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| i != a)
            .map(|(_, p)| p)
            .collect();
        let g = free_rotation_order(&ps, bx)? as u64;
        if c % g != 0 {
            return Err(QuantuminoCountError::Unsupported(format!(
                "count {c} for aside {a} is not divisible by the {g} box rotations"
            )));
        }
        out.push((a, c / g));
    }
    Ok(out)
}
