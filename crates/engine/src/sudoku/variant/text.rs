//! Reading and writing variant puzzles. X and jigsaw puzzles are ordinary
//! grid strings (the region map travels separately); a Samurai puzzle is
//! its five 9×9 grids in [`SAMURAI_GRIDS`] order (top-left, top-right,
//! centre, bottom-left, bottom-right) separated by whitespace or commas, or
//! the 21-line layout with spaces for the absent cells.

use super::super::grid::{symbol_char, Sudoku};
use super::super::shape::Shape;
use super::{Kind, Variant, VariantError, SAMURAI_GRIDS};

impl Variant {
    /// The shape the grid text of a non-Samurai variant is read with.
    fn text_shape(&self) -> Shape {
        match &self.kind {
            Kind::Standard(s) | Kind::X(s) => *s,
            _ => Shape::new(1, self.n).expect("n ≤ 36"),
        }
    }

    /// Parse a puzzle: one value per cell, 0 = blank. Checks length and
    /// symbols (not duplicates: see [`Variant::verify`]).
    pub fn parse(&self, text: &str) -> Result<Vec<u8>, VariantError> {
        if self.kind != Kind::Samurai {
            return Sudoku::parse(text, Some(self.text_shape()))
                .map(|s| s.cells().to_vec())
                .map_err(VariantError::Grid);
        }
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .collect();
        if lines.len() == self.height {
            return self.parse_layout(&lines);
        }
        let grids: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        if grids.len() != SAMURAI_GRIDS.len() {
            return Err(VariantError::SamuraiCount { found: grids.len() });
        }
        let shape = Shape::square(3).expect("3x3");
        let mut values = vec![0u8; self.cells()];
        // Which grid wrote each cell first, to name both in a disagreement.
        let mut writer = vec![usize::MAX; self.cells()];
        for (g, token) in grids.iter().enumerate() {
            let grid = Sudoku::from_sage_str(token, Some(shape))
                .map_err(|error| VariantError::SamuraiGrid { grid: g, error })?;
            let (_, top, left) = SAMURAI_GRIDS[g];
            for (i, &v) in grid.cells().iter().enumerate() {
                let cell = self
                    .cell_at(top + i / 9, left + i % 9)
                    .expect("Samurai grids lie on the layout");
                if v == 0 {
                    continue;
                }
                if values[cell] != 0 && values[cell] != v {
                    return Err(VariantError::Overlap {
                        cell: self.cell_name(cell),
                        first: (writer[cell], values[cell]),
                        second: (g, v),
                    });
                }
                values[cell] = v;
                writer[cell] = g;
            }
        }
        Ok(values)
    }

    /// The layout form: one line per layout row, a space for a hole, '.'
    /// or '0' for a blank cell.
    fn parse_layout(&self, lines: &[&str]) -> Result<Vec<u8>, VariantError> {
        let mut values = vec![0u8; self.cells()];
        for (r, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() > self.width {
                return Err(VariantError::Unsupported(format!(
                    "layout line {} has {} characters, but the layout is {} wide",
                    r + 1,
                    chars.len(),
                    self.width
                )));
            }
            for (c, &ch) in chars.iter().enumerate() {
                let cell = self.cell_at(r, c);
                let name = || format!("r{}c{}", r + 1, c + 1);
                match (cell, ch) {
                    (None, ' ') => {}
                    (None, _) => {
                        return Err(VariantError::Unsupported(format!(
                        "layout line {}: '{}' at {} lies outside the five grids (leave it a space)",
                        r + 1,
                        ch.escape_default(),
                        name()
                    )))
                    }
                    (Some(_), '.' | '0') => {}
                    (Some(cell), _) => match ch.to_digit(10) {
                        Some(d) => values[cell] = d as u8,
                        None => {
                            return Err(VariantError::Unsupported(format!(
                                "layout line {}: '{}' at {} is not a symbol (use '.' or 0-9)",
                                r + 1,
                                ch.escape_default(),
                                name()
                            )))
                        }
                    },
                }
            }
        }
        Ok(values)
    }

    /// One line: the grid string, or for Samurai its five grid strings
    /// separated by spaces ([`Variant::parse`] reads both back).
    pub fn to_line(&self, values: &[u8]) -> String {
        let ch = |v: u8| symbol_char(v).unwrap_or('?');
        if self.kind != Kind::Samurai {
            return values.iter().map(|&v| ch(v)).collect();
        }
        SAMURAI_GRIDS
            .iter()
            .map(|&(_, top, left)| {
                (0..81)
                    .map(|i| {
                        let cell = self.cell_at(top + i / 9, left + i % 9).expect("on layout");
                        ch(values[cell])
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The layout, one line per row, holes as spaces (trailing ones cut).
    pub fn to_layout(&self, values: &[u8]) -> String {
        let mut out = String::new();
        for r in 0..self.height {
            let line: String = (0..self.width)
                .map(|c| match self.cell_at(r, c) {
                    Some(cell) => symbol_char(values[cell]).unwrap_or('?'),
                    None => ' ',
                })
                .collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
