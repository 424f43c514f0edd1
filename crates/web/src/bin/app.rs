//! The web app's entry point: trunk builds this binary for wasm32 from
//! `index.html` (`<link data-trunk rel="rust" data-bin="app" …>`).

#[cfg(target_arch = "wasm32")]
fn main() {
    tessera_web::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("app: the Tessera web app runs in a browser; build and serve it with `make serve`");
    std::process::exit(2);
}
