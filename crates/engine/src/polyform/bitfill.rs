//! A bitset search specialised for polyform puzzles: fill the first empty
//! cell.
//!
//! Dancing Links spends most of its time unlinking and relinking nodes;
//! for a region of at most 256 cells a whole board fits in a few words
//! (`u64`, `u128` or [`W256`]), so a
//! placement fits when `mask & filled == 0` and the search state is two
//! integers. Every solution covers the lowest empty cell with a placement
//! whose lowest cell it is, so branching on that cell alone enumerates each
//! solution exactly once (the classic pentomino-solver order, de Bruijn's).
//!
//! Near the root that order is poor: it places the awkward pieces (X, or
//! the piece the symmetry reduction restricted) last, after a large tree
//! has been grown that cannot take them. So the first few levels branch
//! like Knuth's dlx1 on the cell or piece with the fewest fitting
//! placements (a scan of precomputed lists), which cut 6×10 unique from
//! 0.73 s to 0.07 s and polycube boxes 2–4×; deeper, the lowest empty cell
//! is cheaper. Counting finishes small subtrees by plain recursion.
//!
//! The rows are the solve run's problem rows (after the symmetry
//! reduction), so row numbers, the canonical test and the solutions are the
//! same as with DLX; only the order of the solutions differs.
//!
//! Pruning: an empty connected component whose size is not a multiple of
//! the gcd of the piece sizes (or is smaller than the smallest piece) can
//! never be filled. This holds only when every placement is connected in
//! the lattice's adjacency, which is checked, not assumed.

use super::bitset::{Mask, W256};
use super::lattice::{Cell, Lattice};
use super::puzzle::{Matrix, Puzzle};
use crate::exact_cover::holes::gcd;
use crate::search::{Progress, Step};

/// Why the bitset search cannot take a puzzle or its forced rows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BitfillError {
    /// More cells, or pieces and crossing points, than the widest bitset.
    #[error(
        "this bitset search handles at most {bits} cells, and {bits} pieces and crossing points"
    )]
    TooWide { bits: usize },
    /// A row with a cell outside the region.
    #[error("row {row} covers {cell:?} outside the region")]
    OutsideRegion { row: usize, cell: Cell },
    /// A forced row that is not a row of the problem.
    #[error("row {0} is not a row of the problem")]
    UnknownRow(usize),
    /// A forced row that overlaps an earlier one.
    #[error("row {0} conflicts with an earlier row")]
    ConflictingRow(usize),
    /// A second forced row that leaves out a piece.
    #[error("row {0} leaves out a second piece")]
    SecondOmission(usize),
}

/// The bitset search in the narrowest width that fits the puzzle.
#[derive(Clone, Debug)]
pub enum BitSearch {
    /// At most 64 cells and 64 pieces.
    W64(Box<Bitfill<u64>>),
    /// At most 128 cells and 128 pieces.
    W128(Box<Bitfill<u128>>),
    /// At most 256 cells and 256 pieces.
    W256(Box<Bitfill<W256>>),
}

impl BitSearch {
    /// See [`Bitfill::new`].
    pub fn new(
        puzzle: &Puzzle,
        matrix: &Matrix,
        keep: &[usize],
        forced: &[usize],
    ) -> Result<BitSearch, BitfillError> {
        let width = matrix
            .region
            .len()
            .max(puzzle.pieces.len() + matrix.secondary.len());
        if width <= 64 {
            Bitfill::new(puzzle, matrix, keep, forced).map(|b| BitSearch::W64(Box::new(b)))
        } else if width <= 128 {
            Bitfill::new(puzzle, matrix, keep, forced).map(|b| BitSearch::W128(Box::new(b)))
        } else {
            Bitfill::new(puzzle, matrix, keep, forced).map(|b| BitSearch::W256(Box::new(b)))
        }
    }

    /// See [`Bitfill::restart`].
    pub fn restart(&self, forced: &[usize]) -> Result<BitSearch, BitfillError> {
        Ok(match self {
            BitSearch::W64(b) => BitSearch::W64(Box::new(b.restart(forced)?)),
            BitSearch::W128(b) => BitSearch::W128(Box::new(b.restart(forced)?)),
            BitSearch::W256(b) => BitSearch::W256(Box::new(b.restart(forced)?)),
        })
    }

    /// See [`Bitfill::step`].
    pub fn step(&mut self, budget: u64) -> Step<Vec<usize>> {
        match self {
            BitSearch::W64(b) => b.step(budget),
            BitSearch::W128(b) => b.step(budget),
            BitSearch::W256(b) => b.step(budget),
        }
    }

    /// See [`Bitfill::progress`].
    pub fn progress(&self) -> Progress {
        match self {
            BitSearch::W64(b) => b.progress(),
            BitSearch::W128(b) => b.progress(),
            BitSearch::W256(b) => b.progress(),
        }
    }

    /// See [`Bitfill::set_count_only`].
    pub fn set_count_only(&mut self, on: bool) {
        match self {
            BitSearch::W64(b) => b.set_count_only(on),
            BitSearch::W128(b) => b.set_count_only(on),
            BitSearch::W256(b) => b.set_count_only(on),
        }
    }

    /// See [`Bitfill::forced`].
    pub fn forced(&self) -> &[usize] {
        match self {
            BitSearch::W64(b) => b.forced(),
            BitSearch::W128(b) => b.forced(),
            BitSearch::W256(b) => b.forced(),
        }
    }
}

/// Regions and piece lists larger than this use DLX.
pub const MAX_BITS: usize = 256;

/// The largest region `Engine::Auto` gives to this search. The 256-bit
/// masks work (and are tested), but on the catalogue's 129–256-cell
/// puzzles, most of them impossible ones, filling the lowest cell lost to
/// DLX's choice at every level: HeptiamondsHexagonHexagramGasket_x1 is
/// proved impossible by DLX in 16k nodes, while this search had not
/// finished after 12M. `Engine::Bitfill` still runs them here.
pub const AUTO_MAX_CELLS: usize = 128;

/// Whether the bitset search can solve this puzzle exactly as the matrix
/// states it: at most 256 cells, at most 256 pieces and crossing points
/// (secondary items: they take bits above the pieces'), and not the
/// (unused) combination of reusable and omittable pieces, whose rows do
/// not name a piece item.
pub fn qualifies(puzzle: &Puzzle, matrix: &Matrix) -> bool {
    matrix.region.len() <= MAX_BITS
        && puzzle.pieces.len() + matrix.secondary.len() <= MAX_BITS
        && (!puzzle.reuse || puzzle.omit_one_of.is_empty())
}

/// One level of the explicit search stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Candidates of this level: `pool[start..end]`.
    start: u32,
    end: u32,
    /// Next candidate to try.
    pos: u32,
    /// Whether `pool[pos - 1]` is currently placed.
    applied: bool,
    /// Knuth's weight of each child: the parent's weight / branching.
    child_weight: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Examine the node reached (solution, dead end or branch).
    Enter,
    /// Undo the current choice of the top frame and try its next one.
    Next,
    Done,
}

/// The resumable bitset search over problem rows.
#[derive(Clone, Debug)]
pub struct Bitfill<M: Mask = u128> {
    full: M,
    all_pieces: M,
    /// Candidate placements by lowest cell: `cand_*[start[b]..start[b+1]]`;
    /// the omit rows (no cells) come last, from `start[n]`.
    start: Vec<u32>,
    /// Within cell `b`'s candidates, piece `p`'s are
    /// `pstart[b * np1 + p]..pstart[b * np1 + p + 1]`: used pieces are
    /// skipped whole instead of candidate by candidate.
    pstart: Vec<u32>,
    np1: usize,
    /// Every piece index (also when pieces are reusable and `used` stays 0).
    group_all: M,
    cand_mask: Vec<M>,
    /// The piece bit of each candidate, and above the piece bits the
    /// crossing points (secondary items) it holds.
    cand_piece: Vec<M>,
    /// Whether any candidate holds a crossing point: then a candidate of
    /// an unused piece can still clash with `used`.
    crossings: bool,
    cand_row: Vec<u32>,
    /// The cells next to each candidate: every empty component that a
    /// placement closes off or shrinks touches it.
    cand_nbr: Vec<M>,
    /// Neighbours of each cell bit (for the component pruning).
    nbr: Vec<M>,
    /// When the region is a full box of squares or cubes, the neighbours
    /// of a whole set are a few shifts: (stride, cells that may move up,
    /// cells that may move down) per axis. The flood then grows a whole
    /// layer per step instead of a cell (it was ~40% of the time in 6×10).
    shifts: Vec<(u32, M, M)>,
    /// Component sizes must be multiples of this (1 disables that test).
    gcd: u32,
    /// Components smaller than this are dead.
    min_size: u32,
    /// The flood from the lowest empty cell gives up beyond this many
    /// cells: holes form at the filling front and are small, and a bounded
    /// flood keeps the test cheap (a missed hole is caught later).
    flood_limit: u32,
    prune: bool,
    /// See [`set_kernel_cells`](Self::set_kernel_cells).
    kernel_cells: u32,
    /// The first this many levels branch like Knuth's dlx1 on the cell or
    /// piece with the fewest fitting placements, not on the lowest empty
    /// cell; see [`set_mrv_depth`](Self::set_mrv_depth).
    mrv_depth: u32,
    /// Candidates covering each cell bit (any of their cells).
    cover_cands: Vec<Vec<u32>>,
    /// Candidates of each piece (empty when pieces are reusable: then a
    /// piece need not be placed, and branching on it would lose solutions).
    piece_cands: Vec<Vec<u32>>,
    /// The shift flood gives up on a component still growing after this
    /// many layers (6×10 all: 3–4 searched 1.5% more nodes than no limit
    /// but ran ~5% faster).
    flood_steps: u32,
    /// A root level choosing the piece left out is still to come.
    omit_level: bool,
    forced: Vec<usize>,
    filled: M,
    used: M,
    frames: Vec<Frame>,
    pool: Vec<u32>,
    state: State,
    weight: f64,
    count_only: bool,
    nodes: u64,
    solutions: u128,
    fraction: f64,
}

impl<M: Mask> Bitfill<M> {
    /// The search over the problem rows `keep` of `matrix` (problem row `k`
    /// is matrix row `keep[k]`), restricted to solutions containing the
    /// problem rows `forced`. The caller checks [`qualifies`] first.
    pub fn new(
        puzzle: &Puzzle,
        matrix: &Matrix,
        keep: &[usize],
        forced: &[usize],
    ) -> Result<Bitfill<M>, BitfillError> {
        let n = matrix.region.len();
        let np = puzzle.pieces.len();
        if n > M::BITS || np + matrix.secondary.len() > M::BITS {
            return Err(BitfillError::TooWide { bits: M::BITS });
        }
        // Bit order: the longest axis most significant, the shortest least,
        // so the lowest empty cell runs along a short side; on 2D lattices z
        // (a triangle's orientation) stays least significant. A box fills
        // best a thin layer at a time, though: measured on 2×5×6 all, the
        // shortest axis most significant searched 27M nodes against 54M
        // for the planar rule (other orders: 35M, 44M).
        let lat = matrix.lattice;
        let axes = if lat.is_3d() { 3 } else { 2 };
        let mut ext = [0i32; 3];
        for (k, e) in ext.iter_mut().enumerate().take(axes) {
            let lo = matrix.region.iter().map(|c| c[k]).min().unwrap_or(0);
            let hi = matrix.region.iter().map(|c| c[k]).max().unwrap_or(0);
            *e = hi - lo;
        }
        let mut order: Vec<usize> = (0..axes).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(ext[k]));
        if lat.is_3d() {
            order.rotate_right(1);
        } else {
            order.push(2);
        }
        let mut by_bit: Vec<usize> = (0..n).collect();
        by_bit.sort_by_key(|&i| {
            let c = matrix.region[i];
            order.iter().map(|&k| c[k]).collect::<Vec<_>>()
        });
        let mut bit_of = vec![0u32; n];
        for (b, &i) in by_bit.iter().enumerate() {
            bit_of[i] = b as u32;
        }
        // Built in 256 bits, then cut to the search's width.
        let full = W256::low(n);
        let nbr: Vec<W256> = by_bit
            .iter()
            .map(|&i| {
                lat.neighbours(matrix.region[i])
                    .into_iter()
                    .filter_map(|c| matrix.cell_index(c))
                    .fold(W256::ZERO, |m, j| m | W256::bit(bit_of[j] as usize))
            })
            .collect();

        let box_shifts = box_shifts(lat, &matrix.region, &order, &nbr);

        let mut buckets: Vec<Vec<(W256, W256, u32, usize)>> = vec![Vec::new(); n + 1];
        let mut prune = true;
        let mut sizes_gcd = 0u32;
        let mut min_size = u32::MAX;
        let first_secondary = matrix.primary.len();
        for (k, &r) in keep.iter().enumerate() {
            let pl = &matrix.placements[r];
            let mut piece = if puzzle.reuse {
                W256::ZERO
            } else {
                W256::bit(pl.piece)
            };
            // Crossing points (secondary items) ride above the piece bits:
            // a placement fits only if none of its points is taken either.
            for &item in &matrix.rows[r] {
                if item >= first_secondary {
                    piece = piece | W256::bit(np + item - first_secondary);
                }
            }
            let mut mask = W256::ZERO;
            for c in &pl.cells {
                let i = matrix
                    .cell_index(*c)
                    .ok_or(BitfillError::OutsideRegion { row: k, cell: *c })?;
                mask = mask | W256::bit(bit_of[i] as usize);
            }
            if mask == W256::ZERO {
                buckets[n].push((W256::ZERO, piece, k as u32, pl.piece));
                continue;
            }
            let size = mask.count();
            sizes_gcd = gcd(sizes_gcd, size);
            min_size = min_size.min(size);
            if prune && !connected(mask, &nbr) {
                prune = false;
            }
            buckets[mask.trailing_zeros() as usize].push((mask, piece, k as u32, pl.piece));
        }
        let mut start = Vec::with_capacity(n + 2);
        let (mut cand_mask, mut cand_piece, mut cand_row) = (Vec::new(), Vec::new(), Vec::new());
        let np1 = puzzle.pieces.len() + 1;
        let mut pstart = Vec::with_capacity(n * np1);
        for (bit, mut b) in buckets.into_iter().enumerate() {
            start.push(cand_mask.len() as u32);
            b.sort_by_key(|c| c.3);
            if bit < n {
                for p in 0..np1 {
                    let before = b.iter().filter(|c| c.3 < p).count();
                    pstart.push((cand_mask.len() + before) as u32);
                }
            }
            for (m, p, r, _) in b {
                cand_mask.push(m);
                cand_piece.push(p);
                cand_row.push(r);
            }
        }
        start.push(cand_mask.len() as u32);
        let all_pieces = if puzzle.reuse {
            W256::ZERO
        } else {
            W256::low(puzzle.pieces.len())
        };

        let gcd = sizes_gcd.max(1);
        let min_size = if min_size == u32::MAX { 1 } else { min_size };
        let mut s = Bitfill {
            full: M::from_wide(full),
            all_pieces: M::from_wide(all_pieces),
            omit_level: false,
            start,
            pstart,
            np1,
            group_all: M::from_wide(W256::low(puzzle.pieces.len())),
            cand_mask: cand_mask.iter().map(|&m| M::from_wide(m)).collect(),
            cand_piece: cand_piece.iter().map(|&m| M::from_wide(m)).collect(),
            cand_nbr: cand_mask
                .iter()
                .map(|&m| {
                    let mut around = W256::ZERO;
                    let mut rest = m;
                    while rest != W256::ZERO {
                        around = around | nbr[rest.trailing_zeros() as usize];
                        rest = rest.clear_lowest();
                    }
                    M::from_wide(around & !m)
                })
                .collect(),
            crossings: !matrix.secondary.is_empty(),
            cand_row,
            nbr: nbr.into_iter().map(M::from_wide).collect(),
            shifts: box_shifts
                .iter()
                .map(|&(st, u, d)| (st, M::from_wide(u), M::from_wide(d)))
                .collect(),
            gcd,
            min_size,
            flood_limit: 3 * gcd.max(min_size),
            prune,
            kernel_cells: 7 * gcd.max(min_size),
            mrv_depth: 6,
            cover_cands: (0..n)
                .map(|b| {
                    (0..cand_mask.len() as u32)
                        .filter(|&j| cand_mask[j as usize].has(b))
                        .collect()
                })
                .collect(),
            piece_cands: (0..puzzle.pieces.len())
                .map(|p| {
                    (0..cand_mask.len() as u32)
                        .filter(|&j| !puzzle.reuse && cand_mask[j as usize] != W256::ZERO)
                        .filter(|&j| cand_piece[j as usize].has(p))
                        .collect()
                })
                .collect(),
            flood_steps: 4,
            forced: Vec::new(),
            filled: M::ZERO,
            used: M::ZERO,
            frames: Vec::new(),
            pool: Vec::new(),
            state: State::Enter,
            weight: 1.0,
            count_only: false,
            nodes: 0,
            solutions: 0,
            fraction: 0.0,
        };
        s.reset(forced)?;
        Ok(s)
    }

    /// The same search restricted to the problem rows `forced` instead, at
    /// the cost of a copy of the tables (a thread counting many prefixes
    /// of one puzzle need not rebuild them for each).
    pub fn restart(&self, forced: &[usize]) -> Result<Bitfill<M>, BitfillError> {
        let mut s = self.clone();
        s.reset(forced)?;
        Ok(s)
    }

    /// A fresh search (the tables kept, and whether it only counts) on the
    /// empty board with the problem rows `forced` placed.
    fn reset(&mut self, forced: &[usize]) -> Result<(), BitfillError> {
        let n = self.start.len() - 2;
        self.omit_level = self.start[n] < self.start[n + 1];
        self.forced = forced.to_vec();
        self.filled = M::ZERO;
        self.used = M::ZERO;
        self.frames.clear();
        self.pool.clear();
        self.state = State::Enter;
        self.weight = 1.0;
        self.nodes = 0;
        self.solutions = 0;
        self.fraction = 0.0;
        self.apply_forced()
    }

    /// Place the forced rows on the empty board.
    fn apply_forced(&mut self) -> Result<(), BitfillError> {
        let s = self;
        for &r in &s.forced {
            let Some(j) = s.cand_row.iter().position(|&x| x as usize == r) else {
                return Err(BitfillError::UnknownRow(r));
            };
            let (m, p) = (s.cand_mask[j], s.cand_piece[j]);
            if m & s.filled != M::ZERO || p & s.used != M::ZERO {
                return Err(BitfillError::ConflictingRow(r));
            }
            if m == M::ZERO {
                if !s.omit_level {
                    return Err(BitfillError::SecondOmission(r));
                }
                s.omit_level = false;
            }
            s.filled = s.filled | m;
            s.used = s.used | p;
        }
        Ok(())
    }

    /// The forced rows (a subproblem's prefix).
    pub fn forced(&self) -> &[usize] {
        &self.forced
    }

    /// Turn the component pruning on or off (for measurements).
    pub fn set_pruning(&mut self, on: bool) {
        self.prune = on && self.prune;
    }

    /// In count-only mode solutions are counted, not returned.
    pub fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
    }

    /// Counters (fraction: Knuth's estimate, 1 when done).
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            solutions: self.solutions,
            fraction: if self.state == State::Done {
                1.0
            } else {
                self.fraction.min(1.0)
            },
            conflicts: None,
        }
    }

    /// The current solution: forced rows, then the chosen rows by depth.
    fn current(&self) -> Vec<usize> {
        let mut rows = self.forced.clone();
        rows.extend(
            self.frames
                .iter()
                .map(|f| self.cand_row[self.pool[f.pos as usize - 1] as usize] as usize),
        );
        rows
    }

    /// Whether an empty component next to the last placement (at most
    /// `flood_limit` cells; larger ones are left alone, which keeps the test
    /// cheap) can never be filled. Components only change where a piece is
    /// placed, so each small one is seen as soon as it appears.
    fn dead(&self, empty: M) -> bool {
        let seeds = match self.frames.last() {
            Some(f) => self.cand_nbr[self.pool[f.pos as usize - 1] as usize] & empty,
            None => empty.lowest(),
        };
        self.dead_near(empty, seeds)
    }

    /// Whether one of the components of `empty` containing a seed is dead.
    #[inline(never)]
    fn dead_near(&self, empty: M, mut seeds: M) -> bool {
        if !self.shifts.is_empty() {
            return self.dead_box(empty, seeds);
        }
        'seeds: while seeds != M::ZERO {
            let seed = seeds.lowest();
            let mut comp = seed;
            let mut frontier = seed;
            let mut size = 0;
            while frontier != M::ZERO {
                size += 1;
                if size > self.flood_limit {
                    seeds = seeds & !comp;
                    continue 'seeds;
                }
                let b = frontier.trailing_zeros() as usize;
                frontier = frontier.clear_lowest();
                let new = self.nbr[b] & empty & !comp;
                comp = comp | new;
                frontier = frontier | new;
            }
            if size < self.min_size || size % self.gcd != 0 {
                return true;
            }
            seeds = seeds & !comp;
        }
        false
    }

    /// [`dead`](Self::dead) on a box: grow each seed's component a layer
    /// at a time with shifts, giving up when it exceeds `flood_limit`.
    #[inline(never)]
    fn dead_box(&self, empty: M, mut seeds: M) -> bool {
        'seeds: while seeds != M::ZERO {
            let mut comp = seeds.lowest();
            for _ in 0..self.flood_steps {
                let mut grown = comp;
                for &(st, u, d) in &self.shifts {
                    grown = grown | (comp & u).up(st) | (comp & d).down(st);
                }
                grown = grown & empty;
                if grown == comp {
                    let size = comp.count();
                    if size < self.min_size || !size.is_multiple_of(self.gcd) {
                        return true;
                    }
                    seeds = seeds & !comp;
                    continue 'seeds;
                }
                comp = grown;
            }
            seeds = seeds & !comp;
        }
        false
    }

    /// The number of solutions below a node whose dead-component test has
    /// passed, by plain recursion: no frames, pool or progress weights,
    /// about twice as fast per node as the resumable loop. Only called with
    /// few empty cells (`kernel_cells`), so one call stays short and
    /// `step`'s budget keeps its meaning.
    fn count_below(&self, filled: M, used: M, nodes: &mut u64) -> u128 {
        let empty = self.full & !filled;
        let base = empty.trailing_zeros() as usize * self.np1;
        let mut avail = self.group_all & !used;
        let mut total = 0;
        while avail != M::ZERO {
            let p = base + avail.trailing_zeros() as usize;
            avail = avail.clear_lowest();
            for j in self.pstart[p] as usize..self.pstart[p + 1] as usize {
                let m = self.cand_mask[j];
                if m & filled != M::ZERO || (self.crossings && self.cand_piece[j] & used != M::ZERO)
                {
                    continue;
                }
                *nodes += 1;
                let (f, u) = (filled | m, used | self.cand_piece[j]);
                if f == self.full {
                    total += u128::from(u & self.group_all == self.all_pieces);
                } else if !(self.prune && self.dead_near(self.full & !f, self.cand_nbr[j] & !f)) {
                    total += self.count_below(f, u, nodes);
                }
            }
        }
        total
    }

    /// Push the fitting candidates of the empty cell or unused piece with
    /// the fewest of them. Every solution covers each cell and places each
    /// piece exactly once, so either list partitions the solutions below.
    fn push_fewest(&mut self, empty: M) {
        let fits = |s: &Self, j: u32| {
            s.cand_mask[j as usize] & s.filled == M::ZERO
                && s.cand_piece[j as usize] & s.used == M::ZERO
        };
        // Counting stops once a list is no better than the best so far.
        let below = |list: &[u32], bound: usize| -> Option<usize> {
            let mut k = 0;
            for &j in list {
                if fits(self, j) {
                    k += 1;
                    if k >= bound {
                        return None;
                    }
                }
            }
            Some(k)
        };
        let mut best: (usize, &[u32]) = (usize::MAX, &[]);
        let mut pieces = self.group_all & !self.used;
        while pieces != M::ZERO {
            let list = &self.piece_cands[pieces.trailing_zeros() as usize];
            pieces = pieces.clear_lowest();
            if list.is_empty() {
                continue;
            }
            if let Some(k) = below(list, best.0) {
                best = (k, list);
            }
        }
        let mut cells = empty;
        while cells != M::ZERO {
            let list = &self.cover_cands[cells.trailing_zeros() as usize];
            cells = cells.clear_lowest();
            if let Some(k) = below(list, best.0) {
                best = (k, list);
            }
        }
        let chosen: Vec<u32> = best.1.iter().copied().filter(|&j| fits(self, j)).collect();
        self.pool.extend(chosen);
    }

    /// The number of top levels that branch on the most constrained cell
    /// or piece; below them the lowest empty cell is filled. Scanning every
    /// cell and piece costs microseconds, which pays only near the root:
    /// 2×5×6 all took 1.7 s of CPU with 6 such levels, 2.7 s with 2, 4.6 s
    /// with none and 20 s with all; 6×10 all 0.68 s with 4 against 0.83 s
    /// with none. 2D puzzles used 4 until six proved better on the
    /// catalogue's largest bitset counts: Polyominoes45AztecDiamond 25.3 s
    /// → 18.5 s (536 M → 414 M nodes; 8 levels 19.6 s, 2 levels 24.8 s),
    /// OneSidedHexiamondsTrefoil_x3 9.3 → 6.7 s. Counting recursion
    /// (`kernel_cells`) ends these levels early.
    pub fn set_mrv_depth(&mut self, depth: u32) {
        self.mrv_depth = depth;
    }

    /// Count-only searches finish nodes with at most this many empty cells
    /// by recursion ([`count_below`](Self::count_below)); 0 turns that off.
    pub fn set_kernel_cells(&mut self, cells: u32) {
        self.kernel_cells = cells;
    }

    /// Explore about `budget` nodes; returns solutions as problem rows.
    pub fn step(&mut self, budget: u64) -> Step<Vec<usize>> {
        let stop = self.nodes.saturating_add(budget);
        loop {
            match self.state {
                State::Done => return Step::Done,
                State::Enter => {
                    self.state = State::Next;
                    let empty = self.full & !self.filled;
                    let omit_now = self.omit_level && self.frames.is_empty();
                    if empty == M::ZERO && !omit_now {
                        self.fraction += self.weight;
                        if self.used & self.group_all == self.all_pieces {
                            self.solutions += 1;
                            if !self.count_only {
                                return Step::Solution(self.current());
                            }
                        }
                        continue;
                    }
                    let first = self.pool.len() as u32;
                    if omit_now {
                        let n = self.start.len() - 2;
                        for j in self.start[n]..self.start[n + 1] {
                            if self.cand_piece[j as usize] & self.used == M::ZERO {
                                self.pool.push(j);
                            }
                        }
                    } else {
                        if self.prune && self.dead(empty) {
                            self.fraction += self.weight;
                            continue;
                        }
                        if self.count_only && empty.count() <= self.kernel_cells {
                            let mut nodes = 0;
                            self.solutions += self.count_below(self.filled, self.used, &mut nodes);
                            self.nodes += nodes;
                            self.fraction += self.weight;
                            continue;
                        }
                        if (self.frames.len() as u32) < self.mrv_depth {
                            self.push_fewest(empty);
                        } else {
                            let base = empty.trailing_zeros() as usize * self.np1;
                            let mut avail = self.group_all & !self.used;
                            while avail != M::ZERO {
                                let p = base + avail.trailing_zeros() as usize;
                                avail = avail.clear_lowest();
                                for j in self.pstart[p]..self.pstart[p + 1] {
                                    if self.cand_mask[j as usize] & self.filled == M::ZERO
                                        && (!self.crossings
                                            || self.cand_piece[j as usize] & self.used == M::ZERO)
                                    {
                                        self.pool.push(j);
                                    }
                                }
                            }
                        }
                    }
                    let k = self.pool.len() as u32 - first;
                    if k == 0 {
                        self.fraction += self.weight;
                        continue;
                    }
                    self.frames.push(Frame {
                        start: first,
                        end: first + k,
                        pos: first,
                        applied: false,
                        child_weight: self.weight / k as f64,
                    });
                }
                State::Next => {
                    let Some(f) = self.frames.last_mut() else {
                        self.state = State::Done;
                        return Step::Done;
                    };
                    if f.applied {
                        let j = self.pool[f.pos as usize - 1] as usize;
                        self.filled = self.filled ^ self.cand_mask[j];
                        self.used = self.used ^ self.cand_piece[j];
                        f.applied = false;
                    }
                    if f.pos == f.end {
                        self.pool.truncate(f.start as usize);
                        self.frames.pop();
                        continue;
                    }
                    if self.nodes >= stop {
                        return Step::Paused;
                    }
                    let j = self.pool[f.pos as usize] as usize;
                    f.pos += 1;
                    f.applied = true;
                    self.filled = self.filled | self.cand_mask[j];
                    self.used = self.used | self.cand_piece[j];
                    self.weight = f.child_weight;
                    self.nodes += 1;
                    self.state = State::Enter;
                }
            }
        }
    }
}

/// For a region that fills its bounding box on the square or cube lattice,
/// the shift description of the neighbourhood (see `Bitfill::shifts`),
/// checked cell by cell against `nbr`; empty when it does not apply.
fn box_shifts(
    lat: Lattice,
    region: &[Cell],
    order: &[usize],
    nbr: &[W256],
) -> Vec<(u32, W256, W256)> {
    if !matches!(lat, Lattice::Square | Lattice::Cube) || region.is_empty() {
        return Vec::new();
    }
    let mut lo = [0i32; 3];
    let mut size = [1u32; 3];
    for k in 0..3 {
        lo[k] = region.iter().map(|c| c[k]).min().unwrap_or(0);
        let hi = region.iter().map(|c| c[k]).max().unwrap_or(0);
        size[k] = (hi - lo[k] + 1) as u32;
    }
    if size.iter().product::<u32>() as usize != region.len() {
        return Vec::new();
    }
    // Bits are sorted by `order` (most significant axis first).
    let mut stride = [0u32; 3];
    let mut s = 1u32;
    for &k in order.iter().rev() {
        stride[k] = s;
        s *= size[k];
    }
    let bit = |c: &Cell| -> u32 { (0..3).map(|k| (c[k] - lo[k]) as u32 * stride[k]).sum() };
    let mut out = Vec::new();
    for k in 0..3 {
        if size[k] < 2 {
            continue;
        }
        let (mut up, mut down) = (W256::ZERO, W256::ZERO);
        for c in region {
            let b = bit(c) as usize;
            if ((c[k] - lo[k]) as u32) < size[k] - 1 {
                up = up | W256::bit(b);
            }
            if c[k] > lo[k] {
                down = down | W256::bit(b);
            }
        }
        out.push((stride[k], up, down));
    }
    let mut sorted: Vec<&Cell> = region.iter().collect();
    sorted.sort_by_key(|c| bit(c));
    for (b, &n) in nbr.iter().enumerate() {
        if bit(sorted[b]) != b as u32 {
            return Vec::new();
        }
        let one = W256::bit(b);
        let by_shifts = out.iter().fold(W256::ZERO, |m, &(st, u, d)| {
            m | (one & u).up(st) | (one & d).down(st)
        });
        if by_shifts != n {
            return Vec::new();
        }
    }
    out
}

/// Whether the cells of `mask` form one connected set under `nbr`.
fn connected(mask: W256, nbr: &[W256]) -> bool {
    let mut comp = mask.lowest();
    let mut frontier = comp;
    while frontier != W256::ZERO {
        let b = frontier.trailing_zeros() as usize;
        frontier = frontier.clear_lowest();
        let new = nbr[b] & mask & !comp;
        comp = comp | new;
        frontier = frontier | new;
    }
    comp == mask
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few 256-bit values from a fixed xorshift sequence.
    fn samples() -> Vec<W256> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut out = vec![W256::ZERO, W256::bit(0), W256::bit(255), W256::low(200)];
        for k in 0..40 {
            // Sparse and dense words, and some with empty low words.
            let mut w = [next(), next() & next(), next() | next(), next()];
            if k % 3 == 0 {
                w[0] = 0;
            }
            if k % 5 == 0 {
                w[1] = 0;
            }
            out.push(W256(w));
        }
        out
    }

    fn bits(w: W256) -> Vec<usize> {
        (0..256).filter(|&i| w.has(i)).collect()
    }

    #[test]
    fn w256_agrees_with_bit_by_bit_arithmetic() {
        for a in samples() {
            let b = bits(a);
            assert_eq!(a.count() as usize, b.len());
            if let Some(&lo) = b.first() {
                assert_eq!(a.trailing_zeros() as usize, lo);
                assert_eq!(a.lowest(), W256::bit(lo));
                assert_eq!(bits(a.clear_lowest()), b[1..].to_vec());
            } else {
                assert_eq!(a.lowest(), W256::ZERO);
            }
            for by in [0u32, 1, 7, 63, 64, 65, 127, 128, 130, 191, 192, 255] {
                let up: Vec<usize> = b
                    .iter()
                    .map(|&i| i + by as usize)
                    .filter(|&i| i < 256)
                    .collect();
                assert_eq!(bits(a.up(by)), up, "up {by}");
                let down: Vec<usize> = b
                    .iter()
                    .filter(|&&i| i >= by as usize)
                    .map(|&i| i - by as usize)
                    .collect();
                assert_eq!(bits(a.down(by)), down, "down {by}");
            }
            // The low 128 bits narrow to u128 as a u128 computes them.
            let lo = u128::from_wide(a);
            assert_eq!(
                lo.count_ones(),
                bits(a).iter().filter(|&&i| i < 128).count() as u32
            );
            for c in samples() {
                assert_eq!(u128::from_wide(a & c), lo & u128::from_wide(c));
                assert_eq!(u128::from_wide(a | c), lo | u128::from_wide(c));
                assert_eq!(u128::from_wide(a ^ c), lo ^ u128::from_wide(c));
            }
            assert_eq!(u128::from_wide(!a), !lo);
        }
        assert_eq!(W256::low(256), !W256::ZERO);
        assert_eq!(W256::low(0), W256::ZERO);
        assert_eq!(W256::low(65).count(), 65);
    }
}
