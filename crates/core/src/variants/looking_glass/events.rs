//! What only Through the Looking-Glass tells: the secret setup, moves in
//! the unseen world, orders and their results, Strikes and forfeits,
//! passages through the portal, disclosures, and answers to the question.

use super::marker::LookingGlass;
use crate::color::Color;
use crate::event::{a, the};
use crate::payload::Payload;
use crate::role::Piece;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// In JSON: `{"kind": "strike", "by": "white", "order": "e2e5", "count": 1}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GlassEvent {
    /// A side set up its army in secret; `start` (the back rank,
    /// `RNBQKBNR`) only in its own view.
    ArmySetUp { by: Color, start: Option<String> },
    /// The opponent moved in its own world, which this viewer cannot see.
    MovedUnseen { by: Color, world: String },
    /// An order into the world its giver cannot see: the piece on `from`,
    /// ordered to `to`, stopped on `stopped` (`to` when carried out in
    /// full), taking `took`.
    OrderCarried { by: Color, piece: Piece, from: String, to: String, stopped: String, took: Option<Piece> },
    /// An impossible order, Strike `count` of three.
    Strike { by: Color, order: String, count: u8 },
    /// Under the forfeit rule: an impossible order forfeits the turn; the
    /// opponent chooses a move for `by` (when it has one to choose in the
    /// opponent's world; else `by` tries again).
    Forfeited { by: Color, order: String, chosen_by_opponent: bool },
    /// A piece passed through the portal into the other world.
    PassedThrough { piece: Piece, from: String, to: String },
    /// A piece stayed where it landed (the square beyond the portal is
    /// occupied); told to its owner only.
    Stayed { piece: Piece, square: String },
    /// What a piece arriving in a world attacks there (enemy pieces only),
    /// and for a pawn what stands in front of it.
    Disclosed { piece: Piece, square: String, attacks: Vec<Seen>, front: Option<Front> },
    /// The answer to `by`'s question "have I any legal move in the other
    /// world (`world`)?".
    Answered { by: Color, world: String, yes: bool },
}

/// A piece on a square, as a disclosure names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    pub piece: Piece,
    pub square: String,
}

/// The square in front of a pawn that arrived, and what stands there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Front {
    pub square: String,
    pub piece: Option<Piece>,
}

impl Payload for GlassEvent {
    const VARIANT: &'static str = LookingGlass::ID;
}

impl fmt::Display for GlassEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GlassEvent::ArmySetUp { by, start: None } => write!(f, "{by} has set up its army"),
            GlassEvent::ArmySetUp { by, start: Some(start) } => write!(f, "{by} sets up its army: {start}"),
            GlassEvent::MovedUnseen { by, world } => write!(f, "{by} moves in the {world} world"),
            GlassEvent::OrderCarried { piece, from, to, stopped, took, .. } => {
                let reach = if stopped == to {
                    format!("{} went from {from} to {to}", the(*piece))
                } else if took.is_some() {
                    format!("{}, ordered from {from} to {to}, stopped on {stopped}", the(*piece))
                } else {
                    format!("{}, ordered from {from} to {to}, stopped short on {stopped}", the(*piece))
                };
                match took {
                    Some(t) => write!(f, "{reach} and took {}", a(*t)),
                    None => write!(f, "{reach}"),
                }
            }
            GlassEvent::Strike { by, order, count } => write!(f, "Strike {count} of 3 for {by}: {order} is impossible"),
            GlassEvent::Forfeited { by, order, chosen_by_opponent: true } => {
                write!(f, "{order} is impossible: {by} forfeits the turn and {} chooses {by}'s move", !*by)
            }
            GlassEvent::Forfeited { by, order, chosen_by_opponent: false } => {
                write!(f, "{order} is impossible; {} has no move to choose for {by}, so {by} tries again", !*by)
            }
            GlassEvent::PassedThrough { piece, from, to } => write!(f, "{} on {from} passed through to {to}", the(*piece)),
            GlassEvent::Stayed { piece, square } => {
                write!(f, "{} stayed on {square}: the square beyond the portal is occupied", the(*piece))
            }
            GlassEvent::Disclosed { piece, square, attacks, front } => {
                let attacked: Vec<String> = attacks.iter().map(|s| format!("{} on {}", a(s.piece), s.square)).collect();
                let attacked = if attacked.is_empty() { "nothing".to_string() } else { attacked.join(", ") };
                write!(f, "{} arriving on {square} attacks {attacked}", the(*piece))?;
                match front {
                    Some(Front { square, piece: Some(p) }) => write!(f, "; in front of it on {square}: {}", a(*p)),
                    Some(Front { square, piece: None }) => write!(f, "; {square} in front of it is empty"),
                    None => Ok(()),
                }
            }
            GlassEvent::Answered { by, world, yes: true } => write!(f, "Yes: {by} has a legal move in the {world} world"),
            GlassEvent::Answered { by, world, yes: false } => write!(f, "No: {by} has no legal move in the {world} world"),
        }
    }
}
