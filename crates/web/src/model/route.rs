//! The URL fragment holds what makes a link reproducible:
//! `#<workbench>/<payload>`, e.g. `#sudoku/8..6..9.5…`. [`Route`] splits
//! the two; each workbench with sub-routes has its payload typed here
//! ([`SudokuRoute`], [`PolyformRoute`]), parsed and printed in one place.
//! What is inside a sub-route (a puzzle's cells, an editor state) stays the
//! workbench's own codec (e.g. `model::sudoku::codec`). A URL without a
//! fragment is the home (`Route::home()`), the landing view that says what
//! Tessera is.

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

/// The Sudoku workbench's part of a link, typed: one parser and one
/// printer, so views match on a variant instead of testing prefixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SudokuRoute {
    /// No payload: the workbench as the user left it.
    Workbench,
    /// A standard puzzle in `model::sudoku::codec`'s form (`8..6..9.5…`,
    /// `2x3/1.....`), kept as text for the codec to read.
    Puzzle(String),
    /// A variant puzzle: which variant, and the rest of the link for the
    /// variant view's fragment codec (`VBench::load_fragment`'s input is
    /// [`SudokuRoute::payload`]).
    Variant(VariantRoute, String),
}

/// The variants a Sudoku link can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantRoute {
    X,
    Jigsaw,
    Samurai,
}

impl VariantRoute {
    pub const ALL: [VariantRoute; 3] =
        [VariantRoute::X, VariantRoute::Jigsaw, VariantRoute::Samurai];

    /// The link's first segment.
    pub fn key(self) -> &'static str {
        match self {
            VariantRoute::X => "x",
            VariantRoute::Jigsaw => "jigsaw",
            VariantRoute::Samurai => "samurai",
        }
    }
}

impl SudokuRoute {
    /// Read the payload of a `#sudoku/…` link.
    pub fn parse(payload: &str) -> SudokuRoute {
        if payload.is_empty() {
            return SudokuRoute::Workbench;
        }
        if let Some((head, rest)) = payload.split_once('/') {
            if let Some(v) = VariantRoute::ALL.into_iter().find(|v| v.key() == head) {
                return SudokuRoute::Variant(v, rest.to_string());
            }
        }
        SudokuRoute::Puzzle(payload.to_string())
    }

    /// The payload again (`parse(r.payload()) == r`).
    pub fn payload(&self) -> String {
        match self {
            SudokuRoute::Workbench => String::new(),
            SudokuRoute::Puzzle(p) => p.clone(),
            SudokuRoute::Variant(v, rest) => format!("{}/{rest}", v.key()),
        }
    }
}

/// The Polyforms workbench's part of a link: which tab, and that tab's
/// state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolyformRoute {
    /// `lib/<puzzle>`: one of Tessera's puzzles or a Polyform Puzzler
    /// catalogue entry; `None` (no or an unknown payload): the default.
    Library(Option<String>),
    /// `edit/<state>`: the region editor's own encoding.
    Editor(String),
    /// `enum/<family>/<size>[/one-sided]`.
    Enumerate(String),
}

impl PolyformRoute {
    pub fn parse(payload: &str) -> PolyformRoute {
        let (head, rest) = payload.split_once('/').unwrap_or((payload, ""));
        match head {
            "edit" => PolyformRoute::Editor(rest.to_string()),
            "enum" => PolyformRoute::Enumerate(rest.to_string()),
            "lib" if !rest.trim().is_empty() => {
                PolyformRoute::Library(Some(rest.trim().to_string()))
            }
            _ => PolyformRoute::Library(None),
        }
    }

    /// The payload again (`parse(r.payload()) == r`).
    pub fn payload(&self) -> String {
        let with = |head: &str, rest: &str| {
            if rest.is_empty() {
                head.to_string()
            } else {
                format!("{head}/{rest}")
            }
        };
        match self {
            PolyformRoute::Library(None) => String::new(),
            PolyformRoute::Library(Some(id)) => format!("lib/{id}"),
            PolyformRoute::Editor(rest) => with("edit", rest),
            PolyformRoute::Enumerate(rest) => with("enum", rest),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{PolyformRoute, Route, SudokuRoute, VariantRoute};

    #[test]
    fn sudoku_links_parse_to_their_route_and_print_back() {
        for (payload, route) in [
            ("", SudokuRoute::Workbench),
            ("8..6..9.5", SudokuRoute::Puzzle("8..6..9.5".into())),
            ("2x3/1.....", SudokuRoute::Puzzle("2x3/1.....".into())),
            ("x/1.2", SudokuRoute::Variant(VariantRoute::X, "1.2".into())),
            (
                "jigsaw/..1/aabb",
                SudokuRoute::Variant(VariantRoute::Jigsaw, "..1/aabb".into()),
            ),
            (
                "samurai/",
                SudokuRoute::Variant(VariantRoute::Samurai, String::new()),
            ),
        ] {
            assert_eq!(SudokuRoute::parse(payload), route, "{payload}");
            assert_eq!(route.payload(), payload);
        }
        // A puzzle that merely starts with a variant's letters stays one.
        assert_eq!(
            SudokuRoute::parse("xylophone"),
            SudokuRoute::Puzzle("xylophone".into())
        );
    }

    #[test]
    fn polyform_links_parse_to_their_tab_and_print_back() {
        for (payload, route) in [
            ("", PolyformRoute::Library(None)),
            (
                "lib/Pentominoes6x10",
                PolyformRoute::Library(Some("Pentominoes6x10".into())),
            ),
            (
                "edit/square/8x8x1/x/y/z/0",
                PolyformRoute::Editor("square/8x8x1/x/y/z/0".into()),
            ),
            ("edit", PolyformRoute::Editor(String::new())),
            (
                "enum/hex/6/one-sided",
                PolyformRoute::Enumerate("hex/6/one-sided".into()),
            ),
        ] {
            assert_eq!(PolyformRoute::parse(payload), route, "{payload}");
            assert_eq!(route.payload(), payload);
        }
        // What the old prefix checks made of odd links, kept.
        assert_eq!(PolyformRoute::parse("lib/ "), PolyformRoute::Library(None));
        assert_eq!(
            PolyformRoute::parse("lib/ x "),
            PolyformRoute::Library(Some("x".into()))
        );
        assert_eq!(
            PolyformRoute::parse("nonsense"),
            PolyformRoute::Library(None)
        );
        // Through the whole fragment.
        let r = Route::parse("#polyforms/enum/trig/5").unwrap();
        assert_eq!(
            PolyformRoute::parse(&r.payload),
            PolyformRoute::Enumerate("trig/5".into())
        );
    }

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
