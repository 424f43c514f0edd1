//! Random constraints of every kind with valid geometry, for property tests
//! and for trying the solver on puzzles nobody designed. Given a filled
//! grid, the numbers (sums, dots, parities) are read from it, so the grid
//! tends to keep the rules and the puzzle is often solvable; without one
//! they are random within range, and the puzzle often has no solution.

use super::{Constraint, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The cells that touch `c` (king's moves), or only its orthogonal
/// neighbours.
fn neighbours(c: usize, n: usize, diagonal: bool) -> Vec<usize> {
    let (r, col) = ((c / n) as i64, (c % n) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            if (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0) {
                continue;
            }
            let (rr, cc) = (r + dr, col + dc);
            if rr >= 0 && cc >= 0 && rr < n as i64 && cc < n as i64 {
                out.push(rr as usize * n + cc as usize);
            }
        }
    }
    out
}

/// A random self-avoiding walk of up to `len` cells from `start`; with a
/// grid and `rising`, each step goes to a larger digit.
fn walk(
    start: usize,
    len: usize,
    n: usize,
    diagonal: bool,
    avoid: &[usize],
    rising: Option<&[u8]>,
    rng: &mut ChaCha8Rng,
) -> Vec<usize> {
    let mut cells = vec![start];
    while cells.len() < len {
        let last = *cells.last().expect("the walk has a cell");
        let next: Vec<usize> = neighbours(last, n, diagonal)
            .into_iter()
            .filter(|c| !cells.contains(c) && !avoid.contains(c))
            .filter(|&c| rising.is_none_or(|g| g[c] > g[last]))
            .collect();
        match next.choose(rng) {
            Some(&c) => cells.push(c),
            None => break,
        }
    }
    cells
}

/// One random constraint on an `n × n` grid, its numbers read from `grid`
/// when there is one.
pub fn random_constraint(n: usize, grid: Option<&[u8]>, rng: &mut ChaCha8Rng) -> Constraint {
    let cells = n * n;
    let max = n as u32;
    let sum_of = |list: &[usize]| grid.map(|g| list.iter().map(|&c| g[c] as u32).sum::<u32>());
    loop {
        let start = rng.gen_range(0..cells);
        let c = match rng.gen_range(0..22) {
            0 => {
                let size = rng.gen_range(1..=n.min(5));
                let mut cage = vec![start];
                while cage.len() < size {
                    let options: Vec<usize> = cage
                        .iter()
                        .flat_map(|&c| neighbours(c, n, false))
                        .filter(|c| !cage.contains(c))
                        .collect();
                    match options.choose(rng) {
                        Some(&c) => cage.push(c),
                        None => break,
                    }
                }
                let k = cage.len() as u32;
                let (least, most) = (k * (k + 1) / 2, k * (2 * max - k + 1) / 2);
                let sum = match sum_of(&cage) {
                    Some(s) if (least..=most).contains(&s) && rng.gen_bool(0.9) => Some(s),
                    _ if rng.gen_bool(0.2) => None,
                    _ => Some(rng.gen_range(least..=most)),
                };
                Constraint::Killer { cells: cage, sum }
            }
            1 => {
                let len = rng.gen_range(2..=n.min(5));
                Constraint::Thermo(walk(start, len, n, true, &[], grid, rng))
            }
            2 => {
                let circle = walk(start, rng.gen_range(1..=2), n, false, &[], None, rng);
                let first: Vec<usize> = circle
                    .iter()
                    .flat_map(|&c| neighbours(c, n, true))
                    .filter(|c| !circle.contains(c))
                    .collect();
                let Some(&p) = first.choose(rng) else {
                    continue;
                };
                let path = walk(p, rng.gen_range(1..=3), n, true, &circle, None, rng);
                Constraint::Arrow { circle, path }
            }
            3 | 4 => {
                let Some(&b) = neighbours(start, n, false).choose(rng) else {
                    continue;
                };
                let cells = [start, b];
                let fits = grid.map(|g| (g[start] as u32, g[b] as u32));
                if rng.gen_bool(0.5) {
                    let dot = match fits {
                        Some((x, y)) if x.abs_diff(y) == 1 && rng.gen_bool(0.5) => Dot::White,
                        Some((x, y)) if x == 2 * y || y == 2 * x => Dot::Black,
                        Some((x, y)) if x.abs_diff(y) == 1 => Dot::White,
                        _ if rng.gen_bool(0.5) => Dot::White,
                        _ => Dot::Black,
                    };
                    Constraint::Kropki { dot, cells }
                } else {
                    let mark = match fits {
                        Some((x, y)) if x + y == 10 => Xv::X,
                        Some((x, y)) if x + y == 5 => Xv::V,
                        _ if rng.gen_bool(0.5) => Xv::X,
                        _ => Xv::V,
                    };
                    Constraint::Xv { mark, cells }
                }
            }
            5 => Constraint::NegativeKropki,
            6 => Constraint::NegativeXv,
            7 => {
                let i = rng.gen_range(0..n);
                let line = if rng.gen_bool(0.5) {
                    RowOrColumn::Row(i)
                } else {
                    RowOrColumn::Column(i)
                };
                let most: u32 = (2..max).sum();
                let sum = match grid {
                    Some(g) => {
                        let line_cells = line.cells(n);
                        let at = |d: u8| line_cells.iter().position(|&c| g[c] == d);
                        match (at(1), at(n as u8)) {
                            (Some(a), Some(b)) => {
                                let (lo, hi) = (a.min(b), a.max(b));
                                line_cells[lo + 1..hi].iter().map(|&c| g[c] as u32).sum()
                            }
                            _ => rng.gen_range(0..=most),
                        }
                    }
                    None => rng.gen_range(0..=most),
                };
                Constraint::Sandwich { line, sum }
            }
            8 => {
                let (dr, dc): (i64, i64) = (
                    if rng.gen_bool(0.5) { 1 } else { -1 },
                    if rng.gen_bool(0.5) { 1 } else { -1 },
                );
                let mut list = vec![start];
                let len = rng.gen_range(1..=n);
                while list.len() < len {
                    let last = *list.last().expect("a cell");
                    let (r, c) = ((last / n) as i64 + dr, (last % n) as i64 + dc);
                    if r < 0 || c < 0 || r >= n as i64 || c >= n as i64 {
                        break;
                    }
                    list.push(r as usize * n + c as usize);
                }
                let k = list.len() as u32;
                let sum = sum_of(&list).unwrap_or_else(|| rng.gen_range(k..=k * max));
                Constraint::LittleKiller { cells: list, sum }
            }
            9..=13 => {
                let least = if rng.gen_range(9..=13) == 13 { 3 } else { 2 };
                let len = rng.gen_range(least..=n.min(5));
                let line = walk(start, len, n, true, &[], None, rng);
                if line.len() < 3 {
                    if line.len() < 2 {
                        continue;
                    }
                    match rng.gen_range(0..4) {
                        0 => Constraint::Whisper(line),
                        1 => Constraint::Renban(line),
                        2 => Constraint::Palindrome(line),
                        _ => Constraint::RegionSum(line),
                    }
                } else {
                    match rng.gen_range(0..5) {
                        0 => Constraint::Whisper(line),
                        1 => Constraint::Renban(line),
                        2 => Constraint::Palindrome(line),
                        3 => Constraint::RegionSum(line),
                        _ => Constraint::Between(line),
                    }
                }
            }
            14 | 15 => match grid.map(|g| g[start] % 2) {
                Some(1) => Constraint::Odd(start),
                Some(_) => Constraint::Even(start),
                None if rng.gen_bool(0.5) => Constraint::Odd(start),
                None => Constraint::Even(start),
            },
            16 => Constraint::AntiKnight,
            17 => Constraint::AntiKing,
            18 => Constraint::NonConsecutive,
            19 => Constraint::Diagonal(Diagonal::Main),
            20 => Constraint::Diagonal(Diagonal::Anti),
            _ => {
                let list: Vec<usize> = match grid {
                    Some(g) => (1..=n as u8)
                        .map(|d| {
                            let with: Vec<usize> = (0..cells).filter(|&c| g[c] == d).collect();
                            *with.choose(rng).expect("every digit is in the grid")
                        })
                        .collect(),
                    None => {
                        let mut all: Vec<usize> = (0..cells).collect();
                        all.shuffle(rng);
                        all.truncate(n);
                        all
                    }
                };
                Constraint::Region(list)
            }
        };
        return c;
    }
}

/// A random puzzle: `count` random constraints that pass
/// [`Puzzle::new`]'s checks, and for each cell the grid's digit as a given
/// with probability `given` (none without a grid).
pub fn random_puzzle(
    regions: Regions,
    grid: Option<&[u8]>,
    count: usize,
    given: f64,
    rng: &mut ChaCha8Rng,
) -> Puzzle {
    let n = regions.size();
    let givens: Vec<u8> = match grid {
        Some(g) => g
            .iter()
            .map(|&v| if rng.gen_bool(given) { v } else { 0 })
            .collect(),
        None => vec![0; n * n],
    };
    let mut constraints = Vec::new();
    while constraints.len() < count {
        let c = random_constraint(n, grid, rng);
        let mut trial = constraints.clone();
        trial.push(c);
        if Puzzle::new(regions.clone(), givens.clone(), trial.clone()).is_ok() {
            constraints = trial;
        }
    }
    Puzzle::new(regions, givens, constraints).expect("every constraint was checked")
}
