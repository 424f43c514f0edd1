//! `make bench` (`cargo bench --bench constraints`): variant Sudoku, solved
//! and proven unique (a count to 2), per puzzle, by Tessera's propagation
//! search and by Gecode on the MiniZinc model of the same puzzle
//! (`constraint::minizinc`), measured in the same run. Also true candidates.
//!
//! The puzzles are generated here, reproducibly: for each of the first
//! grids of tests/data/sets/easy50.txt (solved by the engine), killer
//! cages (a partition of the grid, no givens), or up to 24 thermometers or
//! arrows that the grid keeps, are drawn until the puzzle is unique (givens
//! are added when the drawn ones are not enough). Every solution is checked against the rules by the checker.
//!
//! Gecode's figure is its own `solveTime` (MiniZinc's `--statistics`);
//! the MiniZinc process around it, flattening included, is shown too.
//! Without `minizinc` on PATH the Gecode columns say so.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::process::Command;
use std::time::{Duration, Instant};
use tessera::engine::sudoku::constraint::random::random_constraint;
use tessera::engine::sudoku::constraint::{
    self, check, minizinc, true_candidates, Constraint, Puzzle, Regions,
};
use tessera::engine::sudoku::grid::Sudoku;
use tessera::engine::sudoku::solve::Algorithm;
use tessera::engine::sudoku::Shape;

/// Which constraints a puzzle of one kind draws.
type Kind = fn(&Constraint) -> bool;

/// Grids (and so puzzles) per kind.
const PER_KIND: usize = 6;

fn grids() -> Vec<Vec<u8>> {
    let text =
        std::fs::read_to_string("tests/data/sets/easy50.txt").expect("tests/data/sets/easy50.txt");
    text.lines()
        .take(PER_KIND)
        .map(|line| {
            let s = Sudoku::from_sage_str(line.trim(), None).expect("an easy50 line");
            let solved = s.solve_first(Algorithm::Backtrack).unwrap().unwrap();
            solved.cells().to_vec()
        })
        .collect()
}

/// A 9×9 killer: the grid cut into random cages of 2–4 cells, no repeats,
/// sums read from the grid.
fn killer_cages(grid: &[u8], rng: &mut ChaCha8Rng) -> Vec<Constraint> {
    let mut free = [true; 81];
    let mut cages = Vec::new();
    for start in 0..81 {
        if !free[start] {
            continue;
        }
        let size = *[2, 2, 3, 3, 3, 4].choose(rng).unwrap();
        let mut cage = vec![start];
        free[start] = false;
        while cage.len() < size {
            let mut next = Vec::new();
            for &c in &cage {
                let (r, col) = (c / 9, c % 9);
                let around = [
                    (r > 0).then(|| c - 9),
                    (r < 8).then(|| c + 9),
                    (col > 0).then(|| c - 1),
                    (col < 8).then(|| c + 1),
                ];
                for d in around.into_iter().flatten() {
                    if free[d] && !cage.iter().any(|&x| grid[x] == grid[d]) {
                        next.push(d);
                    }
                }
            }
            let Some(&d) = next.choose(rng) else { break };
            free[d] = false;
            cage.push(d);
        }
        let sum = cage.iter().map(|&c| u32::from(grid[c])).sum();
        cages.push(Constraint::Killer {
            cells: cage,
            sum: Some(sum),
        });
    }
    cages
}

/// Random constraints of one kind that `grid` keeps, then givens, until the
/// puzzle is unique.
fn unique_with(grid: &[u8], kind: fn(&Constraint) -> bool, rng: &mut ChaCha8Rng) -> Puzzle {
    let shape = Shape::NINE;
    let mut givens = vec![0u8; 81];
    let mut constraints: Vec<Constraint> = Vec::new();
    let mut tries = 0;
    loop {
        let p = Puzzle::new(Regions::Boxes(shape), givens.clone(), constraints.clone()).unwrap();
        if constraint::count(&p, Some(2)) == 1 {
            return p;
        }
        tries += 1;
        if constraints.len() >= 24 || tries > 200 {
            // A given where the grid says.
            let empty: Vec<usize> = (0..81).filter(|&c| givens[c] == 0).collect();
            let &c = empty.choose(rng).unwrap();
            givens[c] = grid[c];
            continue;
        }
        for _ in 0..500 {
            let c = random_constraint(9, Some(grid), rng);
            if !kind(&c) {
                continue;
            }
            let mut all = constraints.clone();
            all.push(c);
            if let Ok(q) = Puzzle::new(Regions::Boxes(shape), givens.clone(), all.clone()) {
                if check(&q, grid).is_ok() {
                    constraints = all;
                    break;
                }
            }
        }
    }
}

/// Gecode on the MiniZinc model, to 2 solutions: (solutions, Gecode's
/// solveTime, the whole process), or why it could not run.
fn gecode(p: &Puzzle, name: &str) -> Result<(usize, Duration, Duration), String> {
    let dir = std::env::temp_dir().join("tessera-bench-constraints");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(format!("{name}.mzn"));
    std::fs::write(&path, minizinc::model(p)).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let out = Command::new("minizinc")
        .args(["--solver", "gecode", "-a", "-n", "2", "--statistics"])
        .arg(&path)
        .output()
        .map_err(|e| format!("minizinc not run ({e})"))?;
    let wall = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let solutions = stdout.lines().filter(|l| l.starts_with('[')).count();
    let solve = stdout
        .lines()
        .find_map(|l| l.strip_prefix("%%%mzn-stat: solveTime="))
        .and_then(|t| t.trim().parse::<f64>().ok())
        .map(Duration::from_secs_f64)
        .ok_or("no solveTime in MiniZinc's statistics")?;
    Ok((solutions, solve, wall))
}

/// The median of `rounds` timings of `f`.
fn median(rounds: usize, mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..rounds)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3)
}

fn main() {
    let grids = grids();
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let kinds: [(&str, Kind); 2] = [
        ("thermo", |c| matches!(c, Constraint::Thermo(_))),
        ("arrow", |c| matches!(c, Constraint::Arrow { .. })),
    ];
    let mut puzzles: Vec<(String, Puzzle)> = Vec::new();
    for (i, g) in grids.iter().enumerate() {
        // The first of up to 100 cage partitions that is unique alone.
        let mut p = Puzzle::new(Regions::Boxes(Shape::NINE), vec![0; 81], Vec::new()).unwrap();
        for _ in 0..100 {
            let cages = killer_cages(g, &mut rng);
            p = Puzzle::new(Regions::Boxes(Shape::NINE), vec![0; 81], cages).unwrap();
            if constraint::count(&p, Some(2)) == 1 {
                break;
            }
        }
        // Else givens settle it.
        while constraint::count(&p, Some(2)) > 1 {
            let c = rng.gen_range(0..81);
            let mut givens = p.givens().to_vec();
            givens[c] = g[c];
            p = p.with_givens(givens).unwrap();
        }
        puzzles.push((format!("killer-{}", i + 1), p));
    }
    for (name, kind) in kinds {
        for (i, g) in grids.iter().enumerate() {
            puzzles.push((format!("{name}-{}", i + 1), unique_with(g, kind, &mut rng)));
        }
    }
    println!("Variant Sudoku, 9×9: solve and prove unique (count to 2); milliseconds, median of 5");
    println!();
    println!("| puzzle | constraints | givens | Tessera | Gecode solve | MiniZinc process | Tessera / Gecode | true candidates |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut ratios = Vec::new();
    let mut worst = Duration::ZERO;
    for (name, p) in &puzzles {
        let mut count = 0;
        let ours = median(5, || count = constraint::count(p, Some(2)));
        assert_eq!(count, 1, "{name} is unique");
        let solution = constraint::solve(p).unwrap();
        assert!(
            check(p, &solution).is_ok(),
            "{name}: the solution keeps every rule"
        );
        worst = worst.max(ours);
        let cands = median(3, || {
            true_candidates(p, 800);
        });
        let givens = p.givens().iter().filter(|&&g| g != 0).count();
        let (gecode_solve, process, ratio) = match gecode(p, name) {
            Ok((solutions, solve, wall)) => {
                assert_eq!(solutions, 1, "{name}: Gecode finds one solution too");
                let r = ours.as_secs_f64() / solve.as_secs_f64().max(1e-6);
                ratios.push(r);
                (ms(solve), ms(wall), format!("{r:.2}"))
            }
            Err(why) => (why.clone(), "—".into(), "—".into()),
        };
        println!(
            "| {name} | {} | {givens} | {} | {gecode_solve} | {process} | {ratio} | {} |",
            p.constraints().len(),
            ms(ours),
            ms(cands)
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!();
    if !ratios.is_empty() {
        println!(
            "median Tessera / Gecode: {:.2} over {} puzzles; slowest Tessera proof {} ms (target ≤ 50 ms)",
            ratios[ratios.len() / 2],
            ratios.len(),
            ms(worst)
        );
    }
}
