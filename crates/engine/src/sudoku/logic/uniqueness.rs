//! Patterns that only a puzzle with one solution can rule out.
//!
//! Unique rectangle: four cells on two rows, two columns and two boxes that
//! could all be {a,b} — a "deadly pattern": a and b could be swapped in
//! them and the puzzle would have two solutions. Type 1: three corners are
//! exactly {a,b}, so the fourth is not a or b. Type 2: two corners are
//! exactly {a,b} and the other two {a,b,z}: one of those is z, so z leaves
//! every cell seeing both.
//!
//! BUG+1 (bivalue universal grave): if every empty cell but one had two
//! candidates and every digit two places in each unit, the grid would have
//! zero or two solutions; so the one cell with three candidates takes the
//! digit that has three places in its units.
//!
//! Only for grids whose units are rows, columns and boxes (or regions):
//! with X-sudoku's diagonals swapping two digits is not always legal.

use super::board::{bit, digits, Board, Candidate};
use super::step::{cells_text, eliminations_text, mask_text, Step, Technique};

pub fn rectangle(board: &Board, kind: u8) -> Option<Step> {
    let geo = board.geometry();
    if !geo.is_plain() {
        return None;
    }
    let n = geo.n;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if corners.iter().any(|&c| board.values()[c] != 0) {
                        continue;
                    }
                    let mut boxes: Vec<usize> = corners.iter().map(|&c| geo.box_of(c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    let common = corners.iter().fold(u64::MAX, |m, &c| m & board.mask(c));
                    if common.count_ones() < 2 {
                        continue;
                    }
                    for pair in pairs_of(common) {
                        if let Some(step) = check(board, kind, &corners, pair) {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

fn pairs_of(mask: u64) -> Vec<u64> {
    let ds = digits(mask);
    let mut out = Vec::new();
    for i in 0..ds.len() {
        for j in i + 1..ds.len() {
            out.push(bit(ds[i]) | bit(ds[j]));
        }
    }
    out
}

fn check(board: &Board, kind: u8, corners: &[usize; 4], pair: u64) -> Option<Step> {
    let geo = board.geometry();
    let exact: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| board.mask(c) == pair)
        .collect();
    let roof: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| board.mask(c) != pair)
        .collect();
    let (technique, elims, why) = match kind {
        1 if exact.len() == 3 => {
            let c = roof[0];
            let elims: Vec<Candidate> = digits(pair)
                .into_iter()
                .map(|digit| Candidate { cell: c, digit })
                .collect();
            (
                Technique::UniqueRectangle1,
                elims,
                format!("{} must not complete it", geo.name(c)),
            )
        }
        2 if exact.len() == 2 => {
            let (m0, m1) = (board.mask(roof[0]), board.mask(roof[1]));
            let extra = m0 & !pair;
            if m0 != m1 || extra.count_ones() != 1 {
                return None;
            }
            let z = extra.trailing_zeros() as u8 + 1;
            let elims: Vec<Candidate> = (0..geo.n * geo.n)
                .filter(|&c| {
                    !corners.contains(&c)
                        && board.has(c, z)
                        && geo.sees(c, roof[0])
                        && geo.sees(c, roof[1])
                })
                .map(|cell| Candidate { cell, digit: z })
                .collect();
            (
                Technique::UniqueRectangle2,
                elims,
                format!(
                    "one of {} and {} is {z}",
                    geo.name(roof[0]),
                    geo.name(roof[1])
                ),
            )
        }
        _ => return None,
    };
    if elims.is_empty() {
        return None;
    }
    let mut cells = corners.to_vec();
    cells.sort_unstable();
    Some(Step {
        weight: 0,
        technique,
        explanation: format!(
            "{}: {} could all be {} — two solutions, which a proper puzzle cannot have — so {}: {}",
            technique.name(),
            cells_text(board, &cells),
            mask_text(pair),
            why,
            eliminations_text(board, &elims)
        ),
        cells,
        units: vec![],
        digits: digits(pair),
        placements: vec![],
        eliminations: elims,
    })
}

pub fn bug_plus_one(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    if !geo.is_plain() {
        return None;
    }
    let n = geo.n;
    let mut odd = None;
    for c in 0..n * n {
        match board.mask(c).count_ones() {
            0 if board.values()[c] == 0 => return None,
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return None,
        }
    }
    let cell = odd?;
    // The digit with three places in the cell's units; removing it from
    // the cell must leave every digit two (or no) places in every unit.
    let found = digits(board.mask(cell)).into_iter().find(|&d| {
        geo.units_of[cell]
            .iter()
            .all(|&u| board.positions(u, d).len() == 3)
    })?;
    for u in 0..geo.units.len() {
        for d in 1..=n as u8 {
            let mut k = board.positions(u, d).len();
            if d == found && geo.units_of[cell].contains(&u) {
                k -= 1;
            }
            if k != 0 && k != 2 {
                return None;
            }
        }
    }
    Some(Step {
        weight: 0,
        technique: Technique::BugPlusOne,
        explanation: format!(
            "BUG+1: every empty cell but {} has two candidates and every digit two places \
             per unit, which would leave zero or two solutions; so {} is {found}",
            geo.name(cell),
            geo.name(cell)
        ),
        cells: vec![cell],
        units: geo.units_of[cell].iter().map(|&u| geo.unit(u)).collect(),
        digits: vec![found],
        placements: vec![Candidate { cell, digit: found }],
        eliminations: vec![],
    })
}
