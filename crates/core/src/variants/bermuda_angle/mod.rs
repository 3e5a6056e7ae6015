//! The Bermuda Chess Angle (Gary K. Gifford, 2005): chess on 10x10 with Ships,
//! no check rules and king capture, where a 6x6 region, the Angle (c3-h8),
//! swallows pieces on a dice roll after every move that touches it.
//!
//! - this file: the board rules (pieces, castling, no check, king capture);
//! - [`ship`]: the Ship, this variant's own piece;
//! - [`voyage`]: the Angle, move paths, the dice and the resolution of a roll;
//! - [`game`]: the game with the dice as chance actions.
//!
//! Perft and `legal_moves` know nothing of the dice: they count moves.

mod marker;
pub mod events;
pub mod game;
pub mod roll;
pub mod ship;
pub mod voyage;
pub mod shown;

pub use marker::BermudaAngle;
pub use events::AngleEvent;
pub use shown::{AngleKnowledge, AnglePending, LAST_ROLL_FIELD};

pub use game::BermudaGame;
pub use roll::BermudaRoll;
pub use ship::SHIP;
pub use voyage::{angle, dice_outcomes, resolve, roll_due, roll_outcomes, survival_chance, voyages, RollReport, Vanished, Voyage};

use crate::outcome::OwnWin;
use crate::color::Color;
use crate::error::FenError;
use crate::game::{DrawReason, Outcome, WinReason};
use crate::position::{self, MoveEffect};
use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::bitboard::Bitboard;
use crate::role::{Piece, Role, RoleSpec};
use crate::square::{Shape, Square};
use crate::variant::{standard_attackers, standard_attacks, Variant};

impl Variant for BermudaAngle {
    const ID: &'static str = "bermuda-angle";
    const NAME: &'static str = "Bermuda Chess Angle";
    const COMMANDS: &'static str = "moves        the legal moves, each with the chance that the moving piece survives the dice";
    /// "dice are rolled" after a move that touches the Angle.
    const ROLLS_DICE: bool = true;
    const SHAPE: Shape = Shape::TEN_BY_TEN;
    const ROLES: &'static [RoleSpec] = ship::ROLES;
    /// "Pawns can promote as in traditional chess, but can also promote to Ships."
    const PROMOTION_ROLES: &'static [Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight, SHIP];
    /// "you can castle through a check and even move into check": kings are captured.
    const CHECK_RULES: bool = false;
    /// King f->i with rook j->h (3 squares); king f->b with rook a->c (4 squares).
    const CASTLE_KING_FILES: [u8; 2] = [8, 1];
    const CASTLE_ROOK_FILES: [u8; 2] = [7, 2];

    type Extra = ();

    fn start_fen() -> &'static str {
        "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1"
    }

    fn special_squares() -> Option<crate::variant::SpecialSquares> {
        Some(crate::variant::SpecialSquares { name: "the Angle (c3-h8)", squares: angle() })
    }

    /// The chess pieces' attacks, and the Ship's ([`ship`]).
    #[inline]
    fn attacks(_pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
        if piece.role == SHIP {
            ship::attacks(Self::geometry(), sq, occupied)
        } else {
            standard_attacks(Self::geometry(), sq, piece, occupied)
        }
    }

    #[inline]
    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        standard_attackers(pos, sq, by, occupied) | ship::attackers(pos, sq, by, occupied)
    }

    /// Every move the pieces make, attacked squares or not; nothing once a
    /// king is gone (the game is over).
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        if Color::ALL.iter().all(|&c| pos.king(c).is_some()) {
            movegen::pseudo_legal(pos, out);
        }
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        play_move(pos, mv);
    }

    /// A side without a king has lost; both kings gone (the mover took the
    /// enemy king and the roll took its own) is a draw; no move at all is
    /// stalemate. There is no dead position: even a lone king can be lost.
    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        match Color::ALL.map(|c| pos.king(c).is_some()) {
            [false, false] => Some(Outcome::Draw(DrawReason::BothKingsGone)),
            [true, false] => Some(Outcome::Win { winner: Color::White, reason: WinReason::KingCaptured }),
            [false, true] => Some(Outcome::Win { winner: Color::Black, reason: WinReason::KingCaptured }),
            [true, true] => (!has_legal_move).then_some(Outcome::Draw(DrawReason::Stalemate)),
        }
    }

    /// Always, while the game goes on: kings are captured, not mated, so
    /// even a bare king takes an enemy king that walks beside it, and the
    /// dice may take the enemy king off any square of the Angle. A flag
    /// therefore always loses.
    fn can_still_win(_pos: &Position<Self>, _color: Color) -> bool {
        true
    }

    /// At most one king a side (none: that side has lost) and at least one
    /// king, no pawn on a first or last rank. Any side may stand in check.
    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        if pos.by_role(Role::King).is_empty() {
            return Err(FenError::Illegal(
                "there is no king on the board; put on at least one (K for White, k for Black): a side without its king has lost".into(),
            ));
        }
        for color in Color::ALL {
            let kings = pos.pieces(color, Role::King).count();
            if kings > 1 {
                return Err(FenError::Illegal(format!("{color} has {kings} kings; at most one is allowed")));
            }
        }
        crate::variant::validate_pawn_ranks(pos)
    }

    /// The chance that the moving piece survives its roll: `33/36`.
    fn move_note(pos: &Position<Self>, mv: Move) -> Option<String> {
        Some(survival_chance(pos, mv).to_string())
    }
}

/// Plays a move by the rules of chess; a captured king takes its side's
/// castling rights with it (so the position stays a valid FEN).
pub(crate) fn play_move(pos: &mut Position<BermudaAngle>, mv: Move) -> MoveEffect {
    let effect = position::play_standard(pos, mv);
    if let Some((_, piece)) = effect.captured.filter(|(_, p)| p.role == Role::King) {
        pos.clear_castling(piece.color, None);
    }
    effect
}

/// The loser's king vanished in the Angle.
pub static KING_VANISHED: OwnWin = OwnWin {
    owner: BermudaAngle::ID,
    id: "king_vanished",
    words: |winner| format!("{winner} wins: the {} king vanished", (!winner).name().to_lowercase()),
};
