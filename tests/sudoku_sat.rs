//! `Algorithm::Sat` and `Algorithm::Auto` against the tree searches: the
//! same answers (solutions, uniqueness, capped counts) on seeded random
//! puzzles of every shape from 4×4 to 16×16, with 0, 1 and several
//! solutions, every solution through an independent checker; resumable
//! steps; Auto's hand-over from DLX to SAT.

use crate::common::checker::sudoku as check;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use tessera::engine::search::{Search, Step};
use tessera::engine::sudoku::auto::{AutoSearch, Fallback};
use tessera::engine::sudoku::dlx::DlxSearch;
use tessera::engine::sudoku::sat::SatSearch;
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

const H: &str = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
const HBAD: &str =
    "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";

/// Up to `limit` solutions of `puzzle` with `alg`, each checked.
fn solutions(puzzle: &Sudoku, alg: Algorithm, limit: usize) -> BTreeSet<Vec<u8>> {
    let list: Vec<Vec<u8>> = puzzle
        .solutions(alg)
        .unwrap()
        .take(limit)
        .map(|s| {
            check(puzzle, s.cells());
            s.cells().to_vec()
        })
        .collect();
    let set: BTreeSet<Vec<u8>> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "{alg}: a solution came twice");
    set
}

fn sudoku(s: &str) -> Sudoku {
    Sudoku::from_sage_str(s, None).unwrap()
}

/// A solved grid of `shape`, relabelled and shuffled within bands and
/// stacks by `rng` (so each round starts from a different grid).
fn random_grid(shape: Shape, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let n = shape.size();
    let base = Sudoku::empty(shape)
        .solve_first(Algorithm::Backtrack)
        .unwrap()
        .unwrap();
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    symbols.shuffle(rng);
    let shuffled_lines = |rng: &mut ChaCha8Rng, group: usize| {
        let mut bands: Vec<usize> = (0..n / group).collect();
        bands.shuffle(rng);
        let mut out = Vec::new();
        for b in bands {
            let mut lines: Vec<usize> = (0..group).collect();
            lines.shuffle(rng);
            out.extend(lines.into_iter().map(|l| b * group + l));
        }
        out
    };
    let rows = shuffled_lines(rng, shape.box_rows);
    let cols = shuffled_lines(rng, shape.box_cols);
    let mut grid = vec![0u8; n * n];
    for (r, &sr) in rows.iter().enumerate() {
        for (c, &sc) in cols.iter().enumerate() {
            grid[r * n + c] = symbols[base.cells()[sr * n + sc] as usize - 1];
        }
    }
    grid
}

/// Seeded puzzles of one shape with 0, 1 and several solutions: blank a
/// random fraction of a solved grid (few blanks: one solution; many:
/// several), and sometimes change one given to a symbol its units do not
/// hold yet (usually no solution left, without clashing givens).
fn random_puzzles(shape: Shape, seed: u64, count: usize) -> Vec<Sudoku> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = shape.size();
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells = random_grid(shape, &mut rng);
        let mut order: Vec<usize> = (0..n * n).collect();
        order.shuffle(&mut rng);
        let modify = rng.gen_bool(0.3);
        let blanks = n
            * n
            * if modify {
                rng.gen_range(20..45)
            } else {
                rng.gen_range(35..80)
            }
            / 100;
        for &i in &order[..blanks] {
            cells[i] = 0;
        }
        if modify {
            let i = order[blanks + rng.gen_range(0..n * n - blanks)];
            cells[i] = 0;
            let p = Sudoku::from_list(
                &cells.iter().map(|&v| v as i64).collect::<Vec<_>>(),
                Some(shape),
            )
            .unwrap();
            let free: Vec<u8> = (1..=n as u8)
                .filter(|&d| {
                    let mut q = p.clone();
                    q.set(i / n, i % n, d).is_ok() && q.verify().is_ok()
                })
                .collect();
            if let Some(&d) = free.choose(&mut rng) {
                cells[i] = d;
            }
        }
        let list: Vec<i64> = cells.iter().map(|&v| v as i64).collect();
        out.push(Sudoku::from_list(&list, Some(shape)).unwrap());
    }
    out
}

#[test]
fn algorithm_names_parse_and_print() {
    for alg in Algorithm::CHOICES {
        assert_eq!(alg.name().parse::<Algorithm>(), Ok(alg));
    }
    assert_eq!("SAT".parse::<Algorithm>(), Ok(Algorithm::Sat));
    assert_eq!(" auto ".parse::<Algorithm>(), Ok(Algorithm::Auto));
    assert!("cdcl".parse::<Algorithm>().is_err());
}

#[test]
fn sat_and_auto_agree_with_the_tree_searches_on_random_puzzles() {
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
    ];
    let mut seen = [0usize; 4]; // puzzles with 0, 1, 2 and 3+ solutions
    for (k, &(r, c)) in shapes.iter().enumerate() {
        let shape = Shape::new(r, c).unwrap();
        let count = if shape.size() >= 12 { 8 } else { 16 };
        for (i, puzzle) in random_puzzles(shape, 100 + k as u64, count)
            .iter()
            .enumerate()
        {
            let what = format!("{shape} puzzle {i}");
            let dlx = puzzle.count_solutions(Algorithm::Dlx, Some(3)).unwrap();
            let bt = puzzle
                .count_solutions(Algorithm::Backtrack, Some(3))
                .unwrap();
            let sat = puzzle.count_solutions(Algorithm::Sat, Some(3)).unwrap();
            let auto = puzzle.count_solutions(Algorithm::Auto, Some(3)).unwrap();
            assert_eq!((bt, sat, auto), (dlx, dlx, dlx), "{what}");
            seen[dlx as usize] += 1;
            // With fewer solutions than the cap, the sets are the same.
            if dlx < 3 {
                let want = solutions(puzzle, Algorithm::Dlx, 3);
                assert_eq!(solutions(puzzle, Algorithm::Sat, 3), want, "{what}");
                assert_eq!(solutions(puzzle, Algorithm::Auto, 3), want, "{what}");
            } else {
                assert_eq!(solutions(puzzle, Algorithm::Sat, 3).len(), 3, "{what}");
            }
        }
    }
    assert!(
        seen.iter().all(|&s| s >= 3),
        "every kind of puzzle is covered: {seen:?}"
    );
}

#[test]
fn top95_sat_finds_the_published_solution_and_proves_it_unique() {
    let puzzles = std::fs::read_to_string("tests/data/sets/top95.txt").unwrap();
    let solutions_text = std::fs::read_to_string("tests/data/sets/top95_solutions.txt").unwrap();
    for (p, s) in puzzles.lines().zip(solutions_text.lines()).step_by(5) {
        let puzzle = sudoku(p.trim());
        let want: BTreeSet<Vec<u8>> = [sudoku(s.trim()).cells().to_vec()].into();
        assert_eq!(solutions(&puzzle, Algorithm::Sat, 2), want, "{p}");
        assert_eq!(puzzle.count_solutions(Algorithm::Sat, None), Ok(1));
        assert_eq!(solutions(&puzzle, Algorithm::Auto, 2), want, "{p}");
    }
}

#[test]
fn sat_counts_small_grids_exactly_and_handles_edge_cases() {
    for alg in [Algorithm::Sat, Algorithm::Auto] {
        assert_eq!(
            sudoku("................").count_solutions(alg, None),
            Ok(288),
            "{alg}"
        );
        assert_eq!(sudoku(H).count_solutions(alg, None), Ok(5), "{alg}");
        assert_eq!(sudoku(H).count_solutions(alg, Some(3)), Ok(3), "{alg}");
        // Sage's hbad: no clash among the givens, no solution either.
        assert_eq!(sudoku(HBAD).count_solutions(alg, None), Ok(0), "{alg}");
        // One cell; a full grid (solved by propagation alone).
        assert_eq!(sudoku(".").count_solutions(alg, None), Ok(1));
        let full =
            "814637925325149687796825314957318462241956873638274591462793158579481236183562749";
        assert_eq!(
            solutions(&sudoku(full), alg, 2),
            [sudoku(full).cells().to_vec()].into()
        );
    }
    // No two givens clash, yet no solution (or very few).
    let no = Sudoku::from_list(
        &[1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 4],
        Some(Shape::new(2, 2).unwrap()),
    )
    .unwrap();
    let dlx = no.count_solutions(Algorithm::Dlx, None).unwrap();
    assert_eq!(no.count_solutions(Algorithm::Sat, None), Ok(dlx));
    let grid = Sudoku::empty(Shape::new(2, 3).unwrap());
    assert_eq!(grid.count_solutions(Algorithm::Sat, Some(40)), Ok(40));
}

#[test]
fn budgeted_sat_steps_find_the_same_solutions_and_report_progress() {
    let puzzle = sudoku(H);
    let want = solutions(&puzzle, Algorithm::Dlx, 10);
    for budget in [1, 7, 1 << 20] {
        let mut search = puzzle.search(Algorithm::Sat).unwrap();
        assert_eq!(search.engine(), Some("sat"));
        let mut got = BTreeSet::new();
        let mut last_nodes = 0;
        loop {
            let step = search.step(budget);
            let p = search.progress();
            assert!(p.nodes >= last_nodes && (0.0..=1.0).contains(&p.fraction));
            last_nodes = p.nodes;
            match step {
                Step::Solution(cells) => {
                    check(&puzzle, &cells);
                    assert!(got.insert(cells), "budget {budget}: repeated");
                }
                Step::Paused => {}
                Step::Done => break,
            }
        }
        assert_eq!(got, want, "budget {budget}");
        assert_eq!(search.progress().solutions, 5);
        assert_eq!(search.progress().fraction, 1.0);
        assert_eq!(search.step(budget), Step::Done);
    }
    // Count-only mode in small slices.
    let mut search = puzzle.search(Algorithm::Sat).unwrap();
    search.set_count_only(true);
    while search.step(3) != Step::Done {}
    assert_eq!(search.progress().solutions, 5);
    assert_eq!(
        puzzle.search(Algorithm::Sat).unwrap().is_unique(1 << 20),
        Some(false)
    );
}

/// Auto on a grid where DLX is given no patience at all: it must hand over
/// to SAT at once, say so, and still deliver every solution exactly once —
/// also after DLX had delivered some of them itself.
#[test]
fn auto_hands_over_to_sat_without_repeating_solutions() {
    let shape = Shape::new(2, 3).unwrap();
    for (i, puzzle) in random_puzzles(shape, 7, 12).iter().enumerate() {
        let want = solutions(puzzle, Algorithm::Dlx, 1000);
        if want.len() >= 1000 {
            continue;
        }
        for patience in [1, 40, 200] {
            let fallback = || Fallback {
                n: 6,
                units: Sudoku::units(shape).into_iter().map(|(_, c)| c).collect(),
                values: puzzle.cells().to_vec(),
            };
            let dlx = Box::new(DlxSearch::new(shape, puzzle.cells()));
            let mut auto = AutoSearch::new(dlx, fallback(), patience);
            assert_eq!(auto.engine(), Some("dlx"));
            let mut got = BTreeSet::new();
            loop {
                match auto.step(5) {
                    Step::Solution(cells) => {
                        check(puzzle, &cells);
                        assert!(
                            got.insert(cells),
                            "puzzle {i} patience {patience}: repeated"
                        );
                    }
                    Step::Paused => {}
                    Step::Done => break,
                }
            }
            assert_eq!(got, want, "puzzle {i} patience {patience}");
            assert_eq!(auto.progress().solutions, want.len() as u128);
            if patience == 1 {
                assert!(auto.gave_up_after().is_some());
                assert_eq!(auto.engine(), Some("sat"));
            }
            // Counting gives the same number.
            let dlx = Box::new(DlxSearch::new(shape, puzzle.cells()));
            let mut counter = AutoSearch::new(dlx, fallback(), patience);
            assert_eq!(counter.count_solutions(None), want.len() as u128);
        }
    }
}

#[test]
fn auto_reports_the_engine_that_answered() {
    // 9×9: the band solver; 16×16 and smaller: DLX (quick puzzles); 25×25
    // and larger: SAT from the start.
    assert_eq!(
        sudoku(H).count_solutions_by(Algorithm::Auto, Some(2)),
        Ok((2, "band"))
    );
    assert_eq!(
        sudoku(H).count_solutions_by(Algorithm::Dlx, Some(2)),
        Ok((2, "dlx9"))
    );
    let six = Sudoku::empty(Shape::new(2, 3).unwrap());
    assert_eq!(
        six.count_solutions_by(Algorithm::Auto, Some(2)),
        Ok((2, "dlx"))
    );
    assert_eq!(
        six.count_solutions_by(Algorithm::Sat, Some(2)),
        Ok((2, "sat"))
    );
    let big = Sudoku::empty(Shape::new(5, 5).unwrap());
    let mut first = big.solutions(Algorithm::Auto).unwrap();
    assert_eq!(first.engine(), Some("sat"));
    check(&big, first.next().unwrap().cells());
}

#[test]
fn sat_solves_the_giants_set_and_proves_uniqueness() {
    let text = std::fs::read_to_string("tests/data/sets/giants.txt").unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert!(lines.len() >= 4);
    // Every 16×16 and the first 25×25 keep a debug-profile test quick.
    let mut giants25 = 0;
    for line in lines {
        let puzzle = sudoku(line.trim());
        if puzzle.size() >= 25 {
            giants25 += 1;
            if giants25 > 1 {
                continue;
            }
        }
        let mut search = SatSearch::new(
            puzzle.size(),
            &Sudoku::units(puzzle.shape())
                .into_iter()
                .map(|(_, c)| c)
                .collect::<Vec<_>>(),
            puzzle.cells(),
        );
        let mut found = Vec::new();
        loop {
            match search.step(1 << 20) {
                Step::Solution(cells) => found.push(cells),
                Step::Paused => {}
                Step::Done => break,
            }
        }
        assert_eq!(found.len(), 1, "{line}");
        check(&puzzle, &found[0]);
    }
    assert!(giants25 >= 1, "the set has 25×25 puzzles");
}

/// The public 25×25 set (Alain Frisch's, via Gecode; tests/data/sets/README.md):
/// every line is a 25×25 puzzle, and SAT solves and proves unique the one
/// that is quick (0.5 s in release; the others take 1–60 s, the giants
/// bench times them all), its solution through the independent checker.
#[test]
fn the_public_25x25_set_reads_and_sat_proves_one_unique() {
    let text = std::fs::read_to_string("tests/data/sets/frisch25.txt").unwrap();
    let puzzles: Vec<Sudoku> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| sudoku(l.trim()))
        .collect();
    assert_eq!(puzzles.len(), 16);
    for p in &puzzles {
        assert_eq!(p.size(), 25);
        assert!((260..=280).contains(&p.clues()), "{}", p.clues());
    }
    let quick = &puzzles[2];
    let mut search = quick.search(Algorithm::Sat).unwrap();
    let mut found = Vec::new();
    loop {
        match search.step(1 << 20) {
            Step::Solution(cells) => found.push(cells),
            Step::Paused => {}
            Step::Done => break,
        }
    }
    assert_eq!(found.len(), 1);
    check(quick, &found[0]);
}
