//! Squares and board shapes.
//!
//! A square is an index into all the squares of a game, every board together:
//! `board * files * ranks + rank * files + file`. Every game fits 128 squares,
//! so a square is one byte and a set of squares one `u128`.

use crate::color::Color;
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

/// The board geometry of a game: files and ranks of one board, and how
/// many boards, each named by an upper-case letter where there are several
/// (`Le4` on the lower board, `Ua8` on the upper one).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub files: u8,
    pub ranks: u8,
    pub boards: u8,
    /// One upper-case ASCII letter per board, in board order; empty for one board.
    pub board_letters: &'static str,
}

impl Shape {
    /// The 8x8 board of chess.
    pub const CHESS: Shape = Shape::new(8, 8);
    /// A 10x10 board.
    pub const TEN_BY_TEN: Shape = Shape::new(10, 10);
    /// 9 files by 11 ranks.
    pub const NINE_BY_ELEVEN: Shape = Shape::new(9, 11);
    /// Two 8x8 boards, Lower and Upper.
    pub const TWO_BOARDS: Shape = Shape::with_boards(8, 8, "LU");

    /// Equality usable in constants (`==` is not a `const fn`).
    pub const fn const_eq(self, other: Shape) -> bool {
        let (a, b) = (self.board_letters.as_bytes(), other.board_letters.as_bytes());
        if self.files != other.files || self.ranks != other.ranks || self.boards != other.boards || a.len() != b.len() {
            return false;
        }
        let mut i = 0;
        while i < a.len() {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// One step toward the opponent for a pawn of `color`. Callers with a
    /// constant shape (`V::SHAPE`) get the board arithmetic folded.
    #[inline]
    pub fn forward(self, color: Color, sq: Square) -> Option<Square> {
        // A rank up or down on the same board is `files` squares away.
        if sq.0 as usize >= self.square_count() {
            return None;
        }
        let rank = self.rank(sq);
        match color {
            Color::White => (rank + 1 < self.ranks).then(|| Square(sq.0 + self.files)),
            Color::Black => (rank > 0).then(|| Square(sq.0 - self.files)),
        }
    }

    /// One board of `files` x `ranks`.
    pub const fn new(files: u8, ranks: u8) -> Shape {
        Shape { files, ranks, boards: 1, board_letters: "" }
    }

    /// Several boards of `files` x `ranks`, one per letter of `letters`
    /// (upper-case ASCII, board 0 first).
    pub const fn with_boards(files: u8, ranks: u8, letters: &'static str) -> Shape {
        Shape { files, ranks, boards: letters.len() as u8, board_letters: letters }
    }

    /// The letter of board `board`, where there are several.
    #[inline]
    pub fn board_letter(self, board: u8) -> Option<char> {
        self.board_letters.as_bytes().get(board as usize).map(|&b| b as char)
    }

    /// The board a letter names.
    pub fn board_of_letter(self, letter: char) -> Option<u8> {
        self.board_letters.chars().position(|c| c == letter).map(|i| i as u8)
    }

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

    /// The square's name: file letter and rank number, `a1`, `j10`, after
    /// the board's letter where there are several boards (`Le4`).
    pub fn name(self, sq: Square) -> SquareName {
        SquareName { board: self.board_letter(self.board(sq)), file: self.file(sq), rank: self.rank(sq) }
    }

    /// Reads a square name (`e4`, `a10`; `Le4` where there are several boards).
    pub fn parse(self, text: &str) -> Option<Square> {
        match self.parse_prefix(text) {
            Some((sq, "")) => Some(sq),
            _ => None,
        }
    }

    /// Reads the square name at the start of `text`: the square and the rest.
    /// The rank takes as many digits as make a rank of this shape (`a10` on
    /// ten ranks, `a1` then `0...` on eight).
    pub fn parse_prefix(self, text: &str) -> Option<(Square, &str)> {
        let (board, rest) = if self.boards > 1 {
            let letter = text.chars().next()?;
            (self.board_of_letter(letter)?, &text[letter.len_utf8()..])
        } else {
            (0, text)
        };
        let file_char = rest.chars().next()?;
        if !file_char.is_ascii_lowercase() {
            return None;
        }
        let digits = rest[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || rest.as_bytes()[1] == b'0' {
            return None;
        }
        // The longest run of digits that is a rank of the board, at most two.
        let rank_digits = (1..=digits.min(2)).rev().find(|&n| {
            rest[1..1 + n].parse::<u32>().is_ok_and(|r| r >= 1 && r <= self.ranks as u32)
        })?;
        let rank: i32 = rest[1..1 + rank_digits].parse().ok()?;
        let sq = self.square(board, (file_char as u8 - b'a') as i32, rank - 1)?;
        Some((sq, &rest[1 + rank_digits..]))
    }
}

/// A printable square name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SquareName {
    /// The board's letter, where there are several boards.
    pub board: Option<char>,
    pub file: u8,
    pub rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(b) = self.board {
            write!(f, "{b}")?;
        }
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
        assert_eq!(shape.parse("a100"), None);
    }

    #[test]
    fn names_carry_the_board_letter_on_two_boards() {
        let shape = Shape::with_boards(8, 8, "LU");
        assert_eq!(shape.square_count(), 128);
        for i in 0..128u8 {
            let name = shape.name(Square(i)).to_string();
            assert_eq!(shape.parse(&name), Some(Square(i)), "{name}");
        }
        assert_eq!(shape.name(shape.square(0, 4, 3).unwrap()).to_string(), "Le4");
        assert_eq!(shape.name(shape.square(1, 0, 7).unwrap()).to_string(), "Ua8");
        assert_eq!(shape.parse("e4"), None, "the board letter is needed");
        assert_eq!(shape.parse("Xe4"), None);
        assert_eq!(shape.parse_prefix("Le2Le4"), Some((shape.square(0, 4, 1).unwrap(), "Le4")));
        assert_eq!(Shape::CHESS.parse_prefix("a10"), Some((Square(0), "0")));
    }
}
