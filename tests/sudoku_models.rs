//! The exported models, fed to real solvers from Debian (picosat for the
//! CNF, glpsol for the LP, MiniZinc with Gecode for the alldifferent
//! model): their answers must equal Tessera's solution. The graph and the
//! polynomial system are checked by evaluating them at the solution.
//!
//! A missing solver is a failure, not a skip: `make test-deps` installs them.

use crate::common::{run_solver, scratch};
use std::collections::HashMap;
use tessera::engine::sudoku::models::{self, ModelFormat};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

fn puzzles() -> Vec<Sudoku> {
    let mut v = Vec::new();
    for (path, take) in [
        ("tests/data/sets/easy50.txt", 2),
        ("tests/data/sets/top95.txt", 2),
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines().take(take) {
            v.push(Sudoku::from_sage_str(line.trim(), None).unwrap());
        }
    }
    v.push(Sudoku::from_sage_str(".4..32....14..3.", None).unwrap());
    v.push(
        Sudoku::from_sage_str(".......1..5.1.6.4...2...4...1......6", Shape::new(2, 3)).unwrap(),
    );
    v
}

fn solution(p: &Sudoku) -> Sudoku {
    p.solve_first(Algorithm::Backtrack).unwrap().unwrap()
}

/// Run an external solver: its standard output and error.
fn run(program: &str, args: &[&str]) -> (String, String) {
    let out = run_solver(program, args);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn picosat(cnf: &str, name: &str) -> Option<Vec<i64>> {
    let path = scratch(name, cnf);
    let (out, err) = run("picosat", &[path.to_str().unwrap()]);
    if out.lines().any(|l| l.trim() == "s UNSATISFIABLE") {
        return None;
    }
    assert!(
        out.lines().any(|l| l.trim() == "s SATISFIABLE"),
        "picosat: {out}{err}"
    );
    Some(
        out.lines()
            .filter(|l| l.starts_with("v "))
            .flat_map(|l| l[2..].split_whitespace().map(|t| t.parse::<i64>().unwrap()))
            .filter(|&x| x != 0)
            .collect(),
    )
}

#[test]
fn cnf_solved_by_picosat_is_our_solution_and_unique() {
    for (i, p) in puzzles().iter().enumerate() {
        let n = p.size();
        let cnf = models::export(p, ModelFormat::Cnf).unwrap();
        let model = picosat(&cnf, &format!("p{i}.cnf")).expect("satisfiable");
        let mut cells = vec![0u8; n * n];
        for lit in model.into_iter().filter(|&l| l > 0) {
            // Our documented numbering: (r·n + c)·n + d.
            let v = lit as usize - 1;
            let (cell, d) = (v / n, v % n + 1);
            assert_eq!(cells[cell], 0, "two digits in cell {cell}");
            cells[cell] = d as u8;
        }
        let got = p.with_cells(cells.clone());
        assert_eq!(got, solution(p), "puzzle {i}");
        // Block this solution: no other remains (the puzzles are unique).
        let block: Vec<String> = (0..n * n)
            .map(|c| format!("-{}", models::cnf_variable(n, c / n, c % n, cells[c])))
            .collect();
        let header_fixed = bump_clause_count(&cnf);
        let blocked = format!("{header_fixed}{} 0\n", block.join(" "));
        assert_eq!(picosat(&blocked, &format!("p{i}b.cnf")), None, "puzzle {i}");
    }
}

/// The same CNF with one more clause announced in its header.
fn bump_clause_count(cnf: &str) -> String {
    cnf.lines()
        .map(|l| {
            if let Some(rest) = l.strip_prefix("p cnf ") {
                let mut it = rest.split_whitespace();
                let vars = it.next().unwrap();
                let clauses: usize = it.next().unwrap().parse().unwrap();
                format!("p cnf {vars} {}\n", clauses + 1)
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn lp_solved_by_glpsol_is_our_solution() {
    for (i, p) in puzzles().iter().enumerate() {
        let n = p.size();
        let lp = models::export(p, ModelFormat::Lp).unwrap();
        let path = scratch(&format!("p{i}.lp"), &lp);
        let report = path.with_extension("out");
        let (out, err) = run(
            "glpsol",
            &[
                "--lp",
                path.to_str().unwrap(),
                "-o",
                report.to_str().unwrap(),
            ],
        );
        let text = std::fs::read_to_string(&report).unwrap_or_else(|_| panic!("{out}{err}"));
        assert!(text.contains("INTEGER OPTIMAL"), "{text}");
        let mut cells = vec![0u8; n * n];
        for line in text.lines() {
            let t: Vec<&str> = line.split_whitespace().collect();
            // "  12 x_2_3_4      *              1             0             1"
            if t.len() >= 4 && t[1].starts_with("x_") && t[2] == "*" && t[3] == "1" {
                let idx: Vec<usize> = t[1][2..].split('_').map(|s| s.parse().unwrap()).collect();
                let cell = (idx[0] - 1) * n + idx[1] - 1;
                assert_eq!(cells[cell], 0, "two digits in cell {cell}");
                cells[cell] = idx[2] as u8;
            }
        }
        assert_eq!(p.with_cells(cells), solution(p), "puzzle {i}");
    }
}

#[test]
fn minizinc_with_gecode_finds_our_solution() {
    for (i, p) in puzzles().iter().enumerate() {
        let n = p.size();
        let model = models::export(p, ModelFormat::MiniZinc).unwrap();
        let path = scratch(&format!("p{i}.mzn"), &model);
        let (out, err) = run("minizinc", &["--solver", "gecode", path.to_str().unwrap()]);
        let values: Vec<u8> = out
            .lines()
            .take_while(|l| !l.starts_with("---"))
            .flat_map(|l| l.split_whitespace().map(|t| t.parse::<u8>().unwrap()))
            .collect();
        assert_eq!(values.len(), n * n, "minizinc: {out}{err}");
        assert_eq!(p.with_cells(values), solution(p), "puzzle {i}");
    }
}

#[test]
fn the_sudoku_graph_has_the_known_size_and_the_solution_colours_it() {
    for (r, c, vertices, edges, degree) in
        [(3, 3, 81, 810, 20), (2, 2, 16, 56, 7), (2, 3, 36, 216, 12)]
    {
        let shape = Shape::new(r, c).unwrap();
        let list = models::to_edges(shape);
        let pairs: Vec<(usize, usize)> = list
            .lines()
            .map(|l| {
                let mut it = l.split_whitespace().map(|t| t.parse::<usize>().unwrap());
                (it.next().unwrap(), it.next().unwrap())
            })
            .collect();
        assert_eq!(pairs.len(), edges, "{shape}");
        let mut deg: HashMap<usize, usize> = HashMap::new();
        for &(a, b) in &pairs {
            assert!(a < b && b <= vertices);
            *deg.entry(a).or_default() += 1;
            *deg.entry(b).or_default() += 1;
        }
        assert_eq!(deg.len(), vertices);
        assert!(deg.values().all(|&d| d == degree), "{shape}");
        // A solution is a proper colouring; a broken grid is not.
        let grid = Sudoku::empty(shape)
            .solve_first(Algorithm::Dlx)
            .unwrap()
            .unwrap();
        let g = grid.cells();
        assert!(pairs.iter().all(|&(a, b)| g[a - 1] != g[b - 1]));
        let mut broken = g.to_vec();
        broken.swap(0, 1);
        broken.swap(0, shape.size());
        assert!(pairs.iter().any(|&(a, b)| broken[a - 1] == broken[b - 1]));
    }
    let p = &puzzles()[0];
    let dot = models::export(p, ModelFormat::Dot).unwrap();
    assert!(dot.contains("graph sudoku {"));
    assert_eq!(dot.lines().filter(|l| l.contains(" -- ")).count(), 810);
    assert_eq!(
        dot.lines().filter(|l| l.contains("style=bold")).count(),
        p.clues()
    );
}

/// Evaluate one polynomial line of our text form at `x` (1-based vars).
fn evaluate(line: &str, x: &[i128]) -> i128 {
    let mut sum = 0i128;
    let mut sign = 1i128;
    for token in line.split_whitespace() {
        match token {
            "+" => sign = 1,
            "-" => sign = -1,
            _ => {
                let (neg, body) = match token.strip_prefix('-') {
                    Some(b) => (-1, b),
                    None => (1, token),
                };
                let mut term = sign * neg;
                for factor in body.split('*') {
                    if let Some(v) = factor.strip_prefix('x') {
                        let (var, pow) = v.split_once('^').unwrap_or((v, "1"));
                        let var: usize = var.parse().unwrap();
                        let pow: u32 = pow.parse().unwrap();
                        term *= x[var - 1].pow(pow);
                    } else {
                        term *= factor.parse::<i128>().unwrap();
                    }
                }
                sum += term;
            }
        }
    }
    sum
}

#[test]
fn the_polynomial_system_vanishes_exactly_on_the_solution() {
    for p in puzzles() {
        let n = p.size();
        let text = models::export(&p, ModelFormat::Poly).unwrap();
        let polys: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        let edges = models::graph_edges(p.shape()).len();
        assert_eq!(polys.len(), n * n + edges + p.clues());
        let s = solution(&p);
        let x: Vec<i128> = s.cells().iter().map(|&v| v as i128).collect();
        for poly in &polys {
            assert_eq!(evaluate(poly, &x), 0, "{poly}");
        }
        // Another grid (digits relabelled) breaks the givens' equations;
        // two equal neighbours break an edge polynomial.
        let relabelled: Vec<i128> = x.iter().map(|&v| v % n as i128 + 1).collect();
        assert!(polys.iter().any(|q| evaluate(q, &relabelled) != 0));
        let mut equal = x.clone();
        equal[1] = equal[0];
        assert!(polys.iter().any(|q| evaluate(q, &equal) != 0));
    }
    // F(x) for 9 symbols: (x-1)…(x-9) has constant term 9! = 362880.
    let text = models::to_poly(&Sudoku::empty(Shape::square(3).unwrap())).unwrap();
    let first = text.lines().find(|l| !l.starts_with('#')).unwrap();
    assert!(
        first.starts_with("x1^9 - 45*x1^8") && first.ends_with("- 362880"),
        "{first}"
    );
}

#[test]
fn formats_parse_and_bad_names_are_clear_errors() {
    for f in ModelFormat::ALL {
        assert_eq!(f.name().parse::<ModelFormat>(), Ok(f));
        assert!(!f.description().is_empty());
    }
    let err = "sat".parse::<ModelFormat>().unwrap_err().to_string();
    assert!(err.contains("'sat'") && err.contains("minizinc"), "{err}");
    let big = Sudoku::empty(Shape::new(6, 6).unwrap());
    let err = models::export(&big, ModelFormat::Poly)
        .unwrap_err()
        .to_string();
    assert!(err.contains("36 symbols"), "{err}");
}
