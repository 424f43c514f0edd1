//! Regenerates tests/data/sets/giants.txt: minimal 16×16 and 25×25 puzzles
//! with one solution each, reproducible from fixed seeds.
//!
//! `cargo run --release --example giants > tests/data/sets/giants.txt`
//!
//! Why not `tessera sudoku generate --minimal`: its uniqueness checks use
//! backtracking with a node budget, and on 25×25 they run out (the clue is
//! then kept, so the puzzle is not minimal) — the very stall the SAT
//! algorithm is for. Here each check is SAT (`Algorithm::Sat`), which
//! proves uniqueness whatever the grid. The grids come from the engine's
//! own seeded generator (`generate::random_grid`); clues are removed one at
//! a time in a seeded order and put back when the puzzle stops being
//! unique. One pass gives a minimal puzzle: removing clues only adds
//! solutions, so a clue needed earlier is still needed at the end.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tessera::engine::sudoku::generate::random_grid;
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

/// (box rows, box cols, seed) of each puzzle, in file order.
/// (Each 25×25 takes minutes: 625 SAT uniqueness checks.)
const PUZZLES: [(usize, usize, u64); 6] = [
    (4, 4, 1),
    (4, 4, 2),
    (4, 4, 3),
    (4, 4, 4),
    (5, 5, 1),
    (5, 5, 2),
];

fn unique(cells: &[u8], shape: Shape) -> bool {
    let p = Sudoku::empty(shape).with_cells(cells.to_vec());
    p.search(Algorithm::Sat)
        .expect("a grid's subset has no clash")
        .is_unique(u64::MAX)
        == Some(true)
}

fn main() {
    println!("# Minimal 16x16 and 25x25 puzzles, one solution each: cargo run --release --example giants");
    for (r, c, seed) in PUZZLES {
        let shape = Shape::new(r, c).unwrap();
        let n = shape.size();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let grid = random_grid(shape, &mut rng).expect("a grid");
        let mut cells = grid.cells().to_vec();
        // A seeded removal order (Fisher–Yates on the ChaCha stream).
        let mut order: Vec<usize> = (0..n * n).collect();
        for i in (1..order.len()).rev() {
            let j = rng.gen_range(0..=i);
            order.swap(i, j);
        }
        for cell in order {
            let kept = cells[cell];
            cells[cell] = 0;
            if !unique(&cells, shape) {
                cells[cell] = kept;
            }
        }
        let p = Sudoku::empty(shape).with_cells(cells);
        eprintln!("{n}x{n} seed {seed}: {} clues", p.clues());
        println!("{}", p.to_sage_string().unwrap());
    }
}
