//! The band-bitboard kernel (`backtrack` on 9×9) against the general bitset
//! solver and DLX on seeded random puzzles with 0, 1, 2 and many solutions,
//! and against the published top95 solutions; every grid is checked by an
//! independent checker written from the rules.

use crate::common;

use crate::common::grid9::{
    assert_counts_at_limits, cells_clash, parse, published_grids, random_puzzle, Outcomes,
};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use tessera::engine::search::{Search, Step};
use tessera::engine::sudoku::backtrack::BacktrackSearch;
use tessera::engine::sudoku::band::Band9;
use tessera::engine::sudoku::dlx::DlxSearch;
use tessera::engine::sudoku::Shape;

/// Rows, columns and boxes each hold 1..=9 once, and the givens are kept.
fn check(puzzle: &[u8], grid: &[u8]) {
    assert_eq!(grid.len(), 81);
    for (i, (&p, &g)) in puzzle.iter().zip(grid).enumerate() {
        assert!((1..=9).contains(&g), "cell {i} = {g}");
        assert!(p == 0 || p == g, "given at {i} changed");
    }
    for k in 0..9 {
        let row: BTreeSet<u8> = (0..9).map(|c| grid[9 * k + c]).collect();
        let col: BTreeSet<u8> = (0..9).map(|r| grid[9 * r + k]).collect();
        let bx: BTreeSet<u8> = (0..9)
            .map(|i| grid[9 * (3 * (k / 3) + i / 3) + 3 * (k % 3) + i % 3])
            .collect();
        assert_eq!(row.len(), 9, "row {k}");
        assert_eq!(col.len(), 9, "column {k}");
        assert_eq!(bx.len(), 9, "box {k}");
    }
}

/// Up to `limit` solutions, stepping 7 nodes at a time so that pausing and
/// resuming is exercised too.
fn collect(search: &mut dyn Search<Vec<u8>>, limit: usize) -> Vec<Vec<u8>> {
    common::grid9::collect(search, limit, 7)
}

#[test]
fn top95_has_exactly_the_published_solution() {
    let puzzles = std::fs::read_to_string("tests/data/sets/top95.txt").expect("top95.txt");
    let grids = published_grids();
    let puzzles: Vec<Vec<u8>> = puzzles.lines().map(parse).collect();
    assert_eq!(puzzles.len(), 95);
    for (p, g) in puzzles.iter().zip(&grids) {
        let found = collect(&mut Band9::new(p), 3);
        assert_eq!(found, vec![g.clone()]);
        check(p, &found[0]);
    }
}

#[test]
fn random_puzzles_agree_with_the_general_solver_and_dlx() {
    let grids = published_grids();
    let mut rng = ChaCha8Rng::seed_from_u64(20261123);
    let shape = Shape::square(3).unwrap();
    let mut outcomes = Outcomes::default();
    for round in 0..400 {
        let cells = random_puzzle(&grids, round, &mut rng);
        let limit = 300;
        let general = collect(&mut BacktrackSearch::new(shape, &cells), limit);
        let dlx = collect(&mut DlxSearch::new(shape, &cells), limit);
        let band = collect(&mut Band9::new(&cells), limit);
        // The recursive counter walks the same tree: same number, and it
        // stops exactly at its limit.
        let clash = general.is_empty() && cells_clash(&cells);
        assert_counts_at_limits(Band9::count, &cells, band.len(), clash, limit, round);
        for g in &band {
            check(&cells, g);
        }
        let set = |v: &[Vec<u8>]| v.iter().cloned().collect::<BTreeSet<_>>();
        assert_eq!(set(&band).len(), band.len(), "round {round}: a repeat");
        outcomes.add(band.len());
        if band.len() < limit {
            assert_eq!(set(&band), set(&general), "round {round}");
            assert_eq!(set(&band), set(&dlx), "round {round}");
        } else {
            assert_eq!(general.len(), limit, "round {round}");
            assert_eq!(dlx.len(), limit, "round {round}");
        }
    }
    outcomes.assert_each_seen();
}

#[test]
fn the_order_of_solutions_is_deterministic() {
    let mut cells = published_grids()[7].clone();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(&mut rng);
    for &i in &order[..60] {
        cells[i] = 0;
    }
    let first = collect(&mut Band9::new(&cells), 200);
    assert!(first.len() > 2);
    assert_eq!(collect(&mut Band9::new(&cells), 200), first);
    let mut unbounded = Band9::new(&cells);
    let mut again = Vec::new();
    while again.len() < 200 {
        match unbounded.step(u64::MAX) {
            Step::Solution(g) => again.push(g),
            Step::Paused => {}
            Step::Done => break,
        }
    }
    assert_eq!(again, first, "budgets do not change the order");
}

#[test]
fn counting_the_empty_grid_is_budgeted_and_keeps_going() {
    let mut empty = Band9::new(&[0; 81]);
    empty.set_count_only(true);
    let mut last = 0u128;
    for _ in 0..50 {
        assert_eq!(empty.step(1000), Step::Paused);
        let p = empty.progress();
        assert!(p.solutions >= last);
        assert!((0.0..=1.0).contains(&p.fraction));
        last = p.solutions;
    }
    assert!(last > 1000, "solutions keep coming: {last}");
    // Enumerating instead of counting gives valid, distinct grids.
    let grids = collect(&mut Band9::new(&[0; 81]), 500);
    assert_eq!(grids.len(), 500);
    assert_eq!(grids.iter().collect::<BTreeSet<_>>().len(), 500);
    for g in &grids {
        check(&[0; 81], g);
    }
}

#[test]
fn bad_input_gives_no_solution_rather_than_a_panic() {
    let mut cells = vec![0u8; 81];
    cells[0] = 5;
    cells[1] = 5;
    assert!(collect(&mut Band9::new(&cells), 2).is_empty());
    cells[1] = 10;
    assert!(collect(&mut Band9::new(&cells), 2).is_empty());
    assert!(collect(&mut Band9::new(&[0; 80]), 2).is_empty());
    // The counter tells clashing givens (for the caller to name) from a
    // puzzle that merely has no solution.
    cells[1] = 5;
    assert_eq!(Band9::count(&cells, Some(2)), None);
    assert_eq!(Band9::count(&[0; 80], Some(2)), None);
    assert_eq!(Band9::count(&[0; 81], Some(0)), Some(0));
    assert_eq!(Band9::count(&[0; 81], Some(1000)), Some(1000));
}
