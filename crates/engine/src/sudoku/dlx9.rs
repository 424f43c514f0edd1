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
//! Links are *byte offsets* of nodes (node `n` at byte `8·n`), not node
//! numbers: wasm addresses memory with a 32-bit index that V8 cannot scale
//! inside the load, so node numbers cost a shift or `lea` per access there
//! (offsets fit in a `u16`: 3,240 nodes × 8 bytes). Every offset plus a
//! field's place is in bounds of a 2¹⁶ + 8 byte array, so a `u16` link
//! indexes it with no bounds check and no `unsafe` (checks or masks were a
//! fifth of all instructions). In wasm the matrix is a static (a fixed
//! address folds into every access and frees a register); natively it is
//! allocated once per thread. The compile-time template of the empty grid
//! is copied in for each puzzle.

use std::cell::RefCell;

/// Items: row/symbol `r·9+e`, column/symbol `81+c·9+e`, box/symbol
/// `162+b·9+e`, cell `243+r·9+c` (as in [`super::dlx`]).
const ITEMS: usize = 324;
/// Row `cell·9+e` owns nodes `FIRST + 4·row ..+4`, in item order.
const FIRST: usize = ITEMS;
const NODES: usize = FIRST + 4 * 729;
/// Bytes per node, and the place of each field in a node: the offsets of
/// the nodes above and below, and the node's item (a header's own item).
const NODE: usize = 8;
const UP: usize = 0;
const DOWN: usize = 2;
const ITEM: usize = 4;
/// Link bytes: a `u16` offset plus a field's place is always in bounds.
const LINK_BYTES: usize = (1 << 16) + NODE;
/// Lengths scanned by [`Matrix::choose`]: the items, padded to whole
/// words with lengths that never win.
const SCAN: usize = ITEMS.div_ceil(8) * 8;
/// Added to the length of a covered item: it can never be chosen, and the
/// matrix is solved when every length carries it.
const COVERED: u8 = 0x80;

/// Nodes as bytes (see the module docs), and item lengths as bytes in
/// index order in place of Knuth's list of active items: the choice then
/// reads eight lengths a word instead of walking a linked list one item at
/// a time (with the list the walk was a third of all instructions). The
/// length array has 2¹⁶ entries so that a `u16` item indexes it unchecked.
struct Matrix {
    links: [u8; LINK_BYTES],
    len: [u8; 1 << 16],
}

/// The matrix of the empty grid (the used prefixes of [`Matrix`]'s arrays).
struct Template {
    links: [u8; NODES * NODE],
    len: [u8; SCAN],
}

// Rows must be aligned blocks of four nodes, and offsets must fit a u16.
const _: () = assert!(FIRST.is_multiple_of(4) && NODES * NODE <= 1 << 16);

static EMPTY: Template = Template::empty();

#[cfg(target_arch = "wasm32")]
thread_local! {
    static SCRATCH: RefCell<Matrix> = const { RefCell::new(Matrix::ZERO) };
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static SCRATCH: RefCell<Option<Box<Matrix>>> = const { RefCell::new(None) };
}

/// Run `f` on this thread's matrix.
#[inline(always)]
fn with_matrix<R>(f: impl FnOnce(&mut Matrix) -> R) -> R {
    #[cfg(target_arch = "wasm32")]
    return SCRATCH.with(|m| f(&mut m.borrow_mut()));
    #[cfg(not(target_arch = "wasm32"))]
    SCRATCH.with(|m| {
        let mut m = m.borrow_mut();
        f(m.get_or_insert_with(|| Box::new(Matrix::ZERO)))
    })
}

/// The four items of row `cell·9+e`.
const fn row_items(row: usize) -> [usize; 4] {
    let (cell, e) = (row / 9, row % 9);
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3) * 3 + c / 3;
    [r * 9 + e, 81 + c * 9 + e, 162 + b * 9 + e, 243 + cell]
}

/// The offset of item `i`'s header.
#[inline(always)]
const fn header(i: u16) -> u16 {
    i * NODE as u16
}

const fn put(links: &mut [u8; NODES * NODE], node: usize, field: usize, v: usize) {
    let [lo, hi] = (v as u16).to_le_bytes();
    links[node * NODE + field] = lo;
    links[node * NODE + field + 1] = hi;
}

const fn get(links: &[u8; NODES * NODE], node: usize, field: usize) -> usize {
    u16::from_le_bytes([links[node * NODE + field], links[node * NODE + field + 1]]) as usize
}

impl Template {
    const fn empty() -> Template {
        let mut links = [0u8; NODES * NODE];
        let mut len = [COVERED | 0x7f; SCAN];
        let mut i = 0;
        while i < ITEMS {
            put(&mut links, i, UP, i * NODE);
            put(&mut links, i, DOWN, i * NODE);
            put(&mut links, i, ITEM, i);
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
                let tail = get(&links, h, UP);
                put(&mut links, id, UP, tail);
                put(&mut links, id, DOWN, h * NODE);
                put(&mut links, id, ITEM, h);
                put(&mut links, tail / NODE, DOWN, id * NODE);
                put(&mut links, h, UP, id * NODE);
                len[h] += 1;
                k += 1;
            }
            row += 1;
        }
        Template { links, len }
    }
}

impl Matrix {
    const ZERO: Matrix = Matrix {
        links: [0; LINK_BYTES],
        len: [0; 1 << 16],
    };

    /// Back to the empty grid.
    fn reset(&mut self) {
        self.links[..NODES * NODE].copy_from_slice(&EMPTY.links);
        self.len[..SCAN].copy_from_slice(&EMPTY.len);
    }

    /// Field `field` of the node at offset `p`.
    #[inline(always)]
    fn link(&self, p: u16, field: usize) -> u16 {
        let o = usize::from(p) + field;
        u16::from_le_bytes(self.links[o..o + 2].try_into().expect("2 bytes"))
    }

    #[inline(always)]
    fn set(&mut self, p: u16, field: usize, v: u16) {
        let o = usize::from(p) + field;
        self.links[o..o + 2].copy_from_slice(&v.to_le_bytes());
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u16) -> &mut u8 {
        &mut self.len[usize::from(i)]
    }

    /// Remove the other three nodes of `p`'s row from their items. Rows
    /// are aligned blocks of four, so they are `p ^ 8`, `p ^ 16`, `p ^ 24`;
    /// they lie in different items, so their order does not matter.
    #[inline(always)]
    fn hide(&mut self, p: u16) {
        for j in 1..4 {
            let q = p ^ (j * NODE as u16);
            let (up, down) = (self.link(q, UP), self.link(q, DOWN));
            self.set(up, DOWN, down);
            self.set(down, UP, up);
            let item = self.link(q, ITEM);
            *self.len_mut(item) -= 1;
        }
    }

    /// Undo [`Matrix::hide`].
    #[inline(always)]
    fn unhide(&mut self, p: u16) {
        for j in (1..4).rev() {
            let q = p ^ (j * NODE as u16);
            let (up, down) = (self.link(q, UP), self.link(q, DOWN));
            self.set(up, DOWN, q);
            self.set(down, UP, q);
            let item = self.link(q, ITEM);
            *self.len_mut(item) += 1;
        }
    }

    #[inline(always)]
    fn cover(&mut self, i: u16) {
        let h = header(i);
        let mut p = self.link(h, DOWN);
        while p != h {
            self.hide(p);
            p = self.link(p, DOWN);
        }
        *self.len_mut(i) += COVERED;
    }

    #[inline(always)]
    fn uncover(&mut self, i: u16) {
        *self.len_mut(i) -= COVERED;
        let h = header(i);
        let mut p = self.link(h, UP);
        while p != h {
            self.unhide(p);
            p = self.link(p, UP);
        }
    }

    /// Cover the items of row node `r` other than its own. Covering
    /// commutes (the result depends only on the set of covered items), so
    /// the order is free as long as [`Matrix::uncover_others`] reverses it.
    #[inline(always)]
    fn cover_others(&mut self, r: u16) {
        for j in 1..4 {
            let item = self.link(r ^ (j * NODE as u16), ITEM);
            self.cover(item);
        }
    }

    #[inline(always)]
    fn uncover_others(&mut self, r: u16) {
        for j in (1..4).rev() {
            let item = self.link(r ^ (j * NODE as u16), ITEM);
            self.uncover(item);
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
    /// Inlined into [`count`], so that in wasm the static matrix's address
    /// is a constant in every access.
    ///
    /// `BOUNDED` spends one unit of `budget` per row tried and gives up
    /// (`None`) when it runs out; unbounded, the checks compile away.
    #[inline(always)]
    fn search<const BOUNDED: bool>(&mut self, limit: u128, budget: &mut u64) -> Option<u128> {
        let mut found = 0u128;
        // Each level covers a cell item: at most 81 levels. Row nodes by
        // offset.
        let mut x = [0u16; 81];
        let mut level = 0usize;
        loop {
            let (i, len) = self.choose();
            let dead = if len >= COVERED {
                found += 1;
                if found >= limit {
                    return Some(found);
                }
                true
            } else if len == 0 {
                true
            } else {
                if BOUNDED {
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                }
                self.cover(i);
                let r = self.link(header(i), DOWN);
                x[level] = r;
                self.cover_others(r);
                level += 1;
                false
            };
            if dead {
                loop {
                    if level == 0 {
                        return Some(found);
                    }
                    level -= 1;
                    let r = x[level];
                    self.uncover_others(r);
                    let i = self.link(r, ITEM);
                    let next = self.link(r, DOWN);
                    if next == header(i) {
                        self.uncover(i);
                        continue;
                    }
                    if BOUNDED {
                        if *budget == 0 {
                            return None;
                        }
                        *budget -= 1;
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
    let limit = limit.unwrap_or(u128::MAX);
    counted::<false>(cells, limit, &mut 0).map(|n| n.expect("an unbounded count finishes"))
}

/// [`count`] within about `budget` rows tried: `Ok((count, spent))`, or
/// `Err(spent)` when the budget ran out first (the sliced counter of
/// `sudoku::resumable` then splits the puzzle). Clashing givens count as no
/// solution: the caller has checked the puzzle.
pub fn count_within(cells: &[u8], limit: u128, budget: u64) -> Result<(u128, u64), u64> {
    let mut left = budget;
    match counted::<true>(cells, limit, &mut left) {
        None => Ok((0, 0)),
        Some(Some(n)) => Ok((n, budget - left)),
        Some(None) => Err(budget),
    }
}

/// The matrix set up for `cells` and searched: `None` for bad input or
/// clashing givens, `Some(None)` when the budget ran out.
#[inline(always)]
fn counted<const BOUNDED: bool>(
    cells: &[u8],
    limit: u128,
    budget: &mut u64,
) -> Option<Option<u128>> {
    if cells.len() != 81 || cells.iter().any(|&v| v > 9) {
        return None;
    }
    with_matrix(|m| {
        m.reset();
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let items = row_items(cell * 9 + v as usize - 1);
            // An item an earlier given covered: two givens clash.
            if items.iter().any(|&i| m.len[i] >= COVERED) {
                return None;
            }
            for i in items {
                m.cover(i as u16);
            }
        }
        if limit == 0 {
            return Some(Some(0));
        }
        Some(m.search::<BOUNDED>(limit, budget))
    })
}
