//! `tessera sudoku …`: solve, count, print, explain and export puzzles, one
//! per input line, and generate new ones.
//!
//! The line-oriented contract is stable (other tools script against it): for
//! every puzzle line, in input order, `solve` prints its solutions or the line
//! `no solution`, or one integer with `--count`. A malformed line is reported
//! on stderr with its line number and skipped; the exit status is then 2.

use crate::failure::{exit_code, Failure};
use crate::shard::{print_report, run_parts, Checkpoint, Problem, ShardArgs};
use clap::{Args, Subcommand, ValueEnum};
use std::io::{self, BufRead, BufWriter, Write};
use std::sync::Mutex;
use tessera::engine::search::Step;
use tessera::engine::shard::target_parts;
use tessera::engine::sudoku::auto;
use tessera::engine::sudoku::generate::{self, Symmetry};
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
}

#[derive(Args)]
struct ColourArgs {
    #[command(flatten)]
    input: Input,
    /// dsatur (greedy, an upper bound), exact (search: the chromatic
    /// number) or both
    #[arg(long, value_enum, default_value_t = ColourMethod::Both)]
    method: ColourMethod,
    /// Search nodes the exact colouring may use per number of colours tried
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    budget: u64,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColourMethod {
    Dsatur,
    Exact,
    Both,
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
    /// Each block of lines between blank lines is one puzzle: the
    /// walkthrough's .game form (`. . 1 | . 4 5 | . 7 .` rows), Sage's ascii
    /// form, or a grid of digits over several lines
    #[arg(long)]
    blocks: bool,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    input: Input,
    /// Solver: auto (the band solver on 9x9, dlx elsewhere, sat once dlx stalls or on
    /// 25x25 and larger), dlx (exact cover, Dancing Links), backtrack (bitsets and
    /// singles) or sat (clause learning; solutions in no particular order)
    #[arg(long, short, value_name = "auto|dlx|backtrack|sat", default_value = "auto",
          value_parser = parse_algorithm)]
    algorithm: Algorithm,
    /// Report on stderr which engine answered each puzzle (e.g. "sat" when auto
    /// switched); stdout is unchanged
    #[arg(long, short)]
    verbose: bool,
    /// At most N solutions per puzzle (default 1; with --count: stop counting at N)
    #[arg(long, value_name = "N")]
    max: Option<u128>,
    /// Print the number of solutions instead of the solutions
    #[arg(long)]
    count: bool,
    /// Sage's verify_input=False: skip the check for repeated givens (a
    /// puzzle that has some then gets "no solution" / 0 instead of an
    /// error naming the clash); length and entries are still checked
    #[arg(long)]
    no_verify_input: bool,
    /// Output format of each solution
    #[arg(long, value_enum, default_value_t = Format::String)]
    format: Format,
    #[command(flatten)]
    variant: VariantChoice,
    /// With --count on one standard puzzle: shards and checkpoints
    /// (docs/counting-at-scale.md)
    #[command(flatten)]
    scale: ShardArgs,
}

/// The variant options shared by solve and generate.
#[derive(Args)]
struct VariantChoice {
    /// Sudoku variant (backtrack runs dlx there: variants have no backtracking solver)
    #[arg(long, value_enum, default_value_t = VariantName::Standard)]
    variant: VariantName,
    /// Jigsaw region map: one label (letter or digit) per cell, row-major
    #[arg(long, value_name = "MAP")]
    regions: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum VariantName {
    /// Rows, columns and boxes
    Standard,
    /// Plus both main diagonals
    X,
    /// Rows, columns and irregular regions (--regions MAP)
    Jigsaw,
    /// Five overlapping 9x9 grids
    Samurai,
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
    #[command(flatten)]
    variant: VariantChoice,
}

#[derive(Args)]
struct HintArgs {
    /// File with one position per line: the givens and the player's digits
    #[command(flatten)]
    input: Input,
    /// 1: technique and area, 2: the cells, 3: the step, 4: apply it
    #[arg(long, value_name = "1-4", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=4))]
    stage: u8,
    /// The puzzle's givens, when the lines carry the player's digits too:
    /// each digit that differs from the solution is named instead of a hint
    #[arg(long, value_name = "PUZZLE")]
    givens: Option<String>,
    /// The player's pencil marks: one group of digits per cell, separated by
    /// commas ("", or no group, for a cell without marks)
    #[arg(long, value_name = "MARKS")]
    marks: Option<String>,
    #[command(flatten)]
    variant: VariantChoice,
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
    /// Numeric rating band the puzzle must have, Sudoku Explainer-like
    /// (e.g. 4.0-6.5; the grades are bands of it: easy < 2.5 ≤ medium < 4.2 ≤
    /// hard < 7.0 ≤ expert)
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_score)]
    rating: Option<(u16, u16)>,
    /// Fresh grids to try per puzzle before giving up (default 500 up to
    /// 9x9, 10 above; 50 for variants)
    #[arg(long, value_name = "N")]
    attempts: Option<u32>,
    #[command(flatten)]
    variant: VariantChoice,
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

/// "4.0-6.5" → (40, 65) tenths.
fn parse_score(s: &str) -> Result<(u16, u16), String> {
    let tenths = |t: &str| -> Result<u16, String> {
        let v: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a number such as 4.5"))?;
        if !(0.0..=20.0).contains(&v) {
            return Err(format!("{v} is outside the scale 0.0-20.0"));
        }
        Ok((v * 10.0).round() as u16)
    };
    let (lo, hi) = s
        .split_once('-')
        .ok_or_else(|| format!("'{s}' is not a band MIN-MAX such as 4.0-6.5"))?;
    let (lo, hi) = (tenths(lo)?, tenths(hi)?);
    if lo > hi {
        return Err(format!("the band {s} is empty (MIN > MAX)"));
    }
    Ok((lo, hi))
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
    /// The walkthrough seed's .game text: `. . 1 | . 4 5 | . 7 .` rows
    /// (read back with --blocks)
    Game,
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
        Format::Game => s.to_game(),
    })
}

/// Parse one input line: an integer list if it has separators, else a Sage string.
fn parse_line(line: &str, shape: Option<Shape>) -> Result<Sudoku, String> {
    let sudoku = parse_unverified(line, shape)?;
    sudoku.verify().map_err(|e| e.to_string())?;
    Ok(sudoku)
}

/// [`parse_line`] without the check for repeated givens (Sage's
/// `verify_input=False`; the length and the entries' range are still
/// checked: a grid that breaks them cannot be built).
fn parse_unverified(line: &str, shape: Option<Shape>) -> Result<Sudoku, String> {
    if line.contains('\n') {
        // A --blocks block: the engine reads every multi-line form.
        return Sudoku::parse(line, shape).map_err(|e| e.to_string());
    }
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
    result.map_err(|e| e.to_string())
}

/// Puzzle lines of the input with their 1-based line numbers, or `None`
/// once an unreadable input has been reported on stderr (exit status 2).
fn input_lines(input: &Input) -> Option<Vec<(usize, String)>> {
    let lines = read_lines(&input.file)
        .map_err(|e| eprintln!("tessera: {e}"))
        .ok()?;
    Some(if input.blocks { blocks(lines) } else { lines })
}

/// Consecutive lines (no blank line between them) joined into one puzzle,
/// numbered by its first line. `read_lines` drops blank lines, so a gap in
/// the line numbers is what separates blocks.
fn blocks(lines: Vec<(usize, String)>) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut last = 0;
    for (n, line) in lines {
        match out.last_mut() {
            Some((_, block)) if n == last + 1 => {
                block.push('\n');
                block.push_str(&line);
            }
            _ => out.push((n, line)),
        }
        last = n;
    }
    out
}

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
    match &args.command {
        SudokuCommand::Grids(a) => return crate::jnotes::grids(a),
        SudokuCommand::Sweep(a) => return crate::sweep::sweep(a),
        SudokuCommand::Generate(a) if a.variant.variant != VariantName::Standard => {
            return generate_variants(a)
        }
        SudokuCommand::Solve(a)
            if a.no_verify_input
                && (a.scale.active() || a.variant.variant != VariantName::Standard) =>
        {
            eprintln!(
                "tessera: --no-verify-input goes with standard puzzles, without --shard or --state"
            );
            return 2;
        }
        SudokuCommand::Solve(a) if a.scale.active() => {
            return exit_code("sudoku", count_parts(a));
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
            eprintln!("tessera: --regions only applies to --variant jigsaw");
            return 2;
        }
        return generate_puzzles(a);
    }
    if let SudokuCommand::Solve(a) = &args.command {
        if a.variant.regions.is_some() {
            eprintln!("tessera: --regions only applies to --variant jigsaw");
            return 2;
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
        | SudokuCommand::Sweep(_) => {
            unreachable!("handled above")
        }
    };
    let Some(lines) = input_lines(input) else {
        return 2;
    };
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
            SudokuCommand::Generate(_) | SudokuCommand::Grids(_) | SudokuCommand::Sweep(_) => {
                Ok(())
            }
        });
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

/// Solve or count one puzzle; returns the engine that answered.
fn solve(s: &Sudoku, a: &SolveArgs, out: &mut impl Write) -> Result<&'static str, String> {
    let io = |e: io::Error| e.to_string();
    if a.count {
        let (n, engine) = s
            .count_solutions_with(a.algorithm, a.max, !a.no_verify_input)
            .map_err(|e| e.to_string())?;
        writeln!(out, "{n}").map_err(io)?;
        return Ok(engine);
    }
    let max = a.max.unwrap_or(1);
    let mut found = 0u128;
    let mut solutions = s
        .solutions_with(a.algorithm, !a.no_verify_input)
        .map_err(|e| e.to_string())?;
    while found < max {
        let Some(solution) = solutions.next() else {
            break;
        };
        writeln!(out, "{}", render(&solution, a.format)?).map_err(io)?;
        found += 1;
    }
    if found == 0 {
        writeln!(out, "no solution").map_err(io)?;
    }
    Ok(solutions.engine().unwrap_or(a.algorithm.name()))
}

/// A colouring as Sage's string when every colour is a symbol (≤ 35),
/// else as a list.
fn colours_text(shape: Shape, colours: &[u8]) -> String {
    let grid = Sudoku::empty(shape).with_cells(colours.to_vec());
    match colours.iter().all(|&c| c <= 35) {
        true => grid
            .to_sage_string()
            .unwrap_or_else(|_| grid.to_list_string()),
        false => grid.to_list_string(),
    }
}

/// `tessera sudoku colour`: DSatur and the exact colouring of one puzzle,
/// each checked, and compared with the puzzle's solutions.
fn colour(s: &Sudoku, a: &ColourArgs, out: &mut impl Write) -> Result<(), String> {
    use tessera::engine::sudoku::colouring::{check_colouring, chromatic, dsatur};
    let io = |e: io::Error| e.to_string();
    let shape = s.shape();
    let vertices = shape.cells() - s.clues();
    if a.method != ColourMethod::Exact {
        let g = dsatur(s).map_err(|e| e.to_string())?;
        check_colouring(s, &g.colours).map_err(|e| format!("DSatur's colouring is wrong: {e}"))?;
        writeln!(
            out,
            "dsatur: {} colours ({} givens kept, {vertices} vertices coloured greedily, checked proper)",
            g.used,
            s.clues()
        )
        .map_err(io)?;
        writeln!(out, "{}", colours_text(shape, &g.colours)).map_err(io)?;
    }
    if a.method != ColourMethod::Dsatur {
        let c = chromatic(s, a.budget).map_err(|e| e.to_string())?;
        check_colouring(s, &c.colouring.colours)
            .map_err(|e| format!("the exact colouring is wrong: {e}"))?;
        let tried: Vec<String> = c
            .tried
            .iter()
            .map(|(k, nodes, ok)| {
                format!(
                    "{k} colours: {}, {nodes} nodes",
                    if *ok { "found" } else { "none" }
                )
            })
            .collect();
        writeln!(
            out,
            "exact: chromatic number {} (lower bound {} from a clique and the givens, upper bound {} from DSatur){}{}",
            c.chromatic,
            c.lower_bound,
            c.upper_bound,
            if tried.is_empty() { "" } else { "; " },
            tried.join("; ")
        )
        .map_err(io)?;
        writeln!(out, "{}", colours_text(shape, &c.colouring.colours)).map_err(io)?;
        let first_two: Vec<Sudoku> = s
            .solutions(Algorithm::Dlx)
            .map_err(|e| e.to_string())?
            .take(2)
            .collect();
        let verdict = match first_two.as_slice() {
            [] => "the puzzle has no solution, so no colouring with n colours keeps the givens"
                .to_string(),
            [one] if one.cells() == c.colouring.colours.as_slice() => {
                "the colouring is the puzzle's unique solution".to_string()
            }
            [_] => "the colouring differs from the unique solution (a bug)".to_string(),
            _ if c.chromatic == shape.size() => {
                "the puzzle has several solutions; the colouring is one of them".to_string()
            }
            _ => "the puzzle has several solutions".to_string(),
        };
        writeln!(out, "{verdict}").map_err(io)?;
    }
    Ok(())
}

/// `explain` and `hint` over standard and variant grids (X-sudoku,
/// jigsaw): the same logical solver on the variant's units. Explain
/// prints steps, the exploration tree if any, then the verdict (puzzles
/// after the first preceded by a blank line); hint prints one sentence
/// per position, and at stage 4 the grid after the step.
fn explain_lines(
    input: &Input,
    choice: &VariantChoice,
    explain: Option<&ExplainArgs>,
    hint: Option<&HintArgs>,
) -> u8 {
    let shape = input.shape.unwrap_or(Shape::square(3).expect("3x3"));
    let fixed = match chosen_variant(choice, shape) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("tessera: {e}");
            return 2;
        }
    };
    let Some(lines) = input_lines(input) else {
        return 2;
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut bad = false;
    let mut first = true;
    for (number, line) in lines {
        let result = (|| -> Result<(), String> {
            let io = |e: io::Error| e.to_string();
            let (variant, values) = if choice.variant == VariantName::Standard {
                let s = parse_line(&line, input.shape)?;
                (Variant::standard(s.shape()), s.cells().to_vec())
            } else {
                parse_variant_line(&line, choice, input, &fixed)?
            };
            let board = logic::board_for_variant(&variant, &values)?;
            if let Some(a) = explain {
                let e = logic::explain_board(board, a.branches);
                if !first {
                    writeln!(out).map_err(io)?;
                }
                return write!(out, "{}", e.to_text()).map_err(io);
            }
            let a = hint.expect("explain or hint");
            let givens = match &a.givens {
                Some(text) => {
                    let g = variant.parse(text).map_err(|e| format!("--givens: {e}"))?;
                    variant.verify(&g).map_err(|e| format!("--givens: {e}"))?;
                    if let Some(c) = (0..g.len()).find(|&c| g[c] != 0 && values[c] != g[c]) {
                        return Err(format!(
                            "the position changes the given at {}",
                            variant.cell_name(c)
                        ));
                    }
                    g
                }
                None => values.clone(),
            };
            let solutions = variant.solutions(&givens, 2).map_err(|e| e.to_string())?;
            let solution = (solutions.len() == 1).then(|| solutions[0].clone());
            let board = match &a.marks {
                Some(m) => board.with_marks(&parse_marks(m, values.len())?),
                None => board,
            };
            let h = logic::graduated_hint(&board, solution.as_deref(), a.stage);
            writeln!(out, "{}", h.text).map_err(io)?;
            if let Some(after) = h.after {
                writeln!(out, "{}", variant.to_line(&after.values)).map_err(io)?;
            }
            Ok(())
        })();
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
    u8::from(bad) * 2
}

/// "129,,3,…": one group of digits per cell (a missing group: no marks).
fn parse_marks(text: &str, cells: usize) -> Result<Vec<u64>, String> {
    let groups: Vec<&str> = text.split(',').collect();
    if groups.len() > cells {
        return Err(format!(
            "--marks has {} groups, but the grid has {cells} cells",
            groups.len()
        ));
    }
    let n = (cells as f64).sqrt().round() as u32;
    let mut marks = vec![0u64; cells];
    for (i, g) in groups.iter().enumerate() {
        for ch in g.trim().chars() {
            let d = ch
                .to_digit(36)
                .filter(|&d| d >= 1 && d <= n)
                .ok_or_else(|| {
                    format!("--marks: '{ch}' in group {} is not a digit 1-{n}", i + 1)
                })?;
            marks[i] |= 1u64 << (d - 1);
        }
    }
    Ok(marks)
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
        score: a.rating,
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

/// The variant a `--variant` / `--regions` pair asks for (`None` for a
/// jigsaw without a map: each line or generated puzzle brings its own).
fn chosen_variant(c: &VariantChoice, shape: Shape) -> Result<Option<Variant>, String> {
    if c.regions.is_some() && c.variant != VariantName::Jigsaw {
        return Err("--regions only applies to --variant jigsaw".into());
    }
    Ok(match c.variant {
        VariantName::Standard => Some(Variant::standard(shape)),
        VariantName::X => Some(Variant::x(shape)),
        VariantName::Samurai => Some(Variant::samurai()),
        VariantName::Jigsaw => match &c.regions {
            Some(map) => Some(Variant::jigsaw(
                RegionMap::parse(map).map_err(|e| format!("--regions: {e}"))?,
            )),
            None => None,
        },
    })
}

/// One variant puzzle line: a jigsaw line may carry its map after the
/// puzzle ("PUZZLE MAP"); X without --box takes square boxes from the length.
fn parse_variant_line(
    line: &str,
    choice: &VariantChoice,
    input: &Input,
    fixed: &Option<Variant>,
) -> Result<(Variant, Vec<u8>), String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let (variant, text) = match (choice.variant, fixed) {
        (VariantName::Jigsaw, _) if tokens.len() == 2 => {
            let map = RegionMap::parse(tokens[1]).map_err(|e| format!("region map: {e}"))?;
            (Variant::jigsaw(map), tokens[0])
        }
        (VariantName::Jigsaw, None) => {
            return Err(
                "a jigsaw puzzle needs its region map: give --regions MAP or write \
                        the line as PUZZLE MAP"
                    .into(),
            )
        }
        (VariantName::X, _) if input.shape.is_none() => {
            let n = line.chars().filter(|c| !c.is_whitespace()).count();
            let shape = Shape::from_cell_count(n).ok_or_else(|| {
                format!(
                    "found {n} cells, but an X-sudoku with square boxes has 16, 81 or 256 \
                     (for rectangular boxes give --box RxC)"
                )
            })?;
            (Variant::x(shape), line)
        }
        (_, Some(v)) => (v.clone(), line),
        (_, None) => unreachable!("only a jigsaw may come without a variant"),
    };
    let values = variant.parse(text).map_err(|e| e.to_string())?;
    variant.verify(&values).map_err(|e| e.to_string())?;
    Ok((variant, values))
}

/// Variant puzzles, one per line: solutions or a count, like `solve`.
fn solve_variants(a: &SolveArgs) -> u8 {
    let shape = a.input.shape.unwrap_or(Shape::square(3).expect("3x3"));
    let fixed = match chosen_variant(&a.variant, shape) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("tessera: {e}");
            return 2;
        }
    };
    let Some(lines) = input_lines(&a.input) else {
        return 2;
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut bad = false;
    for (number, line) in lines {
        let result =
            parse_variant_line(&line, &a.variant, &a.input, &fixed).and_then(|(v, values)| {
                let io = |e: io::Error| e.to_string();
                let said = |engine: &str| {
                    if a.verbose {
                        eprintln!("tessera: line {number}: answered by {engine}");
                    }
                };
                if a.count {
                    // The picker's count, as for standard grids.
                    let (n, engine) = v
                        .count_with(&values, a.algorithm, a.max)
                        .map_err(|e| e.to_string())?;
                    writeln!(out, "{n}").map_err(io)?;
                    let _ = out.flush();
                    said(engine);
                    return Ok(());
                }
                let mut search = v
                    .search_with(&values, a.algorithm)
                    .map_err(|e| e.to_string())?;
                let report =
                    |search: &SudokuSearch| said(search.engine().unwrap_or(a.algorithm.name()));
                let max = a.max.unwrap_or(1).min(usize::MAX as u128) as usize;
                let mut solutions = Vec::new();
                while solutions.len() < max {
                    match search.step(1 << 20) {
                        Step::Solution(s) => solutions.push(s),
                        Step::Paused => {}
                        Step::Done => break,
                    }
                }
                report(&search);
                if solutions.is_empty() {
                    writeln!(out, "no solution").map_err(io)?;
                }
                for s in solutions {
                    match a.format {
                        Format::String => writeln!(out, "{}", v.to_line(&s)),
                        Format::Ascii => write!(out, "{}", v.to_layout(&s)),
                        _ => {
                            return Err(format!(
                                "--format {} is not available for variants: use string or ascii",
                                match a.format {
                                    Format::Latex => "latex",
                                    Format::List => "list",
                                    Format::Game => "game",
                                    _ => "matrix",
                                }
                            ))
                        }
                    }
                    .map_err(io)?;
                }
                Ok(())
            });
        if let Err(message) = result {
            let _ = out.flush();
            eprintln!("tessera: line {number}: {message}");
            bad = true;
        }
    }
    if out.flush().is_err() || bad {
        2
    } else {
        0
    }
}

/// Variant puzzles one per line (a jigsaw as PUZZLE MAP, which `solve`
/// reads back), written as they are found.
fn generate_variants(a: &GenerateArgs) -> u8 {
    if a.symmetry != Symmetry::None || a.difficulty.is_some() || a.rating.is_some() {
        eprintln!(
            "tessera: --symmetry, --difficulty and --rating are not available for variants yet"
        );
        return 2;
    }
    let request = match chosen_variant(&a.variant, a.shape) {
        Ok(Some(v)) => variant::generate::Request::Fixed(v),
        Ok(None) => variant::generate::Request::RandomJigsaw(a.shape.size()),
        Err(e) => {
            eprintln!("tessera: {e}");
            return 2;
        }
    };
    let mut options = variant::generate::Options {
        minimal: a.minimal,
        ..variant::generate::Options::new(request, a.seed)
    };
    if let Some(n) = a.attempts {
        options.max_attempts = n;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut stream = variant::generate::Stream::new(&options);
    for _ in 0..a.count {
        match stream.next_puzzle() {
            Ok(g) => {
                let mut line = g.variant.to_line(&g.puzzle);
                if let variant::Kind::Jigsaw(map) = g.variant.kind() {
                    line = format!("{line} {map}");
                }
                if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
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

/// `solve --count` with `--shard`/`--state`: one puzzle (standard, X,
/// jigsaw or Samurai), cut into the puzzle with a few more cells filled
/// (`prefix_parts`, by the variant's units), each part counted by the
/// chosen solver.
fn count_parts(a: &SolveArgs) -> Result<(), Failure> {
    if !a.count {
        return Err(Failure::Input(
            "--shard and --state go with --count (they split a count, not a listing)".into(),
        ));
    }
    a.scale.refuse("--max", a.max.is_some())?;
    let lines = input_lines(&a.input).ok_or_else(|| Failure::Input("no input read".into()))?;
    let [(number, line)] = lines.as_slice() else {
        return Err(Failure::Input(format!(
            "--shard and --state count one puzzle; the input has {}",
            lines.len()
        )));
    };
    let at = |e: String| Failure::Input(format!("line {number}: {e}"));
    let target = target_parts(a.scale.shard().count);
    if a.variant.variant != VariantName::Standard || a.variant.regions.is_some() {
        let shape = a.input.shape.unwrap_or(Shape::square(3).expect("3x3"));
        let fixed = chosen_variant(&a.variant, shape).map_err(Failure::Input)?;
        let (v, values) = parse_variant_line(line, &a.variant, &a.input, &fixed).map_err(at)?;
        v.verify(&values).map_err(|e| at(e.to_string()))?;
        let units: Vec<Vec<usize>> = v.units().iter().map(|u| u.cells.clone()).collect();
        let parts = prefix_parts_by_units(v.size(), &units, &values, target);
        let problem = Problem::new(
            format!("sudoku {} {}", v.name(), v.to_line(&values)),
            &format!("sudoku variant\n{}\n{units:?}\n{values:?}", v.name()),
        );
        return count_each_part(a, &problem, parts.len(), |k| {
            let mut c = v
                .counter(&parts[k], a.algorithm, None)
                .map_err(|e| Failure::Input(e.to_string()))?;
            let n = c.count_solutions(None);
            Ok((n, c.progress().nodes))
        });
    }
    let s = parse_line(line, a.input.shape).map_err(|e| at(e.to_string()))?;
    s.verify().map_err(|e| at(e.to_string()))?;
    let shape = s.shape();
    let parts = prefix_parts(shape, s.cells(), target);
    let text = render(&s, Format::String).map_err(Failure::Input)?;
    let problem = Problem::new(
        format!("sudoku {shape} {text}"),
        &format!("sudoku\n{shape}\n{:?}", s.cells()),
    );
    count_each_part(a, &problem, parts.len(), |k| {
        let mut c = auto::counter(&s.rules(), None, &parts[k], a.algorithm, None);
        let n = c.count_solutions(None);
        Ok((n, c.progress().nodes))
    })
}

/// Count this shard's parts (`count`: part → (solutions, nodes)) with
/// checkpoints, then print the shard's line or the total.
fn count_each_part<F>(
    a: &SolveArgs,
    problem: &Problem,
    parts: usize,
    count: F,
) -> Result<(), Failure>
where
    F: Fn(usize) -> Result<(u128, u64), Failure> + Sync,
{
    let checkpoint = Checkpoint::open(&a.scale, problem, parts)?;
    let todo = checkpoint.todo();
    let checkpoint = Mutex::new(checkpoint);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    run_parts(&checkpoint, &todo, threads, count)?;
    let mut checkpoint = checkpoint.into_inner().expect("checkpoint lock");
    if a.scale.shard.is_some() {
        return print_report(&mut checkpoint);
    }
    checkpoint.save()?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}", checkpoint.total())?;
    out.flush()?;
    Ok(())
}
