//! `Algorithm::Auto`: a tree search while it is quick, SAT once it stalls.
//!
//! DLX answers most puzzles faster than a SAT solver can even be set up
//! (and in Sage's order), but it does not learn: on a hard large grid it can
//! search for minutes. [`AutoSearch`] therefore runs a tree search with a
//! patience of [`PATIENCE`] nodes without a new solution; past that it hands
//! over to [`SatSearch`], blocking the solutions already delivered so none
//! is reported twice. Grids where the tree search is known to be hopeless
//! (many symbols, see [`SAT_FROM_SIZE`]) start on SAT directly. Searches
//! that have already delivered many solutions (a count of a loose puzzle)
//! stay on the tree search: there SAT would need one blocking clause per
//! solution and is the slower engine. The engine answering is reported by
//! [`Search::engine`], and the switch by [`AutoSearch::gave_up_after`].

use super::sat::SatSearch;
use crate::search::{Progress, Search, Step};

/// Tree-search nodes without a new solution after which Auto switches to
/// SAT. Measured on the giants (docs/sat.md): DLX needs 40–190 ms for a
/// minimal 16×16 and more than 10 s for a minimal 25×25, SAT 2–8 ms for the
/// 16×16; 4,000 DLX nodes cost about a millisecond, so a puzzle DLX cannot
/// answer quickly loses about that much before SAT takes over.
pub const PATIENCE: u64 = 4_000;

/// From this many symbols up, Auto starts on SAT (measured: at 25×25 DLX
/// on a minimal puzzle rarely answers within the patience, so trying it
/// first only adds its cost).
pub const SAT_FROM_SIZE: usize = 25;

/// More solutions than this already delivered: stay on the tree search.
const MAX_BLOCKED: usize = 256;

/// What SAT needs to take over: the puzzle as symbols, units and values.
pub struct Fallback {
    pub n: usize,
    pub units: Vec<Vec<usize>>,
    pub values: Vec<u8>,
}

type Inner = Box<dyn Search<Vec<u8>> + Send>;

/// A tree search with a SAT fallback (see the module comment).
pub struct AutoSearch {
    current: Inner,
    fallback: Option<Fallback>,
    /// Solutions delivered so far (blocked in SAT after a switch); dropped,
    /// and the fallback with them, once there are too many.
    found: Vec<Vec<u8>>,
    count_only: bool,
    /// Progress of the searches already abandoned.
    nodes_before: u64,
    solutions_before: u128,
    /// Tree nodes at the last solution (or the start).
    nodes_at_solution: u64,
    patience: u64,
    gave_up_after: Option<u64>,
}

impl AutoSearch {
    fn build(current: Inner, fallback: Option<Fallback>, patience: u64) -> AutoSearch {
        AutoSearch {
            current,
            fallback,
            found: Vec::new(),
            count_only: false,
            nodes_before: 0,
            solutions_before: 0,
            nodes_at_solution: 0,
            patience,
            gave_up_after: None,
        }
    }

    /// `tree` first, SAT on `fallback` after `patience` fruitless nodes.
    pub fn new(tree: Inner, fallback: Fallback, patience: u64) -> AutoSearch {
        AutoSearch::build(tree, Some(fallback), patience)
    }

    /// SAT from the start.
    pub fn sat(puzzle: Fallback) -> AutoSearch {
        let sat = SatSearch::new(puzzle.n, &puzzle.units, &puzzle.values);
        AutoSearch::build(Box::new(sat), None, u64::MAX)
    }

    /// Only a tree search (9×9: the band solver never stalls).
    pub fn tree(tree: Inner) -> AutoSearch {
        AutoSearch::build(tree, None, u64::MAX)
    }

    /// Tree-search nodes spent before handing over to SAT, if it did.
    pub fn gave_up_after(&self) -> Option<u64> {
        self.gave_up_after
    }

    fn switch_to_sat(&mut self) {
        let Some(fb) = self.fallback.take() else {
            return;
        };
        let tree = self.current.progress();
        let mut sat = SatSearch::new(fb.n, &fb.units, &fb.values);
        for grid in self.found.drain(..) {
            sat.block(&grid);
        }
        sat.set_count_only(self.count_only);
        self.gave_up_after = Some(tree.nodes);
        self.nodes_before += tree.nodes;
        self.solutions_before += tree.solutions;
        self.current = Box::new(sat);
    }
}

impl Search<Vec<u8>> for AutoSearch {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        if self.fallback.is_none() {
            return self.current.step(budget);
        }
        // Tree phase: enumerate internally (solutions must be kept to be
        // blocked later), stopping at the patience.
        let mut left = budget.max(1);
        loop {
            let nodes = self.current.progress().nodes;
            let fruitless = nodes - self.nodes_at_solution;
            if fruitless >= self.patience {
                self.switch_to_sat();
                return self.step(left);
            }
            let slice = left.min(self.patience - fruitless);
            let result = self.current.step(slice);
            let after = self.current.progress().nodes;
            left = left.saturating_sub(after - nodes);
            match result {
                Step::Solution(grid) => {
                    self.nodes_at_solution = after;
                    if self.found.len() < MAX_BLOCKED {
                        self.found.push(grid.clone());
                    } else {
                        // Too many to block: commit to the tree search.
                        self.fallback = None;
                        self.found = Vec::new();
                        self.current.set_count_only(self.count_only);
                    }
                    if !self.count_only {
                        return Step::Solution(grid);
                    }
                    if left == 0 {
                        return Step::Paused;
                    }
                    if self.fallback.is_none() {
                        return self.step(left);
                    }
                }
                Step::Done => return Step::Done,
                Step::Paused => {
                    if left == 0 {
                        return Step::Paused;
                    }
                }
            }
        }
    }

    fn progress(&self) -> Progress {
        let p = self.current.progress();
        Progress {
            nodes: self.nodes_before + p.nodes,
            solutions: self.solutions_before + p.solutions,
            fraction: p.fraction,
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
        // While SAT may still take over, the tree search enumerates so the
        // solutions it finds can be blocked; `step` hides them.
        if self.fallback.is_none() {
            self.current.set_count_only(count_only);
        }
    }

    fn engine(&self) -> Option<&'static str> {
        self.current.engine()
    }
}
