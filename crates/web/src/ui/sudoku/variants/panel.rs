//! The variant editor's tools: Solve, Next, Count, Cancel, Generate, the
//! jigsaw's regions, import and export.

use super::*;

/// Solve / Next / Count / Cancel, Generate, jigsaw regions, import/export.
#[component]
pub fn VariantPanel(
    vb: VBench,
    /// "Play this puzzle": to play mode, which never draws the solution
    /// shown here.
    #[prop(into)]
    on_play: Callback<()>,
) -> impl IntoView {
    let busy = move || vb.run.get().is_busy();
    let vlab = crate::ui::sudoku::lab::VariantLab::new();
    let puzzle = Memo::new(move |_| (vb.variant.get().map(|v| v.kind().clone()), vb.current()));
    let import_text = vb.import_text;
    let import = move || {
        let _ = vb.import();
    };
    let region_tools = move || {
        (vb.mode.get() == Mode::Jigsaw).then(|| {
            view! {
                <section class="card" aria-labelledby="regions-title">
                    <h2 id="regions-title">"Regions"</h2>
                    <p class="hint">"Pick a region, switch on painting, then click or drag cells. Each of the nine regions needs nine connected cells."</p>
                    <div class="chips region-chips">
                        {LABELS
                            .iter()
                            .enumerate()
                            .map(|(k, &l)| {
                                view! {
                                    <button
                                        type="button"
                                        class=format!("chip region-chip reg-{k}")
                                        data-testid=format!("region-{l}")
                                        aria-pressed=move || (vb.paint.get() == Some(l)).to_string()
                                        on:click=move |_| vb.paint.set(if vb.paint.get_untracked() == Some(l) { None } else { Some(l) })
                                    >
                                        {l.to_string()}
                                    </button>
                                }
                            })
                            .collect_view()}
                        <button
                            type="button"
                            class="chip"
                            data-testid="paint-off"
                            disabled=move || vb.paint.get().is_none()
                            on:click=move |_| vb.paint.set(None)
                        >
                            "Done painting"
                        </button>
                    </div>
                    {move || vb.variant.with(|v| v.as_ref().err().cloned()).map(|e| view! {
                        <p class="message error" data-testid="region-error" role="alert">{e}</p>
                    })}
                    <h3>"Presets"</h3>
                    <div class="chips">
                        {presets()
                            .into_iter()
                            .map(|(name, map)| {
                                view! {
                                    <button
                                        type="button"
                                        class="chip"
                                        data-testid=format!("preset-{}", name.to_lowercase().replace(' ', "-"))
                                        on:click=move |_| {
                                            vb.regions.set(map.clone());
                                            vb.drop_solution();
                                        }
                                    >
                                        {name}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                    <label class="field-label" for="regions-text">"Region map (81 labels)"</label>
                    <input
                        id="regions-text"
                        class="mono"
                        data-testid="regions-text"
                        spellcheck="false"
                        prop:value=move || vb.regions.get()
                        on:change=move |e| {
                            vb.regions.set(event_target_value(&e).split_whitespace().collect());
                            vb.drop_solution();
                        }
                    />
                </section>
            }
        })
    };
    view! {
        <section class="card solver-card" aria-labelledby="vsolver-title">
            <h2 id="vsolver-title">"Solve"</h2>
            <p class="hint">"Dancing Links on the variant’s cells and units, in the worker."</p>
            <div class="actions">
                <button type="button" class="primary" data-testid="vsolve" on:click=move |_| vb.solve()>"Solve"</button>
                <button type="button" data-testid="vnext" on:click=move |_| vb.next()>"Next solution"</button>
                <button type="button" data-testid="vcount" on:click=move |_| vb.count()>"Count"</button>
                <button type="button" data-testid="vcancel" disabled=move || !busy() on:click=move |_| vb.cancel()>"Cancel"</button>
                <button
                    type="button"
                    data-testid="vclear"
                    on:click=move |_| {
                        vb.slot().update(|s| s.iter_mut().for_each(|x| *x = 0));
                        vb.drop_solution();
                        vb.run.clear_message();
                    }
                >
                    "Clear"
                </button>
            </div>
            <crate::ui::sudoku::panel::PlayThis shown=Signal::derive(move || vb.overlay.with(Option::is_some)) on_play=on_play/>
            {move || vb.run.live.get().map(|l| view! {
                <p class="counter" data-testid="vprogress">{l.line_text()}</p>
            })}
            <StatusMessage message=vb.run.message testid="vmessage" layout=MessageLayout::Transient/>
            {move || vb.run.stats_line.get().map(|s| view! { <p class="stats">{s}</p> })}
            <h3>"Generate"</h3>
            <div class="actions">
                <label class="field-label inline">
                    "Seed "
                    <input
                        type="number"
                        min="0"
                        class="seed"
                        data-testid="vseed"
                        prop:value=move || vb.seed.get().to_string()
                        on:change=move |e| {
                            if let Ok(s) = event_target_value(&e).trim().parse() {
                                vb.seed.set(s);
                            }
                        }
                    />
                </label>
                <button type="button" data-testid="vgenerate" on:click=move |_| vb.generate()>"Generate"</button>
            </div>
            <p class="hint">
                {move || match vb.mode.get() {
                    Mode::Jigsaw => "A jigsaw comes with a fresh random region map.",
                    Mode::Samurai => "Samurai takes a second or two.",
                    _ => "Unique solution, no removable clue.",
                }}
            </p>
        </section>
        <crate::ui::sudoku::lab::VariantLogicCard vlab=vlab puzzle=puzzle/>
        {region_tools}
        <section class="card" aria-labelledby="vio-title">
            <h2 id="vio-title">"Import / export"</h2>
            <label class="field-label" for="vimport">
                {move || match vb.mode.get() {
                    Mode::Samurai => "Paste five 81-character grids (top-left, top-right, centre, bottom-left, bottom-right) or the 21-line layout",
                    _ => "Paste an 81-character puzzle, or an f-puzzles or SudokuPad link",
                }}
            </label>
            <textarea
                id="vimport"
                class="mono"
                rows="3"
                spellcheck="false"
                data-testid="vimport-text"
                prop:value=move || import_text.get()
                on:input=move |e| import_text.set(event_target_value(&e))
            ></textarea>
            <div class="actions">
                <button type="button" data-testid="vimport" on:click=move |_| import()>"Import"</button>
            </div>
            <label class="field-label" for="vexport">"This puzzle"</label>
            <textarea
                id="vexport"
                class="mono"
                rows="2"
                readonly
                data-testid="vexport"
                prop:value=move || {
                    let values = vb.current();
                    match vb.variant.get() {
                        Ok(v) => v.to_line(&values),
                        Err(_) => String::new(),
                    }
                }
            ></textarea>
            <p class="hint">"Play mode gives graduated hints on X, jigsaw and Samurai grids; the step list and the rating read X and jigsaw grids (a Samurai is five overlapping grids)."</p>
        </section>
    }
}
