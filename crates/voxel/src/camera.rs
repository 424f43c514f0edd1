//! An orbit camera around a target with z up, and the ray under a screen
//! point. Kept in plain f64 maths (no GPU types) so drag, zoom, pan and
//! picking are unit-tested; the renderer only reads `eye`/`target`/`up`.

use super::scene::Aabb;

pub type V3 = [f64; 3];

pub fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub fn scale(a: V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
pub fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
pub fn normalize(a: V3) -> V3 {
    let n = dot(a, a).sqrt();
    if n == 0.0 {
        a
    } else {
        scale(a, 1.0 / n)
    }
}

/// A half-line from `origin` along `dir` (unit length).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    pub origin: V3,
    pub dir: V3,
}

/// The default view: from the front-left, a little above.
pub const DEFAULT_YAW: f64 = -1.0471975511965976; // -60°
pub const DEFAULT_PITCH: f64 = 0.6108652381980153; // 35°
/// Fitted scenes fill this share of the viewport's half-width/height.
const FIT_MARGIN: f64 = 0.9;

/// Pitch stays inside ±(90° − this) so the view never flips over the pole.
const PITCH_MARGIN: f64 = 0.02;

/// The camera: spherical coordinates around `target`, z up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitCamera {
    pub target: V3,
    pub distance: f64,
    /// Angle around z, radians (0 = looking from +x).
    pub yaw: f64,
    /// Elevation above the xy plane, radians.
    pub pitch: f64,
    /// Vertical field of view, radians.
    pub fov_y: f64,
    /// Zoom limits, set by [`fit`](OrbitCamera::fit).
    pub min_distance: f64,
    pub max_distance: f64,
}

impl OrbitCamera {
    /// Looking at `bounds` from the front-left, a little above, as close
    /// as the whole box fits a viewport of `aspect` (width / height).
    pub fn fit(bounds: Aabb, aspect: f64) -> OrbitCamera {
        OrbitCamera::fit_from(bounds, aspect, DEFAULT_YAW, DEFAULT_PITCH)
    }

    /// [`fit`](OrbitCamera::fit) from given angles (radians): the distance
    /// is the smallest at which all eight corners of `bounds` project
    /// inside the viewport with a small margin (bisection on the exact
    /// projection, so flat or long scenes are framed tightly too).
    pub fn fit_from(bounds: Aabb, aspect: f64, yaw: f64, pitch: f64) -> OrbitCamera {
        let [lo, hi] = bounds;
        let target = [0, 1, 2].map(|k| (lo[k] + hi[k]) / 2.0);
        let radius = ((0..3).map(|k| (hi[k] - lo[k]).powi(2)).sum::<f64>().sqrt() / 2.0).max(0.5);
        let fov_y: f64 = 40f64.to_radians();
        let limit = std::f64::consts::FRAC_PI_2 - PITCH_MARGIN;
        let aspect = aspect.max(0.1);
        let mut cam = OrbitCamera {
            target,
            distance: radius,
            yaw,
            pitch: pitch.clamp(-limit, limit),
            fov_y,
            min_distance: 0.0,
            max_distance: f64::INFINITY,
        };
        let fits = |cam: &OrbitCamera| {
            (0..8).all(|corner| {
                let p = [0, 1, 2].map(|k| bounds[(corner >> k) & 1][k]);
                cam.project(p, aspect)
                    .is_some_and(|(x, y)| x.abs() <= FIT_MARGIN && y.abs() <= FIT_MARGIN)
            })
        };
        // Far enough for the bounding sphere: always fits.
        let half = (fov_y / 2.0).min(((fov_y / 2.0).tan() * aspect).atan());
        let (mut near, mut far) = (radius * 0.5, radius / (half.sin() * FIT_MARGIN) + radius);
        for _ in 0..40 {
            let mid = (near + far) / 2.0;
            cam.distance = mid;
            if fits(&cam) {
                far = mid;
            } else {
                near = mid;
            }
        }
        cam.distance = far;
        cam.min_distance = radius * 0.6;
        cam.max_distance = far * 6.0;
        cam
    }

    /// The camera position.
    pub fn eye(&self) -> V3 {
        let (sp, cp) = self.pitch.sin_cos();
        let (sy, cy) = self.yaw.sin_cos();
        add(self.target, scale([cp * cy, cp * sy, sp], self.distance))
    }

    /// The world up direction (the scene's z axis).
    pub fn up(&self) -> V3 {
        [0.0, 0.0, 1.0]
    }

    /// Unit vectors: forward (eye → target), right, and the screen's up.
    pub fn basis(&self) -> (V3, V3, V3) {
        let forward = normalize(sub(self.target, self.eye()));
        let right = normalize(cross(forward, self.up()));
        let up = cross(right, forward);
        (forward, right, up)
    }

    /// Turn by a drag of `(dx, dy)` pixels: a full-width drag is ~1.5 turns
    /// of yaw, dragging up looks from higher.
    pub fn orbit(&mut self, dx: f64, dy: f64) {
        self.yaw -= dx * 0.01;
        let limit = std::f64::consts::FRAC_PI_2 - PITCH_MARGIN;
        self.pitch = (self.pitch + dy * 0.01).clamp(-limit, limit);
    }

    /// Zoom by a factor (< 1 closer), within the fitted limits.
    pub fn zoom(&mut self, factor: f64) {
        if factor.is_finite() && factor > 0.0 {
            self.distance = (self.distance * factor).clamp(self.min_distance, self.max_distance);
        }
    }

    /// Move the target so the scene follows a drag of `(dx, dy)` pixels in a
    /// viewport `height` pixels tall (the point under the pointer at the
    /// target's depth stays under it).
    pub fn pan(&mut self, dx: f64, dy: f64, height: f64) {
        let (_, right, up) = self.basis();
        let per_pixel = 2.0 * self.distance * (self.fov_y / 2.0).tan() / height.max(1.0);
        let shift = add(scale(right, -dx * per_pixel), scale(up, dy * per_pixel));
        self.target = add(self.target, shift);
    }

    /// The ray through a point of the viewport given in normalised device
    /// coordinates (`x`, `y` in -1..1, y up), for a viewport of `aspect`.
    pub fn ray(&self, x: f64, y: f64, aspect: f64) -> Ray {
        let (forward, right, up) = self.basis();
        let t = (self.fov_y / 2.0).tan();
        let dir = add(forward, add(scale(right, x * t * aspect), scale(up, y * t)));
        Ray {
            origin: self.eye(),
            dir: normalize(dir),
        }
    }

    /// Where a world point lands in normalised device coordinates (the
    /// inverse of [`ray`](OrbitCamera::ray)); `None` behind the camera.
    pub fn project(&self, p: V3, aspect: f64) -> Option<(f64, f64)> {
        let (forward, right, up) = self.basis();
        let v = sub(p, self.eye());
        let depth = dot(v, forward);
        if depth <= 1e-9 {
            return None;
        }
        let t = (self.fov_y / 2.0).tan();
        Some((dot(v, right) / depth / t / aspect, dot(v, up) / depth / t))
    }
}

/// Pixel position in a `w × h` canvas (y down) → normalised device
/// coordinates (y up).
pub fn to_ndc(px: f64, py: f64, w: f64, h: f64) -> (f64, f64) {
    (2.0 * px / w.max(1.0) - 1.0, 1.0 - 2.0 * py / h.max(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: V3, b: V3) -> bool {
        (0..3).all(|k| (a[k] - b[k]).abs() < 1e-9)
    }

    const BOX: Aabb = [[0.0; 3], [5.0, 8.0, 2.0]];

    #[test]
    fn fit_centres_and_sees_every_corner() {
        for aspect in [0.5, 1.0, 2.0] {
            let c = OrbitCamera::fit(BOX, aspect);
            assert!(close(c.target, [2.5, 4.0, 1.0]));
            for corner in 0..8 {
                let p = [0, 1, 2].map(|k| BOX[(corner >> k) & 1][k]);
                let (x, y) = c.project(p, aspect).expect("in front");
                assert!(x.abs() <= 1.0 && y.abs() <= 1.0, "{aspect} {p:?} → {x},{y}");
            }
        }
    }

    #[test]
    fn fit_is_tight_on_some_side() {
        for aspect in [0.5, 1.0, 2.0] {
            let c = OrbitCamera::fit(BOX, aspect);
            let worst = (0..8)
                .map(|corner| {
                    let p = [0, 1, 2].map(|k| BOX[(corner >> k) & 1][k]);
                    let (x, y) = c.project(p, aspect).unwrap();
                    x.abs().max(y.abs())
                })
                .fold(0.0, f64::max);
            assert!(
                worst > FIT_MARGIN - 1e-6 && worst <= FIT_MARGIN,
                "{aspect}: {worst}"
            );
        }
        let top = OrbitCamera::fit_from(BOX, 1.0, 0.0, 10.0);
        assert!(top.pitch < std::f64::consts::FRAC_PI_2, "pitch clamped");
    }

    #[test]
    fn centre_ray_hits_the_target_and_rays_invert_projection() {
        let c = OrbitCamera::fit(BOX, 1.5);
        let r = c.ray(0.0, 0.0, 1.5);
        let to_target = normalize(sub(c.target, r.origin));
        assert!(close(r.dir, to_target));
        let p = [1.0, 7.0, 2.0];
        let (x, y) = c.project(p, 1.5).unwrap();
        let r = c.ray(x, y, 1.5);
        let toward = normalize(sub(p, r.origin));
        assert!(close(r.dir, toward));
    }

    #[test]
    fn orbit_keeps_distance_and_never_flips() {
        let mut c = OrbitCamera::fit(BOX, 1.0);
        let d = c.distance;
        c.orbit(123.0, 10_000.0);
        assert!(
            (sub(c.eye(), c.target)
                .iter()
                .map(|v| v * v)
                .sum::<f64>()
                .sqrt()
                - d)
                .abs()
                < 1e-9
        );
        assert!(c.pitch < std::f64::consts::FRAC_PI_2);
        let (_, right, up) = c.basis();
        assert!(right.iter().all(|v| v.is_finite()) && up[2] > 0.0);
    }

    #[test]
    fn zoom_is_clamped_and_pan_moves_the_target_sideways() {
        let mut c = OrbitCamera::fit(BOX, 1.0);
        c.zoom(1e-6);
        assert_eq!(c.distance, c.min_distance);
        c.zoom(1e6);
        assert_eq!(c.distance, c.max_distance);
        c.zoom(f64::NAN);
        assert_eq!(c.distance, c.max_distance);
        let mut c = OrbitCamera::fit(BOX, 1.0);
        let before = c.project([2.5, 4.0, 1.0], 1.0).unwrap();
        c.pan(-100.0, 0.0, 400.0);
        let after = c.project([2.5, 4.0, 1.0], 1.0).unwrap();
        // Dragging left by a quarter of the height moves the point left by
        // half a unit of NDC.
        assert!(
            (after.0 - before.0 + 0.5).abs() < 1e-9,
            "{before:?} {after:?}"
        );
        assert!((after.1 - before.1).abs() < 1e-9);
    }

    #[test]
    fn ndc_conversion() {
        assert_eq!(to_ndc(0.0, 0.0, 200.0, 100.0), (-1.0, 1.0));
        assert_eq!(to_ndc(100.0, 50.0, 200.0, 100.0), (0.0, 0.0));
        assert_eq!(to_ndc(200.0, 100.0, 200.0, 100.0), (1.0, -1.0));
    }
}
