//! Constrained Sudoku (killer cages, thermometers, arrows, dots, lines and
//! global rules as data): solve, count up to a limit, and true candidates.
//!
//! The puzzle travels in Tessera's text form (`constraint::text`), so the
//! page, the CLI and the tests write a puzzle one way, and a parse error
//! names its line. Every solution the search reports goes through the
//! independent checker (`constraint::check`) before it is delivered or
//! counted: a grid that breaks a rule ends the job with an internal error
//! instead of a wrong answer.

use crate::event::JobError;
use crate::job::{Job, NoItem, Started, Work};
use serde::{Deserialize, Serialize};
use tessera_engine::search::{Progress, Search, Step};
use tessera_engine::sudoku::constraint::{self, check, text, ConstraintSearch, Puzzle};

/// The search of a puzzle with each of its solutions checked, then made
/// an item by `item` — or, counting (`item` is `None`), counted and
/// dropped.
struct Checked<T> {
    puzzle: Puzzle,
    search: ConstraintSearch,
    item: Option<fn(Vec<u8>) -> T>,
}

impl<T> Checked<T> {
    fn new(text: &str, item: Option<fn(Vec<u8>) -> T>) -> Result<Checked<T>, JobError> {
        let puzzle = text::parse(text)?;
        let search = ConstraintSearch::new(&puzzle);
        Ok(Checked {
            puzzle,
            search,
            item,
        })
    }
}

impl<T> Work<T> for Checked<T> {
    fn step(&mut self, budget: u64) -> Result<Step<T>, JobError> {
        match self.search.step(budget) {
            Step::Solution(grid) => {
                check(&self.puzzle, &grid).map_err(|v| {
                    JobError::internal(format!("the solver's grid breaks a rule: {v}"))
                })?;
                Ok(match self.item {
                    Some(item) => Step::Solution(item(grid)),
                    None => Step::Paused,
                })
            }
            Step::Paused => Ok(Step::Paused),
            Step::Done => Ok(Step::Done),
        }
    }

    fn progress(&self) -> Progress {
        self.search.progress()
    }

    fn engine(&self) -> Option<&'static str> {
        self.search.engine()
    }
}

/// Enumerate a constrained puzzle's solutions (full grids, row-major),
/// `batch` per `More`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstraintSolve {
    pub text: String,
    pub batch: u32,
}

impl Job for ConstraintSolve {
    const KIND: &'static str = "ConstraintSolve";
    type Item = Vec<u8>;

    fn start(self) -> Result<Started<Vec<u8>>, JobError> {
        Ok(Started::Enumerate {
            work: Box::new(Checked::new(&self.text, Some(|grid| grid))?),
            batch: self.batch.max(1),
        })
    }
}

/// Count a constrained puzzle's solutions up to `limit`: the setter's
/// "is it unique?" is a count to 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstraintCount {
    pub text: String,
    pub limit: Option<u128>,
}

impl Job for ConstraintCount {
    const KIND: &'static str = "ConstraintCount";
    type Item = NoItem;

    fn start(self) -> Result<Started<NoItem>, JobError> {
        Ok(Started::count_work(
            Checked::<NoItem>::new(&self.text, None)?,
            self.limit,
        ))
    }
}

/// Each cell's true candidates (bit `d-1` for digit `d`): the digits some
/// solution holds there, with at most `solves` searches for a solution
/// (undecided digits are kept, so none a solution has is hidden).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstraintCandidates {
    pub text: String,
    pub solves: u32,
}

impl Job for ConstraintCandidates {
    const KIND: &'static str = "ConstraintCandidates";
    type Item = Vec<u64>;

    fn start(self) -> Result<Started<Vec<u64>>, JobError> {
        let puzzle = text::parse(&self.text)?;
        Ok(Started::answer(constraint::true_candidates(
            &puzzle,
            self.solves.max(1) as usize,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ErrorKind;
    use crate::event::Event;
    use crate::runner::testing::*;
    use crate::runner::Runner;

    /// A 4×4 killer: two cages split the first row into {1,2} and {3,4}.
    const KILLER: &str = "size 4\nkiller 3: r1c1 r1c2\nkiller 7: r1c3 r1c4\n";

    fn count_of(r: &mut Runner, id: u32, text: &str, limit: Option<u128>) -> u128 {
        let mut clock = fake_clock(0.001);
        let job = ConstraintCount {
            text: text.into(),
            limit,
        };
        r.handle(start(id, job), 0.0);
        let done = drain(r, &mut clock);
        done.iter()
            .find_map(|m| match &m.event {
                Event::Done(stats) => Some(stats.solutions),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no Done: {done:?}"))
    }

    #[test]
    fn constraint_jobs_solve_count_and_name_bad_lines() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        // Solutions arrive checked and as many as the count says.
        let solve = ConstraintSolve {
            text: KILLER.into(),
            batch: 1000,
        };
        r.handle(start(1, solve), 0.0);
        let sols: Vec<Vec<u8>> = items(&drain(&mut r, &mut clock));
        let puzzle = text::parse(KILLER).unwrap();
        assert!(!sols.is_empty());
        for s in &sols {
            assert!(check(&puzzle, s).is_ok(), "{s:?}");
            assert_eq!(&s[..2].iter().map(|&d| u32::from(d)).sum::<u32>(), &3);
        }
        assert_eq!(count_of(&mut r, 2, KILLER, None), sols.len() as u128);
        assert_eq!(
            sols.len() as u128,
            constraint::count(&puzzle, None),
            "the job counts what the engine counts"
        );
        // A limit stops the count there.
        assert_eq!(count_of(&mut r, 3, KILLER, Some(2)), 2);
        // True candidates: r1c1 holds 1 or 2, never more.
        let masks = answer(
            &mut r,
            4,
            ConstraintCandidates {
                text: KILLER.into(),
                solves: 100,
            },
        )
        .unwrap();
        assert_eq!(masks[0], 0b11);
        // A bad line is named, as bad input.
        let bad = ConstraintSolve {
            text: "size 4\nthermo r1c1 r1c9\n".into(),
            batch: 1,
        };
        let (_, e) = the_error(&r.handle(start(5, bad), 0.0));
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(e.message.contains("line 2"), "{e}");
    }
}
