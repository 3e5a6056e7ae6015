//! FIDE chess (and Chess960, which is chess from another start: the castling
//! rules are written for any king and rook files).

use crate::color::Color;
use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::variant::{is_light, Variant};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chess;

impl Variant for Chess {
    const ID: &'static str = "chess";
    const NAME: &'static str = "Chess";
    type Extra = ();

    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }

    #[inline]
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        movegen::legal_standard(pos, out)
    }

    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        can_checkmate(pos, color)
    }
}

/// Whether `color` could checkmate by some series of legal chess moves,
/// helped by the opponent (FIDE 6.9), read as lichess reads it. It cannot:
/// - with its king alone;
/// - with king and one knight against king and queens only: a knight's check
///   cannot be blocked, and a queen standing beside its king can always take
///   the checking knight or leaves a flight square open;
/// - with king and bishops when every bishop on the board stands on one
///   square colour and the opponent has no knight and no pawn: the two
///   squares beside the checked king that touch the checking diagonal are
///   of the other colour, the winner's king cannot cover both, so one holds
///   a rook or queen of the loser's, which can always interpose on or take
///   along that diagonal (and bishops never give double check).
///
/// Anything else can (a king and bishop mate a king whose own pawn or knight
/// blocks its corner; two knights mate a bare king that helps). So this never
/// calls a win impossible where one exists; it may call one possible where
/// none is (behind a locked pawn chain no king gets through, say).
pub fn can_checkmate<V: Variant>(pos: &Position<V>, color: Color) -> bool {
    let ours = pos.by_color(color) & !pos.kings(color);
    let theirs = pos.by_color(!color) & !pos.kings(!color);
    let knights = pos.pieces(color, Role::Knight);
    if ours.is_empty() {
        return false;
    }
    if ours == knights && !knights.more_than_one() {
        return theirs != pos.pieces(!color, Role::Queen);
    }
    if ours == pos.pieces(color, Role::Bishop) {
        let mut colours = pos.by_role(Role::Bishop).map(is_light::<V>);
        let first = colours.next();
        let one_colour = colours.all(|c| Some(c) == first);
        let other_colour_blockers = pos.pieces(!color, Role::Knight) | pos.pieces(!color, Role::Pawn);
        return !one_colour || other_colour_blockers.any();
    }
    true
}
