//! Minimal puzzles as an experiment (the modeling seed's "Minimally
//! uniquely completable puzzles"): the sampler's puzzles checked minimal
//! and unique by the tests' own counter, its histogram against the
//! published top-down figures, and `tessera experiment minimal`'s CSV.

use crate::common::checker::{count, units};
use crate::common::{stderr, stdout, tessera_with_stdin};
use tessera::engine::count::minimal::{csv, published, Config, Sampler};
use tessera::engine::sudoku::Shape;

/// Unique, and every clue needed: without any one of them, ≥ 2 solutions.
fn assert_minimal(cells: &[u8], n: usize, br: usize, bc: usize) {
    let u = units::block(br, bc, 0, 0, n);
    assert_eq!(count(n, &u, cells, 2), 1, "not unique: {cells:?}");
    for i in (0..cells.len()).filter(|&i| cells[i] != 0) {
        let mut fewer = cells.to_vec();
        fewer[i] = 0;
        assert_eq!(count(n, &u, &fewer, 2), 2, "clue {i} can go: {cells:?}");
    }
}

#[test]
fn every_sample_is_minimal_and_unique() {
    for (br, bc, samples) in [(2, 2, 40), (2, 3, 20), (3, 3, 12)] {
        let shape = Shape::new(br, bc).unwrap();
        let mut s = Sampler::new(Config {
            shape,
            samples,
            seed: 5,
        })
        .unwrap();
        while let Some(clues) = s.draw().unwrap() {
            let p = s.last().unwrap();
            assert_eq!(p.clues(), clues);
            assert_minimal(p.cells(), shape.size(), br, bc);
        }
        assert_eq!(s.done(), samples);
    }
}

/// 300 random minimal 9×9 puzzles: the mean clue count agrees with the
/// published mean of top-down generators (24.38, sd 1.12, over 10⁶
/// puzzles: Berthier, The Hidden Logic of Sudoku, online supplement,
/// "Classification results") — within 0.4, about 3.5 standard errors of a
/// 300-sample mean — and lies clearly below the real distribution's mean
/// (26.6, from Berthier's "The real distribution of minimal puzzles"):
/// a top-down generator favours fewer clues.
#[test]
fn nine_by_nine_mean_matches_top_down_generators() {
    let shape = Shape::square(3).unwrap();
    let h = Sampler::new(Config {
        shape,
        samples: 300,
        seed: 1,
    })
    .unwrap()
    .run()
    .unwrap();
    assert_eq!(h.samples, 300);
    assert_eq!(h.bins.iter().map(|b| b.count).sum::<u32>(), 300);
    let top_down = published()[0].mean.unwrap();
    assert!(
        (h.mean - top_down).abs() < 0.4,
        "mean {} vs {top_down}",
        h.mean
    );
    assert!((h.sd - 1.12).abs() < 0.35, "sd {}", h.sd);
    let real = &published()[2];
    let real_mean: f64 = real.percent.iter().map(|&(k, p)| k as f64 * p).sum::<f64>() / 100.0;
    assert!((real_mean - 26.6).abs() < 0.05, "{real_mean}");
    assert!(h.mean < real_mean - 1.5);
    for b in &h.bins {
        assert!(b.low <= b.share && b.share <= b.high, "{b:?}");
        assert!(b.clues >= 17);
    }
    // Reproducible: the same seed draws the same histogram.
    let again = Sampler::new(Config {
        shape,
        samples: 300,
        seed: 1,
    })
    .unwrap()
    .run()
    .unwrap();
    assert_eq!(again, h);
}

#[test]
fn cli_writes_the_histogram_as_csv() {
    let o = tessera_with_stdin(
        &[
            "experiment",
            "minimal",
            "--box",
            "2x2",
            "--samples",
            "50",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let shape = Shape::square(2).unwrap();
    let h = Sampler::new(Config {
        shape,
        samples: 50,
        seed: 3,
    })
    .unwrap()
    .run()
    .unwrap();
    assert_eq!(out, csv(&h));
    assert!(out.starts_with("clues,count,share,low95,high95\n"));
    let o = tessera_with_stdin(&["experiment", "minimal", "--samples", "0"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at least 1"), "{}", stderr(&o));
}
