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

mod cube;
mod draw;
mod editor;
mod enumerate;
mod solver;

use super::shell::use_shell;
use super::workbench::Workbench;
use crate::model::format::{group, plural};
use leptos::prelude::*;
use solver::{Gallery, SolutionView, Solver, SolverPanel};
use tessera_engine::polyform::{library, svg, Lattice, Puzzle};

pub const WORKBENCH: Workbench = Workbench {
    id: "polyforms",
    title: "Polyforms",
    blurb:
        "Polyomino, polyiamond, polyhex, polycube and polystick puzzles, an editor and enumeration",
    view: || view! { <PolyformBench/> }.into_any(),
};

const DEFAULT_PUZZLE: &str = "pentominoes-6x10";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Library,
    Editor,
    Enumerate,
}

/// The family label of a lattice, plural, for headings.
pub fn family_title(l: Lattice) -> &'static str {
    match l {
        Lattice::Square => "Polyominoes",
        Lattice::Triangle => "Polyiamonds",
        Lattice::Hexagon => "Polyhexes",
        Lattice::Cube => "Polycubes",
        Lattice::Stick => "Polysticks",
        Lattice::Trig => "Polytrigs",
        Lattice::Twig => "Polytwigs",
    }
}

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
    match payload.split('/').next().unwrap_or("") {
        "edit" => Tab::Editor,
        "enum" => Tab::Enumerate,
        _ => Tab::Library,
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
                aria-checked=move || (tab.get() == t).to_string()
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

/// The puzzle library: a list with thumbnails, the chosen puzzle, its
/// pieces, the solver and the gallery.
#[component]
fn LibraryView(solver: Solver, payload: RwSignal<String>, initial: String) -> impl IntoView {
    let puzzles = StoredValue::new(library::puzzles());
    let start = initial
        .strip_prefix("lib/")
        .filter(|n| library::find(n).is_ok())
        .map(|n| library::find(n).map(|p| p.name).unwrap_or_default())
        .unwrap_or_else(|| DEFAULT_PUZZLE.to_string());
    let current = RwSignal::new(start);
    Effect::new(move |_| {
        let name = current.get();
        payload.set(format!("lib/{name}"));
        solver.set_puzzle(library::find(&name).map_err(|e| e.to_string()));
    });
    let list = move || {
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
                                        aria-pressed=move || (current.get() == name2).to_string()
                                        on:click=move |_| current.set(name.clone())>
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
        let name = current.get();
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
    };
    view! {
        <div class="pf-layout">
            <aside class="card pf-library" aria-label="Puzzle library">
                {list}
            </aside>
            <section class="pf-main">
                <div class="card">
                    {details}
                    <Drawings solver=solver cube=Signal::derive(move || {
                        solver.puzzle.with(|p| p.as_ref().is_ok_and(|p| p.lattice == Lattice::Cube))
                    })/>
                </div>
                <Gallery solver=solver/>
            </section>
            <aside class="pf-side">
                <SolverPanel solver=solver/>
            </aside>
        </div>
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
