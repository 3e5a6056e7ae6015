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
    /// Looking-Glass: a side set up its army in secret; `start` (the back
    /// rank, `RNBQKBNR`) only in its own view.
    ArmySetUp { by: Color, start: Option<String> },
    /// Looking-Glass: the opponent moved in its own world, which this viewer
    /// cannot see.
    MovedUnseen { by: Color, world: String },
    /// Looking-Glass: an order into the world its giver cannot see: the
    /// piece on `from`, ordered to `to`, stopped on `stopped` (`to` when
    /// carried out in full), taking `took`.
    OrderCarried { by: Color, piece: Piece, from: String, to: String, stopped: String, took: Option<Piece> },
    /// Looking-Glass: an impossible order, Strike `count` of three.
    Strike { by: Color, order: String, count: u8 },
    /// Looking-Glass under the forfeit rule: an impossible order forfeits the
    /// turn; the opponent chooses a move for `by` (when it has one to choose
    /// in the opponent's world; else `by` tries again).
    Forfeited { by: Color, order: String, chosen_by_opponent: bool },
    /// Looking-Glass: a piece passed through the portal into the other world.
    PassedThrough { piece: Piece, from: String, to: String },
    /// Looking-Glass: a piece stayed where it landed (the square beyond the
    /// portal is occupied); told to its owner only.
    Stayed { piece: Piece, square: String },
    /// Looking-Glass: what a piece arriving in a world attacks there (enemy
    /// pieces only), and for a pawn what stands in front of it.
    Disclosed { piece: Piece, square: String, attacks: Vec<Seen>, front: Option<Front> },
    /// Looking-Glass: the answer to `by`'s question "have I any legal move in
    /// the other world (`world`)?".
    Answered { by: Color, world: String, yes: bool },
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

/// A piece on a square, as a disclosure names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    pub piece: Piece,
    pub square: String,
}

/// The square in front of a Looking-Glass pawn that arrived, and what stands there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Front {
    pub square: String,
    pub piece: Option<Piece>,
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

/// `a black knight`.
fn a(piece: Piece) -> String {
    format!("a {} {}", piece.color.name().to_lowercase(), piece.role.name())
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
            Event::ArmySetUp { by, start: None } => write!(f, "{by} has set up its army"),
            Event::ArmySetUp { by, start: Some(start) } => write!(f, "{by} sets up its army: {start}"),
            Event::MovedUnseen { by, world } => write!(f, "{by} moves in the {world} world"),
            Event::OrderCarried { piece, from, to, stopped, took, .. } => {
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
            Event::Strike { by, order, count } => write!(f, "Strike {count} of 3 for {by}: {order} is impossible"),
            Event::Forfeited { by, order, chosen_by_opponent: true } => {
                write!(f, "{order} is impossible: {by} forfeits the turn and {} chooses {by}'s move", !*by)
            }
            Event::Forfeited { by, order, chosen_by_opponent: false } => {
                write!(f, "{order} is impossible; {} has no move to choose for {by}, so {by} tries again", !*by)
            }
            Event::PassedThrough { piece, from, to } => write!(f, "{} on {from} passed through to {to}", the(*piece)),
            Event::Stayed { piece, square } => {
                write!(f, "{} stayed on {square}: the square beyond the portal is occupied", the(*piece))
            }
            Event::Disclosed { piece, square, attacks, front } => {
                let attacked: Vec<String> = attacks.iter().map(|s| format!("{} on {}", a(s.piece), s.square)).collect();
                let attacked = if attacked.is_empty() { "nothing".to_string() } else { attacked.join(", ") };
                write!(f, "{} arriving on {square} attacks {attacked}", the(*piece))?;
                match front {
                    Some(Front { square, piece: Some(p) }) => write!(f, "; in front of it on {square}: {}", a(*p)),
                    Some(Front { square, piece: None }) => write!(f, "; {square} in front of it is empty"),
                    None => Ok(()),
                }
            }
            Event::Answered { by, world, yes: true } => write!(f, "Yes: {by} has a legal move in the {world} world"),
            Event::Answered { by, world, yes: false } => write!(f, "No: {by} has no legal move in the {world} world"),
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
