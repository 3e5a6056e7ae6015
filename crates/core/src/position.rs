//! A position: the board, the side to move, castling and en-passant rights,
//! the move counters, and the variant's own state; and how a move by the
//! rules of chess changes it (variants wrap this with their own effects).
//! The variant trait's default moves call in here, so making a move lives
//! with the position rather than in a file of its own that would close one
//! more circle of imports with variant.rs.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::Variant;
use crate::zobrist;
use std::fmt;
use std::marker::PhantomData;

/// Castling sides, as indices into castling tables.
pub const KING_SIDE: usize = 0;
pub const QUEEN_SIDE: usize = 1;

/// The roles with a bitboard of their own: those core names
/// (`Role::NAMED`, numbered from 0). A variant's own roles are rare and
/// found through the mailbox, which keeps the position small: copy-make
/// copies all of it on every move.
const KEPT_ROLES: usize = Role::NAMED.len();

/// A position of variant `V`. Moves are made by copy-make: `play` changes the
/// position in place, and callers that need the old one keep a copy (a
/// position is a few hundred bytes, cheaper to copy than to unmake).
#[derive(Clone, PartialEq, Eq)]
pub struct Position<V: Variant> {
    by_role: [Bitboard; KEPT_ROLES],
    by_color: [Bitboard; 2],
    mailbox: [u8; 128],
    turn: Color,
    /// The rooks each colour may castle with, on every board: a right is its
    /// rook's square, and its side is where the rook stands from its king.
    castling: [Bitboard; 2],
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    /// Zobrist hash of the board, side, rights and variant state; the
    /// en-passant square counts only when taking there is legal.
    board_hash: u64,
    pub extra: V::Extra,
    variant: PhantomData<V>,
}

impl<V: Variant> Position<V> {
    /// Whether castling must be written king-takes-rook (Chess960
    /// convention): when a castling king or rook is not where the classical
    /// start has it, or always where the variant says so
    /// ([`Variant::ALWAYS_960_CASTLING`]).
    pub fn uses_960_castling(&self) -> bool {
        let s = V::SHAPE;
        V::ALWAYS_960_CASTLING
            || Color::ALL.iter().any(|&c| {
                Iterator::any(&mut self.castling_rooks(c), |r| {
                    // The classical king square of the rook's board and rank.
                    let home = s.square(s.board(r), (s.files / 2) as i32, s.rank(r) as i32);
                    let king_off = home.and_then(|k| self.piece_at(k)) != Some(Piece::new(c, Role::King));
                    let rook_file = s.file(r);
                    king_off || (rook_file != 0 && rook_file != s.files - 1)
                })
            })
    }

    /// An empty board with White to move.
    pub fn empty() -> Position<V> {
        Position {
            by_role: [Bitboard::EMPTY; KEPT_ROLES],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [0; 128],
            turn: Color::White,
            castling: [Bitboard::EMPTY; 2],
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            board_hash: 0,
            extra: V::Extra::default(),
            variant: PhantomData,
        }
    }

    /// The variant's start position.
    pub fn start() -> Position<V> {
        Position::from_fen(V::start_fen()).expect("every variant's start FEN is valid")
    }

    // ---- reading the board ----

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.mailbox[sq.index()])
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        match self.by_role.get(role.index()) {
            Some(&bb) => bb,
            None => self.scan_role(role),
        }
    }

    /// The squares of a role without a bitboard of its own (see `KEPT_ROLES`).
    #[inline(never)]
    fn scan_role(&self, role: Role) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for (i, &code) in self.mailbox.iter().enumerate() {
            if Piece::from_code(code).is_some_and(|p| p.role == role) {
                found |= Square(i as u8);
            }
        }
        found
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role(role) & self.by_color[color.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The king of `color` (the first, if a variant has several: see `kings`).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.pieces(color, Role::King);
        if kings.is_empty() {
            None
        } else {
            Some(kings.lsb())
        }
    }

    /// Every king of `color`, on every board.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color, Role::King)
    }

    /// The king of `color` on board `board` (the first, if several).
    #[inline]
    pub fn king_on_board(&self, color: Color, board: u8) -> Option<Square> {
        let kings = self.pieces(color, Role::King) & V::geometry().board_mask(board);
        (!kings.is_empty()).then(|| kings.lsb())
    }

    /// The king of `color` that castles on board `board`: one on its first
    /// rank (where kings cross boards, a second king may stand elsewhere).
    #[inline]
    pub fn castling_king(&self, color: Color, board: u8) -> Option<Square> {
        let g = V::geometry();
        let kings = self.pieces(color, Role::King) & g.board_mask(board) & g.relative_rank(color, 0);
        (!kings.is_empty()).then(|| kings.lsb())
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The rook `color` may castle with on `side` of its king (its first
    /// king's board, where there are several: see `castling_rooks`).
    #[inline]
    pub fn castling_rook(&self, color: Color, side: usize) -> Option<Square> {
        let king = self.king(color)?;
        self.castling_rook_of(king, color, side)
    }

    /// The rook `color`'s king on `king` may castle with on `side`.
    #[inline]
    pub fn castling_rook_of(&self, king: Square, color: Color, side: usize) -> Option<Square> {
        let s = V::SHAPE;
        let g = V::geometry();
        let mut rights = self.castling[color.index()];
        if s.boards > 1 {
            rights &= g.board_mask(s.board(king));
        }
        let kf = s.file(king);
        rights &= if side == KING_SIDE { g.files_above(kf) } else { g.files_below(kf) };
        // The first in square order, as iterating would give.
        (!rights.is_empty()).then(|| rights.lsb())
    }

    /// Every rook `color` may castle with, on every board.
    #[inline]
    pub fn castling_rooks(&self, color: Color) -> Bitboard {
        self.castling[color.index()]
    }

    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash: equal positions (for repetition) have equal hashes.
    #[inline]
    pub fn hash(&self) -> u64 {
        let mut h = self.board_hash ^ V::extra_hash(&self.extra);
        if let Some(ep) = self.ep_square {
            if self.ep_capture_possible(ep) {
                h ^= zobrist::en_passant(ep.index());
            }
        }
        h
    }

    /// Whether en passant is a legal move now: FIDE counts the right for
    /// repetition only then (a pinned capturer does not count).
    fn ep_capture_possible(&self, ep: Square) -> bool {
        let g = V::geometry();
        (g.pawn_attacks(!self.turn, ep) & self.pieces(self.turn, Role::Pawn)).any()
            && self.legal_moves().iter().any(|m| m.kind == MoveKind::EnPassant)
    }

    // ---- attacks and rules ----

    /// Pieces of `by` attacking `sq` on the current board.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        V::attackers(self, sq, by, self.occupied())
    }

    /// Pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.turn) {
            Some(k) => self.attackers(k, !self.turn),
            None => Bitboard::EMPTY,
        }
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the king of `color` is attacked.
    #[inline]
    pub fn king_attacked(&self, color: Color) -> bool {
        match self.king(color) {
            Some(k) => self.attackers(k, !color).any(),
            None => false,
        }
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        V::legal_moves(self, &mut out);
        out
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a move that must be legal (see `legal_moves`).
    #[inline]
    pub fn play(&mut self, mv: Move) {
        V::play(self, mv)
    }

    /// A copy with the move played.
    #[inline]
    pub fn after(&self, mv: Move) -> Position<V> {
        let mut next = self.clone();
        V::play(&mut next, mv);
        next
    }

    // ---- changing the board (every change keeps bitboards, mailbox and hash in step) ----

    /// Puts a piece on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()] == 0, "put on an occupied square");
        if let Some(bb) = self.by_role.get_mut(piece.role.index()) {
            *bb |= sq;
        }
        self.by_color[piece.color.index()] |= sq;
        self.mailbox[sq.index()] = piece.code();
        self.board_hash ^= zobrist::piece(piece.code(), sq.index());
    }

    /// Removes and returns the piece on a square, if any.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        if let Some(bb) = self.by_role.get_mut(piece.role.index()) {
            *bb ^= sq;
        }
        self.by_color[piece.color.index()] ^= sq;
        self.mailbox[sq.index()] = 0;
        self.board_hash ^= zobrist::piece(piece.code(), sq.index());
        Some(piece)
    }

    /// Sets `color`'s right on `side` of its (first) king: the rook it castles
    /// with, or none.
    #[inline]
    pub fn set_castling(&mut self, color: Color, side: usize, rook: Option<Square>) {
        if let Some(old) = self.castling_rook(color, side) {
            self.remove_castling(color, Bitboard::from_square(old));
        }
        if let Some(new) = rook {
            self.add_castling(color, new);
        }
    }

    /// Gives `color` the right to castle with the rook on `rook`.
    #[inline]
    pub fn add_castling(&mut self, color: Color, rook: Square) {
        if !self.castling[color.index()].contains(rook) {
            self.castling[color.index()] |= rook;
            self.board_hash ^= zobrist::castle(color.index(), rook.index());
        }
    }

    /// Takes from `color` the rights to castle with the rooks in `rooks`.
    #[inline]
    pub fn remove_castling(&mut self, color: Color, rooks: Bitboard) {
        let gone = self.castling[color.index()] & rooks;
        for sq in gone {
            self.board_hash ^= zobrist::castle(color.index(), sq.index());
        }
        self.castling[color.index()] ^= gone;
    }

    /// Takes every castling right of `color` (on board `board` only, if given).
    #[inline]
    pub fn clear_castling(&mut self, color: Color, board: Option<u8>) {
        let rooks = match board {
            None => Bitboard(!0),
            // The only board holds every right.
            Some(0) if V::SHAPE.boards == 1 => Bitboard(!0),
            Some(b) => V::geometry().board_mask(b),
        };
        self.remove_castling(color, rooks);
    }

    #[inline]
    pub fn has_castling_rights(&self) -> bool {
        (self.castling[0] | self.castling[1]).any()
    }

    /// Drops every castling right that involves `sq` (a king or rook moved from
    /// it, or something was captured on it).
    #[inline]
    pub fn clear_castling_on(&mut self, sq: Square) {
        for color in Color::ALL {
            self.remove_castling(color, Bitboard::from_square(sq));
        }
    }

    #[inline]
    pub fn set_ep_square(&mut self, sq: Option<Square>) {
        self.ep_square = sq;
    }

    #[inline]
    pub fn set_turn(&mut self, color: Color) {
        if self.turn != color {
            self.board_hash ^= zobrist::SIDE_KEY;
            self.turn = color;
        }
    }

    #[inline]
    pub fn set_halfmoves(&mut self, n: u32) {
        self.halfmoves = n;
    }

    #[inline]
    pub fn set_fullmoves(&mut self, n: u32) {
        self.fullmoves = n;
    }

    /// The hash recomputed from scratch (tests compare it with the kept one).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut fresh = Position::<V>::empty();
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                fresh.put(sq, p);
            }
        }
        fresh.set_turn(self.turn);
        for color in Color::ALL {
            for rook in self.castling_rooks(color) {
                fresh.add_castling(color, rook);
            }
        }
        fresh.ep_square = self.ep_square;
        fresh.extra = self.extra.clone();
        fresh.hash()
    }
}

impl<V: Variant> fmt::Debug for Position<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({})", V::ID, self.fen())
    }
}

impl<V: Variant> Default for Position<V> {
    fn default() -> Self {
        Position::start()
    }
}

/// What a move did beyond moving its piece, for variants that react to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// The piece that moved (before any promotion).
    pub moved: Piece,
    /// The captured piece and the square it stood on (differs from `to` en passant).
    pub captured: Option<(Square, Piece)>,
}

/// The castling side of a castling move (the rook's side of the king).
#[inline]
pub fn castle_side<V: Variant>(mv: Move) -> usize {
    if V::SHAPE.file(mv.to) > V::SHAPE.file(mv.from) {
        KING_SIDE
    } else {
        QUEEN_SIDE
    }
}

/// Where king and rook land castling on `side`, for a king on `king`.
#[inline]
pub fn castle_targets<V: Variant>(king: Square, side: usize) -> (Square, Square) {
    let s = V::SHAPE;
    let (board, rank) = (s.board(king), s.rank(king) as i32);
    let at = |file: u8| s.square(board, file as i32, rank).expect("castling files lie on the board");
    (at(V::CASTLE_KING_FILES[side]), at(V::CASTLE_ROOK_FILES[side]))
}

/// Plays a legal move by the rules of chess. A move in place is not a chess
/// move and leaves the board as it is (its variant plays it itself).
pub fn play_standard<V: Variant>(pos: &mut Position<V>, mv: Move) -> MoveEffect {
    let us = pos.turn();
    let moved = pos.piece_at(mv.from).expect("a legal move starts on a piece of the mover");
    pos.set_ep_square(None);
    pos.set_halfmoves(pos.halfmoves().saturating_add(1));
    let mut captured = None;
    match mv.kind {
        MoveKind::Castle => {
            let side = castle_side::<V>(mv);
            let (king_to, rook_to) = castle_targets::<V>(mv.from, side);
            let king = pos.take(mv.from);
            let rook = pos.take(mv.to);
            if let (Some(king), Some(rook)) = (king, rook) {
                pos.put(king_to, king);
                pos.put(rook_to, rook);
            }
        }
        MoveKind::EnPassant => {
            let s = V::SHAPE;
            let victim = s
                .square(s.board(mv.to), s.file(mv.to) as i32, s.rank(mv.from) as i32)
                .expect("the en-passant victim stands beside the capturer");
            captured = pos.take(victim).map(|p| (victim, p));
            pos.take(mv.from);
            pos.put(mv.to, moved);
        }
        MoveKind::Normal | MoveKind::DoublePush => {
            captured = pos.take(mv.to).map(|p| (mv.to, p));
            pos.take(mv.from);
            let placed = match mv.promotion {
                Some(role) => Piece::new(us, role),
                None => moved,
            };
            pos.put(mv.to, placed);
            if mv.kind == MoveKind::DoublePush {
                pos.set_ep_square(V::SHAPE.forward(us, mv.from));
            }
        }
        MoveKind::InPlace => {}
    }
    if moved.role == Role::Pawn || captured.is_some() {
        pos.set_halfmoves(0);
    }
    if pos.has_castling_rights() {
        if moved.role == Role::King {
            pos.clear_castling(us, Some(V::SHAPE.board(mv.from)));
        }
        // Every right involving either square goes (as `clear_castling_on`).
        let touched = Bitboard::from_square(mv.from).with(mv.to);
        for color in Color::ALL {
            pos.remove_castling(color, touched);
        }
    }
    if us == Color::Black {
        pos.set_fullmoves(pos.fullmoves().saturating_add(1));
    }
    pos.set_turn(!us);
    MoveEffect { moved, captured }
}
