//! Seeded puzzle generation: a random complete grid, then clues removed
//! (in symmetric orbits) while the solution stays unique; optionally
//! minimal and of a target difficulty.
//!
//! Reproducible everywhere: the only randomness is ChaCha8 seeded from a
//! `u64`, drawn as `u32`s (never `usize`, whose width differs on wasm32),
//! and nothing iterates a hash map.

use super::grid::{Sudoku, SudokuError};
use super::logic::{self, Outcome, Rating};
use super::shape::Shape;
use super::solve::Algorithm;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which clue patterns are allowed: the puzzle's givens (not the solution)
/// are symmetric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    None,
    /// Half-turn: (r, c) and (n-1-r, n-1-c) are both clues or both blank.
    Rot180,
    /// Left-right mirror: (r, c) and (r, n-1-c).
    Mirror,
}

impl FromStr for Symmetry {
    type Err = SudokuError;

    fn from_str(s: &str) -> Result<Symmetry, SudokuError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Symmetry::None),
            "rot180" => Ok(Symmetry::Rot180),
            "mirror" => Ok(Symmetry::Mirror),
            _ => Err(SudokuError::UnknownSymmetry(s.to_owned())),
        }
    }
}

impl Symmetry {
    /// The cells that must be removed together with `cell`.
    fn orbit(self, cell: usize, n: usize) -> Vec<usize> {
        let (r, c) = (cell / n, cell % n);
        let partner = match self {
            Symmetry::None => cell,
            Symmetry::Rot180 => n * n - 1 - cell,
            Symmetry::Mirror => r * n + (n - 1 - c),
        };
        if partner == cell {
            vec![cell]
        } else {
            vec![cell.min(partner), cell.max(partner)]
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub shape: Shape,
    pub seed: u64,
    /// Demand that no single clue can be removed (without symmetry every
    /// generated puzzle is minimal anyway; with symmetry the removal works
    /// on orbits, so a lone clue might still be removable).
    pub minimal: bool,
    pub symmetry: Symmetry,
    pub difficulty: Option<Rating>,
    /// A band of the numeric rating (tenths, inclusive: `(40, 60)` is
    /// 4.0–6.0) the puzzle must fall in; finer than `difficulty`, whose
    /// grades are themselves bands of it.
    #[serde(default)]
    pub score: Option<(u16, u16)>,
    /// Fresh grids to try before giving up.
    pub max_attempts: u32,
    /// Search nodes one uniqueness check may use before it counts as
    /// undecided (which keeps the clue, so puzzles stay unique).
    pub check_budget: u64,
}

impl Options {
    pub fn new(shape: Shape, seed: u64) -> Options {
        Options {
            shape,
            seed,
            minimal: false,
            symmetry: Symmetry::None,
            difficulty: None,
            score: None,
            // A 16×16 attempt takes about a second: keep a failing request
            // to seconds, not hours (callers can raise it).
            max_attempts: if shape.size() <= 9 { 500 } else { 10 },
            check_budget: 200_000,
        }
    }
}

/// A generated puzzle with what is known about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    pub puzzle: Sudoku,
    pub solution: Sudoku,
    /// The logical solver's rating (None if it gave up on a large grid).
    pub rating: Option<Rating>,
    /// The numeric rating in tenths, with `rating`.
    #[serde(default)]
    pub score: Option<u16>,
    /// Grids tried for this puzzle (more than 1 with a target difficulty).
    pub attempts: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// No grid, or no puzzle with the requested properties, within budget.
    GaveUp {
        shape: Shape,
        what: String,
        attempts: u32,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::GaveUp {
                shape,
                what,
                attempts,
            } => write!(
                f,
                "gave up generating a {n}x{n} puzzle ({shape} boxes): {what} after {attempts} \
                 attempts (try another seed, fewer constraints or a smaller grid)",
                n = shape.size()
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// A uniform draw in `0..bound` (bound ≥ 1), the same on every platform.
fn below(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    rng.gen_range(0..bound as u32) as usize
}

fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// A random complete grid: backtracking on the cell with fewest
/// candidates, digits in random order; restarts when a node budget runs
/// out (large grids can get lost in a dead subtree).
pub fn random_grid(shape: Shape, rng: &mut ChaCha8Rng) -> Option<Sudoku> {
    let n = shape.size();
    let geo = logic::Geometry::new(shape);
    let budget = 50_000 + 2_000 * (n * n) as u64;
    for _restart in 0..20 {
        let mut cells = vec![0u8; n * n];
        let mut nodes = 0u64;
        if fill(&geo, &mut cells, rng, &mut nodes, budget) {
            return Some(Sudoku::empty(shape).with_cells(cells));
        }
    }
    None
}

fn fill(
    geo: &logic::Geometry,
    cells: &mut [u8],
    rng: &mut ChaCha8Rng,
    nodes: &mut u64,
    budget: u64,
) -> bool {
    let n = geo.n;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // The empty cell with fewest candidates.
    let mut best: Option<(usize, u64)> = None;
    for cell in 0..n * n {
        if cells[cell] != 0 {
            continue;
        }
        let mask = geo.peers[cell]
            .iter()
            .filter(|&&p| cells[p] != 0)
            .fold(full, |m, &p| m & !(1u64 << (cells[p] - 1)));
        if best.is_none_or(|(_, m)| mask.count_ones() < m.count_ones()) {
            best = Some((cell, mask));
            if mask.count_ones() <= 1 {
                break;
            }
        }
    }
    let Some((cell, mask)) = best else {
        return true;
    };
    let mut digits = logic::board::digits(mask);
    shuffle(rng, &mut digits);
    for d in digits {
        *nodes += 1;
        if *nodes > budget {
            return false;
        }
        cells[cell] = d;
        if fill(geo, cells, rng, nodes, budget) {
            return true;
        }
    }
    cells[cell] = 0;
    false
}

/// `Some(true)` if `p` has exactly one solution, `Some(false)` if none or
/// several, `None` if the check ran out of budget.
///
/// Up to 9×9 backtracking decides (so every puzzle generated for a seed
/// there stays what it was); above 9×9 Auto does (DLX, then SAT once DLX
/// stalls), and SAT itself from 25×25 on, because backtracking without
/// learning runs out of budget on the sparse grids a minimal 16×16 or
/// 25×25 passes through (docs/sat.md). Both give the same verdict whenever
/// both decide, so only checks that used to end undecided change.
fn unique(p: &Sudoku, budget: u64) -> Option<bool> {
    let algorithm = match p.size() {
        0..=9 => Algorithm::Backtrack,
        // What Auto runs on 25×25 and up, minus its wrapper, so SAT's own
        // `is_unique` (one solve per budget, not 4,096-node restarts) runs.
        25.. => Algorithm::Sat,
        _ => Algorithm::Auto,
    };
    p.search(algorithm).ok()?.is_unique(budget)
}

/// Why one attempt failed (for the error message of the last one).
enum Miss {
    Grid,
    Undecided,
    NotMinimal,
    Difficulty(Option<Rating>),
    Score(Option<u16>),
}

fn attempt(options: &Options, rng: &mut ChaCha8Rng) -> Result<Generated, Miss> {
    let shape = options.shape;
    let n = shape.size();
    let solution = random_grid(shape, rng).ok_or(Miss::Grid)?;
    let mut cells = solution.cells().to_vec();
    let mut orbits: Vec<Vec<usize>> = (0..n * n)
        .map(|c| options.symmetry.orbit(c, n))
        .enumerate()
        .filter(|(c, o)| o[0] == *c)
        .map(|(_, o)| o)
        .collect();
    shuffle(rng, &mut orbits);
    let mut undecided = false;
    for orbit in &orbits {
        let kept: Vec<u8> = orbit.iter().map(|&c| cells[c]).collect();
        for &c in orbit {
            cells[c] = 0;
        }
        match unique(&solution.with_cells(cells.clone()), options.check_budget) {
            Some(true) => {}
            verdict => {
                undecided |= verdict.is_none();
                for (&c, &v) in orbit.iter().zip(&kept) {
                    cells[c] = v;
                }
            }
        }
    }
    let puzzle = solution.with_cells(cells.clone());
    if options.minimal {
        if undecided {
            return Err(Miss::Undecided);
        }
        // Orbit removal leaves lone clues untested when there is symmetry.
        if options.symmetry != Symmetry::None {
            for c in (0..n * n).filter(|&c| cells[c] != 0) {
                let mut fewer = cells.clone();
                fewer[c] = 0;
                match unique(&solution.with_cells(fewer), options.check_budget) {
                    Some(false) => {}
                    Some(true) => return Err(Miss::NotMinimal),
                    None => return Err(Miss::Undecided),
                }
            }
        }
    }
    let (rating, score) = if options.difficulty.is_some() || options.score.is_some() || n <= 9 {
        logic::explain(&puzzle)
            .ok()
            .filter(|e| e.outcome == Outcome::Solved)
            .map_or((None, None), |e| (e.rating, e.score))
    } else {
        (None, None)
    };
    if let Some(target) = options.difficulty {
        if rating != Some(target) {
            return Err(Miss::Difficulty(rating));
        }
    }
    if let Some((lo, hi)) = options.score {
        if !score.is_some_and(|s| (lo..=hi).contains(&s)) {
            return Err(Miss::Score(score));
        }
    }
    Ok(Generated {
        puzzle,
        solution,
        rating,
        score,
        attempts: 0,
    })
}

/// One puzzle from an RNG stream (so `generate_many` continues it).
fn generate_from(options: &Options, rng: &mut ChaCha8Rng) -> Result<Generated, GenerateError> {
    let mut last = Miss::Grid;
    for attempts in 1..=options.max_attempts.max(1) {
        match attempt(options, rng) {
            Ok(mut g) => {
                g.attempts = attempts;
                return Ok(g);
            }
            Err(m) => last = m,
        }
    }
    let what = match last {
        Miss::Grid => "no complete grid was found within the search budget".to_string(),
        Miss::Undecided => {
            "a uniqueness check ran out of its node budget, so minimality could not be proved"
                .to_string()
        }
        Miss::NotMinimal => {
            "every symmetric puzzle still had a removable clue (not minimal)".to_string()
        }
        Miss::Difficulty(r) => format!(
            "no puzzle of difficulty {} turned up (the last one was {})",
            options.difficulty.map_or("any", Rating::name),
            r.map_or("unrated", Rating::name)
        ),
        Miss::Score(s) => {
            let (lo, hi) = options.score.unwrap_or((0, 0));
            format!(
                "no puzzle rated {}–{} turned up (the last one was {})",
                logic::weight_text(lo),
                logic::weight_text(hi),
                s.map_or("unrated".to_string(), logic::weight_text)
            )
        }
    };
    Err(GenerateError::GaveUp {
        shape: options.shape,
        what,
        attempts: options.max_attempts.max(1),
    })
}

/// One puzzle; the same options give the same puzzle everywhere.
pub fn generate(options: &Options) -> Result<Generated, GenerateError> {
    generate_many(options, 1).map(|mut v| v.remove(0))
}

/// `count` puzzles from one seeded stream (the first equals `generate`).
pub fn generate_many(options: &Options, count: usize) -> Result<Vec<Generated>, GenerateError> {
    let mut stream = Stream::new(options);
    (0..count).map(|_| stream.next_puzzle()).collect()
}

/// Puzzles one at a time from one seeded stream, so a caller (the CLI, a
/// Web Worker) can show each as soon as it exists.
pub struct Stream {
    options: Options,
    rng: ChaCha8Rng,
}

impl Stream {
    pub fn new(options: &Options) -> Stream {
        Stream {
            options: options.clone(),
            rng: ChaCha8Rng::seed_from_u64(options.seed),
        }
    }

    pub fn next_puzzle(&mut self) -> Result<Generated, GenerateError> {
        generate_from(&self.options, &mut self.rng)
    }
}
