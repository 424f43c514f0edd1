//! Graduated hints on every grid the variant editor plays: standard,
//! X-sudoku and jigsaw read as one [`Geometry`](super::Geometry) (the
//! units differ, the techniques carry over), and Samurai, which is five
//! overlapping 9×9 grids, read one grid at a time.
//!
//! Samurai: each of the five grids is a standard 9×9 whose cells keep the
//! candidates the *whole* puzzle allows (peers in the overlapping grids
//! included, and the player's marks). A deduction that uses only one
//! grid's rows, columns and boxes is a deduction for the whole puzzle,
//! since those units are units of the Samurai too. The uniqueness
//! patterns (unique rectangles, BUG+1) are left out: they argue from one
//! grid having a single solution on its own, which a Samurai grid need not
//! have. Of the five grids' next steps the lightest (by weight) is told;
//! its text says which grid, and its cells are the Samurai's.

use super::board::{bit, digits, Board};
use super::error::LogicError;
use super::hint::{graduated_hint, graduated_hint_with, plain_hint as plain, Hint, HintKind};
use super::step::{Step, Technique};
use crate::sudoku::variant::{samurai_grid_name, Kind, Variant, SAMURAI_GRIDS};
use crate::sudoku::Shape;

/// The rules tried on one Samurai grid: all but the uniqueness patterns.
fn samurai_rules() -> Vec<Technique> {
    Technique::RULES
        .iter()
        .copied()
        .filter(|t| {
            !matches!(
                t,
                Technique::UniqueRectangle1 | Technique::UniqueRectangle2 | Technique::BugPlusOne
            )
        })
        .collect()
}

/// The graduated hint at `stage` on a variant grid: the player's `values`
/// (0 = empty) and centre marks (`marks`, bit `d - 1`; 0 = none) in the
/// variant's cell order; `solution` judges the player's digits. An error
/// when the values do not fit the variant or already clash.
pub fn variant_hint(
    variant: &Variant,
    values: &[u8],
    marks: &[u64],
    solution: Option<&[u8]>,
    stage: u8,
) -> Result<Hint, LogicError> {
    let cells = variant.cells();
    if values.len() != cells || marks.len() != cells {
        return Err(LogicError::HintCells {
            variant: variant.name(),
            cells,
            values: values.len(),
            marks: marks.len(),
        });
    }
    if *variant.kind() != Kind::Samurai {
        let board = super::board_for_variant(variant, values)?.with_marks(marks);
        return Ok(graduated_hint(&board, solution, stage));
    }
    variant.verify(values)?;
    Ok(samurai_hint(
        variant,
        values,
        marks,
        solution,
        stage.clamp(1, 4),
    ))
}

/// The symbols `peers` leave to a cell, as a bit mask (bit `d - 1`):
/// what a cell without pencil marks may hold.
fn allowed_by_peers(peers: &[usize], values: &[u8], full: u64) -> u64 {
    peers
        .iter()
        .filter(|&&p| values[p] != 0)
        .fold(full, |m, &p| m & !bit(values[p]))
}

/// A puzzle solved by hints alone, from its givens: what play mode's Hint
/// would tell, press after press, applied as it applies them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintWalk {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The grid was completed (else the rules got stuck, or it broke).
    pub solved: bool,
    /// The position broke a rule (the puzzle has no solution from there).
    pub contradiction: Option<String>,
}

impl HintWalk {
    /// The rating of a puzzle with one solution, as the step list rates one
    /// ([`super::explain_board`]): the hardest technique, and in tenths the
    /// heaviest step; a walk that got stuck needs a guess (expert, 10.0).
    /// `None` when the walk broke (no solution).
    pub fn rating(&self) -> Option<(super::Rating, u16)> {
        self.contradiction
            .is_none()
            .then(|| super::rate(&self.steps, !self.solved))
    }
}

/// Walk `puzzle` by [`variant_hint`] from its givens to the end: each step
/// the lightest one the hint finds, its placements written and its
/// eliminations kept as pencil marks (a cell's marks start as what its
/// peers allow), exactly as play mode applies a fourth press. This is how
/// a Samurai, which the one-grid step list cannot read, gets a rating.
pub fn hint_walk(variant: &Variant, puzzle: &[u8]) -> Result<HintWalk, LogicError> {
    let n = variant.cells();
    if puzzle.len() != n {
        return Err(LogicError::PuzzleCells {
            variant: variant.name(),
            cells: n,
            values: puzzle.len(),
        });
    }
    let peers = variant.peers();
    let full = (1u64 << variant.size()) - 1;
    let mut values = puzzle.to_vec();
    let mut marks = vec![0u64; n];
    let mut steps = Vec::new();
    // Every step places a digit or removes a candidate, so the walk ends
    // within cells × symbols steps.
    for _ in 0..=n * variant.size() {
        let h = variant_hint(variant, &values, &marks, None, 1)?;
        let step = match (h.kind, h.step) {
            (HintKind::Step, Some(step)) => step,
            (HintKind::Solved, _) => {
                return Ok(HintWalk {
                    steps,
                    solved: true,
                    contradiction: None,
                })
            }
            (HintKind::Contradiction, _) => {
                return Ok(HintWalk {
                    steps,
                    solved: false,
                    contradiction: Some(h.text),
                })
            }
            _ => {
                return Ok(HintWalk {
                    steps,
                    solved: false,
                    contradiction: None,
                })
            }
        };
        for p in &step.placements {
            values[p.cell] = p.digit;
            marks[p.cell] = 0;
        }
        for e in &step.eliminations {
            if values[e.cell] == 0 {
                if marks[e.cell] == 0 {
                    marks[e.cell] = allowed_by_peers(&peers[e.cell], &values, full);
                }
                marks[e.cell] &= !bit(e.digit);
            }
        }
        steps.push(step);
    }
    Err(LogicError::EndlessWalk)
}

fn samurai_hint(
    v: &Variant,
    values: &[u8],
    marks: &[u64],
    solution: Option<&[u8]>,
    stage: u8,
) -> Hint {
    let n = v.cells();
    let peers = v.peers();
    let full = (1u64 << v.size()) - 1;
    let cands: Vec<u64> = (0..n)
        .map(|c| {
            if values[c] != 0 {
                return 0;
            }
            let allowed = allowed_by_peers(&peers[c], values, full);
            if marks[c] != 0 {
                allowed & marks[c]
            } else {
                allowed
            }
        })
        .collect();
    if let Some(sol) = solution.filter(|s| s.len() == n) {
        let wrong: Vec<usize> = (0..n)
            .filter(|&c| values[c] != 0 && values[c] != sol[c])
            .collect();
        if !wrong.is_empty() {
            let list: Vec<String> = wrong
                .iter()
                .map(|&c| format!("{} is not {}", v.cell_name(c), values[c]))
                .collect();
            let text = if wrong.len() == 1 {
                format!(
                    "{}: the puzzle has no solution from here. Remove it before going on.",
                    list[0]
                )
            } else {
                format!(
                    "{}: the puzzle has no solution from here. Remove them before going on.",
                    list.join(", ")
                )
            };
            return plain(HintKind::WrongDigit, stage, text, wrong);
        }
        let lost: Vec<usize> = (0..n)
            .filter(|&c| values[c] == 0 && cands[c] & bit(sol[c]) == 0)
            .collect();
        if let Some(&first) = lost.first() {
            let more = if lost.len() > 1 {
                format!(" (and {} more cells)", lost.len() - 1)
            } else {
                String::new()
            };
            let text = format!(
                "The pencil marks of {} rule out the digit that belongs there{more}: check the eliminations made there.",
                v.cell_name(first)
            );
            return plain(HintKind::WrongMarks, stage, text, lost);
        }
    }
    if values.iter().all(|&x| x != 0) {
        return plain(
            HintKind::Solved,
            stage,
            "The grid is complete.".into(),
            vec![],
        );
    }
    let rules = samurai_rules();
    let mut best: Option<(usize, Hint, Vec<usize>)> = None;
    for (g, &(_, top, left)) in SAMURAI_GRIDS.iter().enumerate() {
        let map: Vec<usize> = (0..81)
            .filter_map(|i| v.cell_at(top + i / 9, left + i % 9))
            .collect();
        if map.len() != 81 {
            continue;
        }
        let sub_values: Vec<u8> = map.iter().map(|&c| values[c]).collect();
        if sub_values.iter().all(|&x| x != 0) {
            continue;
        }
        let sub_cands: Vec<Vec<u8>> = map.iter().map(|&c| digits(cands[c])).collect();
        let Ok(board) = Board::from_candidates(Shape::NINE, &sub_values, &sub_cands) else {
            continue;
        };
        let h = graduated_hint_with(&board, None, stage, &rules);
        match h.kind {
            HintKind::Contradiction => return in_grid(h, g, &map),
            HintKind::Step => {
                let w = |h: &Hint| h.step.as_ref().map_or(u16::MAX, |s| s.weight);
                if best.as_ref().is_none_or(|(_, b, _)| w(&h) < w(b)) {
                    best = Some((g, h, map));
                }
            }
            _ => {}
        }
    }
    match best {
        Some((g, h, map)) => in_grid(h, g, &map),
        None => plain(
            HintKind::Stuck,
            stage,
            "No rule applies to any of the five grids: the next move would be a guess.".into(),
            vec![],
        ),
    }
}

/// A hint found on Samurai grid `g` (cells `map[i]`), told on the Samurai:
/// its cells become the Samurai's, its text names the grid (the rows and
/// columns in it are counted within that grid), its units are dropped.
fn in_grid(mut h: Hint, g: usize, map: &[usize]) -> Hint {
    let grid = samurai_grid_name(g);
    let fix = |s: &mut Step| {
        s.cells = s.cells.iter().map(|&c| map[c]).collect();
        for p in s.placements.iter_mut().chain(s.eliminations.iter_mut()) {
            p.cell = map[p.cell];
        }
        s.units.clear();
        let prefix = format!("{}: ", s.technique.name());
        s.explanation = match s.explanation.strip_prefix(&prefix) {
            Some(rest) => format!("{prefix}in {grid}, {rest}"),
            None => format!("In {grid}: {}", s.explanation),
        };
    };
    if let Some(s) = h.step.as_mut() {
        fix(s);
    }
    if let Some(s) = h.shown.as_mut() {
        fix(s);
    }
    h.mistakes = h.mistakes.iter().map(|&c| map[c]).collect();
    h.after = None;
    h.text = match (h.stage, &h.step) {
        (3, Some(s)) => s.explanation.clone(),
        (4, Some(s)) => format!("Applied: {}", s.explanation),
        _ => {
            // "Look at …" reads on in lower case; "X-wing", "BUG+1" keep theirs.
            let keep = h
                .text
                .chars()
                .nth(1)
                .is_some_and(|c| c.is_uppercase() || !c.is_alphabetic());
            let mut t = h.text.chars();
            let first: String = match t.next() {
                Some(c) if !keep => c.to_lowercase().collect(),
                Some(c) => c.to_string(),
                None => String::new(),
            };
            format!(
                "In {grid} (rows and columns counted within it): {first}{}",
                t.as_str()
            )
        }
    };
    h
}
