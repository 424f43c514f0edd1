//! Proofs that an exact-cover problem has no solution, without searching.
//!
//! Why: Polyform Puzzler publishes "0 solutions" for puzzles whose search
//! takes hours (four 145-cell pentacube puzzles run for over 20 minutes
//! each in Tessera's search). Many of them are impossible for a reason a
//! mathematician would give in one line, a *colouring argument*: weigh the
//! cells (and pieces) so that every placement of every piece weighs at
//! least 0 while the whole region weighs less than 0. A tiling would cover
//! every item exactly once, so its rows would add up to the region's
//! weight — at least 0 and below 0 at the same time.
//!
//! Such weights are a Farkas certificate of the exact cover's linear
//! relaxation (`A x = 1, x ≥ 0` has no solution), and when they exist a
//! linear program finds them. [`Farkas`] is a small phase-one simplex
//! (dense basis inverse: the problems here have tens to hundreds of items
//! and up to a few hundred thousand rows) that runs in budgeted steps like
//! the searches, so a Web Worker can cancel it. Its floating-point weights
//! are turned into integers and then checked exactly by [`verify`], which
//! shares no code with the simplex: a count of 0 is only ever claimed on a
//! checked certificate, never on the simplex's word.
//!
//! Secondary items (covered at most once) get weights ≥ 0; rows made only
//! of secondary items are left out, as the search never chooses them.

use super::Problem;

/// Weights proving a problem has no exact cover (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// One integer weight per item, primary items first.
    pub weights: Vec<i64>,
    /// The weight of all items together (negative).
    pub total: i128,
    /// The least weight of a row (non-negative).
    pub least_row: i128,
}

/// The first rule a weighting breaks, so that it is not a proof.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// Not one weight per item.
    #[error("{weights} weights for {items} items")]
    Count { weights: usize, items: usize },
    /// A secondary item (by name) with a negative weight.
    #[error("secondary item {item} weighs {weight} < 0")]
    NegativeSecondary { item: String, weight: i64 },
    /// Items whose weights add up to 0 or more.
    #[error("the items weigh {0} in all, not less than 0")]
    Total(i128),
    /// A row with a negative weight.
    #[error("row {row} weighs {weight} < 0")]
    NegativeRow { row: usize, weight: i128 },
}

/// Why a weighting is not a proof: the first rule it breaks.
pub fn verify(problem: &Problem, weights: &[i64]) -> Result<Certificate, CertificateError> {
    if weights.len() != problem.num_items() {
        return Err(CertificateError::Count {
            weights: weights.len(),
            items: problem.num_items(),
        });
    }
    for (i, &w) in weights.iter().enumerate().skip(problem.num_primary()) {
        if w < 0 {
            return Err(CertificateError::NegativeSecondary {
                item: problem.item_name(i).to_string(),
                weight: w,
            });
        }
    }
    let total: i128 = weights.iter().map(|&w| w as i128).sum();
    if total >= 0 {
        return Err(CertificateError::Total(total));
    }
    let mut least_row = i128::MAX;
    for r in 0..problem.num_rows() {
        let row = problem.row(r);
        if row.iter().all(|&i| i as usize >= problem.num_primary()) {
            continue; // never chosen (see `Problem::add_row`)
        }
        let w: i128 = row.iter().map(|&i| weights[i as usize] as i128).sum();
        if w < 0 {
            return Err(CertificateError::NegativeRow { row: r, weight: w });
        }
        least_row = least_row.min(w);
    }
    Ok(Certificate {
        weights: weights.to_vec(),
        total,
        least_row: if least_row == i128::MAX { 0 } else { least_row },
    })
}

/// Where a [`Farkas`] search stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Budget spent; call [`Farkas::step`] again.
    Working,
    /// The linear relaxation has a solution: no certificate exists, and
    /// only a search can tell whether the problem has a tiling.
    Feasible,
    /// A checked certificate: the problem has no exact cover.
    Proven(Certificate),
    /// The simplex ran out of its pivot allowance, or its weights did not
    /// survive the exact check: nothing is claimed.
    GaveUp,
}

const EPS: f64 = 1e-9;

/// A resumable phase-one simplex on `A x + s = 1` (one slack per
/// secondary item) with an artificial variable per item, minimising the
/// artificials' sum; at an optimum above 0 its dual prices, negated, are
/// the certificate.
pub struct Farkas {
    m: usize,
    /// Columns: the problem's choosable rows, then the secondary slacks.
    starts: Vec<u32>,
    entries: Vec<u32>,
    /// The basis inverse, row-major `m × m`.
    binv: Vec<f64>,
    /// Column of each basis position; `cols + i` is artificial `i`.
    basis: Vec<usize>,
    in_basis: Vec<bool>,
    xb: Vec<f64>,
    pi: Vec<f64>,
    u: Vec<f64>,
    pivots: u64,
    max_pivots: u64,
    /// Degenerate pivots in a row; past a threshold, Bland's rule (no
    /// cycling) picks the columns until the objective moves again.
    degenerate: u32,
    outcome: Option<Outcome>,
}

impl Farkas {
    /// The simplex for `problem`, or `None` when it would be too costly to
    /// try (the search then runs as before).
    pub fn new(problem: &Problem) -> Option<Farkas> {
        let m = problem.num_items();
        if m == 0 || m > 2_000 {
            return None;
        }
        let np = problem.num_primary();
        let mut starts = vec![0u32];
        let mut entries = Vec::with_capacity(problem.num_entries());
        for r in 0..problem.num_rows() {
            let row = problem.row(r);
            if row.iter().all(|&i| i as usize >= np) {
                continue;
            }
            entries.extend_from_slice(row);
            starts.push(entries.len() as u32);
        }
        for i in np..m {
            entries.push(i as u32);
            starts.push(entries.len() as u32);
        }
        let cols = starts.len() - 1;
        // Work per pivot is about one pass over the entries plus the m×m
        // update; allow a few m pivots, within ~2·10⁹ operations.
        let per_pivot = (entries.len() + m * m) as u64;
        let max_pivots = (20 * m as u64 + 500).min(2_000_000_000 / per_pivot.max(1));
        if max_pivots < 2 * m as u64 {
            return None;
        }
        let mut binv = vec![0.0; m * m];
        for i in 0..m {
            binv[i * m + i] = 1.0;
        }
        Some(Farkas {
            m,
            starts,
            entries,
            binv,
            basis: (0..m).map(|i| cols + i).collect(),
            in_basis: vec![false; cols],
            xb: vec![1.0; m],
            pi: vec![0.0; m],
            u: vec![0.0; m],
            pivots: 0,
            max_pivots,
            degenerate: 0,
            outcome: None,
        })
    }

    fn cols(&self) -> usize {
        self.starts.len() - 1
    }

    fn col(&self, j: usize) -> &[u32] {
        &self.entries[self.starts[j] as usize..self.starts[j + 1] as usize]
    }

    /// Rough cost of one pivot in search nodes (a node ≈ 100 simple
    /// operations), so callers can hand out budgets in one unit.
    pub fn nodes_per_pivot(&self) -> u64 {
        ((self.entries.len() + self.m * self.m) as u64 / 100).max(1)
    }

    /// Runs at most `pivots` pivots.
    pub fn step(&mut self, pivots: u64, problem: &Problem) -> Outcome {
        if let Some(done) = &self.outcome {
            return done.clone();
        }
        let m = self.m;
        let cols = self.cols();
        for _ in 0..pivots.max(1) {
            if self.pivots >= self.max_pivots {
                self.outcome = Some(Outcome::GaveUp);
                return Outcome::GaveUp;
            }
            // Dual prices: the artificials cost 1, everything else 0.
            self.pi.iter_mut().for_each(|p| *p = 0.0);
            for (i, &b) in self.basis.iter().enumerate() {
                if b >= cols {
                    let row = &self.binv[i * m..(i + 1) * m];
                    for (p, &v) in self.pi.iter_mut().zip(row) {
                        *p += v;
                    }
                }
            }
            // Entering column: reduced cost -π·A_j < 0.
            let bland = self.degenerate > 50;
            let mut enter = None;
            let mut best = -EPS;
            for j in 0..cols {
                if self.in_basis[j] {
                    continue;
                }
                let d: f64 = -self
                    .col(j)
                    .iter()
                    .map(|&i| self.pi[i as usize])
                    .sum::<f64>();
                if d < best {
                    enter = Some(j);
                    if bland {
                        break;
                    }
                    best = d;
                }
            }
            let Some(q) = enter else {
                return self.finish(problem);
            };
            // u = B⁻¹ A_q.
            self.u.iter_mut().for_each(|x| *x = 0.0);
            for &k in &self.entries[self.starts[q] as usize..self.starts[q + 1] as usize] {
                let k = k as usize;
                for i in 0..m {
                    self.u[i] += self.binv[i * m + k];
                }
            }
            // Leaving row: the least ratio; ties go to artificials, then
            // the lowest column (Bland).
            let mut leave: Option<(usize, f64)> = None;
            for i in 0..m {
                if self.u[i] <= EPS {
                    continue;
                }
                let ratio = self.xb[i] / self.u[i];
                leave = match leave {
                    None => Some((i, ratio)),
                    Some((r, best)) => {
                        let better = ratio < best - 1e-12
                            || (ratio <= best + 1e-12 && {
                                let (a, b) = (self.basis[i] >= cols, self.basis[r] >= cols);
                                (a && !b) || (a == b && self.basis[i] < self.basis[r])
                            });
                        if better {
                            Some((i, ratio))
                        } else {
                            Some((r, best))
                        }
                    }
                };
            }
            let Some((r, ratio)) = leave else {
                // Unbounded cannot happen in phase one (the objective is
                // at least 0); numerical trouble: claim nothing.
                self.outcome = Some(Outcome::GaveUp);
                return Outcome::GaveUp;
            };
            if ratio < 1e-12 {
                self.degenerate += 1;
            } else {
                self.degenerate = 0;
            }
            let ur = self.u[r];
            for k in 0..m {
                self.binv[r * m + k] /= ur;
            }
            self.xb[r] /= ur;
            let (xr, pivot_row) = (self.xb[r], r * m);
            for i in 0..m {
                let f = self.u[i];
                if i == r || f == 0.0 {
                    continue;
                }
                for k in 0..m {
                    let v = self.binv[pivot_row + k];
                    if v != 0.0 {
                        self.binv[i * m + k] -= f * v;
                    }
                }
                self.xb[i] -= f * xr;
                if self.xb[i] < 0.0 && self.xb[i] > -1e-9 {
                    self.xb[i] = 0.0;
                }
            }
            let old = self.basis[r];
            if old < cols {
                self.in_basis[old] = false;
            }
            self.basis[r] = q;
            self.in_basis[q] = true;
            self.pivots += 1;
        }
        Outcome::Working
    }

    /// At an optimum: feasible, or weights from the prices, checked.
    fn finish(&mut self, problem: &Problem) -> Outcome {
        let cols = self.cols();
        let objective: f64 = (0..self.m)
            .filter(|&i| self.basis[i] >= cols)
            .map(|i| self.xb[i])
            .sum();
        let outcome = if objective < 1e-7 {
            Outcome::Feasible
        } else {
            let y: Vec<f64> = self.pi.iter().map(|&p| -p).collect();
            match integer_weights(&y).map(|w| verify(problem, &w)) {
                Some(Ok(c)) => Outcome::Proven(c),
                _ => Outcome::GaveUp,
            }
        };
        self.outcome = Some(outcome.clone());
        outcome
    }
}

/// The float weights as integers in the same proportions: each one as a
/// fraction with a small denominator, all over their common denominator.
/// `None` if some weight has no such fraction.
fn integer_weights(y: &[f64]) -> Option<Vec<i64>> {
    let mut fractions = Vec::with_capacity(y.len());
    let mut lcm: i64 = 1;
    for &v in y {
        let (p, q) = fraction(v, 10_000)?;
        fractions.push((p, q));
        lcm = lcm.checked_mul(q / gcd(lcm, q))?;
        if lcm > 1_000_000_000_000 {
            return None;
        }
    }
    fractions
        .iter()
        .map(|&(p, q)| p.checked_mul(lcm / q))
        .collect()
}

/// The best fraction `p/q` with `q ≤ max_den` for `v` (continued
/// fractions), if it is within 1e-7 of `v`.
fn fraction(v: f64, max_den: i64) -> Option<(i64, i64)> {
    if !v.is_finite() || v.abs() > 1e9 {
        return None;
    }
    let (mut h0, mut h1, mut k0, mut k1) = (0i64, 1i64, 1i64, 0i64);
    let mut x = v;
    for _ in 0..64 {
        let a = x.floor();
        let ai = a as i64;
        let (h2, k2) = (ai.checked_mul(h1)? + h0, ai.checked_mul(k1)? + k0);
        if k2 > max_den {
            break;
        }
        (h0, h1, k0, k1) = (h1, h2, k1, k2);
        if (v - h1 as f64 / k1 as f64).abs() < 1e-12 || x - a < 1e-12 {
            break;
        }
        x = 1.0 / (x - a);
    }
    if k1 == 0 || (v - h1 as f64 / k1 as f64).abs() > 1e-7 {
        return None;
    }
    Some((h1, k1))
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Runs [`Farkas`] to the end: a checked certificate, or `None`.
pub fn prove_impossible(problem: &Problem) -> Option<Certificate> {
    let mut f = Farkas::new(problem)?;
    loop {
        match f.step(1_000, problem) {
            Outcome::Working => {}
            Outcome::Proven(c) => return Some(c),
            Outcome::Feasible | Outcome::GaveUp => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(items: usize, secondary: usize, rows: &[&[usize]]) -> Problem {
        Problem::from_rows(items, secondary, rows).unwrap()
    }

    #[test]
    fn a_domino_cannot_cover_three_cells() {
        // Cells 0,1,2 in a row; dominoes {0,1} and {1,2}.
        let p = problem(3, 0, &[&[0, 1], &[1, 2]]);
        let c = prove_impossible(&p).expect("three cells, dominoes only");
        assert!(c.total < 0);
        assert_eq!(verify(&p, &c.weights).unwrap(), c);
    }

    #[test]
    fn a_mutilated_chessboard_is_impossible_and_the_full_one_is_not() {
        // Dominoes on a 4×4 board, then without two opposite corners (the
        // colouring argument, found by the simplex).
        let board = |holes: &[usize]| {
            let keep: Vec<usize> = (0..16).filter(|x| !holes.contains(x)).collect();
            let index = |x: usize| keep.iter().position(|&k| k == x);
            let mut p = Problem::new(keep.len(), 0);
            for r in 0..4 {
                for c in 0..4 {
                    for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                        if r2 < 4 && c2 < 4 {
                            if let (Some(a), Some(b)) = (index(r * 4 + c), index(r2 * 4 + c2)) {
                                p.add_row(&[a, b]).unwrap();
                            }
                        }
                    }
                }
            }
            p
        };
        assert!(prove_impossible(&board(&[])).is_none());
        assert!(prove_impossible(&board(&[0, 1])).is_none());
        let mutilated = board(&[0, 15]);
        let c = prove_impossible(&mutilated).expect("the mutilated board");
        assert_eq!(verify(&mutilated, &c.weights), Ok(c.clone()));
        assert!(c.total < 0 && c.least_row >= 0);
    }

    #[test]
    fn verify_names_what_is_wrong() {
        let p = problem(3, 1, &[&[0, 1], &[1, 2, 3]]);
        assert!(verify(&p, &[1, 1])
            .unwrap_err()
            .to_string()
            .contains("2 weights for 4 items"));
        assert!(verify(&p, &[0, 0, 0, -1])
            .unwrap_err()
            .to_string()
            .contains("weighs -1 < 0"));
        assert!(verify(&p, &[1, 0, 0, 0])
            .unwrap_err()
            .to_string()
            .contains("not less than 0"));
        let e = verify(&p, &[-2, 1, -1, 0]).unwrap_err();
        assert!(e.to_string().contains("row 0 weighs -1"), "{e}");
    }

    #[test]
    fn secondary_only_rows_are_never_chosen() {
        // Item 0 primary, item 1 secondary: the row {1} alone is never
        // chosen, so nothing covers item 0.
        let p = problem(1, 1, &[&[1]]);
        let c = prove_impossible(&p).expect("item 0 has no row");
        assert!(c.weights[1] >= 0);
    }

    #[test]
    fn fractions_are_found_and_bad_floats_refused() {
        assert_eq!(fraction(-2.0 / 3.0, 10_000), Some((-2, 3)));
        assert_eq!(fraction(0.0, 10_000), Some((0, 1)));
        assert_eq!(fraction(f64::NAN, 10_000), None);
        assert_eq!(fraction(std::f64::consts::PI, 100), None);
        assert_eq!(integer_weights(&[0.5, -1.0 / 3.0]), Some(vec![3, -2]));
    }
}
