//! Essentially different grids as a worker job (`engine::count::essential`):
//! Burnside's lemma class by class — the group's conjugacy classes on the
//! first step, then each class's fixed grids by a pausable search (the 9×9
//! identity by band signatures) — answered once, at the end, as the
//! per-class table and the count.

use crate::event::{ErrorKind, JobError};
use crate::job::{Job, Started, Work};
use serde::{Deserialize, Serialize};
use tessera_engine::count::essential::{published, ClassRow, EssentialCount, EssentialError};
use tessera_engine::search::{Progress, Step};
use tessera_engine::sudoku::Shape;

/// Count the essentially different grids of `shape`; `transpose` adds the
/// transposition to the group (square boxes only).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EssentiallyDifferent {
    pub shape: Shape,
    pub transpose: bool,
}

/// The answer: the count (as a decimal string: it is a u128 for JSON's
/// sake), the group, the classes with fixed grids, and the published value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EssentialAnswer {
    pub count: String,
    pub group_order: u64,
    pub classes: usize,
    /// Only the classes that fix some grid.
    pub rows: Vec<ClassRow>,
    pub published: Option<(String, String)>,
}

impl Job for EssentiallyDifferent {
    const KIND: &'static str = "EssentiallyDifferent";
    type Item = EssentialAnswer;

    fn start(self) -> Result<Started<EssentialAnswer>, JobError> {
        // Refuse a bad shape at once; the group itself is built on the
        // first step (about a second for 9×9), so Cancel is heard before.
        if !matches!(
            (self.shape.box_rows, self.shape.box_cols),
            (2, 2) | (2, 3) | (3, 2) | (3, 3)
        ) {
            return Err(EssentialError::Unsupported(self.shape).into());
        }
        Ok(Started::stream(EssentialWork {
            job: self,
            count: None,
            answered: false,
        }))
    }
}

struct EssentialWork {
    job: EssentiallyDifferent,
    count: Option<EssentialCount>,
    answered: bool,
}

impl Work<EssentialAnswer> for EssentialWork {
    fn step(&mut self, budget: u64) -> Result<Step<EssentialAnswer>, JobError> {
        let Some(count) = &mut self.count else {
            self.count = Some(EssentialCount::new(self.job.shape, self.job.transpose)?);
            return Ok(Step::Paused);
        };
        if !count.step(budget.max(1)) {
            return Ok(Step::Paused);
        }
        if self.answered {
            return Ok(Step::Done);
        }
        self.answered = true;
        let total = count.total().ok_or_else(|| {
            JobError::new(
                ErrorKind::Internal,
                "Burnside's sum is not a multiple of the group order",
            )
        })?;
        Ok(Step::Solution(EssentialAnswer {
            count: total.to_string(),
            group_order: count.order(),
            classes: count.classes().len(),
            rows: count
                .rows()
                .iter()
                .filter(|r| r.fixed > 0)
                .cloned()
                .collect(),
            published: published(self.job.shape, self.job.transpose)
                .map(|(v, s)| (v.to_string(), s.to_string())),
        }))
    }

    fn progress(&self) -> Progress {
        let Some(count) = &self.count else {
            return Progress::default();
        };
        let p = count.progress();
        Progress {
            nodes: p.nodes,
            solutions: u128::from(self.answered),
            fraction: p.classes_done as f64 / p.classes.max(1) as f64,
            conflicts: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::testing::{drain, fake_clock, items, start};
    use crate::runner::Runner;

    fn run(shape: Shape, transpose: bool) -> Vec<EssentialAnswer> {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.01);
        let mut replies = r.handle(start(1, EssentiallyDifferent { shape, transpose }), 0.0);
        replies.extend(drain(&mut r, &mut clock));
        items(&replies)
    }

    /// Through the runner: one answer, Shidoku's 2 and 6×6's 49, each
    /// equal to the published value it carries, with the identity's row.
    #[test]
    fn shidoku_and_six_by_six() {
        for (r, c, expect) in [(2, 2, "2"), (2, 3, "49")] {
            let answers = run(Shape::new(r, c).unwrap(), true);
            assert_eq!(answers.len(), 1);
            let a = &answers[0];
            assert_eq!(a.count, expect);
            assert_eq!(a.published.as_ref().unwrap().0, expect);
            assert_eq!(a.rows[0].size, 1);
        }
    }

    #[test]
    fn a_shape_out_of_reach_is_refused() {
        let err = EssentiallyDifferent {
            shape: Shape::new(2, 4).unwrap(),
            transpose: true,
        }
        .start()
        .err()
        .unwrap();
        assert!(err.to_string().contains("2x4"), "{err}");
    }
}
