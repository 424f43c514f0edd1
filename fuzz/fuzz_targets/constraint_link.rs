//! Variant puzzle links read into the constrained model: the bytes as an
//! f-puzzles JSON object and as SudokuPad's JSON (plain or packed), both
//! compressed into links as the sites write them, so the fuzzer reaches the
//! constraint readers past lz-string. An answer or a message, never a
//! panic; a constrained puzzle read is written back as an f-puzzles link
//! (when f-puzzles can hold it) that reads to the same puzzle, up to order.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::sudoku::constraint::Puzzle;
use tessera_engine::sudoku::links::{self, write, LinkPuzzle};

fn sorted(p: &Puzzle) -> Vec<String> {
    let mut out: Vec<String> = p.constraints().iter().map(|c| format!("{c:?}")).collect();
    out.sort();
    out.dedup_by(|a, b| a == b && !a.contains('['));
    out
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let packed = lz_str::compress_to_base64(text);
    for link in [
        format!("https://www.f-puzzles.com/?load={packed}"),
        format!("https://sudokupad.app/scl{packed}"),
    ] {
        let Ok(import) = links::parse_link(&link) else {
            continue;
        };
        assert!(!import.note().is_empty());
        let Ok(puzzle) = import.puzzle.to_constrained() else {
            continue;
        };
        if let LinkPuzzle::Constrained(p) = &import.puzzle {
            if let Ok(back) = write::fpuzzles_link(p, None) {
                let again = links::parse_link(&back).expect("a written link reads");
                let q = again.puzzle.to_constrained().expect("a constrained puzzle");
                assert_eq!(q.givens(), p.givens());
                assert_eq!(sorted(&q), sorted(p));
            }
        }
        assert_eq!(puzzle.givens().len(), puzzle.size() * puzzle.size());
    }
});
