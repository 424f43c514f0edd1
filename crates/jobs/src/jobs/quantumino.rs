//! Quantumino jobs: Sage's `QuantuminoSolver` enumerated and counted, and
//! the slice-by-slice counter shared between workers part by part.

use crate::event::JobError;
use crate::job::{Job, NoItem, Started, Work};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use tessera_engine::quantumino::pieces::polycubes;
use tessera_engine::quantumino::{
    CountStep, Counter, Partial, PlacedPiece, QuantuminoSolver, QuantuminoState, NUM_PIECES,
};
use tessera_engine::search::{Progress, Search, Step};

fn solver(aside: u8, box_size: [i32; 3]) -> Result<QuantuminoSolver, JobError> {
    Ok(QuantuminoSolver::new(
        i64::from(aside),
        box_size.map(i64::from),
    )?)
}

/// The placed pieces of a state: what the page draws.
struct Pieces<S>(S);

impl<S: Search<QuantuminoState>> Search<Vec<PlacedPiece>> for Pieces<S> {
    fn step(&mut self, budget: u64) -> Step<Vec<PlacedPiece>> {
        match self.0.step(budget) {
            Step::Solution(state) => Step::Solution(state.pieces),
            Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        }
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn set_count_only(&mut self, count_only: bool) {
        self.0.set_count_only(count_only)
    }
}

/// Enumerate the states of `QuantuminoSolver(aside, box)` lazily, full
/// solutions or Sage's `partial` build-up steps; `batch` per `More`. An
/// item is the pieces placed in the box (Sage index and cells each), in
/// the solver's choice order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuantuminoSolve {
    pub aside: u8,
    pub box_size: [i32; 3],
    pub partial: Option<Partial>,
    pub batch: u32,
}

impl Job for QuantuminoSolve {
    const KIND: &'static str = "QuantuminoSolve";
    type Item = Vec<PlacedPiece>;

    fn start(self) -> Result<Started<Vec<PlacedPiece>>, JobError> {
        let search = solver(self.aside, self.box_size)?.search(self.partial);
        Ok(Started::enumerate(Box::new(Pieces(search)), self.batch))
    }
}

/// Count the solutions by enumeration (count-only), with progress,
/// stopping at `limit` if given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuantuminoCount {
    pub aside: u8,
    pub box_size: [i32; 3],
    pub limit: Option<u128>,
}

impl Job for QuantuminoCount {
    const KIND: &'static str = "QuantuminoCount";
    type Item = NoItem;

    fn start(self) -> Result<Started<NoItem>, JobError> {
        let search = solver(self.aside, self.box_size)?.search(None);
        Ok(Started::count(Box::new(search), self.limit))
    }
}

/// Count one aside's solutions with the slice-by-slice counter (rotations
/// of the box distinct), doing only the parts `mine` of the middle slice
/// cut in `parts` (`Counter::set_parts`): several workers share one count,
/// and each finished part arrives at once as an item so the page can keep
/// a checkpoint. A counter failure ends the job with an error.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuantuminoCountParts {
    pub aside: u8,
    pub box_size: [i32; 3],
    pub parts: u32,
    pub mine: Vec<u32>,
}

/// One finished part of a shared count: its number of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountPart {
    pub part: u32,
    pub count: u64,
}

impl Job for QuantuminoCountParts {
    const KIND: &'static str = "QuantuminoCountParts";
    type Item = CountPart;

    fn start(self) -> Result<Started<CountPart>, JobError> {
        Ok(Started::stream(PartCount::new(
            self.aside,
            self.box_size,
            self.parts,
            &self.mine,
        )?))
    }
}

/// A share of a Quantumino count as work whose items are the finished
/// parts, so the runner's slicing, progress and cancel apply unchanged.
struct PartCount {
    /// `None` when there is nothing to count (a box that is not 80 cells).
    counter: Option<Counter>,
    /// The piece set of the whole game without the aside.
    full: u32,
    pending: VecDeque<CountPart>,
    /// The counter's error, reported once the parts before it are out.
    failed: Option<JobError>,
    progress: Progress,
    done: bool,
}

impl PartCount {
    fn new(aside: u8, box_size: [i32; 3], parts: u32, mine: &[u32]) -> Result<PartCount, JobError> {
        // Sage's checks and messages for the aside and the box.
        solver(aside, box_size)?;
        if parts == 0 || mine.iter().any(|&p| p >= parts) {
            return Err(JobError::bad_input(format!(
                "parts {mine:?} are not all below {parts}"
            )));
        }
        let counter = if box_size.iter().product::<i32>() == 80 {
            let pieces: Vec<_> = polycubes()
                .into_iter()
                .enumerate()
                .filter(|&(i, _)| i != aside as usize)
                .map(|(_, p)| p)
                .collect();
            let mut c = Counter::new(&pieces, box_size)?;
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
            failed: None,
            progress: Progress::default(),
            done: false,
        })
    }
}

impl Work<CountPart> for PartCount {
    fn step(&mut self, budget: u64) -> Result<Step<CountPart>, JobError> {
        loop {
            if let Some(p) = self.pending.pop_front() {
                self.progress.solutions += 1;
                return Ok(Step::Solution(p));
            }
            if let Some(e) = self.failed.take() {
                return Err(e);
            }
            if self.done {
                self.progress.fraction = 1.0;
                return Ok(Step::Done);
            }
            let Some(counter) = self.counter.as_mut() else {
                self.done = true;
                continue;
            };
            let outcome = counter.step(budget);
            let full = self.full;
            for (part, counts) in counter.take_finished_parts() {
                let count = counts.iter().find(|c| c.0 == full).map_or(0, |c| c.1);
                self.pending.push_back(CountPart {
                    part: part as u32,
                    count,
                });
            }
            match outcome {
                Ok(CountStep::Paused(p)) => {
                    self.progress.fraction = p.fraction;
                    self.progress.nodes = p.states;
                    if self.pending.is_empty() {
                        return Ok(Step::Paused);
                    }
                }
                Ok(CountStep::Done(_)) => self.done = true,
                Err(e) => {
                    self.failed = Some(e.into());
                    self.done = true;
                }
            }
        }
    }

    fn progress(&self) -> Progress {
        self.progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ErrorKind;
    use crate::event::Event;
    use crate::protocol::{Reply, Request};
    use crate::runner::testing::*;
    use crate::runner::Runner;
    use std::collections::HashSet;
    use tessera_engine::polyform::polycube::{rotations, Polycube};
    use tessera_engine::quantumino::piece;

    fn solve(
        aside: u8,
        box_size: [i32; 3],
        partial: Option<Partial>,
        batch: u32,
    ) -> QuantuminoSolve {
        QuantuminoSolve {
            aside,
            box_size,
            partial,
            batch,
        }
    }

    fn solutions(msgs: &[Reply]) -> Vec<Vec<PlacedPiece>> {
        items(msgs)
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
            .handle(start(1, solve(0, [5, 8, 2], None, 1)), 0.0)
            .is_empty());
        let first = drain_at_most(&mut r, &mut clock, 1_000_000);
        assert!(matches!(
            first.last().map(|m| &m.event),
            Some(Event::Waiting(_))
        ));
        let a = solutions(&first);
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].len(), 16);
        check_tiling(0, [5, 8, 2], &a[0]);
        r.handle(Request::More { id: 1, count: 1 }, 1.0);
        let b = solutions(&drain_at_most(&mut r, &mut clock, 1_000_000));
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
            start(2, solve(3, [2, 2, 20], Some(Partial::Incremental), 60)),
            0.0,
        );
        let states = solutions(&drain_at_most(&mut r, &mut clock, 1_000_000));
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
            start(3, solve(7, [4, 4, 5], Some(Partial::CommonPrefix), 5)),
            0.0,
        );
        let states = solutions(&drain_at_most(&mut r, &mut clock, 1_000_000));
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
        let (id, e) = the_error(&r.handle(start(4, solve(17, [5, 8, 2], None, 1)), 0.0));
        assert_eq!(id, 4);
        assert!(
            e.message.contains("aside (=17) must be between 0 and 16"),
            "{e}"
        );
        assert_eq!(e.kind, ErrorKind::BadInput);
        let (id, _) = the_error(&r.handle(start(5, solve(0, [0, 8, 2], None, 1)), 0.0));
        assert_eq!(id, 5);
        let mut clock = fake_clock(0.001);
        for (id, bx) in [
            (6, [3, 3, 3]),
            (7, [3, 3, 9]),
            (8, [40, 2, 1]),
            (9, [3, 2, 2]),
        ] {
            r.handle(start(id, solve(0, bx, None, 1)), 0.0);
            let msgs = drain_at_most(&mut r, &mut clock, 100);
            match msgs.last().map(|m| &m.event) {
                Some(Event::Done(stats)) => {
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
            start(
                10,
                QuantuminoCount {
                    aside: 0,
                    box_size: [5, 8, 2],
                    limit: None,
                },
            ),
            0.0,
        );
        let msgs = drain_at_most(&mut r, &mut clock, 300);
        assert!(r.busy(), "the game box is not counted in 300 slices");
        let progress: Vec<_> = msgs
            .iter()
            .filter_map(|m| match m.event {
                Event::Progress(p) => Some((p.solutions, p.fraction)),
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
            [Reply {
                event: Event::Done(stats),
                ..
            }] => {
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
            start(
                11,
                QuantuminoCount {
                    aside: 3,
                    box_size: [2, 2, 20],
                    limit: Some(25),
                },
            ),
            0.0,
        );
        let msgs = drain_at_most(&mut r, &mut clock, 1_000_000);
        match msgs.last().map(|m| &m.event) {
            Some(Event::Done(stats)) => {
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
        let share = |mine: Vec<u32>| QuantuminoCountParts {
            aside: 3,
            box_size: [2, 2, 20],
            parts: 6,
            mine,
        };
        r.handle(start(40, share(vec![0, 2, 4])), 0.0);
        r.handle(start(41, share(vec![1, 3, 5])), 0.0);
        let msgs = drain_at_most(&mut r, &mut clock, 1_000_000);
        let mut parts = Vec::new();
        let mut done = 0;
        for (id, event) in events::<QuantuminoCountParts>(&msgs) {
            match event {
                Event::Item {
                    item: CountPart { part, count },
                    ..
                } => parts.push((id, part, count)),
                Event::Done(stats) => {
                    assert!(stats.exhausted && !stats.cancelled);
                    done += 1;
                }
                Event::Progress(p) => assert!((0.0..=1.0).contains(&p.fraction)),
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

        let (_, e) = the_error(&r.handle(start(42, share(vec![6])), 0.0));
        assert!(e.message.contains("below 6"), "{e}");
        r.handle(
            start(
                43,
                QuantuminoCountParts {
                    aside: 3,
                    box_size: [2, 2, 10],
                    parts: 2,
                    mine: vec![0, 1],
                },
            ),
            0.0,
        );
        let msgs = drain_at_most(&mut r, &mut clock, 100);
        assert!(matches!(
            &msgs[..],
            [Reply { event: Event::Done(stats), .. }] if stats.solutions == 0
        ));
        let (_, e) = the_error(&r.handle(
            start(
                44,
                QuantuminoCountParts {
                    aside: 17,
                    box_size: [5, 8, 2],
                    parts: 2,
                    mine: vec![0],
                },
            ),
            0.0,
        ));
        assert!(
            e.message.contains("aside (=17) must be between 0 and 16"),
            "{e}"
        );
    }
}
