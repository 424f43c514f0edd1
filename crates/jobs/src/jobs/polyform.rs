//! Polyform jobs: tile a puzzle's region (solve, count) and enumerate a
//! family of polyforms.

use crate::event::JobError;
use crate::job::{Job, NoItem, Started};
use serde::{Deserialize, Serialize};
use tessera_engine::polyform::enumerate::{self, Counts};
use tessera_engine::polyform::{Cell, Lattice, Puzzle, Solution, SolveOptions, SolveRun};

fn solve_run(puzzle: &Puzzle, unique: bool) -> Result<SolveRun, JobError> {
    Ok(SolveRun::new(puzzle, SolveOptions { unique })?)
}

/// Enumerate the solutions of a polyform puzzle lazily (`batch` at a
/// time), once up to symmetry when `unique`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolyformSolve {
    pub puzzle: Puzzle,
    pub unique: bool,
    pub batch: u32,
}

impl Job for PolyformSolve {
    const KIND: &'static str = "PolyformSolve";
    type Item = Solution;

    fn start(self) -> Result<Started<Solution>, JobError> {
        let search = solve_run(&self.puzzle, self.unique)?;
        Ok(Started::enumerate(Box::new(search), self.batch))
    }
}

/// Count a polyform puzzle's solutions, reporting progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolyformCount {
    pub puzzle: Puzzle,
    pub unique: bool,
    pub limit: Option<u128>,
}

impl Job for PolyformCount {
    const KIND: &'static str = "PolyformCount";
    type Item = NoItem;

    fn start(self) -> Result<Started<NoItem>, JobError> {
        let search = solve_run(&self.puzzle, self.unique)?;
        Ok(Started::count(Box::new(search), self.limit))
    }
}

/// Count the polyforms of sizes `1..=size` of a family and list those of
/// size `size` (when `list`). Not sliced: sizes are bounded by the engine
/// (`enumerate::max_size`), and a cancel terminates the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PolyformEnumerate {
    pub lattice: Lattice,
    pub size: usize,
    pub one_sided: bool,
    pub list: bool,
}

/// Polyform counts for sizes `1..=n` and the polyforms of size `n`
/// (normal forms; empty unless listed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Polyforms {
    pub counts: Vec<Counts>,
    pub pieces: Vec<Vec<Cell>>,
}

impl Job for PolyformEnumerate {
    const KIND: &'static str = "PolyformEnumerate";
    type Item = Polyforms;

    fn start(self) -> Result<Started<Polyforms>, JobError> {
        let counts = enumerate::count(self.lattice, self.size)?;
        let pieces = if self.list {
            enumerate::polyforms(self.lattice, self.size, self.one_sided)?
        } else {
            Vec::new()
        };
        Ok(Started::answer(Polyforms { counts, pieces }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ErrorKind;
    use crate::event::Event;
    use crate::protocol::Request;
    use crate::runner::testing::*;
    use crate::runner::Runner;
    use tessera_engine::polyform::{format, library};

    #[test]
    fn polyform_enumeration_delivers_checked_solutions_in_batches() {
        let puzzle = library::find("pentominoes-3x20").unwrap();
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        let job = PolyformSolve {
            puzzle: puzzle.clone(),
            unique: true,
            batch: 1,
        };
        assert!(r.handle(start(4, job), 0.0).is_empty());
        let mut found = Vec::new();
        loop {
            let msgs = drain(&mut r, &mut clock);
            for sol in items::<Solution>(&msgs) {
                format::check_against(&puzzle, &sol).expect("a valid tiling");
                found.push(sol.sorted());
            }
            match msgs.last().map(|m| &m.event) {
                Some(Event::Waiting(_)) => {
                    r.handle(Request::More { id: 4, count: 1 }, 0.0);
                }
                Some(Event::Done(stats)) => {
                    assert!(stats.exhausted);
                    break;
                }
                other => panic!("{other:?}"),
            }
        }
        // Two solutions up to symmetry (Polyform Puzzler), and they differ.
        assert_eq!(found.len(), 2);
        assert_ne!(found[0], found[1]);
    }

    #[test]
    fn polyform_count_matches_the_published_count() {
        let puzzle = library::find("tetrahexes-4x7").unwrap();
        let known = puzzle.known.as_ref().and_then(|k| k.unique).unwrap();
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        let job = PolyformCount {
            puzzle,
            unique: true,
            limit: None,
        };
        r.handle(start(5, job), 0.0);
        let msgs = drain(&mut r, &mut clock);
        match msgs.last().map(|m| &m.event) {
            Some(Event::Done(stats)) => assert_eq!(stats.solutions, known),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn polyform_errors_name_the_problem() {
        let mut puzzle = library::find("pentominoes-6x10").unwrap();
        puzzle.region.pop();
        let mut r = Runner::new();
        let job = PolyformSolve {
            puzzle,
            unique: true,
            batch: 1,
        };
        let (_, e) = the_error(&r.handle(start(6, job), 0.0));
        assert!(e.message.contains("60 cells"), "{e}");
        assert!(e.message.contains("59"), "{e}");
        assert_eq!(e.kind, ErrorKind::BadInput);
        let job = PolyformEnumerate {
            lattice: Lattice::Square,
            size: 99,
            one_sided: false,
            list: false,
        };
        let (_, e) = the_error(&r.handle(start(7, job), 0.0));
        assert!(e.message.contains("99"), "{e}");
        assert_eq!(e.kind, ErrorKind::Unsupported);
        assert_eq!(r.live_jobs(), 0);
    }

    #[test]
    fn polyform_enumeration_job_answers_at_once() {
        let mut r = Runner::new();
        let job = PolyformEnumerate {
            lattice: Lattice::Square,
            size: 5,
            one_sided: false,
            list: true,
        };
        let Polyforms { counts, pieces } = answer(&mut r, 8, job).unwrap();
        let free: Vec<u64> = counts.iter().map(|c| c.free).collect();
        assert_eq!(free, [1, 1, 2, 5, 12]);
        assert_eq!(pieces.len(), 12);
        assert!(pieces.iter().all(|p| p.len() == 5));
        assert!(!r.busy());
    }
}
