//! Experiment jobs (`engine::count`): the phase transition and the counts
//! of complete grids and of bands. None of them is a search: each runs the
//! engine's step-by-step computation as [`Work`] of its own.

use crate::event::JobError;
use crate::job::{Job, NoItem, Started, Work};
use serde::{Deserialize, Serialize};
use tessera_engine::count::bands;
use tessera_engine::count::phase::{Config as PhaseConfig, Phase, Point as PhasePoint};
use tessera_engine::count::staged::GridCount;
use tessera_engine::count::total::{self, GridTotal};
use tessera_engine::search::{Progress, Step};
use tessera_engine::sudoku::Shape;

/// The phase-transition experiment: a cumulative snapshot (one point per
/// clue count) after each of the first rounds and every few rounds after;
/// `Progress.nodes` counts samples.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseTransition {
    pub config: PhaseConfig,
}

impl Job for PhaseTransition {
    const KIND: &'static str = "PhaseTransition";
    /// The tallies so far, one per clue count.
    type Item = Vec<PhasePoint>;

    fn start(self) -> Result<Started<Vec<PhasePoint>>, JobError> {
        Ok(Started::stream(PhaseWork {
            phase: Phase::new(self.config)?,
            emitted: 0,
            sent_last: false,
        }))
    }
}

/// One phase sample costs about as much as this many search nodes, so the
/// runner's ~1 ms budget runs a handful of samples per step.
const NODES_PER_SAMPLE: u64 = 64;

/// The phase experiment as a stream of cumulative snapshots: after each of
/// the first rounds, then every fifth, and at the end — a curve appears at
/// once and sharpens without flooding the page.
struct PhaseWork {
    phase: Phase,
    emitted: u128,
    sent_last: bool,
}

impl PhaseWork {
    fn snapshot(&mut self) -> Step<Vec<PhasePoint>> {
        self.emitted += 1;
        Step::Solution(self.phase.points().to_vec())
    }
}

impl Work<Vec<PhasePoint>> for PhaseWork {
    fn step(&mut self, budget: u64) -> Result<Step<Vec<PhasePoint>>, JobError> {
        if self.phase.is_done() {
            if self.sent_last {
                return Ok(Step::Done);
            }
            self.sent_last = true;
            return Ok(self.snapshot());
        }
        for _ in 0..(budget / NODES_PER_SAMPLE).max(1) {
            let before = self.phase.rounds_done();
            if self.phase.step().is_none() {
                break;
            }
            let rounds = self.phase.rounds_done();
            if self.phase.is_done() {
                self.sent_last = true;
                return Ok(self.snapshot());
            }
            if rounds != before && (rounds <= 5 || rounds.is_multiple_of(5)) {
                return Ok(self.snapshot());
            }
        }
        Ok(Step::Paused)
    }

    fn progress(&self) -> Progress {
        let total = self.phase.config().total_samples();
        Progress {
            nodes: self.phase.samples_done(),
            solutions: self.emitted,
            fraction: self.phase.samples_done() as f64 / total as f64,
            conflicts: None,
        }
    }
}

/// Count a shape's complete grids part by part (`count::staged`; 9×9 by
/// band signatures, `count::total`): `Progress.solutions` is the running
/// total, `Done.stats.solutions` the count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CountGrids {
    pub shape: Shape,
}

impl Job for CountGrids {
    const KIND: &'static str = "CountGrids";
    type Item = NoItem;

    fn start(self) -> Result<Started<NoItem>, JobError> {
        if self.shape.is_nine() {
            return Ok(Started::count_work(TotalWork(GridTotal::new()), None));
        }
        let count = GridCount::new(self.shape)?;
        Ok(Started::count_work(GridCountWork(count), None))
    }
}

/// Grid counting: one part per step.
struct GridCountWork(GridCount);

impl Work<NoItem> for GridCountWork {
    fn step(&mut self, _budget: u64) -> Result<Step<NoItem>, JobError> {
        match self.0.step() {
            Ok(true) => Ok(Step::Paused),
            Ok(false) => Ok(Step::Done),
            // Parts have no node limit on the shapes GridCount accepts, so
            // this cannot happen; were it to, the count would be wrong.
            Err(e) => Err(JobError::internal(e.to_string())),
        }
    }

    fn progress(&self) -> Progress {
        Progress {
            nodes: self.0.parts_done() as u64,
            solutions: self.0.grids(),
            fraction: self.0.parts_done() as f64 / self.0.parts().max(1) as f64,
            conflicts: None,
        }
    }
}

/// The 9×9 total: one orbit of top-band signatures per step; the running
/// sum is a lower bound.
struct TotalWork(GridTotal);

impl Work<NoItem> for TotalWork {
    fn step(&mut self, _budget: u64) -> Result<Step<NoItem>, JobError> {
        Ok(match self.0.step() {
            Some(_) => Step::Paused,
            None => Step::Done,
        })
    }

    fn progress(&self) -> Progress {
        let p = self.0.progress();
        Progress {
            nodes: p.orbits_done as u64,
            solutions: self.0.partial_total(),
            fraction: p.signatures_done as f64 / total::SIGNATURES as f64,
            conflicts: None,
        }
    }
}

/// The J seed's box counts; a fraction of a second, so not sliced.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CountBands {
    pub shape: Shape,
}

/// Boxes right of / below a fixed first box, and (right, below) pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bands {
    pub right: u64,
    pub below: u64,
    pub pairs: u128,
}

impl Job for CountBands {
    const KIND: &'static str = "CountBands";
    type Item = Bands;

    fn start(self) -> Result<Started<Bands>, JobError> {
        let shape = self.shape;
        if shape.size() > 16 {
            return Err(JobError::unsupported(format!(
                "boxes of {} symbols are too many to enumerate (at most 16)",
                shape.size()
            )));
        }
        Ok(Started::answer(Bands {
            right: bands::boxes_right(shape),
            below: bands::boxes_below(shape),
            pairs: bands::box_pairs(shape),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ErrorKind;
    use crate::event::Event;
    use crate::protocol::{Reply, Request};
    use crate::runner::testing::{answer, drain, items, start, the_error};
    use crate::runner::{Runner, SLICE_MS};
    use tessera_engine::count::phase::{Config, Model, Point};

    fn clock() -> impl FnMut() -> f64 {
        crate::runner::testing::fake_clock(0.01)
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
            .handle(start(1, PhaseTransition { config: config() }), 0.0)
            .is_empty());
        let msgs = drain(&mut r, &mut clock());
        let snapshots: Vec<Vec<Point>> = items(&msgs);
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
            Some(Reply { id: 1, event: Event::Done(stats) }) if stats.exhausted
        ));
    }

    #[test]
    fn phase_can_be_cancelled_and_refuses_bad_ranges() {
        let mut r = Runner::new();
        r.handle(start(2, PhaseTransition { config: config() }), 0.0);
        let mut t = 0.0;
        let mut clock = move || {
            t += 1.0;
            t
        };
        r.slice(&mut clock, SLICE_MS);
        assert_eq!(r.live_jobs(), 1, "one slice does not finish 108 samples");
        let out = r.handle(Request::Cancel { id: 2 }, 1.0);
        assert!(matches!(
            &out[..],
            [Reply { id: 2, event: Event::Done(stats) }] if stats.cancelled
        ));
        assert_eq!(r.live_jobs(), 0);
        let bad = Config {
            min_clues: 50,
            max_clues: 40,
            ..config()
        };
        let (id, e) = the_error(&r.handle(start(3, PhaseTransition { config: bad }), 0.0));
        assert_eq!(id, 3);
        assert!(e.message.contains("50..40"), "{e}");
        assert_eq!(e.kind, ErrorKind::BadInput);
    }

    #[test]
    fn grid_counts_report_progress_and_the_published_totals() {
        for (shape, expected) in [
            (Shape::new(2, 2).unwrap(), 288u128),
            (Shape::new(2, 3).unwrap(), 28_200_960),
        ] {
            let mut r = Runner::new();
            r.handle(start(4, CountGrids { shape }), 0.0);
            let msgs = drain(&mut r, &mut clock());
            let mut last = 0u128;
            for m in &msgs {
                if let Event::Progress(p) = m.event {
                    assert!(p.solutions >= last && p.solutions <= expected);
                    last = p.solutions;
                }
            }
            match msgs.last().map(|m| &m.event) {
                Some(Event::Done(stats)) => {
                    assert_eq!(stats.solutions, expected, "{shape}");
                    assert!(stats.exhausted);
                }
                other => panic!("{other:?}"),
            }
        }
        // 16×16 is out of reach: refused at once, with the reason.
        let out = Runner::new().handle(
            start(
                5,
                CountGrids {
                    shape: Shape::square(4).unwrap(),
                },
            ),
            0.0,
        );
        let (_, e) = the_error(&out);
        assert_eq!(e.kind, ErrorKind::Unsupported);
        // 9×9 goes to the band-signature count: orbit by orbit, with a
        // running lower bound, and it cancels (the total itself is checked
        // in release builds: tests/cli_sudoku_lab.rs).
        let mut r = Runner::new();
        r.handle(
            start(
                7,
                CountGrids {
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
                if let Event::Progress(p) = m.event {
                    progress.push((p.nodes, p.solutions, p.fraction));
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
        assert!(matches!(
            &out[..],
            [Reply { id: 7, event: Event::Done(stats) }] if stats.cancelled
        ));
    }

    #[test]
    fn band_counts_are_the_j_seeds() {
        let bands = answer(
            &mut Runner::new(),
            6,
            CountBands {
                shape: Shape::square(3).unwrap(),
            },
        )
        .unwrap();
        assert_eq!(
            bands,
            Bands {
                right: 12_096,
                below: 12_096,
                pairs: 146_313_216
            }
        );
    }
}
