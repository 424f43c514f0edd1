//! S(5,6,12) against Sage's doctests (../shared/reference/sage_doctests_hexad.md,
//! sage_games.md §2) and against an independent construction of the hexads.

use std::collections::{BTreeMap, BTreeSet};
use tessera::engine::hexad::minimog::{view_list, CROSSES, LINES};
use tessera::engine::hexad::{blackjack_move, BlackjackAdvice, Labeling, Minimog, Picture};

fn set(points: &[u8]) -> u16 {
    points.iter().fold(0, |m, &p| m | 1 << p)
}

fn find(m: &Minimog, pts: &[u8]) -> String {
    m.format_hexad(&m.find_hexad(pts).unwrap())
}

#[test]
fn minimog_prints_as_sage() {
    let m = Minimog::new(Labeling::Modulo11);
    assert_eq!(
        m.to_string(),
        "Minimog of type modulo11 associated to\n [        0         3 +Infinity         2]\n[        5         9         8        10]\n[        4         1         6         7]"
    );
    assert_eq!(
        Minimog::new(Labeling::Shuffle).to_string(),
        "Minimog of type shuffle associated to\n [ 6  3  0  9]\n[ 5  2  7 10]\n[ 4  1  8 11]"
    );
    let e = "bogus".parse::<Labeling>().unwrap_err().to_string();
    assert!(e.contains("that Minimog type is not implemented"), "{e}");
}

#[test]
fn pictures_lines_crosses_squares_as_sage() {
    let m = Minimog::new(Labeling::Shuffle);
    assert_eq!(view_list(LINES[1]), "[0 0 0]\n[1 1 1]\n[0 0 0]");
    assert_eq!(view_list(CROSSES[1]), "[1 1 1]\n[0 0 1]\n[0 0 1]");
    assert_eq!(
        view_list(tessera::engine::hexad::minimog::square(1)),
        "[0 0 0]\n[1 1 0]\n[1 1 0]"
    );
    assert_eq!(
        m.picture_set(Picture::P00, CROSSES[2]),
        set(&[5, 7, 8, 9, 10])
    );
    // Sage's picture02 is the picture of A[2][1].
    let sq7 = tessera::engine::hexad::minimog::square(7);
    assert_eq!(m.picture_set(Picture::P21, sq7), set(&[2, 3, 5, 8]));
    assert_eq!(
        m.picture(Picture::P00).1,
        [[5, 11, 3], [8, 2, 4], [9, 10, 7]]
    );
    assert_eq!(
        m.picture(Picture::P21).1,
        [[5, 11, 3], [2, 4, 8], [7, 9, 10]]
    );
    assert_eq!(
        m.picture(Picture::P02).1,
        [[8, 10, 3], [9, 11, 4], [5, 2, 7]]
    );
    let m11 = Minimog::new(Labeling::Modulo11);
    assert_eq!(
        m11.picture(Picture::P00).1,
        [[5, 7, 3], [6, 9, 4], [2, 10, 8]]
    );
    assert_eq!(
        m11.picture(Picture::P21).1,
        [[5, 7, 3], [9, 4, 6], [8, 2, 10]]
    );
    assert_eq!(
        m11.picture(Picture::P02).1,
        [[6, 10, 3], [2, 7, 4], [5, 9, 8]]
    );
}

#[test]
fn kitten_prints_as_sage() {
    assert_eq!(
        Minimog::new(Labeling::Shuffle).kitten(),
        "         0\n           \n         8\n       9  10\n      5  11  3\n     8  2  4  8\n   9  10  7  9  10\n           \n6                   1\n"
    );
    assert_eq!(
        Minimog::new(Labeling::Modulo11).kitten(),
        "         +Infinity\n           \n         6\n       2  10\n      5  7  3\n     6  9  4  6\n   2  10  8  2  10\n           \n0                   1\n"
    );
}

#[test]
fn find_hexad_doctests() {
    let m = Minimog::new(Labeling::Shuffle);
    let f0 = m.find_hexad0(set(&[2, 4])).unwrap();
    assert_eq!(
        m.format_hexad(&f0),
        "([0, 1, 2, 4, 6, 8], ['line 1', 'picture 1'])"
    );
    let f1 = m.find_hexad1(set(&[2, 3, 4, 5, 8])).unwrap();
    assert_eq!(
        m.format_hexad(&f1),
        "([2, 3, 4, 5, 8, 11], ['lines (1, 2)', 'picture 1'])"
    );
    assert_eq!(m.find_hexad2(set(&[2, 3, 4, 5]), 1), None);
    let f2 = m.find_hexad2(set(&[2, 3, 4, 8]), 0).unwrap();
    assert_eq!(
        m.format_hexad(&f2),
        "([0, 2, 3, 4, 8, 9], ['cross 12', 'picture 0'])"
    );
    let f3 = m.find_hexad3(set(&[2, 3, 4]), 0, 1).unwrap();
    assert_eq!(
        m.format_hexad(&f3),
        "([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])"
    );
    assert_eq!(
        find(&m, &[0, 1, 2, 3, 4]),
        "([0, 1, 2, 3, 4, 11], ['square 2', 'picture 6'])"
    );
    assert_eq!(
        find(&m, &[1, 2, 3, 4, 5]),
        "([1, 2, 3, 4, 5, 6], ['square 8', 'picture 0'])"
    );
    assert_eq!(
        find(&m, &[2, 3, 4, 5, 8]),
        "([2, 3, 4, 5, 8, 11], ['lines (1, 2)', 'picture 1'])"
    );
    assert_eq!(
        find(&m, &[0, 1, 2, 4, 6]),
        "([0, 1, 2, 4, 6, 8], ['line 1', 'picture 1'])"
    );
    assert_eq!(
        find(&m, &[11, 2, 3, 6, 7]),
        "([0, 2, 3, 6, 7, 11], ['square 9', 'picture 1'])"
    );
    let m11 = Minimog::new(Labeling::Modulo11);
    let inf = Labeling::Modulo11.parse_point("inf").unwrap();
    assert_eq!(
        find(&m11, &[1, 2, 3, 4, inf]),
        "([1, 2, 3, 4, 10, +Infinity], ['square 8', 'picture 0'])"
    );
}

#[test]
fn bad_points_are_clear_errors() {
    let m = Minimog::new(Labeling::Shuffle);
    assert!(m
        .find_hexad(&[1, 2, 3, 4])
        .unwrap_err()
        .to_string()
        .contains("exactly 5 points, not 4"));
    assert!(m
        .find_hexad(&[1, 2, 3, 4, 4])
        .unwrap_err()
        .to_string()
        .contains("4 is given twice"));
    assert!(Labeling::Shuffle
        .parse_point("12")
        .unwrap_err()
        .to_string()
        .contains("0..11"));
    assert!(Labeling::Shuffle
        .parse_point("inf")
        .unwrap_err()
        .to_string()
        .contains("shuffle"));
    assert!(Labeling::Modulo11
        .parse_point("11")
        .unwrap_err()
        .to_string()
        .contains("0..10 and inf"));
    assert!(Labeling::Modulo11
        .parse_point("x")
        .unwrap_err()
        .to_string()
        .contains("'x'"));
}

/// The hexads built from the four type definitions, independently of the
/// find_hexad search: 12 + 12 + 54 + 54 = 132, and every 5-set of the 12
/// points lies in exactly one (792 = 132 · 6).
#[test]
fn steiner_system_from_the_definitions_and_find_hexad_agree_on_all_792() {
    for labeling in [Labeling::Shuffle, Labeling::Modulo11] {
        let m = Minimog::new(labeling);
        let pics = [Picture::P00, Picture::P21, Picture::P02];
        let inf: u16 = m.infinity().iter().fold(0, |s, &p| s | 1 << p);
        let mut by_type: [BTreeSet<u16>; 4] = Default::default();
        for &p in &pics {
            for &l in &LINES {
                by_type[0].insert(inf | m.picture_set(p, l));
            }
            // Parallel classes: lines 0-2, 3-5, 6-8, 9-11.
            for class in 0..4 {
                for a in 0..3 {
                    for b in a + 1..3 {
                        let cells = LINES[class * 3 + a] | LINES[class * 3 + b];
                        by_type[1].insert(m.picture_set(p, cells));
                    }
                }
            }
            let x = m.picture(p).0;
            for &c in &CROSSES {
                by_type[2].insert(1 << x | m.picture_set(p, c));
                by_type[3].insert((inf & !(1 << x)) | m.picture_set(p, 0x1ff & !c));
            }
        }
        let sizes: Vec<usize> = by_type.iter().map(BTreeSet::len).collect();
        assert_eq!(sizes, vec![12, 12, 54, 54], "{labeling:?}");
        let mut all: BTreeMap<u16, u8> = BTreeMap::new();
        for (t, hexads) in by_type.iter().enumerate() {
            for &h in hexads {
                assert_eq!(h.count_ones(), 6);
                assert!(all.insert(h, t as u8).is_none(), "hexad in two types");
            }
        }
        assert_eq!(all.len(), 132);
        let mut five_sets = 0;
        for mask in 0u16..1 << 12 {
            if mask.count_ones() != 5 {
                continue;
            }
            five_sets += 1;
            let containing: Vec<(&u16, &u8)> =
                all.iter().filter(|(&h, _)| h & mask == mask).collect();
            assert_eq!(
                containing.len(),
                1,
                "{mask:012b} in {} hexads",
                containing.len()
            );
            let (&want, &t) = containing[0];
            let pts: Vec<u8> = (0..12).filter(|&p| mask >> p & 1 == 1).collect();
            let h = m.find_hexad(&pts).unwrap();
            assert_eq!(h.points, want, "{labeling:?} {pts:?}");
            assert_eq!(
                h.kind.type_number(),
                t,
                "{labeling:?} {pts:?}: {:?}",
                h.what
            );
        }
        assert_eq!(five_sets, 792);
        // Every hexad gets the same description from each of its 6 five-sets.
        let listed = m.all_hexads();
        assert_eq!(listed.len(), 132);
        for h in &listed {
            for drop in (0..12u8).filter(|&p| h.points >> p & 1 == 1) {
                let pts: Vec<u8> = (0..12)
                    .filter(|&p| p != drop && h.points >> p & 1 == 1)
                    .collect();
                assert_eq!(m.find_hexad(&pts).unwrap().what, h.what);
            }
        }
    }
}

#[test]
fn blackjack_doctests() {
    let m11 = Minimog::new(Labeling::Modulo11);
    let m = Minimog::new(Labeling::Shuffle);
    let text = |m: &Minimog, cards: &[u8]| blackjack_move(m, cards).unwrap().sage_text(cards);
    assert_eq!(
        text(&m11, &[0, 2, 3, 6, 1, 10]),
        "6 --> 5. The total went from 22 to 21."
    );
    assert_eq!(
        text(&m, &[0, 2, 4, 6, 7, 11]),
        "4 --> 3. The total went from 30 to 29."
    );
    assert_eq!(
        text(&m, &[0, 2, 3, 6, 7, 11]),
        "      This is a hexad. \n      There is no winning move, so make a random legal move.\n[0, 2, 3, 6, 7, 11]"
    );
    assert_eq!(
        text(&m, &[0, 2, 3, 6, 7, 9]),
        "7 --> 1. The total went from 27 to 21."
    );
    assert_eq!(
        text(&m, &[0, 2, 3, 6, 1, 9]),
        "No move possible. Shuffle the deck and redeal."
    );
    assert_eq!(
        text(&m, &[11, 7, 6, 3, 2, 0]),
        "This is a hexad. \n There is no winning move, so make a random legal move.\n[11, 7, 6, 3, 2, 0]"
    );
    assert_eq!(
        blackjack_move(&m, &[1, 2, 3, 4, 5, 6]),
        Ok(BlackjackAdvice::NoMove)
    );
    assert!(matches!(
        blackjack_move(&m, &[5, 6, 7, 8, 9, 10]),
        Ok(BlackjackAdvice::NoWinningMove { .. })
    ));
    assert_eq!(
        text(&m, &[11, 10, 9, 8, 7, 6]),
        "6 --> 0. The total went from 51 to 45."
    );
    assert!(blackjack_move(&m, &[1, 2, 3])
        .unwrap_err()
        .to_string()
        .contains("6 cards, not 3"));
    assert!(blackjack_move(&m, &[1, 1, 3, 4, 5, 6])
        .unwrap_err()
        .to_string()
        .contains("twice"));
    assert!(blackjack_move(&m11, &[11, 1, 3, 4, 5, 6])
        .unwrap_err()
        .to_string()
        .contains("modulo11"));
}

/// Every suggested move lands on a hexad and lowers a card.
#[test]
fn winning_moves_land_on_hexads() {
    let m = Minimog::new(Labeling::Shuffle);
    let hexads: BTreeSet<u16> = m.all_hexads().iter().map(|h| h.points).collect();
    let mut moves = 0;
    for mask in 0u16..1 << 12 {
        if mask.count_ones() != 6 {
            continue;
        }
        let cards: Vec<u8> = (0..12).filter(|&p| mask >> p & 1 == 1).collect();
        if let BlackjackAdvice::Move { from, to, .. } = blackjack_move(&m, &cards).unwrap() {
            assert!(to < from);
            let after = (mask & !(1 << from)) | 1 << to;
            assert!(hexads.contains(&after), "{cards:?}: {from} -> {to}");
            moves += 1;
        }
    }
    assert!(moves > 500, "{moves}");
}

mod game {
    use tessera::engine::hexad::{Game, Move, Player};

    #[test]
    fn deals_are_reproducible_and_legal() {
        let a = Game::new(42);
        let b = Game::new(42);
        assert_eq!(a.table(), b.table());
        assert_eq!(a.table().len(), 6);
        assert_eq!(a.pile().len(), 6);
        assert!(a.table_sum() >= 22);
        let differs = (0..20).any(|s| Game::new(s).table() != a.table());
        assert!(differs, "different seeds deal differently");
        for m in a.legal_moves() {
            assert!(m.to < m.from);
            assert!(a.table().contains(&m.from) && a.pile().contains(&m.to));
        }
    }

    #[test]
    fn illegal_moves_are_explained() {
        let mut g = Game::with_table(&[0, 2, 4, 6, 7, 11], 1).unwrap();
        assert!(g
            .play(Move { from: 3, to: 1 })
            .unwrap_err()
            .to_string()
            .contains("not on the table"));
        assert!(g
            .play(Move { from: 4, to: 2 })
            .unwrap_err()
            .to_string()
            .contains("not in the other pile"));
        assert!(g
            .play(Move { from: 4, to: 5 })
            .unwrap_err()
            .to_string()
            .contains("LOWER"));
        assert_eq!(
            g.hint().unwrap().0,
            Move { from: 4, to: 3 },
            "Sage's doctest move"
        );
        g.play(Move { from: 4, to: 3 }).unwrap();
        assert!(g.table_is_hexad());
        assert_eq!(g.turn(), Player::Computer);
        assert!(Game::with_table(&[1, 2, 3], 0).is_err());
        assert!(Game::with_table(&[1, 1, 2, 3, 4, 5], 0).is_err());
    }

    /// Kahane–Ryba: whoever moves to a hexad wins. The human follows the
    /// hints (else any legal move), the computer its strategy: the human wins
    /// exactly when the deal is not already a hexad.
    #[test]
    fn the_hexad_strategy_wins_every_game() {
        for seed in 0..300 {
            let mut g = Game::new(seed);
            let starts_on_hexad = g.table_is_hexad();
            let mut moves = 0;
            while g.winner().is_none() {
                let m = match g.turn() {
                    Player::Human => g
                        .hint()
                        .map(|h| h.0)
                        .or_else(|| g.legal_moves().first().copied()),
                    Player::Computer => g.computer_choice(),
                }
                .expect("a player to move has a legal move");
                g.play(m).unwrap();
                moves += 1;
                assert!(moves < 100, "games end");
            }
            let want = if starts_on_hexad {
                Player::Computer
            } else {
                Player::Human
            };
            assert_eq!(g.winner(), Some(want), "seed {seed}: {:?}", g.history());
            assert!(g.legal_moves().is_empty(), "no moves after the end");
        }
    }
}
