//! Why a new game, a rematch or the lobby refused a request: its own
//! refusals, or the game's. net/ turns it into the wire's `ErrorReply`.

use crate::game::error::GameError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError {
    /// The game refused (its options, its start, the engine's limits, an accept).
    Game(GameError),
    /// A time or increment out of range.
    BadClock(String),
    /// An opponent that cannot be had (an engine level, a rated or open game against it).
    BadOpponent(String),
    /// Something that should not happen did; the words say what.
    Internal(String),
    /// Nobody took the other seat of the game to rematch.
    NoOpponent(String),
    /// Only a player of the game may do this.
    NotAPlayer(String),
    /// The game is not over yet.
    NotOver(String),
    /// A rated game is for signed-in users only.
    RatedNeedsAccount(String),
    /// The database could not be read or written.
    Storage(String),
    /// Someone else was first.
    Taken(String),
    /// The player has as many games waiting for an opponent as one may.
    TooManyWaiting(String),
}

impl LobbyError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            LobbyError::Game(e) => e.code(),
            LobbyError::BadClock(_) => "bad_clock",
            LobbyError::BadOpponent(_) => "bad_opponent",
            LobbyError::Internal(_) => "internal",
            LobbyError::NoOpponent(_) => "no_opponent",
            LobbyError::NotAPlayer(_) => "not_a_player",
            LobbyError::NotOver(_) => "not_over",
            LobbyError::RatedNeedsAccount(_) => "rated_needs_account",
            LobbyError::Storage(_) => "storage",
            LobbyError::Taken(_) => "taken",
            LobbyError::TooManyWaiting(_) => "too_many_waiting",
        }
    }
}

/// The words say what is wrong and how to put it right.
impl fmt::Display for LobbyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LobbyError::Game(e) => fmt::Display::fmt(e, f),
            LobbyError::BadClock(words) | LobbyError::BadOpponent(words) | LobbyError::Internal(words) | LobbyError::NoOpponent(words) | LobbyError::NotAPlayer(words) | LobbyError::NotOver(words) | LobbyError::RatedNeedsAccount(words) | LobbyError::Storage(words) | LobbyError::Taken(words) | LobbyError::TooManyWaiting(words) => f.write_str(words),
        }
    }
}

impl From<GameError> for LobbyError {
    fn from(e: GameError) -> Self {
        LobbyError::Game(e)
    }
}
