//! `tessera experiment phase` as a binary: CSV shape, invariants of the
//! counts, determinism by seed, and clear errors.

use crate::common::{stderr, stdout, tessera_with_stdin};

fn phase(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["experiment", "phase"];
    all.extend_from_slice(args);
    let o = tessera_with_stdin(&all, "");
    (o.status.code().unwrap_or(-1), stdout(&o), stderr(&o))
}

/// (clues, samples, unique, multiple, none, fraction_unique, fraction_solvable)
fn rows(csv: &str) -> Vec<(usize, u32, u32, u32, u32, f64, f64)> {
    let mut lines = csv.lines();
    let header = lines.next().expect("a header line");
    assert!(
        header.starts_with("clues,samples,unique,multiple,none,fraction_unique,fraction_solvable"),
        "{header}"
    );
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), header.split(',').count(), "{l}");
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
                f[4].parse().unwrap(),
                f[5].parse().unwrap(),
                f[6].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn one_row_per_clue_count_with_consistent_counts() {
    let (code, out, err) = phase(&[
        "--box",
        "3x3",
        "--samples",
        "6",
        "--seed",
        "4",
        "--min",
        "30",
        "--max",
        "36",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows = rows(&out);
    assert_eq!(
        rows.iter().map(|r| r.0).collect::<Vec<_>>(),
        (30..=36).collect::<Vec<_>>()
    );
    for &(k, samples, unique, multiple, none, fu, fs) in &rows {
        assert_eq!(samples, 6, "k={k}");
        assert_eq!(unique + multiple + none, samples, "k={k}");
        // Subsets of a grid always have a solution.
        assert_eq!(none, 0, "k={k}");
        assert!((fu - f64::from(unique) / 6.0).abs() < 1e-6, "k={k}");
        assert_eq!(fs, 1.0, "k={k}");
    }
}

#[test]
fn the_default_range_is_the_papers_17_to_40() {
    let (code, out, err) = phase(&["--samples", "1", "--seed", "2"]);
    assert_eq!(code, 0, "{err}");
    let ks: Vec<usize> = rows(&out).iter().map(|r| r.0).collect();
    assert_eq!(ks, (17..=40).collect::<Vec<_>>());
}

#[test]
fn the_same_seed_gives_the_same_csv() {
    let args = [
        "--box",
        "2x2",
        "--samples",
        "40",
        "--seed",
        "9",
        "--min",
        "3",
        "--max",
        "8",
    ];
    let a = phase(&args);
    let b = phase(&args);
    assert_eq!(a, b);
    let c = phase(&[
        "--box",
        "2x2",
        "--samples",
        "40",
        "--seed",
        "10",
        "--min",
        "3",
        "--max",
        "8",
    ]);
    assert_ne!(a.1, c.1, "another seed, other samples");
    // Shidoku with every cell given is unique; with 3 clues never.
    let full = rows(
        &phase(&[
            "--box",
            "2x2",
            "--samples",
            "5",
            "--min",
            "16",
            "--max",
            "16",
        ])
        .1,
    );
    assert_eq!(full[0].2, 5);
    assert_eq!(rows(&a.1)[0].2, 0);
}

#[test]
fn random_givens_can_be_unsolvable() {
    let (code, out, err) = phase(&[
        "--model",
        "givens",
        "--samples",
        "5",
        "--seed",
        "1",
        "--min",
        "40",
        "--max",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    let r = rows(&out)[0];
    // 40 random non-clashing givens essentially never extend to a grid.
    assert!(r.4 >= 4, "{out}");
}

#[test]
fn bad_requests_are_refused_with_the_reason() {
    let (code, _, err) = phase(&["--min", "41", "--max", "40"]);
    assert_eq!(code, 2);
    assert!(err.contains("41..40"), "{err}");
    let (code, _, err) = phase(&["--box", "4x4"]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 9 symbols"), "{err}");
    let (code, _, err) = phase(&["--samples", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("samples"), "{err}");
    let (code, _, err) = phase(&["--model", "ising"]);
    assert_eq!(code, 2);
    assert!(err.contains("givens"), "{err}");
}
