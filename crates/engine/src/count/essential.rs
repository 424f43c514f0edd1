//! Essentially different Sudoku grids: grids counted up to the Sudoku
//! symmetries — relabelling the symbols, permuting the bands, the rows
//! inside each band, the stacks, the columns inside each stack, and (square
//! boxes only) transposing. For 9×9 there are 5,472,730,538 of them
//! (Russell & Jarvis, "Mathematics of Sudoku II", 2006; OEIS A109741).
//!
//! **Burnside's lemma.** The grid symmetries `G` (3,359,232 for 9×9) and the
//! relabellings `S_n` act together; the number of orbits is the average
//! number of grids a pair `(σ, π)` fixes. Summed over `π` for one `σ`, the
//! pairs count the grids `g` for which `σ(g)` is a relabelling of `g` (the
//! relabelling is unique, since every symbol occurs), and that set is closed
//! under relabelling, so it is `n!` times
//! `A(σ)` = the grids with first row `1, 2, …, n` that `σ` maps to a
//! relabelling of themselves. Hence
//!
//! `essentially different = (1/|G|) · Σ_σ A(σ) = (1/|G|) · Σ_classes |C| · A(C)`,
//!
//! since `A` is constant on conjugacy classes (`A(τστ⁻¹)` counts `τ` of the
//! grids `A(σ)` counts, relabelled).
//!
//! **The classes.** Every element is `(R, C, t)`: optionally transpose, then
//! permute rows by `R` and columns by `C`. Union-find over all elements joins
//! `x` with `g x g⁻¹` for each generator `g`; 9×9 has 275 classes.
//!
//! **`A(σ)` for the identity** is the number of grids over `n!`; for 9×9 it
//! comes from the band-signature total ([`crate::count::total`]), for the
//! small shapes from the search below with `σ` = identity.
//!
//! **`A(σ)` for the rest**, by search: the first row is fixed to `1..n`, and
//! the relabelling `π` (with `g(σ(c)) = π(g(c))` for every cell `c`) is
//! built as the search goes. Placing `v` in `c` forces `π(v)` into `σ(c)`
//! when `π(v)` is known, learns `π(v)` when `σ(c)` is filled, and learns a
//! new value of `π` drags every cell holding that symbol along; a clash
//! (a symbol twice in a unit, `π` not one-to-one) prunes. Each grid `σ`
//! maps to a relabelling of itself would be one leaf — 8·10⁸ of them over
//! the 9×9 classes (Russell & Jarvis's class 134 alone has `A` =
//! 449,445,888), over 16 minutes. So the search memoises at two boundaries,
//! row 2 and the first band: a full first band's completions are counted
//! once per orbit of first bands under the symmetries that commute with `σ`
//! and keep the band (relabelled to first row `1..n`), which the first-band
//! count then reuses for every band of that orbit. The whole 9×9 takes about
//! 40 s natively; the largest class (`A` = 155,492,352, bands 2 and 3
//! swapped, where band 3 follows band 2) about 18 s.
//!
//! Everything is exact integer arithmetic; the division by `|G|` is checked
//! to leave no remainder.

use crate::count::grids::factorial;
use crate::count::total::GridTotal;
use crate::sudoku::Shape;
use std::collections::HashMap;
use std::fmt;

/// What can go wrong before counting starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EssentialError {
    /// Only 4×4, 6×6 and 9×9 are within reach.
    Unsupported(Shape),
}

impl fmt::Display for EssentialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EssentialError::Unsupported(s) => write!(
                f,
                "essentially different grids are counted for box shapes 2x2, 2x3, 3x2 and 3x3 only, \
                 not {s}"
            ),
        }
    }
}

impl std::error::Error for EssentialError {}

/// Published counts of essentially different grids, with their sources.
pub fn published(shape: Shape, transpose: bool) -> Option<(u128, &'static str)> {
    match (shape.box_rows, shape.box_cols, transpose) {
        (3, 3, true) => Some((
            5_472_730_538,
            "Russell & Jarvis, Mathematics of Sudoku II (2006); OEIS A109741",
        )),
        (3, 3, false) => Some((
            10_945_437_157,
            "K. F. Pettersen (kjellfp), Sudoku Players' Forum, 2006: without transposition",
        )),
        (2, 2, true) => Some((2, "Shidoku: Arnold, Lucas & Taalman (2010); OEIS A109741")),
        (2, 2, false) => Some((
            3,
            "K. F. Pettersen (kjellfp), Sudoku Players' Forum, 2006: without transposition",
        )),
        (2, 3, _) | (3, 2, _) => Some((
            49,
            "K. F. Pettersen (kjellfp), Sudoku Players' Forum, 2006; Wikipedia, Mathematics of Sudoku",
        )),
        _ => None,
    }
}

/// A permutation of rows (or columns) in the band group `S_k ≀ S_m`.
type Perm = Vec<u8>;

/// The grid symmetries of a shape: row permutations (bands and rows inside
/// them), column permutations (stacks and columns inside them), and
/// transposition when the boxes are square and `transpose` is asked for.
pub struct SymmetryGroup {
    shape: Shape,
    rows: Vec<Perm>,
    cols: Vec<Perm>,
    transpose: bool,
    /// `row_compose[a * rows + b]` = index of `rows[a] ∘ rows[b]`.
    row_compose: Vec<u32>,
    col_compose: Vec<u32>,
    row_inverse: Vec<u32>,
    col_inverse: Vec<u32>,
}

/// One element: transpose if `t`, then rows by `r`, columns by `c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Element {
    pub r: u32,
    pub c: u32,
    pub t: bool,
}

/// All permutations of `0..k`.
fn permutations(k: usize) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(k - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, (k - 1) as u8);
            out.push(q);
        }
    }
    // Lexicographic, so the identity comes first.
    out.sort_unstable();
    out
}

/// `S_k ≀ S_m` on `k·m` lines: `m` blocks of `k` lines, the blocks permuted
/// and the lines inside each block permuted.
fn wreath(k: usize, m: usize) -> Vec<Perm> {
    let inner = permutations(k);
    let mut out = Vec::new();
    for outer in permutations(m) {
        // Every choice of an inner permutation per block: mixed radix.
        let total = inner.len().pow(m as u32);
        for code in 0..total {
            let mut p = vec![0u8; k * m];
            let mut x = code;
            for b in 0..m {
                let q = &inner[x % inner.len()];
                x /= inner.len();
                for o in 0..k {
                    p[b * k + o] = outer[b] * k as u8 + q[o];
                }
            }
            out.push(p);
        }
    }
    out
}

/// Composition and inverse tables of a permutation group given as a list.
fn tables(perms: &[Perm]) -> (Vec<u32>, Vec<u32>) {
    let index: HashMap<&[u8], u32> = perms
        .iter()
        .enumerate()
        .map(|(i, p)| (p.as_slice(), i as u32))
        .collect();
    let n = perms.len();
    let mut compose = vec![0u32; n * n];
    let mut p = vec![0u8; perms[0].len()];
    for (a, pa) in perms.iter().enumerate() {
        for (b, pb) in perms.iter().enumerate() {
            for (i, slot) in p.iter_mut().enumerate() {
                *slot = pa[pb[i] as usize];
            }
            compose[a * n + b] = index[p.as_slice()];
        }
    }
    let inverse = perms
        .iter()
        .map(|pa| {
            let mut q = vec![0u8; pa.len()];
            for (i, &x) in pa.iter().enumerate() {
                q[x as usize] = i as u8;
            }
            index[q.as_slice()]
        })
        .collect();
    (compose, inverse)
}

impl SymmetryGroup {
    /// The group of `shape`; `transpose` only counts for square boxes.
    pub fn new(shape: Shape, transpose: bool) -> SymmetryGroup {
        let (br, bc) = (shape.box_rows, shape.box_cols);
        // Rows: bc bands of br rows; columns: br stacks of bc columns.
        let rows = wreath(br, bc);
        let cols = wreath(bc, br);
        let (row_compose, row_inverse) = tables(&rows);
        let (col_compose, col_inverse) = tables(&cols);
        SymmetryGroup {
            shape,
            rows,
            cols,
            transpose: transpose && shape.is_square(),
            row_compose,
            col_compose,
            row_inverse,
            col_inverse,
        }
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `|G|`.
    pub fn order(&self) -> u64 {
        (self.rows.len() * self.cols.len() * if self.transpose { 2 } else { 1 }) as u64
    }

    pub fn with_transpose(&self) -> bool {
        self.transpose
    }

    fn index(&self, e: Element) -> u32 {
        ((e.t as u32 * self.rows.len() as u32) + e.r) * self.cols.len() as u32 + e.c
    }

    fn element(&self, i: u32) -> Element {
        let nc = self.cols.len() as u32;
        let nr = self.rows.len() as u32;
        Element {
            c: i % nc,
            r: (i / nc) % nr,
            t: i / nc / nr == 1,
        }
    }

    /// `a ∘ b` (b first). With a transposition the row and column groups
    /// are the same list (square boxes), so the cross terms index both.
    fn compose(&self, a: Element, b: Element) -> Element {
        let nr = self.rows.len();
        let nc = self.cols.len();
        if a.t {
            Element {
                r: self.row_compose[a.r as usize * nr + b.c as usize],
                c: self.col_compose[a.c as usize * nc + b.r as usize],
                t: !b.t,
            }
        } else {
            Element {
                r: self.row_compose[a.r as usize * nr + b.r as usize],
                c: self.col_compose[a.c as usize * nc + b.c as usize],
                t: b.t,
            }
        }
    }

    fn inverse(&self, a: Element) -> Element {
        if a.t {
            Element {
                r: self.col_inverse[a.c as usize],
                c: self.row_inverse[a.r as usize],
                t: true,
            }
        } else {
            Element {
                r: self.row_inverse[a.r as usize],
                c: self.col_inverse[a.c as usize],
                t: false,
            }
        }
    }

    /// Where the element sends each cell (row-major indices).
    pub fn cell_map(&self, e: Element) -> Vec<u16> {
        let n = self.shape.size();
        let (r, c) = (&self.rows[e.r as usize], &self.cols[e.c as usize]);
        (0..n * n)
            .map(|x| {
                let (i, j) = (x / n, x % n);
                let (a, b) = if e.t {
                    (r[j] as usize, c[i] as usize)
                } else {
                    (r[i] as usize, c[j] as usize)
                };
                (a * n + b) as u16
            })
            .collect()
    }

    /// Generators: swaps and cycles of the rows in band 0 and of the bands,
    /// the same for columns, and the transposition.
    fn generators(&self) -> Vec<Element> {
        let find = |perms: &[Perm], p: &Perm| perms.iter().position(|q| q == p).unwrap() as u32;
        let (br, bc) = (self.shape.box_rows, self.shape.box_cols);
        let gens = |k: usize, m: usize, perms: &[Perm]| -> Vec<u32> {
            let id: Perm = (0..(k * m) as u8).collect();
            let mut out = Vec::new();
            // Inside block 0: (0 1) and (0 1 … k−1).
            let mut swap = id.clone();
            swap.swap(0, 1.min(k - 1));
            out.push(find(perms, &swap));
            let mut cyc = id.clone();
            for (o, slot) in cyc.iter_mut().take(k).enumerate() {
                *slot = ((o + 1) % k) as u8;
            }
            out.push(find(perms, &cyc));
            // Blocks: (0 1) and (0 1 … m−1).
            let mut bswap = id.clone();
            let mut bcyc = id.clone();
            for b in 0..m {
                for o in 0..k {
                    let s = if b == 0 && m > 1 {
                        1
                    } else if b == 1 {
                        0
                    } else {
                        b
                    };
                    bswap[b * k + o] = (s * k + o) as u8;
                    bcyc[b * k + o] = (((b + 1) % m) * k + o) as u8;
                }
            }
            out.push(find(perms, &bswap));
            out.push(find(perms, &bcyc));
            out
        };
        let mut out: Vec<Element> = gens(br, bc, &self.rows)
            .into_iter()
            .map(|r| Element { r, c: 0, t: false })
            .collect();
        // Index 0 of each list is the identity (first outer and inner perms).
        out.extend(
            gens(bc, br, &self.cols)
                .into_iter()
                .map(|c| Element { r: 0, c, t: false }),
        );
        if self.transpose {
            out.push(Element {
                r: 0,
                c: 0,
                t: true,
            });
        }
        out
    }

    /// The conjugacy classes: a representative (the smallest index) and a
    /// size each, the identity's first.
    pub fn classes(&self) -> Vec<Class> {
        let total = self.order() as u32;
        let mut parent: Vec<u32> = (0..total).collect();
        fn find(p: &mut [u32], mut x: u32) -> u32 {
            while p[x as usize] != x {
                let y = p[p[x as usize] as usize];
                p[x as usize] = y;
                x = y;
            }
            x
        }
        let gens: Vec<(Element, Element)> = self
            .generators()
            .into_iter()
            .map(|g| (g, self.inverse(g)))
            .collect();
        for i in 0..total {
            let x = self.element(i);
            for &(g, gi) in &gens {
                let y = self.index(self.compose(g, self.compose(x, gi)));
                let (a, b) = (find(&mut parent, i), find(&mut parent, y));
                if a != b {
                    parent[a.max(b) as usize] = a.min(b);
                }
            }
        }
        let mut size: HashMap<u32, u64> = HashMap::new();
        for i in 0..total {
            *size.entry(find(&mut parent, i)).or_default() += 1;
        }
        let mut classes: Vec<Class> = size
            .into_iter()
            .map(|(rep, size)| Class {
                representative: self.element(rep),
                size,
            })
            .collect();
        classes.sort_by_key(|c| self.index(c.representative));
        classes
    }

    /// The symmetries that commute with `e`, do not transpose and map rows
    /// `0..rows` onto themselves, as their actions on those rows (row map
    /// restricted to them, column map), without repeats.
    fn row_block_centraliser(&self, e: Element, rows: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for (ri, rp) in self.rows.iter().enumerate() {
            if rp[..rows].iter().any(|&x| x as usize >= rows) {
                continue;
            }
            for (ci, cp) in self.cols.iter().enumerate() {
                let h = Element {
                    r: ri as u32,
                    c: ci as u32,
                    t: false,
                };
                if self.compose(h, e) != self.compose(e, h) {
                    continue;
                }
                let action = (rp[..rows].to_vec(), cp.clone());
                if seen.insert(action.clone()) {
                    out.push(action);
                }
            }
        }
        out
    }

    /// Whether the element is the identity.
    pub fn is_identity(&self, e: Element) -> bool {
        !e.t && e.r == 0 && e.c == 0
    }

    /// The element's order (as a permutation of the cells).
    pub fn element_order(&self, e: Element) -> u32 {
        let mut k = 1;
        let mut x = e;
        while !self.is_identity(x) {
            x = self.compose(e, x);
            k += 1;
        }
        k
    }
}

/// A conjugacy class of grid symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    pub representative: Element,
    pub size: u64,
}

/// One row of the per-class table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClassRow {
    /// Position in the list of classes (the identity is 1).
    pub number: usize,
    pub size: u64,
    /// The representative's order.
    pub order: u32,
    /// Whether it transposes.
    pub transposes: bool,
    /// `A`: grids with first row `1..n` it maps to a relabelling of themselves.
    pub fixed: u128,
}

/// Counts `A(σ)` by search: grids with first row `1..n` with
/// `g(σ(c)) = π(g(c))` for one relabelling `π`, built as the search goes.
/// Pausable: [`FixedSearch::run`] stops after a node budget.
pub struct FixedSearch {
    n: usize,
    fwd: Vec<u16>,
    bwd: Vec<u16>,
    unit: Vec<[u8; 3]>,
    grid: Vec<u8>,
    masks: Vec<u16>,
    /// Cells holding each symbol (bit per cell; at most 81 cells).
    pos: Vec<u128>,
    pi: [u8; 10],
    pinv: [u8; 10],
    trail: Vec<Undo>,
    queue: Vec<(u16, u8)>,
    /// Frames: the cell, the symbols still to try, the trail length before.
    stack: Vec<(u16, u16, u32)>,
    found: u128,
    nodes: u64,
    done: bool,
    /// Memo boundaries (empty for [`FixedSearch::new`]): see [`Level`].
    levels: Vec<Level>,
    /// Subtrees whose count will be memoised when their frame is popped.
    pending: Vec<Pending>,
    /// Boundary states answered from a memo.
    hits: u64,
}

/// A memo boundary: the moment the first `rows` rows are full. How many grids
/// complete such a state depends only on those rows (everything else in the
/// state is their propagation through `σ` and `π`), and a symmetry `h` that
/// commutes with `σ` and maps those rows onto themselves sends the
/// completions of a state one-to-one onto the completions of `h`'s image,
/// relabelled so its first row reads `1..n` again. So states are memoised by
/// their smallest image: Russell & Jarvis's large classes (`A` up to 4.5·10⁸
/// grids, each a leaf of the plain search) collapse to a few hundred orbits of
/// first bands, each searched once.
struct Level {
    /// The boundary: cells `0..rows·n` are full.
    rows: usize,
    /// Each symmetry's action on those rows: new row of each old row, new
    /// column of each old column. The identity is among them.
    actions: Vec<(Vec<u8>, Vec<u8>)>,
    memo: HashMap<u128, u128>,
}

/// A boundary state being counted: the frame at `depth`, its key, the count
/// before it.
struct Pending {
    depth: usize,
    level: usize,
    key: u128,
    before: u128,
}

/// What the search does next.
enum Branch {
    /// Every cell is filled: one grid.
    Full,
    /// Some empty cell has no candidate.
    Dead,
    /// Branch on this cell's candidates.
    Cell(u16, u16),
}

#[derive(Clone, Copy)]
enum Undo {
    Cell(u16),
    Pi(u8),
}

impl FixedSearch {
    /// The search for the symmetry sending cell `c` to `map[c]`.
    pub fn new(shape: Shape, map: &[u16]) -> FixedSearch {
        let n = shape.size();
        assert!(n <= 9, "the fixed-grid search handles up to 9 symbols");
        let mut bwd = vec![0u16; n * n];
        for (c, &d) in map.iter().enumerate() {
            bwd[d as usize] = c as u16;
        }
        let unit = (0..n * n)
            .map(|c| {
                let (r, k) = (c / n, c % n);
                [r as u8, (n + k) as u8, (2 * n + shape.box_of(r, k)) as u8]
            })
            .collect();
        let mut s = FixedSearch {
            n,
            fwd: map.to_vec(),
            bwd,
            unit,
            grid: vec![0; n * n],
            masks: vec![0; 3 * n],
            pos: vec![0; n + 1],
            pi: [0; 10],
            pinv: [0; 10],
            trail: Vec::new(),
            queue: Vec::new(),
            stack: Vec::new(),
            found: 0,
            nodes: 0,
            done: false,
            levels: Vec::new(),
            pending: Vec::new(),
            hits: 0,
        };
        let first_row_fits = (0..n).all(|k| s.place(k as u16, k as u8 + 1));
        match (first_row_fits, s.most_constrained()) {
            (false, _) | (true, Branch::Dead) => s.done = true,
            (true, Branch::Full) => {
                s.found = 1;
                s.done = true;
            }
            (true, Branch::Cell(c, cand)) => s.stack.push((c, cand, s.trail.len() as u32)),
        }
        s
    }

    /// The search for one element of `group`, with memo boundaries after
    /// row 2 and after the first band (see [`Level`]).
    pub fn for_element(group: &SymmetryGroup, e: Element) -> FixedSearch {
        let shape = group.shape;
        let n = shape.size();
        let mut s = FixedSearch::new(shape, &group.cell_map(e));
        let mut bounds = vec![2, shape.box_rows];
        bounds.dedup();
        for rows in bounds.into_iter().filter(|&r| r >= 2 && r < n) {
            s.levels.push(Level {
                rows,
                actions: group.row_block_centraliser(e, rows),
                memo: HashMap::new(),
            });
        }
        s
    }

    /// Boundary states answered from a memo so far.
    pub fn memo_hits(&self) -> u64 {
        self.hits
    }

    /// The deepest boundary a placement in `c` crossed, when the first empty
    /// cell is now `d`.
    fn crossed(&self, c: u16, d: u16) -> Option<usize> {
        let n = self.n;
        (0..self.levels.len()).rev().find(|&l| {
            let b = (self.levels[l].rows * n) as u16;
            c < b && d >= b
        })
    }

    /// The smallest image of the state's first rows (the first one
    /// relabelled to `1..n`, the others packed four bits a cell).
    fn canon(&self, level: usize) -> u128 {
        let n = self.n;
        let lv = &self.levels[level];
        let mut image = [0u8; 81];
        let mut best = u128::MAX;
        for (rp, cp) in &lv.actions {
            for (i, &ni) in rp.iter().enumerate() {
                for (j, &nj) in cp.iter().enumerate() {
                    image[ni as usize * n + nj as usize] = self.grid[i * n + j];
                }
            }
            let mut tau = [0u8; 10];
            for j in 0..n {
                tau[image[j] as usize] = j as u8 + 1;
            }
            let mut key = 0u128;
            for &v in &image[n..lv.rows * n] {
                key = (key << 4) | tau[v as usize] as u128;
            }
            best = best.min(key);
        }
        best
    }

    /// Memoises the subtrees whose frames have just been popped.
    fn close_pending(&mut self) {
        while let Some(p) = self.pending.last() {
            if p.depth != self.stack.len() {
                break;
            }
            let p = self.pending.pop().expect("just seen");
            self.levels[p.level]
                .memo
                .insert(p.key, self.found - p.before);
        }
    }

    /// The first empty cell in row-major order. (First-fail — the cell with
    /// the fewest candidates — was measured slower on 9×9: classes 1–121 took
    /// ~700 s against ~210 s, more nodes and dearer ones; propagation through
    /// π already does the pruning.)
    fn most_constrained(&self) -> Branch {
        match self.grid.iter().position(|&v| v == 0) {
            None => Branch::Full,
            Some(c) => match self.candidates(c as u16) {
                0 => Branch::Dead,
                cand => Branch::Cell(c as u16, cand),
            },
        }
    }

    fn candidates(&self, c: u16) -> u16 {
        let [a, b, x] = self.unit[c as usize];
        let full = (1u16 << self.n) - 1;
        full & !(self.masks[a as usize] | self.masks[b as usize] | self.masks[x as usize])
    }

    /// `π(a) = b`, and everything it forces.
    fn learn(&mut self, a: u8, b: u8) -> bool {
        if self.pinv[b as usize] != 0 {
            return false;
        }
        self.pi[a as usize] = b;
        self.pinv[b as usize] = a;
        self.trail.push(Undo::Pi(a));
        let mut cells = self.pos[a as usize];
        while cells != 0 {
            let x = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            self.queue.push((self.fwd[x], b));
        }
        let mut cells = self.pos[b as usize];
        while cells != 0 {
            let y = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            self.queue.push((self.bwd[y], a));
        }
        true
    }

    /// Puts `v` in `c` and propagates; false on a clash (the trail keeps
    /// what was done, for [`FixedSearch::undo_to`]).
    fn place(&mut self, c: u16, v: u8) -> bool {
        self.queue.clear();
        self.queue.push((c, v));
        while let Some((c, v)) = self.queue.pop() {
            let cu = c as usize;
            let cur = self.grid[cu];
            if cur != 0 {
                if cur != v {
                    return false;
                }
                continue;
            }
            let bit = 1u16 << (v - 1);
            let [a, b, x] = self.unit[cu];
            let (a, b, x) = (a as usize, b as usize, x as usize);
            if (self.masks[a] | self.masks[b] | self.masks[x]) & bit != 0 {
                return false;
            }
            self.grid[cu] = v;
            self.masks[a] |= bit;
            self.masks[b] |= bit;
            self.masks[x] |= bit;
            self.pos[v as usize] |= 1u128 << cu;
            self.trail.push(Undo::Cell(c));
            // Forward: σ(c) holds π(v).
            let d = self.fwd[cu] as usize;
            let pv = self.pi[v as usize];
            if pv != 0 {
                self.queue.push((d as u16, pv));
            } else if self.grid[d] != 0 && !self.learn(v, self.grid[d]) {
                return false;
            }
            // Backward: c = σ(p) holds π(g(p)).
            let p = self.bwd[cu] as usize;
            let u = self.grid[p];
            if u != 0 {
                let pu = self.pi[u as usize];
                if pu != 0 {
                    if pu != v {
                        return false;
                    }
                } else if !self.learn(u, v) {
                    return false;
                }
            } else if self.pinv[v as usize] != 0 {
                self.queue.push((p as u16, self.pinv[v as usize]));
            }
        }
        true
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than mark") {
                Undo::Cell(c) => {
                    let cu = c as usize;
                    let v = self.grid[cu];
                    let bit = !(1u16 << (v - 1));
                    for &u in &self.unit[cu] {
                        self.masks[u as usize] &= bit;
                    }
                    self.pos[v as usize] &= !(1u128 << cu);
                    self.grid[cu] = 0;
                }
                Undo::Pi(a) => {
                    let b = self.pi[a as usize];
                    self.pinv[b as usize] = 0;
                    self.pi[a as usize] = 0;
                }
            }
        }
    }

    /// Searches at most about `budget` nodes; true when finished.
    pub fn run(&mut self, budget: u64) -> bool {
        let stop = self.nodes + budget;
        while !self.done {
            if self.nodes >= stop {
                return false;
            }
            let Some(top) = self.stack.last_mut() else {
                self.done = true;
                break;
            };
            let (c, cand, mark) = *top;
            if cand == 0 {
                self.stack.pop();
                self.undo_to(mark as usize);
                self.close_pending();
                continue;
            }
            let bit = cand & cand.wrapping_neg();
            top.1 = cand & !bit;
            self.undo_to(mark as usize);
            self.nodes += 1;
            if !self.place(c, bit.trailing_zeros() as u8 + 1) {
                continue;
            }
            match self.most_constrained() {
                Branch::Full => self.found += 1,
                Branch::Dead => {}
                Branch::Cell(d, cand) => {
                    if let Some(level) = self.crossed(c, d) {
                        let key = self.canon(level);
                        if let Some(&known) = self.levels[level].memo.get(&key) {
                            self.found += known;
                            self.hits += 1;
                            continue;
                        }
                        self.pending.push(Pending {
                            depth: self.stack.len(),
                            level,
                            key,
                            before: self.found,
                        });
                    }
                    self.stack.push((d, cand, self.trail.len() as u32))
                }
            }
        }
        true
    }

    pub fn found(&self) -> u128 {
        self.found
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn is_done(&self) -> bool {
        self.done
    }
}

/// Progress of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EssentialProgress {
    /// Classes whose `A` is known.
    pub classes_done: usize,
    pub classes: usize,
    /// Search nodes so far (the 9×9 identity's band orbits count as nodes).
    pub nodes: u64,
}

/// The whole count, class by class, pausable so a worker can report
/// progress and stop.
///
/// Its classes are always the conjugacy classes of the group *with*
/// transposition (for square boxes). Without transposition the count runs
/// over the classes that do not transpose: they partition the subgroup `H`
/// of the symmetries that do not transpose (conjugation keeps "transposes"),
/// `A` is constant on each, so `Σ_{h∈H} A(h) = Σ_{C⊂H} |C|·A(C)`. One class
/// of the whole group can be two classes of `H`, so this searches each such
/// pair once: the 9×9 count without transposition costs the non-transposing
/// part of the count with it, and a run with transposition yields both
/// totals ([`EssentialCount::total_without_transposition`]).
pub struct EssentialCount {
    group: SymmetryGroup,
    /// Whether the count is up to transposition too (square boxes only).
    transpose: bool,
    classes: Vec<Class>,
    rows: Vec<ClassRow>,
    current: Option<Current>,
    nodes: u64,
}

enum Current {
    Total(Box<GridTotal>),
    Search(Box<FixedSearch>),
}

impl EssentialCount {
    /// Builds the group and its classes (about a second for 9×9 natively).
    pub fn new(shape: Shape, transpose: bool) -> Result<EssentialCount, EssentialError> {
        let supported = matches!(
            (shape.box_rows, shape.box_cols),
            (2, 2) | (2, 3) | (3, 2) | (3, 3)
        );
        if !supported {
            return Err(EssentialError::Unsupported(shape));
        }
        let group = SymmetryGroup::new(shape, true);
        let transpose = transpose && group.with_transpose();
        let classes = group
            .classes()
            .into_iter()
            .filter(|c| transpose || !c.representative.t)
            .collect();
        Ok(EssentialCount {
            group,
            transpose,
            classes,
            rows: Vec::new(),
            current: None,
            nodes: 0,
        })
    }

    /// The group whose classes these are: with transposition whenever the
    /// boxes are square, whichever count is asked for.
    pub fn group(&self) -> &SymmetryGroup {
        &self.group
    }

    /// Whether the count is up to transposition too.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// The order of the group counted by: `|G|`, or `|H|` without
    /// transposition.
    pub fn order(&self) -> u64 {
        if self.transpose {
            self.group.order()
        } else {
            self.order_without_transposition()
        }
    }

    /// `|H|`, the symmetries that do not transpose: `|G|/2` for square
    /// boxes, all of them otherwise.
    fn order_without_transposition(&self) -> u64 {
        if self.group.with_transpose() {
            self.group.order() / 2
        } else {
            self.group.order()
        }
    }

    pub fn classes(&self) -> &[Class] {
        &self.classes
    }

    /// The classes counted so far.
    pub fn rows(&self) -> &[ClassRow] {
        &self.rows
    }

    pub fn progress(&self) -> EssentialProgress {
        let inner = match &self.current {
            Some(Current::Search(s)) => s.nodes(),
            _ => 0,
        };
        EssentialProgress {
            classes_done: self.rows.len(),
            classes: self.classes.len(),
            nodes: self.nodes + inner,
        }
    }

    /// Works for about `budget` search nodes; true when every class is done.
    pub fn step(&mut self, budget: u64) -> bool {
        let Some(class) = self.classes.get(self.rows.len()).copied() else {
            return true;
        };
        let e = class.representative;
        let nine = self.group.shape.size() == 9;
        let current = self.current.get_or_insert_with(|| {
            if nine && self.group.is_identity(e) {
                Current::Total(Box::default())
            } else {
                Current::Search(Box::new(FixedSearch::for_element(&self.group, e)))
            }
        });
        let fixed = match current {
            Current::Total(t) => {
                self.nodes += 1;
                if t.step().is_some() {
                    None
                } else {
                    let total = t.total().expect("every orbit done");
                    Some(total / factorial(9))
                }
            }
            Current::Search(s) => s.run(budget).then(|| s.found()),
        };
        if let Some(fixed) = fixed {
            if let Some(Current::Search(s)) = &self.current {
                self.nodes += s.nodes();
            }
            self.current = None;
            self.rows.push(ClassRow {
                number: self.rows.len() + 1,
                size: class.size,
                order: self.group.element_order(e),
                transposes: e.t,
                fixed,
            });
        }
        self.rows.len() == self.classes.len()
    }

    /// `Σ |C| · A(C)`, over the classes done.
    pub fn weighted_sum(&self) -> u128 {
        self.rows.iter().map(|r| r.size as u128 * r.fixed).sum()
    }

    /// The number of essentially different grids, once every class is done;
    /// `None` before — and if the group's order did not divide the sum (a
    /// bug, never seen).
    pub fn total(&self) -> Option<u128> {
        self.orbits(self.weighted_sum(), self.order())
    }

    /// The number of grids essentially different without transposition,
    /// from the non-transposing classes alone: once every class is done, in
    /// either count (for a count with transposition it comes free).
    pub fn total_without_transposition(&self) -> Option<u128> {
        let s = self
            .rows
            .iter()
            .filter(|r| !r.transposes)
            .map(|r| r.size as u128 * r.fixed)
            .sum();
        self.orbits(s, self.order_without_transposition())
    }

    /// Burnside's `sum / order`, once every class is done; `None` before,
    /// or when the order does not divide the sum.
    fn orbits(&self, sum: u128, order: u64) -> Option<u128> {
        if self.rows.len() != self.classes.len() {
            return None;
        }
        let g = order as u128;
        sum.is_multiple_of(g).then_some(sum / g)
    }

    /// Runs to the end.
    pub fn run(self) -> (u128, Vec<ClassRow>) {
        let done = self.finish();
        let total = done.total().expect("Burnside's sum is a multiple of |G|");
        (total, done.rows)
    }

    /// Runs to the end and keeps the count, for both of its totals.
    pub fn finish(mut self) -> EssentialCount {
        while !self.step(1 << 24) {}
        self
    }
}

/// The number of essentially different grids of `shape`.
pub fn count_essentially_different(shape: Shape, transpose: bool) -> Result<u128, EssentialError> {
    Ok(EssentialCount::new(shape, transpose)?.run().0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::grids::count_grids;
    use std::collections::HashSet;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).unwrap()
    }

    #[test]
    fn group_orders() {
        assert_eq!(SymmetryGroup::new(shape(2, 2), true).order(), 128);
        assert_eq!(SymmetryGroup::new(shape(2, 2), false).order(), 64);
        assert_eq!(SymmetryGroup::new(shape(2, 3), true).order(), 48 * 72);
        assert_eq!(SymmetryGroup::new(shape(3, 3), true).order(), 3_359_232);
    }

    /// Composition and inverse agree with the cell maps they stand for.
    #[test]
    fn composition_matches_cell_maps() {
        for g in [
            SymmetryGroup::new(shape(2, 2), true),
            SymmetryGroup::new(shape(2, 3), false),
        ] {
            let all: Vec<Element> = (0..g.order() as u32).map(|i| g.element(i)).collect();
            let maps: Vec<Vec<u16>> = all.iter().map(|&e| g.cell_map(e)).collect();
            let distinct: HashSet<&Vec<u16>> = maps.iter().collect();
            assert_eq!(distinct.len(), all.len(), "elements are distinct cell maps");
            for (i, &a) in all.iter().enumerate().step_by(7) {
                for (j, &b) in all.iter().enumerate().step_by(5) {
                    let ab = g.cell_map(g.compose(a, b));
                    let expect: Vec<u16> = maps[j].iter().map(|&x| maps[i][x as usize]).collect();
                    assert_eq!(ab, expect);
                }
                let inv = g.cell_map(g.inverse(a));
                assert!((0..inv.len()).all(|x| maps[i][inv[x] as usize] as usize == x));
            }
        }
    }

    /// The union-find classes equal the conjugacy classes computed by brute
    /// force: the set `{ g x g⁻¹ : g ∈ G }` for each x, with cell maps.
    #[test]
    fn classes_match_brute_force_conjugation() {
        for g in [
            SymmetryGroup::new(shape(2, 2), true),
            SymmetryGroup::new(shape(2, 3), false),
        ] {
            let all: Vec<Element> = (0..g.order() as u32).map(|i| g.element(i)).collect();
            let maps: Vec<Vec<u16>> = all.iter().map(|&e| g.cell_map(e)).collect();
            let mut seen: HashSet<Vec<u16>> = HashSet::new();
            let mut brute: Vec<u64> = Vec::new();
            for x in &maps {
                if seen.contains(x) {
                    continue;
                }
                let mut class: HashSet<Vec<u16>> = HashSet::new();
                for h in &maps {
                    // h x h⁻¹ as cell maps: h(x(h⁻¹(c))).
                    let mut hinv = vec![0u16; h.len()];
                    for (c, &d) in h.iter().enumerate() {
                        hinv[d as usize] = c as u16;
                    }
                    class.insert(
                        (0..h.len())
                            .map(|c| h[x[hinv[c] as usize] as usize])
                            .collect(),
                    );
                }
                brute.push(class.len() as u64);
                seen.extend(class);
            }
            let mut ours: Vec<u64> = g.classes().iter().map(|c| c.size).collect();
            brute.sort_unstable();
            ours.sort_unstable();
            assert_eq!(ours, brute);
        }
    }

    /// The identity's `A` is the number of grids over `n!`, against the
    /// plain grid count.
    #[test]
    fn identity_fixes_every_grid() {
        for (r, c) in [(2, 2), (2, 3), (3, 2)] {
            let s = shape(r, c);
            let id: Vec<u16> = (0..s.cells() as u16).collect();
            let mut f = FixedSearch::new(s, &id);
            assert!(f.run(u64::MAX));
            let grids = count_grids(s, 10_000_000).unwrap();
            assert_eq!(f.found() * factorial(s.size()), grids);
        }
    }

    /// Every 4×4 and 6×6 grid, by search; for each symmetry, the grids it
    /// maps to a relabelling of themselves, counted directly, against `A` —
    /// by the plain search and by the memoised one (bands of 2 and 3 rows,
    /// so both boundaries are crossed), which must answer some states from
    /// its memo.
    #[test]
    fn fixed_counts_match_brute_force() {
        for (r, c, t) in [(2, 2, true), (2, 3, false), (3, 2, false)] {
            let s = shape(r, c);
            let g = SymmetryGroup::new(s, t);
            let grids = all_grids_first_row_fixed(s);
            let mut hits = 0;
            for class in g.classes() {
                let map = g.cell_map(class.representative);
                let direct = grids
                    .iter()
                    .filter(|grid| maps_to_relabelling(grid, &map))
                    .count() as u128;
                let mut f = FixedSearch::new(s, &map);
                assert!(f.run(u64::MAX));
                assert_eq!(f.found(), direct, "{s} class {:?}", class.representative);
                let mut m = FixedSearch::for_element(&g, class.representative);
                assert!(m.run(u64::MAX));
                assert_eq!(
                    m.found(),
                    direct,
                    "{s} memoised, class {:?}",
                    class.representative
                );
                hits += m.memo_hits();
            }
            assert!(hits > 0, "{s}: the memo was never used");
        }
    }

    fn maps_to_relabelling(grid: &[u8], map: &[u16]) -> bool {
        let mut pi = [0u8; 10];
        grid.iter().enumerate().all(|(c, &v)| {
            let w = grid[map[c] as usize];
            if pi[v as usize] == 0 {
                pi[v as usize] = w;
            }
            pi[v as usize] == w
        })
    }

    /// Grids with first row 1..n, by plain backtracking.
    fn all_grids_first_row_fixed(s: Shape) -> Vec<Vec<u8>> {
        let n = s.size();
        let mut grid = vec![0u8; n * n];
        for (k, v) in grid.iter_mut().take(n).enumerate() {
            *v = k as u8 + 1;
        }
        let mut out = Vec::new();
        fn go(s: Shape, grid: &mut Vec<u8>, at: usize, out: &mut Vec<Vec<u8>>) {
            let n = s.size();
            if at == n * n {
                out.push(grid.clone());
                return;
            }
            let (r, c) = (at / n, at % n);
            for v in 1..=n as u8 {
                let clash = (0..n).any(|k| grid[r * n + k] == v || grid[k * n + c] == v);
                let boxed =
                    (0..n * n).any(|x| grid[x] == v && s.box_of(x / n, x % n) == s.box_of(r, c));
                if !clash && !boxed {
                    grid[at] = v;
                    go(s, grid, at + 1, out);
                    grid[at] = 0;
                }
            }
        }
        go(s, &mut grid, n, &mut out);
        out
    }

    /// Shidoku's orbits by brute force: all 288 grids, every symmetry and
    /// relabelling, canonical form = the smallest image.
    #[test]
    fn shidoku_orbits_by_brute_force() {
        let s = shape(2, 2);
        for (t, expect) in [(true, 2), (false, 3)] {
            let g = SymmetryGroup::new(s, t);
            let maps: Vec<Vec<u16>> = (0..g.order() as u32)
                .map(|i| g.cell_map(g.element(i)))
                .collect();
            let relabels = permutations(4);
            let mut canon: HashSet<Vec<u8>> = HashSet::new();
            let base = all_grids_first_row_fixed(s);
            assert_eq!(base.len(), 12);
            for grid in &base {
                for p in &relabels {
                    let g0: Vec<u8> = grid.iter().map(|&v| p[v as usize - 1] + 1).collect();
                    let g0 = &g0;
                    let best = maps
                        .iter()
                        .flat_map(|m| {
                            relabels.iter().map(move |q| {
                                let mut img = vec![0u8; 16];
                                for (c, &v) in g0.iter().enumerate() {
                                    img[m[c] as usize] = q[v as usize - 1] + 1;
                                }
                                img
                            })
                        })
                        .min()
                        .unwrap();
                    canon.insert(best);
                }
            }
            assert_eq!(canon.len(), expect);
            assert_eq!(count_essentially_different(s, t), Ok(expect as u128));
            assert_eq!(published(s, t).unwrap().0, expect as u128);
        }
    }

    #[test]
    fn six_by_six_has_49() {
        for s in [shape(2, 3), shape(3, 2)] {
            let n = count_essentially_different(s, true).unwrap();
            assert_eq!(n, published(s, true).unwrap().0);
            assert_eq!(n, 49);
        }
    }

    #[test]
    fn other_shapes_are_refused() {
        let err = EssentialCount::new(shape(2, 4), true).err().unwrap();
        assert_eq!(err, EssentialError::Unsupported(shape(2, 4)));
        assert!(err.to_string().contains("2x4"));
    }

    /// 9×9: 275 classes whose sizes sum to |G| (Russell & Jarvis).
    #[test]
    #[cfg_attr(not(optimized), ignore)]
    fn nine_by_nine_has_275_classes() {
        let g = SymmetryGroup::new(shape(3, 3), true);
        let classes = g.classes();
        assert_eq!(classes.len(), 275);
        assert_eq!(classes.iter().map(|c| c.size).sum::<u64>(), 3_359_232);
        assert!(g.is_identity(classes[0].representative));
        assert_eq!(classes[0].size, 1);
        // The count without transposition: the classes inside H.
        let h = EssentialCount::new(shape(3, 3), false).unwrap();
        assert_eq!(h.order(), 1_679_616);
        assert!(h.classes().iter().all(|k| !k.representative.t));
        assert_eq!(h.classes().iter().map(|k| k.size).sum::<u64>(), h.order());
    }

    /// The whole 9×9 count against Russell & Jarvis's table of the 27
    /// classes that fix some grid (class size, A), as quoted on the Sudoku
    /// Players' Forum ("Unique Sudokus (Russell & Jarvis)" thread): our
    /// classes are numbered differently, so the (size, A) pairs are
    /// compared as multisets, then the total. The same run's
    /// non-transposing classes give the count without transposition, to
    /// Pettersen's 10,945,437,157 — the sum the count without
    /// transposition makes ([`EssentialCount::new`] with `false` runs just
    /// those classes; 4×4 checks that path against brute force). About 45 s
    /// optimised on one core (`make test` runs it); unoptimised builds skip it.
    #[test]
    #[cfg_attr(
        not(optimized),
        ignore = "about 45 s optimised, far longer unoptimised"
    )]
    fn nine_by_nine_burnside_matches_russell_jarvis_and_pettersen() {
        let published_table: [(u64, u128); 27] = [
            (1, 18_383_222_420_692_992),
            (96, 21_233_664),
            (16, 107_495_424),
            (192, 4_204_224),
            (64, 2_508_084),
            (5184, 323_928),
            (20736, 162),
            (20736, 288),
            (144, 14_837_760),
            (1728, 2_592),
            (288, 5_184),
            (864, 2_085_120),
            (3456, 1_296),
            (1728, 294_912),
            (2304, 648),
            (1152, 6_342_480),
            (1296, 30_258_432),
            (10368, 1_854),
            (93312, 288),
            (2916, 155_492_352),
            (69984, 13_056),
            (972, 449_445_888),
            (3888, 27_648),
            (31104, 6_480),
            (15552, 1_728),
            (15552, 3_456),
            (7776, 13_824),
        ];
        let done = EssentialCount::new(shape(3, 3), true).unwrap().finish();
        let rows = done.rows();
        let mut ours: Vec<(u64, u128)> = rows
            .iter()
            .filter(|r| r.fixed > 0)
            .map(|r| (r.size, r.fixed))
            .collect();
        let mut theirs = published_table.to_vec();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs);
        assert_eq!(rows.len(), 275);
        assert_eq!(done.total(), Some(5_472_730_538));
        assert_eq!(done.total(), published(shape(3, 3), true).map(|(v, _)| v));
        assert_eq!(done.total_without_transposition(), Some(10_945_437_157));
        assert_eq!(
            done.total_without_transposition(),
            published(shape(3, 3), false).map(|(v, _)| v)
        );
    }

    /// Without transposition the count runs the non-transposing classes of
    /// the group with it: their sizes sum to `|H|`, each lies in `H`, and on
    /// 4×4 both totals of one run agree with the two separate counts (which
    /// brute force checks above).
    #[test]
    fn without_transposition_runs_the_classes_inside_h() {
        let c = EssentialCount::new(shape(2, 2), false).unwrap();
        assert!(!c.transposes());
        assert_eq!(c.order(), 64);
        assert!(c.classes().iter().all(|k| !k.representative.t));
        assert_eq!(c.classes().iter().map(|k| k.size).sum::<u64>(), c.order());
        let with = EssentialCount::new(shape(2, 2), true).unwrap().finish();
        let without = EssentialCount::new(shape(2, 2), false).unwrap().finish();
        assert_eq!(with.total_without_transposition(), without.total());
        assert_eq!(without.total_without_transposition(), without.total());
        assert_eq!(without.total(), Some(3));
        // Non-square boxes have no transposition: both totals are one.
        let six = EssentialCount::new(shape(2, 3), false).unwrap();
        assert!(!six.transposes());
        assert_eq!(six.order(), six.group().order());
    }
}
