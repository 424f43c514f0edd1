//! The Polyforms workbench's links as data: the region editor's state
//! (`#polyforms/edit/…`) and the enumeration tab's (`#polyforms/enum/…`),
//! read and written here so native tests and the fuzzer reach the same
//! code the page runs.

use std::collections::BTreeSet;
use tessera_engine::polyform::editor::{self as engine, MAX_LAYERS, MAX_SIDE};
use tessera_engine::polyform::enumerate::max_size;
use tessera_engine::polyform::{sets, Cell, Lattice};

/// A family's name for people.
pub fn family_title(l: Lattice) -> &'static str {
    match l {
        Lattice::Square => "Polyominoes",
        Lattice::Triangle => "Polyiamonds",
        Lattice::Hexagon => "Polyhexes",
        Lattice::Cube => "Polycubes",
        Lattice::Stick => "Polysticks",
        Lattice::Trig => "Polytrigs",
        Lattice::Twig => "Polytwigs",
    }
}

/// Every piece name of a named set (empty for an unknown set).
pub fn all_pieces(set: &str) -> Vec<String> {
    sets::named(set)
        .map(|s| s.pieces.iter().map(|p| p.name.clone()).collect())
        .unwrap_or_default()
}

/// The region editor: canvas, region, piece set, chosen pieces, reuse.
#[derive(Clone, Debug, PartialEq)]
pub struct EditorState {
    pub lattice: Lattice,
    pub w: i32,
    pub h: i32,
    pub layers: i32,
    pub region: BTreeSet<Cell>,
    pub set: String,
    pub pieces: Vec<String>,
    pub reuse: bool,
}

impl EditorState {
    /// The link's payload:
    /// `edit/<family>/<W>x<H>x<L>/<set>/<cells>/<pieces|all>/<0|1>`.
    pub fn payload(&self) -> String {
        let cells: Vec<Cell> = self.region.iter().copied().collect();
        let pieces = if self.pieces == all_pieces(&self.set) {
            "all".to_string()
        } else {
            self.pieces.join(",")
        };
        format!(
            "edit/{}/{}x{}x{}/{}/{}/{}/{}",
            self.lattice.family(),
            self.w,
            self.h,
            self.layers,
            self.set,
            engine::encode_cells(&cells),
            pieces,
            u8::from(self.reuse)
        )
    }

    /// Read a link; `Err` says what is wrong with it. The canvas is
    /// clamped to the editor's limits.
    pub fn parse(payload: &str) -> Result<EditorState, String> {
        let parts: Vec<&str> = payload.split('/').collect();
        let [_, family, size, set, cells, pieces, reuse] = parts.as_slice() else {
            return Err("the editor link is incomplete".into());
        };
        let lattice = Lattice::from_family(family)
            .ok_or_else(|| format!("unknown polyform family '{family}'"))?;
        let dims: Vec<i32> = size
            .split('x')
            .map(|d| d.parse::<i32>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("the canvas size '{size}' is not W×H×L"))?;
        let [w, h, layers] = dims.as_slice() else {
            return Err(format!("the canvas size '{size}' is not W×H×L"));
        };
        if sets::named(set).map(|s| s.lattice) != Some(lattice) {
            return Err(format!(
                "'{set}' is not a piece set of {}",
                family_title(lattice)
            ));
        }
        let region = engine::decode_cells(cells).map_err(|e| e.to_string())?;
        let known = all_pieces(set);
        let pieces: Vec<String> = if *pieces == "all" {
            known
        } else {
            let listed: Vec<String> = pieces
                .split(',')
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect();
            // A name the set does not have is an error, not a silent piece:
            // `all,` would otherwise be one piece called "all", written
            // back as `all` = every piece (found by the fuzzer).
            if let Some(bad) = listed.iter().find(|p| !known.contains(p)) {
                return Err(format!("'{bad}' is not a piece of the {set}"));
            }
            listed
        };
        Ok(EditorState {
            lattice,
            w: (*w).clamp(1, MAX_SIDE),
            h: (*h).clamp(1, MAX_SIDE),
            layers: (*layers).clamp(1, MAX_LAYERS),
            region: region.into_iter().collect(),
            set: set.to_string(),
            pieces,
            reuse: *reuse == "1",
        })
    }
}

/// The enumeration tab's link, `enum/<family>/<size>[/one-sided]`: what is
/// wrong falls back to square, size 5, free.
pub fn parse_enumerate(payload: &str) -> (Lattice, usize, bool) {
    let parts: Vec<&str> = payload.split('/').collect();
    let lattice = parts
        .get(1)
        .and_then(|f| Lattice::from_family(f))
        .unwrap_or(Lattice::Square);
    let size = parts
        .get(2)
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&s| (1..=max_size(lattice)).contains(&s))
        .unwrap_or(5);
    (lattice, size, parts.get(3) == Some(&"one-sided"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_editor_link_reads_back() {
        let s = EditorState {
            lattice: Lattice::Square,
            w: 6,
            h: 10,
            layers: 1,
            region: (0..60).map(|i| [i % 6, i / 6, 0]).collect(),
            set: "pentominoes".into(),
            pieces: all_pieces("pentominoes"),
            reuse: false,
        };
        let link = s.payload();
        assert!(link.contains("/all/0"), "{link}");
        assert_eq!(EditorState::parse(&link), Ok(s.clone()));
        // A chosen subset, in any order, reads back as it was.
        let some = EditorState {
            pieces: vec!["Y".into(), "F".into(), "F".into()],
            ..s
        };
        assert_eq!(EditorState::parse(&some.payload()), Ok(some));
        for (bad, want) in [
            ("edit/square", "incomplete"),
            (
                "edit/nonagon/6x10x1/pentominoes/x/all/0",
                "unknown polyform family",
            ),
            ("edit/square/6x10/pentominoes/x/all/0", "not W×H×L"),
            (
                "edit/square/6x10x1/hexiamonds/x/all/0",
                "not a piece set of Polyominoes",
            ),
            // Found by the fuzzer (workbench_routes): "all," read as one
            // piece named "all", which the link then wrote back as "all".
            (
                "edit/polyomino/10x5x1/pentominoes/0.0.0/all,/0",
                "'all' is not a piece of the pentominoes",
            ),
            (
                "edit/polyomino/10x5x1/pentominoes/0.0.0/F,Q/0",
                "'Q' is not a piece",
            ),
        ] {
            let e = EditorState::parse(bad).unwrap_err();
            assert!(e.contains(want), "{bad}: {e}");
        }
    }

    #[test]
    fn an_enumerate_link_falls_back_part_by_part() {
        assert_eq!(
            parse_enumerate("enum/hexagon/4/one-sided"),
            (Lattice::Hexagon, 4, true)
        );
        assert_eq!(
            parse_enumerate("enum/hexagon/999"),
            (Lattice::Hexagon, 5, false)
        );
        assert_eq!(parse_enumerate("enum/nope/3"), (Lattice::Square, 3, false));
    }
}
