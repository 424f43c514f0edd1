//! The variant editor: X-sudoku, jigsaw and Samurai on one layout-driven
//! grid. Everything about the rules (units, conflicts, region checks,
//! parsing, solving, generating) is the engine's `sudoku::variant`; this
//! module only draws the layout, edits values and region labels, and
//! drives the worker's `Variant*` jobs.
//!
//! URL: `#sudoku/x/<81 chars>`, `#sudoku/jigsaw/<map>/<81 chars>`,
//! `#sudoku/samurai/<five 81-char grids joined by '-'>`.

use crate::model::format::{plural, symbol};
use crate::model::job::{Purpose, RunState, Tone};
use crate::model::route::{SudokuRoute, VariantRoute};
use crate::model::sudoku::count_outcome;
use crate::model::sudoku::play::split_link;
use crate::model::sudoku::starters;
use crate::ui::job::{JobRun, MessageLayout, StatusMessage};
use crate::ui::segment::Segment;
use leptos::prelude::*;
use tessera_engine::sudoku::variant::{Kind, RegionMap, Variant};
use tessera_engine::sudoku::{Algorithm, Shape};
use tessera_jobs::event::Event;
use tessera_jobs::job::Job;
use tessera_jobs::jobs::sudoku::SudokuCount;
use tessera_jobs::jobs::variant::{VariantGenerate, VariantGenerated, VariantSolve};
use web_sys::KeyboardEvent;

mod grid;
mod layout;
mod panel;

pub(super) use grid::cell_classes;
pub use grid::{VariantGrid, VariantPicker};
pub use layout::VariantBench;
pub use panel::VariantPanel;

/// Which editor the Sudoku workbench shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Standard,
    X,
    Jigsaw,
    Samurai,
    /// Killer cages, thermometers, arrows, dots, lines and global rules:
    /// the constraint editor (`ui::sudoku::constraints`).
    Constraints,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::Standard,
        Mode::X,
        Mode::Jigsaw,
        Mode::Samurai,
        Mode::Constraints,
    ];

    /// The mode's id (in test ids and the URL), its label and the line
    /// that says what it is.
    fn words(self) -> [&'static str; 3] {
        match self {
            Mode::Standard => ["standard", "Standard", "Rows, columns and boxes, any size"],
            Mode::X => ["x", "X", "9×9 with both main diagonals as extra units"],
            Mode::Jigsaw => [
                "jigsaw",
                "Jigsaw",
                "9×9 with irregular regions instead of boxes",
            ],
            Mode::Samurai => [
                "samurai",
                "Samurai",
                "Five 9×9 grids sharing the centre grid’s corner boxes",
            ],
            Mode::Constraints => [
                "killer",
                "Killer & more",
                "Draw killer cages, thermometers, arrows, dots and lines; see at once if it is unique",
            ],
        }
    }

    pub fn id(self) -> &'static str {
        self.words()[0]
    }

    fn label(self) -> &'static str {
        self.words()[1]
    }

    fn hint(self) -> &'static str {
        self.words()[2]
    }
}

const GRID_ID: &str = "variant-grid";
const LABELS: [char; 9] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/// Preset region maps: the boxes, and two irregular ones drawn once from
/// fixed seeds (valid by construction).
fn presets() -> Vec<(&'static str, String)> {
    vec![
        ("Boxes", RegionMap::boxes(Shape::NINE).to_string()),
        ("Waves", RegionMap::from_seed(9, 7).to_string()),
        ("Puzzle pieces", RegionMap::from_seed(9, 21).to_string()),
    ]
}

/// What the variant editor's job is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantJob {
    Solving,
    Counting,
    Generating,
}

impl Purpose for VariantJob {
    fn name(self) -> &'static str {
        match self {
            VariantJob::Solving => "solving",
            VariantJob::Counting => "counting",
            VariantJob::Generating => "generating",
        }
    }

    fn shows_progress(self) -> bool {
        self == VariantJob::Counting
    }

    /// A generated puzzle says what it is; no stats line.
    fn reports_stats(self) -> bool {
        self != VariantJob::Generating
    }
}

/// The variant editor's state; `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
pub struct VBench {
    pub mode: RwSignal<Mode>,
    /// Values per variant (X, jigsaw, Samurai): switching keeps each.
    values: [RwSignal<Vec<u8>>; 3],
    /// The jigsaw map being edited: one label per cell (may be invalid).
    regions: RwSignal<String>,
    /// The variant, or what is wrong with the region map.
    variant: Memo<Result<Variant, String>>,
    overlay: RwSignal<Option<Vec<u8>>>,
    /// The Import box's text (a paste on the grid fills it too).
    pub import_text: RwSignal<String>,
    selected: RwSignal<usize>,
    /// Paint regions with this label (jigsaw), instead of selecting cells.
    paint: RwSignal<Option<char>>,
    painting: RwSignal<bool>,
    /// Solve, Count and Generate: run state, progress, stats, message.
    run: JobRun<VariantJob>,
    found: RwSignal<u64>,
    seed: RwSignal<u64>,
    /// Shared with the standard editor: a link imported in one editor
    /// that the other one opens.
    links: RwSignal<Option<super::Imported>>,
    /// The constraint editor, kept while other variants are shown.
    pub cb: super::constraints::CBench,
}

impl VBench {
    pub fn new(mode: Mode, links: RwSignal<Option<super::Imported>>) -> VBench {
        let mode = RwSignal::new(mode);
        // Each variant opens on a real puzzle (the model's starters); a link
        // replaces it, Generate draws another, Clear empties the grid.
        let regions = RwSignal::new(starters::JIGSAW_MAP.to_string());
        let variant = Memo::new(move |_| match mode.get() {
            Mode::Standard | Mode::X | Mode::Constraints => Ok(Variant::x(Shape::NINE)),
            Mode::Samurai => Ok(Variant::samurai()),
            Mode::Jigsaw => regions.with(|r| {
                RegionMap::parse(r)
                    .map(Variant::jigsaw)
                    .map_err(|e| format!("Region map: {e}."))
            }),
        });
        VBench {
            mode,
            values: [
                RwSignal::new(starters::x()),
                RwSignal::new(starters::jigsaw()),
                RwSignal::new(starters::samurai()),
            ],
            regions,
            variant,
            overlay: RwSignal::new(None),
            import_text: RwSignal::new(String::new()),
            selected: RwSignal::new(0),
            paint: RwSignal::new(None),
            painting: RwSignal::new(false),
            run: JobRun::new(),
            found: RwSignal::new(0),
            seed: RwSignal::new(1),
            links,
            cb: super::constraints::CBench::new(),
        }
    }

    /// The puzzle play mode plays (tracked): the variant, its givens and
    /// its link payload; `None` while a jigsaw's region map is broken.
    pub fn play_puzzle(&self) -> Option<super::play::PlayPuzzle> {
        let v = self.variant.get().ok()?;
        Some(super::play::PlayPuzzle {
            kind: v.kind().clone(),
            givens: self.current(),
            id: self.fragment(),
        })
    }

    /// Is the engine's solution on screen (untracked)?
    /// The Import box's import (its button, and a paste on the grid): a
    /// link of either editor, else the variant's own text. The error is
    /// said in the panel and returned (a paste also shows it as a notice);
    /// what was pasted stays in the box.
    pub fn import(&self) -> Result<(), String> {
        let text = self.import_text.get_untracked();
        let fail = |e: String| {
            self.say(Tone::Error, e.clone());
            Err(e)
        };
        match crate::ui::sudoku::read_link(&text) {
            Some(Ok(crate::ui::sudoku::Imported::Variant(payload, note))) => {
                self.open_import(&payload, note);
                return Ok(());
            }
            // A classic grid: the standard editor opens it.
            Some(Ok(standard)) => {
                self.links.set(Some(standard));
                return Ok(());
            }
            Some(Err(e)) => return fail(e),
            None => {}
        }
        let Ok(v) = self.variant.get_untracked() else {
            return fail("Fix the region map first.".into());
        };
        match v.parse(&text) {
            Ok(values) => {
                self.slot().set(values);
                self.drop_solution();
                self.say(Tone::Info, "Imported the puzzle.");
                Ok(())
            }
            Err(e) => fail(format!("Could not import: {e}.")),
        }
    }

    pub fn say_error(&self, text: impl Into<String>) {
        self.say(Tone::Error, text);
    }

    /// Open a variant payload an import produced, and say what it was.
    pub fn open_import(&self, payload: &str, note: String) {
        match self.load_fragment(payload) {
            Ok(_) if self.mode.get_untracked() == Mode::Constraints => {
                self.cb.tell(Tone::Info, note)
            }
            Ok(_) => {
                self.drop_solution();
                self.say(Tone::Info, note);
            }
            Err(e) => self.say(Tone::Error, format!("Could not import the link: {e}.")),
        }
    }

    fn slot(&self) -> RwSignal<Vec<u8>> {
        match self.mode.get_untracked() {
            Mode::Samurai => self.values[2],
            Mode::Jigsaw => self.values[1],
            _ => self.values[0],
        }
    }

    /// The values of the variant on screen (tracked).
    fn current(&self) -> Vec<u8> {
        match self.mode.get() {
            Mode::Samurai => self.values[2].get(),
            Mode::Jigsaw => self.values[1].get(),
            _ => self.values[0].get(),
        }
    }

    fn say(&self, tone: Tone, text: impl Into<String>) {
        self.run.say(tone, text);
    }

    /// The puzzle changed: its shown solution and any search are stale.
    fn drop_solution(&self) {
        self.abandon();
        self.overlay.set(None);
        self.found.set(0);
        self.run.stats_line.set(None);
        if self.run.tone().is_some_and(|t| t != Tone::Info) {
            self.run.clear_message();
        }
    }

    pub fn switch(&self, mode: Mode) {
        if self.mode.get_untracked() == mode {
            return;
        }
        self.drop_solution();
        self.run.clear_message();
        self.paint.set(None);
        self.selected.set(0);
        self.mode.set(mode);
    }

    fn set_value(&self, cell: usize, v: u8) {
        let slot = self.slot();
        if slot.with_untracked(|s| s.get(cell) == Some(&v)) {
            return;
        }
        slot.update(|s| {
            if let Some(x) = s.get_mut(cell) {
                *x = v;
            }
        });
        self.drop_solution();
    }

    fn paint_cell(&self, cell: usize) {
        let Some(label) = self.paint.get_untracked() else {
            return;
        };
        let changed = self
            .regions
            .with_untracked(|r| r.chars().nth(cell).is_some_and(|c| c != label));
        if changed {
            self.regions.update(|r| {
                *r = r
                    .chars()
                    .enumerate()
                    .map(|(i, c)| if i == cell { label } else { c })
                    .collect()
            });
            self.drop_solution();
        }
    }

    /// Move the selection in a direction, skipping Samurai holes.
    fn step(&self, dr: isize, dc: isize) {
        let v = self.variant.get_untracked();
        let Ok(v) = v else { return };
        let p = v.positions()[self.selected.get_untracked().min(v.cells() - 1)];
        let (mut r, mut c) = ((p / v.width()) as isize, (p % v.width()) as isize);
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= v.height() as isize || c >= v.width() as isize {
                return;
            }
            if let Some(cell) = v.cell_at(r as usize, c as usize) {
                self.selected.set(cell);
                return;
            }
        }
    }

    /// The URL payload of what is on screen.
    pub fn fragment(&self) -> String {
        if self.mode.get() == Mode::Constraints {
            return self.cb.fragment();
        }
        let values = self.current();
        match (self.mode.get(), self.variant.get()) {
            (Mode::Samurai, Ok(v)) => {
                SudokuRoute::Variant(VariantRoute::Samurai, v.to_line(&values).replace(' ', "-"))
            }
            (Mode::Jigsaw, _) => {
                let v = Variant::standard(Shape::NINE);
                let rest = format!("{}/{}", self.regions.get(), v.to_line(&values));
                SudokuRoute::Variant(VariantRoute::Jigsaw, rest)
            }
            (_, _) => {
                SudokuRoute::Variant(VariantRoute::X, Variant::x(Shape::NINE).to_line(&values))
            }
        }
        .payload()
    }

    /// Load a `x/…`, `jigsaw/…/…` or `samurai/…` payload; `false` if it
    /// is not one (the standard editor's then).
    pub fn load_fragment(&self, payload: &str) -> Result<bool, String> {
        let SudokuRoute::Variant(which, rest) = SudokuRoute::parse(payload) else {
            return Ok(false);
        };
        let rest = rest.as_str();
        let mode = match which {
            VariantRoute::X => Mode::X,
            VariantRoute::Jigsaw => Mode::Jigsaw,
            VariantRoute::Samurai => Mode::Samurai,
            VariantRoute::Killer => {
                if !rest.is_empty() {
                    self.cb.load_payload(rest)?;
                }
                self.switch(Mode::Constraints);
                return Ok(true);
            }
        };
        let (variant, text) = match mode {
            Mode::Jigsaw => {
                let (map, grid) = rest.split_once('/').unwrap_or((rest, ""));
                let map = RegionMap::parse(map).map_err(|e| format!("region map: {e}"))?;
                (Variant::jigsaw(map), grid.to_string())
            }
            Mode::Samurai => (Variant::samurai(), rest.replace('-', " ")),
            _ => (Variant::x(Shape::NINE), rest.to_string()),
        };
        let values = variant.parse(&text).map_err(|e| e.to_string())?;
        self.switch(mode);
        if let Kind::Jigsaw(map) = variant.kind() {
            self.regions.set(map.to_string());
        }
        self.slot().set(values);
        Ok(true)
    }

    // ----- the worker -----

    fn abandon(&self) {
        self.run.abandon();
    }

    /// The variant and its givens if they can be searched; else a message.
    fn checked(&self) -> Option<(Variant, Vec<u8>)> {
        let values = self.slot().get_untracked();
        match self.variant.get_untracked() {
            Err(e) => {
                self.say(Tone::Error, e);
                None
            }
            Ok(v) => match v.verify(&values) {
                Ok(()) => Some((v, values)),
                Err(e) => {
                    self.say(
                        Tone::Error,
                        format!("The puzzle cannot be solved as it stands: {e}."),
                    );
                    None
                }
            },
        }
    }

    /// Start `job`, its events seen as `Found` by [`Self::on_event`].
    fn submit<J: Job>(
        &self,
        job: J,
        purpose: VariantJob,
        found: fn(Event<J::Item>) -> Event<Found>,
    ) {
        let me = *self;
        self.run
            .start(job, purpose, move |_, e, was| me.on_event(found(e), was));
    }

    pub fn solve(&self) {
        let Some((v, cells)) = self.checked() else {
            return;
        };
        self.overlay.set(None);
        self.found.set(0);
        self.run.stats_line.set(None);
        self.say(Tone::Info, "Solving with Dancing Links…");
        let kind = v.kind().clone();
        self.submit(
            VariantSolve {
                variant: kind,
                cells,
                batch: 1,
            },
            VariantJob::Solving,
            |e| e.map(Found::Cells),
        );
    }

    pub fn next(&self) {
        let run = self.run.now();
        if self.run.more(VariantJob::Solving, 1) {
            self.say(
                Tone::Info,
                format!("Looking for solution {}…", self.found.get_untracked() + 1),
            );
        } else if !run.is_busy() {
            self.solve();
        }
    }

    pub fn count(&self) {
        let Some((v, cells)) = self.checked() else {
            return;
        };
        self.overlay.set(None);
        self.run.stats_line.set(None);
        self.say(Tone::Info, "Counting solutions…");
        self.submit(
            SudokuCount {
                rules: v.kind().clone(),
                cells,
                // The variant page's engine: Dancing Links (dlx9 on 9×9).
                algorithm: Algorithm::Dlx,
                limit: None,
            },
            VariantJob::Counting,
            Event::retype,
        );
    }

    pub fn generate(&self) {
        let mode = self.mode.get_untracked();
        let variant = match mode {
            Mode::Jigsaw => None,
            Mode::Samurai => Some(Kind::Samurai),
            _ => Some(Kind::X(Shape::NINE)),
        };
        self.overlay.set(None);
        self.run.stats_line.set(None);
        self.say(
            Tone::Info,
            format!(
                "Generating a {} puzzle (seed {})…",
                mode.label(),
                self.seed.get_untracked()
            ),
        );
        self.submit(
            VariantGenerate {
                variant,
                seed: self.seed.get_untracked(),
                minimal: false,
            },
            VariantJob::Generating,
            |e| e.map(Found::Generated),
        );
    }

    pub fn cancel(&self) {
        if self.run.now().is(VariantJob::Generating) {
            self.abandon();
            self.say(Tone::Info, "Cancelled.");
        } else {
            self.run.cancel();
        }
    }

    /// After the controller's bookkeeping; `was` is the state before.
    fn on_event(&self, event: Event<Found>, was: RunState<VariantJob>) {
        match event {
            Event::Progress(_) => {}
            Event::Item { index, item } => match item {
                Found::Cells(cells) if self.slot().with_untracked(|s| s.len() == cells.len()) => {
                    self.overlay.set(Some(cells));
                    self.found.set(index + 1);
                }
                Found::Generated(VariantGenerated {
                    variant, puzzle, ..
                }) => {
                    if let Kind::Jigsaw(map) = &variant {
                        self.regions.set(map.to_string());
                    }
                    let clues = puzzle.iter().filter(|&&v| v != 0).count();
                    self.slot().set(puzzle);
                    self.overlay.set(None);
                    self.found.set(0);
                    self.say(
                        Tone::Success,
                        format!(
                            "Generated a {} puzzle with {} and one solution (seed {}).",
                            self.mode.get_untracked().label(),
                            plural(clues as u128, "given", "givens"),
                            self.seed.get_untracked()
                        ),
                    );
                }
                _ => {}
            },
            Event::Waiting(_) => {
                let k = self.found.get_untracked();
                self.say(
                    Tone::Success,
                    if k == 1 {
                        "Solved. Next solution looks for another.".to_string()
                    } else {
                        format!("Solution {k}.")
                    },
                );
            }
            Event::Done(stats) => {
                if was.purpose() == Some(VariantJob::Generating) {
                    return;
                }
                let text = if stats.cancelled {
                    (
                        Tone::Info,
                        format!(
                            "Cancelled after {} so far.",
                            plural(stats.solutions, "solution", "solutions")
                        ),
                    )
                } else if was.purpose() == Some(VariantJob::Counting) {
                    count_outcome(stats.solutions, stats.engine.map(|e| e.name()))
                } else if self.found.get_untracked() == 0 {
                    (
                        Tone::Error,
                        "No solution: this puzzle cannot be completed.".into(),
                    )
                } else {
                    (
                        Tone::Info,
                        format!(
                            "No more solutions: the puzzle has exactly {}.",
                            plural(self.found.get_untracked() as u128, "solution", "solutions")
                        ),
                    )
                };
                self.say(text.0, text.1);
            }
            Event::Error(_) => {}
        }
    }

    pub fn abandon_all(&self) {
        self.abandon();
        self.cb.abandon_all();
    }
}

/// Is this URL payload one of ours (`x/…`, `jigsaw/…`, `samurai/…`)?
pub fn is_variant_fragment(payload: &str) -> bool {
    matches!(SudokuRoute::parse(payload), SudokuRoute::Variant(..))
}

/// Open the variant puzzle of the current link, if any; a bad link is a
/// notice and leaves the editor as it was.
pub fn open_link(vb: VBench, shell: crate::ui::shell::Shell) {
    let route = shell.incoming.get_untracked();
    let puzzle = split_link(&route.payload).0;
    if route.workbench != super::WORKBENCH.id || !is_variant_fragment(puzzle) {
        return;
    }
    if let Err(e) = vb.load_fragment(puzzle) {
        shell.notify(
            crate::ui::shell::NoticeKind::Warning,
            format!("The variant puzzle in the link could not be read ({e})."),
        );
    }
}

/// What this workbench's jobs deliver: Solve's grids and Generate's
/// puzzle (Count delivers nothing), so one handler serves all three.
enum Found {
    /// A solution of the current puzzle, one value per variant cell (a
    /// grid of another size is from a puzzle since replaced, and ignored).
    Cells(Vec<u8>),
    Generated(VariantGenerated),
}

// The X, jigsaw and Samurai editor is a chunk of its own, fetched the first
// time a variant is chosen.
crate::chunk_view!(sudoku_more, bench(vb: VBench, play: crate::ui::sudoku::play::Play, lab: crate::ui::sudoku::lab::Lab) => view! {
    <VariantBench vb=vb play=play lab=lab/>
});
