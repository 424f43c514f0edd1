//! The grid count of [`super::grids`] cut into parts, so a worker can show
//! progress and honour Cancel between parts: with the first row fixed to
//! 1..n, every valid second row is one part, counted by
//! [`grids::count_completions`]. The parts partition the grids, so their
//! sum times n! is the same total.

use super::grids::{self, GridCountError};

use crate::sudoku::Shape;

/// Shapes up to this many symbols; 9×9 needs the band method instead.
pub const MAX_SYMBOLS: usize = 6;

/// No node limit per part: the shapes accepted here (≤ 6 symbols) are
/// bounded, so a part cannot run away.
const PART_BUDGET: u64 = u64::MAX;

#[derive(Clone, Debug)]
pub struct GridCount {
    shape: Shape,
    /// Partial grids: first row 1..n, one valid second row each.
    parts: Vec<Vec<u8>>,
    next: usize,
    completions: u128,
}

impl GridCount {
    /// Errors are the reason in words: the shape is too large.
    pub fn new(shape: Shape) -> Result<GridCount, GridCountError> {
        if shape.size() > MAX_SYMBOLS {
            return Err(GridCountError::TooManyParts { shape });
        }
        let n = shape.size();
        let mut first = vec![0u8; n * n];
        for (c, v) in first.iter_mut().take(n).enumerate() {
            *v = c as u8 + 1;
        }
        let mut parts = Vec::new();
        if n > 1 {
            second_rows(shape, &mut first, 0, &mut parts);
        } else {
            parts.push(first);
        }
        Ok(GridCount {
            shape,
            parts,
            next: 0,
            completions: 0,
        })
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn parts(&self) -> usize {
        self.parts.len()
    }

    pub fn parts_done(&self) -> usize {
        self.next
    }

    pub fn is_done(&self) -> bool {
        self.next == self.parts.len()
    }

    /// Grids counted so far (n! relabellings of each completion).
    pub fn grids(&self) -> u128 {
        grids::factorial(self.shape.size()) * self.completions
    }

    /// Count the next part; false once all are counted.
    pub fn step(&mut self) -> Result<bool, GridCountError> {
        let Some(part) = self.parts.get(self.next) else {
            return Ok(false);
        };
        self.completions += grids::count_completions(self.shape, part, PART_BUDGET)?;
        self.next += 1;
        Ok(true)
    }
}

/// Every second row compatible with the first (rows, columns, boxes).
fn second_rows(shape: Shape, cells: &mut [u8], col: usize, out: &mut Vec<Vec<u8>>) {
    let n = shape.size();
    if col == n {
        out.push(cells.to_vec());
        return;
    }
    let box_of = |i: usize| shape.box_of(i / n, i % n);
    let me = n + col;
    for d in 1..=n as u8 {
        let clash = (0..me)
            .any(|i| cells[i] == d && (i / n == 1 || i % n == col || box_of(i) == box_of(me)));
        if !clash {
            cells[me] = d;
            second_rows(shape, cells, col + 1, out);
            cells[me] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(shape: Shape) -> (u128, usize) {
        let mut c = GridCount::new(shape).unwrap();
        let mut steps = 0;
        while c.step().unwrap() {
            steps += 1;
            assert_eq!(c.parts_done(), steps);
        }
        assert!(c.is_done());
        (c.grids(), c.parts())
    }

    /// The same published totals as the one-piece count.
    #[test]
    fn the_parts_add_up_to_the_published_counts() {
        let (shidoku, parts) = count(Shape::new(2, 2).unwrap());
        assert_eq!(shidoku, 288);
        // Row 2 of a Shidoku under 1 2 3 4: (3 4 | 1 2), (3 4 | 2 1),
        // (4 3 | 1 2), (4 3 | 2 1).
        assert_eq!(parts, 4);
        assert_eq!(count(Shape::new(2, 3).unwrap()).0, 28_200_960);
        assert_eq!(count(Shape::new(3, 2).unwrap()).0, 28_200_960);
        assert_eq!(
            count(Shape::new(2, 3).unwrap()).0,
            grids::count_grids(Shape::new(2, 3).unwrap(), 10_000_000).unwrap()
        );
    }

    #[test]
    fn nine_by_nine_is_refused_with_a_reason() {
        let e = GridCount::new(Shape::square(3).unwrap()).unwrap_err();
        assert!(e.to_string().contains("3x3"), "{e}");
    }
}
