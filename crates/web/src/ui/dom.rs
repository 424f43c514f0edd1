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

/// Tell tests (and the pre-boot CSS) that the app is mounted.
pub fn mark_ready() {
    if let Some(r) = root() {
        let _ = r.set_attribute("data-app", "ready");
    }
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

/// Go to a fragment as a new history entry (Back returns), without firing
/// `hashchange` (the caller updates the shell itself).
pub fn push_hash(fragment: &str) {
    if let Ok(history) = window().history() {
        let target = format!("#{fragment}");
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

/// Copy text to the clipboard (async API; falls back to selecting the
/// element with id `fallback_id` and `execCommand("copy")`).
pub fn copy_text(text: &str, fallback_id: &str) -> bool {
    let navigator = window().navigator();
    let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if has_clipboard {
        let _ = navigator.clipboard().write_text(text);
        return true;
    }
    if let Some(area) = document()
        .get_element_by_id(fallback_id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    {
        area.select();
        if let Ok(doc) = document().dyn_into::<web_sys::HtmlDocument>() {
            return doc.exec_command("copy").unwrap_or(false);
        }
    }
    false
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
