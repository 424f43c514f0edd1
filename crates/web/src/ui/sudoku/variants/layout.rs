//! The variant workbench's layout: the grid and its tools, or, in play mode,
//! the same play column as the standard grid's.

use super::*;

/// The variant editor: grid on the left, tools on the right; in play mode
/// the same play column as the standard grid's.
#[component]
pub fn VariantBench(
    vb: VBench,
    play: crate::ui::sudoku::play::Play,
    lab: crate::ui::sudoku::lab::Lab,
) -> impl IntoView {
    let playing = move || play.on.get();
    // The grid in this task, the tools beside it in the next: opening a
    // variant is two shorter tasks.
    let shown = crate::ui::dom::stagger(2);
    let tools = move || shown.get() == 2;
    let constraints = move || vb.mode.get() == Mode::Constraints;
    view! {
        <Show when=move || !constraints() fallback=move || view! { <crate::ui::sudoku::constraints::ConstraintBench cb=vb.cb/> }>
        <div class="bench sudoku-bench variant-bench" data-testid="variant-bench" style="--board-max:720px">
            <section class="board-column" class:playing=playing aria-label="Grid">
                <Show when=playing fallback=move || view! { <VariantEditColumn vb=vb play=play/> }>
                    <crate::ui::sudoku::play::PlayColumn play=play lab=lab/>
                </Show>
            </section>
            <aside class="panel-column">
                <Show when=tools>
                    <Show when=playing>
                        <crate::ui::sudoku::play::PlayCard play=play/>
                    </Show>
                    // The editor's tools (Solve, the step list) are hidden
                    // in play mode, not unmounted: the switch stays short.
                    <div class="mode-edit-only" class:hidden=playing>
                        <VariantPanel vb=vb on_play=move |()| play.show(true)/>
                    </div>
                </Show>
            </aside>
        </div>
        </Show>
    }
}

/// The editor's column: the Edit · Play switch, the grid and its keypad.
#[component]
fn VariantEditColumn(vb: VBench, play: crate::ui::sudoku::play::Play) -> impl IntoView {
    view! {
                <div class="toolbar">
                    <crate::ui::sudoku::play::ModeSwitch play=play/>
                </div>
                <VariantGrid vb=vb/>
                <div class="pad vpad" role="group" aria-label="Keypad" style="--cols:10;--mcols:5">
                    {(1..=9u8)
                        .map(|d| view! {
                            <button
                                type="button"
                                class="pad-key"
                                data-testid=format!("vpad-{d}")
                                on:mousedown=|e| e.prevent_default()
                                on:click=move |_| vb.set_value(vb.selected.get_untracked(), d)
                            >
                                {d.to_string()}
                            </button>
                        })
                        .collect_view()}
                    <button
                        type="button"
                        class="pad-key erase"
                        aria-label="Erase cell"
                        on:mousedown=|e| e.prevent_default()
                        on:click=move |_| vb.set_value(vb.selected.get_untracked(), 0)
                    >
                        "⌫"
                    </button>
                </div>
    }
}
