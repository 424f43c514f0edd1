//! A job is a type: its params are a serde struct, it names its wire key
//! and the type of its results, and it says how it starts.
//!
//! The runner only sees [`Work`]: a resumable computation stepped in small
//! budgets. Engine searches become work through [`Started::enumerate`] and
//! [`Started::count`]; snapshot streams and counters implement `Work`
//! directly, so nothing has to pretend to be a search.

use crate::event::JobError;
use crate::protocol::Json;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tessera_engine::search::{Impossible, Progress, Search, Step};

/// One kind of work a worker can do.
///
/// The value is the job's params: on the wire a job is [`Job::KIND`] plus
/// this value as JSON, and the worker's registry decodes it back into this
/// type. Results are [`Job::Item`]s, which the page decodes for the job it
/// started, so a view cannot mistake another workbench's results for its
/// own.
pub trait Job: Serialize + DeserializeOwned + 'static {
    /// The wire key; unique in the registry (a test checks it).
    const KIND: &'static str;
    /// One result: a solution, a snapshot or an answer. Jobs that only
    /// count use [`NoItem`]. `Debug` so tests and logs can show it.
    type Item: Serialize + DeserializeOwned + std::fmt::Debug + 'static;

    /// Check the params and set the work up. Errors here answer the job at
    /// once; nothing runs.
    fn start(self) -> Result<Started<Self::Item>, JobError>;
}

/// The item type of a job that never delivers items (a count): there is
/// no value of it, so a view's `Event::Item` arm is `match item {}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoItem {}

/// A resumable computation, driven by the runner in time slices.
///
/// Unlike the engine's `Search`, it has no count-only switch (the mode is
/// chosen once, by [`Started`]) and a step may fail, so a long count that
/// hits an engine limit ends as a typed error rather than a fake result.
pub trait Work<T> {
    /// Do about `budget` nodes of work, stopping early at an item or at the
    /// end. After `Done` or an error it is not called again.
    fn step(&mut self, budget: u64) -> Result<Step<T>, JobError>;
    /// Counters so far: `nodes` for the cadence, `solutions` for counts
    /// and limits, `fraction` for progress bars.
    fn progress(&self) -> Progress;
    /// The engine doing the work, when it was chosen for the user (Sudoku's
    /// picker): the runner puts it in the job's [`Stats`](crate::event::Stats).
    fn engine(&self) -> Option<&'static str> {
        None
    }
    /// How the work ended without searching, when it did (a count proven
    /// 0, `Search::proof`): the runner puts it in the job's `Stats`.
    fn proof(&self) -> Option<Impossible> {
        None
    }
}

/// What a job turns into when it starts.
pub enum Started<T> {
    /// Already computed: delivered as item 0, then `Done { exhausted }`.
    Answer(T),
    /// Deliver `batch` items, then wait (search alive) for `More`.
    Enumerate { work: Box<dyn Work<T>>, batch: u32 },
    /// Count to the end or to `limit`; items are not delivered, the count
    /// is `progress().solutions`.
    Count {
        work: Box<dyn Work<T>>,
        limit: Option<u128>,
    },
    /// Deliver every item as soon as it exists, never waiting (snapshots,
    /// finished parts).
    Stream(Box<dyn Work<T>>),
}

impl<T: 'static> Started<T> {
    /// An immediate answer.
    pub fn answer(item: T) -> Started<T> {
        Started::Answer(item)
    }

    /// Enumerate an engine search's solutions, `batch` (at least one) at a
    /// time.
    pub fn enumerate(search: Box<dyn Search<T>>, batch: u32) -> Started<T> {
        Started::enumerate_as(search, batch, |solution, _| solution)
    }

    /// [`Started::enumerate`] with each solution turned into an item by
    /// `item`, which also gets the engine that found it (`Search::engine`).
    pub fn enumerate_as<U: 'static>(
        search: Box<dyn Search<U>>,
        batch: u32,
        item: fn(U, Option<&'static str>) -> T,
    ) -> Started<T> {
        Started::Enumerate {
            work: Box::new(Searching { search, item }),
            batch: batch.max(1),
        }
    }

    /// Count an engine search's solutions (in its count-only mode), up to
    /// `limit`. The search's own solution type does not matter.
    pub fn count<U: 'static>(mut search: Box<dyn Search<U>>, limit: Option<u128>) -> Started<T> {
        search.set_count_only(true);
        Started::Count {
            work: Box::new(Counting(search)),
            limit,
        }
    }

    /// Count with work that is not a search (its progress holds the count).
    pub fn count_work(work: impl Work<T> + 'static, limit: Option<u128>) -> Started<T> {
        Started::Count {
            work: Box::new(work),
            limit,
        }
    }

    /// Stream the items of `work` as they come.
    pub fn stream(work: impl Work<T> + 'static) -> Started<T> {
        Started::Stream(Box::new(work))
    }

    /// The same start with items encoded as JSON: what the type-erased
    /// registry hands the runner.
    pub(crate) fn encoded(self) -> Result<Started<Json>, JobError>
    where
        T: Serialize,
    {
        let wrap = |work: Box<dyn Work<T>>| -> Box<dyn Work<Json>> { Box::new(Encoded(work)) };
        Ok(match self {
            Started::Answer(item) => Started::Answer(encode_item(&item)?),
            Started::Enumerate { work, batch } => Started::Enumerate {
                work: wrap(work),
                batch,
            },
            Started::Count { work, limit } => Started::Count {
                work: wrap(work),
                limit,
            },
            Started::Stream(work) => Started::Stream(wrap(work)),
        })
    }
}

fn encode_item<T: Serialize>(item: &T) -> Result<Json, JobError> {
    Json::encode(item).map_err(|e| JobError::internal(format!("could not encode a result: {e}")))
}

/// An engine search delivering its solutions as items.
struct Searching<U, T> {
    search: Box<dyn Search<U>>,
    item: fn(U, Option<&'static str>) -> T,
}

impl<U, T> Work<T> for Searching<U, T> {
    fn step(&mut self, budget: u64) -> Result<Step<T>, JobError> {
        Ok(match self.search.step(budget) {
            Step::Solution(s) => Step::Solution((self.item)(s, self.search.engine())),
            Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        })
    }
    fn progress(&self) -> Progress {
        self.search.progress()
    }
    fn engine(&self) -> Option<&'static str> {
        self.search.engine()
    }
    fn proof(&self) -> Option<Impossible> {
        self.search.proof()
    }
}

/// An engine search in count-only mode: it never yields a solution, so it
/// is work of any item type.
struct Counting<U>(Box<dyn Search<U>>);

impl<T, U> Work<T> for Counting<U> {
    fn step(&mut self, budget: u64) -> Result<Step<T>, JobError> {
        Ok(match self.0.step(budget) {
            // Count-only searches do not return solutions; were one to,
            // it is counted in progress() all the same.
            Step::Solution(_) | Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        })
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn engine(&self) -> Option<&'static str> {
        self.0.engine()
    }
    fn proof(&self) -> Option<Impossible> {
        self.0.proof()
    }
}

/// Work whose items leave as JSON.
struct Encoded<T>(Box<dyn Work<T>>);

impl<T: Serialize> Work<Json> for Encoded<T> {
    fn step(&mut self, budget: u64) -> Result<Step<Json>, JobError> {
        Ok(match self.0.step(budget)? {
            Step::Solution(item) => Step::Solution(encode_item(&item)?),
            Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        })
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn engine(&self) -> Option<&'static str> {
        self.0.engine()
    }
    fn proof(&self) -> Option<Impossible> {
        self.0.proof()
    }
}
