//! The Sudoku workbench's model: the board being edited with its undo
//! history, and its part of the URL.

pub mod board;
pub mod codec;
pub mod play;

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

#[cfg(test)]
mod tests {
    use super::engine_label;

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
