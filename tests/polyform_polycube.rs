//! The polycube model against Sage's `sage.combinat.tiling` doctests and the
//! Quantumino row counts (reference/sage_games.md §1.4, §4).

use tessera::engine::polyform::polycube::{isometries, rotations, Polycube, TilingSolver, Vec3};
use tessera::engine::polyform::{Freedom, Lattice, Piece, PieceSet, Puzzle};

fn pc(cells: &[Vec3]) -> Polycube {
    Polycube::new(cells)
}

/// Sage's Quantumino pieces, from the engine (`sage.games.quantumino.pentaminos`).
fn quantumino_pieces() -> Vec<Polycube> {
    tessera::engine::quantumino::pieces::polycubes()
}

fn quantumino(aside: usize) -> TilingSolver {
    let pieces: Vec<Polycube> = quantumino_pieces()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i != aside)
        .map(|(_, p)| p)
        .collect();
    TilingSolver::new(pieces, [5, 8, 2], true, false, false).unwrap()
}

#[test]
fn isometry_groups_as_sage_sorts_them() {
    let r = rotations();
    assert_eq!(r.len(), 24);
    assert_eq!(isometries().len(), 48);
    assert_eq!(r[1], [[-1, 0, 0], [0, 0, -1], [0, -1, 0]]);
    assert_eq!(r[4], [[0, -1, 0], [-1, 0, 0], [0, 0, -1]]);
    assert_eq!(r[15], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]);
    assert!(r.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn polycube_basics() {
    let p = pc(&[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 2, 0]]);
    assert_eq!(p.bounding_box(), [[0, 0, 0], [1, 2, 1]]);
    assert_eq!(p.center(), [0.8, 0.8, 0.2]);
    let t = p.translated([3, 4, 5]);
    assert_eq!(
        t.cells(),
        &[[3, 4, 5], [4, 4, 5], [4, 5, 5], [4, 5, 6], [4, 6, 5]]
    );
    assert_eq!(t.canonical(), p);
    assert!(quantumino_pieces()
        .iter()
        .all(|q| q.canonical() == *q && q.is_connected()));
}

#[test]
fn orientation_counts() {
    let q = quantumino_pieces();
    let rot: Vec<usize> = q
        .iter()
        .map(|p| p.canonical_isometric_copies(true, false).len())
        .collect();
    assert_eq!(
        rot,
        [24, 24, 24, 24, 24, 24, 12, 12, 24, 24, 24, 24, 12, 12, 24, 24, 12]
    );
    let modbox: Vec<usize> = q
        .iter()
        .map(|p| p.canonical_isometric_copies(true, true).len())
        .collect();
    assert_eq!(modbox, [6, 6, 6, 6, 6, 6, 3, 3, 6, 6, 6, 6, 3, 3, 6, 6, 3]);
    let all: Vec<usize> = q
        .iter()
        .map(|p| p.canonical_isometric_copies(false, false).len())
        .collect();
    assert_eq!(
        all,
        [48, 48, 48, 48, 48, 48, 24, 24, 24, 24, 24, 24, 24, 24, 48, 48, 12]
    );
    // Mirror twins 0-1, 2-3, 4-5, 6-7, 12-13, 14-15; achiral 8 9 10 11 16.
    for (a, b) in [(0, 1), (2, 3), (4, 5), (6, 7), (12, 13), (14, 15)] {
        assert!(q[a].is_chiral());
        assert!(q[a]
            .mirror()
            .canonical_isometric_copies(true, false)
            .contains(&q[b]));
    }
    for i in [8, 9, 10, 11, 16] {
        assert!(!q[i].is_chiral());
    }
}

#[test]
fn translated_copies_as_sage() {
    let p = pc(&[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 2, 0]]);
    let t = p.translated_copies([5, 8, 2]);
    assert_eq!(t.len(), 24);
    assert_eq!(
        t[1].cells(),
        &[[0, 1, 0], [1, 1, 0], [1, 2, 0], [1, 2, 1], [1, 3, 0]]
    );
    assert_eq!(
        t[6].cells(),
        &[[1, 0, 0], [2, 0, 0], [2, 1, 0], [2, 1, 1], [2, 2, 0]]
    );
    assert_eq!(
        t[23].cells(),
        &[[3, 5, 0], [4, 5, 0], [4, 6, 0], [4, 6, 1], [4, 7, 0]]
    );
    assert!(p.translated_copies([2, 2, 3]).is_empty());
    assert_eq!(p.translated_copies([2, 3, 2]).len(), 1);
    assert!(p.translated_copies([3, 2, 2]).is_empty());
    assert!(p.translated_copies([1, 1, 1]).is_empty());
    let q = pc(&[[34, 7, -9], [35, 7, -9]]);
    let c = q.translated_copies([2, 2, 1]);
    assert_eq!(
        c,
        vec![pc(&[[0, 0, 0], [1, 0, 0]]), pc(&[[0, 1, 0], [1, 1, 0]])]
    );
    assert_eq!(p.isometric_copies([5, 8, 2], true, false).len(), 360);
    let orange = pc(&[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 2, 1]]);
    assert_eq!(orange.isometric_copies([5, 8, 2], true, false).len(), 180);
    assert_eq!(orange.isometric_copies([5, 8, 2], false, false).len(), 360);
    assert_eq!(orange.isometric_copies([5, 8, 2], true, true).len(), 45);
}

#[test]
fn rows_as_sage() {
    let p = pc(&[[0, 0, 0]]);
    let q = pc(&[[0, 0, 0], [0, 0, 1]]);
    let r = pc(&[[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
    let t = TilingSolver::new(vec![p, q, r], [1, 1, 6], true, false, false).unwrap();
    assert_eq!(
        t.rows_for_piece(0, false),
        vec![
            vec![0, 3],
            vec![0, 4],
            vec![0, 5],
            vec![0, 6],
            vec![0, 7],
            vec![0, 8]
        ]
    );
    assert_eq!(
        t.rows_for_piece(1, false),
        vec![
            vec![1, 3, 4],
            vec![1, 4, 5],
            vec![1, 5, 6],
            vec![1, 6, 7],
            vec![1, 7, 8]
        ]
    );
    assert_eq!(
        t.rows_for_piece(2, false),
        vec![
            vec![2, 3, 4, 5],
            vec![2, 4, 5, 6],
            vec![2, 5, 6, 7],
            vec![2, 6, 7, 8]
        ]
    );
    assert_eq!(t.rows().len(), 15);
    assert_eq!(t.num_columns(), 9);
    assert_eq!(t.starting_rows(), vec![0, 6, 11, 15]);
    assert!(t.is_suitable());
    assert_eq!(t.number_of_solutions(), 6);
    let first = &t.first_solutions(6);
    assert_eq!(first.len(), 6);
    for sol in first {
        let mut cells: Vec<Vec3> = sol.iter().flat_map(|(_, c)| c.cells().to_vec()).collect();
        cells.sort();
        assert_eq!(cells, (0..6).map(|z| [0, 0, z]).collect::<Vec<_>>());
    }
    let t7 = TilingSolver::new(
        vec![pc(&[[0, 0, 0]]), pc(&[[0, 0, 0], [0, 0, 1]])],
        [1, 1, 7],
        true,
        false,
        false,
    )
    .unwrap();
    assert!(!t7.is_suitable());
    assert_eq!(t7.number_of_solutions(), 0);

    let a = pc(&[[0, 0, 0], [0, 0, 1], [1, 0, 0]]);
    let b = pc(&[[0, 0, 0], [1, 0, 0], [0, 1, 0]]);
    let t = TilingSolver::new(vec![a, b], [2, 1, 3], true, false, false).unwrap();
    assert_eq!(
        t.rows_for_piece(0, false),
        vec![
            vec![0, 2, 3, 5],
            vec![0, 3, 4, 6],
            vec![0, 2, 3, 6],
            vec![0, 3, 4, 7],
            vec![0, 2, 5, 6],
            vec![0, 3, 6, 7],
            vec![0, 3, 5, 6],
            vec![0, 4, 6, 7]
        ]
    );
    assert_eq!(
        t.rows_for_piece(0, true),
        vec![vec![0, 2, 3, 5], vec![0, 3, 4, 6]]
    );
    assert_eq!(
        t.rows_for_piece(1, true),
        vec![vec![1, 2, 3, 5], vec![1, 3, 4, 6]]
    );
    let rows = t.rows();
    assert_eq!(rows.len(), 16);
    assert_eq!(
        t.row_to_polycube(&rows, 7),
        (0, pc(&[[0, 0, 2], [1, 0, 1], [1, 0, 2]]))
    );
    assert_eq!(
        t.row_to_polycube(&rows, 13),
        (1, pc(&[[0, 0, 1], [1, 0, 1], [1, 0, 2]]))
    );
}

#[test]
fn reusable_and_fixed_rows() {
    let d = pc(&[[0, 0, 0], [0, 0, 1]]);
    let t = TilingSolver::new(vec![d.clone()], [1, 1, 4], true, false, true).unwrap();
    assert_eq!(t.rows(), vec![vec![0, 1], vec![1, 2], vec![2, 3]]);
    assert_eq!(t.number_of_solutions(), 1);
    let t = TilingSolver::new(vec![d], [1, 1, 4], false, false, false).unwrap();
    assert_eq!(t.rows(), vec![vec![0, 1, 2], vec![0, 2, 3], vec![0, 3, 4]]);
    // Sage's row_to_polyomino with reusable, fixed pieces (a 2×2 box).
    let v = pc(&[[0, 0, 0], [0, 1, 0]]);
    let h = pc(&[[0, 0, 0], [1, 0, 0]]);
    let t = TilingSolver::new(vec![v, h], [2, 2, 1], false, false, true).unwrap();
    let rows = t.rows();
    let got: Vec<(usize, Polycube)> = (0..4).map(|i| t.row_to_polycube(&rows, i)).collect();
    assert_eq!(
        got,
        vec![
            (0, pc(&[[0, 0, 0], [0, 1, 0]])),
            (0, pc(&[[1, 0, 0], [1, 1, 0]])),
            (1, pc(&[[0, 0, 0], [1, 0, 0]])),
            (1, pc(&[[0, 1, 0], [1, 1, 0]])),
        ]
    );
    assert!(TilingSolver::new(vec![], [1, 1, 1], false, true, false).is_err());
}

#[test]
fn rows_mod_box_isometries_as_sage() {
    let red = pc(&[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1], [2, 0, 1]]);
    let t = TilingSolver::new(vec![red], [3, 4, 2], true, false, false).unwrap();
    let m = t.rows_mod_box_isometries(0).unwrap();
    let expected: Vec<Vec<usize>> = vec![
        vec![0, 1, 3, 4, 11, 13],
        vec![0, 3, 5, 6, 13, 15],
        vec![0, 9, 11, 12, 19, 21],
        vec![0, 11, 13, 14, 21, 23],
        vec![0, 1, 9, 10, 11, 18],
        vec![0, 3, 11, 12, 13, 20],
        vec![0, 5, 13, 14, 15, 22],
        vec![0, 2, 3, 4, 5, 11],
        vec![0, 4, 5, 6, 7, 13],
        vec![0, 10, 11, 12, 13, 19],
        vec![0, 12, 13, 14, 15, 21],
        vec![0, 2, 9, 10, 12, 20],
        vec![0, 4, 11, 12, 14, 22],
        vec![0, 6, 13, 14, 16, 24],
    ];
    assert_eq!(m, expected);
    assert_eq!(t.rows().len(), 4 * m.len());
    let cube = TilingSolver::new(vec![pc(&[[0, 0, 0]])], [2, 2, 3], true, false, false).unwrap();
    assert!(cube
        .rows_mod_box_isometries(0)
        .unwrap_err()
        .to_string()
        .contains("all distinct"));
}

#[test]
fn quantumino_rows() {
    for aside in 0..17 {
        let t = quantumino(aside);
        let expected = match aside {
            0..=5 | 10 | 11 | 14 | 15 => 5484,
            6 | 7 | 12 | 13 | 16 => 5664,
            _ => 5172,
        };
        assert_eq!(t.rows().len(), expected, "aside {aside}");
        assert_eq!(t.num_columns(), 96);
        assert!(t.is_suitable());
    }
    let t = quantumino(0);
    assert_eq!(
        t.nrows_per_piece(),
        [360, 360, 360, 360, 360, 180, 180, 672, 672, 360, 360, 180, 180, 360, 360, 180]
    );
    assert_eq!(t.rows_mod_box_isometries(0).unwrap().len(), 5214);
    let p = t.problem(&t.rows()).unwrap();
    assert_eq!(p.num_rows(), 5484);
}

#[test]
fn quantumino_first_solution_is_a_tiling() {
    let t = quantumino(0);
    let sols = t.first_solutions(1);
    assert_eq!(sols.len(), 1);
    let mut cells: Vec<Vec3> = Vec::new();
    let mut used = [false; 16];
    for (piece, placed) in &sols[0] {
        assert!(!used[*piece]);
        used[*piece] = true;
        assert!(t.pieces()[*piece]
            .canonical_isometric_copies(true, false)
            .contains(&placed.canonical()));
        cells.extend_from_slice(placed.cells());
    }
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), 80);
    assert!(cells
        .iter()
        .all(|c| c[0] < 5 && c[1] < 8 && c[2] < 2 && c.iter().all(|&v| v >= 0)));
}

/// Florent Hivert's puzzle from the Sage documentation: 10 pieces in an
/// 8×8 square have no tiling without flips and 328 with them; in a flat box
/// the 24 rotations of space include the flips.
#[test]
#[cfg_attr(
    not(optimized),
    ignore = "optimised builds only (a few seconds natively)"
)]
fn hivert_puzzle() {
    let shapes: Vec<Vec<(i32, i32)>> = vec![
        vec![
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
        ],
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2)],
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 3)],
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3)],
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)],
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2)],
        vec![(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 3)],
        vec![(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 3)],
        vec![(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2)],
        vec![(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
    ];
    let cubes: Vec<Polycube> = shapes
        .iter()
        .map(|s| pc(&s.iter().map(|&(x, y)| [x, y, 0]).collect::<Vec<_>>()))
        .collect();
    let t = TilingSolver::new(cubes, [8, 8, 1], true, false, false).unwrap();
    assert_eq!(t.number_of_solutions(), 328);
    // The same puzzle on the square lattice, one-sided and free.
    let set = PieceSet {
        name: "hivert".into(),
        lattice: Lattice::Square,
        pieces: shapes
            .iter()
            .enumerate()
            .map(|(i, s)| Piece::from_xy(Lattice::Square, &format!("h{i}"), s))
            .collect(),
    };
    let region = tessera::engine::polyform::region::rectangle(8, 8);
    let p = Puzzle::new("hivert", Lattice::Square, region, set);
    let all = tessera::engine::polyform::SolveOptions { unique: false };
    assert_eq!(
        tessera::engine::polyform::solve::count(&p, all).unwrap(),
        328
    );
    let one_sided = p.freedom(Freedom::ONE_SIDED);
    assert_eq!(
        tessera::engine::polyform::solve::count(&one_sided, all).unwrap(),
        0
    );
}
