//! What a technique found, as plain data a UI can draw (cells to
//! highlight, units to outline, candidates to strike or digits to write)
//! plus the sentence a person would say.

use super::board::{digits, Board, Candidate, Unit};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Grades in the spirit of HoDoKu: singles are easy, locked candidates and
/// small subsets medium, fish, wings and quads hard, guessing expert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rating {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Rating {
    pub const ALL: [Rating; 4] = [Rating::Easy, Rating::Medium, Rating::Hard, Rating::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Rating::Easy => "easy",
            Rating::Medium => "medium",
            Rating::Hard => "hard",
            Rating::Expert => "expert",
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rating {
    type Err = String;

    fn from_str(s: &str) -> Result<Rating, String> {
        Rating::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("'{s}' is not a difficulty: choose easy, medium, hard or expert")
            })
    }
}

/// The named rules, in the order the solver tries them (easiest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Technique {
    HiddenSingle,
    NakedSingle,
    Pointing,
    BoxLineReduction,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    XWing,
    XYWing,
    NakedQuad,
    Swordfish,
    /// Not a rule: trying each candidate of one cell (the exploration tree).
    Bifurcation,
}

impl Technique {
    /// Every rule the logical solver applies, in its order of preference.
    pub const RULES: [Technique; 12] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::BoxLineReduction,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::XYWing,
        Technique::NakedQuad,
        Technique::Swordfish,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::Pointing => "Pointing",
            Technique::BoxLineReduction => "Box/line reduction",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::XWing => "X-wing",
            Technique::XYWing => "XY-wing",
            Technique::NakedQuad => "Naked quad",
            Technique::Swordfish => "Swordfish",
            Technique::Bifurcation => "Bifurcation",
        }
    }

    pub fn rating(self) -> Rating {
        use Technique::*;
        match self {
            HiddenSingle | NakedSingle => Rating::Easy,
            Pointing | BoxLineReduction | NakedPair | HiddenPair | NakedTriple | HiddenTriple => {
                Rating::Medium
            }
            XWing | XYWing | NakedQuad | Swordfish => Rating::Hard,
            Bifurcation => Rating::Expert,
        }
    }

    /// The first instance of this rule in the position, if any (always
    /// `None` for [`Technique::Bifurcation`], which is not a rule).
    pub fn find(self, board: &Board) -> Option<Step> {
        use super::{fish, intersections, singles, subsets, wings};
        match self {
            Technique::HiddenSingle => singles::hidden_single(board),
            Technique::NakedSingle => singles::naked_single(board),
            Technique::Pointing => intersections::pointing(board),
            Technique::BoxLineReduction => intersections::box_line(board),
            Technique::NakedPair => subsets::naked(board, 2),
            Technique::NakedTriple => subsets::naked(board, 3),
            Technique::NakedQuad => subsets::naked(board, 4),
            Technique::HiddenPair => subsets::hidden(board, 2),
            Technique::HiddenTriple => subsets::hidden(board, 3),
            Technique::XWing => fish::fish(board, 2),
            Technique::Swordfish => fish::fish(board, 3),
            Technique::XYWing => wings::xy_wing(board),
            Technique::Bifurcation => None,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: the pattern (cells, units, digits), its effect (a
/// placement or eliminations) and a one-line explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub technique: Technique,
    /// The cells forming the pattern (to highlight).
    pub cells: Vec<usize>,
    /// The units the pattern lives in (to outline).
    pub units: Vec<Unit>,
    /// The digits the pattern is about.
    pub digits: Vec<u8>,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    pub explanation: String,
}

impl Step {
    /// Apply to a board: placements (which clear peers), then eliminations.
    pub fn apply(&self, board: &mut Board) {
        for p in &self.placements {
            board.place(p.cell, p.digit);
        }
        for e in &self.eliminations {
            board.eliminate(e.cell, e.digit);
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explanation)
    }
}

/// "r1c3, r4c5".
pub(crate) fn cells_text(board: &Board, cells: &[usize]) -> String {
    let geo = board.geometry();
    cells
        .iter()
        .map(|&c| geo.name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "{2,7}".
pub(crate) fn mask_text(mask: u64) -> String {
    let d: Vec<String> = digits(mask).iter().map(u8::to_string).collect();
    format!("{{{}}}", d.join(","))
}

/// "r1c3≠2, r1c9≠7".
pub(crate) fn eliminations_text(board: &Board, elims: &[Candidate]) -> String {
    let geo = board.geometry();
    elims
        .iter()
        .map(|e| format!("{}≠{}", geo.name(e.cell), e.digit))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every `k`-subset of `items`, in lexicographic order.
pub(crate) fn combinations<T: Copy>(items: &[T], k: usize, mut visit: impl FnMut(&[T]) -> bool) {
    fn rec<T: Copy>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        visit: &mut impl FnMut(&[T]) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            if rec(items, k, i + 1, chosen, visit) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    rec(items, k, 0, &mut Vec::with_capacity(k), &mut visit);
}
