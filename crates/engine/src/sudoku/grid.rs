//! The Sudoku grid: construction from Sage's three input forms (string,
//! list, matrix), a tolerant importer for pasted text, and validation whose
//! errors say what is wrong and where.
//!
//! Positions in messages are 1-based ("r2c5" = row 2, column 5; "position
//! 7" = the 7th character or entry), because they are read by people.

use super::shape::{Shape, MAX_SIZE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything that can be wrong with a puzzle or a request about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SudokuError {
    /// Nothing to read.
    Empty,
    /// The cell count is not a fourth power (Sage: "dimension … must be a
    /// perfect square"); `dimension` is Sage's rounded square root.
    Dimension { dimension: usize, cells: usize },
    /// The cell count does not fit the requested box shape.
    ShapeLength { shape: Shape, cells: usize },
    /// Larger than [`MAX_SIZE`] symbols.
    TooLarge { size: usize },
    /// A matrix whose rows are not all as long as there are rows.
    NotSquare { rows: usize, row: usize, len: usize },
    /// A character that is not a symbol (Sage: "has an invalid entry").
    InvalidChar { position: usize, ch: char },
    /// A string character whose value is above the size (Sage: "has an
    /// invalid entry").
    SymbolTooLarge {
        position: usize,
        ch: char,
        value: u8,
        size: usize,
    },
    /// A value outside `0..=size` (Sage: "has an invalid entry").
    InvalidValue {
        position: usize,
        value: i64,
        size: usize,
    },
    /// Two equal givens in one unit.
    Duplicate {
        symbol: u8,
        unit: String,
        first: usize,
        second: usize,
        size: usize,
    },
    /// Sage's string form stops at 36 symbols.
    StringTooLarge { size: usize },
    /// An algorithm name we do not know.
    UnknownAlgorithm(String),
    /// A symmetry name we do not know.
    UnknownSymmetry(String),
    /// A difficulty name we do not know.
    UnknownDifficulty(String),
    /// A model format name we do not know.
    UnknownModelFormat(String),
    /// A SAT encoding name we do not know.
    UnknownEncoding(String),
}

/// "r2c5" for a cell index.
pub fn cell_name(cell: usize, size: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

impl fmt::Display for SudokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SudokuError::Empty => write!(f, "the puzzle is empty: no cells were found"),
            SudokuError::Dimension { dimension, cells } => write!(
                f,
                "Sudoku puzzle dimension of {dimension} must be a perfect square: found {cells} cells, \
                 but a grid with square boxes has 1, 16, 81, 256, 625 or 1296 cells \
                 (for rectangular boxes give the box shape, e.g. 2x3 for 36 cells)"
            ),
            SudokuError::ShapeLength { shape, cells } => write!(
                f,
                "found {cells} cells, but a grid with {shape} boxes has {} cells",
                shape.cells()
            ),
            SudokuError::TooLarge { size } => write!(
                f,
                "a grid of size {size} is too large: at most {MAX_SIZE} symbols are supported"
            ),
            SudokuError::NotSquare { rows, row, len } => write!(
                f,
                "Sudoku puzzle must be a square matrix: it has {rows} rows but row {} has {len} entries",
                row + 1
            ),
            SudokuError::InvalidChar { position, ch } => write!(
                f,
                "Sudoku puzzle has an invalid entry: character '{}' at position {} is not a symbol \
                 (use '.' or '0' for blanks, 1-9, then a=10, b=11 …)",
                ch.escape_default(),
                position + 1
            ),
            SudokuError::SymbolTooLarge { position, ch, value, size } => write!(
                f,
                "Sudoku puzzle has an invalid entry: '{ch}' at position {} ({}) stands for {value}, \
                 but this grid only uses symbols 1..{size}",
                position + 1,
                cell_name(*position, *size)
            ),
            SudokuError::InvalidValue { position, value, size } => write!(
                f,
                "Sudoku puzzle has an invalid entry: {value} at position {} ({}) is outside 0..{size}",
                position + 1,
                cell_name(*position, *size)
            ),
            SudokuError::Duplicate { symbol, unit, first, second, size } => write!(
                f,
                "{} appears twice in {unit}: at {} and {}",
                symbol_name(*symbol),
                cell_name(*first, *size),
                cell_name(*second, *size)
            ),
            SudokuError::StringTooLarge { .. } => write!(
                f,
                "Sudoku string representation is only valid for puzzles of size 36 or smaller"
            ),
            SudokuError::UnknownAlgorithm(name) => write!(
                f,
                "{name} is not an algorithm for Sudoku puzzles: choose auto, dlx, backtrack or sat"
            ),
            SudokuError::UnknownSymmetry(name) => write!(
                f,
                "'{name}' is not a symmetry: choose rot180, mirror or none"
            ),
            SudokuError::UnknownDifficulty(name) => write!(
                f,
                "'{name}' is not a difficulty: choose easy, medium, hard or expert"
            ),
            SudokuError::UnknownModelFormat(name) => write!(
                f,
                "'{name}' is not a model format: choose cnf, lp, dot, edges, poly or minizinc"
            ),
            SudokuError::UnknownEncoding(name) => write!(
                f,
                "'{name}' is not an encoding: choose minimal, efficient or extended"
            ),
        }
    }
}

impl std::error::Error for SudokuError {}

/// How a symbol is written in messages: its number, plus its letter above 9.
fn symbol_name(symbol: u8) -> String {
    match symbol {
        1..=9 => symbol.to_string(),
        _ => match symbol_char(symbol) {
            Some(c) => format!("{symbol} ('{c}')"),
            None => symbol.to_string(),
        },
    }
}

/// The string-form character of a value: '.' for 0, '1'-'9', 'a' = 10 …
/// (Sage's `chr(x - 10 + ord('a'))`, so 36 is '{'); `None` above 36.
pub fn symbol_char(value: u8) -> Option<char> {
    match value {
        0 => Some('.'),
        1..=9 => Some((b'0' + value) as char),
        10..=36 => Some((b'a' + value - 10) as char),
        _ => None,
    }
}

/// Sage's reading of one string character: digits, '.', else
/// `ord(upper) - ord('A') + 10`; '{' (36, what Sage writes for 36) is
/// accepted so that every string we write reads back.
const fn char_value(ch: char) -> Option<u8> {
    match ch {
        '.' => Some(0),
        '0'..='9' => Some(ch as u8 - b'0'),
        'a'..='z' => Some(ch as u8 - b'a' + 10),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        '{' => Some(36),
        _ => None,
    }
}

/// [`char_value`] of every byte, [`NOT_A_SYMBOL`] where there is none.
static CHAR_VALUE: [u8; 256] = {
    let mut t = [NOT_A_SYMBOL; 256];
    let mut b = 0;
    while b < 128 {
        if let Some(v) = char_value(b as u8 as char) {
            t[b] = v;
        }
        b += 1;
    }
    t
};

/// Above every size a string can spell (36).
const NOT_A_SYMBOL: u8 = u8::MAX;

/// A Sudoku puzzle or grid: `size²` cells, row-major, 0 = blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sudoku {
    shape: Shape,
    cells: Vec<u8>,
}

impl Sudoku {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Sudoku {
        Sudoku {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// The shape for `cells` cells: the given one (checked) or square boxes.
    fn shape_for(cells: usize, shape: Option<Shape>) -> Result<Shape, SudokuError> {
        if cells == 0 {
            return Err(SudokuError::Empty);
        }
        match shape {
            Some(s) if s.cells() == cells => Ok(s),
            Some(s) => Err(SudokuError::ShapeLength { shape: s, cells }),
            None => {
                // Sage: size = round(sqrt(cells)), base = int(sqrt(size)).
                let dimension = (cells as f64).sqrt().round() as usize;
                let base = (dimension as f64).sqrt() as usize;
                if base.pow(4) != cells {
                    return Err(SudokuError::Dimension { dimension, cells });
                }
                if dimension > MAX_SIZE {
                    return Err(SudokuError::TooLarge { size: dimension });
                }
                Ok(Shape::square(base).expect("base checked against MAX_SIZE"))
            }
        }
    }

    /// Sage's string form: '.' or '0' blank, digits, 'a'/'A' = 10 … 'z' = 35.
    pub fn from_sage_str(s: &str, shape: Option<Shape>) -> Result<Sudoku, SudokuError> {
        // One table lookup per byte and one pass for the largest value,
        // errors looked for only when that is out of range: the benchmarks
        // parse every puzzle, and a branchy per-character loop was a tenth
        // of proving a 17-clue puzzle unique (more in wasm).
        let cells: Vec<u8> = s.bytes().map(|b| CHAR_VALUE[usize::from(b)]).collect();
        let max = cells.iter().fold(0, |m, &v| m.max(v));
        if max == NOT_A_SYMBOL && !s.is_ascii() {
            // Measured and located in characters, not bytes.
            let (position, ch) = s
                .chars()
                .enumerate()
                .find(|(_, ch)| !ch.is_ascii())
                .expect("a non-ASCII string has a non-ASCII char");
            Sudoku::shape_for(s.chars().count(), shape)?;
            return Err(SudokuError::InvalidChar { position, ch });
        }
        let shape = Sudoku::shape_for(s.len(), shape)?;
        let size = shape.size();
        if usize::from(max) > size {
            let position = cells
                .iter()
                .position(|&v| usize::from(v) > size)
                .expect("a value above the size");
            let ch = s.as_bytes()[position] as char;
            return Err(match char_value(ch) {
                None => SudokuError::InvalidChar { position, ch },
                Some(value) => SudokuError::SymbolTooLarge {
                    position,
                    ch,
                    value,
                    size,
                },
            });
        }
        Ok(Sudoku { shape, cells })
    }

    /// Sage's list form: row-major integers, 0 = blank.
    pub fn from_list(values: &[i64], shape: Option<Shape>) -> Result<Sudoku, SudokuError> {
        let shape = Sudoku::shape_for(values.len(), shape)?;
        let size = shape.size();
        let cells = values
            .iter()
            .enumerate()
            .map(|(position, &value)| {
                if value < 0 || value as usize > size {
                    Err(SudokuError::InvalidValue {
                        position,
                        value,
                        size,
                    })
                } else {
                    Ok(value as u8)
                }
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(Sudoku { shape, cells })
    }

    /// Sage's matrix form: rows of integers; must be square.
    pub fn from_matrix(rows: &[Vec<i64>], shape: Option<Shape>) -> Result<Sudoku, SudokuError> {
        if let Some((row, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != rows.len()) {
            return Err(SudokuError::NotSquare {
                rows: rows.len(),
                row,
                len: r.len(),
            });
        }
        let flat: Vec<i64> = rows.iter().flatten().copied().collect();
        Sudoku::from_list(&flat, shape)
    }

    /// A tolerant importer for pasted text. Accepts, after dropping lines
    /// that start with '#' and a URL's `bd=`, `s=` or `puzzle=` value:
    /// a list of integers (commas and/or whitespace, optional brackets —
    /// this also reads a matrix, one row per line) when there are as many
    /// numbers as cells; otherwise Sage's string form written over any
    /// number of lines (.sdk, .ss with `|` and `---` separators, 81-char).
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<Sudoku, SudokuError> {
        let text = url_parameter(text).unwrap_or(text);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let tokens: Vec<&str> = lines
            .iter()
            .flat_map(|l| l.split(|c: char| c == ',' || c == ';' || c.is_whitespace()))
            .map(|t| t.trim_matches(|c| c == '[' || c == ']' || c == '(' || c == ')'))
            .filter(|t| !t.is_empty())
            .collect();
        let numbers: Option<Vec<i64>> = tokens.iter().map(|t| t.parse::<i64>().ok()).collect();
        if let Some(numbers) = numbers {
            let cell_count_fits = match shape {
                Some(s) => numbers.len() == s.cells(),
                None => Shape::from_cell_count(numbers.len()).is_some(),
            };
            // One bare number is a list only when the shape says so (a
            // 1×1 grid's list `[0]`); otherwise it is read as a string.
            if (numbers.len() > 1 || shape.is_some()) && cell_count_fits {
                return Sudoku::from_list(&numbers, shape);
            }
        }
        // Sage's string form, over any number of lines: drop separators of
        // the .ss layout ('|' inside rows, lines of '-', '+', '=').
        let body: String = lines
            .iter()
            .filter(|l| !l.chars().all(|c| "-+=|*".contains(c) || c.is_whitespace()))
            .flat_map(|l| l.chars())
            .filter(|c| !c.is_whitespace() && *c != '|')
            .collect();
        Sudoku::from_sage_str(&body, shape)
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Side length = number of symbols.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// Cells, row-major, 0 = blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size() + col]
    }

    /// Set a cell (0 clears it). Values above the size are rejected.
    pub fn set(&mut self, row: usize, col: usize, value: u8) -> Result<(), SudokuError> {
        let size = self.size();
        let position = row * size + col;
        if value as usize > size || row >= size || col >= size {
            return Err(SudokuError::InvalidValue {
                position,
                value: value as i64,
                size,
            });
        }
        self.cells[position] = value;
        Ok(())
    }

    /// A grid with the same shape and other cells (e.g. a solution).
    pub fn with_cells(&self, cells: Vec<u8>) -> Sudoku {
        assert_eq!(cells.len(), self.cells.len(), "same shape");
        Sudoku {
            shape: self.shape,
            cells,
        }
    }

    /// Number of filled cells.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// Is every cell filled?
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }

    /// The cells of every unit: rows, then columns, then boxes, each with
    /// its name for messages.
    pub fn units(shape: Shape) -> Vec<(String, Vec<usize>)> {
        // The same units as `Kind::Standard(shape)`: one model.
        super::variant::block_units(shape, 0, 0, shape.size())
    }

    /// The first duplicate among the filled cells (rows, then columns,
    /// then boxes), as an error naming the unit and both cells.
    pub fn verify(&self) -> Result<(), SudokuError> {
        if !self.may_have_duplicate() {
            return Ok(());
        }
        let n = self.size();
        for (name, cells) in Sudoku::units(self.shape) {
            let mut seen = vec![usize::MAX; n + 1];
            for &cell in &cells {
                let v = self.cells[cell] as usize;
                if v == 0 {
                    continue;
                }
                if seen[v] != usize::MAX {
                    return Err(SudokuError::Duplicate {
                        symbol: v as u8,
                        unit: name,
                        first: seen[v],
                        second: cell,
                        size: n,
                    });
                }
                seen[v] = cell;
            }
        }
        Ok(())
    }

    /// An allocation-free screen for [`Sudoku::verify`], which solving runs
    /// on every puzzle: building the named units costs more than solving a
    /// typical 9×9 puzzle. `false` means there is certainly no duplicate;
    /// `true` sends the caller to the naming path.
    fn may_have_duplicate(&self) -> bool {
        let n = self.size();
        if n > 64 {
            return true;
        }
        let (mut rows, mut cols, mut boxes) = ([0u64; 64], [0u64; 64], [0u64; 64]);
        for (i, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if v as usize > 64 {
                return true;
            }
            let (r, c) = (i / n, i % n);
            let b = self.shape.box_of(r, c);
            let bit = 1u64 << (v - 1);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return true;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        false
    }

    /// Every filled cell that shares its value with another cell of one of
    /// its units, ascending (for live highlighting in an editor).
    pub fn conflicts(&self) -> Vec<usize> {
        let units = Sudoku::units(self.shape);
        repeated_cells(&self.cells, units.iter().map(|(_, cells)| &cells[..]))
    }

    /// Is `solution` a complete, valid grid that keeps this puzzle's givens?
    pub fn is_solved_by(&self, solution: &Sudoku) -> bool {
        solution.shape == self.shape
            && solution.is_complete()
            && solution.verify().is_ok()
            && self
                .cells
                .iter()
                .zip(&solution.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

/// The puzzle inside a sharing link (`?bd=…`, `?s=…`, `?puzzle=…`).
fn url_parameter(text: &str) -> Option<&str> {
    let t = text.trim();
    if !(t.starts_with("http://") || t.starts_with("https://")) {
        return None;
    }
    let query = t.split_once('?')?.1;
    query
        .split(['&', '#'])
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| matches!(*k, "bd" | "s" | "puzzle"))
        .map(|(_, v)| v)
}

impl fmt::Display for Sudoku {
    /// Sage's repr: the ASCII drawing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_ascii())
    }
}

/// Every filled cell whose value another cell of one of `units` shares,
/// ascending (blanks are 0; values above 64 are not symbols and are
/// skipped). Standard grids and variants both highlight with it.
pub(crate) fn repeated_cells<'a>(
    values: &[u8],
    units: impl IntoIterator<Item = &'a [usize]>,
) -> Vec<usize> {
    let mut bad = vec![false; values.len()];
    for unit in units {
        let mut first = [usize::MAX; 65];
        for &cell in unit {
            let v = values.get(cell).copied().unwrap_or(0) as usize;
            if v == 0 || v > 64 {
                continue;
            }
            if first[v] == usize::MAX {
                first[v] = cell;
            } else {
                bad[first[v]] = true;
                bad[cell] = true;
            }
        }
    }
    (0..bad.len()).filter(|&i| bad[i]).collect()
}
