//! Graph colouring as an algorithm (the modeling seed's "Coloring the
//! Sudoku graph"): DSatur and the exact colouring on the seed's own puzzles
//! and Sage's, each result through a checker written here from the rules
//! (not the engine's `check_colouring`, not its edge list).

use crate::common::{stderr, stdout, tessera_with_stdin};
use tessera::engine::sudoku::colouring::{check_colouring, chromatic, dsatur};
use tessera::engine::sudoku::sweep::parse_games;
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

const TEST3A: &str = include_str!("data/seeds/test3a.game");
const TEST5A: &str = include_str!("data/seeds/test5a.game");

/// Every pair of cells sharing a row, column or box differs; every cell
/// coloured; givens kept. Returns the number of colours.
fn proper(puzzle: &Sudoku, colours: &[u8]) -> usize {
    let s = puzzle.shape();
    let n = s.size();
    assert_eq!(colours.len(), n * n);
    for i in 0..n * n {
        assert!(colours[i] >= 1, "cell {i} uncoloured");
        let g = puzzle.cells()[i];
        assert!(g == 0 || g == colours[i], "given at {i} recoloured");
        for j in 0..n * n {
            let (ri, ci, rj, cj) = (i / n, i % n, j / n, j % n);
            let same_box = ri / s.box_rows == rj / s.box_rows && ci / s.box_cols == cj / s.box_cols;
            if i != j && (ri == rj || ci == cj || same_box) {
                assert_ne!(colours[i], colours[j], "cells {i} and {j} are joined");
            }
        }
    }
    let mut used: Vec<u8> = colours.to_vec();
    used.sort_unstable();
    used.dedup();
    used.len()
}

fn seed_game(text: &str) -> Sudoku {
    let games = parse_games(text).unwrap();
    Sudoku::empty(Shape::square(3).unwrap()).with_cells(games[0].values().to_vec())
}

fn puzzles() -> Vec<(&'static str, Sudoku)> {
    let mut out = vec![("test3a", seed_game(TEST3A)), ("test5a", seed_game(TEST5A))];
    for line in include_str!("data/sets/top95.txt").lines().take(5) {
        out.push(("top95", Sudoku::from_sage_str(line.trim(), None).unwrap()));
    }
    out
}

#[test]
fn the_exact_colouring_finds_nine_and_it_is_the_solution() {
    for (name, p) in puzzles() {
        let c = chromatic(&p, 50_000_000).unwrap();
        assert_eq!(c.chromatic, 9, "{name}");
        assert_eq!(c.lower_bound, 9, "{name}: a row is a 9-clique");
        assert_eq!(proper(&p, &c.colouring.colours), 9, "{name}");
        check_colouring(&p, &c.colouring.colours).unwrap();
        // The puzzle's unique solution, by another engine.
        let sols: Vec<Sudoku> = p.solutions(Algorithm::Dlx).unwrap().take(2).collect();
        assert_eq!(sols.len(), 1, "{name}");
        assert_eq!(sols[0].cells(), c.colouring.colours.as_slice(), "{name}");
    }
}

#[test]
fn dsatur_is_proper_and_an_upper_bound() {
    for (name, p) in puzzles() {
        let g = dsatur(&p).unwrap();
        let used = proper(&p, &g.colours);
        assert_eq!(used, g.used, "{name}");
        assert!(used >= 9, "{name}");
        assert_eq!(
            g.nodes as usize,
            81 - p.clues(),
            "{name}: one step per blank"
        );
        let c = chromatic(&p, 50_000_000).unwrap();
        assert_eq!(c.upper_bound, used, "{name}");
    }
}

#[test]
fn empty_grids_shidoku_four_sudoku_nine() {
    for (base, chi) in [(2, 4), (3, 9)] {
        let empty = Sudoku::empty(Shape::square(base).unwrap());
        let c = chromatic(&empty, 1_000_000).unwrap();
        assert_eq!(c.chromatic, chi);
        assert_eq!(proper(&empty, &c.colouring.colours), chi);
    }
    // 6x6 with 2x3 boxes: 6.
    let empty = Sudoku::empty(Shape::new(2, 3).unwrap());
    let c = chromatic(&empty, 1_000_000).unwrap();
    assert_eq!(proper(&empty, &c.colouring.colours), 6);
}

#[test]
fn a_precolouring_that_cannot_extend_needs_a_tenth_colour() {
    // Row 1 holds 1..8 and r2c9 = 9: r1c9 sees all nine colours, so no
    // 9-colouring keeps the givens, though the givens do not clash.
    let mut cells = vec![0u8; 81];
    for (c, v) in cells.iter_mut().take(8).enumerate() {
        *v = c as u8 + 1;
    }
    cells[9 + 8] = 9;
    let p = Sudoku::empty(Shape::square(3).unwrap()).with_cells(cells);
    assert!(p.verify().is_ok());
    let c = chromatic(&p, 10_000_000).unwrap();
    assert_eq!(c.chromatic, 10);
    assert_eq!(c.tried.first().map(|t| (t.0, t.2)), Some((9, false)));
    assert_eq!(proper(&p, &c.colouring.colours), 10);
}

#[test]
fn the_checker_refuses_a_bad_colouring() {
    let p = seed_game(TEST3A);
    let mut c = chromatic(&p, 50_000_000).unwrap().colouring.colours;
    c.swap(0, 1);
    assert!(check_colouring(&p, &c).is_err());
}

#[test]
fn cli_colours_the_seed_game() {
    let o = tessera_with_stdin(&["sudoku", "colour", "--blocks"], TEST3A);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("dsatur: "), "{out}");
    assert!(lines[2].starts_with("exact: chromatic number 9 "), "{out}");
    // The seed's own final grid (test3.py, iteration 3).
    assert_eq!(
        lines[3],
        "831645972597283146624197358716829534985436721342571869278314695469758213153962487"
    );
    assert_eq!(lines[4], "the colouring is the puzzle's unique solution");
    let o = tessera_with_stdin(
        &["sudoku", "colour", "--method", "exact"],
        "................",
    );
    assert!(
        stdout(&o).starts_with("exact: chromatic number 4 "),
        "{}",
        stdout(&o)
    );
    let o = tessera_with_stdin(&["sudoku", "colour"], "11..............");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("appears twice in row 1"),
        "{}",
        stderr(&o)
    );
}
