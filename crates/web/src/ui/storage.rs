//! localStorage as typed JSON values. A value that cannot be read back is
//! removed and reported as [`Loaded::Corrupt`], so the caller can tell the
//! user and carry on with defaults — never crash on stale or edited storage.

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
    if let (Some(store), Ok(text)) = (local_storage(), serde_json::to_string(value)) {
        let _ = store.set_item(key, &text);
    }
}

pub fn discard(key: &str) {
    if let Some(store) = local_storage() {
        let _ = store.remove_item(key);
    }
}
