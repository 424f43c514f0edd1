//! The number of 9×9 Sudoku grids, 6,670,903,752,021,072,936,960
//! (Felgenhauer & Jarvis, 2005), counted in seconds by bands.
//!
//! Felgenhauer and Jarvis fixed the top band, reduced its 2,612,736 fillings
//! to 44 classes by symmetry and counted the completions of each. We keep
//! their idea — symmetry first, then count what is left — but count with
//! *column signatures*, which makes the completions a product-sum instead of
//! a search:
//!
//! * A band's **signature** σ is, for each of the 9 columns, the set of 3
//!   symbols in it. Inside one stack the three column sets split the nine
//!   symbols: an ordered partition into triples (1,680 of them).
//! * Three bands make a grid exactly when, in every column, their three sets
//!   are disjoint. Whether a band fits above or below another depends only on
//!   their signatures, so with `N(σ)` = the bands of signature σ,
//!   `grids = Σ_{σ1} N(σ1) · M(σ1)` with `M(σ1) = Σ_{σ2} N(σ2) · N(σ3)`, σ3
//!   being the column-wise complement of σ1 ∪ σ2.
//! * Given σ1, a stack of σ2 is one of only 56 partitions (each symbol avoids
//!   one column: C(3,x)³ summed over x), and σ3's stack is the complement of
//!   σ2's — so `M` is one sum over 56³ triples of a table of 56³ values of `N`.
//! * `N(σ)` counts ways to put each column's three symbols on the band's
//!   three rows so every row holds every symbol once: the rows of stacks 1
//!   and 2 force stack 3's, so it is a count over pairs of row assignments,
//!   tabulated once per (stack 1, stack 2) pair and read off for every stack 3.
//! * Relabelling the symbols, permuting columns inside a stack, and permuting
//!   stacks keep `N` and `M`. Fix the first stack of σ1 (×1,680) and the
//!   2,822,400 remaining signatures fall into 84 orbits (union-find over
//!   the generators); `N · M` is computed once per orbit: ~4 s natively.
//!
//! Everything is exact integer arithmetic; the tests check the parts
//! (`Σ N` = the number of bands, `N` and `M` against brute-force search on
//! partial grids) and the whole against the published total.

/// The nine symbols as bits.
const ALL: u16 = 0x1FF;

/// Ordered partitions of the nine symbols into three triples.
const PARTITIONS: usize = 1680;

/// Signatures with the first stack fixed: what the orbits split up.
pub const SIGNATURES: u64 = (PARTITIONS * PARTITIONS) as u64;

/// Partitions compatible with a given one (disjoint column by column).
const COMPATIBLE: usize = 56;

/// A stack's column sets, left to right.
type Partition = [u16; 3];

/// A stack's rows: the symbols each of the band's three rows holds there.
type Rows = [u16; 3];

/// Tables shared by every orbit: the partitions, their index, their row
/// assignments.
struct Tables {
    partitions: Vec<Partition>,
    /// `index[t0 * 512 + t1]` = the partition starting with columns t0, t1.
    index: Vec<u16>,
}

impl Tables {
    fn new() -> Tables {
        let triples: Vec<u16> = (0..512u16).filter(|m| m.count_ones() == 3).collect();
        let mut partitions = Vec::with_capacity(PARTITIONS);
        let mut index = vec![u16::MAX; 512 * 512];
        for &t0 in &triples {
            for &t1 in triples.iter().filter(|&&t| t & t0 == 0) {
                index[t0 as usize * 512 + t1 as usize] = partitions.len() as u16;
                partitions.push([t0, t1, ALL & !(t0 | t1)]);
            }
        }
        debug_assert_eq!(partitions.len(), PARTITIONS);
        Tables { partitions, index }
    }

    fn find(&self, p: Partition) -> usize {
        self.index[p[0] as usize * 512 + p[1] as usize] as usize
    }
}

/// The symbols of a mask, in increasing order.
fn symbols(mask: u16) -> [u16; 3] {
    let mut out = [0; 3];
    let mut m = mask;
    for o in &mut out {
        *o = m & m.wrapping_neg();
        m &= m - 1;
    }
    out
}

/// The six orders of three symbols.
fn orders(mask: u16) -> [[u16; 3]; 6] {
    let [a, b, c] = symbols(mask);
    [
        [a, b, c],
        [a, c, b],
        [b, a, c],
        [b, c, a],
        [c, a, b],
        [c, b, a],
    ]
}

/// The 216 ways to put each column's symbols on the three rows, or — with
/// `first_fixed` — the 36 where the first column is in increasing order:
/// one per orbit of the row permutations, which act freely.
fn row_assignments(p: Partition, first_fixed: bool) -> Vec<Rows> {
    let firsts = if first_fixed {
        vec![symbols(p[0])]
    } else {
        orders(p[0]).to_vec()
    };
    let mut out = Vec::with_capacity(firsts.len() * 36);
    for x in &firsts {
        for y in orders(p[1]) {
            for z in orders(p[2]) {
                out.push([x[0] | y[0] | z[0], x[1] | y[1] | z[1], x[2] | y[2] | z[2]]);
            }
        }
    }
    out
}

/// Whether each row's symbols meet each column once.
fn fits(rows: Rows, p: Partition) -> bool {
    rows.iter()
        .all(|&r| p.iter().all(|&col| (r & col).count_ones() == 1))
}

/// `N(σ)`: the bands whose column sets are `sigma`.
fn bands_with_signature(sigma: [Partition; 3]) -> u64 {
    let firsts = row_assignments(sigma[0], true);
    let seconds = row_assignments(sigma[1], false);
    let mut n = 0;
    for a in &firsts {
        for b in &seconds {
            if a[0] & b[0] | a[1] & b[1] | a[2] & b[2] != 0 {
                continue;
            }
            let c = [
                ALL & !(a[0] | b[0]),
                ALL & !(a[1] | b[1]),
                ALL & !(a[2] | b[2]),
            ];
            n += fits(c, sigma[2]) as u64;
        }
    }
    6 * n
}

/// For one signature σ1: the 56 partitions each of its stacks allows below
/// it, their row assignments, and which partition is each one's complement.
struct Below {
    stacks: [Vec<Partition>; 3],
    complement: [Vec<usize>; 3],
}

impl Below {
    fn new(tables: &Tables, sigma: [Partition; 3]) -> Below {
        let stack = |p: Partition| -> Vec<Partition> {
            tables
                .partitions
                .iter()
                .copied()
                .filter(|q| q.iter().zip(p).all(|(a, b)| a & b == 0))
                .collect()
        };
        let stacks = sigma.map(stack);
        let complement = std::array::from_fn(|s| {
            let p = sigma[s];
            stacks[s]
                .iter()
                .map(|q| {
                    let c = [
                        ALL & !(p[0] | q[0]),
                        ALL & !(p[1] | q[1]),
                        ALL & !(p[2] | q[2]),
                    ];
                    stacks[s].iter().position(|x| *x == c).expect("complement")
                })
                .collect()
        });
        Below { stacks, complement }
    }
}

/// Scratch space for `completions`: a histogram keyed by stack 3's first
/// two rows (18 bits).
struct Scratch {
    hist: Vec<u32>,
    touched: Vec<u32>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            hist: vec![0; 1 << 18],
            touched: Vec::with_capacity(46_656),
        }
    }
}

/// `M(σ1)`: the pairs of bands that complete a band of signature σ1 to a
/// grid.
fn completions(tables: &Tables, sigma: [Partition; 3], scratch: &mut Scratch) -> u64 {
    completions_with_work(tables, sigma, scratch).0
}

/// [`completions`] and the pairs of row assignments it tried.
fn completions_with_work(
    tables: &Tables,
    sigma: [Partition; 3],
    scratch: &mut Scratch,
) -> (u64, u64) {
    let below = Below::new(tables, sigma);
    let (n, work) = lower_table(&below, scratch);
    (paired_sum(&n, &below.complement), work)
}

/// Σ over σ2 of N(σ2) · N(σ3), σ3 being σ2's complement stack by stack.
fn paired_sum(n: &[u64], complement: &[Vec<usize>; 3]) -> u64 {
    let [ca, cb, cc] = complement;
    let mut m = 0u64;
    for (ia, &ja) in ca.iter().enumerate() {
        for (ib, &jb) in cb.iter().enumerate() {
            let base = (ia * COMPATIBLE + ib) * COMPATIBLE;
            let cbase = (ja * COMPATIBLE + jb) * COMPATIBLE;
            for (ic, &jc) in cc.iter().enumerate() {
                m += n[base + ic] * n[cbase + jc];
            }
        }
    }
    m
}

/// `N(a, b, c)` for every signature `(a, b, c)` that fits below σ1, at
/// `[(a * 56 + b) * 56 + c]`: for each (a, b), the row assignments of
/// stacks 1 and 2 that do not clash are binned by the rows they force on
/// stack 3, and each c sums the bins of its own row assignments.
fn lower_table(below: &Below, scratch: &mut Scratch) -> (Vec<u64>, u64) {
    debug_assert!(below.stacks.iter().all(|s| s.len() == COMPATIBLE));
    let firsts: Vec<Vec<Rows>> = below.stacks[0]
        .iter()
        .map(|&p| row_assignments(p, true))
        .collect();
    let seconds: Vec<Vec<Rows>> = below.stacks[1]
        .iter()
        .map(|&p| row_assignments(p, false))
        .collect();
    let thirds: Vec<Vec<u32>> = below.stacks[2]
        .iter()
        .map(|&p| {
            row_assignments(p, false)
                .iter()
                .map(|r| r[0] as u32 | (r[1] as u32) << 9)
                .collect()
        })
        .collect();
    // n[(a * 56 + b) * 56 + c] = N(a, b, c).
    let mut n = vec![0u64; COMPATIBLE * COMPATIBLE * COMPATIBLE];
    let Scratch { hist, touched } = scratch;
    let mut work = 0u64;
    for (ia, fa) in firsts.iter().enumerate() {
        for (ib, sb) in seconds.iter().enumerate() {
            work += (fa.len() * sb.len()) as u64;
            touched.clear();
            for a in fa {
                for b in sb {
                    if a[0] & b[0] | a[1] & b[1] | a[2] & b[2] != 0 {
                        continue;
                    }
                    let key = (ALL & !(a[0] | b[0])) as u32 | ((ALL & !(a[1] | b[1])) as u32) << 9;
                    let h = &mut hist[key as usize];
                    if *h == 0 {
                        touched.push(key);
                    }
                    *h += 1;
                }
            }
            if touched.is_empty() {
                continue;
            }
            let row = &mut n[(ia * COMPATIBLE + ib) * COMPATIBLE..][..COMPATIBLE];
            for (slot, tc) in row.iter_mut().zip(&thirds) {
                let s: u64 = tc.iter().map(|&k| hist[k as usize] as u64).sum();
                *slot = 6 * s;
            }
            for &k in touched.iter() {
                hist[k as usize] = 0;
            }
        }
    }
    (n, work)
}

/// Union-find over the 1680² signatures whose first stack is fixed.
struct Orbits {
    parent: Vec<u32>,
}

impl Orbits {
    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = p;
            x = p;
        }
        x
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            self.parent[hi as usize] = lo;
        }
    }
}

/// The first stack every counted signature starts with:
/// {1,2,3}, {4,5,6}, {7,8,9}.
const FIRST: Partition = [0b000_000_111, 0b000_111_000, 0b111_000_000];

/// Relabel the symbols of a partition by `perm` (symbol i → perm[i]).
fn relabel(p: Partition, perm: &[u16; 9]) -> Partition {
    p.map(|mask| {
        (0..9)
            .filter(|&i| mask >> i & 1 == 1)
            .fold(0, |acc, i| acc | 1 << perm[i])
    })
}

/// One orbit of signatures: a representative and how many it stands for.
#[derive(Clone, Copy, Debug)]
pub struct Orbit {
    pub second: usize,
    pub third: usize,
    pub size: u64,
}

/// The count, orbit by orbit, so a caller can show progress and stop.
pub struct GridTotal {
    tables: Tables,
    orbits: Vec<Orbit>,
    next: usize,
    /// Σ over the orbits done of size · N · M.
    partial: u128,
    scratch: Scratch,
}

/// Progress after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TotalProgress {
    pub orbits_done: usize,
    pub orbits: usize,
    /// Signatures (out of 1680²) accounted for so far.
    pub signatures_done: u64,
}

impl Default for GridTotal {
    fn default() -> Self {
        Self::new()
    }
}

impl GridTotal {
    /// Builds the tables and the orbits (a fraction of a second natively).
    pub fn new() -> GridTotal {
        let tables = Tables::new();
        let orbits = orbits(&tables);
        GridTotal {
            tables,
            orbits,
            next: 0,
            partial: 0,
            scratch: Scratch::new(),
        }
    }

    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// The grids of orbit `k` alone (its size · N · M, times the 1,680
    /// first stacks) and the work it took (pairs of row assignments
    /// tried): the orbits' grids add up to the total, so shards can share
    /// the orbits out (`tessera count grids --box 3x3 --shard I/N`).
    pub fn count_orbit(&self, k: usize) -> (u128, u64) {
        let o = self.orbits[k];
        let sigma = [
            FIRST,
            self.tables.partitions[o.second],
            self.tables.partitions[o.third],
        ];
        let n = bands_with_signature(sigma);
        let mut work = (36 * 216) as u64;
        if n == 0 {
            return (0, work);
        }
        let (m, w) = completions_with_work(&self.tables, sigma, &mut Scratch::new());
        work += w;
        (
            PARTITIONS as u128 * o.size as u128 * n as u128 * m as u128,
            work,
        )
    }

    /// Whether orbit `k`'s signature has any band (an orbit without one
    /// adds nothing and costs almost nothing).
    pub fn orbit_has_bands(&self, k: usize) -> bool {
        let o = self.orbits[k];
        bands_with_signature([
            FIRST,
            self.tables.partitions[o.second],
            self.tables.partitions[o.third],
        ]) > 0
    }

    /// Counts the next orbit; `None` when all are done.
    pub fn step(&mut self) -> Option<TotalProgress> {
        let o = *self.orbits.get(self.next)?;
        let sigma = [
            FIRST,
            self.tables.partitions[o.second],
            self.tables.partitions[o.third],
        ];
        let n = bands_with_signature(sigma);
        if n > 0 {
            let m = completions(&self.tables, sigma, &mut self.scratch);
            self.partial += o.size as u128 * n as u128 * m as u128;
        }
        self.next += 1;
        Some(self.progress())
    }

    pub fn progress(&self) -> TotalProgress {
        TotalProgress {
            orbits_done: self.next,
            orbits: self.orbits.len(),
            signatures_done: self.orbits[..self.next].iter().map(|o| o.size).sum(),
        }
    }

    /// The grids of the orbits counted so far (the total at the end).
    pub fn partial_total(&self) -> u128 {
        PARTITIONS as u128 * self.partial
    }

    /// The number of grids, once every orbit is done.
    pub fn total(&self) -> Option<u128> {
        (self.next == self.orbits.len()).then_some(PARTITIONS as u128 * self.partial)
    }

    /// Runs every remaining orbit.
    pub fn run(mut self) -> u128 {
        while self.step().is_some() {}
        self.total().expect("all orbits done")
    }
}

/// The orbits of (second stack, third stack) under the symmetries that keep
/// the first stack's partition (as a set of columns).
fn orbits(tables: &Tables) -> Vec<Orbit> {
    let p = PARTITIONS as u32;
    let mut uf = Orbits {
        parent: (0..p * p).collect(),
    };
    // Symbol relabellings keeping {123},{456},{789} as blocks (the first
    // stack's columns are then permuted, which is a symmetry too).
    let relabels: [[u16; 9]; 4] = [
        [1, 0, 2, 3, 4, 5, 6, 7, 8],
        [1, 2, 0, 3, 4, 5, 6, 7, 8],
        [3, 4, 5, 0, 1, 2, 6, 7, 8],
        [3, 4, 5, 6, 7, 8, 0, 1, 2],
    ];
    let maps: Vec<Vec<u16>> = relabels
        .iter()
        .map(|perm| {
            tables
                .partitions
                .iter()
                .map(|&q| tables.find(relabel(q, perm)) as u16)
                .collect()
        })
        .chain([[1, 0, 2], [1, 2, 0]].iter().map(|order| {
            tables
                .partitions
                .iter()
                .map(|q| tables.find([q[order[0]], q[order[1]], q[order[2]]]) as u16)
                .collect()
        }))
        .collect();
    let (relabel_maps, column_maps) = maps.split_at(relabels.len());
    for i in 0..p {
        for j in 0..p {
            let x = i * p + j;
            for m in relabel_maps {
                uf.union(x, m[i as usize] as u32 * p + m[j as usize] as u32);
            }
            for m in column_maps {
                uf.union(x, m[i as usize] as u32 * p + j);
                uf.union(x, i * p + m[j as usize] as u32);
            }
            uf.union(x, j * p + i);
        }
    }
    let mut size = vec![0u64; (p * p) as usize];
    for x in 0..p * p {
        let r = uf.find(x);
        size[r as usize] += 1;
    }
    size.iter()
        .enumerate()
        .filter(|(_, &s)| s > 0)
        .map(|(x, &s)| Orbit {
            second: x / PARTITIONS,
            third: x % PARTITIONS,
            size: s,
        })
        .collect()
}

/// The number of 9×9 grids.
pub fn count_nine_by_nine() -> u128 {
    GridTotal::new().run()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::grids::{count_completions, factorial};
    use crate::sudoku::Shape;

    #[test]
    fn partitions_and_compatibility() {
        let t = Tables::new();
        assert_eq!(t.partitions.len(), PARTITIONS);
        for (i, &p) in t.partitions.iter().enumerate() {
            assert_eq!(t.find(p), i);
            assert_eq!(p[0] | p[1] | p[2], ALL);
        }
        let below = Below::new(&t, [FIRST, t.partitions[7], t.partitions[900]]);
        for s in 0..3 {
            assert_eq!(below.stacks[s].len(), COMPATIBLE);
            // The complement is an involution without fixed points.
            for (i, &c) in below.complement[s].iter().enumerate() {
                assert_eq!(below.complement[s][c], i);
                assert_ne!(c, i);
            }
        }
    }

    /// Σ N(σ) over the signatures starting with FIRST = the bands whose
    /// first-stack columns are {1,2,3}, {4,5,6}, {7,8,9}: all 9!·2,612,736
    /// bands split evenly over the 1680 first stacks.
    #[test]
    fn signatures_account_for_every_band() {
        let g = GridTotal::new();
        let t = &g.tables;
        let sum: u128 = g
            .orbits()
            .iter()
            .map(|o| {
                o.size as u128
                    * bands_with_signature([FIRST, t.partitions[o.second], t.partitions[o.third]])
                        as u128
            })
            .sum();
        assert_eq!(sum * PARTITIONS as u128, factorial(9) * 2_612_736);
        let sizes: u64 = g.orbits().iter().map(|o| o.size).sum();
        assert_eq!(sizes, (PARTITIONS * PARTITIONS) as u64);
    }

    /// A band written out from rows: its signature.
    fn signature(rows: &[[u8; 9]]) -> [Partition; 3] {
        let t = Tables::new();
        let sig: [Partition; 3] = std::array::from_fn(|s| {
            std::array::from_fn(|k| {
                rows.iter()
                    .fold(0u16, |acc, r| acc | 1 << (r[3 * s + k] - 1))
            })
        });
        for p in sig {
            assert_ne!(t.find(p), u16::MAX as usize);
        }
        sig
    }

    /// N and M against plain search on partial grids.
    #[test]
    fn signature_counts_agree_with_search() {
        let shape = Shape::new(3, 3).unwrap();
        let band: [[u8; 9]; 3] = [
            [1, 2, 3, 4, 5, 6, 7, 8, 9],
            [4, 5, 6, 7, 8, 9, 1, 2, 3],
            [7, 8, 9, 1, 2, 3, 4, 5, 6],
        ];
        let second: [[u8; 9]; 3] = [
            [2, 3, 1, 5, 6, 4, 8, 9, 7],
            [5, 6, 4, 8, 9, 7, 2, 3, 1],
            [8, 9, 7, 2, 3, 1, 5, 6, 4],
        ];
        let sigma = signature(&band);
        // N: bands with this signature = completions of the empty 3-row
        // grid whose columns hold exactly these sets — count by search
        // through the third band of a grid whose first two bands force it.
        let mut cells = vec![0u8; 81];
        for (r, row) in band.iter().chain(&second).enumerate() {
            cells[r * 9..r * 9 + 9].copy_from_slice(row);
        }
        let third_sigma: [Partition; 3] = std::array::from_fn(|s| {
            std::array::from_fn(|k| ALL & !(sigma[s][k] | signature(&second)[s][k]))
        });
        assert_eq!(
            count_completions(shape, &cells, 10_000_000).unwrap(),
            bands_with_signature(third_sigma) as u128
        );
    }

    /// The binned table of `N` below a band equals `N` computed directly,
    /// entry by entry (a spread sample), and `M` is built from it.
    #[test]
    fn lower_table_agrees_with_direct_counts() {
        let t = Tables::new();
        let sigma = [FIRST, t.partitions[123], t.partitions[1500]];
        let below = Below::new(&t, sigma);
        let (table, _) = lower_table(&below, &mut Scratch::new());
        let direct = |a: usize, b: usize, c: usize| {
            bands_with_signature([below.stacks[0][a], below.stacks[1][b], below.stacks[2][c]])
        };
        let mut nonzero = 0;
        for a in (0..COMPATIBLE).step_by(5) {
            for b in (0..COMPATIBLE).step_by(7) {
                for c in (0..COMPATIBLE).step_by(3) {
                    let n = table[(a * COMPATIBLE + b) * COMPATIBLE + c];
                    assert_eq!(n, direct(a, b, c), "N({a}, {b}, {c})");
                    nonzero += (n > 0) as u32;
                }
            }
        }
        assert!(nonzero > 10, "the sample must reach signatures with bands");
        let m = paired_sum(&table, &below.complement);
        assert_eq!(m, completions(&t, sigma, &mut Scratch::new()));
    }

    // The whole total against the published value: tests/cli_sudoku_lab.rs
    // (`count_nine_by_nine_grids`, in optimised builds).
}
