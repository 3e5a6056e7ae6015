//! What only Rejection tells: a proposal and its answer.

use super::Rejection;
use crate::color::Color;
use crate::payload::Payload;
use crate::seat::Seat;
use crate::variant::Variant;
use crate::move_seen::MoveSeen;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "proposed", "by": "white", "san": "e4"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RejectionEvent {
    /// The mover proposes a move.
    Proposed { by: Color, san: String },
    /// The opponent accepts the proposal.
    Accepted { by: Color, san: String },
    /// The opponent rejects the proposal; the mover plays another move.
    Rejected { by: Color, san: String },
}

impl Payload for RejectionEvent {
    const VARIANT: &'static str = Rejection::ID;

    /// A rejected proposal stays in the score, marked: its proposer is the
    /// rejecter's opponent.
    fn scored(&self) -> Option<MoveSeen> {
        match self {
            RejectionEvent::Rejected { by, san } => {
                Some(MoveSeen { seat: Seat::player(!*by), san: san.clone(), rejected: true })
            }
            _ => None,
        }
    }
}

impl fmt::Display for RejectionEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RejectionEvent::Proposed { by, san } => write!(f, "{by} proposes {san}"),
            RejectionEvent::Accepted { by, san } => write!(f, "{by} accepts {san}"),
            RejectionEvent::Rejected { by, san } => write!(f, "{by} rejects {san}"),
        }
    }
}
