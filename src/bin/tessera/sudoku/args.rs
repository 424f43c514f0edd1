//! The arguments of each `tessera sudoku` subcommand, and their parsers.

use super::*;

#[derive(Args)]
pub(super) struct ColourArgs {
    #[command(flatten)]
    pub(super) input: Input,
    /// dsatur (greedy, an upper bound), exact (search: the chromatic
    /// number) or both
    #[arg(long, value_enum, default_value_t = ColourMethod::Both)]
    pub(super) method: ColourMethod,
    /// Search nodes the exact colouring may use per number of colours tried
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub(super) budget: u64,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum ColourMethod {
    Dsatur,
    Exact,
    Both,
}

#[derive(Args)]
pub(super) struct Input {
    /// File with one puzzle per line ('-' or nothing: standard input).
    /// A line is Sage's string form ('.' or '0' blank, 1-9, a=10 … z=35)
    /// or a comma/space separated list of integers (0 blank). Blank lines
    /// and lines starting with '#' are skipped.
    pub(super) file: Option<String>,
    /// Box shape RxC for rectangular boxes (e.g. 2x3 for 6x6 grids);
    /// default: square boxes inferred from the length
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse)]
    pub(super) shape: Option<Shape>,
    /// Each block of lines between blank lines is one puzzle: the
    /// walkthrough's .game form (`. . 1 | . 4 5 | . 7 .` rows), Sage's ascii
    /// form, or a grid of digits over several lines
    #[arg(long)]
    pub(super) blocks: bool,
}

#[derive(Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub(super) input: Input,
    /// Solver: auto (the band solver on 9x9, dlx elsewhere, sat once dlx stalls or on
    /// 25x25 and larger), dlx (exact cover, Dancing Links), backtrack (bitsets and
    /// singles) or sat (clause learning; solutions in no particular order)
    #[arg(long, short, value_name = "auto|dlx|backtrack|sat", default_value = "auto",
          value_parser = parse_algorithm)]
    pub(super) algorithm: Algorithm,
    /// Report on stderr which engine answered each puzzle (e.g. "sat" when auto
    /// switched); stdout is unchanged
    #[arg(long, short)]
    pub(super) verbose: bool,
    /// At most N solutions per puzzle (default 1; with --count: stop counting at N)
    #[arg(long, value_name = "N")]
    pub(super) max: Option<u128>,
    /// Print the number of solutions instead of the solutions
    #[arg(long)]
    pub(super) count: bool,
    /// Sage's verify_input=False: skip the check for repeated givens (a
    /// puzzle that has some then gets "no solution" / 0 instead of an
    /// error naming the clash); length and entries are still checked
    #[arg(long)]
    pub(super) no_verify_input: bool,
    /// Output format of each solution
    #[arg(long, value_enum, default_value_t = Format::String)]
    pub(super) format: Format,
    #[command(flatten)]
    pub(super) variant: VariantChoice,
    /// With --count on one standard puzzle: shards and checkpoints
    /// (docs/counting-at-scale.md)
    #[command(flatten)]
    pub(super) scale: ShardArgs,
}

/// The variant options shared by solve and generate.
#[derive(Args)]
pub(super) struct VariantChoice {
    /// Sudoku variant (backtrack runs dlx there: variants have no backtracking solver)
    #[arg(long, value_enum, default_value_t = VariantName::Standard)]
    pub(super) variant: VariantName,
    /// Jigsaw region map: one label (letter or digit) per cell, row-major
    #[arg(long, value_name = "MAP")]
    pub(super) regions: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum VariantName {
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
pub(super) struct ShowArgs {
    #[command(flatten)]
    pub(super) input: Input,
    /// Output format
    #[arg(long, value_enum)]
    pub(super) format: Format,
}

#[derive(Args)]
pub(super) struct ExplainArgs {
    #[command(flatten)]
    pub(super) input: Input,
    /// Stop the exploration tree (guessing) after N branches
    #[arg(long, value_name = "N", default_value_t = logic::DEFAULT_BRANCH_LIMIT)]
    pub(super) branches: usize,
    #[command(flatten)]
    pub(super) variant: VariantChoice,
}

#[derive(Args)]
pub(super) struct HintArgs {
    /// File with one position per line: the givens and the player's digits
    #[command(flatten)]
    pub(super) input: Input,
    /// 1: technique and area, 2: the cells, 3: the step, 4: apply it
    #[arg(long, value_name = "1-4", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=4))]
    pub(super) stage: u8,
    /// The puzzle's givens, when the lines carry the player's digits too:
    /// each digit that differs from the solution is named instead of a hint
    #[arg(long, value_name = "PUZZLE")]
    pub(super) givens: Option<String>,
    /// The player's pencil marks: one group of digits per cell, separated by
    /// commas ("", or no group, for a cell without marks)
    #[arg(long, value_name = "MARKS")]
    pub(super) marks: Option<String>,
    #[command(flatten)]
    pub(super) variant: VariantChoice,
}

#[derive(Args)]
pub(super) struct GenerateArgs {
    /// Box shape RxC (2x2 → 4x4 grid, 2x3 → 6x6, 3x3 → 9x9, 4x4 → 16x16)
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse, default_value = "3x3")]
    pub(super) shape: Shape,
    /// Number of puzzles
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(super) count: usize,
    /// Seed: the same seed gives the same puzzles on every platform
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(super) seed: u64,
    /// Demand that no single clue can be removed
    #[arg(long)]
    pub(super) minimal: bool,
    /// Symmetry of the clue pattern
    #[arg(long, value_name = "rot180|mirror|none", default_value = "none", value_parser = parse_symmetry)]
    pub(super) symmetry: Symmetry,
    /// Rating of the logical solver the puzzle must have
    #[arg(long, value_name = "easy|medium|hard|expert", value_parser = parse_rating)]
    pub(super) difficulty: Option<Rating>,
    /// Numeric rating band the puzzle must have, Sudoku Explainer-like
    /// (e.g. 4.0-6.5; the grades are bands of it: easy < 2.5 ≤ medium < 4.2 ≤
    /// hard < 7.0 ≤ expert)
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_score)]
    pub(super) rating: Option<(u16, u16)>,
    /// Fresh grids to try per puzzle before giving up (default 500 up to
    /// 9x9, 10 above; 50 for variants)
    #[arg(long, value_name = "N")]
    pub(super) attempts: Option<u32>,
    #[command(flatten)]
    pub(super) variant: VariantChoice,
}

#[derive(Args)]
pub(super) struct ExportArgs {
    #[command(flatten)]
    pub(super) input: Input,
    /// cnf (DIMACS, SAT), lp (CPLEX LP, integer program), dot / edges (the
    /// Sudoku graph), poly (polynomial system), minizinc (alldifferent)
    #[arg(long, value_name = "cnf|lp|dot|edges|poly|minizinc", value_parser = parse_model)]
    pub(super) format: ModelFormat,
}

pub(super) fn parse_model(s: &str) -> Result<ModelFormat, String> {
    s.parse()
        .map_err(|e: tessera::engine::sudoku::SudokuError| e.to_string())
}

pub(super) fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
        .map_err(|e: tessera::engine::sudoku::SudokuError| e.to_string())
}

pub(super) fn parse_rating(s: &str) -> Result<Rating, String> {
    s.parse()
        .map_err(|e: tessera::engine::sudoku::SudokuError| e.to_string())
}

/// "4.0-6.5" → (40, 65) tenths.
pub(super) fn parse_score(s: &str) -> Result<(u16, u16), String> {
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
pub(super) enum Format {
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

pub(super) fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse::<Algorithm>().map_err(|e| e.to_string())
}

pub(super) fn render(s: &Sudoku, format: Format) -> Result<String, String> {
    Ok(match format {
        Format::String => s.to_sage_string().map_err(|e| e.to_string())?,
        Format::Ascii => s.to_ascii(),
        Format::Latex => s.to_latex(),
        Format::List => s.to_list_string(),
        Format::Matrix => s.to_matrix_string(),
        Format::Game => s.to_game(),
    })
}
