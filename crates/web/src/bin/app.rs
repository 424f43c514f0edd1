//! The web app's entry point, built for wasm32 and split by
//! `scripts/build-app.mjs` (Trunk's post_build hook).

#[cfg(target_arch = "wasm32")]
fn main() {
    tessera_web::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("app: the Tessera web app runs in a browser; build and serve it with `make serve`");
    std::process::exit(2);
}
