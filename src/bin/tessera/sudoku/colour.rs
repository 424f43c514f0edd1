//! `tessera sudoku colour`: the Sudoku graph coloured greedily and exactly.

use super::*;

/// A colouring as Sage's string when every colour is a symbol (≤ 35),
/// else as a list.
pub(super) fn colours_text(shape: Shape, colours: &[u8]) -> String {
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
pub(super) fn colour(s: &Sudoku, a: &ColourArgs, out: &mut impl Write) -> Result<(), String> {
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
