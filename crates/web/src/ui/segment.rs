//! One option of a segmented control, shared by every workbench: a
//! `button.segment[role=radio]` whose `aria-checked` follows a signal. The
//! radio groups (algorithm, variant, tool, labeling, edit/play …) are rows
//! of these inside a `div.segmented[role=radiogroup]`; the look and the
//! keyboard behaviour come from the `.segment` styles, so a group is only
//! its options.

use leptos::prelude::*;

/// A segment: `checked` drives `aria-checked`, a click calls `on_pick`.
/// Extra handlers go on the component (`on:mousedown=…`), which passes
/// them to the button.
#[component]
pub fn Segment(
    #[prop(into)] testid: String,
    #[prop(into)] checked: Signal<bool>,
    /// The tooltip, if any.
    #[prop(optional)]
    title: Option<&'static str>,
    #[prop(into)] on_pick: Callback<()>,
    /// Not offered now (the button is disabled and says why in `title`).
    #[prop(optional, into)]
    disabled: MaybeProp<bool>,
    children: Children,
) -> impl IntoView {
    view! {
        <button type="button" role="radio" class="segment" data-testid=testid title=title
            aria-checked=move || checked.get().to_string()
            disabled=move || disabled.get().unwrap_or(false)
            on:click=move |_| on_pick.run(())>
            {children()}
        </button>
    }
}
