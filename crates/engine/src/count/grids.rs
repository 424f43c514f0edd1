//! Complete grids of a box shape. Relabelling the symbols maps grids to
//! grids one-to-one, so every grid is one of `n!` relabellings of a grid
//! whose first row is 1, 2, …, n: count those by search and multiply.
//! That turns 28,200,960 6×6 grids into 39,168 leaves.

use crate::sudoku::Shape;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridCountError {
    /// The search would take too long for this shape.
    TooLarge { shape: Shape, nodes: u64 },
    /// Counting part by part is only feasible up to
    /// [`staged::MAX_SYMBOLS`](super::staged::MAX_SYMBOLS) symbols.
    TooManyParts { shape: Shape },
}

impl fmt::Display for GridCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridCountError::TooLarge { shape, nodes } => write!(
                f,
                "counting {shape} grids by search gave up after {nodes} nodes: only shapes up to \
                 6x6 grids (2x3, 3x2) are feasible this way"
            ),
            GridCountError::TooManyParts { shape } => write!(
                f,
                "counting {n}x{n} grids ({shape} boxes) part by part is only feasible up to \
                 {max}x{max} grids; 9x9 grids need the band method",
                n = shape.size(),
                max = super::staged::MAX_SYMBOLS
            ),
        }
    }
}

impl std::error::Error for GridCountError {}

/// `n!` as u128.
pub fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
}

/// The number of complete grids with `shape` boxes, searching at most
/// `node_budget` nodes.
pub fn count_grids(shape: Shape, node_budget: u64) -> Result<u128, GridCountError> {
    let n = shape.size();
    let mut cells = vec![0u8; n * n];
    for (c, v) in cells.iter_mut().take(n).enumerate() {
        *v = c as u8 + 1;
    }
    let completions = count_completions(shape, &cells, node_budget)?;
    Ok(factorial(n) * completions)
}

/// Completions of a partial grid (assumed consistent), by row-major
/// backtracking on row, column and box masks.
pub fn count_completions(
    shape: Shape,
    cells: &[u8],
    node_budget: u64,
) -> Result<u128, GridCountError> {
    count_completions_with_nodes(shape, cells, node_budget).map(|(count, _)| count)
}

/// [`count_completions`] and the search nodes it took (one per value
/// tried), for a shard's report.
pub fn count_completions_with_nodes(
    shape: Shape,
    cells: &[u8],
    node_budget: u64,
) -> Result<(u128, u64), GridCountError> {
    let n = shape.size();
    let mut s = State {
        n,
        boxes: (0..n * n).map(|i| shape.box_of(i / n, i % n)).collect(),
        rows: vec![0; n],
        cols: vec![0; n],
        boxm: vec![0; n],
        empty: Vec::new(),
        nodes: 0,
        budget: node_budget,
    };
    for (i, &v) in cells.iter().enumerate() {
        if v == 0 {
            s.empty.push(i);
        } else {
            let b = 1u64 << (v - 1);
            s.rows[i / n] |= b;
            s.cols[i % n] |= b;
            s.boxm[s.boxes[i]] |= b;
        }
    }
    let count = s.count(0).ok_or(GridCountError::TooLarge {
        shape,
        nodes: node_budget,
    })?;
    Ok((count, s.nodes))
}

struct State {
    n: usize,
    boxes: Vec<usize>,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxm: Vec<u64>,
    empty: Vec<usize>,
    nodes: u64,
    budget: u64,
}

impl State {
    fn count(&mut self, k: usize) -> Option<u128> {
        if k == self.empty.len() {
            return Some(1);
        }
        let i = self.empty[k];
        let (r, c, b) = (i / self.n, i % self.n, self.boxes[i]);
        let full = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        let mut free = full & !(self.rows[r] | self.cols[c] | self.boxm[b]);
        let mut total = 0u128;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            self.rows[r] |= bit;
            self.cols[c] |= bit;
            self.boxm[b] |= bit;
            let sub = self.count(k + 1);
            self.rows[r] &= !bit;
            self.cols[c] &= !bit;
            self.boxm[b] &= !bit;
            total += sub?;
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).unwrap()
    }

    /// Published values (../shared/reference/known_counts.md).
    #[test]
    fn shidoku_and_six_by_six_grids() {
        assert_eq!(count_grids(shape(2, 2), 1_000_000), Ok(288));
        assert_eq!(count_grids(shape(2, 3), 10_000_000), Ok(28_200_960));
        // Transposing maps 2x3 grids onto 3x2 grids.
        assert_eq!(count_grids(shape(3, 2), 10_000_000), Ok(28_200_960));
        // 1x4 boxes are rows: the 576 Latin squares of order 4.
        assert_eq!(count_grids(shape(1, 4), 1_000_000), Ok(576));
    }

    #[test]
    fn completions_agree_with_brute_force_on_shidoku() {
        // Without the first-row reduction: every 4x4 grid, by search.
        assert_eq!(count_completions(shape(2, 2), &[0; 16], 1_000_000), Ok(288));
    }

    #[test]
    fn too_large_is_an_error_not_a_hang() {
        let err = count_grids(shape(3, 3), 10_000).unwrap_err();
        assert_eq!(
            err,
            GridCountError::TooLarge {
                shape: shape(3, 3),
                nodes: 10_000
            }
        );
        assert!(err.to_string().contains("3x3"));
    }
}
