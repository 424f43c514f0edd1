//! Naked and hidden subsets inside one unit. Naked: k cells whose
//! candidates together are k digits own those digits. Hidden: k digits
//! that together fit only k cells own those cells.

use super::board::{bit, Board, Candidate};
use super::step::{cells_text, combinations, eliminations_text, mask_text, Step, Technique};

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

/// Naked subsets of size `k` (2, 3 or 4).
pub fn naked(board: &Board, k: usize) -> Option<Step> {
    let geo = board.geometry();
    for u in 0..geo.units.len() {
        let unit = &geo.units[u];
        let small: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&c| {
                let p = board.mask(c).count_ones() as usize;
                (2..=k).contains(&p)
            })
            .collect();
        let mut found = None;
        combinations(&small, k, |cells| {
            let union = cells.iter().fold(0u64, |m, &c| m | board.mask(c));
            if union.count_ones() as usize != k {
                return false;
            }
            let elims: Vec<Candidate> = unit
                .iter()
                .copied()
                .filter(|c| !cells.contains(c))
                .flat_map(|c| {
                    super::board::digits(board.mask(c) & union)
                        .into_iter()
                        .map(move |digit| Candidate { cell: c, digit })
                })
                .collect();
            if elims.is_empty() {
                return false;
            }
            let t = naked_technique(k);
            let un = geo.unit(u);
            found = Some(Step {
                weight: 0,
                technique: t,
                explanation: format!(
                    "{}: {} hold only {} within {}, so {}",
                    t.name(),
                    cells_text(board, cells),
                    mask_text(union),
                    un.name(),
                    eliminations_text(board, &elims)
                ),
                cells: cells.to_vec(),
                units: vec![un],
                digits: super::board::digits(union),
                placements: vec![],
                eliminations: elims,
            });
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Hidden subsets of size `k` (2 or 3).
pub fn hidden(board: &Board, k: usize) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    for u in 0..geo.units.len() {
        let unit = &geo.units[u];
        // Digits still open in the unit with 2..=k places.
        let open: Vec<u8> = (1..=n as u8)
            .filter(|&d| (2..=k).contains(&board.positions(u, d).len()))
            .collect();
        let mut found = None;
        combinations(&open, k, |ds| {
            let dmask = ds.iter().fold(0u64, |m, &d| m | bit(d));
            let cells: Vec<usize> = unit
                .iter()
                .copied()
                .filter(|&c| board.mask(c) & dmask != 0)
                .collect();
            if cells.len() != k {
                return false;
            }
            let elims: Vec<Candidate> = cells
                .iter()
                .flat_map(|&c| {
                    super::board::digits(board.mask(c) & !dmask)
                        .into_iter()
                        .map(move |digit| Candidate { cell: c, digit })
                })
                .collect();
            if elims.is_empty() {
                return false;
            }
            let t = if k == 2 {
                Technique::HiddenPair
            } else {
                Technique::HiddenTriple
            };
            let un = geo.unit(u);
            found = Some(Step {
                weight: 0,
                technique: t,
                explanation: format!(
                    "{}: {} can only go in {} within {}, so {}",
                    t.name(),
                    mask_text(dmask),
                    cells_text(board, &cells),
                    un.name(),
                    eliminations_text(board, &elims)
                ),
                cells,
                units: vec![un],
                digits: ds.to_vec(),
                placements: vec![],
                eliminations: elims,
            });
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
