//! The Sudoku workbench's model: the board being edited with its undo
//! history, and its part of the URL.

pub mod board;
pub mod codec;
