//! The counting card: Shidoku and 6×6 grids, and the J seed's boxes, each
//! counted in the worker and shown next to the published value.

use super::ExpCard;
use super::{progress_bar, Experiment};
use crate::model::format::{format_ms, group};
use crate::ui::job::JobRun;
use leptos::prelude::*;
use tessera_engine::sudoku::Shape;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::count::{Bands, CountBands, CountGrids};

#[derive(Clone, Copy, PartialEq, Eq)]
enum What {
    Shidoku,
    SixBySix,
    NineByNine,
    Bands,
}

impl What {
    /// The row's id (in test ids), its title and the published value.
    fn words(self) -> [&'static str; 3] {
        match self {
            What::Shidoku => ["shidoku", "Shidoku: all 4×4 grids", "288"],
            What::SixBySix => ["six", "All 6×6 grids (2×3 boxes)", "28,200,960"],
            What::NineByNine => [
                "nine",
                "All 9×9 grids",
                "6,670,903,752,021,072,936,960 (Felgenhauer & Jarvis, 2005)",
            ],
            What::Bands => [
                "bands",
                "9×9 boxes next to a fixed first box",
                "12,096 right (and below); 146,313,216 pairs",
            ],
        }
    }

    fn id(self) -> &'static str {
        self.words()[0]
    }

    fn title(self) -> &'static str {
        self.words()[1]
    }

    fn method(self) -> &'static str {
        match self {
            What::Shidoku | What::SixBySix => {
                "Renaming the digits maps grids to grids one to one, so fix the first row to 1, 2, …, n, \
                 count the completions by search — one part per possible second row, which gives the \
                 progress — and multiply by n!."
            }
            What::NineByNine => {
                "Felgenhauer and Jarvis's band idea, counted rather than searched: whether three bands \
                 stack into a grid depends only on each band's column sets (its signature), so the \
                 grids are a sum over signatures of products of band counts. Renaming digits and \
                 permuting columns and stacks leave 84 kinds of top band to count."
            }
            What::Bands => {
                "Fix the top-left box. A box to its right must put in each row three digits that row \
                 of the first box lacks; a box below does the same for columns. Count both by search; \
                 they constrain different cells, so the pairs are the product."
            }
        }
    }

    fn published(self) -> &'static str {
        self.words()[2]
    }

    /// The box shape this row counts with.
    fn shape(self) -> Shape {
        let shape = |r, c| Shape::new(r, c).expect("valid box shape");
        match self {
            What::Shidoku => shape(2, 2),
            What::SixBySix => shape(2, 3),
            What::NineByNine | What::Bands => shape(3, 3),
        }
    }
}

/// How a finished count ended (while it runs, the controller's live
/// progress is shown instead).
#[derive(Clone, PartialEq)]
enum Outcome {
    Counted {
        text: String,
        matches: bool,
        ms: f64,
    },
    Stopped(String),
}

#[component]
fn CountRow(what: What, #[prop(optional)] start: bool) -> impl IntoView {
    let run: JobRun<Experiment> = JobRun::scoped();
    let outcome: RwSignal<Option<Outcome>> = RwSignal::new(None);
    let count = move || {
        outcome.set(None);
        // Grid counts have no items; the bands' one item is the answer.
        let on_event = move |e: Event<Bands>| {
            let elapsed = run.elapsed();
            match e {
                Event::Item {
                    item:
                        Bands {
                            right,
                            below,
                            pairs,
                        },
                    ..
                } => {
                    let text = format!(
                        "{} right, {} below, {} pairs",
                        group(u128::from(right)),
                        group(u128::from(below)),
                        group(pairs)
                    );
                    let matches = right == 12_096 && below == 12_096 && pairs == 146_313_216;
                    outcome.set(Some(Outcome::Counted {
                        text,
                        matches,
                        ms: elapsed,
                    }));
                }
                Event::Done(stats) => {
                    if stats.cancelled {
                        outcome.set(Some(Outcome::Stopped(format!(
                            "Cancelled after {} grids.",
                            group(stats.solutions)
                        ))));
                    } else if what != What::Bands {
                        let expected = match what {
                            What::Shidoku => 288,
                            What::NineByNine => 6_670_903_752_021_072_936_960,
                            _ => 28_200_960,
                        };
                        outcome.set(Some(Outcome::Counted {
                            text: group(stats.solutions),
                            matches: stats.solutions == expected,
                            ms: stats.total_ms.max(elapsed),
                        }));
                    }
                }
                Event::Error(e) => outcome.set(Some(Outcome::Stopped(e.message))),
                Event::Progress(_) | Event::Waiting(_) => {}
            }
        };
        let shape = what.shape();
        if what == What::Bands {
            run.start(
                CountBands { shape },
                Experiment::Counting,
                move |_, e, _| on_event(e),
            );
        } else {
            run.start(
                CountGrids { shape },
                Experiment::Counting,
                move |_, e, _| on_event(e.retype()),
            );
        }
    };
    let running = move || run.get().is_busy();
    let result = move || {
        match (run.live.get(), outcome.get()) {
        (Some(live), _) => {
            let text = if what == What::Bands {
                "counting…".to_string()
            } else {
                format!(
                    "{} grids so far · {:.0}% · {}",
                    group(live.solutions),
                    live.fraction * 100.0,
                    live.eta()
                )
            };
            progress_bar(live.fraction, "Parts counted", text).into_any()
        }
        (None, None) => view! { <span class="muted">"not counted yet"</span> }.into_any(),
        (None, Some(Outcome::Counted { text, matches, ms })) => view! {
            <span class=if matches { "exp-ours good" } else { "exp-ours bad" } data-testid=format!("count-result-{}", what.id())>
                {text}
            </span>
            <span class="muted">
                {format!(" in {}{}", format_ms(ms), if matches { " — equals the published value ✓" } else { " — differs from the published value!" })}
            </span>
        }
        .into_any(),
        (None, Some(Outcome::Stopped(text))) => view! { <span class="message error">{text}</span> }.into_any(),
    }
    };
    if start {
        count();
        // Bring the running count into view once the page is drawn.
        request_animation_frame(move || {
            if let Ok(Some(row)) = crate::ui::dom::document()
                .query_selector(&format!("[data-testid=\"count-{}\"]", what.id()))
            {
                row.scroll_into_view();
            }
        });
    }
    view! {
        <div class="exp-count" data-testid=format!("count-{}", what.id())>
            <div class="exp-count-head">
                <h3>{what.title()}</h3>
                <div class="exp-count-buttons">
                    <button type="button" class="primary small" data-testid=format!("count-run-{}", what.id())
                        disabled=running on:click=move |_| count()>"Count"</button>
                    <button type="button" class="small" disabled=move || !running()
                        on:click=move |_| { run.cancel(); }>"Cancel"</button>
                </div>
            </div>
            <p class="muted exp-method">{what.method()}</p>
            <dl class="exp-values">
                <dt>"Published"</dt>
                <dd>{what.published()}</dd>
                <dt>"Tessera"</dt>
                <dd>{result}</dd>
            </dl>
        </div>
    }
}

#[component]
pub fn CountingCard(count_all: bool) -> impl IntoView {
    view! {
        <ExpCard id="counting" title="Counting grids"
            lead=concat!(
                "How many completed grids are there? The counts run in a Web Worker, so the page stays responsive. ",
                "Search is enough up to 6×6; the 9×9 total takes the band method.",
            )>
            <CountRow what=What::Shidoku/>
            <CountRow what=What::SixBySix/>
            <CountRow what=What::NineByNine start=count_all/>
            <CountRow what=What::Bands/>
        </ExpCard>
    }
}
