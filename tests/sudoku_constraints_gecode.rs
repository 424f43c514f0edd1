//! Constrained puzzles counted twice: by Tessera's propagation search and
//! by Gecode on the MiniZinc model written from the rules' definitions
//! (`constraint::minizinc`). Random puzzles of every kind of constraint,
//! each kept by a solved grid so that every one has a solution, counted up to a
//! cap; the two counts must agree, and every grid Gecode prints must pass
//! Tessera's checker.
//!
//! A missing MiniZinc or Gecode is a failure, not a skip: `make test-deps`
//! installs them.

use crate::common::{run_solver, scratch};
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tessera::engine::sudoku::constraint::random::random_constraint;
use tessera::engine::sudoku::constraint::{self, check, minizinc, text, Puzzle, Regions};
use tessera::engine::sudoku::Shape;

/// Count with Gecode, up to `cap`: the grids it prints.
fn gecode_solutions(p: &Puzzle, name: &str, cap: usize) -> Vec<Vec<u8>> {
    let path = scratch(&format!("{name}.mzn"), &minizinc::model(p));
    let cap = cap.to_string();
    let out = run_solver(
        "minizinc",
        &[
            "--solver",
            "gecode",
            "-a",
            "-n",
            &cap,
            path.to_str().unwrap(),
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "minizinc on {name}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter(|l| l.starts_with('['))
        .map(|l| {
            l.trim_matches(|c| c == '[' || c == ']')
                .split(',')
                .map(|d| d.trim().parse().unwrap())
                .collect()
        })
        .collect()
}

/// `count` random constraints that `grid` keeps, and about a third of its
/// digits as givens: a puzzle with at least one solution.
fn kept_by(grid: &[u8], shape: Shape, count: usize, rng: &mut ChaCha8Rng) -> Puzzle {
    let givens: Vec<u8> = grid
        .iter()
        .map(|&v| if rng.gen_bool(0.3) { v } else { 0 })
        .collect();
    let mut p = Puzzle::new(Regions::Boxes(shape), givens.clone(), Vec::new()).unwrap();
    while p.constraints().len() < count {
        let mut all = p.constraints().to_vec();
        all.push(random_constraint(shape.size(), Some(grid), rng));
        if let Ok(q) = Puzzle::new(Regions::Boxes(shape), givens.clone(), all) {
            if check(&q, grid).is_ok() {
                p = q;
            }
        }
    }
    p
}

#[test]
fn gecode_counts_random_constrained_puzzles_as_tessera_does() {
    const CAP: usize = 12;
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut compared = 0;
    let mut unique = 0;
    let mut capped = 0;
    for (k, shape) in [(2, 2), (2, 3), (2, 3), (3, 3)]
        .into_iter()
        .cycle()
        .take(24)
        .enumerate()
    {
        let shape = Shape::new(shape.0, shape.1).unwrap();
        let empty = Puzzle::with_boxes(shape, Vec::new()).unwrap();
        let grid = constraint::solve(&empty).unwrap();
        let constraints = [0, 0, 0, 0, 3, 0, 6, 0, 0, 12][shape.size()];
        let p = kept_by(&grid, shape, constraints, &mut rng);
        let ours = constraint::count(&p, Some(CAP as u128)) as usize;
        let theirs = gecode_solutions(&p, &format!("p{k}"), CAP);
        for g in &theirs {
            assert!(
                check(&p, g).is_ok(),
                "Gecode's grid breaks a rule of\n{}",
                text::print(&p)
            );
        }
        assert_eq!(
            ours,
            theirs.len(),
            "counts differ (capped at {CAP}) on\n{}",
            text::print(&p)
        );
        compared += 1;
        unique += usize::from(ours == 1);
        capped += usize::from(ours == CAP);
    }
    assert_eq!(compared, 24);
    // The draws are not all trivial: some puzzle is unique, and some count
    // ends below the cap without being unique.
    eprintln!("{unique} unique, {capped} at the cap, of {compared}");
    assert!(unique >= 1, "{unique} of {compared} unique");
    assert!(
        unique + capped < compared,
        "{unique} unique and {capped} capped of {compared}"
    );
}
