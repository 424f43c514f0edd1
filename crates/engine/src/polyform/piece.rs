//! Pieces: named sets of cells, their orientations and symmetries.

use super::lattice::{Cell, Lattice, Transform};
use serde::{Deserialize, Serialize};

/// A named polyform, stored in normal form (translated to the origin,
/// sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Short name as it appears in solution files ("F", "I6", "a", …).
    pub name: String,
    /// The cells, in normal form.
    pub cells: Vec<Cell>,
}

impl Piece {
    /// A piece from any translate of its cells.
    pub fn new(lattice: Lattice, name: &str, cells: &[Cell]) -> Piece {
        Piece {
            name: name.to_string(),
            cells: lattice.normalize(cells),
        }
    }

    /// A piece of a 2-D lattice from `(x, y)` pairs (z = 0).
    pub fn from_xy(lattice: Lattice, name: &str, cells: &[(i32, i32)]) -> Piece {
        let v: Vec<Cell> = cells.iter().map(|&(x, y)| [x, y, 0]).collect();
        Piece::new(lattice, name, &v)
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.cells.len()
    }
}

/// Which motions a piece may make besides translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Freedom {
    /// Rotations in the plane (in space for polycubes).
    pub rotations: bool,
    /// Reflections ("flips"). Without them pieces are one-sided. For
    /// polycubes a reflection is a mirror image, impossible for a solid.
    pub reflections: bool,
}

impl Freedom {
    /// Rotations and reflections.
    pub const FREE: Freedom = Freedom {
        rotations: true,
        reflections: true,
    };
    /// Rotations only (one-sided pieces; physical solids).
    pub const ONE_SIDED: Freedom = Freedom {
        rotations: true,
        reflections: false,
    };
    /// Translations only.
    pub const FIXED: Freedom = Freedom {
        rotations: false,
        reflections: false,
    };

    /// The group elements this freedom allows. Reflections without
    /// rotations allow the identity and every reflection (not a group, but
    /// each piece then appears as itself or as a mirror image in any
    /// reflected position).
    pub fn transforms(self, lattice: Lattice) -> Vec<Transform> {
        lattice
            .group()
            .iter()
            .copied()
            .filter(|t| match (self.rotations, self.reflections) {
                (true, true) => true,
                (true, false) => t.proper,
                (false, false) => *t == Transform::IDENTITY,
                (false, true) => *t == Transform::IDENTITY || !t.proper,
            })
            .collect()
    }
}

/// The distinct images (normal forms) of `cells` under `transforms`, sorted.
pub fn orientations(lattice: Lattice, cells: &[Cell], transforms: &[Transform]) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = transforms
        .iter()
        .map(|t| lattice.transform_normalized(t, cells))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The number of lattice symmetries mapping the shape onto a translate of
/// itself (1 for a fully asymmetric piece).
pub fn symmetry_order(lattice: Lattice, cells: &[Cell]) -> usize {
    let n = lattice.normalize(cells);
    lattice
        .group()
        .iter()
        .filter(|t| lattice.transform_normalized(t, &n) == n)
        .count()
}

/// Whether the piece differs from its mirror image under rotations (for
/// polycubes: is not superposable on its mirror image in space).
pub fn is_chiral(lattice: Lattice, cells: &[Cell]) -> bool {
    let n = lattice.normalize(cells);
    !lattice
        .group()
        .iter()
        .any(|t| !t.proper && lattice.transform_normalized(t, &n) == n)
}

/// The canonical representative of a free (or one-sided) polyform: the
/// smallest normal form among its images under `transforms`.
pub fn canonical(lattice: Lattice, cells: &[Cell], transforms: &[Transform]) -> Vec<Cell> {
    transforms
        .iter()
        .map(|t| lattice.transform_normalized(t, cells))
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentomino_orientations() {
        let f = Piece::from_xy(
            Lattice::Square,
            "F",
            &[(1, 0), (1, 1), (0, 1), (2, 1), (2, 2)],
        );
        assert_eq!(
            orientations(
                Lattice::Square,
                &f.cells,
                &Freedom::FREE.transforms(Lattice::Square)
            )
            .len(),
            8
        );
        assert_eq!(
            orientations(
                Lattice::Square,
                &f.cells,
                &Freedom::ONE_SIDED.transforms(Lattice::Square)
            )
            .len(),
            4
        );
        assert!(is_chiral(Lattice::Square, &f.cells));
        let x = Piece::from_xy(
            Lattice::Square,
            "X",
            &[(1, 0), (0, 1), (1, 1), (1, 2), (2, 1)],
        );
        assert_eq!(symmetry_order(Lattice::Square, &x.cells), 8);
        assert!(!is_chiral(Lattice::Square, &x.cells));
    }
}
