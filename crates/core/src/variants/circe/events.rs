//! What only Circe tells: a captured piece reborn on its home square.

use super::Circe;
use crate::payload::Payload;
use crate::role::Piece;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "reborn", "piece": ..., "square": "a8"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CirceEvent {
    /// A captured piece is reborn on this square.
    Reborn { piece: Piece, square: String },
}

impl Payload for CirceEvent {
    const VARIANT: &'static str = Circe::ID;
}

impl fmt::Display for CirceEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CirceEvent::Reborn { piece, square } => write!(f, "the {} is reborn on {square}", piece.role.name()),
        }
    }
}
