//! The 9×9 fast counters, sliced: the same kernels the CLI's
//! `count_solutions` runs (band bitboards, fixed-shape DLX), made resumable
//! for a Web Worker by branching the puzzle instead of pausing the kernel.
//!
//! The kernels count recursively and cannot pause. [`ResumableCount`] keeps a
//! stack of sub-puzzles instead (the puzzle with one more cell filled per
//! level, on the cell with the fewest candidates): each step hands the top
//! one to the kernel with a guess budget; a sub-puzzle the kernel finishes
//! within it is counted, one it does not is branched on its emptiest cell
//! and its sub-puzzles pushed.
//! Every solution lies below exactly one leaf, so the sum is the count;
//! the work thrown away on a branching is at most one budget each, and
//! the budget adapts to the runner's slices, so a slice stays short and
//! Cancel is answered between two of them. Each sub-puzzle carries its
//! share of the tree (1 / the product of the branchings above it), so the
//! finished shares are Knuth's estimate of the fraction done.

use crate::search::{Progress, Search, Step};

/// The kernel counting the leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel9 {
    /// Band bitboards (`band::Band9::count_within`).
    Band,
    /// Fixed-shape Dancing Links (`dlx9::count_within`).
    Dlx9,
}

impl Kernel9 {
    /// The engine's name, as `Search::engine` reports it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel9::Band => "band",
            Kernel9::Dlx9 => "dlx9",
        }
    }

    fn count_within(self, cells: &[u8], limit: u128, budget: u64) -> Result<(u128, u64), u64> {
        match self {
            Kernel9::Band => super::band::Band9::count_within(cells, limit, budget),
            Kernel9::Dlx9 => super::dlx9::count_within(cells, limit, budget),
        }
    }
}

/// The fewest guesses a leaf gets, whatever the slice's budget: below
/// this, branching costs more than it saves.
const MIN_LEAF_BUDGET: u64 = 32;

/// The most guesses the first attempt gets (the whole puzzle): a failed
/// attempt is thrown away, so a slice should afford several.
const MAX_LEAF_BUDGET: u64 = 4_096;

/// A sub-puzzle still to count.
#[derive(Clone, Debug)]
struct SubPuzzle {
    grid: [u8; 81],
    /// Its share of the whole tree.
    share: f64,
    /// Guesses its first attempt may spend: halved from a sub-puzzle that
    /// did not finish to its sub-puzzles, so descending from a huge tree (an empty
    /// grid) to countable sub-puzzles costs about two attempts, not one a level.
    budget: u64,
}

/// A resumable count of a checked 9×9 puzzle's solutions (see the module
/// comment). It only counts: `step` never returns a solution, whatever
/// `set_count_only` says.
#[derive(Clone, Debug)]
pub struct ResumableCount {
    kernel: Kernel9,
    /// Sub-puzzles still to count, each with its share of the tree; the
    /// top is counted next (depth first, smallest digit first).
    stack: Vec<SubPuzzle>,
    limit: u128,
    found: u128,
    nodes: u64,
    done: f64,
}

impl ResumableCount {
    /// `cells`: 81 values 0..=9 whose givens do not clash (the caller has
    /// checked them); `limit`: stop there (`None`: count them all).
    pub fn new(kernel: Kernel9, cells: &[u8], limit: Option<u128>) -> ResumableCount {
        let mut grid = [0u8; 81];
        let ok = cells.len() == 81;
        if ok {
            grid.copy_from_slice(cells);
        }
        ResumableCount {
            kernel,
            stack: if ok {
                vec![SubPuzzle {
                    grid,
                    share: 1.0,
                    budget: MAX_LEAF_BUDGET,
                }]
            } else {
                Vec::new()
            },
            limit: limit.unwrap_or(u128::MAX),
            found: 0,
            nodes: 0,
            done: if ok { 0.0 } else { 1.0 },
        }
    }

    /// Push the sub-puzzles of `grid`: the puzzle with its emptiest cell filled
    /// by each candidate, in reverse so the smallest digit is counted first.
    fn branch(&mut self, grid: [u8; 81], share: f64, budget: u64) {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if grid[cell] != 0 {
                continue;
            }
            let options = candidates(&grid, cell);
            if best.is_none_or(|(_, b)| options.count_ones() < b.count_ones()) {
                best = Some((cell, options));
                if options.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, options)) = best else {
            // Complete and unclashing (the kernel would have counted it):
            // one solution.
            self.found += 1;
            self.done += share;
            return;
        };
        let k = options.count_ones();
        if k == 0 {
            self.done += share;
            return;
        }
        for d in (1..=9u8).rev().filter(|d| options & (1 << d) != 0) {
            let mut sub = grid;
            sub[cell] = d;
            self.stack.push(SubPuzzle {
                grid: sub,
                share: share / k as f64,
                budget,
            });
        }
    }
}

/// The digits (bits 1..=9) no row, column or box peer of `cell` holds.
fn candidates(grid: &[u8; 81], cell: usize) -> u16 {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let mut used = 0u16;
    for i in 0..9 {
        used |= 1 << grid[r * 9 + i];
        used |= 1 << grid[i * 9 + c];
        used |= 1 << grid[(br + i / 3) * 9 + bc + i % 3];
    }
    !used & 0b11_1111_1110
}

impl Search<Vec<u8>> for ResumableCount {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        let budget = budget.max(MIN_LEAF_BUDGET);
        let mut spent = 0u64;
        while spent < budget {
            if self.found >= self.limit {
                self.stack.clear();
            }
            let Some(sub) = self.stack.pop() else {
                return Step::Done;
            };
            let leaf = sub.budget.min(budget);
            match self
                .kernel
                .count_within(&sub.grid, self.limit - self.found, leaf)
            {
                Ok((n, used)) => {
                    self.found += n;
                    self.done += sub.share;
                    self.nodes += used.max(1);
                    spent += used.max(1);
                }
                Err(used) => {
                    self.nodes += used;
                    spent += used;
                    self.branch(sub.grid, sub.share, (leaf / 2).max(MIN_LEAF_BUDGET));
                }
            }
        }
        if self.stack.is_empty() {
            Step::Done
        } else {
            Step::Paused
        }
    }

    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            solutions: self.found,
            fraction: self.done.min(1.0),
            conflicts: None,
        }
    }

    /// A counter has no other mode.
    fn set_count_only(&mut self, _count_only: bool) {}

    fn engine(&self) -> Option<&'static str> {
        Some(self.kernel.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: &str =
        "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";

    fn cells(s: &str) -> Vec<u8> {
        crate::sudoku::Sudoku::from_sage_str(s, None)
            .unwrap()
            .cells()
            .to_vec()
    }

    fn run(mut s: ResumableCount, budget: u64) -> (u128, u64) {
        let mut steps = 0;
        while s.step(budget) != Step::Done {
            steps += 1;
        }
        assert!((s.progress().fraction - 1.0).abs() < 1e-9 || s.found >= s.limit);
        (s.progress().solutions, steps)
    }

    #[test]
    fn sliced_counts_equal_the_whole_kernels_under_any_budget() {
        // H with its first row cut: thousands of solutions, so the small
        // budgets branch many times.
        let mut loose = cells(H);
        for v in &mut loose[..9] {
            *v = 0;
        }
        for puzzle in [cells(H), loose] {
            let whole = super::super::band::Band9::count(&puzzle, None).unwrap();
            assert_eq!(super::super::dlx9::count(&puzzle, None), Some(whole));
            for kernel in [Kernel9::Band, Kernel9::Dlx9] {
                for budget in [1, 300, 1 << 20] {
                    let (n, _) = run(ResumableCount::new(kernel, &puzzle, None), budget);
                    assert_eq!(n, whole, "{kernel:?} budget {budget}");
                }
                let (n, _) = run(ResumableCount::new(kernel, &puzzle, Some(3)), 1);
                assert_eq!(n, whole.min(3), "{kernel:?} limit 3");
            }
        }
    }

    #[test]
    fn an_empty_grid_pauses_and_its_fraction_grows() {
        let mut s = ResumableCount::new(Kernel9::Band, &[0; 81], None);
        // One slice the size a worker gives (about 6 ms) already reaches
        // countable sub-puzzles and counts solutions.
        assert_eq!(s.step(200_000), Step::Paused);
        assert!(s.progress().solutions > 0);
        let mut last = s.progress().fraction;
        for _ in 0..50 {
            assert_eq!(s.step(2_000), Step::Paused);
            let p = s.progress();
            assert!(p.fraction >= last && p.fraction < 1.0);
            last = p.fraction;
        }
        assert_eq!(s.engine(), Some("band"));
    }
}
