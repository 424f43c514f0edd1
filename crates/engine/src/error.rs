//! The engine's one boundary error: what any public engine call can fail
//! with, one variant per domain. Each variant wraps its module's structured
//! error (positions, sizes, names), which callers match on; `Display` is the
//! payload's sentence for players and `source` is the payload itself.

use crate::count::{
    essential::EssentialError, grids::GridCountError, minimal::MinimalError, phase::PhaseError,
};
use crate::exact_cover::{certificate::CertificateError, presolve::DeadRowError, ExactCoverError};
use crate::hexad::HexadError;
use crate::polyform::{bitfill::BitfillError, polycube::TilingError, PolyformError};
use crate::quantumino::{QuantuminoCountError, QuantuminoError};
use crate::shard::ShardError;
use crate::sudoku::{
    colouring::ColourError, constraint::ConstraintError, generate::GenerateError,
    logic::LogicError, models::ModelError, sweep::GameError,
    variant::generate::VariantGenerateError, variant::VariantError, ShapeError, SudokuError,
};

/// Any engine failure, by domain; `?` converts every module error into it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A Sudoku grid or a request about it.
    #[error("{0}")]
    Sudoku(#[from] SudokuError),
    /// A box shape.
    #[error("{0}")]
    Shape(#[from] ShapeError),
    /// A Sudoku variant or a puzzle for it.
    #[error("{0}")]
    Variant(#[from] VariantError),
    /// Generating a standard puzzle.
    #[error("{0}")]
    Generate(#[from] GenerateError),
    /// Generating a variant puzzle.
    #[error("{0}")]
    VariantGenerate(#[from] VariantGenerateError),
    /// A `.game` text of the pencil-mark sweep.
    #[error("{0}")]
    Game(#[from] GameError),
    /// Colouring a Sudoku graph.
    #[error("{0}")]
    Colour(#[from] ColourError),
    /// Exporting a Sudoku model.
    #[error("{0}")]
    Model(#[from] ModelError),
    /// A position the logical solver cannot read.
    #[error("{0}")]
    Logic(#[from] LogicError),
    /// A polyform puzzle, family or solution file.
    #[error("{0}")]
    Polyform(#[from] PolyformError),
    /// The polyform bitset search.
    #[error("{0}")]
    Bitfill(#[from] BitfillError),
    /// Packing polycubes into a box.
    #[error("{0}")]
    Tiling(#[from] TilingError),
    /// An exact-cover instance or its forced rows.
    #[error("{0}")]
    ExactCover(#[from] ExactCoverError),
    /// A weighting offered as a proof that no cover exists.
    #[error("{0}")]
    Certificate(#[from] CertificateError),
    /// A record of rows set aside by presolving.
    #[error("{0}")]
    DeadRows(#[from] DeadRowError),
    /// Counting complete grids.
    #[error("{0}")]
    GridCount(#[from] GridCountError),
    /// Counting minimal puzzles.
    #[error("{0}")]
    Minimal(#[from] MinimalError),
    /// The phase-transition experiment.
    #[error("{0}")]
    Phase(#[from] PhaseError),
    /// Counting essentially different grids.
    #[error("{0}")]
    Essential(#[from] EssentialError),
    /// Quantumino's solver.
    #[error("{0}")]
    Quantumino(#[from] QuantuminoError),
    /// Quantumino's counter.
    #[error("{0}")]
    QuantuminoCount(#[from] QuantuminoCountError),
    /// The hexad games.
    #[error("{0}")]
    Hexad(#[from] HexadError),
    /// A `--shard I/N`.
    #[error("{0}")]
    Shard(#[from] ShardError),
    /// A constrained puzzle (killer cages, thermometers, …) or its text.
    #[error("{0}")]
    Constraint(#[from] ConstraintError),
}

/// `From<E> for $target` for every module error `E` that [`Error`] wraps,
/// through `From<Error> for $target`: a boundary type that converts the
/// engine's error gets `?` on every engine call, and decides in one place.
#[macro_export]
macro_rules! from_module_errors {
    ($target:ty) => {
        $crate::from_module_errors!(@each $target;
            $crate::sudoku::SudokuError,
            $crate::sudoku::ShapeError,
            $crate::sudoku::variant::VariantError,
            $crate::sudoku::generate::GenerateError,
            $crate::sudoku::variant::generate::VariantGenerateError,
            $crate::sudoku::sweep::GameError,
            $crate::sudoku::colouring::ColourError,
            $crate::sudoku::models::ModelError,
            $crate::sudoku::logic::LogicError,
            $crate::polyform::PolyformError,
            $crate::polyform::bitfill::BitfillError,
            $crate::polyform::polycube::TilingError,
            $crate::exact_cover::ExactCoverError,
            $crate::exact_cover::certificate::CertificateError,
            $crate::exact_cover::presolve::DeadRowError,
            $crate::count::grids::GridCountError,
            $crate::count::minimal::MinimalError,
            $crate::count::phase::PhaseError,
            $crate::count::essential::EssentialError,
            $crate::quantumino::QuantuminoError,
            $crate::quantumino::QuantuminoCountError,
            $crate::hexad::HexadError,
            $crate::shard::ShardError,
            $crate::sudoku::constraint::ConstraintError
        );
    };
    (@each $target:ty; $($payload:ty),*) => {
        $(impl From<$payload> for $target {
            fn from(e: $payload) -> Self {
                <$target>::from($crate::Error::from(e))
            }
        })*
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_the_payloads_and_the_source_is_the_payload() {
        let payload = HexadError::NotAPoint(12);
        let e: Error = payload.clone().into();
        assert_eq!(e.to_string(), payload.to_string());
        let source = std::error::Error::source(&e).expect("the payload");
        assert_eq!(source.to_string(), "12 is not a point");
    }
}
