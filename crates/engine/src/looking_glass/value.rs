//! How good a (sampled) Looking-Glass position is for one side: material,
//! a captured king, pieces closing in on the enemy king in its world, the
//! own king kept in the world its owner sees, pawns marching; and what the
//! side to move could take at once (with its recapture), for a reply.

use super::sample::Pos;
use chesslantis_core::variants::looking_glass::moves::moves_in;
use chesslantis_core::variants::looking_glass::transfer::{self, Crossing};
use chesslantis_core::variants::looking_glass::worlds::{World, SHAPE};
use chesslantis_core::{Color, Move, MoveKind, Role, Square};

/// A captured king.
pub const WIN: i32 = 100_000;

/// A piece's worth in centipawns (a king's loss is [`WIN`], not material).
pub fn worth(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 300,
        Role::Bishop => 320,
        Role::Rook => 500,
        Role::Queen => 900,
        _ => 0,
    }
}

/// Per square nearer the enemy king, for a piece in its world.
const CLOSING_IN: i32 = 6;
/// For each piece that attacks the enemy king.
const KING_ATTACKED: i32 = 40;
/// The own king in the world its owner cannot see: attacked by what it cannot see.
const KING_IN_THE_DARK: i32 = 100;
/// Per rank a pawn has advanced.
const PAWN_MARCH: i32 = 4;

fn distance(a: Square, b: Square) -> i32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).abs();
    d(SHAPE.file(a), SHAPE.file(b)).max(d(SHAPE.rank(a), SHAPE.rank(b)))
}

/// The value of `pos` for `me`, centipawns.
pub fn value(pos: &Pos, me: Color) -> i32 {
    let them = !me;
    let (Some(_), Some(their_king)) = (pos.king(me), pos.king(them)) else {
        return if pos.king(me).is_none() { -WIN } else { WIN };
    };
    let mut v = 0;
    for sq in pos.occupied() {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let sign = if piece.color == me { 1 } else { -1 };
        v += sign * worth(piece.role);
        if piece.role == Role::Pawn {
            let advanced = if piece.color == Color::White { SHAPE.rank(sq) as i32 - 1 } else { 6 - SHAPE.rank(sq) as i32 };
            v += sign * PAWN_MARCH * advanced;
        }
        if piece.color == me && piece.role != Role::King && World::of(sq) == World::of(their_king) {
            v += CLOSING_IN * (7 - distance(sq, their_king));
        }
        if piece.color == me && piece.role == Role::King && World::of(sq) != World::home(me) {
            v -= KING_IN_THE_DARK;
        }
    }
    v += KING_ATTACKED * pos.attackers(their_king, me).count() as i32;
    v
}

/// The side to move's moves in both worlds (its moves in its own world and
/// the orders it could carry out in full in the other).
pub fn all_moves(pos: &Pos) -> Vec<Move> {
    let mut moves = moves_in(pos, World::Real);
    moves.extend(moves_in(pos, World::Mirror));
    moves
}

/// The most the side to move wins at once by a capture: the victim, less
/// the capturer when the victim's side can take it back where it ends
/// (after passing through, maybe). A king taken is [`WIN`].
pub fn best_capture(pos: &Pos) -> i32 {
    let victim_side = !pos.turn();
    let mut best = 0;
    for mv in all_moves(pos) {
        let victim = if mv.kind == MoveKind::EnPassant { Some(Role::Pawn) } else { pos.piece_at(mv.to).filter(|p| p.color == victim_side).map(|p| p.role) };
        let Some(victim) = victim else { continue };
        if victim == Role::King {
            return WIN;
        }
        let gain = worth(victim);
        if gain <= best {
            continue;
        }
        let mut after = pos.clone();
        let played = transfer::play(&mut after, mv);
        let ends = played.crossings.first().map(|c| match *c {
            Crossing::Passed { to, .. } => to,
            Crossing::Stayed { square, .. } => square,
        });
        let retaken = ends.is_some_and(|sq| after.attackers(sq, victim_side).any());
        let net = if retaken { gain - worth(played.moved.role) } else { gain };
        best = best.max(net);
    }
    best
}
