//! Vocabulary shared by every resumable search in the engine.
//!
//! Searches run in bounded slices (`step(budget)`) on an explicit stack so
//! that a Web Worker can report progress and honour a cancel request between
//! slices, and so the same code serves the CLI, the worker and the tests.

use serde::{Deserialize, Serialize};

/// Outcome of one bounded slice of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<T> {
    /// A solution was found; the search can be resumed for the next one.
    Solution(T),
    /// The budget ran out before a solution or the end was reached.
    Paused,
    /// The search tree is exhausted; further steps keep returning `Done`.
    Done,
}

impl<T> Step<T> {
    /// What a budgeted run of a search returned (`Some` solution, or
    /// `None` when the budget or the tree ran out) and whether the tree
    /// is exhausted, as a step.
    pub fn after_run(found: Option<T>, exhausted: bool) -> Step<T> {
        match found {
            Some(solution) => Step::Solution(solution),
            None if exhausted => Step::Done,
            None => Step::Paused,
        }
    }
}

/// Progress counters of a search, cheap to read between slices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Search-tree nodes explored so far: one per tentative choice, plus
    /// the root for searches that reason before choosing (so a puzzle
    /// solved by propagation alone reports 1, not 0).
    pub nodes: u64,
    /// Solutions found so far (also counted in count-only mode).
    pub solutions: u128,
    /// Estimated fraction of the search tree already explored, in `[0, 1]`
    /// (Knuth's estimate: each finished subtree at depth d adds the product
    /// of 1/branching along its path).
    pub fraction: f64,
    /// Conflicts (learnt clauses) so far, for a clause-learning search
    /// (Sudoku's SAT), which has no share of a tree to report: `fraction`
    /// stays 0 until the end, and a view shows this instead of a bar stuck
    /// at 0. `None` for tree searches. Absent on the wire when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<u64>,
}

/// Knuth's estimate of the fraction of a search tree explored, from the
/// path to the current node: per level, the branches already finished and
/// the branching there (each finished branch weighs 1 / ∏ branchings above
/// and at its level).
pub fn tree_fraction(levels: impl IntoIterator<Item = (u32, u32)>) -> f64 {
    let mut weight = 1.0f64;
    let mut done = 0.0f64;
    for (finished, branching) in levels {
        weight /= branching as f64;
        done += finished as f64 * weight;
    }
    done.min(1.0)
}

/// A proof that a search has nothing to find, in brief: the exact-cover
/// items were weighed with integers from `least` to `most` so that every
/// row weighs at least 0 while all items together weigh `total` < 0
/// (checked exactly; see [`crate::exact_cover::certificate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Impossible {
    pub least: i64,
    pub most: i64,
    pub total: i64,
    /// Rows set aside first because each would leave an item no other row
    /// can cover (a piece around a hole; [`crate::exact_cover::presolve`]).
    #[serde(default)]
    pub set_aside: u64,
}

impl Impossible {
    /// The argument in one sentence, for people.
    pub fn sentence(&self) -> String {
        let weighing = format!(
            "weighing the cells and pieces with integers from {} to {} gives every placement of every piece a weight of at least 0, but the whole puzzle {}, so no tiling exists",
            self.least, self.most, self.total
        );
        let s = |n: u64| if n == 1 { "" } else { "s" };
        let n = grouped(self.set_aside);
        let bare = (self.least, self.most, self.total) == (-1, 0, -1);
        match self.set_aside {
            0 if bare => {
                "one piece or cell has no placement at all, so no tiling exists (checked exactly)"
                    .to_string()
            }
            0 => format!("{weighing} (certificate checked exactly)"),
            // The weighting is one item at -1: an item left bare.
            k if bare => format!(
                "{n} placement{} would each cut off a cell or a piece that nothing else can then cover, and without {} one piece or cell has no placement left, so no tiling exists (checked exactly)",
                s(k),
                if k == 1 { "it" } else { "them" },
            ),
            k => format!(
                "{n} placement{} would each cut off a cell or a piece that nothing else can then cover; without {}, {weighing} (both steps checked exactly)",
                s(k),
                if k == 1 { "it" } else { "them" },
            ),
        }
    }
}

/// `n` with thousands separators (3,090).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A resumable search producing solutions of type `T`: the one interface
/// every solver in the engine offers, and all the worker, the CLI's
/// iterators and the counters need.
///
/// The caller drives it: each [`step`](Search::step) runs about `budget`
/// nodes on the search's own explicit stack and returns [`Step::Solution`]
/// (call again for the next one), [`Step::Paused`] (the budget ran out:
/// report [`progress`](Search::progress), honour a cancel, call again) or
/// [`Step::Done`] (the tree is exhausted; it stays so). Nothing runs between
/// two calls, so a Web Worker can cut a count into slices of a few
/// milliseconds. In count-only mode solutions are counted, not returned.
/// The solutions of one search come in a fixed order, the same on every
/// machine, and none is returned twice.
///
/// ```
/// use tessera_engine::search::{Search, Step};
/// use tessera_engine::sudoku::{solve::Algorithm, Sudoku};
///
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let puzzle = Sudoku::parse(text, None).unwrap();
/// let mut search = puzzle.search(Algorithm::Auto).unwrap();
/// let mut found = 0;
/// loop {
///     match search.step(10_000) {
///         Step::Solution(_) => found += 1,
///         Step::Paused => {} // report search.progress() here, or stop
///         Step::Done => break,
///     }
/// }
/// assert_eq!(found, search.progress().solutions as usize);
/// ```
///
/// The implementations are named after their engine with `Search`
/// (`CoverSearch` for exact cover, `CellCoverSearch` for Sudoku's cells,
/// `BacktrackSearch`, `SatSearch`,
/// `AutoSearch`, `QuantuminoSearch`), except three that are more than a
/// search and carry their own name: a polyform puzzle's [`SolveRun`]
/// (matrix, symmetry test and engine choice), the 9×9 band solver
/// [`Band9`](crate::sudoku::band::Band9), whose kernels also count outside
/// any search, and the [`ResumableCount`] of a 9×9 puzzle.
///
/// [`SolveRun`]: crate::polyform::SolveRun
/// [`ResumableCount`]: crate::sudoku::resumable::ResumableCount
pub trait Search<T> {
    /// Explore at most about `budget` nodes, stopping early at a solution
    /// (unless in count-only mode) or at the end of the tree.
    fn step(&mut self, budget: u64) -> Step<T>;
    /// Counters so far.
    fn progress(&self) -> Progress;
    /// In count-only mode `step` never returns `Solution`; it only counts.
    fn set_count_only(&mut self, count_only: bool);

    /// Which engine is answering (e.g. "dlx", "sat"), for searches that
    /// choose one themselves (Sudoku's `Auto`) so the user can be told;
    /// `None` where there is nothing to report.
    fn engine(&self) -> Option<&'static str> {
        None
    }

    /// How the search ended without searching, when it did (a polyform
    /// count proven 0 by a weighting of the cells, see
    /// [`crate::exact_cover::certificate`]); `None` otherwise.
    fn proof(&self) -> Option<Impossible> {
        None
    }

    /// Exactly one solution? Decided within about `budget` nodes (`None`:
    /// undecided) — the generators' test when removing a clue.
    fn is_unique(&mut self, budget: u64) -> Option<bool> {
        let mut found = 0;
        loop {
            match self.step(4096) {
                Step::Solution(_) => {
                    found += 1;
                    if found == 2 {
                        return Some(false);
                    }
                }
                Step::Done => return Some(found == 1),
                Step::Paused => {}
            }
            if self.progress().nodes > budget {
                return None;
            }
        }
    }

    /// Run to the end, counting solutions; stops once `limit` is reached.
    fn count_solutions(&mut self, limit: Option<u128>) -> u128 {
        self.set_count_only(true);
        let start = self.progress().solutions;
        loop {
            let found = self.progress().solutions - start;
            if let Some(l) = limit {
                if found >= l {
                    return l;
                }
            }
            if let Step::Done = self.step(1 << 16) {
                let found = self.progress().solutions - start;
                return limit.map_or(found, |l| found.min(l));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Impossible;

    #[test]
    fn a_proof_says_what_it_set_aside() {
        let weighed = Impossible {
            least: -2,
            most: 3,
            total: -1,
            set_aside: 0,
        };
        assert!(weighed.sentence().starts_with("weighing the cells"));
        let after = Impossible {
            set_aside: 12,
            ..weighed
        };
        let s = after.sentence();
        assert!(s.starts_with("12 placements would each cut off"), "{s}");
        assert!(s.contains("without them, weighing the cells"), "{s}");
        let bare = Impossible {
            least: -1,
            most: 0,
            total: -1,
            set_aside: 1,
        };
        let s = bare.sentence();
        assert!(s.starts_with("1 placement would"), "{s}");
        assert!(
            s.contains("without it one piece or cell has no placement left"),
            "{s}"
        );
    }
}
