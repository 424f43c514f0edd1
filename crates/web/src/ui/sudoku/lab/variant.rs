//! The variant editor's lab: the worker's logical solve of an X or jigsaw
//! puzzle, its rating and step list.

use super::*;

/// The logical solve of the variant editor's puzzle (X, jigsaw): the same
/// worker job as the standard lab's (`SudokuExplain` with the variant's
/// rules), its rating and step list. Samurai gets the job's message: the
/// step list reads one square grid.
#[derive(Clone, Copy)]
pub struct VariantLab {
    /// `None` while the worker is at it (or before the first request).
    pub analysis: RwSignal<Option<Analysis>>,
    pub show_steps: RwSignal<bool>,
    /// The worker is analysing (shows Cancel).
    pub running: RwSignal<bool>,
    job: JobSlot,
}

impl Default for VariantLab {
    fn default() -> Self {
        Self::new()
    }
}

impl VariantLab {
    pub fn new() -> VariantLab {
        VariantLab {
            analysis: RwSignal::new(None),
            show_steps: RwSignal::new(false),
            running: RwSignal::new(false),
            job: JobSlot::new(),
        }
    }

    /// Analyse a puzzle under `rules` (or say what is wrong with them),
    /// once the values rest for a moment; the previous run is abandoned.
    pub fn analyse(&self, rules: Result<Kind, String>, cells: Vec<u8>) {
        let ticket = self.job.reserve();
        self.analysis.set(None);
        let rules = match rules {
            Ok(r) => r,
            Err(e) => {
                self.running.set(false);
                return self.analysis.set(Some(Analysis {
                    shape: Shape::NINE,
                    cells,
                    result: Err(e.trim_end_matches('.').to_string()),
                }));
            }
        };
        self.running.set(true);
        let me = *self;
        set_timeout(
            move || {
                if me.job.is_current(ticket) {
                    me.submit(rules, cells);
                }
            },
            std::time::Duration::from_millis(120),
        );
    }

    fn submit(&self, rules: Kind, cells: Vec<u8>) {
        let me = *self;
        let kept = cells.clone();
        self.job
            .submit(SudokuExplain { rules, cells }, move |_, e| {
                let result = match e {
                    Event::Item { item, .. } => item.rebuild().map(|e| (e, Vec::new())),
                    Event::Error(e) => Err(e.message),
                    Event::Progress(_) | Event::Waiting(_) | Event::Done(_) => return,
                };
                me.running.set(false);
                me.analysis.set(Some(Analysis {
                    shape: Shape::NINE,
                    cells: kept.clone(),
                    result,
                }));
            });
    }

    /// The user's Cancel: the worker is stopped; Solve logically starts
    /// again.
    pub fn cancel(&self) {
        self.job.abandon();
        self.running.set(false);
        self.analysis.set(Some(Analysis {
            shape: Shape::NINE,
            cells: Vec::new(),
            result: Err("cancelled; Solve logically starts it again".into()),
        }));
    }

    pub fn abandon(&self) {
        self.job.abandon();
        self.running.set(false);
    }
}

/// The variant editor's Logic card: the rating of the puzzle on screen
/// (analysed in the worker after every edit, as the standard lab does up
/// to 9×9) and its step list.
#[component]
pub fn VariantLogicCard(
    vlab: VariantLab,
    /// The rules and values on screen (tracked); `Err` names what is wrong
    /// with the rules (a broken region map).
    puzzle: Memo<(Result<Kind, String>, Vec<u8>)>,
) -> impl IntoView {
    Effect::new(move |_| {
        let (rules, cells) = puzzle.get();
        vlab.analyse(rules, cells);
    });
    on_cleanup(move || vlab.abandon());
    let solve = move || {
        vlab.show_steps.set(true);
        let stale = vlab
            .analysis
            .with_untracked(|a| matches!(a, Some(Analysis { result: Err(_), .. })));
        if stale || (!vlab.running.get_untracked() && vlab.analysis.with_untracked(Option::is_none))
        {
            let (rules, cells) = puzzle.get_untracked();
            vlab.analyse(rules, cells);
        }
    };
    view! {
        <section class="card lab-card" aria-labelledby="vlab-title" data-testid="vlab-card">
            <h2 id="vlab-title">"Logic"</h2>
            {rating_view(vlab.analysis, Signal::derive(|| false))}
            <div class="actions">
                <button type="button" class="primary" data-testid="vsolve-logically" title="Every step, from the givens to the solution, with the diagonals or regions as units" on:click=move |_| solve()>
                    "Solve logically"
                </button>
                <Show when=move || vlab.running.get()>
                    <button type="button" class="danger" data-testid="vlogic-cancel" on:click=move |_| vlab.cancel()>
                        "Cancel"
                    </button>
                </Show>
            </div>
            <Show when=move || vlab.show_steps.get()>
                <div class="steps-panel" data-testid="steps-panel">
                    <div class="steps-head">
                        <span class="muted">"Steps on this puzzle’s units"</span>
                        <button type="button" class="ghost" data-testid="steps-close" on:click=move |_| vlab.show_steps.set(false)>
                            "Close"
                        </button>
                    </div>
                    {move || steps_body(vlab.analysis.get(), None)}
                </div>
            </Show>
        </section>
    }
}
