//! The benchmark workload of `examples/wasm_bench.rs`, natively, in a loop:
//! for sampling profilers (`perf record -e cpu-clock`, no hardware counters
//! needed) and for A/B timing of two builds, see docs/design.md, "Measuring".
//!
//! ```text
//! prof_native DATASET_FILE ALGORITHM SECONDS
//! ```
//! `ALGORITHM`: 0 backtrack, 1 dlx. A negative `SECONDS` runs that many
//! passes instead. Prints the passes and the milliseconds per pass.

#[path = "wasm_bench.rs"]
#[allow(dead_code)]
mod wasm_bench;

use tessera::engine::sudoku::solve::Algorithm;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: prof_native DATASET_FILE 0|1 SECONDS");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).unwrap_or_else(|e| panic!("{}: {e}", args[1]));
    let alg = if args[2] == "1" {
        Algorithm::Dlx
    } else {
        Algorithm::Backtrack
    };
    let secs: f64 = args[3].parse().expect("SECONDS is a number");
    let start = std::time::Instant::now();
    let mut passes = 0u64;
    while if secs < 0.0 {
        (passes as f64) < -secs
    } else {
        start.elapsed().as_secs_f64() < secs
    } {
        std::hint::black_box(wasm_bench::workload(std::hint::black_box(&text), alg));
        passes += 1;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / passes.max(1) as f64;
    println!("{passes} {ms}");
}
