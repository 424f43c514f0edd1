//! `make bench`: µs per puzzle to solve and prove uniqueness (search for up
//! to two solutions), for our two algorithms and for peers measured in the
//! same run: `sudoku` (Emerentius' rust_sudoku, a JCZSolve port) and the
//! `dlx-rs` Dancing Links crate. Ratios, not absolute times, are the point.
//!
//! Datasets are read from ../shared/data; a missing file is skipped with a
//! printed reason. Results of the wasm-comparable workload are written to
//! target/bench/native.json for benches/wasm/run.mjs.

#[path = "../examples/wasm_bench.rs"]
#[allow(dead_code)]
mod wasm_bench;

use std::time::{Duration, Instant};
use tessera::engine::sudoku::grid::Sudoku;
use tessera::engine::sudoku::solve::Algorithm;

const DATASETS: [(&str, &str); 5] = [
    ("top95", "../shared/data/top95.txt"),
    ("hardest11", "../shared/data/hardest11.txt"),
    ("magictour_top1465", "../shared/data/magictour_top1465.txt"),
    (
        "forum_hardest_1106",
        "../shared/data/forum_hardest_1106.txt",
    ),
    ("sudoku17_sample", "../shared/data/sudoku17_sample.txt"),
];

/// Mean µs per puzzle of `f` over `n` puzzles: one warm-up run, then repeats
/// until `min_time` has passed (at least one timed run).
fn time_per_puzzle(n: usize, min_time: Duration, mut f: impl FnMut() -> usize) -> f64 {
    let expected = f();
    assert_eq!(
        expected, n,
        "every benchmark puzzle has exactly one solution"
    );
    let start = Instant::now();
    let mut reps = 0u32;
    while reps == 0 || start.elapsed() < min_time {
        assert_eq!(f(), n);
        reps += 1;
    }
    start.elapsed().as_secs_f64() * 1e6 / (reps as f64 * n as f64)
}

fn main() {
    // `cargo bench` passes --bench; any other argument filters datasets.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let min_time = Duration::from_millis(700);
    println!(
        "Sudoku: µs per puzzle, solve + prove uniqueness (find up to 2 solutions); lower is better"
    );
    println!(
        "{:<20}{:>6}{:>12}{:>12}{:>13}{:>12}{:>16}{:>15}",
        "dataset", "n", "backtrack", "dlx", "rust_sudoku", "dlx-rs", "bt/rust_sudoku", "dlx-rs/dlx"
    );
    let mut wasm_rows = Vec::new();
    for (name, path) in DATASETS {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            println!("{name:<20} skipped: {path} not found");
            continue;
        };
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| l.len() == 81)
            .collect();
        let n = lines.len();
        let ours: Vec<Sudoku> = lines
            .iter()
            .map(|l| Sudoku::from_sage_str(l, None).expect("dataset puzzle parses"))
            .collect();
        let count = |alg: Algorithm| {
            ours.iter()
                .filter(|s| s.count_solutions(alg, Some(2)) == Ok(1))
                .count()
        };
        let bt = time_per_puzzle(n, min_time, || count(Algorithm::Backtrack));
        let dlx = time_per_puzzle(n, min_time, || count(Algorithm::Dlx));
        let peer: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("rust_sudoku parses"))
            .collect();
        let rs = time_per_puzzle(n, min_time, || {
            peer.iter()
                .filter(|s| s.solutions_count_up_to(2) == 1)
                .count()
        });
        let grids: Vec<Vec<usize>> = ours
            .iter()
            .map(|s| s.cells().iter().map(|&c| c as usize).collect())
            .collect();
        let dlxrs = time_per_puzzle(n, Duration::ZERO, || {
            grids
                .iter()
                .filter(|g| dlx_rs::Sudoku::new_from_input(g).take(2).count() == 1)
                .count()
        });
        println!(
            "{name:<20}{n:>6}{bt:>12.1}{dlx:>12.1}{rs:>13.1}{dlxrs:>12.1}{:>15.2}x{:>14.1}x",
            bt / rs,
            dlxrs / dlx
        );
        if name == "top95" {
            for alg in [Algorithm::Backtrack, Algorithm::Dlx] {
                let (worst, idx) = ours
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let best = (0..5)
                            .map(|_| {
                                let t = Instant::now();
                                assert_eq!(s.count_solutions(alg, Some(2)), Ok(1));
                                t.elapsed()
                            })
                            .min()
                            .unwrap();
                        (best, i)
                    })
                    .max()
                    .unwrap();
                println!(
                    "    top95 slowest puzzle with {alg}: #{} in {:.1} µs (target: none above 1000 µs)",
                    idx + 1,
                    worst.as_secs_f64() * 1e6
                );
            }
        }
        if name == "top95" || name == "sudoku17_sample" {
            for alg in [Algorithm::Backtrack, Algorithm::Dlx] {
                let us = time_per_puzzle(n, min_time, || wasm_bench::workload(&text, alg) as usize);
                wasm_rows.push(serde_json::json!({
                    "dataset": name, "path": path, "algorithm": alg.to_string(),
                    "puzzles": n, "us": us,
                }));
            }
        }
    }
    println!("bt/rust_sudoku: ≤ 1.00x meets the target; dlx-rs/dlx: ≥ 2.0x meets the target");
    std::fs::create_dir_all("target/bench").expect("create target/bench");
    let json = serde_json::json!({ "rows": wasm_rows });
    std::fs::write("target/bench/native.json", json.to_string()).expect("write native.json");
}
