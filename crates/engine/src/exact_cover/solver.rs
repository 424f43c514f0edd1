//! Algorithm X on Dancing Links, laid out as Knuth's `dlx1`: one flat array of
//! nodes (`top`, `up`, `down` as `u32` in one struct), item headers at nodes `1..=N`,
//! a spacer node between rows. The search runs on an explicit stack so it can
//! stop after any number of nodes and resume exactly where it was.
//!
//! Choice rule (kept identical to Sage's `dancing_links_c.h` so that Sudoku
//! and tiling solutions come out in Sage's order): the first active primary
//! item, in index order, of minimum current length; its rows top-down in
//! insertion order.

use super::holes::Holes;
use super::problem::{ExactCoverError, Problem};
use crate::search::{tree_fraction, Progress, Search, Step};

/// One node: for headers (1..=N) `top` holds the current length; for
/// spacers `top` is 0; otherwise `top` is the node's item header.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    top: u32,
    up: u32,
    down: u32,
}

/// Where the state machine resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// At level `level`, about to test for a solution and choose an item.
    Enter,
    /// Level `level` is finished (solution or dead end): go back up.
    Backtrack,
    /// The whole tree has been explored.
    Done,
}

/// A resumable Dancing Links search over one [`Problem`].
#[derive(Clone, Debug)]
pub struct CoverSearch {
    /// Item list links, size N+2: 0 is the primary root, N+1 the secondary root.
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// The nodes, one struct each so a node's three links share a cache
    /// line (Knuth's layout; measured on par with or slightly faster than
    /// three separate arrays).
    node: Vec<Node>,
    /// Row index of each node (spacers and headers: unused).
    row_of: Vec<u32>,
    /// Rows fixed before the search started (part of every solution).
    forced: Vec<usize>,
    /// Stack: chosen node, chosen item, index among its rows, branching.
    x: Vec<u32>,
    chosen: Vec<u32>,
    k: Vec<u32>,
    b: Vec<u32>,
    level: usize,
    state: State,
    count_only: bool,
    nodes: u64,
    solutions: u128,
    /// Optional hole pruning (see [`Holes`]), asked after each placement.
    holes: Option<Box<Holes>>,
    /// Number of primary items (headers `1..=primary`).
    primary: u32,
    /// Per item, the stamp of the placement whose row holds it; an item
    /// emptied by a placement that will not cover it ends the placement.
    mark: Vec<u32>,
    stamp: u32,
    /// Counted by `hide` when it empties an active primary item not marked
    /// with the current stamp; the first [`PENDING`] such items.
    emptied: u32,
    emptied_items: [u32; PENDING],
    /// Per level, the primary items that covering the level's item left
    /// with no row (up to [`PENDING`]; `u32::MAX` = unused): only a row
    /// holding all of them can be placed.
    pending: Vec<[u32; PENDING]>,
    /// Per level, whether its untried rows were handed to another search
    /// ([`CoverSearch::give_away`]): going back to such a level goes straight up.
    given_away: Vec<bool>,
}

/// Emptied items remembered per level (more are rare; the rule then
/// leaves them to `choose`, which finds them a level deeper).
const PENDING: usize = 2;

impl CoverSearch {
    /// A solver positioned before the first solution.
    #[allow(clippy::needless_range_loop)] // parallel link arrays, indexed by item
    pub fn new(problem: &Problem) -> CoverSearch {
        let n = problem.num_items();
        let p = problem.num_primary();
        let mut llink = vec![0u32; n + 2];
        let mut rlink = vec![0u32; n + 2];
        // Primary items 1..=p in a circular list through 0.
        for i in 1..=p {
            llink[i] = (i - 1) as u32;
            rlink[i - 1] = i as u32;
        }
        llink[0] = p as u32;
        rlink[p] = 0;
        // Secondary items p+1..=n in a circular list through n+1.
        let sroot = n + 1;
        let mut prev = sroot;
        for i in p + 1..=n {
            llink[i] = prev as u32;
            rlink[prev] = i as u32;
            prev = i;
        }
        rlink[prev] = sroot as u32;
        llink[sroot] = prev as u32;

        let total = n + 1 + problem.num_entries() + problem.num_rows() + 1;
        let mut node: Vec<Node> = Vec::with_capacity(total);
        let mut row_of = Vec::with_capacity(total);
        // Node 0 is unused; headers 1..=n start as empty self-loops.
        for i in 0..=n {
            node.push(Node {
                top: 0,
                up: i as u32,
                down: i as u32,
            });
            row_of.push(u32::MAX);
        }
        // First spacer.
        let mut last_spacer = node.len();
        node.push(Node::default());
        row_of.push(u32::MAX);
        for r in 0..problem.num_rows() {
            let first = node.len();
            for &item in problem.row(r) {
                let h = item as usize + 1;
                let id = node.len() as u32;
                node[h].top += 1;
                let tail = node[h].up;
                node.push(Node {
                    top: h as u32,
                    up: tail,
                    down: h as u32,
                });
                row_of.push(r as u32);
                node[tail as usize].down = id;
                node[h].up = id;
            }
            let last = node.len() - 1;
            node[last_spacer].down = last as u32;
            // The spacer after this row points back to its first node.
            last_spacer = node.len();
            node.push(Node {
                top: 0,
                up: first as u32,
                down: 0,
            });
            row_of.push(u32::MAX);
        }
        let depth = p + 1;
        CoverSearch {
            llink,
            rlink,
            node,
            row_of,
            forced: Vec::new(),
            x: vec![0; depth],
            chosen: vec![0; depth],
            k: vec![0; depth],
            b: vec![0; depth],
            level: 0,
            state: State::Enter,
            count_only: false,
            nodes: 0,
            solutions: 0,
            holes: None,
            primary: p as u32,
            mark: vec![0; n + 2],
            stamp: 0,
            emptied: 0,
            emptied_items: [u32::MAX; PENDING],
            pending: vec![[u32::MAX; PENDING]; depth],
            given_away: vec![false; depth],
        }
    }

    /// Prune with `holes` after every placement from now on (see
    /// [`Holes`]; the caller built it for this problem's rows).
    pub fn set_holes(&mut self, holes: Option<Holes>) {
        self.holes = holes.map(Box::new);
    }

    /// Whether the uncovered cells next to the row of node `r` can still be
    /// filled. An item is uncovered exactly when its left neighbour still
    /// links to it (covers are undone in reverse order).
    fn fillable(&mut self, r: usize) -> bool {
        let Some(mut holes) = self.holes.take() else {
            return true;
        };
        // The row's items, walked like `cover_others` (no allocation).
        let mut p = r;
        let mut first = true;
        let items = std::iter::from_fn(|| {
            if !first && p == r {
                return None;
            }
            first = false;
            let item = self.nd(p).top - 1;
            p = self.next_in_row(p);
            Some(item)
        });
        let ok = holes.fillable(items, |i| {
            let h = i as usize + 1;
            self.rlink(self.llink(h)) == h
        });
        self.holes = Some(holes);
        ok
    }

    /// A solver whose solutions all contain `rows` (e.g. a Sudoku's givens,
    /// or a prefix from [`CoverSearch::subproblems`]).
    pub fn with_forced_rows(
        problem: &Problem,
        rows: &[usize],
    ) -> Result<CoverSearch, ExactCoverError> {
        let mut s = CoverSearch::new(problem);
        let n = problem.num_items();
        let mut covered = vec![false; n + 1];
        for &r in rows {
            if r >= problem.num_rows() {
                return Err(ExactCoverError::RowOutOfRange {
                    row: r,
                    rows: problem.num_rows(),
                });
            }
            for &item in problem.row(r) {
                let h = item as usize + 1;
                if covered[h] {
                    return Err(ExactCoverError::ConflictingRows {
                        row: r,
                        item: problem.item_name(item as usize),
                    });
                }
                covered[h] = true;
                s.cover(h);
            }
            s.forced.push(r);
        }
        Ok(s)
    }

    /// Has the whole search tree been explored?
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// Count all remaining solutions.
    pub fn count_all(&mut self) -> u128 {
        let before = self.solutions;
        self.count_only = true;
        while self.run(u64::MAX).is_none() && self.state != State::Done {}
        self.solutions - before
    }

    /// The next `k` solutions (fewer if the tree ends first).
    pub fn first_k(&mut self, k: usize) -> Vec<Vec<usize>> {
        self.by_ref().take(k).collect()
    }

    /// Row prefixes of length `depth` (shorter where a solution is complete
    /// earlier) that partition the remaining search: counting each with
    /// [`CoverSearch::with_forced_rows`] and adding gives the total count.
    /// Prefixes are in the search's own order; dead ends are left out.
    pub fn subproblems(&self, depth: usize) -> Vec<Vec<usize>> {
        let mut probe = self.clone();
        let mut out = Vec::new();
        let mut prefix = self.forced.clone();
        probe.collect_prefixes(depth, &mut prefix, &mut out);
        out
    }

    /// [`subproblems`](Self::subproblems), each prefix with the number of
    /// search nodes within `extra` more levels below it: a cheap estimate of
    /// its cost that is the same on every machine, for dealing parts out
    /// evenly ([`crate::shard::deal_by_weight`]).
    pub fn weighted_subproblems(&self, depth: usize, extra: usize) -> Vec<(Vec<usize>, u64)> {
        let mut probe = self.clone();
        let mut out = Vec::new();
        let mut prefix = self.forced.clone();
        probe.collect_weighted(depth, extra, &mut prefix, &mut out);
        out
    }

    fn collect_weighted(
        &mut self,
        depth: usize,
        extra: usize,
        prefix: &mut Vec<usize>,
        out: &mut Vec<(Vec<usize>, u64)>,
    ) {
        if depth == 0 || self.rlink[0] == 0 {
            let w = self.nodes_within(extra);
            out.push((prefix.clone(), w));
            return;
        }
        let i = self.choose();
        if self.node[i].top == 0 {
            return;
        }
        self.cover(i);
        let mut r = self.node[i].down as usize;
        while r != i {
            self.cover_others(r);
            prefix.push(self.row_of[r] as usize);
            self.collect_weighted(depth - 1, extra, prefix, out);
            prefix.pop();
            self.uncover_others(r);
            r = self.node[r].down as usize;
        }
        self.uncover(i);
    }

    /// Nodes of the search tree within `levels` levels of the current state
    /// (the current node included).
    fn nodes_within(&mut self, levels: usize) -> u64 {
        if levels == 0 || self.rlink[0] == 0 {
            return 1;
        }
        let i = self.choose();
        if self.node[i].top == 0 {
            return 1;
        }
        self.cover(i);
        let mut total = 1;
        let mut r = self.node[i].down as usize;
        while r != i {
            self.cover_others(r);
            total += self.nodes_within(levels - 1);
            self.uncover_others(r);
            r = self.node[r].down as usize;
        }
        self.uncover(i);
        total
    }

    fn collect_prefixes(
        &mut self,
        depth: usize,
        prefix: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if depth == 0 || self.rlink[0] == 0 {
            out.push(prefix.clone());
            return;
        }
        let i = self.choose();
        if self.node[i].top == 0 {
            return;
        }
        self.cover(i);
        let mut r = self.node[i].down as usize;
        while r != i {
            self.cover_others(r);
            prefix.push(self.row_of[r] as usize);
            self.collect_prefixes(depth - 1, prefix, out);
            prefix.pop();
            self.uncover_others(r);
            r = self.node[r].down as usize;
        }
        self.uncover(i);
    }

    /// Hand the untried rows of the shallowest level that has any to
    /// another search: returns one row prefix per such row (the forced
    /// rows, the rows chosen above that level, then the row), and this
    /// search will not try them. The prefixes and what this search has
    /// left still partition its tree, so counting each prefix with
    /// [`CoverSearch::with_forced_rows`] and adding gives the same total. Why:
    /// a thread that runs out of parts can take work from a running one
    /// instead of idling until it ends (`polyform::parallel`), and the
    /// shallowest level holds the most work. Empty when every level's
    /// rows are tried or given away.
    pub fn give_away(&mut self) -> Vec<Vec<usize>> {
        if self.state == State::Done {
            return Vec::new();
        }
        for l in 0..self.level {
            let i = self.chosen[l] as usize;
            let mut r = self.nd(self.x[l] as usize).down as usize;
            if self.given_away[l] || r == i {
                continue;
            }
            let mut prefix = self.forced.clone();
            prefix.extend(
                self.x[..l]
                    .iter()
                    .map(|&n| self.row_of[n as usize] as usize),
            );
            let mut out = Vec::new();
            while r != i {
                let mut p = prefix.clone();
                p.push(self.row_of[r] as usize);
                out.push(p);
                r = self.nd(r).down as usize;
            }
            self.given_away[l] = true;
            return out;
        }
        Vec::new()
    }

    /// The current partial solution as row indices: forced rows first, then
    /// the chosen rows in choice (depth) order, as Sage reports them.
    fn current_solution(&self) -> Vec<usize> {
        let mut rows = self.forced.clone();
        rows.extend(
            self.x[..self.level]
                .iter()
                .map(|&n| self.row_of[n as usize] as usize),
        );
        rows
    }

    /// First active primary item of minimum length (strict `<`: ties go to
    /// the lowest index, as in Sage), except that the scan stops at the
    /// first item of length 0 or 1. That shortcut cannot change the order of
    /// solutions: while any item has length ≤ 1 every choice is forced (no
    /// branching), forced choices commute, and once none is left the state —
    /// and so Sage's next branching item — is the same.
    #[inline]
    fn choose(&self) -> usize {
        let mut best = u32::MAX;
        let mut item = 0usize;
        let mut p = self.rlink(0);
        while p != 0 {
            let len = self.nd(p).top;
            if len < best {
                best = len;
                item = p;
                if len <= 1 {
                    break;
                }
            }
            p = self.rlink(p);
        }
        item
    }

    // Unchecked access to the links. Bounds checks were ~40% of the
    // instructions of a Sudoku search (callgrind), and they cannot fail:
    // `new` builds every link as an index into these vectors, the search
    // only ever copies links it has read, and the vectors never shrink.
    // Debug builds (and so the tests) still check every access.

    #[inline(always)]
    fn nd(&self, i: usize) -> &Node {
        debug_assert!(i < self.node.len());
        // SAFETY: every link is in bounds (see above).
        unsafe { self.node.get_unchecked(i) }
    }

    #[inline(always)]
    fn nd_mut(&mut self, i: usize) -> &mut Node {
        debug_assert!(i < self.node.len());
        // SAFETY: every link is in bounds (see above).
        unsafe { self.node.get_unchecked_mut(i) }
    }

    #[inline(always)]
    fn llink(&self, i: usize) -> usize {
        debug_assert!(i < self.llink.len());
        // SAFETY: every link is in bounds (see above).
        unsafe { *self.llink.get_unchecked(i) as usize }
    }

    #[inline(always)]
    fn rlink(&self, i: usize) -> usize {
        debug_assert!(i < self.rlink.len());
        // SAFETY: every link is in bounds (see above).
        unsafe { *self.rlink.get_unchecked(i) as usize }
    }

    #[inline(always)]
    fn set_llink(&mut self, i: usize, v: usize) {
        debug_assert!(i < self.llink.len() && v < self.llink.len());
        // SAFETY: every link is in bounds (see above).
        unsafe { *self.llink.get_unchecked_mut(i) = v as u32 }
    }

    #[inline(always)]
    fn set_rlink(&mut self, i: usize, v: usize) {
        debug_assert!(i < self.rlink.len() && v < self.rlink.len());
        // SAFETY: every link is in bounds (see above).
        unsafe { *self.rlink.get_unchecked_mut(i) = v as u32 }
    }

    #[inline]
    fn cover(&mut self, i: usize) {
        let mut p = self.nd(i).down as usize;
        while p != i {
            self.hide(p);
            p = self.nd(p).down as usize;
        }
        let l = self.llink(i);
        let r = self.rlink(i);
        self.set_rlink(l, r);
        self.set_llink(r, l);
    }

    #[inline]
    fn uncover(&mut self, i: usize) {
        let l = self.llink(i);
        let r = self.rlink(i);
        self.set_rlink(l, i);
        self.set_llink(r, i);
        let mut p = self.nd(i).up as usize;
        while p != i {
            self.unhide(p);
            p = self.nd(p).up as usize;
        }
    }

    #[inline]
    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let Node { top, up, down } = *self.nd(q);
            let x = top as usize;
            if x == 0 {
                q = up as usize;
            } else {
                self.nd_mut(up as usize).down = down;
                self.nd_mut(down as usize).up = up;
                self.nd_mut(x).top -= 1;
                if self.nd(x).top == 0 && x <= self.primary as usize && self.mark[x] != self.stamp {
                    // A row still linked holds only active items, so x is
                    // active, and no row is left to cover it.
                    if (self.emptied as usize) < PENDING {
                        self.emptied_items[self.emptied as usize] = x as u32;
                    }
                    self.emptied += 1;
                }
                q += 1;
            }
        }
    }

    #[inline]
    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let Node { top, up, down } = *self.nd(q);
            let x = top as usize;
            if x == 0 {
                q = down as usize;
            } else {
                self.nd_mut(up as usize).down = q as u32;
                self.nd_mut(down as usize).up = q as u32;
                self.nd_mut(x).top += 1;
                q -= 1;
            }
        }
    }

    /// The node after `p` in its row, wrapping at the row's end (the
    /// spacer after a row links up to its first node).
    #[inline(always)]
    fn next_in_row(&self, p: usize) -> usize {
        let q = p + 1;
        match *self.nd(q) {
            Node { top: 0, up, .. } => up as usize,
            _ => q,
        }
    }

    /// The node before `p` in its row, wrapping at the row's start (the
    /// spacer before a row links down to its last node).
    #[inline(always)]
    fn prev_in_row(&self, p: usize) -> usize {
        let q = p - 1;
        match *self.nd(q) {
            Node { top: 0, down, .. } => down as usize,
            _ => q,
        }
    }

    /// Cover the items of row node `r` other than its own item, left to right.
    #[inline]
    fn cover_others(&mut self, r: usize) {
        let mut p = self.next_in_row(r);
        while p != r {
            self.cover(self.nd(p).top as usize);
            p = self.next_in_row(p);
        }
    }

    /// Undo [`CoverSearch::cover_others`], right to left.
    #[inline]
    fn uncover_others(&mut self, r: usize) {
        let mut p = self.prev_in_row(r);
        while p != r {
            self.uncover(self.nd(p).top as usize);
            p = self.prev_in_row(p);
        }
    }

    /// Place the row of node `r` (its item already covered): cover its other
    /// items, unless that leaves an active primary item with no row, in
    /// which case undo and return false. Why: in such a state the next
    /// `choose` would only find the empty item and go back, after the whole
    /// row was covered; stopping at the first item that empties another
    /// skips the rest of the row's covers (on tetrastick parts, over half of
    /// all placements end this way). The choice of items, the order of
    /// rows and so of solutions are unchanged: a dead state has no
    /// solution, and the node is still counted by the caller.
    #[inline]
    fn place(&mut self, l: usize, r: usize) -> bool {
        self.new_stamp();
        // Mark the row's items: emptying one of them is no dead end, the
        // row covers it.
        let mut p = self.next_in_row(r);
        while p != r {
            let j = self.nd(p).top as usize;
            self.mark[j] = self.stamp;
            p = self.next_in_row(p);
        }
        // Items the level's own cover emptied: this row must hold them.
        for x in self.pending[l] {
            if x != u32::MAX && self.mark[x as usize] != self.stamp {
                return false;
            }
        }
        self.emptied = 0;
        // Cover as `cover_others` does, left to right from r.
        let mut p = self.next_in_row(r);
        while p != r {
            self.cover(self.nd(p).top as usize);
            if self.emptied > 0 {
                // Undo the covers done so far, right to left from p back
                // to the first node after r.
                let start = self.next_in_row(r);
                let mut q = p;
                loop {
                    self.uncover(self.nd(q).top as usize);
                    if q == start {
                        break;
                    }
                    q = self.prev_in_row(q);
                }
                return false;
            }
            p = self.next_in_row(p);
        }
        true
    }

    /// A stamp no item is marked with yet.
    #[inline]
    fn new_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// Try the rows of level `l`'s item from node `r` down until one can be
    /// placed ([`CoverSearch::place`]): then go a level deeper; if none can,
    /// uncover the item and go back. Returns the rows tried, one node each.
    #[inline]
    fn try_rows(&mut self, l: usize, mut r: usize) -> u64 {
        let i = self.chosen[l] as usize;
        let mut tried = 0;
        loop {
            tried += 1;
            self.nodes += 1;
            if self.place(l, r) {
                self.x[l] = r as u32;
                self.level += 1;
                self.state = State::Enter;
                return tried;
            }
            r = self.nd(r).down as usize;
            if r == i {
                self.uncover(i);
                self.state = State::Backtrack;
                return tried;
            }
            self.k[l] += 1;
        }
    }

    /// Advance the state machine by at most `budget` nodes. Returns
    /// `Some(solution)` when one is found outside count-only mode.
    fn run(&mut self, budget: u64) -> Option<Vec<usize>> {
        let mut spent = 0u64;
        loop {
            match self.state {
                State::Done => return None,
                State::Enter => {
                    if self.rlink(0) == 0 {
                        self.solutions += 1;
                        self.state = State::Backtrack;
                        if !self.count_only {
                            return Some(self.current_solution());
                        }
                        continue;
                    }
                    if self.holes.is_some()
                        && self.level > 0
                        && !self.fillable(self.x[self.level - 1] as usize)
                    {
                        self.state = State::Backtrack;
                        continue;
                    }
                    if spent >= budget {
                        return None;
                    }
                    let i = self.choose();
                    let len = self.nd(i).top;
                    if len == 0 {
                        self.state = State::Backtrack;
                        continue;
                    }
                    // Cover the item, noting what that empties (no item is
                    // marked: the level's rows are not placed yet).
                    self.new_stamp();
                    self.emptied = 0;
                    self.emptied_items = [u32::MAX; PENDING];
                    self.cover(i);
                    let l = self.level;
                    self.pending[l] = if self.emptied as usize <= PENDING {
                        self.emptied_items
                    } else {
                        [u32::MAX; PENDING]
                    };
                    self.chosen[l] = i as u32;
                    self.k[l] = 0;
                    self.b[l] = len;
                    self.given_away[l] = false;
                    let r = self.nd(i).down as usize;
                    spent += self.try_rows(l, r);
                }
                State::Backtrack => {
                    if self.level == 0 {
                        self.state = State::Done;
                        return None;
                    }
                    self.level -= 1;
                    let l = self.level;
                    let r = self.x[l] as usize;
                    self.uncover_others(r);
                    let i = self.chosen[l] as usize;
                    let next = self.nd(r).down as usize;
                    if next == i || self.given_away[l] {
                        self.uncover(i);
                        continue;
                    }
                    self.k[l] += 1;
                    spent += self.try_rows(l, next);
                }
            }
        }
    }
}

impl Search<Vec<usize>> for CoverSearch {
    fn step(&mut self, budget: u64) -> Step<Vec<usize>> {
        let found = self.run(budget);
        Step::after_run(found, self.state == State::Done)
    }

    fn progress(&self) -> Progress {
        let fraction = if self.state == State::Done {
            1.0
        } else {
            // Knuth's estimate: the rows already finished at each level.
            tree_fraction((0..self.level).map(|l| (self.k[l], self.b[l])))
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
}

impl Iterator for CoverSearch {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.count_only = false;
        loop {
            if let Some(s) = self.run(u64::MAX) {
                return Some(s);
            }
            if self.state == State::Done {
                return None;
            }
        }
    }
}
