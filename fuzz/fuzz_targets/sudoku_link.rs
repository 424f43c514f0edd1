//! The Sudoku workbench's URL fragment: `Route::parse`, `split_link` and
//! the puzzle codec (`codec::decode`). A decoded board encodes to a link
//! that decodes to the same board; a route's fragment reads back. Pasted
//! f-puzzles / SudokuPad links (`links::parse_link`), as typed and as the
//! data after each encoding's prefix: an answer or a message, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_web::model::route::Route;
use tessera_web::model::sudoku::links;
use tessera_web::model::sudoku::codec;
use tessera_web::model::sudoku::play::split_link;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(route) = Route::parse(text) {
        let again = Route::parse(&Route::fragment(&route.workbench, &route.payload));
        // Workbench names are words; one that starts with the characters
        // `parse` strips (`#`, `/`) cannot come back, and needs not.
        let w = &route.workbench;
        if !w.is_empty() && w.trim() == w && !w.starts_with(['#', '/']) {
            assert_eq!(again.as_ref().map(|r| &r.workbench), Some(&route.workbench));
        }
    }
    let (puzzle, _progress) = split_link(text);
    if let Ok(board) = codec::decode(puzzle) {
        let link = codec::encode(&board);
        assert_eq!(
            codec::decode(&link).expect("an encoded board decodes"),
            board
        );
    }
    for pasted in [
        text.to_string(),
        format!("https://www.f-puzzles.com/?load={text}"),
        format!("scl{text}"),
        format!("https://sudokupad.app/fpuzzles{text}"),
    ] {
        if let Ok(import) = links::parse_link(&pasted) {
            let (n, cells) = import.grid();
            assert_eq!(cells.len(), n * n);
            assert!(cells.iter().all(|&v| v as usize <= n));
            assert!(!import.note().is_empty());
        }
    }
});
