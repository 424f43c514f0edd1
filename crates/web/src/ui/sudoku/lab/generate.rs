//! The seeded generator's card: size, symmetry, difficulty, seed.

use super::*;

const GEN_SIZES: &[(&str, usize)] = &[("4×4", 2), ("6×6", 0), ("9×9", 3), ("16×16", 4)];

#[component]
pub fn GenerateCard(lab: Lab) -> impl IntoView {
    let g = lab.gen;
    let size_key = move |s: Shape| match (s.box_rows, s.box_cols) {
        (2, 3) => "6".to_string(),
        (r, _) => (r * r).to_string(),
    };
    let sym_key = |s: Symmetry| match s {
        Symmetry::None => "none",
        Symmetry::Rot180 => "rot180",
        Symmetry::Mirror => "mirror",
    };
    view! {
        <section class="card gen-card" aria-labelledby="gen-title" data-testid="gen-card">
            <h2 id="gen-title">"Generate"</h2>
            <div class="gen-grid">
                <label class="field">
                    <span class="field-label">"Size"</span>
                    <select
                        data-testid="gen-size"
                        on:change=move |e| {
                            let v = event_target_value(&e);
                            let shape = match v.as_str() {
                                "4" => Shape::square(2),
                                "6" => Shape::new(2, 3),
                                "16" => Shape::square(4),
                                _ => Shape::square(3),
                            };
                            if let Some(s) = shape {
                                g.shape.set(s);
                            }
                        }
                    >
                        {GEN_SIZES
                            .iter()
                            .map(|&(label, base)| {
                                let key = if base == 0 { "6".to_string() } else { (base * base).to_string() };
                                let k2 = key.clone();
                                view! { <option value=key selected=move || size_key(g.shape.get()) == k2>{label}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span class="field-label">"Symmetry"</span>
                    <select
                        data-testid="gen-symmetry"
                        on:change=move |e| {
                            if let Ok(s) = event_target_value(&e).parse::<Symmetry>() {
                                g.symmetry.set(s);
                            }
                        }
                    >
                        {[(Symmetry::None, "None"), (Symmetry::Rot180, "Half-turn"), (Symmetry::Mirror, "Mirror")]
                            .into_iter()
                            .map(|(s, label)| view! { <option value=sym_key(s) selected=move || g.symmetry.get() == s>{label}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span class="field-label">"Difficulty"</span>
                    <select
                        data-testid="gen-difficulty"
                        on:change=move |e| g.difficulty.set(event_target_value(&e).parse::<Rating>().ok())
                    >
                        <option value="any" selected=move || g.difficulty.get().is_none()>"Any"</option>
                        {Rating::ALL
                            .into_iter()
                            .map(|r| view! { <option value=r.name() selected=move || g.difficulty.get() == Some(r)>{rating_label(r)}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label class="check gen-minimal">
                    <input
                        type="checkbox"
                        data-testid="gen-minimal"
                        prop:checked=move || g.minimal.get()
                        on:change=move |e| g.minimal.set(event_target_checked(&e))
                    />
                    " Minimal (no clue removable)"
                </label>
            </div>
            <label class="field-label" for="gen-seed">"Seed"</label>
            <div class="row seed-row">
                <input
                    id="gen-seed"
                    class="mono"
                    inputmode="numeric"
                    autocomplete="off"
                    spellcheck="false"
                    data-testid="gen-seed"
                    aria-invalid=move || g.error.with(Option::is_some).then_some("true")
                    aria-describedby="gen-error"
                    prop:value=move || g.seed.get()
                    on:input=move |e| {
                        g.seed.set(event_target_value(&e));
                        g.error.set(None);
                    }
                    on:keydown=move |e| {
                        if e.key() == "Enter" {
                            e.prevent_default();
                            lab.generate();
                        }
                    }
                />
                <button type="button" class="ghost" data-testid="gen-new-seed" title="Draw a new random seed"
                    on:click=move |_| {
                        g.seed.set(random_seed().to_string());
                        g.error.set(None);
                    }>"New seed"</button>
            </div>
            <div class="actions">
                <button type="button" class="primary" data-testid="generate" disabled=move || g.busy.get() on:click=move |_| lab.generate()>
                    {move || if g.busy.get() { "Generating…" } else { "Generate" }}
                </button>
                <Show when=move || g.busy.get()>
                    <button type="button" class="danger" data-testid="gen-cancel" on:click=move |_| lab.cancel_generation()>
                        "Cancel"
                    </button>
                </Show>
            </div>
            <p id="gen-error" class="field-error" data-testid="gen-error" role="alert">
                {move || g.error.get()}
            </p>
            <p class="hint" data-testid="gen-note" data-busy=move || g.busy.get().to_string()>
                {move || g.note.get()}
            </p>
        </section>
    }
}
