//! What happened to each player in each round: the input of pairing,
//! standings and TRF.

use serde::{Deserialize, Serialize};

/// A player's index: start number minus one.
pub type PlayerId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// One player's round, in TRF terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundRecord {
    /// A game over the board (`1`, `=`, `0`).
    Played { opponent: PlayerId, colour: Colour, outcome: Outcome },
    /// Paired but not played (`+` won by forfeit, `-` lost by forfeit).
    Forfeit { opponent: PlayerId, colour: Colour, won: bool },
    /// The pairing-allocated bye (`U`).
    PairingBye,
    /// A bye requested in advance: half point (`H`), full point (`F`) or zero (`Z`).
    HalfBye,
    FullBye,
    ZeroBye,
    /// Not paired, no points (`-`, a withdrawal or a late entry's early rounds).
    Absent,
    /// Paired, result not yet known (only in an event's current round).
    Pending { opponent: PlayerId, colour: Colour },
}

impl RoundRecord {
    /// A game was really played (counts for colours and repeat pairings).
    pub fn was_played(&self) -> bool {
        matches!(self, RoundRecord::Played { .. } | RoundRecord::Pending { .. })
    }

    /// The opponent the player was paired with, if any (forfeits included).
    pub fn opponent(&self) -> Option<PlayerId> {
        match *self {
            RoundRecord::Played { opponent, .. }
            | RoundRecord::Forfeit { opponent, .. }
            | RoundRecord::Pending { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    pub fn colour(&self) -> Option<Colour> {
        match *self {
            RoundRecord::Played { colour, .. }
            | RoundRecord::Forfeit { colour, .. }
            | RoundRecord::Pending { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// Points gained in this round, in tenths.
    pub fn points(&self, scoring: &Scoring) -> u32 {
        match *self {
            RoundRecord::Played { outcome: Outcome::Win, .. } => scoring.win,
            RoundRecord::Played { outcome: Outcome::Draw, .. } => scoring.draw,
            RoundRecord::Played { outcome: Outcome::Loss, .. } => scoring.loss,
            RoundRecord::Forfeit { won: true, .. } => scoring.win,
            RoundRecord::Forfeit { won: false, .. } => 0,
            RoundRecord::PairingBye => scoring.pairing_bye,
            RoundRecord::HalfBye => scoring.draw,
            RoundRecord::FullBye => scoring.win,
            RoundRecord::ZeroBye | RoundRecord::Absent | RoundRecord::Pending { .. } => 0,
        }
    }
}

/// Points in tenths, as TRF and bbpPairings keep them (1.0 = 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
    /// The pairing-allocated bye: a win by default (FIDE C.04.1.c), configurable.
    pub pairing_bye: u32,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring { win: 10, draw: 5, loss: 0, pairing_bye: 10 }
    }
}

/// Formats tenths of a point as `2.5`.
pub fn format_points(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}
