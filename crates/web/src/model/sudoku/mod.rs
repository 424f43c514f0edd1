//! The Sudoku workbench's model: the board being edited with its undo
//! history, and its part of the URL.

pub mod board;
pub mod codec;

use crate::model::format::group;
use crate::model::job::Tone;

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
    use super::{count_outcome, engine_label, Tone};

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
}
