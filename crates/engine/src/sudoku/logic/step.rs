//! What a technique found, as plain data a UI can draw (cells to
//! highlight, units to outline, candidates to strike or digits to write)
//! plus the sentence a person would say.

use super::board::{digits, Board, Candidate, Unit};
use crate::sudoku::SudokuError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Grades, each a band of the numeric rating ([`Technique::weight`], in
/// the spirit of Sudoku Explainer's scale): easy are the singles (< 2.5),
/// medium locked candidates, subsets up to triples and the small fish
/// (< 4.2), hard the wings, uniqueness patterns, quads, colouring and
/// X-chains (< 7.0), expert the general chains, forcing chains and guessing.
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

    /// The grade of a numeric rating (tenths: 23 is 2.3).
    pub fn of_weight(tenths: u16) -> Rating {
        match tenths {
            0..=24 => Rating::Easy,
            25..=41 => Rating::Medium,
            42..=69 => Rating::Hard,
            _ => Rating::Expert,
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rating {
    type Err = SudokuError;

    fn from_str(s: &str) -> Result<Rating, SudokuError> {
        Rating::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SudokuError::UnknownDifficulty(s.to_owned()))
    }
}

/// "7.2" for 72 tenths.
pub fn weight_text(tenths: u16) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
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
    FinnedXWing,
    XYZWing,
    WWing,
    UniqueRectangle1,
    UniqueRectangle2,
    Jellyfish,
    BugPlusOne,
    RemotePair,
    SimpleColouring,
    XChain,
    /// Alternating inference chain: strong and weak links over candidates.
    Aic,
    /// Assume each candidate of a cell (or each place of a digit in a
    /// unit), follow the singles: what every branch agrees on is true, and
    /// an assumption that ends in a contradiction is false.
    ForcingChain,
    /// Not a rule: trying each candidate of one cell (the exploration tree).
    Bifurcation,
}

impl Technique {
    /// Every rule the logical solver applies, in its order of preference:
    /// by weight, so a puzzle's rating is the hardest step of a path that
    /// always takes the easiest step available (Sudoku Explainer's rule).
    pub const RULES: [Technique; 24] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::BoxLineReduction,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::FinnedXWing,
        Technique::HiddenTriple,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::WWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::BugPlusOne,
        Technique::RemotePair,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::Aic,
        Technique::ForcingChain,
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
            Technique::FinnedXWing => "Finned X-wing",
            Technique::XYZWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::UniqueRectangle1 => "Unique rectangle type 1",
            Technique::UniqueRectangle2 => "Unique rectangle type 2",
            Technique::Jellyfish => "Jellyfish",
            Technique::BugPlusOne => "BUG+1",
            Technique::RemotePair => "Remote pair",
            Technique::SimpleColouring => "Simple colouring",
            Technique::XChain => "X-chain",
            Technique::Aic => "Alternating inference chain",
            Technique::ForcingChain => "Forcing chain",
            Technique::Bifurcation => "Bifurcation",
        }
    }

    /// The base weight in tenths, Sudoku Explainer's value where SE has the
    /// technique (see docs/sudoku-logic.md for the table and our choices
    /// where it has not). Chains add a length bonus on top.
    pub fn weight(self) -> u16 {
        use Technique::*;
        match self {
            HiddenSingle => 12,
            NakedSingle => 23,
            Pointing => 26,
            BoxLineReduction => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            FinnedXWing => 39,
            HiddenTriple => 40,
            XYWing => 42,
            XYZWing => 44,
            WWing => 44,
            UniqueRectangle1 => 45,
            UniqueRectangle2 => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            BugPlusOne => 56,
            RemotePair => 65,
            SimpleColouring => 65,
            XChain => 66,
            Aic => 70,
            ForcingChain => 80,
            Bifurcation => 100,
        }
    }

    pub fn rating(self) -> Rating {
        Rating::of_weight(self.weight())
    }

    /// The first instance of this rule in the position, if any (always
    /// `None` for [`Technique::Bifurcation`], which is not a rule). The
    /// step's `weight` is set: the technique's, plus a chain's length bonus.
    pub fn find(self, board: &Board) -> Option<Step> {
        use super::{chains, fish, forcing, intersections, singles, subsets, uniqueness, wings};
        let mut step = match self {
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
            Technique::Jellyfish => fish::fish(board, 4),
            Technique::FinnedXWing => fish::finned_x_wing(board),
            Technique::XYWing => wings::xy_wing(board),
            Technique::XYZWing => wings::xyz_wing(board),
            Technique::WWing => wings::w_wing(board),
            Technique::UniqueRectangle1 => uniqueness::rectangle(board, 1),
            Technique::UniqueRectangle2 => uniqueness::rectangle(board, 2),
            Technique::BugPlusOne => uniqueness::bug_plus_one(board),
            Technique::RemotePair => chains::remote_pair(board),
            Technique::SimpleColouring => chains::simple_colouring(board),
            Technique::XChain => chains::x_chain(board),
            Technique::Aic => chains::aic(board),
            Technique::ForcingChain => forcing::forcing_chain(board),
            Technique::Bifurcation => None,
        }?;
        if step.weight == 0 {
            step.weight = self.weight();
            // Sudoku Explainer: a hidden single in a box is easier (1.2)
            // than in a row or column (1.5).
            if self == Technique::HiddenSingle
                && step.units.iter().any(|u| {
                    matches!(
                        u.kind,
                        super::board::UnitKind::Row
                            | super::board::UnitKind::Column
                            | super::board::UnitKind::Diagonal
                    )
                })
            {
                step.weight = 15;
            }
        }
        Some(step)
    }
}

/// Sudoku Explainer's length bonus for chains: +0.1 for each threshold of
/// the sequence 4, 6, 8, 12, 16, 24, 32, … that the chain is longer than.
pub fn length_bonus(links: usize) -> u16 {
    let mut bonus = 0;
    let mut threshold = 4usize;
    let mut odd = true;
    while links > threshold {
        bonus += 1;
        threshold = if odd {
            threshold * 3 / 2
        } else {
            threshold * 4 / 3
        };
        odd = !odd;
    }
    bonus
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
    /// The step's numeric rating in tenths (Sudoku Explainer-like: 12 is
    /// 1.2); set by [`Technique::find`].
    #[serde(default)]
    pub weight: u16,
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
