//! A puzzle written as a model for other solvers, after the modeling
//! seed: SAT (DIMACS CNF), an integer program (CPLEX LP, x_rcd binary with
//! cell, row, column and box equations), the Sudoku graph (DOT and an edge
//! list — solving is completing a proper n-colouring), the polynomial
//! system, and a MiniZinc `alldifferent` model.
//!
//! Indexing is 1-based in every output, as those tools' users expect.

use super::grid::{Sudoku, SudokuError};
use super::shape::Shape;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModelFormat {
    Cnf,
    Lp,
    Dot,
    Edges,
    Poly,
    MiniZinc,
}

impl ModelFormat {
    pub const ALL: [ModelFormat; 6] = [
        ModelFormat::Cnf,
        ModelFormat::Lp,
        ModelFormat::Dot,
        ModelFormat::Edges,
        ModelFormat::Poly,
        ModelFormat::MiniZinc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ModelFormat::Cnf => "cnf",
            ModelFormat::Lp => "lp",
            ModelFormat::Dot => "dot",
            ModelFormat::Edges => "edges",
            ModelFormat::Poly => "poly",
            ModelFormat::MiniZinc => "minizinc",
        }
    }

    /// One line for a menu.
    pub fn description(self) -> &'static str {
        match self {
            ModelFormat::Cnf => "SAT: DIMACS CNF for minisat, picosat, kissat …",
            ModelFormat::Lp => "Integer program: CPLEX LP for glpsol, CBC, HiGHS, CPLEX …",
            ModelFormat::Dot => "The Sudoku graph for Graphviz; a solution is a proper colouring",
            ModelFormat::Edges => "The Sudoku graph as an edge list, one 'u v' per line",
            ModelFormat::Poly => "Polynomial system: its common zeros are the solutions",
            ModelFormat::MiniZinc => "Constraint model with alldifferent for MiniZinc",
        }
    }
}

impl FromStr for ModelFormat {
    type Err = SudokuError;

    fn from_str(s: &str) -> Result<ModelFormat, SudokuError> {
        ModelFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SudokuError::UnknownModelFormat(s.to_owned()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// The polynomial's coefficients no longer fit 128 bits.
    TooLarge { size: usize, format: ModelFormat },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::TooLarge { size, format } => write!(
                f,
                "the {} model of a grid with {size} symbols has coefficients too large to write \
                 (at most 33 symbols)",
                format.name()
            ),
        }
    }
}

impl std::error::Error for ModelError {}

/// Write `puzzle` in `format`.
pub fn export(puzzle: &Sudoku, format: ModelFormat) -> Result<String, ModelError> {
    Ok(match format {
        ModelFormat::Cnf => to_cnf(puzzle),
        ModelFormat::Lp => to_lp(puzzle),
        ModelFormat::Dot => to_dot(puzzle),
        ModelFormat::Edges => to_edges(puzzle.shape()),
        ModelFormat::Poly => to_poly(puzzle)?,
        ModelFormat::MiniZinc => to_minizinc(puzzle),
    })
}

/// The cells of every row, column and box.
fn units(shape: Shape) -> Vec<Vec<usize>> {
    Sudoku::units(shape).into_iter().map(|(_, c)| c).collect()
}

/// The SAT variable "cell (r, c) holds d", 0-based r and c, d in 1..=n:
/// `(r·n + c)·n + d`, so variables run 1..=n³.
pub fn cnf_variable(n: usize, row: usize, col: usize, digit: u8) -> usize {
    (row * n + col) * n + digit as usize
}

/// Every cell holds a digit, at most one; every unit holds every digit,
/// at most once (pairwise); one unit clause per given.
pub fn to_cnf(p: &Sudoku) -> String {
    let n = p.size();
    let var = |cell: usize, d: usize| cnf_variable(n, cell / n, cell % n, d as u8);
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    for cell in 0..n * n {
        clauses.push((1..=n).map(|d| var(cell, d) as i64).collect());
        for d in 1..=n {
            for e in d + 1..=n {
                clauses.push(vec![-(var(cell, d) as i64), -(var(cell, e) as i64)]);
            }
        }
    }
    for unit in units(p.shape()) {
        for d in 1..=n {
            clauses.push(unit.iter().map(|&c| var(c, d) as i64).collect());
            for (i, &a) in unit.iter().enumerate() {
                for &b in &unit[i + 1..] {
                    clauses.push(vec![-(var(a, d) as i64), -(var(b, d) as i64)]);
                }
            }
        }
    }
    for (cell, &v) in p.cells().iter().enumerate() {
        if v != 0 {
            clauses.push(vec![var(cell, v as usize) as i64]);
        }
    }
    let mut out = format!(
        "c Sudoku {n}x{n} ({} boxes), {} givens\n\
         c variable (r·{n} + c)·{n} + d (r, c from 0, d from 1): cell rRcC holds d\n\
         p cnf {} {}\n",
        p.shape(),
        p.clues(),
        n * n * n,
        clauses.len()
    );
    for cl in clauses {
        for lit in cl {
            let _ = write!(out, "{lit} ");
        }
        out.push_str("0\n");
    }
    out
}

/// The integer program x_r_c_d ∈ {0,1} with Σ_d x = 1 per cell and
/// Σ x = 1 per unit and digit (the box equations included), givens fixed.
pub fn to_lp(p: &Sudoku) -> String {
    let n = p.size();
    let x = |cell: usize, d: usize| format!("x_{}_{}_{}", cell / n + 1, cell % n + 1, d);
    let mut out = format!(
        "\\ Sudoku {n}x{n} ({} boxes): x_r_c_d = 1 when row r, column c holds d\n\
         Minimize\n obj: 0 x_1_1_1\nSubject To\n",
        p.shape()
    );
    let constraint = |out: &mut String, name: String, vars: Vec<String>| {
        let _ = write!(out, " {name}:");
        for (i, v) in vars.iter().enumerate() {
            // Short lines: some readers limit their length.
            if i > 0 && i % 8 == 0 {
                out.push_str("\n   ");
            }
            let _ = write!(out, "{} {v}", if i == 0 { "" } else { " +" });
        }
        out.push_str(" = 1\n");
    };
    for cell in 0..n * n {
        let name = format!("cell_{}_{}", cell / n + 1, cell % n + 1);
        constraint(&mut out, name, (1..=n).map(|d| x(cell, d)).collect());
    }
    let kinds = ["row", "col", "box"];
    for (u, unit) in units(p.shape()).iter().enumerate() {
        for d in 1..=n {
            let name = format!("{}_{}_{d}", kinds[u / n], u % n + 1);
            constraint(&mut out, name, unit.iter().map(|&c| x(c, d)).collect());
        }
    }
    for (cell, &v) in p.cells().iter().enumerate() {
        if v != 0 {
            let name = format!("given_{}_{}", cell / n + 1, cell % n + 1);
            constraint(&mut out, name, vec![x(cell, v as usize)]);
        }
    }
    out.push_str("Binary\n");
    for cell in 0..n * n {
        for d in 1..=n {
            let _ = writeln!(out, " {}", x(cell, d));
        }
    }
    out.push_str("End\n");
    out
}

/// The Sudoku graph: one vertex per cell, an edge between cells sharing a
/// unit. Pairs `(u, v)`, 0-based, `u < v`, ascending.
pub fn graph_edges(shape: Shape) -> Vec<(usize, usize)> {
    let n = shape.size();
    let mut edges = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra == rb || ca == cb || shape.box_of(ra, ca) == shape.box_of(rb, cb) {
                edges.push((a, b));
            }
        }
    }
    edges
}

/// DOT for Graphviz: vertices named by cell, givens labelled with their
/// digit (their colour in the colouring view).
pub fn to_dot(p: &Sudoku) -> String {
    let n = p.size();
    let edges = graph_edges(p.shape());
    let mut out = format!(
        "// The Sudoku graph of a {n}x{n} grid ({} boxes): {} vertices, {} edges.\n\
         // A solution is a proper {n}-colouring extending the givens.\n\
         graph sudoku {{\n  node [shape=circle];\n",
        p.shape(),
        n * n,
        edges.len()
    );
    for (cell, &v) in p.cells().iter().enumerate() {
        let name = super::grid::cell_name(cell, n);
        if v == 0 {
            let _ = writeln!(out, "  {name};");
        } else {
            let _ = writeln!(out, "  {name} [label=\"{name}\\n{v}\", style=bold];");
        }
    }
    for (a, b) in edges {
        let _ = writeln!(
            out,
            "  {} -- {};",
            super::grid::cell_name(a, n),
            super::grid::cell_name(b, n)
        );
    }
    out.push_str("}\n");
    out
}

/// One edge per line, "u v", vertices numbered 1..n² row-major.
pub fn to_edges(shape: Shape) -> String {
    graph_edges(shape)
        .into_iter()
        .map(|(a, b)| format!("{} {}\n", a + 1, b + 1))
        .collect()
}

/// Coefficients of F(x) = (x − 1)(x − 2)…(x − n), lowest degree first.
fn vertex_coefficients(n: usize) -> Option<Vec<i128>> {
    let mut f: Vec<i128> = vec![1];
    for k in 1..=n as i128 {
        // f · (x − k)
        let mut g = vec![0i128; f.len() + 1];
        for (i, &a) in f.iter().enumerate() {
            g[i + 1] = g[i + 1].checked_add(a)?;
            g[i] = g[i].checked_sub(a.checked_mul(k)?)?;
        }
        f = g;
    }
    Some(f)
}

/// A polynomial as text: terms `coef*xA^i*xB^j` joined by " + " / " - ".
fn poly_text(terms: &[(i128, Vec<(usize, usize)>)]) -> String {
    let mut out = String::new();
    for (i, (coef, powers)) in terms.iter().filter(|(c, _)| *c != 0).enumerate() {
        let sign = if *coef < 0 { "-" } else { "+" };
        if i == 0 {
            if *coef < 0 {
                out.push('-');
            }
        } else {
            let _ = write!(out, " {sign} ");
        }
        let mut factors: Vec<String> = Vec::new();
        let a = coef.unsigned_abs();
        let has_vars = powers.iter().any(|&(_, e)| e > 0);
        if a != 1 || !has_vars {
            factors.push(a.to_string());
        }
        for &(v, e) in powers {
            match e {
                0 => {}
                1 => factors.push(format!("x{v}")),
                _ => factors.push(format!("x{v}^{e}")),
            }
        }
        out.push_str(&factors.join("*"));
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// The polynomial system: for every cell F(x_i) = 0, for every edge
/// (F(x_i) − F(x_j))/(x_i − x_j) = 0 (so adjacent values differ), and
/// x_i − v = 0 for every given. Variables x1..x(n²), row-major.
pub fn to_poly(p: &Sudoku) -> Result<String, ModelError> {
    let n = p.size();
    let too_large = ModelError::TooLarge {
        size: n,
        format: ModelFormat::Poly,
    };
    let f = vertex_coefficients(n).ok_or(too_large)?;
    let edges = graph_edges(p.shape());
    let mut out = format!(
        "# Sudoku {n}x{n} ({} boxes) as polynomials whose common zeros are its solutions.\n\
         # Variables x1..x{}: xk is the cell in row (k-1) div {n} + 1, column (k-1) mod {n} + 1.\n\
         # One polynomial per line, each = 0: {} vertex polynomials F(xi) = (xi-1)…(xi-{n}),\n\
         # {} edge polynomials (F(xi)-F(xj))/(xi-xj), {} givens xi - v.\n",
        p.shape(),
        n * n,
        n * n,
        edges.len(),
        p.clues()
    );
    for v in 1..=n * n {
        let terms: Vec<(i128, Vec<(usize, usize)>)> = f
            .iter()
            .enumerate()
            .rev()
            .map(|(k, &a)| (a, vec![(v, k)]))
            .collect();
        out.push_str(&poly_text(&terms));
        out.push('\n');
    }
    for (a, b) in edges {
        let (xi, xj) = (a + 1, b + 1);
        // Σ_k f_k (x^k − y^k)/(x − y) = Σ_k f_k Σ_{m<k} x^m y^(k−1−m).
        let mut terms = Vec::new();
        for k in (1..f.len()).rev() {
            for m in (0..k).rev() {
                terms.push((f[k], vec![(xi, m), (xj, k - 1 - m)]));
            }
        }
        out.push_str(&poly_text(&terms));
        out.push('\n');
    }
    for (cell, &v) in p.cells().iter().enumerate() {
        if v != 0 {
            let terms = vec![(1, vec![(cell + 1, 1)]), (-(v as i128), vec![])];
            out.push_str(&poly_text(&terms));
            out.push('\n');
        }
    }
    Ok(out)
}

/// A MiniZinc model: one `alldifferent` per row, column and box.
pub fn to_minizinc(p: &Sudoku) -> String {
    let n = p.size();
    let s = p.shape();
    let mut out = format!(
        "% Sudoku {n}x{n} with {}x{} boxes: one alldifferent per row, column and box.\n\
         include \"alldifferent.mzn\";\n\
         int: n = {n};\nint: R = {}; % rows per box\nint: C = {}; % columns per box\n\
         array[1..n, 1..n] of var 1..n: x;\n",
        s.box_rows, s.box_cols, s.box_rows, s.box_cols
    );
    for (cell, &v) in p.cells().iter().enumerate() {
        if v != 0 {
            let _ = writeln!(
                out,
                "constraint x[{}, {}] = {v};",
                cell / n + 1,
                cell % n + 1
            );
        }
    }
    out.push_str(
        "constraint forall(r in 1..n)(alldifferent([x[r, c] | c in 1..n]));\n\
         constraint forall(c in 1..n)(alldifferent([x[r, c] | r in 1..n]));\n\
         constraint forall(br in 0..n div R - 1, bc in 0..n div C - 1)(\n  \
         alldifferent([x[br * R + i, bc * C + j] | i in 1..R, j in 1..C]));\n\
         solve satisfy;\n\
         output [show(x[r, c]) ++ if c = n then \"\\n\" else \" \" endif | r in 1..n, c in 1..n];\n",
    );
    out
}
