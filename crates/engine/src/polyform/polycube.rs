//! Polycubes as Sage's `sage.combinat.tiling` models them, for box-packing
//! puzzles (Soma, solid pentominoes, Quantumino).
//!
//! * Cells are points of Z³; a [`Polycube`] keeps them sorted
//!   lexicographically (Sage's `sorted_list()`), duplicates removed.
//! * [`canonical`](Polycube::canonical) translates so each axis minimum is 0.
//! * The isometries are the signed permutation matrices: 48 in all
//!   ([`isometries`]), 24 of determinant +1 ([`rotations`]); a matrix acts on
//!   a cell as a column vector. Both lists are sorted as Sage prints
//!   `sorted(ncube_isometry_group(3))`.
//! * [`TilingSolver`] builds exact-cover rows exactly as Sage's
//!   `TilingSolver` does: one column per piece (unless pieces are reusable),
//!   then one per box cell in sorted order; rows grouped by piece, then by
//!   orientation (sorted by cell list), then by translation (first axis
//!   outermost).

use crate::exact_cover::{CoverSearch, ExactCoverError, Problem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A point of Z³.
pub type Vec3 = [i32; 3];
/// A 3×3 integer matrix, by rows.
pub type Matrix3 = [[i32; 3]; 3];

fn mat_vec(m: &Matrix3, v: Vec3) -> Vec3 {
    [
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    ]
}

fn mat_mul(a: &Matrix3, b: &Matrix3) -> Matrix3 {
    let mut m = [[0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, e) in row.iter_mut().enumerate() {
            *e = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

/// Determinant of a 3×3 matrix.
pub fn det(m: &Matrix3) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// Sage's `ncube_isometry_group(3, orientation_preserving)`, sorted: the 24
/// rotations, or all 48 isometries.
pub fn ncube_isometry_group(orientation_preserving: bool) -> Vec<Matrix3> {
    super::lattice::signed_permutations(3)
        .into_iter()
        .map(|t| t.m)
        .filter(|m| !orientation_preserving || det(m) == 1)
        .collect()
}

/// The 24 rotations of the cube (signed permutation matrices of
/// determinant 1), sorted.
pub fn rotations() -> Vec<Matrix3> {
    ncube_isometry_group(true)
}

/// The 48 isometries of the cube fixing the origin, sorted.
pub fn isometries() -> Vec<Matrix3> {
    ncube_isometry_group(false)
}

/// The diagonal ±1 matrices: the isometries of a box with distinct sides
/// (the 4 of determinant 1 if `orientation_preserving`).
pub fn box_isometries(orientation_preserving: bool) -> Vec<Matrix3> {
    ncube_isometry_group(orientation_preserving)
        .into_iter()
        .filter(|m| (0..3).all(|i| (0..3).all(|j| i == j || m[i][j] == 0)))
        .collect()
}

/// A finite set of unit cubes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Polycube {
    cells: Vec<Vec3>,
}

impl Polycube {
    /// A polycube from its cells (any order; duplicates collapse).
    pub fn new(cells: &[Vec3]) -> Polycube {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        Polycube { cells }
    }

    /// The cells, sorted lexicographically.
    pub fn cells(&self) -> &[Vec3] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for the empty polycube.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// `[[min per axis], [max per axis]]` (Sage's `bounding_box()`).
    pub fn bounding_box(&self) -> [Vec3; 2] {
        let mut lo = [i32::MAX; 3];
        let mut hi = [i32::MIN; 3];
        for c in &self.cells {
            for k in 0..3 {
                lo[k] = lo[k].min(c[k]);
                hi[k] = hi[k].max(c[k]);
            }
        }
        [lo, hi]
    }

    /// The translate by `v`.
    pub fn translated(&self, v: Vec3) -> Polycube {
        Polycube::new(
            &self
                .cells
                .iter()
                .map(|c| [c[0] + v[0], c[1] + v[1], c[2] + v[2]])
                .collect::<Vec<_>>(),
        )
    }

    /// The image under a matrix (acting on column vectors).
    pub fn transformed(&self, m: &Matrix3) -> Polycube {
        Polycube::new(
            &self
                .cells
                .iter()
                .map(|&c| mat_vec(m, c))
                .collect::<Vec<_>>(),
        )
    }

    /// Translated so that every axis minimum is 0.
    pub fn canonical(&self) -> Polycube {
        if self.cells.is_empty() {
            return self.clone();
        }
        let [lo, _] = self.bounding_box();
        self.translated([-lo[0], -lo[1], -lo[2]])
    }

    /// The centre of mass.
    pub fn center(&self) -> [f64; 3] {
        let n = self.cells.len().max(1) as f64;
        let mut s = [0.0; 3];
        for c in &self.cells {
            for k in 0..3 {
                s[k] += c[k] as f64;
            }
        }
        [s[0] / n, s[1] / n, s[2] / n]
    }

    /// Whether every cell is face-connected to the others.
    pub fn is_connected(&self) -> bool {
        super::lattice::Lattice::Cube.is_connected(&self.cells)
    }

    /// The number of rotations (or isometries) mapping the polycube onto a
    /// translate of itself.
    pub fn symmetry_order(&self, orientation_preserving: bool) -> usize {
        let c = self.canonical();
        ncube_isometry_group(orientation_preserving)
            .iter()
            .filter(|m| self.transformed(m).canonical() == c)
            .count()
    }

    /// True if the polycube is not superposable on its mirror image.
    pub fn is_chiral(&self) -> bool {
        self.symmetry_order(false) == self.symmetry_order(true)
    }

    /// The mirror image (x → −x), canonical.
    pub fn mirror(&self) -> Polycube {
        self.transformed(&[[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
            .canonical()
    }

    /// Sage's `canonical_isometric_copies`: the distinct canonical images
    /// under the 24 rotations (48 isometries if not `orientation_preserving`),
    /// sorted by cell list. With `mod_box_isometries`, images related by an
    /// isometry of a box with distinct sides count once (the smallest of
    /// each class is kept).
    pub fn canonical_isometric_copies(
        &self,
        orientation_preserving: bool,
        mod_box_isometries: bool,
    ) -> Vec<Polycube> {
        let group = ncube_isometry_group(orientation_preserving);
        if !mod_box_isometries {
            let set: BTreeSet<Polycube> = group
                .iter()
                .map(|m| self.transformed(m).canonical())
                .collect();
            return set.into_iter().collect();
        }
        let h = box_isometries(orientation_preserving);
        // Right cosets H·g, each as the set of canonical images of its members.
        let mut classes: BTreeSet<BTreeSet<Polycube>> = BTreeSet::new();
        for g in &group {
            let class: BTreeSet<Polycube> = h
                .iter()
                .map(|hm| self.transformed(&mat_mul(hm, g)).canonical())
                .collect();
            classes.insert(class);
        }
        let reps: BTreeSet<Polycube> = classes
            .into_iter()
            .map(|c| c.into_iter().next().expect("non-empty class"))
            .collect();
        reps.into_iter().collect()
    }

    /// Sage's `translated_copies(box)`: the translates of the canonical form
    /// inside the box `a × b × c`, offsets in product order (x outermost).
    pub fn translated_copies(&self, bx: Vec3) -> Vec<Polycube> {
        if self.cells.is_empty() {
            return Vec::new();
        }
        let c = self.canonical();
        let [_, size] = c.bounding_box();
        let mut out = Vec::new();
        for x in 0..bx[0] - size[0] {
            for y in 0..bx[1] - size[1] {
                for z in 0..bx[2] - size[2] {
                    out.push(c.translated([x, y, z]));
                }
            }
        }
        out
    }

    /// Sage's `isometric_copies(box, orientation_preserving,
    /// mod_box_isometries)`: for each canonical orientation in sorted order,
    /// all its translates inside the box.
    pub fn isometric_copies(
        &self,
        bx: Vec3,
        orientation_preserving: bool,
        mod_box_isometries: bool,
    ) -> Vec<Polycube> {
        self.canonical_isometric_copies(orientation_preserving, mod_box_isometries)
            .iter()
            .flat_map(|o| o.translated_copies(bx))
            .collect()
    }
}

/// Error from [`TilingSolver::new`] and friends, worded as Sage words it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
pub enum TilingError {
    /// Sage refuses reflection without rotation.
    #[error("When reflection is allowed and rotation is not allowed")]
    ReflectionWithoutRotation,
    /// A box side of 0 or less.
    #[error("box sides must be positive, got {bx:?}")]
    BoxSide { bx: Vec3 },
    /// Rows modulo box isometries need pieces used once.
    #[error("this code assumes the pieces are not reusable")]
    Reusable,
    /// A piece index outside the pieces.
    #[error("i(={index}) must be 0 <= i < {pieces}")]
    PieceIndex { index: usize, pieces: usize },
    /// Rows modulo box isometries need distinct box sides.
    #[error("The code below assumes that the sizes of the box (={bx:?}) are all distinct when argument `mod_box_isometries` is True.")]
    BoxSidesNotDistinct { bx: Vec3 },
}

/// Packing polycubes into a box, as Sage's `TilingSolver(pieces, box,
/// rotation, reflection, reusable)`.
#[derive(Clone, Debug)]
pub struct TilingSolver {
    pieces: Vec<Polycube>,
    bx: Vec3,
    rotation: bool,
    reflection: bool,
    reusable: bool,
}

impl TilingSolver {
    /// A solver; reflection without rotation is refused, as in Sage.
    pub fn new(
        pieces: Vec<Polycube>,
        bx: Vec3,
        rotation: bool,
        reflection: bool,
        reusable: bool,
    ) -> Result<TilingSolver, TilingError> {
        if reflection && !rotation {
            return Err(TilingError::ReflectionWithoutRotation);
        }
        if bx.iter().any(|&a| a <= 0) {
            return Err(TilingError::BoxSide { bx });
        }
        Ok(TilingSolver {
            pieces,
            bx,
            rotation,
            reflection,
            reusable,
        })
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Polycube] {
        &self.pieces
    }

    /// The box sides.
    pub fn box_size(&self) -> Vec3 {
        self.bx
    }

    /// Number of box cells.
    pub fn box_cells(&self) -> usize {
        (self.bx[0] * self.bx[1] * self.bx[2]) as usize
    }

    /// Number of exact-cover columns: pieces (unless reusable) then cells.
    pub fn num_columns(&self) -> usize {
        self.piece_columns() + self.box_cells()
    }

    fn piece_columns(&self) -> usize {
        if self.reusable {
            0
        } else {
            self.pieces.len()
        }
    }

    /// The column of a box cell (Sage's `coord_to_int_dict`).
    pub fn column_of(&self, c: Vec3) -> Option<usize> {
        if (0..3).all(|k| (0..self.bx[k]).contains(&c[k])) {
            Some(self.piece_columns() + ((c[0] * self.bx[1] + c[1]) * self.bx[2] + c[2]) as usize)
        } else {
            None
        }
    }

    /// The box cell of a cell column (Sage's `int_to_coord_dict`).
    pub fn cell_of(&self, column: usize) -> Option<Vec3> {
        let k = column.checked_sub(self.piece_columns())?;
        if k >= self.box_cells() {
            return None;
        }
        let k = k as i32;
        let z = k % self.bx[2];
        let y = (k / self.bx[2]) % self.bx[1];
        let x = k / (self.bx[2] * self.bx[1]);
        Some([x, y, z])
    }

    fn copies(&self, i: usize, mod_box_isometries: bool) -> Vec<Polycube> {
        let p = &self.pieces[i];
        if self.rotation {
            p.isometric_copies(self.bx, !self.reflection, mod_box_isometries)
        } else {
            p.translated_copies(self.bx)
        }
    }

    /// Sage's `rows_for_piece(i, mod_box_isometries)`.
    pub fn rows_for_piece(&self, i: usize, mod_box_isometries: bool) -> Vec<Vec<usize>> {
        self.copies(i, mod_box_isometries)
            .iter()
            .map(|q| {
                let mut row = Vec::with_capacity(q.len() + 1);
                if !self.reusable {
                    row.push(i);
                }
                row.extend(
                    q.cells()
                        .iter()
                        .map(|&c| self.column_of(c).expect("copy inside the box")),
                );
                row
            })
            .collect()
    }

    /// All rows, piece by piece (Sage's `rows()`).
    pub fn rows(&self) -> Vec<Vec<usize>> {
        (0..self.pieces.len())
            .flat_map(|i| self.rows_for_piece(i, false))
            .collect()
    }

    /// The rows with piece `i` restricted to one orientation per class of
    /// box isometries (Sage's `_rows_mod_box_isometries(i)`); needs distinct
    /// box sides and non-reusable pieces.
    pub fn rows_mod_box_isometries(&self, i: usize) -> Result<Vec<Vec<usize>>, TilingError> {
        if self.reusable {
            return Err(TilingError::Reusable);
        }
        if i >= self.pieces.len() {
            return Err(TilingError::PieceIndex {
                index: i,
                pieces: self.pieces.len(),
            });
        }
        let [a, b, c] = self.bx;
        if a == b || b == c || a == c {
            return Err(TilingError::BoxSidesNotDistinct { bx: self.bx });
        }
        Ok((0..self.pieces.len())
            .flat_map(|j| self.rows_for_piece(j, j == i))
            .collect())
    }

    /// Rows per piece (Sage's `nrows_per_piece()`).
    pub fn nrows_per_piece(&self) -> Vec<usize> {
        (0..self.pieces.len())
            .map(|i| self.copies(i, false).len())
            .collect()
    }

    /// Index of each piece's first row, plus the total (Sage's
    /// `starting_rows()`).
    pub fn starting_rows(&self) -> Vec<usize> {
        let mut v = vec![0];
        for n in self.nrows_per_piece() {
            v.push(v.last().unwrap() + n);
        }
        v
    }

    /// The piece and the placed polycube of a row of [`rows`](Self::rows).
    pub fn row_to_polycube(&self, rows: &[Vec<usize>], r: usize) -> (usize, Polycube) {
        let row = &rows[r];
        let (piece, cols) = if self.reusable {
            let starts = self.starting_rows();
            let p = starts.partition_point(|&s| s <= r) - 1;
            (p, &row[..])
        } else {
            (row[0], &row[1..])
        };
        let cells: Vec<Vec3> = cols
            .iter()
            .map(|&c| self.cell_of(c).expect("cell column"))
            .collect();
        (piece, Polycube::new(&cells))
    }

    /// Whether a tiling is possible at all by size: some row exists, and
    /// (non-reusable) the piece volumes add up to the box volume.
    pub fn is_suitable(&self) -> bool {
        if self.reusable {
            return !self.rows().is_empty();
        }
        self.pieces.iter().map(Polycube::len).sum::<usize>() == self.box_cells()
    }

    /// The exact-cover problem of the given rows (all columns primary).
    pub fn problem(&self, rows: &[Vec<usize>]) -> Result<Problem, ExactCoverError> {
        let mut p = Problem::new(self.num_columns(), 0);
        for row in rows {
            p.add_row(row)?;
        }
        Ok(p)
    }

    /// Number of tilings (0 when not [`suitable`](Self::is_suitable)).
    pub fn number_of_solutions(&self) -> u128 {
        if !self.is_suitable() {
            return 0;
        }
        let rows = self.rows();
        let p = self.problem(&rows).expect("rows are well formed");
        CoverSearch::new(&p).count_all()
    }

    /// The first `k` tilings, each as (piece, placed polycube) in the
    /// solver's choice order.
    pub fn first_solutions(&self, k: usize) -> Vec<Vec<(usize, Polycube)>> {
        if !self.is_suitable() {
            return Vec::new();
        }
        let rows = self.rows();
        let p = self.problem(&rows).expect("rows are well formed");
        CoverSearch::new(&p)
            .first_k(k)
            .into_iter()
            .map(|sol| {
                sol.into_iter()
                    .map(|r| self.row_to_polycube(&rows, r))
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups() {
        let r = rotations();
        assert_eq!(r.len(), 24);
        assert_eq!(r[0], [[-1, 0, 0], [0, -1, 0], [0, 0, 1]]);
        assert_eq!(r[23], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        assert_eq!(isometries().len(), 48);
        assert_eq!(box_isometries(true).len(), 4);
        assert_eq!(box_isometries(false).len(), 8);
    }

    #[test]
    fn tetracube_copies() {
        let p = Polycube::new(&[[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 1, 1]]);
        assert_eq!(p.canonical_isometric_copies(true, false).len(), 12);
        assert_eq!(p.canonical_isometric_copies(false, false).len(), 24);
        assert_eq!(p.canonical_isometric_copies(true, true).len(), 3);
    }
}
