//! Jigsaw region maps: one label character per cell (row-major), each label
//! one region. A map is only accepted if every region has exactly `n` cells
//! and is connected, so a bad map is reported before any search.

use super::super::shape::Shape;
use super::VariantError;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A checked region map of an `n × n` jigsaw.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RegionMap {
    n: usize,
    labels: Vec<char>,
}

/// Labels used when we write a map: a, b, c, … then digits.
const LABELS: &str = "abcdefghijklmnopqrstuvwxyz0123456789";

fn cell(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

impl RegionMap {
    /// Read a map: `n²` label characters (letters or digits), whitespace
    /// ignored, exactly `n` distinct labels of `n` connected cells each.
    pub fn parse(text: &str) -> Result<RegionMap, VariantError> {
        let labels: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = |m: String| Err(VariantError::Regions(m));
        if labels.is_empty() {
            return bad("the region map is empty".into());
        }
        let n = (labels.len() as f64).sqrt().round() as usize;
        if n * n != labels.len() {
            return bad(format!(
                "the region map has {} characters, but a jigsaw map has one per cell of a square \
                 grid (16, 36, 49, 64, 81 …)",
                labels.len()
            ));
        }
        if n > 36 {
            return bad(format!("a {n}x{n} jigsaw is too large: at most 36x36"));
        }
        if let Some((i, ch)) = labels
            .iter()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_alphanumeric())
        {
            return bad(format!(
                "the region map has '{}' at position {} ({}): use letters or digits as region labels",
                ch.escape_default(),
                i + 1,
                cell(i, n)
            ));
        }
        let map = RegionMap { n, labels };
        let regions = map.regions();
        for (label, cells) in &regions {
            if cells.len() != n {
                return bad(format!(
                    "region {label} has {} cells, but every region of a {n}x{n} jigsaw needs {n}",
                    cells.len()
                ));
            }
        }
        if regions.len() != n {
            return bad(format!(
                "the region map has {} regions, but a {n}x{n} jigsaw needs {n}",
                regions.len()
            ));
        }
        for (label, cells) in &regions {
            let parts = map.parts(cells);
            if parts.len() > 1 {
                let starts: Vec<String> = parts.iter().map(|p| cell(p[0], n)).collect();
                return bad(format!(
                    "region {label} is in {} separate parts (at {}): a region must be connected",
                    parts.len(),
                    starts.join(", ")
                ));
            }
        }
        Ok(map)
    }

    /// The boxes of a standard grid as a region map (the jigsaw everyone knows).
    pub fn boxes(shape: Shape) -> RegionMap {
        let n = shape.size();
        let letters: Vec<char> = LABELS.chars().collect();
        let labels = (0..n * n)
            .map(|i| letters[shape.box_of(i / n, i % n)])
            .collect();
        RegionMap { n, labels }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    /// The label of every cell, row-major.
    pub fn labels(&self) -> &[char] {
        &self.labels
    }

    /// Regions in order of first appearance: (label, cells ascending).
    pub fn regions(&self) -> Vec<(char, Vec<usize>)> {
        let mut out: Vec<(char, Vec<usize>)> = Vec::new();
        for (i, &l) in self.labels.iter().enumerate() {
            match out.iter_mut().find(|(k, _)| *k == l) {
                Some((_, cells)) => cells.push(i),
                None => out.push((l, vec![i])),
            }
        }
        out
    }

    fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> {
        let n = self.n;
        let (r, col) = (c / n, c % n);
        [
            (r > 0).then(|| c - n),
            (r + 1 < n).then(|| c + n),
            (col > 0).then(|| c - 1),
            (col + 1 < n).then(|| c + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Connected parts of a set of cells (orthogonal adjacency).
    fn parts(&self, cells: &[usize]) -> Vec<Vec<usize>> {
        let mut left: Vec<usize> = cells.to_vec();
        let mut parts = Vec::new();
        while let Some(start) = left.first().copied() {
            let mut part = vec![start];
            left.retain(|&c| c != start);
            let mut k = 0;
            while k < part.len() {
                let c = part[k];
                for m in self.neighbours(c) {
                    if let Some(i) = left.iter().position(|&x| x == m) {
                        left.swap_remove(i);
                        part.push(m);
                    }
                }
                k += 1;
            }
            part.sort_unstable();
            parts.push(part);
        }
        parts
    }

    /// A random map: start from the boxes and move border cells between
    /// neighbouring regions many times, keeping every region connected.
    pub fn random(n: usize, rng: &mut ChaCha8Rng) -> RegionMap {
        let shape = (1..=n)
            .rev()
            .filter(|r| n.is_multiple_of(*r) && r * r <= n)
            .map(|r| Shape::new(r, n / r))
            .next()
            .flatten()
            .unwrap_or(Shape {
                box_rows: 1,
                box_cols: n,
            });
        let mut map = RegionMap::boxes(shape);
        if n < 3 {
            return map;
        }
        let below = |rng: &mut ChaCha8Rng, k: usize| rng.gen_range(0..k as u32) as usize;
        let mut swaps = 0;
        for _ in 0..200 * n {
            if swaps >= 10 * n {
                break;
            }
            let a = below(rng, n * n);
            let nb: Vec<usize> = map
                .neighbours(a)
                .filter(|&b| map.labels[b] != map.labels[a])
                .collect();
            if nb.is_empty() {
                continue;
            }
            // a moves to b's region, and some cell c of that region next to
            // a's old region moves back, so both sizes stay n.
            let b = nb[below(rng, nb.len())];
            let (la, lb) = (map.labels[a], map.labels[b]);
            let mut next = map.clone();
            next.labels[a] = lb;
            let back: Vec<usize> = (0..n * n)
                .filter(|&c| c != a && next.labels[c] == lb)
                .filter(|&c| next.neighbours(c).any(|d| next.labels[d] == la))
                .collect();
            if back.is_empty() {
                continue;
            }
            next.labels[back[below(rng, back.len())]] = la;
            let ok = [la, lb].iter().all(|&l| {
                let cells: Vec<usize> = (0..n * n).filter(|&i| next.labels[i] == l).collect();
                cells.len() == n && next.parts(&cells).len() == 1
            });
            if ok {
                map = next;
                swaps += 1;
            }
        }
        map
    }
}

impl RegionMap {
    /// [`RegionMap::random`] from a seed alone (editor presets, tests).
    pub fn from_seed(n: usize, seed: u64) -> RegionMap {
        use rand::SeedableRng;
        RegionMap::random(n, &mut ChaCha8Rng::seed_from_u64(seed))
    }
}

impl fmt::Display for RegionMap {
    /// The map as one line of labels, which [`RegionMap::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self.labels.iter().collect();
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn boxes_parse_back() {
        let m = RegionMap::boxes(Shape::square(3).unwrap());
        assert_eq!(RegionMap::parse(&m.to_string()), Ok(m));
    }

    #[test]
    fn bad_maps_name_the_region() {
        let e = RegionMap::parse(&"a".repeat(80)).unwrap_err().to_string();
        assert!(e.contains("80 characters"), "{e}");
        let mut s: Vec<char> = RegionMap::boxes(Shape::square(2).unwrap())
            .to_string()
            .chars()
            .collect();
        s[0] = 'b';
        let e = RegionMap::parse(&s.iter().collect::<String>())
            .unwrap_err()
            .to_string();
        assert!(e.contains("region b has 5 cells"), "{e}");
        // Two regions that are each in two parts: "abab/abab/cdcd/cdcd".
        let e = RegionMap::parse("abab abab cdcd cdcd")
            .unwrap_err()
            .to_string();
        assert!(e.contains("region a is in 2 separate parts"), "{e}");
        let e = RegionMap::parse("aab? aabb ccdd ccdd")
            .unwrap_err()
            .to_string();
        assert!(e.contains("'?' at position 4 (r1c4)"), "{e}");
    }

    #[test]
    fn random_maps_are_valid() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for n in [4, 5, 6, 9] {
            let m = RegionMap::random(n, &mut rng);
            assert_eq!(RegionMap::parse(&m.to_string()).as_ref(), Ok(&m));
        }
    }
}
