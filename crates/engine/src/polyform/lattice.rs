//! The seven lattices polyforms live on, in Polyform Puzzler's coordinates.
//!
//! Every cell is an `[x, y, z]` triple so that one type serves all families:
//!
//! | lattice    | family     | cell                                                        |
//! |------------|------------|-------------------------------------------------------------|
//! | `Square`   | polyomino  | `(x, y, 0)`                                                 |
//! | `Cube`     | polycube   | `(x, y, z)`                                                 |
//! | `Triangle` | polyiamond | `(x, y, z)`: axes 60° apart; z = 0 ▲ (corners (x,y), (x+1,y), (x,y+1)), z = 1 ▼ (corners (x+1,y), (x,y+1), (x+1,y+1)) |
//! | `Hexagon`  | polyhex    | `(x, y, 0)`: axes 60° apart; neighbours ±(1,0), ±(0,1), ±(1,−1) |
//! | `Stick`    | polystick  | `(x, y, z)`: the unit segment from point (x,y) to (x+1,y) if z = 0, to (x,y+1) if z = 1 |
//! | `Trig`     | polytrig   | `(x, y, z)`: points on axes 60° apart; the segment from point (x,y) at 0° (z = 0, to (x+1,y)), 60° (z = 1, to (x,y+1)) or 120° (z = 2, to (x−1,y+1)) |
//! | `Twig`     | polytwig   | `(x, y, z)`: the honeycomb edge leaving the lower-left corner of polyhex (x,y) at 0° (z = 0), 120° (z = 1) or 240° (z = 2) |
//!
//! Translations move `x` and `y` (and `z` for cubes only: elsewhere `z` is an
//! orientation). The symmetry group of each lattice is a set of integer
//! matrices acting on an *embedding* of the cell into Z³ in which the lattice
//! symmetries are linear: triangles are represented by 3× their centroid,
//! segments by 2× their midpoint. Decoding the image gives the image cell.
//!
//! Polytrig segments are embedded as 2× their midpoint in the skewed
//! coordinates of their points, polytwig segments as 2× their midpoint in the
//! skewed coordinates of the polyhex centres (a honeycomb edge's midpoint is
//! the midpoint of the two hexagons it separates). Both embeddings are the
//! integer vectors with at least one odd coordinate, and the polyhex group
//! (rotations by 60° in skewed coordinates) acts on them linearly, so the
//! three segment families share the machinery of the cell families.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// A cell of a lattice (see the module documentation for the meaning of z).
pub type Cell = [i32; 3];

/// A lattice on which polyforms are built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lattice {
    /// Unit squares: polyominoes.
    Square,
    /// Equilateral triangles: polyiamonds.
    Triangle,
    /// Regular hexagons: polyhexes.
    Hexagon,
    /// Unit cubes: polycubes (solid polyominoes are planar polycubes).
    Cube,
    /// Unit segments of the square grid: polysticks.
    Stick,
    /// Unit segments of the triangular grid: polytrigs.
    Trig,
    /// Unit segments (edges) of the hexagonal grid: polytwigs.
    Twig,
}

/// One symmetry of a lattice fixing the origin of its embedding: an integer
/// matrix acting on embedded coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// The matrix (rows), applied to the embedded cell as a column vector.
    pub m: [[i32; 3]; 3],
    /// True for rotations (determinant +1), false for reflections.
    pub proper: bool,
}

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = Transform {
        m: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        proper: true,
    };

    fn apply_vec(&self, v: [i32; 3]) -> [i32; 3] {
        let m = &self.m;
        [
            m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
        ]
    }

    /// The composition `self ∘ other` (apply `other` first).
    pub fn compose(&self, other: &Transform) -> Transform {
        let mut m = [[0; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, e) in row.iter_mut().enumerate() {
                *e = (0..3).map(|k| self.m[i][k] * other.m[k][j]).sum();
            }
        }
        Transform {
            m,
            proper: self.proper == other.proper,
        }
    }
}

fn det3(m: &[[i32; 3]; 3]) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// All signed permutation matrices of size `n` (embedded in 3×3 with the
/// remaining axes fixed), sorted lexicographically by rows.
pub(crate) fn signed_permutations(n: usize) -> Vec<Transform> {
    let perms: Vec<Vec<usize>> = match n {
        2 => vec![vec![0, 1], vec![1, 0]],
        3 => vec![
            vec![0, 1, 2],
            vec![0, 2, 1],
            vec![1, 0, 2],
            vec![1, 2, 0],
            vec![2, 0, 1],
            vec![2, 1, 0],
        ],
        _ => unreachable!("only 2 and 3 dimensions"),
    };
    let mut out = Vec::new();
    for p in &perms {
        for signs in 0..(1 << n) {
            let mut m = [[0; 3]; 3];
            for i in 0..3 {
                if i < n {
                    m[i][p[i]] = if signs >> i & 1 == 1 { -1 } else { 1 };
                } else {
                    m[i][i] = 1;
                }
            }
            out.push(Transform {
                proper: det3(&m) == 1,
                m,
            });
        }
    }
    out.sort_by_key(|a| a.m);
    out
}

/// The 12 symmetries of the triangular / hexagonal lattice in skewed
/// coordinates: rotations by 60° ((u,v) → (−v, u+v)) and their composition
/// with the reflection in the x axis ((u,v) → (u+v, −v)).
fn hexagonal_group() -> Vec<Transform> {
    let r = Transform {
        m: [[0, -1, 0], [1, 1, 0], [0, 0, 1]],
        proper: true,
    };
    let f = Transform {
        m: [[1, 1, 0], [0, -1, 0], [0, 0, 1]],
        proper: false,
    };
    let mut out = Vec::new();
    let mut g = Transform::IDENTITY;
    for _ in 0..6 {
        out.push(g);
        g = r.compose(&g);
    }
    for k in 0..6 {
        out.push(out[k].compose(&f));
    }
    out
}

impl Lattice {
    /// Every lattice, in a fixed order.
    pub const ALL: [Lattice; 7] = [
        Lattice::Square,
        Lattice::Triangle,
        Lattice::Hexagon,
        Lattice::Cube,
        Lattice::Stick,
        Lattice::Trig,
        Lattice::Twig,
    ];

    /// The family of polyforms built on this lattice ("polyomino", …).
    pub fn family(self) -> &'static str {
        match self {
            Lattice::Square => "polyomino",
            Lattice::Triangle => "polyiamond",
            Lattice::Hexagon => "polyhex",
            Lattice::Cube => "polycube",
            Lattice::Stick => "polystick",
            Lattice::Trig => "polytrig",
            Lattice::Twig => "polytwig",
        }
    }

    /// The lattice of a family name: `polyomino`, `polyiamond`, `polyhex`,
    /// `polycube`, `polystick`, `polytrig`, `polytwig` (plurals and the
    /// lattice names `square`, `triangle`, `hexagon`, `cube`, `stick`,
    /// `trig`, `twig` are accepted too).
    pub fn from_family(name: &str) -> Option<Lattice> {
        let n = name.trim().to_ascii_lowercase();
        Some(match n.as_str() {
            "polyomino" | "polyominoes" | "square" => Lattice::Square,
            "polyiamond" | "polyiamonds" | "triangle" => Lattice::Triangle,
            "polyhex" | "polyhexes" | "hexagon" => Lattice::Hexagon,
            "polycube" | "polycubes" | "cube" => Lattice::Cube,
            "polystick" | "polysticks" | "polyedge" | "polyedges" | "stick" => Lattice::Stick,
            "polytrig" | "polytrigs" | "trig" => Lattice::Trig,
            "polytwig" | "polytwigs" | "twig" => Lattice::Twig,
            _ => return None,
        })
    }

    /// True for the only three-dimensional lattice.
    pub fn is_3d(self) -> bool {
        self == Lattice::Cube
    }

    /// True for the lattices whose cells are grid segments (polysticks,
    /// polytrigs, polytwigs): they are drawn as strokes, not polygons, and
    /// [`corners`](Self::corners) gives their two endpoints.
    pub fn is_segment(self) -> bool {
        matches!(self, Lattice::Stick | Lattice::Trig | Lattice::Twig)
    }

    /// How many coordinates a cell prints with in solution files: 2 for
    /// squares and hexagons, 3 for cubes, triangles and segments.
    pub fn coordinate_count(self) -> usize {
        match self {
            Lattice::Square | Lattice::Hexagon => 2,
            Lattice::Cube | Lattice::Triangle | Lattice::Stick | Lattice::Trig | Lattice::Twig => 3,
        }
    }

    /// The number of values `z` takes at a fixed `(x, y)` for the 2-D
    /// lattices (orientations); `None` for cubes, where `z` is a position.
    pub fn orientation_classes(self) -> Option<i32> {
        match self {
            Lattice::Square | Lattice::Hexagon => Some(1),
            Lattice::Triangle | Lattice::Stick => Some(2),
            Lattice::Trig | Lattice::Twig => Some(3),
            Lattice::Cube => None,
        }
    }

    /// Whether `cell` is a well-formed cell of this lattice.
    pub fn is_valid(self, c: Cell) -> bool {
        match self.orientation_classes() {
            Some(k) => (0..k).contains(&c[2]),
            None => true,
        }
    }

    /// The cells sharing an edge (a face for cubes, an endpoint for
    /// segments) with `c`.
    pub fn neighbours(self, c: Cell) -> Vec<Cell> {
        let [x, y, z] = c;
        match self {
            Lattice::Square => vec![[x + 1, y, 0], [x, y + 1, 0], [x - 1, y, 0], [x, y - 1, 0]],
            Lattice::Cube => vec![
                [x + 1, y, z],
                [x - 1, y, z],
                [x, y + 1, z],
                [x, y - 1, z],
                [x, y, z + 1],
                [x, y, z - 1],
            ],
            Lattice::Hexagon => vec![
                [x + 1, y, 0],
                [x, y + 1, 0],
                [x - 1, y + 1, 0],
                [x - 1, y, 0],
                [x, y - 1, 0],
                [x + 1, y - 1, 0],
            ],
            Lattice::Triangle => {
                if z == 0 {
                    vec![[x, y, 1], [x - 1, y, 1], [x, y - 1, 1]]
                } else {
                    vec![[x + 1, y, 0], [x, y + 1, 0], [x, y, 0]]
                }
            }
            Lattice::Stick => {
                if z == 0 {
                    vec![
                        [x - 1, y, 0],
                        [x, y, 1],
                        [x, y - 1, 1],
                        [x + 1, y, 0],
                        [x + 1, y, 1],
                        [x + 1, y - 1, 1],
                    ]
                } else {
                    vec![
                        [x, y, 0],
                        [x - 1, y, 0],
                        [x, y - 1, 1],
                        [x, y + 1, 0],
                        [x - 1, y + 1, 0],
                        [x, y + 1, 1],
                    ]
                }
            }
            Lattice::Trig | Lattice::Twig => {
                let mut out = Vec::with_capacity(10);
                for p in self.corners(c) {
                    out.extend(self.segments_at(p).into_iter().filter(|&s| s != c));
                }
                out
            }
        }
    }

    /// The segments (of a polytrig or polytwig lattice) with an endpoint at
    /// the vertex-lattice point `p` (see [`corners`](Self::corners)), by
    /// direction: index k is the segment leaving `p` at k·60°, or `None`
    /// where the lattice has no such edge (every other direction of a
    /// honeycomb vertex). Empty for the other lattices.
    pub fn segments_by_direction(self, p: [i32; 2]) -> [Option<Cell>; 6] {
        let [px, py] = p;
        match self {
            Lattice::Trig => [
                Some([px, py, 0]),
                Some([px, py, 1]),
                Some([px, py, 2]),
                Some([px - 1, py, 0]),
                Some([px, py - 1, 1]),
                Some([px + 1, py - 1, 2]),
            ],
            Lattice::Twig => {
                // Vertices are in thirds of the polyhex basis: PP's point
                // (x, y) is (3x − 1, 3y − 1); the other kind of vertex is
                // ≡ (1, 1) mod 3 and is reached from a named one by a step.
                let named = |a: i32, b: i32| ((a + 1) / 3, (b + 1) / 3);
                match (px.rem_euclid(3), py.rem_euclid(3)) {
                    (2, 2) => {
                        let (x, y) = named(px, py);
                        [
                            Some([x, y, 0]),
                            None,
                            Some([x, y, 1]),
                            None,
                            Some([x, y, 2]),
                            None,
                        ]
                    }
                    (1, 1) => {
                        let (x1, y1) = named(px + 1, py + 1);
                        let (x3, y3) = named(px - 2, py + 1);
                        let (x5, y5) = named(px + 1, py - 2);
                        [
                            None,
                            Some([x1, y1, 2]),
                            None,
                            Some([x3, y3, 0]),
                            None,
                            Some([x5, y5, 1]),
                        ]
                    }
                    _ => [None; 6],
                }
            }
            _ => [None; 6],
        }
    }

    fn segments_at(self, p: [i32; 2]) -> Vec<Cell> {
        self.segments_by_direction(p)
            .into_iter()
            .flatten()
            .collect()
    }

    /// The symmetry group of the lattice (fixing the embedding's origin):
    /// 8 for squares and sticks, 12 for triangles, hexagons, trigs and
    /// twigs, 48 for cubes.
    /// The identity comes first; rotations are marked `proper`.
    pub fn group(self) -> &'static [Transform] {
        static GROUPS: OnceLock<[Vec<Transform>; 5]> = OnceLock::new();
        let groups = GROUPS.get_or_init(|| {
            let identity_first = |mut v: Vec<Transform>| {
                let i = v
                    .iter()
                    .position(|t| *t == Transform::IDENTITY)
                    .expect("identity");
                let id = v.remove(i);
                v.insert(0, id);
                v
            };
            let square = identity_first(signed_permutations(2));
            let hex = hexagonal_group();
            let cube = identity_first(signed_permutations(3));
            [square.clone(), hex.clone(), hex, cube, square]
        });
        let i = match self {
            Lattice::Square => 0,
            Lattice::Triangle => 1,
            Lattice::Hexagon => 2,
            Lattice::Cube => 3,
            Lattice::Stick => 4,
            // Both segment embeddings live in skewed coordinates (see the
            // module documentation), where the polyhex group is linear.
            Lattice::Trig | Lattice::Twig => 1,
        };
        &groups[i]
    }

    /// The rotations (orientation-preserving symmetries) of the lattice.
    pub fn rotations(self) -> Vec<Transform> {
        self.group().iter().copied().filter(|t| t.proper).collect()
    }

    /// The cell as a vector on which the group acts linearly.
    pub fn embed(self, c: Cell) -> [i32; 3] {
        match self {
            Lattice::Square | Lattice::Hexagon | Lattice::Cube => c,
            Lattice::Triangle => [3 * c[0] + 1 + c[2], 3 * c[1] + 1 + c[2], 0],
            Lattice::Stick => {
                if c[2] == 0 {
                    [2 * c[0] + 1, 2 * c[1], 0]
                } else {
                    [2 * c[0], 2 * c[1] + 1, 0]
                }
            }
            // 2× the midpoint of the segment in the skewed point lattice.
            Lattice::Trig => match c[2] {
                0 => [2 * c[0] + 1, 2 * c[1], 0],
                1 => [2 * c[0], 2 * c[1] + 1, 0],
                _ => [2 * c[0] - 1, 2 * c[1] + 1, 0],
            },
            // 2× the midpoint between the two polyhexes the edge separates:
            // z = 0 lies between hexes (x, y) and (x, y−1), z = 1 between
            // (x, y) and (x−1, y), z = 2 between (x−1, y) and (x, y−1).
            Lattice::Twig => match c[2] {
                0 => [2 * c[0], 2 * c[1] - 1, 0],
                1 => [2 * c[0] - 1, 2 * c[1], 0],
                _ => [2 * c[0] - 1, 2 * c[1] - 1, 0],
            },
        }
    }

    /// Inverse of [`embed`](Self::embed).
    pub fn decode(self, v: [i32; 3]) -> Cell {
        match self {
            Lattice::Square | Lattice::Hexagon | Lattice::Cube => v,
            Lattice::Triangle => {
                let z = v[0].rem_euclid(3) - 1;
                debug_assert!(z == 0 || z == 1, "not a triangle centroid: {v:?}");
                [
                    (v[0] - 1 - z).div_euclid(3),
                    (v[1] - 1 - z).div_euclid(3),
                    z,
                ]
            }
            Lattice::Stick => {
                if v[0].rem_euclid(2) == 1 {
                    [(v[0] - 1).div_euclid(2), v[1].div_euclid(2), 0]
                } else {
                    [v[0].div_euclid(2), (v[1] - 1).div_euclid(2), 1]
                }
            }
            Lattice::Trig => match (v[0].rem_euclid(2), v[1].rem_euclid(2)) {
                (1, 0) => [(v[0] - 1).div_euclid(2), v[1].div_euclid(2), 0],
                (0, 1) => [v[0].div_euclid(2), (v[1] - 1).div_euclid(2), 1],
                _ => {
                    debug_assert!(v[0] & v[1] & 1 == 1, "not a segment midpoint: {v:?}");
                    [(v[0] + 1).div_euclid(2), (v[1] - 1).div_euclid(2), 2]
                }
            },
            Lattice::Twig => match (v[0].rem_euclid(2), v[1].rem_euclid(2)) {
                (0, 1) => [v[0].div_euclid(2), (v[1] + 1).div_euclid(2), 0],
                (1, 0) => [(v[0] + 1).div_euclid(2), v[1].div_euclid(2), 1],
                _ => {
                    debug_assert!(v[0] & v[1] & 1 == 1, "not an edge midpoint: {v:?}");
                    [(v[0] + 1).div_euclid(2), (v[1] + 1).div_euclid(2), 2]
                }
            },
        }
    }

    /// The image of a cell under a group element (before renormalising).
    pub fn apply(self, t: &Transform, c: Cell) -> Cell {
        self.decode(t.apply_vec(self.embed(c)))
    }

    /// Translate a cell by `(dx, dy, dz)`; `dz` must be 0 except for cubes.
    pub fn translate(self, c: Cell, d: [i32; 3]) -> Cell {
        debug_assert!(self.is_3d() || d[2] == 0);
        [c[0] + d[0], c[1] + d[1], c[2] + d[2]]
    }

    /// The translation that [`normalize`](Self::normalize) applies: minus the
    /// minimum of each translatable coordinate.
    pub fn normalizing_offset(self, cells: &[Cell]) -> [i32; 3] {
        let mut min = [i32::MAX; 3];
        for c in cells {
            for k in 0..3 {
                min[k] = min[k].min(c[k]);
            }
        }
        if cells.is_empty() {
            return [0; 3];
        }
        [-min[0], -min[1], if self.is_3d() { -min[2] } else { 0 }]
    }

    /// Normal form of a set of cells: translated so that the minimum x and y
    /// (and z for cubes) are 0, sorted, duplicates removed.
    pub fn normalize(self, cells: &[Cell]) -> Vec<Cell> {
        let d = self.normalizing_offset(cells);
        let mut out: Vec<Cell> = cells.iter().map(|&c| self.translate(c, d)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The image of a set of cells under `t`, in normal form.
    pub fn transform_normalized(self, t: &Transform, cells: &[Cell]) -> Vec<Cell> {
        let img: Vec<Cell> = cells.iter().map(|&c| self.apply(t, c)).collect();
        self.normalize(&img)
    }

    /// Whether the cells form one connected polyform.
    pub fn is_connected(self, cells: &[Cell]) -> bool {
        if cells.is_empty() {
            return true;
        }
        let set: std::collections::HashSet<Cell> = cells.iter().copied().collect();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![cells[0]];
        seen.insert(cells[0]);
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                if set.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen.len() == set.len()
    }

    /// For sticks: the grid points where the segments pass straight through
    /// (two collinear segments meet). Two pieces that both pass straight
    /// through a point would cross there, so these points become secondary
    /// exact-cover items (Polyform Puzzler's "x,yi" columns).
    pub fn straight_points(self, cells: &[Cell]) -> Vec<[i32; 2]> {
        if self != Lattice::Stick {
            return Vec::new();
        }
        let set: std::collections::HashSet<Cell> = cells.iter().copied().collect();
        let mut out: Vec<[i32; 2]> = cells
            .iter()
            .filter_map(|&[x, y, z]| {
                let next = if z == 0 { [x + 1, y, 0] } else { [x, y + 1, 1] };
                set.contains(&next).then_some([next[0], next[1]])
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The secondary exact-cover items a placement holds: two placements
    /// holding the same item would cross. Sticks hold `[x, y, 0]` for each
    /// point they pass straight through ([`straight_points`](Self::straight_points)).
    /// Trigs hold `[x, y, k]` for directions k·60° at point (x, y), as
    /// Polyform Puzzler claims them: wherever two consecutive directions
    /// used by the piece at a point (going counter-clockwise) are 120° or
    /// 180° apart, the piece claims both and every direction between them.
    /// Two pieces whose directions interleave around a point (a crossing)
    /// always claim a common direction; pieces that merely touch never do.
    /// Twigs hold nothing: a honeycomb vertex has three edges, so two
    /// pieces meeting there cannot cross, and touching is allowed (PP's
    /// twig matrices have no secondary columns, and its published counts
    /// are reproduced without them).
    pub fn crossing_items(self, cells: &[Cell]) -> Vec<[i32; 3]> {
        match self {
            Lattice::Stick => self
                .straight_points(cells)
                .into_iter()
                .map(|[x, y]| [x, y, 0])
                .collect(),
            Lattice::Trig => {
                let mut used: std::collections::BTreeMap<[i32; 2], u8> = Default::default();
                for &c in cells {
                    let [a, b] = self.endpoints(c);
                    *used.entry(a).or_default() |= 1 << c[2];
                    *used.entry(b).or_default() |= 1 << (c[2] + 3);
                }
                let mut out = Vec::new();
                for ([x, y], mask) in used {
                    let mut claim = 0u8;
                    for d in 0..6 {
                        if mask >> d & 1 == 0 {
                            continue;
                        }
                        let gap = (1..6).find(|s| mask >> ((d + s) % 6) & 1 == 1);
                        if let Some(s @ 2..=3) = gap {
                            for t in 0..=s {
                                claim |= 1 << ((d + t) % 6);
                            }
                        }
                    }
                    out.extend((0..6).filter(|k| claim >> k & 1 == 1).map(|k| [x, y, k]));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// Every secondary item a region offers (sorted): for sticks the points
    /// where a piece could pass straight through; for trigs all six
    /// directions at every point the region touches (Polyform Puzzler's
    /// `x,y,ki` columns); nothing for the other lattices.
    pub fn region_crossing_items(self, region: &[Cell]) -> Vec<[i32; 3]> {
        match self {
            Lattice::Stick => self.crossing_items(region),
            Lattice::Trig => {
                let mut points: Vec<[i32; 2]> =
                    region.iter().flat_map(|&c| self.endpoints(c)).collect();
                points.sort_unstable();
                points.dedup();
                points
                    .into_iter()
                    .flat_map(|[x, y]| (0..6).map(move |k| [x, y, k]))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The name of a secondary item: `x,yi` for sticks, `x,y,ki` for trigs
    /// (Polyform Puzzler's intersection column names, without padding).
    pub fn crossing_item_name(self, item: [i32; 3]) -> String {
        let [x, y, k] = item;
        if self == Lattice::Trig {
            format!("{x},{y},{k}i")
        } else {
            format!("{x},{y}i")
        }
    }

    /// The two endpoints of a segment (for the segment lattices) as
    /// vertex-lattice points; the start point first.
    fn endpoints(self, c: Cell) -> [[i32; 2]; 2] {
        let v = self.corners(c);
        [v[0], v[1]]
    }

    /// The corners of a cell as points of an integer "vertex lattice"
    /// (counter-clockwise), to be mapped to the plane by
    /// [`to_plane`](Self::to_plane). Two cells share an edge exactly when
    /// they share two consecutive corners. Cubes give the square of their
    /// layer; segments give their two endpoints (start point first): for
    /// trigs in the skewed point lattice, for twigs in thirds of the polyhex
    /// basis, like polyhex corners (PP's point (x, y) is (3x − 1, 3y − 1)).
    pub fn corners(self, c: Cell) -> Vec<[i32; 2]> {
        let [x, y, z] = c;
        match self {
            Lattice::Square | Lattice::Cube => vec![[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]],
            Lattice::Triangle => {
                if z == 0 {
                    vec![[x, y], [x + 1, y], [x, y + 1]]
                } else {
                    vec![[x + 1, y], [x + 1, y + 1], [x, y + 1]]
                }
            }
            // In thirds of the skewed basis: the centroids of the six
            // triangles around the hexagon's centre.
            Lattice::Hexagon => [[1, 1], [-1, 2], [-2, 1], [-1, -1], [1, -2], [2, -1]]
                .iter()
                .map(|d| [3 * x + d[0], 3 * y + d[1]])
                .collect(),
            Lattice::Stick => {
                if z == 0 {
                    vec![[x, y], [x + 1, y]]
                } else {
                    vec![[x, y], [x, y + 1]]
                }
            }
            Lattice::Trig => match z {
                0 => vec![[x, y], [x + 1, y]],
                1 => vec![[x, y], [x, y + 1]],
                _ => vec![[x, y], [x - 1, y + 1]],
            },
            Lattice::Twig => {
                let a = [3 * x - 1, 3 * y - 1];
                let d = match z {
                    0 => [2, -1],
                    1 => [-1, 2],
                    _ => [-1, -1],
                };
                vec![a, [a[0] + d[0], a[1] + d[1]]]
            }
        }
    }

    /// Plane coordinates (y up, unit edge length) of a vertex-lattice point.
    pub fn to_plane(self, p: [i32; 2]) -> (f64, f64) {
        let (a, b) = (p[0] as f64, p[1] as f64);
        let s3 = 3f64.sqrt();
        match self {
            Lattice::Square | Lattice::Cube | Lattice::Stick => (a, b),
            // x horizontal, y sloping up to the right at 60°.
            Lattice::Triangle | Lattice::Trig => (a + b / 2.0, b * s3 / 2.0),
            // The polyhex frame scaled to unit edges: z = 0 edges horizontal.
            Lattice::Twig => (a / 2.0, (2.0 * b + a) / (2.0 * s3)),
            // As Polyform Puzzler draws polyhexes: y vertical, x sloping up
            // at 30°; vertices are in thirds of the centre-to-centre step.
            Lattice::Hexagon => (a * s3 / 2.0 / 3.0, (b + a / 2.0) / 3.0),
        }
    }
}

impl fmt::Display for Lattice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.family())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_orders() {
        assert_eq!(Lattice::Square.group().len(), 8);
        assert_eq!(Lattice::Stick.group().len(), 8);
        assert_eq!(Lattice::Triangle.group().len(), 12);
        assert_eq!(Lattice::Hexagon.group().len(), 12);
        assert_eq!(Lattice::Cube.group().len(), 48);
        assert_eq!(Lattice::Trig.group().len(), 12);
        assert_eq!(Lattice::Twig.group().len(), 12);
        assert_eq!(Lattice::Cube.rotations().len(), 24);
        for l in Lattice::ALL {
            assert_eq!(l.group()[0], Transform::IDENTITY);
            assert_eq!(l.rotations().len() * 2, l.group().len());
        }
    }

    #[test]
    fn group_maps_neighbours_to_neighbours() {
        for l in Lattice::ALL {
            let cells: Vec<Cell> = match l.orientation_classes() {
                Some(k) => (0..k).map(|z| [2, -1, z]).collect(),
                None => vec![[2, -1, 3]],
            };
            for c in cells {
                for t in l.group() {
                    let img = l.apply(t, c);
                    assert!(l.is_valid(img), "{l:?} {c:?} -> {img:?}");
                    let mut a: Vec<Cell> = l.neighbours(c).iter().map(|&n| l.apply(t, n)).collect();
                    let mut b = l.neighbours(img);
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "{l:?} {t:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn embed_round_trip() {
        for l in Lattice::ALL {
            for z in 0..3 {
                let c = [-3, 5, z];
                if l.is_valid(c) {
                    assert_eq!(l.decode(l.embed(c)), c);
                }
            }
        }
    }

    /// A patch of segments around the origin.
    fn patch() -> Vec<Cell> {
        let mut v = Vec::new();
        for x in -3..=3 {
            for y in -3..=3 {
                for z in 0..3 {
                    v.push([x, y, z]);
                }
            }
        }
        v
    }

    #[test]
    fn segment_groups_contain_pp_rotations_and_flips() {
        // Polyform Puzzler's 60° turns and flips (coordsys.md) are elements
        // of our groups: the rotation is our generator, the flip some
        // reflection.
        fn iv(b: bool) -> i32 {
            b as i32
        }
        let trig_rot = |[x, y, z]: Cell| [-y - iv(z == 2), x + y, (z + 1) % 3];
        let trig_flip = |[x, y, z]: Cell| [-x, x + y, 2 - z];
        let twig_rot =
            |[x, y, z]: Cell| [-y + iv(z != 1), x + y - iv(z == 2), (z - 1).rem_euclid(3)];
        let twig_flip = |[x, y, z]: Cell| [-x + iv(z != 0), x + y - iv(z == 2), (-z).rem_euclid(3)];
        type Map = fn(Cell) -> Cell;
        let cases: [(Lattice, Map, Map); 2] = [
            (Lattice::Trig, trig_rot, trig_flip),
            (Lattice::Twig, twig_rot, twig_flip),
        ];
        for (l, rot, flip) in cases {
            let g = l.group();
            assert_eq!(g.len(), 12);
            assert!(
                patch().iter().all(|&c| l.apply(&g[1], c) == rot(c)),
                "{l:?}"
            );
            assert!(
                g.iter()
                    .any(|t| !t.proper && patch().iter().all(|&c| l.apply(t, c) == flip(c))),
                "{l:?}"
            );
        }
    }

    #[test]
    fn coordsys_examples() {
        // Twig (1,0,0) rotates to (1,1,2), then (0,1,1); flips to (-1,1,0).
        let t = Lattice::Twig;
        let r = t.group()[1];
        assert_eq!(t.apply(&r, [1, 0, 0]), [1, 1, 2]);
        assert_eq!(t.apply(&r, [1, 1, 2]), [0, 1, 1]);
        // The tritwig Y3 star has two aspects.
        let y3 = [[0, 0, 0], [0, 0, 1], [0, 0, 2]];
        let mut aspects: Vec<Vec<Cell>> = t
            .group()
            .iter()
            .map(|g| t.transform_normalized(g, &y3))
            .collect();
        aspects.sort();
        aspects.dedup();
        assert_eq!(
            aspects,
            vec![
                vec![[0, 0, 0], [0, 0, 1], [0, 0, 2]],
                vec![[0, 1, 0], [1, 0, 1], [1, 1, 2]]
            ]
        );
        // Trig claims: a straight pass claims all six directions, a 120°
        // bend three, a 60° bend none.
        let l = Lattice::Trig;
        let at = |x: i32, y: i32, ks: &[i32]| -> Vec<[i32; 3]> {
            ks.iter().map(|&k| [x, y, k]).collect()
        };
        assert_eq!(
            l.crossing_items(&[[0, 0, 0], [1, 0, 0]]),
            at(1, 0, &[0, 1, 2, 3, 4, 5])
        );
        assert_eq!(
            l.crossing_items(&[[1, 0, 0], [1, 0, 2]]),
            at(1, 0, &[0, 1, 2])
        );
        assert!(l.crossing_items(&[[0, 0, 0], [0, 0, 1]]).is_empty());
        assert_eq!(l.crossing_item_name([1, 0, 5]), "1,0,5i");
        assert!(Lattice::Twig.region_crossing_items(&patch()).is_empty());
    }

    #[test]
    fn segment_neighbours() {
        for c in patch() {
            assert_eq!(Lattice::Trig.neighbours(c).len(), 10, "{c:?}");
            assert_eq!(Lattice::Twig.neighbours(c).len(), 4, "{c:?}");
            for l in [Lattice::Trig, Lattice::Twig] {
                for n in l.neighbours(c) {
                    assert!(l.neighbours(n).contains(&c), "{l:?} {c:?} {n:?}");
                }
            }
        }
        // A twig star's three edges meet at the named point.
        let t = Lattice::Twig;
        let p = t.corners([0, 0, 0])[0];
        assert!([1, 2].iter().all(|&z| t.corners([0, 0, z])[0] == p));
        // Unit edges in the plane.
        for l in [Lattice::Trig, Lattice::Twig] {
            for c in patch() {
                let v = l.corners(c);
                let (a, b) = (l.to_plane(v[0]), l.to_plane(v[1]));
                let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                assert!((d - 1.0).abs() < 1e-9, "{l:?} {c:?}");
            }
        }
    }

    #[test]
    fn family_names() {
        assert_eq!(Lattice::from_family("polyhexes"), Some(Lattice::Hexagon));
        assert_eq!(Lattice::from_family("pentomino"), None);
        assert_eq!(Lattice::from_family("polyominoes"), Some(Lattice::Square));
        assert_eq!(Lattice::from_family("Polycube"), Some(Lattice::Cube));
        for l in Lattice::ALL {
            assert_eq!(Lattice::from_family(l.family()), Some(l));
        }
    }
}
