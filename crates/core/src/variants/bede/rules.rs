//! Bede Chess moves: attacks with the Jester's borrowed powers, friendly
//! capture, the backward ban before escalation, promotion to Bede, and what
//! a move does to escalation and the Jesters.

use super::pieces::{tables, BEDE, JESTER, SQUIRE};
use super::Bede;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::make;
use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::Variant;

/// The role `piece` moves as: itself, or for a Jester what it copies
/// (`None`: a Jester before the opponent has moved).
#[inline]
fn acting_role(pos: &Position<Bede>, piece: Piece) -> Option<Role> {
    if piece.role == JESTER {
        pos.extra.jester(piece.color)
    } else {
        Some(piece.role)
    }
}

/// Squares `piece` on `sq` attacks. A Jester copying a king attacks nothing
/// (ruling: it never captures, gives no check, guards no square).
#[inline]
pub fn attacks(pos: &Position<Bede>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
    match acting_role(pos, piece) {
        Some(Role::King) if piece.role == JESTER => Bitboard::EMPTY,
        Some(role) => tables().attacks(Piece::new(piece.color, role), sq, occupied),
        None => Bitboard::EMPTY,
    }
}

/// Pieces of `by` attacking `sq`, the Jester with its current powers.
#[inline]
pub fn attackers(pos: &Position<Bede>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let t = tables();
    let mut found = t.attackers(pos, sq, by, occupied);
    if let Some(role) = pos.extra.jester(by).filter(|&r| r != Role::King) {
        let jesters = pos.pieces(by, JESTER);
        if jesters.any() {
            found |= t.attackers_of(Piece::new(by, role), sq, occupied) & jesters;
        }
    }
    found
}

/// Friendly capture: anything but the own king.
#[inline]
pub fn capturable(pos: &Position<Bede>, by: Color) -> Bitboard {
    pos.occupied() & !pos.pieces(by, Role::King)
}

/// Where `piece` on `sq` may go, the backward ban aside: captures onto
/// `capturable` (a king: enemies only), quiet moves onto empty squares.
#[inline]
pub fn move_targets(pos: &Position<Bede>, sq: Square, piece: Piece, occupied: Bitboard, capturable: Bitboard) -> Bitboard {
    let Some(role) = acting_role(pos, piece) else { return Bitboard::EMPTY };
    let mover = Piece::new(piece.color, role);
    let quiet = tables().quiet_moves(mover, sq, occupied);
    let captures = if piece.role == Role::King {
        attacks(pos, sq, piece, occupied) & pos.by_color(!piece.color)
    } else {
        attacks(pos, sq, piece, occupied) & capturable
    };
    quiet | captures
}

/// The squares not nearer `color`'s own side than `rank`: where a move from
/// that rank may end before escalation.
fn not_backward(color: Color, rank: u8) -> Bitboard {
    let g = Bede::geometry();
    let ranks = Bede::SHAPE.ranks;
    let range = match color {
        Color::White => rank..ranks,
        Color::Black => 0..rank + 1,
    };
    range.fold(Bitboard::EMPTY, |acc, r| acc | g.rank(r))
}

/// Every legal move: each target tried against the own king's safety, the
/// enemy Jester then copying the piece just moved.
pub fn legal_moves(pos: &Position<Bede>, out: &mut Vec<Move>) {
    let start = out.len();
    let us = pos.turn();
    let occupied = pos.occupied();
    let capturable = capturable(pos, us);
    for from in pos.by_color(us) {
        let Some(piece) = pos.piece_at(from) else { continue };
        let mut targets = move_targets(pos, from, piece, occupied, capturable);
        if !pos.extra.escalated {
            targets &= not_backward(us, Bede::SHAPE.rank(from));
        }
        for to in targets {
            out.push(Move::normal(from, to));
        }
    }
    movegen::drop_king_exposing(pos, out, start);
}

/// Plays a legal move: a pawn or squire ending on its 10th or 11th rank
/// becomes a Bede; the opponent's Jester copies the piece as it now stands
/// (the mover's Jester: what it copied); a non-pawn capture or a check
/// escalates.
pub fn play(pos: &mut Position<Bede>, mv: Move) {
    let us = pos.turn();
    let effect = make::play_standard(pos, Move::normal(mv.from, mv.to));
    let mut now = effect.moved.role;
    if (now == Role::Pawn || now == SQUIRE) && Bede::promotion_zone(us).contains(mv.to) {
        pos.take(mv.to);
        pos.put(mv.to, Piece::new(us, BEDE));
        now = BEDE;
    }
    let copied = if now == JESTER { pos.extra.jester(us) } else { Some(now) };
    pos.extra.jesters[(!us).index()] = copied;
    let non_pawn_capture = effect.captured.is_some_and(|(_, p)| p.role != Role::Pawn);
    if non_pawn_capture || pos.in_check() {
        pos.extra.escalated = true;
    }
}
