//! Conway's MINIMOG and Curtis's kitten: completing five of twelve points
//! into the unique hexad of the Steiner system S(5,6,12), exactly as
//! SageMath's `sage.games.hexad` does — including its quirks, which the
//! Sage-compatible strings keep and [`HexadKind::describe`] explains:
//! "line i" and "cross i"/"square i" count from 0 but "lines (a, b)" from 1,
//! and some picture labels are hard-coded ("picture 1", "picture 0",
//! "picture 6") even in the modulo 11 labeling.
//!
//! Points are `0..12` internally in both labelings; in the modulo 11
//! labeling the point 11 is written `+Infinity` (so sorting puts it last,
//! as Sage prints it).

use super::error::HexadError;
use std::fmt;

/// A set of points as a 12-bit mask.
pub type PointSet = u16;

/// The two labelings of the twelve points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Labeling {
    /// Points 0..11 (Sage's default).
    Shuffle,
    /// Points 0..10 and +Infinity.
    Modulo11,
}

impl Labeling {
    pub fn name(self) -> &'static str {
        match self {
            Labeling::Shuffle => "shuffle",
            Labeling::Modulo11 => "modulo11",
        }
    }

    /// Sage's text for a point.
    pub fn label(self, p: u8) -> String {
        match (self, p) {
            (Labeling::Modulo11, 11) => "+Infinity".to_string(),
            _ => p.to_string(),
        }
    }

    /// Read a point: a number, or `inf`/`infinity`/`+Infinity` in modulo 11.
    pub fn parse_point(self, text: &str) -> Result<u8, HexadError> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if matches!(
            lower.as_str(),
            "inf" | "+inf" | "infinity" | "+infinity" | "oo" | "∞"
        ) {
            return match self {
                Labeling::Modulo11 => Ok(11),
                Labeling::Shuffle => Err(HexadError::InfinityInShuffle(t.to_owned())),
            };
        }
        let v: u8 = t.parse().map_err(|_| HexadError::PointText {
            text: t.to_owned(),
            labeling: self,
        })?;
        if v > self.max_point() {
            return Err(HexadError::PointRange {
                value: v,
                labeling: self,
            });
        }
        Ok(v)
    }

    /// The largest point that is a number.
    pub(super) fn max_point(self) -> u8 {
        match self {
            Labeling::Shuffle => 11,
            Labeling::Modulo11 => 10,
        }
    }

    pub(super) fn hint(self) -> &'static str {
        match self {
            Labeling::Shuffle => "",
            Labeling::Modulo11 => " and inf",
        }
    }
}

impl std::str::FromStr for Labeling {
    type Err = HexadError;

    fn from_str(s: &str) -> Result<Labeling, HexadError> {
        match s.trim() {
            "shuffle" => Ok(Labeling::Shuffle),
            "modulo11" => Ok(Labeling::Modulo11),
            other => Err(HexadError::UnknownLabeling(other.to_owned())),
        }
    }
}

/// Cells (row, col) of a 3×3 picture as 9-bit masks (bit 3·row + col).
const fn cells(list: &[(u8, u8)]) -> u16 {
    let mut m = 0u16;
    let mut i = 0;
    while i < list.len() {
        m |= 1 << (list[i].0 * 3 + list[i].1);
        i += 1;
    }
    m
}

/// Sage's `M.line`: the 12 lines of AG(2,3), in Sage's order.
pub const LINES: [u16; 12] = [
    cells(&[(0, 0), (0, 1), (0, 2)]),
    cells(&[(1, 0), (1, 1), (1, 2)]),
    cells(&[(2, 0), (2, 1), (2, 2)]),
    cells(&[(0, 2), (1, 2), (2, 2)]),
    cells(&[(0, 1), (1, 1), (2, 1)]),
    cells(&[(0, 0), (1, 0), (2, 0)]),
    cells(&[(0, 0), (1, 1), (2, 2)]),
    cells(&[(2, 0), (0, 1), (1, 2)]),
    cells(&[(0, 2), (1, 0), (2, 1)]),
    cells(&[(2, 0), (1, 1), (0, 2)]),
    cells(&[(0, 0), (1, 2), (2, 1)]),
    cells(&[(1, 0), (0, 1), (2, 2)]),
];

/// Sage's `M.cross`: 18 sets of 5 cells, in Sage's order.
pub const CROSSES: [u16; 18] = [
    cells(&[(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]),
    cells(&[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]),
    cells(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    cells(&[(2, 0), (2, 1), (2, 2), (0, 2), (1, 2)]),
    cells(&[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    cells(&[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)]),
    cells(&[(1, 0), (1, 1), (1, 2), (0, 2), (2, 2)]),
    cells(&[(0, 1), (1, 1), (2, 1), (2, 0), (2, 2)]),
    cells(&[(0, 0), (0, 1), (1, 0), (1, 1), (2, 2)]),
    cells(&[(0, 0), (1, 1), (1, 2), (2, 1), (2, 2)]),
    cells(&[(2, 0), (2, 1), (1, 0), (1, 1), (0, 2)]),
    cells(&[(0, 1), (0, 2), (1, 1), (1, 2), (2, 0)]),
    cells(&[(0, 0), (1, 0), (0, 2), (1, 2), (2, 1)]),
    cells(&[(1, 0), (0, 1), (0, 2), (2, 1), (2, 2)]),
    cells(&[(0, 1), (1, 0), (1, 2), (2, 0), (2, 2)]),
    cells(&[(0, 0), (0, 1), (1, 2), (2, 0), (2, 1)]),
    cells(&[(1, 0), (1, 1), (1, 2), (0, 1), (2, 1)]),
    cells(&[(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)]),
];

/// Sage's `M.square[i]` = the box minus `M.cross[i]` (4 cells).
pub fn square(i: usize) -> u16 {
    0x1ff & !CROSSES[i]
}

/// Sage's parallel line pairs for type-1 hexads, 1-based as Sage prints them.
const LINE_PAIRS: [(usize, usize); 12] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (4, 5),
    (4, 6),
    (5, 6),
    (7, 8),
    (7, 9),
    (8, 9),
    (10, 11),
    (10, 12),
    (11, 12),
];

/// Sage's `view_list`: the 3×3 0/1 matrix of a cell set, as Sage prints it.
pub fn view_list(cell_set: u16) -> String {
    (0..3)
        .map(|r| {
            let row: Vec<&str> = (0..3)
                .map(|c| {
                    if cell_set >> (r * 3 + c) & 1 == 1 {
                        "1"
                    } else {
                        "0"
                    }
                })
                .collect();
            format!("[{}]", row.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Which of Sage's four hexad types, with the picture and shape index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexadKind {
    /// The three points at infinity ∪ a line (0-based `line`).
    Line { line: usize, picture: Picture },
    /// Two parallel lines of one picture (`pair` is Sage's 1-based pair).
    Lines {
        pair: (usize, usize),
        picture: Picture,
    },
    /// One point at infinity ∪ a cross of its picture.
    Cross { cross: usize, picture: Picture },
    /// Two points at infinity ∪ a square of the omitted point's picture.
    Square { square: usize, picture: Picture },
}

/// One of the three pictures, named by the MINIMOG cell of its point at
/// infinity: `P00` ↔ A[0][0], `P21` ↔ A[2][1], `P02` ↔ A[0][2]
/// (Sage's `picture00`, `picture02`, `picture21` respectively).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Picture {
    P00,
    P21,
    P02,
}

/// A completed hexad: its six points and how Sage found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hexad {
    pub points: PointSet,
    pub kind: HexadKind,
    /// Sage's two description strings, e.g. `["square 2", "picture 6"]`.
    pub what: [String; 2],
}

impl HexadKind {
    /// Sage's type number 0..3.
    pub fn type_number(&self) -> u8 {
        match self {
            HexadKind::Line { .. } => 0,
            HexadKind::Lines { .. } => 1,
            HexadKind::Cross { .. } => 2,
            HexadKind::Square { .. } => 3,
        }
    }
}

/// The MINIMOG of one labeling with its pictures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimog {
    labeling: Labeling,
    /// The 3×4 table A (internal points 0..11).
    table: [[u8; 4]; 3],
    picture00: [[u8; 3]; 3],
    picture02: [[u8; 3]; 3],
    picture21: [[u8; 3]; 3],
}

impl Minimog {
    pub fn new(labeling: Labeling) -> Minimog {
        let table = match labeling {
            Labeling::Shuffle => [[6, 3, 0, 9], [5, 2, 7, 10], [4, 1, 8, 11]],
            Labeling::Modulo11 => [[0, 3, 11, 2], [5, 9, 8, 10], [4, 1, 6, 7]],
        };
        let a = |r: usize, c: usize| table[r][c];
        Minimog {
            labeling,
            table,
            picture00: [
                [a(1, 0), a(2, 3), a(0, 1)],
                [a(2, 2), a(1, 1), a(2, 0)],
                [a(0, 3), a(1, 3), a(1, 2)],
            ],
            picture02: [
                [a(1, 0), a(2, 3), a(0, 1)],
                [a(1, 1), a(2, 0), a(2, 2)],
                [a(1, 2), a(0, 3), a(1, 3)],
            ],
            picture21: [
                [a(2, 2), a(1, 3), a(0, 1)],
                [a(0, 3), a(2, 3), a(2, 0)],
                [a(1, 0), a(1, 1), a(1, 2)],
            ],
        }
    }

    pub fn labeling(&self) -> Labeling {
        self.labeling
    }

    /// The 3×4 MINIMOG table.
    pub fn table(&self) -> [[u8; 4]; 3] {
        self.table
    }

    /// The point at infinity of a picture and the picture's 3×3 points.
    pub fn picture(&self, p: Picture) -> (u8, [[u8; 3]; 3]) {
        match p {
            Picture::P00 => (self.table[0][0], self.picture00),
            Picture::P21 => (self.table[2][1], self.picture02),
            Picture::P02 => (self.table[0][2], self.picture21),
        }
    }

    /// The three points at infinity {A[0][2], A[2][1], A[0][0]}.
    pub fn infinity(&self) -> [u8; 3] {
        [self.table[0][2], self.table[2][1], self.table[0][0]]
    }

    fn inf_set(&self) -> PointSet {
        self.infinity().iter().fold(0, |m, &p| m | 1 << p)
    }

    /// Sage's `picture_set`: the points of a picture at a set of cells.
    pub fn picture_set(&self, p: Picture, cell_set: u16) -> PointSet {
        let (_, pic) = self.picture(p);
        let mut m = 0;
        for (i, row) in pic.iter().enumerate() {
            for (j, &pt) in row.iter().enumerate() {
                if cell_set >> (i * 3 + j) & 1 == 1 {
                    m |= 1 << pt;
                }
            }
        }
        m
    }

    /// Sage's label of a picture in type-2/3 descriptions.
    fn picture_label(&self, p: Picture) -> String {
        self.labeling.label(self.picture(p).0)
    }

    fn hexad(&self, points: PointSet, kind: HexadKind, what: [String; 2]) -> Hexad {
        Hexad { points, kind, what }
    }

    /// Sage's `find_hexad0`: two finite points → the three points at
    /// infinity ∪ a line (labels "picture 1/0/6" hard-coded, as in Sage).
    pub fn find_hexad0(&self, pts: PointSet) -> Option<Hexad> {
        let inf = self.inf_set();
        for (i, &line) in LINES.iter().enumerate() {
            for (p, label) in [
                (Picture::P21, "1"),
                (Picture::P02, "0"),
                (Picture::P00, "6"),
            ] {
                let set = self.picture_set(p, line);
                if pts & !set == 0 {
                    return Some(self.hexad(
                        inf | set,
                        HexadKind::Line {
                            line: i,
                            picture: p,
                        },
                        [format!("line {i}"), format!("picture {label}")],
                    ));
                }
            }
        }
        None
    }

    /// Sage's `find_hexad1`: five finite points → two parallel lines.
    pub fn find_hexad1(&self, pts: PointSet) -> Option<Hexad> {
        for &(a, b) in &LINE_PAIRS {
            let cells = LINES[a - 1] | LINES[b - 1];
            for (p, label) in [
                (Picture::P21, "1"),
                (Picture::P02, "0"),
                (Picture::P00, "6"),
            ] {
                let set = self.picture_set(p, cells);
                if pts & !set == 0 {
                    return Some(self.hexad(
                        set,
                        HexadKind::Lines {
                            pair: (a, b),
                            picture: p,
                        },
                        [format!("lines ({a}, {b})"), format!("picture {label}")],
                    ));
                }
            }
        }
        None
    }

    /// Sage's `find_hexad2`: four finite points and a point at infinity →
    /// that point ∪ a cross of its picture.
    pub fn find_hexad2(&self, pts: PointSet, x0: u8) -> Option<Hexad> {
        let [a02, a21, a00] = self.infinity();
        for (i, &cross) in CROSSES.iter().enumerate() {
            let tries = [
                (a21, Picture::P21, "1".to_string()),
                (a02, Picture::P02, self.picture_label(Picture::P02)),
                (a00, Picture::P00, "6".to_string()),
            ];
            for (point, p, label) in tries {
                if x0 != point {
                    continue;
                }
                let set = self.picture_set(p, cross);
                if pts & !set == 0 {
                    return Some(self.hexad(
                        set | 1 << x0,
                        HexadKind::Cross {
                            cross: i,
                            picture: p,
                        },
                        [format!("cross {i}"), format!("picture {label}")],
                    ));
                }
            }
        }
        None
    }

    /// Sage's `find_hexad3`: three finite points and two points at infinity
    /// → those two ∪ a square of the omitted point's picture.
    pub fn find_hexad3(&self, pts: PointSet, x0: u8, x1: u8) -> Option<Hexad> {
        let [a02, a21, a00] = self.infinity();
        for i in 0..18 {
            for (point, p) in [
                (a02, Picture::P02),
                (a21, Picture::P21),
                (a00, Picture::P00),
            ] {
                if point == x0 || point == x1 {
                    continue;
                }
                let set = self.picture_set(p, square(i));
                if pts & !set == 0 {
                    return Some(self.hexad(
                        set | 1 << x0 | 1 << x1,
                        HexadKind::Square {
                            square: i,
                            picture: p,
                        },
                        [
                            format!("square {i}"),
                            format!("picture {}", self.picture_label(p)),
                        ],
                    ));
                }
            }
        }
        None
    }

    /// Sage's `find_hexad`: the hexad through five distinct points.
    pub fn find_hexad(&self, points: &[u8]) -> Result<Hexad, HexadError> {
        let mut pts: PointSet = 0;
        for &p in points {
            if p > 11 {
                return Err(HexadError::NotAPoint(p));
            }
            if pts >> p & 1 == 1 {
                return Err(HexadError::RepeatedPoint(self.labeling.label(p)));
            }
            pts |= 1 << p;
        }
        if points.len() != 5 {
            return Err(HexadError::PointCount(points.len()));
        }
        let [a02, a21, a00] = self.infinity();
        let inf = self.inf_set();
        let l2 = pts & inf;
        let found = match l2.count_ones() {
            3 => self.find_hexad0(pts & !inf),
            2 => [(a02, a21), (a21, a00), (a02, a00)]
                .into_iter()
                .find(|&(x, y)| l2 == (1 << x | 1 << y))
                .and_then(|(x, y)| {
                    self.find_hexad3(pts & !(1 << x | 1 << y), x, y)
                        .or_else(|| self.find_hexad0(pts & !l2))
                }),
            1 => {
                let x0 = l2.trailing_zeros() as u8;
                let rest = pts & !l2;
                self.find_hexad2(rest, x0).or_else(|| {
                    let pairs = if x0 == a21 {
                        [(a00, a21), (a02, a21)]
                    } else if x0 == a00 {
                        [(a00, a21), (a00, a02)]
                    } else {
                        [(a00, a02), (a21, a02)]
                    };
                    pairs
                        .into_iter()
                        .find_map(|(x, y)| self.find_hexad3(rest, x, y))
                })
            }
            _ => (0..12u8)
                .filter(|&i| pts >> i & 1 == 1)
                .find_map(|i| {
                    self.infinity()
                        .into_iter()
                        .filter_map(|j| self.find_hexad2(pts & !(1 << i), j))
                        .find(|h| h.points >> i & 1 == 1)
                })
                .or_else(|| self.find_hexad1(pts)),
        };
        found.ok_or(HexadError::NoHexad)
    }

    /// Sage's list text of a point set: ascending, `+Infinity` last.
    pub fn format_points(&self, set: PointSet) -> String {
        let items: Vec<String> = (0..12u8)
            .filter(|&p| set >> p & 1 == 1)
            .map(|p| self.labeling.label(p))
            .collect();
        format!("[{}]", items.join(", "))
    }

    /// Sage's printed result, e.g. `([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])`.
    pub fn format_hexad(&self, h: &Hexad) -> String {
        format!(
            "({}, ['{}', '{}'])",
            self.format_points(h.points),
            h.what[0],
            h.what[1]
        )
    }

    /// Sage's `print_kitten` output, exactly (with the final newline).
    pub fn kitten(&self) -> String {
        let a = |r: usize, c: usize| self.labeling.label(self.table[r][c]);
        format!(
            "         {}\n           \n         {}\n       {}  {}\n      {}  {}  {}\n     {}  {}  {}  {}\n   {}  {}  {}  {}  {}\n           \n{}                   {}\n",
            a(0, 2),
            a(2, 2),
            a(0, 3),
            a(1, 3),
            a(1, 0),
            a(2, 3),
            a(0, 1),
            a(2, 2),
            a(1, 1),
            a(2, 0),
            a(2, 2),
            a(0, 3),
            a(1, 3),
            a(1, 2),
            a(0, 3),
            a(1, 3),
            a(0, 0),
            a(2, 1)
        )
    }

    /// All 132 hexads with Sage's descriptions, sorted by point set.
    pub fn all_hexads(&self) -> Vec<Hexad> {
        let mut seen = std::collections::BTreeMap::new();
        for mask in 0u16..(1 << 12) {
            if mask.count_ones() != 5 {
                continue;
            }
            let pts: Vec<u8> = (0..12).filter(|&p| mask >> p & 1 == 1).collect();
            let h = self.find_hexad(&pts).expect("every 5-set lies in a hexad");
            seen.entry(h.points).or_insert(h);
        }
        let mut v: Vec<Hexad> = seen.into_values().collect();
        v.sort_by_key(|h| {
            (0..12u8)
                .filter(|&p| h.points >> p & 1 == 1)
                .collect::<Vec<_>>()
        });
        v
    }
}

impl fmt::Display for Minimog {
    /// Sage's `str(M)`: the table with every entry padded to the widest.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let labels: Vec<Vec<String>> = self
            .table
            .iter()
            .map(|r| r.iter().map(|&p| self.labeling.label(p)).collect())
            .collect();
        let w = labels.iter().flatten().map(String::len).max().unwrap_or(1);
        let rows: Vec<String> = labels
            .iter()
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|l| format!("{l:>w$}")).collect();
                format!("[{}]", cells.join(" "))
            })
            .collect();
        write!(
            f,
            "Minimog of type {} associated to\n {}",
            self.labeling.name(),
            rows.join("\n")
        )
    }
}

impl Hexad {
    /// A sentence for people, e.g. "two points at infinity (0 and 1) ∪
    /// square 2 of the picture at 6".
    pub fn describe(&self, m: &Minimog) -> String {
        let pic = |p: Picture| m.labeling.label(m.picture(p).0);
        match self.kind {
            HexadKind::Line { line, picture } => format!(
                "type 0: the three points at infinity ∪ line {line} of the picture at {}",
                pic(picture)
            ),
            HexadKind::Lines { pair, picture } => format!(
                "type 1: two parallel lines ({} and {}, counted from 0) of the picture at {}",
                pair.0 - 1,
                pair.1 - 1,
                pic(picture)
            ),
            HexadKind::Cross { cross, picture } => format!(
                "type 2: the point at infinity {} ∪ cross {cross} of its picture",
                pic(picture)
            ),
            HexadKind::Square { square, picture } => {
                let others: Vec<String> = m
                    .infinity()
                    .into_iter()
                    .filter(|&x| x != m.picture(picture).0)
                    .map(|x| m.labeling.label(x))
                    .collect();
                format!(
                    "type 3: two points at infinity ({}) ∪ square {square} of the picture at {}",
                    others.join(" and "),
                    pic(picture)
                )
            }
        }
    }
}
