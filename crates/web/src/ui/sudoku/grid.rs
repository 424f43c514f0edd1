//! The grid, its toolbar and the on-screen keypad.

use super::lab::{Highlights, HL_CELL, HL_PLACE, HL_UNIT};
use super::Bench;
use crate::model::sudoku::board::{key_value, symbol, Board, SIZES};
use leptos::prelude::*;
use tessera_engine::sudoku::Shape;
use web_sys::KeyboardEvent;

const GRID_ID: &str = "sudoku-grid";

fn focus_grid() {
    crate::ui::dom::focus_id(GRID_ID);
}

#[component]
pub fn Toolbar(bench: Bench, mode: AnyView) -> impl IntoView {
    let shape_value = move || bench.board.with(|b| b.shape.to_string());
    view! {
        <div class="toolbar">
            <label class="size-picker">
                <span class="visually-hidden">"Grid size"</span>
                <select
                    data-testid="size-select"
                    aria-label="Grid size and box shape"
                    on:change=move |e| {
                        if let Ok(shape) = Shape::parse(&event_target_value(&e)) {
                            bench.change_shape(shape);
                        }
                    }
                >
                    {SIZES
                        .iter()
                        .map(|&(label, r, c)| {
                            let value = format!("{r}x{c}");
                            let v2 = value.clone();
                            // The closed select shows its option's text in a
                            // narrow toolbar: the size, and the boxes only
                            // when they are not square ("6×6 (2×3)").
                            let n = r * c;
                            let short = if r == c {
                                format!("{n}×{n}")
                            } else {
                                format!("{n}×{n} ({r}×{c})")
                            };
                            view! {
                                <option value=value title=label selected=move || shape_value() == v2>
                                    {short}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            {mode}
            <div class="toolbar-group" role="group" aria-label="Edit">
                <UndoRedo labelled=true
                    can_undo=Signal::derive(move || bench.history.with(|h| h.can_undo()))
                    can_redo=Signal::derive(move || bench.history.with(|h| h.can_redo()))
                    on_undo=move |()| bench.undo() on_redo=move |()| bench.redo()/>
                <button
                    type="button"
                    class="tool"
                    class:on=move || bench.notes_mode.get()
                    data-testid="notes-toggle"
                    title="Pencil marks (Space)"
                    aria-pressed=move || bench.notes_mode.get().to_string()
                    on:click=move |_| bench.notes_mode.update(|m| *m = !*m)
                >
                    <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 20h4L19 9l-4-4L4 16z"></path><path d="m13.5 6.5 4 4"></path></svg>
                    <span class="tool-label">"Notes"</span>
                </button>
            </div>
        </div>
    }
}

/// Undo and Redo tool buttons (the editor's, with their labels shown, and
/// play mode's, icons only).
#[component]
pub fn UndoRedo(
    labelled: bool,
    can_undo: Signal<bool>,
    can_redo: Signal<bool>,
    #[prop(into)] on_undo: Callback<()>,
    #[prop(into)] on_redo: Callback<()>,
) -> impl IntoView {
    let button = move |id: &'static str,
                       label: &'static str,
                       keys: &'static str,
                       icon: [&'static str; 2],
                       enabled: Signal<bool>,
                       run: Callback<()>| {
        view! {
            <button type="button" class="tool" data-testid=id title=format!("{label} ({keys})") aria-label=label
                disabled=move || !enabled.get() on:click=move |_| run.run(())>
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d=icon[0]></path><path d=icon[1]></path></svg>
                {labelled.then(|| view! { <span class="tool-label">{label}</span> })}
            </button>
        }
    };
    view! {
        {button("undo", "Undo", "Ctrl+Z", ["M9 14 4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 0 11H11"], can_undo, on_undo)}
        {button("redo", "Redo", "Ctrl+Y", ["m15 14 5-5-5-5", "M20 9H9.5a5.5 5.5 0 0 0 0 11H13"], can_redo, on_redo)}
    }
}

/// Static per-cell classes: thick rules on box edges (the editor's grid
/// and play mode's).
pub(super) fn edge_classes(shape: Shape, i: usize) -> String {
    let n = shape.size();
    let (r, c) = (i / n, i % n);
    let mut s = String::from("cell");
    if c % shape.box_cols == shape.box_cols - 1 && c != n - 1 {
        s.push_str(" box-r");
    }
    if r % shape.box_rows == shape.box_rows - 1 && r != n - 1 {
        s.push_str(" box-b");
    }
    if c == n - 1 {
        s.push_str(" last-c");
    }
    if r == n - 1 {
        s.push_str(" last-r");
    }
    s
}

fn peers(shape: Shape, a: usize, b: usize) -> bool {
    let n = shape.size();
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra == rb || ca == cb || shape.box_of(ra, ca) == shape.box_of(rb, cb)
}

/// The string of a full grid of values (Sage form; a list beyond 36).
fn grid_string(b: &Board, values: &[u8]) -> String {
    let s = b.sudoku().with_cells(values.to_vec());
    s.to_sage_string().unwrap_or_else(|_| s.to_list_string())
}

#[component]
pub fn Grid(bench: Bench) -> impl IntoView {
    let board = bench.board;
    let shape = Memo::new(move |_| board.with(|b| b.shape));
    // What each cell shows: (value, is_given); 0 = empty.
    let shown = Memo::new(move |_| {
        let overlay = bench.overlay.get();
        let lab_values = bench.lab_view.with(|v| {
            v.as_ref()
                .and_then(|v| v.position.as_ref().map(|p| p.0.clone()))
        });
        board.with(|b| {
            if let Some(values) = lab_values.filter(|v| v.len() == b.cells.len()) {
                return values
                    .iter()
                    .zip(&b.cells)
                    .map(|(&v, &g)| (v, g != 0))
                    .collect::<Vec<(u8, bool)>>();
            }
            b.cells
                .iter()
                .enumerate()
                .map(|(i, &v)| match (v, &overlay) {
                    (0, Some(o)) if o.len() == b.cells.len() => (o[i], false),
                    _ => (v, v != 0),
                })
                .collect::<Vec<(u8, bool)>>()
        })
    });
    // The step drawn on the grid, as per-cell data.
    let highlights = Memo::new(move |_| {
        let shape = shape.get();
        bench
            .lab_view
            .with(|v| v.as_ref().map(|v| Highlights::of(&v.step, shape)))
    });
    let lab_notes = Memo::new(move |_| {
        bench.lab_view.with(|v| {
            v.as_ref()
                .and_then(|v| v.position.as_ref().map(|p| p.1.clone()))
        })
    });
    let selected_value = Memo::new(move |_| {
        let i = bench.selected.get();
        shown.with(|s| s.get(i).map_or(0, |x| x.0))
    });

    let on_key = move |e: KeyboardEvent| {
        let key = e.key();
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return; // undo/redo is handled page-wide
        }
        let n = board.with_untracked(Board::size);
        match key.as_str() {
            "ArrowUp" => bench.move_selection(-1, 0),
            "ArrowDown" => bench.move_selection(1, 0),
            "ArrowLeft" => bench.move_selection(0, -1),
            "ArrowRight" => bench.move_selection(0, 1),
            "Home" => bench.move_selection(0, -(n as isize)),
            "End" => bench.move_selection(0, n as isize),
            "Backspace" | "Delete" | "0" | "." => {
                bench.set_value(bench.selected.get_untracked(), 0)
            }
            " " => bench.notes_mode.update(|m| *m = !*m),
            _ => match key_value(&key, n) {
                Some(v) => bench.enter(v),
                None => return,
            },
        }
        e.prevent_default();
    };

    // One listener for every cell's click (a closure per cell was 625 on a
    // 25×25): the cell is the nearest element with a `data-cell`.
    let on_cell_click = move |e: leptos::ev::MouseEvent| {
        if let Some(i) = crate::ui::dom::cell_of(&e) {
            bench.selected.set(i);
            focus_grid();
        }
    };

    let cells_view = move || {
        let shape = shape.get();
        let n = shape.size();
        (0..n)
            .map(|r| {
                let row = (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let edges = edge_classes(shape, i);
                        // One memo per cell for everything drawn from the
                        // board and the lab's step — (value, given), notes,
                        // (flags, eliminated, placed, focus), conflict — so
                        // a 25×25 builds 625 of them rather than 2,500
                        // (its import was one long task).
                        let cell = Memo::new(move |_| {
                            let value = shown.with(|s| s.get(i).copied().unwrap_or((0, false)));
                            let notes = lab_notes
                                .with(|l| l.as_ref().map(|l| l.get(i).copied().unwrap_or(0)))
                                .unwrap_or_else(|| board.with(|b| b.notes.get(i).copied().unwrap_or(0)));
                            let marks = highlights.with(|h| {
                                h.as_ref().map_or((0, 0, 0, 0), |h| {
                                    (h.flags[i], h.eliminated[i], h.placed[i], h.focus[i])
                                })
                            });
                            let conflict = bench.conflicts.with(|c| c.get(i).copied().unwrap_or(false));
                            (value, notes, marks, conflict)
                        });
                        let value = move || cell.get().0;
                        let notes = move || cell.get().1;
                        let marks = move || cell.get().2;
                        let conflict = move || cell.get().3;
                        let class = Memo::new(move |_| {
                            let (v, given) = value();
                            let sel = bench.selected.get();
                            let mut s = edges.clone();
                            s.push_str(match (v, given) {
                                (0, _) => " empty",
                                (_, true) => " given",
                                (_, false) => " solved",
                            });
                            if sel == i {
                                s.push_str(" selected");
                            } else if peers(shape, sel, i) {
                                s.push_str(" peer");
                            }
                            let sv = selected_value.get();
                            if v != 0 && sv == v && sel != i {
                                s.push_str(" same");
                            }
                            if conflict() {
                                s.push_str(" conflict");
                            }
                            let (flags, elim, _, _) = marks();
                            if flags & HL_UNIT != 0 {
                                s.push_str(" hl-unit");
                            }
                            if flags & HL_CELL != 0 {
                                s.push_str(" hl-cell");
                            }
                            if flags & HL_PLACE != 0 {
                                s.push_str(" hl-place");
                            }
                            if elim != 0 {
                                s.push_str(" hl-elim");
                            }
                            s
                        });
                        let label = move || {
                            let (v, given) = value();
                            let mut s = format!("Row {}, column {}: ", r + 1, c + 1);
                            if v == 0 {
                                // What is drawn: the notes and any candidate a
                                // step struck out (see `content`).
                                let m = notes() | marks().1;
                                if m == 0 {
                                    s.push_str("empty");
                                } else {
                                    s.push_str("notes");
                                    for k in 1..=n as u8 {
                                        if m & (1 << (k - 1)) != 0 {
                                            s.push(' ');
                                            s.push_str(&symbol(k));
                                        }
                                    }
                                }
                            } else {
                                s.push_str(&symbol(v));
                                s.push_str(if given { ", given" } else { ", solved" });
                            }
                            if conflict() {
                                s.push_str(", conflict");
                            }
                            s
                        };
                        let content = move || {
                            let (v, _) = value();
                            if v != 0 {
                                return view! { <span class="value">{symbol(v)}</span> }.into_any();
                            }
                            let m = notes();
                            let (_, elim, placed, focus) = marks();
                            // An eliminated candidate stays visible (struck) even
                            // when the position shown is already after the step.
                            let m = m | elim;
                            if m == 0 {
                                return ().into_any();
                            }
                            view! {
                                <span class="notes" aria-hidden="true">
                                    {(1..=n as u8)
                                        .map(|k| {
                                            let b = 1u64 << (k - 1);
                                            let on = m & b != 0;
                                            let class = if elim & b != 0 {
                                                "elim"
                                            } else if placed & b != 0 {
                                                "place"
                                            } else if focus & b != 0 {
                                                "focus"
                                            } else {
                                                ""
                                            };
                                            view! { <span class=class>{if on { symbol(k) } else { String::new() }}</span> }
                                        })
                                        .collect_view()}
                                </span>
                            }
                            .into_any()
                        };
                        view! {
                            <div
                                role="gridcell"
                                id=format!("cell-{i}")
                                class=class
                                data-cell=i
                                data-kind=move || match value() {
                                    (0, _) => "empty",
                                    (_, true) => "given",
                                    (_, false) => "solved",
                                }
                                data-conflict=move || conflict().then_some("true")
                                data-hl=move || {
                                    let (flags, elim, placed, _) = marks();
                                    let mut parts = Vec::new();
                                    if flags & HL_CELL != 0 { parts.push("cell"); }
                                    if flags & HL_UNIT != 0 { parts.push("unit"); }
                                    if placed != 0 { parts.push("place"); }
                                    if elim != 0 { parts.push("elim"); }
                                    (!parts.is_empty()).then(|| parts.join(" "))
                                }
                                data-elim=move || {
                                    let (_, elim, _, _) = marks();
                                    (elim != 0).then(|| {
                                        (1..=64u8).filter(|k| elim >> (k - 1) & 1 == 1).map(|k| k.to_string()).collect::<Vec<_>>().join(",")
                                    })
                                }
                                aria-selected=move || (bench.selected.get() == i).to_string()
                                aria-label=label
                            >
                                {content}
                            </div>
                        }
                    })
                    .collect_view();
                view! { <div role="row" class="grid-row">{row}</div> }
            })
            .collect_view()
    };

    view! {
        <div class="grid-frame">
            <div
                id=GRID_ID
                class="grid"
                class:notes-mode=move || bench.notes_mode.get()
                class:lab=move || bench.lab_view.with(Option::is_some)
                data-lab=move || bench.lab_view.with(|v| v.as_ref().map(|v| v.step.technique.name()))
                class:busy=move || bench.run.get().is_running()
                role="grid"
                tabindex="0"
                data-testid="grid"
                aria-label=move || {
                    let s = shape.get();
                    format!(
                        "Sudoku grid, {n} by {n}, boxes of {} by {}. Arrow keys move, type a symbol to fill, Delete clears, Space toggles pencil marks.",
                        s.box_rows,
                        s.box_cols,
                        n = s.size()
                    )
                }
                aria-activedescendant=move || format!("cell-{}", bench.selected.get())
                data-size=move || shape.get().size()
                data-shape=move || shape.get().to_string()
                data-puzzle=move || board.with(|b| grid_string(b, &b.cells))
                data-grid=move || {
                    let values: Vec<u8> = shown.with(|s| s.iter().map(|x| x.0).collect());
                    board.with(|b| grid_string(b, &values))
                }
                data-conflicts=move || bench.conflicts.with(|c| c.iter().filter(|&&x| x).count())
                style=move || {
                    let s = shape.get();
                    format!("--n:{};--br:{};--bc:{}", s.size(), s.box_rows, s.box_cols)
                }
                on:keydown=on_key
                on:click=on_cell_click
            >
                {cells_view}
            </div>
        </div>
    }
}

#[component]
pub fn Pad(bench: Bench) -> impl IntoView {
    let board = bench.board;
    let n = Memo::new(move |_| board.with(Board::size));
    // How often each value is placed on the board (all n: the key dims).
    let counts = Memo::new(move |_| {
        board.with(|b| {
            let mut counts = vec![0usize; b.size() + 1];
            for &v in &b.cells {
                counts[v as usize] += 1;
            }
            counts
        })
    });
    let keys = move || {
        let n = n.get();
        (1..=n as u8)
            .map(|v| {
                view! {
                    <button
                        type="button"
                        class="pad-key"
                        class:complete=move || counts.with(|c| c.get(v as usize).copied().unwrap_or(0) >= n)
                        data-testid=format!("pad-{v}")
                        aria-label=format!("Enter {}", symbol(v))
                        on:mousedown=|e| e.prevent_default()
                        on:click=move |_| {
                            bench.enter(v);
                            focus_grid();
                        }
                    >
                        {symbol(v)}
                    </button>
                }
            })
            .collect_view()
    };
    let hint = move || {
        let n = n.get();
        let symbols = if n <= 9 {
            format!("1–{n}")
        } else {
            format!("1–9, A–{}", symbol(n as u8))
        };
        format!("Arrows move · {symbols} fill · Delete clears · Space: notes · Ctrl+Z / Ctrl+Y")
    };
    view! {
        <p class="kbd-hint" aria-hidden="true">{hint}</p>
        <Keypad n=n erase_label="Erase cell"
            on_erase=move |()| {
                bench.set_value(bench.selected.get_untracked(), 0);
                focus_grid();
            }>
            {keys}
        </Keypad>
    }
}

/// The keypad's frame, the editor's and play mode's: the keys (one row up
/// to 9×9 on wide screens, two on phones), then the erase key, which
/// `erase_label` names for screen readers. Keys never take the focus from
/// the grid.
#[component]
pub fn Keypad(
    #[prop(into)] n: Signal<usize>,
    erase_label: &'static str,
    #[prop(into)] on_erase: Callback<()>,
    children: Children,
) -> impl IntoView {
    view! {
        <div
            class="pad"
            role="group"
            aria-label="Keypad"
            style=move || {
                let n = n.get();
                let cols = if n <= 9 { n + 1 } else { 9 };
                let mcols = if n <= 4 { n + 1 } else if n <= 9 { (n + 2) / 2 } else { 9 };
                format!("--cols:{cols};--mcols:{mcols}")
            }
        >
            {children()}
            <button
                type="button"
                class="pad-key erase"
                data-testid="pad-erase"
                aria-label=erase_label
                on:mousedown=|e| e.prevent_default()
                on:click=move |_| on_erase.run(())
            >
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 20H9L4 15l9.5-9.5a2 2 0 0 1 2.8 0l3.2 3.2a2 2 0 0 1 0 2.8L11 20"></path><path d="m7.5 11.5 5 5"></path></svg>
            </button>
        </div>
    }
}
