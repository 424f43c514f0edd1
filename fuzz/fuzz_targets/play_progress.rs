//! The play mode's progress in a share link (`#sudoku/<puzzle>~<progress>`,
//! `Game::apply_progress`). Progress applied writes a code that applies to
//! the same layers on a fresh game.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tessera_engine::sudoku::{Shape, Sudoku};
use tessera_web::model::sudoku::play::{Game, Rules};

const PUZZLE: &str =
    "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

fn new_game(k: u8) -> Game {
    let (shape, givens) = match k % 3 {
        0 => (
            Shape::square(3),
            Sudoku::from_sage_str(PUZZLE, None)
                .unwrap()
                .cells()
                .to_vec(),
        ),
        1 => (Shape::new(2, 3), vec![0; 36]),
        _ => (Shape::square(4), vec![0; 256]),
    };
    Game::new(Rules::standard(shape.unwrap()), givens).unwrap()
}

/// Built once (the rules' peers cost more than a code), cloned per input.
static GAMES: OnceLock<[Game; 3]> = OnceLock::new();

fn game(k: u8) -> Game {
    GAMES.get_or_init(|| [new_game(0), new_game(1), new_game(2)])[usize::from(k % 3)].clone()
}

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let Ok(code) = std::str::from_utf8(rest) else {
        return;
    };
    let mut g = game(k);
    let before = g.layers().clone();
    match g.apply_progress(code) {
        Ok(()) => {
            let written = g.progress_code(0.0);
            let mut fresh = game(k);
            fresh
                .apply_progress(&written)
                .expect("a written code applies");
            assert_eq!(fresh.layers(), g.layers());
        }
        // A bad code changes nothing.
        Err(_) => assert_eq!(g.layers(), &before),
    }
});
