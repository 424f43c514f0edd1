//! Sudoku variants (X, jigsaw, Samurai): every solution through a checker
//! whose units are built here from the rules, not from the engine; DLX
//! counts against a plain depth-first search; generator properties; and the
//! messages for bad input.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tessera::engine::search::Step;
use tessera::engine::sudoku::variant::generate::{self, Options, Request};
use tessera::engine::sudoku::variant::{RegionMap, Variant};
use tessera::engine::sudoku::{Algorithm, Shape};

/// Units of a layout, derived from the puzzle rules: each a list of
/// (row, col) on the layout.
type Units = Vec<Vec<(usize, usize)>>;

fn block(n: usize, br: usize, bc: usize, top: usize, left: usize, diagonals: bool) -> Units {
    let mut units: Units = Vec::new();
    for i in 0..n {
        units.push((0..n).map(|k| (top + i, left + k)).collect());
        units.push((0..n).map(|k| (top + k, left + i)).collect());
        let (r0, c0) = ((i / (n / bc)) * br, (i % (n / bc)) * bc);
        units.push(
            (0..n)
                .map(|k| (top + r0 + k / bc, left + c0 + k % bc))
                .collect(),
        );
    }
    if diagonals {
        units.push((0..n).map(|i| (top + i, left + i)).collect());
        units.push((0..n).map(|i| (top + n - 1 - i, left + i)).collect());
    }
    units
}

fn x_units(n: usize, br: usize, bc: usize) -> Units {
    block(n, br, bc, 0, 0, true)
}

fn jigsaw_units(map: &str) -> Units {
    let labels: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
    let n = (labels.len() as f64).sqrt() as usize;
    let mut units: Units = Vec::new();
    for i in 0..n {
        units.push((0..n).map(|k| (i, k)).collect());
        units.push((0..n).map(|k| (k, i)).collect());
    }
    let mut seen: Vec<char> = Vec::new();
    for &l in &labels {
        if !seen.contains(&l) {
            seen.push(l);
            units.push(
                (0..n * n)
                    .filter(|&p| labels[p] == l)
                    .map(|p| (p / n, p % n))
                    .collect(),
            );
        }
    }
    units
}

fn samurai_units() -> Units {
    [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]
        .iter()
        .flat_map(|&(t, l)| block(9, 3, 3, t, l, false))
        .collect()
}

/// Values by layout position from the engine's cell order.
fn by_position(v: &Variant, values: &[u8]) -> Vec<Vec<u8>> {
    let mut grid = vec![vec![0u8; v.width()]; v.height()];
    for (cell, &p) in v.positions().iter().enumerate() {
        grid[p / v.width()][p % v.width()] = values[cell];
    }
    grid
}

/// Every unit holds 1..n once and the givens are kept.
fn check(v: &Variant, units: &Units, puzzle: &[u8], solution: &[u8]) {
    let n = v.size();
    let g = by_position(v, solution);
    for unit in units {
        let mut seen = vec![false; n + 1];
        for &(r, c) in unit {
            let d = g[r][c] as usize;
            assert!((1..=n).contains(&d) && !seen[d], "unit {unit:?} broken");
            seen[d] = true;
        }
    }
    for (p, s) in puzzle.iter().zip(solution) {
        assert!(*p == 0 || p == s, "a given was changed");
    }
}

/// Count solutions (up to `limit`) by a plain depth-first search on the
/// cell with fewest candidates, over `units` only.
fn brute_count(v: &Variant, units: &Units, puzzle: &[u8], limit: u64) -> u64 {
    let n = v.size();
    let index = |r: usize, c: usize| {
        v.positions()
            .iter()
            .position(|&p| p == r * v.width() + c)
            .expect("units lie on cells")
    };
    let units: Vec<Vec<usize>> = units
        .iter()
        .map(|u| u.iter().map(|&(r, c)| index(r, c)).collect())
        .collect();
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); puzzle.len()];
    for u in &units {
        for &a in u {
            peers[a].extend(u.iter().copied().filter(|&b| b != a));
        }
    }
    fn go(g: &mut [u8], peers: &[Vec<usize>], n: usize, limit: u64, found: &mut u64) {
        let mut best: Option<(usize, u64)> = None;
        for i in 0..g.len() {
            if g[i] != 0 {
                continue;
            }
            let used = peers[i].iter().fold(0u64, |m, &p| m | (1u64 << g[p]));
            let cand = ((1u64 << (n + 1)) - 2) & !used;
            if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                best = Some((i, cand));
                if cand.count_ones() < 2 {
                    break;
                }
            }
        }
        let Some((i, cand)) = best else {
            *found += 1;
            return;
        };
        for d in 1..=n as u8 {
            if cand & (1u64 << d) == 0 {
                continue;
            }
            g[i] = d;
            go(g, peers, n, limit, found);
            if *found >= limit {
                break;
            }
        }
        g[i] = 0;
    }
    let mut g = puzzle.to_vec();
    let mut found = 0;
    go(&mut g, &peers, n, limit, &mut found);
    found
}

fn s(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

#[test]
fn four_by_four_x_grids_dlx_equals_brute_force() {
    let v = Variant::x(s(2, 2));
    let empty = vec![0u8; 16];
    let brute = brute_count(&v, &x_units(4, 2, 2), &empty, u64::MAX);
    // Independently of both: filter the 288 Shidoku grids (brute force
    // without diagonals) by the diagonal rule.
    let plain = Variant::standard(s(2, 2));
    assert_eq!(
        brute_count(&plain, &block(4, 2, 2, 0, 0, false), &empty, u64::MAX),
        288
    );
    let all = plain.solutions(&empty, 1000).unwrap();
    assert_eq!(all.len(), 288);
    let diag_ok = |g: &Vec<u8>| {
        let d1: Vec<u8> = (0..4).map(|i| g[i * 4 + i]).collect();
        let d2: Vec<u8> = (0..4).map(|i| g[(3 - i) * 4 + i]).collect();
        [d1, d2].iter().all(|d| {
            let mut s = d.clone();
            s.sort();
            s == [1, 2, 3, 4]
        })
    };
    let filtered = all.iter().filter(|g| diag_ok(g)).count() as u64;
    assert_eq!(brute, filtered);
    assert_eq!(v.count(&empty, None).unwrap(), brute as u128);
    for g in v.solutions(&empty, 1000).unwrap() {
        check(&v, &x_units(4, 2, 2), &empty, &g);
    }
}

#[test]
fn six_by_six_x_and_jigsaw_counts_agree_with_brute_force() {
    // A few givens keep the brute force small.
    let v = Variant::x(s(2, 3));
    let p = v
        .parse("1.....  ......  ..2...  ......  ....3.  ......")
        .unwrap();
    let brute = brute_count(&v, &x_units(6, 2, 3), &p, u64::MAX);
    assert_eq!(v.count(&p, None).unwrap(), brute as u128);
    assert!(brute > 1);
    let map = "aaabbb aacbbb acccdd eeccdd eeefdd efffff";
    let j = Variant::jigsaw(RegionMap::parse(map).unwrap());
    let p = j
        .parse("1.....  ......  ......  ......  ......  .....2")
        .unwrap();
    let brute = brute_count(&j, &jigsaw_units(map), &p, u64::MAX);
    assert_eq!(j.count(&p, None).unwrap(), brute as u128);
    for sol in j.solutions(&p, 50).unwrap() {
        check(&j, &jigsaw_units(map), &p, &sol);
    }
}

#[test]
fn four_by_four_jigsaw_counts_agree_with_brute_force() {
    for map in [
        "aabb aabb ccdd ccdd",
        "aaab cabb ccdb cddd",
        "abbb aabc dacc dddc",
    ] {
        let units = jigsaw_units(map);
        let v = Variant::jigsaw(RegionMap::parse(map).unwrap());
        let empty = vec![0u8; 16];
        let brute = brute_count(&v, &units, &empty, u64::MAX);
        assert_eq!(v.count(&empty, None).unwrap(), brute as u128, "{map}");
        for g in v.solutions(&empty, 1000).unwrap() {
            check(&v, &units, &empty, &g);
        }
    }
    // The boxes as regions are plain Shidoku.
    let v = Variant::jigsaw(RegionMap::parse("aabb aabb ccdd ccdd").unwrap());
    assert_eq!(v.count(&[0; 16], None).unwrap(), 288);
}

#[test]
fn generated_puzzles_are_unique_minimal_and_seeded() {
    let cases: Vec<(Request, Units)> = vec![
        (Request::Fixed(Variant::x(s(3, 3))), x_units(9, 3, 3)),
        (Request::Fixed(Variant::x(s(2, 3))), x_units(6, 2, 3)),
        (Request::RandomJigsaw(9), Vec::new()),
        (Request::Fixed(Variant::samurai()), samurai_units()),
    ];
    for (request, units) in cases {
        let options = Options {
            minimal: true,
            ..Options::new(request.clone(), 11)
        };
        let g = generate::generate(&options).unwrap();
        let units = if units.is_empty() {
            let Some(map) = (match g.variant.kind() {
                tessera::engine::sudoku::variant::Kind::Jigsaw(m) => Some(m.to_string()),
                _ => None,
            }) else {
                panic!("a jigsaw request gives a jigsaw")
            };
            jigsaw_units(&map)
        } else {
            units
        };
        let v = &g.variant;
        check(v, &units, &g.puzzle, &g.solution);
        // The plain search is too slow for Samurai's 369 cells: there the
        // DLX count is trusted, after its agreement on the smaller variants.
        let count = |p: &[u8]| {
            if v.cells() > 100 {
                v.count(p, Some(2)).unwrap() as u64
            } else {
                brute_count(v, &units, p, 2)
            }
        };
        assert_eq!(count(&g.puzzle), 1, "{request:?}");
        // Minimal: every clue is needed.
        for c in (0..g.puzzle.len()).filter(|&c| g.puzzle[c] != 0) {
            let mut fewer = g.puzzle.clone();
            fewer[c] = 0;
            assert_eq!(count(&fewer), 2, "clue {c} removable");
        }
        // Same seed, same puzzle; another seed, another one.
        assert_eq!(generate::generate(&options).unwrap(), g);
        let other = generate::generate(&Options::new(request, 12)).unwrap();
        assert_ne!(other.puzzle, g.puzzle);
    }
}

#[test]
fn generated_samurai_solutions_check_and_round_trip() {
    let v = Variant::samurai();
    let g = generate::generate(&Options::new(Request::Fixed(v.clone()), 5)).unwrap();
    let line = v.to_line(&g.puzzle);
    assert_eq!(line.split(' ').count(), 5);
    assert_eq!(v.parse(&line).unwrap(), g.puzzle);
    assert_eq!(v.parse(&v.to_layout(&g.puzzle)).unwrap(), g.puzzle);
    let sols = v.solutions(&g.puzzle, 2).unwrap();
    assert_eq!(sols, vec![g.solution.clone()]);
    check(&v, &samurai_units(), &g.puzzle, &sols[0]);
}

#[test]
fn random_region_maps_are_seeded_and_valid() {
    let a = RegionMap::random(9, &mut ChaCha8Rng::seed_from_u64(4));
    let b = RegionMap::random(9, &mut ChaCha8Rng::seed_from_u64(4));
    assert_eq!(a, b);
    assert_ne!(a, RegionMap::boxes(s(3, 3)), "the map should be irregular");
    let labels: Vec<char> = a.to_string().chars().collect();
    for l in 'a'..='i' {
        assert_eq!(labels.iter().filter(|&&c| c == l).count(), 9);
    }
}

#[test]
fn bad_inputs_name_what_and_where() {
    let x = Variant::x(s(3, 3));
    let mut p = vec![0u8; 81];
    p[0] = 5;
    p[80] = 5;
    let e = x.verify(&p).unwrap_err().to_string();
    assert_eq!(e, "5 appears twice in diagonal ↘: at r1c1 and r9c9");
    p[80] = 0;
    p[8] = 7;
    p[72] = 7;
    let e = x.verify(&p).unwrap_err().to_string();
    assert_eq!(e, "7 appears twice in diagonal ↗: at r9c1 and r1c9");
    let mut p = vec![0u8; 81];
    p[8] = 7;
    p[40] = 7;
    let e = x.verify(&p).unwrap_err().to_string();
    assert_eq!(e, "7 appears twice in diagonal ↗: at r5c5 and r1c9");
    let e = x.parse(&".".repeat(80)).unwrap_err().to_string();
    assert!(e.contains("found 80 cells"), "{e}");
    let e = x
        .parse(&format!("x{}", ".".repeat(80)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("'x' at position 1"), "{e}");

    let map = RegionMap::random(9, &mut ChaCha8Rng::seed_from_u64(1));
    let j = Variant::jigsaw(map.clone());
    let (label, cells) = map.regions()[2].clone();
    let mut p = vec![0u8; 81];
    p[cells[0]] = 3;
    p[cells[8]] = 3;
    let e = j.verify(&p).unwrap_err().to_string();
    // A row or column may share the pair; otherwise it is the region.
    if cells[0] / 9 != cells[8] / 9 && cells[0] % 9 != cells[8] % 9 {
        assert!(e.contains(&format!("region {label}")), "{e}");
    }

    let sam = Variant::samurai();
    let e = sam
        .parse(&vec![".".repeat(81); 4].join(" "))
        .unwrap_err()
        .to_string();
    assert!(e.contains("but 4 were found"), "{e}");
    let mut grids = vec![".".repeat(81); 5];
    grids[1] = ".".repeat(80);
    let e = sam.parse(&grids.join(",")).unwrap_err().to_string();
    assert!(e.starts_with("grid 2 (top-right): found 80 cells"), "{e}");
    // Top-left r9c9 is centre r3c3: two different digits there.
    let mut tl: Vec<char> = ".".repeat(81).chars().collect();
    tl[80] = '4';
    let mut ce: Vec<char> = ".".repeat(81).chars().collect();
    ce[20] = '6';
    let grids = [
        tl.iter().collect::<String>(),
        ".".repeat(81),
        ce.iter().collect(),
        ".".repeat(81),
        ".".repeat(81),
    ];
    let e = sam.parse(&grids.join(" ")).unwrap_err().to_string();
    assert_eq!(
        e,
        "r9c9 is shared by grid 1 (top-left) and grid 3 (centre), which give it 4 and 6"
    );
    // A duplicate inside the shared box names the first grid's box.
    let mut ce: Vec<char> = ".".repeat(81).chars().collect();
    ce[0] = '2';
    ce[20] = '2';
    let grids = [
        ".".repeat(81),
        ".".repeat(81),
        ce.iter().collect(),
        ".".repeat(81),
        ".".repeat(81),
    ];
    let p = sam.parse(&grids.join(" ")).unwrap();
    let e = sam.verify(&p).unwrap_err().to_string();
    assert_eq!(
        e,
        "2 appears twice in grid 1 (top-left) box 9: at r7c7 and r9c9"
    );
}

#[test]
fn the_editors_preset_maps_have_grids() {
    // The jigsaw editor offers RegionMap::from_seed(9, 7) and (9, 21).
    for seed in [7, 21] {
        let v = Variant::jigsaw(RegionMap::from_seed(9, seed));
        let grid = v.solutions(&[0; 81], 1).unwrap();
        assert_eq!(grid.len(), 1, "seed {seed}");
        let map = match v.kind() {
            tessera::engine::sudoku::variant::Kind::Jigsaw(m) => m.to_string(),
            _ => unreachable!(),
        };
        check(&v, &jigsaw_units(&map), &[0; 81], &grid[0]);
    }
}

/// Every solution of `v` with `alg`, each through the checker, as a set
/// (SAT's order is its own), with no solution twice.
fn solution_set(
    v: &Variant,
    units: &Units,
    p: &[u8],
    alg: Algorithm,
) -> std::collections::BTreeSet<Vec<u8>> {
    let mut search = v.search_with(p, alg).unwrap();
    let mut set = std::collections::BTreeSet::new();
    loop {
        match search.step(1 << 12) {
            Step::Solution(sol) => {
                check(v, units, p, &sol);
                assert!(set.insert(sol), "{alg}: a solution came twice");
            }
            Step::Paused => {}
            Step::Done => return set,
        }
    }
}

#[test]
fn sat_and_auto_agree_with_dlx_and_brute_force_on_the_variants() {
    let x = Variant::x(s(2, 3));
    let xp = x
        .parse("1.....  ......  ..2...  ......  ....3.  ......")
        .unwrap();
    let map = "aaabbb aacbbb acccdd eeccdd eeefdd efffff";
    let j = Variant::jigsaw(RegionMap::parse(map).unwrap());
    let jp = j
        .parse("1.....  ......  ......  ......  ......  .....2")
        .unwrap();
    let x4 = Variant::x(s(2, 2));
    let cases = [
        (&x, x_units(6, 2, 3), xp),
        (&j, jigsaw_units(map), jp),
        (&x4, x_units(4, 2, 2), vec![0u8; 16]),
    ];
    for (v, units, p) in cases {
        let brute = brute_count(v, &units, &p, u64::MAX);
        let dlx = solution_set(v, &units, &p, Algorithm::Dlx);
        assert_eq!(dlx.len() as u64, brute);
        for alg in [Algorithm::Sat, Algorithm::Auto, Algorithm::Backtrack] {
            assert_eq!(solution_set(v, &units, &p, alg), dlx, "{alg}");
            let mut counter = v.search_with(&p, alg).unwrap();
            assert_eq!(counter.count_solutions(Some(3)), brute.min(3) as u128);
        }
    }
    // Generated X, jigsaw and Samurai puzzles: unique for SAT and Auto too,
    // with the generator's solution.
    let requests = [
        Request::Fixed(Variant::x(s(3, 3))),
        Request::RandomJigsaw(9),
        Request::Fixed(Variant::samurai()),
    ];
    for request in requests {
        let g = generate::generate(&Options::new(request.clone(), 4)).unwrap();
        for alg in [Algorithm::Sat, Algorithm::Auto] {
            let mut search = g.variant.search_with(&g.puzzle, alg).unwrap();
            let mut found = Vec::new();
            while found.len() < 2 {
                match search.step(1 << 16) {
                    Step::Solution(sol) => found.push(sol),
                    Step::Paused => {}
                    Step::Done => break,
                }
            }
            assert_eq!(found, vec![g.solution.clone()], "{request:?} {alg}");
        }
    }
    // A clash among givens is still an error, not an empty search.
    let mut bad = vec![0u8; 81];
    bad[0] = 5;
    bad[10] = 5;
    assert!(Variant::x(s(3, 3))
        .search_with(&bad, Algorithm::Sat)
        .is_err());
}

/// Walk a puzzle by graduated hints (stage 1 names, stage 4 applies, as
/// play mode's Hint does), checking every placement and elimination
/// against the solution. Eliminations go into the marks the way play mode
/// keeps them (a cell's marks start as its candidates). Returns the steps'
/// techniques and whether the grid was completed.
fn walk_hints(
    v: &Variant,
    puzzle: &[u8],
    solution: &[u8],
) -> (Vec<tessera::engine::sudoku::logic::Technique>, bool) {
    use tessera::engine::sudoku::logic::hint::HintKind;
    use tessera::engine::sudoku::logic::variant_hint;
    let peers = v.peers();
    let full = (1u64 << v.size()) - 1;
    let mut values = puzzle.to_vec();
    let mut marks = vec![0u64; values.len()];
    let mut techniques = Vec::new();
    for _ in 0..2000 {
        let h1 = variant_hint(v, &values, &marks, Some(solution), 1).unwrap();
        match h1.kind {
            HintKind::Solved => return (techniques, true),
            HintKind::Stuck => return (techniques, false),
            HintKind::Step => {}
            other => panic!("{other:?}: {}", h1.text),
        }
        assert!(
            h1.step.as_ref().unwrap().placements.len()
                + h1.step.as_ref().unwrap().eliminations.len()
                > 0
        );
        let h4 = variant_hint(v, &values, &marks, Some(solution), 4).unwrap();
        let step = h4.step.unwrap();
        assert_eq!(step, h1.step.unwrap(), "the stages tell one step");
        assert!(h4.text.starts_with("Applied: "), "{}", h4.text);
        for p in &step.placements {
            assert_eq!(solution[p.cell], p.digit, "{}", step.explanation);
            values[p.cell] = p.digit;
            marks[p.cell] = 0;
        }
        for e in &step.eliminations {
            assert_ne!(solution[e.cell], e.digit, "{}", step.explanation);
            if values[e.cell] == 0 {
                if marks[e.cell] == 0 {
                    marks[e.cell] = peers[e.cell]
                        .iter()
                        .filter(|&&p| values[p] != 0)
                        .fold(full, |m, &p| m & !(1 << (values[p] - 1)));
                }
                marks[e.cell] &= !(1 << (e.digit - 1));
            }
        }
        techniques.push(step.technique);
    }
    panic!("no end after 2000 hints");
}

#[test]
fn graduated_hints_walk_x_and_jigsaw_puzzles_soundly() {
    for (name, request) in [
        ("X", Request::Fixed(Variant::x(s(3, 3)))),
        ("jigsaw", Request::RandomJigsaw(9)),
    ] {
        let g = generate::generate(&Options::new(request.clone(), 3)).unwrap();
        let (steps, solved) = walk_hints(&g.variant, &g.puzzle, &g.solution);
        assert!(steps.len() >= 20, "{name}: {} steps", steps.len());
        println!("{name}: {} steps, solved {solved}", steps.len());
    }
}

#[test]
fn x_hints_use_the_diagonals() {
    use tessera::engine::sudoku::logic::hint::HintKind;
    use tessera::engine::sudoku::logic::variant_hint;
    // The main diagonal holds 1–8 (legal in rows, columns and boxes), so
    // on X-sudoku r9c9 must be 9; on a plain grid nothing forces it.
    let mut values = vec![0u8; 81];
    let diag = [1u8, 4, 7, 2, 5, 8, 3, 6];
    for (i, &d) in diag.iter().enumerate() {
        values[i * 9 + i] = d;
    }
    let x = Variant::x(s(3, 3));
    let marks = vec![0u64; 81];
    let mut walked = values.clone();
    let mut placed = false;
    for _ in 0..20 {
        let h = variant_hint(&x, &walked, &marks, None, 4).unwrap();
        assert_eq!(h.kind, HintKind::Step, "{}", h.text);
        for p in h.step.unwrap().placements {
            walked[p.cell] = p.digit;
            placed |= p.cell == 80 && p.digit == 9;
        }
        if placed {
            break;
        }
    }
    assert!(placed, "r9c9 = 9 by the diagonal");
    // The same position on a standard grid has no such step at r9c9.
    let std = Variant::standard(s(3, 3));
    let h = variant_hint(&std, &values, &marks, None, 4).unwrap();
    assert!(!h
        .step
        .is_some_and(|st| st.placements.iter().any(|p| p.cell == 80)));
}

#[test]
fn samurai_hints_work_grid_by_grid_and_name_the_grid() {
    use tessera::engine::sudoku::logic::hint::HintKind;
    use tessera::engine::sudoku::logic::{variant_hint, Technique};
    let v = Variant::samurai();
    let g = generate::generate(&Options::new(Request::Fixed(v.clone()), 5)).unwrap();
    let marks = vec![0u64; 369];
    let h1 = variant_hint(&v, &g.puzzle, &marks, Some(&g.solution), 1).unwrap();
    assert_eq!(h1.kind, HintKind::Step);
    assert!(h1.text.starts_with("In grid "), "{}", h1.text);
    let h3 = variant_hint(&v, &g.puzzle, &marks, Some(&g.solution), 3).unwrap();
    assert!(h3.text.contains(": in grid "), "{}", h3.text);
    let (steps, solved) = walk_hints(&v, &g.puzzle, &g.solution);
    assert!(steps.len() >= 50, "{} steps", steps.len());
    assert!(!steps.iter().any(|t| matches!(
        t,
        Technique::UniqueRectangle1 | Technique::UniqueRectangle2 | Technique::BugPlusOne
    )));
    println!("samurai: {} steps, solved {solved}", steps.len());
    // A wrong digit is named on the layout (r1c13 is in the top-right grid).
    let mut values = g.puzzle.clone();
    let cell = (0..369).find(|&c| values[c] == 0).unwrap();
    values[cell] = if g.solution[cell] == 1 { 2 } else { 1 };
    if v.verify(&values).is_ok() {
        let h = variant_hint(&v, &values, &marks, Some(&g.solution), 1).unwrap();
        assert_eq!(h.kind, HintKind::WrongDigit);
        assert_eq!(h.mistakes, vec![cell]);
        assert!(h.text.starts_with(&v.cell_name(cell)), "{}", h.text);
    }
    // Values that do not fit are an error, not a panic.
    assert!(variant_hint(&v, &values[..81], &marks[..81], None, 1).is_err());
}

/// The hint walk (how a Samurai is rated) rates X and jigsaw puzzles as
/// the step list does: the same steps, so the same grade and number.
#[test]
fn the_hint_walk_rates_as_the_step_list() {
    use tessera::engine::sudoku::logic::{board_for_variant, explain_board, hint_walk};
    for (name, request, seed) in [
        ("X", Request::Fixed(Variant::x(s(3, 3))), 3),
        ("jigsaw", Request::RandomJigsaw(9), 3),
        ("standard", Request::Fixed(Variant::standard(s(3, 3))), 7),
    ] {
        let g = generate::generate(&Options::new(request.clone(), seed)).unwrap();
        let walk = hint_walk(&g.variant, &g.puzzle).unwrap();
        let e = explain_board(
            board_for_variant(&g.variant, &g.puzzle).unwrap(),
            tessera::engine::sudoku::logic::DEFAULT_BRANCH_LIMIT,
        );
        let walked: Vec<_> = walk.steps.iter().map(|s| s.technique).collect();
        let listed: Vec<_> = e.steps.iter().map(|s| s.technique).collect();
        assert_eq!(walked, listed, "{name}");
        assert_eq!(
            walk.rating(),
            e.rating.zip(e.score),
            "{name}: {} steps",
            walk.steps.len()
        );
        assert!(walk.solved, "{name}");
    }
}
