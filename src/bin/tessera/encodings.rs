//! `tessera experiment encodings`: the modeling seed's comparison of SAT
//! encodings (minimal, efficient, extended; `engine::sudoku::encodings`)
//! over a puzzle set — variables, clauses, and the time each solver takes —
//! with Tessera's own CDCL solver and Debian's picosat and minisat.
//!
//! Every solver's answer is decoded and checked: a complete grid that keeps
//! the givens and breaks no rule (`Sudoku::is_solved_by`), the same grid for
//! every encoding and solver, and no second model once it is blocked
//! (unique). Times are wall clock of the first solve only; an external
//! solver's include starting its process.

use crate::failure::{exit_code, Failure};
use clap::Args;
use std::io::{self, BufRead, Write};
use std::process::Command;
use std::time::Instant;
use tessera::engine::sudoku::encodings::{decode, encode, Cnf, Encoding};
use tessera::engine::sudoku::{Shape, Sudoku};

#[derive(Args)]
pub struct EncodingsArgs {
    /// Puzzle file, one per line (Sage's string or a list; '-' or nothing:
    /// standard input)
    file: Option<String>,
    /// Box shape RxC for rectangular boxes
    #[arg(long = "box", value_name = "RxC", value_parser = Shape::parse)]
    shape: Option<Shape>,
    /// Solvers, comma separated: tessera, picosat, minisat (default: tessera
    /// and whichever of the others is installed)
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    solvers: Vec<String>,
    /// Use only the first N puzzles
    #[arg(long, value_name = "N")]
    first: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Solver {
    Tessera,
    Picosat,
    Minisat,
}

impl Solver {
    fn name(self) -> &'static str {
        match self {
            Solver::Tessera => "tessera",
            Solver::Picosat => "picosat",
            Solver::Minisat => "minisat",
        }
    }

    fn installed(self) -> bool {
        match self {
            Solver::Tessera => true,
            _ => Command::new(self.name()).arg("--help").output().is_ok(),
        }
    }
}

/// One solve: the true variables of a model, or `None` (unsatisfiable).
fn external(solver: Solver, cnf: &Cnf, tag: &str) -> Result<Option<Vec<bool>>, String> {
    let dir = std::env::temp_dir();
    let input = dir.join(format!("tessera-enc-{}-{tag}.cnf", std::process::id()));
    let output = dir.join(format!("tessera-enc-{}-{tag}.out", std::process::id()));
    std::fs::write(&input, cnf.dimacs("tessera experiment encodings"))
        .map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let (text, code) = match solver {
        Solver::Picosat => {
            let o = Command::new("picosat")
                .arg(&input)
                .output()
                .map_err(|e| format!("cannot run picosat: {e}"))?;
            (
                String::from_utf8_lossy(&o.stdout).into_owned(),
                o.status.code(),
            )
        }
        Solver::Minisat => {
            let o = Command::new("minisat")
                .arg("-verb=0")
                .arg(&input)
                .arg(&output)
                .output()
                .map_err(|e| format!("cannot run minisat: {e}"))?;
            let text = std::fs::read_to_string(&output).unwrap_or_default();
            let _ = std::fs::remove_file(&output);
            (text, o.status.code())
        }
        Solver::Tessera => unreachable!("not an external solver"),
    };
    let _ = std::fs::remove_file(&input);
    let unsat = code == Some(20)
        || text
            .lines()
            .any(|l| matches!(l.trim(), "s UNSATISFIABLE" | "UNSAT"));
    if unsat {
        return Ok(None);
    }
    if code != Some(10) {
        return Err(format!(
            "{} answered neither SAT nor UNSAT (exit status {code:?})",
            solver.name()
        ));
    }
    let mut model = vec![false; cnf.variables];
    let lits = text
        .lines()
        .filter(|l| l.starts_with("v ") || !l.starts_with(|c: char| c.is_ascii_alphabetic()))
        .flat_map(|l| l.trim_start_matches("v ").split_whitespace())
        .filter_map(|t| t.parse::<i64>().ok());
    for lit in lits {
        if lit > 0 && (lit as usize) <= cnf.variables {
            model[lit as usize - 1] = true;
        }
    }
    Ok(Some(model))
}

/// Solve, time the first solve, and say whether a second model exists.
fn solve(solver: Solver, cnf: &Cnf, tag: &str) -> Result<(Option<Vec<bool>>, f64, bool), String> {
    let start = Instant::now();
    if solver == Solver::Tessera {
        let first = cnf.models(cnf.variables, 1);
        let seconds = start.elapsed().as_secs_f64();
        let two = cnf.models(cnf.variables, 2);
        return Ok((first.into_iter().next(), seconds, two.len() > 1));
    }
    let model = external(solver, cnf, tag)?;
    let seconds = start.elapsed().as_secs_f64();
    let Some(m) = model else {
        return Ok((None, seconds, false));
    };
    // Block this grid (its true cell variables) and ask again.
    let mut blocked = cnf.clone();
    blocked.clauses.push(
        (0..cnf.variables)
            .filter(|&i| m[i])
            .map(|i| -(i as i32 + 1))
            .collect(),
    );
    let again = external(solver, &blocked, tag)?;
    Ok((Some(m), seconds, again.is_some()))
}

fn read_puzzles(a: &EncodingsArgs) -> Result<Vec<Sudoku>, String> {
    let reader: Box<dyn BufRead> = match a.file.as_deref() {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => Box::new(io::BufReader::new(
            std::fs::File::open(path).map_err(|e| format!("cannot open '{path}': {e}"))?,
        )),
    };
    let mut out = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let p = Sudoku::parse(t, a.shape).map_err(|e| format!("line {}: {e}", i + 1))?;
        p.verify().map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(p);
        if a.first.is_some_and(|n| out.len() >= n) {
            break;
        }
    }
    if out.is_empty() {
        return Err("no puzzle in the input".into());
    }
    Ok(out)
}

pub fn run(a: EncodingsArgs) -> u8 {
    exit_code("", table(&a).map_err(Failure::Input))
}

fn table(a: &EncodingsArgs) -> Result<(), String> {
    let solvers: Vec<Solver> = if a.solvers.is_empty() {
        [Solver::Tessera, Solver::Picosat, Solver::Minisat]
            .into_iter()
            .filter(|s| s.installed())
            .collect()
    } else {
        a.solvers
            .iter()
            .map(|name| {
                let s = [Solver::Tessera, Solver::Picosat, Solver::Minisat]
                    .into_iter()
                    .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
                    .ok_or_else(|| {
                        format!("'{name}' is not a solver: choose tessera, picosat or minisat")
                    })?;
                if !s.installed() {
                    return Err(format!(
                        "{} is not installed (Debian: apt-get install {}; `make test-deps` does it)",
                        s.name(),
                        s.name()
                    ));
                }
                Ok(s)
            })
            .collect::<Result<_, _>>()?
    };
    let puzzles = read_puzzles(a)?;
    // The answer every encoding and solver must give, per puzzle.
    let mut answers: Vec<Option<Vec<u8>>> = vec![None; puzzles.len()];
    let mut rows = Vec::new();
    for encoding in Encoding::ALL {
        let mut clauses = 0usize;
        let mut variables = 0usize;
        let mut seconds = vec![0.0f64; solvers.len()];
        for (k, p) in puzzles.iter().enumerate() {
            let cnf = encode(p, encoding);
            let (v, c) = encoding.size(p.shape(), p.clues());
            if (cnf.variables, cnf.clauses.len()) != (v, c) {
                return Err(format!(
                    "puzzle {}: the {encoding} encoding has {} variables and {} clauses, the formula says {v} and {c}",
                    k + 1,
                    cnf.variables,
                    cnf.clauses.len()
                ));
            }
            variables = variables.max(cnf.variables);
            clauses += cnf.clauses.len();
            for (j, &s) in solvers.iter().enumerate() {
                let (model, t, second) = solve(s, &cnf, &format!("{k}-{j}"))?;
                seconds[j] += t;
                let who = format!("puzzle {}, {encoding} encoding, {}", k + 1, s.name());
                let model = model.ok_or_else(|| format!("{who}: unsatisfiable"))?;
                let grid = decode(p.shape(), &model)
                    .ok_or_else(|| format!("{who}: a cell with no digit or several"))?;
                if !p.is_solved_by(&p.with_cells(grid.clone())) {
                    return Err(format!("{who}: the model is not a solution"));
                }
                if second {
                    return Err(format!(
                        "{who}: a second solution (the puzzle is not unique)"
                    ));
                }
                match &answers[k] {
                    None => answers[k] = Some(grid),
                    Some(g) if *g == grid => {}
                    Some(_) => return Err(format!("{who}: another solution than before")),
                }
            }
        }
        rows.push((
            encoding,
            variables,
            clauses as f64 / puzzles.len() as f64,
            seconds,
        ));
    }
    let mut out = io::stdout().lock();
    let io = |e: io::Error| e.to_string();
    writeln!(
        out,
        "{} puzzles; time = wall clock of the first solve, summed over the set (seconds)",
        puzzles.len()
    )
    .map_err(io)?;
    write!(
        out,
        "{:<10} {:>9} {:>12}",
        "encoding", "variables", "clauses"
    )
    .map_err(io)?;
    for s in &solvers {
        write!(out, " {:>10}", s.name()).map_err(io)?;
    }
    writeln!(out).map_err(io)?;
    for (encoding, variables, clauses, seconds) in rows {
        write!(
            out,
            "{:<10} {variables:>9} {clauses:>12.1}",
            encoding.name()
        )
        .map_err(io)?;
        for t in seconds {
            write!(out, " {t:>10.4}").map_err(io)?;
        }
        writeln!(out).map_err(io)?;
    }
    writeln!(
        out,
        "every solver, every encoding: the same unique solution per puzzle, checked against the rules"
    )
    .map_err(io)?;
    Ok(())
}
