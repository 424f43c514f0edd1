//! The play mode's game, as plain data: the givens (locked), the player's
//! digits, corner and centre marks, cell colours, auto-candidates with the
//! player's own eliminations, the selection, one undo/redo history over all
//! of it, the timer, and the two serialisations (localStorage and the share
//! link). The page binds it; nothing here touches the browser, so every
//! rule of play is tested natively.
//!
//! What a cell *may* hold comes from the engine: the peers of each cell
//! (`logic::board::Geometry` for standard grids, `Variant::peers` for the
//! variants) and, for Check and Reveal, the unique solution the worker
//! computed. The model never searches.

use super::board::History;
use serde::{Deserialize, Serialize};
use tessera_engine::sudoku::logic::board::Geometry;
use tessera_engine::sudoku::variant::Variant;
use tessera_engine::sudoku::Shape;

/// Cell colours offered: a palette of nine (keys 1-9 in colour mode).
pub const COLOURS: u8 = 9;

/// What a typed symbol does: SudokuPad's four modes. Shift types corner
/// marks and Ctrl centre marks whatever the mode is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    Digit,
    Corner,
    Centre,
    Colour,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Digit, Tool::Corner, Tool::Centre, Tool::Colour];

    pub fn id(self) -> &'static str {
        match self {
            Tool::Digit => "digit",
            Tool::Corner => "corner",
            Tool::Centre => "centre",
            Tool::Colour => "colour",
        }
    }
}

/// Who sees whom, and where cells sit on the drawn layout (for the arrow
/// keys): everything the game needs to know about the puzzle's rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Symbols `1..=size`.
    pub size: usize,
    pub width: usize,
    pub height: usize,
    /// Layout position (`row * width + col`) of each cell.
    pub positions: Vec<usize>,
    /// For each cell, the other cells sharing a unit with it.
    pub peers: Vec<Vec<usize>>,
}

impl Rules {
    /// A standard grid of any box shape (peers from the engine).
    pub fn standard(shape: Shape) -> Rules {
        let n = shape.size();
        Rules {
            size: n,
            width: n,
            height: n,
            positions: (0..n * n).collect(),
            peers: Geometry::new(shape).peers,
        }
    }

    /// Any variant grid: X-sudoku, jigsaw, Samurai (holes on the layout
    /// are simply positions no cell has).
    pub fn variant(v: &Variant) -> Rules {
        Rules {
            size: v.size(),
            width: v.width(),
            height: v.height(),
            positions: v.positions().to_vec(),
            peers: v.peers(),
        }
    }

    pub fn cells(&self) -> usize {
        self.positions.len()
    }

    /// The cell at a layout position (none for a hole).
    fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        let p = row * self.width + col;
        self.positions.iter().position(|&q| q == p)
    }

    /// "r3c7", 1-based, on the layout.
    pub fn cell_name(&self, cell: usize) -> String {
        let p = self.positions[cell];
        format!("r{}c{}", p / self.width + 1, p % self.width + 1)
    }
}

/// Everything undo/redo covers: what the player has put on the grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layers {
    /// The player's digits (0 = none; always 0 on a given).
    pub digits: Vec<u8>,
    /// Corner marks: bit `v - 1` for symbol `v`.
    pub corner: Vec<u64>,
    /// Centre marks (the player's own candidates).
    pub centre: Vec<u64>,
    /// Cell colour `1..=9`, 0 for none (givens may be coloured too).
    pub colours: Vec<u8>,
    /// Auto-candidates on: the centre marks shown are the candidates the
    /// placed digits allow, minus `struck`.
    pub auto: bool,
    /// Candidates the player eliminated while auto-candidates were on.
    pub struck: Vec<u64>,
}

impl Layers {
    fn empty(cells: usize) -> Layers {
        Layers {
            digits: vec![0; cells],
            corner: vec![0; cells],
            centre: vec![0; cells],
            colours: vec![0; cells],
            auto: false,
            struck: vec![0; cells],
        }
    }

    fn is_empty(&self) -> bool {
        *self == Layers::empty(self.digits.len())
    }
}

/// A stopwatch read with the caller's clock (`performance.now()` in the
/// page), so the model stays pure. Only the elapsed time is ever stored:
/// page clocks restart on reload.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timer {
    banked_ms: f64,
    since: Option<f64>,
}

impl Timer {
    pub fn from_elapsed(ms: f64) -> Timer {
        Timer {
            banked_ms: ms.max(0.0),
            since: None,
        }
    }

    pub fn elapsed(&self, now: f64) -> f64 {
        self.banked_ms + self.since.map_or(0.0, |s| (now - s).max(0.0))
    }

    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    pub fn start(&mut self, now: f64) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    pub fn stop(&mut self, now: f64) {
        self.banked_ms = self.elapsed(now);
        self.since = None;
    }
}

/// The game on the grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    rules: Rules,
    givens: Vec<u8>,
    layers: Layers,
    history: History<Layers>,
    /// Selected cells in the order chosen; the last is the cursor.
    selection: Vec<usize>,
    pub timer: Timer,
    /// The player pressed Pause (the clock also stops when the tab is
    /// hidden or the game is over, which is not this).
    pub paused: bool,
    /// Hints asked for and cells revealed (the finish screen shows them).
    pub hints: u32,
    pub reveals: u32,
    /// Time when the grid was completed correctly.
    pub finished_ms: Option<u64>,
}

/// What localStorage keeps for one puzzle (the givens are in the key).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub version: u32,
    pub layers: Layers,
    pub elapsed_ms: u64,
    #[serde(default)]
    pub paused: bool,
    #[serde(default)]
    pub hints: u32,
    #[serde(default)]
    pub reveals: u32,
    #[serde(default)]
    pub finished_ms: Option<u64>,
}

const SAVED_VERSION: u32 = 1;

/// The localStorage key of a puzzle's game: `id` names the puzzle (its
/// link payload, which holds the shape, the variant and the givens).
pub fn storage_key(id: &str) -> String {
    format!("tessera.play.v1.{id}")
}

/// A share link's payload: `<puzzle>` or `<puzzle>~<progress>`. `~` is
/// neither a Sage symbol nor used by the puzzle codecs.
pub fn split_link(payload: &str) -> (&str, Option<&str>) {
    match payload.split_once('~') {
        Some((p, rest)) => (p, Some(rest)),
        None => (payload, None),
    }
}

fn bit(v: u8) -> u64 {
    1u64 << (v - 1)
}

impl Game {
    /// A fresh game on `givens` (0 = blank); lengths and symbols checked.
    pub fn new(rules: Rules, givens: Vec<u8>) -> Result<Game, String> {
        if givens.len() != rules.cells() || rules.peers.len() != rules.cells() {
            return Err(format!(
                "the puzzle has {} cells but the grid {}",
                givens.len(),
                rules.cells()
            ));
        }
        if rules.size == 0 || rules.size > 64 {
            return Err(format!("{} symbols is not a grid to play", rules.size));
        }
        if let Some(i) = givens.iter().position(|&v| v as usize > rules.size) {
            return Err(format!(
                "{} holds {}, beyond the grid's {} symbols",
                rules.cell_name(i),
                givens[i],
                rules.size
            ));
        }
        let cells = rules.cells();
        Ok(Game {
            rules,
            givens,
            layers: Layers::empty(cells),
            history: History::default(),
            selection: vec![0],
            timer: Timer::default(),
            paused: false,
            hints: 0,
            reveals: 0,
            finished_ms: None,
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn cells(&self) -> usize {
        self.givens.len()
    }

    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    pub fn layers(&self) -> &Layers {
        &self.layers
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.givens[cell] != 0
    }

    /// What the cell shows: its given, else the player's digit, else 0.
    pub fn value(&self, cell: usize) -> u8 {
        match self.givens[cell] {
            0 => self.layers.digits[cell],
            g => g,
        }
    }

    /// Givens and the player's digits together.
    pub fn values(&self) -> Vec<u8> {
        (0..self.cells()).map(|i| self.value(i)).collect()
    }

    pub fn has_progress(&self) -> bool {
        !self.layers.is_empty()
    }

    // ----- selection -----

    pub fn selection(&self) -> &[usize] {
        &self.selection
    }

    pub fn cursor(&self) -> Option<usize> {
        self.selection.last().copied()
    }

    pub fn is_selected(&self, cell: usize) -> bool {
        self.selection.contains(&cell)
    }

    /// A plain click or tap: this cell only.
    pub fn select(&mut self, cell: usize) {
        if cell < self.cells() {
            self.selection = vec![cell];
        }
    }

    /// Shift/Ctrl-click: add the cell, or take it out if it was selected.
    pub fn toggle_select(&mut self, cell: usize) {
        if cell >= self.cells() {
            return;
        }
        if let Some(k) = self.selection.iter().position(|&c| c == cell) {
            if self.selection.len() > 1 {
                self.selection.remove(k);
            }
        } else {
            self.selection.push(cell);
        }
    }

    /// Dragging over a cell: add it (it becomes the cursor).
    pub fn extend_select(&mut self, cell: usize) {
        if cell >= self.cells() {
            return;
        }
        self.selection.retain(|&c| c != cell);
        self.selection.push(cell);
    }

    pub fn select_all(&mut self) {
        let cursor = self.cursor().unwrap_or(0);
        self.selection = (0..self.cells()).filter(|&c| c != cursor).collect();
        self.selection.push(cursor);
    }

    /// Arrow keys: move the cursor (skipping holes, stopping at the edge);
    /// with `extend` (Shift) the cells passed join the selection.
    pub fn move_cursor(&mut self, dr: isize, dc: isize, extend: bool) {
        let Some(cur) = self.cursor() else {
            return self.select(0);
        };
        let w = self.rules.width;
        let p = self.rules.positions[cur];
        let (mut r, mut c) = ((p / w) as isize, (p % w) as isize);
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= self.rules.height as isize || c >= w as isize {
                return;
            }
            if let Some(cell) = self.rules.cell_at(r as usize, c as usize) {
                if extend {
                    self.extend_select(cell);
                } else {
                    self.select(cell);
                }
                return;
            }
        }
    }

    // ----- editing (every change is one undo step) -----

    /// Apply a change to the layers as one undoable step; `false` if it
    /// changed nothing (no step recorded). A finished game is read-only.
    fn change(&mut self, edit: impl FnOnce(&mut Layers, &Game)) -> bool {
        if self.finished_ms.is_some() {
            return false;
        }
        let before = self.layers.clone();
        let mut after = before.clone();
        edit(&mut after, self);
        if after == before {
            return false;
        }
        self.history.record(before);
        self.layers = after;
        true
    }

    /// Selected cells the player may write in (not givens).
    fn open_selected(&self) -> Vec<usize> {
        self.selection
            .iter()
            .copied()
            .filter(|&c| !self.is_given(c))
            .collect()
    }

    /// Type symbol `v` with `tool` on every selected cell, SudokuPad's way:
    /// if all the cells concerned already have it, it comes off all of
    /// them; otherwise it goes on all of them. Digits skip givens, marks
    /// skip cells holding a digit, colours go anywhere.
    pub fn enter(&mut self, tool: Tool, v: u8) -> bool {
        let limit = match tool {
            Tool::Colour => COLOURS as usize,
            _ => self.rules.size,
        };
        if v == 0 || v as usize > limit {
            return false;
        }
        match tool {
            Tool::Digit => {
                let cells = self.open_selected();
                self.change(|l, _| {
                    let all = cells.iter().all(|&c| l.digits[c] == v);
                    for &c in &cells {
                        l.digits[c] = if all { 0 } else { v };
                    }
                })
            }
            Tool::Corner | Tool::Centre => {
                let cells: Vec<usize> = self
                    .open_selected()
                    .into_iter()
                    .filter(|&c| self.layers.digits[c] == 0)
                    .collect();
                if tool == Tool::Centre && self.layers.auto {
                    // Auto-candidates: the player eliminates (or restores)
                    // a candidate; the digits still decide what is allowed.
                    let shown: Vec<bool> = cells
                        .iter()
                        .map(|&c| self.candidates(c) & bit(v) != 0)
                        .collect();
                    let all = !cells.is_empty() && shown.iter().all(|&s| s);
                    return self.change(|l, _| {
                        for &c in &cells {
                            if all {
                                l.struck[c] |= bit(v);
                            } else {
                                l.struck[c] &= !bit(v);
                            }
                        }
                    });
                }
                self.change(|l, _| {
                    let layer = if tool == Tool::Corner {
                        &mut l.corner
                    } else {
                        &mut l.centre
                    };
                    let all = cells.iter().all(|&c| layer[c] & bit(v) != 0);
                    for &c in &cells {
                        if all {
                            layer[c] &= !bit(v);
                        } else {
                            layer[c] |= bit(v);
                        }
                    }
                })
            }
            Tool::Colour => {
                let cells = self.selection.clone();
                self.change(|l, _| {
                    let all = cells.iter().all(|&c| l.colours[c] == v);
                    for &c in &cells {
                        l.colours[c] = if all { 0 } else { v };
                    }
                })
            }
        }
    }

    /// Delete / Backspace, one layer at a time as SudokuPad does: the
    /// digits of the selection if any, else its marks (and eliminations),
    /// else its colours. In colour mode, colours first.
    pub fn erase(&mut self, tool: Tool) -> bool {
        let open = self.open_selected();
        let all = self.selection.clone();
        self.change(|l, _| {
            let clear_colours = |l: &mut Layers| {
                for &c in &all {
                    l.colours[c] = 0;
                }
            };
            if tool == Tool::Colour && all.iter().any(|&c| l.colours[c] != 0) {
                return clear_colours(l);
            }
            if open.iter().any(|&c| l.digits[c] != 0) {
                for &c in &open {
                    l.digits[c] = 0;
                }
            } else if open
                .iter()
                .any(|&c| l.corner[c] | l.centre[c] | l.struck[c] != 0)
            {
                for &c in &open {
                    l.corner[c] = 0;
                    l.centre[c] = 0;
                    l.struck[c] = 0;
                }
            } else {
                clear_colours(l);
            }
        })
    }

    /// A hint's step, applied as one undoable change: placements become
    /// the player's digits; eliminations strike the candidate when
    /// auto-candidates are on, else come off the centre marks — which are
    /// first filled with the cell's candidates when the player had none, so
    /// the marks then show the position the next hint reads.
    pub fn apply_step(&mut self, placements: &[(usize, u8)], eliminations: &[(usize, u8)]) -> bool {
        let cells = self.cells();
        let ok = |&(c, v): &(usize, u8)| c < cells && v >= 1 && v as usize <= self.rules.size;
        if !placements.iter().all(ok) || !eliminations.iter().all(ok) {
            return false;
        }
        let candidates: Vec<u64> = eliminations
            .iter()
            .map(|&(c, _)| self.candidates(c))
            .collect();
        let auto = self.layers.auto;
        self.change(|l, g| {
            for &(c, v) in placements {
                if !g.is_given(c) {
                    l.digits[c] = v;
                }
            }
            for (&(c, v), &cands) in eliminations.iter().zip(&candidates) {
                if g.is_given(c) || l.digits[c] != 0 {
                    continue;
                }
                if auto {
                    l.struck[c] |= bit(v);
                } else {
                    if l.centre[c] == 0 {
                        l.centre[c] = cands;
                    }
                    l.centre[c] &= !bit(v);
                }
            }
        })
    }

    /// Auto-candidates on or off (undoable). The player's eliminations are
    /// kept either way; the manual centre marks come back when it is off.
    pub fn toggle_auto(&mut self) -> bool {
        self.change(|l, _| l.auto = !l.auto)
    }

    pub fn undo(&mut self) -> bool {
        if self.finished_ms.is_some() {
            return false;
        }
        match self.history.undo(self.layers.clone()) {
            Some(l) => {
                self.layers = l;
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        if self.finished_ms.is_some() {
            return false;
        }
        match self.history.redo(self.layers.clone()) {
            Some(l) => {
                self.layers = l;
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        self.finished_ms.is_none() && self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.finished_ms.is_none() && self.history.can_redo()
    }

    /// Restart: the player's work goes (undoable, in case of a slip), the
    /// clock and the counters start again; the givens stay.
    pub fn restart(&mut self) {
        self.finished_ms = None;
        let cells = self.cells();
        self.change(|l, _| *l = Layers::empty(cells));
        self.timer = Timer::default();
        self.paused = false;
        self.hints = 0;
        self.reveals = 0;
    }

    // ----- what the grid shows -----

    /// The candidates of an empty cell that the placed values allow, minus
    /// the player's eliminations (0 for a filled cell).
    pub fn candidates(&self, cell: usize) -> u64 {
        if self.value(cell) != 0 {
            return 0;
        }
        let n = self.rules.size;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let allowed = self.rules.peers[cell]
            .iter()
            .map(|&p| self.value(p))
            .filter(|&v| v != 0)
            .fold(full, |m, v| m & !bit(v));
        allowed & !self.layers.struck[cell]
    }

    /// The centre marks drawn in a cell: the auto-candidates when on, else
    /// the player's own (none under a digit).
    pub fn centre_shown(&self, cell: usize) -> u64 {
        if self.value(cell) != 0 {
            0
        } else if self.layers.auto {
            self.candidates(cell)
        } else {
            self.layers.centre[cell]
        }
    }

    pub fn corner_shown(&self, cell: usize) -> u64 {
        if self.value(cell) != 0 {
            0
        } else {
            self.layers.corner[cell]
        }
    }

    /// Cells whose value repeats in one of their units.
    pub fn conflicts(&self) -> Vec<bool> {
        let values = self.values();
        (0..self.cells())
            .map(|c| values[c] != 0 && self.rules.peers[c].iter().any(|&p| values[p] == values[c]))
            .collect()
    }

    /// Is every cell filled with no repeat? With a proper puzzle this is
    /// its solution (the only grid that satisfies every unit).
    pub fn is_complete(&self) -> bool {
        self.values().iter().all(|&v| v != 0) && !self.conflicts().iter().any(|&b| b)
    }

    /// The player's digits that differ from `solution` (Check).
    pub fn wrong(&self, solution: &[u8]) -> Vec<usize> {
        if solution.len() != self.cells() {
            return Vec::new();
        }
        (0..self.cells())
            .filter(|&c| {
                !self.is_given(c)
                    && self.layers.digits[c] != 0
                    && self.layers.digits[c] != solution[c]
            })
            .collect()
    }

    /// Reveal: the solution's digit in every selected open cell that does
    /// not already hold it (one undo step); the number of cells revealed.
    pub fn reveal(&mut self, solution: &[u8]) -> usize {
        if solution.len() != self.cells() {
            return 0;
        }
        let cells: Vec<usize> = self
            .open_selected()
            .into_iter()
            .filter(|&c| self.layers.digits[c] != solution[c])
            .collect();
        if self.change(|l, _| {
            for &c in &cells {
                l.digits[c] = solution[c];
            }
        }) {
            self.reveals += cells.len() as u32;
            cells.len()
        } else {
            0
        }
    }

    /// After a change: is the grid done? Stops the clock and freezes the
    /// game the first time; `true` only then.
    pub fn finish_if_complete(&mut self, now: f64) -> bool {
        if self.finished_ms.is_some() || !self.is_complete() {
            return false;
        }
        self.timer.stop(now);
        self.finished_ms = Some(self.timer.elapsed(now).round() as u64);
        self.selection.truncate(1);
        true
    }

    // ----- storage -----

    pub fn to_saved(&self, now: f64) -> Saved {
        Saved {
            version: SAVED_VERSION,
            layers: self.layers.clone(),
            elapsed_ms: self.timer.elapsed(now).round() as u64,
            paused: self.paused,
            hints: self.hints,
            reveals: self.reveals,
            finished_ms: self.finished_ms,
        }
    }

    /// The JSON kept in localStorage.
    pub fn storage_text(&self, now: f64) -> String {
        serde_json::to_string(&self.to_saved(now)).expect("plain data serialises")
    }

    /// A game continued from storage. The clock is stopped at the saved
    /// time; the page starts it unless the player had paused. What cannot
    /// be trusted is an error naming it — the caller starts afresh.
    pub fn from_storage(rules: Rules, givens: Vec<u8>, text: &str) -> Result<Game, String> {
        let saved: Saved =
            serde_json::from_str(text).map_err(|e| format!("it is not a saved game ({e})"))?;
        if saved.version != SAVED_VERSION {
            return Err(format!(
                "it was saved by another version of the game ({})",
                saved.version
            ));
        }
        let mut game = Game::new(rules, givens)?;
        game.check_layers(&saved.layers)?;
        game.layers = saved.layers;
        game.timer = Timer::from_elapsed(saved.elapsed_ms as f64);
        game.paused = saved.paused;
        game.hints = saved.hints;
        game.reveals = saved.reveals;
        game.finished_ms = saved.finished_ms;
        Ok(game)
    }

    /// Layers read from outside: right lengths, symbols in range, no digit
    /// on a given.
    fn check_layers(&self, l: &Layers) -> Result<(), String> {
        let n = self.cells();
        let lens = [
            ("digits", l.digits.len()),
            ("corner marks", l.corner.len()),
            ("centre marks", l.centre.len()),
            ("colours", l.colours.len()),
            ("eliminations", l.struck.len()),
        ];
        if let Some((what, len)) = lens.iter().find(|(_, len)| *len != n) {
            return Err(format!("it has {len} cells of {what} for a grid of {n}"));
        }
        let size = self.rules.size;
        let full = if size == 64 {
            u64::MAX
        } else {
            (1u64 << size) - 1
        };
        for c in 0..n {
            let name = || self.rules.cell_name(c);
            if l.digits[c] as usize > size {
                return Err(format!("{} holds {}, beyond {size}", name(), l.digits[c]));
            }
            if l.digits[c] != 0 && self.is_given(c) {
                return Err(format!(
                    "{} is a given but has a digit of the player's",
                    name()
                ));
            }
            if (l.corner[c] | l.centre[c] | l.struck[c]) & !full != 0 {
                return Err(format!("{} has marks beyond {size}", name()));
            }
            if l.colours[c] > COLOURS {
                return Err(format!(
                    "{} has colour {}, beyond {COLOURS}",
                    name(),
                    l.colours[c]
                ));
            }
        }
        Ok(())
    }

    // ----- the share link -----

    /// The player's progress for a link: `~`-separated sections, each a
    /// tag and sparse `cell:value` pairs in base 36 (`d` digits, `c`
    /// corner marks, `m` centre marks, `k` colours, `x` eliminations), `t`
    /// the seconds played, `a` auto-candidates on. Empty sections are left
    /// out; no progress is the empty string.
    pub fn progress_code(&self, now: f64) -> String {
        let l = &self.layers;
        let sparse = |tag: char, values: Vec<u64>| -> Option<String> {
            let pairs: Vec<String> = values
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0)
                .map(|(c, &v)| format!("{}:{}", base36(c as u64), base36(v)))
                .collect();
            (!pairs.is_empty()).then(|| format!("{tag}{}", pairs.join(",")))
        };
        let widen = |v: &[u8]| v.iter().map(|&x| u64::from(x)).collect::<Vec<u64>>();
        let mut parts: Vec<String> = [
            sparse('d', widen(&l.digits)),
            sparse('c', l.corner.clone()),
            sparse('m', l.centre.clone()),
            sparse('k', widen(&l.colours)),
            sparse('x', l.struck.clone()),
        ]
        .into_iter()
        .flatten()
        .collect();
        if l.auto {
            parts.push("a".into());
        }
        if parts.is_empty() {
            return String::new();
        }
        let secs = (self.timer.elapsed(now) / 1000.0).floor() as u64;
        if secs > 0 {
            parts.push(format!("t{}", base36(secs)));
        }
        parts.join("~")
    }

    /// Continue from a link's progress (replacing the player's layers, one
    /// undo step). A bad code names the section and changes nothing.
    pub fn apply_progress(&mut self, code: &str) -> Result<(), String> {
        let mut l = Layers::empty(self.cells());
        let mut secs = None;
        for part in code.split('~').filter(|p| !p.is_empty()) {
            // The tag is one character, which in a hand-edited link may be
            // any character (`split_at(1)` would panic inside one).
            let (tag, body) = part.split_at(part.chars().next().map_or(0, char::len_utf8));
            let what = match tag {
                "d" => "digits",
                "c" => "corner marks",
                "m" => "centre marks",
                "k" => "colours",
                "x" => "eliminations",
                "a" if body.is_empty() => {
                    l.auto = true;
                    continue;
                }
                "t" => {
                    secs = Some(from_base36(body).ok_or_else(|| {
                        format!("the time “{body}” in the progress is not a number")
                    })?);
                    continue;
                }
                _ => return Err(format!("the progress has an unknown part “{part}”")),
            };
            for pair in body.split(',') {
                let bad = || format!("the {what} in the progress have a bad entry “{pair}”");
                let (c, v) = pair.split_once(':').ok_or_else(bad)?;
                let (c, v) = (
                    from_base36(c).ok_or_else(bad)? as usize,
                    from_base36(v).ok_or_else(bad)?,
                );
                if c >= self.cells() {
                    return Err(format!(
                        "the {what} in the progress name cell {c}, beyond the grid's {}",
                        self.cells()
                    ));
                }
                let small = || u8::try_from(v).map_err(|_| bad());
                match tag {
                    "d" => l.digits[c] = small()?,
                    "c" => l.corner[c] = v,
                    "m" => l.centre[c] = v,
                    "k" => l.colours[c] = small()?,
                    _ => l.struck[c] = v,
                }
            }
        }
        self.check_layers(&l)
            .map_err(|e| format!("the progress does not fit this puzzle: {e}"))?;
        self.finished_ms = None;
        self.change(|layers, _| *layers = l);
        if let Some(s) = secs {
            self.timer = Timer::from_elapsed(s as f64 * 1000.0);
        }
        Ok(())
    }
}

fn base36(mut v: u64) -> String {
    if v == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while v > 0 {
        out.push(std::char::from_digit((v % 36) as u32, 36).expect("< 36"));
        v /= 36;
    }
    out.iter().rev().collect()
}

fn from_base36(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 13 {
        return None;
    }
    u64::from_str_radix(s, 36).ok()
}

/// "4:05" or "1:02:03" for the clock.
pub fn clock(ms: f64) -> String {
    let s = (ms / 1000.0).floor() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_engine::sudoku::Sudoku;

    /// Sage's first documented puzzle and its solution (checked below
    /// against the rules, not taken on trust).
    const PUZZLE: &str =
        "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

    fn nine() -> Shape {
        Shape::square(3).unwrap()
    }

    fn game() -> Game {
        let s = Sudoku::from_sage_str(PUZZLE, Some(nine())).unwrap();
        Game::new(Rules::standard(nine()), s.cells().to_vec()).unwrap()
    }

    /// The unique solution, by the engine (as the worker computes it).
    fn solution() -> Vec<u8> {
        let s = Sudoku::from_sage_str(PUZZLE, Some(nine())).unwrap();
        let mut search = s.search(tessera_engine::sudoku::Algorithm::Dlx).unwrap();
        let sols: Vec<Vec<u8>> = std::iter::from_fn(|| loop {
            match search.step(u64::MAX) {
                tessera_engine::search::Step::Solution(c) => return Some(c),
                tessera_engine::search::Step::Paused => continue,
                tessera_engine::search::Step::Done => return None,
            }
        })
        .collect();
        assert_eq!(sols.len(), 1, "the test puzzle is proper");
        sols[0].clone()
    }

    fn first_open(g: &Game) -> Vec<usize> {
        (0..81).filter(|&c| !g.is_given(c)).collect()
    }

    #[test]
    fn givens_are_locked_and_told_apart_from_digits() {
        let mut g = game();
        assert!(g.is_given(0));
        g.select(0);
        assert!(!g.enter(Tool::Digit, 7), "a given cannot be overwritten");
        assert_eq!(g.value(0), 5);
        assert!(!g.erase(Tool::Digit));
        g.select(1);
        assert!(g.enter(Tool::Digit, 2));
        assert_eq!(
            (g.value(1), g.is_given(1), g.layers().digits[1]),
            (2, false, 2)
        );
        assert_eq!(
            g.layers().digits[0],
            0,
            "givens never live in the digits layer"
        );
    }

    #[test]
    fn undo_and_redo_cover_every_kind_of_action() {
        let mut g = game();
        let open = first_open(&g);
        let (a, b) = (open[0], open[1]);
        let mut states = vec![g.layers().clone()];
        g.select(a);
        assert!(g.enter(Tool::Digit, 3));
        states.push(g.layers().clone());
        g.select(b);
        assert!(g.enter(Tool::Corner, 4));
        states.push(g.layers().clone());
        assert!(g.enter(Tool::Centre, 6));
        states.push(g.layers().clone());
        assert!(g.enter(Tool::Colour, 9));
        states.push(g.layers().clone());
        assert!(g.toggle_auto());
        states.push(g.layers().clone());
        assert!(g.enter(Tool::Centre, g.candidates(b).trailing_zeros() as u8 + 1));
        states.push(g.layers().clone());
        assert!(g.erase(Tool::Digit));
        states.push(g.layers().clone());
        g.select(a);
        assert_eq!(g.reveal(&solution()), 1);
        states.push(g.layers().clone());
        g.restart();
        states.push(g.layers().clone());
        assert_eq!(states.len(), 10);
        assert!(
            states.windows(2).all(|w| w[0] != w[1]),
            "each action changed something"
        );
        // Walk all the way back, then all the way forward.
        for k in (0..states.len() - 1).rev() {
            assert!(g.undo());
            assert_eq!(g.layers(), &states[k], "undo to state {k}");
        }
        assert!(!g.undo() && !g.can_undo());
        for (k, s) in states.iter().enumerate().skip(1) {
            assert!(g.redo());
            assert_eq!(g.layers(), s, "redo to state {k}");
        }
        assert!(!g.redo());
        // A new action after an undo drops the redo branch.
        g.undo();
        g.select(a);
        g.enter(Tool::Colour, 1);
        assert!(!g.can_redo());
    }

    #[test]
    fn typing_applies_to_every_selected_cell() {
        let mut g = game();
        let open = first_open(&g);
        g.select(open[0]);
        g.toggle_select(open[1]);
        g.extend_select(open[2]);
        g.toggle_select(0); // a given: selectable, never written
        assert_eq!(g.selection().len(), 4);
        assert_eq!(g.cursor(), Some(0));
        assert!(g.enter(Tool::Digit, 8));
        for &c in &open[..3] {
            assert_eq!(g.value(c), 8);
        }
        assert_eq!(g.value(0), 5);
        // All already 8: typing 8 again clears them all (SudokuPad's toggle).
        assert!(g.enter(Tool::Digit, 8));
        assert!(open[..3].iter().all(|&c| g.value(c) == 0));
        // Mixed: one has the mark, the others get it; then all lose it.
        g.select(open[0]);
        g.enter(Tool::Corner, 1);
        g.toggle_select(open[1]);
        g.enter(Tool::Corner, 1);
        assert!(open[..2].iter().all(|&c| g.corner_shown(c) == 1));
        g.enter(Tool::Corner, 1);
        assert!(open[..2].iter().all(|&c| g.corner_shown(c) == 0));
        // Ctrl-click on a selected cell takes it out.
        g.toggle_select(open[1]);
        assert_eq!(g.selection(), &[open[0]]);
        g.toggle_select(open[0]);
        assert_eq!(g.selection(), &[open[0]], "the last cell stays selected");
        // Ctrl+A, and marks skip cells holding a digit.
        g.enter(Tool::Digit, 4);
        g.select_all();
        assert_eq!(g.selection().len(), 81);
        assert_eq!(g.cursor(), Some(open[0]));
        g.enter(Tool::Centre, 2);
        assert_eq!(g.layers().centre[open[0]], 0);
        assert_eq!(g.centre_shown(open[1]), 2);
        assert_eq!(g.layers().centre[0], 0, "no marks on givens");
        // Colours reach givens too; Delete in colour mode clears them.
        g.enter(Tool::Colour, 3);
        assert_eq!(g.layers().colours[0], 3);
        assert!(g.erase(Tool::Colour));
        assert!(g.layers().colours.iter().all(|&k| k == 0));
        assert!(!g.enter(Tool::Colour, 10), "a palette of nine");
    }

    #[test]
    fn shift_arrows_extend_the_selection_and_stop_at_the_edge() {
        let mut g = game();
        g.select(0);
        g.move_cursor(0, 1, true);
        g.move_cursor(1, 0, true);
        assert_eq!(g.selection(), &[0, 1, 10]);
        g.move_cursor(0, -1, false);
        assert_eq!(g.selection(), &[9]);
        g.move_cursor(0, -1, false);
        assert_eq!(g.selection(), &[9], "stops at the edge");
    }

    #[test]
    fn auto_candidates_follow_the_digits_and_keep_the_players_eliminations() {
        let mut g = game();
        let sol = solution();
        g.toggle_auto();
        // An open cell with an open peer whose answer is a candidate here,
        // and a third candidate to eliminate.
        let (cell, peer, wrong) = first_open(&g)
            .into_iter()
            .find_map(|cell| {
                let before = g.candidates(cell);
                g.rules().peers[cell].iter().copied().find_map(|p| {
                    let ok = !g.is_given(p) && before & bit(sol[p]) != 0;
                    let third =
                        (1..=9u8).find(|&d| before & bit(d) != 0 && d != sol[cell] && d != sol[p]);
                    ok.then_some(third).flatten().map(|w| (cell, p, w))
                })
            })
            .expect("such a cell exists in this puzzle");
        let before = g.candidates(cell);
        assert_ne!(before, 0);
        for &p in &g.rules().peers[cell] {
            if g.value(p) != 0 {
                assert_eq!(
                    before & bit(g.value(p)),
                    0,
                    "a peer's value is no candidate"
                );
            }
        }
        // The player eliminates a candidate that is not the answer.
        g.select(cell);
        assert!(g.enter(Tool::Centre, wrong));
        assert_eq!(g.centre_shown(cell), before & !bit(wrong));
        // A digit placed elsewhere (a peer) narrows it further; the
        // elimination stays.
        g.select(peer);
        g.enter(Tool::Digit, sol[peer]);
        assert_eq!(g.centre_shown(cell), before & !bit(wrong) & !bit(sol[peer]));
        // Taking the digit back returns that candidate, not the eliminated one.
        g.undo();
        assert_eq!(g.centre_shown(cell), before & !bit(wrong));
        // Typing the eliminated candidate again restores it.
        g.select(cell);
        g.enter(Tool::Centre, wrong);
        assert_eq!(g.centre_shown(cell), before);
        // Off: the player's own centre marks (none) are shown again.
        g.enter(Tool::Centre, wrong);
        g.toggle_auto();
        assert_eq!(g.centre_shown(cell), 0);
        g.toggle_auto();
        assert_eq!(
            g.centre_shown(cell),
            before & !bit(wrong),
            "eliminations survive off/on"
        );
    }

    #[test]
    fn check_finds_wrong_digits_and_reveal_fixes_them() {
        let mut g = game();
        let sol = solution();
        let open = first_open(&g);
        g.select(open[0]);
        let bad = sol[open[0]] % 9 + 1;
        g.enter(Tool::Digit, bad);
        g.select(open[1]);
        g.enter(Tool::Digit, sol[open[1]]);
        assert_eq!(g.wrong(&sol), vec![open[0]]);
        g.select(open[0]);
        g.toggle_select(open[1]);
        assert_eq!(g.reveal(&sol), 1, "only the wrong cell changes");
        assert_eq!(g.reveals, 1);
        assert!(g.wrong(&sol).is_empty());
    }

    #[test]
    fn a_complete_grid_finishes_the_game_and_stops_the_clock() {
        let mut g = game();
        let sol = solution();
        g.timer.start(1_000.0);
        let open = first_open(&g);
        for &c in &open[..open.len() - 1] {
            g.select(c);
            g.enter(Tool::Digit, sol[c]);
        }
        assert!(!g.finish_if_complete(5_000.0));
        let last = *open.last().unwrap();
        g.select(last);
        g.enter(Tool::Digit, sol[last] % 9 + 1);
        assert!(!g.is_complete(), "a wrong last digit clashes");
        g.enter(Tool::Digit, sol[last]);
        assert!(g.is_complete());
        assert!(g.finish_if_complete(61_000.0));
        assert_eq!(g.finished_ms, Some(60_000));
        assert_eq!(g.timer.elapsed(99_000.0), 60_000.0, "the clock stopped");
        assert!(
            !g.enter(Tool::Colour, 1) && !g.can_undo(),
            "a finished game is frozen"
        );
        assert_eq!(clock(60_000.0), "1:00");
        assert_eq!(clock(3_725_000.0), "1:02:05");
        g.restart();
        assert_eq!(g.finished_ms, None);
        assert!(!g.has_progress() && g.timer.elapsed(0.0) == 0.0);
    }

    fn played() -> Game {
        let mut g = game();
        let open = first_open(&g);
        g.select(open[0]);
        g.enter(Tool::Digit, 1);
        g.select(open[5]);
        g.enter(Tool::Corner, 3);
        g.enter(Tool::Corner, 7);
        g.select(open[6]);
        g.enter(Tool::Centre, 2);
        g.select(10);
        g.enter(Tool::Colour, 9);
        g.select(0);
        g.enter(Tool::Colour, 4);
        g.toggle_auto();
        g.select(open[7]);
        let d = g.candidates(open[7]).trailing_zeros() as u8 + 1;
        g.enter(Tool::Centre, d);
        g.hints = 2;
        g.timer.start(0.0);
        g
    }

    #[test]
    fn storage_round_trips_the_game_and_the_clock() {
        let g = played();
        let text = g.storage_text(83_400.0);
        let back = Game::from_storage(Rules::standard(nine()), g.givens().to_vec(), &text).unwrap();
        assert_eq!(back.layers(), g.layers());
        assert_eq!(
            (back.hints, back.paused, back.finished_ms),
            (2, false, None)
        );
        assert_eq!(back.timer.elapsed(0.0), 83_400.0);
        assert!(!back.timer.is_running(), "the page restarts the clock");
        assert!(!back.can_undo(), "history is per visit");
    }

    #[test]
    fn corrupt_storage_is_a_clear_error() {
        let g = played();
        let givens = g.givens().to_vec();
        let rules = || Rules::standard(nine());
        let err = Game::from_storage(rules(), givens.clone(), "{not json").unwrap_err();
        assert!(err.starts_with("it is not a saved game"), "{err}");
        let mut s = g.to_saved(0.0);
        s.layers.digits.pop();
        let err = Game::from_storage(rules(), givens.clone(), &serde_json::to_string(&s).unwrap())
            .unwrap_err();
        assert_eq!(err, "it has 80 cells of digits for a grid of 81");
        let mut s = g.to_saved(0.0);
        s.layers.digits[0] = 3;
        let err = Game::from_storage(rules(), givens.clone(), &serde_json::to_string(&s).unwrap())
            .unwrap_err();
        assert_eq!(err, "r1c1 is a given but has a digit of the player's");
        let mut s = g.to_saved(0.0);
        s.layers.colours[4] = 12;
        let err = Game::from_storage(rules(), givens.clone(), &serde_json::to_string(&s).unwrap())
            .unwrap_err();
        assert_eq!(err, "r1c5 has colour 12, beyond 9");
        let mut s = g.to_saved(0.0);
        s.version = 7;
        let err =
            Game::from_storage(rules(), givens, &serde_json::to_string(&s).unwrap()).unwrap_err();
        assert!(err.contains("another version"), "{err}");
    }

    #[test]
    fn the_link_carries_the_progress_or_nothing() {
        let g = played();
        let code = g.progress_code(125_000.0);
        assert!(code.contains("~a") && code.ends_with("~t3h"), "{code}");
        assert!(
            code.chars()
                .all(|c| c.is_ascii_alphanumeric() || "~:,".contains(c)),
            "URL-safe: {code}"
        );
        let mut other = game();
        other.apply_progress(&code).unwrap();
        assert_eq!(other.layers(), g.layers());
        assert_eq!(other.timer.elapsed(0.0), 125_000.0);
        assert!(other.can_undo(), "continuing from a link is undoable");
        // Only the puzzle: no progress at all.
        assert_eq!(game().progress_code(9_000.0), "");
        assert_eq!(split_link(PUZZLE), (PUZZLE, None));
        let link = format!("{PUZZLE}~{code}");
        assert_eq!(split_link(&link), (PUZZLE, Some(code.as_str())));
    }

    #[test]
    fn bad_progress_in_a_link_names_the_problem_and_changes_nothing() {
        let mut g = game();
        for (code, says) in [
            ("q1:2", "unknown part “q1:2”"),
            ("d1", "bad entry “1”"),
            ("dzz:1", "cell 1295, beyond the grid's 81"),
            ("d0:3", "r1c1 is a given"),
            ("d1:a", "r1c2 holds 10, beyond 9"),
            ("tx!", "time “x!”"),
        ] {
            let err = g.apply_progress(code).unwrap_err();
            assert!(err.contains(says), "{code}: {err}");
        }
        assert!(!g.has_progress() && !g.can_undo());
    }

    #[test]
    fn a_puzzle_that_does_not_fit_the_rules_is_refused() {
        let err = Game::new(Rules::standard(nine()), vec![0; 80]).unwrap_err();
        assert!(err.contains("80 cells"), "{err}");
        let mut cells = vec![0; 81];
        cells[3] = 10;
        let err = Game::new(Rules::standard(nine()), cells).unwrap_err();
        assert_eq!(err, "r1c4 holds 10, beyond the grid's 9 symbols");
    }

    #[test]
    fn a_hints_step_applies_as_one_undoable_change() {
        let mut g = game();
        let open = (0..81).find(|&c| !g.is_given(c)).unwrap();
        let other = (open + 1..81).find(|&c| !g.is_given(c)).unwrap();
        let cands = g.candidates(other);
        let v = (1..=9u8).find(|&v| cands & bit(v) != 0).unwrap();
        let before = g.layers().clone();
        // Manual marks: the eliminated cell's marks become its candidates
        // minus the digit.
        assert!(g.apply_step(&[(open, 4)], &[(other, v)]));
        assert_eq!(g.value(open), 4);
        assert_eq!(g.layers().centre[other] & bit(v), 0);
        assert_ne!(
            g.layers().centre[other],
            0,
            "marks filled from the candidates"
        );
        assert!(g.undo());
        assert_eq!(g.layers(), &before, "one undo takes the whole step back");
        // Auto-candidates: the digit is struck instead.
        g.toggle_auto();
        assert!(g.apply_step(&[], &[(other, v)]));
        assert_eq!(g.candidates(other) & bit(v), 0);
        assert_eq!(g.layers().centre[other], 0);
        // Givens are never written; out-of-range steps are refused whole.
        let given = (0..81).find(|&c| g.is_given(c)).unwrap();
        assert!(!g.apply_step(&[(given, 1)], &[]));
        assert!(!g.apply_step(&[(open, 10)], &[]));
        assert!(!g.apply_step(&[(81, 1)], &[]));
    }
    #[test]
    fn a_samurai_game_moves_over_holes_and_sees_across_grids() {
        let v = Variant::samurai();
        let rules = Rules::variant(&v);
        assert_eq!((rules.width, rules.height, rules.cells()), (21, 21, 369));
        let mut g = Game::new(rules, vec![0; 369]).unwrap();
        // r1c9 (top-left grid's last column) → right skips the hole to r1c13.
        let at = |r: usize, c: usize| v.cell_at(r - 1, c - 1).unwrap();
        g.select(at(1, 9));
        g.move_cursor(0, 1, false);
        assert_eq!(g.cursor(), Some(at(1, 13)));
        assert_eq!(g.rules().cell_name(at(1, 13)), "r1c13");
        // A corner box of the centre grid is shared: a digit there clashes
        // with the same digit in the centre grid's row and the corner grid's.
        g.select(at(7, 7));
        assert!(g.enter(Tool::Digit, 5));
        g.select(at(7, 15));
        assert!(g.enter(Tool::Digit, 5));
        let bad = g.conflicts();
        assert!(bad[at(7, 7)] && bad[at(7, 15)]);
        g.undo();
        g.select(at(1, 7));
        assert!(g.enter(Tool::Digit, 5));
        assert!(g.conflicts()[at(1, 7)], "top-left grid's column 7");
        // Marks and colours work on any cell.
        g.select(at(21, 21));
        assert!(g.enter(Tool::Corner, 3) && g.enter(Tool::Colour, 2));
        assert_eq!(g.corner_shown(at(21, 21)), 1 << 2);
    }

    #[test]
    fn an_x_game_sees_the_diagonals() {
        let v = Variant::x(nine());
        let mut g = Game::new(Rules::variant(&v), vec![0; 81]).unwrap();
        g.select(0);
        g.enter(Tool::Digit, 4);
        g.select(80);
        g.enter(Tool::Digit, 4);
        let bad = g.conflicts();
        assert!(bad[0] && bad[80], "r1c1 and r9c9 share the main diagonal");
        // The standard rules would not see it.
        let mut s = Game::new(Rules::standard(nine()), vec![0; 81]).unwrap();
        s.select(0);
        s.enter(Tool::Digit, 4);
        s.select(80);
        s.enter(Tool::Digit, 4);
        assert!(s.conflicts().iter().all(|&b| !b));
    }
}
