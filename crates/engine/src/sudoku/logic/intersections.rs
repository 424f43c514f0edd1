//! Locked candidates: where a box and a line meet. Pointing: inside a box
//! a digit is confined to one line, so it leaves the rest of that line.
//! Box/line reduction (claiming): inside a line a digit is confined to one
//! box, so it leaves the rest of that box. Works for rectangular boxes.

use super::board::{Board, Candidate};
use super::step::{cells_text, eliminations_text, Step, Technique};

pub fn pointing(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    for b in 2 * n..3 * n {
        for d in 1..=n as u8 {
            let pos = board.positions(b, d);
            if pos.len() < 2 {
                continue;
            }
            for line in lines_holding(board, &pos) {
                let elims: Vec<Candidate> = geo.units[line]
                    .iter()
                    .copied()
                    .filter(|&c| geo.box_of(c) != b - 2 * n && board.has(c, d))
                    .map(|cell| Candidate { cell, digit: d })
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let (bu, lu) = (geo.unit(b), geo.unit(line));
                return Some(Step {
                    technique: Technique::Pointing,
                    explanation: format!(
                        "Pointing: in {}, {d} can only go in {} ({}), so {}",
                        bu.name(),
                        lu.name(),
                        cells_text(board, &pos),
                        eliminations_text(board, &elims)
                    ),
                    cells: pos,
                    units: vec![bu, lu],
                    digits: vec![d],
                    placements: vec![],
                    eliminations: elims,
                });
            }
        }
    }
    None
}

pub fn box_line(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    for line in 0..2 * n {
        for d in 1..=n as u8 {
            let pos = board.positions(line, d);
            if pos.len() < 2 {
                continue;
            }
            let b = geo.box_of(pos[0]);
            if pos.iter().any(|&c| geo.box_of(c) != b) {
                continue;
            }
            let elims: Vec<Candidate> = geo.units[2 * n + b]
                .iter()
                .copied()
                .filter(|&c| !geo.units[line].contains(&c) && board.has(c, d))
                .map(|cell| Candidate { cell, digit: d })
                .collect();
            if elims.is_empty() {
                continue;
            }
            let (lu, bu) = (geo.unit(line), geo.unit(2 * n + b));
            return Some(Step {
                technique: Technique::BoxLineReduction,
                explanation: format!(
                    "Box/line reduction: in {}, {d} can only go in {} ({}), so {}",
                    lu.name(),
                    bu.name(),
                    cells_text(board, &pos),
                    eliminations_text(board, &elims)
                ),
                cells: pos,
                units: vec![lu, bu],
                digits: vec![d],
                placements: vec![],
                eliminations: elims,
            });
        }
    }
    None
}

/// The row and/or column (unit indices) that contain all of `cells`.
fn lines_holding(board: &Board, cells: &[usize]) -> Vec<usize> {
    let geo = board.geometry();
    let mut lines = Vec::new();
    let r = geo.row_of(cells[0]);
    if cells.iter().all(|&c| geo.row_of(c) == r) {
        lines.push(r);
    }
    let c0 = geo.col_of(cells[0]);
    if cells.iter().all(|&c| geo.col_of(c) == c0) {
        lines.push(geo.n + c0);
    }
    lines
}
