//! `tessera experiment …`: the papers' experiments as CSV, for a plot in
//! any tool (the browser draws the same numbers).

use crate::failure::{exit_code, Failure};
use clap::{Args, Subcommand};
use std::io::Write;
use tessera::engine::count::phase::{self, Config, Model, Phase};
use tessera::engine::sudoku::Shape;

const EXAMPLES: &str = "\
Examples:
  tessera experiment phase --samples 100 --seed 1             # 17..40 clues of random 9x9 grids
  tessera experiment phase --box 2x2 --min 4 --max 12 --samples 500
  tessera experiment phase --model givens --samples 200       # k random non-clashing givens
  tessera experiment minimal --samples 1000 --seed 1          # clue counts of random minimal 9x9 puzzles";

#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct ExperimentArgs {
    #[command(subcommand)]
    command: ExperimentCommand,
}

#[derive(Subcommand)]
enum ExperimentCommand {
    /// Phase transition: the fraction of random k-clue puzzles with a unique
    /// solution (and with any solution), one CSV row per k
    Phase(PhaseArgs),
    /// Minimal puzzles: the clue counts of n random minimal puzzles (the
    /// generator's top-down removal), one CSV row per clue count with a
    /// 95% Wilson interval, then the mean and standard deviation
    Minimal(MinimalArgs),
    /// SAT encodings compared (minimal, efficient, extended): variables,
    /// clauses and solve times over a puzzle set, with Tessera's own CDCL
    /// solver and Debian's picosat and minisat when installed
    Encodings(crate::encodings::EncodingsArgs),
}

#[derive(Args)]
struct MinimalArgs {
    /// Box shape RxC (grids of at most 9 symbols)
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
    /// Puzzles drawn
    #[arg(long, value_name = "N", default_value_t = 100)]
    samples: u32,
    /// Seed: the same seed gives the same CSV on every platform
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
struct PhaseArgs {
    /// Box shape RxC (grids of at most 9 symbols)
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
    /// Puzzles drawn per clue count
    #[arg(long, value_name = "N", default_value_t = 100)]
    samples: u32,
    /// Seed: the same seed gives the same CSV on every platform
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Fewest clues (default 17 for 9x9, else a quarter of the cells)
    #[arg(long = "min", value_name = "K")]
    min_clues: Option<usize>,
    /// Most clues (default 40 for 9x9, else half the cells)
    #[arg(long = "max", value_name = "K")]
    max_clues: Option<usize>,
    /// grid: k cells of a random complete grid (the paper's random_puzzle,
    /// always solvable); givens: k random givens that do not clash
    #[arg(long, value_name = "MODEL", default_value = "grid")]
    model: Model,
}

pub fn run(args: ExperimentArgs) -> u8 {
    match args.command {
        ExperimentCommand::Phase(a) => exit_code("", phase_csv(a)),
        ExperimentCommand::Minimal(a) => exit_code("", minimal_csv(a)),
        ExperimentCommand::Encodings(a) => crate::encodings::run(a),
    }
}

fn minimal_csv(a: MinimalArgs) -> Result<(), Failure> {
    use tessera::engine::count::minimal::{csv, Config, Sampler};
    let config = Config {
        shape: a.shape,
        samples: a.samples,
        seed: a.seed,
    };
    let h = Sampler::new(config).and_then(Sampler::run)?;
    let _ = std::io::stdout().lock().write_all(csv(&h).as_bytes());
    Ok(())
}

fn phase_csv(a: PhaseArgs) -> Result<(), Failure> {
    let cells = a.shape.cells();
    let nine = a.shape.size() == 9;
    let config = Config {
        shape: a.shape,
        model: a.model,
        min_clues: a.min_clues.unwrap_or(if nine { 17 } else { cells / 4 }),
        max_clues: a.max_clues.unwrap_or(if nine { 40 } else { cells / 2 }),
        samples: a.samples,
        seed: a.seed,
    };
    let points = Phase::new(config)?.run();
    let mut out = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not an error worth reporting.
    let _ = out.write_all(phase::csv(&points).as_bytes());
    Ok(())
}
