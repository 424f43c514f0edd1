//! Sudoku of any box shape and its variants, as one model: rules as data
//! (`variant::Kind`, expanded into cells and units by `variant::Variant`;
//! a standard grid is `Kind::Standard(shape)`), parsing and printing as Sage
//! does, specialised kernels (`band` and `dlx9` for 9×9, `dlx` on the
//! exact-cover engine, `backtrack` on bitsets, `sat` on a CDCL solver) and
//! `auto`, the one place that picks among them; validation with errors that
//! name the cells and the unit.

pub mod auto;
pub mod backtrack;
pub mod band;
pub mod colouring;
pub mod constraint;
pub mod dlx;
pub mod dlx9;
pub mod encodings;
pub mod format;
pub mod generate;
pub mod grid;
pub mod links;
pub mod logic;
pub mod models;
pub mod parts;
pub mod resumable;
pub mod sat;
pub mod shape;
pub mod solve;
pub mod sweep;
pub mod variant;

pub use grid::{Sudoku, SudokuError};
pub use shape::{Shape, ShapeError, MAX_SIZE, STRING_MAX_SIZE};
pub use solve::Algorithm;
