//! The J notes (seed 004, NYCJUG 2012-10-10) reproduced: Method 1's first
//! grids in the notes' order, and every number of their box-by-box estimate.
//! The expected values are the notes' own printed outputs (test vectors).

use crate::common;

use crate::common::{stderr, stdout};
use tessera::engine::count::grids;
use tessera::engine::count::jnotes::{first_grids, Estimates, RowByRow, RowStep, FIRST_BOX};
use tessera::engine::count::total::count_nine_by_nine;
use tessera::engine::sudoku::Shape;

/// `block &.> print &.> <"_1 display run 5`: the last three rows of each of
/// the five grids (the first six rows are the same in all five).
const RUN5_LAST_ROWS: [[&str; 3]; 5] = [
    ["531642978", "642978531", "978531642"],
    ["531642978", "648971532", "972538641"],
    ["531642978", "672938541", "948571632"],
    ["531642978", "678931542", "942578631"],
    ["531642978", "942578631", "678931542"],
];
const RUN5_FIRST_ROWS: [&str; 6] = [
    "123456789",
    "456789123",
    "789123456",
    "214365897",
    "365897214",
    "897214365",
];

fn rows(grid: &[u8]) -> Vec<String> {
    grid.chunks(9)
        .map(|r| r.iter().map(|d| char::from(b'0' + d)).collect())
        .collect()
}

#[test]
fn method_one_reproduces_run_5() {
    let grids = first_grids(Shape::square(3).unwrap(), 5);
    assert_eq!(grids.len(), 5);
    for (g, last) in grids.iter().zip(RUN5_LAST_ROWS) {
        let r = rows(g);
        assert_eq!(r[..6], RUN5_FIRST_ROWS);
        assert_eq!(r[6..], last);
    }
}

/// The stack never holds a partial grid that breaks a rule, and the steps
/// before the first grid go one row deeper each time (no dead end is met
/// on the way to the notes' first grid).
#[test]
fn method_one_steps_to_the_first_grid() {
    let mut run = RowByRow::new(Shape::square(3).unwrap());
    let mut depths = Vec::new();
    while let RowStep::Extended { rows, extensions } = run.step().expect("a grid exists") {
        assert!(extensions > 0);
        depths.push(rows);
    }
    assert_eq!(depths, (1..9).collect::<Vec<_>>());
}

#[test]
fn every_number_of_the_estimate() {
    let e = Estimates::compute();
    assert_eq!((e.right, e.below, e.pairs), (12_096, 12_096, 146_313_216));
    assert_eq!(e.first_right, [4, 5, 6, 7, 8, 9, 1, 2, 3]);
    assert_eq!(e.first_below, [2, 1, 4, 3, 6, 7, 5, 9, 8]);
    assert_eq!(e.first_pair_middle, 392);
    assert_eq!(e.first_middle, [3, 6, 5, 8, 9, 1, 2, 4, 7]);
    assert_eq!(e.box02, 216);
    assert_eq!((e.box12_total, e.box12_distinct), (1_728, 216));
    assert_eq!((e.box20, e.box20_extendable), (216, 192));
    assert_eq!((e.rows, e.cols), (1_536, 1_728));
    assert_eq!(e.viable, 337_536);
    assert_eq!(e.estimate, 7_168_473_431_594_237_952_000);
    // "About 400": the sample's values lie where the notes' did.
    assert_eq!(e.sample_size, 100);
    assert!((384..=400).contains(&e.sample_min) && (400..=448).contains(&e.sample_max));
    assert!((395.0..410.0).contains(&e.middle_mean()));
    // The corner's completions, counted independently by the grid counter
    // (row-major backtracking on the 6×6 corner as givens).
    let shape = Shape::square(3).unwrap();
    let mut cells = vec![0u8; 81];
    let corner = [
        [&FIRST_BOX, &e.first_right],
        [&e.first_below, &e.first_middle],
    ];
    for (br, boxes) in corner.iter().enumerate() {
        for (bc, b) in boxes.iter().enumerate() {
            for k in 0..9 {
                cells[(3 * br + k / 3) * 9 + 3 * bc + k % 3] = b[k];
            }
        }
    }
    let by_search = grids::count_completions(shape, &cells, u64::MAX).unwrap();
    assert_eq!(e.corner_completions as u128, by_search);
}

/// The table against the exact total: the notes' ratio 0.930589 and their
/// 314,107 (the last factor that would make the estimate exact).
#[test]
#[cfg_attr(not(optimized), ignore)]
fn the_estimate_against_the_exact_count() {
    let e = Estimates::compute();
    let total = count_nine_by_nine();
    let ratio = total as f64 / e.estimate as f64;
    assert!((ratio - 0.930589).abs() < 5e-7, "{ratio}");
    assert_eq!(e.needed_last_factor(total).round() as u64, 314_107);
    let table = e.table_text(total);
    assert!(table.contains("0.930589") && table.contains("6,670,903,752,021,072,936,960"));
}

#[test]
#[cfg_attr(not(optimized), ignore)]
fn cli_count_estimates_prints_the_table() {
    let o = common::tessera_with_stdin(&["count", "estimates"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("337,536") && out.contains("7,168,473,431,594,237,952,000"),
        "{out}"
    );
}

#[test]
fn cli_sudoku_grids_lists_the_notes_order() {
    let o = common::tessera_with_stdin(&["sudoku", "grids", "--first", "5"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 5);
    for (line, last) in lines.iter().zip(RUN5_LAST_ROWS) {
        assert_eq!(line[..54], RUN5_FIRST_ROWS.concat());
        assert_eq!(line[54..], last.concat());
    }
    let o = common::tessera_with_stdin(&["sudoku", "grids", "--first", "2", "--box", "2x2"], "");
    assert_eq!(stdout(&o).lines().count(), 2);
    let bad = common::tessera_with_stdin(&["sudoku", "grids", "--format", "svg"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--format must be line or ascii"));
}
