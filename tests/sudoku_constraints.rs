//! Constrained Sudoku through the facade: the text form reads back what it
//! writes for random puzzles of every kind, and puzzles built from known
//! solved grids (killer cages, thermometers, arrows) are solved to those
//! grids, with counts held against the exact-cover engine's solutions
//! filtered by the independent checker.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use tessera::engine::search::{Search, Step};
use tessera::engine::sudoku::constraint::random::random_puzzle;
use tessera::engine::sudoku::constraint::text::{parse, print};
use tessera::engine::sudoku::constraint::{
    check, count, solve, true_candidates, Constraint, ConstraintSearch, Puzzle, Regions,
};
use tessera::engine::sudoku::generate::random_grid;
use tessera::engine::sudoku::variant::solve::VariantSearch;
use tessera::engine::sudoku::variant::{RegionMap, Variant};
use tessera::engine::sudoku::Shape;

/// Regions of every supported kind: boxes of many shapes, jigsaw maps.
fn regions(seed: u64) -> Regions {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (1, 5),
        (1, 7),
        (2, 5),
        (3, 4),
        (4, 3),
        (4, 4),
    ];
    if rng.gen_bool(0.25) {
        let n = [4, 5, 6, 7, 8, 9][rng.gen_range(0..6)];
        Regions::Map(RegionMap::random(n, &mut rng))
    } else {
        let (r, c) = shapes[rng.gen_range(0..shapes.len())];
        Regions::Boxes(Shape::new(r, c).unwrap())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn constrained_puzzles_round_trip_through_the_text_form(
        seed in any::<u64>(),
        constraints in 0usize..16,
        givens in 0.0f64..0.6,
    ) {
        let regions = regions(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        // Half the puzzles take their numbers (and givens) from a random
        // grid, half are random within range.
        let grid: Option<Vec<u8>> = match &regions {
            Regions::Boxes(shape) if seed % 2 == 0 => {
                random_grid(*shape, &mut rng).map(|g| g.cells().to_vec())
            }
            _ => None,
        };
        let puzzle = random_puzzle(regions, grid.as_deref(), constraints, givens, &mut rng);
        let text = print(&puzzle);
        let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &puzzle);
        prop_assert_eq!(print(&back), text);
    }
}

/// Known solved 9×9 grids (top95's solutions).
fn known_grids() -> Vec<Vec<u8>> {
    std::fs::read_to_string("tests/data/sets/top95_solutions.txt")
        .expect("tests/data/sets/top95_solutions.txt holds solved grids")
        .lines()
        .map(|l| l.bytes().map(|b| b - b'0').collect())
        .collect()
}

/// Every grid the exact-cover engine finds with these givens (boxes of
/// `shape`), or `None` past `limit`.
fn grids(shape: Shape, givens: &[u8], limit: usize) -> Option<Vec<Vec<u8>>> {
    let mut search = VariantSearch::for_variant(&Variant::standard(shape), givens).unwrap();
    let mut out = Vec::new();
    loop {
        match search.step(1 << 16) {
            Step::Solution(s) => out.push(s),
            Step::Paused => {}
            Step::Done => return Some(out),
        }
        if out.len() > limit {
            return None;
        }
    }
}

/// Every cell in a cage of 2 to 4 cells with different digits of `grid`,
/// each with its sum: a classic killer drawn over a solved grid.
fn cages_over(grid: &[u8], seed: u64) -> Vec<Constraint> {
    let n = 9;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cage_of = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = rng.gen_range(2..=4);
        let mut cage = vec![start];
        cage_of[start] = cages.len();
        while cage.len() < target {
            let mut options: Vec<usize> = cage
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / n, c % n);
                    let mut around = Vec::new();
                    if col + 1 < n {
                        around.push(c + 1);
                    }
                    if r + 1 < n {
                        around.push(c + n);
                    }
                    if col > 0 {
                        around.push(c - 1);
                    }
                    around
                })
                .filter(|&c| cage_of[c] == usize::MAX && !cage.iter().any(|&k| grid[k] == grid[c]))
                .collect();
            options.dedup();
            let Some(&next) = options.choose(&mut rng) else {
                break;
            };
            cage_of[next] = cages.len();
            cage.push(next);
        }
        cages.push(cage);
    }
    cages
        .into_iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| grid[c] as u32).sum();
            Constraint::Killer {
                cells,
                sum: Some(sum),
            }
        })
        .collect()
}

/// `grid` with each cell kept with probability `keep`.
fn some_givens(grid: &[u8], keep: f64, rng: &mut ChaCha8Rng) -> Vec<u8> {
    grid.iter()
        .map(|&v| if rng.gen_bool(keep) { v } else { 0 })
        .collect()
}

/// The count of `puzzle` with fewer givens, held against the exact-cover
/// engine's grids for those givens filtered by the checker.
fn counts_agree_with_filtering(puzzle: &Puzzle, grid: &[u8], rng: &mut ChaCha8Rng) -> usize {
    let mut compared = 0;
    for keep in [0.45, 0.4, 0.35, 0.3] {
        let givens = some_givens(grid, keep, rng);
        let Some(candidates) = grids(Shape::NINE, &givens, 20_000) else {
            continue;
        };
        let partial = puzzle.with_givens(givens).unwrap();
        let expected = candidates
            .iter()
            .filter(|g| check(&partial, g).is_ok())
            .count();
        assert_eq!(
            count(&partial, None),
            expected as u128,
            "{}",
            print(&partial)
        );
        compared += 1;
    }
    compared
}

#[test]
fn killers_drawn_over_a_solved_grid_solve_to_it() {
    let grid = &known_grids()[0];
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut unique = 0;
    for seed in 1..=12 {
        let puzzle = Puzzle::with_boxes(Shape::NINE, cages_over(grid, seed)).unwrap();
        assert_eq!(check(&puzzle, grid), Ok(()));
        if seed <= 3 {
            assert!(counts_agree_with_filtering(&puzzle, grid, &mut rng) > 0);
        }
        // The text form carries the whole puzzle.
        let puzzle = parse(&print(&puzzle)).unwrap();
        let started = Instant::now();
        let mut search = ConstraintSearch::new(&puzzle);
        let mut found = Vec::new();
        while let Step::Solution(s) = search.step(u64::MAX) {
            assert_eq!(check(&puzzle, &s), Ok(()));
            found.push(s);
        }
        eprintln!(
            "killer {seed}: {} solutions in {:?}, {} nodes",
            found.len(),
            started.elapsed(),
            search.progress().nodes
        );
        // Cages drawn at random need not pin the grid down; the ones that
        // do are solved to it.
        assert!(found.contains(grid), "killer {seed} lost its own grid");
        // The true candidates are what the solutions hold.
        let mut union = vec![0u64; 81];
        for s in &found {
            for (m, &d) in union.iter_mut().zip(s) {
                *m |= 1 << (d - 1);
            }
        }
        let started = Instant::now();
        assert_eq!(true_candidates(&puzzle, 10_000), union);
        eprintln!("killer {seed}: true candidates in {:?}", started.elapsed());
        if found.len() == 1 {
            unique += 1;
        }
    }
    assert!(unique > 0, "no drawn killer had one solution");
}

/// Thermometers along rising walks of `grid` and arrows whose circle is the
/// sum of a path next to it.
fn thermos_and_arrows(grid: &[u8], rng: &mut ChaCha8Rng) -> Vec<Constraint> {
    let n = 9usize;
    let touching = |c: usize| {
        let (r, col) = ((c / n) as i64, (c % n) as i64);
        let mut out = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (rr, cc) = (r + dr, col + dc);
                if (dr, dc) != (0, 0) && (0..9).contains(&rr) && (0..9).contains(&cc) {
                    out.push(rr as usize * n + cc as usize);
                }
            }
        }
        out
    };
    let mut out = Vec::new();
    let mut used = vec![false; n * n];
    let mut tries = 0;
    while out.len() < 14 && tries < 10_000 {
        tries += 1;
        let start = rng.gen_range(0..n * n);
        if used[start] {
            continue;
        }
        if out.len() % 2 == 0 {
            let mut line = vec![start];
            while line.len() < 5 {
                let last = *line.last().unwrap();
                let next: Vec<usize> = touching(last)
                    .into_iter()
                    .filter(|&c| !used[c] && !line.contains(&c) && grid[c] > grid[last])
                    .collect();
                match next.choose(rng) {
                    Some(&c) => line.push(c),
                    None => break,
                }
            }
            if line.len() >= 3 {
                line.iter().for_each(|&c| used[c] = true);
                out.push(Constraint::Thermo(line));
            }
        } else {
            let target = grid[start] as u32;
            let mut path = Vec::new();
            let mut sum = 0;
            let mut last = start;
            while sum < target {
                let next: Vec<usize> = touching(last)
                    .into_iter()
                    .filter(|&c| {
                        c != start
                            && !used[c]
                            && !path.contains(&c)
                            && sum + grid[c] as u32 <= target
                    })
                    .collect();
                let Some(&c) = next.choose(rng) else {
                    break;
                };
                sum += grid[c] as u32;
                path.push(c);
                last = c;
            }
            if sum == target && path.len() >= 2 {
                used[start] = true;
                path.iter().for_each(|&c| used[c] = true);
                out.push(Constraint::Arrow {
                    circle: vec![start],
                    path,
                });
            }
        }
    }
    out
}

#[test]
fn a_thermo_and_arrow_puzzle_drawn_over_a_solved_grid_solves_to_it() {
    let grid = &known_grids()[1];
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let constraints = thermos_and_arrows(grid, &mut rng);
    assert!(constraints
        .iter()
        .any(|c| matches!(c, Constraint::Arrow { .. })));
    assert!(constraints
        .iter()
        .any(|c| matches!(c, Constraint::Thermo(_))));
    let lines = Puzzle::with_boxes(Shape::NINE, constraints).unwrap();
    assert_eq!(check(&lines, grid), Ok(()));
    assert!(counts_agree_with_filtering(&lines, grid, &mut rng) > 0);
    // Givens from the grid until the solver finds one solution; each count
    // on the way is held against the filtered grids when those are few.
    let mut givens = vec![0u8; 81];
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(&mut rng);
    let mut puzzle = lines.clone();
    for &cell in &order {
        givens[cell] = grid[cell];
        puzzle = lines.with_givens(givens.clone()).unwrap();
        if count(&puzzle, Some(2)) == 1 {
            break;
        }
    }
    let started = Instant::now();
    let found = count(&puzzle, None);
    eprintln!(
        "thermo/arrow: {} givens, count {found} in {:?}",
        givens.iter().filter(|&&g| g != 0).count(),
        started.elapsed()
    );
    assert_eq!(found, 1);
    if let Some(candidates) = grids(Shape::NINE, &givens, 50_000) {
        let expected = candidates
            .iter()
            .filter(|g| check(&puzzle, g).is_ok())
            .count();
        assert_eq!(expected, 1, "the filtered grids disagree");
    }
    assert_eq!(solve(&puzzle).as_deref(), Some(&grid[..]));
}
