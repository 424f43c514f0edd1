//! Choosing an algorithm and running it: lazily, by counting, or in
//! budgeted slices for a Web Worker.

use super::auto::{self, AutoSearch, Fallback};
use super::backtrack::BacktrackSearch;
use super::band::Band9;
use super::dlx::DlxSearch;
use super::dlx9;
use super::grid::{Sudoku, SudokuError};
use super::sat::SatSearch;
use crate::search::{Search, Step};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The solvers the user chooses between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Exact cover on Dancing Links, Sage's encoding and Sage's order.
    Dlx,
    /// Bitset backtracking with naked and hidden singles.
    Backtrack,
    /// CDCL (clause learning) on the CNF encoding: no stalls on hard or
    /// large grids, but solutions in no particular order.
    Sat,
    /// The band solver on 9×9, DLX on other grids until it stalls, then
    /// SAT; SAT from the start on very large grids (see `sudoku::auto`).
    Auto,
}

impl Algorithm {
    /// The exhaustive tree searches: they enumerate in Sage's order and
    /// replay the same sequence under any budget, which the tests of that
    /// order (and of the worker's paging) rely on.
    pub const ALL: [Algorithm; 2] = [Algorithm::Dlx, Algorithm::Backtrack];

    /// Every choice (parsing, menus, the command line).
    pub const CHOICES: [Algorithm; 4] = [
        Algorithm::Auto,
        Algorithm::Dlx,
        Algorithm::Backtrack,
        Algorithm::Sat,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dlx => "dlx",
            Algorithm::Backtrack => "backtrack",
            Algorithm::Sat => "sat",
            Algorithm::Auto => "auto",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = SudokuError;

    fn from_str(s: &str) -> Result<Algorithm, SudokuError> {
        Algorithm::CHOICES
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SudokuError::UnknownAlgorithm(s.to_string()))
    }
}

/// A 9×9 counter without the resumable machinery (`None`: clashing givens).
type Counter = fn(&[u8], Option<u128>) -> Option<u128>;

/// A boxed resumable Sudoku search (solutions are full grids, row-major).
pub type SudokuSearch = Box<dyn Search<Vec<u8>> + Send>;

/// Lazy solutions of a puzzle.
pub struct Solutions {
    puzzle: Sudoku,
    search: SudokuSearch,
}

impl Solutions {
    /// The engine that answered (e.g. "sat" once `Auto` has switched).
    pub fn engine(&self) -> Option<&'static str> {
        self.search.engine()
    }
}

impl Iterator for Solutions {
    type Item = Sudoku;

    fn next(&mut self) -> Option<Sudoku> {
        loop {
            match self.search.step(1 << 20) {
                Step::Solution(cells) => return Some(self.puzzle.with_cells(cells)),
                Step::Paused => {}
                Step::Done => return None,
            }
        }
    }
}

impl Sudoku {
    /// A budgeted, resumable search (checked input: duplicates are errors).
    pub fn search(&self, algorithm: Algorithm) -> Result<SudokuSearch, SudokuError> {
        self.verify()?;
        let nine = self.shape().box_rows == 3 && self.shape().box_cols == 3;
        Ok(match algorithm {
            Algorithm::Dlx => Box::new(DlxSearch::new(self.shape(), self.cells())),
            // 9×9 with 3×3 boxes gets the band-bitboard fast path.
            Algorithm::Backtrack if nine => Box::new(Band9::new(self.cells())),
            Algorithm::Backtrack => Box::new(BacktrackSearch::new(self.shape(), self.cells())),
            Algorithm::Sat => {
                let units = self.unit_cells();
                Box::new(SatSearch::new(self.size(), &units, self.cells()))
            }
            Algorithm::Auto => Box::new(self.auto_search()),
        })
    }

    /// The search `Algorithm::Auto` runs on this (checked) puzzle.
    pub fn auto_search(&self) -> AutoSearch {
        let shape = self.shape();
        if shape.box_rows == 3 && shape.box_cols == 3 {
            return AutoSearch::tree(Box::new(Band9::new(self.cells())));
        }
        let puzzle = Fallback {
            n: self.size(),
            units: self.unit_cells(),
            values: self.cells().to_vec(),
        };
        if self.size() >= auto::SAT_FROM_SIZE {
            return AutoSearch::sat(puzzle);
        }
        let dlx = Box::new(DlxSearch::new(shape, self.cells()));
        AutoSearch::new(dlx, puzzle, auto::PATIENCE)
    }

    fn unit_cells(&self) -> Vec<Vec<usize>> {
        Sudoku::units(self.shape())
            .into_iter()
            .map(|(_, cells)| cells)
            .collect()
    }

    /// All solutions, lazily.
    pub fn solutions(&self, algorithm: Algorithm) -> Result<Solutions, SudokuError> {
        Ok(Solutions {
            puzzle: self.clone(),
            search: self.search(algorithm)?,
        })
    }

    /// Number of solutions, stopping at `limit`.
    pub fn count_solutions(
        &self,
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Result<u128, SudokuError> {
        self.count_solutions_by(algorithm, limit).map(|(n, _)| n)
    }

    /// Number of solutions, stopping at `limit`, and the engine that
    /// counted them ("band", "dlx9", "dlx", "backtrack" or "sat").
    pub fn count_solutions_by(
        &self,
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Result<(u128, &'static str), SudokuError> {
        let nine = self.shape().box_rows == 3 && self.shape().box_cols == 3;
        if nine && algorithm != Algorithm::Sat {
            // The 9×9 counters (band bitboards; fixed-shape DLX walking the
            // same exact-cover tree) count without the resumable machinery
            // and find clashing givens themselves: only then is the input
            // checked (it is then certain to fail, naming the duplicate).
            let (count, engine): (Counter, _) = match algorithm {
                Algorithm::Dlx => (dlx9::count, "dlx9"),
                _ => (Band9::count, "band"),
            };
            return match count(self.cells(), limit) {
                Some(n) => Ok((n, engine)),
                None => self.verify().map(|()| (0, engine)),
            };
        }
        let mut search = self.search(algorithm)?;
        let engine = |s: &SudokuSearch| s.engine().unwrap_or(algorithm.name());
        if limit.is_some() {
            // Enumerate so the search stops exactly at the limit.
            search.set_count_only(false);
            let limit = limit.unwrap_or(u128::MAX);
            let mut found = 0;
            while found < limit {
                match search.step(u64::MAX) {
                    Step::Solution(_) => found += 1,
                    Step::Paused => {}
                    Step::Done => break,
                }
            }
            return Ok((found, engine(&search)));
        }
        let n = search.count_solutions(None);
        Ok((n, engine(&search)))
    }

    /// The first solution, or `None` (Sage's legacy `sudoku(m)`).
    pub fn solve_first(&self, algorithm: Algorithm) -> Result<Option<Sudoku>, SudokuError> {
        Ok(self.solutions(algorithm)?.next())
    }
}
