//! Grid geometry: boxes of `box_rows × box_cols`, `n = box_rows · box_cols`
//! symbols, an `n × n` grid. Sage only knows square boxes; rectangles such as
//! 2×3 (6×6 grid) and 3×4 (12×12) are first-class here.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest supported number of symbols. Sage's list and matrix forms
/// have no limit, its string form stops at 36 (see [`STRING_MAX_SIZE`]); our
/// solvers use 64-bit candidate masks, so 64 symbols (8×8 boxes) is the cap.
pub const MAX_SIZE: usize = 64;

/// The largest size the string form can write (`1-9`, then `a` = 10 …).
pub const STRING_MAX_SIZE: usize = 36;

/// The grid shapes the app and the CLI offer by name, in menu order:
/// (label, box rows, box columns). One table, so the editor's size menu,
/// the importer's guesses for rectangular boxes and the docs agree.
pub const OFFERED: &[(&str, usize, usize)] = &[
    ("4×4 (2×2 boxes)", 2, 2),
    ("6×6 (2×3 boxes)", 2, 3),
    ("6×6 (3×2 boxes)", 3, 2),
    ("9×9 (3×3 boxes)", 3, 3),
    ("12×12 (3×4 boxes)", 3, 4),
    ("12×12 (4×3 boxes)", 4, 3),
    ("16×16 (4×4 boxes)", 4, 4),
    ("25×25 (5×5 boxes)", 5, 5),
];

/// Box dimensions of a Sudoku grid.
///
/// Deserialised through [`Shape::new`] (a job's params come from the page):
/// `{"box_rows": 4294967296, …}` is an error, not an overflowing size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ShapeFields")]
pub struct Shape {
    /// Rows per box (also the number of boxes across a band).
    pub box_rows: usize,
    /// Columns per box.
    pub box_cols: usize,
}

/// A shape as it travels in JSON, before [`Shape::new`] checks it.
#[derive(Deserialize)]
struct ShapeFields {
    box_rows: usize,
    box_cols: usize,
}

/// A box shape that cannot be read or is not supported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// Text that is not `RxC`.
    #[error("box shape '{0}' should look like RxC, e.g. 3x3 or 2x3")]
    Form(String),
    /// The rows of `RxC` are not a number.
    #[error("box shape '{text}': '{rows}' is not a number of rows")]
    Rows { text: String, rows: String },
    /// The columns of `RxC` are not a number.
    #[error("box shape '{text}': '{cols}' is not a number of columns")]
    Cols { text: String, cols: String },
    /// Text naming boxes that are empty or too large.
    #[error("box shape '{0}' is not supported: boxes need at least 1 row and column and at most {MAX_SIZE} cells")]
    UnsupportedText(String),
    /// Boxes that are empty or too large.
    #[error("box shape {box_rows}x{box_cols} is not supported: boxes need at least 1 row and column and at most {MAX_SIZE} cells")]
    Unsupported { box_rows: usize, box_cols: usize },
}

impl TryFrom<ShapeFields> for Shape {
    type Error = ShapeError;

    fn try_from(f: ShapeFields) -> Result<Shape, ShapeError> {
        Shape::new(f.box_rows, f.box_cols).ok_or(ShapeError::Unsupported {
            box_rows: f.box_rows,
            box_cols: f.box_cols,
        })
    }
}

impl Shape {
    /// The classic grid: 9×9 with 3×3 boxes.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// Is this the classic 9×9 with 3×3 boxes, the only grid the band
    /// solver and the dlx9 counter take? The one test of it: callers ask
    /// here (or let `sudoku::auto::pick` decide) rather than compare sizes.
    pub fn is_nine(&self) -> bool {
        *self == Shape::NINE
    }

    /// The offered shapes ([`OFFERED`]) as values.
    pub fn offered() -> impl Iterator<Item = Shape> {
        OFFERED.iter().filter_map(|&(_, r, c)| Shape::new(r, c))
    }

    /// A shape with `box_rows × box_cols` boxes; `None` if either is 0 or the
    /// side `box_rows · box_cols` exceeds [`MAX_SIZE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        // Checked: a link or pasted text can ask for `99999999999x44`.
        let side = box_rows.checked_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || side.is_none_or(|n| n > MAX_SIZE) {
            return None;
        }
        Some(Shape { box_rows, box_cols })
    }

    /// Square boxes of side `base` (Sage's `n`): 3 → 9×9.
    pub fn square(base: usize) -> Option<Shape> {
        Shape::new(base, base)
    }

    /// Parse `"RxC"` (also `"R×C"`), e.g. `"2x3"`.
    pub fn parse(text: &str) -> Result<Shape, ShapeError> {
        let t = text.trim();
        let (r, c) = t
            .split_once(['x', 'X', '×'])
            .ok_or_else(|| ShapeError::Form(t.to_owned()))?;
        let rows: usize = r.trim().parse().map_err(|_| ShapeError::Rows {
            text: t.to_owned(),
            rows: r.to_owned(),
        })?;
        let cols: usize = c.trim().parse().map_err(|_| ShapeError::Cols {
            text: t.to_owned(),
            cols: c.to_owned(),
        })?;
        Shape::new(rows, cols).ok_or_else(|| ShapeError::UnsupportedText(t.to_owned()))
    }

    /// The square shape whose grid has `cells` cells, if `cells` is a fourth
    /// power (1, 16, 81, 256, …, 4096).
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        (1..=8)
            .map(|b| Shape {
                box_rows: b,
                box_cols: b,
            })
            .find(|s| s.cells() == cells)
    }

    /// Number of symbols, rows, columns and boxes.
    pub fn size(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// Number of cells, `size²`.
    pub fn cells(&self) -> usize {
        self.size() * self.size()
    }

    /// Index of the box holding (row, col); boxes are numbered row-major.
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        // A band holds box_rows rows and size/box_cols = box_rows boxes.
        (row / self.box_rows) * self.box_rows + col / self.box_cols
    }

    /// Is the box square (Sage's only case)?
    pub fn is_square(&self) -> bool {
        self.box_rows == self.box_cols
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_tile_the_grid_exactly_once_per_box() {
        for (r, c) in [
            (1, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (6, 6),
            (8, 8),
        ] {
            let s = Shape::new(r, c).unwrap();
            let n = s.size();
            let mut counts = vec![0usize; n];
            for row in 0..n {
                for col in 0..n {
                    let b = s.box_of(row, col);
                    assert!(b < n, "{s}: box {b} out of range");
                    counts[b] += 1;
                }
            }
            assert!(counts.iter().all(|&k| k == n), "{s}: {counts:?}");
        }
    }

    #[test]
    fn parse_shapes_and_reject_bad_ones() {
        assert_eq!(
            Shape::parse("2x3"),
            Ok(Shape {
                box_rows: 2,
                box_cols: 3
            })
        );
        assert_eq!(
            Shape::parse(" 3×4 "),
            Ok(Shape {
                box_rows: 3,
                box_cols: 4
            })
        );
        assert!(Shape::parse("3").unwrap_err().to_string().contains("RxC"));
        assert!(Shape::parse("0x3")
            .unwrap_err()
            .to_string()
            .contains("not supported"));
        assert!(Shape::parse("9x9")
            .unwrap_err()
            .to_string()
            .contains("not supported"));
        assert_eq!(Shape::parse("8x8").map(|s| s.size()), Ok(64));
        assert_eq!(Shape::from_cell_count(81), Shape::square(3));
        assert_eq!(Shape::from_cell_count(80), None);
    }

    #[test]
    fn the_offered_shapes_are_valid_and_labelled_by_their_size() {
        assert_eq!(Shape::offered().count(), OFFERED.len());
        for (&(label, _, _), s) in OFFERED.iter().zip(Shape::offered()) {
            let n = s.size();
            assert!(label.starts_with(&format!("{n}×{n} (")), "{label}");
            assert!(label.contains(&format!("{}×{} boxes", s.box_rows, s.box_cols)));
        }
        let nine: Vec<Shape> = Shape::offered().filter(Shape::is_nine).collect();
        assert_eq!(nine, [Shape::square(3).unwrap()]);
        assert!(!Shape::new(1, 9).unwrap().is_nine());
    }
}
