//! Quantumino (Sage's `sage.games.quantumino`): the 17 pentacubes, Sage's
//! solver with its exact strings and order, and a counter that finishes.
//!
//! ```
//! use tessera_engine::quantumino::QuantuminoSolver;
//! let q = QuantuminoSolver::game(0).unwrap();
//! assert_eq!(q.rows().len(), 5484);
//! assert!(QuantuminoSolver::new(17, [5, 8, 2]).is_err());
//! ```

pub mod aside_counts;
pub mod counter;
pub mod pieces;
pub mod solver;

pub use aside_counts::{
    count_asides, count_asides_in_batches, free_rotation_order, modulo_box_rotations,
};
pub use counter::{
    count_tilings, CountProgress, CountStep, Counter, QuantuminoCountError, SetCounts,
};
pub use pieces::{piece, pieces, Piece, NUM_PIECES};
pub use solver::{
    check_box, Partial, PlacedPiece, QuantuminoError, QuantuminoSearch, QuantuminoSolver,
    QuantuminoState, SageVersion, GAME_BOX,
};
