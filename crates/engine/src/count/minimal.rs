//! Minimal puzzles as an experiment (the modeling seed's "Minimally
//! uniquely completable puzzles"): draw n random minimal puzzles from a
//! seed and tabulate their clue counts, each share with a 95% Wilson
//! interval.
//!
//! The puzzles come from the engine's generator without symmetry
//! (`sudoku::generate`): a random complete grid, then every clue in a
//! random order removed unless the solution stops being unique. That is a
//! *top-down* generator. Its puzzles are minimal, but it does not draw
//! every minimal puzzle with equal chance: it favours puzzles with fewer
//! clues (Berthier, "Unbiased Statistics of a CSP — A Controlled-Bias
//! Generator", 2009, and the published comparisons in [`published`]).

use crate::count::phase::wilson;
use crate::sudoku::generate::{GenerateError, Options, Stream};
use crate::sudoku::{Shape, Sudoku};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fmt::Write as _;

/// What to sample.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub shape: Shape,
    pub samples: u32,
    pub seed: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MinimalError {
    /// Beyond the grids a uniqueness check decides in milliseconds.
    TooLarge(Shape),
    NoSamples,
    Generate(GenerateError),
}

impl fmt::Display for MinimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinimalError::TooLarge(s) => write!(
                f,
                "minimal puzzles are sampled up to 9x9; {n}x{n} ({s} boxes) is too large",
                n = s.size()
            ),
            MinimalError::NoSamples => write!(f, "the number of samples must be at least 1"),
            MinimalError::Generate(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MinimalError {}

/// One bar of the histogram.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    pub clues: usize,
    pub count: u32,
    /// count / samples.
    pub share: f64,
    /// The 95% Wilson interval of the share.
    pub low: f64,
    pub high: f64,
}

/// The histogram so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Histogram {
    pub samples: u32,
    /// Every clue count from the fewest to the most seen, zeros included.
    pub bins: Vec<Bin>,
    pub mean: f64,
    /// Sample standard deviation (0 below two samples).
    pub sd: f64,
}

/// The sampler: one minimal puzzle per [`Sampler::draw`].
pub struct Sampler {
    config: Config,
    stream: Stream,
    /// counts[k] = puzzles with k clues.
    counts: Vec<u32>,
    done: u32,
    last: Option<Sudoku>,
}

impl Sampler {
    pub fn new(config: Config) -> Result<Sampler, MinimalError> {
        if config.shape.size() > 9 {
            return Err(MinimalError::TooLarge(config.shape));
        }
        if config.samples == 0 {
            return Err(MinimalError::NoSamples);
        }
        let mut options = Options::new(config.shape, config.seed);
        // Without symmetry every clue is tried once; `minimal` refuses a
        // puzzle whose check ran out of budget (it could keep a clue).
        options.minimal = true;
        let stream = Stream::new(&options);
        Ok(Sampler {
            counts: vec![0; config.shape.cells() + 1],
            config,
            stream,
            done: 0,
            last: None,
        })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn done(&self) -> u32 {
        self.done
    }

    pub fn finished(&self) -> bool {
        self.done >= self.config.samples
    }

    /// Draw one more puzzle (none once `samples` are drawn); its clues.
    pub fn draw(&mut self) -> Result<Option<usize>, MinimalError> {
        if self.finished() {
            return Ok(None);
        }
        let g = self.stream.next_puzzle().map_err(MinimalError::Generate)?;
        let clues = g.puzzle.clues();
        self.counts[clues] += 1;
        self.done += 1;
        self.last = Some(g.puzzle);
        Ok(Some(clues))
    }

    /// The puzzle drawn last.
    pub fn last(&self) -> Option<&Sudoku> {
        self.last.as_ref()
    }

    /// Run to the end.
    pub fn run(mut self) -> Result<Histogram, MinimalError> {
        while self.draw()?.is_some() {}
        Ok(self.histogram())
    }

    pub fn histogram(&self) -> Histogram {
        let n = self.done;
        let seen: Vec<usize> = (0..self.counts.len())
            .filter(|&k| self.counts[k] > 0)
            .collect();
        let bins = match (seen.first(), seen.last()) {
            (Some(&lo), Some(&hi)) => (lo..=hi)
                .map(|k| {
                    let (low, high) = wilson(self.counts[k], n);
                    Bin {
                        clues: k,
                        count: self.counts[k],
                        share: f64::from(self.counts[k]) / f64::from(n),
                        low,
                        high,
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let total: f64 = (0..self.counts.len())
            .map(|k| k as f64 * f64::from(self.counts[k]))
            .sum();
        let mean = if n == 0 { 0.0 } else { total / f64::from(n) };
        let sd = if n < 2 {
            0.0
        } else {
            let ss: f64 = (0..self.counts.len())
                .map(|k| f64::from(self.counts[k]) * (k as f64 - mean).powi(2))
                .sum();
            (ss / f64::from(n - 1)).sqrt()
        };
        Histogram {
            samples: n,
            bins,
            mean,
            sd,
        }
    }
}

/// The histogram as CSV: `clues,count,share,low95,high95`, then the mean
/// and standard deviation as `#` lines.
pub fn csv(h: &Histogram) -> String {
    let mut out = String::from("clues,count,share,low95,high95\n");
    for b in &h.bins {
        let _ = writeln!(
            out,
            "{},{},{:.5},{:.5},{:.5}",
            b.clues, b.count, b.share, b.low, b.high
        );
    }
    let _ = writeln!(out, "# samples {}", h.samples);
    let _ = writeln!(out, "# mean {:.3}", h.mean);
    let _ = writeln!(out, "# sd {:.3}", h.sd);
    out
}

/// A published distribution to compare with: who, what, and either the
/// whole distribution (clues, percent) or its mean and deviation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Published {
    pub source: String,
    pub method: String,
    pub samples: String,
    pub mean: Option<f64>,
    pub sd: Option<f64>,
    /// (clues, percent of puzzles).
    pub percent: Vec<(usize, f64)>,
}

/// Published figures for random minimal 9×9 puzzles: what top-down and
/// bottom-up generators give, and Berthier's estimate of the real
/// distribution (every minimal puzzle counted once). Shown beside the
/// sample, never used to compute it.
pub fn published() -> Vec<Published> {
    vec![
        Published {
            source: "D. Berthier, The Hidden Logic of Sudoku, online supplement \
                     \"Classification results\" (collections sudogen0_1M, rabrnd_1M)"
                .into(),
            method: "top-down generators (clues removed from a complete grid), like Tessera's"
                .into(),
            samples: "1,000,000 puzzles each".into(),
            mean: Some(24.38),
            sd: Some(1.12),
            percent: Vec::new(),
        },
        Published {
            source: "D. Berthier, The Hidden Logic of Sudoku, online supplement \
                     \"Classification results\" (collection suexg140_1M)"
                .into(),
            method: "bottom-up generator (clues added until unique, then reduced)".into(),
            samples: "1,000,000 puzzles".into(),
            mean: Some(23.87),
            sd: Some(1.08),
            percent: Vec::new(),
        },
        Published {
            source:
                "D. Berthier, \"The real distribution of minimal puzzles\", Sudoku Players' Forum \
                     (after \"Unbiased Statistics of a CSP — A Controlled-Bias Generator\", 2009)"
                    .into(),
            method: "estimate of the real distribution over all minimal puzzles \
                     (controlled-bias generator, bias corrected)"
                .into(),
            samples: "relative precision 0.065%".into(),
            mean: None,
            sd: None,
            percent: vec![
                (20, 1.32e-7),
                (21, 0.000034),
                (22, 0.00348),
                (23, 0.148),
                (24, 2.28),
                (25, 13.42),
                (26, 31.91),
                (27, 32.71),
                (28, 15.48),
                (29, 3.598),
                (30, 0.41),
                (31, 0.0241),
                (32, 0.00102),
            ],
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_configs_are_refused() {
        let s = Shape::square(4).unwrap();
        let e = Sampler::new(Config {
            shape: s,
            samples: 1,
            seed: 1,
        })
        .err()
        .unwrap();
        assert!(e.to_string().contains("16x16"), "{e}");
        let e = Sampler::new(Config {
            shape: Shape::square(2).unwrap(),
            samples: 0,
            seed: 1,
        })
        .err()
        .unwrap();
        assert!(e.to_string().contains("at least 1"), "{e}");
    }

    #[test]
    fn the_real_distribution_sums_to_a_hundred() {
        let real = &published()[2];
        let sum: f64 = real.percent.iter().map(|(_, p)| p).sum();
        assert!((sum - 100.0).abs() < 0.05, "{sum}");
    }
}
