//! Choosing an algorithm and running it: lazily, by counting, or in
//! budgeted slices for a Web Worker.

use super::auto;
use super::grid::{Sudoku, SudokuError};
use super::variant::Kind;
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
    /// The rules of this grid, as data: a standard grid of its shape.
    pub fn rules(&self) -> Kind {
        Kind::Standard(self.shape())
    }

    /// A budgeted, resumable search (checked input: duplicates are errors),
    /// with the engine `sudoku::auto::pick` chooses.
    pub fn search(&self, algorithm: Algorithm) -> Result<SudokuSearch, SudokuError> {
        self.verify()?;
        Ok(auto::search(&self.rules(), None, self.cells(), algorithm))
    }

    /// The resumable count a worker runs: the same engine as
    /// [`Sudoku::count_solutions_by`], sliced (see `sudoku::auto::counter`).
    pub fn counter(
        &self,
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Result<SudokuSearch, SudokuError> {
        self.verify()?;
        Ok(auto::counter(
            &self.rules(),
            None,
            self.cells(),
            algorithm,
            limit,
        ))
    }

    /// All solutions, lazily.
    pub fn solutions(&self, algorithm: Algorithm) -> Result<Solutions, SudokuError> {
        self.solutions_with(algorithm, true)
    }

    /// Sage's `Sudoku(puzzle, verify_input=False)`: with `verify_input`
    /// false the givens are not checked for a repeated symbol before the
    /// search, which saves that pass on input already known to be good.
    /// Givens that do repeat a symbol then simply give no solution (every
    /// engine finds none; tests/sudoku_verify_input.rs). What Sage's flag
    /// also skips — the length and the range of the entries — Tessera
    /// checks when the `Sudoku` is built, whatever the flag: a grid that
    /// breaks them cannot be represented.
    pub fn solutions_with(
        &self,
        algorithm: Algorithm,
        verify_input: bool,
    ) -> Result<Solutions, SudokuError> {
        if verify_input {
            self.verify()?;
        }
        Ok(Solutions {
            puzzle: self.clone(),
            search: auto::search(&self.rules(), None, self.cells(), algorithm),
        })
    }

    /// [`Sudoku::count_solutions_by`] with Sage's `verify_input` (see
    /// [`Sudoku::solutions_with`]).
    pub fn count_solutions_with(
        &self,
        algorithm: Algorithm,
        limit: Option<u128>,
        verify_input: bool,
    ) -> Result<(u128, &'static str), SudokuError> {
        auto::count(&self.rules(), None, self.cells(), algorithm, limit, || {
            if verify_input {
                self.verify()
            } else {
                Ok(())
            }
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
    /// counted them ("band", "dlx9", "dlx", "backtrack" or "sat"), as
    /// `sudoku::auto::pick` chose it.
    pub fn count_solutions_by(
        &self,
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Result<(u128, &'static str), SudokuError> {
        auto::count(&self.rules(), None, self.cells(), algorithm, limit, || {
            self.verify()
        })
    }

    /// The first solution, or `None` (Sage's legacy `sudoku(m)`).
    pub fn solve_first(&self, algorithm: Algorithm) -> Result<Option<Sudoku>, SudokuError> {
        Ok(self.solutions(algorithm)?.next())
    }
}
