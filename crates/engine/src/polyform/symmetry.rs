//! Symmetries of a puzzle and solutions counted once up to symmetry.
//!
//! A *puzzle symmetry* is a lattice symmetry that maps the region onto
//! itself and the piece set onto itself (a mirror image may swap two chiral
//! pieces, like Soma's `a` and `b`). The symmetries form a group G that
//! acts on solutions.
//!
//! To find each solution once up to G, Polyform Puzzler restricts one piece
//! that every symmetry maps to itself: of each G-orbit of that piece's
//! placements only one representative row is kept. If a representative's
//! stabiliser S (the symmetries fixing it) is trivial, every solution through
//! it is the unique member of its G-orbit with the piece there; otherwise the
//! solutions through it come in S-orbits and only the one with the smallest
//! [key](solution_key) is kept. When no piece is fixed by every symmetry
//! (or pieces are reusable) all rows are kept and every solution is tested
//! against the whole group.

use super::lattice::{Cell, Lattice, Transform};
use super::puzzle::{Matrix, Puzzle};
use std::collections::HashMap;

/// A lattice symmetry followed by a translation: `c ↦ t(c) + offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The lattice transform.
    pub transform: Transform,
    /// The translation applied after it.
    pub offset: [i32; 3],
}

impl Symmetry {
    /// The image of a cell.
    pub fn apply(&self, lattice: Lattice, c: Cell) -> Cell {
        lattice.translate(lattice.apply(&self.transform, c), self.offset)
    }

    /// The image of a set of cells, sorted.
    pub fn apply_all(&self, lattice: Lattice, cells: &[Cell]) -> Vec<Cell> {
        let mut v: Vec<Cell> = cells.iter().map(|&c| self.apply(lattice, c)).collect();
        v.sort_unstable();
        v
    }
}

/// The symmetries mapping the region onto itself, identity first.
pub fn region_symmetries(lattice: Lattice, region: &[Cell]) -> Vec<Symmetry> {
    let d0 = lattice.normalizing_offset(region);
    let norm = lattice.normalize(region);
    let mut out = Vec::new();
    for t in lattice.group() {
        let img: Vec<Cell> = region.iter().map(|&c| lattice.apply(t, c)).collect();
        let d1 = lattice.normalizing_offset(&img);
        if lattice.normalize(&img) == norm {
            out.push(Symmetry {
                transform: *t,
                offset: [d1[0] - d0[0], d1[1] - d0[1], d1[2] - d0[2]],
            });
        }
    }
    out
}

/// A symmetry of the whole puzzle with its action on the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSymmetry {
    /// The geometric map.
    pub symmetry: Symmetry,
    /// `piece_map[i]`: the piece whose placements are the images of piece
    /// `i`'s placements.
    pub piece_map: Vec<usize>,
}

/// The symmetries of a puzzle (identity first).
pub fn puzzle_symmetries(p: &Puzzle) -> Vec<PuzzleSymmetry> {
    let lattice = p.lattice;
    let orients: Vec<Vec<Vec<Cell>>> = (0..p.pieces.len()).map(|i| p.orientations(i)).collect();
    // Pieces with the same orientation set (and omittability) are
    // interchangeable: number them within their class.
    let class_of: Vec<usize> = (0..p.pieces.len())
        .map(|i| {
            (0..=i)
                .find(|&j| orients[j] == orients[i] && p.omittable(j) == p.omittable(i))
                .expect("i itself")
        })
        .collect();
    let members =
        |c: usize| -> Vec<usize> { (0..p.pieces.len()).filter(|&j| class_of[j] == c).collect() };
    let mut out = Vec::new();
    'sym: for s in region_symmetries(lattice, &p.region) {
        let mut piece_map = vec![usize::MAX; p.pieces.len()];
        for i in 0..p.pieces.len() {
            if piece_map[i] != usize::MAX {
                continue;
            }
            let mut img: Vec<Vec<Cell>> = orients[i]
                .iter()
                .map(|o| lattice.transform_normalized(&s.transform, o))
                .collect();
            img.sort();
            img.dedup();
            let target = (0..p.pieces.len())
                .find(|&j| orients[j] == img && p.omittable(j) == p.omittable(i));
            let Some(j) = target else { continue 'sym };
            let (from, to) = (members(class_of[i]), members(class_of[j]));
            if from.len() != to.len() {
                continue 'sym;
            }
            for (a, b) in from.into_iter().zip(to) {
                piece_map[a] = b;
            }
        }
        out.push(PuzzleSymmetry {
            symmetry: s,
            piece_map,
        });
    }
    out
}

/// How the rows are cut down for unique solutions.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The restricted piece, if any.
    pub piece: Option<usize>,
    /// Matrix rows kept, in order.
    pub keep: Vec<usize>,
    /// For each matrix row: the non-identity symmetries (indices into the
    /// symmetry list) against which a solution through this row must be
    /// tested. Empty for most rows.
    pub test: HashMap<usize, Vec<usize>>,
    /// Symmetries to test every solution against (used when no piece could
    /// be restricted).
    pub test_all: Vec<usize>,
}

impl Reduction {
    /// No reduction: every row kept, nothing tested (all solutions).
    pub fn none(m: &Matrix) -> Reduction {
        Reduction {
            piece: None,
            keep: (0..m.rows.len()).collect(),
            test: HashMap::new(),
            test_all: Vec::new(),
        }
    }

    /// Whether some solutions need the canonical test.
    pub fn needs_test(&self) -> bool {
        !self.test.is_empty() || !self.test_all.is_empty()
    }
}

/// The reduction obtained by restricting piece `i`, with its size: (rows
/// of the piece before, rows kept, kept rows needing the canonical test);
/// `None` if some symmetry moves the piece to another one.
pub fn restrict_piece(
    p: &Puzzle,
    m: &Matrix,
    syms: &[PuzzleSymmetry],
    i: usize,
) -> Option<(Reduction, (usize, usize, usize))> {
    if p.reuse || syms.iter().any(|s| s.piece_map[i] != i) {
        return None;
    }
    let lattice = p.lattice;
    let rows: Vec<usize> = (0..m.rows.len())
        .filter(|&r| m.placements[r].piece == i)
        .collect();
    let index: HashMap<&[Cell], usize> = rows
        .iter()
        .map(|&r| (m.placements[r].cells.as_slice(), r))
        .collect();
    let mut assigned = vec![false; m.rows.len()];
    let mut reps = Vec::new();
    let mut test = HashMap::new();
    for &r in &rows {
        if assigned[r] {
            continue;
        }
        let mut stab = Vec::new();
        for (k, s) in syms.iter().enumerate() {
            let img = s.symmetry.apply_all(lattice, &m.placements[r].cells);
            let ir = *index
                .get(img.as_slice())
                .expect("symmetry maps placements to placements");
            assigned[ir] = true;
            if ir == r && k != 0 {
                stab.push(k);
            }
        }
        if !stab.is_empty() {
            test.insert(r, stab);
        }
        reps.push(r);
    }
    let score = (rows.len(), reps.len(), test.len());
    let mut is_rep = vec![false; m.rows.len()];
    for &r in &reps {
        is_rep[r] = true;
    }
    let keep: Vec<usize> = (0..m.rows.len())
        .filter(|&r| m.placements[r].piece != i || is_rep[r])
        .collect();
    Some((
        Reduction {
            piece: Some(i),
            keep,
            test,
            test_all: Vec::new(),
        },
        score,
    ))
}

/// Choose the piece to restrict and the rows to keep.
///
/// With `k` of a piece's `n` placements kept, solutions are found on
/// average `s = k·|G|/n` times each (a representative with stabiliser S
/// yields |S| copies of its solutions, later filtered), so small `s` is
/// good; and a piece with few placements is branched on near the root, where
/// the restriction prunes most. The score `s²·ln n` ranks the candidates of
/// the library's 3-D boxes in the order of their measured search-tree sizes
/// (3×4×5 solid pentominoes: W, V, L, Z, P, then I and X at twice the
/// nodes) and picks X for the 6×10 pentominoes, as Knuth and Goodger do.
pub fn reduce(p: &Puzzle, m: &Matrix, syms: &[PuzzleSymmetry]) -> Reduction {
    if syms.len() <= 1 {
        return Reduction::none(m);
    }
    let g = syms.len() as f64;
    let mut best: Option<(f64, Reduction)> = None;
    for i in 0..p.pieces.len() {
        if let Some((r, (total, kept, _tested))) = restrict_piece(p, m, syms, i) {
            if total == 0 {
                continue;
            }
            let s = kept as f64 * g / total as f64;
            let score = s * s * (total as f64).ln().max(1.0);
            if best.as_ref().is_none_or(|(b, _)| score < *b - 1e-9) {
                best = Some((score, r));
            }
        }
    }
    match best {
        Some((_, r)) => r,
        None => Reduction {
            piece: None,
            keep: (0..m.rows.len()).collect(),
            test: HashMap::new(),
            test_all: (1..syms.len()).collect(),
        },
    }
}

/// A key identifying a solution (a list of matrix rows) after applying a
/// symmetry: for each region cell, the (image) piece covering it and the
/// index of that placement's first cell, then the omitted pieces.
pub fn solution_key(m: &Matrix, rows: &[usize], sym: &PuzzleSymmetry) -> Vec<(u32, u32)> {
    let mut key = vec![(u32::MAX, u32::MAX); m.region.len()];
    let mut omitted = Vec::new();
    for &r in rows {
        let pl = &m.placements[r];
        let label = sym.piece_map[pl.piece] as u32;
        if pl.cells.is_empty() {
            omitted.push((label, u32::MAX));
            continue;
        }
        let idx: Vec<usize> = pl
            .cells
            .iter()
            .map(|&c| {
                m.cell_index(sym.symmetry.apply(m.lattice, c))
                    .expect("symmetry of the region")
            })
            .collect();
        let anchor = *idx.iter().min().expect("non-empty") as u32;
        for k in idx {
            key[k] = (label, anchor);
        }
    }
    omitted.sort_unstable();
    key.extend(omitted);
    key
}

/// Whether the solution is the smallest of its images under `tests`.
pub fn is_canonical(m: &Matrix, rows: &[usize], syms: &[PuzzleSymmetry], tests: &[usize]) -> bool {
    if tests.is_empty() {
        return true;
    }
    let own = solution_key(m, rows, &syms[0]);
    tests
        .iter()
        .all(|&k| own <= solution_key(m, rows, &syms[k]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyform::{region, sets};

    #[test]
    fn symmetry_orders() {
        let l = Lattice::Square;
        assert_eq!(region_symmetries(l, &region::rectangle(10, 6)).len(), 4);
        assert_eq!(region_symmetries(l, &region::rectangle(8, 8)).len(), 8);
        assert_eq!(
            region_symmetries(Lattice::Cube, &region::cuboid(3, 3, 3)).len(),
            48
        );
        assert_eq!(
            region_symmetries(Lattice::Cube, &region::cuboid(3, 4, 5)).len(),
            8
        );
        assert_eq!(
            region_symmetries(Lattice::Triangle, &region::triangle_parallelogram(9, 4)).len(),
            2
        );
        assert_eq!(
            region_symmetries(Lattice::Triangle, &region::triangle_parallelogram(6, 6)).len(),
            4
        );
        assert_eq!(
            region_symmetries(Lattice::Triangle, &region::triangle_hexagon(2)).len(),
            12
        );
        assert_eq!(
            region_symmetries(Lattice::Hexagon, &region::hex_hexagon(3)).len(),
            12
        );
        assert_eq!(
            region_symmetries(Lattice::Hexagon, &region::hex_parallelogram(7, 4)).len(),
            2
        );
        assert_eq!(
            region_symmetries(Lattice::Stick, &region::stick_grid(5, 5)).len(),
            8
        );
    }

    #[test]
    fn soma_symmetries_swap_the_chiral_pair() {
        let p = Puzzle::new("soma", Lattice::Cube, region::cuboid(3, 3, 3), sets::soma());
        let syms = puzzle_symmetries(&p);
        assert_eq!(syms.len(), 48);
        let a = p.piece_index("a").unwrap();
        let b = p.piece_index("b").unwrap();
        assert!(syms.iter().any(|s| s.piece_map[a] == b));
        assert!(syms
            .iter()
            .all(|s| !s.symmetry.transform.proper || s.piece_map[a] == a));
    }
}
