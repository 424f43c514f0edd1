//! The modeling seed's experiments that take the worker: colouring the
//! Sudoku graph of a puzzle (`engine::sudoku::colouring`) and sampling
//! random minimal puzzles (`engine::count::minimal`).

use crate::event::{ErrorKind, JobError};
use crate::job::{Job, Started, Work};
use crate::jobs::sudoku::sudoku_from;
use serde::{Deserialize, Serialize};
use tessera_engine::count::minimal::{Config as MinimalConfig, Histogram, MinimalError, Sampler};
use tessera_engine::search::{Progress, Step};
use tessera_engine::sudoku::colouring::{
    check_colouring, chromatic, Chromatic, ColourError, Colouring,
};
use tessera_engine::sudoku::{Algorithm, Shape};

impl From<ColourError> for JobError {
    fn from(e: ColourError) -> JobError {
        let kind = match e {
            ColourError::Givens(_) => ErrorKind::BadInput,
            ColourError::GaveUp { .. } => ErrorKind::GaveUp,
        };
        JobError::new(kind, e.to_string())
    }
}

impl From<MinimalError> for JobError {
    fn from(e: MinimalError) -> JobError {
        let kind = match e {
            MinimalError::TooLarge(_) => ErrorKind::Unsupported,
            MinimalError::NoSamples => ErrorKind::BadInput,
            MinimalError::Generate(_) => ErrorKind::GaveUp,
        };
        JobError::new(kind, e.to_string())
    }
}

/// Colour the Sudoku graph of a puzzle: greedy DSatur and the exact
/// colouring, both from the givens as a precolouring.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuColour {
    pub shape: Shape,
    pub cells: Vec<u8>,
}

/// How the exact colouring relates to the puzzle's solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AgainstSolution {
    /// The puzzle has one solution and the colouring is it.
    IsTheSolution,
    /// Several solutions; the colouring is one of them.
    OneOfSeveral,
    /// No solution: the givens cannot be extended with n colours.
    NoSolution,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColourAnswer {
    pub greedy: Colouring,
    pub exact: Chromatic,
    pub against: AgainstSolution,
}

/// Search nodes the exact colouring may use per number of colours tried.
const COLOUR_BUDGET: u64 = 2_000_000;

impl Job for SudokuColour {
    const KIND: &'static str = "SudokuColour";
    type Item = ColourAnswer;

    fn start(self) -> Result<Started<ColourAnswer>, JobError> {
        let puzzle = sudoku_from(self.shape, &self.cells)?;
        let exact = chromatic(&puzzle, COLOUR_BUDGET)?;
        let greedy = tessera_engine::sudoku::colouring::dsatur(&puzzle)?;
        for (name, c) in [
            ("DSatur's", &greedy.colours),
            ("the exact", &exact.colouring.colours),
        ] {
            check_colouring(&puzzle, c).map_err(|e| {
                JobError::new(
                    ErrorKind::Internal,
                    format!("{name} colouring is wrong: {e}"),
                )
            })?;
        }
        let n = self.shape.size();
        let against = if exact.chromatic > n {
            AgainstSolution::NoSolution
        } else {
            let two: Vec<_> = puzzle.solutions(Algorithm::Auto)?.take(2).collect();
            match two.as_slice() {
                [one] if one.cells() == exact.colouring.colours.as_slice() => {
                    AgainstSolution::IsTheSolution
                }
                [_] => {
                    return Err(JobError::new(
                        ErrorKind::Internal,
                        "the n-colouring differs from the puzzle's unique solution",
                    ))
                }
                _ => AgainstSolution::OneOfSeveral,
            }
        };
        Ok(Started::answer(ColourAnswer {
            greedy,
            exact,
            against,
        }))
    }
}

/// Sample random minimal puzzles: a histogram snapshot after each of the
/// first ten puzzles, every tenth after, and at the end;
/// `Progress.nodes` counts puzzles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MinimalClues {
    pub config: MinimalConfig,
}

impl Job for MinimalClues {
    const KIND: &'static str = "MinimalClues";
    type Item = Histogram;

    fn start(self) -> Result<Started<Histogram>, JobError> {
        Ok(Started::stream(MinimalWork {
            sampler: Sampler::new(self.config)?,
            emitted: 0,
            sent_last: false,
        }))
    }
}

struct MinimalWork {
    sampler: Sampler,
    emitted: u128,
    sent_last: bool,
}

impl Work<Histogram> for MinimalWork {
    /// One puzzle per step (a few milliseconds for 9×9).
    fn step(&mut self, _budget: u64) -> Result<Step<Histogram>, JobError> {
        if self.sampler.finished() {
            if self.sent_last {
                return Ok(Step::Done);
            }
            self.sent_last = true;
            self.emitted += 1;
            return Ok(Step::Solution(self.sampler.histogram()));
        }
        self.sampler.draw()?;
        let done = self.sampler.done();
        if self.sampler.finished() {
            self.sent_last = true;
        } else if !(done <= 10 || done.is_multiple_of(10)) {
            return Ok(Step::Paused);
        }
        self.emitted += 1;
        Ok(Step::Solution(self.sampler.histogram()))
    }

    fn progress(&self) -> Progress {
        let done = self.sampler.done();
        Progress {
            nodes: u64::from(done),
            solutions: self.emitted,
            fraction: f64::from(done) / f64::from(self.sampler.config().samples.max(1)),
            conflicts: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::testing::{drain, fake_clock, items, start};
    use crate::runner::Runner;

    fn run<J: Job>(job: J) -> Vec<J::Item> {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.01);
        let mut replies = r.handle(start(1, job), 0.0);
        replies.extend(drain(&mut r, &mut clock));
        items(&replies)
    }

    /// The walkthrough seed's test3a through the runner: χ = 9, and the
    /// colouring is the seed's own final grid (test3.py, iteration 3).
    #[test]
    fn colouring_the_seed_game() {
        let cells: Vec<u8> =
            "..1.45.7.5972.....6241973587.682.5349..4.6.21.4257...92.8314..54.9758213.53962487"
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
        let answers = run(SudokuColour {
            shape: Shape::square(3).unwrap(),
            cells,
        });
        assert_eq!(answers.len(), 1);
        let a = &answers[0];
        assert_eq!(a.exact.chromatic, 9);
        assert_eq!(a.against, AgainstSolution::IsTheSolution);
        let grid: String = a
            .exact
            .colouring
            .colours
            .iter()
            .map(|&c| char::from(b'0' + c))
            .collect();
        assert_eq!(
            grid,
            "831645972597283146624197358716829534985436721342571869278314695469758213153962487"
        );
        assert!(a.greedy.used >= 9);
    }

    #[test]
    fn clashing_givens_are_bad_input() {
        let mut cells = vec![0u8; 16];
        cells[0] = 1;
        cells[1] = 1;
        let e = SudokuColour {
            shape: Shape::square(2).unwrap(),
            cells,
        }
        .start()
        .err()
        .unwrap();
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(e.message.contains("precolouring"), "{e}");
    }

    /// Snapshots grow to the full sample; the last equals the engine's
    /// own run of the same seed.
    #[test]
    fn minimal_clues_streams_to_the_engines_histogram() {
        let config = MinimalConfig {
            shape: Shape::square(2).unwrap(),
            samples: 25,
            seed: 4,
        };
        let snaps = run(MinimalClues {
            config: config.clone(),
        });
        assert!(snaps.len() >= 10);
        assert!(snaps.windows(2).all(|w| w[0].samples <= w[1].samples));
        let last = snaps.last().unwrap();
        assert_eq!(last, &Sampler::new(config).unwrap().run().unwrap());
        assert_eq!(last.samples, 25);
    }
}
