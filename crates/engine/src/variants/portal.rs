//! Portal chess: four portals (f3-b5, f6-b4) send a piece that lands on one
//! to its partner, capturing an enemy there. What the engine needs to know:
//!
//! - `captured`: a move onto a portal captures on the partner square (and
//!   on the portal itself when an enemy stands there: two pieces in one
//!   move); the ordering counts the more valuable of the two.
//! - `STANDARD_EXCHANGES = false`: the capturer does not stay on the square
//!   it captured on, so the exchange there does not play out as in chess.
//! - Square values: a portal changes what squares are worth through what
//!   pieces attack, and the evaluation's mobility counts attacks with the
//!   variant's own `attacks` (through portals too), so the tables stay chess's.

use crate::turn::SpecialDecision;
use crate::variant::{standard_captured, EngineVariant, STANDARD_VALUES};
use chesslantis_core::variants::portal::partner;
use chesslantis_core::variants::Portal;
use chesslantis_core::{Move, MoveKind, Position, Role};

impl EngineVariant for Portal {
    const STANDARD_EXCHANGES: bool = false;

    fn captured(pos: &Position<Self>, mv: Move) -> Option<Role> {
        if mv.kind == MoveKind::Castle {
            return None;
        }
        let them = !pos.turn();
        let on_target = standard_captured(pos, mv);
        let on_partner = partner(mv.to).and_then(|sq| pos.piece_at(sq).filter(|p| p.color == them).map(|p| p.role));
        [on_target, on_partner].into_iter().flatten().max_by_key(|r| STANDARD_VALUES[r.index()].mg)
    }

    fn bench_fens() -> &'static [&'static str] {
        BENCH
    }
}

impl SpecialDecision for Portal {}

/// The start, and middlegames with pieces near the portals.
const BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
    "r2qk2r/ppp2ppp/2nbbn2/3pp3/3PP3/2NBBN2/PPP2PPP/R2QK2R w KQkq - 4 7",
];
