//! Portal Chess: FIDE chess with two pairs of portals, f3<->b5 and f6<->b4.
//!
//! A piece that ends its move on a portal (its landing square) is sent on to
//! the partner portal, capturing an enemy piece there; a friendly piece there
//! makes the move illegal. Passing over a portal does nothing. Moves are
//! written with the landing square (`g1f3` puts the knight on b5), so
//! `Move::to` is the landing square and `play` does the teleport.
//! See docs/rules/portal.md.

pub mod events;

pub use events::PortalEvent;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::FenError;
use crate::position;
use crate::movegen;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use crate::event::Event;
use crate::role::Piece;
use crate::variant::{
    check_event, moved_event, square_text, standard_attackers, standard_capture, standard_is_capture,
    standard_validate, Variant,
};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Portal;

const F3: Square = Square(21);
const B5: Square = Square(33);
const F6: Square = Square(45);
const B4: Square = Square(25);

/// The four portal squares.
pub const PORTALS: Bitboard = Bitboard((1 << F3.0) | (1 << B5.0) | (1 << F6.0) | (1 << B4.0));

/// The pieces besides its king a side needs for a bare king to mate it:
/// one on each way out of a portal square.
pub const BARE_KING_MATE_BLOCKERS: u32 = 8;

/// The portal a piece landing on `sq` is sent to, if `sq` is a portal.
#[inline]
pub fn partner(sq: Square) -> Option<Square> {
    match sq {
        F3 => Some(B5),
        B5 => Some(F3),
        F6 => Some(B4),
        B4 => Some(F6),
        _ => None,
    }
}

impl Variant for Portal {
    const ID: &'static str = "portal";
    const NAME: &'static str = "Portal Chess";
    const SHORT_NAME: &'static str = "Portal";
    const FAMILY: Option<&'static str> = Some("Newport club");
    const COMMANDS: &'static str = "g1f3         a move onto a portal (marked on the board) comes out of its partner: here the knight lands on b5";
    type Extra = ();

    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }

    fn special_squares() -> Option<crate::variant::SpecialSquares> {
        Some(crate::variant::SpecialSquares { name: "the portals (f3<->b5, f6<->b4)", squares: PORTALS })
    }

    /// Pieces of `by` that could capture on `sq`: by landing on it (unless it
    /// is a portal whose partner holds a piece of `by`, which would bar the
    /// move), or by landing on its partner portal and coming through. Through
    /// a portal even a pawn's step captures, so pawns that could step onto
    /// the partner count too.
    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let own = pos.by_color(by) & occupied;
        let Some(entry) = partner(sq) else {
            return standard_attackers(pos, sq, by, occupied);
        };
        // A piece on `entry` cannot be the mover here: no piece reaches a
        // portal's partner in one move (they are a (4,2) jump apart).
        let mut found = Bitboard::EMPTY;
        if !own.contains(entry) {
            found |= standard_attackers(pos, sq, by, occupied);
            found |= standard_attackers(pos, entry, by, occupied) | pawns_stepping_onto(pos, entry, by, occupied);
        }
        found
    }

    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        let start = out.len();
        pseudo_legal(pos, out);
        movegen::drop_king_exposing(pos, out, start);
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        position::play_standard(pos, mv);
        if mv.kind == MoveKind::Castle {
            return;
        }
        let Some(exit) = partner(mv.to) else { return };
        let Some(piece) = pos.take(mv.to) else { return };
        if pos.take(exit).is_some() {
            pos.set_halfmoves(0);
            pos.clear_castling_on(exit);
        }
        pos.put(exit, piece);
        // A double step that ends on a portal leaves through it: nothing to take en passant.
        if mv.kind == MoveKind::DoublePush {
            pos.set_ep_square(None);
        }
    }

    /// A king gives check through a portal (a king beside f3 attacks b5),
    /// and that check can be neither blocked nor answered by a capture, so
    /// even a bare king can mate: with its enemy on a portal whose flight
    /// squares its own pieces fill. Every portal has eight ways out (b5's
    /// eighth is b4 to f6, closed by a piece on either), none within reach
    /// of a king beside the partner portal, so the mated side needs
    /// [`BARE_KING_MATE_BLOCKERS`] pieces besides its king, and pieces are
    /// never gained. Other material may check through the portals in ways
    /// chess's minor-piece rules do not foresee: it may always win.
    fn can_still_win(pos: &Position<Self>, color: Color) -> bool {
        let ours = pos.by_color(color) & !pos.kings(color);
        let theirs = pos.by_color(!color) & !pos.kings(!color);
        ours.any() || theirs.count() >= BARE_KING_MATE_BLOCKERS
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        standard_validate(pos)?;
        if let Some(ep) = pos.ep_square() {
            let landing = Self::geometry().forward(!pos.turn(), ep);
            if landing.is_some_and(|sq| PORTALS.contains(sq)) {
                return Err(FenError::EnPassant("a double step onto a portal leaves no en-passant square".into()));
            }
        }
        Ok(())
    }

    /// The move, a capture on the landing square, the trip through the
    /// portal and the capture at its exit, and check.
    fn move_events(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Vec<Event> {
        let mut events = vec![moved_event(before, mv)];
        let captured = |(sq, piece): (Square, Piece)| Event::Captured { piece, square: square_text::<Self>(sq) };
        events.extend(standard_capture(before, mv).map(captured));
        if let Some(exit) = partner(mv.to).filter(|_| mv.kind != MoveKind::Castle) {
            if let Some(piece) = after.piece_at(exit) {
                let (from, to) = (square_text::<Self>(mv.to), square_text::<Self>(exit));
                events.push(Event::own(PortalEvent::Teleported { piece, from, to }));
            }
            let mover = before.piece_at(mv.from).map(|p| p.color);
            let victim = before.piece_at(exit).filter(|p| Some(p.color) != mover);
            events.extend(victim.map(|piece| captured((exit, piece))));
        }
        events.extend(check_event(after));
        events
    }

    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        if standard_is_capture(pos, mv) {
            return true;
        }
        let mover = pos.piece_at(mv.from).map(|p| p.color);
        mv.kind != MoveKind::Castle
            && partner(mv.to).and_then(|exit| pos.piece_at(exit)).is_some_and(|p| Some(p.color) != mover)
    }
}

/// Pawns of `by` whose one or two-square step lands on the empty `portal`.
fn pawns_stepping_onto(pos: &Position<Portal>, portal: Square, by: Color, occupied: Bitboard) -> Bitboard {
    if occupied.contains(portal) {
        return Bitboard::EMPTY;
    }
    let g = Portal::geometry();
    let pawns = pos.pieces(by, Role::Pawn) & occupied;
    let mut found = Bitboard::EMPTY;
    if let Some(one) = g.forward(!by, portal) {
        found |= pawns & one;
        if g.relative_rank(by, 3).contains(portal) && !occupied.contains(one) {
            if let Some(two) = g.forward(!by, one) {
                found |= pawns & g.relative_rank(by, 1) & two;
            }
        }
    }
    found
}

/// Every move by the pieces' movement and the portals, ignoring whether it
/// leaves the own king attacked (public for tests that check `attackers`
/// against the captures these moves make).
pub fn pseudo_legal(pos: &Position<Portal>, out: &mut Vec<Move>) {
    let us = pos.turn();
    let ours = pos.by_color(us);
    let start = out.len();
    movegen::pseudo_legal(pos, out);
    // A move may not end on a portal whose partner holds one of ours.
    movegen::drop_moves(out, start, |mv| {
        mv.kind != MoveKind::Castle && partner(mv.to).is_some_and(|exit| ours.without(mv.from).contains(exit))
    });
    // A pawn may step diagonally onto an empty portal when that captures on
    // the partner (onto the en-passant square it is the en-passant capture).
    let g = Portal::geometry();
    let theirs = pos.by_color(!us);
    let empty_portals = PORTALS & !pos.occupied();
    for from in pos.pieces(us, Role::Pawn) {
        for landing in g.pawn_attacks(us, from) & empty_portals {
            if Some(landing) != pos.ep_square() && partner(landing).is_some_and(|exit| theirs.contains(exit)) {
                out.push(Move::normal(from, landing));
            }
        }
    }
}
