//! The Steiner system S(5,6,12) through Conway's MINIMOG and Curtis's
//! kitten, and mathematical blackjack — SageMath's `sage.games.hexad`, with
//! its exact output strings.

pub mod blackjack;
mod error;
pub mod game;
pub mod minimog;

pub use blackjack::{blackjack_move, BlackjackAdvice};
pub use error::HexadError;
pub use game::{Game, Move, Player};
pub use minimog::{Hexad, HexadKind, Labeling, Minimog, Picture, PointSet};
