//! Making a move by the rules of chess; variants wrap this with their own effects.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, KING_SIDE, QUEEN_SIDE};
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::Variant;

/// What a move did beyond moving its piece, for variants that react to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// The piece that moved (before any promotion).
    pub moved: Piece,
    /// The captured piece and the square it stood on (differs from `to` en passant).
    pub captured: Option<(Square, Piece)>,
}

/// The castling side of a castling move (the rook's side of the king).
#[inline]
pub fn castle_side<V: Variant>(mv: Move) -> usize {
    if V::SHAPE.file(mv.to) > V::SHAPE.file(mv.from) {
        KING_SIDE
    } else {
        QUEEN_SIDE
    }
}

/// Where king and rook land castling on `side`, for a king on `king`.
#[inline]
pub fn castle_targets<V: Variant>(king: Square, side: usize) -> (Square, Square) {
    let s = V::SHAPE;
    let (board, rank) = (s.board(king), s.rank(king) as i32);
    let at = |file: u8| s.square(board, file as i32, rank).expect("castling files lie on the board");
    (at(V::CASTLE_KING_FILES[side]), at(V::CASTLE_ROOK_FILES[side]))
}

/// Plays a legal move by the rules of chess. A move in place is not a chess
/// move and leaves the board as it is (its variant plays it itself).
pub fn play_standard<V: Variant>(pos: &mut Position<V>, mv: Move) -> MoveEffect {
    let us = pos.turn();
    let moved = pos.piece_at(mv.from).expect("a legal move starts on a piece of the mover");
    pos.set_ep_square(None);
    pos.set_halfmoves(pos.halfmoves().saturating_add(1));
    let mut captured = None;
    match mv.kind {
        MoveKind::Castle => {
            let side = castle_side::<V>(mv);
            let (king_to, rook_to) = castle_targets::<V>(mv.from, side);
            let king = pos.take(mv.from);
            let rook = pos.take(mv.to);
            if let (Some(king), Some(rook)) = (king, rook) {
                pos.put(king_to, king);
                pos.put(rook_to, rook);
            }
        }
        MoveKind::EnPassant => {
            let s = V::SHAPE;
            let victim = s
                .square(s.board(mv.to), s.file(mv.to) as i32, s.rank(mv.from) as i32)
                .expect("the en-passant victim stands beside the capturer");
            captured = pos.take(victim).map(|p| (victim, p));
            pos.take(mv.from);
            pos.put(mv.to, moved);
        }
        MoveKind::Normal | MoveKind::DoublePush => {
            captured = pos.take(mv.to).map(|p| (mv.to, p));
            pos.take(mv.from);
            let placed = match mv.promotion {
                Some(role) => Piece::new(us, role),
                None => moved,
            };
            pos.put(mv.to, placed);
            if mv.kind == MoveKind::DoublePush {
                pos.set_ep_square(V::SHAPE.forward(us, mv.from));
            }
        }
        MoveKind::InPlace => {}
    }
    if moved.role == Role::Pawn || captured.is_some() {
        pos.set_halfmoves(0);
    }
    if pos.has_castling_rights() {
        if moved.role == Role::King {
            pos.clear_castling(us, Some(V::SHAPE.board(mv.from)));
        }
        // Every right involving either square goes (as `clear_castling_on`).
        let touched = Bitboard::from_square(mv.from).with(mv.to);
        for color in Color::ALL {
            pos.remove_castling(color, touched);
        }
    }
    if us == Color::Black {
        pos.set_fullmoves(pos.fullmoves().saturating_add(1));
    }
    pos.set_turn(!us);
    MoveEffect { moved, captured }
}
