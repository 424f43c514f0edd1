//! The generator: unique solutions (checked with the other solver), no
//! removable clue when minimal, symmetric clue patterns, ratings on
//! target, and the same puzzles for the same seed.

use tessera::engine::sudoku::generate::{self, GenerateError, Options, Symmetry};
use tessera::engine::sudoku::logic::{self, Rating};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

/// Independent check of a complete grid: every unit holds 1..n once.
fn check_grid(g: &Sudoku) {
    let shape = g.shape();
    let n = shape.size();
    let cells = g.cells();
    for i in 0..n {
        let row: Vec<usize> = (0..n).map(|k| i * n + k).collect();
        let col: Vec<usize> = (0..n).map(|k| k * n + i).collect();
        let (br, bc) = (i / shape.box_rows, i % shape.box_rows);
        let bx: Vec<usize> = (0..n)
            .map(|k| {
                (br * shape.box_rows + k / shape.box_cols) * n
                    + bc * shape.box_cols
                    + k % shape.box_cols
            })
            .collect();
        for unit in [row, col, bx] {
            let mut seen = vec![false; n + 1];
            for c in unit {
                let v = cells[c] as usize;
                assert!((1..=n).contains(&v) && !seen[v], "bad grid {cells:?}");
                seen[v] = true;
            }
        }
    }
}

fn solutions(p: &Sudoku) -> u128 {
    // The DLX solver, not the backtracker the generator uses.
    p.count_solutions(Algorithm::Dlx, Some(2)).unwrap()
}

fn assert_minimal(p: &Sudoku) {
    let cells = p.cells();
    for c in (0..cells.len()).filter(|&c| cells[c] != 0) {
        let mut fewer = cells.to_vec();
        fewer[c] = 0;
        assert_eq!(
            solutions(&p.with_cells(fewer)),
            2,
            "clue {c} of {cells:?} is removable"
        );
    }
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

#[test]
fn puzzles_have_one_solution_which_is_the_grid() {
    for (r, c, count) in [(2, 2, 10), (2, 3, 10), (3, 2, 10), (3, 3, 10)] {
        let options = Options::new(shape(r, c), 11);
        for g in generate::generate_many(&options, count).unwrap() {
            check_grid(&g.solution);
            assert!(g.puzzle.is_solved_by(&g.solution));
            assert!(!g.puzzle.is_complete());
            assert_eq!(solutions(&g.puzzle), 1, "{:?}", g.puzzle.cells());
            // Without symmetry the one removal pass already gives minimality.
            assert_minimal(&g.puzzle);
        }
    }
}

#[test]
fn symmetric_minimal_puzzles() {
    for (sym, count) in [(Symmetry::Rot180, 4), (Symmetry::Mirror, 3)] {
        for (r, c) in [(2, 3), (3, 3)] {
            let options = Options {
                minimal: true,
                symmetry: sym,
                ..Options::new(shape(r, c), 5)
            };
            for g in generate::generate_many(&options, count).unwrap() {
                let n = g.puzzle.size();
                let p = g.puzzle.cells();
                for cell in 0..n * n {
                    let (row, col) = (cell / n, cell % n);
                    let partner = match sym {
                        Symmetry::Rot180 => (n - 1 - row) * n + (n - 1 - col),
                        _ => row * n + (n - 1 - col),
                    };
                    assert_eq!(p[cell] == 0, p[partner] == 0, "{sym:?} {p:?} at {cell}");
                }
                assert_eq!(solutions(&g.puzzle), 1);
                assert_minimal(&g.puzzle);
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    for s in [shape(2, 2), shape(2, 3), shape(3, 3)] {
        let a = generate::generate_many(&Options::new(s, 2024), 3).unwrap();
        let b = generate::generate_many(&Options::new(s, 2024), 3).unwrap();
        let c = generate::generate_many(&Options::new(s, 2025), 3).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a[0], generate::generate(&Options::new(s, 2024)).unwrap());
    }
    // Pinned outputs: only u32 draws from ChaCha8, so any platform
    // (wasm32 included) or a refactor that changes them shows up here.
    let g = generate::generate(&Options::new(shape(3, 3), 1)).unwrap();
    assert_eq!(
        g.puzzle.to_sage_string().unwrap(),
        PINNED_3X3_SEED_1,
        "generator output for seed 1 changed"
    );
}

const PINNED_3X3_SEED_1: &str =
    ".3............9..6..6....59..259...775.8.....1.9.........7..8..8...1.4.....6.4.91";

#[test]
fn target_difficulties_are_met() {
    for target in Rating::ALL {
        let options = Options {
            difficulty: Some(target),
            ..Options::new(shape(3, 3), 8)
        };
        for g in generate::generate_many(&options, 2).unwrap() {
            assert_eq!(g.rating, Some(target));
            let e = logic::explain(&g.puzzle).unwrap();
            assert_eq!(e.rating, Some(target));
            assert_eq!(solutions(&g.puzzle), 1);
        }
    }
}

#[test]
fn impossible_requests_are_clear_errors() {
    // Every 4x4 puzzle falls to singles.
    let options = Options {
        difficulty: Some(Rating::Hard),
        max_attempts: 30,
        ..Options::new(shape(2, 2), 1)
    };
    let err = generate::generate(&options).unwrap_err();
    let GenerateError::GaveUp { attempts, .. } = &err;
    assert_eq!(*attempts, 30);
    let text = err.to_string();
    assert!(
        text.contains("difficulty hard") && text.contains("4x4 puzzle (2x2 boxes)"),
        "{text}"
    );
    assert_eq!(
        "diagonal".parse::<Symmetry>().unwrap_err().to_string(),
        "'diagonal' is not a symmetry: choose rot180, mirror or none"
    );
    assert!("insane"
        .parse::<Rating>()
        .unwrap_err()
        .to_string()
        .contains("easy, medium, hard or expert"));
}

#[test]
fn sixteen_by_sixteen() {
    let g = generate::generate(&Options::new(shape(4, 4), 3)).unwrap();
    check_grid(&g.solution);
    assert!(g.puzzle.is_solved_by(&g.solution));
    assert_eq!(solutions(&g.puzzle), 1);
}
