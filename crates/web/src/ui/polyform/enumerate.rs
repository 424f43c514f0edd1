//! The enumeration view: count the polyforms of a family up to a size in
//! the worker (Redelmeier's method in the engine), compare with the
//! published table, and browse the pieces of one size drawn as SVG.

use super::draw;
use super::family_title;
use crate::model::format::{format_ms, group};
use crate::model::job::{Purpose, Tone};
use crate::model::polyform::parse_enumerate;
use crate::model::route::PolyformRoute;
use crate::ui::job::JobRun;
use leptos::prelude::*;
use tessera_engine::polyform::editor::{published_counts, PUBLISHED_ONE_SIDED_POLYOMINOES};
use tessera_engine::polyform::enumerate::{max_size, Counts};
use tessera_engine::polyform::{svg, Cell, Lattice, Piece};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::polyform::{PolyformEnumerate, Polyforms};

/// Pieces are listed (and drawn) up to this size; counts go further.
pub const LIST_MAX: usize = 8;
/// The pieces drawn per page.
const SHOW: usize = 240;

#[derive(Clone, Debug, PartialEq)]
struct Result_ {
    lattice: Lattice,
    size: usize,
    one_sided: bool,
    counts: Vec<Counts>,
    pieces: Vec<Vec<Cell>>,
    ms: f64,
}

/// The enumeration view's one job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Enumerating;

impl Purpose for Enumerating {
    fn name(self) -> &'static str {
        "enumerating"
    }

    fn reports_stats(self) -> bool {
        false
    }
}

#[component]
pub fn EnumerateView(payload: RwSignal<String>, initial: String) -> impl IntoView {
    let (l0, s0, o0) = if matches!(PolyformRoute::parse(&initial), PolyformRoute::Enumerate(ref s) if !s.is_empty())
    {
        parse_enumerate(&initial)
    } else {
        (Lattice::Square, 5, false)
    };
    let lattice = RwSignal::new(l0);
    let size_text = RwSignal::new(s0.to_string());
    let one_sided = RwSignal::new(o0);
    let result: RwSignal<Option<Result_>> = RwSignal::new(None);
    // The controller's message is the line under the buttons: the size
    // typed wrong, the worker's error, or "Cancelled.".
    let job: JobRun<Enumerating> = JobRun::scoped();
    let running = move || job.get().is_busy();
    let page = RwSignal::new(0usize);

    let size = move || size_text.with(|t| t.trim().parse::<usize>().ok());
    Effect::new(move |_| {
        let s = size().unwrap_or(5);
        payload.set(format!(
            "enum/{}/{}{}",
            lattice.get().family(),
            s,
            if one_sided.get() { "/one-sided" } else { "" }
        ));
    });
    let run = move || {
        let l = lattice.get_untracked();
        let max = max_size(l);
        let n = match size() {
            Some(n) if (1..=max).contains(&n) => n,
            _ => {
                job.say(
                    Tone::Error,
                    format!(
                        "The size must be a whole number from 1 to {max} for {} (you typed “{}”).",
                        family_title(l).to_lowercase(),
                        size_text.get_untracked()
                    ),
                );
                return;
            }
        };
        job.clear_message();
        let os = one_sided.get_untracked();
        page.set(0);
        job.start(
            PolyformEnumerate {
                lattice: l,
                size: n,
                one_sided: os,
                list: n <= LIST_MAX,
            },
            Enumerating,
            move |_, e, _| {
                let ms = job.elapsed();
                match e {
                    Event::Item {
                        item: Polyforms { counts, pieces },
                        ..
                    } => result.set(Some(Result_ {
                        lattice: l,
                        size: n,
                        one_sided: os,
                        counts,
                        pieces,
                        ms,
                    })),
                    Event::Done(stats) if stats.cancelled => job.say(Tone::Info, "Cancelled."),
                    // The controller has shown an error and gone idle.
                    _ => {}
                }
            },
        );
    };
    let table = move || {
        result.get().map(|r| {
            let published = published_counts(r.lattice);
            let rows = r
                .counts
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    // Polycubes: the published count is the one-sided one.
                    let ours = if r.lattice == Lattice::Cube { c.one_sided } else { c.free };
                    let pubd = published.get(i).copied();
                    let pub_os = (r.lattice == Lattice::Square)
                        .then(|| PUBLISHED_ONE_SIDED_POLYOMINOES.get(i).copied())
                        .flatten();
                    let ok = pubd.map(|p| p == ours).unwrap_or(true)
                        && pub_os.map(|p| p == c.one_sided).unwrap_or(true);
                    view! {
                        <tr data-testid="en-row" data-size=i + 1 data-free=c.free data-one-sided=c.one_sided
                            data-ok=ok.to_string()>
                            <td>{i + 1}</td>
                            <td>{group(c.fixed as u128)}</td>
                            <td>{group(c.one_sided as u128)}</td>
                            <td>{group(c.free as u128)}</td>
                            <td>{pubd.map(|p| group(p as u128)).unwrap_or_else(|| "—".into())}</td>
                            <td class="en-check" aria-label=match pubd { Some(_) if ok => "agrees", Some(_) => "differs", None => "nothing published" }>{match pubd { Some(_) if ok => "✓", Some(_) => "✗", None => "" }}</td>
                        </tr>
                    }
                })
                .collect::<Vec<_>>();
            view! {
                <table class="en-table" data-testid="en-table">
                    <caption>{format!("{} of 1 to {} cells, in {}", family_title(r.lattice), r.size, format_ms(r.ms))}</caption>
                    <thead><tr>
                        <th>"n"</th><th>"fixed"</th>
                        <th>{if r.lattice == Lattice::Cube { "rotations" } else { "one-sided" }}</th>
                        <th>{if r.lattice == Lattice::Cube { "with mirrors" } else { "free" }}</th>
                        <th>"published"</th><th><span class="visually-hidden">"agrees with the published count"</span></th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            }
        })
    };
    let gallery = move || {
        result.get().map(|r| {
            if r.size > LIST_MAX {
                return view! { <p class="muted">{format!("Pieces are drawn up to size {LIST_MAX}.")}</p> }.into_any();
            }
            let total = r.pieces.len();
            let p = page.get();
            let shown = r
                .pieces
                .iter()
                .enumerate()
                .skip(p * SHOW)
                .take(SHOW)
                .map(|(i, cells)| {
                    let piece = Piece::new(r.lattice, &format!("{}", i + 1), cells);
                    let color = svg::PALETTE[i % svg::PALETTE.len()];
                    let html = svg::render_piece(r.lattice, &piece, color, &draw::piece_style());
                    view! { <figure class="pf-piece" data-testid="en-piece"><span inner_html=html></span><figcaption>{i + 1}</figcaption></figure> }
                })
                .collect::<Vec<_>>();
            let pages = total.div_ceil(SHOW).max(1);
            view! {
                <div class="pf-gallery-head">
                    <h3 data-testid="en-pieces-title">
                        {format!("The {} {} {} of size {}", group(total as u128),
                            if r.one_sided { "one-sided" } else { "free" },
                            family_title(r.lattice).to_lowercase(), r.size)}
                    </h3>
                    <span class="pf-pager">
                        <button type="button" class="link" disabled=move || page.get() == 0
                            on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"‹ Prev"</button>
                        <span class="muted">{format!("page {} of {pages}", p + 1)}</span>
                        <button type="button" class="link" disabled=move || { page.get() + 1 >= pages }
                            on:click=move |_| page.update(|p| *p += 1)>"Next ›"</button>
                    </span>
                </div>
                <div class="pf-pieces en-pieces">{shown}</div>
            }
            .into_any()
        })
    };
    view! {
        <div class="pf-layout pf-enum">
            <aside class="card ed-controls" aria-label="Enumeration controls">
                <label>
                    <span class="field-label">"Family"</span>
                    <select data-testid="en-lattice" prop:value=move || lattice.get().family().to_string()
                        on:change=move |ev| {
                            if let Some(l) = Lattice::from_family(&event_target_value(&ev)) { lattice.set(l); }
                        }>
                        {Lattice::ALL.iter().map(|l| view! { <option value=l.family()>{family_title(*l)}</option> }).collect::<Vec<_>>()}
                    </select>
                </label>
                <label>
                    <span class="field-label">{move || format!("Size (1 to {})", max_size(lattice.get()))}</span>
                    <input type="number" min="1" data-testid="en-size" prop:value=move || size_text.get()
                        on:input=move |ev| size_text.set(event_target_value(&ev))
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" { run() }/>
                </label>
                <label class="check">
                    <input type="checkbox" data-testid="en-one-sided" prop:checked=move || one_sided.get()
                        on:change=move |ev| one_sided.set(event_target_checked(&ev))/>
                    " List one-sided pieces (mirror images distinct)"
                </label>
                <div class="actions">
                    <button type="button" class="primary" data-testid="en-run" disabled=running
                        on:click=move |_| run()>"Enumerate"</button>
                    <button type="button" class="danger" data-testid="en-cancel" disabled=move || !running()
                        on:click=move |_| { job.abandon(); job.say(Tone::Info, "Cancelled."); }>"Cancel"</button>
                </div>
                <p class="muted" data-testid="en-running" class:hidden=move || !running()>"Enumerating in a worker…"</p>
                <p class="field-error" role="alert" data-testid="en-error">{move || job.message.get().map(|m| m.text)}</p>
                <p class="hint">"Counts of every size up to n come from one run of Redelmeier’s method; the last column compares with Polyform Puzzler’s published table."</p>
            </aside>
            // Before the first run, one card says what a run shows (no empty
            // cards); then the table and the pieces.
            <section class="pf-main">
                <div class="card" data-testid="en-intro" class:hidden=move || result.with(Option::is_some)>
                    <h2>"Count polyforms"</h2>
                    <p class="muted">
                        "Pick a family and a size, then Enumerate: a table of the fixed, one-sided and free counts of every size up to it, "
                        "checked against the published numbers, and the pieces of the largest size drawn."
                    </p>
                </div>
                <div class="card" class:hidden=move || result.with(Option::is_none)>{table}</div>
                <div class="card" class:hidden=move || result.with(Option::is_none)>{gallery}</div>
            </section>
        </div>
    }
}
