//! The pencil-marked grid the techniques read: placed values plus a
//! candidate mask per empty cell, and the fixed geometry (units, peers).
//!
//! Candidates are bit masks (bit `d - 1` for digit `d`), so a grid of up to
//! 64 symbols fits one `u64` per cell, like the solvers.

use super::super::grid::{cell_name, Sudoku, SudokuError};
use super::super::shape::Shape;
use super::error::LogicError;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Which kind of unit: the three families a digit must appear once in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitKind {
    Row,
    Column,
    Box,
    /// X-sudoku's diagonals: index 0 is ↘ (r1c1 to r9c9), 1 is ↗.
    Diagonal,
    /// A jigsaw region (it takes the place of the boxes).
    Region,
}

/// A row, column or box, 0-based (a UI numbers boxes row-major like the
/// rest of the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Unit {
    pub kind: UnitKind,
    pub index: usize,
}

impl Unit {
    /// "row 3", "column 5", "box 2" (1-based, as people count).
    pub fn name(&self) -> String {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Region => "region",
            UnitKind::Diagonal => {
                return if self.index == 0 {
                    "diagonal ↘"
                } else {
                    "diagonal ↗"
                }
                .to_string()
            }
        };
        format!("{kind} {}", self.index + 1)
    }
}

/// One candidate: digit `digit` in cell `cell` (row-major index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Candidate {
    pub cell: usize,
    pub digit: u8,
}

/// Units and peers of a grid, computed once and shared by every copy of
/// a board (the exploration tree clones boards a lot).
///
/// Every geometry is an `n × n` grid with rows `0..n`, columns `n..2n` and
/// boxes (or jigsaw regions) `2n..3n`; X-sudoku adds its two diagonals
/// after them. The techniques read units through this table, so they carry
/// over to the variants unchanged.
#[derive(Debug)]
pub struct Geometry {
    /// The box shape (for a jigsaw, `1 × n`: a placeholder, the regions
    /// live in `units`).
    pub shape: Shape,
    pub n: usize,
    /// Rows `0..n`, columns `n..2n`, boxes/regions `2n..3n`, then extra
    /// units (diagonals).
    pub units: Vec<Vec<usize>>,
    /// What each unit is, for names and highlights.
    pub kinds: Vec<Unit>,
    /// The box (or region) of each cell, `0..n`.
    pub boxes: Vec<usize>,
    /// The other cells sharing a unit with each cell, ascending.
    pub peers: Vec<Vec<usize>>,
    /// The units of each cell, ascending.
    pub units_of: Vec<Vec<usize>>,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        let n = shape.size();
        let boxes = (0..n * n).map(|c| shape.box_of(c / n, c % n)).collect();
        Geometry::build(shape, n, boxes, UnitKind::Box, false)
    }

    /// X-sudoku: the standard units plus both main diagonals.
    pub fn x(shape: Shape) -> Geometry {
        let n = shape.size();
        let boxes = (0..n * n).map(|c| shape.box_of(c / n, c % n)).collect();
        Geometry::build(shape, n, boxes, UnitKind::Box, true)
    }

    /// Jigsaw: rows, columns and the regions (`region[cell]` in `0..n`, each
    /// holding `n` cells).
    pub fn jigsaw(region: &[usize]) -> Result<Geometry, LogicError> {
        let n = (region.len() as f64).sqrt().round() as usize;
        if n == 0 || n * n != region.len() || n > 64 {
            return Err(LogicError::RegionMapCells {
                cells: region.len(),
            });
        }
        for r in 0..n {
            let size = region.iter().filter(|&&x| x == r).count();
            if size != n {
                return Err(LogicError::RegionSize {
                    region: r + 1,
                    size,
                    n,
                });
            }
        }
        let shape = Shape::new(1, n).ok_or(LogicError::TooManySymbols { n })?;
        Ok(Geometry::build(
            shape,
            n,
            region.to_vec(),
            UnitKind::Region,
            false,
        ))
    }

    fn build(
        shape: Shape,
        n: usize,
        boxes: Vec<usize>,
        box_kind: UnitKind,
        diagonals: bool,
    ) -> Geometry {
        let mut units = vec![Vec::with_capacity(n); 3 * n];
        let mut kinds = Vec::with_capacity(3 * n + 2);
        for kind in [UnitKind::Row, UnitKind::Column, box_kind] {
            for index in 0..n {
                kinds.push(Unit { kind, index });
            }
        }
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                units[r].push(cell);
                units[n + c].push(cell);
                units[2 * n + boxes[cell]].push(cell);
            }
        }
        if diagonals {
            units.push((0..n).map(|i| i * n + i).collect());
            units.push((0..n).map(|i| (n - 1 - i) * n + i).collect());
            for index in 0..2 {
                kinds.push(Unit {
                    kind: UnitKind::Diagonal,
                    index,
                });
            }
        }
        let mut units_of = vec![Vec::new(); n * n];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                units_of[c].push(u);
            }
        }
        let mut peers = Vec::with_capacity(n * n);
        for (cell, mine) in units_of.iter().enumerate() {
            let mut p: Vec<usize> = mine
                .iter()
                .flat_map(|&u| units[u].iter().copied())
                .filter(|&o| o != cell)
                .collect();
            p.sort_unstable();
            p.dedup();
            peers.push(p);
        }
        Geometry {
            shape,
            n,
            units,
            kinds,
            boxes,
            peers,
            units_of,
        }
    }

    /// Only rows, columns and boxes/regions (no diagonals): the uniqueness
    /// patterns (unique rectangles, BUG) are only argued for such grids.
    pub fn is_plain(&self) -> bool {
        self.units.len() == 3 * self.n
    }

    pub fn unit(&self, u: usize) -> Unit {
        self.kinds[u]
    }

    /// The unit index of a [`Unit`], if this geometry has it.
    pub fn unit_index(&self, unit: Unit) -> Option<usize> {
        self.kinds.iter().position(|&k| k == unit)
    }

    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.n
    }

    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.n
    }

    pub fn box_of(&self, cell: usize) -> usize {
        self.boxes[cell]
    }

    /// Do two distinct cells share a unit?
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.peers[a].binary_search(&b).is_ok()
    }

    pub fn name(&self, cell: usize) -> String {
        cell_name(cell, self.n)
    }
}

/// A board as plain data, for a UI's "before / after" views.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// Placed values, row-major, 0 = empty.
    pub values: Vec<u8>,
    /// Candidates of each cell, ascending (empty for placed cells).
    pub candidates: Vec<Vec<u8>>,
}

/// A grid in the middle of a logical solve.
#[derive(Clone, Debug)]
pub struct Board {
    geo: Arc<Geometry>,
    values: Vec<u8>,
    cands: Vec<u64>,
}

/// The mask of digit `d`.
pub fn bit(d: u8) -> u64 {
    1u64 << (d - 1)
}

/// The digits of a mask, ascending.
pub fn digits(mask: u64) -> Vec<u8> {
    (0..64)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| i as u8 + 1)
        .collect()
}

impl Board {
    /// The puzzle's givens with every candidate they allow.
    pub fn new(puzzle: &Sudoku) -> Result<Board, SudokuError> {
        puzzle.verify()?;
        let geo = Arc::new(Geometry::new(puzzle.shape()));
        Ok(Board::with_values(geo, puzzle.cells()))
    }

    /// A board on any geometry (X-sudoku, jigsaw) from its placed values,
    /// with every candidate the values allow. The caller checks the values
    /// (a clash shows up as a [`Board::contradiction`]).
    pub fn with_values(geo: Arc<Geometry>, values: &[u8]) -> Board {
        let n = geo.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let values = values.to_vec();
        let cands = (0..n * n)
            .map(|cell| {
                if values[cell] != 0 {
                    return 0;
                }
                geo.peers[cell]
                    .iter()
                    .filter(|&&p| values[p] != 0)
                    .fold(full, |m, &p| m & !bit(values[p]))
            })
            .collect();
        Board { geo, values, cands }
    }

    /// The same position with the candidates of each empty cell narrowed
    /// to `marks[cell]` where that is non-zero (a player's pencil marks:
    /// a cell without marks keeps what its peers allow).
    pub fn with_marks(mut self, marks: &[u64]) -> Board {
        for (c, &m) in marks.iter().enumerate().take(self.cands.len()) {
            if self.values[c] == 0 && m != 0 {
                self.cands[c] &= m;
            }
        }
        self
    }

    /// A position given by its pencil marks, for constructed examples: an
    /// empty cell keeps exactly the candidates listed (peers' values are
    /// not removed automatically, so a position can show any marks).
    pub fn from_candidates(
        shape: Shape,
        values: &[u8],
        candidates: &[Vec<u8>],
    ) -> Result<Board, LogicError> {
        Board::from_candidates_on(Arc::new(Geometry::new(shape)), values, candidates)
    }

    /// [`Board::from_candidates`] on any geometry.
    pub fn from_candidates_on(
        geo: Arc<Geometry>,
        values: &[u8],
        candidates: &[Vec<u8>],
    ) -> Result<Board, LogicError> {
        let n = geo.n;
        let shape = geo.shape;
        let _ = shape;
        if values.len() != n * n || candidates.len() != n * n {
            return Err(LogicError::CandidateCells {
                shape,
                cells: n * n,
                values: values.len(),
                candidates: candidates.len(),
            });
        }
        let mut cands = vec![0u64; n * n];
        for cell in 0..n * n {
            let bad = |d: u8| d == 0 || d as usize > n;
            if bad(values[cell]) && values[cell] != 0 {
                return Err(LogicError::Value {
                    cell,
                    value: values[cell],
                    n,
                });
            }
            if values[cell] == 0 {
                for &d in &candidates[cell] {
                    if bad(d) {
                        return Err(LogicError::Candidate {
                            cell,
                            candidate: d,
                            n,
                        });
                    }
                    cands[cell] |= bit(d);
                }
            }
        }
        Ok(Board {
            geo,
            values: values.to_vec(),
            cands,
        })
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The shared geometry (to build more boards on it).
    pub fn geometry_arc(&self) -> Arc<Geometry> {
        Arc::clone(&self.geo)
    }

    /// Every candidate mask, row-major (0 for placed cells).
    pub fn masks(&self) -> &[u64] {
        &self.cands
    }

    pub fn shape(&self) -> Shape {
        self.geo.shape
    }

    pub fn size(&self) -> usize {
        self.geo.n
    }

    /// Placed values, row-major, 0 = empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidate mask of a cell (0 once it is placed).
    pub fn mask(&self, cell: usize) -> u64 {
        self.cands[cell]
    }

    /// The candidates of a cell, ascending.
    pub fn candidates(&self, cell: usize) -> Vec<u8> {
        digits(self.cands[cell])
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & bit(digit) != 0
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The grid of placed values.
    pub fn to_sudoku(&self) -> Sudoku {
        Sudoku::empty(self.shape()).with_cells(self.values.clone())
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            values: self.values.clone(),
            candidates: self.cands.iter().map(|&m| digits(m)).collect(),
        }
    }

    /// Place a digit; it leaves the candidates of every peer.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        let geo = Arc::clone(&self.geo);
        for &p in &geo.peers[cell] {
            self.cands[p] &= !bit(digit);
        }
    }

    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.cands[cell] &= !bit(digit);
    }

    /// Cells of unit `u` where `digit` is still a candidate.
    pub fn positions(&self, u: usize, digit: u8) -> Vec<usize> {
        self.geo.units[u]
            .iter()
            .copied()
            .filter(|&c| self.has(c, digit))
            .collect()
    }

    /// Is `digit` already placed in unit `u`?
    pub fn placed_in(&self, u: usize, digit: u8) -> bool {
        self.geo.units[u].iter().any(|&c| self.values[c] == digit)
    }

    /// Why this position cannot be completed, if it visibly cannot: an
    /// empty cell without candidates, a digit without a place in a unit,
    /// or a digit placed twice in a unit.
    pub fn contradiction(&self) -> Option<String> {
        let n = self.geo.n;
        for cell in 0..n * n {
            if self.values[cell] == 0 && self.cands[cell] == 0 {
                return Some(format!("{} has no candidate left", self.geo.name(cell)));
            }
        }
        for u in 0..self.geo.units.len() {
            let mut seen = 0u64;
            let mut possible = 0u64;
            for &c in &self.geo.units[u] {
                let v = self.values[c];
                if v != 0 {
                    if seen & bit(v) != 0 {
                        return Some(format!(
                            "{v} is placed twice in {}",
                            self.geo.unit(u).name()
                        ));
                    }
                    seen |= bit(v);
                }
                possible |= self.cands[c];
            }
            for d in 1..=n as u8 {
                if (seen | possible) & bit(d) == 0 {
                    return Some(format!(
                        "{d} has no place left in {}",
                        self.geo.unit(u).name()
                    ));
                }
            }
        }
        None
    }
}
