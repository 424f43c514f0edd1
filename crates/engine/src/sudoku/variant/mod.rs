//! Sudoku variants as one model: a set of cells on a rectangular layout and
//! *units* (groups of `n` cells that hold 1..n once each). Standard grids,
//! X-sudoku (plus both diagonals), jigsaw (irregular regions) and Samurai
//! (five overlapping 9×9 grids) differ only in their units, so one
//! exact-cover encoding ([`solve`]), one checker and one generator serve
//! them all.

pub mod generate;
pub mod regions;
pub mod solve;
pub mod text;

use super::grid::{repeated_cells, SudokuError};
use super::shape::Shape;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use regions::RegionMap;

/// Which variant, with what it needs beyond its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Rows, columns and boxes of any shape.
    Standard(Shape),
    /// Standard plus the two main diagonals.
    X(Shape),
    /// Rows, columns and irregular regions.
    Jigsaw(RegionMap),
    /// Five 9×9 grids on a 21×21 layout, sharing the centre grid's corner
    /// boxes.
    Samurai,
}

/// One unit: `n` cells that hold every symbol once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// For messages: "row 3", "diagonal ↘", "region c", "grid 3 (centre) box 1".
    pub name: String,
    /// Cell indices (into [`Variant::positions`]).
    pub cells: Vec<usize>,
}

/// Cells, layout and units of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    kind: Kind,
    /// Symbols per unit.
    n: usize,
    /// Layout size (columns × rows); a standard 9×9 is 9 × 9, Samurai 21 × 21.
    width: usize,
    height: usize,
    /// Layout position (row · width + col) of each cell.
    positions: Vec<usize>,
    /// Cell at each layout position, `None` for a hole.
    at: Vec<Option<usize>>,
    units: Vec<Unit>,
}

/// The five Samurai grids in reading order with their top-left corners on
/// the 21×21 layout; this is also the order of the input and output.
pub const SAMURAI_GRIDS: [(&str, usize, usize); 5] = [
    ("top-left", 0, 0),
    ("top-right", 0, 12),
    ("centre", 6, 6),
    ("bottom-left", 12, 0),
    ("bottom-right", 12, 12),
];

/// Anything wrong with a variant or a puzzle for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The grid text itself (length, characters), as for standard Sudoku.
    Grid(SudokuError),
    /// One of the five Samurai grids is malformed.
    SamuraiGrid { grid: usize, error: SudokuError },
    /// Samurai input must have exactly five grids.
    SamuraiCount { found: usize },
    /// Two Samurai grids give different digits to a shared cell.
    Overlap {
        cell: String,
        first: (usize, u8),
        second: (usize, u8),
    },
    /// A jigsaw region map is malformed; the message names the region.
    Regions(String),
    /// The puzzle does not fit the variant (wrong number of cells).
    Length { expected: usize, found: usize },
    /// Two equal givens in one unit.
    Duplicate {
        symbol: u8,
        unit: String,
        first: String,
        second: String,
    },
    /// X-sudoku needs a square layout, jigsaw at most 36 symbols, …
    Unsupported(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Grid(e) => write!(f, "{e}"),
            VariantError::SamuraiGrid { grid, error } => {
                write!(f, "{}: {error}", samurai_grid_name(*grid))
            }
            VariantError::SamuraiCount { found } => write!(
                f,
                "a Samurai puzzle is five 81-character grids (top-left, top-right, centre, \
                 bottom-left, bottom-right) separated by spaces or commas, but {found} were found"
            ),
            VariantError::Overlap {
                cell,
                first,
                second,
            } => write!(
                f,
                "{cell} is shared by {} and {}, which give it {} and {}",
                samurai_grid_name(first.0),
                samurai_grid_name(second.0),
                first.1,
                second.1
            ),
            VariantError::Regions(message) => write!(f, "{message}"),
            VariantError::Length { expected, found } => write!(
                f,
                "found {found} cells, but this variant has {expected} cells"
            ),
            VariantError::Duplicate {
                symbol,
                unit,
                first,
                second,
            } => write!(
                f,
                "{symbol} appears twice in {unit}: at {first} and {second}"
            ),
            VariantError::Unsupported(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for VariantError {}

/// "grid 3 (centre)" for a 0-based Samurai grid index.
pub fn samurai_grid_name(grid: usize) -> String {
    format!("grid {} ({})", grid + 1, SAMURAI_GRIDS[grid].0)
}

/// Rows, columns and boxes of a square `n × n` block whose top-left corner
/// is at (`top`, `left`) on a layout `width` wide, as layout positions.
pub(crate) fn block_units(
    shape: Shape,
    top: usize,
    left: usize,
    width: usize,
) -> Vec<(String, Vec<usize>)> {
    let n = shape.size();
    let pos = |r: usize, c: usize| (top + r) * width + left + c;
    let mut units = Vec::with_capacity(3 * n);
    for r in 0..n {
        units.push((
            format!("row {}", r + 1),
            (0..n).map(|c| pos(r, c)).collect(),
        ));
    }
    for c in 0..n {
        units.push((
            format!("column {}", c + 1),
            (0..n).map(|r| pos(r, c)).collect(),
        ));
    }
    let mut boxes = vec![Vec::with_capacity(n); n];
    for r in 0..n {
        for c in 0..n {
            boxes[shape.box_of(r, c)].push(pos(r, c));
        }
    }
    for (b, cells) in boxes.into_iter().enumerate() {
        units.push((format!("box {}", b + 1), cells));
    }
    units
}

impl Variant {
    /// Build the cells and units of `kind`.
    pub fn new(kind: Kind) -> Result<Variant, VariantError> {
        let (n, width, height, mut named): (usize, usize, usize, Vec<(String, Vec<usize>)>) =
            match &kind {
                Kind::Standard(shape) => {
                    let n = shape.size();
                    (n, n, n, block_units(*shape, 0, 0, n))
                }
                Kind::X(shape) => {
                    let n = shape.size();
                    let mut units = block_units(*shape, 0, 0, n);
                    units.push(("diagonal ↘".into(), (0..n).map(|i| i * n + i).collect()));
                    units.push((
                        "diagonal ↗".into(),
                        (0..n).map(|i| (n - 1 - i) * n + i).collect(),
                    ));
                    (n, n, n, units)
                }
                Kind::Jigsaw(map) => {
                    let n = map.size();
                    let mut units: Vec<(String, Vec<usize>)> = Vec::with_capacity(3 * n);
                    for r in 0..n {
                        units.push((
                            format!("row {}", r + 1),
                            (0..n).map(|c| r * n + c).collect(),
                        ));
                    }
                    for c in 0..n {
                        units.push((
                            format!("column {}", c + 1),
                            (0..n).map(|r| r * n + c).collect(),
                        ));
                    }
                    for (label, cells) in map.regions() {
                        units.push((format!("region {label}"), cells));
                    }
                    (n, n, n, units)
                }
                Kind::Samurai => {
                    let shape = Shape::square(3).expect("3x3 boxes");
                    let mut units = Vec::new();
                    for (g, &(_, top, left)) in SAMURAI_GRIDS.iter().enumerate() {
                        for (name, cells) in block_units(shape, top, left, 21) {
                            units.push((format!("{} {name}", samurai_grid_name(g)), cells));
                        }
                    }
                    (9, 21, 21, units)
                }
            };
        let mut at = vec![None; width * height];
        let mut positions = Vec::new();
        let mut used = vec![false; width * height];
        for (_, cells) in &named {
            for &p in cells {
                used[p] = true;
            }
        }
        for (p, &u) in used.iter().enumerate() {
            if u {
                at[p] = Some(positions.len());
                positions.push(p);
            }
        }
        // Samurai corner boxes are a box of two grids: keep the first name.
        let mut seen: Vec<Vec<usize>> = Vec::new();
        let mut units = Vec::with_capacity(named.len());
        for (name, cells) in named.drain(..) {
            let mut cells: Vec<usize> = cells.iter().map(|&p| at[p].expect("used")).collect();
            let mut key = cells.clone();
            key.sort_unstable();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            cells.shrink_to_fit();
            units.push(Unit { name, cells });
        }
        Ok(Variant {
            kind,
            n,
            width,
            height,
            positions,
            at,
            units,
        })
    }

    /// The standard variant for a box shape.
    pub fn standard(shape: Shape) -> Variant {
        Variant::new(Kind::Standard(shape)).expect("standard shapes are valid")
    }

    /// X-sudoku with `shape` boxes.
    pub fn x(shape: Shape) -> Variant {
        Variant::new(Kind::X(shape)).expect("every square grid has two diagonals")
    }

    /// Jigsaw on a checked region map.
    pub fn jigsaw(map: RegionMap) -> Variant {
        Variant::new(Kind::Jigsaw(map)).expect("region maps are checked when built")
    }

    pub fn samurai() -> Variant {
        Variant::new(Kind::Samurai).expect("the Samurai layout is fixed")
    }

    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// "standard", "x", "jigsaw" or "samurai".
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Standard(_) => "standard",
            Kind::X(_) => "x",
            Kind::Jigsaw(_) => "jigsaw",
            Kind::Samurai => "samurai",
        }
    }

    /// Symbols per unit.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Number of cells (369 for Samurai).
    pub fn cells(&self) -> usize {
        self.positions.len()
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Layout position (row · width + col) of each cell.
    pub fn positions(&self) -> &[usize] {
        &self.positions
    }

    /// The cell at a layout position, `None` for a hole or out of range.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.height || col >= self.width {
            return None;
        }
        self.at[row * self.width + col]
    }

    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// "r7c13": 1-based row and column on the layout.
    pub fn cell_name(&self, cell: usize) -> String {
        let p = self.positions[cell];
        format!("r{}c{}", p / self.width + 1, p % self.width + 1)
    }

    /// For each cell, the other cells it shares a unit with, ascending.
    pub fn peers(&self) -> Vec<Vec<usize>> {
        let mut peers = vec![Vec::new(); self.cells()];
        for unit in &self.units {
            for &a in &unit.cells {
                peers[a].extend(unit.cells.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        peers
    }

    /// Check a puzzle's cell count, symbols and givens: the first duplicate
    /// names its unit and both cells.
    pub fn verify(&self, values: &[u8]) -> Result<(), VariantError> {
        if values.len() != self.cells() {
            return Err(VariantError::Length {
                expected: self.cells(),
                found: values.len(),
            });
        }
        if let Some((cell, &v)) = values
            .iter()
            .enumerate()
            .find(|(_, &v)| v as usize > self.n)
        {
            return Err(VariantError::Unsupported(format!(
                "{} holds {v}, but this grid only uses symbols 1..{}",
                self.cell_name(cell),
                self.n
            )));
        }
        for unit in &self.units {
            let mut seen = [usize::MAX; 65];
            for &cell in &unit.cells {
                let v = values[cell] as usize;
                if v == 0 {
                    continue;
                }
                if seen[v] != usize::MAX {
                    return Err(VariantError::Duplicate {
                        symbol: v as u8,
                        unit: unit.name.clone(),
                        first: self.cell_name(seen[v]),
                        second: self.cell_name(cell),
                    });
                }
                seen[v] = cell;
            }
        }
        Ok(())
    }

    /// Every filled cell that shares its value with another cell of one of
    /// its units, ascending (live highlighting in an editor).
    pub fn conflicts(&self, values: &[u8]) -> Vec<usize> {
        repeated_cells(values, self.units.iter().map(|u| &u.cells[..]))
    }

    /// Is `solution` complete, valid in every unit, and does it keep the
    /// givens of `puzzle`?
    pub fn is_solved_by(&self, puzzle: &[u8], solution: &[u8]) -> bool {
        solution.len() == self.cells()
            && puzzle.len() == self.cells()
            && solution.iter().all(|&v| v >= 1 && v as usize <= self.n)
            && self.verify(solution).is_ok()
            && puzzle.iter().zip(solution).all(|(&p, &s)| p == 0 || p == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_and_cell_counts() {
        let s = Shape::square(3).unwrap();
        assert_eq!(Variant::standard(s).units().len(), 27);
        assert_eq!(Variant::x(s).units().len(), 29);
        let sam = Variant::samurai();
        assert_eq!(sam.cells(), 369);
        // 5 grids × 27 units, 4 shared boxes counted once.
        assert_eq!(sam.units().len(), 131);
        assert!(sam.units().iter().all(|u| u.cells.len() == 9));
        assert_eq!(sam.cell_at(0, 9), None);
        assert!(sam.cell_at(6, 6).is_some());
        assert_eq!(sam.cell_name(sam.cell_at(20, 20).unwrap()), "r21c21");
    }
}
