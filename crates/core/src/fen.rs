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

impl<V: Variant> Position<V> {
    /// Reads a FEN; the half-move and full-move numbers may be left out.
    pub fn from_fen(fen: &str) -> Result<Position<V>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(FenError::new("a FEN needs at least the board and the side to move"));
        }
        let mut pos = Position::<V>::empty();
        read_boards(&mut pos, fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::new(format!("side to move must be 'w' or 'b', not '{other}'"))),
        };
        pos.set_turn(turn);
        read_castling(&mut pos, fields.get(2).copied().unwrap_or("-"))?;
        read_ep(&mut pos, fields.get(3).copied().unwrap_or("-"))?;
        let number = |i: usize, name: &str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse::<u32>().map_err(|_| FenError::new(format!("{name} must be a number, not '{t}'"))),
            }
        };
        pos.set_halfmoves(number(4, "the half-move clock", 0)?);
        let full = number(5, "the move number", 1)?;
        if full == 0 {
            return Err(FenError::new("the move number starts at 1"));
        }
        pos.set_fullmoves(full);
        pos.extra = V::read_extra(fields.get(6..).unwrap_or(&[]))?;
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
fn read_boards<V: Variant>(pos: &mut Position<V>, field: &str) -> Result<(), FenError> {
    let s = V::SHAPE;
    let boards: Vec<&str> = field.split('|').collect();
    if boards.len() != s.boards as usize {
        return Err(FenError::new(format!(
            "the placement has {} boards, the variant {} (separate boards with '|')",
            boards.len(),
            s.boards
        )));
    }
    for (b, text) in boards.iter().enumerate() {
        read_board(pos, b as u8, text)?;
    }
    Ok(())
}

/// "rank 3", or "rank 3 of board U" where there are several boards.
fn rank_label(s: crate::square::Shape, board: u8, rank: usize) -> String {
    match s.board_letter(board) {
        Some(letter) => format!("rank {} of board {letter}", rank + 1),
        None => format!("rank {}", rank + 1),
    }
}

fn read_board<V: Variant>(pos: &mut Position<V>, board_index: u8, board: &str) -> Result<(), FenError> {
    let s = V::SHAPE;
    let label = |rank: usize| rank_label(s, board_index, rank);
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != s.ranks as usize {
        return Err(FenError::new(format!("the board has {} ranks, the variant {}", rows.len(), s.ranks)));
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
                    return Err(FenError::new(format!("{}: an empty run cannot be 0", label(rank))));
                }
                file = file.saturating_add(n);
            } else {
                let piece = V::letters()
                    .piece(c)
                    .ok_or_else(|| FenError::new(format!("{}: '{c}' is not a piece of {}", label(rank), V::ID)))?;
                if file >= s.files as usize {
                    return Err(FenError::new(format!("{} is longer than {} files", label(rank), s.files)));
                }
                let sq = s.square(board_index, file as i32, rank as i32).expect("checked against the shape");
                pos.put(sq, piece);
                file += 1;
            }
            if file > s.files as usize {
                return Err(FenError::new(format!("{} is longer than {} files", label(rank), s.files)));
            }
        }
        if file != s.files as usize {
            return Err(FenError::new(format!("{} has {file} files, the variant {}", label(rank), s.files)));
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

/// Reads the castling field: one board's rights, or one per board separated by `|`.
fn read_castling<V: Variant>(pos: &mut Position<V>, text: &str) -> Result<(), FenError> {
    let s = V::SHAPE;
    if s.boards == 1 {
        return read_board_castling(pos, 0, text);
    }
    let fields: Vec<&str> = text.split('|').collect();
    if fields.len() != s.boards as usize {
        return Err(FenError::new(format!(
            "castling '{text}' needs one field per board, {} separated by '|' ('-' for none)",
            s.boards
        )));
    }
    for (b, field) in fields.iter().enumerate() {
        read_board_castling(pos, b as u8, field)?;
    }
    Ok(())
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
            .ok_or_else(|| FenError::new(format!("castling '{c}' without a {color} king on its first rank{on_board}")))?;
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
            _ => return Err(FenError::new(format!("'{c}' is not a castling right"))),
        };
        let rook =
            rook.ok_or_else(|| FenError::new(format!("castling '{c}' has no {color} rook to castle with{on_board}")))?;
        if pos.castling_rook_of(king, color, side).is_some() {
            return Err(FenError::new(format!("castling rights repeat a side in '{text}'")));
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

fn read_ep<V: Variant>(pos: &mut Position<V>, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let s = V::SHAPE;
    let g = V::geometry();
    let sq = s.parse(text).ok_or_else(|| FenError::new(format!("'{text}' is not an en-passant square")))?;
    let mover = !pos.turn();
    let pawn_square = g.forward(mover, sq);
    let origin = g.forward(!mover, sq);
    let fits = g.relative_rank(mover, 2).contains(sq)
        && pos.piece_at(sq).is_none()
        && origin.is_some_and(|o| pos.piece_at(o).is_none())
        && pawn_square.is_some_and(|p| pos.piece_at(p) == Some(Piece::new(mover, Role::Pawn)));
    if !fits {
        return Err(FenError::new(format!("'{text}' cannot be an en-passant square here")));
    }
    pos.set_ep_square(Some(sq));
    Ok(())
}
