//! Argument parsing and dispatch for the native CLI.

use crate::{count, experiment, hexad, polyform, quantumino, shard, sudoku};
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "tessera",
    version,
    about = "Puzzle and combinatorics workbench: Sudoku, polyforms, Quantumino, hexads"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Sudoku of any box shape: solve, count, print (Sage-compatible formats)
    Sudoku(sudoku::SudokuArgs),
    /// Polyform puzzles (Polyform Puzzler): solve, count, enumerate pieces
    Polyform(polyform::PolyformArgs),
    /// Hexads of the Steiner system S(5,6,12): MINIMOG, kitten, blackjack (Sage-exact)
    Hexad(hexad::HexadArgs),
    /// Counting experiments: Sudoku grids, boxes and bands
    Count(count::CountArgs),
    /// Experiments of the papers as CSV: phase transition in random puzzles
    Experiment(experiment::ExperimentArgs),
    /// Quantumino (Sage's solver, same output) and a counter that finishes
    Quantumino(quantumino::QuantuminoArgs),
    /// Add up the JSON lines of a sharded count (`--shard I/N`), after
    /// checking they are the N shards of one problem, none missing or doubled
    Merge(shard::MergeArgs),
}

pub fn main() -> ExitCode {
    shard::mark_start();
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Sudoku(args) => sudoku::run(args),
        Command::Polyform(args) => polyform::run(args),
        Command::Hexad(args) => hexad::run(args),
        Command::Count(args) => count::run(args),
        Command::Experiment(args) => experiment::run(args),
        Command::Quantumino(args) => quantumino::run(args),
        Command::Merge(args) => shard::merge(args),
    };
    ExitCode::from(code)
}
