//! Conway–Ryba mathematical blackjack, Sage's `blackjack_move`.
//!
//! Twelve cards 0..11 (king = 0, ace = 1, …, jack = 11); six are on the
//! table. A move swaps a table card for a LOWER card from the other pile.
//! Sage's docs say play stops when the table sum is "less than 21", but its
//! code tests `< 22`; we follow the code. The winning strategy (Kahane and
//! Ryba) is to move to a hexad of the shuffle-labelled S(5,6,12).

use super::error::HexadError;
use super::minimog::Minimog;

/// What Sage's `blackjack_move` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlackjackAdvice {
    /// The sum is below 22: "No move possible. Shuffle the deck and redeal."
    NoMove,
    /// Swap `from` for the smaller `to`; the table becomes a hexad.
    Move {
        from: u8,
        to: u8,
        total_before: u32,
        total_after: u32,
    },
    /// No winning move. `message` is what Sage prints before returning the
    /// cards (with its exact spacing, which depends on the branch taken).
    NoWinningMove { message: String },
}

impl BlackjackAdvice {
    /// Sage's return value as text (the string, or the printed lines and
    /// the returned list).
    pub fn sage_text(&self, cards: &[u8]) -> String {
        match self {
            BlackjackAdvice::NoMove => "No move possible. Shuffle the deck and redeal.".into(),
            BlackjackAdvice::Move {
                from,
                to,
                total_before,
                total_after,
            } => format!("{from} --> {to}. The total went from {total_before} to {total_after}."),
            BlackjackAdvice::NoWinningMove { message } => {
                let list: Vec<String> = cards.iter().map(u8::to_string).collect();
                format!("{message}\n[{}]", list.join(", "))
            }
        }
    }
}

/// Sage's `blackjack_move(L0)` on six distinct cards 0..11 (in the given
/// order: Sage's "is this a hexad" test compares lists, so order matters).
pub fn blackjack_move(m: &Minimog, cards: &[u8]) -> Result<BlackjackAdvice, HexadError> {
    if cards.len() != 6 {
        return Err(HexadError::TableSize(cards.len()));
    }
    let mut set = 0u16;
    for &c in cards {
        if c > 11 {
            return Err(HexadError::NotACard(c));
        }
        if c == 11 && m.labeling() == super::Labeling::Modulo11 {
            return Err(HexadError::ElevenInModulo11);
        }
        if set >> c & 1 == 1 {
            return Err(HexadError::RepeatedCard(c));
        }
        set |= 1 << c;
    }
    let total: u32 = cards.iter().map(|&c| c as u32).sum();
    if total < 22 {
        return Ok(BlackjackAdvice::NoMove);
    }
    let sorted: Vec<u8> = (0..12).filter(|&c| set >> c & 1 == 1).collect();
    for &x in &sorted {
        let rest: Vec<u8> = sorted.iter().copied().filter(|&c| c != x).collect();
        let h = m.find_hexad(&rest)?;
        let hexad: Vec<u8> = (0..12).filter(|&c| h.points >> c & 1 == 1).collect();
        if cards == hexad.as_slice() {
            return Ok(BlackjackAdvice::NoWinningMove {
                message: "      This is a hexad. \n      There is no winning move, so make a random legal move."
                    .into(),
            });
        }
        let rest_set = set & !(1 << x);
        let y = (h.points & !rest_set).trailing_zeros() as u8;
        if y < x {
            return Ok(BlackjackAdvice::Move {
                from: x,
                to: y,
                total_before: total,
                total_after: total - x as u32 + y as u32,
            });
        }
    }
    Ok(BlackjackAdvice::NoWinningMove {
        message: "This is a hexad. \n There is no winning move, so make a random legal move."
            .into(),
    })
}
