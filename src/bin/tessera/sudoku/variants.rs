//! `tessera sudoku solve --variant …`: X, jigsaw and Samurai lines.

use super::*;

/// The variant a `--variant` / `--regions` pair asks for (`None` for a
/// jigsaw without a map: each line or generated puzzle brings its own).
pub(super) fn chosen_variant(c: &VariantChoice, shape: Shape) -> Result<Option<Variant>, String> {
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
pub(super) fn parse_variant_line(
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
pub(super) fn solve_variants(a: &SolveArgs) -> Result<(), Failure> {
    let shape = a.input.shape.unwrap_or(Shape::square(3).expect("3x3"));
    let fixed = chosen_variant(&a.variant, shape).map_err(Failure::Input)?;
    let lines = input_lines(&a.input)?;
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
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}
