//! SudokuPad's packed JSON, read by the engine's link reader
//! ([`tessera_engine::sudoku::links::packed`]).

pub use tessera_engine::sudoku::links::packed::*;
