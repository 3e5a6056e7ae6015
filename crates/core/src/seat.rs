//! Who acts and who looks: the seats of a game (the two players and chance)
//! and the viewers of it (the players, a spectator, the referee).

use crate::color::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who may act in a game: a player, or the dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    White,
    Black,
    Chance,
}

impl Seat {
    pub const fn player(color: Color) -> Seat {
        match color {
            Color::White => Seat::White,
            Color::Black => Seat::Black,
        }
    }

    /// The player's colour; `None` for chance.
    pub const fn color(self) -> Option<Color> {
        match self {
            Seat::White => Some(Color::White),
            Seat::Black => Some(Color::Black),
            Seat::Chance => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
            Seat::Chance => "chance",
        }
    }

    /// Reads `white`, `black` or `chance`.
    pub fn parse(text: &str) -> Option<Seat> {
        match text {
            "white" => Some(Seat::White),
            "black" => Some(Seat::Black),
            "chance" => Some(Seat::Chance),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who is looking at a game. A player sees their own secrets, a spectator
/// only what is public, the referee everything.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    White,
    Black,
    Spectator,
    Referee,
}

impl Viewer {
    pub const ALL: [Viewer; 4] = [Viewer::White, Viewer::Black, Viewer::Spectator, Viewer::Referee];

    pub const fn player(color: Color) -> Viewer {
        match color {
            Color::White => Viewer::White,
            Color::Black => Viewer::Black,
        }
    }

    /// The player's colour; `None` for a spectator and the referee.
    pub const fn color(self) -> Option<Color> {
        match self {
            Viewer::White => Some(Color::White),
            Viewer::Black => Some(Color::Black),
            Viewer::Spectator | Viewer::Referee => None,
        }
    }

    /// Whether this viewer may know what `owner` keeps secret: the owner
    /// and the referee.
    pub fn sees_secrets_of(self, owner: Color) -> bool {
        self == Viewer::Referee || self == Viewer::player(owner)
    }

    /// The viewer who sits at `seat` (chance has no view of its own: it is
    /// the referee's).
    pub const fn of_seat(seat: Seat) -> Viewer {
        match seat {
            Seat::White => Viewer::White,
            Seat::Black => Viewer::Black,
            Seat::Chance => Viewer::Referee,
        }
    }
}
