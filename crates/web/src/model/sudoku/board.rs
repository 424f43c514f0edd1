//! The editor's model: the puzzle being edited (givens and pencil marks) and
//! its undo/redo history. Solving, validation and formats are the engine's.

use serde::{Deserialize, Serialize};
use tessera_engine::sudoku::{Shape, Sudoku};

/// Sizes offered in the size picker: (label, box rows, box cols) — the
/// engine's one shape table.
pub use tessera_engine::sudoku::shape::OFFERED as SIZES;

/// The largest side the editor displays (symbols 1-9 then A-Z).
pub const MAX_EDIT_SIZE: usize = 36;

/// The puzzle on the editor: givens (0 = blank) and candidate notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub shape: Shape,
    pub cells: Vec<u8>,
    /// Pencil marks: bit `v - 1` set when `v` is noted in the cell.
    #[serde(default)]
    pub notes: Vec<u64>,
}

impl Board {
    pub fn empty(shape: Shape) -> Board {
        Board {
            shape,
            cells: vec![0; shape.cells()],
            notes: vec![0; shape.cells()],
        }
    }

    pub fn from_sudoku(s: &Sudoku) -> Board {
        Board {
            shape: s.shape(),
            cells: s.cells().to_vec(),
            notes: vec![0; s.cells().len()],
        }
    }

    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// Is this a board the editor can show (e.g. read back from storage)?
    pub fn is_valid(&self) -> bool {
        let n = self.shape.size();
        Shape::new(self.shape.box_rows, self.shape.box_cols) == Some(self.shape)
            && n <= MAX_EDIT_SIZE
            && self.cells.len() == n * n
            && self.notes.len() == n * n
            && self.cells.iter().all(|&v| (v as usize) <= n)
    }

    /// Repair what serde cannot check (missing notes) and validate.
    pub fn normalized(mut self) -> Option<Board> {
        if self.notes.len() != self.cells.len() {
            self.notes = vec![0; self.cells.len()];
        }
        self.is_valid().then_some(self)
    }

    /// The engine's view of the givens.
    pub fn sudoku(&self) -> Sudoku {
        let values: Vec<i64> = self.cells.iter().map(|&v| i64::from(v)).collect();
        Sudoku::from_list(&values, Some(self.shape)).expect("a valid board is a valid Sudoku")
    }

    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_empty(&self) -> bool {
        self.clues() == 0 && self.notes.iter().all(|&m| m == 0)
    }
}

pub use crate::model::format::symbol;

/// The value of a typed key, if it is a symbol of a grid of side `n`:
/// digits 1-9, letters a/A = 10 … (case-insensitive).
pub fn key_value(key: &str, n: usize) -> Option<u8> {
    let mut chars = key.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let v = match c {
        '1'..='9' => c as u8 - b'0',
        'a'..='z' => c as u8 - b'a' + 10,
        'A'..='Z' => c as u8 - b'A' + 10,
        _ => return None,
    };
    ((v as usize) <= n).then_some(v)
}

/// Undo/redo stacks of whole states: the editor's boards and the play
/// mode's layers ([`super::play::Layers`]) share this one history (a 25×25
/// board is under 6 KB, so whole snapshots are simpler than inverse edits).
#[derive(Clone, Debug, PartialEq)]
pub struct History<T = Board> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }
}

const HISTORY_LIMIT: usize = 300;

impl<T> History<T> {
    /// Record `before` as the state to return to.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    pub fn undo(&mut self, current: T) -> Option<T> {
        let b = self.undo.pop()?;
        self.redo.push(current);
        Some(b)
    }

    pub fn redo(&mut self, current: T) -> Option<T> {
        let b = self.redo.pop()?;
        self.undo.push(current);
        Some(b)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine() -> Board {
        Board::empty(Shape::square(3).unwrap())
    }

    #[test]
    fn keys_map_to_values_within_the_grid() {
        assert_eq!(key_value("5", 9), Some(5));
        assert_eq!(key_value("a", 16), Some(10));
        assert_eq!(key_value("G", 16), Some(16));
        assert_eq!(key_value("h", 16), None);
        assert_eq!(key_value("7", 6), None);
        assert_eq!(key_value("0", 9), None);
        assert_eq!(key_value("12", 16), None);
        assert_eq!(key_value("", 9), None);
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut h: History = History::default();
        assert!(!h.can_undo() && !h.can_redo());
        let a = nine();
        let mut b = a.clone();
        b.cells[0] = 5;
        h.record(a.clone());
        assert!(h.can_undo());
        assert_eq!(h.undo(b.clone()), Some(a.clone()));
        assert!(h.can_redo());
        assert_eq!(h.redo(a.clone()), Some(b.clone()));
        // A new edit drops what could be redone.
        h.undo(b.clone());
        h.record(a.clone());
        assert!(!h.can_redo());
        assert_eq!(h.redo(a), None);
    }

    #[test]
    fn history_keeps_the_latest_states_only() {
        let mut h: History = History::default();
        for i in 0..(HISTORY_LIMIT + 5) {
            let mut b = nine();
            b.cells[0] = (i % 9 + 1) as u8;
            h.record(b);
        }
        let mut n = 0;
        let mut cur = nine();
        while let Some(b) = h.undo(cur) {
            cur = b;
            n += 1;
        }
        assert_eq!(n, HISTORY_LIMIT);
    }

    #[test]
    fn boards_count_clues_and_know_when_empty() {
        let mut b = nine();
        assert!(b.is_empty() && b.is_valid());
        b.notes[3] = 0b101;
        assert!(!b.is_empty());
        b.cells[0] = 9;
        assert_eq!(b.clues(), 1);
        assert_eq!(Board::from_sudoku(&b.sudoku()).cells, b.cells);
    }
}
