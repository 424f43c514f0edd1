//! Tessera: a puzzle and combinatorics workbench.
//!
//! `engine` is pure Rust (no web dependencies) and is shared by the web app,
//! the Web Worker and the native `tessera` command-line tool. `worker` holds
//! the job protocol (pure, serde) and, on wasm32, the worker loop; `ui` is the
//! Leptos app and only exists on wasm32.

pub mod engine;
#[cfg(target_arch = "wasm32")]
pub mod ui;
pub mod voxel;
pub mod worker;
