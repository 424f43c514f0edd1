//! SVG drawings are well-formed XML with one group per placed piece.

use tessera::engine::polyform::svg::{render_piece, render_region, render_solution, SvgStyle};
use tessera::engine::polyform::{library, sets, solve, Lattice, SolveOptions};

#[derive(Debug)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<Element>,
}

impl Element {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(a, _)| a == k)
            .map(|(_, v)| v.as_str())
    }
    fn all<'a>(&'a self, name: &str, out: &mut Vec<&'a Element>) {
        for c in &self.children {
            if c.name == name {
                out.push(c);
            }
            c.all(name, out);
        }
    }
}

/// A small strict XML reader: tags must nest, attributes must be quoted,
/// text may not contain '<' or a raw '&'.
fn parse_xml(s: &str) -> Element {
    let mut stack: Vec<Element> = vec![Element {
        name: "#document".into(),
        attrs: vec![],
        children: vec![],
    }];
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        let text = &rest[..i];
        assert!(!text.contains('>'), "stray '>' in text {text:?}");
        for (k, _) in text.match_indices('&') {
            let ent = &text[k..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| ent.starts_with(e)),
                "raw & in {text:?}"
            );
        }
        let j = rest[i..].find('>').expect("unclosed tag") + i;
        let tag = &rest[i + 1..j];
        rest = &rest[j + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let el = stack.pop().expect("close without open");
            assert_eq!(el.name, name.trim(), "mismatched close tag");
            stack.last_mut().expect("document").children.push(el);
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/').trim();
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = body[..name_end].to_string();
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
        );
        let mut attrs = Vec::new();
        let mut a = body[name_end..].trim();
        while !a.is_empty() {
            let eq = a.find('=').expect("attribute without value");
            let key = a[..eq].trim().to_string();
            let after = a[eq + 1..].trim_start();
            assert!(after.starts_with('"'), "unquoted attribute {key}");
            let end = after[1..].find('"').expect("unterminated attribute") + 1;
            let val = after[1..end].to_string();
            assert!(!val.contains('<'));
            assert!(
                !attrs.iter().any(|(k, _): &(String, String)| *k == key),
                "duplicate attribute {key}"
            );
            attrs.push((key, val));
            a = after[end + 1..].trim_start();
        }
        let el = Element {
            name,
            attrs,
            children: vec![],
        };
        if self_closing {
            stack.last_mut().unwrap().children.push(el);
        } else {
            stack.push(el);
        }
    }
    assert!(rest.trim().is_empty(), "text after the root element");
    assert_eq!(
        stack.len(),
        1,
        "unclosed elements: {:?}",
        stack.iter().map(|e| &e.name).collect::<Vec<_>>()
    );
    let mut doc = stack.pop().unwrap();
    assert_eq!(doc.children.len(), 1, "exactly one root element");
    doc.children.pop().unwrap()
}

fn check_drawing(name: &str) {
    let p = library::find(name).unwrap();
    let sol = &solve::solutions(&p, SolveOptions::default(), Some(1)).unwrap()[0];
    let text = render_solution(&p, sol, &SvgStyle::default());
    let root = parse_xml(&text);
    assert_eq!(root.name, "svg");
    assert_eq!(root.attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    let vb: Vec<f64> = root
        .attr("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(vb.len(), 4);
    assert!(vb[2] > 0.0 && vb[3] > 0.0);
    let mut groups = Vec::new();
    root.all("g", &mut groups);
    let pieces: Vec<_> = groups
        .iter()
        .filter(|g| g.attr("class") == Some("piece"))
        .collect();
    let placed: Vec<_> = sol.pieces.iter().filter(|q| !q.cells.is_empty()).collect();
    assert_eq!(
        pieces.len(),
        placed.len(),
        "{name}: one group per placed piece"
    );
    for (g, q) in pieces.iter().zip(&placed) {
        assert_eq!(g.attr("data-piece"), Some(q.name.as_str()));
        let mut polys = Vec::new();
        g.all("polygon", &mut polys);
        let mut paths = Vec::new();
        g.all("path", &mut paths);
        if p.lattice.is_segment() {
            assert!(polys.is_empty());
            assert_eq!(paths.len(), 1, "{name}: one stroke path per segment piece");
            assert_eq!(
                paths[0].attr("d").unwrap().matches('M').count(),
                q.cells.len()
            );
        } else {
            assert_eq!(polys.len(), q.cells.len(), "{name}: one polygon per cell");
            let corners = match p.lattice {
                Lattice::Triangle => 3,
                Lattice::Hexagon => 6,
                _ => 4,
            };
            for poly in &polys {
                assert_eq!(poly.attr("points").unwrap().split(' ').count(), corners);
                assert_eq!(poly.attr("fill"), g.attr("fill"));
            }
            assert_eq!(paths.len(), 1, "{name}: one outline per piece");
            assert_eq!(paths[0].attr("class"), Some("outline"));
        }
    }
    // Different pieces get different colours.
    let mut fills: Vec<&str> = pieces.iter().map(|g| g.attr("fill").unwrap()).collect();
    fills.sort();
    fills.dedup();
    assert_eq!(fills.len(), pieces.len(), "{name}: colours");
}

#[test]
fn solutions_of_every_lattice() {
    for name in [
        "pentominoes-6x10",
        "pentominoes-8x8-hole",
        "hexiamonds-4x9",
        "tetrahexes-4x7",
        "tetrasticks-5x5",
        "soma-3x3x3",
        "tritrigs-triangle-4",
        "quasi-ditrigs-triangle",
        "pentatwigs-triangle",
        "one-sided-tetratwigs-arch_3",
    ] {
        check_drawing(name);
    }
}

#[test]
fn segment_drawings_use_fixed_point_numbers_and_unit_strokes() {
    // Trigs and twigs: a dot per region point, every number with exactly
    // two decimals, and each stroke a unit segment (trimmed only at piece
    // ends) of the style's unit.
    for name in ["tritrigs-heart-2", "pentatwigs-x1"] {
        let p = library::find(name).unwrap();
        let sol = solve::solutions(&p, SolveOptions::default(), Some(1))
            .unwrap()
            .remove(0);
        let style = SvgStyle::default();
        let text = render_solution(&p, &sol, &style);
        let root = parse_xml(&text);
        let mut dots = Vec::new();
        root.all("circle", &mut dots);
        let mut points: Vec<[i32; 2]> = p
            .region
            .iter()
            .flat_map(|&c| p.lattice.corners(c))
            .collect();
        points.sort();
        points.dedup();
        assert_eq!(dots.len(), points.len(), "{name}: one dot per grid point");
        let fixed = |v: &str| {
            let (i, f) = v
                .trim_start_matches('-')
                .split_once('.')
                .expect("a decimal point");
            !i.is_empty()
                && i.bytes().all(|b| b.is_ascii_digit())
                && f.len() == 2
                && f.bytes().all(|b| b.is_ascii_digit())
        };
        for d in &dots {
            for k in ["cx", "cy", "r"] {
                assert!(fixed(d.attr(k).unwrap()), "{name}: {k}={:?}", d.attr(k));
            }
        }
        let mut paths = Vec::new();
        root.all("path", &mut paths);
        assert_eq!(paths.len(), p.pieces.len());
        for path in &paths {
            assert_eq!(path.attr("stroke-linecap"), Some("round"));
            let d = path.attr("d").unwrap();
            for seg in d.split('M').filter(|s| !s.trim().is_empty()) {
                let nums: Vec<f64> = seg
                    .split(|c: char| c == ',' || c == 'L' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(|t| {
                        assert!(fixed(t), "{name}: {t}");
                        t.parse().unwrap()
                    })
                    .collect();
                assert_eq!(nums.len(), 4);
                let len = ((nums[2] - nums[0]).powi(2) + (nums[3] - nums[1]).powi(2)).sqrt();
                assert!(
                    len <= style.unit + 0.02 && len >= style.unit * 0.7,
                    "{name}: stroke of length {len}"
                );
            }
        }
    }
}

#[test]
fn every_trig_and_twig_piece_draws() {
    for set in ["tetratrigs", "hexatwigs", "quasi-tritwigs", "quasi-ditrigs"] {
        let s = sets::named(set).unwrap();
        for piece in &s.pieces {
            let root = parse_xml(&render_piece(
                s.lattice,
                piece,
                "#123456",
                &SvgStyle::default(),
            ));
            let mut paths = Vec::new();
            root.all("path", &mut paths);
            assert_eq!(paths.len(), 1, "{set} {}", piece.name);
            assert_eq!(
                paths[0].attr("d").unwrap().matches('M').count(),
                piece.size(),
                "{set} {}",
                piece.name
            );
        }
    }
}

#[test]
fn outline_of_a_pentomino_has_twelve_edges() {
    // The X pentomino's boundary has 12 unit edges.
    let x = sets::pentominoes().get("X").unwrap().clone();
    let root = parse_xml(&render_piece(
        Lattice::Square,
        &x,
        "#ff0000",
        &SvgStyle::default(),
    ));
    let mut paths = Vec::new();
    root.all("path", &mut paths);
    assert_eq!(paths[0].attr("d").unwrap().matches('M').count(), 12);
}

#[test]
fn empty_region_drawing() {
    let p = library::find("hexiamonds-6x6").unwrap();
    let root = parse_xml(&render_region(&p, &SvgStyle::default()));
    let mut polys = Vec::new();
    root.all("polygon", &mut polys);
    assert_eq!(polys.len(), 72);
    let mut groups = Vec::new();
    root.all("g", &mut groups);
    assert!(groups.iter().all(|g| g.attr("class") != Some("piece")));
}

/// WCAG's relative luminance of `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let h = hex.trim_start_matches('#');
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&h[i..i + 2], 16).unwrap()) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

fn contrast(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// `--name: #rrggbb;` in one block of the stylesheet.
fn css_colour(block: &str, name: &str) -> String {
    let at = block
        .find(&format!("{name}:"))
        .unwrap_or_else(|| panic!("{name} in the block"));
    let value = block[at + name.len() + 1..].trim_start();
    value[..7].to_string()
}

/// Every piece colour stands out at least 3:1 (WCAG's figure for graphics)
/// from every background a drawing sits on, in both themes, read from
/// style/main.css itself: the page, the cards and the drawing area.
#[test]
fn every_palette_colour_has_3_to_1_contrast_on_both_themes() {
    use tessera::engine::polyform::svg::PALETTE;
    let css =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/style/main.css")).unwrap();
    let light = &css[css.find(":root {").unwrap()..];
    let light = &light[..light.find('}').unwrap()];
    let dark = &css[css.find(":root[data-theme=\"dark\"] {").unwrap()..];
    let dark = &dark[..dark.find('}').unwrap()];
    let mut worst = f64::INFINITY;
    for (theme, block) in [("light", light), ("dark", dark)] {
        for var in ["--bg", "--surface", "--surface-2"] {
            let bg = css_colour(block, var);
            for colour in PALETTE {
                let c = contrast(colour, &bg);
                worst = worst.min(c);
                assert!(c >= 3.0, "{colour} on {theme} {var} {bg}: {c:.2}:1");
            }
        }
    }
    assert!(worst >= 3.0);
    // Twenty-four different colours.
    let mut seen: Vec<&str> = PALETTE.to_vec();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), PALETTE.len());
}
