//! Why an account's details were refused: a name, a password or a grade
//! that is not allowed, or a failure to hash. net/ turns it into the
//! wire's `ErrorReply`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountError {
    /// An ECF grade out of range.
    BadGrade(String),
    /// A user name that is not allowed.
    BadName(String),
    /// A password too short or too long.
    BadPassword(String),
    /// Something that should not happen did; the words say what.
    Internal(String),
}

impl AccountError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            AccountError::BadGrade(_) => "bad_grade",
            AccountError::BadName(_) => "bad_name",
            AccountError::BadPassword(_) => "bad_password",
            AccountError::Internal(_) => "internal",
        }
    }
}

/// The words say what is wrong and how to put it right.
impl fmt::Display for AccountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountError::BadGrade(words) | AccountError::BadName(words) | AccountError::BadPassword(words) | AccountError::Internal(words) => f.write_str(words),
        }
    }
}
