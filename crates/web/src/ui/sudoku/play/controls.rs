//! Play mode's controls: the board column, the game's bar (clock, Pause,
//! Undo, Restart), the pad, the phone's buttons and answer slot, and the
//! Edit · Play switch.

use super::*;

/// The board column in play mode, for every grid: the switch and the
/// game's bar, the grid, the phone's answer slot, the finish screen, the
/// pad and the phone's buttons.
#[component]
pub fn PlayColumn(play: Play, lab: Lab) -> impl IntoView {
    // The bar and the grid in this task, the rest in the next: switching to
    // play mode is two short tasks, not one long one.
    let shown = crate::ui::dom::stagger(2);
    let rest = move || shown.get() == 2;
    view! {
        <div class="toolbar">
            <ModeSwitch play=play/>
            <PlayBar play=play/>
        </div>
        <PlayGrid play=play/>
        <Show when=rest>
            <SaidSlot play=play/>
            <Finish play=play lab=lab/>
            <PlayPad play=play/>
            <PhoneActions play=play/>
        </Show>
    }
}

/// Above the grid in play mode: the clock, Pause, Undo, Redo, Restart.
#[component]
pub fn PlayBar(play: Play) -> impl IntoView {
    let elapsed = move || {
        play.now.track();
        play.game.with(|g| {
            g.finished_ms
                .map_or_else(|| g.timer.elapsed(now_ms()), |f| f as f64)
        })
    };
    view! {
        <div class="toolbar-group play-bar" role="group" aria-label="Game">
            <span
                class="timer"
                data-testid="timer"
                data-ms=move || (elapsed() as u64).to_string()
                data-running=move || play.game.with(|g| g.timer.is_running()).to_string()
                aria-label="Time played"
            >
                {move || clock(elapsed())}
            </span>
            <button
                type="button"
                class="tool pause"
                data-testid="pause"
                aria-label=move || if play.game.with(|g| g.paused) { "Resume" } else { "Pause" }
                aria-pressed=move || play.game.with(|g| g.paused).to_string()
                disabled=move || play.game.with(|g| g.finished_ms.is_some())
                on:click=move |_| play.toggle_pause()
            >
                // A phone shows the icon alone; wider screens the word too.
                <svg viewBox="0 0 24 24" aria-hidden="true">
                    {move || if play.game.with(|g| g.paused) {
                        view! { <path d="M7 4.5v15l12-7.5z"></path> }.into_any()
                    } else {
                        view! { <path d="M8 5v14"></path><path d="M16 5v14"></path> }.into_any()
                    }}
                </svg>
                // Both words in one grid cell, the other one hidden: the
                // button is as wide as the longer, so the bar never shifts.
                <span class="tool-label swaps">
                    <span class="swap" aria-hidden=move || (!play.game.with(|g| g.paused)).to_string()>"Resume"</span>
                    <span class="swap" aria-hidden=move || play.game.with(|g| g.paused).to_string()>"Pause"</span>
                </span>
            </button>
            <UndoRedo labelled=false
                can_undo=Signal::derive(move || play.game.with(Game::can_undo))
                can_redo=Signal::derive(move || play.game.with(Game::can_redo))
                on_undo=move |()| play.undo() on_redo=move |()| play.redo()/>
            <button type="button" class="tool" data-testid="restart" title="Clear your work and the clock" aria-label="Restart" on:click=move |_| play.restart()>
                // A phone shows the icon alone (one row for the whole bar).
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 12a9 9 0 1 0 3-6.7"></path><path d="M3 4v5h5"></path></svg>
                <span class="tool-label">"Restart"</span>
            </button>
        </div>
    }
}

/// Under the grid in play mode: the modes, auto-candidates, and the pad
/// (digits, or the nine colours in colour mode).
#[component]
pub fn PlayPad(play: Play) -> impl IntoView {
    let n = Memo::new(move |_| play.game.with(|g| g.rules().size));
    let tool_button = move |t: Tool, label: &'static str, title: &'static str| {
        view! {
            <Segment testid=format!("tool-{}", t.id()) title=title
                checked=Signal::derive(move || play.tool.get() == t)
                on:mousedown=|e| e.prevent_default()
                on_pick=move |()| {
                    play.tool.set(t);
                    dom::focus_id(GRID_ID);
                }>
                {label}
            </Segment>
        }
    };
    let keys = move || {
        let n = n.get();
        let colour = play.tool.get() == Tool::Colour;
        let count = if colour { COLOURS as usize } else { n };
        (1..=count as u8)
            .map(|v| {
                let label = if colour { String::new() } else { symbol(v) };
                let class = if colour {
                    format!("pad-key swatch col-{v}")
                } else {
                    format!("pad-key mode-{}", play.tool.get_untracked().id())
                };
                view! {
                    <button
                        type="button"
                        class=class
                        data-testid=format!("pad-{v}")
                        aria-label=if colour { format!("Colour {v}") } else { format!("Enter {}", symbol(v)) }
                        on:mousedown=|e| e.prevent_default()
                        on:click=move |_| {
                            play.enter(play.tool.get_untracked(), v);
                            dom::focus_id(GRID_ID);
                        }
                    >
                        {label}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div class="play-tools">
            <div class="segmented tools" role="radiogroup" aria-label="What typing does">
                {tool_button(Tool::Digit, "Digit", "Digits (Z)")}
                {tool_button(Tool::Corner, "Corner", "Corner marks (X, or Shift+digit)")}
                {tool_button(Tool::Centre, "Centre", "Centre marks (C, or Ctrl+digit)")}
                {tool_button(Tool::Colour, "Colour", "Cell colours (V)")}
            </div>
            <button
                type="button"
                class="tool"
                class:on=move || play.game.with(|g| g.layers().auto)
                data-testid="auto-candidates"
                title="Show every candidate the digits allow; your centre-mark eliminations are kept"
                aria-pressed=move || play.game.with(|g| g.layers().auto).to_string()
                on:mousedown=|e| e.prevent_default()
                on:click=move |_| {
                    play.toggle_auto();
                    dom::focus_id(GRID_ID);
                }
            >
                "Auto"
            </button>
        </div>
        <Keypad n=n erase_label="Erase"
            on_erase=move |()| {
                play.erase();
                dom::focus_id(GRID_ID);
            }>
            {keys}
        </Keypad>
        <p class="kbd-hint" aria-hidden="true">
            "Shift+digit: corner · Ctrl+digit: centre · Shift/Ctrl+click, drag, Ctrl+A: select · Space: mode"
        </p>
    }
}

/// On phones: Check, Reveal and Hint under the pad, and their answer in
/// a slot of fixed height under the grid, so the grid never moves while
/// the text changes (the side card holds the same on wide screens).
#[component]
pub fn PhoneActions(play: Play) -> impl IntoView {
    view! {
        <div class="actions play-actions narrow-only">
            <button type="button" class="primary" data-testid="m-check" on:click=move |_| play.check()>"Check"</button>
            <button type="button" data-testid="m-reveal" on:click=move |_| play.reveal()>"Reveal cell"</button>
            <button type="button" data-testid="m-hint" aria-busy=move || play.hint_busy.get().to_string() on:click=move |_| play.hint()>{move || if play.hint_busy.get() { "Hint…" } else { "Hint" }}</button>
        </div>
    }
}

#[component]
pub fn SaidSlot(play: Play) -> impl IntoView {
    view! {
        <p
            class=move || format!("play-said-slot narrow-only {}", play.said.with(|s| s.as_ref().map_or("idle", |s| s.0.name())))
            data-testid="m-play-said"
            role="status"
        >
            {move || play.said.get().map_or_else(
                || "Tap a cell (drag for several), then a digit or a mark.".to_string(),
                |s| s.1,
            )}
        </p>
    }
}

/// Edit · Play, at the head of the board column.
#[component]
pub fn ModeSwitch(play: Play) -> impl IntoView {
    // A touch test that lost a tap here lost it to Chromium's tap-after-fling
    // rule in the test's drag, not to the deferral (`Play::show`).
    let set = move |on: bool| play.show(on);
    // An empty grid is not a puzzle: Play waits for givens (typed,
    // imported, generated or picked from the examples).
    let playable = Signal::derive(move || play.playable());
    view! {
        <div class="segmented mode-switch" role="radiogroup" aria-label="Edit the puzzle or play it">
            <Segment testid="mode-edit" title="Edit the givens, solve, count, generate"
                checked=Signal::derive(move || !play.on.get())
                on_pick=move |()| set(false)>"Edit"</Segment>
            <Segment testid="mode-play"
                title="Play the puzzle: givens locked, marks, colours, timer (an empty grid has nothing to play: type, import or generate givens first)"
                disabled=Signal::derive(move || !playable.get())
                checked=play.on on_pick=move |()| set(true)>"Play"</Segment>
        </div>
    }
}
