//! Sudoku as exact cover, built exactly as Sage's `Sudoku.dlx` builds it so
//! that solutions come out in Sage's order.
//!
//! With N symbols (0-based symbol e, box b numbered row-major) the 4N² items
//! are: row/symbol `r·N+e`, column/symbol `N²+c·N+e`, box/symbol
//! `2N²+b·N+e`, cell `3N²+r·N+c`. Rows are generated cell by cell in
//! row-major order: a given cell gives one row (its symbol), a blank cell N
//! rows with e ascending. Givens are ordinary rows, not forced: forcing
//! them would change item lengths and with them Sage's choice order.

use super::shape::Shape;
use crate::exact_cover::{CoverSearch, Problem};
use crate::search::{Progress, Search, Step};

/// A resumable exact-cover search whose rows each put one symbol in one
/// cell, so a solution comes back as a grid. Standard Sudoku ([`DlxSearch`])
/// and the variants (`variant::VariantSearch`) build different matrices
/// and share the rest.
#[derive(Clone, Debug)]
pub struct CellCoverSearch {
    solver: CoverSearch,
    /// (cell, symbol 1..=N) of every exact-cover row.
    rows: Vec<(u32, u8)>,
    cells: usize,
}

/// A resumable DLX search over one Sudoku puzzle.
pub type DlxSearch = CellCoverSearch;

impl CellCoverSearch {
    /// The search over `problem`, whose row `i` puts `rows[i].1` in cell
    /// `rows[i].0` of a grid of `cells` cells.
    pub fn from_rows(problem: &Problem, rows: Vec<(u32, u8)>, cells: usize) -> CellCoverSearch {
        CellCoverSearch {
            solver: CoverSearch::new(problem),
            rows,
            cells,
        }
    }

    /// `cells`: row-major, 0 = blank, 1..=N; the caller has checked the
    /// length and range. Duplicate givens simply give no solution.
    pub fn new(shape: Shape, cells: &[u8]) -> DlxSearch {
        let n = shape.size();
        let n2 = n * n;
        let mut problem = Problem::new(4 * n2, 0);
        let mut rows = Vec::with_capacity(n2 * n);
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                let b = shape.box_of(r, c);
                let symbols = match cells[cell] {
                    0 => 0..n,
                    v => (v as usize - 1)..(v as usize),
                };
                for e in symbols {
                    problem
                        .add_row(&[r * n + e, n2 + c * n + e, 2 * n2 + b * n + e, 3 * n2 + cell])
                        .expect("Sudoku rows are well formed");
                    rows.push((cell as u32, e as u8 + 1));
                }
            }
        }
        CellCoverSearch::from_rows(&problem, rows, n2)
    }

    fn grid(&self, solution: &[usize]) -> Vec<u8> {
        let mut grid = vec![0u8; self.cells];
        for &r in solution {
            let (cell, symbol) = self.rows[r];
            grid[cell as usize] = symbol;
        }
        grid
    }
}

impl Search<Vec<u8>> for CellCoverSearch {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        match self.solver.step(budget) {
            Step::Solution(rows) => Step::Solution(self.grid(&rows)),
            Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        }
    }

    fn progress(&self) -> Progress {
        self.solver.progress()
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.solver.set_count_only(count_only);
    }
    fn engine(&self) -> Option<&'static str> {
        Some("dlx")
    }
}
