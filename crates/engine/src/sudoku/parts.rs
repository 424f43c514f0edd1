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
    let n = shape.size();
    let mut units: Vec<Vec<usize>> = Vec::with_capacity(3 * n);
    units.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    let mut boxes = vec![Vec::new(); n];
    for i in 0..n * n {
        boxes[shape.box_of(i / n, i % n)].push(i);
    }
    units.extend(boxes);
    prefix_parts_by_units(n, &units, cells, target)
}

/// [`prefix_parts`] for any grid whose rules are "each unit holds every
/// symbol 1..=`n` once" (the variants: X's diagonals, jigsaw regions,
/// Samurai's five overlapping grids): `units` lists each unit's cells.
/// For a standard grid (rows, columns, boxes) it gives exactly
/// [`prefix_parts`]' grids.
pub fn prefix_parts_by_units(
    n: usize,
    units: &[Vec<usize>],
    cells: &[u8],
    target: usize,
) -> Vec<Vec<u8>> {
    let mut units_of = vec![Vec::new(); cells.len()];
    for (u, unit) in units.iter().enumerate() {
        for &c in unit {
            units_of[c].push(u);
        }
    }
    let rules = Rules {
        n,
        units,
        units_of: &units_of,
    };
    let mut level = vec![cells.to_vec()];
    while level.len() < target {
        let mut next = Vec::with_capacity(level.len() * 2);
        let mut split_any = false;
        for grid in level {
            match rules.best_cell(&grid) {
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

struct Rules<'a> {
    n: usize,
    units: &'a [Vec<usize>],
    units_of: &'a [Vec<usize>],
}

impl Rules<'_> {
    fn best_cell(&self, grid: &[u8]) -> Pick {
        let used: Vec<u64> = self
            .units
            .iter()
            .map(|unit| {
                unit.iter()
                    .filter(|&&c| grid[c] != 0)
                    .fold(0u64, |m, &c| m | 1u64 << (grid[c] - 1))
            })
            .collect();
        let full = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        let mut best: Option<(usize, u64)> = None;
        for (i, &v) in grid.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let taken = self.units_of[i].iter().fold(0u64, |m, &u| m | used[u]);
            let free = full & !taken;
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

    /// An X-sudoku's parts (diagonals as units) partition its solutions.
    #[test]
    fn variant_parts_add_up_to_the_whole() {
        use crate::sudoku::variant::Variant;
        let v = Variant::x(Shape::new(2, 2).unwrap());
        let units: Vec<Vec<usize>> = v.units().iter().map(|u| u.cells.clone()).collect();
        let empty = vec![0u8; v.cells()];
        let whole = v.count(&empty, None).unwrap();
        assert!(whole > 0);
        for target in [1, 2, 7, 64] {
            let parts = prefix_parts_by_units(v.size(), &units, &empty, target);
            let sum: u128 = parts.iter().map(|p| v.count(p, None).unwrap()).sum();
            assert_eq!(sum, whole, "target {target}");
        }
    }
}
