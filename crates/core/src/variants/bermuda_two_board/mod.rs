//! Kosintsev's two-board Bermuda chess (2011): a classical lower board (L)
//! and a quarter-turned upper board (U), each with a full army in its own
//! coordinates, so each side has two kings. Pieces cross between the boards
//! only by the seed's rules, through complementary squares.
//!
//! - [`complement`]: the quarter turn, L(f, r) <-> U(r, 9-f);
//! - [`moves`]: the moves of each board, the king's rule (4) and the step down (2);
//! - [`transfer`]: making a move, with the fall (1), the rise (3) and the
//!   castling rights.
//!
//! There is no check: kings are captured (a king captured on U falls to L),
//! and a side with no king on either board has lost.

pub mod events;
pub mod complement;
pub mod moves;
pub mod transfer;

pub use events::TwoBoardEvent;

pub use complement::{complement, home_king_square, lower_board, upper_board, LOWER, UPPER};
pub use transfer::{arrived, Crossing, Transfer};

use crate::outcome::OwnWin;
use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use crate::moves::Move;
use crate::notation;
use crate::outcome::{DrawReason, Outcome};
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::Shape;
use crate::variant::{moved_event, square_text, Variant};

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BermudaTwoBoard;

/// "One black and one white kings can be captured without ending the game":
/// kings are never made, so a side has at most its two.
const MAX_KINGS: u32 = 2;

impl Variant for BermudaTwoBoard {
    const ID: &'static str = "bermuda-two-board";
    const NAME: &'static str = "Bermuda chess (Kosintsev, two boards)";
    const SHORT_NAME: &'static str = "Bermuda chess (two boards)";
    const SHAPE: Shape = Shape::TWO_BOARDS;
    /// Kings are captured and moved into attack; castling ignores attacks.
    const CHECK_RULES: bool = false;

    type Extra = ();

    fn start_fen() -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|KQkq - 0 1"
    }

    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        moves::legal_moves(pos, out);
    }

    fn play(pos: &mut Position<Self>, mv: Move) {
        transfer::play(pos, mv);
    }

    /// A side with no king on either board has lost; a side with a king but
    /// no move is stalemated (a draw, as in chess). No dead positions: a
    /// lone king can still be captured.
    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        let lost = |c: Color| pos.kings(c).is_empty();
        match (lost(Color::White), lost(Color::Black)) {
            (true, false) => Some(Outcome::Win { winner: Color::Black, reason: NO_KING_LEFT.reason() }),
            (false, true) => Some(Outcome::Win { winner: Color::White, reason: NO_KING_LEFT.reason() }),
            (true, true) => Some(Outcome::Draw(DrawReason::BothKingsGone)),
            (false, false) => (!has_legal_move).then_some(Outcome::Draw(DrawReason::Stalemate)),
        }
    }

    /// Always, while the game goes on: kings are captured, not mated, so
    /// even a lone king may take the enemy kings that walk beside it
    /// (crossing the boards by its captures), and a capture on U drops its
    /// victim onto L, crushing whatever stands there, a king of either side
    /// too. A flag therefore always loses.
    fn can_still_win(_pos: &Position<Self>, _color: Color) -> bool {
        true
    }

    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        validate(pos)
    }

    /// Core's reading, with the variant's own reasons: a frozen piece, a
    /// game already lost.
    fn parse_move(pos: &Position<Self>, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(pos, text).map_err(|e| match e {
            MoveError::Illegal(_) | MoveError::Refused { .. } => why_not(pos, text).unwrap_or(e),
            other => other,
        })
    }

    /// The move, what it captured, what fell (and what it crushed), what rose.
    fn move_events(before: &Position<Self>, mv: Move, _after: &Position<Self>) -> Vec<Event> {
        let mut pos = before.clone();
        let done = transfer::play(&mut pos, mv);
        let name = square_text::<Self>;
        let mut events = vec![moved_event(before, mv)];
        let became = |c: &Crossing| (c.arrived != c.piece).then_some(c.arrived.role);
        events.extend(done.captured.map(|(sq, piece)| Event::Captured { piece, square: name(sq) }));
        events.extend(done.crushed.map(|(sq, piece)| Event::own(TwoBoardEvent::Removed { piece, square: name(sq) })));
        events.extend(done.fell.map(|c| Event::own(TwoBoardEvent::Fell { piece: c.piece, from: name(c.from), to: name(c.to), became: became(&c) })));
        events.extend(done.rose.map(|c| Event::own(TwoBoardEvent::Rose { piece: c.piece, from: name(c.from), to: name(c.to), became: became(&c) })));
        events
    }
}

/// Why a well-formed move text is no move here, where the variant can say.
fn why_not(pos: &Position<BermudaTwoBoard>, text: &str) -> Option<MoveError> {
    let refused = |why: String| MoveError::Refused { text: text.trim().to_string(), why };
    if let Some(loser) = Color::ALL.into_iter().find(|&c| pos.kings(c).is_empty()) {
        return Some(refused(format!("the game is over: {loser} has no king left on either board")));
    }
    let board_less = text.trim().chars().take(2).collect::<String>();
    if board_less.len() == 2 && BermudaTwoBoard::SHAPE.parse(&format!("L{board_less}")).is_some() {
        return Some(refused("every square needs its board letter, L (lower) or U (upper), as in Le2Le4".into()));
    }
    let (from, _) = complement::SHAPE.parse_prefix(text.trim())?;
    let piece = pos.piece_at(from).filter(|p| p.color == pos.turn())?;
    if moves::active_boards(pos, piece.color).contains(from) {
        return None;
    }
    let board = complement::SHAPE.board_letter(complement::SHAPE.board(from)).unwrap_or('?');
    Some(refused(format!(
        "the {} on {} is frozen: there is no king of its colour on board {board} (the king's rule)",
        piece.role.name(),
        square_text::<BermudaTwoBoard>(from)
    )))
}

/// At least one king, at most two a side; no pawn on its last rank (it would
/// be a queen; a pawn may stand on its first rank after a fall or a rise);
/// each castling right with its king on e1/e8 and its rook in the corner of
/// that board.
fn validate(pos: &Position<BermudaTwoBoard>) -> Result<(), FenError> {
    if pos.by_role(Role::King).is_empty() {
        return Err(FenError::Illegal(
            "there is no king on either board; put on at least one (K for White, k for Black): a side without a king has lost".into(),
        ));
    }
    for color in Color::ALL {
        let kings = pos.kings(color).count();
        if kings > MAX_KINGS {
            return Err(FenError::Illegal(format!("{color} has {kings} kings; a side has at most two (one per army)")));
        }
        let g = BermudaTwoBoard::geometry();
        let last = g.relative_rank(color, 7);
        if let Some(sq) = (pos.pieces(color, Role::Pawn) & last).into_iter().next() {
            return Err(FenError::Illegal(format!(
                "a {color} pawn stands on its last rank ({}); it would have become a queen: write Q/q",
                square_text::<BermudaTwoBoard>(sq)
            )));
        }
        for rook in pos.castling_rooks(color) {
            let board = complement::SHAPE.board(rook);
            let letter = complement::SHAPE.board_letter(board).unwrap_or('?');
            let king_home = home_king_square(color, board);
            if pos.piece_at(king_home) != Some(Piece::new(color, Role::King)) {
                return Err(FenError::Illegal(format!(
                    "{color} castling on board {letter} needs its king on {}; drop the right (write '-')",
                    square_text::<BermudaTwoBoard>(king_home)
                )));
            }
            if !complement::home_rook_squares(color, board).contains(rook) {
                return Err(FenError::Illegal(format!(
                    "{color} castling on board {letter} needs its rook in the corner, not on {}; drop the right",
                    square_text::<BermudaTwoBoard>(rook)
                )));
            }
        }
    }
    Ok(())
}

/// The loser has no king left on either board.
pub static NO_KING_LEFT: OwnWin = OwnWin {
    owner: BermudaTwoBoard::ID,
    id: "no_king_left",
    words: |winner| format!("{winner} wins: {} has no king left on either board", !winner),
};
