//! The Sudoku core against Sage's doctests and computed outputs
//! (../shared/reference/sage_games.md §3, sage_doctests_sudoku*.md), with
//! every solution checked by an independent checker.

use crate::common;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use tessera::engine::search::Step;
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

const H: &str = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
const HBAD: &str =
    "82.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
const C_EQ: &str =
    "1..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
const D_EQ: &str =
    "81.6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......";
const A: &str = "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";
const S4: &str = ".4..32....14..3.";
const J: &str = "....a..69.3....1d.2...8....e.4....b....5..c.......7.......g...f....1.e..2.b.8..3.......4.d.....6.........f..7.g..9.a..c...5.....8..f.....1..e.79.c....b.....2...6.....g.7......84....3.d..a.5....5...7..e...ca.....3.1.......b......f....4...d..e..g.92.6..8....";
const J_FIRST: &str = "5fgead769234b8c1d32cbg8f167ea4951ab69435f8cdg7e29874c21ea5gb63fdcg41de9a27b68f533e57gbf4cd8912a626db18534fea79gcf98a26c73g514edb8b3f5a42d16ceg79gced7fb18945263a62a5ecg97bf3d1484719836dgea25cbfb59867dge31fca247df341a85c2g9b6ea162f5ecb4973d8ge4cg392b6ad8f517";
const H_SOLUTIONS: [&str; 5] = [
    "814637925325149687796825314957318462241956873638274591462793158579481236183562749",
    "814637925325941687796825314957318462241569873638472591462793158579184236183256749",
    "834671925125839647796425318957318462241956873368247591682793154579184236413562789",
    "834671925125839647796524318957318462241956873368247591682793154519482736473165289",
    "834671925125839647796524318957318462241965873368247591682793154519482736473156289",
];
/// The first six dlx solutions of C_EQ, in Sage's order (reference §3.5).
const C_EQ_DLX: [&str; 6] = [
    "124637985385149627796825314957318462241956873638274591462793158519482736873561249",
    "124637985385149627796825314957318462241956873638274591462793158579481236813562749",
    "124637985385149627796825314957318462241956873638472591462793158519284736873561249",
    "124637985398145627675829314957318462241956873836274591462793158519482736783561249",
    "124637985398145627675829314957318462241956873836472591462793158519284736783561249",
    "124637985738159642695824317957318264241965873386472591462793158579281436813546729",
];

fn sudoku(s: &str) -> Sudoku {
    Sudoku::from_sage_str(s, None).unwrap()
}

/// Independent checker: written from the rules, not from the solver — every
/// row, column and box holds each of 1..=n once, and the givens are kept.
fn check(puzzle: &Sudoku, solution: &Sudoku) {
    common::checker::sudoku(puzzle, solution.cells());
}

fn all(puzzle: &Sudoku, alg: Algorithm) -> Vec<String> {
    puzzle
        .solutions(alg)
        .unwrap()
        .map(|s| {
            check(puzzle, &s);
            s.to_sage_string().unwrap()
        })
        .collect()
}

fn as_set(v: &[String]) -> BTreeSet<String> {
    v.iter().cloned().collect()
}

// ---------- construction and errors (Sage's facts, plus where) ----------

#[test]
fn sage_construction_errors_keep_sages_words() {
    let e = Sudoku::from_sage_str(".........", None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("Sudoku puzzle dimension of 3 must be a perfect square"),
        "{e}"
    );
    assert!(e.contains("9 cells"), "{e}");
    let e = Sudoku::from_sage_str(".1.2.......5....", None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Sudoku puzzle has an invalid entry"), "{e}");
    assert!(e.contains("position 12") && e.contains("r3c4"), "{e}");
    let e = Sudoku::from_sage_str("abc*", None).unwrap_err().to_string();
    assert!(e.contains("dimension of 2 must be a perfect square"), "{e}");
    let e = Sudoku::from_list(&[1, 2, 3, 4], None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("dimension of 2 must be a perfect square"), "{e}");
    let e = Sudoku::from_matrix(&[vec![0, 1, 2], vec![3, 4, 5]], None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Sudoku puzzle must be a square matrix"), "{e}");
    let e = Sudoku::from_sage_str("..*.............", None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("'*'") && e.contains("position 3"), "{e}");
    let e = Sudoku::from_list(&[0, 0, 0, -1], Some(Shape::new(1, 2).unwrap()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("-1") && e.contains("position 4"), "{e}");
    let e = Sudoku::from_sage_str("......", Some(Shape::new(2, 3).unwrap()))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("6 cells") && e.contains("2x3") && e.contains("36"),
        "{e}"
    );
    assert!(Sudoku::from_sage_str("", None).is_err());
}

#[test]
fn duplicate_givens_name_the_cells_and_the_unit() {
    let e = sudoku("44..............").verify().unwrap_err().to_string();
    assert_eq!(e, "4 appears twice in row 1: at r1c1 and r1c2");
    let e = sudoku("4...4...........").verify().unwrap_err().to_string();
    assert_eq!(e, "4 appears twice in column 1: at r1c1 and r2c1");
    let e = sudoku("4....4..........").verify().unwrap_err().to_string();
    assert_eq!(e, "4 appears twice in box 1: at r1c1 and r2c2");
    assert_eq!(sudoku("4....4.........4").conflicts(), vec![0, 5]);
    assert!(sudoku(H).conflicts().is_empty());
    let e = sudoku("4....4..........")
        .search(Algorithm::Dlx)
        .err()
        .unwrap();
    assert!(e.to_string().contains("box 1"));
}

#[test]
fn unknown_algorithm_error_lists_the_choices() {
    let e = "bogus".parse::<Algorithm>().unwrap_err().to_string();
    assert_eq!(
        e,
        "bogus is not an algorithm for Sudoku puzzles: choose auto, dlx, backtrack or sat"
    );
    assert_eq!("DLX".parse::<Algorithm>(), Ok(Algorithm::Dlx));
    assert_eq!("backtrack".parse::<Algorithm>(), Ok(Algorithm::Backtrack));
}

#[test]
fn equality_follows_sage() {
    let (a, b, c, d) = (sudoku(S4), sudoku(H), sudoku(C_EQ), sudoku(D_EQ));
    assert!(a != b);
    assert!(b == sudoku(H));
    assert!(b != c);
    assert!(b != d);
}

// ---------- output formats, byte-exact ----------

#[test]
fn to_string_list_and_matrix_match_sage() {
    let b = Sudoku::from_matrix(
        &[
            vec![0, 0, 0, 0, 1, 0, 9, 0, 0],
            vec![8, 0, 0, 4, 0, 0, 0, 0, 0],
            vec![2, 0, 0, 0, 0, 0, 0, 0, 0],
            vec![0, 7, 0, 0, 3, 0, 0, 0, 0],
            vec![0, 0, 0, 0, 0, 0, 2, 0, 4],
            vec![0, 0, 0, 0, 0, 0, 0, 5, 8],
            vec![0, 6, 0, 0, 0, 0, 1, 3, 0],
            vec![7, 0, 0, 2, 0, 0, 0, 0, 0],
            vec![0, 0, 0, 8, 0, 0, 0, 0, 0],
        ],
        None,
    )
    .unwrap();
    assert_eq!(
        b.to_sage_string().unwrap(),
        "....1.9..8..4.....2.........7..3..........2.4.......58.6....13.7..2........8....."
    );
    let j = sudoku(J);
    assert_eq!(j.to_sage_string().unwrap(), J);
    assert_eq!(j.to_list()[..9], [0, 0, 0, 0, 10, 0, 0, 6, 9]);
    let d =
        sudoku("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1");
    assert_eq!(d.to_list_string(), "[1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 9, 0, 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0, 5, 0, 9, 0, 3, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 5, 0, 0, 4, 0, 7, 0, 0, 0, 0, 0, 6, 0, 0, 0, 3, 0, 0, 0, 9, 0, 8, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1]");
    let alist = [0, 4, 0, 0, 3, 2, 0, 0, 0, 0, 1, 4, 0, 0, 3, 0];
    let s = Sudoku::from_list(&alist, None).unwrap();
    assert_eq!(s.to_list(), alist.map(|v| v as u8));
    assert_eq!(
        s.to_matrix_string(),
        "[0 4 0 0]\n[3 2 0 0]\n[0 0 1 4]\n[0 0 3 0]"
    );
    let m: Vec<Vec<i64>> = s
        .to_matrix()
        .iter()
        .map(|r| r.iter().map(|&v| v as i64).collect())
        .collect();
    assert_eq!(Sudoku::from_matrix(&m, None).unwrap(), s);
}

#[test]
fn string_form_stops_at_36_as_sage_does() {
    let big = Sudoku::from_list(&[40; 2401], None).unwrap();
    assert_eq!(
        big.to_sage_string().unwrap_err().to_string(),
        "Sudoku string representation is only valid for puzzles of size 36 or smaller"
    );
    // Every string we write reads back, including 36 (Sage writes '{').
    let mut v = vec![0i64; 1296];
    v[0] = 36;
    v[1] = 35;
    let s = Sudoku::from_list(&v, None).unwrap();
    let text = s.to_sage_string().unwrap();
    assert!(text.starts_with("{z."));
    assert_eq!(Sudoku::from_sage_str(&text, None).unwrap(), s);
}

#[test]
fn ascii_and_latex_are_byte_exact() {
    let s = sudoku(S4);
    assert_eq!(
        s.to_ascii(),
        "+---+---+\n|  4|   |\n|3 2|   |\n+---+---+\n|   |1 4|\n|   |3  |\n+---+---+"
    );
    assert_eq!(s.to_string(), s.to_ascii(), "the repr is the ASCII form");
    assert_eq!(
        s.to_latex(),
        "\\begin{array}{|*{2}{*{2}{r}|}}\\hline\n &4& & \\\\\n3&2& & \\\\\\hline\n & &1&4\\\\\n & &3& \\\\\\hline\n\\end{array}"
    );
    let read = |f: &str| std::fs::read_to_string(format!("tests/data/{f}")).unwrap();
    assert_eq!(sudoku(A).to_ascii(), read("sage_a_ascii.txt"));
    assert_eq!(sudoku(A).to_latex(), read("sage_a_latex.txt"));
    assert_eq!(sudoku(J).to_ascii(), read("sage_j_ascii.txt"));
    assert_eq!(sudoku(J).to_latex(), read("sage_j_latex.txt"));
    assert_eq!(
        sudoku(J_FIRST).to_ascii(),
        read("sage_j_solution_ascii.txt")
    );
    let one = sudoku(".").solve_first(Algorithm::Dlx).unwrap().unwrap();
    assert_eq!(one.to_ascii(), "+-+\n|1|\n+-+");
}

#[test]
fn rectangular_boxes_are_drawn_with_their_own_rules() {
    let s = Sudoku::from_sage_str("123456", Some(Shape::new(1, 2).unwrap())).unwrap_err();
    assert!(s.to_string().contains("4 cells"));
    let shape = Shape::new(2, 3).unwrap();
    let g = Sudoku::empty(shape)
        .solve_first(Algorithm::Backtrack)
        .unwrap()
        .unwrap();
    let ascii = g.to_ascii();
    let lines: Vec<&str> = ascii.lines().collect();
    assert_eq!(lines.len(), 6 + 4, "6 rows and 4 rules (every 2 rows)");
    assert_eq!(lines[0], "+-----+-----+");
    assert!(g
        .to_latex()
        .starts_with("\\begin{array}{|*{2}{*{3}{r}|}}\\hline\n"));
    assert_eq!(g.to_latex().matches("\\hline").count(), 4);
}

#[test]
fn tolerant_parser_reads_what_people_paste() {
    let want = sudoku(H);
    let sdk: String = H
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    assert_eq!(
        Sudoku::parse(&format!("#A someone\n#D h\n{sdk}"), None).unwrap(),
        want
    );
    let ss = "8..|6..|9.5\n...|...|...\n...|.2.|31.\n-----------\n..7|318|.6.\n24.|...|.73\n...|...|...\n---+---+---\n..2|79.|1..\n5..|.8.|.36\n..3|...|...";
    assert_eq!(Sudoku::parse(ss, None).unwrap(), want);
    let zeros = H.replace('.', "0");
    assert_eq!(Sudoku::parse(&zeros, None).unwrap(), want);
    let list: Vec<String> = want.cells().iter().map(|v| v.to_string()).collect();
    assert_eq!(
        Sudoku::parse(&format!("[{}]", list.join(", ")), None).unwrap(),
        want
    );
    let matrix = "[0 4 0 0]\n[3 2 0 0]\n[0 0 1 4]\n[0 0 3 0]";
    assert_eq!(Sudoku::parse(matrix, None).unwrap(), sudoku(S4));
    let url = format!("https://www.sudokuwiki.org/sudoku.htm?bd={zeros}");
    assert_eq!(Sudoku::parse(&url, None).unwrap(), want);
    let e = Sudoku::parse("8..6..9.5....x", None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("perfect square") || e.contains("invalid"), "{e}");
    let e = Sudoku::parse(&H.replace('8', "x"), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("'x'") && e.contains("position 1") && e.contains("1..9"),
        "{e}"
    );
}

// ---------- solving: Sage's counts and orders, both algorithms ----------

#[test]
fn h_has_sages_five_solutions_in_sages_order_with_dlx() {
    let h = sudoku(H);
    let dlx = all(&h, Algorithm::Dlx);
    assert_eq!(dlx, H_SOLUTIONS);
    let bt = all(&h, Algorithm::Backtrack);
    assert_eq!(as_set(&bt), as_set(&dlx));
}

#[test]
fn eq_variants_and_hbad_have_sages_counts() {
    let c = sudoku(C_EQ);
    let dlx = all(&c, Algorithm::Dlx);
    assert_eq!(dlx.len(), 98);
    assert_eq!(dlx[..6], C_EQ_DLX);
    assert_eq!(as_set(&all(&c, Algorithm::Backtrack)), as_set(&dlx));
    for alg in Algorithm::ALL {
        assert_eq!(sudoku(D_EQ).count_solutions(alg, None), Ok(2));
        assert_eq!(sudoku(HBAD).count_solutions(alg, None), Ok(0));
        assert_eq!(sudoku(HBAD).solve_first(alg), Ok(None));
        assert_eq!(all(&sudoku("."), alg), vec!["1"]);
        assert_eq!(
            sudoku("................").count_solutions(alg, None),
            Ok(288)
        );
        // Sage's backtrack wrongly finds nothing here; ours must find 1.
        assert_eq!(all(&sudoku(S4), alg), vec!["1423324123144132"]);
    }
    assert_eq!(
        as_set(&all(&sudoku(D_EQ), Algorithm::Dlx)),
        as_set(
            &H_SOLUTIONS[..2]
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        )
    );
}

#[test]
fn documented_puzzles_have_sages_solutions() {
    let cases = [
        (
            A,
            "513687249849521637267349581158463972974218365326795418782934156635172894491856723",
        ),
        (
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "987654321246173985351928746128537694634892157795461832519286473472319568863745219",
        ),
        (
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            "174385962293467158586192734451923876928674315367851249719548623635219487842736591",
        ),
        (
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354",
        ),
        (
            "....1.9..8..4.....2.........7..3..........2.4.......58.6....13.7..2........8.....",
            "654312987831479526297685413472538691385196274916724358568947132743251869129863745",
        ),
    ];
    for (p, s) in cases {
        for alg in Algorithm::ALL {
            assert_eq!(all(&sudoku(p), alg), vec![s.to_string()], "{alg} on {p}");
        }
    }
}

#[test]
fn sixteen_by_sixteen_j_first_dlx_solution_is_sages() {
    let j = sudoku(J);
    let first = j.solve_first(Algorithm::Dlx).unwrap().unwrap();
    check(&j, &first);
    assert_eq!(first.to_sage_string().unwrap(), J_FIRST);
    // Backtrack (Sage's finds nothing on j) finds valid solutions too.
    let bt: Vec<Sudoku> = j.solutions(Algorithm::Backtrack).unwrap().take(3).collect();
    assert_eq!(bt.len(), 3);
    for s in &bt {
        check(&j, s);
    }
}

#[test]
fn top95_each_has_exactly_the_published_solution() {
    let puzzles =
        std::fs::read_to_string("tests/data/sets/top95.txt").expect("tests/data/sets/top95.txt");
    let solutions =
        std::fs::read_to_string("tests/data/sets/top95_solutions.txt").expect("solutions");
    let pairs: Vec<(&str, &str)> = puzzles.lines().zip(solutions.lines()).collect();
    assert_eq!(pairs.len(), 95);
    for (p, s) in pairs {
        let puzzle = sudoku(p.trim());
        for alg in Algorithm::ALL {
            assert_eq!(
                all(&puzzle, alg),
                vec![s.trim().to_string()],
                "{alg} on {p}"
            );
        }
    }
}

#[test]
fn empty_grids_of_every_shape_get_valid_solutions() {
    for (r, c) in [
        (1, 1),
        (1, 2),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (3, 4),
        (4, 4),
        (4, 5),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let empty = Sudoku::empty(shape);
        let s = empty.solve_first(Algorithm::Backtrack).unwrap().unwrap();
        check(&empty, &s);
        if shape.size() <= 16 {
            let s = empty.solve_first(Algorithm::Dlx).unwrap().unwrap();
            check(&empty, &s);
        }
    }
    // Sage: "the Sudoku backtrack algorithm is limited to puzzles of size 16 or smaller".
    let too_big = Sudoku::from_list(&[0; 625], None).unwrap();
    check(
        &too_big,
        &too_big.solve_first(Algorithm::Backtrack).unwrap().unwrap(),
    );
}

#[test]
fn budgeted_steps_replay_the_unbounded_sequence() {
    for p in [H, C_EQ, "................"] {
        let puzzle = sudoku(p);
        for alg in Algorithm::ALL {
            let want = all(&puzzle, alg);
            for budget in [1, 3] {
                let mut search = puzzle.search(alg).unwrap();
                let mut got = Vec::new();
                let mut pauses = 0u64;
                loop {
                    match search.step(budget) {
                        Step::Solution(cells) => {
                            got.push(puzzle.with_cells(cells).to_sage_string().unwrap())
                        }
                        Step::Paused => pauses += 1,
                        Step::Done => break,
                    }
                    let f = search.progress().fraction;
                    assert!((0.0..=1.0).contains(&f));
                }
                assert_eq!(got, want, "{alg} budget {budget}");
                let steps = pauses + got.len() as u64 + 1;
                assert!(
                    search.progress().nodes <= steps * (budget + 1),
                    "a step respects its budget"
                );
                assert_eq!(search.progress().solutions, want.len() as u128);
                assert_eq!(search.progress().fraction, 1.0);
            }
        }
    }
}

#[test]
fn count_with_a_limit_stops_there() {
    let empty = Sudoku::empty(Shape::new(2, 3).unwrap());
    for alg in Algorithm::ALL {
        assert_eq!(empty.count_solutions(alg, Some(500)), Ok(500));
        assert_eq!(sudoku(H).count_solutions(alg, Some(3)), Ok(3));
        assert_eq!(sudoku(H).count_solutions(alg, Some(50)), Ok(5));
    }
}

/// Random puzzles: blank random cells of published grids; both algorithms
/// must find the same set of solutions, each checked.
#[test]
fn random_puzzles_agree_between_algorithms() {
    let solutions = std::fs::read_to_string("tests/data/sets/top95_solutions.txt").unwrap();
    let grids: Vec<&str> = solutions.lines().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for round in 0..60 {
        let grid = grids[round % grids.len()];
        let mut cells: Vec<u8> = grid.bytes().map(|b| b - b'0').collect();
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        let blanks = rng.gen_range(45..62);
        for &i in &order[..blanks] {
            cells[i] = 0;
        }
        let list: Vec<i64> = cells.iter().map(|&v| v as i64).collect();
        let puzzle = Sudoku::from_list(&list, None).unwrap();
        let dlx: Vec<String> = puzzle
            .solutions(Algorithm::Dlx)
            .unwrap()
            .take(200)
            .map(|s| {
                check(&puzzle, &s);
                s.to_sage_string().unwrap()
            })
            .collect();
        if dlx.len() == 200 {
            continue;
        }
        assert!(
            dlx.contains(&grid.to_string()),
            "the original grid is a solution"
        );
        assert_eq!(
            as_set(&all(&puzzle, Algorithm::Backtrack)),
            as_set(&dlx),
            "round {round}"
        );
    }
    // The same for 6x6 and 12x12 puzzles made from solved grids.
    for (r, c) in [(2, 3), (3, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let grid = Sudoku::empty(shape)
            .solve_first(Algorithm::Backtrack)
            .unwrap()
            .unwrap();
        let n = shape.cells();
        for _ in 0..10 {
            let mut cells: Vec<i64> = grid.cells().iter().map(|&v| v as i64).collect();
            let mut order: Vec<usize> = (0..n).collect();
            order.shuffle(&mut rng);
            for &i in &order[..n * 55 / 100] {
                cells[i] = 0;
            }
            let puzzle = Sudoku::from_list(&cells, Some(shape)).unwrap();
            let dlx: Vec<String> = puzzle
                .solutions(Algorithm::Dlx)
                .unwrap()
                .take(100)
                .map(|s| s.to_sage_string().unwrap())
                .collect();
            let bt: Vec<String> = puzzle
                .solutions(Algorithm::Backtrack)
                .unwrap()
                .take(100)
                .map(|s| {
                    check(&puzzle, &s);
                    s.to_sage_string().unwrap()
                })
                .collect();
            if dlx.len() < 100 {
                assert_eq!(as_set(&bt), as_set(&dlx));
            }
        }
    }
}

/// The 9×9 band-bitboard fast path and the general bitset solver enumerate the
/// same solutions (the fast path is what `backtrack` runs on 9×9).
#[test]
fn band_fast_path_agrees_with_the_general_solver() {
    use tessera::engine::search::Search;
    use tessera::engine::sudoku::backtrack::BacktrackSearch;
    use tessera::engine::sudoku::band::Band9;
    let collect = |s: &mut dyn Search<Vec<u8>>| {
        let mut out = BTreeSet::new();
        loop {
            match s.step(1000) {
                Step::Solution(g) => {
                    out.insert(g);
                }
                Step::Paused => {}
                Step::Done => return out,
            }
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let puzzles = std::fs::read_to_string("tests/data/sets/top95.txt").unwrap();
    let mut cases: Vec<Vec<u8>> = puzzles
        .lines()
        .take(10)
        .map(|l| sudoku(l.trim()).cells().to_vec())
        .collect();
    for p in [H, C_EQ, D_EQ, HBAD] {
        cases.push(sudoku(p).cells().to_vec());
    }
    // Puzzles with a few hundred solutions: blank more of a solved grid.
    let grid = sudoku(H_SOLUTIONS[0]).cells().to_vec();
    for _ in 0..10 {
        let mut cells = grid.clone();
        let mut order: Vec<usize> = (0..81).collect();
        order.shuffle(&mut rng);
        for &i in &order[..56] {
            cells[i] = 0;
        }
        cases.push(cells);
    }
    let shape = Shape::square(3).unwrap();
    for cells in cases {
        let fast = collect(&mut Band9::new(&cells));
        let general = collect(&mut BacktrackSearch::new(shape, &cells));
        assert_eq!(fast, general);
        let puzzle =
            Sudoku::from_list(&cells.iter().map(|&v| v as i64).collect::<Vec<_>>(), None).unwrap();
        for g in &fast {
            check(&puzzle, &puzzle.with_cells(g.clone()));
        }
    }
}

/// Non-ASCII text is measured and located in characters, not bytes: the
/// length check sees 3 symbols (as for an ASCII string of 3), and a bad
/// character is reported at its character position.
#[test]
fn non_ascii_input_is_counted_in_characters() {
    let ascii = Sudoku::from_sage_str("ab*", None).unwrap_err().to_string();
    let wide = Sudoku::from_sage_str("aé*", None).unwrap_err().to_string();
    assert_eq!(wide, ascii);
    let e = Sudoku::from_sage_str("12.4é...........", None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("invalid entry") && e.contains("position 5"),
        "{e}"
    );
}
