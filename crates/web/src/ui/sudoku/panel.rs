//! The side panel: solver controls, examples and sizes, import/export.

use super::examples::EXAMPLES;
use super::Bench;
use crate::model::job::Tone;
use crate::model::sudoku::board::{Board, MAX_EDIT_SIZE};
use crate::ui::dom;
use crate::ui::job::{JobProgress, MessageLayout, ProgressText, StatusMessage};
use crate::ui::segment::Segment;
use leptos::prelude::*;
use tessera_engine::sudoku::models::{self, ModelFormat};
use tessera_engine::sudoku::{Algorithm, Shape, Sudoku};

/// "Play this puzzle" under a solution the editor shows (the standard and
/// the variant editors): the game starts from the givens.
#[component]
pub fn PlayThis(shown: Signal<bool>, on_play: Callback<()>) -> impl IntoView {
    view! {
        <Show when=move || shown.get()>
            <p class="play-this">
                <button type="button" class="primary small" data-testid="play-this" on:click=move |_| on_play.run(())>
                    "Play this puzzle"
                </button>
                <span class="muted">" The game starts from the givens; the solution stays here in Edit."</span>
            </p>
        </Show>
    }
}

#[component]
pub fn SolverCard(
    bench: Bench,
    /// "Play this puzzle": to play mode, where the solution shown here is
    /// never drawn.
    #[prop(into)]
    on_play: Callback<()>,
) -> impl IntoView {
    let alg_button = move |a: Algorithm, title: &'static str, hint: &'static str| {
        view! {
            <Segment testid=format!("alg-{}", a.name())
                checked=Signal::derive(move || bench.algorithm.get() == a) title=hint
                on_pick=move |()| {
                    if bench.algorithm.get_untracked() != a {
                        bench.algorithm.set(a);
                        if bench.run.now().is_waiting() {
                            bench.clear_solution();
                        }
                    }
                }>
                {title}
            </Segment>
        }
    };
    let running = move || bench.run.get().is_busy();
    view! {
        <section class="card solver-card" aria-labelledby="solver-title">
            <h2 id="solver-title">"Solve"</h2>
            <div class="segmented" role="radiogroup" aria-label="Algorithm">
                {alg_button(Algorithm::Dlx, "Dancing Links", "Knuth’s Algorithm X on an exact-cover matrix (Sage’s dlx)")}
                {alg_button(Algorithm::Backtrack, "Backtracking", "Depth-first search with bitsets and singles (Sage’s backtrack)")}
                {alg_button(Algorithm::Sat, "SAT", "Clause learning (CDCL, batsat) on the CNF encoding: no stall on large or hard grids")}
                {alg_button(Algorithm::Auto, "Auto", "Picks the engine: the band solver on 9×9, Dancing Links on small grids, SAT on 25×25 and when a search stalls")}
            </div>
            <div class="actions">
                <button type="button" class="primary" data-testid="solve" on:click=move |_| bench.solve()>
                    "Solve"
                </button>
                <button type="button" data-testid="next" on:click=move |_| bench.next()>
                    "Next solution"
                </button>
                <button type="button" data-testid="count" on:click=move |_| bench.count()>
                    "Count solutions"
                </button>
                <Show when=running>
                    <button
                        type="button"
                        class="danger"
                        data-testid="cancel"
                        disabled=move || bench.run.get().is_cancelling()
                        on:click=move |_| bench.cancel()
                    >
                        "Cancel"
                    </button>
                </Show>
            </div>
            <div class="actions secondary">
                <button type="button" class="ghost" data-testid="clear-solution" on:click=move |_| bench.clear_solution()>
                    "Clear solution"
                </button>
                <button type="button" class="ghost" data-testid="clear-all" on:click=move |_| bench.clear_all()>
                    "Clear all"
                </button>
            </div>
            <PlayThis shown=Signal::derive(move || bench.overlay.with(Option::is_some)) on_play=on_play/>
            <JobProgress live=bench.run.live testid="progress" count_testid="running-count" text=ProgressText::Tree/>
            <EngineAdvice bench=bench/>
            <StatusMessage message=bench.run.message testid="status" layout=MessageLayout::Box
                run=Signal::derive(move || bench.run.get().name())
                found=bench.found/>
            <p class="stats" data-testid="stats">
                {move || bench.run.stats_line.get()}
            </p>
        </section>
    }
}

/// A Solve that runs past a few seconds on a large grid with a tree search
/// says which engine would likely finish, and offers it; the choice stays
/// the user's (`model::sudoku::engine_advice`).
#[component]
fn EngineAdvice(bench: Bench) -> impl IntoView {
    use crate::model::sudoku::{engine_advice, ADVICE_AFTER_MS};
    use crate::ui::sudoku::{algorithm_label, SolveJob};
    // The Solve being watched: each start gets a number, and the timer
    // only speaks for the one it was set for.
    let watching = StoredValue::new(0u64);
    let advice = RwSignal::new(None::<(Algorithm, usize)>);
    Effect::new(move |_| {
        let solving = bench.run.get().is(SolveJob::Solving);
        advice.set(None);
        watching.update_value(|n| *n += 1);
        if !solving {
            return;
        }
        let mine = watching.get_value();
        dom::after_ms(ADVICE_AFTER_MS, move || {
            if watching.get_value() != mine || !bench.run.now().is(SolveJob::Solving) {
                return;
            }
            let size = bench.board.with_untracked(|b| b.shape.size());
            let now = bench.algorithm.get_untracked();
            advice.set(engine_advice(size, now).map(|a| (a, size)));
        });
    });
    move || {
        advice.get().map(|(better, n)| {
            let now = algorithm_label(bench.algorithm.get_untracked());
            view! {
                <p class="engine-advice" data-testid="engine-advice" role="status">
                    {format!(
                        "Still searching with {now}. On a {n}×{n} grid {} usually finishes in seconds \
                         (Auto picks it too).",
                        algorithm_label(better)
                    )}
                    " "
                    <button type="button" data-testid="engine-advice-switch" on:click=move |_| {
                        bench.algorithm.set(better);
                        bench.solve();
                    }>
                        {format!("Solve with {}", if better == Algorithm::Sat { "SAT" } else { algorithm_label(better) })}
                    </button>
                </p>
            }
        })
    }
}

#[component]
pub fn PuzzleCard(bench: Bench) -> impl IntoView {
    let load_example = move |id: &'static str| {
        let Some(e) = super::examples::find(id) else {
            return;
        };
        let board = Shape::parse(e.shape)
            .ok()
            .and_then(|s| Sudoku::from_sage_str(e.puzzle, Some(s)).ok())
            .map(|s| Board::from_sudoku(&s));
        if let Some(b) = board {
            // A 16×16 example is a large rebuild: after the click's task.
            crate::ui::dom::soon(move || bench.load(b, Some(format!("{} — {}.", e.name, e.note))));
        }
    };
    let chips = |filter: fn(&str) -> bool| {
        EXAMPLES
            .iter()
            .filter(|e| filter(e.id))
            .map(|e| {
                let id = e.id;
                view! {
                    <button
                        type="button"
                        class="chip"
                        data-testid=format!("example-{id}")
                        title=e.note
                        // The chip shows "#1"; a screen reader hears what it loads.
                        aria-label=format!("Load {}", e.name.replace(" #", " puzzle "))
                        on:click=move |_| load_example(id)
                    >
                        {e.name.trim_start_matches("top95 ")}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <section class="card" aria-labelledby="examples-title">
            <h2 id="examples-title">"Examples"</h2>
            <p class="hint">"Puzzles from SageMath’s documentation, one click away."</p>
            <div class="chips">{chips(|id| !id.starts_with("top95"))}</div>
            <h3>"top95 (hard)"</h3>
            <div class="chips compact">{chips(|id| id.starts_with("top95"))}</div>
        </section>
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    String,
    List,
    Matrix,
    Ascii,
    Latex,
    /// The walkthrough seed's `.game` text (the paste box reads it back).
    Game,
    /// A model for another solver (SAT, ILP, graph, algebra, MiniZinc).
    Model(ModelFormat),
}

impl Format {
    /// File name and MIME type for "Download".
    fn file(self) -> (&'static str, &'static str) {
        match self {
            Format::String | Format::List | Format::Matrix | Format::Ascii => {
                ("sudoku.txt", "text/plain")
            }
            Format::Game => ("sudoku.game", "text/plain"),
            Format::Latex => ("sudoku.tex", "application/x-tex"),
            Format::Model(m) => match m {
                ModelFormat::Cnf => ("sudoku.cnf", "text/plain"),
                ModelFormat::Lp => ("sudoku.lp", "text/plain"),
                ModelFormat::Dot => ("sudoku.dot", "text/vnd.graphviz"),
                ModelFormat::Edges => ("sudoku-edges.txt", "text/plain"),
                ModelFormat::Poly => ("sudoku-poly.txt", "text/plain"),
                ModelFormat::MiniZinc => ("sudoku.mzn", "text/plain"),
            },
        }
    }

    /// One line on what the format is for.
    fn description(self) -> &'static str {
        match self {
            Format::String => "Sage’s one-line form: givens row by row, '.' for a blank",
            Format::List => "All cells row by row as a list, 0 for a blank",
            Format::Matrix => "One row per line, 0 for a blank",
            Format::Ascii => "A drawing of the grid for plain text",
            Format::Latex => "A tabular for LaTeX documents",
            Format::Game => "The walkthrough's .game text: rows like . . 1 | . 4 5 | . 7 .",
            Format::Model(m) => m.description(),
        }
    }
}

const FORMATS: &[(Format, &str, &str)] = &[
    (Format::String, "string", "String (Sage)"),
    (Format::List, "list", "List"),
    (Format::Matrix, "matrix", "Matrix"),
    (Format::Ascii, "ascii", "ASCII art"),
    (Format::Latex, "latex", "LaTeX"),
    (Format::Game, "game", "Game text (.game)"),
    (Format::Model(ModelFormat::Cnf), "cnf", "DIMACS CNF (SAT)"),
    (
        Format::Model(ModelFormat::Lp),
        "lp",
        "CPLEX LP (integer program)",
    ),
    (
        Format::Model(ModelFormat::Dot),
        "dot",
        "DOT graph (Graphviz)",
    ),
    (
        Format::Model(ModelFormat::Edges),
        "edges",
        "Edge list (Sudoku graph)",
    ),
    (
        Format::Model(ModelFormat::Poly),
        "poly",
        "Polynomial system",
    ),
    (
        Format::Model(ModelFormat::MiniZinc),
        "minizinc",
        "MiniZinc model",
    ),
];

#[component]
pub fn ImportExportCard(bench: Bench) -> impl IntoView {
    let text = bench.import_text;
    let error = bench.import_error;
    let format = RwSignal::new(Format::String);
    let with_solution = RwSignal::new(true);
    let copied = RwSignal::new(None::<&'static str>);

    let do_import = move || {
        let _ = bench.import_box();
    };

    let exported = Memo::new(move |_| {
        let overlay = bench.overlay.get();
        let use_solution = with_solution.get();
        bench.board.with(|b| {
            let mut s = b.sudoku();
            if let (true, Some(o)) = (use_solution, overlay) {
                if o.len() == b.cells.len() {
                    let merged: Vec<u8> = b
                        .cells
                        .iter()
                        .zip(&o)
                        .map(|(&g, &v)| if g != 0 { g } else { v })
                        .collect();
                    s = s.with_cells(merged);
                }
            }
            match format.get() {
                Format::String => s.to_sage_string().unwrap_or_else(|e| format!("({e})")),
                Format::List => s.to_list_string(),
                Format::Matrix => s.to_matrix_string(),
                Format::Ascii => s.to_ascii(),
                Format::Latex => s.to_latex(),
                Format::Game => s.to_game(),
                Format::Model(m) => models::export(&s, m).unwrap_or_else(|e| format!("({e})")),
            }
        })
    });

    let flash = move |what: &'static str| {
        copied.set(Some(what));
        set_timeout(
            move || copied.set(None),
            std::time::Duration::from_millis(1600),
        );
    };

    view! {
        <section class="card" aria-labelledby="io-title">
            <h2 id="io-title">"Import / export"</h2>
            <label class="field-label" for="import-text">"Paste a puzzle"</label>
            <textarea
                id="import-text"
                class="mono"
                rows="3"
                spellcheck="false"
                autocomplete="off"
                data-testid="import-text"
                placeholder="8..6..9.5…  ·  [0, 4, 0, …]  ·  one matrix row per line"
                aria-invalid=move || error.with(Option::is_some).then_some("true")
                aria-describedby="import-error"
                prop:value=move || text.get()
                on:input=move |e| text.set(event_target_value(&e))
                on:keydown=move |e| {
                    if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                        e.prevent_default();
                        do_import();
                    }
                }
            ></textarea>
            <div class="row">
                <button type="button" data-testid="import-button" on:click=move |_| do_import()>
                    "Import"
                </button>
                <span class="hint">
                    {format!("Sage strings, 81-character lines, lists, matrices (up to {MAX_EDIT_SIZE}×{MAX_EDIT_SIZE}); f-puzzles and SudokuPad links of classic, X and jigsaw grids.")}
                </span>
            </div>
            <p id="import-error" class="field-error" data-testid="import-error" role="alert">
                {move || error.get()}
            </p>

            <div class="export-head">
                <label class="field-label" for="export-format">"Export as"</label>
                <select
                    id="export-format"
                    data-testid="export-format"
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        if let Some((f, _, _)) = FORMATS.iter().find(|(_, k, _)| *k == v) {
                            format.set(*f);
                        }
                    }
                >
                    <optgroup label="Puzzle">
                        {FORMATS
                            .iter()
                            .filter(|(f, _, _)| !matches!(f, Format::Model(_)))
                            .map(|&(f, key, label)| {
                                view! { <option value=key selected=move || format.get() == f>{label}</option> }
                            })
                            .collect_view()}
                    </optgroup>
                    <optgroup label="Models for other solvers">
                        {FORMATS
                            .iter()
                            .filter(|(f, _, _)| matches!(f, Format::Model(_)))
                            .map(|&(f, key, label)| {
                                view! { <option value=key selected=move || format.get() == f>{label}</option> }
                            })
                            .collect_view()}
                    </optgroup>
                </select>
                <label class="check" class:hidden=move || bench.overlay.with(Option::is_none)>
                    <input
                        type="checkbox"
                        data-testid="export-with-solution"
                        prop:checked=move || with_solution.get()
                        on:change=move |e| with_solution.set(event_target_checked(&e))
                    />
                    " with solution"
                </label>
            </div>
            <p class="hint export-about" data-testid="export-about">
                {move || format.get().description()}
            </p>
            <textarea
                id="export-text"
                class="mono export"
                class:wrap=move || matches!(format.get(), Format::String | Format::List)
                data-format=move || FORMATS.iter().find(|(f, _, _)| *f == format.get()).map_or("", |x| x.1)
                readonly
                rows=move || exported.with(|t| t.lines().count().clamp(2, 14))
                data-testid="export-text"
                aria-label="Exported puzzle"
                prop:value=move || exported.get()
            ></textarea>
            <div class="row">
                <button
                    type="button"
                    data-testid="copy-export"
                    on:click=move |_| {
                        dom::copy_text(&exported.get_untracked(), move |ok| {
                            if ok {
                                flash("export");
                                bench.say(Tone::Success, "Copied to the clipboard.");
                            } else {
                                bench.say(Tone::Info, "The browser did not allow copying: select the text above and copy it.");
                            }
                        });
                    }
                >
                    {move || if copied.get() == Some("export") { "Copied ✓" } else { "Copy" }}
                </button>
                <button
                    type="button"
                    data-testid="download-export"
                    title="Save the export as a file"
                    on:click=move |_| {
                        let (name, mime) = format.get_untracked().file();
                        dom::download_text(name, mime, &exported.get_untracked());
                    }
                >
                    "Download"
                </button>
                <button
                    type="button"
                    class="ghost"
                    data-testid="copy-link"
                    title="Copy a link that opens this puzzle"
                    on:click=move |_| {
                        dom::flush_url();
                        let href = dom::window().location().href().unwrap_or_default();
                        let shown = href.clone();
                        dom::copy_text(&href, move |ok| {
                            if ok {
                                flash("link");
                                bench.say(Tone::Success, "Link copied: it opens this puzzle in any browser.");
                            } else {
                                bench.say(Tone::Info, format!("Share this link: {shown}"));
                            }
                        });
                    }
                >
                    {move || if copied.get() == Some("link") { "Link copied ✓" } else { "Copy share link" }}
                </button>
            </div>
        </section>
    }
}
