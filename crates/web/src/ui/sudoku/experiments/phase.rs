//! The phase-transition card: controls, a live SVG plot that fills in as
//! the worker streams snapshots, and the data as CSV.

use super::ExpCard;
use super::{progress_bar, Experiment};
use crate::model::job::Tone;
use crate::ui::dom;
use crate::ui::job::{JobRun, MessageLayout, StatusMessage};
use leptos::prelude::*;
use tessera_engine::count::phase::{self, Config, Model, Point};
use tessera_engine::sudoku::Shape;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::count::PhaseTransition;

/// Grids offered, with the paper's clue range for 9×9 and a range around
/// the transition for the small ones.
const SHAPES: [(&str, usize, usize, usize, usize); 3] = [
    ("9×9", 3, 3, 17, 40),
    ("6×6", 2, 3, 6, 20),
    ("4×4", 2, 2, 3, 10),
];

fn model_label(m: Model) -> &'static str {
    match m {
        Model::GridSubset => "cells of a random grid",
        Model::RandomGivens => "random non-clashing givens",
    }
}

#[derive(Clone, Copy)]
struct State {
    shape: RwSignal<usize>,
    samples: RwSignal<u32>,
    seed: RwSignal<u64>,
    min: RwSignal<usize>,
    max: RwSignal<usize>,
    model: RwSignal<Model>,
    /// The run whose points are shown.
    shown: RwSignal<Option<Config>>,
    points: RwSignal<Vec<Point>>,
    /// The sampling job: run state, live progress, the status message.
    job: JobRun<Experiment>,
}

impl State {
    fn config(&self) -> Config {
        let (_, r, c, _, _) = SHAPES[self.shape.get_untracked()];
        Config {
            shape: Shape::new(r, c).expect("the offered shapes are valid"),
            model: self.model.get_untracked(),
            min_clues: self.min.get_untracked(),
            max_clues: self.max.get_untracked(),
            samples: self.samples.get_untracked(),
            seed: self.seed.get_untracked(),
        }
    }

    fn run(&self) {
        let config = self.config();
        if let Err(e) = config.validate() {
            self.job.say(Tone::Error, format!("Cannot run: {e}."));
            return;
        }
        self.job.clear_message();
        self.shown.set(Some(config));
        self.points.set(Vec::new());
        let s = *self;
        self.job.start(
            PhaseTransition { config },
            Experiment::Sampling,
            move |_, e, _| s.on_event(e),
        );
    }

    /// What the controller leaves to the card: the snapshots, and the
    /// closing sentence.
    fn on_event(&self, e: Event<Vec<Point>>) {
        match e {
            Event::Item { item: points, .. } => self.points.set(points),
            Event::Done(stats) => {
                let samples: u32 = self
                    .points
                    .with_untracked(|p| p.iter().map(Point::samples).sum());
                let text = if stats.cancelled {
                    format!("Cancelled after {samples} puzzles; the plot shows them.")
                } else {
                    format!(
                        "Done: {samples} puzzles classified in {}.",
                        crate::model::format::format_ms(stats.total_ms)
                    )
                };
                self.job.say(Tone::Info, text);
            }
            _ => {}
        }
    }
}

#[component]
pub fn PhaseCard() -> impl IntoView {
    let s = State {
        shape: RwSignal::new(0),
        samples: RwSignal::new(50),
        seed: RwSignal::new(1),
        min: RwSignal::new(17),
        max: RwSignal::new(40),
        model: RwSignal::new(Model::GridSubset),
        shown: RwSignal::new(None),
        points: RwSignal::new(Vec::new()),
        job: JobRun::scoped(),
    };
    let number =
        move |label: &'static str, id: &'static str, get: Signal<String>, set: Callback<String>| {
            view! {
                <label class="exp-field">
                    <span>{label}</span>
                    <input type="number" inputmode="numeric" min="0" data-testid=id
                        prop:value=move || get.get()
                        on:change=move |e| set.run(event_target_value(&e))/>
                </label>
            }
        };
    let parse_into =
        move |text: String, what: &str, apply: &dyn Fn(u64)| match text.trim().parse::<u64>() {
            Ok(v) => {
                apply(v);
                s.job.clear_message();
            }
            Err(_) => s.job.say(
                Tone::Error,
                format!("{what} must be a whole number, not “{text}”."),
            ),
        };
    let samples_in = number(
        "Puzzles per k",
        "phase-samples",
        Signal::derive(move || s.samples.get().to_string()),
        Callback::new(move |t: String| {
            parse_into(t, "Puzzles per k", &|v| {
                s.samples.set(v.min(u64::from(u32::MAX)) as u32)
            })
        }),
    );
    let seed_in = number(
        "Seed",
        "phase-seed",
        Signal::derive(move || s.seed.get().to_string()),
        Callback::new(move |t: String| parse_into(t, "The seed", &|v| s.seed.set(v))),
    );
    let min_in = number(
        "Fewest clues",
        "phase-min",
        Signal::derive(move || s.min.get().to_string()),
        Callback::new(move |t: String| parse_into(t, "Fewest clues", &|v| s.min.set(v as usize))),
    );
    let max_in = number(
        "Most clues",
        "phase-max",
        Signal::derive(move || s.max.get().to_string()),
        Callback::new(move |t: String| parse_into(t, "Most clues", &|v| s.max.set(v as usize))),
    );
    let shape_select = view! {
        <label class="exp-field">
            <span>"Grid"</span>
            <select data-testid="phase-shape" on:change=move |e| {
                if let Ok(i) = event_target_value(&e).parse::<usize>() {
                    if i < SHAPES.len() {
                        s.shape.set(i);
                        s.min.set(SHAPES[i].3);
                        s.max.set(SHAPES[i].4);
                    }
                }
            }>
                {SHAPES.iter().enumerate().map(|(i, (name, ..))| view! {
                    <option value=i.to_string() selected=move || s.shape.get() == i>{*name}</option>
                }).collect_view()}
            </select>
        </label>
    };
    let model_select = view! {
        <label class="exp-field exp-wide">
            <span>"Random puzzles"</span>
            <select data-testid="phase-model" on:change=move |e| {
                if let Ok(m) = event_target_value(&e).parse::<Model>() {
                    s.model.set(m);
                }
            }>
                {Model::ALL.into_iter().map(|m| view! {
                    <option value=m.name() selected=move || s.model.get() == m>{model_label(m)}</option>
                }).collect_view()}
            </select>
        </label>
    };
    let status = move || {
        match s.job.live.get() {
        Some(live) => {
            let text = format!("{:.0}% of the samples · {}", live.fraction * 100.0, live.eta());
            progress_bar(live.fraction, "Samples classified", text).into_any()
        }
        None => view! { <StatusMessage message=s.job.message testid="phase-message" layout=MessageLayout::Transient/> }.into_any(),
    }
    };
    let download = move |_| {
        let Some(config) = s.shown.get_untracked() else {
            return;
        };
        let name = format!(
            "phase-{}x{}-{}-seed{}-n{}.csv",
            config.shape.size(),
            config.shape.size(),
            config.model.name(),
            config.seed,
            config.samples
        );
        s.points
            .with_untracked(|p| dom::download_text(&name, "text/csv", &phase::csv(p)));
    };
    view! {
        <ExpCard id="phase" title="Phase transition in random puzzles"
            lead=concat!(
                "Take a random complete grid, keep k of its cells at random: how often is the solution still unique? ",
                "With few clues almost never, with many almost always — the switch is sharp, like a phase transition in physics. ",
                "Each point is the share of unique puzzles among those drawn for that k, with its 95% Wilson interval; ",
                "with random givens (not taken from a grid) the puzzle may have no solution at all, so the share of solvable ones is drawn too. ",
                "No 9×9 puzzle with 16 or fewer clues is unique (McGuire et al., 2012).",
            )>
            <div class="exp-controls">
                {shape_select}
                {model_select}
                {samples_in}
                {seed_in}
                {min_in}
                {max_in}
            </div>
            <div class="actions">
                <button type="button" class="primary" data-testid="phase-run"
                    disabled=move || s.job.get().is_busy()
                    on:click=move |_| s.run()>"Run"</button>
                <button type="button" data-testid="phase-cancel"
                    disabled=move || !s.job.get().is_busy()
                    on:click=move |_| { s.job.cancel(); }>"Cancel"</button>
                <button type="button" data-testid="phase-csv"
                    disabled=move || s.points.with(Vec::is_empty)
                    on:click=download>"Download CSV"</button>
            </div>
            {status}
            {move || s.shown.get().map(|config| s.points.with(|p| plot(&config, p)))}
            {move || s.shown.get().map(|config| s.points.with(|p| summary(&config, p)))}
        </ExpCard>
    }
}

/// Where a curve first reaches one half, interpolated between clue counts.
fn half_way(points: &[Point], value: impl Fn(&Point) -> f64) -> Option<f64> {
    let pts: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.samples() > 0)
        .map(|p| (p.clues as f64, value(p)))
        .collect();
    for w in pts.windows(2) {
        let ((k0, f0), (k1, f1)) = (w[0], w[1]);
        if (f0 - 0.5) * (f1 - 0.5) <= 0.0 && f0 != f1 {
            return Some(k0 + (0.5 - f0) / (f1 - f0) * (k1 - k0));
        }
    }
    None
}

fn summary(config: &Config, points: &[Point]) -> impl IntoView {
    let range = format!("{}..{}", config.min_clues, config.max_clues);
    let unique = match half_way(points, Point::fraction_unique) {
        Some(k) => format!("Half of the puzzles are unique at about k ≈ {k:.1} clues."),
        None => format!("The unique share does not cross one half between {range} clues."),
    };
    let solvable = (config.model == Model::RandomGivens).then(|| {
        match half_way(points, Point::fraction_solvable) {
            Some(k) => format!(" Half of them are solvable at about k ≈ {k:.1}."),
            None => format!(" The solvable share does not cross one half between {range} clues."),
        }
    });
    let show = points.iter().any(|p| p.samples() > 0);
    show.then(
        || view! { <p class="exp-summary" data-testid="phase-summary">{unique}{solvable}</p> },
    )
}

// ---- the plot ----

const W: f64 = 640.0;
const H: f64 = 380.0;
const LEFT: f64 = 58.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 58.0;
const BOTTOM: f64 = 52.0;

fn plot(config: &Config, points: &[Point]) -> impl IntoView {
    let span = (config.max_clues - config.min_clues + 1) as f64;
    let pw = W - LEFT - RIGHT;
    let ph = H - TOP - BOTTOM;
    let min = config.min_clues;
    let x = move |k: usize| LEFT + ((k - min) as f64 + 0.5) / span * pw;
    let y = move |f: f64| TOP + (1.0 - f) * ph;
    let width = config.max_clues - config.min_clues + 1;
    let label_every = match width {
        0..=13 => 1,
        14..=30 => 2,
        31..=60 => 5,
        _ => 10,
    };
    let done = points.iter().map(Point::samples).min().unwrap_or(0);
    let givens = config.model == Model::RandomGivens;
    let caption = format!(
        "n = {} per k{} · seed {}",
        config.samples,
        if done < config.samples {
            format!(" ({done} so far)")
        } else {
            String::new()
        },
        config.seed,
    );
    let caption2 = format!(
        "{}×{} · {}",
        config.shape.size(),
        config.shape.size(),
        model_label(config.model)
    );

    let grid_lines = [0.0, 0.25, 0.5, 0.75, 1.0]
        .into_iter()
        .map(|f| {
            let yy = y(f);
            view! {
                <line class=if f == 0.5 { "exp-half" } else { "exp-gridline" } x1=LEFT x2=W - RIGHT y1=yy y2=yy/>
                <text class="exp-tick" x=LEFT - 8.0 y=yy + 4.0 text-anchor="end">{format!("{:.0}%", f * 100.0)}</text>
            }
        })
        .collect_view();
    let x_ticks = config
        .clue_counts()
        .map(|k| {
            let xx = x(k);
            let labelled = k.is_multiple_of(label_every);
            view! {
                <line class="exp-axis" x1=xx x2=xx y1=TOP + ph y2=TOP + ph + if labelled { 6.0 } else { 3.0 }/>
                {labelled.then(|| view! {
                    <text class="exp-tick" x=xx y=TOP + ph + 19.0 text-anchor="middle">{k.to_string()}</text>
                })}
            }
        })
        .collect_view();

    let drawn: Vec<Point> = points.iter().copied().filter(|p| p.samples() > 0).collect();
    let series =
        |value: fn(&Point) -> f64, interval: fn(&Point) -> (f64, f64), class: &'static str| {
            let line: String = drawn
                .iter()
                .map(|p| format!("{:.1},{:.1}", x(p.clues), y(value(p))))
                .collect::<Vec<_>>()
                .join(" ");
            let bars = drawn
                .iter()
                .map(|p| {
                    let (lo, hi) = interval(p);
                    let xx = x(p.clues);
                    view! {
                        <g class=format!("exp-bar {class}")>
                            <line x1=xx x2=xx y1=y(lo) y2=y(hi)/>
                            <line x1=xx - 3.0 x2=xx + 3.0 y1=y(lo) y2=y(lo)/>
                            <line x1=xx - 3.0 x2=xx + 3.0 y1=y(hi) y2=y(hi)/>
                        </g>
                    }
                })
                .collect_view();
            view! {
                <polyline class=format!("exp-line {class}") points=line/>
                {bars}
            }
        };
    let unique_series = series(Point::fraction_unique, Point::unique_interval, "unique");
    let solvable_series = givens.then(|| {
        let marks = drawn
            .iter()
            .map(|p| {
                let (xx, yy) = (x(p.clues), y(p.fraction_solvable()));
                view! {
                    <rect class="exp-mark solvable" data-testid="phase-solvable" data-clues=p.clues
                        x=xx - 4.0 y=yy - 4.0 width="8" height="8">
                        <title>{format!("k = {}: {} of {} solvable", p.clues, p.unique + p.multiple, p.samples())}</title>
                    </rect>
                }
            })
            .collect_view();
        view! {
            {series(Point::fraction_solvable, Point::solvable_interval, "solvable")}
            {marks}
        }
    });
    let unique_marks = drawn
        .iter()
        .map(|p| {
            let (lo, hi) = p.unique_interval();
            view! {
                <circle class="exp-mark unique" data-testid="phase-point" data-clues=p.clues
                    data-unique=p.unique data-samples=p.samples()
                    cx=x(p.clues) cy=y(p.fraction_unique()) r="4.5">
                    <title>{format!(
                        "k = {}: {} of {} unique ({:.0}%, 95% interval {:.0}–{:.0}%), {} with several solutions, {} with none",
                        p.clues, p.unique, p.samples(), p.fraction_unique() * 100.0, lo * 100.0, hi * 100.0, p.multiple, p.none
                    )}</title>
                </circle>
            }
        })
        .collect_view();
    let legend_x = W - RIGHT - if givens { 236.0 } else { 80.0 };
    view! {
        <figure class="exp-figure">
            <svg class="exp-plot" data-testid="phase-plot" viewBox=format!("0 0 {W} {H}")
                role="img" aria-label="Fraction of random puzzles with a unique solution, by number of clues"
                data-seed=config.seed data-samples=config.samples>
                <text class="exp-caption" data-testid="plot-caption" x=LEFT y="20">{caption}</text>
                <text class="exp-caption2" x=LEFT y="42">{caption2}</text>
                <rect class="exp-area" x=LEFT y=TOP width=pw height=ph/>
                {grid_lines}
                <line class="exp-axis" x1=LEFT x2=W - RIGHT y1=TOP + ph y2=TOP + ph/>
                <line class="exp-axis" x1=LEFT x2=LEFT y1=TOP y2=TOP + ph/>
                {x_ticks}
                <text class="exp-axis-title" x=LEFT + pw / 2.0 y=H - 10.0 text-anchor="middle">"clues k"</text>
                <text class="exp-axis-title y" transform=format!("translate(16 {}) rotate(-90)", TOP + ph / 2.0)
                    text-anchor="middle">"share of puzzles"</text>
                {solvable_series}
                {unique_series}
                {unique_marks}
                <g class="exp-legend" transform=format!("translate({legend_x} 20)")>
                    <circle class="exp-mark unique" cx="6" cy="-4" r="4.5"/>
                    <text x="16" y="0">"unique"</text>
                    {givens.then(|| view! {
                        <rect class="exp-mark solvable" x="86" y="-8" width="8" height="8"/>
                        <text x="100" y="0">"solvable (≥ 1)"</text>
                    })}
                </g>
            </svg>
        </figure>
    }
}
