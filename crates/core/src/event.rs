//! What an action did, typed, for people and user interfaces: a move and its
//! captures, a check, a proposal and its answer, a teleport, a rebirth, a
//! bomb, a roll and what vanished, the end of the game.
//!
//! Squares are written as the variant writes them (`e5`, `j10`), so an event
//! needs no board shape to be printed. `Display` says each event in the words
//! a club player uses; [`sentence`] joins the events of one action.

use crate::color::Color;
use crate::outcome::Outcome;
use crate::role::{Piece, Role};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing that happened. In JSON: `{"kind": "captured", "piece": ..., "square": "e5"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A move was played (it stands): its SAN, with `+` or `#`.
    Moved { by: Color, san: String },
    /// A piece was captured on this square.
    Captured { piece: Piece, square: String },
    /// The side to move is in check.
    Check,
    /// Rejection: the mover proposes a move.
    Proposed { by: Color, san: String },
    /// Rejection: the opponent accepts the proposal.
    Accepted { by: Color, san: String },
    /// Rejection: the opponent rejects the proposal; the mover plays another move.
    Rejected { by: Color, san: String },
    /// Portal: a piece landed on a portal and came out of its partner.
    Teleported { piece: Piece, from: String, to: String },
    /// Circe: a captured piece is reborn on this square.
    Reborn { piece: Piece, square: String },
    /// Beirut: a side chose its bomb carrier. `carrier` is the piece and its
    /// square in the chooser's own view only; everyone else gets `None`.
    CarrierChosen { by: Color, carrier: Option<(Piece, String)> },
    /// Beirut: a bomb went off on `square`, clearing these squares (the
    /// carrier's own not included) and taking these pieces (the carrier first).
    Detonated { by: Color, square: String, cleared: Vec<String>, vanished: Vec<Piece> },
    /// Beirut, at the end of the game: what became of one side's bomb.
    BombRevealed { owner: Color, fate: BombFate },
    /// Bermuda Chess Angle: the dice picked this square.
    Rolled { square: String },
    /// Bermuda Chess Angle: a piece vanished; `on_its_way_to` is set when it was
    /// the moving piece (it never arrived there).
    Vanished { piece: Piece, square: String, on_its_way_to: Option<String> },
    /// Bermuda Chess Angle: a capture was undone (its capturer vanished).
    CaptureUndone { piece: Piece, square: String },
    /// Bermuda Chess Angle: the move touched nothing of the Angle: no roll.
    NoRoll,
    /// Two-board Bermuda chess: a piece fell (or stepped down) from an upper
    /// square to its complementary lower one, becoming `became` there (a
    /// pawn on its last rank: a queen).
    Fell { piece: Piece, from: String, to: String, became: Option<Role> },
    /// Two-board Bermuda chess: a capturer rose from the lower board to the
    /// complementary upper square.
    Rose { piece: Piece, from: String, to: String, became: Option<Role> },
    /// Two-board Bermuda chess: a piece was removed from the game where
    /// another fell.
    Removed { piece: Piece, square: String },
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
}

/// What became of a Beirut bomb, told to everyone when the game ends.
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

/// `the white knight`.
fn the(piece: Piece) -> String {
    format!("the {} {}", piece.color.name().to_lowercase(), piece.role.name())
}

/// `, becoming a queen`, or nothing.
fn becoming(role: Option<Role>) -> String {
    role.map_or(String::new(), |r| format!(", becoming a {}", r.name()))
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

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Moved { by, san } => write!(f, "{by} plays {san}"),
            Event::Captured { piece, square } => write!(f, "{} on {square} is captured", the(*piece)),
            Event::Check => write!(f, "Check"),
            Event::Proposed { by, san } => write!(f, "{by} proposes {san}"),
            Event::Accepted { by, san } => write!(f, "{by} accepts {san}"),
            Event::Rejected { by, san } => write!(f, "{by} rejects {san}"),
            Event::Teleported { piece, to, .. } => write!(f, "the {} went through the portal to {to}", piece.role.name()),
            Event::Reborn { piece, square } => write!(f, "the {} is reborn on {square}", piece.role.name()),
            Event::CarrierChosen { by, carrier: None } => write!(f, "{by} has chosen its carrier"),
            Event::CarrierChosen { by, carrier: Some((piece, square)) } => {
                write!(f, "{by} arms the {} on {square} with the bomb", piece.role.name())
            }
            Event::Detonated { square, cleared, .. } if cleared.is_empty() => {
                write!(f, "bomb on {square}: nothing else cleared")
            }
            Event::Detonated { square, cleared, .. } => write!(f, "bomb on {square}: {} cleared", cleared.join(", ")),
            Event::BombRevealed { owner, fate } => write!(f, "{owner}'s bomb: {fate}"),
            Event::Rolled { square } => write!(f, "roll {square}"),
            Event::Vanished { piece, on_its_way_to: Some(to), .. } => {
                write!(f, "{} vanished on its way to {to}", the(*piece))
            }
            Event::Vanished { piece, .. } => write!(f, "{} vanished", the(*piece)),
            Event::CaptureUndone { piece, square } => write!(f, "{} is back on {square}", the(*piece)),
            Event::NoRoll => write!(f, "no roll: nothing touched the Angle"),
            Event::Fell { piece, from, to, became } => {
                write!(f, "{} falls from {from} to {to}{}", the(*piece), becoming(*became))
            }
            Event::Rose { piece, from, to, became } => {
                write!(f, "{} rises from {from} to {to}{}", the(*piece), becoming(*became))
            }
            Event::Removed { piece, square } => write!(f, "{} on {square} is removed from the game", the(*piece)),
            Event::Resigned { by } => write!(f, "{by} resigns"),
            Event::DrawOffered { by } => write!(f, "{by} offers a draw"),
            Event::DrawDeclined { by } => write!(f, "{by} declines the draw offer"),
            Event::DrawAgreed => write!(f, "Draw agreed"),
            Event::GameOver(outcome) => write!(f, "{outcome}"),
        }
    }
}

/// The events of one action as one line: `White plays Nxe5; the black knight
/// on e5 is captured; Check`. A roll reads `roll e5: the white king vanished`.
pub fn sentence(events: &[Event]) -> String {
    let mut out = String::new();
    for (i, event) in events.iter().enumerate() {
        if i > 0 {
            let after_roll = matches!(events[i - 1], Event::Rolled { .. });
            out.push_str(if after_roll { ": " } else { "; " });
        }
        out.push_str(&event.to_string());
        let roll_alone = matches!(event, Event::Rolled { .. })
            && !matches!(events.get(i + 1), Some(Event::Vanished { .. } | Event::CaptureUndone { .. }));
        if roll_alone {
            out.push_str(": nothing vanished");
        }
    }
    out
}
