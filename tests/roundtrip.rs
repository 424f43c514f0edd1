//! Property tests: every text format the engine writes reads
//! back to what was written, and writing it again gives the same text —
//! Sudoku strings, lists, matrices and ASCII drawings, Polyform Puzzler
//! solution files, the polyform editor's cells in a link, hexad points.
//! Plus the regression tests for what `make fuzz` found (docs/fuzzing.md).

use proptest::prelude::*;
use std::time::Duration;
use tessera::engine::hexad::Labeling;
use tessera::engine::polyform::editor::{decode_cells, encode_cells};
use tessera::engine::polyform::format::{coordinate_line, parse, trailer, SolutionFile};
use tessera::engine::polyform::{Cell, Lattice, Placed, Solution};
use tessera::engine::sudoku::{Shape, Sudoku};

/// Box shapes people use, from 1×1 to 6×6 (36 symbols, the string form's
/// limit) and one beyond it (7×7: list and matrix only).
fn shapes() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![
        (1, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
    ])
    .prop_map(|(r, c)| Shape::new(r, c).expect("a valid box"))
}

/// A grid of any shape: each cell blank with probability ½, else a symbol.
fn grids() -> impl Strategy<Value = Sudoku> {
    shapes().prop_flat_map(|shape| {
        let n = shape.size() as u8;
        prop::collection::vec(prop_oneof![Just(0u8), 1..=n], shape.cells()).prop_map(move |cells| {
            let list: Vec<i64> = cells.iter().map(|&v| i64::from(v)).collect();
            Sudoku::from_list(&list, Some(shape)).expect("values in range")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sudoku_formats_round_trip(s in grids()) {
        let shape = Some(s.shape());
        if let Ok(text) = s.to_sage_string() {
            let back = Sudoku::from_sage_str(&text, shape).unwrap();
            prop_assert_eq!(&back, &s);
            prop_assert_eq!(back.to_sage_string().unwrap(), text.clone());
            prop_assert_eq!(&Sudoku::parse(&text, shape).unwrap(), &s);
        }
        let list = s.to_list_string();
        let back = Sudoku::parse(&list, shape).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.to_list_string(), list);
        let matrix = s.to_matrix_string();
        let back = Sudoku::parse(&matrix, shape).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.to_matrix_string(), matrix);
        // The matrix as rows of integers (Sage's `Sudoku(matrix)`).
        let rows: Vec<Vec<i64>> =
            s.to_matrix().iter().map(|r| r.iter().map(|&v| i64::from(v)).collect()).collect();
        prop_assert_eq!(&Sudoku::from_matrix(&rows, shape).unwrap(), &s);
    }

    /// The ASCII drawing reads back when it can: every cell filled (a blank
    /// is drawn as spaces) and one character per symbol (size ≤ 9).
    #[test]
    fn full_grids_read_back_from_their_ascii_drawing(s in grids()) {
        prop_assume!(s.size() <= 9);
        let full = s.with_cells(s.cells().iter().map(|&v| v.max(1)).collect());
        let ascii = full.to_ascii();
        let back = Sudoku::parse(&ascii, Some(full.shape())).unwrap();
        prop_assert_eq!(&back, &full);
        prop_assert_eq!(back.to_ascii(), ascii);
    }

    #[test]
    fn polyform_solution_files_round_trip(file in solution_files()) {
        let (lattice, title, solutions) = file;
        let text = write(lattice, &title, &solutions);
        let back: SolutionFile = parse(&text).unwrap();
        prop_assert_eq!(&back.title, &title);
        let expected: Vec<(u128, Solution)> = solutions
            .iter()
            .enumerate()
            .map(|(i, s)| (i as u128 + 1, sorted(s)))
            .collect();
        prop_assert_eq!(&back.solutions, &expected);
        let again: Vec<Solution> = back.solutions.iter().map(|(_, s)| s.clone()).collect();
        prop_assert_eq!(write(lattice, &back.title, &again), text);
    }

    #[test]
    fn editor_cells_round_trip(cells in prop::collection::vec(
        (-64i32..=64, -64i32..=64, -64i32..=64).prop_map(|(x, y, z)| [x, y, z]), 0..40)) {
        let text = encode_cells(&cells);
        let back = decode_cells(&text).unwrap();
        prop_assert_eq!(&back, &cells);
        prop_assert_eq!(encode_cells(&back), text);
    }
}

#[test]
fn hexad_points_print_and_read_back() {
    for labeling in [Labeling::Shuffle, Labeling::Modulo11] {
        for p in 0..12u8 {
            assert_eq!(labeling.parse_point(&labeling.label(p)), Ok(p));
        }
    }
}

/// Solution files as Tessera writes them: `Solving <title>:`, records of
/// coordinate lines (`! NAME` for a piece left out), a blank line, the
/// trailer. (The visual drawing is left out: the reader skips it.)
fn write(lattice: Lattice, title: &str, solutions: &[Solution]) -> String {
    let mut s = format!("Solving {title}:\n\n");
    for (i, sol) in solutions.iter().enumerate() {
        s.push_str(&format!("solution {}:\n", i + 1));
        for p in &sol.pieces {
            s.push_str(&coordinate_line(lattice, p, [2, 2, 1]));
            s.push('\n');
        }
        s.push('\n');
    }
    s.push_str(&trailer(
        solutions.len() as u128,
        7,
        Duration::from_micros(1_500_001),
    ));
    s
}

fn sorted(s: &Solution) -> Solution {
    let mut s = s.clone();
    for p in &mut s.pieces {
        p.cells.sort_unstable();
    }
    s
}

fn solution_files() -> impl Strategy<Value = (Lattice, String, Vec<Solution>)> {
    prop::sample::select(vec![
        Lattice::Square,
        Lattice::Hexagon,
        Lattice::Cube,
        Lattice::Stick,
    ])
    .prop_flat_map(|lattice| {
        let three = lattice.coordinate_count() == 3;
        let cell = (-99i32..999, -99i32..999, 0i32..9)
            .prop_map(move |(x, y, z)| -> Cell { [x, y, if three { z } else { 0 }] });
        let piece = ("[A-Z][A-Za-z0-9]{0,3}", prop::collection::vec(cell, 0..6))
            .prop_map(|(name, cells)| Placed { name, cells });
        let solution = prop::collection::vec(piece, 1..6).prop_map(|pieces| Solution { pieces });
        (
            Just(lattice),
            "[A-Za-z][A-Za-z0-9]{0,15}",
            prop::collection::vec(solution, 1..4),
        )
    })
}

/// Found by `make fuzz` (sudoku_text): a 1×1 grid's list form `[0]` did
/// not read back with its shape given (a single number was always taken
/// as a string).
#[test]
fn a_one_by_one_grid_reads_back_from_its_list() {
    let one = Shape::new(1, 1).unwrap();
    let s = Sudoku::from_sage_str(".", None).unwrap();
    assert_eq!(Sudoku::parse(&s.to_list_string(), Some(one)).unwrap(), s);
    assert_eq!(Sudoku::parse("[1]", Some(one)).unwrap().cells(), &[1]);
    assert!(Sudoku::parse("[2]", Some(one)).is_err());
}

/// Found by `make fuzz` (sudoku_link): a box shape whose side overflows
/// `usize` panicked in `Shape::new` (and in a build without overflow checks
/// could wrap into a small, wrong side).
#[test]
fn an_overflowing_box_shape_is_an_error() {
    // The fuzzer's input: 19 digits fit a u64, times 44 does not.
    let huge = "9999999999999999994x44";
    assert!(Shape::parse(huge)
        .unwrap_err()
        .to_string()
        .contains("not supported"));
    assert_eq!(Shape::new(usize::MAX, 2), None);
    assert_eq!(Shape::new(1 << 63, 2), None);
    assert!(Sudoku::parse("1...", Some(Shape::new(2, 2).unwrap())).is_err());
}

/// Found by `make fuzz` (job_request): a job's params carry a `Shape` as
/// JSON, which bypassed `Shape::new`; `4294967296x4294967296` overflowed
/// the grid size in the worker. Now the decode names the bad shape.
#[test]
fn a_job_with_an_impossible_shape_is_a_bad_input_error() {
    use tessera::jobs::jobs::REGISTRY;
    use tessera::jobs::protocol::Json;
    for (r, c) in [(4294967296u64, 4294967296u64), (0, 3), (9, 9)] {
        let params = format!(
            r#"{{"shape":{{"box_rows":{r},"box_cols":{c}}},"cells":[0],"algorithm":"Auto","batch":1}}"#
        );
        let params: Json = serde_json::from_str(&params).unwrap();
        let err = match REGISTRY.start("SudokuSolve", &params) {
            Err(e) => format!("{e:?}"),
            Ok(_) => panic!("{r}x{c} started"),
        };
        assert!(err.contains("not supported"), "{err}");
    }
    let ok: Shape = serde_json::from_str(r#"{"box_rows":2,"box_cols":3}"#).unwrap();
    assert_eq!(ok, Shape::new(2, 3).unwrap());
    assert_eq!(
        serde_json::to_string(&ok).unwrap(),
        r#"{"box_rows":2,"box_cols":3}"#
    );
}
