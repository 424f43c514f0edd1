//! The fixed-shape 9×9 DLX counter (what `count_solutions(Dlx, _)` runs on
//! 9×9) against the general exact-cover engine on seeded random puzzles
//! with 0, 1, 2 and many solutions: same counts at every limit, and the
//! same verdict on clashing givens.

use crate::common::grid9::{
    assert_counts_at_limits, cells_clash, collect, parse, published_grids, random_puzzle, Outcomes,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use tessera::engine::sudoku::dlx::DlxSearch;
use tessera::engine::sudoku::{dlx9, Algorithm, Shape, Sudoku};

/// Up to `limit` solutions of the general engine.
fn general(cells: &[u8], limit: usize) -> Vec<Vec<u8>> {
    collect(
        &mut DlxSearch::new(Shape::square(3).unwrap(), cells),
        limit,
        u64::MAX,
    )
}

fn to_text(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

#[test]
fn random_puzzles_count_as_the_general_engine() {
    let grids = published_grids();
    let mut rng = ChaCha8Rng::seed_from_u64(20261124);
    let mut outcomes = Outcomes::default();
    for round in 0..400 {
        let cells = random_puzzle(&grids, round, &mut rng);
        let limit = 300;
        let found = general(&cells, limit);
        let distinct: BTreeSet<_> = found.iter().collect();
        assert_eq!(distinct.len(), found.len(), "round {round}");
        let clash = cells_clash(&cells);
        assert_counts_at_limits(dlx9::count, &cells, found.len(), clash, limit, round);
        if found.len() < limit && !clash {
            assert_eq!(dlx9::count(&cells, None), Some(found.len() as u128));
        }
        // The public entry point routes 9×9 counting here.
        let sudoku = Sudoku::from_sage_str(&to_text(&cells), None).expect("parses");
        let counted = sudoku.count_solutions(Algorithm::Dlx, Some(2));
        if clash {
            assert!(counted.is_err(), "round {round}");
        } else {
            assert_eq!(counted, Ok((found.len() as u128).min(2)), "round {round}");
        }
        outcomes.add(found.len());
    }
    outcomes.assert_each_seen();
}

#[test]
fn edge_cases() {
    let empty = [0u8; 81];
    assert_eq!(dlx9::count(&empty, Some(0)), Some(0));
    assert_eq!(dlx9::count(&empty, Some(1000)), Some(1000));
    assert_eq!(dlx9::count(&empty[..80], Some(2)), None);
    let mut cells = [0u8; 81];
    cells[0] = 10;
    assert_eq!(dlx9::count(&cells, Some(2)), None);
    cells[0] = 5;
    cells[80] = 5;
    assert_eq!(dlx9::count(&cells, Some(2)), Some(2));
    cells[8] = 5;
    assert_eq!(dlx9::count(&cells, Some(2)), None);
    // A full valid grid has exactly itself.
    let grid =
        parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    assert_eq!(dlx9::count(&grid, None), Some(1));
}
