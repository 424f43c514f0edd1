//! Backtracking on candidate bitsets with singles propagation — Sage's
//! `backtrack` idea, but correct for every box shape up to 64 symbols (Sage's
//! peer computation hard-codes 3 and is only right for 9×9).
//!
//! Each cell holds a `u64` mask of its candidates. Placing a symbol removes
//! it from the cell's peers (naked singles cascade through a queue); when
//! that settles, every unit is scanned with the once/twice bit trick to find
//! symbols with a single possible cell (hidden singles). Then the search
//! branches on an open cell with the fewest candidates (smallest symbol
//! first), saving the state on an explicit stack so it can pause anywhere.
//! Solutions therefore come in search order, not Sage's lexicographic order;
//! the set is the same.

use super::shape::Shape;
use crate::search::{tree_fraction, Progress, Search, Step};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Peers and units of a shape, shared by all searches on that shape.
#[derive(Debug)]
struct Topology {
    cells: usize,
    /// Peers of each cell, `peer_count` per cell.
    peers: Vec<u16>,
    peer_count: usize,
    /// Cells of each unit (rows, columns, boxes), `size` per unit.
    units: Vec<u16>,
    size: usize,
}

impl Topology {
    fn new(shape: Shape) -> Topology {
        let n = shape.size();
        let cells = n * n;
        let mut units = Vec::with_capacity(3 * cells);
        for r in 0..n {
            units.extend((0..n).map(|c| (r * n + c) as u16));
        }
        for c in 0..n {
            units.extend((0..n).map(|r| (r * n + c) as u16));
        }
        let mut boxes = vec![Vec::new(); n];
        for r in 0..n {
            for c in 0..n {
                boxes[shape.box_of(r, c)].push((r * n + c) as u16);
            }
        }
        units.extend(boxes.into_iter().flatten());
        let mut peers = Vec::new();
        let mut peer_count = 0;
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let b = shape.box_of(r, c);
            let before = peers.len();
            for other in 0..cells {
                let (r2, c2) = (other / n, other % n);
                if other != cell && (r2 == r || c2 == c || shape.box_of(r2, c2) == b) {
                    peers.push(other as u16);
                }
            }
            peer_count = peers.len() - before;
        }
        Topology {
            cells,
            peers,
            peer_count,
            units,
            size: n,
        }
    }

    /// The topology of `shape`, computed once per process.
    fn of(shape: Shape) -> Arc<Topology> {
        static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Topology>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(shape)
            .or_insert_with(|| Arc::new(Topology::new(shape)))
            .clone()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// The current position is propagated and consistent.
    Enter,
    /// Try the next candidate of the innermost branch.
    Next,
    Done,
}

/// A branch point: the cell and the candidates not yet tried.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u16,
    remaining: u64,
}

/// A resumable backtracking search over one Sudoku puzzle.
#[derive(Clone, Debug)]
pub struct BacktrackSearch {
    topo: Arc<Topology>,
    /// Candidates per cell.
    cand: Vec<u64>,
    /// Cells whose single candidate has been removed from their peers.
    fixed: Vec<bool>,
    nfixed: usize,
    /// Saved (cand, fixed, nfixed) per open frame.
    saved_cand: Vec<u64>,
    saved_fixed: Vec<bool>,
    saved_nfixed: Vec<usize>,
    frames: Vec<Frame>,
    queue: Vec<u16>,
    state: State,
    count_only: bool,
    nodes: u64,
    solutions: u128,
}

impl BacktrackSearch {
    /// `cells`: row-major, 0 = blank, 1..=N (length and range checked by the
    /// caller). Contradictory givens give no solution.
    pub fn new(shape: Shape, cells: &[u8]) -> BacktrackSearch {
        let topo = Topology::of(shape);
        let n = topo.size;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut s = BacktrackSearch {
            cand: vec![all; topo.cells],
            fixed: vec![false; topo.cells],
            nfixed: 0,
            saved_cand: Vec::new(),
            saved_fixed: Vec::new(),
            saved_nfixed: Vec::new(),
            frames: Vec::new(),
            queue: Vec::with_capacity(topo.cells),
            state: State::Enter,
            count_only: false,
            nodes: 0,
            solutions: 0,
            topo,
        };
        let mut ok = true;
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                let bit = 1u64 << (v - 1);
                if s.cand[cell] & bit == 0 {
                    ok = false;
                    break;
                }
                s.cand[cell] = bit;
                s.queue.push(cell as u16);
            }
        }
        // The root counts as a node once its propagation has run (a puzzle
        // solved by propagation alone must not read "0 nodes explored").
        s.nodes = 1;
        if !(ok && s.propagate()) {
            s.state = State::Done;
        }
        s
    }

    /// Remove placed symbols from peers and place hidden singles until
    /// nothing changes. `false` on a contradiction.
    fn propagate(&mut self) -> bool {
        let topo = Arc::clone(&self.topo);
        let n = topo.size;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                if self.fixed[cell] {
                    continue;
                }
                let m = self.cand[cell];
                self.fixed[cell] = true;
                self.nfixed += 1;
                let start = cell * topo.peer_count;
                for &p in &topo.peers[start..start + topo.peer_count] {
                    let p = p as usize;
                    let c = self.cand[p];
                    if c & m != 0 {
                        let c = c & !m;
                        if c == 0 {
                            self.queue.clear();
                            return false;
                        }
                        self.cand[p] = c;
                        if c & (c - 1) == 0 {
                            self.queue.push(p as u16);
                        }
                    }
                }
            }
            if self.nfixed == topo.cells {
                return true;
            }
            let mut found = false;
            for unit in topo.units.chunks_exact(n) {
                let (mut once, mut twice) = (0u64, 0u64);
                for &cell in unit {
                    let m = self.cand[cell as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != all {
                    self.queue.clear();
                    return false;
                }
                let singles = once & !twice;
                if singles == 0 {
                    continue;
                }
                for &cell in unit {
                    let c = self.cand[cell as usize];
                    let m = c & singles;
                    if m != 0 && m != c {
                        if m & (m - 1) != 0 {
                            // Two symbols can only go in this one cell.
                            self.queue.clear();
                            return false;
                        }
                        self.cand[cell as usize] = m;
                        self.queue.push(cell);
                        found = true;
                    }
                }
            }
            if !found {
                return true;
            }
        }
    }

    /// An open cell with the fewest candidates (first such cell).
    fn choose(&self) -> usize {
        let mut best = u32::MAX;
        let mut cell = 0;
        for (i, &c) in self.cand.iter().enumerate() {
            if self.fixed[i] {
                continue;
            }
            let k = c.count_ones();
            if k < best {
                best = k;
                cell = i;
                if k == 2 {
                    break;
                }
            }
        }
        cell
    }

    fn grid(&self) -> Vec<u8> {
        self.cand
            .iter()
            .map(|&c| c.trailing_zeros() as u8 + 1)
            .collect()
    }

    fn run(&mut self, budget: u64) -> Option<Vec<u8>> {
        let mut spent = 0u64;
        let cells = self.topo.cells;
        loop {
            match self.state {
                State::Done => return None,
                State::Enter => {
                    if self.nfixed == cells {
                        self.solutions += 1;
                        self.state = if self.frames.is_empty() {
                            State::Done
                        } else {
                            State::Next
                        };
                        if !self.count_only {
                            return Some(self.grid());
                        }
                        continue;
                    }
                    if spent >= budget {
                        return None;
                    }
                    let cell = self.choose();
                    self.frames.push(Frame {
                        cell: cell as u16,
                        remaining: self.cand[cell],
                    });
                    self.saved_cand.extend_from_slice(&self.cand);
                    self.saved_fixed.extend_from_slice(&self.fixed);
                    self.saved_nfixed.push(self.nfixed);
                    self.state = State::Next;
                }
                State::Next => {
                    let Some(frame) = self.frames.last_mut() else {
                        self.state = State::Done;
                        return None;
                    };
                    if frame.remaining == 0 {
                        self.frames.pop();
                        self.saved_cand.truncate(self.saved_cand.len() - cells);
                        self.saved_fixed.truncate(self.saved_fixed.len() - cells);
                        self.saved_nfixed.pop();
                        if self.frames.is_empty() {
                            self.state = State::Done;
                            return None;
                        }
                        continue;
                    }
                    let bit = frame.remaining & frame.remaining.wrapping_neg();
                    frame.remaining &= !bit;
                    let cell = frame.cell as usize;
                    let base = self.saved_cand.len() - cells;
                    self.cand.copy_from_slice(&self.saved_cand[base..]);
                    self.fixed.copy_from_slice(&self.saved_fixed[base..]);
                    self.nfixed = *self.saved_nfixed.last().expect("a frame is open");
                    self.cand[cell] = bit;
                    self.queue.push(cell as u16);
                    self.nodes += 1;
                    spent += 1;
                    if self.propagate() {
                        self.state = State::Enter;
                    }
                }
            }
        }
    }
}

impl Search<Vec<u8>> for BacktrackSearch {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        let found = self.run(budget);
        Step::after_run(found, self.state == State::Done)
    }

    fn progress(&self) -> Progress {
        let fraction = if self.state == State::Done {
            1.0
        } else {
            // Knuth's estimate over the branch points (the candidate being
            // explored is tried but not finished).
            let cells = self.topo.cells;
            tree_fraction(self.frames.iter().enumerate().map(|(depth, f)| {
                let total = self.saved_cand[depth * cells + f.cell as usize].count_ones();
                let tried = total - f.remaining.count_ones();
                (tried.saturating_sub(1), total)
            }))
        };
        Progress {
            nodes: self.nodes,
            solutions: self.solutions,
            fraction,
            conflicts: None,
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
    }
    fn engine(&self) -> Option<&'static str> {
        Some("backtrack")
    }
}
