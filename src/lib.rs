//! Tessera: a puzzle and combinatorics workbench.
//!
//! This root package is the native `tessera` command-line tool. Its library
//! is only a facade over the workspace crates, so the CLI, the integration
//! tests (`tests/`), the benches and the examples name one path:
//!
//! * [`engine`] = `tessera-engine`: the pure solver core;
//! * [`voxel`] = `tessera-voxel`: pure 3D geometry for the viewers (X3D too);
//! * [`jobs`] = `tessera-jobs`: the page–worker protocol and the time-sliced
//!   runner.
//!
//! The web app (`tessera-web`) is not re-exported: nothing native needs it.

pub use tessera_engine as engine;
pub use tessera_jobs as jobs;
pub use tessera_voxel as voxel;
