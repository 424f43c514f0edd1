//! The scene a voxel view draws: pieces made of unit cubes, an optional box.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One piece: unit cubes at integer positions (cube `[x, y, z]` spans
/// `[x, x+1] × [y, y+1] × [z, z+1]`), a colour `#rrggbb` and a label for
/// screen readers, tooltips and exports.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VoxelPiece {
    pub cells: Vec<[i32; 3]>,
    pub color: String,
    pub label: String,
}

/// What a voxel view shows. `frame` is the box `[a, b, c]` whose outline is
/// drawn from the origin (Sage's `frame=True`); `None` for no box.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    pub pieces: Vec<VoxelPiece>,
    pub frame: Option<[i32; 3]>,
}

/// How a scene is shown; the caller owns these so it can bind them to its
/// own controls and its URL.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewOptions {
    /// Draw the box outline (when the scene has one).
    pub frame: bool,
    /// 0 = assembled, 1 = pieces pulled apart from the centre.
    pub explode: f64,
    /// The highlighted piece; the others are drawn faded.
    pub selected: Option<usize>,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            frame: true,
            explode: 0.0,
            selected: None,
        }
    }
}

/// How far apart pieces move at `explode = 1`, relative to their distance
/// from the scene centre: enough that every piece of a 5×8×2 box shows
/// its shape without the scene tripling in size.
pub const EXPLODE_SCALE: f64 = 1.2;

/// Gap between cubes of different pieces (each side shrinks by half of it).
pub const GAP: f64 = 0.08;

/// One z layer for the fallback drawing: `z` and `(x, y, piece)` per cube.
pub type Layer = (i32, Vec<(i32, i32, usize)>);

/// An axis-aligned box `[lo, hi]` in scene units.
pub type Aabb = [[f64; 3]; 2];

impl Scene {
    /// A scene from pieces and an optional box.
    pub fn new(pieces: Vec<VoxelPiece>, frame: Option<[i32; 3]>) -> Scene {
        Scene { pieces, frame }
    }

    /// Number of unit cubes in all pieces.
    pub fn cell_count(&self) -> usize {
        self.pieces.iter().map(|p| p.cells.len()).sum()
    }

    /// The box around every cube and the frame (unexploded); a unit box at
    /// the origin for an empty scene, so a camera can always be fitted.
    pub fn bounds(&self) -> Aabb {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        let mut grow = |p: [f64; 3]| {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        };
        for c in self.pieces.iter().flat_map(|p| &p.cells) {
            grow(c.map(f64::from));
            grow(c.map(|v| f64::from(v) + 1.0));
        }
        if let Some(f) = self.frame {
            grow([0.0; 3]);
            grow(f.map(f64::from));
        }
        if lo[0] > hi[0] {
            return [[0.0; 3], [1.0; 3]];
        }
        [lo, hi]
    }

    /// The centre of [`bounds`](Scene::bounds).
    pub fn center(&self) -> [f64; 3] {
        let [lo, hi] = self.bounds();
        [0, 1, 2].map(|k| (lo[k] + hi[k]) / 2.0)
    }

    /// Per piece, the translation that explodes it: along the line from the
    /// scene centre to the piece's centre of mass.
    pub fn explode_offsets(&self, explode: f64) -> Vec<[f64; 3]> {
        let c = self.center();
        let e = explode.clamp(0.0, 1.0) * EXPLODE_SCALE;
        self.pieces
            .iter()
            .map(|p| {
                if p.cells.is_empty() {
                    return [0.0; 3];
                }
                let n = p.cells.len() as f64;
                let mut m = [0.0; 3];
                for cell in &p.cells {
                    for k in 0..3 {
                        m[k] += f64::from(cell[k]) + 0.5;
                    }
                }
                [0, 1, 2].map(|k| (m[k] / n - c[k]) * e)
            })
            .collect()
    }

    /// The box drawn for every cube, per piece: the unit cube moved by the
    /// piece's explode offset and shrunk by half a [`GAP`] on each side
    /// that does not touch a cube of the same piece — so a piece reads as
    /// one solid and neighbouring pieces stay apart.
    pub fn cube_boxes(&self, explode: f64) -> Vec<Vec<Aabb>> {
        let offsets = self.explode_offsets(explode);
        let mut owner: HashMap<[i32; 3], usize> = HashMap::new();
        for (i, p) in self.pieces.iter().enumerate() {
            for &c in &p.cells {
                owner.insert(c, i);
            }
        }
        let g = GAP / 2.0;
        self.pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.cells
                    .iter()
                    .map(|&c| {
                        let mut b = [[0.0; 3]; 2];
                        for k in 0..3 {
                            let mut below = c;
                            below[k] -= 1;
                            let mut above = c;
                            above[k] += 1;
                            let same = |n: [i32; 3]| owner.get(&n) == Some(&i);
                            let lo_gap = if same(below) { 0.0 } else { g };
                            let hi_gap = if same(above) { 0.0 } else { g };
                            b[0][k] = f64::from(c[k]) + offsets[i][k] + lo_gap;
                            b[1][k] = f64::from(c[k]) + 1.0 + offsets[i][k] - hi_gap;
                        }
                        b
                    })
                    .collect()
            })
            .collect()
    }

    /// The box around everything drawn with `explode` (cubes moved apart,
    /// plus the frame): what the camera must keep in view.
    pub fn view_bounds(&self, explode: f64) -> Aabb {
        let mut b = self.bounds();
        for cube in self.cube_boxes(explode).iter().flatten() {
            for k in 0..3 {
                b[0][k] = b[0][k].min(cube[0][k]);
                b[1][k] = b[1][k].max(cube[1][k]);
            }
        }
        b
    }

    /// The scene read layer by layer along z (bottom first), for the
    /// fallback drawing: per layer, `(x, y, piece)` for each cube.
    pub fn layers(&self) -> Vec<Layer> {
        let mut by_z: std::collections::BTreeMap<i32, Vec<(i32, i32, usize)>> = Default::default();
        for (i, p) in self.pieces.iter().enumerate() {
            for c in &p.cells {
                by_z.entry(c[2]).or_default().push((c[0], c[1], i));
            }
        }
        if let Some(f) = self.frame {
            for z in 0..f[2] {
                by_z.entry(z).or_default();
            }
        }
        by_z.into_iter().collect()
    }
}

/// `#rrggbb` → bytes; `None` for anything else (the viewer then uses grey).
pub fn parse_hex_color(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// Mix a colour towards `to` by `t` (0 = unchanged): how unselected pieces
/// fade while one is highlighted.
pub fn mix(c: [u8; 3], to: [u8; 3], t: f64) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|k| (f64::from(c[k]) * (1.0 - t) + f64::from(to[k]) * t).round() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(cells: &[[i32; 3]]) -> VoxelPiece {
        VoxelPiece {
            cells: cells.to_vec(),
            color: "#ff0000".into(),
            label: "p".into(),
        }
    }

    #[test]
    fn bounds_cover_cubes_and_frame() {
        let s = Scene::new(vec![piece(&[[0, 0, 0], [3, 1, -1]])], None);
        assert_eq!(s.bounds(), [[0.0, 0.0, -1.0], [4.0, 2.0, 1.0]]);
        let s = Scene::new(vec![piece(&[[0, 0, 0]])], Some([5, 8, 2]));
        assert_eq!(s.bounds(), [[0.0; 3], [5.0, 8.0, 2.0]]);
        assert_eq!(s.center(), [2.5, 4.0, 1.0]);
        assert_eq!(Scene::default().bounds(), [[0.0; 3], [1.0; 3]]);
    }

    #[test]
    fn explode_moves_pieces_away_from_the_centre() {
        let s = Scene::new(
            vec![piece(&[[0, 0, 0]]), piece(&[[3, 0, 0]])],
            Some([4, 1, 1]),
        );
        assert_eq!(s.explode_offsets(0.0), vec![[0.0; 3]; 2]);
        let o = s.explode_offsets(1.0);
        assert!(o[0][0] < 0.0 && o[1][0] > 0.0);
        assert_eq!(o[0][0], -o[1][0]);
        assert_eq!(s.explode_offsets(7.0), o, "explode is clamped to 1");
        assert_eq!(s.view_bounds(0.0), s.bounds());
        let v = s.view_bounds(1.0);
        assert!(v[0][0] < 0.0 && v[1][0] > 4.0, "{v:?}");
    }

    #[test]
    fn gaps_only_between_different_pieces() {
        let s = Scene::new(
            vec![piece(&[[0, 0, 0], [1, 0, 0]]), piece(&[[2, 0, 0]])],
            None,
        );
        let b = s.cube_boxes(0.0);
        let g = GAP / 2.0;
        // The two cubes of piece 0 meet at x = 1 with no gap.
        assert_eq!(b[0][0][1][0], 1.0);
        assert_eq!(b[0][1][0][0], 1.0);
        // Piece 0 and piece 1 are apart at x = 2.
        assert_eq!(b[0][1][1][0], 2.0 - g);
        assert_eq!(b[1][0][0][0], 2.0 + g);
        // Outer faces are inset too.
        assert_eq!(b[0][0][0][0], g);
    }

    #[test]
    fn layers_list_every_cube_once() {
        let s = Scene::new(
            vec![piece(&[[0, 0, 0], [0, 0, 1]]), piece(&[[1, 0, 0]])],
            Some([2, 1, 3]),
        );
        let l = s.layers();
        assert_eq!(l.len(), 3, "empty top layer of the box is listed");
        assert_eq!(l[0], (0, vec![(0, 0, 0), (1, 0, 1)]));
        assert_eq!(l[1], (1, vec![(0, 0, 0)]));
        assert_eq!(l[2], (2, vec![]));
    }

    #[test]
    fn colours() {
        assert_eq!(parse_hex_color("#ff1493"), Some([255, 20, 147]));
        assert_eq!(parse_hex_color("ff1493"), None);
        assert_eq!(parse_hex_color("#ff14"), None);
        assert_eq!(parse_hex_color("#gg0000"), None);
        assert_eq!(parse_hex_color("#éé00"), None);
        assert_eq!(mix([0, 0, 0], [200, 100, 50], 0.5), [100, 50, 25]);
        assert_eq!(mix([10, 20, 30], [0, 0, 0], 0.0), [10, 20, 30]);
    }
}
