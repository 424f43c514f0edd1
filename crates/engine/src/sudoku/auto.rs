//! The one place that picks a Sudoku engine, and `Algorithm::Auto`.
//!
//! # The picker
//!
//! Every grid is rules as data — a [`Kind`] (standard with any box shape,
//! X, jigsaw, Samurai) expanded into cells and units ([`Variant`]) — and
//! every question (solve, enumerate, uniqueness, count) goes through
//! [`pick`], which chooses among the kernels from the rules, the user's
//! [`Algorithm`] and the [`Question`]; [`search`], [`count`] and
//! [`counter`] build what it picked. `Sudoku` (the standard grid with
//! Sage's formats) and `Variant` both call them, and so do the CLI and
//! the worker's jobs: the browser's Count runs the same 9×9 counters as
//! the CLI's `count_solutions`, sliced by `sudoku::resumable`. The kernels
//! stay specialised; only the choice is shared.
//!
//! # Auto
//!
//! A tree search while it is quick, SAT once it stalls. DLX answers most
//! puzzles faster than a SAT solver can even be set up
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

use super::backtrack::BacktrackSearch;
use super::band::Band9;
use super::dlx::DlxSearch;
use super::dlx9;
use super::grid::Sudoku;
use super::resumable::{Kernel9, ResumableCount};
use super::sat::SatSearch;
use super::solve::{Algorithm, SudokuSearch};
use super::variant::solve::VariantSearch;
use super::variant::{Kind, Variant};
use crate::search::{Progress, Search, Step};
use serde::{Deserialize, Serialize};

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
            conflicts: p.conflicts,
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

/// What is asked of a puzzle. Solving and enumerating need solutions in a
/// resumable search; uniqueness and counting only a number, which the
/// 9×9 counters give faster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The first solution.
    Solve,
    /// Solutions one by one.
    Enumerate,
    /// None, one or several (a count stopped at two).
    Unique,
    /// How many.
    Count,
}

impl Question {
    fn counts(self) -> bool {
        matches!(self, Question::Unique | Question::Count)
    }
}

/// The kernels the picker chooses between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Engine {
    /// Band bitboards, 9×9 with 3×3 boxes only (`sudoku::band`).
    Band,
    /// Fixed-shape Dancing Links, 9×9 counting only (`sudoku::dlx9`).
    Dlx9,
    /// Dancing Links with Sage's encoding and order, standard grids
    /// (`sudoku::dlx`).
    Dlx,
    /// Dancing Links on cells + units, any rules (`variant::solve`).
    Cover,
    /// Bitset backtracking with singles, standard grids
    /// (`sudoku::backtrack`).
    Backtrack,
    /// CDCL on the units' CNF (`sudoku::sat`).
    Sat,
}

impl Engine {
    /// The name `Search::engine` reports (Cover is Dancing Links too).
    pub fn name(self) -> &'static str {
        match self {
            Engine::Band => "band",
            Engine::Dlx9 => "dlx9",
            Engine::Dlx | Engine::Cover => "dlx",
            Engine::Backtrack => "backtrack",
            Engine::Sat => "sat",
        }
    }

    /// The engine a `Search::engine` name stands for ("dlx" is Dancing
    /// Links, whichever matrix it runs on).
    pub fn from_name(name: &str) -> Option<Engine> {
        [
            Engine::Band,
            Engine::Dlx9,
            Engine::Dlx,
            Engine::Backtrack,
            Engine::Sat,
        ]
        .into_iter()
        .find(|e| e.name() == name)
    }
}

/// What the picker chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// One engine throughout.
    Only(Engine),
    /// This tree search, handing over to SAT if it stalls ([`AutoSearch`]).
    Auto(Engine),
}

/// Standard rules with 3×3 boxes: the only grid the 9×9 kernels take.
fn nine(rules: &Kind) -> bool {
    matches!(rules, Kind::Standard(shape) if shape.is_nine())
}

/// The engine for `question` about a puzzle with these rules, when the
/// user chose `algorithm`: the one place that decides.
///
/// * 9×9: the band solver for Backtrack and Auto (it never stalls); for
///   Dlx, Sage's DLX when solutions are wanted (Sage's order), the
///   fixed-shape dlx9 counter when only a number is.
/// * other standard grids: Sage's DLX, bitset backtracking, SAT; Auto runs
///   DLX with the SAT fallback, or SAT at once from [`SAT_FROM_SIZE`]
///   symbols.
/// * X, jigsaw, Samurai: DLX on cells + units for Dlx and Backtrack
///   (there is no backtracking solver for units), SAT, Auto as above.
pub fn pick(rules: &Kind, algorithm: Algorithm, question: Question) -> Plan {
    let standard = match rules {
        Kind::Standard(shape) => Some(shape.size()),
        _ => None,
    };
    let tree = if standard.is_some() {
        Engine::Dlx
    } else {
        Engine::Cover
    };
    match algorithm {
        Algorithm::Sat => Plan::Only(Engine::Sat),
        Algorithm::Dlx if nine(rules) && question.counts() => Plan::Only(Engine::Dlx9),
        Algorithm::Dlx => Plan::Only(tree),
        Algorithm::Backtrack | Algorithm::Auto if nine(rules) => Plan::Only(Engine::Band),
        Algorithm::Backtrack if standard.is_some() => Plan::Only(Engine::Backtrack),
        Algorithm::Backtrack => Plan::Only(Engine::Cover),
        Algorithm::Auto if standard.is_some_and(|n| n >= SAT_FROM_SIZE) => Plan::Only(Engine::Sat),
        Algorithm::Auto => Plan::Auto(tree),
    }
}

/// The units of `rules` as cell lists (SAT's and the fallback's input).
fn units_of(rules: &Kind, variant: Option<&Variant>) -> Vec<Vec<usize>> {
    match (rules, variant) {
        (Kind::Standard(shape), _) => Sudoku::units(*shape)
            .into_iter()
            .map(|(_, cells)| cells)
            .collect(),
        (_, Some(v)) => v.units().iter().map(|u| u.cells.clone()).collect(),
        (kind, None) => units_of(kind, Variant::new(kind.clone()).ok().as_ref()),
    }
}

/// One engine's resumable search over a checked puzzle.
fn engine_search(
    engine: Engine,
    rules: &Kind,
    variant: Option<&Variant>,
    values: &[u8],
) -> SudokuSearch {
    match (engine, rules) {
        (Engine::Band, _) => Box::new(Band9::new(values)),
        (Engine::Dlx9, _) => Box::new(ResumableCount::new(Kernel9::Dlx9, values, None)),
        (Engine::Dlx, Kind::Standard(shape)) => Box::new(DlxSearch::new(*shape, values)),
        (Engine::Backtrack, Kind::Standard(shape)) => {
            Box::new(BacktrackSearch::new(*shape, values))
        }
        (Engine::Sat, _) => Box::new(SatSearch::new(
            max_symbol(rules, variant),
            &units_of(rules, variant),
            values,
        )),
        // Cover, or a standard-only engine asked for other rules.
        (_, _) => {
            let owned;
            let v = match variant {
                Some(v) => v,
                None => {
                    owned = Variant::new(rules.clone()).expect("checked rules");
                    &owned
                }
            };
            Box::new(VariantSearch::unchecked(v, values, None))
        }
    }
}

/// Symbols per unit.
fn max_symbol(rules: &Kind, variant: Option<&Variant>) -> usize {
    match (rules, variant) {
        (Kind::Standard(shape) | Kind::X(shape), _) => shape.size(),
        (_, Some(v)) => v.size(),
        (Kind::Jigsaw(map), None) => map.size(),
        (Kind::Samurai, None) => 9,
    }
}

/// The resumable search [`pick`] chose for solving or enumerating a
/// checked puzzle. `variant`: the rules' cells and units if the caller
/// has them (built here when an engine needs them).
pub fn search(
    rules: &Kind,
    variant: Option<&Variant>,
    values: &[u8],
    algorithm: Algorithm,
) -> SudokuSearch {
    match pick(rules, algorithm, Question::Enumerate) {
        Plan::Only(Engine::Sat) if algorithm == Algorithm::Auto => {
            Box::new(AutoSearch::sat(Fallback {
                n: max_symbol(rules, variant),
                units: units_of(rules, variant),
                values: values.to_vec(),
            }))
        }
        Plan::Only(engine) => engine_search(engine, rules, variant, values),
        Plan::Auto(tree) => Box::new(AutoSearch::new(
            engine_search(tree, rules, variant, values),
            Fallback {
                n: max_symbol(rules, variant),
                units: units_of(rules, variant),
                values: values.to_vec(),
            },
            PATIENCE,
        )),
    }
}

/// The 9×9 kernel a counting plan runs, if any.
fn kernel(plan: Plan) -> Option<Kernel9> {
    match plan {
        Plan::Only(Engine::Band) => Some(Kernel9::Band),
        Plan::Only(Engine::Dlx9) => Some(Kernel9::Dlx9),
        _ => None,
    }
}

/// Count a puzzle's solutions at once, stopping at `limit`, and name the
/// engine that counted ("band", "dlx9", "dlx", "backtrack" or "sat").
/// `verify` checks the givens: the 9×9 counters find clashes themselves
/// and call it only then (to name the clash), every other engine first.
pub fn count<E>(
    rules: &Kind,
    variant: Option<&Variant>,
    values: &[u8],
    algorithm: Algorithm,
    limit: Option<u128>,
    verify: impl FnOnce() -> Result<(), E>,
) -> Result<(u128, &'static str), E> {
    let plan = pick(rules, algorithm, Question::Count);
    if let Some(k) = kernel(plan) {
        let counted = match k {
            Kernel9::Band => Band9::count(values, limit),
            Kernel9::Dlx9 => dlx9::count(values, limit),
        };
        return match counted {
            Some(n) => Ok((n, k.name())),
            None => verify().map(|()| (0, k.name())),
        };
    }
    verify()?;
    let mut search = search(rules, variant, values, algorithm);
    let engine = |s: &SudokuSearch| s.engine().unwrap_or(algorithm.name());
    if let Some(limit) = limit {
        // Enumerate so the search stops exactly at the limit.
        search.set_count_only(false);
        let mut found = 0;
        while found < limit {
            match search.step(u64::MAX) {
                Step::Solution(_) => found += 1,
                Step::Paused => {}
                Step::Done => break,
            }
        }
        return Ok((found, engine(&search)));
    }
    let n = search.count_solutions(None);
    Ok((n, engine(&search)))
}

/// The same count as [`count`], resumable (for a Web Worker: progress,
/// Cancel): the 9×9 counters sliced by [`ResumableCount`], every other engine's
/// search in count-only mode. The puzzle must be checked; the caller
/// enforces `limit` too (the sliced counters also stop there).
pub fn counter(
    rules: &Kind,
    variant: Option<&Variant>,
    values: &[u8],
    algorithm: Algorithm,
    limit: Option<u128>,
) -> SudokuSearch {
    match kernel(pick(rules, algorithm, Question::Count)) {
        Some(k) => Box::new(ResumableCount::new(k, values, limit)),
        None => {
            let mut s = search(rules, variant, values, algorithm);
            s.set_count_only(true);
            s
        }
    }
}
