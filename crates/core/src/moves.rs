//! Moves.

use crate::role::Role;
use crate::square::Square;

/// What kind of move this is, beyond from and to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square step (it may leave an en-passant square behind).
    DoublePush,
    EnPassant,
    /// Castling; `to` is the rook's square (the Chess960 convention, which
    /// covers every castling there is).
    Castle,
    /// Beirut: the carrier on `from` (= `to`) explodes instead of moving.
    Detonate,
}

/// A move of a piece. Variant decisions that belong to the move travel with it:
/// the promotion role and the Circe rebirth square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub promotion: Option<Role>,
    /// Circe: where the captured piece is reborn (chosen by the capturer).
    pub rebirth: Option<Square>,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind, promotion: None, rebirth: None }
    }

    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal)
    }

    #[inline]
    pub const fn with_promotion(self, role: Role) -> Move {
        Move { promotion: Some(role), ..self }
    }

    #[inline]
    pub const fn with_rebirth(self, sq: Square) -> Move {
        Move { rebirth: Some(sq), ..self }
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        self.kind == MoveKind::Castle
    }
}
