//! The registry of workbenches. A workbench is a module exposing a
//! `WORKBENCH` constant; list it here and the header nav and the router
//! pick it up. Only what exists is listed — no placeholder pages.
//!
//! Each workbench but the home is its own wasm chunk: the build
//! (`scripts/build-app.mjs`) splits the app's wasm at the functions the
//! `chunk!` macro (ui/split.rs) marks, so the first screen downloads the shell and the
//! home, and a workbench's code arrives when it is first opened (or, for a
//! link straight into it, in parallel with the main module: index.html's
//! loader preloads the route's chunks). docs/performance.md has the numbers.

use leptos::prelude::AnyView;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

pub struct Workbench {
    /// The first segment of the URL fragment (`#sudoku/…`).
    pub id: &'static str,
    /// The nav label.
    pub title: &'static str,
    /// One line for the nav's tooltip and the page title.
    pub blurb: &'static str,
    /// Where its code lives and how to build its view.
    pub code: Code,
}

/// A chunk's load: `Err` when its wasm could not be fetched or instantiated.
pub type Load = Pin<Box<dyn Future<Output = Result<(), ChunkError>>>>;

/// A workbench's chunk did not load (the browser's console has the cause:
/// usually the network, on a first visit without the service worker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkError;

impl From<leptos::wasm_split::SplitLoaderError> for ChunkError {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        ChunkError
    }
}

pub enum Code {
    /// Linked into the main module: the home, which is the first screen.
    Main(fn() -> AnyView),
    /// In a chunk of its own. `load` fetches and instantiates it (once;
    /// a failed load is retried by the next call); `view` builds the
    /// workbench and may only be called once `load` has succeeded.
    Chunk {
        load: fn() -> Load,
        view: fn() -> Option<AnyView>,
    },
}

impl Workbench {
    /// `true` when the workbench's code is in memory: its view can be built
    /// now, in this task. For a chunk not yet loaded this starts its load
    /// (the loader keeps one fetch in flight per chunk), which is what the
    /// caller does next anyway.
    pub fn is_loaded(&self) -> bool {
        match self.code {
            Code::Main(_) => true,
            Code::Chunk { load, .. } => loaded_now(load),
        }
    }

    /// The workbench's view; its chunk must be loaded ([`Self::is_loaded`]).
    pub fn render(&self) -> Option<AnyView> {
        match self.code {
            Code::Main(view) => Some(view()),
            Code::Chunk { view, .. } => view(),
        }
    }
}

/// `true` when the chunk `load` fetches is in memory. If it is not, this
/// starts its load (the loader keeps one fetch in flight per chunk).
pub fn loaded_now(load: fn() -> Load) -> bool {
    matches!(poll_once(load()), Some(Ok(())))
}

/// Polls a future once: a loaded chunk's wrapper resolves at once.
pub fn poll_once<T>(future: impl Future<Output = T>) -> Option<T> {
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(v) => Some(v),
        Poll::Pending => None,
    }
}

/// The home comes first: it is the default and the nav's first entry.
pub const WORKBENCHES: &[Workbench] = &[
    super::home::WORKBENCH,
    super::sudoku::WORKBENCH,
    super::polyform::WORKBENCH,
    super::quantumino::WORKBENCH,
    super::hexad::WORKBENCH,
];

pub fn find(id: &str) -> Option<&'static Workbench> {
    WORKBENCHES.iter().find(|w| w.id == id)
}

pub fn default_workbench() -> &'static Workbench {
    &WORKBENCHES[0]
}

/// Where a part of a workbench that lives in a chunk of its own stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// Not wanted yet: nothing fetched.
    Idle,
    Loading,
    Ready,
    Failed,
}

/// A part of a workbench in a chunk of its own (a tab, play mode, a card),
/// fetched the first time it is `wanted`: the workbench's first view (a
/// usable grid) need not wait for it. While the chunk loads a status line
/// stands in its place; once loaded, `build` runs once, untracked, and the
/// part stays (hiding it is the caller's business). A chunk already in
/// memory shows at once (in the same task).
pub fn deferred(
    wanted: impl Fn() -> bool + Send + Sync + 'static,
    load: fn() -> Load,
    build: impl Fn() -> Option<AnyView> + Send + Sync + 'static,
    what: &'static str,
) -> impl leptos::prelude::IntoView {
    use leptos::prelude::*;
    let state = RwSignal::new(Part::Idle);
    let fetch = move || {
        if loaded_now(load) {
            state.set(Part::Ready);
            return;
        }
        state.set(Part::Loading);
        leptos::task::spawn_local(async move {
            let loaded = load().await;
            // `try_`: the part may be gone by then (the user moved on).
            state.try_set(if loaded.is_ok() {
                Part::Ready
            } else {
                Part::Failed
            });
        });
    };
    move || {
        // Until wanted, this tracks `wanted` (and `state`); from then on
        // `state` alone, read after `fetch` set it, so the part is built
        // once, not again for its own state change.
        if state.get_untracked() == Part::Idle {
            if !wanted() {
                state.track();
                return None;
            }
            untrack(fetch);
        }
        match state.get() {
            Part::Idle => None,
            Part::Ready => untrack(&build),
            Part::Loading => Some(
                view! {
                    <p class="part-loading" role="status" data-testid="part-loading">
                        {format!("Loading {what}…")}
                    </p>
                }
                .into_any(),
            ),
            Part::Failed => Some(
                view! {
                    <p class="part-loading error" role="alert">
                        {format!("Could not load {what}. Check the connection, then reload the page.")}
                    </p>
                }
                .into_any(),
            ),
        }
    }
}
