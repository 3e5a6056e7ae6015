//! Knights are God: the knight leaps (3,1) and lends the (2,1) knight's move
//! to every friendly piece it attacks. Its value (docs/engine.md):
//!
//! - As a piece alone the (3,1) leaper (a camel) is weaker than a knight:
//!   the same eight targets, but it stays on one colour and needs more room
//!   (from the rim and near it, fewer targets). Measured values of the camel
//!   put it near 80-90% of a knight.
//! - But each friendly piece it attacks gains a knight's moves: one such
//!   piece adds up to eight squares to the side's reach, and typically one
//!   or two stand on its squares. Its loss takes those powers away at once.
//!
//! Together that is more than a knight: a chess knight's value plus 43 /
//! 39 (380 / 320 with PeSTO's knight, 337 / 281), still below the bishop
//! pair's combined worth so the exchanges stay sensible. Relative to the
//! knight, so that it follows the tuner's values (a fixed 380 fell below
//! the tuned chess knight, 385).

use crate::phased::Phased;
use crate::turn::SpecialDecision;
use crate::variant::{standard_values, EngineVariant};
use crate::weights::{Weights, HAND};
use chesslantis_core::role::ROLE_COUNT;
use chesslantis_core::variants::KnightsAreGod;

const VALUES: [Phased; ROLE_COUNT] = {
    let mut v = standard_values(&KnightsAreGod::WEIGHTS);
    let knight = v[1];
    v[1] = Phased::new(knight.mg + 43, knight.eg + 39);
    v
};

impl EngineVariant for KnightsAreGod {
    // The tuned chess weights scored 39% (with this knight still a fixed
    // 380) and 46% in 100 games each against main, the hand weights with
    // the king's shelter 48%: no gain shown (bench/RESULTS.md, "Results and tuning, change by change").
    const WEIGHTS: Weights = HAND;
    const PIECE_VALUES: [Phased; ROLE_COUNT] = VALUES;

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for KnightsAreGod {}

const BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4",
    "4k3/8/8/3n4/8/8/3N4/4K3 w - - 0 1",
];
