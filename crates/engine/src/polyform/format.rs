//! Solution files in Polyform Puzzler's format.
//!
//! ```text
//! Solving Pentominoes6x10:
//!
//! solution 1:
//! 0,0 0,1 0,2 0,3 1,0 L
//! 1,1 2,0 2,1 2,2 3,1 X
//! …
//!
//! P P I I I I I V V V
//! …
//!
//! solution 2:
//! …
//! 2339 solutions, 906813 searches, duration 0:19:10.133000
//! ```
//!
//! Each record is `solution N:`, one line per piece (its cells, sorted, then
//! its name; `! NAME` for a piece left out), a blank line, the visual
//! representation, a blank line. Coordinates are zero-padded to the width of
//! the largest coordinate on that axis, as Polyform Puzzler does. The visual
//! representation is a letter grid: y upwards for squares; layers side by
//! side (z = 0 first) for cubes; a skewed grid for triangles and hexagons;
//! `+-N-+` strokes for sticks; for trigs and twigs each segment's name at
//! its midpoint, on a grid of half rows (trigs: points `+`, horizontal
//! segments `-N-`). Only the coordinate lines are read back.

use super::lattice::{Cell, Lattice};
use super::puzzle::Puzzle;
use super::solve::{Placed, Solution};
use super::PolyformError;
use std::collections::HashMap;
use std::fmt::Write;
use std::time::Duration;

/// Digits needed for the largest coordinate on each axis of the region.
pub fn coordinate_widths(region: &[Cell]) -> [usize; 3] {
    let mut w = [1; 3];
    for c in region {
        for k in 0..3 {
            w[k] = w[k].max(c[k].unsigned_abs().to_string().len() + (c[k] < 0) as usize);
        }
    }
    w
}

fn coord(lattice: Lattice, c: Cell, w: [usize; 3]) -> String {
    let f = |v: i32, w: usize| {
        if v < 0 {
            format!("-{:0>width$}", -v, width = w.saturating_sub(1))
        } else {
            format!("{v:0>w$}")
        }
    };
    if lattice.coordinate_count() == 2 {
        format!("{},{}", f(c[0], w[0]), f(c[1], w[1]))
    } else {
        format!("{},{},{}", f(c[0], w[0]), f(c[1], w[1]), f(c[2], w[2]))
    }
}

/// The coordinate line of one piece: `x,y x,y … NAME` or `! NAME`.
pub fn coordinate_line(lattice: Lattice, p: &Placed, widths: [usize; 3]) -> String {
    if p.cells.is_empty() {
        return format!("! {}", p.name);
    }
    let mut cells = p.cells.clone();
    cells.sort_unstable();
    let mut s: Vec<String> = cells.iter().map(|&c| coord(lattice, c, widths)).collect();
    s.push(p.name.clone());
    s.join(" ")
}

/// `H:MM:SS.ffffff`, as Python prints a `timedelta`.
pub fn format_duration(d: Duration) -> String {
    let secs = d.as_secs();
    format!(
        "{}:{:02}:{:02}.{:06}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60,
        d.subsec_micros()
    )
}

/// The header line (followed by a blank line).
pub fn header(puzzle: &Puzzle) -> String {
    format!("Solving {}:\n\n", puzzle.title)
}

/// The trailer line.
pub fn trailer(solutions: u128, searches: u64, duration: Duration) -> String {
    format!(
        "{solutions} solutions, {searches} searches, duration {}\n",
        format_duration(duration)
    )
}

/// One solution record: `solution N:`, coordinates, visual representation.
pub fn record(puzzle: &Puzzle, n: u128, sol: &Solution) -> String {
    let widths = coordinate_widths(&puzzle.region);
    let mut s = format!("solution {n}:\n");
    for p in &sol.pieces {
        s.push_str(&coordinate_line(puzzle.lattice, p, widths));
        s.push('\n');
    }
    s.push('\n');
    s.push_str(&visual(puzzle.lattice, &puzzle.region, sol));
    s.push('\n');
    s
}

/// A whole solution file.
pub fn write_file(
    puzzle: &Puzzle,
    solutions: &[Solution],
    searches: u64,
    duration: Duration,
) -> String {
    let mut s = header(puzzle);
    for (i, sol) in solutions.iter().enumerate() {
        s.push_str(&record(puzzle, i as u128 + 1, sol));
    }
    s.push_str(&trailer(solutions.len() as u128, searches, duration));
    s
}

/// The visual representation of a solution (ends with a newline).
pub fn visual(lattice: Lattice, region: &[Cell], sol: &Solution) -> String {
    let mut at: HashMap<Cell, &str> = HashMap::new();
    for p in &sol.pieces {
        for &c in &p.cells {
            at.insert(c, &p.name);
        }
    }
    let w = sol
        .pieces
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(1);
    let mut cells: Vec<Cell> = region.to_vec();
    cells.extend(at.keys().copied());
    if cells.is_empty() {
        return String::new();
    }
    let lo = |k: usize| cells.iter().map(|c| c[k]).min().unwrap();
    let hi = |k: usize| cells.iter().map(|c| c[k]).max().unwrap();
    let (x0, x1, y0, y1, z0, z1) = (lo(0), hi(0), lo(1), hi(1), lo(2), hi(2));
    let name = |c: Cell| -> String {
        match at.get(&c) {
            Some(n) => format!("{n:<w$}"),
            None => " ".repeat(w),
        }
    };
    let mut out = String::new();
    let omitted = sol.omitted();
    if !omitted.is_empty() {
        let _ = writeln!(out, "({} omitted)", omitted.join(", "));
    }
    let mut lines: Vec<String> = Vec::new();
    match lattice {
        Lattice::Square => {
            for y in (y0..=y1).rev() {
                lines.push(
                    (x0..=x1)
                        .map(|x| name([x, y, 0]))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
        }
        Lattice::Cube => {
            for y in (y0..=y1).rev() {
                let layers: Vec<String> = (z0..=z1)
                    .map(|z| {
                        (x0..=x1)
                            .map(|x| name([x, y, z]))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                lines.push(layers.join("    "));
            }
        }
        Lattice::Hexagon => {
            // Text row 2y + x (y vertical, x sloping up), one slot per x.
            for s in (2 * y0 + x0..=2 * y1 + x1).rev() {
                let line: Vec<String> = (x0..=x1)
                    .map(|x| {
                        if (s - x).rem_euclid(2) == 0 {
                            name([x, (s - x) / 2, 0])
                        } else {
                            " ".repeat(w)
                        }
                    })
                    .collect();
                lines.push(line.join(" "));
            }
        }
        Lattice::Triangle => {
            // Row y; slot 2x + z + y (rows shift right by half a cell).
            let smin = 2 * x0 + y0;
            let smax = 2 * x1 + 1 + y1;
            for y in (y0..=y1).rev() {
                let mut slots = vec![" ".repeat(w); (smax - smin + 1) as usize];
                for x in x0..=x1 {
                    for z in 0..2 {
                        if at.contains_key(&[x, y, z]) || region.binary_search(&[x, y, z]).is_ok() {
                            slots[(2 * x + z + y - smin) as usize] = name([x, y, z]);
                        }
                    }
                }
                lines.push(slots.join(" "));
            }
        }
        Lattice::Stick => {
            // Points '+', horizontal segments "-N-", vertical ones as the name
            // on the line between two point rows.
            let has = |c: Cell| at.contains_key(&c);
            let point = |x: i32, y: i32| {
                has([x, y, 0]) || has([x - 1, y, 0]) || has([x, y, 1]) || has([x, y - 1, 1])
            };
            let px1 = cells.iter().map(|c| c[0] + 1 - c[2]).max().unwrap();
            let py1 = cells.iter().map(|c| c[1] + c[2]).max().unwrap();
            for y in (y0..=py1).rev() {
                let mut row = String::new();
                for x in x0..=px1 {
                    row.push(if point(x, y) { '+' } else { ' ' });
                    if x < px1 {
                        match at.get(&[x, y, 0]) {
                            Some(n) => {
                                let _ = write!(row, "-{n:-<w$}-");
                            }
                            None => row.push_str(&" ".repeat(w + 2)),
                        }
                    }
                }
                lines.push(row);
                if y > y0 {
                    let mut vrow = String::new();
                    for x in x0..=px1 {
                        match at.get(&[x, y - 1, 1]) {
                            Some(n) => {
                                let _ = write!(vrow, "{n:<w$}");
                            }
                            None => vrow.push_str(&" ".repeat(w)),
                        }
                        vrow.push_str(&" ".repeat(3));
                    }
                    lines.push(vrow);
                }
            }
        }
        Lattice::Trig | Lattice::Twig => {
            lines = midpoint_labels(lattice, &at, w);
        }
    }
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let first = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(lines.len());
    for l in &lines[first..] {
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

/// The text picture of trig and twig solutions: each segment's name at its
/// midpoint on a grid of half rows, `w + 1` characters per column. Trigs:
/// row 2y holds points (`+`) and horizontal segments (`-N-`), row 2y + 1 the
/// slanted ones, up-right (z = 1) just right of their lower point and
/// up-left (z = 2) just left of it. Twigs: rows follow the midpoints'
/// heights, the horizontal edges framed by `_`.
fn midpoint_labels(lattice: Lattice, at: &HashMap<Cell, &str>, w: usize) -> Vec<String> {
    // (row, column, text) with rows counted upwards.
    let mut items: Vec<(i32, i32, String)> = Vec::new();
    let name = |n: &str| format!("{n:<w$}");
    for (&[x, y, z], &n) in at {
        match lattice {
            // Fillers span the column gap too, so strokes run unbroken.
            Lattice::Trig => match z {
                0 => {
                    let c = 4 * x + 2 * y;
                    items.push((2 * y, c, format!("+{}", "-".repeat(w))));
                    items.push((2 * y, c + 1, "-".repeat(w + 1)));
                    items.push((2 * y, c + 2, format!("{n:-<w$}-")));
                    items.push((2 * y, c + 3, "-".repeat(w + 1)));
                    items.push((2 * y, c + 4, "+".to_string()));
                }
                1 => items.push((2 * y + 1, 4 * x + 2 * y + 1, name(n))),
                _ => items.push((2 * y + 1, 4 * x + 2 * y - 1, name(n))),
            },
            _ => match z {
                0 => {
                    let (r, c) = (2 * (x + 2 * y) - 2, 2 * x);
                    items.push((r, c - 1, "_".repeat(w)));
                    items.push((r, c, name(n)));
                    items.push((r, c + 1, "_".repeat(w)));
                }
                1 => items.push((2 * (x + 2 * y) - 1, 2 * x - 1, name(n))),
                _ => items.push((2 * (x + 2 * y) - 3, 2 * x - 1, name(n))),
            },
        }
    }
    if items.is_empty() {
        return Vec::new();
    }
    let (r0, r1) = (
        items.iter().map(|i| i.0).min().unwrap(),
        items.iter().map(|i| i.0).max().unwrap(),
    );
    let (c0, c1) = (
        items.iter().map(|i| i.1).min().unwrap(),
        items.iter().map(|i| i.1).max().unwrap(),
    );
    let slot = w + 1;
    let width = (c1 - c0 + 1) as usize * slot;
    let mut grid = vec![vec![' '; width]; (r1 - r0 + 1) as usize];
    // Names last, so that fillers never hide them; a point never erased.
    let rank = |t: &str| match t {
        "+" => 1,
        _ if t.chars().all(|ch| matches!(ch, '-' | '_' | '+')) => 0,
        _ => 2,
    };
    items.sort_by_key(|(_, _, t)| rank(t));
    for (r, c, text) in items {
        let row = &mut grid[(r1 - r) as usize];
        let start = (c - c0) as usize * slot;
        for (k, ch) in text.chars().enumerate() {
            if start + k < width {
                row[start + k] = ch;
            }
        }
    }
    grid.into_iter().map(|r| r.into_iter().collect()).collect()
}

/// A solution file read back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolutionFile {
    /// The title after `Solving` (without the colon).
    pub title: String,
    /// The records, in order, with their numbers.
    pub solutions: Vec<(u128, Solution)>,
    /// The trailer: (solutions, searches, duration text), if present.
    pub trailer: Option<(u128, u64, String)>,
}

fn parse_cell(tok: &str, line: usize) -> Result<Cell, PolyformError> {
    let parts: Vec<&str> = tok.split(',').collect();
    let bad = || PolyformError::Parse {
        line,
        message: format!("'{tok}' is not a coordinate like 3,4 or 3,4,1"),
    };
    if parts.len() != 2 && parts.len() != 3 {
        return Err(bad());
    }
    let mut c = [0; 3];
    for (k, p) in parts.iter().enumerate() {
        c[k] = p.trim().parse().map_err(|_| bad())?;
    }
    Ok(c)
}

/// Read a solution file. Cells with two coordinates get z = 0.
pub fn parse(text: &str) -> Result<SolutionFile, PolyformError> {
    let mut file = SolutionFile::default();
    let mut current: Option<(u128, Solution)> = None;
    let mut in_coords = false;
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.trim_end();
        if let Some(rest) = line.strip_prefix("Solving ") {
            if file.title.is_empty() {
                file.title = rest.trim_end_matches(':').trim().to_string();
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("solution ") {
            if let Some(n) = rest
                .strip_suffix(':')
                .and_then(|n| n.trim().parse::<u128>().ok())
            {
                if let Some(done) = current.take() {
                    file.solutions.push(done);
                }
                current = Some((n, Solution::default()));
                in_coords = true;
                continue;
            }
        }
        if let Some(t) = parse_trailer(line) {
            file.trailer = Some(t);
            in_coords = false;
            continue;
        }
        if line.trim().is_empty() {
            in_coords = false;
            continue;
        }
        if in_coords {
            let toks: Vec<&str> = line.split_whitespace().collect();
            let (name, coords) = toks.split_last().expect("non-empty line");
            let mut cells = Vec::new();
            if coords != ["!"] {
                for t in coords {
                    if t.ends_with('i') {
                        continue; // old-style stick intersections
                    }
                    cells.push(parse_cell(t, ln)?);
                }
                if cells.is_empty() {
                    return Err(PolyformError::Parse {
                        line: ln,
                        message: format!("piece {name} has no coordinates"),
                    });
                }
            }
            cells.sort_unstable();
            let sol = &mut current.as_mut().expect("in a record").1;
            sol.pieces.push(Placed {
                name: name.to_string(),
                cells,
            });
        }
    }
    if let Some(done) = current.take() {
        file.solutions.push(done);
    }
    if file.solutions.is_empty() {
        return Err(PolyformError::Parse {
            line: 0,
            message: "no 'solution N:' record found".into(),
        });
    }
    Ok(file)
}

fn parse_trailer(line: &str) -> Option<(u128, u64, String)> {
    let (n, rest) = line.split_once(" solutions, ")?;
    let (s, rest) = rest.split_once(" searches, duration ")?;
    Some((
        n.trim().parse().ok()?,
        s.trim().parse().ok()?,
        rest.trim().to_string(),
    ))
}

/// Check that a solution read back fits the puzzle: known piece names, each
/// at most once (unless reusable), cells inside the region, no overlaps.
pub fn check_against(puzzle: &Puzzle, sol: &Solution) -> Result<(), PolyformError> {
    let mut seen: HashMap<Cell, &str> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    let bad = |m: String| {
        Err(PolyformError::Parse {
            line: 0,
            message: m,
        })
    };
    for p in &sol.pieces {
        if puzzle.piece_index(&p.name).is_none() {
            return bad(format!(
                "piece '{}' is not in puzzle {}",
                p.name, puzzle.name
            ));
        }
        if !puzzle.reuse && names.contains(&p.name.as_str()) {
            return bad(format!("piece '{}' appears twice", p.name));
        }
        names.push(&p.name);
        for &c in &p.cells {
            if puzzle.region.binary_search(&c).is_err() {
                return bad(format!(
                    "piece '{}' has cell {c:?} outside the region",
                    p.name
                ));
            }
            if let Some(other) = seen.insert(c, &p.name) {
                return bad(format!(
                    "pieces '{other}' and '{}' overlap at {c:?}",
                    p.name
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(
            format_duration(Duration::from_micros(1_150_133_000)),
            "0:19:10.133000"
        );
        assert_eq!(
            format_duration(Duration::from_secs(3600 * 25 + 61)),
            "25:01:01.000000"
        );
    }

    #[test]
    fn padding() {
        let w = coordinate_widths(&[[19, 2, 0]]);
        assert_eq!(coord(Lattice::Square, [3, 1, 0], w), "03,1");
    }
}
