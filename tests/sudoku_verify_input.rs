//! Sage's `verify_input=False` (`Sudoku(puzzle, verify_input=True)` in
//! `sage.games.sudoku`): the engine's `solutions_with` /
//! `count_solutions_with` and `tessera sudoku solve --no-verify-input`.

use crate::common;

use crate::common::{stderr, stdout, tessera_with_stdin};
use tessera::engine::sudoku::{Algorithm, Sudoku};

/// Sage's documented puzzle `h` with its first given repeated two cells
/// on in row 1 (the 8 at r1c1 copied to r1c3).
const CLASH: &str =
    "8.86..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
/// Sage's documented `h` (5 solutions).
const H: &str = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";

#[test]
fn unverified_clashing_givens_have_no_solution_on_every_engine() {
    let p = Sudoku::from_sage_str(CLASH, None).unwrap();
    for algorithm in Algorithm::CHOICES {
        // Verified (the default): an error naming the repeated symbol.
        let e = p.solutions_with(algorithm, true).err().unwrap().to_string();
        assert!(e.contains("8") && e.contains("row 1"), "{algorithm}: {e}");
        assert!(p.count_solutions_with(algorithm, None, true).is_err());
        // Unverified: the search runs and finds nothing.
        let found: Vec<Sudoku> = p
            .solutions_with(algorithm, false)
            .unwrap()
            .take(3)
            .collect();
        assert!(found.is_empty(), "{algorithm}: {found:?}");
        let (n, _) = p.count_solutions_with(algorithm, None, false).unwrap();
        assert_eq!(n, 0, "{algorithm}");
    }
}

#[test]
fn unverified_good_input_gives_the_same_solutions() {
    let p = Sudoku::from_sage_str(H, None).unwrap();
    for algorithm in Algorithm::CHOICES {
        let checked: Vec<Sudoku> = p.solutions_with(algorithm, true).unwrap().collect();
        let unchecked: Vec<Sudoku> = p.solutions_with(algorithm, false).unwrap().collect();
        assert_eq!(checked.len(), 5, "{algorithm}");
        assert_eq!(checked, unchecked, "{algorithm}");
        for s in &checked {
            common::checker::sudoku(&p, s.cells());
        }
        assert_eq!(p.count_solutions_with(algorithm, None, false).unwrap().0, 5);
    }
}

#[test]
fn the_cli_flag_skips_only_the_givens_check() {
    let o = tessera_with_stdin(&["sudoku", "solve"], CLASH);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    let o = tessera_with_stdin(&["sudoku", "solve", "--no-verify-input"], CLASH);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "no solution\n");
    let o = tessera_with_stdin(&["sudoku", "solve", "--no-verify-input", "--count"], CLASH);
    assert_eq!(stdout(&o), "0\n");
    // The entries' range is still checked (Sage's flag would skip it too;
    // a grid with a 5 in a 4x4 cannot be built here).
    let o = tessera_with_stdin(
        &["sudoku", "solve", "--no-verify-input"],
        ".1.2.......5....",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains('5'), "{}", stderr(&o));
    let o = tessera_with_stdin(
        &["sudoku", "solve", "--no-verify-input", "--variant", "x"],
        CLASH,
    );
    assert_eq!(o.status.code(), Some(2));
}
