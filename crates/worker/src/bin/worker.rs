//! The Web Worker's entry point, built for wasm32 with the app by
//! `scripts/build-app.mjs` (wasm-bindgen's no-modules glue).
//! It is a thin message loop around the engine (see `tessera_worker::worker_loop`).

#[cfg(target_arch = "wasm32")]
fn main() {
    tessera_worker::worker_loop::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("worker: the Tessera solver worker runs inside the web app; see `make serve`");
    std::process::exit(2);
}
