//! The SAT encodings of Sudoku the modeling seed compares: the variable
//! `x(r, c, d)` ("cell (r, c) holds d", numbered as in the CNF export,
//! `(r·n + c)·n + d`) and clause groups
//!
//! | group | clauses | minimal | efficient | extended |
//! |---|---|---|---|---|
//! | cell definedness: every cell holds some d | n² of n literals | ✓ | ✓ | ✓ |
//! | cell uniqueness: no cell holds two | n²·C(n,2) binary | | ✓ | ✓ |
//! | unit uniqueness: d at most once per row, column, box | 3·n·n·C(n,2) binary | ✓ | ✓ | ✓ |
//! | unit definedness: d somewhere in every row, column, box | 3·n² of n literals | | | ✓ |
//! | givens | one unit clause each | ✓ | ✓ | ✓ |
//!
//! after I. Lynce and J. Ouaknine, "Sudoku as a SAT Problem" (AIMath 2006:
//! the minimal and extended encodings, 8,829 and 11,988 clauses for an
//! empty 9×9) and G. Kwon and H. Jain, "Optimized CNF Encoding for Sudoku
//! Puzzles" (2006), who compare minimal, efficient and extended. All three
//! have the same solutions: uniqueness in the units plus definedness of
//! the cells already forces the rest. The repository's `export --format
//! cnf` writes the extended one.

use super::grid::{Sudoku, SudokuError};
use super::models::cnf_variable;
use super::shape::Shape;
use batsat::{lbool, BasicSolver, Lit, SolverInterface, Var};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Encoding {
    Minimal,
    Efficient,
    Extended,
}

impl Encoding {
    pub const ALL: [Encoding; 3] = [Encoding::Minimal, Encoding::Efficient, Encoding::Extended];

    pub fn name(self) -> &'static str {
        match self {
            Encoding::Minimal => "minimal",
            Encoding::Efficient => "efficient",
            Encoding::Extended => "extended",
        }
    }

    fn cell_uniqueness(self) -> bool {
        self != Encoding::Minimal
    }

    fn unit_definedness(self) -> bool {
        self == Encoding::Extended
    }

    /// The size the table above gives: (variables, clauses) for a grid of
    /// `shape` with `clues` givens.
    pub fn size(self, shape: Shape, clues: usize) -> (usize, usize) {
        let n = shape.size();
        let pairs = n * (n - 1) / 2;
        let mut clauses = n * n + 3 * n * n * pairs + clues;
        if self.cell_uniqueness() {
            clauses += n * n * pairs;
        }
        if self.unit_definedness() {
            clauses += 3 * n * n;
        }
        (n * n * n, clauses)
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Encoding {
    type Err = SudokuError;

    fn from_str(s: &str) -> Result<Encoding, SudokuError> {
        Encoding::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SudokuError::UnknownEncoding(s.to_owned()))
    }
}

/// A formula in conjunctive normal form: clauses of non-zero literals
/// over variables 1..=variables (DIMACS numbering).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    pub variables: usize,
    pub clauses: Vec<Vec<i32>>,
}

/// The CDCL solver's counters for one run of [`Cnf::models_with_effort`]:
/// machine-independent measures of the work, unlike a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    pub conflicts: u64,
    pub decisions: u64,
    pub propagations: u64,
}

impl std::ops::AddAssign for Effort {
    fn add_assign(&mut self, o: Effort) {
        self.conflicts += o.conflicts;
        self.decisions += o.decisions;
        self.propagations += o.propagations;
    }
}

/// `puzzle` in `encoding`.
pub fn encode(puzzle: &Sudoku, encoding: Encoding) -> Cnf {
    let n = puzzle.size();
    let var = |cell: usize, d: usize| cnf_variable(n, cell / n, cell % n, d as u8) as i32;
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    for cell in 0..n * n {
        clauses.push((1..=n).map(|d| var(cell, d)).collect());
        if encoding.cell_uniqueness() {
            for d in 1..=n {
                for e in d + 1..=n {
                    clauses.push(vec![-var(cell, d), -var(cell, e)]);
                }
            }
        }
    }
    for (_, unit) in Sudoku::units(puzzle.shape()) {
        for d in 1..=n {
            if encoding.unit_definedness() {
                clauses.push(unit.iter().map(|&c| var(c, d)).collect());
            }
            for (i, &a) in unit.iter().enumerate() {
                for &b in &unit[i + 1..] {
                    clauses.push(vec![-var(a, d), -var(b, d)]);
                }
            }
        }
    }
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            clauses.push(vec![var(cell, v as usize)]);
        }
    }
    Cnf {
        variables: n * n * n,
        clauses,
    }
}

impl Cnf {
    /// DIMACS text, as picosat and minisat read it.
    pub fn dimacs(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            let _ = writeln!(out, "c {line}");
        }
        let _ = writeln!(out, "p cnf {} {}", self.variables, self.clauses.len());
        for clause in &self.clauses {
            for lit in clause {
                let _ = write!(out, "{lit} ");
            }
            out.push_str("0\n");
        }
        out
    }

    /// Up to `limit` models (as the set of true variables, 1-based), each
    /// further one found after blocking the previous ones on the first
    /// `primary` variables. Tessera's CDCL solver (batsat) on the clauses
    /// exactly as written: no Sudoku knowledge, no preprocessing of ours.
    pub fn models(&self, primary: usize, limit: usize) -> Vec<Vec<bool>> {
        self.models_with_effort(primary, limit).0
    }

    /// [`Cnf::models`] and what the solver did to find them (all the
    /// solves together, the last one that proves no further model too).
    pub fn models_with_effort(&self, primary: usize, limit: usize) -> (Vec<Vec<bool>>, Effort) {
        let mut solver = BasicSolver::default();
        let vars: Vec<Var> = (0..self.variables)
            .map(|_| solver.new_var_default())
            .collect();
        let lit = |l: i32| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0);
        let mut ok = true;
        for clause in &self.clauses {
            let mut lits: Vec<Lit> = clause.iter().map(|&l| lit(l)).collect();
            ok &= solver.add_clause_reuse(&mut lits);
        }
        let mut out = Vec::new();
        while ok && out.len() < limit && solver.solve_limited(&[]) == lbool::TRUE {
            let model: Vec<bool> = vars
                .iter()
                .map(|&v| solver.value_var(v) == lbool::TRUE)
                .collect();
            let mut block: Vec<Lit> = (0..primary.min(self.variables))
                .map(|i| Lit::new(vars[i], !model[i]))
                .collect();
            out.push(model);
            ok = solver.add_clause_reuse(&mut block);
        }
        let effort = Effort {
            conflicts: solver.num_conflicts(),
            decisions: solver.num_decisions(),
            propagations: solver.num_propagations(),
        };
        (out, effort)
    }
}

/// The grid a model describes: per cell the one digit whose variable is
/// true. `None` when a cell has no digit or several (not a Sudoku model).
pub fn decode(shape: Shape, model: &[bool]) -> Option<Vec<u8>> {
    let n = shape.size();
    (0..n * n)
        .map(|cell| {
            let digits: Vec<u8> = (1..=n as u8)
                .filter(|&d| model.get(cnf_variable(n, cell / n, cell % n, d) - 1) == Some(&true))
                .collect();
            match digits.as_slice() {
                [d] => Some(*d),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_formulas_and_the_papers() {
        let nine = Shape::square(3).unwrap();
        let empty = Sudoku::empty(nine);
        for e in Encoding::ALL {
            let cnf = encode(&empty, e);
            assert_eq!((cnf.variables, cnf.clauses.len()), e.size(nine, 0), "{e}");
        }
        // Lynce & Ouaknine (2006): minimal 8,829 clauses, extended 11,988.
        assert_eq!(Encoding::Minimal.size(nine, 0), (729, 8_829));
        assert_eq!(Encoding::Extended.size(nine, 0), (729, 11_988));
        assert_eq!(Encoding::Efficient.size(nine, 0), (729, 11_745));
    }

    #[test]
    fn a_bad_name_is_refused() {
        let e = "tiny".parse::<Encoding>().unwrap_err().to_string();
        assert!(e.contains("minimal, efficient or extended"), "{e}");
    }
}
