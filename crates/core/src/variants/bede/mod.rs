//! Bede Chess (Patrik Hedman, 2014): a 9x11 board, Bedes, Chancellors,
//! Zebras, Squires, Bede pawns and a Jester that moves as the piece the
//! opponent moved last; friendly capture; no backward move before
//! escalation. The rules as implemented: docs/rules/bede.md.

pub mod pieces;
pub mod rules;
pub mod state;

pub use pieces::{BEDE, CHANCELLOR, JESTER, SQUIRE, ZEBRA};
pub use state::BedeState;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::FenError;
use crate::event::Event;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::role::{Piece, Role, RoleSpec};
use crate::square::{Shape, Square};
use crate::variant::{self, Variant};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bede;

impl Variant for Bede {
    const ID: &'static str = "bede";
    const NAME: &'static str = "Bede Chess";
    const SHAPE: Shape = Shape::NINE_BY_ELEVEN;
    const ROLES: &'static [RoleSpec] = pieces::ROLES;
    /// Promotion is automatic (to Bede), so moves carry no promotion letter.
    const PROMOTION_ROLES: &'static [Role] = &[BEDE];
    const PROMOTION_RANKS: u8 = 2;
    type Extra = BedeState;

    fn start_fen() -> &'static str {
        "bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BBCQKJCZB w - - 0 1 - --"
    }

    #[inline]
    fn attacks(pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
        rules::attacks(pos, sq, piece, occupied)
    }

    #[inline]
    fn capturable(pos: &Position<Self>, by: Color) -> Bitboard {
        rules::capturable(pos, by)
    }

    #[inline]
    fn move_targets(pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard, capturable: Bitboard) -> Bitboard {
        rules::move_targets(pos, sq, piece, occupied, capturable)
    }

    #[inline]
    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        rules::attackers(pos, sq, by, occupied)
    }

    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        rules::legal_moves(pos, out)
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        rules::play(pos, mv)
    }

    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        variant::standard_outcome(pos, has_legal_move)
    }

    /// Bede is won by checkmate only, and a king gives no check; a side
    /// that has nothing but its king never gets a piece back, so it cannot
    /// win. Any other material may: friendly capture lets the loser clear
    /// or fill its own king's squares, and a Jester borrows the powers of
    /// whatever the opponent moved, so chess's minor-piece rules do not hold.
    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        !variant::bare_king(pos, color)
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        if pos.has_castling_rights() {
            return Err(FenError::Castling("Bede Chess has no castling: write '-' in the castling field".into()));
        }
        if pos.ep_square().is_some() {
            return Err(FenError::EnPassant("Bede Chess has no en passant: write '-' in the en-passant field".into()));
        }
        for color in Color::ALL {
            let unpromoted = (pos.pieces(color, Role::Pawn) | pos.pieces(color, SQUIRE)) & Self::promotion_zone(color);
            if let Some(sq) = unpromoted.into_iter().next() {
                return Err(FenError::Illegal(format!(
                    "a {color} pawn or squire on {} stands on its 10th or 11th rank, where it would have become a Bede",
                    Self::SHAPE.name(sq)
                )));
            }
        }
        variant::validate_kings_and_check(pos)?;
        if !pos.extra.escalated && pos.in_check() {
            return Err(FenError::VariantField(
                "the side to move is in check, so the game has escalated: write 'e' in the escalation field".into(),
            ));
        }
        Ok(())
    }

    fn extra_hash(extra: &BedeState) -> u64 {
        extra.hash()
    }

    fn read_extra(fields: &[&str]) -> Result<BedeState, FenError> {
        BedeState::read(fields)
    }

    fn write_extra(extra: &BedeState, out: &mut String) {
        extra.write(out)
    }

    /// Friendly captures are captures too.
    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        pos.piece_at(mv.to).is_some()
    }

    fn move_events(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Vec<Event> {
        let mut events = vec![variant::moved_event(before, mv)];
        if let Some(piece) = before.piece_at(mv.to) {
            events.push(Event::Captured { piece, square: variant::square_text::<Self>(mv.to) });
        }
        events.extend(variant::check_event(after));
        events
    }
}
