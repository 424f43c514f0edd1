//! Exact cover by Dancing Links (Knuth's Algorithm X, TAOCP 7.2.2.1).
//!
//! Build a [`Problem`] (items and rows), then drive a [`CoverSearch`] the way the
//! caller needs: as a lazy iterator of solutions (row indices), by counting
//! ([`CoverSearch::count_all`]), in budgeted slices through
//! [`crate::search::Search`] (for a Web Worker that reports progress
//! and honours Cancel), or split into independent subproblems
//! ([`CoverSearch::subproblems`] + [`CoverSearch::with_forced_rows`]) for parallel
//! counting. Sudoku, polyforms and Quantumino all reduce to it. Around the
//! search: [`presolve`] sets dead rows aside, [`certificate`] proves a count
//! of 0 without searching, and [`holes`] lets a tiling search end a branch
//! at a region of empty cells no pieces can fill. Inside the search, a
//! placement that leaves another item with no row is undone as soon as
//! that happens (`CoverSearch::place`), not a level later.

pub mod certificate;
pub mod holes;
pub mod presolve;
mod problem;
mod solver;

pub use problem::{ExactCoverError, Problem};
pub use solver::CoverSearch;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Search, Step};

    /// Knuth's example from "Dancing Links": one solution, rows 0, 3, 4.
    fn knuth() -> Problem {
        let mut p = Problem::new(7, 0);
        for r in [
            &[2, 4][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ] {
            p.add_row(r).unwrap();
        }
        p
    }

    #[test]
    fn knuths_example_has_its_one_solution() {
        let mut s = CoverSearch::new(&knuth());
        let mut sol = s.next().unwrap();
        sol.sort();
        assert_eq!(sol, vec![0, 3, 4]);
        assert_eq!(s.next(), None);
        assert!(s.is_done());
        assert_eq!(s.progress().fraction, 1.0);
    }

    #[test]
    fn dlx_format_names_every_item_and_row() {
        let mut p = Problem::new(3, 2);
        p.add_row(&[0, 3]).unwrap();
        p.add_row(&[1, 2, 4]).unwrap();
        let text = p.to_dlx_format();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with('|'), "a comment first: {text}");
        assert_eq!(lines[1], "p0 p1 p2 | s0 s1");
        assert_eq!(&lines[2..], ["p0 s0", "p1 p2 s1"]);
        // Without secondary items there is no bar; names stay ≤ 8 chars.
        let k = knuth().to_dlx_format();
        assert_eq!(k.lines().nth(1), Some("p0 p1 p2 p3 p4 p5 p6"));
        assert_eq!(k.lines().count(), 2 + 6);
        assert!(k
            .lines()
            .skip(1)
            .flat_map(str::split_whitespace)
            .all(|w| w.len() <= 8));
    }

    #[test]
    fn tiny_budgets_pause_and_resume() {
        let mut s = CoverSearch::new(&knuth());
        let mut pauses = 0;
        loop {
            match s.step(1) {
                Step::Paused => pauses += 1,
                Step::Solution(_) => {}
                Step::Done => break,
            }
        }
        assert!(pauses > 0);
        assert_eq!(s.progress().solutions, 1);
    }

    #[test]
    fn bad_rows_are_rejected_with_their_index() {
        let mut p = Problem::with_names(vec!["a".into(), "b".into()], vec!["s".into()]);
        assert_eq!(p.add_named_row(&["a", "s"]), Ok(0));
        assert!(p
            .add_row(&[])
            .unwrap_err()
            .to_string()
            .contains("row 1 has no items"));
        assert!(p
            .add_row(&[0, 3])
            .unwrap_err()
            .to_string()
            .contains("item 3"));
        assert!(p
            .add_row(&[1, 1])
            .unwrap_err()
            .to_string()
            .contains("'b' appears twice"));
        assert!(p
            .add_named_row(&["zz"])
            .unwrap_err()
            .to_string()
            .contains("'zz'"));
        p.add_named_row(&["b", "s"]).unwrap();
        let e = CoverSearch::with_forced_rows(&p, &[0, 1]).unwrap_err();
        assert!(e.to_string().contains("'s'"), "{e}");
        assert!(CoverSearch::with_forced_rows(&p, &[9]).is_err());
    }
}
