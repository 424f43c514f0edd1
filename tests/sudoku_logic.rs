//! The logical solver: each technique on constructed positions where it
//! applies and where it does not, then whole solves checked against the
//! unique solution found by the search solvers and an independent checker.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tessera::engine::sudoku::logic::{
    self, Board, BranchEnd, Candidate, Guess, Outcome, Rating, Step, Technique, UnitKind,
};
use tessera::engine::sudoku::{Algorithm, Shape, Sudoku};

fn nine() -> Shape {
    Shape::square(3).unwrap()
}

/// A position with every candidate everywhere (no value placed).
struct Marks {
    shape: Shape,
    cands: Vec<Vec<u8>>,
}

impl Marks {
    fn full(shape: Shape) -> Marks {
        let n = shape.size();
        Marks {
            shape,
            cands: vec![(1..=n as u8).collect(); n * n],
        }
    }
    fn cell(&self, r: usize, c: usize) -> usize {
        (r - 1) * self.shape.size() + (c - 1)
    }
    /// Set the candidates of r`r`c`c` (1-based).
    fn set(&mut self, r: usize, c: usize, ds: &[u8]) -> &mut Marks {
        let i = self.cell(r, c);
        self.cands[i] = ds.to_vec();
        self
    }
    /// Remove digit `d` from r`r`c`c`.
    fn remove(&mut self, r: usize, c: usize, d: u8) -> &mut Marks {
        let i = self.cell(r, c);
        self.cands[i].retain(|&x| x != d);
        self
    }
    fn board(&self) -> Board {
        let n = self.shape.size();
        Board::from_candidates(self.shape, &vec![0; n * n], &self.cands).unwrap()
    }
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

fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

#[test]
fn hidden_single_applies_and_does_not() {
    let mut m = Marks::full(nine());
    for r in 1..=3 {
        for c in 4..=6 {
            if (r, c) != (3, 5) {
                m.remove(r, c, 7);
            }
        }
    }
    let step = Technique::HiddenSingle
        .find(&m.board())
        .expect("hidden single");
    assert_eq!(step.technique, Technique::HiddenSingle);
    assert_eq!(
        step.placements,
        vec![Candidate {
            cell: rc(3, 5),
            digit: 7
        }]
    );
    assert_eq!(step.units[0].kind, UnitKind::Box);
    assert_eq!(step.units[0].index, 1);
    assert_eq!(
        step.explanation,
        "Hidden single: 7 can only go in r3c5 within box 2"
    );
    assert_eq!(
        Technique::HiddenSingle.find(&Marks::full(nine()).board()),
        None
    );
}

#[test]
fn naked_single_applies_and_does_not() {
    let mut m = Marks::full(nine());
    m.set(4, 6, &[4]);
    let step = Technique::NakedSingle.find(&m.board()).unwrap();
    assert_eq!(
        step.placements[0],
        Candidate {
            cell: rc(4, 6),
            digit: 4
        }
    );
    assert_eq!(step.explanation, "Naked single: r4c6 can only be 4");
    m.set(4, 6, &[4, 5]);
    assert_eq!(Technique::NakedSingle.find(&m.board()), None);
}

#[test]
fn naked_pair_applies_and_does_not() {
    let mut m = Marks::full(nine());
    m.set(1, 1, &[2, 7]).set(1, 5, &[2, 7]);
    let step = Technique::NakedPair.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5)]);
    assert_eq!(step.digits, vec![2, 7]);
    let want: Vec<(usize, u8)> = [2, 3, 4, 6, 7, 8, 9]
        .iter()
        .flat_map(|&c| [(rc(1, c), 2), (rc(1, c), 7)])
        .collect();
    assert_eq!(elims(&step), want);
    assert!(step
        .explanation
        .starts_with("Naked pair: r1c1, r1c5 hold only {2,7} within row 1, so r1c2≠2"));
    // Not a pair.
    m.set(1, 5, &[2, 8]);
    assert_eq!(Technique::NakedPair.find(&m.board()), None);
    // A pair with nothing to eliminate.
    let mut m = Marks::full(nine());
    m.set(1, 1, &[2, 7]).set(1, 5, &[2, 7]);
    for c in [2, 3, 4, 6, 7, 8, 9] {
        m.remove(1, c, 2).remove(1, c, 7);
    }
    assert_eq!(Technique::NakedPair.find(&m.board()), None);
}

#[test]
fn naked_triple_and_quad_apply_and_do_not() {
    let mut m = Marks::full(nine());
    m.set(1, 1, &[1, 2]).set(1, 2, &[2, 3]).set(1, 3, &[1, 3]);
    let step = Technique::NakedTriple.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 2), rc(1, 3)]);
    assert_eq!(step.digits, vec![1, 2, 3]);
    assert_eq!(step.eliminations.len(), 6 * 3);
    assert_eq!(Technique::NakedPair.find(&m.board()), None);
    m.set(1, 3, &[1, 4]);
    assert_eq!(Technique::NakedTriple.find(&m.board()), None);

    let mut m = Marks::full(nine());
    m.set(1, 1, &[1, 2])
        .set(1, 2, &[2, 3])
        .set(1, 3, &[3, 4])
        .set(1, 4, &[1, 4]);
    let step = Technique::NakedQuad.find(&m.board()).unwrap();
    assert_eq!(step.digits, vec![1, 2, 3, 4]);
    assert_eq!(step.units[0].kind, UnitKind::Row);
    assert_eq!(step.eliminations.len(), 5 * 4);
    m.set(1, 4, &[1, 5]);
    assert_eq!(Technique::NakedQuad.find(&m.board()), None);
}

#[test]
fn hidden_pair_and_triple_apply_and_do_not() {
    let mut m = Marks::full(nine());
    for c in [1, 3, 4, 5, 7, 8, 9] {
        m.remove(1, c, 3).remove(1, c, 8);
    }
    let step = Technique::HiddenPair.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 2), rc(1, 6)]);
    assert_eq!(step.digits, vec![3, 8]);
    assert_eq!(step.eliminations.len(), 2 * 7);
    assert!(step
        .explanation
        .starts_with("Hidden pair: {3,8} can only go in r1c2, r1c6 within row 1"));
    let mut m = Marks::full(nine());
    for c in [1, 3, 4, 5, 7, 8, 9] {
        m.remove(1, c, 3);
    }
    for c in [1, 3, 4, 5, 8, 9] {
        m.remove(1, c, 8);
    }
    assert_eq!(Technique::HiddenPair.find(&m.board()), None);

    let mut m = Marks::full(nine());
    for c in [2, 3, 4, 6, 7, 8] {
        m.remove(1, c, 1).remove(1, c, 2).remove(1, c, 3);
    }
    let step = Technique::HiddenTriple.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5), rc(1, 9)]);
    assert_eq!(step.eliminations.len(), 3 * 6);
    let mut m = Marks::full(nine());
    for c in [2, 3, 4, 6, 7, 8] {
        m.remove(1, c, 1).remove(1, c, 2);
        if c != 7 {
            m.remove(1, c, 3);
        }
    }
    assert_eq!(Technique::HiddenTriple.find(&m.board()), None);
}

#[test]
fn pointing_and_box_line_apply_and_do_not() {
    let mut m = Marks::full(nine());
    for r in 2..=3 {
        for c in 1..=3 {
            m.remove(r, c, 5);
        }
    }
    m.remove(1, 3, 5);
    let step = Technique::Pointing.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 2)]);
    let want: Vec<(usize, u8)> = (4..=9).map(|c| (rc(1, c), 5)).collect();
    assert_eq!(elims(&step), want);
    assert_eq!(
        step.explanation,
        "Pointing: in box 1, 5 can only go in row 1 (r1c1, r1c2), so r1c4≠5, r1c5≠5, r1c6≠5, r1c7≠5, r1c8≠5, r1c9≠5"
    );
    // Box/line reduction sees nothing here: row 1 still has 5 outside box 1.
    assert_eq!(Technique::BoxLineReduction.find(&m.board()), None);
    for c in 4..=9 {
        m.remove(1, c, 5);
    }
    assert_eq!(Technique::Pointing.find(&m.board()), None);
    assert_eq!(Technique::BoxLineReduction.find(&m.board()), None);

    let mut m = Marks::full(nine());
    for c in 3..=9 {
        m.remove(1, c, 5);
    }
    assert_eq!(Technique::Pointing.find(&m.board()), None);
    let step = Technique::BoxLineReduction.find(&m.board()).unwrap();
    let want: Vec<(usize, u8)> = (2..=3)
        .flat_map(|r| (1..=3).map(move |c| (rc(r, c), 5)))
        .collect();
    assert_eq!(elims(&step), want);
    assert!(step
        .explanation
        .starts_with("Box/line reduction: in row 1, 5 can only go in box 1 (r1c1, r1c2)"));
    m.set(1, 5, &[5, 6]);
    assert_eq!(Technique::BoxLineReduction.find(&m.board()), None);
}

#[test]
fn pointing_works_with_rectangular_boxes() {
    // 6×6 with 2×3 boxes: box 1 is rows 1-2, columns 1-3.
    let shape = Shape::new(2, 3).unwrap();
    let mut m = Marks::full(shape);
    for c in 1..=3 {
        m.remove(2, c, 4);
    }
    m.remove(1, 3, 4);
    let step = Technique::Pointing.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![0, 1]);
    let want: Vec<(usize, u8)> = (3..6).map(|c| (c, 4)).collect();
    assert_eq!(elims(&step), want);
    // And box/line with a 3×2 box: row 1's 4 confined to box 1 (columns 1-2).
    let shape = Shape::new(3, 2).unwrap();
    let mut m = Marks::full(shape);
    for c in 3..=6 {
        m.remove(1, c, 4);
    }
    let step = Technique::BoxLineReduction.find(&m.board()).unwrap();
    assert_eq!(step.eliminations.len(), 4, "rows 2-3 of the 3x2 box");
}

#[test]
fn x_wing_and_swordfish_apply_and_do_not() {
    let mut m = Marks::full(nine());
    for r in [1, 5] {
        for c in 1..=9 {
            if c != 2 && c != 7 {
                m.remove(r, c, 5);
            }
        }
    }
    let step = Technique::XWing.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 2), rc(1, 7), rc(5, 2), rc(5, 7)]);
    assert_eq!(step.eliminations.len(), 14);
    assert!(step.eliminations.iter().all(|e| e.digit == 5
        && (e.cell % 9 == 1 || e.cell % 9 == 6)
        && e.cell / 9 != 0
        && e.cell / 9 != 4));
    assert!(step
        .explanation
        .starts_with("X-wing: in row 1, row 5, 5 can only go in column 2, column 7"));
    m.set(5, 8, &[5, 6]);
    assert_eq!(Technique::XWing.find(&m.board()), None);

    let mut m = Marks::full(nine());
    let rows = [(1, [1, 4]), (4, [4, 7]), (7, [1, 7])];
    for (r, keep) in rows {
        for c in 1..=9 {
            if !keep.contains(&c) {
                m.remove(r, c, 5);
            }
        }
    }
    assert_eq!(Technique::XWing.find(&m.board()), None);
    let step = Technique::Swordfish.find(&m.board()).unwrap();
    assert_eq!(step.eliminations.len(), 18);
    assert_eq!(step.units.len(), 6);
    m.set(7, 8, &[5]).remove(7, 7, 5);
    assert_eq!(Technique::Swordfish.find(&m.board()), None);
}

#[test]
fn xy_wing_applies_and_does_not() {
    let mut m = Marks::full(nine());
    m.set(1, 1, &[1, 2]).set(1, 5, &[1, 3]).set(3, 2, &[2, 3]);
    let step = Technique::XYWing.find(&m.board()).unwrap();
    assert_eq!(step.cells, vec![rc(1, 1), rc(1, 5), rc(3, 2)]);
    let want = vec![
        (rc(1, 2), 3),
        (rc(1, 3), 3),
        (rc(3, 4), 3),
        (rc(3, 5), 3),
        (rc(3, 6), 3),
    ];
    assert_eq!(elims(&step), want);
    m.set(3, 2, &[2, 4]);
    assert_eq!(Technique::XYWing.find(&m.board()), None);
}

#[test]
fn bad_positions_are_errors_not_panics() {
    let shape = nine();
    let err = Board::from_candidates(shape, &[0; 80], &vec![vec![]; 81])
        .unwrap_err()
        .to_string();
    assert!(err.contains("81 cells"), "{err}");
    let mut c = vec![vec![1u8]; 81];
    c[3] = vec![10];
    let err = Board::from_candidates(shape, &[0; 81], &c)
        .unwrap_err()
        .to_string();
    assert!(err.contains("r1c4") && err.contains("10"), "{err}");
    let dup = Sudoku::from_sage_str(&format!("11{}", ".".repeat(79)), None).unwrap();
    let err = logic::explain(&dup).unwrap_err().to_string();
    assert!(err.contains("row 1"), "{err}");
}

/// Independent check of a complete grid: every unit holds 1..n once.
fn check_grid(shape: Shape, cells: &[u8]) {
    let n = shape.size();
    assert_eq!(cells.len(), n * n);
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        units.push((0..n).map(|k| i * n + k).collect());
        units.push((0..n).map(|k| k * n + i).collect());
        let (br, bc) = (i / shape.box_rows, i % shape.box_rows);
        units.push(
            (0..n)
                .map(|k| {
                    let r = br * shape.box_rows + k / shape.box_cols;
                    let c = bc * shape.box_cols + k % shape.box_cols;
                    r * n + c
                })
                .collect(),
        );
    }
    for u in units {
        let mut seen = vec![false; n + 1];
        for c in u {
            let v = cells[c] as usize;
            assert!((1..=n).contains(&v) && !seen[v], "bad grid {cells:?}");
            seen[v] = true;
        }
    }
}

fn assert_consistent(steps: &[Step], solution: &[u8], context: &str) {
    for s in steps {
        for p in &s.placements {
            assert_eq!(
                solution[p.cell], p.digit,
                "{context}: wrong placement in step {}",
                s.explanation
            );
        }
        for e in &s.eliminations {
            assert_ne!(
                solution[e.cell], e.digit,
                "{context}: eliminated the solution in step {}",
                s.explanation
            );
        }
        assert!(!s.explanation.is_empty());
    }
}

/// Follow the branch of the exploration that agrees with the solution.
fn check_tree(guess: &Guess, solution: &[u8], context: &str) {
    let right = guess
        .branches
        .iter()
        .find(|b| b.digit == solution[guess.cell])
        .expect("the solution's digit is a candidate");
    assert_consistent(&right.steps, solution, context);
    match &right.end {
        BranchEnd::Solved => {}
        BranchEnd::Guess(s) => check_tree(s, solution, context),
        other => panic!("{context}: the right branch ended in {other:?}"),
    }
    for b in &guess.branches {
        if b.digit != solution[guess.cell] {
            assert!(
                !matches!(b.end, BranchEnd::Solved),
                "{context}: a wrong guess was solved"
            );
        }
    }
}

/// Explain a puzzle with one solution and check every deduction.
fn check_puzzle(p: &Sudoku, context: &str) -> Rating {
    assert_eq!(
        p.count_solutions(Algorithm::Dlx, Some(2)).unwrap(),
        1,
        "{context}"
    );
    let solution = p.solve_first(Algorithm::Backtrack).unwrap().unwrap();
    let e = logic::explain(p).unwrap();
    assert_eq!(e.outcome, Outcome::Solved, "{context}");
    assert_eq!(e.solution.as_ref(), Some(&solution), "{context}");
    check_grid(p.shape(), e.solution.as_ref().unwrap().cells());
    assert_consistent(&e.steps, solution.cells(), context);
    match &e.exploration {
        None => {
            // Fully logical: replaying the placements gives the grid.
            let mut cells = p.cells().to_vec();
            for s in &e.steps {
                for pl in &s.placements {
                    cells[pl.cell] = pl.digit;
                }
            }
            check_grid(p.shape(), &cells);
            let hardest = e.steps.iter().map(|s| s.technique.rating()).max();
            assert_eq!(e.rating, Some(hardest.unwrap_or(Rating::Easy)));
        }
        Some(guess) => {
            check_tree(guess, solution.cells(), context);
            assert_eq!(e.rating, Some(Rating::Expert));
        }
    }
    e.rating.unwrap()
}

fn read_set(path: &str) -> Vec<Sudoku> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Sudoku::from_sage_str(l.trim(), None).unwrap())
        .collect()
}

#[test]
fn easy50_is_solved_by_logic_consistently() {
    let mut ratings = [0usize; 4];
    for (i, p) in read_set("tests/data/sets/easy50.txt").iter().enumerate() {
        ratings[check_puzzle(p, &format!("easy50 #{}", i + 1)) as usize] += 1;
    }
    // Project Euler's set needs no guessing at all.
    assert_eq!(ratings[Rating::Expert as usize], 0, "{ratings:?}");
    assert!(ratings[Rating::Easy as usize] > 0, "{ratings:?}");
}

#[test]
fn top95_deductions_agree_with_the_unique_solution() {
    let mut ratings = [0usize; 4];
    for (i, p) in read_set("tests/data/sets/top95.txt").iter().enumerate() {
        ratings[check_puzzle(p, &format!("top95 #{}", i + 1)) as usize] += 1;
    }
    // These are hard: most need more than singles.
    assert!(ratings[Rating::Easy as usize] < 10, "{ratings:?}");
}

/// Random puzzles with one solution, built independently of the
/// generator: a grid from the search solver, digits relabelled, clues
/// removed in random order while the solution stays unique.
fn random_puzzle(shape: Shape, rng: &mut ChaCha8Rng) -> Sudoku {
    let n = shape.size();
    let grid = Sudoku::empty(shape)
        .solve_first(Algorithm::Backtrack)
        .unwrap()
        .unwrap();
    let mut perm: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.gen_range(0..=i as u32) as usize);
    }
    let mut cells: Vec<u8> = grid.cells().iter().map(|&v| perm[v as usize - 1]).collect();
    let mut order: Vec<usize> = (0..n * n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.gen_range(0..=i as u32) as usize);
    }
    for cell in order {
        let keep = cells[cell];
        cells[cell] = 0;
        let p = grid.with_cells(cells.clone());
        if p.count_solutions(Algorithm::Backtrack, Some(2)).unwrap() != 1 {
            cells[cell] = keep;
        }
    }
    grid.with_cells(cells)
}

#[test]
fn random_puzzles_of_several_shapes_are_explained_consistently() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (r, c, count) in [(2, 2, 20), (2, 3, 20), (3, 2, 10), (3, 3, 20), (3, 4, 3)] {
        let shape = Shape::new(r, c).unwrap();
        for i in 0..count {
            let p = random_puzzle(shape, &mut rng);
            check_puzzle(&p, &format!("random {shape} #{i}: {:?}", p.cells()));
        }
    }
}

#[test]
fn no_solution_and_many_solutions_are_reported() {
    // Two solutions: Sage's h has five.
    let h = Sudoku::from_sage_str(
        "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......",
        None,
    )
    .unwrap();
    let e = logic::explain(&h).unwrap();
    assert_eq!(e.outcome, Outcome::MultipleSolutions);
    assert_eq!(e.rating, None);
    assert!(e.to_text().ends_with("More than one solution\n"));
    // No solution although no unit has a duplicate: r1c9 can hold nothing.
    let p = Sudoku::from_sage_str(&format!("12345678.........9{}", ".".repeat(63)), None).unwrap();
    let e = logic::explain(&p).unwrap();
    assert_eq!(e.outcome, Outcome::NoSolution);
    assert!(e.contradiction.unwrap().contains("r1c9"));
}

#[test]
fn an_empty_16x16_stops_at_the_branch_budget() {
    let e = logic::explain_with_limit(&Sudoku::empty(Shape::square(4).unwrap()), 50).unwrap();
    assert_eq!(e.outcome, Outcome::Unfinished);
    assert_eq!(e.branches, 50);
    assert!(e.to_text().contains("gave up after 50 branches"));
    // A small empty grid has many solutions, found within the budget.
    let e = logic::explain_with_limit(&Sudoku::empty(Shape::square(2).unwrap()), 50).unwrap();
    assert_eq!(e.outcome, Outcome::MultipleSolutions);
    let json = serde_json::to_string(&e).unwrap();
    assert!(json.contains("technique"), "{json}");
}

#[test]
fn hint_gives_the_first_step() {
    let p = read_set("tests/data/sets/easy50.txt").remove(0);
    let step = logic::hint(&p).unwrap().unwrap();
    let e = logic::explain(&p).unwrap();
    assert_eq!(step, e.steps[0]);
}

#[test]
fn replay_gives_before_and_after_for_every_step() {
    let p = read_set("tests/data/sets/top95.txt").remove(1);
    let e = logic::explain(&p).unwrap();
    let snaps = logic::replay(&p, &e.steps).unwrap();
    assert_eq!(snaps.len(), e.steps.len() + 1);
    assert_eq!(snaps[0].values, p.cells());
    for (i, s) in e.steps.iter().enumerate() {
        let (before, after) = (&snaps[i], &snaps[i + 1]);
        for pl in &s.placements {
            assert!(before.candidates[pl.cell].contains(&pl.digit));
            assert_eq!(after.values[pl.cell], pl.digit);
        }
        for el in &s.eliminations {
            assert!(
                before.candidates[el.cell].contains(&el.digit),
                "{}",
                s.explanation
            );
            assert!(!after.candidates[el.cell].contains(&el.digit));
        }
        // No step is empty: each changes the position.
        let changed = (0..81)
            .filter(|&c| before.candidates[c] != after.candidates[c])
            .count();
        assert!(changed >= 1, "step {} changed nothing", s.explanation);
    }
    if e.exploration.is_none() {
        assert_eq!(snaps.last().unwrap().values, e.solution.unwrap().cells());
    }
}
