//! SudokuPad's drawings, read into a [`Puzzle`]. SudokuPad stores shapes,
//! not rules: a cage, a line, an arrow, a dot is whatever the setter drew.
//! This reader takes the conventions SudokuPad itself uses when it draws an
//! f-puzzles puzzle (and most setters keep), and refuses, by name, any
//! drawing that fits none of them. Positions are `[row, column]` in cells
//! from the grid's top-left corner (a cell's centre is `r + 0.5`).
//!
//! - `cages` with cells: killer cages; a numeric `value` is the sum, no
//!   value no sum; any other text, or `unique: false`, is refused.
//! - `lines`, by colour, thickness and what sits at their ends:
//!   - a line from one corner of the grid to the opposite one: a diagonal;
//!   - grey (no hue) with a round bulb (an underlay or overlay of width at
//!     least 0.6) centred on an end: a thermometer from that end;
//!   - grey with circles on both ends: a between line;
//!   - other grey lines: palindromes;
//!   - green (hue 75°–165°): German whispers; purple or pink (hue
//!     255°–340°): renban; blue (hue 165°–255°): region-sum lines;
//!   - anything else (red, orange, …) is refused with its colour.
//! - `arrows`: an arrow whose first point is outside the grid is a little
//!   killer, its sum the number drawn in that outside cell; any other arrow
//!   starts in its circle (one cell, or the cells under a rounded overlay
//!   wider than one cell: a pill), and its path is the cells it passes.
//! - `overlays`: small rounded marks centred on the edge between two cells
//!   are Kropki dots (white or black by their fill); `X` or `V` on an edge
//!   is XV; a number outside the grid that no arrow points from is a
//!   sandwich sum for its row or column. Circles under arrows and between
//!   lines are theirs.
//! - `underlays`: a grey circle of about 0.7 cells on a cell marks it odd,
//!   a grey square even; a thermometer's bulb is its thermometer's.
//! - The rules text (a `rules:` metadata cage or `metadata.rules`) adds
//!   anti-knight, anti-king and non-consecutive where it names them
//!   ("anti-knight", "knight's move", "anti-king", "king's move",
//!   "non-consecutive"), and the negative rules where it says all dots (or
//!   all XV) are given ("all possible", "all dots", "all kropki", "all xv",
//!   "negative constraint").

use super::{metadata, number, present, refuse};
use crate::sudoku::constraint::{Constraint, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv};
use serde_json::{Map, Value};

/// The puzzle's rules text, lowercase: the `rules:` metadata cages and
/// `metadata.rules`.
pub fn rules_text(o: &Map<String, Value>, meta: &[&Value]) -> String {
    let mut text: Vec<String> = meta
        .iter()
        .filter_map(|c| metadata(c))
        .filter(|(k, _)| k == "rules")
        .map(|(_, v)| v)
        .collect();
    for key in ["metadata", "metaData"] {
        if let Some(m) = o.get(key).and_then(Value::as_object) {
            if let Some(r) = m.get("rules").and_then(Value::as_str) {
                text.push(r.to_string());
            }
            for (flag, word) in [("antiknight", "anti-knight"), ("antiking", "anti-king")] {
                if m.get(flag).is_some_and(present) {
                    text.push(word.into());
                }
            }
        }
    }
    text.join("\n").to_lowercase().replace(['’', '‘'], "'")
}

/// The global rules the rules text names (see the module's documentation).
pub fn global_rules(rules: &str) -> Vec<Constraint> {
    let has = |words: &[&str]| words.iter().any(|w| rules.contains(w));
    let mut out = Vec::new();
    if has(&["anti-knight", "antiknight", "anti knight", "knight's move"]) {
        out.push(Constraint::AntiKnight);
    }
    if has(&["anti-king", "antiking", "anti king", "king's move"]) {
        out.push(Constraint::AntiKing);
    }
    if has(&["non-consecutive", "nonconsecutive", "non consecutive"]) {
        out.push(Constraint::NonConsecutive);
    }
    out
}

fn negative_said(rules: &str, words: &[&str]) -> bool {
    rules.contains("negative constraint")
        || rules.contains("all possible")
        || words.iter().any(|w| rules.contains(w))
}

/// A `[row, column]` pair of numbers.
fn point(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array()?;
    Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?))
}

/// A line's or an arrow's `wayPoints`.
fn way_points(v: &Value) -> Vec<(f64, f64)> {
    v.get("wayPoints")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(point)
        .collect()
}

/// `#rrggbb`, `#rgb` (with or without alpha) → (hue in degrees,
/// saturation 0–1, lightness 0–1).
fn hsl(colour: &str) -> Option<(f64, f64, f64)> {
    let hex = colour.trim().strip_prefix('#')?;
    let digits: Vec<u32> = hex.chars().map(|c| c.to_digit(16)).collect::<Option<_>>()?;
    let (r, g, b) = match digits.len() {
        3 | 4 => (digits[0] * 17, digits[1] * 17, digits[2] * 17),
        6 | 8 => (
            digits[0] * 16 + digits[1],
            digits[2] * 16 + digits[3],
            digits[4] * 16 + digits[5],
        ),
        _ => return None,
    };
    let (r, g, b) = (r as f64 / 255.0, g as f64 / 255.0, b as f64 / 255.0);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let l = (max + min) / 2.0;
    let d = max - min;
    if d < 1e-9 {
        return Some((0.0, 0.0, l));
    }
    let s = d / (1.0 - (2.0 * l - 1.0).abs());
    let h = if max == r {
        60.0 * (((g - b) / d).rem_euclid(6.0))
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    Some((h, s, l))
}

/// A shape from `underlays` or `overlays`.
struct Mark {
    centre: (f64, f64),
    width: f64,
    height: f64,
    rounded: bool,
    background: String,
    text: String,
    used: bool,
    underlay: bool,
}

impl Mark {
    fn of(v: &Value, underlay: bool) -> Option<Mark> {
        let text = match v.get("text") {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(x)) => x.to_string(),
            _ => String::new(),
        };
        Some(Mark {
            centre: point(v.get("center")?)?,
            width: v.get("width").and_then(Value::as_f64).unwrap_or(1.0),
            height: v.get("height").and_then(Value::as_f64).unwrap_or(1.0),
            rounded: v.get("rounded").is_some_and(present),
            background: v
                .get("backgroundColor")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            text,
            used: false,
            underlay,
        })
    }

    /// Is this a circle of at least `least` cells' width on cell `(r, c)`?
    fn circle_on(&self, r: usize, c: usize, least: f64) -> bool {
        let (y, x) = self.centre;
        self.rounded
            && self.width >= least
            && self.width <= 1.05
            && (y - (r as f64 + 0.5)).abs() < 0.2
            && (x - (c as f64 + 0.5)).abs() < 0.2
    }
}

struct Reader {
    n: usize,
    marks: Vec<Mark>,
    out: Vec<Constraint>,
    kinds: Vec<String>,
    missing: Vec<String>,
}

impl Reader {
    fn inside(&self, (y, x): (f64, f64)) -> bool {
        let n = self.n as f64;
        (0.0..n).contains(&y) && (0.0..n).contains(&x)
    }

    fn cell_at(&self, (y, x): (f64, f64)) -> usize {
        y.floor() as usize * self.n + x.floor() as usize
    }

    /// The cells a drawn path passes through, from its points: each point's
    /// cell, with the cells between two points along a straight or
    /// diagonal step filled in. `None` if it leaves the grid or bends
    /// between cells.
    fn path(&self, points: &[(f64, f64)]) -> Option<Vec<usize>> {
        let n = self.n as i64;
        let mut out: Vec<usize> = Vec::new();
        for &p in points {
            if !self.inside(p) {
                return None;
            }
            let (r, c) = (p.0.floor() as i64, p.1.floor() as i64);
            if let Some(&last) = out.last() {
                let (lr, lc) = ((last / self.n) as i64, (last % self.n) as i64);
                let (dr, dc) = (r - lr, c - lc);
                if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
                    return None;
                }
                let steps = dr.abs().max(dc.abs());
                for k in 1..=steps {
                    let cell = (lr + dr.signum() * k) * n + lc + dc.signum() * k;
                    out.push(cell as usize);
                }
            } else {
                out.push((r * n + c) as usize);
            }
        }
        Some(out)
    }

    /// Claim a circle drawn on `cell`, if there is one: `filled` a grey
    /// one (a thermometer's bulb), else a white one (an arrow's or a
    /// between line's).
    fn claim_circle(&mut self, cell: usize, least: f64, filled: bool) -> bool {
        let (r, c) = (cell / self.n, cell % self.n);
        let found = self.marks.iter_mut().find(|m| {
            let light = hsl(&m.background).is_none_or(|(_, _, l)| l > 0.95);
            !m.used && light != filled && m.circle_on(r, c, least)
        });
        match found {
            Some(m) => {
                m.used = true;
                true
            }
            None => false,
        }
    }

    fn line(&mut self, v: &Value) {
        let points = way_points(v);
        let colour = v.get("color").and_then(Value::as_str).unwrap_or("");
        let n = self.n as f64;
        let corner =
            |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 0.3 && (p.1 - q.1).abs() < 0.3;
        if let [a, b] = points.as_slice() {
            let main = (corner(*a, (0.0, 0.0)) && corner(*b, (n, n)))
                || (corner(*b, (0.0, 0.0)) && corner(*a, (n, n)));
            let anti = (corner(*a, (0.0, n)) && corner(*b, (n, 0.0)))
                || (corner(*b, (0.0, n)) && corner(*a, (n, 0.0)));
            if main || anti {
                self.kinds.push("diagonals".into());
                self.out.push(Constraint::Diagonal(if main {
                    Diagonal::Main
                } else {
                    Diagonal::Anti
                }));
                return;
            }
        }
        let Some(cells) = self.path(&points).filter(|c| c.len() >= 2) else {
            self.kinds.push("lines off the cells".into());
            self.missing.push("lines off the cells".into());
            return;
        };
        let Some((hue, sat, _)) = hsl(colour) else {
            let name = if colour.is_empty() {
                "lines without a colour".to_string()
            } else {
                format!("lines coloured “{colour}”")
            };
            self.kinds.push(name.clone());
            self.missing.push(name);
            return;
        };
        let (first, last) = (cells[0], *cells.last().expect("two cells"));
        let grey = sat < 0.15;
        if grey {
            if self.claim_circle(first, 0.6, true) {
                self.kinds.push("thermometers".into());
                self.out.push(Constraint::Thermo(cells));
                return;
            }
            if self.claim_circle(last, 0.6, true) {
                self.kinds.push("thermometers".into());
                self.out
                    .push(Constraint::Thermo(cells.into_iter().rev().collect()));
                return;
            }
            if self.claim_circle(first, 0.6, false) {
                if self.claim_circle(last, 0.6, false) {
                    self.kinds.push("between lines".into());
                    self.out.push(Constraint::Between(cells));
                } else {
                    self.kinds.push("lines with a circle at one end".into());
                    self.missing.push("lines with a circle at one end".into());
                }
                return;
            }
            self.kinds.push("palindromes".into());
            self.out.push(Constraint::Palindrome(cells));
            return;
        }
        let (kind, c): (&str, fn(Vec<usize>) -> Constraint) = match hue {
            h if (75.0..165.0).contains(&h) => ("German whispers", Constraint::Whisper),
            h if (165.0..255.0).contains(&h) => ("region-sum lines", Constraint::RegionSum),
            h if (255.0..340.0).contains(&h) => ("renban lines", Constraint::Renban),
            _ => {
                let name = format!("lines coloured {colour}");
                self.kinds.push(name.clone());
                self.missing.push(name);
                return;
            }
        };
        self.kinds.push(kind.into());
        self.out.push(c(cells));
    }

    fn arrow(&mut self, v: &Value) {
        let points = way_points(v);
        if points.len() < 2 {
            self.kinds.push("arrows".into());
            self.missing.push("arrows without a path".into());
            return;
        }
        if !self.inside(points[0]) {
            self.little_killer(points[0], points[1]);
            return;
        }
        self.kinds.push("arrows".into());
        let start = self.cell_at(points[0]);
        let (r0, c0) = (start / self.n, start % self.n);
        // A pill: a rounded overlay wider or taller than a cell, over the start.
        let pill = self.marks.iter().position(|m| {
            let (y, x) = m.centre;
            !m.underlay
                && m.rounded
                && (m.width > 1.2 || m.height > 1.2)
                && (y - (r0 as f64 + 0.5)).abs() <= m.height / 2.0
                && (x - (c0 as f64 + 0.5)).abs() <= m.width / 2.0
        });
        let circle: Vec<usize> = match pill {
            Some(k) => {
                let m = &mut self.marks[k];
                m.used = true;
                let (y, x, h, w) = (m.centre.0, m.centre.1, m.height, m.width);
                let mut cells = Vec::new();
                for r in 0..self.n {
                    for c in 0..self.n {
                        let (cy, cx) = (r as f64 + 0.5, c as f64 + 0.5);
                        if (cy - y).abs() < h / 2.0 && (cx - x).abs() < w / 2.0 {
                            cells.push(r * self.n + c);
                        }
                    }
                }
                cells
            }
            None => {
                // Claimed if drawn (arrows may share a circle).
                self.claim_circle(start, 0.5, false);
                vec![start]
            }
        };
        let Some(cells) = self.path(&points) else {
            self.missing.push("arrows off the cells".into());
            return;
        };
        let path: Vec<usize> = cells.into_iter().filter(|c| !circle.contains(c)).collect();
        if path.is_empty() {
            self.missing.push("arrows without a path".into());
            return;
        }
        self.out.push(Constraint::Arrow { circle, path });
    }

    /// An arrow from outside the grid: a little killer, its number the
    /// text drawn in the outside cell it starts from.
    fn little_killer(&mut self, from: (f64, f64), to: (f64, f64)) {
        self.kinds.push("little killer sums".into());
        let (dr, dc) = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
        let (cr, cc) = (from.0.floor(), from.1.floor());
        let clue = self.marks.iter().position(|m| {
            !m.text.is_empty() && m.centre.0.floor() == cr && m.centre.1.floor() == cc
        });
        let Some(sum) = clue.and_then(|k| self.marks[k].text.parse::<u32>().ok()) else {
            self.missing
                .push("little killer sums without a number".into());
            return;
        };
        if let Some(k) = clue {
            self.marks[k].used = true;
        }
        let n = self.n as f64;
        let (mut r, mut c) = (cr + dr, cc + dc);
        let mut cells = Vec::new();
        while (0.0..n).contains(&r) && (0.0..n).contains(&c) && dr != 0.0 && dc != 0.0 {
            cells.push(r as usize * self.n + c as usize);
            r += dr;
            c += dc;
        }
        if cells.is_empty() {
            self.missing.push("arrows outside the grid".into());
            return;
        }
        self.out.push(Constraint::LittleKiller { cells, sum });
    }

    /// What is left of the marks: dots, XV, sandwich sums, odd and even.
    fn marks(&mut self) {
        let n = self.n;
        let marks = std::mem::take(&mut self.marks);
        for m in marks.iter().filter(|m| !m.used) {
            let (y, x) = m.centre;
            let nf = n as f64;
            let frac = |v: f64| v - v.floor();
            let on_line = |v: f64| (frac(v + 0.5) - 0.5).abs() < 0.1;
            let mid = |v: f64| (frac(v) - 0.5).abs() < 0.1;
            let outside = y < 0.0 || x < 0.0 || y > nf || x > nf;
            if outside {
                let name = "sandwich sums".to_string();
                match m.text.parse::<u32>() {
                    Ok(sum) if (0.0..nf).contains(&x) && (y < 0.0 || y > nf) => {
                        self.kinds.push(name);
                        self.out.push(Constraint::Sandwich {
                            line: RowOrColumn::Column(x.floor() as usize),
                            sum,
                        });
                    }
                    Ok(sum) if (0.0..nf).contains(&y) && (x < 0.0 || x > nf) => {
                        self.kinds.push(name);
                        self.out.push(Constraint::Sandwich {
                            line: RowOrColumn::Row(y.floor() as usize),
                            sum,
                        });
                    }
                    _ => {
                        self.kinds.push("clues outside the grid".into());
                        self.missing.push("clues outside the grid".into());
                    }
                }
                continue;
            }
            // On the edge between two cells?
            let edge = if on_line(y) && mid(x) && y.round() >= 1.0 && y.round() < nf {
                let (r, c) = (y.round() as usize, x.floor() as usize);
                Some([(r - 1) * n + c, r * n + c])
            } else if on_line(x) && mid(y) && x.round() >= 1.0 && x.round() < nf {
                let (r, c) = (y.floor() as usize, x.round() as usize);
                Some([r * n + c - 1, r * n + c])
            } else {
                None
            };
            if let (Some(cells), false) = (edge, m.underlay) {
                match m.text.to_ascii_uppercase().as_str() {
                    "X" | "V" => {
                        self.kinds.push("XV".into());
                        let mark = if m.text.eq_ignore_ascii_case("x") {
                            Xv::X
                        } else {
                            Xv::V
                        };
                        self.out.push(Constraint::Xv { mark, cells });
                    }
                    "" if m.rounded && m.width <= 0.5 => {
                        self.kinds.push("Kropki dots".into());
                        match hsl(&m.background) {
                            Some((_, _, l)) if l > 0.8 => self.out.push(Constraint::Kropki {
                                dot: Dot::White,
                                cells,
                            }),
                            Some((_, _, l)) if l < 0.2 => self.out.push(Constraint::Kropki {
                                dot: Dot::Black,
                                cells,
                            }),
                            _ => self
                                .missing
                                .push("dots that are neither white nor black".into()),
                        }
                    }
                    _ => {
                        self.kinds.push("clues between cells".into());
                        self.missing.push("clues between cells".into());
                    }
                }
                continue;
            }
            let on_cell = mid(y) && mid(x) && (0.5..=0.8).contains(&m.width) && m.text.is_empty();
            let grey = hsl(&m.background).is_some_and(|(_, s, _)| s < 0.15);
            if on_cell && grey && m.underlay {
                let cell = y.floor() as usize * n + x.floor() as usize;
                if m.rounded {
                    self.kinds.push("odd cells".into());
                    self.out.push(Constraint::Odd(cell));
                } else {
                    self.kinds.push("even cells".into());
                    self.out.push(Constraint::Even(cell));
                }
                continue;
            }
            let name = if m.underlay {
                "shaded cells or circles"
            } else {
                "circles, shapes or text on the grid"
            };
            self.kinds.push(name.into());
            self.missing.push(name.into());
        }
    }
}

/// Read SudokuPad's drawings `o` over `regions` and `givens`, with the
/// non-metadata `cages` and the lowercase `rules` text.
pub fn read(
    o: &Map<String, Value>,
    regions: Regions,
    givens: Vec<u8>,
    cages: &[&Value],
    rules: &str,
) -> Result<Puzzle, String> {
    let n = regions.size();
    let list = |key: &str| -> Vec<Value> {
        o.get(key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let mut marks = Vec::new();
    for (key, underlay) in [("underlays", true), ("overlays", false)] {
        for v in list(key) {
            if let Some(m) = Mark::of(&v, underlay) {
                marks.push(m);
            }
        }
    }
    let mut rd = Reader {
        n,
        marks,
        out: Vec::new(),
        kinds: Vec::new(),
        missing: Vec::new(),
    };
    for cage in cages {
        let cells: Option<Vec<usize>> = cage
            .get("cells")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|rc| {
                let p = rc.as_array()?;
                let (r, c) = (number(p.first()?)? as usize, number(p.get(1)?)? as usize);
                (r < n && c < n).then_some(r * n + c)
            })
            .collect();
        let Some(cells) = cells.filter(|c| !c.is_empty()) else {
            return Err("a cage of the SudokuPad puzzle lists a cell outside the grid".into());
        };
        if cage.get("unique").is_some_and(|u| u == &Value::Bool(false)) {
            rd.missing.push("cages whose digits may repeat".into());
            continue;
        }
        let text = match cage.get("value") {
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(x)) => x.to_string(),
            _ => String::new(),
        };
        let sum = match text.as_str() {
            "" => None,
            t => match t.parse::<u32>() {
                Ok(s) => Some(s),
                Err(_) => {
                    rd.missing.push("cages with text clues".into());
                    continue;
                }
            },
        };
        rd.kinds.push("killer cages".into());
        rd.out.push(Constraint::Killer { cells, sum });
    }
    for v in list("lines") {
        rd.line(&v);
    }
    for v in list("arrows") {
        rd.arrow(&v);
    }
    rd.marks();
    for c in global_rules(rules) {
        rd.kinds.push(super::kind_name(&c).into());
        rd.out.push(c);
    }
    let dots = rd
        .out
        .iter()
        .any(|c| matches!(c, Constraint::Kropki { .. }));
    if dots && negative_said(rules, &["all dots", "all kropki", "all the dots"]) {
        rd.kinds.push("negative Kropki dots".into());
        rd.out.push(Constraint::NegativeKropki);
    }
    let xv = rd.out.iter().any(|c| matches!(c, Constraint::Xv { .. }));
    if xv && negative_said(rules, &["all xv", "all x and v", "all the xv"]) {
        rd.kinds.push("negative XV".into());
        rd.out.push(Constraint::NegativeXv);
    }
    if !rd.missing.is_empty() {
        return Err(refuse("SudokuPad", &rd.kinds, &rd.missing));
    }
    Puzzle::new(regions, givens, rd.out)
        .map_err(|e| format!("the SudokuPad puzzle cannot be read as Tessera's model: {e}"))
}
