//! The "?" help of each workbench: what its buttons do, its keys, and where
//! its mathematics comes from — short, friendly, in our own words. Plain
//! data, so a native test can check that every workbench has some.

pub struct Help {
    /// The workbench id (`model::route`'s first segment).
    pub id: &'static str,
    pub title: &'static str,
    /// One or two sentences: what the workbench is for.
    pub intro: &'static str,
    /// (button, what it does).
    pub buttons: &'static [(&'static str, &'static str)],
    /// (keys, what they do).
    pub keys: &'static [(&'static str, &'static str)],
    /// Where the mathematics comes from.
    pub sources: &'static [&'static str],
}

/// Keys every page shares (the shell's own).
pub const SHELL_KEYS: &[(&str, &str)] = &[
    ("?", "Open this help (outside text fields)"),
    ("Esc", "Close it"),
];

pub const HELP: &[Help] = &[
    Help {
        id: "home",
        title: "Welcome to Tessera",
        intro: "Pick a workbench from a card or the bar at the top. Each card's link starts \
                something right away, so you can see what the workbench is for.",
        buttons: &[
            ("Cards", "Open the workbench; the link below each one starts a count, a solve or a find."),
            ("Home", "Comes back here from any workbench."),
            ("Moon / sun", "Switches between the dark and the light theme."),
        ],
        keys: &[("Tab", "Moves between the links and buttons")],
        sources: &[
            "Everything runs in your browser, in WebAssembly and Web Workers; after one visit it works \
             offline, and your browser can install it as an app.",
        ],
    },
    Help {
        id: "sudoku",
        title: "Sudoku",
        intro: "Type a puzzle or pick an example, then let one of four engines solve it, find the \
                next solution or count them all — or ask the lab for the next logical step.",
        buttons: &[
            ("Solve / Next solution", "The first solution, then one more each press (the search stays alive in a worker)."),
            ("Count", "Counts every solution, with progress and Cancel."),
            ("Engine", "Dancing Links, backtracking, SAT (clause learning, for big or hard grids) or Auto, which picks."),
            ("Hint / Step / Solve logically", "The next deduction with its reason, applied, or every step with a rating."),
            ("Generate", "A new puzzle of a size, symmetry and difficulty, reproducible from its seed."),
            ("Import / Export", "Paste Sage strings, 81-character lines, lists or matrices; export in Sage's formats or as models for other solvers."),
            ("Experiments", "The phase transition of random puzzles, the Sudoku graph, and the grid counts."),
        ],
        keys: &[
            ("Arrows, Home, End", "Move in the grid"),
            ("1–9, A–P", "Fill the cell (letters above 9 on big grids)"),
            ("Delete, Backspace, 0, .", "Clear the cell"),
            ("Space", "Pencil marks on or off"),
            ("Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z)", "Undo / redo"),
            ("Ctrl+Enter", "Import the pasted text"),
        ],
        sources: &[
            "The formats, examples and error cases follow SageMath's Sudoku module, which Tessera matches \
             character for character on the command line.",
            "Dancing Links is Knuth's Algorithm X with his dancing-links trick; the band counter follows \
             Felgenhauer and Jarvis's count of the 6,670,903,752,021,072,936,960 grids.",
            "The experiments come from Davis, Henderson and Smith's “Modeling Sudoku puzzles with Python” \
             (graph colouring, polynomials, linear programs) and the J community's notes on counting grids.",
        ],
    },
    Help {
        id: "polyforms",
        title: "Polyforms",
        intro: "Fit pieces made of squares, triangles, hexagons, cubes or sticks into a region. \
                Choose a puzzle from the library or the catalogue, or draw your own.",
        buttons: &[
            ("Solve / Next", "One solution at a time, drawn large."),
            ("Find all", "Every solution into the gallery (up to symmetry or all of them)."),
            ("Count", "Counts without drawing, with progress, time left and Cancel."),
            ("Editor", "Click or drag cells to shape a region, pick the pieces; mistakes are named before any search."),
            ("Enumerate", "Counts the polyforms of a size and draws them, beside the published tables."),
            ("Download", "Solutions in Polyform Puzzler's format, or as SVG."),
        ],
        keys: &[
            ("Tab, Enter", "Reach and press every button, puzzle and solution"),
            ("Enter", "In the enumeration's size field: count"),
        ],
        sources: &[
            "The puzzles, their names and the published counts are David Goodger's Polyform Puzzler; \
             its catalogue of 1,179 puzzles is shown with Polyform Puzzler's count beside Tessera's.",
            "Solving is exact cover: Knuth's Dancing Links (Algorithm X), with a bitboard filler for \
             rectangles; symmetric solutions are recognised so each one is counted once.",
        ],
    },
    Help {
        id: "quantumino",
        title: "Quantumino",
        intro: "Put one of the 17 wooden pentacubes aside and pack the other 16 into a box. \
                Turn the box with the mouse or a finger, solve, step through solutions, and count.",
        buttons: &[
            ("Aside", "Click a piece in the gallery to put it aside."),
            ("Box", "A preset or any three sides whose product is 80."),
            ("Solve / Previous / Next", "Find a packing and walk through more of them."),
            ("Animate / Stop", "Watch the search build a solution, as Sage's incremental or common-prefix views."),
            ("Count", "Counts every packing, slice by slice in several workers; finished parts are saved, so a count resumes."),
            ("Sage text / X3D scene", "Download the shown solution."),
        ],
        keys: &[
            ("Arrows", "Turn the view (when the 3D view has focus)"),
            ("+ / −", "Zoom"),
            ("0, Home, double-click", "Reset the view"),
            ("Drag, Shift+drag, wheel", "Orbit, pan, zoom"),
        ],
        sources: &[
            "The pieces, their colours and the text format are those of SageMath's quantumino module, \
             which solves the game as an exact cover problem.",
            "Sage enumerates solutions one by one; Tessera's counter sweeps the box slice by slice and \
             counts the ways the slices fit, which is how it reaches totals Sage could not.",
        ],
    },
    Help {
        id: "hexads",
        title: "Hexads",
        intro: "Twelve points, and any five of them lie in exactly one block of six — a hexad of the \
                Steiner system S(5,6,12). Click five points and see it.",
        buttons: &[
            ("Points", "Click five on the MINIMOG or the kitten; the hexad lights up on both."),
            ("Labeling", "Shuffle (0–11) or modulo 11 (0–10 and ∞), as in Sage."),
            ("Lines, crosses, squares", "The 12 lines, 18 crosses and 18 squares the hexads are built from."),
            ("Blackjack", "Take turns with the computer swapping a card from the pile onto the table; the hexads hold the winning strategy, and Hint shows it."),
            ("Download", "The MINIMOG or the kitten as SVG."),
        ],
        keys: &[("Tab, Enter", "Reach and press the buttons and the blackjack cards")],
        sources: &[
            "The MINIMOG is Conway's, the kitten Curtis's; the hexad finder, its descriptions and the \
             two labelings follow SageMath's hexad module.",
            "Mathematical blackjack on the twelve cards 0–11 and its winning strategy through the hexads \
             are Conway's and Kahane and Ryba's.",
        ],
    },
];

pub fn find(id: &str) -> Option<&'static Help> {
    HELP.iter().find(|h| h.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_has_help_with_buttons_keys_and_sources() {
        for id in ["home", "sudoku", "polyforms", "quantumino", "hexads"] {
            let h = find(id).unwrap_or_else(|| panic!("help for {id}"));
            assert!(!h.intro.is_empty());
            assert!(h.buttons.len() >= 3, "{id}: buttons");
            assert!(!h.keys.is_empty(), "{id}: keys");
            assert!(!h.sources.is_empty(), "{id}: sources");
        }
        assert!(find("tetravex").is_none());
        assert!(SHELL_KEYS.iter().any(|(k, _)| *k == "Esc"));
    }
}
