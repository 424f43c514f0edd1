//! The 9×9 fast path of `backtrack`: one 81-bit board per digit (`u128`),
//! so that placing a digit, finding naked singles (cells on exactly one
//! board) and hidden singles (a unit meeting a board in one cell) are a few
//! word operations instead of loops over cells.
//!
//! Same contract as [`super::backtrack::BacktrackSearch`]: resumable on an
//! explicit stack, branching on a cell with two candidates when there is one
//! (else the fewest), smallest digit first. The whole state is 160 bytes, so
//! a branch saves a copy rather than undoing.

use crate::engine::search::{Progress, Search, Step};
use std::sync::OnceLock;

const ALL: u128 = (1u128 << 81) - 1;

/// Peer masks of the 81 cells and the 27 unit masks, built once.
struct Tables {
    peers: [u128; 81],
    units: [u128; 27],
    /// The three units of each cell as bits of a 27-bit mask.
    unit_bits: [u32; 81],
    /// Box/line intersections (3 cells each, 27 with rows and 27 with
    /// columns): (segment, rest of the line, rest of the box).
    segments: [(u128, u128, u128); 54],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut units = [0u128; 27];
        for i in 0..81 {
            let (r, c) = (i / 9, i % 9);
            units[r] |= 1 << i;
            units[9 + c] |= 1 << i;
            units[18 + (r / 3) * 3 + c / 3] |= 1 << i;
        }
        let mut peers = [0u128; 81];
        for (i, p) in peers.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            *p = (units[r] | units[9 + c] | units[18 + (r / 3) * 3 + c / 3]) & !(1 << i);
        }
        let mut segments = [(0u128, 0u128, 0u128); 54];
        let mut k = 0;
        for b in 0..9 {
            let bx = units[18 + b];
            for line in (0..18).filter(|&l| units[l] & bx != 0) {
                let seg = units[line] & bx;
                segments[k] = (seg, units[line] & !bx, bx & !units[line]);
                k += 1;
            }
        }
        let mut unit_bits = [0u32; 81];
        for (i, b) in unit_bits.iter_mut().enumerate() {
            *b = (0..27)
                .filter(|&u| units[u] >> i & 1 == 1)
                .fold(0, |m, u| m | 1 << u);
        }
        Tables {
            peers,
            units,
            unit_bits,
            segments,
        }
    })
}

/// Candidates as digit boards; `solved` marks placed cells (a placed cell
/// stays on its own digit's board and leaves all others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    cand: [u128; 9],
    solved: u128,
    /// Per digit, the units where it is already placed (no hidden single
    /// to look for there).
    done: [u32; 9],
}

impl Board {
    /// Place digit `d` in `cell`; `false` if the digit is no longer possible there.
    #[inline]
    fn place(&mut self, t: &Tables, cell: usize, d: usize) -> bool {
        let bit = 1u128 << cell;
        if self.cand[d] & bit == 0 {
            return false;
        }
        for b in self.cand.iter_mut() {
            *b &= !bit;
        }
        self.cand[d] = (self.cand[d] & !t.peers[cell]) | bit;
        self.solved |= bit;
        self.done[d] |= t.unit_bits[cell];
        true
    }

    /// Naked and hidden singles to a fixed point; `false` on a contradiction.
    fn propagate(&mut self, t: &Tables) -> bool {
        loop {
            if self.solved == ALL {
                return true;
            }
            let mut progress = false;
            // Naked singles: open cells on exactly one board.
            let (mut once, mut twice) = (0u128, 0u128);
            for &b in &self.cand {
                twice |= once & b;
                once |= b;
            }
            let open = ALL & !self.solved;
            if open & !once != 0 {
                return false;
            }
            let mut singles = open & once & !twice;
            while singles != 0 {
                let cell = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let Some(d) = (0..9).find(|&d| self.cand[d] >> cell & 1 == 1) else {
                    return false;
                };
                if !self.place(t, cell, d) {
                    return false;
                }
                progress = true;
            }
            if progress {
                // Naked singles are cheap: exhaust them before scanning units.
                continue;
            }
            // Hidden singles: a digit with one possible cell in a unit.
            for d in 0..9 {
                let board = self.cand[d];
                let mut todo = !self.done[d] & ((1 << 27) - 1);
                while todo != 0 {
                    let u = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    let m = board & t.units[u];
                    if m == 0 {
                        return false;
                    }
                    if m & (m - 1) == 0 && m & self.solved == 0 {
                        if !self.place(t, m.trailing_zeros() as usize, d) {
                            return false;
                        }
                        progress = true;
                    }
                }
            }
            if !progress && !self.locked_candidates(t) {
                return true;
            }
        }
    }

    /// Locked candidates: a digit confined to one box/line intersection
    /// within the box leaves the rest of the line (pointing), within the
    /// line leaves the rest of the box (claiming). Run only when no single
    /// is left: it costs more than singles but saves branches.
    fn locked_candidates(&mut self, t: &Tables) -> bool {
        let mut changed = false;
        for b in self.cand.iter_mut() {
            let open = *b & !self.solved;
            if open == 0 {
                continue;
            }
            for &(seg, line_rest, box_rest) in &t.segments {
                if open & seg == 0 {
                    continue;
                }
                if *b & box_rest == 0 && *b & line_rest != 0 {
                    *b &= !line_rest;
                    changed = true;
                } else if *b & line_rest == 0 && *b & box_rest != 0 {
                    *b &= !box_rest;
                    changed = true;
                }
            }
        }
        changed
    }

    /// An open cell with two candidates (the first), else the fewest.
    fn choose(&self) -> usize {
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for &b in &self.cand {
            thrice |= twice & b;
            twice |= once & b;
            once |= b;
        }
        let pairs = twice & !thrice & !self.solved;
        if pairs != 0 {
            return pairs.trailing_zeros() as usize;
        }
        let mut open = ALL & !self.solved;
        let (mut best, mut cell) = (u32::MAX, 0);
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let k = self.candidates(i).count_ones();
            if k < best {
                best = k;
                cell = i;
            }
        }
        cell
    }

    /// Candidate digits of a cell as a 9-bit mask.
    #[inline]
    fn candidates(&self, cell: usize) -> u16 {
        let mut m = 0u16;
        for (d, &b) in self.cand.iter().enumerate() {
            m |= ((b >> cell & 1) as u16) << d;
        }
        m
    }

    fn grid(&self) -> Vec<u8> {
        (0..81)
            .map(|i| self.candidates(i).trailing_zeros() as u8 + 1)
            .collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Enter,
    Next,
    Done,
}

/// A branch point: the board before branching, the cell, untried digits.
#[derive(Clone, Copy, Debug)]
struct Frame {
    board: Board,
    cell: u8,
    total: u8,
    remaining: u16,
}

/// A resumable bitboard search over one 9×9 puzzle with 3×3 boxes.
#[derive(Clone, Debug)]
pub struct Bitboard9 {
    board: Board,
    frames: Vec<Frame>,
    state: State,
    count_only: bool,
    nodes: u64,
    solutions: u128,
}

impl Bitboard9 {
    /// `cells`: 81 values, row-major, 0 = blank. Contradictory givens give
    /// no solution.
    pub fn new(cells: &[u8]) -> Bitboard9 {
        assert_eq!(cells.len(), 81, "a 9×9 grid");
        let t = tables();
        let mut board = Board {
            cand: [ALL; 9],
            solved: 0,
            done: [0; 9],
        };
        let mut ok = true;
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 && !board.place(t, i, v as usize - 1) {
                ok = false;
                break;
            }
        }
        let ok = ok && board.propagate(t);
        Bitboard9 {
            board,
            frames: Vec::with_capacity(64),
            state: if ok { State::Enter } else { State::Done },
            count_only: false,
            nodes: 0,
            solutions: 0,
        }
    }

    fn run(&mut self, budget: u64) -> Option<Vec<u8>> {
        let t = tables();
        let mut spent = 0u64;
        loop {
            match self.state {
                State::Done => return None,
                State::Enter => {
                    if self.board.solved == ALL {
                        self.solutions += 1;
                        self.state = if self.frames.is_empty() {
                            State::Done
                        } else {
                            State::Next
                        };
                        if !self.count_only {
                            return Some(self.board.grid());
                        }
                        continue;
                    }
                    if spent >= budget {
                        return None;
                    }
                    let cell = self.board.choose();
                    let digits = self.board.candidates(cell);
                    self.frames.push(Frame {
                        board: self.board,
                        cell: cell as u8,
                        total: digits.count_ones() as u8,
                        remaining: digits,
                    });
                    self.state = State::Next;
                }
                State::Next => {
                    let Some(frame) = self.frames.last_mut() else {
                        self.state = State::Done;
                        return None;
                    };
                    if frame.remaining == 0 {
                        self.frames.pop();
                        if self.frames.is_empty() {
                            self.state = State::Done;
                            return None;
                        }
                        continue;
                    }
                    let d = frame.remaining.trailing_zeros() as usize;
                    frame.remaining &= frame.remaining - 1;
                    let cell = frame.cell as usize;
                    self.board = frame.board;
                    self.nodes += 1;
                    spent += 1;
                    if self.board.place(t, cell, d) && self.board.propagate(t) {
                        self.state = State::Enter;
                    }
                }
            }
        }
    }
}

impl Search<Vec<u8>> for Bitboard9 {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        match self.run(budget) {
            Some(grid) => Step::Solution(grid),
            None if self.state == State::Done => Step::Done,
            None => Step::Paused,
        }
    }

    fn progress(&self) -> Progress {
        let fraction = if self.state == State::Done {
            1.0
        } else {
            let mut weight = 1.0f64;
            let mut done = 0.0f64;
            for f in &self.frames {
                let tried = f.total as u32 - f.remaining.count_ones();
                weight /= f.total as f64;
                done += tried.saturating_sub(1) as f64 * weight;
            }
            done.min(1.0)
        };
        Progress {
            nodes: self.nodes,
            solutions: self.solutions,
            fraction,
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        self.count_only = count_only;
    }
}
