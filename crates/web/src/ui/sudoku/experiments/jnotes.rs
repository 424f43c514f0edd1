//! The J notes card: their Method 1 built grid by grid, row by row, with
//! the stack in view, and their box-by-box estimate as a table beside the
//! exact numbers (computed in the worker: the exact total takes seconds).
//!
//! Method 1 runs here, on the page, one loop pass per click: a pass pushes
//! at most a few hundred rows, microseconds of engine work
//! (`engine::count::jnotes::RowByRow`), so it needs no worker.

use super::mini_grid;
use super::ExpCard;
use crate::model::format::group;
use crate::model::job::Purpose;
use crate::ui::job::{JobProgress, JobRun, ProgressText};
use leptos::prelude::*;
use tessera_engine::count::jnotes::{EstimateRow, RowByRow, RowStep};
use tessera_engine::sudoku::Shape;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::jnotes::JNotesEstimates;

/// The one job of this card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Estimate;

impl Purpose for Estimate {
    fn name(self) -> &'static str {
        "estimating"
    }
    fn shows_progress(self) -> bool {
        true
    }
    fn reports_stats(self) -> bool {
        false
    }
}

fn nine() -> Shape {
    Shape::square(3).expect("3x3")
}

/// One pass of the notes' loop, in words.
fn describe(step: &RowStep, found: u64) -> String {
    match step {
        RowStep::Extended {
            rows,
            extensions: 0,
        } => {
            format!("Rows 1–{rows} have no next row: a dead end, dropped.")
        }
        RowStep::Extended { rows, extensions } => format!(
            "Rows 1–{rows} popped: {} for row {} pushed, the first on top.",
            if *extensions == 1 {
                "1 candidate".to_string()
            } else {
                format!("{} candidates", group(*extensions as u128))
            },
            rows + 1
        ),
        RowStep::Found(_) => format!("A complete grid popped: grid {found}."),
    }
}

#[component]
fn MethodOne() -> impl IntoView {
    let run = StoredValue::new(RowByRow::new(nine()));
    let top = RwSignal::new(run.with_value(|r| r.top().map(<[u8]>::to_vec).unwrap_or_default()));
    let line = RwSignal::new(String::from(
        "The stack holds one partial grid: the first row 1–9.",
    ));
    let found = RwSignal::new(Vec::<String>::new());
    let stack = RwSignal::new(1usize);
    let refresh = move || {
        run.with_value(|r| {
            top.set(r.top().map(<[u8]>::to_vec).unwrap_or_default());
            stack.set(r.stack_len());
        })
    };
    let apply = move |step: RowStep| {
        let n = run.with_value(|r| r.found());
        line.set(describe(&step, n));
        if let RowStep::Found(g) = step {
            top.set(g.clone());
            found.update(|f| f.push(g.iter().map(|d| char::from(b'0' + d)).collect()));
            run.with_value(|r| stack.set(r.stack_len()));
        } else {
            refresh();
        }
    };
    let one_step = move |_| {
        let step = run.try_update_value(|r| r.step()).flatten();
        match step {
            Some(s) => apply(s),
            None => line.set("The stack is empty: every grid has been listed.".into()),
        }
    };
    let next_grid = move |_| {
        // At most a few thousand passes between two grids of Method 1.
        for _ in 0..100_000 {
            match run.try_update_value(|r| r.step()).flatten() {
                Some(s @ RowStep::Found(_)) => return apply(s),
                Some(_) => {}
                None => return line.set("The stack is empty: every grid has been listed.".into()),
            }
        }
        refresh();
    };
    let reset = move |_| {
        run.set_value(RowByRow::new(nine()));
        found.set(Vec::new());
        line.set("The stack holds one partial grid: the first row 1–9.".into());
        refresh();
    };
    view! {
        <div class="exp-count" data-testid="jnotes-method1">
            <div class="exp-count-head">
                <h3>"Method 1: grids row by row"</h3>
                <div class="exp-count-buttons">
                    <button type="button" class="small" data-testid="jnotes-step" on:click=one_step>"Step"</button>
                    <button type="button" class="primary small" data-testid="jnotes-next" on:click=next_grid>"Next grid"</button>
                    <button type="button" class="small" data-testid="jnotes-reset" on:click=reset>"Reset"</button>
                </div>
            </div>
            <p class="muted exp-method">
                "Start from the row 1 2 … 9 on a stack. Take the top partial grid; list every row that differs \
                 from each row above it in every column and keeps the boxes free of repeats; push them so that \
                 the first is on top. A grid with nine rows is a solution. The order is the notes' own: their \
                 `run 5` shows exactly the first five grids below."
            </p>
            <div class="jnotes-method">
                {move || mini_grid(top.get(), Vec::new(), "jnotes-top")}
                <div>
                    <p data-testid="jnotes-line">{move || line.get()}</p>
                    <p class="muted" data-testid="jnotes-stack">
                        {move || format!("On the stack: {} partial grids · grids found: {}", group(stack.get() as u128), found.with(Vec::len))}
                    </p>
                    <ol class="jnotes-found" data-testid="jnotes-found">
                        {move || found.get().into_iter().map(|g| view! { <li><code>{g}</code></li> }).collect::<Vec<_>>()}
                    </ol>
                </div>
            </div>
        </div>
    }
}

#[component]
fn Estimates() -> impl IntoView {
    let job: JobRun<Estimate> = JobRun::new();
    let table = RwSignal::new(None::<Vec<EstimateRow>>);
    let compute = move |_| {
        table.set(None);
        job.clear_message();
        job.start(JNotesEstimates {}, Estimate, move |_, e, _| {
            if let Event::Item { item, .. } = e {
                table.set(Some(item));
            }
        });
    };
    let running = move || job.get().is_running();
    view! {
        <div class="exp-count" data-testid="jnotes-estimates">
            <div class="exp-count-head">
                <h3>"The box-by-box estimate"</h3>
                <div class="exp-count-buttons">
                    <button type="button" class="primary small" data-testid="jnotes-estimate" disabled=running on:click=compute>"Compute"</button>
                    <button type="button" class="small" disabled=move || !running() on:click=move |_| { job.cancel(); }>"Cancel"</button>
                </div>
            </div>
            <p class="muted exp-method">
                "The notes multiply the choices box by box: 9! first boxes, 12,096 boxes beside and below, \
                 about 400 for the box between them, and 337,536 ways to finish one 6×6 corner — 7.17 × 10²¹, \
                 against the exact 6.67 × 10²¹. Each number recomputed, with what it should have been."
            </p>
            <JobProgress live=job.live testid="jnotes-progress" count_testid="jnotes-progress-count" text=ProgressText::Eta/>
            {move || job.message.get().map(|m| view! { <p class=format!("message {}", m.tone.name())>{m.text}</p> })}
            {move || table.get().map(|rows| view! {
                <table class="jnotes-table" data-testid="jnotes-table">
                    <thead><tr><th>"Quantity"</th><th>"The notes"</th><th>"Tessera"</th></tr></thead>
                    <tbody>
                        {rows.into_iter().map(|r| view! {
                            <tr><td>{r.quantity}</td><td>{r.notes}</td><td class="num">{r.tessera}</td></tr>
                        }).collect::<Vec<_>>()}
                    </tbody>
                </table>
            })}
        </div>
    }
}

#[component]
pub fn JNotesCard() -> impl IntoView {
    view! {
        <ExpCard id="jnotes" title="The J notes, step by step"
            lead="The NYC J users' group notes of October 2012 build solved grids row by row and estimate how many \
             there are box by box. Both here, in the notes' order and with the notes' numbers.">
            <MethodOne/>
            <Estimates/>
        </ExpCard>
    }
}
