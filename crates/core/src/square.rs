//! Squares and board shapes.
//!
//! A square is an index into all the squares of a game, every board together:
//! `board * files * ranks + rank * files + file`. Every game fits 128 squares,
//! so a square is one byte and a set of squares one `u128`.

use std::fmt;

/// An index into the squares of a game (all of its boards).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The board geometry of a game: files and ranks of one board, and how many boards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub files: u8,
    pub ranks: u8,
    pub boards: u8,
}

impl Shape {
    /// The 8x8 board of chess.
    pub const CHESS: Shape = Shape { files: 8, ranks: 8, boards: 1 };
    /// A 10x10 board (Bermuda Chess Angle).
    pub const TEN_BY_TEN: Shape = Shape { files: 10, ranks: 10, boards: 1 };

    #[inline]
    pub const fn board_size(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Number of squares of all boards.
    #[inline]
    pub const fn square_count(self) -> usize {
        self.board_size() * self.boards as usize
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (sq.0 as usize) < self.square_count()
    }

    /// The square at (board, file, rank), all counted from 0; `None` off the board.
    pub const fn square(self, board: u8, file: i32, rank: i32) -> Option<Square> {
        if board >= self.boards || file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        Some(Square((board as usize * self.board_size() + rank as usize * self.files as usize + file as usize) as u8))
    }

    #[inline]
    pub const fn file(self, sq: Square) -> u8 {
        ((sq.0 as usize % self.board_size()) % self.files as usize) as u8
    }

    #[inline]
    pub const fn rank(self, sq: Square) -> u8 {
        ((sq.0 as usize % self.board_size()) / self.files as usize) as u8
    }

    #[inline]
    pub const fn board(self, sq: Square) -> u8 {
        (sq.0 as usize / self.board_size()) as u8
    }

    /// The square's name: file letter and rank number, `a1`, `j10`.
    pub fn name(self, sq: Square) -> SquareName {
        SquareName { file: self.file(sq), rank: self.rank(sq) }
    }

    /// Reads a square name (`e4`, `a10`) on board 0.
    pub fn parse(self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file_char = chars.next()?;
        if !file_char.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.square(0, (file_char as u8 - b'a') as i32, rank - 1)
    }
}

/// A printable square name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SquareName {
    pub file: u8,
    pub rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_ten_by_ten() {
        let shape = Shape::TEN_BY_TEN;
        for i in 0..100u8 {
            let sq = Square(i);
            let name = shape.name(sq).to_string();
            assert_eq!(shape.parse(&name), Some(sq), "{name}");
        }
        assert_eq!(shape.name(Square(99)).to_string(), "j10");
        assert_eq!(shape.parse("k1"), None);
        assert_eq!(shape.parse("a11"), None);
        assert_eq!(shape.parse("a0"), None);
        assert_eq!(shape.parse("a01"), None);
    }
}
