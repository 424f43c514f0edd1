//! The region editor: pick a lattice and a canvas size (or a preset), click
//! or drag cells on and off, choose pieces from a palette, then solve. The
//! draft is checked by `engine::polyform::editor::build` on every change, so
//! an impossible puzzle shows what to fix instead of starting a search.

use super::draw;
use super::solver::Solver;
use super::SolvingColumns;
use crate::model::format::plural;
use crate::model::polyform::{all_pieces, family_title, EditorState as State};
use crate::model::route::PolyformRoute;
use crate::ui::dom;
use leptos::prelude::*;
use std::collections::BTreeSet;
use tessera_engine::polyform::editor::{self as model, Draft, MAX_LAYERS, MAX_SIDE};
use tessera_engine::polyform::{library, region, sets, svg, Cell, Lattice};

/// A named starting shape: lattice, canvas size, set, and the region (the
/// whole canvas unless given).
struct Preset {
    label: &'static str,
    lattice: Lattice,
    size: (i32, i32, i32),
    set: &'static str,
    region: fn() -> Vec<Cell>,
    /// Pieces of the set left out (the 5×5 stick grid has room for 15 of
    /// the 16 tetrasticks).
    omit: &'static [&'static str],
}

impl Preset {
    const fn new(
        label: &'static str,
        lattice: Lattice,
        size: (i32, i32, i32),
        set: &'static str,
        region: fn() -> Vec<Cell>,
    ) -> Preset {
        Preset {
            label,
            lattice,
            size,
            set,
            region,
            omit: &[],
        }
    }

    const fn omit(self, omit: &'static [&'static str]) -> Preset {
        Preset { omit, ..self }
    }
}

const PRESETS: &[Preset] = {
    use Lattice::*;
    &[
        Preset::new("6×10", Square, (10, 6, 1), "pentominoes", || {
            region::rectangle(10, 6)
        }),
        Preset::new("8×8 − 2×2", Square, (8, 8, 1), "pentominoes", || {
            region::rectangle_without(8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)])
        }),
        Preset::new("5×12", Square, (12, 5, 1), "pentominoes", || {
            region::rectangle(12, 5)
        }),
        Preset::new("4×9", Triangle, (9, 4, 1), "hexiamonds", || {
            region::triangle_parallelogram(9, 4)
        }),
        Preset::new("6×6", Triangle, (6, 6, 1), "hexiamonds", || {
            region::triangle_parallelogram(6, 6)
        }),
        Preset::new("4×7", Hexagon, (7, 4, 1), "tetrahexes", || {
            region::hex_parallelogram(7, 4)
        }),
        Preset::new("3×3×3", Cube, (3, 3, 3), "soma", || {
            region::cuboid(3, 3, 3)
        }),
        Preset::new("3×4×5", Cube, (5, 4, 3), "solid-pentominoes", || {
            region::cuboid(5, 4, 3)
        }),
        Preset::new("5×5 grid", Stick, (5, 5, 1), "tetrasticks", || {
            region::stick_grid(5, 5)
        })
        .omit(&["H"]),
        // Polyform Puzzler's TritrigsTrapezoid6x2 (8 solutions).
        Preset::new("6×2 trapezoid", Trig, (6, 2, 1), "tritrigs", || {
            library::find("tritrigs-trapezoid-6x2")
                .map(|p| p.region)
                .unwrap_or_default()
        }),
        // Every edge of 5×3 hexagons: Polyform Puzzler's Pentatwigs5x3.
        Preset::new("5×3", Twig, (5, 3, 1), "pentatwigs", || {
            region::twig_grid(5, 3)
        }),
    ]
};

impl State {
    fn from_preset(p: &Preset) -> State {
        State {
            lattice: p.lattice,
            w: p.size.0,
            h: p.size.1,
            layers: p.size.2,
            region: (p.region)().into_iter().collect(),
            set: p.set.to_string(),
            pieces: all_pieces(p.set)
                .into_iter()
                .filter(|n| !p.omit.contains(&n.as_str()))
                .collect(),
            reuse: false,
        }
    }

    fn draft(&self) -> Draft {
        Draft {
            lattice: self.lattice,
            region: self.region.iter().copied().collect(),
            set: self.set.clone(),
            pieces: self.pieces.clone(),
            reuse: self.reuse,
        }
    }
}

#[component]
pub fn EditorView(solver: Solver, payload: RwSignal<String>, initial: String) -> impl IntoView {
    let (start, link_error) = if matches!(PolyformRoute::parse(&initial), PolyformRoute::Editor(ref s) if !s.is_empty())
    {
        match State::parse(&initial) {
            Ok(s) => (s, None),
            Err(e) => (
                State::from_preset(&PRESETS[0]),
                Some(format!("The editor link could not be read: {e}.")),
            ),
        }
    } else {
        (State::from_preset(&PRESETS[0]), None)
    };
    let state = RwSignal::new(start);
    let built =
        Memo::new(move |_| state.with(|s| model::build(&s.draft()).map_err(|e| e.to_string())));
    Effect::new(move |_| {
        payload.set(state.with(State::payload));
        solver.set_puzzle(
            built
                .get()
                .map_err(|e| format!("This puzzle cannot be solved as drawn: {e}.")),
        );
    });
    let canvas =
        Memo::new(move |_| state.with(|s| model::canvas_cells(s.lattice, s.w, s.h, s.layers)));
    // Drag painting: the first cell decides whether the drag adds or removes.
    let painting: StoredValue<Option<bool>> = StoredValue::new(None);
    let apply = move |i: usize, on: bool| {
        if let Some(c) = canvas.with_untracked(|v| v.get(i).copied()) {
            state.update(|s| {
                if on {
                    s.region.insert(c);
                } else {
                    s.region.remove(&c);
                }
            });
        }
    };
    let up = window_event_listener(leptos::ev::pointerup, move |_| painting.set_value(None));
    on_cleanup(move || up.remove());

    // Keyboard: one cell is the tab stop (roving tabindex);
    // arrows move to the nearest cell that way on any lattice, Enter or
    // Space switches it.
    let focused = RwSignal::new(0usize);
    let cells_view = move || {
        let s = state.get();
        let shift = s.w + 1;
        let cells = canvas.get();
        let shapes: Vec<Vec<(f64, f64)>> = cells
            .iter()
            .map(|&c| draw::cell_points(s.lattice, c, shift))
            .collect();
        let vb = draw::view_box(&shapes, 8.0);
        let centres: std::rc::Rc<Vec<(f64, f64)>> = std::rc::Rc::new(
            shapes
                .iter()
                .map(|p| {
                    let n = p.len().max(1) as f64;
                    (
                        p.iter().map(|q| q.0).sum::<f64>() / n,
                        p.iter().map(|q| q.1).sum::<f64>() / n,
                    )
                })
                .collect(),
        );
        let stop = focused.get_untracked().min(cells.len().saturating_sub(1));
        let stick = s.lattice.is_segment();
        let items = cells
            .iter()
            .zip(shapes)
            .enumerate()
            .map(|(i, (c, pts))| {
                let on = s.region.contains(c);
                let label = format!("cell {},{},{}", c[0], c[1], c[2]);
                let down = move |ev: leptos::ev::PointerEvent| {
                    ev.prevent_default();
                    focused.set(i);
                    painting.set_value(Some(!on));
                    apply(i, !on);
                };
                let centres = centres.clone();
                let key = move |ev: leptos::ev::KeyboardEvent| {
                    let dir = match ev.key().as_str() {
                        "Enter" | " " => {
                            ev.prevent_default();
                            apply(i, !on);
                            // The cell is usually redrawn in place; should
                            // the canvas be rebuilt, the focus comes back.
                            dom::focus_later(format!(".ed-canvas [data-i=\"{i}\"][tabindex]"));
                            return;
                        }
                        "ArrowRight" => (1.0, 0.0),
                        "ArrowLeft" => (-1.0, 0.0),
                        "ArrowDown" => (0.0, 1.0),
                        "ArrowUp" => (0.0, -1.0),
                        _ => return,
                    };
                    ev.prevent_default();
                    if let Some(j) = nearest_towards(&centres, i, dir) {
                        focused.set(j);
                        // Arrows do not redraw the canvas: focus at once, so
                        // the next key goes to the new cell.
                        dom::focus_now(&format!(".ed-canvas [data-i=\"{j}\"][tabindex]"));
                    }
                };
                let tabindex = if i == stop { "0" } else { "-1" };
                if stick {
                    let (a, b) = (pts[0], pts[1]);
                    view! {
                        <g class="ed-cell ed-stick" data-i=i data-on=on.to_string() aria-label=label
                            role="button" aria-pressed=on.to_string() tabindex=tabindex
                            on:pointerdown=down on:keydown=key>
                            <line class="ed-hit" x1=a.0 y1=a.1 x2=b.0 y2=b.1 data-i=i></line>
                            <line class="ed-seg" x1=a.0 y1=a.1 x2=b.0 y2=b.1 data-i=i></line>
                        </g>
                    }
                    .into_any()
                } else {
                    view! {
                        <polygon class="ed-cell" data-i=i data-on=on.to_string() aria-label=label role="button"
                            aria-pressed=on.to_string() tabindex=tabindex
                            points=draw::points_attr(&pts) on:pointerdown=down on:keydown=key></polygon>
                    }
                    .into_any()
                }
            })
            .collect::<Vec<_>>();
        let on_move = move |ev: leptos::ev::PointerEvent| {
            let Some(mode) = painting.get_value() else {
                return;
            };
            if ev.buttons() & 1 == 0 {
                painting.set_value(None);
                return;
            }
            let hit = dom::document()
                .element_from_point(ev.client_x() as f32, ev.client_y() as f32)
                .and_then(|e| e.get_attribute("data-i"))
                .and_then(|v| v.parse::<usize>().ok());
            if let Some(i) = hit {
                let c = canvas.with_untracked(|v| v.get(i).copied());
                if c.is_some_and(|c| state.with_untracked(|s| s.region.contains(&c)) != mode) {
                    apply(i, mode);
                }
            }
        };
        view! {
            <svg xmlns="http://www.w3.org/2000/svg" class="ed-canvas" data-testid="ed-canvas"
                data-lattice=s.lattice.family() viewBox=vb role="group"
                aria-label="Region editor: click or drag to switch cells on and off; with the keyboard, arrows move and Enter or Space switches"
                on:pointermove=on_move>
                {items}
            </svg>
        }
    };

    let ed_error = RwSignal::new(link_error);
    let lattice_select = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        if let Some(p) = PRESETS.iter().find(|p| p.lattice.family() == v) {
            state.set(State::from_preset(p));
        }
    };
    let dim_input = move |label: &'static str,
                          id: &'static str,
                          get: fn(&State) -> i32,
                          set: fn(&mut State, i32),
                          max: i32| {
        view! {
            <label class="ed-dim">
                <span class="field-label">{label}</span>
                <input type="number" min="1" max=max data-testid=id
                    prop:value=move || state.with(|s| get(s).to_string())
                    on:change=move |ev| {
                        let raw = event_target_value(&ev);
                        match raw.trim().parse::<i32>() {
                            Ok(v) if (1..=max).contains(&v) => {
                                ed_error.set(None);
                                state.update(|s| {
                                set(s, v);
                                let keep: BTreeSet<Cell> = model::canvas_cells(s.lattice, s.w, s.h, s.layers).into_iter().collect();
                                s.region.retain(|c| keep.contains(c));
                            })
                            }
                            _ => {
                                ed_error.set(Some(format!("{label} must be a whole number from 1 to {max} (you typed “{raw}”).")));
                            }
                        }
                    }/>
            </label>
        }
    };
    let presets = move || {
        let l = state.with(|s| s.lattice);
        PRESETS
            .iter()
            .enumerate()
            .filter(|(_, p)| p.lattice == l)
            .map(|(i, p)| {
                view! {
                    <button type="button" class="chip" data-testid=format!("ed-preset-{i}")
                        on:click=move |_| { ed_error.set(None); state.set(State::from_preset(&PRESETS[i])) }>
                        {p.label}
                    </button>
                }
            })
            .collect::<Vec<_>>()
    };
    let palette = move || {
        let s = state.get();
        let Some(set) = sets::named(&s.set) else {
            return Vec::new();
        };
        let puzzle_like =
            tessera_engine::polyform::Puzzle::new("palette", s.lattice, Vec::new(), set.clone());
        set.pieces
            .iter()
            .map(|piece| {
                let name = piece.name.clone();
                let chosen = s.pieces.contains(&name);
                let html = svg::render_piece(s.lattice, piece, svg::piece_color(&puzzle_like, &name), &draw::piece_style());
                let n2 = name.clone();
                view! {
                    <button type="button" class="pf-piece ed-piece" data-testid="ed-piece" data-name=name.clone()
                        aria-pressed=chosen.to_string()
                        on:click=move |_| state.update(|s| {
                            if let Some(k) = s.pieces.iter().position(|p| *p == n2) {
                                s.pieces.remove(k);
                            } else {
                                s.pieces.push(n2.clone());
                                let order = all_pieces(&s.set);
                                s.pieces.sort_by_key(|p| order.iter().position(|q| q == p));
                            }
                        })>
                        <span inner_html=html></span>
                        <span class="ed-piece-name">{name.clone()}</span>
                    </button>
                }
            })
            .collect::<Vec<_>>()
    };
    let status = move || {
        let (cells, pieces_area, n) = state.with(|s| {
            let area: usize = sets::named(&s.set)
                .map(|set| {
                    set.pieces
                        .iter()
                        .filter(|p| s.pieces.contains(&p.name))
                        .map(|p| p.size())
                        .sum()
                })
                .unwrap_or(0);
            (s.region.len(), area, s.pieces.len())
        });
        let verdict = match built.get() {
            Ok(_) => ("ok", "Ready to solve.".to_string()),
            Err(e) => ("error", format!("Not solvable as drawn: {e}.")),
        };
        view! {
            <p class="ed-status" data-testid="ed-status" data-state=verdict.0>
                <span data-testid="ed-counts">{format!("Region: {} · {} covering {}. ", plural(cells as u128, "cell", "cells"), plural(n as u128, "piece", "pieces"), plural(pieces_area as u128, "cell", "cells"))}</span>
                <span>{verdict.1}</span>
            </p>
        }
    };
    view! {
        <div class="pf-layout pf-editor">
            <aside class="card ed-controls" aria-label="Editor controls">
                <label>
                    <span class="field-label">"Family"</span>
                    <select data-testid="ed-lattice" on:change=lattice_select
                        prop:value=move || state.with(|s| s.lattice.family().to_string())>
                        {Lattice::ALL.iter().map(|l| view! {
                            <option value=l.family()>{family_title(*l)}</option>
                        }).collect::<Vec<_>>()}
                    </select>
                </label>
                <div class="ed-dims">
                    {dim_input("Width", "ed-w", |s| s.w, |s, v| s.w = v, MAX_SIDE)}
                    {dim_input("Height", "ed-h", |s| s.h, |s, v| s.h = v, MAX_SIDE)}
                    <Show when=move || state.with(|s| s.lattice == Lattice::Cube)>
                        {dim_input("Layers", "ed-layers", |s| s.layers, |s, v| s.layers = v, MAX_LAYERS)}
                    </Show>
                </div>
                <p class="field-error" role="alert" data-testid="ed-error">{move || ed_error.get()}</p>
                <div class="field-label">"Presets"</div>
                <div class="chips">{presets}</div>
                <div class="actions">
                    <button type="button" data-testid="ed-fill" on:click=move |_| state.update(|s| {
                        s.region = model::canvas_cells(s.lattice, s.w, s.h, s.layers).into_iter().collect();
                    })>"Fill all"</button>
                    <button type="button" data-testid="ed-clear" on:click=move |_| state.update(|s| s.region.clear())>"Clear"</button>
                </div>
                <label>
                    <span class="field-label">"Piece set"</span>
                    <select data-testid="ed-set" prop:value=move || state.with(|s| s.set.clone())
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            state.update(|s| { s.pieces = all_pieces(&v); s.set = v; });
                        }>
                        {move || model::palettes(state.with(|s| s.lattice)).iter().map(|n| view! {
                            <option value=*n>{*n}</option>
                        }).collect::<Vec<_>>()}
                    </select>
                </label>
                <div class="actions">
                    <button type="button" class="link" data-testid="ed-all-pieces"
                        on:click=move |_| state.update(|s| s.pieces = all_pieces(&s.set))>"All pieces"</button>
                    <button type="button" class="link" data-testid="ed-no-pieces"
                        on:click=move |_| state.update(|s| s.pieces.clear())>"None"</button>
                    <label class="check">
                        <input type="checkbox" data-testid="ed-reuse" prop:checked=move || state.with(|s| s.reuse)
                            on:change=move |ev| state.update(|s| s.reuse = event_target_checked(&ev))/>
                        " Reuse pieces"
                    </label>
                </div>
                <div class="pf-pieces ed-palette" aria-label="Piece palette">{palette}</div>
            </aside>
            <SolvingColumns solver=solver
                cube=Signal::derive(move || state.with(|s| s.lattice == Lattice::Cube))>
                <h2>"Draw a region"</h2>
                {cells_view}
                {status}
            </SolvingColumns>
        </div>
    }
}

/// The cell nearest to cell `from` in direction `dir` (a unit step on screen
/// axes): among the cells whose centre lies within 60° of that direction,
/// the closest, with the sideways offset counted double so a straight line
/// wins over a diagonal. Works on every lattice, squares to segments.
fn nearest_towards(centres: &[(f64, f64)], from: usize, dir: (f64, f64)) -> Option<usize> {
    let (x0, y0) = *centres.get(from)?;
    centres
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != from)
        .filter_map(|(j, &(x, y))| {
            let (dx, dy) = (x - x0, y - y0);
            let along = dx * dir.0 + dy * dir.1;
            let across = (dx * dir.1 - dy * dir.0).abs();
            (along > 1e-9 && across <= along * 1.8).then_some((j, along + 2.0 * across))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(j, _)| j)
}
