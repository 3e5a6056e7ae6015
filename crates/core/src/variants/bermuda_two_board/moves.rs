//! The moves: each board's chess moves (pawns by their board's own
//! orientation, castling without attack conditions) for the pieces whose
//! side has a king on their board (rule 4), and rule (2)'s step down from U
//! to the complementary L square.

use super::complement::{complement, home_king_square, upper_board, SHAPE};
use super::BermudaTwoBoard;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::movegen;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

type Pos = Position<BermudaTwoBoard>;

/// The boards where `color` has a king: the only boards its pieces move on.
#[inline]
pub fn active_boards(pos: &Pos, color: Color) -> Bitboard {
    let g = BermudaTwoBoard::geometry();
    let kings = pos.kings(color);
    (0..SHAPE.boards)
        .map(|b| g.board_mask(b))
        .filter(|&mask| (kings & mask).any())
        .fold(Bitboard::EMPTY, |acc, mask| acc | mask)
}

/// Every legal move; none once a side has no king (the game is over).
pub fn legal_moves(pos: &Pos, out: &mut Vec<Move>) {
    if Color::ALL.iter().any(|&c| pos.kings(c).is_empty()) {
        return;
    }
    let us = pos.turn();
    let active = active_boards(pos, us);
    let start = out.len();
    movegen::pseudo_legal(pos, out);
    // Core castles every king with the rights on its board; here a right
    // belongs to the king on its home square (a fallen second king has none).
    movegen::drop_moves(out, start, |mv| {
        !active.contains(mv.from) || (mv.is_castle() && mv.from != home_king_square(us, SHAPE.board(mv.from)))
    });
    step_downs(pos, us, active, out);
}

/// Rule (2): a U piece to its complementary L square, empty or enemy.
fn step_downs(pos: &Pos, us: Color, active: Bitboard, out: &mut Vec<Move>) {
    if (active & upper_board()).is_empty() {
        return;
    }
    let ours = pos.by_color(us);
    for from in ours & upper_board() {
        let to = complement(from);
        if !ours.contains(to) {
            out.push(Move::normal(from, to));
        }
    }
}
