//! The job layer: work the page hands to a Web Worker, as pure Rust.
//!
//! * [`job`] — the [`Job`](job::Job) trait: a job kind is a serde type with
//!   a wire key and an item type, and starts as [`Work`](job::Work).
//! * [`jobs`] — every job kind, one file per family, and the
//!   [`REGISTRY`](jobs::REGISTRY) that lists them.
//! * [`event`] — what a job reports: typed [`Event`](event::Event)s,
//!   [`Stats`](event::Stats) and [`JobError`](event::JobError).
//! * [`protocol`] — the serde messages between the page and a worker.
//! * [`registry`] — kind key → decode params and start (type-erased).
//! * [`runner`] — live jobs driven in short time slices, with progress,
//!   batches for "Next solution" and cancel.
//!
//! Nothing here touches the browser, so all of it builds and is tested
//! natively; the worker's message loop and the page's worker pool live in
//! the web crate (`tessera-web`), the only crate that links web-sys. See
//! `docs/jobs.md`.

pub mod event;
pub mod job;
pub mod jobs;
pub mod protocol;
pub mod registry;
pub mod runner;
