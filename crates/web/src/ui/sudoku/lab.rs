//! The logic lab: Hint, Step and "Solve logically" with the engine's
//! explanations drawn on the grid, the difficulty rating of the current
//! puzzle, and the seeded generator.
//!
//! The full logical solve (`logic::explain`) always runs in the Web Worker:
//! a 9×9 takes a couple of milliseconds but a 16×16 with an exploration
//! tree can take seconds, and one code path is simpler to trust. Up to 9×9
//! it runs after every edit (so the rating is always there); larger grids
//! are analysed on demand ("Solve logically"), because a nearly empty
//! 16×16 or 25×25 would keep a worker busy for its whole branch budget and
//! hold up Solve and Count. A hint is one rule search on the current
//! position, cheap enough for the UI thread.

use super::Bench;
use crate::model::format::capitalize;
use crate::model::job::Tone;
use crate::model::sudoku::board::Board;
use crate::ui::job::JobSlot;
use crate::ui::segment::Segment;
use leptos::prelude::*;
use tessera_engine::sudoku::generate::{Generated, Options, Symmetry};
use tessera_engine::sudoku::logic::hint::HintKind;
use tessera_engine::sudoku::logic::{
    self, board::digits, weight_text, Branch, BranchEnd, Explanation, Outcome, Rating, Snapshot,
    Split, Step,
};
use tessera_engine::sudoku::variant::Kind;
use tessera_engine::sudoku::{Shape, Sudoku};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::sudoku::{SudokuExplain, SudokuGenerate};

/// The largest side analysed after every edit; larger grids on demand.
pub const AUTO_RATE_MAX: usize = 9;

/// What the grid shows while a step is highlighted.
#[derive(Clone, Debug, PartialEq)]
pub struct LabView {
    /// A position to show instead of the board (values, candidate masks);
    /// `None` shows the board itself.
    pub position: Option<(Vec<u8>, Vec<u64>)>,
    pub step: Step,
}

/// Per-cell highlight data derived from a [`LabView`], for the grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Highlights {
    /// Bit 0: a pattern cell; bit 1: inside an outlined unit; bit 2: gets a
    /// placement.
    pub flags: Vec<u8>,
    pub eliminated: Vec<u64>,
    pub placed: Vec<u64>,
    /// The step's digits, marked in its pattern cells.
    pub focus: Vec<u64>,
}

pub const HL_CELL: u8 = 1;
pub const HL_UNIT: u8 = 2;
pub const HL_PLACE: u8 = 4;

impl Highlights {
    pub fn of(step: &Step, shape: Shape) -> Highlights {
        let n = shape.size();
        let mut h = Highlights {
            flags: vec![0; n * n],
            eliminated: vec![0; n * n],
            placed: vec![0; n * n],
            focus: vec![0; n * n],
        };
        let digit_mask = step.digits.iter().fold(0u64, |m, &d| m | bit(d));
        for &c in &step.cells {
            if c < n * n {
                h.flags[c] |= HL_CELL;
                h.focus[c] |= digit_mask;
            }
        }
        for (cell, flag) in h.flags.iter_mut().enumerate() {
            let (r, c) = (cell / n, cell % n);
            let inside = step.units.iter().any(|u| match u.kind {
                logic::UnitKind::Row => u.index == r,
                logic::UnitKind::Column => u.index == c,
                logic::UnitKind::Box => u.index == shape.box_of(r, c),
                logic::UnitKind::Diagonal => {
                    if u.index == 0 {
                        r == c
                    } else {
                        r + c == n - 1
                    }
                }
                // The lab's grids have boxes; a jigsaw region is not drawn here.
                logic::UnitKind::Region => false,
            });
            if inside {
                *flag |= HL_UNIT;
            }
        }
        for p in step.placements.iter().filter(|p| p.cell < n * n) {
            h.flags[p.cell] |= HL_PLACE;
            h.placed[p.cell] |= bit(p.digit);
        }
        for e in step.eliminations.iter().filter(|e| e.cell < n * n) {
            h.eliminated[e.cell] |= bit(e.digit);
        }
        h
    }
}

fn bit(d: u8) -> u64 {
    if d == 0 {
        0
    } else {
        1u64 << (d - 1)
    }
}

/// The graduated hint's stage and the position (values, marks) it is for.
pub type HintStage = (u8, Vec<u8>, Vec<u64>);

/// The stage the next press of a graduated Hint answers: one more than the
/// last on the same position (values and marks), after the fourth or on
/// another position the first again. Shared by the lab and play mode.
pub fn next_hint_stage(last: Option<HintStage>, values: &[u8], marks: &[u64]) -> u8 {
    match last {
        Some((s, v, m)) if v == values && m == marks && s < 4 => s + 1,
        _ => 1,
    }
}

/// The logical solve of one puzzle, as the worker answered it.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub shape: Shape,
    pub cells: Vec<u8>,
    pub result: Result<(Explanation, Vec<Snapshot>), String>,
}

/// The generator's form, kept across renders.
#[derive(Clone, Copy)]
pub struct GenForm {
    pub shape: RwSignal<Shape>,
    pub symmetry: RwSignal<Symmetry>,
    pub minimal: RwSignal<bool>,
    pub difficulty: RwSignal<Option<Rating>>,
    /// The seed as typed (so a bad one stays on screen to be fixed).
    pub seed: RwSignal<String>,
    pub error: RwSignal<Option<String>>,
    pub busy: RwSignal<bool>,
    pub note: RwSignal<Option<String>>,
}

/// All the lab's state; `Copy` like [`Bench`].
#[derive(Clone, Copy)]
pub struct Lab {
    pub bench: Bench,
    /// The analysis of the current puzzle (`None` while it is computed).
    pub analysis: RwSignal<Option<Analysis>>,
    /// The sentence under the buttons (hint, step applied, why no step).
    pub said: RwSignal<Option<(Tone, String, Option<Step>)>>,
    pub show_steps: RwSignal<bool>,
    /// A grid above [`AUTO_RATE_MAX`] waits for "Solve logically".
    pub deferred: RwSignal<bool>,
    /// The step clicked in the list and whether "after" is shown.
    pub viewing: RwSignal<Option<usize>>,
    pub after: RwSignal<bool>,
    pub gen: GenForm,
    /// The graduated hint: the stage shown (1–4) and the position (values
    /// and marks) it was given for; another press on the same position
    /// says more, any edit starts again at stage 1.
    pub hint_stage: RwSignal<Option<HintStage>>,
    /// The last puzzle the worker found to have one solution, with that
    /// solution: digits added to it since are the player's, and a hint
    /// checks them against it ("r1c2 is not 9").
    pub reference: RwSignal<Option<(Vec<u8>, Vec<u8>)>>,
    /// The analysis of the grid shown, and the generator.
    explain_job: JobSlot,
    gen_job: JobSlot,
}

/// The position a hint reads: the board's values, and for each empty cell
/// the candidates its peers allow — narrowed to the pencil marks when the
/// cell has any, so eliminations applied by Step are not found again.
pub fn position(b: &Board) -> Result<logic::Board, String> {
    let sudoku = b.sudoku();
    let base = logic::Board::new(&sudoku).map_err(|e| e.to_string())?;
    let n = b.size();
    let cands: Vec<Vec<u8>> = (0..n * n)
        .map(|c| {
            let allowed = base.mask(c);
            let notes = b.notes.get(c).copied().unwrap_or(0);
            digits(if notes != 0 { allowed & notes } else { allowed })
        })
        .collect();
    logic::Board::from_candidates(b.shape, base.values(), &cands)
}

fn masks(p: &logic::Board) -> Vec<u64> {
    let n = p.size();
    (0..n * n).map(|c| p.mask(c)).collect()
}

fn snapshot_masks(s: &Snapshot) -> Vec<u64> {
    s.candidates
        .iter()
        .map(|ds| ds.iter().fold(0, |m, &d| m | bit(d)))
        .collect()
}

/// A fresh seed for "New seed": random in the browser, reproducible after.
fn random_seed() -> u64 {
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    // Keep seeds short enough to read aloud most of the time.
    ((hi << 32) | lo) % 1_000_000_000
}

pub fn rating_label(r: Rating) -> &'static str {
    match r {
        Rating::Easy => "Easy",
        Rating::Medium => "Medium",
        Rating::Hard => "Hard",
        Rating::Expert => "Expert",
    }
}

impl Lab {
    pub fn new(bench: Bench) -> Lab {
        let shape = bench.board.with_untracked(|b| b.shape);
        let gen_shape = if [2, 3, 4].contains(&shape.box_rows) && shape.is_square() {
            shape
        } else {
            Shape::square(3).expect("3x3")
        };
        Lab {
            bench,
            analysis: RwSignal::new(None),
            said: RwSignal::new(None),
            show_steps: RwSignal::new(false),
            deferred: RwSignal::new(false),
            viewing: RwSignal::new(None),
            after: RwSignal::new(true),
            gen: GenForm {
                shape: RwSignal::new(gen_shape),
                symmetry: RwSignal::new(Symmetry::Rot180),
                minimal: RwSignal::new(false),
                difficulty: RwSignal::new(None),
                seed: RwSignal::new(random_seed().to_string()),
                error: RwSignal::new(None),
                busy: RwSignal::new(false),
                note: RwSignal::new(None),
            },
            hint_stage: RwSignal::new(None),
            reference: RwSignal::new(None),
            explain_job: JobSlot::new(),
            gen_job: JobSlot::new(),
        }
    }

    /// Remember a puzzle with one solution as the reference for hints,
    /// unless it only extends the current reference correctly (then the
    /// older, sparser grid stays: its extra digits may be the player's).
    fn note_reference(&self, cells: &[u8], solution: &[u8]) {
        let keep = self.reference.with_untracked(|r| {
            r.as_ref().is_some_and(|(c0, s0)| {
                s0 == solution
                    && c0.len() == cells.len()
                    && c0.iter().zip(cells).all(|(&a, &b)| a == 0 || a == b)
            })
        });
        if !keep {
            self.reference
                .set(Some((cells.to_vec(), solution.to_vec())));
        }
    }

    /// The reference solution, if the board extends the reference puzzle.
    fn reference_solution(&self, b: &Board) -> Option<Vec<u8>> {
        self.reference.with_untracked(|r| {
            r.as_ref().and_then(|(c0, s0)| {
                (c0.len() == b.cells.len()
                    && c0.iter().zip(&b.cells).all(|(&g, &v)| g == 0 || g == v))
                .then(|| s0.clone())
            })
        })
    }

    /// Re-analyse whenever the givens change (pencil marks do not matter to
    /// the rating); the previous analysis is abandoned.
    pub fn watch(self) {
        let key = Memo::new(move |_| self.bench.board.with(|b| (b.shape, b.cells.clone())));
        Effect::new(move |_| {
            let (shape, cells) = key.get();
            // Not before the lab's cards are on screen (`Bench::more`).
            if !self.bench.more.get() {
                return;
            }
            // With the steps on screen, keep them about the grid shown.
            if shape.size() <= AUTO_RATE_MAX || self.show_steps.get_untracked() {
                self.deferred.set(false);
                self.analyse(shape, cells);
            } else {
                self.stop_analysis();
                self.deferred.set(true);
            }
        });
    }

    fn stop_analysis(&self) {
        self.explain_job.abandon();
        self.analysis.set(None);
        self.viewing.set(None);
    }

    fn analyse(&self, shape: Shape, cells: Vec<u8>) {
        let ticket = self.explain_job.reserve();
        self.analysis.set(None);
        self.viewing.set(None);
        // Typing a puzzle or stepping quickly would otherwise start (and
        // kill) a job per keystroke: wait until the givens rest briefly.
        let lab = *self;
        set_timeout(
            move || {
                if lab.explain_job.is_current(ticket) {
                    lab.submit_explain(shape, cells);
                }
            },
            std::time::Duration::from_millis(120),
        );
    }

    fn submit_explain(&self, shape: Shape, cells: Vec<u8>) {
        let lab = *self;
        let kept = cells.clone();
        self.explain_job.submit(
            SudokuExplain {
                rules: Kind::Standard(shape),
                cells,
            },
            move |_, e| {
                let result = match e {
                    Event::Item { item: e, .. } => {
                        let e = match e.rebuild() {
                            Ok(e) => e,
                            Err(why) => {
                                return lab.analysis.set(Some(Analysis {
                                    shape,
                                    cells: kept.clone(),
                                    result: Err(why),
                                }))
                            }
                        };
                        let puzzle = Sudoku::from_list(
                            &kept.iter().map(|&v| i64::from(v)).collect::<Vec<_>>(),
                            Some(shape),
                        );
                        let snaps = puzzle
                            .map_err(|e| e.to_string())
                            .and_then(|p| logic::replay(&p, &e.steps).map_err(|e| e.to_string()));
                        Some(snaps.map(|s| (e, s)))
                    }
                    Event::Error(e) => Some(Err(e.message)),
                    Event::Progress(_) | Event::Waiting(_) | Event::Done(_) => None,
                };
                if let Some(Ok((e, _))) = &result {
                    if let (Outcome::Solved, Some(sol)) = (e.outcome, &e.solution) {
                        lab.note_reference(&kept, sol.cells());
                    }
                }
                if let Some(result) = result {
                    lab.analysis.set(Some(Analysis {
                        shape,
                        cells: kept.clone(),
                        result,
                    }));
                }
            },
        );
    }

    fn say(&self, kind: Tone, text: impl Into<String>, step: Option<Step>) {
        self.said.set(Some((kind, text.into(), step)));
    }

    /// Why there is no next step on this position.
    fn no_step_reason(&self, p: &logic::Board) -> (Tone, String) {
        if p.is_solved() {
            return (
                Tone::Success,
                "The grid is complete: nothing left to deduce.".into(),
            );
        }
        if let Some(why) = p.contradiction() {
            return (
                Tone::Error,
                format!("This position cannot be completed: {why}."),
            );
        }
        (
            Tone::Info,
            "No rule applies any more: the solver would have to guess. Solve logically shows \
             its exploration tree."
                .into(),
        )
    }

    fn current(&self) -> Option<logic::Board> {
        let b = self.bench.board.get_untracked();
        match position(&b) {
            Ok(p) => Some(p),
            Err(e) => {
                self.say(
                    Tone::Error,
                    format!("No hint while the givens clash: {e}."),
                    None,
                );
                None
            }
        }
    }

    /// The Hint button, graduated: each press on the same position says
    /// more about the same step — the technique and where to look, then
    /// the cells, then the placement or eliminations — and the fourth
    /// applies it. The player's digits are checked first against the
    /// reference solution, and pencil marks are read as the candidates.
    pub fn hint(&self) {
        let b = self.bench.board.get_untracked();
        let Some(p) = self.current() else { return };
        self.viewing.set(None);
        let key = (b.cells.clone(), b.notes.clone());
        let stage = next_hint_stage(self.hint_stage.get_untracked(), &key.0, &key.1);
        let solution = self.reference_solution(&b);
        let h = logic::graduated_hint(&p, solution.as_deref(), stage);
        match h.kind {
            HintKind::Step => {
                let step = h.step.clone().expect("a step hint has its step");
                let shown = h.shown.clone().expect("a step hint shows something");
                if stage == 4 {
                    self.hint_stage.set(None);
                    self.apply(&p, step, true);
                    return;
                }
                self.hint_stage.set(Some((stage, key.0, key.1)));
                self.bench.lab_view.set(Some(LabView {
                    position: Some((p.values().to_vec(), masks(&p))),
                    step: shown,
                }));
                let text = if stage == 3 { sentence(&step) } else { h.text };
                self.say(Tone::Info, text, Some(step));
            }
            HintKind::WrongDigit | HintKind::WrongMarks => {
                self.hint_stage.set(None);
                self.bench.lab_view.set(h.shown.map(|step| LabView {
                    position: None,
                    step,
                }));
                self.say(Tone::Error, h.text, None);
            }
            _ => {
                self.hint_stage.set(None);
                self.bench.lab_view.set(None);
                let (k, t) = self.no_step_reason(&p);
                self.say(k, t, None);
            }
        }
    }

    /// Apply the next step as one undoable edit: placements become values,
    /// eliminations become pencil marks (all of them, so the marks show the
    /// position the next hint reads).
    pub fn step(&self) {
        let Some(p) = self.current() else { return };
        self.viewing.set(None);
        self.hint_stage.set(None);
        let Some(step) = logic::next_step(&p) else {
            self.bench.lab_view.set(None);
            let (k, t) = self.no_step_reason(&p);
            self.say(k, t, None);
            return;
        };
        self.apply(&p, step, false);
    }

    fn apply(&self, p: &logic::Board, step: Step, from_hint: bool) {
        let mut after = p.clone();
        step.apply(&mut after);
        let peers = p.geometry().peers.clone();
        let eliminates = !step.eliminations.is_empty();
        self.bench.commit(|b| {
            for pl in &step.placements {
                b.cells[pl.cell] = pl.digit;
                b.notes[pl.cell] = 0;
                for &q in &peers[pl.cell] {
                    b.notes[q] &= !bit(pl.digit);
                }
            }
            if eliminates {
                for c in 0..b.cells.len() {
                    b.notes[c] = if b.cells[c] == 0 { after.mask(c) } else { 0 };
                }
            }
        });
        self.bench.lab_view.set(Some(LabView {
            position: None,
            step: step.clone(),
        }));
        let lead = if from_hint {
            "\u{2713} Applied (hint 4 of 4): "
        } else {
            "\u{2713} Applied: "
        };
        self.say(
            Tone::Success,
            format!("{lead}{}", sentence(&step)),
            Some(step),
        );
    }

    pub fn solve_logically(&self) {
        self.show_steps.set(true);
        if self.deferred.get_untracked() {
            self.deferred.set(false);
            let (shape, cells) = self
                .bench
                .board
                .with_untracked(|b| (b.shape, b.cells.clone()));
            self.analyse(shape, cells);
        }
        self.said.set(None);
        self.bench.lab_view.set(None);
        if let Some(a) = self.analysis.get_untracked() {
            if let Ok((e, _)) = &a.result {
                if !e.steps.is_empty() {
                    self.view_step(e.steps.len() - 1, true);
                    reveal_step(e.steps.len() - 1);
                }
            }
        }
    }

    /// Show the grid before or after step `k` of the analysis.
    pub fn view_step(&self, k: usize, after: bool) {
        let Some(a) = self.analysis.get_untracked() else {
            return;
        };
        let Ok((e, snaps)) = &a.result else { return };
        let (Some(step), Some(snap)) = (e.steps.get(k), snaps.get(if after { k + 1 } else { k }))
        else {
            return;
        };
        self.viewing.set(Some(k));
        self.after.set(after);
        self.bench.lab_view.set(Some(LabView {
            position: Some((snap.values.clone(), snapshot_masks(snap))),
            step: step.clone(),
        }));
    }

    pub fn close_view(&self) {
        self.viewing.set(None);
        self.show_steps.set(false);
        self.bench.lab_view.set(None);
        // A large grid's analysis still running is dropped with its panel.
        let large = self
            .bench
            .board
            .with_untracked(|b| b.size() > AUTO_RATE_MAX);
        if large && self.analysis.with_untracked(Option::is_none) {
            self.stop_analysis();
            self.deferred.set(true);
        }
    }

    // ----- generator -----

    pub fn generate(&self) {
        let text = self.gen.seed.get_untracked();
        let seed = match text.trim().parse::<u64>() {
            Ok(s) => s,
            Err(_) => {
                self.gen.note.set(None);
                self.gen.error.set(Some(format!(
                    "The seed must be a whole number from 0 to {}: “{}” is not.",
                    u64::MAX,
                    text.trim()
                )));
                return;
            }
        };
        self.gen.error.set(None);
        let mut options = Options::new(self.gen.shape.get_untracked(), seed);
        options.symmetry = self.gen.symmetry.get_untracked();
        options.minimal = self.gen.minimal.get_untracked();
        options.difficulty = self.gen.difficulty.get_untracked();
        self.cancel_generation_quietly();
        self.gen.busy.set(true);
        let n = options.shape.size();
        self.gen
            .note
            .set(Some(format!("Generating a {n}×{n} puzzle…")));
        let lab = *self;
        self.gen_job.submit(
            SudokuGenerate {
                options: options.clone(),
            },
            move |_, e| match e {
                Event::Item { item: g, .. } => lab.generated(&options, &g),
                Event::Done(stats) => {
                    lab.gen.busy.set(false);
                    if stats.cancelled {
                        lab.gen
                            .note
                            .set(Some("Generation cancelled; the grid is unchanged.".into()));
                    }
                }
                Event::Error(e) => {
                    lab.gen.busy.set(false);
                    lab.gen.note.set(None);
                    lab.gen.error.set(Some(capitalize(&e.message) + "."));
                }
                Event::Progress(_) | Event::Waiting(_) => {}
            },
        );
    }

    fn generated(&self, options: &Options, g: &Generated) {
        let board = Board::from_sudoku(&g.puzzle);
        let n = options.shape.size();
        let givens = board.clues();
        let rating = g
            .rating
            .map_or("unrated".to_string(), |r| rating_label(r).to_lowercase());
        let note = format!(
            "Generated a {n}×{n} puzzle from seed {}: {givens} givens, {rating}, unique solution. \
             Undo brings back the previous grid.",
            options.seed
        );
        self.bench.load(board, Some(note.clone()));
        self.gen.note.set(Some(note));
    }

    fn cancel_generation_quietly(&self) {
        self.gen_job.abandon();
        self.gen.busy.set(false);
    }

    /// The user's Cancel: the worker is stopped (terminated if it does not
    /// answer) and the grid stays as it was.
    pub fn cancel_generation(&self) {
        self.cancel_generation_quietly();
        self.gen
            .note
            .set(Some("Generation cancelled; the grid is unchanged.".into()));
    }

    pub fn abandon(&self) {
        self.explain_job.abandon();
        self.cancel_generation_quietly();
    }
}

/// Scroll the step list (not the page) so step `k` is in view, once the
/// list has rendered.
fn reveal_step(k: usize) {
    use wasm_bindgen::JsCast;
    set_timeout(
        move || {
            let doc = crate::ui::dom::document();
            let item = doc
                .query_selector(&format!("[data-testid=\"step-item\"][data-index=\"{k}\"]"))
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            let list = doc
                .query_selector("[data-testid=\"step-list\"]")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let (Some(item), Some(list)) = (item, list) {
                // The list is positioned, so offsetTop is measured inside it.
                let top = item.offset_top() - list.client_height() / 2 + item.offset_height() / 2;
                list.set_scroll_top(top.max(0));
            }
        },
        std::time::Duration::from_millis(0),
    );
}

/// The rating line: difficulty, hardest technique, step count.
fn rating_view(analysis: RwSignal<Option<Analysis>>, deferred: Signal<bool>) -> impl IntoView {
    move || {
        let a = analysis.get();
        let mut score = None;
        let (rating, text) = match &a {
            None if deferred.get() => (
                "deferred",
                "Large grids are rated on demand: press Solve logically (it runs in the \
                 background)."
                    .to_string(),
            ),
            None => ("pending", "Rating…".to_string()),
            Some(Analysis { result: Err(e), .. }) => ("none", format!("No rating: {e}.")),
            Some(Analysis {
                result: Ok((e, _)), ..
            }) => match (e.outcome, e.rating) {
                (Outcome::Solved, Some(r)) => {
                    let hardest = e
                        .steps
                        .iter()
                        .map(|s| s.technique)
                        .max_by_key(|t| (t.weight(), *t as u8))
                        .map(|t| t.name());
                    let how = if e.exploration.is_some() {
                        format!(
                            "needs guessing: {} branches explored after {} steps",
                            e.branches,
                            e.steps.len()
                        )
                    } else {
                        format!(
                            "{} logical steps, hardest: {}",
                            e.steps.len(),
                            hardest.unwrap_or("none")
                        )
                    };
                    score = e.score;
                    (r.name(), how)
                }
                (Outcome::MultipleSolutions, _) => (
                    "none",
                    "No rating: the puzzle has more than one solution.".into(),
                ),
                (Outcome::NoSolution, _) => {
                    ("none", "No rating: the puzzle has no solution.".into())
                }
                _ => (
                    "none",
                    format!(
                        "No rating: gave up after {} branches of the exploration tree.",
                        e.branches
                    ),
                ),
            },
        };
        let badge = match rating {
            "pending" | "none" | "deferred" => None,
            r => Some(view! { <span class=format!("badge rating-{r}")>{r.to_string()}</span> }),
        };
        // The numeric rating (Sudoku Explainer-like scale) beside the grade.
        let score_view = score.map(|s| {
            view! {
                <span class="rating-score" title="Numeric rating: the weight of the hardest step (Sudoku Explainer-like scale)">
                    {weight_text(s)}
                </span>
            }
        });
        // Which givens the rating belongs to ('.' for a blank, then 1-9, a-z):
        // for 9×9, the grid's Sage string.
        let rated = a.as_ref().map(|a| {
            a.cells
                .iter()
                .map(|&v| match v {
                    0 => '.',
                    v => char::from_digit(u32::from(v), 36).unwrap_or('?'),
                })
                .collect::<String>()
        });
        view! {
            <p class="rating-line" data-testid="rating" data-rating=rating data-for=rated data-score=score.map(weight_text)>
                <span class="muted">"Difficulty "</span>
                {badge}
                {score_view}
                <span class="rating-text">{text}</span>
            </p>
        }
    }
}

/// The step's sentence without its leading "Technique: ", which the chip
/// next to it already shows.
pub fn sentence(step: &Step) -> String {
    let prefix = format!("{}: ", step.technique.name());
    step.explanation
        .strip_prefix(&prefix)
        .unwrap_or(&step.explanation)
        .to_string()
}

fn technique_chip(step: &Step) -> impl IntoView {
    let r = step.technique.rating().name();
    view! { <span class=format!("tech rating-{r}")>{step.technique.name()}</span> }
}

fn cell_label(cell: usize, n: usize) -> String {
    tessera_engine::sudoku::grid::cell_name(cell, n)
}

/// One node of the exploration tree; children render only when opened, so
/// a tree of thousands of branches costs nothing until looked at.
fn split_view(split: Split, n: usize, depth: usize) -> AnyView {
    let name = cell_label(split.cell, n);
    let cands: Vec<String> = split.candidates.iter().map(u8::to_string).collect();
    let branches = split
        .branches
        .into_iter()
        .map(|b| branch_view(b, &name, n, depth))
        .collect_view();
    view! {
        <div class="split" data-testid="tree-split" data-depth=depth>
            <p class="split-head">
                <span class="tech rating-expert">"Bifurcation"</span>
                {format!(" {name} has the fewest candidates ({}): try each", cands.join(", "))}
            </p>
            <ul class="branches">{branches}</ul>
        </div>
    }
    .into_any()
}

fn branch_view(b: Branch, name: &str, n: usize, depth: usize) -> AnyView {
    let open = RwSignal::new(depth == 0);
    let (end_class, end_text) = match &b.end {
        BranchEnd::Solved => ("solved", "solved".to_string()),
        BranchEnd::Contradiction(why) => ("contradiction", format!("contradiction: {why}")),
        BranchEnd::Split(_) => ("split", "stuck again: another split".to_string()),
        BranchEnd::NotExplored => ("skipped", "not explored".to_string()),
    };
    let head = format!("{name} = {}", b.digit);
    let steps_n = b.steps.len();
    let Branch { steps, end, .. } = b;
    let expandable = !steps.is_empty() || matches!(end, BranchEnd::Split(_));
    let body = StoredValue::new((steps, end));
    view! {
        <li class=format!("branch {end_class}") data-testid="tree-branch" data-end=end_class>
            <button
                type="button"
                class="branch-head"
                aria-expanded=move || open.get().to_string()
                disabled=!expandable
                on:click=move |_| open.update(|o| *o = !*o)
            >
                <span class="caret" aria-hidden="true">{move || if !expandable { "·" } else if open.get() { "▾" } else { "▸" }}</span>
                <span class="branch-try">{format!("Try {head}")}</span>
                <span class="muted">{format!(" · {steps_n} steps · ")}</span>
                <span class="branch-end">{end_text}</span>
            </button>
            <Show when=move || open.get() && expandable>
                {move || {
                    let (steps, end) = body.get_value();
                    let list = steps
                        .iter()
                        .map(|s| view! { <li>{technique_chip(s)}" "{sentence(s)}</li> })
                        .collect_view();
                    let nested = match end {
                        BranchEnd::Split(s) => Some(split_view(*s, n, depth + 1)),
                        _ => None,
                    };
                    view! {
                        <ol class="branch-steps">{list}</ol>
                        {nested}
                    }
                }}
            </Show>
        </li>
    }
    .into_any()
}

#[component]
pub fn LabCard(lab: Lab) -> impl IntoView {
    let said_view = move || {
        lab.said.get().map(|(kind, text, step)| {
            let chip = step.as_ref().map(technique_chip);
            // "✓ Applied" reads before the technique's chip.
            let (lead, text) = if let Some(rest) = text.strip_prefix("\u{2713} Applied: ") {
                (Some("\u{2713} Applied "), rest.to_string())
            } else if let Some(rest) = text.strip_prefix("\u{2713} Applied (hint 4 of 4): ") {
                (Some("\u{2713} Applied (hint 4 of 4) "), rest.to_string())
            } else {
                (None, text)
            };
            let stage = lab.hint_stage.get().map(|(s, _, _)| s.to_string());
            let technique = step.as_ref().map(|s| s.technique.name());
            view! {
                <p
                    class=format!("lab-said message {}", kind.name())
                    data-testid="hint-text"
                    data-technique=technique
                    data-stage=stage
                >
                    {lead}
                    {chip}
                    " "
                    {text}
                </p>
            }
        })
    };
    let steps_view = move || steps_body(lab.analysis.get(), Some(lab));
    let before_after = move |after: bool, label: &'static str, id: &'static str| {
        view! {
            <Segment testid=id checked=Signal::derive(move || lab.after.get() == after)
                on_pick=move |()| match lab.viewing.get_untracked() {
                    Some(k) => lab.view_step(k, after),
                    None => lab.after.set(after),
                }>
                {label}
            </Segment>
        }
    };
    view! {
        <section class="card lab-card" aria-labelledby="lab-title" data-testid="lab-card">
            <h2 id="lab-title">"Logic"</h2>
            {rating_view(lab.analysis, lab.deferred.into())}
            <div class="actions">
                <button type="button" data-testid="hint" title="A hint in four presses: where to look, the cells, the step, then apply it" on:click=move |_| lab.hint()>
                    "Hint"
                </button>
                <button type="button" data-testid="step" title="Apply the next logical step (undoable)" on:click=move |_| lab.step()>
                    "Step"
                </button>
                <button type="button" class="primary" data-testid="solve-logically" title="Every step, from the givens to the solution" on:click=move |_| lab.solve_logically()>
                    "Solve logically"
                </button>
            </div>
            {said_view}
            <Show when=move || lab.show_steps.get()>
                <div class="steps-panel" data-testid="steps-panel">
                    <div class="steps-head">
                        <div class="segmented" role="radiogroup" aria-label="Show the grid">
                            {before_after(false, "Before", "step-before")}
                            {before_after(true, "After", "step-after")}
                        </div>
                        <button type="button" class="ghost" data-testid="steps-close" on:click=move |_| lab.close_view()>
                            "Close"
                        </button>
                    </div>
                    {steps_view}
                </div>
            </Show>
        </section>
    }
}

/// The step list and verdict of an analysis (`None`: still running). With
/// `lab`, the steps are buttons that show their position on the standard
/// grid; without (the variant editor), a list to read.
fn steps_body(a: Option<Analysis>, lab: Option<Lab>) -> AnyView {
    let n = a.as_ref().map_or(9, |a| a.shape.size());
    match a {
        None => view! { <p class="muted" data-testid="steps-pending">"Solving logically…"</p> }
            .into_any(),
        Some(Analysis { result: Err(e), .. }) => {
            view! { <p class="field-error" data-testid="steps-error">{e}</p> }.into_any()
        }
        Some(Analysis {
            result: Ok((e, _)), ..
        }) => {
            let total = e.steps.len();
            let items = e
                .steps
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let chip = technique_chip(s);
                    let text = sentence(s);
                    let Some(lab) = lab else {
                        return view! {
                            <li>
                                <div class="step-item static" data-testid="step-item" data-index=k>
                                    <span class="step-no">{k + 1}</span>
                                    {chip}
                                    <span class="step-text">{text}</span>
                                </div>
                            </li>
                        }
                        .into_any();
                    };
                    view! {
                        <li>
                            <button
                                type="button"
                                class="step-item"
                                class:current=move || lab.viewing.get() == Some(k)
                                data-testid="step-item"
                                data-index=k
                                aria-pressed=move || (lab.viewing.get() == Some(k)).to_string()
                                on:click=move |_| lab.view_step(k, lab.after.get_untracked())
                            >
                                <span class="step-no">{k + 1}</span>
                                {chip}
                                <span class="step-text">{text}</span>
                            </button>
                        </li>
                    }
                    .into_any()
                })
                .collect_view();
            let verdict = match e.outcome {
                Outcome::Solved if e.exploration.is_none() => {
                    format!("Solved by logic alone in {total} steps.")
                }
                Outcome::Solved => format!(
                    "{total} logical steps, then the rules ran dry: the exploration tree \
                         below tries candidates ({} branches) and finds exactly one solution.",
                    e.branches
                ),
                Outcome::MultipleSolutions => {
                    format!("{total} logical steps; exploring shows more than one solution.")
                }
                Outcome::NoSolution => match &e.contradiction {
                    Some(why) => format!("No solution: {why}."),
                    None => "No solution: every branch of the tree contradicts.".into(),
                },
                Outcome::Unfinished => format!(
                    "Gave up after {} branches of the exploration tree.",
                    e.branches
                ),
            };
            let tree = e.exploration.clone().map(|s| {
                view! {
                    <details class="tree" data-testid="tree" open>
                        <summary>"Exploration tree"</summary>
                        {split_view(s, n, 0)}
                    </details>
                }
            });
            view! {
                    <p class="verdict" data-testid="verdict" data-outcome=format!("{:?}", e.outcome).to_lowercase() data-steps=total>
                        {verdict}
                    </p>
                    <ol class="step-list" data-testid="step-list">{items}</ol>
                    {tree}
                }
                .into_any()
        }
    }
}

/// The logical solve of the variant editor's puzzle (X, jigsaw): the same
/// worker job as the standard lab's (`SudokuExplain` with the variant's
/// rules), its rating and step list. Samurai gets the job's message: the
/// step list reads one square grid.
#[derive(Clone, Copy)]
pub struct VariantLab {
    /// `None` while the worker is at it (or before the first request).
    pub analysis: RwSignal<Option<Analysis>>,
    pub show_steps: RwSignal<bool>,
    /// The worker is analysing (shows Cancel).
    pub running: RwSignal<bool>,
    job: JobSlot,
}

impl Default for VariantLab {
    fn default() -> Self {
        Self::new()
    }
}

impl VariantLab {
    pub fn new() -> VariantLab {
        VariantLab {
            analysis: RwSignal::new(None),
            show_steps: RwSignal::new(false),
            running: RwSignal::new(false),
            job: JobSlot::new(),
        }
    }

    /// Analyse a puzzle under `rules` (or say what is wrong with them),
    /// once the values rest for a moment; the previous run is abandoned.
    pub fn analyse(&self, rules: Result<Kind, String>, cells: Vec<u8>) {
        let ticket = self.job.reserve();
        self.analysis.set(None);
        let rules = match rules {
            Ok(r) => r,
            Err(e) => {
                self.running.set(false);
                return self.analysis.set(Some(Analysis {
                    shape: Shape::NINE,
                    cells,
                    result: Err(e.trim_end_matches('.').to_string()),
                }));
            }
        };
        self.running.set(true);
        let me = *self;
        set_timeout(
            move || {
                if me.job.is_current(ticket) {
                    me.submit(rules, cells);
                }
            },
            std::time::Duration::from_millis(120),
        );
    }

    fn submit(&self, rules: Kind, cells: Vec<u8>) {
        let me = *self;
        let kept = cells.clone();
        self.job
            .submit(SudokuExplain { rules, cells }, move |_, e| {
                let result = match e {
                    Event::Item { item, .. } => item.rebuild().map(|e| (e, Vec::new())),
                    Event::Error(e) => Err(e.message),
                    Event::Progress(_) | Event::Waiting(_) | Event::Done(_) => return,
                };
                me.running.set(false);
                me.analysis.set(Some(Analysis {
                    shape: Shape::NINE,
                    cells: kept.clone(),
                    result,
                }));
            });
    }

    /// The user's Cancel: the worker is stopped; Solve logically starts
    /// again.
    pub fn cancel(&self) {
        self.job.abandon();
        self.running.set(false);
        self.analysis.set(Some(Analysis {
            shape: Shape::NINE,
            cells: Vec::new(),
            result: Err("cancelled; Solve logically starts it again".into()),
        }));
    }

    pub fn abandon(&self) {
        self.job.abandon();
        self.running.set(false);
    }
}

/// The variant editor's Logic card: the rating of the puzzle on screen
/// (analysed in the worker after every edit, as the standard lab does up
/// to 9×9) and its step list.
#[component]
pub fn VariantLogicCard(
    vlab: VariantLab,
    /// The rules and values on screen (tracked); `Err` names what is wrong
    /// with the rules (a broken region map).
    puzzle: Memo<(Result<Kind, String>, Vec<u8>)>,
) -> impl IntoView {
    Effect::new(move |_| {
        let (rules, cells) = puzzle.get();
        vlab.analyse(rules, cells);
    });
    on_cleanup(move || vlab.abandon());
    let solve = move || {
        vlab.show_steps.set(true);
        let stale = vlab
            .analysis
            .with_untracked(|a| matches!(a, Some(Analysis { result: Err(_), .. })));
        if stale || (!vlab.running.get_untracked() && vlab.analysis.with_untracked(Option::is_none))
        {
            let (rules, cells) = puzzle.get_untracked();
            vlab.analyse(rules, cells);
        }
    };
    view! {
        <section class="card lab-card" aria-labelledby="vlab-title" data-testid="vlab-card">
            <h2 id="vlab-title">"Logic"</h2>
            {rating_view(vlab.analysis, Signal::derive(|| false))}
            <div class="actions">
                <button type="button" class="primary" data-testid="vsolve-logically" title="Every step, from the givens to the solution, with the diagonals or regions as units" on:click=move |_| solve()>
                    "Solve logically"
                </button>
                <Show when=move || vlab.running.get()>
                    <button type="button" class="danger" data-testid="vlogic-cancel" on:click=move |_| vlab.cancel()>
                        "Cancel"
                    </button>
                </Show>
            </div>
            <Show when=move || vlab.show_steps.get()>
                <div class="steps-panel" data-testid="steps-panel">
                    <div class="steps-head">
                        <span class="muted">"Steps on this puzzle’s units"</span>
                        <button type="button" class="ghost" data-testid="steps-close" on:click=move |_| vlab.show_steps.set(false)>
                            "Close"
                        </button>
                    </div>
                    {move || steps_body(vlab.analysis.get(), None)}
                </div>
            </Show>
        </section>
    }
}

const GEN_SIZES: &[(&str, usize)] = &[("4×4", 2), ("6×6", 0), ("9×9", 3), ("16×16", 4)];

#[component]
pub fn GenerateCard(lab: Lab) -> impl IntoView {
    let g = lab.gen;
    let size_key = move |s: Shape| match (s.box_rows, s.box_cols) {
        (2, 3) => "6".to_string(),
        (r, _) => (r * r).to_string(),
    };
    let sym_key = |s: Symmetry| match s {
        Symmetry::None => "none",
        Symmetry::Rot180 => "rot180",
        Symmetry::Mirror => "mirror",
    };
    view! {
        <section class="card gen-card" aria-labelledby="gen-title" data-testid="gen-card">
            <h2 id="gen-title">"Generate"</h2>
            <div class="gen-grid">
                <label class="field">
                    <span class="field-label">"Size"</span>
                    <select
                        data-testid="gen-size"
                        on:change=move |e| {
                            let v = event_target_value(&e);
                            let shape = match v.as_str() {
                                "4" => Shape::square(2),
                                "6" => Shape::new(2, 3),
                                "16" => Shape::square(4),
                                _ => Shape::square(3),
                            };
                            if let Some(s) = shape {
                                g.shape.set(s);
                            }
                        }
                    >
                        {GEN_SIZES
                            .iter()
                            .map(|&(label, base)| {
                                let key = if base == 0 { "6".to_string() } else { (base * base).to_string() };
                                let k2 = key.clone();
                                view! { <option value=key selected=move || size_key(g.shape.get()) == k2>{label}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span class="field-label">"Symmetry"</span>
                    <select
                        data-testid="gen-symmetry"
                        on:change=move |e| {
                            if let Ok(s) = event_target_value(&e).parse::<Symmetry>() {
                                g.symmetry.set(s);
                            }
                        }
                    >
                        {[(Symmetry::None, "None"), (Symmetry::Rot180, "Half-turn"), (Symmetry::Mirror, "Mirror")]
                            .into_iter()
                            .map(|(s, label)| view! { <option value=sym_key(s) selected=move || g.symmetry.get() == s>{label}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span class="field-label">"Difficulty"</span>
                    <select
                        data-testid="gen-difficulty"
                        on:change=move |e| g.difficulty.set(event_target_value(&e).parse::<Rating>().ok())
                    >
                        <option value="any" selected=move || g.difficulty.get().is_none()>"Any"</option>
                        {Rating::ALL
                            .into_iter()
                            .map(|r| view! { <option value=r.name() selected=move || g.difficulty.get() == Some(r)>{rating_label(r)}</option> })
                            .collect_view()}
                    </select>
                </label>
                <label class="check gen-minimal">
                    <input
                        type="checkbox"
                        data-testid="gen-minimal"
                        prop:checked=move || g.minimal.get()
                        on:change=move |e| g.minimal.set(event_target_checked(&e))
                    />
                    " Minimal (no clue removable)"
                </label>
            </div>
            <label class="field-label" for="gen-seed">"Seed"</label>
            <div class="row seed-row">
                <input
                    id="gen-seed"
                    class="mono"
                    inputmode="numeric"
                    autocomplete="off"
                    spellcheck="false"
                    data-testid="gen-seed"
                    aria-invalid=move || g.error.with(Option::is_some).then_some("true")
                    aria-describedby="gen-error"
                    prop:value=move || g.seed.get()
                    on:input=move |e| {
                        g.seed.set(event_target_value(&e));
                        g.error.set(None);
                    }
                    on:keydown=move |e| {
                        if e.key() == "Enter" {
                            e.prevent_default();
                            lab.generate();
                        }
                    }
                />
                <button type="button" class="ghost" data-testid="gen-new-seed" title="Draw a new random seed"
                    on:click=move |_| {
                        g.seed.set(random_seed().to_string());
                        g.error.set(None);
                    }>"New seed"</button>
            </div>
            <div class="actions">
                <button type="button" class="primary" data-testid="generate" disabled=move || g.busy.get() on:click=move |_| lab.generate()>
                    {move || if g.busy.get() { "Generating…" } else { "Generate" }}
                </button>
                <Show when=move || g.busy.get()>
                    <button type="button" class="danger" data-testid="gen-cancel" on:click=move |_| lab.cancel_generation()>
                        "Cancel"
                    </button>
                </Show>
            </div>
            <p id="gen-error" class="field-error" data-testid="gen-error" role="alert">
                {move || g.error.get()}
            </p>
            <p class="hint" data-testid="gen-note" data-busy=move || g.busy.get().to_string()>
                {move || g.note.get()}
            </p>
        </section>
    }
}

// The lab's cards (step-by-step explanation, rating, generator) and the
// human-style solver they run on the main thread are a chunk of their own:
// the grid is usable before they arrive.
crate::part!(sudoku_more, cards(lab: Lab, playing: Signal<bool>) => view! {
    <Show when=move || !playing.get()>
        <LabCard lab=lab/>
    </Show>
    <GenerateCard lab=lab/>
});
