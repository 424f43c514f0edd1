//! The job layer: work the page hands to a Web Worker, as pure Rust.
//!
//! * [`protocol`] — the serde messages between the page and a worker.
//! * [`runner`] — live searches driven in short time slices, with progress,
//!   batches for "Next solution" and cancel.
//!
//! Nothing here touches the browser, so all of it builds and is tested
//! natively; the worker's message loop and the page's worker pool live in
//! the web crate (`tessera-web`), the only crate that links web-sys.

pub mod protocol;
pub mod runner;
