//! The catalogue of named puzzles. Each is a few lines of declaration; the
//! published counts are checked by the test suite.

use super::lattice::Lattice;
use super::piece::Freedom;
use super::puzzle::{Puzzle, PuzzleInfo};
use super::{region, sets, PolyformError};

const PP: &str = "Polyform Puzzler";

/// The polytrig and polytwig puzzles: Polyform Puzzler's regions (kept as
/// data in [`segment_puzzles`](super::segment_puzzles)) with its piece
/// sets, named after PP's classes; the published counts are PP's.
fn segment_puzzles() -> Vec<Puzzle> {
    use super::segment_puzzles::{TRIG_PUZZLES, TWIG_PUZZLES};
    let mut out = Vec::new();
    for (lattice, list) in [(Lattice::Trig, TRIG_PUZZLES), (Lattice::Twig, TWIG_PUZZLES)] {
        for d in list {
            let set = sets::named(d.set).expect("library sets exist");
            let region: Vec<_> = d
                .region
                .split_whitespace()
                .map(|t| {
                    let mut c = [0; 3];
                    for (k, v) in t.split(',').enumerate() {
                        c[k] = v.parse().expect("integer coordinates");
                    }
                    c
                })
                .collect();
            let description = format!(
                "The {} {}{} on {} segments (Polyform Puzzler's {})",
                set.pieces.len(),
                set.name.replace('-', " "),
                if set.pieces.iter().all(|p| p.size() == set.pieces[0].size()) {
                    String::new()
                } else {
                    format!(" ({} units)", set.cell_count())
                },
                region.len(),
                d.class
            );
            let mut p = Puzzle::new(d.name, lattice, region, set)
                .title(d.class)
                .describe(&description);
            if d.one_sided {
                p = p.freedom(Freedom::ONE_SIDED);
            }
            if d.published.is_some() {
                p = p.known(d.published, None, PP);
            }
            out.push(p);
        }
    }
    out
}

/// Every puzzle of the library, in display order.
pub fn puzzles() -> Vec<Puzzle> {
    let mut all = cell_and_stick_puzzles();
    all.extend(segment_puzzles());
    all
}

fn cell_and_stick_puzzles() -> Vec<Puzzle> {
    use Lattice::*;
    // The pentomino rectangles h×w and the solid pentomino boxes, with
    // PP's counts (up to symmetry, in all) where it publishes them.
    let rectangles = [
        (6, 10, Some(2339), Some(9356)),
        (5, 12, Some(1010), None),
        (4, 15, Some(368), None),
        (3, 20, Some(2), None),
    ]
    .map(|(h, w, unique, all)| {
        let p = Puzzle::new(
            &format!("pentominoes-{h}x{w}"),
            Square,
            region::rectangle(w, h),
            sets::pentominoes(),
        )
        .describe(&format!("The 12 pentominoes in a {h}×{w} rectangle"));
        p.known(unique, all, PP)
    });
    let boxes = [
        ((3, 4, 5), Some(3940), Some(31_520)),
        ((2, 5, 6), None, None),
        ((2, 3, 10), None, None),
    ]
    .map(|((a, b, c), unique, all)| {
        let p = Puzzle::new(
            &format!("solid-pentominoes-{a}x{b}x{c}"),
            Cube,
            region::cuboid(c, b, a),
            sets::solid_pentominoes(),
        )
        .describe(&format!("The 12 solid pentominoes in a {a}×{b}×{c} box"));
        if unique.is_some() {
            p.known(unique, all, PP)
        } else {
            p
        }
    });
    let mut out = Vec::from(rectangles);
    out.extend([
        Puzzle::new(
            "pentominoes-8x8-hole",
            Square,
            region::rectangle_without(8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)]),
            sets::pentominoes(),
        )
        .describe(
            "Dana Scott's problem: the 12 pentominoes in an 8×8 square with a 2×2 centre hole",
        )
        .known(
            Some(65),
            Some(520),
            "Sage tiling doctest (Scott's pentamino problem)",
        ),
        Puzzle::new(
            "one-sided-tetrominoes-4x7",
            Square,
            region::rectangle(7, 4),
            sets::tetrominoes().one_sided(),
        )
        .freedom(Freedom::ONE_SIDED)
        .describe("The 7 one-sided tetrominoes (no flips) in a 4×7 rectangle"),
        Puzzle::new(
            "y-pentomino-5x10",
            Square,
            region::rectangle(10, 5),
            sets::pentominoes().without(&["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Z"]),
        )
        .reusable()
        .describe("Knuth's puzzle: ten Y pentominoes (one piece, reused) in a 5×10 rectangle")
        .known(None, Some(10), "Sage tiling doctest"),
        Puzzle::new("soma-3x3x3", Cube, region::cuboid(3, 3, 3), sets::soma())
            .describe("Piet Hein's Soma cube: the 7 Soma pieces in a 3×3×3 cube")
            .known(Some(240), Some(11_520), PP),
    ]);
    out.extend(boxes);
    out.extend([
        Puzzle::new(
            "hexiamonds-4x9",
            Triangle,
            region::triangle_parallelogram(9, 4),
            sets::hexiamonds(),
        )
        .describe("The 12 hexiamonds in a 4×9 parallelogram")
        .known(Some(74), None, PP),
        Puzzle::new(
            "hexiamonds-6x6",
            Triangle,
            region::triangle_parallelogram(6, 6),
            sets::hexiamonds(),
        )
        .describe("The 12 hexiamonds in a 6×6 rhombus")
        .known(Some(156), None, PP),
        Puzzle::new(
            "tetrahexes-4x7",
            Hexagon,
            region::hex_parallelogram(7, 4),
            sets::tetrahexes(),
        )
        .describe("The 7 tetrahexes in a 4×7 parallelogram")
        .known(Some(9), None, PP),
        Puzzle::new(
            "polyhexes-34-hexagon",
            Hexagon,
            region::hex_hexagon(4),
            sets::PieceSet::union(
                "trihexes and tetrahexes",
                &[sets::trihexes(), sets::tetrahexes()],
            ),
        )
        .describe("The 3 trihexes and 7 tetrahexes in a hexagon of side 4 (37 cells)"),
        Puzzle::new(
            "tetrasticks-5x5",
            Stick,
            region::stick_grid(5, 5),
            sets::tetrasticks(),
        )
        .omit_one_of(&["H", "J", "L", "N", "Y"])
        .describe(
            "15 of the 16 tetrasticks (one of H J L N Y left out) on a 5×5 grid, no crossings",
        )
        .known(Some(1795), None, PP),
        Puzzle::new(
            "tetrasticks-5x5-no-h",
            Stick,
            region::stick_grid(5, 5),
            sets::tetrasticks().without(&["H"]),
        )
        .describe("The 15 tetrasticks other than H on a 5×5 grid, no crossings")
        .known(
            Some(72),
            None,
            "Polyform Puzzler (tetrasticks 5×5, H omitted)",
        ),
    ]);
    out
}

/// The puzzle with this name (or solution-file title), case-insensitive.
pub fn find(name: &str) -> Result<Puzzle, PolyformError> {
    let n = name.trim().to_ascii_lowercase();
    puzzles()
        .into_iter()
        .find(|p| p.name == n || p.title.to_ascii_lowercase() == n)
        .ok_or_else(|| PolyformError::UnknownPuzzle(name.to_string()))
}

/// The list a UI shows.
pub fn listing() -> Vec<PuzzleInfo> {
    puzzles().iter().map(Puzzle::info).collect()
}
