//! Tessera's web app: the Leptos UI and the page's worker pool (the worker
//! itself is `tessera-worker`). The only crate that links leptos and
//! three-d; it and the worker are the only ones that link web-sys, js-sys
//! and wasm-bindgen — and only on wasm32.

/// What the app shows, as pure data and functions (native tests reach it).
pub mod model;

/// The Leptos app: shell, routes and one module per workbench.
#[cfg(target_arch = "wasm32")]
pub mod ui;

/// The page's side of the job layer: a pool of Web Workers.
#[cfg(target_arch = "wasm32")]
pub mod pool;
