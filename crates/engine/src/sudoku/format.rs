//! Sage's output formats, byte for byte: `to_string`, `to_list`,
//! `to_matrix`, `to_ascii` (the repr) and `to_latex`.
//!
//! Sage only has square boxes; for r×c boxes the drawings put a vertical
//! rule every c columns and a horizontal rule every r rows, and the LaTeX
//! array declares r box columns of c cells (`{|*{r}{*{c}{r}|}}`).

use super::grid::{symbol_char, Sudoku, SudokuError};
use super::shape::STRING_MAX_SIZE;

impl Sudoku {
    /// Sage's `to_string`: one character per cell, '.' blank, a = 10 ….
    pub fn to_sage_string(&self) -> Result<String, SudokuError> {
        if self.size() > STRING_MAX_SIZE {
            return Err(SudokuError::StringTooLarge { size: self.size() });
        }
        Ok(self
            .cells()
            .iter()
            .map(|&v| symbol_char(v).expect("values are at most the size"))
            .collect())
    }

    /// Sage's `to_list`.
    pub fn to_list(&self) -> Vec<u8> {
        self.cells().to_vec()
    }

    /// Sage's `to_list` as Python prints it: `[1, 0, 2]`.
    pub fn to_list_string(&self) -> String {
        let items: Vec<String> = self.cells().iter().map(u8::to_string).collect();
        format!("[{}]", items.join(", "))
    }

    /// Sage's `to_matrix` (rows of integers).
    pub fn to_matrix(&self) -> Vec<Vec<u8>> {
        self.cells()
            .chunks(self.size())
            .map(<[u8]>::to_vec)
            .collect()
    }

    /// Width of the widest entry, as Sage pads every entry of a matrix.
    fn entry_width(&self) -> usize {
        self.cells()
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
    }

    /// Sage's matrix print: `[0 4 0 0]` per row, entries right-aligned to
    /// the widest.
    pub fn to_matrix_string(&self) -> String {
        let w = self.entry_width();
        self.to_matrix()
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|v| format!("{v:>w$}")).collect();
                format!("[{}]", cells.join(" "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Sage's `to_ascii` (also its repr): boxes drawn with `+ - |`, blanks
    /// as spaces, entries right-aligned to the widest entry.
    pub fn to_ascii(&self) -> String {
        let shape = self.shape();
        let n = self.size();
        let w = self.entry_width();
        let segment = shape.box_cols * w + shape.box_cols - 1;
        let boxes_across = n / shape.box_cols;
        let rule = format!(
            "+{}",
            format!("{}+", "-".repeat(segment)).repeat(boxes_across)
        );
        let mut lines = vec![rule.clone()];
        for (r, row) in self.to_matrix().iter().enumerate() {
            let mut line = String::from("|");
            for (bc, group) in row.chunks(shape.box_cols).enumerate() {
                let cells: Vec<String> = group
                    .iter()
                    .map(|&v| match v {
                        0 => " ".repeat(w),
                        _ => format!("{v:>w$}"),
                    })
                    .collect();
                line.push_str(&cells.join(" "));
                line.push('|');
                debug_assert!(bc < boxes_across);
            }
            lines.push(line);
            if (r + 1) % shape.box_rows == 0 {
                lines.push(rule.clone());
            }
        }
        lines.join("\n")
    }

    /// The walkthrough seed's `.game` text: symbols (`.` blank) separated by
    /// spaces, `|` between boxes, `------+-------+------` between bands.
    /// Symbols above 9 are Sage's letters, so any size reads back.
    pub fn to_game(&self) -> String {
        let shape = self.shape();
        let n = self.size();
        let mut lines = Vec::new();
        for (r, row) in self.to_matrix().iter().enumerate() {
            let segments: Vec<String> = row
                .chunks(shape.box_cols)
                .map(|group| {
                    group
                        .iter()
                        .map(|&v| {
                            crate::sudoku::grid::symbol_char(v)
                                .unwrap_or('.')
                                .to_string()
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            if r > 0 && r % shape.box_rows == 0 {
                let last = segments.len() - 1;
                let rule: Vec<String> = segments
                    .iter()
                    .enumerate()
                    .map(|(k, seg)| {
                        let pad = usize::from(k > 0) + usize::from(k < last);
                        "-".repeat(seg.chars().count() + pad)
                    })
                    .collect();
                lines.push(rule.join("+"));
            }
            lines.push(segments.join(" | "));
        }
        debug_assert_eq!(lines.len(), n + n / shape.box_rows - 1);
        lines.join("\n")
    }

    /// Sage's `to_latex`: an `array` with rules around the boxes.
    pub fn to_latex(&self) -> String {
        let shape = self.shape();
        let n = self.size();
        let mut out = format!(
            "\\begin{{array}}{{|*{{{}}}{{*{{{}}}{{r}}|}}}}\\hline\n",
            n / shape.box_cols,
            shape.box_cols
        );
        for (r, row) in self.to_matrix().iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| match v {
                    0 => " ".to_string(),
                    _ => v.to_string(),
                })
                .collect();
            out.push_str(&cells.join("&"));
            out.push_str(if (r + 1) % shape.box_rows == 0 {
                "\\\\\\hline\n"
            } else {
                "\\\\\n"
            });
        }
        out.push_str("\\end{array}");
        out
    }
}
