//! Sudoku of any box shape: parsing and printing as Sage does, three solvers
//! (`dlx` on the exact-cover engine, `backtrack` on bitsets, `sat` on a CDCL
//! solver) and `auto`, which picks one; validation with errors that name the
//! cells and the unit.

pub mod auto;
pub mod backtrack;
pub mod band;
pub mod dlx;
pub mod dlx9;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod models;
pub mod sat;
pub mod shape;
pub mod solve;
pub mod sweep;
pub mod variant;

pub use grid::{Sudoku, SudokuError};
pub use shape::{Shape, MAX_SIZE, STRING_MAX_SIZE};
pub use solve::Algorithm;
