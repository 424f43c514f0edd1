//! A constrained puzzle as a MiniZinc model, written from the rules'
//! definitions (as the checker reads them), so that a CP solver such as
//! Gecode can count its solutions independently of Tessera's propagators.
//! The model prints one line per solution: the grid, row-major.
//!
//! ```
//! use tessera_engine::sudoku::constraint::{minizinc, text};
//!
//! let p = text::parse("size 4\nkiller 3: r1c1 r1c2\nthermo r2c1 r2c2").unwrap();
//! let model = minizinc::model(&p);
//! assert!(model.contains("alldifferent"));
//! assert!(model.contains("x[1] + x[2] = 3"));
//! ```

use super::{orthogonal, Constraint, Dot, Puzzle, Xv};

/// The model: `x[1..n*n]` in `1..n`, row-major, one constraint per rule.
pub fn model(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let cells = n * n;
    let mut m = format!(
        "include \"alldifferent.mzn\";\n% Tessera's constrained Sudoku, {n}x{n}.\narray[1..{cells}] of var 1..{n}: x;\n"
    );
    let v = |c: usize| format!("x[{}]", c + 1);
    let list = |cs: &[usize]| cs.iter().map(|&c| v(c)).collect::<Vec<_>>().join(", ");
    let sum = |cs: &[usize]| cs.iter().map(|&c| v(c)).collect::<Vec<_>>().join(" + ");
    let mut line = |s: String| {
        m.push_str("constraint ");
        m.push_str(&s);
        m.push_str(";\n");
    };
    // Rows, columns, regions.
    for i in 0..n {
        let row: Vec<usize> = (0..n).map(|k| i * n + k).collect();
        let col: Vec<usize> = (0..n).map(|k| k * n + i).collect();
        line(format!("alldifferent([{}])", list(&row)));
        line(format!("alldifferent([{}])", list(&col)));
    }
    let region_of = puzzle.regions().region_of();
    for k in 0..n {
        let r: Vec<usize> = (0..cells).filter(|&c| region_of[c] == k).collect();
        line(format!("alldifferent([{}])", list(&r)));
    }
    for (c, &g) in puzzle.givens().iter().enumerate() {
        if g != 0 {
            line(format!("{} = {g}", v(c)));
        }
    }
    // Every orthogonal pair, once.
    let pairs: Vec<(usize, usize)> = (0..cells)
        .flat_map(|a| [(a, a + 1), (a, a + n)])
        .filter(|&(a, b)| b < cells && orthogonal(a, b, n))
        .collect();
    let marked = |a: usize, b: usize, kropki: bool| {
        puzzle.constraints().iter().any(|d| match d {
            Constraint::Kropki { cells, .. } if kropki => *cells == [a, b] || *cells == [b, a],
            Constraint::Xv { cells, .. } if !kropki => *cells == [a, b] || *cells == [b, a],
            _ => false,
        })
    };
    for c in puzzle.constraints() {
        match c {
            Constraint::Killer { cells, sum: total } => {
                line(format!("alldifferent([{}])", list(cells)));
                if let Some(s) = total {
                    line(format!("{} = {s}", sum(cells)));
                }
            }
            Constraint::Thermo(cs) => {
                for w in cs.windows(2) {
                    line(format!("{} < {}", v(w[0]), v(w[1])));
                }
            }
            Constraint::Arrow { circle, path } => {
                let k = circle.len();
                let number = circle
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| format!("{} * {}", 10u32.pow((k - 1 - i) as u32), v(c)))
                    .collect::<Vec<_>>()
                    .join(" + ");
                line(format!("{number} = {}", sum(path)));
            }
            Constraint::Kropki { dot, cells: [a, b] } => line(match dot {
                Dot::White => format!("abs({} - {}) = 1", v(*a), v(*b)),
                Dot::Black => format!("({0} = 2 * {1} \\/ {1} = 2 * {0})", v(*a), v(*b)),
            }),
            Constraint::Xv {
                mark,
                cells: [a, b],
            } => {
                let s = match mark {
                    Xv::X => 10,
                    Xv::V => 5,
                };
                line(format!("{} + {} = {s}", v(*a), v(*b)));
            }
            Constraint::NegativeKropki => {
                for &(a, b) in pairs.iter().filter(|&&(a, b)| !marked(a, b, true)) {
                    line(format!(
                        "abs({0} - {1}) != 1 /\\ {0} != 2 * {1} /\\ {1} != 2 * {0}",
                        v(a),
                        v(b)
                    ));
                }
            }
            Constraint::NegativeXv => {
                for &(a, b) in pairs.iter().filter(|&&(a, b)| !marked(a, b, false)) {
                    line(format!("{0} + {1} != 5 /\\ {0} + {1} != 10", v(a), v(b)));
                }
            }
            Constraint::NonConsecutive => {
                for &(a, b) in &pairs {
                    line(format!("abs({} - {}) != 1", v(a), v(b)));
                }
            }
            Constraint::Sandwich { line: at, sum: s } => {
                // The positions of 1 and n on the line, and the digits
                // strictly between them.
                let cs = at.cells(n);
                let arr = format!("[{}]", list(&cs));
                line(format!(
                    "let {{ var 1..{n}: p; var 1..{n}: q; }} in {arr}[p] = 1 /\\ {arr}[q] = {n} /\\ \
                     sum(i in 1..{n})(bool2int(i > min(p, q) /\\ i < max(p, q)) * {arr}[i]) = {s}"
                ));
            }
            Constraint::LittleKiller { cells, sum: s } => line(format!("{} = {s}", sum(cells))),
            Constraint::Whisper(cs) => {
                let gap = n.div_ceil(2);
                for w in cs.windows(2) {
                    line(format!("abs({} - {}) >= {gap}", v(w[0]), v(w[1])));
                }
            }
            Constraint::Renban(cs) => {
                let arr = format!("[{}]", list(cs));
                line(format!("alldifferent({arr})"));
                line(format!("max({arr}) - min({arr}) = {}", cs.len() - 1));
            }
            Constraint::Palindrome(cs) => {
                let k = cs.len();
                for i in 0..k / 2 {
                    line(format!("{} = {}", v(cs[i]), v(cs[k - 1 - i])));
                }
            }
            Constraint::RegionSum(cs) => {
                // The line's pieces: runs of cells in one region.
                let mut pieces: Vec<Vec<usize>> = Vec::new();
                for (i, &c) in cs.iter().enumerate() {
                    if i == 0 || region_of[c] != region_of[cs[i - 1]] {
                        pieces.push(Vec::new());
                    }
                    pieces.last_mut().expect("a piece was started").push(c);
                }
                for w in pieces.windows(2) {
                    line(format!("{} = {}", sum(&w[0]), sum(&w[1])));
                }
            }
            Constraint::Between(cs) => {
                let (a, b) = (v(cs[0]), v(cs[cs.len() - 1]));
                for &c in &cs[1..cs.len() - 1] {
                    line(format!("{0} > min({a}, {b}) /\\ {0} < max({a}, {b})", v(c)));
                }
            }
            Constraint::Odd(c) => line(format!("{} mod 2 = 1", v(*c))),
            Constraint::Even(c) => line(format!("{} mod 2 = 0", v(*c))),
            Constraint::AntiKnight | Constraint::AntiKing => {
                let moves: &[(i64, i64)] = if matches!(c, Constraint::AntiKnight) {
                    &[(1, 2), (2, 1), (1, -2), (2, -1)]
                } else {
                    &[(0, 1), (1, -1), (1, 0), (1, 1)]
                };
                for a in 0..cells {
                    for &(dr, dc) in moves {
                        let (r, col) = ((a / n) as i64 + dr, (a % n) as i64 + dc);
                        if r >= 0 && col >= 0 && r < n as i64 && col < n as i64 {
                            let b = r as usize * n + col as usize;
                            line(format!("{} != {}", v(a), v(b)));
                        }
                    }
                }
            }
            Constraint::Diagonal(d) => {
                line(format!("alldifferent([{}])", list(&d.cells(n))));
            }
            Constraint::Region(cs) => line(format!("alldifferent([{}])", list(cs))),
        }
    }
    m.push_str("solve satisfy;\noutput [show(x), \"\\n\"];\n");
    m
}
