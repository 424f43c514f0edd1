//! The home's miniatures: one small SVG per workbench, drawn from the
//! engine's own data so the landing view stays cheap (no worker, no 3D code,
//! no catalogue) and still shows real objects — a Sage puzzle, a pentomino
//! tiling, a packed Quantumino box and the MINIMOG with a hexad lit.
//!
//! The two stored solutions are checked by the tests below (every piece is
//! one of the set, used once, the box is filled), so a miniature never shows
//! an impossible picture. Colours come from CSS classes where the theme
//! matters (lines, digits) and from the pieces where it does not.

use tessera_engine::hexad::{Labeling, Minimog};
use tessera_engine::polyform::polycube::{rotations, Polycube, Vec3};
use tessera_engine::quantumino::pieces::{pieces, NUM_PIECES};

/// A 6×10 pentomino rectangle, one letter per cell (the first solution
/// `tessera polyform solve Pentominoes6x10` prints; the test re-checks it).
pub const PENTOMINO_6X10: [&str; 6] = [
    "LLLLFTYYYY",
    "LXFFFTTTYI",
    "XXXFWTVVVI",
    "PXUUWWZZVI",
    "PPUNNWWZVI",
    "PPUUNNNZZI",
];

/// Quantumino, piece 0 put aside, packed in the 5×8×2 box: the 16 other
/// pentacubes (`tessera quantumino solve --aside 0`'s first solution).
pub const QUANTUMINO_ASIDE: usize = 0;
pub const QUANTUMINO_BOX: [i32; 3] = [5, 8, 2];
pub const QUANTUMINO_STILL: [[Vec3; 5]; 16] = [
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 2, 1], [1, 1, 1]],
    [[0, 1, 0], [0, 2, 0], [0, 3, 0], [1, 3, 0], [1, 3, 1]],
    [[0, 3, 1], [0, 4, 1], [0, 5, 1], [1, 5, 0], [1, 5, 1]],
    [[0, 4, 0], [0, 5, 0], [0, 6, 0], [0, 6, 1], [1, 4, 0]],
    [[0, 7, 0], [1, 6, 0], [1, 6, 1], [1, 7, 0], [2, 6, 0]],
    [[0, 7, 1], [1, 7, 1], [2, 6, 1], [2, 7, 0], [2, 7, 1]],
    [[1, 4, 1], [2, 4, 0], [2, 4, 1], [2, 5, 1], [3, 4, 0]],
    [[2, 5, 0], [3, 4, 1], [3, 5, 0], [3, 5, 1], [4, 4, 1]],
    [[3, 3, 1], [4, 2, 0], [4, 3, 0], [4, 3, 1], [4, 4, 0]],
    [[3, 6, 0], [3, 6, 1], [4, 5, 0], [4, 5, 1], [4, 6, 0]],
    [[3, 7, 0], [3, 7, 1], [4, 6, 1], [4, 7, 0], [4, 7, 1]],
    [[1, 0, 0], [1, 0, 1], [1, 1, 0], [1, 2, 0], [2, 2, 0]],
    [[1, 2, 1], [2, 2, 1], [2, 3, 0], [2, 3, 1], [3, 3, 0]],
    [[3, 1, 1], [4, 0, 1], [4, 1, 0], [4, 1, 1], [4, 2, 1]],
    [[2, 0, 1], [2, 1, 1], [3, 0, 0], [3, 0, 1], [4, 0, 0]],
    [[2, 0, 0], [2, 1, 0], [3, 1, 0], [3, 2, 0], [3, 2, 1]],
];

/// The five points the home's hexad link selects (shuffle labeling).
pub const HEXAD_POINTS: [u8; 5] = [0, 1, 2, 3, 4];

/// The miniature's Sudoku: 9×9 given as Sage's string (`.` blank).
pub fn sudoku_svg(puzzle: &str) -> String {
    let cells: Vec<char> = puzzle.chars().collect();
    let n = 9;
    let s = 20.0;
    let size = s * n as f64;
    let mut out = format!(
        r#"<svg class="mini mini-sudoku" viewBox="-2 -2 {w} {w}" role="img" aria-label="A 9×9 Sudoku puzzle"><rect class="mini-paper" x="0" y="0" width="{size}" height="{size}" rx="3"/>"#,
        w = size + 4.0
    );
    for (i, &ch) in cells.iter().enumerate().take(n * n) {
        if ch.is_ascii_digit() && ch != '0' {
            let (r, c) = (i / n, i % n);
            out += &format!(
                r#"<text class="mini-digit" x="{:.1}" y="{:.1}">{ch}</text>"#,
                c as f64 * s + s / 2.0,
                r as f64 * s + s / 2.0 + 5.0
            );
        }
    }
    for k in 1..n {
        let class = if k % 3 == 0 { "mini-box" } else { "mini-line" };
        let v = k as f64 * s;
        out += &format!(
            r#"<line class="{class}" x1="{v}" y1="0" x2="{v}" y2="{size}"/><line class="{class}" x1="0" y1="{v}" x2="{size}" y2="{v}"/>"#
        );
    }
    out += &format!(
        r#"<rect class="mini-frame" x="0" y="0" width="{size}" height="{size}" rx="3"/></svg>"#
    );
    out
}

/// A pleasant colour per pentomino letter (the same in both themes).
fn letter_colour(letter: char) -> &'static str {
    match letter {
        'F' => "#e4572e",
        'I' => "#4c6ef5",
        'L' => "#2fb39a",
        'N' => "#f2a541",
        'P' => "#a06cd5",
        'T' => "#17bebb",
        'U' => "#ef476f",
        'V' => "#7cb518",
        'W' => "#ffc43d",
        'X' => "#3a86ff",
        'Y' => "#ff7b9c",
        _ => "#8d99ae",
    }
}

/// The pentomino rectangle, each piece one colour with a gap between
/// pieces (edges drawn where neighbouring letters differ).
pub fn pentomino_svg() -> String {
    let rows: Vec<Vec<char>> = PENTOMINO_6X10.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (rows.len(), rows[0].len());
    let s = 18.0;
    let mut out = format!(
        r#"<svg class="mini mini-poly" viewBox="-2 -2 {} {}" role="img" aria-label="The twelve pentominoes tiling a 6×10 rectangle">"#,
        w as f64 * s + 4.0,
        h as f64 * s + 4.0
    );
    for (r, row) in rows.iter().enumerate() {
        for (c, &l) in row.iter().enumerate() {
            out += &format!(
                r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="{}"/>"#,
                c as f64 * s,
                r as f64 * s,
                letter_colour(l)
            );
        }
    }
    // Piece outlines: an edge wherever the letter changes.
    let mut d = String::new();
    for r in 0..h {
        for c in 0..w {
            let l = rows[r][c];
            let (x, y) = (c as f64 * s, r as f64 * s);
            if c + 1 < w && rows[r][c + 1] != l {
                d += &format!("M{} {}v{s}", x + s, y);
            }
            if r + 1 < h && rows[r + 1][c] != l {
                d += &format!("M{} {}h{s}", x, y + s);
            }
        }
    }
    out += &format!(
        r#"<path class="mini-seams" d="{d}"/><rect class="mini-outline" x="0" y="0" width="{}" height="{}" rx="2"/></svg>"#,
        w as f64 * s,
        h as f64 * s
    );
    out
}

/// Which of the 17 pieces a placed pentacube is (by rotation), if any.
pub fn identify_pentacube(cells: &[Vec3]) -> Option<usize> {
    let placed = Polycube::new(cells).canonical();
    let all = pieces();
    (0..NUM_PIECES).find(|&i| {
        let p = all[i].polycube();
        rotations()
            .iter()
            .any(|m| p.transformed(m).canonical() == placed)
    })
}

/// Scale a `#rrggbb` colour's channels by `k` (face shading).
fn shade(hex: &str, k: f64) -> String {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0x808080);
    let ch = |s: u32| (((v >> s) & 0xff) as f64 * k).round().clamp(0.0, 255.0) as u32;
    format!("#{:02x}{:02x}{:02x}", ch(16), ch(8), ch(0))
}

/// The packed box in isometric view: only the faces on the outside of
/// the box are visible, so they are drawn without any depth sorting.
pub fn quantumino_svg() -> String {
    let [bx, by, bz] = QUANTUMINO_BOX;
    let all = pieces();
    let mut colour = std::collections::HashMap::new();
    for cells in &QUANTUMINO_STILL {
        let rgb = identify_pentacube(cells).map_or("#808080".to_string(), |i| all[i].rgb.clone());
        for c in cells {
            colour.insert(*c, rgb.clone());
        }
    }
    let s = 14.0;
    let (cos, sin) = (0.866 * s, 0.5 * s);
    // Screen point of lattice corner (x, y, z): x runs right-down, y
    // left-down, z up.
    let pt = |x: f64, y: f64, z: f64| ((x - y) * cos, (x + y) * sin - z * s);
    let (x0, _) = pt(0.0, by as f64, 0.0);
    let (x1, _) = pt(bx as f64, 0.0, 0.0);
    let (_, y0) = pt(0.0, 0.0, bz as f64);
    let (_, y1) = pt(bx as f64, by as f64, 0.0);
    let mut out = format!(
        r#"<svg class="mini mini-quantumino" viewBox="{:.1} {:.1} {:.1} {:.1}" role="img" aria-label="Quantumino: sixteen pentacubes packed in a 5×8×2 box">"#,
        x0 - 2.0,
        y0 - 2.0,
        x1 - x0 + 4.0,
        y1 - y0 + 4.0
    );
    let poly = |out: &mut String, corners: [(f64, f64, f64); 4], fill: &str| {
        let pts: Vec<String> = corners
            .iter()
            .map(|&(x, y, z)| {
                let (u, v) = pt(x, y, z);
                format!("{u:.1},{v:.1}")
            })
            .collect();
        *out += &format!(
            r#"<polygon points="{}" fill="{fill}" class="mini-face"/>"#,
            pts.join(" ")
        );
    };
    let grey = "#808080".to_string();
    for x in 0..bx {
        for y in 0..by {
            let c = colour.get(&[x, y, bz - 1]).unwrap_or(&grey);
            let (x, y, z) = (x as f64, y as f64, bz as f64);
            poly(
                &mut out,
                [
                    (x, y, z),
                    (x + 1.0, y, z),
                    (x + 1.0, y + 1.0, z),
                    (x, y + 1.0, z),
                ],
                c,
            );
        }
    }
    for y in 0..by {
        for z in 0..bz {
            let c = colour.get(&[bx - 1, y, z]).unwrap_or(&grey);
            let (x, y, z) = (bx as f64, y as f64, z as f64);
            poly(
                &mut out,
                [
                    (x, y, z),
                    (x, y + 1.0, z),
                    (x, y + 1.0, z + 1.0),
                    (x, y, z + 1.0),
                ],
                &shade(c, 0.72),
            );
        }
    }
    for x in 0..bx {
        for z in 0..bz {
            let c = colour.get(&[x, by - 1, z]).unwrap_or(&grey);
            let (x, y, z) = (x as f64, by as f64, z as f64);
            poly(
                &mut out,
                [
                    (x, y, z),
                    (x + 1.0, y, z),
                    (x + 1.0, y, z + 1.0),
                    (x, y, z + 1.0),
                ],
                &shade(c, 0.55),
            );
        }
    }
    out += "</svg>";
    out
}

/// The MINIMOG's 3×4 table (shuffle labeling) with the hexad through
/// [`HEXAD_POINTS`] lit: the five chosen points filled, the sixth ringed.
pub fn minimog_svg() -> String {
    let m = Minimog::new(Labeling::Shuffle);
    let hexad = m.find_hexad(&HEXAD_POINTS).map(|h| h.points).unwrap_or(0);
    let s = 34.0;
    let mut out = format!(
        r#"<svg class="mini mini-minimog" viewBox="-2 -2 {} {}" role="img" aria-label="The MINIMOG with a hexad of S(5,6,12) lit">"#,
        4.0 * s + 4.0,
        3.0 * s + 4.0
    );
    for (r, row) in m.table().iter().enumerate() {
        for (c, &p) in row.iter().enumerate() {
            let (x, y) = (c as f64 * s, r as f64 * s);
            let chosen = HEXAD_POINTS.contains(&p);
            let in_hexad = hexad & (1 << p) != 0;
            let class = match (chosen, in_hexad) {
                (true, _) => "mini-point chosen",
                (false, true) => "mini-point sixth",
                _ => "mini-point",
            };
            out += &format!(
                r#"<rect class="mini-cell" x="{x}" y="{y}" width="{s}" height="{s}"/><circle class="{class}" cx="{}" cy="{}" r="11"/><text class="mini-label" x="{}" y="{}">{}</text>"#,
                x + s / 2.0,
                y + s / 2.0,
                x + s / 2.0,
                y + s / 2.0 + 4.5,
                m.labeling().label(p)
            );
        }
    }
    out += &format!(
        r#"<rect class="mini-frame" x="0" y="0" width="{}" height="{}" rx="3"/></svg>"#,
        4.0 * s,
        3.0 * s
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// The twelve free pentominoes, written independently of the engine.
    const SHAPES: [(char, &str); 12] = [
        ('F', ".##|##.|.#."),
        ('I', "#####"),
        ('L', "####|#..."),
        ('N', "##..|.###"),
        ('P', "##|##|#."),
        ('T', "###|.#.|.#."),
        ('U', "#.#|###"),
        ('V', "#..|#..|###"),
        ('W', "#..|##.|.##"),
        ('X', ".#.|###|.#."),
        ('Y', "####|.#.."),
        ('Z', "##.|.#.|.##"),
    ];

    fn normal(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
        let mut best: Option<Vec<(i32, i32)>> = None;
        for t in 0..8 {
            let mut v: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                    (
                        if t & 1 != 0 { -r } else { r },
                        if t & 2 != 0 { -c } else { c },
                    )
                })
                .collect();
            let (mr, mc) = (
                v.iter().map(|p| p.0).min().unwrap(),
                v.iter().map(|p| p.1).min().unwrap(),
            );
            for p in &mut v {
                *p = (p.0 - mr, p.1 - mc);
            }
            v.sort();
            if best.as_ref().is_none_or(|b| v < *b) {
                best = Some(v);
            }
        }
        best.unwrap()
    }

    #[test]
    fn the_pentomino_miniature_is_a_tiling_by_the_twelve_pieces() {
        let mut by_letter: BTreeMap<char, Vec<(i32, i32)>> = BTreeMap::new();
        for (r, row) in PENTOMINO_6X10.iter().enumerate() {
            assert_eq!(row.len(), 10);
            for (c, l) in row.chars().enumerate() {
                by_letter.entry(l).or_default().push((r as i32, c as i32));
            }
        }
        assert_eq!(by_letter.len(), 12);
        for (letter, pattern) in SHAPES {
            let cells: Vec<(i32, i32)> = pattern
                .split('|')
                .enumerate()
                .flat_map(|(r, row)| {
                    row.chars()
                        .enumerate()
                        .filter(|&(_, ch)| ch == '#')
                        .map(move |(c, _)| (r as i32, c as i32))
                })
                .collect();
            let placed = by_letter.get(&letter).expect("every letter is used");
            assert_eq!(normal(placed), normal(&cells), "piece {letter}");
        }
    }

    #[test]
    fn the_quantumino_still_packs_the_box_with_sixteen_distinct_pieces() {
        let mut seen = BTreeSet::new();
        let mut cells = BTreeSet::new();
        for piece in &QUANTUMINO_STILL {
            let i = identify_pentacube(piece).expect("a Quantumino piece");
            assert_ne!(i, QUANTUMINO_ASIDE, "the aside is not in the box");
            assert!(seen.insert(i), "piece {i} used twice");
            for c in piece {
                assert!(
                    (0..3).all(|k| (0..QUANTUMINO_BOX[k]).contains(&c[k])),
                    "{c:?}"
                );
                assert!(cells.insert(*c), "cell {c:?} filled twice");
            }
        }
        assert_eq!(cells.len(), 80);
        // Identification is not vacuous: a straight line is no piece.
        assert_eq!(
            identify_pentacube(&[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [4, 0, 0]]),
            None
        );
    }

    #[test]
    fn miniatures_draw_what_they_show() {
        let puzzle =
            "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";
        let s = sudoku_svg(puzzle);
        let givens = puzzle.chars().filter(|c| c.is_ascii_digit()).count();
        assert!(givens > 20);
        assert_eq!(s.matches("mini-digit").count(), givens);
        assert_eq!(s.matches("mini-box").count(), 4);
        let p = pentomino_svg();
        assert_eq!(p.matches("<rect x=").count(), 60);
        let q = quantumino_svg();
        // Top 5×8, one long side 8×2, one short side 5×2.
        assert_eq!(q.matches("<polygon").count(), 40 + 16 + 10);
        let m = minimog_svg();
        assert_eq!(m.matches("mini-point chosen").count(), 5);
        assert_eq!(m.matches("mini-point sixth").count(), 1);
    }
}
