//! `tessera sudoku …`: solve, count, print, explain and export puzzles, one
//! per input line, and generate new ones.
//!
//! The line-oriented contract is stable (other tools script against it): for
//! every puzzle line, in input order, `solve` prints its solutions or the line
//! `no solution`, or one integer with `--count`. A malformed line is reported
//! on stderr with its line number and skipped; the exit status is then 2.

mod args;
mod colour;
mod constraint;
mod explain;
mod generate;
mod input;
mod solve;
mod variants;

use args::*;
use colour::colour;
use explain::explain_lines;
use generate::{generate_puzzles, generate_variants};
use input::*;
use solve::{count_parts, solve};
use variants::{chosen_variant, parse_variant_line, solve_variants};

use crate::failure::{exit_code, Failure};
use crate::shard::{print_report, run_parts, Checkpoint, Problem, ShardArgs};
use clap::{Args, Subcommand, ValueEnum};
use std::io::{self, BufRead, BufWriter, Write};
use std::sync::Mutex;
use tessera::engine::search::Step;
use tessera::engine::shard::target_parts;
use tessera::engine::sudoku::auto;
use tessera::engine::sudoku::generate::Symmetry;
use tessera::engine::sudoku::grid::Sudoku;
use tessera::engine::sudoku::logic::{self, Rating};
use tessera::engine::sudoku::models::{self, ModelFormat};
use tessera::engine::sudoku::parts::{prefix_parts, prefix_parts_by_units};
use tessera::engine::sudoku::solve::{Algorithm, SudokuSearch};
use tessera::engine::sudoku::variant::{self, RegionMap, Variant};
use tessera::engine::sudoku::Shape;

const EXAMPLES: &str = "\
Examples:
  tessera sudoku solve puzzles.txt
  echo '8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......' \\
      | tessera sudoku solve --max 10 --format ascii
  tessera sudoku solve top95.txt --algorithm dlx --count --max 2
  tessera sudoku solve giants.txt --algorithm auto --verbose   # which engine answered, on stderr
  echo '0,4,0,0,3,2,0,0,0,0,1,4,0,0,3,0' | tessera sudoku show --format latex
  echo '......' | tessera sudoku solve --box 2x3 --count   # an empty 6x6 with 2x3 boxes
  tessera sudoku explain top95.txt          # logical steps, then the rating
  tessera sudoku explain --variant x x-puzzles.txt
  tessera sudoku hint --stage 2 position.txt --givens PUZZLE   # where to look, checks your digits
  tessera sudoku generate --count 5 --seed 7 --symmetry rot180 --difficulty hard
  head -1 top95.txt | tessera sudoku export --format cnf | picosat
  tessera sudoku generate --variant samurai --seed 3 | tessera sudoku solve --variant samurai --format ascii
  tessera sudoku generate --variant jigsaw --seed 5 | tessera sudoku solve --variant jigsaw
  tessera sudoku solve --variant x --count --max 2 x-puzzles.txt
  tessera sudoku grids --first 5 --format ascii   # the J notes' Method 1, their order
  tessera sudoku sweep --track test5a.game        # the walkthrough's sweeps, split and exploration
  tessera sudoku colour --blocks test5a.game      # DSatur and exact colouring of the Sudoku graph
  tessera sudoku constraint solve killer.txt      # killer, thermo, arrow, …: text form or links

Variants: X adds both diagonals; a jigsaw line is PUZZLE [MAP] (or give --regions MAP), a map
being one label per cell (letters or digits), n regions of n connected cells; a Samurai line is
its five 81-character grids top-left, top-right, centre, bottom-left, bottom-right, separated
by spaces or commas (--format ascii prints the 21-line layout).";

#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Subcommand)]
enum SudokuCommand {
    /// Solve each puzzle: print up to --max solutions, or count them
    Solve(SolveArgs),
    /// Print each puzzle in another format
    Show(ShowArgs),
    /// Solve each puzzle logically: one step per line, then the rating
    Explain(ExplainArgs),
    /// A graduated hint for each position: --stage 1 names the technique and
    /// where to look, 2 the cells, 3 the step, 4 applies it (prints the grid)
    Hint(HintArgs),
    /// Generate puzzles with one solution, one per line (seeded: reproducible)
    Generate(GenerateArgs),
    /// Write each puzzle as a model for another solver (SAT, LP, graph, …)
    Export(ExportArgs),
    /// List complete grids the J notes' way (Method 1: row by row, depth
    /// first; the first row 1..n), in their order
    Grids(crate::jnotes::GridsArgs),
    /// The walkthrough seed's solver on its .game text: sweeps until stuck,
    /// then splits on the cell with fewest values and explores each game
    Sweep(crate::sweep::SweepArgs),
    /// Colour the Sudoku graph of each puzzle (givens = precolouring) with
    /// greedy DSatur and with an exact search: the chromatic number, and
    /// whether the colouring is the puzzle's solution
    Colour(ColourArgs),
    /// Variant Sudoku (killer cages, thermometers, arrows, Kropki dots,
    /// lines, …) from Tessera's text form or f-puzzles / SudokuPad links:
    /// solve, count, true candidates, show
    Constraint(constraint::ConstraintArgs),
}

pub fn run(args: SudokuArgs) -> u8 {
    match &args.command {
        SudokuCommand::Solve(a) if a.scale.active() && !a.no_verify_input => {
            exit_code("sudoku", count_parts(a))
        }
        SudokuCommand::Constraint(a) => exit_code("sudoku constraint", constraint::run_command(a)),
        // The other subcommands' messages read `tessera: …`.
        _ => exit_code("", sudoku(&args)),
    }
}

fn sudoku(args: &SudokuArgs) -> Result<(), Failure> {
    match &args.command {
        SudokuCommand::Grids(a) => return crate::jnotes::grids(a),
        SudokuCommand::Sweep(a) => return crate::sweep::sweep(a),
        // `run` gives these their own prefix before they get here.
        SudokuCommand::Constraint(a) => return constraint::run_command(a),
        SudokuCommand::Generate(a) if a.variant.variant != VariantName::Standard => {
            return generate_variants(a)
        }
        SudokuCommand::Solve(a)
            if a.no_verify_input
                && (a.scale.active() || a.variant.variant != VariantName::Standard) =>
        {
            return Err(Failure::Input(
                "--no-verify-input goes with standard puzzles, without --shard or --state".into(),
            ));
        }
        SudokuCommand::Solve(a) if a.scale.active() => {
            unreachable!("counted in parts by `run`")
        }
        SudokuCommand::Solve(a) if a.variant.variant != VariantName::Standard => {
            return solve_variants(a)
        }
        SudokuCommand::Explain(a) => return explain_lines(&a.input, &a.variant, Some(a), None),
        SudokuCommand::Hint(a) => return explain_lines(&a.input, &a.variant, None, Some(a)),
        _ => {}
    }
    if let SudokuCommand::Generate(a) = &args.command {
        if a.variant.regions.is_some() {
            return Err(Failure::Input(
                "--regions only applies to --variant jigsaw".into(),
            ));
        }
        return generate_puzzles(a);
    }
    if let SudokuCommand::Solve(a) = &args.command {
        if a.variant.regions.is_some() {
            return Err(Failure::Input(
                "--regions only applies to --variant jigsaw".into(),
            ));
        }
    }
    let input = match &args.command {
        SudokuCommand::Solve(a) => &a.input,
        SudokuCommand::Show(a) => &a.input,
        SudokuCommand::Export(a) => &a.input,
        SudokuCommand::Colour(a) => &a.input,
        SudokuCommand::Generate(_)
        | SudokuCommand::Explain(_)
        | SudokuCommand::Hint(_)
        | SudokuCommand::Grids(_)
        | SudokuCommand::Sweep(_)
        | SudokuCommand::Constraint(_) => {
            unreachable!("handled above")
        }
    };
    let lines = input_lines(input)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut bad = false;
    for (number, line) in lines {
        let verify = !matches!(&args.command, SudokuCommand::Solve(a) if a.no_verify_input);
        let parsed = if verify {
            parse_line(&line, input.shape)
        } else {
            parse_unverified(&line, input.shape)
        };
        let result = parsed.and_then(|s| match &args.command {
            SudokuCommand::Solve(a) => solve(&s, a, &mut out).map(|engine| {
                if a.verbose {
                    let _ = out.flush();
                    eprintln!("tessera: line {number}: answered by {engine}");
                }
            }),
            SudokuCommand::Show(a) => {
                let text = render(&s, a.format)?;
                writeln!(out, "{text}").map_err(|e| e.to_string())
            }
            SudokuCommand::Explain(_) | SudokuCommand::Hint(_) => Ok(()),
            SudokuCommand::Export(a) => models::export(&s, a.format)
                .map_err(|e| e.to_string())
                .and_then(|text| write!(out, "{text}").map_err(|e| e.to_string())),
            SudokuCommand::Colour(a) => colour(&s, a, &mut out),
            SudokuCommand::Generate(_)
            | SudokuCommand::Grids(_)
            | SudokuCommand::Sweep(_)
            | SudokuCommand::Constraint(_) => Ok(()),
        });
        if let Err(message) = result {
            let _ = out.flush();
            eprintln!("tessera: line {number}: {message}");
            bad = true;
        }
    }
    out.flush().map_err(|e| Failure::Input(e.to_string()))?;
    if bad {
        return Err(Failure::Reported);
    }
    Ok(())
}
