//! Counting the solutions of a 9×9 Sudoku with Dancing Links on a matrix of
//! fixed shape: the same 324 items and 729 rows as [`super::dlx`] (Sage's
//! encoding), the same Algorithm X with the same item choice, but laid out
//! for this one size.
//!
//! Why a second DLX: counting (proving uniqueness) is what callers time,
//! and the general engine pays for generality there — spacer nodes, rows of
//! any length, `u32` links, building the matrix row by row for every puzzle.
//! Here every row has exactly four nodes in one aligned block of four, so a
//! row's other nodes are found by index arithmetic with no spacer test and
//! no loop; links are `u16`; the empty-grid matrix is built once at compile
//! time and copied per puzzle, and the givens are covered before the search
//! starts (the state is the one Sage's forced choices of the givens reach).
//!
//! The arrays have 2¹⁶ entries, so that a `u16` link indexes them with no
//! bounds check and no `unsafe` (checks or masks were a fifth of all
//! instructions); only the first 3,240 nodes are used. They live in a
//! per-thread scratch matrix (576 KB, allocated once per thread) into which
//! the compile-time template is copied for each puzzle.

use std::cell::RefCell;

/// Items: row/symbol `r·9+e`, column/symbol `81+c·9+e`, box/symbol
/// `162+b·9+e`, cell `243+r·9+c` (as in [`super::dlx`]).
const ITEMS: usize = 324;
/// Row `cell·9+e` owns nodes `FIRST + 4·row ..+4`, in item order.
const FIRST: usize = ITEMS;
const NODES: usize = FIRST + 4 * 729;
/// Array sizes: every `u16` is an index in bounds.
const CAP: usize = 1 << 16;
/// Lengths scanned by [`Matrix::choose`]: the items, padded to whole
/// words with lengths that never win.
const SCAN: usize = ITEMS.div_ceil(8) * 8;
/// Added to the length of a covered item: it can never be chosen, and the
/// matrix is solved when every length carries it.
const COVERED: u8 = 0x80;

/// A matrix node; headers are nodes `0..324` (their `top` is unused).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(8))]
struct Node {
    up: u16,
    down: u16,
    top: u16,
}

/// Nodes, and item lengths as bytes in index order in place of Knuth's
/// list of active items: the choice then reads eight lengths a word
/// instead of walking a linked list one item at a time (with the list the
/// walk was a third of all instructions).
struct Matrix {
    node: Box<[Node; CAP]>,
    len: Box<[u8; CAP]>,
}

/// The matrix of the empty grid (the used prefixes of [`Matrix`]'s arrays).
struct Template {
    node: [Node; NODES],
    len: [u8; SCAN],
}

// Rows must be aligned blocks of four.
const _: () = assert!(FIRST.is_multiple_of(4) && NODES <= CAP);

static EMPTY: Template = Template::empty();

thread_local! {
    static SCRATCH: RefCell<Option<Matrix>> = const { RefCell::new(None) };
}

/// The four items of row `cell·9+e`.
const fn row_items(row: usize) -> [usize; 4] {
    let (cell, e) = (row / 9, row % 9);
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3) * 3 + c / 3;
    [r * 9 + e, 81 + c * 9 + e, 162 + b * 9 + e, 243 + cell]
}

impl Template {
    const fn empty() -> Template {
        let mut node = [Node {
            up: 0,
            down: 0,
            top: 0,
        }; NODES];
        let mut len = [COVERED | 0x7f; SCAN];
        let mut i = 0;
        while i < ITEMS {
            node[i].up = i as u16;
            node[i].down = i as u16;
            len[i] = 0;
            i += 1;
        }
        let mut row = 0;
        while row < 729 {
            let items = row_items(row);
            let mut k = 0;
            while k < 4 {
                let h = items[k];
                let id = FIRST + 4 * row + k;
                let tail = node[h].up;
                node[id] = Node {
                    up: tail,
                    down: h as u16,
                    top: h as u16,
                };
                node[tail as usize].down = id as u16;
                node[h].up = id as u16;
                len[h] += 1;
                k += 1;
            }
            row += 1;
        }
        Template { node, len }
    }
}

impl Matrix {
    fn new() -> Matrix {
        let blank = Node {
            up: 0,
            down: 0,
            top: 0,
        };
        Matrix {
            node: vec![blank; CAP]
                .into_boxed_slice()
                .try_into()
                .expect("CAP nodes"),
            len: vec![0; CAP]
                .into_boxed_slice()
                .try_into()
                .expect("CAP bytes"),
        }
    }

    /// Back to the empty grid.
    fn reset(&mut self) {
        self.node[..NODES].copy_from_slice(&EMPTY.node);
        self.len[..SCAN].copy_from_slice(&EMPTY.len);
    }

    #[inline(always)]
    fn nd(&self, i: u16) -> &Node {
        &self.node[usize::from(i)]
    }

    #[inline(always)]
    fn nd_mut(&mut self, i: u16) -> &mut Node {
        &mut self.node[usize::from(i)]
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u16) -> &mut u8 {
        &mut self.len[usize::from(i)]
    }

    /// Remove the other three nodes of `p`'s row from their items. Rows
    /// are aligned blocks of four, so they are `p ^ 1`, `p ^ 2`, `p ^ 3`;
    /// they lie in different items, so their order does not matter.
    #[inline(always)]
    fn hide(&mut self, p: u16) {
        for j in 1..4 {
            let q = p ^ j;
            let Node { up, down, top } = *self.nd(q);
            self.nd_mut(up).down = down;
            self.nd_mut(down).up = up;
            *self.len_mut(top) -= 1;
        }
    }

    /// Undo [`Matrix::hide`].
    #[inline(always)]
    fn unhide(&mut self, p: u16) {
        for j in (1..4).rev() {
            let q = p ^ j;
            let Node { up, down, top } = *self.nd(q);
            self.nd_mut(up).down = q;
            self.nd_mut(down).up = q;
            *self.len_mut(top) += 1;
        }
    }

    #[inline(always)]
    fn cover(&mut self, i: u16) {
        let mut p = self.nd(i).down;
        while p != i {
            self.hide(p);
            p = self.nd(p).down;
        }
        *self.len_mut(i) += COVERED;
    }

    #[inline(always)]
    fn uncover(&mut self, i: u16) {
        *self.len_mut(i) -= COVERED;
        let mut p = self.nd(i).up;
        while p != i {
            self.unhide(p);
            p = self.nd(p).up;
        }
    }

    /// Cover the items of row node `r` other than its own. Covering
    /// commutes (the result depends only on the set of covered items), so
    /// the order is free as long as [`Matrix::uncover_others`] reverses it.
    #[inline(always)]
    fn cover_others(&mut self, r: u16) {
        for j in 1..4 {
            let top = self.nd(r ^ j).top;
            self.cover(top);
        }
    }

    #[inline(always)]
    fn uncover_others(&mut self, r: u16) {
        for j in (1..4).rev() {
            let top = self.nd(r ^ j).top;
            self.uncover(top);
        }
    }

    /// The general engine's rule — the first active item of minimum
    /// length, except that the first item of length ≤ 1 wins at once —
    /// and that length (`COVERED`: every item is covered). Eight lengths
    /// are tested at a time for one below the best so far (the `hasless`
    /// bit trick: exact for the lowest flagged byte, and covered bytes,
    /// ≥ 0x80, are never flagged).
    #[inline(always)]
    fn choose(&self) -> (u16, u8) {
        const ONES: u64 = u64::MAX / 255;
        const HIGH: u64 = ONES * 0x80;
        let mut best = COVERED;
        // `ONES · best`: changes only when a better item turns up.
        let mut bar = ONES * u64::from(COVERED);
        let mut item = 0usize;
        for k in 0..SCAN / 8 {
            let bytes: [u8; 8] = self.len[8 * k..8 * k + 8].try_into().expect("8 bytes");
            let w = u64::from_le_bytes(bytes);
            let mut below = w.wrapping_sub(bar) & !w & HIGH;
            while below != 0 {
                let j = below.trailing_zeros() as usize / 8;
                best = (w >> (8 * j)) as u8;
                item = 8 * k + j;
                if best <= 1 {
                    return (item as u16, best);
                }
                bar = ONES * u64::from(best);
                below = w.wrapping_sub(bar) & !w & HIGH;
            }
        }
        (item as u16, best)
    }

    /// Algorithm X from the current state, stopping at `limit` solutions.
    fn search(&mut self, limit: u128) -> u128 {
        let mut found = 0u128;
        // Each level covers a cell item: at most 81 levels.
        let mut x = [0u16; 81];
        let mut level = 0usize;
        loop {
            let (i, len) = self.choose();
            let dead = if len >= COVERED {
                found += 1;
                if found >= limit {
                    return found;
                }
                true
            } else if len == 0 {
                true
            } else {
                self.cover(i);
                let r = self.nd(i).down;
                x[level] = r;
                self.cover_others(r);
                level += 1;
                false
            };
            if dead {
                loop {
                    if level == 0 {
                        return found;
                    }
                    level -= 1;
                    let r = x[level];
                    self.uncover_others(r);
                    let i = self.nd(r).top;
                    let next = self.nd(r).down;
                    if next == i {
                        self.uncover(i);
                        continue;
                    }
                    x[level] = next;
                    self.cover_others(next);
                    level += 1;
                    break;
                }
            }
        }
    }
}

/// Solutions of the 9×9 puzzle `cells` (row-major, 0 = blank), stopping at
/// `limit`. `None` when the input is not a 9×9 grid of 0..=9 or two givens
/// clash (for the caller to name); a puzzle that merely has no solution
/// gives `Some(0)`.
pub fn count(cells: &[u8], limit: Option<u128>) -> Option<u128> {
    if cells.len() != 81 || cells.iter().any(|&v| v > 9) {
        return None;
    }
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let m = scratch.get_or_insert_with(Matrix::new);
        m.reset();
        let mut covered = [false; ITEMS];
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let row = cell * 9 + v as usize - 1;
            let items = row_items(row);
            if items.iter().any(|&i| covered[i]) {
                return None;
            }
            for i in items {
                covered[i] = true;
                m.cover(i as u16);
            }
        }
        let limit = limit.unwrap_or(u128::MAX);
        if limit == 0 {
            return Some(0);
        }
        Some(m.search(limit))
    })
}
