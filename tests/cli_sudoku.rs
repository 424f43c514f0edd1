//! The `tessera sudoku` command as a binary: stdout, stderr, exit status.

use crate::common;

use crate::common::{stderr, stdout};
use std::process::Output;

const H: &str = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
const HBAD: &str =
    "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
/// Sage's five solutions of h (reference §3.4), in Sage's order.
const H_SOLUTIONS: [&str; 5] = [
    "814637925325149687796825314957318462241956873638274591462793158579481236183562749",
    "814637925325941687796825314957318462241569873638472591462793158579184236183256749",
    "834671925125839647796425318957318462241956873368247591682793154579184236413562789",
    "834671925125839647796524318957318462241956873368247591682793154519482736473165289",
    "834671925125839647796524318957318462241965873368247591682793154519482736473156289",
];

fn tessera(args: &[&str], stdin: &str) -> Output {
    common::tessera_with_stdin(args, stdin)
}

/// Independent check: every row, column and 3x3 box of an 81-char solution
/// holds 1..9 once, and it keeps the puzzle's givens.
fn assert_solves(puzzle: &str, solution: &str) {
    let p: Vec<u8> = puzzle.bytes().collect();
    let s: Vec<u8> = solution.bytes().collect();
    assert_eq!(s.len(), 81, "{solution}");
    for i in 0..81 {
        assert!((b'1'..=b'9').contains(&s[i]), "{solution}");
        if p[i] != b'.' && p[i] != b'0' {
            assert_eq!(p[i], s[i], "given at {i} changed");
        }
    }
    for u in 0..9 {
        let row: Vec<usize> = (0..9).map(|k| u * 9 + k).collect();
        let col: Vec<usize> = (0..9).map(|k| k * 9 + u).collect();
        let bx: Vec<usize> = (0..9)
            .map(|k| (u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3)
            .collect();
        for unit in [row, col, bx] {
            let mut seen = [false; 10];
            for i in unit {
                let d = (s[i] - b'0') as usize;
                assert!(!seen[d], "{solution}: duplicate {d}");
                seen[d] = true;
            }
        }
    }
}

#[test]
fn solve_enumerates_h_in_sages_order_with_both_algorithms() {
    for alg in ["dlx", "backtrack"] {
        let o = tessera(&["sudoku", "solve", "--algorithm", alg, "--max", "10"], H);
        assert!(o.status.success(), "{alg}: {}", stderr(&o));
        let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
        assert_eq!(lines.len(), 5, "{alg}: {lines:?}");
        for l in &lines {
            assert_solves(H, l);
        }
        let mut got = lines.clone();
        got.sort();
        let mut want: Vec<String> = H_SOLUTIONS.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{alg}");
        if alg == "dlx" {
            assert_eq!(lines, H_SOLUTIONS, "dlx follows Sage's order");
        }
    }
}

#[test]
fn default_is_one_solution_and_count_respects_max() {
    let o = tessera(&["sudoku", "solve", "-"], H);
    assert_eq!(stdout(&o).lines().count(), 1);
    let o = tessera(&["sudoku", "solve", "--count"], &format!("{H}\n{HBAD}\n"));
    assert_eq!(stdout(&o), "5\n0\n");
    let o = tessera(&["sudoku", "solve", "--count", "--max", "2"], H);
    assert_eq!(stdout(&o), "2\n");
}

#[test]
fn unsolvable_prints_no_solution() {
    let o = tessera(&["sudoku", "solve", "--algorithm", "dlx"], HBAD);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "no solution\n");
}

#[test]
fn bad_lines_are_reported_with_their_number_and_others_still_run() {
    let input = format!("# a comment\n\n{H}\n.........\n.4..32....14..3.\n44..............\n");
    let o = tessera(&["sudoku", "solve", "--count"], &input);
    assert_eq!(o.status.code(), Some(2));
    // Lines 3 and 5 are fine; 4 has a wrong length; 6 repeats a 4 in row 1.
    assert_eq!(stdout(&o), "5\n1\n");
    let err = stderr(&o);
    assert!(err.contains("line 4"), "{err}");
    assert!(err.contains("perfect square"), "{err}");
    assert!(err.contains("line 6"), "{err}");
    assert!(!err.contains("line 3") && !err.contains("line 5"), "{err}");
}

#[test]
fn unknown_algorithm_is_a_clear_error() {
    let o = tessera(&["sudoku", "solve", "--algorithm", "bogus"], H);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bogus is not an algorithm"), "{err}");
    assert!(err.contains("dlx") && err.contains("backtrack"), "{err}");
}

#[test]
fn show_formats_match_sage() {
    let s = ".4..32....14..3.";
    let o = tessera(&["sudoku", "show", "--format", "ascii"], s);
    assert_eq!(
        stdout(&o),
        "+---+---+\n|  4|   |\n|3 2|   |\n+---+---+\n|   |1 4|\n|   |3  |\n+---+---+\n"
    );
    let o = tessera(&["sudoku", "show", "--format", "latex"], s);
    assert_eq!(
        stdout(&o),
        "\\begin{array}{|*{2}{*{2}{r}|}}\\hline\n &4& & \\\\\n3&2& & \\\\\\hline\n & &1&4\\\\\n & &3& \\\\\\hline\n\\end{array}\n"
    );
    let o = tessera(&["sudoku", "show", "--format", "list"], s);
    assert_eq!(
        stdout(&o),
        "[0, 4, 0, 0, 3, 2, 0, 0, 0, 0, 1, 4, 0, 0, 3, 0]\n"
    );
    let o = tessera(&["sudoku", "show", "--format", "matrix"], s);
    assert_eq!(stdout(&o), "[0 4 0 0]\n[3 2 0 0]\n[0 0 1 4]\n[0 0 3 0]\n");
    let list = "0, 4, 0, 0, 3, 2, 0, 0, 0, 0, 1, 4, 0, 0, 3, 0";
    let o = tessera(&["sudoku", "show", "--format", "string"], list);
    assert_eq!(stdout(&o), ".4..32....14..3.\n");
}

#[test]
fn rectangular_boxes_and_integer_lists() {
    // An empty 6x6 grid with 2x3 boxes: 28,200,960 grids, so --max caps the count.
    let empty6 = "0 ".repeat(36);
    let o = tessera(
        &[
            "sudoku", "solve", "--box", "2x3", "--count", "--max", "1000",
        ],
        &empty6,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1000\n");
    let o = tessera(
        &["sudoku", "solve", "--box", "2x3", "--format", "list"],
        &empty6,
    );
    let line = stdout(&o);
    let v: Vec<u32> = line
        .trim()
        .trim_matches(['[', ']'])
        .split(", ")
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(v.len(), 36);
    for r in 0..6 {
        let mut row: Vec<u32> = v[r * 6..r * 6 + 6].to_vec();
        row.sort();
        assert_eq!(row, vec![1, 2, 3, 4, 5, 6]);
    }
    let o = tessera(&["sudoku", "solve", "--box", "2x4"], &empty6);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"));
}

#[test]
fn top95_from_a_file_matches_the_published_solutions() {
    let solutions = std::fs::read_to_string("tests/data/sets/top95_solutions.txt")
        .expect("tests/data/sets/top95_solutions.txt is a correctness vector");
    for alg in ["dlx", "backtrack"] {
        let o = tessera(
            &[
                "sudoku",
                "solve",
                "tests/data/sets/top95.txt",
                "--algorithm",
                alg,
            ],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), solutions, "{alg}");
        let o = tessera(
            &[
                "sudoku",
                "solve",
                "tests/data/sets/top95.txt",
                "-a",
                alg,
                "--count",
            ],
            "",
        );
        assert_eq!(stdout(&o), "1\n".repeat(95), "{alg}");
    }
}

#[test]
fn missing_file_is_a_clear_error() {
    let o = tessera(&["sudoku", "solve", "no/such/file.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.txt"));
}

#[test]
fn sat_and_auto_solve_top95_and_count_like_the_others() {
    let solutions = std::fs::read_to_string("tests/data/sets/top95_solutions.txt").unwrap();
    for alg in ["sat", "auto"] {
        let o = tessera(
            &["sudoku", "solve", "tests/data/sets/top95.txt", "-a", alg],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), solutions, "{alg}");
        // Uniqueness: counting up to 2 finds exactly one.
        let o = tessera(
            &[
                "sudoku",
                "solve",
                "tests/data/sets/top95.txt",
                "-a",
                alg,
                "--count",
                "--max",
                "2",
            ],
            "",
        );
        assert_eq!(stdout(&o), "1\n".repeat(95), "{alg}");
        // h has five solutions; sat finds the same set (in its own order).
        let o = tessera(&["sudoku", "solve", "-a", alg, "--max", "10"], H);
        let text = stdout(&o);
        let mut got: Vec<&str> = text.lines().collect();
        got.sort();
        assert_eq!(got, H_SOLUTIONS, "{alg}");
        for s in got {
            assert_solves(H, s);
        }
        let o = tessera(
            &["sudoku", "solve", "-a", alg, "--count"],
            &format!("{H}\n{HBAD}\n"),
        );
        assert_eq!(stdout(&o), "5\n0\n", "{alg}");
    }
}

#[test]
fn verbose_reports_the_engine_that_answered_on_stderr_only() {
    let sixteen = ".".repeat(256);
    let twenty_five = ".".repeat(625);
    let input = format!("{H}\n{sixteen}\n{twenty_five}\n");
    let quiet = tessera(&["sudoku", "solve", "--count", "--max", "2"], &input);
    let o = tessera(
        &["sudoku", "solve", "--count", "--max", "2", "--verbose"],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n2\n2\n");
    assert_eq!(stdout(&o), stdout(&quiet), "stdout does not change");
    assert_eq!(stderr(&quiet), "");
    let err = stderr(&o);
    assert!(err.contains("line 1: answered by band"), "{err}");
    assert!(err.contains("line 2: answered by dlx"), "{err}");
    assert!(err.contains("line 3: answered by sat"), "{err}");
    // An explicit choice is reported too; the default is auto.
    let o = tessera(&["sudoku", "solve", "-a", "sat", "-v"], H);
    assert!(
        stderr(&o).contains("line 1: answered by sat"),
        "{}",
        stderr(&o)
    );
    let o = tessera(&["sudoku", "solve", "--help"], "");
    assert!(
        stdout(&o).contains("auto|dlx|backtrack|sat"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("[default: auto]"), "{}", stdout(&o));
}
