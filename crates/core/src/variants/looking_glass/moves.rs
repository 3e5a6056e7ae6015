//! The moves of one world (FIDE-shaped, no check, castling without attack
//! conditions), and the orders a player may give in the world it cannot see.

use super::worlds::World;
use super::marker::LookingGlass;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use crate::variant::Variant;

type Pos = Position<LookingGlass>;

/// The side to move's moves with its pieces in `world` (its own world: what
/// it may play; the other: what it could order in full).
pub fn moves_in(pos: &Pos, world: World) -> Vec<Move> {
    let mut out = Vec::new();
    if Color::ALL.iter().any(|&c| pos.kings(c).is_empty()) {
        return out;
    }
    movegen::pseudo_legal(pos, &mut out);
    out.retain(|mv| World::of(mv.from) == world);
    out
}

/// The side to move's own-world moves.
pub fn own_moves(pos: &Pos) -> Vec<Move> {
    moves_in(pos, World::home(pos.turn()))
}

/// Whether the side to move has a legal move in the world it cannot see.
pub fn any_in_other_world(pos: &Pos) -> bool {
    any_in_other_world_of(pos, pos.turn())
}

/// Whether `color` has a legal move in the world it cannot see (the answer
/// to its question), on its turn or not: the position as if it were
/// `color`'s move (an en-passant square belongs to the side to move only).
pub fn any_in_other_world_of(pos: &Pos, color: Color) -> bool {
    let world = World::home(color).other();
    if color == pos.turn() {
        return !moves_in(pos, world).is_empty();
    }
    let mut theirs = pos.clone();
    theirs.set_turn(color);
    theirs.set_ep_square(None);
    !moves_in(&theirs, world).is_empty()
}

/// Where `color`'s piece on `from` could go on an empty board: the squares an
/// order from `from` may name and have a meaning (pawns: the steps and both
/// captures). What stands in the world is not looked at.
pub fn order_targets(pos: &Pos, color: Color, from: Square) -> Bitboard {
    let g = LookingGlass::geometry();
    let Some(piece) = pos.piece_at(from).filter(|p| p.color == color) else { return Bitboard::EMPTY };
    match piece.role {
        Role::Pawn => {
            let one = LookingGlass::SHAPE.forward(color, from);
            let two = one.filter(|_| g.relative_rank(color, 1).contains(from)).and_then(|s| LookingGlass::SHAPE.forward(color, s));
            let steps: Bitboard = one.into_iter().chain(two).collect();
            steps | g.pawn_attacks(color, from)
        }
        Role::Knight => g.knight[from.index()],
        Role::King => g.king[from.index()],
        Role::Bishop => g.bishop_attacks(from, Bitboard::EMPTY),
        Role::Rook => g.rook_attacks(from, Bitboard::EMPTY),
        _ => g.queen_attacks(from, Bitboard::EMPTY),
    }
}

/// Every order the side to move may give: any two squares of the world it
/// cannot see, and a promotion piece where the second is on its last rank.
pub fn all_orders(pos: &Pos) -> Vec<Move> {
    let us = pos.turn();
    let unseen = World::home(us).other().mask();
    let last = LookingGlass::promotion_zone(us);
    let mut out = Vec::new();
    for from in unseen {
        for to in unseen.without(from) {
            out.push(Move::normal(from, to));
            if last.contains(to) {
                out.extend(LookingGlass::PROMOTION_ROLES.iter().map(|&r| Move::normal(from, to).with_promotion(r)));
            }
        }
    }
    out
}

/// Whether `mv` is an order of the side to move as [`all_orders`] lists them.
pub fn is_order(pos: &Pos, mv: Move) -> bool {
    if !LookingGlass::SHAPE.contains(mv.from) || !LookingGlass::SHAPE.contains(mv.to) {
        return false;
    }
    let unseen = World::home(pos.turn()).other().mask();
    let promotion_fits =
        mv.promotion.is_none_or(|r| LookingGlass::PROMOTION_ROLES.contains(&r) && LookingGlass::promotion_zone(pos.turn()).contains(mv.to));
    mv.kind == crate::moves::MoveKind::Normal
        && mv.choice.is_none()
        && mv.from != mv.to
        && unseen.contains(mv.from)
        && unseen.contains(mv.to)
        && promotion_fits
}

/// The orders the side to move may give, as a front end offers them: from
/// each of its pieces in the world it cannot see (it always knows where they
/// are: every order's result and every capture is told to it) to each square
/// the piece could reach on an empty board and no own piece holds. The
/// outcome depends on what stands in that world.
pub fn offered_orders(pos: &Pos) -> Vec<Move> {
    let us = pos.turn();
    let unseen = World::home(us).other();
    let ours = pos.by_color(us);
    let last = LookingGlass::promotion_zone(us);
    let mut out = Vec::new();
    for from in ours & unseen.mask() {
        for to in order_targets(pos, us, from) & !ours {
            let pawn = pos.piece_at(from).is_some_and(|p| p.role == Role::Pawn);
            let zone = if pawn { last } else { Bitboard::EMPTY };
            movegen::push_pawn::<LookingGlass>(&mut out, from, to, crate::moves::MoveKind::Normal, zone);
        }
    }
    out
}
