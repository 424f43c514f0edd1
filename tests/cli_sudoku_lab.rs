//! The lab commands as a binary: `tessera sudoku explain|generate|export`
//! and `tessera count`.

use crate::common;

use crate::common::{stderr, stdout};
use std::process::Output;
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

fn tessera(args: &[&str], stdin: &str) -> Output {
    common::tessera_with_stdin(args, stdin)
}

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

#[test]
fn explain_prints_steps_then_the_rating() {
    let o = tessera(&["sudoku", "explain"], EASY);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // One placement per empty cell, then the rating.
    let empty = EASY.bytes().filter(|&b| b == b'0').count();
    assert_eq!(lines.len(), empty + 1, "{out}");
    assert!(lines[0].starts_with("Hidden single: ") || lines[0].starts_with("Naked single: "));
    // The grade, then the numeric rating (Sudoku Explainer-like).
    let last = *lines.last().unwrap();
    assert!(
        last.starts_with("Rating: easy (") && last.ends_with(')'),
        "{last}"
    );
}

#[test]
fn explain_shows_the_exploration_tree_and_rectangular_boxes() {
    // The first of tdoku's forum_hardest_1106: even forcing chains stall.
    let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let o = tessera(&["sudoku", "explain", "-"], hard);
    let out = stdout(&o);
    assert!(out.contains("Bifurcation: no rule applies; "), "{out}");
    assert!(out.contains("  Try r"), "{out}");
    assert!(out.contains("Contradiction: "), "{out}");
    assert!(out.ends_with("Rating: expert (10.0)\n"), "{out}");

    let o = tessera(
        &["sudoku", "explain", "--box", "2x3"],
        ".......1..5.1.6.4...2...4...1......6\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Rating: "));
}

#[test]
fn explain_reports_bad_lines_and_goes_on() {
    let input = format!("{}\n{EASY}\n", &EASY[..80]);
    let o = tessera(&["sudoku", "explain"], &input);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1:"), "{}", stderr(&o));
    assert!(stdout(&o).contains("\nRating: easy ("), "{}", stdout(&o));
    assert!(
        !stdout(&o).starts_with('\n'),
        "no separator before the first output"
    );
    let two = tessera(&["sudoku", "explain"], &format!("{EASY}\n{EASY}\n"));
    assert_eq!(stdout(&two).matches("\n\n").count(), 1);
    let o = tessera(&["sudoku", "explain"], &"0".repeat(81));
    assert!(
        stdout(&o).ends_with("More than one solution\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn generate_is_seeded_and_gives_unique_puzzles() {
    let args = [
        "sudoku",
        "generate",
        "--box",
        "2x3",
        "--count",
        "4",
        "--seed",
        "9",
        "--symmetry",
        "rot180",
        "--minimal",
    ];
    let a = tessera(&args, "");
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    let b = tessera(&args, "");
    assert_eq!(stdout(&a), stdout(&b));
    let lines: Vec<String> = stdout(&a).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4);
    for line in &lines {
        let p = Sudoku::from_sage_str(line, Shape::new(2, 3)).unwrap();
        assert_eq!(
            p.count_solutions(Algorithm::Dlx, Some(2)).unwrap(),
            1,
            "{line}"
        );
    }
    let c = tessera(&["sudoku", "generate", "--count", "2", "--seed", "10"], "");
    assert_ne!(stdout(&c), stdout(&a));
    let c2 = tessera(
        &[
            "sudoku",
            "generate",
            "--count",
            "2",
            "--seed",
            "10",
            "--difficulty",
            "hard",
        ],
        "",
    );
    let o = tessera(&["sudoku", "explain"], &stdout(&c2));
    assert_eq!(
        stdout(&o).matches("Rating: hard").count(),
        2,
        "{}",
        stdout(&o)
    );
}

#[test]
fn generate_rejects_bad_options_clearly() {
    let o = tessera(&["sudoku", "generate", "--symmetry", "diagonal"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("rot180, mirror or none"),
        "{}",
        stderr(&o)
    );
    let o = tessera(
        &[
            "sudoku",
            "generate",
            "--box",
            "2x2",
            "--difficulty",
            "expert",
            "--attempts",
            "20",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("gave up"), "{}", stderr(&o));
    let o = tessera(&["sudoku", "generate", "--box", "7x7"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("string form"), "{}", stderr(&o));
}

#[test]
fn export_writes_each_format() {
    let o = tessera(&["sudoku", "export", "--format", "cnf"], EASY);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let header = out.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    assert!(header.starts_with("p cnf 729 "), "{header}");
    let o = tessera(&["sudoku", "export", "--format", "edges"], EASY);
    assert_eq!(stdout(&o).lines().count(), 810);
    let o = tessera(&["sudoku", "export", "--format", "lp"], EASY);
    assert!(stdout(&o).contains("Binary\n") && stdout(&o).ends_with("End\n"));
    let o = tessera(&["sudoku", "export", "--format", "minizinc"], EASY);
    assert!(stdout(&o).contains("alldifferent"));
    let o = tessera(&["sudoku", "export", "--format", "sat"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cnf, lp, dot, edges, poly or minizinc"));
}

#[test]
fn count_grids_and_bands() {
    // (9x9 has its own release-only test below.)
    let o = tessera(&["count", "grids", "--box", "2x2"], "");
    assert_eq!(stdout(&o), "288\n");
    let o = tessera(&["count", "grids", "--box", "2x3"], "");
    assert_eq!(stdout(&o), "28200960\n");
    let o = tessera(&["count", "bands"], "");
    assert_eq!(
        stdout(&o),
        "boxes right of the first box: 12096\nboxes below the first box: 12096\npairs (right, below): 146313216\n"
    );
    let o = tessera(
        &["count", "grids", "--box", "2x4", "--budget", "100000"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("gave up after 100000 nodes"),
        "{}",
        stderr(&o)
    );
}

/// The published 9×9 total (Felgenhauer & Jarvis), by the band-signature
/// method — seconds in release, too slow for a debug binary.
#[test]
#[cfg_attr(not(optimized), ignore)]
fn count_nine_by_nine_grids() {
    let o = tessera(&["count", "grids", "--box", "3x3"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "6670903752021072936960\n");
    assert!(stderr(&o).contains("orbit 84/84"), "{}", stderr(&o));
}

#[test]
fn hint_says_more_at_each_stage_and_applies_at_the_fourth() {
    let line = |stage: &str| {
        let o = tessera(&["sudoku", "hint", "--stage", stage], EASY);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let one = line("1");
    assert!(
        one.starts_with("Look at box ") && one.contains("hidden single"),
        "{one}"
    );
    let two = line("2");
    assert!(
        two.starts_with("Hidden single on digit ") && two.contains("look at r"),
        "{two}"
    );
    let three = line("3");
    assert!(three.starts_with("Hidden single: "), "{three}");
    let four = line("4");
    let lines: Vec<&str> = four.lines().collect();
    assert!(lines[0].starts_with("Applied: Hidden single"), "{four}");
    // The grid after the step: one more digit, the givens kept.
    let after = lines[1].replace('.', "0");
    assert_eq!(after.len(), 81);
    let changed: Vec<usize> = (0..81)
        .filter(|&i| after.as_bytes()[i] != EASY.as_bytes()[i])
        .collect();
    assert_eq!(changed.len(), 1, "{after}");
    assert_eq!(EASY.as_bytes()[changed[0]], b'0');
    let o = tessera(&["sudoku", "hint", "--stage", "5"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--stage"), "{}", stderr(&o));
}

#[test]
fn hint_names_a_wrong_digit_and_reads_the_marks() {
    // r1c1 is empty; its candidates are 4 and 5 and the solution's digit
    // is 4 (Project Euler's grid 1): with 5 there, no solution is left.
    let wrong = format!("5{}", &EASY[1..]);
    let o = tessera(&["sudoku", "hint", "--givens", EASY], &wrong);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "r1c1 is not 5: the puzzle has no solution from here. Remove it before going on.\n"
    );
    // A position that changes a given is refused with its cell.
    let changed = format!("{}4{}", &EASY[..2], &EASY[3..]);
    let o = tessera(&["sudoku", "hint", "--givens", EASY], &changed);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the given at r1c3"), "{}", stderr(&o));
    // Marks that leave out r1c1's digit (4) are named.
    let o = tessera(&["sudoku", "hint", "--marks", "57"], EASY);
    assert!(
        stdout(&o).starts_with("The pencil marks of r1c1 rule out"),
        "{}",
        stdout(&o)
    );
    let o = tessera(&["sudoku", "hint", "--marks", "5x"], EASY);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'x' in group 1"), "{}", stderr(&o));
}

#[test]
fn explain_and_hint_read_x_sudoku_and_jigsaw_units() {
    let g = tessera(&["sudoku", "generate", "--variant", "x", "--seed", "4"], "");
    assert_eq!(g.status.code(), Some(0), "{}", stderr(&g));
    let o = tessera(&["sudoku", "explain", "--variant", "x"], &stdout(&g));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Rating: "), "{}", stdout(&o));
    let g = tessera(
        &["sudoku", "generate", "--variant", "jigsaw", "--seed", "5"],
        "",
    );
    let o = tessera(&["sudoku", "explain", "--variant", "jigsaw"], &stdout(&g));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Rating: "), "{}", stdout(&o));
    let o = tessera(
        &["sudoku", "hint", "--variant", "jigsaw", "--stage", "3"],
        &stdout(&g),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stdout(&o).trim().is_empty());
    let o = tessera(
        &["sudoku", "explain", "--variant", "samurai"],
        &"0".repeat(405),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Samurai"), "{}", stderr(&o));
}

#[test]
fn generate_targets_a_numeric_rating_band() {
    let g = tessera(
        &[
            "sudoku", "generate", "--count", "2", "--seed", "3", "--rating", "4.2-6.9",
        ],
        "",
    );
    assert_eq!(g.status.code(), Some(0), "{}", stderr(&g));
    let o = tessera(&["sudoku", "explain"], &stdout(&g));
    let ratings: Vec<f64> = stdout(&o)
        .lines()
        .filter_map(|l| l.strip_prefix("Rating: hard ("))
        .map(|r| r.trim_end_matches(')').parse().unwrap())
        .collect();
    assert_eq!(ratings.len(), 2, "{}", stdout(&o));
    assert!(
        ratings.iter().all(|r| (4.2..=6.9).contains(r)),
        "{ratings:?}"
    );
    let bad = tessera(&["sudoku", "generate", "--rating", "6-4"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("empty"), "{}", stderr(&bad));
}
