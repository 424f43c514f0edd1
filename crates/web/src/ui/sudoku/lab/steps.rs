//! The lab's step list and rating: each step as a sentence and a technique
//! chip, the exploration tree's guesses and branches, and the lab's card.

use super::*;

/// Scroll the step list (not the page) so step `k` is in view, once the
/// list has rendered.
pub(super) fn reveal_step(k: usize) {
    use wasm_bindgen::JsCast;
    set_timeout(
        move || {
            let doc = crate::ui::dom::document();
            let item = doc
                .query_selector(&format!("[data-testid=\"step-item\"][data-index=\"{k}\"]"))
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            let list = doc
                .query_selector("[data-testid=\"step-list\"]")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let (Some(item), Some(list)) = (item, list) {
                // The list is positioned, so offsetTop is measured inside it.
                let top = item.offset_top() - list.client_height() / 2 + item.offset_height() / 2;
                list.set_scroll_top(top.max(0));
            }
        },
        std::time::Duration::from_millis(0),
    );
}

/// The rating line: difficulty, hardest technique, step count.
pub(super) fn rating_view(
    analysis: RwSignal<Option<Analysis>>,
    deferred: Signal<bool>,
) -> impl IntoView {
    move || {
        let a = analysis.get();
        let mut score = None;
        let (rating, text) = match &a {
            None if deferred.get() => (
                "deferred",
                "Large grids are rated on demand: press Solve logically (it runs in the \
                 background)."
                    .to_string(),
            ),
            None => ("pending", "Rating…".to_string()),
            Some(Analysis { result: Err(e), .. }) => ("none", format!("No rating: {e}.")),
            Some(Analysis {
                result: Ok((e, _)), ..
            }) => match (e.outcome, e.rating) {
                (Outcome::Solved, Some(r)) => {
                    let hardest = e
                        .steps
                        .iter()
                        .map(|s| s.technique)
                        .max_by_key(|t| (t.weight(), *t as u8))
                        .map(|t| t.name());
                    let how = if e.exploration.is_some() {
                        format!(
                            "needs guessing: {} branches explored after {} steps",
                            e.branches,
                            e.steps.len()
                        )
                    } else {
                        format!(
                            "{} logical steps, hardest: {}",
                            e.steps.len(),
                            hardest.unwrap_or("none")
                        )
                    };
                    score = e.score;
                    (r.name(), how)
                }
                (Outcome::MultipleSolutions, _) => (
                    "none",
                    "No rating: the puzzle has more than one solution.".into(),
                ),
                (Outcome::NoSolution, _) => {
                    ("none", "No rating: the puzzle has no solution.".into())
                }
                _ => (
                    "none",
                    format!(
                        "No rating: gave up after {} branches of the exploration tree.",
                        e.branches
                    ),
                ),
            },
        };
        let badge = match rating {
            "pending" | "none" | "deferred" => None,
            r => Some(view! { <span class=format!("badge rating-{r}")>{r.to_string()}</span> }),
        };
        // The numeric rating (Sudoku Explainer-like scale) beside the grade.
        let score_view = score.map(|s| {
            view! {
                <span class="rating-score" title="Numeric rating: the weight of the hardest step (Sudoku Explainer-like scale)">
                    {weight_text(s)}
                </span>
            }
        });
        // Which givens the rating belongs to ('.' for a blank, then 1-9, a-z):
        // for 9×9, the grid's Sage string.
        let rated = a.as_ref().map(|a| {
            a.cells
                .iter()
                .map(|&v| match v {
                    0 => '.',
                    v => char::from_digit(u32::from(v), 36).unwrap_or('?'),
                })
                .collect::<String>()
        });
        view! {
            <p class="rating-line" data-testid="rating" data-rating=rating data-for=rated data-score=score.map(weight_text)>
                <span class="muted">"Difficulty "</span>
                {badge}
                {score_view}
                <span class="rating-text">{text}</span>
            </p>
        }
    }
}

/// The step's sentence without its leading "Technique: ", which the chip
/// next to it already shows.
pub fn sentence(step: &Step) -> String {
    let prefix = format!("{}: ", step.technique.name());
    step.explanation
        .strip_prefix(&prefix)
        .unwrap_or(&step.explanation)
        .to_string()
}

fn technique_chip(step: &Step) -> impl IntoView {
    let r = step.technique.rating().name();
    view! { <span class=format!("tech rating-{r}")>{step.technique.name()}</span> }
}

fn cell_label(cell: usize, n: usize) -> String {
    tessera_engine::sudoku::grid::cell_name(cell, n)
}

/// One node of the exploration tree; children render only when opened, so
/// a tree of thousands of branches costs nothing until looked at.
fn guess_view(guess: Guess, n: usize, depth: usize) -> AnyView {
    let name = cell_label(guess.cell, n);
    let cands: Vec<String> = guess.candidates.iter().map(u8::to_string).collect();
    let branches = guess
        .branches
        .into_iter()
        .map(|b| branch_view(b, &name, n, depth))
        .collect_view();
    view! {
        <div class="guess" data-testid="tree-guess" data-depth=depth>
            <p class="guess-head">
                <span class="tech rating-expert">"Bifurcation"</span>
                {format!(" {name} has the fewest candidates ({}): try each", cands.join(", "))}
            </p>
            <ul class="branches">{branches}</ul>
        </div>
    }
    .into_any()
}

fn branch_view(b: Branch, name: &str, n: usize, depth: usize) -> AnyView {
    let open = RwSignal::new(depth == 0);
    let (end_class, end_text) = match &b.end {
        BranchEnd::Solved => ("solved", "solved".to_string()),
        BranchEnd::Contradiction(why) => ("contradiction", format!("contradiction: {why}")),
        BranchEnd::Guess(_) => ("guess", "stuck again: another guess".to_string()),
        BranchEnd::NotExplored => ("skipped", "not explored".to_string()),
    };
    let head = format!("{name} = {}", b.digit);
    let steps_n = b.steps.len();
    let Branch { steps, end, .. } = b;
    let expandable = !steps.is_empty() || matches!(end, BranchEnd::Guess(_));
    let body = StoredValue::new((steps, end));
    view! {
        <li class=format!("branch {end_class}") data-testid="tree-branch" data-end=end_class>
            <button
                type="button"
                class="branch-head"
                aria-expanded=move || open.get().to_string()
                disabled=!expandable
                on:click=move |_| open.update(|o| *o = !*o)
            >
                <span class="caret" aria-hidden="true">{move || if !expandable { "·" } else if open.get() { "▾" } else { "▸" }}</span>
                <span class="branch-try">{format!("Try {head}")}</span>
                <span class="muted">{format!(" · {steps_n} steps · ")}</span>
                <span class="branch-end">{end_text}</span>
            </button>
            <Show when=move || open.get() && expandable>
                {move || {
                    let (steps, end) = body.get_value();
                    let list = steps
                        .iter()
                        .map(|s| view! { <li>{technique_chip(s)}" "{sentence(s)}</li> })
                        .collect_view();
                    let nested = match end {
                        BranchEnd::Guess(s) => Some(guess_view(*s, n, depth + 1)),
                        _ => None,
                    };
                    view! {
                        <ol class="branch-steps">{list}</ol>
                        {nested}
                    }
                }}
            </Show>
        </li>
    }
    .into_any()
}

#[component]
pub fn LabCard(lab: Lab) -> impl IntoView {
    let said_view = move || {
        lab.said.get().map(|(kind, text, step)| {
            let chip = step.as_ref().map(technique_chip);
            // "✓ Applied" reads before the technique's chip.
            let (lead, text) = if let Some(rest) = text.strip_prefix("\u{2713} Applied: ") {
                (Some("\u{2713} Applied "), rest.to_string())
            } else if let Some(rest) = text.strip_prefix("\u{2713} Applied (hint 4 of 4): ") {
                (Some("\u{2713} Applied (hint 4 of 4) "), rest.to_string())
            } else {
                (None, text)
            };
            let stage = lab.hint_stage.get().map(|(s, _, _)| s.to_string());
            let technique = step.as_ref().map(|s| s.technique.name());
            view! {
                <p
                    class=format!("lab-said message {}", kind.name())
                    data-testid="hint-text"
                    data-technique=technique
                    data-stage=stage
                >
                    {lead}
                    {chip}
                    " "
                    {text}
                </p>
            }
        })
    };
    let steps_view = move || steps_body(lab.analysis.get(), Some(lab));
    let before_after = move |after: bool, label: &'static str, id: &'static str| {
        view! {
            <Segment testid=id checked=Signal::derive(move || lab.after.get() == after)
                on_pick=move |()| match lab.viewing.get_untracked() {
                    Some(k) => lab.view_step(k, after),
                    None => lab.after.set(after),
                }>
                {label}
            </Segment>
        }
    };
    view! {
        <section class="card lab-card" aria-labelledby="lab-title" data-testid="lab-card">
            <h2 id="lab-title">"Logic"</h2>
            {rating_view(lab.analysis, lab.deferred.into())}
            <div class="actions">
                <button type="button" data-testid="hint" title="A hint in four presses: where to look, the cells, the step, then apply it" aria-busy=move || lab.hint_busy.get().to_string() data-answers=move || lab.hint_answers.get() on:click=move |_| lab.hint()>
                    {move || if lab.hint_busy.get() { "Hint…" } else { "Hint" }}
                </button>
                <button type="button" data-testid="step" title="Apply the next logical step (undoable)" aria-busy=move || lab.hint_busy.get().to_string() data-answers=move || lab.step_answers.get() on:click=move |_| lab.step()>
                    "Step"
                </button>
                <button type="button" class="primary" data-testid="solve-logically" title="Every step, from the givens to the solution" on:click=move |_| lab.solve_logically()>
                    "Solve logically"
                </button>
            </div>
            {said_view}
            <Show when=move || lab.show_steps.get()>
                <div class="steps-panel" data-testid="steps-panel">
                    <div class="steps-head">
                        <div class="segmented" role="radiogroup" aria-label="Show the grid">
                            {before_after(false, "Before", "step-before")}
                            {before_after(true, "After", "step-after")}
                        </div>
                        <button type="button" class="ghost" data-testid="steps-close" on:click=move |_| lab.close_view()>
                            "Close"
                        </button>
                    </div>
                    {steps_view}
                </div>
            </Show>
        </section>
    }
}

/// The step list and verdict of an analysis (`None`: still running). With
/// `lab`, the steps are buttons that show their position on the standard
/// grid; without (the variant editor), a list to read.
pub(super) fn steps_body(a: Option<Analysis>, lab: Option<Lab>) -> AnyView {
    let n = a.as_ref().map_or(9, |a| a.shape.size());
    match a {
        None => view! { <p class="muted" data-testid="steps-pending">"Solving logically…"</p> }
            .into_any(),
        Some(Analysis { result: Err(e), .. }) => {
            view! { <p class="field-error" data-testid="steps-error">{e}</p> }.into_any()
        }
        Some(Analysis {
            result: Ok((e, _)), ..
        }) => {
            let total = e.steps.len();
            let items = e
                .steps
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let chip = technique_chip(s);
                    let text = sentence(s);
                    let Some(lab) = lab else {
                        return view! {
                            <li>
                                <div class="step-item static" data-testid="step-item" data-index=k>
                                    <span class="step-no">{k + 1}</span>
                                    {chip}
                                    <span class="step-text">{text}</span>
                                </div>
                            </li>
                        }
                        .into_any();
                    };
                    view! {
                        <li>
                            <button
                                type="button"
                                class="step-item"
                                class:current=move || lab.viewing.get() == Some(k)
                                data-testid="step-item"
                                data-index=k
                                aria-pressed=move || (lab.viewing.get() == Some(k)).to_string()
                                on:click=move |_| lab.view_step(k, lab.after.get_untracked())
                            >
                                <span class="step-no">{k + 1}</span>
                                {chip}
                                <span class="step-text">{text}</span>
                            </button>
                        </li>
                    }
                    .into_any()
                })
                .collect_view();
            let verdict = match e.outcome {
                Outcome::Solved if e.exploration.is_none() => {
                    format!("Solved by logic alone in {total} steps.")
                }
                Outcome::Solved => format!(
                    "{total} logical steps, then the rules ran dry: the exploration tree \
                         below tries candidates ({} branches) and finds exactly one solution.",
                    e.branches
                ),
                Outcome::MultipleSolutions => {
                    format!("{total} logical steps; exploring shows more than one solution.")
                }
                Outcome::NoSolution => match &e.contradiction {
                    Some(why) => format!("No solution: {why}."),
                    None => "No solution: every branch of the tree contradicts.".into(),
                },
                Outcome::Unfinished => format!(
                    "Gave up after {} branches of the exploration tree.",
                    e.branches
                ),
            };
            let tree = e.exploration.clone().map(|s| {
                view! {
                    <details class="tree" data-testid="tree" open>
                        <summary>"Exploration tree"</summary>
                        {guess_view(s, n, 0)}
                    </details>
                }
            });
            view! {
                    <p class="verdict" data-testid="verdict" data-outcome=format!("{:?}", e.outcome).to_lowercase() data-steps=total>
                        {verdict}
                    </p>
                    <ol class="step-list" data-testid="step-list">{items}</ol>
                    {tree}
                }
                .into_any()
        }
    }
}
