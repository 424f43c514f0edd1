//! The GPU side of the voxel view: a three-d context built from our own
//! canvas (never `three_d::Window`, whose winit loop would own the page),
//! instanced unit-cube faces for all cubes and for the box edges.
//!
//! Shading is worked out on the CPU, once per face direction: a cube has
//! six normals and the lights never move, so each face's brightness is a
//! constant (ambient plus the Lambert terms of a key and a fill light, as
//! the physical material's diffuse part gave) multiplied into the instance
//! colours, and the GPU runs a flat-colour shader. Why: under
//! software GL (SwiftShader, as in headless Chromium) three-d's physical
//! material kept the page's main thread waiting 250–400 ms per canvas for
//! its shader and another 200–240 ms per new solution drawn.

use std::sync::Arc;
use tessera_voxel::camera::OrbitCamera;
use tessera_voxel::scene::{mix, parse_hex_color, Aabb, Scene, ViewOptions};
use three_d::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

/// Unselected pieces fade this far towards the background while one piece
/// is highlighted.
const FADE: f64 = 0.72;
const GREY: [u8; 3] = [128, 128, 128];
/// Box edges are square bars this thick.
const EDGE: f64 = 0.035;

pub struct Gl {
    context: Context,
    /// The unit cube's faces, one mesh each, in `FACE_NORMALS`' order.
    faces: Vec<CpuMesh>,
    /// Per face direction: the pieces' cubes and the box's edge bars.
    pieces: Vec<Gm<InstancedMesh, ColorMaterial>>,
    frame: Vec<Gm<InstancedMesh, ColorMaterial>>,
}

/// Outward normals of three-d's unit cube's faces, in the order of its
/// vertices (six per face): up, down, back, front, right, left.
const FACE_NORMALS: [[f64; 3]; 6] = [
    [0.0, 1.0, 0.0],
    [0.0, -1.0, 0.0],
    [0.0, 0.0, -1.0],
    [0.0, 0.0, 1.0],
    [1.0, 0.0, 0.0],
    [-1.0, 0.0, 0.0],
];
/// The lights: ambient intensity, and (intensity, direction of travel) of
/// the key and fill lights.
const AMBIENT: f64 = 0.55;
const KEY: (f64, [f64; 3]) = (2.2, [-0.45, -0.6, -1.0]);
const FILL: (f64, [f64; 3]) = (0.7, [0.8, 0.5, 0.35]);

/// A face's brightness (a linear factor on its colour).
fn face_light(n: [f64; 3]) -> f64 {
    let lambert = |(power, d): (f64, [f64; 3])| {
        let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        let cos = -(n[0] * d[0] + n[1] * d[1] + n[2] * d[2]) / len;
        power * cos.max(0.0) / std::f64::consts::PI
    };
    AMBIENT + lambert(KEY) + lambert(FILL)
}

/// `c` (sRGB) lit by `light` (a linear factor), back in sRGB.
fn shade(c: [u8; 3], light: f64) -> Srgba {
    let lit = c.map(|x| {
        let v = f64::from(x) / 255.0;
        let linear = if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        };
        let l = (linear * light).min(1.0);
        let s = if l <= 0.003_130_8 {
            l * 12.92
        } else {
            1.055 * l.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    });
    Srgba::new(lit[0], lit[1], lit[2], 255)
}

/// three-d's unit cube split into its six faces.
fn cube_faces() -> Vec<CpuMesh> {
    let cube = CpuMesh::cube();
    let corners: Vec<Vec3> = match cube.positions {
        Positions::F32(p) => p,
        Positions::F64(p) => p
            .iter()
            .map(|q| vec3(q.x as f32, q.y as f32, q.z as f32))
            .collect(),
    };
    corners
        .chunks(6)
        .map(|face| CpuMesh {
            positions: Positions::F32(face.to_vec()),
            ..Default::default()
        })
        .collect()
}

/// `canvas.getContext("webgl2", {preserveDrawingBuffer, antialias})`;
/// `Err` with a sentence for the user when WebGL2 is missing.
///
/// Antialiasing only where the GPU does the work: the first request has
/// `failIfMajorPerformanceCaveat`, which a software renderer (a blocklisted
/// GPU, headless Chromium's SwiftShader) refuses; the second, without
/// antialiasing, takes it. Multisampling on the CPU multiplied every
/// frame's cost (a first frame of over 200 ms, the page's long-task limit).
fn webgl2(canvas: &HtmlCanvasElement) -> Result<web_sys::WebGl2RenderingContext, String> {
    let request = |hardware: bool| {
        let options = js_sys::Object::new();
        // Kept so tests (and the browser's "save image") can read the
        // pixels after the frame is presented.
        let _ = js_sys::Reflect::set(&options, &"preserveDrawingBuffer".into(), &true.into());
        let _ = js_sys::Reflect::set(&options, &"antialias".into(), &hardware.into());
        let _ = js_sys::Reflect::set(&options, &"alpha".into(), &true.into());
        let _ = js_sys::Reflect::set(
            &options,
            &"failIfMajorPerformanceCaveat".into(),
            &hardware.into(),
        );
        canvas.get_context_with_context_options("webgl2", &options)
    };
    let ctx = match request(true) {
        Ok(Some(ctx)) => ctx,
        _ => request(false)
            .map_err(|_| "The browser refused a WebGL2 context.".to_string())?
            .ok_or_else(|| "This browser or device has no WebGL2.".to_string())?,
    };
    ctx.dyn_into::<web_sys::WebGl2RenderingContext>()
        .map_err(|_| "The canvas did not give a WebGL2 context.".to_string())
}

fn mat_for(b: &Aabb) -> Mat4 {
    let c = [0, 1, 2].map(|k| ((b[0][k] + b[1][k]) / 2.0) as f32);
    let h = [0, 1, 2].map(|k| ((b[1][k] - b[0][k]) / 2.0) as f32);
    Mat4::from_translation(vec3(c[0], c[1], c[2])) * Mat4::from_nonuniform_scale(h[0], h[1], h[2])
}

fn v(p: [f64; 3]) -> Vec3 {
    vec3(p[0] as f32, p[1] as f32, p[2] as f32)
}

impl Gl {
    pub fn new(canvas: &HtmlCanvasElement) -> Result<Gl, String> {
        let gl = webgl2(canvas)?;
        let glow = three_d::context::Context::from_webgl2_context(gl);
        // three-d's API takes an Arc; the context never leaves this thread.
        #[allow(clippy::arc_with_non_send_sync)]
        let context = Context::from_gl_context(Arc::new(glow))
            .map_err(|e| format!("WebGL2 setup failed: {e}"))?;
        Ok(Gl {
            context,
            faces: cube_faces(),
            pieces: Vec::new(),
            frame: Vec::new(),
        })
    }

    /// One instanced mesh per face direction for the boxes
    /// `transformations` coloured `colors`, each face lit by its brightness.
    fn faces_of(
        &self,
        transformations: &[Mat4],
        colors: &[[u8; 3]],
    ) -> Vec<Gm<InstancedMesh, ColorMaterial>> {
        if transformations.is_empty() {
            return Vec::new();
        }
        self.faces
            .iter()
            .zip(FACE_NORMALS)
            .map(|(face, n)| {
                let light = face_light(n);
                let instances = Instances {
                    transformations: transformations.to_vec(),
                    colors: Some(colors.iter().map(|&c| shade(c, light)).collect()),
                    ..Default::default()
                };
                Gm::new(
                    InstancedMesh::new(&self.context, &instances, face),
                    ColorMaterial {
                        color: Srgba::WHITE,
                        ..Default::default()
                    },
                )
            })
            .collect()
    }

    /// Rebuild the instances for a scene drawn with `options`; `edge` is the
    /// frame colour (it follows the theme).
    pub fn set_scene(&mut self, scene: &Scene, options: &ViewOptions, edge: [u8; 3]) {
        let boxes = scene.cube_boxes(options.explode);
        let mut transformations = Vec::new();
        let mut colors = Vec::new();
        for (i, cubes) in boxes.iter().enumerate() {
            let base = parse_hex_color(&scene.pieces[i].color).unwrap_or(GREY);
            let c = match options.selected {
                Some(s) if s != i => mix(base, GREY, FADE),
                _ => base,
            };
            for b in cubes {
                transformations.push(mat_for(b));
                colors.push(c);
            }
        }
        self.pieces = self.faces_of(&transformations, &colors);
        self.frame = match (scene.frame, options.frame) {
            (Some(f), true) => {
                let f = f.map(f64::from);
                let e = EDGE;
                let mut bars = Vec::new();
                for axis in 0..3 {
                    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
                    for (ua, ub) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
                        let mut lo = [0.0; 3];
                        let mut hi = [0.0; 3];
                        lo[axis] = -e;
                        hi[axis] = f[axis] + e;
                        lo[a] = ua * f[a] - e;
                        hi[a] = ua * f[a] + e;
                        lo[b] = ub * f[b] - e;
                        hi[b] = ub * f[b] + e;
                        bars.push(mat_for(&[lo, hi]));
                    }
                }
                let n = bars.len();
                self.faces_of(&bars, &vec![edge; n])
            }
            _ => Vec::new(),
        };
    }

    /// Draw one frame into a `w × h` (physical pixels) drawing buffer.
    pub fn render(&self, cam: &OrbitCamera, w: u32, h: u32) {
        let viewport = Viewport::new_at_origo(w.max(1), h.max(1));
        let [lo, hi] = [cam.distance * 0.02, cam.distance * 4.0 + 50.0];
        let camera = Camera::new_perspective(
            viewport,
            v(cam.eye()),
            v(cam.target),
            v(cam.up()),
            radians(cam.fov_y as f32),
            lo as f32,
            hi as f32,
        );
        let target = RenderTarget::screen(&self.context, viewport.width, viewport.height);
        // Transparent: the page's themed background shows through.
        target.clear(ClearState::color_and_depth(0.0, 0.0, 0.0, 0.0, 1.0));
        // Lit already (`shade`): no lights to pass.
        let objects = self.pieces.iter().chain(self.frame.iter());
        target.render(&camera, objects, &[]);
    }
}
