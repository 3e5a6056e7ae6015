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
    /// The piece on `from` (= `to`) acts where it stands instead of moving:
    /// what it does is the variant's (`Variant::play`), and so are its words.
    InPlace,
}

/// A move of a piece. Decisions that belong to the move travel with it: the
/// promotion role, and a square the mover chooses besides `from` and `to`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub promotion: Option<Role>,
    /// A square the mover chooses with the move, in a variant whose moves
    /// have one (what it means is the variant's). Written `@a4` after the move.
    pub choice: Option<Square>,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind, promotion: None, choice: None }
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
    pub const fn with_choice(self, sq: Square) -> Move {
        Move { choice: Some(sq), ..self }
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        self.kind == MoveKind::Castle
    }
}
