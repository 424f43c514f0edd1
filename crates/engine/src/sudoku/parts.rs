//! A Sudoku count cut into parts for shards (see [`crate::shard`]): the
//! puzzle with a few more cells filled, every consistent way, so that the
//! parts' counts add up to the puzzle's count whichever solver counts them.

use super::Shape;

/// Grids (row-major values, 0 blank) that partition the solutions of
/// `cells`: level by level, each grid is split on its empty cell with the
/// fewest candidates (ties: the lowest index) into one grid per candidate,
/// until there are at least `target` grids or every grid is full. A grid
/// with an empty cell that has no candidate has no solution and is left
/// out; givens are assumed consistent (check them first). The same input
/// gives the same parts, in the same order, on every machine.
pub fn prefix_parts(shape: Shape, cells: &[u8], target: usize) -> Vec<Vec<u8>> {
    let mut level = vec![cells.to_vec()];
    while level.len() < target {
        let mut next = Vec::with_capacity(level.len() * 2);
        let mut split_any = false;
        for grid in level {
            match best_cell(shape, &grid) {
                Pick::Full => next.push(grid),
                Pick::Dead => {}
                Pick::Cell(i, mut free) => {
                    split_any = true;
                    while free != 0 {
                        let v = free.trailing_zeros() as u8 + 1;
                        free &= free - 1;
                        let mut g = grid.clone();
                        g[i] = v;
                        next.push(g);
                    }
                }
            }
        }
        level = next;
        if !split_any {
            break;
        }
    }
    level
}

enum Pick {
    /// No empty cell.
    Full,
    /// An empty cell with no candidate.
    Dead,
    /// The cell to split on and its candidates (bit v−1 for value v).
    Cell(usize, u64),
}

fn best_cell(shape: Shape, grid: &[u8]) -> Pick {
    let n = shape.size();
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for (i, &v) in grid.iter().enumerate() {
        if v != 0 {
            let b = 1u64 << (v - 1);
            rows[i / n] |= b;
            cols[i % n] |= b;
            boxes[shape.box_of(i / n, i % n)] |= b;
        }
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut best: Option<(usize, u64)> = None;
    for (i, &v) in grid.iter().enumerate() {
        if v != 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        let free = full & !(rows[r] | cols[c] | boxes[shape.box_of(r, c)]);
        if free == 0 {
            return Pick::Dead;
        }
        if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
            best = Some((i, free));
        }
    }
    match best {
        Some((i, free)) => Pick::Cell(i, free),
        None => Pick::Full,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::grids::count_completions;

    /// The parts of the empty 4x4 partition its 288 grids, for any target.
    #[test]
    fn parts_add_up_to_the_whole() {
        let shape = Shape::new(2, 2).unwrap();
        let empty = vec![0u8; 16];
        let whole = count_completions(shape, &empty, u64::MAX).unwrap();
        assert_eq!(whole, 288);
        for target in [1, 2, 7, 64, 10_000] {
            let parts = prefix_parts(shape, &empty, target);
            assert!(parts.len() >= target.min(288), "{target}: {}", parts.len());
            let sum: u128 = parts
                .iter()
                .map(|p| count_completions(shape, p, u64::MAX).unwrap())
                .sum();
            assert_eq!(sum, whole, "target {target}");
        }
        assert_eq!(
            prefix_parts(shape, &empty, 5),
            prefix_parts(shape, &empty, 5)
        );
    }
}
