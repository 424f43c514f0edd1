//! The constraint editor's model: the tools that turn a selection of cells
//! into constraints, the global rules, the starting puzzle and the URL
//! payload. The puzzle itself is the engine's `sudoku::constraint::Puzzle`;
//! it is kept as its text form, which is what the setter may also edit by
//! hand, what the worker's jobs take, and what the link carries.

use crate::model::format::capitalize;
use tessera_engine::sudoku::constraint::{
    text, Constraint, ConstraintError, Diagonal, Dot, Puzzle, Xv,
};

/// The editor's first puzzle: a 9×9 killer of 27 cages and no givens,
/// drawn over a known grid (cages of 2–4 cells, sums read from the grid).
/// A test checks that it has exactly one solution.
pub const STARTER: &str = "size 9
killer 12: r1c1 r1c2 r1c3
killer 14: r1c4 r1c5 r2c4
killer 13: r1c6 r2c6
killer 17: r1c7 r2c7 r2c8 r1c8
killer 17: r1c9 r2c9 r3c9
killer 22: r2c1 r3c1 r4c1 r2c2
killer 10: r2c3 r3c3
killer 20: r2c5 r3c5 r4c5 r4c6
killer 14: r3c2 r4c2
killer 19: r3c4 r4c4 r4c3
killer 17: r3c6 r3c7 r3c8 r4c7
killer 5: r4c8 r4c9
killer 7: r5c1 r5c2 r6c2
killer 17: r5c3 r6c3 r5c4
killer 12: r5c5 r5c6 r6c6
killer 21: r5c7 r5c8 r6c8
killer 11: r5c9 r6c9 r7c9
killer 22: r6c1 r7c1 r7c2
killer 16: r6c4 r6c5 r7c4
killer 17: r6c7 r7c7 r7c6
killer 17: r7c3 r8c3 r9c3 r9c2
killer 4: r7c5 r8c5
killer 17: r7c8 r8c8 r8c7
killer 13: r8c1 r8c2 r9c1
killer 6: r8c4 r9c4
killer 24: r8c6 r9c6 r9c5 r9c7
killer 21: r8c9 r9c9 r9c8
";

/// A tool of the editor: what the selected cells become.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Cage,
    Thermo,
    Arrow,
    White,
    Black,
    X,
    V,
    Whisper,
    Renban,
    Palindrome,
    Between,
    RegionSum,
    LittleKiller,
    Odd,
    Even,
    Region,
}

impl Tool {
    pub const ALL: [Tool; 16] = [
        Tool::Cage,
        Tool::Thermo,
        Tool::Arrow,
        Tool::White,
        Tool::Black,
        Tool::X,
        Tool::V,
        Tool::Whisper,
        Tool::Renban,
        Tool::Palindrome,
        Tool::Between,
        Tool::RegionSum,
        Tool::LittleKiller,
        Tool::Odd,
        Tool::Even,
        Tool::Region,
    ];

    /// The tool's id (in test ids), its button label, and what it makes of
    /// the selection.
    fn words(self) -> [&'static str; 3] {
        match self {
            Tool::Cage => [
                "cage",
                "Cage",
                "A killer cage of the selected cells, with the sum if given",
            ],
            Tool::Thermo => [
                "thermo",
                "Thermo",
                "A thermometer from the first selected cell (the bulb)",
            ],
            Tool::Arrow => [
                "arrow",
                "Arrow",
                "An arrow: the first cell is the circle, the rest the path",
            ],
            Tool::White => [
                "white",
                "White dot",
                "White dots (consecutive) between cells in selection order",
            ],
            Tool::Black => [
                "black",
                "Black dot",
                "Black dots (one is double the other) between cells in order",
            ],
            Tool::X => [
                "x",
                "X",
                "X marks (sum 10) between cells in selection order",
            ],
            Tool::V => ["v", "V", "V marks (sum 5) between cells in selection order"],
            Tool::Whisper => [
                "whisper",
                "Whisper",
                "A German whispers line: neighbours differ by 5 or more",
            ],
            Tool::Renban => [
                "renban",
                "Renban",
                "A renban line: a set of consecutive digits, any order",
            ],
            Tool::Palindrome => [
                "palindrome",
                "Palindrome",
                "A palindrome line: the same from both ends",
            ],
            Tool::Between => [
                "between",
                "Between",
                "A between line: the middle lies strictly between the ends",
            ],
            Tool::RegionSum => [
                "regionsum",
                "Region sum",
                "A region-sum line: equal sums in each box it crosses",
            ],
            Tool::LittleKiller => [
                "littlekiller",
                "Little killer",
                "A little killer: the diagonal's digits add up to the sum",
            ],
            Tool::Odd => ["odd", "Odd", "Each selected cell holds an odd digit"],
            Tool::Even => ["even", "Even", "Each selected cell holds an even digit"],
            Tool::Region => [
                "region",
                "Extra region",
                "An extra region: the n selected cells hold every digit once",
            ],
        }
    }

    pub fn id(self) -> &'static str {
        self.words()[0]
    }

    pub fn label(self) -> &'static str {
        self.words()[1]
    }

    pub fn title(self) -> &'static str {
        self.words()[2]
    }

    /// Does the tool read the sum box?
    pub fn takes_sum(self) -> bool {
        matches!(self, Tool::Cage | Tool::LittleKiller)
    }
}

/// The constraints `tool` makes of `cells` (in selection order); `sum` is
/// the sum box's number, if any. The shapes (neighbours, lengths) are
/// checked afterwards by [`Puzzle::new`], which names what is wrong.
pub fn build(tool: Tool, cells: &[usize], sum: Option<u32>) -> Result<Vec<Constraint>, String> {
    if cells.is_empty() {
        return Err("Select some cells first (click, or drag across them).".into());
    }
    let pairs = |make: fn([usize; 2]) -> Constraint| -> Result<Vec<Constraint>, String> {
        if cells.len() < 2 {
            return Err("Select two neighbouring cells (or a chain of them).".into());
        }
        Ok(cells.windows(2).map(|w| make([w[0], w[1]])).collect())
    };
    let line = |least: usize, what: &str| -> Result<Vec<usize>, String> {
        if cells.len() < least {
            return Err(format!("{what} needs at least {least} cells."));
        }
        Ok(cells.to_vec())
    };
    Ok(match tool {
        Tool::Cage => vec![Constraint::Killer {
            cells: cells.to_vec(),
            sum,
        }],
        Tool::Thermo => vec![Constraint::Thermo(line(2, "A thermometer")?)],
        Tool::Arrow => {
            let cells = line(2, "An arrow")?;
            vec![Constraint::Arrow {
                circle: cells[..1].to_vec(),
                path: cells[1..].to_vec(),
            }]
        }
        Tool::White => pairs(|cells| Constraint::Kropki {
            dot: Dot::White,
            cells,
        })?,
        Tool::Black => pairs(|cells| Constraint::Kropki {
            dot: Dot::Black,
            cells,
        })?,
        Tool::X => pairs(|cells| Constraint::Xv { mark: Xv::X, cells })?,
        Tool::V => pairs(|cells| Constraint::Xv { mark: Xv::V, cells })?,
        Tool::Whisper => vec![Constraint::Whisper(line(2, "A whispers line")?)],
        Tool::Renban => vec![Constraint::Renban(line(2, "A renban line")?)],
        Tool::Palindrome => vec![Constraint::Palindrome(line(2, "A palindrome line")?)],
        Tool::Between => vec![Constraint::Between(line(3, "A between line")?)],
        Tool::RegionSum => vec![Constraint::RegionSum(line(2, "A region-sum line")?)],
        Tool::LittleKiller => {
            let sum = sum.ok_or("A little killer needs its sum: type it in the sum box.")?;
            vec![Constraint::LittleKiller {
                cells: cells.to_vec(),
                sum,
            }]
        }
        Tool::Odd => cells.iter().map(|&c| Constraint::Odd(c)).collect(),
        Tool::Even => cells.iter().map(|&c| Constraint::Even(c)).collect(),
        Tool::Region => vec![Constraint::Region(cells.to_vec())],
    })
}

/// A rule of the whole grid, switched on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    AntiKnight,
    AntiKing,
    NonConsecutive,
    MainDiagonal,
    AntiDiagonal,
    NegativeKropki,
    NegativeXv,
}

impl Rule {
    pub const ALL: [Rule; 7] = [
        Rule::AntiKnight,
        Rule::AntiKing,
        Rule::NonConsecutive,
        Rule::MainDiagonal,
        Rule::AntiDiagonal,
        Rule::NegativeKropki,
        Rule::NegativeXv,
    ];

    pub fn constraint(self) -> Constraint {
        match self {
            Rule::AntiKnight => Constraint::AntiKnight,
            Rule::AntiKing => Constraint::AntiKing,
            Rule::NonConsecutive => Constraint::NonConsecutive,
            Rule::MainDiagonal => Constraint::Diagonal(Diagonal::Main),
            Rule::AntiDiagonal => Constraint::Diagonal(Diagonal::Anti),
            Rule::NegativeKropki => Constraint::NegativeKropki,
            Rule::NegativeXv => Constraint::NegativeXv,
        }
    }

    /// The rule's id (in test ids) and its label.
    pub fn words(self) -> [&'static str; 2] {
        match self {
            Rule::AntiKnight => ["antiknight", "Anti-knight"],
            Rule::AntiKing => ["antiking", "Anti-king"],
            Rule::NonConsecutive => ["nonconsecutive", "Non-consecutive"],
            Rule::MainDiagonal => ["diagonal-main", "Diagonal ↘"],
            Rule::AntiDiagonal => ["diagonal-anti", "Diagonal ↙"],
            Rule::NegativeKropki => ["negative-kropki", "All dots given"],
            Rule::NegativeXv => ["negative-xv", "All X/V given"],
        }
    }
}

/// `puzzle` with `more` constraints added, checked.
pub fn with_added(puzzle: &Puzzle, more: Vec<Constraint>) -> Result<Puzzle, String> {
    let mut all = puzzle.constraints().to_vec();
    all.extend(more);
    with_constraints(puzzle, all).map_err(|e| sentence(&e))
}

/// `puzzle`'s grid and givens with the constraints `all`, checked.
fn with_constraints(puzzle: &Puzzle, all: Vec<Constraint>) -> Result<Puzzle, ConstraintError> {
    Puzzle::new(puzzle.regions().clone(), puzzle.givens().to_vec(), all)
}

/// `puzzle` without its constraint number `index`.
pub fn without(puzzle: &Puzzle, index: usize) -> Puzzle {
    let mut all = puzzle.constraints().to_vec();
    if index < all.len() {
        all.remove(index);
    }
    with_constraints(puzzle, all).expect("removing a constraint keeps a puzzle valid")
}

/// `puzzle` with `rule` switched on or off.
pub fn toggled(puzzle: &Puzzle, rule: Rule) -> Puzzle {
    let c = rule.constraint();
    let mut all = puzzle.constraints().to_vec();
    match all.iter().position(|x| *x == c) {
        Some(i) => {
            all.remove(i);
        }
        None => all.push(c),
    }
    with_constraints(puzzle, all).expect("a global rule fits every grid")
}

/// `puzzle` with cell `cell` given `value` (0 clears it).
pub fn with_given(puzzle: &Puzzle, cell: usize, value: u8) -> Result<Puzzle, String> {
    let mut givens = puzzle.givens().to_vec();
    if let Some(g) = givens.get_mut(cell) {
        *g = value;
    }
    puzzle.with_givens(givens).map_err(|e| sentence(&e))
}

/// An engine error as a sentence for the panel.
fn sentence(e: &ConstraintError) -> String {
    format!("{}.", capitalize(&e.to_string()))
}

/// The URL payload of a puzzle's text: lz-string's URI-safe form, as
/// f-puzzles and SudokuPad links carry theirs.
pub fn payload(text: &str) -> String {
    lz_str::compress_to_encoded_uri_component(text)
}

/// The text a [`payload`] carries, read as a puzzle.
pub fn from_payload(payload: &str) -> Result<Puzzle, String> {
    let text = lz_str::decompress_from_encoded_uri_component(payload)
        .and_then(|w| String::from_utf16(&w).ok())
        .ok_or("the link's puzzle could not be unpacked")?;
    text::parse(&text).map_err(|e| e.to_string())
}

/// What a count to 2 says to a setter.
pub fn verdict(solutions: u128, finished: bool) -> &'static str {
    match (solutions, finished) {
        (0, true) => "No solution",
        (1, true) => "Unique: exactly one solution",
        (0 | 1, false) => "Counting…",
        _ => "More than one solution",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_engine::sudoku::constraint::{check, count, solve};

    #[test]
    fn the_starter_has_exactly_one_solution_and_it_keeps_every_cage() {
        let p = text::parse(STARTER).unwrap();
        assert_eq!(p.constraints().len(), 27);
        assert_eq!(count(&p, Some(2)), 1);
        let grid = solve(&p).unwrap();
        assert!(check(&p, &grid).is_ok());
    }

    #[test]
    fn tools_turn_a_selection_into_checked_constraints() {
        let p = text::parse("size 4").unwrap();
        // A chain of dots: one per neighbouring pair, in selection order.
        let dots = build(Tool::White, &[0, 1, 5], None).unwrap();
        assert_eq!(dots.len(), 2);
        let p = with_added(&p, dots).unwrap();
        assert_eq!(p.constraints().len(), 2);
        // A dot between cells that do not touch is refused by name.
        let far = build(Tool::Black, &[0, 15], None).unwrap();
        let e = with_added(&p, far).unwrap_err();
        assert!(e.contains("black dot"), "{e}");
        // An arrow's first cell is its circle.
        let arrow = build(Tool::Arrow, &[5, 6, 7], None).unwrap();
        assert_eq!(
            arrow,
            vec![Constraint::Arrow {
                circle: vec![5],
                path: vec![6, 7]
            }]
        );
        assert!(build(Tool::Thermo, &[3], None).is_err());
        assert!(build(Tool::LittleKiller, &[0, 5, 10], None).is_err());
        assert!(build(Tool::Cage, &[], Some(3)).is_err());
        // Rules switch on and off; a constraint comes out by its index.
        let q = toggled(&p, Rule::AntiKing);
        assert_eq!(q.constraints().len(), 3);
        assert_eq!(toggled(&q, Rule::AntiKing), p);
        assert_eq!(without(&p, 0).constraints().len(), 1);
    }

    #[test]
    fn a_payload_round_trips_and_a_broken_one_is_an_error() {
        let p = text::parse(STARTER).unwrap();
        let link = payload(&text::print(&p));
        assert!(link
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-$".contains(c)));
        assert_eq!(from_payload(&link).unwrap(), p);
        assert!(from_payload("not a payload!").is_err());
        // Givens are checked against the grid size.
        assert!(with_given(&p, 0, 10).is_err());
        assert_eq!(with_given(&p, 0, 5).unwrap().givens()[0], 5);
    }

    #[test]
    fn the_verdict_waits_for_the_end_unless_two_are_found() {
        assert_eq!(verdict(1, false), "Counting…");
        assert_eq!(verdict(2, false), "More than one solution");
        assert_eq!(verdict(1, true), "Unique: exactly one solution");
        assert_eq!(verdict(0, true), "No solution");
    }
}
