//! One Sudoku model: standard and variant grids are rules as data, and one
//! picker (`sudoku::auto`) chooses the engine. Whatever it picks, a count
//! must agree with every other engine and with an independent brute-force
//! count written from the rules (tests/common/checker.rs), both at once
//! (the CLI's `count_solutions`) and sliced (the worker's Count).

use crate::common::checker::{self, units};
use tessera::engine::search::{Search, Step};
use tessera::engine::sudoku::auto::{pick, Engine, Plan, Question};
use tessera::engine::sudoku::variant::{Kind, RegionMap, Variant};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

const H: &str = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";

fn cells(s: &str) -> Vec<u8> {
    s.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

/// Run a resumable counter in small slices to the end or, as the worker's
/// runner does, until it reaches `limit`.
fn sliced_to(
    mut counter: Box<dyn Search<Vec<u8>> + Send>,
    budget: u64,
    limit: u128,
) -> (u128, String) {
    while counter.progress().solutions < limit && counter.step(budget) != Step::Done {}
    (
        counter.progress().solutions.min(limit),
        counter.engine().unwrap_or("?").to_string(),
    )
}

fn sliced(counter: Box<dyn Search<Vec<u8>> + Send>, budget: u64) -> (u128, String) {
    sliced_to(counter, budget, u128::MAX)
}

#[test]
fn standard_counts_agree_across_engines_and_with_brute_force() {
    let mut loose = cells(H);
    loose[..5].fill(0);
    // A 6×6 grid (DLX's first) with every k-th cell blanked, for the
    // smallest k leaving between 2 and 500 solutions.
    let six = Shape::new(2, 3).unwrap();
    let grid = Sudoku::empty(six)
        .solve_first(Algorithm::Dlx)
        .unwrap()
        .unwrap()
        .cells()
        .to_vec();
    let six_units = units::block(2, 3, 0, 0, 6);
    let six_puzzle = (2..36)
        .map(|k| -> Vec<u8> {
            grid.iter()
                .enumerate()
                .map(|(i, &v)| if i % k == 0 { 0 } else { v })
                .collect()
        })
        .find(|p| (2..=500).contains(&checker::count(6, &six_units, p, 501)))
        .expect("some blanking leaves a few solutions");
    let puzzles = [
        (Shape::NINE, cells(H)),
        (Shape::NINE, loose),
        (Shape::square(2).unwrap(), vec![0; 16]),
        (six, six_puzzle),
    ];
    for (shape, values) in puzzles {
        let want = checker::count(
            shape.size(),
            &units::block(shape.box_rows, shape.box_cols, 0, 0, shape.size()),
            &values,
            u128::MAX,
        );
        assert!(want > 1, "{shape}: a puzzle worth counting");
        eprintln!("{shape}: {want} solutions");
        let list: Vec<i64> = values.iter().map(|&v| i64::from(v)).collect();
        let sudoku = Sudoku::from_list(&list, Some(shape)).unwrap();
        for algorithm in Algorithm::CHOICES {
            let (n, engine) = sudoku.count_solutions_by(algorithm, None).unwrap();
            assert_eq!(n, want, "{shape} {algorithm}: at once");
            let (m, by) = sliced(sudoku.counter(algorithm, None).unwrap(), 500);
            assert_eq!(
                (m, by.as_str()),
                (want, engine),
                "{shape} {algorithm}: sliced"
            );
            // The standard grid as variant rules takes the same path.
            let rules = Variant::standard(shape);
            assert_eq!(
                rules.count_with(&values, algorithm, None).unwrap(),
                (want, engine),
                "{shape} {algorithm}: as a variant"
            );
            // A limit stops every engine exactly there.
            assert_eq!(sudoku.count_solutions(algorithm, Some(2)).unwrap(), 2);
            let (two, _) = sliced_to(sudoku.counter(algorithm, Some(2)).unwrap(), 1, 2);
            assert_eq!(two, 2, "{shape} {algorithm}: sliced, limit 2");
        }
    }
}

#[test]
fn variant_counts_agree_across_engines_and_with_brute_force() {
    // Each variant's first grid (DLX on the empty puzzle) with every
    // k-th cell blanked, for the smallest k that leaves between 2 and 500
    // solutions (few enough for SAT's blocking clauses).
    let x = Variant::x(Shape::NINE);
    let map = RegionMap::from_seed(6, 3);
    let jigsaw = Variant::jigsaw(map.clone());
    let samurai = Variant::samurai();
    let cases = [
        (x, units::x(3, 3)),
        (jigsaw, units::jigsaw(map.labels())),
        (samurai, units::samurai()),
    ];
    for (variant, rules) in cases {
        let empty = vec![0; variant.cells()];
        let grid = variant.solutions(&empty, 1).unwrap().remove(0);
        assert_eq!(checker::count(variant.size(), &rules, &grid, 2), 1);
        let blanked = |k: usize| -> Vec<u8> {
            grid.iter()
                .enumerate()
                .map(|(i, &v)| if i % k == 0 { 0 } else { v })
                .collect()
        };
        let puzzle = (2..40)
            .map(blanked)
            .find(|p| (2..=500).contains(&checker::count(variant.size(), &rules, p, 501)))
            .expect("some blanking leaves a few solutions");
        let want = checker::count(variant.size(), &rules, &puzzle, u128::MAX);
        assert!(want >= 1, "{}", variant.name());
        eprintln!("{}: {want} solutions", variant.name());
        for algorithm in Algorithm::CHOICES {
            let (n, engine) = variant.count_with(&puzzle, algorithm, None).unwrap();
            assert_eq!(n, want, "{} {algorithm}", variant.name());
            let (m, by) = sliced(variant.counter(&puzzle, algorithm, None).unwrap(), 500);
            assert_eq!(
                (m, by.as_str()),
                (want, engine),
                "{} {algorithm}",
                variant.name()
            );
            assert_eq!(variant.count(&puzzle, None).unwrap(), want);
        }
    }
}

#[test]
fn the_picker_chooses_from_the_rules_and_the_question() {
    let nine = Kind::Standard(Shape::NINE);
    let six = Kind::Standard(Shape::new(2, 3).unwrap());
    let giant = Kind::Standard(Shape::square(5).unwrap());
    let x = Kind::X(Shape::NINE);
    use Engine::*;
    for (rules, algorithm, question, plan) in [
        (&nine, Algorithm::Auto, Question::Count, Plan::Only(Band)),
        (&nine, Algorithm::Auto, Question::Solve, Plan::Only(Band)),
        (
            &nine,
            Algorithm::Backtrack,
            Question::Unique,
            Plan::Only(Band),
        ),
        (&nine, Algorithm::Dlx, Question::Count, Plan::Only(Dlx9)),
        (&nine, Algorithm::Dlx, Question::Enumerate, Plan::Only(Dlx)),
        (&nine, Algorithm::Sat, Question::Count, Plan::Only(Sat)),
        (
            &six,
            Algorithm::Backtrack,
            Question::Count,
            Plan::Only(Backtrack),
        ),
        (&six, Algorithm::Auto, Question::Count, Plan::Auto(Dlx)),
        (&giant, Algorithm::Auto, Question::Solve, Plan::Only(Sat)),
        (&x, Algorithm::Backtrack, Question::Count, Plan::Only(Cover)),
        (&x, Algorithm::Auto, Question::Solve, Plan::Auto(Cover)),
        (
            &Kind::Samurai,
            Algorithm::Dlx,
            Question::Count,
            Plan::Only(Cover),
        ),
    ] {
        assert_eq!(
            pick(rules, algorithm, question),
            plan,
            "{rules:?} {algorithm} {question:?}"
        );
    }
}

#[test]
fn clashing_givens_are_named_whichever_engine_counts() {
    let mut bad = cells(H);
    bad[1] = 8; // two 8s in row 1
    let list: Vec<i64> = bad.iter().map(|&v| i64::from(v)).collect();
    let sudoku = Sudoku::from_list(&list, None).unwrap();
    for algorithm in Algorithm::CHOICES {
        let e = sudoku.count_solutions_by(algorithm, None).unwrap_err();
        assert!(e.to_string().contains("appears twice"), "{algorithm}: {e}");
        assert!(sudoku.counter(algorithm, None).is_err());
    }
}
