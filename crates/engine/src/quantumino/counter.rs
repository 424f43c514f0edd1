//! Counting tilings of a box by a set of polycubes, each used at most once,
//! without enumerating them: a slice-by-slice transfer (frontier) dynamic
//! programme.
//!
//! Why this shape (reference/quantumino_counting.md, and measured here):
//! enumeration runs at about a thousand Quantumino solutions a second, and
//! the game has 5·10¹⁰ of them; a cell-by-cell frontier DP blows up inside
//! slices, while cutting the box into slices across its long axis keeps the
//! frontier small.
//!
//! * The box is cut into slices across the axis whose cross-section is
//!   smallest. A placement belongs to the slice of its lowest cell.
//! * State at the boundary before slice `s`: the occupancy of the next
//!   `window` slices (cells already covered by pieces of earlier slices) and
//!   the set of pieces used, with the number of ways to get there.
//! * Moving one slice on: for each occupancy, a small search lists every way
//!   to fill the rest of slice `s` with placements belonging to it; fillings
//!   with the same (pieces added, next occupancy) are grouped, and each
//!   group is applied once to every piece set of that occupancy that does
//!   not already hold those pieces.
//! * The next table is built target occupancy by target occupancy, into a
//!   dense array indexed by piece set (no hashing on the hot path); targets
//!   are independent, so threads (or budgeted steps in a Web Worker) share
//!   them out.
//! * At the end every piece set that tiles the box carries its count: all
//!   17 Quantumino asides come out of one run.

use crate::polyform::polycube::{Polycube, Vec3};
use crate::pool;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

/// Wall-clock time for progress reports. `std::time::Instant` panics on
/// wasm32-unknown-unknown, so there the counter reports no times and the
/// Web Worker derives its estimate from `fraction` and its own clock.
#[derive(Clone, Copy, Debug)]
struct Clock {
    #[cfg(not(target_arch = "wasm32"))]
    start: Instant,
}

impl Clock {
    fn now() -> Clock {
        Clock {
            #[cfg(not(target_arch = "wasm32"))]
            start: Instant::now(),
        }
    }

    /// Seconds since `now()`, or `None` where there is no clock.
    fn elapsed(&self) -> Option<f64> {
        #[cfg(not(target_arch = "wasm32"))]
        return Some(self.start.elapsed().as_secs_f64());
        #[cfg(target_arch = "wasm32")]
        None
    }
}

/// Piece sets are bit masks and the working array is indexed by them, so
/// the number of pieces is bounded (2^20 counters = 8 MB per thread).
pub const MAX_PIECES: usize = 20;

/// Why a count did not finish.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuantuminoCountError {
    /// The cancel flag was raised.
    Cancelled,
    /// The input is outside what the counter handles; the text says why.
    Unsupported(String),
    /// A count no longer fits the packed 64-bit state.
    Overflow,
}

impl fmt::Display for QuantuminoCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuantuminoCountError::Cancelled => f.write_str("count cancelled"),
            QuantuminoCountError::Unsupported(s) => f.write_str(s),
            QuantuminoCountError::Overflow => {
                f.write_str("count overflow: too many tilings for 64 bits")
            }
        }
    }
}

impl std::error::Error for QuantuminoCountError {}

/// Progress of a count, for a progress bar and an estimate of time left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CountProgress {
    /// The slice being crossed (0-based).
    pub layer: usize,
    /// Number of slices.
    pub layers: usize,
    /// Fraction of the current slice's work done.
    pub layer_fraction: f64,
    /// Estimated fraction of the whole count done (the cost of slices not
    /// yet planned is extrapolated, so this is an estimate).
    pub fraction: f64,
    /// States (occupancy, piece set) in the current source table.
    pub states: u64,
    /// Seconds since the count started (0 on wasm32, which has no clock
    /// in std).
    pub elapsed: f64,
    /// Estimated seconds left, once there is something to go by (never on
    /// wasm32).
    pub eta: Option<f64>,
}

/// For each piece set (bit `i` = piece `i` of the input) that tiles the box
/// using each of its pieces once, the number of tilings, rotations of the
/// box counted as distinct. Sorted by mask.
pub type SetCounts = Vec<(u32, u64)>;

/// One placement of a piece, relative to the slice it belongs to.
#[derive(Clone, Copy, Debug)]
struct Placement {
    mask: u64,
    piece: u8,
    /// Number of slices spanned.
    extent: u8,
}

/// The box cut into slices, with every placement shape.
#[derive(Clone, Debug)]
struct Geometry {
    /// Number of slices.
    len: usize,
    /// Cells per slice.
    area: usize,
    /// Slices of look-ahead in a state (max extent − 1).
    window: usize,
    /// Placements whose lowest cell is cell `q` of slice 0.
    at_cell: Vec<Vec<Placement>>,
}

impl Geometry {
    fn new(pieces: &[Polycube], bx: Vec3) -> Result<Geometry, QuantuminoCountError> {
        if bx.iter().any(|&a| a <= 0) {
            return Err(QuantuminoCountError::Unsupported(format!(
                "box sides must be positive, got {bx:?}"
            )));
        }
        let orientations: Vec<Vec<Polycube>> = pieces
            .iter()
            .map(|p| p.canonical_isometric_copies(true, false))
            .collect();
        // Try each axis as the slicing axis; keep the smallest state.
        let mut best: Option<(usize, usize, usize)> = None; // (bits, axis, window)
        for axis in 0..3 {
            let area = (0..3)
                .filter(|&k| k != axis)
                .map(|k| bx[k] as usize)
                .product::<usize>();
            let extent = orientations
                .iter()
                .flatten()
                .filter(|o| fits_across(o, bx, axis))
                .map(|o| o.bounding_box()[1][axis] as usize + 1)
                .max()
                .unwrap_or(1);
            let bits = extent * area;
            if bits <= 64 && best.is_none_or(|(b, _, _)| area * (extent - 1) < b) {
                best = Some((area * (extent - 1), axis, extent - 1));
            }
        }
        let Some((_, axis, window)) = best else {
            return Err(QuantuminoCountError::Unsupported(format!(
                "box {bx:?} is too wide for the counter: a slice and the pieces reaching past it must fit in 64 cells"
            )));
        };
        let others: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
        let (du, dv) = (bx[others[0]], bx[others[1]]);
        let area = (du * dv) as usize;
        let mut at_cell = vec![Vec::new(); area];
        for (i, os) in orientations.iter().enumerate() {
            for o in os {
                let [_, hi] = o.bounding_box();
                if hi[axis] >= bx[axis] || !fits_across(o, bx, axis) {
                    continue;
                }
                for tu in 0..du - hi[others[0]] {
                    for tv in 0..dv - hi[others[1]] {
                        let mut mask = 0u64;
                        for c in o.cells() {
                            let u = c[others[0]] + tu;
                            let v = c[others[1]] + tv;
                            let bit = c[axis] as usize * area + (u * dv + v) as usize;
                            mask |= 1 << bit;
                        }
                        let low = mask.trailing_zeros() as usize;
                        at_cell[low].push(Placement {
                            mask,
                            piece: i as u8,
                            extent: hi[axis] as u8 + 1,
                        });
                    }
                }
            }
        }
        Ok(Geometry {
            len: bx[axis] as usize,
            area,
            window,
            at_cell,
        })
    }

    /// Every way to fill the free cells of slice 0 of `occ` with placements
    /// spanning at most `max_extent` slices, grouped by (pieces, occupancy
    /// of the following slices) with multiplicities.
    fn fillings(&self, occ: u64, max_extent: usize) -> Vec<Group> {
        let mut groups: HashMap<(u32, u64), u64> = HashMap::new();
        self.fill(occ, 0, max_extent, &mut groups);
        let mut v: Vec<Group> = groups
            .into_iter()
            .map(|((pieces, next), mult)| Group { pieces, next, mult })
            .collect();
        v.sort_unstable_by_key(|g| (g.next, g.pieces));
        v
    }

    fn fill(&self, occ: u64, pieces: u32, max_extent: usize, out: &mut HashMap<(u32, u64), u64>) {
        let slice0 = if self.area == 64 {
            u64::MAX
        } else {
            (1u64 << self.area) - 1
        };
        let free = !occ & slice0;
        if free == 0 {
            *out.entry((pieces, occ >> self.area)).or_insert(0) += 1;
            return;
        }
        let q = free.trailing_zeros() as usize;
        for p in &self.at_cell[q] {
            if p.mask & occ == 0 && pieces & (1 << p.piece) == 0 && p.extent as usize <= max_extent
            {
                self.fill(occ | p.mask, pieces | (1 << p.piece), max_extent, out);
            }
        }
    }
}

fn fits_across(o: &Polycube, bx: Vec3, axis: usize) -> bool {
    let [_, hi] = o.bounding_box();
    (0..3).all(|k| k == axis || hi[k] < bx[k])
}

/// Fillings of one source occupancy with the same effect.
#[derive(Clone, Copy, Debug)]
struct Group {
    pieces: u32,
    next: u64,
    mult: u64,
}

/// A table of states: occupancy → packed (count << n | piece set), sorted
/// by piece set.
type Table = Vec<(u64, Vec<u64>)>;

/// The work of one slice: for each target occupancy, where its states come
/// from.
struct Plan {
    targets: Vec<Target>,
    /// Targets in processing order (most expensive first, for balance).
    order: Vec<usize>,
    total_cost: u64,
}

struct Target {
    occ: u64,
    /// (source index, pieces added, multiplicity).
    incoming: Vec<(u32, u32, u64)>,
    cost: u64,
}

/// A resumable count: [`run`](Counter::run) with native threads, or
/// [`step`](Counter::step) with a work budget from a Web Worker.
pub struct Counter {
    geo: Geometry,
    n: usize,
    layer: usize,
    source: Table,
    plan: Option<Plan>,
    next_in_order: usize,
    results: Vec<Option<Vec<u64>>>,
    /// Cost of each finished slice (for the estimate of what is left).
    layer_costs: Vec<u64>,
    done_cost: u64,
    /// Cost of the targets of the current slice already processed by `step`.
    layer_done: u64,
    started: Clock,
    scratch: Scratch,
    batches: usize,
    /// Progress through the peak slice when it is done in parts by `step`.
    parts: Option<Parts>,
    /// The parts of the peak slice this counter does (`None`: all), so a
    /// pool of Web Workers can share one count.
    mine: Option<Vec<bool>>,
    /// Parts finished since the last [`take_finished_parts`](Self::take_finished_parts).
    finished_parts: Vec<(usize, SetCounts)>,
    /// Work done so far (see [`work`](Self::work)).
    work: u64,
}

/// Where `step` is in a peak slice done in parts.
#[derive(Default)]
struct Parts {
    /// The part being built or finished.
    batch: usize,
    /// Targets of this part processed so far.
    pos: usize,
    got: Vec<(usize, Vec<u64>)>,
    /// The count finishing the current part, once the part is built.
    sub: Option<Box<Counter>>,
    merged: HashMap<u32, u64>,
    /// Progress when the current part was built.
    before: CountProgress,
}

impl Parts {
    fn merge(&mut self, counts: SetCounts) -> Result<(), QuantuminoCountError> {
        for (m, c) in counts {
            let e = self.merged.entry(m).or_insert(0);
            *e = e.checked_add(c).ok_or(QuantuminoCountError::Overflow)?;
        }
        Ok(())
    }

    /// The sub-count's progress as progress of the whole count.
    fn scaled(&self, p: CountProgress, remaining: usize, started: Clock) -> CountProgress {
        let share = (1.0 - self.before.fraction) / remaining.max(1) as f64;
        let mut q = self.before;
        q.layer = p.layer;
        q.layer_fraction = p.layer_fraction;
        q.states = p.states;
        q.fraction = (self.before.fraction + share * p.fraction).min(1.0);
        q.elapsed = started.elapsed().unwrap_or(0.0);
        q.eta = started
            .elapsed()
            .filter(|_| q.fraction > 0.001)
            .map(|e| e * (1.0 - q.fraction) / q.fraction);
        q
    }
}

/// The table of one part of a slice: its non-empty targets, by occupancy.
fn part_table(plan: &Plan, got: Vec<(usize, Vec<u64>)>) -> Table {
    let mut table: Table = got
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(t, v)| (plan.targets[t].occ, v))
        .collect();
    table.sort_unstable_by_key(|e| e.0);
    table
}

/// The dense per-thread accumulator.
struct Scratch {
    acc: Vec<u64>,
    touched: Vec<u32>,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch {
            acc: vec![0; 1 << n],
            touched: Vec::new(),
        }
    }
}

/// Outcome of [`Counter::step`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CountStep {
    /// The budget ran out; call again.
    Paused(CountProgress),
    /// Finished.
    Done(SetCounts),
}

impl Counter {
    /// Prepare to count the tilings of box `bx` by subsets of `pieces`.
    pub fn new(pieces: &[Polycube], bx: Vec3) -> Result<Counter, QuantuminoCountError> {
        if pieces.len() > MAX_PIECES {
            return Err(QuantuminoCountError::Unsupported(format!(
                "the counter handles at most {MAX_PIECES} pieces, got {}",
                pieces.len()
            )));
        }
        if pieces.iter().any(Polycube::is_empty) {
            return Err(QuantuminoCountError::Unsupported("empty piece".into()));
        }
        let geo = Geometry::new(pieces, bx)?;
        let n = pieces.len();
        Ok(Counter {
            geo,
            n,
            layer: 0,
            source: vec![(0, vec![1u64 << n])],
            plan: None,
            next_in_order: 0,
            results: Vec::new(),
            layer_costs: Vec::new(),
            done_cost: 0,
            layer_done: 0,
            started: Clock::now(),
            scratch: Scratch::new(n),
            batches: 1,
            parts: None,
            mine: None,
            finished_parts: Vec::new(),
            work: 0,
        })
    }

    /// The work done so far: for every target built, the source states
    /// read to build it (its cost), over every slice this counter did,
    /// the parts' second halves included. A shard's `nodes`: like a
    /// search's nodes, it depends only on the work, not on the machine.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Number of states in the current table.
    pub fn states(&self) -> u64 {
        self.source.iter().map(|(_, v)| v.len() as u64).sum()
    }

    /// Bytes held by the current table's counts (the memory that matters).
    pub fn table_bytes(&self) -> u64 {
        self.states() * 8 + self.source.len() as u64 * 32
    }

    fn plan_layer(&mut self) {
        let max_extent = (self.geo.len - self.layer).min(self.geo.window + 1);
        let mut by_target: HashMap<u64, Vec<(u32, u32, u64)>> = HashMap::new();
        for (si, (occ, _)) in self.source.iter().enumerate() {
            for g in self.geo.fillings(*occ, max_extent) {
                by_target
                    .entry(g.next)
                    .or_default()
                    .push((si as u32, g.pieces, g.mult));
            }
        }
        let mut targets: Vec<Target> = by_target
            .into_iter()
            .map(|(occ, incoming)| {
                let cost = incoming
                    .iter()
                    .map(|&(s, _, _)| self.source[s as usize].1.len() as u64)
                    .sum();
                Target {
                    occ,
                    incoming,
                    cost,
                }
            })
            .collect();
        targets.sort_unstable_by_key(|t| t.occ);
        let mut order: Vec<usize> = (0..targets.len()).collect();
        order.sort_unstable_by_key(|&i| std::cmp::Reverse(targets[i].cost));
        let total_cost = targets.iter().map(|t| t.cost).sum();
        self.results = (0..targets.len()).map(|_| None).collect();
        self.next_in_order = 0;
        self.plan = Some(Plan {
            targets,
            order,
            total_cost,
        });
    }

    /// Replace the source by the finished targets and move to the next slice.
    fn finish_layer(&mut self) {
        let plan = self.plan.take().expect("a planned layer");
        self.layer_costs.push(plan.total_cost);
        let results = std::mem::take(&mut self.results);
        self.source = plan
            .targets
            .iter()
            .zip(results)
            .filter_map(|(t, r)| {
                let v = r.expect("every target processed");
                (!v.is_empty()).then_some((t.occ, v))
            })
            .collect();
        self.layer += 1;
    }

    fn result(&self) -> SetCounts {
        let low = (1u64 << self.n) - 1;
        let mut out: SetCounts = self
            .source
            .iter()
            .filter(|(occ, _)| *occ == 0)
            .flat_map(|(_, v)| v.iter().map(move |&s| ((s & low) as u32, s >> self.n)))
            .collect();
        out.sort_unstable();
        out
    }

    fn progress(&self, layer_done: u64) -> CountProgress {
        let layers = self.geo.len;
        let (cur_total, layer_fraction) = match &self.plan {
            Some(p) if p.total_cost > 0 => (p.total_cost, layer_done as f64 / p.total_cost as f64),
            _ => (0, 0.0),
        };
        // Slices not yet planned: grow like the last step until the middle,
        // then mirror the first half (slice s costs about as much as slice
        // len − 1 − s: the box looks the same from the other end).
        let mut costs: Vec<f64> = self.layer_costs.iter().map(|&c| c as f64).collect();
        if self.plan.is_some() {
            costs.push(cur_total as f64);
        }
        let ratio = match costs.len() {
            n if n >= 2 && costs[n - 2] > 0.0 => (costs[n - 1] / costs[n - 2]).clamp(1.0, 50.0),
            _ => 1.0,
        };
        while costs.len() < layers {
            let k = costs.len();
            let c = if k < layers.div_ceil(2) {
                costs.last().map_or(1.0, |&c| c * ratio)
            } else {
                costs[layers - 1 - k]
            };
            costs.push(c);
        }
        let total: f64 = costs.iter().sum();
        let done = self.done_cost as f64 + layer_done as f64;
        let fraction = if total > 0.0 {
            (done / total).min(1.0)
        } else {
            self.layer as f64 / layers.max(1) as f64
        };
        let elapsed = self.started.elapsed().unwrap_or(0.0);
        let eta = self
            .started
            .elapsed()
            .filter(|_| fraction > 0.001)
            .map(|e| e * (1.0 - fraction) / fraction);
        CountProgress {
            layer: self.layer,
            layers,
            layer_fraction,
            fraction,
            states: self.states(),
            elapsed,
            eta,
        }
    }

    /// Advance by about `budget` state updates (single-threaded; for a Web
    /// Worker that must answer messages between slices of work).
    pub fn step(&mut self, budget: u64) -> Result<CountStep, QuantuminoCountError> {
        let mut spent = 0u64;
        loop {
            if let Some(parts) = self.parts.as_mut() {
                if let Some(sub) = parts.sub.as_mut() {
                    match sub.step(budget.saturating_sub(spent))? {
                        CountStep::Paused(p) => {
                            let remaining = (parts.batch..self.batches)
                                .filter(|&b| self.mine.as_ref().is_none_or(|m| m[b]))
                                .count();
                            let q = parts.scaled(p, remaining, self.started);
                            return Ok(CountStep::Paused(q));
                        }
                        CountStep::Done(counts) => {
                            self.work += sub.work;
                            self.finished_parts.push((parts.batch, counts.clone()));
                            parts.merge(counts)?;
                            parts.sub = None;
                            parts.batch += 1;
                            parts.pos = 0;
                            if parts.batch == self.batches {
                                let merged = std::mem::take(&mut parts.merged);
                                self.parts = None;
                                self.finish_parts(merged)?;
                            }
                            continue;
                        }
                    }
                }
            }
            if self.layer == self.geo.len {
                return Ok(CountStep::Done(self.result()));
            }
            if self.plan.is_none() {
                self.plan_layer();
                self.layer_done = 0;
            }
            let batched = self.batches > 1 && self.layer + 1 == self.geo.len / 2;
            if batched && self.parts.is_none() {
                self.parts = Some(Parts::default());
            }
            let skip = self.parts.as_ref().and_then(|p| {
                let theirs = p.sub.is_none()
                    && p.pos == 0
                    && self.mine.as_ref().is_some_and(|m| !m[p.batch]);
                theirs.then_some(p.batch)
            });
            if let Some(b) = skip {
                // Another worker's part: count its cost as done and move on.
                let plan = self.plan.as_ref().expect("planned");
                let cost: u64 = plan
                    .order
                    .iter()
                    .skip(b)
                    .step_by(self.batches)
                    .map(|&t| plan.targets[t].cost)
                    .sum();
                self.layer_done += cost;
                let parts = self.parts.as_mut().expect("parts");
                parts.batch += 1;
                if parts.batch == self.batches {
                    let merged = std::mem::take(&mut parts.merged);
                    self.parts = None;
                    self.finish_parts(merged)?;
                }
                continue;
            }
            let plan = self.plan.as_ref().expect("planned");
            let t = if let Some(parts) = self.parts.as_mut() {
                let k = parts.batch + parts.pos * self.batches;
                if k >= plan.order.len() {
                    // This part of the peak slice is done: finish its count.
                    let got = std::mem::take(&mut parts.got);
                    let table = part_table(plan, got);
                    let before = self.progress(self.layer_done);
                    let sub = self.sub_counter(table);
                    let parts = self.parts.as_mut().expect("parts");
                    parts.before = before;
                    parts.sub = Some(Box::new(sub));
                    continue;
                }
                plan.order[k]
            } else {
                if self.next_in_order == plan.order.len() {
                    self.done_cost += plan.total_cost;
                    self.finish_layer();
                    continue;
                }
                plan.order[self.next_in_order]
            };
            if spent >= budget {
                return Ok(CountStep::Paused(self.progress(self.layer_done)));
            }
            let cost = plan.targets[t].cost;
            let v = process(&plan.targets[t], &self.source, self.n, &mut self.scratch)?;
            spent += cost.max(1);
            self.layer_done += cost;
            self.work += cost;
            if let Some(parts) = self.parts.as_mut() {
                parts.got.push((t, v));
                parts.pos += 1;
            } else {
                self.results[t] = Some(v);
                self.next_in_order += 1;
            }
        }
    }

    /// A counter that finishes the count from the next boundary, starting
    /// from one part of the peak table.
    fn sub_counter(&self, table: Table) -> Counter {
        Counter {
            geo: self.geo.clone(),
            n: self.n,
            layer: self.layer + 1,
            source: table,
            plan: None,
            next_in_order: 0,
            results: Vec::new(),
            layer_costs: Vec::new(),
            done_cost: 0,
            layer_done: 0,
            started: Clock::now(),
            scratch: Scratch::new(self.n),
            batches: 1,
            parts: None,
            mine: None,
            finished_parts: Vec::new(),
            work: 0,
        }
    }

    /// Store the summed counts of all parts as the final table.
    fn finish_parts(&mut self, merged: HashMap<u32, u64>) -> Result<(), QuantuminoCountError> {
        let low = u64::MAX >> self.n;
        let mut packed = Vec::with_capacity(merged.len());
        for (m, c) in merged {
            if c > low {
                return Err(QuantuminoCountError::Overflow);
            }
            packed.push((c << self.n) | m as u64);
        }
        self.plan = None;
        self.source = vec![(0, packed)];
        self.layer = self.geo.len;
        Ok(())
    }

    /// Split the peak slice into `batches` parts and finish the count of
    /// each part before starting the next, so the largest table is never
    /// held whole: peak memory falls from (table before the middle + middle
    /// table) to (table before the middle + one part), at the price of
    /// running the cheap second half once per part.
    pub fn set_batches(&mut self, batches: usize) {
        self.batches = batches.max(1);
    }

    /// Split the peak slice into `batches` parts (as
    /// [`set_batches`](Self::set_batches)) and do only the parts in `mine`:
    /// counters given disjoint `mine`s covering `0..batches` add up to the
    /// whole count. Each recomputes the slices before the middle (the cheap
    /// part), so W Web Workers share one count with no shared memory, and a
    /// finished part is a checkpoint ([`take_finished_parts`](Self::take_finished_parts)).
    /// A box too short to be cut (one slice) is counted by whoever owns
    /// part 0.
    pub fn set_parts(&mut self, batches: usize, mine: &[usize]) {
        let batches = batches.max(1);
        let owned: Vec<bool> = (0..batches).map(|b| mine.contains(&b)).collect();
        if self.geo.len < 2 || batches == 1 {
            self.batches = 1;
            self.mine = None;
            if !owned[0] {
                // Nothing to do here: an empty result.
                self.source = Vec::new();
                self.layer = self.geo.len;
            }
            return;
        }
        self.batches = batches;
        self.mine = Some(owned);
    }

    /// The parts of the peak slice finished since the last call, each with
    /// its counts (for a checkpoint: a restarted count skips them).
    pub fn take_finished_parts(&mut self) -> Vec<(usize, SetCounts)> {
        std::mem::take(&mut self.finished_parts)
    }

    /// Count to the end on `threads` threads (native only: wasm32 has no
    /// threads in std, use [`step`](Self::step) there); `progress` is called
    /// from the calling thread about every `interval`; raising `cancel` stops the
    /// count (between targets) with [`QuantuminoCountError::Cancelled`].
    pub fn run(
        &mut self,
        threads: usize,
        cancel: &AtomicBool,
        interval: Duration,
        progress: &mut dyn FnMut(&CountProgress),
    ) -> Result<SetCounts, QuantuminoCountError> {
        self.run_parts(threads, cancel, interval, progress, &mut |_, _, _| {})
    }

    /// [`run`](Self::run), calling `finished` with each part of the peak
    /// slice as soon as it is counted (see [`set_parts`](Self::set_parts))
    /// and the [`work`](Self::work) done since the previous call:
    /// the native checkpoint, as [`take_finished_parts`](Self::take_finished_parts)
    /// is for [`step`](Self::step).
    pub fn run_parts(
        &mut self,
        threads: usize,
        cancel: &AtomicBool,
        interval: Duration,
        progress: &mut dyn FnMut(&CountProgress),
        finished: &mut dyn FnMut(usize, &SetCounts, u64),
    ) -> Result<SetCounts, QuantuminoCountError> {
        let threads = threads.max(1);
        while self.layer < self.geo.len {
            if cancel.load(Ordering::Relaxed) {
                return Err(QuantuminoCountError::Cancelled);
            }
            self.plan_layer();
            let order = self.plan.as_ref().expect("planned").order.clone();
            if self.batches > 1 && self.layer + 1 == self.geo.len / 2 {
                return self.run_batched(&order, threads, cancel, interval, progress, finished);
            }
            for (t, v) in self.parallel_targets(&order, threads, cancel, interval, progress, 0)? {
                self.results[t] = Some(v);
            }
            let cost = self.plan.as_ref().expect("planned").total_cost;
            self.done_cost += cost;
            self.work += cost;
            self.finish_layer();
            progress(&self.progress(0));
        }
        Ok(self.result())
    }

    /// The peak slice part by part (see [`set_batches`](Self::set_batches)).
    fn run_batched(
        &mut self,
        order: &[usize],
        threads: usize,
        cancel: &AtomicBool,
        interval: Duration,
        progress: &mut dyn FnMut(&CountProgress),
        finished: &mut dyn FnMut(usize, &SetCounts, u64),
    ) -> Result<SetCounts, QuantuminoCountError> {
        let batches = self.batches;
        let mut reported = 0;
        let mut parts = Parts::default();
        let mut done = 0u64;
        // Round-robin over targets sorted by cost: parts of equal weight.
        let mine = |b: usize| self.mine.as_ref().is_none_or(|m| m[b]);
        for b in 0..batches {
            let part: Vec<usize> = order.iter().skip(b).step_by(batches).copied().collect();
            if !mine(b) {
                let plan = self.plan.as_ref().expect("planned");
                done += part.iter().map(|&t| plan.targets[t].cost).sum::<u64>();
                continue;
            }
            let got = self.parallel_targets(&part, threads, cancel, interval, progress, done)?;
            let plan = self.plan.as_ref().expect("planned");
            let cost = part.iter().map(|&t| plan.targets[t].cost).sum::<u64>();
            done += cost;
            self.work += cost;
            let mut sub = self.sub_counter(part_table(plan, got));
            parts.batch = b;
            parts.before = self.progress(done);
            let started = self.started;
            let remaining = (b..batches).filter(|&k| mine(k)).count();
            let counts = sub.run(threads, cancel, interval, &mut |p| {
                progress(&parts.scaled(*p, remaining, started));
            })?;
            self.work += sub.work;
            finished(b, &counts, self.work - reported);
            reported = self.work;
            self.finished_parts.push((b, counts.clone()));
            parts.merge(counts)?;
        }
        let merged = parts.merged;
        self.finish_parts(merged)?;
        Ok(self.result())
    }

    /// Process the targets `part` of the planned slice on `threads`
    /// threads; `done_before` is the slice's work finished earlier.
    fn parallel_targets(
        &self,
        part: &[usize],
        threads: usize,
        cancel: &AtomicBool,
        interval: Duration,
        progress: &mut dyn FnMut(&CountProgress),
        done_before: u64,
    ) -> Result<Vec<(usize, Vec<u64>)>, QuantuminoCountError> {
        let plan = self.plan.as_ref().expect("planned");
        let layer_done = AtomicU64::new(done_before);
        let collected: Mutex<Vec<(usize, Vec<u64>)>> = Mutex::new(Vec::new());
        let (source, n) = (&self.source, self.n);
        // The calling thread reports progress between the threads' parts,
        // and wakes at once when they end (a fixed sleep cost 20 ms a
        // slice: 0.4 s of a 2×2×20 count whose work takes 0.03 s, paid
        // again by every shard).
        let mut report = || progress(&self.progress(layer_done.load(Ordering::Relaxed)));
        pool::for_each(
            part.len(),
            threads,
            cancel,
            || (Scratch::new(n), Vec::new()),
            |(scratch, local), k| {
                let t = part[k];
                local.push((t, process(&plan.targets[t], source, n, scratch)?));
                layer_done.fetch_add(plan.targets[t].cost, Ordering::Relaxed);
                Ok(())
            },
            |(_, local)| collected.lock().expect("lock").extend(local),
            Some(pool::Tick {
                every: interval.max(Duration::from_millis(20)),
                call: &mut report,
            }),
        )?;
        if cancel.load(Ordering::Relaxed) {
            return Err(QuantuminoCountError::Cancelled);
        }
        Ok(collected.into_inner().expect("lock"))
    }
}

/// Build one target occupancy's states from its sources.
fn process(
    target: &Target,
    source: &Table,
    n: usize,
    scratch: &mut Scratch,
) -> Result<Vec<u64>, QuantuminoCountError> {
    let low = (1u64 << n) - 1;
    let limit = u64::MAX >> n;
    let Scratch { acc, touched } = scratch;
    let mut overflow = false;
    for &(si, pieces, mult) in &target.incoming {
        let pieces = pieces as u64;
        for &s in &source[si as usize].1 {
            let used = s & low;
            if used & pieces == 0 {
                let key = (used | pieces) as usize;
                let (add, o1) = (s >> n).overflowing_mul(mult);
                let a = &mut acc[key];
                if *a == 0 {
                    touched.push(key as u32);
                }
                let (sum, o) = a.overflowing_add(add);
                overflow |= o | o1;
                *a = sum;
            }
        }
    }
    touched.sort_unstable();
    let mut out = Vec::with_capacity(touched.len());
    for &k in touched.iter() {
        let c = acc[k as usize];
        overflow |= c > limit;
        out.push((c << n) | k as u64);
        acc[k as usize] = 0;
    }
    touched.clear();
    if overflow {
        return Err(QuantuminoCountError::Overflow);
    }
    Ok(out)
}

/// Count on `threads` threads without progress reports or cancellation.
pub fn count_tilings(
    pieces: &[Polycube],
    bx: Vec3,
    threads: usize,
) -> Result<SetCounts, QuantuminoCountError> {
    let cancel = AtomicBool::new(false);
    Counter::new(pieces, bx)?.run(threads, &cancel, Duration::from_secs(3600), &mut |_| {})
}
