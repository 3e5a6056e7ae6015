//! What Bermuda Chess Angle adds to a view: the dice to roll, and the
//! square they picked last.

use super::marker::BermudaAngle;
use crate::payload::Payload;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The field of every view's knowledge that names the square the dice
/// picked last (`null` in every other game).
pub const LAST_ROLL_FIELD: &str = "last_roll";

/// In JSON: `{"kind": "roll", "after": "c2c4"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AnglePending {
    /// The dice decide after this move.
    Roll { after: String },
}

impl Payload for AnglePending {
    const VARIANT: &'static str = BermudaAngle::ID;
}

impl fmt::Display for AnglePending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnglePending::Roll { after } => write!(f, "the dice decide after {after}"),
        }
    }
}

/// The square the dice picked last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AngleKnowledge {
    pub last_roll: String,
}

impl Payload for AngleKnowledge {
    const VARIANT: &'static str = BermudaAngle::ID;
}

impl fmt::Display for AngleKnowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the last roll picked {}", self.last_roll)
    }
}
