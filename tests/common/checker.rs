//! The independent Sudoku checker the solver tests share, written from the
//! rules rather than from any solver: every row, column and box holds
//! 1..=n once, and the givens are kept.

use std::collections::BTreeSet;
use tessera::engine::sudoku::Sudoku;

/// Panics, naming the broken rule, unless `solution` (row-major values)
/// solves `puzzle`.
pub fn sudoku(puzzle: &Sudoku, solution: &[u8]) {
    let shape = puzzle.shape();
    let n = shape.size();
    assert_eq!(solution.len(), n * n);
    for (i, (&p, &s)) in puzzle.cells().iter().zip(solution).enumerate() {
        assert!(s >= 1 && s as usize <= n, "cell {i} = {s}");
        assert!(p == 0 || p == s, "given at {i} changed");
    }
    let full: BTreeSet<u8> = (1..=n as u8).collect();
    for k in 0..n {
        let row: BTreeSet<u8> = (0..n).map(|c| solution[k * n + c]).collect();
        let col: BTreeSet<u8> = (0..n).map(|r| solution[r * n + k]).collect();
        // Box k: boxes are box_rows × box_cols, n / box_cols of them per band.
        let per_band = n / shape.box_cols;
        let (top, left) = (
            (k / per_band) * shape.box_rows,
            (k % per_band) * shape.box_cols,
        );
        let bx: BTreeSet<u8> = (0..n)
            .map(|i| solution[(top + i / shape.box_cols) * n + left + i % shape.box_cols])
            .collect();
        assert_eq!(row, full, "row {k}");
        assert_eq!(col, full, "column {k}");
        assert_eq!(bx, full, "box {k}");
    }
}
