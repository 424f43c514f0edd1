//! The link reader's tests: classic, X and jigsaw links as before, and
//! links with variant constraints.

use super::*;
use crate::sudoku::constraint::{Constraint, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv};

/// Sage's first documented puzzle, the grid the vectors below hold.
const SAGE_A: &str =
    "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

fn sage_a() -> Vec<u8> {
    SAGE_A
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

// Made with the npm `lz-string` 1.5.0 package's `compressToBase64` (MIT)
// from JSON written for these tests (no puzzle taken from anywhere):
// SAGE_A as f-puzzles JSON (givens with `given: true`, plus r1c2 = 1
// entered by a solver, not a given), the same with a killer cage, and
// SAGE_A as SudokuPad JSON (`cells` with `v`). The script is
// `scripts/lz-vectors.cjs`.
const FP_CLASSIC: &str = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACAYywEMxIyRVKBXNACwHsAnBAosGDyiTRE0YeiADmHCABMEAbXmgAbpSyNcAVlQSIymADsEaDhoC+yFWo0IAjBeAOHIVetwAOHXsPHTMJ5bOrjbwACxe+kbwJuaWLta4KJLeUTH+ALrISgGOccFaET7Rfjk58W4IAMyFqSWBmdl5CQgAbDW+sVYV8ADs7cWd5SHVyZEd/oGTudNDuLb9aWYNXSHzo0WLTd3a67WdpVOlywcruABMC3Uz+Qieu+MnS1nTj4dbq5eDN/B3umMDGWeswQfXuANe12aYU+E1OdhhQShOz+GyuT0acPgIxRe1hJ2B8AuYM2L3qQO+4WJVwJSRxDzemORKXppMh3WxzPB6XSZiAA";
const FP_KILLER: &str = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACAYywEMxIyRVKBXNACwHsAnBAosGDyiTRE0YeiADmHCABMEAbXmgAbpSyNcAVlQSIymADsEaDhoC+yFWo0IAjBeAOHIVetwAOHXsPHTMJ5bOrjbwACxe+kbwJuaWLta4KJLeUTH+ALrISgGOccFaET7Rfjk58W4IAMyFqSWBmdl5CQgAbDW+sVYV8ADs7cWd5SHVyZEd/oGTudNDuLb9aWYNXSHzo0WLTd3a67WdpVOlywcruABMC3Uz+Qieu+MnS1nTj4dbq5eDN/B3umMDGWeswQfXuANe12aYU+E1OdhhQShOz+GyuT0acPgIxRe1hJ2B8AuYM2L3qQO+4WJVwJSRxDzemORKXppMh3WxzPB6UyIAA1hAsDgOGRKBJcEoQGQYIKxPB5CAAEq2ADCtnESuVZxAPO+IEQICWZiAA=";
const SCL_CLASSIC: &str = "N4IglgJiBcIC4gDQgMYFMA2GDOMDaeoAbjAKwC+iwl1VNIJ0AHDa1QzACz2MCc5AXUSE2tYmVGiO0AMyshI9owBsPGAHY1syXV3joARkHD9RpRL06x8k1ekAmKYxaW6C6649jpZ/S3fSmp5OXFq+0hRutubawTGOwQGM3DH8nhFWWnICAuRAA===";

#[test]
fn the_crate_matches_the_javascript_lz_string() {
    // The npm package compresses "Hello, world" to this; the crate
    // reads it, and what the crate writes (one more `=` of padding)
    // reads back the same.
    assert_eq!(
        decompress("BIUwNmD2A0AEDukBOYAmQ===").as_deref(),
        Some("Hello, world")
    );
    let ours = lz_str::compress_to_base64("Hello, world");
    assert_eq!(ours.trim_end_matches('='), "BIUwNmD2A0AEDukBOYAmQ");
    assert_eq!(decompress(&ours).as_deref(), Some("Hello, world"));
}

#[test]
fn an_f_puzzles_link_gives_its_givens_only() {
    let link = format!("https://www.f-puzzles.com/?load={FP_CLASSIC}");
    assert!(is_puzzle_link(&link));
    let got = parse_link(&link).unwrap();
    assert_eq!(
        got.puzzle,
        LinkPuzzle::Classic {
            shape: Shape::NINE,
            cells: sage_a()
        }
    );
    assert_eq!(got.title.as_deref(), Some("Test classic"));
    assert_eq!(got.site, "f-puzzles");
    assert!(got.note().contains("26 givens"), "{}", got.note());
    // Percent-encoded, as some browsers copy it, and via SudokuPad.
    let enc = FP_CLASSIC.replace('+', "%2B").replace('/', "%2F");
    assert_eq!(
        parse_link(&format!("https://f-puzzles.com/?load={enc}"))
            .unwrap()
            .puzzle,
        got.puzzle
    );
    let pad = parse_link(&format!("https://sudokupad.app/fpuzzles{FP_CLASSIC}")).unwrap();
    assert_eq!(pad.puzzle, got.puzzle);
    assert!(pad.site.starts_with("SudokuPad"));
}

#[test]
fn a_sudokupad_scl_link_reads_cells_v() {
    for link in [
        format!("https://sudokupad.app/scl{SCL_CLASSIC}"),
        format!("https://sudokupad.app/?puzzle=scl{SCL_CLASSIC}"),
        format!("https://sudokupad.app/puzzle/scl{SCL_CLASSIC}"),
        format!("scl{SCL_CLASSIC}"),
    ] {
        assert!(is_puzzle_link(&link), "{link}");
        let got = parse_link(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(
            got.puzzle,
            LinkPuzzle::Classic {
                shape: Shape::NINE,
                cells: sage_a()
            }
        );
    }
}

#[test]
fn constraints_beyond_the_grid_are_read_or_named() {
    // The JavaScript encoder's killer link (see above) reads as a
    // constrained puzzle with its one cage.
    let got = parse_link(&format!("https://www.f-puzzles.com/?load={FP_KILLER}")).unwrap();
    match &got.puzzle {
        LinkPuzzle::Constrained(p) => {
            assert_eq!(p.givens(), sage_a().as_slice());
            assert_eq!(
                p.constraints(),
                &[Constraint::Killer {
                    cells: vec![0, 1],
                    sum: Some(9)
                }]
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(got.note().contains("killer cages"), "{}", got.note());
    // SudokuPad JSON with an uncoloured line and a cage, through the
    // crate's encoder: the cage is read, the line is named.
    let json = r#"{"cells":[[{"v":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"lines":[{"wayPoints":[[0.5,0.5],[3.5,3.5]]}],"cages":[{"cells":[[0,0]],"value":"1"}]}"#;
    let e = parse_link(&format!("scl{}", lz_str::compress_to_base64(json))).unwrap_err();
    assert_eq!(
        e,
        "this SudokuPad link has killer cages and lines without a colour; Tessera does not read lines without a colour yet"
    );
}

fn fp_link(json: &str) -> String {
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    )
}

fn fp_json(n: usize, extra: &str, cell: impl Fn(usize, usize) -> String) -> String {
    let rows: Vec<String> = (0..n)
        .map(|r| {
            let cells: Vec<String> = (0..n).map(|c| cell(r, c)).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!(r#"{{"size":{n},"grid":[{}]{extra}}}"#, rows.join(","))
}

#[test]
fn diagonals_make_an_x_sudoku_and_regions_a_jigsaw() {
    let x = fp_json(9, r#","diagonal+":true,"diagonal-":true"#, |r, c| {
        if r == c {
            format!(r#"{{"value":{},"given":true}}"#, r + 1)
        } else {
            "{}".into()
        }
    });
    match parse_link(&fp_link(&x)).unwrap().puzzle {
        LinkPuzzle::X { cells } => assert_eq!(cells[80], 9),
        other => panic!("{other:?}"),
    }
    let one = fp_json(9, r#","diagonal+":true"#, |_, _| "{}".into());
    assert_eq!(
        parse_link(&fp_link(&one)).unwrap().puzzle,
        LinkPuzzle::Constrained(
            Puzzle::with_boxes(Shape::NINE, vec![Constraint::Diagonal(Diagonal::Anti)]).unwrap()
        )
    );
    // Regions = rows: a valid (if odd) jigsaw.
    let rows = fp_json(9, "", |r, _| format!(r#"{{"region":{r}}}"#));
    match parse_link(&fp_link(&rows)).unwrap().puzzle {
        LinkPuzzle::Jigsaw { regions, .. } => {
            assert_eq!(&regions[..18], "aaaaaaaaabbbbbbbbb")
        }
        other => panic!("{other:?}"),
    }
    // The usual boxes spelled out are still a classic grid.
    let boxes = fp_json(9, "", |r, c| {
        format!(r#"{{"region":{}}}"#, (r / 3) * 3 + c / 3)
    });
    assert!(matches!(
        parse_link(&fp_link(&boxes)).unwrap().puzzle,
        LinkPuzzle::Classic { .. }
    ));
    // A 6×6 has 2×3 boxes.
    let six = fp_json(6, "", |r, c| {
        if r == 0 && c == 0 {
            r#"{"value":6,"given":true}"#.into()
        } else {
            "{}".into()
        }
    });
    match parse_link(&fp_link(&six)).unwrap().puzzle {
        LinkPuzzle::Classic { shape, cells } => {
            assert_eq!((shape.box_rows, shape.box_cols), (2, 3));
            assert_eq!(cells[0], 6);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn sudokupad_regions_other_than_boxes_make_a_jigsaw() {
    let cells: Vec<String> = (0..9)
        .map(|_| format!("[{}]", ["{}"; 9].join(",")))
        .collect();
    let regions: Vec<String> = (0..9)
        .map(|r| {
            let rc: Vec<String> = (0..9).map(|c| format!("[{r},{c}]")).collect();
            format!("[{}]", rc.join(","))
        })
        .collect();
    let json = format!(
        r#"{{"cells":[{}],"regions":[{}]}}"#,
        cells.join(","),
        regions.join(",")
    );
    let got = parse_link(&format!("scl{}", lz_str::compress_to_base64(json.as_str()))).unwrap();
    assert!(matches!(got.puzzle, LinkPuzzle::Jigsaw { .. }));
}

/// A grid in SudokuPad's packed form, written by hand from the format
/// ([`packed`]): `{v:5}` per given, nothing for an empty cell
/// (`[{v:5},,…]`), then `extra` members.
fn packed(n: usize, cells: &[u8], extra: &str) -> String {
    let rows: Vec<String> = (0..n)
        .map(|r| {
            let row: Vec<String> = (0..n)
                .map(|c| match cells[r * n + c] {
                    0 => String::new(),
                    v => format!("{{v:{v}}}"),
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    format!("{{ce:[{}]{extra}}}", rows.join(","))
}

/// The regions of the usual 3×3 boxes, as SudokuPad lists them.
fn packed_boxes() -> String {
    let boxes: Vec<String> = (0..9)
        .map(|b| {
            let cells: Vec<String> = (0..9)
                .map(|k| format!("[{},{}]", b / 3 * 3 + k / 3, b % 3 * 3 + k % 3))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", boxes.join(","))
}

#[test]
fn a_packed_sudokupad_link_reads_like_its_json() {
    // Metadata as cages without cells, boxes listed as regions, colours
    // and flags abbreviated: all of it a classic grid.
    let text = packed(
        9,
        &sage_a(),
        &format!(
            ",re:{},ca:[{{v:'title: Sage\\'s first'}},{{v:'author: test'}},{{v:'rules: Normal sudoku rules apply.'}}],cs:50,c1:#0,settings:{{conflictchecker:t}}",
            packed_boxes()
        ),
    );
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(&text)
    );
    assert!(is_puzzle_link(&link));
    let got = parse_link(&link).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        got.puzzle,
        LinkPuzzle::Classic {
            shape: Shape::NINE,
            cells: sage_a()
        }
    );
    assert_eq!(got.title.as_deref(), Some("Sage's first"));
    assert!(got.note().contains("26 givens"), "{}", got.note());
    // The same puzzle through ctc and with the cells as strings.
    let strings = (1..=9).fold(text.clone(), |t, d| {
        t.replace(&format!("{{v:{d}}}"), &format!("{{v:'{d}'}}"))
    });
    assert!(strings.contains("{v:'5'}"), "{strings}");
    let got2 = parse_link(&format!("ctc{}", lz_str::compress_to_base64(&strings))).unwrap();
    assert_eq!(got2.puzzle, got.puzzle);
}

#[test]
fn a_packed_link_with_more_than_the_model_is_refused_by_name() {
    let cells = sage_a();
    for (extra, want) in [
        (
            ",l:[{wp:[[0.5,0.5],[8.5,8.5]],c:FF0000,th:2}]",
            "lines coloured #FF0000",
        ),
        (",ca:[{ce:[[0,0],[0,1]],v:'ten'}]", "cages with text clues"),
        (",u:[{center:[1,1],w:1,h:1,c2:CFCFCF}]", "shaded cells"),
    ] {
        let text = packed(9, &cells, extra);
        let e = parse_link(&format!("scl{}", lz_str::compress_to_base64(&text))).unwrap_err();
        assert!(e.contains(want), "{extra}: {e}");
    }
    // A letter where a digit belongs, and a jigsaw's regions.
    let mut text = packed(9, &cells, "");
    text = text.replacen("{v:5}", "{v:'A'}", 1);
    let e = parse_link(&format!("scl{}", lz_str::compress_to_base64(&text))).unwrap_err();
    assert!(e.contains("r1c1") && e.contains("\"A\""), "{e}");
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let cells: Vec<String> = (0..9).map(|c| format!("[{r},{c}]")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let text = packed(9, &[0; 81], &format!(",re:[{}]", rows.join(",")));
    let got = parse_link(&format!("scl{}", lz_str::compress_to_base64(&text))).unwrap();
    assert!(matches!(got.puzzle, LinkPuzzle::Jigsaw { .. }), "{got:?}");
}

#[test]
fn unreadable_links_say_why() {
    let cases = [
        ("https://sudokupad.app/abc123xyz", "short SudokuPad id"),
        (
            "https://sudokupad.app/scf1234567890abcdef",
            "older compact format",
        ),
        (
            "https://sudokupad.app/zzz-not-a-format-but-long-enough-to-be-data-of-some-kind-xx",
            "unknown SudokuPad encoding",
        ),
        ("https://www.f-puzzles.com/", "no puzzle"),
        (
            "https://www.f-puzzles.com/?load=@@@@",
            "could not be decompressed",
        ),
        ("https://sudokupad.app/sclAAAA", "could not be decompressed"),
    ];
    for (link, want) in cases {
        let e = parse_link(link).unwrap_err();
        assert!(e.contains(want), "{link}: {e}");
    }
    // Compressed text that is neither JSON nor its packed form.
    let e = parse_link(&format!(
        "scl{}",
        lz_str::compress_to_base64("cells:[[v:1]]")
    ))
    .unwrap_err();
    assert!(
        e.contains("could not be read") && e.contains("character 1"),
        "{e}"
    );
    let e = parse_link(&fp_link(&fp_json(7, "", |_, _| "{}".into()))).unwrap_err();
    assert!(e.contains("7×7"), "{e}");
    let long = format!("https://f-puzzles.com/?load={}", "A".repeat(MAX_LINK_CHARS));
    assert!(parse_link(&long).unwrap_err().contains("characters long"));
    // Grid text is never taken for a link.
    assert!(!is_puzzle_link(SAGE_A));
    assert!(!is_puzzle_link("scl"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    /// Any text, and any base64 after each prefix: an answer or a
    /// message, never a panic.
    #[test]
    fn any_paste_is_read_or_refused(text in ".{0,200}", b64 in "[A-Za-z0-9+/=]{0,400}") {
        for pasted in [
            text.clone(),
            format!("scl{b64}"),
            format!("https://www.f-puzzles.com/?load={b64}"),
            format!("https://sudokupad.app/fpuzzles{b64}"),
        ] {
            if let Ok(import) = parse_link(&pasted) {
                proptest::prop_assert!(!import.note().is_empty());
            }
        }
    }
}

/// A puzzle's constraints as a sorted list, global rules once: what a
/// link keeps (one array per kind, one flag per rule).
fn normalised(p: &Puzzle) -> Vec<String> {
    let mut out: Vec<String> = p.constraints().iter().map(|c| format!("{c:?}")).collect();
    out.sort();
    out.dedup_by(|a, b| a == b && !a.contains('['));
    out
}

/// The regions numbered by first appearance, whatever their labels.
fn partition(r: &Regions) -> Vec<usize> {
    let mut seen: Vec<usize> = Vec::new();
    r.region_of()
        .into_iter()
        .map(|k| match seen.iter().position(|&s| s == k) {
            Some(i) => i,
            None => {
                seen.push(k);
                seen.len() - 1
            }
        })
        .collect()
}

#[test]
fn written_f_puzzles_links_read_back_to_the_same_puzzle() {
    use crate::sudoku::constraint::random::random_puzzle;
    use rand::SeedableRng;
    let mut written = 0;
    for seed in 0..120u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n = [4, 6, 9][seed as usize % 3];
        // Boxes with the usual pattern grid; a random jigsaw (4×4 or 6×6)
        // with a grid the solver finds.
        let (regions, solution) = if seed % 4 == 3 && n < 9 {
            let regions = Regions::Map(RegionMap::random(n, &mut rng));
            let empty = Puzzle::new(regions.clone(), vec![0; n * n], vec![]).unwrap();
            let solution = crate::sudoku::constraint::solve(&empty).unwrap();
            (regions, solution)
        } else {
            let s = default_shape(n).unwrap();
            let grid = (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    ((r % s.box_rows * s.box_cols + r / s.box_rows + c) % n + 1) as u8
                })
                .collect();
            (Regions::Boxes(s), grid)
        };
        let puzzle = random_puzzle(
            regions,
            Some(&solution),
            1 + seed as usize % 8,
            0.2,
            &mut rng,
        );
        let link = match write::fpuzzles_link(&puzzle, None) {
            Ok(link) => link,
            Err(e) => {
                assert!(e.contains("non-consecutive"), "{seed}: {e}");
                continue;
            }
        };
        written += 1;
        let read = parse_link(&link).unwrap_or_else(|e| panic!("{seed}: {e}\n{puzzle:?}"));
        let LinkPuzzle::Constrained(back) = read.puzzle else {
            // No constraint beyond the grid: a classic or jigsaw link.
            assert!(
                normalised(&puzzle)
                    .iter()
                    .all(|c| c.starts_with("Diagonal")),
                "{seed}"
            );
            continue;
        };
        assert_eq!(
            partition(back.regions()),
            partition(puzzle.regions()),
            "{seed}"
        );
        assert_eq!(back.givens(), puzzle.givens(), "{seed}");
        assert_eq!(normalised(&back), normalised(&puzzle), "{seed}");
    }
    assert!(written > 100, "{written}");
}

#[test]
fn every_f_puzzles_kind_the_model_holds_is_read() {
    let json = fp_json(
        9,
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R9C9"]}],
        "thermometer":[{"lines":[["R2C1","R2C2","R2C3"],["R2C1","R3C1"]]}],
        "arrow":[{"cells":["R5C5"],"lines":[["R5C5","R5C6","R5C7"]]}],
        "littlekillersum":[{"cell":"R0C1","direction":"DR","cells":["R1C2","R2C3"],"value":"5"},{"cell":"R10C10","direction":"UL","value":"45"}],
        "sandwichsum":[{"cell":"R0C3","value":"12"},{"cell":"R4C0","value":"0"}],
        "odd":[{"cell":"R8C8"}],"even":[{"cell":"R8C7"}],
        "whispers":[{"lines":[["R7C1","R7C2"]]}],"renban":[{"lines":[["R6C1","R6C2"]]}],
        "palindrome":[{"lines":[["R4C1","R4C2"]]}],"betweenline":[{"lines":[["R3C4","R3C5","R3C6"]]}],
        "regionsumline":[{"lines":[["R3C3","R3C4"]]}],
        "difference":[{"cells":["R1C8","R1C9"]}],"ratio":[{"cells":["R2C8","R2C9"],"value":"2"}],
        "xv":[{"cells":["R3C8","R3C9"],"value":"X"}],"negative":["xv","ratio","difference"],
        "diagonal-":true,"antiknight":true,"antiking":false,
        "extraregion":[{"cells":["R4C4","R4C5","R4C6","R5C4","R5C6","R6C4","R6C5","R6C6","R7C7"]}]"#,
        |_, _| "{}".into(),
    );
    let LinkPuzzle::Constrained(p) = parse_link(&fp_link(&json)).unwrap().puzzle else {
        panic!("a constrained puzzle")
    };
    let has = |c: Constraint| {
        assert!(
            p.constraints().contains(&c),
            "{c:?} in {:?}",
            p.constraints()
        )
    };
    has(Constraint::Killer {
        cells: vec![0, 1],
        sum: Some(3),
    });
    has(Constraint::Killer {
        cells: vec![80],
        sum: None,
    });
    has(Constraint::Thermo(vec![9, 10, 11]));
    has(Constraint::Thermo(vec![9, 18]));
    has(Constraint::Arrow {
        circle: vec![40],
        path: vec![41, 42],
    });
    has(Constraint::LittleKiller {
        cells: vec![1, 11],
        sum: 5,
    });
    has(Constraint::LittleKiller {
        cells: (0..9).rev().map(|k| k * 10).collect(),
        sum: 45,
    });
    has(Constraint::Sandwich {
        line: RowOrColumn::Column(2),
        sum: 12,
    });
    has(Constraint::Sandwich {
        line: RowOrColumn::Row(3),
        sum: 0,
    });
    has(Constraint::Odd(70));
    has(Constraint::Even(69));
    has(Constraint::Whisper(vec![54, 55]));
    has(Constraint::Renban(vec![45, 46]));
    has(Constraint::Palindrome(vec![27, 28]));
    has(Constraint::Between(vec![21, 22, 23]));
    has(Constraint::RegionSum(vec![20, 21]));
    has(Constraint::Kropki {
        dot: Dot::White,
        cells: [7, 8],
    });
    has(Constraint::Kropki {
        dot: Dot::Black,
        cells: [16, 17],
    });
    has(Constraint::Xv {
        mark: Xv::X,
        cells: [25, 26],
    });
    has(Constraint::NegativeKropki);
    has(Constraint::NegativeXv);
    has(Constraint::Diagonal(Diagonal::Main));
    has(Constraint::AntiKnight);
    assert!(!p.constraints().contains(&Constraint::AntiKing));
    assert_eq!(p.constraints().len(), 24, "{:?}", p.constraints());
    // Disjoint groups: nine extra regions, the first the boxes' corners.
    let dg = parse_link(&fp_link(&fp_json(
        9,
        r#","disjointgroups":true"#,
        |_, _| "{}".into(),
    )))
    .unwrap();
    let LinkPuzzle::Constrained(dg) = dg.puzzle else {
        panic!()
    };
    assert_eq!(dg.constraints().len(), 9);
    assert_eq!(
        dg.constraints()[0],
        Constraint::Region(vec![0, 3, 6, 27, 30, 33, 54, 57, 60])
    );
    // Non-consecutive without dots is the rule; beside white dots alone it
    // is the negative white-dot rule, which the model does not hold alone.
    let nc = parse_link(&fp_link(&fp_json(
        4,
        r#","nonconsecutive":true"#,
        |_, _| "{}".into(),
    )))
    .unwrap();
    assert_eq!(
        nc.puzzle,
        LinkPuzzle::Constrained(
            Puzzle::with_boxes(Shape::new(2, 2).unwrap(), vec![Constraint::NonConsecutive])
                .unwrap()
        )
    );
    let e = parse_link(&fp_link(&fp_json(
        4,
        r#","nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]}]"#,
        |_, _| "{}".into(),
    )))
    .unwrap_err();
    assert!(
        e.ends_with("Tessera does not read the negative rule for white dots alone yet"),
        "{e}"
    );
}

#[test]
fn unknown_constraints_are_refused_with_every_name() {
    let json = fp_json(
        9,
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"clone":[{"cells":["R1C1"],"cloneCells":["R9C9"]}],
        "thermometer":[{"lines":[["R2C1","R2C2"]]}],"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1]}]"#,
        |_, _| "{}".into(),
    );
    let e = parse_link(&fp_link(&json)).unwrap_err();
    assert_eq!(
        e,
        "this f-puzzles link has clones, killer cages, quadruples and thermometers; Tessera does not read clones and quadruples yet"
    );
    // Bad cells say where.
    let bad = fp_json(
        9,
        r#","killercage":[{"cells":["R1C1","R12C2"]}]"#,
        |_, _| "{}".into(),
    );
    let e = parse_link(&fp_link(&bad)).unwrap_err();
    assert!(e.contains("killer cage") && e.contains("R12C2"), "{e}");
    // A thermometer that jumps is the model's message.
    let jump = fp_json(
        9,
        r#","thermometer":[{"lines":[["R1C1","R1C3"]]}]"#,
        |_, _| "{}".into(),
    );
    let e = parse_link(&fp_link(&jump)).unwrap_err();
    assert!(e.contains("jumps from r1c1 to r1c3"), "{e}");
}

/// SudokuPad JSON for a 9×9 with no givens and these members.
fn scl_link(members: &str) -> String {
    let cells: Vec<String> = (0..9)
        .map(|_| format!("[{}]", ["{}"; 9].join(",")))
        .collect();
    let json = format!(r#"{{"cells":[{}]{members}}}"#, cells.join(","));
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(json.as_str())
    )
}

#[test]
fn sudokupad_drawings_are_read_by_its_conventions() {
    let link = scl_link(
        r##","cages":[{"cells":[[0,0],[0,1]],"value":"3","unique":true},{"value":"rules: Normal sudoku rules apply. Anti-knight: cells a knight's move apart differ."}],
        "lines":[{"wayPoints":[[1.5,0.5],[1.5,2.5]],"color":"#CFCFCF","thickness":21},
                 {"wayPoints":[[6.5,0.5],[6.5,1.5]],"color":"#67F067","thickness":10},
                 {"wayPoints":[[5.5,0.5],[5.5,1.5]],"color":"#F067F0","thickness":10},
                 {"wayPoints":[[2.5,2.5],[2.5,3.5]],"color":"#2ECBFF","thickness":10},
                 {"wayPoints":[[3.5,0.5],[3.5,1.5]],"color":"#CFCFCF","thickness":16},
                 {"wayPoints":[[2.9,4.5],[2.5,5.5],[2.5,6.1]],"color":"#CFCFCF","thickness":2},
                 {"wayPoints":[[0,0],[9,9]],"color":"#34BBE6","thickness":2}],
        "underlays":[{"center":[1.5,0.5],"width":0.85,"height":0.85,"rounded":true,"backgroundColor":"#CFCFCF"},
                     {"center":[7.5,7.5],"width":0.7,"height":0.7,"rounded":true,"backgroundColor":"#CFCFCF"},
                     {"center":[7.5,6.5],"width":0.7,"height":0.7,"rounded":false,"backgroundColor":"#CFCFCF"}],
        "arrows":[{"wayPoints":[[4.8,4.5],[4.5,5.5],[4.5,6.5]],"color":"#a1a1a1","thickness":5,"headLength":0.3},
                  {"wayPoints":[[-0.2,0.8],[-0.02,0.98]],"color":"#000000","thickness":2}],
        "overlays":[{"center":[4.5,4.5],"width":0.75,"height":0.75,"rounded":true,"backgroundColor":"#ffffff","borderColor":"#a1a1a1"},
                    {"center":[2.5,4.5],"width":0.8,"height":0.8,"rounded":true,"backgroundColor":"#FFFFFF"},
                    {"center":[2.5,6.5],"width":0.8,"height":0.8,"rounded":true,"backgroundColor":"#FFFFFF"},
                    {"center":[0.5,8],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000"},
                    {"center":[2,8.5],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000"},
                    {"center":[3,8.5],"width":0.25,"height":0.25,"text":"V"},
                    {"center":[-0.5,0.5],"width":0.25,"height":0.25,"text":"40"},
                    {"center":[-0.5,2.5],"width":0.25,"height":0.25,"text":"12"},
                    {"center":[3.5,-0.5],"width":0.25,"height":0.25,"text":"0"}]"##,
    );
    let LinkPuzzle::Constrained(p) = parse_link(&link).unwrap_or_else(|e| panic!("{e}")).puzzle
    else {
        panic!("a constrained puzzle")
    };
    let want = [
        Constraint::Killer {
            cells: vec![0, 1],
            sum: Some(3),
        },
        Constraint::Thermo(vec![9, 10, 11]),
        Constraint::Whisper(vec![54, 55]),
        Constraint::Renban(vec![45, 46]),
        Constraint::RegionSum(vec![20, 21]),
        Constraint::Palindrome(vec![27, 28]),
        Constraint::Between(vec![22, 23, 24]),
        Constraint::Diagonal(Diagonal::Main),
        Constraint::Arrow {
            circle: vec![40],
            path: vec![41, 42],
        },
        Constraint::LittleKiller {
            cells: vec![1, 11, 21, 31, 41, 51, 61, 71],
            sum: 40,
        },
        Constraint::Kropki {
            dot: Dot::White,
            cells: [7, 8],
        },
        Constraint::Kropki {
            dot: Dot::Black,
            cells: [17, 26],
        },
        Constraint::Xv {
            mark: Xv::V,
            cells: [26, 35],
        },
        Constraint::Sandwich {
            line: RowOrColumn::Column(2),
            sum: 12,
        },
        Constraint::Sandwich {
            line: RowOrColumn::Row(3),
            sum: 0,
        },
        Constraint::Odd(70),
        Constraint::Even(69),
        Constraint::AntiKnight,
    ];
    for c in &want {
        assert!(
            p.constraints().contains(c),
            "{c:?} in {:?}",
            p.constraints()
        );
    }
    assert_eq!(p.constraints().len(), want.len(), "{:?}", p.constraints());
    // Red lines, text in cages and shading are named, all together.
    let e = parse_link(&scl_link(
        r##","cages":[{"cells":[[0,0]],"value":"A"}],"lines":[{"wayPoints":[[0.5,0.5],[0.5,1.5]],"color":"#FF0000"}],"underlays":[{"center":[4.5,4.5],"width":1,"height":1}]"##,
    ))
    .unwrap_err();
    assert_eq!(
        e,
        "this SudokuPad link has lines coloured #FF0000, shaded cells or circles and cages with text clues; Tessera does not read cages with text clues, lines coloured #FF0000 and shaded cells or circles yet"
    );
}
