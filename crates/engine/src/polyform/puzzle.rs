//! Puzzle declarations and their exact-cover matrices.
//!
//! A [`Puzzle`] is a region, a list of pieces and a few options; declaring a
//! new one takes a handful of lines:
//!
//! ```
//! use tessera_engine::polyform::{puzzle::Puzzle, region, sets, Lattice};
//! let p = Puzzle::new("pentominoes-6x10", Lattice::Square, region::rectangle(10, 6), sets::pentominoes())
//!     .known(Some(2339), Some(9356), "Polyform Puzzler");
//! assert_eq!(p.title, "Pentominoes6x10");
//! ```
//!
//! [`Puzzle::matrix`] turns it into exact-cover rows as Polyform Puzzler
//! does: one primary item per piece (unless pieces are reusable), one per
//! region cell, an extra primary item `!` when one piece of a list must be
//! left out, and for polysticks one *secondary* item per grid point where
//! two pieces could cross (a piece holds the point when it passes straight
//! through it), so that pieces may touch but never cross. Polytrigs get six
//! secondary items per point, one per direction (see
//! [`Lattice::crossing_items`]); polytwigs need none, since three edges meet
//! at a honeycomb vertex and two pieces cannot cross there.

use super::lattice::{Cell, Lattice};
use super::piece::{orientations, Freedom, Piece};
use super::sets::PieceSet;
use super::PolyformError;
use crate::exact_cover::Problem;
use serde::{Deserialize, Serialize};

/// Published solution counts of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    /// Solutions up to the puzzle's symmetries.
    pub unique: Option<u128>,
    /// All solutions (symmetric copies counted).
    pub all: Option<u128>,
    /// Where the numbers come from.
    pub source: String,
}

/// A polyform puzzle: fill `region` with `pieces`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Command-line name, lower-case with dashes ("pentominoes-6x10").
    pub name: String,
    /// Name in solution-file headers ("Pentominoes6x10").
    pub title: String,
    /// One-line description.
    pub description: String,
    /// The lattice of region and pieces.
    pub lattice: Lattice,
    /// The cells to fill, sorted.
    pub region: Vec<Cell>,
    /// The pieces, each used once (unless `reuse`).
    pub pieces: Vec<Piece>,
    /// Motions allowed to the pieces.
    pub freedom: Freedom,
    /// Per-piece motions, overriding `freedom` when not empty (one entry
    /// per piece). Polyform Puzzler's catalogue has puzzles whose rules fix
    /// some pieces and not others (e.g. a few pieces that may not turn);
    /// a puzzle-wide freedom cannot say that, and the symmetry reduction
    /// stays exact because it compares each piece's orientation set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piece_freedoms: Vec<Freedom>,
    /// Pieces may be used any number of times (Sage's `reusable`).
    pub reuse: bool,
    /// If not empty: exactly one of these pieces is left out.
    pub omit_one_of: Vec<String>,
    /// Published counts, if any.
    pub known: Option<Known>,
}

/// What a puzzle list shows (serialisable for the web UI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleInfo {
    /// Command-line name.
    pub name: String,
    /// Solution-file title.
    pub title: String,
    /// Family ("polyomino", …).
    pub family: String,
    /// Description.
    pub description: String,
    /// Number of region cells.
    pub cells: usize,
    /// Number of pieces.
    pub pieces: usize,
    /// Bounding box of the region (x, y, z extents).
    pub size: [i32; 3],
    /// Published counts.
    pub known: Option<Known>,
}

fn title_of(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect()
}

impl Puzzle {
    /// A puzzle using every piece of `set` once, pieces free to rotate and
    /// (in the plane) to flip. Polycube pieces get the 24 rotations of
    /// space, which include the flips of planar pieces.
    pub fn new(name: &str, lattice: Lattice, region: Vec<Cell>, set: PieceSet) -> Puzzle {
        let mut region = region;
        region.sort_unstable();
        region.dedup();
        Puzzle {
            name: name.to_string(),
            title: title_of(name),
            description: String::new(),
            lattice,
            region,
            pieces: set.pieces,
            freedom: if lattice.is_3d() {
                Freedom::ONE_SIDED
            } else {
                Freedom::FREE
            },
            piece_freedoms: Vec::new(),
            reuse: false,
            omit_one_of: Vec::new(),
            known: None,
        }
    }

    /// Set the solution-file title.
    pub fn title(mut self, title: &str) -> Puzzle {
        self.title = title.to_string();
        self
    }

    /// Set the description.
    pub fn describe(mut self, text: &str) -> Puzzle {
        self.description = text.to_string();
        self
    }

    /// Set the allowed motions.
    pub fn freedom(mut self, freedom: Freedom) -> Puzzle {
        self.freedom = freedom;
        self
    }

    /// Set the motions of each piece (in the order of the pieces).
    pub fn piece_freedoms(mut self, freedoms: Vec<Freedom>) -> Puzzle {
        self.piece_freedoms = freedoms;
        self
    }

    /// The motions piece `i` may make.
    pub fn freedom_of(&self, i: usize) -> Freedom {
        self.piece_freedoms.get(i).copied().unwrap_or(self.freedom)
    }

    /// Let pieces be used any number of times.
    pub fn reusable(mut self) -> Puzzle {
        self.reuse = true;
        self
    }

    /// Leave out exactly one of these pieces in each solution.
    pub fn omit_one_of(mut self, names: &[&str]) -> Puzzle {
        self.omit_one_of = names.iter().map(|s| s.to_string()).collect();
        self
    }

    /// Record published counts.
    pub fn known(mut self, unique: Option<u128>, all: Option<u128>, source: &str) -> Puzzle {
        self.known = Some(Known {
            unique,
            all,
            source: source.to_string(),
        });
        self
    }

    /// The summary shown in puzzle lists.
    pub fn info(&self) -> PuzzleInfo {
        let mut size = [0; 3];
        if !self.region.is_empty() {
            for k in 0..3 {
                let lo = self.region.iter().map(|c| c[k]).min().unwrap();
                let hi = self.region.iter().map(|c| c[k]).max().unwrap();
                size[k] = hi - lo + 1;
            }
            if !self.lattice.is_3d() {
                size[2] = 1;
            }
        }
        PuzzleInfo {
            name: self.name.clone(),
            title: self.title.clone(),
            family: self.lattice.family().to_string(),
            description: self.description.clone(),
            cells: self.region.len(),
            pieces: self.pieces.len(),
            size,
            known: self.known.clone(),
        }
    }

    /// Index of the named piece.
    pub fn piece_index(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }

    /// The orientations piece `i` may take (normal forms, sorted).
    pub fn orientations(&self, i: usize) -> Vec<Vec<Cell>> {
        orientations(
            self.lattice,
            &self.pieces[i].cells,
            &self.freedom_of(i).transforms(self.lattice),
        )
    }

    /// Whether piece `i` may be left out.
    pub fn omittable(&self, i: usize) -> bool {
        self.omit_one_of.iter().any(|n| *n == self.pieces[i].name)
    }

    /// Check the declaration: valid cells, unique names, matching areas.
    pub fn validate(&self) -> Result<(), PolyformError> {
        let bad = |m: String| Err(PolyformError::BadPuzzle(format!("{}: {m}", self.name)));
        if self.region.is_empty() {
            return bad("the region is empty".into());
        }
        if self.pieces.is_empty() {
            return bad("there are no pieces".into());
        }
        if let Some(c) = self.region.iter().find(|c| !self.lattice.is_valid(**c)) {
            return bad(format!(
                "{c:?} is not a cell of the {} lattice",
                self.lattice.family()
            ));
        }
        for (i, p) in self.pieces.iter().enumerate() {
            if p.name.is_empty() || p.name.contains(char::is_whitespace) || p.name == "!" {
                return bad(format!(
                    "piece name '{}' must be non-empty, without spaces, not '!'",
                    p.name
                ));
            }
            if self.pieces[..i].iter().any(|q| q.name == p.name) {
                return bad(format!("two pieces are named '{}'", p.name));
            }
            if p.cells.is_empty() || p.cells.iter().any(|c| !self.lattice.is_valid(*c)) {
                return bad(format!(
                    "piece {} has no cells or cells off the lattice",
                    p.name
                ));
            }
        }
        if !self.piece_freedoms.is_empty() && self.piece_freedoms.len() != self.pieces.len() {
            return bad(format!(
                "{} piece freedoms for {} pieces",
                self.piece_freedoms.len(),
                self.pieces.len()
            ));
        }
        for n in &self.omit_one_of {
            if self.piece_index(n).is_none() {
                return bad(format!("omittable piece '{n}' is not in the set"));
            }
        }
        if !self.reuse {
            let total: usize = self.pieces.iter().map(Piece::size).sum();
            let area = self.region.len();
            if self.omit_one_of.is_empty() {
                if total != area {
                    return bad(format!(
                        "the pieces cover {total} cells but the region has {area}"
                    ));
                }
            } else if !self
                .pieces
                .iter()
                .enumerate()
                .any(|(i, p)| self.omittable(i) && total - p.size() == area)
            {
                return bad(format!(
                    "leaving out one of {} never makes the pieces cover the {area} cells of the region",
                    self.omit_one_of.join(" ")
                ));
            }
        }
        Ok(())
    }

    /// The exact-cover matrix of the puzzle.
    pub fn matrix(&self) -> Result<Matrix, PolyformError> {
        self.validate()?;
        Ok(Matrix::build(self))
    }
}

/// Where a matrix row puts a piece; no cells means the piece is left out.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// Index into the puzzle's pieces.
    pub piece: usize,
    /// The covered cells, sorted (empty: omitted).
    pub cells: Vec<Cell>,
}

/// A puzzle as an exact-cover problem: items and one row per placement.
#[derive(Clone, Debug)]
pub struct Matrix {
    /// The lattice.
    pub lattice: Lattice,
    /// Region cells, sorted; cell `i` is item `cell_base + i`.
    pub region: Vec<Cell>,
    /// Index of the first cell item.
    pub cell_base: usize,
    /// Names of the primary items (pieces, `!`, cells as `x,y` or `x,y,z`).
    pub primary: Vec<String>,
    /// Names of the secondary items (stick crossing points "x,yi", trig
    /// point directions "x,y,ki").
    pub secondary: Vec<String>,
    /// The placements, one per row.
    pub placements: Vec<Placement>,
    /// The rows as item indices (secondary items numbered after primary).
    pub rows: Vec<Vec<usize>>,
}

impl Matrix {
    fn build(p: &Puzzle) -> Matrix {
        let lattice = p.lattice;
        let region = p.region.clone();
        let mut primary: Vec<String> = Vec::new();
        if !p.reuse {
            primary.extend(p.pieces.iter().map(|q| q.name.clone()));
        }
        let omit_item = if p.omit_one_of.is_empty() {
            None
        } else {
            primary.push("!".to_string());
            Some(primary.len() - 1)
        };
        let cell_base = primary.len();
        primary.extend(region.iter().map(|c| cell_name(lattice, *c)));
        // Where pieces could cross: stick points a piece passes straight
        // through, trig points by direction (see `Lattice::crossing_items`).
        let points = lattice.region_crossing_items(&region);
        let secondary: Vec<String> = points
            .iter()
            .map(|&item| lattice.crossing_item_name(item))
            .collect();
        let point_base = primary.len();

        let mut placements = Vec::new();
        let mut rows = Vec::new();
        let mut done_shapes: Vec<Vec<Vec<Cell>>> = Vec::new();
        for i in 0..p.pieces.len() {
            if p.omittable(i) {
                placements.push(Placement {
                    piece: i,
                    cells: Vec::new(),
                });
                rows.push(vec![i, omit_item.expect("omit item")]);
            }
            let orients = p.orientations(i);
            if p.reuse {
                // Identical pieces would only duplicate rows.
                if done_shapes.contains(&orients) {
                    continue;
                }
                done_shapes.push(orients.clone());
            }
            for o in &orients {
                let anchor = o[0];
                for &r in &region {
                    if !lattice.is_3d() && r[2] != anchor[2] {
                        continue;
                    }
                    let d = [
                        r[0] - anchor[0],
                        r[1] - anchor[1],
                        if lattice.is_3d() { r[2] - anchor[2] } else { 0 },
                    ];
                    let mut idx = Vec::with_capacity(o.len() + 2);
                    let mut cells = Vec::with_capacity(o.len());
                    let mut inside = true;
                    for &c in o {
                        let t = lattice.translate(c, d);
                        match region.binary_search(&t) {
                            Ok(k) => {
                                idx.push(cell_base + k);
                                cells.push(t);
                            }
                            Err(_) => {
                                inside = false;
                                break;
                            }
                        }
                    }
                    if !inside {
                        continue;
                    }
                    let mut row = Vec::with_capacity(idx.len() + 4);
                    if !p.reuse {
                        row.push(i);
                    }
                    row.extend(idx);
                    for pt in lattice.crossing_items(&cells) {
                        if let Ok(k) = points.binary_search(&pt) {
                            row.push(point_base + k);
                        }
                    }
                    cells.sort_unstable();
                    placements.push(Placement { piece: i, cells });
                    rows.push(row);
                }
            }
        }
        Matrix {
            lattice,
            region,
            cell_base,
            primary,
            secondary,
            placements,
            rows,
        }
    }

    /// Index of a region cell.
    pub fn cell_index(&self, c: Cell) -> Option<usize> {
        self.region.binary_search(&c).ok()
    }

    /// The exact-cover problem made of the rows `keep` (all rows if `None`);
    /// problem row `k` is matrix row `keep[k]`.
    pub fn problem(&self, keep: Option<&[usize]>) -> Problem {
        let mut prob = Problem::with_names(self.primary.clone(), self.secondary.clone());
        let all: Vec<usize>;
        let keep = match keep {
            Some(k) => k,
            None => {
                all = (0..self.rows.len()).collect();
                &all
            }
        };
        for &r in keep {
            prob.add_row(&self.rows[r])
                .expect("matrix rows are well formed");
        }
        prob
    }
}

/// The item name of a cell: "x,y" for squares and hexagons, "x,y,z"
/// otherwise (Polyform Puzzler's column names, without padding).
pub fn cell_name(lattice: Lattice, c: Cell) -> String {
    if lattice.coordinate_count() == 2 {
        format!("{},{}", c[0], c[1])
    } else {
        format!("{},{},{}", c[0], c[1], c[2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyform::{region, sets};

    #[test]
    fn titles() {
        assert_eq!(title_of("pentominoes-6x10"), "Pentominoes6x10");
        assert_eq!(title_of("soma-3x3x3"), "Soma3x3x3");
    }

    #[test]
    fn pentomino_rows() {
        let p = Puzzle::new(
            "p",
            Lattice::Square,
            region::rectangle(10, 6),
            sets::pentominoes(),
        );
        let m = p.matrix().unwrap();
        assert_eq!(m.primary.len(), 72);
        assert_eq!(m.secondary.len(), 0);
        // The classic count of placements of the 12 pentominoes in 6×10.
        assert_eq!(m.rows.len(), 2056);
    }

    #[test]
    fn validation() {
        let p = Puzzle::new(
            "p",
            Lattice::Square,
            region::rectangle(5, 6),
            sets::pentominoes(),
        );
        assert!(p
            .validate()
            .unwrap_err()
            .to_string()
            .contains("60 cells but the region has 30"));
    }
}
