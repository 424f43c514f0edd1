//! Small browser helpers shared by the shell and the workbenches.

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, Storage};

pub fn window() -> web_sys::Window {
    web_sys::window().expect("a browser window")
}

pub fn document() -> web_sys::Document {
    window().document().expect("a document")
}

/// `localStorage`, if the browser allows it (private modes may not).
pub fn local_storage() -> Option<Storage> {
    window().local_storage().ok().flatten()
}

/// The `<html>` element.
pub fn root() -> Option<HtmlElement> {
    document()
        .document_element()
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
}

/// Tell tests (and the pre-boot CSS) that the app is mounted, and remove
/// index.html's loading screen: it copies the home's hero, heading included,
/// and a page has one `h1`.
pub fn mark_ready() {
    if let Some(r) = root() {
        let _ = r.set_attribute("data-app", "ready");
    }
    if let Some(boot) = document().get_element_by_id("boot") {
        boot.remove();
    }
}

/// A signal that turns `true` once the browser has painted what is on
/// screen now (two animation frames, then a task; at the latest after a
/// second, for a page in a background tab). What the first screen does not
/// need waits for it, so it does not compete with the first screen for the
/// network or the main thread (the Sudoku lab's chunk, issue 19).
pub fn after_paint() -> leptos::prelude::ReadSignal<bool> {
    use leptos::prelude::*;
    let (painted, set) = signal(false);
    // `try_`: the view that asked may be gone by then (the user moved on).
    let done = move || {
        if painted.try_get_untracked() == Some(false) {
            set.try_set(true);
        }
    };
    crate::pool::after_first_paint(done);
    let fallback = wasm_bindgen::closure::Closure::once_into_js(done);
    let _ = window()
        .set_timeout_with_callback_and_timeout_and_arguments_0(fallback.unchecked_ref(), 1000);
    painted
}

/// A count that goes up from 0 to `n`, one step per task: a view made of
/// `n` heavy parts shows part `i` once the count exceeds `i`, so its first
/// mount is `n` short tasks rather than one long one (issue 19: the page
/// stays responsive, and a running job's progress keeps flowing).
pub fn stagger(n: usize) -> leptos::prelude::ReadSignal<usize> {
    use leptos::prelude::*;
    let (shown, set) = signal(1.min(n));
    fn step(shown: ReadSignal<usize>, set: WriteSignal<usize>, n: usize) {
        let next = wasm_bindgen::closure::Closure::once_into_js(move || {
            // `try_`: the view may be gone by then.
            let Some(k) = shown.try_get_untracked() else {
                return;
            };
            if k < n {
                set.try_set(k + 1);
                step(shown, set, n);
            }
        });
        let _ = window().set_timeout_with_callback(next.unchecked_ref());
    }
    step(shown, set, n);
    shown
}

/// The URL fragment without its `#`, percent-decoded.
pub fn hash() -> String {
    let raw = window().location().hash().unwrap_or_default();
    let raw = raw.strip_prefix('#').unwrap_or(&raw).to_string();
    js_sys::decode_uri_component(&raw)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or(raw)
}

/// Replace the URL fragment without adding a history entry or firing
/// `hashchange`.
pub fn replace_hash(fragment: &str) {
    let w = window();
    let target = format!("#{fragment}");
    if w.location().hash().ok().as_deref() == Some(target.as_str()) {
        return;
    }
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&target));
    }
}

/// Set the URL fragment as a new history entry (Back returns to the one
/// before), without firing `hashchange`.
pub fn push_hash(fragment: &str) {
    let w = window();
    let target = format!("#{fragment}");
    if w.location().hash().ok().as_deref() == Some(target.as_str()) {
        return;
    }
    if let Ok(history) = w.history() {
        let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&target));
    }
}

/// Drop the fragment from the URL (the home's address is the bare one),
/// without a history entry.
pub fn clear_hash() {
    let w = window();
    if w.location().hash().unwrap_or_default().is_empty() {
        return;
    }
    let loc = w.location();
    let bare = format!(
        "{}{}",
        loc.pathname().unwrap_or_default(),
        loc.search().unwrap_or_default()
    );
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&bare));
    }
}

pub fn set_title(title: &str) {
    document().set_title(title);
}

/// Focus an element by id.
pub fn focus_id(id: &str) {
    if let Some(e) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = e.focus();
    }
}

/// Focus the first element matching `selector` once the current render is
/// on screen (a view re-rendered by the change that moved the focus, e.g. an
/// SVG cell, is found again). Works for SVG elements too (`focus` is
/// called by name: they are not `HtmlElement`s).
pub fn focus_later(selector: String) {
    let run = wasm_bindgen::closure::Closure::once_into_js(move || focus_now(&selector));
    let _ = window().request_animation_frame(run.unchecked_ref());
}

/// Focus the first element matching `selector` now (HTML or SVG).
pub fn focus_now(selector: &str) {
    if let Ok(Some(e)) = document().query_selector(selector) {
        if let Ok(f) = js_sys::Reflect::get(&e, &"focus".into()) {
            if let Some(f) = f.dyn_ref::<js_sys::Function>() {
                let _ = f.call0(&e);
            }
        }
    }
}

/// Copy text to the clipboard and say afterwards whether it worked: the
/// async API's promise decides (a refused permission is a failure, not a
/// false "copied"), else a hidden textarea and `execCommand("copy")`.
pub fn copy_text(text: &str, done: impl FnOnce(bool) + 'static) {
    let navigator = window().navigator();
    let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has_clipboard {
        done(copy_by_selection(text));
        return;
    }
    let promise = navigator.clipboard().write_text(text);
    let text = text.to_string();
    wasm_bindgen_futures::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        done(ok || copy_by_selection(&text));
    });
}

/// The old way: select the text in a temporary textarea and copy it.
fn copy_by_selection(text: &str) -> bool {
    let doc = document();
    let Some(area) = doc
        .create_element("textarea")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return false;
    };
    area.set_value(text);
    let _ = area.set_attribute("readonly", "");
    let _ = area.set_attribute("style", "position:fixed;top:0;left:0;opacity:0");
    let Some(body) = doc.body() else {
        return false;
    };
    let _ = body.append_child(&area);
    area.select();
    let ok = doc
        .dyn_ref::<web_sys::HtmlDocument>()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    let _ = body.remove_child(&area);
    ok
}

/// Offer `text` as a file download named `name` (a data URL on a temporary
/// link: works offline and from any sub-path).
pub fn download_text(name: &str, mime: &str, text: &str) {
    let doc = document();
    let href = format!(
        "data:{mime};charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    );
    if let Ok(a) = doc.create_element("a") {
        let _ = a.set_attribute("href", &href);
        let _ = a.set_attribute("download", name);
        if let Some(body) = doc.body() {
            let _ = body.append_child(&a);
            if let Some(el) = a.dyn_ref::<HtmlElement>() {
                el.click();
            }
            let _ = body.remove_child(&a);
        }
    }
}
