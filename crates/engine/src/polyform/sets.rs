//! Named piece sets, with Polyform Puzzler's piece names.
//!
//! Cells are written here in this crate's coordinates (see
//! [`lattice`](super::lattice)); every set is checked by the tests against
//! the enumeration of all free polyforms of its size. The polytrig and
//! polytwig sets are Polyform Puzzler's, kept as data in
//! [`segment_sets`](super::segment_sets) and built by [`segment_set`].

use super::lattice::{Cell, Lattice};
use super::piece::{is_chiral, Piece};
use serde::{Deserialize, Serialize};

/// A named collection of pieces on one lattice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceSet {
    /// Set name ("pentominoes", …).
    pub name: String,
    /// The lattice of every piece.
    pub lattice: Lattice,
    /// The pieces, in declaration order.
    pub pieces: Vec<Piece>,
}

impl PieceSet {
    /// The piece with this name.
    pub fn get(&self, name: &str) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.name == name)
    }

    /// Total number of cells.
    pub fn cell_count(&self) -> usize {
        self.pieces.iter().map(Piece::size).sum()
    }

    /// The union of several sets on the same lattice (e.g. trihexes and
    /// tetrahexes).
    pub fn union(name: &str, sets: &[PieceSet]) -> PieceSet {
        let lattice = sets[0].lattice;
        assert!(
            sets.iter().all(|s| s.lattice == lattice),
            "sets on different lattices"
        );
        PieceSet {
            name: name.to_string(),
            lattice,
            pieces: sets.iter().flat_map(|s| s.pieces.iter().cloned()).collect(),
        }
    }

    /// The same set without the named pieces.
    pub fn without(mut self, names: &[&str]) -> PieceSet {
        self.pieces.retain(|p| !names.contains(&p.name.as_str()));
        self
    }

    /// The one-sided version of a set: every chiral piece is joined by its
    /// mirror image, named in lower case (Polyform Puzzler's convention).
    /// Use it with puzzles that forbid reflections.
    pub fn one_sided(&self) -> PieceSet {
        let lattice = self.lattice;
        let mirror = lattice
            .group()
            .iter()
            .find(|t| !t.proper)
            .copied()
            .expect("every lattice has a reflection");
        let mut pieces = Vec::new();
        for p in &self.pieces {
            pieces.push(p.clone());
            if is_chiral(lattice, &p.cells) {
                let img = lattice.transform_normalized(&mirror, &p.cells);
                pieces.push(Piece {
                    name: p.name.to_lowercase(),
                    cells: img,
                });
            }
        }
        PieceSet {
            name: format!("one-sided {}", self.name),
            lattice,
            pieces,
        }
    }
}

fn xy_set(lattice: Lattice, name: &str, data: &[(&str, &[(i32, i32)])]) -> PieceSet {
    PieceSet {
        name: name.to_string(),
        lattice,
        pieces: data
            .iter()
            .map(|(n, c)| Piece::from_xy(lattice, n, c))
            .collect(),
    }
}

fn xyz_set(lattice: Lattice, name: &str, data: &[(&str, &[Cell])]) -> PieceSet {
    PieceSet {
        name: name.to_string(),
        lattice,
        pieces: data
            .iter()
            .map(|(n, c)| Piece::new(lattice, n, c))
            .collect(),
    }
}

/// The 12 pentominoes F I L N P T U V W X Y Z.
pub fn pentominoes() -> PieceSet {
    xy_set(
        Lattice::Square,
        "pentominoes",
        &[
            ("F", &[(1, 0), (1, 1), (0, 1), (2, 1), (2, 2)]),
            ("I", &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
            ("L", &[(0, 0), (1, 0), (0, 1), (0, 2), (0, 3)]),
            ("N", &[(1, 0), (1, 1), (1, 2), (0, 2), (0, 3)]),
            ("P", &[(1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]),
            ("T", &[(0, 0), (0, 1), (1, 1), (2, 1), (0, 2)]),
            ("U", &[(0, 0), (1, 0), (0, 1), (0, 2), (1, 2)]),
            ("V", &[(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]),
            ("W", &[(2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]),
            ("X", &[(1, 0), (0, 1), (1, 1), (1, 2), (2, 1)]),
            ("Y", &[(0, 0), (1, 0), (2, 0), (3, 0), (2, 1)]),
            ("Z", &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]),
        ],
    )
}

/// The 5 tetrominoes I4 L4 O4 S4 T4.
pub fn tetrominoes() -> PieceSet {
    xy_set(
        Lattice::Square,
        "tetrominoes",
        &[
            ("I4", &[(0, 0), (1, 0), (2, 0), (3, 0)]),
            ("L4", &[(0, 0), (1, 0), (2, 0), (0, 1)]),
            ("O4", &[(0, 0), (1, 0), (0, 1), (1, 1)]),
            ("S4", &[(0, 0), (1, 0), (1, 1), (2, 1)]),
            ("T4", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
        ],
    )
}

/// The polyominoes of orders 1 to 3: O1, I2, I3, V3.
pub fn polyominoes123() -> PieceSet {
    xy_set(
        Lattice::Square,
        "polyominoes 1-3",
        &[
            ("O1", &[(0, 0)]),
            ("I2", &[(0, 0), (1, 0)]),
            ("I3", &[(0, 0), (1, 0), (2, 0)]),
            ("V3", &[(0, 0), (1, 0), (0, 1)]),
        ],
    )
}

/// The 12 hexiamonds (names as Polyform Puzzler: I6 bar, P6 sphinx, J6
/// crook, E6 crown, V6 lobster, H6 signpost, S6 snake, X6 butterfly, C6
/// chevron, G6 hook, F6 yacht, O6 hexagon).
pub fn hexiamonds() -> PieceSet {
    const BASE: [Cell; 4] = [[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 0, 1]];
    let with = |extra: &[Cell]| -> Vec<Cell> { BASE.iter().chain(extra).copied().collect() };
    let data: Vec<(&str, Vec<Cell>)> = vec![
        ("I6", with(&[[2, 0, 0], [2, 0, 1]])),
        ("P6", with(&[[2, 0, 0], [1, 1, 0]])),
        ("J6", with(&[[2, 0, 0], [0, -1, 1]])),
        ("E6", with(&[[2, 0, 0], [1, -1, 1]])),
        ("V6", with(&[[0, 1, 0], [0, 1, 1]])),
        ("H6", with(&[[1, -1, 1], [2, -1, 0]])),
        ("S6", with(&[[0, -1, 1], [1, 1, 0]])),
        ("X6", with(&[[0, 1, 0], [1, -1, 1]])),
        ("C6", with(&[[1, 1, 0], [1, 1, 1]])),
        ("G6", with(&[[1, 1, 0], [0, 1, 1]])),
        ("F6", with(&[[0, 1, 0], [1, 1, 0]])),
        (
            "O6",
            vec![
                [0, 0, 0],
                [0, 0, 1],
                [1, 0, 0],
                [0, -1, 1],
                [1, -1, 0],
                [1, -1, 1],
            ],
        ),
    ];
    let refs: Vec<(&str, &[Cell])> = data.iter().map(|(n, c)| (*n, c.as_slice())).collect();
    xyz_set(Lattice::Triangle, "hexiamonds", &refs)
}

/// The 3 trihexes I3, V3, A3.
pub fn trihexes() -> PieceSet {
    xy_set(
        Lattice::Hexagon,
        "trihexes",
        &[
            ("I3", &[(0, 0), (1, 0), (2, 0)]),
            ("V3", &[(0, 0), (1, 0), (1, 1)]),
            ("A3", &[(0, 0), (1, 0), (0, 1)]),
        ],
    )
}

/// The 7 tetrahexes I4 J4 P4 S4 U4 Y4 O4.
pub fn tetrahexes() -> PieceSet {
    xy_set(
        Lattice::Hexagon,
        "tetrahexes",
        &[
            ("I4", &[(0, 0), (1, 0), (2, 0), (3, 0)]),
            ("J4", &[(0, 0), (1, 0), (2, 0), (2, 1)]),
            ("P4", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
            ("S4", &[(0, 0), (1, 0), (1, 1), (2, 1)]),
            ("U4", &[(0, 0), (-1, 1), (1, 0), (1, 1)]),
            ("Y4", &[(0, 0), (1, 0), (2, -1), (1, 1)]),
            ("O4", &[(0, 0), (1, 0), (0, 1), (1, 1)]),
        ],
    )
}

/// The 22 pentahexes (Polyform Puzzler's names A5 … Y5).
pub fn pentahexes() -> PieceSet {
    let data: &[(&str, &[(i32, i32)])] = &[
        ("A5", &[(1, 0), (2, 0), (1, 1), (2, -1)]),
        ("B5", &[(1, 0), (2, 0), (1, 1), (2, 1)]),
        ("C5", &[(1, 0), (2, 0), (2, 1), (-1, 1)]),
        ("D5", &[(1, 0), (2, 0), (0, 1), (1, 1)]),
        ("E5", &[(1, 0), (1, 1), (2, 0), (3, 0)]),
        ("F5", &[(1, 0), (2, 0), (0, 1), (2, 1)]),
        ("G5", &[(1, 0), (1, 1), (2, 1), (3, 0)]),
        ("H5", &[(1, 0), (1, 1), (0, 2), (2, 1)]),
        ("I5", &[(1, 0), (2, 0), (3, 0), (4, 0)]),
        ("J5", &[(1, 0), (2, 0), (3, 0), (3, 1)]),
        ("L5", &[(1, 0), (2, 0), (2, 1), (2, 2)]),
        ("N5", &[(1, 0), (2, 0), (2, 1), (3, 1)]),
        ("P5", &[(1, 0), (2, 0), (2, 1), (3, 0)]),
        ("Q5", &[(1, 0), (2, 0), (2, 1), (1, -1)]),
        ("R5", &[(1, 0), (2, 0), (2, 1), (1, 2)]),
        ("S5", &[(1, 0), (2, 0), (2, 1), (0, -1)]),
        ("T5", &[(1, 0), (2, 0), (2, 1), (2, -1)]),
        ("U5", &[(1, 0), (1, 1), (-1, 1), (-1, 2)]),
        ("V5", &[(1, 0), (2, 0), (0, 1), (0, 2)]),
        ("W5", &[(1, 0), (1, 1), (2, 1), (2, 2)]),
        ("X5", &[(1, 0), (2, 0), (0, 1), (2, -1)]),
        ("Y5", &[(1, 0), (2, 0), (2, 1), (3, -1)]),
    ];
    let full: Vec<(&str, Vec<(i32, i32)>)> = data
        .iter()
        .map(|(n, c)| {
            (
                *n,
                std::iter::once((0, 0)).chain(c.iter().copied()).collect(),
            )
        })
        .collect();
    let refs: Vec<(&str, &[(i32, i32)])> = full.iter().map(|(n, c)| (*n, c.as_slice())).collect();
    xy_set(Lattice::Hexagon, "pentahexes", &refs)
}

/// The 7 Soma pieces V L T Z a b p (a and b are mirror images).
pub fn soma() -> PieceSet {
    let data: &[(&str, &[Cell])] = &[
        ("V", &[[0, 0, 0], [0, 1, 0], [1, 0, 0]]),
        ("L", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [2, 0, 0]]),
        ("T", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, -1, 0]]),
        ("Z", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, -1, 0]]),
        ("a", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, 1]]),
        ("b", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, -1]]),
        ("p", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]]),
    ];
    xyz_set(Lattice::Cube, "soma", data)
}

/// The 12 pentominoes as one-unit-thick solids.
pub fn solid_pentominoes() -> PieceSet {
    let p = pentominoes();
    PieceSet {
        name: "solid pentominoes".to_string(),
        lattice: Lattice::Cube,
        pieces: p
            .pieces
            .into_iter()
            .map(|piece| Piece {
                name: piece.name,
                cells: piece.cells,
            })
            .collect(),
    }
}

/// The 16 tetrasticks (Polyform Puzzler's names; segments `(x, y, z)`, z = 0
/// horizontal, 1 vertical).
pub fn tetrasticks() -> PieceSet {
    let data: &[(&str, &[Cell])] = &[
        ("F", &[[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]),
        ("H", &[[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0]]),
        ("I", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]]),
        ("J", &[[0, 0, 0], [1, 0, 0], [2, 0, 1], [1, 1, 0]]),
        ("L", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 1]]),
        ("N", &[[0, 0, 0], [1, 0, 0], [2, 0, 1], [2, 1, 0]]),
        ("O", &[[0, 0, 0], [1, 0, 1], [0, 1, 0], [0, 0, 1]]),
        ("P", &[[0, 0, 1], [0, 1, 0], [1, 0, 1], [1, 0, 0]]),
        ("R", &[[0, 0, 1], [0, 1, 0], [1, 1, 0], [1, 1, 1]]),
        ("T", &[[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 1, 1]]),
        ("U", &[[0, 0, 0], [1, 0, 0], [0, 0, 1], [2, 0, 1]]),
        ("V", &[[0, 0, 0], [1, 0, 0], [2, 0, 1], [2, 1, 1]]),
        ("W", &[[0, 0, 0], [1, 0, 1], [1, 1, 0], [2, 1, 1]]),
        ("X", &[[0, 1, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1]]),
        ("Y", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 0, 1]]),
        ("Z", &[[0, 0, 1], [0, 1, 0], [1, 1, 0], [2, 1, 1]]),
    ];
    xyz_set(Lattice::Stick, "tetrasticks", data)
}

/// The pieces of one of Polyform Puzzler's polytrig or polytwig sets (see
/// [`segment_sets`](super::segment_sets)), in PP's order (sorted names).
fn pp_segment_set(lattice: Lattice, name: &str) -> Option<PieceSet> {
    use super::segment_sets as data;
    let (pieces, sets, one_sided) = match lattice {
        Lattice::Trig => (data::TRIG_PIECES, data::TRIG_SETS, data::TRIG_ONE_SIDED),
        Lattice::Twig => (data::TWIG_PIECES, data::TWIG_SETS, data::TWIG_ONE_SIDED),
        _ => return None,
    };
    if let Some((_, _, base, _)) = one_sided.iter().find(|s| s.0 == name) {
        return pp_segment_set(lattice, base).map(|s| s.one_sided());
    }
    let (_, _, names) = sets.iter().find(|s| s.0 == name)?;
    let piece = |n: &str| -> Piece {
        let (_, units) = pieces
            .iter()
            .find(|p| p.0 == n)
            .expect("every set lists known pieces");
        let cells: Vec<Cell> = units
            .iter()
            .map(|u| [u[0] as i32, u[1] as i32, u[2] as i32])
            .collect();
        Piece::new(lattice, n, &cells)
    };
    Some(PieceSet {
        name: name.to_string(),
        lattice,
        pieces: names.iter().map(|n| piece(n)).collect(),
    })
}

/// The pieces of `set` with `size` units, as a set named `name`.
fn of_size(set: PieceSet, name: &str, size: usize) -> PieceSet {
    PieceSet {
        name: name.to_string(),
        lattice: set.lattice,
        pieces: set
            .pieces
            .into_iter()
            .filter(|p| p.size() == size)
            .collect(),
    }
}

/// A polytrig or polytwig set by name: Polyform Puzzler's sets (its class
/// names in kebab case: `tritrigs`, `one-sided-polytwigs-1234`,
/// `quasi-ditrigs`, …) and the single orders `monotrig`, `ditrigs`,
/// `monotwig`, `ditwig`, `tritwigs`, `one-sided-tritwigs`. PP has no sets
/// of pentatrigs and beyond, nor of heptatwigs; [`enumerate`](super::enumerate)
/// lists those shapes without names.
pub fn segment_set(name: &str) -> Option<PieceSet> {
    let trig = |n: &str| pp_segment_set(Lattice::Trig, n);
    let twig = |n: &str| pp_segment_set(Lattice::Twig, n);
    match name {
        "monotrig" => trig("polytrigs-12").map(|s| of_size(s, name, 1)),
        "ditrigs" => trig("polytrigs-12").map(|s| of_size(s, name, 2)),
        "monotwig" => twig("polytwigs-12").map(|s| of_size(s, name, 1)),
        "ditwig" => twig("polytwigs-12").map(|s| of_size(s, name, 2)),
        "tritwigs" => twig("polytwigs-123").map(|s| of_size(s, name, 3)),
        "one-sided-tritwigs" => segment_set("tritwigs").map(|s| s.one_sided()),
        _ => trig(name).or_else(|| twig(name)),
    }
}

/// Names accepted by [`named`].
pub const SET_NAMES: &[&str] = &[
    "polyominoes-123",
    "tetrominoes",
    "one-sided-tetrominoes",
    "pentominoes",
    "one-sided-pentominoes",
    "hexiamonds",
    "trihexes",
    "tetrahexes",
    "pentahexes",
    "soma",
    "solid-pentominoes",
    "tetrasticks",
    "monotrig",
    "ditrigs",
    "polytrigs-12",
    "tritrigs",
    "one-sided-tritrigs",
    "polytrigs-23",
    "one-sided-polytrigs-23",
    "polytrigs-123",
    "one-sided-polytrigs-123",
    "tetratrigs",
    "polytrigs-1234",
    "quasi-ditrigs",
    "one-sided-quasi-ditrigs",
    "quasi-polytrigs-12",
    "one-sided-quasi-polytrigs-12",
    "monotwig",
    "ditwig",
    "polytwigs-12",
    "tritwigs",
    "one-sided-tritwigs",
    "polytwigs-123",
    "one-sided-polytwigs-123",
    "tetratwigs",
    "one-sided-tetratwigs",
    "polytwigs-1234",
    "one-sided-polytwigs-1234",
    "pentatwigs",
    "one-sided-pentatwigs",
    "polytwigs-45",
    "one-sided-polytwigs-45",
    "polytwigs-12345",
    "one-sided-polytwigs-12345",
    "hexatwigs",
    "one-sided-hexatwigs",
    "polytwigs-123456",
    "one-sided-polytwigs-123456",
    "quasi-tritwigs",
    "one-sided-quasi-tritwigs",
    "quasi-polytwigs-123",
    "one-sided-quasi-polytwigs-123",
];

/// A set by name (see [`SET_NAMES`]).
pub fn named(name: &str) -> Option<PieceSet> {
    Some(match name {
        "polyominoes-123" => polyominoes123(),
        "tetrominoes" => tetrominoes(),
        "one-sided-tetrominoes" => tetrominoes().one_sided(),
        "pentominoes" => pentominoes(),
        "one-sided-pentominoes" => pentominoes().one_sided(),
        "hexiamonds" => hexiamonds(),
        "trihexes" => trihexes(),
        "tetrahexes" => tetrahexes(),
        "pentahexes" => pentahexes(),
        "soma" => soma(),
        "solid-pentominoes" => solid_pentominoes(),
        "tetrasticks" => tetrasticks(),
        _ => return segment_set(name),
    })
}
