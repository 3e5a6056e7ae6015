//! FEN for every variant: ranks of any width (`10` for ten empty squares),
//! castling as KQkq or X-FEN/Shredder file letters (Chess960), and variant
//! fields after the move numbers. A game of several boards writes one
//! placement per board and one castling field per board, each separated by
//! `|` (board 0 first): `<L>|<U> w KQkq|KQkq - 0 1`.

use crate::color::Color;
use crate::error::FenError;
use crate::position::{Position, KING_SIDE, QUEEN_SIDE};
use crate::role::{Piece, Role};
use crate::square::Square;
use crate::variant::Variant;

/// A FEN read field by field, before any rule is checked: the pieces and
/// the fields as written ([shakmaty]'s split of `Setup` and `Position`).
/// [`Position::from_setup`] places it and checks it against the rules.
///
/// [shakmaty]: https://docs.rs/shakmaty
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup<V: Variant> {
    pub pieces: Vec<(Square, Piece)>,
    pub turn: Color,
    /// The castling field of each board as written (`KQkq`, `HAha`, `-`):
    /// which rook a letter means depends on the pieces.
    pub castling: Vec<String>,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    /// The variant's own fields after the move numbers.
    pub extra: V::Extra,
}

impl<V: Variant> Setup<V> {
    /// Reads a FEN's fields; the half-move and full-move numbers may be left out.
    pub fn parse(fen: &str) -> Result<Setup<V>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(FenError::MissingFields);
        }
        let pieces = read_boards::<V>(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Turn(format!("side to move must be 'w' or 'b', not '{other}'"))),
        };
        let castling = split_castling::<V>(fields.get(2).copied().unwrap_or("-"))?;
        let ep_square = read_ep_square::<V>(fields.get(3).copied().unwrap_or("-"))?;
        let number = |i: usize, name: &str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse::<u32>().map_err(|_| FenError::Counter(format!("{name} must be a number, not '{t}'"))),
            }
        };
        let halfmoves = number(4, "the half-move clock", 0)?;
        let fullmoves = number(5, "the move number", 1)?;
        if fullmoves == 0 {
            return Err(FenError::Counter("the move number starts at 1".into()));
        }
        let extra = V::read_extra(fields.get(6..).unwrap_or(&[]))?;
        Ok(Setup { pieces, turn, castling, ep_square, halfmoves, fullmoves, extra })
    }
}

impl<V: Variant> std::str::FromStr for Setup<V> {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Setup<V>, FenError> {
        Setup::parse(fen)
    }
}

impl<V: Variant> Position<V> {
    /// Reads a FEN and checks it against the rules.
    pub fn from_fen(fen: &str) -> Result<Position<V>, FenError> {
        Position::from_setup(Setup::parse(fen)?)
    }

    /// The position a setup describes, if it keeps the rules: its castling
    /// rights have their kings and rooks, its en-passant square follows a
    /// double step, and the variant accepts it ([`Variant::validate`]).
    pub fn from_setup(setup: Setup<V>) -> Result<Position<V>, FenError> {
        let mut pos = Position::<V>::empty();
        for &(sq, piece) in &setup.pieces {
            pos.put(sq, piece);
        }
        pos.set_turn(setup.turn);
        for (board, text) in setup.castling.iter().enumerate() {
            read_board_castling(&mut pos, board as u8, text)?;
        }
        if let Some(sq) = setup.ep_square {
            check_ep(&pos, sq)?;
            pos.set_ep_square(Some(sq));
        }
        pos.set_halfmoves(setup.halfmoves);
        pos.set_fullmoves(setup.fullmoves);
        pos.extra = setup.extra;
        V::validate(&pos)?;
        Ok(pos)
    }

    /// Reads a FEN, or gives the start position.
    pub fn from_fen_or_start(fen: Option<&str>) -> Result<Position<V>, FenError> {
        match fen {
            Some(f) => Position::from_fen(f),
            None => Ok(Position::start()),
        }
    }

    /// Writes the position as FEN; `from_fen` reads it back to the same position.
    pub fn fen(&self) -> String {
        let s = V::SHAPE;
        let mut out = String::new();
        for board in 0..s.boards {
            if board > 0 {
                out.push('|');
            }
            write_board(self, board, &mut out);
        }
        out.push(' ');
        out.push(self.turn().fen_char());
        out.push(' ');
        out.push_str(&castling_text(self));
        out.push(' ');
        match self.ep_square() {
            Some(sq) => out.push_str(&s.name(sq).to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves(), self.fullmoves()));
        V::write_extra(&self.extra, &mut out);
        out
    }
}

/// Writes the placement of one board, its last rank first.
fn write_board<V: Variant>(pos: &Position<V>, board: u8, out: &mut String) {
    let s = V::SHAPE;
    for rank in (0..s.ranks).rev() {
        let mut empty = 0;
        for file in 0..s.files {
            let sq = s.square(board, file as i32, rank as i32).expect("on the board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(V::letters().piece_letter(p));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

/// Reads the placement field: one board, or one per board separated by `|`.
fn read_boards<V: Variant>(field: &str) -> Result<Vec<(Square, Piece)>, FenError> {
    let s = V::SHAPE;
    let boards: Vec<&str> = field.split('|').collect();
    if boards.len() != s.boards as usize {
        return Err(FenError::Board(format!(
            "the placement has {} boards, the variant {} (separate boards with '|')",
            boards.len(),
            s.boards
        )));
    }
    let mut pieces = Vec::new();
    for (b, text) in boards.iter().enumerate() {
        read_board::<V>(&mut pieces, b as u8, text)?;
    }
    Ok(pieces)
}

/// "rank 3", or "rank 3 of board U" where there are several boards.
fn rank_label(s: crate::square::Shape, board: u8, rank: usize) -> String {
    match s.board_letter(board) {
        Some(letter) => format!("rank {} of board {letter}", rank + 1),
        None => format!("rank {}", rank + 1),
    }
}

fn read_board<V: Variant>(pieces: &mut Vec<(Square, Piece)>, board_index: u8, board: &str) -> Result<(), FenError> {
    let s = V::SHAPE;
    let label = |rank: usize| rank_label(s, board_index, rank);
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != s.ranks as usize {
        return Err(FenError::Board(format!("the board has {} ranks, the variant {}", rows.len(), s.ranks)));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = s.ranks as usize - 1 - i;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2 as usize);
                    chars.next();
                }
                if n == 0 {
                    return Err(FenError::Board(format!("{}: an empty run cannot be 0", label(rank))));
                }
                file = file.saturating_add(n);
            } else {
                let piece = V::letters()
                    .piece(c)
                    .ok_or_else(|| FenError::Board(format!("{}: '{c}' is not a piece of {}", label(rank), V::ID)))?;
                if file >= s.files as usize {
                    return Err(FenError::Board(format!("{} is longer than {} files", label(rank), s.files)));
                }
                let sq = s.square(board_index, file as i32, rank as i32).expect("checked against the shape");
                pieces.push((sq, piece));
                file += 1;
            }
            if file > s.files as usize {
                return Err(FenError::Board(format!("{} is longer than {} files", label(rank), s.files)));
            }
        }
        if file != s.files as usize {
            return Err(FenError::Board(format!("{} has {file} files, the variant {}", label(rank), s.files)));
        }
    }
    Ok(())
}

/// The rooks on `color`'s first rank of the king's board on one side of
/// its king, nearest the edge first.
fn castling_candidates<V: Variant>(pos: &Position<V>, color: Color, side: usize, king: Square) -> Vec<Square> {
    let s = V::SHAPE;
    let g = V::geometry();
    let rooks = pos.pieces(color, Role::Rook) & g.relative_rank(color, 0) & g.board_mask(s.board(king));
    let kf = s.file(king);
    let mut found: Vec<Square> = rooks
        .filter(|&r| if side == KING_SIDE { s.file(r) > kf } else { s.file(r) < kf })
        .collect();
    found.sort_by_key(|&r| if side == KING_SIDE { u8::MAX - s.file(r) } else { s.file(r) });
    found
}

/// Splits the castling field into one per board (separated by `|` where
/// there are several).
fn split_castling<V: Variant>(text: &str) -> Result<Vec<String>, FenError> {
    let s = V::SHAPE;
    let fields: Vec<String> = if s.boards == 1 { vec![text.to_string()] } else { text.split('|').map(String::from).collect() };
    if fields.len() != s.boards as usize {
        return Err(FenError::Castling(format!(
            "castling '{text}' needs one field per board, {} separated by '|' ('-' for none)",
            s.boards
        )));
    }
    Ok(fields)
}

fn read_board_castling<V: Variant>(pos: &mut Position<V>, board: u8, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let s = V::SHAPE;
    let on_board = s.board_letter(board).map_or(String::new(), |l| format!(" on board {l}"));
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let king = pos.castling_king(color, board)
            .ok_or_else(|| FenError::Castling(format!("castling '{c}' without a {color} king on its first rank{on_board}")))?;
        let lower = c.to_ascii_lowercase();
        let (side, rook) = match lower {
            'k' | 'q' => {
                let side = if lower == 'k' { KING_SIDE } else { QUEEN_SIDE };
                let rook = castling_candidates(pos, color, side, king).first().copied();
                (side, rook)
            }
            'a'..='z' if ((lower as u8 - b'a') as usize) < s.files as usize => {
                let file = (lower as u8 - b'a') as i32;
                let sq = s.square(board, file, s.rank(king) as i32).expect("file checked");
                let side = if file as u8 > s.file(king) { KING_SIDE } else { QUEEN_SIDE };
                let rook = Some(sq).filter(|&r| pos.piece_at(r) == Some(Piece::new(color, Role::Rook)));
                (side, rook)
            }
            _ => return Err(FenError::Castling(format!("'{c}' is not a castling right"))),
        };
        let rook =
            rook.ok_or_else(|| FenError::Castling(format!("castling '{c}' has no {color} rook to castle with{on_board}")))?;
        if pos.castling_rook_of(king, color, side).is_some() {
            return Err(FenError::Castling(format!("castling rights repeat a side in '{text}'")));
        }
        pos.add_castling(color, rook);
    }
    Ok(())
}

/// The castling field: each board's rights, separated by `|` where there are several.
fn castling_text<V: Variant>(pos: &Position<V>) -> String {
    let boards: Vec<String> = (0..V::SHAPE.boards).map(|b| board_castling_text(pos, b)).collect();
    boards.join("|")
}

fn board_castling_text<V: Variant>(pos: &Position<V>, board: u8) -> String {
    let s = V::SHAPE;
    let mut out = String::new();
    for color in Color::ALL {
        let Some(king) = pos.castling_king(color, board) else { continue };
        for side in [KING_SIDE, QUEEN_SIDE] {
            let Some(rook) = pos.castling_rook_of(king, color, side) else { continue };
            let outermost = castling_candidates(pos, color, side, king).first() == Some(&rook);
            let c = if outermost {
                if side == KING_SIDE { 'k' } else { 'q' }
            } else {
                (b'a' + s.file(rook)) as char
            };
            out.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// Reads the en-passant field as a square (`-`: none).
fn read_ep_square<V: Variant>(text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    V::SHAPE.parse(text).map(Some).ok_or_else(|| FenError::EnPassant(format!("'{text}' is not an en-passant square")))
}

/// Whether `sq` is a square the last move's double step passed over.
fn check_ep<V: Variant>(pos: &Position<V>, sq: Square) -> Result<(), FenError> {
    let g = V::geometry();
    let mover = !pos.turn();
    let pawn_square = g.forward(mover, sq);
    let origin = g.forward(!mover, sq);
    let fits = g.relative_rank(mover, 2).contains(sq)
        && pos.piece_at(sq).is_none()
        && origin.is_some_and(|o| pos.piece_at(o).is_none())
        && pawn_square.is_some_and(|p| pos.piece_at(p) == Some(Piece::new(mover, Role::Pawn)));
    if !fits {
        let name = V::SHAPE.name(sq);
        return Err(FenError::EnPassant(format!("'{name}' cannot be an en-passant square here")));
    }
    Ok(())
}
