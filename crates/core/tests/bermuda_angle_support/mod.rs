//! Helpers shared by the bermuda-angle tests: positions by piece lists,
//! squares and moves by name.
#![allow(dead_code)]

use chesslantis_core::notation::parse_uci;
use chesslantis_core::variants::bermuda_angle::{resolve, RollReport};
use chesslantis_core::variants::BermudaAngle;
use chesslantis_core::{Color, Move, Piece, Position, Square, Variant};

pub type Pos = Position<BermudaAngle>;

pub fn sq(name: &str) -> Square {
    BermudaAngle::SHAPE.parse(name).unwrap_or_else(|| panic!("'{name}' is a square"))
}

pub fn name(square: Square) -> String {
    BermudaAngle::SHAPE.name(square).to_string()
}

/// A piece by its FEN letter (upper case White).
pub fn piece(letter: char) -> Piece {
    let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
    Piece::new(color, BermudaAngle::letters().role(letter).unwrap_or_else(|| panic!("'{letter}' is a piece")))
}

/// A position from a list like "Kb1 Ra1 Pa2 sc3 rc4 kj10" (letter, square)
/// with `turn` to move and no castling rights, checked by reading its FEN.
pub fn setup(pieces: &str, turn: Color) -> Pos {
    let mut pos = Pos::empty();
    for item in pieces.split_whitespace() {
        let (letter, square) = item.split_at(1);
        pos.put(sq(square), piece(letter.chars().next().expect("a letter")));
    }
    pos.set_turn(turn);
    Pos::from_fen(&pos.fen()).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

pub fn fen(text: &str) -> Pos {
    Pos::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A legal move by its UCI text.
pub fn mv(pos: &Pos, text: &str) -> Move {
    parse_uci(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()))
}

/// Plays `text` and resolves the roll `square`.
pub fn roll(pos: &Pos, text: &str, square: &str) -> (Pos, RollReport) {
    resolve(pos, mv(pos, text), sq(square))
}

/// The piece on a square, as its FEN letter ('.' when empty).
pub fn at(pos: &Pos, square: &str) -> char {
    pos.piece_at(sq(square)).map_or('.', |p| BermudaAngle::letters().piece_letter(p))
}

/// The 36 dice squares by name, c3 .. h8.
pub fn dice_names() -> Vec<String> {
    chesslantis_core::variants::bermuda_angle::angle().map(name).collect()
}
