//! Sets `cfg(optimized)` in builds at opt-level 3 (`--profile checked`,
//! `--release`): tests too slow for an unoptimised build run only there
//! (Cargo.toml, `[profile.checked]`).
fn main() {
    println!("cargo::rustc-check-cfg=cfg(optimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|o| o == "3") {
        println!("cargo::rustc-cfg=optimized");
    }
    println!("cargo::rerun-if-changed=build.rs");
}
