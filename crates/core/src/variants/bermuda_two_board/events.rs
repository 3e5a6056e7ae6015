//! What only two-board Bermuda chess tells: a piece fell, a capturer rose,
//! a piece was removed where another fell.

use super::BermudaTwoBoard;
use crate::event::the;
use crate::payload::Payload;
use crate::role::{Piece, Role};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "fell", "piece": ..., "from": "Ue4", "to": "Ld5", "became": null}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TwoBoardEvent {
    /// A piece fell (or stepped down) from an upper square to its
    /// complementary lower one, becoming `became` there (a pawn on its
    /// last rank: a queen).
    Fell { piece: Piece, from: String, to: String, became: Option<Role> },
    /// A capturer rose from the lower board to the complementary upper square.
    Rose { piece: Piece, from: String, to: String, became: Option<Role> },
    /// A piece was removed from the game where another fell.
    Removed { piece: Piece, square: String },
}

impl Payload for TwoBoardEvent {
    const VARIANT: &'static str = BermudaTwoBoard::ID;
}

/// `, becoming a queen`, or nothing.
fn becoming(role: Option<Role>) -> String {
    role.map_or(String::new(), |r| format!(", becoming a {}", r.name()))
}

impl fmt::Display for TwoBoardEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoBoardEvent::Fell { piece, from, to, became } => {
                write!(f, "{} falls from {from} to {to}{}", the(*piece), becoming(*became))
            }
            TwoBoardEvent::Rose { piece, from, to, became } => {
                write!(f, "{} rises from {from} to {to}{}", the(*piece), becoming(*became))
            }
            TwoBoardEvent::Removed { piece, square } => {
                write!(f, "{} on {square} is removed from the game", the(*piece))
            }
        }
    }
}
