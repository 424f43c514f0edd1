//! Graph colouring as an algorithm (the modeling seed's "Coloring the Sudoku
//! graph"): the puzzle's givens are a precolouring of the Sudoku graph, and
//! two general colouring algorithms — that know nothing of rows or boxes,
//! only vertices and edges — extend it.
//!
//! - [`dsatur`]: Brélaz's greedy DSatur. Repeatedly colour the uncoloured
//!   vertex whose neighbours already show the most different colours
//!   (ties: most uncoloured neighbours, then the lowest vertex), with the
//!   smallest colour none of them has. Fast, never backtracks, and may use
//!   more colours than needed — an upper bound.
//! - [`chromatic`]: exact colouring by search. The lower bound is a clique
//!   (a row: every pair of its vertices is joined, so it needs n colours)
//!   and the largest given colour; for k from there up, a backtracking
//!   search in DSatur's order with forward checking looks for a proper
//!   colouring with colours 1..=k that keeps the precolouring. The first k
//!   that works is the chromatic number (of the precoloured graph); the
//!   greedy colouring bounds the search from above.
//!
//! Colours not used by any given are interchangeable, so the search tries
//! only the smallest fresh one (symmetry breaking). [`check_colouring`]
//! checks a result from the cell coordinates alone, not from the edge list
//! the algorithms used.

use super::grid::{cell_name, Sudoku, SudokuError};
use super::models::graph_edges;
use super::shape::Shape;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A colouring of the Sudoku graph: one colour (1-based) per cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Colouring {
    pub colours: Vec<u8>,
    /// Distinct colours used.
    pub used: usize,
    /// Vertices coloured (greedy) or search nodes (exact).
    pub nodes: u64,
}

/// The exact answer: the chromatic number of the precoloured graph, an
/// optimal colouring, and the bounds that framed the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chromatic {
    pub chromatic: usize,
    pub colouring: Colouring,
    /// The clique bound (n: a row is a clique) raised to the largest given.
    pub lower_bound: usize,
    /// What greedy DSatur used.
    pub upper_bound: usize,
    /// The k tried, in order, each with its search nodes and whether a
    /// k-colouring exists.
    pub tried: Vec<(usize, u64, bool)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColourError {
    /// Two joined givens share a colour.
    Givens(SudokuError),
    /// The exact search used its node budget.
    GaveUp { k: usize, nodes: u64 },
    /// A colouring without one colour per cell.
    Count { colours: usize, cells: usize },
    /// A cell (by name) without a colour.
    Uncoloured { cell: String },
    /// A given coloured with another colour.
    Recoloured { cell: String, given: u8, colour: u8 },
    /// Two joined cells with one colour.
    Clash {
        first: String,
        second: String,
        colour: u8,
    },
}

impl fmt::Display for ColourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColourError::Givens(e) => write!(f, "the givens are not a proper precolouring: {e}"),
            ColourError::GaveUp { k, nodes } => write!(
                f,
                "the exact colouring gave up after {nodes} search nodes while trying {k} colours \
                 (raise the budget)"
            ),
            ColourError::Count { colours, cells } => {
                write!(f, "{colours} colours for {cells} cells")
            }
            ColourError::Uncoloured { cell } => write!(f, "{cell} has no colour"),
            ColourError::Recoloured {
                cell,
                given,
                colour,
            } => write!(f, "{cell} is given {given} but coloured {colour}"),
            ColourError::Clash {
                first,
                second,
                colour,
            } => write!(
                f,
                "{first} and {second} are joined and both coloured {colour}"
            ),
        }
    }
}

impl std::error::Error for ColourError {}

/// The Sudoku graph as adjacency lists (from the same edge list as the DOT
/// export).
fn adjacency(shape: Shape) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); shape.cells()];
    for (a, b) in graph_edges(shape) {
        adj[a].push(b);
        adj[b].push(a);
    }
    adj
}

fn check_givens(puzzle: &Sudoku) -> Result<(), ColourError> {
    puzzle.verify().map_err(ColourError::Givens)
}

/// Greedy DSatur from the puzzle's givens.
pub fn dsatur(puzzle: &Sudoku) -> Result<Colouring, ColourError> {
    check_givens(puzzle)?;
    let adj = adjacency(puzzle.shape());
    let mut colours = puzzle.cells().to_vec();
    let v = colours.len();
    let mut nodes = 0;
    loop {
        // Saturation = distinct colours among the neighbours.
        let mut best: Option<(usize, usize, usize)> = None; // (sat, free degree, vertex)
        for x in 0..v {
            if colours[x] != 0 {
                continue;
            }
            let mut seen = [false; 256];
            let (mut sat, mut free) = (0, 0);
            for &y in &adj[x] {
                let c = colours[y] as usize;
                if c == 0 {
                    free += 1;
                } else if !seen[c] {
                    seen[c] = true;
                    sat += 1;
                }
            }
            if best.is_none_or(|(s, f, _)| (sat, free) > (s, f)) {
                best = Some((sat, free, x));
            }
        }
        let Some((_, _, x)) = best else { break };
        let mut taken = [false; 257];
        for &y in &adj[x] {
            taken[colours[y] as usize] = true;
        }
        let c = (1..=255).find(|&c| !taken[c]).expect("degree below 255");
        colours[x] = c as u8;
        nodes += 1;
    }
    let used = distinct(&colours);
    Ok(Colouring {
        colours,
        used,
        nodes,
    })
}

fn distinct(colours: &[u8]) -> usize {
    let mut seen = [false; 256];
    colours
        .iter()
        .filter(|&&c| !std::mem::replace(&mut seen[c as usize], true))
        .count()
}

/// Exact colouring: the chromatic number of the precoloured Sudoku graph,
/// within `budget` search nodes per k.
pub fn chromatic(puzzle: &Sudoku, budget: u64) -> Result<Chromatic, ColourError> {
    let greedy = dsatur(puzzle)?;
    let n = puzzle.size();
    let max_given = puzzle.cells().iter().copied().max().unwrap_or(0) as usize;
    let lower_bound = n.max(max_given);
    let upper_bound = greedy.used.max(max_given);
    let adj = adjacency(puzzle.shape());
    let mut tried = Vec::new();
    for k in lower_bound..upper_bound {
        let mut s = Exact::new(&adj, puzzle.cells(), k, budget);
        let found = s.run();
        tried.push((k, s.nodes, found.is_some()));
        match found {
            Some(colours) => {
                return Ok(Chromatic {
                    chromatic: k,
                    colouring: Colouring {
                        used: distinct(&colours),
                        colours,
                        nodes: s.nodes,
                    },
                    lower_bound,
                    upper_bound,
                    tried,
                });
            }
            None if s.gave_up => {
                return Err(ColourError::GaveUp { k, nodes: s.nodes });
            }
            None => {}
        }
    }
    // No k below the greedy count works: greedy was optimal.
    Ok(Chromatic {
        chromatic: upper_bound,
        colouring: greedy,
        lower_bound,
        upper_bound,
        tried,
    })
}

/// Backtracking in DSatur order with forward checking: every uncoloured
/// vertex keeps the set of colours still free for it (a u128 bitset).
struct Exact<'a> {
    adj: &'a [Vec<usize>],
    colours: Vec<u8>,
    free: Vec<u128>,
    /// Colours 1..=k that no given uses: interchangeable.
    fresh: u128,
    budget: u64,
    nodes: u64,
    gave_up: bool,
}

impl<'a> Exact<'a> {
    fn new(adj: &'a [Vec<usize>], givens: &[u8], k: usize, budget: u64) -> Exact<'a> {
        let all: u128 = if k >= 128 { !0 } else { (1u128 << k) - 1 };
        let mut free = vec![all; givens.len()];
        let mut fresh = all;
        for (x, &c) in givens.iter().enumerate() {
            if c != 0 {
                fresh &= !(1u128 << (c - 1));
                for &y in &adj[x] {
                    free[y] &= !(1u128 << (c - 1));
                }
            }
        }
        Exact {
            adj,
            colours: givens.to_vec(),
            free,
            fresh,
            budget,
            nodes: 0,
            gave_up: false,
        }
    }

    fn run(&mut self) -> Option<Vec<u8>> {
        if self.search() {
            Some(self.colours.clone())
        } else {
            None
        }
    }

    fn search(&mut self) -> bool {
        // The uncoloured vertex with fewest free colours (most saturated),
        // ties by most uncoloured neighbours.
        let mut pick: Option<(u32, usize, usize)> = None;
        for x in 0..self.colours.len() {
            if self.colours[x] != 0 {
                continue;
            }
            let options = self.free[x].count_ones();
            if options == 0 {
                return false;
            }
            let degree = self.adj[x]
                .iter()
                .filter(|&&y| self.colours[y] == 0)
                .count();
            if pick.is_none_or(|(o, d, _)| (options, usize::MAX - degree) < (o, usize::MAX - d)) {
                pick = Some((options, degree, x));
            }
        }
        let Some((_, _, x)) = pick else {
            return true;
        };
        let mut options = self.free[x];
        // Of the interchangeable colours not used yet, try only the first.
        let used: u128 = self
            .colours
            .iter()
            .filter(|&&c| c != 0)
            .fold(0, |m, &c| m | 1u128 << (c - 1));
        let unused_fresh = self.fresh & !used & options;
        if unused_fresh != 0 {
            options &= !unused_fresh | (unused_fresh & unused_fresh.wrapping_neg());
        }
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= !bit;
            self.nodes += 1;
            if self.nodes > self.budget {
                self.gave_up = true;
                return false;
            }
            let c = bit.trailing_zeros() as u8 + 1;
            self.colours[x] = c;
            let mut changed = Vec::new();
            for &y in self.adj[x].iter() {
                if self.colours[y] == 0 && self.free[y] & bit != 0 {
                    self.free[y] &= !bit;
                    changed.push(y);
                }
            }
            if self.search() {
                return true;
            }
            for y in changed {
                self.free[y] |= bit;
            }
            self.colours[x] = 0;
            if self.gave_up {
                return false;
            }
        }
        false
    }
}

/// Check a colouring independently of the algorithms' edge list: every
/// pair of cells in one row, column or box (from their coordinates) has
/// different colours, every cell is coloured, and every given keeps its
/// colour. The error names the first offending cells.
pub fn check_colouring(puzzle: &Sudoku, colours: &[u8]) -> Result<(), ColourError> {
    let shape = puzzle.shape();
    let n = shape.size();
    if colours.len() != n * n {
        return Err(ColourError::Count {
            colours: colours.len(),
            cells: n * n,
        });
    }
    for (i, (&g, &c)) in puzzle.cells().iter().zip(colours).enumerate() {
        if c == 0 {
            return Err(ColourError::Uncoloured {
                cell: cell_name(i, n),
            });
        }
        if g != 0 && g != c {
            return Err(ColourError::Recoloured {
                cell: cell_name(i, n),
                given: g,
                colour: c,
            });
        }
    }
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            let joined = ra == rb
                || ca == cb
                || (ra / shape.box_rows == rb / shape.box_rows
                    && ca / shape.box_cols == cb / shape.box_cols);
            if joined && colours[a] == colours[b] {
                return Err(ColourError::Clash {
                    first: cell_name(a, n),
                    second: cell_name(b, n),
                    colour: colours[a],
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shidoku_graph_needs_four_colours() {
        let empty = Sudoku::empty(Shape::square(2).unwrap());
        let c = chromatic(&empty, 1_000_000).unwrap();
        assert_eq!(c.chromatic, 4);
        assert_eq!(c.lower_bound, 4);
        check_colouring(&empty, &c.colouring.colours).unwrap();
    }

    #[test]
    fn a_clash_in_the_givens_is_named() {
        let p = Sudoku::from_sage_str("11..............", None).unwrap();
        let e = dsatur(&p).unwrap_err().to_string();
        assert!(e.contains("precolouring") && e.contains("row 1"), "{e}");
    }
}
