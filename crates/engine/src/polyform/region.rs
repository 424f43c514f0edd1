//! Regions to fill: builders for the usual shapes on each lattice.

use super::lattice::{Cell, Lattice};
use super::PolyformError;

/// A `w × h` rectangle of squares.
pub fn rectangle(w: i32, h: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..w {
        for y in 0..h {
            v.push([x, y, 0]);
        }
    }
    v
}

/// A rectangle of squares without the given `(x, y)` cells.
pub fn rectangle_without(w: i32, h: i32, holes: &[(i32, i32)]) -> Vec<Cell> {
    rectangle(w, h)
        .into_iter()
        .filter(|c| !holes.contains(&(c[0], c[1])))
        .collect()
}

/// An `x × y × z` box of cubes.
pub fn cuboid(x: i32, y: i32, z: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for a in 0..x {
        for b in 0..y {
            for c in 0..z {
                v.push([a, b, c]);
            }
        }
    }
    v
}

/// Parse a picture of squares (or of one layer of cubes): any character
/// other than space, `.` and `_` is a cell; the last line is y = 0.
pub fn from_picture(picture: &str) -> Vec<Cell> {
    let lines: Vec<&str> = picture.lines().filter(|l| !l.trim().is_empty()).collect();
    let h = lines.len() as i32;
    let mut v = Vec::new();
    for (row, line) in lines.iter().enumerate() {
        let y = h - 1 - row as i32;
        for (x, ch) in line.chars().enumerate() {
            if !matches!(ch, ' ' | '.' | '_') {
                v.push([x as i32, y, 0]);
            }
        }
    }
    v
}

/// A `w × h` parallelogram of triangles (Polyform Puzzler's default
/// polyiamond region: `2·w·h` triangles, x < w, y < h).
pub fn triangle_parallelogram(w: i32, h: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..w {
        for y in 0..h {
            v.push([x, y, 0]);
            v.push([x, y, 1]);
        }
    }
    v
}

/// A regular hexagon of side `s` made of `6·s²` triangles.
pub fn triangle_hexagon(s: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..2 * s {
        for y in 0..2 * s {
            for z in 0..2 {
                let t = x + y + z;
                if s - 1 < t && t < 3 * s {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

/// A `w × h` parallelogram of hexagons.
pub fn hex_parallelogram(w: i32, h: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..w {
        for y in 0..h {
            v.push([x, y, 0]);
        }
    }
    v
}

/// A hexagon of hexagons with `s` cells on each side (`3s² − 3s + 1` cells).
pub fn hex_hexagon(s: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..2 * s - 1 {
        for y in 0..2 * s - 1 {
            let t = x + y;
            if s - 1 <= t && t <= 3 * s - 3 {
                v.push([x, y, 0]);
            }
        }
    }
    v
}

/// Every unit segment of a `w × h` square grid, border included
/// (`2wh + w + h` segments).
pub fn stick_grid(w: i32, h: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..=w {
        for y in 0..=h {
            if x < w {
                v.push([x, y, 0]);
            }
            if y < h {
                v.push([x, y, 1]);
            }
        }
    }
    v
}

/// Every unit segment of the triangular grid inside a parallelogram of
/// `w × h` point steps (points 0 ≤ x ≤ w, 0 ≤ y ≤ h; `3wh + w + h`
/// segments): the polytrig counterpart of [`stick_grid`].
pub fn trig_grid(w: i32, h: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for x in 0..=w {
        for y in 0..=h {
            if x < w {
                v.push([x, y, 0]);
            }
            if y < h {
                v.push([x, y, 1]);
                if x > 0 {
                    v.push([x, y, 2]);
                }
            }
        }
    }
    v
}

/// The six edges of polyhex `(x, y)` as polytwig segments.
pub fn twig_hexagon(x: i32, y: i32) -> [Cell; 6] {
    [
        [x, y, 0],
        [x, y + 1, 0],
        [x, y, 1],
        [x + 1, y, 1],
        [x, y + 1, 2],
        [x + 1, y, 2],
    ]
}

/// Every edge of a `w × h` parallelogram of hexagons (as
/// [`hex_parallelogram`]), as polytwig segments.
pub fn twig_grid(w: i32, h: i32) -> Vec<Cell> {
    let mut v: Vec<Cell> = hex_parallelogram(w, h)
        .into_iter()
        .flat_map(|c| twig_hexagon(c[0], c[1]))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The cells sorted and deduplicated, checked against the lattice.
pub fn normalized_region(lattice: Lattice, cells: &[Cell]) -> Result<Vec<Cell>, PolyformError> {
    if let Some(&cell) = cells.iter().find(|c| !lattice.is_valid(**c)) {
        return Err(PolyformError::NotACell { cell, lattice });
    }
    let mut v = cells.to_vec();
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(rectangle(10, 6).len(), 60);
        assert_eq!(
            rectangle_without(8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)]).len(),
            60
        );
        assert_eq!(cuboid(3, 4, 5).len(), 60);
        assert_eq!(triangle_parallelogram(9, 4).len(), 72);
        assert_eq!(triangle_hexagon(4).len(), 96);
        assert_eq!(triangle_hexagon(1).len(), 6);
        assert_eq!(hex_hexagon(1).len(), 1);
        assert_eq!(hex_hexagon(2).len(), 7);
        assert_eq!(hex_hexagon(3).len(), 19);
        assert_eq!(stick_grid(5, 5).len(), 60);
        assert_eq!(from_picture("##.\n###\n").len(), 5);
        assert!(Lattice::Triangle.is_connected(&triangle_hexagon(2)));
        assert!(Lattice::Hexagon.is_connected(&hex_hexagon(3)));
    }
}
