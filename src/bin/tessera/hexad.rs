//! `tessera hexad …`: Sage's `sage.games.hexad` from the command line, with
//! Sage's exact output text.

use crate::failure::{exit_code, Failure};
use clap::{Args, Subcommand};
use tessera::engine::hexad::{blackjack_move, Hexad, Labeling, Minimog, PointSet};

#[derive(Args)]
#[command(after_help = "Examples:
  tessera hexad find 0 1 2 3 4                 # ([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])
  tessera hexad find --labeling modulo11 1 2 3 4 inf
  tessera hexad find0 2 4                      # Sage's find_hexad0: ([0, 1, 2, 4, 6, 8], ['line 1', 'picture 1'])
  tessera hexad find2 2 3 4 8 --x0 0           # Sage's find_hexad2(pts, x0)
  tessera hexad find3 2 3 4 --x0 0 --x1 1      # Sage's find_hexad3(pts, x0, x1)
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
    /// Sage's find_hexad0: finite points on a line; the hexad is the line and
    /// the three points at infinity (prints ([], []) if there is none)
    Find0 {
        #[command(flatten)]
        labeling: LabelingArg,
        #[arg(num_args = 1..)]
        points: Vec<String>,
    },
    /// Sage's find_hexad1: points on two parallel lines of one picture
    Find1 {
        #[command(flatten)]
        labeling: LabelingArg,
        #[arg(num_args = 1..)]
        points: Vec<String>,
    },
    /// Sage's find_hexad2: points on a cross of the picture of the point at
    /// infinity X0; the hexad is the cross and X0
    Find2 {
        #[command(flatten)]
        labeling: LabelingArg,
        #[arg(num_args = 1..)]
        points: Vec<String>,
        #[arg(long)]
        x0: String,
    },
    /// Sage's find_hexad3: points on a square of the picture of the point at
    /// infinity that is neither X0 nor X1; the hexad is the square, X0 and X1
    Find3 {
        #[command(flatten)]
        labeling: LabelingArg,
        #[arg(num_args = 1..)]
        points: Vec<String>,
        #[arg(long)]
        x0: String,
        #[arg(long)]
        x1: String,
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

/// Distinct points of `labeling` as a set, or the first bad one named.
fn point_set(labeling: Labeling, points: &[String]) -> Result<PointSet, Failure> {
    let mut set: PointSet = 0;
    for p in points {
        let v = labeling.parse_point(p)?;
        if set >> v & 1 == 1 {
            return Err(Failure::Input(format!("point {p} is given twice")));
        }
        set |= 1 << v;
    }
    Ok(set)
}

/// A point at infinity (X0, X1 of find_hexad2/3), checked.
fn infinity_point(m: &Minimog, labeling: Labeling, text: &str) -> Result<u8, Failure> {
    let v = labeling.parse_point(text)?;
    if m.infinity().contains(&v) {
        Ok(v)
    } else {
        Err(Failure::Input(format!(
            "{text} is not a point at infinity (those are {})",
            m.infinity().map(|p| labeling.label(p)).join(", ")
        )))
    }
}

/// Sage's `find_hexad0..3`, which print `([], [])` when nothing is found.
fn find_typed(
    labeling: Labeling,
    points: &[String],
    find: impl Fn(&Minimog, PointSet) -> Result<Option<Hexad>, Failure>,
) -> Result<(), Failure> {
    let m = Minimog::new(labeling);
    match find(&m, point_set(labeling, points)?)? {
        Some(h) => println!("{}", m.format_hexad(&h)),
        None => println!("([], [])"),
    }
    Ok(())
}

pub fn run(args: HexadArgs) -> u8 {
    exit_code("hexad", hexad(args))
}

fn hexad(args: HexadArgs) -> Result<(), Failure> {
    match args.command {
        HexadCommand::Find0 { labeling, points } => {
            find_typed(labeling.labeling, &points, |m, set| Ok(m.find_hexad0(set)))
        }
        HexadCommand::Find1 { labeling, points } => {
            find_typed(labeling.labeling, &points, |m, set| Ok(m.find_hexad1(set)))
        }
        HexadCommand::Find2 {
            labeling,
            points,
            x0,
        } => {
            let l = labeling.labeling;
            find_typed(l, &points, |m, set| {
                Ok(m.find_hexad2(set, infinity_point(m, l, &x0)?))
            })
        }
        HexadCommand::Find3 {
            labeling,
            points,
            x0,
            x1,
        } => {
            let l = labeling.labeling;
            find_typed(l, &points, |m, set| {
                let (a, b) = (infinity_point(m, l, &x0)?, infinity_point(m, l, &x1)?);
                if a == b {
                    return Err(Failure::Input(
                        "X0 and X1 must be different points at infinity".into(),
                    ));
                }
                Ok(m.find_hexad3(set, a, b))
            })
        }
        HexadCommand::Find { labeling, points } => {
            let m = Minimog::new(labeling.labeling);
            let pts = points
                .iter()
                .map(|p| labeling.labeling.parse_point(p))
                .collect::<Result<Vec<u8>, _>>()?;
            println!("{}", m.format_hexad(&m.find_hexad(&pts)?));
            Ok(())
        }
        HexadCommand::Blackjack { labeling, cards } => {
            let m = Minimog::new(labeling.labeling);
            let cards = cards
                .iter()
                .map(|c| {
                    c.parse::<u8>().map_err(|_| {
                        Failure::Input(format!("'{c}' is not a card: cards are numbers 0..11"))
                    })
                })
                .collect::<Result<Vec<u8>, _>>()?;
            println!("{}", blackjack_move(&m, &cards)?.sage_text(&cards));
            Ok(())
        }
        HexadCommand::Kitten { labeling } => {
            print!("{}", Minimog::new(labeling.labeling).kitten());
            Ok(())
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
            Ok(())
        }
    }
}
