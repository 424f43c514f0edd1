//! The link reader's tests: classic, X and jigsaw links as before, and
//! links with variant constraints.

use super::*;
use crate::sudoku::constraint::Diagonal;

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
