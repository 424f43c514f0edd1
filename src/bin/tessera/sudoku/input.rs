//! Reading puzzle lines (files, stdin, `--blocks`) and printing grids.

use super::*;

/// Parse one input line: an integer list if it has separators, else a Sage string.
pub(super) fn parse_line(line: &str, shape: Option<Shape>) -> Result<Sudoku, String> {
    let sudoku = parse_unverified(line, shape)?;
    sudoku.verify().map_err(|e| e.to_string())?;
    Ok(sudoku)
}

/// [`parse_line`] without the check for repeated givens (Sage's
/// `verify_input=False`; the length and the entries' range are still
/// checked: a grid that breaks them cannot be built).
pub(super) fn parse_unverified(line: &str, shape: Option<Shape>) -> Result<Sudoku, String> {
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

/// Puzzle lines of the input with their 1-based line numbers; an
/// unreadable input is bad input (exit status 2).
pub(super) fn input_lines(input: &Input) -> Result<Vec<(usize, String)>, Failure> {
    let lines = read_lines(&input.file).map_err(|e| Failure::Input(e.to_string()))?;
    Ok(if input.blocks { blocks(lines) } else { lines })
}

/// Consecutive lines (no blank line between them) joined into one puzzle,
/// numbered by its first line. `read_lines` drops blank lines, so a gap in
/// the line numbers is what separates blocks.
pub(super) fn blocks(lines: Vec<(usize, String)>) -> Vec<(usize, String)> {
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

pub(super) fn read_lines(file: &Option<String>) -> io::Result<Vec<(usize, String)>> {
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
