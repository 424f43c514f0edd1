//! `tessera sudoku solve`: solutions or counts per line, and counts cut
//! into parts for `--shard` and `--state`.

use super::*;

/// Solve or count one puzzle; returns the engine that answered.
pub(super) fn solve(
    s: &Sudoku,
    a: &SolveArgs,
    out: &mut impl Write,
) -> Result<&'static str, String> {
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

/// `solve --count` with `--shard`/`--state`: one puzzle (standard, X,
/// jigsaw or Samurai), cut into the puzzle with a few more cells filled
/// (`prefix_parts`, by the variant's units), each part counted by the
/// chosen solver.
pub(super) fn count_parts(a: &SolveArgs) -> Result<(), Failure> {
    if !a.count {
        return Err(Failure::Input(
            "--shard and --state go with --count (they split a count, not a listing)".into(),
        ));
    }
    a.scale.refuse("--max", a.max.is_some())?;
    let lines = input_lines(&a.input)?;
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
pub(super) fn count_each_part<F>(
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
