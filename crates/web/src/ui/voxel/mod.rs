//! A reusable 3D view of voxel scenes (polycube pieces in a box), drawn
//! with three-d on a WebGL2 canvas.
//!
//! # Interface
//!
//! ```ignore
//! use crate::ui::voxel::{VoxelView, ViewControls};
//! use tessera_voxel::{Scene, ViewOptions, VoxelPiece};
//!
//! let scene: Signal<Scene> = …;                     // pieces + optional box
//! let options = RwSignal::new(ViewOptions::default()); // frame, explode, selected
//! view! {
//!     <VoxelView scene=scene options=options
//!         on_pick=Callback::new(move |hit: Option<usize>| options.update(|o| o.selected = hit))
//!         label="Solution in 3D" testid="my-view"/>
//!     <ViewControls options=options/>               // optional: frame toggle + explode slider
//! }
//! ```
//!
//! * [`Scene`](tessera_voxel::Scene): `pieces: Vec<VoxelPiece { cells: Vec<[i32; 3]>,
//!   color: "#rrggbb", label }>`, `frame: Option<[i32; 3]>` (box dims, drawn
//!   from the origin). Cube `[x, y, z]` spans `[x, x+1]×…`; z is up.
//! * [`ViewOptions`](tessera_voxel::ViewOptions): `frame: bool`,
//!   `explode: f64` in 0..1, `selected: Option<usize>` (the others fade).
//!   The caller owns them so they can live in its URL and controls.
//! * `on_pick`: called on a click (a press without a drag) with the piece
//!   under the pointer, `None` on empty space. Picking is an exact CPU
//!   ray–cube test ([`tessera_voxel::pick`]).
//! * Interaction: drag = orbit, right-drag / shift-drag / two fingers = pan,
//!   wheel / pinch = zoom, double-click or the ⟲ button = reset view; keys
//!   on the focused canvas: arrows orbit, +/− zoom, 0 resets.
//! * `angles`: optional `[yaw, pitch]` in degrees for the initial and
//!   reset view.
//! * The camera refits when the scene's bounds change (so "Next solution"
//!   keeps the user's view).
//! * Rendering is on demand: one `requestAnimationFrame` per change, none
//!   while idle. The drawing buffer is sized in physical pixels (device
//!   pixel ratio) and follows the element's size (ResizeObserver).
//! * Without WebGL2 the view says so and draws the scene layer by layer in
//!   SVG instead; it never panics.
//! * For tests the wrapper carries `data-testid`, `data-webgl` (`ok` |
//!   `none`), `data-pieces`, `data-cells` and `data-frames` (frames drawn).

mod render;

use leptos::html::Canvas;
use leptos::prelude::*;
use render::Gl;
use std::cell::RefCell;
use std::rc::Rc;
use tessera_voxel::camera::{to_ndc, OrbitCamera, DEFAULT_PITCH, DEFAULT_YAW};
use tessera_voxel::scene::{parse_hex_color, Aabb};
use tessera_voxel::{pick, Scene, ViewOptions};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Frame edges: a grey readable on both themes.
const EDGE_COLOR: [u8; 3] = [120, 124, 134];
/// A press that moves less than this (CSS pixels) is a click.
const CLICK_SLOP: f64 = 5.0;

#[derive(Default)]
struct Drag {
    /// Active pointers: id and last position (CSS pixels, canvas-relative).
    pointers: Vec<(i32, f64, f64)>,
    travelled: f64,
    pan: bool,
    /// Distance between two touching fingers at the last move.
    pinch: Option<f64>,
}

struct State {
    gl: Option<Gl>,
    canvas: Option<web_sys::HtmlCanvasElement>,
    cam: Option<OrbitCamera>,
    fitted: Option<Aabb>,
    /// The drawn extent the camera was last framed on (with explode).
    framed: Option<Aabb>,
    /// Initial (and reset) yaw and pitch, radians.
    angles: (f64, f64),
    scene: Scene,
    options: ViewOptions,
    pending: bool,
    drag: Drag,
    frames: u64,
}

type Shared = Rc<RefCell<State>>;

fn css_size(c: &web_sys::HtmlCanvasElement) -> (f64, f64) {
    (
        f64::from(c.client_width()).max(1.0),
        f64::from(c.client_height()).max(1.0),
    )
}

fn aspect(st: &State) -> f64 {
    st.canvas.as_ref().map_or(1.0, |c| {
        let (w, h) = css_size(c);
        w / h
    })
}

/// The most drawing-buffer pixels per CSS pixel (see `draw`).
const MAX_PIXEL_RATIO: f64 = 1.5;

/// Ask for one frame; repeated requests before it runs are merged.
fn request_redraw(shared: &Shared) {
    {
        let mut st = shared.borrow_mut();
        if st.pending || st.gl.is_none() {
            return;
        }
        st.pending = true;
    }
    let shared = shared.clone();
    request_animation_frame(move || draw(&shared));
}

fn draw(shared: &Shared) {
    let mut st = shared.borrow_mut();
    st.pending = false;
    let Some(canvas) = st.canvas.clone() else {
        return;
    };
    // At most 1.5 drawing-buffer pixels per CSS pixel: with antialiasing on,
    // cube edges stay smooth, and a phone at 3× fills 4× fewer pixels. Under
    // software GL (a blocklisted GPU, headless Chromium) a 2× phone's first
    // draw took over 200 ms, the page's long-task limit.
    let dpr = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, MAX_PIXEL_RATIO);
    let (cw, ch) = css_size(&canvas);
    let (w, h) = ((cw * dpr).round() as u32, (ch * dpr).round() as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    // A new scene shape refits the camera; exploding only re-frames it
    // (same angles) so every piece stays in view.
    let bounds = st.scene.bounds();
    let view = st.scene.view_bounds(st.options.explode);
    if st.cam.is_none() || st.fitted != Some(bounds) {
        let (yaw, pitch) = st.angles;
        st.cam = Some(OrbitCamera::fit_from(view, cw / ch, yaw, pitch));
        st.fitted = Some(bounds);
        st.framed = Some(view);
    } else if st.framed != Some(view) {
        if let Some(cam) = st.cam.as_mut() {
            let fit = OrbitCamera::fit_from(view, cw / ch, cam.yaw, cam.pitch);
            cam.target = fit.target;
            cam.distance = fit.distance;
            cam.min_distance = fit.min_distance;
            cam.max_distance = fit.max_distance;
        }
        st.framed = Some(view);
    }
    let cam = st.cam.expect("fitted above");
    if let Some(gl) = st.gl.as_ref() {
        gl.render(&cam, w, h);
    }
    st.frames += 1;
    let frames = st.frames;
    drop(st);
    let _ = canvas
        .parent_element()
        .map(|p| p.set_attribute("data-frames", &frames.to_string()));
}

fn rebuild(shared: &Shared) {
    {
        let mut st = shared.borrow_mut();
        let State {
            gl, scene, options, ..
        } = &mut *st;
        if let Some(gl) = gl.as_mut() {
            gl.set_scene(scene, options, EDGE_COLOR);
        }
    }
    request_redraw(shared);
}

fn with_cam(shared: &Shared, f: impl FnOnce(&mut OrbitCamera, f64)) {
    {
        let mut st = shared.borrow_mut();
        let h = st.canvas.as_ref().map_or(1.0, |c| css_size(c).1);
        if let Some(cam) = st.cam.as_mut() {
            f(cam, h);
        }
    }
    request_redraw(shared);
}

fn reset_view(shared: &Shared) {
    {
        let mut st = shared.borrow_mut();
        st.cam = None;
    }
    request_redraw(shared);
}

fn local_xy(e: &web_sys::MouseEvent) -> (f64, f64) {
    (f64::from(e.offset_x()), f64::from(e.offset_y()))
}

/// The piece under a canvas point (CSS pixels).
fn pick_at(shared: &Shared, x: f64, y: f64) -> Option<usize> {
    let st = shared.borrow();
    let canvas = st.canvas.as_ref()?;
    let (w, h) = css_size(canvas);
    let cam = st.cam?;
    let (nx, ny) = to_ndc(x, y, w, h);
    pick(&st.scene, st.options.explode, &cam.ray(nx, ny, aspect(&st))).map(|hit| hit.piece)
}

/// The 3D view; see the module docs for the interface.
#[component]
pub fn VoxelView(
    /// What to draw.
    #[prop(into)]
    scene: Signal<Scene>,
    /// How to draw it (frame, explode, selected piece).
    #[prop(into)]
    options: Signal<ViewOptions>,
    /// Called with the clicked piece (`None` for empty space).
    #[prop(optional, into)]
    on_pick: Option<Callback<Option<usize>>>,
    /// Accessible name of the canvas.
    #[prop(optional, into)]
    label: String,
    /// `data-testid` of the wrapper.
    #[prop(optional, into)]
    testid: String,
    /// Initial and reset view as `[yaw, pitch]` in degrees (default
    /// `[-60, 35]`: from the front-left, a little above; `[-90, 60]` looks
    /// from the front, steeply down).
    #[prop(optional)]
    angles: Option<[f64; 2]>,
) -> impl IntoView {
    let canvas_ref = NodeRef::<Canvas>::new();
    let shared: Shared = Rc::new(RefCell::new(State {
        gl: None,
        canvas: None,
        cam: None,
        fitted: None,
        framed: None,
        angles: angles.map_or((DEFAULT_YAW, DEFAULT_PITCH), |[y, p]| {
            (y.to_radians(), p.to_radians())
        }),
        scene: Scene::default(),
        options: ViewOptions::default(),
        pending: false,
        drag: Drag::default(),
        frames: 0,
    }));
    let failure = RwSignal::new(None::<String>);
    let observer = StoredValue::new_local(None::<(web_sys::ResizeObserver, Closure<dyn FnMut()>)>);

    // Mount: the context, and a resize observer that only asks for a frame.
    {
        let shared = shared.clone();
        Effect::new(move |_| {
            let Some(canvas) = canvas_ref.get() else {
                return;
            };
            let canvas: web_sys::HtmlCanvasElement = canvas;
            if shared.borrow().canvas.is_some() {
                return;
            }
            match Gl::new(&canvas) {
                Ok(gl) => {
                    let mut st = shared.borrow_mut();
                    st.gl = Some(gl);
                    st.canvas = Some(canvas.clone());
                }
                Err(message) => {
                    shared.borrow_mut().canvas = Some(canvas.clone());
                    failure.set(Some(message));
                    return;
                }
            }
            let on_resize = {
                let shared = shared.clone();
                Closure::<dyn FnMut()>::new(move || request_redraw(&shared))
            };
            if let Ok(ro) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
                ro.observe(&canvas);
                observer.set_value(Some((ro, on_resize)));
            }
            rebuild(&shared);
        });
    }
    on_cleanup(move || {
        observer.update_value(|o| {
            if let Some((ro, _)) = o.take() {
                ro.disconnect();
            }
        })
    });

    // Scene or options changed: new instances, one frame.
    {
        let shared = shared.clone();
        Effect::new(move |_| {
            let s = scene.get();
            let o = options.get();
            {
                let mut st = shared.borrow_mut();
                st.scene = s;
                st.options = o;
            }
            rebuild(&shared);
        });
    }

    let on_down = {
        let shared = shared.clone();
        move |e: web_sys::PointerEvent| {
            let (x, y) = local_xy(&e);
            if let Some(c) = canvas_ref.get_untracked() {
                let _ = c.set_pointer_capture(e.pointer_id());
            }
            let mut st = shared.borrow_mut();
            let d = &mut st.drag;
            if d.pointers.is_empty() {
                d.travelled = 0.0;
                d.pan = e.button() == 2 || e.shift_key() || e.ctrl_key();
            }
            d.pointers.retain(|p| p.0 != e.pointer_id());
            d.pointers.push((e.pointer_id(), x, y));
            d.pinch = None;
        }
    };
    let on_move = {
        let shared = shared.clone();
        move |e: web_sys::PointerEvent| {
            let (x, y) = local_xy(&e);
            let id = e.pointer_id();
            let mut st = shared.borrow_mut();
            let Some(i) = st.drag.pointers.iter().position(|p| p.0 == id) else {
                return;
            };
            let (_, px, py) = st.drag.pointers[i];
            st.drag.pointers[i] = (id, x, y);
            let (dx, dy) = (x - px, y - py);
            st.drag.travelled += dx.hypot(dy);
            let two = (st.drag.pointers.len() >= 2).then(|| {
                let (a, b) = (st.drag.pointers[0], st.drag.pointers[1]);
                (b.1 - a.1).hypot(b.2 - a.2)
            });
            let pan = st.drag.pan;
            let last_pinch = st.drag.pinch;
            st.drag.pinch = two;
            drop(st);
            match (two, last_pinch) {
                (Some(now), Some(before)) if now > 0.0 => with_cam(&shared, |c, h| {
                    c.zoom(before / now);
                    // Both fingers moving together pan by half each.
                    c.pan(dx / 2.0, dy / 2.0, h);
                }),
                (Some(_), None) => {}
                _ if pan => with_cam(&shared, |c, h| c.pan(dx, dy, h)),
                _ => with_cam(&shared, |c, _| c.orbit(dx, dy)),
            }
        }
    };
    let on_up = {
        let shared = shared.clone();
        move |e: web_sys::PointerEvent| {
            let (x, y) = local_xy(&e);
            let click = {
                let mut st = shared.borrow_mut();
                let was_single = st.drag.pointers.len() == 1;
                st.drag.pointers.retain(|p| p.0 != e.pointer_id());
                st.drag.pinch = None;
                was_single
                    && st.drag.travelled < CLICK_SLOP
                    && e.button() == 0
                    && e.type_() == "pointerup"
            };
            if click {
                let hit = pick_at(&shared, x, y);
                if let Some(cb) = on_pick {
                    cb.run(hit);
                }
            }
        }
    };
    let on_wheel = {
        let shared = shared.clone();
        move |e: web_sys::WheelEvent| {
            e.prevent_default();
            // Lines (Firefox) vs pixels: scale lines up to pixels.
            let unit = if e.delta_mode() == 1 { 33.0 } else { 1.0 };
            let dy = (e.delta_y() * unit).clamp(-200.0, 200.0);
            with_cam(&shared, |c, _| c.zoom((dy * 0.0015).exp()));
        }
    };
    let on_key = {
        let shared = shared.clone();
        move |e: web_sys::KeyboardEvent| {
            let step = 24.0;
            match e.key().as_str() {
                "ArrowLeft" => with_cam(&shared, |c, _| c.orbit(-step, 0.0)),
                "ArrowRight" => with_cam(&shared, |c, _| c.orbit(step, 0.0)),
                "ArrowUp" => with_cam(&shared, |c, _| c.orbit(0.0, step)),
                "ArrowDown" => with_cam(&shared, |c, _| c.orbit(0.0, -step)),
                "+" | "=" => with_cam(&shared, |c, _| c.zoom(0.85)),
                "-" | "_" => with_cam(&shared, |c, _| c.zoom(1.0 / 0.85)),
                "0" | "Home" => reset_view(&shared),
                _ => return,
            }
            e.prevent_default();
        }
    };
    let on_dbl = {
        let shared = shared.clone();
        move |_| reset_view(&shared)
    };
    // `Show`'s children must be Send: reach the state through an arena handle.
    let shared_handle = StoredValue::new_local(shared.clone());
    let on_reset = move |_| {
        if let Some(shared) = shared_handle.try_get_value() {
            reset_view(&shared);
        }
    };

    let pieces = move || scene.with(|s| s.pieces.len());
    let cells = move || scene.with(Scene::cell_count);
    let webgl = move || {
        if failure.with(Option::is_some) {
            "none"
        } else {
            "ok"
        }
    };
    let label_for_canvas = label.clone();
    view! {
        <div
            class="voxel-view"
            data-testid=testid
            data-webgl=webgl
            data-pieces=pieces
            data-cells=cells
            data-frames="0"
        >
            <canvas
                node_ref=canvas_ref
                class="voxel-canvas"
                class:hidden=move || failure.with(Option::is_some)
                tabindex="0"
                role="img"
                aria-label=label_for_canvas
                on:pointerdown=on_down
                on:pointermove=on_move.clone()
                on:pointerup=on_up.clone()
                on:pointercancel=on_up
                on:wheel=on_wheel
                on:keydown=on_key
                on:dblclick=on_dbl
                on:contextmenu=|e| e.prevent_default()
            ></canvas>
            <Show when=move || failure.with(Option::is_none)>
                <button
                    type="button"
                    class="voxel-reset"
                    title="Reset view (0)"
                    aria-label="Reset view"
                    on:click=on_reset
                >
                    "⟲"
                </button>
                <p class="voxel-hint" aria-hidden="true">
                    "drag: turn · right-drag: pan · wheel: zoom · click: pick"
                </p>
            </Show>
            {move || {
                failure
                    .get()
                    .map(|message| {
                        view! {
                            <div class="voxel-fallback" role="status" data-testid="voxel-fallback">
                                <p class="voxel-fallback-note">
                                    {message} " Showing the layers from bottom to top instead."
                                </p>
                                {move || scene.with(|s| layers_svg(s, options.get().selected))}
                            </div>
                        }
                    })
            }}
        </div>
    }
}

/// The no-WebGL drawing: one small grid per z layer.
fn layers_svg(scene: &Scene, selected: Option<usize>) -> impl IntoView {
    let [lo, hi] = scene.bounds();
    let (x0, y0) = (lo[0] as i32, lo[1] as i32);
    let (w, h) = ((hi[0] - lo[0]) as i32, (hi[1] - lo[1]) as i32);
    let cell = 24;
    scene
        .layers()
        .into_iter()
        .map(|(z, cubes)| {
            let rects = cubes
                .into_iter()
                .map(|(x, y, i)| {
                    let color = scene.pieces[i].color.clone();
                    let color = if parse_hex_color(&color).is_some() { color } else { "#888888".into() };
                    let faded = selected.is_some_and(|s| s != i);
                    view! {
                        <rect
                            x=(x - x0) * cell + 1
                            y=(h - 1 - (y - y0)) * cell + 1
                            width=cell - 2
                            height=cell - 2
                            rx="2"
                            fill=color
                            opacity=if faded { "0.35" } else { "1" }
                        >
                            <title>{scene.pieces[i].label.clone()}</title>
                        </rect>
                    }
                })
                .collect_view();
            view! {
                <figure class="voxel-layer">
                    <svg
                        xmlns="http://www.w3.org/2000/svg"
                        viewBox=format!("0 0 {} {}", w * cell, h * cell)
                        width=w * cell
                        height=h * cell
                        role="img"
                        aria-label=format!("layer z = {z}")
                    >
                        <rect class="voxel-layer-bg" x="0" y="0" width=w * cell height=h * cell></rect>
                        {rects}
                    </svg>
                    <figcaption>{format!("z = {z}")}</figcaption>
                </figure>
            }
        })
        .collect_view()
}

/// Standard controls bound to a view's options: frame toggle and explode
/// slider (the caller may build its own instead).
#[component]
pub fn ViewControls(
    options: RwSignal<ViewOptions>,
    /// Prefix for `data-testid`s (`{prefix}-frame`, `{prefix}-explode`).
    #[prop(optional, into)]
    testid: String,
) -> impl IntoView {
    let prefix = if testid.is_empty() {
        "voxel".to_string()
    } else {
        testid
    };
    view! {
        <div class="voxel-controls">
            <label class="check">
                <input
                    type="checkbox"
                    data-testid=format!("{prefix}-frame")
                    prop:checked=move || options.with(|o| o.frame)
                    on:change=move |e| options.update(|o| o.frame = event_target_checked(&e))
                />
                " Box frame"
            </label>
            <label class="range">
                "Explode "
                <input
                    type="range"
                    min="0"
                    max="1"
                    step="0.05"
                    data-testid=format!("{prefix}-explode")
                    aria-label="Explode the pieces apart"
                    prop:value=move || options.with(|o| o.explode.to_string())
                    on:input=move |e| {
                        let v = event_target_value(&e).parse::<f64>().unwrap_or(0.0);
                        options.update(|o| o.explode = v.clamp(0.0, 1.0));
                    }
                />
            </label>
        </div>
    }
}
