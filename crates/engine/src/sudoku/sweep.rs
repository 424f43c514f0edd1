//! The walkthrough seed's solver (`002`, a Python `Game`/`Cell` program),
//! replayed exactly: each cell keeps its possible values ("pvals"); a
//! *sweep* visits the cells row by row and narrows each against its box,
//! row and column; sweeps repeat until nothing changes; a stuck game
//! *splits* on the cell with the fewest pvals into one game per value, and
//! the games are *explored* depth first.
//!
//! Why a second logic solver beside `logic`: this one is the seed's own
//! narrative (its rule order, its "last chance" rule, its messages), which
//! a reader follows step by step; `logic` is the named-technique solver.
//!
//! The text form is the seed's `.game` file: nine rows of `. . . | . . . |
//! . . .`, rows of boxes separated by `------+-------+------`, letters
//! tagging blank cells; several games in one text are separated by blank
//! lines.

use std::fmt;

/// All nine values as bits (bit v-1 for value v).
const ALL: u16 = 0x1FF;

/// A `.game` text that cannot be read: what is wrong and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// 1-based line of the text.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for GameError {}

/// One game: per cell its value (0: not set), its pvals and its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    vals: [u8; 81],
    pvals: [u16; 81],
    tags: [Option<char>; 81],
    /// The first cell that failed, with its message (the seed's
    /// `cell.error`), once a sweep meets one.
    error: Option<(usize, String)>,
}

/// Cells of the three groups of cell `i`, the seed's order: box, row,
/// column; each in row-major order, without `i`.
fn groups(i: usize) -> [Vec<usize>; 3] {
    let (r, c) = (i / 9, i % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let boxed = (0..9)
        .map(|k| (br + k / 3) * 9 + bc + k % 3)
        .filter(|&j| j != i)
        .collect();
    let row = (0..9).map(|k| r * 9 + k).filter(|&j| j != i).collect();
    let col = (0..9).map(|k| k * 9 + c).filter(|&j| j != i).collect();
    [boxed, row, col]
}

fn values(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |v| mask >> (v - 1) & 1 == 1)
}

/// "(r,c)" 1-based, as the seed prints cells.
pub fn cell_name(i: usize) -> String {
    format!("({},{})", i / 9 + 1, i % 9 + 1)
}

/// What a sweep did: the cells it set (in the order it set them) and
/// whether any pvals changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sweep {
    pub changed: bool,
    /// (cell, value), for the seed's tracking lines "Set (r,c) to v".
    pub set: Vec<(usize, u8)>,
    /// Cells whose pvals shrank (set or not).
    pub narrowed: usize,
    /// The values after the sweep (0: not set), for "before/after" views.
    pub after: Vec<u8>,
}

impl Sweep {
    /// The seed's tracking lines.
    pub fn lines(&self) -> Vec<String> {
        self.set
            .iter()
            .map(|&(i, v)| format!("Set {} to {v}", cell_name(i)))
            .collect()
    }
}

impl Game {
    /// A game from 81 values (0 = blank).
    pub fn from_values(values: &[u8; 81]) -> Game {
        Game {
            vals: *values,
            pvals: values.map(|v| if v == 0 { ALL } else { 1 << (v - 1) }),
            tags: [None; 81],
            error: None,
        }
    }

    pub fn values(&self) -> &[u8; 81] {
        &self.vals
    }

    /// The first error a sweep met: the cell and the seed's message.
    pub fn error(&self) -> Option<&(usize, String)> {
        self.error.as_ref()
    }

    /// The seed's error line: "(1,1)=1 Not all values 1-9 possible in [...]".
    pub fn error_text(&self) -> Option<String> {
        self.error
            .as_ref()
            .map(|(i, m)| format!("{}={} {m}", cell_name(*i), self.vals[*i]))
    }

    pub fn valid(&self) -> bool {
        self.error.is_none()
    }

    pub fn finished(&self) -> bool {
        self.vals.iter().all(|&v| v != 0)
    }

    /// The pvals of a cell, ascending.
    pub fn pvals(&self, i: usize) -> Vec<u8> {
        values(self.pvals[i]).collect()
    }

    /// The seed's `Cell.update_pvals`: narrow cell `i` against each of its
    /// groups in turn (box, row, column). In a group: if the others' pvals
    /// together with this cell's miss a value, that is an error; if the
    /// others together miss exactly one value, this cell must take it (the
    /// "last chance" rule); otherwise every pvals set shared by as many
    /// others as it has values is discarded from this cell.
    fn update_pvals(&mut self, i: usize) -> bool {
        for friends in groups(i) {
            // (pvals, how many others have exactly them), first-seen order.
            let mut discards: Vec<(u16, u32)> = Vec::new();
            let mut grpvals = 0u16;
            for &j in &friends {
                let key = self.pvals[j];
                match discards.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, n)) => *n += 1,
                    None => discards.push((key, 1)),
                }
                grpvals |= key;
            }
            if grpvals | self.pvals[i] != ALL {
                let list: Vec<String> = friends
                    .iter()
                    .map(|&j| format!("{}={}", cell_name(j), self.vals[j]))
                    .collect();
                self.error = Some((
                    i,
                    format!("Not all values 1-9 possible in\n[{}]", list.join(", ")),
                ));
                return false;
            }
            let uncovered = ALL & !grpvals;
            if uncovered.count_ones() == 1 {
                self.pvals[i] = uncovered;
            } else {
                for &(key, n) in &discards {
                    if key.count_ones() == n {
                        self.pvals[i] &= !key;
                    }
                }
            }
            if self.pvals[i].count_ones() == 1 {
                self.vals[i] = values(self.pvals[i]).next().expect("one value");
            }
        }
        true
    }

    /// The seed's `Game.iterate`: one sweep over the cells, row by row,
    /// stopping at the first error.
    pub fn iterate(&mut self) -> Sweep {
        let mut sweep = Sweep::default();
        for i in 0..81 {
            let earlier = self.pvals[i];
            let ok = self.update_pvals(i);
            if !ok {
                sweep.after = self.vals.to_vec();
                return sweep;
            }
            if self.pvals[i] != earlier {
                sweep.changed = true;
                sweep.narrowed += 1;
                if self.pvals[i].count_ones() == 1 {
                    sweep.set.push((i, self.vals[i]));
                }
            }
        }
        sweep.after = self.vals.to_vec();
        sweep
    }

    /// Sweep until nothing changes or an error; every sweep's record.
    pub fn settle(&mut self) -> Vec<Sweep> {
        let mut out = Vec::new();
        loop {
            let s = self.iterate();
            let changed = s.changed;
            out.push(s);
            if !changed || !self.valid() {
                return out;
            }
        }
    }

    /// The seed's `Game.split`: the first cell with the fewest pvals (more
    /// than one), and one game per value, ascending.
    pub fn split(&self) -> Option<(usize, Vec<Game>)> {
        let cell = (0..81)
            .filter(|&i| self.pvals[i].count_ones() > 1)
            .min_by_key(|&i| self.pvals[i].count_ones())?;
        let kids = values(self.pvals[cell])
            .map(|v| {
                let mut g = self.clone();
                g.vals[cell] = v;
                g.pvals[cell] = 1 << (v - 1);
                g
            })
            .collect();
        Some((cell, kids))
    }

    /// The seed's `display`: nine rows, boxes separated.
    pub fn display(&self) -> String {
        let mut out = String::new();
        for r in 0..9 {
            if r == 3 || r == 6 {
                out.push_str("------+-------+------\n");
            }
            let cells: Vec<String> = (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    match (self.vals[i], self.tags[i]) {
                        (0, Some(t)) => t.to_string(),
                        (0, None) => ".".to_string(),
                        (v, _) => v.to_string(),
                    }
                })
                .collect();
            out.push_str(&format!(
                "{} | {} | {}\n",
                cells[0..3].join(" "),
                cells[3..6].join(" "),
                cells[6..9].join(" ")
            ));
        }
        out
    }
}

/// Displays side by side, five spaces apart (the seed's `sideBySide`).
pub fn side_by_side(displays: &[String]) -> String {
    let columns: Vec<Vec<&str>> = displays.iter().map(|d| d.lines().collect()).collect();
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    let width = |col: &Vec<&str>| col.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (k, col) in columns.iter().enumerate() {
            let cell = col.get(row).copied().unwrap_or("");
            line.push_str(cell);
            if k + 1 < columns.len() {
                line.push_str(&" ".repeat(width(col) - cell.chars().count() + 5));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Read the games of a `.game` text: one per block of lines separated by
/// blank lines. Separator rows (`---+---`) are skipped; a row holds nine
/// cells, each a digit 1-9, `.` or `0` (blank) or a letter (a tagged
/// blank), with `|` between boxes.
pub fn parse_games(text: &str) -> Result<Vec<Game>, GameError> {
    let mut games = Vec::new();
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    let mut flush = |rows: &mut Vec<(usize, Vec<char>)>, at: usize| -> Result<(), GameError> {
        if rows.is_empty() {
            return Ok(());
        }
        if rows.len() != 9 {
            return Err(GameError {
                line: rows.first().map_or(at, |r| r.0),
                message: format!("a game has 9 rows, this one has {}", rows.len()),
            });
        }
        let mut vals = [0u8; 81];
        let mut tags = [None; 81];
        for (r, (_, cells)) in rows.iter().enumerate() {
            for (c, &ch) in cells.iter().enumerate() {
                match ch {
                    '1'..='9' => vals[r * 9 + c] = ch as u8 - b'0',
                    'a'..='z' | 'A'..='Z' => tags[r * 9 + c] = Some(ch),
                    _ => {}
                }
            }
        }
        let mut g = Game::from_values(&vals);
        g.tags = tags;
        games.push(g);
        rows.clear();
        Ok(())
    };
    for (k, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let n = k + 1;
        if line.is_empty() {
            flush(&mut rows, n)?;
            continue;
        }
        if line.starts_with('#') || line.chars().all(|c| matches!(c, '-' | '+' | ' ')) {
            continue;
        }
        let cells: Vec<char> = line
            .chars()
            .filter(|c| !matches!(c, ' ' | '|' | '\t'))
            .collect();
        if let Some(bad) = cells
            .iter()
            .find(|c| !(c.is_ascii_alphanumeric() || **c == '.'))
        {
            return Err(GameError {
                line: n,
                message: format!("'{bad}' is not a cell: use 1-9, '.' or a letter"),
            });
        }
        if cells.len() != 9 {
            return Err(GameError {
                line: n,
                message: format!("a row has 9 cells, this one has {}", cells.len()),
            });
        }
        rows.push((n, cells));
    }
    let end = text.lines().count() + 1;
    flush(&mut rows, end)?;
    Ok(games)
}

/// One node of the seed's exploration (`test5.py`'s `explore`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explored {
    /// Sweeping met an error: the game before and after, and the error.
    Invalid {
        /// The values when this game started (0: not set).
        start: Vec<u8>,
        before: String,
        after: String,
        error: String,
        sweeps: Vec<Sweep>,
    },
    /// Sweeping finished the grid.
    Finished {
        /// The values when this game started (0: not set).
        start: Vec<u8>,
        before: String,
        after: String,
        sweeps: Vec<Sweep>,
        values: Box<[u8; 81]>,
    },
    /// Stuck: split on `cell`; one child per value.
    Split {
        /// The values when this game started (0: not set).
        start: Vec<u8>,
        before: String,
        after: String,
        sweeps: Vec<Sweep>,
        cell: usize,
        children: Vec<(u8, Explored)>,
    },
}

/// Explore a game depth first, at most `max_nodes` games (the seed's
/// recursion is unbounded; a bad input must not run forever).
pub fn explore(game: &Game, max_nodes: usize) -> Option<Explored> {
    let mut budget = max_nodes;
    explore_in(game.clone(), &mut budget)
}

fn explore_in(mut game: Game, budget: &mut usize) -> Option<Explored> {
    *budget = budget.checked_sub(1)?;
    let start = game.vals.to_vec();
    let before = game.display();
    let sweeps = game.settle();
    let after = game.display();
    if !game.valid() {
        let error = game.error_text().unwrap_or_default();
        return Some(Explored::Invalid {
            start,
            before,
            after,
            error,
            sweeps,
        });
    }
    if game.finished() {
        return Some(Explored::Finished {
            start,
            before,
            after,
            sweeps,
            values: Box::new(game.vals),
        });
    }
    let (cell, kids) = game.split()?;
    let mut children = Vec::new();
    for kid in kids {
        let v = kid.vals[cell];
        children.push((v, explore_in(kid, budget)?));
    }
    Some(Explored::Split {
        start,
        before,
        after,
        sweeps,
        cell,
        children,
    })
}

impl Explored {
    /// The seed's `test5.py` output (with tracking lines when `track`).
    pub fn transcript(&self, track: bool) -> String {
        let mut out = String::new();
        self.write(track, &mut out);
        out
    }

    fn write(&self, track: bool, out: &mut String) {
        let tracked = |sweeps: &Vec<Sweep>, out: &mut String| {
            if track {
                for s in sweeps {
                    for l in s.lines() {
                        out.push_str(&l);
                        out.push('\n');
                    }
                }
            }
        };
        match self {
            Explored::Invalid {
                before,
                after,
                error,
                sweeps,
                ..
            } => {
                tracked(sweeps, out);
                out.push_str("\n        Before                    After   (Invalid)\n");
                out.push_str(&side_by_side(&[before.clone(), after.clone()]));
                out.push('\n');
                out.push_str(error);
                out.push('\n');
            }
            Explored::Finished {
                before,
                after,
                sweeps,
                ..
            } => {
                tracked(sweeps, out);
                out.push_str("\n        Before                    After   (Finished)\n");
                out.push_str(&side_by_side(&[before.clone(), after.clone()]));
            }
            Explored::Split {
                before,
                after,
                sweeps,
                children,
                ..
            } => {
                tracked(sweeps, out);
                let _ = before;
                let mut displays = vec![after.clone()];
                displays.extend(children.iter().map(|(_, c)| c.before().to_string()));
                out.push_str("\n        Before                    After   (Splits into .... )\n");
                out.push_str(&side_by_side(&displays));
                for (k, (_, child)) in children.iter().enumerate() {
                    if track {
                        out.push_str(&format!("Exploring split possibility {}\n", k + 1));
                    }
                    child.write(track, out);
                }
            }
        }
    }

    /// The game as it was before this node's sweeps.
    pub fn before(&self) -> &str {
        match self {
            Explored::Invalid { before, .. }
            | Explored::Finished { before, .. }
            | Explored::Split { before, .. } => before,
        }
    }

    /// The finished grids under this node, depth first.
    pub fn solutions(&self) -> Vec<[u8; 81]> {
        match self {
            Explored::Invalid { .. } => vec![],
            Explored::Finished { values, .. } => vec![**values],
            Explored::Split { children, .. } => {
                children.iter().flat_map(|(_, c)| c.solutions()).collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_box_row_column_without_the_cell() {
        let [b, r, c] = groups(0);
        assert_eq!(b, [1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(r, (1..9).collect::<Vec<_>>());
        assert_eq!(c, (1..9).map(|k| k * 9).collect::<Vec<_>>());
    }

    #[test]
    fn bad_text_is_named_with_its_line() {
        let e = parse_games(". . . | . . . | . . .\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("9 rows"), "{e}");
        let e = parse_games(". . . | . . . | . .\n").unwrap_err();
        assert!(e.message.contains("this one has 8"), "{e}");
        let e = parse_games(". . . | . ? . | . . .\n").unwrap_err();
        assert!(e.message.contains("'?'"), "{e}");
    }

    #[test]
    fn display_reads_back() {
        let text = "\
. . 1 | . 4 5 | . 7 .
5 9 7 | 2 . . | . . .
6 . . | . . 7 | 3 . 8
------+-------+------
7 . . | . 2 . | 5 3 .
9 . . | 4 . 6 | . . 1
. 4 2 | . 7 . | . . 9
------+-------+------
2 . 8 | 3 . . | . . 5
. . . | . . 8 | 2 1 3
. 5 . | 9 6 . | 4 . .
";
        let games = parse_games(&format!("{text}\n{text}")).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].display(), text);
    }
}
