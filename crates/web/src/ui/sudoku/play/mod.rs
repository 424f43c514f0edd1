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
use crate::model::sudoku::hint::{next_hint_stage, HintStage};
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

mod controls;
mod finish;
mod grid;

pub use controls::{ModeSwitch, PlayColumn};
pub use finish::{Finish, PlayCard};
pub use grid::PlayGrid;

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
    hint_stage: RwSignal<Option<HintStage>>,
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
        // Play mode on an empty grid (a link, a variant switched to while
        // playing) goes back to the editor, where givens are made.
        Effect::new(move |_| {
            if self.on.get() && !self.playable() {
                self.show(false);
            }
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
        self.game.update(|g| {
            let run = self.on.get_untracked() && visible && !g.paused && g.finished_ms.is_none();
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

    /// Switch between the editor and the game (the Edit · Play switch, and
    /// the editor's "Play this puzzle"). Either mode's board and column are
    /// a large rebuild: in a task after the click's (`dom::soon`), so the
    /// click's own task stays short.
    pub fn show(self, on: bool) {
        dom::soon(move || {
            if self.on.get_untracked() != on {
                self.on.set(on);
                self.bench.lab_view.set(None);
                self.sync_clock();
                if on {
                    dom::focus_id(GRID_ID);
                }
            }
        })
    }

    /// Is there a puzzle to play (tracked)? Its rules are readable and it
    /// has at least one given: an empty grid would start a clock on
    /// nothing.
    pub fn playable(&self) -> bool {
        self.puzzle
            .with(|p| p.as_ref().is_some_and(|p| p.givens.iter().any(|&v| v != 0)))
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
        let stage = next_hint_stage(self.hint_stage.get_untracked(), &values, &marks);
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

// Play mode's column and card (and what only they reach: the game's
// controls, hints, the finish screen) are a chunk of their own, fetched the
// first time the user plays.
crate::chunk_view!(sudoku_more, column(play: Play, lab: Lab) => view! { <PlayColumn play=play lab=lab/> });
crate::chunk_view!(sudoku_more, card(play: Play) => view! { <PlayCard play=play/> });
