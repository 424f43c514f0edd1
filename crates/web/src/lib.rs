//! Tessera's web app: the Leptos UI, the page's worker pool and the Web
//! Worker's message loop. The only crate that links the web stack (leptos,
//! web-sys, js-sys, wasm-bindgen, three-d), and only on wasm32.

/// What the app shows, as pure data and functions (native tests reach it).
pub mod model;

/// The Leptos app: shell, routes and one module per workbench.
#[cfg(target_arch = "wasm32")]
pub mod ui;

/// The page's side of the job layer: a pool of Web Workers.
#[cfg(target_arch = "wasm32")]
pub mod pool;

/// The worker binary's message loop around a `tessera_jobs::runner::Runner`.
#[cfg(target_arch = "wasm32")]
pub mod worker_loop;
