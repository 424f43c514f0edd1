//! The native command-line face of the engine.
fn main() {
    println!("tessera {}", env!("CARGO_PKG_VERSION"));
}
