//! FIDE chess (and Chess960, which is chess from another start: the castling
//! rules are written for any king and rook files).

use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

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
}
