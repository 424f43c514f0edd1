//! The constraint editor ("Killer & more"): a setter draws killer cages,
//! thermometers, arrows, dots, lines and global rules on a grid, and sees
//! at every change whether the puzzle is unique. The puzzle is the engine's
//! `sudoku::constraint::Puzzle`; the tools are `model::sudoku::constraints`;
//! counting, solving and true candidates are the worker's `Constraint*`
//! jobs. This module draws and wires them.
//!
//! URL: `#sudoku/killer/<lz-string of the text form>`.

use crate::model::format::plural;
use crate::model::job::{Purpose, Tone};
use crate::model::route::{SudokuRoute, VariantRoute};
use crate::model::sudoku::constraints::{self as model, Rule, Tool};
use crate::ui::job::{JobProgress, JobRun, MessageLayout, ProgressText, StatusMessage};
use leptos::prelude::*;
use tessera_engine::sudoku::constraint::{
    text, Constraint, Diagonal, Dot, Puzzle, Regions, RowOrColumn, Xv,
};
use tessera_engine::sudoku::grid::cell_name;
use tessera_engine::sudoku::Shape;
use tessera_jobs::event::Event;
use tessera_jobs::jobs::constraint::{ConstraintCandidates, ConstraintCount, ConstraintSolve};
use web_sys::{KeyboardEvent, PointerEvent};

/// What the editor's job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CJob {
    Counting,
    Solving,
    Candidates,
}

impl Purpose for CJob {
    fn name(self) -> &'static str {
        match self {
            CJob::Counting => "counting",
            CJob::Solving => "solving",
            CJob::Candidates => "candidates",
        }
    }

    fn shows_progress(self) -> bool {
        self == CJob::Counting
    }
}

/// How many solves true candidates may use: enough for every cell of a
/// 9×9 (at most one per candidate), so the answer is exact there.
const CANDIDATE_SOLVES: u32 = 800;

/// The editor's state; `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
pub struct CBench {
    /// Nothing has been opened yet (the starter is, when the editor shows).
    fresh: RwSignal<bool>,
    /// The puzzle on screen (always a valid one).
    pub puzzle: RwSignal<Puzzle>,
    /// The text box: what the setter types, kept even when it does not
    /// parse.
    draft: RwSignal<String>,
    /// The selected cells, in the order they were picked.
    selection: RwSignal<Vec<usize>>,
    dragging: RwSignal<bool>,
    /// The sum box (cages, little killers).
    sum: RwSignal<String>,
    /// The puzzles before each edit, for Undo.
    history: RwSignal<Vec<Puzzle>>,
    /// The live count (to 2): solutions found and whether it finished.
    count: RwSignal<Option<(u128, bool)>>,
    counter: JobRun<CJob>,
    /// Solve and true candidates.
    run: JobRun<CJob>,
    solution: RwSignal<Option<Vec<u8>>>,
    candidates: RwSignal<Option<Vec<u64>>>,
}

impl CBench {
    /// An empty 9×9 until the editor is first shown, which opens the
    /// starter (or a link's puzzle): the Sudoku page's own module stays
    /// free of the text reader.
    pub fn new() -> CBench {
        let puzzle = Puzzle::with_boxes(Shape::NINE, Vec::new()).expect("an empty 9×9");
        CBench {
            fresh: RwSignal::new(true),
            draft: RwSignal::new(String::new()),
            puzzle: RwSignal::new(puzzle),
            selection: RwSignal::new(Vec::new()),
            dragging: RwSignal::new(false),
            sum: RwSignal::new(String::new()),
            history: RwSignal::new(Vec::new()),
            count: RwSignal::new(None),
            counter: JobRun::new(),
            run: JobRun::new(),
            solution: RwSignal::new(None),
            candidates: RwSignal::new(None),
        }
    }

    fn n(&self) -> usize {
        self.puzzle.with_untracked(Puzzle::size)
    }

    /// The URL payload of the puzzle on screen (tracked).
    pub fn fragment(&self) -> String {
        let text = self.puzzle.with(text::print);
        SudokuRoute::Variant(VariantRoute::Killer, model::payload(&text)).payload()
    }

    /// Open a link's payload (the part after `killer/`).
    pub fn load_payload(&self, payload: &str) -> Result<(), String> {
        let p = model::from_payload(payload)?;
        self.replace(p, false);
        Ok(())
    }

    /// Make `p` the puzzle: a new count starts, shown answers go.
    fn replace(&self, p: Puzzle, undoable: bool) {
        self.fresh.set(false);
        if self.puzzle.with_untracked(|q| *q == p) {
            return;
        }
        if undoable {
            let before = self.puzzle.get_untracked();
            self.history.update(|h| {
                h.push(before);
                if h.len() > 200 {
                    h.remove(0);
                }
            });
        }
        self.draft.set(text::print(&p));
        self.puzzle.set(p);
        self.run.abandon();
        self.solution.set(None);
        self.candidates.set(None);
        self.recount();
    }

    pub fn undo(&self) {
        let Some(p) = self.history.try_update(|h| h.pop()).flatten() else {
            return;
        };
        self.replace(p, false);
        self.say(Tone::Info, "Undone.");
    }

    fn say(&self, tone: Tone, text: impl Into<String>) {
        self.run.say(tone, text);
    }

    /// Say something in the editor's status line (an import's note).
    pub fn tell(&self, tone: Tone, text: impl Into<String>) {
        self.say(tone, text);
    }

    /// Count to 2 in the worker: the setter's "is it unique?".
    pub fn recount(&self) {
        let text = self.puzzle.with_untracked(text::print);
        self.count.set(Some((0, false)));
        let me = *self;
        self.counter.start(
            ConstraintCount {
                text,
                limit: Some(2),
            },
            CJob::Counting,
            move |_, e, _| match e {
                // A Cancel before the limit leaves the puzzle uncounted.
                Event::Done(stats) => me
                    .count
                    .set((!stats.cancelled || stats.limited).then_some((stats.solutions, true))),
                Event::Error(e) => {
                    me.count.set(None);
                    me.say(Tone::Error, e.message);
                }
                _ => {}
            },
        );
    }

    /// Add what the tool makes of the selection.
    pub fn apply(&self, tool: Tool) {
        let cells = self.selection.get_untracked();
        let sum_text = self.sum.get_untracked();
        let sum = match sum_text.trim() {
            "" => None,
            t => match t.parse::<u32>() {
                Ok(s) => Some(s),
                Err(_) => {
                    return self.say(
                        Tone::Error,
                        format!("The sum box holds '{t}': type a whole number, or leave it empty."),
                    )
                }
            },
        };
        let sum = if tool.takes_sum() { sum } else { None };
        let added = model::build(tool, &cells, sum)
            .and_then(|more| self.puzzle.with_untracked(|p| model::with_added(p, more)));
        match added {
            Ok(p) => {
                let n = p.size();
                let what = p
                    .constraints()
                    .last()
                    .map(|c| c.describe(n))
                    .unwrap_or_default();
                self.replace(p, true);
                self.selection.set(Vec::new());
                self.say(Tone::Info, format!("Added the {what}."));
            }
            Err(e) => self.say(Tone::Error, e),
        }
    }

    pub fn toggle(&self, rule: Rule) {
        let p = self.puzzle.with_untracked(|p| model::toggled(p, rule));
        self.replace(p, true);
    }

    pub fn remove(&self, index: usize) {
        let p = self.puzzle.with_untracked(|p| model::without(p, index));
        self.replace(p, true);
    }

    /// A digit (0 clears) in the last selected cell.
    pub fn set_given(&self, value: u8) {
        let Some(cell) = self.selection.with_untracked(|s| s.last().copied()) else {
            return self.say(Tone::Info, "Select a cell to give it a digit.");
        };
        match self
            .puzzle
            .with_untracked(|p| model::with_given(p, cell, value))
        {
            Ok(p) => self.replace(p, true),
            Err(e) => self.say(Tone::Error, e),
        }
    }

    /// The text box's puzzle, if it reads; else its error is said and the
    /// text stays as typed.
    pub fn apply_text(&self) {
        match text::parse(&self.draft.get_untracked()) {
            Ok(p) => {
                self.replace(p, true);
                self.say(Tone::Info, "Read the puzzle from the text.");
            }
            Err(e) => self.say(Tone::Error, format!("The text could not be read: {e}.")),
        }
    }

    /// A fresh grid of `n` (4, 6, 8 or 9) with nothing drawn.
    pub fn clear(&self, n: usize) {
        let p = text::parse(&format!("size {n}")).expect("an empty grid reads");
        self.selection.set(Vec::new());
        self.replace(p, true);
        self.say(Tone::Info, "A clean grid: select cells and pick a tool.");
    }

    pub fn starter(&self) {
        let p = text::parse(model::STARTER).expect("the starter puzzle reads");
        self.replace(p, true);
    }

    pub fn solve(&self) {
        let text = self.puzzle.with_untracked(text::print);
        self.candidates.set(None);
        self.say(Tone::Info, "Solving…");
        let me = *self;
        self.run.start(
            ConstraintSolve { text, batch: 1 },
            CJob::Solving,
            move |_, e, _| match e {
                Event::Item { item, .. } => {
                    me.solution.set(Some(item));
                    me.say(
                        Tone::Success,
                        "Solved: the digits in blue are the first solution.",
                    );
                }
                Event::Done(stats) if stats.solutions == 0 && !stats.cancelled => {
                    me.say(Tone::Error, "This puzzle has no solution.");
                }
                _ => {}
            },
        );
    }

    pub fn true_candidates(&self) {
        let text = self.puzzle.with_untracked(text::print);
        self.solution.set(None);
        self.say(Tone::Info, "Finding every cell's true candidates…");
        let me = *self;
        self.run.start(
            ConstraintCandidates {
                text,
                solves: CANDIDATE_SOLVES,
            },
            CJob::Candidates,
            move |_, e, _| {
                if let Event::Item { item, .. } = e {
                    let open = item.iter().filter(|m| m.count_ones() > 1).count();
                    if item.iter().all(|&m| m == 0) {
                        me.say(Tone::Error, "No solution: no cell has a candidate.");
                    } else {
                        me.say(
                            Tone::Success,
                            format!(
                                "True candidates: the digits some solution puts in each cell; {} open.",
                                plural(open as u128, "cell", "cells")
                            ),
                        );
                    }
                    me.candidates.set(Some(item));
                }
            },
        );
    }

    pub fn cancel(&self) {
        self.run.cancel();
        self.counter.cancel();
    }

    pub fn abandon_all(&self) {
        self.run.abandon();
        self.counter.abandon();
    }

    // ----- the selection -----

    fn pick(&self, cell: usize, extend: bool) {
        self.selection.update(|s| {
            if !extend {
                s.clear();
            }
            if !s.contains(&cell) {
                s.push(cell);
            }
        });
    }

    fn on_key(&self, e: &KeyboardEvent) -> bool {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return false;
        }
        let n = self.n();
        let last = self.selection.with_untracked(|s| s.last().copied());
        let step = |dr: isize, dc: isize| {
            let c = last.unwrap_or(0);
            let (r, col) = ((c / n) as isize + dr, (c % n) as isize + dc);
            if r >= 0 && col >= 0 && (r as usize) < n && (col as usize) < n {
                self.pick(r as usize * n + col as usize, e.shift_key());
            }
        };
        match e.key().as_str() {
            "ArrowUp" => step(-1, 0),
            "ArrowDown" => step(1, 0),
            "ArrowLeft" => step(0, -1),
            "ArrowRight" => step(0, 1),
            "Escape" => self.selection.set(Vec::new()),
            "Backspace" | "Delete" | "0" | "." => self.set_given(0),
            k => match k.parse::<u8>() {
                Ok(d) if d >= 1 && usize::from(d) <= n => self.set_given(d),
                _ => return false,
            },
        }
        true
    }
}

impl Default for CBench {
    fn default() -> Self {
        Self::new()
    }
}

// ----- drawing -----

/// The centre of a cell in grid units.
fn centre(c: usize, n: usize) -> (f64, f64) {
    ((c % n) as f64 + 0.5, (c / n) as f64 + 0.5)
}

fn points(cells: &[usize], n: usize) -> String {
    cells
        .iter()
        .map(|&c| {
            let (x, y) = centre(c, n);
            format!("{x:.3},{y:.3}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cage's dashed outline, inset from the cell borders, and its sum in
/// the corner of its top-left cell.
fn cage(cells: &[usize], sum: Option<u32>, n: usize) -> AnyView {
    const I: f64 = 0.09;
    let inside = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && cells.contains(&(r as usize * n + c as usize))
    };
    let mut d = String::new();
    for &cell in cells {
        let (r, c) = ((cell / n) as isize, (cell % n) as isize);
        let (x, y) = (c as f64, r as f64);
        let l = if inside(r, c - 1) { 0.0 } else { I };
        let rt = if inside(r, c + 1) { 0.0 } else { I };
        let t = if inside(r - 1, c) { 0.0 } else { I };
        let b = if inside(r + 1, c) { 0.0 } else { I };
        if !inside(r - 1, c) {
            d += &format!("M{:.3} {:.3}H{:.3}", x + l, y + I, x + 1.0 - rt);
        }
        if !inside(r + 1, c) {
            d += &format!("M{:.3} {:.3}H{:.3}", x + l, y + 1.0 - I, x + 1.0 - rt);
        }
        if !inside(r, c - 1) {
            d += &format!("M{:.3} {:.3}V{:.3}", x + I, y + t, y + 1.0 - b);
        }
        if !inside(r, c + 1) {
            d += &format!("M{:.3} {:.3}V{:.3}", x + 1.0 - I, y + t, y + 1.0 - b);
        }
    }
    let corner = cells.iter().copied().min().unwrap_or(0);
    let (x, y) = ((corner % n) as f64, (corner / n) as f64);
    view! {
        <g class="c-cage">
            <path d=d/>
            {sum.map(|s| view! {
                <rect class="c-sum-bg" x=x + 0.05 y=y + 0.04 width=0.14 + 0.11 * s.to_string().len() as f64 height=0.26 rx=0.03/>
                <text class="c-sum" x=x + 0.1 y=y + 0.25>{s.to_string()}</text>
            })}
        </g>
    }
    .into_any()
}

/// The midpoint of two cells.
fn between(a: usize, b: usize, n: usize) -> (f64, f64) {
    let ((xa, ya), (xb, yb)) = (centre(a, n), centre(b, n));
    ((xa + xb) / 2.0, (ya + yb) / 2.0)
}

/// Where an outside clue stands: one cell before `first`, away from
/// `next` (little killers), or left of a row / above a column.
fn outside(first: usize, next: Option<usize>, n: usize) -> (f64, f64) {
    let (x, y) = centre(first, n);
    match next {
        Some(nx) => {
            let (x2, y2) = centre(nx, n);
            (x - (x2 - x) * 0.8, y - (y2 - y) * 0.8)
        }
        None => (x, y),
    }
}

fn draw(c: &Constraint, n: usize) -> AnyView {
    match c {
        Constraint::Killer { cells, sum } => cage(cells, *sum, n),
        Constraint::Thermo(cells) => {
            let (x, y) = centre(cells[0], n);
            view! {
                <g class="c-thermo">
                    <circle cx=x cy=y r=0.34/>
                    <polyline points=points(cells, n)/>
                </g>
            }
            .into_any()
        }
        Constraint::Arrow { circle, path } => {
            let mut line = vec![*circle.last().unwrap_or(&0)];
            line.extend(path);
            let end = *path.last().unwrap_or(&0);
            let before = line[line.len().saturating_sub(2)];
            let ((x1, y1), (x2, y2)) = (centre(before, n), centre(end, n));
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-6);
            let (ux, uy) = (dx / len * 0.22, dy / len * 0.22);
            let head = format!(
                "M{:.3} {:.3}L{x2:.3} {y2:.3}L{:.3} {:.3}",
                x2 - ux - uy,
                y2 - uy + ux,
                x2 - ux + uy,
                y2 - uy - ux
            );
            view! {
                <g class="c-arrow">
                    {circle.iter().map(|&c| { let (x, y) = centre(c, n); view! { <circle cx=x cy=y r=0.4/> } }).collect_view()}
                    <polyline points=points(&line, n)/>
                    <path d=head/>
                </g>
            }
            .into_any()
        }
        Constraint::Kropki { dot, cells } => {
            let (x, y) = between(cells[0], cells[1], n);
            let class = match dot {
                Dot::White => "c-dot white",
                Dot::Black => "c-dot black",
            };
            view! { <circle class=class cx=x cy=y r=0.12/> }.into_any()
        }
        Constraint::Xv { mark, cells } => {
            let (x, y) = between(cells[0], cells[1], n);
            let t = match mark {
                Xv::X => "X",
                Xv::V => "V",
            };
            view! {
                <g class="c-xv">
                    <rect x=x - 0.13 y=y - 0.14 width=0.26 height=0.28 rx=0.05/>
                    <text x=x y=y + 0.095>{t}</text>
                </g>
            }
            .into_any()
        }
        Constraint::Sandwich { line, sum } => {
            let (x, y) = match line {
                RowOrColumn::Row(r) => (-0.38, *r as f64 + 0.5),
                RowOrColumn::Column(c) => (*c as f64 + 0.5, -0.3),
            };
            view! { <text class="c-outside" x=x y=y + 0.1>{sum.to_string()}</text> }.into_any()
        }
        Constraint::LittleKiller { cells, sum } => {
            let (x, y) = outside(cells[0], cells.get(1).copied(), n);
            view! { <text class="c-outside" x=x y=y + 0.1>{format!("{sum}↘")}</text> }.into_any()
        }
        Constraint::Whisper(cells) => line("c-line whisper", cells, n),
        Constraint::Renban(cells) => line("c-line renban", cells, n),
        Constraint::Palindrome(cells) => line("c-line palindrome", cells, n),
        Constraint::RegionSum(cells) => line("c-line regionsum", cells, n),
        Constraint::Between(cells) => {
            let ends = [cells[0], *cells.last().unwrap_or(&0)];
            view! {
                <g class="c-between">
                    <polyline points=points(cells, n)/>
                    {ends.iter().map(|&c| { let (x, y) = centre(c, n); view! { <circle cx=x cy=y r=0.36/> } }).collect_view()}
                </g>
            }
            .into_any()
        }
        Constraint::Odd(c) => {
            let (x, y) = centre(*c, n);
            view! { <circle class="c-parity" cx=x cy=y r=0.36/> }.into_any()
        }
        Constraint::Even(c) => {
            let (x, y) = centre(*c, n);
            view! { <rect class="c-parity" x=x - 0.34 y=y - 0.34 width=0.68 height=0.68/> }.into_any()
        }
        Constraint::Diagonal(d) => {
            let nf = n as f64;
            let (x1, x2) = match d {
                Diagonal::Main => (0.0, nf),
                Diagonal::Anti => (nf, 0.0),
            };
            view! { <line class="c-diagonal" x1=x1 y1=0 x2=x2 y2=nf/> }.into_any()
        }
        Constraint::Region(cells) => view! {
            <g class="c-region">
                {cells.iter().map(|&c| view! { <rect x=(c % n) as f64 y=(c / n) as f64 width=1 height=1/> }).collect_view()}
            </g>
        }
        .into_any(),
        Constraint::NegativeKropki
        | Constraint::NegativeXv
        | Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive => ().into_any(),
    }
}

fn line(class: &'static str, cells: &[usize], n: usize) -> AnyView {
    view! { <polyline class=class points=points(cells, n)/> }.into_any()
}

/// Box or region borders: a thick segment wherever two neighbours lie in
/// different regions, and around the grid.
fn borders(p: &Puzzle) -> String {
    let n = p.size();
    let region = p.regions().region_of();
    let mut d = String::new();
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            if c + 1 < n && region[i] != region[i + 1] {
                d += &format!("M{} {}V{}", c + 1, r, r + 1);
            }
            if r + 1 < n && region[i] != region[i + n] {
                d += &format!("M{} {}H{}", c, r + 1, c + 1);
            }
        }
    }
    d
}

/// The view box's margin around the grid, in cells: room for outside
/// clues (sandwich sums, little killers).
const MARGIN: f64 = 0.7;

/// The cell under a pointer, from its position over the grid.
fn cell_at(e: &PointerEvent, n: usize) -> Option<usize> {
    let target = wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(e.current_target()?).ok()?;
    let rect = target.get_bounding_client_rect();
    let units = n as f64 + 2.0 * MARGIN;
    let x = (f64::from(e.client_x()) - rect.left()) / rect.width() * units - MARGIN;
    let y = (f64::from(e.client_y()) - rect.top()) / rect.height() * units - MARGIN;
    (x >= 0.0 && y >= 0.0 && x < n as f64 && y < n as f64).then(|| y as usize * n + x as usize)
}

/// The grid: cells, regions, every constraint, the givens and any answer
/// shown (a solution, or true candidates).
#[component]
pub fn ConstraintGrid(cb: CBench) -> impl IntoView {
    let n = move || cb.puzzle.with(Puzzle::size);
    let view_box = move || {
        let n = n() as f64;
        format!(
            "-{MARGIN} -{MARGIN} {} {}",
            n + 2.0 * MARGIN,
            n + 2.0 * MARGIN
        )
    };
    let cells = move || {
        let n = n();
        let sel = cb.selection.get();
        (0..n * n)
            .map(|i| {
                let order = sel.iter().position(|&s| s == i);
                view! {
                    <rect class="c-cell" class:selected=order.is_some()
                        x=(i % n) as f64 y=(i / n) as f64 width=1 height=1
                        data-cell=i data-order=order.map(|o| o + 1)/>
                }
            })
            .collect_view()
    };
    let drawn = move || {
        cb.puzzle.with(|p| {
            let n = p.size();
            // Regions and parity marks under the lines; dots and marks on top.
            let mut order: Vec<&Constraint> = p.constraints().iter().collect();
            order.sort_by_key(|c| match c {
                Constraint::Region(_) => 0,
                Constraint::Odd(_) | Constraint::Even(_) | Constraint::Diagonal(_) => 1,
                Constraint::Killer { .. } => 3,
                Constraint::Kropki { .. } | Constraint::Xv { .. } => 4,
                _ => 2,
            });
            order.into_iter().map(|c| draw(c, n)).collect_view()
        })
    };
    let digits = move || {
        let p = cb.puzzle.get();
        let n = p.size();
        let solution = cb.solution.get();
        let candidates = cb.candidates.get();
        (0..n * n)
            .map(|i| {
                let (x, y) = centre(i, n);
                let given = p.givens()[i];
                if given != 0 {
                    return view! { <text class="c-digit given" x=x y=y + 0.2>{given.to_string()}</text> }.into_any();
                }
                if let Some(d) = solution.as_ref().map(|s| s[i]) {
                    return view! { <text class="c-digit solved" x=x y=y + 0.2>{d.to_string()}</text> }.into_any();
                }
                match candidates.as_ref().map(|m| m[i]) {
                    Some(m) if m.count_ones() == 1 => {
                        let d = m.trailing_zeros() + 1;
                        view! { <text class="c-digit solved" x=x y=y + 0.2>{d.to_string()}</text> }.into_any()
                    }
                    Some(m) => {
                        // Small digits in a 3×3 (or 4×4) layout.
                        let per = if n > 9 { 4 } else { 3 };
                        let step = 0.8 / per as f64;
                        (0..n)
                            .filter(|d| m >> d & 1 == 1)
                            .map(|d| {
                                let (cx, cy) = (
                                    (i % n) as f64 + 0.1 + step * ((d % per) as f64 + 0.5),
                                    (i / n) as f64 + 0.1 + step * ((d / per) as f64 + 0.5),
                                );
                                view! { <text class="c-cand" x=cx y=cy + 0.07>{(d + 1).to_string()}</text> }
                            })
                            .collect_view()
                            .into_any()
                    }
                    None => ().into_any(),
                }
            })
            .collect_view()
    };
    // What the grid shows, one character per cell ('.' empty): the givens
    // and a shown solution (for the page's tests).
    let shown = move || {
        let p = cb.puzzle.get();
        let solution = cb.solution.get();
        p.givens()
            .iter()
            .enumerate()
            .map(|(i, &g)| {
                let d = if g != 0 {
                    g
                } else {
                    solution.as_ref().map_or(0, |s| s[i])
                };
                if d == 0 {
                    '.'
                } else {
                    char::from_digit(u32::from(d), 17).unwrap_or('?')
                }
            })
            .collect::<String>()
    };
    let on_down = move |e: PointerEvent| {
        let Some(cell) = cell_at(&e, cb.n()) else {
            return;
        };
        let extend = e.shift_key() || e.ctrl_key() || e.meta_key();
        // A press on a lone selected cell unselects it.
        if !extend && cb.selection.with_untracked(|s| s.as_slice() == [cell]) {
            cb.selection.set(Vec::new());
        } else {
            cb.pick(cell, extend);
        }
        cb.dragging.set(true);
        if let Some(t) = e
            .current_target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        {
            let _ = t.set_pointer_capture(e.pointer_id());
            if let Some(h) = wasm_bindgen::JsCast::dyn_ref::<web_sys::SvgElement>(&t) {
                let _ = h.focus();
            }
        }
        e.prevent_default();
    };
    let on_move = move |e: PointerEvent| {
        if !cb.dragging.get_untracked() {
            return;
        }
        if let Some(cell) = cell_at(&e, cb.n()) {
            cb.pick(cell, true);
        }
    };
    let stop = move |_: PointerEvent| cb.dragging.set(false);
    view! {
        <svg class="cgrid" data-testid="cgrid" viewBox=view_box tabindex="0" role="application"
            aria-label="Constraint grid: click or drag to select cells, type a digit to give it"
            data-n=move || n().to_string()
            data-shown=shown
            on:pointerdown=on_down on:pointermove=on_move on:pointerup=stop on:pointercancel=stop
            on:keydown=move |e: KeyboardEvent| if cb.on_key(&e) { e.prevent_default() }>
            <g class="c-cells">{cells}</g>
            <g class="c-drawn">{drawn}</g>
            <path class="c-borders" d=move || cb.puzzle.with(borders)/>
            <rect class="c-frame" x=0 y=0 width=n height=n/>
            <g class="c-digits">{digits}</g>
        </svg>
    }
}

/// The setter's verdict: unique, several, none, while counting.
#[component]
fn Verdict(cb: CBench) -> impl IntoView {
    let state = move || match cb.count.get() {
        None => "stopped",
        Some((_, false)) => "counting",
        Some((0, true)) => "none",
        Some((1, true)) => "unique",
        Some(_) => "several",
    };
    let text = move || match cb.count.get() {
        None => "Not counted (press Count)".to_string(),
        Some((s, done)) => model::verdict(s, done).to_string(),
    };
    view! {
        <div class="c-verdict" data-testid="cverdict" data-state=state role="status" aria-live="polite">
            <span class="c-verdict-mark" aria-hidden="true">{move || match state() {
                "unique" => "✓",
                "several" => "≥2",
                "none" => "✗",
                _ => "…",
            }}</span>
            <span>{text}</span>
        </div>
        <JobProgress live=cb.counter.live testid="ccount-progress" count_testid="ccount-found" text=ProgressText::Tree/>
    }
}

/// The editor's panel: tools, rules, the verdict and answers, the list of
/// constraints, and the text form.
#[component]
pub fn ConstraintPanel(cb: CBench) -> impl IntoView {
    let busy = move || cb.run.get().is_busy() || cb.counter.get().is_busy();
    let has = move |rule: Rule| {
        let c = rule.constraint();
        cb.puzzle.with(|p| p.constraints().contains(&c))
    };
    let list = move || {
        cb.puzzle.with(|p| {
            let n = p.size();
            p.constraints()
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let what = c.describe(n);
                    let label = format!("Remove the {what}");
                    view! {
                        <li data-testid="cconstraint">
                            <span>{what}</span>
                            <button type="button" class="ghost small" aria-label=label
                                data-testid=format!("cremove-{i}") on:click=move |_| cb.remove(i)>"✕"</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let selected = move || {
        let n = cb.puzzle.with(Puzzle::size);
        let s = cb.selection.get();
        match s.len() {
            0 => "No cells selected: click or drag across the grid.".to_string(),
            1..=6 => format!(
                "Selected: {}",
                s.iter()
                    .map(|&c| cell_name(c, n))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            k => format!("Selected: {k} cells"),
        }
    };
    view! {
        <div class="card">
            <h2>"Draw"</h2>
            <p class="muted small" data-testid="cselection">{selected}</p>
            <div class="c-tools" role="group" aria-label="Constraint tools">
                {Tool::ALL.iter().map(|&t| view! {
                    <button type="button" class="small" title=t.title() data-testid=format!("ctool-{}", t.id())
                        on:click=move |_| cb.apply(t)>{t.label()}</button>
                }).collect_view()}
            </div>
            <label class="c-sum-box">
                "Sum (cages, little killers)"
                <input type="text" inputmode="numeric" size="4" data-testid="csum"
                    prop:value=move || cb.sum.get() on:input=move |e| cb.sum.set(event_target_value(&e))/>
            </label>
            <div class="c-rules" role="group" aria-label="Rules of the whole grid">
                {Rule::ALL.iter().map(|&r| {
                    let [id, label] = r.words();
                    view! {
                        <label class="check">
                            <input type="checkbox" data-testid=format!("crule-{id}") prop:checked=move || has(r)
                                on:change=move |_| cb.toggle(r)/>
                            {label}
                        </label>
                    }
                }).collect_view()}
            </div>
            <div class="row">
                <button type="button" class="ghost small" data-testid="cundo" on:click=move |_| cb.undo()>"Undo"</button>
                <button type="button" class="ghost small" data-testid="cclear" on:click=move |_| cb.clear(cb.n())>"Clear"</button>
                <button type="button" class="ghost small" data-testid="cstarter" on:click=move |_| cb.starter()>"Example killer"</button>
            </div>
        </div>
        <div class="card">
            <h2>"Is it unique?"</h2>
            <Verdict cb=cb/>
            <div class="row">
                <button type="button" class="primary" data-testid="csolve" on:click=move |_| cb.solve()>"Solve"</button>
                <button type="button" data-testid="ccandidates" title="The digits some solution puts in each cell"
                    on:click=move |_| cb.true_candidates()>"True candidates"</button>
                <button type="button" class="ghost" data-testid="ccount" on:click=move |_| cb.recount()>"Count"</button>
                <button type="button" class="ghost" data-testid="ccancel" disabled=move || !busy()
                    on:click=move |_| cb.cancel()>"Cancel"</button>
            </div>
            <StatusMessage message=cb.run.message testid="cmessage" layout=MessageLayout::Transient/>
        </div>
        <div class="card">
            <h2>{move || format!("Constraints ({})", cb.puzzle.with(|p| p.constraints().len()))}</h2>
            <ul class="c-list" data-testid="clist">{list}</ul>
        </div>
        <div class="card">
            <h2>"As text"</h2>
            <p class="muted small">"One constraint per line, as "<code>"tessera sudoku"</code>" reads it: "
                <code>"killer 15: r1c1 r1c2"</code>", "<code>"thermo r3c3 r3c4"</code>", "<code>"antiknight"</code>"…"</p>
            <textarea class="c-text" rows="8" spellcheck="false" data-testid="ctext" aria-label="The puzzle as text"
                prop:value=move || cb.draft.get() on:input=move |e| cb.draft.set(event_target_value(&e))></textarea>
            <button type="button" data-testid="capply-text" on:click=move |_| cb.apply_text()>"Read the text"</button>
        </div>
    }
}

/// The editor: the grid and its keypad, the panel beside it.
#[component]
pub fn ConstraintBench(cb: CBench) -> impl IntoView {
    // The first visit opens the starter; the count starts with the view.
    if cb.fresh.get_untracked() {
        cb.replace(
            text::parse(model::STARTER).expect("the starter puzzle reads"),
            false,
        );
    } else if cb.count.get_untracked().is_none() {
        cb.recount();
    }
    let keys = move || {
        let n = cb.puzzle.with(Puzzle::size);
        (1..=n as u8)
            .map(|d| view! {
                <button type="button" class="pad-key" data-testid=format!("cpad-{d}")
                    on:mousedown=|e| e.prevent_default() on:click=move |_| cb.set_given(d)>{d.to_string()}</button>
            })
            .collect_view()
    };
    let regions = move || {
        cb.puzzle.with(|p| match p.regions() {
            Regions::Boxes(s) => format!("{s} boxes"),
            Regions::Map(_) => "irregular regions".into(),
        })
    };
    view! {
        <div class="bench sudoku-bench constraint-bench" data-testid="constraint-bench" style="--board-max:640px">
            <section class="board-column" aria-label="Grid">
                <p class="muted small c-caption">{move || format!("{n}×{n}, {}", regions(), n = cb.puzzle.with(Puzzle::size))}</p>
                <ConstraintGrid cb=cb/>
                <div class="pad vpad" role="group" aria-label="Keypad" style="--cols:10;--mcols:5">
                    {keys}
                    <button type="button" class="pad-key erase" aria-label="Erase cell"
                        on:mousedown=|e| e.prevent_default() on:click=move |_| cb.set_given(0)>"⌫"</button>
                </div>
            </section>
            <aside class="panel-column">
                <ConstraintPanel cb=cb/>
            </aside>
        </div>
    }
}
