//! Correction history: how far the static evaluation has missed the
//! search's score in positions with the same pawns, by side to move. A hand
//! evaluation misjudges some pawn structures the same way every time (a
//! blocked centre, a weak pawn it does not see); the search finds that out
//! node after node, and the table carries it to the next node with those
//! pawns, so the prunings that trust the static evaluation trust a better
//! one.

use crate::score::Score;
use chesslantis_core::{Color, Position, Role, Variant};

/// Slots per side (a power of two).
const SLOTS: usize = 1 << 14;
/// An entry's units per centipawn.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: i32 = 64;
/// An update's weight is `min(depth + 1, MAX_WEIGHT)` out of `WEIGHTS`.
const WEIGHTS: i32 = 256;
const MAX_WEIGHT: i32 = 16;

pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { table: vec![0; 2 * SLOTS] }
    }

    /// The slot of the side to move and both sides' pawns.
    #[inline]
    fn slot<V: Variant>(pos: &Position<V>) -> usize {
        let fold = |color| {
            let pawns = pos.pieces(color, Role::Pawn).0;
            pawns as u64 ^ ((pawns >> 64) as u64).rotate_left(23)
        };
        let key = fold(Color::White).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ fold(Color::Black).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        pos.turn().index() * SLOTS + (key >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// What to add to the static evaluation of `pos`, in centipawns.
    #[inline]
    pub fn correction<V: Variant>(&self, pos: &Position<V>) -> Score {
        self.table[Self::slot(pos)] / GRAIN
    }

    /// Learns from a node searched to `depth` whose score `searched` is
    /// exact or a bound on the right side of `static_eval` (the raw one),
    /// deeper searches weighing more.
    pub fn update<V: Variant>(&mut self, pos: &Position<V>, depth: i32, searched: Score, static_eval: Score) {
        let weight = (depth + 1).min(MAX_WEIGHT);
        let target = (searched - static_eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let entry = &mut self.table[Self::slot(pos)];
        *entry = (*entry * (WEIGHTS - weight) + target * weight) / WEIGHTS;
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chesslantis_core::variants::Chess;

    fn chess(fen: &str) -> Position<Chess> {
        Position::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn a_structure_the_evaluation_underrates_is_corrected_up_to_the_limit_for_its_side_alone() {
        let mut history = CorrectionHistory::new();
        let pos = chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        // The same pawns, other pieces elsewhere: the same slot.
        let same_pawns = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4");
        let other_pawns = chess("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3");
        let other_side = chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3");
        assert_eq!(history.correction(&pos), 0);
        for _ in 0..10 {
            history.update(&pos, 12, 60, 20);
        }
        let first = history.correction(&pos);
        assert!(first > 0 && first < 40, "a few lessons move part of the way to the error of 40: {first}");
        for _ in 0..200 {
            history.update(&pos, 12, 500, 0);
        }
        let full = history.correction(&pos);
        assert!((LIMIT - 1..=LIMIT).contains(&full), "an error of 500 is held at the limit: {full}");
        assert_eq!(history.correction(&same_pawns), full);
        assert_eq!(history.correction(&other_pawns), 0);
        assert_eq!(history.correction(&other_side), 0);
        for _ in 0..200 {
            history.update(&pos, 12, -10, 0);
        }
        assert!((-10..=-9).contains(&history.correction(&pos)), "it follows the evaluation's error down again");
        history.clear();
        assert_eq!(history.correction(&pos), 0);
    }
}
