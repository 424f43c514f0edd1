//! The Leptos app (wasm32 only): the shell (header, nav, URL and session
//! state, notices, theme) and one module per workbench.
//!
//! Adding a workbench is one module plus one line in
//! [`workbench::WORKBENCHES`].

pub mod dom;
pub mod help;
pub mod hexad;
pub mod home;
pub mod job;
pub mod panic;
pub mod polyform;
pub mod quantumino;
pub mod shell;
pub mod storage;
pub mod sudoku;
pub mod voxel;
pub mod workbench;

/// Entry point of the `app` binary.
pub fn start() {
    panic::install();
    leptos::mount::mount_to_body(shell::App);
    dom::mark_ready();
}
