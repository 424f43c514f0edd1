//! localStorage as typed JSON values. A value that cannot be read back is
//! removed and reported as [`Loaded::Corrupt`], so the caller can tell the
//! user and carry on with defaults — never crash on stale or edited storage.
//! A value that cannot be *written* (storage full, or blocked by the
//! browser) is reported once through [`on_write_failure`]'s handler (the
//! shell's notice), and the page keeps everything it shows.

use super::dom::local_storage;
use serde::de::DeserializeOwned;
use serde::Serialize;

pub enum Loaded<T> {
    Missing,
    Found(T),
    Corrupt,
}

pub fn load<T: DeserializeOwned>(key: &str) -> Loaded<T> {
    let Some(store) = local_storage() else {
        return Loaded::Missing;
    };
    match store.get_item(key) {
        Ok(Some(text)) => match serde_json::from_str(&text) {
            Ok(v) => Loaded::Found(v),
            Err(_) => {
                discard(key);
                Loaded::Corrupt
            }
        },
        _ => Loaded::Missing,
    }
}

pub fn save<T: Serialize>(key: &str, value: &T) {
    if let Ok(text) = serde_json::to_string(value) {
        save_text(key, &text);
    }
}

/// Store `text` under `key`; `false` (and the user told, once per page) when
/// the browser refuses, e.g. a full quota.
pub fn save_text(key: &str, text: &str) -> bool {
    let Some(store) = local_storage() else {
        return false;
    };
    match store.set_item(key, text) {
        Ok(()) => true,
        Err(e) => {
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
                .unwrap_or_default();
            report_write_failure(&name);
            false
        }
    }
}

/// The handler [`on_write_failure`] installs.
type Handler = Option<Box<dyn Fn(String)>>;

thread_local! {
    static ON_FAILURE: std::cell::RefCell<Handler> = const { std::cell::RefCell::new(None) };
    static REPORTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Who tells the user that storage refused a write (set once by the shell).
pub fn on_write_failure(handler: impl Fn(String) + 'static) {
    ON_FAILURE.with(|f| *f.borrow_mut() = Some(Box::new(handler)));
}

fn report_write_failure(name: &str) {
    if REPORTED.with(|r| r.replace(true)) {
        return;
    }
    let why = if name == "QuotaExceededError" {
        "this browser's storage for the site is full"
    } else {
        "this browser does not let the site store data"
    };
    let text = format!(
        "Tessera cannot save your work: {why}. Everything on the page stays as it is, \
         but a reload will not bring it back — copy the share link to keep it."
    );
    ON_FAILURE.with(|f| {
        if let Some(f) = f.borrow().as_ref() {
            f(text)
        }
    });
}

pub fn discard(key: &str) {
    if let Some(store) = local_storage() {
        let _ = store.remove_item(key);
    }
}
