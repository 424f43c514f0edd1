//! The SAT encodings card: the puzzle in the Grid tab, or the first ten
//! top95 puzzles, written as CNF three ways (minimal, efficient, extended)
//! and solved in the worker by Tessera's CDCL solver (`SatEncodings`).
//! The page only shows the rows: the encoder and the solver live in the
//! worker, so the page's wasm does not carry the SAT solver.

use super::{progress_bar, ExpCard, Experiment};
use crate::model::format::{format_ms, group};
use crate::model::job::Tone;
use crate::model::sudoku::board::Board;
use crate::ui::job::{JobRun, MessageLayout, StatusMessage};
use crate::ui::sudoku::examples::EXAMPLES;
use crate::ui::sudoku::Bench;
use leptos::prelude::*;
use tessera_engine::sudoku::encodings::Encoding;
use tessera_engine::sudoku::{Shape, Sudoku};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::modeling::{EncodingRow, SatEncodings};

/// What each encoding has beyond the one before, in our words.
fn adds(e: Encoding) -> &'static str {
    match e {
        Encoding::Minimal => "Every cell holds a digit; no digit twice in a row, column or box.",
        Encoding::Efficient => "+ no cell holds two digits.",
        Encoding::Extended => "+ every digit appears in every row, column and box.",
    }
}

/// The puzzles of a source: 0 the Grid tab's puzzle, 1 top95 #1–#10.
fn puzzles(source: usize, bench: Bench) -> Result<(Shape, Vec<Vec<u8>>), String> {
    if source == 0 {
        let (shape, cells) = bench
            .board
            .with_untracked(|b: &Board| (b.shape, b.cells.clone()));
        return Ok((shape, vec![cells]));
    }
    let mut out = Vec::new();
    for ex in EXAMPLES.iter().filter(|e| e.id.starts_with("top95-")) {
        let p = Sudoku::from_sage_str(ex.puzzle, None).map_err(|e| format!("{}: {e}", ex.name))?;
        out.push(p.cells().to_vec());
    }
    Ok((Shape::square(3).expect("3x3 boxes"), out))
}

#[component]
pub fn EncodingsCard(bench: Bench) -> impl IntoView {
    let job: JobRun<Experiment> = JobRun::scoped();
    let source = RwSignal::new(1usize);
    let rows = RwSignal::new(Vec::<(EncodingRow, f64)>::new());
    let count = RwSignal::new(0usize);
    let run = move |_| {
        job.clear_message();
        rows.set(Vec::new());
        let (shape, set) = match puzzles(source.get_untracked(), bench) {
            Ok(p) => p,
            Err(e) => return job.say(Tone::Error, e),
        };
        count.set(set.len());
        job.start(
            SatEncodings {
                shape,
                puzzles: set,
            },
            Experiment::Encoding,
            move |_, e, _| match e {
                Event::Item { item, .. } => rows.update(|r| r.push((item, 0.0))),
                Event::Waiting(stats) => {
                    // The job waits after each encoding: its stretch is
                    // that encoding's time.
                    rows.update(|r| {
                        if let Some(last) = r.last_mut() {
                            last.1 = stats.elapsed_ms;
                        }
                    });
                    job.more(Experiment::Encoding, 1);
                }
                Event::Done(stats) => {
                    let done = rows.with_untracked(Vec::len);
                    let text = if stats.cancelled {
                        format!("Cancelled after {done} of 3 encodings.")
                    } else {
                        format!(
                            "Done: 3 encodings of {} puzzle{} in {}; every encoding gave each puzzle the same unique solution, checked against the rules in the worker.",
                            count.get_untracked(),
                            if count.get_untracked() == 1 { "" } else { "s" },
                            format_ms(stats.total_ms)
                        )
                    };
                    job.say(if stats.cancelled { Tone::Info } else { Tone::Success }, text);
                }
                _ => {}
            },
        );
    };
    let status = move || {
        match job.live.get() {
        Some(live) => {
            let text = format!(
                "{} of {} solves · {}",
                live.nodes,
                3 * count.get(),
                live.eta()
            );
            progress_bar(live.fraction, "Encodings solved", text).into_any()
        }
        None => view! { <StatusMessage message=job.message testid="encodings-message" layout=MessageLayout::Transient/> }.into_any(),
    }
    };
    let table = move || {
        let rows = rows.get();
        if rows.is_empty() {
            return None;
        }
        let n = count.get().max(1);
        let first = rows[0].0.solutions.clone();
        let body = rows
            .into_iter()
            .map(|(r, ms)| {
                let same = r.solutions == first;
                let digits: String = r
                    .solutions
                    .iter()
                    .flatten()
                    .map(|&d| char::from_digit(u32::from(d), 36).unwrap_or('?'))
                    .collect();
                view! {
                    <tr data-testid="encodings-row" data-encoding=r.encoding.name() data-solutions=digits>
                        <th scope="row">{r.encoding.name()}</th>
                        <td>{adds(r.encoding)}</td>
                        <td class="num" data-testid="encodings-variables">{group(r.variables as u128)}</td>
                        <td class="num" data-testid="encodings-clauses">{group((r.clauses / n) as u128)}</td>
                        <td class="num">{group(u128::from(r.effort.conflicts))}</td>
                        <td class="num">{group(u128::from(r.effort.decisions))}</td>
                        <td class="num">{format_ms(ms)}</td>
                        <td data-testid="encodings-same">{if same { "✓ the same" } else { "differs" }}</td>
                    </tr>
                }
            })
            .collect_view();
        Some(view! {
            <div class="encodings-scroll">
                <table class="jnotes-table encodings-table" data-testid="encodings-table">
                    <thead><tr>
                        <th>"Encoding"</th><th>"Clauses it has"</th><th>"Variables"</th>
                        <th>{if n == 1 { "Clauses" } else { "Clauses (per puzzle)" }}</th>
                        <th>"Conflicts"</th><th>"Decisions"</th><th>"Time"</th><th>"Solutions"</th>
                    </tr></thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
        })
    };
    view! {
        <ExpCard id="encodings" title="SAT encodings compared"
            lead=concat!(
                "A SAT solver sees only true/false variables and clauses. Here variable x(r, c, d) says “cell (r, c) holds d”, ",
                "and the rules can be written with fewer or more clauses. The minimal encoding is enough to pin down the solutions; ",
                "the efficient one also forbids a cell two digits, and the extended one also demands every digit in every unit. ",
                "The extra clauses say nothing new about the solutions, but they let the solver deduce more from each guess.",
            )>
            <div class="exp-controls">
                <label class="exp-field exp-source">
                    <span>"Puzzles"</span>
                    <select data-testid="encodings-source" on:change=move |e| {
                        if let Ok(i) = event_target_value(&e).parse::<usize>() { source.set(i.min(1)); }
                    }>
                        <option value="1" selected=move || source.get() == 1>"top95 #1–#10"</option>
                        <option value="0" selected=move || source.get() == 0>"The Grid tab's puzzle"</option>
                    </select>
                </label>
            </div>
            <div class="actions">
                <button type="button" class="primary" data-testid="encodings-run"
                    disabled=move || job.get().is_busy() on:click=run>"Compare"</button>
                <button type="button" data-testid="encodings-cancel"
                    disabled=move || job.get().purpose().is_none()
                    on:click=move |_| { job.cancel(); }>"Cancel"</button>
            </div>
            {status}
            {table}
            <p class="muted exp-method">
                "Each puzzle is solved once per encoding by Tessera's own CDCL solver, on the clauses exactly as written, and then asked for a second solution (there is none: that proves the puzzle unique). "
                "Conflicts and decisions are the solver's counts over the whole set, both solves; the time is the worker's for building, solving and proving, per encoding. "
                "Picosat and minisat, Debian's SAT solvers, cannot run in a browser: their times on the same formulas come from the command line, "
                <code>"tessera experiment encodings"</code>"."
            </p>
        </ExpCard>
    }
}
