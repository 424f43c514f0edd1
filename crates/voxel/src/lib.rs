//! Voxel scenes for the 3D views: the data model shared by the web viewer
//! (`ui::voxel`) and its callers, and the pure geometry behind it — orbit
//! camera, exact CPU picking, explode offsets, a layer-by-layer reading for
//! the no-WebGL fallback, an X3D writer, and the engine's polycube and
//! Quantumino results as scenes (`solutions`).
//!
//! It lives outside `ui` so all of it compiles and is unit-tested natively;
//! nothing here touches the browser or a GPU.

pub mod camera;
pub mod pick;
pub mod scene;
pub mod solutions;
pub mod x3d;

pub use camera::{OrbitCamera, Ray};
pub use pick::{pick, Hit};
pub use scene::{Scene, ViewOptions, VoxelPiece};
