//! The whole Polyform Puzzler catalogue, row for row: for every puzzle whose
//! exact-cover matrix PP built, the number of placements Tessera generates
//! for each piece equals the number of rows PP's matrix gives it
//! (`tests/data/pp-placements.txt`, written by `scripts/pp-placements.py`
//! from the catalogue's `matrix.placements_per_piece`).
//!
//! This checks the conversion of all ~1,100 puzzles at once — PP's
//! coordinates on seven lattices, the aspects each piece may take
//! (free, one-sided, fixed), the regions with their holes — without
//! counting a single solution: a region off by one cell, a missing mirror
//! aspect or a wrongly oriented piece changes some piece's row count.
//! Pieces PP confines by its symmetry restriction are compared with the
//! catalogue's `placements_possible` (all translations of their aspects),
//! since Tessera finds its own symmetry reduction.

use std::collections::BTreeMap;
use tessera::engine::polyform::catalogue::Catalogue;

const ASSET: &str = include_str!("../crates/engine/data/pp-catalogue.txt");
const PP_ROWS: &str = include_str!("data/pp-placements.txt");

/// `Id -> [(piece, rows)]` from the data file.
fn pp_rows() -> Vec<(&'static str, Vec<(&'static str, usize)>)> {
    PP_ROWS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, rest) = l.split_once('\t').expect("id<TAB>pieces");
            let pieces = rest
                .split(' ')
                .map(|p| {
                    let (name, n) = p.rsplit_once(':').expect("piece:rows");
                    (name, n.parse().expect("a row count"))
                })
                .collect();
            (id, pieces)
        })
        .collect()
}

#[test]
fn every_piece_has_as_many_placements_as_in_pp_matrix() {
    let c = Catalogue::parse(ASSET).expect("the asset parses");
    let data = pp_rows();
    assert!(
        data.len() >= 1000,
        "{} puzzles in the data file",
        data.len()
    );
    let mut compared = 0usize;
    let mut skipped = Vec::new();
    let mut wrong = Vec::new();
    for (id, pp) in &data {
        let Some(entry) = c.get(id) else {
            wrong.push(format!("{id}: not in Tessera's catalogue"));
            continue;
        };
        if !entry.supported() {
            skipped.push(*id);
            continue;
        }
        let puzzle = c.find(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let matrix = puzzle.matrix().unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut ours: BTreeMap<&str, usize> = BTreeMap::new();
        // An omitted piece's empty row counts: PP's matrix has one "left
        // out" row per piece that may be omitted, too.
        for row in &matrix.placements {
            *ours
                .entry(puzzle.pieces[row.piece].name.as_str())
                .or_default() += 1;
        }
        for &(name, rows) in pp {
            // A piece that fits nowhere has no rows (PP lists it with 0).
            let have = ours.get(name).copied().unwrap_or(0);
            if have != rows {
                wrong.push(format!("{id} {name}: PP {rows}, Tessera {have}"));
            }
            compared += 1;
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {compared} pieces differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Puzzles Tessera leaves out say why in the catalogue (tested in
    // polyform_catalogue.rs); they are few.
    assert!(skipped.len() <= 50, "unsupported: {skipped:?}");
    assert!(compared >= 10_000, "only {compared} pieces compared");
}

/// The comparison can fail: the 6×10 with one corner cell removed no
/// longer has PP's row counts.
#[test]
fn one_cell_off_changes_the_row_counts() {
    let c = Catalogue::parse(ASSET).unwrap();
    let pp = pp_rows()
        .into_iter()
        .find(|(id, _)| *id == "Pentominoes6x10")
        .expect("Pentominoes6x10 is in the data")
        .1;
    let mut p = c.find("Pentominoes6x10").unwrap();
    let rows = |p: &tessera::engine::polyform::Puzzle, name: &str| {
        let k = p.pieces.iter().position(|q| q.name == name).unwrap();
        p.matrix()
            .unwrap()
            .placements
            .iter()
            .filter(|r| r.piece == k)
            .count()
    };
    assert!(pp.iter().all(|&(n, r)| rows(&p, n) == r));
    // Move one corner cell to just outside the opposite corner: the same
    // number of cells, a different region.
    let corner = *p.region.iter().min().unwrap();
    let far = *p.region.iter().max().unwrap();
    p.region.retain(|&cell| cell != corner);
    p.region.push([far[0] + 1, far[1], far[2]]);
    assert!(pp.iter().any(|&(n, r)| rows(&p, n) != r));
}
