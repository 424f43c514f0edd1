//! Custom puzzles drawn by a user: the drawing canvas of each lattice, the
//! piece palettes, the checks that turn a drawing into a [`Puzzle`] (or into
//! a message saying what to fix), and a compact text form for links.
//!
//! Kept in the engine so the browser's editor, the tests and any later CLI
//! agree on what a valid custom puzzle is; the UI only draws and clicks.

use super::lattice::{Cell, Lattice};
use super::piece::Piece;
use super::puzzle::Puzzle;
use super::{region, sets, PolyformError};
use std::collections::{BTreeSet, HashSet, VecDeque};

/// The largest canvas side offered by the editor (cells per axis): beyond
/// it the exact-cover matrices of full piece sets get too large to be
/// interactive, and the drawing too small to click.
pub const MAX_SIDE: i32 = 16;
/// The most layers of a polycube canvas.
pub const MAX_LAYERS: i32 = 6;

/// Every cell of a `w × h` canvas (with `layers` layers for polycubes): the
/// cells the editor draws and lets the user switch on or off.
pub fn canvas_cells(lattice: Lattice, w: i32, h: i32, layers: i32) -> Vec<Cell> {
    let (w, h) = (w.clamp(1, MAX_SIDE), h.clamp(1, MAX_SIDE));
    match lattice {
        Lattice::Square => region::rectangle(w, h),
        Lattice::Cube => region::cuboid(w, h, layers.clamp(1, MAX_LAYERS)),
        Lattice::Triangle => region::triangle_parallelogram(w, h),
        Lattice::Hexagon => region::hex_parallelogram(w, h),
        Lattice::Stick => region::stick_grid(w, h),
        Lattice::Trig => region::trig_grid(w, h),
        Lattice::Twig => region::twig_grid(w, h),
    }
}

/// The named piece sets that make sense on a lattice, for the palette.
pub fn palettes(lattice: Lattice) -> &'static [&'static str] {
    match lattice {
        Lattice::Square => &[
            "pentominoes",
            "tetrominoes",
            "polyominoes-123",
            "one-sided-tetrominoes",
            "one-sided-pentominoes",
        ],
        Lattice::Triangle => &["hexiamonds"],
        Lattice::Hexagon => &["tetrahexes", "trihexes", "pentahexes"],
        Lattice::Cube => &["soma", "solid-pentominoes"],
        Lattice::Stick => &["tetrasticks"],
        Lattice::Trig => &["tritrigs", "polytrigs-123", "tetratrigs", "quasi-ditrigs"],
        Lattice::Twig => &[
            "pentatwigs",
            "polytwigs-1234",
            "tetratwigs",
            "hexatwigs",
            "quasi-tritwigs",
        ],
    }
}

/// The connected parts of a set of cells (each sorted), largest first.
pub fn components(lattice: Lattice, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let mut seen: HashSet<Cell> = HashSet::new();
    let mut parts = Vec::new();
    let mut sorted: Vec<Cell> = set.iter().copied().collect();
    sorted.sort_unstable();
    for &start in &sorted {
        if !seen.insert(start) {
            continue;
        }
        let mut part = vec![start];
        let mut queue = VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            for n in lattice.neighbours(c) {
                if set.contains(&n) && seen.insert(n) {
                    part.push(n);
                    queue.push_back(n);
                }
            }
        }
        part.sort_unstable();
        parts.push(part);
    }
    parts.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    parts
}

/// What the user chose in the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub lattice: Lattice,
    /// Cells switched on.
    pub region: Vec<Cell>,
    /// The palette's set name.
    pub set: String,
    /// The pieces of the set that are used (by name), in the set's order.
    pub pieces: Vec<String>,
    /// Each chosen piece may be used any number of times.
    pub reuse: bool,
}

/// Turn a draft into a puzzle, or say what is wrong with it — before any
/// search starts, so an impossible request never occupies a worker.
pub fn build(draft: &Draft) -> Result<Puzzle, PolyformError> {
    let bad = |m: String| Err(PolyformError::BadPuzzle(m));
    let set = sets::named(&draft.set)
        .ok_or_else(|| PolyformError::BadPuzzle(format!("unknown piece set '{}'", draft.set)))?;
    if set.lattice != draft.lattice {
        return bad(format!(
            "the {} are not {}s",
            draft.set,
            draft.lattice.family()
        ));
    }
    if draft.region.is_empty() {
        return bad("the region is empty: click or drag on the canvas to add cells".into());
    }
    if let Some(c) = draft.region.iter().find(|c| !draft.lattice.is_valid(**c)) {
        return bad(format!(
            "{c:?} is not a cell of the {} lattice",
            draft.lattice.family()
        ));
    }
    let chosen: Vec<Piece> = set
        .pieces
        .iter()
        .filter(|p| draft.pieces.contains(&p.name))
        .cloned()
        .collect();
    if let Some(missing) = draft
        .pieces
        .iter()
        .find(|n| !set.pieces.iter().any(|p| &p.name == *n))
    {
        return bad(format!(
            "there is no piece '{missing}' in the {}",
            draft.set
        ));
    }
    if chosen.is_empty() {
        return bad("no pieces are chosen: pick at least one piece from the palette".into());
    }
    let parts = components(draft.lattice, &draft.region);
    if parts.len() > 1 {
        let sizes: Vec<String> = parts.iter().map(|p| p.len().to_string()).collect();
        return bad(format!(
            "the region falls apart into {} separate parts (of {} cells): join them or remove the stray cells",
            parts.len(),
            sizes.join(", ")
        ));
    }
    let area = draft.region.len();
    let total: usize = chosen.iter().map(Piece::size).sum();
    if draft.reuse {
        let sizes: BTreeSet<usize> = chosen.iter().map(Piece::size).collect();
        if sizes.len() == 1 {
            let s = *sizes.iter().next().unwrap();
            if !area.is_multiple_of(s) {
                return bad(format!(
                    "the region has {area} cells, not a multiple of the piece size {s}"
                ));
            }
        }
    } else if total != area {
        return bad(format!(
            "the {} chosen pieces cover {total} cells but the region has {area}: {}",
            chosen.len(),
            if total > area {
                format!("add {} cells or remove pieces", total - area)
            } else {
                format!("remove {} cells or add pieces", area - total)
            }
        ));
    }
    let name = if chosen.len() == set.pieces.len() {
        format!("custom-{}", draft.set)
    } else {
        format!("custom-{}-of-{}", chosen.len(), draft.set)
    };
    let mut puzzle = Puzzle::new(
        &name,
        draft.lattice,
        draft.region.clone(),
        sets::PieceSet {
            name: set.name.clone(),
            lattice: set.lattice,
            pieces: chosen,
        },
    )
    .describe(&format!(
        "A region of {area} cells drawn in the editor, {}",
        draft.set
    ));
    if draft.set.starts_with("one-sided") {
        puzzle = puzzle.freedom(super::Freedom::ONE_SIDED);
    }
    if draft.reuse {
        puzzle = puzzle.reusable();
    }
    puzzle.validate()?;
    Ok(puzzle)
}

/// Cells as text for a link: `x.y.z` joined by `_` (only `-`, digits, `.`
/// and `_`, so nothing needs escaping in a URL fragment).
pub fn encode_cells(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| format!("{}.{}.{}", c[0], c[1], c[2]))
        .collect::<Vec<_>>()
        .join("_")
}

/// Read [`encode_cells`] back; a malformed cell is an error naming it.
pub fn decode_cells(text: &str) -> Result<Vec<Cell>, PolyformError> {
    let mut out = Vec::new();
    for (i, part) in text.split('_').filter(|p| !p.is_empty()).enumerate() {
        let bad = || PolyformError::CellText {
            index: i + 1,
            text: part.to_owned(),
        };
        let nums: Vec<i32> = part
            .split('.')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        match nums.as_slice() {
            [x, y, z]
                if x.abs() <= 4 * MAX_SIDE
                    && y.abs() <= 4 * MAX_SIDE
                    && z.abs() <= 4 * MAX_SIDE =>
            {
                out.push([*x, *y, *z])
            }
            _ => return Err(bad()),
        }
    }
    Ok(out)
}

/// Free polyform counts as published in Polyform Puzzler's documentation
/// (one-sided for polycubes, whose mirror images cannot be reached), for
/// the enumeration view to compare against. Sizes 1, 2, 3, …
pub fn published_counts(lattice: Lattice) -> &'static [u64] {
    match lattice {
        Lattice::Square => &[1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655],
        Lattice::Triangle => &[1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186],
        Lattice::Hexagon => &[1, 1, 3, 7, 22, 82, 333, 1448],
        Lattice::Cube => &[1, 1, 2, 8, 29, 166, 1023, 6922],
        Lattice::Stick => &[1, 2, 5, 16, 55, 222, 950],
        Lattice::Trig => &[1, 3, 12, 60, 375, 2613],
        Lattice::Twig => &[1, 1, 3, 4, 12, 27, 78],
    }
}

/// Published one-sided polyomino counts (the seed's second table).
pub const PUBLISHED_ONE_SIDED_POLYOMINOES: [u64; 10] = [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189];

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(lattice: Lattice, region: Vec<Cell>, set: &str) -> Draft {
        let pieces = sets::named(set)
            .unwrap()
            .pieces
            .iter()
            .map(|p| p.name.clone())
            .collect();
        Draft {
            lattice,
            region,
            set: set.into(),
            pieces,
            reuse: false,
        }
    }

    #[test]
    fn a_drawn_rectangle_is_the_library_puzzle() {
        let d = draft(Lattice::Square, region::rectangle(10, 6), "pentominoes");
        let p = build(&d).unwrap();
        assert_eq!(p.region.len(), 60);
        assert_eq!(p.pieces.len(), 12);
    }

    #[test]
    fn bad_drafts_say_what_is_wrong() {
        let err = |d: &Draft| build(d).unwrap_err().to_string();
        let mut d = draft(Lattice::Square, Vec::new(), "pentominoes");
        assert!(err(&d).contains("region is empty"), "{}", err(&d));
        d.region = region::rectangle(10, 6);
        d.pieces.clear();
        assert!(err(&d).contains("no pieces"), "{}", err(&d));
        let mut d = draft(Lattice::Square, region::rectangle(10, 6), "pentominoes");
        d.region.pop();
        let e = err(&d);
        assert!(e.contains("60 cells") && e.contains("59"), "{e}");
        assert!(e.contains("add 1 cells"), "{e}");
        // Two 5×6 blocks with a gap between them.
        let mut two: Vec<Cell> = region::rectangle(5, 6);
        two.extend(region::rectangle(5, 6).iter().map(|c| [c[0] + 6, c[1], 0]));
        let e = err(&draft(Lattice::Square, two, "pentominoes"));
        assert!(
            e.contains("2 separate parts") && e.contains("30, 30"),
            "{e}"
        );
        let e = err(&draft(
            Lattice::Square,
            region::rectangle(4, 4),
            "hexiamonds",
        ));
        assert!(
            e.contains("not polyominos") || e.contains("not polyomino"),
            "{e}"
        );
        let mut d = draft(Lattice::Square, region::rectangle(10, 6), "pentominoes");
        d.pieces.push("Q".into());
        assert!(err(&d).contains("no piece 'Q'"));
        d.set = "nonsense".into();
        assert!(err(&d).contains("unknown piece set"));
    }

    #[test]
    fn reusable_pieces_need_a_multiple_of_their_size() {
        let mut d = draft(Lattice::Square, region::rectangle(10, 5), "pentominoes");
        d.pieces = vec!["Y".into()];
        d.reuse = true;
        assert!(build(&d).is_ok());
        d.region.pop();
        assert!(build(&d).unwrap_err().to_string().contains("multiple"));
    }

    #[test]
    fn canvases_have_the_documented_sizes() {
        assert_eq!(canvas_cells(Lattice::Square, 8, 8, 1).len(), 64);
        assert_eq!(canvas_cells(Lattice::Triangle, 9, 4, 1).len(), 72);
        assert_eq!(canvas_cells(Lattice::Hexagon, 7, 4, 1).len(), 28);
        assert_eq!(canvas_cells(Lattice::Stick, 5, 5, 1).len(), 60);
        assert_eq!(canvas_cells(Lattice::Cube, 5, 4, 3).len(), 60);
        assert_eq!(
            canvas_cells(Lattice::Square, 999, 1, 1).len(),
            MAX_SIDE as usize
        );
        for l in Lattice::ALL {
            for set in palettes(l) {
                assert_eq!(sets::named(set).unwrap().lattice, l, "{set}");
            }
            let cells = canvas_cells(l, 4, 3, 2);
            assert!(cells.iter().all(|c| l.is_valid(*c)));
            assert_eq!(components(l, &cells).len(), 1, "{l:?}");
        }
    }

    #[test]
    fn cells_round_trip_through_text() {
        let cells = region::triangle_parallelogram(3, 2);
        assert_eq!(decode_cells(&encode_cells(&cells)).unwrap(), cells);
        assert_eq!(decode_cells("").unwrap(), Vec::<Cell>::new());
        assert!(decode_cells("1.2")
            .unwrap_err()
            .to_string()
            .contains("cell 1"));
        assert!(decode_cells("1.2.0_a.b.c")
            .unwrap_err()
            .to_string()
            .contains("cell 2"));
        assert!(decode_cells("1.2.99999").is_err());
    }
}
