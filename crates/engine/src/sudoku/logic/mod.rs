//! A logical solver that explains itself: pencil marks, named techniques
//! tried easiest first, and — when they run dry — the walkthrough seed's
//! split (a *guess* here): try each candidate of the cell with fewest, keep
//! the tree.
//!
//! Everything returned is plain serde data so a UI can replay a solve step
//! by step (highlight `cells`, outline `units`, strike `eliminations`,
//! write `placements`) without knowing any technique.

pub mod board;
mod chains;
mod error;
mod fish;
mod forcing;
pub mod hint;
mod intersections;
mod singles;
pub mod step;
mod subsets;
mod uniqueness;
pub mod variant_hint;
mod wings;

pub use board::{Board, Candidate, Geometry, Snapshot, Unit, UnitKind};
pub use error::LogicError;
pub use hint::{graduated_hint, Hint};
pub use step::{weight_text, Rating, Step, Technique};
pub use variant_hint::{hint_walk, variant_hint, HintWalk};

use super::grid::{Sudoku, SudokuError};
use serde::{Deserialize, Serialize};

/// How many branches the exploration tree may try before giving up: a
/// blank 16×16 would otherwise branch for ever.
pub const DEFAULT_BRANCH_LIMIT: usize = 5_000;

/// Where a line of logical steps ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stop {
    Solved,
    /// No rule applies any more.
    Stuck,
    /// The position cannot be completed; the reason names cell or unit.
    Contradiction(String),
}

/// The first step any rule finds, easiest rule first.
pub fn next_step(board: &Board) -> Option<Step> {
    Technique::RULES.iter().find_map(|t| t.find(board))
}

/// The rules tried inside the exploration tree: all but forcing chains,
/// which are guesses themselves (a tree of them costs 10× more time and
/// explains nothing more).
const BRANCH_RULES: &[Technique] = Technique::RULES.split_at(Technique::RULES.len() - 1).0;

/// Apply rules until solved, stuck or contradicted, recording each step.
pub fn run_logic(board: &mut Board, steps: &mut Vec<Step>) -> Stop {
    run_rules(board, steps, &Technique::RULES)
}

fn run_rules(board: &mut Board, steps: &mut Vec<Step>, rules: &[Technique]) -> Stop {
    loop {
        if let Some(why) = board.contradiction() {
            return Stop::Contradiction(why);
        }
        if board.is_solved() {
            return Stop::Solved;
        }
        match rules.iter().find_map(|t| t.find(board)) {
            Some(step) => {
                step.apply(board);
                steps.push(step);
            }
            None => return Stop::Stuck,
        }
    }
}

/// A guess: every candidate of the cell with fewest, each explored.
///
/// `E` is how a branch ends: [`BranchEnd`] nests the next guess in the
/// tree; the worker's messages use a flat list of guesses, whose ends
/// point into it by index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guess<E = BranchEnd> {
    pub cell: usize,
    pub candidates: Vec<u8>,
    pub branches: Vec<Branch<E>>,
}

/// One candidate of a guess tried: the logic that followed and its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch<E = BranchEnd> {
    pub digit: u8,
    pub steps: Vec<Step>,
    pub end: E,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BranchEnd {
    Solved,
    Contradiction(String),
    Guess(Box<Guess>),
    /// Skipped: two solutions were already found or the budget ran out.
    NotExplored,
}

/// What the whole solve says about the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Exactly one solution.
    Solved,
    NoSolution,
    MultipleSolutions,
    /// The branch budget ran out before uniqueness was settled.
    Unfinished,
}

/// A full logical solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// Symbols of the grid (cells are numbered row-major in `size²`).
    pub size: usize,
    /// Steps from the givens until solved or stuck.
    pub steps: Vec<Step>,
    /// When the main line contradicts itself (the puzzle has no solution).
    pub contradiction: Option<String>,
    /// The exploration tree when the rules got stuck.
    pub exploration: Option<Guess>,
    pub outcome: Outcome,
    /// The first solution found (the only one when `outcome` is Solved).
    pub solution: Option<Sudoku>,
    /// The hardest technique needed, when the puzzle has one solution.
    pub rating: Option<Rating>,
    /// The numeric rating in tenths (Sudoku Explainer-like: the weight of
    /// the hardest step; 10.0 when the solver had to guess), with `rating`.
    #[serde(default)]
    pub score: Option<u16>,
    /// Branches tried in the exploration tree.
    pub branches: usize,
}

/// Solve `puzzle` logically, exploring at most [`DEFAULT_BRANCH_LIMIT`]
/// branches when the rules are not enough.
pub fn explain(puzzle: &Sudoku) -> Result<Explanation, SudokuError> {
    explain_with_limit(puzzle, DEFAULT_BRANCH_LIMIT)
}

pub fn explain_with_limit(
    puzzle: &Sudoku,
    branch_limit: usize,
) -> Result<Explanation, SudokuError> {
    let board = Board::new(puzzle)?;
    Ok(explain_board(board, branch_limit))
}

/// [`explain_with_limit`] from any board (X-sudoku, jigsaw: see
/// [`Geometry`]); the solution is returned on the board's own shape.
pub fn explain_board(mut board: Board, branch_limit: usize) -> Explanation {
    let puzzle = board.to_sudoku();
    let mut steps = Vec::new();
    let stop = run_logic(&mut board, &mut steps);
    let mut explorer = Explorer {
        limit: branch_limit,
        branches: 0,
        solutions: Vec::new(),
        truncated: false,
    };
    let (contradiction, exploration) = match stop {
        Stop::Solved => {
            explorer.solutions.push(board.values().to_vec());
            (None, None)
        }
        Stop::Contradiction(why) => (Some(why), None),
        Stop::Stuck => (None, Some(explorer.guess(&board))),
    };
    let outcome = match explorer.solutions.len() {
        n if n >= 2 => Outcome::MultipleSolutions,
        _ if explorer.truncated => Outcome::Unfinished,
        0 => Outcome::NoSolution,
        _ => Outcome::Solved,
    };
    let rated = (outcome == Outcome::Solved).then(|| rate(&steps, exploration.is_some()));
    Explanation {
        size: puzzle.size(),
        steps,
        contradiction,
        exploration,
        outcome,
        solution: explorer
            .solutions
            .first()
            .map(|cells| puzzle.with_cells(cells.clone())),
        rating: rated.map(|r| r.0),
        score: rated.map(|r| r.1),
        branches: explorer.branches,
    }
}

/// The rating of a puzzle with one solution solved by `steps`: the
/// hardest technique and, in tenths, the heaviest step — or expert and
/// 10.0 (bifurcation) when the rules alone were not enough (`guessed`).
/// The step list ([`explain_board`]) and the walk of hints
/// ([`HintWalk::rating`]) rate with it.
pub fn rate(steps: &[Step], guessed: bool) -> (Rating, u16) {
    if guessed {
        return (Rating::Expert, Technique::Bifurcation.weight());
    }
    let rating = steps
        .iter()
        .map(|s| s.technique.rating())
        .max()
        .unwrap_or(Rating::Easy);
    (rating, steps.iter().map(|s| s.weight).max().unwrap_or(0))
}

/// The next step for a position given by its placed values (the UI's
/// Hint button); `None` when solved, stuck or contradicted.
pub fn hint(puzzle: &Sudoku) -> Result<Option<Step>, SudokuError> {
    let board = Board::new(puzzle)?;
    if board.contradiction().is_some() {
        return Ok(None);
    }
    Ok(next_step(&board))
}

/// A board for a variant grid (standard, X-sudoku, jigsaw) from its
/// values; Samurai is not one square grid and has no logical solver.
pub fn board_for_variant(
    variant: &crate::sudoku::variant::Variant,
    values: &[u8],
) -> Result<Board, LogicError> {
    use crate::sudoku::variant::Kind;
    variant.verify(values)?;
    let geo = match variant.kind() {
        Kind::Standard(shape) => Geometry::new(*shape),
        Kind::X(shape) => Geometry::x(*shape),
        Kind::Jigsaw(map) => {
            let mut region = vec![0; map.size() * map.size()];
            for (i, (_, cells)) in map.regions().into_iter().enumerate() {
                for c in cells {
                    region[c] = i;
                }
            }
            Geometry::jigsaw(&region)?
        }
        Kind::Samurai => return Err(LogicError::Samurai),
    };
    Ok(Board::with_values(std::sync::Arc::new(geo), values))
}

/// The position before the first step and after each step (so
/// `steps.len() + 1` snapshots): what a step-through view shows.
pub fn replay(puzzle: &Sudoku, steps: &[Step]) -> Result<Vec<Snapshot>, SudokuError> {
    Ok(replay_board(Board::new(puzzle)?, steps))
}

/// [`replay`] from any board (X-sudoku, jigsaw: [`board_for_variant`]).
pub fn replay_board(mut board: Board, steps: &[Step]) -> Vec<Snapshot> {
    let mut out = Vec::with_capacity(steps.len() + 1);
    out.push(board.snapshot());
    for s in steps {
        s.apply(&mut board);
        out.push(board.snapshot());
    }
    out
}

struct Explorer {
    limit: usize,
    branches: usize,
    solutions: Vec<Vec<u8>>,
    truncated: bool,
}

impl Explorer {
    /// A guess (the walkthrough seed calls it a split): the empty cell with fewest
    /// candidates (first such, row-major), each candidate a new game.
    fn guess(&mut self, board: &Board) -> Guess {
        let n = board.size();
        let cell = (0..n * n)
            .filter(|&c| board.values()[c] == 0)
            .min_by_key(|&c| board.mask(c).count_ones())
            .expect("a stuck board has an empty cell");
        let candidates = board.candidates(cell);
        let mut branches = Vec::with_capacity(candidates.len());
        for &digit in &candidates {
            if self.solutions.len() >= 2 || self.branches >= self.limit {
                self.truncated |= self.solutions.len() < 2;
                branches.push(Branch {
                    digit,
                    steps: Vec::new(),
                    end: BranchEnd::NotExplored,
                });
                continue;
            }
            self.branches += 1;
            let mut b = board.clone();
            b.place(cell, digit);
            let mut steps = Vec::new();
            let end = match run_rules(&mut b, &mut steps, BRANCH_RULES) {
                Stop::Solved => {
                    self.solutions.push(b.values().to_vec());
                    BranchEnd::Solved
                }
                Stop::Contradiction(why) => BranchEnd::Contradiction(why),
                Stop::Stuck => BranchEnd::Guess(Box::new(self.guess(&b))),
            };
            branches.push(Branch { digit, steps, end });
        }
        Guess {
            cell,
            candidates,
            branches,
        }
    }
}

impl Explanation {
    /// The solve as text: one step per line, the exploration tree
    /// indented by depth, then the verdict and rating.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for s in &self.steps {
            out.push_str(&s.explanation);
            out.push('\n');
        }
        if let Some(why) = &self.contradiction {
            out.push_str(&format!("Contradiction: {why}\n"));
        }
        if let Some(guess) = &self.exploration {
            guess_text(guess, self.size, 0, &mut out);
        }
        let verdict = match (self.outcome, self.rating) {
            (Outcome::Solved, Some(r)) => match self.score {
                Some(s) => format!("Rating: {r} ({})", step::weight_text(s)),
                None => format!("Rating: {r}"),
            },
            (Outcome::NoSolution, _) => "No solution".to_string(),
            (Outcome::MultipleSolutions, _) => "More than one solution".to_string(),
            _ => format!(
                "Unfinished: gave up after {} branches of the exploration tree",
                self.branches
            ),
        };
        out.push_str(&verdict);
        out.push('\n');
        out
    }
}

fn guess_text(guess: &Guess, n: usize, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    let name = super::grid::cell_name(guess.cell, n);
    let cands: Vec<String> = guess.candidates.iter().map(u8::to_string).collect();
    out.push_str(&format!(
        "{pad}Bifurcation: no rule applies; {name} has the fewest candidates ({}), try each\n",
        cands.join(", ")
    ));
    for b in &guess.branches {
        let inner = "  ".repeat(depth + 1);
        match &b.end {
            BranchEnd::NotExplored => {
                out.push_str(&format!("{inner}Try {name}={}: not explored\n", b.digit));
                continue;
            }
            _ => out.push_str(&format!("{inner}Try {name}={}\n", b.digit)),
        }
        for s in &b.steps {
            out.push_str(&format!("{inner}  {}\n", s.explanation));
        }
        match &b.end {
            BranchEnd::Solved => out.push_str(&format!("{inner}  Solved\n")),
            BranchEnd::Contradiction(why) => {
                out.push_str(&format!("{inner}  Contradiction: {why}\n"))
            }
            BranchEnd::Guess(s) => guess_text(s, n, depth + 2, out),
            BranchEnd::NotExplored => {}
        }
    }
}
