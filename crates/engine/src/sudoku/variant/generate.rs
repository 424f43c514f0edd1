//! Seeded generation of variant puzzles, as `sudoku::generate` does for
//! standard grids: a random complete grid (the first solution of an exact
//! cover whose rows are shuffled), then clues removed one by one in random
//! order while the solution stays unique. A clue whose removal was refused
//! stays unremovable (fewer clues never make a puzzle unique again), so the
//! result is minimal unless a uniqueness check ran out of budget —
//! `minimal` turns that case into another attempt.
//!
//! Reproducible everywhere: ChaCha8 from a `u64`, `u32` draws only.

use super::regions::RegionMap;
use super::solve::VariantSearch;
use super::{Kind, Variant};
use crate::search::{Search, Step};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Puzzles for this variant (a jigsaw with its map).
    Fixed(Variant),
    /// Jigsaw puzzles of this size, each on a fresh random region map.
    RandomJigsaw(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub request: Request,
    pub seed: u64,
    /// Refuse puzzles whose minimality could not be proved within budget.
    pub minimal: bool,
    pub max_attempts: u32,
    /// Search nodes one uniqueness check may use before it counts as
    /// undecided (the clue is then kept, so puzzles stay unique).
    pub check_budget: u64,
}

impl Options {
    pub fn new(request: Request, seed: u64) -> Options {
        Options {
            request,
            seed,
            minimal: false,
            max_attempts: 50,
            check_budget: 200_000,
        }
    }
}

/// A generated puzzle, its variant (which carries a random jigsaw's map) and
/// its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub variant: Variant,
    pub puzzle: Vec<u8>,
    pub solution: Vec<u8>,
    pub attempts: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerateError {
    pub what: String,
    pub attempts: u32,
}

impl fmt::Display for VariantGenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gave up generating a puzzle: {} after {} attempts (try another seed or region map)",
            self.what, self.attempts
        )
    }
}

impl std::error::Error for VariantGenerateError {}

fn below(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    rng.gen_range(0..bound as u32) as usize
}

fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// A random complete grid, or `None` if several shuffled searches ran out
/// of budget (a jigsaw map may even have no grid at all).
pub fn random_grid(variant: &Variant, rng: &mut ChaCha8Rng) -> Option<Vec<u8>> {
    let cells = variant.cells();
    let empty = vec![0u8; cells];
    let budget = 20_000 + 200 * cells as u64;
    for _restart in 0..8 {
        let mut order: Vec<usize> = (0..cells).collect();
        shuffle(rng, &mut order);
        let digits: Vec<Vec<u8>> = (0..cells)
            .map(|_| {
                let mut d: Vec<u8> = (1..=variant.size() as u8).collect();
                shuffle(rng, &mut d);
                d
            })
            .collect();
        let mut search = VariantSearch::unchecked(variant, &empty, Some((&order, &digits)));
        loop {
            match search.step(1024) {
                Step::Solution(grid) => return Some(grid),
                Step::Done => return None,
                Step::Paused if search.progress().nodes > budget => break,
                Step::Paused => {}
            }
        }
    }
    None
}

/// `Some(true)` if exactly one solution, `Some(false)` if none or several,
/// `None` if undecided within `budget` nodes.
pub fn unique(variant: &Variant, values: &[u8], budget: u64) -> Option<bool> {
    VariantSearch::unchecked(variant, values, None).is_unique(budget)
}

enum Miss {
    Grid,
    Undecided,
}

fn attempt(options: &Options, rng: &mut ChaCha8Rng) -> Result<Generated, Miss> {
    let variant = match &options.request {
        Request::Fixed(v) => v.clone(),
        Request::RandomJigsaw(n) => Variant::jigsaw(RegionMap::random(*n, rng)),
    };
    let solution = random_grid(&variant, rng).ok_or(Miss::Grid)?;
    let mut cells = solution.clone();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    shuffle(rng, &mut order);
    let mut undecided = false;
    for &c in &order {
        let kept = cells[c];
        cells[c] = 0;
        match unique(&variant, &cells, options.check_budget) {
            Some(true) => {}
            verdict => {
                undecided |= verdict.is_none();
                cells[c] = kept;
            }
        }
    }
    if options.minimal && undecided {
        return Err(Miss::Undecided);
    }
    Ok(Generated {
        variant,
        puzzle: cells,
        solution,
        attempts: 0,
    })
}

/// Puzzles one at a time from one seeded stream.
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

    pub fn next_puzzle(&mut self) -> Result<Generated, VariantGenerateError> {
        let mut last = Miss::Grid;
        let attempts = self.options.max_attempts.max(1);
        for k in 1..=attempts {
            match attempt(&self.options, &mut self.rng) {
                Ok(mut g) => {
                    g.attempts = k;
                    return Ok(g);
                }
                Err(m) => last = m,
            }
        }
        let what = match (last, &self.options.request) {
            (Miss::Grid, Request::Fixed(v)) if matches!(v.kind(), Kind::Jigsaw(_)) => {
                "no complete grid was found for this region map (some maps have none)".to_string()
            }
            (Miss::Grid, _) => "no complete grid was found within the search budget".to_string(),
            (Miss::Undecided, _) => {
                "a uniqueness check ran out of its node budget, so minimality could not be proved"
                    .to_string()
            }
        };
        Err(VariantGenerateError { what, attempts })
    }
}

/// One puzzle; the same options give the same puzzle everywhere.
pub fn generate(options: &Options) -> Result<Generated, VariantGenerateError> {
    Stream::new(options).next_puzzle()
}
