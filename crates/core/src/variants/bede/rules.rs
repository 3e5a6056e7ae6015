//! Bede Chess moves: attacks with the Jester's borrowed powers, friendly
//! capture, the backward ban before escalation, promotion to Bede, and what
//! a move does to escalation and the Jesters.

use super::pieces::{self, tables, BEDE, JESTER, SQUIRE};
use super::Bede;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role, ROLE_COUNT};
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

/// The squares of one colour's pieces by role, read once from the mailbox
/// (the position keeps bitboards only for the roles core knows).
#[derive(Copy, Clone)]
pub struct Army {
    color: Color,
    by_role: [Bitboard; ROLE_COUNT],
}

impl Army {
    #[inline]
    pub fn of(pos: &Position<Bede>, color: Color) -> Army {
        let mut by_role = [Bitboard::EMPTY; ROLE_COUNT];
        for sq in pos.by_color(color) {
            if let Some(p) = pos.piece_at(sq) {
                by_role[p.role.index()] |= sq;
            }
        }
        Army { color, by_role }
    }

    /// The army without the piece on `sq` (captured), if it has one there.
    #[inline]
    fn without(mut self, sq: Square) -> Army {
        for bb in &mut self.by_role {
            *bb = bb.without(sq);
        }
        self
    }

    /// The army's pieces attacking `sq`, its Jester moving as `jester`.
    #[inline]
    fn attackers(&self, jester: Option<Role>, sq: Square, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let mut found = Bitboard::EMPTY;
        for spec in pieces::ROLES {
            let role = spec.role;
            let here = self.by_role[role.index()];
            if role != JESTER && here.any() {
                found |= t.attackers_among(Piece::new(self.color, role), here, sq, occupied);
            }
        }
        let jesters = self.by_role[JESTER.index()];
        if let Some(role) = jester.filter(|&r| r != Role::King) {
            if jesters.any() {
                found |= t.attackers_among(Piece::new(self.color, role), jesters, sq, occupied);
            }
        }
        found
    }
}

/// Pieces of `by` attacking `sq`, the Jester with its current powers.
#[inline]
pub fn attackers(pos: &Position<Bede>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    Army::of(pos, by).attackers(pos.extra.jester(by), sq, occupied)
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
/// enemy Jester then copying the piece just moved. The trial does not make
/// the move: the board after it differs only on the two squares.
pub fn legal_moves(pos: &Position<Bede>, out: &mut Vec<Move>) {
    let us = pos.turn();
    let Some(king) = pos.king(us) else { return };
    let occupied = pos.occupied();
    let capturable = capturable(pos, us);
    let enemy = Army::of(pos, !us);
    for from in pos.by_color(us) {
        let Some(piece) = pos.piece_at(from) else { continue };
        let mut targets = move_targets(pos, from, piece, occupied, capturable);
        if !pos.extra.escalated {
            targets &= not_backward(us, Bede::SHAPE.rank(from));
        }
        for to in targets {
            let guarded = if piece.role == Role::King { to } else { king };
            let enemy = if pos.by_color(!us).contains(to) { enemy.without(to) } else { enemy };
            let copied = copied_role(pos, piece, to);
            let after = occupied.without(from).with(to);
            if enemy.attackers(copied, guarded, after).is_empty() {
                out.push(Move::normal(from, to));
            }
        }
    }
}

/// What the opponent's Jester copies once `piece` has moved to `to`: the
/// piece as it then stands (a promoted pawn or squire: a Bede), or for the
/// mover's own Jester what that Jester copied.
#[inline]
fn copied_role(pos: &Position<Bede>, piece: Piece, to: Square) -> Option<Role> {
    match piece.role {
        JESTER => pos.extra.jester(piece.color),
        Role::Pawn | SQUIRE if Bede::promotion_zone(piece.color).contains(to) => Some(BEDE),
        role => Some(role),
    }
}

/// Plays a legal move: a pawn or squire ending on its 10th or 11th rank
/// becomes a Bede; the opponent's Jester copies the piece as it now stands
/// (the mover's Jester: what it copied); a non-pawn capture or a check
/// escalates.
pub fn play(pos: &mut Position<Bede>, mv: Move) {
    let us = pos.turn();
    let copied = pos.piece_at(mv.from).and_then(|p| copied_role(pos, p, mv.to));
    let effect = position::play_standard(pos, Move::normal(mv.from, mv.to));
    let moved = effect.moved.role;
    if (moved == Role::Pawn || moved == SQUIRE) && Bede::promotion_zone(us).contains(mv.to) {
        pos.take(mv.to);
        pos.put(mv.to, Piece::new(us, BEDE));
    }
    pos.extra.jesters[(!us).index()] = copied;
    let non_pawn_capture = effect.captured.is_some_and(|(_, p)| p.role != Role::Pawn);
    if non_pawn_capture || pos.in_check() {
        pos.extra.escalated = true;
    }
}
