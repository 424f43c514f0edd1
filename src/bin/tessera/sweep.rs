//! `tessera sudoku sweep`: the walkthrough seed's solver on its `.game`
//! text form — sweeps until stuck, then splits and explores — printed the
//! way the seed's `test5.py` prints it.

use clap::Args;
use std::io::Read;
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

pub fn sweep(a: &SweepArgs) -> u8 {
    let text = match a.file.as_deref() {
        None | Some("-") => {
            let mut s = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut s) {
                eprintln!("tessera: cannot read standard input: {e}");
                return 2;
            }
            s
        }
        Some(path) => match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("tessera: cannot read {path}: {e}");
                return 2;
            }
        },
    };
    let games = match parse_games(&text) {
        Ok(g) if g.is_empty() => {
            eprintln!("tessera: no game in the input (nine rows like `. . 1 | . 4 5 | . 7 .`)");
            return 2;
        }
        Ok(g) => g,
        Err(e) => {
            eprintln!("tessera: {e}");
            return 2;
        }
    };
    for (k, game) in games.iter().enumerate() {
        if k > 0 {
            println!();
        }
        match explore(game, a.max_games) {
            Some(tree) => print!("{}", tree.transcript(a.track)),
            None => {
                eprintln!(
                    "tessera: game {} needs more than {} games to explore",
                    k + 1,
                    a.max_games
                );
                return 2;
            }
        }
    }
    0
}
