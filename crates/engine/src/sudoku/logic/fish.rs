//! Fish on one digit: k rows (the base) whose candidates for the digit
//! lie in only k columns (the cover) — each cover column then gets the
//! digit from a base row, so it leaves the rest of those columns. And the
//! same with rows and columns swapped. k = 2 is the X-wing, 3 the swordfish,
//! 4 the jellyfish. A finned X-wing has extra candidates (fins) in one base
//! row: either a fin is true, or the X-wing holds, so a cell of a cover
//! line that sees every fin loses the digit either way.

use super::board::{Board, Candidate};
use super::step::{cells_text, combinations, eliminations_text, Step, Technique};

pub fn fish(board: &Board, k: usize) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
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
                    weight: 0,
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

/// Finned (and sashimi) X-wing: one base line holds the digit in exactly
/// two cover lines; the other in (some of) those two plus fins.
pub fn finned_x_wing(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    for d in 1..=n as u8 {
        for rows_as_base in [true, false] {
            let (base_off, cover_off) = if rows_as_base { (0, n) } else { (n, 0) };
            let cover_of = |c: usize| {
                if rows_as_base {
                    geo.col_of(c)
                } else {
                    geo.row_of(c)
                }
            };
            for clean in 0..n {
                let cp = board.positions(base_off + clean, d);
                if cp.len() != 2 {
                    continue;
                }
                let covers = [cover_of(cp[0]), cover_of(cp[1])];
                for other in 0..n {
                    if other == clean {
                        continue;
                    }
                    let op = board.positions(base_off + other, d);
                    let (body, fins): (Vec<usize>, Vec<usize>) =
                        op.iter().partition(|&&c| covers.contains(&cover_of(c)));
                    if body.is_empty() || fins.is_empty() {
                        continue;
                    }
                    let mut elims = Vec::new();
                    for &j in &covers {
                        for c in board.positions(cover_off + j, d) {
                            let base = if rows_as_base {
                                geo.row_of(c)
                            } else {
                                geo.col_of(c)
                            };
                            if base != clean
                                && base != other
                                && fins.iter().all(|&f| geo.sees(c, f))
                            {
                                elims.push(Candidate { cell: c, digit: d });
                            }
                        }
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    elims.sort();
                    let mut cells: Vec<usize> = cp.iter().chain(&body).copied().collect();
                    cells.sort_unstable();
                    let units = vec![
                        geo.unit(base_off + clean),
                        geo.unit(base_off + other),
                        geo.unit(cover_off + covers[0]),
                        geo.unit(cover_off + covers[1]),
                    ];
                    return Some(Step {
                        weight: 0,
                        technique: Technique::FinnedXWing,
                        explanation: format!(
                            "Finned X-wing: in {} and {}, {d} can only go in {} and {} ({}) or on the fin {}; \
                             either way {}",
                            units[0].name(),
                            units[1].name(),
                            units[2].name(),
                            units[3].name(),
                            cells_text(board, &cells),
                            cells_text(board, &fins),
                            eliminations_text(board, &elims)
                        ),
                        cells: cells.into_iter().chain(fins).collect(),
                        units,
                        digits: vec![d],
                        placements: vec![],
                        eliminations: elims,
                    });
                }
            }
        }
    }
    None
}
