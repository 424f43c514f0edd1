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
/// network or the main thread (the Sudoku lab's chunk, for one).
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
/// mount is `n` short tasks rather than one long one (so the page stays
/// responsive, and a running job's progress keeps flowing).
pub fn stagger(n: usize) -> leptos::prelude::ReadSignal<usize> {
    use leptos::prelude::*;
    let (shown, set) = signal(1.min(n));
    // Each step is a `soon` task, so `<html data-pending>` stays until the
    // last part is in.
    fn step(shown: ReadSignal<usize>, set: WriteSignal<usize>, n: usize) {
        soon(move || {
            // `try_`: the view may be gone by then.
            let Some(k) = shown.try_get_untracked() else {
                return;
            };
            if k < n {
                set.try_set(k + 1);
                step(shown, set, n);
            }
        });
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

/// The grid cell (nearest `data-cell`) an event happened in: the editor's
/// and the variant grid have one listener per event for all their cells
/// (rather than three closures per cell, too many on a Samurai).
pub fn cell_of(e: &web_sys::Event) -> Option<usize> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("[data-cell]").ok().flatten())
        .and_then(|c| c.get_attribute("data-cell"))
        .and_then(|c| c.parse::<usize>().ok())
}

// ----- heavy changes in a task of their own -----

thread_local! {
    static SOON_PENDING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Run `f` once after `ms` milliseconds (a timer, not a task to wait for:
/// nothing marks the page pending meanwhile).
pub fn after_ms(ms: i32, f: impl FnOnce() + 'static) {
    let task = wasm_bindgen::closure::Closure::once_into_js(f);
    let _ =
        window().set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), ms);
}

/// Await the next task: a long piece of work split by these yields lets
/// the page draw and answer between its parts.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Run `f` in a task of its own, after the current one. For a click whose
/// change rebuilds a large view (a 25×25 imported, the Samurai's five
/// grids): the click's own task stays short and its frame shows the
/// pressed control, then the rebuild runs, and the browser lays it out in
/// the frame after — three tasks instead of one that did all of it (the
/// long-task rule: no task over 200 ms). While such a change is pending,
/// `<html>` has `data-pending` (the e2e harness waits for it to go after a
/// click).
pub fn soon(f: impl FnOnce() + 'static) {
    let was = SOON_PENDING.with(|p| {
        let n = p.get();
        p.set(n + 1);
        n
    });
    if was == 0 {
        if let Some(r) = root() {
            let _ = r.set_attribute("data-pending", "");
        }
    }
    let task = wasm_bindgen::closure::Closure::once_into_js(move || {
        f();
        let left = SOON_PENDING.with(|p| {
            let n = p.get().saturating_sub(1);
            p.set(n);
            n
        });
        if left == 0 {
            if let Some(r) = root() {
                let _ = r.remove_attribute("data-pending");
            }
        }
    });
    let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), 0);
}

// ----- URL writes -----
//
// `history.pushState`/`replaceState` save the page's scroll position into the
// entry they leave, and to know it Chromium brings layout up to date first:
// called from a click that has just rebuilt a view (a 25×25 imported, a mode
// switched), they forced a synchronous layout of the whole new view inside
// the click's task — 35–60 ms of a 150 ms task on the e2e machine, near the
// 200 ms long-task limit. So the workbenches' URL writes are queued and done
// in a task of their own after the next frame, when layout is clean and they
// are cheap. Order is kept; `flush_url` does them at once where the URL is
// read back (copying the link), and `drop_pending_url` forgets them when the
// user moves in history first (the entry they were meant for is gone).

enum UrlWrite {
    Push(String),
    /// Replace within a place, push to another (`route::same_place`).
    Set(String),
    Clear,
}

thread_local! {
    /// Each write with the address it was queued at.
    static PENDING_URL: std::cell::RefCell<Vec<(UrlWrite, String)>> = const { std::cell::RefCell::new(Vec::new()) };
    static URL_FLUSH_SCHEDULED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn queue_url(write: UrlWrite) {
    let at = window().location().href().unwrap_or_default();
    PENDING_URL.with(|p| p.borrow_mut().push((write, at)));
    if URL_FLUSH_SCHEDULED.with(|s| s.replace(true)) {
        return;
    }
    // A frame callback runs before that frame's layout; the task it queues
    // runs after the frame.
    let frame = wasm_bindgen::closure::Closure::once_into_js(move || {
        let task = wasm_bindgen::closure::Closure::once_into_js(flush_url);
        let _ =
            window().set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), 0);
    });
    if window()
        .request_animation_frame(frame.unchecked_ref())
        .is_err()
    {
        flush_url();
    }
}

/// Do the queued URL writes now, in order.
pub fn flush_url() {
    URL_FLUSH_SCHEDULED.with(|s| s.set(false));
    let writes = PENDING_URL.with(|p| std::mem::take(&mut *p.borrow_mut()));
    for (w, _) in writes {
        match w {
            UrlWrite::Push(f) => write_hash(&f, true),
            UrlWrite::Set(f) => {
                let now = hash();
                write_hash(&f, !crate::model::route::same_place(&now, &f))
            }
            UrlWrite::Clear => write_clear_hash(),
        }
    }
}

/// Forget the queued URL writes made at another address: Back/Forward (or
/// an edited address) came first, and the entry they were meant for is no
/// longer the current one. Writes made since, at the new address, stay (a
/// fragment navigation fires `popstate` and then `hashchange`; what the
/// first handler wrote must survive the second).
pub fn drop_pending_url() {
    let now = window().location().href().unwrap_or_default();
    PENDING_URL.with(|p| p.borrow_mut().retain(|(_, at)| *at == now));
}

/// Set the URL fragment without firing `hashchange` (after the next
/// frame, see above): in the entry on screen when it is the same place
/// (`route::same_place`), else as a new entry, so Back returns.
pub fn set_hash(fragment: &str) {
    queue_url(UrlWrite::Set(fragment.to_string()));
}

/// Set the URL fragment as a new history entry (Back returns to the one
/// before), without firing `hashchange` (after the next frame, see above).
pub fn push_hash(fragment: &str) {
    queue_url(UrlWrite::Push(fragment.to_string()));
}

/// Drop the fragment from the URL (the home's address is the bare one),
/// without a history entry (after the next frame, see above).
pub fn clear_hash() {
    queue_url(UrlWrite::Clear);
}

fn write_hash(fragment: &str, push: bool) {
    let w = window();
    let target = format!("#{fragment}");
    if w.location().hash().ok().as_deref() == Some(target.as_str()) {
        return;
    }
    if let Ok(history) = w.history() {
        let _ = if push {
            history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&target))
        } else {
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&target))
        };
    }
}

fn write_clear_hash() {
    let w = window();
    if w.location().hash().unwrap_or_default().is_empty() {
        return;
    }
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&bare_url()));
    }
}

/// This page's address without its fragment: the home's.
fn bare_url() -> String {
    let loc = window().location();
    format!(
        "{}{}",
        loc.pathname().unwrap_or_default(),
        loc.search().unwrap_or_default()
    )
}

/// Put the home under a deep link opened in this entry for the first time
/// (not a reload, nor Back/Forward into it): Back from the link's page then
/// stays in the app, at the home, instead of leaving it (to `about:blank`
/// in a new tab).
pub fn put_home_under_deep_link() {
    let w = window();
    let kind = js_sys::Reflect::get(&w, &"performance".into())
        .ok()
        .and_then(|p| {
            let get = js_sys::Reflect::get(&p, &"getEntriesByType".into()).ok()?;
            let get: &js_sys::Function = get.dyn_ref()?;
            let list = get.call1(&p, &"navigation".into()).ok()?;
            let first = js_sys::Reflect::get(&list, &0.into()).ok()?;
            js_sys::Reflect::get(&first, &"type".into())
                .ok()?
                .as_string()
        });
    if kind.as_deref() != Some("navigate") {
        return;
    }
    let frag = w.location().hash().unwrap_or_default();
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&bare_url()));
        let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&frag));
    }
}

/// Scroll the page to its top (a workbench opened from a link below the
/// fold starts at its own top).
pub fn scroll_to_top() {
    window().scroll_to_with_x_and_y(0.0, 0.0);
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

/// Run `f` on the element with `id` once it is in the page: now, or on one
/// of the next frames (a view switched by the same click renders later),
/// giving up after about a second.
pub fn when_present(id: impl Into<String>, f: impl FnOnce(web_sys::Element) + 'static) {
    when_present_within(id, 60, f);
}

/// [`when_present`], giving up after `frames` frames (a part in a chunk
/// of its own, mounted in steps, may need seconds on a slow connection).
pub fn when_present_within(
    id: impl Into<String>,
    frames: u32,
    f: impl FnOnce(web_sys::Element) + 'static,
) {
    fn attempt(id: String, f: Box<dyn FnOnce(web_sys::Element)>, left: u32) {
        if let Some(e) = document().get_element_by_id(&id) {
            return f(e);
        }
        if left == 0 {
            return;
        }
        let run = wasm_bindgen::closure::Closure::once_into_js(move || attempt(id, f, left - 1));
        let _ = window().request_animation_frame(run.unchecked_ref());
    }
    attempt(id.into(), Box::new(f), frames);
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
