//! What Through the Looking-Glass adds to a view: the secret setup, and
//! under the forfeit rule the opponent's choice of a move.

use super::marker::LookingGlass;
use crate::color::Color;
use crate::payload::Payload;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "move_for_opponent", "for_side": "white"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GlassPending {
    /// Choose your army's start in secret (`start RNBQKBNR`).
    ChooseStart,
    /// Forfeit rule: `for_side`'s order was impossible; the acting seat
    /// chooses a move for it in the world the acting seat sees.
    MoveForOpponent { for_side: Color },
}

impl Payload for GlassPending {
    const VARIANT: &'static str = LookingGlass::ID;
}

impl fmt::Display for GlassPending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GlassPending::ChooseStart => write!(f, "set up your army in secret"),
            GlassPending::MoveForOpponent { for_side } => write!(f, "choose a move for {for_side}"),
        }
    }
}
