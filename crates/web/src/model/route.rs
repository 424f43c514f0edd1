//! The URL fragment holds what makes a link reproducible:
//! `#<workbench>/<payload>`, e.g. `#sudoku/8..6..9.5…`. The payload belongs
//! to the workbench (see `model::sudoku::codec`). A URL without a fragment
//! is the home (`Route::home()`), the landing view that says what Tessera is.

/// The home's id: `#home`, and where a URL without a fragment goes.
pub const HOME: &str = "home";

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

    /// The landing view.
    pub fn home() -> Route {
        Route {
            workbench: HOME.into(),
            payload: String::new(),
        }
    }

    /// The route of a fragment: an empty one is the home, so a bare URL
    /// opens the landing view rather than the last workbench.
    pub fn of_fragment(fragment: &str) -> Route {
        Route::parse(fragment).unwrap_or_else(Route::home)
    }

    pub fn is_home(&self) -> bool {
        self.workbench == HOME
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
    fn no_fragment_is_the_home_and_deep_links_are_not() {
        assert!(Route::of_fragment("").is_home());
        assert!(Route::of_fragment("#").is_home());
        assert!(Route::of_fragment("#home").is_home());
        for link in [
            "sudoku/8..6..9.5",
            "polyforms/lib/x",
            "quantumino/0/2x5x8/1",
            "hexads/shuffle:1,2",
        ] {
            let r = Route::of_fragment(link);
            assert!(!r.is_home(), "{link}");
            assert_eq!(Route::fragment(&r.workbench, &r.payload), link);
        }
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
