//! Messages between the page and a solver Web Worker.
//!
//! Everything here is plain data (serde) so it unit-tests natively. On the
//! wire each message is one JSON string (`postMessage(string)`): both ends are
//! Rust, so JSON keeps the format debuggable in the browser's devtools
//! without a second serialisation library.
//!
//! A conversation:
//!
//! ```text
//! worker → page   Ready { protocol }                  once, before any job is sent
//! page → worker   Job { id, kind }
//! worker → page   Progress { id, nodes, solutions, fraction }   at most every ~100 ms
//! worker → page   Solution { id, index, payload }     as solutions are found
//! worker → page   Waiting { id, stats }               an enumeration delivered its batch;
//!                                                     the search stays alive in the worker
//! page → worker   More { id, count }                  resume it ("Next solution")
//! worker → page   Done { id, stats } | Error { id, message }
//! page → worker   Cancel { id }                       honoured between slices; answered by
//!                                                     Done { stats.cancelled = true }
//! ```
//!
//! Enums are serde's default (externally tagged) representation, because
//! the internally tagged one cannot carry `u128` counters.

use serde::{Deserialize, Serialize};
use tessera_engine::count::phase::{Config as PhaseConfig, Point as PhasePoint};
use tessera_engine::polyform::enumerate::Counts;
use tessera_engine::polyform::{Cell, Lattice, Puzzle, Solution};
use tessera_engine::quantumino::{Partial, PlacedPiece};
use tessera_engine::search::Progress;
use tessera_engine::sudoku::generate::{Generated, Options as GenerateOptions};
use tessera_engine::sudoku::logic::{Branch, BranchEnd, Explanation, Split, Step as LogicStep};
use tessera_engine::sudoku::variant::Kind as VariantKind;
use tessera_engine::sudoku::{Algorithm, Shape};

/// Bumped whenever a message changes shape; the page checks it in `Ready`.
pub const PROTOCOL_VERSION: u32 = 5;

/// A job's identifier, unique per page (chosen by the page).
pub type JobId = u32;

/// Page → worker.
///
/// A job carries its whole puzzle, so `Job` is far larger than the other
/// variants; a request lives only from decoding to dispatch, so boxing it
/// would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Start a job.
    Job(Job),
    /// Resume an enumeration that is `Waiting`: find up to `count` more
    /// solutions.
    More { id: JobId, count: u32 },
    /// Stop a job (running or waiting) and drop its search.
    Cancel { id: JobId },
}

/// One unit of work for a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub id: JobId,
    pub kind: JobKind,
}

/// What to compute. New workbenches add variants here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JobKind {
    /// Enumerate solutions lazily: deliver `batch` of them, then wait for
    /// `More` (or `Cancel`) with the search kept alive.
    SudokuSolve {
        shape: Shape,
        cells: Vec<u8>,
        algorithm: Algorithm,
        batch: u32,
    },
    /// Count solutions (stopping at `limit` if given), reporting progress.
    SudokuCount {
        shape: Shape,
        cells: Vec<u8>,
        algorithm: Algorithm,
        limit: Option<u128>,
    },
    /// Enumerate the solutions of a polyform puzzle lazily (`batch` at a
    /// time), once up to symmetry when `unique`.
    PolyformSolve {
        puzzle: Puzzle,
        unique: bool,
        batch: u32,
    },
    /// Count a polyform puzzle's solutions, reporting progress.
    PolyformCount {
        puzzle: Puzzle,
        unique: bool,
        limit: Option<u128>,
    },
    /// Count the polyforms of sizes `1..=size` of a family and list those of
    /// size `size` (when `list`). Not sliced: sizes are bounded by the engine
    /// (`enumerate::max_size`), and a cancel terminates the worker.
    PolyformEnumerate {
        lattice: Lattice,
        size: usize,
        one_sided: bool,
        list: bool,
    },
    /// Quantumino: enumerate the states of `QuantuminoSolver(aside, box)`
    /// lazily, full solutions or Sage's `partial` build-up steps; `batch`
    /// per `More` as for Sudoku.
    QuantuminoSolve {
        aside: u8,
        box_size: [i32; 3],
        partial: Option<Partial>,
        batch: u32,
    },
    /// Quantumino: count the solutions by enumeration (count-only), with
    /// progress, stopping at `limit` if given.
    QuantuminoCount {
        aside: u8,
        box_size: [i32; 3],
        limit: Option<u128>,
    },
    /// Quantumino: count one aside's solutions with the slice-by-slice
    /// counter (rotations of the box distinct), doing only the parts `mine`
    /// of the middle slice cut in `parts` (`Counter::set_parts`): several
    /// workers share one count, and each finished part arrives at once as a
    /// `Solution` (`Payload::CountPart`) so the page can keep a checkpoint.
    QuantuminoCountParts {
        aside: u8,
        box_size: [i32; 3],
        parts: u32,
        mine: Vec<u32>,
    },
    /// Solve a Sudoku logically with explanations and rate it (the lab's
    /// "Solve logically" and difficulty). Not sliced: a cancel terminates
    /// the worker; the engine's branch limit bounds the exploration tree.
    SudokuExplain { shape: Shape, cells: Vec<u8> },
    /// Generate one puzzle. Not sliced either: Cancel terminates the worker,
    /// and the generator's own attempt budget bounds a hopeless request.
    SudokuGenerate { options: GenerateOptions },

    // ----- Sudoku variants (X, jigsaw, Samurai): DLX on cells + units -----
    /// Enumerate a variant puzzle's solutions lazily (`Payload::Cells`, one
    /// value per variant cell), `batch` per `More`.
    VariantSolve {
        variant: VariantKind,
        cells: Vec<u8>,
        batch: u32,
    },
    /// Count a variant puzzle's solutions with progress.
    VariantCount {
        variant: VariantKind,
        cells: Vec<u8>,
        limit: Option<u128>,
    },
    /// Generate one variant puzzle (unsliced, like `SudokuGenerate`);
    /// `variant: None` asks for a 9×9 jigsaw on a random region map.
    VariantGenerate {
        variant: Option<VariantKind>,
        seed: u64,
        minimal: bool,
    },
    // ---- Experiments (engine::count): phase transition and counts ----
    /// The phase-transition experiment: a cumulative [`Payload::Phase`]
    /// snapshot after each of the first rounds (one sample per clue count)
    /// and every few rounds after; `Progress.nodes` counts samples. Run as
    /// an enumeration that never waits.
    PhaseTransition { config: PhaseConfig },
    /// Count a shape's complete grids part by part (`count::staged`):
    /// `Progress.solutions` is the running total, `Done.stats.solutions`
    /// the count.
    CountGrids { shape: Shape },
    /// The J seed's box counts ([`Payload::Bands`]); a fraction of a
    /// second, so not sliced.
    CountBands { shape: Shape },
}

/// What a solution carries back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Payload {
    /// A complete Sudoku grid, row-major, values `1..=n`.
    Cells(Vec<u8>),
    /// A solution of a polyform puzzle.
    Polyform(Solution),
    /// Polyform counts for sizes `1..=n` and the polyforms of size `n`
    /// (normal forms; empty unless listed).
    Polyforms {
        counts: Vec<Counts>,
        pieces: Vec<Vec<Cell>>,
    },
    /// Quantumino pieces placed in the box (Sage index and cells each), in
    /// the solver's choice order: a full solution or a partial state.
    Quantumino(Vec<PlacedPiece>),
    /// A logical solve with its steps, exploration tree and rating.
    Explanation(Box<FlatExplanation>),
    /// A generated puzzle with its solution and rating.
    Generated(Box<Generated>),
    /// One finished part of a shared count: its number of solutions.
    CountPart { part: u32, count: u64 },
    /// A shared count stopped on an error (the text says why).
    CountFailed(String),
    /// A generated variant puzzle, its variant (a random jigsaw's map) and
    /// its solution.
    VariantGenerated {
        variant: VariantKind,
        puzzle: Vec<u8>,
        solution: Vec<u8>,
    },
    /// The phase experiment's tallies so far, one per clue count.
    Phase(Vec<PhasePoint>),
    /// Boxes right of / below a fixed first box, and (right, below) pairs.
    Bands { right: u64, below: u64, pairs: u128 },
}

/// An [`Explanation`] whose exploration tree is a flat list of splits:
/// the tree nests a few levels per guess, and a deep one (an empty grid)
/// exceeds serde_json's recursion limit when the page decodes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatExplanation {
    /// The explanation with `exploration` taken out.
    pub explanation: Explanation,
    /// Every split of the tree; the root (if any) is the first.
    pub splits: Vec<FlatSplit>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatSplit {
    pub cell: usize,
    pub candidates: Vec<u8>,
    pub branches: Vec<FlatBranch>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlatBranch {
    pub digit: u8,
    pub steps: Vec<LogicStep>,
    pub end: FlatEnd,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlatEnd {
    Solved,
    Contradiction(String),
    /// Index of the nested split in [`FlatExplanation::splits`].
    Split(usize),
    NotExplored,
}

impl FlatExplanation {
    pub fn flatten(mut explanation: Explanation) -> FlatExplanation {
        fn push(split: Split, out: &mut Vec<FlatSplit>) -> usize {
            let index = out.len();
            out.push(FlatSplit {
                cell: split.cell,
                candidates: split.candidates,
                branches: Vec::new(),
            });
            let branches = split
                .branches
                .into_iter()
                .map(|b| FlatBranch {
                    digit: b.digit,
                    steps: b.steps,
                    end: match b.end {
                        BranchEnd::Solved => FlatEnd::Solved,
                        BranchEnd::Contradiction(why) => FlatEnd::Contradiction(why),
                        BranchEnd::NotExplored => FlatEnd::NotExplored,
                        BranchEnd::Split(s) => FlatEnd::Split(push(*s, out)),
                    },
                })
                .collect();
            out[index].branches = branches;
            index
        }
        let mut splits = Vec::new();
        if let Some(root) = explanation.exploration.take() {
            push(root, &mut splits);
        }
        FlatExplanation {
            explanation,
            splits,
        }
    }

    /// The explanation with its tree nested again; a dangling or cyclic
    /// index (a corrupted message) is an error, not a panic or a loop.
    pub fn rebuild(self) -> Result<Explanation, String> {
        fn build(i: usize, splits: &[FlatSplit], depth: usize) -> Result<Split, String> {
            let s = splits
                .get(i)
                .filter(|_| depth <= splits.len())
                .ok_or_else(|| format!("exploration tree: bad split index {i}"))?;
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
                            FlatEnd::Split(j) => {
                                BranchEnd::Split(Box::new(build(*j, splits, depth + 1)?))
                            }
                        },
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok(Split {
                cell: s.cell,
                candidates: s.candidates.clone(),
                branches,
            })
        }
        let mut e = self.explanation;
        e.exploration = if self.splits.is_empty() {
            None
        } else {
            Some(build(0, &self.splits, 0)?)
        };
        Ok(e)
    }
}

/// Counters reported with `Waiting` and `Done`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Search-tree nodes explored since the job started.
    pub nodes: u64,
    /// Solutions found (or counted) since the job started.
    pub solutions: u128,
    /// Wall time of the last stretch of work: since the job started, or
    /// since the last `More` for an enumeration.
    pub elapsed_ms: f64,
    /// Wall time of all the job's work so far.
    pub total_ms: f64,
    /// The search tree is exhausted: there are no further solutions.
    pub exhausted: bool,
    /// The job was stopped by `Cancel`.
    pub cancelled: bool,
    /// The job stopped because it reached its `limit`.
    pub limited: bool,
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker has loaded and accepts jobs.
    Ready { protocol: u32 },
    /// Counters of a running job.
    Progress {
        id: JobId,
        nodes: u64,
        solutions: u128,
        fraction: f64,
    },
    /// The `index`-th solution of the job (0-based).
    Solution {
        id: JobId,
        index: u64,
        payload: Payload,
    },
    /// An enumeration delivered its batch and waits for `More` or `Cancel`.
    Waiting { id: JobId, stats: Stats },
    /// The job is over (finished, limited or cancelled).
    Done { id: JobId, stats: Stats },
    /// The job could not run (e.g. the puzzle has two equal givens in a row).
    Error { id: JobId, message: String },
}

impl Response {
    /// The job a response belongs to (`None` for `Ready`).
    pub fn job_id(&self) -> Option<JobId> {
        match self {
            Response::Ready { .. } => None,
            Response::Progress { id, .. }
            | Response::Solution { id, .. }
            | Response::Waiting { id, .. }
            | Response::Done { id, .. }
            | Response::Error { id, .. } => Some(*id),
        }
    }

    /// Does this response end the job on the worker's side?
    pub fn is_final(&self) -> bool {
        matches!(self, Response::Done { .. } | Response::Error { .. })
    }

    /// A `Progress` message from engine counters.
    pub fn progress(id: JobId, p: Progress) -> Response {
        Response::Progress {
            id,
            nodes: p.nodes,
            solutions: p.solutions,
            fraction: p.fraction,
        }
    }
}

/// Encode a message for `postMessage`.
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol messages always serialise")
}

/// Decode a message received from `postMessage`.
pub fn decode<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("malformed worker message: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Serialize + for<'a> Deserialize<'a> + PartialEq + std::fmt::Debug>(m: T) {
        let text = encode(&m);
        let back: T = decode(&text).unwrap();
        assert_eq!(back, m, "{text}");
    }

    #[test]
    fn requests_round_trip() {
        let shape = Shape::square(3).unwrap();
        round_trip(Request::Job(Job {
            id: 7,
            kind: JobKind::SudokuSolve {
                shape,
                cells: vec![0; 81],
                algorithm: Algorithm::Backtrack,
                batch: 1,
            },
        }));
        round_trip(Request::Job(Job {
            id: 8,
            kind: JobKind::SudokuCount {
                shape: Shape::new(2, 3).unwrap(),
                cells: vec![0; 36],
                algorithm: Algorithm::Dlx,
                limit: Some(u128::MAX),
            },
        }));
        round_trip(Request::Job(Job {
            id: 9,
            kind: JobKind::QuantuminoSolve {
                aside: 16,
                box_size: [5, 8, 2],
                partial: Some(Partial::Incremental),
                batch: 2,
            },
        }));
        round_trip(Request::Job(Job {
            id: 10,
            kind: JobKind::QuantuminoCount {
                aside: 0,
                box_size: [2, 2, 20],
                limit: None,
            },
        }));
        round_trip(Request::Job(Job {
            id: 11,
            kind: JobKind::SudokuExplain {
                shape: Shape::square(2).unwrap(),
                cells: vec![0; 16],
            },
        }));
        let mut options = GenerateOptions::new(Shape::square(3).unwrap(), u64::MAX);
        options.minimal = true;
        round_trip(Request::Job(Job {
            id: 10,
            kind: JobKind::SudokuGenerate { options },
        }));
        round_trip(Request::Job(Job {
            id: 12,
            kind: JobKind::PhaseTransition {
                config: PhaseConfig::standard(100, u64::MAX),
            },
        }));
        round_trip(Request::Job(Job {
            id: 13,
            kind: JobKind::CountGrids {
                shape: Shape::new(2, 3).unwrap(),
            },
        }));
        round_trip(Request::More { id: 7, count: 3 });
        round_trip(Request::Cancel { id: 7 });
    }

    #[test]
    fn responses_round_trip_with_huge_counts() {
        // The empty 9x9 grid has ~6.67e21 solutions: more than u64 holds.
        let stats = Stats {
            nodes: u64::MAX,
            solutions: 6_670_903_752_021_072_936_960,
            elapsed_ms: 1.5,
            total_ms: 2.5,
            exhausted: true,
            cancelled: false,
            limited: false,
        };
        round_trip(Response::Ready {
            protocol: PROTOCOL_VERSION,
        });
        round_trip(Response::Progress {
            id: 1,
            nodes: 10,
            solutions: u128::MAX,
            fraction: 0.25,
        });
        round_trip(Response::Solution {
            id: 1,
            index: 4,
            payload: Payload::Cells(vec![1, 2, 3]),
        });
        round_trip(Response::Solution {
            id: 2,
            index: 0,
            payload: Payload::Quantumino(vec![PlacedPiece {
                piece: 3,
                cells: vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 2, 0]],
            }]),
        });
        round_trip(Response::Solution {
            id: 3,
            index: 0,
            payload: Payload::Phase(vec![PhasePoint {
                clues: 17,
                unique: 0,
                multiple: 9,
                none: 1,
            }]),
        });
        round_trip(Response::Solution {
            id: 4,
            index: 0,
            payload: Payload::Bands {
                right: 12_096,
                below: 12_096,
                pairs: 146_313_216,
            },
        });
        round_trip(Response::Waiting { id: 1, stats });
        round_trip(Response::Done { id: 1, stats });
        round_trip(Response::Error {
            id: 1,
            message: "1 appears twice in row 1".into(),
        });
    }

    #[test]
    fn a_deep_exploration_tree_survives_the_wire() {
        // An empty 9×9: the tree nests one split per guess, deeper than
        // serde_json's recursion limit would allow as nested JSON.
        let empty = tessera_engine::sudoku::Sudoku::empty(Shape::square(3).unwrap());
        let e = tessera_engine::sudoku::logic::explain(&empty).unwrap();
        fn depth(s: &Split) -> usize {
            1 + s
                .branches
                .iter()
                .map(|b| match &b.end {
                    BranchEnd::Split(s) => depth(s),
                    _ => 0,
                })
                .max()
                .unwrap_or(0)
        }
        assert!(depth(e.exploration.as_ref().unwrap()) > 20);
        // Nested, it would not decode at all.
        assert!(decode::<Explanation>(&encode(&e)).is_err());
        let response = Response::Solution {
            id: 1,
            index: 0,
            payload: Payload::Explanation(Box::new(FlatExplanation::flatten(e.clone()))),
        };
        let back: Response = decode(&encode(&response)).unwrap();
        match back {
            Response::Solution {
                payload: Payload::Explanation(f),
                ..
            } => assert_eq!(f.rebuild().unwrap(), e),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_corrupted_tree_is_an_error() {
        let empty = tessera_engine::sudoku::Sudoku::empty(Shape::square(2).unwrap());
        let mut f =
            FlatExplanation::flatten(tessera_engine::sudoku::logic::explain(&empty).unwrap());
        assert!(!f.splits.is_empty());
        f.splits[0].branches[0].end = FlatEnd::Split(0); // a cycle
        assert!(f.clone().rebuild().is_err());
        f.splits[0].branches[0].end = FlatEnd::Split(99);
        assert!(f.rebuild().unwrap_err().contains("99"));
    }

    #[test]
    fn job_ids_and_finality() {
        assert_eq!(Response::Ready { protocol: 1 }.job_id(), None);
        let done = Response::Done {
            id: 3,
            stats: Stats::default(),
        };
        assert_eq!(done.job_id(), Some(3));
        assert!(done.is_final());
        assert!(!Response::Waiting {
            id: 3,
            stats: Stats::default()
        }
        .is_final());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(decode::<Request>("{\"Nope\":1}").is_err());
        assert!(decode::<Request>("not json").is_err());
    }
}
