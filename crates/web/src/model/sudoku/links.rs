//! Puzzle links from f-puzzles and SudokuPad: the reader lives in the
//! engine ([`tessera_engine::sudoku::links`], shared with the CLI); the page
//! imports through it.

pub use tessera_engine::sudoku::links::*;
