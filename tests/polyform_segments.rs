//! Polytrigs and polytwigs: enumeration tables, Polyform Puzzler's piece
//! sets and matrices, published puzzle counts reproduced by Tessera's own
//! count with every solution verified by an independent checker, the
//! crossing rules, and solution files read back.
//!
//! The checker below works in the Euclidean plane with floating-point
//! endpoints computed from Polyform Puzzler's coordinate conventions alone
//! (its coordsys description); it uses none of the engine's lattice code.
//!
//! Every count here takes about a second in a debug build; the release run
//! (`make test`) adds the heptatrig enumeration.

use crate::common;

use crate::common::polyform::as_set;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use tessera::engine::exact_cover::{CoverSearch, Problem};
use tessera::engine::polyform::enumerate::{count, polyforms};
use tessera::engine::polyform::symmetry::region_symmetries;
use tessera::engine::polyform::{
    format, library, sets, solve, Cell, Freedom, Lattice, Puzzle, Solution, SolveOptions,
};

// ---------------------------------------------------------------------------
// Independent checker
// ---------------------------------------------------------------------------

type Pt = (f64, f64);

const S3: f64 = 1.732_050_807_568_877_2;

/// The endpoints of a segment in the plane (unit edges), from PP's
/// conventions: trig point (x, y) at (x + y/2, y·√3/2), segment z leaving it
/// at z·60°; twig point (x, y) the lower-left corner of polyhex (x, y), with
/// polyhexes drawn as PP draws them (y axis vertical, x axis at 30°,
/// centres √3 apart), segment z leaving it at z·120°.
fn endpoints(l: Lattice, c: Cell) -> (Pt, Pt) {
    let (x, y, z) = (c[0] as f64, c[1] as f64, c[2]);
    let (start, angle) = match l {
        Lattice::Trig => ((x + y / 2.0, y * S3 / 2.0), 60.0 * z as f64),
        Lattice::Twig => {
            let centre = (1.5 * x, S3 / 2.0 * x + S3 * y);
            ((centre.0 - 0.5, centre.1 - S3 / 2.0), 120.0 * z as f64)
        }
        _ => panic!("not a segment lattice"),
    };
    let a = angle.to_radians();
    (start, (start.0 + a.cos(), start.1 + a.sin()))
}

fn key(p: Pt) -> (i64, i64) {
    ((p.0 * 1e6).round() as i64, (p.1 * 1e6).round() as i64)
}

fn midpoint(l: Lattice, c: Cell) -> Pt {
    let (a, b) = endpoints(l, c);
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// The segments as rounded endpoint pairs relative to their mean midpoint,
/// sorted: equal exactly for translates.
fn shape_key(l: Lattice, cells: &[Cell], m: &dyn Fn(Pt) -> Pt) -> Vec<((i64, i64), (i64, i64))> {
    let mids: Vec<Pt> = cells.iter().map(|&c| m(midpoint(l, c))).collect();
    let n = mids.len() as f64;
    let centre = (
        mids.iter().map(|p| p.0).sum::<f64>() / n,
        mids.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let mut out: Vec<_> = cells
        .iter()
        .map(|&c| {
            let (a, b) = endpoints(l, c);
            let (a, b) = (m(a), m(b));
            let a = key((a.0 - centre.0, a.1 - centre.1));
            let b = key((b.0 - centre.0, b.1 - centre.1));
            if a < b {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    out.sort();
    out
}

/// Rotations by k·60° and, when allowed, their mirror images.
fn motions(reflections: bool) -> Vec<Box<dyn Fn(Pt) -> Pt>> {
    let mut out: Vec<Box<dyn Fn(Pt) -> Pt>> = Vec::new();
    for k in 0..6 {
        let a = (60.0 * k as f64).to_radians();
        let (c, s) = (a.cos(), a.sin());
        out.push(Box::new(move |p: Pt| {
            (c * p.0 - s * p.1, s * p.0 + c * p.1)
        }));
        if reflections {
            out.push(Box::new(move |p: Pt| {
                (c * p.0 + s * p.1, s * p.0 - c * p.1)
            }));
        }
    }
    out
}

type ShapeKey = Vec<((i64, i64), (i64, i64))>;

/// The images of every piece under the motions its puzzle allows.
struct Shapes(Vec<(String, HashSet<ShapeKey>)>);

impl Shapes {
    fn new(p: &Puzzle) -> Shapes {
        let ms = motions(p.freedom.reflections);
        Shapes(
            p.pieces
                .iter()
                .map(|q| {
                    let imgs = ms
                        .iter()
                        .map(|m| shape_key(p.lattice, &q.cells, m))
                        .collect();
                    (q.name.clone(), imgs)
                })
                .collect(),
        )
    }
    fn fits(&self, l: Lattice, name: &str, cells: &[Cell]) -> bool {
        let k = shape_key(l, cells, &|p| p);
        self.0.iter().any(|(n, s)| n == name && s.contains(&k))
    }
    fn which(&self, l: Lattice, cells: &[Cell]) -> Option<String> {
        let k = shape_key(l, cells, &|p| p);
        self.0
            .iter()
            .find(|(_, s)| s.contains(&k))
            .map(|(n, _)| n.clone())
    }
}

/// The pieces meeting at each grid point, with the angle of each of their
/// segments there (degrees, from the point).
fn junctions(l: Lattice, sol: &Solution) -> BTreeMap<(i64, i64), Vec<(i64, String)>> {
    let mut at: BTreeMap<(i64, i64), Vec<(i64, String)>> = BTreeMap::new();
    for q in &sol.pieces {
        for &c in &q.cells {
            let (a, b) = endpoints(l, c);
            for (from, to) in [(a, b), (b, a)] {
                let deg = (to.1 - from.1)
                    .atan2(to.0 - from.0)
                    .to_degrees()
                    .rem_euclid(360.0);
                at.entry(key(from))
                    .or_default()
                    .push(((deg.round() as i64) % 360, q.name.clone()));
            }
        }
    }
    for v in at.values_mut() {
        v.sort();
    }
    at
}

/// Whether two pieces cross at a point: going around it, their segments
/// alternate A, B, A, B.
fn crossing(around: &[(i64, String)]) -> Option<(String, String)> {
    let names: BTreeSet<&String> = around.iter().map(|(_, n)| n).collect();
    for a in &names {
        for b in &names {
            if a >= b {
                continue;
            }
            let seq: Vec<&String> = around
                .iter()
                .map(|(_, n)| n)
                .filter(|n| n == a || n == b)
                .collect();
            let changes = (0..seq.len())
                .filter(|&i| seq[i] != seq[(i + 1) % seq.len()])
                .count();
            if changes > 2 {
                return Some(((*a).clone(), (*b).clone()));
            }
        }
    }
    None
}

/// Check one solution: every piece once and an allowed image of itself,
/// every region segment covered once, and no two pieces crossing.
fn check(p: &Puzzle, shapes: &Shapes, sol: &Solution) -> Result<(), String> {
    let mut covered: HashSet<Cell> = HashSet::new();
    let mut used: HashMap<&str, usize> = HashMap::new();
    for q in &sol.pieces {
        *used.entry(q.name.as_str()).or_default() += 1;
        if !shapes.fits(p.lattice, &q.name, &q.cells) {
            return Err(format!(
                "{} at {:?} is not an allowed image",
                q.name, q.cells
            ));
        }
        for &c in &q.cells {
            if !covered.insert(c) {
                return Err(format!("{c:?} covered twice"));
            }
        }
    }
    if covered != p.region.iter().copied().collect() {
        return Err("the region is not covered exactly".into());
    }
    if p.pieces
        .iter()
        .any(|q| used.get(q.name.as_str()) != Some(&1))
    {
        return Err("a piece is missing or used twice".into());
    }
    for (pt, around) in junctions(p.lattice, sol) {
        if let Some((a, b)) = crossing(&around) {
            return Err(format!("{a} and {b} cross at {pt:?}"));
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

/// The orbits of all solutions under the region's symmetries (pieces
/// relabelled by congruence) must match the unique solutions one to one.
fn cross_check(p: &Puzzle, unique: &[Solution], all: &[Solution]) {
    let shapes = Shapes::new(p);
    let all_sets: HashSet<_> = all.iter().map(as_set).collect();
    let syms = region_symmetries(p.lattice, &p.region);
    let mut orbit_of: HashMap<BTreeSet<(String, Vec<Cell>)>, usize> = HashMap::new();
    let mut orbits = 0;
    for s in all {
        if orbit_of.contains_key(&as_set(s)) {
            continue;
        }
        for g in &syms {
            let mut img = BTreeSet::new();
            for q in &s.pieces {
                let mut cells: Vec<Cell> = q.cells.iter().map(|&c| g.apply(p.lattice, c)).collect();
                cells.sort();
                let Some(name) = shapes.which(p.lattice, &cells) else {
                    break;
                };
                img.insert((name, cells));
            }
            if img.len() == s.pieces.len() && all_sets.contains(&img) {
                orbit_of.insert(img, orbits);
            }
        }
        orbits += 1;
    }
    assert_eq!(orbits, unique.len(), "{}: orbits vs unique", p.name);
    let hit: HashSet<usize> = unique.iter().map(|u| orbit_of[&as_set(u)]).collect();
    assert_eq!(
        hit.len(),
        unique.len(),
        "{}: two unique solutions are symmetric",
        p.name
    );
}

/// The published count of a library puzzle, reproduced: unique solutions
/// counted by the engine, each checked. Returns the count.
fn reproduce(name: &str) -> usize {
    let p = library::find(name).unwrap();
    let t = std::time::Instant::now();
    let unique = checked(&p, true);
    let published = p.known.as_ref().and_then(|k| k.unique);
    eprintln!(
        "{name}: {} unique (published {published:?}) in {:.2} s",
        unique.len(),
        t.elapsed().as_secs_f64()
    );
    assert_eq!(Some(unique.len() as u128), published, "{name}");
    unique.len()
}

// ---------------------------------------------------------------------------
// Enumeration
// ---------------------------------------------------------------------------

fn column(l: Lattice, n: usize, one_sided: bool) -> Vec<u64> {
    count(l, n)
        .unwrap()
        .iter()
        .map(|c| if one_sided { c.one_sided } else { c.free })
        .collect()
}

#[test]
fn polytrig_counts() {
    // Polyform Puzzler's FAQ (sizes 1–6); size 7 (19074 free, 37936
    // one-sided) from Wikipedia's "Polystick" table (triangular
    // polysticks, OEIS A159867 / A151539). Size 7 runs in release only.
    let free = [1, 3, 12, 60, 375, 2613, 19074];
    let one_sided = [1, 3, 19, 104, 719, 5123, 37936];
    let n = if cfg!(optimized) { 7 } else { 6 };
    assert_eq!(column(Lattice::Trig, n, false), free[..n]);
    assert_eq!(column(Lattice::Trig, n, true), one_sided[..n]);
}

#[test]
fn polytwig_counts() {
    // Polyform Puzzler's FAQ and Wikipedia's "Polystick" table agree up to
    // heptatwigs (OEIS A197459 / A197460). No published value beyond size 7
    // was found offline, so only these are tested. Tessera counts 208 and
    // 635 free polytwigs of sizes 8 and 9 (403 and 1235 one-sided); an
    // independent enumeration in a public repository's tests (kagome site
    // clusters, the midpoints of honeycomb edges) lists the same free
    // numbers, but that is no publication, so they are not asserted.
    let free = [1, 1, 3, 4, 12, 27, 78];
    let one_sided = [1, 1, 4, 6, 19, 49, 143];
    assert_eq!(column(Lattice::Twig, 7, false), free);
    assert_eq!(column(Lattice::Twig, 7, true), one_sided);
}

/// The canonical form of a shape under every lattice symmetry.
fn canonical(l: Lattice, cells: &[Cell]) -> Vec<Cell> {
    l.group()
        .iter()
        .map(|t| l.transform_normalized(t, cells))
        .min()
        .unwrap()
}

#[test]
fn pp_sets_are_the_enumerated_shapes() {
    for (set, l, n) in [
        ("monotrig", Lattice::Trig, 1),
        ("ditrigs", Lattice::Trig, 2),
        ("tritrigs", Lattice::Trig, 3),
        ("tetratrigs", Lattice::Trig, 4),
        ("monotwig", Lattice::Twig, 1),
        ("ditwig", Lattice::Twig, 2),
        ("tritwigs", Lattice::Twig, 3),
        ("tetratwigs", Lattice::Twig, 4),
        ("pentatwigs", Lattice::Twig, 5),
        ("hexatwigs", Lattice::Twig, 6),
    ] {
        let s = sets::named(set).unwrap();
        assert_eq!(s.lattice, l, "{set}");
        let mut ours: Vec<Vec<Cell>> = s.pieces.iter().map(|p| canonical(l, &p.cells)).collect();
        ours.sort();
        let mut all: Vec<Vec<Cell>> = polyforms(l, n, false)
            .unwrap()
            .iter()
            .map(|p| canonical(l, p))
            .collect();
        all.sort();
        assert_eq!(
            ours,
            all,
            "{set}: every free {} of size {n} once",
            l.family()
        );
        // One-sided: the set plus mirror images is every one-sided shape.
        let os = s.one_sided();
        let one_sided = column(l, n, true)[n - 1];
        assert_eq!(os.pieces.len() as u64, one_sided, "{set} one-sided");
    }
}

#[test]
fn pp_one_sided_and_quasi_sets() {
    // Piece names of PP's one-sided sets (piece_sets.json).
    for (set, names) in [
        (
            "one-sided-tritrigs",
            "C3 E3 I3 J3 L3 O3 P3 S3 T3 U3 Y3 Z3 j3 l3 p3 s3 t3 u3 z3",
        ),
        (
            "one-sided-pentatwigs",
            "C5 H5 I5 L5 P5 R5 S5 T5 U5 W5 X5 Y5 h5 i5 l5 p5 r5 s5 w5",
        ),
        ("one-sided-tetratwigs", "C4 P4 W4 Y4 p4 y4"),
        ("one-sided-polytwigs-123", "C3 I1 L2 S3 Y3 s3"),
        (
            "one-sided-quasi-ditrigs",
            "C12 I02 I12 L02 L12 P12 S12 V02 Z12 l12 p12 s12 z12",
        ),
    ] {
        let s = sets::named(set).unwrap();
        let mut got: Vec<&str> = s.pieces.iter().map(|p| p.name.as_str()).collect();
        got.sort();
        let mut want: Vec<&str> = names.split(' ').collect();
        want.sort();
        assert_eq!(got, want, "{set}");
    }
    // Sizes of PP's unions and quasi sets.
    for (set, n, units) in [
        ("polytrigs-123", 16, 43),
        ("polytrigs-1234", 76, 283),
        ("one-sided-polytrigs-123", 23, 64),
        ("quasi-polytrigs-12", 10, 19),
        ("polytwigs-12345", 21, 88),
        ("one-sided-polytwigs-12345", 31, 134),
        ("polytwigs-123456", 48, 250),
        ("quasi-tritwigs", 17, 51),
        ("quasi-polytwigs-123", 21, 58),
    ] {
        let s = sets::named(set).unwrap();
        assert_eq!((s.pieces.len(), s.cell_count()), (n, units), "{set}");
    }
    // Quasi-ditrig I12: two collinear segments with a gap.
    let q = sets::named("quasi-ditrigs").unwrap();
    let i12 = q.get("I12").unwrap();
    assert_eq!(i12.cells, vec![[0, 0, 0], [2, 0, 0]]);
    assert!(!Lattice::Trig.is_connected(&i12.cells));
    // Every listed set name resolves on its lattice.
    for name in sets::SET_NAMES {
        assert!(sets::named(name).is_some(), "{name}");
    }
}

// ---------------------------------------------------------------------------
// Matrices against Polyform Puzzler's
// ---------------------------------------------------------------------------

/// PP's matrix of one puzzle: class, secondary column count, placements
/// per piece for the pieces PP did not restrict.
type PpMatrix = (&'static str, usize, &'static [(&'static str, usize)]);

/// PP's matrices (catalogue.jsonl `matrix`).
const PP_MATRICES: &[PpMatrix] = &[
    (
        "TritrigsTriangle4",
        126,
        &[
            ("C3", 21),
            ("E3", 24),
            ("J3", 33),
            ("L3", 24),
            ("O3", 12),
            ("P3", 36),
            ("S3", 12),
            ("T3", 27),
            ("U3", 48),
            ("Y3", 3),
            ("Z3", 21),
        ],
    ),
    (
        "TritrigsHexagon1",
        114,
        &[
            ("C3", 30),
            ("E3", 33),
            ("J3", 60),
            ("L3", 48),
            ("O3", 12),
            ("S3", 24),
            ("T3", 60),
            ("U3", 72),
            ("Y3", 11),
            ("Z3", 30),
        ],
    ),
    (
        "Polytrigs23TriangleRing",
        126,
        &[
            ("C3", 30),
            ("E3", 48),
            ("I2", 24),
            ("I3", 15),
            ("J3", 66),
            ("L2", 48),
            ("L3", 48),
            ("O3", 21),
            ("S3", 24),
            ("T3", 66),
            ("U3", 90),
            ("V2", 66),
            ("Y3", 6),
            ("Z3", 48),
        ],
    ),
    (
        "QuasiDitrigsTriangle",
        60,
        &[
            ("C12", 12),
            ("I02", 9),
            ("I12", 3),
            ("L02", 18),
            ("L12", 12),
            ("S12", 6),
            ("V02", 27),
            ("Z12", 18),
        ],
    ),
    (
        "PentatwigsTriangle",
        0,
        &[
            ("C5", 90),
            ("H5", 120),
            ("I5", 54),
            ("L5", 114),
            ("P5", 144),
            ("S5", 60),
            ("T5", 60),
            ("U5", 54),
            ("W5", 120),
            ("X5", 30),
            ("Y5", 72),
        ],
    ),
    (
        "Polytwigs1234Hex1",
        0,
        &[
            ("C3", 30),
            ("C4", 28),
            ("I1", 28),
            ("L2", 40),
            ("S3", 24),
            ("W4", 12),
            ("Y3", 8),
            ("Y4", 28),
        ],
    ),
    (
        "OneSidedTetratwigsArch_3",
        0,
        &[
            ("C4", 16),
            ("P4", 12),
            ("W4", 9),
            ("Y4", 7),
            ("p4", 10),
            ("y4", 9),
        ],
    ),
    (
        "OneSidedPolytwigs123Triangle",
        0,
        &[("I1", 15), ("L2", 21), ("S3", 6), ("Y3", 4), ("s3", 6)],
    ),
];

#[test]
fn matrices_match_polyform_puzzler() {
    for (class, secondary, per_piece) in PP_MATRICES {
        let p = library::find(class).unwrap();
        assert_eq!(p.title, *class);
        let m = p.matrix().unwrap();
        assert_eq!(m.secondary.len(), *secondary, "{class}: secondary items");
        for (piece, n) in *per_piece {
            let i = p.piece_index(piece).unwrap();
            let rows = m.placements.iter().filter(|pl| pl.piece == i).count();
            assert_eq!(rows, *n, "{class}: placements of {piece}");
        }
    }
    // Puzzles PP left unrestricted: the whole matrix has PP's row count.
    for (name, rows) in [("OneSidedTetratwigsArch_3", 63), ("Tetratwigs3x1", 56)] {
        let p = library::find(name).unwrap();
        assert_eq!(p.matrix().unwrap().rows.len(), rows, "{name}");
    }
}

// ---------------------------------------------------------------------------
// Crossing rules
// ---------------------------------------------------------------------------

/// Count the exact covers of a matrix with its secondary items dropped.
fn count_without_secondary(p: &Puzzle) -> u128 {
    let m = p.matrix().unwrap();
    let mut prob = Problem::with_names(m.primary.clone(), Vec::new());
    for r in &m.rows {
        let prim: Vec<usize> = r.iter().copied().filter(|&i| i < m.primary.len()).collect();
        prob.add_row(&prim).unwrap();
    }
    CoverSearch::new(&prob).count_all()
}

#[test]
fn trig_crossing_rule_is_needed_and_sufficient() {
    // Without the direction items pieces could cross, and the puzzle
    // would have more solutions than the one PP publishes.
    let p = library::find("tritrigs-triangle-4").unwrap();
    let all = checked(&p, false);
    let loose = count_without_secondary(&p);
    assert!(loose > all.len() as u128, "{loose} vs {}", all.len());
    // Touching (without crossing) is allowed and happens: some point is
    // shared by two pieces in every solution.
    for s in &all {
        let touch = junctions(p.lattice, s)
            .values()
            .any(|v| v.iter().map(|(_, n)| n).collect::<BTreeSet<_>>().len() > 1);
        assert!(touch);
    }
}

#[test]
fn trig_claims_follow_coordsys() {
    // PP's worked examples and a crossing pair: an I2 through (1,0) and a
    // 60°/240° ditrig through the same point share a claimed direction;
    // a 120° bend and a piece ending inside its gap do not.
    let l = Lattice::Trig;
    let claims = |c: &[Cell]| -> BTreeSet<[i32; 3]> { l.crossing_items(c).into_iter().collect() };
    let straight = claims(&[[0, 0, 0], [1, 0, 0]]);
    assert_eq!(straight.len(), 6);
    let slanted = claims(&[[1, 0, 1], [1, -1, 1]]);
    assert!(
        !straight.is_disjoint(&slanted),
        "crossing pieces must clash"
    );
    let bend = claims(&[[1, 0, 0], [1, 0, 2]]);
    let end_inside = claims(&[[1, 0, 1], [1, 1, 1]]);
    assert!(
        bend.is_disjoint(&end_inside),
        "touching pieces must not clash"
    );
}

#[test]
fn twigs_touch_but_never_cross() {
    // Three edges meet at a honeycomb vertex, so two pieces can meet there
    // (one passing through, one ending) but cannot cross: PP's twig
    // matrices have no secondary columns, and its published counts are
    // reproduced without any (pentatwigs_published_counts). Forbidding
    // touching would be wrong: every solution has pieces meeting at a
    // vertex.
    let p = library::find("tetratwigs-arch").unwrap();
    assert!(p.matrix().unwrap().secondary.is_empty());
    let sols = checked(&p, false);
    assert!(!sols.is_empty());
    for s in &sols {
        let at = junctions(p.lattice, s);
        assert!(at.values().all(|v| v.len() <= 3));
        assert!(at
            .values()
            .any(|v| { v.iter().map(|(_, n)| n).collect::<BTreeSet<_>>().len() > 1 }));
    }
}

// ---------------------------------------------------------------------------
// Published counts (Polyform Puzzler's documentation, via catalogue.jsonl)
// ---------------------------------------------------------------------------

#[test]
fn tritrig_published_counts() {
    // TritrigsTriangle4: 1, TritrigsTriangle2: 4, TritrigsTriangle3: 6,
    // TritrigsHexagon1: 5, TritrigsTrapezoid6x2: 8, TritrigsHeart2: 52,
    // TritrigsStackedElongatedHexagons2x2x1: 9, TritrigsSpikedTriangle1: 6,
    // TritrigsHex2Ring: 0.
    for name in [
        "TritrigsTriangle4",
        "TritrigsTriangle2",
        "TritrigsTriangle3",
        "TritrigsHexagon1",
        "TritrigsTrapezoid6x2",
        "TritrigsHeart2",
        "TritrigsStackedElongatedHexagons2x2x1",
        "TritrigsSpikedTriangle1",
        "TritrigsHex2Ring",
    ] {
        reproduce(name);
    }
}

#[test]
fn quasi_trig_published_counts() {
    // QuasiDitrigsTriangle: 266, QuasiDitrigsTriangleStack: 63,
    // QuasiPolytrigs12Trapezoid5x1: 358 (pieces may be disconnected).
    for name in [
        "QuasiDitrigsTriangle",
        "QuasiDitrigsTriangleStack",
        "QuasiPolytrigs12Trapezoid5x1",
    ] {
        reproduce(name);
    }
}

#[test]
fn polytrigs_23_triangle_ring() {
    // Polytrigs23TriangleRing: 821 solutions.
    assert_eq!(reproduce("Polytrigs23TriangleRing"), 821);
}

#[test]
fn small_twig_published_counts() {
    // TetratwigsArch: 2, Tetratwigs3x1: 0, OneSidedPolytwigs123Triangle: 3,
    // OneSidedTetratwigsTriangle_2 / Arch_2 / Arch_3: 1 each,
    // Polytwigs1234Hex1: 1175, Polytwigs1234Hex2: 1506.
    for name in [
        "TetratwigsArch",
        "Tetratwigs3x1",
        "OneSidedPolytwigs123Triangle",
        "OneSidedTetratwigsTriangle_2",
        "OneSidedTetratwigsArch_2",
        "OneSidedTetratwigsArch_3",
        "Polytwigs1234Hex1",
        "Polytwigs1234Hex2",
    ] {
        reproduce(name);
    }
}

#[test]
fn pentatwigs_published_counts() {
    // PentatwigsTriangle: 56, Pentatwigs5x3: 194, PentatwigsChevron5x2:
    // 241, PentatwigsTrapezoid6x3: 184, PentatwigsButterfly1: 8,
    // PentatwigsX1: 32, PentatwigsElongatedRoundedRectangle1: 21,
    // PentatwigsElongatedHexagon5x2_1: 2.
    for name in [
        "PentatwigsTriangle",
        "Pentatwigs5x3",
        "PentatwigsChevron5x2",
        "PentatwigsTrapezoid6x3",
        "PentatwigsButterfly1",
        "PentatwigsX1",
        "PentatwigsElongatedRoundedRectangle1",
        "PentatwigsElongatedHexagon5x2_1",
    ] {
        reproduce(name);
    }
}

/// PP's aspects of a piece under its rotations only (coordsys.md:
/// (x, y, z) → (−y + [z≠1], x + y − [z=2], (z − 1) mod 3)), normalised.
fn pp_twig_rotations(units: &[Cell], turns: &[usize]) -> BTreeSet<Vec<Cell>> {
    let rot = |[x, y, z]: Cell| {
        [
            -y + (z != 1) as i32,
            x + y - (z == 2) as i32,
            (z - 1).rem_euclid(3),
        ]
    };
    let norm = |v: &[Cell]| {
        let (mx, my) = (
            v.iter().map(|c| c[0]).min().unwrap(),
            v.iter().map(|c| c[1]).min().unwrap(),
        );
        let mut out: Vec<Cell> = v.iter().map(|c| [c[0] - mx, c[1] - my, c[2]]).collect();
        out.sort();
        out
    };
    let mut out = BTreeSet::new();
    let mut cur = units.to_vec();
    for k in 0..6 {
        if turns.contains(&k) {
            out.insert(norm(&cur));
        }
        cur = cur.iter().map(|&c| rot(c)).collect();
    }
    out
}

#[test]
fn polytwigs_1234_hex_4_and_5_counts_explained() {
    // PP publishes 2007 (Hex4) and 958 (Hex5) solutions. Its classes
    // restrict P4 to 3 of its 12 aspects (rotations 0–2, no flips), which
    // assumes a region with 4 symmetries, but these regions' holes leave
    // 2: PP's numbers are the solutions with P4 in those aspects, while the
    // solutions up to symmetry are half of all of them.
    let p4 = sets::named("tetratwigs")
        .unwrap()
        .get("P4")
        .unwrap()
        .cells
        .clone();
    let allowed = pp_twig_rotations(&p4, &[0, 1, 2]);
    for (name, published, all_expected) in [
        ("Polytwigs1234Hex4", 2007, 6476),
        ("Polytwigs1234Hex5", 958, 4128),
    ] {
        let p = library::find(name).unwrap();
        assert_eq!(region_symmetries(p.lattice, &p.region).len(), 2, "{name}");
        let all = checked(&p, false);
        assert_eq!(all.len(), all_expected, "{name}");
        let unique = checked(&p, true);
        assert_eq!(unique.len() * 2, all.len(), "{name}");
        let with_pp_p4 = all
            .iter()
            .filter(|s| {
                let q = s.pieces.iter().find(|q| q.name == "P4").unwrap();
                allowed.contains(&Lattice::Twig.normalize(&q.cells))
            })
            .count();
        assert_eq!(with_pp_p4, published, "{name}");
    }
}

#[test]
fn unique_solutions_are_the_orbits_of_all() {
    for name in [
        "tritrigs-heart-2",
        "tritrigs-triangle-2",
        "quasi-ditrigs-triangle-stack",
        "tetratwigs-arch",
        "one-sided-polytwigs-123-triangle",
        "polytwigs-1234-hex-1",
    ] {
        let p = library::find(name).unwrap();
        let unique = checked(&p, true);
        let all = checked(&p, false);
        cross_check(&p, &unique, &all);
    }
}

#[test]
fn checker_rejects_crossings_and_wrong_pieces() {
    let p = library::find("tritrigs-triangle-4").unwrap();
    let shapes = Shapes::new(&p);
    let good = checked(&p, true).remove(0);
    assert!(check(&p, &shapes, &good).is_ok());
    // Two straight pieces crossing at one point.
    let around = junctions(
        Lattice::Trig,
        &Solution {
            pieces: vec![
                tessera::engine::polyform::Placed {
                    name: "A".into(),
                    cells: vec![[0, 0, 0], [1, 0, 0]],
                },
                tessera::engine::polyform::Placed {
                    name: "B".into(),
                    cells: vec![[1, -1, 1], [1, 0, 1]],
                },
            ],
        },
    );
    assert!(around.values().any(|v| crossing(v).is_some()));
    // Swapping two names breaks the piece check.
    let mut bad = good.clone();
    let i = bad.pieces.iter().position(|q| q.name == "I3").unwrap();
    let j = bad.pieces.iter().position(|q| q.name == "Y3").unwrap();
    bad.pieces[i].name = "Y3".into();
    bad.pieces[j].name = "I3".into();
    assert!(check(&p, &shapes, &bad).is_err());
    // A one-sided puzzle does not accept a mirrored piece.
    let os = library::find("one-sided-tetratwigs-arch_3").unwrap();
    assert_eq!(os.freedom, Freedom::ONE_SIDED);
    let shapes = Shapes::new(&os);
    let y4 = &os.pieces[os.piece_index("Y4").unwrap()].cells;
    let y4m = &os.pieces[os.piece_index("y4").unwrap()].cells;
    assert!(shapes.fits(os.lattice, "Y4", y4));
    assert!(!shapes.fits(os.lattice, "Y4", y4m));
}

// ---------------------------------------------------------------------------
// Solution files
// ---------------------------------------------------------------------------

#[test]
fn solution_files_round_trip() {
    for name in [
        "TritrigsHeart2",
        "QuasiDitrigsTriangleStack",
        "Polytwigs1234Hex1",
    ] {
        let p = library::find(name).unwrap();
        let sols = solve::solutions(&p, SolveOptions::default(), Some(5)).unwrap();
        let text = format::write_file(&p, &sols, 1234, std::time::Duration::from_millis(5));
        assert!(
            text.starts_with(&format!("Solving {name}:\n\nsolution 1:\n")),
            "{text}"
        );
        let back = format::parse(&text).unwrap();
        assert_eq!(back.title, name);
        assert_eq!(back.solutions.len(), sols.len());
        for ((n, read), sol) in back.solutions.iter().zip(&sols) {
            assert_eq!(read.sorted(), sol.sorted(), "{name} solution {n}");
            format::check_against(&p, read).unwrap();
        }
        // Coordinates are PP's x,y,z, one piece per line, name last.
        let record: Vec<&str> = text.lines().skip(3).take(p.pieces.len()).collect();
        for line in record {
            let toks: Vec<&str> = line.split_whitespace().collect();
            let (name, coords) = toks.split_last().unwrap();
            assert!(p.piece_index(name).is_some(), "{line}");
            assert!(coords.iter().all(|t| t.split(',').count() == 3), "{line}");
        }
        assert_eq!(back.trailer.unwrap().0, sols.len() as u128);
    }
}

#[test]
fn visual_names_every_segment() {
    // The text picture shows each piece's name once per segment.
    let p = library::find("TetratwigsArch").unwrap();
    let sol = solve::solutions(&p, SolveOptions::default(), Some(1))
        .unwrap()
        .remove(0);
    let pic = format::visual(p.lattice, &p.region, &sol);
    for q in &sol.pieces {
        assert_eq!(pic.matches(q.name.as_str()).count(), q.cells.len(), "{pic}");
    }
    let p = library::find("TritrigsTriangle4").unwrap();
    let sol = solve::solutions(&p, SolveOptions::default(), Some(1))
        .unwrap()
        .remove(0);
    let pic = format::visual(p.lattice, &p.region, &sol);
    for q in &sol.pieces {
        assert_eq!(pic.matches(q.name.as_str()).count(), q.cells.len(), "{pic}");
    }
    assert!(pic.contains('+') && pic.contains('-'));
}
