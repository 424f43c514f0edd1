//! The modeling seed's comparison of SAT encodings (minimal, efficient,
//! extended; Lynce & Ouaknine 2006, Kwon & Jain 2006): sizes against the
//! formulas and the papers' clause counts, the same unique solution from
//! every encoding (checked by the tests' own checker and against DLX), and
//! `tessera experiment encodings` with Debian's picosat and minisat
//! (`make test-deps` installs both).

use crate::common;

use crate::common::{stderr, stdout, tessera_with_stdin};
use tessera::engine::sudoku::encodings::{decode, encode, Encoding};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

fn puzzles() -> Vec<Sudoku> {
    let mut out: Vec<Sudoku> = include_str!("data/sets/top95.txt")
        .lines()
        .take(3)
        .map(|l| Sudoku::from_sage_str(l.trim(), None).unwrap())
        .collect();
    out.push(Sudoku::parse(include_str!("data/seeds/test5a.game"), None).unwrap());
    out.push(Sudoku::from_sage_str(".4..32....14..3.", None).unwrap());
    out.push(Sudoku::from_list(&[0; 36], Some(Shape::new(2, 3).unwrap())).unwrap());
    out
}

#[test]
fn sizes_follow_the_formulas() {
    for p in puzzles() {
        let n = p.size();
        let pairs = n * (n - 1) / 2;
        for e in Encoding::ALL {
            let cnf = encode(&p, e);
            assert_eq!(cnf.variables, n * n * n);
            let expect = match e {
                Encoding::Minimal => n * n + 3 * n * n * pairs,
                Encoding::Efficient => n * n + n * n * pairs + 3 * n * n * pairs,
                Encoding::Extended => n * n + n * n * pairs + 3 * n * n * pairs + 3 * n * n,
            } + p.clues();
            assert_eq!(cnf.clauses.len(), expect, "{e}");
            assert_eq!(e.size(p.shape(), p.clues()), (n * n * n, expect));
            // Every clause of the minimal one is in the efficient one, and
            // so on up: each encoding adds clause groups.
            assert!(cnf.clauses.iter().all(|c| c
                .iter()
                .all(|&l| l != 0 && l.unsigned_abs() as usize <= n * n * n)));
        }
    }
    // The empty 9x9: Lynce & Ouaknine's 8,829 (minimal) and 11,988 (extended).
    let empty = Sudoku::empty(Shape::square(3).unwrap());
    assert_eq!(encode(&empty, Encoding::Minimal).clauses.len(), 8_829);
    assert_eq!(encode(&empty, Encoding::Extended).clauses.len(), 11_988);
}

#[test]
fn three_encodings_one_unique_solution() {
    for p in puzzles() {
        let dlx: Vec<Sudoku> = p.solutions(Algorithm::Dlx).unwrap().take(3).collect();
        let unique = dlx.len() == 1;
        for e in Encoding::ALL {
            let cnf = encode(&p, e);
            let models = cnf.models(cnf.variables, 3);
            assert_eq!(models.len(), dlx.len().min(3), "{e}");
            if unique {
                let grid = decode(p.shape(), &models[0]).expect("one digit per cell");
                common::checker::sudoku(&p, &grid);
                assert_eq!(grid.as_slice(), dlx[0].cells(), "{e}");
            }
        }
    }
    // A clash: no model in any encoding.
    let bad = Sudoku::from_sage_str("11..............", None).unwrap();
    for e in Encoding::ALL {
        assert!(encode(&bad, e).models(64, 1).is_empty(), "{e}");
    }
}

#[test]
fn cli_table_with_picosat_and_minisat() {
    for tool in ["picosat", "minisat"] {
        assert!(
            std::process::Command::new(tool)
                .arg("--help")
                .output()
                .is_ok(),
            "{tool} is missing: `make test-deps` installs it (Debian package {tool})"
        );
    }
    let set: String = include_str!("data/sets/top95.txt")
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let o = tessera_with_stdin(&["experiment", "encodings"], &set);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("3 puzzles"), "{out}");
    let head: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        head,
        [
            "encoding",
            "variables",
            "clauses",
            "tessera",
            "picosat",
            "minisat"
        ]
    );
    let p: Vec<Sudoku> = set
        .lines()
        .map(|l| Sudoku::from_sage_str(l, None).unwrap())
        .collect();
    for (row, e) in lines[2..5].iter().zip(Encoding::ALL) {
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cols[0], e.name());
        assert_eq!(cols[1], "729");
        let mean: f64 = p
            .iter()
            .map(|q| e.size(q.shape(), q.clues()).1 as f64)
            .sum::<f64>()
            / 3.0;
        assert_eq!(cols[2], format!("{mean:.1}"));
        for t in &cols[3..6] {
            assert!(t.parse::<f64>().unwrap() >= 0.0);
        }
    }
    assert!(lines[5].contains("same unique solution"));
    // A puzzle with several solutions is reported, not tabled.
    let o = tessera_with_stdin(
        &["experiment", "encodings", "--solvers", "tessera"],
        "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("second solution"), "{}", stderr(&o));
    let o = tessera_with_stdin(&["experiment", "encodings", "--solvers", "glucose"], &set);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a solver"), "{}", stderr(&o));
}
