//! `tessera hexad …`: Sage's `sage.games.hexad` from the command line, with
//! Sage's exact output text.

use clap::{Args, Subcommand};
use tessera::engine::hexad::{blackjack_move, Labeling, Minimog};

#[derive(Args)]
#[command(after_help = "Examples:
  tessera hexad find 0 1 2 3 4                 # ([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])
  tessera hexad find --labeling modulo11 1 2 3 4 inf
  tessera hexad blackjack 0 2 4 6 7 11         # 4 --> 3. The total went from 30 to 29.
  tessera hexad kitten --labeling modulo11
  tessera hexad list")]
pub struct HexadArgs {
    #[command(subcommand)]
    command: HexadCommand,
}

#[derive(Args)]
struct LabelingArg {
    /// Labeling of the 12 points: shuffle (0..11) or modulo11 (0..10 and inf)
    #[arg(long, default_value = "shuffle", value_parser = |s: &str| s.parse::<Labeling>())]
    labeling: Labeling,
}

#[derive(Subcommand)]
enum HexadCommand {
    /// Complete 5 points into their hexad (Sage's find_hexad output)
    Find {
        #[command(flatten)]
        labeling: LabelingArg,
        /// Five distinct points (write infinity as inf)
        #[arg(num_args = 1.., allow_hyphen_values = true)]
        points: Vec<String>,
    },
    /// Advice for mathematical blackjack on 6 table cards (Sage's blackjack_move)
    Blackjack {
        #[command(flatten)]
        labeling: LabelingArg,
        /// Six distinct cards 0..11, in the order Sage would be given them
        #[arg(num_args = 1..)]
        cards: Vec<String>,
    },
    /// Print the kitten (Sage's print_kitten)
    Kitten {
        #[command(flatten)]
        labeling: LabelingArg,
    },
    /// List the 132 hexads: points, tab, Sage's description
    List {
        #[command(flatten)]
        labeling: LabelingArg,
    },
}

fn fail(message: impl std::fmt::Display) -> u8 {
    eprintln!("tessera hexad: {message}");
    2
}

pub fn run(args: HexadArgs) -> u8 {
    match args.command {
        HexadCommand::Find { labeling, points } => {
            let m = Minimog::new(labeling.labeling);
            let pts: Result<Vec<u8>, String> = points
                .iter()
                .map(|p| labeling.labeling.parse_point(p))
                .collect();
            match pts.and_then(|p| m.find_hexad(&p)) {
                Ok(h) => {
                    println!("{}", m.format_hexad(&h));
                    0
                }
                Err(e) => fail(e),
            }
        }
        HexadCommand::Blackjack { labeling, cards } => {
            let m = Minimog::new(labeling.labeling);
            let parsed: Result<Vec<u8>, String> = cards
                .iter()
                .map(|c| {
                    c.parse::<u8>()
                        .map_err(|_| format!("'{c}' is not a card: cards are numbers 0..11"))
                })
                .collect();
            match parsed.and_then(|c| blackjack_move(&m, &c).map(|a| a.sage_text(&c))) {
                Ok(text) => {
                    println!("{text}");
                    0
                }
                Err(e) => fail(e),
            }
        }
        HexadCommand::Kitten { labeling } => {
            print!("{}", Minimog::new(labeling.labeling).kitten());
            0
        }
        HexadCommand::List { labeling } => {
            use std::io::Write;
            let m = Minimog::new(labeling.labeling);
            let mut out = std::io::stdout().lock();
            for h in m.all_hexads() {
                let line = format!(
                    "{}\t['{}', '{}']",
                    m.format_points(h.points),
                    h.what[0],
                    h.what[1]
                );
                // A closed pipe (e.g. `| head`) ends the listing quietly.
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            0
        }
    }
}
