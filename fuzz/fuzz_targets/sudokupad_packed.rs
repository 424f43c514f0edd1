//! SudokuPad's puzzle text as it is once an `scl`/`ctc` link is
//! decompressed: plain JSON or SudokuPad's packed form (`packed::unpack`),
//! then read as a grid (`links::read_sudokupad`). An answer or a message,
//! never a panic; what is read is a grid of the size it claims.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_web::model::sudoku::links;
use tessera_web::model::sudoku::packed;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = packed::unpack(text);
    if let Ok(import) = links::read_sudokupad(text) {
        let (n, cells) = import.grid();
        assert_eq!(cells.len(), n * n);
        assert!(cells.iter().all(|&v| v as usize <= n));
        assert!(!import.note().is_empty());
    }
});
