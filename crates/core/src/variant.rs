//! The variant trait: what makes one game's rules differ from another's.
//!
//! A variant is a zero-sized type. Positions are generic over it, so every
//! hot path (move generation, attack detection, making moves) is compiled once
//! per variant with no dynamic dispatch. Each method has the chess behaviour as
//! its default; a variant overrides exactly the rules it changes, in its own file.

use crate::game_option::GameOption;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::error::{FenError, MoveError};
use crate::event::Event;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::geometry::Geometry;
use crate::position;
use crate::movegen;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::role::{Letters, Piece, Role, RoleSpec, CHESS_ROLES};
use crate::square::{Shape, Square};
use std::fmt::Debug;
use std::hash::Hash;

/// Squares a variant gives a rule of their own, and what players call them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SpecialSquares {
    /// What players call them, with the article (`the ...`).
    pub name: &'static str,
    pub squares: Bitboard,
}

pub trait Variant: 'static + Copy + Clone + Default + Send + Sync + Debug + PartialEq + Eq {
    /// The id used on the command line, in UCI and in the database.
    const ID: &'static str;
    /// The name people read.
    const NAME: &'static str;
    /// The name where room is short (a list, a button).
    const SHORT_NAME: &'static str = Self::NAME;
    /// The family it belongs to, when the variant is one of a club's or an
    /// author's set (`Newport club`): the club evening plays that family.
    const FAMILY: Option<&'static str> = None;
    /// Rule options a game may turn on when it is made.
    const OPTIONS: &'static [GameOption] = &[];
    /// Short words a player may type for an action, and the action's text
    /// (`("bomb", "detonate")`); the variant's parser reads them.
    const TYPED_WORDS: &'static [(&'static str, &'static str)] = &[];
    /// What a player types for this variant's own decisions, one per line
    /// (`command  what it does`), for the help of front ends.
    const COMMANDS: &'static str = "";
    /// Whether the game rolls dice (chance decides some of its steps): a
    /// referee then commits to its dice before the game and shows the proof.
    const ROLLS_DICE: bool = false;
    const SHAPE: Shape = Shape::CHESS;
    /// The roles this variant uses with their letters and names (FEN
    /// letters outside them are errors).
    const ROLES: &'static [RoleSpec] = CHESS_ROLES;
    const PROMOTION_ROLES: &'static [Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
    /// How many ranks at the far end promote a pawn (two: the 10th and 11th of 11).
    const PROMOTION_RANKS: u8 = 1;
    /// True where a move may not leave its own king attacked (check and mate);
    /// false where kings are captured instead.
    const CHECK_RULES: bool = true;
    /// Files (from 0) where the king and the rook end up castling: [king side, queen side].
    const CASTLE_KING_FILES: [u8; 2] = [6, 2];
    const CASTLE_ROOK_FILES: [u8; 2] = [5, 3];
    /// True where castling is always written king-takes-rook (`e1h1`), the
    /// Chess960 way, whatever the position: in a variant where every game is
    /// a Chess960 game whose positions the players do not all see
    /// (hidden ones), so that the notation tells nothing of them.
    const ALWAYS_960_CASTLING: bool = false;

    /// State beyond the board that the rules need (hashed, compared, in FEN).
    type Extra: Clone + Default + Debug + PartialEq + Eq + Hash + Send + Sync;

    fn start_fen() -> &'static str;

    /// Squares with a rule of their own, which boards mark for the players.
    fn special_squares() -> Option<SpecialSquares> {
        None
    }

    /// The letters and names of the variant's roles.
    #[inline]
    fn letters() -> Letters {
        Letters(Self::ROLES)
    }

    #[inline(always)]
    fn geometry() -> &'static Geometry {
        // The shape is a constant: its static is chosen at compile time.
        match const { Geometry::named_index(Self::SHAPE) } {
            Some(i) => Geometry::named(i),
            None => Geometry::of(Self::SHAPE),
        }
    }

    /// Squares that `piece` on `sq` attacks (could capture on) given `occupied`.
    #[inline]
    fn attacks(_pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
        standard_attacks(Self::geometry(), sq, piece, occupied)
    }

    /// Where a piece of `by` may capture: the enemy's pieces. A variant with
    /// friendly capture adds its own (never its king, say).
    #[inline]
    fn capturable(pos: &Position<Self>, by: Color) -> Bitboard {
        pos.by_color(!by)
    }

    /// Where `piece` on `sq` may move (pawns and castling aside): onto
    /// `capturable` squares it attacks, and onto empty ones. A variant whose
    /// pieces move elsewhere than they capture overrides it.
    #[inline]
    fn move_targets(pos: &Position<Self>, sq: Square, piece: Piece, occupied: Bitboard, capturable: Bitboard) -> Bitboard {
        Self::attacks(pos, sq, piece, occupied) & (capturable | !occupied)
    }

    /// Squares where a pawn of `color` promotes.
    #[inline]
    fn promotion_zone(color: Color) -> Bitboard {
        Self::geometry().last_ranks(color, Self::PROMOTION_RANKS)
    }

    /// Pieces of `by` that attack `sq` given `occupied`.
    #[inline]
    fn attackers(pos: &Position<Self>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        standard_attackers(pos, sq, by, occupied)
    }

    /// Appends every legal move to `out`.
    fn legal_moves(pos: &Position<Self>, out: &mut Vec<Move>) {
        movegen::legal_by_trial(pos, out)
    }

    /// Plays a legal move on the position.
    fn play(pos: &mut Position<Self>, mv: Move) {
        position::play_standard(pos, mv);
    }

    /// The result of the position, if the rules end the game here. Draws by
    /// repetition and by the 50-move rule need the game's history and are
    /// judged by the game, not here.
    fn outcome(pos: &Position<Self>, has_legal_move: bool) -> Option<Outcome> {
        standard_outcome(pos, has_legal_move)
    }

    /// Whether `color` could still win from here by some series of legal
    /// moves, whatever the opponent plays (FIDE 6.9: a flag falling against
    /// a side that cannot be beaten is a draw). It may say yes where no win
    /// is left, never no where one is; it reads only what both players see.
    /// By default yes, so a flag loses unless the variant's file says why not.
    fn can_still_win(_pos: &Position<Self>, _color: Color) -> bool {
        true
    }

    /// Checks a position read from FEN.
    fn validate(pos: &Position<Self>) -> Result<(), FenError> {
        standard_validate(pos)
    }

    /// Hash of the variant state.
    fn extra_hash(_extra: &Self::Extra) -> u64 {
        0
    }

    /// Reads the FEN fields after the move numbers.
    fn read_extra(fields: &[&str]) -> Result<Self::Extra, FenError> {
        match fields.first() {
            None => Ok(Self::Extra::default()),
            Some(f) => Err(FenError::VariantField(format!("unexpected field '{f}' after the move numbers"))),
        }
    }

    /// Writes the FEN fields after the move numbers (with a leading space each).
    fn write_extra(_extra: &Self::Extra, _out: &mut String) {}

    /// Whether a legal move captures anything (SAN writes it with `x`). Variants
    /// that capture elsewhere than on the target square say so here.
    fn is_capture(pos: &Position<Self>, mv: Move) -> bool {
        standard_is_capture(pos, mv)
    }

    /// Reads a move a player typed (UCI or SAN). A variant may override it to
    /// say what a text lacks (a square to choose with a capture).
    fn parse_move(pos: &Position<Self>, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(pos, text)
    }

    /// A move in place ([`MoveKind::InPlace`]) of the piece on `square` as
    /// players type it, and as SAN writes it.
    fn in_place_text(square: &str) -> (String, String) {
        (format!("{square}{square}"), format!("@{square}"))
    }

    /// A square chosen with a move ([`Move::choice`]) in the variant's words.
    fn choice_text(square: &str) -> String {
        format!("choose {square}")
    }

    /// A note shown beside a move in move lists (a survival chance, say).
    fn move_note(_pos: &Position<Self>, _mv: Move) -> Option<String> {
        None
    }

    /// What a legal move did, for people and UIs: the move, its captures,
    /// check, and the variant's own effects.
    fn move_events(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Vec<Event> {
        standard_move_events(before, mv, after)
    }

    /// The hash the game compares for threefold repetition: what every player
    /// may know of the position. Variants with hidden state leave it out, so the draw tells nobody a hidden fact.
    fn public_hash(pos: &Position<Self>) -> u64 {
        pos.hash()
    }
}

/// The move (SAN with `+`/`#`), what it captured on the board, and check.
/// The action text a typed word stands for (`bomb` → `detonate`, after
/// [`Variant::TYPED_WORDS`]); any other text as it is.
pub fn typed_meaning<V: Variant>(text: &str) -> &str {
    V::TYPED_WORDS.iter().find(|(word, _)| *word == text).map_or(text, |(_, means)| means)
}

pub fn standard_move_events<V: Variant>(before: &Position<V>, mv: Move, after: &Position<V>) -> Vec<Event> {
    let mut events = vec![moved_event(before, mv)];
    events.extend(standard_capture(before, mv).map(|(sq, piece)| Event::Captured { piece, square: square_text::<V>(sq) }));
    events.extend(check_event(after));
    events
}

/// `White plays Nf3`.
pub fn moved_event<V: Variant>(before: &Position<V>, mv: Move) -> Event {
    Event::Moved { by: before.turn(), san: notation::san(before, mv) }
}

/// `Check`, where the variant has check and the side to move is in it.
pub fn check_event<V: Variant>(after: &Position<V>) -> Option<Event> {
    (V::CHECK_RULES && after.in_check()).then_some(Event::Check)
}

/// The square and piece a chess move captures (en passant: the pawn behind).
pub fn standard_capture<V: Variant>(before: &Position<V>, mv: Move) -> Option<(Square, Piece)> {
    use crate::moves::MoveKind;
    let mover = before.piece_at(mv.from)?;
    let square = match mv.kind {
        MoveKind::EnPassant => V::geometry().forward(!mover.color, mv.to)?,
        MoveKind::Castle | MoveKind::InPlace => return None,
        MoveKind::Normal | MoveKind::DoublePush => mv.to,
    };
    before.piece_at(square).filter(|p| p.color != mover.color).map(|p| (square, p))
}

/// A square as the variant writes it: `e5`.
pub fn square_text<V: Variant>(sq: Square) -> String {
    V::SHAPE.name(sq).to_string()
}

/// A chess capture: en passant, or an enemy piece on the target square.
pub fn standard_is_capture<V: Variant>(pos: &Position<V>, mv: Move) -> bool {
    use crate::moves::MoveKind;
    match mv.kind {
        MoveKind::EnPassant => true,
        MoveKind::Castle | MoveKind::InPlace => false,
        MoveKind::Normal | MoveKind::DoublePush => {
            let mover = pos.piece_at(mv.from).map(|p| p.color);
            pos.piece_at(mv.to).is_some_and(|p| Some(p.color) != mover)
        }
    }
}

/// The attacks of the chess pieces; a variant's own pieces attack as its
/// `Variant::attacks` says.
#[inline]
pub fn standard_attacks(g: &Geometry, sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => g.pawn_attacks(piece.color, sq),
        Role::Knight => g.knight[sq.index()],
        Role::Bishop => g.bishop_attacks(sq, occupied),
        Role::Rook => g.rook_attacks(sq, occupied),
        Role::Queen => g.queen_attacks(sq, occupied),
        Role::King => g.king[sq.index()],
        // A variant's own role moves as the variant's `attacks` says.
        _ => Bitboard::EMPTY,
    }
}

/// The attackers of a square among the chess pieces, found
/// from the square outward (every standard attack is symmetric).
#[inline]
pub fn standard_attackers<V: Variant>(pos: &Position<V>, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let g = V::geometry();
    let queens = pos.by_role(Role::Queen);
    let found = (g.knight[sq.index()] & pos.by_role(Role::Knight))
        | (g.king[sq.index()] & pos.by_role(Role::King))
        | (g.pawn_attacks(!by, sq) & pos.by_role(Role::Pawn))
        | (g.rook_attacks(sq, occupied) & (pos.by_role(Role::Rook) | queens))
        | (g.bishop_attacks(sq, occupied) & (pos.by_role(Role::Bishop) | queens));
    found & pos.by_color(by)
}

/// Checkmate, stalemate and dead positions, as in chess.
pub fn standard_outcome<V: Variant>(pos: &Position<V>, has_legal_move: bool) -> Option<Outcome> {
    if !has_legal_move {
        return Some(if pos.in_check() {
            Outcome::Win { winner: !pos.turn(), reason: WinReason::Checkmate }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        });
    }
    if insufficient_material(pos) {
        return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
    }
    None
}

/// Dead positions that FIDE rules always recognise: king against king with
/// at most one minor piece, or bishops all on one square colour.
pub fn insufficient_material<V: Variant>(pos: &Position<V>) -> bool {
    let kings = pos.by_role(Role::King);
    let bishops = pos.by_role(Role::Bishop);
    let knights = pos.by_role(Role::Knight);
    let others = pos.occupied() & !kings & !bishops & !knights;
    if others.any() {
        return false;
    }
    let minors = bishops | knights;
    if minors.count() <= 1 {
        return true;
    }
    if knights.any() {
        return false;
    }
    let mut colours = bishops.map(is_light::<V>);
    let first = colours.next();
    colours.all(|c| Some(c) == first)
}

/// Whether `color` has nothing but its king(s).
pub fn bare_king<V: Variant>(pos: &Position<V>, color: Color) -> bool {
    pos.by_color(color) == pos.kings(color)
}

/// Whether a square is light (a1 is dark), on any board shape.
pub fn is_light<V: Variant>(sq: Square) -> bool {
    (V::SHAPE.file(sq) + V::SHAPE.rank(sq)) % 2 == 1
}

/// One king a side, no pawn on a first or last rank, and the side that just
/// moved not left in check.
pub fn standard_validate<V: Variant>(pos: &Position<V>) -> Result<(), FenError> {
    validate_pawn_ranks(pos)?;
    validate_kings_and_check(pos)
}

/// No pawn on the first or last rank.
pub fn validate_pawn_ranks<V: Variant>(pos: &Position<V>) -> Result<(), FenError> {
    let g = V::geometry();
    let pawns = pos.by_role(Role::Pawn);
    if (pawns & (g.rank(0) | g.rank(V::SHAPE.ranks - 1))).any() {
        return Err(FenError::Illegal("a pawn stands on the first or last rank".into()));
    }
    Ok(())
}

/// One king a side on each board, and (with check rules) no king of the
/// side that just moved in check.
pub fn validate_kings_and_check<V: Variant>(pos: &Position<V>) -> Result<(), FenError> {
    let s = V::SHAPE;
    let g = V::geometry();
    for color in Color::ALL {
        for board in 0..s.boards {
            let kings = (pos.kings(color) & g.board_mask(board)).count();
            if kings != 1 {
                let on_board = s.board_letter(board).map_or(String::new(), |l| format!(" on board {l}"));
                return Err(FenError::Illegal(format!("{color} has {kings} kings{on_board}; exactly one is needed")));
            }
        }
    }
    if V::CHECK_RULES {
        let mover = !pos.turn();
        if Iterator::any(&mut pos.kings(mover), |k| V::attackers(pos, k, pos.turn(), pos.occupied()).any()) {
            return Err(FenError::Illegal("the side not to move is in check".into()));
        }
    }
    Ok(())
}
