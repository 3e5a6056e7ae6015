//! Circe (the Newport club's rules): a captured piece is reborn at once, on a
//! square its capturer picks, unless every one of its rebirth squares is
//! occupied. So a capture is usually not a gain of material at all: the
//! search sees the reborn piece on the board and values it there. What the
//! engine needs to know:
//!
//! - `captured`: a capture takes material only when the move has no rebirth
//!   (the piece is gone). A capture with a rebirth is a quiet move for
//!   ordering and quiescence: it moves two pieces, it wins nothing.
//! - `STANDARD_EXCHANGES = false`: the exchange on a square does not play
//!   out as in chess (each captured piece reappears elsewhere, possibly
//!   guarding or blocking), so static exchange evaluation would mislead.

use crate::turn::SpecialDecision;
use crate::variant::{standard_captured, EngineVariant};
use chesslantis_core::variants::Circe;
use chesslantis_core::{Move, Position, Role};

impl EngineVariant for Circe {
    const STANDARD_EXCHANGES: bool = false;
    const RESETS_ARE_IRREVERSIBLE: bool = false;

    fn captured(pos: &Position<Self>, mv: Move) -> Option<Role> {
        match mv.choice {
            Some(_) => None,
            None => standard_captured(pos, mv),
        }
    }

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for Circe {}

/// The start, an open middlegame, and an endgame where rebirth squares fill up.
const BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/pp3ppp/2n1bn2/2bpp3/4P3/2NP1N2/PPP1BPPP/R1B1K2R w KQkq - 0 9",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
];
