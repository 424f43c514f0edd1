//! Locked candidates: where two units meet. Pointing: inside a box a digit
//! is confined to one line, so it leaves the rest of that line. Box/line
//! reduction (claiming): inside a line a digit is confined to one box, so
//! it leaves the rest of that box. Written over the geometry's unit table,
//! so rectangular boxes, jigsaw regions and X-sudoku's diagonals (a box
//! meets a diagonal in up to three cells) are covered by the same loop.

use super::board::{Board, Candidate, UnitKind};
use super::step::{cells_text, eliminations_text, Step, Technique};

fn is_box(board: &Board, u: usize) -> bool {
    matches!(
        board.geometry().unit(u).kind,
        UnitKind::Box | UnitKind::Region
    )
}

pub fn pointing(board: &Board) -> Option<Step> {
    locked(board, true)
}

pub fn box_line(board: &Board) -> Option<Step> {
    locked(board, false)
}

/// `from_box`: the confining unit is a box (pointing), else a line
/// (claiming: the other unit is a box).
fn locked(board: &Board, from_box: bool) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    for a in 0..geo.units.len() {
        if is_box(board, a) != from_box {
            continue;
        }
        for d in 1..=n as u8 {
            let pos = board.positions(a, d);
            if pos.len() < 2 {
                continue;
            }
            // Every other unit holding all of the positions.
            for &b in &geo.units_of[pos[0]] {
                // Pointing leaves a line, claiming leaves a box.
                if b == a || is_box(board, b) == from_box {
                    continue;
                }
                if pos.iter().any(|&c| !geo.units_of[c].contains(&b)) {
                    continue;
                }
                let elims: Vec<Candidate> = geo.units[b]
                    .iter()
                    .copied()
                    .filter(|&c| board.has(c, d) && !pos.contains(&c))
                    .map(|cell| Candidate { cell, digit: d })
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let (au, bu) = (geo.unit(a), geo.unit(b));
                let (technique, label) = if from_box {
                    (Technique::Pointing, "Pointing")
                } else {
                    (Technique::BoxLineReduction, "Box/line reduction")
                };
                return Some(Step {
                    technique,
                    explanation: format!(
                        "{label}: in {}, {d} can only go in {} ({}), so {}",
                        au.name(),
                        bu.name(),
                        cells_text(board, &pos),
                        eliminations_text(board, &elims)
                    ),
                    cells: pos,
                    units: vec![au, bu],
                    digits: vec![d],
                    placements: vec![],
                    eliminations: elims,
                    weight: 0,
                });
            }
        }
    }
    None
}
