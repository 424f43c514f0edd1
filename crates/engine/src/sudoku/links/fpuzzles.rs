//! f-puzzles' constraints, read into a [`Puzzle`]. Cells are named
//! `R3C5` (row and column from 1; clues outside the grid use row or column
//! 0 or n+1), and each kind has its own array:
//!
//! - `killercage`: `{cells, value?}`, the sum as text (none: no sum);
//! - `thermometer`, `whispers`, `renban`, `palindrome`, `betweenline`,
//!   `regionsumline`: `{lines: [[cells]]}`, each line one constraint (a
//!   thermometer's lines start at its bulb);
//! - `arrow`: `{cells (the circle), lines}`, each line starting in the
//!   circle, so its first cell is dropped;
//! - `littlekillersum`: `{cell (the clue outside), direction, cells, value}`;
//! - `sandwichsum`: `{cell (outside a row or column), value}`;
//! - `odd`, `even`: `{cell}`; `extraregion`: `{cells}`;
//! - `difference` (white dots, difference `value` or 1), `ratio` (black,
//!   ratio `value` or 2), `xv` (`value` `X` or `V`): `{cells: [a, b]}`;
//! - flags: `diagonal+` (r9c1 to r1c9), `diagonal-` (r1c1 to r9c9),
//!   `antiknight`, `antiking`, `nonconsecutive`, `disjointgroups`, and
//!   `negative`, a list naming `difference`, `ratio` and `xv` when every
//!   such mark is given.
//!
//! The negative rules follow f-puzzles' solver: `nonconsecutive` with Kropki
//! dots is the negative white-dot rule (no unmarked pair is consecutive). The
//! model's [`Constraint::NegativeKropki`] is both negative rules at once, so
//! one of them alone is refused by name, as is anything else the model does
//! not hold.

use super::{fpuzzles_name, present, refuse, FINE};
use crate::sudoku::constraint::{Constraint, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv};
use crate::sudoku::grid::cell_name;
use serde_json::{Map, Value};

/// A cell name `R3C5` → (row, column) from 1, case-insensitive.
pub(crate) fn parse_rc(name: &str) -> Option<(usize, usize)> {
    let t = name.trim().to_ascii_uppercase();
    let (r, c) = t.strip_prefix('R')?.split_once('C')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// The reader of one f-puzzles object of an `n × n` grid.
struct Reader<'a> {
    n: usize,
    site: &'a str,
}

impl Reader<'_> {
    fn cell(&self, v: &Value, what: &str) -> Result<usize, String> {
        let n = self.n;
        let name = v.as_str().unwrap_or("");
        match parse_rc(name) {
            Some((r, c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => Ok((r - 1) * n + c - 1),
            _ => Err(format!(
                "the {what} of the {} puzzle names the cell {v}, which is not in the {n}×{n} grid",
                self.site
            )),
        }
    }

    fn cells(&self, v: Option<&Value>, what: &str) -> Result<Vec<usize>, String> {
        v.and_then(Value::as_array)
            .ok_or_else(|| format!("a {what} of the {} puzzle has no cells", self.site))?
            .iter()
            .map(|c| self.cell(c, what))
            .collect()
    }

    fn lines(&self, entry: &Value, what: &str) -> Result<Vec<Vec<usize>>, String> {
        entry
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("a {what} of the {} puzzle has no lines", self.site))?
            .iter()
            .map(|l| self.cells(Some(l), what))
            .collect()
    }

    fn pair(&self, entry: &Value, what: &str) -> Result<[usize; 2], String> {
        match self.cells(entry.get("cells"), what)?.as_slice() {
            &[a, b] => Ok([a, b]),
            other => Err(format!(
                "a {what} of the {} puzzle joins {} cells instead of two",
                self.site,
                other.len()
            )),
        }
    }

    /// A clue cell just outside the grid: (row, column) from 0 to n+1.
    fn outside(&self, entry: &Value, what: &str) -> Result<(usize, usize), String> {
        let n = self.n;
        let name = entry.get("cell").and_then(Value::as_str).unwrap_or("");
        match parse_rc(name) {
            Some((r, c)) if r <= n + 1 && c <= n + 1 => Ok((r, c)),
            _ => Err(format!(
                "the {what} of the {} puzzle stands at “{name}”, which is not beside the grid",
                self.site
            )),
        }
    }
}

/// The text or number in `value`, if any: `None` for absent or empty.
fn text_of(entry: &Value) -> Option<String> {
    match entry.get("value")? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(x) => Some(x.to_string()),
        _ => None,
    }
}

/// Read the constraints of f-puzzles' object `o` over `regions` and
/// `givens`; a kind the model does not hold is refused by name.
pub fn read(
    o: &Map<String, Value>,
    regions: Regions,
    givens: Vec<u8>,
    site: &str,
) -> Result<Puzzle, String> {
    let n = regions.size();
    let rd = Reader { n, site };
    let mut out: Vec<Constraint> = Vec::new();
    let mut kinds: Vec<String> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    let entries = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let flag = |key: &str| o.get(key).is_some_and(present);
    let negative: Vec<String> = o
        .get("negative")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_ascii_lowercase))
        .collect();
    for (key, value) in o {
        // The two negative rules' keys are read together below.
        let later = ["negative", "nonconsecutive"].contains(&key.as_str());
        if FINE.contains(&key.as_str()) || later || !present(value) {
            continue;
        }
        let name = fpuzzles_name(key);
        kinds.push(name.clone());
        match key.as_str() {
            "killercage" => {
                for e in entries(value) {
                    let cells = rd.cells(e.get("cells"), "killer cage")?;
                    let sum = match text_of(&e) {
                        None => None,
                        Some(t) => match t.parse::<u32>() {
                            Ok(s) => Some(s),
                            Err(_) => {
                                missing.push("killer cages with text clues".into());
                                continue;
                            }
                        },
                    };
                    out.push(Constraint::Killer { cells, sum });
                }
            }
            "cage" => {
                // Metadata cages (`title: …`) are fine; drawn cages are not
                // rules Tessera knows.
                if entries(value)
                    .iter()
                    .any(|c| super::metadata(c).is_none() && c.get("cells").is_some_and(present))
                {
                    missing.push(name);
                } else {
                    kinds.pop();
                }
            }
            "thermometer" | "whispers" | "renban" | "palindrome" | "betweenline"
            | "regionsumline" | "regionSumLine" => {
                for e in entries(value) {
                    for line in rd.lines(&e, &name)? {
                        out.push(match key.as_str() {
                            "thermometer" => Constraint::Thermo(line),
                            "whispers" => Constraint::Whisper(line),
                            "renban" => Constraint::Renban(line),
                            "palindrome" => Constraint::Palindrome(line),
                            "betweenline" => Constraint::Between(line),
                            _ => Constraint::RegionSum(line),
                        });
                    }
                }
            }
            "arrow" => {
                for e in entries(value) {
                    let circle = rd.cells(e.get("cells"), "arrow")?;
                    for line in rd.lines(&e, "arrow")? {
                        let path: Vec<usize> = line
                            .into_iter()
                            .skip(1)
                            .filter(|c| !circle.contains(c))
                            .collect();
                        out.push(Constraint::Arrow {
                            circle: circle.clone(),
                            path,
                        });
                    }
                }
            }
            "littlekillersum" => {
                for e in entries(value) {
                    let Some(sum) = text_of(&e).and_then(|t| t.parse::<u32>().ok()) else {
                        missing.push("little killer sums without a number".into());
                        continue;
                    };
                    let mut cells = rd
                        .cells(e.get("cells"), "little killer sum")
                        .unwrap_or_default();
                    if cells.is_empty() {
                        cells = little_killer_cells(&rd, &e)?;
                    }
                    out.push(Constraint::LittleKiller { cells, sum });
                }
            }
            "sandwichsum" => {
                for e in entries(value) {
                    let (r, c) = rd.outside(&e, "sandwich sum")?;
                    let Some(sum) = text_of(&e).and_then(|t| t.parse::<u32>().ok()) else {
                        missing.push("sandwich sums without a number".into());
                        continue;
                    };
                    let line = if (r == 0 || r == n + 1) && (1..=n).contains(&c) {
                        RowOrColumn::Column(c - 1)
                    } else if (c == 0 || c == n + 1) && (1..=n).contains(&r) {
                        RowOrColumn::Row(r - 1)
                    } else {
                        return Err(format!(
                            "a sandwich sum of the {site} puzzle stands at R{r}C{c}, beside no row or column"
                        ));
                    };
                    out.push(Constraint::Sandwich { line, sum });
                }
            }
            "odd" | "even" => {
                for e in entries(value) {
                    let cell = rd.cell(e.get("cell").unwrap_or(&Value::Null), &name)?;
                    out.push(if key == "odd" {
                        Constraint::Odd(cell)
                    } else {
                        Constraint::Even(cell)
                    });
                }
            }
            "extraregion" => {
                for e in entries(value) {
                    out.push(Constraint::Region(
                        rd.cells(e.get("cells"), "extra region")?,
                    ));
                }
            }
            "difference" | "ratio" => {
                let (dot, usual) = if key == "difference" {
                    (Dot::White, 1)
                } else {
                    (Dot::Black, 2)
                };
                for e in entries(value) {
                    let cells = rd.pair(&e, &name)?;
                    match text_of(&e).map(|t| t.parse::<u32>()) {
                        None => {}
                        Some(Ok(v)) if v == usual => {}
                        Some(_) => {
                            missing.push(if dot == Dot::White {
                                "white dots with a difference other than 1".into()
                            } else {
                                "black dots with a ratio other than 2".into()
                            });
                            continue;
                        }
                    }
                    out.push(Constraint::Kropki { dot, cells });
                }
            }
            "xv" => {
                for e in entries(value) {
                    let cells = rd.pair(&e, "XV mark")?;
                    let mark = match text_of(&e).as_deref() {
                        Some("X") | Some("x") => Xv::X,
                        Some("V") | Some("v") => Xv::V,
                        _ => {
                            missing.push("XV marks other than X and V".into());
                            continue;
                        }
                    };
                    out.push(Constraint::Xv { mark, cells });
                }
            }
            "diagonal+" => out.push(Constraint::Diagonal(Diagonal::Anti)),
            "diagonal-" => out.push(Constraint::Diagonal(Diagonal::Main)),
            "antiknight" => out.push(Constraint::AntiKnight),
            "antiking" => out.push(Constraint::AntiKing),
            "disjointgroups" => match &regions {
                Regions::Boxes(shape) => {
                    for k in 0..n {
                        let (dr, dc) = (k / shape.box_cols, k % shape.box_cols);
                        let group = (0..n)
                            .map(|b| {
                                let (br, bc) = (b / (n / shape.box_cols), b % (n / shape.box_cols));
                                (br * shape.box_rows + dr) * n + bc * shape.box_cols + dc
                            })
                            .collect();
                        out.push(Constraint::Region(group));
                    }
                }
                Regions::Map(_) => missing.push("disjoint groups with irregular regions".into()),
            },
            _ => missing.push(name),
        }
    }
    // The negative rules and non-consecutive, together.
    let dots = out.iter().any(|c| matches!(c, Constraint::Kropki { .. }));
    let nonconsecutive = flag("nonconsecutive");
    let white = negative.iter().any(|x| x == "difference") || (nonconsecutive && dots);
    let black = negative.iter().any(|x| x == "ratio");
    if nonconsecutive {
        kinds.push("non-consecutive".into());
    }
    if white || black {
        kinds.push("negative Kropki dots".into());
    }
    match (white, black) {
        (true, true) => out.push(Constraint::NegativeKropki),
        (false, true) => missing.push("the negative rule for black dots alone".into()),
        (true, false) => missing.push("the negative rule for white dots alone".into()),
        (false, false) if nonconsecutive => out.push(Constraint::NonConsecutive),
        _ => {}
    }
    if negative.iter().any(|x| x == "xv") {
        kinds.push("negative XV".into());
        out.push(Constraint::NegativeXv);
    }
    for other in negative
        .iter()
        .filter(|x| !["difference", "ratio", "xv"].contains(&x.as_str()))
    {
        let name = format!("the negative rule for {}", fpuzzles_name(other));
        kinds.push(name.clone());
        missing.push(name);
    }
    if !missing.is_empty() {
        return Err(refuse(site, &kinds, &missing));
    }
    Puzzle::new(regions, givens, out)
        .map_err(|e| format!("the {site} puzzle cannot be read as Tessera's model: {e}"))
}

/// A little killer's cells from its clue cell and direction (`DR`, `DL`,
/// `UR`, `UL`), when the link does not list them.
fn little_killer_cells(rd: &Reader, e: &Value) -> Result<Vec<usize>, String> {
    let n = rd.n as i64;
    let (r, c) = rd.outside(e, "little killer sum")?;
    let dir = e.get("direction").and_then(Value::as_str).unwrap_or("");
    let (dr, dc) = match dir {
        "DR" => (1, 1),
        "DL" => (1, -1),
        "UR" => (-1, 1),
        "UL" => (-1, -1),
        _ => {
            return Err(format!(
                "a little killer sum of the {} puzzle points “{dir}”, not DR, DL, UR or UL",
                rd.site
            ))
        }
    };
    let (mut r, mut c) = (r as i64 + dr, c as i64 + dc);
    let mut cells = Vec::new();
    while (1..=n).contains(&r) && (1..=n).contains(&c) {
        cells.push(((r - 1) * n + c - 1) as usize);
        r += dr;
        c += dc;
    }
    Ok(cells)
}

/// A cell's f-puzzles name: `R3C5`.
pub(crate) fn rc(cell: usize, n: usize) -> String {
    cell_name(cell, n).to_ascii_uppercase()
}
