//! `tessera sudoku sweep`: the walkthrough seed's solver on its `.game`
//! text form — sweeps until stuck, then splits and explores — printed the
//! way the seed's `test5.py` prints it.

use crate::failure::Failure;
use clap::Args;
use std::io::Read;
use tessera::engine;
use tessera::engine::sudoku::sweep::{explore, parse_games};

#[derive(Args)]
pub struct SweepArgs {
    /// A .game file: nine rows like `. . 1 | . 4 5 | . 7 .`, separator rows
    /// `------+-------+------`, games separated by blank lines ('-' or
    /// nothing: standard input)
    file: Option<String>,
    /// Also print the seed's tracking lines ("Set (r,c) to v")
    #[arg(long)]
    track: bool,
    /// Give up after exploring this many games
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_games: usize,
}

pub fn sweep(a: &SweepArgs) -> Result<(), Failure> {
    let text = match a.file.as_deref() {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?;
            s
        }
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?,
    };
    let games = parse_games(&text).map_err(engine::Error::from)?;
    if games.is_empty() {
        return Err(Failure::Input(
            "no game in the input (nine rows like `. . 1 | . 4 5 | . 7 .`)".into(),
        ));
    }
    for (k, game) in games.iter().enumerate() {
        if k > 0 {
            println!();
        }
        match explore(game, a.max_games) {
            Some(tree) => print!("{}", tree.transcript(a.track)),
            None => {
                return Err(Failure::Input(format!(
                    "game {} needs more than {} games to explore",
                    k + 1,
                    a.max_games
                )))
            }
        }
    }
    Ok(())
}
