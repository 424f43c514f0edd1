//! Work off the UI thread.
//!
//! * [`protocol`] — the serde messages between the page and a worker (pure).
//! * [`runner`] — live searches driven in short time slices, with progress,
//!   batches for "Next solution" and cancel (pure, tested natively).
//! * `wasm` — the worker binary's message loop around a [`runner::Runner`].
//! * `pool` — the page's side: a pool of workers sized to
//!   `navigator.hardwareConcurrency`, job handles, cancel with a watchdog.

pub mod protocol;
pub mod runner;

#[cfg(target_arch = "wasm32")]
pub mod pool;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
