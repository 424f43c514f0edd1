//! Puzzle links players bring from f-puzzles and SudokuPad: a classic grid
//! (4×4, 6×6, 8×8, 9×9, 12×12, 16×16 with the usual boxes), X-sudoku (both
//! diagonals) or a 9×9 jigsaw as the player's models know them, and any
//! other puzzle whose rules Tessera's constrained model holds (killer
//! cages, thermometers, arrows, Kropki dots, lines, … see
//! [`crate::sudoku::constraint`]) as a [`LinkPuzzle::Constrained`].
//!
//! - f-puzzles: `…f-puzzles.com/?load=<data>`, where `<data>` is lz-string's
//!   `compressToBase64` of a JSON object: `size`, `grid` (rows of cells,
//!   each with `value` and `given`, maybe `region`), `diagonal+`/`diagonal-`,
//!   and one array per other constraint (`killercage`, `thermometer`, …,
//!   read in [`fpuzzles`]; [`write`] writes them back).
//! - SudokuPad: `…sudokupad.app/<data>` or `…?puzzle=<data>`, where `<data>`
//!   starts with its encoding: `fpuzzles` (the f-puzzles data above), `scl`
//!   or `ctc` (lz-string-compressed JSON, plain or in SudokuPad's packed
//!   form, see [`packed`]: `cells`, rows of cells with `value`,
//!   `regions` as lists of `[row, col]`, and `cages`, `lines`, `arrows`,
//!   `underlays`, `overlays` for everything else, read by SudokuPad's
//!   drawing conventions in [`sudokupad`]; cages without cells whose text
//!   starts `title:`, `author:`, `rules:`… carry the puzzle's metadata). A
//!   short id names a puzzle on SudokuPad's server, which an offline app
//!   cannot fetch.
//!
//! Only givens are read (a solver's digits and pencil marks in the link are
//! not); a rule Tessera cannot hold is refused with a message that names
//! every kind of constraint in the link and the ones not read, since
//! playing such a puzzle without its constraints would be a different
//! puzzle.

pub mod fpuzzles;
pub mod packed;
pub mod sudokupad;
pub mod write;

use crate::sudoku::constraint::{Constraint, Puzzle, Regions};
use crate::sudoku::variant::RegionMap;
use crate::sudoku::Shape;
use serde_json::{Map, Value};

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
    /// Any other puzzle the constrained model holds: its regions, givens
    /// and constraints.
    Constrained(Puzzle),
}

impl LinkPuzzle {
    /// The puzzle in the constrained model, whichever form it was read in:
    /// a classic grid has its boxes, X-sudoku both diagonals, a jigsaw its
    /// map.
    pub fn to_constrained(&self) -> Result<Puzzle, crate::sudoku::constraint::ConstraintError> {
        use crate::sudoku::constraint::Diagonal;
        match self {
            LinkPuzzle::Classic { shape, cells } => {
                Puzzle::new(Regions::Boxes(*shape), cells.clone(), vec![])
            }
            LinkPuzzle::X { cells } => Puzzle::new(
                Regions::Boxes(Shape::NINE),
                cells.clone(),
                vec![
                    Constraint::Diagonal(Diagonal::Main),
                    Constraint::Diagonal(Diagonal::Anti),
                ],
            ),
            LinkPuzzle::Jigsaw { regions, cells } => {
                // The reader made the labels from a map it checked.
                let map = RegionMap::parse(regions).expect("a jigsaw link's map is checked");
                Puzzle::new(Regions::Map(map), cells.clone(), vec![])
            }
            LinkPuzzle::Constrained(p) => Ok(p.clone()),
        }
    }
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
            LinkPuzzle::Constrained(p) => (p.size(), p.givens()),
        }
    }

    /// "Imported "Title" from f-puzzles: a 9×9 X-sudoku with 28 givens."
    pub fn note(&self) -> String {
        let (kind, cells): (String, &[u8]) = match &self.puzzle {
            LinkPuzzle::Classic { shape, cells } => {
                (format!("{n}×{n} classic Sudoku", n = shape.size()), cells)
            }
            LinkPuzzle::X { cells } => ("9×9 X-sudoku".to_string(), cells),
            LinkPuzzle::Jigsaw { cells, .. } => ("9×9 jigsaw".to_string(), cells),
            LinkPuzzle::Constrained(p) => {
                let kinds: Vec<String> = p
                    .constraints()
                    .iter()
                    .map(|c| kind_name(c).to_string())
                    .collect();
                let kinds = distinct(&kinds);
                let rules = if kinds.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", and_list(&kinds))
                };
                (format!("{n}×{n} Sudoku{rules}", n = p.size()), p.givens())
            }
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
            plural(clues, "given", "givens")
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
            // A refusal by name stands as it is; anything else was not read.
            return read_sudokupad(&text).map_err(|e| {
                if e.starts_with("this SudokuPad link has") {
                    e
                } else {
                    format!(
                        "the SudokuPad data after “{prefix}” decompressed, but its puzzle could not be read: {e}"
                    )
                }
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
/// ([`packed`]).
pub fn read_sudokupad(text: &str) -> Result<LinkImport, String> {
    let value = match serde_json::from_str::<Value>(text) {
        Ok(v) => v,
        Err(_) => packed::unpack(text)?,
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
        "diagonal+" | "diagonal-" => "diagonals",
        "whispers" => "German whispers",
        "renban" => "renban lines",
        "regionsumline" | "regionSumLine" => "region-sum lines",
        "entropicline" => "entropic lines",
        "modularline" => "modular lines",
        "zipperline" => "zipper lines",
        "nabner" => "nabner lines",
        "doublearrow" => "double arrows",
        "lockout" => "lockout lines",
        "clock" => "clock lines",
        "xsum" => "X-sums",
        "skyscraper" => "skyscrapers",
        "sum" => "sum dots",
        "rowindexer" | "columnindexer" | "boxindexer" => "indexer cells",
        "negative" => "negative constraints",
        other => other,
    }
    .to_string()
}

/// The names in order, each once.
fn distinct(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        if !out.contains(name) {
            out.push(name.clone());
        }
    }
    out
}

/// "a, b and c".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The refusal: every kind of constraint the link holds, then the ones
/// Tessera does not read ("this f-puzzles link has killer cages, clones and
/// thermometers; Tessera does not read clones yet").
pub(crate) fn refuse(site: &str, present: &[String], missing: &[String]) -> String {
    let missing = distinct(missing);
    let mut all = distinct(present);
    for m in &missing {
        if !all.contains(m) {
            all.push(m.clone());
        }
    }
    format!(
        "this {site} link has {}; Tessera does not read {} yet",
        and_list(&all),
        and_list(&missing)
    )
}

/// A constraint's kind in players' words, plural, for notes and messages.
pub fn kind_name(c: &Constraint) -> &'static str {
    match c {
        Constraint::Killer { .. } => "killer cages",
        Constraint::Thermo(_) => "thermometers",
        Constraint::Arrow { .. } => "arrows",
        Constraint::Kropki { .. } => "Kropki dots",
        Constraint::NegativeKropki => "the rule that all Kropki dots are given",
        Constraint::Xv { .. } => "XV",
        Constraint::NegativeXv => "the rule that all XV marks are given",
        Constraint::Sandwich { .. } => "sandwich sums",
        Constraint::LittleKiller { .. } => "little killer sums",
        Constraint::Whisper(_) => "German whispers",
        Constraint::Renban(_) => "renban lines",
        Constraint::Palindrome(_) => "palindromes",
        Constraint::RegionSum(_) => "region-sum lines",
        Constraint::Between(_) => "between lines",
        Constraint::Odd(_) => "odd cells",
        Constraint::Even(_) => "even cells",
        Constraint::AntiKnight => "anti-knight",
        Constraint::AntiKing => "anti-king",
        Constraint::NonConsecutive => "non-consecutive",
        Constraint::Diagonal(_) => "diagonals",
        Constraint::Region(_) => "extra regions",
    }
}

/// The regions of a link's grid: the usual boxes, boxes of another shape
/// spelled out cell by cell, or an irregular map.
fn region_model(
    regions: &[usize],
    irregular: bool,
    shape: Shape,
    n: usize,
) -> Result<Regions, String> {
    if !irregular {
        return Ok(Regions::Boxes(shape));
    }
    let same = |other: Shape| {
        (0..n * n).all(|a| {
            (0..n * n).all(|b| {
                (regions[a] == regions[b])
                    == (other.box_of(a / n, a % n) == other.box_of(b / n, b % n))
            })
        })
    };
    if let Some(boxes) = (1..=n)
        .filter(|r| n.is_multiple_of(*r))
        .filter_map(|r| Shape::new(r, n / r))
        .find(|s| same(*s))
    {
        return Ok(Regions::Boxes(boxes));
    }
    let labels = region_labels(regions)?;
    Ok(Regions::Map(RegionMap::parse(&labels).map_err(|e| {
        format!("the regions in the link are not a map Tessera reads: {e}")
    })?))
}

/// f-puzzles' keys that hold no rule: the grid, metadata, solver options.
const FINE: [&str; 9] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

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
    let extra: Vec<String> = o
        .iter()
        .filter(|(k, v)| !FINE.contains(&k.as_str()) && !k.starts_with("diagonal") && present(v))
        .map(|(k, _)| fpuzzles_name(k))
        .collect();
    let plus = o.get("diagonal+").is_some_and(present);
    let minus = o.get("diagonal-").is_some_and(present);
    let classic = extra.is_empty()
        && plus == minus
        && (n == 9 || !(plus || irregular))
        && !(plus && irregular);
    if !classic {
        let regions = region_model(&regions, irregular, shape, n)?;
        let puzzle = fpuzzles::read(o, regions, cells, site)?;
        return Ok(LinkImport {
            puzzle: LinkPuzzle::Constrained(puzzle),
            site,
            title: title_of(o),
        });
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
    let title = title_of(o).or_else(|| {
        meta.iter()
            .filter_map(|cage| metadata(cage))
            .find(|(key, _)| key == "title")
            .map(|(_, text)| text.chars().take(80).collect())
    });
    let rules = sudokupad::rules_text(o, &meta);
    if !extra.is_empty() || (irregular && n != 9) || !sudokupad::global_rules(&rules).is_empty() {
        let regions = region_model(&region, irregular, shape, n)?;
        let puzzle = sudokupad::read(o, regions, cells, &cages, &rules)?;
        return Ok(LinkImport {
            puzzle: LinkPuzzle::Constrained(puzzle),
            site,
            title,
        });
    }
    let puzzle = if irregular {
        LinkPuzzle::Jigsaw {
            regions: region_labels(&region)?,
            cells,
        }
    } else {
        LinkPuzzle::Classic { shape, cells }
    };
    Ok(LinkImport {
        puzzle,
        site,
        title,
    })
}

/// A SudokuPad metadata cage: no cells, and text `key: value` with a
/// one-word key (`title: Miracle`) → `("title", "Miracle")`.
pub(crate) fn metadata(cage: &Value) -> Option<(String, String)> {
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
mod tests;
