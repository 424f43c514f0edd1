//! The J seed's first counting steps: with the top-left box fixed, how
//! many boxes can sit right of it (each of its rows avoids the symbols of
//! the same row of the first box), how many below (the same for columns),
//! and how many (right, below) pairs — independent choices, so a product.

use crate::sudoku::Shape;

/// The first box filled 1, 2, … row by row.
fn first_box(shape: Shape) -> Vec<Vec<u8>> {
    (0..shape.box_rows)
        .map(|r| {
            (0..shape.box_cols)
                .map(|c| (r * shape.box_cols + c + 1) as u8)
                .collect()
        })
        .collect()
}

/// Boxes of `rows × cols` holding 1..n once each where cell (r, c) avoids
/// `forbidden(r, c)` — counted by placing symbols cell by cell.
fn count_boxes(rows: usize, cols: usize, forbidden: &dyn Fn(usize, usize) -> u64) -> u64 {
    fn rec(
        k: usize,
        used: u64,
        cols: usize,
        n: usize,
        forbidden: &dyn Fn(usize, usize) -> u64,
    ) -> u64 {
        if k == n {
            return 1;
        }
        let blocked = used | forbidden(k / cols, k % cols);
        (0..n)
            .filter(|d| blocked >> d & 1 == 0)
            .map(|d| rec(k + 1, used | 1 << d, cols, n, forbidden))
            .sum()
    }
    rec(0, 0, cols, rows * cols, forbidden)
}

/// Boxes that can sit right of the fixed first box (the seed's `allrc01`).
pub fn boxes_right(shape: Shape) -> u64 {
    let b = first_box(shape);
    let row_masks: Vec<u64> = b
        .iter()
        .map(|row| row.iter().fold(0, |m, &v| m | 1 << (v - 1)))
        .collect();
    count_boxes(shape.box_rows, shape.box_cols, &|r, _| row_masks[r])
}

/// Boxes that can sit below the fixed first box (the seed's `allrc10`).
pub fn boxes_below(shape: Shape) -> u64 {
    let b = first_box(shape);
    let col_masks: Vec<u64> = (0..shape.box_cols)
        .map(|c| b.iter().fold(0, |m, row| m | 1 << (row[c] - 1)))
        .collect();
    count_boxes(shape.box_rows, shape.box_cols, &|_, c| col_masks[c])
}

/// (right, below) pairs: the two choices constrain disjoint cells.
pub fn box_pairs(shape: Shape) -> u128 {
    boxes_right(shape) as u128 * boxes_below(shape) as u128
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The J seed: `#&>allrc01;<allrc10` is 12096 12096, their product
    /// 146313216 (../shared/reference/known_counts.md).
    #[test]
    fn the_j_seed_box_counts() {
        let s = Shape::square(3).unwrap();
        assert_eq!(boxes_right(s), 12_096);
        assert_eq!(boxes_below(s), 12_096);
        assert_eq!(box_pairs(s), 146_313_216);
    }

    #[test]
    fn shidoku_boxes_by_hand() {
        // Right of [[1,2],[3,4]]: row 1 from {3,4}, row 2 from {1,2}: 2·2.
        let s = Shape::square(2).unwrap();
        assert_eq!(boxes_right(s), 4);
        assert_eq!(boxes_below(s), 4);
        // 2x3 boxes: right of [[1,2,3],[4,5,6]] the rows swap sets: 3!·3!;
        // below, each column avoids the 2 symbols above it: 10 ways to
        // share the symbols among the columns, 2³ orders within them.
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(boxes_right(s), 36);
        assert_eq!(boxes_below(s), 80);
    }
}
