//! Which piece is under the pointer: an exact ray–box test against every
//! drawn cube (a few hundred at most), so no GPU read-back or float render
//! targets are needed.

use super::camera::{Ray, V3};
use super::scene::{Aabb, Scene};

/// The nearest cube hit by a ray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub piece: usize,
    /// The cube's cell (unexploded coordinates).
    pub cell: [i32; 3],
    /// Distance along the ray.
    pub t: f64,
}

/// Slab test: the entry distance of `ray` into `b`, if it hits at t ≥ 0.
pub fn ray_box(ray: &Ray, b: &Aabb) -> Option<f64> {
    let mut t0 = 0.0f64;
    let mut t1 = f64::INFINITY;
    for (k, (&o, &d)) in ray.origin.iter().zip(&ray.dir).enumerate() {
        let (lo, hi) = (b[0][k], b[1][k]);
        if d.abs() < 1e-12 {
            if o < lo || o > hi {
                return None;
            }
            continue;
        }
        let (mut a, mut c) = ((lo - o) / d, (hi - o) / d);
        if a > c {
            std::mem::swap(&mut a, &mut c);
        }
        t0 = t0.max(a);
        t1 = t1.min(c);
        if t0 > t1 {
            return None;
        }
    }
    Some(t0)
}

/// The nearest cube of `scene` (drawn with `explode`) hit by `ray`.
pub fn pick(scene: &Scene, explode: f64, ray: &Ray) -> Option<Hit> {
    let boxes = scene.cube_boxes(explode);
    let mut best: Option<Hit> = None;
    for (piece, cubes) in boxes.iter().enumerate() {
        for (j, b) in cubes.iter().enumerate() {
            if let Some(t) = ray_box(ray, b) {
                if best.is_none_or(|h| t < h.t) {
                    best = Some(Hit {
                        piece,
                        cell: scene.pieces[piece].cells[j],
                        t,
                    });
                }
            }
        }
    }
    best
}

/// The ray from `origin` through `p`.
pub fn ray_to(origin: V3, p: V3) -> Ray {
    Ray {
        origin,
        dir: super::camera::normalize(super::camera::sub(p, origin)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::camera::OrbitCamera;
    use super::super::scene::VoxelPiece;
    use super::*;

    fn scene() -> Scene {
        let p = |cells: &[[i32; 3]]| VoxelPiece {
            cells: cells.to_vec(),
            color: "#123456".into(),
            label: String::new(),
        };
        Scene::new(
            vec![p(&[[0, 0, 0], [1, 0, 0]]), p(&[[2, 0, 0], [2, 1, 0]])],
            Some([3, 2, 1]),
        )
    }

    #[test]
    fn ray_box_basics() {
        let b = [[0.0; 3], [1.0; 3]];
        let r = Ray {
            origin: [-2.0, 0.5, 0.5],
            dir: [1.0, 0.0, 0.0],
        };
        assert_eq!(ray_box(&r, &b), Some(2.0));
        let away = Ray {
            dir: [-1.0, 0.0, 0.0],
            ..r
        };
        assert_eq!(ray_box(&away, &b), None);
        let parallel_outside = Ray {
            origin: [-2.0, 1.5, 0.5],
            ..r
        };
        assert_eq!(ray_box(&parallel_outside, &b), None);
        let inside = Ray {
            origin: [0.5; 3],
            ..r
        };
        assert_eq!(ray_box(&inside, &b), Some(0.0));
    }

    #[test]
    fn picks_the_nearest_cube_along_the_ray() {
        let s = scene();
        // From +x looking down -x through y = 0.5: piece 1's cube [2,0,0]
        // is in front of piece 0.
        let r = Ray {
            origin: [10.0, 0.5, 0.5],
            dir: [-1.0, 0.0, 0.0],
        };
        let h = pick(&s, 0.0, &r).unwrap();
        assert_eq!((h.piece, h.cell), (1, [2, 0, 0]));
        // From -x it is piece 0's cube [0,0,0].
        let r = Ray {
            origin: [-10.0, 0.5, 0.5],
            dir: [1.0, 0.0, 0.0],
        };
        let h = pick(&s, 0.0, &r).unwrap();
        assert_eq!((h.piece, h.cell), (0, [0, 0, 0]));
        // Through y = 1.5 only piece 1 has a cube.
        let r = Ray {
            origin: [-10.0, 1.5, 0.5],
            dir: [1.0, 0.0, 0.0],
        };
        assert_eq!(pick(&s, 0.0, &r).unwrap().cell, [2, 1, 0]);
        // Missing everything.
        let r = Ray {
            origin: [-10.0, 5.0, 0.5],
            dir: [1.0, 0.0, 0.0],
        };
        assert_eq!(pick(&s, 0.0, &r), None);
    }

    #[test]
    fn the_camera_ray_through_a_projected_cube_centre_picks_that_cube() {
        let s = scene();
        for explode in [0.0, 1.0] {
            let cam = OrbitCamera::fit(s.bounds(), 1.3);
            let offsets = s.explode_offsets(explode);
            for (i, p) in s.pieces.iter().enumerate() {
                // The top face centre of each cube is visible from above.
                for c in &p.cells {
                    let centre = [
                        f64::from(c[0]) + 0.5 + offsets[i][0],
                        f64::from(c[1]) + 0.5 + offsets[i][1],
                        f64::from(c[2]) + 1.0 - 0.05 + offsets[i][2],
                    ];
                    let (x, y) = cam.project(centre, 1.3).unwrap();
                    let h = pick(&s, explode, &cam.ray(x, y, 1.3)).unwrap();
                    assert_eq!(h.piece, i, "explode {explode} cell {c:?}");
                }
            }
        }
    }
}
