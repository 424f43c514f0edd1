//! Puzzles from SageMath's documentation (`sage.games.sudoku`), one click
//! away. Strings are Sage's own; the notes say where they come from.

pub struct Example {
    pub id: &'static str,
    pub name: &'static str,
    pub note: &'static str,
    /// Box shape as `RxC`.
    pub shape: &'static str,
    pub puzzle: &'static str,
}

/// The 16×16 puzzle `j` of Sage's `to_string` and `dlx` doctests.
const J: &str = "....a..69.3....1d.2...8....e.4....b....5..c.......7.......g...f....1.e..2.b.8..3.......4.d.....6.........f..7.g..9.a..c...5.....8..f.....1..e.79.c....b.....2...6.....g.7......84....3.d..a.5....5...7..e...ca.....3.1.......b......f....4...d..e..g.92.6..8....";

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "sage-a",
        name: "Sage’s first example",
        note: "The Sudoku class docstring (puzzle a); one solution",
        shape: "3x3",
        puzzle: "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3",
    },
    Example {
        id: "escargot",
        name: "Al Escargot",
        note: "Arto Inkala’s famous hard puzzle (g); one solution",
        shape: "3x3",
        puzzle: "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    },
    Example {
        id: "near-worst",
        name: "Near worst case",
        note: "Wikipedia’s near-worst case for brute force (c); one solution",
        shape: "3x3",
        puzzle: "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    },
    Example {
        id: "h5",
        name: "Five solutions (h)",
        note: "Sage’s solve() example: exactly 5 solutions — try Next solution",
        shape: "3x3",
        puzzle: "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......",
    },
    Example {
        id: "hbad",
        name: "No solution (hbad)",
        note: "h with a 2 in the second cell: no solution",
        shape: "3x3",
        puzzle: "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......",
    },
    Example {
        id: "c98",
        name: "98 solutions",
        note: "h without one clue (Sage’s __eq__ example c): count them",
        shape: "3x3",
        puzzle: "1..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......",
    },
    Example {
        id: "d",
        name: "Sage puzzle d",
        note: "From the Sudoku __init__ tests; one solution",
        shape: "3x3",
        puzzle: "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    },
    Example {
        id: "top95-1",
        name: "top95 #1",
        note: "“95 hard puzzles”, entry 1 (Sage’s e)",
        shape: "3x3",
        puzzle: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    },
    Example {
        id: "top95-2",
        name: "top95 #2",
        note: "“95 hard puzzles”, entry 2",
        shape: "3x3",
        puzzle: "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    },
    Example {
        id: "top95-3",
        name: "top95 #3",
        note: "“95 hard puzzles”, entry 3",
        shape: "3x3",
        puzzle: "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    },
    Example {
        id: "top95-4",
        name: "top95 #4",
        note: "“95 hard puzzles”, entry 4",
        shape: "3x3",
        puzzle: "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    },
    Example {
        id: "top95-5",
        name: "top95 #5",
        note: "“95 hard puzzles”, entry 5",
        shape: "3x3",
        puzzle: "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
    },
    Example {
        id: "top95-6",
        name: "top95 #6",
        note: "“95 hard puzzles”, entry 6",
        shape: "3x3",
        puzzle: "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
    },
    Example {
        id: "top95-7",
        name: "top95 #7",
        note: "“95 hard puzzles”, entry 7",
        shape: "3x3",
        puzzle: "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
    },
    Example {
        id: "top95-8",
        name: "top95 #8",
        note: "“95 hard puzzles”, entry 8",
        shape: "3x3",
        puzzle: ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........",
    },
    Example {
        id: "top95-9",
        name: "top95 #9",
        note: "“95 hard puzzles”, entry 9",
        shape: "3x3",
        puzzle: "6.2.5.........4.3..........43...8....1....2........7..5..27...........81...6.....",
    },
    Example {
        id: "top95-10",
        name: "top95 #10",
        note: "“95 hard puzzles”, entry 10",
        shape: "3x3",
        puzzle: ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9.....",
    },
    Example {
        id: "sage-b",
        name: "Sage’s to_string example",
        note: "Matrix b of to_string (also backtrack_all’s test); one solution",
        shape: "3x3",
        puzzle: "....1.9..8..4.....2.........7..3..........2.4.......58.6....13.7..2........8.....",
    },
    Example {
        id: "j16",
        name: "16×16 (j)",
        note: "Sage’s 16×16 doctest puzzle j; very many solutions",
        shape: "4x4",
        puzzle: J,
    },
    Example {
        id: "four",
        name: "4×4",
        note: "Sage’s small example; one solution",
        shape: "2x2",
        puzzle: ".4..32....14..3.",
    },
];

pub fn find(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}
