//! Puzzle links with variant constraints, built here from the formats'
//! facts (f-puzzles' JSON and SudokuPad's drawings, lz-string-compressed as
//! the sites do) over random solved grids: a killer, a thermometer, an
//! arrow, a Kropki and a sandwich puzzle are read, solved and checked by
//! the independent checker; links with rules Tessera does not hold are
//! refused naming every kind; and `tessera sudoku constraint` solves,
//! counts and lists candidates, failing with the line of a bad one.

use crate::common::{stderr, stdout, tessera_with_stdin};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use tessera::engine::sudoku::constraint::{check, solve, Puzzle};
use tessera::engine::sudoku::generate::random_grid;
use tessera::engine::sudoku::links::{parse_link, write::fpuzzles_link, LinkPuzzle};
use tessera::engine::sudoku::Shape;

fn grid(seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    random_grid(Shape::NINE, &mut rng)
        .expect("a grid")
        .cells()
        .to_vec()
}

fn rc(cell: usize) -> String {
    format!("\"R{}C{}\"", cell / 9 + 1, cell % 9 + 1)
}

/// f-puzzles JSON: the grid with every third cell of `solution` given,
/// plus `extra` members.
fn fpuzzles(solution: &[u8], every: usize, extra: &str) -> String {
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let cells: Vec<String> = (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    if i % every == 0 {
                        format!(r#"{{"value":{},"given":true}}"#, solution[i])
                    } else {
                        "{}".into()
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!(r#"{{"size":9,"grid":[{}]{extra}}}"#, rows.join(","));
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.as_str())
    )
}

/// SudokuPad JSON (an `scl` link): cells with every `every`th given.
fn sudokupad(solution: &[u8], every: usize, extra: &str) -> String {
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let cells: Vec<String> = (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    if i % every == 0 {
                        format!(r#"{{"value":{}}}"#, solution[i])
                    } else {
                        "{}".into()
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!(r#"{{"cells":[{}]{extra}}}"#, rows.join(","));
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(json.as_str())
    )
}

/// JSON members `,"key":[items]` for each key.
fn members(lists: &[(&str, &[String])]) -> String {
    lists
        .iter()
        .map(|(key, items)| format!(r#","{key}":[{}]"#, items.join(",")))
        .collect()
}

/// Read, solve and check a link; the constrained puzzle comes back.
fn solved(link: &str, kind: &str) -> Puzzle {
    let started = Instant::now();
    let read = parse_link(link).unwrap_or_else(|e| panic!("{kind}: {e}"));
    assert!(read.note().contains(kind), "{}", read.note());
    let LinkPuzzle::Constrained(puzzle) = read.puzzle else {
        panic!("{kind}: not a constrained puzzle")
    };
    let s = solve(&puzzle).unwrap_or_else(|| panic!("{kind}: no solution"));
    check(&puzzle, &s).unwrap_or_else(|v| panic!("{kind}: {v}"));
    assert!(
        started.elapsed().as_secs() < 2,
        "{kind}: {:?}",
        started.elapsed()
    );
    puzzle
}

/// The SudokuPad link of the same grid and drawings reads to `p`'s
/// constraints, in the same order, and is solved and checked.
fn assert_same_from_sudokupad(p: &Puzzle, s: &[u8], every: usize, drawn: &str, kind: &str) {
    let q = solved(&sudokupad(s, every, drawn), kind);
    assert_eq!(q.constraints(), p.constraints(), "{kind}");
}

/// Dominoes across each row: (c0,c1), (c2,c3), (c4,c5), (c6,c7).
fn dominoes() -> Vec<[usize; 2]> {
    (0..9)
        .flat_map(|r| (0..4).map(move |k| [r * 9 + 2 * k, r * 9 + 2 * k + 1]))
        .collect()
}

#[test]
fn a_killer_link_from_each_site_is_solved_and_checked() {
    let s = grid(1);
    let cages: Vec<String> = dominoes()
        .iter()
        .map(|[a, b]| {
            format!(
                r#"{{"cells":[{},{}],"value":"{}"}}"#,
                rc(*a),
                rc(*b),
                s[*a] + s[*b]
            )
        })
        .collect();
    let p = solved(
        &fpuzzles(&s, 4, &format!(r#","killercage":[{}]"#, cages.join(","))),
        "killer cages",
    );
    assert_eq!(p.constraints().len(), 36);
    // SudokuPad: cages with `[row, col]` cells and the sum as text.
    let cages: Vec<String> = dominoes()
        .iter()
        .map(|[a, b]| {
            format!(
                r#"{{"cells":[[{},{}],[{},{}]],"value":"{}"}}"#,
                a / 9,
                a % 9,
                b / 9,
                b % 9,
                s[*a] + s[*b]
            )
        })
        .collect();
    let q = solved(
        &sudokupad(&s, 4, &format!(r#","cages":[{}]"#, cages.join(","))),
        "killer cages",
    );
    assert_eq!(q.constraints(), p.constraints());
}

/// Rising runs of at least three cells along each row of `s`.
fn rising_runs(s: &[u8]) -> Vec<Vec<usize>> {
    let mut runs = Vec::new();
    for r in 0..9 {
        let mut run = vec![r * 9];
        for c in 1..9 {
            let i = r * 9 + c;
            if s[i] > s[i - 1] {
                run.push(i);
            } else {
                if run.len() >= 3 {
                    runs.push(run.clone());
                }
                run = vec![i];
            }
        }
        if run.len() >= 3 {
            runs.push(run);
        }
    }
    runs
}

#[test]
fn a_thermometer_link_from_each_site_is_solved_and_checked() {
    let s = grid(2);
    let runs = rising_runs(&s);
    assert!(runs.len() >= 3, "{runs:?}");
    let lines: Vec<String> = runs
        .iter()
        .map(|run| {
            let cells: Vec<String> = run.iter().map(|&c| rc(c)).collect();
            format!(r#"{{"lines":[[{}]]}}"#, cells.join(","))
        })
        .collect();
    let p = solved(
        &fpuzzles(&s, 3, &format!(r#","thermometer":[{}]"#, lines.join(","))),
        "thermometers",
    );
    // SudokuPad: a grey line through the cell centres and a grey bulb
    // under its first cell, drawn from the far end for one of them.
    let mut lines = Vec::new();
    let mut bulbs = Vec::new();
    for (k, run) in runs.iter().enumerate() {
        let mut points: Vec<String> = run
            .iter()
            .map(|&c| format!("[{}.5,{}.5]", c / 9, c % 9))
            .collect();
        if k == 0 {
            points.reverse();
        }
        lines.push(format!(
            r##"{{"wayPoints":[{}],"color":"#CFCFCF","thickness":21}}"##,
            points.join(",")
        ));
        bulbs.push(format!(
            r##"{{"center":[{}.5,{}.5],"width":0.85,"height":0.85,"rounded":true,"backgroundColor":"#CFCFCF"}}"##,
            run[0] / 9,
            run[0] % 9
        ));
    }
    let drawn = members(&[("lines", &lines), ("underlays", &bulbs)]);
    assert_same_from_sudokupad(&p, &s, 3, &drawn, "thermometers");
}

#[test]
fn an_arrow_link_from_each_site_is_solved_and_checked() {
    let s = grid(3);
    // Arrows along rows: a circle whose digit is the sum of the next two.
    let arrows: Vec<[usize; 3]> = (0..9)
        .flat_map(|r| (0..7).map(move |c| r * 9 + c))
        .filter(|&i| s[i] == s[i + 1] + s[i + 2])
        .map(|i| [i, i + 1, i + 2])
        .collect();
    assert!(!arrows.is_empty());
    let fp: Vec<String> = arrows
        .iter()
        .map(|[a, b, c]| {
            format!(
                r#"{{"cells":[{}],"lines":[[{},{},{}]]}}"#,
                rc(*a),
                rc(*a),
                rc(*b),
                rc(*c)
            )
        })
        .collect();
    let p = solved(
        &fpuzzles(&s, 3, &format!(r#","arrow":[{}]"#, fp.join(","))),
        "arrows",
    );
    // SudokuPad: the arrow starts inside its circle (an overlay).
    let (mut pad, mut circles) = (Vec::new(), Vec::new());
    for [a, _, c] in &arrows {
        let (r, c0, c2) = (a / 9, a % 9, c % 9);
        pad.push(format!(
            r##"{{"wayPoints":[[{r}.5,{c0}.8],[{r}.5,{c2}.5]],"color":"#a1a1a1","thickness":5,"headLength":0.3}}"##
        ));
        circles.push(format!(
            r##"{{"center":[{r}.5,{c0}.5],"width":0.75,"height":0.75,"rounded":true,"backgroundColor":"#ffffff","borderColor":"#a1a1a1"}}"##
        ));
    }
    let drawn = members(&[("arrows", &pad), ("overlays", &circles)]);
    assert_same_from_sudokupad(&p, &s, 3, &drawn, "arrows");
}

#[test]
fn a_kropki_link_with_every_dot_given_is_solved_and_checked() {
    let s = grid(4);
    let pairs: Vec<[usize; 2]> = (0..81)
        .flat_map(|i| {
            let mut v = Vec::new();
            if i % 9 < 8 {
                v.push([i, i + 1]);
            }
            if i < 72 {
                v.push([i, i + 9]);
            }
            v
        })
        .collect();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let (mut pad_dots, mut count) = (Vec::new(), 0);
    for [a, b] in pairs {
        let (x, y) = (s[a].min(s[b]), s[a].max(s[b]));
        let colour = if y == x + 1 {
            white.push(format!(r#"{{"cells":[{},{}]}}"#, rc(a), rc(b)));
            "#FFFFFF"
        } else if y == 2 * x {
            black.push(format!(r#"{{"cells":[{},{}]}}"#, rc(a), rc(b)));
            "#000000"
        } else {
            continue;
        };
        count += 1;
        // The dot's centre: halfway between the two cells' centres.
        let (cy, cx) = (
            (a / 9 + b / 9) as f64 / 2.0 + 0.5,
            (a % 9 + b % 9) as f64 / 2.0 + 0.5,
        );
        pad_dots.push(format!(
            r##"{{"center":[{cy},{cx}],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"{colour}","borderColor":"#000000"}}"##
        ));
    }
    let p = solved(
        &fpuzzles(
            &s,
            5,
            &format!(
                r#","difference":[{}],"ratio":[{}],"negative":["ratio","difference"]"#,
                white.join(","),
                black.join(",")
            ),
        ),
        "Kropki dots",
    );
    assert_eq!(p.constraints().len(), count + 1);
    let q = solved(
        &sudokupad(
            &s,
            5,
            &format!(
                r#","overlays":[{}],"cages":[{{"value":"rules: Normal sudoku rules apply. All possible dots are given."}}]"#,
                pad_dots.join(",")
            ),
        ),
        "Kropki dots",
    );
    let mut a: Vec<String> = p.constraints().iter().map(|c| format!("{c:?}")).collect();
    let mut b: Vec<String> = q.constraints().iter().map(|c| format!("{c:?}")).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn a_sandwich_link_is_solved_and_checked() {
    let s = grid(5);
    let between = |cells: Vec<usize>| -> u32 {
        let one = cells.iter().position(|&c| s[c] == 1).unwrap();
        let nine = cells.iter().position(|&c| s[c] == 9).unwrap();
        let (lo, hi) = (one.min(nine), one.max(nine));
        cells[lo + 1..hi].iter().map(|&c| s[c] as u32).sum()
    };
    let mut clues = Vec::new();
    let mut pad = Vec::new();
    for k in 0..9 {
        let row = between((0..9).map(|c| k * 9 + c).collect());
        let col = between((0..9).map(|r| r * 9 + k).collect());
        clues.push(format!(r#"{{"cell":"R{}C0","value":"{row}"}}"#, k + 1));
        clues.push(format!(r#"{{"cell":"R0C{}","value":"{col}"}}"#, k + 1));
        pad.push(format!(
            r#"{{"center":[{k}.5,-0.5],"width":0.25,"height":0.25,"text":"{row}"}}"#
        ));
        pad.push(format!(
            r#"{{"center":[-0.5,{k}.5],"width":0.25,"height":0.25,"text":"{col}"}}"#
        ));
    }
    let p = solved(
        &fpuzzles(&s, 3, &format!(r#","sandwichsum":[{}]"#, clues.join(","))),
        "sandwich sums",
    );
    assert_eq!(p.constraints().len(), 18);
    let q = solved(
        &sudokupad(&s, 3, &format!(r#","overlays":[{}]"#, pad.join(","))),
        "sandwich sums",
    );
    assert_eq!(q.constraints(), p.constraints());
    // And f-puzzles' own link, written back, reads to the same puzzle.
    let back = parse_link(&fpuzzles_link(&p, Some("Sandwich")).unwrap()).unwrap();
    assert_eq!(back.puzzle, LinkPuzzle::Constrained(p));
    assert_eq!(back.title.as_deref(), Some("Sandwich"));
}

#[test]
fn links_with_rules_tessera_does_not_hold_name_every_kind() {
    let s = grid(6);
    let e = parse_link(&fpuzzles(
        &s,
        3,
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"10"}],"thermometer":[{"lines":[["R2C1","R2C2"]]}],"clone":[{"cells":["R1C1"],"cloneCells":["R9C9"]}],"minimum":[{"cell":"R5C5"}]"#,
    ))
    .unwrap_err();
    assert_eq!(
        e,
        "this f-puzzles link has clones, killer cages, minimum cells and thermometers; Tessera does not read clones and minimum cells yet"
    );
    let e = parse_link(&sudokupad(
        &s,
        3,
        r##","lines":[{"wayPoints":[[0.5,0.5],[0.5,2.5]],"color":"#FF8000","thickness":8}],"cages":[{"cells":[[4,4],[4,5]],"value":"?"}]"##,
    ))
    .unwrap_err();
    assert_eq!(
        e,
        "this SudokuPad link has lines coloured #FF8000 and cages with text clues; Tessera does not read cages with text clues and lines coloured #FF8000 yet"
    );
}

/// A small killer in the text form with one solution, and its link.
const TEXT: &str = "size 4
givens 1.......3.......
killer 9: r1c2 r2c2 r2c1
killer 7: r4c3 r4c4
thermo r3c1 r3c2
";

#[test]
fn the_cli_solves_counts_and_lists_candidates() {
    let out = tessera_with_stdin(&["sudoku", "constraint", "solve"], TEXT);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let line = stdout(&out);
    let grid: Vec<u8> = line.trim().bytes().map(|b| b - b'0').collect();
    let puzzle = tessera::engine::sudoku::constraint::text::parse(TEXT).unwrap();
    check(&puzzle, &grid).unwrap();
    let out = tessera_with_stdin(
        &["sudoku", "constraint", "solve", "--count", "--max", "5"],
        TEXT,
    );
    let count: u128 = stdout(&out).trim().parse().unwrap();
    assert!((1..=5).contains(&count), "{count}");
    let out = tessera_with_stdin(&["sudoku", "constraint", "candidates"], TEXT);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(rows.len(), 5, "{rows:?}");
    assert!(rows[0].starts_with('1'), "{rows:?}");
    // Links, one per line: the written f-puzzles link, and a 4×4 classic.
    let link = fpuzzles_link(&puzzle, None).unwrap();
    let out = tessera_with_stdin(
        &["sudoku", "constraint", "solve"],
        &format!("# two links\n{link}\n\n{link}\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}{}", line, line));
    let shown = tessera_with_stdin(
        &["sudoku", "constraint", "show", "--format", "fpuzzles"],
        TEXT,
    );
    assert_eq!(stdout(&shown).trim(), link);
}

#[test]
fn the_cli_names_the_bad_line_and_exits_2() {
    let link = fpuzzles_link(
        &tessera::engine::sudoku::constraint::text::parse(TEXT).unwrap(),
        None,
    )
    .unwrap();
    let out = tessera_with_stdin(
        &["sudoku", "constraint", "solve"],
        &format!("{link}\n{link}\nnot a link\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out).lines().count(), 2);
    assert!(
        stderr(&out).contains("standard input line 3: this is neither"),
        "{}",
        stderr(&out)
    );
    let refused = fpuzzles(
        &grid(7),
        3,
        r#","clone":[{"cells":["R1C1"],"cloneCells":["R9C9"]}]"#,
    );
    let out = tessera_with_stdin(&["sudoku", "constraint", "solve"], &format!("{refused}\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("line 1: this f-puzzles link has clones; Tessera does not read clones yet"),
        "{}",
        stderr(&out)
    );
    let out = tessera_with_stdin(
        &["sudoku", "constraint", "solve"],
        "size 4\nkiller 3: r1c1 r1c7\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("standard input: line 2, at 'r1c7'"),
        "{}",
        stderr(&out)
    );
}
