//! Counting one puzzle on several native threads.
//!
//! The search is cut into row prefixes ([`SolveRun::subproblems`]): each is
//! an independent part, counted by a [`SolveRun::fork`], and the counts add
//! up. Threads take the next unclaimed part from a shared queue, so uneven
//! parts still keep every thread busy — until the last part: one part can
//! hold a large share of the tree (in OneSidedTetrasticks5x5DiamondLattice
//! one of the 74 depth-2 parts holds 15 % of the nodes), and when it is
//! taken late the other threads idle while it runs.
//!
//! So the cut deepens at the end: once the count has run longer than
//! [`CountPlan::cut_deeper_after`], a part taken while fewer than
//! [`CountPlan::cut_below`] parts (two per thread) are left is replaced by
//! its parts two levels deeper (up to [`MAX_CUTS`] times), which refills
//! the queue with small parts. A short count never pays for the extra
//! forks; a long one ends on parts of a few seconds instead of one thread
//! finishing a large part alone.
//!
//! A part cut that way can still be large, and its size is only known
//! once counted. So a thread that finds the queue empty while others still
//! count waits, and a running part (DLX) looks every [`SLICE`] nodes
//! whether someone waits: then it gives away the untried rows of its
//! shallowest open level ([`SolveRun::give_away`]) as new parts. The end of
//! a count then waits only for the last slice, whatever the parts' sizes.
//! The parts partition the tree whatever the timing, so the count is the
//! same; only the node total may differ slightly (a fork presolves after
//! its own prefix).
//!
//! wasm32 has no threads in `std`: the browser cuts the count with
//! [`SolveRun::subproblems`] over its Web Workers instead.

use super::solve::SolveRun;
use super::PolyformError;
use crate::search::{Search, Step};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// The depth of the first cut (hundreds of parts on the catalogue's large
/// puzzles).
pub const FIRST_DEPTH: usize = 2;

/// Levels a late part is cut deeper by.
pub const CUT_LEVELS: usize = 2;

/// How many times a part may be cut by default: the last parts of a long
/// count are then at most [`FIRST_DEPTH`] + 6 levels deep.
pub const MAX_CUTS: u32 = 3;

/// Nodes searched between two looks at the clock.
const SLICE: u64 = 1 << 14;

/// How to run a parallel count.
#[derive(Clone, Copy, Debug)]
pub struct CountPlan {
    /// Threads sharing the search (at least one).
    pub threads: usize,
    /// The depth of the first cut ([`FIRST_DEPTH`]; 0: the whole tree is
    /// one part, which then only gives work away).
    pub first_depth: usize,
    /// Give up at this instant, if set: the outcome then says how far the
    /// count got.
    pub deadline: Option<Instant>,
    /// Parts taken after the count has run this long are cut deeper…
    pub cut_deeper_after: Duration,
    /// …while fewer than this many parts are left to take…
    pub cut_below: usize,
    /// …and a part was cut fewer times than this.
    pub max_cuts: u32,
}

impl CountPlan {
    /// `threads` threads, no deadline, cutting deeper after five seconds
    /// when fewer than two parts per thread are left.
    pub fn new(threads: usize) -> CountPlan {
        let threads = threads.max(1);
        CountPlan {
            threads,
            first_depth: FIRST_DEPTH,
            deadline: None,
            cut_deeper_after: Duration::from_secs(5),
            cut_below: 2 * threads,
            max_cuts: MAX_CUTS,
        }
    }
}

/// How far a parallel count got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartsCount {
    /// Solutions found (the count, if `finished`).
    pub solutions: u128,
    /// Search nodes of all threads.
    pub nodes: u64,
    /// Whether every part was counted to the end.
    pub finished: bool,
    /// Share of the tree counted: finished parts by their share (a first-cut
    /// part's share split evenly among its deeper parts), a part stopped at
    /// the deadline by its own estimate.
    pub fraction: f64,
    /// Parts counted or started (after any deeper cut).
    pub parts: usize,
    /// Parts a running part gave away to a waiting thread (included in
    /// `parts`).
    pub given: usize,
    /// Time threads spent waiting for a part while others counted, in
    /// seconds, all threads added.
    pub waited: f64,
}

/// One part: a row prefix, its share of the whole tree, and how many
/// times it was cut deeper.
struct Part {
    prefix: Vec<usize>,
    share: f64,
    cuts: u32,
}

/// The queue and who is working on it.
struct Shared {
    queue: VecDeque<Part>,
    /// Threads counting a part now.
    running: usize,
}

/// Count the solutions below `root` (a session that has not searched yet)
/// on `plan.threads` threads. With one thread and no deadline this is the
/// plain count.
pub fn count_parts(root: &SolveRun, plan: CountPlan) -> Result<PartsCount, PolyformError> {
    let start = Instant::now();
    let first = root.subproblems(plan.first_depth);
    let share = 1.0 / first.len().max(1) as f64;
    let shared = Mutex::new(Shared {
        queue: first
            .into_iter()
            .map(|prefix| Part {
                prefix,
                share,
                cuts: 0,
            })
            .collect(),
        running: 0,
    });
    // Signalled when parts are added or a part ends.
    let changed = Condvar::new();
    // Threads waiting for a part while others still count.
    let hungry = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let total = Mutex::new(PartsCount {
        solutions: 0,
        nodes: 0,
        finished: true,
        fraction: 0.0,
        parts: 0,
        given: 0,
        waited: 0.0,
    });
    let failed: Mutex<Option<PolyformError>> = Mutex::new(None);
    let fail = |e: PolyformError| {
        *failed.lock().expect("lock") = Some(e);
        stop.store(true, Ordering::Relaxed);
        changed.notify_all();
    };
    let each_thread = || loop {
        let part = {
            let mut g = shared.lock().expect("lock");
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let late = start.elapsed() >= plan.cut_deeper_after;
                match take(root, &mut g.queue, late, &plan) {
                    Ok(Some(part)) => {
                        g.running += 1;
                        break part;
                    }
                    Ok(None) if g.running == 0 => {
                        changed.notify_all();
                        return;
                    }
                    Ok(None) => {
                        // Others still count: wait for a part they give
                        // away, or for the end.
                        let since = Instant::now();
                        hungry.fetch_add(1, Ordering::Relaxed);
                        g = changed
                            .wait_timeout(g, Duration::from_millis(50))
                            .expect("lock")
                            .0;
                        hungry.fetch_sub(1, Ordering::Relaxed);
                        total.lock().expect("lock").waited += since.elapsed().as_secs_f64();
                    }
                    Err(e) => {
                        drop(g);
                        fail(e);
                        return;
                    }
                }
            }
        };
        let mut s = match root.fork(&part.prefix) {
            Ok(s) => s,
            Err(e) => {
                fail(e);
                return;
            }
        };
        s.set_count_only(true);
        let mut given = 0;
        let mut share = part.share;
        let done = loop {
            if plan.deadline.is_some_and(|d| Instant::now() >= d) {
                stop.store(true, Ordering::Relaxed);
                changed.notify_all();
                break false;
            }
            if let Step::Done = s.step(SLICE) {
                break true;
            }
            if hungry.load(Ordering::Relaxed) > 0 {
                let away = s.give_away();
                if !away.is_empty() {
                    given += away.len();
                    // What this part had left, by its own estimate, shared
                    // evenly between it and the parts it gives away.
                    let left = share * (1.0 - s.progress().fraction.clamp(0.0, 1.0));
                    let each = left / (away.len() + 1) as f64;
                    share -= left - each;
                    let mut g = shared.lock().expect("lock");
                    for prefix in away.into_iter().rev() {
                        // Already deep: not cut again (later hunger takes
                        // more from whoever counts them).
                        g.queue.push_front(Part {
                            prefix,
                            share: each,
                            cuts: plan.max_cuts,
                        });
                    }
                    changed.notify_all();
                }
            }
        };
        let p = s.progress();
        {
            let mut t = total.lock().expect("lock");
            t.solutions += p.solutions;
            t.nodes += p.nodes;
            t.parts += 1;
            t.given += given;
            t.fraction += share * if done { 1.0 } else { p.fraction };
            if !done {
                t.finished = false;
            }
        }
        let mut g = shared.lock().expect("lock");
        g.running -= 1;
        changed.notify_all();
        if !done {
            return;
        }
    };
    crate::pool::on_threads(plan.threads, each_thread);
    if let Some(e) = failed.into_inner().expect("lock") {
        return Err(e);
    }
    let mut t = total.into_inner().expect("lock");
    let left = !shared.into_inner().expect("lock").queue.is_empty();
    if left || stop.load(Ordering::Relaxed) {
        t.finished = false;
    }
    if t.finished {
        t.fraction = 1.0;
    }
    Ok(t)
}

/// The next part. Late in a count (`late`) and with few parts left (see
/// [`CountPlan`]), a part is replaced by its parts [`CUT_LEVELS`] deeper,
/// first in the queue (the search's order is kept).
///
/// Stick and trig puzzles (crossing points) cut every late first-cut part deeper,
/// however many are left. Why: a part presolves once it has run a while
/// ([`SolveRun::presolve_part`]), and after four placed sticks far more
/// rows are dead than after two (a stick blocks the crossings it runs
/// straight through). On OneSidedTetrasticks5x5DiamondLattice, three
/// 1/200 shards (parts about five levels deep, presolved) searched 7.9 M
/// nodes on average against 9.1 M per 1/200 of the depth-2 count. The
/// polyiamond hexgrid puzzles (DLX, no crossings) lost 20–40 % that way,
/// so they keep the rule above.
fn take(
    root: &SolveRun,
    q: &mut VecDeque<Part>,
    late: bool,
    plan: &CountPlan,
) -> Result<Option<Part>, PolyformError> {
    loop {
        let Some(part) = q.pop_front() else {
            return Ok(None);
        };
        let deepen = part.cuts == 0 && root.has_crossings() || q.len() < plan.cut_below;
        if !late || !deepen || part.cuts >= plan.max_cuts {
            return Ok(Some(part));
        }
        let deeper = root.fork(&part.prefix)?.subproblems(CUT_LEVELS);
        if deeper.is_empty() || deeper.len() == 1 && deeper[0] == part.prefix {
            // All dead ends, or a complete solution: nothing to cut.
            return Ok(Some(part));
        }
        let share = part.share / deeper.len() as f64;
        for prefix in deeper.into_iter().rev() {
            q.push_front(Part {
                prefix,
                share,
                cuts: part.cuts + 1,
            });
        }
    }
}
