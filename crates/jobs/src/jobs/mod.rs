//! Every job kind, by family. Each family file holds its jobs' params
//! types, their item types, their engine adapters and their tests; this
//! file only lists them for the worker.

pub mod constraint;
pub mod count;
pub mod essential;
pub mod jnotes;
pub mod modeling;
pub mod play;
pub mod polyform;
pub mod quantumino;
pub mod sudoku;
pub mod variant;

use crate::registry::Registry;

/// The job kinds a worker runs: one line per kind. A job not listed here
/// is answered with an "unknown job kind" error.
pub static REGISTRY: Registry = crate::registry![
    sudoku::SudokuSolve,
    sudoku::SudokuCount,
    sudoku::SudokuExplain,
    sudoku::SudokuGenerate,
    sudoku::SudokuValidate,
    play::SudokuHint,
    play::SudokuRating,
    variant::VariantSolve,
    variant::VariantGenerate,
    constraint::ConstraintSolve,
    constraint::ConstraintCount,
    constraint::ConstraintCandidates,
    polyform::PolyformSolve,
    polyform::PolyformCount,
    polyform::PolyformEnumerate,
    quantumino::QuantuminoSolve,
    quantumino::QuantuminoCount,
    quantumino::QuantuminoCountParts,
    count::PhaseTransition,
    count::CountGrids,
    count::CountBands,
    jnotes::JNotesEstimates,
    essential::EssentiallyDifferent,
    modeling::SudokuColour,
    modeling::MinimalClues,
    modeling::SatEncodings,
];
