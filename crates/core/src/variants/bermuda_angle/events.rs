//! What only Bermuda Chess Angle tells: the roll, what vanished, a capture
//! undone, and a move without a roll.

use super::marker::BermudaAngle;
use crate::event::{the, Event};
use crate::payload::Payload;
use crate::role::Piece;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "rolled", "square": "e5"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AngleEvent {
    /// The dice picked this square.
    Rolled { square: String },
    /// A piece vanished; `on_its_way_to` is set when it was the moving
    /// piece (it never arrived there).
    Vanished { piece: Piece, square: String, on_its_way_to: Option<String> },
    /// A capture was undone (its capturer vanished).
    CaptureUndone { piece: Piece, square: String },
    /// The move touched nothing of the Angle: no roll.
    NoRoll,
}

impl Payload for AngleEvent {
    const VARIANT: &'static str = BermudaAngle::ID;

    /// A roll reads as one clause with what it took: `roll e5: the white
    /// king vanished`, or `roll e5: nothing vanished`.
    fn lead_into(&self, next: Option<&Event>) -> Option<String> {
        if !matches!(self, AngleEvent::Rolled { .. }) {
            return None;
        }
        let took = matches!(
            next.and_then(Event::as_own::<AngleEvent>),
            Some(AngleEvent::Vanished { .. } | AngleEvent::CaptureUndone { .. })
        );
        let nothing = if took { "" } else { ": nothing vanished" };
        Some(format!("{nothing}{}", if next.is_some() { ": " } else { "" }))
    }
}

impl fmt::Display for AngleEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AngleEvent::Rolled { square } => write!(f, "roll {square}"),
            AngleEvent::Vanished { piece, on_its_way_to: Some(to), .. } => {
                write!(f, "{} vanished on its way to {to}", the(*piece))
            }
            AngleEvent::Vanished { piece, .. } => write!(f, "{} vanished", the(*piece)),
            AngleEvent::CaptureUndone { piece, square } => write!(f, "{} is back on {square}", the(*piece)),
            AngleEvent::NoRoll => write!(f, "no roll: nothing touched the Angle"),
        }
    }
}
