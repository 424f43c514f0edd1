//! Fish on one digit: k rows (the base) whose candidates for the digit
//! lie in only k columns (the cover) — each cover column then gets the
//! digit from a base row, so it leaves the rest of those columns. And the
//! same with rows and columns swapped. k = 2 is the X-wing, 3 the swordfish.

use super::board::{Board, Candidate};
use super::step::{cells_text, combinations, eliminations_text, Step, Technique};

pub fn fish(board: &Board, k: usize) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    let technique = if k == 2 {
        Technique::XWing
    } else {
        Technique::Swordfish
    };
    for d in 1..=n as u8 {
        // (base unit offset, cover unit offset, cover index of a cell)
        for rows_as_base in [true, false] {
            let (base_off, cover_off) = if rows_as_base { (0, n) } else { (n, 0) };
            let cover_of = |c: usize| {
                if rows_as_base {
                    geo.col_of(c)
                } else {
                    geo.row_of(c)
                }
            };
            let bases: Vec<usize> = (0..n)
                .filter(|&i| (2..=k).contains(&board.positions(base_off + i, d).len()))
                .collect();
            let mut found = None;
            combinations(&bases, k, |chosen| {
                let mut covers = 0u64;
                let mut cells = Vec::new();
                for &i in chosen {
                    for c in board.positions(base_off + i, d) {
                        covers |= 1 << cover_of(c);
                        cells.push(c);
                    }
                }
                if covers.count_ones() as usize != k {
                    return false;
                }
                let cover_idx: Vec<usize> = (0..n).filter(|i| covers >> i & 1 == 1).collect();
                let mut elims = Vec::new();
                for &j in &cover_idx {
                    for c in board.positions(cover_off + j, d) {
                        if !cells.contains(&c) {
                            elims.push(Candidate { cell: c, digit: d });
                        }
                    }
                }
                if elims.is_empty() {
                    return false;
                }
                elims.sort();
                cells.sort_unstable();
                let base_units: Vec<_> = chosen.iter().map(|&i| geo.unit(base_off + i)).collect();
                let cover_units: Vec<_> =
                    cover_idx.iter().map(|&j| geo.unit(cover_off + j)).collect();
                let names = |us: &[super::board::Unit]| {
                    us.iter().map(|u| u.name()).collect::<Vec<_>>().join(", ")
                };
                found = Some(Step {
                    technique,
                    explanation: format!(
                        "{}: in {}, {d} can only go in {} ({}), so {}",
                        technique.name(),
                        names(&base_units),
                        names(&cover_units),
                        cells_text(board, &cells),
                        eliminations_text(board, &elims)
                    ),
                    cells,
                    units: base_units.into_iter().chain(cover_units).collect(),
                    digits: vec![d],
                    placements: vec![],
                    eliminations: elims,
                });
                true
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
