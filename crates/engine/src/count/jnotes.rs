//! The J notes (NYCJUG 2012-10-10, the seed `004`) step by step: their
//! *Method 1* — solved grids built row by row, depth first, with a stack —
//! and their *box-by-box estimate* of the number of 9×9 grids, each number
//! recomputed here beside the exact value it approximates.
//!
//! Why both: the notes are a teaching text. A reader who follows them wants
//! to see the same grids in the same order, and to learn how good each
//! estimate is — which needs the exact numbers next to the estimated ones.
//!
//! "First" in the notes always means J's order: permutations in anagram
//! (lexicographic) order, boxes in the order of `{` (the catalogue of the
//! rows' choices), which is the lexicographic order of a box read row by
//! row. Every list below is produced in that order.

use super::grids::factorial;
use crate::sudoku::Shape;
use crate::text::group;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---------------------------------------------------------------------------
// Method 1: row by row
// ---------------------------------------------------------------------------

/// What one step of [`RowByRow`] did — the notes' `run` loop, one pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowStep {
    /// The partial grid on top of the stack (`rows` rows) was replaced by
    /// its `extensions` one row longer (0: a dead end).
    Extended { rows: usize, extensions: usize },
    /// A complete grid came off the stack (row-major symbols 1..n).
    Found(Vec<u8>),
}

/// The notes' `run`: a stack of partial grids, the first row 1..n. Popping
/// a partial grid pushes, in reverse, every row that differs from each row
/// above it in every position and keeps the (partial) boxes free of
/// repeats — the notes' `xtend` then `trim` — so the first extension is
/// explored first and grids come out in lexicographic order.
#[derive(Clone, Debug)]
pub struct RowByRow {
    shape: Shape,
    /// Each entry a partial grid: its rows, row-major.
    stack: Vec<Vec<u8>>,
    found: u64,
}

impl RowByRow {
    pub fn new(shape: Shape) -> RowByRow {
        let first: Vec<u8> = (1..=shape.size() as u8).collect();
        RowByRow {
            shape,
            stack: vec![first],
            found: 0,
        }
    }

    /// Complete grids found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Partial grids waiting on the stack.
    pub fn stack_len(&self) -> usize {
        self.stack.len()
    }

    /// The partial grid that the next step will pop, if any.
    pub fn top(&self) -> Option<&[u8]> {
        self.stack.last().map(|v| v.as_slice())
    }

    /// One pass of the loop; `None` once the stack is empty (every grid
    /// with first row 1..n has been found).
    pub fn step(&mut self) -> Option<RowStep> {
        let top = self.stack.pop()?;
        let n = self.shape.size();
        if top.len() == n * n {
            self.found += 1;
            return Some(RowStep::Found(top));
        }
        let rows = top.len() / n;
        let extensions = self.extensions(&top);
        let count = extensions.len();
        for row in extensions.into_iter().rev() {
            let mut next = top.clone();
            next.extend_from_slice(&row);
            self.stack.push(next);
        }
        Some(RowStep::Extended {
            rows,
            extensions: count,
        })
    }

    /// The next complete grid, stepping as far as needed.
    pub fn next_grid(&mut self) -> Option<Vec<u8>> {
        loop {
            if let RowStep::Found(g) = self.step()? {
                return Some(g);
            }
        }
    }

    /// Every row that may follow `partial`, in lexicographic order: the
    /// notes' `trim xtend`, generated position by position instead of by
    /// filtering all n! permutations (the same rows, the same order).
    fn extensions(&self, partial: &[u8]) -> Vec<Vec<u8>> {
        let n = self.shape.size();
        let row = partial.len() / n;
        let mut column = vec![0u32; n];
        let mut boxes = vec![0u32; n];
        let band_start = row - row % self.shape.box_rows;
        for (i, &v) in partial.iter().enumerate() {
            let bit = 1u32 << (v - 1);
            column[i % n] |= bit;
            if i / n >= band_start {
                boxes[self.shape.box_of(i / n, i % n)] |= bit;
            }
        }
        let mut out = Vec::new();
        let mut current = Vec::with_capacity(n);
        self.extend(row, 0, 0, &column, &mut boxes, &mut current, &mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        row: usize,
        col: usize,
        used: u32,
        column: &[u32],
        boxes: &mut [u32],
        current: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        let n = self.shape.size();
        if col == n {
            out.push(current.clone());
            return;
        }
        let b = self.shape.box_of(row, col);
        let blocked = used | column[col] | boxes[b];
        for v in 0..n {
            let bit = 1u32 << v;
            if blocked & bit == 0 {
                boxes[b] |= bit;
                current.push(v as u8 + 1);
                self.extend(row, col + 1, used | bit, column, boxes, current, out);
                current.pop();
                boxes[b] &= !bit;
            }
        }
    }
}

/// The first `count` grids of Method 1 (fewer if there are fewer).
pub fn first_grids(shape: Shape, count: usize) -> Vec<Vec<u8>> {
    let mut run = RowByRow::new(shape);
    std::iter::from_fn(|| run.next_grid()).take(count).collect()
}

// ---------------------------------------------------------------------------
// The box-by-box estimate (9×9)
// ---------------------------------------------------------------------------

/// A 3×3 box, row by row, symbols 1..9.
pub type Box3 = [u8; 9];

/// Symbol masks (bit v-1 for symbol v) a cell of a box must avoid.
type Forbidden = [u16; 9];

fn bit(v: u8) -> u16 {
    1 << (v - 1)
}

/// Every box (nine distinct symbols) whose cell k avoids `forbidden[k]`,
/// in lexicographic order — the notes' `exactlyAllPoss` / `genAllRC`.
pub fn boxes_avoiding(forbidden: &Forbidden) -> Vec<Box3> {
    fn rec(k: usize, used: u16, f: &Forbidden, cur: &mut Box3, out: &mut Vec<Box3>) {
        if k == 9 {
            out.push(*cur);
            return;
        }
        let blocked = used | f[k];
        for v in 1..=9u8 {
            if blocked & bit(v) == 0 {
                cur[k] = v;
                rec(k + 1, used | bit(v), f, cur, out);
            }
        }
    }
    let mut out = Vec::new();
    rec(0, 0, forbidden, &mut [0; 9], &mut out);
    out
}

/// The same boxes in the order the notes list boxes *below* another
/// (`|:&.>genAllRC&.|:`: generated on the transpose, so in lexicographic
/// order read column by column).
pub fn boxes_avoiding_by_columns(forbidden: &Forbidden) -> Vec<Box3> {
    let t = |b: &[u16; 9]| -> [u16; 9] { std::array::from_fn(|k| b[3 * (k % 3) + k / 3]) };
    boxes_avoiding(&t(forbidden))
        .into_iter()
        .map(|b| std::array::from_fn(|k| b[3 * (k % 3) + k / 3]))
        .collect()
}

/// How many boxes [`boxes_avoiding`] would list, without listing them.
fn count_avoiding(f: &Forbidden) -> u64 {
    fn rec(k: usize, used: u16, f: &Forbidden) -> u64 {
        if k == 9 {
            return 1;
        }
        let blocked = used | f[k];
        (1..=9u8)
            .filter(|&v| blocked & bit(v) == 0)
            .map(|v| rec(k + 1, used | bit(v), f))
            .sum()
    }
    rec(0, 0, f)
}

fn row_mask(b: &Box3, r: usize) -> u16 {
    bit(b[3 * r]) | bit(b[3 * r + 1]) | bit(b[3 * r + 2])
}

fn col_mask(b: &Box3, c: usize) -> u16 {
    bit(b[c]) | bit(b[3 + c]) | bit(b[6 + c])
}

/// Cell k avoids the row masks `rows[k / 3]` and column masks `cols[k % 3]`.
fn forbidden(rows: [u16; 3], cols: [u16; 3]) -> Forbidden {
    std::array::from_fn(|k| rows[k / 3] | cols[k % 3])
}

/// Union of the row masks of boxes side by side (a box row's neighbours).
fn rows_of(boxes: &[&Box3]) -> [u16; 3] {
    std::array::from_fn(|r| boxes.iter().fold(0, |m, b| m | row_mask(b, r)))
}

/// Union of the column masks of boxes stacked (a box column's neighbours).
fn cols_of(boxes: &[&Box3]) -> [u16; 3] {
    std::array::from_fn(|c| boxes.iter().fold(0, |m, b| m | col_mask(b, c)))
}

/// The notes' first box, `3 3 $ 0 A. I9`: 1 2 3 / 4 5 6 / 7 8 9.
pub const FIRST_BOX: Box3 = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// Every number of the notes' estimate, recomputed, with the exact values
/// it is measured against. Field names follow the notes' J names.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimates {
    /// `#allrc01`: boxes that may sit right of the first box (12,096).
    pub right: u64,
    /// `#allrc10`: boxes below it (12,096).
    pub below: u64,
    /// Their product (146,313,216): the pair is chosen independently.
    pub pairs: u128,
    /// `{.allrc01`, `{.allrc10`: the first of each, in J's order.
    pub first_right: Box3,
    pub first_below: Box3,
    /// `$some11`: boxes (1,1) between that first pair (392).
    pub first_pair_middle: u64,
    /// The first of them (`{.some11`), which the notes build on.
    pub first_middle: Box3,
    /// The exact total of boxes (1,1) over all 146,313,216 pairs: the
    /// notes' "about 400" is this divided by `pairs`.
    pub middle_total: u128,
    /// A sample like the notes' (100 random pairs): its mean, min, max.
    pub sample_size: usize,
    pub sample_mean: f64,
    pub sample_min: u64,
    pub sample_max: u64,
    /// On the notes' 6×6 corner: boxes (0,2) (216), the boxes (1,2) under
    /// each summed (1,728) and distinct (216), boxes (2,0) (216), the boxes
    /// (2,0) that leave some box (2,1) (192 — the notes' `#somerc21`, since
    /// `a:-.~` drops the empty lists), and the (2,0)+(2,1) pairs (1,536).
    pub box02: u64,
    pub box12_total: u64,
    pub box12_distinct: u64,
    pub box20: u64,
    pub box20_extendable: u64,
    pub rows: u64,
    /// `cols`: the (0,2)+(1,2) columns (1,728 = `box12_total`).
    pub cols: u64,
    /// `+/,rr`: (rows, cols) pairs that leave every cell of the last box a
    /// candidate (337,536) — the notes' count for the last box.
    pub viable: u64,
    /// The true number of completions of that 6×6 corner: pairs and a
    /// last box with nine distinct symbols.
    pub corner_completions: u64,
    /// The notes' product `9!·12096·12096·400·337536` (7.168 × 10²¹).
    pub estimate: u128,
}

impl Estimates {
    /// Everything above: a fraction of a second natively.
    pub fn compute() -> Estimates {
        let first = FIRST_BOX;
        let all_right = boxes_avoiding(&forbidden(rows_of(&[&first]), [0; 3]));
        let all_below = boxes_avoiding_by_columns(&forbidden([0; 3], cols_of(&[&first])));
        let right = all_right.len() as u64;
        let below = all_below.len() as u64;
        let (first_right, first_below) = (all_right[0], all_below[0]);
        let middle = |r: &Box3, b: &Box3| forbidden(rows_of(&[b]), cols_of(&[r]));
        let some11 = boxes_avoiding(&middle(&first_right, &first_below));
        let first_middle = some11[0];

        // A seeded sample of 100 pairs, as the notes' `10 rp` × `10 rp`.
        let mut rng = ChaCha8Rng::seed_from_u64(20_121_010); // the meeting, 2012-10-10
        let picks = |rng: &mut ChaCha8Rng, list: &[Box3]| -> Vec<Box3> {
            (0..10)
                .map(|_| list[rng.gen_range(0..list.len() as u32) as usize]) // u32: the same picks in wasm
                .collect()
        };
        let (sr, sb) = (picks(&mut rng, &all_right), picks(&mut rng, &all_below));
        let sample: Vec<u64> = sb
            .iter()
            .flat_map(|b| sr.iter().map(move |r| (r, b)))
            .map(|(r, b)| count_avoiding(&middle(r, b)))
            .collect();

        let corner = Corner::new(first, first_right, first_below, first_middle);
        let viable = corner.viable();
        let estimate = factorial(9) * right as u128 * below as u128 * 400 * viable.pairs as u128;
        Estimates {
            right,
            below,
            pairs: right as u128 * below as u128,
            first_right,
            first_below,
            first_pair_middle: some11.len() as u64,
            first_middle,
            middle_total: middle_total(&all_right, &all_below),
            sample_size: sample.len(),
            sample_mean: sample.iter().sum::<u64>() as f64 / sample.len() as f64,
            sample_min: sample.iter().copied().min().unwrap_or(0),
            sample_max: sample.iter().copied().max().unwrap_or(0),
            box02: corner.box02.len() as u64,
            box12_total: corner.box12.iter().map(|l| l.len() as u64).sum(),
            box12_distinct: {
                let mut all: Vec<Box3> = corner.box12.iter().flatten().copied().collect();
                all.sort_unstable();
                all.dedup();
                all.len() as u64
            },
            box20: corner.box20.len() as u64,
            box20_extendable: corner.box21.iter().filter(|l| !l.is_empty()).count() as u64,
            rows: corner.box21.iter().map(|l| l.len() as u64).sum(),
            cols: corner.box12.iter().map(|l| l.len() as u64).sum(),
            viable: viable.pairs,
            corner_completions: viable.completions,
            estimate,
        }
    }

    /// The exact mean of boxes (1,1) per (right, below) pair.
    pub fn middle_mean(&self) -> f64 {
        self.middle_total as f64 / self.pairs as f64
    }

    /// What the last factor would have to be, with the notes' 400, for the
    /// estimate to hit `total` exactly (the notes find 314,107 by trial).
    pub fn needed_last_factor(&self, total: u128) -> f64 {
        total as f64 / (factorial(9) * self.pairs * 400) as f64
    }

    /// The true mean number of completions of a 6×6 corner (boxes (0,0)
    /// to (1,1), the first box fixed): what the notes' 337,536 for one
    /// corner stands for. Exact total / (9! · every corner).
    pub fn mean_corner_completions(&self, total: u128) -> f64 {
        total as f64 / (factorial(9) * self.middle_total) as f64
    }
}

/// One line of the estimates table: what is estimated, the notes' value
/// as printed there, and Tessera's.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EstimateRow {
    pub quantity: String,
    pub notes: String,
    pub tessera: String,
}

impl Estimates {
    /// The table the CLI prints and the Experiments tab shows, given the
    /// exact number of grids (counted by [`super::total`]).
    pub fn table(&self, total: u128) -> Vec<EstimateRow> {
        let row = |quantity: &str, notes: &str, tessera: String| EstimateRow {
            quantity: quantity.to_string(),
            notes: notes.to_string(),
            tessera,
        };
        let n = |v: u64| group(v as u128);
        vec![
            row(
                "boxes right of the first (allrc01)",
                "12,096",
                n(self.right),
            ),
            row("boxes below the first (allrc10)", "12,096", n(self.below)),
            row("pairs (right, below)", "146,313,216", group(self.pairs)),
            row(
                "box (1,1) for the first pair",
                "392",
                n(self.first_pair_middle),
            ),
            row(
                &format!("box (1,1), a sample of {} pairs", self.sample_size),
                "402 (\"about 400\")",
                format!(
                    "{:.2} (from {} to {})",
                    self.sample_mean, self.sample_min, self.sample_max
                ),
            ),
            row(
                "box (1,1), exact mean over all pairs",
                "-",
                format!("{:.4}", self.middle_mean()),
            ),
            row("box (0,2)", "216", n(self.box02)),
            row(
                "box (1,2): in all / distinct",
                "1,728 / 216",
                format!("{} / {}", n(self.box12_total), n(self.box12_distinct)),
            ),
            row("box (2,0)", "216", n(self.box20)),
            row(
                "boxes (2,0) that leave a box (2,1)",
                "192",
                n(self.box20_extendable),
            ),
            row(
                "rows × cols",
                "1,536 × 1,728",
                format!("{} × {}", n(self.rows), n(self.cols)),
            ),
            row(
                "(rows, cols) leaving every last cell a candidate",
                "337,536",
                n(self.viable),
            ),
            row(
                "true completions of that 6×6 corner",
                "337,536",
                n(self.corner_completions),
            ),
            row(
                "estimate 9!·12,096²·400·337,536",
                "7.16847e21",
                group(self.estimate),
            ),
            row("exact number of grids", "6.67e21", group(total)),
            row(
                "exact / estimate",
                "0.930589",
                format!("{:.6}", total as f64 / self.estimate as f64),
            ),
            row(
                "last factor that makes it exact (with 400)",
                "314,107",
                format!("{:.1}", self.needed_last_factor(total)),
            ),
            row(
                "completions of a 6×6 corner, exact mean",
                "-",
                format!("{:.1}", self.mean_corner_completions(total)),
            ),
            row(
                "search space (9!)^9",
                "1.09111e50",
                format!("{:.5e}", search_space()),
            ),
            row(
                "exact / (9!)^9",
                "-",
                format!("{:.3e}", total as f64 / search_space()),
            ),
        ]
    }

    /// [`Estimates::table`] as aligned plain text.
    pub fn table_text(&self, total: u128) -> String {
        let rows = self.table(total);
        let width = |f: &dyn Fn(&EstimateRow) -> usize| rows.iter().map(f).max().unwrap_or(0);
        let w0 = width(&|r| r.quantity.chars().count());
        let w1 = width(&|r| r.notes.chars().count());
        let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w - s.chars().count()));
        let mut out = format!("{}  {}  tessera\n", pad("quantity", w0), pad("notes", w1));
        for r in &rows {
            out.push_str(&format!(
                "{}  {}  {}\n",
                pad(&r.quantity, w0),
                pad(&r.notes, w1),
                r.tessera
            ));
        }
        out
    }
}

/// `(9!)^9`: the notes' search space, any filling of each box.
pub fn search_space() -> f64 {
    (factorial(9) as f64).powi(9)
}

/// Σ over all (right, below) pairs of the boxes (1,1) between them, exactly.
///
/// A box (1,1) is fixed by its row sets R and column sets C (each row set
/// meets each column set once); it fits a right box whose column sets avoid
/// C column by column and a below box whose row sets avoid R. So the total
/// is Σ over the 9! middle boxes of A(C)·B(R), with A, B tabulated per
/// partition of the nine symbols — no pair is visited.
fn middle_total(right: &[Box3], below: &[Box3]) -> u128 {
    use std::collections::HashMap;
    let key = |m: [u16; 3]| (m[0] as u32) << 9 | m[1] as u32;
    let mut right_by_cols: HashMap<u32, u64> = HashMap::new();
    for b in right {
        *right_by_cols.entry(key(cols_of(&[b]))).or_default() += 1;
    }
    let mut below_by_rows: HashMap<u32, u64> = HashMap::new();
    for b in below {
        *below_by_rows.entry(key(rows_of(&[b]))).or_default() += 1;
    }
    let fits = |table: &HashMap<u32, u64>, m: [u16; 3]| -> u64 {
        table
            .iter()
            .filter(|(&k, _)| {
                let (a, b) = ((k >> 9) as u16, (k & 0x1FF) as u16);
                a & m[0] == 0 && b & m[1] == 0 && (0x1FF & !(a | b)) & m[2] == 0
            })
            .map(|(_, &n)| n)
            .sum()
    };
    let mut a_memo: HashMap<u32, u64> = HashMap::new();
    let mut b_memo: HashMap<u32, u64> = HashMap::new();
    let mut total = 0u128;
    for middle in boxes_avoiding(&[0; 9]) {
        let (r, c) = (rows_of(&[&middle]), cols_of(&[&middle]));
        let a = *a_memo
            .entry(key(c))
            .or_insert_with(|| fits(&right_by_cols, c));
        let b = *b_memo
            .entry(key(r))
            .or_insert_with(|| fits(&below_by_rows, r));
        total += a as u128 * b as u128;
    }
    total
}

/// The notes' 6×6 corner (boxes (0,0), (0,1), (1,0), (1,1) chosen) and the
/// lists the notes build on it.
struct Corner {
    top: [Box3; 2],
    left: [Box3; 2],
    box02: Vec<Box3>,
    /// For each box (0,2), the boxes (1,2) under it.
    box12: Vec<Vec<Box3>>,
    box20: Vec<Box3>,
    /// For each box (2,0), the boxes (2,1) beside it.
    box21: Vec<Vec<Box3>>,
}

/// (rows, cols) pairs that leave each last cell a candidate, and true
/// completions summed over them.
struct Viable {
    pairs: u64,
    completions: u64,
}

impl Corner {
    fn new(b00: Box3, b01: Box3, b10: Box3, b11: Box3) -> Corner {
        let box02 = boxes_avoiding(&forbidden(rows_of(&[&b00, &b01]), [0; 3]));
        let box12 = box02
            .iter()
            .map(|b02| boxes_avoiding(&forbidden(rows_of(&[&b10, &b11]), cols_of(&[b02]))))
            .collect();
        let box20 = boxes_avoiding_by_columns(&forbidden([0; 3], cols_of(&[&b00, &b10])));
        let box21 = box20
            .iter()
            .map(|b20| boxes_avoiding(&forbidden(rows_of(&[b20]), cols_of(&[&b01, &b11]))))
            .collect();
        Corner {
            top: [b00, b01],
            left: [b10, b11],
            box02,
            box12,
            box20,
            box21,
        }
    }

    /// The notes' `rr`: every (rows, cols) pair, checked cell by cell.
    fn viable(&self) -> Viable {
        let _ = (self.top, self.left);
        let rows: Vec<[u16; 3]> = self
            .box20
            .iter()
            .zip(&self.box21)
            .flat_map(|(b20, list)| list.iter().map(move |b21| rows_of(&[b20, b21])))
            .collect();
        let cols: Vec<[u16; 3]> = self
            .box02
            .iter()
            .zip(&self.box12)
            .flat_map(|(b02, list)| list.iter().map(move |b12| cols_of(&[b02, b12])))
            .collect();
        let mut v = Viable {
            pairs: 0,
            completions: 0,
        };
        for r in &rows {
            for c in &cols {
                let f = forbidden(*r, *c);
                if f.iter().all(|&m| m != 0x1FF) {
                    v.pairs += 1;
                    v.completions += count_avoiding(&f);
                }
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_grid(shape: Shape, g: &[u8]) -> bool {
        let n = shape.size();
        let mut seen = vec![0u32; 3 * n];
        g.len() == n * n
            && g.iter().enumerate().all(|(i, &v)| {
                let bit = 1u32 << (v - 1);
                let units = [i / n, n + i % n, 2 * n + shape.box_of(i / n, i % n)];
                units.iter().all(|&u| {
                    let fresh = seen[u] & bit == 0;
                    seen[u] |= bit;
                    fresh
                })
            })
    }

    /// Method 1 on Shidoku lists every grid whose first row is 1 2 3 4,
    /// each once, in increasing order: 288 / 4! = 12 of them.
    #[test]
    fn row_by_row_lists_shidoku_in_order() {
        let s = Shape::square(2).unwrap();
        let all = first_grids(s, 1000);
        assert_eq!(all.len(), 12);
        assert!(all.iter().all(|g| is_grid(s, g) && g[..4] == [1, 2, 3, 4]));
        assert!(all.windows(2).all(|w| w[0] < w[1]));
    }

    /// The steps account for every grid: found = the number of grids, and
    /// dead ends are reported with zero extensions.
    #[test]
    fn row_by_row_steps() {
        let s = Shape::new(2, 3).unwrap();
        let mut run = RowByRow::new(s);
        let (mut found, mut dead) = (0, 0);
        while let Some(step) = run.step() {
            match step {
                RowStep::Found(g) => {
                    assert!(is_grid(s, &g));
                    found += 1;
                }
                RowStep::Extended { extensions: 0, .. } => dead += 1,
                RowStep::Extended { .. } => {}
            }
        }
        // 28,200,960 / 6! grids of 6x6 have the first row 1..6.
        assert_eq!(found, 28_200_960 / 720);
        assert_eq!(run.found(), found);
        let _ = dead;
    }

    /// Boxes between a pair, by listing, equal the counter's number.
    #[test]
    fn listing_and_counting_agree() {
        let f = forbidden(rows_of(&[&FIRST_BOX]), [0b1, 0b10, 0b100]);
        assert_eq!(boxes_avoiding(&f).len() as u64, count_avoiding(&f));
    }

    /// The exact total of middle boxes equals a brute-force sum over a
    /// slice of the pairs, scaled: checked exactly on pairs sharing the
    /// same right box (the total splits by right box).
    #[test]
    fn middle_total_by_brute_force_on_a_few_right_boxes() {
        let right = boxes_avoiding(&forbidden(rows_of(&[&FIRST_BOX]), [0; 3]));
        let below = boxes_avoiding(&forbidden([0; 3], cols_of(&[&FIRST_BOX])));
        for r in right.iter().step_by(1511).take(4) {
            let brute: u128 = below
                .iter()
                .map(|b| count_avoiding(&forbidden(rows_of(&[b]), cols_of(&[r]))) as u128)
                .sum();
            assert_eq!(middle_total(std::slice::from_ref(r), &below), brute);
        }
    }
}
