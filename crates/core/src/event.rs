//! What an action did, typed, for people and user interfaces: a move and its
//! captures, a check, a resignation and a draw, the end of the game, and
//! what only one variant has ([`VariantEvent`], defined in its own files).
//!
//! Squares are written as the variant writes them (`e5`, `j10`), so an event
//! needs no board shape to be printed. `Display` says each event in the words
//! a club player uses; [`sentence`] joins the events of one action.

use crate::color::Color;
use crate::outcome::Outcome;
use crate::payload::{Payload, Tagged};
use crate::role::Piece;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing that happened. In JSON: `{"kind": "captured", "piece": ..., "square": "e5"}`;
/// a variant's own event in the same form, with its own `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A move was played (it stands): its SAN, with `+` or `#`.
    Moved { by: Color, san: String },
    /// A piece was captured on this square.
    Captured { piece: Piece, square: String },
    /// The side to move is in check.
    Check,
    /// A player resigned.
    Resigned { by: Color },
    /// A player offered a draw.
    DrawOffered { by: Color },
    /// A player declined the opponent's draw offer.
    DrawDeclined { by: Color },
    /// The players agreed a draw.
    DrawAgreed,
    /// The game is over.
    GameOver(Outcome),
    /// What only one variant has, in its own type.
    #[serde(untagged)]
    Variant(VariantEvent),
}

impl Event {
    /// A variant's own event.
    pub fn own<P: Payload>(event: P) -> Event {
        Event::Variant(VariantEvent(event.tagged()))
    }

    /// The variant's own event, typed, if this is one of type `P`.
    pub fn as_own<P: Payload>(&self) -> Option<&P> {
        match self {
            Event::Variant(event) => event.0.get(),
            _ => None,
        }
    }
}

/// An event only one variant has: its own typed event ([`Payload`]), which
/// says itself in words and serialises itself with its own `kind`. Read
/// back from JSON by the variants' readers (`variants/wire.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantEvent(pub(crate) Tagged);

impl VariantEvent {
    /// The id of the variant whose event this is.
    pub fn owner(&self) -> &'static str {
        self.0.owner()
    }

    /// The entry it adds to the score, if any ([`Payload::scored`]).
    pub fn scored(&self) -> Option<crate::move_seen::MoveSeen> {
        self.0.scored()
    }
}

/// `the white knight`.
pub fn the(piece: Piece) -> String {
    format!("the {} {}", piece.color.name().to_lowercase(), piece.role.name())
}

/// `a black knight`.
pub fn a(piece: Piece) -> String {
    format!("a {} {}", piece.color.name().to_lowercase(), piece.role.name())
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Moved { by, san } => write!(f, "{by} plays {san}"),
            Event::Captured { piece, square } => write!(f, "{} on {square} is captured", the(*piece)),
            Event::Check => write!(f, "Check"),
            Event::Resigned { by } => write!(f, "{by} resigns"),
            Event::DrawOffered { by } => write!(f, "{by} offers a draw"),
            Event::DrawDeclined { by } => write!(f, "{by} declines the draw offer"),
            Event::DrawAgreed => write!(f, "Draw agreed"),
            Event::GameOver(outcome) => write!(f, "{outcome}"),
            Event::Variant(event) => write!(f, "{}", event.0),
        }
    }
}

/// The events of one action as one line: `White plays Nxe5; the black knight
/// on e5 is captured; Check`, each event led into the next by `; ` unless
/// its variant joins them otherwise ([`Payload::lead_into`]).
pub fn sentence(events: &[Event]) -> String {
    let mut out = String::new();
    for (i, event) in events.iter().enumerate() {
        out.push_str(&event.to_string());
        let next = events.get(i + 1);
        let own = match event {
            Event::Variant(own) => own.0.lead_into(next),
            _ => None,
        };
        match own {
            Some(lead) => out.push_str(&lead),
            None if next.is_some() => out.push_str("; "),
            None => {}
        }
    }
    out
}
