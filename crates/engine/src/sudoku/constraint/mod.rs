//! Variant Sudoku with drawn constraints (killer cages, thermometers,
//! arrows, Kropki dots, lines, global rules) as data: a [`Puzzle`] is a grid
//! of `n` symbols (4..=16) with its regions, its givens and any number of
//! [`Constraint`]s. The model is checked when built ([`Puzzle::new`]), so a
//! bad puzzle is reported in players' words before any search; [`check`]
//! tests a filled grid against the definitions alone, [`text`] reads and
//! writes a puzzle one constraint per line, and [`solve`] counts and solves
//! by propagation over candidate masks (bit `d-1` for digit `d`).

pub mod check;
pub mod minizinc;
pub mod random;
pub mod solve;
pub mod text;

use super::grid::cell_name;
use super::shape::Shape;
use super::variant::RegionMap;
use std::fmt;

pub use check::{check, Violation};
pub use solve::{count, solve, true_candidates, ConstraintSearch};

/// The smallest and largest number of symbols a constrained puzzle has.
pub const MIN_SIZE: usize = 4;
pub const MAX_SIZE: usize = 16;

/// The grid's regions (the third kind of unit beside rows and columns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Regions {
    /// Rectangular boxes.
    Boxes(Shape),
    /// Irregular regions (a jigsaw's map).
    Map(RegionMap),
}

impl Regions {
    /// The number of symbols.
    pub fn size(&self) -> usize {
        match self {
            Regions::Boxes(shape) => shape.size(),
            Regions::Map(map) => map.size(),
        }
    }

    /// The region of each cell, row-major, numbered from 0.
    pub fn region_of(&self) -> Vec<usize> {
        let n = self.size();
        match self {
            Regions::Boxes(shape) => (0..n * n).map(|i| shape.box_of(i / n, i % n)).collect(),
            Regions::Map(map) => {
                let mut out = vec![0; n * n];
                for (k, (_, cells)) in map.regions().into_iter().enumerate() {
                    for c in cells {
                        out[c] = k;
                    }
                }
                out
            }
        }
    }
}

/// Which Kropki dot: white joins consecutive digits, black a digit and its
/// double.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dot {
    White,
    Black,
}

/// Which XV mark: X joins digits summing to 10, V digits summing to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Xv {
    X,
    V,
}

impl Xv {
    /// The sum the mark stands for.
    pub fn sum(self) -> u32 {
        match self {
            Xv::X => 10,
            Xv::V => 5,
        }
    }
}

/// A row or a column, numbered from 0: where a sandwich clue stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowOrColumn {
    Row(usize),
    Column(usize),
}

impl RowOrColumn {
    /// Its cells in reading order.
    pub fn cells(self, n: usize) -> Vec<usize> {
        match self {
            RowOrColumn::Row(r) => (0..n).map(|c| r * n + c).collect(),
            RowOrColumn::Column(c) => (0..n).map(|r| r * n + c).collect(),
        }
    }
}

/// One of the two main diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// r1c1 to rncn (↘).
    Main,
    /// r1cn to rnc1 (↙).
    Anti,
}

impl Diagonal {
    /// Its cells from the top row down.
    pub fn cells(self, n: usize) -> Vec<usize> {
        match self {
            Diagonal::Main => (0..n).map(|r| r * n + r).collect(),
            Diagonal::Anti => (0..n).map(|r| r * n + (n - 1 - r)).collect(),
        }
    }
}

/// One rule of a puzzle beyond rows, columns and regions. Cells are
/// row-major indices; lines list their cells in drawing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// No digit repeats in the cage; with a sum, the digits add up to it.
    Killer {
        cells: Vec<usize>,
        sum: Option<u32>,
    },
    /// Digits strictly increase from the bulb (the first cell).
    Thermo(Vec<usize>),
    /// The circle's 1–3 cells, read as a number in order, equal the sum of
    /// the path's digits (which may repeat).
    Arrow {
        circle: Vec<usize>,
        path: Vec<usize>,
    },
    /// Two orthogonal neighbours joined by a Kropki dot.
    Kropki {
        dot: Dot,
        cells: [usize; 2],
    },
    /// Every Kropki dot is given: no unmarked orthogonal pair is
    /// consecutive or in ratio 2.
    NegativeKropki,
    /// Two orthogonal neighbours joined by an X or a V.
    Xv {
        mark: Xv,
        cells: [usize; 2],
    },
    /// Every X and V is given: no unmarked orthogonal pair sums to 5 or 10.
    NegativeXv,
    /// The digits strictly between 1 and n on the line add up to `sum`.
    Sandwich {
        line: RowOrColumn,
        sum: u32,
    },
    /// The digits on a diagonal (outside clue) add up to `sum`; they may
    /// repeat.
    LittleKiller {
        cells: Vec<usize>,
        sum: u32,
    },
    /// Neighbours on the line differ by at least ⌈n/2⌉ (5 on 9×9).
    Whisper(Vec<usize>),
    /// The line's digits are a set of consecutive digits, in any order.
    Renban(Vec<usize>),
    /// The line reads the same from both ends.
    Palindrome(Vec<usize>),
    /// The line's pieces in each region it passes through have equal sums.
    RegionSum(Vec<usize>),
    /// Every cell strictly inside the line lies strictly between its ends.
    Between(Vec<usize>),
    Odd(usize),
    Even(usize),
    /// Cells a knight's move apart never hold the same digit.
    AntiKnight,
    /// Cells a king's move apart never hold the same digit.
    AntiKing,
    /// Orthogonal neighbours never hold consecutive digits.
    NonConsecutive,
    /// A main diagonal holds every digit once (X Sudoku has both).
    Diagonal(Diagonal),
    /// An extra unit of n cells holding every digit once (windoku,
    /// disjoint groups).
    Region(Vec<usize>),
}

impl Constraint {
    /// What players call it, with where it starts: "killer cage at r1c1".
    pub fn describe(&self, n: usize) -> String {
        let at = |cells: &[usize]| {
            cells
                .first()
                .map_or(String::new(), |&c| format!(" at {}", cell_name(c, n)))
        };
        match self {
            Constraint::Killer { cells, sum } => match sum {
                Some(s) => format!("killer cage {s}{}", at(cells)),
                None => format!("killer cage{}", at(cells)),
            },
            Constraint::Thermo(cells) => format!("thermometer{}", at(cells)),
            Constraint::Arrow { circle, .. } => format!("arrow{}", at(circle)),
            Constraint::Kropki { dot, cells } => format!(
                "{} dot between {} and {}",
                match dot {
                    Dot::White => "white",
                    Dot::Black => "black",
                },
                cell_name(cells[0], n),
                cell_name(cells[1], n)
            ),
            Constraint::NegativeKropki => "the rule that all Kropki dots are given".into(),
            Constraint::Xv { mark, cells } => format!(
                "{} between {} and {}",
                match mark {
                    Xv::X => "X",
                    Xv::V => "V",
                },
                cell_name(cells[0], n),
                cell_name(cells[1], n)
            ),
            Constraint::NegativeXv => "the rule that all XV marks are given".into(),
            Constraint::Sandwich { line, sum } => match line {
                RowOrColumn::Row(r) => format!("sandwich {sum} on row {}", r + 1),
                RowOrColumn::Column(c) => format!("sandwich {sum} on column {}", c + 1),
            },
            Constraint::LittleKiller { cells, sum } => format!("little killer {sum}{}", at(cells)),
            Constraint::Whisper(cells) => format!("whisper line{}", at(cells)),
            Constraint::Renban(cells) => format!("renban line{}", at(cells)),
            Constraint::Palindrome(cells) => format!("palindrome line{}", at(cells)),
            Constraint::RegionSum(cells) => format!("region-sum line{}", at(cells)),
            Constraint::Between(cells) => format!("between line{}", at(cells)),
            Constraint::Odd(c) => format!("odd cell {}", cell_name(*c, n)),
            Constraint::Even(c) => format!("even cell {}", cell_name(*c, n)),
            Constraint::AntiKnight => "anti-knight".into(),
            Constraint::AntiKing => "anti-king".into(),
            Constraint::NonConsecutive => "non-consecutive".into(),
            Constraint::Diagonal(Diagonal::Main) => "main diagonal".into(),
            Constraint::Diagonal(Diagonal::Anti) => "anti-diagonal".into(),
            Constraint::Region(cells) => format!("extra region{}", at(cells)),
        }
    }
}

/// A variant Sudoku: grid, regions, givens, constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    regions: Regions,
    givens: Vec<u8>,
    constraints: Vec<Constraint>,
}

/// Anything wrong with a puzzle, in players' words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstraintError {
    /// The grid is too small or too large.
    Size(usize),
    /// The region map's size differs from the grid's.
    RegionSize { map: usize, grid: usize },
    /// Not one given per cell.
    Givens { found: usize, expected: usize },
    /// A given above n.
    Given { cell: String, value: u8, n: usize },
    /// Constraint number `index` (from 0) breaks the rules of its kind.
    Constraint {
        index: usize,
        what: String,
        problem: String,
    },
    /// A line of the text form could not be read (`line` from 1).
    Text {
        line: usize,
        token: String,
        problem: String,
    },
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintError::Size(n) => write!(
                f,
                "a {n}x{n} grid is not supported: constrained puzzles are {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}"
            ),
            ConstraintError::RegionSize { map, grid } => write!(
                f,
                "the region map is for a {map}x{map} grid, but the grid is {grid}x{grid}"
            ),
            ConstraintError::Givens { found, expected } => write!(
                f,
                "the givens have {found} cells, but the grid has {expected}"
            ),
            ConstraintError::Given { cell, value, n } => {
                write!(f, "{cell} holds {value}, but the digits go from 1 to {n}")
            }
            ConstraintError::Constraint { what, problem, .. } => write!(f, "the {what} {problem}"),
            ConstraintError::Text {
                line,
                token,
                problem,
            } => {
                if token.is_empty() {
                    write!(f, "line {line}: {problem}")
                } else {
                    write!(f, "line {line}, at '{token}': {problem}")
                }
            }
        }
    }
}

impl std::error::Error for ConstraintError {}

/// Are two cells orthogonal neighbours?
pub(crate) fn orthogonal(a: usize, b: usize, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// Are two cells a king's move apart (orthogonal or diagonal neighbours)?
pub(crate) fn touching(a: usize, b: usize, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
}

impl Puzzle {
    /// A checked puzzle: every cell in the grid, every pair a pair of
    /// neighbours, every line connected, every number in reach.
    pub fn new(
        regions: Regions,
        givens: Vec<u8>,
        constraints: Vec<Constraint>,
    ) -> Result<Puzzle, ConstraintError> {
        let n = regions.size();
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(ConstraintError::Size(n));
        }
        if givens.len() != n * n {
            return Err(ConstraintError::Givens {
                found: givens.len(),
                expected: n * n,
            });
        }
        if let Some((i, &v)) = givens.iter().enumerate().find(|(_, &v)| v as usize > n) {
            return Err(ConstraintError::Given {
                cell: cell_name(i, n),
                value: v,
                n,
            });
        }
        for (index, c) in constraints.iter().enumerate() {
            validate(c, n).map_err(|problem| ConstraintError::Constraint {
                index,
                what: c.describe(n),
                problem,
            })?;
        }
        Ok(Puzzle {
            regions,
            givens,
            constraints,
        })
    }

    /// An empty standard grid of `shape` with these constraints.
    pub fn with_boxes(
        shape: Shape,
        constraints: Vec<Constraint>,
    ) -> Result<Puzzle, ConstraintError> {
        Puzzle::new(Regions::Boxes(shape), vec![0; shape.cells()], constraints)
    }

    pub fn size(&self) -> usize {
        self.regions.size()
    }

    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The same puzzle with other givens (checked as [`Puzzle::new`] does).
    pub fn with_givens(&self, givens: Vec<u8>) -> Result<Puzzle, ConstraintError> {
        Puzzle::new(self.regions.clone(), givens, self.constraints.clone())
    }
}

/// What is wrong with one constraint on an `n × n` grid, if anything.
fn validate(c: &Constraint, n: usize) -> Result<(), String> {
    let cells = n * n;
    let max_digit = n as u32;
    let in_grid = |list: &[usize]| -> Result<(), String> {
        if let Some(&c) = list.iter().find(|&&c| c >= cells) {
            return Err(format!(
                "has a cell outside the grid (number {c}, the grid has {cells})"
            ));
        }
        Ok(())
    };
    let distinct = |list: &[usize]| -> Result<(), String> {
        for (i, a) in list.iter().enumerate() {
            if list[..i].contains(a) {
                return Err(format!("visits {} twice", cell_name(*a, n)));
            }
        }
        Ok(())
    };
    let connected = |list: &[usize], least: usize| -> Result<(), String> {
        in_grid(list)?;
        distinct(list)?;
        if list.len() < least {
            return Err(format!(
                "has {} cell{}, but needs at least {least}",
                list.len(),
                if list.len() == 1 { "" } else { "s" }
            ));
        }
        for w in list.windows(2) {
            if !touching(w[0], w[1], n) {
                return Err(format!(
                    "jumps from {} to {}, which do not touch",
                    cell_name(w[0], n),
                    cell_name(w[1], n)
                ));
            }
        }
        Ok(())
    };
    let pair = |p: &[usize; 2]| -> Result<(), String> {
        in_grid(p)?;
        if !orthogonal(p[0], p[1], n) {
            return Err(format!(
                "joins {} and {}, which are not side by side",
                cell_name(p[0], n),
                cell_name(p[1], n)
            ));
        }
        Ok(())
    };
    match c {
        Constraint::Killer { cells: list, sum } => {
            in_grid(list)?;
            distinct(list)?;
            if list.is_empty() || list.len() > n {
                return Err(format!(
                    "has {} cells, but a cage holds 1 to {n} different digits",
                    list.len()
                ));
            }
            if let Some(s) = *sum {
                let k = list.len() as u32;
                let least = k * (k + 1) / 2;
                let most = k * (2 * max_digit - k + 1) / 2;
                if !(least..=most).contains(&s) {
                    return Err(format!(
                        "cannot add up to {s}: {k} different digits make {least} to {most}"
                    ));
                }
            }
            Ok(())
        }
        Constraint::Thermo(list) => {
            connected(list, 2)?;
            if list.len() > n {
                return Err(format!(
                    "has {} cells, but only {n} digits can increase along it",
                    list.len()
                ));
            }
            Ok(())
        }
        Constraint::Arrow { circle, path } => {
            connected(circle, 1)?;
            if circle.len() > 3 {
                return Err(format!(
                    "has a circle of {} cells, but a circle holds 1 to 3",
                    circle.len()
                ));
            }
            connected(path, 1)?;
            if let Some(&c) = path.iter().find(|c| circle.contains(c)) {
                return Err(format!(
                    "runs through its own circle at {}",
                    cell_name(c, n)
                ));
            }
            if !circle.iter().any(|&c| touching(c, path[0], n)) {
                return Err(format!(
                    "starts at {}, which does not touch the circle",
                    cell_name(path[0], n)
                ));
            }
            Ok(())
        }
        Constraint::Kropki { cells: p, .. } | Constraint::Xv { cells: p, .. } => pair(p),
        Constraint::Sandwich { line, sum } => {
            let i = match line {
                RowOrColumn::Row(i) | RowOrColumn::Column(i) => *i,
            };
            if i >= n {
                return Err(format!("is off the grid: there are {n} rows and columns"));
            }
            let most: u32 = (2..max_digit).sum();
            if *sum > most {
                return Err(format!(
                    "cannot be reached: the digits between 1 and {n} add up to at most {most}"
                ));
            }
            Ok(())
        }
        Constraint::LittleKiller { cells: list, sum } => {
            in_grid(list)?;
            distinct(list)?;
            if list.is_empty() {
                return Err("has no cells".into());
            }
            let step = |a: usize, b: usize| (b / n) as i64 - (a / n) as i64;
            for w in list.windows(2) {
                let (dr, dc) = (step(w[0], w[1]), (w[1] % n) as i64 - (w[0] % n) as i64);
                if dr.abs() != 1 || dc.abs() != 1 {
                    return Err(format!(
                        "goes from {} to {}, which is not one diagonal step",
                        cell_name(w[0], n),
                        cell_name(w[1], n)
                    ));
                }
            }
            let k = list.len() as u32;
            if *sum < k || *sum > k * max_digit {
                return Err(format!(
                    "cannot add up to {sum}: {k} digits make {k} to {}",
                    k * max_digit
                ));
            }
            Ok(())
        }
        Constraint::Whisper(list) | Constraint::Palindrome(list) | Constraint::RegionSum(list) => {
            connected(list, 2)
        }
        Constraint::Renban(list) => {
            connected(list, 2)?;
            if list.len() > n {
                return Err(format!(
                    "has {} cells, but only {n} digits are consecutive",
                    list.len()
                ));
            }
            Ok(())
        }
        Constraint::Between(list) => connected(list, 3),
        Constraint::Odd(c) | Constraint::Even(c) => in_grid(&[*c]),
        Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::NegativeKropki
        | Constraint::NegativeXv
        | Constraint::Diagonal(_) => Ok(()),
        Constraint::Region(list) => {
            in_grid(list)?;
            distinct(list)?;
            if list.len() != n {
                return Err(format!(
                    "has {} cells, but an extra region holds each of the {n} digits once",
                    list.len()
                ));
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_constraints_are_named_in_players_words() {
        let nine = Shape::NINE;
        let e = Puzzle::with_boxes(nine, vec![Constraint::Thermo(vec![0, 2])]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the thermometer at r1c1 jumps from r1c1 to r1c3, which do not touch"
        );
        let e = Puzzle::with_boxes(
            nine,
            vec![Constraint::Killer {
                cells: vec![0, 1],
                sum: Some(18),
            }],
        )
        .unwrap_err();
        assert!(e.to_string().contains("cannot add up to 18"), "{e}");
        let e = Puzzle::with_boxes(
            nine,
            vec![Constraint::Kropki {
                dot: Dot::White,
                cells: [0, 10],
            }],
        )
        .unwrap_err();
        assert!(e.to_string().contains("not side by side"), "{e}");
        assert!(matches!(
            Puzzle::with_boxes(Shape::new(1, 3).unwrap(), vec![]),
            Err(ConstraintError::Size(3))
        ));
        let e = Puzzle::with_boxes(
            nine,
            vec![Constraint::Arrow {
                circle: vec![0],
                path: vec![20],
            }],
        )
        .unwrap_err();
        assert!(e.to_string().contains("does not touch the circle"), "{e}");
    }
}
