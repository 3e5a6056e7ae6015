//! Static evaluation: material and piece-square values blended between
//! middlegame and endgame by the material left (a "tapered" evaluation),
//! plus a few generic terms that hold on any board shape.

use crate::score::Score;
use crate::variant::EngineVariant;
use chesslantis_core::{Bitboard, Color, Piece, Position, Role, Square};

/// A value with a middlegame and an endgame part.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    pub mg: i32,
    pub eg: i32,
}

impl Phased {
    pub const fn new(mg: i32, eg: i32) -> Phased {
        Phased { mg, eg }
    }
}

impl std::ops::Add for Phased {
    type Output = Phased;
    fn add(self, o: Phased) -> Phased {
        Phased::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl std::ops::AddAssign for Phased {
    fn add_assign(&mut self, o: Phased) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl std::ops::SubAssign for Phased {
    fn sub_assign(&mut self, o: Phased) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

/// Piece count codes: `Piece::code()` runs from 1 to 14.
const CODES: usize = 15;

/// A variant's evaluation tables, made once per search session.
pub struct EvalTables {
    /// Value plus square bonus, by piece code and square.
    psq: Vec<[Phased; 128]>,
    phase_weight: [i32; 7],
    /// The phase of the start position: the most "middlegame" there is.
    full_phase: i32,
    /// Plain middlegame values, by role (ordering, pruning margins).
    pub values: [i32; 7],
}

impl EvalTables {
    pub fn new<V: EngineVariant>() -> EvalTables {
        let mut psq = vec![[Phased::default(); 128]; CODES];
        for color in Color::ALL {
            for &role in V::ROLES {
                let piece = Piece::new(color, role);
                for i in 0..V::SHAPE.square_count() {
                    let sq = Square(i as u8);
                    psq[piece.code() as usize][i] = V::PIECE_VALUES[role.index()] + V::piece_square(piece, sq);
                }
            }
        }
        let start = Position::<V>::start();
        let full_phase = start
            .occupied()
            .filter_map(|sq| start.piece_at(sq))
            .map(|p| V::PHASE_WEIGHTS[p.role.index()])
            .sum::<i32>()
            .max(1);
        let values = V::PIECE_VALUES.map(|v| v.mg);
        EvalTables { psq, phase_weight: V::PHASE_WEIGHTS, full_phase, values }
    }

    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }
}

/// A bonus for holding both bishops (they cover both square colours).
const BISHOP_PAIR: Phased = Phased::new(30, 50);
/// For having the move.
const TEMPO: Score = 12;

/// Material and piece squares, tapered, plus the bishop pair; from the side to move's view.
pub fn standard_evaluation<V: EngineVariant>(pos: &Position<V>, t: &EvalTables) -> Score {
    let mut total = Phased::default();
    let mut phase = 0;
    for sq in pos.occupied() {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let v = t.psq[piece.code() as usize][sq.index()];
        match piece.color {
            Color::White => total += v,
            Color::Black => total -= v,
        }
        phase += t.phase_weight[piece.role.index()];
    }
    for color in Color::ALL {
        if pos.pieces(color, Role::Bishop).more_than_one() {
            match color {
                Color::White => total += BISHOP_PAIR,
                Color::Black => total -= BISHOP_PAIR,
            }
        }
    }
    let phase = phase.min(t.full_phase);
    let white = (total.mg * phase + total.eg * (t.full_phase - phase)) / t.full_phase;
    let score = match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    };
    score + TEMPO
}

/// Whether the side has pieces beyond king and pawns (null moves are unsafe
/// without them: zugzwang).
pub fn has_pieces<V: EngineVariant>(pos: &Position<V>, color: Color) -> bool {
    let kings_and_pawns: Bitboard = pos.by_role(Role::King) | pos.by_role(Role::Pawn);
    (pos.by_color(color) & !kings_and_pawns).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::variants::Chess;

    #[test]
    fn start_position_is_level_and_symmetric() {
        let t = EvalTables::new::<Chess>();
        let start = Position::<Chess>::start();
        assert_eq!(standard_evaluation(&start, &t), TEMPO);
        let mirrored = Position::<Chess>::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let mirror_black = Position::<Chess>::from_fen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(standard_evaluation(&mirrored, &t), standard_evaluation(&mirror_black, &t));
    }

    #[test]
    fn an_extra_queen_is_worth_about_a_queen() {
        let t = EvalTables::new::<Chess>();
        let pos = Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let s = standard_evaluation(&pos, &t);
        assert!((850..1100).contains(&s), "{s}");
    }
}
