//! The Sudoku part of the URL: `#sudoku/<payload>`.
//!
//! * 9×9: the 81-character Sage string (`8..6..9.5…`), readable and
//!   accepted by other tools.
//! * other shapes: `RxC/` then the Sage string, e.g. `2x3/1.....`.
//! * 16×16 and up: the same, with runs of blanks compacted: `_` followed by
//!   one base-36 digit `d` stands for `d + 2` blanks (`_0` = 2 … `_z` = 37),
//!   so a 25×25 puzzle with 150 givens fits in a short link. `_` is never a
//!   Sage symbol, so decoding is unambiguous.
//!
//! Decoding also accepts anything the engine's tolerant importer reads
//! (an 81-character line, a list of integers), so hand-made links work.

use super::board::Board;
use tessera_engine::sudoku::{Shape, Sudoku};

const COMPACT_FROM: usize = 16;

pub fn encode(board: &Board) -> String {
    let s = board.sudoku();
    let text = match s.to_sage_string() {
        Ok(t) => t,
        // Beyond 36 symbols the editor never goes; fall back to a list.
        Err(_) => return format!("{}/{}", board.shape, s.to_list_string()),
    };
    let square9 = board.shape.is_nine();
    if square9 {
        return text;
    }
    let body = if board.size() >= COMPACT_FROM {
        compact(&text)
    } else {
        text
    };
    format!("{}/{}", board.shape, body)
}

fn compact(text: &str) -> String {
    let mut out = String::with_capacity(text.len() / 2);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'.' {
            let mut run = 1;
            while i + run < bytes.len() && bytes[i + run] == b'.' && run < 37 {
                run += 1;
            }
            if run == 1 {
                out.push('.');
            } else {
                out.push('_');
                out.push(std::char::from_digit((run - 2) as u32, 36).expect("run ≤ 37"));
            }
            i += run;
        } else {
            out.push(bytes[i] as char);
            i += 1;
        }
    }
    out
}

fn expand(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() * 2);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '_' {
            let d = chars
                .next()
                .and_then(|d| d.to_digit(36))
                .ok_or_else(|| "a '_' in the link must be followed by a run length".to_string())?;
            out.extend(std::iter::repeat_n('.', d as usize + 2));
        } else {
            out.push(c);
        }
    }
    Ok(out)
}

/// Read a payload back into a board.
pub fn decode(payload: &str) -> Result<Board, String> {
    let payload = payload.trim();
    if payload.is_empty() {
        return Err("the link holds no puzzle".into());
    }
    let (shape, body) = match payload.split_once('/') {
        Some((head, rest)) => match Shape::parse(head) {
            Ok(s) => (Some(s), rest),
            Err(_) => (None, payload),
        },
        None => (None, payload),
    };
    let body = expand(body)?;
    let sudoku = Sudoku::from_sage_str(&body, shape)
        .or_else(|_| Sudoku::parse(&body, shape))
        .map_err(|e| e.to_string())?;
    Board::from_sudoku(&sudoku)
        .normalized()
        .ok_or_else(|| "the puzzle in the link is too large for the editor".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAGE_A: &str =
        "5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";

    fn board(shape: &str, text: &str) -> Board {
        let shape = Shape::parse(shape).unwrap();
        Board::from_sudoku(&Sudoku::from_sage_str(text, Some(shape)).unwrap())
    }

    #[test]
    fn a_9x9_link_is_the_plain_sage_string() {
        let b = board("3x3", SAGE_A);
        assert_eq!(encode(&b), SAGE_A);
        assert_eq!(decode(SAGE_A).unwrap(), b);
    }

    #[test]
    fn other_shapes_carry_their_box_and_round_trip() {
        let b = board("2x3", "1.....2.....3.....4.....5.....6.....");
        let link = encode(&b);
        assert!(link.starts_with("2x3/"), "{link}");
        assert_eq!(decode(&link).unwrap(), b);
    }

    #[test]
    fn large_grids_compact_runs_of_blanks() {
        let mut b = Board::empty(Shape::parse("4x4").unwrap());
        b.cells[0] = 16;
        b.cells[255] = 1;
        let link = encode(&b);
        assert!(link.len() < 40, "254 blanks compact: {link}");
        assert!(link.contains('_'), "{link}");
        assert_eq!(decode(&link).unwrap(), b);
        let empty = Board::empty(Shape::parse("5x5").unwrap());
        assert_eq!(decode(&encode(&empty)).unwrap(), empty);
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        assert_eq!(decode("  ").unwrap_err(), "the link holds no puzzle");
        assert!(decode("4x4/_").unwrap_err().contains("run length"));
        assert!(decode("12345").is_err());
    }
}
