//! The worker's table of job kinds: wire key → "decode the params into the
//! job's type and start it", with the job's items encoded as JSON.
//!
//! This is the only place that erases job types, so the runner stays a
//! scheduler that knows no family, and adding a job is one line in
//! [`crate::jobs::REGISTRY`] next to its type in its family's file.

use crate::event::JobError;
use crate::job::{Job, Started};
use crate::protocol::Json;

/// One job kind, type-erased.
pub struct Entry {
    kind: &'static str,
    start: fn(&str) -> Result<Started<Json>, JobError>,
}

impl Entry {
    /// The entry of job type `J`.
    pub const fn of<J: Job>() -> Entry {
        Entry {
            kind: J::KIND,
            start: start::<J>,
        }
    }

    pub fn kind(&self) -> &'static str {
        self.kind
    }
}

/// Decode `params` as a `J` and start it.
fn start<J: Job>(params: &str) -> Result<Started<Json>, JobError> {
    let mut de = serde_json::Deserializer::from_str(params);
    let job: J = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        JobError::bad_input(if path == "." {
            format!("bad parameters for a {} job: {inner}", J::KIND)
        } else {
            format!("bad parameter `{path}` for a {} job: {inner}", J::KIND)
        })
    })?;
    job.start()?.encoded()
}

/// A set of job kinds.
pub struct Registry(&'static [Entry]);

impl Registry {
    pub const fn new(entries: &'static [Entry]) -> Registry {
        Registry(entries)
    }

    /// Every kind, in registry order.
    pub fn kinds(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.iter().map(Entry::kind)
    }

    /// Start the job `kind` with `params`. An unknown kind is an error
    /// that names it (a page newer than its worker, or a typo).
    pub fn start(&self, kind: &str, params: &Json) -> Result<Started<Json>, JobError> {
        let entry = self.0.iter().find(|e| e.kind == kind).ok_or_else(|| {
            JobError::unsupported(format!("this worker has no job kind `{kind}`"))
        })?;
        (entry.start)(params.text())
    }
}

/// A [`Registry`] of the listed job types, one per line:
/// `registry![SudokuSolve, SudokuCount]`.
#[macro_export]
macro_rules! registry {
    ($($job:ty),+ $(,)?) => {
        $crate::registry::Registry::new(&[$($crate::registry::Entry::of::<$job>()),+])
    };
}
