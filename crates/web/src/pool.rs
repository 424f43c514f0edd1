//! The page's side of the workers (wasm32 only): a lazily grown pool of
//! solver workers, sized to `navigator.hardwareConcurrency`.
//!
//! ```ignore
//! let handle = pool.submit(SudokuSolve { .. }, move |event: Event<Vec<u8>>| { .. });
//! handle.more(1);   // "Next solution": the search lives on in its worker
//! handle.cancel();  // answered by Done { cancelled }, or by a worker restart
//! ```
//!
//! A job is pinned to one worker for its whole life (so an enumeration can be
//! resumed). `submit` prefers an idle worker and spawns a new one while the
//! pool is below its size, so a counting job split into k sub-jobs (e.g. by
//! the first levels of the search tree) runs on up to k cores by simply
//! submitting k jobs and adding their counts.
//!
//! Messages for a worker that has not yet posted `Ready` are held back and
//! sent when it does. A worker that crashes, or that does not acknowledge a
//! `Cancel` within [`CANCEL_GRACE_MS`], is terminated and replaced; its jobs
//! receive an `Error` (or the `Done { cancelled }` they were waiting for).
//!
//! Each job's callback receives typed events (`Event<J::Item>`): the pool
//! decodes every item for the job that was submitted, and an item that does
//! not decode ends the job with an `Error` event (and a `Cancel` to the
//! worker) instead of being dropped.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::{Rc, Weak};
use tessera_jobs::event::{Event, JobError, Stats};
use tessera_jobs::job::Job;
use tessera_jobs::protocol::{
    decode, encode, JobId, Json, Message, Reply, Request, PROTOCOL_VERSION,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event as DomEvent, MessageEvent, Worker};

/// The worker boot script (`public/solver-worker.js`, next to `index.html`);
/// relative, so the app works from any sub-path.
pub const WORKER_SCRIPT: &str = "./solver-worker.js";

/// How long a worker may take to acknowledge a `Cancel` before it is
/// terminated and replaced.
pub const CANCEL_GRACE_MS: i32 = 250;

/// A job's callback with its item type erased: it decodes the event for
/// its job and returns `false` when an item did not decode (the callback
/// has then seen an `Error` and the job is over for the page).
type Callback = Rc<RefCell<dyn FnMut(Event<Json>) -> bool>>;

struct Handler {
    slot: usize,
    callback: Callback,
    cancelling: bool,
    /// The encoded start request, to start the job again elsewhere if its
    /// worker is replaced before the job was heard from.
    start: String,
    /// Has the worker sent anything for this job yet?
    heard: bool,
    /// Has its start request left the page (see [`Slot::held`])?
    sent: bool,
    /// Parked: an enumeration that delivered what was asked and waits in
    /// its worker for `More` (computing nothing until the user asks).
    parked: bool,
}

struct Slot {
    worker: Worker,
    ready: bool,
    /// Requests kept back while the worker loads or while the slot is held.
    backlog: Vec<String>,
    /// A job was submitted in the task still running: its start (and any
    /// request after it) waits for a task of its own, [`release_hold`]. A
    /// job then never begins inside the task that asked for it — often a
    /// workbench's mount — so the page's own work and the job's life do not
    /// overlap (the long-task rule: no task over 200 ms while a job runs;
    /// the busy mark is written when the start really leaves).
    held: bool,
    jobs: usize,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(DomEvent)>,
}

struct Inner {
    script: String,
    size: usize,
    slots: Vec<Option<Slot>>,
    next_id: JobId,
    handlers: HashMap<JobId, Handler>,
    /// The last failure to start a worker, reported to later jobs.
    spawn_error: Option<String>,
    /// Some job is live (see [`mark_busy`]).
    busy: bool,
}

impl Slot {
    /// Send the requests kept back, in order.
    fn flush_backlog(&mut self) {
        for text in std::mem::take(&mut self.backlog) {
            let _ = self.worker.post_message(&JsValue::from_str(&text));
        }
    }
}

/// Runs `f` once the browser has painted what is on screen now: two
/// animation frames (the first runs before the paint, the second after it),
/// then a task. For work the first screen does not need (the pool's
/// warm-up; `ui::dom::after_paint` for the views).
pub fn after_first_paint(f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let task = Closure::once_into_js(move || {
        let run = Closure::once_into_js(f);
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(run.unchecked_ref());
        }
    });
    let first_frame = Closure::once_into_js(move || {
        if let Some(w) = web_sys::window() {
            let _ = w.request_animation_frame(task.unchecked_ref());
        }
    });
    let _ = window.request_animation_frame(first_frame.unchecked_ref());
}

/// Mark on the page's performance timeline when the pool goes from no
/// live job to some (`tessera-jobs-busy`) and back (`tessera-jobs-idle`),
/// so a long-task check can tell the tasks that ran while a job did
/// (the long-task rule: none over 200 ms during any job; the e2e harness
/// reads these marks). A job is live from the moment its start leaves the
/// page until its end, except while it is parked: an enumeration that delivered
/// what was asked and waits for `More` computes nothing and sends nothing,
/// so the page's tasks then are not "during a job" (Quantumino's and the
/// polyform solver's Next wait like this for as long as the user looks).
/// Nor is a cancelled job: the page has let it go and ignores whatever it
/// still sends (a workbench left while its start-up job was in a long
/// step keeps its worker busy until that step ends, up to 500 ms).
fn mark_busy(inner: &mut Inner) {
    let busy = inner
        .handlers
        .values()
        .any(|h| h.sent && !h.parked && !h.cancelling);
    if busy != inner.busy {
        inner.busy = busy;
        if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
            let _ = p.mark(if busy {
                "tessera-jobs-busy"
            } else {
                "tessera-jobs-idle"
            });
        }
    }
}

/// A pool of solver workers.
#[derive(Clone)]
pub struct WorkerPool {
    inner: Rc<RefCell<Inner>>,
}

/// A submitted job.
#[derive(Clone)]
pub struct JobHandle {
    id: JobId,
    pool: Weak<RefCell<Inner>>,
}

thread_local! {
    static GLOBAL: WorkerPool = WorkerPool::new(WORKER_SCRIPT, WorkerPool::default_size());
}

impl WorkerPool {
    /// A pool that starts up to `size` workers from `script`, on demand.
    pub fn new(script: &str, size: usize) -> WorkerPool {
        WorkerPool {
            inner: Rc::new(RefCell::new(Inner {
                script: script.to_string(),
                size: size.max(1),
                slots: Vec::new(),
                next_id: 1,
                handlers: HashMap::new(),
                spawn_error: None,
                busy: false,
            })),
        }
    }

    /// The page's shared pool.
    pub fn global() -> WorkerPool {
        GLOBAL.with(WorkerPool::clone)
    }

    /// `navigator.hardwareConcurrency`, between 1 and 8.
    pub fn default_size() -> usize {
        web_sys::window()
            .map(|w| w.navigator().hardware_concurrency() as usize)
            .unwrap_or(1)
            .clamp(1, 8)
    }

    /// The most workers this pool runs at once.
    pub fn size(&self) -> usize {
        self.inner.borrow().size
    }

    /// Start a worker early (so the first job does not wait for loading),
    /// but after the first paint: the worker's script and wasm (≈ 1 MB)
    /// must not compete with the page's own first screen for the network.
    /// Two animation frames and then a task: the first frame callback runs
    /// before the paint, the second after it. A job submitted meanwhile
    /// spawns its worker at once, as before.
    pub fn warm_up(&self) {
        let weak = Rc::downgrade(&self.inner);
        after_first_paint(move || {
            if let Some(pool) = weak.upgrade() {
                let mut inner = pool.borrow_mut();
                if inner.slots.iter().all(Option::is_none) {
                    let _ = spawn(&pool, &mut inner);
                }
            }
        });
    }

    /// Run a job; `on_event` receives its `Progress`, `Item`s (decoded as
    /// `J::Item`), `Waiting`, and finally `Done` or `Error`.
    pub fn submit<J: Job>(
        &self,
        job: J,
        mut on_event: impl FnMut(Event<J::Item>) + 'static,
    ) -> JobHandle {
        let callback: Callback = Rc::new(RefCell::new(move |event: Event<Json>| {
            let event = event.decode::<J>();
            let decoded = !matches!(event, Event::Error(_));
            on_event(event);
            decoded
        }));
        let (id, failure) = {
            let mut inner = self.inner.borrow_mut();
            let id = inner.next_id;
            inner.next_id = inner.next_id.wrapping_add(1).max(1);
            match pick_slot(&self.inner, &mut inner) {
                Ok(slot) => {
                    let start = encode(&Request::start(id, &job));
                    inner.handlers.insert(
                        id,
                        Handler {
                            slot,
                            callback: callback.clone(),
                            cancelling: false,
                            start: start.clone(),
                            heard: false,
                            sent: false,
                            parked: false,
                        },
                    );
                    if let Some(s) = inner.slots[slot].as_mut() {
                        s.jobs += 1;
                        if !s.held {
                            s.held = true;
                            schedule_release(&self.inner, slot);
                        }
                    }
                    send_text(&mut inner, slot, start);
                    (id, None)
                }
                Err(message) => (id, Some(message)),
            }
        };
        if let Some(message) = failure {
            (callback.borrow_mut())(Event::Error(JobError::worker(message)));
        }
        JobHandle {
            id,
            pool: Rc::downgrade(&self.inner),
        }
    }
}

impl JobHandle {
    pub fn id(&self) -> JobId {
        self.id
    }

    /// Is the job still live in its worker (not yet Done or Error)?
    pub fn is_live(&self) -> bool {
        self.pool
            .upgrade()
            .is_some_and(|p| p.borrow().handlers.contains_key(&self.id))
    }

    /// Resume a waiting enumeration for `count` more solutions.
    pub fn more(&self, count: u32) {
        let Some(pool) = self.pool.upgrade() else {
            return;
        };
        let mut inner = pool.borrow_mut();
        if let Some(h) = inner.handlers.get_mut(&self.id) {
            h.parked = false;
            let slot = h.slot;
            send(&mut inner, slot, &Request::More { id: self.id, count });
            mark_busy(&mut inner);
        }
    }

    /// Stop the job. Its callback still receives the final `Done`
    /// (`stats.cancelled`), from the worker or from the watchdog.
    pub fn cancel(&self) {
        let Some(pool) = self.pool.upgrade() else {
            return;
        };
        let slot = {
            let mut inner = pool.borrow_mut();
            let Some(h) = inner.handlers.get_mut(&self.id) else {
                return;
            };
            if h.cancelling {
                return;
            }
            h.cancelling = true;
            let slot = h.slot;
            send(&mut inner, slot, &Request::Cancel { id: self.id });
            mark_busy(&mut inner);
            slot
        };
        // Watchdog: a worker stuck in a long step is replaced.
        let weak = Rc::downgrade(&pool);
        let id = self.id;
        let timer = Closure::once_into_js(move || {
            let Some(pool) = weak.upgrade() else {
                return;
            };
            let still = pool
                .borrow()
                .handlers
                .get(&id)
                .is_some_and(|h| h.slot == slot && h.cancelling);
            if still {
                restart(
                    &pool,
                    slot,
                    "the solver did not stop in time and was restarted",
                );
            }
        });
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                timer.unchecked_ref(),
                CANCEL_GRACE_MS,
            );
        }
    }
}

fn send(inner: &mut Inner, slot: usize, request: &Request) {
    send_text(inner, slot, encode(request));
}

/// Let a held slot's requests go, in a task after the one that held it.
fn schedule_release(pool: &Rc<RefCell<Inner>>, slot: usize) {
    let weak = Rc::downgrade(pool);
    let later = Closure::once_into_js(move || {
        if let Some(pool) = weak.upgrade() {
            release_hold(&mut pool.borrow_mut(), slot);
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(later.unchecked_ref(), 0);
    }
}

/// The held slot's jobs start now: its backlog goes out (once the worker is
/// ready) and the jobs count as live for [`mark_busy`].
fn release_hold(inner: &mut Inner, slot: usize) {
    if let Some(s) = inner.slots.get_mut(slot).and_then(Option::as_mut) {
        s.held = false;
        if s.ready {
            s.flush_backlog();
        }
    }
    for h in inner.handlers.values_mut() {
        if h.slot == slot {
            h.sent = true;
        }
    }
    mark_busy(inner);
}

fn send_text(inner: &mut Inner, slot: usize, text: String) {
    if let Some(s) = inner.slots.get_mut(slot).and_then(Option::as_mut) {
        if s.ready && !s.held {
            let _ = s.worker.post_message(&JsValue::from_str(&text));
        } else {
            s.backlog.push(text);
        }
    }
}

/// An idle worker, else a new one while below the size, else the least busy.
fn pick_slot(pool: &Rc<RefCell<Inner>>, inner: &mut Inner) -> Result<usize, String> {
    let live = || {
        inner
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
    };
    if let Some((i, _)) = live().find(|(_, s)| s.jobs == 0) {
        return Ok(i);
    }
    if live().count() < inner.size {
        return spawn(pool, inner);
    }
    live()
        .min_by_key(|(_, s)| s.jobs)
        .map(|(i, _)| i)
        .ok_or_else(|| "no solver worker is available".to_string())
}

fn spawn(pool: &Rc<RefCell<Inner>>, inner: &mut Inner) -> Result<usize, String> {
    let index = inner
        .slots
        .iter()
        .position(Option::is_none)
        .unwrap_or(inner.slots.len());
    let worker = Worker::new(&inner.script).map_err(|e| {
        let message = format!(
            "could not start the solver worker: {}",
            e.as_string().unwrap_or_else(|| format!("{e:?}"))
        );
        inner.spawn_error = Some(message.clone());
        message
    })?;
    let weak = Rc::downgrade(pool);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(pool) = weak.upgrade() {
            if let Some(text) = e.data().as_string() {
                dispatch(&pool, index, &text);
            }
        }
    });
    let weak = Rc::downgrade(pool);
    // A script error is an ErrorEvent; a failed load is a plain Event.
    let on_error = Closure::<dyn FnMut(DomEvent)>::new(move |e: DomEvent| {
        e.prevent_default();
        if let Some(pool) = weak.upgrade() {
            let detail = js_sys::Reflect::get(&e, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_default();
            let message = if detail.is_empty() {
                "the solver worker failed to load or crashed".to_string()
            } else {
                format!("the solver worker crashed: {detail}")
            };
            restart(&pool, index, &message);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let slot = Slot {
        worker,
        ready: false,
        backlog: Vec::new(),
        held: false,
        jobs: 0,
        _on_message: on_message,
        _on_error: on_error,
    };
    if index == inner.slots.len() {
        inner.slots.push(Some(slot));
    } else {
        inner.slots[index] = Some(slot);
    }
    Ok(index)
}

/// Route one message from worker `slot` to its job's callback.
fn dispatch(pool: &Rc<RefCell<Inner>>, slot: usize, text: &str) {
    let message: Message = match decode(text) {
        Ok(m) => m,
        Err(e) => {
            web_sys::console::error_1(&e.into());
            return;
        }
    };
    let Reply { id, event } = match message {
        Message::Ready { protocol } => {
            let mut inner = pool.borrow_mut();
            if protocol != PROTOCOL_VERSION {
                drop(inner);
                restart(
                    pool,
                    slot,
                    "Tessera was updated while this page was open: reload the page",
                );
                return;
            }
            if let Some(s) = inner.slots.get_mut(slot).and_then(Option::as_mut) {
                s.ready = true;
                if !s.held {
                    s.flush_backlog(); // else `release_hold` sends them
                }
            }
            return;
        }
        Message::Event(reply) => reply,
    };
    let is_final = event.is_final();
    let callback = {
        let mut inner = pool.borrow_mut();
        if is_final {
            let Some(h) = inner.handlers.remove(&id) else {
                return;
            };
            release(&mut inner, h.slot);
            mark_busy(&mut inner);
            h.callback
        } else {
            match inner.handlers.get_mut(&id) {
                // After Cancel only the final Done matters.
                Some(h) if !h.cancelling => {
                    h.heard = true;
                    let parked = matches!(event, Event::Waiting(_));
                    if h.parked != parked {
                        h.parked = parked;
                        mark_busy(&mut inner);
                    }
                    inner.handlers[&id].callback.clone()
                }
                _ => return,
            }
        }
    };
    let decoded = (callback.borrow_mut())(event);
    if !decoded && !is_final {
        // The view has seen its Error: forget the job here and stop it in
        // the worker (its Done then finds no handler).
        let mut inner = pool.borrow_mut();
        if let Some(h) = inner.handlers.remove(&id) {
            release(&mut inner, h.slot);
            send(&mut inner, h.slot, &Request::Cancel { id });
        }
        mark_busy(&mut inner);
    }
}

/// One job fewer on worker `slot`.
fn release(inner: &mut Inner, slot: usize) {
    if let Some(s) = inner.slots.get_mut(slot).and_then(Option::as_mut) {
        s.jobs = s.jobs.saturating_sub(1);
    }
}

/// Terminate worker `slot`, fail its jobs with `message` (a cancelled job
/// gets its `Done { cancelled }`), and free the slot for a new worker.
fn restart(pool: &Rc<RefCell<Inner>>, slot: usize, message: &str) {
    let orphans: Vec<Handler> = {
        let mut inner = pool.borrow_mut();
        if let Some(s) = inner.slots.get_mut(slot).and_then(Option::take) {
            s.worker.terminate();
            // Its closures may be the ones running right now: drop them
            // from a later task.
            let later = Closure::once_into_js(move || drop(s));
            if let Some(w) = web_sys::window() {
                let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                    later.unchecked_ref(),
                    0,
                );
            }
        }
        let ids: Vec<JobId> = inner
            .handlers
            .iter()
            .filter(|(_, h)| h.slot == slot)
            .map(|(id, _)| *id)
            .collect();
        let mut orphans = Vec::new();
        for id in ids {
            let Some(h) = inner.handlers.remove(&id) else {
                continue;
            };
            // A job queued behind the stuck one, never heard from: start it
            // on another worker rather than failing it with the other's
            // trouble (the Count a user clicked just after a slow cancel).
            if !h.cancelling && !h.heard {
                if let Ok(next) = pick_slot(pool, &mut inner) {
                    if let Some(s) = inner.slots[next].as_mut() {
                        s.jobs += 1;
                    }
                    let text = h.start.clone();
                    inner.handlers.insert(
                        id,
                        Handler {
                            slot: next,
                            sent: true,
                            ..h
                        },
                    );
                    send_text(&mut inner, next, text);
                    continue;
                }
            }
            orphans.push(h);
        }
        mark_busy(&mut inner);
        orphans
    };
    for h in orphans {
        let event = if h.cancelling {
            Event::Done(Stats {
                cancelled: true,
                ..Stats::default()
            })
        } else {
            Event::Error(JobError::worker(message))
        };
        (h.callback.borrow_mut())(event);
    }
}
