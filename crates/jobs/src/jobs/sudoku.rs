//! Classic Sudoku jobs: solve, explain, generate, validate; and the one
//! count job for every grid's rules.

use super::variant::variant_from;
use crate::event::JobError;
use crate::job::{Job, NoItem, Started};
use serde::{Deserialize, Serialize};
use tessera_engine::sudoku::generate::{self, Generated, Options as GenerateOptions};
use tessera_engine::sudoku::logic::{self, Branch, BranchEnd, Explanation, Guess};
use tessera_engine::sudoku::variant::Kind;
use tessera_engine::sudoku::{Algorithm, Shape, Sudoku, SudokuError};

/// The puzzle of a job: `cells` row-major, 0 = blank, checked for length
/// and values (not yet for clashes).
pub(crate) fn sudoku_from(shape: Shape, cells: &[u8]) -> Result<Sudoku, SudokuError> {
    let values: Vec<i64> = cells.iter().map(|&v| i64::from(v)).collect();
    Sudoku::from_list(&values, Some(shape))
}

/// Enumerate solutions lazily: deliver `batch` of them (full grids,
/// row-major), then wait for `More` (or `Cancel`) with the search alive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuSolve {
    pub shape: Shape,
    pub cells: Vec<u8>,
    pub algorithm: Algorithm,
    pub batch: u32,
}

/// A solution and the engine that found it: with `Algorithm::Auto` the
/// page says which one answered ("band", "dlx9", "dlx", "backtrack", "sat").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solved {
    /// The complete grid, row-major, values `1..=n`.
    pub cells: Vec<u8>,
    /// `Search::engine()` when the solution was found.
    pub engine: Option<String>,
}

impl Job for SudokuSolve {
    const KIND: &'static str = "SudokuSolve";
    type Item = Solved;

    fn start(self) -> Result<Started<Solved>, JobError> {
        let search = sudoku_from(self.shape, &self.cells)?.search(self.algorithm)?;
        Ok(Started::enumerate_as(
            search,
            self.batch,
            |cells, engine| Solved {
                cells,
                engine: engine.map(str::to_owned),
            },
        ))
    }
}

/// Count a puzzle's solutions (stopping at `limit` if given), reporting
/// progress: the one count job for every grid — standard with any box
/// shape, X, jigsaw, Samurai. The rules are data, and
/// `sudoku::auto::pick` chooses the engine from them and `algorithm`: the
/// CLI's 9×9 counters (band, dlx9) sliced by `sudoku::resumable`, DLX on cells
/// + units, SAT …; `Done`'s stats name it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuCount {
    pub rules: Kind,
    /// One value per cell of the rules (row-major; Samurai: its 369 cells),
    /// 0 = blank.
    pub cells: Vec<u8>,
    pub algorithm: Algorithm,
    pub limit: Option<u128>,
}

impl Job for SudokuCount {
    const KIND: &'static str = "SudokuCount";
    type Item = NoItem;

    fn start(self) -> Result<Started<NoItem>, JobError> {
        // Only the checking differs: a standard grid is read as Sage's
        // list (its errors name rows, columns and boxes as the standard
        // page always did), other rules as their cells and units.
        let counter = match self.rules {
            Kind::Standard(shape) => {
                sudoku_from(shape, &self.cells)?.counter(self.algorithm, self.limit)?
            }
            rules => variant_from(rules)?.counter(&self.cells, self.algorithm, self.limit)?,
        };
        Ok(Started::count(counter, self.limit))
    }
}

/// Solve logically with explanations and rate the puzzle (the lab's
/// "Solve logically" and difficulty) under any square grid's rules: a
/// standard grid of any box shape, X (the diagonals are units), jigsaw (the
/// regions are). Samurai is refused by name: the logical solver reads one
/// square grid. Not sliced: a cancel terminates the worker; the engine's
/// branch limit bounds the exploration tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuExplain {
    pub rules: Kind,
    /// One value per cell, row-major, 0 = blank.
    pub cells: Vec<u8>,
}

impl Job for SudokuExplain {
    const KIND: &'static str = "SudokuExplain";
    /// Flat, because the nested tree can be deeper than the page's JSON
    /// decoder allows; the view calls [`FlatExplanation::rebuild`].
    type Item = FlatExplanation;

    fn start(self) -> Result<Started<FlatExplanation>, JobError> {
        let explanation = match self.rules {
            // Read as Sage's list: its errors name rows, columns and boxes
            // as the standard page always showed them.
            Kind::Standard(shape) => logic::explain(&sudoku_from(shape, &self.cells)?)?,
            Kind::Samurai => {
                return Err(JobError::unsupported(
                    "the step list and the rating read one square grid, and a Samurai is five \
                     overlapping ones (play mode's Hint works on it)",
                ))
            }
            rules => {
                let variant = variant_from(rules)?;
                let board = logic::board_for_variant(&variant, &self.cells)?;
                logic::explain_board(board, logic::DEFAULT_BRANCH_LIMIT)
            }
        };
        Ok(Started::answer(FlatExplanation::flatten(explanation)))
    }
}

/// Generate one puzzle. Not sliced either: Cancel terminates the worker,
/// and the generator's own attempt budget bounds a hopeless request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuGenerate {
    pub options: GenerateOptions,
}

impl Job for SudokuGenerate {
    const KIND: &'static str = "SudokuGenerate";
    type Item = Generated;

    fn start(self) -> Result<Started<Generated>, JobError> {
        Ok(Started::answer(generate::generate(&self.options)?))
    }
}

/// Check a puzzle's givens: which of them clash, and whether the puzzle
/// has no, one or several solutions. Answers at once: the count stops at
/// two, with the engine's fastest counter (band bitboards on 9×9).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuValidate {
    pub shape: Shape,
    pub cells: Vec<u8>,
}

/// What [`SudokuValidate`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validation {
    /// Every symbol given more than once in a unit (rows, then columns,
    /// then boxes); empty for a consistent puzzle.
    pub clashes: Vec<Clash>,
    /// `None` whenever givens clash (no grid can keep them all).
    pub solutions: SolutionCount,
}

/// One symbol given more than once in one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clash {
    pub symbol: u8,
    /// "row 1", "column 4", "box 9" (as in the engine's messages).
    pub unit: String,
    /// The clashing cells, row-major indexes, ascending.
    pub cells: Vec<usize>,
}

/// How many solutions, as far as a puzzle's validity goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolutionCount {
    None,
    One,
    Several,
}

impl Job for SudokuValidate {
    const KIND: &'static str = "SudokuValidate";
    type Item = Validation;

    fn start(self) -> Result<Started<Validation>, JobError> {
        let puzzle = sudoku_from(self.shape, &self.cells)?;
        let mut clashes = Vec::new();
        for (unit, cells) in Sudoku::units(self.shape) {
            for symbol in 1..=self.shape.size() as u8 {
                let same: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| puzzle.cells()[c] == symbol)
                    .collect();
                if same.len() > 1 {
                    clashes.push(Clash {
                        symbol,
                        unit: unit.clone(),
                        cells: same,
                    });
                }
            }
        }
        let solutions = if !clashes.is_empty() {
            SolutionCount::None
        } else {
            match puzzle.count_solutions(Algorithm::Backtrack, Some(2))? {
                0 => SolutionCount::None,
                1 => SolutionCount::One,
                _ => SolutionCount::Several,
            }
        };
        Ok(Started::answer(Validation { clashes, solutions }))
    }
}

/// An [`Explanation`] whose exploration tree is a flat list of guesses:
/// the tree nests a few levels per guess, and a deep one (an empty grid)
/// exceeds serde_json's recursion limit when the page decodes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatExplanation {
    /// The explanation with `exploration` taken out.
    pub explanation: Explanation,
    /// Every guess of the tree; the root (if any) is the first.
    pub guesses: Vec<FlatGuess>,
}

/// A guess of the flat list: its branches end in an index into it.
pub type FlatGuess = Guess<FlatEnd>;

/// A branch of a [`FlatGuess`].
pub type FlatBranch = Branch<FlatEnd>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlatEnd {
    Solved,
    Contradiction(String),
    /// Index of the nested guess in [`FlatExplanation::guesses`].
    Guess(usize),
    NotExplored,
}

impl FlatExplanation {
    pub fn flatten(mut explanation: Explanation) -> FlatExplanation {
        fn push(guess: Guess, out: &mut Vec<FlatGuess>) -> usize {
            let index = out.len();
            out.push(FlatGuess {
                cell: guess.cell,
                candidates: guess.candidates,
                branches: Vec::new(),
            });
            let branches = guess
                .branches
                .into_iter()
                .map(|b| FlatBranch {
                    digit: b.digit,
                    steps: b.steps,
                    end: match b.end {
                        BranchEnd::Solved => FlatEnd::Solved,
                        BranchEnd::Contradiction(why) => FlatEnd::Contradiction(why),
                        BranchEnd::NotExplored => FlatEnd::NotExplored,
                        BranchEnd::Guess(s) => FlatEnd::Guess(push(*s, out)),
                    },
                })
                .collect();
            out[index].branches = branches;
            index
        }
        let mut guesses = Vec::new();
        if let Some(root) = explanation.exploration.take() {
            push(root, &mut guesses);
        }
        FlatExplanation {
            explanation,
            guesses,
        }
    }

    /// The explanation with its tree nested again; a dangling or cyclic
    /// index (a corrupted message) is an error, not a panic or a loop.
    pub fn rebuild(self) -> Result<Explanation, String> {
        fn build(i: usize, guesses: &[FlatGuess], depth: usize) -> Result<Guess, String> {
            let s = guesses
                .get(i)
                .filter(|_| depth <= guesses.len())
                .ok_or_else(|| format!("exploration tree: bad guess index {i}"))?;
            let branches = s
                .branches
                .iter()
                .map(|b| {
                    Ok(Branch {
                        digit: b.digit,
                        steps: b.steps.clone(),
                        end: match &b.end {
                            FlatEnd::Solved => BranchEnd::Solved,
                            FlatEnd::Contradiction(why) => BranchEnd::Contradiction(why.clone()),
                            FlatEnd::NotExplored => BranchEnd::NotExplored,
                            FlatEnd::Guess(j) => {
                                BranchEnd::Guess(Box::new(build(*j, guesses, depth + 1)?))
                            }
                        },
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(Guess {
                cell: s.cell,
                candidates: s.candidates.clone(),
                branches,
            })
        }
        let mut e = self.explanation;
        e.exploration = if self.guesses.is_empty() {
            None
        } else {
            Some(build(0, &self.guesses, 0)?)
        };
        Ok(e)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::event::ErrorKind;
    use crate::event::{Event, Stats};
    use crate::protocol::{decode, encode, Reply, Request};
    use crate::runner::testing::*;
    use crate::runner::{Runner, SLICE_MS};
    use tessera_engine::search::Step;

    pub const H: &str =
        "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
    pub const H_SOLUTIONS: [&str; 5] = [
        "814637925325149687796825314957318462241956873638274591462793158579481236183562749",
        "814637925325941687796825314957318462241569873638472591462793158579184236183256749",
        "834671925125839647796425318957318462241956873368247591682793154579184236413562789",
        "834671925125839647796524318957318462241956873368247591682793154519482736473165289",
        "834671925125839647796524318957318462241965873368247591682793154519482736473156289",
    ];

    pub fn cells(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    pub fn text(cells: &[u8]) -> String {
        cells.iter().map(|v| (b'0' + v) as char).collect()
    }

    pub fn solve_job(id: u32, puzzle: &str, algorithm: Algorithm) -> Request {
        start(
            id,
            SudokuSolve {
                shape: Shape::square(3).unwrap(),
                cells: cells(puzzle),
                algorithm,
                batch: 1,
            },
        )
    }

    pub fn count_job(
        id: u32,
        cells: Vec<u8>,
        algorithm: Algorithm,
        limit: Option<u128>,
    ) -> Request {
        start(
            id,
            SudokuCount {
                rules: Kind::Standard(Shape::square(cells.len().isqrt().isqrt()).unwrap()),
                cells,
                algorithm,
                limit,
            },
        )
    }

    #[test]
    fn next_solution_walks_the_five_solutions_of_h_then_reports_the_end() {
        for algorithm in Algorithm::ALL {
            let mut r = Runner::new();
            let mut clock = fake_clock(0.001);
            assert!(r.handle(solve_job(1, H, algorithm), 0.0).is_empty());
            let mut found = Vec::new();
            for k in 0..5 {
                let msgs = drain(&mut r, &mut clock);
                let sols: Vec<(u64, String)> = indexed::<Solved>(&msgs)
                    .into_iter()
                    .map(|(i, c)| (i, text(&c.cells)))
                    .collect();
                assert_eq!(sols.len(), 1, "{algorithm}: {msgs:?}");
                assert_eq!(sols[0].0, k as u64);
                found.push(sols[0].1.clone());
                match msgs.last() {
                    Some(Reply {
                        id: 1,
                        event: Event::Waiting(stats),
                    }) => {
                        assert_eq!(stats.solutions, k as u128 + 1);
                        assert!(stats.nodes > 0);
                    }
                    other => panic!("expected Waiting, got {other:?}"),
                }
                assert_eq!(r.live_jobs(), 1, "the search stays alive");
                assert!(r.handle(Request::More { id: 1, count: 1 }, 0.0).is_empty());
            }
            let msgs = drain(&mut r, &mut clock);
            match msgs.last() {
                Some(Reply {
                    id: 1,
                    event: Event::Done(stats),
                }) => {
                    assert!(stats.exhausted);
                    assert_eq!(stats.solutions, 5);
                }
                other => panic!("expected Done, got {other:?}"),
            }
            assert_eq!(r.live_jobs(), 0);
            assert_eq!(found, H_SOLUTIONS, "{algorithm}");
        }
    }

    #[test]
    fn count_reports_the_number_of_solutions() {
        for algorithm in Algorithm::ALL {
            let mut r = Runner::new();
            let mut clock = fake_clock(0.001);
            assert!(r
                .handle(count_job(9, cells(H), algorithm, None), 0.0)
                .is_empty());
            let msgs = drain(&mut r, &mut clock);
            assert!(msgs.iter().all(|m| !matches!(m.event, Event::Item { .. })));
            match msgs.last() {
                Some(Reply {
                    id: 9,
                    event: Event::Done(stats),
                }) => {
                    assert_eq!(stats.solutions, 5);
                    assert!(stats.exhausted && !stats.cancelled);
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn count_runs_the_clis_counter_and_names_it() {
        // H with its first two rows cut: thousands of solutions, so the
        // sliced 9×9 counters guess it over many slices.
        let mut loose = cells(H);
        loose[..18].fill(0);
        for (puzzle, shape) in [
            (cells(H), Shape::square(3).unwrap()),
            (loose, Shape::square(3).unwrap()),
            (vec![0; 16], Shape::square(2).unwrap()),
        ] {
            let sudoku = sudoku_from(shape, &puzzle).unwrap();
            for algorithm in Algorithm::CHOICES {
                let (want, engine) = sudoku.count_solutions_by(algorithm, None).unwrap();
                let mut r = Runner::new();
                let mut clock = fake_clock(0.001);
                r.handle(count_job(7, puzzle.clone(), algorithm, None), 0.0);
                match drain(&mut r, &mut clock).last().map(|m| &m.event) {
                    Some(Event::Done(stats)) => {
                        assert_eq!(stats.solutions, want, "{algorithm}");
                        assert_eq!(stats.engine.map(|e| e.name()), Some(engine), "{algorithm}");
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
    }

    #[test]
    fn counting_an_empty_grid_reports_progress_and_stops_on_cancel() {
        let mut r = Runner::new();
        // Each clock read advances 1 ms: a slice is three steps, and
        // progress is due every 100 ms of fake time.
        let mut clock = fake_clock(1.0);
        r.handle(count_job(2, vec![0; 81], Algorithm::Dlx, None), 0.0);
        let mut progress = Vec::new();
        for _ in 0..100 {
            for m in r.slice(&mut clock, SLICE_MS) {
                match m.event {
                    Event::Progress(p) => progress.push((p.nodes, p.solutions)),
                    other => panic!("unexpected {other:?}"),
                }
            }
        }
        assert!(progress.len() >= 5, "{progress:?}");
        assert!(progress.windows(2).all(|w| w[0].0 <= w[1].0));
        assert!(progress.last().unwrap().1 > 0, "solutions are counted");
        let msgs = r.handle(Request::Cancel { id: 2 }, clock());
        match &msgs[..] {
            [Reply {
                id: 2,
                event: Event::Done(stats),
            }] => {
                assert!(stats.cancelled && !stats.exhausted);
                assert!(stats.solutions > 0);
            }
            other => panic!("{other:?}"),
        }
        assert!(!r.busy());
        assert!(r.slice(&mut clock, SLICE_MS).is_empty());
        // A second cancel is a no-op.
        assert!(r.handle(Request::Cancel { id: 2 }, 0.0).is_empty());
    }

    #[test]
    fn count_with_a_limit_stops_there() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(count_job(4, vec![0; 16], Algorithm::Dlx, Some(10)), 0.0);
        let msgs = drain(&mut r, &mut clock);
        match msgs.last().map(|m| &m.event) {
            Some(Event::Done(stats)) => {
                assert_eq!(stats.solutions, 10);
                assert!(stats.limited || stats.exhausted);
            }
            other => panic!("{other:?}"),
        }
    }

    /// One count job for every grid's rules: what the job counts and the
    /// engine it names are what the engine's own whole count (the CLI's
    /// `count_with`) gives for the same rules, algorithm and givens.
    #[test]
    fn one_count_job_counts_any_rules_as_the_engine_does() {
        use tessera_engine::sudoku::variant::{RegionMap, Variant};
        let two = Shape::square(2).unwrap();
        let jigsaw = RegionMap::parse("aaab\nabbb\ncccd\ncddd").unwrap();
        let x_puzzle = {
            let mut c = vec![0; 16];
            c[0] = 1;
            c
        };
        let cases = [
            (Kind::Standard(two), vec![0; 16]),
            (Kind::X(two), x_puzzle),
            (Kind::Jigsaw(jigsaw), vec![0; 16]),
            (Kind::Standard(Shape::square(3).unwrap()), cells(H)),
        ];
        for (rules, puzzle) in cases {
            for algorithm in [Algorithm::Dlx, Algorithm::Auto, Algorithm::Sat] {
                let (expected, engine) = Variant::new(rules.clone())
                    .unwrap()
                    .count_with(&puzzle, algorithm, None)
                    .unwrap();
                let mut r = Runner::new();
                let mut clock = fake_clock(0.001);
                let job = SudokuCount {
                    rules: rules.clone(),
                    cells: puzzle.clone(),
                    algorithm,
                    limit: None,
                };
                r.handle(start(1, job), 0.0);
                match drain(&mut r, &mut clock).last().map(|m| &m.event) {
                    Some(Event::Done(stats)) => {
                        assert_eq!(stats.solutions, expected, "{rules:?} {algorithm}");
                        assert!(stats.exhausted, "{rules:?} {algorithm}");
                        assert_eq!(
                            stats.engine.map(|e| e.name()),
                            Some(engine),
                            "{rules:?} {algorithm}"
                        );
                    }
                    other => panic!("{rules:?} {algorithm}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn a_bad_puzzle_is_a_bad_input_error() {
        let mut r = Runner::new();
        let dup = format!("11{}", &H[2..]);
        let (id, e) = the_error(&r.handle(solve_job(5, &dup, Algorithm::Dlx), 0.0));
        assert_eq!(id, 5);
        assert!(e.message.contains("appears twice"), "{e}");
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(!r.busy());
    }

    #[test]
    fn no_solution_is_done_with_zero_solutions() {
        let hbad =
            "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(solve_job(8, hbad, Algorithm::Backtrack), 0.0);
        let msgs = drain(&mut r, &mut clock);
        match msgs.last().map(|m| &m.event) {
            Some(Event::Done(stats)) => {
                assert_eq!(stats.solutions, 0);
                assert!(stats.exhausted);
            }
            other => panic!("{other:?}"),
        }
    }

    /// A full grid, checked independently of the engine: every row, column
    /// and box of a 9×9 holds 1..=9 once.
    fn assert_valid_9x9(cells: &[u8]) {
        let mut units: Vec<Vec<usize>> = Vec::new();
        for i in 0..9 {
            units.push((0..9).map(|j| i * 9 + j).collect());
            units.push((0..9).map(|j| j * 9 + i).collect());
            let (br, bc) = (i / 3 * 3, i % 3 * 3);
            units.push((0..9).map(|j| (br + j / 3) * 9 + bc + j % 3).collect());
        }
        for u in units {
            let mut seen: Vec<u8> = u.iter().map(|&c| cells[c]).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=9).collect::<Vec<u8>>(), "unit {u:?}");
        }
    }

    #[test]
    fn explain_job_answers_at_once_with_steps_tree_and_rating() {
        let mut r = Runner::new();
        // H has five solutions: the rules get stuck, the tree finds two.
        let job = SudokuExplain {
            rules: Kind::Standard(Shape::square(3).unwrap()),
            cells: cells(H),
        };
        let e = answer(&mut r, 1, job).unwrap().rebuild().unwrap();
        assert_eq!(e.outcome, logic::Outcome::MultipleSolutions);
        assert!(e.exploration.is_some());
        assert_eq!(e.rating, None);
        let first = e.solution.as_ref().unwrap().cells().to_vec();
        assert!(H_SOLUTIONS.contains(&text(&first).as_str()));
        // A proper puzzle: one of the five solutions with one blank.
        let mut one = cells(H_SOLUTIONS[0]);
        one[0] = 0;
        let job = SudokuExplain {
            rules: Kind::Standard(Shape::square(3).unwrap()),
            cells: one,
        };
        let e = answer(&mut r, 2, job).unwrap().rebuild().unwrap();
        assert_eq!(e.outcome, logic::Outcome::Solved);
        assert_eq!(e.steps.len(), 1);
        assert_eq!(e.rating, Some(logic::Rating::Easy));
        assert_eq!(text(e.solution.as_ref().unwrap().cells()), H_SOLUTIONS[0]);
        assert!(!r.busy());
    }

    /// The explain job under X and jigsaw rules: the step list and rating
    /// the engine's `explain_board` gives (what `tessera sudoku explain
    /// --variant x|jigsaw` prints), through the wire; the solution is the
    /// variant solver's unique one, and the steps read the variant's units.
    #[test]
    fn explain_job_reads_x_and_jigsaw_rules() {
        use tessera_engine::sudoku::logic::UnitKind;
        use tessera_engine::sudoku::variant::generate::{generate, Options, Request as Wanted};
        use tessera_engine::sudoku::variant::{RegionMap, Variant};
        // The variant e2e spec's X puzzle (sudoku-variants.mjs).
        let x = cells(
            "..3.....6...8.37...4...6.....1..48.9.5.......3..................7..........2813..",
        );
        let jigsaw = Variant::jigsaw(RegionMap::from_seed(9, 5));
        let mut o = Options::new(Wanted::Fixed(jigsaw.clone()), 1);
        o.max_attempts = 50;
        let j = generate(&o).unwrap().puzzle;
        let mut r = Runner::new();
        for (id, variant, puzzle, unit) in [
            (1, Variant::x(Shape::NINE), x, UnitKind::Diagonal),
            (2, jigsaw, j, UnitKind::Region),
        ] {
            let job = SudokuExplain {
                rules: variant.kind().clone(),
                cells: puzzle.clone(),
            };
            let wire = decode::<FlatExplanation>(&encode(&answer(&mut r, id, job).unwrap()));
            let e = wire.unwrap().rebuild().unwrap();
            let board = logic::board_for_variant(&variant, &puzzle).unwrap();
            let engine = logic::explain_board(board, logic::DEFAULT_BRANCH_LIMIT);
            assert_eq!(e, engine, "{}", variant.name());
            let solutions = variant.solutions(&puzzle, 2).unwrap();
            assert_eq!(solutions.len(), 1, "{}", variant.name());
            assert_eq!(e.outcome, logic::Outcome::Solved, "{}", variant.name());
            assert_eq!(e.solution.as_ref().unwrap().cells(), &solutions[0][..]);
            assert!(
                e.rating.is_some() && e.score.is_some(),
                "{}",
                variant.name()
            );
            assert!(
                e.steps
                    .iter()
                    .any(|s| s.units.iter().any(|u| u.kind == unit)),
                "{}: no step reasons on a {unit:?}",
                variant.name()
            );
            // The same digits as standard rules give another explanation:
            // the job did not fall back to rows, columns and boxes.
            let standard = answer(
                &mut r,
                id + 10,
                SudokuExplain {
                    rules: Kind::Standard(Shape::NINE),
                    cells: puzzle,
                },
            );
            if let Ok(s) = standard {
                assert_ne!(s.rebuild().unwrap(), e, "{}", variant.name());
            }
        }
        assert!(!r.busy());
    }

    #[test]
    fn explain_job_refuses_samurai_and_clashing_variant_givens_by_name() {
        let mut r = Runner::new();
        let e = answer(
            &mut r,
            1,
            SudokuExplain {
                rules: Kind::Samurai,
                cells: vec![0; 369],
            },
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert!(e.message.contains("Samurai"), "{e}");
        // 7 twice on the main diagonal: legal in rows, columns and boxes.
        let mut bad = vec![0u8; 81];
        bad[0] = 7;
        bad[80] = 7;
        let e = answer(
            &mut r,
            2,
            SudokuExplain {
                rules: Kind::X(Shape::NINE),
                cells: bad,
            },
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(
            e.message.contains('7') && e.message.contains("diagonal"),
            "{e}"
        );
    }

    #[test]
    fn explain_job_reports_clashing_givens_as_an_error() {
        let mut r = Runner::new();
        let mut bad = vec![0u8; 81];
        bad[0] = 5;
        bad[1] = 5;
        let job = SudokuExplain {
            rules: Kind::Standard(Shape::square(3).unwrap()),
            cells: bad,
        };
        let e = answer(&mut r, 3, job).unwrap_err();
        assert!(e.message.contains('5'), "{e}");
        assert_eq!(e.kind, ErrorKind::BadInput);
    }

    #[test]
    fn generate_job_is_reproducible_and_unique() {
        let options = GenerateOptions::new(Shape::square(3).unwrap(), 42);
        let mut r = Runner::new();
        let mut puzzles = Vec::new();
        for id in [4, 5] {
            let job = SudokuGenerate {
                options: options.clone(),
            };
            let g = answer(&mut r, id, job).unwrap();
            assert_valid_9x9(g.solution.cells());
            let givens = g.puzzle.cells();
            for (i, &v) in givens.iter().enumerate() {
                assert!(v == 0 || v == g.solution.cells()[i], "given {i} differs");
            }
            // Independent uniqueness check: count with the other algorithm.
            let mut search = g.puzzle.search(Algorithm::Backtrack).unwrap();
            search.set_count_only(true);
            while search.step(1 << 20) != Step::Done {}
            assert_eq!(search.progress().solutions, 1);
            puzzles.push(givens.to_vec());
        }
        assert_eq!(puzzles[0], puzzles[1], "same seed, same puzzle");
    }

    #[test]
    fn generate_job_that_cannot_succeed_is_an_error() {
        // Shidoku with a unique solution never needs guessing, so an expert
        // target cannot be met: the engine gives up, the job reports why.
        let mut options = GenerateOptions::new(Shape::square(2).unwrap(), 1);
        options.difficulty = Some(logic::Rating::Expert);
        options.max_attempts = 3;
        let e = answer(&mut Runner::new(), 6, SudokuGenerate { options }).unwrap_err();
        assert!(e.message.contains("gave up"), "{e}");
        assert_eq!(e.kind, ErrorKind::GaveUp);
    }

    #[test]
    fn validate_tells_clashes_and_how_many_solutions() {
        let mut r = Runner::new();
        let nine = Shape::square(3).unwrap();
        let mut validate =
            |id, cells: Vec<u8>| answer(&mut r, id, SudokuValidate { shape: nine, cells });
        // H has five solutions.
        let v = validate(1, cells(H)).unwrap();
        assert_eq!(v.solutions, SolutionCount::Several);
        assert!(v.clashes.is_empty());
        // One of them with a blank has one.
        let mut one = cells(H_SOLUTIONS[0]);
        one[0] = 0;
        assert_eq!(validate(2, one).unwrap().solutions, SolutionCount::One);
        // Consistent givens, yet no grid keeps them all.
        let hbad =
            "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
        let v = validate(3, cells(hbad)).unwrap();
        assert_eq!((v.clashes.len(), v.solutions), (0, SolutionCount::None));
        // Two 1s in row 1 (and in box 1): both clashes, with their cells.
        let v = validate(4, cells(&format!("11{}", &H[2..]))).unwrap();
        assert_eq!(v.solutions, SolutionCount::None);
        assert_eq!(
            v.clashes,
            [
                Clash {
                    symbol: 1,
                    unit: "row 1".into(),
                    cells: vec![0, 1]
                },
                Clash {
                    symbol: 1,
                    unit: "box 1".into(),
                    cells: vec![0, 1]
                },
            ]
        );
        // A grid of the wrong size is the request's fault.
        let e = validate(5, vec![0; 80]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(e.message.contains("80 cells"), "{e}");
        // Shidoku: the empty grid has 288 solutions.
        let v = answer(
            &mut r,
            6,
            SudokuValidate {
                shape: Shape::square(2).unwrap(),
                cells: vec![0; 16],
            },
        )
        .unwrap();
        assert_eq!(v.solutions, SolutionCount::Several);
    }

    #[test]
    fn a_deep_exploration_tree_survives_the_wire() {
        // An empty 9×9: the tree nests one guess per guess, deeper than
        // serde_json's recursion limit would allow as nested JSON.
        let empty = Sudoku::empty(Shape::square(3).unwrap());
        let e = logic::explain(&empty).unwrap();
        fn depth(s: &Guess) -> usize {
            1 + s
                .branches
                .iter()
                .map(|b| match &b.end {
                    BranchEnd::Guess(s) => depth(s),
                    _ => 0,
                })
                .max()
                .unwrap_or(0)
        }
        assert!(depth(e.exploration.as_ref().unwrap()) > 20);
        // Nested, it would not decode at all.
        assert!(decode::<Explanation>(&encode(&e)).is_err());
        // Through the runner and the wire, decoded on the page's side.
        let mut r = Runner::new();
        let replies = r.handle(
            start(
                1,
                SudokuExplain {
                    rules: Kind::Standard(Shape::square(3).unwrap()),
                    cells: vec![0; 81],
                },
            ),
            0.0,
        );
        let wire: Vec<Reply> = replies
            .iter()
            .map(|m| decode(&encode(m)).unwrap())
            .collect();
        match &events::<SudokuExplain>(&wire)[..] {
            [(1, Event::Item { item, .. }), (
                1,
                Event::Done(Stats {
                    exhausted: true, ..
                }),
            )] => {
                assert_eq!(item.clone().rebuild().unwrap(), e)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_corrupted_tree_is_an_error() {
        let empty = Sudoku::empty(Shape::square(2).unwrap());
        let mut f = FlatExplanation::flatten(logic::explain(&empty).unwrap());
        assert!(!f.guesses.is_empty());
        f.guesses[0].branches[0].end = FlatEnd::Guess(0); // a cycle
        assert!(f.clone().rebuild().is_err());
        f.guesses[0].branches[0].end = FlatEnd::Guess(99);
        assert!(f.rebuild().unwrap_err().contains("99"));
    }
}
