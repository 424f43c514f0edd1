//! `tessera`: the native command-line face of the engine.
//!
//! Each workbench has its own subcommand module; `main` only dispatches and
//! turns the module's result into an exit status (0 ok, 2 bad input).

#[cfg(not(target_arch = "wasm32"))]
mod catalogue;
#[cfg(not(target_arch = "wasm32"))]
mod count;
#[cfg(not(target_arch = "wasm32"))]
mod encodings;
#[cfg(not(target_arch = "wasm32"))]
mod experiment;
#[cfg(not(target_arch = "wasm32"))]
mod failure;
#[cfg(not(target_arch = "wasm32"))]
mod hexad;
#[cfg(not(target_arch = "wasm32"))]
mod jnotes;
#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
mod polyform;
#[cfg(not(target_arch = "wasm32"))]
mod quantumino;
#[cfg(not(target_arch = "wasm32"))]
mod shard;
#[cfg(not(target_arch = "wasm32"))]
mod sudoku;
#[cfg(not(target_arch = "wasm32"))]
mod sweep;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

/// The CLI is native-only; on wasm32 this binary is an empty shell so that
/// `cargo build --target wasm32-unknown-unknown --bins` works.
#[cfg(target_arch = "wasm32")]
fn main() {}
