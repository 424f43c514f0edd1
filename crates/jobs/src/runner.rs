//! The worker's brain, without the browser: a set of live searches driven in
//! short time slices. The wasm loop (`worker::wasm`) only moves messages and
//! calls [`Runner::slice`] between turns of the worker's event loop, so
//! everything that matters — batching, progress cadence, cancel, resumable
//! enumeration — is tested natively here with a fake clock.

use super::protocol::{Job, JobId, JobKind, Payload, Request, Response, Stats};
use std::collections::VecDeque;
use tessera_engine::count::bands;
use tessera_engine::count::phase::Phase;
use tessera_engine::count::staged::GridCount;
use tessera_engine::count::total::{self, GridTotal};
use tessera_engine::polyform::{enumerate, Session, SolveOptions};
use tessera_engine::quantumino::pieces::polycubes;
use tessera_engine::quantumino::{
    CountStep, Counter, Partial, QuantuminoSearch, QuantuminoSolver, QuantuminoState, NUM_PIECES,
};
use tessera_engine::search::{Progress, Search, Step};
use tessera_engine::sudoku::variant::{generate as vgen, Kind as VariantKind, RegionMap, Variant};
use tessera_engine::sudoku::{generate, logic, Shape, Sudoku, SudokuError};

/// A boxed resumable search whose solutions are already wire payloads.
type BoxedSearch = Box<dyn Search<Payload> + Send>;

/// Wraps an engine search so its solutions come out as [`Payload`]s: the
/// runner then drives every workbench's searches the same way.
struct Mapped<T> {
    inner: Box<dyn Search<T> + Send>,
    to_payload: fn(T) -> Payload,
}

impl<T> Search<Payload> for Mapped<T> {
    fn step(&mut self, budget: u64) -> Step<Payload> {
        match self.inner.step(budget) {
            Step::Solution(t) => Step::Solution((self.to_payload)(t)),
            Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        }
    }
    fn progress(&self) -> Progress {
        self.inner.progress()
    }
    fn set_count_only(&mut self, count_only: bool) {
        self.inner.set_count_only(count_only)
    }
}

fn mapped<T: 'static>(
    inner: Box<dyn Search<T> + Send>,
    to_payload: fn(T) -> Payload,
) -> BoxedSearch {
    Box::new(Mapped { inner, to_payload })
}

/// What a job turns into.
enum Built {
    /// A resumable search, its mode and its first batch size.
    Search(BoxedSearch, Mode, u32),
    /// A short computation already done (polyform enumeration).
    Immediate(Payload),
}

fn build(kind: JobKind) -> Result<Built, String> {
    let sudoku = |shape: Shape, cells: &[u8], algorithm| {
        sudoku_from(shape, cells)
            .and_then(|s| s.search(algorithm))
            .map(|s| mapped(s, Payload::Cells))
            .map_err(|e| e.to_string())
    };
    let polyform = |puzzle: &tessera_engine::polyform::Puzzle, unique: bool| {
        Session::new(puzzle, SolveOptions { unique })
            .map(|s| mapped(Box::new(s), Payload::Polyform))
            .map_err(|e| e.to_string())
    };
    Ok(match kind {
        JobKind::SudokuSolve {
            shape,
            cells,
            algorithm,
            batch,
        } => Built::Search(
            sudoku(shape, &cells, algorithm)?,
            Mode::Enumerate,
            batch.max(1),
        ),
        JobKind::SudokuCount {
            shape,
            cells,
            algorithm,
            limit,
        } => Built::Search(sudoku(shape, &cells, algorithm)?, Mode::Count { limit }, 0),
        JobKind::PolyformSolve {
            puzzle,
            unique,
            batch,
        } => Built::Search(polyform(&puzzle, unique)?, Mode::Enumerate, batch.max(1)),
        JobKind::PolyformCount {
            puzzle,
            unique,
            limit,
        } => Built::Search(polyform(&puzzle, unique)?, Mode::Count { limit }, 0),
        JobKind::PolyformEnumerate {
            lattice,
            size,
            one_sided,
            list,
        } => {
            let counts = enumerate::count(lattice, size).map_err(|e| e.to_string())?;
            let pieces = if list {
                enumerate::polyforms(lattice, size, one_sided).map_err(|e| e.to_string())?
            } else {
                Vec::new()
            };
            Built::Immediate(Payload::Polyforms { counts, pieces })
        }
        JobKind::QuantuminoSolve {
            aside,
            box_size,
            partial,
            batch,
        } => Built::Search(
            quantumino_search(aside, box_size, partial)?,
            Mode::Enumerate,
            batch.max(1),
        ),
        JobKind::QuantuminoCount {
            aside,
            box_size,
            limit,
        } => Built::Search(
            quantumino_search(aside, box_size, None)?,
            Mode::Count { limit },
            0,
        ),
        JobKind::QuantuminoCountParts {
            aside,
            box_size,
            parts,
            mine,
        } => Built::Search(
            Box::new(PartCount::new(aside, box_size, parts, &mine)?),
            Mode::Enumerate,
            u32::MAX,
        ),
        JobKind::SudokuExplain { shape, cells } => {
            let puzzle = sudoku_from(shape, &cells).map_err(|e| e.to_string())?;
            let explanation = logic::explain(&puzzle).map_err(|e| e.to_string())?;
            Built::Immediate(Payload::Explanation(Box::new(
                super::protocol::FlatExplanation::flatten(explanation),
            )))
        }
        JobKind::SudokuGenerate { options } => {
            let generated = generate::generate(&options).map_err(|e| e.to_string())?;
            Built::Immediate(Payload::Generated(Box::new(generated)))
        }

        // ----- Sudoku variants -----
        JobKind::VariantSolve {
            variant,
            cells,
            batch,
        } => Built::Search(
            variant_search(variant, &cells)?,
            Mode::Enumerate,
            batch.max(1),
        ),
        JobKind::VariantCount {
            variant,
            cells,
            limit,
        } => Built::Search(variant_search(variant, &cells)?, Mode::Count { limit }, 0),
        JobKind::VariantGenerate {
            variant,
            seed,
            minimal,
        } => {
            let request = match variant {
                Some(kind) => vgen::Request::Fixed(variant_from(kind)?),
                None => vgen::Request::RandomJigsaw(9),
            };
            let options = vgen::Options {
                minimal,
                ..vgen::Options::new(request, seed)
            };
            let g = vgen::generate(&options).map_err(|e| e.to_string())?;
            Built::Immediate(Payload::VariantGenerated {
                variant: g.variant.kind().clone(),
                puzzle: g.puzzle,
                solution: g.solution,
            })
        }
        // ---- Experiments ----
        JobKind::PhaseTransition { config } => {
            let phase = Phase::new(config).map_err(|e| e.to_string())?;
            Built::Search(
                Box::new(PhaseSearch {
                    phase,
                    emitted: 0,
                    sent_last: false,
                }),
                Mode::Enumerate,
                u32::MAX,
            )
        }
        JobKind::CountGrids { shape } if shape == Shape::square(3).expect("3x3") => Built::Search(
            Box::new(TotalSearch(GridTotal::new())),
            Mode::Count { limit: None },
            0,
        ),
        JobKind::CountGrids { shape } => {
            let count = GridCount::new(shape)?;
            Built::Search(
                Box::new(GridCountSearch(count)),
                Mode::Count { limit: None },
                0,
            )
        }
        JobKind::CountBands { shape } => {
            if shape.size() > 16 {
                return Err(format!(
                    "boxes of {} symbols are too many to enumerate (at most 16)",
                    shape.size()
                ));
            }
            Built::Immediate(Payload::Bands {
                right: bands::boxes_right(shape),
                below: bands::boxes_below(shape),
                pairs: bands::box_pairs(shape),
            })
        }
    })
}

/// A variant from the wire, checked again: a region map that arrives by
/// message has not been through `RegionMap::parse`.
fn variant_from(kind: VariantKind) -> Result<Variant, String> {
    let bad_shape = |s: Shape| format!("box shape {s} is not supported");
    Ok(match kind {
        VariantKind::Standard(s) => {
            Variant::standard(Shape::new(s.box_rows, s.box_cols).ok_or_else(|| bad_shape(s))?)
        }
        VariantKind::X(s) => {
            Variant::x(Shape::new(s.box_rows, s.box_cols).ok_or_else(|| bad_shape(s))?)
        }
        VariantKind::Jigsaw(map) => {
            Variant::jigsaw(RegionMap::parse(&map.to_string()).map_err(|e| e.to_string())?)
        }
        VariantKind::Samurai => Variant::samurai(),
    })
}

fn variant_search(kind: VariantKind, cells: &[u8]) -> Result<BoxedSearch, String> {
    let variant = variant_from(kind)?;
    let search = variant.search(cells).map_err(|e| e.to_string())?;
    Ok(mapped(Box::new(search), Payload::Cells))
}

// ---- Experiment jobs: the engine's step-by-step runs as searches ----

/// One phase sample costs about as much as this many search nodes, so the
/// runner's ~1 ms budget runs a handful of samples per step.
const NODES_PER_SAMPLE: u64 = 64;

/// The phase experiment as a search whose "solutions" are cumulative
/// snapshots: after each of the first rounds, then every fifth, and at the
/// end — a curve appears at once and sharpens without flooding the page.
struct PhaseSearch {
    phase: Phase,
    emitted: u128,
    sent_last: bool,
}

impl PhaseSearch {
    fn snapshot(&mut self) -> Step<Payload> {
        self.emitted += 1;
        Step::Solution(Payload::Phase(self.phase.points().to_vec()))
    }
}

impl Search<Payload> for PhaseSearch {
    fn step(&mut self, budget: u64) -> Step<Payload> {
        if self.phase.is_done() {
            if self.sent_last {
                return Step::Done;
            }
            self.sent_last = true;
            return self.snapshot();
        }
        for _ in 0..(budget / NODES_PER_SAMPLE).max(1) {
            let before = self.phase.rounds_done();
            if self.phase.step().is_none() {
                break;
            }
            let rounds = self.phase.rounds_done();
            if self.phase.is_done() {
                self.sent_last = true;
                return self.snapshot();
            }
            if rounds != before && (rounds <= 5 || rounds.is_multiple_of(5)) {
                return self.snapshot();
            }
        }
        Step::Paused
    }

    fn progress(&self) -> Progress {
        let total = self.phase.config().total_samples();
        Progress {
            nodes: self.phase.samples_done(),
            solutions: self.emitted,
            fraction: self.phase.samples_done() as f64 / total as f64,
        }
    }

    fn set_count_only(&mut self, _count_only: bool) {}
}

/// Grid counting as a count-only search: one part per step.
struct GridCountSearch(GridCount);

impl Search<Payload> for GridCountSearch {
    fn step(&mut self, _budget: u64) -> Step<Payload> {
        match self.0.step() {
            Ok(true) => Step::Paused,
            // Parts have no node limit on the shapes GridCount accepts, so
            // an error cannot happen; it would end the count early.
            Ok(false) | Err(_) => Step::Done,
        }
    }

    fn progress(&self) -> Progress {
        Progress {
            nodes: self.0.parts_done() as u64,
            solutions: self.0.grids(),
            fraction: self.0.parts_done() as f64 / self.0.parts().max(1) as f64,
        }
    }

    fn set_count_only(&mut self, _count_only: bool) {}
}

/// The 9×9 total (`count::total`) as a count-only search: one orbit of
/// top-band signatures per step; the running sum is a lower bound.
struct TotalSearch(GridTotal);

impl Search<Payload> for TotalSearch {
    fn step(&mut self, _budget: u64) -> Step<Payload> {
        match self.0.step() {
            Some(_) => Step::Paused,
            None => Step::Done,
        }
    }

    fn progress(&self) -> Progress {
        let p = self.0.progress();
        Progress {
            nodes: p.orbits_done as u64,
            solutions: self.0.partial_total(),
            fraction: p.signatures_done as f64 / total::SIGNATURES as f64,
        }
    }

    fn set_count_only(&mut self, _count_only: bool) {}
}

/// Progress is reported at most this often (milliseconds) per job.
pub const PROGRESS_INTERVAL_MS: f64 = 100.0;

/// A slice of work lasts about this long (milliseconds) before the worker
/// yields to its event loop, so a `Cancel` is read within a few ms.
pub const SLICE_MS: f64 = 6.0;

/// Node budget bounds for one `step` call; the runner adapts the budget so
/// one call takes about a millisecond.
const MIN_BUDGET: u64 = 16;
const MAX_BUDGET: u64 = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Deliver solutions; pause after each batch.
    Enumerate,
    /// Count only, up to an optional limit.
    Count { limit: Option<u128> },
}

struct Active {
    id: JobId,
    search: BoxedSearch,
    mode: Mode,
    /// Solutions still to deliver in this batch (enumeration).
    remaining: u32,
    running: bool,
    /// Start of the current stretch of work.
    stretch_start: f64,
    /// Milliseconds of work in earlier stretches.
    earlier_ms: f64,
    last_progress: f64,
    delivered: u64,
}

impl Active {
    fn stats(&self, now: f64) -> Stats {
        let p = self.search.progress();
        let elapsed = (now - self.stretch_start).max(0.0);
        Stats {
            nodes: p.nodes,
            solutions: match self.mode {
                Mode::Enumerate => self.delivered as u128,
                Mode::Count { limit } => limit.map_or(p.solutions, |l| p.solutions.min(l)),
            },
            elapsed_ms: elapsed,
            total_ms: self.earlier_ms + elapsed,
            ..Stats::default()
        }
    }
}

/// Live jobs of one worker.
#[derive(Default)]
pub struct Runner {
    jobs: Vec<Active>,
    budget: u64,
    turn: usize,
}

fn sudoku_from(shape: Shape, cells: &[u8]) -> Result<Sudoku, SudokuError> {
    let values: Vec<i64> = cells.iter().map(|&v| i64::from(v)).collect();
    Sudoku::from_list(&values, Some(shape))
}

// ---- Quantumino jobs ----

fn quantumino_payload(state: QuantuminoState) -> Payload {
    Payload::Quantumino(state.pieces)
}

/// `QuantuminoSolver(aside, box)`'s search; Sage's errors (aside out of
/// range, bad box) come back as the job's error text.
fn quantumino_search(
    aside: u8,
    box_size: [i32; 3],
    partial: Option<Partial>,
) -> Result<BoxedSearch, String> {
    let solver = QuantuminoSolver::new(i64::from(aside), box_size.map(i64::from))
        .map_err(|e| e.to_string())?;
    let search: QuantuminoSearch = solver.search(partial);
    Ok(mapped(Box::new(search), quantumino_payload))
}

/// A share of a Quantumino count (see `JobKind::QuantuminoCountParts`) as a
/// search whose "solutions" are the finished parts, so the runner's slicing,
/// progress and cancel apply unchanged.
struct PartCount {
    /// `None` when there is nothing to count (a box that is not 80 cells).
    counter: Option<Counter>,
    /// The piece set of the whole game without the aside.
    full: u32,
    pending: VecDeque<Payload>,
    progress: Progress,
    done: bool,
}

impl PartCount {
    fn new(aside: u8, box_size: [i32; 3], parts: u32, mine: &[u32]) -> Result<PartCount, String> {
        // Sage's checks and messages for the aside and the box.
        QuantuminoSolver::new(i64::from(aside), box_size.map(i64::from))
            .map_err(|e| e.to_string())?;
        if parts == 0 || mine.iter().any(|&p| p >= parts) {
            return Err(format!("parts {mine:?} are not all below {parts}"));
        }
        let counter = if box_size.iter().product::<i32>() == 80 {
            let pieces: Vec<_> = polycubes()
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| i != aside as usize)
                .map(|(_, p)| p)
                .collect();
            let mut c = Counter::new(&pieces, box_size).map_err(|e| e.to_string())?;
            let mine: Vec<usize> = mine.iter().map(|&p| p as usize).collect();
            c.set_parts(parts as usize, &mine);
            Some(c)
        } else {
            None
        };
        Ok(PartCount {
            counter,
            full: (1u32 << (NUM_PIECES - 1)) - 1,
            pending: VecDeque::new(),
            progress: Progress::default(),
            done: false,
        })
    }
}

impl Search<Payload> for PartCount {
    fn step(&mut self, budget: u64) -> Step<Payload> {
        loop {
            if let Some(p) = self.pending.pop_front() {
                self.progress.solutions += 1;
                return Step::Solution(p);
            }
            if self.done {
                self.progress.fraction = 1.0;
                return Step::Done;
            }
            let Some(counter) = self.counter.as_mut() else {
                self.done = true;
                continue;
            };
            let outcome = counter.step(budget);
            let full = self.full;
            for (part, counts) in counter.take_finished_parts() {
                let count = counts.iter().find(|c| c.0 == full).map_or(0, |c| c.1);
                self.pending.push_back(Payload::CountPart {
                    part: part as u32,
                    count,
                });
            }
            match outcome {
                Ok(CountStep::Paused(p)) => {
                    self.progress.fraction = p.fraction;
                    self.progress.nodes = p.states;
                    if self.pending.is_empty() {
                        return Step::Paused;
                    }
                }
                Ok(CountStep::Done(_)) => self.done = true,
                Err(e) => {
                    self.pending.push_back(Payload::CountFailed(e.to_string()));
                    self.done = true;
                }
            }
        }
    }

    fn progress(&self) -> Progress {
        self.progress
    }

    fn set_count_only(&mut self, _: bool) {}
}

impl Runner {
    pub fn new() -> Runner {
        Runner {
            jobs: Vec::new(),
            budget: 256,
            turn: 0,
        }
    }

    /// Is there work that needs more slices?
    pub fn busy(&self) -> bool {
        self.jobs.iter().any(|j| j.running)
    }

    /// Number of live jobs (running or waiting).
    pub fn live_jobs(&self) -> usize {
        self.jobs.len()
    }

    /// React to a message from the page.
    pub fn handle(&mut self, request: Request, now: f64) -> Vec<Response> {
        match request {
            Request::Job(job) => self.start(job, now),
            Request::More { id, count } => match self.jobs.iter_mut().find(|j| j.id == id) {
                Some(j) if !j.running && j.mode == Mode::Enumerate => {
                    j.running = true;
                    j.remaining = count.max(1);
                    j.stretch_start = now;
                    j.last_progress = now;
                    vec![]
                }
                Some(_) => vec![Response::Error {
                    id,
                    message: format!("job {id} is not waiting for more solutions"),
                }],
                None => vec![Response::Error {
                    id,
                    message: format!("job {id} is over: no search to resume"),
                }],
            },
            Request::Cancel { id } => match self.jobs.iter().position(|j| j.id == id) {
                Some(i) => {
                    let j = self.jobs.remove(i);
                    let mut stats = j.stats(now);
                    if !j.running {
                        stats.elapsed_ms = 0.0;
                        stats.total_ms = j.earlier_ms;
                    }
                    stats.cancelled = true;
                    vec![Response::Done { id, stats }]
                }
                // Already over: its Done was sent before.
                None => vec![],
            },
        }
    }

    fn start(&mut self, job: Job, now: f64) -> Vec<Response> {
        let id = job.id;
        if self.jobs.iter().any(|j| j.id == id) {
            return vec![Response::Error {
                id,
                message: format!("job {id} already exists"),
            }];
        }
        let (search, mode, batch) = match build(job.kind) {
            Ok(Built::Search(search, mode, batch)) => (search, mode, batch),
            Ok(Built::Immediate(payload)) => {
                let stats = Stats {
                    solutions: 1,
                    exhausted: true,
                    ..Stats::default()
                };
                return vec![
                    Response::Solution {
                        id,
                        index: 0,
                        payload,
                    },
                    Response::Done { id, stats },
                ];
            }
            Err(message) => return vec![Response::Error { id, message }],
        };
        let mut active = Active {
            id,
            search,
            mode,
            remaining: batch,
            running: true,
            stretch_start: now,
            earlier_ms: 0.0,
            last_progress: now,
            delivered: 0,
        };
        active
            .search
            .set_count_only(matches!(mode, Mode::Count { .. }));
        self.jobs.push(active);
        vec![]
    }

    /// Work for about `slice_ms` on one running job (round robin), reading
    /// the time from `clock` (milliseconds). Returns the messages to post.
    pub fn slice(&mut self, clock: &mut dyn FnMut() -> f64, slice_ms: f64) -> Vec<Response> {
        let mut out = Vec::new();
        let running: Vec<usize> = (0..self.jobs.len())
            .filter(|&i| self.jobs[i].running)
            .collect();
        if running.is_empty() {
            return out;
        }
        self.turn = (self.turn + 1) % running.len();
        let index = running[self.turn];
        let start = clock();
        let mut finished = false;
        {
            let job = &mut self.jobs[index];
            loop {
                let before = clock();
                let step = job.search.step(self.budget);
                let now = clock();
                // Aim at roughly one millisecond per step call.
                let took = now - before;
                if took < 0.25 {
                    self.budget = (self.budget * 2).min(MAX_BUDGET);
                } else if took > 2.0 {
                    self.budget = (self.budget / 2).max(MIN_BUDGET);
                }
                match step {
                    Step::Solution(payload) => {
                        if job.mode == Mode::Enumerate {
                            out.push(Response::Solution {
                                id: job.id,
                                index: job.delivered,
                                payload,
                            });
                            job.delivered += 1;
                            job.remaining = job.remaining.saturating_sub(1);
                            if job.remaining == 0 {
                                let stats = job.stats(now);
                                job.earlier_ms = stats.total_ms;
                                job.running = false;
                                out.push(Response::Waiting { id: job.id, stats });
                                break;
                            }
                        }
                    }
                    Step::Paused => {}
                    Step::Done => {
                        let mut stats = job.stats(now);
                        stats.exhausted = true;
                        out.push(Response::Done { id: job.id, stats });
                        finished = true;
                        break;
                    }
                }
                if let Mode::Count { limit: Some(limit) } = job.mode {
                    if job.search.progress().solutions >= limit {
                        let mut stats = job.stats(now);
                        stats.limited = true;
                        out.push(Response::Done { id: job.id, stats });
                        finished = true;
                        break;
                    }
                }
                if now - job.last_progress >= PROGRESS_INTERVAL_MS {
                    job.last_progress = now;
                    out.push(Response::progress(job.id, job.search.progress()));
                }
                if now - start >= slice_ms {
                    break;
                }
            }
        }
        if finished {
            self.jobs.remove(index);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_engine::sudoku::Algorithm;

    const H: &str =
        "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
    const H_SOLUTIONS: [&str; 5] = [
        "814637925325149687796825314957318462241956873638274591462793158579481236183562749",
        "814637925325941687796825314957318462241569873638472591462793158579184236183256749",
        "834671925125839647796425318957318462241956873368247591682793154579184236413562789",
        "834671925125839647796524318957318462241956873368247591682793154519482736473165289",
        "834671925125839647796524318957318462241965873368247591682793154519482736473156289",
    ];

    fn cells(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    fn text(cells: &[u8]) -> String {
        cells.iter().map(|v| (b'0' + v) as char).collect()
    }

    /// A clock that advances by `tick` ms every time it is read.
    fn fake_clock(tick: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += tick;
            t
        }
    }

    fn solve_job(id: JobId, puzzle: &str, algorithm: Algorithm) -> Request {
        Request::Job(Job {
            id,
            kind: JobKind::SudokuSolve {
                shape: Shape::square(3).unwrap(),
                cells: cells(puzzle),
                algorithm,
                batch: 1,
            },
        })
    }

    /// Slice until the runner is idle, collecting messages.
    fn drain(r: &mut Runner, clock: &mut dyn FnMut() -> f64) -> Vec<Response> {
        let mut out = Vec::new();
        for _ in 0..100_000 {
            if !r.busy() {
                return out;
            }
            out.extend(r.slice(clock, SLICE_MS));
        }
        panic!("runner never went idle");
    }

    // ----- Sudoku variants -----

    #[test]
    fn variant_jobs_generate_solve_count_and_reject_bad_maps() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        let generate = JobKind::VariantGenerate {
            variant: Some(VariantKind::Samurai),
            seed: 4,
            minimal: false,
        };
        let (variant, puzzle, solution) = match r
            .handle(
                Request::Job(Job {
                    id: 1,
                    kind: generate,
                }),
                0.0,
            )
            .as_slice()
        {
            [Response::Solution {
                payload:
                    Payload::VariantGenerated {
                        variant,
                        puzzle,
                        solution,
                    },
                ..
            }, ..] => (variant.clone(), puzzle.clone(), solution.clone()),
            other => panic!("{other:?}"),
        };
        drain(&mut r, &mut clock);
        let v = variant_from(variant.clone()).unwrap();
        assert!(v.is_solved_by(&puzzle, &solution));
        let solve = JobKind::VariantSolve {
            variant: variant.clone(),
            cells: puzzle.clone(),
            batch: 2,
        };
        r.handle(Request::Job(Job { id: 2, kind: solve }), 0.0);
        let sols: Vec<Vec<u8>> = drain(&mut r, &mut clock)
            .into_iter()
            .filter_map(|m| match m {
                Response::Solution {
                    payload: Payload::Cells(c),
                    ..
                } => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(sols, vec![solution]);
        let count = JobKind::VariantCount {
            variant: VariantKind::X(Shape::square(2).unwrap()),
            cells: vec![0; 16],
            limit: None,
        };
        r.handle(Request::Job(Job { id: 3, kind: count }), 0.0);
        let done = drain(&mut r, &mut clock);
        assert!(
            done.iter()
                .any(|m| matches!(m, Response::Done { stats, .. } if stats.solutions > 0)),
            "{done:?}"
        );
        // A map that did not come through RegionMap::parse is checked again.
        let bad: VariantKind =
            serde_json::from_str(r#"{"Jigsaw":{"n":2,"labels":["a","a","a","b"]}}"#).unwrap();
        let solve = JobKind::VariantSolve {
            variant: bad,
            cells: vec![0; 4],
            batch: 1,
        };
        match r
            .handle(Request::Job(Job { id: 4, kind: solve }), 0.0)
            .as_slice()
        {
            [Response::Error { message, .. }] => {
                assert!(message.contains("region a has 3 cells"), "{message}")
            }
            other => panic!("{other:?}"),
        }
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
                let sols: Vec<_> = msgs
                    .iter()
                    .filter_map(|m| match m {
                        Response::Solution {
                            index,
                            payload: Payload::Cells(c),
                            ..
                        } => Some((*index, text(c))),
                        _ => None,
                    })
                    .collect();
                assert_eq!(sols.len(), 1, "{algorithm}: {msgs:?}");
                assert_eq!(sols[0].0, k as u64);
                found.push(sols[0].1.clone());
                match msgs.last() {
                    Some(Response::Waiting { id: 1, stats }) => {
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
                Some(Response::Done { id: 1, stats }) => {
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
            let job = Request::Job(Job {
                id: 9,
                kind: JobKind::SudokuCount {
                    shape: Shape::square(3).unwrap(),
                    cells: cells(H),
                    algorithm,
                    limit: None,
                },
            });
            assert!(r.handle(job, 0.0).is_empty());
            let msgs = drain(&mut r, &mut clock);
            assert!(msgs.iter().all(|m| !matches!(m, Response::Solution { .. })));
            match msgs.last() {
                Some(Response::Done { id: 9, stats }) => {
                    assert_eq!(stats.solutions, 5);
                    assert!(stats.exhausted && !stats.cancelled);
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn counting_an_empty_grid_reports_progress_and_stops_on_cancel() {
        let mut r = Runner::new();
        // Each clock read advances 1 ms: a slice is three steps, and
        // progress is due every 100 ms of fake time.
        let mut clock = fake_clock(1.0);
        let job = Request::Job(Job {
            id: 2,
            kind: JobKind::SudokuCount {
                shape: Shape::square(3).unwrap(),
                cells: vec![0; 81],
                algorithm: Algorithm::Dlx,
                limit: None,
            },
        });
        r.handle(job, 0.0);
        let mut progress = Vec::new();
        for _ in 0..100 {
            for m in r.slice(&mut clock, SLICE_MS) {
                match m {
                    Response::Progress {
                        nodes, solutions, ..
                    } => progress.push((nodes, solutions)),
                    other => panic!("unexpected {other:?}"),
                }
            }
        }
        assert!(progress.len() >= 5, "{progress:?}");
        assert!(progress.windows(2).all(|w| w[0].0 <= w[1].0));
        assert!(progress.last().unwrap().1 > 0, "solutions are counted");
        let msgs = r.handle(Request::Cancel { id: 2 }, clock());
        match &msgs[..] {
            [Response::Done { id: 2, stats }] => {
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
    fn a_slice_ends_after_its_time_budget() {
        let mut r = Runner::new();
        let mut clock = fake_clock(1.0);
        r.handle(
            Request::Job(Job {
                id: 3,
                kind: JobKind::SudokuCount {
                    shape: Shape::square(3).unwrap(),
                    cells: vec![0; 81],
                    algorithm: Algorithm::Backtrack,
                    limit: None,
                },
            }),
            0.0,
        );
        let t0 = clock();
        r.slice(&mut clock, SLICE_MS);
        let t1 = clock();
        // Three clock reads per step, so at most a couple of steps.
        assert!(t1 - t0 <= SLICE_MS + 5.0, "{t0} → {t1}");
        assert!(r.busy());
    }

    #[test]
    fn count_with_a_limit_stops_there() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(
            Request::Job(Job {
                id: 4,
                kind: JobKind::SudokuCount {
                    shape: Shape::square(2).unwrap(),
                    cells: vec![0; 16],
                    algorithm: Algorithm::Dlx,
                    limit: Some(10),
                },
            }),
            0.0,
        );
        let msgs = drain(&mut r, &mut clock);
        match msgs.last() {
            Some(Response::Done { stats, .. }) => {
                assert_eq!(stats.solutions, 10);
                assert!(stats.limited || stats.exhausted);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_puzzles_and_bad_requests_are_errors() {
        let mut r = Runner::new();
        let dup = format!("11{}", &H[2..]);
        match &r.handle(solve_job(5, &dup, Algorithm::Dlx), 0.0)[..] {
            [Response::Error { id: 5, message }] => {
                assert!(message.contains("appears twice"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        assert!(!r.busy());
        match &r.handle(Request::More { id: 77, count: 1 }, 0.0)[..] {
            [Response::Error { id: 77, .. }] => {}
            other => panic!("{other:?}"),
        }
        r.handle(solve_job(6, H, Algorithm::Dlx), 0.0);
        match &r.handle(solve_job(6, H, Algorithm::Dlx), 0.0)[..] {
            [Response::Error { id: 6, .. }] => {}
            other => panic!("{other:?}"),
        }
        // More while running is refused, the job continues.
        match &r.handle(Request::More { id: 6, count: 1 }, 0.0)[..] {
            [Response::Error { id: 6, .. }] => {}
            other => panic!("{other:?}"),
        }
        assert!(r.busy());
    }

    #[test]
    fn no_solution_is_done_with_zero_solutions() {
        let hbad =
            "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(solve_job(8, hbad, Algorithm::Backtrack), 0.0);
        let msgs = drain(&mut r, &mut clock);
        match msgs.last() {
            Some(Response::Done { stats, .. }) => {
                assert_eq!(stats.solutions, 0);
                assert!(stats.exhausted);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn two_jobs_share_the_worker() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(solve_job(1, H, Algorithm::Dlx), 0.0);
        r.handle(solve_job(2, H, Algorithm::Backtrack), 0.0);
        let msgs = drain(&mut r, &mut clock);
        let waiting: Vec<_> = msgs
            .iter()
            .filter_map(|m| match m {
                Response::Waiting { id, .. } => Some(*id),
                _ => None,
            })
            .collect();
        assert_eq!(waiting.len(), 2);
        assert_eq!(r.live_jobs(), 2);
    }

    // ----- polyform jobs -----

    use tessera_engine::polyform::{format, library, Lattice};

    fn polyform_job(id: JobId, kind: JobKind) -> Request {
        Request::Job(Job { id, kind })
    }

    #[test]
    fn polyform_enumeration_delivers_checked_solutions_in_batches() {
        let puzzle = library::find("pentominoes-3x20").unwrap();
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        let kind = JobKind::PolyformSolve {
            puzzle: puzzle.clone(),
            unique: true,
            batch: 1,
        };
        assert!(r.handle(polyform_job(4, kind), 0.0).is_empty());
        let mut found = Vec::new();
        loop {
            let msgs = drain(&mut r, &mut clock);
            for m in &msgs {
                if let Response::Solution {
                    payload: Payload::Polyform(sol),
                    ..
                } = m
                {
                    format::check_against(&puzzle, sol).expect("a valid tiling");
                    found.push(sol.sorted());
                }
            }
            match msgs.last() {
                Some(Response::Waiting { .. }) => {
                    r.handle(Request::More { id: 4, count: 1 }, 0.0);
                }
                Some(Response::Done { stats, .. }) => {
                    assert!(stats.exhausted);
                    break;
                }
                other => panic!("{other:?}"),
            }
        }
        // Two solutions up to symmetry (Polyform Puzzler), and they differ.
        assert_eq!(found.len(), 2);
        assert_ne!(found[0], found[1]);
    }

    #[test]
    fn polyform_count_matches_the_published_count() {
        let puzzle = library::find("tetrahexes-4x7").unwrap();
        let known = puzzle.known.as_ref().and_then(|k| k.unique).unwrap();
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        let kind = JobKind::PolyformCount {
            puzzle,
            unique: true,
            limit: None,
        };
        r.handle(polyform_job(5, kind), 0.0);
        let msgs = drain(&mut r, &mut clock);
        match msgs.last() {
            Some(Response::Done { stats, .. }) => assert_eq!(stats.solutions, known),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn polyform_errors_name_the_problem() {
        let mut puzzle = library::find("pentominoes-6x10").unwrap();
        puzzle.region.pop();
        let mut r = Runner::new();
        let kind = JobKind::PolyformSolve {
            puzzle,
            unique: true,
            batch: 1,
        };
        match r.handle(polyform_job(6, kind), 0.0).as_slice() {
            [Response::Error { message, .. }] => {
                assert!(message.contains("60 cells"), "{message}");
                assert!(message.contains("59"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        let kind = JobKind::PolyformEnumerate {
            lattice: Lattice::Square,
            size: 99,
            one_sided: false,
            list: false,
        };
        match r.handle(polyform_job(7, kind), 0.0).as_slice() {
            [Response::Error { message, .. }] => assert!(message.contains("99"), "{message}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(r.live_jobs(), 0);
    }

    #[test]
    fn polyform_enumeration_job_answers_at_once() {
        let mut r = Runner::new();
        let kind = JobKind::PolyformEnumerate {
            lattice: Lattice::Square,
            size: 5,
            one_sided: false,
            list: true,
        };
        let msgs = r.handle(polyform_job(8, kind), 0.0);
        match msgs.as_slice() {
            [Response::Solution {
                payload: Payload::Polyforms { counts, pieces },
                ..
            }, Response::Done { .. }] => {
                let free: Vec<u64> = counts.iter().map(|c| c.free).collect();
                assert_eq!(free, [1, 1, 2, 5, 12]);
                assert_eq!(pieces.len(), 12);
                assert!(pieces.iter().all(|p| p.len() == 5));
            }
            other => panic!("{other:?}"),
        }
        assert!(!r.busy());
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

    fn lab_job(id: JobId, kind: JobKind) -> Request {
        Request::Job(Job { id, kind })
    }

    #[test]
    fn explain_job_answers_at_once_with_steps_tree_and_rating() {
        let mut r = Runner::new();
        // H has five solutions: the rules get stuck, the tree finds two.
        let kind = JobKind::SudokuExplain {
            shape: Shape::square(3).unwrap(),
            cells: cells(H),
        };
        match r.handle(lab_job(1, kind), 0.0).as_slice() {
            [Response::Solution {
                payload: Payload::Explanation(e),
                ..
            }, Response::Done { .. }] => {
                let e = e.clone().rebuild().unwrap();
                assert_eq!(e.outcome, logic::Outcome::MultipleSolutions);
                assert!(e.exploration.is_some());
                assert_eq!(e.rating, None);
                let first = e.solution.as_ref().unwrap().cells().to_vec();
                assert!(H_SOLUTIONS.contains(&text(&first).as_str()));
            }
            other => panic!("{other:?}"),
        }
        // A proper puzzle: one of the five solutions with one blank.
        let mut one = cells(H_SOLUTIONS[0]);
        one[0] = 0;
        let kind = JobKind::SudokuExplain {
            shape: Shape::square(3).unwrap(),
            cells: one,
        };
        match r.handle(lab_job(2, kind), 0.0).as_slice() {
            [Response::Solution {
                payload: Payload::Explanation(e),
                ..
            }, Response::Done { .. }] => {
                let e = e.clone().rebuild().unwrap();
                assert_eq!(e.outcome, logic::Outcome::Solved);
                assert_eq!(e.steps.len(), 1);
                assert_eq!(e.rating, Some(logic::Rating::Easy));
                assert_eq!(text(e.solution.as_ref().unwrap().cells()), H_SOLUTIONS[0]);
            }
            other => panic!("{other:?}"),
        }
        assert!(!r.busy());
    }

    #[test]
    fn explain_job_reports_clashing_givens_as_an_error() {
        let mut r = Runner::new();
        let mut bad = vec![0u8; 81];
        bad[0] = 5;
        bad[1] = 5;
        let kind = JobKind::SudokuExplain {
            shape: Shape::square(3).unwrap(),
            cells: bad,
        };
        match r.handle(lab_job(3, kind), 0.0).as_slice() {
            [Response::Error { id: 3, message }] => assert!(message.contains('5'), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn generate_job_is_reproducible_and_unique() {
        let options = generate::Options::new(Shape::square(3).unwrap(), 42);
        let mut r = Runner::new();
        let mut puzzles = Vec::new();
        for id in [4, 5] {
            let kind = JobKind::SudokuGenerate {
                options: options.clone(),
            };
            match r.handle(lab_job(id, kind), 0.0).as_slice() {
                [Response::Solution {
                    payload: Payload::Generated(g),
                    ..
                }, Response::Done { .. }] => {
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
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(puzzles[0], puzzles[1], "same seed, same puzzle");
    }

    #[test]
    fn generate_job_that_cannot_succeed_is_an_error() {
        // Shidoku with a unique solution never needs guessing, so an expert
        // target cannot be met: the engine gives up, the job reports why.
        let mut options = generate::Options::new(Shape::square(2).unwrap(), 1);
        options.difficulty = Some(logic::Rating::Expert);
        options.max_attempts = 3;
        let mut r = Runner::new();
        match r
            .handle(lab_job(6, JobKind::SudokuGenerate { options }), 0.0)
            .as_slice()
        {
            [Response::Error { id: 6, message }] => {
                assert!(message.contains("gave up"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}

#[cfg(test)]
mod quantumino_tests {
    use super::*;
    use std::collections::HashSet;
    use tessera_engine::polyform::polycube::{rotations, Polycube};
    use tessera_engine::quantumino::{piece, PlacedPiece};

    fn fake_clock(tick: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += tick;
            t
        }
    }

    fn job(id: JobId, kind: JobKind) -> Request {
        Request::Job(Job { id, kind })
    }

    fn solve(aside: u8, box_size: [i32; 3], partial: Option<Partial>, batch: u32) -> JobKind {
        JobKind::QuantuminoSolve {
            aside,
            box_size,
            partial,
            batch,
        }
    }

    /// Slice until idle; stop early (returning) after `max` slices.
    fn drain(r: &mut Runner, clock: &mut dyn FnMut() -> f64, max: usize) -> Vec<Response> {
        let mut out = Vec::new();
        for _ in 0..max {
            if !r.busy() {
                break;
            }
            out.extend(r.slice(clock, SLICE_MS));
        }
        out
    }

    fn solutions(msgs: &[Response]) -> Vec<Vec<PlacedPiece>> {
        msgs.iter()
            .filter_map(|m| match m {
                Response::Solution {
                    payload: Payload::Quantumino(p),
                    ..
                } => Some(p.clone()),
                _ => None,
            })
            .collect()
    }

    /// Independent check of a full solution: the 16 other pieces, each a
    /// rotation of its pentacube, inside the box, no overlap, box filled.
    fn check_tiling(aside: usize, bx: [i32; 3], placed: &[PlacedPiece]) {
        let volume = (bx[0] * bx[1] * bx[2]) as usize;
        let used: HashSet<usize> = placed.iter().map(|p| p.piece).collect();
        assert_eq!(used.len(), placed.len(), "a piece is used twice");
        assert!(!used.contains(&aside), "the aside piece is used");
        let mut cells = HashSet::new();
        for p in placed {
            let shape = Polycube::new(&piece(p.piece).unwrap().cells).canonical();
            let here = Polycube::new(&p.cells).canonical();
            assert!(
                rotations()
                    .iter()
                    .any(|m| shape.transformed(m).canonical() == here),
                "piece {} is not a rotation of itself: {:?}",
                p.piece,
                p.cells
            );
            for c in &p.cells {
                assert!((0..3).all(|k| (0..bx[k]).contains(&c[k])), "{c:?} outside");
                assert!(cells.insert(*c), "overlap at {c:?}");
            }
        }
        assert_eq!(cells.len(), volume, "box not filled");
    }

    #[test]
    fn solve_and_next_give_different_valid_tilings_of_the_game_box() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        assert!(r
            .handle(job(1, solve(0, [5, 8, 2], None, 1)), 0.0)
            .is_empty());
        let first = drain(&mut r, &mut clock, 1_000_000);
        assert!(matches!(first.last(), Some(Response::Waiting { .. })));
        let a = solutions(&first);
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].len(), 16);
        check_tiling(0, [5, 8, 2], &a[0]);
        r.handle(Request::More { id: 1, count: 1 }, 1.0);
        let b = solutions(&drain(&mut r, &mut clock, 1_000_000));
        assert_eq!(b.len(), 1);
        check_tiling(0, [5, 8, 2], &b[0]);
        assert_ne!(a[0], b[0]);
        // The same first solution as the engine's own enumeration.
        let q = QuantuminoSolver::new(0, [5, 8, 2]).unwrap();
        assert_eq!(q.solutions(None, 1)[0].pieces, a[0]);
    }

    #[test]
    fn incremental_changes_one_piece_at_a_time() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(
            job(2, solve(3, [2, 2, 20], Some(Partial::Incremental), 60)),
            0.0,
        );
        let states = solutions(&drain(&mut r, &mut clock, 1_000_000));
        assert_eq!(states.len(), 60);
        // Sage yields the first solution whole, then removes and adds.
        assert_eq!(states[0].len(), 16);
        for w in states.windows(2) {
            let (a, b) = (w[0].len() as i64, w[1].len() as i64);
            assert_eq!((a - b).abs(), 1, "{a} → {b}");
            let (short, long) = if a < b {
                (&w[0], &w[1])
            } else {
                (&w[1], &w[0])
            };
            assert_eq!(
                &long[..short.len()],
                &short[..],
                "a prefix grows or shrinks"
            );
        }
        let full: Vec<_> = states.iter().filter(|s| s.len() == 16).collect();
        assert!(!full.is_empty());
        for s in full {
            check_tiling(3, [2, 2, 20], s);
        }
    }

    #[test]
    fn common_prefix_alternates_solutions_and_prefixes() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(
            job(3, solve(7, [4, 4, 5], Some(Partial::CommonPrefix), 5)),
            0.0,
        );
        let states = solutions(&drain(&mut r, &mut clock, 1_000_000));
        assert_eq!(states.len(), 5);
        check_tiling(7, [4, 4, 5], &states[0]);
        // solution, prefix shared with the next, next solution, …
        assert!(states[1].len() < 16);
        assert_eq!(&states[0][..states[1].len()], &states[1][..]);
        assert_eq!(&states[2][..states[1].len()], &states[1][..]);
        check_tiling(7, [4, 4, 5], &states[2]);
    }

    #[test]
    fn bad_aside_and_impossible_boxes() {
        let mut r = Runner::new();
        let msgs = r.handle(job(4, solve(17, [5, 8, 2], None, 1)), 0.0);
        match &msgs[..] {
            [Response::Error { id: 4, message }] => {
                assert!(
                    message.contains("aside (=17) must be between 0 and 16"),
                    "{message}"
                )
            }
            other => panic!("{other:?}"),
        }
        let msgs = r.handle(job(5, solve(0, [0, 8, 2], None, 1)), 0.0);
        assert!(
            matches!(&msgs[..], [Response::Error { id: 5, .. }]),
            "{msgs:?}"
        );
        let mut clock = fake_clock(0.001);
        for (id, bx) in [
            (6, [3, 3, 3]),
            (7, [3, 3, 9]),
            (8, [40, 2, 1]),
            (9, [3, 2, 2]),
        ] {
            r.handle(job(id, solve(0, bx, None, 1)), 0.0);
            let msgs = drain(&mut r, &mut clock, 100);
            match msgs.last() {
                Some(Response::Done { stats, .. }) => {
                    assert!(stats.exhausted && stats.solutions == 0, "{bx:?}")
                }
                other => panic!("{bx:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn count_by_enumeration_reports_progress_and_cancels() {
        let mut r = Runner::new();
        // Each clock read is 3 ms: the node budget shrinks to its minimum,
        // a slice is two steps and progress is due every ~17 slices.
        let mut clock = fake_clock(3.0);
        r.handle(
            job(
                10,
                JobKind::QuantuminoCount {
                    aside: 0,
                    box_size: [5, 8, 2],
                    limit: None,
                },
            ),
            0.0,
        );
        let msgs = drain(&mut r, &mut clock, 300);
        assert!(r.busy(), "the game box is not counted in 300 slices");
        let progress: Vec<_> = msgs
            .iter()
            .filter_map(|m| match m {
                Response::Progress {
                    solutions,
                    fraction,
                    ..
                } => Some((*solutions, *fraction)),
                _ => None,
            })
            .collect();
        assert!(progress.len() >= 2, "{}", progress.len());
        assert!(progress.windows(2).all(|w| w[1].0 >= w[0].0));
        assert!(progress.iter().all(|p| (0.0..=1.0).contains(&p.1)));
        assert!(
            solutions(&msgs).is_empty(),
            "counting delivers no solutions"
        );
        let done = r.handle(Request::Cancel { id: 10 }, 100.0);
        match &done[..] {
            [Response::Done { stats, .. }] => {
                assert!(stats.cancelled);
                assert!(stats.solutions >= progress.last().unwrap().0);
            }
            other => panic!("{other:?}"),
        }
        assert!(!r.busy());
    }

    #[test]
    fn count_with_a_limit_matches_enumeration() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        r.handle(
            job(
                11,
                JobKind::QuantuminoCount {
                    aside: 3,
                    box_size: [2, 2, 20],
                    limit: Some(25),
                },
            ),
            0.0,
        );
        let msgs = drain(&mut r, &mut clock, 1_000_000);
        match msgs.last() {
            Some(Response::Done { stats, .. }) => {
                assert!(stats.limited);
                assert_eq!(stats.solutions, 25);
            }
            other => panic!("{other:?}"),
        }
        // Enumeration gives at least that many distinct solutions.
        let q = QuantuminoSolver::new(3, [2, 2, 20]).unwrap();
        let sols: HashSet<_> = q.solutions(None, 25).into_iter().collect();
        assert_eq!(sols.len(), 25);
    }

    /// Two jobs sharing a count's parts (as two workers of the pool do)
    /// report every part once, and the parts add up to the counter's count
    /// for the whole aside; bad parts and a box that is not 80 cells answer
    /// at once.
    #[test]
    fn shared_count_parts_add_up() {
        use tessera_engine::quantumino::count_asides;
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let whole = count_asides(&[3], [2, 2, 20], 1, &cancel, &mut |_| {}).unwrap()[0].1;
        let mut r = Runner::new();
        let mut clock = fake_clock(0.01);
        let share = |mine: Vec<u32>| JobKind::QuantuminoCountParts {
            aside: 3,
            box_size: [2, 2, 20],
            parts: 6,
            mine,
        };
        r.handle(job(40, share(vec![0, 2, 4])), 0.0);
        r.handle(job(41, share(vec![1, 3, 5])), 0.0);
        let msgs = drain(&mut r, &mut clock, 1_000_000);
        let mut parts = Vec::new();
        let mut done = 0;
        for m in &msgs {
            match m {
                Response::Solution {
                    id,
                    payload: Payload::CountPart { part, count },
                    ..
                } => parts.push((*id, *part, *count)),
                Response::Done { stats, .. } => {
                    assert!(stats.exhausted && !stats.cancelled);
                    done += 1;
                }
                Response::Progress { fraction, .. } => assert!((0.0..=1.0).contains(fraction)),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(done, 2);
        parts.sort_by_key(|p| p.1);
        let numbers: Vec<u32> = parts.iter().map(|p| p.1).collect();
        assert_eq!(numbers, vec![0, 1, 2, 3, 4, 5]);
        assert!(parts.iter().all(|p| p.0 == 40 + p.1 % 2));
        assert_eq!(parts.iter().map(|p| p.2).sum::<u64>(), whole);
        assert!(whole > 0);

        let msgs = r.handle(job(42, share(vec![6])), 0.0);
        assert!(
            matches!(&msgs[..], [Response::Error { message, .. }] if message.contains("below 6"))
        );
        r.handle(
            job(
                43,
                JobKind::QuantuminoCountParts {
                    aside: 3,
                    box_size: [2, 2, 10],
                    parts: 2,
                    mine: vec![0, 1],
                },
            ),
            0.0,
        );
        let msgs = drain(&mut r, &mut clock, 100);
        assert!(matches!(&msgs[..], [Response::Done { stats, .. }] if stats.solutions == 0));
        let msgs = r.handle(
            job(
                44,
                JobKind::QuantuminoCountParts {
                    aside: 17,
                    box_size: [5, 8, 2],
                    parts: 2,
                    mine: vec![0],
                },
            ),
            0.0,
        );
        assert!(
            matches!(&msgs[..], [Response::Error { message, .. }] if message.contains("aside (=17) must be between 0 and 16"))
        );
    }
}

#[cfg(test)]
mod experiment_tests {
    use super::*;
    use tessera_engine::count::phase::{Config, Model, Point};

    fn drain(r: &mut Runner) -> Vec<Response> {
        let mut t = 0.0;
        let mut clock = move || {
            t += 0.01;
            t
        };
        let mut out = Vec::new();
        for _ in 0..1_000_000 {
            if !r.busy() {
                return out;
            }
            out.extend(r.slice(&mut clock, SLICE_MS));
        }
        panic!("runner never went idle");
    }

    fn job(id: JobId, kind: JobKind) -> Request {
        Request::Job(Job { id, kind })
    }

    fn config() -> Config {
        Config {
            model: Model::RandomGivens,
            min_clues: 18,
            max_clues: 26,
            samples: 12,
            seed: 5,
            ..Config::standard(1, 0)
        }
    }

    #[test]
    fn phase_streams_growing_snapshots_ending_with_the_full_run() {
        let mut r = Runner::new();
        assert!(r
            .handle(job(1, JobKind::PhaseTransition { config: config() }), 0.0)
            .is_empty());
        let msgs = drain(&mut r);
        let snapshots: Vec<Vec<Point>> = msgs
            .iter()
            .filter_map(|m| match m {
                Response::Solution {
                    payload: Payload::Phase(p),
                    ..
                } => Some(p.clone()),
                _ => None,
            })
            .collect();
        // Rounds 1..=5, 10 and the final 12th.
        assert_eq!(snapshots.len(), 7, "{msgs:?}");
        let totals: Vec<u32> = snapshots
            .iter()
            .map(|s| s.iter().map(Point::samples).sum())
            .collect();
        assert_eq!(totals, [9, 18, 27, 36, 45, 90, 108]);
        for s in &snapshots {
            assert_eq!(s.len(), 9, "one point per clue count");
        }
        assert_eq!(
            snapshots.last().unwrap(),
            &Phase::new(config()).unwrap().run()
        );
        assert!(matches!(
            msgs.last(),
            Some(Response::Done { id: 1, stats }) if stats.exhausted
        ));
    }

    #[test]
    fn phase_can_be_cancelled_and_refuses_bad_ranges() {
        let mut r = Runner::new();
        r.handle(job(2, JobKind::PhaseTransition { config: config() }), 0.0);
        let mut t = 0.0;
        let mut clock = move || {
            t += 1.0;
            t
        };
        r.slice(&mut clock, SLICE_MS);
        assert_eq!(r.live_jobs(), 1, "one slice does not finish 108 samples");
        let out = r.handle(Request::Cancel { id: 2 }, 1.0);
        assert!(matches!(&out[..], [Response::Done { id: 2, stats }] if stats.cancelled));
        assert_eq!(r.live_jobs(), 0);
        let bad = Config {
            min_clues: 50,
            max_clues: 40,
            ..config()
        };
        let out = r.handle(job(3, JobKind::PhaseTransition { config: bad }), 0.0);
        assert!(
            matches!(&out[..], [Response::Error { id: 3, message }] if message.contains("50..40")),
            "{out:?}"
        );
    }

    #[test]
    fn grid_counts_report_progress_and_the_published_totals() {
        for (shape, expected) in [
            (Shape::new(2, 2).unwrap(), 288u128),
            (Shape::new(2, 3).unwrap(), 28_200_960),
        ] {
            let mut r = Runner::new();
            r.handle(job(4, JobKind::CountGrids { shape }), 0.0);
            let msgs = drain(&mut r);
            let mut last = 0u128;
            for m in &msgs {
                if let Response::Progress { solutions, .. } = m {
                    assert!(*solutions >= last && *solutions <= expected);
                    last = *solutions;
                }
            }
            match msgs.last() {
                Some(Response::Done { stats, .. }) => {
                    assert_eq!(stats.solutions, expected, "{shape}");
                    assert!(stats.exhausted);
                }
                other => panic!("{other:?}"),
            }
        }
        // 16×16 is out of reach: refused at once, with the reason.
        let out = Runner::new().handle(
            job(
                5,
                JobKind::CountGrids {
                    shape: Shape::square(4).unwrap(),
                },
            ),
            0.0,
        );
        assert!(matches!(&out[..], [Response::Error { .. }]), "{out:?}");
        // 9×9 goes to the band-signature count: orbit by orbit, with a
        // running lower bound, and it cancels (the total itself is checked
        // in release builds: tests/cli_sudoku_lab.rs).
        let mut r = Runner::new();
        r.handle(
            job(
                7,
                JobKind::CountGrids {
                    shape: Shape::square(3).unwrap(),
                },
            ),
            0.0,
        );
        let mut t = 0.0;
        let mut clock = move || {
            t += 50.0;
            t
        };
        let mut progress = Vec::new();
        for _ in 0..6 {
            for m in r.slice(&mut clock, SLICE_MS) {
                if let Response::Progress {
                    nodes,
                    solutions,
                    fraction,
                    ..
                } = m
                {
                    progress.push((nodes, solutions, fraction));
                }
            }
        }
        assert!(progress.len() >= 2, "{progress:?}");
        assert!(progress
            .windows(2)
            .all(|w| w[1].0 > w[0].0 && w[1].1 >= w[0].1 && w[1].2 > w[0].2));
        assert!(progress
            .iter()
            .all(|p| p.1 < 6_670_903_752_021_072_936_960 && p.2 < 1.0));
        let out = r.handle(Request::Cancel { id: 7 }, 1.0);
        assert!(matches!(&out[..], [Response::Done { id: 7, stats }] if stats.cancelled));
    }

    #[test]
    fn band_counts_are_the_j_seeds() {
        let out = Runner::new().handle(
            job(
                6,
                JobKind::CountBands {
                    shape: Shape::square(3).unwrap(),
                },
            ),
            0.0,
        );
        assert!(
            matches!(
                &out[0],
                Response::Solution {
                    payload: Payload::Bands {
                        right: 12_096,
                        below: 12_096,
                        pairs: 146_313_216
                    },
                    ..
                }
            ),
            "{out:?}"
        );
    }
}
