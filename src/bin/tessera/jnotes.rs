//! The J notes' constructions on the command line: `tessera sudoku grids
//! --first N` (Method 1, row by row) and `tessera count estimates` (the
//! box-by-box estimate beside the exact numbers).

use crate::failure::Failure;
use clap::Args;
use std::io::Write;
use tessera::engine::count::jnotes::{self, Estimates};
use tessera::engine::count::total::count_nine_by_nine;
use tessera::engine::sudoku::grid::Sudoku;
use tessera::engine::sudoku::Shape;

#[derive(Args)]
pub struct GridsArgs {
    /// How many grids to list, in the notes' order (first row 1..n)
    #[arg(long, value_name = "N", default_value_t = 5)]
    first: usize,
    /// Box shape RxC
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
    /// line: one grid per line (Sage's string form); ascii: boxed grids
    #[arg(long, value_name = "line|ascii", default_value = "line")]
    format: String,
}

/// `tessera sudoku grids`.
pub fn grids(a: &GridsArgs) -> Result<(), Failure> {
    if a.format != "line" && a.format != "ascii" {
        return Err(Failure::Input(format!(
            "--format must be line or ascii, not {:?}",
            a.format
        )));
    }
    if a.shape.size() > 16 {
        return Err(Failure::Input(format!(
            "grids of {} symbols are too large to list (at most 16)",
            a.shape.size()
        )));
    }
    let mut out = std::io::stdout().lock();
    let mut run = jnotes::RowByRow::new(a.shape);
    for k in 0..a.first {
        let Some(cells) = run.next_grid() else { break };
        let grid = Sudoku::empty(a.shape).with_cells(cells);
        let text = if a.format == "ascii" {
            format!("{}{}", if k > 0 { "\n" } else { "" }, grid.to_ascii())
        } else {
            grid.to_sage_string().unwrap_or_default()
        };
        // A closed pipe (`| head`) ends the listing quietly.
        if writeln!(out, "{}", text.trim_end()).is_err() {
            return Ok(());
        }
    }
    Ok(())
}

/// `tessera count estimates`: the table, one row per estimate.
pub fn estimates() -> Result<(), Failure> {
    let e = Estimates::compute();
    let total = count_nine_by_nine();
    print!("{}", e.table_text(total));
    Ok(())
}
