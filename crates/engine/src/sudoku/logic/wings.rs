//! XY-wing: a pivot {x,y} sees two pincers {x,z} and {y,z}. Whatever the
//! pivot is, one pincer is z, so z leaves every cell seeing both pincers.
//! XYZ-wing: the pivot is {x,y,z}; then z is in one of the three, so it
//! leaves cells seeing all three. W-wing: two {x,y} cells that do not see
//! each other, joined by a strong link on x (a unit where x has exactly two
//! places, one seeing each cell): one of the two is y.

use super::board::{bit, Board, Candidate};
use super::step::{eliminations_text, mask_text, Step, Technique};

pub fn xy_wing(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let bivalue = |c: usize| board.mask(c).count_ones() == 2;
    for pivot in 0..geo.n * geo.n {
        if !bivalue(pivot) {
            continue;
        }
        let pm = board.mask(pivot);
        let wings: Vec<usize> = geo.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| bivalue(c) && (board.mask(c) & pm).count_ones() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (board.mask(a), board.mask(b));
                let z = (ma & !pm) & (mb & !pm);
                // Each pincer shares a different pivot digit and both share z.
                if z.count_ones() != 1 || ma & pm == mb & pm {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elims: Vec<Candidate> = (0..geo.n * geo.n)
                    .filter(|&c| {
                        c != pivot
                            && board.mask(c) & bit(zd) != 0
                            && geo.sees(c, a)
                            && geo.sees(c, b)
                    })
                    .map(|cell| Candidate { cell, digit: zd })
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let cells = vec![pivot, a, b];
                return Some(Step {
                    weight: 0,
                    technique: Technique::XYWing,
                    explanation: format!(
                        "XY-wing: pivot {} {} with pincers {} {} and {} {}: one pincer is {zd}, so {}",
                        geo.name(pivot),
                        mask_text(pm),
                        geo.name(a),
                        mask_text(ma),
                        geo.name(b),
                        mask_text(mb),
                        eliminations_text(board, &elims)
                    ),
                    units: vec![],
                    digits: super::board::digits(pm | z),
                    placements: vec![],
                    eliminations: elims,
                    cells,
                });
            }
        }
    }
    None
}

pub fn xyz_wing(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    for pivot in 0..geo.n * geo.n {
        let pm = board.mask(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        let wings: Vec<usize> = geo.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| board.mask(c).count_ones() == 2 && board.mask(c) & !pm == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (board.mask(a), board.mask(b));
                if ma == mb {
                    continue;
                }
                let z = ma & mb;
                let zd = z.trailing_zeros() as u8 + 1;
                let elims: Vec<Candidate> = geo.peers[pivot]
                    .iter()
                    .copied()
                    .filter(|&c| {
                        c != a
                            && c != b
                            && board.mask(c) & z != 0
                            && geo.sees(c, a)
                            && geo.sees(c, b)
                    })
                    .map(|cell| Candidate { cell, digit: zd })
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                return Some(Step {
                    weight: 0,
                    technique: Technique::XYZWing,
                    explanation: format!(
                        "XYZ-wing: pivot {} {} with wings {} {} and {} {}: one of the three is {zd}, so {}",
                        geo.name(pivot),
                        mask_text(pm),
                        geo.name(a),
                        mask_text(ma),
                        geo.name(b),
                        mask_text(mb),
                        eliminations_text(board, &elims)
                    ),
                    units: vec![],
                    digits: super::board::digits(pm),
                    placements: vec![],
                    eliminations: elims,
                    cells: vec![pivot, a, b],
                });
            }
        }
    }
    None
}

pub fn w_wing(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    let pairs: Vec<usize> = (0..n * n)
        .filter(|&c| board.mask(c).count_ones() == 2)
        .collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let m = board.mask(a);
            if board.mask(b) != m || geo.sees(a, b) {
                continue;
            }
            for x in super::board::digits(m) {
                let y = super::board::digits(m & !bit(x))[0];
                let elims: Vec<Candidate> = (0..n * n)
                    .filter(|&c| {
                        c != a && c != b && board.has(c, y) && geo.sees(c, a) && geo.sees(c, b)
                    })
                    .map(|cell| Candidate { cell, digit: y })
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                for u in 0..geo.units.len() {
                    let pos = board.positions(u, x);
                    if pos.len() != 2 || pos.contains(&a) || pos.contains(&b) {
                        continue;
                    }
                    let (p, q) = if geo.sees(pos[0], a) && geo.sees(pos[1], b) {
                        (pos[0], pos[1])
                    } else if geo.sees(pos[1], a) && geo.sees(pos[0], b) {
                        (pos[1], pos[0])
                    } else {
                        continue;
                    };
                    let unit = geo.unit(u);
                    return Some(Step {
                        weight: 0,
                        technique: Technique::WWing,
                        explanation: format!(
                            "W-wing: {} and {} are both {}; in {}, {x} is in {} or {}, which see them, \
                             so one of the two is {y}: {}",
                            geo.name(a),
                            geo.name(b),
                            mask_text(m),
                            unit.name(),
                            geo.name(p),
                            geo.name(q),
                            eliminations_text(board, &elims)
                        ),
                        cells: vec![a, b, p, q],
                        units: vec![unit],
                        digits: vec![x, y],
                        placements: vec![],
                        eliminations: elims,
                    });
                }
            }
        }
    }
    None
}
