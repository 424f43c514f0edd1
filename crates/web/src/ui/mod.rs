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
pub mod segment;
pub mod shell;
pub mod split;
pub mod storage;
pub mod sudoku;
pub mod voxel;
pub mod workbench;

/// Entry point of the `app` binary.
///
/// The mount runs in a task of its own: instantiating the module (V8
/// finishing its streaming compile) and mounting the app (which compiles
/// every function it calls for the first time) together made one
/// main-thread task of 300–460 ms; apart, each is shorter, and the page
/// can paint the loading screen's last progress in between.
pub fn start() {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    panic::install();
    let mount = Closure::once_into_js(|| {
        // The shell marks the app ready once a workbench is on screen.
        leptos::mount::mount_to_body(shell::App);
    });
    if dom::window()
        .set_timeout_with_callback(mount.unchecked_ref())
        .is_err()
    {
        leptos::mount::mount_to_body(shell::App);
    }
}
