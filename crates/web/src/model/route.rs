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

/// Whether two fragments name the same place, for the browser's history:
/// a URL write within a place (a digit typed, a point chosen, a solution
/// stepped through) replaces the entry, and a write to another place (a
/// tab, a puzzle, a variant, a card, an aside or a box) adds one, so Back
/// returns to where the user was, with what was shown there. A bare
/// workbench link (`#polyforms`) stands for the place it opens, which the
/// workbench's first write names.
pub fn same_place(from: &str, to: &str) -> bool {
    let (a, b) = (Route::of_fragment(from), Route::of_fragment(to));
    a.workbench == b.workbench && (a.payload.is_empty() || a.place() == b.place())
}

impl Route {
    /// The part of the payload that says where the user is, without the
    /// state of what is shown there.
    pub fn place(&self) -> String {
        let p = self.payload.as_str();
        match self.workbench.as_str() {
            "sudoku" => match SudokuRoute::parse(p) {
                SudokuRoute::Workbench => String::new(),
                SudokuRoute::Puzzle(_) => "grid".into(),
                SudokuRoute::Variant(v, _) => v.key().into(),
                SudokuRoute::Experiments(card) => {
                    format!("{EXPERIMENTS}/{}", card.unwrap_or_default())
                }
            },
            "polyforms" => match PolyformRoute::parse(p) {
                PolyformRoute::Library(name, _) => format!("lib/{}", name.unwrap_or_default()),
                PolyformRoute::Editor(_) => "edit".into(),
                PolyformRoute::Enumerate(_) => "enum".into(),
            },
            // Aside and box; the solution shown is state.
            "quantumino" => p.split('/').take(2).collect::<Vec<_>>().join("/"),
            // The MINIMOG; the points chosen are state.
            "hexads" => p.split(':').next().unwrap_or_default().to_string(),
            _ => String::new(),
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
    /// `experiments[/<card>]`: the Experiments tab, scrolled to a card (the
    /// puzzle stays the one saved in the browser).
    Experiments(Option<String>),
}

/// The Sudoku link's head that opens the Experiments tab.
pub const EXPERIMENTS: &str = "experiments";

/// The variants a Sudoku link can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantRoute {
    X,
    Jigsaw,
    Samurai,
    /// The constraint editor's puzzle: its text form, lz-string packed.
    Killer,
}

impl VariantRoute {
    pub const ALL: [VariantRoute; 4] = [
        VariantRoute::X,
        VariantRoute::Jigsaw,
        VariantRoute::Samurai,
        VariantRoute::Killer,
    ];

    /// The link's first segment.
    pub fn key(self) -> &'static str {
        match self {
            VariantRoute::X => "x",
            VariantRoute::Jigsaw => "jigsaw",
            VariantRoute::Samurai => "samurai",
            VariantRoute::Killer => "killer",
        }
    }
}

impl SudokuRoute {
    /// Read the payload of a `#sudoku/…` link.
    pub fn parse(payload: &str) -> SudokuRoute {
        if payload.is_empty() {
            return SudokuRoute::Workbench;
        }
        let (head, rest) = payload.split_once('/').unwrap_or((payload, ""));
        if head == EXPERIMENTS {
            let card = rest.trim();
            return SudokuRoute::Experiments((!card.is_empty()).then(|| card.to_string()));
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
            SudokuRoute::Experiments(None) => EXPERIMENTS.to_string(),
            SudokuRoute::Experiments(Some(card)) => format!("{EXPERIMENTS}/{card}"),
        }
    }
}

/// The Polyforms workbench's part of a link: which tab, and that tab's
/// state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolyformRoute {
    /// `lib/<puzzle>[/<shown>[/all]]`: one of Tessera's puzzles or a
    /// Polyform Puzzler catalogue entry (`None`, from no or an unknown
    /// payload: the default), and the solution on screen (1-based in the
    /// search's order, 0 = none; `all` when symmetric copies are counted),
    /// so a reload or a shared link shows it again.
    Library(Option<String>, LibraryShown),
    /// `edit/<state>`: the region editor's own encoding.
    Editor(String),
    /// `enum/<family>/<size>[/one-sided]`.
    Enumerate(String),
}

/// The library's solution on screen, as a link keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LibraryShown {
    /// 1-based in the search's order; 0 = none.
    pub n: usize,
    /// Symmetric copies counted (the solver's "every solution").
    pub all: bool,
}

/// The most solutions a library link may ask to be found before one is
/// shown (the search runs again up to it).
pub const POLYFORM_MAX_SHOWN: usize = 10_000;

impl PolyformRoute {
    pub fn parse(payload: &str) -> PolyformRoute {
        let (head, rest) = payload.split_once('/').unwrap_or((payload, ""));
        match head {
            "edit" => PolyformRoute::Editor(rest.to_string()),
            "enum" => PolyformRoute::Enumerate(rest.to_string()),
            "lib" if !rest.trim().is_empty() => {
                let mut parts = rest.trim().split('/');
                let name = parts.next().unwrap_or_default().trim().to_string();
                let n = parts
                    .next()
                    .and_then(|n| n.trim().parse::<usize>().ok())
                    .unwrap_or(0)
                    .min(POLYFORM_MAX_SHOWN);
                let all = n > 0 && parts.next().is_some_and(|a| a.trim() == "all");
                if name.is_empty() {
                    PolyformRoute::Library(None, LibraryShown::default())
                } else {
                    PolyformRoute::Library(Some(name), LibraryShown { n, all })
                }
            }
            _ => PolyformRoute::Library(None, LibraryShown::default()),
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
            PolyformRoute::Library(None, _) => String::new(),
            PolyformRoute::Library(Some(id), LibraryShown { n: 0, .. }) => format!("lib/{id}"),
            PolyformRoute::Library(Some(id), LibraryShown { n, all: false }) => {
                format!("lib/{id}/{n}")
            }
            PolyformRoute::Library(Some(id), LibraryShown { n, all: true }) => {
                format!("lib/{id}/{n}/all")
            }
            PolyformRoute::Editor(rest) => with("edit", rest),
            PolyformRoute::Enumerate(rest) => with("enum", rest),
        }
    }
}

/// The Quantumino workbench's link, `<aside>/<a>x<b>x<c>/<shown>`: the piece
/// put aside (0–16), the box, and the solution on screen (1-based, 0 = none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantuminoRoute {
    pub aside: u8,
    pub bx: [i32; 3],
    pub shown: usize,
}

/// The most solutions a link may ask to be found before one is shown.
pub const QUANTUMINO_MAX_SHOWN: usize = 10_000;

impl QuantuminoRoute {
    /// Read a link. Whatever part is wrong falls back to `default` (or 0)
    /// and is named in a sentence, so the workbench can say what it did
    /// instead of silently opening something else.
    pub fn parse(payload: &str, default: [i32; 3]) -> (QuantuminoRoute, Vec<String>) {
        let mut route = QuantuminoRoute {
            aside: 0,
            bx: default,
            shown: 0,
        };
        let mut problems = Vec::new();
        let payload = payload.trim();
        if payload.is_empty() {
            return (route, problems);
        }
        let parts: Vec<&str> = payload.split('/').collect();
        match parts[0].trim().parse::<u8>() {
            Ok(a) if a < 17 => route.aside = a,
            _ => problems.push(format!(
                "The link’s piece aside “{}” is not a piece number from 0 to 16: showing piece 0.",
                clip(parts[0])
            )),
        }
        if let Some(b) = parts.get(1).filter(|b| !b.trim().is_empty()) {
            let sides: Vec<&str> = b.split(['x', 'X', '×']).collect();
            let parsed: Option<Vec<i64>> = (sides.len() == 3)
                .then(|| sides.iter().map(|s| s.trim().parse::<i64>().ok()).collect())
                .flatten();
            let shown = |bx: [i32; 3]| format!("{}×{}×{}", bx[0], bx[1], bx[2]);
            match parsed {
                None => problems.push(format!(
                    "The link’s box “{}” is not three whole numbers like 5x8x2: showing {}.",
                    clip(b),
                    shown(default)
                )),
                Some(v) => match tessera_engine::quantumino::check_box([v[0], v[1], v[2]]) {
                    Ok(_) => route.bx = [v[0] as i32, v[1] as i32, v[2] as i32],
                    Err(e) => problems.push(format!(
                        "The link’s box “{}” cannot be used ({e}): showing {}.",
                        clip(b),
                        shown(default)
                    )),
                },
            }
        }
        if let Some(n) = parts.get(2).filter(|n| !n.trim().is_empty()) {
            match n.trim().parse::<usize>() {
                Ok(k) if k <= QUANTUMINO_MAX_SHOWN => route.shown = k,
                Ok(_) => {
                    route.shown = QUANTUMINO_MAX_SHOWN;
                    problems.push(format!(
                        "The link asks for solution {}; a link opens at most solution {}: showing that one.",
                        clip(n),
                        QUANTUMINO_MAX_SHOWN
                    ))
                }
                Err(_) => problems.push(format!(
                    "The link’s solution number “{}” is not a whole number: no solution is shown.",
                    clip(n)
                )),
            }
        }
        if parts.len() > 3 {
            problems.push(format!(
                "The link has more parts than aside/box/solution: “{}” was ignored.",
                clip(&parts[3..].join("/"))
            ));
        }
        (route, problems)
    }
}

/// The Hexads workbench's link, `<labeling>:<p>,<p>,…`: the MINIMOG used
/// and up to five chosen points (0–11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexadRoute {
    pub labeling: tessera_engine::hexad::Labeling,
    pub points: Vec<u8>,
}

impl HexadRoute {
    /// Read a link; wrong parts are dropped and named (see
    /// [`QuantuminoRoute::parse`]). A repeated point counts once.
    pub fn parse(payload: &str) -> (HexadRoute, Vec<String>) {
        use tessera_engine::hexad::Labeling;
        let mut problems = Vec::new();
        let (lab, pts) = payload
            .trim()
            .split_once(':')
            .unwrap_or((payload.trim(), ""));
        let labeling = if lab.trim().is_empty() {
            Labeling::Shuffle
        } else {
            lab.parse().unwrap_or_else(|_| {
                problems.push(format!(
                    "The link’s MINIMOG “{}” is not one Tessera knows (shuffle or modulo11): showing shuffle.",
                    clip(lab)
                ));
                Labeling::Shuffle
            })
        };
        let mut points: Vec<u8> = Vec::new();
        let (mut bad, mut repeated, mut extra) = (Vec::new(), Vec::new(), 0usize);
        for p in pts.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match p.parse::<u8>() {
                Ok(q) if q < 12 => {
                    if points.contains(&q) {
                        if !repeated.contains(&q) {
                            repeated.push(q);
                        }
                    } else if points.len() == 5 {
                        extra += 1;
                    } else {
                        points.push(q);
                    }
                }
                _ => bad.push(clip(p)),
            }
        }
        if !bad.is_empty() {
            problems.push(format!(
                "The link’s points {} are not points 0 to 11: left out.",
                bad.iter()
                    .map(|b| format!("“{b}”"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !repeated.is_empty() {
            let r: Vec<String> = repeated.iter().map(u8::to_string).collect();
            problems.push(format!(
                "The link names point {} more than once: chosen once.",
                r.join(", ")
            ));
        }
        if extra > 0 {
            problems.push(format!(
                "The link names more than five points: the first five are chosen, {extra} left out."
            ));
        }
        (HexadRoute { labeling, points }, problems)
    }
}

/// A part of a link as shown in a message: at most 40 characters, so a
/// hostile link cannot flood the page.
pub fn clip(text: &str) -> String {
    let t = text.trim();
    if t.chars().count() > 40 {
        format!("{}…", t.chars().take(40).collect::<String>())
    } else {
        t.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{same_place, LibraryShown, PolyformRoute, Route, SudokuRoute, VariantRoute};

    #[test]
    fn places_are_tabs_puzzles_variants_cards_asides_and_boxes_not_what_is_shown() {
        // Within a place: the entry is replaced.
        for (a, b) in [
            ("sudoku/8..6..9.5", "sudoku/8..6..9.51"),
            ("sudoku/x/1.2", "sudoku/x/1.23"),
            ("sudoku/experiments/counting", "sudoku/experiments/counting"),
            (
                "polyforms/lib/Pentominoes6x10",
                "polyforms/lib/Pentominoes6x10/3",
            ),
            ("polyforms/edit/square/8x8x1", "polyforms/edit/square/8x8x2"),
            ("polyforms/enum/hex/6", "polyforms/enum/hex/7"),
            ("quantumino/3/5x8x2/0", "quantumino/3/5x8x2/4"),
            ("hexads/shuffle:1,2", "hexads/shuffle:1,2,3"),
            // A bare workbench link is named by its first write.
            ("polyforms", "polyforms/lib/pentominoes-6x10"),
            ("quantumino", "quantumino/0/5x8x2/0"),
            ("sudoku", "sudoku/8..6..9.5"),
            ("", ""),
        ] {
            assert!(same_place(a, b), "{a} → {b} is one place");
        }
        // Another place: a new entry.
        for (a, b) in [
            ("", "sudoku/8..6..9.5"),
            ("sudoku/8..6..9.5", "polyforms"),
            ("sudoku/8..6..9.5", "sudoku/experiments"),
            ("sudoku/experiments", "sudoku/experiments/counting"),
            ("sudoku/experiments/phase", "sudoku/experiments/counting"),
            ("sudoku/8..6..9.5", "sudoku/jigsaw/..1/aabb"),
            (
                "polyforms/lib/Pentominoes6x10",
                "polyforms/lib/Heptiamonds3x28",
            ),
            (
                "polyforms/lib/Pentominoes6x10/2",
                "polyforms/edit/square/8x8x1",
            ),
            ("polyforms/edit/square/8x8x1", "polyforms/enum/hex/6"),
            ("quantumino/3/5x8x2/1", "quantumino/4/5x8x2/0"),
            ("quantumino/3/5x8x2/1", "quantumino/3/2x2x20/0"),
            ("hexads/shuffle:1,2", "hexads/modulo11:1,2"),
        ] {
            assert!(!same_place(a, b), "{a} → {b} is another place");
        }
    }

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
            ("experiments", SudokuRoute::Experiments(None)),
            (
                "experiments/counting",
                SudokuRoute::Experiments(Some("counting".into())),
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
            ("", PolyformRoute::Library(None, LibraryShown::default())),
            (
                "lib/Pentominoes6x10",
                PolyformRoute::Library(Some("Pentominoes6x10".into()), LibraryShown::default()),
            ),
            (
                "lib/Pentominoes6x10/7",
                PolyformRoute::Library(
                    Some("Pentominoes6x10".into()),
                    LibraryShown { n: 7, all: false },
                ),
            ),
            (
                "lib/pentominoes-6x10/2/all",
                PolyformRoute::Library(
                    Some("pentominoes-6x10".into()),
                    LibraryShown { n: 2, all: true },
                ),
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
        let none = LibraryShown::default();
        assert_eq!(
            PolyformRoute::parse("lib/ "),
            PolyformRoute::Library(None, none)
        );
        assert_eq!(
            PolyformRoute::parse("lib/ x "),
            PolyformRoute::Library(Some("x".into()), none)
        );
        assert_eq!(
            PolyformRoute::parse("nonsense"),
            PolyformRoute::Library(None, none)
        );
        // A shown number that is not one is no solution; a huge one is capped.
        assert_eq!(
            PolyformRoute::parse("lib/x/y"),
            PolyformRoute::Library(Some("x".into()), none)
        );
        assert_eq!(
            PolyformRoute::parse("lib/x/0/all"),
            PolyformRoute::Library(Some("x".into()), none)
        );
        assert_eq!(
            PolyformRoute::parse("lib/x/99999999"),
            PolyformRoute::Library(
                Some("x".into()),
                LibraryShown {
                    n: super::POLYFORM_MAX_SHOWN,
                    all: false
                }
            )
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

    #[test]
    fn quantumino_links_name_what_is_wrong() {
        use super::{QuantuminoRoute, QUANTUMINO_MAX_SHOWN};
        let d = [5, 8, 2];
        let (r, p) = QuantuminoRoute::parse("7/2x2x20/3", d);
        assert_eq!((r.aside, r.bx, r.shown, p.len()), (7, [2, 2, 20], 3, 0));
        let (r, p) = QuantuminoRoute::parse("", d);
        assert_eq!((r.aside, r.bx, r.shown, p.len()), (0, d, 0, 0));
        let (r, p) = QuantuminoRoute::parse("aside=99", d);
        assert_eq!(r.aside, 0);
        assert!(p.len() == 1 && p[0].contains("“aside=99”"), "{p:?}");
        let (r, p) = QuantuminoRoute::parse("17", d);
        assert!(r.aside == 0 && p[0].contains("from 0 to 16"), "{p:?}");
        let (r, p) = QuantuminoRoute::parse("5/999x999x999/0", d);
        assert_eq!((r.aside, r.bx), (5, d));
        assert!(p.len() == 1 && p[0].contains("“999x999x999”"), "{p:?}");
        let (_, p) = QuantuminoRoute::parse("5/2x0x3", d);
        assert!(p[0].contains("cannot be used"), "{p:?}");
        let (_, p) = QuantuminoRoute::parse("5/2x2", d);
        assert!(p[0].contains("three whole numbers"), "{p:?}");
        let (r, p) = QuantuminoRoute::parse("5/2x2x20/99999999", d);
        assert_eq!(r.shown, QUANTUMINO_MAX_SHOWN);
        assert_eq!(p.len(), 1);
        let (_, p) = QuantuminoRoute::parse("5/2x2x20/1/zz", d);
        assert!(p[0].contains("“zz”"), "{p:?}");
        let long = "9".repeat(500);
        let (_, p) = QuantuminoRoute::parse(&long, d);
        assert!(
            p[0].chars().count() < 120,
            "a hostile link is clipped: {p:?}"
        );
    }

    #[test]
    fn hexad_links_name_what_is_wrong() {
        use super::HexadRoute;
        use tessera_engine::hexad::Labeling;
        let (r, p) = HexadRoute::parse("modulo11:0,1,2,3,4");
        assert_eq!(
            (r.labeling, r.points, p.len()),
            (Labeling::Modulo11, vec![0, 1, 2, 3, 4], 0)
        );
        let (r, p) = HexadRoute::parse("shuffle:1,1,1,1,1");
        assert_eq!(r.points, vec![1]);
        assert!(
            p.len() == 1 && p[0].contains("point 1 more than once"),
            "{p:?}"
        );
        let (r, p) = HexadRoute::parse("octal:12,x,3");
        assert_eq!((r.labeling, r.points), (Labeling::Shuffle, vec![3]));
        assert_eq!(p.len(), 2, "{p:?}");
        let (r, p) = HexadRoute::parse("shuffle:0,1,2,3,4,5,6");
        assert_eq!(r.points, vec![0, 1, 2, 3, 4]);
        assert!(p[0].contains("2 left out"), "{p:?}");
        let (r, p) = HexadRoute::parse("");
        assert_eq!(
            (r.labeling, r.points.len(), p.len()),
            (Labeling::Shuffle, 0, 0)
        );
    }
}
