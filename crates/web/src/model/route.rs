//! The URL fragment holds what makes a link reproducible:
//! `#<workbench>/<payload>`, e.g. `#sudoku/8..6..9.5…`. The payload belongs
//! to the workbench (see `model::sudoku::codec`).

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

#[cfg(test)]
mod tests {
    use super::Route;

    #[test]
    fn fragments_split_into_workbench_and_payload() {
        let r = Route::parse("#sudoku/8..6..9.5").unwrap();
        assert_eq!(
            (r.workbench.as_str(), r.payload.as_str()),
            ("sudoku", "8..6..9.5")
        );
        // The payload keeps its own slashes; the workbench is case-blind.
        let r = Route::parse("/Polyforms/lib/Pentominoes6x10").unwrap();
        assert_eq!(
            (r.workbench.as_str(), r.payload.as_str()),
            ("polyforms", "lib/Pentominoes6x10")
        );
        let r = Route::parse("hexads").unwrap();
        assert_eq!((r.workbench.as_str(), r.payload.as_str()), ("hexads", ""));
        assert_eq!(Route::parse(""), None);
        assert_eq!(Route::parse("  #/ "), None);
    }

    #[test]
    fn a_fragment_parses_back_to_its_route() {
        for (w, p) in [
            ("sudoku", "2x3/1....."),
            ("quantumino", ""),
            ("polyforms", "lib/x/y"),
        ] {
            let r = Route::parse(&Route::fragment(w, p)).unwrap();
            assert_eq!((r.workbench.as_str(), r.payload.as_str()), (w, p));
        }
    }
}
