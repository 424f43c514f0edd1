//! Graduated hints, the way HoDoKu and sudokuwiki give them: each press
//! says a little more about the same step. Stage 1 names the technique
//! and where to look, stage 2 shows the cells, stage 3 the placement or
//! eliminations, stage 4 applies it.
//!
//! A hint reads the player's position as it is — placed digits and, where
//! a cell has them, the player's own pencil marks ([`Board::with_marks`]) —
//! so it never repeats an elimination the player already made. Before any
//! technique it checks the position against the puzzle's solution: a wrong
//! digit or a pencil mark set that has lost its cell's digit is named
//! instead of a step built on it.

use super::board::{digits, Board, Snapshot, Unit, UnitKind};
use super::step::{Step, Technique};
use crate::sudoku::grid::Sudoku;
use crate::sudoku::solve::Algorithm;
use serde::{Deserialize, Serialize};

/// What a hint is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HintKind {
    /// A logical step, told up to the stage asked for.
    Step,
    /// Placed digits that differ from the solution.
    WrongDigit,
    /// Pencil marks that leave out a cell's true digit.
    WrongMarks,
    Solved,
    /// No rule applies: the next move would be a guess.
    Stuck,
    /// The position visibly breaks a rule (and no solution was given).
    Contradiction,
}

/// One press of the Hint button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    pub kind: HintKind,
    /// The stage answered, 1–4.
    pub stage: u8,
    /// The sentence for the player.
    pub text: String,
    /// What to draw at this stage: the area (stage 1), plus the cells
    /// (stage 2), the whole step (3 and 4). For a wrong digit, its cells.
    pub shown: Option<Step>,
    /// The whole step (for the caller that applies it).
    pub step: Option<Step>,
    /// Cells with a wrong digit or marks without their digit.
    pub mistakes: Vec<usize>,
    /// Stage 4: the position after the step (values and candidates).
    pub after: Option<Snapshot>,
}

/// The unique solution of a standard puzzle (its givens only), `None`
/// when it has none or several (then hints cannot judge the player's
/// digits and rely on the rules alone).
pub fn unique_solution(givens: &Sudoku) -> Option<Vec<u8>> {
    let mut it = givens.solutions(Algorithm::Auto).ok()?;
    let first = it.next()?;
    if it.next().is_some() {
        return None;
    }
    Some(first.cells().to_vec())
}

/// The hint at `stage` (clamped to 1–4) for `position` (the player's
/// digits and marks); `solution` is the puzzle's unique solution when
/// known (see [`unique_solution`]).
pub fn graduated_hint(position: &Board, solution: Option<&[u8]>, stage: u8) -> Hint {
    graduated_hint_with(position, solution, stage, &Technique::RULES)
}

/// [`graduated_hint`] trying only `rules` (in their order).
pub fn graduated_hint_with(
    position: &Board,
    solution: Option<&[u8]>,
    stage: u8,
    rules: &[Technique],
) -> Hint {
    let stage = stage.clamp(1, 4);
    let geo = position.geometry();
    let cells = geo.n * geo.n;
    let plain = |kind, text: String, mistakes: Vec<usize>| plain_hint(kind, stage, text, mistakes);
    if let Some(sol) = solution.filter(|s| s.len() == cells) {
        let wrong: Vec<usize> = (0..cells)
            .filter(|&c| position.values()[c] != 0 && position.values()[c] != sol[c])
            .collect();
        if let Some(&first) = wrong.first() {
            let text = if wrong.len() == 1 {
                format!(
                    "{} is not {}: the puzzle has no solution from here. Remove it before going on.",
                    geo.name(first),
                    position.values()[first]
                )
            } else {
                let list: Vec<String> = wrong
                    .iter()
                    .map(|&c| format!("{} is not {}", geo.name(c), position.values()[c]))
                    .collect();
                format!(
                    "{}: the puzzle has no solution from here. Remove them before going on.",
                    list.join(", ")
                )
            };
            return plain(HintKind::WrongDigit, text, wrong);
        }
        let lost: Vec<usize> = (0..cells)
            .filter(|&c| position.values()[c] == 0 && !position.has(c, sol[c]))
            .collect();
        if let Some(&first) = lost.first() {
            let text = format!(
                "The pencil marks of {} rule out the digit that belongs there{}: check the eliminations made there.",
                geo.name(first),
                if lost.len() > 1 {
                    format!(" (and {} more cells)", lost.len() - 1)
                } else {
                    String::new()
                }
            );
            return plain(HintKind::WrongMarks, text, lost);
        }
    }
    if position.is_solved() {
        return plain(HintKind::Solved, "The grid is complete.".into(), vec![]);
    }
    if let Some(why) = position.contradiction() {
        return plain(
            HintKind::Contradiction,
            format!("This position cannot be completed: {why}."),
            vec![],
        );
    }
    let Some(step) = rules.iter().find_map(|t| t.find(position)) else {
        return plain(
            HintKind::Stuck,
            "No rule applies any more: the next move would be a guess.".into(),
            vec![],
        );
    };
    let area = area(position, &step);
    let name = step.technique.name();
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) {
        "an"
    } else {
        "a"
    };
    let lower = lower_first(name);
    let (text, shown) = match stage {
        1 => (
            match &area {
                Area::Unit(u) => format!("Look at {} for {article} {lower}.", u.name()),
                Area::Digits(ds) => format!("There is {article} {lower} on {}.", digit_list(ds)),
            },
            Step {
                cells: vec![],
                placements: vec![],
                eliminations: vec![],
                units: match &area {
                    Area::Unit(u) => vec![*u],
                    Area::Digits(_) => vec![],
                },
                ..step.clone()
            },
        ),
        2 => (
            format!(
                "{name} on {}: look at {}.",
                digit_list(&step.digits),
                super::step::cells_text(position, &step.cells)
            ),
            Step {
                placements: vec![],
                eliminations: vec![],
                ..step.clone()
            },
        ),
        3 => (step.explanation.clone(), step.clone()),
        _ => (format!("Applied: {}", step.explanation), step.clone()),
    };
    let after = (stage == 4).then(|| {
        let mut b = position.clone();
        step.apply(&mut b);
        b.snapshot()
    });
    Hint {
        kind: HintKind::Step,
        stage,
        text,
        shown: Some(shown),
        step: Some(step),
        mistakes: vec![],
        after,
    }
}

enum Area {
    Unit(Unit),
    Digits(Vec<u8>),
}

/// Where stage 1 points: the step's first unit, or the one unit holding
/// all its cells (a box first), or else just its digits.
/// A hint that is only words (a wrong digit, lost marks, a finished grid),
/// with the cells it names shown as the step's cells.
pub(super) fn plain_hint(kind: HintKind, stage: u8, text: String, mistakes: Vec<usize>) -> Hint {
    Hint {
        kind,
        stage,
        shown: (!mistakes.is_empty()).then(|| Step {
            technique: Technique::Bifurcation,
            cells: mistakes.clone(),
            units: vec![],
            digits: vec![],
            placements: vec![],
            eliminations: vec![],
            explanation: text.clone(),
            weight: 0,
        }),
        text,
        step: None,
        mistakes,
        after: None,
    }
}

fn area(board: &Board, step: &Step) -> Area {
    if let Some(&u) = step.units.first() {
        return Area::Unit(u);
    }
    let geo = board.geometry();
    if let Some(&first) = step.cells.first() {
        let mut common: Vec<usize> = geo.units_of[first].clone();
        common.retain(|&u| step.cells.iter().all(|&c| geo.units_of[c].contains(&u)));
        common.sort_by_key(|&u| !matches!(geo.unit(u).kind, UnitKind::Box | UnitKind::Region));
        if let Some(&u) = common.first() {
            return Area::Unit(geo.unit(u));
        }
    }
    Area::Digits(step.digits.clone())
}

fn lower_first(s: &str) -> String {
    // Names such as "X-wing" or "BUG+1" keep their capitals.
    if s.chars()
        .nth(1)
        .is_some_and(|c| c.is_uppercase() || !c.is_alphabetic())
    {
        return s.to_string();
    }
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn digit_list(ds: &[u8]) -> String {
    let words: Vec<String> = ds.iter().map(u8::to_string).collect();
    match words.len() {
        0 => "the grid".into(),
        1 => format!("digit {}", words[0]),
        _ => format!(
            "digits {} and {}",
            words[..words.len() - 1].join(", "),
            words[words.len() - 1]
        ),
    }
}

/// Candidate masks from digit lists (for callers holding marks as lists).
pub fn marks_from_lists(lists: &[Vec<u8>]) -> Vec<u64> {
    lists
        .iter()
        .map(|ds| {
            ds.iter()
                .filter(|&&d| d > 0)
                .fold(0u64, |m, &d| m | 1 << (d - 1))
        })
        .collect()
}

/// The digits of each mask (the inverse of [`marks_from_lists`]).
pub fn lists_from_marks(marks: &[u64]) -> Vec<Vec<u8>> {
    marks.iter().map(|&m| digits(m)).collect()
}
