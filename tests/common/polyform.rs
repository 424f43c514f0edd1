//! Helpers the polyform solver tests share: a solution as a set of placed
//! pieces, and solving with every solution checked and distinct (each test
//! crate brings its own independent checker).

use std::collections::{BTreeSet, HashSet};
use tessera::engine::polyform::{solve, Cell, Puzzle, Solution, SolveOptions};

/// A solution as the set of its placed pieces (name, cells).
pub fn as_set(sol: &Solution) -> BTreeSet<(String, Vec<Cell>)> {
    sol.pieces
        .iter()
        .map(|q| (q.name.clone(), q.cells.clone()))
        .collect()
}

/// Solve, check every solution with `check` and that they are distinct;
/// return them.
pub fn checked(
    p: &Puzzle,
    unique: bool,
    check: impl Fn(&Solution) -> Result<(), String>,
) -> Vec<Solution> {
    let sols = solve::solutions(p, SolveOptions { unique }, None).unwrap();
    let mut seen = HashSet::new();
    for s in &sols {
        if let Err(e) = check(s) {
            panic!("{}: invalid solution: {e}\n{s:?}", p.name);
        }
        assert!(seen.insert(as_set(s)), "{}: duplicate solution", p.name);
    }
    sols
}
