//! A polyform count within a time budget: what the catalogue report runs
//! for every puzzle, on one thread (the search's own stepping) or on
//! several ([`count_parts`]), stopping at the deadline with how far it got.
//! Native only in practice: the deadline is an `Instant`, which the
//! browser's workers do not have (they count through the job runner).

use super::parallel::{count_parts, CountPlan};
use super::{PolyformError, Puzzle, SolveOptions, SolveRun};
use crate::search::{Search, Step};
use std::time::{Duration, Instant};

/// How far a budgeted count got.
#[derive(Clone, Debug, PartialEq)]
pub struct BudgetedCount {
    /// The count, if the search finished.
    pub count: Option<u128>,
    /// Solutions found so far.
    pub found: u128,
    pub nodes: u64,
    /// Estimated fraction of the search tree explored.
    pub fraction: f64,
    pub secs: f64,
    /// The order of the puzzle's symmetry group.
    pub symmetries: usize,
    /// The piece restricted to break the symmetry, if one was.
    pub restricted: Option<String>,
    /// How a count of 0 was proven without searching, if it was: the
    /// sentence the workbench shows.
    pub proof: Option<String>,
    /// On several threads: how the work was shared.
    pub sharing: Option<Sharing>,
}

/// How a count on several threads shared its parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sharing {
    pub parts: usize,
    /// Parts given away by running parts.
    pub given: usize,
    /// Seconds threads waited for work, in all.
    pub waited: f64,
}

/// Count `puzzle` (unique or all) on `threads` threads, giving up after
/// `budget`. With one thread the fraction is the search's own estimate;
/// with several it is the share of the parts finished, partly finished
/// parts counting by their own estimate ([`count_parts`]).
pub fn count_within(
    puzzle: &Puzzle,
    unique: bool,
    threads: usize,
    budget: Duration,
) -> Result<BudgetedCount, PolyformError> {
    let start = Instant::now();
    let deadline = start + budget;
    let mut root = SolveRun::new(puzzle, SolveOptions { unique })?;
    let symmetries = root.symmetry_order();
    let restricted = root.restricted_piece().map(str::to_string);
    let finish = |count, found, nodes, fraction| BudgetedCount {
        count,
        found,
        nodes,
        fraction,
        secs: start.elapsed().as_secs_f64(),
        symmetries,
        restricted: restricted.clone(),
        proof: None,
        sharing: None,
    };
    if root.prove_impossible() {
        let mut o = finish(Some(0), 0, root.progress().nodes, 1.0);
        o.proof = root
            .proof()
            .map(|p| format!("proven impossible: {}", p.sentence()));
        return Ok(o);
    }
    if threads <= 1 {
        let mut s = root;
        s.set_count_only(true);
        loop {
            if Instant::now() >= deadline {
                let p = s.progress();
                return Ok(finish(None, p.solutions, p.nodes, p.fraction));
            }
            if let Step::Done = s.step(1 << 14) {
                let p = s.progress();
                return Ok(finish(Some(p.solutions), p.solutions, p.nodes, 1.0));
            }
        }
    }
    let plan = CountPlan {
        deadline: Some(deadline),
        ..CountPlan::new(threads)
    };
    let c = count_parts(&root, plan)?;
    let mut o = finish(
        c.finished.then_some(c.solutions),
        c.solutions,
        c.nodes,
        c.fraction,
    );
    o.sharing = Some(Sharing {
        parts: c.parts,
        given: c.given,
        waited: c.waited,
    });
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyform::library;

    #[test]
    fn a_count_finishes_on_one_or_two_threads_and_stops_at_a_zero_budget() {
        let p = library::find("pentominoes-3x20").unwrap();
        let long = Duration::from_secs(60);
        let one = count_within(&p, true, 1, long).unwrap();
        assert_eq!(one.count, Some(2));
        assert!(one.symmetries > 1 && one.restricted.is_some());
        let two = count_within(&p, true, 2, long).unwrap();
        assert_eq!(two.count, Some(2));
        assert!(two.sharing.is_some_and(|s| s.parts >= 1));
        let none = count_within(&p, false, 1, Duration::ZERO).unwrap();
        assert_eq!(none.count, None, "no time, no count");
        assert!(none.fraction < 1.0);
    }
}
