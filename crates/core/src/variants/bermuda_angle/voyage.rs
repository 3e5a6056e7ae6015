//! The Angle, the squares a move passes through, the dice, and what a roll
//! does to the position (the seed's steps 2 to 4).

use super::roll::BermudaRoll;
use super::marker::BermudaAngle;
use super::play_move;
use crate::bitboard::Bitboard;
use crate::game::{Action, OwnAction, Probability};
use crate::position::{castle_side, castle_targets};
use crate::moves::{Move, MoveKind};
use crate::position::{Position, KING_SIDE, QUEEN_SIDE};
use crate::role::{Piece, Role};
use crate::square::{Shape, Square};
use crate::variant::Variant;
use std::fmt;

type Pos = Position<BermudaAngle>;

const SHAPE: Shape = BermudaAngle::SHAPE;
/// The Angle's files (c..h) and ranks (3..8), counted from 0; each die picks one.
const ANGLE_FILES: std::ops::RangeInclusive<u8> = 2..=7;
const ANGLE_RANKS: std::ops::RangeInclusive<u8> = 2..=7;
/// Squares the dice can pick: 6 x 6.
pub const DICE_SQUARES: u32 = 36;

/// The Bermuda Chess Angle, "the area between c3, c8, h8, and h3".
pub fn angle() -> Bitboard {
    ANGLE_FILES
        .flat_map(|f| ANGLE_RANKS.filter_map(move |r| SHAPE.square(0, f as i32, r as i32)))
        .collect()
}

/// Whether `sq` is a square of the Angle; false for any number off the
/// board (a square from outside, e.g. a roll typed by a referee).
pub fn in_angle(sq: Square) -> bool {
    sq.index() < SHAPE.files as usize * SHAPE.ranks as usize && angle().contains(sq)
}

/// One piece's trip in a move: every square it stands on or passes over,
/// origin and destination included, and the square where it ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Voyage {
    pub path: Bitboard,
    pub end: Square,
}

/// The trips of a legal move's pieces: one, or two for castling (king and rook).
pub fn voyages(pos: &Pos, mv: Move) -> Vec<Voyage> {
    let g = BermudaAngle::geometry();
    let straight = |from: Square, to: Square| Voyage { path: g.between(from, to).with(from).with(to), end: to };
    if mv.kind == MoveKind::Castle {
        let (king_to, rook_to) = castle_targets::<BermudaAngle>(mv.from, castle_side::<BermudaAngle>(mv));
        return vec![straight(mv.from, king_to), straight(mv.to, rook_to)];
    }
    if pos.piece_at(mv.from).is_some_and(|p| p.role == Role::Knight) {
        let path = Bitboard::from_square(mv.from).with(mv.to);
        let path = knight_corner(mv.from, mv.to).map_or(path, |c| path.with(c));
        return vec![Voyage { path, end: mv.to }];
    }
    // Sliders, kings, Ships and pawns (promotions and en passant too) move in
    // a line; the en-passant victim's square is not on it.
    vec![straight(mv.from, mv.to)]
}

/// The square a knight passes: "one square orthogonally followed immediately
/// by one square diagonally", the orthogonal step along the longer leg.
fn knight_corner(from: Square, to: Square) -> Option<Square> {
    let (ff, fr) = (SHAPE.file(from) as i32, SHAPE.rank(from) as i32);
    let (df, dr) = (SHAPE.file(to) as i32 - ff, SHAPE.rank(to) as i32 - fr);
    if df.abs() > dr.abs() {
        SHAPE.square(0, ff + df.signum(), fr)
    } else {
        SHAPE.square(0, ff, fr + dr.signum())
    }
}

/// Whether the dice must be rolled after `mv` (played from `before` to
/// `after`): its path touches the Angle, or a piece stands in the Angle.
pub fn roll_due(before: &Pos, mv: Move, after: &Pos) -> bool {
    let angle = angle();
    (after.occupied() & angle).any() || voyages(before, mv).iter().any(|v| (v.path & angle).any())
}

/// The chance that the moving piece(s) come through: the rolls that miss
/// every square of the path inside the Angle, out of 36.
pub fn survival_chance(pos: &Pos, mv: Move) -> Probability {
    let paths = voyages(pos, mv).iter().fold(Bitboard::EMPTY, |acc, v| acc | v.path);
    Probability { num: DICE_SQUARES - (paths & angle()).count(), den: DICE_SQUARES }
}

/// The 36 squares of the dice, each 1/36: the first die the file c..h, the
/// second the rank 3..8.
pub fn dice_outcomes() -> Vec<(Action, Probability)> {
    angle().map(|sq| (BermudaRoll(sq).action(), ONE_ROLL)).collect()
}

/// One roll with nothing but the dice known (a game over the board): the
/// Angle's squares as `roll e7`, each 1 in 36.
pub fn table_roll() -> Vec<(String, Probability)> {
    angle().map(|sq| (BermudaRoll(sq).text(), ONE_ROLL)).collect()
}

/// The chance of each of the 36 rolls.
const ONE_ROLL: Probability = Probability { num: 1, den: DICE_SQUARES };

/// What the dice may make of `mv` (played from `before` to `after`): the
/// position each roll leaves (by [`resolve`]) with its probability, or
/// `None` when no roll is due. The game's own rules, for a search that
/// weighs the rolls instead of making one.
pub fn roll_outcomes(before: &Pos, mv: Move, after: &Pos) -> Option<Vec<(Pos, Probability)>> {
    roll_due(before, mv, after).then(|| angle().map(|sq| (resolve(before, mv, sq).0, ONE_ROLL)).collect())
}

/// A piece that vanished in the Angle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Vanished {
    pub piece: Piece,
    /// Where it stood (for the moving piece: where its move would have ended).
    pub square: Square,
    /// The piece was the one moving (it never arrived).
    pub moving: bool,
}

/// What one roll did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollReport {
    pub square: Square,
    pub vanished: Vec<Vanished>,
    /// A piece whose capture was undone because its capturer vanished.
    pub restored: Option<(Square, Piece)>,
}

impl fmt::Display for RollReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |sq: Square| SHAPE.name(sq).to_string();
        let mut parts: Vec<String> = self
            .vanished
            .iter()
            .map(|v| {
                let who = format!("the {} {}", v.piece.color, v.piece.role.name());
                if v.moving {
                    format!("{who} vanished on its way to {}", name(v.square))
                } else {
                    format!("{who} on {} vanished", name(v.square))
                }
            })
            .collect();
        if let Some((sq, p)) = self.restored {
            parts.push(format!("the {} {} is back on {}", p.color, p.role.name(), name(sq)));
        }
        if parts.is_empty() {
            parts.push("nothing vanished".into());
        }
        write!(f, "roll {}: {}", name(self.square), parts.join("; "))
    }
}

/// Plays `mv` and applies the roll `roll` (the rulings' resolution):
/// (a) if the mover's path contains the square, the mover vanishes and its
/// capture is undone, the captured piece back on its square even if that is
/// the rolled one; (b) any other piece on the rolled square vanishes.
pub fn resolve(before: &Pos, mv: Move, roll: Square) -> (Pos, RollReport) {
    let mut pos = before.clone();
    let effect = play_move(&mut pos, mv);
    let mut report = RollReport { square: roll, vanished: Vec::new(), restored: None };
    let mut mover_vanished = false;
    for voyage in voyages(before, mv).into_iter().filter(|v| v.path.contains(roll)) {
        mover_vanished = true;
        if let Some(piece) = vanish(&mut pos, voyage.end) {
            report.vanished.push(Vanished { piece, square: voyage.end, moving: true });
        }
    }
    if mover_vanished {
        // A pawn that never arrived leaves nothing to take en passant.
        pos.set_ep_square(None);
        if let Some((sq, piece)) = effect.captured {
            undo_capture(before, &mut pos, sq, piece, effect.moved);
            report.restored = Some((sq, piece));
        }
    }
    let restored_on_roll = report.restored.is_some_and(|(sq, _)| sq == roll);
    if !restored_on_roll {
        if let Some(piece) = vanish(&mut pos, roll) {
            report.vanished.push(Vanished { piece, square: roll, moving: false });
        }
    }
    (pos, report)
}

/// Removes a piece from the game, with the castling rights that went with it.
fn vanish(pos: &mut Pos, sq: Square) -> Option<Piece> {
    let piece = pos.take(sq)?;
    pos.clear_castling_on(sq);
    if piece.role == Role::King {
        pos.clear_castling(piece.color, None);
    }
    Some(piece)
}

/// Puts a captured piece back as if the capture never happened: its castling
/// rights return, and the half-move clock counts on from before the move.
fn undo_capture(before: &Pos, pos: &mut Pos, sq: Square, piece: Piece, mover: Piece) {
    pos.put(sq, piece);
    for side in [KING_SIDE, QUEEN_SIDE] {
        let right = before.castling_rook(piece.color, side);
        if right.is_some_and(|rook| rook == sq || piece.role == Role::King) {
            pos.set_castling(piece.color, side, right);
        }
    }
    pos.set_halfmoves(if mover.role == Role::Pawn { 0 } else { before.halfmoves() + 1 });
}
