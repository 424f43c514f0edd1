//! `tessera polyform`: list, solve and count polyform puzzles; enumerate
//! polyforms. Output follows Polyform Puzzler's solution-file format.

use crate::failure::{exit_code, Failure};
use crate::shard::{print_report, run_parts, Checkpoint, Problem, ShardArgs};
use clap::{Args, Subcommand};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;
use tessera::engine::polyform::enumerate::{count as count_polyforms, max_size};
use tessera::engine::polyform::solve::{count_parallel_explained, Engine};
use tessera::engine::polyform::{
    format, library, svg, Lattice, PolyformError, Puzzle, Solution, SolveOptions, SolveRun,
};
use tessera::engine::search::{Search, Step};
use tessera::engine::shard::{deal_by_weight, target_parts};
use tessera::voxel::solutions;

/// Polyform puzzles: list, solve, enumerate.
#[derive(clap::Args)]
pub struct PolyformArgs {
    #[command(subcommand)]
    command: PolyformCommand,
}

#[derive(Subcommand)]
enum PolyformCommand {
    /// List the puzzles: the library (name, family, cells, pieces, known
    /// counts), then Polyform Puzzler's catalogue (id, family, cells, pieces,
    /// published count)
    List(ListArgs),
    /// Solve a puzzle and print its solutions as a Polyform Puzzler solution file
    Solve(SolveArgs),
    /// Count the polyforms of a family, for every size up to --size
    Enumerate(EnumerateArgs),
    /// Count the catalogue's puzzles (once up to symmetry), each within a
    /// time budget, and write a Markdown report comparing PP's counts
    CountCatalogue(crate::catalogue::CountArgs),
}

#[derive(Args)]
struct ListArgs {
    /// Only this family: a lattice family (polyomino, polyiamond, polyhex,
    /// polycube, polystick, polytrig, polytwig) or a PP piece family
    /// (Pentominoes, Hexiamonds, …)
    #[arg(long)]
    family: Option<String>,
    /// Only puzzles matching every word: id, module, family, piece set,
    /// designer, or a number equal to the cells or pieces
    #[arg(long, value_name = "TEXT")]
    search: Option<String>,
}

#[derive(Args)]
struct SolveArgs {
    /// Puzzle name or Polyform Puzzler class name (see `tessera polyform list`)
    name: String,
    /// Only count the solutions (prints the trailer line)
    #[arg(long)]
    count: bool,
    /// Stop after N solutions
    #[arg(long, short = 'n', visible_alias = "stop-after", value_name = "N")]
    max: Option<u128>,
    /// With --count (and no --max): threads sharing the search (default: all cores)
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// All solutions, symmetric copies included (default: one per symmetry class)
    #[arg(long)]
    all: bool,
    /// Inner search: auto (bitset search where the puzzle allows it,
    /// Dancing Links for stick and trig puzzles and very large regions),
    /// dlx, or bitfill
    #[arg(long, short = 'a', value_name = "NAME", default_value = "auto")]
    algorithm: String,
    /// Build the exact-cover matrix, print its size and stop (Polyform
    /// Puzzler's -d)
    #[arg(long, short = 'd')]
    dry_run: bool,
    /// Draw solutions as SVG: a FILE ending in .svg gets the first solution
    /// (as Polyform Puzzler's -s does), a directory DIR gets every printed
    /// solution as DIR/<name>-<n>.svg
    #[arg(long, short = 's', value_name = "FILE|DIR")]
    svg: Option<PathBuf>,
    /// With --svg: thin lines (Polyform Puzzler's -t)
    #[arg(long, short = 't', requires = "svg")]
    thin_svg: bool,
    /// Write the first solution of a polycube puzzle as an X3D scene to FILE
    /// (Polyform Puzzler's -x)
    #[arg(long, short = 'x', value_name = "FILE")]
    x3d: Option<PathBuf>,
    /// Read solutions from a solution file instead of solving (re-printed and drawn)
    #[arg(
        long,
        short = 'r',
        visible_alias = "read-solution",
        value_name = "FILE"
    )]
    read: Option<PathBuf>,
    /// With --read: only the record numbered N
    #[arg(long, value_name = "N", requires = "read")]
    solution: Option<u128>,
    /// With --count: shards and checkpoints (docs/counting-at-scale.md)
    #[command(flatten)]
    scale: ShardArgs,
}

#[derive(Args)]
struct EnumerateArgs {
    /// polyomino, polyiamond, polyhex, polycube, polystick, polytrig or polytwig
    #[arg(long)]
    family: String,
    /// Largest size counted
    #[arg(long)]
    size: usize,
    /// Count one-sided polyforms (reflections distinct); not for polycubes
    #[arg(long)]
    one_sided: bool,
}

/// Run a `polyform` subcommand; returns the exit code (0 ok, 1 I/O
/// failure, 2 bad input).
pub fn run(args: PolyformArgs) -> u8 {
    let result = match args.command {
        PolyformCommand::List(a) => list(a),
        PolyformCommand::Solve(a) => solve(a),
        PolyformCommand::Enumerate(a) => enumerate(a),
        PolyformCommand::CountCatalogue(a) => crate::catalogue::count(a),
    };
    exit_code("polyform", result)
}

/// Whether a puzzle of lattice `lattice` (and PP family `pp_family`, for
/// catalogue entries) passes `--family`.
fn family_matches(filter: &Option<String>, lattice: Lattice, pp_family: Option<&str>) -> bool {
    match filter {
        None => true,
        Some(f) => {
            Lattice::from_family(f) == Some(lattice)
                || pp_family.is_some_and(|p| p.eq_ignore_ascii_case(f.trim()))
        }
    }
}

fn list(a: ListArgs) -> Result<(), Failure> {
    if let Some(f) = &a.family {
        let known = Lattice::from_family(f).is_some()
            || crate::catalogue::get()
                .entries()
                .iter()
                .any(|e| e.family.eq_ignore_ascii_case(f.trim()));
        if !known {
            return Err(PolyformError::UnknownFamily(f.clone()).into());
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(
        out,
        "{:<28} {:<11} {:>5} {:>6}  known solutions",
        "name", "family", "cells", "pieces"
    )?;
    for p in library::puzzles() {
        if !family_matches(&a.family, p.lattice, None) {
            continue;
        }
        let i = p.info();
        if let Some(q) = &a.search {
            let hay = format!("{} {} {} {}", i.name, i.title, i.family, i.description)
                .to_ascii_lowercase();
            if !q
                .split_whitespace()
                .all(|t| hay.contains(&t.to_ascii_lowercase()))
            {
                continue;
            }
        }
        let known = match &i.known {
            Some(k) => {
                let mut parts = Vec::new();
                if let Some(u) = k.unique {
                    parts.push(format!("{u} unique"));
                }
                if let Some(a) = k.all {
                    parts.push(format!("{a} all"));
                }
                format!("{} ({})", parts.join(", "), k.source)
            }
            None => "-".to_string(),
        };
        writeln!(
            out,
            "{:<28} {:<11} {:>5} {:>6}  {known}",
            i.name, i.family, i.cells, i.pieces
        )?;
    }
    let cat = crate::catalogue::get();
    writeln!(out)?;
    writeln!(
        out,
        "{:<44} {:<11} {:>5} {:>6}  published (Polyform Puzzler's catalogue)",
        "id", "family", "cells", "pieces"
    )?;
    for e in cat.entries() {
        if !family_matches(&a.family, e.lattice, Some(&e.family)) {
            continue;
        }
        if a.search.as_deref().is_some_and(|q| !e.matches(q)) {
            continue;
        }
        let published = match &e.published {
            Some(p) if p.uncertain => format!("{}? ", p.count),
            Some(p) => format!("{} ", p.count),
            None => "- ".to_string(),
        };
        let flag = if e.supported() { "" } else { "(unsupported)" };
        writeln!(
            out,
            "{:<44} {:<11} {:>5} {:>6}  {published}{flag}",
            e.id,
            e.lattice.family(),
            e.cells,
            e.pieces
        )?;
    }
    out.flush()?;
    Ok(())
}

/// A library puzzle by name or title, else a catalogue puzzle by id.
pub fn find_puzzle(name: &str) -> Result<Puzzle, PolyformError> {
    match library::find(name) {
        Ok(p) => Ok(p),
        Err(PolyformError::UnknownPuzzle(_)) => crate::catalogue::get().find(name),
        Err(e) => Err(e),
    }
}

/// Where and how `--svg`, `--thin-svg` and `--x3d` draw solutions.
struct Drawings<'a> {
    svg: Option<&'a Path>,
    style: svg::SvgStyle,
    x3d: Option<&'a Path>,
}

impl<'a> Drawings<'a> {
    fn of(a: &'a SolveArgs, puzzle: &Puzzle) -> Result<Drawings<'a>, Failure> {
        if a.x3d.is_some() && puzzle.lattice != Lattice::Cube {
            return Err(Failure::Input(format!(
                "--x3d draws polycube puzzles; {} is a {} puzzle",
                puzzle.title,
                puzzle.lattice.family()
            )));
        }
        let mut style = svg::SvgStyle::default();
        if a.thin_svg {
            // Polyform Puzzler's thin style: hairline outlines.
            style.outline = 0.5;
        }
        Ok(Drawings {
            svg: a.svg.as_deref(),
            style,
            x3d: a.x3d.as_deref(),
        })
    }

    /// Draw solution `n` (1-based) where asked: a `.svg` file and the X3D
    /// file take the first solution, an SVG directory takes every one.
    fn draw(&self, puzzle: &Puzzle, n: u128, sol: &Solution) -> Result<(), Failure> {
        if let Some(path) = self.svg {
            let single = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
            if !single {
                std::fs::create_dir_all(path)?;
                let file = path.join(format!("{}-{n}.svg", puzzle.name));
                std::fs::write(&file, svg::render_solution(puzzle, sol, &self.style))?;
            } else if n == 1 {
                std::fs::write(path, svg::render_solution(puzzle, sol, &self.style))?;
            }
        }
        if let (Some(path), 1) = (self.x3d, n) {
            std::fs::write(path, solutions::polycube_x3d(puzzle, sol))?;
        }
        Ok(())
    }
}

fn engine_of(name: &str) -> Result<Engine, Failure> {
    match name.to_ascii_lowercase().as_str() {
        "auto" => Ok(Engine::Auto),
        "dlx" => Ok(Engine::Dlx),
        "bitfill" => Ok(Engine::Bitfill),
        other => Err(Failure::Input(format!(
            "unknown --algorithm '{other}': choose auto, dlx or bitfill"
        ))),
    }
}

/// `--dry-run`: the exact-cover matrix's size, as Polyform Puzzler reports
/// it before searching.
fn dry_run(puzzle: &Puzzle) -> Result<(), Failure> {
    let m = puzzle.matrix()?;
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "Solving {}:", puzzle.title)?;
    writeln!(
        out,
        "Exact cover matrix: {} rows, {} columns ({} primary: {} pieces + {} cells; {} secondary)",
        m.rows.len(),
        m.primary.len() + m.secondary.len(),
        m.primary.len(),
        m.cell_base,
        m.region.len(),
        m.secondary.len()
    )?;
    out.flush()?;
    Ok(())
}

fn solve(a: SolveArgs) -> Result<(), Failure> {
    let puzzle = find_puzzle(&a.name)?;
    if a.max == Some(0) {
        return Err(Failure::Input("--max must be at least 1".into()));
    }
    let engine = engine_of(&a.algorithm)?;
    let drawings = Drawings::of(&a, &puzzle)?;
    if a.dry_run {
        return dry_run(&puzzle);
    }
    if let Some(file) = &a.read {
        return read(&puzzle, file, &a, &drawings);
    }
    let start = Instant::now();
    let options = SolveOptions { unique: !a.all };
    let mut out = BufWriter::new(io::stdout().lock());
    if a.threads == Some(0) {
        return Err(Failure::Input("--threads must be at least 1".into()));
    }
    if a.scale.active() {
        if !a.count {
            return Err(Failure::Input(
                "--shard and --state go with --count (they split a count, not a listing)".into(),
            ));
        }
        a.scale.refuse("--max", a.max.is_some())?;
        a.scale.refuse("--read", a.read.is_some())?;
        let threads = a
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        return count_parts(&puzzle, options, engine, threads, &a.scale);
    }
    if a.count && a.max.is_none() {
        let threads = a
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let (n, nodes, proof) = count_parallel_explained(&puzzle, options, engine, threads)?;
        if let Some(proof) = proof {
            eprintln!(
                "No solution, proven without searching: {}.",
                proof.sentence()
            );
        }
        out.write_all(format::trailer(n, nodes, start.elapsed()).as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    let mut session = SolveRun::with_engine(&puzzle, options, &[], engine)?;
    if a.count {
        let n = session.count_solutions(a.max);
        out.write_all(format::trailer(n, session.progress().nodes, start.elapsed()).as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    out.write_all(format::header(&puzzle).as_bytes())?;
    let mut n: u128 = 0;
    while a.max.is_none_or(|m| n < m) {
        match session.step(1 << 16) {
            Step::Solution(sol) => {
                n += 1;
                out.write_all(format::record(&puzzle, n, &sol).as_bytes())?;
                drawings.draw(&puzzle, n, &sol)?;
            }
            Step::Paused => out.flush()?,
            Step::Done => break,
        }
    }
    out.write_all(format::trailer(n, session.progress().nodes, start.elapsed()).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// What a polyform count is, for shard lines and state files: the
/// puzzle's name and options, hashed with its exact-cover rows.
fn problem(session: &SolveRun, options: SolveOptions) -> Problem {
    let puzzle = session.puzzle();
    let m = session.matrix();
    let which = if options.unique { "unique" } else { "all" };
    let description = format!(
        "polyform\n{}\n{which}\n{} rows searched\n{:?}\n{:?}",
        puzzle.name,
        session.rows_searched(),
        m.rows,
        m.placements
    );
    Problem::new(format!("polyform {} {which}", puzzle.name), &description)
}

/// `--count` with `--shard`/`--state`: the search cut into row prefixes
/// (`SolveRun::parts`), this shard's counted on `threads` threads.
fn count_parts(
    puzzle: &Puzzle,
    options: SolveOptions,
    engine: Engine,
    threads: usize,
    scale: &ShardArgs,
) -> Result<(), Failure> {
    let start = Instant::now();
    let root = SolveRun::with_engine(puzzle, options, &[], engine)?;
    let shard = scale.shard();
    let (parts, weights): (Vec<Vec<usize>>, Vec<u64>) = root
        .weighted_parts(target_parts(shard.count))
        .into_iter()
        .unzip();
    let owner = deal_by_weight(&weights, shard.count);
    let mine = (0..parts.len())
        .filter(|&p| owner[p] == shard.index)
        .collect();
    let checkpoint = Checkpoint::open_with(scale, &problem(&root, options), parts.len(), mine)?;
    let todo = checkpoint.todo();
    let checkpoint = Mutex::new(checkpoint);
    run_parts(&checkpoint, &todo, threads, |k| {
        let mut s = root.fork(&parts[k])?;
        let n = s.count_solutions(None);
        Ok((n, s.progress().nodes))
    })?;
    let mut checkpoint = checkpoint.into_inner().expect("checkpoint lock");
    if scale.shard.is_some() {
        return print_report(&mut checkpoint);
    }
    checkpoint.save()?;
    let mut out = BufWriter::new(io::stdout().lock());
    out.write_all(
        format::trailer(checkpoint.total(), checkpoint.nodes(), start.elapsed()).as_bytes(),
    )?;
    out.flush()?;
    Ok(())
}

fn read(puzzle: &Puzzle, file: &Path, a: &SolveArgs, drawings: &Drawings) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::Input(format!("cannot read {}: {e}", file.display())))?;
    let parsed =
        format::parse(&text).map_err(|e| Failure::Input(format!("{}: {e}", file.display())))?;
    let limit = a
        .max
        .map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(usize::MAX));
    let chosen: Vec<&(u128, Solution)> = parsed
        .solutions
        .iter()
        .filter(|(n, _)| a.solution.is_none_or(|k| *n == k))
        .take(limit)
        .collect();
    if let (Some(k), true) = (a.solution, chosen.is_empty()) {
        return Err(Failure::Input(format!(
            "{} has no solution {k} (it has {} records)",
            file.display(),
            parsed.solutions.len()
        )));
    }
    for (n, sol) in chosen.iter().copied() {
        format::check_against(puzzle, sol)
            .map_err(|e| Failure::Input(format!("{}: solution {n}: {e}", file.display())))?;
    }
    let mut out = BufWriter::new(io::stdout().lock());
    out.write_all(format::header(puzzle).as_bytes())?;
    for (n, sol) in chosen {
        out.write_all(format::record(puzzle, *n, sol).as_bytes())?;
        drawings.draw(puzzle, *n, sol)?;
    }
    if let Some((s, searches, duration)) = &parsed.trailer {
        writeln!(
            out,
            "{s} solutions, {searches} searches, duration {duration}"
        )?;
    }
    out.flush()?;
    Ok(())
}

fn enumerate(a: EnumerateArgs) -> Result<(), Failure> {
    let lattice = Lattice::from_family(&a.family)
        .ok_or_else(|| PolyformError::UnknownFamily(a.family.clone()))?;
    if lattice == Lattice::Cube && a.one_sided {
        return Err(Failure::Input(
            "polycubes are counted up to rotation, mirror images already distinct; --one-sided does not apply".into(),
        ));
    }
    if a.size == 0 || a.size > max_size(lattice) {
        return Err(PolyformError::TooLarge {
            what: format!("--size for {}s", lattice.family()),
            size: a.size,
            limit: max_size(lattice),
        }
        .into());
    }
    let start = Instant::now();
    let counts = count_polyforms(lattice, a.size)?;
    let what = match (lattice, a.one_sided) {
        (Lattice::Cube, _) => "polycubes up to rotation (mirror images distinct)".to_string(),
        (_, true) => format!("one-sided {}s", lattice.family()),
        (_, false) => format!("free {}s", lattice.family()),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "# {what}, sizes 1 to {}", a.size)?;
    for (k, c) in counts.iter().enumerate() {
        let v = if lattice == Lattice::Cube || a.one_sided {
            c.one_sided
        } else {
            c.free
        };
        writeln!(out, "{} {v}", k + 1)?;
    }
    out.flush()?;
    eprintln!("# {:.3} s", start.elapsed().as_secs_f64());
    Ok(())
}
