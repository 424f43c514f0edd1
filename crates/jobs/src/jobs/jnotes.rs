//! The J notes' box-by-box estimate as a worker job: the estimate's parts
//! (`engine::count::jnotes`, about a second) and then the exact 9×9 total
//! it is measured against (`engine::count::total`, orbit by orbit, with
//! progress), answered as the table the CLI prints.

use crate::event::JobError;
use crate::job::{Job, Started, Work};
use serde::{Deserialize, Serialize};
use tessera_engine::count::jnotes::{EstimateRow, Estimates};
use tessera_engine::count::total::{self, GridTotal};
use tessera_engine::search::{Progress, Step};

/// Compute the estimates table (no parameters: the notes fix everything).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct JNotesEstimates {}

impl Job for JNotesEstimates {
    const KIND: &'static str = "JNotesEstimates";
    /// The table, once, at the end.
    type Item = Vec<EstimateRow>;

    fn start(self) -> Result<Started<Vec<EstimateRow>>, JobError> {
        // Nothing is computed here: the tables take a second or more, and
        // only a step can be cancelled.
        Ok(Started::stream(EstimatesWork {
            estimates: None,
            total: None,
            answered: false,
        }))
    }
}

/// First step: the estimate's parts; then one orbit of the total per step;
/// then the table.
struct EstimatesWork {
    estimates: Option<Estimates>,
    total: Option<GridTotal>,
    answered: bool,
}

impl Work<Vec<EstimateRow>> for EstimatesWork {
    fn step(&mut self, _budget: u64) -> Result<Step<Vec<EstimateRow>>, JobError> {
        let Some(e) = &self.estimates else {
            self.estimates = Some(Estimates::compute());
            return Ok(Step::Paused);
        };
        let Some(grids) = &mut self.total else {
            self.total = Some(GridTotal::new());
            return Ok(Step::Paused);
        };
        if grids.step().is_some() {
            return Ok(Step::Paused);
        }
        if self.answered {
            return Ok(Step::Done);
        }
        self.answered = true;
        let total = grids.total().expect("every orbit counted");
        Ok(Step::Solution(e.table(total)))
    }

    fn progress(&self) -> Progress {
        // The parts take about a tenth of the whole; the total the rest.
        let (counted, orbits) = self.total.as_ref().map_or((0.0, 0), |t| {
            let p = t.progress();
            (
                p.signatures_done as f64 / total::SIGNATURES as f64,
                p.orbits_done as u64,
            )
        });
        Progress {
            nodes: orbits,
            solutions: u128::from(self.answered),
            fraction: if self.estimates.is_some() {
                0.1 + 0.9 * counted
            } else {
                0.0
            },
            conflicts: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::testing::{drain, fake_clock, items, start};
    use crate::runner::Runner;

    /// Through the runner: one item, the table, whose exact row is the
    /// published total and whose estimate is the notes' 7.168e21.
    #[test]
    #[cfg_attr(not(optimized), ignore)]
    fn the_table_arrives_once_at_the_end() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.01);
        let mut replies = r.handle(start(1, JNotesEstimates {}), 0.0);
        replies.extend(drain(&mut r, &mut clock));
        let tables: Vec<Vec<EstimateRow>> = items(&replies);
        assert_eq!(tables.len(), 1);
        let t = &tables[0];
        let exact = t
            .iter()
            .find(|r| r.quantity == "exact number of grids")
            .unwrap();
        assert_eq!(exact.tessera, "6,670,903,752,021,072,936,960");
        assert!(t
            .iter()
            .any(|r| r.tessera == "7,168,473,431,594,237,952,000"));
    }
}
