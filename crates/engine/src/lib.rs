//! The solver core. Nothing in here may import leptos, web-sys or three-d:
//! it must build and test natively and run unchanged inside a Web Worker.

pub mod count;
mod error;
pub mod exact_cover;
pub mod hexad;
pub mod polyform;
pub mod pool;
pub mod quantumino;
pub mod search;
pub mod shard;
pub mod sudoku;
pub mod text;

pub use error::Error;
