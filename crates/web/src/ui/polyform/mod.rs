//! The Polyforms workbench, after David Goodger's Polyform Puzzler: a
//! library of puzzles on five lattices (squares, triangles, hexagons, cubes,
//! grid segments) with thumbnails; Solve / Next / Find all / Count in a Web
//! Worker with progress and Cancel; a gallery of solutions; downloads of
//! solution files and SVGs; an editor to draw a region and pick pieces; and
//! an enumeration view comparing counts with the published tables.
//!
//! Every computation is the engine's (`engine::polyform`): the UI only draws
//! SVG strings the engine makes and sends jobs to the worker.
//!
//! The URL fragment holds the view: `#polyforms/lib/<puzzle>`,
//! `#polyforms/edit/<family>/<w>x<h>x<layers>/<set>/<cells>/<pieces>/<reuse>`,
//! `#polyforms/enum/<family>/<size>[/one-sided]`.

mod catalogue;
mod cube;
mod draw;
mod editor;
mod enumerate;
mod solver;

use super::shell::{use_shell, NoticeKind};
use super::workbench::{Code, Workbench};
use crate::model::format::{group, plural};
use crate::model::route::clip;
use crate::model::route::{LibraryShown, PolyformRoute};
use catalogue::{CatState, CatalogueList};
use leptos::prelude::*;
use solver::{Gallery, SolutionView, Solver, SolverPanel};
use tessera_engine::polyform::{library, svg, Lattice, Puzzle};

pub const WORKBENCH: Workbench = Workbench {
    id: "polyforms",
    title: "Polyforms",
    blurb:
        "Polyomino, polyiamond, polyhex, polycube and polystick puzzles, an editor and enumeration",
    code: Code::Chunk {
        load: chunk::load,
        view: chunk::view,
    },
};

crate::chunk!(polyforms, PolyformBench);

const DEFAULT_PUZZLE: &str = "pentominoes-6x10";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Library,
    Editor,
    Enumerate,
}

/// The family label of a lattice, plural, for headings (model/polyform.rs).
pub use crate::model::polyform::family_title;

/// A puzzle's name for people: "pentominoes-8x8-hole" → "Pentominoes 8×8
/// hole" (the solution-file title stays Polyform Puzzler's).
pub fn display_name(name: &str) -> String {
    let mut out = String::new();
    for (i, word) in name.split('-').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let dims = word
            .split('x')
            .all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
        if dims && word.contains('x') {
            out.push_str(&word.replace('x', "×"));
        } else if i == 0 {
            let mut c = word.chars();
            if let Some(f) = c.next() {
                out.extend(f.to_uppercase());
                out.push_str(c.as_str());
            }
        } else if word.len() == 1 {
            out.push_str(&word.to_uppercase());
        } else {
            out.push_str(word);
        }
    }
    out
}

fn tab_of(payload: &str) -> Tab {
    match PolyformRoute::parse(payload) {
        PolyformRoute::Editor(_) => Tab::Editor,
        PolyformRoute::Enumerate(_) => Tab::Enumerate,
        PolyformRoute::Library(..) => Tab::Library,
    }
}

#[component]
fn PolyformBench() -> impl IntoView {
    let shell = use_shell();
    let incoming = shell.incoming.get_untracked().payload;
    let tab = RwSignal::new(tab_of(&incoming));
    let solver = Solver::new();
    // Each view keeps its own URL payload (so switching tabs comes back to
    // where the user was); the one on screen is the URL.
    let lib_payload = RwSignal::new(String::new());
    let edit_payload = RwSignal::new(String::new());
    let enum_payload = RwSignal::new(String::new());
    let slot = move |t: Tab| match t {
        Tab::Library => lib_payload,
        Tab::Editor => edit_payload,
        Tab::Enumerate => enum_payload,
    };
    slot(tab_of(&incoming)).set(incoming);
    // Bumped when a link is followed: the view is rebuilt from its payload.
    let version = RwSignal::new(0u32);
    Effect::new(move |_| {
        let p = slot(tab.get()).get();
        if !p.is_empty() {
            shell.set_url("polyforms", &p);
        }
    });
    // A link followed or typed while the workbench is open.
    Effect::new(move |prev: Option<()>| {
        let route = shell.incoming.get();
        if prev.is_some() && route.workbench == "polyforms" {
            let t = tab_of(&route.payload);
            solver.abandon();
            slot(t).set(route.payload);
            tab.set(t);
            version.update(|v| *v += 1);
        }
    });
    on_cleanup(move || solver.abandon());

    let tab_button = move |t: Tab, label: &'static str, id: &'static str| {
        view! {
            <button type="button" role="tab" class="segment" data-testid=id
                aria-selected=move || (tab.get() == t).to_string()
                on:click=move |_| {
                    if tab.get_untracked() != t {
                        solver.abandon();
                        tab.set(t);
                    }
                }>
                {label}
            </button>
        }
    };
    let body = move || {
        version.track();
        let t = tab.get();
        let initial = slot(t).get_untracked();
        match t {
            Tab::Library => {
                view! { <LibraryView solver=solver payload=lib_payload initial=initial/> }
                    .into_any()
            }
            Tab::Editor => {
                view! { <editor::EditorView solver=solver payload=edit_payload initial=initial/> }
                    .into_any()
            }
            Tab::Enumerate => {
                view! { <enumerate::EnumerateView payload=enum_payload initial=initial/> }
                    .into_any()
            }
        }
    };
    view! {
        <div class="pf-bench" data-testid="polyform-bench">
            <div class="segmented pf-tabs" role="tablist" aria-label="Polyform views">
                {tab_button(Tab::Library, "Library", "pf-tab-library")}
                {tab_button(Tab::Editor, "Editor", "pf-tab-editor")}
                {tab_button(Tab::Enumerate, "Enumerate", "pf-tab-enumerate")}
            </div>
            {body}
        </div>
    }
}

/// What the library's page shows: one of Tessera's own puzzles (by its
/// kebab-case name) or a Polyform Puzzler catalogue entry (by PP's class
/// name, e.g. `Pentominoes6x10`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sel {
    Lib(String),
    Cat(String),
}

impl Sel {
    fn of_payload(payload: &str) -> Sel {
        match PolyformRoute::parse(payload) {
            PolyformRoute::Library(Some(n), _)
                if library::puzzles().iter().any(|p| p.name == n) =>
            {
                Sel::Lib(n)
            }
            PolyformRoute::Library(Some(n), _) => Sel::Cat(n),
            _ => Sel::Lib(DEFAULT_PUZZLE.to_string()),
        }
    }

    fn name(&self) -> &str {
        match self {
            Sel::Lib(n) | Sel::Cat(n) => n,
        }
    }
}

/// The puzzle library: Tessera's puzzles and Polyform Puzzler's catalogue
/// with thumbnails, the chosen puzzle, its pieces, the solver and the
/// gallery.
#[component]
fn LibraryView(solver: Solver, payload: RwSignal<String>, initial: String) -> impl IntoView {
    let shell = use_shell();
    let puzzles = StoredValue::new(library::puzzles());
    let current = RwSignal::new(Sel::of_payload(&initial));
    // The solution the link (or the reload) had on screen: searched for
    // again once its puzzle is shown.
    let restore = StoredValue::new(match PolyformRoute::parse(&initial) {
        PolyformRoute::Library(Some(_), shown) if shown.n > 0 => Some(shown),
        _ => None,
    });
    let canonical = RwSignal::new(String::new());
    let cat_state = RwSignal::new(CatState::Loading);
    catalogue::load(cat_state);
    let show_cat = RwSignal::new(matches!(current.get_untracked(), Sel::Cat(_)));
    // Latched in the task after the click's (`dom::soon`): the switch
    // itself stays a short task.
    let cat_opened = RwSignal::new(show_cat.get_untracked());
    Effect::new(move |_| {
        if show_cat.get() && !cat_opened.get_untracked() {
            crate::ui::dom::soon(move || cat_opened.set(true));
        }
    });
    Effect::new(move |_| {
        let sel = current.get();
        let puzzle = match &sel {
            Sel::Lib(name) => library::find(name).map_err(|e| e.to_string()),
            Sel::Cat(id) => cat_state.with(|s| match s {
                CatState::Loading => Err("Loading Polyform Puzzler's catalogue…".to_string()),
                CatState::Failed(e) => {
                    // A PP title of one of Tessera's own puzzles still works.
                    library::find(id).map_err(|_| e.clone())
                }
                CatState::Ready(l) => match l.cat.get(id) {
                    Some(e) => l.cat.puzzle(e).map_err(|e| e.to_string()),
                    None => {
                        let text = format!(
                            "No puzzle “{}” in Tessera's library or Polyform Puzzler's catalogue.",
                            clip(id)
                        );
                        // Said where a link's problems are said (a notice),
                        // as well as in the solver's panel.
                        shell.notify(NoticeKind::Warning, format!("The link: {text}"));
                        Err(text)
                    }
                },
            }),
        };
        let canonical_name = match &sel {
            Sel::Cat(id) => cat_state.with(|s| match s {
                CatState::Ready(l) => l.cat.get(id).map(|e| e.id.clone()),
                _ => None,
            }),
            Sel::Lib(_) => None,
        }
        .unwrap_or_else(|| sel.name().to_string());
        canonical.set(canonical_name);
        let ready = puzzle.is_ok();
        solver.set_puzzle(puzzle);
        // The home's "solve a famous puzzle" link: solve once it is shown.
        if ready && shell.take_intent("solve") {
            solver.solve();
        } else if ready {
            if let Some(shown) = restore.get_value() {
                restore.set_value(None);
                solver.unique.set(!shown.all);
                solver.solve_to(shown.n);
            }
        }
    });
    // The URL names the puzzle and the solution on screen.
    Effect::new(move |_| {
        let name = canonical.get();
        if name.is_empty() {
            return;
        }
        let shown = LibraryShown {
            n: solver.shown.get().map_or(0, |i| i + 1),
            all: !solver.unique.get(),
        };
        payload.set(PolyformRoute::Library(Some(name), shown).payload());
    });
    let lib_name = move || match current.get() {
        Sel::Lib(n) => n,
        Sel::Cat(_) => String::new(),
    };
    // The list's thumbnails are the larger half of the page: they are
    // drawn in the task after the mount's (`dom::soon`), so that the puzzle,
    // its pieces and the solver come first and no task of opening the page
    // is long.
    let list_shown = RwSignal::new(false);
    crate::ui::dom::soon(move || list_shown.set(true));
    let list = move || {
        if !list_shown.get() {
            return Vec::new();
        }
        Lattice::ALL
            .iter()
            .map(|&l| {
                let items = puzzles.with_value(|ps| {
                    ps.iter()
                        .filter(|p| p.lattice == l)
                        .map(|p| {
                            let name = p.name.clone();
                            let name2 = name.clone();
                            let thumb = svg::render_region(p, &draw::thumb_style());
                            let info = p.info();
                            let count = info.known.as_ref().and_then(|k| k.unique).map(|u| {
                                plural(u, "solution", "solutions")
                            });
                            view! {
                                <li>
                                    <button type="button" class="pf-item" data-testid="pf-puzzle"
                                        data-name=name.clone()
                                        aria-pressed=move || (lib_name() == name2).to_string()
                                        on:click=move |_| current.set(Sel::Lib(name.clone()))>
                                        <span class="pf-item-thumb" inner_html=thumb></span>
                                        <span class="pf-item-text">
                                            <span class="pf-item-title">{display_name(&info.name)}</span>
                                            <span class="muted">
                                                {format!("{} {} · {}", info.cells,
                                                    if Lattice::from_family(&info.family).is_some_and(|l| l.is_segment()) { "segments" } else { "cells" },
                                                    plural(info.pieces as u128, "piece", "pieces"))}
                                                {count.map(|c| format!(" · {c}"))}
                                            </span>
                                        </span>
                                    </button>
                                </li>
                            }
                        })
                        .collect::<Vec<_>>()
                });
                view! {
                    <h3 class="pf-family">{family_title(l)}</h3>
                    <ul class="pf-list">{items}</ul>
                }
            })
            .collect::<Vec<_>>()
    };
    let details = move || {
        let name = match current.get() {
            Sel::Lib(n) => n,
            Sel::Cat(id) => return catalogue_details(&id, cat_state, solver).into_any(),
        };
        let p: Option<Puzzle> = library::find(&name).ok();
        p.map(|p| {
            let pieces = pieces_view(&p);
            let known = p.known.clone().map(|k| {
                let mut parts = Vec::new();
                if let Some(u) = k.unique {
                    parts.push(format!("{} up to symmetry", group(u)));
                }
                if let Some(a) = k.all {
                    parts.push(format!("{} in all", group(a)));
                }
                format!("Published: {} ({})", parts.join(", "), k.source)
            });
            view! {
                <div class="pf-puzzle-head">
                    <h2 class="pf-title" data-testid="pf-title" data-file-title=p.title.clone()>{display_name(&p.name)}</h2>
                    <p class="muted">{p.description.clone()}</p>
                    <p class="muted" data-testid="pf-known">{known}</p>
                </div>
                {pieces}
            }
        })
        .into_any()
    };
    let cat_selected = Signal::derive(move || match current.get() {
        Sel::Cat(id) => Some(id),
        Sel::Lib(_) => None,
    });
    // The catalogue opens on the page of the puzzle on screen (its PP
    // class; the list falls back to `catalogue::FIRST`).
    let cat_first = Signal::derive(move || match current.get() {
        Sel::Lib(n) => library::find(&n).map(|p| p.title).unwrap_or_default(),
        Sel::Cat(id) => id,
    });
    let source_button = move |cat: bool, label: &'static str, id: &'static str| {
        view! {
            <button type="button" class="segment" data-testid=id
                aria-pressed=move || (show_cat.get() == cat).to_string()
                on:click=move |_| show_cat.set(cat)>
                {label}
            </button>
        }
    };
    view! {
        <div class="pf-layout">
            <aside class="card pf-library" class:pf-library-cat=move || show_cat.get() aria-label="Puzzle library">
                <div class="segmented pf-source" role="group" aria-label="Library">
                    {source_button(false, "Tessera", "pf-source-tessera")}
                    {source_button(true, "PP catalogue", "pf-source-catalogue")}
                </div>
                <div class="pf-own" hidden=move || show_cat.get()>{list}</div>
                // The catalogue's list (a page of drawn thumbnails) is built
                // the first time it is shown, and kept.
                <div hidden=move || !show_cat.get()>
                    <Show when=move || cat_opened.get()>
                        <CatalogueList state=cat_state selected=cat_selected first=cat_first
                            on_pick=Callback::new(move |id: String| current.set(Sel::Cat(id)))/>
                    </Show>
                </div>
            </aside>
            <SolvingColumns solver=solver cube=Signal::derive(move || {
                solver.puzzle.with(|p| p.as_ref().is_ok_and(|p| p.lattice == Lattice::Cube))
            })>
                {details}
            </SolvingColumns>
        </div>
    }
}

/// The solving half of a puzzle page (the library's and the editor's):
/// a card with the page's own heading and details (`children`) above the
/// shown solution's drawings, the gallery, and the solver's side panel.
#[component]
fn SolvingColumns(solver: Solver, cube: Signal<bool>, children: Children) -> impl IntoView {
    view! {
        <section class="pf-main">
            <div class="card">
                {children()}
                <Drawings solver=solver cube=cube/>
            </div>
            <Gallery solver=solver/>
        </section>
        <aside class="pf-side">
            <SolverPanel solver=solver/>
        </aside>
    }
}

/// The shown solution drawn flat, and for polycubes also in the 3D viewer.
#[component]
fn Drawings(solver: Solver, cube: Signal<bool>) -> impl IntoView {
    view! {
        <Show when=move || cube.get()>
            <cube::CubeView solver=solver/>
        </Show>
        <SolutionView solver=solver/>
    }
}

/// The pieces of a puzzle as small drawings with their names.
fn pieces_view(p: &Puzzle) -> impl IntoView {
    let items = p
        .pieces
        .iter()
        .map(|piece| {
            let html = svg::render_piece(
                p.lattice,
                piece,
                svg::piece_color(p, &piece.name),
                &draw::piece_style(),
            );
            view! {
                <figure class="pf-piece" data-testid="pf-piece">
                    <span inner_html=html></span>
                    <figcaption>{piece.name.clone()}</figcaption>
                </figure>
            }
        })
        .collect::<Vec<_>>();
    view! { <div class="pf-pieces" aria-label="Pieces">{items}</div> }
}

/// The page of a catalogue entry: its name, PP's published count and
/// notes, Tessera's last count and time, the pieces (or why it cannot be
/// solved), or a notice naming an unknown id.
fn catalogue_details(id: &str, state: RwSignal<CatState>, solver: Solver) -> impl IntoView {
    let loaded = state.with(|s| match s {
        CatState::Ready(l) => Ok(l.clone()),
        CatState::Loading => Err(None),
        CatState::Failed(e) => Err(Some(e.clone())),
    });
    let l = match loaded {
        Ok(l) => l,
        Err(None) => {
            return view! { <p class="muted" data-testid="pf-cat-wait">"Loading Polyform Puzzler's catalogue…"</p> }
                .into_any()
        }
        Err(Some(e)) => {
            // One of Tessera's own puzzles by its PP title still shows.
            return match library::find(id) {
                Ok(p) => view! {
                    <div class="pf-puzzle-head">
                        <h2 class="pf-title" data-testid="pf-title" data-file-title=p.title.clone()>{display_name(&p.name)}</h2>
                        <p class="muted">{p.description.clone()}</p>
                    </div>
                    {pieces_view(&p)}
                }
                .into_any(),
                Err(_) => view! { <p class="message error" role="alert" data-testid="pf-unknown">{e}</p> }.into_any(),
            };
        }
    };
    let Some(e) = l.cat.get(id).cloned() else {
        return view! {
            <div class="notice pf-unknown" role="alert" data-testid="pf-unknown" data-id=id.to_string()>
                <strong>{format!("No puzzle “{id}”")}</strong>
                " in Tessera's library or in Polyform Puzzler's catalogue. Search the catalogue for a similar name."
            </div>
        }
        .into_any();
    };
    let published = catalogue::published_text(&e);
    let restriction = match e.pp_restriction.as_str() {
        "none" => "PP builds in no symmetry restriction here: its count includes symmetric copies (uncheck “Once up to symmetry” to compare).",
        _ => "PP counts up to symmetry, as Tessera does with “Once up to symmetry”.",
    };
    let pub_count = e
        .published
        .as_ref()
        .map(|p| p.count.to_string())
        .unwrap_or_default();
    let puzzle = l.cat.puzzle(&e);
    let pieces = puzzle.as_ref().ok().map(pieces_view);
    let region = puzzle
        .is_err()
        .then(|| catalogue::region_svg(&l.cat, &e, &draw::big_style()));
    let word = if e.lattice.is_segment() {
        "segments"
    } else {
        "cells"
    };
    let tessera = move || {
        solver.last.get().map(|(n, nodes, ms, complete)| {
            let how = if solver.unique.get_untracked() {
                "up to symmetry"
            } else {
                "in all"
            };
            view! {
                <p class="pf-cat-tessera" data-testid="pf-cat-tessera" data-count=n.to_string()
                    data-complete=complete.to_string()>
                    {format!("Tessera: {} {how}{} · {} nodes · {}",
                        plural(n, "solution", "solutions"),
                        if complete { "" } else { " (stopped early)" },
                        group(nodes as u128),
                        crate::model::format::format_ms(ms))}
                </p>
            }
        })
    };
    let notes = e
        .notes
        .iter()
        .map(|n| view! { <li>{n.clone()}</li> })
        .collect::<Vec<_>>();
    let has_notes = !notes.is_empty();
    view! {
        <div class="pf-puzzle-head">
            <h2 class="pf-title" data-testid="pf-title" data-file-title=e.id.clone() data-catalogue="true">{e.id.clone()}</h2>
            <p class="muted">
                {format!("{} · module {} · {} {word} · {} · set {}", e.family, e.module, e.cells,
                    plural(e.pieces as u128, "piece", "pieces"), e.set)}
                {e.designer.clone().map(|d| format!(" · designed by {d}"))}
            </p>
            {(!e.omit_one_of.is_empty()).then(|| view! {
                <p class="muted">{format!("One of {} is left out.", e.omit_one_of.join(", "))}</p>
            })}
            <p data-testid="pf-cat-published" data-count=pub_count>
                {match &published {
                    Some(p) => format!("Published (Polyform Puzzler): {p}. {restriction}"),
                    None => "Polyform Puzzler publishes no count for this puzzle.".to_string(),
                }}
            </p>
            {tessera}
            {e.unsupported.clone().map(|why| view! {
                <p class="message error" data-testid="pf-cat-unsupported-page">{format!("Unsupported: {why}")}</p>
            })}
            {has_notes.then(|| view! {
                <div class="pf-cat-notes" data-testid="pf-cat-notes">
                    <p class="muted">"Convention differences from Polyform Puzzler:"</p>
                    <ul>{notes}</ul>
                </div>
            })}
            <p class="muted"><a href=format!("#polyforms/lib/{}", e.id) data-testid="pf-cat-link">"Link to this puzzle"</a></p>
        </div>
        {pieces}
        {region.map(|r| view! { <figure class="pf-figure" inner_html=r></figure> })}
    }
    .into_any()
}
