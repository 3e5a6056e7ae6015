//! What only Beirut tells: a bomb carrier chosen, a detonation, and at the
//! end what became of each bomb.

use super::Beirut;
use crate::color::Color;
use crate::payload::Payload;
use crate::role::Piece;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "detonated", "by": "white", "square": "e4", ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BeirutEvent {
    /// A side chose its bomb carrier. `carrier` is the piece and its square
    /// in the chooser's own view only; everyone else gets `None`.
    CarrierChosen { by: Color, carrier: Option<(Piece, String)> },
    /// A bomb went off on `square`, clearing these squares (the carrier's
    /// own not included) and taking these pieces (the carrier first).
    Detonated { by: Color, square: String, cleared: Vec<String>, vanished: Vec<Piece> },
    /// At the end of the game: what became of one side's bomb.
    BombRevealed { owner: Color, fate: BombFate },
}

/// What became of a bomb, told to everyone when the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum BombFate {
    /// The side never chose a carrier (the game ended during the setup).
    NotChosen,
    /// The bomb was gone before this game began (a position set up so).
    Gone,
    /// Still carried by this piece on this square.
    Armed { piece: Piece, square: String },
    /// Set off by its owner on this square.
    Detonated { piece: Piece, square: String },
    /// Its carrier was captured (or caught in the other bomb's blast) here.
    Captured { piece: Piece, square: String },
}

impl Payload for BeirutEvent {
    const VARIANT: &'static str = Beirut::ID;
}

impl fmt::Display for BombFate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BombFate::NotChosen => write!(f, "no carrier was chosen"),
            BombFate::Gone => write!(f, "gone before this game began"),
            BombFate::Armed { piece, square } => write!(f, "the {} on {square}, still armed", piece.role.name()),
            BombFate::Detonated { piece, square } => write!(f, "the {}, detonated on {square}", piece.role.name()),
            BombFate::Captured { piece, square } => {
                write!(f, "the {}, captured on {square} (the bomb was defused)", piece.role.name())
            }
        }
    }
}

impl fmt::Display for BeirutEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BeirutEvent::CarrierChosen { by, carrier: None } => write!(f, "{by} has chosen its carrier"),
            BeirutEvent::CarrierChosen { by, carrier: Some((piece, square)) } => {
                write!(f, "{by} arms the {} on {square} with the bomb", piece.role.name())
            }
            BeirutEvent::Detonated { square, cleared, .. } if cleared.is_empty() => {
                write!(f, "bomb on {square}: nothing else cleared")
            }
            BeirutEvent::Detonated { square, cleared, .. } => {
                write!(f, "bomb on {square}: {} cleared", cleared.join(", "))
            }
            BeirutEvent::BombRevealed { owner, fate } => write!(f, "{owner}'s bomb: {fate}"),
        }
    }
}
