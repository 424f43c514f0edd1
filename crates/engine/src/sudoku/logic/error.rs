//! Why the logical solver cannot read a position.

use crate::sudoku::grid::cell_name;
use crate::sudoku::shape::Shape;
use crate::sudoku::variant::VariantError;

/// A position the logical solver cannot read: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    /// A jigsaw region map whose cell count is not n² (n ≤ 64).
    #[error("a jigsaw region map needs n² cells (n ≤ 64), got {cells}")]
    RegionMapCells { cells: usize },
    /// A jigsaw region (1-based) without n cells.
    #[error("region {region} has {size} cells, not {n}")]
    RegionSize {
        region: usize,
        size: usize,
        n: usize,
    },
    /// More symbols than a grid holds.
    #[error("{n} symbols are too many")]
    TooManySymbols { n: usize },
    /// Values and candidate lists that do not cover the grid.
    #[error(
        "a {shape} grid has {cells} cells: got {values} values and {candidates} candidate lists"
    )]
    CandidateCells {
        shape: Shape,
        cells: usize,
        values: usize,
        candidates: usize,
    },
    /// A value outside `1..=n`.
    #[error("{}: value {value} is outside 1..{n}", cell_name(*cell, *n))]
    Value { cell: usize, value: u8, n: usize },
    /// A candidate outside `1..=n`.
    #[error("{}: candidate {candidate} is outside 1..{n}", cell_name(*cell, *n))]
    Candidate {
        cell: usize,
        candidate: u8,
        n: usize,
    },
    /// Values and mark sets that do not cover a variant's grid.
    #[error("the {variant} grid has {cells} cells: got {values} values and {marks} mark sets")]
    HintCells {
        variant: &'static str,
        cells: usize,
        values: usize,
        marks: usize,
    },
    /// A puzzle that does not cover a variant's grid.
    #[error("the {variant} grid has {cells} cells: got {values}")]
    PuzzleCells {
        variant: &'static str,
        cells: usize,
        values: usize,
    },
    /// Samurai is not one square grid.
    #[error("the logical solver reads one square grid; Samurai is five overlapping ones")]
    Samurai,
    /// A hint walk that went on past cells × symbols steps (a bug).
    #[error("the hints did not come to an end")]
    EndlessWalk,
    /// The values do not fit the variant or clash.
    #[error(transparent)]
    Variant(#[from] VariantError),
}
