//! `make bench`: polyform solving, the bitset search ([`bitfill`]) on one
//! thread and on all cores ([`count_parallel`]) against our Dancing Links
//! engine in the same run, and against Knuth's dlx1 times measured on this
//! machine (6×10 pentominoes all solutions 1.3 s, solid pentominoes 3×4×5
//! all 85 s; targets ≤ 0.5× and ≤ 0.25×, natively).
//! The machine is shared, so user CPU time is printed next to wall time and
//! short cases take the best of several runs. The target is judged on the
//! threaded wall time; the one-thread CPU ratio is printed too.
//!
//! Then Knuth's dlx1 itself, run in the same process on catalogue puzzles
//! of four lattices: each puzzle's exact-cover matrix (all solutions, no
//! symmetry reduction, so both programs count the same thing) is written
//! in dlx1's input format to `target/bench/dlx1/` and, when the environment
//! variable `DLX1` names a dlx1 executable, timed against Tessera's count
//! of the same matrix. dlx1 is Knuth's CWEB program; no package registry
//! this project may use ships it, so the bench does not build it: without
//! `DLX1` the dlx1 columns say so (see docs/design.md, "Polyform counting").
//!
//! [`count_parallel`]: tessera::engine::polyform::solve::count_parallel
//!
//! [`bitfill`]: tessera::engine::polyform::bitfill

use std::time::Instant;
use tessera::engine::polyform::catalogue::Catalogue;
use tessera::engine::polyform::solve::{count_parallel, Engine};
use tessera::engine::polyform::{library, SolveOptions, SolveRun};
use tessera::engine::search::Search;

/// User CPU seconds of this process so far (Linux /proc; 0 elsewhere).
fn user_cpu() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name "(...)": utime is field 14 overall.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let utime: f64 = rest
        .split_whitespace()
        .nth(11)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0);
    utime / 100.0 // USER_HZ is 100 on Linux
}

/// (best wall s, user CPU s of that run, count) over `runs` runs, on
/// `threads` threads.
fn time(name: &str, unique: bool, engine: Engine, runs: usize, threads: usize) -> (f64, f64, u128) {
    let p = library::find(name).expect("library puzzle");
    let mut best = (f64::INFINITY, 0.0, 0);
    for _ in 0..runs {
        let (t0, c0) = (Instant::now(), user_cpu());
        let opts = SolveOptions { unique };
        let n = if threads == 1 {
            let mut s = SolveRun::with_engine(&p, opts, &[], engine).unwrap();
            s.count_solutions(None)
        } else {
            count_parallel(&p, opts, engine, threads).unwrap()
        };
        let (wall, cpu) = (t0.elapsed().as_secs_f64(), user_cpu() - c0);
        if wall < best.0 {
            best = (wall, cpu, n);
        }
    }
    best
}

/// (label, puzzle, unique, runs, dlx1 seconds and target ratio if quoted).
type Case = (&'static str, &'static str, bool, usize, Option<(f64, f64)>);

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let cases: [Case; 5] = [
        ("6x10 all", "pentominoes-6x10", false, 3, Some((1.3, 0.5))),
        ("6x10 unique", "pentominoes-6x10", true, 3, None),
        (
            "3x4x5 all",
            "solid-pentominoes-3x4x5",
            false,
            1,
            Some((85.0, 0.25)),
        ),
        ("3x4x5 unique", "solid-pentominoes-3x4x5", true, 1, None),
        ("soma all", "soma-3x3x3", false, 3, None),
    ];
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    // Wall times mean little when other jobs share the cores.
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load.split_whitespace().next().unwrap_or("?");
    println!(
        "Polyforms: count solutions; seconds (best wall of N runs, user CPU of that run); \
         {threads} cores, load average {load}"
    );
    println!(
        "{:<14}{:>8}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}{:>8}{:>10}{:>10}  target",
        "case",
        "count",
        "bitfill",
        "cpu",
        format!("{threads} thr"),
        "cpu",
        "dlx",
        "cpu",
        "bit/dlx",
        "dlx1 s",
        "cpu/dlx1",
        "wall/dlx1"
    );
    for (label, name, unique, runs, dlx1) in cases {
        if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
            continue;
        }
        let (bw, bc, bn) = time(name, unique, Engine::Bitfill, runs, 1);
        let (tw, tc, tn) = time(name, unique, Engine::Bitfill, runs, threads);
        let (dw, dc, dn) = time(name, unique, Engine::Dlx, runs, 1);
        assert_eq!(bn, dn, "{label}: bitfill and DLX disagree");
        assert_eq!(tn, dn, "{label}: threaded bitfill and DLX disagree");
        let (k, cpu_ratio, wall_ratio, target) = match dlx1 {
            Some((t, goal)) => {
                let met = |r: f64| if r <= goal { "met" } else { "NOT met" };
                (
                    format!("{t:.1}"),
                    format!("{:.3}", bc / t),
                    format!("{:.3}", tw / t),
                    format!(
                        "≤ {goal}×: 1-thread cpu {}, {threads}-thread wall {}",
                        met(bc / t),
                        met(tw / t)
                    ),
                )
            }
            None => ("-".into(), "-".into(), "-".into(), String::new()),
        };
        println!(
            "{label:<14}{bn:>8}{bw:>9.3}{bc:>9.3}{tw:>9.3}{tc:>9.3}{dw:>9.3}{dc:>9.3}{:>9.3}{k:>8}{cpu_ratio:>10}{wall_ratio:>10}  {target}",
            bc / dc
        );
    }
    versus_dlx1(&filter);
    if filter.is_empty() || filter.iter().any(|f| "enumerate".contains(f.as_str())) {
        enumeration();
    }
}

/// Polyomino enumeration: the free polyominoes of size 14 (901,971; OEIS
/// A000105), target at most 3 s natively, best of 3.
fn enumeration() {
    use tessera::engine::polyform::enumerate::count;
    use tessera::engine::polyform::Lattice;
    let mut best = f64::INFINITY;
    let mut free = 0;
    for _ in 0..3 {
        let t = Instant::now();
        let counts = count(Lattice::Square, 14).expect("size 14 is within the limit");
        best = best.min(t.elapsed().as_secs_f64());
        free = counts[13].free;
    }
    assert_eq!(free, 901_971, "free polyominoes of size 14");
    let met = if best <= 3.0 { "met" } else { "NOT met" };
    println!(
        "\nenumerate free polyominoes n=14: {free} in {best:.2} s (best of 3)  target ≤ 3 s: {met}"
    );
}

/// Catalogue puzzles of four lattices for the dlx1 comparison (all
/// solutions; each takes well under a minute for either program).
const DLX1_CASES: [&str; 4] = [
    "Pentominoes6x10",
    "HexiamondsIrregularHexagon7x8",
    "Polyhexes1234DiamondRing",
    "SolidPentominoes2x5x6",
];

/// Run `dlx1` on `file`: (wall seconds, the count from its
/// "Altogether N solutions" line on stderr).
fn run_dlx1(dlx1: &str, file: &std::path::Path) -> Result<(f64, u128), String> {
    let input = std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let t0 = Instant::now();
    let out = std::process::Command::new(dlx1)
        .stdin(input)
        .output()
        .map_err(|e| format!("{dlx1}: {e}"))?;
    let wall = t0.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&out.stderr);
    let count = err
        .split("Altogether ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("no \"Altogether N solutions\" line from {dlx1}: {err}"))?;
    Ok((wall, count))
}

/// Tessera against Knuth's dlx1 on the same matrices (see the module doc).
fn versus_dlx1(filter: &[String]) {
    let cat = Catalogue::parse(include_str!("../crates/engine/data/pp-catalogue.txt"))
        .expect("the catalogue parses");
    let dlx1 = std::env::var("DLX1").ok().filter(|s| !s.is_empty());
    let dir = std::path::Path::new("target/bench/dlx1");
    std::fs::create_dir_all(dir).expect("target/bench/dlx1");
    println!();
    println!(
        "Catalogue puzzles, all solutions, the same exact-cover matrix for both; dlx1: {}",
        dlx1.as_deref()
            .unwrap_or("not run (set DLX1=/path/to/dlx1; no registry ships Knuth's dlx1)")
    );
    println!(
        "{:<32}{:>6}{:>8}{:>10}{:>10}{:>10}{:>10}{:>10}",
        "puzzle", "rows", "items", "count", "tessera", "cpu", "dlx1 s", "dlx1/tes"
    );
    for id in DLX1_CASES {
        if !filter.is_empty() && !filter.iter().any(|f| id.contains(f.as_str())) {
            continue;
        }
        let p = cat.find(id).expect("catalogue puzzle");
        let problem = p.matrix().expect("matrix").problem(None);
        let file = dir.join(format!("{id}.dlx"));
        std::fs::write(&file, problem.to_dlx_format()).expect("write the dlx1 input");
        let (t0, c0) = (Instant::now(), user_cpu());
        let mut s = SolveRun::with_engine(&p, SolveOptions { unique: false }, &[], Engine::Auto)
            .expect("session");
        let n = s.count_solutions(None);
        let (wall, cpu) = (t0.elapsed().as_secs_f64(), user_cpu() - c0);
        let (k, ratio) = match &dlx1 {
            Some(d) => match run_dlx1(d, &file) {
                Ok((t, count)) => {
                    assert_eq!(count, n, "{id}: dlx1 counts {count}, Tessera {n}");
                    (format!("{t:.3}"), format!("{:.2}", t / wall))
                }
                Err(e) => {
                    eprintln!("{id}: {e}");
                    ("error".into(), "-".into())
                }
            },
            None => ("-".into(), "-".into()),
        };
        println!(
            "{id:<32}{:>6}{:>8}{n:>10}{wall:>10.3}{cpu:>10.3}{k:>10}{ratio:>10}",
            problem.num_rows(),
            problem.num_items()
        );
    }
}
