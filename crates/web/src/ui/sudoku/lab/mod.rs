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
//! hold up Solve and Count. A hint goes to the worker too, as play mode's
//! does (`SudokuHint`): one route, and a rule search on a 25×25 position
//! never blocks the page.

use super::Bench;
use crate::model::format::capitalize;
use crate::model::job::Tone;
use crate::model::sudoku::board::Board;
use crate::model::sudoku::hint::{next_hint_stage, HintStage};
use crate::ui::job::JobSlot;
use crate::ui::segment::Segment;
use leptos::prelude::*;
use tessera_engine::sudoku::generate::{Generated, Options, Symmetry};
use tessera_engine::sudoku::logic::hint::{Hint, HintKind};
use tessera_engine::sudoku::logic::{
    self, board::digits, weight_text, Branch, BranchEnd, Explanation, Guess, Outcome, Rating,
    Snapshot, Step,
};
use tessera_engine::sudoku::variant::Kind;
use tessera_engine::sudoku::{Shape, Sudoku};
use tessera_jobs::event::Event;
use tessera_jobs::jobs::play::SudokuHint;
use tessera_jobs::jobs::sudoku::{SudokuExplain, SudokuGenerate};

mod generate;
mod steps;
mod variant;

pub use generate::GenerateCard;
use steps::{rating_view, reveal_step, steps_body};
pub use steps::{sentence, LabCard};
pub use variant::{VariantLab, VariantLogicCard};

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
    /// A hint is being found (presses meanwhile are ignored), and how many
    /// presses have been answered (the page's tests wait on it).
    pub hint_busy: RwSignal<bool>,
    pub hint_answers: RwSignal<u32>,
    /// How many Step presses the worker has answered (for tests).
    pub step_answers: RwSignal<u32>,
    /// The analysis of the grid shown, the hint, and the generator.
    explain_job: JobSlot,
    hint_job: JobSlot,
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
    logic::Board::from_candidates(b.shape, base.values(), &cands).map_err(|e| e.to_string())
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
            hint_busy: RwSignal::new(false),
            hint_answers: RwSignal::new(0),
            step_answers: RwSignal::new(0),
            explain_job: JobSlot::new(),
            hint_job: JobSlot::new(),
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
        if self.hint_busy.get_untracked() {
            return;
        }
        let b = self.bench.board.get_untracked();
        let Some(p) = self.current() else { return };
        self.viewing.set(None);
        let key = (b.cells.clone(), b.notes.clone());
        let stage = next_hint_stage(self.hint_stage.get_untracked(), &key.0, &key.1);
        let job = SudokuHint {
            rules: Kind::Standard(b.shape),
            values: b.cells.clone(),
            marks: b.notes.clone(),
            solution: self.reference_solution(&b),
            stage,
        };
        let lab = *self;
        self.hint_busy.set(true);
        self.hint_job.submit(job, move |_, e| match e {
            Event::Item { item, .. } => {
                lab.hint_busy.set(false);
                lab.show_hint(item, stage, &p, key.clone());
                lab.hint_answers.update(|n| *n += 1);
            }
            Event::Error(e) => {
                lab.hint_busy.set(false);
                lab.hint_stage.set(None);
                lab.say(Tone::Error, format!("No hint: {}.", e.message), None);
                lab.hint_answers.update(|n| *n += 1);
            }
            Event::Done(_) => lab.hint_busy.set(false),
            _ => {}
        });
    }

    /// The worker's hint for position `p` (board values and marks `key`)
    /// at `stage`: told, or applied at stage 4 — unless the grid changed
    /// while it was being found.
    fn show_hint(&self, h: Hint, stage: u8, p: &logic::Board, key: (Vec<u8>, Vec<u64>)) {
        let now = self
            .bench
            .board
            .with_untracked(|b| b.cells == key.0 && b.notes == key.1);
        if !now {
            self.hint_stage.set(None);
            return self.say(
                Tone::Info,
                "The grid changed while the hint was being found: press Hint again.",
                None,
            );
        }
        match h.kind {
            HintKind::Step => {
                let step = h.step.clone().expect("a step hint has its step");
                let shown = h.shown.clone().expect("a step hint shows something");
                if stage == 4 {
                    self.hint_stage.set(None);
                    self.apply(p, step, true);
                    return;
                }
                self.hint_stage.set(Some((stage, key.0, key.1)));
                self.bench.lab_view.set(Some(LabView {
                    position: Some((p.values().to_vec(), masks(p))),
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
                let (k, t) = self.no_step_reason(p);
                self.say(k, t, None);
            }
        }
    }

    /// Apply the next step as one undoable edit: placements become values,
    /// eliminations become pencil marks (all of them, so the marks show the
    /// position the next hint reads). The step is found in the worker, by
    /// the same job as the Hint's last press, so the page never searches.
    pub fn step(&self) {
        if self.hint_busy.get_untracked() {
            return;
        }
        let b = self.bench.board.get_untracked();
        let Some(p) = self.current() else { return };
        self.viewing.set(None);
        self.hint_stage.set(None);
        let key = (b.cells.clone(), b.notes.clone());
        let job = SudokuHint {
            rules: Kind::Standard(b.shape),
            values: b.cells.clone(),
            marks: b.notes.clone(),
            solution: None,
            stage: 4,
        };
        let lab = *self;
        self.hint_busy.set(true);
        self.hint_job.submit(job, move |_, e| match e {
            Event::Item { item, .. } => {
                lab.hint_busy.set(false);
                lab.show_step(item, &p, &key);
                lab.step_answers.update(|n| *n += 1);
            }
            Event::Error(e) => {
                lab.hint_busy.set(false);
                lab.say(Tone::Error, format!("No step: {}.", e.message), None);
                lab.step_answers.update(|n| *n += 1);
            }
            Event::Done(_) => lab.hint_busy.set(false),
            _ => {}
        });
    }

    /// The worker's next step for position `p`, applied — unless the grid
    /// changed while it was being found.
    fn show_step(&self, h: Hint, p: &logic::Board, key: &(Vec<u8>, Vec<u64>)) {
        let now = self
            .bench
            .board
            .with_untracked(|b| b.cells == key.0 && b.notes == key.1);
        if !now {
            return self.say(
                Tone::Info,
                "The grid changed while the step was being found: press Step again.",
                None,
            );
        }
        match (h.kind, h.step) {
            (HintKind::Step, Some(step)) => self.apply(p, step, false),
            _ => {
                self.bench.lab_view.set(None);
                let (k, t) = self.no_step_reason(p);
                self.say(k, t, None);
            }
        }
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
        self.hint_job.abandon();
        self.hint_busy.set(false);
        self.cancel_generation_quietly();
    }
}

// The lab's cards (step-by-step explanation, rating, generator) and the
// human-style solver they run on the main thread are a chunk of their own:
// the grid is usable before they arrive.
crate::chunk_view!(sudoku_more, cards(lab: Lab, playing: Signal<bool>) => view! {
    <Show when=move || !playing.get()>
        <LabCard lab=lab/>
    </Show>
    <GenerateCard lab=lab/>
});
