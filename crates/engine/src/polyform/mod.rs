//! Polyform puzzles in the manner of David Goodger's Polyform Puzzler.
//!
//! * [`lattice`]: the seven lattices (squares, triangles, hexagons, cubes,
//!   and segments of the square, triangular and hexagonal grids), their
//!   neighbours, symmetry groups and normal forms.
//! * [`piece`], [`sets`]: named pieces and piece sets.
//! * [`region`]: builders for the shapes to fill.
//! * [`enumerate`]: Redelmeier enumeration of fixed / one-sided / free
//!   polyforms.
//! * [`catalogue`]: Polyform Puzzler's 1,179 puzzles, parsed at run time
//!   from a text asset (`crates/engine/data/pp-catalogue.txt`).
//! * [`polycube`]: the polycube model of Sage's `TilingSolver` (24 rotations,
//!   48 isometries, placements in a box), also used by Quantumino.
//! * [`bitfill`]: the bitset search (boards as bit masks, fill the lowest
//!   empty cell), `Engine::Auto`'s choice up to 128 cells without crossings;
//!   [`bitset`] holds its masks (`u64`, `u128`, [`bitset::W256`]).
//! * [`parallel`]: one count on several native threads: row-prefix parts
//!   in a shared queue, late parts cut deeper, work given to idle threads.
//! * [`budget`]: a count within a time budget, on one thread or several
//!   (the catalogue report's per-puzzle run).
//!
//! Layout of the puzzle side: a [`puzzle::Puzzle`] is a declaration (region +
//! pieces + options); [`puzzle::Matrix`] turns it into exact-cover rows;
//! [`symmetry`] finds the puzzle's symmetries and restricts one piece so that
//! each solution is found once up to symmetry; [`solve::SolveRun`] runs a
//! budgeted search ([`crate::search::Search`]); [`format`](mod@format) reads and
//! writes Polyform Puzzler solution files; [`svg`] draws solutions;
//! [`library`] holds Tessera's named puzzles with their known counts.
//!
//! # For a user interface
//!
//! * List: [`library::listing`] (serialisable [`puzzle::PuzzleInfo`]:
//!   name, family, cells, pieces, known counts); [`library::find`] gives the
//!   full [`Puzzle`] (region cells, pieces, options; serialisable).
//! * Draw: [`svg::render_region`], [`svg::render_solution`],
//!   [`svg::render_piece`] return SVG strings (one `<g class="piece"
//!   data-piece=…>` per piece); for custom drawing, [`Lattice::corners`] and
//!   [`Lattice::to_plane`] give every cell's polygon, [`svg::piece_color`]
//!   the colours.
//! * Solve with a budget: [`SolveRun::new`] then
//!   [`step(budget)`](crate::search::Search::step) returns a
//!   [`Solution`], `Paused` (report [`progress`](crate::search::Search::progress),
//!   honour a cancel) or `Done`; `set_count_only` to count;
//!   [`SolveRun::subproblems`] + [`SolveRun::with_prefix`] split a count over
//!   a pool of workers.
//! * Files: [`format::write_file`] / [`format::record`] write Polyform
//!   Puzzler solution files, [`format::parse`] reads them back.
//!
//! # Design notes
//!
//! * One cell type `[x, y, z]` for every lattice keeps pieces, regions,
//!   matrices, files and drawings generic; what `z` means (orientation or
//!   height) is the lattice's business.
//! * Lattice symmetries are integer matrices on an embedding where they are
//!   linear (3× triangle centroids, 2× stick, trig and twig midpoints), so one normal-form
//!   routine serves all families and the group tests are one-liners.
//! * Unique solutions follow Polyform Puzzler: restrict one piece that every
//!   symmetry maps to itself to one placement per orbit — but placements
//!   fixed by a symmetry are kept and their solutions tested canonically,
//!   so the count is exact for any region (Soma's chiral pair, boxes with
//!   mirror planes) without hand-tuned restrictions.
//! * Enumeration counts a fixed polyform only when it is the smallest image
//!   of its orbit: no hash set, constant memory, one pass for every size.

pub mod bitfill;
pub mod bitset;
pub mod budget;
pub mod catalogue;
pub mod editor;
pub mod enumerate;
pub mod format;
pub mod lattice;
pub mod library;
pub mod parallel;
pub mod piece;
pub mod polycube;
pub mod puzzle;
pub mod region;
mod segment_puzzles;
mod segment_sets;
pub mod sets;
pub mod solve;
pub mod svg;
pub mod symmetry;

pub use lattice::{Cell, Lattice, Transform};
pub use piece::{Freedom, Piece};
pub use puzzle::{Known, Puzzle};
pub use sets::PieceSet;
pub use solve::{Placed, Solution, SolveOptions, SolveRun};

use std::fmt;

/// Errors of the polyform engine, each with a message that says what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolyformError {
    /// No puzzle of that name in the [`library`].
    UnknownPuzzle(String),
    /// No polyform family of that name.
    UnknownFamily(String),
    /// A size beyond what the engine accepts.
    TooLarge {
        /// What was asked for.
        what: String,
        /// The size asked for.
        size: usize,
        /// The largest size accepted.
        limit: usize,
    },
    /// A puzzle declaration that cannot be solved as stated.
    BadPuzzle(String),
    /// A solution file that cannot be read.
    Parse {
        /// 1-based line number (0 when unknown).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A cell of a link's region (1-based, with its text) that is not
    /// `x.y.z` within bounds.
    CellText { index: usize, text: String },
    /// A cell that is not on the lattice.
    NotACell { cell: Cell, lattice: Lattice },
}

impl fmt::Display for PolyformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolyformError::UnknownPuzzle(name) => write!(
                f,
                "unknown puzzle '{name}' (run `tessera polyform list` for the names)"
            ),
            PolyformError::UnknownFamily(name) => write!(
                f,
                "unknown polyform family '{name}' (use polyomino, polyiamond, polyhex, polycube, polystick, polytrig or polytwig)"
            ),
            PolyformError::TooLarge { what, size, limit } => {
                if *size == 0 {
                    write!(f, "{what}: size must be at least 1 (the limit is {limit})")
                } else {
                    write!(f, "{what}: size {size} is too large (the limit is {limit})")
                }
            }
            PolyformError::BadPuzzle(msg) => write!(f, "bad puzzle: {msg}"),
            PolyformError::Parse { line, message } => {
                if *line > 0 {
                    write!(f, "line {line}: {message}")
                } else {
                    write!(f, "{message}")
                }
            }
            PolyformError::CellText { index, text } => {
                write!(f, "cell {index} ('{text}') is not x.y.z")
            }
            PolyformError::NotACell { cell, lattice } => {
                write!(f, "{cell:?} is not a cell of the {} lattice", lattice.family())
            }
        }
    }
}

impl std::error::Error for PolyformError {}
