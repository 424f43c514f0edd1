//! The `tessera quantumino` command line, run as a binary.

use crate::common::{stderr, stdout};
use std::process::{Command, Output};

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .arg("quantumino")
        .args(args)
        .output()
        .expect("run tessera")
}

fn ok(args: &[&str]) -> String {
    let o = tessera(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

fn bad(args: &[&str], needle: &str) {
    let o = tessera(args);
    assert_eq!(o.status.code(), Some(2), "{args:?} should fail with 2");
    assert!(
        stderr(&o).contains(needle),
        "{args:?}: {:?} lacks {needle:?}",
        stderr(&o)
    );
}

/// Sage's computed first solutions, keyed by their `====` header.
fn sage_block(header: &str) -> String {
    let text = include_str!("quantumino_sage_first_solutions.txt");
    let start = text.find(header).expect("header") + header.len();
    let start = start + text[start..].find('\n').unwrap() + 1;
    let end = text[start..].find("====").map_or(text.len(), |e| start + e);
    text[start..end].to_string()
}

#[test]
fn pieces_in_sage_format() {
    let out = ok(&["pieces"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(
        lines[12],
        "Polyomino: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 1)], Color: blue"
    );
    assert!(lines[16].ends_with("Color: gray"));
}

#[test]
fn rows_as_sage() {
    assert_eq!(ok(&["rows", "--aside", "0"]), "5484\n");
    assert_eq!(ok(&["rows", "--aside", "8"]), "5172\n");
    assert_eq!(ok(&["rows", "--aside", "16"]), "5664\n");
    assert_eq!(ok(&["rows", "--aside", "6", "--box", "4x4x5"]), "8928\n");
    assert_eq!(ok(&["rows", "--aside", "4", "--box", "(40, 2, 1)"]), "0\n");
}

#[test]
fn solve_prints_sage_states() {
    assert_eq!(
        ok(&["solve", "--aside", "7"]),
        sage_block("next(QuantuminoSolver(7,).solve())")
    );
    assert_eq!(
        ok(&["solve", "--aside", "3", "--box", "2x2x20"]),
        sage_block("next(QuantuminoSolver(3, (2, 2, 20)).solve())")
    );
    let three = ok(&["solve", "--aside", "7", "--max", "3"]);
    let states: Vec<&str> = three.split("\n\n").collect();
    assert_eq!(states.len(), 3);
    for (i, s) in states.iter().enumerate() {
        let body: String = s.lines().skip(2).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            body,
            sage_block(&format!("QuantuminoSolver(7).solve() solution #{}", i + 1))
        );
    }
}

#[test]
fn solve_partial_modes() {
    let out = ok(&[
        "solve",
        "--aside",
        "0",
        "--partial",
        "common_prefix",
        "--max",
        "4",
    ]);
    let sizes: Vec<usize> = out.split("\n\n").map(|s| s.lines().count() - 2).collect();
    assert_eq!(sizes, [16, 9, 16, 6]);
    // Sage 6.8's name for it (the seed's): the same output.
    let common = ok(&["solve", "--aside", "0", "--partial", "common", "--max", "4"]);
    assert_eq!(common, out);
    let out = ok(&[
        "solve",
        "--aside",
        "0",
        "--partial",
        "incremental",
        "--max",
        "5",
    ]);
    let sizes: Vec<usize> = out.split("\n\n").map(|s| s.lines().count() - 2).collect();
    assert_eq!(sizes, [16, 15, 14, 13, 12]);
}

#[test]
fn impossible_box_has_no_solution() {
    let o = tessera(&["solve", "--aside", "7", "--box", "3x3x3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("no solution"));
    assert_eq!(ok(&["count", "--aside", "4", "--box", "3x2x2"]), "0\n");
}

#[test]
fn count_small_boxes() {
    let one: u64 = ok(&["count", "--aside", "0", "--box", "2x2x20", "--threads", "2"])
        .trim()
        .parse()
        .unwrap();
    assert!(one > 0);
    let all = ok(&["count", "--all", "--box", "2x2x20"]);
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(lines.len(), 18);
    assert_eq!(lines[0], format!("aside 0: {one}"));
    let per: Vec<u64> = lines[..17]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(lines[17], format!("total: {}", per.iter().sum::<u64>()));
    // Mirror-image asides have as many solutions (the box is achiral).
    for (a, b) in [(0, 1), (2, 3), (4, 5), (6, 7), (12, 13), (14, 15)] {
        assert_eq!(per[a], per[b], "asides {a} and {b}");
    }
    // 8 rotations of a 2×2×20 box, acting freely.
    let modulo = ok(&[
        "count",
        "--all",
        "--box",
        "2x2x20",
        "--modulo-box-rotations",
    ]);
    for (k, l) in modulo.lines().take(17).enumerate() {
        assert_eq!(l, format!("aside {k}: {}", per[k] / 8));
        assert_eq!(per[k] % 8, 0);
    }
}

#[test]
fn bad_input_exits_2() {
    bad(
        &["rows", "--aside", "17"],
        "aside (=17) must be between 0 and 16",
    );
    bad(
        &["solve", "--aside", "-1"],
        "aside (=-1) must be between 0 and 16",
    );
    bad(&["rows", "--aside", "0", "--box", "5x8"], "--box \"5x8\"");
    bad(
        &["rows", "--aside", "0", "--box", "5x0x2"],
        "must be positive",
    );
    bad(
        &["solve", "--aside", "0", "--partial", "prefix"],
        "Unknown value for partial (=prefix)",
    );
    bad(&["solve", "--aside", "0", "--max", "0"], "--max");
    bad(&["count", "--aside", "0", "--threads", "0"], "--threads");
    bad(&["count", "--box", "2x2x20"], "--aside");
    bad(
        &[
            "count",
            "--aside",
            "0",
            "--box",
            "5x3x2",
            "--modulo-box-rotations",
        ],
        "fixes the cell",
    );
}

/// The seed's texts where Sage 6.8 (its "Sage Reference Manual: Games,
/// Release 6.8") and current Sage differ: `tiling_solver()` named the box
/// ("into the box (5, 8, 2)", seed 000 lines 595–600 and 746–759) where
/// Sage prints its volume today, and `dlx_solver()` had no repr of its own.
#[test]
fn describe_as_sage_68_and_as_current_sage() {
    let flags = "Rotation allowed: True\nReflection allowed: False\nReusing pieces allowed: False";
    let seed = |bx: &str| format!("Tiling solver of 16 pieces into the box ({bx})\n{flags}");
    for (aside, bx, sage_box) in [
        ("0", "5x8x2", "5, 8, 2"),
        ("14", "5x8x2", "5, 8, 2"),
        ("14", "5x4x4", "5, 4, 4"),
    ] {
        let old = ok(&["describe", "--aside", aside, "--box", bx, "--sage", "6.8"]);
        let lines: Vec<&str> = old.lines().collect();
        assert_eq!(
            lines[0],
            format!("Quantumino solver for the box ({sage_box})")
        );
        assert_eq!(lines[1], format!("Aside pentamino number: {aside}"));
        assert_eq!(lines[2..6].join("\n"), seed(sage_box));
        assert_eq!(
            lines[6],
            "<sage.combinat.matrices.dancing_links.dancing_linksWrapper object at ...>"
        );
        let now = ok(&["describe", "--aside", aside, "--box", bx]);
        let lines: Vec<&str> = now.lines().collect();
        assert_eq!(
            lines[2..6].join("\n"),
            format!("Tiling solver of 16 pieces into a box of size 80\n{flags}")
        );
    }
    let now = ok(&["describe", "--aside", "0"]);
    assert!(
        now.ends_with("Dancing links solver for 96 columns and 5484 rows\n"),
        "{now}"
    );
    bad(
        &["describe", "--aside", "0", "--sage", "9.9"],
        "current or 6.8",
    );
}
