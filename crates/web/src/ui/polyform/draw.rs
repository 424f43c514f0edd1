//! Drawing helpers: SVG styles for the big view and thumbnails, and the
//! screen geometry of editor cells (from the engine's lattice corners, with
//! cube layers side by side as in the engine's SVG).

use tessera_engine::polyform::svg::SvgStyle;
use tessera_engine::polyform::{Cell, Lattice};

pub fn big_style() -> SvgStyle {
    SvgStyle {
        unit: 30.0,
        margin: 0.3,
        outline: 2.5,
        empty: "#d9d4c8",
    }
}

pub fn thumb_style() -> SvgStyle {
    SvgStyle {
        unit: 10.0,
        margin: 0.2,
        outline: 1.0,
        empty: "#d9d4c8",
    }
}

pub fn piece_style() -> SvgStyle {
    SvgStyle {
        unit: 12.0,
        margin: 0.2,
        outline: 1.0,
        empty: "#d9d4c8",
    }
}

/// Pixels per unit edge on the editor canvas.
pub const UNIT: f64 = 28.0;

/// A cell's outline (or segment, for sticks) in screen coordinates.
pub fn cell_points(lattice: Lattice, c: Cell, layer_shift: i32) -> Vec<(f64, f64)> {
    lattice
        .corners(c)
        .into_iter()
        .map(|mut p| {
            if lattice.is_3d() {
                p[0] += c[2] * layer_shift;
            }
            let (x, y) = lattice.to_plane(p);
            (x * UNIT, -y * UNIT)
        })
        .collect()
}

/// `x,y x,y …` for an SVG `points` attribute.
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The viewBox covering some point sets, with a margin.
pub fn view_box(shapes: &[Vec<(f64, f64)>], margin: f64) -> String {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in shapes.iter().flatten() {
        x0 = x0.min(p.0);
        y0 = y0.min(p.1);
        x1 = x1.max(p.0);
        y1 = y1.max(p.1);
    }
    if x0 > x1 {
        return "0 0 10 10".into();
    }
    format!(
        "{:.1} {:.1} {:.1} {:.1}",
        x0 - margin,
        y0 - margin,
        x1 - x0 + 2.0 * margin,
        y1 - y0 + 2.0 * margin
    )
}
