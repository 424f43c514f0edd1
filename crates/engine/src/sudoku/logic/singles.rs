//! Singles: a digit with one place left in a unit (the seed's "last
//! chance"), or a cell with one candidate left.

use super::board::{bit, Board, Candidate};
use super::step::{Step, Technique};

/// Boxes first, then rows, then columns: the order a person scans.
pub fn hidden_single(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    let order = (2 * n..3 * n).chain(0..2 * n).chain(3 * n..geo.units.len());
    for u in order {
        for d in 1..=n as u8 {
            let mut only = None;
            let mut count = 0;
            for &c in &geo.units[u] {
                if board.mask(c) & bit(d) != 0 {
                    count += 1;
                    only = Some(c);
                }
            }
            if count != 1 {
                continue;
            }
            let cell = only.expect("one position");
            // A cell whose only candidate this is is a naked single too;
            // still a hidden single here, which is the easier view.
            let unit = geo.unit(u);
            return Some(Step {
                weight: 0,
                technique: Technique::HiddenSingle,
                cells: vec![cell],
                units: vec![unit],
                digits: vec![d],
                placements: vec![Candidate { cell, digit: d }],
                eliminations: vec![],
                explanation: format!(
                    "Hidden single: {d} can only go in {} within {}",
                    geo.name(cell),
                    unit.name()
                ),
            });
        }
    }
    None
}

pub fn naked_single(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    (0..geo.n * geo.n).find_map(|cell| {
        let m = board.mask(cell);
        if m == 0 || m & (m - 1) != 0 {
            return None;
        }
        let d = m.trailing_zeros() as u8 + 1;
        Some(Step {
            weight: 0,
            technique: Technique::NakedSingle,
            cells: vec![cell],
            units: vec![],
            digits: vec![d],
            placements: vec![Candidate { cell, digit: d }],
            eliminations: vec![],
            explanation: format!("Naked single: {} can only be {d}", geo.name(cell)),
        })
    })
}
