//! The walkthrough's `.game` text (`sudoku::sweep::parse_games`): games
//! read print (`display`) to text that reads back to the same display.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::sudoku::sweep::parse_games;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(games) = parse_games(text) {
        for g in &games {
            let shown = g.display();
            let again = parse_games(&shown).expect("a displayed game reads back");
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].display(), shown);
        }
    }
});
