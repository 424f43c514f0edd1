//! The 17 wooden pentacubes of the Quantumino game, exactly as Sage's
//! `sage.games.quantumino.pentaminos` lists them: same indices, same cells,
//! same colour names (so printed states compare byte for byte with Sage).

use crate::polyform::polycube::{Polycube, Vec3};
use serde::{Deserialize, Serialize};

/// Number of pieces in the game.
pub const NUM_PIECES: usize = 17;

/// Sage's source text, cell order kept (the order does not matter to
/// [`Polycube`], which sorts, but keeping it makes the table checkable
/// against the reference line by line).
const CELLS: [[Vec3; 5]; NUM_PIECES] = [
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 1, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 0, 1], [2, 0, 0], [2, 1, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [0, 0, 1]],
    [[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 0, 0], [1, 0, 1]],
    [[0, 1, 0], [1, 0, 1], [1, 1, 0], [1, 1, 1], [1, 2, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1], [2, 0, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 2, 1]],
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 2, 0], [0, 2, 1]],
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [0, 0, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [0, 2, 0], [1, 1, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1], [1, 2, 0]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 1, 1], [1, 2, 1]],
    [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [2, 1, 1]],
    [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0], [1, 2, 1]],
    [[0, 1, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 2, 0]],
];

/// Sage's colour names; mirror twins share a colour.
const COLORS: [&str; NUM_PIECES] = [
    "deeppink",
    "deeppink",
    "green",
    "green",
    "red",
    "red",
    "orange",
    "orange",
    "yellow",
    "yellow",
    "midnightblue",
    "darkblue",
    "blue",
    "blue",
    "purple",
    "purple",
    "gray",
];

/// The CSS/X11 value of a colour name used by the pieces, so the UI can
/// draw exactly the colours Sage's Jmol scenes use.
pub fn color_hex(name: &str) -> Option<&'static str> {
    Some(match name {
        "deeppink" => "#ff1493",
        "green" => "#008000",
        "red" => "#ff0000",
        "orange" => "#ffa500",
        "yellow" => "#ffff00",
        "midnightblue" => "#191970",
        "darkblue" => "#00008b",
        "blue" => "#0000ff",
        "purple" => "#800080",
        "gray" => "#808080",
        _ => return None,
    })
}

/// One piece of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Sage's index, 0–16.
    pub index: usize,
    /// Cells, sorted lexicographically (canonical: each axis minimum is 0).
    pub cells: Vec<Vec3>,
    /// Sage's colour name.
    pub color: String,
    /// The same colour as `#rrggbb`.
    pub rgb: String,
}

impl Piece {
    /// The cells as a polycube.
    pub fn polycube(&self) -> Polycube {
        Polycube::new(&self.cells)
    }

    /// Sage's `Polyomino` repr: `Polyomino: [(0, 0, 0), ...], Color: red`.
    pub fn sage_repr(&self) -> String {
        polyomino_repr(&self.cells, &self.color)
    }
}

/// Sage's `Polyomino` repr of cells (sorted here) with a colour name.
pub fn polyomino_repr(cells: &[Vec3], color: &str) -> String {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let list: Vec<String> = sorted
        .iter()
        .map(|c| format!("({}, {}, {})", c[0], c[1], c[2]))
        .collect();
    format!("Polyomino: [{}], Color: {}", list.join(", "), color)
}

/// Piece `i` (0–16), `None` beyond.
pub fn piece(i: usize) -> Option<Piece> {
    let cells = CELLS.get(i)?;
    let color = COLORS[i];
    Some(Piece {
        index: i,
        cells: Polycube::new(cells).cells().to_vec(),
        color: color.to_string(),
        rgb: color_hex(color)
            .expect("every piece colour has a value")
            .to_string(),
    })
}

/// The 17 pieces in Sage's order.
pub fn pieces() -> Vec<Piece> {
    (0..NUM_PIECES).filter_map(piece).collect()
}

/// The 17 pieces as polycubes, in Sage's order.
pub fn polycubes() -> Vec<Polycube> {
    CELLS.iter().map(|c| Polycube::new(c)).collect()
}

/// The mirror twin of each piece (itself for the 5 achiral ones).
pub fn mirror_twin(i: usize) -> Option<usize> {
    const TWIN: [usize; NUM_PIECES] = [1, 0, 3, 2, 5, 4, 7, 6, 8, 9, 10, 11, 13, 12, 15, 14, 16];
    TWIN.get(i).copied()
}
