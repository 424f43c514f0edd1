//! Counting Sudoku grids and the pieces they are built from, the way the
//! J seed and the modeling paper do: by symmetry first, search second.

pub mod bands;
pub mod essential;
pub mod grids;
pub mod jnotes;
pub mod minimal;
pub mod phase;
pub mod staged;
pub mod total;
