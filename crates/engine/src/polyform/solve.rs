//! Budgeted solving of a puzzle: a [`SolveRun`] is a resumable
//! [`Search`] over the puzzle's exact-cover matrix that yields
//! [`Solution`]s, counted once up to symmetry unless all are asked for.
//!
//! ```
//! use tessera_engine::polyform::{library, SolveRun, SolveOptions};
//! use tessera_engine::search::{Search, Step};
//! let puzzle = library::find("pentominoes-3x20").unwrap();
//! let mut s = SolveRun::new(&puzzle, SolveOptions::default()).unwrap();
//! let mut found = Vec::new();
//! loop {
//!     match s.step(10_000) {               // a slice of at most ~10k nodes
//!         Step::Solution(sol) => found.push(sol),
//!         Step::Paused => {}               // report s.progress(), check for cancel
//!         Step::Done => break,
//!     }
//! }
//! assert_eq!(found.len(), 2);
//! ```

use super::bitfill::{self, BitSearch};
use super::lattice::Cell;
use super::puzzle::{Matrix, Placement, Puzzle};
use super::symmetry::{is_canonical, puzzle_symmetries, reduce, PuzzleSymmetry, Reduction};
use super::PolyformError;
use crate::exact_cover::certificate::{self, Certificate, Farkas, Outcome};
use crate::exact_cover::holes::Holes;
use crate::exact_cover::presolve::{self, DeadRows};
use crate::exact_cover::{CoverSearch, Problem};
use crate::search::{Impossible, Progress, Search, Step};
use serde::{Deserialize, Serialize};

/// A piece in a solution.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// Piece name.
    pub name: String,
    /// Covered cells, sorted; empty when the piece is left out.
    pub cells: Vec<Cell>,
}

/// A solution: the pieces in the order the solver placed them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solution {
    /// The placed (or omitted) pieces.
    pub pieces: Vec<Placed>,
}

impl Solution {
    /// The name of the piece covering `c`.
    pub fn piece_at(&self, c: Cell) -> Option<&str> {
        self.pieces
            .iter()
            .find(|p| p.cells.binary_search(&c).is_ok())
            .map(|p| p.name.as_str())
    }

    /// Names of the pieces left out.
    pub fn omitted(&self) -> Vec<&str> {
        self.pieces
            .iter()
            .filter(|p| p.cells.is_empty())
            .map(|p| p.name.as_str())
            .collect()
    }

    /// The pieces sorted by name (a canonical order for comparisons).
    pub fn sorted(&self) -> Solution {
        let mut pieces = self.pieces.clone();
        pieces.sort();
        Solution { pieces }
    }
}

impl PartialOrd for Placed {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Placed {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (&self.name, &self.cells).cmp(&(&other.name, &other.cells))
    }
}

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveOptions {
    /// Count each solution once up to the puzzle's symmetries (default);
    /// `false` gives every solution, symmetric copies included.
    pub unique: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { unique: true }
    }
}

/// Which search enumerates the problem rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Engine {
    /// The bitset search for puzzles that qualify
    /// ([`bitfill::qualifies`]) and have no crossing points, Dancing Links
    /// otherwise (sticks and trigs: see `with_engine`).
    /// Polycubes used to stay on DLX: filling the lowest cell alone took
    /// 224 s on 3×4×5 against DLX's 79 s; the bitset search's top levels
    /// now branch like DLX on the most constrained cell or piece.
    /// Regions over [`bitfill::AUTO_MAX_CELLS`] cells stay on DLX (see
    /// there).
    #[default]
    Auto,
    /// Always Dancing Links (for comparisons and measurements).
    Dlx,
    /// The bitset search whenever the puzzle qualifies, 3D and crossings
    /// included.
    Bitfill,
}

/// The inner row search: both yield problem-row solutions, so the symmetry
/// test and the conversion to [`Solution`] are shared.
enum Inner {
    Dlx(Box<CoverSearch>),
    Bits(BitSearch),
}

impl Inner {
    /// The bitset search (`bits`) or DLX over the matrix rows `keep`, with
    /// the problem rows `prefix` forced.
    fn new(
        puzzle: &Puzzle,
        matrix: &Matrix,
        keep: &[usize],
        prefix: &[usize],
        bits: bool,
    ) -> Result<Inner, PolyformError> {
        let bad = |e: &dyn std::fmt::Display| {
            PolyformError::BadPuzzle(format!("bad subproblem prefix: {e}"))
        };
        Ok(if bits {
            Inner::Bits(BitSearch::new(puzzle, matrix, keep, prefix).map_err(|e| bad(&e))?)
        } else {
            let problem = matrix.problem(Some(keep));
            let mut s = CoverSearch::with_forced_rows(&problem, prefix).map_err(|e| bad(&e))?;
            s.set_holes(holes(matrix, &problem));
            Inner::Dlx(Box::new(s))
        })
    }

    fn step(&mut self, budget: u64) -> Step<Vec<usize>> {
        match self {
            Inner::Dlx(s) => s.step(budget),
            Inner::Bits(b) => b.step(budget),
        }
    }

    fn progress(&self) -> Progress {
        match self {
            Inner::Dlx(s) => s.progress(),
            Inner::Bits(b) => b.progress(),
        }
    }

    fn set_count_only(&mut self, on: bool) {
        match self {
            Inner::Dlx(s) => s.set_count_only(on),
            Inner::Bits(b) => b.set_count_only(on),
        }
    }
}

/// DLX's hole pruning ([`Holes`]) under the lattice's adjacency: a region
/// of empty cells whose size no set of pieces adds up to ends the branch.
/// Why: DLX alone sees such a region only when one of its cells has no
/// placement left; on the heptiamond hexgrid puzzles (168 cells, on DLX)
/// a depth-3 part went from 5.2 M nodes to 17 k, and their counts from
/// 309 / 142 / 196 s to 3 / 14 / 17 s (`count-catalogue`, 2 threads).
/// Not with crossings (secondary items): on Tetrasticks6x6 it saved
/// 10–16 % of the nodes and cost more time than that (20 s → 23–27 s
/// single-threaded, also when two collinear segments count as apart once
/// a piece runs straight across their point), because the holes it finds
/// there are ones DLX sees a level later.
fn holes(matrix: &Matrix, problem: &Problem) -> Option<Holes> {
    if !matrix.secondary.is_empty() {
        return None;
    }
    let mut pairs = Vec::new();
    for (i, &c) in matrix.region.iter().enumerate() {
        for d in matrix.lattice.neighbours(c) {
            if let Some(j) = matrix.cell_index(d) {
                pairs.push(((matrix.cell_base + i) as u32, (matrix.cell_base + j) as u32));
            }
        }
    }
    let rows = (0..problem.num_rows()).map(|r| problem.row(r));
    Holes::new(problem.num_items(), &pairs, rows, HOLE_FLOOD_PER_CELL)
}

/// The impossibility proof a count tries before searching (see
/// [`crate::exact_cover::certificate`]).
enum Proof {
    /// Not started: a count from the root tries it first.
    NotTried,
    /// Setting aside the dead rows first (placements that would cut off a
    /// cell or a piece; [`crate::exact_cover::presolve`]): a piece that
    /// encloses a hole has none left, which no weighting can see.
    Presolving(Box<DeadRows>, Box<Problem>),
    /// The linear program on the rows left, and how many were set aside.
    Running(Box<Farkas>, Box<Problem>, u64),
    /// The puzzle has no solution; the search never runs. The certificate
    /// weighs the problem left after setting aside that many dead rows
    /// (their record checked by `presolve::verify`).
    Proven(Certificate, u64),
    /// No certificate (or not tried: a part of a split search, a solve):
    /// the search decides.
    Skipped,
}

impl Proof {
    /// Not decided yet: a count goes on with the proof.
    fn pending(&self) -> bool {
        matches!(
            self,
            Proof::NotTried | Proof::Presolving(..) | Proof::Running(..)
        )
    }
}

/// A resumable search for the solutions of one puzzle.
pub struct SolveRun {
    puzzle: Puzzle,
    matrix: Matrix,
    syms: Vec<PuzzleSymmetry>,
    reduction: Reduction,
    solver: Inner,
    count_only: bool,
    found: u128,
    inner_seen: u128,
    buf: Vec<usize>,
    proof: Proof,
    /// A forked part's prefix while it may still set its own dead rows
    /// aside (see [`presolve_part`](Self::presolve_part)).
    part: Option<Vec<usize>>,
    /// Search nodes spent before that restart (still reported).
    nodes_before: u64,
    /// The part's nodes after which it presolves (`part_presolve_after`).
    part_after: u64,
    /// After [`presolve_part`](Self::presolve_part) renumbered the rows:
    /// per row searched now, the row of the session this one was forked
    /// from (prefixes given away by [`give_away`](Self::give_away) are in
    /// that numbering, so the root can fork them).
    root_rows: Option<Vec<usize>>,
}

impl SolveRun {
    /// Prepare the search (builds the matrix; the search itself starts with
    /// the first [`step`](Search::step)).
    pub fn new(puzzle: &Puzzle, options: SolveOptions) -> Result<SolveRun, PolyformError> {
        SolveRun::with_prefix(puzzle, options, &[])
    }

    /// A session searching only the solutions that contain the problem rows
    /// `prefix`, one of the parts returned by
    /// [`subproblems`](Self::subproblems): a pool of workers can count the
    /// parts independently and add the counts (the matrix, the symmetry
    /// reduction and so the row numbers are the same in every session of a
    /// puzzle and options).
    pub fn with_prefix(
        puzzle: &Puzzle,
        options: SolveOptions,
        prefix: &[usize],
    ) -> Result<SolveRun, PolyformError> {
        SolveRun::with_engine(puzzle, options, prefix, Engine::Auto)
    }

    /// [`with_prefix`](Self::with_prefix) with a choice of inner search.
    pub fn with_engine(
        puzzle: &Puzzle,
        options: SolveOptions,
        prefix: &[usize],
        engine: Engine,
    ) -> Result<SolveRun, PolyformError> {
        let matrix = puzzle.matrix()?;
        let syms = puzzle_symmetries(puzzle);
        let reduction = if options.unique {
            reduce(puzzle, &matrix, &syms)
        } else {
            Reduction::none(&matrix)
        };
        let bits = match engine {
            // Stick (and trig) puzzles stay on DLX: the bitset search handles their
            // crossings, but filling the lowest segment lost on the
            // largest (OneSidedTetrasticks5x5DiamondLattice, 1/200 of it:
            // 22–50 s against DLX's 14 s whatever the depth of its
            // most-constrained levels) and on TetrasticksParallelogram5x5.
            Engine::Auto => {
                bitfill::qualifies(puzzle, &matrix)
                    && matrix.secondary.is_empty()
                    && matrix.region.len() <= bitfill::AUTO_MAX_CELLS
            }
            Engine::Bitfill => bitfill::qualifies(puzzle, &matrix),
            Engine::Dlx => false,
        };
        let solver = Inner::new(puzzle, &matrix, &reduction.keep, prefix, bits)?;
        Ok(SolveRun {
            puzzle: puzzle.clone(),
            matrix,
            syms,
            reduction,
            solver,
            count_only: false,
            found: 0,
            inner_seen: 0,
            buf: Vec::new(),
            proof: if prefix.is_empty() {
                Proof::NotTried
            } else {
                Proof::Skipped
            },
            part: None,
            nodes_before: 0,
            part_after: u64::MAX,
            root_rows: None,
        })
    }

    /// A fresh session of the same puzzle and options restricted to
    /// `prefix` (as [`with_prefix`](Self::with_prefix)), reusing this one's
    /// matrix, symmetries and tables instead of rebuilding them.
    pub fn fork(&self, prefix: &[usize]) -> Result<SolveRun, PolyformError> {
        let solver = match &self.solver {
            // The bitset search copies its tables instead of rebuilding them.
            Inner::Bits(b) => Inner::Bits(
                b.restart(prefix)
                    .map_err(|e| PolyformError::BadPuzzle(format!("bad subproblem prefix: {e}")))?,
            ),
            Inner::Dlx(_) => Inner::new(
                &self.puzzle,
                &self.matrix,
                &self.reduction.keep,
                prefix,
                false,
            )?,
        };
        let mut part = SolveRun {
            puzzle: self.puzzle.clone(),
            matrix: self.matrix.clone(),
            syms: self.syms.clone(),
            reduction: self.reduction.clone(),
            solver,
            count_only: false,
            found: 0,
            inner_seen: 0,
            buf: Vec::new(),
            proof: Proof::Skipped,
            part: Some(prefix.to_vec()),
            nodes_before: 0,
            part_after: 0,
            root_rows: None,
        };
        part.part_after = part.part_presolve_after();
        Ok(part)
    }

    /// The nodes after which a part still counting presolves: about what
    /// the presolve costs, so a part never spends more than twice the
    /// better of the two ways (a presolve looks at each row entry a few
    /// times; a DLX node costs a few microseconds, a bitset node a tenth).
    fn part_presolve_after(&self) -> u64 {
        let entries: u64 = self
            .reduction
            .keep
            .iter()
            .map(|&r| self.matrix.rows[r].len() as u64)
            .sum();
        match self.solver {
            Inner::Dlx(_) => entries / 4,
            Inner::Bits(_) => entries * 4,
        }
    }

    /// Restarts a forked part's count on the rows that can still matter
    /// once its prefix is placed: the rows compatible with the prefix,
    /// less the dead rows of that smaller problem (found and checked as at
    /// the root, [`crate::exact_cover::presolve`]). Why: placing the first
    /// pieces kills rows the root's presolve could not; on
    /// OneSidedTetrasticks5x5DiamondLattice a part loses 235 of 1,939 rows
    /// and its search half its nodes. Only a part whose count has run
    /// about as many nodes as the presolve costs pays for it (the many
    /// small parts would not gain: see `part_presolve_after`). The restart
    /// forgets what was counted so far (a count-only session returns no
    /// solutions, so its running total just starts again); the part's rows
    /// are its own, used only by this session.
    pub fn presolve_part(&mut self) {
        let Some(prefix) = self.part.take() else {
            return;
        };
        let problem = self.matrix.problem(Some(&self.reduction.keep));
        if problem.num_entries() > PRESOLVE_MAX_ENTRIES {
            return;
        }
        let Some((left, rest)) = problem.after_choosing(&prefix) else {
            return;
        };
        let dead = DeadRows::run(&left);
        if presolve::verify(&left, dead.removed()).is_err() {
            return;
        }
        // The prefix and the live rows, in the problem's order.
        let mut rows: Vec<usize> = prefix.clone();
        rows.extend(
            rest.iter()
                .enumerate()
                .filter(|&(k, _)| dead.is_alive(k))
                .map(|(_, &r)| r),
        );
        rows.sort_unstable();
        let forced: Vec<usize> = prefix
            .iter()
            .map(|r| rows.binary_search(r).expect("the prefix is kept"))
            .collect();
        let keep: Vec<usize> = rows.iter().map(|&r| self.reduction.keep[r]).collect();
        let bits = matches!(self.solver, Inner::Bits(_));
        if let Ok(mut solver) = Inner::new(&self.puzzle, &self.matrix, &keep, &forced, bits) {
            solver.set_count_only(self.count_only && !self.reduction.needs_test());
            self.nodes_before += self.solver.progress().nodes;
            self.solver = solver;
            self.reduction.keep = keep;
            self.root_rows = Some(match self.root_rows.take() {
                Some(map) => rows.iter().map(|&r| map[r]).collect(),
                None => rows,
            });
            self.found = 0;
            self.inner_seen = 0;
        }
    }

    /// Hand part of what this count has left to search to another thread:
    /// row prefixes (in the numbering of the session this one was forked
    /// from, so that one can [`fork`](Self::fork) them) whose counts, added
    /// to what this session still counts, give the same total (see
    /// [`CoverSearch::give_away`]). Empty when there is nothing to give, or for
    /// the bitset search (its parts are short) or a session not counting.
    /// A part that has not yet presolved ([`presolve_part`](Self::presolve_part))
    /// does so first: a restart after giving work away would count it twice.
    pub fn give_away(&mut self) -> Vec<Vec<usize>> {
        if !self.count_only || self.proof.pending() || !matches!(self.solver, Inner::Dlx(_)) {
            return Vec::new();
        }
        if self.part.is_some() {
            self.presolve_part();
        }
        let Inner::Dlx(s) = &mut self.solver else {
            return Vec::new();
        };
        let mut parts = s.give_away();
        if let Some(map) = &self.root_rows {
            for r in parts.iter_mut().flatten() {
                *r = map[*r];
            }
        }
        parts
    }

    /// The checked certificate that the puzzle has no solution, if a count
    /// found one (see [`crate::exact_cover::certificate`]).
    pub fn impossibility(&self) -> Option<&Certificate> {
        match &self.proof {
            Proof::Proven(c, _) => Some(c),
            _ => None,
        }
    }

    /// Tries the impossibility proof to its end now (native counts do this
    /// before splitting the work over threads); `true`: proven.
    pub fn prove_impossible(&mut self) -> bool {
        while self.proof.pending() {
            self.advance_proof(u64::MAX / 2);
        }
        matches!(self.proof, Proof::Proven(..))
    }

    /// Spends about `budget` nodes' worth of work on the proof.
    fn advance_proof(&mut self, budget: u64) {
        if let Proof::NotTried = self.proof {
            let problem = self.matrix.problem(Some(&self.reduction.keep));
            self.proof = if problem.num_entries() <= PRESOLVE_MAX_ENTRIES {
                Proof::Presolving(Box::new(DeadRows::new(&problem)), Box::new(problem))
            } else {
                match Farkas::new(&problem) {
                    Some(f) => Proof::Running(Box::new(f), Box::new(problem), 0),
                    None => Proof::Skipped,
                }
            };
        }
        if let Proof::Presolving(d, problem) = &mut self.proof {
            // A unit of presolve work (one row entry looked at) is far
            // cheaper than a search node.
            if !d.step(problem, budget.saturating_mul(PRESOLVE_UNITS_PER_NODE)) {
                return;
            }
            let (proof, live) = after_presolve(problem, d);
            self.proof = proof;
            if let Some(live) = live {
                self.search_live_rows(&live);
            }
            return;
        }
        let Proof::Running(f, problem, dead) = &mut self.proof else {
            return;
        };
        match f.step((budget / f.nodes_per_pivot()).max(1), problem) {
            Outcome::Working => {}
            Outcome::Proven(c) => self.proof = Proof::Proven(c, *dead),
            Outcome::Feasible | Outcome::GaveUp => self.proof = Proof::Skipped,
        }
    }

    /// Runs the search on the problem rows `live` only (the rows the
    /// presolve left; they have the same exact covers). Why: a dead row
    /// the search would otherwise try at every node where it fits costs
    /// time for nothing — on the heptiamond hexgrid puzzles a third of the
    /// rows are dead. Only before the search has started: the row numbers
    /// of [`parts`](Self::parts) and of [`fork`](Self::fork)ed sessions
    /// follow, and they are the same on every machine, because the dead
    /// rows are a fixpoint that does not depend on the order of the steps.
    fn search_live_rows(&mut self, live: &[usize]) {
        if self.solver.progress().nodes > 0 || live.len() == self.reduction.keep.len() {
            return;
        }
        let keep: Vec<usize> = live.iter().map(|&r| self.reduction.keep[r]).collect();
        let bits = matches!(self.solver, Inner::Bits(_));
        // Cannot fail: no forced rows.
        if let Ok(mut solver) = Inner::new(&self.puzzle, &self.matrix, &keep, &[], bits) {
            solver.set_count_only(self.count_only && !self.reduction.needs_test());
            self.solver = solver;
            self.reduction.keep = keep;
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The exact-cover matrix (all rows, before any restriction).
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// Number of symmetries of the puzzle (1 if none).
    pub fn symmetry_order(&self) -> usize {
        self.syms.len()
    }

    /// The piece whose placements were restricted, if any.
    pub fn restricted_piece(&self) -> Option<&str> {
        self.reduction
            .piece
            .map(|i| self.puzzle.pieces[i].name.as_str())
    }

    /// Row prefixes of length `depth` that split the remaining search into
    /// independent parts (see [`with_prefix`](Self::with_prefix)).
    pub fn subproblems(&self, depth: usize) -> Vec<Vec<usize>> {
        match &self.solver {
            Inner::Dlx(s) => s.subproblems(depth),
            // DLX's prefixes partition the solutions whichever search then
            // counts each part, and the bitset search accepts forced rows.
            Inner::Bits(b) => {
                let problem = self.matrix.problem(Some(&self.reduction.keep));
                CoverSearch::with_forced_rows(&problem, b.forced())
                    .map(|s| s.subproblems(depth))
                    .unwrap_or_default()
            }
        }
    }

    /// The parts a sharded count is cut into: the row prefixes of the
    /// shallowest depth (at most [`MAX_PART_DEPTH`]) that gives at least
    /// `target` of them, in the search's order. Deterministic: the same
    /// puzzle and options give the same parts on every machine, so shard I
    /// of N is the same work anywhere (see [`crate::shard`]).
    pub fn parts(&self, target: usize) -> Vec<Vec<usize>> {
        self.subproblems(self.part_depth(target))
    }

    /// The depth [`parts`](Self::parts) cuts at.
    fn part_depth(&self, target: usize) -> usize {
        let mut depth = 1;
        while depth < MAX_PART_DEPTH && self.subproblems(depth).len() < target {
            depth += 1;
        }
        depth
    }

    /// [`parts`](Self::parts), each with an estimate of its cost: the
    /// search nodes within [`WEIGHT_LEVELS`] levels below the prefix (one
    /// walk of the top of the tree, the same on every machine).
    pub fn weighted_parts(&self, target: usize) -> Vec<(Vec<usize>, u64)> {
        let depth = self.part_depth(target);
        match &self.solver {
            Inner::Dlx(s) => s.weighted_subproblems(depth, WEIGHT_LEVELS),
            Inner::Bits(b) => {
                let problem = self.matrix.problem(Some(&self.reduction.keep));
                CoverSearch::with_forced_rows(&problem, b.forced())
                    .map(|s| s.weighted_subproblems(depth, WEIGHT_LEVELS))
                    .unwrap_or_default()
            }
        }
    }

    /// Whether pieces can cross here: the matrix has crossing points
    /// (secondary items), as stick and trig puzzles do.
    pub fn has_crossings(&self) -> bool {
        !self.matrix.secondary.is_empty()
    }

    /// Whether the bitset search (not DLX) runs this session.
    pub fn uses_bitfill(&self) -> bool {
        matches!(self.solver, Inner::Bits(_))
    }

    /// Rows in the problem actually searched.
    pub fn rows_searched(&self) -> usize {
        self.reduction.keep.len()
    }

    /// The solution made of problem rows.
    fn to_solution(&self, rows: &[usize]) -> Solution {
        Solution {
            pieces: rows
                .iter()
                .map(|&r| {
                    let Placement { piece, cells } = &self.matrix.placements[r];
                    Placed {
                        name: self.puzzle.pieces[*piece].name.clone(),
                        cells: cells.clone(),
                    }
                })
                .collect(),
        }
    }

    /// Map problem rows to matrix rows and apply the symmetry test.
    fn accept(&mut self, problem_rows: &[usize]) -> bool {
        self.buf.clear();
        self.buf
            .extend(problem_rows.iter().map(|&r| self.reduction.keep[r]));
        if !self.reduction.test_all.is_empty() {
            return is_canonical(
                &self.matrix,
                &self.buf,
                &self.syms,
                &self.reduction.test_all,
            );
        }
        for &r in &self.buf {
            if let Some(tests) = self.reduction.test.get(&r) {
                return is_canonical(&self.matrix, &self.buf, &self.syms, tests);
            }
        }
        true
    }

    /// Run to the end and return every solution (at most `limit`).
    pub fn collect(mut self, limit: Option<usize>) -> Vec<Solution> {
        let mut out = Vec::new();
        while limit.is_none_or(|l| out.len() < l) {
            match self.step(1 << 20) {
                Step::Solution(s) => out.push(s),
                Step::Paused => {}
                Step::Done => break,
            }
        }
        out
    }
}

impl Search<Solution> for SolveRun {
    fn step(&mut self, budget: u64) -> Step<Solution> {
        // A count must visit the whole tree, so it first tries to prove in
        // a fraction of a second that the tree holds nothing. (A solve
        // does not: it usually finds a tiling long before that.)
        if self.count_only && self.proof.pending() {
            self.advance_proof(budget);
            if self.proof.pending() {
                return Step::Paused;
            }
        }
        if let Proof::Proven(..) = self.proof {
            return Step::Done;
        }
        if !self.count_only {
            // Solutions go out one by one: a restart would repeat them.
            self.part = None;
        } else if self.part.is_some() && self.solver.progress().nodes >= self.part_after {
            self.presolve_part();
        }
        let start = self.solver.progress().nodes;
        let fast_count = self.count_only && !self.reduction.needs_test();
        loop {
            let used = self.solver.progress().nodes - start;
            if used >= budget {
                return Step::Paused;
            }
            let step = self.solver.step(budget - used);
            let inner = self.solver.progress().solutions;
            if fast_count {
                self.found += inner - self.inner_seen;
            }
            self.inner_seen = inner;
            match step {
                Step::Solution(rows) => {
                    if fast_count {
                        continue;
                    }
                    if self.accept(&rows) {
                        self.found += 1;
                        if !self.count_only {
                            let buf = std::mem::take(&mut self.buf);
                            let sol = self.to_solution(&buf);
                            self.buf = buf;
                            return Step::Solution(sol);
                        }
                    }
                }
                Step::Paused => return Step::Paused,
                Step::Done => return Step::Done,
            }
        }
    }

    fn progress(&self) -> Progress {
        let inner = self.solver.progress();
        let proven = matches!(self.proof, Proof::Proven(..));
        Progress {
            // The proof's pivots are not search nodes: a count proven 0
            // explored no tree.
            nodes: self.nodes_before + inner.nodes,
            solutions: self.found,
            fraction: if proven { 1.0 } else { inner.fraction },
            conflicts: None,
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
        let fast = count_only && !self.reduction.needs_test();
        self.solver.set_count_only(fast);
    }

    fn proof(&self) -> Option<Impossible> {
        let Proof::Proven(c, set_aside) = &self.proof else {
            return None;
        };
        Some(Impossible {
            least: c.weights.iter().copied().min().unwrap_or(0),
            most: c.weights.iter().copied().max().unwrap_or(0),
            total: c.total.clamp(i64::MIN as i128, i64::MAX as i128) as i64,
            set_aside: *set_aside,
        })
    }
}

/// The proof's next stage once the dead rows of `problem` are known: a
/// bare item's −1 weight, or the LP on the rows left. Nothing is claimed
/// unless `presolve::verify` accepts the record (a failure would be a bug:
/// the search then decides). With it, the problem rows left when some were
/// set aside, for the search to run on.
fn after_presolve(problem: &mut Problem, d: &DeadRows) -> (Proof, Option<Vec<usize>>) {
    let Ok(n) = presolve::verify(problem, d.removed()) else {
        return (Proof::Skipped, None);
    };
    let live = (n > 0).then(|| {
        (0..problem.num_rows())
            .filter(|&r| d.is_alive(r))
            .collect::<Vec<usize>>()
    });
    (proof_after_presolve(problem, d, n), live)
}

/// The proof's next stage on the `n` rows the verified record leaves.
fn proof_after_presolve(problem: &mut Problem, d: &DeadRows, n: usize) -> Proof {
    let left = if n == 0 {
        std::mem::take(problem)
    } else {
        presolve::without(problem, d.removed())
    };
    let n = n as u64;
    if let Some(i) = d.bare(&left) {
        // A piece (or cell) with no placement left: its weight -1 is the
        // whole certificate, checked like any other.
        let mut weights = vec![0; left.num_items()];
        weights[i] = -1;
        return match certificate::verify(&left, &weights) {
            Ok(c) => Proof::Proven(c, n),
            Err(_) => Proof::Skipped,
        };
    }
    match Farkas::new(&left) {
        Some(f) => Proof::Running(Box::new(f), Box::new(left), n),
        None => Proof::Skipped,
    }
}

/// Hole floods stop past this many times the piece size (see [`holes`]):
/// on the heptiamond hexgrid puzzles 32 (whole regions) beat 8 by 1.1–1.4×.
const HOLE_FLOOD_PER_CELL: u32 = 32;

/// Presolve work units (row entries looked at) per search node of budget.
const PRESOLVE_UNITS_PER_NODE: u64 = 32;

/// Matrices up to this many entries are presolved before a count (the
/// largest catalogue matrices have ~2·10⁶; a pass costs about a second).
const PRESOLVE_MAX_ENTRIES: usize = 8_000_000;

/// The deepest prefixes [`SolveRun::parts`] goes to (each level multiplies
/// the parts by the branching there; past this a tree is too thin to cut).
pub const MAX_PART_DEPTH: usize = 8;

/// Levels below a part that [`SolveRun::weighted_parts`] walks to weigh it.
pub const WEIGHT_LEVELS: usize = 2;

/// Number of solutions (unique up to symmetry, or all).
pub fn count(puzzle: &Puzzle, options: SolveOptions) -> Result<u128, PolyformError> {
    let mut s = SolveRun::new(puzzle, options)?;
    Ok(s.count_solutions(None))
}

/// Every solution (unique up to symmetry, or all), at most `limit`.
pub fn solutions(
    puzzle: &Puzzle,
    options: SolveOptions,
    limit: Option<usize>,
) -> Result<Vec<Solution>, PolyformError> {
    Ok(SolveRun::new(puzzle, options)?.collect(limit))
}

/// [`count`] on `threads` native threads: the search cut into row prefixes,
/// many more than threads, each thread taking the next unclaimed one (see
/// [`super::parallel`]).
pub fn count_parallel(
    puzzle: &Puzzle,
    options: SolveOptions,
    engine: Engine,
    threads: usize,
) -> Result<u128, PolyformError> {
    count_parallel_with_nodes(puzzle, options, engine, threads).map(|(n, _)| n)
}

/// [`count_parallel`], also returning the search nodes of all threads (the
/// "searches" of Polyform Puzzler's trailer line).
pub fn count_parallel_with_nodes(
    puzzle: &Puzzle,
    options: SolveOptions,
    engine: Engine,
    threads: usize,
) -> Result<(u128, u64), PolyformError> {
    count_parallel_explained(puzzle, options, engine, threads).map(|(n, k, _)| (n, k))
}

/// [`count_parallel_with_nodes`], also saying how a count of 0 was proven
/// without searching, when it was ([`Search::proof`]).
pub fn count_parallel_explained(
    puzzle: &Puzzle,
    options: SolveOptions,
    engine: Engine,
    threads: usize,
) -> Result<(u128, u64, Option<Impossible>), PolyformError> {
    let mut root = SolveRun::with_engine(puzzle, options, &[], engine)?;
    if root.prove_impossible() {
        return Ok((0, root.progress().nodes, root.proof()));
    }
    if threads <= 1 {
        let mut s = root;
        let n = s.count_solutions(None);
        return Ok((n, s.progress().nodes, None));
    }
    let c = super::parallel::count_parts(&root, super::parallel::CountPlan::new(threads))?;
    Ok((c.solutions, c.nodes, None))
}
