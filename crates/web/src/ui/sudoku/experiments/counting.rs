//! The counting card: Shidoku and 6×6 grids, and the J seed's boxes, each
//! counted in the worker and shown next to the published value.

use super::{now_ms, progress_bar, time_left, Task};
use crate::model::format::group;
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
    fn id(self) -> &'static str {
        match self {
            What::Shidoku => "shidoku",
            What::SixBySix => "six",
            What::NineByNine => "nine",
            What::Bands => "bands",
        }
    }

    fn title(self) -> &'static str {
        match self {
            What::Shidoku => "Shidoku: all 4×4 grids",
            What::SixBySix => "All 6×6 grids (2×3 boxes)",
            What::NineByNine => "All 9×9 grids",
            What::Bands => "9×9 boxes next to a fixed first box",
        }
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
        match self {
            What::Shidoku => "288",
            What::SixBySix => "28,200,960",
            What::NineByNine => "6,670,903,752,021,072,936,960 (Felgenhauer & Jarvis, 2005)",
            What::Bands => "12,096 right (and below); 146,313,216 pairs",
        }
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

#[derive(Clone, PartialEq)]
enum Outcome {
    Idle,
    Running {
        fraction: f64,
        so_far: u128,
        elapsed: f64,
    },
    Counted {
        text: String,
        matches: bool,
        ms: f64,
    },
    Stopped(String),
}

#[component]
fn CountRow(what: What, #[prop(optional)] start: bool) -> impl IntoView {
    let task = Task::scoped();
    let outcome = RwSignal::new(Outcome::Idle);
    let started = StoredValue::new(0.0);
    let run = move || {
        started.set_value(now_ms());
        outcome.set(Outcome::Running {
            fraction: 0.0,
            so_far: 0,
            elapsed: 0.0,
        });
        // Grid counts have no items; the bands' one item is the answer.
        let on_event = move |e: Event<Bands>| {
            let elapsed = now_ms() - started.get_value();
            match e {
                Event::Progress(p) => outcome.set(Outcome::Running {
                    fraction: p.fraction,
                    so_far: p.solutions,
                    elapsed,
                }),
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
                    outcome.set(Outcome::Counted {
                        text,
                        matches,
                        ms: elapsed,
                    });
                }
                Event::Done(stats) => {
                    if stats.cancelled {
                        outcome.set(Outcome::Stopped(format!(
                            "Cancelled after {} grids.",
                            group(stats.solutions)
                        )));
                    } else if what != What::Bands {
                        let expected = match what {
                            What::Shidoku => 288,
                            What::NineByNine => 6_670_903_752_021_072_936_960,
                            _ => 28_200_960,
                        };
                        outcome.set(Outcome::Counted {
                            text: group(stats.solutions),
                            matches: stats.solutions == expected,
                            ms: stats.total_ms.max(elapsed),
                        });
                    }
                }
                Event::Error(e) => outcome.set(Outcome::Stopped(e.message)),
                Event::Waiting(_) => {}
            }
        };
        let shape = what.shape();
        if what == What::Bands {
            task.submit(CountBands { shape }, move |_, e| on_event(e));
        } else {
            task.submit(CountGrids { shape }, move |_, e| on_event(e.retype()));
        }
    };
    let running = move || matches!(outcome.get(), Outcome::Running { .. });
    let result = move || {
        match outcome.get() {
        Outcome::Idle => view! { <span class="muted">"not counted yet"</span> }.into_any(),
        Outcome::Running {
            fraction,
            so_far,
            elapsed,
        } => {
            let text = if what == What::Bands {
                "counting…".to_string()
            } else {
                format!(
                    "{} grids so far · {:.0}% · {}",
                    group(so_far),
                    fraction * 100.0,
                    time_left(elapsed, fraction)
                )
            };
            progress_bar(fraction, "Parts counted", text).into_any()
        }
        Outcome::Counted { text, matches, ms } => view! {
            <span class=if matches { "exp-ours good" } else { "exp-ours bad" } data-testid=format!("count-result-{}", what.id())>
                {text}
            </span>
            <span class="muted">
                {format!(" in {}{}", crate::model::format::format_ms(ms), if matches { " — equals the published value ✓" } else { " — differs from the published value!" })}
            </span>
        }
        .into_any(),
        Outcome::Stopped(text) => view! { <span class="message error">{text}</span> }.into_any(),
    }
    };
    if start {
        run();
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
                        disabled=running on:click=move |_| run()>"Count"</button>
                    <button type="button" class="small" disabled=move || !running()
                        on:click=move |_| task.cancel()>"Cancel"</button>
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
        <section class="card exp-card" aria-labelledby="counting-title" data-testid="counting-card">
            <h2 id="counting-title">"Counting grids"</h2>
            <p class="muted exp-lead">
                "How many completed grids are there? The counts run in a Web Worker, so the page stays responsive. "
                "Search is enough up to 6×6; the 9×9 total takes the band method."
            </p>
            <CountRow what=What::Shidoku/>
            <CountRow what=What::SixBySix/>
            <CountRow what=What::NineByNine start=count_all/>
            <CountRow what=What::Bands/>
        </section>
    }
}
