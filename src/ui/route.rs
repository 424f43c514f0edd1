//! The URL fragment holds what makes a link reproducible:
//! `#<workbench>/<payload>`, e.g. `#sudoku/8..6..9.5…`. The payload belongs
//! to the workbench (see `sudoku::codec`).

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Route {
    pub workbench: String,
    pub payload: String,
}

impl Route {
    /// Read a fragment (without `#`); `None` when empty.
    pub fn parse(fragment: &str) -> Option<Route> {
        let f = fragment
            .trim()
            .trim_start_matches('#')
            .trim_start_matches('/');
        if f.is_empty() {
            return None;
        }
        let (workbench, payload) = f.split_once('/').unwrap_or((f, ""));
        Some(Route {
            workbench: workbench.to_ascii_lowercase(),
            payload: payload.to_string(),
        })
    }

    /// The fragment for a workbench and payload.
    pub fn fragment(workbench: &str, payload: &str) -> String {
        if payload.is_empty() {
            workbench.to_string()
        } else {
            format!("{workbench}/{payload}")
        }
    }
}
