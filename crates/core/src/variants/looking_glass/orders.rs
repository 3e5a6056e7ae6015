//! Orders into the unseen world: carried out as far as the world allows.
//! A slider blocked on the way stops on an enemy blocker (taking it) or just
//! short of a friendly one; a blocked double step stops after one square;
//! anything else that cannot be carried out is impossible (a Strike).

use super::marker::LookingGlass;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::Variant;

type Pos = Position<LookingGlass>;

/// An order: move the piece on `from` to `to` (promoting to `promotion`, a
/// queen if none is named).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// The move the world makes of the side to move's order, or `None` when it
/// is impossible: no piece of the mover's colour on `from`, a direction the
/// piece cannot move in, or a knight, king or pawn blocked.
pub fn carry_out(pos: &Pos, order: Order) -> Option<Move> {
    let us = pos.turn();
    let piece = pos.piece_at(order.from).filter(|p| p.color == us)?;
    if order.from == order.to {
        return None;
    }
    let g = LookingGlass::geometry();
    let ours = pos.by_color(us);
    let theirs = pos.by_color(!us);
    let (from, to) = (order.from, order.to);
    let mv = match piece.role {
        Role::Knight if g.knight[from.index()].contains(to) && !ours.contains(to) => Move::normal(from, to),
        Role::King if g.king[from.index()].contains(to) && !ours.contains(to) => Move::normal(from, to),
        Role::Pawn => pawn_order(pos, piece, from, to)?,
        Role::Bishop | Role::Rook | Role::Queen => slide(piece, from, to, ours, theirs)?,
        _ => return None,
    };
    Some(promote(mv, piece, order.promotion))
}

/// A pawn on its last rank becomes the named piece, a queen by default.
fn promote(mv: Move, piece: Piece, promotion: Option<Role>) -> Move {
    let allowed = |r: &Role| LookingGlass::PROMOTION_ROLES.contains(r);
    if piece.role == Role::Pawn && LookingGlass::promotion_zone(piece.color).contains(mv.to) {
        mv.with_promotion(promotion.filter(allowed).unwrap_or(Role::Queen))
    } else {
        mv
    }
}

/// A pawn's step, double step (shortened to one square when the second is
/// taken), capture, or capture en passant.
fn pawn_order(pos: &Pos, pawn: Piece, from: Square, to: Square) -> Option<Move> {
    let g = LookingGlass::geometry();
    let shape = LookingGlass::SHAPE;
    let occupied = pos.occupied();
    let one = shape.forward(pawn.color, from)?;
    let two = shape.forward(pawn.color, one).filter(|_| g.relative_rank(pawn.color, 1).contains(from));
    if to == one {
        return (!occupied.contains(one)).then(|| Move::normal(from, one));
    }
    if Some(to) == two {
        return match (occupied.contains(one), occupied.contains(to)) {
            (true, _) => None,
            (false, true) => Some(Move::normal(from, one)),
            (false, false) => Some(Move::new(from, to, MoveKind::DoublePush)),
        };
    }
    if !g.pawn_attacks(pawn.color, from).contains(to) {
        return None;
    }
    if pos.by_color(!pawn.color).contains(to) {
        return Some(Move::normal(from, to));
    }
    (pos.ep_square() == Some(to)).then(|| Move::new(from, to, MoveKind::EnPassant))
}

/// A slider along its line toward `to`: to the first enemy (taking it) or
/// just short of the first friend; `None` off its lines or when a friend
/// stands right beside it that way.
fn slide(piece: Piece, from: Square, to: Square, ours: Bitboard, theirs: Bitboard) -> Option<Move> {
    let g = LookingGlass::geometry();
    let reach = crate::variant::standard_attacks(g, from, piece, Bitboard::EMPTY);
    if !reach.contains(to) {
        return None;
    }
    let path = g.between(from, to).with(to);
    let mut stop = None;
    // Squares in order from `from`: nearer ones have fewer squares between.
    let mut squares: Vec<Square> = path.collect();
    squares.sort_by_key(|&s| g.between(from, s).count());
    for sq in squares {
        if theirs.contains(sq) {
            return Some(Move::normal(from, sq));
        }
        if ours.contains(sq) {
            break;
        }
        stop = Some(sq);
    }
    stop.map(|sq| Move::normal(from, sq))
}
