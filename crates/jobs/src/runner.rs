//! The worker's brain, without the browser: a set of live jobs driven in
//! short time slices. The wasm loop (`tessera-worker`'s `worker_loop`) only
//! moves messages and calls [`Runner::slice`] between turns of the worker's
//! event loop, so everything that matters — batching, progress cadence,
//! cancel, resumable enumeration — is tested natively with a fake clock.
//!
//! The runner knows no job family: it asks a [`Registry`] to turn a request
//! into [`Started`] work and schedules that.

use crate::event::{Event, JobError, Stats};
use crate::job::{Started, Work};
use crate::jobs::REGISTRY;
use crate::protocol::{JobId, Json, Reply, Request};
use crate::registry::Registry;
use tessera_engine::search::Step;
use tessera_engine::sudoku::auto::Engine;

/// Progress is reported at most this often (milliseconds) per job.
pub const PROGRESS_INTERVAL_MS: f64 = 100.0;

/// A slice of work lasts about this long (milliseconds) before the worker
/// yields to its event loop, so a `Cancel` is read within a few ms.
pub const SLICE_MS: f64 = 6.0;

/// Node budget bounds for one `step` call; the runner adapts the budget so
/// one call takes about a millisecond.
const MIN_BUDGET: u64 = 16;
const MAX_BUDGET: u64 = 1 << 20;

/// A SAT step (`Work::engine() == Some("sat")`) aims at this many
/// milliseconds instead of one: a paused CDCL solver restarts from the root
/// and its restart schedule begins anew, so 1 ms slices cost a hard 25×25
/// up to 3× its unsliced time (docs/sat.md). The budget doubles while a
/// step takes under a quarter of this and halves over twice this, so a
/// step stays under ~80 ms and a Cancel (read between slices) is seen
/// within 100 ms.
pub const SAT_STEP_MS: f64 = 40.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Deliver items; pause after each batch.
    Enumerate,
    /// Deliver items as they come, never pausing.
    Stream,
    /// Count only, up to an optional limit.
    Count { limit: Option<u128> },
}

struct Active {
    id: JobId,
    work: Box<dyn Work<Json>>,
    mode: Mode,
    /// Items still to deliver in this batch (enumeration).
    remaining: u32,
    running: bool,
    /// Start of the current stretch of work.
    stretch_start: f64,
    /// Milliseconds of work in earlier stretches.
    earlier_ms: f64,
    last_progress: f64,
    delivered: u64,
    /// The node budget of this job's SAT steps (see [`SAT_STEP_MS`]).
    sat_budget: u64,
}

impl Active {
    fn stats(&self, now: f64) -> Stats {
        let p = self.work.progress();
        let elapsed = (now - self.stretch_start).max(0.0);
        Stats {
            nodes: p.nodes,
            solutions: match self.mode {
                Mode::Enumerate | Mode::Stream => self.delivered as u128,
                Mode::Count { limit } => limit.map_or(p.solutions, |l| p.solutions.min(l)),
            },
            elapsed_ms: elapsed,
            total_ms: self.earlier_ms + elapsed,
            engine: self.work.engine().and_then(Engine::from_name),
            proof: self.work.proof(),
            ..Stats::default()
        }
    }

    fn reply(&self, event: Event<Json>) -> Reply {
        Reply { id: self.id, event }
    }
}

/// Live jobs of one worker.
pub struct Runner {
    registry: &'static Registry,
    jobs: Vec<Active>,
    budget: u64,
    turn: usize,
}

impl Default for Runner {
    fn default() -> Runner {
        Runner::new()
    }
}

fn error(id: JobId, e: JobError) -> Vec<Reply> {
    vec![Reply {
        id,
        event: Event::Error(e),
    }]
}

impl Runner {
    /// A runner for every job kind of [`REGISTRY`].
    pub fn new() -> Runner {
        Runner::with_registry(&REGISTRY)
    }

    /// A runner for the job kinds of `registry`.
    pub fn with_registry(registry: &'static Registry) -> Runner {
        Runner {
            registry,
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
    pub fn handle(&mut self, request: Request, now: f64) -> Vec<Reply> {
        match request {
            Request::Start { id, kind, params } => self.start(id, &kind, &params, now),
            Request::More { id, count } => match self.jobs.iter_mut().find(|j| j.id == id) {
                Some(j) if !j.running && j.mode == Mode::Enumerate => {
                    j.running = true;
                    j.remaining = count.max(1);
                    j.stretch_start = now;
                    j.last_progress = now;
                    vec![]
                }
                Some(_) => error(
                    id,
                    JobError::bad_input(format!("job {id} is not waiting for more solutions")),
                ),
                None => error(
                    id,
                    JobError::bad_input(format!("job {id} is over: no search to resume")),
                ),
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
                    vec![j.reply(Event::Done(stats))]
                }
                // Already over: its Done was sent before.
                None => vec![],
            },
        }
    }

    fn start(&mut self, id: JobId, kind: &str, params: &Json, now: f64) -> Vec<Reply> {
        if self.jobs.iter().any(|j| j.id == id) {
            return error(id, JobError::bad_input(format!("job {id} already exists")));
        }
        let (work, mode, batch) = match self.registry.start(kind, params) {
            Ok(Started::Answer(item)) => {
                let stats = Stats {
                    solutions: 1,
                    exhausted: true,
                    ..Stats::default()
                };
                return vec![
                    Reply {
                        id,
                        event: Event::Item { index: 0, item },
                    },
                    Reply {
                        id,
                        event: Event::Done(stats),
                    },
                ];
            }
            Ok(Started::Enumerate { work, batch }) => (work, Mode::Enumerate, batch.max(1)),
            Ok(Started::Stream(work)) => (work, Mode::Stream, 0),
            Ok(Started::Count { work, limit }) => (work, Mode::Count { limit }, 0),
            Err(e) => return error(id, e),
        };
        self.jobs.push(Active {
            id,
            work,
            mode,
            remaining: batch,
            running: true,
            stretch_start: now,
            earlier_ms: 0.0,
            last_progress: now,
            delivered: 0,
            sat_budget: MIN_BUDGET,
        });
        vec![]
    }

    /// Work for about `slice_ms` on one running job (round robin), reading
    /// the time from `clock` (milliseconds). Returns the replies to post.
    pub fn slice(&mut self, clock: &mut dyn FnMut() -> f64, slice_ms: f64) -> Vec<Reply> {
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
                // Auto can hand over to SAT mid-run, so ask every step.
                let sat = job.work.engine() == Some("sat");
                let before = clock();
                let step = job
                    .work
                    .step(if sat { job.sat_budget } else { self.budget });
                let now = clock();
                // Aim at roughly one millisecond per step call (SAT: more).
                let took = now - before;
                let (budget, target) = if sat {
                    (&mut job.sat_budget, SAT_STEP_MS)
                } else {
                    (&mut self.budget, 1.0)
                };
                if took < target / 4.0 {
                    *budget = (*budget * 2).min(MAX_BUDGET);
                } else if took > target * 2.0 {
                    *budget = (*budget / 2).max(MIN_BUDGET);
                }
                match step {
                    Ok(Step::Solution(item)) => match job.mode {
                        Mode::Count { .. } => {}
                        Mode::Stream => {
                            out.push(job.reply(Event::Item {
                                index: job.delivered,
                                item,
                            }));
                            job.delivered += 1;
                        }
                        Mode::Enumerate => {
                            out.push(job.reply(Event::Item {
                                index: job.delivered,
                                item,
                            }));
                            job.delivered += 1;
                            job.remaining = job.remaining.saturating_sub(1);
                            if job.remaining == 0 {
                                let stats = job.stats(now);
                                job.earlier_ms = stats.total_ms;
                                job.running = false;
                                out.push(job.reply(Event::Waiting(stats)));
                                break;
                            }
                        }
                    },
                    Ok(Step::Paused) => {}
                    Ok(Step::Done) => {
                        let mut stats = job.stats(now);
                        stats.exhausted = true;
                        out.push(job.reply(Event::Done(stats)));
                        finished = true;
                        break;
                    }
                    Err(e) => {
                        out.push(job.reply(Event::Error(e)));
                        finished = true;
                        break;
                    }
                }
                if let Mode::Count { limit: Some(limit) } = job.mode {
                    if job.work.progress().solutions >= limit {
                        let mut stats = job.stats(now);
                        stats.limited = true;
                        out.push(job.reply(Event::Done(stats)));
                        finished = true;
                        break;
                    }
                }
                if now - job.last_progress >= PROGRESS_INTERVAL_MS {
                    job.last_progress = now;
                    out.push(job.reply(Event::Progress(job.work.progress())));
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

/// Helpers for the tests of the runner and of every family's jobs.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::job::Job;
    use serde::de::DeserializeOwned;

    /// The request that starts `job` as job `id`.
    pub fn start<J: Job>(id: JobId, job: J) -> Request {
        Request::start(id, &job)
    }

    /// A clock that advances by `tick` ms every time it is read.
    pub fn fake_clock(tick: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += tick;
            t
        }
    }

    /// Slice until the runner is idle, collecting replies; at most `max`
    /// slices (returning early, still busy, after that many).
    pub fn drain_at_most(r: &mut Runner, clock: &mut dyn FnMut() -> f64, max: usize) -> Vec<Reply> {
        let mut out = Vec::new();
        for _ in 0..max {
            if !r.busy() {
                break;
            }
            out.extend(r.slice(clock, SLICE_MS));
        }
        out
    }

    /// Slice until the runner is idle, collecting replies.
    pub fn drain(r: &mut Runner, clock: &mut dyn FnMut() -> f64) -> Vec<Reply> {
        let out = drain_at_most(r, clock, 1_000_000);
        assert!(!r.busy(), "runner never went idle");
        out
    }

    /// The items among `replies`, decoded as `T`, with their index.
    pub fn indexed<T: DeserializeOwned>(replies: &[Reply]) -> Vec<(u64, T)> {
        replies
            .iter()
            .filter_map(|m| match &m.event {
                Event::Item { index, item } => Some((*index, item.decode().expect("an item"))),
                _ => None,
            })
            .collect()
    }

    /// The items among `replies`, decoded as `T`.
    pub fn items<T: DeserializeOwned>(replies: &[Reply]) -> Vec<T> {
        indexed(replies).into_iter().map(|(_, t)| t).collect()
    }

    /// The events of `replies`, items decoded for job `J`.
    pub fn events<J: Job>(replies: &[Reply]) -> Vec<(JobId, Event<J::Item>)> {
        replies
            .iter()
            .map(|m| (m.id, m.event.clone().decode::<J>()))
            .collect()
    }

    /// An immediate job's answer (item 0 then Done), or its error.
    pub fn answer<J: Job>(r: &mut Runner, id: JobId, job: J) -> Result<J::Item, JobError> {
        let mut events = events::<J>(&r.handle(start(id, job), 0.0)).into_iter();
        match (events.next(), events.next(), events.next()) {
            (Some((i, Event::Item { index: 0, item })), Some((d, Event::Done(_))), None) => {
                assert_eq!((i, d), (id, id));
                Ok(item)
            }
            (Some((i, Event::Error(e))), None, None) => {
                assert_eq!(i, id);
                Err(e)
            }
            other => panic!("{other:?}"),
        }
    }

    /// The one error `replies` hold.
    pub fn the_error(replies: &[Reply]) -> (JobId, JobError) {
        match replies {
            [Reply {
                id,
                event: Event::Error(e),
            }] => (*id, e.clone()),
            other => panic!("expected one error, got {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;
    use crate::event::ErrorKind;
    use crate::jobs::sudoku::tests::{count_job, solve_job, H};
    use crate::jobs::sudoku::SudokuSolve;
    use tessera_engine::sudoku::{Algorithm, Shape};

    #[test]
    fn a_slice_ends_after_its_time_budget() {
        let mut r = Runner::new();
        let mut clock = fake_clock(1.0);
        r.handle(count_job(3, vec![0; 81], Algorithm::Backtrack, None), 0.0);
        let t0 = clock();
        r.slice(&mut clock, SLICE_MS);
        let t1 = clock();
        // Three clock reads per step, so at most a couple of steps.
        assert!(t1 - t0 <= SLICE_MS + 5.0, "{t0} → {t1}");
        assert!(r.busy());
    }

    #[test]
    fn sat_steps_aim_at_tens_of_milliseconds_tree_steps_at_one() {
        // An empty 9×9 has more solutions than any run counts: the job
        // keeps running. Each step "takes" one tick of the fake clock.
        let mut r = Runner::new();
        r.handle(count_job(1, vec![0; 81], Algorithm::Sat, None), 0.0);
        let mut clock = fake_clock(1.0);
        // Three steps a slice (each reads the clock twice, the slice once).
        for _ in 0..4 {
            r.slice(&mut clock, SLICE_MS);
        }
        assert!(r.busy());
        // 1 ms is under a quarter of SAT_STEP_MS: the SAT budget grew ...
        let sat = r.jobs[0].sat_budget;
        assert!((1024..=MAX_BUDGET).contains(&sat), "SAT budget {sat}");
        // ... while the tree searches' shared budget (aimed at 1 ms) did not.
        assert_eq!(r.budget, 256);
        assert!(
            r.jobs[0].work.progress().conflicts.is_some(),
            "SAT progress carries its conflicts"
        );
        // Steps far over 2 × SAT_STEP_MS halve it back towards the floor.
        let mut slow = fake_clock(SAT_STEP_MS * 2.0 + 1.0);
        for _ in 0..16 {
            r.slice(&mut slow, SLICE_MS);
        }
        assert_eq!(r.jobs[0].sat_budget, MIN_BUDGET);
        // A tree search in the same clock keeps the 1 ms rule.
        r.handle(count_job(2, vec![0; 81], Algorithm::Dlx, None), 0.0);
        let mut fast = fake_clock(1.0);
        for _ in 0..8 {
            r.slice(&mut fast, SLICE_MS);
        }
        assert_eq!(r.budget, 256);
        let replies = r.handle(Request::Cancel { id: 1 }, 0.0);
        assert!(matches!(replies[0].event, Event::Done(s) if s.cancelled));
    }

    #[test]
    fn bad_requests_are_errors() {
        let mut r = Runner::new();
        let (id, e) = the_error(&r.handle(Request::More { id: 77, count: 1 }, 0.0));
        assert_eq!((id, e.kind), (77, ErrorKind::BadInput));
        r.handle(solve_job(6, H, Algorithm::Dlx), 0.0);
        let (id, _) = the_error(&r.handle(solve_job(6, H, Algorithm::Dlx), 0.0));
        assert_eq!(id, 6);
        // More while running is refused, the job continues.
        let (id, _) = the_error(&r.handle(Request::More { id: 6, count: 1 }, 0.0));
        assert_eq!(id, 6);
        assert!(r.busy());
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
            .filter_map(|m| match m.event {
                Event::Waiting(_) => Some(m.id),
                _ => None,
            })
            .collect();
        assert_eq!(waiting.len(), 2);
        assert_eq!(r.live_jobs(), 2);
    }

    // ----- the registry, as the runner meets it -----

    fn raw(id: JobId, kind: &str, params: &str) -> Request {
        Request::Start {
            id,
            kind: kind.into(),
            params: crate::protocol::decode(params).unwrap(),
        }
    }

    #[test]
    fn every_kind_is_listed_once() {
        let mut kinds: Vec<&str> = REGISTRY.kinds().collect();
        let listed = kinds.len();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), listed, "a kind is listed twice");
        assert!(kinds.contains(&"SudokuValidate"));
        assert!(kinds.contains(&"ConstraintCount"));
        assert_eq!(listed, 26);
    }

    #[test]
    fn an_unknown_kind_is_an_error_naming_it() {
        let mut r = Runner::new();
        let (id, e) = the_error(&r.handle(raw(1, "SudokuFly", "{}"), 0.0));
        assert_eq!(id, 1);
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert!(e.message.contains("`SudokuFly`"), "{e}");
        assert_eq!(r.live_jobs(), 0);
    }

    #[test]
    fn malformed_params_are_bad_input_naming_the_field() {
        let mut r = Runner::new();
        let shape = r#"{"box_rows":3,"box_cols":3}"#;
        // A value of the wrong type: the path to it is named.
        let params = format!(r#"{{"shape":{shape},"cells":[0,"x"],"algorithm":"Dlx","batch":1}}"#);
        let (_, e) = the_error(&r.handle(raw(2, "SudokuSolve", &params), 0.0));
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(e.message.contains("`cells[1]`"), "{e}");
        assert!(e.message.contains("SudokuSolve"), "{e}");
        // A missing field: serde names it.
        let params = format!(r#"{{"shape":{shape},"algorithm":"Dlx","batch":1}}"#);
        let (_, e) = the_error(&r.handle(raw(3, "SudokuSolve", &params), 0.0));
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(e.message.contains("`cells`"), "{e}");
        // A nested one.
        let params =
            r#"{"shape":{"box_rows":3},"cells":[],"algorithm":"Dlx","batch":1}"#.to_string();
        let (_, e) = the_error(&r.handle(raw(4, "SudokuSolve", &params), 0.0));
        assert!(e.message.contains("`shape`"), "{e}");
        assert!(e.message.contains("box_cols"), "{e}");
        // An unknown algorithm.
        let params = format!(r#"{{"shape":{shape},"cells":[],"algorithm":"Magic","batch":1}}"#);
        let (_, e) = the_error(&r.handle(raw(5, "SudokuSolve", &params), 0.0));
        assert!(e.message.contains("`algorithm`"), "{e}");
        assert_eq!(r.live_jobs(), 0);
    }

    /// A registry of one's own: the runner schedules whatever it lists.
    #[test]
    fn a_runner_knows_only_its_registry() {
        static ONLY_SOLVE: Registry = crate::registry![SudokuSolve];
        let mut r = Runner::with_registry(&ONLY_SOLVE);
        let mut clock = fake_clock(0.001);
        r.handle(solve_job(1, H, Algorithm::Dlx), 0.0);
        assert_eq!(
            items::<crate::jobs::sudoku::Solved>(&drain(&mut r, &mut clock)).len(),
            1
        );
        let (_, e) = the_error(&r.handle(count_job(2, vec![0; 81], Algorithm::Dlx, None), 0.0));
        assert!(e.message.contains("SudokuCount"), "{e}");
        let _ = Shape::square(3);
    }
}
