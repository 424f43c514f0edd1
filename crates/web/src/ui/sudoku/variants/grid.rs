//! The variant picker and the variant editor's grid (X diagonals, jigsaw
//! regions drawn and edited, Samurai's five grids).

use super::*;

/// Standard · X · Jigsaw · Samurai, above the workbench.
#[component]
pub fn VariantPicker(vb: VBench) -> impl IntoView {
    view! {
        <div class="segmented variant-picker" role="radiogroup" aria-label="Sudoku variant">
            {Mode::ALL
                .iter()
                .map(|&m| {
                    view! {
                        <Segment testid=format!("variant-{}", m.id()) title=m.hint()
                            checked=Signal::derive(move || vb.mode.get() == m)
                            on_pick=move |()| crate::ui::dom::soon(move || vb.switch(m))>
                            {m.label()}
                        </Segment>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Per-cell classes: thick lines on box / region edges and next to holes.
pub(in crate::ui::sudoku) fn cell_classes(v: &Variant, regions: &[char], cell: usize) -> String {
    let w = v.width();
    let p = v.positions()[cell];
    let (r, c) = (p / w, p % w);
    let mut s = String::from("vcell");
    let hole =
        |rr: isize, cc: isize| rr < 0 || cc < 0 || v.cell_at(rr as usize, cc as usize).is_none();
    let (ri, ci) = (r as isize, c as isize);
    let jigsaw = matches!(v.kind(), Kind::Jigsaw(_));
    let differs = |other: Option<usize>| match other {
        Some(o) if jigsaw => regions.get(cell) != regions.get(o),
        _ => false,
    };
    if hole(ri, ci + 1) || (!jigsaw && (c + 1) % 3 == 0) || differs(v.cell_at(r, c + 1)) {
        s.push_str(" t-r");
    }
    if hole(ri + 1, ci) || (!jigsaw && (r + 1) % 3 == 0) || differs(v.cell_at(r + 1, c)) {
        s.push_str(" t-b");
    }
    if hole(ri, ci - 1) {
        s.push_str(" t-l");
    }
    if hole(ri - 1, ci) {
        s.push_str(" t-t");
    }
    if matches!(v.kind(), Kind::X(_)) && (r == c || r + c == w - 1) {
        s.push_str(" diag");
    }
    if jigsaw {
        if let Some(k) = regions
            .get(cell)
            .and_then(|l| LABELS.iter().position(|x| x == l))
        {
            s.push_str(&format!(" reg-{k}"));
        }
    }
    s
}

/// The grid: a layout of cells (and Samurai holes).
#[component]
pub fn VariantGrid(vb: VBench) -> impl IntoView {
    let labels = Memo::new(move |_| vb.regions.with(|r| r.chars().collect::<Vec<char>>()));
    let conflicts = Memo::new(move |_| {
        let values = vb.current();
        let mut bad = vec![false; values.len()];
        if let Ok(v) = vb.variant.get() {
            for i in v.conflicts(&values) {
                bad[i] = true;
            }
        }
        bad
    });
    // What each cell shows: (value, given).
    let shown = Memo::new(move |_| {
        let values = vb.current();
        let overlay = vb.overlay.get();
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| match (v, &overlay) {
                (0, Some(o)) if o.len() == values.len() => (o[i], false),
                _ => (v, v != 0),
            })
            .collect::<Vec<(u8, bool)>>()
    });
    // The layout a lenient variant falls back to while a jigsaw map is broken.
    let layout = Memo::new(move |_| {
        vb.variant
            .get()
            .unwrap_or_else(|_| Variant::standard(Shape::NINE))
    });
    let on_key = move |e: KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        match e.key().as_str() {
            "ArrowUp" => vb.step(-1, 0),
            "ArrowDown" => vb.step(1, 0),
            "ArrowLeft" => vb.step(0, -1),
            "ArrowRight" => vb.step(0, 1),
            "Backspace" | "Delete" | "0" | "." => vb.set_value(vb.selected.get_untracked(), 0),
            k => match k.parse::<u8>() {
                Ok(d) if (1..=9).contains(&d) => vb.set_value(vb.selected.get_untracked(), d),
                _ => return,
            },
        }
        e.prevent_default();
    };
    let cells = move || {
        let v = layout.get();
        let w = v.width();
        let cells = (0..v.height() * w)
            .map(|p| {
                let Some(i) = v.cell_at(p / w, p % w) else {
                    return view! { <div class="vhole" aria-hidden="true"></div> }.into_any();
                };
                let v2 = v.clone();
                let class = move || {
                    let (val, given) = shown.with(|s| s.get(i).copied().unwrap_or((0, false)));
                    let mut s = labels.with(|l| cell_classes(&v2, l, i));
                    s.push_str(match (val, given) {
                        (0, _) => " empty",
                        (_, true) => " given",
                        _ => " solved",
                    });
                    if vb.selected.get() == i {
                        s.push_str(" selected");
                    }
                    if conflicts.with(|c| c.get(i).copied().unwrap_or(false)) {
                        s.push_str(" conflict");
                    }
                    s
                };
                let name = v.cell_name(i);
                view! {
                    <div
                        role="gridcell"
                        id=format!("vcell-{i}")
                        class=class
                        data-cell=i
                        data-pos=p
                        aria-label=move || {
                            let (val, given) = shown.with(|s| s.get(i).copied().unwrap_or((0, false)));
                            match (val, given) {
                                (0, _) => format!("{name}: empty"),
                                (x, true) => format!("{name}: {x}, given"),
                                (x, false) => format!("{name}: {x}, solved"),
                            }
                        }
                    >
                        {move || symbol(shown.with(|s| s.get(i).map_or(0, |x| x.0)))}
                    </div>
                }
                .into_any()
            })
            .collect::<Vec<_>>();
        // Cells in rows, as ARIA's grid wants (rows are `display: contents`).
        let mut cells = cells.into_iter();
        (0..v.height())
            .map(|_| {
                let row: Vec<AnyView> = cells.by_ref().take(w).collect();
                view! { <div role="row" class="grid-row">{row}</div> }
            })
            .collect_view()
    };
    let stop = window_event_listener(leptos::ev::pointerup, move |_| vb.painting.set(false));
    on_cleanup(move || stop.remove());
    view! {
        <div class="grid-frame vgrid-frame">
            <div
                id=GRID_ID
                class="vgrid"
                class:painting=move || vb.paint.get().is_some()
                role="grid"
                tabindex="0"
                data-testid="variant-grid"
                data-variant=move || vb.mode.get().id()
                data-width=move || layout.get().width()
                data-height=move || layout.get().height()
                data-regions=move || (vb.mode.get() == Mode::Jigsaw).then(|| vb.regions.get())
                data-puzzle=move || {
                    let v = layout.get();
                    v.to_layout(&vb.current())
                }
                data-grid=move || {
                    let v = layout.get();
                    let values: Vec<u8> = shown.with(|s| s.iter().map(|x| x.0).collect());
                    v.to_layout(&values)
                }
                data-conflicts=move || conflicts.with(|c| c.iter().filter(|&&x| x).count())
                aria-label=move || format!(
                    "{} Sudoku grid. Arrow keys move (skipping gaps), 1-9 fill, Delete clears.",
                    vb.mode.get().label()
                )
                aria-activedescendant=move || format!("vcell-{}", vb.selected.get())
                style=move || format!("--w:{};--h:{}", layout.get().width(), layout.get().height())
                on:keydown=on_key
                on:pointerdown=move |e| {
                    if vb.paint.get_untracked().is_some() {
                        if let Some(i) = crate::ui::dom::cell_of(&e) {
                            e.prevent_default();
                            vb.painting.set(true);
                            vb.paint_cell(i);
                        }
                    }
                }
                // `pointerover` bubbles (`pointerenter` does not); a cell
                // painted twice is unchanged.
                on:pointerover=move |e| {
                    if vb.painting.get_untracked() {
                        if let Some(i) = crate::ui::dom::cell_of(&e) {
                            vb.paint_cell(i);
                        }
                    }
                }
                on:click=move |e| {
                    if let Some(i) = crate::ui::dom::cell_of(&e) {
                        vb.selected.set(i);
                        crate::ui::dom::focus_id(GRID_ID);
                    }
                }
            >
                {cells}
            </div>
        </div>
    }
}
