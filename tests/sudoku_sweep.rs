//! The walkthrough seed's sweeps, replayed on its own games (test vectors:
//! the seed's printed grids), and `tessera sudoku sweep`.

use crate::common;

use crate::common::{stderr, stdout};
use tessera::engine::sudoku::sweep::{parse_games, side_by_side, Explored};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

const TEST3A: &str = include_str!("data/seeds/test3a.game");
const TEST5A: &str = include_str!("data/seeds/test5a.game");

/// The "After" column of `test3.py test3a.game`'s iterations 1, 2 and 3.
const TEST3A_AFTER: [&str; 3] = [
    "..1.45.7.5972.....6241973587.682.5349..4.6.21.4257...92.8314..54.9758213.53962487",
    "..16459725972831466241973587168295349854367213425718692.8314695469758213153962487",
    "831645972597283146624197358716829534985436721342571869278314695469758213153962487",
];

/// `test5.py` with tracking: "Exploring split possibility 1", its lines
/// and the grid it stops at.
const SEED_TRACKED_SETS: [&str; 16] = [
    "Set (1,3) to 9",
    "Set (2,1) to 8",
    "Set (3,1) to 4",
    "Set (3,3) to 5",
    "Set (3,5) to 8",
    "Set (3,7) to 9",
    "Set (3,9) to 3",
    "Set (6,6) to 7",
    "Set (6,7) to 2",
    "Set (7,7) to 5",
    "Set (8,4) to 1",
    "Set (9,2) to 1",
    "Set (9,7) to 4",
    "Set (1,2) to 7",
    "Set (1,7) to 8",
    "Set (1,8) to 2",
];
const SEED_TRACKED_AFTER: &str =
    "17946582.8.2.9.1.64652819737.491.3659.16537.4356.47219.4...659..981.46..61.5294..";

fn digits(display: &str) -> String {
    display
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .collect()
}

#[test]
fn test3a_sweeps_as_the_seed_prints_them() {
    let mut game = parse_games(TEST3A).unwrap().remove(0);
    for (k, expected) in TEST3A_AFTER.iter().enumerate() {
        let sweep = game.iterate();
        assert!(sweep.changed && game.valid(), "iteration {}", k + 1);
        assert_eq!(
            digits(&game.display()),
            *expected,
            "after iteration {}",
            k + 1
        );
    }
    assert!(game.finished());
    assert!(!game.iterate().changed, "a finished game no longer changes");
}

#[test]
fn test5a_splits_on_r1c1_into_1_and_8() {
    let game = parse_games(TEST5A).unwrap().remove(0);
    let tree = tessera::engine::sudoku::sweep::explore(&game, 1000).expect("small tree");
    let Explored::Split { cell, children, .. } = &tree else {
        panic!("the seed's game splits: {tree:?}");
    };
    assert_eq!(*cell, 0, "split on (1,1)");
    assert_eq!(children.iter().map(|(v, _)| *v).collect::<Vec<_>>(), [1, 8]);
    // The seed's tracked run of the first child: the same cells set in the
    // same order, the same grid when the error stops it. (The seed's
    // untracked printout of that child shows another grid and names (1,1):
    // it came from a different version of its program — its last row even
    // holds two 8s — so the tracked run is the one reproduced.)
    match &children[0].1 {
        Explored::Invalid {
            error,
            after,
            sweeps,
            ..
        } => {
            let set: Vec<String> = sweeps.iter().flat_map(|s| s.lines()).collect();
            assert_eq!(set, SEED_TRACKED_SETS);
            assert_eq!(digits(after), SEED_TRACKED_AFTER);
            assert!(
                error.contains("Not all values 1-9 possible in\n[(1,1)=1, (1,2)=7"),
                "{error}"
            );
        }
        other => panic!("the first child is invalid: {other:?}"),
    }
    let Explored::Finished { values, .. } = &children[1].1 else {
        panic!("the second child finishes");
    };
    // The seed's finished grid, and an independent check: it is the
    // puzzle's only solution by the engine's solver.
    let seed: String =
        "817465932532897146469231578724918365981653724356742819145386297298174653673529481".into();
    let ours: String = values.iter().map(|v| char::from(b'0' + v)).collect();
    assert_eq!(ours, seed);
    let puzzle: String = digits(TEST5A);
    let s = Sudoku::from_sage_str(&puzzle, Some(Shape::square(3).unwrap())).unwrap();
    let all: Vec<Sudoku> = s.solutions(Algorithm::Dlx).unwrap().take(2).collect();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].cells(), &values[..]);
    assert_eq!(tree.solutions().len(), 1);
}

#[test]
fn side_by_side_pads_columns_five_apart() {
    let text = side_by_side(&["ab\nc".into(), "d\nef".into()]);
    assert_eq!(text, "ab     d\nc      ef\n");
}

#[test]
fn cli_sweep_prints_the_seeds_transcript() {
    let o = common::tessera_with_stdin(&["sudoku", "sweep", "--track"], TEST5A);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("(Splits into .... )"), "{out}");
    assert!(out.contains("Exploring split possibility 2"), "{out}");
    assert!(
        out.contains("(Invalid)") && out.contains("(Finished)"),
        "{out}"
    );
    assert!(out.contains("8 1 7 | 4 6 5 | 9 3 2"), "{out}");
    let o = common::tessera_with_stdin(&["sudoku", "sweep"], ". . . | . . . | . .\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 1: a row has 9 cells, this one has 8"),
        "{}",
        stderr(&o)
    );
}

/// The .game form in the line-oriented commands: `--blocks` reads it (one
/// puzzle per block), `--format game` writes it, and the two round-trip.
#[test]
fn game_form_reads_and_writes() {
    let both = format!("{TEST3A}\n{TEST5A}");
    let o = common::tessera_with_stdin(&["sudoku", "show", "--blocks", "--format", "game"], &both);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{TEST3A}{TEST5A}"));
    let o =
        common::tessera_with_stdin(&["sudoku", "show", "--blocks", "--format", "string"], &both);
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines, [digits(TEST3A), digits(TEST5A)]);
    // Solving the seed's game gives the grid its sweeps reached.
    let o = common::tessera_with_stdin(&["sudoku", "solve", "--blocks"], TEST3A);
    assert_eq!(stdout(&o).trim(), TEST3A_AFTER[2]);
    // A 4x4 (and any size) writes and reads back.
    let o = common::tessera_with_stdin(
        &["sudoku", "show", "--format", "game"],
        "1...............\n",
    );
    let game = stdout(&o);
    assert_eq!(
        game,
        "1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n"
    );
    let o =
        common::tessera_with_stdin(&["sudoku", "show", "--blocks", "--format", "string"], &game);
    assert_eq!(stdout(&o).trim(), "1...............");
}
