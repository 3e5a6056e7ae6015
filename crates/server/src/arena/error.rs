//! Why an arena refused a request. net/ turns it into the wire's reply.

use std::fmt;

#[derive(Debug)]
pub enum ArenaError {
    /// No arena has this id.
    NotFound(String),
    /// The request itself is malformed (a clock lichess does not offer, a
    /// name too long, an unknown variant).
    Invalid(String),
    /// A private arena, and no code or the wrong one.
    WrongEntryCode(String),
    /// The arena does not allow this now (it is over, it is full).
    Closed(String),
    /// The user made as many arenas as one may for now.
    TooMany(String),
    /// The arena changed again and again while the change was made.
    Stale(String),
    /// The database could not be read or written, or a game not made.
    Storage(String),
}

impl ArenaError {
    /// The stable code a client is told (net/ gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            ArenaError::NotFound(_) => "not_found",
            ArenaError::Invalid(_) => "malformed",
            ArenaError::WrongEntryCode(_) => "wrong_entry_code",
            ArenaError::Closed(_) => "arena_closed",
            ArenaError::TooMany(_) => "too_many_arenas",
            ArenaError::Stale(_) => "stale",
            ArenaError::Storage(_) => "storage",
        }
    }
}

/// The words say what is wrong and how to put it right.
impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::NotFound(words)
            | ArenaError::Invalid(words)
            | ArenaError::WrongEntryCode(words)
            | ArenaError::Closed(words)
            | ArenaError::TooMany(words)
            | ArenaError::Stale(words)
            | ArenaError::Storage(words) => f.write_str(words),
        }
    }
}

impl From<crate::db::StoreError> for ArenaError {
    fn from(e: crate::db::StoreError) -> Self {
        ArenaError::Storage(e.to_string())
    }
}
