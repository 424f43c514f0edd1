//! The Sudoku workbench's Experiments tab: the modeling paper's questions
//! answered with plots — the phase transition of random puzzles, the
//! Sudoku graph and its colourings, and the counts of the J seed.
//!
//! It sits next to the grid editor as a sibling, not inside it: the tab bar
//! hides the editor with a CSS sibling rule, so the editor's code does not
//! change and both keep their state when the user switches back and forth.

mod colouring;
mod counting;
mod essential;
mod jnotes;
mod phase;

use super::Bench;
use crate::model::job::BarStyle;
use crate::ui::job::now_ms;
use crate::ui::job::{JobSlot, ProgressBar};
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
                <jnotes::JNotesCard/>
                <essential::EssentialCard/>
            </div>
        </div>
    }
}

/// A card's one worker job (see [`JobSlot`]).
type Task = JobSlot;

use crate::model::format::time_left;

/// A progress bar with a line of text under it.
fn progress_bar(fraction: f64, label: &'static str, text: String) -> impl IntoView {
    let style = BarStyle {
        label,
        now_decimals: 1,
        width_decimals: 2,
        sliver: true,
    };
    view! {
        <div class="exp-progress">
            <ProgressBar fraction=fraction style=style/>
            <div class="counter-line muted">{text}</div>
        </div>
    }
}
