//! The advanced techniques (wings, uniqueness, fish, chains, forcing
//! chains), each on a constructed position where it applies and one where
//! it does not; then every step of whole solves over the published sets
//! checked against the unique solution, the numeric rating against Sudoku
//! Explainer's published values, graduated hints and the variants' units.

use crate::common;

use tessera::engine::sudoku::logic::hint::{graduated_hint, unique_solution, HintKind};
use tessera::engine::sudoku::logic::{self, Board, Candidate, Outcome, Rating, Step, Technique};
use tessera::engine::sudoku::variant::{RegionMap, Variant};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

fn nine() -> Shape {
    Shape::square(3).unwrap()
}

/// Every candidate everywhere, then narrowed cell by cell (1-based r, c).
struct Marks(Vec<Vec<u8>>);

impl Marks {
    fn full() -> Marks {
        Marks(vec![(1..=9).collect(); 81])
    }
    fn set(&mut self, r: usize, c: usize, ds: &[u8]) -> &mut Marks {
        self.0[rc(r, c)] = ds.to_vec();
        self
    }
    fn remove(&mut self, r: usize, c: usize, d: u8) -> &mut Marks {
        self.0[rc(r, c)].retain(|&x| x != d);
        self
    }
    fn board(&self) -> Board {
        Board::from_candidates(nine(), &[0; 81], &self.0).unwrap()
    }
}

fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

fn elims(step: &Step) -> Vec<(usize, u8)> {
    let mut v: Vec<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|e| (e.cell, e.digit))
        .collect();
    v.sort();
    v
}

#[test]
fn xyz_wing_applies_and_does_not() {
    let mut m = Marks::full();
    m.set(1, 1, &[1, 2, 3])
        .set(1, 5, &[1, 3])
        .set(2, 2, &[2, 3]);
    let step = Technique::XYZWing.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5), rc(2, 2)]);
    assert_eq!(elims(&step), vec![(rc(1, 2), 3), (rc(1, 3), 3)]);
    assert_eq!(step.weight, 44);
    assert!(step.explanation.starts_with("XYZ-wing"));
    m.set(2, 2, &[2, 4]);
    assert_eq!(Technique::XYZWing.find(&m.board()), None);
}

#[test]
fn w_wing_applies_and_does_not() {
    let mut m = Marks::full();
    m.set(1, 1, &[1, 2]).set(9, 9, &[1, 2]);
    for c in 2..=8 {
        m.remove(5, c, 1);
    }
    let step = Technique::WWing.find(&m.board()).unwrap();
    assert_eq!(elims(&step), vec![(rc(1, 9), 2), (rc(9, 1), 2)]);
    assert_eq!(step.cells, vec![rc(1, 1), rc(9, 9), rc(5, 1), rc(5, 9)]);
    // Without the strong link (1 has three places in row 5): nothing.
    m.set(5, 5, &[1, 3, 4]);
    assert_eq!(Technique::WWing.find(&m.board()), None);
}

#[test]
fn unique_rectangles_type_1_and_2_apply_and_do_not() {
    let mut m = Marks::full();
    m.set(1, 1, &[5, 6])
        .set(1, 4, &[5, 6])
        .set(2, 1, &[5, 6])
        .set(2, 4, &[5, 6, 7]);
    let step = Technique::UniqueRectangle1.find(&m.board()).unwrap();
    assert_eq!(elims(&step), vec![(rc(2, 4), 5), (rc(2, 4), 6)]);
    assert_eq!(Technique::UniqueRectangle2.find(&m.board()), None);
    // Four boxes: no deadly pattern, no step.
    let mut far = Marks::full();
    far.set(1, 1, &[5, 6])
        .set(1, 4, &[5, 6])
        .set(5, 1, &[5, 6])
        .set(5, 4, &[5, 6, 7]);
    assert_eq!(Technique::UniqueRectangle1.find(&far.board()), None);
    // Type 2: the roof r2c1, r2c4 shares the extra 7.
    m.set(2, 1, &[5, 6, 7]);
    assert_eq!(Technique::UniqueRectangle1.find(&m.board()), None);
    let step = Technique::UniqueRectangle2.find(&m.board()).unwrap();
    let want: Vec<(usize, u8)> = [2, 3, 5, 6, 7, 8, 9]
        .iter()
        .map(|&c| (rc(2, c), 7))
        .collect();
    assert_eq!(elims(&step), want);
    m.set(2, 4, &[5, 6, 8]);
    assert_eq!(Technique::UniqueRectangle2.find(&m.board()), None);
}

#[test]
fn jellyfish_applies_and_does_not() {
    let mut m = Marks::full();
    for r in [1, 3, 5, 7] {
        for c in [2, 4, 6, 8, 9] {
            m.remove(r, c, 5);
        }
    }
    let step = Technique::Jellyfish.find(&m.board()).unwrap();
    assert_eq!(step.eliminations.len(), 20);
    assert!(step.eliminations.iter().all(|e| e.digit == 5
        && [0, 2, 4, 6].contains(&(e.cell % 9))
        && ![0, 2, 4, 6].contains(&(e.cell / 9))));
    assert_eq!(Technique::Swordfish.find(&m.board()), None);
    m.set(1, 9, &[5]);
    assert_eq!(Technique::Jellyfish.find(&m.board()), None);
}

#[test]
fn finned_x_wing_applies_and_does_not() {
    let mut m = Marks::full();
    for c in [1, 3, 4, 5, 6, 7, 9] {
        m.remove(1, c, 4);
    }
    for c in [1, 3, 4, 5, 6, 7] {
        m.remove(5, c, 4);
    }
    assert_eq!(Technique::XWing.find(&m.board()), None);
    let step = Technique::FinnedXWing.find(&m.board()).unwrap();
    assert_eq!(elims(&step), vec![(rc(4, 8), 4), (rc(6, 8), 4)]);
    // A second fin in another box: no cell sees both fins.
    m.set(5, 1, &[4, 1]);
    assert_eq!(Technique::FinnedXWing.find(&m.board()), None);
}

#[test]
fn remote_pair_applies_and_does_not() {
    let mut m = Marks::full();
    m.set(1, 1, &[1, 2]).set(1, 5, &[1, 2]).set(5, 5, &[1, 2]);
    assert_eq!(
        Technique::RemotePair.find(&m.board()),
        None,
        "three cells are not enough"
    );
    m.set(5, 9, &[1, 2]);
    let step = Technique::RemotePair.find(&m.board()).unwrap();
    assert_eq!(
        elims(&step),
        vec![(rc(1, 9), 1), (rc(1, 9), 2), (rc(5, 1), 1), (rc(5, 1), 2)]
    );
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5), rc(5, 5), rc(5, 9)]);
}

/// Strong links on 7: box 1 (r1c1–r3c3), row 3 (r3c3–r3c7), box 3
/// (r3c7–r1c9). r1c1 and r1c9 get opposite colours, so row 1 between the
/// boxes cannot be 7.
fn colouring_position() -> Marks {
    let mut m = Marks::full();
    for (r, c) in [(1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)] {
        m.remove(r, c, 7);
    }
    for c in [4, 5, 6, 8, 9] {
        m.remove(3, c, 7);
    }
    for (r, c) in [(1, 7), (1, 8), (2, 7), (2, 8), (2, 9)] {
        m.remove(r, c, 7);
    }
    m
}

#[test]
fn simple_colouring_applies_and_does_not() {
    let mut m = colouring_position();
    let step = Technique::SimpleColouring.find(&m.board()).unwrap();
    assert_eq!(
        elims(&step),
        vec![(rc(1, 4), 7), (rc(1, 5), 7), (rc(1, 6), 7)]
    );
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 9), rc(3, 3), rc(3, 7)]);
    m.set(2, 2, &[7, 8]);
    assert_eq!(Technique::SimpleColouring.find(&m.board()), None);
}

#[test]
fn x_chain_applies_and_does_not() {
    let step = Technique::XChain
        .find(&colouring_position().board())
        .unwrap();
    assert!(!step.eliminations.is_empty());
    for e in &step.eliminations {
        assert!(
            e.digit == 7 && [rc(1, 4), rc(1, 5), rc(1, 6)].contains(&e.cell),
            "{step:?}"
        );
    }
    assert!(step.weight >= 66, "X-chains weigh 6.6 and up");
    assert_eq!(Technique::XChain.find(&Marks::full().board()), None);
}

#[test]
fn alternating_inference_chain_applies_and_does_not() {
    let mut m = Marks::full();
    m.set(1, 1, &[1, 2])
        .set(1, 5, &[2, 3])
        .set(5, 5, &[3, 4])
        .set(5, 9, &[4, 1]);
    let step = Technique::Aic.find(&m.board()).unwrap();
    assert_eq!(elims(&step), vec![(rc(1, 9), 1), (rc(5, 1), 1)]);
    assert!(
        step.explanation.contains("r1c1=1 or r5c9=1"),
        "{}",
        step.explanation
    );
    assert_eq!(step.weight, 70 + 2, "7 links, more than 4 and 6: 7.0 + 0.2");
    m.set(5, 9, &[4, 5]);
    let none = Technique::Aic.find(&m.board());
    assert!(none.is_none(), "{none:?}");
}

/// Whole solves: steps of a named technique found on real puzzles, each
/// position replayed, the technique found again there.
fn positions_with(technique: Technique, sets: &[&str], want: usize) -> Vec<(Board, Step, Vec<u8>)> {
    let mut out = Vec::new();
    for path in sets {
        for p in read_set(path) {
            let e = logic::explain(&p).unwrap();
            if !e.steps.iter().any(|s| s.technique == technique) {
                continue;
            }
            let solution = e.solution.clone().unwrap().cells().to_vec();
            let mut b = Board::new(&p).unwrap();
            for s in &e.steps {
                if s.technique == technique {
                    out.push((b.clone(), s.clone(), solution.clone()));
                    break;
                }
                s.apply(&mut b);
            }
            if out.len() >= want {
                return out;
            }
        }
    }
    out
}

const RATED: &str = "tests/data/rated/sudoku_exchange_diabolical_head160.txt";

#[test]
fn bug_plus_one_applies_on_real_puzzles_and_not_with_a_fourth_candidate() {
    let found = positions_with(Technique::BugPlusOne, &[RATED], 3);
    assert!(!found.is_empty(), "the rated set has BUG+1 steps");
    for (board, step, solution) in found {
        assert_eq!(Technique::BugPlusOne.find(&board).as_ref(), Some(&step));
        let p = step.placements[0];
        assert_eq!(solution[p.cell], p.digit, "{}", step.explanation);
        // A second cell with three candidates: no longer a BUG+1.
        let other = (0..81)
            .find(|&c| board.mask(c).count_ones() == 2)
            .expect("a bivalue cell");
        let mut cands: Vec<Vec<u8>> = (0..81).map(|c| board.candidates(c)).collect();
        let extra = (1..=9).find(|d| !cands[other].contains(d)).unwrap();
        cands[other].push(extra);
        let b2 = Board::from_candidates(nine(), board.values(), &cands).unwrap();
        assert_eq!(Technique::BugPlusOne.find(&b2), None);
    }
}

#[test]
fn forcing_chains_apply_on_real_puzzles_and_not_on_an_empty_grid() {
    let found = positions_with(Technique::ForcingChain, &["tests/data/sets/top95.txt"], 3);
    assert_eq!(found.len(), 3);
    for (board, step, solution) in found {
        assert_eq!(Technique::ForcingChain.find(&board).as_ref(), Some(&step));
        assert!(step.weight >= 80);
        check_step(&step, &solution, "forcing chain");
        // Nothing easier applies there (it is the last resort).
        for t in &Technique::RULES[..Technique::RULES.len() - 1] {
            assert_eq!(
                t.find(&board),
                None,
                "{t:?} applies before the forcing chain"
            );
        }
    }
    assert_eq!(Technique::ForcingChain.find(&Marks::full().board()), None);
}

fn check_step(s: &Step, solution: &[u8], context: &str) {
    for p in &s.placements {
        assert_eq!(
            solution[p.cell], p.digit,
            "{context}: wrong placement: {}",
            s.explanation
        );
    }
    for e in &s.eliminations {
        assert_ne!(
            solution[e.cell], e.digit,
            "{context}: eliminated the solution's digit: {}",
            s.explanation
        );
    }
    assert!(!s.explanation.is_empty() && s.weight > 0);
}

fn read_set(path: &str) -> Vec<Sudoku> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let line = if f.len() > 1 { f[1] } else { f[0] };
            Sudoku::from_sage_str(line, None).unwrap()
        })
        .collect()
}

/// Every step on the main line of every puzzle (and every step of the
/// branch of the tree that holds the solution) agrees with the solution
/// found by the backtracking solver and checked by the independent checker.
#[test]
fn no_technique_ever_eliminates_the_solution_over_the_published_sets() {
    let sets: [(&str, usize); 6] = [
        ("tests/data/sets/top95.txt", 1),
        ("tests/data/sets/magictour_top1465.txt", 15),
        ("tests/data/sets/sudoku17_sample.txt", 50),
        ("tests/data/sets/hardest11.txt", 1),
        ("tests/data/sets/forum_hardest_1106.txt", 40),
        (RATED, 1),
    ];
    let mut by_technique = std::collections::BTreeMap::new();
    let mut puzzles = 0;
    for (path, every) in sets {
        for (i, p) in read_set(path).iter().enumerate().step_by(every) {
            let context = format!("{path} #{}", i + 1);
            let solution = p.solve_first(Algorithm::Backtrack).unwrap().unwrap();
            common::checker::sudoku(p, solution.cells());
            let e = logic::explain(p).unwrap();
            assert_eq!(e.outcome, Outcome::Solved, "{context}");
            for s in &e.steps {
                check_step(s, solution.cells(), &context);
                *by_technique.entry(s.technique).or_insert(0usize) += 1;
            }
            puzzles += 1;
        }
    }
    println!("{puzzles} puzzles; steps by technique: {by_technique:?}");
    // The new rules all fire somewhere in these sets.
    for t in [
        Technique::FinnedXWing,
        Technique::XYZWing,
        Technique::WWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::BugPlusOne,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::Aic,
        Technique::ForcingChain,
    ] {
        assert!(by_technique.contains_key(&t), "{t:?} never used");
    }
}

fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        for &k in &idx[i..=j] {
            r[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    r
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// The numeric rating against Sudoku Explainer's published ratings (the
/// Sudoku Exchange puzzle bank, rated with Sukaku Explainer; see
/// tests/data/rated/README.md), and the order of the sets players know.
#[test]
fn numeric_rating_agrees_with_published_sudoku_explainer_ratings() {
    let text = std::fs::read_to_string(RATED).unwrap();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let p = Sudoku::from_sage_str(f[1], None).unwrap();
        let e = logic::explain(&p).unwrap();
        ours.push(f64::from(e.score.unwrap()) / 10.0);
        theirs.push(f[2].parse::<f64>().unwrap());
    }
    let rho = spearman(&ours, &theirs);
    let within = ours
        .iter()
        .zip(&theirs)
        .filter(|(a, b)| (*a - *b).abs() <= 1.0)
        .count();
    let pct = 100.0 * within as f64 / ours.len() as f64;
    println!(
        "rated set: {} puzzles, Spearman {rho:.3}, within ±1.0: {within} ({pct:.0}%), mean ours {:.2} vs SE {:.2}",
        ours.len(),
        ours.iter().sum::<f64>() / ours.len() as f64,
        theirs.iter().sum::<f64>() / theirs.len() as f64
    );
    // Measured 0.78 and 67%: fail on a clear regression.
    assert!(rho > 0.6, "rank correlation {rho:.3}");
    assert!(pct > 55.0, "{pct:.0}% within ±1.0");
    // Easy < hard < hardest, as players rank the sets.
    let mean = |path: &str, every: usize| {
        let v: Vec<f64> = read_set(path)
            .iter()
            .step_by(every)
            .map(|p| f64::from(logic::explain(p).unwrap().score.unwrap()) / 10.0)
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let (easy, top, forum) = (
        mean("tests/data/sets/easy50.txt", 1),
        mean("tests/data/sets/top95.txt", 1),
        mean("tests/data/sets/forum_hardest_1106.txt", 40),
    );
    println!("mean rating: easy50 {easy:.2} < top95 {top:.2} < forum_hardest {forum:.2}");
    assert!(
        easy < 2.5 && easy < top && top < forum,
        "{easy} {top} {forum}"
    );
}

#[test]
fn grades_are_bands_of_the_numeric_rating() {
    for t in Technique::RULES {
        assert_eq!(t.rating(), Rating::of_weight(t.weight()), "{t:?}");
    }
    // The rule order is by weight: the rating is the hardest step of the
    // path that always takes the easiest step.
    let w: Vec<u16> = Technique::RULES.iter().map(|t| t.weight()).collect();
    assert!(w.windows(2).all(|p| p[0] <= p[1]), "{w:?}");
    assert_eq!(Rating::of_weight(23), Rating::Easy);
    assert_eq!(Rating::of_weight(70), Rating::Expert);
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn graduated_hints_say_more_at_each_stage_and_apply_at_the_fourth() {
    let p = Sudoku::from_sage_str(EASY, None).unwrap();
    let sol = unique_solution(&p).unwrap();
    common::checker::sudoku(&p, &sol);
    let board = Board::new(&p).unwrap();
    let h1 = graduated_hint(&board, Some(&sol), 1);
    assert_eq!(h1.kind, HintKind::Step);
    assert!(h1.text.starts_with("Look at box "), "{}", h1.text);
    assert!(h1.text.contains("hidden single"), "{}", h1.text);
    let shown = h1.shown.as_ref().unwrap();
    assert!(shown.cells.is_empty() && shown.placements.is_empty() && shown.units.len() == 1);
    let h2 = graduated_hint(&board, Some(&sol), 2);
    let shown2 = h2.shown.as_ref().unwrap();
    assert_eq!(shown2.cells.len(), 1);
    assert!(shown2.placements.is_empty());
    assert!(
        h2.text.contains("r") && h2.text.contains("look at r"),
        "{}",
        h2.text
    );
    let h3 = graduated_hint(&board, Some(&sol), 3);
    let step = h3.step.clone().unwrap();
    assert_eq!(h3.shown.as_ref(), Some(&step));
    assert_eq!(h3.text, step.explanation);
    let h4 = graduated_hint(&board, Some(&sol), 4);
    let after = h4.after.unwrap();
    let p0 = step.placements[0];
    assert_eq!(after.values[p0.cell], p0.digit);
    assert_eq!(sol[p0.cell], p0.digit);
    assert_eq!(
        after.values.iter().filter(|&&v| v != 0).count(),
        board.values().iter().filter(|&&v| v != 0).count() + 1
    );
}

#[test]
fn hints_name_a_wrong_digit_instead_of_building_on_it() {
    let p = Sudoku::from_sage_str(EASY, None).unwrap();
    let sol = unique_solution(&p).unwrap();
    // r1c1 is empty in the puzzle; put a legal but wrong digit there.
    let wrong = (1..=9u8)
        .find(|&d| d != sol[0] && Board::new(&p).unwrap().has(0, d))
        .unwrap();
    let mut cells = p.cells().to_vec();
    cells[0] = wrong;
    let board = Board::new(
        &Sudoku::from_list(
            &cells.iter().map(|&v| i64::from(v)).collect::<Vec<_>>(),
            Some(nine()),
        )
        .unwrap(),
    )
    .unwrap();
    for stage in 1..=4 {
        let h = graduated_hint(&board, Some(&sol), stage);
        assert_eq!(h.kind, HintKind::WrongDigit);
        assert_eq!(h.mistakes, vec![0]);
        assert_eq!(
            h.text,
            format!("r1c1 is not {wrong}: the puzzle has no solution from here. Remove it before going on.")
        );
        assert!(h.step.is_none() && h.after.is_none());
    }
    // Pencil marks that leave out the true digit are named too.
    let mut marks = vec![0u64; 81];
    let allowed = Board::new(&p).unwrap().mask(0);
    marks[0] = allowed & !(1 << (sol[0] - 1));
    assert_ne!(marks[0], 0);
    let marked = Board::new(&p).unwrap().with_marks(&marks);
    let h = graduated_hint(&marked, Some(&sol), 1);
    assert_eq!(h.kind, HintKind::WrongMarks);
    assert_eq!(h.mistakes, vec![0]);
}

#[test]
fn hints_respect_the_players_marks() {
    let p = Sudoku::from_sage_str(EASY, None).unwrap();
    let sol = unique_solution(&p).unwrap();
    let board = Board::new(&p).unwrap();
    // Mark every empty cell with its solution digit only: the marks make
    // each cell a naked single, and the hint reads them.
    let marks: Vec<u64> = (0..81)
        .map(|c| {
            if board.values()[c] == 0 {
                1 << (sol[c] - 1)
            } else {
                0
            }
        })
        .collect();
    let h = graduated_hint(&board.clone().with_marks(&marks), Some(&sol), 3);
    let step = h.step.unwrap();
    assert!(matches!(
        step.technique,
        Technique::HiddenSingle | Technique::NakedSingle
    ));
    // The unmarked board's first hint is a hidden single in a box; with one
    // candidate per cell the first box scanned gives it at once.
    check_step(&step, &sol, "marked hint");
}

/// X-sudoku and jigsaw: the techniques read the variant's units.
#[test]
fn x_sudoku_and_jigsaw_are_explained_with_their_units() {
    // X-sudoku: a random generated puzzle, solved logically, every step
    // checked against the variant solver's unique solution.
    use tessera::engine::sudoku::variant::generate::{generate, Options, Request};
    for (variant, seeds) in [
        (Variant::x(nine()), 1..4u64),
        (Variant::jigsaw(RegionMap::from_seed(9, 5)), 1..4u64),
    ] {
        for seed in seeds {
            let mut o = Options::new(Request::Fixed(variant.clone()), seed);
            o.max_attempts = 50;
            let g = generate(&o).unwrap();
            let sols = variant.solutions(&g.puzzle, 2).unwrap();
            assert_eq!(sols.len(), 1);
            let board = logic::board_for_variant(&variant, &g.puzzle).unwrap();
            let e = logic::explain_board(board.clone(), 5000);
            assert_eq!(e.outcome, Outcome::Solved, "{} seed {seed}", variant.name());
            assert_eq!(e.solution.as_ref().unwrap().cells(), &sols[0][..]);
            for s in &e.steps {
                check_step(s, &sols[0], variant.name());
            }
            let h = graduated_hint(&board, Some(&sols[0]), 1);
            assert_eq!(h.kind, HintKind::Step);
        }
    }
    // A diagonal is a unit: a digit with one place left on it is a hidden
    // single there (a row, column and box would not say so).
    let geo = std::sync::Arc::new(logic::Geometry::x(nine()));
    let mut cands: Vec<Vec<u8>> = vec![(1..=9).collect(); 81];
    for i in 1..9 {
        cands[i * 9 + i].retain(|&d| d != 4);
    }
    let b = Board::from_candidates_on(geo, &[0; 81], &cands).unwrap();
    let step = Technique::HiddenSingle.find(&b).unwrap();
    assert_eq!(step.placements, vec![Candidate { cell: 0, digit: 4 }]);
    assert_eq!(step.units[0].name(), "diagonal ↘");
    assert_eq!(step.weight, 15);
    let standard = Board::from_candidates(nine(), &[0; 81], &cands).unwrap();
    assert_eq!(Technique::HiddenSingle.find(&standard), None);
    // Samurai has no single grid to reason on: an error, not a panic.
    assert!(logic::board_for_variant(&Variant::samurai(), &[0; 369]).is_err());
}
