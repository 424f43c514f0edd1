//! `tessera sudoku constraint …`: variant Sudoku in the constrained model
//! (killer cages, thermometers, arrows, Kropki dots, lines, global rules),
//! read from Tessera's text form or from f-puzzles and SudokuPad links.
//!
//! Each FILE ('-' or none: standard input) whose first line (past blank and
//! `#` lines) starts with `size` is one puzzle in the text form; any other
//! file holds one link per line. Output, per puzzle in input order: `solve`
//! prints the solution as one line (`.`-free, `a` = 10 …) or `no solution`,
//! or with `--count` the number of solutions (up to `--max`); `candidates`
//! prints the grid of each cell's true candidates; `show` prints the puzzle
//! as text or as an f-puzzles link. A puzzle that cannot be read stops the
//! run with its file and line (exit status 2); a solution the independent
//! checker rejects is an internal error (status 1).

use crate::failure::Failure;
use clap::{Args, Subcommand, ValueEnum};
use std::io::{self, BufWriter, Read, Write};
use tessera::engine::sudoku::constraint::{self, text, Puzzle};
use tessera::engine::sudoku::grid::symbol_char;
use tessera::engine::sudoku::links;

const EXAMPLES: &str = "\
Examples:
  tessera sudoku constraint solve killer.txt            # the text form: one puzzle per file
  echo 'https://www.f-puzzles.com/?load=N4Ig…' | tessera sudoku constraint solve
  tessera sudoku constraint solve --count --max 2 links.txt   # one link per line
  tessera sudoku constraint candidates thermo.txt
  tessera sudoku constraint show --format fpuzzles killer.txt  # an f-puzzles link

The text form, one statement per line (cells r1c1 … r9c9):
  size 9                  # or: size 6 boxes 2x3, or: size 9 regions <81 labels>
  givens 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  killer 15: r1c1 r1c2 r2c1
  thermo r3c3 r3c4 r3c5   # also: arrow r5c5 -> r4c6 r3c7, white/black/x/v r1c1 r1c2,
                          # sandwich row 3: 12, littlekiller 23: r1c2 r2c3 r3c4,
                          # whisper/renban/palindrome/regionsum/between r7c1 r8c2,
                          # odd r1c1, even r2c2, antiknight, antiking, nonconsecutive,
                          # diagonal main|anti, region <cells>, negative kropki|xv
Links: f-puzzles (…f-puzzles.com/?load=…) and SudokuPad (…sudokupad.app/scl…, fpuzzles…);
a link with a rule Tessera does not read is refused, naming it.";

#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub(super) struct ConstraintArgs {
    #[command(subcommand)]
    command: ConstraintCommand,
}

#[derive(Subcommand)]
enum ConstraintCommand {
    /// Print each puzzle's solution (or `no solution`), or count them
    Solve(SolveArgs),
    /// Print each cell's true candidates: the digits some solution puts there
    Candidates(CandidatesArgs),
    /// Print each puzzle in the text form or as an f-puzzles link
    Show(ShowArgs),
}

#[derive(Args)]
struct Sources {
    /// Puzzle files ('-' or none: standard input): a file starting with
    /// `size` is one puzzle in the text form, any other holds one f-puzzles
    /// or SudokuPad link per line ('#' lines and blank lines skipped)
    files: Vec<String>,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    sources: Sources,
    /// Print the number of solutions instead of the solution
    #[arg(long)]
    count: bool,
    /// With --count: stop counting at N
    #[arg(long, value_name = "N", requires = "count")]
    max: Option<u128>,
}

#[derive(Args)]
struct CandidatesArgs {
    #[command(flatten)]
    sources: Sources,
    /// At most N searches per puzzle; a digit left undecided is kept
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    budget: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ShowFormat {
    Text,
    Fpuzzles,
}

#[derive(Args)]
struct ShowArgs {
    #[command(flatten)]
    sources: Sources,
    /// text (Tessera's text form) or fpuzzles (a link f-puzzles and
    /// SudokuPad open)
    #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
    format: ShowFormat,
}

pub(super) fn run_command(args: &ConstraintArgs) -> Result<(), Failure> {
    let sources = match &args.command {
        ConstraintCommand::Solve(a) => &a.sources,
        ConstraintCommand::Candidates(a) => &a.sources,
        ConstraintCommand::Show(a) => &a.sources,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let files = if sources.files.is_empty() {
        vec!["-".to_string()]
    } else {
        sources.files.clone()
    };
    for file in &files {
        for (at, puzzle) in read_puzzles(file)? {
            let puzzle = match puzzle {
                Ok(p) => p,
                Err(e) => {
                    out.flush()?;
                    return Err(Failure::Input(format!("{at}: {e}")));
                }
            };
            match &args.command {
                ConstraintCommand::Solve(a) if a.count => {
                    writeln!(out, "{}", constraint::count(&puzzle, a.max))?
                }
                ConstraintCommand::Solve(_) => match constraint::solve(&puzzle) {
                    Some(grid) => {
                        checked(&puzzle, &grid, &at)?;
                        writeln!(out, "{}", line_of(&grid))?
                    }
                    None => writeln!(out, "no solution")?,
                },
                ConstraintCommand::Candidates(a) => {
                    let masks = constraint::true_candidates(&puzzle, a.budget.max(1));
                    write_candidates(&mut out, &masks, puzzle.size())?
                }
                ConstraintCommand::Show(a) => match a.format {
                    ShowFormat::Text => write!(out, "{}", text::print(&puzzle))?,
                    ShowFormat::Fpuzzles => {
                        let link = links::write::fpuzzles_link(&puzzle, None)
                            .map_err(|e| Failure::Input(format!("{at}: {e}")))?;
                        writeln!(out, "{link}")?
                    }
                },
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// A solution the independent checker rejects is Tessera's bug, not the
/// user's: exit status 1.
fn checked(puzzle: &Puzzle, grid: &[u8], at: &str) -> Result<(), Failure> {
    constraint::check(puzzle, grid).map_err(|v| {
        Failure::Bug(format!(
            "the solution found for {at} fails the checker: {v}"
        ))
    })
}

fn line_of(grid: &[u8]) -> String {
    grid.iter()
        .map(|&d| symbol_char(d).unwrap_or('?'))
        .collect()
}

/// One row per line, each cell's candidates as digits (`-` for none),
/// cells padded to the widest; a blank line after the grid.
fn write_candidates(out: &mut impl Write, masks: &[u64], n: usize) -> io::Result<()> {
    let cells: Vec<String> = masks
        .iter()
        .map(|&m| {
            let s: String = (1..=n as u8)
                .filter(|d| m & (1 << (d - 1)) != 0)
                .filter_map(symbol_char)
                .collect();
            if s.is_empty() {
                "-".into()
            } else {
                s
            }
        })
        .collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    for row in cells.chunks(n) {
        let padded: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        writeln!(out, "{}", padded.join(" ").trim_end())?;
    }
    writeln!(out)
}

/// The puzzles of one file, each with where it is ("killer.txt",
/// "links.txt line 3").
#[allow(clippy::type_complexity)]
fn read_puzzles(file: &str) -> Result<Vec<(String, Result<Puzzle, String>)>, Failure> {
    let (name, body) = if file == "-" {
        let mut s = String::new();
        io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::Input(format!("cannot read standard input: {e}")))?;
        ("standard input".to_string(), s)
    } else {
        let s = std::fs::read_to_string(file)
            .map_err(|e| Failure::Input(format!("cannot read '{file}': {e}")))?;
        (file.to_string(), s)
    };
    let meaningful = |l: &str| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    };
    let first = body.lines().find(|l| meaningful(l)).unwrap_or("");
    if first.trim_start().to_ascii_lowercase().starts_with("size") {
        return Ok(vec![(name, text::parse(&body).map_err(|e| e.to_string()))]);
    }
    Ok(body
        .lines()
        .enumerate()
        .filter(|(_, l)| meaningful(l))
        .map(|(i, l)| (format!("{name} line {}", i + 1), read_link(l)))
        .collect())
}

fn read_link(line: &str) -> Result<Puzzle, String> {
    if !links::is_puzzle_link(line) {
        return Err(
            "this is neither an f-puzzles or SudokuPad link nor Tessera's text form (a text-form file starts with 'size')"
                .into(),
        );
    }
    let import = links::parse_link(line)?;
    import.puzzle.to_constrained().map_err(|e| e.to_string())
}
