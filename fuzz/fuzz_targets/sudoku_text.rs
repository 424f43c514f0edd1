//! Sudoku text as pasted or imported: `Sudoku::parse` (lists, matrices,
//! the multi-line grid form, URLs) and Sage's string form, with or without
//! a box shape. A parsed grid must come back equal from each format the
//! engine writes and reads (string, list, matrix).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::sudoku::{Shape, Sudoku};

fn shape_of(b: u8) -> Option<Shape> {
    match b % 8 {
        0 | 1 => None,
        k => Shape::new(usize::from(k / 2 + 1), usize::from(k % 3 + 2)),
    }
}

fn round_trip(s: &Sudoku) {
    let shape = Some(s.shape());
    if let Ok(text) = s.to_sage_string() {
        assert_eq!(&Sudoku::from_sage_str(&text, shape).expect("string"), s);
        assert_eq!(&Sudoku::parse(&text, shape).expect("string via parse"), s);
    }
    let list = s.to_list_string();
    assert_eq!(&Sudoku::parse(&list, shape).expect("list"), s);
    let matrix = s.to_matrix_string();
    assert_eq!(&Sudoku::parse(&matrix, shape).expect("matrix"), s);
    let _ = s.to_ascii();
    let _ = s.to_latex();
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let shape = shape_of(first);
    if let Ok(s) = Sudoku::parse(text, shape) {
        round_trip(&s);
    }
    if let Ok(s) = Sudoku::from_sage_str(text, shape) {
        round_trip(&s);
    }
});
