//! Quantumino against Sage's doctests and computed outputs
//! (reference/sage_games.md §1, §4.4; sage_doctests_quantumino.md), every
//! enumerated solution checked by an independent tiling checker.

use std::collections::BTreeSet;
use tessera::engine::quantumino::{
    pieces, Partial, PlacedPiece, QuantuminoSolver, QuantuminoState,
};
use tessera::engine::search::{Search, Step};

/// Sage's source cells, typed in here again so the checker does not trust
/// the engine's table.
const SAGE_CELLS: [[[i32; 3]; 5]; 17] = [
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 1, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 0, 1], [2, 0, 0], [2, 1, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [0, 0, 1]],
    [[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 0, 0], [1, 0, 1]],
    [[0, 1, 0], [1, 0, 1], [1, 1, 0], [1, 1, 1], [1, 2, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1], [2, 0, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 2, 1]],
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 2, 0], [0, 2, 1]],
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [0, 0, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [0, 2, 0], [1, 1, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 2, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 1, 1], [1, 2, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [2, 1, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0], [1, 2, 1]],
    [[0, 1, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 2, 0]],
];

/// The 24 rotations, built as "an axis permutation with signs, determinant
/// +1" without the engine's group code.
fn rotations() -> Vec<[[i32; 3]; 3]> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for p in perms {
        let parity = if matches!(p, [0, 1, 2] | [1, 2, 0] | [2, 0, 1]) {
            1
        } else {
            -1
        };
        for signs in 0..8 {
            let s = [
                1 - 2 * (signs & 1),
                1 - 2 * ((signs >> 1) & 1),
                1 - 2 * ((signs >> 2) & 1),
            ];
            if parity * s[0] * s[1] * s[2] != 1 {
                continue;
            }
            let mut m = [[0; 3]; 3];
            for r in 0..3 {
                m[r][p[r]] = s[r];
            }
            out.push(m);
        }
    }
    assert_eq!(out.len(), 24);
    out
}

fn normal(cells: &[[i32; 3]]) -> Vec<[i32; 3]> {
    let lo: Vec<i32> = (0..3)
        .map(|k| cells.iter().map(|c| c[k]).min().unwrap())
        .collect();
    let mut v: Vec<[i32; 3]> = cells
        .iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect();
    v.sort();
    v
}

fn congruent_by_rotation(cells: &[[i32; 3]], shape: &[[i32; 3]]) -> bool {
    let target = normal(cells);
    rotations().iter().any(|m| {
        let img: Vec<[i32; 3]> = shape
            .iter()
            .map(|c| {
                let mut r = [0; 3];
                for (i, ri) in r.iter_mut().enumerate() {
                    *ri = (0..3).map(|k| m[i][k] * c[k]).sum();
                }
                r
            })
            .collect();
        normal(&img) == target
    })
}

/// Independent check of a full solution: 16 distinct pieces, the aside one
/// missing, each a rotated translate of its Sage shape, covering every box
/// cell exactly once.
fn check_tiling(s: &QuantuminoState, aside: usize, bx: [i32; 3]) {
    assert_eq!(s.aside, aside);
    assert_eq!(s.pieces.len(), 16, "a solution places 16 pieces");
    let used: BTreeSet<usize> = s.pieces.iter().map(|p| p.piece).collect();
    assert_eq!(used.len(), 16, "each piece used once");
    assert!(!used.contains(&aside), "aside piece placed");
    let mut seen = BTreeSet::new();
    for p in &s.pieces {
        assert_eq!(p.cells.len(), 5);
        assert!(
            congruent_by_rotation(&p.cells, &SAGE_CELLS[p.piece]),
            "piece {} is not a rotation of its shape: {:?}",
            p.piece,
            p.cells
        );
        for c in &p.cells {
            assert!(
                (0..3).all(|k| (0..bx[k]).contains(&c[k])),
                "cell {c:?} outside"
            );
            assert!(seen.insert(*c), "cell {c:?} covered twice");
        }
    }
    assert_eq!(seen.len() as i32, bx[0] * bx[1] * bx[2], "box not filled");
}

fn first(aside: i64, bx: [i64; 3], n: usize) -> Vec<QuantuminoState> {
    QuantuminoSolver::new(aside, bx).unwrap().solutions(None, n)
}

#[test]
fn pieces_as_sage() {
    let p = pieces();
    assert_eq!(p.len(), 17);
    assert_eq!(
        p[0].sage_repr(),
        "Polyomino: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 0)], Color: deeppink"
    );
    assert_eq!(
        p[5].sage_repr(),
        "Polyomino: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 1)], Color: red"
    );
    assert_eq!(
        p[11].sage_repr(),
        "Polyomino: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 2, 0)], Color: darkblue"
    );
    assert_eq!(
        p[12].sage_repr(),
        "Polyomino: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (2, 1, 1)], Color: blue"
    );
    for (i, q) in p.iter().enumerate() {
        assert_eq!(q.index, i);
        assert_eq!(normal(&q.cells), q.cells, "canonical like Sage's");
        let mut src = SAGE_CELLS[i].to_vec();
        src.sort();
        assert_eq!(q.cells, src);
        assert!(q.rgb.starts_with('#') && q.rgb.len() == 7);
    }
    let colors: Vec<&str> = p.iter().map(|q| q.color.as_str()).collect();
    assert_eq!(
        colors,
        [
            "deeppink",
            "deeppink",
            "green",
            "green",
            "red",
            "red",
            "orange",
            "orange",
            "yellow",
            "yellow",
            "midnightblue",
            "darkblue",
            "blue",
            "blue",
            "purple",
            "purple",
            "gray"
        ]
    );
    assert_eq!(p[16].rgb, "#808080");
}

#[test]
fn state_reprs_as_sage() {
    let p = pieces();
    let placed = |i: usize| PlacedPiece {
        piece: i,
        cells: p[i].cells.clone(),
    };
    let s = QuantuminoState {
        aside: 11,
        box_size: [5, 8, 2],
        pieces: vec![placed(0), placed(5)],
    };
    assert_eq!(
        s.to_string(),
        "Quantumino state where the following pentamino is put aside :\n\
         Polyomino: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 2, 0)], Color: darkblue"
    );
    assert_eq!(
        s.pieces_text(),
        "Polyomino: [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 0)], Color: deeppink\n\
         Polyomino: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 1)], Color: red\n"
    );
    let s = QuantuminoState {
        aside: 5,
        box_size: [5, 8, 2],
        pieces: vec![placed(0)],
    };
    assert_eq!(
        s.to_string(),
        "Quantumino state where the following pentamino is put aside :\n\
         Polyomino: [(0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 1)], Color: red"
    );
    let json = serde_json::to_string(&s).unwrap();
    let back: QuantuminoState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
}

#[test]
fn solver_reprs_and_errors_as_sage() {
    assert_eq!(
        QuantuminoSolver::game(9).unwrap().to_string(),
        "Quantumino solver for the box (5, 8, 2)\nAside pentamino number: 9"
    );
    assert_eq!(
        QuantuminoSolver::new(12, [5, 4, 4]).unwrap().to_string(),
        "Quantumino solver for the box (5, 4, 4)\nAside pentamino number: 12"
    );
    let summary = "Tiling solver of 16 pieces into a box of size 80\nRotation allowed: True\nReflection allowed: False\nReusing pieces allowed: False";
    for (a, bx) in [(0, [5, 8, 2]), (14, [5, 8, 2]), (14, [5, 4, 4])] {
        assert_eq!(
            QuantuminoSolver::new(a, bx).unwrap().tiling_summary(),
            summary
        );
    }
    assert_eq!(
        QuantuminoSolver::game(17).unwrap_err().to_string(),
        "aside (=17) must be between 0 and 16"
    );
    assert_eq!(
        QuantuminoSolver::game(-1).unwrap_err().to_string(),
        "aside (=-1) must be between 0 and 16"
    );
    let e = QuantuminoSolver::new(0, [5, 0, 2]).unwrap_err().to_string();
    assert!(e.contains("box side 2 (=0)"), "{e}");
    assert!(QuantuminoSolver::new(0, [100_000, 100_000, 2]).is_err());
    // Sage 6.8's name (the seed's) is a synonym; a typo gets Sage's error.
    assert_eq!(Partial::parse("common"), Ok(Partial::CommonPrefix));
    assert_eq!(
        Partial::parse("comon").unwrap_err().to_string(),
        "Unknown value for partial (=comon)"
    );
    assert_eq!(Partial::parse("incremental"), Ok(Partial::Incremental));
}

#[test]
fn rows_as_sage() {
    for aside in 0..17 {
        let q = QuantuminoSolver::game(aside).unwrap();
        let expected = match aside {
            6 | 7 | 12 | 13 | 16 => 5664,
            8 | 9 => 5172,
            _ => 5484,
        };
        assert_eq!(q.rows().len(), expected, "aside {aside}");
        assert_eq!(q.nrows_per_piece().iter().sum::<usize>(), expected);
    }
    let q = QuantuminoSolver::game(0).unwrap();
    assert_eq!(
        q.nrows_per_piece(),
        [360, 360, 360, 360, 360, 180, 180, 672, 672, 360, 360, 180, 180, 360, 360, 180]
    );
    assert_eq!(
        QuantuminoSolver::game(7).unwrap().nrows_per_piece(),
        [360, 360, 360, 360, 360, 360, 180, 672, 672, 360, 360, 180, 180, 360, 360, 180]
    );
    assert_eq!(
        QuantuminoSolver::game(8).unwrap().nrows_per_piece(),
        [360, 360, 360, 360, 360, 360, 180, 180, 672, 360, 360, 180, 180, 360, 360, 180]
    );
    assert_eq!(
        q.dlx_summary(),
        "Dancing links solver for 96 columns and 5484 rows"
    );
    let rows = q.rows();
    assert_eq!(rows[0], [0, 16, 17, 19, 21, 35]);
    assert_eq!(rows[5483], [15, 63, 77, 78, 79, 95]);
    assert_eq!(
        q.tiling_solver().rows_mod_box_isometries(0).unwrap().len(),
        5214
    );
    let other: [([i64; 3], [usize; 17]); 4] = [
        (
            [4, 4, 5],
            [
                8628, 8628, 8628, 8628, 8628, 8628, 8928, 8928, 8364, 8364, 8628, 8628, 8928, 8928,
                8628, 8628, 8928,
            ],
        ),
        (
            [2, 2, 20],
            [
                2568, 2568, 2568, 2568, 2568, 2568, 2640, 2640, 2256, 2256, 2568, 2568, 2640, 2640,
                2568, 2568, 2640,
            ],
        ),
        (
            [3, 2, 2],
            [
                188, 188, 188, 188, 188, 188, 192, 192, 148, 148, 188, 188, 192, 192, 188, 188, 192,
            ],
        ),
        (
            [3, 3, 3],
            [
                1488, 1488, 1488, 1488, 1488, 1488, 1536, 1536, 1392, 1392, 1488, 1488, 1536, 1536,
                1488, 1488, 1536,
            ],
        ),
    ];
    for (bx, counts) in other {
        for (aside, n) in counts.iter().enumerate() {
            let q = QuantuminoSolver::new(aside as i64, bx).unwrap();
            assert_eq!(q.rows().len(), *n, "box {bx:?} aside {aside}");
        }
    }
    assert!(QuantuminoSolver::new(4, [40, 2, 1])
        .unwrap()
        .rows()
        .is_empty());
}

#[test]
fn impossible_boxes_end_at_once() {
    for (aside, bx) in [
        (7, [3, 3, 3]),
        (7, [3, 3, 9]),
        (4, [40, 2, 1]),
        (4, [3, 2, 2]),
    ] {
        let q = QuantuminoSolver::new(aside, bx).unwrap();
        assert!(!q.is_possible(), "{bx:?}");
        for partial in [
            None,
            Some(Partial::CommonPrefix),
            Some(Partial::Incremental),
        ] {
            let mut s = q.search(partial);
            assert_eq!(s.step(1), Step::Done);
            assert_eq!(s.progress().nodes, 0);
            assert_eq!(s.count_solutions(None), 0);
        }
    }
}

/// Sage's computed first solutions (reference §1.5), compared byte for byte.
#[test]
fn first_solutions_as_sage() {
    let text = include_str!("quantumino_sage_first_solutions.txt");
    let mut blocks: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("==== ") {
            blocks.push((h.to_string(), String::new()));
        } else {
            let b = &mut blocks.last_mut().unwrap().1;
            b.push_str(line);
            b.push('\n');
        }
    }
    assert_eq!(blocks.len(), 11);
    let cases: [(i64, [i64; 3], usize); 8] = [
        (12, [5, 8, 2], 0),
        (7, [5, 8, 2], 0),
        (8, [5, 8, 2], 0),
        (0, [5, 8, 2], 0),
        (3, [5, 8, 2], 0),
        (7, [4, 4, 5], 0),
        (7, [2, 2, 20], 0),
        (3, [2, 2, 20], 0),
    ];
    for (k, (aside, bx, _)) in cases.iter().enumerate() {
        let s = &first(*aside, *bx, 1)[0];
        check_tiling(s, *aside as usize, bx.map(|a| a as i32));
        assert_eq!(s.full_text(), blocks[k].1, "{}", blocks[k].0);
    }
    let three = first(7, [5, 8, 2], 3);
    for (i, s) in three.iter().enumerate() {
        assert_eq!(s.pieces_text(), blocks[8 + i].1, "{}", blocks[8 + i].0);
    }
}

/// Many enumerated solutions, on several boxes and asides, all checked.
#[test]
fn enumerated_solutions_are_tilings() {
    let cases: [(i64, [i64; 3], usize); 6] = [
        (0, [5, 8, 2], 300),
        (9, [5, 8, 2], 100),
        (16, [5, 8, 2], 100),
        (7, [4, 4, 5], 100),
        (3, [2, 2, 20], 100),
        (12, [10, 4, 2], 100),
    ];
    for (aside, bx, n) in cases {
        let sols = first(aside, bx, n);
        assert_eq!(sols.len(), n);
        let distinct: BTreeSet<Vec<PlacedPiece>> = sols
            .iter()
            .map(|s| {
                let mut v = s.pieces.clone();
                v.sort_by_key(|a| a.piece);
                v
            })
            .collect();
        assert_eq!(distinct.len(), n, "solutions repeat");
        for s in &sols {
            check_tiling(s, aside as usize, bx.map(|a| a as i32));
        }
    }
}

fn partial_items(
    aside: i64,
    partial: Partial,
    n: usize,
) -> (Vec<QuantuminoState>, Vec<QuantuminoState>) {
    let q = QuantuminoSolver::game(aside).unwrap();
    (q.solutions(partial.into(), n), q.solutions(None, 4))
}

fn is_prefix(a: &[PlacedPiece], b: &[PlacedPiece]) -> bool {
    a.len() <= b.len() && a == &b[..a.len()]
}

#[test]
fn common_prefix_mode() {
    let (items, sols) = partial_items(0, Partial::CommonPrefix, 7);
    let lens: Vec<usize> = items.iter().map(|s| s.pieces.len()).collect();
    assert_eq!(&lens[..4], [16, 9, 16, 6]);
    for k in 0..4 {
        assert_eq!(items[2 * k], sols[k]);
    }
    for k in 0..3 {
        let p = &items[2 * k + 1].pieces;
        let (a, b) = (&sols[k].pieces, &sols[k + 1].pieces);
        assert!(is_prefix(p, a) && is_prefix(p, b));
        assert_ne!(a[p.len()], b[p.len()], "prefix is the longest");
    }
}

#[test]
fn incremental_mode() {
    let (items, sols) = partial_items(0, Partial::Incremental, 60);
    let lens: Vec<usize> = items.iter().map(|s| s.pieces.len()).collect();
    assert_eq!(&lens[..6], [16, 15, 14, 13, 12, 11]);
    for w in items.windows(2) {
        let (a, b) = (&w[0].pieces, &w[1].pieces);
        assert!(
            (b.len() + 1 == a.len() && is_prefix(b, a))
                || (a.len() + 1 == b.len() && is_prefix(a, b)),
            "one piece changes at a time"
        );
    }
    let full: Vec<&QuantuminoState> = items.iter().filter(|s| s.pieces.len() == 16).collect();
    assert!(full.len() >= 3);
    for (k, s) in full.iter().enumerate() {
        assert_eq!(**s, sols[k]);
    }
}
