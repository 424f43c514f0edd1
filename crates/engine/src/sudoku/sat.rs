//! Sudoku (and every variant) as SAT, solved by a CDCL solver (`batsat`).
//!
//! Why a third algorithm: DLX and backtracking explore a tree without
//! learning, so a hard 25×25 can keep both busy for minutes, while a
//! clause-learning solver proves the same puzzle in well under a second.
//! `docs/sat.md` has the measurements and why `batsat` was chosen (pure
//! Rust, MIT, no clock or threads, so it runs unchanged in a Web Worker).
//!
//! Encoding: the one `tessera sudoku export --format cnf` writes — one
//! variable per (cell, symbol), every cell and every unit "at least one" and
//! pairwise "at most one" — applied after the givens have been propagated
//! (naked and hidden singles), so only the candidates left get variables
//! and no clause is already satisfied. Any set of units works, which is how
//! the variants (X, jigsaw, Samurai) share this code.
//!
//! The search is resumable: [`SatSearch::step`] gives the solver a budget of
//! nodes (one per decision and one per conflict, counted by a callback that
//! stops the solver when the slice is spent); a paused solver keeps its
//! learnt clauses and picks up from a restart; slices that learn nothing
//! grow until one descent through every variable fits, so any budget ends. Each solution found is
//! blocked by a clause, so solving again gives the next one, and "no model"
//! means the solutions are exhausted.

use crate::search::{Progress, Search, Step};
use batsat::{lbool, Callbacks, ClauseKind, Lit, Solver, SolverInterface, SolverOpts, Var};
use std::cell::Cell;

/// Counts the solver's work and asks it to stop once a slice's budget is
/// spent. `stop` is called before every decision and `on_new_clause` on
/// every conflict, so `used` is nodes in the same sense as the tree
/// searches' (a tentative choice or a dead end).
#[derive(Default)]
struct Meter {
    used: Cell<u64>,
    limit: u64,
    /// Conflicts (learnt clauses) of the current slice.
    conflicts: u64,
}

impl Callbacks for Meter {
    fn on_new_clause(&mut self, _clause: &[Lit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            self.used.set(self.used.get() + 1);
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        let used = self.used.get() + 1;
        self.used.set(used);
        used > self.limit
    }
}

/// Candidates left once the givens are placed and every naked and hidden
/// single that follows is placed too. `None`: the givens contradict
/// each other (the puzzle has no solution).
fn propagate(n: usize, units: &[Vec<usize>], values: &[u8]) -> Option<(Vec<u8>, Vec<u64>)> {
    let cells = values.len();
    let all: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
    let mut units_of = vec![Vec::new(); cells];
    for (u, unit) in units.iter().enumerate() {
        for &c in unit {
            units_of[c].push(u);
        }
    }
    let mut grid = vec![0u8; cells];
    let mut cand = vec![all; cells];
    let mut queue: Vec<(usize, u8)> = values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(c, &v)| (c, v))
        .collect();
    loop {
        while let Some((cell, v)) = queue.pop() {
            let bit = 1u64 << (v - 1);
            if grid[cell] == v {
                continue;
            }
            if grid[cell] != 0 || cand[cell] & bit == 0 {
                return None;
            }
            grid[cell] = v;
            cand[cell] = bit;
            for &u in &units_of[cell] {
                for &peer in &units[u] {
                    if peer == cell || cand[peer] & bit == 0 {
                        continue;
                    }
                    cand[peer] &= !bit;
                    match cand[peer].count_ones() {
                        0 => return None,
                        1 if grid[peer] == 0 => {
                            queue.push((peer, cand[peer].trailing_zeros() as u8 + 1))
                        }
                        _ => {}
                    }
                }
            }
        }
        // Hidden singles: a symbol with one possible cell in a unit.
        for unit in units {
            let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
            for &c in unit {
                if grid[c] != 0 {
                    placed |= cand[c];
                } else {
                    twice |= once & cand[c];
                    once |= cand[c];
                }
            }
            if (once | placed) != all {
                return None; // some symbol has no cell left in this unit
            }
            let single = once & !twice & !placed;
            if single != 0 {
                for &c in unit {
                    if grid[c] == 0 && cand[c] & single != 0 {
                        let bit = cand[c] & single;
                        if bit.count_ones() > 1 {
                            return None; // one cell would need two symbols
                        }
                        queue.push((c, bit.trailing_zeros() as u8 + 1));
                    }
                }
            }
        }
        if queue.is_empty() {
            return Some((grid, cand));
        }
    }
}

/// A resumable CDCL search over one puzzle: solutions are full grids, one
/// value per cell in the order of `values`.
pub struct SatSearch {
    solver: Solver<Meter>,
    /// Every variable, in creation order (so also by index in a model) ...
    vars: Vec<Var>,
    /// ... and the (cell, symbol) it stands for.
    meaning: Vec<(u32, u8)>,
    /// The grid after propagation: placed cells filled, the others 0.
    base: Vec<u8>,
    done: bool,
    count_only: bool,
    nodes: u64,
    /// Conflicts over every slice (the progress a CDCL search can show).
    conflicts: u64,
    solutions: u128,
    /// The least budget of a slice (see `step`).
    floor: u64,
}

impl SatSearch {
    /// The search over a grid of `values.len()` cells (0 = blank, 1..=`n`)
    /// whose `units` must each hold every symbol once. The caller has
    /// checked lengths and ranges; clashing givens simply give no solution.
    pub fn new(n: usize, units: &[Vec<usize>], values: &[u8]) -> SatSearch {
        let opts = SolverOpts::default();
        let mut search = SatSearch {
            solver: Solver::new(opts, Meter::default()),
            vars: Vec::new(),
            meaning: Vec::new(),
            base: values.to_vec(),
            done: false,
            count_only: false,
            nodes: 0,
            conflicts: 0,
            solutions: 0,
            floor: 0,
        };
        let Some((grid, cand)) = propagate(n, units, values) else {
            search.done = true;
            return search;
        };
        search.base = grid;
        // One variable per candidate of an open cell.
        let mut var_of = vec![[None::<Var>; 64]; values.len()];
        for (cell, &mask) in cand.iter().enumerate() {
            if search.base[cell] != 0 {
                continue;
            }
            let mut m = mask;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let var = search.solver.new_var_default();
                var_of[cell][d] = Some(var);
                search.vars.push(var);
                search.meaning.push((cell as u32, d as u8 + 1));
            }
        }
        let mut ok = true;
        let mut lits: Vec<Lit> = Vec::with_capacity(n);
        let mut add_exactly_one = |solver: &mut Solver<Meter>, lits: &mut Vec<Lit>| {
            for i in 0..lits.len() {
                for j in i + 1..lits.len() {
                    let mut pair = vec![!lits[i], !lits[j]];
                    ok &= solver.add_clause_reuse(&mut pair);
                }
            }
            ok &= solver.add_clause_reuse(lits);
        };
        for vars in &var_of {
            lits.clear();
            lits.extend(vars.iter().flatten().map(|&v| Lit::new(v, true)));
            if !lits.is_empty() {
                add_exactly_one(&mut search.solver, &mut lits);
            }
        }
        for unit in units {
            for symbol in 1..=n as u8 {
                if unit.iter().any(|&c| search.base[c] == symbol) {
                    continue;
                }
                lits.clear();
                lits.extend(
                    unit.iter()
                        .filter_map(|&c| var_of[c][symbol as usize - 1])
                        .map(|v| Lit::new(v, true)),
                );
                add_exactly_one(&mut search.solver, &mut lits);
            }
        }
        search.done = !ok;
        search
    }

    fn grid(&self) -> Vec<u8> {
        let mut grid = self.base.clone();
        for (v, &value) in self.solver.get_model().iter().enumerate() {
            if value == lbool::TRUE {
                let (cell, symbol) = self.meaning[v];
                grid[cell as usize] = symbol;
            }
        }
        grid
    }

    /// Forbid one solution: some open cell must differ from `grid`.
    pub(crate) fn block(&mut self, grid: &[u8]) {
        let mut clause: Vec<Lit> = self
            .meaning
            .iter()
            .zip(&self.vars)
            .filter(|&(&(cell, symbol), _)| grid[cell as usize] == symbol)
            .map(|(_, &v)| Lit::new(v, false))
            .collect();
        if !self.solver.add_clause_reuse(&mut clause) {
            self.done = true;
        }
    }

    /// Variables and clauses of the encoding (learnt clauses aside).
    pub fn size(&self) -> (usize, u64) {
        (self.meaning.len(), self.solver.num_clauses())
    }
}

impl Search<Vec<u8>> for SatSearch {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        let mut left = budget.max(1);
        loop {
            if self.done {
                return Step::Done;
            }
            let meter = self.solver.cb_mut();
            meter.used.set(0);
            meter.conflicts = 0;
            meter.limit = left.max(self.floor);
            let result = self.solver.solve_limited(&[]);
            // At least one node per call, so progress always moves.
            let used = self.solver.cb().used.get().max(1);
            self.nodes += used;
            self.conflicts += self.solver.cb().conflicts;
            left = left.saturating_sub(used);
            if result == lbool::TRUE {
                let grid = self.grid();
                self.block(&grid);
                self.solutions += 1;
                if !self.count_only {
                    return Step::Solution(grid);
                }
                if left == 0 {
                    return Step::Paused;
                }
            } else if result == lbool::FALSE {
                self.done = true;
                return Step::Done;
            } else {
                // A paused solver restarts from the root: a slice that hit
                // no conflict learnt nothing, and the same slice again would
                // not get further. Grow the slice floor towards one full
                // descent (a decision per variable), which always ends in
                // a conflict or a model.
                if self.solver.cb().conflicts == 0 {
                    let descent = self.vars.len() as u64 + 2;
                    self.floor = (self.floor * 2).clamp(64, descent.max(64));
                }
                return Step::Paused;
            }
        }
    }

    /// Nodes are decisions plus conflicts; the fraction of the search space
    /// is unknown to a CDCL solver, so it is 0 until the end, then 1, and
    /// `conflicts` is there for a view to show instead.
    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            solutions: self.solutions,
            fraction: if self.done { 1.0 } else { 0.0 },
            conflicts: Some(self.conflicts),
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
    }

    fn engine(&self) -> Option<&'static str> {
        Some("sat")
    }

    /// The default asks for 4,096 nodes at a time; every such step is a
    /// solve that restarts from the root with its restart schedule anew,
    /// so a generator's hundreds of checks on a 25×25 lost most of their
    /// budget to restarts. Here each solve gets the whole budget left.
    fn is_unique(&mut self, budget: u64) -> Option<bool> {
        let mut found = 0;
        loop {
            let left = budget.saturating_sub(self.nodes);
            if left == 0 {
                return None;
            }
            match self.step(left) {
                Step::Solution(_) => {
                    found += 1;
                    if found == 2 {
                        return Some(false);
                    }
                }
                Step::Done => return Some(found == 1),
                Step::Paused => {}
            }
        }
    }
}
