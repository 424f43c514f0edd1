//! The pencil-marked grid the techniques read: placed values plus a
//! candidate mask per empty cell, and the fixed geometry (units, peers).
//!
//! Candidates are bit masks (bit `d - 1` for digit `d`), so a grid of up to
//! 64 symbols fits one `u64` per cell, like the solvers.

use super::super::grid::{cell_name, Sudoku, SudokuError};
use super::super::shape::Shape;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Which kind of unit: the three families a digit must appear once in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitKind {
    Row,
    Column,
    Box,
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

/// Units and peers of a shape, computed once and shared by every copy of
/// a board (the exploration tree clones boards a lot).
#[derive(Debug)]
pub struct Geometry {
    pub shape: Shape,
    pub n: usize,
    /// Rows `0..n`, columns `n..2n`, boxes `2n..3n`.
    pub units: Vec<Vec<usize>>,
    /// The other cells sharing a unit with each cell, ascending.
    pub peers: Vec<Vec<usize>>,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        let n = shape.size();
        let mut units = vec![Vec::with_capacity(n); 3 * n];
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                units[r].push(cell);
                units[n + c].push(cell);
                units[2 * n + shape.box_of(r, c)].push(cell);
            }
        }
        let mut peers = Vec::with_capacity(n * n);
        for cell in 0..n * n {
            let mut p: Vec<usize> = (0..n * n)
                .filter(|&o| o != cell && sees(shape, cell, o))
                .collect();
            p.sort_unstable();
            peers.push(p);
        }
        Geometry {
            shape,
            n,
            units,
            peers,
        }
    }

    pub fn unit(&self, u: usize) -> Unit {
        let kind = match u / self.n {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit {
            kind,
            index: u % self.n,
        }
    }

    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.n
    }

    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.n
    }

    pub fn box_of(&self, cell: usize) -> usize {
        self.shape.box_of(cell / self.n, cell % self.n)
    }

    /// Do two distinct cells share a unit?
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && sees(self.shape, a, b)
    }

    pub fn name(&self, cell: usize) -> String {
        cell_name(cell, self.n)
    }
}

fn sees(shape: Shape, a: usize, b: usize) -> bool {
    let n = shape.size();
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra == rb || ca == cb || shape.box_of(ra, ca) == shape.box_of(rb, cb)
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
        let n = geo.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let values = puzzle.cells().to_vec();
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
        Ok(Board { geo, values, cands })
    }

    /// A position given by its pencil marks, for constructed examples: an
    /// empty cell keeps exactly the candidates listed (peers' values are
    /// not removed automatically, so a position can show any marks).
    pub fn from_candidates(
        shape: Shape,
        values: &[u8],
        candidates: &[Vec<u8>],
    ) -> Result<Board, String> {
        let n = shape.size();
        if values.len() != n * n || candidates.len() != n * n {
            return Err(format!(
                "a {shape} grid has {} cells: got {} values and {} candidate lists",
                n * n,
                values.len(),
                candidates.len()
            ));
        }
        let mut cands = vec![0u64; n * n];
        for cell in 0..n * n {
            let bad = |d: u8| d == 0 || d as usize > n;
            if bad(values[cell]) && values[cell] != 0 {
                return Err(format!(
                    "{}: value {} is outside 1..{n}",
                    cell_name(cell, n),
                    values[cell]
                ));
            }
            if values[cell] == 0 {
                for &d in &candidates[cell] {
                    if bad(d) {
                        return Err(format!(
                            "{}: candidate {d} is outside 1..{n}",
                            cell_name(cell, n)
                        ));
                    }
                    cands[cell] |= bit(d);
                }
            }
        }
        Ok(Board {
            geo: Arc::new(Geometry::new(shape)),
            values: values.to_vec(),
            cands,
        })
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
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
        for u in 0..3 * n {
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
