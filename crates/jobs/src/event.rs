//! What a job tells the page: typed events, their counters and typed errors.
//!
//! The same [`Event`] type serves both ends: the worker posts `Event<Json>`
//! (items still as JSON text, because the runner is type-erased), and the
//! page turns it into `Event<J::Item>` with [`Event::decode`] for the job it
//! started, so a view matches on its own item type and never on a union of
//! every workbench's payloads.

use crate::job::{Job, NoItem};
use crate::protocol::Json;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use tessera_engine as engine;
use tessera_engine::search::{Impossible, Progress};
use tessera_engine::sudoku::auto::Engine;

/// One thing that happened to a job.
///
/// Enums here use serde's default (externally tagged) representation,
/// because the internally tagged one cannot carry `u128` counters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event<T> {
    /// Counters of a running job, at most every
    /// [`PROGRESS_INTERVAL_MS`](crate::runner::PROGRESS_INTERVAL_MS).
    Progress(Progress),
    /// The `index`-th result of the job (0-based): a solution, a snapshot
    /// or an answer, as the job's `Item` type says.
    Item { index: u64, item: T },
    /// An enumeration delivered its batch and waits for `More` or `Cancel`;
    /// its search stays alive in the worker.
    Waiting(Stats),
    /// The job is over: finished, limited or cancelled (see the stats).
    Done(Stats),
    /// The job could not run, or stopped on an error.
    Error(JobError),
}

impl<T> Event<T> {
    /// Does this event end the job (nothing follows it)?
    pub fn is_final(&self) -> bool {
        matches!(self, Event::Done(_) | Event::Error(_))
    }
}

impl<T> Event<T> {
    /// The same event with its item (if any) mapped: lets one view handler
    /// serve related jobs.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Event<U> {
        match self {
            Event::Item { index, item } => Event::Item {
                index,
                item: f(item),
            },
            Event::Progress(p) => Event::Progress(p),
            Event::Waiting(s) => Event::Waiting(s),
            Event::Done(s) => Event::Done(s),
            Event::Error(e) => Event::Error(e),
        }
    }
}

impl Event<NoItem> {
    /// A count's event as an event of any item type (a count has no items),
    /// for a view whose Solve and Count share one handler.
    pub fn retype<U>(self) -> Event<U> {
        self.map(|never| match never {})
    }
}

impl Event<Json> {
    /// This event for job type `J`, its item decoded into `J::Item`.
    ///
    /// An item that does not decode becomes an [`Event::Error`] naming the
    /// job, so a view never drops a result it cannot read without saying
    /// so (the page and the worker disagree: a stale worker script).
    pub fn decode<J: Job>(self) -> Event<J::Item> {
        self.decode_as(J::KIND)
    }

    /// [`Event::decode`] for an item type named by hand (`kind` names the
    /// job in the error message).
    pub fn decode_as<T: DeserializeOwned>(self, kind: &str) -> Event<T> {
        match self {
            Event::Item { index, item } => match item.decode::<T>() {
                Ok(item) => Event::Item { index, item },
                Err(e) => Event::Error(JobError::internal(format!(
                    "could not read result {index} of a {kind} job: {e}"
                ))),
            },
            Event::Progress(p) => Event::Progress(p),
            Event::Waiting(s) => Event::Waiting(s),
            Event::Done(s) => Event::Done(s),
            Event::Error(e) => Event::Error(e),
        }
    }
}

/// Counters reported with `Waiting` and `Done`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Search-tree nodes explored since the job started.
    pub nodes: u64,
    /// Items delivered (enumerations, streams) or solutions counted
    /// (counts) since the job started.
    pub solutions: u128,
    /// Wall time of the last stretch of work: since the job started, or
    /// since the last `More` for an enumeration.
    pub elapsed_ms: f64,
    /// Wall time of all the job's work so far.
    pub total_ms: f64,
    /// The work is exhausted: there are no further items.
    pub exhausted: bool,
    /// The job was stopped by `Cancel`.
    pub cancelled: bool,
    /// The job stopped because it reached its `limit`.
    pub limited: bool,
    /// The engine that did the work, where one was picked for the user
    /// (a Sudoku count: "band", "dlx9", "dlx", "backtrack", "sat").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<Engine>,
    /// How the answer was reached without searching, for people (a
    /// polyform count proven 0 by a weighting of the cells).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<Impossible>,
}

/// Why a job failed, as a kind a view can act on and a sentence for people.
///
/// The engine's errors are typed; they cross the worker boundary as this
/// (one `From<tessera_engine::Error>` picks the kind), keeping the class of
/// failure that a bare string would lose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobError {
    pub kind: ErrorKind,
    /// User-facing: views show it as it is.
    pub message: String,
}

/// The class of a [`JobError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ErrorKind {
    /// The request is wrong: clashing givens, a malformed region map,
    /// params that do not decode, a `More` for a job that is not waiting.
    BadInput,
    /// Well-formed but beyond what this job does (too large a grid, an
    /// unknown job kind).
    Unsupported,
    /// The engine spent its budget without an answer (a generator that
    /// found no puzzle with the requested properties).
    GaveUp,
    /// A bug or a disagreement between page and worker (an item that does
    /// not decode).
    Internal,
    /// The worker itself failed: it crashed, did not start, did not stop
    /// in time, or runs another protocol version.
    Worker,
}

impl JobError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> JobError {
        JobError {
            kind,
            message: message.into(),
        }
    }

    pub fn bad_input(message: impl Into<String>) -> JobError {
        JobError::new(ErrorKind::BadInput, message)
    }

    pub fn unsupported(message: impl Into<String>) -> JobError {
        JobError::new(ErrorKind::Unsupported, message)
    }

    pub fn internal(message: impl Into<String>) -> JobError {
        JobError::new(ErrorKind::Internal, message)
    }

    pub fn worker(message: impl Into<String>) -> JobError {
        JobError::new(ErrorKind::Worker, message)
    }
}

/// Only the message: it is what the views have always shown.
impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for JobError {}

/// The one place an engine error becomes a job error: the kind by what
/// went wrong, the message as the engine words it.
impl From<engine::Error> for JobError {
    fn from(e: engine::Error) -> JobError {
        use engine::count::minimal::MinimalError;
        use engine::count::phase::PhaseError;
        use engine::polyform::PolyformError;
        use engine::quantumino::QuantuminoCountError;
        use engine::sudoku::colouring::ColourError;
        use engine::sudoku::variant::VariantError;
        use engine::sudoku::SudokuError;
        use engine::Error as E;
        let kind = match &e {
            E::Sudoku(SudokuError::TooLarge { .. } | SudokuError::StringTooLarge { .. })
            | E::Variant(VariantError::Unsupported(_))
            | E::Polyform(PolyformError::TooLarge { .. })
            | E::Phase(PhaseError::TooLarge { .. })
            | E::Minimal(MinimalError::TooLarge(_))
            | E::QuantuminoCount(
                QuantuminoCountError::Unsupported(_) | QuantuminoCountError::Overflow,
            )
            | E::Essential(_)
            | E::GridCount(_) => ErrorKind::Unsupported,
            E::Generate(_)
            | E::VariantGenerate(_)
            | E::Minimal(MinimalError::Generate(_))
            | E::Colour(ColourError::GaveUp { .. }) => ErrorKind::GaveUp,
            E::QuantuminoCount(QuantuminoCountError::Cancelled) => ErrorKind::Internal,
            _ => ErrorKind::BadInput,
        };
        JobError::new(kind, e.to_string())
    }
}

// `?` on a module's error in a job: through `engine::Error`, so the kind
// is chosen in one place.
tessera_engine::from_module_errors!(JobError);
