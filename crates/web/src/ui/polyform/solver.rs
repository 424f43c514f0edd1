//! The solving half of the Polyforms workbench, shared by the library and
//! the editor: Solve / Next / Find all / Count in a Web Worker, progress
//! with an estimate of the time left, Cancel, the gallery of solutions and
//! the downloads (Polyform Puzzler solution file, SVG).

use super::draw;
use crate::model::format::{format_ms, group, plural};
use crate::model::job::{Purpose, RunState, Tone};
use crate::ui::job::{JobProgress, JobRun, MessageLayout, ProgressText, StatusMessage};
use leptos::prelude::*;
use tessera_engine::polyform::{format, svg, Puzzle, Solution};
use tessera_jobs::event::{Event, Stats};
use tessera_jobs::job::Job;
use tessera_jobs::jobs::polyform::{PolyformCount, PolyformSolve};

/// Solutions kept for the gallery; a longer "Find all" goes on counting.
pub const GALLERY_CAP: usize = 5000;
/// Thumbnails per gallery page.
pub const PAGE: usize = 24;

/// What the solver's job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolyJob {
    /// Looking for the next solution.
    Solving,
    FindingAll,
    Counting,
}

impl Purpose for PolyJob {
    fn name(self) -> &'static str {
        match self {
            PolyJob::Solving => "solving",
            PolyJob::FindingAll => "finding-all",
            PolyJob::Counting => "counting",
        }
    }

    /// Every search shows its progress: a Solve on a large region can run
    /// for seconds before its first solution.
    fn shows_progress(self) -> bool {
        true
    }
}

/// The solver's state; `Copy` so handlers capture it freely.
#[derive(Clone, Copy)]
pub struct Solver {
    /// The puzzle to solve, or why there is none (editor drafts).
    pub puzzle: RwSignal<Result<Puzzle, String>>,
    /// Once up to symmetry (Polyform Puzzler's default) or every solution.
    pub unique: RwSignal<bool>,
    /// Solve, Find all, Count: run state, progress, status message.
    pub run: JobRun<PolyJob>,
    pub solutions: RwSignal<Vec<Solution>>,
    /// Solutions found by the current job (may exceed the gallery).
    pub found: RwSignal<u128>,
    pub shown: RwSignal<Option<usize>>,
    pub page: RwSignal<usize>,
    /// The last finished count or search: (solutions, nodes, ms, complete).
    pub last: RwSignal<Option<(u128, u64, f64, bool)>>,
    /// A Solve shows the solution with this number (1-based) when it comes,
    /// not the ones before it (a link's solution searched for again).
    target: StoredValue<usize>,
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            puzzle: RwSignal::new(Err("Pick a puzzle.".into())),
            unique: RwSignal::new(true),
            run: JobRun::new(),
            solutions: RwSignal::new(Vec::new()),
            found: RwSignal::new(0),
            shown: RwSignal::new(None),
            page: RwSignal::new(0),
            last: RwSignal::new(None),
            target: StoredValue::new(1),
        }
    }

    fn say(&self, tone: Tone, text: impl Into<String>) {
        self.run.say(tone, text);
    }

    /// Show a new puzzle: whatever was found belongs to the old one.
    pub fn set_puzzle(&self, puzzle: Result<Puzzle, String>) {
        if self.puzzle.with_untracked(|p| *p == puzzle) {
            return;
        }
        self.abandon();
        self.solutions.set(Vec::new());
        self.found.set(0);
        self.shown.set(None);
        self.page.set(0);
        self.run.clear_message();
        self.last.set(None);
        self.puzzle.set(puzzle);
    }

    /// Forget the job (late messages are ignored) and stop it.
    pub fn abandon(&self) {
        self.run.abandon();
    }

    fn checked(&self) -> Option<Puzzle> {
        match self.puzzle.get_untracked() {
            Ok(p) => Some(p),
            Err(e) => {
                self.say(Tone::Error, e);
                None
            }
        }
    }

    /// Start `job`; `solutions` views its events as Solve's (Count has no
    /// items), for [`Self::on_event`].
    fn submit<J: Job>(
        &self,
        job: J,
        purpose: PolyJob,
        solutions: fn(Event<J::Item>) -> Event<Solution>,
    ) {
        let me = *self;
        self.run.start(job, purpose, move |_, e, was| {
            me.on_event(solutions(e), was)
        });
    }

    fn fresh(&self) {
        self.solutions.set(Vec::new());
        self.found.set(0);
        self.shown.set(None);
        self.page.set(0);
        self.last.set(None);
        self.target.set_value(1);
    }

    pub fn solve(&self) {
        self.solve_to(1);
    }

    /// Search up to solution `n` (1-based) and show it: what a link or a
    /// reload had on screen. Next goes on from there.
    pub fn solve_to(&self, n: usize) {
        let Some(puzzle) = self.checked() else { return };
        let n = n.max(1);
        self.fresh();
        self.target.set_value(n);
        self.say(
            Tone::Info,
            if n == 1 {
                "Looking for a first solution…".to_string()
            } else {
                format!("Looking for solution {} again…", group(n as u128))
            },
        );
        let unique = self.unique.get_untracked();
        self.submit(
            PolyformSolve {
                puzzle,
                unique,
                batch: u32::try_from(n).unwrap_or(u32::MAX),
            },
            PolyJob::Solving,
            |e| e,
        );
    }

    pub fn next(&self) {
        if self.run.now().is_busy() {
            return;
        }
        if self.run.more(PolyJob::Solving, 1) {
            self.say(
                Tone::Info,
                format!(
                    "Looking for solution {}…",
                    group(self.found.get_untracked() + 1)
                ),
            );
        } else {
            self.solve();
        }
    }

    pub fn find_all(&self) {
        let Some(puzzle) = self.checked() else { return };
        self.fresh();
        self.say(Tone::Info, "Finding every solution…");
        let unique = self.unique.get_untracked();
        self.submit(
            PolyformSolve {
                puzzle,
                unique,
                batch: u32::MAX,
            },
            PolyJob::FindingAll,
            |e| e,
        );
    }

    /// Count keeps what is on screen (the shown solution, the gallery) and
    /// reports beside it.
    pub fn count(&self) {
        let Some(puzzle) = self.checked() else { return };
        self.last.set(None);
        self.say(Tone::Info, "Counting solutions…");
        let unique = self.unique.get_untracked();
        self.submit(
            PolyformCount {
                puzzle,
                unique,
                limit: None,
            },
            PolyJob::Counting,
            Event::retype,
        );
    }

    pub fn cancel(&self) {
        self.run.cancel();
    }

    fn known_note(&self, n: u128) -> String {
        let unique = self.unique.get_untracked();
        let known = self.puzzle.with_untracked(|p| {
            p.as_ref().ok().and_then(|p| p.known.clone()).and_then(|k| {
                if unique {
                    k.unique
                } else {
                    k.all
                }
            })
        });
        match known {
            Some(k) if k == n => " — matches the published count.".to_string(),
            Some(k) => format!(" — the published count is {}!", group(k)),
            None => ".".to_string(),
        }
    }

    /// After the controller's bookkeeping; `was` is the state before.
    fn on_event(&self, event: Event<Solution>, was: RunState<PolyJob>) {
        match event {
            // A count's progress is the worker's own; the solutions found
            // by an earlier Find all stay the gallery's.
            Event::Progress(_) if was.purpose() == Some(PolyJob::Counting) => {}
            Event::Progress(_) => {
                let found = self.found.get_untracked();
                self.run.live.update(|l| {
                    if let Some(l) = l {
                        l.solutions = l.solutions.max(found);
                    }
                });
            }
            Event::Item { index, item: sol } => {
                self.found.set(index as u128 + 1);
                let len = self.solutions.with_untracked(Vec::len);
                let early = was.is(PolyJob::Solving) && len + 1 < self.target.get_value();
                if len < GALLERY_CAP {
                    self.solutions.update(|v| v.push(sol));
                    if !early && (was.is(PolyJob::Solving) || self.shown.get_untracked().is_none())
                    {
                        self.shown.set(Some(len));
                        self.page.set(len / PAGE);
                    }
                }
                if was.is(PolyJob::FindingAll) {
                    let elapsed = self.run.elapsed();
                    self.run.live.update(|l| {
                        if let Some(l) = l {
                            l.solutions = index as u128 + 1;
                            l.elapsed_ms = elapsed;
                        }
                    });
                }
            }
            Event::Waiting(stats) => {
                let k = self.found.get_untracked();
                self.say(
                    Tone::Success,
                    format!(
                        "Solution {} found in {}. Next looks for another.",
                        group(k),
                        format_ms(stats.total_ms)
                    ),
                );
            }
            Event::Done(stats) => self.done(stats, was),
            Event::Error(_) => {}
        }
    }

    fn done(&self, stats: Stats, was: RunState<PolyJob>) {
        let counting = was.purpose() == Some(PolyJob::Counting);
        let n = if counting {
            stats.solutions
        } else {
            self.found.get_untracked()
        };
        self.last
            .set(Some((n, stats.nodes, stats.total_ms, !stats.cancelled)));
        let what = if self.unique.get_untracked() {
            "up to symmetry"
        } else {
            "counting symmetric copies"
        };
        if stats.cancelled {
            self.say(
                Tone::Info,
                format!(
                    "Cancelled after {} ({what}) and {}.",
                    plural(n, "solution", "solutions"),
                    plural(stats.nodes as u128, "node", "nodes")
                ),
            );
        } else if let (0, Some(proof)) = (n, &stats.proof) {
            // A proof is an answer, not a failure.
            self.say(
                Tone::Success,
                format!(
                    "No solution, proven in {} without searching: {}.",
                    format_ms(stats.total_ms),
                    proof.sentence()
                ),
            );
        } else if n == 0 {
            self.say(
                Tone::Error,
                "No solution: these pieces cannot fill this region.",
            );
        } else if counting || was.is(PolyJob::FindingAll) {
            let kept = if n as usize > GALLERY_CAP {
                format!(
                    " The gallery keeps the first {}.",
                    group(GALLERY_CAP as u128)
                )
            } else {
                String::new()
            };
            self.say(
                Tone::Success,
                format!(
                    "{} {what}, in {}{}{kept}",
                    plural(n, "solution", "solutions"),
                    format_ms(stats.total_ms),
                    self.known_note(n)
                ),
            );
        } else {
            self.say(
                Tone::Info,
                format!(
                    "No more solutions: {} in all ({what}){}",
                    plural(n, "solution", "solutions"),
                    self.known_note(n)
                ),
            );
        }
    }

    /// The solution file of everything found so far.
    pub fn solution_file(&self) -> Option<String> {
        let puzzle = self.puzzle.get_untracked().ok()?;
        let sols = self.solutions.get_untracked();
        if sols.is_empty() {
            return None;
        }
        let (nodes, ms) = self
            .last
            .get_untracked()
            .map(|(_, n, ms, _)| (n, ms))
            .unwrap_or((0, 0.0));
        Some(format::write_file(
            &puzzle,
            &sols,
            nodes,
            std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0),
        ))
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

#[component]
pub fn SolverPanel(solver: Solver) -> impl IntoView {
    let busy = move || solver.run.get().is_busy();
    view! {
        <section class="card pf-solver" aria-labelledby="pf-solver-title">
            <h2 id="pf-solver-title">"Solve"</h2>
            <label class="check">
                <input type="checkbox" data-testid="pf-unique"
                    prop:checked=move || solver.unique.get()
                    on:change=move |ev| {
                        solver.unique.set(event_target_checked(&ev));
                        solver.abandon();
                    }/>
                " Once up to symmetry (rotations and reflections of the region)"
            </label>
            <div class="actions">
                <button type="button" class="primary" data-testid="pf-solve"
                    disabled=busy on:click=move |_| solver.solve()>"Solve"</button>
                <button type="button" data-testid="pf-next"
                    disabled=busy on:click=move |_| solver.next()>"Next"</button>
                <button type="button" data-testid="pf-find-all"
                    disabled=busy on:click=move |_| solver.find_all()>"Find all"</button>
                <button type="button" data-testid="pf-count"
                    disabled=busy on:click=move |_| solver.count()>"Count"</button>
                <button type="button" class="danger" data-testid="pf-cancel"
                    disabled=move || !solver.run.get().is_running()
                    on:click=move |_| solver.cancel()>"Cancel"</button>
            </div>
            // A Solve reports nodes and the share of the tree searched (no
            // time left: the first solution can come anywhere in it); Find
            // all and Count also say how long is left.
            {move || {
                let text = if solver.run.get().purpose() == Some(PolyJob::Solving) {
                    ProgressText::Search
                } else {
                    ProgressText::Eta
                };
                view! { <JobProgress live=solver.run.live testid="pf-progress" count_testid="pf-running-count" text=text/> }
            }}
            <StatusMessage message=solver.run.message testid="pf-message" layout=MessageLayout::Line/>
        </section>
    }
}

/// The big drawing of the shown solution (or the empty region), with its
/// downloads.
#[component]
pub fn SolutionView(solver: Solver) -> impl IntoView {
    // The shown solution, memoised apart from the list: "Find all" appends
    // thousands of solutions, and the big drawing must not be rebuilt for
    // each one while the shown solution stays the same.
    let current = Memo::new(move |_| {
        let shown = solver.shown.get();
        solver
            .solutions
            .with(|s| shown.and_then(|i| s.get(i).cloned()))
    });
    let svg = Memo::new(move |_| {
        solver.puzzle.with(|p| {
            let p = p.as_ref().ok()?;
            Some(current.with(|sol| match sol {
                Some(sol) => svg::render_solution(p, sol, &draw::big_style()),
                None => svg::render_region(p, &draw::big_style()),
            }))
        })
    });
    let caption = move || {
        let n = solver.solutions.with(Vec::len);
        match solver.shown.get() {
            Some(i) if i < n => format!(
                "Solution {} of {} found",
                group(i as u128 + 1),
                group(solver.found.get())
            ),
            _ => "The empty region".to_string(),
        }
    };
    let download_file = move |_| {
        if let Some(text) = solver.solution_file() {
            let name = solver
                .puzzle
                .with_untracked(|p| p.as_ref().map(|p| p.name.clone()).unwrap_or_default());
            crate::ui::dom::download_text(&format!("{name}.txt"), "text/plain", &text);
        }
    };
    let download_svg = move |_| {
        if let Some(text) = svg.get_untracked() {
            let name = solver
                .puzzle
                .with_untracked(|p| p.as_ref().map(|p| p.name.clone()).unwrap_or_default());
            let k = solver.shown.get_untracked().map_or(0, |i| i + 1);
            crate::ui::dom::download_text(&format!("{name}-{k}.svg"), "image/svg+xml", &text);
        }
    };
    let has = move || solver.solutions.with(|s| !s.is_empty());
    view! {
        <figure class="pf-figure">
            <div class="pf-drawing" data-testid="pf-drawing"
                data-shown=move || solver.shown.get().map_or(String::new(), |i| i.to_string())
                data-region=move || solver.puzzle.with(|p| p.as_ref().map(|p| serde_json::to_string(&p.region).unwrap_or_default()).unwrap_or_default())
                data-pieces=move || solver.puzzle.with(|p| p.as_ref().map(|p| serde_json::to_string(&p.pieces.iter().map(|x| (x.name.clone(), x.cells.len())).collect::<Vec<_>>()).unwrap_or_default()).unwrap_or_default())
                data-solution=move || current.with(|sol| sol.as_ref().map(|sol| serde_json::to_string(&sol.pieces).unwrap_or_default()).unwrap_or_default())
                inner_html=move || svg.get().unwrap_or_default()></div>
            <figcaption>
                <span data-testid="pf-caption">{caption}</span>
                <span class="pf-downloads">
                    <button type="button" class="link" data-testid="pf-download-file"
                        disabled=move || !has() on:click=download_file>"Solution file"</button>
                    <button type="button" class="link" data-testid="pf-download-svg"
                        on:click=download_svg>"SVG"</button>
                </span>
            </figcaption>
        </figure>
    }
}

/// Thumbnails of the solutions found, a page at a time.
#[component]
pub fn Gallery(solver: Solver) -> impl IntoView {
    let pages = move || solver.solutions.with(|s| s.len().div_ceil(PAGE)).max(1);
    // The solutions the current page shows, as a range. "Find all" pushes
    // thousands of solutions one by one; once the page is full a push no
    // longer changes this range, so the thumbnails (SVG built on the main
    // thread) are not rebuilt — they were, 24 of them per solution, which
    // froze the tab for half a minute on the 6×10.
    // The thumbnails follow the list a task later, so that a new solution's
    // big drawing and its thumbnail (each an SVG built here) are two tasks
    // rather than one (the long-task rule: none over 200 ms).
    let listed = RwSignal::new(solver.solutions.with_untracked(Vec::len));
    Effect::new(move |_| {
        let n = solver.solutions.with(Vec::len);
        if n != listed.get_untracked() {
            crate::ui::dom::soon(move || listed.set(n));
        }
    });
    let visible = Memo::new(move |_| {
        let start = solver.page.get() * PAGE;
        let len = listed.get();
        start..len.min(start + PAGE)
    });
    let thumbs = move || {
        let range = visible.get();
        solver.puzzle.with(|p| {
            let Ok(p) = p.as_ref() else {
                return Vec::new();
            };
            solver.solutions.with_untracked(|s| {
                s.iter()
                    .enumerate()
                    .skip(range.start)
                    .take(range.len())
                    .map(|(i, sol)| {
                        let html = svg::render_solution(p, sol, &draw::thumb_style());
                        view! {
                            <button type="button" class="pf-thumb" data-testid="pf-thumb"
                                aria-label=format!("Show solution {}", i + 1)
                                aria-pressed=move || (solver.shown.get() == Some(i)).to_string()
                                on:click=move |_| solver.shown.set(Some(i))>
                                <span class="pf-thumb-svg" inner_html=html></span>
                                <span class="pf-thumb-n">{i + 1}</span>
                            </button>
                        }
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    view! {
        <section class="card pf-gallery" aria-labelledby="pf-gallery-title"
            class:hidden=move || solver.solutions.with(Vec::is_empty)>
            <div class="pf-gallery-head">
                <h2 id="pf-gallery-title">"Gallery"</h2>
                <span class="muted" data-testid="pf-gallery-count">
                    {move || format!("{} kept", group(solver.solutions.with(Vec::len) as u128))}
                </span>
                <span class="pf-pager">
                    <button type="button" class="link" data-testid="pf-prev-page"
                        disabled=move || solver.page.get() == 0
                        on:click=move |_| solver.page.update(|p| *p = p.saturating_sub(1))>"‹ Prev"</button>
                    <span class="muted">{move || format!("page {} of {}", solver.page.get() + 1, pages())}</span>
                    <button type="button" class="link" data-testid="pf-next-page"
                        disabled=move || { solver.page.get() + 1 >= pages() }
                        on:click=move |_| solver.page.update(|p| *p += 1)>"Next ›"</button>
                </span>
            </div>
            <div class="pf-thumbs">{thumbs}</div>
        </section>
    }
}
