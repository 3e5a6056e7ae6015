//! Why an analysis was refused. net/ turns it into the wire's `ErrorReply`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// No such game.
    NotFound(String),
    /// The game is still being played (or waits for an opponent).
    NotOver(String),
    /// Only a signed-in user asks for an analysis.
    NotSignedIn(String),
    /// The user has as many analyses waiting as one may.
    TooMany(String),
    /// The database could not be read or written.
    Storage(String),
    /// A stored analysis that does not read back.
    Internal(String),
}

impl AnalysisError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            AnalysisError::NotFound(_) => "not_found",
            AnalysisError::NotOver(_) => "not_over",
            AnalysisError::NotSignedIn(_) => "not_signed_in",
            AnalysisError::TooMany(_) => "too_many_analyses",
            AnalysisError::Storage(_) => "storage",
            AnalysisError::Internal(_) => "internal",
        }
    }
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::NotFound(w)
            | AnalysisError::NotOver(w)
            | AnalysisError::NotSignedIn(w)
            | AnalysisError::TooMany(w)
            | AnalysisError::Storage(w)
            | AnalysisError::Internal(w) => f.write_str(w),
        }
    }
}

impl std::error::Error for AnalysisError {}

impl From<crate::db::StoreError> for AnalysisError {
    fn from(e: crate::db::StoreError) -> Self {
        AnalysisError::Storage(e.to_string())
    }
}
