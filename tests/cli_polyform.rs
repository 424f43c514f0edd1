//! The `tessera polyform` command line, run as a binary.

use crate::common::{stderr, stdout};
use std::process::{Command, Output};

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("run tessera")
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "tessera-cli-polyform-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn list_shows_names_families_and_counts() {
    let o = tessera(&["polyform", "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("pentominoes-6x10 "))
        .expect("6x10 listed");
    assert!(
        line.contains("polyomino") && line.contains("2339 unique") && line.contains("9356 all"),
        "{line}"
    );
    for name in [
        "soma-3x3x3",
        "hexiamonds-4x9",
        "tetrahexes-4x7",
        "tetrasticks-5x5",
        "solid-pentominoes-3x4x5",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name} missing");
    }
    assert!(
        out.contains("polycube")
            && out.contains("polyiamond")
            && out.contains("polyhex")
            && out.contains("polystick")
    );
}

#[test]
fn solve_prints_a_solution_file() {
    let o = tessera(&["polyform", "solve", "pentominoes-3x20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Solving Pentominoes3x20:\n\nsolution 1:\n"),
        "{out}"
    );
    assert!(out.contains("\nsolution 2:\n"));
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("2 solutions, ") && last.contains(" searches, duration 0:00:"),
        "{last}"
    );
    // Each record has 12 coordinate lines of 5 cells and a 3-row picture.
    let record: Vec<&str> = out.lines().skip(3).take(16).collect();
    assert!(
        record[..12]
            .iter()
            .all(|l| l.split_whitespace().count() == 6),
        "{record:?}"
    );
    assert_eq!(record[12], "");
    assert!(
        record[13..16].iter().all(|l| l.split(' ').count() == 20),
        "{record:?}"
    );
}

#[test]
fn count_all_and_max() {
    let o = tessera(&["polyform", "solve", "soma-3x3x3", "--count"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("240 solutions, "), "{}", stdout(&o));
    let o = tessera(&["polyform", "solve", "pentominoes-3x20", "--count", "--all"]);
    assert!(stdout(&o).starts_with("8 solutions, "), "{}", stdout(&o));
    let o = tessera(&["polyform", "solve", "hexiamonds-4x9", "--max", "3"]);
    let out = stdout(&o);
    assert!(out.contains("solution 3:") && !out.contains("solution 4:"));
    assert!(out.lines().last().unwrap().starts_with("3 solutions, "));
    let o = tessera(&[
        "polyform",
        "solve",
        "tetrahexes-4x7",
        "--count",
        "--max",
        "4",
    ]);
    assert!(stdout(&o).starts_with("4 solutions, "), "{}", stdout(&o));
    // Counting on several threads gives the same count as one thread.
    for threads in ["1", "3"] {
        let o = tessera(&[
            "polyform",
            "solve",
            "pentominoes-5x12",
            "--count",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).starts_with("1010 solutions, "), "{}", stdout(&o));
    }
    let o = tessera(&[
        "polyform",
        "solve",
        "soma-3x3x3",
        "--count",
        "--threads",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--threads must be at least 1"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn svg_and_read_back() {
    let dir = temp_dir("svg");
    let o = tessera(&[
        "polyform",
        "solve",
        "tetrahexes-4x7",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for n in 1..=9 {
        let svg = std::fs::read_to_string(dir.join(format!("tetrahexes-4x7-{n}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"piece\"").count(), 7);
    }
    // Read the file back: the same records come out, and drawings too.
    let file = dir.join("tetrahexes.txt");
    std::fs::write(&file, &text).unwrap();
    let again = temp_dir("svg-again");
    let o = tessera(&[
        "polyform",
        "solve",
        "tetrahexes-4x7",
        "--read",
        file.to_str().unwrap(),
        "--svg",
        again.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let reread = stdout(&o);
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("searches, duration"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&reread), strip(&text));
    assert!(again.join("tetrahexes-4x7-9.svg").exists());
    // --max with --read renders only the first records.
    let o = tessera(&[
        "polyform",
        "solve",
        "tetrahexes-4x7",
        "--read",
        file.to_str().unwrap(),
        "--max",
        "1",
    ]);
    assert!(stdout(&o).contains("solution 1:") && !stdout(&o).contains("solution 2:"));
    // --solution N picks one record.
    let o = tessera(&[
        "polyform",
        "solve",
        "tetrahexes-4x7",
        "--read",
        file.to_str().unwrap(),
        "--solution",
        "5",
    ]);
    let out = stdout(&o);
    assert!(
        out.contains("solution 5:") && !out.contains("solution 1:") && !out.contains("solution 6:")
    );
    let o = tessera(&[
        "polyform",
        "solve",
        "tetrahexes-4x7",
        "--read",
        file.to_str().unwrap(),
        "--solution",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("has no solution 10 (it has 9 records)"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again);
}

#[test]
fn read_rejects_a_file_for_another_puzzle() {
    let dir = temp_dir("read");
    let file = dir.join("x.txt");
    let o = tessera(&["polyform", "solve", "soma-3x3x3", "--max", "1"]);
    std::fs::write(&file, stdout(&o)).unwrap();
    let o = tessera(&[
        "polyform",
        "solve",
        "pentominoes-6x10",
        "--read",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("outside the region"), "{}", stderr(&o));
    let o = tessera(&[
        "polyform",
        "solve",
        "pentominoes-6x10",
        "--read",
        "/nonexistent/file.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read /nonexistent/file.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn enumerate_families() {
    let o = tessera(&[
        "polyform",
        "enumerate",
        "--family",
        "polyomino",
        "--size",
        "10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let counts: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(counts.len(), 10);
    assert_eq!(counts[9], "10 4655");
    let o = tessera(&[
        "polyform",
        "enumerate",
        "--family",
        "polyomino",
        "--size",
        "10",
        "--one-sided",
    ]);
    assert!(stdout(&o).lines().any(|l| l == "10 9189"));
    let cases = [
        ("polyiamond", "8", "8 66"),
        ("polyhex", "6", "6 82"),
        ("polycube", "6", "6 166"),
        ("polystick", "5", "5 55"),
    ];
    for (family, size, last) in cases {
        let o = tessera(&["polyform", "enumerate", "--family", family, "--size", size]);
        assert!(o.status.success(), "{family}: {}", stderr(&o));
        assert_eq!(stdout(&o).lines().last().unwrap(), last, "{family}");
    }
}

#[test]
fn bad_input_exits_2_with_a_message() {
    // Each bad command line, and what its message must say (nothing when
    // only the exit status is checked).
    let cases: [(&[&str], &[&str]); 7] = [
        (
            &["polyform", "solve", "pentominoes-7x7"],
            // The message also says where the names are.
            &["unknown puzzle 'pentominoes-7x7'", "tessera polyform list"],
        ),
        (
            &[
                "polyform",
                "enumerate",
                "--family",
                "polyfoo",
                "--size",
                "3",
            ],
            &["unknown polyform family 'polyfoo'"],
        ),
        (
            &[
                "polyform",
                "enumerate",
                "--family",
                "polyomino",
                "--size",
                "40",
            ],
            &["size 40 is too large (the limit is 16)"],
        ),
        (
            &[
                "polyform",
                "enumerate",
                "--family",
                "polycube",
                "--size",
                "4",
                "--one-sided",
            ],
            &["--one-sided does not apply"],
        ),
        (
            &[
                "polyform",
                "enumerate",
                "--family",
                "polyomino",
                "--size",
                "0",
            ],
            &[],
        ),
        (&["polyform", "solve", "soma-3x3x3", "--max", "0"], &[]),
        // Unknown flags are usage errors (clap exits 2).
        (&["polyform", "solve", "soma-3x3x3", "--fast"], &[]),
    ];
    for (args, says) in cases {
        let o = tessera(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        for text in says {
            assert!(stderr(&o).contains(text), "{args:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn enumerate_polytrigs_and_polytwigs() {
    // Polyform Puzzler's tables: free and one-sided.
    for (family, size, one_sided, last) in [
        ("polytrig", "6", false, "6 2613"),
        ("polytrig", "6", true, "6 5123"),
        ("polytwigs", "7", false, "7 78"),
        ("polytwig", "7", true, "7 143"),
    ] {
        let mut args = vec!["polyform", "enumerate", "--family", family, "--size", size];
        if one_sided {
            args.push("--one-sided");
        }
        let o = tessera(&args);
        assert!(o.status.success(), "{family}: {}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().last().unwrap(), last, "{family} {one_sided}");
        let kind = if one_sided { "one-sided" } else { "free" };
        assert!(
            out.starts_with(&format!("# {kind} {}", family.trim_end_matches('s'))),
            "{out}"
        );
    }
    let o = tessera(&[
        "polyform",
        "enumerate",
        "--family",
        "polytrig",
        "--size",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the limit is 9"), "{}", stderr(&o));
}

#[test]
fn trig_and_twig_puzzles_solve_count_draw_and_read_back() {
    let o = tessera(&["polyform", "list"]);
    let out = stdout(&o);
    let trig = out
        .lines()
        .find(|l| l.starts_with("tritrigs-heart-2 "))
        .expect("listed");
    assert!(
        trig.contains("polytrig") && trig.contains("52 unique"),
        "{trig}"
    );
    assert!(out
        .lines()
        .any(|l| l.starts_with("pentatwigs-triangle ") && l.contains("polytwig")));
    // By Polyform Puzzler's class name, counted.
    let o = tessera(&["polyform", "solve", "TritrigsHeart2", "--count"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("52 solutions, "), "{}", stdout(&o));
    let o = tessera(&[
        "polyform",
        "solve",
        "Polytwigs1234Hex1",
        "--count",
        "--threads",
        "2",
    ]);
    assert!(stdout(&o).starts_with("1175 solutions, "), "{}", stdout(&o));
    // Solutions as a file and as drawings, read back unchanged.
    let dir = temp_dir("segments");
    for (name, title, pieces, n) in [
        ("tritrigs-triangle-2", "TritrigsTriangle2", 12, 4),
        ("tetratwigs-arch", "TetratwigsArch", 4, 2),
    ] {
        let o = tessera(&["polyform", "solve", name, "--svg", dir.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(
            text.starts_with(&format!("Solving {title}:\n\nsolution 1:\n")),
            "{text}"
        );
        let coords: Vec<&str> = text.lines().skip(3).take(pieces).collect();
        assert!(
            coords.iter().all(|l| l
                .split_whitespace()
                .rev()
                .skip(1)
                .all(|t| t.split(',').count() == 3)),
            "{coords:?}"
        );
        assert!(text
            .lines()
            .last()
            .unwrap()
            .starts_with(&format!("{n} solutions, ")));
        for k in 1..=n {
            let svg = std::fs::read_to_string(dir.join(format!("{name}-{k}.svg"))).unwrap();
            assert_eq!(svg.matches("class=\"piece\"").count(), pieces, "{name}");
            assert_eq!(svg.matches("stroke-linecap=\"round\"").count(), pieces);
            assert!(svg.contains("<circle"), "grid points drawn");
        }
        let file = dir.join(format!("{name}.txt"));
        std::fs::write(&file, &text).unwrap();
        let o = tessera(&["polyform", "solve", name, "--read", file.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let strip = |s: &str| {
            s.lines()
                .filter(|l| !l.contains("searches, duration"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&stdout(&o)), strip(&text), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn catalogue_is_listed_searched_and_solved_by_class_name() {
    let o = tessera(&["polyform", "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let ids: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("id "))
        .skip(1)
        .collect();
    assert!(ids.len() >= 1170, "{} catalogue lines", ids.len());
    assert!(ids.iter().any(|l| l.starts_with("HexiamondsHeart ")
        && l.contains("polyiamond")
        && l.contains("4154")));
    let o = tessera(&[
        "polyform", "list", "--family", "polytwig", "--search", "Brown",
    ]);
    let out = stdout(&o);
    assert!(out.contains("PentatwigsTriangle2"), "{out}");
    assert!(!out.contains("Hexiamonds"), "{out}");
    let o = tessera(&["polyform", "list", "--family", "nonsense"]);
    assert_eq!(o.status.code(), Some(2));
    // A catalogue id, with the -n alias of --max.
    let o = tessera(&["polyform", "solve", "Pentominoes3x20", "-n", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 solution"), "{}", stdout(&o));
    let o = tessera(&["polyform", "solve", "Pentominoes3x20Loop"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("wraps"), "{}", stderr(&o));
    // A tiny count report, and the speed target's set: certain published
    // counts up to N (3x20's is 2, so 1 leaves it out; the Loop has none).
    let report = |more: &[&str]| {
        let mut args = vec![
            "polyform",
            "count-catalogue",
            "--max-seconds",
            "1",
            "--filter",
            "Pentominoes3x20",
        ];
        args.extend_from_slice(more);
        let o = tessera(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let row = "| Pentominoes3x20 | polyomino | 60 | 2 | 2 | agree |";
    let md = report(&[]);
    assert!(md.contains(row), "{md}");
    assert!(md.contains("Pentominoes3x20Loop"), "{md}");
    let md = report(&["--published-at-most", "2"]);
    assert!(md.contains("--published-at-most 2"), "{md}");
    assert!(md.contains(row), "{md}");
    assert!(!md.contains("Pentominoes3x20Loop"), "{md}");
    assert!(report(&["--published-at-most", "1"]).contains("Puzzles: 0 chosen"));
}

/// Polyform Puzzler's own options: -a, -d, -n, -r, -s (a file), -t, -x.
#[test]
fn polyform_puzzler_options() {
    // -d: the matrix size, no search. 12 pieces + 60 cells, no secondary items.
    let o = tessera(&["polyform", "solve", "Pentominoes6x10", "-d"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Solving Pentominoes6x10:\n"), "{out}");
    assert!(
        out.contains("72 columns (72 primary: 12 pieces + 60 cells; 0 secondary)"),
        "{out}"
    );
    assert!(
        !out.contains("solution 1"),
        "a dry run does not search: {out}"
    );
    // -a: every inner search finds the same solutions, in the same count.
    let mut trailers = Vec::new();
    for alg in ["auto", "dlx", "bitfill"] {
        let o = tessera(&["polyform", "solve", "tetrahexes-4x7", "-a", alg, "--count"]);
        assert!(o.status.success(), "{alg}: {}", stderr(&o));
        let out = stdout(&o);
        trailers.push(out.split(" solutions").next().unwrap().to_string());
    }
    assert!(trailers.iter().all(|t| t == &trailers[0]), "{trailers:?}");
    let o = tessera(&["polyform", "solve", "tetrahexes-4x7", "-a", "x2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown --algorithm 'x2'"),
        "{}",
        stderr(&o)
    );
    // -n 3 and -s FILE.svg (the first solution) with -t (thin lines).
    let dir = temp_dir("pp-options");
    let svg_file = dir.join("first.svg");
    let o = tessera(&[
        "polyform",
        "solve",
        "Pentominoes6x10",
        "-n",
        "3",
        "-s",
        svg_file.to_str().unwrap(),
        "-t",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = stdout(&o);
    assert!(file.starts_with("Solving Pentominoes6x10:\n"), "{file}");
    assert!(file.contains("solution 3:") && !file.contains("solution 4:"));
    let svg = std::fs::read_to_string(&svg_file).expect("-s wrote the first solution");
    assert_eq!(
        svg.matches("class=\"piece\"").count(),
        12,
        "one group per piece"
    );
    assert!(svg.contains("stroke-width=\"0.5\""), "thin lines");
    // -r: read the file back (the long name too).
    let sols = dir.join("six.txt");
    std::fs::write(&sols, &file).unwrap();
    for flag in ["-r", "--read-solution"] {
        let o = tessera(&[
            "polyform",
            "solve",
            "Pentominoes6x10",
            flag,
            sols.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{flag}: {}", stderr(&o));
        assert!(stdout(&o).contains("solution 3:"));
    }
    // -x: X3D for a polycube puzzle; a clear error for a flat one.
    let x3d = dir.join("soma.x3d");
    let o = tessera(&[
        "polyform",
        "solve",
        "soma-3x3x3",
        "-n",
        "1",
        "-x",
        x3d.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let scene = std::fs::read_to_string(&x3d).expect("-x wrote the scene");
    assert!(
        scene.contains("<X3D") && scene.contains("Soma3x3x3"),
        "{scene}"
    );
    assert!(
        scene.matches("<Transform").count() >= 27,
        "27 unit cubes placed"
    );
    let o = tessera(&[
        "polyform",
        "solve",
        "pentominoes-6x10",
        "-x",
        x3d.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--x3d draws polycube puzzles"),
        "{}",
        stderr(&o)
    );
}
