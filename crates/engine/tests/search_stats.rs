//! The statistics a search reports count what it really did: a puzzle that
//! needed work reports nodes for every engine: Backtracking too, which
//! must not say "0 nodes explored" on Sage's near-worst-case puzzle.

use tessera_engine::search::Step;
use tessera_engine::sudoku::{Algorithm, Sudoku};

/// Wikipedia's near-worst case for brute force (Sage's docs use it too).
const NEAR_WORST: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

fn run(algorithm: Algorithm, count_only: bool) -> (u128, u64) {
    let puzzle = Sudoku::from_sage_str(NEAR_WORST, None).unwrap();
    let mut search = puzzle.search(algorithm).unwrap();
    search.set_count_only(count_only);
    let mut found = 0;
    loop {
        match search.step(1 << 12) {
            Step::Solution(_) => found += 1,
            Step::Paused => {}
            Step::Done => break,
        }
    }
    let p = search.progress();
    (if count_only { p.solutions } else { found }, p.nodes)
}

#[test]
fn every_engine_reports_the_nodes_it_explored_on_the_near_worst_case() {
    for algorithm in [
        Algorithm::Dlx,
        Algorithm::Backtrack,
        Algorithm::Sat,
        Algorithm::Auto,
    ] {
        for count_only in [false, true] {
            let (solutions, nodes) = run(algorithm, count_only);
            assert_eq!(solutions, 1, "{algorithm:?} count_only={count_only}");
            assert!(
                nodes > 0,
                "{algorithm:?} count_only={count_only}: {nodes} nodes"
            );
        }
    }
}
