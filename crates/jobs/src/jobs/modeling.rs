//! The modeling seed's experiments that take the worker: colouring the
//! Sudoku graph of a puzzle (`engine::sudoku::colouring`) and sampling
//! random minimal puzzles (`engine::count::minimal`), and comparing the
//! three SAT encodings of Sudoku (`engine::sudoku::encodings`).

use crate::event::{ErrorKind, JobError};
use crate::job::{Job, Started, Work};
use crate::jobs::sudoku::sudoku_from;
use serde::{Deserialize, Serialize};
use tessera_engine::count::minimal::{Config as MinimalConfig, Histogram, Sampler};
use tessera_engine::search::{Progress, Step};
use tessera_engine::sudoku::colouring::{check_colouring, chromatic, Chromatic, Colouring};
use tessera_engine::sudoku::encodings::{decode, encode, Effort, Encoding};
use tessera_engine::sudoku::{Algorithm, Shape, Sudoku};

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

/// The modeling seed's comparison of SAT encodings on a set of puzzles:
/// each puzzle in the minimal, efficient and extended encodings, solved by
/// Tessera's CDCL solver on the clauses as written. One item per encoding
/// (in [`Encoding::ALL`] order), one puzzle per step; the job waits after
/// each item (batch 1), so the `Waiting` stats time that encoding alone.
/// Every model is decoded, checked against the rules, blocked to prove it
/// unique, and compared with the earlier encodings' grid: a difference is
/// an error, never a row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SatEncodings {
    pub shape: Shape,
    /// The puzzles, row-major, 0 for an empty cell.
    pub puzzles: Vec<Vec<u8>>,
}

/// One encoding over the whole set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EncodingRow {
    pub encoding: Encoding,
    /// Variables of one puzzle's formula (n³, the same for every puzzle).
    pub variables: usize,
    /// Clauses over the whole set, each puzzle's count equal to
    /// [`Encoding::size`]'s formula (checked).
    pub clauses: usize,
    /// The solver's counters over the set: the solve and the proof that
    /// no second model exists.
    pub effort: Effort,
    /// Each puzzle's solution, row-major: unique, checked against the
    /// rules, and the same in every encoding.
    pub solutions: Vec<Vec<u8>>,
}

/// More puzzles than this in one job are refused (the card sends ten).
pub const MAX_ENCODING_PUZZLES: usize = 100;

impl Job for SatEncodings {
    const KIND: &'static str = "SatEncodings";
    type Item = EncodingRow;

    fn start(self) -> Result<Started<EncodingRow>, JobError> {
        if self.puzzles.is_empty() {
            return Err(JobError::new(ErrorKind::BadInput, "no puzzle to encode"));
        }
        if self.puzzles.len() > MAX_ENCODING_PUZZLES {
            return Err(JobError::new(
                ErrorKind::Unsupported,
                format!(
                    "{} puzzles: the browser compares at most {MAX_ENCODING_PUZZLES} (the CLI's `tessera experiment encodings` takes any number)",
                    self.puzzles.len()
                ),
            ));
        }
        let puzzles = self
            .puzzles
            .iter()
            .enumerate()
            .map(|(i, cells)| {
                let p = sudoku_from(self.shape, cells)
                    .and_then(|p| p.verify().map(|()| p))
                    .map_err(|e| {
                        JobError::new(ErrorKind::BadInput, format!("puzzle {}: {e}", i + 1))
                    })?;
                Ok(p)
            })
            .collect::<Result<Vec<Sudoku>, JobError>>()?;
        Ok(Started::Enumerate {
            work: Box::new(EncodingWork {
                answers: vec![None; puzzles.len()],
                puzzles,
                encoding: 0,
                next: 0,
                row: None,
            }),
            batch: 1,
        })
    }
}

struct EncodingWork {
    puzzles: Vec<Sudoku>,
    answers: Vec<Option<Vec<u8>>>,
    /// Index into `Encoding::ALL`.
    encoding: usize,
    /// The next puzzle of this encoding.
    next: usize,
    row: Option<EncodingRow>,
}

impl EncodingWork {
    fn solve(&mut self, e: Encoding, k: usize) -> Result<(), JobError> {
        let p = &self.puzzles[k];
        let who = format!("puzzle {}, {e} encoding", k + 1);
        let internal = |what: &str| JobError::new(ErrorKind::Internal, format!("{who}: {what}"));
        let cnf = encode(p, e);
        if (cnf.variables, cnf.clauses.len()) != e.size(p.shape(), p.clues()) {
            return Err(internal("the formula's size is not the table's"));
        }
        let (models, effort) = cnf.models_with_effort(cnf.variables, 2);
        let grid = match models.as_slice() {
            [] => {
                return Err(JobError::new(
                    ErrorKind::BadInput,
                    format!("{who}: no solution"),
                ))
            }
            [one] => {
                decode(p.shape(), one).ok_or_else(|| internal("a cell with no digit or several"))?
            }
            _ => {
                return Err(JobError::new(
                    ErrorKind::BadInput,
                    format!("{who}: more than one solution (the comparison needs unique puzzles)"),
                ))
            }
        };
        if !p.is_solved_by(&p.with_cells(grid.clone())) {
            return Err(internal("the model is not a solution"));
        }
        match &self.answers[k] {
            None => self.answers[k] = Some(grid.clone()),
            Some(g) if *g == grid => {}
            Some(_) => return Err(internal("another solution than an earlier encoding's")),
        }
        let row = self.row.get_or_insert_with(|| EncodingRow {
            encoding: e,
            variables: cnf.variables,
            clauses: 0,
            effort: Effort::default(),
            solutions: Vec::new(),
        });
        row.clauses += cnf.clauses.len();
        row.effort += effort;
        row.solutions.push(grid);
        Ok(())
    }
}

impl Work<EncodingRow> for EncodingWork {
    /// One puzzle in one encoding per step (milliseconds for 9×9).
    fn step(&mut self, _budget: u64) -> Result<Step<EncodingRow>, JobError> {
        let Some(&e) = Encoding::ALL.get(self.encoding) else {
            return Ok(Step::Done);
        };
        self.solve(e, self.next)?;
        self.next += 1;
        if self.next < self.puzzles.len() {
            return Ok(Step::Paused);
        }
        self.next = 0;
        self.encoding += 1;
        Ok(Step::Solution(
            self.row.take().expect("a row after a solve"),
        ))
    }

    fn progress(&self) -> Progress {
        let done = self.encoding * self.puzzles.len() + self.next;
        let all = Encoding::ALL.len() * self.puzzles.len();
        Progress {
            nodes: done as u64,
            solutions: self.encoding as u128,
            fraction: done as f64 / all.max(1) as f64,
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

    const TOP95: [&str; 3] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ];

    fn cells(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    /// Three rows, sizes equal to the engine's formulas, the same unique
    /// solution in each, checked here by a checker of the test's own and
    /// against DLX; each row waits for `More`.
    #[test]
    fn encodings_compared_through_the_runner() {
        let nine = Shape::square(3).unwrap();
        let puzzles: Vec<Vec<u8>> = TOP95.iter().map(|s| cells(s)).collect();
        let mut r = Runner::new();
        let mut clock = fake_clock(0.01);
        let mut replies = r.handle(
            start(
                1,
                SatEncodings {
                    shape: nine,
                    puzzles: puzzles.clone(),
                },
            ),
            0.0,
        );
        replies.extend(drain(&mut r, &mut clock));
        for _ in 0..3 {
            replies.extend(r.handle(crate::protocol::Request::More { id: 1, count: 1 }, 0.0));
            replies.extend(drain(&mut r, &mut clock));
        }
        let rows: Vec<EncodingRow> = items(&replies);
        assert_eq!(
            rows.iter().map(|r| r.encoding).collect::<Vec<_>>(),
            Encoding::ALL.to_vec()
        );
        let n = 9;
        let pairs = n * (n - 1) / 2;
        let clues: usize = puzzles
            .iter()
            .map(|p| p.iter().filter(|&&v| v != 0).count())
            .sum();
        for row in &rows {
            assert_eq!(row.variables, 729);
            let per = match row.encoding {
                Encoding::Minimal => n * n + 3 * n * n * pairs,
                Encoding::Efficient => n * n + 4 * n * n * pairs,
                Encoding::Extended => n * n + 4 * n * n * pairs + 3 * n * n,
            };
            assert_eq!(row.clauses, 3 * per + clues, "{:?}", row.encoding);
            assert_eq!(row.solutions, rows[0].solutions);
            assert!(row.effort.propagations > 0);
        }
        for (p, sol) in puzzles.iter().zip(&rows[0].solutions) {
            // The test's own check: givens kept, every unit a permutation.
            assert!(p.iter().zip(sol).all(|(&g, &v)| g == 0 || g == v));
            let unit_ok = |cells: Vec<usize>| {
                let mut seen: Vec<u8> = cells.iter().map(|&i| sol[i]).collect();
                seen.sort_unstable();
                seen == (1..=9).collect::<Vec<u8>>()
            };
            for k in 0..9 {
                assert!(unit_ok((0..9).map(|c| k * 9 + c).collect()));
                assert!(unit_ok((0..9).map(|r| r * 9 + k).collect()));
                let (br, bc) = (k / 3 * 3, k % 3 * 3);
                assert!(unit_ok(
                    (0..9).map(|i| (br + i / 3) * 9 + bc + i % 3).collect()
                ));
            }
            let dlx = sudoku_from(nine, p)
                .unwrap()
                .solutions(Algorithm::Dlx)
                .unwrap()
                .next()
                .unwrap();
            assert_eq!(dlx.cells(), sol.as_slice());
        }
    }

    #[test]
    fn encodings_refuse_what_they_cannot_compare() {
        let four = Shape::square(2).unwrap();
        let mut two = vec![0u8; 16];
        two[0] = 1;
        let e = SatEncodings {
            shape: four,
            puzzles: vec![cells("1234341221434321"), two],
        };
        let mut r = Runner::new();
        let mut clock = fake_clock(0.01);
        let mut replies = r.handle(start(1, e), 0.0);
        replies.extend(drain(&mut r, &mut clock));
        let text = format!("{replies:?}");
        assert!(
            text.contains("puzzle 2, minimal encoding: more than one solution"),
            "{text}"
        );
        let clash = SatEncodings {
            shape: four,
            puzzles: vec![cells("11..............")],
        }
        .start()
        .err()
        .unwrap();
        assert_eq!(clash.kind, ErrorKind::BadInput);
        assert!(clash.message.starts_with("puzzle 1:"), "{clash:?}");
        let none = SatEncodings {
            shape: four,
            puzzles: vec![],
        }
        .start()
        .err()
        .unwrap();
        assert_eq!(none.kind, ErrorKind::BadInput);
    }
}
