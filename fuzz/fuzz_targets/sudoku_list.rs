//! Sage's list and matrix forms as integers (`Sudoku::from_list`,
//! `from_matrix`): any values, any lengths, any row shapes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::sudoku::{Shape, Sudoku};

fuzz_target!(|input: (u8, Vec<i64>, Vec<Vec<i64>>)| {
    let (k, list, rows) = input;
    let shape = match k % 4 {
        0 => None,
        1 => Shape::new(2, 2),
        2 => Shape::new(2, 3),
        _ => Shape::new(3, 3),
    };
    if let Ok(s) = Sudoku::from_list(&list, shape) {
        let back: Vec<i64> = s.to_list().iter().map(|&v| i64::from(v)).collect();
        assert_eq!(back, list);
    }
    if let Ok(s) = Sudoku::from_matrix(&rows, shape) {
        let back: Vec<Vec<i64>> = s
            .to_matrix()
            .iter()
            .map(|r| r.iter().map(|&v| i64::from(v)).collect())
            .collect();
        assert_eq!(back, rows);
    }
});
