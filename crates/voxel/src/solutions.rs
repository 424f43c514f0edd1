//! Engine results as voxel scenes: a polycube puzzle's solution and a
//! Quantumino box's pieces mapped to unit cubes with their colours and
//! labels — in one place, for the web viewers and the CLI's `--x3d`, so
//! the picture and the exported file always agree.

use super::scene::{Scene, VoxelPiece};
use super::x3d;
use tessera_engine::polyform::{svg, Puzzle, Solution};
use tessera_engine::quantumino::{piece, PlacedPiece};

/// The placed pieces of a polycube solution (pieces left out are not
/// drawn), each in the colour the flat drawings give it and named by its
/// piece name.
pub fn polycube_pieces(puzzle: &Puzzle, solution: &Solution) -> Vec<VoxelPiece> {
    solution
        .pieces
        .iter()
        .filter(|x| !x.cells.is_empty())
        .map(|x| VoxelPiece {
            cells: x.cells.clone(),
            color: svg::piece_color(puzzle, &x.name).to_string(),
            label: x.name.clone(),
        })
        .collect()
}

/// The size of the region's bounding box (a viewer's frame), when the
/// region starts at the origin — the frame is drawn from there, and the
/// library's regions do.
pub fn polycube_frame(puzzle: &Puzzle) -> Option<[i32; 3]> {
    let first = puzzle.region.first()?;
    let (mut lo, mut hi) = (*first, *first);
    for c in &puzzle.region {
        for k in 0..3 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    (lo == [0, 0, 0]).then(|| [hi[0] + 1, hi[1] + 1, hi[2] + 1])
}

/// A polycube solution as an X3D document titled with the puzzle's title
/// (the CLI's `--x3d`; no frame, the pieces fill the region).
pub fn polycube_x3d(puzzle: &Puzzle, solution: &Solution) -> String {
    let scene = Scene::new(polycube_pieces(puzzle, solution), None);
    x3d::write(&scene, &puzzle.title)
}

/// A placed Quantumino piece in its game colour, labelled "piece 3 (red)"
/// (grey and unnamed for an index the set does not have).
pub fn quantumino_piece(p: &PlacedPiece) -> VoxelPiece {
    let info = piece(p.piece);
    VoxelPiece {
        cells: p.cells.clone(),
        color: info.as_ref().map_or("#808080".into(), |i| i.rgb.clone()),
        label: format!(
            "piece {} ({})",
            p.piece,
            info.map_or(String::new(), |i| i.color)
        ),
    }
}

/// A Quantumino box with its placed pieces (the box `[a, b, c]` drawn as
/// the frame): what the workbench shows and exports as X3D.
pub fn quantumino_scene(pieces: &[PlacedPiece], box_size: [i32; 3]) -> Scene {
    Scene::new(
        pieces.iter().map(quantumino_piece).collect(),
        Some(box_size),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_engine::polyform::solve::{solutions, SolveOptions};
    use tessera_engine::polyform::{library, Placed};

    fn soma() -> (Puzzle, Solution) {
        let puzzle = library::find("soma-3x3x3").unwrap();
        let first = solutions(&puzzle, SolveOptions::default(), Some(1))
            .unwrap()
            .remove(0);
        (puzzle, first)
    }

    #[test]
    fn a_polycube_solution_maps_piece_by_piece() {
        let (puzzle, mut sol) = soma();
        // A piece left out is not drawn.
        sol.pieces.push(Placed {
            name: "unused".into(),
            cells: Vec::new(),
        });
        let pieces = polycube_pieces(&puzzle, &sol);
        assert_eq!(pieces.len(), 7);
        for (v, placed) in pieces.iter().zip(&sol.pieces) {
            assert_eq!(v.label, placed.name);
            assert_eq!(v.cells, placed.cells);
            assert_eq!(v.color, svg::piece_color(&puzzle, &placed.name));
            assert!(
                v.color.starts_with('#') && v.color.len() == 7,
                "{}",
                v.color
            );
        }
        let cubes: usize = pieces.iter().map(|p| p.cells.len()).sum();
        assert_eq!(cubes, puzzle.region.len());
        assert_eq!(polycube_frame(&puzzle), Some([3, 3, 3]));
    }

    #[test]
    fn the_x3d_of_a_solution_has_every_cube_in_its_piece_colour() {
        let (puzzle, sol) = soma();
        let doc = polycube_x3d(&puzzle, &sol);
        assert!(
            doc.contains(&format!("content=\"{}\"", puzzle.title)),
            "{doc}"
        );
        // One unit box per cube, one group per piece.
        assert_eq!(doc.matches("<Box ").count(), 27, "{doc}");
        assert_eq!(doc.matches("<Group DEF=").count(), 7, "{doc}");
        for p in polycube_pieces(&puzzle, &sol) {
            assert!(
                doc.contains(&format!("value='\"{}\"'", p.label)),
                "{}",
                p.label
            );
        }
    }

    #[test]
    fn a_quantumino_piece_keeps_its_game_colour() {
        let cells = vec![[0, 0, 0], [1, 0, 0]];
        let p = quantumino_piece(&PlacedPiece {
            piece: 3,
            cells: cells.clone(),
        });
        let info = piece(3).unwrap();
        assert_eq!(p.cells, cells);
        assert_eq!(p.color, info.rgb);
        assert_eq!(p.label, format!("piece 3 ({})", info.color));
        let unknown = quantumino_piece(&PlacedPiece {
            piece: 999,
            cells: Vec::new(),
        });
        assert_eq!(
            (unknown.color.as_str(), unknown.label.as_str()),
            ("#808080", "piece 999 ()")
        );
    }
}
