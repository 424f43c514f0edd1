//! `tessera sudoku solve/generate --variant …` as a binary: generated
//! puzzles read back and solve uniquely, solutions pass a checker built here
//! from the rules, bad input is reported with its line and exit status 2.

use crate::common::{stderr, stdout, tessera_with_stdin as tessera};

/// Every row, column, box (and diagonal for X) of a 9×9 string holds 1..9.
fn check_9x9(s: &str, puzzle: &str, diagonals: bool, regions: Option<&str>) {
    let g: Vec<u32> = s.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(g.len(), 81);
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..9 {
        units.push((0..9).map(|k| i * 9 + k).collect());
        units.push((0..9).map(|k| k * 9 + i).collect());
        if regions.is_none() {
            units.push(
                (0..9)
                    .map(|k| (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3)
                    .collect(),
            );
        }
    }
    if let Some(map) = regions {
        let labels: Vec<char> = map.chars().collect();
        let mut seen = Vec::new();
        for &l in &labels {
            if !seen.contains(&l) {
                seen.push(l);
                units.push((0..81).filter(|&p| labels[p] == l).collect());
            }
        }
        assert_eq!(seen.len(), 9);
    }
    if diagonals {
        units.push((0..9).map(|i| i * 10).collect());
        units.push((0..9).map(|i| (8 - i) * 9 + i).collect());
    }
    for u in units {
        let mut d: Vec<u32> = u.iter().map(|&c| g[c]).collect();
        d.sort();
        assert_eq!(d, (1..=9).collect::<Vec<_>>(), "unit {u:?} in {s}");
    }
    for (p, q) in puzzle.chars().zip(s.chars()) {
        assert!(p == '.' || p == q);
    }
}

#[test]
fn x_puzzles_generate_and_solve_uniquely() {
    let gen = tessera(
        &[
            "sudoku",
            "generate",
            "--variant",
            "x",
            "--seed",
            "9",
            "--count",
            "2",
        ],
        "",
    );
    assert!(gen.status.success(), "{}", stderr(&gen));
    let text = stdout(&gen);
    assert_eq!(text.lines().count(), 2);
    let count = tessera(
        &["sudoku", "solve", "--variant", "x", "--count", "--max", "2"],
        &text,
    );
    assert_eq!(stdout(&count), "1\n1\n");
    let solved = tessera(&["sudoku", "solve", "--variant", "x"], &text);
    for (p, s) in text.lines().zip(stdout(&solved).lines()) {
        check_9x9(s, p, true, None);
    }
    // Same seed, same puzzles.
    let again = tessera(
        &[
            "sudoku",
            "generate",
            "--variant",
            "x",
            "--seed",
            "9",
            "--count",
            "2",
        ],
        "",
    );
    assert_eq!(stdout(&again), text);
}

#[test]
fn jigsaw_lines_carry_their_map() {
    let gen = tessera(
        &["sudoku", "generate", "--variant", "jigsaw", "--seed", "4"],
        "",
    );
    assert!(gen.status.success(), "{}", stderr(&gen));
    let line = stdout(&gen);
    let (puzzle, map) = line.trim().split_once(' ').unwrap();
    let solved = tessera(
        &["sudoku", "solve", "--variant", "jigsaw", "--max", "2"],
        &line,
    );
    let out = stdout(&solved);
    assert_eq!(out.lines().count(), 1, "unique: {out}");
    check_9x9(out.trim(), puzzle, false, Some(map));
    // The same with --regions.
    let solved = tessera(
        &["sudoku", "solve", "--variant", "jigsaw", "--regions", map],
        puzzle,
    );
    assert_eq!(stdout(&solved), out);
}

#[test]
fn samurai_prints_five_grids_or_the_layout() {
    let gen = tessera(
        &["sudoku", "generate", "--variant", "samurai", "--seed", "2"],
        "",
    );
    assert!(gen.status.success(), "{}", stderr(&gen));
    let line = stdout(&gen);
    let grids: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(grids.len(), 5);
    let solved = tessera(
        &["sudoku", "solve", "--variant", "samurai", "--max", "2"],
        &line,
    );
    let out = stdout(&solved);
    assert_eq!(out.lines().count(), 1);
    let sol: Vec<&str> = out.split_whitespace().collect();
    for (g, p) in sol.iter().zip(&grids) {
        check_9x9(g, p, false, None);
    }
    // Shared boxes agree: top-left box 9 = centre box 1, and so on.
    let bx = |g: &str, b: usize| -> String {
        (0..9)
            .map(|k| g.as_bytes()[(b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3] as char)
            .collect()
    };
    assert_eq!(bx(sol[0], 8), bx(sol[2], 0));
    assert_eq!(bx(sol[1], 6), bx(sol[2], 2));
    assert_eq!(bx(sol[3], 2), bx(sol[2], 6));
    assert_eq!(bx(sol[4], 0), bx(sol[2], 8));
    let layout = tessera(
        &[
            "sudoku",
            "solve",
            "--variant",
            "samurai",
            "--format",
            "ascii",
        ],
        &line,
    );
    let text = stdout(&layout);
    assert_eq!(text.lines().count(), 21);
    assert_eq!(text.lines().nth(9).unwrap().trim(), &sol[2][27..36]);
}

#[test]
fn bad_variant_input_is_reported_with_its_line() {
    let two_fives = format!("5{}5", ".".repeat(79));
    let o = tessera(
        &["sudoku", "solve", "--variant", "x"],
        &format!("# x\n{two_fives}\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "tessera: line 2: 5 appears twice in diagonal ↘: at r1c1 and r9c9\n"
    );
    let o = tessera(
        &[
            "sudoku",
            "solve",
            "--variant",
            "jigsaw",
            "--regions",
            "aabbaabbccddccdd",
        ],
        "....",
    );
    assert!(stderr(&o).contains("found 4 cells"), "{}", stderr(&o));
    let o = tessera(
        &[
            "sudoku",
            "solve",
            "--variant",
            "jigsaw",
            "--regions",
            "abbbaabbccddccdd",
        ],
        "................",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("region a has 3 cells"),
        "{}",
        stderr(&o)
    );
    let o = tessera(&["sudoku", "solve", "--variant", "samurai"], ". . .");
    assert!(stderr(&o).contains("but 3 were found"), "{}", stderr(&o));
    let o = tessera(&["sudoku", "solve", "--regions", "aabb"], "");
    assert!(stderr(&o).contains("--regions only applies to --variant jigsaw"));
}

/// A file that cannot be opened is named on stderr with exit status 2,
/// for the standard commands and the variant ones alike.
#[test]
fn an_unreadable_input_is_named() {
    let missing = "no/such/puzzles.txt";
    for args in [
        vec!["sudoku", "solve", missing],
        vec!["sudoku", "show", missing, "--format", "ascii"],
        vec!["sudoku", "solve", "--variant", "x", missing],
    ] {
        let o = tessera(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains(&format!("cannot open '{missing}'")),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn variants_solve_with_every_algorithm_and_report_the_engine() {
    let gen = tessera(
        &["sudoku", "generate", "--variant", "samurai", "--seed", "2"],
        "",
    );
    let line = stdout(&gen);
    let grids: Vec<&str> = line.split_whitespace().collect();
    let mut answers = Vec::new();
    for alg in ["auto", "dlx", "backtrack", "sat"] {
        let solved = tessera(
            &[
                "sudoku",
                "solve",
                "--variant",
                "samurai",
                "-a",
                alg,
                "--max",
                "2",
                "-v",
            ],
            &line,
        );
        assert!(solved.status.success(), "{alg}: {}", stderr(&solved));
        let out = stdout(&solved);
        assert_eq!(out.lines().count(), 1, "{alg}: unique");
        for (g, p) in out.split_whitespace().zip(&grids) {
            check_9x9(g, p, false, None);
        }
        // Auto starts on DLX and may hand over to SAT (a Samurai can take
        // DLX past its patience); variants have no backtracking solver.
        let engines: &[&str] = match alg {
            "sat" => &["sat"],
            "auto" => &["dlx", "sat"],
            _ => &["dlx"],
        };
        let err = stderr(&solved);
        assert!(
            engines
                .iter()
                .any(|e| err.contains(&format!("line 1: answered by {e}\n"))),
            "{alg}: {err}"
        );
        answers.push(out);
        let count = tessera(
            &[
                "sudoku",
                "solve",
                "--variant",
                "samurai",
                "-a",
                alg,
                "--count",
            ],
            &line,
        );
        assert_eq!(stdout(&count), "1\n", "{alg}");
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]));
}
