//! The independent Sudoku checker the solver tests share, written from the
//! rules rather than from any solver: every row, column and box holds
//! 1..=n once, and the givens are kept.

use std::collections::BTreeSet;
use tessera::engine::sudoku::Sudoku;

/// Panics, naming the broken rule, unless `solution` (row-major values)
/// solves `puzzle`.
pub fn sudoku(puzzle: &Sudoku, solution: &[u8]) {
    let shape = puzzle.shape();
    let n = shape.size();
    assert_eq!(solution.len(), n * n);
    for (i, (&p, &s)) in puzzle.cells().iter().zip(solution).enumerate() {
        assert!(s >= 1 && s as usize <= n, "cell {i} = {s}");
        assert!(p == 0 || p == s, "given at {i} changed");
    }
    let full: BTreeSet<u8> = (1..=n as u8).collect();
    for k in 0..n {
        let row: BTreeSet<u8> = (0..n).map(|c| solution[k * n + c]).collect();
        let col: BTreeSet<u8> = (0..n).map(|r| solution[r * n + k]).collect();
        // Box k: boxes are box_rows × box_cols, n / box_cols of them per band.
        let per_band = n / shape.box_cols;
        let (top, left) = (
            (k / per_band) * shape.box_rows,
            (k % per_band) * shape.box_cols,
        );
        let bx: BTreeSet<u8> = (0..n)
            .map(|i| solution[(top + i / shape.box_cols) * n + left + i % shape.box_cols])
            .collect();
        assert_eq!(row, full, "row {k}");
        assert_eq!(col, full, "column {k}");
        assert_eq!(bx, full, "box {k}");
    }
}

/// The units of the standard, X, jigsaw and Samurai rules, written out
/// from the rules (not from the engine's `Variant`): cell lists on the
/// layout, cells numbered row-major over the used layout positions.
pub mod units {
    /// Rows, columns and `br × bc` boxes of an `n × n` block at
    /// (`top`, `left`) on a layout `width` wide, as layout positions.
    pub fn block(br: usize, bc: usize, top: usize, left: usize, width: usize) -> Vec<Vec<usize>> {
        let n = br * bc;
        let at = |r: usize, c: usize| (top + r) * width + left + c;
        let mut units = Vec::new();
        for i in 0..n {
            units.push((0..n).map(|j| at(i, j)).collect());
            units.push((0..n).map(|j| at(j, i)).collect());
            let (r0, c0) = (i / (n / bc) * br, i % (n / bc) * bc);
            units.push((0..n).map(|j| at(r0 + j / bc, c0 + j % bc)).collect());
        }
        units
    }

    /// Standard plus both diagonals.
    pub fn x(br: usize, bc: usize) -> Vec<Vec<usize>> {
        let n = br * bc;
        let mut u = block(br, bc, 0, 0, n);
        u.push((0..n).map(|i| i * n + i).collect());
        u.push((0..n).map(|i| i * n + n - 1 - i).collect());
        u
    }

    /// Rows, columns and the regions of a jigsaw map given as one label
    /// per cell.
    pub fn jigsaw(labels: &[char]) -> Vec<Vec<usize>> {
        let n = labels.len().isqrt();
        let mut u = block(1, n, 0, 0, n);
        u.retain(|unit| {
            unit.windows(2).all(|w| w[1] == w[0] + 1) || unit.windows(2).all(|w| w[1] == w[0] + n)
        });
        let mut seen: Vec<char> = labels.to_vec();
        seen.sort_unstable();
        seen.dedup();
        for l in seen {
            u.push((0..labels.len()).filter(|&i| labels[i] == l).collect());
        }
        u
    }

    /// Five 9×9 grids on a 21×21 layout (corners at (0,0), (0,12), (6,6),
    /// (12,0), (12,12)), with the holes squeezed out: units over the 369
    /// used cells, in reading order.
    pub fn samurai() -> Vec<Vec<usize>> {
        let mut units = Vec::new();
        for (top, left) in [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)] {
            units.extend(block(3, 3, top, left, 21));
        }
        let mut used = vec![false; 441];
        for u in &units {
            for &p in u {
                used[p] = true;
            }
        }
        let mut index = vec![usize::MAX; 441];
        let mut k = 0;
        for p in 0..441 {
            if used[p] {
                index[p] = k;
                k += 1;
            }
        }
        units
            .into_iter()
            .map(|u| u.into_iter().map(|p| index[p]).collect())
            .collect()
    }
}

/// Solutions of a puzzle under `units` (each holds 1..=n once), counted
/// by plain backtracking on the emptiest cell, up to `limit`: the
/// independent count the engine's counters are compared with.
pub fn count(n: usize, units: &[Vec<usize>], values: &[u8], limit: u128) -> u128 {
    let cells = values.len();
    let mut units_of = vec![Vec::new(); cells];
    for (k, u) in units.iter().enumerate() {
        for &c in u {
            units_of[c].push(k);
        }
    }
    let mut used = vec![0u64; units.len()];
    let mut grid = values.to_vec();
    for (c, &v) in values.iter().enumerate() {
        if v != 0 {
            for &k in &units_of[c] {
                if used[k] & (1 << v) != 0 {
                    return 0;
                }
                used[k] |= 1 << v;
            }
        }
    }
    fn go(
        n: usize,
        grid: &mut [u8],
        used: &mut [u64],
        units_of: &[Vec<usize>],
        limit: u128,
    ) -> u128 {
        let all = ((1u64 << n) - 1) << 1;
        let free = |c: usize, used: &[u64]| all & !units_of[c].iter().fold(0, |m, &k| m | used[k]);
        let Some(cell) = (0..grid.len())
            .filter(|&c| grid[c] == 0)
            .min_by_key(|&c| free(c, used).count_ones())
        else {
            return 1;
        };
        let mut found = 0;
        let options = free(cell, used);
        for v in 1..=n as u8 {
            if options & (1 << v) == 0 {
                continue;
            }
            grid[cell] = v;
            for &k in &units_of[cell] {
                used[k] |= 1 << v;
            }
            found += go(n, grid, used, units_of, limit - found);
            for &k in &units_of[cell] {
                used[k] &= !(1 << v);
            }
            grid[cell] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }
    go(n, &mut grid, &mut used, &units_of, limit)
}
