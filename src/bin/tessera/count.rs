//! `tessera count …`: the counting experiments of the Sudoku seeds.

use clap::{Args, Subcommand};
use std::io::Write;
use tessera::engine::count::{bands, grids, total::GridTotal};
use tessera::engine::sudoku::Shape;

const EXAMPLES: &str = "\
Examples:
  tessera count grids --box 2x2     # 288 Shidoku grids
  tessera count grids --box 2x3     # 28200960 grids of 6x6
  tessera count grids --box 3x3     # 6670903752021072936960 9x9 grids, by bands (seconds)
  tessera count bands --box 3x3     # 12096 boxes right of the first, 146313216 pairs
  tessera count estimates           # the J notes' box-by-box estimate beside the exact numbers";

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
}

#[derive(Args)]
struct GridsArgs {
    /// Box shape RxC
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse)]
    shape: Shape,
    /// Give up after this many search nodes
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    budget: u64,
}

#[derive(Args)]
struct BandsArgs {
    /// Box shape RxC
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
}

pub fn run(args: CountArgs) -> u8 {
    match args.command {
        CountCommand::Grids(a) if a.shape.is_nine() => {
            println!("{}", nine_by_nine());
            0
        }
        CountCommand::Grids(a) => match grids::count_grids(a.shape, a.budget) {
            Ok(n) => {
                println!("{n}");
                0
            }
            Err(e) => {
                eprintln!("tessera: {e}");
                2
            }
        },
        CountCommand::Estimates => crate::jnotes::estimates(),
        CountCommand::Bands(a) => {
            if a.shape.size() > 16 {
                eprintln!(
                    "tessera: boxes of {} symbols are too many to enumerate (at most 16)",
                    a.shape.size()
                );
                return 2;
            }
            println!(
                "boxes right of the first box: {}",
                bands::boxes_right(a.shape)
            );
            println!("boxes below the first box: {}", bands::boxes_below(a.shape));
            println!("pairs (right, below): {}", bands::box_pairs(a.shape));
            0
        }
    }
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
