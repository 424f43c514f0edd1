//! The "?" help: a modal `<dialog>` with the help of the page on screen
//! (`model::help`). The browser's modal dialog gives focus containment,
//! Escape to close and focus back to the opener; the shell opens it from
//! the header button or the "?" key.

use super::shell::use_shell;
use crate::model::help::{find, SHELL_KEYS};
use leptos::html;
use leptos::prelude::*;

#[component]
pub fn HelpDialog() -> impl IntoView {
    let shell = use_shell();
    let dialog = NodeRef::<html::Dialog>::new();
    Effect::new(move |_| {
        let open = shell.help.get();
        if let Some(d) = dialog.get() {
            if open && !d.open() {
                let _ = d.show_modal();
            } else if !open && d.open() {
                d.close();
            }
        }
    });
    let content = move || {
        find(shell.active.get()).map(|h| {
            let buttons = h
                .buttons
                .iter()
                .map(|(b, what)| view! { <dt>{*b}</dt><dd>{*what}</dd> })
                .collect_view();
            let keys = h
                .keys
                .iter()
                .chain(SHELL_KEYS)
                .map(|(k, what)| view! { <dt><kbd>{*k}</kbd></dt><dd>{*what}</dd> })
                .collect_view();
            let sources = h
                .sources
                .iter()
                .map(|s| view! { <li>{*s}</li> })
                .collect_view();
            view! {
                <h2 id="help-title" data-testid="help-title">{h.title}</h2>
                <p class="help-intro">{h.intro}</p>
                <h3>"What the buttons do"</h3>
                <dl class="help-list">{buttons}</dl>
                <h3>"Keys"</h3>
                <dl class="help-list help-keys">{keys}</dl>
                <h3>"Where the mathematics comes from"</h3>
                <ul class="help-sources">{sources}</ul>
            }
        })
    };
    view! {
        <dialog
            node_ref=dialog
            class="help-dialog"
            data-testid="help-dialog"
            aria-labelledby="help-title"
            on:close=move |_| shell.help.set(false)
            on:click=move |e| {
                // A click on the backdrop (the dialog itself, outside its
                // content box) closes it.
                let on_dialog = e
                    .target()
                    .zip(dialog.get_untracked())
                    .is_some_and(|(t, d)| {
                        let t: &wasm_bindgen::JsValue = t.as_ref();
                        let d: &wasm_bindgen::JsValue = d.as_ref();
                        t == d
                    });
                if on_dialog {
                    shell.help.set(false);
                }
            }
        >
            <div class="help-body">
                <button
                    type="button"
                    class="icon-button help-close"
                    data-testid="help-close"
                    aria-label="Close help"
                    on:click=move |_| shell.help.set(false)
                >
                    "×"
                </button>
                {content}
            </div>
        </dialog>
    }
}
