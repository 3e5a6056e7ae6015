//! The quarter turn: every square of the lower board has one complementary
//! square on the upper board, and back. In the ruling's words, with files and
//! ranks numbered 1..8: L(file f, rank r) <-> U(file r, rank 9-f)
//! (L a1 <-> U a8, L h1 <-> U a1, L a8 <-> U h8).

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::{Shape, Square};

/// Both boards: Lower (board 0, letter `L`) and Upper (board 1, letter `U`).
pub const SHAPE: Shape = Shape::TWO_BOARDS;
/// The classical board, with the human pieces.
pub const LOWER: u8 = 0;
/// The quarter-turned board, with the alien pieces.
pub const UPPER: u8 = 1;

const BOARD: usize = 64;

/// The complementary square of each of the 128 squares.
const COMPLEMENT: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut i = 0;
    while i < BOARD {
        // 0-based: L(f, r) <-> U(r, 7 - f).
        let (f, r) = (i % 8, i / 8);
        let upper = BOARD + (7 - f) * 8 + r;
        table[i] = upper as u8;
        table[upper] = i as u8;
        i += 1;
    }
    table
};

/// The square complementary to `sq`, on the other board.
#[inline]
pub fn complement(sq: Square) -> Square {
    Square(COMPLEMENT[sq.index() & 127])
}

/// Every square of the lower board.
#[inline]
pub fn lower_board() -> Bitboard {
    Bitboard((1u128 << BOARD) - 1)
}

/// Every square of the upper board.
#[inline]
pub fn upper_board() -> Bitboard {
    Bitboard(!0u128 << BOARD)
}

/// Where `color`'s king stands at the start on `board` (e1 or e8): the
/// square whose every event ends that board's castling rights of `color`.
#[inline]
pub fn home_king_square(color: Color, board: u8) -> Square {
    let rank = match color {
        Color::White => 0,
        Color::Black => 7,
    };
    SHAPE.square(board, 4, rank).expect("e1 and e8 are on both boards")
}

/// The corners where `color`'s castling rooks start on `board`.
pub fn home_rook_squares(color: Color, board: u8) -> Bitboard {
    let rank = match color {
        Color::White => 0,
        Color::Black => 7,
    };
    [0, 7].iter().filter_map(|&f| SHAPE.square(board, f, rank)).collect()
}
