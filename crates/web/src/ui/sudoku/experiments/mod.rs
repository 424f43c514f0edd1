//! The Sudoku workbench's Experiments tab: the modeling paper's questions
//! answered with plots — the phase transition of random puzzles, the
//! Sudoku graph and its colourings, and the counts of the J seed.
//!
//! It sits next to the grid editor as a sibling, not inside it: the tab bar
//! hides the editor with a CSS sibling rule, so the editor's code does not
//! change and both keep their state when the user switches back and forth.

mod colouring;
mod counting;
mod encodings;
mod essential;
mod jnotes;
mod minimal;
mod phase;
mod sweep;

use super::Bench;
use crate::model::job::{BarStyle, Purpose};
use crate::ui::job::ProgressBar;
use leptos::prelude::*;

/// The page's cards, in order: the id in links (`#sudoku/experiments/<id>`,
/// the card's `{id}-card` and heading `{id}-title`) and the contents' label.
pub const CARDS: [(&str, &str); 8] = [
    ("phase", "Phase transition"),
    ("minimal", "Minimal puzzles"),
    ("colouring", "Graph colouring"),
    ("encodings", "SAT encodings"),
    ("counting", "Counting grids"),
    ("jnotes", "The J notes"),
    ("sweep", "Sweeps"),
    ("essential", "Essentially different"),
];

/// Scroll a card's heading to the top once the card is mounted (the
/// page mounts its cards one per task).
fn scroll_to_card(card: &str) {
    if CARDS.iter().any(|(id, _)| *id == card) {
        crate::ui::dom::when_present_within(format!("{card}-title"), 600, |el| {
            el.scroll_into_view_with_bool(true)
        });
    }
}

/// The tab bar and, when chosen, the experiments page. Which tab and card
/// are on screen is the bench's `experiments`, which the URL follows.
#[component]
pub fn Experiments(bench: Bench) -> impl IntoView {
    // The home's "count all 9×9 grids" opens this page and starts it.
    let count_all = crate::ui::shell::use_shell().take_intent("count-grids");
    if count_all && bench.experiments.get_untracked().is_none() {
        bench.experiments.set(Some("counting".into()));
    }
    let open = Memo::new(move |_| bench.experiments.with(Option::is_some));
    // A card named by a link, Back or the contents: in view.
    Effect::new(move |_| {
        if let Some(card) = bench.experiments.get().filter(|c| !c.is_empty()) {
            scroll_to_card(&card);
        }
    });
    let tab = move |on: bool, label: &'static str, id: &'static str| {
        view! {
            <button type="button" role="tab" class="segment" data-testid=id
                aria-selected=move || (open.get() == on).to_string()
                on:click=move |_| {
                    if open.get_untracked() != on {
                        bench.experiments.set(on.then(String::new));
                    }
                }>
                {label}
            </button>
        }
    };
    let contents = CARDS
        .iter()
        .map(|&(id, label)| {
            view! {
                <li>
                    <a href=format!("#sudoku/experiments/{id}") data-testid=format!("exp-go-{id}")
                        aria-current=move || bench.experiments.with(|c| c.as_deref() == Some(id)).then_some("location")
                        on:click=move |e| {
                            e.prevent_default();
                            if bench.experiments.with_untracked(|c| c.as_deref() == Some(id)) {
                                scroll_to_card(id);
                            } else {
                                bench.experiments.set(Some(id.to_string()));
                            }
                        }>
                        {label}
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="exp-switch" data-tab=move || if open.get() { "experiments" } else { "grid" }>
            <div class="segmented exp-tabs" role="tablist" aria-label="Sudoku views">
                {tab(false, "Grid", "sudoku-tab-grid")}
                {tab(true, "Experiments", "sudoku-tab-experiments")}
            </div>
            <div class="exp-page" data-testid="experiments" hidden=move || !open.get()>
                <nav class="exp-contents" aria-label="Experiments" data-testid="exp-contents">
                    <ul>{contents}</ul>
                </nav>
                {crate::ui::workbench::deferred(
                    move || open.get(),
                    page::load,
                    move || page::view(bench, count_all),
                    "the experiments",
                )}
            </div>
        </div>
    }
}

/// What an experiment card's job is doing; each card runs its jobs through
/// the one controller (`ui::job::JobRun`), with its live progress shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Experiment {
    /// Counting grids or boxes.
    Counting,
    /// Drawing and classifying random puzzles.
    Sampling,
    /// Colouring the Sudoku graph.
    Colouring,
    /// Solving the SAT encodings.
    Encoding,
}

impl Purpose for Experiment {
    fn name(self) -> &'static str {
        match self {
            Experiment::Counting => "counting",
            Experiment::Sampling => "sampling",
            Experiment::Colouring => "colouring",
            Experiment::Encoding => "encoding",
        }
    }

    fn shows_progress(self) -> bool {
        true
    }
}

/// One experiment's card: its title, a lead paragraph saying what it
/// shows, then its own body. `id` names the card (`{id}-card`) and its
/// heading (`{id}-title`).
#[component]
fn ExpCard(
    id: &'static str,
    title: &'static str,
    lead: &'static str,
    children: Children,
) -> impl IntoView {
    view! {
        <section class="card exp-card" aria-labelledby=format!("{id}-title") data-testid=format!("{id}-card")>
            <h2 id=format!("{id}-title")>{title}</h2>
            <p class="muted exp-lead">{lead}</p>
            {children()}
        </section>
    }
}

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

/// A small 9×9 grid of digits (0 or missing: empty), boxes ruled; cells
/// whose index is in `marked` are highlighted (what a step just set).
fn mini_grid(cells: Vec<u8>, marked: Vec<usize>, testid: &'static str) -> impl IntoView {
    let rows: Vec<_> = (0..9)
        .map(|r| {
            let tds: Vec<_> = (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    let v = cells.get(i).copied().unwrap_or(0);
                    let class = format!(
                        "{}{}{}",
                        if c % 3 == 2 && c < 8 { "box-right " } else { "" },
                        if r % 3 == 2 && r < 8 { "box-bottom " } else { "" },
                        if marked.contains(&i) { "marked" } else { "" }
                    );
                    view! { <td class=class>{if v == 0 { String::new() } else { v.to_string() }}</td> }
                })
                .collect();
            view! { <tr>{tds}</tr> }
        })
        .collect();
    view! { <table class="jnotes-grid" data-testid=testid><tbody>{rows}</tbody></table> }
}

// The page's cards are a chunk of their own, fetched the first time the tab
// is opened; its eight cards are mounted one per task.
crate::chunk_view!(sudoku_more, page(bench: Bench, count_all: bool) => {
    let shown = crate::ui::dom::stagger(8);
    let card = move |i: usize| move || shown.get() > i;
    view! {
        <Show when=card(0)><phase::PhaseCard/></Show>
        <Show when=card(1)><minimal::MinimalCard/></Show>
        <Show when=card(2)><colouring::ColouringCard bench=bench/></Show>
        <Show when=card(3)><encodings::EncodingsCard bench=bench/></Show>
        <Show when=card(4)><counting::CountingCard count_all=count_all/></Show>
        <Show when=card(5)><jnotes::JNotesCard/></Show>
        <Show when=card(6)><sweep::SweepCard bench=bench/></Show>
        <Show when=card(7)><essential::EssentialCard/></Show>
    }
});
