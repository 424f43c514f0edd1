//! Puzzle links players bring from f-puzzles and SudokuPad, read where the
//! puzzle is one Tessera plays: a classic grid (4×4, 6×6, 8×8, 9×9, 12×12,
//! 16×16 with the usual boxes), X-sudoku (both diagonals) or a 9×9 jigsaw.
//!
//! - f-puzzles: `…f-puzzles.com/?load=<data>`, where `<data>` is lz-string's
//!   `compressToBase64` of a JSON object: `size`, `grid` (rows of cells,
//!   each with `value` and `given`, maybe `region`), `diagonal+`/`diagonal-`,
//!   and one array per other constraint (`killercage`, `thermometer`, …).
//! - SudokuPad: `…sudokupad.app/<data>` or `…?puzzle=<data>`, where `<data>`
//!   starts with its encoding: `fpuzzles` (the f-puzzles data above), `scl`
//!   or `ctc` (lz-string-compressed JSON, plain or in SudokuPad's packed
//!   form, see [`super::packed`]: `cells`, rows of cells with `value`,
//!   `regions` as lists of `[row, col]`, and `cages`, `lines`, `arrows`,
//!   `underlays`, `overlays` for everything else; cages without cells
//!   whose text starts `title:`, `author:`, `rules:`… carry the puzzle's
//!   metadata). A short id names a puzzle on SudokuPad's server, which an
//!   offline app cannot fetch.
//!
//! Only givens are read (a solver's digits and pencil marks in the link are
//! not); anything beyond the grid's rules is refused with a message that
//! names it, since playing such a puzzle without its constraints would be
//! a different puzzle.

use serde_json::{Map, Value};
use tessera_engine::sudoku::variant::RegionMap;
use tessera_engine::sudoku::Shape;

/// The puzzle a link holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkPuzzle {
    Classic {
        shape: Shape,
        cells: Vec<u8>,
    },
    X {
        cells: Vec<u8>,
    },
    /// 81 region labels `a`–`i` (the variant editor's map) and the givens.
    Jigsaw {
        regions: String,
        cells: Vec<u8>,
    },
}

/// A link read: the puzzle, which site's format it was, and its title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkImport {
    pub puzzle: LinkPuzzle,
    pub site: &'static str,
    pub title: Option<String>,
}

impl LinkImport {
    /// The grid's side and its givens, row-major (0 = empty).
    pub fn grid(&self) -> (usize, &[u8]) {
        match &self.puzzle {
            LinkPuzzle::Classic { shape, cells } => (shape.size(), cells),
            LinkPuzzle::X { cells } | LinkPuzzle::Jigsaw { cells, .. } => (9, cells),
        }
    }

    /// "Imported "Title" from f-puzzles: a 9×9 X-sudoku with 28 givens."
    pub fn note(&self) -> String {
        let (kind, cells) = match &self.puzzle {
            LinkPuzzle::Classic { shape, cells } => {
                (format!("{n}×{n} classic Sudoku", n = shape.size()), cells)
            }
            LinkPuzzle::X { cells } => ("9×9 X-sudoku".to_string(), cells),
            LinkPuzzle::Jigsaw { cells, .. } => ("9×9 jigsaw".to_string(), cells),
        };
        let clues = cells.iter().filter(|&&v| v != 0).count();
        let title = self
            .title
            .as_deref()
            .map(|t| format!(" “{t}”"))
            .unwrap_or_default();
        format!(
            "Imported{title} from {}: a {kind} with {}.",
            self.site,
            crate::model::format::plural(clues as u128, "given", "givens")
        )
    }
}

/// Longer text is refused before decompressing: a classic grid's link is a
/// few thousand characters, and lz-string's output can grow with the
/// square of its input.
pub const MAX_LINK_CHARS: usize = 20_000;

/// Does this text look like an f-puzzles or SudokuPad link (or their bare
/// data)? Grid text (digits, dots, spaces) never does.
pub fn is_puzzle_link(text: &str) -> bool {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    lower.contains("f-puzzles.com")
        || lower.contains("sudokupad.app")
        || lower.contains("crackingthecryptic.com")
        || (!t.contains(char::is_whitespace)
            && t.len() > 20
            && ["fpuzzles", "scl", "ctc"]
                .iter()
                .any(|p| t.starts_with(p) && t[p.len()..].starts_with(char::is_alphanumeric)))
}

/// Read a link (see the module's documentation); the error says what was
/// not understood or is not supported, in players' words.
pub fn parse_link(text: &str) -> Result<LinkImport, String> {
    let t = text.trim();
    if t.chars().count() > MAX_LINK_CHARS {
        return Err(format!(
            "this link is {} characters long; a classic grid's link is far shorter, so it holds more than Tessera can play (at most {MAX_LINK_CHARS} characters are read)",
            t.chars().count()
        ));
    }
    let lower = t.to_ascii_lowercase();
    if lower.contains("f-puzzles.com") {
        let data = query_param(t, "load")
            .ok_or("this f-puzzles link has no puzzle in it (the puzzle comes after “?load=”)")?;
        return fpuzzles(&data, "f-puzzles");
    }
    let data = if lower.contains("sudokupad.app") || lower.contains("crackingthecryptic.com") {
        match query_param(t, "puzzle") {
            Some(d) => d,
            None => {
                let path = after_host(t);
                let path = path.split(['?', '#']).next().unwrap_or("");
                let path = path.trim_start_matches('/');
                let path = path
                    .strip_prefix("sudoku/")
                    .or_else(|| path.strip_prefix("puzzle/"))
                    .unwrap_or(path);
                percent_decode(path)
            }
        }
    } else {
        t.to_string()
    };
    sudokupad(&data)
}

/// SudokuPad's data: an encoding prefix, then the puzzle.
fn sudokupad(data: &str) -> Result<LinkImport, String> {
    let data = data.trim();
    if data.is_empty() {
        return Err("this SudokuPad link has no puzzle in it".into());
    }
    if let Some(rest) = data.strip_prefix("fpuzzles") {
        return fpuzzles(rest, "SudokuPad (f-puzzles data)");
    }
    for prefix in ["scl", "ctc"] {
        if let Some(rest) = data.strip_prefix(prefix) {
            let text = decompress(rest).ok_or_else(|| {
                format!("the SudokuPad data after “{prefix}” could not be decompressed (is the link complete?)")
            })?;
            return read_sudokupad(&text).map_err(|e| {
                format!(
                    "the SudokuPad data after “{prefix}” decompressed, but its puzzle could not be read: {e}"
                )
            });
        }
    }
    if data.starts_with("scf") {
        return Err("this SudokuPad link uses its older compact format (“scf”), which is not read yet; paste the grid as 81 characters instead".into());
    }
    if data.len() <= 40
        && data
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "“{data}” is a short SudokuPad id: the puzzle itself is stored on SudokuPad's server, which Tessera does not contact; paste a link that carries the puzzle (f-puzzles, or SudokuPad's “scl”/“fpuzzles” links) or the grid as 81 characters"
        ));
    }
    let start: String = data.chars().take(8).collect();
    Err(format!(
        "unknown SudokuPad encoding (the data starts “{start}…”); links whose data starts with “fpuzzles”, “scl” or “ctc” are read"
    ))
}

/// SudokuPad's puzzle once decompressed: plain JSON, or its packed form
/// ([`super::packed`]).
pub fn read_sudokupad(text: &str) -> Result<LinkImport, String> {
    let value = match serde_json::from_str::<Value>(text) {
        Ok(v) => v,
        Err(_) => super::packed::unpack(text)?,
    };
    scl(&value)
}

/// lz-string's `decompressFromBase64`, as text; `None` if it fails.
fn decompress(data: &str) -> Option<String> {
    // A `+` in a link may arrive as a space (form encoding).
    let data = percent_decode(data.trim()).replace(' ', "+");
    let wide = lz_str::decompress_from_base64(&data)?;
    let text = String::from_utf16(&wide).ok()?;
    (!text.is_empty()).then_some(text)
}

/// The value of `name=` in the link's query (or fragment), decoded.
fn query_param(link: &str, name: &str) -> Option<String> {
    let start = link.find(['?', '#'])?;
    link[start + 1..]
        .split(['&', '?', '#'])
        .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
        .map(percent_decode)
        .filter(|v| !v.is_empty())
}

fn after_host(link: &str) -> &str {
    let rest = link.split_once("://").map_or(link, |(_, r)| r);
    rest.find('/').map_or("", |i| &rest[i..])
}

/// `%2B` → `+` etc.; a malformed escape stays as it is.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            if let Some(b) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The usual boxes of an `n × n` grid, as f-puzzles and SudokuPad draw
/// them: as tall as the largest divisor of `n` up to its square root.
fn default_shape(n: usize) -> Option<Shape> {
    let rows = (1..=n)
        .filter(|r| r * r <= n && n.is_multiple_of(*r))
        .max()?;
    if rows < 2 {
        return None;
    }
    Shape::new(rows, n / rows)
}

fn supported_shape(n: usize) -> Result<Shape, String> {
    match n {
        4 | 6 | 8 | 9 | 12 | 16 => {
            default_shape(n).ok_or_else(|| format!("a {n}×{n} grid is not supported"))
        }
        _ => Err(format!(
            "a {n}×{n} grid is not one Tessera plays from a link (4×4, 6×6, 8×8, 9×9, 12×12 and 16×16 are)"
        )),
    }
}

/// A number from JSON: `5` or `"5"`.
fn number(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| v.as_str()?.trim().parse().ok())
}

/// Is this JSON value "something" (a constraint actually used)?
fn present(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Number(_) => true,
    }
}

fn title_of(o: &Map<String, Value>) -> Option<String> {
    o.get("title")
        .or_else(|| o.get("metadata").and_then(|m| m.get("title")))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.chars().take(80).collect())
}

/// f-puzzles' names for its constraints, in players' words.
fn fpuzzles_name(key: &str) -> String {
    match key {
        "killercage" => "killer cages",
        "thermometer" => "thermometers",
        "arrow" => "arrows",
        "littlekillersum" => "little killer sums",
        "sandwichsum" => "sandwich sums",
        "antiknight" => "anti-knight",
        "antiking" => "anti-king",
        "nonconsecutive" => "non-consecutive",
        "disjointgroups" => "disjoint groups",
        "extraregion" => "extra regions",
        "difference" => "difference (white) dots",
        "ratio" => "ratio (black) dots",
        "xv" => "XV",
        "odd" => "odd cells",
        "even" => "even cells",
        "palindrome" => "palindromes",
        "clone" => "clones",
        "quadruple" => "quadruples",
        "betweenline" => "between lines",
        "minimum" => "minimum cells",
        "maximum" => "maximum cells",
        "line" | "rectangle" | "circle" | "text" | "cage" => "drawn lines, shapes or text",
        "diagonal+" | "diagonal-" => "one diagonal only",
        other => other,
    }
    .to_string()
}

fn unsupported(names: Vec<String>, site: &str) -> String {
    let mut names = names;
    names.dedup();
    format!(
        "this {site} puzzle has rules beyond a classic or X grid ({}); Tessera plays classic, X and jigsaw grids only",
        names.join(", ")
    )
}

/// f-puzzles' JSON, compressed.
fn fpuzzles(data: &str, site: &'static str) -> Result<LinkImport, String> {
    let json = decompress(data).ok_or_else(|| {
        format!("the {site} data could not be decompressed (is the link complete?)")
    })?;
    let value: Value = serde_json::from_str(&json)
        .map_err(|e| format!("the {site} data is not the JSON f-puzzles writes ({e})"))?;
    let o = value
        .as_object()
        .ok_or_else(|| format!("the {site} data is not an f-puzzles puzzle (no object)"))?;
    let n = o
        .get("size")
        .and_then(number)
        .ok_or_else(|| format!("the {site} puzzle has no “size”"))? as usize;
    let shape = supported_shape(n)?;
    let grid = o
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("the {site} puzzle has no “grid”"))?;
    if grid.len() != n {
        return Err(format!(
            "the {site} grid has {} rows; its size says {n}",
            grid.len()
        ));
    }
    let mut cells = vec![0u8; n * n];
    let mut regions = vec![0usize; n * n];
    let mut irregular = false;
    for (r, row) in grid.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| format!("row {} of the {site} grid does not have {n} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            let i = r * n + c;
            let default = (r / shape.box_rows) * (n / shape.box_cols) + c / shape.box_cols;
            regions[i] = default;
            let Some(cell) = cell.as_object() else {
                continue;
            };
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let Some(v) = cell.get("value").and_then(number) {
                if v == 0 || v as usize > n {
                    return Err(format!(
                        "r{}c{} of the {site} grid holds {v}, not a symbol 1–{n}",
                        r + 1,
                        c + 1
                    ));
                }
                if given {
                    cells[i] = v as u8;
                }
            }
            if let Some(reg) = cell.get("region") {
                let reg = number(reg).filter(|&x| (x as usize) < n).ok_or_else(|| {
                    format!(
                        "r{}c{} of the {site} grid names a region outside 0–{}",
                        r + 1,
                        c + 1,
                        n - 1
                    )
                })? as usize;
                irregular |= reg != default;
                regions[i] = reg;
            }
        }
    }
    const FINE: [&str; 7] = [
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "highlightConflicts",
    ];
    let mut extra: Vec<String> = o
        .iter()
        .filter(|(k, v)| !FINE.contains(&k.as_str()) && !k.starts_with("diagonal") && present(v))
        .map(|(k, _)| fpuzzles_name(k))
        .collect();
    let plus = o.get("diagonal+").is_some_and(present);
    let minus = o.get("diagonal-").is_some_and(present);
    if plus != minus {
        extra.push(fpuzzles_name("diagonal+"));
    }
    if (plus || irregular) && n != 9 {
        extra.push(if irregular {
            format!("irregular regions on a {n}×{n} grid")
        } else {
            format!("diagonals on a {n}×{n} grid")
        });
    }
    if plus && minus && irregular {
        extra.push("diagonals with irregular regions".into());
    }
    if !extra.is_empty() {
        extra.sort();
        return Err(unsupported(extra, site));
    }
    let puzzle = if irregular {
        LinkPuzzle::Jigsaw {
            regions: region_labels(&regions)?,
            cells,
        }
    } else if plus && minus {
        LinkPuzzle::X { cells }
    } else {
        LinkPuzzle::Classic { shape, cells }
    };
    Ok(LinkImport {
        puzzle,
        site,
        title: title_of(o),
    })
}

/// Region numbers 0–8 per cell → the editor's labels, checked as a map.
fn region_labels(regions: &[usize]) -> Result<String, String> {
    let labels: String = regions
        .iter()
        .map(|&r| char::from(b'a' + r as u8))
        .collect();
    RegionMap::parse(&labels)
        .map(|m| m.to_string())
        .map_err(|e| format!("the regions in the link are not a jigsaw Tessera can play: {e}"))
}

/// SudokuPad's JSON (`scl` / `ctc`).
fn scl(value: &Value) -> Result<LinkImport, String> {
    let site = "SudokuPad";
    let o = value
        .as_object()
        .ok_or("the SudokuPad data is not a puzzle (no object)")?;
    let rows = o
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("the SudokuPad puzzle has no “cells”")?;
    let n = rows.len();
    let shape = supported_shape(n)?;
    let mut cells = vec![0u8; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
            format!(
                "row {} of the SudokuPad grid does not have {n} cells",
                r + 1
            )
        })?;
        for (c, cell) in row.iter().enumerate() {
            // SudokuPad writes `value`; `v` is its packed abbreviation.
            let given = cell.get("value").or_else(|| cell.get("v"));
            if let Some(given) = given.filter(|g| present(g)) {
                let v = number(given).ok_or_else(|| {
                    format!(
                        "r{}c{} of the SudokuPad grid holds {given}, not a symbol 1–{n}",
                        r + 1,
                        c + 1
                    )
                })?;
                if v == 0 || v as usize > n {
                    return Err(format!(
                        "r{}c{} of the SudokuPad grid holds {v}, not a symbol 1–{n}",
                        r + 1,
                        c + 1
                    ));
                }
                cells[r * n + c] = v as u8;
            }
        }
    }
    let names = [
        ("cages", "cages (killer sums and the like)"),
        ("lines", "lines (thermometers, diagonals, …)"),
        ("arrows", "arrows"),
        ("underlays", "shaded cells or circles"),
        ("overlays", "dots, circles or text on the grid"),
    ];
    // Cages without cells whose text is `key: …` are SudokuPad's metadata
    // (title, author, rules, solution), not constraints.
    let (meta, cages): (Vec<&Value>, Vec<&Value>) = o
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .partition(|cage| metadata(cage).is_some());
    let extra: Vec<String> = names
        .iter()
        .filter(|(k, _)| {
            if *k == "cages" {
                !cages.is_empty()
            } else {
                o.get(*k).is_some_and(present)
            }
        })
        .map(|(_, name)| (*name).to_string())
        .collect();
    if !extra.is_empty() {
        return Err(unsupported(extra, site));
    }
    // Regions: absent or the usual boxes → classic; nine other 9-cell
    // regions on a 9×9 → jigsaw.
    let mut region = vec![usize::MAX; n * n];
    let boxes = |i: usize| {
        let (r, c) = (i / n, i % n);
        (r / shape.box_rows) * (n / shape.box_cols) + c / shape.box_cols
    };
    let mut irregular = false;
    if let Some(list) = o
        .get("regions")
        .and_then(Value::as_array)
        .filter(|l| !l.is_empty())
    {
        if list.len() != n {
            return Err(format!(
                "the SudokuPad puzzle has {} regions; a {n}×{n} grid needs {n}",
                list.len()
            ));
        }
        for (k, cells_of) in list.iter().enumerate() {
            for rc in cells_of.as_array().into_iter().flatten() {
                let pair = rc.as_array().filter(|p| p.len() == 2);
                let (r, c) = match pair.map(|p| (number(&p[0]), number(&p[1]))) {
                    Some((Some(r), Some(c))) if (r as usize) < n && (c as usize) < n => {
                        (r as usize, c as usize)
                    }
                    _ => {
                        return Err(format!(
                            "region {} of the SudokuPad puzzle lists a cell outside the grid",
                            k + 1
                        ))
                    }
                };
                region[r * n + c] = k;
            }
        }
        if let Some(i) = region.iter().position(|&k| k == usize::MAX) {
            return Err(format!(
                "r{}c{} is in no region of the SudokuPad puzzle",
                i / n + 1,
                i % n + 1
            ));
        }
        // Same partition as the boxes (whatever the numbering)?
        irregular = (0..n * n)
            .any(|a| (0..n * n).any(|b| (region[a] == region[b]) != (boxes(a) == boxes(b))));
    }
    let puzzle = if irregular {
        if n != 9 {
            return Err(unsupported(
                vec![format!("irregular regions on a {n}×{n} grid")],
                site,
            ));
        }
        LinkPuzzle::Jigsaw {
            regions: region_labels(&region)?,
            cells,
        }
    } else {
        LinkPuzzle::Classic { shape, cells }
    };
    let title = title_of(o).or_else(|| {
        meta.iter()
            .filter_map(|cage| metadata(cage))
            .find(|(key, _)| key == "title")
            .map(|(_, text)| text.chars().take(80).collect())
    });
    Ok(LinkImport {
        puzzle,
        site,
        title,
    })
}

/// A SudokuPad metadata cage: no cells, and text `key: value` with a
/// one-word key (`title: Miracle`) → `("title", "Miracle")`.
fn metadata(cage: &Value) -> Option<(String, String)> {
    if cage.get("cells").is_some_and(present) {
        return None;
    }
    let text = cage.get("value")?.as_str()?;
    let (key, rest) = text.split_once(':')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| (key.to_ascii_lowercase(), rest.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sage's first documented puzzle, the grid the vectors below hold.
    const SAGE_A: &str =
        "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

    fn sage_a() -> Vec<u8> {
        SAGE_A
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    }

    // Made with the npm `lz-string` 1.5.0 package's `compressToBase64` (MIT)
    // from JSON written for these tests (no puzzle taken from anywhere):
    // SAGE_A as f-puzzles JSON (givens with `given: true`, plus r1c2 = 1
    // entered by a solver, not a given), the same with a killer cage, and
    // SAGE_A as SudokuPad JSON (`cells` with `v`). The script is
    // `scripts/lz-vectors.cjs`.
    const FP_CLASSIC: &str = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACAYywEMxIyRVKBXNACwHsAnBAosGDyiTRE0YeiADmHCABMEAbXmgAbpSyNcAVlQSIymADsEaDhoC+yFWo0IAjBeAOHIVetwAOHXsPHTMJ5bOrjbwACxe+kbwJuaWLta4KJLeUTH+ALrISgGOccFaET7Rfjk58W4IAMyFqSWBmdl5CQgAbDW+sVYV8ADs7cWd5SHVyZEd/oGTudNDuLb9aWYNXSHzo0WLTd3a67WdpVOlywcruABMC3Uz+Qieu+MnS1nTj4dbq5eDN/B3umMDGWeswQfXuANe12aYU+E1OdhhQShOz+GyuT0acPgIxRe1hJ2B8AuYM2L3qQO+4WJVwJSRxDzemORKXppMh3WxzPB6XSZiAA";
    const FP_KILLER: &str = "N4IgzglgXgpiBcBOANCALhNAbO8QBUYw0ACAYywEMxIyRVKBXNACwHsAnBAosGDyiTRE0YeiADmHCABMEAbXmgAbpSyNcAVlQSIymADsEaDhoC+yFWo0IAjBeAOHIVetwAOHXsPHTMJ5bOrjbwACxe+kbwJuaWLta4KJLeUTH+ALrISgGOccFaET7Rfjk58W4IAMyFqSWBmdl5CQgAbDW+sVYV8ADs7cWd5SHVyZEd/oGTudNDuLb9aWYNXSHzo0WLTd3a67WdpVOlywcruABMC3Uz+Qieu+MnS1nTj4dbq5eDN/B3umMDGWeswQfXuANe12aYU+E1OdhhQShOz+GyuT0acPgIxRe1hJ2B8AuYM2L3qQO+4WJVwJSRxDzemORKXppMh3WxzPB6UyIAA1hAsDgOGRKBJcEoQGQYIKxPB5CAAEq2ADCtnESuVZxAPO+IEQICWZiAA=";
    const SCL_CLASSIC: &str = "N4IglgJiBcIC4gDQgMYFMA2GDOMDaeoAbjAKwC+iwl1VNIJ0AHDa1QzACz2MCc5AXUSE2tYmVGiO0AMyshI9owBsPGAHY1syXV3joARkHD9RpRL06x8k1ekAmKYxaW6C6649jpZ/S3fSmp5OXFq+0hRutubawTGOwQGM3DH8nhFWWnICAuRAA===";

    #[test]
    fn the_crate_matches_the_javascript_lz_string() {
        // The npm package compresses "Hello, world" to this; the crate
        // reads it, and what the crate writes (one more `=` of padding)
        // reads back the same.
        assert_eq!(
            decompress("BIUwNmD2A0AEDukBOYAmQ===").as_deref(),
            Some("Hello, world")
        );
        let ours = lz_str::compress_to_base64("Hello, world");
        assert_eq!(ours.trim_end_matches('='), "BIUwNmD2A0AEDukBOYAmQ");
        assert_eq!(decompress(&ours).as_deref(), Some("Hello, world"));
    }

    #[test]
    fn an_f_puzzles_link_gives_its_givens_only() {
        let link = format!("https://www.f-puzzles.com/?load={FP_CLASSIC}");
        assert!(is_puzzle_link(&link));
        let got = parse_link(&link).unwrap();
        assert_eq!(
            got.puzzle,
            LinkPuzzle::Classic {
                shape: Shape::NINE,
                cells: sage_a()
            }
        );
        assert_eq!(got.title.as_deref(), Some("Test classic"));
        assert_eq!(got.site, "f-puzzles");
        assert!(got.note().contains("26 givens"), "{}", got.note());
        // Percent-encoded, as some browsers copy it, and via SudokuPad.
        let enc = FP_CLASSIC.replace('+', "%2B").replace('/', "%2F");
        assert_eq!(
            parse_link(&format!("https://f-puzzles.com/?load={enc}"))
                .unwrap()
                .puzzle,
            got.puzzle
        );
        let pad = parse_link(&format!("https://sudokupad.app/fpuzzles{FP_CLASSIC}")).unwrap();
        assert_eq!(pad.puzzle, got.puzzle);
        assert!(pad.site.starts_with("SudokuPad"));
    }

    #[test]
    fn a_sudokupad_scl_link_reads_cells_v() {
        for link in [
            format!("https://sudokupad.app/scl{SCL_CLASSIC}"),
            format!("https://sudokupad.app/?puzzle=scl{SCL_CLASSIC}"),
            format!("https://sudokupad.app/puzzle/scl{SCL_CLASSIC}"),
            format!("scl{SCL_CLASSIC}"),
        ] {
            assert!(is_puzzle_link(&link), "{link}");
            let got = parse_link(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
            assert_eq!(
                got.puzzle,
                LinkPuzzle::Classic {
                    shape: Shape::NINE,
                    cells: sage_a()
                }
            );
        }
    }

    #[test]
    fn constraints_beyond_the_grid_are_named() {
        let e = parse_link(&format!("https://www.f-puzzles.com/?load={FP_KILLER}")).unwrap_err();
        assert!(e.contains("killer cages"), "{e}");
        // SudokuPad JSON with lines and cages, through the crate's encoder
        // (it reads the JavaScript one's output, see above).
        let json = r#"{"cells":[[{"v":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"lines":[{"wayPoints":[[0.5,0.5],[3.5,3.5]]}],"cages":[{"cells":[[0,0]],"value":"1"}]}"#;
        let e = parse_link(&format!("scl{}", lz_str::compress_to_base64(json))).unwrap_err();
        assert!(e.contains("cages") && e.contains("lines"), "{e}");
    }

    fn fp_link(json: &str) -> String {
        format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(json)
        )
    }

    fn fp_json(n: usize, extra: &str, cell: impl Fn(usize, usize) -> String) -> String {
        let rows: Vec<String> = (0..n)
            .map(|r| {
                let cells: Vec<String> = (0..n).map(|c| cell(r, c)).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!(r#"{{"size":{n},"grid":[{}]{extra}}}"#, rows.join(","))
    }

    #[test]
    fn diagonals_make_an_x_sudoku_and_regions_a_jigsaw() {
        let x = fp_json(9, r#","diagonal+":true,"diagonal-":true"#, |r, c| {
            if r == c {
                format!(r#"{{"value":{},"given":true}}"#, r + 1)
            } else {
                "{}".into()
            }
        });
        match parse_link(&fp_link(&x)).unwrap().puzzle {
            LinkPuzzle::X { cells } => assert_eq!(cells[80], 9),
            other => panic!("{other:?}"),
        }
        let one = fp_json(9, r#","diagonal+":true"#, |_, _| "{}".into());
        assert!(parse_link(&fp_link(&one))
            .unwrap_err()
            .contains("one diagonal only"));
        // Regions = rows: a valid (if odd) jigsaw.
        let rows = fp_json(9, "", |r, _| format!(r#"{{"region":{r}}}"#));
        match parse_link(&fp_link(&rows)).unwrap().puzzle {
            LinkPuzzle::Jigsaw { regions, .. } => {
                assert_eq!(&regions[..18], "aaaaaaaaabbbbbbbbb")
            }
            other => panic!("{other:?}"),
        }
        // The usual boxes spelled out are still a classic grid.
        let boxes = fp_json(9, "", |r, c| {
            format!(r#"{{"region":{}}}"#, (r / 3) * 3 + c / 3)
        });
        assert!(matches!(
            parse_link(&fp_link(&boxes)).unwrap().puzzle,
            LinkPuzzle::Classic { .. }
        ));
        // A 6×6 has 2×3 boxes.
        let six = fp_json(6, "", |r, c| {
            if r == 0 && c == 0 {
                r#"{"value":6,"given":true}"#.into()
            } else {
                "{}".into()
            }
        });
        match parse_link(&fp_link(&six)).unwrap().puzzle {
            LinkPuzzle::Classic { shape, cells } => {
                assert_eq!((shape.box_rows, shape.box_cols), (2, 3));
                assert_eq!(cells[0], 6);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sudokupad_regions_other_than_boxes_make_a_jigsaw() {
        let cells: Vec<String> = (0..9)
            .map(|_| format!("[{}]", ["{}"; 9].join(",")))
            .collect();
        let regions: Vec<String> = (0..9)
            .map(|r| {
                let rc: Vec<String> = (0..9).map(|c| format!("[{r},{c}]")).collect();
                format!("[{}]", rc.join(","))
            })
            .collect();
        let json = format!(
            r#"{{"cells":[{}],"regions":[{}]}}"#,
            cells.join(","),
            regions.join(",")
        );
        let got = parse_link(&format!("scl{}", lz_str::compress_to_base64(json.as_str()))).unwrap();
        assert!(matches!(got.puzzle, LinkPuzzle::Jigsaw { .. }));
    }

    /// A grid in SudokuPad's packed form, written by hand from the format
    /// (`super::packed`): `{v:5}` per given, nothing for an empty cell
    /// (`[{v:5},,…]`), then `extra` members.
    fn packed(n: usize, cells: &[u8], extra: &str) -> String {
        let rows: Vec<String> = (0..n)
            .map(|r| {
                let row: Vec<String> = (0..n)
                    .map(|c| match cells[r * n + c] {
                        0 => String::new(),
                        v => format!("{{v:{v}}}"),
                    })
                    .collect();
                format!("[{}]", row.join(","))
            })
            .collect();
        format!("{{ce:[{}]{extra}}}", rows.join(","))
    }

    /// The regions of the usual 3×3 boxes, as SudokuPad lists them.
    fn packed_boxes() -> String {
        let boxes: Vec<String> = (0..9)
            .map(|b| {
                let cells: Vec<String> = (0..9)
                    .map(|k| format!("[{},{}]", b / 3 * 3 + k / 3, b % 3 * 3 + k % 3))
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]", boxes.join(","))
    }

    #[test]
    fn a_packed_sudokupad_link_reads_like_its_json() {
        // Metadata as cages without cells, boxes listed as regions, colours
        // and flags abbreviated: all of it a classic grid.
        let text = packed(
            9,
            &sage_a(),
            &format!(
                ",re:{},ca:[{{v:'title: Sage\\'s first'}},{{v:'author: test'}},{{v:'rules: Normal sudoku rules apply.'}}],cs:50,c1:#0,settings:{{conflictchecker:t}}",
                packed_boxes()
            ),
        );
        let link = format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(&text)
        );
        assert!(is_puzzle_link(&link));
        let got = parse_link(&link).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            got.puzzle,
            LinkPuzzle::Classic {
                shape: Shape::NINE,
                cells: sage_a()
            }
        );
        assert_eq!(got.title.as_deref(), Some("Sage's first"));
        assert!(got.note().contains("26 givens"), "{}", got.note());
        // The same puzzle through ctc and with the cells as strings.
        let strings = (1..=9).fold(text.clone(), |t, d| {
            t.replace(&format!("{{v:{d}}}"), &format!("{{v:'{d}'}}"))
        });
        assert!(strings.contains("{v:'5'}"), "{strings}");
        let got2 = parse_link(&format!("ctc{}", lz_str::compress_to_base64(&strings))).unwrap();
        assert_eq!(got2.puzzle, got.puzzle);
    }

    #[test]
    fn a_packed_link_with_more_than_a_grid_is_refused_by_name() {
        let cells = sage_a();
        for (extra, want) in [
            (",l:[{wp:[[0.5,0.5],[8.5,8.5]],c:FF0000,th:2}]", "lines"),
            (",ca:[{ce:[[0,0],[0,1]],v:'10'}]", "cages"),
            (",u:[{center:[1,1],w:1,h:1,c2:CFCFCF}]", "shaded cells"),
        ] {
            let text = packed(9, &cells, extra);
            let e = parse_link(&format!("scl{}", lz_str::compress_to_base64(&text))).unwrap_err();
            assert!(e.contains(want), "{extra}: {e}");
        }
        // A letter where a digit belongs, and a jigsaw's regions.
        let mut text = packed(9, &cells, "");
        text = text.replacen("{v:5}", "{v:'A'}", 1);
        let e = parse_link(&format!("scl{}", lz_str::compress_to_base64(&text))).unwrap_err();
        assert!(e.contains("r1c1") && e.contains("\"A\""), "{e}");
        let rows: Vec<String> = (0..9)
            .map(|r| {
                let cells: Vec<String> = (0..9).map(|c| format!("[{r},{c}]")).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let text = packed(9, &[0; 81], &format!(",re:[{}]", rows.join(",")));
        let got = parse_link(&format!("scl{}", lz_str::compress_to_base64(&text))).unwrap();
        assert!(matches!(got.puzzle, LinkPuzzle::Jigsaw { .. }), "{got:?}");
    }

    #[test]
    fn unreadable_links_say_why() {
        let cases = [
            ("https://sudokupad.app/abc123xyz", "short SudokuPad id"),
            (
                "https://sudokupad.app/scf1234567890abcdef",
                "older compact format",
            ),
            (
                "https://sudokupad.app/zzz-not-a-format-but-long-enough-to-be-data-of-some-kind-xx",
                "unknown SudokuPad encoding",
            ),
            ("https://www.f-puzzles.com/", "no puzzle"),
            (
                "https://www.f-puzzles.com/?load=@@@@",
                "could not be decompressed",
            ),
            ("https://sudokupad.app/sclAAAA", "could not be decompressed"),
        ];
        for (link, want) in cases {
            let e = parse_link(link).unwrap_err();
            assert!(e.contains(want), "{link}: {e}");
        }
        // Compressed text that is neither JSON nor its packed form.
        let e = parse_link(&format!(
            "scl{}",
            lz_str::compress_to_base64("cells:[[v:1]]")
        ))
        .unwrap_err();
        assert!(
            e.contains("could not be read") && e.contains("character 1"),
            "{e}"
        );
        let e = parse_link(&fp_link(&fp_json(7, "", |_, _| "{}".into()))).unwrap_err();
        assert!(e.contains("7×7"), "{e}");
        let long = format!("https://f-puzzles.com/?load={}", "A".repeat(MAX_LINK_CHARS));
        assert!(parse_link(&long).unwrap_err().contains("characters long"));
        // Grid text is never taken for a link.
        assert!(!is_puzzle_link(SAGE_A));
        assert!(!is_puzzle_link("scl"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
        /// Any text, and any base64 after each prefix: an answer or a
        /// message, never a panic.
        #[test]
        fn any_paste_is_read_or_refused(text in ".{0,200}", b64 in "[A-Za-z0-9+/=]{0,400}") {
            for pasted in [
                text.clone(),
                format!("scl{b64}"),
                format!("https://www.f-puzzles.com/?load={b64}"),
                format!("https://sudokupad.app/fpuzzles{b64}"),
            ] {
                if let Ok(import) = parse_link(&pasted) {
                    proptest::prop_assert!(!import.note().is_empty());
                }
            }
        }
    }
}
