//! The play mode's stored session (localStorage JSON, `Game::from_storage`):
//! a game read from storage writes a text that reads back to the same game.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tessera_engine::sudoku::{Shape, Sudoku};
use tessera_web::model::sudoku::play::{Game, Rules};

const PUZZLE: &str =
    "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

/// Built once: the rules' peers cost more than a parse.
static SETUP: OnceLock<(Rules, Vec<u8>)> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (rules, givens) = SETUP.get_or_init(|| {
        let rules = Rules::standard(Shape::square(3).unwrap());
        (
            rules,
            Sudoku::from_sage_str(PUZZLE, None)
                .unwrap()
                .cells()
                .to_vec(),
        )
    });
    if let Ok(g) = Game::from_storage(rules.clone(), givens.clone(), text) {
        let stored = g.storage_text(0.0);
        let again = Game::from_storage(rules.clone(), givens.clone(), &stored)
            .expect("stored text reads back");
        assert_eq!(again.layers(), g.layers());
        assert_eq!(again.storage_text(0.0), stored);
    }
});
