//! The 9×9 fast path of `backtrack`: a band-oriented bitboard solver in the
//! spirit of JCZSolve and tdoku (our own code; its measurements are in
//! docs/design.md, "Sudoku solvers").
//!
//! # Layout
//!
//! The grid is cut into three *bands* of three rows. For each digit `d` and
//! band `b` one `u32` word ([`at`]`(b, d)`) holds the 27 cells of the band
//! where `d` is still possible: bit `9·r + c` is row `r` (0..3) of the band,
//! column `c` (0..9). Cell `27·b + 9·r + c` is then the row-major index, so
//! "first set bit" means "first cell in reading order". Every operation is
//! on `u32`, which wasm executes natively (the previous 81-bit `u128` boards
//! were emulated with two `i64`s there and cost 1.5–1.9× in the browser).
//!
//! # Why bands
//!
//! In one digit's band word the three rows are three 9-bit fields and the
//! three boxes are three 3-bit columns of fields, so the digit's row, box
//! and line/box interactions inside the band are all local to one word:
//!
//! * *shrink*: map the word to 9 bits, "row `r` meets box `k`" (table
//!   [`SHRINK`] per row).
//! * *complement*: the digit occupies the band as a permutation (each row
//!   and each box once), so only row/box segments lying on some permutation
//!   inside the shrunk pattern survive ([`COMPLEX`]). One lookup does
//!   pointing and claiming inside the band, box hidden singles and the
//!   band-local "X-wing"; an empty result is a contradiction.
//! * a box left with one column in the word points that column out of the
//!   digit's other two bands (`KEEP_OTHER`); this also keeps each column
//!   to one cell per digit.
//! * a row with one bit left is a placed digit (row hidden single, found
//!   without tables by `single_rows`): the cell leaves the other digits'
//!   words of the band.
//!
//! An update does all of that for one word, unconditionally; sweeps over
//! the 27 words (digit by digit), unrolled with constant indices, update
//! every word that differs from what its last update left, until none does
//! (JCZSolve's scheme: cheaper than keeping a dirty set, which we measured).
//! Wall clock, not instruction counts, decides here: natively, the
//! digit-major sweep and the interleaved `Word`s (candidates beside their
//! last update) run *more* instructions than the alternatives but avoid
//! store-forwarding stalls. In wasm, which has no read-modify-write memory
//! operands, the words of a band are contiguous instead and the placing
//! step clears them two at a time in `u64`s ([`Words`]; measured in docs/design.md).
//! When that settles, naked singles are placed (a cell on exactly one digit
//! word: once/twice bit counting over the nine words of a band) and it
//! settles again. On the givens only, a column confined to one band also
//! claims its box there (`CLAIM`). Then the search guesses on the first
//! cell with two candidates (else the first with the fewest), smallest digit
//! first. The resumable step API keeps board copies on an explicit stack;
//! counting ([`Band9::count`], which proving uniqueness uses) recurses and
//! reuses the board for a cell's last digit.

use crate::search::{tree_fraction, Progress, Search, Step};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// One row of a band.
const ROW: u32 = 0x1FF;
/// Multiplying a 9-bit column set by this repeats it in the three rows.
const COLS: u32 = 1 | 1 << 9 | 1 << 18;
/// For a 9-bit row, which of its three boxes it meets (3 bits).
static SHRINK: [u8; 512] = build_shrink();
/// [`SHRINK`] shifted for the middle and the bottom row, which saves the
/// shifts in the hottest lookup.
static SHRINK_MID: [u16; 512] = shifted_shrink(3);
static SHRINK_LOW: [u16; 512] = shifted_shrink(6);
/// For a 9-bit "row r meets box k" pattern (bit 3r+k), the union of the
/// row/box segments that lie on a permutation row → box inside it.
static COMPLEX: [u32; 512] = build_complex();

/// The other two bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];
/// For the columns a digit can take in one band (9 bits): the columns of
/// boxes where only one column is left (pointing out of the other bands).
static POINT: [u16; 512] = build_point();
const fn build_point() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let seg = cols & (7 << (3 * k));
            if seg != 0 && seg & (seg - 1) == 0 {
                t[cols] |= seg as u16;
            }
            k += 1;
        }
        cols += 1;
    }
    t
}

const fn shifted_shrink(by: u32) -> [u16; 512] {
    let plain = build_shrink();
    let mut t = [0u16; 512];
    let mut row = 0;
    while row < 512 {
        t[row] = (plain[row] as u16) << by;
        row += 1;
    }
    t
}

const fn build_shrink() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                t[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    t
}

const fn build_complex() -> [u32; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let mut fits = true;
            let mut segments = 0u32;
            let mut r = 0;
            while r < 3 {
                let k = PERMS[p][r];
                if s >> (3 * r + k) & 1 == 0 {
                    fits = false;
                }
                segments |= 7 << (9 * r + 3 * k);
                r += 1;
            }
            if fits {
                t[s] |= segments;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// The "row r meets box k" pattern of a band word.
#[inline(always)]
fn shrink(a: u32) -> usize {
    // The mask only tells the compiler the index is in bounds.
    (SHRINK[(a & ROW) as usize] as usize
        | SHRINK_MID[(a >> 9 & ROW) as usize] as usize
        | SHRINK_LOW[(a >> 18 & ROW) as usize] as usize)
        & 0x1FF
}

/// The rows of a band word (every row non-empty) that have exactly one
/// cell, as full 9-bit row masks. Branch- and table-free: with each row
/// non-empty, subtracting 1 from every row cannot borrow across rows, so
/// `a & (a - ONES)` clears each row's lowest bit; the rows left empty had
/// one cell, found by the usual "add 0xFF, look at bit 8" zero test.
#[inline(always)]
fn single_rows(a: u32) -> u32 {
    const ONES: u32 = COLS;
    const LOW8: u32 = 0xFF * COLS;
    const HIGH: u32 = 0x100 * COLS;
    let rest = a & a.wrapping_sub(ONES);
    let nonzero = (((rest & LOW8) + LOW8) | rest) & HIGH;
    ((!nonzero & HIGH) >> 8) * ROW
}

/// For the columns whose digit is confined to one band (9 bits), as full
/// band masks: the cells that band keeps (a box with such a column keeps
/// only those columns).
static CLAIM: [u32; 512] = build_claim();

const fn build_claim() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut only = 0;
    while only < 512 {
        let mut k = 0;
        let mut keep = 0;
        while k < 3 {
            let seg = only & (7 << (3 * k));
            keep |= if seg != 0 { seg } else { 7 << (3 * k) };
            k += 1;
        }
        t[only] = keep as u32 * COLS;
        only += 1;
    }
    t
}

/// Row and box peers of a band cell cleared, the cell itself kept: the
/// digit word after placing the digit there.
static PLACE: [u32; 27] = build_place();
/// For the columns a digit can take in one band: what its words in the
/// other bands keep (columns of boxes with one column left are removed).
static KEEP_OTHER: [u32; 512] = build_keep_other();

const fn build_place() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        let (r, c) = (pos / 9, pos % 9);
        let row = ROW << (9 * r);
        let boxed = (7 << (3 * (c / 3))) * COLS;
        t[pos] = (BAND & !(row | boxed)) | 1 << pos;
        pos += 1;
    }
    t
}

const fn build_keep_other() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        t[cols] = BAND & !((POINT[cols] as u32) * COLS);
        cols += 1;
    }
    t
}

/// A branch point's alternatives: one bit each of a 9-bit mask, every
/// solution below the node taking exactly one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// A cell (0..81); bit `d` places digit `d` there.
    Cell(u8),
    /// A unit (rows 0..9, columns 9..18, boxes 18..27) and a digit; bit
    /// `i` places the digit on the unit's `i`-th cell ([`UNIT_CELLS`]).
    Unit(u8, u8),
}

impl Branch {
    /// The placement (cell, digit) of alternative `i`.
    #[inline]
    fn at(self, i: usize) -> (usize, usize) {
        match self {
            Branch::Cell(cell) => (cell as usize, i),
            Branch::Unit(unit, d) => (UNIT_CELLS[unit as usize][i] as usize, d as usize),
        }
    }
}

/// The cells of each unit in reading order: rows, columns, boxes.
static UNIT_CELLS: [[u8; 9]; 27] = build_units();

const fn build_units() -> [[u8; 9]; 27] {
    let mut t = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        let mut i = 0;
        while i < 9 {
            t[k][i] = (9 * k + i) as u8;
            t[9 + k][i] = (9 * i + k) as u8;
            t[18 + k][i] = (9 * (3 * (k / 3) + i / 3) + 3 * (k % 3) + i % 3) as u8;
            i += 1;
        }
        k += 1;
    }
    t
}

/// Candidates of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    /// Band `b`, digit `d` at index [`at`]`(b, d)` (see the module docs).
    w: Words,
    /// Open (unplaced) cells per band.
    open: [u32; 3],
}

/// One (band, digit) word and what its last update left. Interleaving
/// the two keeps the candidate words of neighbouring bands or digits apart
/// in memory: adjacent, the compiler merged an update's ANDs on them into
/// vector loads right after the scalar stores of the same sweep, and those
/// loads stall on store forwarding (measured: 1.13× → 1.04× rust_sudoku
/// on forum_hardest by wall clock, with *more* instructions).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Word {
    cand: u32,
    /// A word differing from it is due for an update. Comparing is
    /// cheaper than keeping a dirty set up to date in every update, which
    /// touches up to ten other words.
    prev: u32,
}

/// The 27 words of a board, natively as interleaved [`Word`]s.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Words([Word; 27]);

/// The word of band `b`, digit `d`. Natively digit-major, so that the
/// nine words of a band are three apart: contiguous, the compiler merged
/// an update's eight "clear the placed cells" ANDs into vector loads right
/// after the scalar stores of the same update, which stalls on store
/// forwarding.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
const fn at(b: usize, d: usize) -> usize {
    3 * d + b
}

#[cfg(not(target_arch = "wasm32"))]
impl Words {
    const fn new() -> Words {
        Words(
            [Word {
                cand: BAND,
                prev: 0,
            }; 27],
        )
    }

    #[inline(always)]
    fn cand(&self, i: usize) -> u32 {
        self.0[i].cand
    }

    #[inline(always)]
    fn prev(&self, i: usize) -> u32 {
        self.0[i].prev
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: u32) {
        self.0[i].cand = v;
    }

    #[inline(always)]
    fn set_prev(&mut self, i: usize, v: u32) {
        self.0[i].prev = v;
    }

    #[inline(always)]
    fn and(&mut self, i: usize, m: u32) {
        self.0[i].cand &= m;
    }

    /// Take `placed` from the words of band `b` but digit `d`'s.
    #[inline(always)]
    fn clear_others(&mut self, b: usize, d: usize, placed: u32) {
        for e in 0..9 {
            if e != d {
                self.and(at(b, e), !placed);
            }
        }
    }
}

/// The words of a board in wasm: candidates band-major, ten words a band
/// (the tenth unused), so that the "clear the placed cells" ANDs go two
/// words at a time in `i64`s (wasm has no read-modify-write memory
/// operands: each AND is a load, an AND and a store). Bytes, read and
/// written as `u32`/`u64` without `unsafe`.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(8))]
struct Words {
    cand: [u8; 4 * 30],
    prev: [u32; 30],
}

#[cfg(target_arch = "wasm32")]
#[inline(always)]
const fn at(b: usize, d: usize) -> usize {
    10 * b + d
}

#[cfg(target_arch = "wasm32")]
impl Words {
    const fn new() -> Words {
        let mut cand = [0u8; 4 * 30];
        let mut i = 0;
        while i < 30 {
            let [b0, b1, b2, b3] = BAND.to_le_bytes();
            cand[4 * i] = b0;
            cand[4 * i + 1] = b1;
            cand[4 * i + 2] = b2;
            cand[4 * i + 3] = b3;
            i += 1;
        }
        Words {
            cand,
            prev: [0; 30],
        }
    }

    #[inline(always)]
    fn cand(&self, i: usize) -> u32 {
        u32::from_le_bytes(self.cand[4 * i..4 * i + 4].try_into().expect("4 bytes"))
    }

    #[inline(always)]
    fn prev(&self, i: usize) -> u32 {
        self.prev[i]
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: u32) {
        self.cand[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
    }

    #[inline(always)]
    fn set_prev(&mut self, i: usize, v: u32) {
        self.prev[i] = v;
    }

    #[inline(always)]
    fn and(&mut self, i: usize, m: u32) {
        self.set(i, self.cand(i) & m);
    }

    /// Take `placed` from the words of band `b` but digit `d`'s: four
    /// `u64` pairs and `d`'s partner alone (the tenth word takes it too,
    /// harmlessly).
    #[inline(always)]
    fn clear_others(&mut self, b: usize, d: usize, placed: u32) {
        let keep = !placed;
        let keep2 = u64::from(keep) * 0x1_0000_0001;
        for pair in 0..5 {
            if pair != d / 2 {
                let o = 4 * at(b, 2 * pair);
                let x = u64::from_le_bytes(self.cand[o..o + 8].try_into().expect("8 bytes"));
                self.cand[o..o + 8].copy_from_slice(&(x & keep2).to_le_bytes());
            }
        }
        self.and(at(b, d ^ 1), keep);
    }
}

/// Runs `$body` with `$i` bound to each word index as a constant, so the
/// update of every word is compiled with fixed offsets and no bounds checks.
macro_rules! each_word {
    ($i:ident => $body:block) => {
        each_word!(@ $i $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    };
    (@ $i:ident $body:block; $($n:literal)*) => {
        $( { const $i: usize = $n; $body } )*
    };
}

impl Board {
    fn empty() -> Board {
        Board {
            w: Words::new(),
            open: [BAND; 3],
        }
    }

    /// A given: placed with all its eliminations at once (givens come in
    /// bulk, before any propagation). `false` if the digit is no longer
    /// possible there (contradictory givens).
    fn give(&mut self, cell: usize, d: usize) -> bool {
        let (b, pos) = (cell / 27, cell % 27);
        let bit = 1u32 << pos;
        if self.w.cand(at(b, d)) & bit == 0 {
            return false;
        }
        self.w.clear_others(b, d, bit);
        self.w.and(at(b, d), PLACE[pos]);
        let column = !(COLS << (pos % 9));
        for o in OTHER_BANDS[b] {
            self.w.and(at(o, d), column);
        }
        self.open[b] &= !bit;
        true
    }

    /// Place digit `d` (0-based) in `cell` during the search: only its row
    /// and box peers lose the digit here; the update of the word sees the
    /// row with one cell and does the rest (or finds it impossible).
    #[inline]
    fn place(&mut self, cell: usize, d: usize) {
        let (b, pos) = (cell / 27, cell % 27);
        self.w.and(at(b, d), PLACE[pos]);
    }

    /// Shrink/complement word `I`, point its single-column boxes out of the
    /// digit's other bands and take its single rows' cells from the other
    /// digits of the band. `false` on a contradiction. Branch-free but for
    /// that test: the pointing and the placing are cheaper done every time
    /// than tested for, and redoing them is harmless.
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> bool {
        let (b, d) = (I % 3, I / 3);
        let i = at(b, d);
        let a = self.w.cand(i);
        let a = a & COMPLEX[shrink(a)];
        if a == 0 {
            return false;
        }
        self.w.set(i, a);
        self.w.set_prev(i, a);
        let cols = (a | a >> 9 | a >> 18) & ROW;
        let keep = KEEP_OTHER[cols as usize];
        let [o1, o2] = OTHER_BANDS[b];
        self.w.and(at(o1, d), keep);
        self.w.and(at(o2, d), keep);
        // Unconditional: a branch on "any new placement" is mispredicted
        // about a third of the time, dearer than the clearing (in wasm too,
        // since it goes two words at a time there).
        let placed = a & single_rows(a);
        self.open[b] &= !placed;
        self.w.clear_others(b, d, placed);
        true
    }

    /// Update every changed word, in sweeps of increasing index (a word
    /// changed behind the sweep waits for the next one, so the changes it
    /// collects meanwhile cost one update), until none changes.
    #[inline(always)]
    fn settle(&mut self) -> bool {
        loop {
            let mut any = false;
            each_word!(I => {
                let i = at(I % 3, I / 3);
                if self.w.cand(i) != self.w.prev(i) {
                    any = true;
                    if !self.update::<I>() {
                        return false;
                    }
                }
            });
            if !any {
                return true;
            }
        }
    }

    /// Propagate until nothing changes. `false` on a contradiction.
    /// `CLAIM` adds column claiming ([`Board::claim`]) before settling for
    /// a guess: it pays on the puzzle's givens (17-clue puzzles then need
    /// fewer guesses) but not at every node of a deep search, where it cost
    /// more than the guesses it saved.
    fn propagate<const CLAIM: bool>(&mut self) -> bool {
        loop {
            if !self.settle() {
                return false;
            }
            if self.open == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => {}
                Some(false) if !CLAIM => return true,
                Some(false) => match self.claim() {
                    None => return false,
                    Some(true) => {}
                    Some(false) => return true,
                },
            }
        }
    }

    /// Cells with one candidate left get it placed. `None` if a cell has
    /// none; `Some(found any)` otherwise. Placed cells keep their digit
    /// (only a contradiction takes it), so every cell must be covered.
    #[inline]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for b in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for d in 0..9 {
                let c = self.w.cand(at(b, d));
                twice |= once & c;
                once |= c;
            }
            if once != BAND {
                return None;
            }
            let mut singles = once & !twice & self.open[b];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // An earlier single of this scan may have taken the digit.
                let d = (0..9).find(|&d| self.w.cand(at(b, d)) & bit != 0)?;
                self.w.and(at(b, d), PLACE[bit.trailing_zeros() as usize]);
                found = true;
            }
        }
        Some(found)
    }

    /// Columns across bands, run before guessing: a column whose digit can
    /// only be in one band claims that band's box for it (the box loses its
    /// other columns there), which update's pointing does not see. `None`
    /// if a column has lost a digit everywhere; `Some(changed any)`.
    fn claim(&mut self) -> Option<bool> {
        let mut changed = false;
        for d in 0..9 {
            let a = [0, 1, 2].map(|b| self.w.cand(at(b, d)));
            let p = a.map(|x| (x | x >> 9 | x >> 18) & ROW);
            if p[0] | p[1] | p[2] != ROW {
                return None;
            }
            for b in 0..3 {
                let [b1, b2] = OTHER_BANDS[b];
                let only = p[b] & !(p[b1] | p[b2]);
                let w = a[b] & CLAIM[only as usize];
                if w != a[b] {
                    self.w.set(at(b, d), w);
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Where to branch on a settled board: the first open cell with two
    /// candidates; else the first unit where some digit has two places
    /// left (a two-way branch too, where the cells offer three or more:
    /// hard puzzles often have no bivalue cell near the root, and there
    /// the branching factor multiplies the whole tree); else the first
    /// cell with the fewest candidates. Pairs are counted here rather than
    /// in every naked singles scan: most scans do not end in a guess, and
    /// the first band usually has a pair.
    fn choose(&self) -> Branch {
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let c = self.w.cand(at(b, d));
                thrice |= twice & c;
                twice |= once & c;
                once |= c;
            }
            let pairs = twice & !thrice;
            if pairs != 0 {
                return Branch::Cell(27 * b as u8 + pairs.trailing_zeros() as u8);
            }
        }
        if let Some(branch) = self.bilocal() {
            return branch;
        }
        let mut best = (u32::MAX, 0);
        for b in 0..3 {
            let mut rest = self.open[b];
            while rest != 0 {
                let cell = 27 * b + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let k = self.candidates(cell).count_ones();
                if k < best.0 {
                    best = (k, cell);
                }
            }
        }
        Branch::Cell(best.1 as u8)
    }

    /// The first (digit, unit) with exactly two places left: rows and
    /// boxes band by band, then columns. Rare (only when no cell is
    /// bivalue), so plain loops.
    fn bilocal(&self) -> Option<Branch> {
        for d in 0..9 {
            for b in 0..3 {
                let a = self.w.cand(at(b, d));
                for r in 0..3 {
                    if (a >> (9 * r) & ROW).count_ones() == 2 {
                        return Some(Branch::Unit(3 * b as u8 + r as u8, d as u8));
                    }
                }
                for k in 0..3 {
                    if (a & ((7 << (3 * k)) * COLS)).count_ones() == 2 {
                        return Some(Branch::Unit(18 + 3 * b as u8 + k as u8, d as u8));
                    }
                }
            }
            for c in 0..9 {
                let n: u32 = (0..3)
                    .map(|b| (self.w.cand(at(b, d)) & COLS << c).count_ones())
                    .sum();
                if n == 2 {
                    return Some(Branch::Unit(9 + c as u8, d as u8));
                }
            }
        }
        None
    }

    /// The alternatives of a branch as a 9-bit mask (see [`Branch::at`]).
    fn options(&self, branch: Branch) -> u16 {
        match branch {
            Branch::Cell(cell) => self.candidates(cell as usize),
            Branch::Unit(unit, d) => {
                let mut m = 0;
                for (i, &cell) in UNIT_CELLS[unit as usize].iter().enumerate() {
                    let (b, pos) = (cell as usize / 27, cell % 27);
                    m |= ((self.w.cand(at(b, d as usize)) >> pos & 1) as u16) << i;
                }
                m
            }
        }
    }

    /// Candidate digits of a cell as a 9-bit mask.
    #[inline]
    fn candidates(&self, cell: usize) -> u16 {
        let (b, bit) = (cell / 27, cell % 27);
        let mut m = 0u16;
        for d in 0..9 {
            m |= ((self.w.cand(at(b, d)) >> bit & 1) as u16) << d;
        }
        m
    }

    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0u8; 81];
        for b in 0..3 {
            for d in 0..9 {
                let mut w = self.w.cand(at(b, d));
                while w != 0 {
                    grid[27 * b + w.trailing_zeros() as usize] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        grid
    }

    /// The board with the givens placed, or `None` if they clash: two
    /// equal digits in a unit (the second finds its digit gone), a wrong
    /// length or a value above 9.
    fn givens(cells: &[u8]) -> Option<Board> {
        if cells.len() != 81 {
            return None;
        }
        let mut board = Board::empty();
        for (i, &v) in cells.iter().enumerate() {
            match v {
                0 => {}
                1..=9 => {
                    if !board.give(i, v as usize - 1) {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        Some(board)
    }

    /// The settled board of a puzzle, or `None` if it has no solution.
    fn start(cells: &[u8]) -> Option<Board> {
        let mut board = Board::givens(cells)?;
        board.propagate::<true>().then_some(board)
    }

    /// Add the solutions below this settled board to `found`, stopping at
    /// `limit`: the same tree as [`Band9`]'s step API in the same order,
    /// but recursive, counting only and without allocating, which is what
    /// proving uniqueness needs. The last digit of a cell reuses the board
    /// instead of copying it.
    ///
    /// `BOUNDED` (the sliced counter of `sudoku::resumable`) spends one unit of
    /// `budget` per guess and gives up (`false`, `found` then meaningless)
    /// when it runs out; unbounded, the checks compile away.
    fn count<const BOUNDED: bool>(
        &mut self,
        limit: u128,
        found: &mut u128,
        budget: &mut u64,
    ) -> bool {
        loop {
            if self.solved() {
                *found += 1;
                return true;
            }
            let branch = self.choose();
            let mut options = self.options(branch);
            if options == 0 {
                return true;
            }
            if BOUNDED {
                if *budget == 0 {
                    return false;
                }
                *budget -= 1;
            }
            let last = 15 - options.leading_zeros() as usize;
            options &= !(1 << last);
            while options != 0 {
                let (cell, d) = branch.at(options.trailing_zeros() as usize);
                options &= options - 1;
                let mut next = *self;
                next.place(cell, d);
                if next.propagate::<false>() {
                    let finished = next.count::<BOUNDED>(limit, found, budget);
                    if BOUNDED && !finished {
                        return false;
                    }
                    if *found >= limit {
                        return true;
                    }
                }
            }
            let (cell, last) = branch.at(last);
            self.place(cell, last);
            if !self.propagate::<false>() {
                return true;
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Enter,
    Next,
    Done,
}

/// A branch point: the board before branching, the branch, untried
/// alternatives.
#[derive(Clone, Copy, Debug)]
struct Frame {
    board: Board,
    branch: Branch,
    total: u8,
    remaining: u16,
}

/// A resumable band-bitboard search over one 9×9 puzzle with 3×3 boxes.
#[derive(Clone, Debug)]
pub struct Band9 {
    board: Board,
    frames: Vec<Frame>,
    state: State,
    count_only: bool,
    nodes: u64,
    solutions: u128,
}

impl Band9 {
    /// `cells`: 81 values, row-major, 0 = blank, 1..=9. Contradictory
    /// givens, a wrong length or a value above 9 give no solution.
    pub fn new(cells: &[u8]) -> Band9 {
        let start = Board::start(cells);
        Band9 {
            board: start.unwrap_or_else(Board::empty),
            frames: Vec::new(),
            state: if start.is_some() {
                State::Enter
            } else {
                State::Done
            },
            count_only: false,
            // The root counts: its propagation is work done, and a puzzle
            // that propagation alone solves must not read "0 nodes".
            nodes: u64::from(start.is_some()),
            solutions: 0,
        }
    }

    /// Number of solutions of a puzzle (as for [`Band9::new`]), stopping
    /// at `limit`: the fast path of counting and of proving uniqueness
    /// (limit 2), without the resumable machinery. `None` if the givens
    /// clash (see `Board::givens`), so that the caller, who checks input
    /// only then, can say why; a puzzle without solution is `Some(0)`.
    pub fn count(cells: &[u8], limit: Option<u128>) -> Option<u128> {
        let mut board = Board::givens(cells)?;
        let limit = limit.unwrap_or(u128::MAX);
        let mut found = 0;
        if limit > 0 && board.propagate::<true>() {
            board.count::<false>(limit, &mut found, &mut 0);
        }
        Some(found)
    }

    /// [`Band9::count`] within about `budget` guesses: `Ok(count)`, or
    /// `Err(spent)` when the budget ran out first (the sliced counter then
    /// splits the puzzle). Clashing givens count as no solution here: the
    /// caller has checked the puzzle.
    pub fn count_within(cells: &[u8], limit: u128, budget: u64) -> Result<(u128, u64), u64> {
        let Some(mut board) = Board::givens(cells) else {
            return Ok((0, 0));
        };
        let mut found = 0;
        let mut left = budget;
        if limit > 0
            && board.propagate::<true>()
            && !board.count::<true>(limit, &mut found, &mut left)
        {
            return Err(budget);
        }
        Ok((found, budget - left))
    }

    fn run(&mut self, budget: u64) -> Option<Vec<u8>> {
        let mut spent = 0u64;
        loop {
            match self.state {
                State::Done => return None,
                State::Enter => {
                    if self.board.solved() {
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
                    let branch = self.board.choose();
                    let digits = self.board.options(branch);
                    self.frames.push(Frame {
                        board: self.board,
                        branch,
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
                    let (cell, d) = frame.branch.at(frame.remaining.trailing_zeros() as usize);
                    frame.remaining &= frame.remaining - 1;
                    self.board = frame.board;
                    self.nodes += 1;
                    spent += 1;
                    self.board.place(cell, d);
                    if self.board.propagate::<false>() {
                        self.state = State::Enter;
                    }
                }
            }
        }
    }
}

impl Search<Vec<u8>> for Band9 {
    fn step(&mut self, budget: u64) -> Step<Vec<u8>> {
        let found = self.run(budget);
        Step::after_run(found, self.state == State::Done)
    }

    fn progress(&self) -> Progress {
        let fraction = if self.state == State::Done {
            1.0
        } else {
            // Knuth's estimate over the branch points (the branch being
            // explored is tried but not finished).
            tree_fraction(self.frames.iter().map(|f| {
                let tried = f.total as u32 - f.remaining.count_ones();
                (tried.saturating_sub(1), f.total as u32)
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
        Some("band")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complement_keeps_only_permutation_segments() {
        // Everything possible: everything stays.
        assert_eq!(COMPLEX[0o777], BAND);
        // Row 0 only in box 0: rows 1 and 2 lose box 0.
        let s = 0o771;
        assert_eq!(COMPLEX[s] & (7 << 9), 0);
        assert_eq!(COMPLEX[s] & (7 << 18), 0);
        assert_eq!(COMPLEX[s] & 0x1FF, 7);
        // Two rows confined to the same single box: impossible.
        assert_eq!(COMPLEX[0o711], 0);
        assert_eq!(shrink(1 << 4 | 1 << 9 | 1 << 26), 0b100_001_010);
    }

    /// Hard puzzles whose settled start has no bivalue cell branch on a
    /// digit with two places left in a unit: both alternatives are such
    /// places, and the solution (found by the general solver) takes
    /// exactly one of them.
    #[test]
    fn bilocal_branch_covers_the_solution() {
        use crate::search::{Search, Step};
        use crate::sudoku::backtrack::BacktrackSearch;
        use crate::sudoku::Shape;
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/sets/forum_hardest_1106.txt"
        ))
        .expect("correctness vectors in tests/data/sets");
        let mut seen = 0;
        for line in text.lines().map(str::trim).filter(|l| l.len() == 81) {
            let cells: Vec<u8> = line
                .bytes()
                .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                .collect();
            let Some(board) = Board::start(&cells) else {
                continue;
            };
            let branch = board.choose();
            let Branch::Unit(unit, d) = branch else {
                continue;
            };
            seen += 1;
            let options = board.options(branch);
            assert_eq!(options.count_ones(), 2, "{line}");
            let mut search = BacktrackSearch::new(Shape::square(3).unwrap(), &cells);
            let grid = loop {
                match search.step(u64::MAX) {
                    Step::Solution(g) => break g,
                    Step::Paused => {}
                    Step::Done => panic!("{line} has a solution"),
                }
            };
            let mut taken = 0;
            for i in (0..9).filter(|i| options >> i & 1 == 1) {
                let (cell, digit) = branch.at(i);
                assert!(UNIT_CELLS[unit as usize].contains(&(cell as u8)));
                assert_eq!(digit, d as usize);
                assert_ne!(board.candidates(cell) >> digit & 1, 0);
                taken += (grid[cell] == digit as u8 + 1) as u32;
            }
            assert_eq!(taken, 1, "{line}");
        }
        assert!(seen >= 10, "only {seen} bilocal branches at the root");
    }

    #[test]
    fn single_rows_agrees_with_counting_bits() {
        // Every word with all three rows non-empty, on a sample of rows.
        let rows: Vec<u32> = (1u32..512)
            .filter(|r| r % 7 < 3 || r.count_ones() == 1)
            .collect();
        for &r0 in &rows {
            for &r1 in rows.iter().step_by(5) {
                for &r2 in rows.iter().step_by(11) {
                    let a = r0 | r1 << 9 | r2 << 18;
                    let expected = [r0, r1, r2]
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.count_ones() == 1)
                        .fold(0, |m, (k, _)| m | ROW << (9 * k));
                    assert_eq!(single_rows(a), expected, "{a:#o}");
                }
            }
        }
    }
}
