//! Solution files: Polyform Puzzler's example reads back and renders as in
//! the documentation; files written for every lattice read back unchanged.

use std::time::Duration;
use tessera::engine::polyform::format::{self, check_against, parse, visual, write_file};
use tessera::engine::polyform::{library, solve, svg, Solution, SolveOptions};

/// The 6×10 solution of Polyform Puzzler's FAQ ("How should polyomino
/// solution files be interpreted?").
const FAQ_RECORD: &str = "\
Solving Pentominoes6x10Matrix:

solution 1:
1,1 2,0 2,1 2,2 3,1 X
0,0 0,1 0,2 0,3 1,0 L
3,0 4,0 4,1 4,2 5,1 F
5,0 6,0 6,1 6,2 7,0 T
1,2 1,3 2,3 3,2 3,3 U
0,4 0,5 1,4 1,5 2,4 P
2,5 3,5 4,5 5,5 6,5 I
5,2 5,3 6,3 7,3 7,4 Z
3,4 4,3 4,4 5,4 6,4 Y
7,5 8,5 9,3 9,4 9,5 V
7,1 7,2 8,0 8,1 9,0 W
8,2 8,3 8,4 9,1 9,2 N

P P I I I I I V V V
P P P Y Y Y Y Z N V
L U U U Y Z Z Z N V
L U X U F Z T W N N
L X X X F F T W W N
L L X F F T T T W W

2339 solutions, 906813 searches, duration 0:19:10.133000
";

#[test]
fn faq_example_reads_and_renders_identically() {
    let file = parse(FAQ_RECORD).unwrap();
    assert_eq!(file.title, "Pentominoes6x10Matrix");
    assert_eq!(
        file.trailer,
        Some((2339, 906_813, "0:19:10.133000".to_string()))
    );
    assert_eq!(file.solutions.len(), 1);
    let (n, sol) = &file.solutions[0];
    assert_eq!(*n, 1);
    assert_eq!(sol.pieces.len(), 12);
    let p = library::find("pentominoes-6x10").unwrap();
    check_against(&p, sol).unwrap();
    // The visual representation is the one in the FAQ, line for line.
    let expected: Vec<&str> = FAQ_RECORD.lines().skip(16).take(6).collect();
    let got = visual(p.lattice, &p.region, sol);
    assert_eq!(got.lines().collect::<Vec<_>>(), expected);
    // And the record we write has the same coordinate lines.
    let rec = format::record(&p, 1, sol);
    let want: Vec<&str> = FAQ_RECORD.lines().skip(3).take(12).collect();
    assert_eq!(rec.lines().skip(1).take(12).collect::<Vec<_>>(), want);
}

fn round_trip(name: &str, unique: bool, limit: usize) -> Vec<Solution> {
    let p = library::find(name).unwrap();
    let sols = solve::solutions(&p, SolveOptions { unique }, Some(limit)).unwrap();
    assert!(!sols.is_empty(), "{name}");
    let text = write_file(&p, &sols, 12345, Duration::from_millis(1500));
    assert!(
        text.starts_with(&format!("Solving {}:\n\nsolution 1:\n", p.title)),
        "{text}"
    );
    assert!(text.ends_with(&format!(
        "{} solutions, 12345 searches, duration 0:00:01.500000\n",
        sols.len()
    )));
    let back = parse(&text).unwrap();
    assert_eq!(back.title, p.title);
    assert_eq!(back.solutions.len(), sols.len());
    for (k, ((n, s), orig)) in back.solutions.iter().zip(&sols).enumerate() {
        assert_eq!(*n, k as u128 + 1);
        assert_eq!(s, orig, "{name} solution {n}");
        check_against(&p, s).unwrap();
        // Any solution read back can be drawn.
        let drawing = svg::render_solution(&p, s, &svg::SvgStyle::default());
        assert!(drawing.starts_with("<svg"));
    }
    sols
}

#[test]
fn round_trip_every_lattice() {
    round_trip("pentominoes-3x20", false, 8);
    round_trip("pentominoes-8x8-hole", true, 3);
    round_trip("soma-3x3x3", true, 5);
    round_trip("hexiamonds-4x9", true, 3);
    round_trip("tetrahexes-4x7", false, 18);
    round_trip("y-pentomino-5x10", false, 10);
    let sticks = round_trip("tetrasticks-5x5", true, 2);
    assert_eq!(sticks[0].omitted().len(), 1);
}

#[test]
fn records_show_coordinates_and_layers() {
    let p = library::find("soma-3x3x3").unwrap();
    let sol = &solve::solutions(&p, SolveOptions::default(), Some(1)).unwrap()[0];
    let rec = format::record(&p, 7, sol);
    let lines: Vec<&str> = rec.lines().collect();
    assert_eq!(lines[0], "solution 7:");
    // Three coordinates per cell, name last.
    for l in &lines[1..8] {
        let toks: Vec<&str> = l.split_whitespace().collect();
        assert!(
            toks[..toks.len() - 1]
                .iter()
                .all(|t| t.split(',').count() == 3),
            "{l}"
        );
    }
    assert_eq!(lines[8], "");
    // Three layers of three rows side by side, separated by four spaces.
    for l in &lines[9..12] {
        assert_eq!(l.split("    ").count(), 3, "{l:?}");
    }
    // Stick records: three coordinates and "! H" for the piece left out.
    let t = library::find("tetrasticks-5x5").unwrap();
    let sol = &solve::solutions(&t, SolveOptions::default(), Some(1)).unwrap()[0];
    let rec = format::record(&t, 1, sol);
    assert!(rec.lines().any(|l| l.starts_with("! ")), "{rec}");
    assert!(rec.contains("omitted)"), "{rec}");
}

#[test]
fn coordinates_are_padded_like_polyform_puzzler() {
    let p = library::find("pentominoes-3x20").unwrap();
    let sol = &solve::solutions(&p, SolveOptions::default(), Some(1)).unwrap()[0];
    let rec = format::record(&p, 1, sol);
    for l in rec.lines().skip(1).take(12) {
        for t in l.split_whitespace().take(5) {
            let (x, y) = t.split_once(',').unwrap();
            assert_eq!((x.len(), y.len()), (2, 1), "{l}");
        }
    }
}

#[test]
fn bad_files_are_reported_with_line_numbers() {
    let e = parse("solution 1:\n1,1 2,x X\n").unwrap_err().to_string();
    assert!(e.starts_with("line 2:"), "{e}");
    assert!(parse("nothing here\n").is_err());
    let p = library::find("pentominoes-6x10").unwrap();
    let file = parse("solution 1:\n0,0 0,1 0,2 0,3 1,0 L\n0,0 1,1 Q\n").unwrap();
    let e = check_against(&p, &file.solutions[0].1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("'Q' is not in puzzle"), "{e}");
    let file = parse("solution 1:\n0,0 0,1 0,2 0,3 1,0 L\n0,0 1,1 1,2 1,3 1,4 I\n").unwrap();
    let e = check_against(&p, &file.solutions[0].1)
        .unwrap_err()
        .to_string();
    assert!(e.contains("overlap"), "{e}");
}
