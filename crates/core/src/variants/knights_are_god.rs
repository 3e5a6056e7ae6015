//! Knights are God (Newport Chess Club): knights leap (3,1) instead of (2,1),
//! and every piece standing on a square a friendly knight attacks, knights
//! and king included, may also move and capture as a normal (2,1) knight.
//! Check takes these powers into account. A pawn with the power may jump in
//! any direction: onto its last rank it promotes, onto its own first rank it
//! stays a pawn (and later steps one square forward). The rest is chess.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::FenError;
use crate::outcome::{DrawReason, Outcome};
use crate::geometry::SquareTable;
use crate::movegen;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::{self, Variant};
use crate::variants::chess::{self, Chess};
use std::sync::OnceLock;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KnightsAreGod;

/// The (3,1) leap of a knight god.
fn god_leap() -> &'static SquareTable {
    static TABLE: OnceLock<SquareTable> = OnceLock::new();
    TABLE.get_or_init(|| KnightsAreGod::geometry().leaper(3, 1))
}

/// The squares `color`'s knights attack: a piece of `color` standing on one
/// of them moves as a (2,1) knight too.
pub fn blessed_squares(pos: &Position<KnightsAreGod>, color: Color) -> Bitboard {
    let leap = god_leap();
    pos.pieces(color, Role::Knight).fold(Bitboard::EMPTY, |acc, k| acc | leap[k.index()])
}

impl Variant for KnightsAreGod {
    const ID: &'static str = "knights-are-god";
    const NAME: &'static str = "Knights are God";
    const FAMILY: Option<&'static str> = Some("Newport club");
    type Extra = ();

    fn start_fen() -> &'static str {
        Chess::start_fen()
    }

    #[inline]
    fn attacks(pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
        let g = Self::geometry();
        let own = match piece.role {
            Role::Knight => god_leap()[sq.index()],
            _ => variant::standard_attacks(g, sq, piece, occupied),
        };
        if blessed_squares(pos, piece.color).contains(sq) {
            own | g.knight[sq.index()]
        } else {
            own
        }
    }

    #[inline]
    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let g = Self::geometry();
        let knights = pos.pieces(by, Role::Knight);
        let blessed = blessed_squares(pos, by) & pos.by_color(by);
        (variant::standard_attackers(pos, sq, by, occupied) & !knights)
            | (god_leap()[sq.index()] & knights)
            | (g.knight[sq.index()] & blessed)
    }

    /// Pieces move by `attacks` (which include the (2,1) power), pawns as in
    /// chess plus the power's jumps; every move is tried against check, since
    /// taking a knight takes powers away and moving one hands them out.
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        let start = out.len();
        movegen::pseudo_legal(pos, out);
        pawn_jumps(pos, out);
        movegen::keep_legal(pos, out, start);
    }

    /// A lone knight can mate here (it lends its king the (2,1) check), so
    /// material is insufficient only in the chess cases without knights.
    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        match variant::standard_outcome(pos, has_legal_move) {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)) if pos.by_role(Role::Knight).any() => None,
            other => other,
        }
    }

    /// A side without knights and pawns never gets the (2,1) power, so a
    /// bare king gives no check and cannot win. King and bishops play chess
    /// when neither side has a knight or pawn, so chess's rule for them
    /// holds. A knight lends its king the (2,1) check, so chess's rule for a
    /// lone knight does not: it may always win.
    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        let ours = pos.by_color(color) & !pos.kings(color);
        let knights_or_pawns = pos.by_role(Role::Knight) | pos.by_role(Role::Pawn);
        if ours.is_empty() {
            return false;
        }
        if ours == pos.pieces(color, Role::Bishop) && knights_or_pawns.is_empty() {
            return chess::can_checkmate(pos, color);
        }
        true
    }

    /// A pawn may stand on its own first rank (it jumped there), never on its last.
    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        let g = Self::geometry();
        for color in Color::ALL {
            if (pos.pieces(color, Role::Pawn) & g.relative_rank(color, 7)).any() {
                return Err(FenError::Illegal(format!("a {color} pawn stands on its last rank")));
            }
        }
        variant::validate_kings_and_check(pos)
    }
}

/// The (2,1) jumps of pawns standing on blessed squares, to empty squares or
/// onto enemy pieces; onto the last rank they promote.
fn pawn_jumps(pos: &Position<KnightsAreGod>, out: &mut Vec<Move>) {
    let us = pos.turn();
    let g = KnightsAreGod::geometry();
    let last = KnightsAreGod::promotion_zone(us);
    for from in pos.pieces(us, Role::Pawn) & blessed_squares(pos, us) {
        for to in g.knight[from.index()] & !pos.by_color(us) {
            movegen::push_pawn::<KnightsAreGod>(out, from, to, MoveKind::Normal, last);
        }
    }
}
