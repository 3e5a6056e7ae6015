//! Why a chat line was refused: each refusal says what is wrong and how to
//! put it right. net/reply.rs turns it into the wire's `ErrorReply`.

use crate::chat::line::{BURST, MAX_CHARS};
use std::fmt;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatError {
    /// Nothing left once trimmed.
    Empty,
    /// More characters than a line may have (this many).
    TooLong { chars: usize },
    /// The writer's budget is spent: it may write again after `wait` (a line comes back each `every`).
    TooFast { wait: Duration, every: Duration },
    /// This viewer may not write here; the words say why and what would let it.
    NotAllowed(String),
    /// The database could not store or read the lines.
    Storage(String),
}

impl ChatError {
    /// The stable code a client is told (net/reply.rs gives each its HTTP status).
    pub fn code(&self) -> &'static str {
        match self {
            ChatError::Empty => "chat_empty",
            ChatError::TooLong { .. } => "chat_too_long",
            ChatError::TooFast { .. } => "chat_too_fast",
            ChatError::NotAllowed(_) => "chat_not_allowed",
            ChatError::Storage(_) => "storage",
        }
    }

    /// How long to wait before writing again, for a refusal that has one.
    pub fn wait(&self) -> Option<Duration> {
        match self {
            ChatError::TooFast { wait, .. } => Some(*wait),
            _ => None,
        }
    }
}

/// The words say what is wrong and how to put it right.
impl fmt::Display for ChatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChatError::Empty => f.write_str("a chat line needs some text (it is empty once spaces are trimmed); type something, then send it"),
            ChatError::TooLong { chars } => write!(
                f,
                "a chat line may have at most {MAX_CHARS} characters; this one has {chars}: shorten it by {} or send it in two lines",
                chars - MAX_CHARS
            ),
            ChatError::TooFast { wait, every } => write!(
                f,
                "you are writing too fast (at most {BURST} lines at once, then one every {} s); try again in {:.1} s",
                every.as_secs_f64(),
                wait.as_secs_f64().max(0.1)
            ),
            ChatError::NotAllowed(words) => f.write_str(words),
            ChatError::Storage(e) => write!(f, "the server could not store or read the chat ({e}); nothing was sent, try again"),
        }
    }
}
