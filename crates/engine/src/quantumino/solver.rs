//! Sage's `QuantuminoSolver`: 16 of the 17 pentacubes into a box, one put
//! aside. Rows and solutions come out in Sage's order because the rows are
//! built by the shared [`TilingSolver`] and searched by the shared DLX
//! [`CoverSearch`], both of which follow Sage's rules.

use super::pieces::{self, polyomino_repr, NUM_PIECES};
use crate::exact_cover::CoverSearch;
use crate::polyform::polycube::{TilingError, TilingSolver, Vec3};
use crate::search::{Progress, Search, Step};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

/// The box of the real game.
pub const GAME_BOX: Vec3 = [5, 8, 2];

/// Boxes larger than this are refused: nothing useful fits 16 pentacubes
/// into them and the row lists would only waste memory.
const MAX_BOX_CELLS: i64 = 1_000_000;

/// Bad input to the Quantumino engine, worded as Sage words it where Sage
/// has a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum QuantuminoError {
    /// A `partial` Sage does not know.
    #[error("Unknown value for partial (={0})")]
    Partial(String),
    /// A box side (1-based) of 0 or less.
    #[error("box side {side} (={length}) must be positive")]
    BoxSide { side: usize, length: i64 },
    /// A box with more than [`MAX_BOX_CELLS`] cells.
    #[error("box ({}, {}, {}) is too large (at most {MAX_BOX_CELLS} cells)", bx[0], bx[1], bx[2])]
    BoxTooLarge { bx: [i64; 3] },
    /// A piece put aside outside 0..=16.
    #[error("aside (={0}) must be between 0 and 16")]
    Aside(i64),
    /// A Sage version Tessera does not follow.
    #[error("'{0}' is not a Sage version Tessera follows: choose current or 6.8 (the seed's)")]
    SageVersion(String),
    /// The tiling solver underneath refused the box.
    #[error(transparent)]
    Tiling(#[from] TilingError),
}

/// Sage's `partial` argument of `solve()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Partial {
    /// Each solution, then the longest common prefix (in choice order) with
    /// the next one.
    CommonPrefix,
    /// One piece removed or added at a time between consecutive solutions.
    Incremental,
}

impl Partial {
    /// Parse Sage's names; anything else gets Sage's error. `common` is
    /// the name Sage 6.8's Quantumino docstring (the seed's text) uses for
    /// `common_prefix`; today's Sage refuses it, but a reader following the
    /// seed types it, so it is accepted as a synonym.
    pub fn parse(s: &str) -> Result<Partial, QuantuminoError> {
        match s {
            "common_prefix" | "common" => Ok(Partial::CommonPrefix),
            "incremental" => Ok(Partial::Incremental),
            _ => Err(QuantuminoError::Partial(s.to_owned())),
        }
    }
}

/// Check a box given by the user: three positive sides, not absurdly large.
pub fn check_box(bx: [i64; 3]) -> Result<Vec3, QuantuminoError> {
    if let Some(k) = bx.iter().position(|&a| a <= 0) {
        return Err(QuantuminoError::BoxSide {
            side: k + 1,
            length: bx[k],
        });
    }
    let volume = bx
        .iter()
        .try_fold(1i64, |acc, &a| acc.checked_mul(a))
        .filter(|&v| v <= MAX_BOX_CELLS);
    if volume.is_none() {
        return Err(QuantuminoError::BoxTooLarge { bx });
    }
    Ok([bx[0] as i32, bx[1] as i32, bx[2] as i32])
}

/// A piece placed in the box.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlacedPiece {
    /// Sage's piece index, 0–16.
    pub piece: usize,
    /// Covered box cells, sorted.
    pub cells: Vec<Vec3>,
}

impl PlacedPiece {
    /// Sage's repr of the placed piece (with the piece's colour).
    pub fn sage_repr(&self) -> String {
        let p = pieces::piece(self.piece).expect("valid piece index");
        polyomino_repr(&self.cells, &p.color)
    }
}

/// Sage's `QuantuminoState`: the pieces placed so far (a full solution or,
/// in the partial modes, part of one) and the piece put aside.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QuantuminoState {
    /// The piece put aside.
    pub aside: usize,
    /// The box.
    pub box_size: Vec3,
    /// The placed pieces, in the solver's choice order.
    pub pieces: Vec<PlacedPiece>,
}

impl QuantuminoState {
    /// Sage's `for p in s: p` output: one repr line per placed piece.
    pub fn pieces_text(&self) -> String {
        let mut s = String::new();
        for p in &self.pieces {
            s.push_str(&p.sage_repr());
            s.push('\n');
        }
        s
    }

    /// The state repr followed by its pieces, as the CLI prints it.
    pub fn full_text(&self) -> String {
        format!("{self}\n{}", self.pieces_text())
    }
}

impl fmt::Display for QuantuminoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let aside = pieces::piece(self.aside).expect("valid aside");
        write!(
            f,
            "Quantumino state where the following pentamino is put aside :\n{}",
            aside.sage_repr()
        )
    }
}

/// Which Sage's text to print where they differ: the seed's reference
/// manual is "Sage Reference Manual: Games, Release 6.8"; Tessera's
/// default is current Sage's doctests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SageVersion {
    /// Sage 6.8 (the seed).
    Sage68,
    /// Current Sage.
    Current,
}

impl SageVersion {
    pub fn parse(s: &str) -> Result<SageVersion, QuantuminoError> {
        match s.trim() {
            "6.8" | "seed" => Ok(SageVersion::Sage68),
            "current" => Ok(SageVersion::Current),
            _ => Err(QuantuminoError::SageVersion(s.to_owned())),
        }
    }
}

/// Sage's `QuantuminoSolver(aside, box)`.
#[derive(Clone, Debug)]
pub struct QuantuminoSolver {
    aside: usize,
    tiling: TilingSolver,
}

impl QuantuminoSolver {
    /// A solver with piece `aside` put aside; Sage's error for an aside
    /// outside 0..=16, and a clear one for a box with a side ≤ 0.
    pub fn new(aside: i64, bx: [i64; 3]) -> Result<QuantuminoSolver, QuantuminoError> {
        if !(0..NUM_PIECES as i64).contains(&aside) {
            return Err(QuantuminoError::Aside(aside));
        }
        let bx = check_box(bx)?;
        let aside = aside as usize;
        let kept = pieces::polycubes()
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| i != aside)
            .map(|(_, p)| p)
            .collect();
        let tiling = TilingSolver::new(kept, bx, true, false, false)?;
        Ok(QuantuminoSolver { aside, tiling })
    }

    /// The game: box 5×8×2.
    pub fn game(aside: i64) -> Result<QuantuminoSolver, QuantuminoError> {
        QuantuminoSolver::new(aside, GAME_BOX.map(i64::from))
    }

    /// The piece put aside.
    pub fn aside(&self) -> usize {
        self.aside
    }

    /// The box.
    pub fn box_size(&self) -> Vec3 {
        self.tiling.box_size()
    }

    /// Sage's piece index of the tiling solver's piece `k`.
    pub fn original_index(&self, k: usize) -> usize {
        if k < self.aside {
            k
        } else {
            k + 1
        }
    }

    /// The Sage indices of the 16 pieces used, in tiling-solver order.
    pub fn used_pieces(&self) -> Vec<usize> {
        (0..NUM_PIECES - 1)
            .map(|k| self.original_index(k))
            .collect()
    }

    /// The underlying tiling solver (Sage's `tiling_solver()`).
    pub fn tiling_solver(&self) -> &TilingSolver {
        &self.tiling
    }

    /// Sage's repr of the solver.
    pub fn sage_repr(&self) -> String {
        let [a, b, c] = self.box_size();
        format!(
            "Quantumino solver for the box ({a}, {b}, {c})\nAside pentamino number: {}",
            self.aside
        )
    }

    /// Sage's repr of `tiling_solver()` (current Sage).
    pub fn tiling_summary(&self) -> String {
        self.tiling_summary_in(SageVersion::Current)
    }

    /// `tiling_solver()`'s repr as `version` prints it: Sage 6.8 (the
    /// seed's reference manual) names the box, "into the box (5, 8, 2)";
    /// current Sage gives its volume, "into a box of size 80".
    pub fn tiling_summary_in(&self, version: SageVersion) -> String {
        let into = match version {
            SageVersion::Current => format!("a box of size {}", self.tiling.box_cells()),
            SageVersion::Sage68 => {
                let [a, b, c] = self.box_size();
                format!("the box ({a}, {b}, {c})")
            }
        };
        format!(
            "Tiling solver of {} pieces into {into}\nRotation allowed: True\nReflection allowed: False\nReusing pieces allowed: False",
            NUM_PIECES - 1
        )
    }

    /// `tiling_solver().dlx_solver()`'s repr as `version` prints it: Sage
    /// 6.8 had no repr of its own (the object's default, the address
    /// elided as the seed's doctest writes it); current Sage counts
    /// columns and rows ([`Self::dlx_summary`]).
    pub fn dlx_summary_in(&self, version: SageVersion) -> String {
        match version {
            SageVersion::Current => self.dlx_summary(),
            SageVersion::Sage68 => {
                "<sage.combinat.matrices.dancing_links.dancing_linksWrapper object at ...>".into()
            }
        }
    }

    /// The exact-cover rows in Sage's order.
    pub fn rows(&self) -> Vec<Vec<usize>> {
        self.tiling.rows()
    }

    /// Rows per piece, in tiling-solver order (Sage's `nrows_per_piece()`).
    pub fn nrows_per_piece(&self) -> Vec<usize> {
        self.tiling.nrows_per_piece()
    }

    /// Sage's `Dancing links solver for … columns and … rows` line.
    pub fn dlx_summary(&self) -> String {
        let rows = self.rows();
        let cols = rows.iter().flatten().max().map_or(0, |m| m + 1);
        format!(
            "Dancing links solver for {cols} columns and {} rows",
            rows.len()
        )
    }

    /// Whether a search can find anything: the box holds exactly 80 cells
    /// and every piece has at least one placement. Sage only checks the
    /// volume and lets the search fail; the answer is the same, found
    /// without building the matrix.
    pub fn is_possible(&self) -> bool {
        self.tiling.is_suitable() && self.nrows_per_piece().iter().all(|&n| n > 0)
    }

    /// A resumable enumeration of the solutions in Sage's order.
    pub fn search(&self, partial: Option<Partial>) -> QuantuminoSearch {
        QuantuminoSearch::new(self, partial)
    }

    /// The first `max` items of [`search`](Self::search).
    pub fn solutions(&self, partial: Option<Partial>, max: usize) -> Vec<QuantuminoState> {
        let mut s = self.search(partial);
        let mut out = Vec::new();
        while out.len() < max {
            match s.step(1 << 20) {
                Step::Solution(st) => out.push(st),
                Step::Paused => {}
                Step::Done => break,
            }
        }
        out
    }

    /// The state of a list of rows of [`rows`](Self::rows).
    pub fn state_of_rows(&self, rows: &[Vec<usize>], chosen: &[usize]) -> QuantuminoState {
        QuantuminoState {
            aside: self.aside,
            box_size: self.box_size(),
            pieces: chosen
                .iter()
                .map(|&r| {
                    let (k, q) = self.tiling.row_to_polycube(rows, r);
                    PlacedPiece {
                        piece: self.original_index(k),
                        cells: q.cells().to_vec(),
                    }
                })
                .collect(),
        }
    }
}

impl fmt::Display for QuantuminoSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sage_repr())
    }
}

/// A budgeted enumeration of Quantumino states (full solutions, or the
/// partial states of Sage's `common_prefix` / `incremental` modes), for the
/// CLI and for a Web Worker that steps it between messages.
pub struct QuantuminoSearch {
    aside: usize,
    box_size: Vec3,
    /// Placement of each row: Sage piece index and cells.
    placements: Vec<PlacedPiece>,
    /// `None` when the problem is impossible: the search is over at once.
    solver: Option<CoverSearch>,
    partial: Option<Partial>,
    previous: Option<Vec<usize>>,
    pending: VecDeque<Vec<usize>>,
    solutions: u128,
}

impl QuantuminoSearch {
    fn new(q: &QuantuminoSolver, partial: Option<Partial>) -> QuantuminoSearch {
        let (placements, solver) = if q.is_possible() {
            let rows = q.rows();
            let problem = q
                .tiling
                .problem(&rows)
                .expect("tiling rows are well formed");
            let placements = (0..rows.len())
                .map(|r| {
                    let (k, cube) = q.tiling.row_to_polycube(&rows, r);
                    PlacedPiece {
                        piece: q.original_index(k),
                        cells: cube.cells().to_vec(),
                    }
                })
                .collect();
            (placements, Some(CoverSearch::new(&problem)))
        } else {
            (Vec::new(), None)
        };
        QuantuminoSearch {
            aside: q.aside,
            box_size: q.box_size(),
            placements,
            solver,
            partial,
            previous: None,
            pending: VecDeque::new(),
            solutions: 0,
        }
    }

    fn state(&self, rows: &[usize]) -> QuantuminoState {
        QuantuminoState {
            aside: self.aside,
            box_size: self.box_size,
            pieces: rows.iter().map(|&r| self.placements[r].clone()).collect(),
        }
    }

    /// Queue the items Sage's partial mode yields for a new solution.
    fn enqueue(&mut self, b: Vec<usize>) {
        match (self.partial, self.previous.take()) {
            (None, _) | (_, None) => self.pending.push_back(b.clone()),
            (Some(Partial::CommonPrefix), Some(a)) => {
                let cp = common_prefix(&a, &b);
                self.pending.push_back(a[..cp].to_vec());
                self.pending.push_back(b.clone());
            }
            (Some(Partial::Incremental), Some(a)) => {
                let cp = common_prefix(&a, &b);
                for i in 1..a.len().saturating_sub(cp) {
                    self.pending.push_back(a[..a.len() - i].to_vec());
                }
                for l in cp..=b.len() {
                    self.pending.push_back(b[..l].to_vec());
                }
            }
        }
        self.previous = Some(b);
    }
}

fn common_prefix(a: &[usize], b: &[usize]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

impl Search<QuantuminoState> for QuantuminoSearch {
    fn step(&mut self, budget: u64) -> Step<QuantuminoState> {
        if let Some(rows) = self.pending.pop_front() {
            return Step::Solution(self.state(&rows));
        }
        let Some(solver) = self.solver.as_mut() else {
            return Step::Done;
        };
        match solver.step(budget) {
            Step::Solution(rows) => {
                self.solutions += 1;
                self.enqueue(rows);
                let rows = self.pending.pop_front().expect("just queued");
                Step::Solution(self.state(&rows))
            }
            Step::Paused => Step::Paused,
            Step::Done => Step::Done,
        }
    }

    fn progress(&self) -> Progress {
        match &self.solver {
            Some(s) => s.progress(),
            None => Progress {
                nodes: 0,
                solutions: 0,
                fraction: 1.0,
                conflicts: None,
            },
        }
    }

    fn set_count_only(&mut self, count_only: bool) {
        if let Some(s) = self.solver.as_mut() {
            s.set_count_only(count_only);
        }
    }
}
