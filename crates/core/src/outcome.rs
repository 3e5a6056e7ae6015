//! How a game ends: who won and why, or why it is drawn. Its own file, so
//! that variants (which judge outcomes) and the game model (which uses the
//! variants) do not import each other.

use crate::color::Color;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    Checkmate,
    KingCaptured,
    /// A king vanished (Bermuda Chess Angle).
    KingVanished,
    /// A bomb took the king (Beirut).
    Detonation,
    Resignation,
    /// The loser has no king left on any board (two-board Bermuda chess).
    NoKingLeft,
    /// Three impossible orders (Through the Looking-Glass).
    Strikes,
    Timeout,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    Agreement,
    /// Both kings gone after one move and its roll (Bermuda Chess Angle).
    BothKingsGone,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::White, .. } => "1-0",
            Outcome::Win { winner: Color::Black, .. } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

/// In words: `White wins by checkmate`, `Black wins: the white king
/// vanished`, `Draw by threefold repetition`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = (!winner).name().to_lowercase();
                match reason {
                    WinReason::Checkmate => write!(f, "{winner} wins by checkmate"),
                    WinReason::KingCaptured => write!(f, "{winner} wins: the {loser} king was captured"),
                    WinReason::KingVanished => write!(f, "{winner} wins: the {loser} king vanished"),
                    WinReason::Detonation => write!(f, "{winner} wins: the bomb took the {loser} king"),
                    WinReason::Resignation => write!(f, "{winner} wins: {} resigned", !winner),
                    WinReason::NoKingLeft => write!(f, "{winner} wins: {} has no king left on either board", !winner),
                    WinReason::Strikes => write!(f, "{winner} wins: {} gave three impossible orders", !winner),
                    WinReason::Timeout => write!(f, "{winner} wins on time"),
                }
            }
            Outcome::Draw(reason) => match reason {
                DrawReason::Stalemate => write!(f, "Draw by stalemate"),
                DrawReason::Repetition => write!(f, "Draw by threefold repetition"),
                DrawReason::FiftyMoves => write!(f, "Draw by the 50-move rule"),
                DrawReason::InsufficientMaterial => write!(f, "Draw: dead position (insufficient material)"),
                DrawReason::Agreement => write!(f, "Draw by agreement"),
                DrawReason::BothKingsGone => write!(f, "Draw: both kings are gone"),
            },
        }
    }
}
