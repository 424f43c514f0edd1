//! The Sudoku workbench's Experiments tab: the modeling paper's questions
//! answered with plots — the phase transition of random puzzles, the
//! Sudoku graph and its colourings, and the counts of the J seed.
//!
//! It sits next to the grid editor as a sibling, not inside it: the tab bar
//! hides the editor with a CSS sibling rule, so the editor's code does not
//! change and both keep their state when the user switches back and forth.

mod colouring;
mod counting;
mod phase;

use super::Bench;
use crate::ui::job::JobSlot;
use leptos::prelude::*;

/// The tab bar and, when chosen, the experiments page.
#[component]
pub fn Experiments(bench: Bench) -> impl IntoView {
    let open = RwSignal::new(false);
    let tab = move |on: bool, label: &'static str, id: &'static str| {
        view! {
            <button type="button" role="tab" class="segment" data-testid=id
                aria-selected=move || (open.get() == on).to_string()
                aria-checked=move || (open.get() == on).to_string()
                on:click=move |_| open.set(on)>
                {label}
            </button>
        }
    };
    view! {
        <div class="exp-switch" data-tab=move || if open.get() { "experiments" } else { "grid" }>
            <div class="segmented exp-tabs" role="tablist" aria-label="Sudoku views">
                {tab(false, "Grid", "sudoku-tab-grid")}
                {tab(true, "Experiments", "sudoku-tab-experiments")}
            </div>
            <div class="exp-page" data-testid="experiments" hidden=move || !open.get()>
                <phase::PhaseCard/>
                <colouring::ColouringCard bench=bench/>
                <counting::CountingCard/>
            </div>
        </div>
    }
}

/// A card's one worker job (see [`JobSlot`]).
type Task = JobSlot;

/// Milliseconds since the page loaded.
fn now_ms() -> f64 {
    crate::ui::dom::window()
        .performance()
        .map(|p| p.now())
        .unwrap_or(0.0)
}

use crate::model::format::time_left;

/// A progress bar with a line of text under it.
fn progress_bar(fraction: f64, label: &'static str, text: String) -> impl IntoView {
    let pct = (fraction * 100.0).clamp(0.0, 100.0);
    view! {
        <div class="exp-progress">
            <div class="progress" role="progressbar" aria-label=label aria-valuemin="0"
                aria-valuemax="100" aria-valuenow=format!("{pct:.1}")>
                <div class="progress-fill" style=format!("width:{:.2}%", pct.max(0.5))></div>
            </div>
            <div class="counter-line muted">{text}</div>
        </div>
    }
}
