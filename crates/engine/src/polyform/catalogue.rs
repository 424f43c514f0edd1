//! Polyform Puzzler's whole catalogue (1,179 puzzle classes) as data parsed
//! at run time.
//!
//! The asset (`crates/engine/data/pp-catalogue.txt`, written by
//! `scripts/pp-catalogue.py`) is not compiled into the engine: the native
//! CLI embeds it with `include_str!`, the browser fetches it when the
//! catalogue is first opened, and both hand the text to [`Catalogue::parse`].
//! Entries keep their region encoded until a [`Puzzle`] is asked for, so
//! listing and searching 1,179 puzzles costs one pass over the text.
//!
//! # Format
//!
//! Lines starting with `#` are comments. Fields are separated by tabs.
//!
//! * `S id lattice pieces`: a piece set. `pieces` is a space-separated
//!   list of `name:freedom:cells`, where freedom is `F` (free: rotations
//!   and reflections), `O` (rotations only: one-sided pieces, and every
//!   polycube since solids cannot be mirrored) or `X` (translations only),
//!   followed by `m` when the cells must be mirrored (the mirror half of a
//!   one-sided set, stored as PP declares it); cells are `x,y` (squares and
//!   hexagons) or `x,y,z` joined by `;`. Sets are shared by every puzzle
//!   using the same pieces with the same freedoms.
//! * `P id module family lattice set region omit published restriction
//!   designer status notes phrase`: a puzzle. `id` is PP's class name;
//!   `region` is `x0,y0,z0:w,h,d:runs`, a bounding box and the lengths of
//!   alternating empty/full runs (empty first, base 36, `.`-separated) over
//!   the box in the order y, x, z (z fastest), so a full box is `0.<n>`;
//!   `omit` lists the pieces of which exactly one is left out (`-`: none);
//!   `published` is the count PP's docstring states (`?` suffix when PP
//!   is unsure, `-` when there is none); `restriction` is the kind of
//!   symmetry restriction PP builds in (`none`, `data`, `code`), which tells
//!   whether PP's count is up to symmetry at all; `status` is `ok` or
//!   `unsupported: why`; `notes` are convention differences; `phrase` is
//!   PP's wording of an uncertain count. `-` stands for an empty field.
//!
//! PP's own symmetry-breaking restrictions are not in the asset: Tessera's
//! [`symmetry`](super::symmetry) reduction finds each solution once by
//! itself, and the published numbers are only compared with its counts.

use super::lattice::{Cell, Lattice};
use super::piece::{Freedom, Piece};
use super::puzzle::Puzzle;
use super::sets::PieceSet;
use super::PolyformError;
use serde::{Deserialize, Serialize};

/// Where the numbers come from (shown with known counts).
pub const SOURCE: &str = "Polyform Puzzler";

/// A count stated in PP's documentation of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Published {
    /// The number.
    pub count: u128,
    /// Not comparable as it stands: PP is not sure ("?", "at least",
    /// "over", "N or M"), or its number counts the puzzle under rules of
    /// PP's own code that the region and pieces do not state (the phrase
    /// says which).
    pub uncertain: bool,
    /// PP's wording when uncertain.
    pub phrase: Option<String>,
}

/// One puzzle of the catalogue, as listed (serialisable for the web UI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// PP's class name, the stable id ("Pentominoes6x10").
    pub id: String,
    /// PP's module ("pentominoes").
    pub module: String,
    /// PP's piece family ("Pentominoes").
    pub family: String,
    /// The lattice.
    pub lattice: Lattice,
    /// Id of the piece set (the family, with a `~k` suffix for variants).
    pub set: String,
    /// Number of region cells (segments for sticks, trigs and twigs).
    pub cells: usize,
    /// Number of pieces.
    pub pieces: usize,
    /// Exactly one of these pieces is left out.
    pub omit_one_of: Vec<String>,
    /// PP's published count, if its documentation gives one.
    pub published: Option<Published>,
    /// PP's restriction kind: `none` (PP counts symmetric copies), `data`
    /// or `code`.
    pub pp_restriction: String,
    /// The designer the docstring names.
    pub designer: Option<String>,
    /// Why the engine cannot solve it, if it cannot.
    pub unsupported: Option<String>,
    /// Differences between PP's set-up and Tessera's.
    pub notes: Vec<String>,
    /// Index of the set.
    set_index: usize,
    /// The encoded region (decoded by [`Catalogue::puzzle`]).
    region: String,
}

impl Entry {
    /// Whether the engine can build and solve it.
    pub fn supported(&self) -> bool {
        self.unsupported.is_none()
    }

    /// Whether every term of `query` (split at whitespace, case-insensitive)
    /// is found in the id, module, family, piece set, designer or family of
    /// the lattice ("polyomino"), or is a number equal to the cell or piece
    /// count: "pentominoes 60", "klarskov", "polytwig hexagon".
    pub fn matches(&self, query: &str) -> bool {
        let hay = format!(
            "{} {} {} {} {} {}",
            self.id,
            self.module,
            self.family,
            self.set,
            self.designer.as_deref().unwrap_or(""),
            self.lattice.family()
        )
        .to_ascii_lowercase();
        query.split_whitespace().all(|t| {
            let t = t.to_ascii_lowercase();
            hay.contains(&t)
                || t.parse::<usize>()
                    .is_ok_and(|n| n == self.cells || n == self.pieces)
        })
    }
}

#[derive(Clone, Debug)]
struct SetDef {
    id: String,
    lattice: Lattice,
    pieces: Vec<(Piece, Freedom)>,
}

/// The parsed catalogue.
#[derive(Clone, Debug)]
pub struct Catalogue {
    sets: Vec<SetDef>,
    entries: Vec<Entry>,
}

fn bad(line: usize, message: String) -> PolyformError {
    PolyformError::Parse { line, message }
}

fn opt(s: &str) -> Option<String> {
    (s != "-" && !s.is_empty()).then(|| s.to_string())
}

fn lattice_of(name: &str) -> Option<Lattice> {
    Lattice::from_family(name)
}

fn parse_ints(s: &str) -> Option<Vec<i32>> {
    s.split(',').map(|v| v.parse().ok()).collect()
}

fn parse_cell(s: &str) -> Option<Cell> {
    let v = parse_ints(s)?;
    match v.len() {
        2 => Some([v[0], v[1], 0]),
        3 => Some([v[0], v[1], v[2]]),
        _ => None,
    }
}

/// The cells of an encoded region (see the module documentation).
fn decode_region(s: &str) -> Option<Vec<Cell>> {
    let mut parts = s.split(':');
    let lo = parse_ints(parts.next()?)?;
    let dims = parse_ints(parts.next()?)?;
    let runs = parts.next()?;
    if lo.len() != 3 || dims.len() != 3 || dims.iter().any(|&d| d <= 0) {
        return None;
    }
    let (w, d) = (dims[0] as usize, dims[2] as usize);
    let total = w * dims[1] as usize * d;
    let mut out = Vec::new();
    let mut pos = 0usize;
    for (k, r) in runs.split('.').enumerate() {
        let n = usize::from_str_radix(r, 36).ok()?;
        if k % 2 == 1 {
            for i in pos..pos + n {
                let (y, rest) = (i / (w * d), i % (w * d));
                let (x, z) = (rest / d, rest % d);
                out.push([lo[0] + x as i32, lo[1] + y as i32, lo[2] + z as i32]);
            }
        }
        pos += n;
    }
    if pos > total {
        return None;
    }
    out.sort_unstable();
    Some(out)
}

/// The number of cells of an encoded region, without decoding it.
fn region_size(s: &str) -> Option<usize> {
    let runs = s.rsplit(':').next()?;
    let mut n = 0;
    for (k, r) in runs.split('.').enumerate() {
        let v = usize::from_str_radix(r, 36).ok()?;
        if k % 2 == 1 {
            n += v;
        }
    }
    Some(n)
}

fn parse_set(line: usize, f: &[&str]) -> Result<SetDef, PolyformError> {
    let lattice = lattice_of(f[2]).ok_or_else(|| bad(line, format!("unknown lattice {}", f[2])))?;
    // Any reflection of the lattice gives the mirror half of a one-sided
    // set: rotations then reach every other mirror image.
    let mirror = lattice
        .group()
        .iter()
        .find(|t| !t.proper)
        .copied()
        .expect("every lattice has reflections");
    let mut pieces = Vec::new();
    for tok in f[3].split_whitespace() {
        let mut it = tok.splitn(3, ':');
        let (name, fr, cells) = match (it.next(), it.next(), it.next()) {
            (Some(a), Some(b), Some(c)) => (a, b, c),
            _ => return Err(bad(line, format!("bad piece '{tok}'"))),
        };
        let freedom = match fr.trim_end_matches('m') {
            "F" => Freedom::FREE,
            "O" => Freedom::ONE_SIDED,
            "X" => Freedom::FIXED,
            _ => return Err(bad(line, format!("bad freedom in '{tok}'"))),
        };
        let mut cells: Vec<Cell> = cells
            .split(';')
            .map(parse_cell)
            .collect::<Option<_>>()
            .ok_or_else(|| bad(line, format!("bad cells in '{tok}'")))?;
        if cells.iter().any(|c| !lattice.is_valid(*c)) {
            return Err(bad(line, format!("cells off the lattice in '{tok}'")));
        }
        if fr.ends_with('m') {
            cells = lattice.transform_normalized(&mirror, &cells);
        }
        pieces.push((Piece::new(lattice, name, &cells), freedom));
    }
    Ok(SetDef {
        id: f[1].to_string(),
        lattice,
        pieces,
    })
}

impl Catalogue {
    /// Parse the asset text (see the module documentation).
    pub fn parse(text: &str) -> Result<Catalogue, PolyformError> {
        let mut sets: Vec<SetDef> = Vec::new();
        let mut entries = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = raw.split('\t').collect();
            match (f[0], f.len()) {
                ("S", 4) => sets.push(parse_set(line, &f)?),
                ("P", 14) => {
                    let lattice = lattice_of(f[4])
                        .ok_or_else(|| bad(line, format!("unknown lattice {}", f[4])))?;
                    let set_index = sets
                        .iter()
                        .position(|s| s.id == f[5])
                        .ok_or_else(|| bad(line, format!("unknown piece set {}", f[5])))?;
                    let cells =
                        region_size(f[6]).ok_or_else(|| bad(line, "bad region".to_string()))?;
                    let published = match f[8] {
                        "-" => None,
                        p => {
                            let uncertain = p.ends_with('?');
                            let count = p
                                .trim_end_matches('?')
                                .parse()
                                .map_err(|_| bad(line, format!("bad count {p}")))?;
                            Some(Published {
                                count,
                                uncertain,
                                phrase: opt(f[13]),
                            })
                        }
                    };
                    let unsupported = match f[11] {
                        "ok" => None,
                        s => Some(s.trim_start_matches("unsupported: ").to_string()),
                    };
                    entries.push(Entry {
                        id: f[1].to_string(),
                        module: f[2].to_string(),
                        family: f[3].to_string(),
                        lattice,
                        set: f[5].to_string(),
                        cells,
                        pieces: sets[set_index].pieces.len(),
                        omit_one_of: opt(f[7])
                            .map(|s| s.split(',').map(str::to_string).collect())
                            .unwrap_or_default(),
                        published,
                        pp_restriction: f[9].to_string(),
                        designer: opt(f[10]),
                        unsupported,
                        notes: opt(f[12])
                            .map(|s| s.split("; ").map(str::to_string).collect())
                            .unwrap_or_default(),
                        set_index,
                        region: f[6].to_string(),
                    });
                }
                _ => {
                    return Err(bad(
                        line,
                        format!("unknown record '{}' with {} fields", f[0], f.len()),
                    ))
                }
            }
        }
        Ok(Catalogue { sets, entries })
    }

    /// Every entry, in PP's module order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry with this id (case-insensitive).
    pub fn get(&self, id: &str) -> Option<&Entry> {
        let id = id.trim();
        self.entries.iter().find(|e| e.id.eq_ignore_ascii_case(id))
    }

    /// The entries matching a query (see [`Entry::matches`]).
    pub fn search<'a>(&'a self, query: &'a str) -> impl Iterator<Item = &'a Entry> + 'a {
        self.entries.iter().filter(move |e| e.matches(query))
    }

    /// The region cells of an entry.
    pub fn region(&self, e: &Entry) -> Vec<Cell> {
        decode_region(&e.region).unwrap_or_default()
    }

    /// The puzzle of an entry: its id is both name and title; the published
    /// count becomes the known unique count when PP is sure of it and
    /// counts up to symmetry (a restriction is built in).
    pub fn puzzle(&self, e: &Entry) -> Result<Puzzle, PolyformError> {
        if let Some(why) = &e.unsupported {
            return Err(PolyformError::BadPuzzle(format!("{}: {why}", e.id)));
        }
        let set = &self.sets[e.set_index];
        if set.lattice != e.lattice {
            return Err(PolyformError::BadPuzzle(format!(
                "{}: piece set {} is on another lattice",
                e.id, set.id
            )));
        }
        let region = decode_region(&e.region)
            .ok_or_else(|| PolyformError::BadPuzzle(format!("{}: bad region", e.id)))?;
        let pieces = PieceSet {
            name: set.id.clone(),
            lattice: set.lattice,
            pieces: set.pieces.iter().map(|(p, _)| p.clone()).collect(),
        };
        let freedoms: Vec<Freedom> = set.pieces.iter().map(|(_, f)| *f).collect();
        let description = format!(
            "{} {} {}{} on a region of {} {} (Polyform Puzzler's {}, module {})",
            e.pieces,
            e.family,
            if e.pieces == 1 { "piece" } else { "pieces" },
            if e.omit_one_of.is_empty() {
                String::new()
            } else {
                format!(", one of {} left out,", e.omit_one_of.join(" "))
            },
            e.cells,
            if e.lattice.is_segment() {
                "segments"
            } else {
                "cells"
            },
            e.id,
            e.module
        );
        let mut p = Puzzle::new(&e.id, e.lattice, region, pieces)
            .title(&e.id)
            .describe(&description);
        if freedoms.iter().all(|f| *f == freedoms[0]) {
            p = p.freedom(freedoms[0]);
        } else {
            p = p.piece_freedoms(freedoms);
        }
        if !e.omit_one_of.is_empty() {
            let names: Vec<&str> = e.omit_one_of.iter().map(String::as_str).collect();
            p = p.omit_one_of(&names);
        }
        if let Some(pb) = &e.published {
            if !pb.uncertain && e.pp_restriction != "none" {
                p = p.known(Some(pb.count), None, SOURCE);
            }
        }
        Ok(p)
    }

    /// The puzzle with this id.
    pub fn find(&self, id: &str) -> Result<Puzzle, PolyformError> {
        let e = self
            .get(id)
            .ok_or_else(|| PolyformError::UnknownPuzzle(id.to_string()))?;
        self.puzzle(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = "# test\n\
S\tT\tsquare\tI:F:0,0;1,0 L:O:0,0;1,0;2,0;2,1 J:Om:0,0;1,0;2,0;2,1\n\
P\tTiny\tm\tT\tsquare\tT\t0,0,0:5,2,1:0.a\t-\t1?\tnone\tAda Lovelace\tok\t-\t1? solutions\n";

    #[test]
    fn parses_and_builds() {
        let c = Catalogue::parse(TINY).unwrap();
        let e = c.get("tiny").unwrap();
        assert_eq!(e.cells, 10);
        assert_eq!(e.pieces, 3);
        assert_eq!(e.designer.as_deref(), Some("Ada Lovelace"));
        assert!(e.published.as_ref().unwrap().uncertain);
        assert!(e.matches("lovelace 10"));
        assert!(!e.matches("lovelace 9"));
        assert_eq!(c.region(e).len(), 10);
        let holey = decode_region("0,0,0:4,2,1:0.3.1.4").unwrap();
        assert_eq!(holey.len(), 7);
        assert!(!holey.contains(&[3, 0, 0]));
        assert!(holey.contains(&[0, 1, 0]));
        let p = c.puzzle(e).unwrap();
        assert_eq!(p.freedom_of(0), Freedom::FREE);
        assert_eq!(p.freedom_of(1), Freedom::ONE_SIDED);
        // The mirrored L is a J: a different one-sided piece.
        assert_ne!(p.orientations(1), p.orientations(2));
        assert_eq!(p.orientations(1).len(), 4);
    }
}
