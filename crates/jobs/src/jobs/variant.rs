//! Sudoku variants (X, jigsaw, Samurai): DLX on cells + units. Their
//! count is the one `sudoku::SudokuCount`.

use crate::event::JobError;
use crate::job::{Job, Started};
use serde::{Deserialize, Serialize};
use tessera_engine::search::Search;
use tessera_engine::sudoku::variant::{generate as vgen, Kind as VariantKind, RegionMap, Variant};
use tessera_engine::sudoku::Shape;

/// A variant from the wire, checked again: a region map that arrives by
/// message has not been through `RegionMap::parse`.
pub(crate) fn variant_from(kind: VariantKind) -> Result<Variant, JobError> {
    let bad_shape = |s: Shape| JobError::unsupported(format!("box shape {s} is not supported"));
    Ok(match kind {
        VariantKind::Standard(s) => {
            Variant::standard(Shape::new(s.box_rows, s.box_cols).ok_or_else(|| bad_shape(s))?)
        }
        VariantKind::X(s) => {
            Variant::x(Shape::new(s.box_rows, s.box_cols).ok_or_else(|| bad_shape(s))?)
        }
        VariantKind::Jigsaw(map) => Variant::jigsaw(RegionMap::parse(&map.to_string())?),
        VariantKind::Samurai => Variant::samurai(),
    })
}

fn variant_search(kind: VariantKind, cells: &[u8]) -> Result<Box<dyn Search<Vec<u8>>>, JobError> {
    Ok(Box::new(variant_from(kind)?.search(cells)?))
}

/// Enumerate a variant puzzle's solutions lazily (one value per variant
/// cell), `batch` per `More`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantSolve {
    pub variant: VariantKind,
    pub cells: Vec<u8>,
    pub batch: u32,
}

impl Job for VariantSolve {
    const KIND: &'static str = "VariantSolve";
    type Item = Vec<u8>;

    fn start(self) -> Result<Started<Vec<u8>>, JobError> {
        Ok(Started::enumerate(
            variant_search(self.variant, &self.cells)?,
            self.batch,
        ))
    }
}

/// Generate one variant puzzle (unsliced, like `SudokuGenerate`);
/// `variant: None` asks for a 9×9 jigsaw on a random region map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantGenerate {
    pub variant: Option<VariantKind>,
    pub seed: u64,
    pub minimal: bool,
}

/// A generated variant puzzle, its variant (a random jigsaw's map) and its
/// solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantGenerated {
    pub variant: VariantKind,
    pub puzzle: Vec<u8>,
    pub solution: Vec<u8>,
}

impl Job for VariantGenerate {
    const KIND: &'static str = "VariantGenerate";
    type Item = VariantGenerated;

    fn start(self) -> Result<Started<VariantGenerated>, JobError> {
        let request = match self.variant {
            Some(kind) => vgen::Request::Fixed(variant_from(kind)?),
            None => vgen::Request::RandomJigsaw(9),
        };
        let options = vgen::Options {
            minimal: self.minimal,
            ..vgen::Options::new(request, self.seed)
        };
        let g = vgen::generate(&options)?;
        Ok(Started::answer(VariantGenerated {
            variant: g.variant.kind().clone(),
            puzzle: g.puzzle,
            solution: g.solution,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ErrorKind;
    use crate::event::Event;
    use crate::runner::testing::*;
    use crate::runner::Runner;

    #[test]
    fn variant_jobs_generate_solve_count_and_reject_bad_maps() {
        let mut r = Runner::new();
        let mut clock = fake_clock(0.001);
        let generate = VariantGenerate {
            variant: Some(VariantKind::Samurai),
            seed: 4,
            minimal: false,
        };
        let VariantGenerated {
            variant,
            puzzle,
            solution,
        } = answer(&mut r, 1, generate).unwrap();
        drain(&mut r, &mut clock);
        let v = variant_from(variant.clone()).unwrap();
        assert!(v.is_solved_by(&puzzle, &solution));
        let solve = VariantSolve {
            variant: variant.clone(),
            cells: puzzle.clone(),
            batch: 2,
        };
        r.handle(start(2, solve), 0.0);
        let sols: Vec<Vec<u8>> = items(&drain(&mut r, &mut clock));
        assert_eq!(sols, vec![solution]);
        let count = crate::jobs::sudoku::SudokuCount {
            rules: VariantKind::X(Shape::square(2).unwrap()),
            cells: vec![0; 16],
            algorithm: tessera_engine::sudoku::Algorithm::Dlx,
            limit: None,
        };
        r.handle(start(3, count), 0.0);
        let done = drain(&mut r, &mut clock);
        assert!(
            done.iter()
                .any(|m| matches!(&m.event, Event::Done(stats) if stats.solutions > 0)),
            "{done:?}"
        );
        // A map that did not come through RegionMap::parse is checked again.
        let bad: VariantKind =
            serde_json::from_str(r#"{"Jigsaw":{"n":2,"labels":["a","a","a","b"]}}"#).unwrap();
        let solve = VariantSolve {
            variant: bad,
            cells: vec![0; 4],
            batch: 1,
        };
        let (_, e) = the_error(&r.handle(start(4, solve), 0.0));
        assert!(e.message.contains("region a has 3 cells"), "{e}");
        assert_eq!(e.kind, ErrorKind::BadInput);
    }
}
