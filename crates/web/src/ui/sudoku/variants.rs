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

/// Which editor the Sudoku workbench shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Standard,
    X,
    Jigsaw,
    Samurai,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Standard, Mode::X, Mode::Jigsaw, Mode::Samurai];

    pub fn id(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::X => "x",
            Mode::Jigsaw => "jigsaw",
            Mode::Samurai => "samurai",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Mode::Standard => "Standard",
            Mode::X => "X",
            Mode::Jigsaw => "Jigsaw",
            Mode::Samurai => "Samurai",
        }
    }

    fn hint(self) -> &'static str {
        match self {
            Mode::Standard => "Rows, columns and boxes, any size",
            Mode::X => "9×9 with both main diagonals as extra units",
            Mode::Jigsaw => "9×9 with irregular regions instead of boxes",
            Mode::Samurai => "Five 9×9 grids sharing the centre grid’s corner boxes",
        }
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
}

impl VBench {
    pub fn new(mode: Mode, links: RwSignal<Option<super::Imported>>) -> VBench {
        let mode = RwSignal::new(mode);
        let regions = RwSignal::new(presets()[1].1.clone());
        let variant = Memo::new(move |_| match mode.get() {
            Mode::Standard | Mode::X => Ok(Variant::x(Shape::NINE)),
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
                RwSignal::new(vec![0; 81]),
                RwSignal::new(vec![0; 81]),
                RwSignal::new(vec![0; 369]),
            ],
            regions,
            variant,
            overlay: RwSignal::new(None),
            selected: RwSignal::new(0),
            paint: RwSignal::new(None),
            painting: RwSignal::new(false),
            run: JobRun::new(),
            found: RwSignal::new(0),
            seed: RwSignal::new(1),
            links,
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
    pub fn engine_shown(&self) -> bool {
        self.overlay.with_untracked(Option::is_some)
    }

    pub fn engine_shown_tracked(&self) {
        self.overlay.track();
    }

    /// The engine's solution, if shown (tracked).
    pub fn overlay(&self) -> Option<Vec<u8>> {
        self.overlay.get()
    }

    pub fn say_error(&self, text: impl Into<String>) {
        self.say(Tone::Error, text);
    }

    /// Open a variant payload an import produced, and say what it was.
    pub fn open_import(&self, payload: &str, note: String) {
        match self.load_fragment(payload) {
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

/// Standard · X · Jigsaw · Samurai, above the workbench.
#[component]
pub fn VariantPicker(vb: VBench) -> impl IntoView {
    view! {
        <div class="segmented variant-picker" role="radiogroup" aria-label="Sudoku variant">
            {Mode::ALL
                .iter()
                .map(|&m| {
                    view! {
                        <Segment testid=format!("variant-{}", m.id()) title=m.hint()
                            checked=Signal::derive(move || vb.mode.get() == m)
                            on_pick=move |()| crate::ui::dom::soon(move || vb.switch(m))>
                            {m.label()}
                        </Segment>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Per-cell classes: thick lines on box / region edges and next to holes.
pub(super) fn cell_classes(v: &Variant, regions: &[char], cell: usize) -> String {
    let w = v.width();
    let p = v.positions()[cell];
    let (r, c) = (p / w, p % w);
    let mut s = String::from("vcell");
    let hole =
        |rr: isize, cc: isize| rr < 0 || cc < 0 || v.cell_at(rr as usize, cc as usize).is_none();
    let (ri, ci) = (r as isize, c as isize);
    let jigsaw = matches!(v.kind(), Kind::Jigsaw(_));
    let differs = |other: Option<usize>| match other {
        Some(o) if jigsaw => regions.get(cell) != regions.get(o),
        _ => false,
    };
    if hole(ri, ci + 1) || (!jigsaw && (c + 1) % 3 == 0) || differs(v.cell_at(r, c + 1)) {
        s.push_str(" t-r");
    }
    if hole(ri + 1, ci) || (!jigsaw && (r + 1) % 3 == 0) || differs(v.cell_at(r + 1, c)) {
        s.push_str(" t-b");
    }
    if hole(ri, ci - 1) {
        s.push_str(" t-l");
    }
    if hole(ri - 1, ci) {
        s.push_str(" t-t");
    }
    if matches!(v.kind(), Kind::X(_)) && (r == c || r + c == w - 1) {
        s.push_str(" diag");
    }
    if jigsaw {
        if let Some(k) = regions
            .get(cell)
            .and_then(|l| LABELS.iter().position(|x| x == l))
        {
            s.push_str(&format!(" reg-{k}"));
        }
    }
    s
}

/// The grid: a layout of cells (and Samurai holes).
#[component]
pub fn VariantGrid(vb: VBench) -> impl IntoView {
    let labels = Memo::new(move |_| vb.regions.with(|r| r.chars().collect::<Vec<char>>()));
    let conflicts = Memo::new(move |_| {
        let values = vb.current();
        let mut bad = vec![false; values.len()];
        if let Ok(v) = vb.variant.get() {
            for i in v.conflicts(&values) {
                bad[i] = true;
            }
        }
        bad
    });
    // What each cell shows: (value, given).
    let shown = Memo::new(move |_| {
        let values = vb.current();
        let overlay = vb.overlay.get();
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| match (v, &overlay) {
                (0, Some(o)) if o.len() == values.len() => (o[i], false),
                _ => (v, v != 0),
            })
            .collect::<Vec<(u8, bool)>>()
    });
    // The layout a lenient variant falls back to while a jigsaw map is broken.
    let layout = Memo::new(move |_| {
        vb.variant
            .get()
            .unwrap_or_else(|_| Variant::standard(Shape::NINE))
    });
    let on_key = move |e: KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        match e.key().as_str() {
            "ArrowUp" => vb.step(-1, 0),
            "ArrowDown" => vb.step(1, 0),
            "ArrowLeft" => vb.step(0, -1),
            "ArrowRight" => vb.step(0, 1),
            "Backspace" | "Delete" | "0" | "." => vb.set_value(vb.selected.get_untracked(), 0),
            k => match k.parse::<u8>() {
                Ok(d) if (1..=9).contains(&d) => vb.set_value(vb.selected.get_untracked(), d),
                _ => return,
            },
        }
        e.prevent_default();
    };
    let cells = move || {
        let v = layout.get();
        let w = v.width();
        let cells = (0..v.height() * w)
            .map(|p| {
                let Some(i) = v.cell_at(p / w, p % w) else {
                    return view! { <div class="vhole" aria-hidden="true"></div> }.into_any();
                };
                let v2 = v.clone();
                let class = move || {
                    let (val, given) = shown.with(|s| s.get(i).copied().unwrap_or((0, false)));
                    let mut s = labels.with(|l| cell_classes(&v2, l, i));
                    s.push_str(match (val, given) {
                        (0, _) => " empty",
                        (_, true) => " given",
                        _ => " solved",
                    });
                    if vb.selected.get() == i {
                        s.push_str(" selected");
                    }
                    if conflicts.with(|c| c.get(i).copied().unwrap_or(false)) {
                        s.push_str(" conflict");
                    }
                    s
                };
                let name = v.cell_name(i);
                view! {
                    <div
                        role="gridcell"
                        id=format!("vcell-{i}")
                        class=class
                        data-cell=i
                        data-pos=p
                        aria-label=move || {
                            let (val, given) = shown.with(|s| s.get(i).copied().unwrap_or((0, false)));
                            match (val, given) {
                                (0, _) => format!("{name}: empty"),
                                (x, true) => format!("{name}: {x}, given"),
                                (x, false) => format!("{name}: {x}, solved"),
                            }
                        }
                    >
                        {move || symbol(shown.with(|s| s.get(i).map_or(0, |x| x.0)))}
                    </div>
                }
                .into_any()
            })
            .collect::<Vec<_>>();
        // Cells in rows, as ARIA's grid wants (rows are `display: contents`).
        let mut cells = cells.into_iter();
        (0..v.height())
            .map(|_| {
                let row: Vec<AnyView> = cells.by_ref().take(w).collect();
                view! { <div role="row" class="grid-row">{row}</div> }
            })
            .collect_view()
    };
    let stop = window_event_listener(leptos::ev::pointerup, move |_| vb.painting.set(false));
    on_cleanup(move || stop.remove());
    view! {
        <div class="grid-frame vgrid-frame">
            <div
                id=GRID_ID
                class="vgrid"
                class:painting=move || vb.paint.get().is_some()
                role="grid"
                tabindex="0"
                data-testid="variant-grid"
                data-variant=move || vb.mode.get().id()
                data-width=move || layout.get().width()
                data-height=move || layout.get().height()
                data-regions=move || (vb.mode.get() == Mode::Jigsaw).then(|| vb.regions.get())
                data-puzzle=move || {
                    let v = layout.get();
                    v.to_layout(&vb.current())
                }
                data-grid=move || {
                    let v = layout.get();
                    let values: Vec<u8> = shown.with(|s| s.iter().map(|x| x.0).collect());
                    v.to_layout(&values)
                }
                data-conflicts=move || conflicts.with(|c| c.iter().filter(|&&x| x).count())
                aria-label=move || format!(
                    "{} Sudoku grid. Arrow keys move (skipping gaps), 1-9 fill, Delete clears.",
                    vb.mode.get().label()
                )
                aria-activedescendant=move || format!("vcell-{}", vb.selected.get())
                style=move || format!("--w:{};--h:{}", layout.get().width(), layout.get().height())
                on:keydown=on_key
                on:pointerdown=move |e| {
                    if vb.paint.get_untracked().is_some() {
                        if let Some(i) = crate::ui::dom::cell_of(&e) {
                            e.prevent_default();
                            vb.painting.set(true);
                            vb.paint_cell(i);
                        }
                    }
                }
                // `pointerover` bubbles (`pointerenter` does not); a cell
                // painted twice is unchanged.
                on:pointerover=move |e| {
                    if vb.painting.get_untracked() {
                        if let Some(i) = crate::ui::dom::cell_of(&e) {
                            vb.paint_cell(i);
                        }
                    }
                }
                on:click=move |e| {
                    if let Some(i) = crate::ui::dom::cell_of(&e) {
                        vb.selected.set(i);
                        crate::ui::dom::focus_id(GRID_ID);
                    }
                }
            >
                {cells}
            </div>
        </div>
    }
}

/// Solve / Next / Count / Cancel, Generate, jigsaw regions, import/export.
#[component]
pub fn VariantPanel(vb: VBench) -> impl IntoView {
    let busy = move || vb.run.get().is_busy();
    let vlab = super::lab::VariantLab::new();
    let puzzle = Memo::new(move |_| (vb.variant.get().map(|v| v.kind().clone()), vb.current()));
    let import_text = RwSignal::new(String::new());
    let import = move || {
        let text = import_text.get_untracked();
        match super::read_link(&text) {
            Some(Ok(super::Imported::Variant(payload, note))) => {
                return vb.open_import(&payload, note)
            }
            // A classic grid: the standard editor opens it.
            Some(Ok(standard)) => return vb.links.set(Some(standard)),
            Some(Err(e)) => return vb.say(Tone::Error, e),
            None => {}
        }
        let Ok(v) = vb.variant.get_untracked() else {
            vb.say(Tone::Error, "Fix the region map first.");
            return;
        };
        match v.parse(&text) {
            Ok(values) => {
                vb.slot().set(values);
                vb.drop_solution();
                vb.say(Tone::Info, "Imported the puzzle.");
            }
            // What was typed stays in the field.
            Err(e) => vb.say(Tone::Error, format!("Could not import: {e}.")),
        }
    };
    let region_tools = move || {
        (vb.mode.get() == Mode::Jigsaw).then(|| {
            view! {
                <section class="card" aria-labelledby="regions-title">
                    <h2 id="regions-title">"Regions"</h2>
                    <p class="hint">"Pick a region, switch on painting, then click or drag cells. Each of the nine regions needs nine connected cells."</p>
                    <div class="chips region-chips">
                        {LABELS
                            .iter()
                            .enumerate()
                            .map(|(k, &l)| {
                                view! {
                                    <button
                                        type="button"
                                        class=format!("chip region-chip reg-{k}")
                                        data-testid=format!("region-{l}")
                                        aria-pressed=move || (vb.paint.get() == Some(l)).to_string()
                                        on:click=move |_| vb.paint.set(if vb.paint.get_untracked() == Some(l) { None } else { Some(l) })
                                    >
                                        {l.to_string()}
                                    </button>
                                }
                            })
                            .collect_view()}
                        <button
                            type="button"
                            class="chip"
                            data-testid="paint-off"
                            disabled=move || vb.paint.get().is_none()
                            on:click=move |_| vb.paint.set(None)
                        >
                            "Done painting"
                        </button>
                    </div>
                    {move || vb.variant.with(|v| v.as_ref().err().cloned()).map(|e| view! {
                        <p class="message error" data-testid="region-error" role="alert">{e}</p>
                    })}
                    <h3>"Presets"</h3>
                    <div class="chips">
                        {presets()
                            .into_iter()
                            .map(|(name, map)| {
                                view! {
                                    <button
                                        type="button"
                                        class="chip"
                                        data-testid=format!("preset-{}", name.to_lowercase().replace(' ', "-"))
                                        on:click=move |_| {
                                            vb.regions.set(map.clone());
                                            vb.drop_solution();
                                        }
                                    >
                                        {name}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                    <label class="field-label" for="regions-text">"Region map (81 labels)"</label>
                    <input
                        id="regions-text"
                        class="mono"
                        data-testid="regions-text"
                        spellcheck="false"
                        prop:value=move || vb.regions.get()
                        on:change=move |e| {
                            vb.regions.set(event_target_value(&e).split_whitespace().collect());
                            vb.drop_solution();
                        }
                    />
                </section>
            }
        })
    };
    view! {
        <section class="card solver-card" aria-labelledby="vsolver-title">
            <h2 id="vsolver-title">"Solve"</h2>
            <p class="hint">"Dancing Links on the variant’s cells and units, in the worker."</p>
            <div class="actions">
                <button type="button" class="primary" data-testid="vsolve" on:click=move |_| vb.solve()>"Solve"</button>
                <button type="button" data-testid="vnext" on:click=move |_| vb.next()>"Next solution"</button>
                <button type="button" data-testid="vcount" on:click=move |_| vb.count()>"Count"</button>
                <button type="button" data-testid="vcancel" disabled=move || !busy() on:click=move |_| vb.cancel()>"Cancel"</button>
                <button
                    type="button"
                    data-testid="vclear"
                    on:click=move |_| {
                        vb.slot().update(|s| s.iter_mut().for_each(|x| *x = 0));
                        vb.drop_solution();
                        vb.run.clear_message();
                    }
                >
                    "Clear"
                </button>
            </div>
            {move || vb.run.live.get().map(|l| view! {
                <p class="counter" data-testid="vprogress">{l.line_text()}</p>
            })}
            <StatusMessage message=vb.run.message testid="vmessage" layout=MessageLayout::Transient/>
            {move || vb.run.stats_line.get().map(|s| view! { <p class="stats">{s}</p> })}
            <h3>"Generate"</h3>
            <div class="actions">
                <label class="field-label inline">
                    "Seed "
                    <input
                        type="number"
                        min="0"
                        class="seed"
                        data-testid="vseed"
                        prop:value=move || vb.seed.get().to_string()
                        on:change=move |e| {
                            if let Ok(s) = event_target_value(&e).trim().parse() {
                                vb.seed.set(s);
                            }
                        }
                    />
                </label>
                <button type="button" data-testid="vgenerate" on:click=move |_| vb.generate()>"Generate"</button>
            </div>
            <p class="hint">
                {move || match vb.mode.get() {
                    Mode::Jigsaw => "A jigsaw comes with a fresh random region map.",
                    Mode::Samurai => "Samurai takes a second or two.",
                    _ => "Unique solution, no removable clue.",
                }}
            </p>
        </section>
        <super::lab::VariantLogicCard vlab=vlab puzzle=puzzle/>
        {region_tools}
        <section class="card" aria-labelledby="vio-title">
            <h2 id="vio-title">"Import / export"</h2>
            <label class="field-label" for="vimport">
                {move || match vb.mode.get() {
                    Mode::Samurai => "Paste five 81-character grids (top-left, top-right, centre, bottom-left, bottom-right) or the 21-line layout",
                    _ => "Paste an 81-character puzzle, or an f-puzzles or SudokuPad link",
                }}
            </label>
            <textarea
                id="vimport"
                class="mono"
                rows="3"
                spellcheck="false"
                data-testid="vimport-text"
                prop:value=move || import_text.get()
                on:input=move |e| import_text.set(event_target_value(&e))
            ></textarea>
            <div class="actions">
                <button type="button" data-testid="vimport" on:click=move |_| import()>"Import"</button>
            </div>
            <label class="field-label" for="vexport">"This puzzle"</label>
            <textarea
                id="vexport"
                class="mono"
                rows="2"
                readonly
                data-testid="vexport"
                prop:value=move || {
                    let values = vb.current();
                    match vb.variant.get() {
                        Ok(v) => v.to_line(&values),
                        Err(_) => String::new(),
                    }
                }
            ></textarea>
            <p class="hint">"Play mode gives graduated hints on X, jigsaw and Samurai grids; the step list and the rating read X and jigsaw grids (a Samurai is five overlapping grids)."</p>
        </section>
    }
}

/// The variant editor: grid on the left, tools on the right; in play mode
/// the same play column as the standard grid's.
#[component]
pub fn VariantBench(vb: VBench, play: super::play::Play, lab: super::lab::Lab) -> impl IntoView {
    let playing = move || play.on.get();
    // The grid in this task, the tools beside it in the next: opening a
    // variant is two shorter tasks.
    let shown = crate::ui::dom::stagger(2);
    let tools = move || shown.get() == 2;
    view! {
        <div class="bench sudoku-bench variant-bench" data-testid="variant-bench" style="--board-max:720px">
            <section class="board-column" class:playing=playing aria-label="Grid">
                <Show when=playing fallback=move || view! { <VariantEditColumn vb=vb play=play/> }>
                    <super::play::PlayColumn play=play lab=lab/>
                </Show>
            </section>
            <aside class="panel-column">
                <Show when=tools>
                    <Show when=playing>
                        <super::play::PlayCard play=play/>
                    </Show>
                    <VariantPanel vb=vb/>
                </Show>
            </aside>
        </div>
    }
}

/// The editor's column: the Edit · Play switch, the grid and its keypad.
#[component]
fn VariantEditColumn(vb: VBench, play: super::play::Play) -> impl IntoView {
    view! {
                <div class="toolbar">
                    <super::play::ModeSwitch play=play/>
                </div>
                <VariantGrid vb=vb/>
                <div class="pad vpad" role="group" aria-label="Keypad" style="--cols:10;--mcols:5">
                    {(1..=9u8)
                        .map(|d| view! {
                            <button
                                type="button"
                                class="pad-key"
                                data-testid=format!("vpad-{d}")
                                on:mousedown=|e| e.prevent_default()
                                on:click=move |_| vb.set_value(vb.selected.get_untracked(), d)
                            >
                                {d.to_string()}
                            </button>
                        })
                        .collect_view()}
                    <button
                        type="button"
                        class="pad-key erase"
                        aria-label="Erase cell"
                        on:mousedown=|e| e.prevent_default()
                        on:click=move |_| vb.set_value(vb.selected.get_untracked(), 0)
                    >
                        "⌫"
                    </button>
                </div>
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
crate::part!(sudoku_more, bench(vb: VBench, play: crate::ui::sudoku::play::Play, lab: crate::ui::sudoku::lab::Lab) => view! {
    <VariantBench vb=vb play=play lab=lab/>
});
