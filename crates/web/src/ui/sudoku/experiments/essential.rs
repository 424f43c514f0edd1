//! The essentially different grids card: Burnside's lemma over the grid
//! symmetries' conjugacy classes, computed in the worker
//! (`EssentiallyDifferent`), shown beside the published value and its
//! source, with the classes that fix some grid as a table.

use super::ExpCard;
use crate::model::format::group;
use crate::model::job::{Purpose, Tone};
use crate::ui::job::{JobProgress, JobRun, ProgressText};
use leptos::prelude::*;
use tessera_engine::sudoku::Shape;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::essential::{EssentialAnswer, EssentiallyDifferent};

/// The one job of this card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Burnside;

impl Purpose for Burnside {
    fn name(self) -> &'static str {
        "counting"
    }
    fn shows_progress(self) -> bool {
        true
    }
    fn reports_stats(self) -> bool {
        false
    }
}

/// The shapes offered: (value, label, box rows, box columns).
const SHAPES: [(&str, &str, usize, usize); 3] = [
    ("2x2", "4×4 (Shidoku)", 2, 2),
    ("2x3", "6×6 (2×3 boxes)", 2, 3),
    ("3x3", "9×9 (slow: 40 s natively)", 3, 3),
];

fn number(text: &str) -> String {
    text.parse::<u128>()
        .map(group)
        .unwrap_or_else(|_| text.to_string())
}

#[component]
pub fn EssentialCard() -> impl IntoView {
    let job: JobRun<Burnside> = JobRun::new();
    let choice = RwSignal::new(String::from("2x2"));
    let answer = RwSignal::new(None::<EssentialAnswer>);
    // The last progress: what a Cancel reports.
    let last = StoredValue::new((0.0f64, 0u64));
    let compute = move |_| {
        let Some(&(_, _, r, c)) = SHAPES.iter().find(|s| s.0 == choice.get_untracked()) else {
            return;
        };
        let Some(shape) = Shape::new(r, c) else {
            return;
        };
        answer.set(None);
        job.clear_message();
        last.set_value((0.0, 0));
        job.start(
            EssentiallyDifferent {
                shape,
                transpose: true,
            },
            Burnside,
            move |_, e, _| match e {
                Event::Item { item, .. } => answer.set(Some(item)),
                Event::Progress(p) => last.set_value((p.fraction, p.nodes)),
                Event::Done(stats) if stats.cancelled => {
                    let (fraction, nodes) = last.get_value();
                    job.say(
                        Tone::Info,
                        format!(
                            "Cancelled after {:.1}% of the conjugacy classes ({} nodes).",
                            fraction * 100.0,
                            group(u128::from(nodes))
                        ),
                    );
                }
                _ => {}
            },
        );
    };
    let running = move || job.get().is_running();
    view! {
        <ExpCard id="essential" title="Essentially different grids"
            lead="Two grids are the same in essence when relabelling the digits, permuting bands, stacks, the rows \
             inside a band or the columns inside a stack, and transposing turn one into the other. Burnside's \
             lemma counts the classes: for each conjugacy class of symmetries, the grids it maps to a \
             relabelling of themselves, times the class's size, summed and divided by the group's order.">
            <div class="exp-count">
                <div class="exp-count-head">
                    <label>"Grid "
                        <select data-testid="essential-shape" disabled=running
                            on:change=move |ev| choice.set(event_target_value(&ev))>
                            {SHAPES.iter().map(|(v, label, _, _)| view! {
                                <option value=*v selected=move || choice.get() == *v>{*label}</option>
                            }).collect::<Vec<_>>()}
                        </select>
                    </label>
                    <div class="exp-count-buttons">
                        <button type="button" class="primary small" data-testid="essential-count" disabled=running on:click=compute>"Count"</button>
                        <button type="button" class="small" data-testid="essential-cancel" disabled=move || !running() on:click=move |_| { job.cancel(); }>"Cancel"</button>
                    </div>
                </div>
                <JobProgress live=job.live testid="essential-progress" count_testid="essential-progress-count" text=ProgressText::Eta/>
                {move || job.message.get().map(|m| view! { <p class=format!("message {}", m.tone.name()) data-testid="essential-message">{m.text}</p> })}
                {move || answer.get().map(|a| {
                    let matches = a.published.as_ref().is_some_and(|(v, _)| *v == a.count);
                    view! {
                        <p data-testid="essential-result">
                            <strong data-testid="essential-total">{number(&a.count)}</strong>
                            {format!(" essentially different grids: {} symmetries in {} conjugacy classes, {} of which fix some grid.",
                                group(a.group_order as u128), a.classes, a.rows.len())}
                        </p>
                        {a.published.clone().map(|(v, source)| view! {
                            <p class="muted" data-testid="essential-published">
                                {format!("Published: {} — {}{}", number(&v), source, if matches { " (agrees)" } else { " (DIFFERS)" })}
                            </p>
                        })}
                        <table class="jnotes-table" data-testid="essential-table">
                            <thead><tr><th>"Class"</th><th>"Size"</th><th>"Order"</th><th>"Transposes"</th><th>"Fixed grids (first row 1…n)"</th></tr></thead>
                            <tbody>
                                {a.rows.into_iter().map(|r| view! {
                                    <tr>
                                        <td class="num">{r.number}</td>
                                        <td class="num">{group(r.size as u128)}</td>
                                        <td class="num">{r.order}</td>
                                        <td>{if r.transposes { "yes" } else { "no" }}</td>
                                        <td class="num">{group(r.fixed)}</td>
                                    </tr>
                                }).collect::<Vec<_>>()}
                            </tbody>
                        </table>
                    }
                })}
            </div>
        </ExpCard>
    }
}
