//! The Quantumino workbench: Sage's 17 pentacubes, choose the one put
//! aside, choose a box, solve / next / previous in 3D, watch Sage's
//! `incremental` and `common_prefix` build-ups step by step, count with
//! progress, download the solution as Sage text or X3D.
//!
//! All searching runs in a Web Worker (`tessera_jobs::jobs::quantumino`); the page
//! only draws what comes back. Route: `#quantumino/<aside>/<a>x<b>x<c>/<n>`
//! where `n` is the solution shown (1-based, 0 = none yet).

mod count;

use super::job::{now_ms, JobRun, JobSlot, MessageLayout, ProgressBar, StatusMessage, Ticket};
use super::shell::{use_shell, NoticeKind};
use super::voxel::{ViewControls, VoxelView};
use super::workbench::{Code, Workbench};
use crate::model::format::{group, noun, plural};
use crate::model::job::{BarStyle, Purpose, RunState, Tone};
use crate::model::route::QuantuminoRoute;
use crate::pool::WorkerPool;
use leptos::prelude::*;
use std::time::Duration;
use tessera_engine::quantumino::{check_box, piece, pieces, Partial, PlacedPiece, QuantuminoState};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::quantumino::QuantuminoSolve;
use tessera_voxel::solutions;
use tessera_voxel::{Scene, ViewOptions, VoxelPiece};

pub const WORKBENCH: Workbench = Workbench {
    id: "quantumino",
    title: "Quantumino",
    blurb: "Sage's Quantumino: 16 of 17 pentacubes in a 5×8×2 box, solved and counted in 3D",
    code: Code::Chunk {
        load: chunk::load,
        view: chunk::view,
    },
};

crate::chunk!(quantumino, QuantuminoBench);

const PRESETS: [[i32; 3]; 3] = [[5, 8, 2], [4, 4, 5], [2, 2, 20]];
/// Pause between build-up steps of an animation.
const STEP_MS: u64 = 220;

/// What the workbench's job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QJob {
    Solving,
    /// A build-up (Sage's `partial`), paced by a timer.
    Animating,
    /// The count, shared among [`count::COUNT_SLOTS`] workers.
    Counting,
}

impl Purpose for QJob {
    fn name(self) -> &'static str {
        match self {
            QJob::Solving => "solving",
            QJob::Animating => "animating",
            QJob::Counting => "counting",
        }
    }
}

/// The count's bar.
const COUNT_BAR: BarStyle = BarStyle {
    label: "Count progress",
    now_decimals: 0,
    width_decimals: 2,
    sliver: false,
};

#[derive(Clone, Copy, Debug, PartialEq)]
struct CountView {
    /// Solutions in the parts finished so far (all of them at the end).
    solutions: u128,
    parts_done: usize,
    parts: usize,
    fraction: f64,
    started: f64,
    now: f64,
    /// Time left (ms), lowest and highest, once the estimator has an
    /// honest range.
    left_ms: Option<(f64, f64)>,
}

/// The unit a duration of `secs` is said in: its length in seconds, its
/// name, and the decimals shown.
fn unit_of(secs: f64) -> (f64, &'static str, usize) {
    if secs < 90.0 {
        (1.0, "s", 0)
    } else if secs < 5400.0 {
        (60.0, "min", 0)
    } else if secs < 3.0 * 86400.0 {
        (3600.0, "h", 1)
    } else {
        (86400.0, "days", 0)
    }
}

fn duration(secs: f64) -> String {
    if !secs.is_finite() {
        return "—".into();
    }
    let s = secs.max(0.0);
    let (scale, name, d) = unit_of(s);
    format!("{:.d$} {name}", s / scale)
}

/// A range of seconds in the unit of its larger end, e.g. "12–20 min"
/// ("about 3 min" when both ends round to one figure).
fn duration_range(lo: f64, hi: f64) -> String {
    if !hi.is_finite() {
        return "—".into();
    }
    let hi = hi.max(0.0);
    let (scale, name, d) = unit_of(hi);
    let low = format!("{:.d$}", lo.max(0.0) / scale);
    let high = format!("{:.d$}", hi / scale);
    if low == high {
        format!("about {high} {name}")
    } else {
        format!("{low}–{high} {name}")
    }
}

/// Why a box has no solution when its volume is not 80 (else nothing).
fn volume_note(bx: [i32; 3]) -> String {
    let volume = bx.iter().product::<i32>();
    if volume != 80 {
        format!(" (16 pentacubes fill 80 cells; this box has {volume})")
    } else {
        String::new()
    }
}

/// The preset menu's value for a box: its preset, or "custom".
fn preset_of(bx: [i32; 3]) -> String {
    if PRESETS.contains(&bx) {
        box_text(bx)
    } else {
        "custom".into()
    }
}

fn box_text(b: [i32; 3]) -> String {
    format!("{}x{}x{}", b[0], b[1], b[2])
}

/// Parse one side typed by the user; the message names the side.
fn parse_side(name: &str, text: &str) -> Result<i64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!("Side {name} is empty: type a whole number."));
    }
    t.parse::<i64>()
        .map_err(|_| format!("Side {name} (“{t}”) is not a whole number."))
}

/// The box from the three inputs, or a sentence saying what is wrong.
fn parse_box(sides: [String; 3]) -> Result<[i32; 3], String> {
    let names = ["a", "b", "c"];
    let mut v = [0i64; 3];
    for k in 0..3 {
        v[k] = parse_side(names[k], &sides[k])?;
    }
    check_box(v).map_err(|e| format!("Bad box: {e}."))
}

/// Sage's `show_pentaminos`: the 17 pieces side by side, two rows.
fn gallery_scene() -> Scene {
    let all = pieces();
    let span = |k: usize| {
        all.iter()
            .map(|p| p.cells.iter().map(|c| c[k]).max().unwrap_or(0))
            .max()
            .unwrap_or(0)
            + 2
    };
    let (dx, dy) = (span(0), span(1));
    let per_row = 6;
    let rows = all.len().div_ceil(per_row) as i32;
    Scene::new(
        all.iter()
            .map(|p| {
                let (col, row) = ((p.index % per_row) as i32, (p.index / per_row) as i32);
                VoxelPiece {
                    cells: p
                        .cells
                        .iter()
                        .map(|c| [c[0] + col * dx, c[1] + (rows - 1 - row) * dy, c[2]])
                        .collect(),
                    color: p.rgb.clone(),
                    label: format!("piece {} ({})", p.index, p.color),
                }
            })
            .collect(),
        None,
    )
}

fn download(name: &str, mime: &str, text: &str) {
    crate::ui::dom::download_text(name, mime, text);
}

/// The workbench's state: copyable handles to signals.
#[derive(Clone, Copy)]
struct Bench {
    aside: RwSignal<u8>,
    preset: RwSignal<String>,
    sides: [RwSignal<String>; 3],
    /// The box the shown states belong to.
    solved_box: RwSignal<[i32; 3]>,
    solved_aside: RwSignal<u8>,
    states: RwSignal<Vec<Vec<PlacedPiece>>>,
    index: RwSignal<usize>,
    /// A build-up step on screen while animating (else the solution).
    frame_state: RwSignal<Option<Vec<PlacedPiece>>>,
    /// Solutions to show once found (route restore: jump to number n).
    target: StoredValue<usize>,
    exhausted: RwSignal<bool>,
    /// Solve and build-up (the count's state and message too).
    run: JobRun<QJob>,
    /// The workers of a count, and the count they share.
    count_jobs: [JobSlot; count::COUNT_SLOTS],
    counting: StoredValue<Option<count::Running>>,
    count: RwSignal<Option<CountView>>,
    options: RwSignal<ViewOptions>,
    partial: RwSignal<Partial>,
    steps: RwSignal<u64>,
}

impl Bench {
    fn new(aside: u8, bx: [i32; 3]) -> Bench {
        Bench {
            aside: RwSignal::new(aside),
            preset: RwSignal::new(preset_of(bx)),
            sides: bx.map(|v| RwSignal::new(v.to_string())),
            solved_box: RwSignal::new(bx),
            solved_aside: RwSignal::new(aside),
            states: RwSignal::new(Vec::new()),
            index: RwSignal::new(0),
            frame_state: RwSignal::new(None),
            target: StoredValue::new(0),
            exhausted: RwSignal::new(false),
            run: JobRun::new(),
            count_jobs: std::array::from_fn(|_| JobSlot::new()),
            counting: StoredValue::new(None),
            count: RwSignal::new(None),
            options: RwSignal::new(ViewOptions::default()),
            partial: RwSignal::new(Partial::Incremental),
            steps: RwSignal::new(0),
        }
    }

    /// Is the job (or the state on screen) a build-up animation? Its
    /// states go to the view only, never to the list of solutions.
    fn animating(&self) -> bool {
        self.frame_state.with_untracked(Option::is_some)
    }

    fn say(&self, tone: Tone, text: impl Into<String>) {
        self.run.say(tone, text);
    }

    /// The box as typed, validated.
    fn box_size(&self) -> Result<[i32; 3], String> {
        parse_box(self.sides.map(|s| s.get()))
    }

    fn abandon_all(&self) {
        self.run.abandon();
        self.abandon_count();
    }

    fn submit(&self, job: QuantuminoSolve, purpose: QJob) {
        self.abandon_count();
        let bench = *self;
        self.run
            .start(job, purpose, move |t, e, was| bench.on_event(t, e, was));
    }

    /// The current inputs, or `None` after saying what is wrong.
    fn checked(&self) -> Option<(u8, [i32; 3])> {
        match self.box_size() {
            Ok(b) => Some((self.aside.get_untracked(), b)),
            Err(e) => {
                self.say(Tone::Error, e);
                None
            }
        }
    }

    fn solve_to(&self, n: usize) {
        let Some((aside, bx)) = self.checked() else {
            return;
        };
        self.states.set(Vec::new());
        self.index.set(0);
        self.frame_state.set(None);
        self.count.set(None);
        self.exhausted.set(false);
        self.solved_box.set(bx);
        self.solved_aside.set(aside);
        self.options.update(|o| o.selected = None);
        self.target.set_value(n.max(1));
        self.say(Tone::Info, "Solving in the worker…");
        self.submit(
            QuantuminoSolve {
                aside,
                box_size: bx,
                partial: None,
                batch: n.max(1) as u32,
            },
            QJob::Solving,
        );
    }

    fn solve(&self) {
        self.solve_to(1);
    }

    /// Show what a route names: its aside and box, and its solution.
    fn go_to(&self, r: QuantuminoRoute) {
        if self.aside.get_untracked() != r.aside {
            self.aside.set(r.aside);
        }
        if self.box_size().ok() != Some(r.bx) {
            for (side, v) in self.sides.iter().zip(r.bx) {
                side.set(v.to_string());
            }
            self.preset.set(preset_of(r.bx));
        }
        if r.shown == 0 {
            return;
        }
        let same = self.solved_aside.get_untracked() == r.aside
            && self.solved_box.get_untracked() == r.bx
            && !self.animating();
        if same && self.states.with_untracked(Vec::len) >= r.shown {
            self.index.set(r.shown - 1);
            self.options.update(|o| o.selected = None);
        } else {
            self.solve_to(r.shown);
        }
    }

    fn next(&self) {
        let (i, len) = (
            self.index.get_untracked(),
            self.states.with_untracked(Vec::len),
        );
        if i + 1 < len {
            self.index.set(i + 1);
            self.options.update(|o| o.selected = None);
            return;
        }
        let idle = self.run.now() == RunState::Idle;
        if self.run.more(QJob::Solving, 1) {
            self.target.set_value(len + 1);
            self.say(Tone::Info, format!("Looking for solution {}…", len + 1));
        } else if idle && len == 0 {
            self.solve();
        }
    }

    fn previous(&self) {
        let i = self.index.get_untracked();
        if i > 0 {
            self.index.set(i - 1);
            self.options.update(|o| o.selected = None);
        }
    }

    fn animate(&self) {
        let Some((aside, bx)) = self.checked() else {
            return;
        };
        let partial = self.partial.get_untracked();
        self.solved_box.set(bx);
        self.solved_aside.set(aside);
        self.count.set(None);
        self.steps.set(0);
        self.frame_state.set(Some(Vec::new()));
        self.options.update(|o| o.selected = None);
        self.say(
            Tone::Info,
            format!(
                "Building up with Sage's partial={} …",
                partial_name(partial)
            ),
        );
        self.submit(
            QuantuminoSolve {
                aside,
                box_size: bx,
                partial: Some(partial),
                batch: 1,
            },
            QJob::Animating,
        );
    }

    fn cancel(&self) {
        if self.run.now().is(QJob::Counting) {
            self.cancel_count();
            return;
        }
        self.run.cancel();
    }

    /// After the controller's bookkeeping; `was` is the state before.
    fn on_event(&self, ticket: Ticket, event: Event<Vec<PlacedPiece>>, was: RunState<QJob>) {
        match event {
            Event::Progress(_) => {}
            Event::Item { item: placed, .. } => {
                if self.animating() {
                    self.steps.update(|s| *s += 1);
                    self.frame_state.set(Some(placed));
                } else {
                    self.states.update(|s| s.push(placed));
                    let len = self.states.with_untracked(Vec::len);
                    if len >= self.target.get_value() {
                        self.index.set(len - 1);
                    }
                }
            }
            Event::Waiting(_) => {
                if self.animating() {
                    // The build-up goes on: paused only until the timer.
                    self.run.state.set(was);
                    let bench = *self;
                    set_timeout(
                        move || {
                            let animating = RunState::Running(QJob::Animating);
                            if bench.run.state.try_get_untracked() == Some(animating) {
                                bench.run.more_for(ticket, 1);
                            }
                        },
                        Duration::from_millis(STEP_MS),
                    );
                    let n = self
                        .frame_state
                        .with_untracked(|f| f.as_ref().map_or(0, Vec::len));
                    self.say(
                        Tone::Info,
                        format!(
                            "Build-up step {}: {} placed.",
                            self.steps.get_untracked(),
                            plural(n as u128, "piece", "pieces")
                        ),
                    );
                    return;
                }
                let k = self.index.get_untracked() + 1;
                self.say(
                    Tone::Success,
                    format!("Solution {k}. Next looks for another."),
                );
            }
            Event::Done(stats) => {
                if self.animating() {
                    self.say(
                        Tone::Info,
                        if stats.cancelled {
                            format!(
                                "Build-up stopped after {} steps.",
                                self.steps.get_untracked()
                            )
                        } else {
                            format!("Build-up finished: {} steps.", self.steps.get_untracked())
                        },
                    );
                } else if stats.cancelled {
                    self.say(Tone::Info, "Cancelled.");
                } else {
                    self.exhausted.set(true);
                    let k = self.states.with_untracked(Vec::len);
                    if k == 0 {
                        let bx = self.solved_box.get_untracked();
                        let why = volume_note(bx);
                        self.say(
                            Tone::Error,
                            format!("No solution for a {} box{why}.", box_text(bx)),
                        );
                    } else {
                        self.index.set(k - 1);
                        self.say(
                            Tone::Info,
                            format!("No more solutions: there are exactly {k}."),
                        );
                    }
                }
            }
            Event::Error(_) => self.count.set(None),
        }
    }
}

fn partial_name(p: Partial) -> &'static str {
    match p {
        Partial::Incremental => "incremental",
        Partial::CommonPrefix => "common_prefix",
    }
}

#[component]
fn QuantuminoBench() -> impl IntoView {
    let shell = use_shell();
    let (route, problems) =
        QuantuminoRoute::parse(&shell.incoming.get_untracked().payload, PRESETS[0]);
    for p in problems {
        shell.notify(NoticeKind::Warning, p);
    }
    let (aside0, box0, n0) = (route.aside, route.bx, route.shown);
    let bench = Bench::new(aside0, box0);
    WorkerPool::global().warm_up();
    // A link's job (the solution it names, or the home's "count an aside")
    // starts once the views have drawn their first frame: that first WebGL
    // draw is the page's longest task, and no long task may run beside a
    // job. The worker is still loading then anyway.
    let alive = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let count = shell.take_intent("count");
    if n0 > 0 || count {
        let alive = alive.clone();
        crate::pool::after_first_paint(move || {
            if !alive.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            if n0 > 0 {
                bench.solve_to(n0);
            }
            if count {
                bench.count();
            }
        });
    }
    on_cleanup(move || {
        alive.store(false, std::sync::atomic::Ordering::Relaxed);
        bench.abandon_all();
    });

    // Back/Forward (or a link) while the workbench is open: its aside, box
    // and solution (found again unless it is among those found).
    Effect::new(move |prev: Option<()>| {
        let route = shell.incoming.get();
        if prev.is_none() || route.workbench != "quantumino" {
            return;
        }
        let (r, problems) = QuantuminoRoute::parse(&route.payload, PRESETS[0]);
        for p in problems {
            shell.notify(NoticeKind::Warning, p);
        }
        bench.go_to(r);
    });

    // The URL reproduces aside, box and the solution shown.
    Effect::new(move |_| {
        let aside = bench.aside.get();
        let bx = bench.box_size().ok();
        let n = if bench.states.with(Vec::is_empty)
            || bench.solved_aside.get() != aside
            || Some(bench.solved_box.get()) != bx
        {
            0
        } else {
            bench.index.get() + 1
        };
        let bx = bx.map_or_else(|| box_text(bench.solved_box.get_untracked()), box_text);
        shell.set_url("quantumino", &format!("{aside}/{bx}/{n}"));
    });

    let shown = Memo::new(move |_| {
        bench
            .frame_state
            .get()
            .or_else(|| bench.states.with(|s| s.get(bench.index.get()).cloned()))
    });
    let scene = Signal::derive(move || {
        let bx = bench.solved_box.get();
        shown.with(|s| solutions::quantumino_scene(s.as_deref().unwrap_or_default(), bx))
    });
    let gallery = Signal::derive(gallery_scene);
    let gallery_options = Signal::derive(move || ViewOptions {
        frame: false,
        explode: 0.0,
        selected: Some(usize::from(bench.aside.get())),
    });
    let pick_aside = Callback::new(move |hit: Option<usize>| {
        if let Some(i) = hit {
            bench.aside.set(i as u8);
        }
    });
    let pick_piece =
        Callback::new(move |hit: Option<usize>| bench.options.update(|o| o.selected = hit));

    let busy = move || bench.run.get().is_busy();
    let box_error = Memo::new(move |_| bench.box_size().err());

    let aside_chips = move || {
        pieces()
            .into_iter()
            .map(|p| {
                let i = p.index as u8;
                let label = format!("Put aside piece {} ({})", p.index, p.color);
                view! {
                    <button
                        type="button"
                        class="chip q-piece-chip"
                        data-testid=format!("q-aside-{}", p.index)
                        aria-pressed=move || (bench.aside.get() == i).to_string()
                        aria-label=label.clone()
                        title=label
                        on:click=move |_| bench.aside.set(i)
                    >
                        <span class="q-swatch" style=format!("background:{}", p.rgb)></span>
                        {p.index}
                    </button>
                }
            })
            .collect_view()
    };

    let aside_caption = move || {
        let a = bench.aside.get();
        let p = piece(usize::from(a)).expect("aside in range");
        format!(
            "Put aside: piece {a} ({}). Click a piece above or a chip below to change it.",
            p.color
        )
    };

    let aside_line = move || {
        let a = bench.aside.get();
        let p = piece(usize::from(a)).expect("aside in range");
        format!(
            "Piece {a} ({}) is put aside: choose another under Pieces.",
            p.color
        )
    };

    let summary = move || {
        shown.with(|s| match s {
            Some(s) => {
                let cells: usize = s.iter().map(|p| p.cells.len()).sum();
                let json = serde_json::to_string(&s.iter().map(|p| (p.piece, p.cells.clone())).collect::<Vec<_>>())
                    .unwrap_or_default();
                let what = if bench.frame_state.with(Option::is_some) {
                    format!("Build-up step {}", bench.steps.get())
                } else {
                    format!("Solution {} of {}{}", bench.index.get() + 1, bench.states.with(Vec::len), if bench.exhausted.get() { "" } else { "+" })
                };
                view! {
                    <p class="q-summary" data-testid="q-summary" data-pieces=s.len() data-cells=cells data-solution=json data-index=bench.index.get() + 1>
                        <strong>{what}</strong> {format!(" · {} · {} · box {}", plural(s.len() as u128, "piece", "pieces"), plural(cells as u128, "cell", "cells"), box_text(bench.solved_box.get()))}
                    </p>
                }
                .into_any()
            }
            None => view! { <p class="q-summary muted" data-testid="q-summary" data-pieces="0" data-cells="0">"No solution shown yet: choose the aside and the box, then Solve."</p> }.into_any(),
        })
    };

    let picked = move || {
        let sel = bench.options.with(|o| o.selected)?;
        let p = shown.with(|s| s.as_ref().and_then(|s| s.get(sel).cloned()))?;
        let info = piece(p.piece)?;
        let cells: Vec<String> = p
            .cells
            .iter()
            .map(|c| format!("({}, {}, {})", c[0], c[1], c[2]))
            .collect();
        Some(view! {
            <p class="q-picked" data-testid="q-picked" data-piece=p.piece>
                <span class="q-swatch" style=format!("background:{}", info.rgb)></span>
                <strong>{format!("Piece {} ({})", p.piece, info.color)}</strong>
                {format!(" — placed {} of the solution; cells {}", sel + 1, cells.join(", "))}
            </p>
        })
    };

    let state_text = move || {
        shown.with(|s| {
            s.as_ref().map(|pieces| {
                QuantuminoState {
                    aside: usize::from(bench.solved_aside.get()),
                    box_size: bench.solved_box.get(),
                    pieces: pieces.clone(),
                }
                .full_text()
            })
        })
    };

    let count_view = move || {
        bench.count.get().map(|c| {
            let elapsed = (c.now - c.started) / 1000.0;
            let eta = if c.fraction >= 1.0 {
                "done".to_string()
            } else {
                c.left_ms.map_or_else(
                    || "estimating the time left…".to_string(),
                    |(lo, hi)| format!("{} left", duration_range(lo / 1000.0, hi / 1000.0)),
                )
            };
            view! {
                <div class="counter" data-testid="q-count">
                    <ProgressBar fraction=c.fraction style=COUNT_BAR/>
                    <p class="counter-line" data-testid="q-count-line"
                        data-fraction=format!("{:.6}", c.fraction)
                        data-left=c.left_ms.filter(|_| c.fraction < 1.0).map(|(lo, _)| format!("{lo:.0}"))
                        data-left-high=c.left_ms.filter(|_| c.fraction < 1.0).map(|(_, hi)| format!("{hi:.0}"))>
                        <span class="count" data-testid="q-count-value" data-count=c.solutions.to_string() data-parts=c.parts_done.to_string()>{group(c.solutions)}</span>
                        {format!(
                            " {} in the {} of {} parts finished · {:.1}% · {} · {}",
                            noun(c.solutions, "solution", "solutions"),
                            c.parts_done,
                            c.parts,
                            c.fraction * 100.0,
                            duration(elapsed),
                            eta
                        )}
                    </p>
                </div>
            }
        })
    };

    let download_text = move |_| {
        if let Some(t) = state_text() {
            let name = format!(
                "quantumino-aside{}-{}-{}.txt",
                bench.solved_aside.get_untracked(),
                box_text(bench.solved_box.get_untracked()),
                bench.index.get_untracked() + 1
            );
            download(&name, "text/plain", &t);
        }
    };
    let download_x3d = move |_| {
        let s = scene.get_untracked();
        if !s.pieces.is_empty() {
            let title = format!(
                "Quantumino, aside {}, box {}",
                bench.solved_aside.get_untracked(),
                box_text(bench.solved_box.get_untracked())
            );
            let name = format!(
                "quantumino-aside{}-{}-{}.x3d",
                bench.solved_aside.get_untracked(),
                box_text(bench.solved_box.get_untracked()),
                bench.index.get_untracked() + 1
            );
            download(
                &name,
                "model/x3d+xml",
                &tessera_voxel::x3d::write(&s, &title),
            );
        }
    };

    let on_preset = move |e: leptos::ev::Event| {
        let v = event_target_value(&e);
        if let Some(b) = PRESETS.iter().find(|b| box_text(**b) == v) {
            for (side, v) in bench.sides.iter().zip(b) {
                side.set(v.to_string());
            }
        }
        bench.preset.set(v);
    };
    let side_input = move |k: usize, name: &'static str| {
        view! {
            <label class="q-side">
                <span class="sr-only">{format!("Box side {name}")}</span>
                <input
                    type="text"
                    inputmode="numeric"
                    size="3"
                    data-testid=format!("q-side-{name}")
                    aria-label=format!("Box side {name}")
                    aria-invalid=move || box_error.with(|e| e.as_ref().is_some_and(|e| e.contains(&format!("Side {name} ")))).to_string()
                    prop:value=move || bench.sides[k].get()
                    on:input=move |e| {
                        bench.sides[k].set(event_target_value(&e));
                        bench.preset.set("custom".into());
                    }
                />
            </label>
        }
    };

    let no_solve = move || busy() || box_error.with(Option::is_some);
    let no_prev =
        move || busy() || bench.index.get() == 0 || bench.frame_state.with(Option::is_some);
    let no_next = move || {
        busy()
            || bench.states.with(Vec::is_empty)
            || bench.frame_state.with(Option::is_some)
            || (bench.exhausted.get() && bench.index.get() + 1 >= bench.states.with(Vec::len))
    };
    view! {
        <div class="q-bench" data-testid="quantumino-bench">
            <section class="q-stage" aria-label="The box in 3D">
                <VoxelView
                    scene=scene
                    options=bench.options
                    on_pick=pick_piece
                    label="The box and the placed pieces in 3D. Drag to turn, wheel to zoom, click a piece to select it."
                    testid="q-view"
                />
                <div class="q-stage-bar">
                    // On phones the panel is far below: the buttons that
                    // change the view also sit right under it.
                    <div class="q-quick" role="group" aria-label="Solutions" data-testid="q-quick">
                        <button type="button" class="primary" data-testid="q-quick-solve" disabled=no_solve on:click=move |_| bench.solve()>"Solve"</button>
                        <button type="button" data-testid="q-quick-prev" aria-label="Previous solution" disabled=no_prev on:click=move |_| bench.previous()>"◀"</button>
                        <button type="button" data-testid="q-quick-next" aria-label="Next solution" disabled=no_next on:click=move |_| bench.next()>"▶"</button>
                    </div>
                    <ViewControls options=bench.options testid="q-view"/>
                </div>
                {summary}
                {picked}
                <details class="q-text">
                    <summary>"Solution in Sage's format"</summary>
                    <pre data-testid="q-solution-text">{move || state_text().unwrap_or_default()}</pre>
                </details>
            </section>
            <aside class="panel-column">
                <section class="card">
                    <h2>"Solve"</h2>
                    // What is solved first, then the buttons: at the top of
                    // the panel, so Solve is on the first screen of a laptop.
                    <h3 class="q-box-title">"Box"</h3>
                    <div class="q-box-row">
                        <select aria-label="Box preset" data-testid="q-preset" prop:value=move || bench.preset.get() on:change=on_preset>
                            {PRESETS.iter().map(|b| {
                                let t = box_text(*b);
                                let label = if *b == PRESETS[0] { format!("{} (the game)", t.replace('x', "×")) } else { t.replace('x', "×") };
                                view! { <option value=t>{label}</option> }
                            }).collect_view()}
                            <option value="custom">"Custom…"</option>
                        </select>
                        <span class="q-sides">
                            {side_input(0, "a")} <span aria-hidden="true">"×"</span>
                            {side_input(1, "b")} <span aria-hidden="true">"×"</span>
                            {side_input(2, "c")}
                        </span>
                    </div>
                    {move || box_error.get().map(|e| view! { <p class="message error q-box-error" role="alert" data-testid="q-box-error">{e}</p> })}
                    {move || {
                        bench.box_size().ok().filter(|b| b[0] * b[1] * b[2] != 80).map(|b| view! {
                            <p class="stats" data-testid="q-box-note">{format!("Volume {} ≠ 80: there will be no solution (Sage stops at once).", b[0] * b[1] * b[2])}</p>
                        })
                    }}
                    <p class="q-aside-line muted" data-testid="q-aside-line">{aside_line}</p>
                    <div class="actions">
                        <button type="button" class="primary" data-testid="q-solve" disabled=no_solve on:click=move |_| bench.solve()>"Solve"</button>
                        <button type="button" data-testid="q-prev" disabled=no_prev on:click=move |_| bench.previous()>"◀ Previous"</button>
                        <button type="button" data-testid="q-next" disabled=no_next on:click=move |_| bench.next()>"Next ▶"</button>
                    </div>
                    <h3>"Build-up (Sage's partial modes)"</h3>
                    <div class="actions secondary q-anim">
                        <select aria-label="Partial mode" data-testid="q-partial" on:change=move |e| bench.partial.set(if event_target_value(&e) == "common_prefix" { Partial::CommonPrefix } else { Partial::Incremental })>
                            <option value="incremental">"incremental"</option>
                            <option value="common_prefix">"common_prefix"</option>
                        </select>
                        <button type="button" data-testid="q-animate" disabled=move || busy() || box_error.with(Option::is_some) on:click=move |_| bench.animate()>"▶ Animate"</button>
                        <button type="button" class="danger" data-testid="q-stop" disabled=move || !bench.run.get().is(QJob::Animating) on:click=move |_| bench.cancel()>"Stop"</button>
                    </div>
                    <h3>"Count"</h3>
                    <div class="actions secondary">
                        <button type="button" data-testid="q-count-start" disabled=move || busy() || box_error.with(Option::is_some) on:click=move |_| bench.count()>"Count"</button>
                        <button type="button" class="danger" data-testid="q-cancel" disabled=move || !(bench.run.get().is(QJob::Counting) || bench.run.get().is(QJob::Solving)) on:click=move |_| bench.cancel()>"Cancel"</button>
                    </div>
                    {count_view}
                    <p class="stats q-count-note">"Count runs the slice-by-slice counter (no enumeration) in the Web Workers, the middle slice cut in 8 parts shared among them. Each finished part is saved in this browser: Cancel, or closing the page, loses nothing, and Count goes on from there. The game box needs minutes and a few GB of memory per worker; the CLI counts all 17 asides at once: " <code>"tessera quantumino count --all"</code>"."</p>
                    <StatusMessage message=bench.run.message testid="q-message" layout=MessageLayout::BoxedLine/>
                </section>
                <section class="card">
                    <h2>"Pieces"</h2>
                    <div class="q-gallery">
                        <VoxelView
                            scene=gallery
                            options=gallery_options
                            on_pick=pick_aside
                            label="The 17 pentacubes; click one to put it aside."
                            testid="q-gallery"
                            angles=[-90.0, 62.0]
                        />
                    </div>
                    <p class="q-caption" data-testid="q-aside-caption">{aside_caption}</p>
                    <div class="chips compact q-chips" role="group" aria-label="Piece put aside">{aside_chips}</div>
                </section>
                <section class="card">
                    <h2>"Download"</h2>
                    <div class="actions secondary">
                        <button type="button" data-testid="q-download-text" disabled=move || shown.with(Option::is_none) on:click=download_text>"Sage text"</button>
                        <button type="button" data-testid="q-download-x3d" disabled=move || shown.with(Option::is_none) on:click=download_x3d>"X3D scene"</button>
                    </div>
                </section>
            </aside>
        </div>
    }
}
