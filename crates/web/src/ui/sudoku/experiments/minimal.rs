//! The minimal-puzzles card: draw random minimal puzzles in the worker
//! (`MinimalClues`), plot the share of each clue count with its 95%
//! interval as the snapshots arrive, and set the result beside published
//! figures (9×9) — with the warning that a generator's puzzles are not a
//! uniform draw from all minimal puzzles.

use super::{progress_bar, ExpCard, Experiment};
use crate::model::job::Tone;
use crate::ui::dom;
use crate::ui::job::{JobRun, MessageLayout, StatusMessage};
use leptos::prelude::*;
use tessera_engine::count::minimal::{csv, published, Config, Histogram};
use tessera_engine::sudoku::Shape;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::modeling::MinimalClues;

/// Grids offered: (label, box rows, box columns, default samples).
const SHAPES: [(&str, usize, usize, u32); 3] =
    [("9×9", 3, 3, 200), ("6×6", 2, 3, 300), ("4×4", 2, 2, 500)];

#[component]
pub fn MinimalCard() -> impl IntoView {
    let job: JobRun<Experiment> = JobRun::scoped();
    let shape = RwSignal::new(0usize);
    let samples = RwSignal::new(SHAPES[0].3);
    let seed = RwSignal::new(1u64);
    let shown = RwSignal::new(None::<Config>);
    let hist = RwSignal::new(None::<Histogram>);
    let run = move |_| {
        let (_, r, c, _) = SHAPES[shape.get_untracked()];
        let config = Config {
            shape: Shape::new(r, c).expect("offered shapes are valid"),
            samples: samples.get_untracked(),
            seed: seed.get_untracked(),
        };
        job.clear_message();
        shown.set(Some(config.clone()));
        hist.set(None);
        job.start(
            MinimalClues { config },
            Experiment::Sampling,
            move |_, e, _| match e {
                Event::Item { item, .. } => hist.set(Some(item)),
                Event::Done(stats) => {
                    let n = hist.with_untracked(|h| h.as_ref().map_or(0, |h| h.samples));
                    let text = if stats.cancelled {
                        format!("Cancelled after {n} puzzles; the histogram shows them.")
                    } else {
                        format!(
                            "Done: {n} minimal puzzles in {}.",
                            crate::model::format::format_ms(stats.total_ms)
                        )
                    };
                    job.say(Tone::Info, text);
                }
                _ => {}
            },
        );
    };
    let number = move |label: &'static str,
                       id: &'static str,
                       get: Signal<String>,
                       set: Callback<u64>| {
        view! {
            <label class="exp-field">
                <span>{label}</span>
                <input type="number" inputmode="numeric" min="0" data-testid=id
                    prop:value=move || get.get()
                    on:change=move |e| {
                        let text = event_target_value(&e);
                        match text.trim().parse::<u64>() {
                            Ok(v) => { set.run(v); job.clear_message(); }
                            Err(_) => job.say(Tone::Error, format!("{label} must be a whole number, not “{text}”.")),
                        }
                    }/>
            </label>
        }
    };
    let samples_in = number(
        "Puzzles",
        "minimal-samples",
        Signal::derive(move || samples.get().to_string()),
        Callback::new(move |v: u64| samples.set(v.min(100_000) as u32)),
    );
    let seed_in = number(
        "Seed",
        "minimal-seed",
        Signal::derive(move || seed.get().to_string()),
        Callback::new(move |v: u64| seed.set(v)),
    );
    let shape_select = view! {
        <label class="exp-field">
            <span>"Grid"</span>
            <select data-testid="minimal-shape" on:change=move |e| {
                if let Ok(i) = event_target_value(&e).parse::<usize>() {
                    if i < SHAPES.len() {
                        shape.set(i);
                        samples.set(SHAPES[i].3);
                    }
                }
            }>
                {SHAPES.iter().enumerate().map(|(i, (name, ..))| view! {
                    <option value=i.to_string() selected=move || shape.get() == i>{*name}</option>
                }).collect_view()}
            </select>
        </label>
    };
    let status = move || {
        match job.live.get() {
        Some(live) => {
            let text = format!(
                "{} of {} puzzles · {}",
                live.nodes,
                shown.with(|c| c.as_ref().map_or(0, |c| c.samples)),
                live.eta()
            );
            progress_bar(live.fraction, "Minimal puzzles drawn", text).into_any()
        }
        None => view! { <StatusMessage message=job.message testid="minimal-message" layout=MessageLayout::Transient/> }.into_any(),
    }
    };
    let download = move |_| {
        let (Some(config), Some(h)) = (shown.get_untracked(), hist.get_untracked()) else {
            return;
        };
        let n = config.shape.size();
        let name = format!("minimal-{n}x{n}-seed{}-n{}.csv", config.seed, h.samples);
        dom::download_text(&name, "text/csv", &csv(&h));
    };
    view! {
        <ExpCard id="minimal" title="Minimal puzzles"
            lead=concat!(
                "A puzzle is minimal when it has one solution and loses that the moment any single clue is taken away. ",
                "Here the generator makes them: a random complete grid, then every clue in a random order removed unless the solution would stop being unique. ",
                "How many clues are left? The bars are the share of each count among the puzzles drawn, the whiskers its 95% Wilson interval; ",
                "the same seed draws the same puzzles on every machine. ",
                "Removing clues from a full grid favours puzzles with few clues: the figures below compare it with published ones.",
            )>
            <div class="exp-controls minimal-controls">
                {shape_select}
                {samples_in}
                {seed_in}
            </div>
            <div class="actions">
                <button type="button" class="primary" data-testid="minimal-run"
                    disabled=move || job.get().is_busy() on:click=run>"Run"</button>
                <button type="button" data-testid="minimal-cancel"
                    disabled=move || !job.get().is_busy()
                    on:click=move |_| { job.cancel(); }>"Cancel"</button>
                <button type="button" data-testid="minimal-csv"
                    disabled=move || hist.with(Option::is_none) on:click=download>"Download CSV"</button>
            </div>
            {status}
            {move || {
                let config = shown.get()?;
                hist.with(|h| h.as_ref().map(|h| view! {
                    {plot(&config, h)}
                    {comparison(&config, h)}
                }))
            }}
        </ExpCard>
    }
}

const W: f64 = 640.0;
const H: f64 = 366.0;
const LEFT: f64 = 58.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 84.0;
const BOTTOM: f64 = 52.0;

fn plot(config: &Config, h: &Histogram) -> impl IntoView {
    let nine = config.shape.size() == 9;
    let real: Vec<(usize, f64)> = if nine {
        published()[2]
            .percent
            .iter()
            .filter(|(_, p)| *p >= 0.01)
            .map(|&(k, p)| (k, p / 100.0))
            .collect()
    } else {
        Vec::new()
    };
    let lo = h
        .bins
        .first()
        .map(|b| b.clues)
        .into_iter()
        .chain(real.first().map(|r| r.0))
        .min()
        .unwrap_or(0);
    let hi = h
        .bins
        .last()
        .map(|b| b.clues)
        .into_iter()
        .chain(real.last().map(|r| r.0))
        .max()
        .unwrap_or(lo);
    let span = (hi - lo + 1) as f64;
    let top = h
        .bins
        .iter()
        .map(|b| b.high)
        .chain(real.iter().map(|r| r.1))
        .fold(0.1f64, f64::max);
    let top = (top * 10.0).ceil() / 10.0;
    let pw = W - LEFT - RIGHT;
    let ph = H - TOP - BOTTOM;
    let slot = pw / span;
    let x = move |k: usize| LEFT + ((k - lo) as f64 + 0.5) * slot;
    let y = move |f: f64| TOP + (1.0 - f / top) * ph;
    let ticks: Vec<f64> = (0..=((top * 10.0).round() as usize))
        .map(|i| i as f64 / 10.0)
        .collect();
    let grid = ticks
        .iter()
        .map(|&f| {
            view! {
                <line class="exp-gridline" x1=LEFT x2=W - RIGHT y1=y(f) y2=y(f)/>
                <text class="exp-tick" x=LEFT - 8.0 y=y(f) + 4.0 text-anchor="end">{format!("{:.0}%", f * 100.0)}</text>
            }
        })
        .collect_view();
    let x_ticks = (lo..=hi)
        .map(|k| {
            view! {
                <text class="exp-tick" x=x(k) y=TOP + ph + 19.0 text-anchor="middle">{k.to_string()}</text>
            }
        })
        .collect_view();
    let bars = h
        .bins
        .iter()
        .map(|b| {
            let (xx, w) = (x(b.clues), slot * 0.6);
            view! {
                <g data-testid="minimal-bar" data-clues=b.clues data-count=b.count>
                    <rect class="minimal-bar" x=xx - w / 2.0 y=y(b.share) width=w height=(y(0.0) - y(b.share)).max(0.0)>
                        <title>{format!(
                            "{} clues: {} of {} ({:.1}%, 95% interval {:.1}–{:.1}%)",
                            b.clues, b.count, h.samples, b.share * 100.0, b.low * 100.0, b.high * 100.0
                        )}</title>
                    </rect>
                    <g class="exp-bar unique">
                        <line x1=xx x2=xx y1=y(b.low) y2=y(b.high)/>
                        <line x1=xx - 3.0 x2=xx + 3.0 y1=y(b.low) y2=y(b.low)/>
                        <line x1=xx - 3.0 x2=xx + 3.0 y1=y(b.high) y2=y(b.high)/>
                    </g>
                </g>
            }
        })
        .collect_view();
    let real_line: String = real
        .iter()
        .map(|&(k, p)| format!("{:.1},{:.1}", x(k), y(p)))
        .collect::<Vec<_>>()
        .join(" ");
    let real_marks = real
        .iter()
        .map(|&(k, p)| {
            view! {
                <rect class="minimal-real" x=x(k) - 4.0 y=y(p) - 4.0 width="8" height="8" transform=format!("rotate(45 {:.1} {:.1})", x(k), y(p))>
                    <title>{format!("{k} clues: {p:.4} of all minimal puzzles (Berthier's estimate)", p = p * 100.0)}</title>
                </rect>
            }
        })
        .collect_view();
    let n = config.shape.size();
    let caption = format!(
        "{n}×{n} · {} of {} minimal puzzles · seed {}",
        h.samples, config.samples, config.seed
    );
    view! {
        <figure class="exp-figure">
            <svg class="exp-plot" data-testid="minimal-plot" viewBox=format!("0 0 {W} {H}") role="img"
                aria-label="Share of random minimal puzzles by number of clues" data-samples=h.samples>
                <text class="exp-caption" x=LEFT y="20">{caption}</text>
                <text class="exp-caption2" x=LEFT y="42">{format!("mean {:.2} clues, standard deviation {:.2}", h.mean, h.sd)}</text>
                <rect class="exp-area" x=LEFT y=TOP width=pw height=ph/>
                {grid}
                <line class="exp-axis" x1=LEFT x2=W - RIGHT y1=TOP + ph y2=TOP + ph/>
                <line class="exp-axis" x1=LEFT x2=LEFT y1=TOP y2=TOP + ph/>
                {x_ticks}
                <text class="exp-axis-title" x=LEFT + pw / 2.0 y=H - 10.0 text-anchor="middle">"clues"</text>
                {bars}
                {(!real.is_empty()).then(|| view! {
                    <polyline class="minimal-real-line" points=real_line/>
                    {real_marks}
                    <g class="exp-legend" transform=format!("translate({LEFT} 68)")>
                        <rect class="minimal-bar" x="0" y="-10" width="10" height="10"/>
                        <text x="16" y="0">"drawn here"</text>
                        <rect class="minimal-real" x="146" y="-9" width="8" height="8" transform="rotate(45 150 -5)"/>
                        <text x="162" y="0">"all minimal puzzles"</text>
                    </g>
                })}
            </svg>
        </figure>
    }
}

/// Our mean beside the published ones (9×9), with what each is.
fn comparison(config: &Config, h: &Histogram) -> impl IntoView {
    let nine = config.shape.size() == 9;
    let rows = nine.then(|| {
        published()
            .into_iter()
            .map(|p| {
                let mean = p.mean.unwrap_or_else(|| {
                    p.percent.iter().map(|&(k, q)| k as f64 * q).sum::<f64>() / 100.0
                });
                view! {
                    <tr>
                        <td>{p.method}</td>
                        <td class="num">{format!("{mean:.2}")}</td>
                        <td class="num">{p.sd.map_or("–".to_string(), |s| format!("{s:.2}"))}</td>
                        <td>{format!("{} — {}", p.samples, p.source)}</td>
                    </tr>
                }
            })
            .collect_view()
    });
    view! {
        <p class="exp-summary" data-testid="minimal-summary">
            {format!("{} minimal puzzles: mean ", h.samples)}
            <span data-testid="minimal-mean">{format!("{:.2}", h.mean)}</span>
            {format!(" clues, standard deviation {:.2}, from {} to {}.",
                h.sd, h.bins.first().map_or(0, |b| b.clues), h.bins.last().map_or(0, |b| b.clues))}
        </p>
        {nine.then(|| view! {
            <table class="jnotes-table minimal-table" data-testid="minimal-published">
                <thead><tr><th>"Puzzles"</th><th>"Mean clues"</th><th>"SD"</th><th>"Source"</th></tr></thead>
                <tbody>
                    <tr class="exp-ours">
                        <td>"Tessera's generator (top-down), this run"</td>
                        <td class="num">{format!("{:.2}", h.mean)}</td>
                        <td class="num">{format!("{:.2}", h.sd)}</td>
                        <td>{format!("{} puzzles, seed {}", h.samples, config.seed)}</td>
                    </tr>
                    {rows}
                </tbody>
            </table>
            <p class="muted exp-method">
                "A generator does not draw every minimal puzzle with the same chance. Taking clues away from a full grid lands "
                "more often on puzzles with few clues, so its mean sits near the published top-down figure and about two clues "
                "below the real distribution, estimated over all minimal puzzles with a generator whose bias is known and corrected."
            </p>
        })}
    }
}
