//! One entry of a game's score, as views list it. A file of its own because
//! the events that add entries (a variant's own, through `Payload::scored`)
//! are read by the view, so neither the events nor the payloads may import
//! view.rs.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// A move that stood, or a proposal that was refused: a score shows
/// both, the refused one marked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSeen {
    pub seat: Seat,
    pub san: String,
    /// The move was proposed and rejected: it did not stand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rejected: bool,
}
