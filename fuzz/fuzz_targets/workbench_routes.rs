//! Every workbench's part of a link, as the page reads it
//! (`model::route`, `model::polyform`): Sudoku and Polyforms sub-routes
//! read back from the payload they print; a Quantumino route that names no
//! problem has a usable box; a Hexads route has at most five distinct
//! points below 12; the region editor's state reads back from its own
//! link; the enumeration tab's size is within its family's limit.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tessera_engine::polyform::enumerate::max_size;
use tessera_web::model::polyform::{parse_enumerate, EditorState};
use tessera_web::model::route::{HexadRoute, PolyformRoute, QuantuminoRoute, SudokuRoute};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let s = SudokuRoute::parse(text);
    assert_eq!(SudokuRoute::parse(&s.payload()), s);
    let p = PolyformRoute::parse(text);
    assert_eq!(PolyformRoute::parse(&p.payload()), p);
    let (q, problems) = QuantuminoRoute::parse(text, [5, 8, 2]);
    assert!(q.aside < 17);
    if problems.is_empty() {
        let b = q.bx.map(i64::from);
        assert!(tessera_engine::quantumino::check_box(b).is_ok());
    }
    let (h, _) = HexadRoute::parse(text);
    assert!(h.points.len() <= 5 && h.points.iter().all(|&p| p < 12));
    let mut seen = h.points.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), h.points.len());
    if let Ok(e) = EditorState::parse(text) {
        assert_eq!(EditorState::parse(&e.payload()), Ok(e));
    }
    let (lattice, size, _) = parse_enumerate(text);
    assert!((1..=max_size(lattice)).contains(&size));
});
