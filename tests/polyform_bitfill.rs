//! The bitset search against Dancing Links on the same problem rows: the
//! same solutions (as sets, the order differs), unique and all, on every
//! library puzzle that finishes fast in a debug build, plus puzzles that
//! exercise reusable and omittable pieces, subproblem prefixes and small
//! budgets. The heavy library counts (6×10, 3×4×5 …) are checked against
//! published numbers by tests/polyform_puzzles.rs, which now runs bitfill.

use std::collections::BTreeSet;
use tessera::engine::polyform::bitfill::Bitfill;
use tessera::engine::polyform::bitset::{Mask, W256};
use tessera::engine::polyform::catalogue::Catalogue;
use tessera::engine::polyform::parallel::{count_parts, CountPlan, PartsCount};
use tessera::engine::polyform::solve::{count_parallel, Engine};
use tessera::engine::polyform::{
    library, region, sets, Lattice, Piece, Placed, Puzzle, Solution, SolveOptions, SolveRun,
};
use tessera::engine::search::{Search, Step};

/// Every solution, stepping with `budget`, and the fractions seen.
fn run(p: &Puzzle, unique: bool, engine: Engine, budget: u64) -> (Vec<Solution>, Vec<f64>) {
    let mut s = SolveRun::with_engine(p, SolveOptions { unique }, &[], engine).unwrap();
    let (mut out, mut fr) = (Vec::new(), Vec::new());
    loop {
        match s.step(budget) {
            Step::Solution(sol) => out.push(sol),
            Step::Paused => fr.push(s.progress().fraction),
            Step::Done => break,
        }
    }
    fr.push(s.progress().fraction);
    assert_eq!(s.progress().solutions, out.len() as u128);
    (out, fr)
}

/// A library puzzle, or else one of Polyform Puzzler's catalogue (by
/// class name).
fn puzzle(name: &str) -> Puzzle {
    library::find(name).unwrap_or_else(|_| {
        Catalogue::parse(include_str!("../crates/engine/data/pp-catalogue.txt"))
            .expect("the asset parses")
            .find(name)
            .unwrap()
    })
}

fn as_set(sols: &[Solution]) -> BTreeSet<Vec<Placed>> {
    let set: BTreeSet<Vec<Placed>> = sols.iter().map(|s| s.sorted().pieces).collect();
    assert_eq!(set.len(), sols.len(), "a solution came twice");
    set
}

/// Same solution sets and counts from both engines, unique and all.
fn agree(p: &Puzzle) -> (usize, usize) {
    let mut counts = [0, 0];
    for (k, unique) in [true, false].into_iter().enumerate() {
        let (bits, fr) = run(p, unique, Engine::Bitfill, 1 << 20);
        let (dlx, _) = run(p, unique, Engine::Dlx, 1 << 20);
        assert_eq!(as_set(&bits), as_set(&dlx), "{} unique={unique}", p.name);
        assert_eq!(*fr.last().unwrap(), 1.0, "{}: fraction at the end", p.name);
        let mut c =
            SolveRun::with_engine(p, SolveOptions { unique }, &[], Engine::Bitfill).unwrap();
        assert!(c.uses_bitfill(), "{}", p.name);
        assert_eq!(c.count_solutions(None), bits.len() as u128, "{}", p.name);
        counts[k] = bits.len();
    }
    (counts[0], counts[1])
}

/// Auto gives the bitset search every library puzzle but those with
/// crossing points (sticks, trigs: DLX counts them faster); asked for, the
/// bitset search takes those too.
#[test]
fn bitfill_runs_every_puzzle_auto_keeps_crossings_on_dlx() {
    for p in library::puzzles() {
        let s = SolveRun::new(&p, SolveOptions::default()).unwrap();
        let crossings = matches!(p.lattice, Lattice::Stick | Lattice::Trig);
        assert_eq!(s.has_crossings(), crossings, "{}", p.name);
        assert_eq!(s.uses_bitfill(), !crossings, "{}", p.name);
        let s = SolveRun::with_engine(&p, SolveOptions::default(), &[], Engine::Bitfill).unwrap();
        assert!(s.uses_bitfill(), "{}", p.name);
    }
}

#[test]
fn agrees_with_dlx_on_the_fast_library_puzzles() {
    for name in [
        "pentominoes-3x20",
        "one-sided-tetrominoes-4x7",
        "y-pentomino-5x10",
        "soma-3x3x3",
        "tetrahexes-4x7",
        "hexiamonds-4x9",
        // Polytwigs: segments with no crossing items, so bitfill applies.
        "tetratwigs-arch",
        "one-sided-tetratwigs-arch_3",
        "polytwigs-1234-hex-1",
        "pentatwigs-butterfly-1",
        // Crossing points as bits above the pieces': a placement that
        // would cross a stick (or trig) already there must not fit.
        "Polysticks123_4x4ClippedCorners1",
        "Polysticks123_4x4ClippedCorners2",
        "tritrigs-heart-2",
        "quasi-ditrigs-triangle",
    ] {
        let p = puzzle(name);
        let (u, a) = agree(&p);
        if let Some(k) = &p.known {
            if let Some(n) = k.unique {
                assert_eq!(u as u128, n, "{name} unique");
            }
            if let Some(n) = k.all {
                assert_eq!(a as u128, n, "{name} all");
            }
        }
    }
}

#[test]
fn agrees_with_dlx_on_reused_twigs_connected_or_not() {
    // The 15 edges of three hexagons around a point, pieces reusable:
    // tritwigs (connected, so the component pruning is on) and
    // quasi-tritwigs (disconnected pieces: bitfill must notice and not
    // prune by component sizes).
    let region: Vec<_> = [(0, 0), (1, 0), (0, 1)]
        .iter()
        .flat_map(|&(x, y)| region::twig_hexagon(x, y))
        .collect();
    for set in ["tritwigs", "quasi-tritwigs"] {
        let p = Puzzle::new(
            set,
            Lattice::Twig,
            region.clone(),
            sets::named(set).unwrap(),
        )
        .reusable();
        let (u, a) = agree(&p);
        eprintln!("{set}: {u} unique, {a} all");
        assert!(u > 0 && a >= u, "{set}: {u} {a}");
    }
}

#[test]
fn agrees_with_dlx_on_omitted_and_reused_pieces() {
    // Four of L N P U Y and O4 in a 4×6 (leaving out O4 fits no area).
    let mut omit = Puzzle::new(
        "omit-test",
        Lattice::Square,
        region::rectangle(6, 4),
        sets::pentominoes().without(&["F", "I", "T", "V", "W", "X", "Z"]),
    )
    .omit_one_of(&["L", "N", "P", "U", "Y", "O4"]);
    omit.pieces
        .push(sets::tetrominoes().get("O4").unwrap().clone());
    let (u, a) = agree(&omit);
    assert!(u > 0 && a >= u, "omit: {u} {a}");
    // Leave out A or C: without A, C alone fills the 2×2 but B is unused,
    // which is no solution. Two dominoes, two ways each, A and B swapped.
    let mut unused = omit.clone();
    unused.region = region::rectangle(2, 2);
    unused.pieces = vec![
        Piece::from_xy(Lattice::Square, "A", &[(0, 0), (1, 0)]),
        Piece::from_xy(Lattice::Square, "B", &[(0, 0), (1, 0)]),
        Piece::from_xy(Lattice::Square, "C", &[(0, 0), (1, 0), (0, 1), (1, 1)]),
    ];
    unused.omit_one_of = vec!["A".into(), "C".into()];
    assert_eq!(agree(&unused).1, 4);
    // Reusable trominoes and a domino in a 4×5.
    let reuse = Puzzle::new(
        "reuse-test",
        Lattice::Square,
        region::rectangle(5, 3),
        sets::polyominoes123().without(&["O1", "I2"]),
    )
    .reusable();
    let (u, a) = agree(&reuse);
    assert!(u > 0 && a >= u, "reuse: {u} {a}");
}

#[test]
fn disconnected_pieces_turn_the_component_pruning_off() {
    // A "piece" of two cells that do not touch can fill holes that a
    // component test would wrongly call unfillable.
    let pieces = vec![
        Piece::from_xy(Lattice::Square, "A", &[(0, 0), (2, 0)]),
        Piece::from_xy(Lattice::Square, "B", &[(0, 0), (2, 0)]),
        Piece::from_xy(Lattice::Square, "C", &[(0, 0), (1, 0)]),
    ];
    let mut p = Puzzle::new(
        "gap-test",
        Lattice::Square,
        region::rectangle(3, 2),
        sets::tetrominoes(),
    );
    p.pieces = pieces;
    let (_, a) = agree(&p);
    assert!(a > 0);
}

#[test]
fn small_budgets_and_prefixes_give_the_same_solutions() {
    let p = library::find("hexiamonds-4x9").unwrap();
    let (big, _) = run(&p, true, Engine::Auto, 1 << 20);
    let (small, fr) = run(&p, true, Engine::Auto, 7);
    assert_eq!(big, small, "stepping must not change the order");
    assert!(fr.windows(2).all(|w| w[0] <= w[1]), "fraction grows");
    assert!(fr.len() > 10);

    let p = library::find("tetrahexes-4x7").unwrap();
    let opts = SolveOptions { unique: false };
    let s = SolveRun::new(&p, opts).unwrap();
    assert!(s.uses_bitfill());
    let parts = s.subproblems(2);
    assert!(parts.len() > 1);
    let mut all = Vec::new();
    for prefix in &parts {
        let s = SolveRun::with_prefix(&p, opts, prefix).unwrap();
        assert!(s.uses_bitfill());
        let sols = s.collect(None);
        for sol in &sols {
            assert!(prefix.len() <= sol.pieces.len());
        }
        all.extend(sols);
    }
    let (dlx, _) = run(&p, false, Engine::Dlx, 1 << 20);
    assert_eq!(as_set(&all), as_set(&dlx));
}

#[test]
fn a_bad_prefix_is_an_error() {
    let p = library::find("pentominoes-3x20").unwrap();
    let opts = SolveOptions { unique: false };
    let err = SolveRun::with_prefix(&p, opts, &[usize::MAX])
        .err()
        .expect("out of range");
    assert!(err.to_string().contains("bad subproblem prefix"), "{err}");
    let err = SolveRun::with_prefix(&p, opts, &[0, 0])
        .err()
        .expect("a row twice conflicts");
    assert!(err.to_string().contains("conflicts"), "{err}");
}

/// Count all solutions with the bitset search set up by hand: `mrv` top
/// levels on the most constrained cell or piece, recursion below `kernel`
/// empty cells.
fn count_with<M: Mask>(p: &Puzzle, mrv: u32, kernel: u32) -> u128 {
    let m = p.matrix().unwrap();
    let keep: Vec<usize> = (0..m.placements.len()).collect();
    let mut b = Bitfill::<M>::new(p, &m, &keep, &[]).unwrap();
    b.set_mrv_depth(mrv);
    b.set_kernel_cells(kernel);
    b.set_count_only(true);
    while !matches!(b.step(1000), Step::Done) {}
    b.progress().solutions
}

fn dlx_count(p: &Puzzle, unique: bool) -> u128 {
    let mut s = SolveRun::with_engine(p, SolveOptions { unique }, &[], Engine::Dlx).unwrap();
    s.count_solutions(None)
}

#[test]
fn branching_choices_and_the_recursive_count_agree_with_dlx() {
    // A box (shift flood), a non-box square region (8×8 with a hole: cell
    // flood), triangles, hexagons, cubes, omitted and reusable pieces.
    let mut puzzles: Vec<Puzzle> = [
        "pentominoes-3x20",
        "one-sided-tetrominoes-4x7",
        "soma-3x3x3",
        "tetrahexes-4x7",
        "hexiamonds-4x9",
        // Crossings, in the lowest-cell levels and the recursive count too.
        "Polysticks123_4x4ClippedCorners1",
        "tritrigs-triangle-3",
    ]
    .iter()
    .map(|n| puzzle(n))
    .collect();
    let mut omit = Puzzle::new(
        "omit-test",
        Lattice::Square,
        region::rectangle(6, 4),
        sets::pentominoes().without(&["F", "I", "T", "V", "W", "X", "Z"]),
    )
    .omit_one_of(&["L", "N", "P", "U", "Y", "O4"]);
    omit.pieces
        .push(sets::tetrominoes().get("O4").unwrap().clone());
    puzzles.push(omit);
    puzzles.push(
        Puzzle::new(
            "reuse-test",
            Lattice::Square,
            region::rectangle(5, 3),
            sets::polyominoes123().without(&["O1", "I2"]),
        )
        .reusable(),
    );
    for p in &puzzles {
        // (The one-sided tetrominoes cannot tile 4×7: 0 is checked too.)
        let want = dlx_count(p, false);
        // Trig puzzles have more pieces and crossing points than 128 bits
        // hold: only the 256-bit masks below take them.
        let m = p.matrix().unwrap();
        let fits_u128 = p.pieces.len() + m.secondary.len() <= 128;
        assert!(fits_u128 || p.lattice == Lattice::Trig, "{}", p.name);
        let settings = [(0, 0), (0, 1000), (3, 0), (3, 20), (100, 0), (100, 1000)];
        for (mrv, kernel) in settings {
            if fits_u128 {
                assert_eq!(
                    count_with::<u128>(p, mrv, kernel),
                    want,
                    "{} mrv={mrv} kernel={kernel}",
                    p.name
                );
            }
        }
        // The 256-bit masks (regions of 129–256 cells) on the same
        // puzzles: every operation, the box shifts included, in 4 words.
        for (mrv, kernel) in [(0, 0), (3, 20)] {
            assert_eq!(count_with::<W256>(p, mrv, kernel), want, "{} W256", p.name);
        }
    }
}

#[test]
fn threads_and_forks_give_the_same_counts() {
    for (name, unique) in [
        ("soma-3x3x3", true),
        ("soma-3x3x3", false),
        ("pentominoes-3x20", false),
        ("hexiamonds-4x9", true),
    ] {
        let p = library::find(name).unwrap();
        let opts = SolveOptions { unique };
        let want = dlx_count(&p, unique);
        for threads in [1, 2, 3] {
            let n = count_parallel(&p, opts, Engine::Auto, threads).unwrap();
            assert_eq!(n, want, "{name} unique={unique} threads={threads}");
        }
        // A fork counts what a fresh session with the same prefix counts.
        let root = SolveRun::new(&p, opts).unwrap();
        let parts = root.subproblems(1);
        assert!(parts.len() > 1, "{name}");
        let mut sum = 0;
        for prefix in &parts {
            let a = root.fork(prefix).unwrap().count_solutions(None);
            let b = SolveRun::with_prefix(&p, opts, prefix)
                .unwrap()
                .count_solutions(None);
            assert_eq!(a, b, "{name} {prefix:?}");
            sum += a;
        }
        assert_eq!(sum, want, "{name}");
    }
    let p = library::find("soma-3x3x3").unwrap();
    let root = SolveRun::new(&p, SolveOptions::default()).unwrap();
    let err = root.fork(&[usize::MAX]).err().expect("out of range");
    assert!(err.to_string().contains("bad subproblem prefix"), "{err}");
}

/// Solid-pentomino boxes without a published count: the bitset search and
/// DLX count them independently (3×4×5's published counts are checked by
/// tests/polyform_polycube.rs, which runs the bitset search now).
#[test]
#[cfg_attr(not(optimized), ignore)]
fn solid_pentomino_boxes_agree_with_dlx() {
    for name in ["solid-pentominoes-2x3x10", "solid-pentominoes-2x5x6"] {
        let p = library::find(name).unwrap();
        for unique in [true, false] {
            let opts = SolveOptions { unique };
            let mut s = SolveRun::new(&p, opts).unwrap();
            assert!(s.uses_bitfill(), "{name}");
            let ours = s.count_solutions(None);
            assert_eq!(ours, dlx_count(&p, unique), "{name} unique={unique}");
            let par = count_parallel(&p, opts, Engine::Auto, 2).unwrap();
            assert_eq!(par, ours, "{name} unique={unique} on 2 threads");
        }
    }
}

/// DLX's hole pruning (`exact_cover::holes`, on for matrices without
/// crossings): the same solutions as plain DLX on the same rows, in fewer
/// nodes. A pentomino strip makes holes of 1–4 cells that plain DLX only
/// sees when one of their cells has no placement left.
#[test]
fn dlx_hole_pruning_cuts_the_tree_not_the_solutions() {
    use tessera::engine::exact_cover::CoverSearch;
    for name in ["pentominoes-3x20", "pentominoes-4x15"] {
        let p = library::find(name).unwrap();
        let mut pruned =
            SolveRun::with_engine(&p, SolveOptions { unique: false }, &[], Engine::Dlx).unwrap();
        while !matches!(pruned.step(1 << 20), Step::Done) {}
        let mut plain = CoverSearch::new(&p.matrix().unwrap().problem(None));
        assert_eq!(plain.count_all(), pruned.progress().solutions, "{name}");
        assert!(
            pruned.progress().nodes < plain.progress().nodes,
            "{name}: {} nodes with holes, {} without",
            pruned.progress().nodes,
            plain.progress().nodes
        );
    }
}

/// A parallel count by parts under `plan` that must finish with `want`
/// solutions (`what` names the case in a failure).
fn count_finished(root: &SolveRun, plan: CountPlan, want: u128, what: &str) -> PartsCount {
    let c = count_parts(root, plan).unwrap();
    assert_eq!(c.solutions, want, "{what}");
    assert!(c.finished && c.fraction == 1.0, "{what}: {c:?}");
    c
}

/// A parallel count cuts late parts deeper ([`parallel::count_parts`]):
/// with the cut allowed from the start for every part, parts are cut, and
/// the count is still the plain count, on the bitset search and on DLX
/// (sticks included). A deadline already past stops the count unfinished.
#[test]
fn late_parts_are_cut_deeper_and_count_the_same() {
    use std::time::{Duration, Instant};
    for (name, unique, engine) in [
        ("soma-3x3x3", false, Engine::Auto),
        ("pentominoes-3x20", false, Engine::Auto),
        ("pentominoes-3x20", true, Engine::Dlx),
        ("hexiamonds-4x9", true, Engine::Dlx),
        ("tetrasticks-5x5-no-h", true, Engine::Dlx),
    ] {
        let p = library::find(name).unwrap();
        let opts = SolveOptions { unique };
        let want = SolveRun::with_engine(&p, opts, &[], engine)
            .unwrap()
            .count_solutions(None);
        let root = SolveRun::with_engine(&p, opts, &[], engine).unwrap();
        let first = root.subproblems(2).len();
        for threads in [2, 3] {
            let plan = CountPlan {
                cut_deeper_after: Duration::ZERO,
                cut_below: usize::MAX,
                max_cuts: 1,
                ..CountPlan::new(threads)
            };
            let c = count_finished(
                &root,
                plan,
                want,
                &format!("{name} unique={unique} threads={threads}"),
            );
            assert!(
                c.parts > first,
                "{name}: no part was cut ({c:?}, {first} first)"
            );
        }
        let never = CountPlan {
            cut_deeper_after: Duration::from_secs(3600),
            ..CountPlan::new(2)
        };
        let c = count_parts(&root, never).unwrap();
        assert_eq!(
            (c.solutions, c.parts - c.given),
            (want, first),
            "{name} without cuts"
        );
        let past = CountPlan {
            deadline: Some(Instant::now()),
            ..CountPlan::new(2)
        };
        let c = count_parts(&root, past).unwrap();
        assert!(!c.finished && c.fraction < 1.0, "{name}: {c:?}");
    }
}

/// Late first-cut parts of a stick puzzle are cut deeper even while many
/// are left (more placements before each part presolves); other puzzles
/// cut only when few are left. Counts are the same either way.
#[test]
fn late_stick_parts_are_all_cut_deeper() {
    use std::time::Duration;
    for (name, sticks) in [("tetrasticks-5x5-no-h", true), ("pentominoes-3x20", false)] {
        let p = library::find(name).unwrap();
        let opts = SolveOptions { unique: true };
        let want = dlx_count(&p, true);
        let root = SolveRun::with_engine(&p, opts, &[], Engine::Dlx).unwrap();
        assert_eq!(root.has_crossings(), sticks, "{name}");
        let first = root.subproblems(2).len();
        let plan = CountPlan {
            cut_deeper_after: Duration::ZERO,
            cut_below: 0,
            max_cuts: 1,
            ..CountPlan::new(2)
        };
        let c = count_finished(&root, plan, want, name);
        if sticks {
            assert!(c.parts > first, "{name}: not cut ({c:?}, {first} first)");
        } else {
            assert_eq!(c.parts - c.given, first, "{name}: cut ({c:?})");
        }
    }
}

/// A thread with nothing left to take waits, and a running DLX part gives
/// it the untried rows of its shallowest level: with the whole tree as
/// the only first part, every other thread lives on what is given away,
/// and the count is the same.
#[test]
fn running_parts_give_work_to_waiting_threads() {
    use std::time::Duration;
    // Puzzles of more than a few slices (a part gives nothing away before
    // its first slice ends).
    for (name, unique) in [("hexiamonds-4x9", true), ("tetrasticks-5x5-no-h", true)] {
        let p = library::find(name).unwrap();
        let opts = SolveOptions { unique };
        let want = SolveRun::with_engine(&p, opts, &[], Engine::Dlx)
            .unwrap()
            .count_solutions(None);
        let root = SolveRun::with_engine(&p, opts, &[], Engine::Dlx).unwrap();
        for threads in [2, 3] {
            let plan = CountPlan {
                first_depth: 0,
                cut_deeper_after: Duration::from_secs(3600),
                ..CountPlan::new(threads)
            };
            let c = count_finished(
                &root,
                plan,
                want,
                &format!("{name} unique={unique} threads={threads}"),
            );
            assert!(c.given > 0 && c.parts == 1 + c.given, "{name}: {c:?}");
        }
    }
}
