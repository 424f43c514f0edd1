//! SVG drawings of regions, pieces and solutions (plain string building).
//!
//! A solution drawing has one `<g class="piece" data-piece="NAME">` group
//! per piece, holding a filled `<polygon>` per cell (in the piece's colour,
//! stroked in the same colour so no seams show) and one `<path
//! class="outline">` tracing the edges the piece shares with other pieces or
//! with the outside. Segment pieces (polysticks, polytrigs, polytwigs) are
//! drawn as thick round-capped strokes over the grid's points and faint
//! empty segments. Polycube solutions are drawn layer by layer (z = 0 on the
//! left), as in the text format.
//!
//! Segment coordinates are written with [`Fixed`], two decimals from integer
//! arithmetic: the drawings of large twig and trig regions are thousands of
//! numbers, and `{:.2}` float formatting dominated their cost.

use super::lattice::{Cell, Lattice};
use super::piece::Piece;
use super::puzzle::Puzzle;
use super::solve::{Placed, Solution};
use std::collections::HashMap;
use std::fmt::Write;

/// Drawing parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvgStyle {
    /// Pixels per unit edge.
    pub unit: f64,
    /// Margin around the drawing, in units.
    pub margin: f64,
    /// Width of piece outlines, in pixels.
    pub outline: f64,
    /// Colour of empty region cells.
    pub empty: &'static str,
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            unit: 24.0,
            margin: 0.5,
            outline: 2.0,
            empty: "#eeeeee",
        }
    }
}

/// A palette of distinguishable colours; piece `i` of a puzzle gets
/// `PALETTE[i % len]`. Twelve hues 30° apart, then the twelve between them,
/// each as vivid as a contrast of at least 3:1 against both themes' drawing
/// backgrounds allows (a stick is a thin line: a pale pink or yellow
/// vanished on the light theme, a navy on the dark one); consecutive pieces
/// are far apart in hue. tests/polyform_svg.rs checks the contrast against
/// the stylesheet's own colours.
pub const PALETTE: [&str; 24] = [
    "#ec0428", "#0096a3", "#848f02", "#8c4bf7", "#ce6a04", "#028fc7", "#019d2a", "#bf31c9",
    "#a57c00", "#3065ff", "#00997f", "#de0784", "#629702", "#a83fe4", "#0190af", "#ea5202",
    "#049863", "#d120a9", "#0289ea", "#ba7702", "#029791", "#ec0760", "#685aff", "#938203",
];

/// The colour of a piece in a puzzle (by its position in the piece list;
/// lower-case mirror names share their piece's colour).
pub fn piece_color(puzzle: &Puzzle, name: &str) -> &'static str {
    let i = puzzle
        .piece_index(name)
        .or_else(|| {
            puzzle
                .pieces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(name))
        })
        .unwrap_or_else(|| name.bytes().map(|b| b as usize).sum());
    PALETTE[i % PALETTE.len()]
}

/// A number printed with exactly two decimals (like `{:.2}`, but through
/// integer arithmetic: rounded to hundredths half away from zero, no
/// negative zero).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed(pub f64);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let h = (self.0 * 100.0).round() as i64;
        let sign = if h < 0 { "-" } else { "" };
        let a = h.unsigned_abs();
        write!(f, "{sign}{}.{:02}", a / 100, a % 100)
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Maps cells to plane points, laying cube layers side by side.
struct Layout {
    lattice: Lattice,
    layer_shift: i32,
    z0: i32,
}

impl Layout {
    fn new(lattice: Lattice, cells: &[Cell]) -> Layout {
        let (mut x0, mut x1, mut z0) = (i32::MAX, i32::MIN, i32::MAX);
        for c in cells {
            x0 = x0.min(c[0]);
            x1 = x1.max(c[0]);
            z0 = z0.min(c[2]);
        }
        Layout {
            lattice,
            layer_shift: if cells.is_empty() { 0 } else { x1 - x0 + 2 },
            z0: if cells.is_empty() { 0 } else { z0 },
        }
    }

    /// Corners of a cell as vertex-lattice points (cube layers shifted).
    fn corners(&self, c: Cell) -> Vec<[i32; 2]> {
        let mut v = self.lattice.corners(c);
        if self.lattice.is_3d() {
            let dx = (c[2] - self.z0) * self.layer_shift;
            for p in &mut v {
                p[0] += dx;
            }
        }
        v
    }

    fn plane(&self, p: [i32; 2]) -> (f64, f64) {
        self.lattice.to_plane(p)
    }
}

struct Canvas {
    body: String,
    min: (f64, f64),
    max: (f64, f64),
    style: SvgStyle,
}

impl Canvas {
    fn new(style: SvgStyle) -> Canvas {
        Canvas {
            body: String::new(),
            min: (f64::MAX, f64::MAX),
            max: (f64::MIN, f64::MIN),
            style,
        }
    }

    /// Screen coordinates (y down) of a plane point, tracking the extent.
    fn pt(&mut self, p: (f64, f64)) -> (f64, f64) {
        let q = (p.0 * self.style.unit + 0.0, -p.1 * self.style.unit + 0.0);
        self.min = (self.min.0.min(q.0), self.min.1.min(q.1));
        self.max = (self.max.0.max(q.0), self.max.1.max(q.1));
        q
    }

    fn finish(self) -> String {
        let m = self.style.margin * self.style.unit;
        let (x0, y0) = if self.min.0 <= self.max.0 {
            self.min
        } else {
            (0.0, 0.0)
        };
        let (x1, y1) = if self.min.0 <= self.max.0 {
            self.max
        } else {
            (0.0, 0.0)
        };
        let (w, h) = (x1 - x0 + 2.0 * m, y1 - y0 + 2.0 * m);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{:.2} {:.2} {:.2} {:.2}\" width=\"{:.0}\" height=\"{:.0}\">\n{}</svg>\n",
            x0 - m,
            y0 - m,
            w,
            h,
            w,
            h,
            self.body
        )
    }
}

fn polygon(canvas: &mut Canvas, layout: &Layout, c: Cell, fill: &str) {
    let pts: Vec<String> = layout
        .corners(c)
        .into_iter()
        .map(|p| {
            let (x, y) = canvas.pt(layout.plane(p));
            format!("{x:.2},{y:.2}")
        })
        .collect();
    let _ = writeln!(
        canvas.body,
        "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{fill}\" stroke-width=\"0.5\"/>",
        pts.join(" ")
    );
}

/// Edges of the cells not shared by two of them, as vertex pairs.
fn boundary(layout: &Layout, cells: &[Cell]) -> Vec<([i32; 2], [i32; 2])> {
    let mut count: HashMap<([i32; 2], [i32; 2]), usize> = HashMap::new();
    let mut order = Vec::new();
    for &c in cells {
        let v = layout.corners(c);
        for k in 0..v.len() {
            let (a, b) = (v[k], v[(k + 1) % v.len()]);
            let key = if a < b { (a, b) } else { (b, a) };
            let e = count.entry(key).or_insert(0);
            if *e == 0 {
                order.push(key);
            }
            *e += 1;
        }
    }
    order.into_iter().filter(|k| count[k] == 1).collect()
}

fn piece_group(canvas: &mut Canvas, layout: &Layout, p: &Placed, color: &str, style: &SvgStyle) {
    let _ = writeln!(
        canvas.body,
        "<g class=\"piece\" data-piece=\"{}\" fill=\"{color}\">",
        escape(&p.name)
    );
    let _ = writeln!(canvas.body, "<title>{}</title>", escape(&p.name));
    if layout.lattice.is_segment() {
        // Segments join where the piece continues through a point and stop
        // short of points where it ends, so touching pieces stay apart.
        let mut degree: HashMap<[i32; 2], usize> = HashMap::new();
        for &c in &p.cells {
            for q in layout.corners(c) {
                *degree.entry(q).or_insert(0) += 1;
            }
        }
        let gap = 0.14;
        let mut d = String::new();
        for &c in &p.cells {
            let v = layout.corners(c);
            let (a, b) = (layout.plane(v[0]), layout.plane(v[1]));
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let ta = if degree[&v[0]] > 1 { 0.0 } else { gap };
            let tb = if degree[&v[1]] > 1 { 0.0 } else { gap };
            let (x0, y0) = canvas.pt((a.0 + dx * ta, a.1 + dy * ta));
            let (x1, y1) = canvas.pt((b.0 - dx * tb, b.1 - dy * tb));
            let _ = write!(
                d,
                "M{},{} L{},{} ",
                Fixed(x0),
                Fixed(y0),
                Fixed(x1),
                Fixed(y1)
            );
        }
        let _ = writeln!(
            canvas.body,
            "<path d=\"{}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            d.trim_end(),
            Fixed(style.unit * 0.16)
        );
    } else {
        for &c in &p.cells {
            polygon(canvas, layout, c, color);
        }
        let mut d = String::new();
        for (a, b) in boundary(layout, &p.cells) {
            let (x0, y0) = canvas.pt(layout.plane(a));
            let (x1, y1) = canvas.pt(layout.plane(b));
            let _ = write!(d, "M{x0:.2},{y0:.2} L{x1:.2},{y1:.2} ");
        }
        let _ = writeln!(
            canvas.body,
            "<path class=\"outline\" d=\"{}\" fill=\"none\" stroke=\"#222222\" stroke-width=\"{:.2}\" stroke-linecap=\"round\"/>",
            d.trim_end(),
            style.outline
        );
    }
    canvas.body.push_str("</g>\n");
}

fn region_group(
    canvas: &mut Canvas,
    layout: &Layout,
    region: &[Cell],
    covered: &dyn Fn(Cell) -> bool,
    style: &SvgStyle,
) {
    canvas.body.push_str("<g class=\"region\">\n");
    if layout.lattice.is_segment() {
        // The grid points of the region, as dots.
        let mut points: Vec<[i32; 2]> = region.iter().flat_map(|&c| layout.corners(c)).collect();
        points.sort_unstable();
        points.dedup();
        for p in points {
            let (x, y) = canvas.pt(layout.plane(p));
            let _ = writeln!(
                canvas.body,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#999999\"/>",
                Fixed(x),
                Fixed(y),
                Fixed(style.unit * 0.06)
            );
        }
        // Trig and twig regions are irregular: their whole grid is drawn
        // faintly under the pieces, so the region's outline shows through
        // gaps where pieces stop short of a point. Sticks (always a full
        // rectangle here) keep only the empty segments.
        let whole_grid = matches!(layout.lattice, Lattice::Trig | Lattice::Twig);
        for &c in region.iter().filter(|&&c| whole_grid || !covered(c)) {
            let v = layout.corners(c);
            let (x0, y0) = canvas.pt(layout.plane(v[0]));
            let (x1, y1) = canvas.pt(layout.plane(v[1]));
            let _ = writeln!(
                canvas.body,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                Fixed(x0),
                Fixed(y0),
                Fixed(x1),
                Fixed(y1),
                style.empty,
                Fixed(style.unit * 0.08)
            );
        }
    } else {
        for &c in region.iter().filter(|&&c| !covered(c)) {
            polygon(canvas, layout, c, style.empty);
        }
    }
    canvas.body.push_str("</g>\n");
}

/// Draw a solution of a puzzle: empty region cells in grey, one group per
/// placed piece (omitted pieces are not drawn).
pub fn render_solution(puzzle: &Puzzle, sol: &Solution, style: &SvgStyle) -> String {
    let mut all: Vec<Cell> = puzzle.region.clone();
    all.extend(sol.pieces.iter().flat_map(|p| p.cells.iter().copied()));
    let layout = Layout::new(puzzle.lattice, &all);
    let mut canvas = Canvas::new(*style);
    let covered: std::collections::HashSet<Cell> = sol
        .pieces
        .iter()
        .flat_map(|p| p.cells.iter().copied())
        .collect();
    region_group(
        &mut canvas,
        &layout,
        &puzzle.region,
        &|c| covered.contains(&c),
        style,
    );
    for p in sol.pieces.iter().filter(|p| !p.cells.is_empty()) {
        piece_group(&mut canvas, &layout, p, piece_color(puzzle, &p.name), style);
    }
    canvas.finish()
}

/// Draw the empty region of a puzzle.
pub fn render_region(puzzle: &Puzzle, style: &SvgStyle) -> String {
    render_solution(puzzle, &Solution::default(), style)
}

/// Draw a single piece in a colour.
pub fn render_piece(lattice: Lattice, piece: &Piece, color: &str, style: &SvgStyle) -> String {
    let layout = Layout::new(lattice, &piece.cells);
    let mut canvas = Canvas::new(*style);
    let placed = Placed {
        name: piece.name.clone(),
        cells: piece.cells.clone(),
    };
    piece_group(&mut canvas, &layout, &placed, color, style);
    canvas.finish()
}
