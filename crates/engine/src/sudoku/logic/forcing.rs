//! Forcing chains, the last rule before guessing: assume each candidate of
//! a cell (or each place of a digit in a unit) in turn and follow the
//! singles it forces. An assumption that ends in a contradiction is false;
//! a placement or elimination that every assumption leads to is true. This
//! is what Sudoku Explainer calls dynamic forcing chains, with singles as
//! the only propagation.

use super::board::{bit, digits, Board, Candidate};
use super::step::{length_bonus, Step, Technique};

/// Where following singles from an assumption ended.
enum Outcome {
    /// The board after the singles, and how many singles were placed.
    Board(Board, usize),
    /// The position broke after `usize` singles; the reason.
    Contradiction(String, usize),
}

/// Place naked and hidden singles until none is left or something breaks.
fn propagate(mut b: Board) -> Outcome {
    let n = b.size();
    let units = b.geometry_arc();
    let mut placed = 0;
    loop {
        let mut progress = false;
        for c in 0..n * n {
            if b.values()[c] != 0 {
                continue;
            }
            let m = b.mask(c);
            if m == 0 {
                return Outcome::Contradiction(
                    format!("{} has no candidate left", units.name(c)),
                    placed,
                );
            }
            if m & (m - 1) == 0 {
                b.place(c, m.trailing_zeros() as u8 + 1);
                placed += 1;
                progress = true;
            }
        }
        for (u, cells) in units.units.iter().enumerate() {
            let mut seen = 0u64;
            let mut once = 0u64;
            let mut twice = 0u64;
            for &c in cells {
                let v = b.values()[c];
                if v != 0 {
                    if seen & bit(v) != 0 {
                        return Outcome::Contradiction(
                            format!("{v} twice in {}", units.unit(u).name()),
                            placed,
                        );
                    }
                    seen |= bit(v);
                }
                let m = b.mask(c);
                twice |= once & m;
                once |= m;
            }
            let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let missing = full & !seen & !once;
            if missing != 0 {
                let d = missing.trailing_zeros() as u8 + 1;
                return Outcome::Contradiction(
                    format!("{d} has no place left in {}", units.unit(u).name()),
                    placed,
                );
            }
            for d in digits(once & !twice & !seen) {
                if let Some(&c) = cells.iter().find(|&&c| b.has(c, d)) {
                    if b.values()[c] == 0 {
                        b.place(c, d);
                        placed += 1;
                        progress = true;
                    }
                }
            }
        }
        if !progress {
            return Outcome::Board(b, placed);
        }
    }
}

pub fn forcing_chain(board: &Board) -> Option<Step> {
    let geo = board.geometry();
    let n = geo.n;
    // Every candidate assumed once; the cell and unit chains combine them.
    let mut results: Vec<Option<Outcome>> = (0..n * n * n).map(|_| None).collect();
    let idx = |c: usize, d: u8| c * n + d as usize - 1;
    let mut best_contradiction: Option<(usize, usize, u8, String)> = None;
    for c in 0..n * n {
        for d in digits(board.mask(c)) {
            let mut b = board.clone();
            b.place(c, d);
            let out = propagate(b);
            if let Outcome::Contradiction(why, len) = &out {
                if best_contradiction.as_ref().is_none_or(|x| *len < x.0) {
                    best_contradiction = Some((*len, c, d, why.clone()));
                }
            }
            results[idx(c, d)] = Some(out);
        }
    }
    // Cell and unit forcing chains: what all branches agree on.
    let mut best_common: Option<(usize, Step)> = None;
    let mut consider = |options: Vec<(usize, u8)>, label: String| {
        let mut boards = Vec::new();
        let mut longest = 0;
        for &(c, d) in &options {
            match results[idx(c, d)].as_ref() {
                Some(Outcome::Board(b, len)) => {
                    boards.push(b);
                    longest = longest.max(*len);
                }
                Some(Outcome::Contradiction(..)) => {}
                None => return,
            }
        }
        if boards.is_empty() || boards.len() == 1 && options.len() > 1 {
            // One surviving branch: the contradictions say it all.
            return;
        }
        if best_common.as_ref().is_some_and(|(l, _)| *l <= longest) {
            return;
        }
        let mut placements = Vec::new();
        let mut elims = Vec::new();
        for x in 0..n * n {
            if board.values()[x] != 0 {
                continue;
            }
            let v = boards[0].values()[x];
            if v != 0 && boards.iter().all(|b| b.values()[x] == v) {
                placements.push(Candidate { cell: x, digit: v });
                continue;
            }
            for e in digits(board.mask(x)) {
                let gone = boards.iter().all(|b| b.values()[x] != e && !b.has(x, e));
                if gone {
                    elims.push(Candidate { cell: x, digit: e });
                }
            }
        }
        if placements.is_empty() && elims.is_empty() {
            return;
        }
        let said = if placements.is_empty() {
            super::step::eliminations_text(board, &elims)
        } else {
            placements
                .iter()
                .map(|p| format!("{}={}", geo.name(p.cell), p.digit))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut cells: Vec<usize> = options.iter().map(|o| o.0).collect();
        cells.dedup();
        let mut ds: Vec<u8> = options.iter().map(|o| o.1).collect();
        ds.sort_unstable();
        ds.dedup();
        let step = Step {
            weight: Technique::ForcingChain.weight() + length_bonus(longest),
            technique: Technique::ForcingChain,
            explanation: format!(
                "Forcing chain: {label}; following the singles from each (at most {longest}), all agree: {said}"
            ),
            cells,
            units: vec![],
            digits: ds,
            // Placements first: they carry the eliminations with them.
            eliminations: if placements.is_empty() { elims } else { vec![] },
            placements,
        };
        best_common = Some((longest, step));
    };
    for c in 0..n * n {
        let ds = digits(board.mask(c));
        if (2..=3).contains(&ds.len()) {
            let label = format!(
                "{} is {}",
                geo.name(c),
                ds.iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" or ")
            );
            consider(ds.iter().map(|&d| (c, d)).collect(), label);
        }
    }
    for u in 0..geo.units.len() {
        for d in 1..=n as u8 {
            let pos = board.positions(u, d);
            if (2..=3).contains(&pos.len()) {
                let label = format!(
                    "{d} goes in {} within {}",
                    pos.iter()
                        .map(|&c| geo.name(c))
                        .collect::<Vec<_>>()
                        .join(" or "),
                    geo.unit(u).name()
                );
                consider(pos.iter().map(|&c| (c, d)).collect(), label);
            }
        }
    }
    let contradiction = best_contradiction.map(|(len, c, d, why)| {
        (
            len,
            Step {
                weight: Technique::ForcingChain.weight() + length_bonus(len),
                technique: Technique::ForcingChain,
                explanation: format!(
                    "Forcing chain: if {}={d}, the singles that follow ({len}) break the grid ({why}), so {}≠{d}",
                    geo.name(c),
                    geo.name(c)
                ),
                cells: vec![c],
                units: vec![],
                digits: vec![d],
                placements: vec![],
                eliminations: vec![Candidate { cell: c, digit: d }],
            },
        )
    });
    match (contradiction, best_common) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a.1 } else { b.1 }),
        (a, b) => a.or(b).map(|x| x.1),
    }
}
