//! Puzzle counts against published numbers, every solution verified by an
//! independent checker (plane / space geometry with floating-point points,
//! not the engine's lattice code), and "unique" counts cross-checked against
//! the orbits of all solutions.
//!
//! Heavy counts are ignored in unoptimised builds; `make test` runs them (the
//! `checked` profile), and so does
//! `cargo nextest run --cargo-profile checked -E 'test(/^polyform_puzzles::/)'`.

use crate::common;

use crate::common::polyform::as_set;
use std::collections::{BTreeSet, HashMap, HashSet};
use tessera::engine::polyform::symmetry::region_symmetries;
use tessera::engine::polyform::{
    library, solve, Cell, Freedom, Lattice, Puzzle, Solution, SolveOptions,
};

// ---------------------------------------------------------------------------
// Independent checker
// ---------------------------------------------------------------------------

type P = Vec<f64>;

/// The centre of a cell as a point of the plane (or space), computed from
/// the coordinate conventions alone.
fn centre(l: Lattice, c: Cell) -> P {
    let s3 = 3f64.sqrt();
    let (x, y, z) = (c[0] as f64, c[1] as f64, c[2] as f64);
    // Skewed triangular lattice: point (a, b) is at (a + b/2, b·√3/2).
    let tri = |a: f64, b: f64| (a + b / 2.0, b * s3 / 2.0);
    match l {
        Lattice::Square => vec![x + 0.5, y + 0.5],
        Lattice::Cube => vec![x + 0.5, y + 0.5, z + 0.5],
        Lattice::Hexagon => {
            let (u, v) = tri(x, y);
            vec![u, v]
        }
        Lattice::Triangle => {
            let corners = if c[2] == 0 {
                [(x, y), (x + 1.0, y), (x, y + 1.0)]
            } else {
                [(x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
            };
            let pts: Vec<(f64, f64)> = corners.iter().map(|&(a, b)| tri(a, b)).collect();
            vec![
                pts.iter().map(|p| p.0).sum::<f64>() / 3.0,
                pts.iter().map(|p| p.1).sum::<f64>() / 3.0,
            ]
        }
        Lattice::Stick => {
            if c[2] == 0 {
                vec![x + 0.5, y]
            } else {
                vec![x, y + 0.5]
            }
        }
        Lattice::Trig | Lattice::Twig => {
            unreachable!("trig and twig puzzles are checked by tests/polyform_segments.rs")
        }
    }
}

/// Linear maps of the plane / space: (matrix by rows, is a rotation).
fn motions(l: Lattice) -> Vec<(Vec<Vec<f64>>, bool)> {
    let mut out = Vec::new();
    if l == Lattice::Cube {
        // Close the 90° turns about x and y under composition.
        let rx = vec![
            vec![1.0, 0.0, 0.0],
            vec![0.0, 0.0, -1.0],
            vec![0.0, 1.0, 0.0],
        ];
        let ry = vec![
            vec![0.0, 0.0, 1.0],
            vec![0.0, 1.0, 0.0],
            vec![-1.0, 0.0, 0.0],
        ];
        let mul = |a: &Vec<Vec<f64>>, b: &Vec<Vec<f64>>| -> Vec<Vec<f64>> {
            (0..3)
                .map(|i| {
                    (0..3)
                        .map(|j| (0..3).map(|k| a[i][k] * b[k][j]).sum())
                        .collect()
                })
                .collect()
        };
        let id = vec![
            vec![1.0, 0.0, 0.0],
            vec![0.0, 1.0, 0.0],
            vec![0.0, 0.0, 1.0],
        ];
        let mut group = vec![id];
        let mut i = 0;
        while i < group.len() {
            for g in [&rx, &ry] {
                let m = mul(&group[i], g);
                if !group.contains(&m) {
                    group.push(m);
                }
            }
            i += 1;
        }
        assert_eq!(group.len(), 24);
        let mirror = vec![
            vec![-1.0, 0.0, 0.0],
            vec![0.0, 1.0, 0.0],
            vec![0.0, 0.0, 1.0],
        ];
        for g in &group {
            out.push((g.clone(), true));
            out.push((mul(g, &mirror), false));
        }
        return out;
    }
    let steps = match l {
        Lattice::Square | Lattice::Stick => 4,
        _ => 6,
    };
    for k in 0..steps {
        let a = 2.0 * std::f64::consts::PI * k as f64 / steps as f64;
        let (c, s) = (a.cos(), a.sin());
        out.push((vec![vec![c, -s], vec![s, c]], true));
        // rotation after the reflection (x, y) -> (x, -y)
        out.push((vec![vec![c, s], vec![s, -c]], false));
    }
    out
}

fn sorted_points(mut v: Vec<P>) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = v
        .drain(..)
        .map(|p| p.iter().map(|x| (x * 1e6).round() as i64).collect())
        .collect();
    out.sort();
    out
}

fn mean(v: &[P]) -> P {
    let d = v[0].len();
    (0..d)
        .map(|k| v.iter().map(|p| p[k]).sum::<f64>() / v.len() as f64)
        .collect()
}

/// The points of the cells relative to their mean, rounded and sorted: equal
/// for two sets of cells exactly when one is a translate of the other.
fn rel_key(l: Lattice, cells: &[Cell]) -> Vec<Vec<i64>> {
    let pts: Vec<P> = cells.iter().map(|&c| centre(l, c)).collect();
    let m = mean(&pts);
    sorted_points(
        pts.iter()
            .map(|p| p.iter().zip(&m).map(|(a, b)| a - b).collect())
            .collect(),
    )
}

/// The keys of every image of `shape` under the motions the freedom allows.
fn allowed_images(l: Lattice, shape: &[Cell], freedom: Freedom) -> HashSet<Vec<Vec<i64>>> {
    let pts: Vec<P> = shape.iter().map(|&c| centre(l, c)).collect();
    let m0 = mean(&pts);
    let mut out = HashSet::new();
    for (m, rotation) in motions(l) {
        let is_identity = m.iter().enumerate().all(|(i, r)| {
            r.iter()
                .enumerate()
                .all(|(j, &e)| (e - (i == j) as i32 as f64).abs() < 1e-9)
        });
        let allowed = is_identity || (freedom.rotations && (rotation || freedom.reflections));
        if !allowed {
            continue;
        }
        let img: Vec<P> = pts
            .iter()
            .map(|p| {
                let q: Vec<f64> = (0..p.len()).map(|k| p[k] - m0[k]).collect();
                (0..p.len())
                    .map(|i| (0..p.len()).map(|j| m[i][j] * q[j]).sum::<f64>())
                    .collect()
            })
            .collect();
        out.insert(sorted_points(img));
    }
    out
}

/// Whether `placed` is an image of `shape` under a motion the freedom allows.
fn congruent(l: Lattice, shape: &[Cell], placed: &[Cell], freedom: Freedom) -> bool {
    shape.len() == placed.len() && allowed_images(l, shape, freedom).contains(&rel_key(l, placed))
}

/// Allowed images of every piece of a puzzle, computed once.
struct Shapes(Vec<(String, HashSet<Vec<Vec<i64>>>)>);

impl Shapes {
    fn new(p: &Puzzle) -> Shapes {
        Shapes(
            p.pieces
                .iter()
                .map(|q| {
                    (
                        q.name.clone(),
                        allowed_images(p.lattice, &q.cells, p.freedom),
                    )
                })
                .collect(),
        )
    }
    fn fits(&self, l: Lattice, name: &str, cells: &[Cell]) -> bool {
        self.0
            .iter()
            .any(|(n, set)| n == name && set.contains(&rel_key(l, cells)))
    }
    fn which(&self, l: Lattice, cells: &[Cell]) -> Option<String> {
        let k = rel_key(l, cells);
        self.0
            .iter()
            .find(|(_, set)| set.contains(&k))
            .map(|(n, _)| n.clone())
    }
}

/// Check one solution completely; returns a description of the first fault.
fn check(p: &Puzzle, shapes: &Shapes, sol: &Solution) -> Result<(), String> {
    let mut used: HashMap<&str, usize> = HashMap::new();
    let mut covered: HashSet<Cell> = HashSet::new();
    let mut omitted = Vec::new();
    for placed in &sol.pieces {
        if !p.pieces.iter().any(|q| q.name == placed.name) {
            return Err(format!("unknown piece {}", placed.name));
        }
        *used.entry(&placed.name).or_default() += 1;
        if placed.cells.is_empty() {
            omitted.push(placed.name.clone());
            continue;
        }
        if !shapes.fits(p.lattice, &placed.name, &placed.cells) {
            return Err(format!(
                "{} at {:?} is not a permitted image of the piece",
                placed.name, placed.cells
            ));
        }
        for &c in &placed.cells {
            if !covered.insert(c) {
                return Err(format!("overlap at {c:?}"));
            }
        }
    }
    let region: HashSet<Cell> = p.region.iter().copied().collect();
    if covered != region {
        return Err("the pieces do not cover the region exactly".into());
    }
    if !p.reuse {
        for q in &p.pieces {
            if used.get(q.name.as_str()) != Some(&1) {
                return Err(format!(
                    "piece {} used {:?} times",
                    q.name,
                    used.get(q.name.as_str())
                ));
            }
        }
    }
    if p.omit_one_of.is_empty() {
        if !omitted.is_empty() {
            return Err("a piece was left out".into());
        }
    } else if omitted.len() != 1 || !p.omit_one_of.contains(&omitted[0]) {
        return Err(format!(
            "omitted {omitted:?}, expected one of {:?}",
            p.omit_one_of
        ));
    }
    if p.lattice == Lattice::Stick {
        // No two pieces cross: at no point does one piece pass straight
        // through horizontally and another vertically.
        let owner: HashMap<Cell, &str> = sol
            .pieces
            .iter()
            .flat_map(|q| q.cells.iter().map(move |&c| (c, q.name.as_str())))
            .collect();
        for (&[x, y, _], _) in owner.iter() {
            for (px, py) in [(x, y), (x + 1, y), (x, y + 1)] {
                let h = (owner.get(&[px - 1, py, 0]), owner.get(&[px, py, 0]));
                let v = (owner.get(&[px, py - 1, 1]), owner.get(&[px, py, 1]));
                if let ((Some(a), Some(b)), (Some(c), Some(d))) = (h, v) {
                    if a == b && c == d && a != c {
                        return Err(format!("pieces {a} and {c} cross at ({px},{py})"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Solve, check every solution (with this file's checker) and that they
/// are distinct.
fn checked(p: &Puzzle, unique: bool) -> Vec<Solution> {
    let shapes = Shapes::new(p);
    common::polyform::checked(p, unique, |s| check(p, &shapes, s))
}

/// The symmetric images of a solution, pieces relabelled by congruence
/// (a mirror image may turn one chiral piece into its twin).
fn images(p: &Puzzle, shapes: &Shapes, sol: &Solution) -> Vec<BTreeSet<(String, Vec<Cell>)>> {
    region_symmetries(p.lattice, &p.region)
        .iter()
        .filter_map(|s| {
            let mut out = BTreeSet::new();
            for q in &sol.pieces {
                let mut cells: Vec<Cell> = q.cells.iter().map(|&c| s.apply(p.lattice, c)).collect();
                cells.sort();
                let name = if cells.is_empty() {
                    q.name.clone()
                } else {
                    shapes.which(p.lattice, &cells)?
                };
                out.insert((name, cells));
            }
            // Only symmetries that turn solutions into solutions count.
            let names: BTreeSet<&String> = out.iter().map(|(n, _)| n).collect();
            (p.reuse || names.len() == sol.pieces.len()).then_some(out)
        })
        .collect()
}

/// All solutions fall into orbits under the symmetries; each orbit must hold
/// exactly one of the unique solutions.
fn cross_check(p: &Puzzle, unique: &[Solution], all: &[Solution]) {
    let all_sets: HashSet<_> = all.iter().map(as_set).collect();
    let shapes = Shapes::new(p);
    let mut orbit_of: HashMap<BTreeSet<(String, Vec<Cell>)>, usize> = HashMap::new();
    let mut orbits = 0;
    for s in all {
        let key = as_set(s);
        if orbit_of.contains_key(&key) {
            continue;
        }
        for img in images(p, &shapes, s) {
            assert!(
                all_sets.contains(&img),
                "{}: an image of a solution is missing from the full list",
                p.name
            );
            orbit_of.insert(img, orbits);
        }
        orbits += 1;
    }
    assert_eq!(
        orbits,
        unique.len(),
        "{}: orbits of all solutions vs unique count",
        p.name
    );
    let hit: HashSet<usize> = unique.iter().map(|u| orbit_of[&as_set(u)]).collect();
    assert_eq!(
        hit.len(),
        unique.len(),
        "{}: two unique solutions are symmetric",
        p.name
    );
}

fn known(p: &Puzzle) -> (Option<u128>, Option<u128>) {
    p.known.as_ref().map_or((None, None), |k| (k.unique, k.all))
}

/// Unique and all solutions, both checked, cross-checked and compared with
/// the published counts.
fn full(name: &str) -> (usize, usize) {
    let p = library::find(name).unwrap();
    let unique = checked(&p, true);
    let all = checked(&p, false);
    cross_check(&p, &unique, &all);
    let (ku, ka) = known(&p);
    if let Some(k) = ku {
        assert_eq!(unique.len() as u128, k, "{name} unique");
    }
    if let Some(k) = ka {
        assert_eq!(all.len() as u128, k, "{name} all");
    }
    (unique.len(), all.len())
}

// ---------------------------------------------------------------------------
// Default (debug) run
// ---------------------------------------------------------------------------

#[test]
fn checker_rejects_bad_solutions() {
    let p = library::find("pentominoes-3x20").unwrap();
    let good = checked(&p, true).remove(0);
    let shapes = Shapes::new(&p);
    assert!(check(&p, &shapes, &good).is_ok());
    // Swap the names of two different pieces.
    let mut bad = good.clone();
    let (a, b) = (bad.pieces[0].name.clone(), bad.pieces[1].name.clone());
    bad.pieces[0].name = b;
    bad.pieces[1].name = a;
    assert!(check(&p, &shapes, &bad).is_err());
    // Drop a piece.
    let mut bad = good.clone();
    bad.pieces.pop();
    assert!(check(&p, &shapes, &bad).is_err());
    // A one-sided puzzle must not accept a flipped piece.
    let os = library::find("one-sided-tetrominoes-4x7").unwrap();
    let l = os.pieces.iter().find(|q| q.name == "L4").unwrap();
    let flipped: Vec<Cell> = l.cells.iter().map(|c| [-c[0], c[1], 0]).collect();
    let fixed = tessera::engine::polyform::Lattice::Square.normalize(&flipped);
    assert!(!congruent(Lattice::Square, &l.cells, &fixed, os.freedom));
    assert!(congruent(Lattice::Square, &l.cells, &fixed, Freedom::FREE));
}

#[test]
fn pentominoes_6x10_unique() {
    let p = library::find("pentominoes-6x10").unwrap();
    let sols = checked(&p, true);
    assert_eq!(sols.len(), 2339);
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(full("pentominoes-3x20"), (2, 8));
}

#[test]
fn pentominoes_scott_8x8() {
    assert_eq!(full("pentominoes-8x8-hole"), (65, 520));
}

#[test]
fn soma_cube() {
    assert_eq!(full("soma-3x3x3"), (240, 11_520));
}

#[test]
fn hexiamonds_4x9() {
    assert_eq!(full("hexiamonds-4x9"), (74, 148));
}

#[test]
fn hexiamonds_6x6() {
    let p = library::find("hexiamonds-6x6").unwrap();
    assert_eq!(checked(&p, true).len(), 156);
}

#[test]
fn tetrahexes_4x7() {
    assert_eq!(full("tetrahexes-4x7"), (9, 18));
}

#[test]
fn reusable_y_pentomino() {
    // Sage: 10 tilings of a 5×10 box by Y pentominoes; up to the box's 4
    // symmetries they fall into 4 classes (2 solutions are symmetric).
    let (u, a) = full("y-pentomino-5x10");
    assert_eq!(a, 10);
    assert_eq!(u, 4);
}

#[test]
fn one_sided_tetrominoes_have_no_solution() {
    // Checkerboard parity: T4 covers 3 squares of one colour.
    let p = library::find("one-sided-tetrominoes-4x7").unwrap();
    assert_eq!(solve::count(&p, SolveOptions { unique: false }).unwrap(), 0);
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn solid_pentominoes_2x3x10() {
    let (u, a) = full("solid-pentominoes-2x3x10");
    assert_eq!((u, a), (12, 96));
}

#[test]
fn split_into_subproblems() {
    // A worker pool counts parts of the search separately; the parts add up,
    // also when solutions are filtered for symmetry (Soma).
    use tessera::engine::polyform::SolveRun;
    use tessera::engine::search::Search;
    for (name, unique, total) in [
        ("soma-3x3x3", true, 240),
        ("tetrahexes-4x7", false, 18),
        ("tetrasticks-5x5", true, 1795),
    ] {
        if name == "tetrasticks-5x5" && !cfg!(optimized) {
            continue;
        }
        let p = library::find(name).unwrap();
        let opts = SolveOptions { unique };
        let parts = SolveRun::new(&p, opts).unwrap().subproblems(2);
        assert!(parts.len() > 1, "{name}");
        let sum: u128 = parts
            .iter()
            .map(|prefix| {
                SolveRun::with_prefix(&p, opts, prefix)
                    .unwrap()
                    .count_solutions(None)
            })
            .sum();
        assert_eq!(sum, total, "{name}");
    }
}

// ---------------------------------------------------------------------------
// Release-mode counts
// ---------------------------------------------------------------------------

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn pentominoes_6x10_all() {
    let p = library::find("pentominoes-6x10").unwrap();
    let all = checked(&p, false);
    assert_eq!(all.len(), 9356);
    let unique = checked(&p, true);
    cross_check(&p, &unique, &all);
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn pentominoes_5x12_and_4x15() {
    assert_eq!(full("pentominoes-5x12"), (1010, 4040));
    assert_eq!(full("pentominoes-4x15"), (368, 1472));
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn solid_pentominoes_2x5x6() {
    assert_eq!(full("solid-pentominoes-2x5x6"), (264, 2112));
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn solid_pentominoes_3x4x5() {
    let p = library::find("solid-pentominoes-3x4x5").unwrap();
    let t = std::time::Instant::now();
    let unique = checked(&p, true);
    eprintln!(
        "solid pentominoes 3x4x5 unique: {} in {:.1} s",
        unique.len(),
        t.elapsed().as_secs_f64()
    );
    assert_eq!(unique.len(), 3940);
    let t = std::time::Instant::now();
    let all = solve::count(&p, SolveOptions { unique: false }).unwrap();
    eprintln!(
        "solid pentominoes 3x4x5 all: {all} in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    assert_eq!(all, 31_520);
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn polyhexes_34_hexagon() {
    let p = library::find("polyhexes-34-hexagon").unwrap();
    let unique = checked(&p, true);
    let all = solve::count(&p, SolveOptions { unique: false }).unwrap();
    // Cross-check: every orbit of the 12 symmetries has 12 members unless a
    // solution is symmetric; sum the orbit sizes of the unique solutions.
    let shapes = Shapes::new(&p);
    let orbit_total: usize = unique
        .iter()
        .map(|s| {
            images(&p, &shapes, s)
                .into_iter()
                .collect::<HashSet<_>>()
                .len()
        })
        .sum();
    assert_eq!(orbit_total as u128, all);
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn tetrasticks_5x5() {
    let p = library::find("tetrasticks-5x5").unwrap();
    let unique = checked(&p, true);
    assert_eq!(unique.len(), 1795);
    // Polyform Puzzler's breakdown by the piece left out.
    let mut by: HashMap<String, usize> = HashMap::new();
    for s in &unique {
        *by.entry(s.omitted()[0].to_string()).or_default() += 1;
    }
    let expect = [("H", 72), ("J", 382), ("L", 607), ("N", 530), ("Y", 204)];
    for (n, c) in expect {
        assert_eq!(by.get(n).copied(), Some(c), "omitting {n}");
    }
}

#[test]
#[cfg_attr(not(optimized), ignore = "optimised builds only")]
fn tetrasticks_5x5_without_h() {
    // Every solution checked; 72 is Polyform Puzzler's count for the H left
    // out of the 5×5 grid (the H row of the breakdown in tetrasticks_5x5).
    let p = library::find("tetrasticks-5x5-no-h").unwrap();
    let unique = checked(&p, true);
    assert_eq!(unique.len() as u128, known(&p).0.unwrap());
    assert!(unique.iter().all(|s| s.omitted().is_empty()));
}
