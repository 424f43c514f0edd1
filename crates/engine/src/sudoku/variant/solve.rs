//! Variants as exact cover, so the worker, the CLI and the tests drive them
//! through the same resumable [`Search`] as every other solver.
//!
//! Items: "cell filled" for each cell, then "unit u holds symbol e" for each
//! unit and symbol. Rows: (cell, symbol), one per candidate; a given cell
//! has only its own row. Units that overlap (diagonals, Samurai grids) need
//! no special care: a row simply covers every unit its cell belongs to.

use super::{Variant, VariantError};
use crate::exact_cover::Problem;
use crate::search::{Search, Step};
use crate::sudoku::auto;
use crate::sudoku::dlx::CellCoverSearch;
use crate::sudoku::solve::{Algorithm, SudokuSearch};

/// A resumable DLX search over one variant puzzle.
pub type VariantSearch = CellCoverSearch;

impl VariantSearch {
    /// `values`: one per cell, 0 = blank; checked (length, range,
    /// duplicates) so a bad puzzle is an error, never an empty search.
    pub fn for_variant(variant: &Variant, values: &[u8]) -> Result<VariantSearch, VariantError> {
        variant.verify(values)?;
        Ok(VariantSearch::unchecked(variant, values, None))
    }

    /// Rows in the order of `order` (a permutation of the cells; a
    /// generator shuffles it so the first solution is a random grid).
    pub(crate) fn unchecked(
        variant: &Variant,
        values: &[u8],
        order: Option<(&[usize], &[Vec<u8>])>,
    ) -> VariantSearch {
        let n = variant.size();
        let cells = variant.cells();
        let mut units_of = vec![Vec::new(); cells];
        for (u, unit) in variant.units().iter().enumerate() {
            for &c in &unit.cells {
                units_of[c].push(u);
            }
        }
        let mut problem = Problem::new(cells + variant.units().len() * n, 0);
        let mut rows = Vec::with_capacity(cells * n);
        let mut items = Vec::new();
        let natural: Vec<u8> = (1..=n as u8).collect();
        for k in 0..cells {
            let (cell, digits) = match order {
                Some((cells, digits)) => (cells[k], &digits[k][..]),
                None => (k, &natural[..]),
            };
            for &d in digits {
                if values[cell] != 0 && values[cell] != d {
                    continue;
                }
                items.clear();
                items.push(cell);
                items.extend(
                    units_of[cell]
                        .iter()
                        .map(|&u| cells + u * n + d as usize - 1),
                );
                problem
                    .add_row(&items)
                    .expect("variant rows are well formed");
                rows.push((cell as u32, d));
            }
        }
        CellCoverSearch::from_rows(&problem, rows, cells)
    }
}

impl Variant {
    /// A budgeted, resumable search (checked input).
    pub fn search(&self, values: &[u8]) -> Result<VariantSearch, VariantError> {
        VariantSearch::for_variant(self, values)
    }

    /// A budgeted, resumable search with the chosen algorithm (checked
    /// input), the engine as `sudoku::auto::pick` chooses it: the standard
    /// kernels for `Kind::Standard`, DLX on cells + units otherwise
    /// (`Backtrack` runs DLX there: units have no backtracking solver),
    /// SAT on the units, Auto with its SAT fallback.
    pub fn search_with(
        &self,
        values: &[u8],
        algorithm: Algorithm,
    ) -> Result<SudokuSearch, VariantError> {
        self.verify(values)?;
        Ok(auto::search(self.kind(), Some(self), values, algorithm))
    }

    /// Number of solutions, stopping at `limit`, and the engine that
    /// counted them (the same choice as for standard grids).
    pub fn count_with(
        &self,
        values: &[u8],
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Result<(u128, &'static str), VariantError> {
        self.verify(values)?;
        auto::count(self.kind(), Some(self), values, algorithm, limit, || {
            self.verify(values)
        })
    }

    /// The resumable count a worker runs (checked input): the engine of
    /// [`Variant::count_with`], sliced.
    pub fn counter(
        &self,
        values: &[u8],
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Result<SudokuSearch, VariantError> {
        self.verify(values)?;
        Ok(auto::counter(
            self.kind(),
            Some(self),
            values,
            algorithm,
            limit,
        ))
    }

    /// Up to `max` solutions, in search order.
    pub fn solutions(&self, values: &[u8], max: usize) -> Result<Vec<Vec<u8>>, VariantError> {
        let mut search = self.search(values)?;
        let mut out = Vec::new();
        while out.len() < max {
            match search.step(1 << 20) {
                Step::Solution(s) => out.push(s),
                Step::Paused => {}
                Step::Done => break,
            }
        }
        Ok(out)
    }

    /// Number of solutions, stopping at `limit`.
    pub fn count(&self, values: &[u8], limit: Option<u128>) -> Result<u128, VariantError> {
        Ok(self.search(values)?.count_solutions(limit))
    }
}
