//! The solver of constrained puzzles: propagation over candidate masks
//! (bit `d-1` for digit `d`) and a search that branches on the cell with
//! fewest candidates, on an explicit stack, so that it runs in budgeted
//! slices ([`Search`]) like every other solver of the engine.
//!
//! Each rule becomes one or more propagators that only remove digits no
//! solution can hold there, and each one, once its cells are all filled,
//! rejects a filling that breaks its rule: so every leaf the search reports
//! keeps every rule, and no solution is ever pruned.

use super::{orthogonal, Constraint, Dot, Puzzle};
use crate::search::{tree_fraction, Progress, Search, Step};
use std::sync::Arc;

type Mask = u64;

fn bit(d: usize) -> Mask {
    1 << (d - 1)
}

/// The smallest and the largest digit of a non-empty mask.
fn low(m: Mask) -> u32 {
    m.trailing_zeros() + 1
}
fn high(m: Mask) -> u32 {
    64 - m.leading_zeros()
}

/// Digits `lo..=hi` (empty when `lo > hi`), clipped to 1..=64.
fn range(lo: i64, hi: i64) -> Mask {
    let lo = lo.max(1);
    let hi = hi.min(64);
    if lo > hi {
        return 0;
    }
    let upto = |d: i64| if d >= 64 { Mask::MAX } else { (1 << d) - 1 };
    upto(hi) & !upto(lo - 1)
}

fn digits(m: Mask) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let d = m.trailing_zeros() as usize + 1;
        m &= m - 1;
        Some(d)
    })
}

/// One propagator.
#[derive(Clone, Debug)]
enum Prop {
    /// n cells holding every digit once: naked and hidden singles.
    Unit(Vec<usize>),
    /// Fewer cells, all different: naked singles and a count of digits.
    Distinct(Vec<usize>),
    /// Different digits adding up to a sum, through the digit sets (as
    /// masks) of the right size and sum.
    CageSum {
        cells: Vec<usize>,
        combos: Vec<Mask>,
    },
    /// Digits (repeats allowed) adding up to a sum: bounds.
    Sum {
        cells: Vec<usize>,
        sum: u32,
    },
    Thermo(Vec<usize>),
    Arrow {
        circle: Vec<usize>,
        path: Vec<usize>,
    },
    /// Two cells in a relation: `with[d-1]` is what `b` may hold when `a`
    /// holds `d`.
    Pair {
        a: usize,
        b: usize,
        with: Vec<Mask>,
    },
    /// The digits lie in one window of consecutive digits of the line's
    /// length (distinctness is a separate propagator).
    Renban(Vec<usize>),
    Between(Vec<usize>),
    /// Equal sums of the segments: bounds.
    RegionSum(Vec<Vec<usize>>),
    Sandwich {
        cells: Vec<usize>,
        sum: u32,
    },
}

/// A puzzle compiled into propagators, with each cell's watchers.
#[derive(Debug)]
struct Model {
    n: usize,
    props: Vec<Prop>,
    watch: Vec<Vec<u32>>,
    /// Candidates before any propagation: givens, odd and even cells.
    start: Vec<Mask>,
}

impl Model {
    fn new(puzzle: &Puzzle) -> Model {
        let n = puzzle.size();
        let all: Mask = range(1, n as i64);
        let mut start: Vec<Mask> = puzzle
            .givens()
            .iter()
            .map(|&g| if g == 0 { all } else { bit(g as usize) })
            .collect();
        let mut props = Vec::new();
        for r in 0..n {
            props.push(Prop::Unit((0..n).map(|c| r * n + c).collect()));
            props.push(Prop::Unit((0..n).map(|c| c * n + r).collect()));
        }
        let region_of = puzzle.regions().region_of();
        for k in 0..n {
            props.push(Prop::Unit(
                (0..n * n).filter(|&c| region_of[c] == k).collect(),
            ));
        }
        let relation = |a: usize, b: usize, ok: &dyn Fn(u32, u32) -> bool| Prop::Pair {
            a,
            b,
            with: (1..=n as u32)
                .map(|x| {
                    (1..=n as u32)
                        .filter(|&y| ok(x, y))
                        .fold(0, |m, y| m | bit(y as usize))
                })
                .collect(),
        };
        let orthogonal_pairs = || {
            (0..n * n).flat_map(move |a| {
                [a + 1, a + n]
                    .into_iter()
                    .filter(move |&b| b < n * n && orthogonal(a, b, n))
                    .map(move |b| (a, b))
            })
        };
        let marked = |a: usize, b: usize, kropki: bool| {
            puzzle.constraints().iter().any(|c| match c {
                Constraint::Kropki { cells, .. } if kropki => *cells == [a, b] || *cells == [b, a],
                Constraint::Xv { cells, .. } if !kropki => *cells == [a, b] || *cells == [b, a],
                _ => false,
            })
        };
        let moves = |list: &[(i64, i64)]| {
            let mut out = Vec::new();
            for a in 0..n * n {
                for &(dr, dc) in list {
                    let (r, c) = ((a / n) as i64 + dr, (a % n) as i64 + dc);
                    if r >= 0 && c >= 0 && r < n as i64 && c < n as i64 {
                        out.push((a, r as usize * n + c as usize));
                    }
                }
            }
            out
        };
        for c in puzzle.constraints() {
            match c {
                Constraint::Killer { cells, sum } => {
                    if cells.len() == n {
                        props.push(Prop::Unit(cells.clone()));
                    } else {
                        props.push(Prop::Distinct(cells.clone()));
                    }
                    if let Some(s) = *sum {
                        let k = cells.len() as u32;
                        let combos = (0..=all)
                            .filter(|&m: &Mask| {
                                m.count_ones() == k && digits(m).map(|d| d as u32).sum::<u32>() == s
                            })
                            .collect();
                        props.push(Prop::CageSum {
                            cells: cells.clone(),
                            combos,
                        });
                    }
                }
                Constraint::Thermo(cells) => props.push(Prop::Thermo(cells.clone())),
                Constraint::Arrow { circle, path } => props.push(Prop::Arrow {
                    circle: circle.clone(),
                    path: path.clone(),
                }),
                Constraint::Kropki { dot, cells: [a, b] } => props.push(match dot {
                    Dot::White => relation(*a, *b, &|x, y| x.abs_diff(y) == 1),
                    Dot::Black => relation(*a, *b, &|x, y| x == 2 * y || y == 2 * x),
                }),
                Constraint::Xv {
                    mark,
                    cells: [a, b],
                } => {
                    let s = mark.sum();
                    props.push(relation(*a, *b, &|x, y| x + y == s));
                }
                Constraint::NegativeKropki => {
                    for (a, b) in orthogonal_pairs() {
                        if !marked(a, b, true) {
                            props.push(relation(a, b, &|x, y| {
                                x.abs_diff(y) != 1 && x != 2 * y && y != 2 * x
                            }));
                        }
                    }
                }
                Constraint::NegativeXv => {
                    for (a, b) in orthogonal_pairs() {
                        if !marked(a, b, false) {
                            props.push(relation(a, b, &|x, y| x + y != 5 && x + y != 10));
                        }
                    }
                }
                Constraint::NonConsecutive => {
                    for (a, b) in orthogonal_pairs() {
                        props.push(relation(a, b, &|x, y| x.abs_diff(y) != 1));
                    }
                }
                Constraint::AntiKnight => {
                    for (a, b) in moves(&[(1, 2), (2, 1), (1, -2), (2, -1)]) {
                        props.push(relation(a, b, &|x, y| x != y));
                    }
                }
                Constraint::AntiKing => {
                    for (a, b) in moves(&[(1, -1), (1, 1)]) {
                        props.push(relation(a, b, &|x, y| x != y));
                    }
                }
                Constraint::Sandwich { line, sum } => props.push(Prop::Sandwich {
                    cells: line.cells(n),
                    sum: *sum,
                }),
                Constraint::LittleKiller { cells, sum } => props.push(Prop::Sum {
                    cells: cells.clone(),
                    sum: *sum,
                }),
                Constraint::Whisper(cells) => {
                    let gap = n.div_ceil(2) as u32;
                    for w in cells.windows(2) {
                        props.push(relation(w[0], w[1], &|x, y| x.abs_diff(y) >= gap));
                    }
                }
                Constraint::Renban(cells) => {
                    props.push(Prop::Distinct(cells.clone()));
                    props.push(Prop::Renban(cells.clone()));
                }
                Constraint::Palindrome(cells) => {
                    let k = cells.len();
                    for i in 0..k / 2 {
                        props.push(relation(cells[i], cells[k - 1 - i], &|x, y| x == y));
                    }
                }
                Constraint::RegionSum(cells) => {
                    let mut segments: Vec<Vec<usize>> = Vec::new();
                    for (i, &c) in cells.iter().enumerate() {
                        if i == 0 || region_of[c] != region_of[cells[i - 1]] {
                            segments.push(Vec::new());
                        }
                        segments.last_mut().expect("a segment").push(c);
                    }
                    if segments.len() > 1 {
                        props.push(Prop::RegionSum(segments));
                    }
                }
                Constraint::Between(cells) => props.push(Prop::Between(cells.clone())),
                Constraint::Odd(c) => start[*c] &= 0x5555_5555_5555_5555,
                Constraint::Even(c) => start[*c] &= 0xAAAA_AAAA_AAAA_AAAA,
                Constraint::Diagonal(d) => props.push(Prop::Unit(d.cells(n))),
                Constraint::Region(cells) => props.push(Prop::Unit(cells.clone())),
            }
        }
        let mut watch = vec![Vec::new(); n * n];
        for (i, p) in props.iter().enumerate() {
            let cells: Vec<usize> = match p {
                Prop::Unit(c)
                | Prop::Distinct(c)
                | Prop::CageSum { cells: c, .. }
                | Prop::Sum { cells: c, .. }
                | Prop::Thermo(c)
                | Prop::Renban(c)
                | Prop::Between(c)
                | Prop::Sandwich { cells: c, .. } => c.clone(),
                Prop::Arrow { circle, path } => circle.iter().chain(path).copied().collect(),
                Prop::Pair { a, b, .. } => vec![*a, *b],
                Prop::RegionSum(s) => s.concat(),
            };
            for c in cells {
                watch[c].push(i as u32);
            }
        }
        Model {
            n,
            props,
            watch,
            start,
        }
    }

    /// Propagate to a fixpoint from the propagators `queue`; false on a
    /// contradiction.
    fn propagate(&self, cand: &mut [Mask], queue: Vec<u32>) -> bool {
        if cand.contains(&0) {
            return false;
        }
        let mut queued = vec![false; self.props.len()];
        for &p in &queue {
            queued[p as usize] = true;
        }
        let mut queue: std::collections::VecDeque<u32> = queue.into();
        let mut ctx = Ctx {
            cand,
            changed: Vec::new(),
        };
        while let Some(p) = queue.pop_front() {
            queued[p as usize] = false;
            if !self.run(&self.props[p as usize], &mut ctx) {
                return false;
            }
            for c in ctx.changed.drain(..) {
                for &q in &self.watch[c] {
                    if !queued[q as usize] {
                        queued[q as usize] = true;
                        queue.push_back(q);
                    }
                }
            }
        }
        true
    }

    fn run(&self, prop: &Prop, ctx: &mut Ctx) -> bool {
        let n = self.n;
        match prop {
            Prop::Unit(cells) | Prop::Distinct(cells) => {
                for &c in cells {
                    let m = ctx.cand[c];
                    if m.count_ones() == 1 {
                        for &o in cells {
                            if o != c && !ctx.restrict(o, !m) {
                                return false;
                            }
                        }
                    }
                }
                let (mut once, mut more) = (0, 0);
                for &c in cells {
                    let m = ctx.cand[c];
                    more |= once & m;
                    once |= m;
                }
                if (once.count_ones() as usize) < cells.len() {
                    return false;
                }
                if let Prop::Unit(_) = prop {
                    let unique = once & !more;
                    for &c in cells {
                        let u = ctx.cand[c] & unique;
                        if u != 0 && (u.count_ones() > 1 || !ctx.restrict(c, u)) {
                            return false;
                        }
                    }
                }
                true
            }
            Prop::CageSum { cells, combos } => {
                let union = cells.iter().fold(0, |m, &c| m | ctx.cand[c]);
                let mut allowed = 0;
                for &m in combos {
                    if m & !union == 0 && m & !allowed != 0 && matches(ctx.cand, cells, m) {
                        allowed |= m;
                    }
                }
                cells.iter().all(|&c| ctx.restrict(c, allowed))
            }
            Prop::Sum { cells, sum } => bound_sum(ctx, cells, *sum as i64, *sum as i64),
            Prop::Thermo(cells) => {
                let mut floor = 0i64;
                for &c in cells {
                    if !ctx.restrict(c, range(floor + 1, n as i64)) {
                        return false;
                    }
                    floor = low(ctx.cand[c]) as i64;
                }
                let mut ceiling = n as i64 + 1;
                for &c in cells.iter().rev() {
                    if !ctx.restrict(c, range(1, ceiling - 1)) {
                        return false;
                    }
                    ceiling = high(ctx.cand[c]) as i64;
                }
                true
            }
            Prop::Arrow { circle, path } => {
                let lo: i64 = path.iter().map(|&c| low(ctx.cand[c]) as i64).sum();
                let hi: i64 = path.iter().map(|&c| high(ctx.cand[c]) as i64).sum();
                let mut support = [0 as Mask; 3];
                let (mut vlo, mut vhi) = (i64::MAX, i64::MIN);
                let mut pick = [0usize; 3];
                let lists: Vec<Vec<usize>> = circle
                    .iter()
                    .map(|&c| digits(ctx.cand[c]).collect())
                    .collect();
                'tuples: loop {
                    let value =
                        (0..circle.len()).fold(0i64, |v, i| v * 10 + lists[i][pick[i]] as i64);
                    if (lo..=hi).contains(&value) {
                        vlo = vlo.min(value);
                        vhi = vhi.max(value);
                        for i in 0..circle.len() {
                            support[i] |= bit(lists[i][pick[i]]);
                        }
                    }
                    for i in (0..circle.len()).rev() {
                        pick[i] += 1;
                        if pick[i] < lists[i].len() {
                            continue 'tuples;
                        }
                        pick[i] = 0;
                    }
                    break;
                }
                if vlo > vhi {
                    return false;
                }
                for (i, &c) in circle.iter().enumerate() {
                    if !ctx.restrict(c, support[i]) {
                        return false;
                    }
                }
                bound_sum(ctx, path, vlo, vhi)
            }
            Prop::Pair { a, b, with } => {
                let (ma, mb) = (ctx.cand[*a], ctx.cand[*b]);
                let (mut na, mut nb) = (0, 0);
                for d in digits(ma) {
                    let ok = with[d - 1] & mb;
                    if ok != 0 {
                        na |= bit(d);
                        nb |= ok;
                    }
                }
                ctx.restrict(*a, na) && ctx.restrict(*b, nb)
            }
            Prop::Renban(cells) => {
                let k = cells.len();
                let mut allowed = 0;
                for s in 1..=n + 1 - k {
                    let w = range(s as i64, (s + k - 1) as i64);
                    let mut union = 0;
                    let fits = cells.iter().all(|&c| {
                        union |= ctx.cand[c] & w;
                        ctx.cand[c] & w != 0
                    });
                    if fits && union.count_ones() as usize >= k {
                        allowed |= w;
                    }
                }
                cells.iter().all(|&c| ctx.restrict(c, allowed))
            }
            Prop::Between(cells) => {
                let (a, b) = (cells[0], cells[cells.len() - 1]);
                let inner = &cells[1..cells.len() - 1];
                let (mut sa, mut sb, mut si) = (0, 0, 0);
                for x in digits(ctx.cand[a]) {
                    for y in digits(ctx.cand[b]) {
                        let w = range(x.min(y) as i64 + 1, x.max(y) as i64 - 1);
                        if inner.iter().all(|&c| ctx.cand[c] & w != 0) {
                            sa |= bit(x);
                            sb |= bit(y);
                            si |= w;
                        }
                    }
                }
                ctx.restrict(a, sa)
                    && ctx.restrict(b, sb)
                    && inner.iter().all(|&c| ctx.restrict(c, si))
            }
            Prop::RegionSum(segments) => {
                let bounds = |ctx: &Ctx, s: &[usize]| -> (i64, i64) {
                    (
                        s.iter().map(|&c| low(ctx.cand[c]) as i64).sum(),
                        s.iter().map(|&c| high(ctx.cand[c]) as i64).sum(),
                    )
                };
                let (mut slo, mut shi) = (i64::MIN, i64::MAX);
                for s in segments {
                    let (lo, hi) = bounds(ctx, s);
                    slo = slo.max(lo);
                    shi = shi.min(hi);
                }
                if slo > shi {
                    return false;
                }
                segments.iter().all(|s| bound_sum(ctx, s, slo, shi))
            }
            Prop::Sandwich { cells, sum } => {
                let (one, big) = (bit(1), bit(n));
                let inner = !(one | big);
                let (mut ones, mut bigs) = (0u64, 0u64);
                let mut only = None;
                let mut feasible = 0;
                for i in 0..n {
                    if ctx.cand[cells[i]] & one == 0 {
                        continue;
                    }
                    for j in 0..n {
                        if i == j || ctx.cand[cells[j]] & big == 0 {
                            continue;
                        }
                        let between = &cells[i.min(j) + 1..i.max(j)];
                        let (mut lo, mut hi, mut ok) = (0, 0, true);
                        for &c in between {
                            let m = ctx.cand[c] & inner;
                            if m == 0 {
                                ok = false;
                                break;
                            }
                            lo += low(m);
                            hi += high(m);
                        }
                        if ok && (lo..=hi).contains(sum) {
                            ones |= 1 << i;
                            bigs |= 1 << j;
                            feasible += 1;
                            only = Some((i, j));
                        }
                    }
                }
                if feasible == 0 {
                    return false;
                }
                for (i, &c) in cells.iter().enumerate() {
                    if ones & (1 << i) == 0 && !ctx.restrict(c, !one) {
                        return false;
                    }
                    if bigs & (1 << i) == 0 && !ctx.restrict(c, !big) {
                        return false;
                    }
                }
                if let (1, Some((i, j))) = (feasible, only) {
                    let between = &cells[i.min(j) + 1..i.max(j)];
                    for &c in between {
                        if !ctx.restrict(c, inner) {
                            return false;
                        }
                    }
                    return bound_sum(ctx, between, *sum as i64, *sum as i64);
                }
                true
            }
        }
    }
}

/// The digits of `cells` (repeats allowed) add up to some total in
/// `lo..=hi`: each cell keeps the digits the others' bounds leave room for.
fn bound_sum(ctx: &mut Ctx, cells: &[usize], lo: i64, hi: i64) -> bool {
    let min: i64 = cells.iter().map(|&c| low(ctx.cand[c]) as i64).sum();
    let max: i64 = cells.iter().map(|&c| high(ctx.cand[c]) as i64).sum();
    if max < lo || min > hi {
        return false;
    }
    for &c in cells {
        let m = ctx.cand[c];
        let others_min = min - low(m) as i64;
        let others_max = max - high(m) as i64;
        if !ctx.restrict(c, range(lo - others_max, hi - others_min)) {
            return false;
        }
    }
    true
}

/// Can the cells take different digits of `set` (as many as cells), each
/// from its candidates? Augmenting paths (Kuhn's matching).
fn matches(cand: &[Mask], cells: &[usize], set: Mask) -> bool {
    let mut owner = [usize::MAX; 64];
    fn augment(
        cand: &[Mask],
        cells: &[usize],
        set: Mask,
        i: usize,
        seen: &mut Mask,
        owner: &mut [usize; 64],
    ) -> bool {
        for d in digits(cand[cells[i]] & set & !*seen) {
            *seen |= bit(d);
            if owner[d - 1] == usize::MAX || augment(cand, cells, set, owner[d - 1], seen, owner) {
                owner[d - 1] = i;
                return true;
            }
        }
        false
    }
    (0..cells.len()).all(|i| {
        let mut seen = 0;
        augment(cand, cells, set, i, &mut seen, &mut owner)
    })
}

/// Candidates being narrowed, and the cells narrowed so far.
struct Ctx<'a> {
    cand: &'a mut [Mask],
    changed: Vec<usize>,
}

impl Ctx<'_> {
    /// Keep only `keep` in `cell`; false when nothing is left.
    fn restrict(&mut self, cell: usize, keep: Mask) -> bool {
        let old = self.cand[cell];
        let new = old & keep;
        if new != old {
            self.cand[cell] = new;
            self.changed.push(cell);
        }
        new != 0
    }
}

/// One open choice: the candidates before it, the cell, the digits not yet
/// tried.
struct Frame {
    base: Vec<Mask>,
    cell: usize,
    left: Mask,
    branching: u32,
    finished: u32,
}

/// The resumable search of a constrained puzzle; its solutions are full
/// grids, row-major, in a fixed order (lowest digit first).
pub struct ConstraintSearch {
    model: Arc<Model>,
    /// The root candidates, until the first step propagates them.
    root: Option<Vec<Mask>>,
    stack: Vec<Frame>,
    done: bool,
    count_only: bool,
    nodes: u64,
    solutions: u128,
    /// The progress reported so far (never less than before).
    fraction: f64,
}

impl ConstraintSearch {
    pub fn new(puzzle: &Puzzle) -> ConstraintSearch {
        let model = Arc::new(Model::new(puzzle));
        let root = model.start.clone();
        ConstraintSearch::from_model(model, root)
    }

    fn from_model(model: Arc<Model>, root: Vec<Mask>) -> ConstraintSearch {
        ConstraintSearch {
            model,
            root: Some(root),
            stack: Vec::new(),
            done: false,
            count_only: false,
            nodes: 0,
            solutions: 0,
            fraction: 0.0,
        }
    }

    /// A leaf or a closed subtree below the top frame.
    fn finish_branch(&mut self) {
        match self.stack.last_mut() {
            Some(top) => top.finished += 1,
            None => self.done = true,
        }
    }

    /// The first solution from here, if any.
    fn first(&mut self) -> Option<Vec<u8>> {
        loop {
            match self.step(1 << 16) {
                Step::Solution(s) => return Some(s),
                Step::Done => return None,
                Step::Paused => {}
            }
        }
    }
}

impl Search<Vec<u8>> for ConstraintSearch {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        let step = self.run(budget);
        // Knuth's sum over the open path can round a hair below the last
        // report; a bar must never move back.
        let now = if self.done {
            1.0
        } else {
            tree_fraction(self.stack.iter().map(|f| (f.finished, f.branching)))
        };
        self.fraction = self.fraction.max(now);
        step
    }

    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            solutions: self.solutions,
            fraction: self.fraction,
            conflicts: None,
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
    }

    fn engine(&self) -> Option<&'static str> {
        Some("constraints")
    }
}

impl ConstraintSearch {
    /// [`Search::step`] without the progress bookkeeping.
    fn run(&mut self, budget: u64) -> Step<Vec<u8>> {
        let stop = self.nodes.saturating_add(budget.max(1));
        loop {
            if self.done {
                return Step::Done;
            }
            if self.nodes >= stop {
                return Step::Paused;
            }
            let (mut cand, queue) = match self.root.take() {
                Some(root) => (root, (0..self.model.props.len() as u32).collect()),
                None => {
                    let top = self.stack.last_mut().expect("an open search has a frame");
                    if top.left == 0 {
                        self.stack.pop();
                        self.finish_branch();
                        continue;
                    }
                    let d = top.left & top.left.wrapping_neg();
                    top.left &= !d;
                    let mut cand = top.base.clone();
                    cand[top.cell] = d;
                    let cell = top.cell;
                    (cand, self.model.watch[cell].clone())
                }
            };
            self.nodes += 1;
            if !self.model.propagate(&mut cand, queue) {
                self.finish_branch();
                continue;
            }
            let choice = cand
                .iter()
                .enumerate()
                .filter(|(_, m)| m.count_ones() > 1)
                .min_by_key(|(_, m)| m.count_ones());
            match choice {
                None => {
                    self.solutions += 1;
                    self.finish_branch();
                    if !self.count_only {
                        return Step::Solution(cand.iter().map(|&m| low(m) as u8).collect());
                    }
                }
                Some((cell, &m)) => self.stack.push(Frame {
                    base: cand.clone(),
                    cell,
                    left: m,
                    branching: m.count_ones(),
                    finished: 0,
                }),
            }
        }
    }
}

/// The number of solutions, stopping at `limit`.
pub fn count(puzzle: &Puzzle, limit: Option<u128>) -> u128 {
    ConstraintSearch::new(puzzle).count_solutions(limit)
}

/// The first solution, if there is one.
pub fn solve(puzzle: &Puzzle) -> Option<Vec<u8>> {
    ConstraintSearch::new(puzzle).first()
}

/// For each cell, the digits (as a mask, bit `d-1` for `d`) that some
/// solution holds there, found with at most `limit_solves` searches for a
/// first solution: solve, mark the solution's digits, then for each
/// unmarked candidate search for a solution with it forced, marking every
/// digit of what is found. A candidate proven absent is struck from the
/// start of every later search, with what propagation draws from that (on
/// twelve 9×9 killers drawn over a grid: 1–37 ms each instead of 0.05–2.5 s
/// without it, test build). A candidate the budget leaves undecided is kept,
/// so the answer never hides a digit a solution has; within the budget it
/// is exact. No solution: every mask is 0.
pub fn true_candidates(puzzle: &Puzzle, limit_solves: usize) -> Vec<u64> {
    let model = Arc::new(Model::new(puzzle));
    let mut root = model.start.clone();
    let cells = root.len();
    let everything = (0..model.props.len() as u32).collect();
    if !model.propagate(&mut root, everything) {
        return vec![0; cells];
    }
    let mut marked = vec![0 as Mask; cells];
    let mark = |marked: &mut Vec<Mask>, s: &[u8]| {
        for (m, &d) in marked.iter_mut().zip(s) {
            *m |= bit(d as usize);
        }
    };
    let mut solves = 1;
    match ConstraintSearch::from_model(model.clone(), root.clone()).first() {
        Some(s) => mark(&mut marked, &s),
        None => return vec![0; cells],
    }
    let mut undecided = vec![0 as Mask; cells];
    for cell in 0..cells {
        for d in digits(root[cell] & !marked[cell]) {
            if marked[cell] & bit(d) != 0 || root[cell] & bit(d) == 0 {
                continue;
            }
            if solves >= limit_solves {
                undecided[cell] |= bit(d);
                continue;
            }
            solves += 1;
            let mut forced = root.clone();
            forced[cell] = bit(d);
            match ConstraintSearch::from_model(model.clone(), forced).first() {
                Some(s) => mark(&mut marked, &s),
                None => {
                    // No solution holds `d` here: every later search starts
                    // without it, and with what that implies.
                    root[cell] &= !bit(d);
                    let narrowed = model.propagate(&mut root, model.watch[cell].clone());
                    debug_assert!(narrowed, "a solution was found, so the root is consistent");
                }
            }
        }
    }
    marked
        .iter()
        .zip(&undecided)
        .map(|(&m, &u)| m | u)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::constraint::random::random_puzzle;
    use crate::sudoku::constraint::{check, Regions};
    use crate::sudoku::generate::random_grid;
    use crate::sudoku::variant::solve::VariantSearch;
    use crate::sudoku::variant::{RegionMap, Variant};
    use crate::sudoku::Shape;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashSet;

    /// The number of kinds of [`Constraint`].
    const KINDS: usize = 21;

    /// Every grid the exact-cover engine finds for these regions and
    /// givens, up to `limit` (`None` past it).
    fn grids(regions: &Regions, givens: &[u8], limit: usize) -> Option<Vec<Vec<u8>>> {
        let variant = match regions {
            Regions::Boxes(shape) => Variant::standard(*shape),
            Regions::Map(map) => Variant::jigsaw(map.clone()),
        };
        let mut search = VariantSearch::for_variant(&variant, givens).ok()?;
        let mut out = Vec::new();
        loop {
            match search.step(1 << 16) {
                Step::Solution(s) => out.push(s),
                Step::Paused => {}
                Step::Done => return Some(out),
            }
            if out.len() > limit {
                return None;
            }
        }
    }

    /// All solutions of the constraint solver, in its order.
    fn all(puzzle: &Puzzle) -> Vec<Vec<u8>> {
        let mut search = ConstraintSearch::new(puzzle);
        let mut out = Vec::new();
        loop {
            match search.step(1 << 16) {
                Step::Solution(s) => out.push(s),
                Step::Paused => {}
                Step::Done => return out,
            }
        }
    }

    /// The solver's solutions are exactly the grids the other engine finds
    /// that the checker accepts: same set, no repeats.
    fn agree(puzzle: &Puzzle, candidates: &[Vec<u8>]) -> usize {
        let mut expected: Vec<Vec<u8>> = candidates
            .iter()
            .filter(|g| check(puzzle, g).is_ok())
            .cloned()
            .collect();
        let mut found = all(puzzle);
        for s in &found {
            assert_eq!(
                check(puzzle, s),
                Ok(()),
                "{}",
                super::super::text::print(puzzle)
            );
        }
        assert_eq!(count(puzzle, None), found.len() as u128);
        expected.sort();
        found.sort();
        let before = found.len();
        found.dedup();
        assert_eq!(before, found.len(), "a solution came twice");
        assert_eq!(found, expected, "{}", super::super::text::print(puzzle));
        expected.len()
    }

    #[test]
    fn empty_grids_count_as_the_other_engines_do() {
        let four = Regions::Boxes(Shape::new(2, 2).unwrap());
        let p = Puzzle::new(four.clone(), vec![0; 16], vec![]).unwrap();
        let every = grids(&four, &[0; 16], 1000).unwrap();
        assert_eq!(count(&p, None), every.len() as u128);
        assert_eq!(agree(&p, &every), 288);
    }

    #[test]
    fn random_constraints_on_4x4_agree_with_filtering_every_grid() {
        let mut rng = ChaCha8Rng::seed_from_u64(44);
        let mut nonzero = 0;
        let mut kinds = HashSet::new();
        for round in 0..3000 {
            let regions = if round % 3 == 2 {
                Regions::Map(RegionMap::random(4, &mut rng))
            } else {
                Regions::Boxes(Shape::new(2, 2).unwrap())
            };
            let every = grids(&regions, &[0; 16], 1000).unwrap();
            if every.is_empty() {
                // Some jigsaw maps have no filling at all.
                continue;
            }
            let grid = every[rng.gen_range(0..every.len())].clone();
            let k = rng.gen_range(1..=4);
            let from_grid = if round % 4 == 0 {
                None
            } else {
                Some(&grid[..])
            };
            let puzzle = random_puzzle(regions, from_grid, k, 0.1, &mut rng);
            let candidates = grids(puzzle.regions(), puzzle.givens(), 1000).unwrap_or_default();
            kinds.extend(puzzle.constraints().iter().map(std::mem::discriminant));
            if agree(&puzzle, &candidates) > 0 {
                nonzero += 1;
            }
        }
        assert!(nonzero > 800, "only {nonzero} puzzles had a solution");
        assert_eq!(kinds.len(), KINDS, "not every kind of constraint was tried");
    }

    #[test]
    fn random_constraints_on_partial_6x6_and_9x9_agree_with_filtering() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut compared = 0;
        let mut solved_kinds = HashSet::new();
        for round in 0..160 {
            let (shape, keep) = match round % 4 {
                0 => (Shape::new(2, 3).unwrap(), 0.35),
                1 => (Shape::new(3, 2).unwrap(), 0.35),
                _ => (Shape::NINE, 0.45),
            };
            let grid = random_grid(shape, &mut rng).unwrap().cells().to_vec();
            let k = rng.gen_range(1..=6);
            let drawn = random_puzzle(Regions::Boxes(shape), Some(&grid), k, 0.0, &mut rng);
            // Givens from a grid that keeps the rules (one the solver finds
            // within a budget, or the random grid if it finds none), so that
            // global rules and lines are met by puzzles with solutions; the
            // counts compared below do not depend on how the grid was found.
            let mut search = ConstraintSearch::new(&drawn);
            let fill = match search.step(20_000) {
                Step::Solution(s) => s,
                _ => grid,
            };
            let givens = fill
                .iter()
                .map(|&v| if rng.gen_bool(keep) { v } else { 0 })
                .collect();
            let puzzle = drawn.with_givens(givens).unwrap();
            let Some(candidates) = grids(puzzle.regions(), puzzle.givens(), 3000) else {
                continue;
            };
            compared += 1;
            if agree(&puzzle, &candidates) > 0 {
                solved_kinds.extend(puzzle.constraints().iter().map(std::mem::discriminant));
            }
        }
        assert!(compared > 80, "only {compared} puzzles were small enough");
        // Every kind is met in a puzzle that has solutions.
        assert_eq!(solved_kinds.len(), KINDS);
    }

    #[test]
    fn random_constraints_on_partial_large_grids_agree_with_filtering() {
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let mut compared = 0;
        for round in 0..24 {
            let shape = match round % 3 {
                0 => Shape::new(2, 4).unwrap(),
                1 => Shape::new(3, 4).unwrap(),
                _ => Shape::new(4, 4).unwrap(),
            };
            let grid = random_grid(shape, &mut rng).unwrap().cells().to_vec();
            let k = rng.gen_range(1..=8);
            let puzzle = random_puzzle(Regions::Boxes(shape), Some(&grid), k, 0.6, &mut rng);
            let Some(candidates) = grids(puzzle.regions(), puzzle.givens(), 2000) else {
                continue;
            };
            compared += 1;
            agree(&puzzle, &candidates);
        }
        assert!(compared > 12, "only {compared} puzzles were small enough");
    }

    #[test]
    fn true_candidates_are_the_union_of_the_solutions() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..60 {
            let regions = Regions::Boxes(Shape::new(2, 2).unwrap());
            let every = grids(&regions, &[0; 16], 1000).unwrap();
            let grid = every[rng.gen_range(0..every.len())].clone();
            let puzzle = random_puzzle(regions, Some(&grid), 2, 0.1, &mut rng);
            let mut union = vec![0u64; 16];
            for s in every.iter().filter(|g| {
                check(&puzzle, g).is_ok()
                    && g.iter()
                        .zip(puzzle.givens())
                        .all(|(a, b)| *b == 0 || a == b)
            }) {
                for (m, &d) in union.iter_mut().zip(s) {
                    *m |= 1 << (d - 1);
                }
            }
            assert_eq!(true_candidates(&puzzle, 1000), union);
            // A budget of one solve keeps every undecided candidate.
            let rough = true_candidates(&puzzle, 1);
            assert!(rough.iter().zip(&union).all(|(r, u)| r & u == *u));
        }
    }

    #[test]
    fn a_search_in_slices_finds_what_one_run_finds_and_reports_progress() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let shape = Shape::new(2, 3).unwrap();
        let grid = random_grid(shape, &mut rng).unwrap().cells().to_vec();
        let puzzle = random_puzzle(Regions::Boxes(shape), Some(&grid), 3, 0.2, &mut rng);
        let whole = all(&puzzle);
        assert!(!whole.is_empty());
        let mut search = ConstraintSearch::new(&puzzle);
        let mut sliced = Vec::new();
        let mut last = 0.0;
        loop {
            match search.step(1) {
                Step::Solution(s) => sliced.push(s),
                Step::Paused => {}
                Step::Done => break,
            }
            let f = search.progress().fraction;
            assert!((last..=1.0).contains(&f), "{last} then {f}");
            last = f;
        }
        assert_eq!(sliced, whole);
        let p = search.progress();
        assert_eq!(p.fraction, 1.0);
        assert_eq!(p.solutions, whole.len() as u128);
        assert_eq!(search.step(10), Step::Done);
        let mut counting = ConstraintSearch::new(&puzzle);
        counting.set_count_only(true);
        assert_eq!(counting.step(u64::MAX), Step::Done);
        assert_eq!(counting.progress().solutions, whole.len() as u128);
        assert_eq!(count(&puzzle, Some(1)), 1);
        assert_eq!(solve(&puzzle).as_ref(), whole.first());
    }
}
