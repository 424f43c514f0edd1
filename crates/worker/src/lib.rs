//! Tessera's Web Worker: the message loop that runs jobs off the page's
//! thread. A crate of its own, apart from the web app, for two reasons: the
//! worker never loads the UI (leptos, three-d), and its release profile can
//! keep `opt-level = 3` for the solver kernels while the app is optimised
//! for size (see the workspace Cargo.toml).

/// The worker binary's message loop around a `tessera_jobs::runner::Runner`.
#[cfg(target_arch = "wasm32")]
pub mod worker_loop;
