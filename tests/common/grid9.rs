//! Helpers shared by the 9×9 solver agreement tests (band, dlx9): puzzle
//! text, a brute-force clash check, and collecting a search's solutions.

use rand::seq::SliceRandom;
use rand::Rng;
use tessera::engine::search::{Search, Step};

/// Up to `limit` solutions in the order found, stepping with `budget`
/// (small budgets exercise pausing and resuming too).
pub fn collect(search: &mut dyn Search<Vec<u8>>, limit: usize, budget: u64) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    while out.len() < limit {
        match search.step(budget) {
            Step::Solution(g) => out.push(g),
            Step::Paused => {}
            Step::Done => break,
        }
    }
    out
}

/// Two equal givens in a row, column or box, found by brute force.
pub fn cells_clash(cells: &[u8]) -> bool {
    let unit = |i: usize| [i / 9, 9 + i % 9, 18 + 3 * (i / 27) + (i % 9) / 3];
    (0..81).any(|i| {
        (i + 1..81).any(|j| {
            cells[i] != 0 && cells[i] == cells[j] && unit(i).iter().any(|u| unit(j).contains(u))
        })
    })
}

/// Cells of an 81-character puzzle line (anything but a digit is blank).
pub fn parse(line: &str) -> Vec<u8> {
    line.trim()
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

/// The published solutions of top95: full grids to blank cells from.
pub fn published_grids() -> Vec<Vec<u8>> {
    std::fs::read_to_string("tests/data/sets/top95_solutions.txt")
        .expect("tests/data/sets/top95_solutions.txt")
        .lines()
        .map(parse)
        .collect()
}

/// A puzzle from a published grid with 40–65 random blanks; every third
/// round one blank gets a random digit (often no solution at all,
/// sometimes a duplicate given).
pub fn random_puzzle(grids: &[Vec<u8>], round: usize, rng: &mut impl Rng) -> Vec<u8> {
    let mut cells = grids[round % grids.len()].clone();
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let blanks = rng.gen_range(40..66);
    for &i in &order[..blanks] {
        cells[i] = 0;
    }
    if round.is_multiple_of(3) {
        let i = order[rng.gen_range(0..blanks)];
        cells[i] = rng.gen_range(1..=9);
    }
    cells
}

/// A 9×9 counter under test: solutions up to a limit, `None` when two
/// givens clash.
pub type Counter = fn(&[u8], Option<u128>) -> Option<u128>;

/// `count` against `solutions`, the number a reference search found up to
/// `limit` (clashing givens: `clash`): the same number at limits 1, 2, 3
/// and `limit`, stopping exactly at each.
pub fn assert_counts_at_limits(
    count: Counter,
    cells: &[u8],
    solutions: usize,
    clash: bool,
    limit: usize,
    round: usize,
) {
    for l in [1u128, 2, 3, limit as u128] {
        let expected = if clash {
            None
        } else {
            Some((solutions as u128).min(l))
        };
        assert_eq!(count(cells, Some(l)), expected, "round {round}, limit {l}");
    }
}

/// How many random puzzles had no, one, two and more solutions: an
/// agreement test must have seen enough of each.
#[derive(Default)]
pub struct Outcomes {
    counts: [usize; 4],
}

impl Outcomes {
    pub fn add(&mut self, solutions: usize) {
        self.counts[solutions.min(3)] += 1;
    }

    pub fn assert_each_seen(&self) {
        let [zero, one, two, many] = self.counts;
        assert!(
            zero >= 20 && one >= 20 && two >= 5 && many >= 20,
            "cases: {zero} none, {one} one, {two} two, {many} many"
        );
    }
}
