//! Making a move: the move on its board, then the seed's transfers between
//! boards. (1) A capture on U sends the victim down to its complementary L
//! square, removing whatever stands there. (2) A step down from U to the
//! complementary L square (a capture there removes the victim). (3) An L
//! capture removes the victim and the capturer rises to the complementary U
//! square if it is empty. A pawn that arrives on its last rank by falling or
//! rising becomes a queen. Castling rights go once anything happens on the
//! king's square or the rook's corner of their board.

use super::complement::{complement, home_king_square, SHAPE, LOWER, UPPER};
use super::BermudaTwoBoard;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::{castle_side, castle_targets};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;

type Pos = Position<BermudaTwoBoard>;

/// A piece that crossed from one board to the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The piece as it left.
    pub piece: Piece,
    pub from: Square,
    pub to: Square,
    /// The piece as it arrived (a pawn on its last rank: a queen).
    pub arrived: Piece,
}

/// What a move did across the boards, for its events.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Transfer {
    /// The piece captured and the square it was taken on.
    pub captured: Option<(Square, Piece)>,
    /// Rule (1): the victim's fall; rule (2): the mover's step down.
    pub fell: Option<Crossing>,
    /// A piece removed from the game where something fell (rule 1).
    pub crushed: Option<(Square, Piece)>,
    /// Rule (3): the capturer's rise.
    pub rose: Option<Crossing>,
}

/// The piece as it stands after arriving on `sq` by falling or rising: a
/// pawn on its last rank becomes a queen; anything else stays as it is.
#[inline]
pub fn arrived(piece: Piece, sq: Square) -> Piece {
    let last_rank = match piece.color {
        Color::White => SHAPE.ranks - 1,
        Color::Black => 0,
    };
    if piece.role == Role::Pawn && SHAPE.rank(sq) == last_rank {
        Piece::new(piece.color, Role::Queen)
    } else {
        piece
    }
}

/// Plays a legal move with its transfers and returns what crossed boards.
pub fn play(pos: &mut Pos, mv: Move) -> Transfer {
    let us = pos.turn();
    let mover = pos.piece_at(mv.from).expect("a legal move starts on a piece of the mover");
    let mut touched = Bitboard::from_square(mv.from).with(mv.to);
    let mut done = Transfer::default();
    pos.set_ep_square(None);
    pos.set_halfmoves(pos.halfmoves().saturating_add(1));
    let (from_board, to_board) = (SHAPE.board(mv.from), SHAPE.board(mv.to));
    if mv.kind == MoveKind::Castle {
        let (king_to, rook_to) = castle_targets::<BermudaTwoBoard>(mv.from, castle_side::<BermudaTwoBoard>(mv));
        if let (Some(king), Some(rook)) = (pos.take(mv.from), pos.take(mv.to)) {
            pos.put(king_to, king);
            pos.put(rook_to, rook);
        }
        touched = touched.with(king_to).with(rook_to);
    } else if from_board == UPPER && to_board == LOWER {
        // Rule (2): the step down is a fall; a victim there is removed.
        done.captured = pos.take(mv.to).map(|p| (mv.to, p));
        pos.take(mv.from);
        let landed = arrived(mover, mv.to);
        pos.put(mv.to, landed);
        done.fell = Some(Crossing { piece: mover, from: mv.from, to: mv.to, arrived: landed });
    } else {
        let victim_square = match mv.kind {
            MoveKind::EnPassant => SHAPE
                .square(to_board, SHAPE.file(mv.to) as i32, SHAPE.rank(mv.from) as i32)
                .expect("the en-passant victim stands beside the capturer"),
            _ => mv.to,
        };
        let victim = pos.take(victim_square);
        pos.take(mv.from);
        let placed = mv.promotion.map_or(mover, |role| Piece::new(us, role));
        pos.put(mv.to, placed);
        if let Some(victim) = victim {
            done.captured = Some((victim_square, victim));
            touched |= victim_square;
            if to_board == UPPER {
                // Rule (1): the victim falls and crushes whatever is below.
                let fall = complement(victim_square);
                done.crushed = pos.take(fall).map(|p| (fall, p));
                let landed = arrived(victim, fall);
                pos.put(fall, landed);
                done.fell = Some(Crossing { piece: victim, from: victim_square, to: fall, arrived: landed });
                touched |= fall;
            } else {
                // Rule (3): the capturer rises if the square above is free.
                let rise = complement(mv.to);
                if pos.piece_at(rise).is_none() {
                    pos.take(mv.to);
                    let landed = arrived(placed, rise);
                    pos.put(rise, landed);
                    done.rose = Some(Crossing { piece: placed, from: mv.to, to: rise, arrived: landed });
                    touched |= rise;
                }
            }
        }
        if mv.kind == MoveKind::DoublePush {
            pos.set_ep_square(SHAPE.forward(us, mv.from));
        }
    }
    if mover.role == Role::Pawn || done.captured.is_some() {
        pos.set_halfmoves(0);
    }
    lose_castling_rights(pos, touched);
    if us == Color::Black {
        pos.set_fullmoves(pos.fullmoves().saturating_add(1));
    }
    pos.set_turn(!us);
    done
}

/// Every right whose king square or rook corner saw something happen.
fn lose_castling_rights(pos: &mut Pos, touched: Bitboard) {
    if !pos.has_castling_rights() {
        return;
    }
    for color in Color::ALL {
        pos.remove_castling(color, touched);
        for board in [LOWER, UPPER] {
            if touched.contains(home_king_square(color, board)) {
                pos.clear_castling(color, Some(board));
            }
        }
    }
}
