//! Dead rows: rows no exact cover can contain, found before the linear
//! program of [`super::certificate`] weighs the problem.
//!
//! Why: a colouring argument (the LP's certificate) cannot see that a
//! piece *encloses a hole*. Polyform Puzzler's HexahexesHexagonRing_x1 is
//! "impossible, since O06 requires a hole": the ring hexahex placed
//! anywhere in the region cuts off the cell it surrounds, which no other
//! piece can then reach. The LP relaxation covers that cell with fractions
//! of placements that overlap the ring, so it is feasible and the search
//! runs for ever. One rule finds it: a row `r` is **dead** when some
//! primary item `j` outside `r` has every row containing it sharing an
//! item with `r` — choosing `r` would leave `j` uncoverable. Dead rows are
//! set aside, which may kill more rows, to a fixpoint; the problem that
//! remains has exactly the same exact covers, and its LP is stronger (it
//! is empty for a piece with no live placement).
//!
//! [`DeadRows`] runs in budgeted steps, like the searches (a Web Worker
//! must stay cancellable), and records each removal with its witness item.
//! [`verify`] replays the record with no code shared with the finder: a
//! proof that rests on a presolve is only claimed once the record checks.

use super::Problem;

/// A row set aside, and the primary item that row would leave uncoverable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dead {
    pub row: u32,
    pub item: u32,
}

/// The resumable fixpoint search for dead rows of one problem.
pub struct DeadRows {
    /// Rows containing each item (all rows; dead ones are skipped).
    rows_of: Vec<Vec<u32>>,
    alive: Vec<bool>,
    /// Live rows per item.
    live: Vec<u32>,
    /// Per item, the stamp of the last row check whose row holds it.
    mark: Vec<u32>,
    stamp: u32,
    /// The next row to check in this pass, and whether this pass removed
    /// anything (another pass then follows).
    next: usize,
    changed: bool,
    removed: Vec<Dead>,
    done: bool,
}

impl DeadRows {
    pub fn new(problem: &Problem) -> DeadRows {
        let mut rows_of = vec![Vec::new(); problem.num_items()];
        for r in 0..problem.num_rows() {
            for &i in problem.row(r) {
                rows_of[i as usize].push(r as u32);
            }
        }
        let live: Vec<u32> = rows_of.iter().map(|r| r.len() as u32).collect();
        // A primary item with no row: no cover exists, and every row is
        // dead already. Nothing to do; the proof sees it at once.
        let done = live[..problem.num_primary()].contains(&0);
        DeadRows {
            rows_of,
            live,
            alive: vec![true; problem.num_rows()],
            mark: vec![0; problem.num_items()],
            stamp: 0,
            next: 0,
            changed: false,
            removed: Vec::new(),
            done,
        }
    }

    /// Checks rows for about `budget` units of work (one unit per row
    /// entry looked at); `true` once the fixpoint is reached.
    pub fn step(&mut self, problem: &Problem, budget: u64) -> bool {
        let np = problem.num_primary();
        let mut work = 0u64;
        while !self.done && work < budget {
            if self.next == problem.num_rows() {
                if !self.changed {
                    self.done = true;
                    break;
                }
                self.next = 0;
                self.changed = false;
            }
            let r = self.next;
            self.next += 1;
            let row = problem.row(r);
            // Rows of secondary items only are never chosen.
            if !self.alive[r] || row.iter().all(|&i| i as usize >= np) {
                continue;
            }
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.mark.iter_mut().for_each(|m| *m = 0);
                self.stamp = 1;
            }
            for &i in row {
                self.mark[i as usize] = self.stamp;
            }
            work += row.len() as u64;
            // An item of `r` is covered by `r` itself; any other primary
            // item whose live rows all meet `r` kills it. Most items are
            // far from `r`: their first row already misses it.
            let mut witness = None;
            for j in 0..np {
                if self.mark[j] == self.stamp {
                    continue;
                }
                let mut all_meet = true;
                for &q in &self.rows_of[j] {
                    if !self.alive[q as usize] {
                        continue;
                    }
                    let other = problem.row(q as usize);
                    work += other.len() as u64;
                    if !other.iter().any(|&i| self.mark[i as usize] == self.stamp) {
                        all_meet = false;
                        break;
                    }
                }
                if all_meet {
                    witness = Some(j);
                    break;
                }
            }
            if let Some(j) = witness {
                self.alive[r] = false;
                self.changed = true;
                for &i in row {
                    self.live[i as usize] -= 1;
                    // An item left bare: as in `new`, stop.
                    if (i as usize) < np && self.live[i as usize] == 0 {
                        self.done = true;
                    }
                }
                self.removed.push(Dead {
                    row: r as u32,
                    item: j as u32,
                });
            }
        }
        self.done
    }

    /// Runs [`step`](Self::step) to the fixpoint.
    pub fn run(problem: &Problem) -> DeadRows {
        let mut d = DeadRows::new(problem);
        while !d.step(problem, u64::MAX) {}
        d
    }

    /// The rows set aside so far, in the order they were found.
    pub fn removed(&self) -> &[Dead] {
        &self.removed
    }

    /// A primary item no live row covers, if any (then no exact cover
    /// exists; the search stops there).
    pub fn bare(&self, problem: &Problem) -> Option<usize> {
        self.live[..problem.num_primary()]
            .iter()
            .position(|&n| n == 0)
    }

    /// Whether `row` is still live.
    pub fn is_alive(&self, row: usize) -> bool {
        self.alive[row]
    }
}

/// The problem without `dead` rows (same items; the live rows in order).
pub fn without(problem: &Problem, dead: &[Dead]) -> Problem {
    let mut gone = vec![false; problem.num_rows()];
    for d in dead {
        gone[d.row as usize] = true;
    }
    let mut p = problem.without_rows();
    for (r, _) in gone.iter().enumerate().filter(|(_, g)| !**g) {
        let items: Vec<usize> = problem.row(r).iter().map(|&i| i as usize).collect();
        p.add_row(&items).expect("rows of a valid problem");
    }
    p
}

/// Why a record of dead rows is not sound: the first removal that fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeadRowError {
    /// The row was never there or is already removed.
    #[error("removal {removal}: row {row} is not a live row")]
    NotLive { removal: usize, row: usize },
    /// The witness is not a primary item.
    #[error("removal {removal}: item {item} is not a primary item")]
    NotPrimary { removal: usize, item: usize },
    /// The row covers its own witness (by name).
    #[error("removal {removal}: row {row} itself covers {item}")]
    CoversWitness {
        removal: usize,
        row: usize,
        item: String,
    },
    /// A live row covers the witness without meeting the row.
    #[error("removal {removal}: row {other} covers {item} without meeting row {row}")]
    Disjoint {
        removal: usize,
        row: usize,
        other: usize,
        item: String,
    },
}

/// Checks a record of dead rows: replayed in order, each row is live, its
/// witness is a primary item outside it, and every live row holding the
/// witness shares an item with it. `Ok(n)`: n rows set aside, all sound.
pub fn verify(problem: &Problem, dead: &[Dead]) -> Result<usize, DeadRowError> {
    let mut holders: Vec<Vec<usize>> = vec![Vec::new(); problem.num_items()];
    for q in 0..problem.num_rows() {
        for &i in problem.row(q) {
            holders[i as usize].push(q);
        }
    }
    let mut live = vec![true; problem.num_rows()];
    for (k, d) in dead.iter().enumerate() {
        let (r, j) = (d.row as usize, d.item as usize);
        if r >= problem.num_rows() || !live[r] {
            return Err(DeadRowError::NotLive { removal: k, row: r });
        }
        if j >= problem.num_primary() {
            return Err(DeadRowError::NotPrimary {
                removal: k,
                item: j,
            });
        }
        let row = problem.row(r);
        if row.contains(&(j as u32)) {
            return Err(DeadRowError::CoversWitness {
                removal: k,
                row: r,
                item: problem.item_name(j).to_string(),
            });
        }
        for &q in holders[j].iter().filter(|&&q| live[q]) {
            if !problem.row(q).iter().any(|i| row.contains(i)) {
                return Err(DeadRowError::Disjoint {
                    removal: k,
                    row: r,
                    other: q,
                    item: problem.item_name(j).to_string(),
                });
            }
        }
        live[r] = false;
    }
    Ok(dead.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::CoverSearch;

    fn problem(items: usize, secondary: usize, rows: &[&[usize]]) -> Problem {
        Problem::from_rows(items, secondary, rows).unwrap()
    }

    #[test]
    fn a_piece_that_cuts_off_a_cell_is_dead() {
        // Cells 0-1-2-3 in a path; piece P covers two cells that are not
        // neighbours, piece D two that are. P on {0,2} cuts off cell 1
        // (every other row on 1 meets it), P on {1,3} cuts off cell 0, D on
        // {0,1} leaves {2,3} to P, which has no such placement. The one
        // tiling, P on {0,3} and D on {1,2}, stays.
        // Items: cells 0..4, P = 4, D = 5.
        let p = problem(
            6,
            0,
            &[
                &[0, 2, 4],
                &[1, 3, 4],
                &[0, 3, 4],
                &[0, 1, 5],
                &[1, 2, 5],
                &[2, 3, 5],
            ],
        );
        let d = DeadRows::run(&p);
        let live: Vec<usize> = (0..6).filter(|&r| d.is_alive(r)).collect();
        assert_eq!(live, vec![2, 4]);
        assert_eq!(d.removed()[0], Dead { row: 0, item: 1 });
        assert_eq!(verify(&p, d.removed()), Ok(4));
        assert_eq!(d.bare(&p), None);
        // Without P on {0,3}, P is left bare and the search stops there.
        let q = problem(
            6,
            0,
            &[&[0, 2, 4], &[1, 3, 4], &[0, 1, 5], &[1, 2, 5], &[2, 3, 5]],
        );
        let d = DeadRows::run(&q);
        assert_eq!(d.bare(&q), Some(4));
        assert_eq!(verify(&q, d.removed()), Ok(d.removed().len()));
    }

    #[test]
    fn dead_rows_keep_every_exact_cover() {
        // Random small problems: the covers of the reduced problem are
        // exactly those of the original (as row sets).
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut removed_some = 0;
        for _ in 0..400 {
            let items = 3 + next(6) as usize;
            let secondary = next(3) as usize;
            let mut p = Problem::new(items, secondary);
            let mut rows = Vec::new();
            for _ in 0..(2 + next(14)) {
                let mut row: Vec<usize> = (0..items + secondary).filter(|_| next(3) == 0).collect();
                if row.is_empty() {
                    row.push(next((items + secondary) as u64) as usize);
                }
                p.add_row(&row).unwrap();
                rows.push(row);
            }
            let d = DeadRows::run(&p);
            assert_eq!(verify(&p, d.removed()), Ok(d.removed().len()));
            removed_some += usize::from(!d.removed().is_empty());
            let live: Vec<usize> = (0..p.num_rows()).filter(|&r| d.is_alive(r)).collect();
            let q = without(&p, d.removed());
            let mut a: Vec<Vec<usize>> = CoverSearch::new(&p)
                .map(|mut s| {
                    s.sort_unstable();
                    s
                })
                .collect();
            let mut b: Vec<Vec<usize>> = CoverSearch::new(&q)
                .map(|s: Vec<usize>| {
                    let mut s: Vec<usize> = s.into_iter().map(|r| live[r]).collect();
                    s.sort_unstable();
                    s
                })
                .collect();
            a.sort();
            b.sort();
            assert_eq!(a, b, "rows {rows:?}");
        }
        assert!(
            removed_some > 20,
            "the random problems exercise removals ({removed_some})"
        );
    }

    #[test]
    fn verify_names_a_bad_record() {
        let p = problem(3, 0, &[&[0, 1], &[1, 2], &[2]]);
        // Row 2 ({2}) does not kill item 0: row 0 holds 0 and misses {2}.
        let e = verify(&p, &[Dead { row: 2, item: 0 }]).unwrap_err();
        assert!(e.to_string().contains("row 0 covers"), "{e}");
        let e = verify(&p, &[Dead { row: 0, item: 1 }]).unwrap_err();
        assert!(e.to_string().contains("itself covers"), "{e}");
        let e = verify(&p, &[Dead { row: 9, item: 1 }]).unwrap_err();
        assert!(e.to_string().contains("not a live row"), "{e}");
    }
}
