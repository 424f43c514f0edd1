//! XY-wing: a pivot {x,y} sees two pincers {x,z} and {y,z}. Whatever the
//! pivot is, one pincer is z, so z leaves every cell seeing both pincers.

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
