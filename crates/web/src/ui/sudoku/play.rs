//! Play mode: any grid of the workbench as a game — standard of any box
//! shape, X-sudoku, jigsaw and Samurai (one grid component draws them all;
//! the variants' layout and region lines come from the engine's `Variant`). The rules of play (locked
//! givens, the player's digits, corner and centre marks, colours,
//! auto-candidates, multi-select, undo, timer, storage and link) are the
//! pure `model::sudoku::play::Game`; this module binds it to the page, asks
//! the worker for the unique solution (Check, Reveal, mistakes) and keeps
//! the game in localStorage per puzzle.

use super::grid::{edge_classes, Keypad, UndoRedo};
use super::lab::{self, Lab};
use super::variants::{self, Mode, VBench};
use super::Bench;
use crate::model::format::symbol;
use crate::model::job::Tone;
use crate::model::sudoku::board::key_value;
use crate::model::sudoku::codec;
use crate::model::sudoku::play::{self, clock, Game, Rules, Tool, COLOURS};
use crate::ui::job::{now_ms, JobSlot};
use crate::ui::segment::Segment;
use crate::ui::{dom, storage};
use leptos::prelude::*;
use tessera_engine::sudoku::logic::hint::{Hint, HintKind};
use tessera_engine::sudoku::logic::{self, Outcome};
use tessera_engine::sudoku::variant::{Kind, Variant};
use tessera_engine::sudoku::{Algorithm, Shape};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::play::{Rated, SudokuHint, SudokuRating};
use tessera_jobs::jobs::sudoku::SudokuSolve;
use tessera_jobs::jobs::variant::VariantSolve;
use wasm_bindgen::JsCast;
use web_sys::{KeyboardEvent, PointerEvent};

const GRID_ID: &str = "sudoku-grid";

/// The unique solution as the worker found it.
#[derive(Clone, Debug, PartialEq)]
pub enum Solution {
    Pending,
    Unique(Vec<u8>),
    /// No solution, several, or the givens clash: Check cannot judge.
    None(String),
}

/// A variant's rating for the finish screen, from the worker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FinishRating {
    NotAsked,
    Pending,
    Rated(Rated),
    /// The worker could not rate it (the screen shows "—").
    Failed,
}

/// The puzzle being played: its rules, givens and id (its link payload,
/// which is also the key its saved game is stored under).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayPuzzle {
    pub kind: Kind,
    pub givens: Vec<u8>,
    pub id: String,
}

impl PlayPuzzle {
    fn rules(&self) -> Result<Rules, String> {
        match &self.kind {
            Kind::Standard(shape) => Ok(Rules::standard(*shape)),
            k => Variant::new(k.clone())
                .map(|v| Rules::variant(&v))
                .map_err(|e| e.to_string()),
        }
    }
}

/// The play mode's state; `Copy` like [`Bench`].
#[derive(Clone, Copy)]
pub struct Play {
    pub bench: Bench,
    /// The variant editor: its grid is played when it is on screen.
    pub vb: VBench,
    /// The puzzle on screen (none while a jigsaw's region map is broken).
    pub puzzle: Memo<Option<PlayPuzzle>>,
    /// Play mode on screen (else the editor).
    pub on: RwSignal<bool>,
    pub game: RwSignal<Game>,
    pub tool: RwSignal<Tool>,
    pub solution: RwSignal<Solution>,
    /// Cells Check found wrong (until the next change).
    pub checked: RwSignal<Vec<usize>>,
    /// Mark wrong digits as they are typed.
    pub mistakes: RwSignal<bool>,
    /// The clock's last reading, refreshed every second.
    pub now: RwSignal<f64>,
    pub said: RwSignal<Option<(Tone, String)>>,
    /// The puzzle's id (its link payload): the storage key's suffix.
    pub id: RwSignal<String>,
    /// A drag-select in progress.
    dragging: StoredValue<bool>,
    solve_job: JobSlot,
    /// The graduated hint's stage and the position (digits, centre marks)
    /// it is about; another position starts again at stage 1.
    hint_stage: RwSignal<Option<lab::HintStage>>,
    /// The worker is finding a hint (the Hint buttons say so).
    pub hint_busy: RwSignal<bool>,
    hint_job: JobSlot,
    /// The finish screen's rating of a variant (the standard lab rates
    /// standard grids): not asked until the game ends, then the worker's
    /// answer.
    pub rated: RwSignal<FinishRating>,
    rating_job: JobSlot,
}

impl Play {
    pub fn new(bench: Bench, vb: VBench, on: bool) -> Play {
        let puzzle = Memo::new(move |_| {
            if vb.mode.get() == Mode::Standard {
                Some(bench.board.with(|b| PlayPuzzle {
                    kind: Kind::Standard(b.shape),
                    givens: b.cells.clone(),
                    id: codec::encode(b),
                }))
            } else {
                vb.play_puzzle()
            }
        });
        let (game, id) = match puzzle.get_untracked() {
            Some(p) => (load_game(&p).0, p.id),
            None => (empty_game(), String::new()),
        };
        Play {
            bench,
            vb,
            puzzle,
            on: RwSignal::new(on),
            game: RwSignal::new(game),
            tool: RwSignal::new(Tool::Digit),
            solution: RwSignal::new(Solution::Pending),
            checked: RwSignal::new(Vec::new()),
            mistakes: RwSignal::new(false),
            now: RwSignal::new(now_ms()),
            said: RwSignal::new(None),
            id: RwSignal::new(id),
            dragging: StoredValue::new(false),
            solve_job: JobSlot::new(),
            hint_stage: RwSignal::new(None),
            hint_busy: RwSignal::new(false),
            hint_job: JobSlot::new(),
            rated: RwSignal::new(FinishRating::NotAsked),
            rating_job: JobSlot::new(),
        }
    }

    /// Follow the puzzle: a new set of givens brings its own saved game
    /// (or a fresh one) and a new solution from the worker; the clock
    /// ticks and the game is saved every second while it runs.
    pub fn watch(self) {
        let key = Memo::new(move |_| {
            self.puzzle
                .with(|p| p.as_ref().map(|p| (p.kind.clone(), p.givens.clone())))
        });
        Effect::new(move |prev: Option<()>| {
            let key = key.get();
            if prev.is_some() {
                self.refresh();
            }
            // Only a game needs the solution: the editor's keystrokes would
            // otherwise start a worker job each.
            // Not before the second chunk's start-up parts are on screen
            // (`Bench::more`).
            if let (true, true, Some((kind, cells))) = (self.on.get(), self.bench.more.get(), key) {
                self.find_solution(kind, cells);
            } else {
                self.solve_job.abandon();
                self.solution.set(Solution::Pending);
            }
            self.sync_clock();
        });
        let tick = set_interval_with_handle(
            move || {
                self.now.set(now_ms());
                if self.game.with_untracked(|g| g.timer.is_running()) {
                    self.save();
                }
            },
            std::time::Duration::from_millis(1000),
        )
        .ok();
        let vis = window_event_listener(leptos::ev::visibilitychange, move |_| {
            self.sync_clock();
            self.save();
        });
        let hide = window_event_listener(leptos::ev::pagehide, move |_| self.save());
        on_cleanup(move || {
            if let Some(t) = tick {
                t.clear();
            }
            vis.remove();
            hide.remove();
            self.solve_job.abandon();
            self.hint_job.abandon();
            self.rating_job.abandon();
        });
    }

    /// Follow the puzzle on screen now: another puzzle (another id) saves
    /// this game and brings that one's saved game, or a fresh one.
    fn refresh(&self) {
        let Some(p) = self.puzzle.get_untracked() else {
            return;
        };
        if p.id == self.id.get_untracked() {
            return;
        }
        self.save();
        let (game, warning) = load_game(&p);
        self.id.set(p.id);
        self.game.set(game);
        self.checked.set(Vec::new());
        self.hint_stage.set(None);
        self.hint_job.abandon();
        self.hint_busy.set(false);
        self.rating_job.abandon();
        self.rated.set(FinishRating::NotAsked);
        self.said.set(warning.map(|w| (Tone::Error, w)));
    }

    /// The engine's solution on screen (Solve in the editor's panel): it
    /// stops and hides the clock.
    fn engine_shown(&self) -> bool {
        if self.vb.mode.get_untracked() == Mode::Standard {
            self.bench.overlay.with_untracked(Option::is_some)
        } else {
            self.vb.engine_shown()
        }
    }

    /// The engine's solution (tracked), if shown, for the grid.
    fn overlay(&self) -> Option<Vec<u8>> {
        if self.vb.mode.get() == Mode::Standard {
            self.bench.overlay.get()
        } else {
            self.vb.overlay()
        }
    }

    fn find_solution(&self, kind: Kind, cells: Vec<u8>) {
        self.solution.set(Solution::Pending);
        let play = *self;
        let found = StoredValue::new(Vec::<Vec<u8>>::new());
        // Two solutions are enough to know the puzzle is not proper.
        let on_event = move |e: Event<Vec<u8>>| match e {
            Event::Item { item, .. } => found.update_value(|f| f.push(item)),
            Event::Waiting(_) => {
                play.solve_job.abandon();
                play.solution.set(Solution::None(
                    "the puzzle has more than one solution, so Check cannot judge".into(),
                ));
            }
            Event::Done(_) => {
                let f = found.get_value();
                play.solution.set(match f.len() {
                    1 => Solution::Unique(f[0].clone()),
                    _ => Solution::None("the puzzle has no solution".into()),
                });
            }
            Event::Error(e) => play.solution.set(Solution::None(e.message)),
            Event::Progress(_) => {}
        };
        let _ticket = match kind {
            Kind::Standard(shape) => self.solve_job.submit(
                SudokuSolve {
                    shape,
                    cells,
                    algorithm: Algorithm::Auto,
                    batch: 2,
                },
                move |_, e| on_event(e.map(|s| s.cells)),
            ),
            variant => self.solve_job.submit(
                VariantSolve {
                    variant,
                    cells,
                    batch: 2,
                },
                move |_, e| on_event(e),
            ),
        };
    }

    /// Run the clock exactly while a game is being played on screen.
    pub fn sync_clock(&self) {
        let now = now_ms();
        let visible = !dom::document().hidden();
        let engine = self.engine_shown();
        self.game.update(|g| {
            let run = self.on.get_untracked()
                && visible
                && !g.paused
                && !engine
                && g.finished_ms.is_none();
            if run {
                g.timer.start(now);
            } else {
                g.timer.stop(now);
            }
        });
        self.now.set(now);
    }

    pub fn save(&self) {
        let id = self.id.get_untracked();
        let now = now_ms();
        self.game.with_untracked(|g| {
            let key = play::storage_key(&id);
            if let Some(s) = dom::local_storage() {
                if g.has_progress() || g.timer.elapsed(now) >= 1000.0 || g.finished_ms.is_some() {
                    storage::save_text(&key, &g.storage_text(now));
                } else {
                    let _ = s.remove_item(&key);
                }
            }
        });
    }

    /// A change by the player: Check's marks go, a finished grid ends the
    /// game, and the game is saved.
    fn changed(&self) {
        self.checked.set(Vec::new());
        let now = now_ms();
        let mut done = false;
        self.game.update(|g| done = g.finish_if_complete(now));
        if done {
            self.said.set(None);
        }
        self.save();
    }

    pub fn enter(&self, tool: Tool, v: u8) {
        let mut changed = false;
        self.game.update(|g| changed = g.enter(tool, v));
        if changed {
            self.changed();
        }
    }

    pub fn erase(&self) {
        let tool = self.tool.get_untracked();
        let mut changed = false;
        self.game.update(|g| changed = g.erase(tool));
        if changed {
            self.changed();
        }
    }

    pub fn undo(&self) {
        let mut changed = false;
        self.game.update(|g| changed = g.undo());
        if changed {
            self.changed();
        }
    }

    pub fn redo(&self) {
        let mut changed = false;
        self.game.update(|g| changed = g.redo());
        if changed {
            self.changed();
        }
    }

    pub fn toggle_auto(&self) {
        self.game.update(|g| {
            g.toggle_auto();
        });
        self.changed();
    }

    pub fn restart(&self) {
        self.game.update(Game::restart);
        self.checked.set(Vec::new());
        self.said.set(Some((
            Tone::Info,
            "Restarted: your digits, marks and colours are cleared and the clock is back at 0 \
             (Undo brings the work back)."
                .into(),
        )));
        self.save();
        self.sync_clock();
    }

    pub fn toggle_pause(&self) {
        self.game.update(|g| g.paused = !g.paused);
        self.sync_clock();
        self.save();
    }

    fn solution(&self) -> Result<Vec<u8>, String> {
        match self.solution.get_untracked() {
            Solution::Unique(s) => Ok(s),
            Solution::Pending => {
                Err("The solution is still being computed; try again in a moment.".into())
            }
            Solution::None(why) => Err(format!("No check possible: {why}.")),
        }
    }

    pub fn check(&self) {
        let sol = match self.solution() {
            Ok(s) => s,
            Err(e) => return self.said.set(Some((Tone::Error, e))),
        };
        let (wrong, filled) = self.game.with_untracked(|g| {
            let filled = (0..g.cells()).filter(|&c| g.value(c) != 0).count();
            (g.wrong(&sol), filled)
        });
        let n = self.game.with_untracked(Game::cells);
        let text = match wrong.len() {
            0 if filled == n => (Tone::Success, "Everything is right.".to_string()),
            0 => (
                Tone::Success,
                format!("No mistakes so far ({} cells to go).", n - filled),
            ),
            1 => (Tone::Error, "1 digit is wrong (marked in red).".to_string()),
            k => (
                Tone::Error,
                format!("{k} digits are wrong (marked in red)."),
            ),
        };
        self.checked.set(wrong);
        self.said.set(Some(text));
    }

    pub fn reveal(&self) {
        let sol = match self.solution() {
            Ok(s) => s,
            Err(e) => return self.said.set(Some((Tone::Error, e))),
        };
        let mut k = 0;
        self.game.update(|g| k = g.reveal(&sol));
        self.said.set(Some(if k == 0 {
            (
                Tone::Info,
                "Select an empty (or wrong) cell to reveal its digit.".into(),
            )
        } else {
            (
                Tone::Info,
                format!(
                    "Revealed {}.",
                    if k == 1 {
                        "1 cell".to_string()
                    } else {
                        format!("{k} cells")
                    }
                ),
            )
        }));
        if k > 0 {
            self.changed();
        }
    }

    /// Hint, graduated as in the logic lab: each press on the same
    /// position says more about the same step — the technique and where to
    /// look, then the cells, then the placement or eliminations — and the
    /// fourth press applies it (one undoable change). A wrong digit (or
    /// marks that lose a cell's true digit) is named first instead of being
    /// built on. Every answered press counts as a hint used.
    ///
    /// The hint is found in a worker (`SudokuHint`): on a Samurai every
    /// rule is tried on five grids, which measured up to 373 ms on the main
    /// thread. A press while one is being found is ignored.
    pub fn hint(&self) {
        if self.hint_busy.get_untracked() {
            return;
        }
        let Some(kind) = self
            .puzzle
            .with_untracked(|p| p.as_ref().map(|p| p.kind.clone()))
        else {
            return self.said.set(Some((
                Tone::Error,
                "No hint: fix the region map first.".into(),
            )));
        };
        let (values, marks) = self.position();
        let stage = lab::next_hint_stage(self.hint_stage.get_untracked(), &values, &marks);
        let standard = matches!(kind, Kind::Standard(_));
        let job = SudokuHint {
            rules: kind,
            values: values.clone(),
            marks: marks.clone(),
            solution: self.solution().ok(),
            stage,
        };
        let play = *self;
        self.hint_busy.set(true);
        self.hint_job.submit(job, move |_, e| match e {
            Event::Item { item, .. } => {
                play.hint_busy.set(false);
                play.show_hint(item, stage, values.clone(), marks.clone(), standard);
            }
            Event::Error(e) => {
                play.hint_busy.set(false);
                play.hint_stage.set(None);
                play.said
                    .set(Some((Tone::Error, format!("No hint: {}.", e.message))));
            }
            Event::Done(_) => play.hint_busy.set(false),
            _ => {}
        });
    }

    /// The player's digits and centre marks (the marks a hint reads).
    fn position(&self) -> (Vec<u8>, Vec<u64>) {
        self.game.with_untracked(|g| {
            let marks: Vec<u64> = (0..g.cells()).map(|c| g.centre_shown(c)).collect();
            (g.values(), marks)
        })
    }

    /// Ask the worker to rate the variant being played (once per puzzle),
    /// for the finish screen.
    pub fn ask_rating(&self) {
        if self.rated.get_untracked() != FinishRating::NotAsked {
            return;
        }
        let Some(p) = self.puzzle.get_untracked() else {
            return;
        };
        let play = *self;
        self.rated.set(FinishRating::Pending);
        self.rating_job.submit(
            SudokuRating {
                rules: p.kind,
                cells: p.givens,
            },
            move |_, e| match e {
                Event::Item { item, .. } => play.rated.set(FinishRating::Rated(item)),
                Event::Error(_) => play.rated.set(FinishRating::Failed),
                _ => {}
            },
        );
    }

    /// The worker's hint for the position `(values, marks)` at `stage`:
    /// told, or applied at stage 4 — unless the player changed the position
    /// while it was being found.
    fn show_hint(&self, hint: Hint, stage: u8, values: Vec<u8>, marks: Vec<u64>, standard: bool) {
        let (now_values, now_marks) = self.position();
        if now_values != values || now_marks != marks {
            self.hint_stage.set(None);
            return self.said.set(Some((
                Tone::Info,
                "The grid changed while the hint was being found: press Hint again.".into(),
            )));
        }
        self.game.update(|g| g.hints += 1);
        let said = match (hint.kind, hint.step) {
            (HintKind::Step, Some(step)) if stage == 4 => {
                self.hint_stage.set(None);
                let placements: Vec<(usize, u8)> =
                    step.placements.iter().map(|p| (p.cell, p.digit)).collect();
                let eliminations: Vec<(usize, u8)> = step
                    .eliminations
                    .iter()
                    .map(|p| (p.cell, p.digit))
                    .collect();
                self.game.update(|g| {
                    g.apply_step(&placements, &eliminations);
                });
                self.changed();
                (Tone::Info, format!("Applied: {}", lab::sentence(&step)))
            }
            (HintKind::Step, Some(step)) => {
                self.hint_stage.set(Some((stage, values, marks)));
                let mut text = if stage == 3 {
                    lab::sentence(&step)
                } else {
                    hint.text
                };
                if !text.trim_end().ends_with(['.', '!', '?']) {
                    text = format!("{}.", text.trim_end());
                }
                let more = if stage == 3 {
                    " Press Hint again to apply it."
                } else {
                    " Press Hint again for more."
                };
                (Tone::Info, format!("{text}{more}"))
            }
            (HintKind::WrongDigit | HintKind::WrongMarks | HintKind::Contradiction, _) => {
                self.hint_stage.set(None);
                (Tone::Error, hint.text)
            }
            (HintKind::Stuck, _) => {
                self.hint_stage.set(None);
                (
                    Tone::Info,
                    if standard {
                        "No rule applies to this position: the next move would be a guess. \
                         The lab's Solve logically shows the way on."
                            .into()
                    } else {
                        format!("{} Reveal cell shows a digit.", hint.text)
                    },
                )
            }
            _ => {
                self.hint_stage.set(None);
                (Tone::Info, hint.text)
            }
        };
        self.save();
        self.said.set(Some(said));
    }

    /// The link with or without the player's progress.
    pub fn link(&self, with_progress: bool) -> String {
        let loc = dom::window().location();
        let base = format!(
            "{}{}",
            loc.origin().unwrap_or_default(),
            loc.pathname().unwrap_or_default()
        );
        let id = self.id.get_untracked();
        let code = if with_progress {
            self.game.with_untracked(|g| g.progress_code(now_ms()))
        } else {
            String::new()
        };
        if code.is_empty() {
            format!("{base}#sudoku/{id}")
        } else {
            format!("{base}#sudoku/{id}~{code}")
        }
    }

    /// A link carried progress: continue from it.
    pub fn open_progress(&self, code: &str) -> Result<(), String> {
        // The link's puzzle may have just been loaded: play its game.
        self.refresh();
        let mut r = Ok(());
        self.game.update(|g| r = g.apply_progress(code));
        if r.is_ok() {
            self.on.set(true);
            self.changed();
            self.sync_clock();
        }
        r
    }

    fn key(&self, e: KeyboardEvent) {
        let n = self.game.with_untracked(|g| g.rules().size);
        let ctrl = e.ctrl_key() || e.meta_key();
        let key = e.key();
        // Shift+digit gives "!" etc.: read the key's position for digits.
        let code = e.code();
        let digit = code
            .strip_prefix("Digit")
            .or_else(|| code.strip_prefix("Numpad"))
            .and_then(|d| d.parse::<u8>().ok())
            .filter(|&d| (1..=9).contains(&d) && d as usize <= n.max(9));
        let value = digit.or_else(|| key_value(&key, n));
        let shift = e.shift_key();
        let mv = |dr, dc| self.game.update(|g| g.move_cursor(dr, dc, shift));
        match key.as_str() {
            "ArrowUp" => mv(-1, 0),
            "ArrowDown" => mv(1, 0),
            "ArrowLeft" => mv(0, -1),
            "ArrowRight" => mv(0, 1),
            "Backspace" | "Delete" => self.erase(),
            "Escape" => self.game.update(|g| {
                if let Some(c) = g.cursor() {
                    g.select(c);
                }
            }),
            "a" | "A" if ctrl => self.game.update(Game::select_all),
            " " => self.tool.update(|t| {
                let k = Tool::ALL.iter().position(|x| x == t).unwrap_or(0);
                *t = Tool::ALL[(k + 1) % Tool::ALL.len()];
            }),
            _ if ctrl && value.is_none() => return, // Ctrl+Z etc.: page-wide
            "z" | "Z" if !ctrl && !shift && n < 35 => self.tool.set(Tool::Digit),
            "x" | "X" if !ctrl && !shift && n < 33 => self.tool.set(Tool::Corner),
            "c" | "C" if !ctrl && !shift && n < 12 => self.tool.set(Tool::Centre),
            "v" | "V" if !ctrl && !shift && n < 31 => self.tool.set(Tool::Colour),
            _ => {
                let Some(v) = value.filter(|&v| v != 0) else {
                    return;
                };
                let tool = if shift {
                    Tool::Corner
                } else if ctrl {
                    Tool::Centre
                } else {
                    self.tool.get_untracked()
                };
                self.enter(tool, v);
            }
        }
        e.prevent_default();
    }
}

/// An empty 9×9 (while no puzzle can be played).
fn empty_game() -> Game {
    Game::new(Rules::standard(Shape::NINE), vec![0; 81]).expect("an empty grid fits")
}

/// The saved game of a puzzle, else a fresh one; a warning when a saved
/// one could not be read (it is discarded).
fn load_game(p: &PlayPuzzle) -> (Game, Option<String>) {
    let Ok(rules) = p.rules() else {
        return (empty_game(), None);
    };
    let fresh = || Game::new(rules.clone(), p.givens.clone()).unwrap_or_else(|_| empty_game());
    let key = play::storage_key(&p.id);
    let Some(text) = dom::local_storage().and_then(|s| s.get_item(&key).ok().flatten()) else {
        return (fresh(), None);
    };
    match Game::from_storage(rules.clone(), p.givens.clone(), &text) {
        Ok(g) => (g, None),
        Err(e) => {
            if let Some(s) = dom::local_storage() {
                let _ = s.remove_item(&key);
            }
            (
                fresh(),
                Some(format!(
                    "Your saved game of this puzzle could not be read ({e}); it starts afresh."
                )),
            )
        }
    }
}

fn digits_of(mask: u64) -> Vec<u8> {
    (1..=64u8).filter(|&d| mask >> (d - 1) & 1 == 1).collect()
}

fn digit_string(mask: u64) -> String {
    digits_of(mask).into_iter().map(symbol).collect()
}

/// What one cell shows.
#[derive(Clone, Debug, PartialEq)]
struct CellView {
    value: u8,
    kind: &'static str,
    corner: u64,
    centre: u64,
    colour: u8,
    selected: bool,
    conflict: bool,
    wrong: bool,
}

/// How the grid is drawn: a square of boxes, or a variant's layout (X
/// diagonals, jigsaw regions, Samurai's holes).
#[derive(Clone, Debug, PartialEq)]
enum Layout {
    Square(Shape),
    Variant(Variant),
}

impl Layout {
    fn width(&self) -> usize {
        match self {
            Layout::Square(s) => s.size(),
            Layout::Variant(v) => v.width(),
        }
    }

    fn height(&self) -> usize {
        match self {
            Layout::Square(s) => s.size(),
            Layout::Variant(v) => v.height(),
        }
    }
}

#[component]
pub fn PlayGrid(play: Play) -> impl IntoView {
    let bench = play.bench;
    let layout = Memo::new(move |_| {
        play.puzzle.with(|p| match p.as_ref().map(|p| &p.kind) {
            Some(Kind::Standard(s)) => Layout::Square(*s),
            Some(k) => Variant::new(k.clone())
                .map(Layout::Variant)
                .unwrap_or(Layout::Square(Shape::NINE)),
            None => Layout::Square(Shape::NINE),
        })
    });
    let variant_id = move || match layout.get() {
        Layout::Square(_) => "standard",
        Layout::Variant(v) => match v.kind() {
            Kind::X(_) => "x",
            Kind::Jigsaw(_) => "jigsaw",
            Kind::Samurai => "samurai",
            Kind::Standard(_) => "standard",
        },
    };
    let conflicts = Memo::new(move |_| play.game.with(Game::conflicts));
    // Wrong digits: Check's, and while typing when mistakes are shown.
    let wrong = Memo::new(move |_| {
        let mut w = play.checked.get();
        if play.mistakes.get() {
            if let Solution::Unique(s) = play.solution.get() {
                w.extend(play.game.with(|g| g.wrong(&s)));
            }
        }
        w
    });
    let cursor_value = Memo::new(move |_| play.game.with(|g| g.cursor().map_or(0, |c| g.value(c))));
    let cell_at_point = |x: i32, y: i32| -> Option<usize> {
        let el = dom::document().element_from_point(x as f32, y as f32)?;
        let cell = el.closest("[data-cell]").ok().flatten()?;
        cell.get_attribute("data-cell")?.parse().ok()
    };
    let cells_view = move || {
        let layout = layout.get();
        let (w, h) = (layout.width(), layout.height());
        let regions: Vec<char> = match &layout {
            Layout::Variant(v) => match v.kind() {
                Kind::Jigsaw(map) => map.to_string().chars().collect(),
                _ => Vec::new(),
            },
            Layout::Square(_) => Vec::new(),
        };
        let cells = (0..w * h)
            .map(|pos| {
                let (i, edges) = match &layout {
                    Layout::Square(shape) => (pos, edge_classes(*shape, pos)),
                    Layout::Variant(v) => match v.cell_at(pos / w, pos % w) {
                        Some(i) => (i, format!("cell {}", variants::cell_classes(v, &regions, i))),
                        None => {
                            return view! { <div class="vhole" aria-hidden="true"></div> }.into_any()
                        }
                    },
                };
                let view = Memo::new(move |_| {
                    let engine = play.overlay().and_then(|o| o.get(i).copied());
                    play.game.with(|g| {
                        if i >= g.cells() {
                            return None;
                        }
                        let v = g.value(i);
                        let (value, kind) = match (g.is_given(i), v, engine) {
                            (true, _, _) => (v, "given"),
                            (false, 0, Some(e)) => (e, "solved"),
                            (false, 0, None) => (0, "empty"),
                            _ => (v, "player"),
                        };
                        Some(CellView {
                            value,
                            kind,
                            corner: g.corner_shown(i),
                            centre: g.centre_shown(i),
                            colour: g.layers().colours[i],
                            selected: g.is_selected(i),
                            conflict: conflicts.with(|c| c.get(i).copied().unwrap_or(false)),
                            wrong: wrong.with(|w| w.contains(&i)),
                        })
                    })
                });
                let class = move || {
                    let Some(c) = view.get() else { return edges.clone() };
                    let mut s = edges.clone();
                    s.push(' ');
                    s.push_str(c.kind);
                    if c.selected {
                        s.push_str(" selected");
                    }
                    if c.value != 0 && c.value == cursor_value.get() && !c.selected {
                        s.push_str(" same");
                    }
                    if c.conflict {
                        s.push_str(" conflict");
                    }
                    if c.wrong {
                        s.push_str(" wrong");
                    }
                    if c.colour != 0 {
                        s.push_str(&format!(" col-{}", c.colour));
                    }
                    s
                };
                let content = move || {
                    let Some(c) = view.get() else { return ().into_any() };
                    if c.value != 0 {
                        return view! { <span class="value">{symbol(c.value)}</span> }.into_any();
                    }
                    let corner = digits_of(c.corner);
                    let centre = digit_string(c.centre);
                    let small = if centre.chars().count() > 5 { " many" } else { "" };
                    view! {
                        <span class="corner-marks" aria-hidden="true">
                            {corner.into_iter().map(|d| view! { <span>{symbol(d)}</span> }).collect_view()}
                        </span>
                        <span class=format!("centre-marks{small}") aria-hidden="true">{centre}</span>
                    }
                    .into_any()
                };
                let r = pos / w;
                let col = pos % w;
                view! {
                    <div
                        role="gridcell"
                        id=format!("cell-{i}")
                        class=class
                        data-cell=i
                        data-pos=pos
                        data-kind=move || view.with(|c| c.as_ref().map_or("empty", |c| c.kind))
                        data-corner=move || view.with(|c| c.as_ref().map(|c| digit_string(c.corner)).filter(|s| !s.is_empty()))
                        data-centre=move || view.with(|c| c.as_ref().map(|c| digit_string(c.centre)).filter(|s| !s.is_empty()))
                        data-colour=move || view.with(|c| c.as_ref().and_then(|c| (c.colour != 0).then(|| c.colour.to_string())))
                        data-wrong=move || view.with(|c| c.as_ref().is_some_and(|c| c.wrong).then_some("true"))
                        data-conflict=move || view.with(|c| c.as_ref().is_some_and(|c| c.conflict).then_some("true"))
                        aria-selected=move || view.with(|c| c.as_ref().is_some_and(|c| c.selected).to_string())
                        aria-label=move || {
                            let Some(c) = view.get() else { return String::new() };
                            let mut s = format!("Row {}, column {}: ", r + 1, col + 1);
                            match c.kind {
                                "empty" => s.push_str("empty"),
                                k => s.push_str(&format!("{} ({k})", symbol(c.value))),
                            }
                            if c.corner != 0 {
                                s.push_str(&format!(", corner {}", digit_string(c.corner)));
                            }
                            if c.centre != 0 {
                                s.push_str(&format!(", centre {}", digit_string(c.centre)));
                            }
                            if c.wrong {
                                s.push_str(", wrong");
                            }
                            s
                        }
                    >
                        {content}
                    </div>
                }
                .into_any()
            })
            .collect::<Vec<_>>();
        // Cells in rows, as ARIA's grid wants (rows are `display: contents`).
        let mut cells = cells.into_iter();
        (0..h)
            .map(|_| {
                let row: Vec<AnyView> = cells.by_ref().take(w).collect();
                view! { <div role="row" class="grid-row">{row}</div> }
            })
            .collect_view()
    };
    let stop = window_event_listener(leptos::ev::pointerup, move |_| {
        play.dragging.set_value(false)
    });
    on_cleanup(move || stop.remove());
    // The grid as text (tests read it): Sage's string, or the variant's
    // layout with holes.
    let grid_text = move |values: Vec<u8>| match layout.get() {
        Layout::Variant(v) if values.len() == v.cells() => v.to_layout(&values),
        Layout::Variant(_) => String::new(),
        Layout::Square(_) => bench.board.with(|b| {
            let s = b.sudoku().with_cells(values);
            s.to_sage_string().unwrap_or_else(|_| s.to_list_string())
        }),
    };
    let givens_string = move || grid_text(play.game.with(|g| g.givens().to_vec()));
    view! {
        <div class=move || match layout.get() {
            Layout::Square(_) => "grid-frame",
            Layout::Variant(_) => "grid-frame vgrid-frame",
        }>
            <div
                id=GRID_ID
                class=move || match layout.get() {
                    Layout::Square(_) => "grid play-grid",
                    Layout::Variant(_) => "vgrid play-grid",
                }
                class:finished=move || play.game.with(|g| g.finished_ms.is_some())
                role="grid"
                tabindex="0"
                data-testid="grid"
                data-mode="play"
                data-tool=move || play.tool.get().id()
                data-size=move || play.game.with(|g| g.rules().size)
                data-variant=variant_id
                data-puzzle=givens_string
                data-grid=move || grid_text(play.game.with(Game::values))
                data-selected=move || play.game.with(|g| g.selection().len())
                data-conflicts=move || conflicts.with(|c| c.iter().filter(|&&x| x).count())
                aria-label=move || {
                    let l = layout.get();
                    let name = match variant_id() {
                        "x" => "X-sudoku",
                        "jigsaw" => "Jigsaw sudoku",
                        "samurai" => "Samurai sudoku",
                        _ => "Sudoku",
                    };
                    format!(
                        "{name} to play, {} by {}. Arrows move, Shift+arrows or Shift/Ctrl+click select more, \
                         digits fill, Shift+digit corner mark, Ctrl+digit centre mark, Space changes the mode.",
                        l.height(),
                        l.width()
                    )
                }
                aria-multiselectable="true"
                aria-activedescendant=move || play.game.with(|g| g.cursor().map(|c| format!("cell-{c}")))
                style=move || match layout.get() {
                    Layout::Square(s) => {
                        format!("--n:{};--br:{};--bc:{}", s.size(), s.box_rows, s.box_cols)
                    }
                    // Cell sizes follow the layout's width (Samurai: 21).
                    Layout::Variant(v) => format!("--n:{w};--w:{w};--h:{}", v.height(), w = v.width()),
                }
                on:keydown=move |e| play.key(e)
                // One listener for every cell (the nearest `data-cell` of
                // the target), not a closure per cell: a 25×25 had 625.
                on:pointerdown=move |e: PointerEvent| {
                    let Some(i) = dom::cell_of(&e) else {
                        return;
                    };
                    e.prevent_default();
                    // Touch would keep the pointer on the element it went
                    // down on: let the grid follow it instead.
                    if let Some(t) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                        let _ = t.release_pointer_capture(e.pointer_id());
                    }
                    play.dragging.set_value(true);
                    play.game.update(|g| {
                        if e.ctrl_key() || e.meta_key() {
                            g.toggle_select(i);
                        } else if e.shift_key() {
                            g.extend_select(i);
                        } else {
                            g.select(i);
                        }
                    });
                    dom::focus_id(GRID_ID);
                }
                on:pointermove=move |e: PointerEvent| {
                    if !play.dragging.get_value() {
                        return;
                    }
                    if let Some(i) = cell_at_point(e.client_x(), e.client_y()) {
                        let known = play.game.with_untracked(|g| g.cursor() == Some(i));
                        if !known {
                            play.game.update(|g| g.extend_select(i));
                        }
                    }
                }
            >
                {cells_view}
            </div>
        </div>
    }
}

/// The board column in play mode, for every grid: the switch and the
/// game's bar, the grid, the phone's answer slot, the finish screen, the
/// pad and the phone's buttons.
#[component]
pub fn PlayColumn(play: Play, lab: Lab) -> impl IntoView {
    // The bar and the grid in this task, the rest in the next: switching to
    // play mode is two short tasks, not one long one.
    let shown = crate::ui::dom::stagger(2);
    let rest = move || shown.get() == 2;
    view! {
        <div class="toolbar">
            <ModeSwitch play=play/>
            <PlayBar play=play/>
        </div>
        <PlayGrid play=play/>
        <Show when=rest>
            <SaidSlot play=play/>
            <Finish play=play lab=lab/>
            <PlayPad play=play/>
            <PhoneActions play=play/>
        </Show>
    }
}

/// Above the grid in play mode: the clock, Pause, Undo, Redo, Restart.
#[component]
pub fn PlayBar(play: Play) -> impl IntoView {
    let elapsed = move || {
        play.now.track();
        play.game.with(|g| {
            g.finished_ms
                .map_or_else(|| g.timer.elapsed(now_ms()), |f| f as f64)
        })
    };
    let engine = move || play.overlay().is_some();
    view! {
        <div class="toolbar-group play-bar" role="group" aria-label="Game">
            <span
                class="timer"
                class:hidden=engine
                data-testid="timer"
                data-ms=move || (elapsed() as u64).to_string()
                data-running=move || play.game.with(|g| g.timer.is_running()).to_string()
                aria-label="Time played"
            >
                {move || clock(elapsed())}
            </span>
            <button
                type="button"
                class="tool"
                class:hidden=engine
                data-testid="pause"
                aria-pressed=move || play.game.with(|g| g.paused).to_string()
                disabled=move || play.game.with(|g| g.finished_ms.is_some())
                on:click=move |_| play.toggle_pause()
            >
                {move || if play.game.with(|g| g.paused) { "Resume" } else { "Pause" }}
            </button>
            <UndoRedo labelled=false
                can_undo=Signal::derive(move || play.game.with(Game::can_undo))
                can_redo=Signal::derive(move || play.game.with(Game::can_redo))
                on_undo=move |()| play.undo() on_redo=move |()| play.redo()/>
            <button type="button" class="tool" data-testid="restart" title="Clear your work and the clock" on:click=move |_| play.restart()>
                "Restart"
            </button>
        </div>
    }
}

/// Under the grid in play mode: the modes, auto-candidates, and the pad
/// (digits, or the nine colours in colour mode).
#[component]
pub fn PlayPad(play: Play) -> impl IntoView {
    let n = Memo::new(move |_| play.game.with(|g| g.rules().size));
    let tool_button = move |t: Tool, label: &'static str, title: &'static str| {
        view! {
            <Segment testid=format!("tool-{}", t.id()) title=title
                checked=Signal::derive(move || play.tool.get() == t)
                on:mousedown=|e| e.prevent_default()
                on_pick=move |()| {
                    play.tool.set(t);
                    dom::focus_id(GRID_ID);
                }>
                {label}
            </Segment>
        }
    };
    let keys = move || {
        let n = n.get();
        let colour = play.tool.get() == Tool::Colour;
        let count = if colour { COLOURS as usize } else { n };
        (1..=count as u8)
            .map(|v| {
                let label = if colour { String::new() } else { symbol(v) };
                let class = if colour {
                    format!("pad-key swatch col-{v}")
                } else {
                    format!("pad-key mode-{}", play.tool.get_untracked().id())
                };
                view! {
                    <button
                        type="button"
                        class=class
                        data-testid=format!("pad-{v}")
                        aria-label=if colour { format!("Colour {v}") } else { format!("Enter {}", symbol(v)) }
                        on:mousedown=|e| e.prevent_default()
                        on:click=move |_| {
                            play.enter(play.tool.get_untracked(), v);
                            dom::focus_id(GRID_ID);
                        }
                    >
                        {label}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div class="play-tools">
            <div class="segmented tools" role="radiogroup" aria-label="What typing does">
                {tool_button(Tool::Digit, "Digit", "Digits (Z)")}
                {tool_button(Tool::Corner, "Corner", "Corner marks (X, or Shift+digit)")}
                {tool_button(Tool::Centre, "Centre", "Centre marks (C, or Ctrl+digit)")}
                {tool_button(Tool::Colour, "Colour", "Cell colours (V)")}
            </div>
            <button
                type="button"
                class="tool"
                class:on=move || play.game.with(|g| g.layers().auto)
                data-testid="auto-candidates"
                title="Show every candidate the digits allow; your centre-mark eliminations are kept"
                aria-pressed=move || play.game.with(|g| g.layers().auto).to_string()
                on:mousedown=|e| e.prevent_default()
                on:click=move |_| {
                    play.toggle_auto();
                    dom::focus_id(GRID_ID);
                }
            >
                "Auto"
            </button>
        </div>
        <Keypad n=n erase_label="Erase"
            on_erase=move |()| {
                play.erase();
                dom::focus_id(GRID_ID);
            }>
            {keys}
        </Keypad>
        <p class="kbd-hint" aria-hidden="true">
            "Shift+digit: corner · Ctrl+digit: centre · Shift/Ctrl+click, drag, Ctrl+A: select · Space: mode"
        </p>
    }
}

/// On phones: Check, Reveal and Hint under the pad, and their answer in
/// a slot of fixed height under the grid, so the grid never moves while
/// the text changes (the side card holds the same on wide screens).
#[component]
pub fn PhoneActions(play: Play) -> impl IntoView {
    view! {
        <div class="actions play-actions narrow-only">
            <button type="button" class="primary" data-testid="m-check" on:click=move |_| play.check()>"Check"</button>
            <button type="button" data-testid="m-reveal" on:click=move |_| play.reveal()>"Reveal cell"</button>
            <button type="button" data-testid="m-hint" aria-busy=move || play.hint_busy.get().to_string() on:click=move |_| play.hint()>{move || if play.hint_busy.get() { "Hint…" } else { "Hint" }}</button>
        </div>
    }
}

#[component]
pub fn SaidSlot(play: Play) -> impl IntoView {
    view! {
        <p
            class=move || format!("play-said-slot narrow-only {}", play.said.with(|s| s.as_ref().map_or("idle", |s| s.0.name())))
            data-testid="m-play-said"
            role="status"
        >
            {move || play.said.get().map_or_else(
                || "Tap a cell (drag for several), then a digit or a mark.".to_string(),
                |s| s.1,
            )}
        </p>
    }
}

/// "Hard · 4.2": the named grade and the numeric rating.
fn rating_text(rating: Option<logic::Rating>, score: Option<u16>) -> Option<String> {
    let grade = lab::rating_label(rating?);
    Some(match score {
        Some(s) => format!("{grade} · {}", logic::weight_text(s)),
        None => grade.to_string(),
    })
}

/// The finish screen, over the pad: time, hints, reveals, rating. A
/// standard grid's rating is the lab's (it rates the grid on screen after
/// every edit); a variant's is asked of the worker when the game ends.
#[component]
pub fn Finish(play: Play, lab: Lab) -> impl IntoView {
    let finished = Memo::new(move |_| play.game.with(|g| g.finished_ms.is_some()));
    Effect::new(move |_| {
        if finished.get() && play.vb.mode.get() != Mode::Standard {
            play.ask_rating();
        }
    });
    let rating = move || -> String {
        if play.vb.mode.get() != Mode::Standard {
            return match play.rated.get() {
                FinishRating::Rated(r) => {
                    rating_text(r.rating, r.score).unwrap_or_else(|| "—".into())
                }
                FinishRating::Pending => "rating…".into(),
                FinishRating::NotAsked | FinishRating::Failed => "—".into(),
            };
        }
        lab.analysis
            .with(|a| {
                a.as_ref().and_then(|a| match &a.result {
                    Ok((e, _)) if e.outcome == Outcome::Solved => rating_text(e.rating, e.score),
                    _ => None,
                })
            })
            .unwrap_or_else(|| "—".into())
    };
    move || {
        play.game.with(|g| g.finished_ms.map(|ms| (ms, g.hints, g.reveals))).map(|(ms, hints, reveals)| {
            view! {
                <section class="finish" data-testid="finish" role="status">
                    <p class="finish-title">"Solved!"</p>
                    <dl class="finish-stats">
                        <div><dt>"Time"</dt><dd data-testid="finish-time">{clock(ms as f64)}</dd></div>
                        <div><dt>"Hints"</dt><dd data-testid="finish-hints">{hints}</dd></div>
                        <div><dt>"Revealed"</dt><dd>{reveals}</dd></div>
                        <div><dt>"Rating"</dt><dd data-testid="finish-rating" title="The hardest step a logical solver needs (Sudoku Explainer's scale: 1.2 hidden single … 10.0 a guess)">{rating}</dd></div>
                    </dl>
                    <button type="button" data-testid="play-again" on:click=move |_| play.restart()>"Play again"</button>
                </section>
            }
        })
    }
}

/// The side card in play mode: Check, Reveal, Hint, mistakes, sharing.
#[component]
pub fn PlayCard(play: Play) -> impl IntoView {
    let with_progress = RwSignal::new(false);
    let copied = RwSignal::new(false);
    view! {
        <section class="card play-card" aria-labelledby="play-title" data-testid="play-card">
            <h2 id="play-title">"Play"</h2>
            <div class="actions wide-only">
                <button type="button" class="primary" data-testid="check" title="Mark wrong digits (the solution stays hidden)" on:click=move |_| play.check()>
                    "Check"
                </button>
                <button type="button" data-testid="reveal" title="Show the right digit in the selected cells" on:click=move |_| play.reveal()>
                    "Reveal cell"
                </button>
                <button type="button" data-testid="play-hint" title="The next logical step on your position" aria-busy=move || play.hint_busy.get().to_string() on:click=move |_| play.hint()>
                    {move || if play.hint_busy.get() { "Hint…" } else { "Hint" }}
                </button>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="mistakes"
                    prop:checked=move || play.mistakes.get()
                    on:change=move |e| play.mistakes.set(event_target_checked(&e))
                />
                " Show mistakes as I type"
            </label>
            {move || play.said.get().map(|(tone, text)| view! {
                <p class=format!("message wide-only {}", tone.name()) data-testid="play-said" role="status">{text}</p>
            })}
            <h3>"Share"</h3>
            <div class="segmented" role="radiogroup" aria-label="What the link carries">
                <Segment testid="share-puzzle" checked=Signal::derive(move || !with_progress.get())
                    on_pick=move |()| with_progress.set(false)>"Puzzle only"</Segment>
                <Segment testid="share-progress" checked=with_progress
                    on_pick=move |()| with_progress.set(true)>"With my progress"</Segment>
            </div>
            <input
                class="mono share-link"
                readonly
                id="play-link"
                data-testid="share-link"
                aria-label="Share link"
                prop:value=move || {
                    play.game.track();
                    play.id.track();
                    play.link(with_progress.get())
                }
            />
            <div class="row">
                <button
                    type="button"
                    data-testid="copy-play-link"
                    on:click=move |_| {
                        // Confirmed only once the browser says the copy worked.
                        dom::copy_text(&play.link(with_progress.get_untracked()), move |ok| {
                            if ok {
                                copied.set(true);
                                set_timeout(move || copied.set(false), std::time::Duration::from_millis(1600));
                            }
                        });
                    }
                >
                    {move || if copied.get() { "Link copied ✓" } else { "Copy link" }}
                </button>
            </div>
        </section>
    }
}

/// Edit · Play, at the head of the board column.
#[component]
pub fn ModeSwitch(play: Play) -> impl IntoView {
    // Either mode's board and column are a large rebuild: in a task after
    // the click's (dom::soon), so the click's own task stays short. A touch
    // test that lost a tap here lost it to Chromium's tap-after-fling rule
    // in the test's drag, not to the deferral.
    let set = move |on: bool| {
        dom::soon(move || {
            if play.on.get_untracked() != on {
                play.on.set(on);
                play.bench.lab_view.set(None);
                play.sync_clock();
                if on {
                    dom::focus_id(GRID_ID);
                }
            }
        })
    };
    view! {
        <div class="segmented mode-switch" role="radiogroup" aria-label="Edit the puzzle or play it">
            <Segment testid="mode-edit" title="Edit the givens, solve, count, generate"
                checked=Signal::derive(move || !play.on.get())
                on_pick=move |()| set(false)>"Edit"</Segment>
            <Segment testid="mode-play" title="Play the puzzle: givens locked, marks, colours, timer"
                checked=play.on on_pick=move |()| set(true)>"Play"</Segment>
        </div>
    }
}

// Play mode's column and card (and what only they reach: the game's
// controls, hints, the finish screen) are a chunk of their own, fetched the
// first time the user plays.
crate::part!(sudoku_more, column(play: Play, lab: Lab) => view! { <PlayColumn play=play lab=lab/> });
crate::part!(sudoku_more, card(play: Play) => view! { <PlayCard play=play/> });
