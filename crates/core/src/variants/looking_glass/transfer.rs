//! Making a move (one's own or an order carried out): the move by the rules
//! of chess, then each moved piece (king and rook separately after castling)
//! passes through the portal if the same square of the other world is empty,
//! and what an arriving piece attacks there is disclosed.

use super::worlds::{portal, World};
use super::marker::LookingGlass;
use super::events::{Front, GlassEvent, Seen};
use crate::event::Event;
use crate::position;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::{square_text, standard_attacks, Variant};

type Pos = Position<LookingGlass>;

/// What became of a piece where its move ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// It went through the portal from `from` to `to`.
    Passed { piece: Piece, from: Square, to: Square },
    /// The square beyond the portal was taken: it stays on `square`.
    Stayed { piece: Piece, square: Square },
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub moved: Piece,
    pub captured: Option<(Square, Piece)>,
    /// One per moved piece: the king, then the rook after castling.
    pub crossings: Vec<Crossing>,
}

/// Plays `mv` (which the rules allow) and lets the moved pieces pass through.
pub fn play(pos: &mut Pos, mv: Move) -> Played {
    let landed = match mv.kind {
        MoveKind::Castle => {
            let (king_to, rook_to) = position::castle_targets::<LookingGlass>(mv.from, position::castle_side::<LookingGlass>(mv));
            vec![king_to, rook_to]
        }
        _ => vec![mv.to],
    };
    let mut effect = position::play_standard(pos, mv);
    if mv.kind == MoveKind::EnPassant && effect.captured.is_none() {
        // The pawn that stepped twice passed on: it is taken all the same, in
        // the world it went to (the capturer took it as it passed).
        let s = LookingGlass::SHAPE;
        let behind = s.square(s.board(mv.to), s.file(mv.to) as i32, s.rank(mv.from) as i32);
        effect.captured = behind.and_then(|sq| pos.take(portal(sq)).map(|p| (portal(sq), p)));
    }
    let crossings = landed.into_iter().filter_map(|sq| cross(pos, sq)).collect();
    Played { moved: effect.moved, captured: effect.captured, crossings }
}

/// The piece on `sq` passes through if the square beyond is empty.
fn cross(pos: &mut Pos, sq: Square) -> Option<Crossing> {
    let piece = pos.piece_at(sq)?;
    let beyond = portal(sq);
    if pos.piece_at(beyond).is_some() {
        return Some(Crossing::Stayed { piece, square: sq });
    }
    pos.take(sq);
    pos.put(beyond, piece);
    Some(Crossing::Passed { piece, from: sq, to: beyond })
}

/// What the piece that arrived on `sq` attacks there (its opponent's pieces),
/// and for a pawn what stands on the square in front of it.
pub fn disclosure(pos: &Pos, sq: Square) -> Option<Event> {
    let piece = pos.piece_at(sq)?;
    let g = LookingGlass::geometry();
    let world = World::of(sq).mask();
    let attacked = standard_attacks(g, sq, piece, pos.occupied()) & pos.by_color(!piece.color) & world;
    let attacks = attacked
        .filter_map(|s| pos.piece_at(s).map(|p| Seen { piece: p, square: square_text::<LookingGlass>(s) }))
        .collect();
    let front = (piece.role == Role::Pawn)
        .then(|| LookingGlass::SHAPE.forward(piece.color, sq))
        .flatten()
        .map(|f| Front { square: square_text::<LookingGlass>(f), piece: pos.piece_at(f) });
    Some(Event::own(GlassEvent::Disclosed { piece, square: square_text::<LookingGlass>(sq), attacks, front }))
}
