//! Bede Chess: a 9x11 board with Bedes, Chancellors, Zebras, Squires, Bede
//! pawns and a Jester that moves as the piece the opponent moved last. The
//! rules (friendly capture, escalation, the Jester's borrowed powers in
//! check) are the core's; what the engine adds is what the pieces are worth
//! (docs/engine.md, "Bede Chess", says how the values were found).
//!
//! - A friendly capture wins nothing: the default `captured` counts enemy
//!   pieces only, so ordering and quiescence treat it as a quiet move.
//! - Phase: the Chancellor counts as a rook and more, Bede, Zebra and Jester
//!   as minor pieces; squires and pawns not at all.

use crate::phased::Phased;
use crate::turn::SpecialDecision;
use crate::variant::{EngineVariant, STANDARD_PHASE_WEIGHTS, STANDARD_VALUES};
use chesslantis_core::role::ROLE_COUNT;
use chesslantis_core::variants::bede::{BEDE, CHANCELLOR, JESTER, SQUIRE, ZEBRA};
use chesslantis_core::variants::Bede;
use chesslantis_core::Role;

/// Centipawns, middlegame and endgame (docs/engine.md, "Bede Chess").
const VALUES: [Phased; ROLE_COUNT] = {
    let mut v = STANDARD_VALUES;
    v[Role::Pawn.index()] = Phased::new(70, 90);
    v[SQUIRE.index()] = Phased::new(150, 170);
    v[BEDE.index()] = Phased::new(380, 420);
    v[CHANCELLOR.index()] = Phased::new(1000, 950);
    v[ZEBRA.index()] = Phased::new(340, 300);
    v[JESTER.index()] = Phased::new(360, 330);
    v
};

const PHASE_WEIGHTS: [i32; ROLE_COUNT] = {
    let mut w = STANDARD_PHASE_WEIGHTS;
    w[SQUIRE.index()] = 0;
    w[BEDE.index()] = 1;
    w[CHANCELLOR.index()] = 3;
    w[ZEBRA.index()] = 1;
    w[JESTER.index()] = 1;
    w
};

impl EngineVariant for Bede {
    const PIECE_VALUES: [Phased; ROLE_COUNT] = VALUES;
    const PHASE_WEIGHTS: [i32; ROLE_COUNT] = PHASE_WEIGHTS;

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for Bede {}

/// The start, an escalated middlegame with Jesters copying, and an endgame
/// with promoted Bedes.
const BENCH: &[&str] = &[
    "bzcjkqcbb/sssssssss/ppppppppp/9/9/9/9/9/PPPPPPPPP/SSSSSSSSS/BBCQKJCZB w - - 0 1 - --",
    "bzc1kqcbb/sss1sssss/ppp1ppp1p/3j5/6p2/9/2P1J4/9/PP1PPPPPP/SSSSSSSSS/BBCQK1CZB w - - 0 5 e zq",
    "4k4/1B7/9/2s6/9/4j4/9/3S5/9/6b2/4K4 w - - 0 30 e -k",
];
