//! A chat line and its rooms: who reads and who writes each room, and what
//! text a line may carry. Plain text only: the server stores and sends the
//! text as written, and a page inserts it as text, never as HTML.

use crate::chat::error::ChatError;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;

/// The most characters a line may have, after trimming (lichess's limit).
pub const MAX_CHARS: usize = 140;
/// The lines a room keeps, in memory and in the database: enough for a
/// game's talk (a page shows the last dozen or so), and it bounds what a
/// game may hold: two rooms of 100 lines of at most 140 characters.
pub const LINES_KEPT: usize = 100;
/// A writer may send this many lines at once in one game...
pub const BURST: u32 = 5;
/// ...then one more each this long: a greeting and a few quick words pass,
/// a flood does not (a token bucket per writer and game).
pub const REFILL_EVERY: Duration = Duration::from_secs(1);

/// A game's two chat rooms, named as lichess names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatRoom {
    /// The two players.
    Player,
    /// Everyone who watches.
    Spectator,
}

impl ChatRoom {
    pub const ALL: [ChatRoom; 2] = [ChatRoom::Player, ChatRoom::Spectator];

    pub fn as_str(self) -> &'static str {
        match self {
            ChatRoom::Player => "player",
            ChatRoom::Spectator => "spectator",
        }
    }

    pub fn parse(text: &str) -> Option<ChatRoom> {
        ChatRoom::ALL.into_iter().find(|r| r.as_str() == text)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// One line as every reader of its room gets it: no player id, only the
/// writer's public name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChatLine {
    /// The line's number in its room, from 1: a page that holds line `n` has every line before it that is still kept.
    pub n: u64,
    /// The writer's public name: the account's name, `guest-` and six characters for a guest.
    pub by: String,
    /// Plain text, trimmed, at most 140 characters: show it as text, never as HTML.
    pub text: String,
    /// When the server took it (Unix ms).
    pub at_ms: i64,
}

/// A room's lines, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChatLog {
    pub room: ChatRoom,
    pub lines: Vec<ChatLine>,
}

/// The chat as one viewer may see it now: the rooms it reads, and the room
/// it writes in (`null`: it only reads).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ChatRooms {
    pub write: Option<ChatRoom>,
    pub rooms: Vec<ChatLog>,
}

/// Who looks at a game's chat: a player or not, a signed-in user or not,
/// and whether the game is over.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reader {
    pub player: bool,
    pub user: bool,
    pub over: bool,
}

impl Reader {
    /// The player room is the players' alone, always; the spectator room
    /// is everyone else's, and the players' too once the game is over.
    pub fn reads(self, room: ChatRoom) -> bool {
        match room {
            ChatRoom::Player => self.player,
            ChatRoom::Spectator => !self.player || self.over,
        }
    }

    /// Where this reader writes: a player in the player room, a signed-in
    /// user who watches in the spectator room; a guest who watches nowhere.
    pub fn writes(self) -> Result<ChatRoom, ChatError> {
        match self {
            Reader { player: true, .. } => Ok(ChatRoom::Player),
            Reader { user: true, .. } => Ok(ChatRoom::Spectator),
            _ => Err(ChatError::NotAllowed(
                "only signed-in users write in a game's spectator room (guests read it); sign up or log in in the lobby, then write".into(),
            )),
        }
    }
}

/// A line's text as it is kept: control characters (line breaks, tabs)
/// become spaces, then spaces at either end go; empty or too long is refused.
pub fn clean(text: &str) -> Result<String, ChatError> {
    let spaced: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let trimmed = spaced.trim();
    let chars = trimmed.chars().count();
    if chars == 0 {
        return Err(ChatError::Empty);
    }
    if chars > MAX_CHARS {
        return Err(ChatError::TooLong { chars });
    }
    Ok(trimmed.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_its_breaks_become_spaces_and_it_is_counted_in_characters() {
        assert_eq!(clean("  gg wp \n"), Ok("gg wp".to_string()));
        assert_eq!(clean("a\nb\tc"), Ok("a b c".to_string()));
        assert_eq!(clean("<b>hi</b>"), Ok("<b>hi</b>".to_string()), "kept as written: it is text, not HTML");
        assert_eq!(clean(" \n\t "), Err(ChatError::Empty));
        assert_eq!(clean(&"é".repeat(MAX_CHARS)).map(|t| t.chars().count()), Ok(MAX_CHARS), "characters, not bytes");
        assert_eq!(clean(&"x".repeat(MAX_CHARS + 3)), Err(ChatError::TooLong { chars: MAX_CHARS + 3 }));
    }

    #[test]
    fn players_never_read_the_spectator_room_while_the_game_runs_and_nobody_else_reads_theirs() {
        let player = Reader { player: true, user: false, over: false };
        let watcher = Reader { player: false, user: true, over: false };
        assert!(player.reads(ChatRoom::Player) && !player.reads(ChatRoom::Spectator));
        assert!(Reader { over: true, ..player }.reads(ChatRoom::Spectator));
        for over in [false, true] {
            assert!(!Reader { over, ..watcher }.reads(ChatRoom::Player));
            assert!(Reader { over, ..watcher }.reads(ChatRoom::Spectator));
        }
        assert_eq!(player.writes(), Ok(ChatRoom::Player));
        assert_eq!(watcher.writes(), Ok(ChatRoom::Spectator));
        assert_eq!(Reader { user: false, ..watcher }.writes().unwrap_err().code(), "chat_not_allowed");
    }
}
