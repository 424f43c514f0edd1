//! A view's one running worker job.
//!
//! Every workbench runs at most one job per purpose: a new Solve replaces
//! the running Count, leaving a page cancels its search. The pool delivers
//! events asynchronously, so an event can arrive after its job was
//! replaced; painting it would show stale results. `JobSlot` keeps the
//! handle and a generation number, cancels the old job on every submit,
//! and hands the view only the events of the job that is current.

use crate::pool::{JobHandle, WorkerPool};
use leptos::prelude::*;
use tessera_jobs::event::Event;
use tessera_jobs::job::Job;

#[derive(Clone, Copy)]
pub struct JobSlot {
    job: StoredValue<Option<JobHandle>, LocalStorage>,
    generation: StoredValue<u32>,
}

/// Names one submitted job, for work deferred past its events (a timer
/// that asks for the next animation frame must not wake a newer job).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ticket(u32);

impl Default for JobSlot {
    fn default() -> Self {
        Self::new()
    }
}

impl JobSlot {
    pub fn new() -> JobSlot {
        JobSlot {
            job: StoredValue::new_local(None),
            generation: StoredValue::new(0),
        }
    }

    /// A slot whose job is abandoned when the component that made it goes.
    pub fn scoped() -> JobSlot {
        let slot = JobSlot::new();
        on_cleanup(move || slot.abandon());
        slot
    }

    /// Cancel the current job (if any) and start `job`; `on_event` sees
    /// this job's events (typed for `J`) for as long as it stays current,
    /// with its ticket.
    pub fn submit<J: Job>(
        &self,
        job: J,
        mut on_event: impl FnMut(Ticket, Event<J::Item>) + 'static,
    ) -> Ticket {
        self.abandon();
        let ticket = self.ticket();
        let slot = *self;
        let handle = WorkerPool::global().submit(job, move |e| {
            if slot.is_current(ticket) {
                if e.is_final() {
                    slot.finished();
                }
                on_event(ticket, e);
            }
        });
        // A job that failed at once has already answered; keep no handle.
        if self.is_current(ticket) && handle.is_live() {
            self.job.set_value(Some(handle));
        }
        ticket
    }

    /// Forget the current job: cancel it in the worker and drop whatever
    /// it still sends. Safe after the view is gone.
    pub fn abandon(&self) {
        self.generation.try_update_value(|g| *g = g.wrapping_add(1));
        if let Some(h) = self.job.try_get_value().flatten() {
            h.cancel();
        }
        let _ = self.job.try_set_value(None);
    }

    /// The job finished (Done or Error): keep its generation, drop its
    /// handle. `submit` does this before the view sees the final event.
    fn finished(&self) {
        let _ = self.job.try_set_value(None);
    }

    fn ticket(&self) -> Ticket {
        Ticket(self.generation.get_value())
    }

    /// Is the job behind `ticket` still the current one (and the view
    /// alive)?
    pub fn is_current(&self, ticket: Ticket) -> bool {
        self.generation.try_get_value() == Some(ticket.0)
    }

    /// The running job's handle, if a job is running.
    pub fn handle(&self) -> Option<JobHandle> {
        self.job.try_get_value().flatten()
    }

    pub fn is_running(&self) -> bool {
        self.job.try_with_value(Option::is_some).unwrap_or(false)
    }

    /// Ask the running job for more solutions, unless `ticket`'s job has
    /// been replaced meanwhile.
    pub fn more(&self, ticket: Ticket, count: u32) {
        if self.is_current(ticket) {
            if let Some(h) = self.handle() {
                h.more(count);
            }
        }
    }

    /// Cancel the running job but keep listening: its final `Done` (with
    /// `stats.cancelled`) still arrives.
    pub fn cancel(&self) {
        if let Some(h) = self.handle() {
            h.cancel();
        }
    }
}
