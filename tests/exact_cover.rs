//! Dancing Links checked against brute force and known counts.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tessera::engine::exact_cover::{CoverSearch, Problem};
use tessera::engine::search::{Search, Step};

/// A random instance: `p` primary and `s` secondary items, `rows` rows.
fn random_problem(rng: &mut ChaCha8Rng, p: usize, s: usize, rows: usize) -> Problem {
    let mut prob = Problem::new(p, s);
    for _ in 0..rows {
        let mut items: Vec<usize> = (0..p + s).filter(|_| rng.gen_bool(0.3)).collect();
        if items.is_empty() {
            items.push(rng.gen_range(0..p + s));
        }
        prob.add_row(&items).unwrap();
    }
    prob
}

/// Is `rows` an exact cover: primary items exactly once, secondary at most once?
fn is_cover(p: &Problem, rows: &[usize]) -> bool {
    let mut seen = vec![0u32; p.num_items()];
    for &r in rows {
        for &i in p.row(r) {
            seen[i as usize] += 1;
        }
    }
    seen[..p.num_primary()].iter().all(|&c| c == 1)
        && seen[p.num_primary()..].iter().all(|&c| c <= 1)
}

/// Every subset of rows that is an exact cover (sorted row lists). As in
/// Knuth's dlx1, a row made only of secondary items is never chosen.
fn brute_force(p: &Problem) -> Vec<Vec<usize>> {
    let n = p.num_rows();
    let useful = |r: usize| p.row(r).iter().any(|&i| (i as usize) < p.num_primary());
    let mut out = Vec::new();
    for mask in 0u32..(1 << n) {
        let rows: Vec<usize> = (0..n).filter(|&r| mask >> r & 1 == 1).collect();
        if !rows.iter().all(|&r| useful(r)) {
            continue;
        }
        if is_cover(p, &rows) {
            out.push(rows);
        }
    }
    out.sort();
    out
}

fn sorted(mut sols: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut sols {
        s.sort();
    }
    sols.sort();
    sols
}

#[test]
fn random_instances_match_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut nonempty = 0;
    for case in 0..400 {
        let p = rng.gen_range(1..7);
        let s = rng.gen_range(0..3);
        let rows = rng.gen_range(1..15);
        let prob = random_problem(&mut rng, p, s, rows);
        let want = brute_force(&prob);
        let got: Vec<Vec<usize>> = CoverSearch::new(&prob).collect();
        for sol in &got {
            assert!(is_cover(&prob, sol), "case {case}: {sol:?} is not a cover");
        }
        assert_eq!(sorted(got), want, "case {case}");
        assert_eq!(
            CoverSearch::new(&prob).count_all(),
            want.len() as u128,
            "case {case}"
        );
        if !want.is_empty() {
            nonempty += 1;
        }
    }
    assert!(
        nonempty > 50,
        "the generator should produce solvable cases: {nonempty}"
    );
}

/// Plain Algorithm X on sets, with DLX's choice rule (the first uncovered
/// primary item of fewest rows, the scan stopping at one with at most one;
/// rows in index order): the solutions in the order they are found, and
/// the rows tried (nodes).
fn algorithm_x(p: &Problem) -> (Vec<Vec<usize>>, u64) {
    fn go(
        p: &Problem,
        covered: &mut Vec<bool>,
        alive: &mut Vec<bool>,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        nodes: &mut u64,
    ) {
        let rows_of = |i: usize, alive: &Vec<bool>| {
            (0..p.num_rows())
                .filter(|&r| alive[r] && p.row(r).contains(&(i as u32)))
                .collect::<Vec<_>>()
        };
        let mut best: Option<(usize, usize)> = None;
        for i in (0..p.num_primary()).filter(|&i| !covered[i]) {
            let n = rows_of(i, alive).len();
            if best.is_none_or(|(_, m)| n < m) {
                best = Some((i, n));
                if n <= 1 {
                    break;
                }
            }
        }
        let Some((i, _)) = best else {
            out.push(path.clone());
            return;
        };
        for r in rows_of(i, alive) {
            *nodes += 1;
            let was = alive.clone();
            for (q, live) in alive.iter_mut().enumerate() {
                if p.row(q).iter().any(|x| p.row(r).contains(x)) {
                    *live = false;
                }
            }
            for &x in p.row(r) {
                covered[x as usize] = true;
            }
            path.push(r);
            go(p, covered, alive, path, out, nodes);
            path.pop();
            for &x in p.row(r) {
                covered[x as usize] = false;
            }
            *alive = was;
        }
    }
    let mut out = Vec::new();
    let mut nodes = 0;
    go(
        p,
        &mut vec![false; p.num_items()],
        &mut vec![true; p.num_rows()],
        &mut Vec::new(),
        &mut out,
        &mut nodes,
    );
    (out, nodes)
}

/// DLX stops a placement that leaves an item with no row (before the
/// rest of its covers, without entering the dead state): the same
/// solutions in the same order as plain Algorithm X, in no more nodes,
/// and in fewer on some instances.
#[test]
fn dead_placements_change_nodes_not_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut fewer = 0;
    for case in 0..300 {
        let p = rng.gen_range(2..9);
        let s = rng.gen_range(0..3);
        let rows = rng.gen_range(4..30);
        let prob = random_problem(&mut rng, p, s, rows);
        let (want, plain_nodes) = algorithm_x(&prob);
        let mut solver = CoverSearch::new(&prob);
        let got: Vec<Vec<usize>> = solver.by_ref().collect();
        assert_eq!(got, want, "case {case}");
        let nodes = solver.progress().nodes;
        assert!(nodes <= plain_nodes, "case {case}: {nodes} > {plain_nodes}");
        if nodes < plain_nodes {
            fewer += 1;
        }
    }
    assert!(fewer > 20, "the rule should save nodes somewhere: {fewer}");
}

#[test]
fn budgeted_steps_give_the_same_sequence_as_the_iterator() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..50 {
        let prob = random_problem(&mut rng, 6, 2, 14);
        let want: Vec<Vec<usize>> = CoverSearch::new(&prob).collect();
        for budget in [1, 2, 7] {
            let mut s = CoverSearch::new(&prob);
            let mut got = Vec::new();
            let mut last = 0.0;
            loop {
                let step = s.step(budget);
                let f = s.progress().fraction;
                assert!(f >= last - 1e-12 && f <= 1.0, "fraction {last} -> {f}");
                last = f;
                match step {
                    Step::Solution(sol) => got.push(sol),
                    Step::Paused => {}
                    Step::Done => break,
                }
            }
            assert_eq!(got, want, "budget {budget}");
            assert_eq!(s.progress().fraction, 1.0);
            assert_eq!(s.step(budget), Step::Done, "Done is sticky");
        }
    }
}

/// n queens: primary rows and columns, secondary diagonals.
fn queens(n: usize) -> Problem {
    let mut p = Problem::new(2 * n, 2 * (2 * n - 1));
    for r in 0..n {
        for c in 0..n {
            p.add_row(&[
                r,
                n + c,
                2 * n + r + c,
                2 * n + (2 * n - 1) + (n - 1 + r - c),
            ])
            .unwrap();
        }
    }
    p
}

#[test]
fn queens_counts_are_known() {
    for (n, count) in [(1, 1u128), (4, 2), (6, 4), (8, 92), (10, 724)] {
        let p = queens(n);
        assert_eq!(CoverSearch::new(&p).count_all(), count, "{n} queens");
        let mut s = CoverSearch::new(&p);
        assert_eq!(
            s.count_solutions(None),
            count,
            "{n} queens via Search::count_solutions"
        );
    }
    let mut s = CoverSearch::new(&queens(8));
    assert_eq!(s.count_solutions(Some(10)), 10);
    for sol in CoverSearch::new(&queens(8)).take(20) {
        assert!(is_cover(&queens(8), &sol));
    }
}

#[test]
fn subproblems_partition_the_search() {
    let p = queens(8);
    for depth in 0..4 {
        let parts = CoverSearch::new(&p).subproblems(depth);
        let total: u128 = parts
            .iter()
            .map(|prefix| {
                CoverSearch::with_forced_rows(&p, prefix)
                    .unwrap()
                    .count_all()
            })
            .sum();
        assert_eq!(total, 92, "depth {depth}: {} parts", parts.len());
    }
    let parts = CoverSearch::new(&p).subproblems(1);
    assert_eq!(parts.len(), 8, "the first row's 8 placements");
}

/// The weighted prefixes are the prefixes, each weighed by the nodes of
/// the levels below it: with enough levels, the whole subtree (the nodes a
/// full search of the part visits, its root included).
#[test]
fn weighted_subproblems_weigh_the_same_prefixes() {
    let p = queens(6);
    for depth in 0..3 {
        let plain = CoverSearch::new(&p).subproblems(depth);
        let weighed = CoverSearch::new(&p).weighted_subproblems(depth, 2);
        let prefixes: Vec<Vec<usize>> = weighed.iter().map(|w| w.0.clone()).collect();
        assert_eq!(prefixes, plain, "depth {depth}");
        assert!(weighed.iter().all(|w| w.1 >= 1));
        let zero = CoverSearch::new(&p).weighted_subproblems(depth, 0);
        assert!(
            zero.iter().all(|w| w.1 == 1),
            "no level below: the part alone"
        );
    }
    // Deep enough, the weights add up over the parts to the tree below
    // them, which is more than the prefixes' own count.
    let deep = CoverSearch::new(&p).weighted_subproblems(1, 64);
    let shallow = CoverSearch::new(&p).weighted_subproblems(1, 1);
    for (d, s) in deep.iter().zip(&shallow) {
        assert!(d.1 >= s.1, "{:?}: {} < {}", d.0, d.1, s.1);
    }
}

#[test]
fn forced_rows_appear_in_every_solution() {
    let p = queens(8);
    // Queen at row 0, column 0.
    let sols: Vec<Vec<usize>> = CoverSearch::with_forced_rows(&p, &[0]).unwrap().collect();
    assert_eq!(sols.len(), 4);
    for s in sols {
        assert_eq!(s[0], 0);
        assert!(is_cover(&p, &s));
    }
}

#[test]
fn empty_shidoku_has_288_grids() {
    // 4x4 Sudoku as exact cover: cell, row-digit, column-digit, box-digit.
    let mut p = Problem::new(64, 0);
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let b = (r / 2) * 2 + c / 2;
                p.add_row(&[r * 4 + c, 16 + r * 4 + d, 32 + c * 4 + d, 48 + b * 4 + d])
                    .unwrap();
            }
        }
    }
    assert_eq!(CoverSearch::new(&p).count_all(), 288);
}

/// The impossibility certificate (a weighting of the items, found by a
/// linear program, checked exactly) is sound: whenever it claims a random
/// problem has no exact cover, brute force finds none; and the random
/// problems give both outcomes often.
#[test]
fn impossibility_certificates_agree_with_brute_force() {
    use tessera::engine::exact_cover::certificate::{prove_impossible, verify};
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_127);
    let (mut proven, mut covers) = (0, 0);
    for _ in 0..600 {
        let p = rng.gen_range(2..9);
        let s = rng.gen_range(0..3);
        let rows = rng.gen_range(1..13);
        let prob = random_problem(&mut rng, p, s, rows);
        let found = brute_force(&prob);
        match prove_impossible(&prob) {
            Some(c) => {
                proven += 1;
                assert!(found.is_empty(), "certificate {c:?} but covers {found:?}");
                assert_eq!(verify(&prob, &c.weights).as_ref(), Ok(&c));
                // The same weights do not prove one more row's problem
                // when that row alone covers every primary item.
                let mut bigger = prob.clone();
                bigger.add_row(&(0..p).collect::<Vec<_>>()).unwrap();
                assert!(verify(&bigger, &c.weights).is_err());
            }
            None => covers += usize::from(!found.is_empty()),
        }
    }
    // Both kinds occur, so the test exercises both branches.
    assert!(
        proven > 50 && covers > 50,
        "proven {proven}, with covers {covers}"
    );
}

/// The problem left after choosing rows has exactly the covers that
/// complete the choice: on random problems, the covers of the original
/// that contain one or two chosen rows are those of the problem left.
#[test]
fn after_choosing_keeps_the_covers_that_complete_the_choice() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut checked = 0;
    for _ in 0..300 {
        let p = random_problem(&mut rng, 6, 2, 14);
        let covers = brute_force(&p);
        for cover in &covers {
            let chosen = &cover[..cover.len().min(2)];
            let (left, origin) = p.after_choosing(chosen).unwrap();
            let gone: usize = chosen.iter().map(|&r| p.row(r).len()).sum();
            assert_eq!(left.num_items() + gone, p.num_items());
            let want: Vec<Vec<usize>> = covers
                .iter()
                .filter(|c| chosen.iter().all(|r| c.contains(r)))
                .map(|c| c.iter().copied().filter(|r| !chosen.contains(r)).collect())
                .collect();
            let got: Vec<Vec<usize>> = brute_force(&left)
                .into_iter()
                .map(|c| c.into_iter().map(|r| origin[r]).collect())
                .collect();
            assert_eq!(sorted(got), sorted(want));
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} covers checked");
    assert!(random_problem(&mut rng, 3, 0, 4)
        .after_choosing(&[4])
        .is_none());
}

/// Every solution below `prefix` (forced rows), found by a solver that is
/// stepped `budget` nodes at a time and, after each step, gives away the
/// untried rows of its shallowest open level; the given prefixes are
/// solved the same way. Returns the solutions (each sorted) and how many
/// prefixes were given away in all.
fn solve_giving_away(p: &Problem, prefix: &[usize], budget: u64) -> (Vec<Vec<usize>>, usize) {
    let mut todo = vec![prefix.to_vec()];
    let mut out = Vec::new();
    let mut given = 0;
    while let Some(prefix) = todo.pop() {
        let mut s = CoverSearch::with_forced_rows(p, &prefix).unwrap();
        loop {
            match s.step(budget) {
                Step::Solution(mut sol) => {
                    sol.sort_unstable();
                    out.push(sol);
                }
                Step::Paused => {}
                Step::Done => break,
            }
            let away = s.give_away();
            for part in &away {
                assert!(part.starts_with(&prefix), "{part:?} extends {prefix:?}");
            }
            given += away.len();
            todo.extend(away);
        }
        assert!(s.give_away().is_empty(), "a finished search gives nothing");
    }
    (out, given)
}

/// What a search gives away and what it keeps partition its solutions:
/// none lost, none found twice, whenever the split happens.
#[test]
fn give_away_hands_over_untried_rows_exactly() {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let mut given = 0;
    for case in 0..150 {
        let p = rng.gen_range(2..8);
        let s = rng.gen_range(0..3);
        let rows = rng.gen_range(4..16);
        let prob = random_problem(&mut rng, p, s, rows);
        let want = brute_force(&prob);
        for budget in [1, 3, 10] {
            let (got, g) = solve_giving_away(&prob, &[], budget);
            assert_eq!(sorted(got), want, "case {case}, budget {budget}");
            given += g;
        }
    }
    assert!(given > 100, "the searches should give work away: {given}");
    let q = queens(8);
    let want = sorted(
        CoverSearch::new(&q)
            .map(|mut s| {
                s.sort_unstable();
                s
            })
            .collect(),
    );
    for budget in [5, 40, 300] {
        let (got, g) = solve_giving_away(&q, &[], budget);
        assert!(g > 0, "budget {budget}");
        assert_eq!(sorted(got), want, "8 queens, budget {budget}");
    }
    // Counting only: the donor's count and its parts' counts add up.
    let mut s = CoverSearch::new(&q);
    s.set_count_only(true);
    let _ = s.step(50);
    let away = s.give_away();
    assert!(!away.is_empty());
    s.count_all();
    let rest = s.progress().solutions;
    let parts: u128 = away
        .iter()
        .map(|pre| CoverSearch::with_forced_rows(&q, pre).unwrap().count_all())
        .sum();
    assert_eq!(rest + parts, want.len() as u128);
}
