//! Property tests: the URL fragment and stored-session codecs
//! the browser decodes read back what they wrote — the route, the Sudoku
//! puzzle link (plain, with a box shape, compacted for 16×16 and up), the
//! play mode's progress code and its localStorage text. Plus regression
//! tests for what `make fuzz` found (docs/fuzzing.md).
//!
//! The other workbenches' fragments (polyforms, quantumino, hexads) are read
//! by the wasm-only `ui` modules; their engine parts are covered in the root
//! package's `tests/roundtrip.rs` and by the fuzz targets.

use proptest::prelude::*;
use tessera_engine::sudoku::{Shape, Sudoku};
use tessera_web::model::route::Route;
use tessera_web::model::sudoku::board::Board;
use tessera_web::model::sudoku::codec::{decode, encode};
use tessera_web::model::sudoku::play::{split_link, Game, Rules};

fn boards() -> impl Strategy<Value = Board> {
    prop::sample::select(vec![(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6)])
        .prop_flat_map(|(r, c)| {
            let shape = Shape::new(r, c).expect("a valid box");
            let n = shape.size() as u8;
            // Mostly blanks, as real puzzles are (long runs to compact).
            prop::collection::vec(prop_oneof![4 => Just(0u8), 1 => 1..=n], shape.cells()).prop_map(
                move |cells| {
                    let mut b = Board::empty(shape);
                    b.cells = cells;
                    b
                },
            )
        })
}

const PUZZLE: &str =
    "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

fn game() -> Game {
    let givens = Sudoku::from_sage_str(PUZZLE, None)
        .unwrap()
        .cells()
        .to_vec();
    Game::new(Rules::standard(Shape::square(3).unwrap()), givens).unwrap()
}

/// A progress code as a player could leave it: digits on blank cells,
/// marks of 1..=9, colours 1..=9, auto on or off, some seconds.
fn progress() -> impl Strategy<Value = String> {
    let blanks: Vec<usize> = PUZZLE
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'.')
        .map(|(i, _)| i)
        .collect();
    let digit = (prop::sample::select(blanks), 1u64..=9);
    let mark = (0usize..81, 1u64..512);
    let colour = (0usize..81, 1u64..=9);
    (
        prop::collection::btree_map(digit.0, digit.1, 0..10),
        prop::collection::btree_map(mark.0.clone(), mark.1.clone(), 0..10),
        prop::collection::btree_map(mark.0.clone(), mark.1.clone(), 0..10),
        prop::collection::btree_map(colour.0, colour.1, 0..5),
        prop::collection::btree_map(mark.0, mark.1, 0..5),
        any::<bool>(),
        0u64..100_000,
    )
        .prop_map(|(d, c, m, k, x, auto, t)| {
            let b36 = |v: u64| {
                let mut s = String::new();
                let mut v = v;
                loop {
                    s.insert(0, std::char::from_digit((v % 36) as u32, 36).unwrap());
                    v /= 36;
                    if v == 0 {
                        break s;
                    }
                }
            };
            let mut parts = Vec::new();
            for (tag, map) in [('d', d), ('c', c), ('m', m), ('k', k), ('x', x)] {
                if !map.is_empty() {
                    let pairs: Vec<String> = map
                        .iter()
                        .map(|(&cell, &v)| format!("{}:{}", b36(cell as u64), b36(v)))
                        .collect();
                    parts.push(format!("{tag}{}", pairs.join(",")));
                }
            }
            if auto {
                parts.push("a".into());
            }
            if !parts.is_empty() && t > 0 {
                parts.push(format!("t{}", b36(t)));
            }
            parts.join("~")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sudoku_links_round_trip(b in boards()) {
        let link = encode(&b);
        let back = decode(&link).unwrap();
        prop_assert_eq!(&back, &b);
        prop_assert_eq!(encode(&back), link.clone());
        // The whole fragment, as the address bar holds it.
        let route = Route::parse(&format!("#{}", Route::fragment("sudoku", &link))).unwrap();
        prop_assert_eq!(route.workbench.as_str(), "sudoku");
        prop_assert_eq!(split_link(&route.payload), (link.as_str(), None));
    }

    #[test]
    fn routes_round_trip(w in "[a-z]{1,12}", p in "[A-Za-z0-9./_~:,-]{0,40}") {
        let p = p.trim_start_matches('/');
        let r = Route::parse(&Route::fragment(&w, p)).unwrap();
        prop_assert_eq!((r.workbench.as_str(), r.payload.as_str()), (w.as_str(), p));
    }

    #[test]
    fn play_progress_round_trips(code in progress()) {
        let mut g = game();
        g.apply_progress(&code).unwrap();
        let written = g.progress_code(0.0);
        prop_assert_eq!(&written, &code);
        let mut fresh = game();
        fresh.apply_progress(&written).unwrap();
        prop_assert_eq!(fresh.layers(), g.layers());
        prop_assert_eq!(fresh.progress_code(0.0), written);
    }

    #[test]
    fn stored_games_round_trip(code in progress()) {
        let mut g = game();
        g.apply_progress(&code).unwrap();
        let text = g.storage_text(0.0);
        let givens = g.givens().to_vec();
        let back = Game::from_storage(g.rules().clone(), givens, &text).unwrap();
        prop_assert_eq!(back.layers(), g.layers());
        prop_assert_eq!(back.storage_text(0.0), text);
    }
}

/// Found by `make fuzz` (play_progress): a progress part starting with a
/// character of more than one byte (`#sudoku/…~é`) panicked in
/// `apply_progress`; it is an unknown part, named, and nothing changes.
#[test]
fn a_progress_part_with_a_wide_first_character_is_an_error() {
    let mut g = game();
    let before = g.layers().clone();
    for code in ["é", "d0:1~é1:2", "∞", "ta~\u{1F600}"] {
        let e = g.apply_progress(code).unwrap_err();
        assert!(
            e.contains("unknown part") || e.contains("time"),
            "{code}: {e}"
        );
        assert_eq!(g.layers(), &before);
    }
}
