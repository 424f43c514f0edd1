//! `tessera sudoku explain` and `hint`: the logical solver's steps, and
//! the graduated hint for a position.

use super::*;

/// `explain` and `hint` over standard and variant grids (X-sudoku,
/// jigsaw): the same logical solver on the variant's units. Explain
/// prints steps, the exploration tree if any, then the verdict (puzzles
/// after the first preceded by a blank line); hint prints one sentence
/// per position, and at stage 4 the grid after the step.
pub(super) fn explain_lines(
    input: &Input,
    choice: &VariantChoice,
    explain: Option<&ExplainArgs>,
    hint: Option<&HintArgs>,
) -> Result<(), Failure> {
    let shape = input.shape.unwrap_or(Shape::square(3).expect("3x3"));
    let fixed = chosen_variant(choice, shape).map_err(Failure::Input)?;
    let lines = input_lines(input)?;
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
            let board = logic::board_for_variant(&variant, &values).map_err(|e| e.to_string())?;
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
    out.flush().map_err(|e| Failure::Input(e.to_string()))?;
    if bad {
        return Err(Failure::Reported);
    }
    Ok(())
}

/// "129,,3,…": one group of digits per cell (a missing group: no marks).
pub(super) fn parse_marks(text: &str, cells: usize) -> Result<Vec<u64>, String> {
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
