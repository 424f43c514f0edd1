//! Hole pruning for Dancing Links: a pocket of uncovered cells that no
//! combination of pieces can fill ends the branch at once.
//!
//! Why: Algorithm X only notices a dead region when one of its items has no
//! row left, which for a pocket of 8 or 10 cells in a heptiamond puzzle can
//! be many levels later. If every row's cells are connected under some
//! adjacency of the cell items, each row lies inside one connected component
//! of the uncovered cells, so a component can be covered exactly only if its
//! size is a sum of row sizes: a multiple of their gcd, and at least the
//! smallest. The caller supplies the adjacency (the lattice's) and the
//! check that the rows are connected in it ([`Holes::new`] refuses
//! otherwise); the solver asks after each placement.
//!
//! Only components touching the row just placed can be new — every other
//! one was already checked at an ancestor — so a check floods from that
//! row's neighbours, and gives up on a component past `limit` cells (a
//! large component is rarely the dead one, and a miss only costs time).

/// The rule and its scratch space.
#[derive(Clone, Debug)]
pub struct Holes {
    /// Adjacency of cell items (item indices); empty for other items.
    nbr: Vec<Vec<u32>>,
    /// Component sizes must be multiples of this.
    modulus: u32,
    /// Components smaller than this are dead.
    least: u32,
    /// Floods stop past this many cells (the component is let through).
    limit: u32,
    /// The stamp of the flood that last reached each item.
    seen: Vec<u32>,
    /// The last stamp handed out.
    epoch: u32,
    stack: Vec<u32>,
}

impl Holes {
    /// The rule for rows `rows` (item lists) over `num_items` items, with
    /// `pairs` the adjacency of the cell items (pairs of item indices, both
    /// directions implied). Items not in any pair are not cells: a row's
    /// other items are ignored. Floods give up past `per_unit` times the
    /// larger of the gcd and the smallest row. `None` when it cannot help
    /// or would be wrong: some row's cells are not connected under `pairs`,
    /// or every size is allowed (gcd 1 and smallest row 1).
    pub fn new<'a>(
        num_items: usize,
        pairs: &[(u32, u32)],
        rows: impl Iterator<Item = &'a [u32]>,
        per_unit: u32,
    ) -> Option<Holes> {
        let mut nbr = vec![Vec::new(); num_items];
        for &(a, b) in pairs {
            if a == b || a as usize >= num_items || b as usize >= num_items {
                continue;
            }
            if !nbr[a as usize].contains(&b) {
                nbr[a as usize].push(b);
                nbr[b as usize].push(a);
            }
        }
        let is_cell = |i: u32| !nbr[i as usize].is_empty();
        let (mut modulus, mut least) = (0u32, u32::MAX);
        let mut cells: Vec<u32> = Vec::new();
        for row in rows {
            cells.clear();
            cells.extend(row.iter().copied().filter(|&i| is_cell(i)));
            if cells.is_empty() {
                continue;
            }
            if !connected(&cells, &nbr) {
                return None;
            }
            let k = cells.len() as u32;
            modulus = gcd(modulus, k);
            least = least.min(k);
        }
        if least == u32::MAX || (modulus <= 1 && least <= 1) {
            return None;
        }
        Some(Holes {
            nbr,
            modulus: modulus.max(1),
            least,
            limit: per_unit.saturating_mul(modulus.max(least)),
            seen: vec![0; num_items],
            epoch: 0,
            stack: Vec::new(),
        })
    }

    /// Whether every component of uncovered cells next to the cells of
    /// `placed` (item indices of the row just placed) may still be filled;
    /// `open(i)`: item `i` is not covered yet.
    pub fn fillable(
        &mut self,
        placed: impl Iterator<Item = u32>,
        open: impl Fn(u32) -> bool,
    ) -> bool {
        // Each flood gets its own stamp; stamps from `first` on belong to
        // this check. A flood that meets an earlier one of this check is in
        // the same component, which that flood gave up on (a complete one
        // would have reached this cell): so give up too.
        if self.epoch > u32::MAX - 1024 {
            self.seen.fill(0);
            self.epoch = 0;
        }
        let first = self.epoch + 1;
        for c in placed {
            let Some(around) = self.nbr.get(c as usize) else {
                continue;
            };
            for &start in around {
                if self.seen[start as usize] >= first || !open(start) {
                    continue;
                }
                if self.epoch == u32::MAX {
                    return true;
                }
                self.epoch += 1;
                let stamp = self.epoch;
                self.seen[start as usize] = stamp;
                self.stack.clear();
                self.stack.push(start);
                let mut size = 1u32;
                let mut complete = true;
                'flood: while let Some(x) = self.stack.pop() {
                    for &y in &self.nbr[x as usize] {
                        let s = self.seen[y as usize];
                        if s == stamp || !open(y) {
                            continue;
                        }
                        if s >= first {
                            complete = false;
                            break 'flood;
                        }
                        self.seen[y as usize] = stamp;
                        size += 1;
                        if size > self.limit {
                            complete = false;
                            break 'flood;
                        }
                        self.stack.push(y);
                    }
                }
                if complete && (!size.is_multiple_of(self.modulus) || size < self.least) {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether `cells` are connected under `nbr`.
fn connected(cells: &[u32], nbr: &[Vec<u32>]) -> bool {
    let mut reached = vec![cells[0]];
    let mut k = 0;
    while k < reached.len() {
        let x = reached[k];
        for &y in &nbr[x as usize] {
            if cells.contains(&y) && !reached.contains(&y) {
                reached.push(y);
            }
        }
        k += 1;
    }
    reached.len() == cells.len()
}

/// Greatest common divisor (`gcd(0, k) = k`): the unit of allowed component
/// sizes, here and in the bitset search's own component test.
pub(crate) fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::{CoverSearch, Problem};
    use crate::search::Search;

    /// Cells of a `w`×`h` grid (items `0..w*h`) and their edge adjacency.
    fn grid(w: u32, h: u32) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let c = y * w + x;
                if x + 1 < w {
                    pairs.push((c, c + 1));
                }
                if y + 1 < h {
                    pairs.push((c, c + w));
                }
            }
        }
        pairs
    }

    /// Every placement of the straight and L trominoes in a `w`×`h` box,
    /// plus `extra` monomino rows on the given cells: a problem whose
    /// holes (components not a multiple of 3) are common.
    fn trominoes(w: u32, h: u32, monominoes: &[u32]) -> Problem {
        let mut p = Problem::new((w * h) as usize, 0);
        let at = |x: i32, y: i32| -> Option<usize> {
            (x >= 0 && y >= 0 && (x as u32) < w && (y as u32) < h)
                .then(|| (y as u32 * w + x as u32) as usize)
        };
        let shapes: [[(i32, i32); 3]; 6] = [
            [(0, 0), (1, 0), (2, 0)],
            [(0, 0), (0, 1), (0, 2)],
            [(0, 0), (1, 0), (0, 1)],
            [(0, 0), (1, 0), (1, 1)],
            [(0, 0), (0, 1), (1, 1)],
            [(1, 0), (0, 1), (1, 1)],
        ];
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                for s in &shapes {
                    let cells: Option<Vec<usize>> =
                        s.iter().map(|&(dx, dy)| at(x + dx, y + dy)).collect();
                    if let Some(c) = cells {
                        p.add_row(&c).unwrap();
                    }
                }
            }
        }
        for &c in monominoes {
            p.add_row(&[c as usize]).unwrap();
        }
        p
    }

    fn count(p: &Problem, holes: Option<Holes>) -> (u128, u64) {
        let mut s = CoverSearch::new(p);
        s.set_holes(holes);
        let n = s.count_all();
        (n, s.progress().nodes)
    }

    fn rows(p: &Problem) -> impl Iterator<Item = &[u32]> {
        (0..p.num_rows()).map(|r| p.row(r))
    }

    #[test]
    fn pruning_keeps_every_cover() {
        for (w, h) in [(3, 3), (3, 4), (4, 6), (6, 5), (9, 4)] {
            let p = trominoes(w, h, &[]);
            let holes = Holes::new(p.num_items(), &grid(w, h), rows(&p), 2);
            assert!(holes.is_some(), "{w}x{h}: trominoes are connected");
            let (plain, plain_nodes) = count(&p, None);
            let (pruned, pruned_nodes) = count(&p, holes);
            assert_eq!(plain, pruned, "{w}x{h}");
            assert!(plain > 0, "{w}x{h} has tilings");
            // Tromino holes are mostly single cells, which DLX sees anyway.
            assert!(pruned_nodes <= plain_nodes, "{w}x{h}");
        }
    }

    #[test]
    fn a_gcd_of_one_still_needs_the_smallest_piece() {
        // Trominoes and dominoes: gcd 1, smallest 2, so only single cells
        // are dead; the counts agree either way.
        let (w, h) = (4, 4);
        let mut p = trominoes(w, h, &[]);
        for c in 0..w * h {
            if c % w + 1 < w {
                p.add_row(&[c as usize, c as usize + 1]).unwrap();
            }
        }
        let holes = Holes::new(p.num_items(), &grid(w, h), rows(&p), 4);
        assert!(holes
            .as_ref()
            .is_some_and(|h| h.modulus == 1 && h.least == 2));
        assert_eq!(count(&p, None).0, count(&p, holes).0);
    }

    #[test]
    fn refused_when_it_could_be_wrong_or_useless() {
        // A row whose cells are not adjacent: a component test would be
        // unsound.
        let mut p = trominoes(3, 3, &[]);
        p.add_row(&[0, 8]).unwrap();
        assert!(Holes::new(p.num_items(), &grid(3, 3), rows(&p), 4).is_none());
        // Monominoes allow every size.
        let p = trominoes(3, 3, &[4]);
        assert!(Holes::new(p.num_items(), &grid(3, 3), rows(&p), 4).is_none());
    }

    #[test]
    fn a_flood_given_up_decides_nothing() {
        // With floods cut at 3 cells (per_unit 1) the big components are
        // let through, and the count is still exact.
        for (w, h) in [(4, 6), (6, 5)] {
            let p = trominoes(w, h, &[]);
            let holes = Holes::new(p.num_items(), &grid(w, h), rows(&p), 1);
            assert_eq!(count(&p, None).0, count(&p, holes).0, "{w}x{h}");
        }
    }
}
