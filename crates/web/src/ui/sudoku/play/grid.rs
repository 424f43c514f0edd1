//! The play grid: one component draws every layout (a square of boxes, X
//! diagonals, jigsaw regions, Samurai's holes) with the game's digits, marks,
//! colours, selection and wrong cells.

use super::*;

/// What one cell shows.
#[derive(Clone, Debug, PartialEq)]
struct CellView {
    value: u8,
    kind: &'static str,
    corner: u64,
    centre: u64,
    colour: u8,
    selected: bool,
    conflict: bool,
    wrong: bool,
}

/// How the grid is drawn: a square of boxes, or a variant's layout (X
/// diagonals, jigsaw regions, Samurai's holes).
#[derive(Clone, Debug, PartialEq)]
enum Layout {
    Square(Shape),
    Variant(Variant),
}

impl Layout {
    fn width(&self) -> usize {
        match self {
            Layout::Square(s) => s.size(),
            Layout::Variant(v) => v.width(),
        }
    }

    fn height(&self) -> usize {
        match self {
            Layout::Square(s) => s.size(),
            Layout::Variant(v) => v.height(),
        }
    }
}

#[component]
pub fn PlayGrid(play: Play) -> impl IntoView {
    let bench = play.bench;
    let layout = Memo::new(move |_| {
        play.puzzle.with(|p| match p.as_ref().map(|p| &p.kind) {
            Some(Kind::Standard(s)) => Layout::Square(*s),
            Some(k) => Variant::new(k.clone())
                .map(Layout::Variant)
                .unwrap_or(Layout::Square(Shape::NINE)),
            None => Layout::Square(Shape::NINE),
        })
    });
    let variant_id = move || match layout.get() {
        Layout::Square(_) => "standard",
        Layout::Variant(v) => match v.kind() {
            Kind::X(_) => "x",
            Kind::Jigsaw(_) => "jigsaw",
            Kind::Samurai => "samurai",
            Kind::Standard(_) => "standard",
        },
    };
    let conflicts = Memo::new(move |_| play.game.with(Game::conflicts));
    // Wrong digits: Check's, and while typing when mistakes are shown.
    let wrong = Memo::new(move |_| {
        let mut w = play.checked.get();
        if play.mistakes.get() {
            if let Solution::Unique(s) = play.solution.get() {
                w.extend(play.game.with(|g| g.wrong(&s)));
            }
        }
        w
    });
    let cursor_value = Memo::new(move |_| play.game.with(|g| g.cursor().map_or(0, |c| g.value(c))));
    let cell_at_point = |x: i32, y: i32| -> Option<usize> {
        let el = dom::document().element_from_point(x as f32, y as f32)?;
        let cell = el.closest("[data-cell]").ok().flatten()?;
        cell.get_attribute("data-cell")?.parse().ok()
    };
    let cells_view = move || {
        let layout = layout.get();
        let (w, h) = (layout.width(), layout.height());
        let regions: Vec<char> = match &layout {
            Layout::Variant(v) => match v.kind() {
                Kind::Jigsaw(map) => map.to_string().chars().collect(),
                _ => Vec::new(),
            },
            Layout::Square(_) => Vec::new(),
        };
        let cells = (0..w * h)
            .map(|pos| {
                let (i, edges) = match &layout {
                    Layout::Square(shape) => (pos, edge_classes(*shape, pos)),
                    Layout::Variant(v) => match v.cell_at(pos / w, pos % w) {
                        Some(i) => (i, format!("cell {}", variants::cell_classes(v, &regions, i))),
                        None => {
                            return view! { <div class="vhole" aria-hidden="true"></div> }.into_any()
                        }
                    },
                };
                let view = Memo::new(move |_| {
                    play.game.with(|g| {
                        if i >= g.cells() {
                            return None;
                        }
                        let v = g.value(i);
                        // Only what the player has earned: givens, their
                        // own digits, Reveal's (the editor's solution is
                        // never drawn here).
                        let (value, kind) = match (g.is_given(i), v) {
                            (true, _) => (v, "given"),
                            (false, 0) => (0, "empty"),
                            _ => (v, "player"),
                        };
                        Some(CellView {
                            value,
                            kind,
                            corner: g.corner_shown(i),
                            centre: g.centre_shown(i),
                            colour: g.layers().colours[i],
                            selected: g.is_selected(i),
                            conflict: conflicts.with(|c| c.get(i).copied().unwrap_or(false)),
                            wrong: wrong.with(|w| w.contains(&i)),
                        })
                    })
                });
                let class = move || {
                    let Some(c) = view.get() else { return edges.clone() };
                    let mut s = edges.clone();
                    s.push(' ');
                    s.push_str(c.kind);
                    if c.selected {
                        s.push_str(" selected");
                    }
                    if c.value != 0 && c.value == cursor_value.get() && !c.selected {
                        s.push_str(" same");
                    }
                    if c.conflict {
                        s.push_str(" conflict");
                    }
                    if c.wrong {
                        s.push_str(" wrong");
                    }
                    if c.colour != 0 {
                        s.push_str(&format!(" col-{}", c.colour));
                    }
                    s
                };
                let content = move || {
                    let Some(c) = view.get() else { return ().into_any() };
                    if c.value != 0 {
                        return view! { <span class="value">{symbol(c.value)}</span> }.into_any();
                    }
                    let corner = digits_of(c.corner);
                    let centre = digit_string(c.centre);
                    let small = if centre.chars().count() > 5 { " many" } else { "" };
                    view! {
                        <span class="corner-marks" aria-hidden="true">
                            {corner.into_iter().map(|d| view! { <span>{symbol(d)}</span> }).collect_view()}
                        </span>
                        <span class=format!("centre-marks{small}") aria-hidden="true">{centre}</span>
                    }
                    .into_any()
                };
                let r = pos / w;
                let col = pos % w;
                view! {
                    <div
                        role="gridcell"
                        id=format!("cell-{i}")
                        class=class
                        data-cell=i
                        data-pos=pos
                        data-kind=move || view.with(|c| c.as_ref().map_or("empty", |c| c.kind))
                        data-corner=move || view.with(|c| c.as_ref().map(|c| digit_string(c.corner)).filter(|s| !s.is_empty()))
                        data-centre=move || view.with(|c| c.as_ref().map(|c| digit_string(c.centre)).filter(|s| !s.is_empty()))
                        data-colour=move || view.with(|c| c.as_ref().and_then(|c| (c.colour != 0).then(|| c.colour.to_string())))
                        data-wrong=move || view.with(|c| c.as_ref().is_some_and(|c| c.wrong).then_some("true"))
                        data-conflict=move || view.with(|c| c.as_ref().is_some_and(|c| c.conflict).then_some("true"))
                        aria-selected=move || view.with(|c| c.as_ref().is_some_and(|c| c.selected).to_string())
                        aria-label=move || {
                            let Some(c) = view.get() else { return String::new() };
                            let mut s = format!("Row {}, column {}: ", r + 1, col + 1);
                            match c.kind {
                                "empty" => s.push_str("empty"),
                                k => s.push_str(&format!("{} ({k})", symbol(c.value))),
                            }
                            if c.corner != 0 {
                                s.push_str(&format!(", corner {}", digit_string(c.corner)));
                            }
                            if c.centre != 0 {
                                s.push_str(&format!(", centre {}", digit_string(c.centre)));
                            }
                            if c.wrong {
                                s.push_str(", wrong");
                            }
                            s
                        }
                    >
                        {content}
                    </div>
                }
                .into_any()
            })
            .collect::<Vec<_>>();
        // Cells in rows, as ARIA's grid wants (rows are `display: contents`).
        let mut cells = cells.into_iter();
        (0..h)
            .map(|_| {
                let row: Vec<AnyView> = cells.by_ref().take(w).collect();
                view! { <div role="row" class="grid-row">{row}</div> }
            })
            .collect_view()
    };
    let stop = window_event_listener(leptos::ev::pointerup, move |_| {
        play.dragging.set_value(false)
    });
    on_cleanup(move || stop.remove());
    // The grid as text (tests read it): Sage's string, or the variant's
    // layout with holes.
    let grid_text = move |values: Vec<u8>| match layout.get() {
        Layout::Variant(v) if values.len() == v.cells() => v.to_layout(&values),
        Layout::Variant(_) => String::new(),
        Layout::Square(_) => bench.board.with(|b| {
            let s = b.sudoku().with_cells(values);
            s.to_sage_string().unwrap_or_else(|_| s.to_list_string())
        }),
    };
    let givens_string = move || grid_text(play.game.with(|g| g.givens().to_vec()));
    view! {
        <div class=move || match layout.get() {
            Layout::Square(_) => "grid-frame",
            Layout::Variant(_) => "grid-frame vgrid-frame",
        }>
            <div
                id=GRID_ID
                class=move || match layout.get() {
                    Layout::Square(_) => "grid play-grid",
                    Layout::Variant(_) => "vgrid play-grid",
                }
                class:finished=move || play.game.with(|g| g.finished_ms.is_some())
                class:paused=move || play.game.with(|g| g.paused)
                role="grid"
                tabindex="0"
                data-testid="grid"
                data-mode="play"
                data-tool=move || play.tool.get().id()
                data-size=move || play.game.with(|g| g.rules().size)
                data-variant=variant_id
                data-puzzle=givens_string
                data-grid=move || grid_text(play.game.with(Game::values))
                data-selected=move || play.game.with(|g| g.selection().len())
                data-conflicts=move || conflicts.with(|c| c.iter().filter(|&&x| x).count())
                aria-label=move || {
                    let l = layout.get();
                    let name = match variant_id() {
                        "x" => "X-sudoku",
                        "jigsaw" => "Jigsaw sudoku",
                        "samurai" => "Samurai sudoku",
                        _ => "Sudoku",
                    };
                    format!(
                        "{name} to play, {} by {}. Arrows move, Shift+arrows or Shift/Ctrl+click select more, \
                         digits fill, Shift+digit corner mark, Ctrl+digit centre mark, Space changes the mode.",
                        l.height(),
                        l.width()
                    )
                }
                aria-multiselectable="true"
                aria-activedescendant=move || play.game.with(|g| g.cursor().map(|c| format!("cell-{c}")))
                style=move || match layout.get() {
                    Layout::Square(s) => {
                        format!("--n:{};--br:{};--bc:{}", s.size(), s.box_rows, s.box_cols)
                    }
                    // Cell sizes follow the layout's width (Samurai: 21).
                    Layout::Variant(v) => format!("--n:{w};--w:{w};--h:{}", v.height(), w = v.width()),
                }
                on:keydown=move |e| play.key(e)
                // One listener for every cell (the nearest `data-cell` of
                // the target), not a closure per cell: a 25×25 had 625.
                on:pointerdown=move |e: PointerEvent| {
                    let Some(i) = dom::cell_of(&e) else {
                        return;
                    };
                    e.prevent_default();
                    // Touch would keep the pointer on the element it went
                    // down on: let the grid follow it instead.
                    if let Some(t) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                        let _ = t.release_pointer_capture(e.pointer_id());
                    }
                    play.dragging.set_value(true);
                    play.game.update(|g| {
                        if e.ctrl_key() || e.meta_key() {
                            g.toggle_select(i);
                        } else if e.shift_key() {
                            g.extend_select(i);
                        } else {
                            g.select(i);
                        }
                    });
                    dom::focus_id(GRID_ID);
                }
                on:pointermove=move |e: PointerEvent| {
                    if !play.dragging.get_value() {
                        return;
                    }
                    if let Some(i) = cell_at_point(e.client_x(), e.client_y()) {
                        let known = play.game.with_untracked(|g| g.cursor() == Some(i));
                        if !known {
                            play.game.update(|g| g.extend_select(i));
                        }
                    }
                }
            >
                {cells_view}
            </div>
            // A paused game hides the grid (as SudokuPad does): no digit
            // or mark shows until Resume.
            <Show when=move || play.game.with(|g| g.paused && g.finished_ms.is_none())>
                <div class="pause-cover" data-testid="pause-cover">
                    <p>"Paused"</p>
                    <button type="button" class="primary" data-testid="pause-resume" on:click=move |_| play.toggle_pause()>"Resume"</button>
                </div>
            </Show>
        </div>
    }
}
