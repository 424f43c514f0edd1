//! A playable game of mathematical blackjack (Conway–Ryba), for the
//! workbench: a seeded deal, legal moves, the computer's hexad strategy,
//! hints and the end of the game.
//!
//! Rules as Sage states them: twelve cards 0..11 are dealt into two piles of
//! six; the first pile lies face up on the table. Players alternate; a move
//! exchanges a table card for a LOWER card from the other pile. The player
//! whose move makes the table sum less than 21 loses. Moving to a hexad of
//! the shuffle-labelled S(5,6,12) wins (Kahane and Ryba): every hexad sums to
//! at least 21, and from any non-hexad above 21 one can move to a hexad.

use super::blackjack::{blackjack_move, BlackjackAdvice};
use super::error::HexadError;
use super::minimog::{Labeling, Minimog};

/// Who is to move or has won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Computer,
}

impl Player {
    fn other(self) -> Player {
        match self {
            Player::Human => Player::Computer,
            Player::Computer => Player::Human,
        }
    }
}

/// One exchange: table card `from` goes to the pile, pile card `to` comes up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

/// A game in progress (or finished).
#[derive(Clone, Debug)]
pub struct Game {
    minimog: Minimog,
    table: u16,
    turn: Player,
    winner: Option<Player>,
    history: Vec<(Player, Move)>,
    rng: SplitMix64,
}

/// SplitMix64: a tiny, well-known generator, so that a seed deals the same
/// cards on every platform (native and wasm) without a dependency.
#[derive(Clone, Debug)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn cards(mask: u16) -> Vec<u8> {
    (0..12).filter(|&c| mask >> c & 1 == 1).collect()
}

impl Game {
    /// Deal from `seed` (Fisher–Yates over the 12 cards); the human moves first.
    /// A deal whose table sum is already below 22 has no move at all, so the
    /// deck is re-dealt (Sage: "Shuffle the deck and redeal.").
    pub fn new(seed: u64) -> Game {
        let mut rng = SplitMix64(seed);
        loop {
            let mut deck: Vec<u8> = (0..12).collect();
            for i in (1..12).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                deck.swap(i, j);
            }
            let table = deck[..6].iter().fold(0u16, |m, &c| m | 1 << c);
            let game = Game::from_table(table, rng.clone());
            if game.table_sum() >= 22 {
                return game;
            }
        }
    }

    /// A game from a given table (six distinct cards 0..11).
    pub fn with_table(table: &[u8], seed: u64) -> Result<Game, HexadError> {
        let mut mask = 0u16;
        for &c in table {
            if c > 11 || mask >> c & 1 == 1 {
                return Err(HexadError::Table(table.to_vec()));
            }
            mask |= 1 << c;
        }
        if table.len() != 6 {
            return Err(HexadError::TableSize(table.len()));
        }
        Ok(Game::from_table(mask, SplitMix64(seed)))
    }

    fn from_table(table: u16, rng: SplitMix64) -> Game {
        Game {
            minimog: Minimog::new(Labeling::Shuffle),
            table,
            turn: Player::Human,
            winner: None,
            history: Vec::new(),
            rng,
        }
    }

    pub fn table(&self) -> Vec<u8> {
        cards(self.table)
    }

    pub fn pile(&self) -> Vec<u8> {
        cards(0xfff & !self.table)
    }

    pub fn table_sum(&self) -> u32 {
        self.table().iter().map(|&c| c as u32).sum()
    }

    pub fn turn(&self) -> Player {
        self.turn
    }

    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    pub fn history(&self) -> &[(Player, Move)] {
        &self.history
    }

    /// Is the table a hexad (the position the strategy aims for)?
    pub fn table_is_hexad(&self) -> bool {
        let t = self.table();
        self.minimog
            .find_hexad(&t[..5])
            .map(|h| h.points == self.table)
            .unwrap_or(false)
    }

    /// Every legal exchange, by table card then pile card.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for from in self.table() {
            for to in self.pile() {
                if to < from {
                    moves.push(Move { from, to });
                }
            }
        }
        moves
    }

    /// Why `m` is not allowed, if it is not.
    pub fn check(&self, m: Move) -> Result<(), HexadError> {
        if let Some(w) = self.winner {
            return Err(HexadError::GameOver(w));
        }
        if self.table >> m.from & 1 == 0 || m.from > 11 {
            return Err(HexadError::NotOnTable(m.from));
        }
        if m.to > 11 || self.table >> m.to & 1 == 1 {
            return Err(HexadError::NotInPile(m.to));
        }
        if m.to >= m.from {
            return Err(HexadError::NotLower {
                from: m.from,
                to: m.to,
            });
        }
        Ok(())
    }

    /// Play `m` for the player to move. Making the sum drop below 21 loses.
    pub fn play(&mut self, m: Move) -> Result<(), HexadError> {
        self.check(m)?;
        self.table = (self.table & !(1 << m.from)) | 1 << m.to;
        self.history.push((self.turn, m));
        if self.table_sum() < 21 {
            self.winner = Some(self.turn.other());
        } else if self.legal_moves().is_empty() {
            self.winner = Some(self.turn);
        }
        self.turn = self.turn.other();
        Ok(())
    }

    /// The winning move (to a hexad) if there is one, with the hexad.
    pub fn hint(&self) -> Option<(Move, Vec<u8>)> {
        if self.winner.is_some() {
            return None;
        }
        let table = self.table();
        match blackjack_move(&self.minimog, &table) {
            Ok(BlackjackAdvice::Move { from, to, .. }) => {
                let after = (self.table & !(1 << from)) | 1 << to;
                Some((Move { from, to }, cards(after)))
            }
            _ => None,
        }
    }

    /// The computer's choice: the winning move if any; otherwise a random
    /// legal move that keeps the sum at 21 or more if possible (seeded).
    pub fn computer_choice(&mut self) -> Option<Move> {
        if let Some((m, _)) = self.hint() {
            return Some(m);
        }
        let moves = self.legal_moves();
        let sum = self.table_sum();
        let safe: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| sum - m.from as u32 + m.to as u32 >= 21)
            .collect();
        let pool = if safe.is_empty() { moves } else { safe };
        if pool.is_empty() {
            return None;
        }
        let i = self.rng.below(pool.len() as u64) as usize;
        Some(pool[i])
    }
}
