//! What is wrong with a point, a hexad request, a table or a move.

use super::{Labeling, Player};

/// Bad input to the hexad games, in the words Sage's users read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HexadError {
    /// Infinity in the shuffle labeling, which has none.
    #[error("'{0}' is not a point of the shuffle labeling: its points are 0..11")]
    InfinityInShuffle(String),
    /// A point that is not a number.
    #[error("'{text}' is not a point: write a number{}", labeling.hint())]
    PointText { text: String, labeling: Labeling },
    /// A number above the labeling's points.
    #[error(
        "{value} is not a point of the {} labeling: its points are 0..{}{}",
        labeling.name(),
        labeling.max_point(),
        labeling.hint()
    )]
    PointRange { value: u8, labeling: Labeling },
    /// A Minimog type other than shuffle and modulo11.
    #[error("that Minimog type is not implemented: '{0}' (choose shuffle or modulo11)")]
    UnknownLabeling(String),
    /// A point index above 11.
    #[error("{0} is not a point")]
    NotAPoint(u8),
    /// A point given twice (its label).
    #[error("the point {0} is given twice: give 5 distinct points")]
    RepeatedPoint(String),
    /// Not five points.
    #[error("a hexad is completed from exactly 5 points, not {0}")]
    PointCount(usize),
    /// Five distinct points always lie on one hexad: a bug.
    #[error("no hexad found (this cannot happen for 5 distinct points)")]
    NoHexad,
    /// A table with a card above 11 or a card twice.
    #[error("the table needs 6 distinct cards 0..11: {0:?}")]
    Table(Vec<u8>),
    /// A table of other than six cards.
    #[error("the table holds 6 cards, not {0}")]
    TableSize(usize),
    /// A move after the end.
    #[error("the game is over: {0:?} won")]
    GameOver(Player),
    /// A move from a card not on the table.
    #[error("{0} is not on the table")]
    NotOnTable(u8),
    /// A move to a card not in the other pile.
    #[error("{0} is not in the other pile")]
    NotInPile(u8),
    /// A move to a card that is not lower.
    #[error("a move exchanges a card for a LOWER one: {to} is not lower than {from}")]
    NotLower { from: u8, to: u8 },
    /// A card above 11.
    #[error("{0} is not a card: cards are 0..11")]
    NotACard(u8),
    /// Card 11 in the modulo 11 labeling.
    #[error("11 is not a card of the modulo11 labeling: its cards are 0..10")]
    ElevenInModulo11,
    /// A card given twice.
    #[error("the card {0} is given twice: the 6 cards must be distinct")]
    RepeatedCard(u8),
}
