//! A view's one running worker job, and the controller every workbench
//! runs its jobs through.
//!
//! Every workbench runs at most one job per purpose: a new Solve replaces
//! the running Count, leaving a page cancels its search. The pool delivers
//! events asynchronously, so an event can arrive after its job was
//! replaced; painting it would show stale results. `JobSlot` keeps the
//! handle and a generation number, cancels the old job on every submit,
//! and hands the view only the events of the job that is current.

use crate::model::format::group;
use crate::model::job::{stats_line, BarStyle, Live, Message, Purpose, RunState, Tone};
use crate::pool::{JobHandle, WorkerPool};
use leptos::prelude::*;
use tessera_jobs::event::{Event, Stats};
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

impl JobSlot {
    /// Drop the current job and name the next one before it starts (a
    /// debounced job checks its ticket when the timer fires).
    pub fn reserve(&self) -> Ticket {
        self.abandon();
        self.ticket()
    }
}

/// Milliseconds since the page loaded.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A view's job with everything the page shows about it: the run state,
/// live progress (with the ETA), the last stats and stats line, and one
/// status message. Every workbench drives its worker jobs through one of
/// these, with its own [`Purpose`] enum; `Copy`, so handlers capture it.
///
/// [`JobRun::start`] does the common bookkeeping for every event (state,
/// progress, stats, errors) and then hands the event to the view, with the
/// state it found, so the view only adds what is its own (its items, its
/// sentences).
pub struct JobRun<P: Purpose> {
    pub state: RwSignal<RunState<P>>,
    /// Counters of a running job whose purpose shows progress.
    pub live: RwSignal<Option<Live>>,
    /// Stats of the last `Waiting` or `Done`.
    pub last: RwSignal<Option<Stats>>,
    /// "12.7 ms · 4,575 nodes explored", or a running search's node count.
    pub stats_line: RwSignal<Option<String>>,
    pub message: RwSignal<Option<Message>>,
    slot: JobSlot,
    started: StoredValue<f64>,
}

impl<P: Purpose> Clone for JobRun<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Purpose> Copy for JobRun<P> {}

impl<P: Purpose> Default for JobRun<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Purpose> JobRun<P> {
    pub fn new() -> JobRun<P> {
        JobRun {
            state: RwSignal::new(RunState::Idle),
            live: RwSignal::new(None),
            last: RwSignal::new(None),
            stats_line: RwSignal::new(None),
            message: RwSignal::new(None),
            slot: JobSlot::new(),
            started: StoredValue::new(0.0),
        }
    }

    /// A controller whose job is abandoned when the component that made
    /// it goes (a card on a page that can be left mid-run).
    pub fn scoped() -> JobRun<P> {
        let run = JobRun::new();
        on_cleanup(move || run.slot.abandon());
        run
    }

    /// The run state, untracked.
    pub fn now(&self) -> RunState<P> {
        self.state.get_untracked()
    }

    /// The run state, tracked (for views).
    pub fn get(&self) -> RunState<P> {
        self.state.get()
    }

    pub fn say(&self, tone: Tone, text: impl Into<String>) {
        self.message.set(Some(Message::new(tone, text)));
    }

    pub fn clear_message(&self) {
        self.message.set(None);
    }

    /// The tone of the message shown, untracked.
    pub fn tone(&self) -> Option<Tone> {
        self.message.with_untracked(|m| m.as_ref().map(|m| m.tone))
    }

    /// Forget the job (its late events are dropped) and stop it.
    pub fn abandon(&self) {
        self.slot.abandon();
        self.state.set(RunState::Idle);
        self.live.set(None);
    }

    /// Abandon whatever runs and start `job` for `purpose`. Each of its
    /// events first updates the state, progress and stats, then goes to
    /// `on_event` with the state from before it. A job that fails at once
    /// has answered (and is idle again) when this returns.
    pub fn start<J: Job>(
        &self,
        job: J,
        purpose: P,
        mut on_event: impl FnMut(Ticket, Event<J::Item>, RunState<P>) + 'static,
    ) -> Ticket {
        self.abandon();
        self.started.set_value(now_ms());
        self.state.set(RunState::Running(purpose));
        if purpose.shows_progress() {
            self.live.set(Some(Live::default()));
        }
        let run = *self;
        self.slot.submit(job, move |ticket, e| {
            let was = run.state.get_untracked();
            run.track(&e, was);
            on_event(ticket, e, was);
        })
    }

    /// The default handling of one event.
    fn track<T>(&self, e: &Event<T>, was: RunState<P>) {
        let reports = was.purpose().is_some_and(|p| p.reports_stats());
        match e {
            Event::Progress(p) => {
                if was.purpose().is_some_and(|p| p.shows_progress()) && was.is_running() {
                    let elapsed = now_ms() - self.started.get_value();
                    self.live.set(Some(Live::at(*p, elapsed)));
                }
            }
            Event::Item { .. } => {}
            Event::Waiting(stats) => {
                // Paused between batches: no search is running to show.
                self.state.set(was.paused());
                self.live.set(None);
                self.record(stats, reports);
            }
            Event::Done(stats) => {
                self.state.set(RunState::Idle);
                self.live.set(None);
                self.record(stats, reports);
            }
            Event::Error(e) => {
                self.state.set(RunState::Idle);
                self.live.set(None);
                self.say(Tone::Error, e.message.clone());
            }
        }
    }

    /// Keep a `Waiting`'s or `Done`'s stats (and their line, if shown).
    fn record(&self, stats: &Stats, line: bool) {
        self.last.set(Some(*stats));
        if line {
            self.stats_line.set(Some(stats_line(stats)));
        }
    }

    /// Milliseconds since the job started.
    pub fn elapsed(&self) -> f64 {
        now_ms() - self.started.get_value()
    }

    /// Resume a waiting enumeration for `count` more items, as `purpose`.
    /// False if there is no live job waiting (the view starts afresh).
    pub fn more(&self, purpose: P, count: u32) -> bool {
        if !self.now().is_waiting() {
            return false;
        }
        match self.slot.handle() {
            Some(h) if h.is_live() => {
                self.state.set(RunState::Running(purpose));
                h.more(count);
                true
            }
            _ => false,
        }
    }

    /// Ask `ticket`'s job for more without changing the state (a timer
    /// driving an animation), unless it has been replaced.
    pub fn more_for(&self, ticket: Ticket, count: u32) {
        self.slot.more(ticket, count);
    }

    /// The user's Cancel: a running job stops and reports where it got to
    /// (its `Done` has `stats.cancelled`); a job already gone leaves the
    /// view idle. True if there was a running job to stop.
    pub fn cancel(&self) -> bool {
        if !self.now().is_running() {
            return false;
        }
        if self.slot.is_running() {
            self.state.set(self.now().cancelled());
            self.slot.cancel();
        } else {
            self.state.set(RunState::Idle);
        }
        true
    }

    /// Is a job live in the worker (running or waiting)?
    pub fn has_job(&self) -> bool {
        self.slot.is_running()
    }

    pub fn is_current(&self, ticket: Ticket) -> bool {
        self.slot.is_current(ticket)
    }
}

/// A progress bar: `div.progress` with its fill, numbers written as
/// `style` says.
#[component]
pub fn ProgressBar(#[prop(into)] fraction: Signal<f64>, style: BarStyle) -> impl IntoView {
    let attrs = Memo::new(move |_| style.attrs(fraction.get()));
    view! {
        <div class="progress" role="progressbar" aria-label=style.label
            aria-valuemin="0" aria-valuemax="100" aria-valuenow=move || attrs.get().0>
            <div class="progress-fill" style=move || attrs.get().1></div>
        </div>
    }
}

/// What the line under a job's progress bar says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressText {
    /// "… nodes · 0.42% of the tree" (Sudoku), with `data-nodes`.
    Tree,
    /// "… nodes · 4.2% · about 3 s left" (Polyforms).
    Eta,
    /// "… nodes · 4.2% of the tree · 3.1 s" (a Polyforms Solve).
    Search,
}

/// A running job's progress: the bar, the solutions so far (`count_testid`)
/// and the nodes, share and (for [`ProgressText::Eta`]) time left. Shown
/// while `live` is set.
#[component]
pub fn JobProgress(
    live: RwSignal<Option<Live>>,
    testid: &'static str,
    count_testid: &'static str,
    text: ProgressText,
) -> impl IntoView {
    move || {
        live.get().map(|l| {
            let nodes = (text != ProgressText::Eta).then_some(l.nodes);
            let line = match text {
                ProgressText::Tree => l.tree_text(),
                ProgressText::Eta => l.eta_text(),
                ProgressText::Search => l.search_text(),
            };
            // SAT has no share of a tree: a sweeping band, no value.
            let bar = match l.conflicts {
                Some(_) => view! {
                    <div class="progress indeterminate" role="progressbar"
                        aria-label="SAT search running; clause learning has no share to show">
                        <div class="progress-fill"></div>
                    </div>
                }
                .into_any(),
                None => view! { <ProgressBar fraction=l.fraction style=BarStyle::TREE/> }.into_any(),
            };
            view! {
                <div class="counter" data-testid=testid data-solutions=l.solutions.to_string() data-nodes=nodes
                    data-conflicts=l.conflicts.map(|c| c.to_string())>
                    {bar}
                    <div class="counter-line">
                        <span class="count" data-testid=count_testid>{group(l.solutions)}</span>
                        <span class="muted">{line}</span>
                    </div>
                </div>
            }
        })
    }
}

/// How a view lays out its status message (each keeps its DOM and test ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageLayout {
    /// `div.status[role=status][data-testid][data-kind]` around
    /// `p.message.{tone}` (Sudoku; `attr:` adds more data).
    Box,
    /// `div.status[role=status]` around `p.message.{tone}[data-testid][data-kind]`
    /// (Quantumino).
    BoxedLine,
    /// `p.message.{tone}[role=status][data-testid][data-tone]`, always there:
    /// `message hidden` when empty (Polyforms).
    Line,
    /// `p.message.{tone}[data-testid][role=status]`, only with a message
    /// (Sudoku variants).
    Transient,
}

/// The status message of a job controller.
#[component]
pub fn StatusMessage(
    message: RwSignal<Option<Message>>,
    testid: &'static str,
    layout: MessageLayout,
    /// `data-run` on a [`MessageLayout::Box`] (Sudoku: the run state).
    #[prop(optional, into)]
    run: Option<Signal<&'static str>>,
    /// `data-found` on a [`MessageLayout::Box`] (Sudoku: solutions shown).
    #[prop(optional, into)]
    found: Option<Signal<u64>>,
) -> impl IntoView {
    let tone = move || message.with(|m| m.as_ref().map(|m| m.tone.name()));
    let line = move || {
        message.get().map(|m| {
            let class = format!("message {}", m.tone.name());
            match layout {
                MessageLayout::BoxedLine => view! {
                    <p class=class data-testid=testid data-kind=m.tone.name()>{m.text}</p>
                }
                .into_any(),
                MessageLayout::Transient => view! {
                    <p class=class data-testid=testid role="status">{m.text}</p>
                }
                .into_any(),
                _ => view! { <p class=class>{m.text}</p> }.into_any(),
            }
        })
    };
    match layout {
        MessageLayout::Box => view! {
            <div class="status" role="status" aria-live="polite" data-testid=testid
                data-kind=move || tone().unwrap_or("none")
                data-run=move || run.map(|r| r.get())
                data-found=move || found.map(|f| f.get())>
                {line}
            </div>
        }
        .into_any(),
        MessageLayout::BoxedLine => view! {
            <div class="status" role="status" aria-live="polite">{line}</div>
        }
        .into_any(),
        MessageLayout::Line => view! {
            <p role="status" aria-live="polite" data-testid=testid
                class=move || format!("message {}", tone().unwrap_or("hidden"))
                data-tone=move || tone().unwrap_or("")>
                {move || message.get().map(|m| m.text)}
            </p>
        }
        .into_any(),
        MessageLayout::Transient => line.into_any(),
    }
}
