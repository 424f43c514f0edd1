//! Splitting a long count into shards that separate machines run
//! (docs/counting-at-scale.md).
//!
//! A count is cut into *parts* by a rule that depends only on the problem
//! and the number of shards N (search-tree prefixes for the searches, the
//! peak slice's parts for the Quantumino counter). Shard I of N does the
//! parts numbered I, I + N, I + 2N, … (round robin: parts near in the
//! search order tend to be alike, so dealing them out evens the shards),
//! or, where each part comes with an estimate of its cost, the parts
//! [`deal_by_weight`] gives it. Nothing is random and nothing depends on
//! the machine: shard I run anywhere does the same work, and the shards'
//! counts add up to the whole.
//!
//! The finished parts of a shard are its checkpoint ([`PartCounts`]): the
//! same shape (`parts`, `done`: part → count) the browser saves for a
//! Quantumino count, so a count resumes by skipping what is done.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Shard `index` of `count` (0-based: `0/8` … `7/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, `0..count`.
    pub index: u32,
    /// How many shards the count is cut into.
    pub count: u32,
}

/// A `--shard I/N` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Text that is not `I/N`.
    #[error("shard {0:?}: expected I/N with 0 <= I < N, like 3/8")]
    Form(String),
    /// `N` is 0.
    #[error("shard {0:?}: the number of shards must be at least 1")]
    NoShards(String),
    /// `I` is not below `N`.
    #[error("shard {text:?}: shards are numbered from 0, so I must be below N (0/{count} … {}/{count})", count - 1)]
    Index { text: String, count: u32 },
}

impl Shard {
    /// The whole count as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parse `I/N`, 0-based (schedulers number array tasks from 0:
    /// Kubernetes' `JOB_COMPLETION_INDEX`, Slurm's `--array=0-63`).
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Form(text.to_owned());
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 {
            return Err(ShardError::NoShards(text.to_owned()));
        }
        if index >= count {
            return Err(ShardError::Index {
                text: text.to_owned(),
                count,
            });
        }
        Ok(Shard { index, count })
    }

    /// Whether part `part` is this shard's (round robin).
    pub fn owns(&self, part: usize) -> bool {
        part % self.count as usize == self.index as usize
    }

    /// This shard's parts among `parts`.
    pub fn parts_of(&self, parts: usize) -> Vec<usize> {
        (self.index as usize..parts)
            .step_by(self.count as usize)
            .collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Parts per shard the search splitters aim for: many small parts dealt
/// round robin even out the shards (measured in docs/counting-at-scale.md).
pub const PARTS_PER_SHARD: usize = 32;

/// The fewest parts a search is cut into, even as one shard: a finished
/// part is the unit of a checkpoint, so a resumed count redoes at most the
/// parts that were running.
pub const MIN_PARTS: usize = 256;

/// How many parts a search count is cut into for `shards` shards.
pub fn target_parts(shards: u32) -> usize {
    (PARTS_PER_SHARD * shards as usize).max(MIN_PARTS)
}

/// Deal parts of estimated costs `weights` to `shards` shards so their
/// loads are even: the heaviest part first, each to the shard with the
/// least load so far (ties: the lower shard). Returns each part's shard.
/// Deterministic: only the weights and N decide.
pub fn deal_by_weight(weights: &[u64], shards: u32) -> Vec<u32> {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(weights[p]), p));
    let mut load = std::collections::BinaryHeap::new();
    for s in 0..shards {
        load.push(std::cmp::Reverse((0u128, s)));
    }
    let mut owner = vec![0; weights.len()];
    for p in order {
        let std::cmp::Reverse((l, s)) = load.pop().expect("at least one shard");
        owner[p] = s;
        load.push(std::cmp::Reverse((l + u128::from(weights[p].max(1)), s)));
    }
    owner
}

/// 64-bit FNV-1a: a stable hash of a problem's description (the same on
/// every machine and Rust version, unlike `std`'s hashers), so shards of
/// different problems are told apart by `tessera merge`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The finished parts of a count cut into `parts`, each with its count:
/// the checkpoint of a count (the browser's Quantumino count keeps the
/// same fields in localStorage; the CLI's `--state` file adds what the
/// count is).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartCounts {
    /// Number of parts the count is cut into.
    pub parts: u32,
    /// Count of each finished part.
    pub done: BTreeMap<u32, u128>,
}

impl PartCounts {
    /// No part finished yet.
    pub fn new(parts: u32) -> PartCounts {
        PartCounts {
            parts,
            done: BTreeMap::new(),
        }
    }

    /// The sum of the finished parts.
    pub fn total(&self) -> u128 {
        self.done.values().sum()
    }

    /// Whether every part is finished.
    pub fn complete(&self) -> bool {
        (0..self.parts).all(|p| self.done.contains_key(&p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_deal_parts_round_robin() {
        assert_eq!(Shard::parse("3/8"), Ok(Shard { index: 3, count: 8 }));
        assert_eq!(Shard::parse(" 0 / 1 "), Ok(Shard::WHOLE));
        assert!(Shard::parse("8/8")
            .unwrap_err()
            .to_string()
            .contains("below N"));
        assert!(Shard::parse("1/0")
            .unwrap_err()
            .to_string()
            .contains("at least 1"));
        assert!(Shard::parse("x").unwrap_err().to_string().contains("I/N"));
        assert!(Shard::parse("-1/4").is_err());
        let n = 7;
        let mut seen = vec![0; 100];
        for i in 0..n {
            let s = Shard { index: i, count: n };
            for p in s.parts_of(100) {
                assert!(s.owns(p));
                seen[p] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1));
        assert_eq!(Shard { index: 2, count: 7 }.to_string(), "2/7");
    }

    #[test]
    fn dealing_by_weight_evens_the_loads() {
        let w = [10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 9];
        let owner = deal_by_weight(&w, 2);
        let load = |s| {
            (0..w.len())
                .filter(|&p| owner[p] == s)
                .map(|p| w[p])
                .sum::<u64>()
        };
        assert_eq!(load(0) + load(1), 29);
        assert!(load(0).abs_diff(load(1)) <= 1, "{} {}", load(0), load(1));
        assert_eq!(owner, deal_by_weight(&w, 2));
        assert!(deal_by_weight(&w, 1).iter().all(|&s| s == 0));
        // More shards than parts: each part alone, some shards idle.
        let owner = deal_by_weight(&[3, 2], 4);
        assert_eq!(owner, vec![0, 1]);
    }

    #[test]
    fn fnv_is_the_published_function() {
        // FNV-1a 64 test vectors (the FNV authors' table).
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn part_counts_read_the_browser_checkpoint() {
        // What the Quantumino page stores (u64 counts) reads as is.
        let c: PartCounts = serde_json::from_str(r#"{"parts":8,"done":{"0":5,"3":7}}"#).unwrap();
        assert_eq!(c.total(), 12);
        assert!(!c.complete());
        assert_eq!(PartCounts::new(0).total(), 0);
        assert!(PartCounts::new(0).complete());
    }
}
