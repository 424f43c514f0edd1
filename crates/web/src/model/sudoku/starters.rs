//! The puzzles the variant editor opens on, so that X, jigsaw and Samurai
//! each start with something to play rather than an empty grid. Each is the
//! engine's generator's puzzle for seed 1 (`tessera sudoku generate
//! --variant x|jigsaw|samurai --seed 1`), kept as text so that opening a
//! variant costs no search; the tests below check that each still has
//! exactly one solution.

use tessera_engine::sudoku::variant::{RegionMap, Variant};
use tessera_engine::sudoku::Shape;

/// X-sudoku: 9×9 with both main diagonals.
pub const X: &str =
    "...5.....3.7..82...1.....5..4....63....4.......6.....5...2.....5...7....26.....9.";

/// The jigsaw's region map (one label per cell) and its givens.
pub const JIGSAW_MAP: &str =
    "aabbbbcccaaaabbcccddabbbffcddaaeefccgdeeeeffigddhheefiggddheffigghhhiifiggghhhiii";
pub const JIGSAW: &str =
    "..5..9....9...........3...9.7......648....5..7....3..8.13...................2....";

/// Samurai: the five grids (top-left, top-right, centre, bottom-left,
/// bottom-right), as the Import box takes them.
pub const SAMURAI: &str = concat!(
    ".........4...3...2...7.984..421...9...........38...41.25...83......6.....69..1... ",
    "..6..54.3....4...6...7.2...9..2..3....7..8.4..3...........53....9.4..1......19... ",
    "3...........8...9......1......7......1.65.4...3....27.....................3...... ",
    "....5.....7.......4...86..3..5.......3.27...4.....8...8....2.......192..7...6..15 ",
    ".......93..............4.....8.316....4.2.....2...6......4...311..58..7.........5",
);

/// The givens of a variant's starting puzzle, in the variant's cell order.
pub fn givens(variant: &Variant, text: &str) -> Vec<u8> {
    variant
        .parse(text)
        .unwrap_or_else(|_| vec![0; variant.cells()])
}

/// The starting X puzzle's givens.
pub fn x() -> Vec<u8> {
    givens(&Variant::x(Shape::NINE), X)
}

/// The starting jigsaw's map (valid by construction: checked below).
pub fn jigsaw_map() -> RegionMap {
    RegionMap::parse(JIGSAW_MAP).unwrap_or_else(|_| RegionMap::boxes(Shape::NINE))
}

/// The starting jigsaw's givens on [`jigsaw_map`].
pub fn jigsaw() -> Vec<u8> {
    givens(&Variant::jigsaw(jigsaw_map()), JIGSAW)
}

/// The starting Samurai's givens.
pub fn samurai() -> Vec<u8> {
    givens(&Variant::samurai(), SAMURAI)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_solution(variant: &Variant, text: &str) {
        let values = variant.parse(text).expect("the starter parses");
        assert!(
            values.iter().any(|&v| v != 0),
            "{}: no givens",
            variant.name()
        );
        assert_eq!(
            variant.count(&values, Some(2)).unwrap(),
            1,
            "{}",
            variant.name()
        );
    }

    #[test]
    fn each_starter_has_exactly_one_solution() {
        one_solution(&Variant::x(Shape::NINE), X);
        assert!(RegionMap::parse(JIGSAW_MAP).is_ok());
        one_solution(&Variant::jigsaw(jigsaw_map()), JIGSAW);
        one_solution(&Variant::samurai(), SAMURAI);
    }

    #[test]
    fn the_starters_are_what_the_editor_opens_with() {
        assert_eq!(x(), Variant::x(Shape::NINE).parse(X).unwrap());
        assert_eq!(jigsaw().len(), 81);
        assert_eq!(samurai().len(), 369);
        assert!(samurai().iter().any(|&v| v != 0));
    }
}
