//! `tessera hexad` as a binary: Sage's exact text, exit codes, errors.

use std::process::Command;

fn tessera(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("run tessera");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn find_prints_sages_tuple() {
    let (code, out, _) = tessera(&["hexad", "find", "2", "3", "4", "5", "8"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "([2, 3, 4, 5, 8, 11], ['lines (1, 2)', 'picture 1'])\n"
    );
    let (_, out, _) = tessera(&[
        "hexad",
        "find",
        "--labeling",
        "modulo11",
        "1",
        "2",
        "3",
        "4",
        "inf",
    ]);
    assert_eq!(
        out,
        "([1, 2, 3, 4, 10, +Infinity], ['square 8', 'picture 0'])\n"
    );
}

#[test]
fn blackjack_kitten_and_list() {
    let (_, out, _) = tessera(&["hexad", "blackjack", "0", "2", "3", "6", "7", "9"]);
    assert_eq!(out, "7 --> 1. The total went from 27 to 21.\n");
    let (_, out, _) = tessera(&[
        "hexad",
        "blackjack",
        "--labeling",
        "modulo11",
        "0",
        "2",
        "3",
        "6",
        "1",
        "10",
    ]);
    assert_eq!(out, "6 --> 5. The total went from 22 to 21.\n");
    let (_, out, _) = tessera(&["hexad", "kitten", "--labeling", "modulo11"]);
    assert_eq!(out, "         +Infinity\n           \n         6\n       2  10\n      5  7  3\n     6  9  4  6\n   2  10  8  2  10\n           \n0                   1\n");
    let (code, out, _) = tessera(&["hexad", "list"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 132);
    assert_eq!(lines[0], "[0, 1, 2, 3, 4, 11]\t['square 2', 'picture 6']");
    let kinds = |k: &str| {
        lines
            .iter()
            .filter(|l| l.contains(&format!("['{k} ")))
            .count()
    };
    assert_eq!(
        (
            kinds("line"),
            kinds("lines"),
            kinds("cross"),
            kinds("square")
        ),
        (12, 12, 54, 54)
    );
}

#[test]
fn bad_input_exits_2_naming_the_problem() {
    for (args, needle) in [
        (vec!["hexad", "find", "1", "2", "3", "4"], "not 4"),
        (
            vec!["hexad", "find", "1", "2", "3", "4", "12"],
            "12 is not a point",
        ),
        (vec!["hexad", "find", "1", "2", "3", "4", "4"], "twice"),
        (vec!["hexad", "find", "1", "2", "3", "4", "inf"], "shuffle"),
        (
            vec!["hexad", "blackjack", "1", "2", "x", "4", "5", "6"],
            "'x'",
        ),
        (
            vec!["hexad", "kitten", "--labeling", "mod12"],
            "not implemented",
        ),
    ] {
        let (code, _, err) = tessera(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// Sage's `find_hexad0..3` doctests (sage/games/hexad.py), by the CLI.
#[test]
fn find_hexad0_to_3_as_sage() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["find0", "2", "4"],
            "([0, 1, 2, 4, 6, 8], ['line 1', 'picture 1'])",
        ),
        (
            &["find1", "2", "3", "4", "5", "8"],
            "([2, 3, 4, 5, 8, 11], ['lines (1, 2)', 'picture 1'])",
        ),
        (&["find2", "2", "3", "4", "5", "--x0", "1"], "([], [])"),
        (
            &["find2", "2", "3", "4", "8", "--x0", "0"],
            "([0, 2, 3, 4, 8, 9], ['cross 12', 'picture 0'])",
        ),
        (
            &["find3", "2", "3", "4", "--x0", "0", "--x1", "1"],
            "([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = std::iter::once("hexad")
            .chain(args.iter().copied())
            .collect();
        let (code, out, err) = tessera(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(out.trim_end(), expected, "{args:?}");
    }
    let (code, _, err) = tessera(&["hexad", "find2", "2", "3", "4", "8", "--x0", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("5 is not a point at infinity"), "{err}");
    let (code, _, err) = tessera(&["hexad", "find0", "2", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("point 2 is given twice"), "{err}");
    let (code, _, err) = tessera(&["hexad", "find3", "2", "3", "4", "--x0", "0", "--x1", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("must be different"), "{err}");
}
