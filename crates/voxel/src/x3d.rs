//! A scene as an X3D document (ISO/IEC 19775, XML encoding, Interchange
//! profile): one `Group` per piece, one unit `Box` per cube, the colour as
//! the piece's `Material` — the shape of Polyform Puzzler's 3D export, so
//! any X3D viewer (or Blender's importer) opens it.

use super::scene::{parse_hex_color, Scene, GAP};

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A valid XML id (`DEF` names are XML IDs): letters, digits, `_`, `-`.
fn def_name(i: usize, label: &str) -> String {
    let clean: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("piece{i}_{clean}")
}

fn f(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// The X3D document for `scene` (unexploded). `title` goes in the head.
pub fn write(scene: &Scene, title: &str) -> String {
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<!DOCTYPE X3D PUBLIC \"ISO//Web3D//DTD X3D 3.3//EN\" \"http://www.web3d.org/specifications/x3d-3.3.dtd\">\n");
    out.push_str("<X3D profile=\"Interchange\" version=\"3.3\">\n");
    out.push_str("  <head>\n");
    out.push_str(&format!(
        "    <meta name=\"title\" content=\"{}\"/>\n",
        escape(title)
    ));
    out.push_str("    <meta name=\"generator\" content=\"Tessera\"/>\n");
    out.push_str("  </head>\n  <Scene>\n");
    let c = scene.center();
    let d = (0..3)
        .map(|k| {
            let b = scene.bounds();
            (b[1][k] - b[0][k]).powi(2)
        })
        .sum::<f64>()
        .sqrt();
    out.push_str(&format!(
        "    <Viewpoint description=\"whole scene\" position=\"{} {} {}\" centerOfRotation=\"{} {} {}\"/>\n",
        f(c[0]),
        f(c[1]),
        f(c[2] + d * 1.6),
        f(c[0]),
        f(c[1]),
        f(c[2])
    ));
    let size = f(1.0 - GAP / 2.0);
    for (i, p) in scene.pieces.iter().enumerate() {
        let rgb = parse_hex_color(&p.color).unwrap_or([128, 128, 128]);
        let [r, g, b] = rgb.map(|v| f(f64::from(v) / 255.0));
        let def = def_name(i, &p.label);
        out.push_str(&format!(
            "    <Group DEF=\"{def}\">\n      <MetadataString name=\"label\" value='\"{}\"' containerField=\"metadata\"/>\n",
            escape(&p.label)
        ));
        for (j, cell) in p.cells.iter().enumerate() {
            let [x, y, z] = cell.map(|v| f(f64::from(v) + 0.5));
            out.push_str(&format!(
                "      <Transform translation=\"{x} {y} {z}\">\n        <Shape>\n"
            ));
            if j == 0 {
                out.push_str(&format!(
                    "          <Appearance DEF=\"{def}_look\"><Material diffuseColor=\"{r} {g} {b}\"/></Appearance>\n"
                ));
            } else {
                out.push_str(&format!("          <Appearance USE=\"{def}_look\"/>\n"));
            }
            out.push_str(&format!(
                "          <Box size=\"{size} {size} {size}\"/>\n        </Shape>\n      </Transform>\n"
            ));
        }
        out.push_str("    </Group>\n");
    }
    if let Some([a, b, cc]) = scene.frame {
        // The box's 12 edges as one indexed line set.
        let pts: Vec<String> = (0..8)
            .map(|i| {
                format!(
                    "{} {} {}",
                    if i & 1 == 1 { a } else { 0 },
                    if i & 2 == 2 { b } else { 0 },
                    if i & 4 == 4 { cc } else { 0 }
                )
            })
            .collect();
        out.push_str("    <Shape>\n      <Appearance><Material emissiveColor=\"0.3 0.3 0.3\"/></Appearance>\n");
        out.push_str("      <IndexedLineSet coordIndex=\"0 1 3 2 0 -1 4 5 7 6 4 -1 0 4 -1 1 5 -1 2 6 -1 3 7 -1\">\n");
        out.push_str(&format!(
            "        <Coordinate point=\"{}\"/>\n      </IndexedLineSet>\n    </Shape>\n",
            pts.join(", ")
        ));
    }
    out.push_str("  </Scene>\n</X3D>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::scene::VoxelPiece;
    use super::*;

    #[test]
    fn writes_one_box_per_cube_with_piece_colours() {
        let s = Scene::new(
            vec![
                VoxelPiece {
                    cells: vec![[0, 0, 0], [1, 0, 0]],
                    color: "#ff0000".into(),
                    label: "0 <red> & co".into(),
                },
                VoxelPiece {
                    cells: vec![[0, 1, 0]],
                    color: "bad".into(),
                    label: "1".into(),
                },
            ],
            Some([2, 2, 1]),
        );
        let x = write(&s, "Quantumino \"test\"");
        assert!(x.starts_with("<?xml"));
        assert_eq!(x.matches("<Box ").count(), 3);
        assert_eq!(x.matches("<Group ").count(), 2);
        assert_eq!(x.matches("</Group>").count(), 2);
        assert!(x.contains("<Transform translation=\"1.5 0.5 0.5\">"));
        assert!(x.contains("diffuseColor=\"1 0 0\""));
        assert!(
            x.contains("diffuseColor=\"0.502 0.502 0.502\""),
            "bad colour → grey"
        );
        assert!(x.contains("USE=\"piece0_0__red____co_look\""));
        assert!(x.contains("0 &lt;red&gt; &amp; co"));
        assert!(x.contains("Quantumino &quot;test&quot;"));
        assert!(x.contains(
            "<Coordinate point=\"0 0 0, 2 0 0, 0 2 0, 2 2 0, 0 0 1, 2 0 1, 0 2 1, 2 2 1\"/>"
        ));
        assert!(x.trim_end().ends_with("</X3D>"));
        // Balanced tags for the elements that open and close.
        for tag in ["Transform", "Shape", "Scene", "X3D", "head"] {
            assert_eq!(
                x.matches(&format!("<{tag}>")).count() + x.matches(&format!("<{tag} ")).count(),
                x.matches(&format!("</{tag}>")).count(),
                "{tag}"
            );
        }
    }
}
