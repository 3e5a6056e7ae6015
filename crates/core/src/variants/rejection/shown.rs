//! What Rejection adds to a view: the answer to a proposal, and the move
//! that replaces a rejected one.

use super::Rejection;
use crate::payload::Payload;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The field of every move decision that names the move the mover may not
/// play again (`null` in every other game).
pub const REJECTED_FIELD: &str = "rejected";

/// In JSON: `{"kind": "answer_proposal", "proposal": "e2e4", "san": "e4"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RejectionPending {
    /// Accept or reject this proposal.
    AnswerProposal { proposal: String, san: String },
    /// After a rejection: a move, not the rejected one.
    Move { rejected: String },
}

impl Payload for RejectionPending {
    const VARIANT: &'static str = Rejection::ID;
}

impl fmt::Display for RejectionPending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RejectionPending::AnswerProposal { san, .. } => write!(f, "accept or reject {san}"),
            RejectionPending::Move { rejected } => write!(f, "a move other than the rejected {rejected}"),
        }
    }
}
