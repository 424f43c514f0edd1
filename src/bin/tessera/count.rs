//! `tessera count …`: the counting experiments of the Sudoku seeds.

use crate::failure::{exit_code, Failure};
use crate::shard::{print_report, run_parts, Checkpoint, Problem, ShardArgs};
use clap::{Args, Subcommand};
use std::io::Write;
use std::sync::Mutex;
use tessera::engine::count::grids::{count_completions_with_nodes, factorial};
use tessera::engine::count::{bands, essential, grids, total::GridTotal};
use tessera::engine::shard::{deal_by_weight, target_parts};
use tessera::engine::sudoku::parts::prefix_parts;
use tessera::engine::sudoku::Shape;

const EXAMPLES: &str = "\
Examples:
  tessera count grids --box 2x2     # 288 Shidoku grids
  tessera count grids --box 2x3     # 28200960 grids of 6x6
  tessera count grids --box 3x3     # 6670903752021072936960 9x9 grids, by bands (seconds)
  tessera count grids --box 3x3 --shard 0/8   # one of 8 shards of it (tessera merge adds them)
  tessera count bands --box 3x3     # 12096 boxes right of the first, 146313216 pairs
  tessera count estimates           # the J notes' box-by-box estimate beside the exact numbers
  tessera count essentially-different --box 2x3   # 49 essentially different 6x6 grids
  tessera count essentially-different --verbose   # 5472730538 9x9, with the per-class table";

#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct CountArgs {
    #[command(subcommand)]
    command: CountCommand,
}

#[derive(Subcommand)]
enum CountCommand {
    /// Number of complete grids: for 9x9 by band signatures and symmetry
    /// (Felgenhauer–Jarvis style), otherwise n! relabellings times the grids
    /// whose first row is 1..n, counted by search
    Grids(GridsArgs),
    /// Boxes that fit right of / below a fixed first box, and pairs of them
    Bands(BandsArgs),
    /// The J notes' box-by-box estimate of the 9x9 total (7.168e21), each of
    /// its numbers recomputed beside the exact value it stands for
    Estimates,
    /// Essentially different grids (up to relabelling, band/stack and
    /// row/column permutations and transposition), by Burnside's lemma over
    /// the conjugacy classes of the grid symmetries
    EssentiallyDifferent(EssentialArgs),
}

#[derive(Args)]
struct EssentialArgs {
    /// Box shape RxC: 2x2, 2x3, 3x2 or 3x3
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
    /// Leave transposition out of the group (it only exists for square boxes)
    #[arg(long)]
    no_transpose: bool,
    /// Print the per-class table (classes with A > 0) on stdout before the count
    #[arg(long)]
    verbose: bool,
}

#[derive(Args)]
struct GridsArgs {
    /// Box shape RxC
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse)]
    shape: Shape,
    /// Give up after this many search nodes (per part with --shard/--state)
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    budget: u64,
    /// Shards and checkpoints of the search count (docs/counting-at-scale.md)
    #[command(flatten)]
    scale: ShardArgs,
}

#[derive(Args)]
struct BandsArgs {
    /// Box shape RxC
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
}

pub fn run(args: CountArgs) -> u8 {
    match args.command {
        CountCommand::Grids(a) if a.scale.active() => exit_code("count", grids_in_parts(&a)),
        // The other counts' messages read `tessera: …`.
        command => exit_code("", count(command)),
    }
}

fn count(command: CountCommand) -> Result<(), Failure> {
    match command {
        CountCommand::Grids(a) if a.shape.is_nine() => println!("{}", nine_by_nine()),
        CountCommand::Grids(a) => println!("{}", grids::count_grids(a.shape, a.budget)?),
        CountCommand::Estimates => crate::jnotes::estimates()?,
        CountCommand::EssentiallyDifferent(a) => essentially_different(a)?,
        CountCommand::Bands(a) => {
            if a.shape.size() > 16 {
                return Err(Failure::Input(format!(
                    "boxes of {} symbols are too many to enumerate (at most 16)",
                    a.shape.size()
                )));
            }
            println!(
                "boxes right of the first box: {}",
                bands::boxes_right(a.shape)
            );
            println!("boxes below the first box: {}", bands::boxes_below(a.shape));
            println!("pairs (right, below): {}", bands::box_pairs(a.shape));
        }
    }
    Ok(())
}

/// The 9×9 total, orbit by orbit, with progress on stderr (the count alone
/// goes to stdout).
fn nine_by_nine() -> u128 {
    let mut count = GridTotal::new();
    let mut last = 0;
    let mut err = std::io::stderr();
    while let Some(p) = count.step() {
        let percent = p.orbits_done * 100 / p.orbits;
        if percent >= last + 10 || p.orbits_done == p.orbits {
            last = percent;
            let _ = writeln!(err, "orbit {}/{} ({percent}%)", p.orbits_done, p.orbits);
        }
    }
    count.total().expect("every orbit counted")
}

/// Burnside's count, class by class, with progress on stderr; the count
/// alone (or the table, then the count) on stdout.
fn essentially_different(a: EssentialArgs) -> Result<(), Failure> {
    let mut count = essential::EssentialCount::new(a.shape, !a.no_transpose)?;
    let mut err = std::io::stderr();
    let _ = writeln!(
        err,
        "{} grid symmetries{} in {} classes{}",
        count.order(),
        if count.transposes() {
            " (with transposition)"
        } else {
            ""
        },
        count.classes().len(),
        if count.group().with_transpose() && !count.transposes() {
            " (conjugate under the symmetries with transposition)"
        } else {
            " (conjugacy classes)"
        }
    );
    let start = std::time::Instant::now();
    let mut last = std::time::Instant::now();
    while !count.step(1 << 22) {
        let p = count.progress();
        if last.elapsed().as_secs_f64() >= 2.0 {
            last = std::time::Instant::now();
            let _ = writeln!(
                err,
                "class {}/{} ({} nodes, {:.1} s)",
                p.classes_done,
                p.classes,
                p.nodes,
                start.elapsed().as_secs_f64()
            );
        }
    }
    let Some(total) = count.total() else {
        return Err(Failure::Bug(
            "Burnside's sum is not a multiple of the group order (a bug)".into(),
        ));
    };
    if a.verbose {
        println!("class\tsize\torder\ttransposes\tA (first row 1..n, fixed up to relabelling)");
        for r in count.rows().iter().filter(|r| r.fixed > 0) {
            println!(
                "{}\t{}\t{}\t{}\t{}",
                r.number,
                r.size,
                r.order,
                if r.transposes { "yes" } else { "no" },
                r.fixed
            );
        }
        println!(
            "sum of size x A = {}; / {} = {}",
            count.weighted_sum(),
            count.order(),
            total
        );
    }
    println!("{total}");
    if count.transposes() {
        if let Some(without) = count.total_without_transposition() {
            let _ = writeln!(
                err,
                "without transposition: {without} (the same run's non-transposing classes)"
            );
        }
    }
    if let Some((value, source)) = essential::published(a.shape, !a.no_transpose) {
        let _ = writeln!(
            err,
            "published: {value} ({source}){}",
            if value == total { "" } else { " — MISMATCH" }
        );
    }
    Ok(())
}

/// `count grids` with `--shard`/`--state`: the grids whose first row is
/// 1..n cut into parts (`prefix_parts`), each part's completions counted
/// and multiplied by n! (the relabellings), so the parts add up to the
/// total. The 9×9 total's parts are its band-signature orbits.
fn grids_in_parts(a: &GridsArgs) -> Result<(), Failure> {
    if a.shape.is_nine() {
        return nine_in_parts(a);
    }
    let n = a.shape.size();
    let mut cells = vec![0u8; n * n];
    for (c, v) in cells.iter_mut().take(n).enumerate() {
        *v = c as u8 + 1;
    }
    let shard = a.scale.shard();
    let parts = prefix_parts(a.shape, &cells, target_parts(shard.count));
    let problem = Problem::new(
        format!("grids {}", a.shape),
        &format!("count grids\n{}", a.shape),
    );
    let checkpoint = Checkpoint::open(&a.scale, &problem, parts.len())?;
    let todo = checkpoint.todo();
    let checkpoint = Mutex::new(checkpoint);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let relabel = factorial(n);
    run_parts(&checkpoint, &todo, threads, |k| {
        let (c, nodes) = count_completions_with_nodes(a.shape, &parts[k], a.budget)
            .map_err(|e| Failure::Input(e.to_string()))?;
        Ok((relabel * c, nodes))
    })?;
    finish(a, checkpoint.into_inner().expect("checkpoint lock"))
}

/// The shard's line (with `--shard`) or the total.
fn finish(a: &GridsArgs, mut checkpoint: Checkpoint) -> Result<(), Failure> {
    if a.scale.shard.is_some() {
        return print_report(&mut checkpoint);
    }
    checkpoint.save()?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", checkpoint.total())?;
    out.flush()?;
    Ok(())
}

/// The 9×9 total in parts: one part per orbit of band signatures
/// (`GridTotal::count_orbit`, 84 of them), dealt by weight (an orbit with
/// bands costs a table of 56³ lower bands, one without costs nothing), so
/// at most 84 shards have work.
fn nine_in_parts(a: &GridsArgs) -> Result<(), Failure> {
    let total = GridTotal::new();
    let orbits = total.orbits().len();
    let weights: Vec<u64> = (0..orbits)
        .map(|k| if total.orbit_has_bands(k) { 1000 } else { 1 })
        .collect();
    let shard = a.scale.shard();
    let owner = deal_by_weight(&weights, shard.count);
    let mine = (0..orbits).filter(|&k| owner[k] == shard.index).collect();
    let description = format!(
        "count grids\n{}\nband-signature orbits\n{:?}",
        a.shape,
        total
            .orbits()
            .iter()
            .map(|o| (o.second, o.third, o.size))
            .collect::<Vec<_>>()
    );
    let problem = Problem::new(format!("grids {}", a.shape), &description);
    let checkpoint = Checkpoint::open_with(&a.scale, &problem, orbits, mine)?;
    let todo = checkpoint.todo();
    let checkpoint = Mutex::new(checkpoint);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    run_parts(&checkpoint, &todo, threads, |k| Ok(total.count_orbit(k)))?;
    finish(a, checkpoint.into_inner().expect("checkpoint lock"))
}
