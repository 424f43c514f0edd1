//! The checker: does a filled grid keep every rule of a puzzle? Written
//! from the definitions alone, sharing nothing with the solver's
//! propagators, so that the tests can hold each against the other.

use super::{orthogonal, Constraint, Dot, Puzzle};
use crate::sudoku::grid::cell_name;
use std::fmt;

/// The first rule a grid breaks: which one, where, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule in players' words ("row 3", "killer cage 15 at r1c1").
    pub rule: String,
    /// The cells that break it.
    pub cells: Vec<usize>,
    /// What is wrong, as a sentence without its subject.
    pub problem: String,
    /// The grid size, so that `Display` can name the cells.
    pub n: usize,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(|&c| cell_name(c, self.n)).collect();
        write!(
            f,
            "the {} is broken at {}: {}",
            self.rule,
            cells.join(" "),
            self.problem
        )
    }
}

/// Check a complete grid (`n²` digits 1..n, row-major) against the givens,
/// the rows, columns and regions, and every constraint of `puzzle`.
pub fn check(puzzle: &Puzzle, grid: &[u8]) -> Result<(), Violation> {
    let n = puzzle.size();
    let fail = |rule: String, cells: Vec<usize>, problem: String| {
        Err(Violation {
            rule,
            cells,
            problem,
            n,
        })
    };
    if grid.len() != n * n {
        return fail(
            "grid".into(),
            vec![],
            format!("it has {} cells instead of {}", grid.len(), n * n),
        );
    }
    for (i, &v) in grid.iter().enumerate() {
        if v == 0 || v as usize > n {
            return fail(
                "grid".into(),
                vec![i],
                format!("{v} is not a digit from 1 to {n}"),
            );
        }
        let g = puzzle.givens()[i];
        if g != 0 && g != v {
            return fail("given".into(), vec![i], format!("it is {g}, not {v}"));
        }
    }
    let all_once = |rule: String, cells: &[usize]| -> Result<(), Violation> {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[..i] {
                if grid[a] == grid[b] {
                    return fail(rule, vec![b, a], format!("{} appears twice", grid[a]));
                }
            }
        }
        Ok(())
    };
    for r in 0..n {
        let row: Vec<usize> = (0..n).map(|c| r * n + c).collect();
        all_once(format!("row {}", r + 1), &row)?;
        let col: Vec<usize> = (0..n).map(|c| c * n + r).collect();
        all_once(format!("column {}", r + 1), &col)?;
    }
    let region_of = puzzle.regions().region_of();
    for k in 0..n {
        let cells: Vec<usize> = (0..n * n).filter(|&i| region_of[i] == k).collect();
        all_once(format!("region {}", k + 1), &cells)?;
    }
    let value = |c: usize| grid[c] as u32;
    for c in puzzle.constraints() {
        let rule = c.describe(n);
        let broken = |cells: Vec<usize>, problem: String| fail(rule.clone(), cells, problem);
        match c {
            Constraint::Killer { cells, sum } => {
                all_once(rule.clone(), cells)?;
                if let Some(s) = *sum {
                    let total: u32 = cells.iter().map(|&c| value(c)).sum();
                    if total != s {
                        return broken(cells.clone(), format!("its digits add up to {total}"));
                    }
                }
            }
            Constraint::Thermo(cells) => {
                for w in cells.windows(2) {
                    if value(w[1]) <= value(w[0]) {
                        return broken(
                            w.to_vec(),
                            format!("{} does not rise to {}", value(w[0]), value(w[1])),
                        );
                    }
                }
            }
            Constraint::Arrow { circle, path } => {
                let number = circle.iter().fold(0u32, |acc, &c| acc * 10 + value(c));
                let total: u32 = path.iter().map(|&c| value(c)).sum();
                if number != total {
                    let mut cells = circle.clone();
                    cells.extend(path);
                    return broken(
                        cells,
                        format!("the circle reads {number}, the arrow adds up to {total}"),
                    );
                }
            }
            Constraint::Kropki { dot, cells: [a, b] } => {
                let (x, y) = (value(*a), value(*b));
                let ok = match dot {
                    Dot::White => x.abs_diff(y) == 1,
                    Dot::Black => x == 2 * y || y == 2 * x,
                };
                if !ok {
                    return broken(vec![*a, *b], format!("{x} and {y} do not fit the dot"));
                }
            }
            Constraint::Xv {
                mark,
                cells: [a, b],
            } => {
                let (x, y) = (value(*a), value(*b));
                if x + y != mark.sum() {
                    return broken(vec![*a, *b], format!("{x} and {y} add up to {}", x + y));
                }
            }
            Constraint::NegativeKropki | Constraint::NegativeXv | Constraint::NonConsecutive => {
                for a in 0..n * n {
                    for b in [a + 1, a + n] {
                        if b >= n * n || !orthogonal(a, b, n) {
                            continue;
                        }
                        let (x, y) = (value(a), value(b));
                        let bad = match c {
                            Constraint::NegativeKropki => {
                                let marked = puzzle.constraints().iter().any(|d| {
                                    matches!(d, Constraint::Kropki { cells, .. }
                                        if *cells == [a, b] || *cells == [b, a])
                                });
                                !marked && (x.abs_diff(y) == 1 || x == 2 * y || y == 2 * x)
                            }
                            Constraint::NegativeXv => {
                                let marked = puzzle.constraints().iter().any(|d| {
                                    matches!(d, Constraint::Xv { cells, .. }
                                        if *cells == [a, b] || *cells == [b, a])
                                });
                                !marked && (x + y == 5 || x + y == 10)
                            }
                            _ => x.abs_diff(y) == 1,
                        };
                        if bad {
                            return broken(
                                vec![a, b],
                                format!("{x} and {y} are side by side without a mark"),
                            );
                        }
                    }
                }
            }
            Constraint::Sandwich { line, sum } => {
                let cells = line.cells(n);
                let at = |d: u32| cells.iter().position(|&c| value(c) == d).unwrap_or(0);
                let (i, j) = (at(1), at(n as u32));
                let (lo, hi) = (i.min(j), i.max(j));
                let total: u32 = cells[lo + 1..hi].iter().map(|&c| value(c)).sum();
                if total != *sum {
                    return broken(
                        cells[lo..=hi].to_vec(),
                        format!("the digits between 1 and {n} add up to {total}"),
                    );
                }
            }
            Constraint::LittleKiller { cells, sum } => {
                let total: u32 = cells.iter().map(|&c| value(c)).sum();
                if total != *sum {
                    return broken(cells.clone(), format!("its digits add up to {total}"));
                }
            }
            Constraint::Whisper(cells) => {
                let gap = n.div_ceil(2) as u32;
                for w in cells.windows(2) {
                    let (x, y) = (value(w[0]), value(w[1]));
                    if x.abs_diff(y) < gap {
                        return broken(
                            w.to_vec(),
                            format!("{x} and {y} differ by less than {gap}"),
                        );
                    }
                }
            }
            Constraint::Renban(cells) => {
                all_once(rule.clone(), cells)?;
                let lo = cells.iter().map(|&c| value(c)).min().unwrap_or(0);
                let hi = cells.iter().map(|&c| value(c)).max().unwrap_or(0);
                if (hi - lo) as usize + 1 != cells.len() {
                    return broken(
                        cells.clone(),
                        format!("its digits run from {lo} to {hi} with gaps"),
                    );
                }
            }
            Constraint::Palindrome(cells) => {
                let k = cells.len();
                for i in 0..k / 2 {
                    let (a, b) = (cells[i], cells[k - 1 - i]);
                    if grid[a] != grid[b] {
                        return broken(
                            vec![a, b],
                            format!("{} and {} should be equal", grid[a], grid[b]),
                        );
                    }
                }
            }
            Constraint::RegionSum(cells) => {
                let mut sums: Vec<(usize, u32)> = Vec::new();
                for (i, &c) in cells.iter().enumerate() {
                    if i == 0 || region_of[c] != region_of[cells[i - 1]] {
                        sums.push((c, 0));
                    }
                    sums.last_mut().expect("a segment was started").1 += value(c);
                }
                if let Some(w) = sums.windows(2).find(|w| w[0].1 != w[1].1) {
                    return broken(
                        vec![w[0].0, w[1].0],
                        format!(
                            "one region's part adds up to {}, the next one's to {}",
                            w[0].1, w[1].1
                        ),
                    );
                }
            }
            Constraint::Between(cells) => {
                let (x, y) = (value(cells[0]), value(cells[cells.len() - 1]));
                let (lo, hi) = (x.min(y), x.max(y));
                if let Some(&c) = cells[1..cells.len() - 1]
                    .iter()
                    .find(|&&c| value(c) <= lo || value(c) >= hi)
                {
                    return broken(
                        vec![c],
                        format!("{} is not between {lo} and {hi}", value(c)),
                    );
                }
            }
            Constraint::Odd(c) => {
                if value(*c) % 2 == 0 {
                    return broken(vec![*c], format!("{} is even", value(*c)));
                }
            }
            Constraint::Even(c) => {
                if value(*c) % 2 == 1 {
                    return broken(vec![*c], format!("{} is odd", value(*c)));
                }
            }
            Constraint::AntiKnight | Constraint::AntiKing => {
                let moves: &[(i64, i64)] = if matches!(c, Constraint::AntiKnight) {
                    &[(1, 2), (2, 1), (1, -2), (2, -1)]
                } else {
                    &[(0, 1), (1, -1), (1, 0), (1, 1)]
                };
                for a in 0..n * n {
                    for &(dr, dc) in moves {
                        let (r, col) = ((a / n) as i64 + dr, (a % n) as i64 + dc);
                        if r < 0 || col < 0 || r >= n as i64 || col >= n as i64 {
                            continue;
                        }
                        let b = r as usize * n + col as usize;
                        if grid[a] == grid[b] {
                            return broken(vec![a, b], format!("{} is there twice", grid[a]));
                        }
                    }
                }
            }
            Constraint::Diagonal(d) => all_once(rule.clone(), &d.cells(n))?,
            Constraint::Region(cells) => all_once(rule.clone(), cells)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::constraint::{Diagonal, Regions, RowOrColumn, Xv};
    use crate::sudoku::Shape;

    /// A 4×4 grid: 1234 / 3412 / 2143 / 4321.
    const GRID: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    fn puzzle(constraints: Vec<Constraint>) -> Puzzle {
        Puzzle::new(
            Regions::Boxes(Shape::new(2, 2).unwrap()),
            vec![0; 16],
            constraints,
        )
        .unwrap()
    }

    #[test]
    fn the_checker_names_what_breaks() {
        assert_eq!(check(&puzzle(vec![]), &GRID), Ok(()));
        let ok = [
            Constraint::Killer {
                cells: vec![0, 1, 4],
                sum: Some(6),
            },
            Constraint::Thermo(vec![0, 1, 2, 3]),
            Constraint::Arrow {
                circle: vec![3],
                path: vec![2, 6],
            },
            Constraint::Kropki {
                dot: Dot::White,
                cells: [0, 1],
            },
            Constraint::Kropki {
                dot: Dot::Black,
                cells: [1, 5],
            },
            Constraint::Xv {
                mark: Xv::V,
                cells: [4, 8],
            },
            Constraint::Sandwich {
                line: RowOrColumn::Row(1),
                sum: 0,
            },
            Constraint::Sandwich {
                line: RowOrColumn::Row(0),
                sum: 5,
            },
            Constraint::LittleKiller {
                cells: vec![1, 6, 11],
                sum: 6,
            },
            Constraint::Renban(vec![0, 1, 2]),
            Constraint::Between(vec![0, 1, 2, 3]),
            Constraint::Odd(0),
            Constraint::Even(1),
            Constraint::Palindrome(vec![0, 5, 10, 15]),
        ];
        for c in ok {
            let p = puzzle(vec![c.clone()]);
            assert_eq!(check(&p, &GRID), Ok(()), "{c:?}");
        }
        let broken = [
            Constraint::Killer {
                cells: vec![0, 1],
                sum: Some(4),
            },
            Constraint::Thermo(vec![1, 0]),
            Constraint::NonConsecutive,
            Constraint::AntiKing,
            Constraint::Diagonal(Diagonal::Main),
            Constraint::Diagonal(Diagonal::Anti),
            Constraint::Palindrome(vec![0, 1]),
            Constraint::Whisper(vec![0, 1]),
            Constraint::RegionSum(vec![1, 2]),
            Constraint::NegativeKropki,
            Constraint::NegativeXv,
        ];
        for c in broken {
            assert!(check(&puzzle(vec![c.clone()]), &GRID).is_err(), "{c:?}");
        }
        let mut bad = GRID;
        bad.swap(0, 1);
        let v = check(&puzzle(vec![]), &bad).unwrap_err();
        assert_eq!(v.rule, "column 1");
        assert_eq!(
            v.to_string(),
            "the column 1 is broken at r1c1 r3c1: 2 appears twice"
        );
        let v = check(&puzzle(vec![Constraint::Palindrome(vec![0, 1])]), &GRID).unwrap_err();
        assert_eq!(v.cells, [0, 1]);
        assert!(
            v.to_string().starts_with("the palindrome line at r1c1"),
            "{v}"
        );
    }
}
