//! The Sudoku workbench: a grid editor for every box shape, the choice of
//! solver (Dancing Links or backtracking), solving, lazy enumeration and
//! counting in a Web Worker, Sage's examples, import and export.

mod constraints;
pub mod examples;
mod experiments;
mod grid;
mod lab;
mod panel;
mod play;
mod variants;

use super::dom;
use super::shell::{use_shell, NoticeKind, Shell};
use super::storage::{self, Loaded};
use super::workbench::{deferred, Code, Workbench};
use crate::model::format::plural;
use crate::model::job::{search_so_far, Purpose, RunState, Tone};
use crate::model::route::{SudokuRoute, VariantRoute};
use crate::model::sudoku::board::{Board, History, MAX_EDIT_SIZE, SIZES};
use crate::model::sudoku::codec;
use crate::model::sudoku::links::{self, LinkPuzzle};
use crate::model::sudoku::play::split_link;
use crate::model::sudoku::{count_outcome, engine_label, import_message};
use crate::pool::WorkerPool;
use crate::ui::job::JobRun;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use tessera_engine::sudoku::variant::{Kind, Variant};
use tessera_engine::sudoku::{Algorithm, Shape, Sudoku, SudokuError};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::sudoku::{Solved, SudokuCount, SudokuSolve};
use wasm_bindgen::JsCast;

pub const WORKBENCH: Workbench = Workbench {
    id: "sudoku",
    title: "Sudoku",
    blurb: "Edit, solve, enumerate and count Sudoku of any box shape",
    code: Code::Chunk {
        load: chunk::load,
        view: chunk::view,
    },
};

crate::chunk!(sudoku, SudokuBench);

const STORAGE_KEY: &str = "tessera.sudoku.v1";
const DEFAULT_EXAMPLE: &str = "sage-a";

#[derive(Serialize, Deserialize)]
struct Saved {
    board: Board,
    algorithm: Algorithm,
    /// Play mode was on.
    #[serde(default)]
    play: bool,
}

/// A puzzle link read by either import box, and where it goes: the
/// standard editor, or the variant editor (as its URL payload).
#[derive(Clone, Debug, PartialEq)]
pub enum Imported {
    Standard(Board, String),
    Variant(String, String),
}

/// An f-puzzles or SudokuPad link, read; `None` when the text is not one
/// (then it is grid text for the usual importers).
pub fn read_link(text: &str) -> Option<Result<Imported, String>> {
    if !links::is_puzzle_link(text) {
        return None;
    }
    let read = links::parse_link(text).map(|l| {
        let note = l.note();
        match l.puzzle {
            LinkPuzzle::Classic { shape, cells } => {
                let notes = vec![0; cells.len()];
                Imported::Standard(
                    Board {
                        shape,
                        cells,
                        notes,
                    },
                    note,
                )
            }
            LinkPuzzle::X { cells } => Imported::Variant(
                SudokuRoute::Variant(VariantRoute::X, Variant::x(Shape::NINE).to_line(&cells))
                    .payload(),
                note,
            ),
            LinkPuzzle::Jigsaw { regions, cells } => {
                let grid = Variant::standard(Shape::NINE).to_line(&cells);
                Imported::Variant(
                    SudokuRoute::Variant(VariantRoute::Jigsaw, format!("{regions}/{grid}"))
                        .payload(),
                    note,
                )
            }
            // Cages, thermometers and the rest: the constraint editor.
            LinkPuzzle::Constrained(p) => Imported::Variant(
                SudokuRoute::Variant(
                    VariantRoute::Killer,
                    crate::model::sudoku::constraints::payload(
                        &tessera_engine::sudoku::constraint::text::print(&p),
                    ),
                )
                .payload(),
                note,
            ),
        }
    });
    Some(read.map_err(|e| format!("Could not import the link: {e}.")))
}

/// What the solver's job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveJob {
    /// Looking for the next solution.
    Solving,
    Counting,
}

impl Purpose for SolveJob {
    fn name(self) -> &'static str {
        match self {
            SolveJob::Solving => "solving",
            SolveJob::Counting => "counting",
        }
    }

    fn shows_progress(self) -> bool {
        self == SolveJob::Counting
    }
}

/// All the workbench's state; `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
pub struct Bench {
    pub board: RwSignal<Board>,
    pub history: RwSignal<History>,
    pub selected: RwSignal<usize>,
    pub notes_mode: RwSignal<bool>,
    /// Values filled in by the solver (a complete grid), if shown.
    pub overlay: RwSignal<Option<Vec<u8>>>,
    pub algorithm: RwSignal<Algorithm>,
    /// Solve and Count: run state, progress, stats line, status message.
    pub run: JobRun<SolveJob>,
    /// Solutions shown so far in the current enumeration.
    pub found: RwSignal<u64>,
    /// The engine that found the shown solution (what Auto picked).
    pub engine: RwSignal<Option<String>>,
    /// Cells whose givens clash with another given of a unit.
    pub conflicts: Memo<Vec<bool>>,
    /// A logical step drawn on the grid (hint, applied step, or a step of
    /// "Solve logically" with the position before or after it).
    pub lab_view: RwSignal<Option<lab::LabView>>,
    /// The givens changed while a Count ran: it goes on counting the
    /// puzzle as it was, and says so.
    pub count_stale: RwSignal<bool>,
    /// The next URL update opens a new history entry (another puzzle was
    /// loaded); edits replace the entry instead.
    pub push_url: StoredValue<bool>,
    /// A link imported here for the variant editor (or there for this one).
    pub link_import: RwSignal<Option<Imported>>,
    /// The workbench's second chunk (the lab's cards, play mode, the variant
    /// editor) is in and the last of its start-up parts on screen (the lab's
    /// cards, which follow the first paint, or the variant editor). The jobs
    /// those parts show (the lab's analysis, play mode's solution) start
    /// after it, so no part's first mount — one long task — runs during
    /// them (the long-task rule).
    pub more: RwSignal<bool>,
    /// The Import box's text and its error: a paste on the grid fills the
    /// same box, so what was pasted is never lost and the error shows
    /// where a typed import's would.
    pub import_text: RwSignal<String>,
    pub import_error: RwSignal<Option<String>>,
    /// The Experiments tab on screen, at a card (`""`: the page's top);
    /// `None`: the grid. The URL follows (`#sudoku/experiments/<card>`).
    pub experiments: RwSignal<Option<String>>,
}

pub fn algorithm_label(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Dlx => "Dancing Links",
        Algorithm::Backtrack => "backtracking",
        Algorithm::Sat => "SAT (clause learning)",
        Algorithm::Auto => "automatic choice",
    }
}

impl Bench {
    fn new(initial: Board, algorithm: Algorithm) -> Bench {
        let board = RwSignal::new(initial);
        let conflicts = Memo::new(move |_| {
            board.with(|b| {
                let mut bad = vec![false; b.cells.len()];
                for i in b.sudoku().conflicts() {
                    bad[i] = true;
                }
                bad
            })
        });
        Bench {
            board,
            history: RwSignal::new(History::default()),
            selected: RwSignal::new(0),
            notes_mode: RwSignal::new(false),
            overlay: RwSignal::new(None),
            algorithm: RwSignal::new(algorithm),
            run: JobRun::new(),
            found: RwSignal::new(0),
            engine: RwSignal::new(None),
            conflicts,
            lab_view: RwSignal::new(None),
            count_stale: RwSignal::new(false),
            push_url: StoredValue::new(false),
            link_import: RwSignal::new(None),
            more: RwSignal::new(false),
            import_text: RwSignal::new(String::new()),
            import_error: RwSignal::new(None),
            experiments: RwSignal::new(None),
        }
    }

    /// Passes a part of the second chunk through, and notes once it is
    /// mounted (a microtask: after this task's mount) that [`Bench::more`]
    /// holds.
    fn mounted(&self, part: Option<AnyView>) -> Option<AnyView> {
        if part.is_some() && !self.more.get_untracked() {
            let more = self.more;
            leptos::task::spawn_local(async move {
                more.try_set(true);
            });
        }
        part
    }

    pub fn say(&self, tone: Tone, text: impl Into<String>) {
        self.run.say(tone, text);
    }

    // ----- editing -----

    /// Apply an edit as one undoable step; a real change drops the shown
    /// solution (it no longer belongs to the puzzle).
    pub fn commit(&self, edit: impl FnOnce(&mut Board)) {
        let before = self.board.get_untracked();
        let mut after = before.clone();
        edit(&mut after);
        if after == before {
            return;
        }
        self.lab_view.set(None);
        let values_changed = after.cells != before.cells || after.shape != before.shape;
        if after.shape != before.shape {
            self.selected.set(0);
        }
        self.history.update(|h| h.record(before));
        self.board.set(after);
        if values_changed {
            self.drop_solution();
        }
    }

    pub fn set_value(&self, cell: usize, value: u8) {
        self.commit(|b| {
            b.cells[cell] = value;
            b.notes[cell] = 0;
        });
    }

    pub fn toggle_note(&self, cell: usize, value: u8) {
        if value == 0 {
            return;
        }
        self.commit(|b| {
            if b.cells[cell] == 0 {
                b.notes[cell] ^= 1u64 << (value - 1);
            }
        });
    }

    /// A value typed or tapped: a note in notes mode, else the given.
    pub fn enter(&self, value: u8) {
        let cell = self.selected.get_untracked();
        if value != 0 && self.notes_mode.get_untracked() {
            self.toggle_note(cell, value);
        } else {
            self.set_value(cell, value);
        }
    }

    pub fn undo(&self) {
        let current = self.board.get_untracked();
        let mut back = None;
        self.history.update(|h| back = h.undo(current));
        if let Some(b) = back {
            self.restore(b);
        }
    }

    pub fn redo(&self) {
        let current = self.board.get_untracked();
        let mut forward = None;
        self.history.update(|h| forward = h.redo(current));
        if let Some(b) = forward {
            self.restore(b);
        }
    }

    fn restore(&self, b: Board) {
        let n = b.cells.len();
        let changed = self.board.with_untracked(|cur| cur.cells != b.cells);
        self.lab_view.set(None);
        self.board.set(b);
        if self.selected.get_untracked() >= n {
            self.selected.set(0);
        }
        if changed {
            self.drop_solution();
        }
    }

    pub fn move_selection(&self, dr: isize, dc: isize) {
        let n = self.board.with_untracked(Board::size) as isize;
        let i = self.selected.get_untracked() as isize;
        let r = (i / n + dr).clamp(0, n - 1);
        let c = (i % n + dc).clamp(0, n - 1);
        self.selected.set((r * n + c) as usize);
    }

    /// Replace the whole puzzle (undoable).
    pub fn load(&self, board: Board, note: Option<String>) {
        let other = self.board.with_untracked(|b| *b != board);
        self.push_url.set_value(other);
        self.commit(|b| *b = board);
        self.drop_solution();
        match note {
            Some(t) => self.say(Tone::Info, t),
            None => self.run.clear_message(),
        }
    }

    pub fn change_shape(&self, shape: Shape) {
        if self.board.with_untracked(|b| b.shape) == shape {
            return;
        }
        let had_clues = self.board.with_untracked(|b| !b.is_empty());
        self.commit(|b| *b = Board::empty(shape));
        self.selected.set(0);
        if had_clues {
            self.say(
                Tone::Info,
                format!(
                    "New empty {n}×{n} grid with {shape} boxes. Undo brings back the previous puzzle.",
                    n = shape.size()
                ),
            );
        } else {
            self.run.clear_message();
        }
    }

    pub fn clear_all(&self) {
        let shape = self.board.with_untracked(|b| b.shape);
        self.commit(|b| *b = Board::empty(shape));
        self.drop_solution();
        self.run.clear_message();
    }

    // ----- solving -----

    /// Forget the job (its late messages are ignored) and stop it.
    fn abandon_job(&self) {
        self.run.abandon();
    }

    /// The shown solution no longer applies (the puzzle changed).
    fn drop_solution(&self) {
        // A Count keeps counting the puzzle as it was when it started
        // (an edit never cancels it silently); the page says so.
        if self.run.now().is(SolveJob::Counting) {
            if self.overlay.with_untracked(Option::is_some) {
                self.overlay.set(None);
            }
            self.count_stale.set(true);
            self.say(
                Tone::Info,
                "Still counting the puzzle as it was when you pressed Count: your edit is not \
                 in this count. Cancel it and press Count again to count the new puzzle.",
            );
            return;
        }
        let busy = self.run.now() != RunState::Idle;
        if busy {
            self.abandon_job();
        }
        if self.overlay.with_untracked(Option::is_some) {
            self.overlay.set(None);
        }
        self.found.set(0);
        self.run.stats_line.set(None);
        if busy || self.run.tone().is_some_and(|t| t != Tone::Info) {
            self.run.clear_message();
        }
    }

    pub fn clear_solution(&self) {
        self.abandon_job();
        self.overlay.set(None);
        self.found.set(0);
        self.run.stats_line.set(None);
        self.run.clear_message();
    }

    /// Check the givens before bothering the worker.
    fn checked(&self) -> Option<Board> {
        let b = self.board.get_untracked();
        match b.sudoku().verify() {
            Ok(()) => Some(b),
            Err(e) => {
                self.say(
                    Tone::Error,
                    format!("The puzzle cannot be solved as it stands: {e}."),
                );
                None
            }
        }
    }

    /// The checked givens and the algorithm for a new search, announced as
    /// "{doing} with {algorithm}…"; the shown solution goes.
    fn fresh(&self, doing: &str) -> Option<(Board, Algorithm)> {
        let b = self.checked()?;
        self.count_stale.set(false);
        let algorithm = self.algorithm.get_untracked();
        self.overlay.set(None);
        self.found.set(0);
        self.run.stats_line.set(None);
        self.say(
            Tone::Info,
            format!("{doing} with {}…", algorithm_label(algorithm)),
        );
        Some((b, algorithm))
    }

    /// "Solve": the first solution of a fresh enumeration.
    pub fn solve(&self) {
        let Some((b, algorithm)) = self.fresh("Solving") else {
            return;
        };
        let bench = *self;
        self.run.start(
            SudokuSolve {
                shape: b.shape,
                cells: b.cells,
                algorithm,
                batch: 1,
            },
            SolveJob::Solving,
            move |_, e, was| bench.on_event(e, was),
        );
    }

    /// "Next solution": resume the enumeration kept alive in the worker.
    pub fn next(&self) {
        let run = self.run.now();
        if run.is(SolveJob::Solving) || run.is_cancelling() {
            return; // still looking for the previous one
        }
        if self.run.more(SolveJob::Solving, 1) {
            self.say(
                Tone::Info,
                format!("Looking for solution {}…", self.found.get_untracked() + 1),
            );
        } else {
            self.solve();
        }
    }

    pub fn count(&self) {
        let Some((b, algorithm)) = self.fresh("Counting solutions") else {
            return;
        };
        let bench = *self;
        self.run.start(
            SudokuCount {
                rules: Kind::Standard(b.shape),
                cells: b.cells,
                algorithm,
                limit: None,
            },
            SolveJob::Counting,
            move |_, e, was| bench.on_event(e.retype(), was),
        );
    }

    /// The user's Cancel: the worker stops and reports where it got to.
    pub fn cancel(&self) {
        self.run.cancel();
    }

    /// Events of Solve (items: grids) and of Count (no items), after the
    /// controller's bookkeeping; `was` is the state before the event.
    fn on_event(&self, event: Event<Solved>, was: RunState<SolveJob>) {
        match event {
            Event::Progress(p) => {
                if !was.is(SolveJob::Counting) {
                    self.run
                        .stats_line
                        .set(Some(search_so_far(&p, self.run.elapsed())));
                }
            }
            Event::Item { index, item } => {
                let fits = self
                    .board
                    .with_untracked(|b| b.cells.len() == item.cells.len());
                if fits {
                    self.overlay.set(Some(item.cells));
                    self.engine.set(item.engine);
                    self.found.set(index + 1);
                }
            }
            Event::Waiting(_) => {
                let k = self.found.get_untracked();
                let chosen = self.algorithm.get_untracked();
                let alg = match (chosen, self.engine.get_untracked()) {
                    // Auto says which engine it handed the puzzle to.
                    (Algorithm::Auto, Some(e)) => {
                        format!("automatic choice: {}", engine_label(&e))
                    }
                    _ => algorithm_label(chosen).to_string(),
                };
                let text = if k == 1 {
                    format!("Solved with {alg}. Next solution looks for another.")
                } else {
                    format!("Solution {k}, found with {alg}.")
                };
                self.say(Tone::Success, text);
            }
            Event::Done(stats) => {
                if was.purpose() == Some(SolveJob::Counting) {
                    if stats.cancelled {
                        self.say(
                            Tone::Info,
                            format!(
                                "Cancelled after counting {} so far.",
                                plural(stats.solutions, "solution", "solutions")
                            ),
                        );
                    } else {
                        let (tone, mut text) =
                            count_outcome(stats.solutions, stats.engine.map(|e| e.name()));
                        if self.count_stale.get_untracked() {
                            text = format!(
                                "{text} (This counts the puzzle as it was before your last \
                                 edits; press Count again for the grid shown.)"
                            );
                        }
                        self.say(tone, text);
                    }
                } else if stats.cancelled {
                    self.say(Tone::Info, "Cancelled.");
                } else {
                    let k = self.found.get_untracked();
                    if k == 0 {
                        self.say(Tone::Error, "No solution: this puzzle cannot be completed.");
                    } else {
                        self.say(
                            Tone::Info,
                            format!(
                                "No more solutions: the puzzle has exactly {}.",
                                plural(k as u128, "solution", "solutions")
                            ),
                        );
                    }
                }
            }
            Event::Error(_) => {}
        }
    }

    // ----- import -----

    /// The Import box's import (its button, and a paste on the grid): the
    /// box's text, its error under it.
    pub fn import_box(&self) -> Result<(), String> {
        let result = self.import(&self.import_text.get_untracked());
        self.import_error.set(result.clone().err());
        result
    }

    /// Read pasted text with the engine's tolerant importer. A cell count
    /// that is not a fourth power is tried with rectangular boxes: the
    /// current shape first, then the editor's other shapes.
    pub fn import(&self, text: &str) -> Result<(), String> {
        if text.trim().is_empty() {
            return Err(
                "Paste a puzzle first: a Sage string, 81-character line, list, matrix, or an \
                 f-puzzles or SudokuPad link."
                    .into(),
            );
        }
        match read_link(text) {
            Some(Ok(Imported::Standard(board, note))) => {
                let me = *self;
                dom::soon(move || me.load(board, Some(note)));
                return Ok(());
            }
            Some(Ok(other)) => {
                self.link_import.set(Some(other));
                return Ok(());
            }
            Some(Err(e)) => return Err(e),
            None => {}
        }
        let current = self.board.with_untracked(|b| b.shape);
        let parsed = Sudoku::parse(text, None).or_else(|e| match e {
            SudokuError::Dimension { cells, .. } => {
                let mut shapes = vec![current];
                shapes.extend(
                    SIZES
                        .iter()
                        .filter_map(|&(_, r, c)| Shape::new(r, c))
                        .filter(|s| *s != current),
                );
                shapes
                    .into_iter()
                    .filter(|s| s.cells() == cells)
                    .find_map(|s| Sudoku::parse(text, Some(s)).ok())
                    .ok_or(e)
            }
            other => Err(other),
        });
        let sudoku = parsed.map_err(|e| import_message(&e))?;
        if sudoku.size() > MAX_EDIT_SIZE {
            return Err(format!(
                "A {n}×{n} grid is too large for the editor (up to {MAX_EDIT_SIZE}×{MAX_EDIT_SIZE}).",
                n = sudoku.size()
            ));
        }
        let board = Board::from_sudoku(&sudoku);
        let n = board.size();
        let note = format!(
            "Imported a {n}×{n} puzzle ({} boxes) with {}.",
            board.shape,
            plural(board.clues() as u128, "given", "givens")
        );
        // Read now (an error shows at once), shown in a task of its own: a
        // large grid's rebuild is most of the click's work.
        let me = *self;
        dom::soon(move || me.load(board, Some(note)));
        Ok(())
    }
}

/// The link of the Experiments tab at `card` (`""`: the page's top).
fn experiments_payload(card: String) -> String {
    SudokuRoute::Experiments((!card.is_empty()).then_some(card)).payload()
}

fn example_board(id: &str) -> Option<Board> {
    let e = examples::find(id)?;
    let shape = Shape::parse(e.shape).ok()?;
    Sudoku::from_sage_str(e.puzzle, Some(shape))
        .ok()
        .map(|s| Board::from_sudoku(&s))
}

/// The starting puzzle: the link, else the saved state, else an example.
/// The starting puzzle, its algorithm, play mode, and the player's
/// progress carried by the link (if any).
fn initial_state(shell: Shell) -> (Board, Algorithm, bool, Option<String>) {
    let (b, a, p) = initial_puzzle(shell);
    let route = shell.incoming.get_untracked();
    let progress = (route.workbench == WORKBENCH.id)
        .then(|| split_link(&route.payload).1.map(str::to_string))
        .flatten();
    let play = p || progress.is_some();
    (b, a, play, progress)
}

fn initial_puzzle(shell: Shell) -> (Board, Algorithm, bool) {
    let route = shell.incoming.get_untracked();
    let saved = match storage::load::<Saved>(STORAGE_KEY) {
        Loaded::Found(s) => match s.board.normalized() {
            Some(board) => Some((board, s.algorithm, s.play)),
            None => {
                storage::discard(STORAGE_KEY);
                shell.notify(
                    NoticeKind::Warning,
                    "Your saved Sudoku could not be read and was discarded.",
                );
                None
            }
        },
        Loaded::Corrupt => {
            shell.notify(
                NoticeKind::Warning,
                "Your saved Sudoku could not be read and was discarded.",
            );
            None
        }
        Loaded::Missing => None,
    };
    let algorithm = saved.as_ref().map_or(Algorithm::Auto, |s| s.1);
    let playing = saved.as_ref().is_some_and(|s| s.2);
    if route.workbench == WORKBENCH.id
        && !route.payload.is_empty()
        && !variants::is_variant_fragment(split_link(&route.payload).0)
        && !matches!(
            SudokuRoute::parse(&route.payload),
            SudokuRoute::Experiments(_)
        )
    {
        match codec::decode(split_link(&route.payload).0) {
            // Same puzzle as saved: keep the saved pencil marks too.
            Ok(b) => {
                return match saved {
                    Some((s, a, p)) if s.cells == b.cells && s.shape == b.shape => (s, a, p),
                    _ => (b, algorithm, playing),
                }
            }
            Err(e) => shell.notify(
                NoticeKind::Warning,
                format!(
                    "The puzzle in the link could not be read ({e}); showing your last puzzle."
                ),
            ),
        }
    }
    if let Some(s) = saved {
        return s;
    }
    // First visit: an example to play with, and a word on what to do.
    let board = example_board(DEFAULT_EXAMPLE)
        .unwrap_or_else(|| Board::empty(Shape::square(3).expect("3x3")));
    (board, algorithm, false)
}

/// Whether a paste on `target` is the workbench's import: on the grid or
/// elsewhere on the workbench (or with nothing focused), never in a text
/// field, where a paste is only a paste.
fn paste_imports(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let tag = el.tag_name().to_ascii_lowercase();
    let on_workbench =
        tag == "body" || matches!(el.closest(".sudoku-bench, .sudoku-top"), Ok(Some(_)));
    let text_field = matches!(tag.as_str(), "input" | "textarea" | "select")
        || matches!(el.closest("[contenteditable]"), Ok(Some(_)));
    on_workbench && !text_field
}

#[component]
pub fn SudokuBench() -> impl IntoView {
    let shell = use_shell();
    let (initial, algorithm, playing, progress) = initial_state(shell);
    // No puzzle in the link (a bare URL, `#sudoku` from the nav) and no session.
    let first_visit = crate::model::route::Route::of_fragment(&dom::hash())
        .payload
        .is_empty()
        && dom::local_storage()
            .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
            .is_none();
    let bench = Bench::new(initial, algorithm);
    if let SudokuRoute::Experiments(card) =
        SudokuRoute::parse(&shell.incoming.get_untracked().payload)
    {
        bench.experiments.set(Some(card.unwrap_or_default()));
    }
    if first_visit {
        bench.say(
            Tone::Info,
            "Welcome! This is the first puzzle of SageMath’s Sudoku docs. Press Play to play it, \
             Solve to see its solution (Auto picks the engine), paste a puzzle on the grid — or \
             try an example below.",
        );
    }
    WorkerPool::global().warm_up();
    let lab = lab::Lab::new(bench);
    lab.watch();
    // The variant editor first: a variant link is the puzzle to play.
    let vb = variants::VBench::new(variants::Mode::Standard, bench.link_import);
    variants::open_link(vb, shell);
    // The home's "play a puzzle" link: the game, not the editor.
    let playing = playing || shell.take_intent("play");
    let game = play::Play::new(bench, vb, playing);
    game.watch();
    if let Some(code) = progress {
        if let Err(e) = game.open_progress(&code) {
            shell.notify(
                NoticeKind::Warning,
                format!(
                    "The progress in the link could not be read ({e}); the puzzle starts afresh."
                ),
            );
        }
    }
    // Paste on the grid (anywhere in the workbench but a text field):
    // the Import box's import, with its checks and messages.
    let paste = window_event_listener(leptos::ev::paste, move |e| {
        if !paste_imports(e.target()) {
            return;
        }
        let Some(text) = e.clipboard_data().and_then(|d| d.get_data("text").ok()) else {
            return;
        };
        e.prevent_default();
        let result = if vb.mode.get_untracked() == variants::Mode::Standard {
            bench.import_text.set(text);
            bench.import_box()
        } else {
            vb.import_text.set(text);
            vb.import()
        };
        if let Err(e) = result {
            shell.notify(
                NoticeKind::Warning,
                format!("The pasted text could not be imported: {e}"),
            );
        }
    });
    on_cleanup(move || paste.remove());
    // Play mode on screen, for the page's layout (style/main.css: on a
    // phone the game comes first).
    Effect::new(move |_| {
        if let Some(r) = dom::root() {
            let _ = if game.on.get() {
                r.set_attribute("data-playing", "")
            } else {
                r.remove_attribute("data-playing")
            };
        }
    });
    on_cleanup(|| {
        if let Some(r) = dom::root() {
            let _ = r.remove_attribute("data-playing");
        }
    });

    // A link imported in one editor for the other.
    Effect::new(move |_| {
        let Some(import) = bench.link_import.get() else {
            return;
        };
        bench.link_import.set(None);
        match import {
            Imported::Standard(board, note) => {
                vb.switch(variants::Mode::Standard);
                bench.load(board, Some(note));
            }
            Imported::Variant(payload, note) => vb.open_import(&payload, note),
        }
    });

    // Persist and share: localStorage and the URL follow the puzzle.
    Effect::new(move |_| {
        let board = bench.board.get();
        let algorithm = bench.algorithm.get();
        let play = game.on.get();
        // Play mode is remembered on every grid (a reload keeps playing).
        storage::save(
            STORAGE_KEY,
            &Saved {
                board: board.clone(),
                algorithm,
                play,
            },
        );
        if let Some(card) = bench.experiments.get() {
            shell.set_url(WORKBENCH.id, &experiments_payload(card));
            return;
        }
        if vb.mode.get() != variants::Mode::Standard {
            shell.set_url(WORKBENCH.id, &vb.fragment());
            return;
        }
        if bench.push_url.get_value() {
            bench.push_url.set_value(false);
            shell.push_url(WORKBENCH.id, &codec::encode(&board));
        } else {
            shell.set_url(WORKBENCH.id, &codec::encode(&board));
        }
    });

    // A link opened while the page is open (hashchange).
    Effect::new(move |prev: Option<()>| {
        let route = shell.incoming.get();
        if prev.is_none() || route.workbench != WORKBENCH.id {
            return;
        }
        if route.payload.is_empty() {
            // `#sudoku` alone: keep the puzzle on screen, and say which in the URL.
            match bench.experiments.get_untracked() {
                Some(card) => shell.set_url(WORKBENCH.id, &experiments_payload(card)),
                None => {
                    let board = bench.board.get_untracked();
                    shell.set_url(WORKBENCH.id, &codec::encode(&board));
                }
            }
            return;
        }
        if let SudokuRoute::Experiments(card) = SudokuRoute::parse(&route.payload) {
            let card = card.unwrap_or_default();
            if bench.experiments.get_untracked().as_ref() != Some(&card) {
                bench.experiments.set(Some(card));
            }
            return;
        }
        // A puzzle or a variant: the grid.
        if bench.experiments.get_untracked().is_some() {
            bench.experiments.set(None);
        }
        if variants::is_variant_fragment(split_link(&route.payload).0) {
            variants::open_link(vb, shell);
            if let Some(code) = split_link(&route.payload).1 {
                if let Err(e) = game.open_progress(code) {
                    vb.say_error(format!("The progress in the link could not be read: {e}."));
                }
            }
            return;
        }
        vb.switch(variants::Mode::Standard);
        let (puzzle, progress) = split_link(&route.payload);
        match codec::decode(puzzle) {
            Ok(b) => {
                let same = bench
                    .board
                    .with_untracked(|cur| cur.cells == b.cells && cur.shape == b.shape);
                if !same {
                    bench.load(b, Some("Loaded the puzzle from the link.".into()));
                    // The URL is already this puzzle's (Back/Forward, a link).
                    bench.push_url.set_value(false);
                }
                if let Some(code) = progress {
                    if let Err(e) = game.open_progress(code) {
                        bench.say(
                            Tone::Error,
                            format!("The progress in the link could not be read: {e}."),
                        );
                    }
                }
            }
            // The same notice as a link opened on a fresh page.
            Err(e) => shell.notify(
                NoticeKind::Warning,
                format!(
                    "The puzzle in the link could not be read ({e}); showing your last puzzle."
                ),
            ),
        }
    });

    // Undo/redo from anywhere on the page except text fields (which have
    // their own undo).
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        if !(e.ctrl_key() || e.meta_key()) || e.alt_key() {
            return;
        }
        let in_field = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if in_field {
            return;
        }
        let playing = game.on.get_untracked();
        let redo = e.shift_key() || e.key().eq_ignore_ascii_case("y");
        if !matches!(e.key().to_ascii_lowercase().as_str(), "z" | "y") {
            return;
        }
        if vb.mode.get_untracked() == variants::Mode::Constraints && !playing {
            if !redo {
                vb.cb.undo();
            }
            e.prevent_default();
            return;
        }
        match (playing, redo) {
            (true, true) => game.redo(),
            (true, false) => game.undo(),
            (false, true) => bench.redo(),
            (false, false) => bench.undo(),
        }
        e.prevent_default();
    });
    on_cleanup(move || {
        keys.remove();
        bench.abandon_job();
        lab.abandon();
        vb.abandon_all();
        game.save();
    });

    let standard = move || vb.mode.get() == variants::Mode::Standard;
    let playing = move || game.on.get();
    // The game's side card follows the mode in the task after the board's
    // (`dom::soon`): each half of the switch is a short task of its own.
    let card_shown = RwSignal::new(game.on.get_untracked());
    Effect::new(move |_| {
        let on = game.on.get();
        if on != card_shown.get_untracked() {
            dom::soon(move || card_shown.set(on));
        }
    });
    // One click from the top of the view to the Import box: the variant
    // editor's is in Edit (play mode shows the game's card instead).
    let open_import = move || {
        let id = if standard() { "import-text" } else { "vimport" };
        if !standard() && game.on.get_untracked() {
            game.show(false);
        }
        dom::when_present(id, |el| {
            let _ = el.dyn_ref::<web_sys::HtmlElement>().map(|h| h.focus());
            // Once more after the view's later parts have rendered above it.
            set_timeout(
                move || el.scroll_into_view_with_bool(false),
                std::time::Duration::from_millis(250),
            );
        });
    };
    let painted = dom::after_paint();
    view! {
        <experiments::Experiments bench=bench/>
        <div class="sudoku-top">
            <variants::VariantPicker vb=vb/>
            <button type="button" class="ghost small" data-testid="open-import"
                title="Paste a puzzle, or an f-puzzles or SudokuPad link (Ctrl+V or ⌘V on the grid does it at once)"
                on:click=move |_| open_import()>
                "Import / paste"
            </button>
        </div>
        <Show when=standard fallback=move || deferred(|| true, variants::bench::load, move || bench.mounted(variants::bench::view(vb, game, lab)), "the variant editor")>
        <div
            class="bench sudoku-bench"
            data-testid="sudoku-bench"
            style=move || {
                let n = bench.board.with(Board::size);
                format!("--board-max:{}px", if n > 12 { 720 } else { 600 })
            }
        >
            <section class="board-column" class:playing=playing aria-label="Grid">
                <Show
                    when=playing
                    fallback=move || view! {
                        <grid::Toolbar bench=bench mode=view! { <play::ModeSwitch play=game/> }.into_any()/>
                        <grid::Grid bench=bench/>
                        <grid::Pad bench=bench/>
                    }
                >
                    {deferred(|| true, play::column::load, move || play::column::view(game, lab), "play mode")}
                </Show>
            </section>
            <aside class="panel-column">
                <Show when=move || card_shown.get()>
                    {deferred(|| true, play::card::load, move || play::card::view(game), "play mode")}
                </Show>
                // The solver belongs to the editor: in play mode only the
                // game's own Reveal shows answers. Hidden rather than
                // unmounted, so the mode switch stays one short task.
                <div class="mode-edit-only" class:hidden=playing>
                    <panel::SolverCard bench=bench on_play=move |()| game.show(true)/>
                </div>
                // The lab's cards follow the grid: their chunk is fetched
                // once the grid has been painted.
                {deferred(move || painted.get(), lab::cards::load, move || bench.mounted(lab::cards::view(lab, Signal::derive(playing))), "the solving lab")}
                <panel::PuzzleCard bench=bench/>
                <panel::ImportExportCard bench=bench/>
            </aside>
        </div>
        </Show>
    }
}
