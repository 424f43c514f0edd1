//! `tessera sudoku …`: solve, count, print, explain and export puzzles, one
//! per input line, and generate new ones.
//!
//! The line-oriented contract is stable (other tools script against it): for
//! every puzzle line, in input order, `solve` prints its solutions or the line
//! `no solution`, or one integer with `--count`. A malformed line is reported
//! on stderr with its line number and skipped; the exit status is then 2.

use clap::{Args, Subcommand, ValueEnum};
use std::io::{self, BufRead, BufWriter, Write};
use tessera::engine::sudoku::generate::{self, Symmetry};
use tessera::engine::sudoku::grid::Sudoku;
use tessera::engine::sudoku::logic::{self, Rating};
use tessera::engine::sudoku::models::{self, ModelFormat};
use tessera::engine::sudoku::solve::Algorithm;
use tessera::engine::sudoku::Shape;

const EXAMPLES: &str = "\
Examples:
  tessera sudoku solve puzzles.txt
  echo '8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......' \\
      | tessera sudoku solve --max 10 --format ascii
  tessera sudoku solve top95.txt --algorithm dlx --count --max 2
  echo '0,4,0,0,3,2,0,0,0,0,1,4,0,0,3,0' | tessera sudoku show --format latex
  echo '......' | tessera sudoku solve --box 2x3 --count   # an empty 6x6 with 2x3 boxes
  tessera sudoku explain top95.txt          # logical steps, then the rating
  tessera sudoku generate --count 5 --seed 7 --symmetry rot180 --difficulty hard
  head -1 top95.txt | tessera sudoku export --format cnf | picosat";

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
    /// Generate puzzles with one solution, one per line (seeded: reproducible)
    Generate(GenerateArgs),
    /// Write each puzzle as a model for another solver (SAT, LP, graph, …)
    Export(ExportArgs),
}

#[derive(Args)]
struct Input {
    /// File with one puzzle per line ('-' or nothing: standard input).
    /// A line is Sage's string form ('.' or '0' blank, 1-9, a=10 … z=35)
    /// or a comma/space separated list of integers (0 blank). Blank lines
    /// and lines starting with '#' are skipped.
    file: Option<String>,
    /// Box shape RxC for rectangular boxes (e.g. 2x3 for 6x6 grids);
    /// default: square boxes inferred from the length
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse)]
    shape: Option<Shape>,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    input: Input,
    /// Solver: dlx (exact cover, Dancing Links) or backtrack (bitsets and singles)
    #[arg(long, short, default_value = "backtrack", value_parser = parse_algorithm)]
    algorithm: Algorithm,
    /// At most N solutions per puzzle (default 1; with --count: stop counting at N)
    #[arg(long, value_name = "N")]
    max: Option<u128>,
    /// Print the number of solutions instead of the solutions
    #[arg(long)]
    count: bool,
    /// Output format of each solution
    #[arg(long, value_enum, default_value_t = Format::String)]
    format: Format,
}

#[derive(Args)]
struct ShowArgs {
    #[command(flatten)]
    input: Input,
    /// Output format
    #[arg(long, value_enum)]
    format: Format,
}

#[derive(Args)]
struct ExplainArgs {
    #[command(flatten)]
    input: Input,
    /// Stop the exploration tree (guessing) after N branches
    #[arg(long, value_name = "N", default_value_t = logic::DEFAULT_BRANCH_LIMIT)]
    branches: usize,
}

#[derive(Args)]
struct GenerateArgs {
    /// Box shape RxC (2x2 → 4x4 grid, 2x3 → 6x6, 3x3 → 9x9, 4x4 → 16x16)
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    shape: Shape,
    /// Number of puzzles
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: usize,
    /// Seed: the same seed gives the same puzzles on every platform
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Demand that no single clue can be removed
    #[arg(long)]
    minimal: bool,
    /// Symmetry of the clue pattern
    #[arg(long, value_name = "rot180|mirror|none", default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,
    /// Rating of the logical solver the puzzle must have
    #[arg(long, value_name = "easy|medium|hard|expert", value_parser = parse_rating)]
    difficulty: Option<Rating>,
    /// Fresh grids to try per puzzle before giving up (default 500 up to
    /// 9x9, 10 above)
    #[arg(long, value_name = "N")]
    attempts: Option<u32>,
}

#[derive(Args)]
struct ExportArgs {
    #[command(flatten)]
    input: Input,
    /// cnf (DIMACS, SAT), lp (CPLEX LP, integer program), dot / edges (the
    /// Sudoku graph), poly (polynomial system), minizinc (alldifferent)
    #[arg(long, value_name = "cnf|lp|dot|edges|poly|minizinc", value_parser = parse_model)]
    format: ModelFormat,
}

fn parse_model(s: &str) -> Result<ModelFormat, String> {
    s.parse()
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
}

fn parse_rating(s: &str) -> Result<Rating, String> {
    s.parse()
}

/// Sage's output formats.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Sage's to_string: one line, '.' blank, a=10 …
    String,
    /// Sage's to_ascii (its repr): boxes drawn with + - |
    Ascii,
    /// Sage's to_latex: an array environment
    Latex,
    /// Sage's to_list: [1, 0, …]
    List,
    /// Sage's to_matrix: rows of integers in brackets
    Matrix,
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse::<Algorithm>().map_err(|e| e.to_string())
}

fn render(s: &Sudoku, format: Format) -> Result<String, String> {
    Ok(match format {
        Format::String => s.to_sage_string().map_err(|e| e.to_string())?,
        Format::Ascii => s.to_ascii(),
        Format::Latex => s.to_latex(),
        Format::List => s.to_list_string(),
        Format::Matrix => s.to_matrix_string(),
    })
}

/// Parse one input line: an integer list if it has separators, else a Sage string.
fn parse_line(line: &str, shape: Option<Shape>) -> Result<Sudoku, String> {
    let is_list = line.contains(',') || line.split_whitespace().nth(1).is_some();
    let result = if is_list {
        let values: Result<Vec<i64>, String> = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .enumerate()
            .map(|(i, t)| {
                t.trim_matches(['[', ']'])
                    .parse::<i64>()
                    .map_err(|_| format!("entry {} ('{t}') is not an integer", i + 1))
            })
            .collect();
        Sudoku::from_list(&values?, shape)
    } else {
        Sudoku::from_sage_str(line, shape)
    };
    let sudoku = result.map_err(|e| e.to_string())?;
    sudoku.verify().map_err(|e| e.to_string())?;
    Ok(sudoku)
}

/// Puzzle lines of the input with their 1-based line numbers.
fn read_lines(file: &Option<String>) -> io::Result<Vec<(usize, String)>> {
    let reader: Box<dyn BufRead> = match file.as_deref() {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => Box::new(io::BufReader::new(
            std::fs::File::open(path)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot open '{path}': {e}")))?,
        )),
    };
    let mut out = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line?;
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('#') {
            out.push((i + 1, t.to_string()));
        }
    }
    Ok(out)
}

pub fn run(args: SudokuArgs) -> u8 {
    if let SudokuCommand::Generate(a) = &args.command {
        return generate_puzzles(a);
    }
    let input = match &args.command {
        SudokuCommand::Solve(a) => &a.input,
        SudokuCommand::Show(a) => &a.input,
        SudokuCommand::Explain(a) => &a.input,
        SudokuCommand::Export(a) => &a.input,
        SudokuCommand::Generate(_) => unreachable!("handled above"),
    };
    let lines = match read_lines(&input.file) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("tessera: {e}");
            return 2;
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut bad = false;
    let mut first = true;
    for (number, line) in lines {
        let result = parse_line(&line, input.shape).and_then(|s| match &args.command {
            SudokuCommand::Solve(a) => solve(&s, a, &mut out),
            SudokuCommand::Show(a) => {
                let text = render(&s, a.format)?;
                writeln!(out, "{text}").map_err(|e| e.to_string())
            }
            SudokuCommand::Explain(a) => explain(&s, a, first, &mut out),
            SudokuCommand::Export(a) => models::export(&s, a.format)
                .map_err(|e| e.to_string())
                .and_then(|text| write!(out, "{text}").map_err(|e| e.to_string())),
            SudokuCommand::Generate(_) => Ok(()),
        });
        first &= result.is_err();
        if let Err(message) = result {
            let _ = out.flush();
            eprintln!("tessera: line {number}: {message}");
            bad = true;
        }
    }
    if let Err(e) = out.flush() {
        eprintln!("tessera: {e}");
        return 2;
    }
    if bad {
        2
    } else {
        0
    }
}

fn solve(s: &Sudoku, a: &SolveArgs, out: &mut impl Write) -> Result<(), String> {
    let io = |e: io::Error| e.to_string();
    if a.count {
        let n = s
            .count_solutions(a.algorithm, a.max)
            .map_err(|e| e.to_string())?;
        return writeln!(out, "{n}").map_err(io);
    }
    let max = a.max.unwrap_or(1);
    let mut found = 0u128;
    for solution in s.solutions(a.algorithm).map_err(|e| e.to_string())? {
        if found >= max {
            break;
        }
        writeln!(out, "{}", render(&solution, a.format)?).map_err(io)?;
        found += 1;
    }
    if found == 0 {
        writeln!(out, "no solution").map_err(io)?;
    }
    Ok(())
}

/// Steps, the exploration tree if any, then the verdict; puzzles after the
/// first are preceded by a blank line.
fn explain(s: &Sudoku, a: &ExplainArgs, first: bool, out: &mut impl Write) -> Result<(), String> {
    let e = logic::explain_with_limit(s, a.branches).map_err(|e| e.to_string())?;
    if !first {
        writeln!(out).map_err(|e| e.to_string())?;
    }
    write!(out, "{}", e.to_text()).map_err(|e| e.to_string())
}

/// Puzzles one per line, written as they are found (a long run shows
/// progress); a failure is reported on stderr with exit status 2.
fn generate_puzzles(a: &GenerateArgs) -> u8 {
    if a.shape.size() > tessera::engine::sudoku::STRING_MAX_SIZE {
        eprintln!(
            "tessera: a {} grid has {} symbols; generated puzzles are printed in the string form, \
             which stops at {}",
            a.shape,
            a.shape.size(),
            tessera::engine::sudoku::STRING_MAX_SIZE
        );
        return 2;
    }
    let options = generate::Options {
        minimal: a.minimal,
        symmetry: a.symmetry,
        difficulty: a.difficulty,
        ..generate::Options::new(a.shape, a.seed)
    };
    let options = generate::Options {
        max_attempts: a.attempts.unwrap_or(options.max_attempts),
        ..options
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut stream = generate::Stream::new(&options);
    for _ in 0..a.count {
        let line = stream
            .next_puzzle()
            .map_err(|e| e.to_string())
            .and_then(|g| g.puzzle.to_sage_string().map_err(|e| e.to_string()));
        match line {
            Ok(text) => {
                if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
                    return 2;
                }
            }
            Err(e) => {
                eprintln!("tessera: {e}");
                return 2;
            }
        }
    }
    0
}
