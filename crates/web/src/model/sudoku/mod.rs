//! The Sudoku workbench's model: the board being edited with its undo
//! history, and its part of the URL.

pub mod board;
pub mod codec;
pub mod constraints;
pub mod hint;
pub mod links;
pub mod packed;
pub mod play;
pub mod starters;

use crate::model::format::{capitalize, plural};
use tessera_engine::sudoku::grid::cell_name;
use tessera_engine::sudoku::{Algorithm, SudokuError};

use crate::model::format::group;
use crate::model::job::Tone;

/// How long a Solve runs before the page suggests another engine.
pub const ADVICE_AFTER_MS: i32 = 3000;

/// The engine likely to finish a Solve that `algorithm` has run on a
/// `size`×`size` grid for [`ADVICE_AFTER_MS`]: SAT, for Dancing Links and
/// backtracking on 16×16 and larger, where a stall lasts minutes and clause
/// learning answers in seconds (the 25×25 of tests/data/sets/giants.txt:
/// neither finishes in 10 s natively, SAT in about one). The page only
/// suggests: the user's choice stays until they switch.
pub fn engine_advice(size: usize, algorithm: Algorithm) -> Option<Algorithm> {
    (size >= 16 && matches!(algorithm, Algorithm::Dlx | Algorithm::Backtrack))
        .then_some(Algorithm::Sat)
}

/// The engine a solver search reports (`Search::engine()`), in words: what
/// the page says when Auto picked it.
pub fn engine_label(engine: &str) -> &'static str {
    match engine {
        "band" => "the band solver",
        "dlx" | "dlx9" => "Dancing Links",
        "backtrack" => "backtracking",
        "sat" => "SAT (clause learning)",
        _ => "an unnamed engine",
    }
}

/// An import error in players' words. The engine's messages keep Sage's
/// wording (the CLI's errors match Sage's); the browser speaks to people:
/// "80 cells: a 9×9 grid needs 81", not "dimension of 9 must be a perfect
/// square", which reads as if 9 were not a square.
pub fn import_message(e: &SudokuError) -> String {
    match e {
        SudokuError::Empty => "Nothing to import: no cells were found.".into(),
        SudokuError::Dimension { cells, .. } => {
            // The nearest square grids below and above the count.
            let sizes = [4usize, 6, 8, 9, 10, 12, 15, 16, 20, 25];
            let below = sizes.iter().rev().find(|&&n| n * n < *cells);
            let above = sizes.iter().find(|&&n| n * n > *cells);
            let near = match (below, above) {
                (Some(&b), Some(&a)) if cells - b * b < a * a - cells => {
                    format!("a {b}×{b} grid has {}", b * b)
                }
                (_, Some(&a)) => format!("a {a}×{a} grid needs {}", a * a),
                (Some(&b), None) => format!("a {b}×{b} grid has {}", b * b),
                (None, None) => "no grid has that many".into(),
            };
            format!(
                "{}: {near}. Blanks count too — use . or 0 for an empty cell.",
                plural(*cells as u128, "cell", "cells")
            )
        }
        SudokuError::ShapeLength { shape, cells } => format!(
            "{}: a grid with {shape} boxes has {}.",
            plural(*cells as u128, "cell", "cells"),
            shape.cells()
        ),
        SudokuError::TooLarge { size } => {
            format!("A {size}×{size} grid is too large: Tessera goes up to 64 symbols.")
        }
        SudokuError::NotSquare { rows, row, len } => format!(
            "Row {} has {} but the matrix has {}: every row needs as many entries as there are rows.",
            row + 1,
            plural(*len as u128, "entry", "entries"),
            plural(*rows as u128, "row", "rows")
        ),
        SudokuError::InvalidChar { position, ch } => format!(
            "“{}” (character {}) is not a digit: use 1–9, letters A–Z above 9, and . or 0 for blanks.",
            ch.escape_default(),
            position + 1
        ),
        SudokuError::SymbolTooLarge {
            position,
            ch,
            value,
            size,
        } => format!(
            "“{ch}” in {} stands for {value}, but a {size}×{size} grid only uses 1–{size}.",
            cell_name(*position, *size)
        ),
        SudokuError::InvalidValue {
            position,
            value,
            size,
        } => format!(
            "{value} in {} is outside 0–{size} (0 is a blank).",
            cell_name(*position, *size)
        ),
        SudokuError::Duplicate { .. } | SudokuError::StringTooLarge { .. } => {
            capitalize(&e.to_string()) + "."
        }
        SudokuError::UnknownAlgorithm(name) => format!("“{name}” is not a solver Tessera knows."),
        // Option names come from the page's own menus, never from an import.
        SudokuError::UnknownSymmetry(_)
        | SudokuError::UnknownDifficulty(_)
        | SudokuError::UnknownModelFormat(_)
        | SudokuError::UnknownEncoding(_) => e.to_string(),
    }
}

/// What a finished count says, in the standard and the variant views
/// alike: the number, whether the puzzle is proper, and which engine
/// counted (the job's `Stats::engine`, as the picker chose it).
pub fn count_outcome(solutions: u128, engine: Option<&str>) -> (Tone, String) {
    let by = engine
        .map(|e| format!(" Counted by {}.", engine_label(e)))
        .unwrap_or_default();
    match solutions {
        0 => (
            Tone::Error,
            format!("No solution: this puzzle cannot be completed.{by}"),
        ),
        1 => (
            Tone::Success,
            format!("Exactly 1 solution: the puzzle is proper.{by}"),
        ),
        n => (Tone::Success, format!("{} solutions.{by}", group(n))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_engine::sudoku::{Shape, Sudoku};

    #[test]
    fn a_count_says_how_many_and_which_engine() {
        assert_eq!(
            count_outcome(28_200_960, Some("band")),
            (
                Tone::Success,
                "28,200,960 solutions. Counted by the band solver.".to_string()
            )
        );
        let (tone, text) = count_outcome(0, Some("dlx9"));
        assert_eq!(tone, Tone::Error);
        assert!(text.starts_with("No solution") && text.ends_with("by Dancing Links."));
        assert_eq!(
            count_outcome(1, None).1,
            "Exactly 1 solution: the puzzle is proper."
        );
    }

    #[test]
    fn every_engine_the_solvers_report_has_words() {
        for (name, words) in [
            ("band", "the band solver"),
            ("dlx9", "Dancing Links"),
            ("dlx", "Dancing Links"),
            ("backtrack", "backtracking"),
            ("sat", "SAT (clause learning)"),
        ] {
            assert_eq!(engine_label(name), words);
        }
        assert_eq!(engine_label("quantum"), "an unnamed engine");
    }

    #[test]
    fn import_errors_speak_to_players_while_the_engine_keeps_sages_words() {
        let err = |text: &str| Sudoku::parse(text, None).unwrap_err();
        let short = err(&"1".repeat(80));
        // Sage's exact wording stays in the engine (the CLI prints it).
        assert!(short
            .to_string()
            .starts_with("Sudoku puzzle dimension of 9 must be a perfect square"));
        assert_eq!(
            import_message(&short),
            "80 cells: a 9×9 grid needs 81. Blanks count too — use . or 0 for an empty cell."
        );
        assert!(import_message(&err(&".".repeat(82))).starts_with("82 cells: a 9×9 grid has 81"));
        assert!(import_message(&err(&".".repeat(17))).starts_with("17 cells: a 4×4 grid has 16"));
        assert_eq!(
            import_message(&SudokuError::ShapeLength {
                shape: Shape::new(2, 3).unwrap(),
                cells: 35
            }),
            "35 cells: a grid with 2x3 boxes has 36."
        );
        let bad = err(&format!("?{}", ".".repeat(80)));
        assert!(
            import_message(&bad).starts_with("“?” (character 1) is not a digit"),
            "{}",
            import_message(&bad)
        );
        assert_eq!(
            import_message(&err(&format!("{}x", ".".repeat(80)))),
            "“x” in r9c9 stands for 33, but a 9×9 grid only uses 1–9."
        );
        let ragged = SudokuError::NotSquare {
            rows: 4,
            row: 1,
            len: 3,
        };
        assert_eq!(
            import_message(&ragged),
            "Row 2 has 3 entries but the matrix has 4 rows: every row needs as many entries as there are rows."
        );
    }
}

#[cfg(test)]
mod advice_tests {
    use super::*;

    #[test]
    fn sat_is_suggested_only_for_tree_searches_on_large_grids() {
        for a in [Algorithm::Dlx, Algorithm::Backtrack] {
            assert_eq!(engine_advice(16, a), Some(Algorithm::Sat));
            assert_eq!(engine_advice(25, a), Some(Algorithm::Sat));
            assert_eq!(
                engine_advice(9, a),
                None,
                "9×9 searches end in milliseconds"
            );
        }
        // SAT is already the suggestion; Auto switches to SAT itself.
        assert_eq!(engine_advice(25, Algorithm::Sat), None);
        assert_eq!(engine_advice(25, Algorithm::Auto), None);
    }
}
