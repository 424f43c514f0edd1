//! The phase-transition experiment of the modeling paper (seed 003, "Phase
//! transition phenomena in random puzzles"): how often does a random puzzle
//! with k clues have exactly one solution?
//!
//! The paper's library builds its random puzzles as `random_puzzle(grid,
//! n_fixed)`: a solved grid with all but `n_fixed` cells erased, so every
//! such puzzle has a solution and the interesting curve is the fraction
//! that is *unique* ([`Model::GridSubset`]). The question "does it have any
//! solution?" only becomes interesting when the givens do not come from a
//! grid, so a second model draws k givens that merely do not clash with
//! each other ([`Model::RandomGivens`], the quasigroup-completion style of
//! experiment): there both curves, solvable and unique, are measured.
//!
//! Every sample has its own ChaCha8 stream seeded from (seed, model, k,
//! sample index), so a point is reproducible on its own and the result does
//! not depend on the order in which samples are computed. The experiment
//! runs sample by sample ([`Phase::step`]) so a worker can stream partial
//! curves; it visits the clue counts round-robin (sample 0 of every k, then
//! sample 1 of every k, …) so the whole curve appears at once and sharpens.

use crate::sudoku::generate::random_grid;
use crate::sudoku::{Algorithm, Shape, Sudoku};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How the random k-clue puzzles are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Model {
    /// k cells of a random complete grid, chosen uniformly (the paper's
    /// `random_puzzle`): always solvable.
    GridSubset,
    /// k uniformly chosen cells, each given a digit uniformly among those
    /// its row, column and box do not hold yet (any digit if none is left,
    /// which makes the puzzle contradictory).
    RandomGivens,
}

impl Model {
    pub const ALL: [Model; 2] = [Model::GridSubset, Model::RandomGivens];

    pub fn name(self) -> &'static str {
        match self {
            Model::GridSubset => "grid",
            Model::RandomGivens => "givens",
        }
    }

    fn tag(self) -> u8 {
        match self {
            Model::GridSubset => 1,
            Model::RandomGivens => 2,
        }
    }
}

impl FromStr for Model {
    type Err = PhaseError;

    fn from_str(s: &str) -> Result<Model, PhaseError> {
        Model::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| PhaseError::UnknownModel(s.to_owned()))
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub shape: Shape,
    pub model: Model,
    pub min_clues: usize,
    pub max_clues: usize,
    /// Puzzles drawn per clue count.
    pub samples: u32,
    pub seed: u64,
}

/// Largest grid the experiment accepts: random grids and uniqueness checks
/// stay in the millisecond range up to 9 symbols.
pub const MAX_SYMBOLS: usize = 9;
/// Samples per clue count are capped so one run stays a few minutes.
pub const MAX_SAMPLES: u32 = 100_000;

impl Config {
    /// The paper's range on 9×9: 17 (the proven minimum for uniqueness)
    /// to 40 clues.
    pub fn standard(samples: u32, seed: u64) -> Config {
        Config {
            shape: Shape::square(3).expect("3x3 boxes are a valid shape"),
            model: Model::GridSubset,
            min_clues: 17,
            max_clues: 40,
            samples,
            seed,
        }
    }

    /// A request that cannot run is refused with what is wrong.
    pub fn validate(&self) -> Result<(), PhaseError> {
        let n = self.shape.size();
        if n > MAX_SYMBOLS {
            return Err(PhaseError::TooLarge { shape: self.shape });
        }
        let cells = n * n;
        if self.min_clues > self.max_clues || self.max_clues > cells {
            return Err(PhaseError::ClueRange {
                min: self.min_clues,
                max: self.max_clues,
                cells,
            });
        }
        if self.samples == 0 || self.samples > MAX_SAMPLES {
            return Err(PhaseError::Samples(self.samples));
        }
        Ok(())
    }

    pub fn clue_counts(&self) -> std::ops::RangeInclusive<usize> {
        self.min_clues..=self.max_clues
    }

    /// Samples in the whole run.
    pub fn total_samples(&self) -> u64 {
        (self.max_clues - self.min_clues + 1) as u64 * u64::from(self.samples)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhaseError {
    TooLarge {
        shape: Shape,
    },
    ClueRange {
        min: usize,
        max: usize,
        cells: usize,
    },
    Samples(u32),
    /// A model name we do not know.
    UnknownModel(String),
}

impl fmt::Display for PhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhaseError::TooLarge { shape } => write!(
                f,
                "the phase experiment runs on grids of at most {MAX_SYMBOLS} symbols, not {n}x{n} \
                 ({shape} boxes)",
                n = shape.size()
            ),
            PhaseError::ClueRange { min, max, cells } => write!(
                f,
                "clue range {min}..{max} is not valid: it needs min <= max <= {cells} (the number \
                 of cells)"
            ),
            PhaseError::Samples(s) => write!(
                f,
                "samples per clue count must be between 1 and {MAX_SAMPLES}, not {s}"
            ),
            PhaseError::UnknownModel(name) => write!(
                f,
                "'{name}' is not a model: choose grid (k cells of a random grid) or givens (k \
                 random non-clashing givens)"
            ),
        }
    }
}

impl std::error::Error for PhaseError {}

/// How many solutions a sampled puzzle has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    None,
    Unique,
    Multiple,
}

/// The tally for one clue count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    pub clues: usize,
    pub unique: u32,
    pub multiple: u32,
    pub none: u32,
}

impl Point {
    pub fn samples(&self) -> u32 {
        self.unique + self.multiple + self.none
    }

    fn fraction(&self, hits: u32) -> f64 {
        match self.samples() {
            0 => 0.0,
            s => f64::from(hits) / f64::from(s),
        }
    }

    pub fn fraction_unique(&self) -> f64 {
        self.fraction(self.unique)
    }

    /// Unique or multiple: at least one solution.
    pub fn fraction_solvable(&self) -> f64 {
        self.fraction(self.unique + self.multiple)
    }

    pub fn unique_interval(&self) -> (f64, f64) {
        wilson(self.unique, self.samples())
    }

    pub fn solvable_interval(&self) -> (f64, f64) {
        wilson(self.unique + self.multiple, self.samples())
    }

    fn add(&mut self, class: Class) {
        match class {
            Class::None => self.none += 1,
            Class::Unique => self.unique += 1,
            Class::Multiple => self.multiple += 1,
        }
    }
}

/// The Wilson score interval at 95%: unlike p ± 1.96·√(p(1−p)/n) it does
/// not collapse to a point at 0 or 1, where most of this curve lives.
pub fn wilson(hits: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(n);
    let p = f64::from(hits) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // At 0 or n hits the bound is exactly 0 or 1 (rounding leaves ±1e-18).
    let lo = if hits == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if f64::from(hits) == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// The random stream of one sample: independent of every other sample.
fn sample_rng(config: &Config, clues: usize, index: u32) -> ChaCha8Rng {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&config.seed.to_le_bytes());
    seed[8..16].copy_from_slice(&(clues as u64).to_le_bytes());
    seed[16..20].copy_from_slice(&index.to_le_bytes());
    seed[20] = config.model.tag();
    seed[21] = config.shape.box_rows as u8;
    seed[22] = config.shape.box_cols as u8;
    ChaCha8Rng::from_seed(seed)
}

fn below(rng: &mut ChaCha8Rng, bound: usize) -> usize {
    rng.gen_range(0..bound as u32) as usize
}

/// `k` distinct cells, uniformly (a partial Fisher–Yates shuffle), in the
/// order drawn.
fn random_cells(rng: &mut ChaCha8Rng, cells: usize, k: usize) -> Vec<usize> {
    let mut all: Vec<usize> = (0..cells).collect();
    for i in 0..k {
        let j = i + below(rng, cells - i);
        all.swap(i, j);
    }
    all.truncate(k);
    all
}

/// The `index`-th puzzle with `clues` givens of the experiment.
pub fn sample_puzzle(config: &Config, clues: usize, index: u32) -> Sudoku {
    let mut rng = sample_rng(config, clues, index);
    let shape = config.shape;
    let n = shape.size();
    match config.model {
        Model::GridSubset => {
            // For at most 9 symbols the generator never exhausts its restart
            // budget; if it ever did, the same stream simply draws again.
            let grid = loop {
                if let Some(g) = random_grid(shape, &mut rng) {
                    break g;
                }
            };
            let keep = random_cells(&mut rng, n * n, clues);
            let mut cells = vec![0u8; n * n];
            for c in keep {
                cells[c] = grid.cells()[c];
            }
            grid.with_cells(cells)
        }
        Model::RandomGivens => {
            let order = random_cells(&mut rng, n * n, clues);
            let mut cells = vec![0u8; n * n];
            for c in order {
                let (r, col, b) = (c / n, c % n, shape.box_of(c / n, c % n));
                let mut seen = 0u64;
                for (i, &v) in cells.iter().enumerate() {
                    if v != 0 && (i / n == r || i % n == col || shape.box_of(i / n, i % n) == b) {
                        seen |= 1 << (v - 1);
                    }
                }
                let free: Vec<u8> = (1..=n as u8).filter(|d| seen >> (d - 1) & 1 == 0).collect();
                cells[c] = if free.is_empty() {
                    1 + below(&mut rng, n) as u8
                } else {
                    free[below(&mut rng, free.len())]
                };
            }
            Sudoku::empty(shape).with_cells(cells)
        }
    }
}

/// None, one or several solutions, with the fast solver (the band solver
/// on 9×9, bitset backtracking otherwise) stopped at the second solution.
/// Clashing givens mean no solution.
pub fn classify(puzzle: &Sudoku) -> Class {
    match puzzle.count_solutions(Algorithm::Backtrack, Some(2)) {
        Ok(0) | Err(_) => Class::None,
        Ok(1) => Class::Unique,
        Ok(_) => Class::Multiple,
    }
}

/// A run of the experiment, one sample per [`Phase::step`].
#[derive(Clone, Debug)]
pub struct Phase {
    config: Config,
    points: Vec<Point>,
    /// Samples done; sample `d` is index `d / width` of clue count
    /// `min + d % width`.
    done: u64,
}

impl Phase {
    pub fn new(config: Config) -> Result<Phase, PhaseError> {
        config.validate()?;
        Ok(Phase {
            points: config
                .clue_counts()
                .map(|clues| Point {
                    clues,
                    ..Point::default()
                })
                .collect(),
            config,
            done: 0,
        })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Tallies so far, one per clue count, in increasing clue order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    pub fn samples_done(&self) -> u64 {
        self.done
    }

    pub fn is_done(&self) -> bool {
        self.done >= self.config.total_samples()
    }

    /// Samples done for every clue count (a finished round of the
    /// round-robin).
    pub fn rounds_done(&self) -> u64 {
        self.done / self.points.len() as u64
    }

    /// Draw and classify the next sample; `None` once the run is over.
    pub fn step(&mut self) -> Option<(usize, Class)> {
        if self.is_done() {
            return None;
        }
        let width = self.points.len() as u64;
        let slot = (self.done % width) as usize;
        let index = (self.done / width) as u32;
        let clues = self.config.min_clues + slot;
        let class = classify(&sample_puzzle(&self.config, clues, index));
        self.points[slot].add(class);
        self.done += 1;
        Some((clues, class))
    }

    /// Run to the end.
    pub fn run(mut self) -> Vec<Point> {
        while self.step().is_some() {}
        self.points
    }
}

/// The CSV header (shared by the CLI and the browser's download).
pub const CSV_HEADER: &str = "clues,samples,unique,multiple,none,fraction_unique,fraction_solvable,unique_low95,unique_high95,solvable_low95,solvable_high95";

/// The tallies as CSV: a header line, then one row per clue count.
pub fn csv(points: &[Point]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for p in points {
        let (ul, uh) = p.unique_interval();
        let (sl, sh) = p.solvable_interval();
        out.push_str(&format!(
            "{},{},{},{},{},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6}\n",
            p.clues,
            p.samples(),
            p.unique,
            p.multiple,
            p.none,
            p.fraction_unique(),
            p.fraction_solvable(),
            ul,
            uh,
            sl,
            sh
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(model: Model, min: usize, max: usize, samples: u32, seed: u64) -> Config {
        Config {
            model,
            min_clues: min,
            max_clues: max,
            samples,
            seed,
            ..Config::standard(1, 0)
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_curve_and_another_seed_another() {
        let a = Phase::new(config(Model::GridSubset, 20, 30, 6, 7))
            .unwrap()
            .run();
        let b = Phase::new(config(Model::GridSubset, 20, 30, 6, 7))
            .unwrap()
            .run();
        assert_eq!(a, b);
        assert_eq!(
            sample_puzzle(&config(Model::GridSubset, 20, 30, 6, 7), 25, 3),
            sample_puzzle(&config(Model::GridSubset, 20, 30, 6, 7), 25, 3)
        );
        assert_ne!(
            sample_puzzle(&config(Model::GridSubset, 20, 30, 6, 7), 25, 3),
            sample_puzzle(&config(Model::GridSubset, 20, 30, 6, 8), 25, 3)
        );
    }

    #[test]
    fn a_point_does_not_depend_on_the_range_it_was_run_in() {
        // Sample i of k is the same puzzle whatever else is computed.
        let narrow = Phase::new(config(Model::RandomGivens, 24, 24, 5, 3))
            .unwrap()
            .run();
        let wide = Phase::new(config(Model::RandomGivens, 20, 28, 5, 3))
            .unwrap()
            .run();
        assert_eq!(narrow[0], wide[4]);
    }

    #[test]
    fn samples_have_k_clues_and_grid_subsets_agree_with_a_grid() {
        for model in Model::ALL {
            let c = config(model, 17, 40, 3, 11);
            for k in [17, 30, 40] {
                for i in 0..3 {
                    let p = sample_puzzle(&c, k, i);
                    assert_eq!(p.clues(), k, "{model} k={k} i={i}");
                    if model == Model::GridSubset {
                        assert!(p.verify().is_ok());
                    }
                }
            }
        }
    }

    #[test]
    fn a_full_grid_is_always_unique() {
        let points = Phase::new(config(Model::GridSubset, 81, 81, 5, 1))
            .unwrap()
            .run();
        assert_eq!(points[0].unique, 5);
    }

    /// 17 clues is the proven minimum for a unique 9×9 puzzle.
    #[test]
    fn sixteen_clues_or_fewer_are_never_unique() {
        for model in Model::ALL {
            for p in Phase::new(config(model, 10, 16, 4, 5)).unwrap().run() {
                assert_eq!(p.unique, 0, "{model}: {p:?}");
            }
        }
    }

    #[test]
    fn grid_subsets_are_always_solvable() {
        for p in Phase::new(config(Model::GridSubset, 17, 40, 4, 2))
            .unwrap()
            .run()
        {
            assert_eq!(p.none, 0, "{p:?}");
            assert_eq!(p.samples(), 4);
        }
    }

    /// The independent check: DLX (exact cover, a different algorithm and
    /// encoding) counts every classified sample up to 2 solutions.
    #[test]
    fn every_class_agrees_with_dancing_links() {
        let mut seen = std::collections::HashSet::new();
        for model in Model::ALL {
            let c = config(model, 17, 40, 3, 99);
            for k in c.clue_counts().step_by(2) {
                for i in 0..3 {
                    let p = sample_puzzle(&c, k, i);
                    let class = classify(&p);
                    let dlx = match p.verify() {
                        Err(_) => 0,
                        Ok(()) => p.count_solutions(Algorithm::Dlx, Some(2)).unwrap(),
                    };
                    let expected = match dlx {
                        0 => Class::None,
                        1 => Class::Unique,
                        _ => Class::Multiple,
                    };
                    assert_eq!(class, expected, "{model} k={k} i={i}: {p:?}");
                    seen.insert(class);
                }
            }
        }
        // The check exercised all three outcomes.
        assert_eq!(seen.len(), 3, "{seen:?}");
    }

    #[test]
    fn other_shapes_use_the_general_solver() {
        let c = Config {
            shape: Shape::new(2, 3).unwrap(),
            ..config(Model::GridSubset, 4, 36, 3, 5)
        };
        let points = Phase::new(c).unwrap().run();
        assert_eq!(points.last().unwrap().unique, 3);
        for (k, p) in c.clue_counts().zip(&points) {
            let mut unique = 0;
            for i in 0..3 {
                let puzzle = sample_puzzle(&c, k, i);
                let dlx = puzzle.count_solutions(Algorithm::Dlx, Some(2)).unwrap();
                assert!(dlx >= 1, "k={k} i={i}: a grid subset without solution");
                unique += u32::from(dlx == 1);
            }
            assert_eq!(p.unique, unique, "k={k}");
        }
    }

    #[test]
    fn round_robin_order_and_progress() {
        let mut phase = Phase::new(config(Model::GridSubset, 20, 22, 2, 1)).unwrap();
        let ks: Vec<usize> = std::iter::from_fn(|| phase.step().map(|(k, _)| k)).collect();
        assert_eq!(ks, [20, 21, 22, 20, 21, 22]);
        assert!(phase.is_done());
        assert_eq!(phase.rounds_done(), 2);
        assert_eq!(phase.step(), None);
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let e = Phase::new(config(Model::GridSubset, 30, 20, 1, 1)).unwrap_err();
        assert!(e.to_string().contains("30..20"), "{e}");
        let e = Phase::new(config(Model::GridSubset, 17, 82, 1, 1)).unwrap_err();
        assert!(e.to_string().contains("81"), "{e}");
        let e = Phase::new(config(Model::GridSubset, 17, 20, 0, 1)).unwrap_err();
        assert!(e.to_string().contains("samples"), "{e}");
        let big = Config {
            shape: Shape::square(4).unwrap(),
            ..config(Model::GridSubset, 17, 20, 1, 1)
        };
        assert!(Phase::new(big).unwrap_err().to_string().contains("16x16"));
        assert!("nope"
            .parse::<Model>()
            .unwrap_err()
            .to_string()
            .contains("grid"));
    }

    #[test]
    fn wilson_interval_brackets_the_fraction() {
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(0, 100);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.02 && hi < 0.05, "{hi}");
        let (lo, hi) = wilson(50, 100);
        assert!(lo < 0.5 && hi > 0.5 && (0.5 - lo - (hi - 0.5)).abs() < 1e-9);
    }

    #[test]
    fn csv_has_a_header_and_a_row_per_clue_count() {
        let points = Phase::new(config(Model::GridSubset, 38, 40, 2, 1))
            .unwrap()
            .run();
        let text = csv(&points);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("clues,samples,unique,multiple,none,fraction_unique,"));
        assert!(lines[1].starts_with("38,2,"));
    }
}
