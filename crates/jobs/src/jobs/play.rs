//! Play mode's jobs: the graduated hint on the player's position, and the
//! rating the finish screen shows. Both run in a worker because a hint on
//! a Samurai (five grids, every rule tried on each) or a big grid can take
//! longer than the page may block (a Samurai hint measured 170–373 ms on
//! the main thread), and a Samurai's rating walks the whole puzzle.

use super::sudoku::sudoku_from;
use super::variant::variant_from;
use crate::event::{ErrorKind, JobError};
use crate::job::{Job, Started};
use serde::{Deserialize, Serialize};
use tessera_engine::sudoku::logic::{self, hint::Hint, Rating};
use tessera_engine::sudoku::variant::Kind;

/// One press of Hint: the position (`values` with 0 for empty, centre
/// marks as bit `d - 1` per cell, 0 = none) under `rules`, the puzzle's
/// unique `solution` when known (it names wrong digits), and the stage
/// 1–4. Answers at once with the engine's [`Hint`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuHint {
    pub rules: Kind,
    pub values: Vec<u8>,
    pub marks: Vec<u64>,
    pub solution: Option<Vec<u8>>,
    pub stage: u8,
}

impl Job for SudokuHint {
    const KIND: &'static str = "SudokuHint";
    type Item = Hint;

    fn start(self) -> Result<Started<Hint>, JobError> {
        let bad = |e: String| JobError::new(ErrorKind::BadInput, e);
        let solution = self.solution.as_deref();
        let hint = match self.rules {
            // Read as Sage's list, so a clash is named as the standard
            // page names it; the marks narrow the candidates.
            Kind::Standard(shape) => {
                if self.marks.len() != self.values.len() {
                    return Err(bad(format!(
                        "{} values but {} mark sets",
                        self.values.len(),
                        self.marks.len()
                    )));
                }
                let board =
                    logic::Board::new(&sudoku_from(shape, &self.values)?)?.with_marks(&self.marks);
                logic::graduated_hint(&board, solution, self.stage.clamp(1, 4))
            }
            rules => logic::variant_hint(
                &variant_from(rules)?,
                &self.values,
                &self.marks,
                solution,
                self.stage.clamp(1, 4),
            )?,
        };
        Ok(Started::answer(hint))
    }
}

/// The rating of a puzzle under `rules`, for the finish screen: standard,
/// X and jigsaw grids through the step list ([`logic::explain_board`]),
/// Samurai through a walk of hints ([`logic::hint_walk`]), since the step
/// list reads one square grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SudokuRating {
    pub rules: Kind,
    pub cells: Vec<u8>,
}

/// What [`SudokuRating`] found: the named grade and the numeric rating in
/// tenths, or neither when the puzzle has no single solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rated {
    pub rating: Option<Rating>,
    pub score: Option<u16>,
    /// The logical steps from the givens to the end (or to where the rules
    /// got stuck).
    pub steps: usize,
}

impl Job for SudokuRating {
    const KIND: &'static str = "SudokuRating";
    type Item = Rated;

    fn start(self) -> Result<Started<Rated>, JobError> {
        let variant = variant_from(self.rules)?;
        if matches!(variant.kind(), Kind::Samurai) {
            let walk = logic::hint_walk(&variant, &self.cells)?;
            let rated = walk.rating();
            return Ok(Started::answer(Rated {
                rating: rated.map(|r| r.0),
                score: rated.map(|r| r.1),
                steps: walk.steps.len(),
            }));
        }
        let board = logic::board_for_variant(&variant, &self.cells)?;
        let e = logic::explain_board(board, logic::DEFAULT_BRANCH_LIMIT);
        Ok(Started::answer(Rated {
            rating: e.rating,
            score: e.score,
            steps: e.steps.len(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{decode, encode};
    use crate::runner::testing::*;
    use crate::runner::Runner;
    use tessera_engine::sudoku::logic::hint::HintKind;
    use tessera_engine::sudoku::variant::generate::{generate, Options, Request as Wanted};
    use tessera_engine::sudoku::variant::Variant;
    use tessera_engine::sudoku::Shape;

    /// The hint job answers what the engine answers, for every grid's rules,
    /// through the wire; a standard grid's hint equals the one read from
    /// Sage's list with the marks narrowing it.
    #[test]
    fn the_hint_job_is_the_engines_hint_for_every_rule_set() {
        let mut r = Runner::new();
        let mut id = 0;
        for variant in [
            Variant::standard(Shape::NINE),
            Variant::x(Shape::NINE),
            Variant::samurai(),
        ] {
            let g = generate(&Options::new(Wanted::Fixed(variant.clone()), 2)).unwrap();
            let n = variant.cells();
            // A mark on the first empty cell: its true digit and one more.
            let mut marks = vec![0u64; n];
            let first = (0..n).find(|&c| g.puzzle[c] == 0).unwrap();
            let other = if g.solution[first] == 1 { 2 } else { 1 };
            marks[first] = (1 << (g.solution[first] - 1)) | (1 << (other - 1));
            for stage in 1..=4u8 {
                id += 1;
                let job = SudokuHint {
                    rules: variant.kind().clone(),
                    values: g.puzzle.clone(),
                    marks: marks.clone(),
                    solution: Some(g.solution.clone()),
                    stage,
                };
                let got = decode::<Hint>(&encode(&answer(&mut r, id, job).unwrap())).unwrap();
                let want =
                    logic::variant_hint(&variant, &g.puzzle, &marks, Some(&g.solution), stage)
                        .unwrap();
                assert_eq!(got, want, "{} stage {stage}", variant.name());
                assert_eq!(got.kind, HintKind::Step, "{}", got.text);
            }
        }
        // A wrong digit is named, not built on.
        let v = Variant::samurai();
        let g = generate(&Options::new(Wanted::Fixed(v.clone()), 4)).unwrap();
        let mut values = g.puzzle.clone();
        let cell = (0..369)
            .find(|&c| {
                values[c] == 0 && {
                    let mut t = values.clone();
                    t[c] = if g.solution[c] == 9 {
                        8
                    } else {
                        g.solution[c] + 1
                    };
                    v.verify(&t).is_ok()
                }
            })
            .unwrap();
        values[cell] = if g.solution[cell] == 9 {
            8
        } else {
            g.solution[cell] + 1
        };
        let h = answer(
            &mut r,
            100,
            SudokuHint {
                rules: Kind::Samurai,
                values,
                marks: vec![0; 369],
                solution: Some(g.solution.clone()),
                stage: 1,
            },
        )
        .unwrap();
        assert_eq!(h.kind, HintKind::WrongDigit, "{}", h.text);
        assert_eq!(h.mistakes, vec![cell]);
    }

    #[test]
    fn a_hint_on_a_broken_position_is_an_error_that_says_why() {
        let mut r = Runner::new();
        // Two 5s in row 1 of a standard grid.
        let mut values = vec![0u8; 81];
        values[0] = 5;
        values[4] = 5;
        let e = answer(
            &mut r,
            1,
            SudokuHint {
                rules: Kind::Standard(Shape::NINE),
                values: values.clone(),
                marks: vec![0; 81],
                solution: None,
                stage: 1,
            },
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::BadInput);
        assert!(e.message.contains('5'), "{}", e.message);
        // Marks that do not fit the cells.
        let e = answer(
            &mut r,
            2,
            SudokuHint {
                rules: Kind::Samurai,
                values: vec![0; 81],
                marks: vec![0; 81],
                solution: None,
                stage: 1,
            },
        )
        .unwrap_err();
        assert!(e.message.contains("369"), "{}", e.message);
    }

    /// The finish screen's rating: X and jigsaw as the step list rates them,
    /// Samurai from its walk of hints, which the hint walk's own check
    /// (every step against the solution) backs; a puzzle with two solutions
    /// has none.
    #[test]
    fn the_rating_job_rates_every_rule_set() {
        let mut r = Runner::new();
        let x = Variant::x(Shape::NINE);
        let gx = generate(&Options::new(Wanted::Fixed(x.clone()), 1)).unwrap();
        let rated = answer(
            &mut r,
            1,
            SudokuRating {
                rules: x.kind().clone(),
                cells: gx.puzzle.clone(),
            },
        )
        .unwrap();
        let e = logic::explain_board(
            logic::board_for_variant(&x, &gx.puzzle).unwrap(),
            logic::DEFAULT_BRANCH_LIMIT,
        );
        assert_eq!((rated.rating, rated.score), (e.rating, e.score));
        assert!(rated.rating.is_some() && rated.steps > 0);

        let s = Variant::samurai();
        let gs = generate(&Options::new(Wanted::Fixed(s.clone()), 5)).unwrap();
        let rated = answer(
            &mut r,
            2,
            SudokuRating {
                rules: Kind::Samurai,
                cells: gs.puzzle.clone(),
            },
        )
        .unwrap();
        let walk = logic::hint_walk(&s, &gs.puzzle).unwrap();
        assert!(walk.steps.len() >= 50);
        for step in &walk.steps {
            for p in &step.placements {
                assert_eq!(gs.solution[p.cell], p.digit, "{}", step.explanation);
            }
            for el in &step.eliminations {
                assert_ne!(gs.solution[el.cell], el.digit, "{}", step.explanation);
            }
        }
        let heaviest = walk.steps.iter().map(|s| s.weight).max().unwrap();
        let want = if walk.solved {
            heaviest
        } else {
            logic::Technique::Bifurcation.weight()
        };
        assert_eq!(rated.score, Some(want));
        assert_eq!(rated.steps, walk.steps.len());
        assert!(rated.rating.is_some());

        // An empty X grid has many solutions: no rating.
        let rated = answer(
            &mut r,
            3,
            SudokuRating {
                rules: x.kind().clone(),
                cells: vec![0; 81],
            },
        )
        .unwrap();
        assert_eq!((rated.rating, rated.score), (None, None));
    }
}
