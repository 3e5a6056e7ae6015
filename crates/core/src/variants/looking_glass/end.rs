//! How the rules end a game: a captured king, a third Strike, or no legal
//! move in either world (a draw). Repetition and the 50-move rule need the
//! game's history and are judged by the game.

use super::moves::{any_in_other_world, own_moves};
use super::state::{Phase, STRIKES_TO_LOSE};
use super::marker::LookingGlass;
use crate::outcome::OwnWin;
use crate::variant::Variant;
use crate::color::Color;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;

pub fn judge(pos: &Position<LookingGlass>) -> Option<Outcome> {
    if let Phase::Setup(_) = pos.extra.phase {
        return None;
    }
    for color in Color::ALL {
        if pos.extra.strikes(color) >= STRIKES_TO_LOSE {
            return Some(Outcome::Win { winner: !color, reason: STRIKES.reason() });
        }
        if pos.kings(color).is_empty() {
            return Some(Outcome::Win { winner: !color, reason: WinReason::KingCaptured });
        }
    }
    let stuck = pos.extra.phase == Phase::Play && own_moves(pos).is_empty() && !any_in_other_world(pos);
    stuck.then_some(Outcome::Draw(DrawReason::Stalemate))
}

/// The loser gave three impossible orders.
pub static STRIKES: OwnWin = OwnWin {
    owner: LookingGlass::ID,
    id: "strikes",
    words: |winner| format!("{winner} wins: {} gave three impossible orders", !winner),
};
