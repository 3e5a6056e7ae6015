//! Why a club event refused a request. net/ turns it into the wire's `ErrorReply`.

use chesslantis_tournament::TournamentError;
use std::fmt;

#[derive(Debug)]
pub enum ClubError {
    /// No event has this id.
    NotFound(String),
    /// Only the event's organiser may do this.
    NotOrganiser(String),
    /// The request itself is malformed (a name too long, no rounds).
    Invalid(String),
    /// The tournament refused the change (a round still without results,
    /// a result already entered, an unknown player).
    Tournament(TournamentError),
    /// The event changed since the request's view of it (another organiser's
    /// tab, another process): nothing was done.
    Stale(String),
    /// The organiser made as many events as one may for now.
    TooMany(String),
    /// The database could not be read or written.
    Storage(String),
}

impl ClubError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            ClubError::NotFound(_) => "not_found",
            ClubError::NotOrganiser(_) => "not_organiser",
            ClubError::Invalid(_) => "malformed",
            ClubError::Tournament(e) => match e {
                TournamentError::UnknownPlayer(_) => "unknown_player",
                TournamentError::NoSuchGame { .. } | TournamentError::NoSuchRound(_) => "not_found",
                TournamentError::ResultAlreadyEntered { .. } => "result_entered",
                TournamentError::RoundIncomplete { .. } => "round_incomplete",
                TournamentError::AllRoundsPaired(_) => "all_rounds_paired",
                TournamentError::UnknownVariant { .. } => "bad_variant",
                TournamentError::BadResult(_) => "bad_result",
                TournamentError::GroupMatch(_) => "group_match",
                _ => "refused",
            },
            ClubError::Stale(_) => "stale",
            ClubError::TooMany(_) => "too_many_events",
            ClubError::Storage(_) => "storage",
        }
    }
}

/// The words say what is wrong and how to put it right.
impl fmt::Display for ClubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClubError::Tournament(e) => fmt::Display::fmt(e, f),
            ClubError::NotFound(words)
            | ClubError::NotOrganiser(words)
            | ClubError::Invalid(words)
            | ClubError::Stale(words)
            | ClubError::TooMany(words)
            | ClubError::Storage(words) => f.write_str(words),
        }
    }
}

impl From<TournamentError> for ClubError {
    fn from(e: TournamentError) -> Self {
        ClubError::Tournament(e)
    }
}

impl From<crate::db::StoreError> for ClubError {
    fn from(e: crate::db::StoreError) -> Self {
        ClubError::Storage(e.to_string())
    }
}
