//! Chat beside a game, as lichess has it: two rooms a game, `player` (the
//! two players) and `spectator` (everyone else), plain text lines stored
//! with the game, a per-writer rate limit, the last lines kept.
//!
//! - [`line`]: the rooms, a line, who reads and writes which room, a line's text checked.
//! - [`channel`]: one game's chat in memory: its lines, its writers' budgets, its live lines.
//! - [`error`]: `ChatError`, each refusal with what to do about it.
//!
//! Who reads and writes (docs/protocol.md, "Chat"): the players write and
//! read the player room, which nobody else ever reads. Everyone else reads
//! the spectator room, and a signed-in user among them writes there (a
//! guest reads it only, as on lichess: spectator chat is where strangers
//! meet, so it asks for an account, whose sign-ups are rate limited). The
//! players do not see the spectator room while the game runs (no advice
//! reaches them); once it is over they read it too, as on lichess. The
//! engine's seat has no connection and never writes.

pub mod channel;
pub mod error;
pub mod line;

pub use channel::GameChat;
pub use error::ChatError;
pub use line::{ChatLine, ChatLog, ChatRoom, ChatRooms, Reader};
