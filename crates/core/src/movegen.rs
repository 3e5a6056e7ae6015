//! Move generation shared by the variants.
//!
//! Two ways to legal moves: `legal_by_trial` makes every pseudo-legal move and
//! keeps those that do not leave the king attacked; it is right for any
//! variant whose `play` and `attackers` are right. `legal_standard` computes
//! pins and checks first and makes nothing; it is the fast path for variants
//! whose pieces are the standard ones with standard moves (chess).

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, KING_SIDE, QUEEN_SIDE};
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::Variant;

/// Pushes a pawn move, expanded into one move per promotion role when it
/// ends in the promotion zone `zone` (see `Variant::promotion_zone`).
#[inline]
pub fn push_pawn<V: Variant>(out: &mut Vec<Move>, from: Square, to: Square, kind: MoveKind, zone: Bitboard) {
    let mv = Move::new(from, to, kind);
    if zone.contains(to) {
        out.extend(V::PROMOTION_ROLES.iter().map(|&r| mv.with_promotion(r)));
    } else {
        out.push(mv);
    }
}

/// Pawn moves by chess rules: one step, two from the second rank, diagonal
/// captures, en passant, promotion. `allowed(from, to)` filters targets.
#[inline]
fn pawn_moves<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>, allowed: impl Fn(Square, Square) -> bool) {
    let g = V::geometry();
    let us = pos.turn();
    let occupied = pos.occupied();
    let capturable = V::capturable(pos, us);
    let last = V::promotion_zone(us);
    let start_rank = g.relative_rank(us, 1);
    for from in pos.pieces(us, Role::Pawn) {
        if let Some(one) = V::SHAPE.forward(us, from) {
            if !occupied.contains(one) {
                if allowed(from, one) {
                    push_pawn::<V>(out, from, one, MoveKind::Normal, last);
                }
                if start_rank.contains(from) {
                    if let Some(two) = V::SHAPE.forward(us, one) {
                        if !occupied.contains(two) && allowed(from, two) {
                            push_pawn::<V>(out, from, two, MoveKind::DoublePush, last);
                        }
                    }
                }
            }
        }
        for to in g.pawn_attacks(us, from) & capturable {
            if allowed(from, to) {
                push_pawn::<V>(out, from, to, MoveKind::Normal, last);
            }
        }
        if let Some(ep) = pos.ep_square() {
            if g.pawn_attacks(us, from).contains(ep) {
                out.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

/// Castling moves. With `check_rules`, the king may not be in check nor pass
/// over or land on an attacked square.
/// Every king castles on its own board with the rooks it has rights with.
pub fn castling_moves<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>, check_rules: bool) {
    let us = pos.turn();
    let rights = pos.castling_rooks(us);
    if rights.is_empty() {
        return;
    }
    for king in pos.kings(us) {
        castling_moves_of(pos, king, out, check_rules);
    }
}

/// The castling moves of the king on `king`, king side first.
fn castling_moves_of<V: Variant>(pos: &Position<V>, king: Square, out: &mut Vec<Move>, check_rules: bool) {
    let us = pos.turn();
    let g = V::geometry();
    let occupied = pos.occupied();
    for side in [KING_SIDE, QUEEN_SIDE] {
        let Some(rook) = pos.castling_rook_of(king, us, side) else { continue };
        let (king_to, rook_to) = crate::position::castle_targets::<V>(king, side);
        let king_path = g.between(king, king_to).with(king_to);
        let rook_path = g.between(rook, rook_to).with(rook_to);
        let movers = Bitboard::from_square(king).with(rook);
        if ((king_path | rook_path) & !movers & occupied).any() {
            continue;
        }
        if check_rules {
            let without_movers = occupied & !movers;
            let mut passed = king_path.without(king);
            // Chess960: the castling rook may have been shielding the king's
            // target along the rank (king c1, rook b1, enemy rook a1).
            let after = without_movers.with(king_to).with(rook_to);
            if V::attackers(pos, king, !us, occupied).any()
                || Iterator::any(&mut passed, |s| V::attackers(pos, s, !us, without_movers).any())
                || V::attackers(pos, king_to, !us, after).any()
            {
                continue;
            }
        }
        out.push(Move::new(king, rook, MoveKind::Castle));
    }
}

/// Every move that follows the pieces' movement, ignoring whether it leaves
/// the own king attacked. Pieces move by `Variant::move_targets` (their
/// attacks onto empty or capturable squares); pawns and castling as in chess.
pub fn pseudo_legal<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) {
    let us = pos.turn();
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let capturable = V::capturable(pos, us);
    for from in ours & !pos.by_role(Role::Pawn) {
        let piece = Piece::new(us, pos.piece_at(from).map_or(Role::King, |p| p.role));
        for to in V::move_targets(pos, from, piece, occupied, capturable) {
            out.push(Move::normal(from, to));
        }
    }
    pawn_moves(pos, out, |_, _| true);
    castling_moves(pos, out, V::CHECK_RULES);
}

/// Legal moves by trying each pseudo-legal move (see the module comment).
pub fn legal_by_trial<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) {
    let start = out.len();
    pseudo_legal(pos, out);
    keep_legal(pos, out, start);
}

/// Drops the moves from `out[start..]` that leave the mover's king attacked
/// (with check rules; without them every move stays).
pub fn keep_legal<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>, start: usize) {
    if V::CHECK_RULES {
        drop_king_exposing(pos, out, start);
    }
}

/// Removes from `out[start..]` the moves for which `drop` holds (the order of
/// the rest changes).
pub fn drop_moves(out: &mut Vec<Move>, start: usize, mut drop: impl FnMut(Move) -> bool) {
    let mut i = start;
    while i < out.len() {
        if drop(out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// Removes from `out[start..]` the moves that leave the mover's king attacked,
/// by playing each.
pub fn drop_king_exposing<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>, start: usize) {
    let us = pos.turn();
    drop_moves(out, start, |mv| pos.after(mv).king_attacked(us));
}

/// Legal moves with pins and checks computed up front (standard pieces and
/// standard captures only: enemies, never friends).
#[inline]
pub fn legal_standard<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) {
    legal_standard_of(pos, out, Generate::All)
}

/// The captures and promotions (en passant included) among
/// `legal_standard`'s moves, without making the quiet ones: what a
/// quiescence search looks at. The order is `legal_standard`'s but where an
/// illegal en passant was dropped (the swap that removes it differs).
pub fn legal_standard_tactical<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>) {
    legal_standard_of(pos, out, Generate::Tactical)
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Generate {
    All,
    Tactical,
}

/// Inlined into each caller, so that `generate` is a constant there: left
/// to itself the compiler inlined it or not as unrelated code changed.
#[inline]
fn legal_standard_of<V: Variant>(pos: &Position<V>, out: &mut Vec<Move>, generate: Generate) {
    let us = pos.turn();
    let Some(king) = pos.king(us) else {
        let start = out.len();
        pseudo_legal(pos, out);
        if generate == Generate::Tactical {
            let enemies = pos.by_color(!us);
            drop_moves(out, start, |mv| {
                mv.promotion.is_none() && mv.kind != MoveKind::EnPassant && !enemies.contains(mv.to)
            });
        }
        return;
    };
    let g = V::geometry();
    let them = !us;
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let checkers = V::attackers(pos, king, them, occupied);

    // Where a piece's move must end: anywhere not ours, or on an enemy.
    let landing = match generate {
        Generate::All => !ours,
        Generate::Tactical => pos.by_color(them),
    };
    let without_king = occupied.without(king);
    for to in g.king[king.index()] & landing {
        if V::attackers(pos, to, them, without_king).is_empty() {
            out.push(Move::normal(king, to));
        }
    }
    if checkers.more_than_one() {
        return;
    }
    let target = match checkers.single() {
        Some(c) => g.between(king, c).with(c),
        None => !ours,
    };

    let queens = pos.by_role(Role::Queen);
    let snipers = ((g.rook_rays(king) & (pos.by_role(Role::Rook) | queens))
        | (g.bishop_rays(king) & (pos.by_role(Role::Bishop) | queens)))
        & pos.by_color(them);
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let blockers = g.between(king, s) & occupied;
        if let Some(b) = blockers.single() {
            if ours.contains(b) {
                pinned |= b;
            }
        }
    }
    // A pawn's move is tactical when it captures or promotes.
    let pawn_landing = match generate {
        Generate::All => !Bitboard::EMPTY,
        Generate::Tactical => pos.by_color(them) | V::promotion_zone(us),
    };
    let allowed = |from: Square, to: Square| {
        target.contains(to)
            && pawn_landing.contains(to)
            && (!pinned.contains(from) || g.line(king, from).contains(to))
    };

    for from in ours & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King) {
        let Some(piece) = pos.piece_at(from) else { continue };
        let mut targets = V::attacks(pos, from, piece, occupied) & target & landing;
        if pinned.contains(from) {
            targets &= g.line(king, from);
        }
        for to in targets {
            out.push(Move::normal(from, to));
        }
    }

    let before_pawns = out.len();
    pawn_moves(pos, out, allowed);
    // En passant (added unfiltered) removes two pawns from one rank, which
    // pins cannot see: check it by playing it.
    drop_moves(out, before_pawns, |mv| mv.kind == MoveKind::EnPassant && pos.after(mv).king_attacked(us));
    if checkers.is_empty() && generate == Generate::All {
        castling_moves(pos, out, true);
    }
}
