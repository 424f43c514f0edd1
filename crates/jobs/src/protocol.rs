//! Messages between the page and a solver Web Worker.
//!
//! Everything here is plain data (serde) so it unit-tests natively. On the
//! wire each message is one JSON string (`postMessage(string)`): both ends are
//! Rust, so JSON keeps the format debuggable in the browser's devtools
//! without a second serialisation library.
//!
//! A conversation:
//!
//! ```text
//! worker → page   Ready { protocol }                  once, before any job is sent
//! page → worker   Start { id, kind, params }          kind = Job::KIND, params = the job as JSON
//! worker → page   Event { id, Progress(p) }           at most every ~100 ms
//! worker → page   Event { id, Item { index, item } }  item = one Job::Item as JSON
//! worker → page   Event { id, Waiting(stats) }        an enumeration delivered its batch;
//!                                                     the search stays alive in the worker
//! page → worker   More { id, count }                  resume it ("Next solution")
//! worker → page   Event { id, Done(stats) | Error(JobError) }
//! page → worker   Cancel { id }                       honoured between slices; answered by
//!                                                     Done { stats.cancelled = true }
//! ```
//!
//! Readiness is its own message, not a job event: a view only ever sees the
//! events of the job it started (`Event<J::Item>`, see [`crate::event`]).

use crate::event::Event;
use crate::job::Job;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// Bumped whenever a message changes shape; the page checks it in `Ready`.
/// 6: jobs are `{ kind, params }` and results typed items (`Job` trait).
/// 7: a count's `Stats` name its engine. 8: one `SudokuCount` for every
/// grid's rules (`rules` instead of `shape`; `VariantCount` is gone).
/// 9: `SudokuExplain` takes `rules` too (X and jigsaw get the step list).
/// 10: play mode's `SudokuHint` and `SudokuRating` run in the worker.
/// 11: `Stats::proof`, how a count ended without searching. 12: the
/// proof says how many placements it set aside first (`set_aside`).
/// 13: an explanation's exploration tree is of guesses (`guesses`,
/// `FlatEnd::Guess`).
pub const PROTOCOL_VERSION: u32 = 13;

/// A job's identifier, unique per page (chosen by the page).
pub type JobId = u32;

/// JSON text carried as it is: a job's params or one of its items.
///
/// The runner is type-erased, so it cannot hold these as their types; raw
/// text (rather than a `serde_json::Value`) keeps `u128` counters exact and
/// is decoded once, by the one type that knows its shape.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Json(Box<RawValue>);

impl Json {
    pub fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Json, serde_json::Error> {
        serde_json::value::to_raw_value(value).map(Json)
    }

    pub fn decode<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.0.get())
    }

    /// The JSON text.
    pub fn text(&self) -> &str {
        self.0.get()
    }
}

/// Equal texts; enough for tests, since both sides encode with serde_json.
impl PartialEq for Json {
    fn eq(&self, other: &Json) -> bool {
        self.text() == other.text()
    }
}

/// Page → worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Start a job: `kind` is its [`Job::KIND`], `params` the job itself.
    Start {
        id: JobId,
        kind: String,
        params: Json,
    },
    /// Resume an enumeration that is `Waiting`: find up to `count` more
    /// items.
    More { id: JobId, count: u32 },
    /// Stop a job (running or waiting) and drop its work.
    Cancel { id: JobId },
}

impl Request {
    /// The request that starts `job` as job `id`.
    pub fn start<J: Job>(id: JobId, job: &J) -> Request {
        Request::Start {
            id,
            kind: J::KIND.to_string(),
            params: Json::encode(job).expect("job params always serialise"),
        }
    }
}

/// One event of job `id`, as the worker posts it (items still JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: JobId,
    pub event: Event<Json>,
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Message {
    /// The worker has loaded and accepts jobs of this protocol version.
    Ready { protocol: u32 },
    /// Something happened to a job.
    Event(Reply),
}

impl From<Reply> for Message {
    fn from(reply: Reply) -> Message {
        Message::Event(reply)
    }
}

/// Encode a message for `postMessage`.
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol messages always serialise")
}

/// Decode a message received from `postMessage`.
pub fn decode<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("malformed worker message: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{ErrorKind, JobError, Stats};
    use crate::jobs::quantumino::QuantuminoSolve;
    use crate::jobs::sudoku::{Solved, SudokuCount, SudokuSolve};
    use tessera_engine::quantumino::{Partial, PlacedPiece};
    use tessera_engine::search::Progress;
    use tessera_engine::sudoku::variant::Kind;
    use tessera_engine::sudoku::{Algorithm, Shape};

    fn round_trip<T: Serialize + for<'a> Deserialize<'a> + PartialEq + std::fmt::Debug>(m: T) {
        let text = encode(&m);
        let back: T = decode(&text).unwrap();
        assert_eq!(back, m, "{text}");
    }

    #[test]
    fn requests_round_trip() {
        let solve = SudokuSolve {
            shape: Shape::square(3).unwrap(),
            cells: vec![0; 81],
            algorithm: Algorithm::Backtrack,
            batch: 1,
        };
        round_trip(Request::start(7, &solve));
        // A u128 limit survives as exact JSON text, params and all.
        let count = SudokuCount {
            rules: Kind::Standard(Shape::new(2, 3).unwrap()),
            cells: vec![0; 36],
            algorithm: Algorithm::Dlx,
            limit: Some(u128::MAX),
        };
        let request = Request::start(8, &count);
        round_trip(request.clone());
        match decode::<Request>(&encode(&request)).unwrap() {
            Request::Start { kind, params, .. } => {
                assert_eq!(kind, "SudokuCount");
                assert_eq!(params.decode::<SudokuCount>().unwrap(), count);
            }
            other => panic!("{other:?}"),
        }
        round_trip(Request::start(
            9,
            &QuantuminoSolve {
                aside: 16,
                box_size: [5, 8, 2],
                partial: Some(Partial::Incremental),
                batch: 2,
            },
        ));
        // The other families' params too.
        use crate::jobs::count::{CountGrids, PhaseTransition};
        use crate::jobs::quantumino::QuantuminoCount;
        use crate::jobs::sudoku::{SudokuExplain, SudokuGenerate};
        use tessera_engine::count::phase::Config as PhaseConfig;
        use tessera_engine::sudoku::generate::Options as GenerateOptions;
        round_trip(Request::start(
            10,
            &QuantuminoCount {
                aside: 0,
                box_size: [2, 2, 20],
                limit: None,
            },
        ));
        round_trip(Request::start(
            11,
            &SudokuExplain {
                rules: tessera_engine::sudoku::variant::Kind::Standard(Shape::square(2).unwrap()),
                cells: vec![0; 16],
            },
        ));
        let mut options = GenerateOptions::new(Shape::square(3).unwrap(), u64::MAX);
        options.minimal = true;
        round_trip(Request::start(10, &SudokuGenerate { options }));
        round_trip(Request::start(
            12,
            &PhaseTransition {
                config: PhaseConfig::standard(100, u64::MAX),
            },
        ));
        round_trip(Request::start(
            13,
            &CountGrids {
                shape: Shape::new(2, 3).unwrap(),
            },
        ));
        round_trip(Request::More { id: 7, count: 3 });
        round_trip(Request::Cancel { id: 7 });
    }

    #[test]
    fn messages_round_trip_with_huge_counts() {
        // The empty 9x9 grid has ~6.67e21 solutions: more than u64 holds.
        let stats = Stats {
            nodes: u64::MAX,
            solutions: 6_670_903_752_021_072_936_960,
            elapsed_ms: 1.5,
            total_ms: 2.5,
            exhausted: true,
            cancelled: false,
            limited: false,
            engine: Some(tessera_engine::sudoku::auto::Engine::Dlx9),
            proof: Some(tessera_engine::search::Impossible {
                least: -5,
                most: 25,
                total: -48,
                set_aside: 3,
            }),
        };
        let event = |id, event| Message::Event(Reply { id, event });
        round_trip(Message::Ready {
            protocol: PROTOCOL_VERSION,
        });
        round_trip(event(
            1,
            Event::Progress(Progress {
                nodes: 10,
                solutions: u128::MAX,
                fraction: 0.25,
                conflicts: None,
            }),
        ));
        round_trip(event(
            1,
            Event::Item {
                index: 4,
                item: Json::encode(&vec![1u8, 2, 3]).unwrap(),
            },
        ));
        round_trip(event(
            2,
            Event::Item {
                index: 0,
                item: Json::encode(&vec![PlacedPiece {
                    piece: 3,
                    cells: vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 2, 0]],
                }])
                .unwrap(),
            },
        ));
        // An item holding a u128 beyond u64 stays exact.
        let big = Json::encode(&(u128::MAX, 1u8)).unwrap();
        assert_eq!(big.decode::<(u128, u8)>().unwrap(), (u128::MAX, 1));
        round_trip(event(
            3,
            Event::Item {
                index: 0,
                item: big,
            },
        ));
        round_trip(event(1, Event::Waiting(stats)));
        round_trip(event(1, Event::Done(stats)));
        round_trip(event(
            1,
            Event::Error(JobError::bad_input("1 appears twice in row 1")),
        ));
    }

    #[test]
    fn finality() {
        assert!(Event::<()>::Done(Stats::default()).is_final());
        assert!(Event::<()>::Error(JobError::internal("x")).is_final());
        assert!(!Event::<()>::Waiting(Stats::default()).is_final());
        assert!(!Event::Item { index: 0, item: () }.is_final());
    }

    /// The page's side: an item decodes into the job's own type; one that
    /// does not is an error event naming the job, never a silent drop.
    #[test]
    fn the_page_decodes_items_into_the_jobs_type() {
        let good: Event<Json> = Event::Item {
            index: 2,
            item: Json::encode(&Solved {
                cells: vec![1, 2, 3],
                engine: Some("dlx".into()),
            })
            .unwrap(),
        };
        assert_eq!(
            good.decode::<SudokuSolve>(),
            Event::Item {
                index: 2,
                item: Solved {
                    cells: vec![1, 2, 3],
                    engine: Some("dlx".into())
                }
            }
        );
        let wrong: Event<Json> = Event::Item {
            index: 5,
            item: Json::encode(&"not cells").unwrap(),
        };
        match wrong.decode::<SudokuSolve>() {
            Event::Error(e) => {
                assert_eq!(e.kind, ErrorKind::Internal);
                assert!(e.message.contains("SudokuSolve"), "{e}");
                assert!(e.message.contains("result 5"), "{e}");
            }
            other => panic!("{other:?}"),
        }
        // A count has no items at all: any item is a disagreement.
        let stray: Event<Json> = Event::Item {
            index: 0,
            item: Json::encode(&1u8).unwrap(),
        };
        assert!(matches!(stray.decode::<SudokuCount>(), Event::Error(_)));
        // Other events pass through unchanged.
        let done: Event<Json> = Event::Done(Stats {
            solutions: 5,
            ..Stats::default()
        });
        assert_eq!(
            done.decode::<SudokuCount>(),
            Event::Done(Stats {
                solutions: 5,
                ..Stats::default()
            })
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(decode::<Request>("{\"Nope\":1}").is_err());
        assert!(decode::<Request>("not json").is_err());
        assert!(decode::<Message>("{\"Event\":{\"id\":1}}").is_err());
    }
}
