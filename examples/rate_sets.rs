//! Rate puzzle files with the logical solver: mean time per puzzle, the
//! numeric rating's spread, and for a rated file (`HASH PUZZLE RATING`
//! lines, Sudoku Explainer's values) the agreement with the published
//! ratings. `cargo run --release --example rate_sets -- FILE…`
use std::time::Instant;
use tessera::engine::sudoku::logic::{self, weight_text};
use tessera::engine::sudoku::Sudoku;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("readable file");
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        let mut guessed = 0;
        let start = Instant::now();
        let mut count = 0;
        let mut counts = std::collections::BTreeMap::new();
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (puzzle, rated) = match fields.len() {
                1 => (fields[0], None),
                _ => (fields[1], fields.get(2).and_then(|r| r.parse::<f64>().ok())),
            };
            let p = Sudoku::from_sage_str(puzzle, None).expect("a puzzle");
            let e = logic::explain(&p).expect("explained");
            count += 1;
            if e.exploration.is_some() {
                guessed += 1;
            }
            for s in &e.steps {
                *counts.entry(s.technique.name()).or_insert(0usize) += 1;
            }
            let score = e.score.unwrap_or(0);
            ours.push(f64::from(score) / 10.0);
            if let Some(r) = rated {
                theirs.push(r);
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let mean = ours.iter().sum::<f64>() / ours.len() as f64;
        println!(
            "{path}: {count} puzzles, {:.1} ms each, mean rating {mean:.2}, {guessed} needed guessing",
            secs * 1000.0 / count as f64
        );
        println!("  steps by technique: {counts:?}");
        let _ = weight_text(0);
        if theirs.len() == ours.len() && !theirs.is_empty() {
            let within = ours
                .iter()
                .zip(&theirs)
                .filter(|(a, b)| (*a - *b).abs() <= 1.0)
                .count();
            println!(
                "  vs published: Spearman {:.3}, within ±1.0: {within}/{} ({:.0}%), mean ours {mean:.2} theirs {:.2}",
                spearman(&ours, &theirs),
                ours.len(),
                100.0 * within as f64 / ours.len() as f64,
                theirs.iter().sum::<f64>() / theirs.len() as f64
            );
        }
    }
}

fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].partial_cmp(&v[b]).unwrap());
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for k in i..=j {
            r[idx[k]] = avg;
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
