//! What Beirut adds to a view: the secret choice of a carrier, and the
//! viewer's own carrier.

use super::Beirut;
use crate::payload::Payload;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The field of every view's knowledge that names the viewer's own armed
/// carrier's square (`null` in every other game).
pub const OWN_CARRIER_FIELD: &str = "own_carrier";

/// In JSON: `{"kind": "choose_carrier"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BeirutPending {
    /// Choose the bomb carrier, in secret.
    ChooseCarrier,
}

impl Payload for BeirutPending {
    const VARIANT: &'static str = Beirut::ID;
}

impl fmt::Display for BeirutPending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "choose your bomb carrier, in secret")
    }
}

/// What only this viewer knows: the square of its own armed bomb carrier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeirutKnowledge {
    pub own_carrier: String,
}

impl Payload for BeirutKnowledge {
    const VARIANT: &'static str = Beirut::ID;
}

impl fmt::Display for BeirutKnowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "your bomb carrier is on {}", self.own_carrier)
    }
}
