//! Why the referee refused a request about a game: one variant per
//! refusal, each with words that say what is wrong and how to put it
//! right. net/ turns it into the wire's `ErrorReply` (code, words, HTTP status).

use crate::game::takeback::TakebackError;
use chesslantis_core::ActionError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game model refused the action: its code, words and choices kept.
    Refused(ActionError),
    /// An option the variant does not have, or a value it cannot take.
    BadOption(String),
    /// A replay asked for a ply the game does not have.
    BadPly(String),
    /// A start position the game cannot begin from.
    BadSetup(String),
    /// The server runs as many games against the engine as it allows.
    EngineBusy(String),
    /// The game is over (or ended before this arrived).
    GameOver(String),
    /// Something that should not happen did; the words say what.
    Internal(String),
    /// Only a player of the game may do this.
    NotAPlayer(String),
    /// Both players have moved: too late to abort.
    NotAbortable(String),
    /// No such game.
    NotFound(String),
    /// The game still waits for an opponent.
    NotStarted(String),
    /// The creator tried to take their own game.
    OwnSeek(String),
    /// A rated game is for signed-in users only.
    RatedNeedsAccount(String),
    /// The open seat is kept for someone else (a rematch).
    Reserved(String),
    /// The game changed before this arrived; look at the new state and act again.
    Stale(String),
    /// The database could not be read or written.
    Storage(String),
    /// Someone else was first.
    Taken(String),
    /// A takeback refused (game/takeback.rs): its own code and words.
    Takeback(TakebackError),
    /// The player has as many games against the engine as one may.
    TooManyEngineGames(String),
}

impl GameError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Refused(e) => e.code.as_str(),
            GameError::BadOption(_) => "bad_option",
            GameError::BadPly(_) => "bad_ply",
            GameError::BadSetup(_) => "bad_setup",
            GameError::EngineBusy(_) => "engine_busy",
            GameError::GameOver(_) => "game_over",
            GameError::Internal(_) => "internal",
            GameError::NotAPlayer(_) => "not_a_player",
            GameError::NotAbortable(_) => "not_abortable",
            GameError::NotFound(_) => "not_found",
            GameError::NotStarted(_) => "not_started",
            GameError::OwnSeek(_) => "own_seek",
            GameError::RatedNeedsAccount(_) => "rated_needs_account",
            GameError::Reserved(_) => "reserved",
            GameError::Stale(_) => "stale",
            GameError::Storage(_) => "storage",
            GameError::Taken(_) => "taken",
            GameError::Takeback(e) => e.code(),
            GameError::TooManyEngineGames(_) => "too_many_engine_games",
        }
    }
}

/// The words say what is wrong and how to put it right.
impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Refused(e) => f.write_str(&e.message),
            GameError::Takeback(e) => e.fmt(f),
            GameError::BadOption(words) | GameError::BadPly(words) | GameError::BadSetup(words) | GameError::EngineBusy(words) | GameError::GameOver(words) | GameError::Internal(words) | GameError::NotAPlayer(words) | GameError::NotAbortable(words) | GameError::NotFound(words) | GameError::NotStarted(words) | GameError::OwnSeek(words) | GameError::RatedNeedsAccount(words) | GameError::Reserved(words) | GameError::Stale(words) | GameError::Storage(words) | GameError::Taken(words) | GameError::TooManyEngineGames(words) => f.write_str(words),
        }
    }
}
