//! What only Portal tells: a piece went through a portal.

use super::Portal;
use crate::payload::Payload;
use crate::role::Piece;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "teleported", "piece": ..., "from": "d4", "to": "e5"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PortalEvent {
    /// A piece landed on a portal and came out of its partner.
    Teleported { piece: Piece, from: String, to: String },
}

impl Payload for PortalEvent {
    const VARIANT: &'static str = Portal::ID;
}

impl fmt::Display for PortalEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortalEvent::Teleported { piece, to, .. } => {
                write!(f, "the {} went through the portal to {to}", piece.role.name())
            }
        }
    }
}
