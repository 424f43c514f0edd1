//! The GPU side of the voxel view: a three-d context built from our own
//! canvas (never `three_d::Window`, whose winit loop would own the page),
//! one instanced unit-cube mesh for all cubes and one for the box edges.

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
    cube: CpuMesh,
    pieces: Option<Gm<InstancedMesh, PhysicalMaterial>>,
    frame: Option<Gm<InstancedMesh, PhysicalMaterial>>,
    ambient: AmbientLight,
    key: DirectionalLight,
    fill: DirectionalLight,
}

/// `canvas.getContext("webgl2", {preserveDrawingBuffer, antialias})`;
/// `Err` with a sentence for the user when WebGL2 is missing.
fn webgl2(canvas: &HtmlCanvasElement) -> Result<web_sys::WebGl2RenderingContext, String> {
    let options = js_sys::Object::new();
    // Kept so tests (and the browser's "save image") can read the pixels
    // after the frame is presented.
    let _ = js_sys::Reflect::set(&options, &"preserveDrawingBuffer".into(), &true.into());
    let _ = js_sys::Reflect::set(&options, &"antialias".into(), &true.into());
    let _ = js_sys::Reflect::set(&options, &"alpha".into(), &true.into());
    let ctx = canvas
        .get_context_with_context_options("webgl2", &options)
        .map_err(|_| "The browser refused a WebGL2 context.".to_string())?
        .ok_or_else(|| "This browser or device has no WebGL2.".to_string())?;
    ctx.dyn_into::<web_sys::WebGl2RenderingContext>()
        .map_err(|_| "The canvas did not give a WebGL2 context.".to_string())
}

fn mat_for(b: &Aabb) -> Mat4 {
    let c = [0, 1, 2].map(|k| ((b[0][k] + b[1][k]) / 2.0) as f32);
    let h = [0, 1, 2].map(|k| ((b[1][k] - b[0][k]) / 2.0) as f32);
    Mat4::from_translation(vec3(c[0], c[1], c[2])) * Mat4::from_nonuniform_scale(h[0], h[1], h[2])
}

fn srgba(c: [u8; 3]) -> Srgba {
    Srgba::new(c[0], c[1], c[2], 255)
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
        let ambient = AmbientLight::new(&context, 0.55, Srgba::WHITE);
        let key = DirectionalLight::new(&context, 2.2, Srgba::WHITE, vec3(-0.45, -0.6, -1.0));
        let fill = DirectionalLight::new(&context, 0.7, Srgba::WHITE, vec3(0.8, 0.5, 0.35));
        Ok(Gl {
            context,
            cube: CpuMesh::cube(),
            pieces: None,
            frame: None,
            ambient,
            key,
            fill,
        })
    }

    fn material(&self) -> PhysicalMaterial {
        PhysicalMaterial::new_opaque(
            &self.context,
            &CpuMaterial {
                albedo: Srgba::WHITE,
                roughness: 0.75,
                metallic: 0.0,
                ..Default::default()
            },
        )
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
                colors.push(srgba(c));
            }
        }
        self.pieces = (!transformations.is_empty()).then(|| {
            let instances = Instances {
                transformations,
                colors: Some(colors),
                ..Default::default()
            };
            Gm::new(
                InstancedMesh::new(&self.context, &instances, &self.cube),
                self.material(),
            )
        });
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
                let instances = Instances {
                    transformations: bars,
                    colors: Some(vec![srgba(edge); n]),
                    ..Default::default()
                };
                Some(Gm::new(
                    InstancedMesh::new(&self.context, &instances, &self.cube),
                    self.material(),
                ))
            }
            _ => None,
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
        let lights: [&dyn Light; 3] = [&self.ambient, &self.key, &self.fill];
        let objects = self.pieces.iter().chain(self.frame.iter());
        target.render(&camera, objects, &lights);
    }
}
