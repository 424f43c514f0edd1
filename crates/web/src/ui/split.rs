//! The split-point macros (see [`super::workbench`]): `chunk_view!` puts a
//! view of a workbench in a wasm chunk of its own, `chunk!` a whole workbench.
//!
//! Keep each `#[wasm_split(…)]` on one line: rustfmt is not idempotent on
//! an attribute's arguments broken over lines inside `macro_rules!` (each run
//! indents them further), and `#[rustfmt::skip]` on an exported
//! `macro_rules!` (or its module) stops `crate::chunk!` from resolving.

/// Declares a view of a workbench as a split point for [`deferred`]:
/// `chunk_view!(sudoku_lab, lab_cards(lab: Lab) => view! { <LabCard lab=lab/> })`
/// defines `mod lab_cards` with `load()` and `view(lab)`, and the build puts
/// what only that view reaches into `split_sudoku_lab.wasm` (several views
/// may share one chunk name).
#[macro_export]
macro_rules! chunk_view {
    ($chunk:ident, $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) => $body:expr) => {
        pub mod $name {
            use super::*;
            use $crate::ui::workbench::{ChunkError, Load};
            use ::leptos::wasm_split::wasm_split;

            #[wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, preload(preload), fallible)]
            fn entry($($arg: $ty),*) -> Result<AnyView, ChunkError> {
                Ok(untrack(move || $body.into_any()))
            }

            pub fn load() -> Load {
                Box::pin(async { preload().await.map_err(ChunkError::from) })
            }

            pub fn view($($arg: $ty),*) -> Option<AnyView> {
                $crate::ui::workbench::poll_once(entry($($arg),*)).and_then(Result::ok)
            }
        }
    };
}

/// Declares a workbench's entry point as a split point: `chunk!(sudoku,
/// SudokuBench)` defines `mod chunk` with `load()` and `view()` for
/// [`Code::Chunk`], and the build puts everything only `SudokuBench` reaches
/// into `split_sudoku.wasm`. A workbench is a chunk view with no arguments.
#[macro_export]
macro_rules! chunk {
    ($name:ident, $component:ident) => {
        // The shell's view closure must not subscribe to what the workbench
        // reads while it is built: `chunk_view!` builds it untracked.
        $crate::chunk_view!($name, chunk() => view! { <$component/> });
    };
}
