//! Writing a constrained puzzle as an f-puzzles link:
//! `https://www.f-puzzles.com/?load=` and lz-string's `compressToBase64` of
//! the JSON [`super::fpuzzles`] reads (that module lists the keys). What
//! the reader gives back is the same puzzle, up to the order of its
//! constraints and repeated global rules (the JSON has one array per kind
//! and one flag per rule).
//!
//! ```
//! use tessera_engine::sudoku::constraint::{text, Puzzle};
//! use tessera_engine::sudoku::links::{parse_link, write::fpuzzles_link, LinkPuzzle};
//!
//! let puzzle = text::parse("size 4\nkiller 3: r1c1 r1c2\nthermo r2c1 r2c2 r2c3").unwrap();
//! let link = fpuzzles_link(&puzzle, Some("Small")).unwrap();
//! assert!(link.starts_with("https://www.f-puzzles.com/?load="));
//! let read = parse_link(&link).unwrap();
//! assert_eq!(read.puzzle, LinkPuzzle::Constrained(puzzle));
//! assert_eq!(read.title.as_deref(), Some("Small"));
//! ```

use super::default_shape;
use super::fpuzzles::rc;
use crate::sudoku::constraint::{Constraint, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv};
use serde_json::{json, Map, Value};

/// The f-puzzles link of a puzzle, or why f-puzzles cannot hold it.
pub fn fpuzzles_link(puzzle: &Puzzle, title: Option<&str>) -> Result<String, String> {
    let json = fpuzzles_json(puzzle, title)?;
    Ok(format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.to_string().as_str())
    ))
}

/// The f-puzzles JSON of a puzzle, or why f-puzzles cannot hold it.
pub fn fpuzzles_json(puzzle: &Puzzle, title: Option<&str>) -> Result<Value, String> {
    let n = puzzle.size();
    let usual = default_shape(n);
    // Region numbers per cell, written unless they are f-puzzles' boxes.
    let region_of: Option<Vec<usize>> = match puzzle.regions() {
        Regions::Boxes(shape) if Some(*shape) == usual => None,
        Regions::Boxes(_) if usual.is_none() => {
            return Err(format!(
                "f-puzzles has no boxes for a {n}×{n} grid, so its regions cannot be written"
            ))
        }
        regions => Some(regions.region_of()),
    };
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let mut cell = Map::new();
                        if puzzle.givens()[i] != 0 {
                            cell.insert("value".into(), json!(puzzle.givens()[i]));
                            cell.insert("given".into(), json!(true));
                        }
                        if let Some(regions) = &region_of {
                            cell.insert("region".into(), json!(regions[i]));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut o = Map::new();
    o.insert("size".into(), json!(n));
    o.insert("grid".into(), Value::Array(grid));
    if let Some(t) = title {
        o.insert("title".into(), json!(t));
    }
    let names = |cells: &[usize]| -> Vec<String> { cells.iter().map(|&c| rc(c, n)).collect() };
    let mut add = |key: &str, entry: Value| {
        o.entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .expect("constraint arrays are arrays")
            .push(entry);
    };
    let mut flags: Vec<&str> = Vec::new();
    let mut negative: Vec<&str> = Vec::new();
    let has_dots = puzzle
        .constraints()
        .iter()
        .any(|c| matches!(c, Constraint::Kropki { .. } | Constraint::NegativeKropki));
    for c in puzzle.constraints() {
        match c {
            Constraint::Killer { cells, sum } => add(
                "killercage",
                match sum {
                    Some(s) => json!({"cells": names(cells), "value": s.to_string()}),
                    None => json!({ "cells": names(cells) }),
                },
            ),
            Constraint::Thermo(l) => add("thermometer", json!({"lines": [names(l)]})),
            Constraint::Whisper(l) => add("whispers", json!({"lines": [names(l)]})),
            Constraint::Renban(l) => add("renban", json!({"lines": [names(l)]})),
            Constraint::Palindrome(l) => add("palindrome", json!({"lines": [names(l)]})),
            Constraint::Between(l) => add("betweenline", json!({"lines": [names(l)]})),
            Constraint::RegionSum(l) => add("regionsumline", json!({"lines": [names(l)]})),
            Constraint::Arrow { circle, path } => {
                // The line starts in the circle, at a cell the path touches.
                let start = circle
                    .iter()
                    .copied()
                    .find(|&c| crate::sudoku::constraint::touching(c, path[0], n))
                    .unwrap_or(circle[0]);
                let mut line = vec![start];
                line.extend(path);
                add(
                    "arrow",
                    json!({"cells": names(circle), "lines": [names(&line)]}),
                );
            }
            Constraint::Kropki { dot, cells } => add(
                match dot {
                    Dot::White => "difference",
                    Dot::Black => "ratio",
                },
                json!({ "cells": names(cells) }),
            ),
            Constraint::Xv { mark, cells } => add(
                "xv",
                json!({"cells": names(cells), "value": match mark { Xv::X => "X", Xv::V => "V" }}),
            ),
            Constraint::Sandwich { line, sum } => {
                let cell = match line {
                    RowOrColumn::Row(r) => format!("R{}C0", r + 1),
                    RowOrColumn::Column(c) => format!("R0C{}", c + 1),
                };
                add(
                    "sandwichsum",
                    json!({"cell": cell, "value": sum.to_string()}),
                );
            }
            Constraint::LittleKiller { cells, sum } => {
                let (r, c) = ((cells[0] / n) as i64, (cells[0] % n) as i64);
                let (dr, dc) = match cells.get(1) {
                    Some(&b) => ((b / n) as i64 - r, (b % n) as i64 - c),
                    // One cell: point inwards from the nearer side.
                    None => (
                        if r < n as i64 / 2 { 1 } else { -1 },
                        if c < n as i64 / 2 { 1 } else { -1 },
                    ),
                };
                let direction = match (dr, dc) {
                    (1, 1) => "DR",
                    (1, _) => "DL",
                    (_, 1) => "UR",
                    _ => "UL",
                };
                add(
                    "littlekillersum",
                    json!({
                        "cell": format!("R{}C{}", r + 1 - dr, c + 1 - dc),
                        "direction": direction,
                        "cells": names(cells),
                        "value": sum.to_string(),
                    }),
                );
            }
            Constraint::Odd(cell) => add("odd", json!({ "cell": rc(*cell, n) })),
            Constraint::Even(cell) => add("even", json!({ "cell": rc(*cell, n) })),
            Constraint::Region(cells) => add("extraregion", json!({ "cells": names(cells) })),
            Constraint::Diagonal(Diagonal::Main) => flags.push("diagonal-"),
            Constraint::Diagonal(Diagonal::Anti) => flags.push("diagonal+"),
            Constraint::AntiKnight => flags.push("antiknight"),
            Constraint::AntiKing => flags.push("antiking"),
            Constraint::NonConsecutive => {
                if has_dots {
                    return Err(
                        "f-puzzles reads the non-consecutive rule beside Kropki dots as the negative white-dot rule, so the two cannot be written together".into(),
                    );
                }
                flags.push("nonconsecutive");
            }
            Constraint::NegativeKropki => negative.extend(["difference", "ratio"]),
            Constraint::NegativeXv => negative.push("xv"),
        }
    }
    for f in flags {
        o.insert(f.into(), json!(true));
    }
    if !negative.is_empty() {
        negative.sort();
        negative.dedup();
        o.insert("negative".into(), json!(negative));
    }
    Ok(Value::Object(o))
}
