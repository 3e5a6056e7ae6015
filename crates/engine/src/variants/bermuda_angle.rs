//! The Bermuda Chess Angle: after a move that touches the Angle (c3-h8), or
//! while any piece stands in it, two dice pick one of its 36 squares and the
//! piece there (or the moving piece, if the square is on its path) vanishes.
//!
//! - `chance`: every move that makes a roll due is a chance node over the 36
//!   rolls, each resolved by the core's own rules (`roll_outcomes`, the
//!   `resolve` the game's rolls use); the search merges the
//!   rolls that lead to the same position (an empty square off the path
//!   changes nothing, so most of the 36 are one outcome), searches the
//!   likeliest first and prunes with Star1 (`chance.rs`).
//! - Kings are captured, not mated: the core's `legal_moves` is empty and
//!   `outcome` is a win once a king is gone, which the search scores as a
//!   mate; a king that vanishes on a roll is the same loss.
//! - Squares: a piece standing in the Angle is at risk at every roll (1/36
//!   each ply), beyond the search's horizon too, so the Angle's squares cost
//!   about two rolls' expected loss: value/18, and a king there a large
//!   malus (its loss is the game). The Ship's value: docs/engine.md.

use crate::phased::Phased;
use crate::turn::SpecialDecision;
use crate::variant::{standard_piece_square, ChanceOutcome, EngineVariant};
use crate::weights::{Weights, HAND};
use chesslantis_core::variants::bermuda_angle::{angle, roll_outcomes};
use chesslantis_core::variants::bermuda_angle::BermudaGame;
use chesslantis_core::variants::BermudaAngle;
use chesslantis_core::{DynGame, Move, Piece, Position, Role, Square};

/// Rolls a piece standing in the Angle is taken to face beyond the horizon.
const ROLLS_AHEAD: i32 = 2;
/// The malus for a king in the Angle: not the game's worth (the search sees
/// the rolls it can reach), but enough that no plan parks the king there.
const KING_IN_ANGLE: i32 = 300;

impl EngineVariant for BermudaAngle {
    // With the tuned chess weights and the king's shelter, 46.5% and 43%
    // in 100 games each; with the hand weights and the shelter, 43.5%. So:
    // main's evaluation (bench/RESULTS.md, "Results and tuning, change by change").
    const WEIGHTS: Weights = HAND;
    const KING_SHELTER: bool = false;

    fn position_in(game: &DynGame) -> Option<&Position<Self>> {
        game.game_as::<BermudaGame>().map(|g| g.position())
    }

    fn piece_square(piece: Piece, sq: Square) -> Phased {
        let base = standard_piece_square::<Self>(piece, sq);
        if !angle().contains(sq) {
            return base;
        }
        let value = Self::PIECE_VALUES[piece.role.index()];
        let malus = |v: i32| if piece.role == Role::King { KING_IN_ANGLE } else { v * ROLLS_AHEAD / 36 };
        Phased::new(base.mg - malus(value.mg), base.eg - malus(value.eg))
    }

    fn chance(before: &Position<Self>, mv: Move, after: &Position<Self>) -> Option<Vec<ChanceOutcome<Self>>> {
        roll_outcomes(before, mv, after)
    }

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for BermudaAngle {}

/// The start, an opening with pieces in the Angle, and a middlegame.
const BENCH: &[&str] = &[
    "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1",
    "rnbsqksbnr/pppp1ppppp/10/4p5/10/10/4P5/10/PPPP1PPPPP/RNBSQKSBNR w KQkq - 0 2",
    "r1bsqksb1r/pppp1ppppp/2n4n2/4p5/10/10/4P5/2N4N2/PPPP1PPPPP/R1BSQKSB1R w KQkq - 4 4",
];
