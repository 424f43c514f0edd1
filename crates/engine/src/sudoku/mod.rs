//! Sudoku of any box shape: parsing and printing as Sage does, two solvers
//! (`dlx` on the exact-cover engine, `backtrack` on bitsets), validation with
//! errors that name the cells and the unit.

pub mod backtrack;
pub mod band;
pub mod dlx;
pub mod dlx9;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod models;
pub mod shape;
pub mod solve;
pub mod variant;

pub use grid::{Sudoku, SudokuError};
pub use shape::{Shape, MAX_SIZE, STRING_MAX_SIZE};
pub use solve::Algorithm;
