//! `tessera quantumino`: Sage's Quantumino solver (same strings, same
//! order) and the transfer counter.

use crate::failure::{exit_code, Failure};
use crate::shard::{print_report, Checkpoint, Problem, ShardArgs};
use clap::{Args, Subcommand};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use std::time::Instant;
use tessera::engine::quantumino::{
    count_asides_in_batches, modulo_box_rotations, pieces, CountProgress, Counter, Partial,
    QuantuminoSolver, SageVersion, NUM_PIECES,
};
use tessera::engine::search::{Search, Step};

/// Quantumino: 16 of the 17 pentacubes into a box (Sage-compatible output).
#[derive(clap::Args)]
pub struct QuantuminoArgs {
    #[command(subcommand)]
    command: QuantuminoCommand,
}

#[derive(Subcommand)]
enum QuantuminoCommand {
    /// Print solutions as Sage's QuantuminoState (aside piece, then the 16 placed pieces)
    Solve(SolveArgs),
    /// Print the number of exact-cover rows (Sage's len(T.rows()))
    Rows(RowsArgs),
    /// Count the solutions without enumerating them (progress on stderr)
    Count(CountArgs),
    /// Print the 17 pieces in Sage's format, index order
    Pieces,
    /// Print Sage's reprs of the solver, its tiling_solver() and that
    /// one's dlx_solver(), as current Sage or as Sage 6.8 (the seed) prints them
    Describe(DescribeArgs),
}

#[derive(Args)]
struct DescribeArgs {
    /// The piece put aside, 0–16
    #[arg(long, allow_negative_numbers = true)]
    aside: i64,
    /// Box sides as AxBxC
    #[arg(long = "box", value_name = "AxBxC", default_value = "5x8x2")]
    bx: String,
    /// Whose text: current (Sage's doctests today) or 6.8 (the seed's
    /// reference manual: "into the box (5, 8, 2)")
    #[arg(long, value_name = "current|6.8", default_value = "current")]
    sage: String,
}

#[derive(Args)]
struct SolveArgs {
    /// The piece put aside, 0–16
    #[arg(long, allow_negative_numbers = true)]
    aside: i64,
    /// Box sides as AxBxC
    #[arg(long = "box", value_name = "AxBxC", default_value = "5x8x2")]
    bx: String,
    /// Stop after N items (solutions, or partial states with --partial)
    #[arg(long, value_name = "N", default_value_t = 1)]
    max: u64,
    /// Also print partial states between solutions: common_prefix (or common, its Sage 6.8
    /// name) or incremental
    #[arg(long)]
    partial: Option<String>,
}

#[derive(Args)]
struct RowsArgs {
    /// The piece put aside, 0–16
    #[arg(long, allow_negative_numbers = true)]
    aside: i64,
    /// Box sides as AxBxC
    #[arg(long = "box", value_name = "AxBxC", default_value = "5x8x2")]
    bx: String,
}

#[derive(Args)]
struct CountArgs {
    /// The piece put aside, 0–16
    #[arg(
        long,
        allow_negative_numbers = true,
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    aside: Option<i64>,
    /// Every aside in one run: one line per aside, then the total
    #[arg(long)]
    all: bool,
    /// Box sides as AxBxC
    #[arg(long = "box", value_name = "AxBxC", default_value = "5x8x2")]
    bx: String,
    /// Worker threads (default: all cores)
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Count tilings that differ only by a rotation of the box once
    #[arg(long)]
    modulo_box_rotations: bool,
    /// Do the middle slice in N parts to cut peak memory (second half rerun per part)
    #[arg(long, value_name = "N", default_value_t = 1)]
    batches: usize,
    /// Shards and checkpoints (docs/counting-at-scale.md): the middle
    /// slice's parts, as the browser's count saves them
    #[command(flatten)]
    scale: ShardArgs,
}

/// Run a `quantumino` subcommand; returns the exit code (0 ok, 1 I/O
/// failure, 2 bad input).
pub fn run(args: QuantuminoArgs) -> u8 {
    let result = match args.command {
        QuantuminoCommand::Solve(a) => solve(a),
        QuantuminoCommand::Rows(a) => rows(a),
        QuantuminoCommand::Count(a) => count(a),
        QuantuminoCommand::Pieces => list_pieces(),
        QuantuminoCommand::Describe(a) => describe(a),
    };
    exit_code("quantumino", result)
}

/// Parse `AxBxC` (also `A,B,C` or `(A, B, C)` as Sage prints boxes).
fn parse_box(s: &str) -> Result<[i64; 3], Failure> {
    let bad = || {
        Failure::Input(format!(
            "--box {s:?}: expected three positive integers like 5x8x2"
        ))
    };
    let inner = s.trim().trim_start_matches('(').trim_end_matches(')');
    let parts: Vec<&str> = inner.split(['x', 'X', ',']).map(str::trim).collect();
    if parts.len() != 3 {
        return Err(bad());
    }
    let mut bx = [0i64; 3];
    for (k, p) in parts.iter().enumerate() {
        bx[k] = p.parse().map_err(|_| bad())?;
    }
    tessera::engine::quantumino::check_box(bx)
        .map_err(|e| Failure::Input(format!("--box {s:?}: {e}")))?;
    Ok(bx)
}

fn solve(a: SolveArgs) -> Result<(), Failure> {
    let bx = parse_box(&a.bx)?;
    let partial = a.partial.as_deref().map(Partial::parse).transpose()?;
    if a.max == 0 {
        return Err(Failure::Input("--max must be at least 1".into()));
    }
    let q = QuantuminoSolver::new(a.aside, bx)?;
    let mut search = q.search(partial);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut n = 0;
    while n < a.max {
        match search.step(1 << 16) {
            Step::Solution(s) => {
                if n > 0 {
                    writeln!(out)?;
                }
                out.write_all(s.full_text().as_bytes())?;
                n += 1;
            }
            Step::Paused => out.flush()?,
            Step::Done => break,
        }
    }
    out.flush()?;
    if n == 0 {
        eprintln!("tessera quantumino: no solution");
    }
    Ok(())
}

fn rows(a: RowsArgs) -> Result<(), Failure> {
    let bx = parse_box(&a.bx)?;
    let q = QuantuminoSolver::new(a.aside, bx)?;
    println!("{}", q.rows().len());
    Ok(())
}

fn describe(a: DescribeArgs) -> Result<(), Failure> {
    let version =
        SageVersion::parse(&a.sage).map_err(|e| Failure::Input(format!("--sage: {e}")))?;
    let bx = parse_box(&a.bx)?;
    let q = QuantuminoSolver::new(a.aside, bx)?;
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", q.sage_repr())?;
    writeln!(out, "{}", q.tiling_summary_in(version))?;
    writeln!(out, "{}", q.dlx_summary_in(version))?;
    out.flush()?;
    Ok(())
}

fn list_pieces() -> Result<(), Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    for p in pieces() {
        writeln!(out, "{}", p.sage_repr())?;
    }
    out.flush()?;
    Ok(())
}

fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

fn count(a: CountArgs) -> Result<(), Failure> {
    let bx = parse_box(&a.bx)?;
    let asides: Vec<usize> = match a.aside {
        Some(k) => vec![QuantuminoSolver::new(k, bx)?.aside()],
        None => (0..17).collect(),
    };
    let bx32 = bx.map(|v| v as i32);
    if a.modulo_box_rotations {
        // Refuse before hours of work rather than after.
        modulo_box_rotations(&asides.iter().map(|&k| (k, 0)).collect::<Vec<_>>(), bx32)?;
    }
    let threads = match a.threads {
        Some(0) => return Err(Failure::Input("--threads must be at least 1".into())),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if a.batches == 0 {
        return Err(Failure::Input("--batches must be at least 1".into()));
    }
    if a.scale.active() {
        if a.all {
            return Err(Failure::Input(
                "--all cannot be used with --shard or --state: it counts the 17 asides in one run \
                 and prints 17 counts; shard one aside at a time (--aside K --shard I/N)"
                    .into(),
            ));
        }
        a.scale
            .refuse("--modulo-box-rotations", a.modulo_box_rotations)?;
        a.scale.refuse("--batches", a.batches != 1)?;
        return count_parts(asides[0], bx, threads, &a.scale);
    }
    let tty = io::stderr().is_terminal();
    let start = Instant::now();
    let mut last_line = Instant::now();
    let mut last_layer = usize::MAX;
    let mut report = |p: &CountProgress| {
        let eta = p.eta.map_or("?".to_string(), duration);
        let line = format!(
            "slice {}/{} {:5.1}% of slice, ~{:5.1}% overall, {} states, elapsed {}, ETA {}",
            p.layer.min(p.layers),
            p.layers,
            100.0 * p.layer_fraction,
            100.0 * p.fraction,
            p.states,
            duration(p.elapsed),
            eta
        );
        if tty {
            eprint!("\r{line}\x1b[K");
            if p.layer != last_layer {
                eprintln!();
            }
        } else if p.layer != last_layer || last_line.elapsed().as_secs() >= 10 {
            eprintln!("{line}");
            last_line = Instant::now();
        }
        last_layer = p.layer;
    };
    let cancel = AtomicBool::new(false);
    let mut counts =
        count_asides_in_batches(&asides, bx32, threads, a.batches, &cancel, &mut report)?;
    if tty {
        eprintln!();
    }
    eprintln!(
        "counted in {:.1} s on {threads} thread(s)",
        start.elapsed().as_secs_f64()
    );
    if a.modulo_box_rotations {
        counts = modulo_box_rotations(&counts, bx32)?;
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if a.all {
        for (k, c) in &counts {
            writeln!(out, "aside {k}: {c}")?;
        }
        writeln!(
            out,
            "total: {}",
            counts.iter().map(|c| c.1 as u128).sum::<u128>()
        )?;
    } else {
        writeln!(out, "{}", counts[0].1)?;
    }
    out.flush()?;
    Ok(())
}

/// The fewest parts a Quantumino count is cut into: the browser's
/// `COUNT_PARTS`, so a one-shard state file holds the page's checkpoint.
const MIN_PARTS: usize = 8;

/// Parts of the middle slice for `shards` shards: the smallest multiple of
/// N that is at least [`MIN_PARTS`] (each part reruns the slices after the
/// middle, so no more than needed).
fn parts_for(shards: u32) -> usize {
    let n = shards as usize;
    n * MIN_PARTS.div_ceil(n)
}

/// `count --aside K` with `--shard`/`--state`: the counter's middle slice
/// cut into parts (`Counter::set_parts`, round robin over the targets by
/// cost, the browser's split), this shard's parts counted, each saved as
/// it finishes. Every shard recomputes the slices before the middle.
fn count_parts(
    aside: usize,
    bx: [i64; 3],
    threads: usize,
    scale: &ShardArgs,
) -> Result<(), Failure> {
    let shard = scale.shard();
    let parts = parts_for(shard.count);
    let all = pieces();
    let used: Vec<_> = tessera::engine::quantumino::pieces::polycubes()
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| i != aside)
        .map(|(_, p)| p)
        .collect();
    let description = format!(
        "quantumino\naside {aside}\nbox {bx:?}\n{}",
        all.iter()
            .map(|p| p.sage_repr())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let id = format!("quantumino aside {aside} box {}x{}x{}", bx[0], bx[1], bx[2]);
    let mut checkpoint = Checkpoint::open(scale, &Problem::new(id, &description), parts)?;
    let todo = checkpoint.todo();
    let bx32 = bx.map(|v| v as i32);
    if !todo.is_empty() && bx.iter().product::<i64>() == 80 {
        let mut counter = Counter::new(&used, bx32)?;
        counter.set_parts(parts, &todo);
        let full: u32 = (1 << (NUM_PIECES - 1)) - 1;
        let of = |counts: &[(u32, u64)]| counts.iter().find(|c| c.0 == full).map_or(0, |c| c.1);
        let cancel = AtomicBool::new(false);
        let mut failed: Option<Failure> = None;
        let mut finished = 0;
        let result = counter.run_parts(
            threads,
            &cancel,
            Duration::from_millis(500),
            &mut |_| {},
            &mut |part, counts, work| {
                finished += 1;
                if failed.is_none() {
                    if let Err(e) = checkpoint.finish(part, u128::from(of(counts)), work) {
                        failed = Some(e);
                        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        let counts = result?;
        if finished == 0 {
            // A box the counter does not cut (one slice): the whole count
            // came out at once, and belongs to part 0.
            let mut work = counter.work();
            for &p in &todo {
                let n = if p == 0 { of(&counts) } else { 0 };
                checkpoint.finish(p, u128::from(n), std::mem::take(&mut work))?;
            }
        }
    } else {
        // No box of 80 cells: nothing to tile, every part counts 0.
        for &p in &todo {
            checkpoint.finish(p, 0, 0)?;
        }
    }
    if scale.shard.is_some() {
        return print_report(&mut checkpoint);
    }
    checkpoint.save()?;
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "{}", checkpoint.total())?;
    out.flush()?;
    Ok(())
}
