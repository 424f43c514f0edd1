//! Choosing an algorithm and running it: lazily, by counting, or in
//! budgeted slices for a Web Worker.

use super::backtrack::BacktrackSearch;
use super::band::Band9;
use super::dlx::DlxSearch;
use super::dlx9;
use super::grid::{Sudoku, SudokuError};
use crate::search::{Search, Step};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The two solvers the user chooses between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Exact cover on Dancing Links, Sage's encoding and Sage's order.
    Dlx,
    /// Bitset backtracking with naked and hidden singles.
    Backtrack,
}

impl Algorithm {
    pub const ALL: [Algorithm; 2] = [Algorithm::Dlx, Algorithm::Backtrack];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dlx => "dlx",
            Algorithm::Backtrack => "backtrack",
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
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SudokuError::UnknownAlgorithm(s.to_string()))
    }
}

/// A boxed resumable Sudoku search (solutions are full grids, row-major).
pub type SudokuSearch = Box<dyn Search<Vec<u8>> + Send>;

/// Lazy solutions of a puzzle.
pub struct Solutions {
    puzzle: Sudoku,
    search: SudokuSearch,
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
        Ok(match algorithm {
            Algorithm::Dlx => Box::new(DlxSearch::new(self.shape(), self.cells())),
            // 9×9 with 3×3 boxes gets the band-bitboard fast path.
            Algorithm::Backtrack if self.shape().box_rows == 3 && self.shape().box_cols == 3 => {
                Box::new(Band9::new(self.cells()))
            }
            Algorithm::Backtrack => Box::new(BacktrackSearch::new(self.shape(), self.cells())),
        })
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
        if self.shape().box_rows == 3 && self.shape().box_cols == 3 {
            // The 9×9 counters (band bitboards; fixed-shape DLX walking the
            // same exact-cover tree) count without the resumable machinery
            // and find clashing givens themselves: only then is the input
            // checked (it is then certain to fail, naming the duplicate).
            let count = match algorithm {
                Algorithm::Backtrack => Band9::count,
                Algorithm::Dlx => dlx9::count,
            };
            return match count(self.cells(), limit) {
                Some(n) => Ok(n),
                None => self.verify().map(|()| 0),
            };
        }
        let mut search = self.search(algorithm)?;
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
            return Ok(found);
        }
        Ok(search.count_solutions(None))
    }

    /// The first solution, or `None` (Sage's legacy `sudoku(m)`).
    pub fn solve_first(&self, algorithm: Algorithm) -> Result<Option<Sudoku>, SudokuError> {
        Ok(self.solutions(algorithm)?.next())
    }
}
