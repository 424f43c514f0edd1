//! Count: the slice-by-slice counter shared by the pool's Web Workers.
//!
//! The middle slice of the count is cut into [`COUNT_PARTS`] parts; each
//! worker recomputes the cheap slices before it and takes every W-th part
//! (`QuantuminoCountParts`). A finished part is saved at once in
//! localStorage under the aside and the box, so a cancelled, crashed or
//! closed count resumes where it stopped, and a finished one is shown again
//! without recounting.

use super::{box_text, duration, now_ms, volume_note, Bench, CountView, QJob};
use crate::model::eta::Eta;
use crate::model::format::plural;
use crate::model::job::{RunState, Tone};
use crate::pool::WorkerPool;
use crate::ui::storage::{self, Loaded};
use leptos::prelude::*;
use std::collections::BTreeMap;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::quantumino::{CountPart, QuantuminoCountParts};

/// Parts of the middle slice (more parts: less memory per worker and finer
/// checkpoints, but the slices after the middle are redone per part).
pub const COUNT_PARTS: u32 = 8;

/// The most workers one count uses.
pub const COUNT_SLOTS: usize = 4;

/// What is saved of a count: the parts finished, each with its count —
/// the engine's `PartCounts`, which the CLI's `--state` files hold too
/// (docs/counting-at-scale.md).
pub use tessera_engine::shard::PartCounts as Checkpoint;

pub fn checkpoint_key(aside: u8, bx: [i32; 3]) -> String {
    format!("tessera.quantumino.count.v1.{aside}.{}", box_text(bx))
}

/// One worker's share of the running count.
#[derive(Clone, Copy, Debug, Default)]
pub struct Share {
    fraction: f64,
    done: bool,
}

/// The count being run: where it is saved and what each worker did.
#[derive(Clone, Debug, Default)]
pub struct Running {
    key: String,
    aside: u8,
    bx: [i32; 3],
    checkpoint: Checkpoint,
    /// Parts taken from the checkpoint when the count started.
    resumed: usize,
    shares: Vec<Share>,
    /// Time left, from the combined fraction's readings and the parts'
    /// pace.
    eta: Eta,
}

impl Bench {
    pub(super) fn count(&self) {
        let Some((aside, bx)) = self.checked() else {
            return;
        };
        self.abandon_all();
        let key = checkpoint_key(aside, bx);
        let mut checkpoint = match storage::load::<Checkpoint>(&key) {
            Loaded::Found(c) if c.parts == COUNT_PARTS => c,
            _ => Checkpoint {
                parts: COUNT_PARTS,
                done: BTreeMap::new(),
            },
        };
        checkpoint.done.retain(|&p, _| p < COUNT_PARTS);
        let todo: Vec<u32> = (0..COUNT_PARTS)
            .filter(|p| !checkpoint.done.contains_key(p))
            .collect();
        let saved = checkpoint.done.len();
        let t = now_ms();
        // The view keeps what it shows: counting draws nothing.
        self.count.set(Some(CountView {
            solutions: checkpoint.total(),
            parts_done: saved,
            parts: COUNT_PARTS as usize,
            fraction: saved as f64 / f64::from(COUNT_PARTS),
            started: t,
            now: t,
            left_ms: None,
        }));
        let workers = WorkerPool::global()
            .size()
            .clamp(1, COUNT_SLOTS)
            .min(todo.len());
        let mut running = Running {
            key,
            aside,
            bx,
            checkpoint,
            resumed: saved,
            shares: vec![Share::default(); workers],
            eta: Eta::in_parts(COUNT_PARTS as usize, saved),
        };
        if todo.is_empty() {
            self.counting.set_value(Some(running));
            self.finish_count(true);
            return;
        }
        self.say(
            Tone::Info,
            if saved > 0 {
                format!(
                    "Resuming the count for aside {aside} in a {} box: {saved} of {COUNT_PARTS} \
                     parts were saved in this browser; {workers} workers do the rest…",
                    box_text(bx)
                )
            } else {
                format!(
                    "Counting the solutions for aside {aside} in a {} box: the slice counter \
                     in {workers} Web Workers, {COUNT_PARTS} parts…",
                    box_text(bx)
                )
            },
        );
        self.run.state.set(RunState::Running(QJob::Counting));
        running.shares.truncate(workers);
        self.counting.set_value(Some(running));
        for w in 0..workers {
            let mine: Vec<u32> = todo.iter().copied().skip(w).step_by(workers).collect();
            let bench = *self;
            self.count_jobs[w].submit(
                QuantuminoCountParts {
                    aside,
                    box_size: bx,
                    parts: COUNT_PARTS,
                    mine,
                },
                move |_, e| bench.on_count_event(w, e),
            );
        }
    }

    /// Stop every worker of the count; what they finished stays saved.
    pub(super) fn abandon_count(&self) {
        for slot in &self.count_jobs {
            slot.abandon();
        }
        let _ = self.counting.try_set_value(None);
    }

    pub(super) fn cancel_count(&self) {
        let Some(running) = self.counting.get_value() else {
            return;
        };
        self.abandon_count();
        self.run.state.set(RunState::Idle);
        let secs = self
            .count
            .get_untracked()
            .map_or(0.0, |c| (now_ms() - c.started) / 1000.0);
        self.count.set(None);
        let saved = running.checkpoint.done.len();
        self.say(
            Tone::Info,
            format!(
                "Count cancelled after {}: {saved} of {COUNT_PARTS} parts are saved in this \
                 browser ({} so far) — Count resumes from there.",
                duration(secs),
                plural(running.checkpoint.total(), "solution", "solutions")
            ),
        );
    }

    fn on_count_event(&self, worker: usize, event: Event<CountPart>) {
        let Some(mut running) = self.counting.try_get_value().flatten() else {
            return;
        };
        match event {
            Event::Progress(p) => {
                if let Some(s) = running.shares.get_mut(worker) {
                    s.fraction = p.fraction;
                }
            }
            Event::Item {
                item: CountPart { part, count },
                ..
            } => {
                running.checkpoint.done.insert(part, u128::from(count));
                storage::save(&running.key, &running.checkpoint);
                if let Some(c) = self.count.get_untracked() {
                    running.eta.part_finished(now_ms() - c.started);
                }
            }
            // A counter failure too (it ends the job with an error).
            Event::Error(e) => {
                self.abandon_count();
                self.run.state.set(RunState::Idle);
                self.count.set(None);
                self.say(Tone::Error, e.message);
                return;
            }
            Event::Done(_) => {
                if let Some(s) = running.shares.get_mut(worker) {
                    *s = Share {
                        fraction: 1.0,
                        done: true,
                    };
                }
            }
            _ => {}
        }
        // The workers' own estimates lag behind once parts finish (each
        // extrapolates its slices); finished parts are a firm floor.
        let estimated =
            running.shares.iter().map(|s| s.fraction).sum::<f64>() / running.shares.len() as f64;
        let finished = running.checkpoint.done.len() as f64 / f64::from(COUNT_PARTS);
        let fraction = estimated.max(finished);
        let all_done = running.shares.iter().all(|s| s.done);
        if let Some(c) = self.count.get_untracked() {
            let now = now_ms();
            // Never backwards: an estimate that drops (a slice costs more
            // than extrapolated) holds the bar where it was until the work
            // done passes it again.
            let shown = if all_done {
                1.0
            } else {
                fraction.min(0.999).max(c.fraction)
            };
            running.eta.observe(now - c.started, shown);
            self.count.set(Some(CountView {
                solutions: running.checkpoint.total(),
                parts_done: running.checkpoint.done.len(),
                fraction: shown,
                now,
                left_ms: running.eta.left_range_ms(),
                ..c
            }));
        }
        self.counting.set_value(Some(running));
        if all_done {
            self.finish_count(false);
        }
    }

    /// Every worker is done (or everything was saved): say the total.
    fn finish_count(&self, from_saved: bool) {
        let Some(running) = self.counting.get_value() else {
            return;
        };
        self.abandon_count();
        self.run.state.set(RunState::Idle);
        let Running {
            aside,
            bx,
            checkpoint,
            resumed,
            ..
        } = running;
        let total = checkpoint.total();
        let secs = self
            .count
            .get_untracked()
            .map_or(0.0, |c| (now_ms() - c.started) / 1000.0);
        if let Some(c) = self.count.get_untracked() {
            self.count.set(Some(CountView {
                solutions: total,
                parts_done: checkpoint.done.len(),
                fraction: 1.0,
                now: now_ms(),
                ..c
            }));
        }
        if total == 0 {
            let why = volume_note(bx);
            self.say(
                Tone::Error,
                format!(
                    "No solution for aside {aside} in a {} box{why}.",
                    box_text(bx)
                ),
            );
            return;
        }
        let how = if from_saved {
            "the count saved in this browser".to_string()
        } else if resumed > 0 {
            format!(
                "counted by slices in {}, {resumed} of {COUNT_PARTS} parts from a saved checkpoint",
                duration(secs)
            )
        } else {
            format!("counted by slices in {}", duration(secs))
        };
        debug_assert!(checkpoint.complete());
        self.say(
            Tone::Success,
            format!(
                "{} for aside {aside} in a {} box (rotations of the box counted as \
                 distinct; {how}).",
                plural(total, "solution", "solutions"),
                box_text(bx)
            ),
        );
    }
}
